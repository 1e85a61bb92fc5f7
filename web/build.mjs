// Lays out the static site from the WebAssembly build (wasm-bindgen's
// output in PKG): bundles the page and its worker with esbuild, copies
// the trace page's board and trace scripts and style (src/webtrace) and the
// playground's bar, board and game script (src/playground), shared with
// `sowspec serve`, and the bundled rules files and
// their small fixtures. Usage: node web/build.mjs PKG SITE
import { build } from "esbuild";
import fs from "node:fs";
import path from "node:path";

const [pkg, site] = process.argv.slice(2);
if (!pkg || !site) { console.error("usage: node web/build.mjs PKG SITE"); process.exit(2); }
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const from = (...p) => path.join(root, ...p);

// Fixtures a game offers in the page: the small ones (hand-worked games and
// short recorded ones), so that the site stays small.
const FIXTURE_BYTES = 8 << 10, FIXTURES_PER_GAME = 20;

fs.rmSync(site, { recursive: true, force: true });
fs.mkdirSync(path.join(site, "data/rules"), { recursive: true });
fs.mkdirSync(path.join(site, "data/fixtures"), { recursive: true });

await build({
  entryPoints: { main: from("web/src/main.js"), worker: from("web/src/worker.js") },
  bundle: true, format: "esm", minify: true, target: "es2022", outdir: site,
  external: ["./sowspec_web.js"], logLevel: "warning",
});
for (const f of ["sowspec_web.js", "sowspec_web_bg.wasm"]) fs.copyFileSync(path.join(pkg, f), path.join(site, f));
for (const f of ["board.js", "trace.js"]) fs.copyFileSync(from("src/webtrace", f), path.join(site, f));
fs.copyFileSync(from("src/playground/game.js"), path.join(site, "game.js"));
fs.writeFileSync(path.join(site, "style.css"),
  fs.readFileSync(from("src/webtrace/style.css"), "utf8") + fs.readFileSync(from("web/page.css"), "utf8"));
fs.writeFileSync(path.join(site, "index.html"), fs.readFileSync(from("web/index.html"), "utf8")
  .replace("<!-- BAR -->\n", fs.readFileSync(from("src/playground/bar.html"), "utf8"))
  .replace("<!-- GAME -->\n", fs.readFileSync(from("src/playground/game.html"), "utf8"))
  .replace("<!-- TRACE_PANEL -->", fs.readFileSync(from("src/webtrace/trace.html"), "utf8")
    // The page keeps the game, not the step, in its address.
    .replace("; the address's <code>#step=N</code> opens step N", "")));

// Every rules file under rules/ (`mancalagames/x.rules` too), with the
// fixtures of fixtures/<same path without .rules>/.
const walk = (dir) => fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
  e.isDirectory() ? walk(path.join(dir, e.name)).map((f) => `${e.name}/${f}`) : e.name.endsWith(".rules") ? [e.name] : []);
const rules = walk(from("rules")).sort();
const index = [];
let fixtures = 0;
for (const f of rules) {
  const key = f.replace(/\.rules$/, "");
  fs.mkdirSync(path.dirname(path.join(site, "data/rules", f)), { recursive: true });
  fs.copyFileSync(from("rules", f), path.join(site, "data/rules", f));
  index.push({ file: `rules/${f}`, url: `data/rules/${f}` });
  const dir = from("fixtures", key);
  if (!fs.existsSync(dir)) continue;
  const list = fs.readdirSync(dir).filter((y) => y.endsWith(".yaml")).sort()
    .filter((y) => fs.statSync(path.join(dir, y)).size <= FIXTURE_BYTES).slice(0, FIXTURES_PER_GAME)
    .map((y) => ({ name: `fixtures/${key}/${y}`, text: fs.readFileSync(path.join(dir, y), "utf8") }));
  if (!list.length) continue;
  fs.mkdirSync(path.dirname(path.join(site, "data/fixtures", key)), { recursive: true });
  fs.writeFileSync(path.join(site, "data/fixtures", `${key}.json`), JSON.stringify(list));
  fixtures += list.length;
}
fs.writeFileSync(path.join(site, "data/rules.json"), JSON.stringify(index));
console.log(`site in ${site}: ${rules.length} rules files, ${fixtures} fixtures`);
