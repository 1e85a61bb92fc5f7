// Steps through a trace (the JSON that `sowspec::webtrace` builds): the
// board, the event, the rules line behind it, and the controls.
"use strict";
const Trace = (() => {
  const $ = (id) => document.getElementById(id);
  let D = null, at = 0, timer = null;

  function show(n) {
    at = Math.max(0, Math.min(D.steps.length - 1, n));
    const step = D.steps[at];
    Board.draw($("board"), D, step);
    $("slider").value = at;
    $("status").textContent = `step ${at} of ${D.steps.length - 1}`;
    const mv = D.moves[step.ply - 1];
    $("move").textContent = mv ? `move ${step.ply}: ${mv.mover} plays ${mv.mv}` : "before the first move";
    $("event").textContent = step.text;
    $("where").textContent = step.cite ? `${step.cite.file}:${step.cite.line}` : "";
    $("line").textContent = step.cite ? step.cite.text : "";
    $("cite").hidden = !step.cite;
    $("hand").textContent = step.hand ? `in hand: ${step.hand}` : "";
    document.body.dataset.step = at;
    if (api.onshow) api.onshow(step);
    if (api.hash) history.replaceState(null, "", `#step=${at}`);
  }

  function stop() {
    if (timer) { clearInterval(timer); timer = null; $("play").textContent = "play"; }
  }

  function play() {
    if (timer) { stop(); return; }
    $("play").textContent = "pause";
    timer = setInterval(() => { if (at >= D.steps.length - 1) stop(); else show(at + 1); }, 400);
  }

  let wired = false;
  function wire() {
    wired = true;
    $("slider").oninput = (e) => show(Number(e.target.value));
    $("first").onclick = () => show(0);
    $("back").onclick = () => show(at - 1);
    $("next").onclick = () => show(at + 1);
    $("last").onclick = () => show(D.steps.length - 1);
    $("play").onclick = play;
    document.addEventListener("keydown", (e) => {
      const keys = { ArrowRight: () => show(at + 1), ArrowLeft: () => show(at - 1), " ": play,
                     Home: () => show(0), End: () => show(D.steps.length - 1) };
      const typing = ["INPUT", "TEXTAREA", "SELECT"].includes(e.target.tagName);
      if (D && keys[e.key] && !typing) { e.preventDefault(); keys[e.key](); }
    });
  }

  // Shows the trace `data` from step `n`.
  function load(data, n) {
    stop();
    D = data;
    if (!wired) wire();
    $("title").textContent = `${D.game} — ${D.file}`;
    $("slider").max = D.steps.length - 1;
    show(n);
  }

  // `hash`: keep the step in the address; `onshow(step)`: called on each step shown.
  const api = { load, show, hash: true, onshow: null };
  return api;
})();
