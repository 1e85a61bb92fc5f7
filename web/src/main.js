// The playground as a static page: the editor (CodeMirror, with the
// language server's diagnostics, hover, completion and formatting from
// WebAssembly), the board played by clicking, the trace stepped through
// with its rules line lit in the editor, the bundled fixtures, stats, and
// the game as a link. Every answer comes from sowspec's WebAssembly build
// (crates/web) in a worker; `Board` and `Trace` are the trace page's,
// `Game` the board of `sowspec serve`'s playground.
import { EditorView, basicSetup } from "codemirror";
import { keymap, hoverTooltip, Decoration } from "@codemirror/view";
import { StateField, StateEffect } from "@codemirror/state";
import { linter, lintGutter } from "@codemirror/lint";
import { autocompletion } from "@codemirror/autocomplete";
import { sowspec } from "./language.js";
import { Worker1 } from "./workers.js";
import { encode, decode } from "./share.js";

const $ = (id) => document.getElementById(id);
const workerUrl = new URL("worker.js", import.meta.url);
// Quick answers (editor, moves) and long work (fixtures, stats, speed): two workers, so that one never waits on the other.
const quick = new Worker1(workerUrl), long = new Worker1(workerUrl);

let files = [], playedSource = null, editor = null;
const source = () => editor.state.doc.toString();
const fileName = () => $("files").value || "untitled.rules";
// The rules file's path under rules/, without `.rules`: its fixtures' folder under fixtures/.
const key = () => fileName().replace(/^rules\//, "").replace(/\.rules$/, "");
const stem = () => key().replace(/^.*\//, "");

// ---- positions: the language server's (line, UTF-16 column) ↔ the editor's offsets
const offsetOf = (doc, p) => {
  const line = doc.line(Math.min(p.line + 1, doc.lines));
  return Math.min(line.from + p.character, line.to);
};
const positionOf = (doc, pos) => { const l = doc.lineAt(pos); return [l.number - 1, pos - l.from]; };

// ---- the rules line a trace step cites, lit in the editor
const cite = StateEffect.define();
const cited = StateField.define({
  create: () => Decoration.none,
  update(deco, tr) {
    deco = deco.map(tr.changes);
    for (const e of tr.effects) if (e.is(cite)) {
      deco = e.value === null ? Decoration.none
        : Decoration.set([Decoration.line({ class: "cm-cited" }).range(tr.state.doc.line(e.value).from)]);
    }
    return deco;
  },
  provide: (f) => EditorView.decorations.from(f),
});
function showCited(line) {
  const ok = line && line <= editor.state.doc.lines;
  const effects = [cite.of(ok ? line : null)];
  if (ok) effects.push(EditorView.scrollIntoView(editor.state.doc.line(line).from, { y: "center" }));
  editor.dispatch({ effects });
  document.body.dataset.citedLine = ok ? line : "";
}

// ---- the language server's answers
const lint = linter(async (view) => {
  const text = view.state.doc.toString();
  let found;
  try { found = await quick.call("diagnostics", [text]); } catch { return []; }
  if (view.state.doc.toString() !== text) return [];
  showProblems(found, view.state.doc);
  if (!found.length && text !== playedSource) send([]);
  return found.map(({ diagnostic: d, fix }) => {
    const from = offsetOf(view.state.doc, d.range.start), to = offsetOf(view.state.doc, d.range.end);
    const help = (d.relatedInformation || []).map((r) => r.message).filter((m) => m.startsWith("help: "));
    return {
      from, to, severity: "error", source: d.code,
      message: [d.message, ...help].join("\n"),
      actions: fix ? [{ name: `replace with ${fix}`, apply: (v, f, t) => v.dispatch({ changes: { from: f, to: t, insert: fix } }) }] : [],
    };
  });
}, { delay: 300 });

function showProblems(found, doc) {
  $("summary").textContent = found.length ? `${found.length} problem${found.length > 1 ? "s" : ""}` : "no problems";
  $("diagnostics").replaceChildren(...found.map(({ diagnostic: d, fix }) => {
    const li = document.createElement("li");
    const help = (d.relatedInformation || []).find((r) => r.message.startsWith("help: "));
    li.dataset.line = d.range.start.line + 1;
    li.textContent = `${fileName()}:${d.range.start.line + 1}:${d.range.start.character + 1}: ${d.message}`
      + (help ? ` (${help.message})` : "") + (fix ? ` [fix: ${fix}]` : "");
    li.onclick = () => {
      const at = offsetOf(doc, d.range.start);
      editor.dispatch({ selection: { anchor: at, head: offsetOf(doc, d.range.end) }, scrollIntoView: true });
      editor.focus();
    };
    return li;
  }));
  document.body.dataset.problems = found.length;
}

const hover = hoverTooltip(async (view, pos) => {
  const [line, ch] = positionOf(view.state.doc, pos);
  const h = await quick.call("hover", [view.state.doc.toString(), line, ch]).catch(() => null);
  if (!h) return null;
  return {
    pos: h.range ? offsetOf(view.state.doc, h.range.start) : pos,
    end: h.range ? offsetOf(view.state.doc, h.range.end) : pos,
    create() {
      const dom = document.createElement("div");
      dom.className = "cm-sowspec-hover";
      dom.textContent = h.contents.value;
      return { dom };
    },
  };
});

// The language server's completion item kinds, as CodeMirror's types.
const KINDS = { 9: "namespace", 14: "keyword", 2: "method", 24: "operator", 3: "function", 6: "variable" };
const complete = autocompletion({
  override: [async (ctx) => {
    const word = ctx.matchBefore(/[A-Za-z_][A-Za-z0-9_]*/);
    if (!word && !ctx.explicit) return null;
    const [line, ch] = positionOf(ctx.state.doc, ctx.pos);
    const items = await quick.call("completion", [ctx.state.doc.toString(), line, ch]).catch(() => []);
    return {
      from: word ? word.from : ctx.pos,
      options: items.map((i) => ({ label: i.label, type: KINDS[i.kind], detail: i.detail, info: i.documentation?.value })),
    };
  }],
});

async function format() {
  const r = await quick.call("format", [source()]);
  if (r.error) { $("summary").textContent = r.error; return true; }
  if (r.text !== source()) editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: r.text } });
  return true;
}

editor = new EditorView({
  parent: $("editor"),
  extensions: [
    basicSetup, sowspec, lint, lintGutter(), hover, complete, cited,
    keymap.of([{ key: "Shift-Alt-f", run: () => { format(); return true; } }]),
    EditorView.theme({ "&": { height: "30em" }, ".cm-scroller": { overflow: "auto" } }),
  ],
});

// ---- the game
function request(list) {
  const kind = $("opponent").value;
  const opponent = kind ? { kind, depth: Number($("depth").value), seed: 1 } : null;
  return { source: source(), file: fileName(), moves: list, opponent, human: $("human").value };
}

// Runs `work` on the quick worker, offering to cancel it once it takes long (a deep search).
async function thinking(work) {
  const shown = setTimeout(() => { $("thinking").hidden = false; }, 300);
  try { return await work; } finally { clearTimeout(shown); $("thinking").hidden = true; }
}

async function send(list) {
  const text = source();
  let r;
  try { r = await thinking(quick.call("api", ["POST", "/api/play", JSON.stringify(request(list))])); }
  catch (e) { $("error").textContent = e.message; return; }
  const data = JSON.parse(r.body);
  if (r.status !== 200) { $("error").textContent = data.error || r.body; return; }
  playedSource = text;
  $("error").textContent = data.note || "";
  Game.show(data);
}
Game.onMove(send);
$("new").onclick = () => send([]);
for (const id of ["opponent", "human"]) $(id).onchange = () => send([]);
$("cancel-move").onclick = () => quick.cancel();
$("whole").onclick = async () => {
  const r = await thinking(quick.call("api", ["POST", "/api/trace", JSON.stringify(request(Game.moves()))]));
  if (r.status !== 200) { $("error").textContent = JSON.parse(r.body).error; return; }
  window.open(URL.createObjectURL(new Blob([r.body], { type: "text/html" })), "_blank");
};
$("fmt").onclick = format;
Trace.hash = false;
Trace.onshow = (step) => showCited(step.cite ? step.cite.line : null);

// ---- long work: fixtures, stats, speed; each shows progress and can be cancelled
async function longWork(name, fn, args) {
  const bar = $(`${name}-progress`), stop = $(`${name}-cancel`);
  bar.hidden = stop.hidden = false;
  bar.removeAttribute("value");
  stop.onclick = () => long.cancel();
  try {
    return await long.call(fn, args, (done, of) => { bar.max = of; bar.value = done; });
  } finally { bar.hidden = stop.hidden = true; }
}

$("run-fixtures").onclick = async () => {
  $("fixtures").replaceChildren();
  const r = await fetch(`data/fixtures/${key()}.json`);
  if (!r.ok) { $("fixtures-summary").textContent = `no bundled fixtures for ${fileName()}`; return; }
  const list = await r.json();
  let verdicts;
  try { verdicts = await longWork("fixtures", "fixtures", [fileName(), source(), list]); }
  catch (e) { $("fixtures-summary").textContent = e.message; return; }
  const passed = verdicts.filter((v) => v.ok).length;
  $("fixtures-summary").textContent = `${passed} passed, ${verdicts.length - passed} failed`;
  document.body.dataset.fixtures = `${passed}/${verdicts.length}`;
  $("fixtures").replaceChildren(...verdicts.map((v) => {
    const li = document.createElement("li");
    li.className = v.ok ? "pass" : "fail";
    li.textContent = v.ok ? `ok    ${v.name} (${v.checked} positions)` : `FAIL  ${v.name}`;
    if (!v.ok) {
      const d = document.createElement("details"), s = document.createElement("summary"), pre = document.createElement("pre");
      s.textContent = "the diff and the trace";
      pre.textContent = v.error || v.report;
      d.append(s, pre);
      li.append(d);
    }
    return li;
  }));
};

$("run-stats").onclick = async () => {
  const games = Number($("games").value), seed = Number($("seed").value);
  let r;
  try {
    r = await longWork("stats", "stats", [source(), stem(), $("player").value, Number($("stats-depth").value), games, seed]);
  } catch (e) { $("stats-table").textContent = e.message; return; }
  $("chart").innerHTML = r.svg; // sowspec's own SVG
  $("stats-table").textContent = r.table;
};

$("run-bench").onclick = async () => {
  const games = Number($("bench-games").value);
  try {
    const r = await longWork("bench", "bench", [source(), games, 1]);
    if (r.error) { $("bench-result").textContent = r.error; return; }
    $("bench-result").textContent =
      `${r.games} random games, ${r.moves} moves in ${r.seconds.toFixed(2)} s: ${Math.round(r.moves / r.seconds).toLocaleString("en")} moves/s`;
    document.body.dataset.movesPerSecond = Math.round(r.moves / r.seconds);
  } catch (e) { $("bench-result").textContent = e.message; }
};

// ---- the game as a link
$("share").onclick = async () => {
  const hash = await encode({ file: fileName(), source: source(), moves: Game.moves(), opponent: $("opponent").value,
                              depth: $("depth").value, human: $("human").value });
  history.replaceState(null, "", hash);
  $("link").href = location.href;
  $("link").textContent = `link (${location.href.length} characters)`;
  navigator.clipboard?.writeText(location.href).catch(() => {});
};

function setText(text) {
  editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: text } });
}

// ---- start: the rules files (the server's, under `sowspec serve`; else the bundled ones), or the shared game
async function start() {
  const served = await fetch("api/rules").then((r) => (r.ok ? r.json() : null)).catch(() => null);
  files = Array.isArray(served) ? served : await (await fetch("data/rules.json")).json();
  $("files").replaceChildren(...files.map((f) => new Option(f.file, f.file)));
  $("files").onchange = async () => {
    const f = files.find((f) => f.file === $("files").value);
    const text = f ? f.text ?? (await (await fetch(f.url)).text()) : "";
    setText(text);
  };
  const shared = await decode(location.hash);
  if (shared) {
    if (!files.some((f) => f.file === shared.file)) $("files").append(new Option(shared.file, shared.file));
    $("files").value = shared.file;
    $("opponent").value = shared.opponent;
    $("depth").value = shared.depth;
    $("human").value = shared.human;
    setText(shared.source);
    playedSource = shared.source; // the linter's first pass must not start a new game
    await send(shared.moves);
  } else {
    $("files").value = files.some((f) => f.file === "rules/oware.rules") ? "rules/oware.rules" : files[0]?.file;
    await $("files").onchange();
  }
  document.body.dataset.ready = "true";
}
start();
// For the console (and the browser tests): the editor and its text.
window.playground = { editor, source };
