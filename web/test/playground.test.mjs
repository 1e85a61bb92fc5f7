// The static playground in a real browser: the built site (SITE, default
// target/site) loaded from a local static server into headless Chromium,
// checked on its DOM. Expected values come from the rules files and from
// positions worked by hand, not from sowspec.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { serve, launch, paste, boardOf } from "./harness.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const site = path.resolve(process.env.SITE || path.join(process.env.CARGO_TARGET_DIR || path.join(root, "target"), "site"));
const OWARE = fs.readFileSync(path.join(root, "rules/oware.rules"), "utf8");
let server, browser;

before(async () => {
  assert.ok(fs.existsSync(path.join(site, "index.html")), `no site in ${site}: run web/build first`);
  server = await serve(site);
  browser = await launch();
});
after(async () => { await browser?.close(); server?.close(); });

/** A fresh page on the playground, its first game drawn, optionally at `hash`. */
async function open(hash = "") {
  const page = await browser.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(server.url + hash);
  await page.waitForSelector("body[data-ready=true][data-ply]");
  page.errors = errors;
  return page;
}

/** Oware (the page's first file) with nobody answering: both sides are played here. */
async function owareAlone() {
  const page = await open();
  assert.equal(await page.$eval("#files", (s) => s.value), "rules/oware.rules");
  await page.selectOption("#opponent", "");
  await page.waitForFunction(() => document.querySelector("#moves").textContent === "none yet");
  return page;
}

test("a misspelt word is a diagnostic at its line, squiggled, with its fix", async () => {
  const page = await open();
  const line = OWARE.split("\n").findIndex((l) => /^\s*direction /.test(l)) + 1;
  assert.ok(line > 1);
  await paste(page, OWARE.replace("direction counterclockwise", "directoin counterclockwise"));
  await page.waitForSelector("body[data-problems='1']");
  const li = await page.$eval("#diagnostics li", (l) => ({ line: Number(l.dataset.line), text: l.textContent }));
  assert.equal(li.line, line);
  assert.match(li.text, new RegExp(`^rules/oware.rules:${line}:5: `));
  assert.match(li.text, /\[fix: direction\]/);
  // The squiggle is on the misspelt word, in the editor's line `line`.
  const squiggled = await page.$eval(".cm-lintRange-error", (e) => e.textContent);
  assert.equal(squiggled, "directoin");
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("a move clicked on the board gives the position worked by hand", async () => {
  const page = await owareAlone();
  const start = await boardOf(page);
  assert.equal(start["S.c"], 4);
  await page.click("#playboard circle[data-cell='S.c']");
  await page.waitForSelector("body[data-ply='1']");
  // Oware, 4 seeds a hole: South's c (4 seeds) sows d, e, f and North's a.
  const after = await boardOf(page);
  const south = ["a", "b", "c", "d", "e", "f"].map((h) => after[`S.${h}`]);
  const north = ["a", "b", "c", "d", "e", "f"].map((h) => after[`N.${h}`]);
  assert.deepEqual(south, [4, 4, 0, 5, 5, 5]);
  assert.deepEqual(north, [5, 4, 4, 4, 4, 4]);
  assert.equal(await page.textContent("#turn"), "North to move");
  assert.equal(await page.textContent("#moves"), "c");
  await page.close();
});

test("a trace step lights the rules line it cites in the editor", async () => {
  const page = await owareAlone();
  await page.click("#playboard circle[data-cell='S.c']");
  await page.waitForSelector("body[data-ply='1']");
  // Step 1 is the lift of c, which the `lift` statement of `moves` allows.
  await page.click("#next");
  await page.waitForSelector("body[data-step='1']");
  const cited = await page.$eval("body", (b) => Number(b.dataset.citedLine));
  const lit = await page.$eval(".cm-cited", (l) => l.textContent);
  assert.equal(lit, OWARE.split("\n")[cited - 1]);
  assert.match(lit.trim(), /^lift when count\(origin\) > 0/);
  assert.equal(await page.textContent("#line"), lit.trim());
  await page.close();
});

test("Oware's bundled fixtures pass, and fail on changed rules with the diff and trace", async () => {
  const dir = path.join(root, "fixtures/oware");
  const small = fs.readdirSync(dir).filter((f) => f.endsWith(".yaml") && fs.statSync(path.join(dir, f)).size <= 8 << 10);
  const page = await open();
  await page.click("#run-fixtures");
  await page.waitForSelector("body[data-fixtures]");
  assert.equal(await page.$eval("body", (b) => b.dataset.fixtures), `${small.length}/${small.length}`);
  assert.equal(await page.textContent("#fixtures-summary"), `${small.length} passed, 0 failed`);
  // No capture on 2s and 3s: the hand-worked chained capture no longer holds.
  await paste(page, OWARE.replace("(count(landing) == 2 or count(landing) == 3)", "count(landing) == 9"));
  await page.waitForSelector("body[data-problems='0']");
  await page.$eval("body", (b) => delete b.dataset.fixtures);
  await page.click("#run-fixtures");
  await page.waitForSelector("body[data-fixtures]");
  const failed = await page.$$eval("#fixtures li.fail", (l) => l.map((e) => e.textContent));
  assert.ok(failed.some((t) => t.includes("hand-01-chained-capture.yaml") && t.includes("after ply 1 (move `f`)")), failed.join("\n"));
  await page.close();
});

test("a shared link restores the rules and the game", async () => {
  const page = await owareAlone();
  const edited = OWARE.replace("# The last seed makes 2 or 3", "# Edited here. The last seed makes 2 or 3");
  await paste(page, edited);
  await page.waitForSelector("body[data-problems='0']");
  await page.waitForFunction(() => document.querySelector("#moves").textContent === "none yet");
  await page.click("#playboard circle[data-cell='S.c']");
  await page.waitForSelector("body[data-ply='1']");
  await page.click("#playboard circle[data-cell='N.a']");
  await page.waitForSelector("body[data-ply='2']");
  const board = await boardOf(page);
  await page.click("#share");
  await page.waitForFunction(() => location.hash.startsWith("#g="));
  const hash = await page.evaluate(() => location.hash);
  await page.close();

  const again = await open(hash);
  assert.equal(await again.textContent("#moves"), "c,a");
  assert.deepEqual(await boardOf(again), board);
  assert.equal(await again.$eval("#opponent", (s) => s.value), "");
  const text = await again.evaluate(() => window.playground.source());
  assert.equal(text, edited);
  await again.close();
});

test("hover, completion and formatting come from the language server", async () => {
  const page = await open();
  // Hover on the `direction` statement: its reference entry (crates/core/src/reference/table.rs).
  await paste(page, 'game "x" {\n  sowing {\n    direction counterclockwise\n  }\n}\n');
  await page.locator(".cm-line span", { hasText: /^\s*direction$/ }).first().hover();
  const hover = await page.waitForSelector(".cm-sowspec-hover");
  assert.match(await hover.textContent(), /direction counterclockwise/);
  assert.match(await hover.textContent(), /clockwise/);
  await page.mouse.move(0, 0);
  await page.waitForSelector(".cm-sowspec-hover", { state: "detached" });
  // Completion at the start of a statement in `sowing`: the section's statements.
  await paste(page, 'game "x" {\n  sowing {\n    dir');
  await page.keyboard.press("Control+Space");
  const options = await page.waitForSelector(".cm-tooltip-autocomplete");
  assert.match(await options.textContent(), /direction/);
  await page.keyboard.press("Escape");
  // Shift-Alt-F lays a file out as `sowspec fmt` does: two spaces a block.
  await paste(page, 'game "x" {\nsowing {\ndirection counterclockwise\n}\n}\n');
  await page.keyboard.press("Shift+Alt+F");
  await page.waitForFunction(() => window.playground.source().includes("\n    direction"));
  assert.equal(await page.evaluate(() => window.playground.source()),
    'game "x" {\n  sowing {\n    direction counterclockwise\n  }\n}\n');
  await page.close();
});

test("a circle is drawn round and played by clicking", async () => {
  const page = await owareAlone();
  await page.selectOption("#files", "rules/sat_gol.rules");
  await page.waitForFunction(() => document.querySelectorAll("#playboard circle.legal").length === 7);
  // `a` at the bottom, then counterclockwise: `b` lower right, `d` and `e` at the top.
  const at = await page.$$eval("#playboard circle", (cs) =>
    Object.fromEntries(cs.map((c) => [c.dataset.cell, [Number(c.getAttribute("cx")), Number(c.getAttribute("cy"))]])));
  assert.deepEqual(Object.keys(at), ["a", "b", "c", "d", "e", "f", "g"]);
  assert.ok(Object.values(at).every(([, y]) => y <= at.a[1]), "a lowest");
  assert.ok(at.b[0] > at.a[0] && at.g[0] < at.a[0], "b to a's right, g to its left");
  assert.ok(at.d[1] < at.b[1] && at.e[1] < at.g[1], "d and e at the top");
  await page.click("#playboard circle[data-cell='c']");
  await page.waitForSelector("body[data-ply='1']");
  assert.equal(await page.textContent("#moves"), "c");
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("seeds in hand are placed by clicking; a hole that begins two moves asks which", async () => {
  // tests/data/playground/placements.rules: one seed in each hand, placed
  // into a non-empty hole of one's own; a hole of two or more may be lifted.
  const PLACEMENTS = fs.readFileSync(path.join(root, "tests/data/playground/placements.rules"), "utf8");
  const page = await owareAlone();
  await paste(page, PLACEMENTS);
  await page.waitForFunction(() => document.querySelector("#turn").textContent.includes("in hand"));
  assert.equal(await page.textContent("#turn"), "South to move (in hand: South 1, North 1)");
  // S.b (1 seed) can only be placed into: one click plays `*b` (S.b 2, the facing N.c empty).
  await page.click("#playboard circle[data-cell='S.b']");
  await page.waitForSelector("body[data-ply='1']");
  assert.equal(await page.textContent("#moves"), "*b");
  assert.equal((await boardOf(page))["S.b"], 2);
  assert.equal(await page.textContent("#turn"), "North to move (in hand: South 0, North 1)");
  // N.a (2 seeds) may be lifted or placed into: the click asks.
  await page.click("#playboard circle[data-cell='N.a']");
  const offered = await page.$$eval("#ask button", (bs) => bs.map((b) => `${b.dataset.move}: ${b.textContent}`));
  assert.deepEqual(offered, ["a: lift a", "*a: place a seed in a"]);
  await page.click("#ask button[data-move='*a']");
  await page.waitForSelector("body[data-ply='2']");
  assert.equal(await page.textContent("#moves"), "*b,*a");
  assert.equal((await boardOf(page))["N.a"], 3);
  assert.equal(await page.textContent("#turn"), "South to move (in hand: South 0, North 0)");
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("a relay whose way the mover chooses asks which way, by buttons", async () => {
  // tests/data/playground/relay_way.rules: two seeds a hole on 2×3; South `a`
  // sows S.b 3, S.c 3, and S.c's 3 are sown on the way the mover chooses:
  // `-` (clockwise) drops them back into S.b 4, S.a 1, N.c 3.
  const RELAY_WAY = fs.readFileSync(path.join(root, "tests/data/playground/relay_way.rules"), "utf8");
  const page = await owareAlone();
  await paste(page, RELAY_WAY);
  await page.waitForFunction(() => document.querySelectorAll("#playboard circle.legal").length === 3);
  await page.click("#playboard circle[data-cell='S.a']");
  const offered = await page.$$eval("#ask button", (bs) => bs.map((b) => `${b.dataset.move}: ${b.textContent}`));
  assert.deepEqual(offered, ["a/+: sow on + (with the track)", "a/-: sow on − (against it)"]);
  await page.click("#ask button[data-move='a/-']");
  await page.waitForSelector("body[data-ply='1']");
  assert.equal(await page.textContent("#moves"), "a/-");
  const board = await boardOf(page);
  assert.deepEqual([board["S.a"], board["S.b"], board["S.c"], board["N.c"]], [1, 4, 0, 3]);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("a round laid out by a player offers its layouts as buttons", async () => {
  // A 2×4 match whose rounds the player filling some but not all of their
  // holes lays out (`refill … chosen`). After these 48 moves round 1 is
  // over: South holds 15 seeds (3 holes of 4, 3 kept), so South lays round
  // 2 out, choosing 3 of their 4 holes, before starting it.
  const LAID_OUT = `game "Laid out" {
  board { rows 2; holes 4; stores none }
  setup { seeds 4 }
  sowing { direction counterclockwise; first_seed next; origin sown }
  on sowing_end when count(landing) == 2 or count(landing) == 3 { capture landing to mover }
  moves { lift when count(origin) > 0; endless after 100 laps illegal }
  end { no_moves remaining to owner; winner most_captured }
  match { refill 4 per hole from right chosen; starter loser; match_end below 4 }
}
`;
  const moves = "d,d,a,b,c,d,b,c,d,b,a,d,a,b,d,a,d,c,c,b,b,c,d,a,c,d,a,b,c,c,b,d,c,a,a,b,b,c,c,d,d,b,c,d,b,a,c,b".split(",");
  // The game as a shared link (share.js's format: deflated JSON, base64url).
  const state = { file: "laid_out.rules", source: LAID_OUT, moves, opponent: "", depth: "3", human: "south" };
  const packed = zlib.deflateRawSync(Buffer.from(JSON.stringify(state)));
  const page = await open("#g=" + packed.toString("base64").replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, ""));
  await page.waitForSelector("body[data-ply='48']");
  await page.waitForSelector("#ask button");
  const offered = await page.$$eval("#ask button", (bs) => bs.map((b) => `${b.dataset.move}: ${b.textContent}`));
  assert.deepEqual(offered, ["=a.b.c: lay out a, b, c", "=a.b.d: lay out a, b, d", "=a.c.d: lay out a, c, d",
                             "=b.c.d: lay out b, c, d"]);
  assert.match(await page.textContent("#error"), /South lays out the round/);
  await page.click("#ask button[data-move='=a.c.d']");
  await page.waitForSelector("body[data-ply='49']");
  assert.ok((await page.textContent("#moves")).endsWith(",c,b,=a.c.d"));
  // S.a, S.c and S.d hold 4 each; S.b is closed for the round (drawn ×).
  const board = await boardOf(page);
  assert.deepEqual([board["S.a"], board["S.c"], board["S.d"]], [4, 4, 4]);
  assert.ok(await page.$eval("#playboard circle[data-cell='S.b']", (c) => c.classList.contains("closed")));
  assert.equal(await page.$$eval("#ask button", (bs) => bs.length), 0);
  assert.deepEqual(page.errors, []);
  await page.close();
});
