// Draws a board as SVG: shared by the trace page and the playground.
"use strict";
const Board = (() => {
  const NS = "http://www.w3.org/2000/svg";
  const PITCH = 60, STORE = 70, TOP = 24;

  function el(name, attrs, text) {
    const e = document.createElementNS(NS, name);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // Draws `step` (its board and the hole in focus) of the game laid out by
  // `D` (rows, names, letters, stores) into `svg`. Each hole is a circle
  // with `data-cell` (its name) and `data-index` (its cell number).
  function draw(svg, D, step) {
    const b = step.board;
    const width = STORE * 2 + D.rows[0].length * PITCH;
    const height = TOP * 2 + D.rows.length * PITCH;
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
        const hole = el("circle", { class: cls, cx, cy, r: 24, "data-cell": D.names[cell], "data-index": cell });
        hole.append(el("title", {}, D.names[cell]));
        svg.append(hole);
        svg.append(el("text", { x: cx, y: cy }, b.closed[cell] ? "×" : b.cells[cell]));
        svg.append(el("text", { class: "letter", x: cx + 20, y: cy - 22 }, D.letters[cell]));
      });
    });
  }

  return { draw };
})();
