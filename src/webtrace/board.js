// Draws a board as SVG: shared by the trace page and the playground.
"use strict";
const Board = (() => {
  const NS = "http://www.w3.org/2000/svg";
  // FOLD: most columns a block shows; a wider board is folded into blocks
  // one under the other (as `sowspec play` draws it), GAP apart.
  const PITCH = 60, STORE = 70, TOP = 24, FOLD = 16, GAP = 20;

  function el(name, attrs, text) {
    const e = document.createElementNS(NS, name);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // Where each hole's centre lies, as [cell, x, y, letter's dx, dy], and the
  // drawing's size: round a circle (`a` at the bottom, then counterclockwise),
  // or row by row, folded into blocks of FOLD columns.
  function place(D) {
    if (D.circle) {
      const n = D.rows.flat().length, r = Math.max(80, (n * PITCH) / (2 * Math.PI));
      const c = r + PITCH;
      const holes = [...Array(n).keys()].map((i) => {
        const sin = Math.sin((2 * Math.PI * i) / n), cos = Math.cos((2 * Math.PI * i) / n);
        return [i, STORE + c + r * sin, TOP + c + r * cos, 38 * sin, 38 * cos];
      });
      return { holes, width: 2 * (STORE + c), height: 2 * (TOP + c) };
    }
    const cols = D.rows[0].length, blocks = Math.ceil(cols / FOLD), tall = D.rows.length * PITCH;
    const holes = D.rows.flatMap((row, r) => row.map((cell, i) => {
      const b = Math.floor(i / FOLD);
      return [cell, STORE + (i % FOLD) * PITCH + PITCH / 2, TOP + b * (tall + GAP) + r * PITCH + PITCH / 2, 20, -22];
    }));
    return { holes, width: STORE * 2 + Math.min(cols, FOLD) * PITCH, height: TOP * 2 + blocks * (tall + GAP) - GAP };
  }

  // A hole's label: its letter, or where a row holds both players' holes
  // (the middle row of three), its owner and letter (`Ng`).
  function labels(D) {
    const owner = (cell) => D.names[cell].split(".")[0];
    const out = [...D.letters];
    for (const row of D.rows) {
      if (row.some((c) => owner(c) !== owner(row[0]))) for (const c of row) out[c] = D.names[c].replace(".", "");
    }
    return out;
  }

  // Draws `step` (its board and the hole in focus) of the game laid out by
  // `D` (rows, names, letters, stores, circle, hands) into `svg`. Each hole
  // is a circle with `data-cell` (its name) and `data-index` (its cell
  // number), followed by the text of its seeds.
  function draw(svg, D, step) {
    const b = step.board, { holes, width, height } = place(D), label = labels(D);
    svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
    svg.setAttribute("width", width);
    svg.setAttribute("height", height);
    svg.replaceChildren();
    // North's store (or reserve) on the left, South's on the right; the seeds in hand under each.
    [[1, 8], [0, width - STORE + 8]].forEach(([p, x]) => {
      const mid = x + (STORE - 16) / 2;
      svg.append(el("rect", { class: "store", x, y: TOP, width: STORE - 16, height: height - 2 * TOP, rx: 20 }));
      svg.append(el("text", { x: mid, y: height / 2 }, b.held[p]));
      svg.append(el("text", { class: "letter", x: mid, y: TOP - 10 }, (p ? "N" : "S") + (D.stores ? " store" : " holds")));
      if (D.hands) svg.append(el("text", { class: "letter hand", x: mid, y: height - TOP / 2 }, `hand ${b.hand[p]}`));
    });
    // Between the players' halves of an even number of rows, a line across each block.
    if (!D.circle && D.rows.length % 2 === 0) {
      const tall = D.rows.length * PITCH, cols = D.rows[0].length;
      for (let b = 0; b * FOLD < cols; b++) {
        const y = TOP + b * (tall + GAP) + tall / 2, x2 = STORE + Math.min(FOLD, cols - b * FOLD) * PITCH - 4;
        svg.append(el("line", { class: "divide", x1: STORE + 4, x2, y1: y, y2: y }));
      }
    }
    for (const [cell, cx, cy, dx, dy] of holes) {
      let cls = "hole";
      if (step.focus === cell) cls += " focus";
      if (b.closed[cell]) cls += " closed";
      if (b.claimed[cell]) cls += " claimed" + b.claimed[cell];
      const hole = el("circle", { class: cls, cx, cy, r: 24, "data-cell": D.names[cell], "data-index": cell });
      hole.append(el("title", {}, D.names[cell]));
      svg.append(hole);
      svg.append(el("text", { x: cx, y: cy }, b.closed[cell] ? "×" : b.cells[cell]));
      svg.append(el("text", { class: "letter", x: cx + dx, y: cy + dy }, label[cell]));
    }
  }

  return { draw };
})();
