// The playground: checks the rules as they are typed, plays the moves
// clicked on the board against the chosen opponent, and steps through the
// trace of the last moves (with `Board` and `Trace`, as the trace page,
// and `Game`, as the static site).
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  let checking = 0, sending = 0, typing = null;

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
    const n = ++sending;
    const r = await post("/api/play", request(list));
    if (n !== sending) return; // a newer game or move was sent since: its answer is the one to show
    if (!r.ok) { $("error").textContent = r.data.error || r.data; return; }
    $("error").textContent = r.data.note || "";
    Game.show(r.data);
  }

  Game.onMove(send);
  $("source").addEventListener("input", () => { clearTimeout(typing); typing = setTimeout(check, 300); });
  $("new").onclick = () => send([]);
  for (const id of ["opponent", "human"]) $(id).onchange = () => send([]);
  $("whole").onclick = async () => {
    const r = await post("/api/trace", request(Game.moves()));
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
