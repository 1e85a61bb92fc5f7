// Draws the steps that `sowspec trace --html` embedded as JSON.
"use strict";
const D = JSON.parse(document.getElementById("data").textContent);
const $ = (id) => document.getElementById(id);
const NS = "http://www.w3.org/2000/svg";
const PITCH = 60, STORE = 70, TOP = 24;
const width = STORE * 2 + D.rows[0].length * PITCH;
const height = TOP * 2 + D.rows.length * PITCH;
let at = 0, timer = null;

function el(name, attrs, text) {
  const e = document.createElementNS(NS, name);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (text !== undefined) e.textContent = text;
  return e;
}

function draw(step) {
  const svg = $("board"), b = step.board;
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("width", width);
  svg.setAttribute("height", height);
  svg.replaceChildren();
  // North's store (or reserve) on the left, South's on the right.
  [[1, 8], [0, width - STORE + 8]].forEach(([p, x]) => {
    svg.append(el("rect", { class: "store", x, y: TOP, width: STORE - 16, height: height - 2 * TOP, rx: 20 }));
    svg.append(el("text", { x: x + (STORE - 16) / 2, y: height / 2 }, b.held[p]));
    svg.append(el("text", { class: "letter", x: x + (STORE - 16) / 2, y: TOP - 10 }, (p ? "N" : "S") + (D.stores ? " store" : " holds")));
  });
  D.rows.forEach((row, r) => {
    row.forEach((cell, i) => {
      const cx = STORE + i * PITCH + PITCH / 2, cy = TOP + r * PITCH + PITCH / 2;
      let cls = "hole";
      if (step.focus === cell) cls += " focus";
      if (b.closed[cell]) cls += " closed";
      if (b.claimed[cell]) cls += " claimed" + b.claimed[cell];
      const hole = el("circle", { class: cls, cx, cy, r: 24, "data-cell": D.names[cell] });
      hole.append(el("title", {}, D.names[cell]));
      svg.append(hole);
      svg.append(el("text", { x: cx, y: cy }, b.closed[cell] ? "×" : b.cells[cell]));
      svg.append(el("text", { class: "letter", x: cx + 20, y: cy - 22 }, D.letters[cell]));
    });
  });
}

function show(n) {
  at = Math.max(0, Math.min(D.steps.length - 1, n));
  const step = D.steps[at];
  draw(step);
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
  history.replaceState(null, "", `#step=${at}`);
}

function play() {
  if (timer) { clearInterval(timer); timer = null; $("play").textContent = "play"; return; }
  $("play").textContent = "pause";
  timer = setInterval(() => { if (at >= D.steps.length - 1) play(); else show(at + 1); }, 400);
}

$("title").textContent = `${D.game} — ${D.file}`;
$("slider").max = D.steps.length - 1;
$("slider").oninput = (e) => show(Number(e.target.value));
$("first").onclick = () => show(0);
$("back").onclick = () => show(at - 1);
$("next").onclick = () => show(at + 1);
$("last").onclick = () => show(D.steps.length - 1);
$("play").onclick = play;
document.addEventListener("keydown", (e) => {
  const keys = { ArrowRight: () => show(at + 1), ArrowLeft: () => show(at - 1), " ": play,
                 Home: () => show(0), End: () => show(D.steps.length - 1) };
  if (keys[e.key] && e.target.tagName !== "INPUT") { e.preventDefault(); keys[e.key](); }
});
const wanted = /step=(\d+)/.exec(location.hash);
show(wanted ? Number(wanted[1]) : 0);
