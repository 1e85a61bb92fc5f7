// The game on the playground's board, shared by the page `sowspec serve`
// builds in and the static site (web/): draws the answer of
// `/api/play` (its board, the legal moves and the hole each names, whose
// turn it is, the moves and the trace of the last ones) and turns a click
// on a hole into a move.
"use strict";
const Game = (() => {
  const $ = (id) => document.getElementById(id);
  // `partial`: a move begun whose rules ask for decisions inside it (`c/N.d`), its decisions so far.
  let game = null, partial = null;
  // The `play` callback `onMove` was given: a round's layout is chosen with buttons, not on the board.
  let playMoves = null;
  // A round's layout (`refill … chosen`: `=a.c`, the holes chosen), never begun on a hole.
  const isLayout = (mv) => mv.startsWith("=");

  // The moves a click on cell `cell` may begin: the first part (`c`, `c+`,
  // `*c`, `*c-`) of each legal move that lifts it or places into it.
  const startsAt = (cell) =>
    [...new Set(game.legal.filter((m, i) => game.cells[i] === cell && !isLayout(m)).map((m) => m.split("/")[0]))];

  // A relay's way, a decision inside the move (`relay … chosen`: `c/+`, `c/-`).
  const WAYS = { "+": "sow on + (with the track)", "-": "sow on − (against it)" };

  // What a move begun so does, in words: `*c+` is "place in c, sow +";
  // `c/-` (a relay's way chosen) is "sow on −".
  function words(mv) {
    if (isLayout(mv)) return `lay out ${mv.slice(1).split(".").join(", ")}`;
    const last = mv.slice(mv.lastIndexOf("/") + 1);
    if (mv.includes("/") && last in WAYS) return WAYS[last];
    const [, place, hole, sense] = /^(\*?)([a-z]+)([+-]?)$/.exec(mv) || [mv, "", mv, ""];
    const sow = { "+": ", sow + (with the track)", "-": ", sow − (against it)", "": "" }[sense];
    return `${place ? "place a seed in" : "lift"} ${hole}${sow}`;
  }

  // Asks which of `options` (moves begun at the hole clicked) to play: a
  // button each, the answer handed to `pick`; no options: the menu goes.
  function ask(options, pick) {
    $("ask").replaceChildren(...options.map((mv) => {
      const b = document.createElement("button");
      b.textContent = words(mv);
      b.dataset.move = mv;
      b.onclick = () => { ask([]); pick(mv); };
      return b;
    }));
    $("ask").hidden = !options.length;
  }

  // Shows `played`, an answer of `/api/play`.
  function show(played) {
    game = played;
    const now = game.trace.steps[game.trace.steps.length - 1];
    Board.draw($("playboard"), game.trace, { board: now.board, focus: null });
    for (const c of $("playboard").querySelectorAll("circle")) {
      if (startsAt(Number(c.dataset.index)).length) c.classList.add("legal");
    }
    partial = null;
    ask([]);
    $("none").hidden = true;
    // A round to lay out first (`refill … chosen`): a button for each layout.
    const layouts = game.legal.filter(isLayout);
    if (layouts.length && playMoves) {
      $("error").textContent = `${game.to_move} lays out the round: which holes?`;
      ask(layouts, (mv) => advance(mv, playMoves));
    }
    const hands = game.trace.hands ? ` (in hand: South ${now.board.hand[0]}, North ${now.board.hand[1]})` : "";
    $("turn").textContent = (game.result ? `game over: ${game.result}` : `${game.to_move} to move`) + hands;
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
    if (next.every((d) => d in WAYS)) {
      $("error").textContent = `${mv}: which way does the sowing go on?`;
      ask(next.map((d) => `${mv}/${d}`), (way) => advance(way, play));
      return true;
    }
    $("error").textContent = `${mv}: choose ${next.filter((d) => d !== "none").join(", ")}` + (next.includes("none") ? " or none" : "");
    $("none").hidden = !next.includes("none");
    for (const c of $("playboard").querySelectorAll("circle")) c.classList.toggle("choice", next.includes(c.dataset.cell));
    return true;
  }

  // Calls `play(moves)` with the moves so far and the one clicked (with the
  // decisions clicked after it, where the rules ask for them), when it is
  // legal. A hole that begins more than one move (lifted or placed into,
  // sown either way) asks which.
  function onMove(play) {
    playMoves = play;
    $("playboard").addEventListener("click", (e) => {
      const c = e.target.closest("circle");
      if (!c || !game) return;
      if (partial && advance(`${partial}/${c.dataset.cell}`, play)) return;
      const options = startsAt(Number(c.dataset.index));
      partial = null;
      ask([]);
      for (const h of $("playboard").querySelectorAll("circle.choice")) h.classList.remove("choice");
      if (options.length === 1) advance(options[0], play);
      else if (options.length) { $("error").textContent = `${c.dataset.cell}: which move?`; ask(options, (mv) => advance(mv, play)); }
      else $("error").textContent = `${c.dataset.cell} is not a legal move now` + (game.legal.length ? ` (legal: ${game.legal.join(" ")})` : "");
    });
    $("none").onclick = () => partial && advance(`${partial}/none`, play);
  }

  // The moves so far (none before the first answer).
  const moves = () => (game ? game.moves : []);

  return { show, onMove, moves };
})();
