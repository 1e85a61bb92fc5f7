// What the browser tests share: the built site served by a small static
// server on a free port, and Debian's Chromium (never a downloaded
// browser) driven by playwright-core.
import http from "node:http";
import fs from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";

const TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".wasm": "application/wasm",
                ".json": "application/json", ".rules": "text/plain; charset=utf-8" };

/** Serves the folder `site`; resolves to { url, close }. */
export function serve(site) {
  const server = http.createServer((req, res) => {
    const rel = decodeURIComponent(new URL(req.url, "http://x").pathname).replace(/\/$/, "/index.html");
    const file = path.join(site, path.normalize(rel).replace(/^(\.\.[/\\])+/, ""));
    fs.readFile(file, (err, body) => {
      if (err) { res.writeHead(404); res.end("not found"); return; }
      res.writeHead(200, { "content-type": TYPES[path.extname(file)] || "application/octet-stream" });
      res.end(body);
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () =>
    resolve({ url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() })));
}

/** The system's Chromium: $CHROMIUM, or the first of the usual names on the PATH. */
export function chromiumPath() {
  if (process.env.CHROMIUM) return process.env.CHROMIUM;
  for (const dir of (process.env.PATH || "").split(":")) {
    for (const name of ["chromium", "chromium-browser", "google-chrome"]) {
      const p = path.join(dir, name);
      if (fs.existsSync(p)) return p;
    }
  }
  throw new Error("no Chromium on the PATH (Debian: apt-get install chromium); set CHROMIUM to its path");
}

/** A headless browser. */
export function launch() {
  return chromium.launch({ executablePath: chromiumPath(), args: ["--no-sandbox"] });
}

/** Replaces the editor's text as a person pasting it would. */
export async function paste(page, text) {
  await page.click(".cm-content");
  await page.keyboard.press("Control+A");
  await page.keyboard.insertText(text);
}

/** The board drawn in `svg`: seeds by hole name (`S.a` … `N.f`), and what each side holds. */
export function boardOf(page, svg = "#playboard") {
  return page.$eval(svg, (el) => {
    const holes = {};
    for (const c of el.querySelectorAll("circle")) holes[c.dataset.cell] = Number(c.nextElementSibling.textContent);
    return holes;
  });
}
