// The playground's figures, for the book (docs/src/playground.md): the
// size of the .wasm and of the whole site, raw, gzip and brotli (as a
// static host would serve them); the time from opening the page to its
// first board; random playouts per second in the page's worker; and a
// screenshot of the page into docs/. Usage: node web/figures.mjs SITE [RULES] [GAMES]
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { serve, launch } from "./test/harness.mjs";

const [site, rules = "rules/oware.rules", games = "20000"] = process.argv.slice(2);
if (!site) { console.error("usage: node web/figures.mjs SITE [RULES] [GAMES]"); process.exit(2); }
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

function sizes(files) {
  let raw = 0, gz = 0, br = 0;
  for (const f of files) {
    const b = fs.readFileSync(f);
    raw += b.length;
    gz += zlib.gzipSync(b, { level: 9 }).length;
    br += zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  const kb = (n) => `${(n / 1024).toFixed(0)} KiB`;
  return `${kb(raw)} raw, ${kb(gz)} gzip, ${kb(br)} brotli`;
}
const all = (dir) => fs.readdirSync(dir, { withFileTypes: true })
  .flatMap((e) => (e.isDirectory() ? all(path.join(dir, e.name)) : [path.join(dir, e.name)]));
const first = all(site).filter((f) => !f.includes(`${path.sep}data${path.sep}`) || f.endsWith("rules.json")
  || f.endsWith("oware.rules"));
console.log(`wasm:                ${sizes([path.join(site, "sowspec_web_bg.wasm")])}`);
console.log(`first load:          ${sizes(first)} (page, scripts, wasm, the list and Oware)`);
console.log(`whole site:          ${sizes(all(site))} (${all(site).length} files, every bundled rules file and fixture)`);

const server = await serve(site);
const browser = await launch();
const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
const t = Date.now();
await page.goto(server.url);
await page.waitForSelector("body[data-ready=true][data-ply]");
console.log(`first interaction:   ${Date.now() - t} ms (opened to the first board drawn, local server)`);
await page.selectOption("#files", rules);
await page.waitForFunction((r) => window.playground.source().length > 0 && document.body.dataset.problems === "0", rules);
await page.fill("#bench-games", games);
await page.click("#run-bench");
await page.waitForSelector("body[data-moves-per-second]");
console.log(`in the page (${rules}): ${await page.textContent("#bench-result")}`);

// The screenshot: Oware against greedy, a few moves in, a trace step lit in the editor.
await page.selectOption("#files", "rules/oware.rules");
await page.waitForFunction(() => document.body.dataset.problems === "0" && document.querySelector("#moves").textContent === "none yet");
for (const hole of ["c", "e"]) {
  const ply = Number(await page.$eval("body", (b) => b.dataset.ply));
  await page.click(`#playboard circle[data-cell='S.${hole}']`);
  await page.waitForFunction((p) => Number(document.body.dataset.ply) > p, ply);
}
await page.click("#next"); // the lift, and the `lift` line it cites
await page.fill("#games", "2000");
await page.click("#run-stats");
await page.waitForSelector("#chart svg");
await page.screenshot({ path: path.join(root, "docs/src/images/playground-web.png"), fullPage: true });
console.log("screenshot:          docs/src/images/playground-web.png");
await browser.close();
server.close();
