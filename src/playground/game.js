// The game on the playground's board, shared by the page `sowspec serve`
// builds in and the static site (web/): draws the answer of
// `/api/play` (its board, the legal holes, whose turn it is, the moves
// and the trace of the last ones) and turns a click on a hole into a move.
"use strict";
const Game = (() => {
  const $ = (id) => document.getElementById(id);
  // `partial`: a move begun whose rules ask for decisions inside it (`c/N.d`), its decisions so far.
  let game = null, partial = null;

  const chooses = () => game.legal.some((m) => /^[a-z]+[+-]($|\/)/.test(m));

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
    $("direction").hidden = !chooses();
    for (const c of $("playboard").querySelectorAll("circle")) {
      const mv = moveOf(c);
      if (mv && game.legal.some((m) => m === mv || m.startsWith(mv + "/"))) c.classList.add("legal");
    }
    partial = null;
    $("none").hidden = true;
    $("turn").textContent = game.result ? `game over: ${game.result}` : `${game.to_move} to move`;
    $("moves").textContent = game.moves.join(",") || "none yet";
    document.body.dataset.ply = game.moves.length;
    Trace.load(game.trace, 0);
  }

  // The options of the decision after `begun` (`c`, `c/N.d`): the next part of the legal moves that extend it.
  function choices(begun) {
    return [...new Set(game.legal.filter((m) => m.startsWith(begun + "/")).map((m) => m.slice(begun.length + 1).split("/")[0]))];
  }

  // Plays `mv` with `play` if it is a complete legal move; asks for its next
  // decision (marking the holes it may choose) if it begins one; false otherwise.
  function advance(mv, play) {
    if (game.legal.includes(mv)) { play([...game.moves, mv]); return true; }
    const next = choices(mv);
    if (!next.length) return false;
    partial = mv;
    $("error").textContent = `${mv}: choose ${next.filter((d) => d !== "none").join(", ")}` + (next.includes("none") ? " or none" : "");
    $("none").hidden = !next.includes("none");
    for (const c of $("playboard").querySelectorAll("circle")) c.classList.toggle("choice", next.includes(c.dataset.cell));
    return true;
  }

  // Calls `play(moves)` with the moves so far and the one clicked (with the
  // decisions clicked after it, where the rules ask for them), when it is legal.
  function onMove(play) {
    $("playboard").addEventListener("click", (e) => {
      const c = e.target.closest("circle");
      if (!c || !game) return;
      if (partial && advance(`${partial}/${c.dataset.cell}`, play)) return;
      const mv = moveOf(c);
      if (!(mv && advance(mv, play))) {
        $("error").textContent = `${c.dataset.cell} is not a legal move now` + (game.legal.length ? ` (legal: ${game.legal.join(" ")})` : "");
      }
    });
    $("none").onclick = () => partial && advance(`${partial}/none`, play);
  }

  // The moves so far (none before the first answer).
  const moves = () => (game ? game.moves : []);

  return { show, onMove, moves };
})();
