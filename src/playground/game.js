// The game on the playground's board, shared by the page `sowspec serve`
// builds in and the static site (web/): draws the answer of
// `/api/play` (its board, the legal holes, whose turn it is, the moves
// and the trace of the last ones) and turns a click on a hole into a move.
"use strict";
const Game = (() => {
  const $ = (id) => document.getElementById(id);
  let game = null;

  const chooses = () => game.legal.some((m) => /[+-]$/.test(m));

  // The move a click on circle `c` makes: its letter (and direction), if it is the mover's hole.
  function moveOf(c) {
    const cell = Number(c.dataset.index);
    if (!game.to_move || !c.dataset.cell.startsWith(game.to_move[0] + ".")) return null;
    const sense = chooses() ? document.querySelector("input[name=sense]:checked").value : "";
    return game.trace.letters[cell] + sense;
  }

  // Shows `played`, an answer of `/api/play`.
  function show(played) {
    game = played;
    const now = game.trace.steps[game.trace.steps.length - 1];
    Board.draw($("playboard"), game.trace, { board: now.board, focus: null });
    for (const c of $("playboard").querySelectorAll("circle")) {
      if (game.legal.includes(moveOf(c))) c.classList.add("legal");
    }
    $("direction").hidden = !chooses();
    $("turn").textContent = game.result ? `game over: ${game.result}` : `${game.to_move} to move`;
    $("moves").textContent = game.moves.join(",") || "none yet";
    document.body.dataset.ply = game.moves.length;
    Trace.load(game.trace, 0);
  }

  // Calls `play(moves)` with the moves so far and the one clicked, when it is legal.
  function onMove(play) {
    $("playboard").addEventListener("click", (e) => {
      const c = e.target.closest("circle");
      if (!c || !game) return;
      const mv = moveOf(c);
      if (mv && game.legal.includes(mv)) play([...game.moves, mv]);
      else $("error").textContent = `${c.dataset.cell} is not a legal move now` + (game.legal.length ? ` (legal: ${game.legal.join(" ")})` : "");
    });
  }

  // The moves so far (none before the first answer).
  const moves = () => (game ? game.moves : []);

  return { show, onMove, moves };
})();
