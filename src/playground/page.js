// The playground: checks the rules as they are typed, plays the moves
// clicked on the board against the chosen opponent, and steps through the
// trace of the last moves (with `Board` and `Trace`, as the trace page).
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  // `partial`: a move begun whose rules ask for decisions inside it (`c/N.d`), its decisions so far.
  let moves = [], game = null, checking = 0, typing = null, partial = null;

  async function post(path, body) {
    const r = await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const json = (r.headers.get("content-type") || "").startsWith("application/json");
    return { ok: r.ok, data: json ? await r.json() : await r.text() };
  }

  function file() { return $("files").value || "untitled.rules"; }

  function request(list) {
    const kind = $("opponent").value;
    const opponent = kind ? { kind, depth: Number($("depth").value), seed: 1 } : null;
    return { source: $("source").value, file: file(), moves: list, opponent, human: $("human").value };
  }

  // Selects the span [start, end) (byte offsets, as diagnostics give them) in the editor.
  function select([start, end]) {
    const text = $("source").value, bytes = new TextEncoder();
    let at = 0, from = 0, to = 0;
    for (let i = 0; i <= text.length; i++) {
      if (at <= start) from = i;
      if (at <= end) to = i;
      if (i < text.length) at += bytes.encode(text[i]).length;
    }
    $("source").focus();
    $("source").setSelectionRange(from, to);
  }

  async function check() {
    const n = ++checking;
    const r = await post("/api/check", { source: $("source").value, file: file() });
    if (n !== checking) return; // a newer check is on its way
    const diags = r.ok ? r.data.diagnostics : [];
    $("summary").textContent = r.ok ? r.data.summary : r.data.error;
    $("diagnostics").replaceChildren(...diags.map((d) => {
      const li = document.createElement("li");
      li.textContent = `${file()}:${d.line}:${d.column}: ${d.message}` + (d.help ? ` (help: ${d.help})` : "");
      li.onclick = () => select(d.span);
      return li;
    }));
    document.body.dataset.problems = diags.length;
    if (r.ok && !diags.length) send([]);
  }

  async function send(list) {
    const r = await post("/api/play", request(list));
    if (!r.ok) { $("error").textContent = r.data.error || r.data; return; }
    $("error").textContent = r.data.note || "";
    game = r.data;
    moves = game.moves;
    const now = game.trace.steps[game.trace.steps.length - 1];
    Board.draw($("playboard"), game.trace, { board: now.board, focus: null });
    $("direction").hidden = !game.legal.some((m) => /^[a-z]+[+-]($|\/)/.test(m));
    for (const c of $("playboard").querySelectorAll("circle")) {
      const l = letterOf(c);
      if (l && game.legal.some((m) => m === l || m.startsWith(l + "/"))) c.classList.add("legal");
    }
    partial = null;
    $("none").hidden = true;
    $("turn").textContent = game.result ? `game over: ${game.result}` : `${game.to_move} to move`;
    $("moves").textContent = moves.join(",") || "none yet";
    document.body.dataset.ply = moves.length;
    Trace.load(game.trace, 0);
  }

  // The move a click on circle `c` makes: its letter (and direction), if it is the mover's hole.
  function letterOf(c) {
    const cell = Number(c.dataset.index);
    if (!game.to_move || !c.dataset.cell.startsWith(game.to_move[0] + ".")) return null;
    const sense = $("direction").hidden ? "" : document.querySelector("input[name=sense]:checked").value;
    return game.trace.letters[cell] + sense;
  }

  // The options of the decision after `begun` (`c`, `c/N.d`): the next part of the legal moves that extend it.
  function choices(begun) {
    return [...new Set(game.legal.filter((m) => m.startsWith(begun + "/")).map((m) => m.slice(begun.length + 1).split("/")[0]))];
  }

  // Plays `mv` if it is a complete legal move, asks for the next decision if it begins one; false otherwise.
  function advance(mv) {
    if (game.legal.includes(mv)) { send([...moves, mv]); return true; }
    const next = choices(mv);
    if (!next.length) return false;
    partial = mv;
    $("error").textContent = `${mv}: choose ${next.filter((d) => d !== "none").join(", ")}` + (next.includes("none") ? " or none" : "");
    $("none").hidden = !next.includes("none");
    for (const c of $("playboard").querySelectorAll("circle")) c.classList.toggle("choice", next.includes(c.dataset.cell));
    return true;
  }

  $("playboard").addEventListener("click", (e) => {
    const c = e.target.closest("circle");
    if (!c || !game) return;
    if (partial && advance(`${partial}/${c.dataset.cell}`)) return;
    const mv = letterOf(c);
    if (!(mv && advance(mv))) {
      $("error").textContent = `${c.dataset.cell} is not a legal move now` + (game.legal.length ? ` (legal: ${game.legal.join(" ")})` : "");
    }
  });
  $("none").onclick = () => partial && advance(`${partial}/none`);
  $("source").addEventListener("input", () => { clearTimeout(typing); typing = setTimeout(check, 300); });
  $("new").onclick = () => send([]);
  for (const id of ["opponent", "human"]) $(id).onchange = () => send([]);
  $("whole").onclick = async () => {
    const r = await post("/api/trace", request(moves));
    if (!r.ok) { $("error").textContent = r.data.error || r.data; return; }
    const url = URL.createObjectURL(new Blob([r.data], { type: "text/html" }));
    window.open(url, "_blank");
  };

  async function start() {
    const r = await fetch("/api/rules");
    const files = await r.json();
    $("files").replaceChildren(...files.map((f) => new Option(f.file, f.file)));
    $("files").onchange = () => {
      const f = files.find((f) => f.file === $("files").value);
      $("source").value = f ? f.text : "";
      check();
    };
    $("files").onchange();
  }
  start();
})();
