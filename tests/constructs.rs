//! The general constructs added for the variants, each on a tiny 2×3 board,
//! with expected positions worked by hand.
//!
//! The board: South's row `S.a S.b S.c`, North's `N.a N.b N.c`; the track
//! (counterclockwise, C-3) is S.a → S.b → S.c → N.a → N.b → N.c → S.a, and
//! S.a faces N.c (C-4). Twelve seeds in play.

use serde_json::{json, Value};
use sowspec::protocol::PositionDoc;
use sowspec::trace::EventKind;
use sowspec::Hole;
use sowspec::Machine;

/// A 2×3 game with the given extra rules and `end` section.
fn game(first_seed: &str, extra: &str, moves_extra: &str, end: &str) -> Machine {
    let source = format!(
        "game \"tiny\" {{
  board {{ rows 2; holes 3; stores none }}
  setup {{ seeds 2 }}
  sowing {{ direction counterclockwise; first_seed {first_seed}; origin sown }}
  {extra}
  moves {{
    lift when count(origin) > 0
    {moves_extra}
    endless after 100 laps illegal
  }}
  end {{ {end}; winner most_captured }}
}}"
    );
    Machine::new(sowspec::check(&source).unwrap_or_else(|d| panic!("{d:#?}")))
}

fn position(m: &Machine, south: [i64; 3], north: [i64; 3], captured: (i64, i64)) -> sowspec::Position {
    claimed_position(m, south, north, captured, Value::Null)
}

fn play(m: &Machine, pos: &sowspec::Position, letter: char) -> (sowspec::Position, Value) {
    let next = m.play(pos, Hole::at(letter as u8 - b'a')).unwrap_or_else(|e| panic!("{letter}: {e}"));
    let doc = serde_json::to_value(PositionDoc::of(m, &next)).unwrap();
    (next, doc)
}

const OWARE_CAPTURE: &str =
    "on sowing_end when landing in opponent_row and (count(landing) == 2 or count(landing) == 3) {
    sweep backward from landing while hole in opponent_row and (count(hole) == 2 or count(hole) == 3) {
      capture hole to mover
    }
    FORFEIT
  }";

/// `sweep backward`: S.c (3) sows N.a 2, N.b 3, N.c 2; the last seed is in
/// N.c (2): capture it, then N.b (3), then N.a (2); before N.a comes S.c,
/// not on the opponent's row: stop. South 5 + 7 = 12; North, left without
/// seeds, cannot move (C-7): nothing remains; South wins 12 to 0.
#[test]
fn sweep_backward_captures_a_chain() {
    let m = game("next", &OWARE_CAPTURE.replace("FORFEIT", ""), "", "no_moves remaining to last_mover");
    let pos = position(&m, [0, 0, 3], [1, 2, 1], (5, 0));
    let (_, doc) = play(&m, &pos, 'c');
    assert_eq!(doc["board"], json!({"south": [0, 0, 0], "north": [0, 0, 0]}));
    assert_eq!(doc["captured"], json!({"south": 12, "north": 0}));
    assert_eq!(doc["result"], json!({"winner": "south"}));
}

/// The same move with `forfeit when total(opponent_row) == 0` (Oware's grand
/// slam): the sweep would empty North's row, so every capture is undone.
#[test]
fn forfeit_undoes_the_rule() {
    let rule = OWARE_CAPTURE.replace("FORFEIT", "forfeit when total(opponent_row) == 0");
    let m = game("next", &rule, "", "no_moves remaining to last_mover");
    let pos = position(&m, [0, 0, 3], [1, 2, 1], (5, 0));
    let mut events = Vec::new();
    let next = m.play_traced(&pos, Hole::at(2), &mut events).unwrap();
    let doc = serde_json::to_value(PositionDoc::of(&m, &next)).unwrap();
    assert_eq!(doc["board"], json!({"south": [0, 0, 0], "north": [2, 3, 2]}));
    assert_eq!(doc["captured"], json!({"south": 5, "north": 0}));
    assert_eq!(doc["to_move"], "north");
    assert_eq!(doc["legal"], json!(["a", "b", "c"]));
    assert!(events.iter().any(|e| e.kind == sowspec::trace::EventKind::Forfeit));
}

/// A grand slam judged against the board before the move (MancalaGames'
/// NO_CAPT): the captures are undone only when the opponent had seeds as
/// the move began and has none after it.
const SLAM: &str = "on sowing_end when landing in opponent_row {
    sweep backward from landing while hole in opponent_row and count(hole) > 0 {
      capture hole to mover
    }
    forfeit when total_before(opponent_row) > 0 and total(opponent_row) == 0
  }";

/// North had a seed (N.a 1): S.c (2) sows N.a → 2, N.b → 1; the sweep from
/// N.b takes N.b (1) and N.a (2), then meets S.c: North's row is empty
/// after a move it began with 1 seed in, so both captures are undone:
/// North [2, 1, 0], South keeps its 9. The rules read the board before the
/// move, which the compiled kernel keeps for such rules.
#[test]
fn total_before_undoes_a_grand_slam_on_a_row_that_had_seeds() {
    let m = game("next", SLAM, "", "no_moves remaining to last_mover");
    assert_eq!((m.plan().kernel(), m.plan().general_reasons()), (sowspec::Kernel::Compiled, &[][..]));
    let pos = position(&m, [0, 0, 2], [1, 0, 0], (9, 0));
    let (_, doc) = play(&m, &pos, 'c');
    assert_eq!(doc["board"], json!({"south": [0, 0, 0], "north": [2, 1, 0]}));
    assert_eq!(doc["captured"], json!({"south": 9, "north": 0}));
    assert_eq!(doc["to_move"], "north");
}

/// North's row was empty: S.c (2) sows N.a → 1, N.b → 1; the sweep takes
/// both (South 9 + 2 = 11), and since North had nothing when the move
/// began, the captures stand. North cannot move: S.b's 1 seed goes to
/// South, the last mover (C-7): 12 to 0. (`forfeit when total(opponent_row)
/// == 0` alone would have undone them.)
#[test]
fn total_before_lets_a_capture_stand_on_a_row_that_was_empty() {
    let m = game("next", SLAM, "", "no_moves remaining to last_mover");
    let pos = position(&m, [0, 1, 2], [0, 0, 0], (9, 0));
    let (_, doc) = play(&m, &pos, 'c');
    assert_eq!(doc["board"], json!({"south": [0, 0, 0], "north": [0, 0, 0]}));
    assert_eq!(doc["captured"], json!({"south": 12, "north": 0}));
    assert_eq!(doc["result"], json!({"winner": "south"}));
}

/// `no_moves keeping board` (MancalaGames' DONT_SCORE): S.a (1) sows S.b;
/// North has no seed and cannot move, so the game ends with S.b's seed
/// left where it is, counting for nobody: 5 to 6, North wins. (Given to the
/// last mover, or to its row's owner, South, it would make 6 to 6, a draw.)
#[test]
fn seeds_kept_on_the_board_count_for_nobody() {
    let m = game("next", "", "", "no_moves keeping board");
    let pos = position(&m, [1, 0, 0], [0, 0, 0], (5, 6));
    let (_, doc) = play(&m, &pos, 'a');
    assert_eq!(doc["board"], json!({"south": [0, 1, 0], "north": [0, 0, 0]}));
    assert_eq!(doc["captured"], json!({"south": 5, "north": 6}));
    assert_eq!(doc["result"], json!({"winner": "north"}));
    let given = game("next", "", "", "no_moves remaining to last_mover");
    let (_, doc) = play(&given, &position(&given, [1, 0, 0], [0, 0, 0], (5, 6)), 'a');
    assert_eq!(doc["result"], json!({"winner": "draw"}));
}

/// `sweep forward` visits the holes after the first, with the sowing.
/// S.b (1) sows S.c → 2; the sweep from S.c forward takes S.c (2), N.a (2),
/// N.b (2) and stops at N.c (1). South 2 + 6 = 8. (Backward, it would have
/// stopped at S.b, emptied by the move, after taking S.c alone.)
#[test]
fn sweep_forward_follows_the_sowing_direction() {
    let rule = "on sowing_end { sweep forward from landing while count(hole) >= 2 { capture hole to mover } }";
    let m = game("next", rule, "", "no_moves remaining to last_mover");
    let pos = position(&m, [2, 1, 1], [2, 2, 1], (2, 1));
    let (_, doc) = play(&m, &pos, 'b');
    assert_eq!(doc["board"], json!({"south": [2, 0, 0], "north": [0, 0, 1]}));
    assert_eq!(doc["captured"], json!({"south": 8, "north": 1}));
    assert_eq!(doc["to_move"], "north");
}

/// A sweep visits each hole at most once, closed holes passed over: on
/// 2×4 in round 2, South's S.a and S.b closed (South held 12, enough to
/// refill two holes of 6 from the right), South plays d (1) into N.a → 4.
/// The sweep forward from N.a, while a hole holds an even count, takes 2
/// from each of North's holes: N.a, N.b, N.c, N.d (4 → 2 each, South
/// 12 + 8 = 20), passes the closed S.a and S.b, visits S.c (2, even, not
/// North's: nothing) and S.d (emptied by the lift), and ends there: N.a
/// and N.b, next again, are not visited twice (they would give South 24).
#[test]
fn a_sweep_goes_round_the_open_holes_once() {
    let m = machine(
        "game \"Sweep closed\" {
  board { rows 2; holes 4; stores none }
  setup { seeds 6 }
  sowing { direction counterclockwise; first_seed next; origin sown }
  on sowing_end {
    sweep forward from landing while count(hole) % 2 == 0 {
      capture 2 from hole to mover when hole in opponent_row
    }
  }
  moves { lift when count(origin) > 0; endless after 100 laps illegal }
  end { no_moves remaining to owner; winner most_captured }
  match { refill 6 per hole from right; starter receiver; match_end below 6 }
}",
    );
    let doc = json!({"to_move": "south", "board": {"south": [0, 0, 2, 1], "north": [3, 4, 4, 4]},
                     "captured": {"south": 12, "north": 18}, "closed": {"south": ["a", "b"], "north": []},
                     "round": 2});
    let pos = serde_json::from_value::<PositionDoc>(doc).unwrap().to_position(&m).unwrap();
    assert_ne!(m.plan().kernel(), sowspec::Kernel::General, "the compiled sweep is tested");
    let (_, doc) = play(&m, &pos, 'd');
    assert_eq!(doc["board"], json!({"south": [0, 0, 2, 0], "north": [2, 2, 2, 2]}));
    assert_eq!(doc["captured"], json!({"south": 20, "north": 18}));
    assert_eq!(doc["to_move"], "north");
    // The definition (a traced move) agrees, with four captures.
    let mut events = Vec::new();
    let traced = m.play_traced(&pos, Hole::at(3), &mut events).unwrap();
    assert_eq!(serde_json::to_value(PositionDoc::of(&m, &traced)).unwrap(), doc);
    let captures = events.iter().filter(|e| matches!(e.kind, sowspec::trace::EventKind::Capture { .. })).count();
    assert_eq!(captures, 4);
}

/// Clockwise with stores: the track is S.c, S.b, S.a, South's store, N.c,
/// N.b, N.a, North's store. South's S.b (3) sows S.a, South's store, N.c.
#[test]
fn clockwise_stores_follow_their_own_row() {
    let source = "game \"cw\" {
  board { rows 2; holes 3; stores sown }
  setup { seeds 2 }
  sowing { direction clockwise; first_seed next; origin sown }
  moves { lift when count(origin) > 0; endless after 100 laps illegal }
  end { no_moves remaining to owner; winner most_captured }
}";
    let m = Machine::new(sowspec::check(source).unwrap());
    let pos = position(&m, [1, 3, 0], [2, 2, 2], (1, 1));
    let (_, doc) = play(&m, &pos, 'b');
    assert_eq!(doc["board"], json!({"south": [2, 0, 0], "north": [2, 2, 3]}));
    assert_eq!(doc["captured"], json!({"south": 2, "north": 1}));
}

/// `must_leave total(opponent_row) > 0 when total(opponent_row) == 0`: North
/// has no seeds, so South must feed: S.a (1) only reaches S.b, S.c (2)
/// reaches N.a and N.b. Only `c` is legal; `a` is refused naming the duty.
#[test]
fn must_leave_obliges_feeding() {
    let duty = "must_leave total(opponent_row) > 0 when total(opponent_row) == 0";
    let m = game("next", "", duty, "no_moves remaining to owner");
    let pos = position(&m, [1, 0, 2], [0, 0, 0], (4, 5));
    assert_eq!(pos.legal_moves().collect::<Vec<_>>(), [sowspec::Move::from(Hole::at(2))]);
    let err = m.play(&pos, Hole::at(0)).unwrap_err();
    assert!(matches!(err.reason, sowspec::Illegal::MustLeave { .. }), "{:?}", err.reason);
    let (_, doc) = play(&m, &pos, 'c');
    assert_eq!(doc["board"], json!({"south": [1, 0, 0], "north": [1, 1, 0]}));
}

/// When no move can feed, the player has no legal move: with
/// `no_moves remaining to owner`, South keeps the 2 seeds of its row. The
/// position is rejected as a start (the player to move cannot move), so the
/// game is reached by a move: North's N.c (1) sows S.a and leaves North
/// empty; South's S.a (1) → S.b and S.b (1) → S.c cannot feed.
#[test]
fn must_leave_with_no_feeding_move_ends_the_game() {
    let duty = "must_leave total(opponent_row) > 0 when total(opponent_row) == 0";
    let m = game("next", "", duty, "no_moves remaining to owner");
    let doc = json!({"to_move": "north", "board": {"south": [0, 1, 0], "north": [0, 0, 1]},
                     "captured": {"south": 5, "north": 5}, "closed": {"south": [], "north": []}, "round": 1});
    let pos = serde_json::from_value::<PositionDoc>(doc).unwrap().to_position(&m).unwrap();
    let (_, doc) = play(&m, &pos, 'c');
    assert_eq!(doc["board"], json!({"south": [0, 0, 0], "north": [0, 0, 0]}));
    assert_eq!(doc["captured"], json!({"south": 7, "north": 5}));
    assert_eq!(doc["result"], json!({"winner": "south"}));
}

/// `over when total(mover_row) == 0 or total(opponent_row) == 0` (Kalah):
/// S.c (1) → N.a; South's row is now empty, so the game ends at once; with
/// `no_moves remaining to owner` North takes its 3: North 8, South 4.
#[test]
fn over_ends_the_game_after_the_move() {
    let m = game(
        "next",
        "",
        "",
        "no_moves remaining to owner; over when total(mover_row) == 0 or total(opponent_row) == 0",
    );
    let pos = position(&m, [0, 0, 1], [2, 0, 0], (4, 5));
    let (next, doc) = play(&m, &pos, 'c');
    assert_eq!(doc["board"], json!({"south": [0, 0, 0], "north": [0, 0, 0]}));
    assert_eq!(doc["captured"], json!({"south": 4, "north": 8}));
    assert_eq!(doc["to_move"], Value::Null);
    assert_eq!(doc["result"], json!({"winner": "north"}));
    assert_eq!(next.legal_mask(), 0);
}

const TUZDYK: &str = "on drop when claimed(hole) { capture hole to claimer(hole) }
  on sowing_end when landing in opponent_row and count(landing) == 3 and claims(mover) == 0 and index(landing) != 3 {
    claim landing for mover
    capture landing to mover
  }";

/// `claim`: S.c (1) makes N.a 3: South claims N.a (index 1, not 3) and takes
/// its 3 (South 5). North's N.c (4) sows S.a 2, S.b 1, S.c 1 and N.a: that
/// seed goes at once to N.a's claimer, South (6).
#[test]
fn claimed_holes_send_their_seeds_to_the_claimer() {
    let m = game("next", TUZDYK, "", "no_moves remaining to last_mover");
    let pos = position(&m, [1, 0, 1], [2, 0, 4], (2, 2));
    let (after_south, doc) = play(&m, &pos, 'c');
    assert_eq!(doc["board"], json!({"south": [1, 0, 0], "north": [0, 0, 4]}));
    assert_eq!(doc["captured"], json!({"south": 5, "north": 2}));
    assert_eq!(doc["claimed"], json!({"south": ["na"], "north": []}));
    let (after_north, doc) = play(&m, &after_south, 'c');
    assert_eq!(doc["board"], json!({"south": [2, 1, 1], "north": [0, 0, 0]}));
    assert_eq!(doc["captured"], json!({"south": 6, "north": 2}));
    // The claim travels through the protocol.
    let back = PositionDoc::of(&m, &after_north).to_position(&m).unwrap();
    assert_eq!(back, after_north);
}

/// `index(landing) != 3` keeps the last hole from being claimed: S.a (3)
/// sows S.b, S.c, N.a; N.a holds 3 but that is not the point — here the
/// landing N.c (index 3) reaches 3 from 2 by S.c (… ) — S.c (4) sows N.a 1,
/// N.b 1, N.c 3, S.a 1: landing S.a is South's own row; instead S.b (4)
/// sows S.c, N.a, N.b, N.c → N.c 3, index 3: no claim.
#[test]
fn index_excludes_the_last_hole_from_claims() {
    let m = game("next", TUZDYK, "", "no_moves remaining to last_mover");
    let pos = position(&m, [0, 4, 0], [0, 0, 2], (3, 3));
    let (_, doc) = play(&m, &pos, 'b');
    assert_eq!(doc["board"], json!({"south": [0, 0, 1], "north": [1, 1, 3]}));
    assert_eq!(doc.get("claimed"), None);
}

/// `first_seed origin_unless_single`: S.b (3) drops its first seed back in
/// S.b, then S.c and N.a; a single seed (S.c) goes to the next hole.
#[test]
fn first_seed_back_into_the_origin_unless_single() {
    let m = game("origin_unless_single", "", "", "no_moves remaining to last_mover");
    let pos = position(&m, [0, 3, 1], [1, 1, 1], (2, 3));
    let (_, several) = play(&m, &pos, 'b');
    assert_eq!(several["board"], json!({"south": [0, 1, 2], "north": [2, 1, 1]}));
    let (_, single) = play(&m, &pos, 'c');
    assert_eq!(single["board"], json!({"south": [0, 3, 0], "north": [2, 1, 1]}));
}

/// `%` (Toguz Kumalak's even counts): S.c (2) sows N.a 2, N.b 2; the landing
/// N.b holds 2, even: captured (South 6).
#[test]
fn remainder_tests_even_counts() {
    let rule = "on sowing_end when landing in opponent_row and count(landing) % 2 == 0 { capture landing to mover }";
    let m = game("next", rule, "", "no_moves remaining to last_mover");
    let pos = position(&m, [0, 0, 2], [1, 1, 0], (4, 4));
    let (_, doc) = play(&m, &pos, 'c');
    assert_eq!(doc["board"], json!({"south": [0, 0, 0], "north": [2, 0, 0]}));
    assert_eq!(doc["captured"], json!({"south": 6, "north": 4}));
}

/// `captured(PLAYER)` and `about`: a game that ends as soon as the mover
/// holds more than 6; the `about` block is read but changes nothing.
#[test]
fn captured_counts_a_players_holding() {
    let rule = "about { family \"test\"; source \"hand\" }
  on sowing_end when count(landing) > 1 { capture landing to mover }";
    let m = game("next", rule, "", "no_moves remaining to owner; over when captured(mover) > 6");
    assert_eq!(m.rules().about().family.as_deref(), Some("test"));
    // S.c (1) → N.a 2: captured, South 5 + 2 = 7 > 6: over; the board's
    // remaining seeds go to their owners (South 1, North 3).
    let pos = position(&m, [1, 0, 1], [1, 2, 1], (5, 1));
    let (_, doc) = play(&m, &pos, 'c');
    assert_eq!(doc["captured"], json!({"south": 8, "north": 4}));
    assert_eq!(doc["result"], json!({"winner": "south"}));
}

// ---------------------------------------------------------------------------
// The whole family: passes, repetition, chosen directions, four rows, hole
// arithmetic, conditional actions and the smaller gaps. Each position below
// is worked by hand from the rules written in the test.

/// A machine from a whole rules file.
fn machine(source: &str) -> Machine {
    Machine::new(sowspec::check(source).unwrap_or_else(|d| panic!("{d:#?}")))
}

/// A rules file: `board` and `setup` as given, counterclockwise sowing from
/// the next hole, `lift`, `moves_extra`, `end` and any extra sections.
fn rules(board: &str, seeds: &str, extra: &str, moves_extra: &str, end: &str) -> String {
    format!(
        "game \"family\" {{
  board {{ {board}; stores none }}
  setup {{ seeds {seeds} }}
  sowing {{ direction counterclockwise; first_seed next; origin sown }}
  {extra}
  moves {{
    lift when count(origin) > 0
    {moves_extra}
  }}
  end {{ {end}; winner most_captured }}
}}"
    )
}

/// Plays `moves` (as written in fixtures) from `pos`; the protocol document after each.
fn play_all(m: &Machine, mut pos: sowspec::Position, moves: &[&str]) -> (sowspec::Position, Value) {
    for mv in moves {
        pos = m.play(&pos, sowspec::Move::parse(mv).unwrap()).unwrap_or_else(|e| panic!("{mv}: {e}"));
    }
    let doc = serde_json::to_value(PositionDoc::of(m, &pos)).unwrap();
    (pos, doc)
}

/// `no_moves pass`: South plays c (1 seed) into N.a; North plays a into N.b;
/// South's row is empty, so South passes and North moves again.
#[test]
fn a_player_without_moves_passes() {
    let src = rules("rows 2; holes 3", "2", "", "endless after 100 laps illegal", "no_moves pass remaining to owner");
    let m = machine(&src);
    let start = position(&m, [0, 0, 1], [0, 0, 1], (5, 5));
    let (pos, doc) = play_all(&m, start.clone(), &["c", "a"]);
    assert_eq!(doc["board"], json!({"south": [0, 0, 0], "north": [0, 1, 1]}));
    assert_eq!(doc["to_move"], "north", "South cannot move and passes");
    assert_eq!(doc["legal"], json!(["b", "c"]));
    let mut events = Vec::new();
    m.play_traced(&play_all(&m, start, &["c"]).0, Hole::at(0), &mut events).unwrap();
    assert!(events.iter().any(|e| e.kind == sowspec::trace::EventKind::Pass { player: sowspec::Player::South }));
    // North plays c into S.a: South can move again.
    let (_, doc) = play_all(&m, pos, &["c"]);
    assert_eq!(doc["board"], json!({"south": [1, 0, 0], "north": [0, 1, 0]}));
    assert_eq!(doc["to_move"], "south");
    assert_eq!(doc["legal"], json!(["a"]));
}

/// With passes, the game ends when neither player can move: here only
/// holes of 2 or more may be lifted; South sows its 2 into N.a and N.b, and
/// then no hole holds 2. Each row goes to its owner: North 5 + 2 = 7, South 5.
#[test]
fn passing_ends_when_neither_can_move() {
    let src = rules("rows 2; holes 3", "2", "", "endless after 100 laps illegal", "no_moves pass remaining to owner")
        .replace("lift when count(origin) > 0", "lift when count(origin) > 1");
    let m = machine(&src);
    let (_, doc) = play_all(&m, position(&m, [0, 0, 2], [0, 0, 0], (5, 5)), &["c"]);
    assert_eq!(doc["board"], json!({"south": [0, 0, 0], "north": [0, 0, 0]}));
    assert_eq!(doc["captured"], json!({"south": 5, "north": 7}));
    assert_eq!(doc["result"], json!({"winner": "north"}));
}

/// On a 2×1 board with one seed a side, South's seed goes to N.a (2), and
/// North's two go to S.a and back into N.a: the start again, South to move.
fn cycle(end: &str) -> Machine {
    machine(&rules("rows 2; holes 1", "1", "", "endless after 100 laps illegal", end))
}

/// `repetition 2 … remaining to owner`: the second occurrence of the start
/// ends the game; each takes their own row, 1 each: a draw.
#[test]
fn a_repeated_position_ends_the_game() {
    let m = cycle("no_moves remaining to owner; repetition 2 remaining to owner");
    let (_, doc) = play_all(&m, m.initial(), &["a"]);
    assert_eq!(doc["board"], json!({"south": [0], "north": [2]}), "no repetition yet");
    let (_, doc) = play_all(&m, m.initial(), &["a", "a"]);
    assert_eq!(doc["board"], json!({"south": [0], "north": [0]}));
    assert_eq!(doc["captured"], json!({"south": 1, "north": 1}));
    assert_eq!(doc["result"], json!({"winner": "draw"}));
    assert_eq!(doc["to_move"], Value::Null);
}

/// With passes, the position a repetition rule compares is the one after
/// the pass, naming the player who actually moves (as `to_move` does): one
/// seed goes round a 2×2 board, the player without it passing each time;
/// after four moves S.b holds it with South to move, the start again, and
/// `repetition 2` ends the game there (South's row to South: 2 + 1).
#[test]
fn a_repetition_through_passes_compares_the_player_who_moves() {
    let m = machine(&rules(
        "rows 2; holes 2",
        "1",
        "",
        "endless after 10 laps illegal",
        "no_moves pass remaining to owner; repetition 2 remaining to owner",
    ));
    let doc = json!({"to_move": "south", "board": {"south": [0, 1], "north": [0, 0]},
                     "captured": {"south": 2, "north": 1}, "closed": {"south": [], "north": []}, "round": 1});
    let start = serde_json::from_value::<PositionDoc>(doc).unwrap().to_position(&m).unwrap_or_else(|e| panic!("{e}"));
    let (_, doc) = play_all(&m, start.clone(), &["b", "a", "b"]);
    assert_eq!(doc["to_move"], "south");
    assert_eq!(doc["board"], json!({"south": [1, 0], "north": [0, 0]}));
    let (_, doc) = play_all(&m, start, &["b", "a", "b", "a"]);
    assert_eq!(doc["to_move"], Value::Null, "the start again, South to move after North's pass");
    assert_eq!(doc["captured"], json!({"south": 3, "north": 1}));
    assert_eq!(doc["result"], json!({"winner": "south"}));
}

/// `repetition 3 split`: the start occurs a third time after four moves;
/// its two seeds are split, one each.
#[test]
fn the_third_repetition_splits_the_seeds() {
    let m = cycle("no_moves remaining to owner; repetition 3 split");
    let (_, doc) = play_all(&m, m.initial(), &["a", "a"]);
    assert_eq!(doc["result"], Value::Null, "only the second occurrence");
    let (_, doc) = play_all(&m, m.initial(), &["a", "a", "a", "a"]);
    assert_eq!(doc["captured"], json!({"south": 1, "north": 1}));
    assert_eq!(doc["result"], json!({"winner": "draw"}));
}

/// An odd number of seeds split: 2 seeds a hole, South holding 1, with 2
/// on S.a and 1 on N.a: S.a sows N.a (2) and S.a (1), N.a sows S.a (2) and
/// N.a (1), the position returns; of its 3 seeds the odd one goes to the
/// player to move (South): South 1 + 2, North 1.
#[test]
fn an_odd_seed_of_a_split_goes_to_the_player_to_move() {
    let m = machine(&rules(
        "rows 2; holes 1",
        "2",
        "",
        "endless after 100 laps illegal",
        "no_moves remaining to owner; repetition 2 split",
    ));
    let doc: PositionDoc = serde_json::from_value(json!({"to_move": "south", "board": {"south": [2], "north": [1]},
        "captured": {"south": 1, "north": 0}, "closed": {"south": [], "north": []}, "round": 1}))
    .unwrap();
    let start = doc.to_position(&m);
    let start = start.unwrap_or_else(|e| panic!("{e}"));
    let (_, doc) = play_all(&m, start, &["a", "a"]);
    assert_eq!(doc["captured"], json!({"south": 3, "north": 1}));
    assert_eq!(doc["result"], json!({"winner": "south"}));
}

/// `repetition 2 draw`: the game is drawn and the seeds stay where they are.
#[test]
fn a_repetition_can_be_a_draw() {
    let m = cycle("no_moves remaining to owner; repetition 2 draw");
    let (_, doc) = play_all(&m, m.initial(), &["a", "a"]);
    assert_eq!(doc["board"], json!({"south": [1], "north": [1]}));
    assert_eq!(doc["result"], json!({"winner": "draw"}));
}

/// `direction chosen`: from 2 seeds each, `b-` sows clockwise from S.b into
/// S.a and N.c; `b+` counterclockwise into S.c and N.a; a plain `b` is refused.
#[test]
fn the_player_chooses_the_direction() {
    let m = machine(
        &rules("rows 2; holes 3", "2", "", "endless after 100 laps illegal", "no_moves remaining to owner")
            .replace("direction counterclockwise", "direction chosen"),
    );
    let (_, doc) = play_all(&m, m.initial(), &["b-"]);
    assert_eq!(doc["board"], json!({"south": [3, 0, 2], "north": [2, 2, 3]}));
    assert_eq!(doc["legal"], json!(["a+", "b+", "c+", "a-", "b-", "c-"]));
    let (_, doc) = play_all(&m, m.initial(), &["b+"]);
    assert_eq!(doc["board"], json!({"south": [2, 0, 3], "north": [3, 2, 2]}));
    let err = m.play(&m.initial(), Hole::at(1)).unwrap_err();
    assert!(matches!(err.reason, sowspec::Illegal::Direction { chosen: true }), "{:?}", err.reason);
}

/// `lift when` sees the chosen direction: `next(origin)` is the hole after
/// the origin in the direction of that move. Here a hole may only be sown
/// towards a later hole of the mover's own row (Um el-Bagara's direction
/// depends on the hole), so from 2 seeds each only `a+` and `b+` are legal;
/// `a-` is refused with the `lift` line's reason.
#[test]
fn lift_when_follows_the_chosen_direction() {
    let m = machine(
        &rules("rows 2; holes 3", "2", "", "endless after 100 laps illegal", "no_moves remaining to owner")
            .replace("direction counterclockwise", "direction chosen")
            .replace(
                "lift when count(origin) > 0",
                "lift when count(origin) > 0 and next(origin) in mover_row and index(next(origin)) > index(origin)",
            ),
    );
    let (_, doc) = play_all(&m, m.initial(), &[]);
    assert_eq!(doc["legal"], json!(["a+", "b+"]));
    let minus = sowspec::Move::parse("a-").unwrap();
    let err = m.play(&m.initial(), minus).unwrap_err();
    assert!(matches!(err.reason, sowspec::Illegal::NotLiftable { .. }), "{:?}", err.reason);
}

/// A 4×2 board: South's holes S.a, S.b (outer row, left to right) and S.c,
/// S.d (inner row, right to left), North's likewise; one seed each. Each
/// player sows round their own two rows. A seed ending in one's inner row
/// takes the opponent's facing inner hole and the outer hole behind it.
fn four_rows() -> Machine {
    machine(&rules(
        "rows 4; holes 2",
        "1",
        "on sowing_end when landing in mover_inner_row and count(opposite(landing)) > 0 {
    capture opposite(landing) to mover
    capture outer(opposite(landing)) to mover
  }",
        "endless after 100 laps illegal",
        "no_moves remaining to owner",
    ))
}

/// S.b's seed goes to S.c, the inner row's right-hand hole; it faces N.d
/// (North's inner row runs c, d from South's left), behind which is N.a.
#[test]
fn four_rows_capture_the_facing_holes() {
    let m = four_rows();
    let (_, doc) = play_all(&m, m.initial(), &["b"]);
    assert_eq!(doc["board"], json!({"south": [1, 0, 2, 1], "north": [0, 1, 1, 0]}));
    assert_eq!(doc["captured"], json!({"south": 2, "north": 0}));
    assert_eq!(doc["legal"], json!(["b", "c"]));
}

/// S.d's seed goes round South's circuit to S.a (outer row): no capture.
#[test]
fn four_rows_sow_round_the_owners_two_rows() {
    let m = four_rows();
    let (_, doc) = play_all(&m, m.initial(), &["d"]);
    assert_eq!(doc["board"], json!({"south": [2, 1, 1, 0], "north": [1, 1, 1, 1]}));
    assert_eq!(doc["captured"], json!({"south": 0, "north": 0}));
}

/// `mirror`, `prev` and `next` of a hole: South plays a (2) into S.b and
/// S.c; the landing S.c mirrors N.c, follows S.b and precedes N.a.
#[test]
fn hole_arithmetic() {
    for (hole, board, captured) in [
        ("mirror(landing)", json!({"south": [0, 3, 3], "north": [2, 2, 0]}), 2),
        ("prev(landing)", json!({"south": [0, 0, 3], "north": [2, 2, 2]}), 3),
        ("next(landing)", json!({"south": [0, 3, 3], "north": [0, 2, 2]}), 2),
        ("next(origin)", json!({"south": [0, 0, 3], "north": [2, 2, 2]}), 3),
    ] {
        let m =
            game("next", &format!("on sowing_end {{ capture {hole} to mover }}"), "", "no_moves remaining to owner");
        let (_, doc) = play(&m, &m.initial(), 'a');
        assert_eq!(doc["board"], board, "{hole}");
        assert_eq!(doc["captured"]["south"], captured, "{hole}");
    }
}

/// An action with `when`, and an `if` block: the landing is taken only
/// when it is in the mover's row: after a (2 seeds) S.c holds 3 and is
/// taken; after c, the last seed falls in N.b.
#[test]
fn conditional_actions() {
    for rule in [
        "on sowing_end { capture landing to mover when landing in mover_row }",
        "on sowing_end {\n    if landing in mover_row {\n      capture landing to mover\n    }\n  }",
    ] {
        let m = game("next", rule, "", "no_moves remaining to owner");
        let (_, doc) = play(&m, &m.initial(), 'a');
        assert_eq!(doc["board"], json!({"south": [0, 3, 0], "north": [2, 2, 2]}), "{rule}");
        let (_, doc) = play(&m, &m.initial(), 'c');
        assert_eq!(doc["board"], json!({"south": [2, 2, 0], "north": [3, 3, 2]}), "{rule}: no capture");
    }
}

/// `capture every hole where …`: after South plays a, every hole of
/// North's holding 2 goes to South (6 seeds); North cannot move, and
/// South's own 6 go to South: 12 to 0.
#[test]
fn capture_every_hole_where() {
    let rule = "on sowing_end { capture every hole where hole in opponent_row and count(hole) == 2 to mover }";
    let m = game("next", rule, "", "no_moves remaining to owner");
    let (_, doc) = play(&m, &m.initial(), 'a');
    assert_eq!(doc["captured"], json!({"south": 12, "north": 0}));
    assert_eq!(doc["result"], json!({"winner": "south"}));
}

/// `must_leave … if_possible`: North has no seeds and no move of South's
/// (S.a's one seed reaches S.b) can give it any; then every move is legal.
#[test]
fn the_feeding_duty_yields_when_it_cannot_be_met() {
    let duty = "must_leave total(opponent_row) > 0 when total(opponent_row) == 0";
    let strict = game("next", "", duty, "no_moves remaining to owner");
    let lenient = game("next", "", &format!("{duty} if_possible"), "no_moves remaining to owner");
    let doc = json!({"to_move": "south", "board": {"south": [1, 0, 0], "north": [0, 0, 0]},
                     "captured": {"south": 5, "north": 6}, "closed": {"south": [], "north": []}, "round": 1});
    let doc: sowspec::protocol::PositionDoc = serde_json::from_value(doc).unwrap();
    assert!(doc.to_position(&strict).is_err(), "no legal move under the strict duty");
    let pos = doc.to_position(&lenient).unwrap();
    assert_eq!(pos.legal_moves().map(|m| m.to_string()).collect::<Vec<_>>(), ["a"]);
}

/// `endless … ends_game`: every sowing relays for ever here, so any move
/// ends the game with the board as it was, each row to its owner: 2 + 2.
#[test]
fn an_endless_move_can_end_the_game() {
    let src = rules("rows 2; holes 1", "2", "", "endless after 5 laps ends_game", "no_moves remaining to owner")
        .replace("origin sown }", "origin sown; relay lift landing when count(landing) > 0 }");
    assert!(src.contains("relay"));
    let m = machine(&src);
    let (_, doc) = play_all(&m, m.initial(), &["a"]);
    assert_eq!(doc["captured"], json!({"south": 2, "north": 2}));
    assert_eq!(doc["result"], json!({"winner": "draw"}));
}

/// `over when … keeping board`: the game ends when South has captured, and
/// the seeds on the board stay where they are (no sweep).
#[test]
fn an_end_that_keeps_the_board() {
    let end = "no_moves remaining to owner; over when captured(mover) > 0 keeping board";
    let m = game("next", "on sowing_end when count(landing) == 3 { capture landing to mover }", "", end);
    let (_, doc) = play(&m, &m.initial(), 'a');
    assert_eq!(doc["board"], json!({"south": [0, 3, 0], "north": [2, 2, 2]}));
    assert_eq!(doc["captured"], json!({"south": 3, "north": 0}));
    assert_eq!(doc["result"], json!({"winner": "south"}));
}

/// `relay lift A and B from HOLE`: on a 4×2 board with one seed a hole, a
/// last seed in one's own inner row takes the opponent's two facing holes
/// and sows them on from the move's origin (Omweso's capture). S.b's seed
/// makes S.c 2; N.d and N.a (1 each) are sown from S.b into S.c and S.d;
/// S.d's column faces N.c and N.b: sown again from S.b; now S.d faces an
/// empty N.c and the sowing ends. North has nothing: South's 8 go to South.
#[test]
fn a_relay_can_lift_several_holes_and_sow_from_another() {
    let m = machine(&rules(
        "rows 4; holes 2",
        "1",
        "",
        "endless after 100 laps illegal",
        "no_moves remaining to owner",
    )
    .replace(
        "origin sown }",
        "origin sown\n    relay lift opposite(landing) and outer(opposite(landing)) from origin when landing in mover_inner_row and count(opposite(landing)) > 0 and count(outer(opposite(landing))) > 0\n  }",
    ));
    let (_, doc) = play_all(&m, m.initial(), &["b"]);
    assert_eq!(doc["board"], json!({"south": [0, 0, 0, 0], "north": [0, 0, 0, 0]}));
    assert_eq!(doc["captured"], json!({"south": 8, "north": 0}));
    let mut events = Vec::new();
    m.play_traced(&m.initial(), Hole::at(1), &mut events).unwrap();
    let relays = events.iter().filter(|e| matches!(e.kind, sowspec::trace::EventKind::Relay { .. })).count();
    assert_eq!(relays, 4, "two relays, each lifting two holes");
}

/// `over … keeping board` in a match: the seeds left stay on the board and
/// the match ends there (a refill could not place them). South plays b (2)
/// into S.c and N.a; N.a holds 3 and goes to South: 4 + 3 = 7 > 5, over,
/// with S.c's 1 and N.a's 0 … left on the board: South 7, North 4, and 1
/// seed still on S.c. (The seed total, 12, is kept.)
#[test]
fn an_end_keeping_the_board_ends_a_match() {
    let m = machine(
        "game \"Keep board in a match\" {
  board { rows 2; holes 3; stores none }
  setup { seeds 2 }
  sowing { direction counterclockwise; first_seed next; origin sown }
  on sowing_end when count(landing) == 3 { capture landing to mover }
  moves { lift when count(origin) > 0; endless after 1 laps illegal }
  end { over when captured(mover) > 5 keeping board; no_moves remaining to owner; winner most_captured }
  match { refill 1 per hole from right; starter alternate; match_end below 1 }
}",
    );
    let doc = json!({"to_move": "south", "board": {"south": [0, 2, 0], "north": [2, 0, 0]},
                     "captured": {"south": 4, "north": 4}, "closed": {"south": [], "north": []}, "round": 1});
    let start = serde_json::from_value::<PositionDoc>(doc).unwrap().to_position(&m).unwrap();
    let (_, doc) = play_all(&m, start, &["b"]);
    assert_eq!(doc["board"], json!({"south": [0, 0, 1], "north": [0, 0, 0]}));
    assert_eq!(doc["captured"], json!({"south": 7, "north": 4}));
    assert_eq!(doc["result"], json!({"winner": "south"}));
    assert_eq!(doc["round"], 1);
}

/// A relay's list of holes goes on over lines: a line starting with `and
/// origin`, or an `and` ending a line before `origin`, continues the list
/// (`origin` is the hole there, not the `origin sown` statement), and the
/// file plays exactly as its one-line form on every opening move. A line
/// ending with `and` before `origin sown` in a *condition* is still the
/// author's mistake, reported as such.
#[test]
fn a_relay_list_of_holes_goes_on_over_lines() {
    let relay = |list: &str| {
        format!(
            "game \"relay lines\" {{
  board {{ rows 2; holes 3; stores none }}
  setup {{ seeds 2 }}
  sowing {{
    direction counterclockwise
    first_seed next
    origin sown
    relay lift landing{list} from landing when count(landing) > 1 and laps < 3
  }}
  moves {{ lift when count(origin) > 0; endless after 100 laps illegal }}
  end {{ no_moves remaining to owner; winner most_captured }}
}}"
        )
    };
    let one_line = machine(&relay(" and origin"));
    for list in ["\n      and origin", " and\n      origin"] {
        let m = machine(&relay(list));
        for letter in ["a", "b", "c"] {
            let (_, expected) = play_all(&one_line, one_line.initial(), &[letter]);
            let (_, got) = play_all(&m, m.initial(), &[letter]);
            assert_eq!(got, expected, "{list:?}, move {letter}");
        }
    }
    let swallowed = relay("").replace("laps < 3", "laps < 3 and\n    origin sown");
    let diags = sowspec::check(&swallowed).expect_err("an `and` ending a condition before `origin sown`");
    assert!(diags.iter().any(|d| d.message.contains("so `origin` on the next line was read as its right side")));
}

/// `match_end … after N rounds`: the match ends after round N whatever the
/// holdings. South (6 held) plays b: its one seed goes to S.c; North has no
/// seed and cannot move, so the round ends and the board's seed goes to
/// South, the last to move (7 against 5). Without the limit both could
/// refill one a hole (7 and 5 ≥ 1), round 2 begins with North (`starter
/// alternate`: North in even rounds) and every hole holds one seed; with
/// `after 1 rounds` the match is over: South wins 7 to 5.
#[test]
fn a_match_can_end_after_a_number_of_rounds() {
    let game = |end: &str| {
        let matched = format!("refill 1 per hole from right; starter alternate; match_end {end}");
        match_game(3, "none", "", "remaining to last_mover", &matched)
    };
    let start = |m: &Machine| {
        let doc = json!({"to_move": "south", "board": {"south": [0, 1, 0], "north": [0, 0, 0]},
                         "captured": {"south": 6, "north": 5}, "closed": {"south": [], "north": []}, "round": 1});
        serde_json::from_value::<PositionDoc>(doc).unwrap().to_position(m).unwrap()
    };
    let m = game("below 1");
    let (_, doc) = play_all(&m, start(&m), &["b"]);
    assert_eq!(doc["round"], 2);
    assert_eq!(doc["to_move"], "north");
    assert_eq!(doc["board"], json!({"south": [1, 1, 1], "north": [1, 1, 1]}));
    assert_eq!(doc["captured"], json!({"south": 4, "north": 2}));
    let m = game("below 1 after 1 rounds");
    let (_, doc) = play_all(&m, start(&m), &["b"]);
    assert_eq!(doc["round"], 1);
    assert_eq!(doc["board"], json!({"south": [0, 0, 0], "north": [0, 0, 0]}));
    assert_eq!(doc["captured"], json!({"south": 7, "north": 5}));
    assert_eq!(doc["result"], json!({"winner": "south"}));
}

/// `seeds south ROW north ROW`: each player's holes are given apart. South
/// starts with S.a 1, S.c 2; North with 3 in each hole (12 in all); South's
/// a sows its one seed into S.b.
#[test]
fn seeds_can_differ_by_player() {
    let m = machine(&rules(
        "rows 2; holes 3",
        "south [1, 0, 2] north 3",
        "",
        "endless after 100 laps illegal",
        "no_moves remaining to owner",
    ));
    let (_, doc) = play_all(&m, m.initial(), &[]);
    assert_eq!(doc["board"], json!({"south": [1, 0, 2], "north": [3, 3, 3]}));
    assert_eq!(doc["legal"], json!(["a", "c"]));
    let (_, doc) = play_all(&m, m.initial(), &["a"]);
    assert_eq!(doc["board"], json!({"south": [0, 1, 2], "north": [3, 3, 3]}));
}

/// `landing` in `lift when`: where the move's first lap would end, the
/// counts read before the move (Gamacha's rule, with its relay). From
/// S=[1,1,0] N=[0,2,0]: S.a's lap ends in S.b (held 1): not allowed; S.b's
/// in S.c (held 0): allowed. After b, North's b (2) ends its first lap in
/// S.a, South's side: allowed, and it relays on (S.a 2 -> S.b 1, S.c 2 ->
/// N.a 1, N.b 1): the first lap decided, not the last.
#[test]
fn a_lift_condition_can_read_where_the_first_lap_ends() {
    let m = machine(
        &rules("rows 2; holes 3", "2", "", "endless after 100 laps illegal", "no_moves remaining to owner")
            .replace("lift when count(origin) > 0", "lift when landing in opponent_row or count(landing) == 0")
            .replace("origin sown }", "origin sown\n    relay lift landing when count(landing) > 1\n  }"),
    );
    let start = position(&m, [1, 1, 0], [0, 2, 0], (4, 4));
    let (_, doc) = play_all(&m, start.clone(), &[]);
    assert_eq!(doc["legal"], json!(["b"]));
    let (_, doc) = play_all(&m, start.clone(), &["b"]);
    assert_eq!(doc["board"], json!({"south": [1, 0, 1], "north": [0, 2, 0]}));
    assert_eq!(doc["legal"], json!(["b"]));
    let (_, doc) = play_all(&m, start, &["b", "b"]);
    assert_eq!(doc["board"], json!({"south": [0, 1, 0], "north": [1, 1, 1]}));
    assert_eq!(doc["legal"], json!(["b"]), "S.b's lap ends in S.c, empty");
}

/// `winner last_mover`: from S=[0,1,0] N=[0,0,0] (captured 1 and 10), South
/// plays b into S.c and North cannot move. South's seed goes to South (2
/// against 10): `most_captured` gives North the game, `last_mover` South.
#[test]
fn the_last_mover_can_win() {
    let src = rules("rows 2; holes 3", "2", "", "endless after 100 laps illegal", "no_moves remaining to owner");
    for (winner, expected) in [("most_captured", "north"), ("last_mover", "south")] {
        let m = machine(&src.replace("winner most_captured", &format!("winner {winner}")));
        let start = position(&m, [0, 1, 0], [0, 0, 0], (1, 10));
        let (_, doc) = play_all(&m, start, &["b"]);
        assert_eq!(doc["captured"], json!({"south": 2, "north": 10}), "{winner}");
        assert_eq!(doc["result"], json!({"winner": expected}), "{winner}");
    }
}

/// `winner deprive`, with the game over when either row is empty: from
/// S=[0,0,1] N=[0,1,0] (captured 5 each), South sows its last seed into
/// N.a. South has no seed left, North has two: North wins (the board read
/// before any award); `last_mover` would give it to South, `most_captured`
/// calls it a draw (5 each, the board kept).
#[test]
fn a_player_left_without_seeds_loses() {
    let src = rules(
        "rows 2; holes 3",
        "2",
        "",
        "endless after 100 laps illegal",
        "no_moves remaining to owner; over when total(mover_row) == 0 or total(opponent_row) == 0 keeping board",
    );
    for (winner, expected) in [
        ("deprive", json!({"winner": "north"})),
        ("last_mover", json!({"winner": "south"})),
        ("most_captured", json!({"winner": "draw"})),
    ] {
        let m = machine(&src.replace("winner most_captured", &format!("winner {winner}")));
        let start = position(&m, [0, 0, 1], [0, 1, 0], (5, 5));
        let (_, doc) = play_all(&m, start, &["c"]);
        assert_eq!(doc["board"], json!({"south": [0, 0, 0], "north": [1, 1, 0]}), "{winner}");
        assert_eq!(doc["result"], expected, "{winner}");
    }
}

/// `remaining to claimer`: a claimed hole's seeds go to its claimer at the
/// end. From S=[0,0,1] N=[1,0,0] (captured 5 each), South sows into N.a,
/// making 2, and claims it; North's only seeds are in N.a, which is never
/// lifted: North cannot move. With `claimer` N.a's 2 go to South (7 to 5),
/// with `owner` to North (5 to 7).
#[test]
fn the_seeds_left_can_go_to_each_holes_claimer() {
    let claim = "on sowing_end when landing in opponent_row and count(landing) == 2 { claim landing for mover }";
    for (to, captured, winner) in [("claimer", (7, 5), "south"), ("owner", (5, 7), "north")] {
        let src = rules(
            "rows 2; holes 3",
            "2",
            claim,
            "endless after 100 laps illegal",
            &format!("no_moves remaining to {to}"),
        );
        let m = machine(&src);
        let start = position(&m, [0, 0, 1], [1, 0, 0], (5, 5));
        let (_, doc) = play_all(&m, start, &["c"]);
        assert_eq!(doc["board"], json!({"south": [0, 0, 0], "north": [0, 0, 0]}), "{to}");
        assert_eq!(doc["captured"], json!({"south": captured.0, "north": captured.1}), "{to}");
        assert_eq!(doc["result"], json!({"winner": winner}), "{to}");
    }
}

/// A position of the 2×3 game with holes claimed: `claimed` as the JSON
/// protocol writes it (`{"south": ["na"], "north": []}`), or null for none.
fn claimed_position(
    m: &Machine,
    south: [i64; 3],
    north: [i64; 3],
    captured: (i64, i64),
    claimed: Value,
) -> sowspec::Position {
    let doc = json!({"to_move": "south", "board": {"south": south, "north": north},
                     "captured": {"south": captured.0, "north": captured.1},
                     "closed": {"south": [], "north": []}, "claimed": claimed, "round": 1});
    serde_json::from_value::<PositionDoc>(doc).unwrap().to_position(m).unwrap_or_else(|e| panic!("{e}"))
}

/// `capture N from HOLE` (Gabata's weg): the last seed falling into a hole
/// of the mover's row that the opponent claimed takes two seeds from it, or
/// all it holds if fewer. S.b is North's.
/// - S.b holds 3: S.a (1) sows S.b → 4; two go to South (2 + 2 = 4), S.b
///   keeps 2. South [0, 2, 0], North [2, 2, 2] untouched.
/// - S.b is empty: S.a (1) sows S.b → 1; that one seed goes to South
///   (2 + 1 = 3), S.b is left empty and still North's.
#[test]
fn a_capture_can_take_some_seeds_of_a_hole() {
    let take = "on sowing_end when landing in mover_row and claimed(landing) { capture 2 from landing to mover }";
    let m =
        machine(&rules("rows 2; holes 3", "2", take, "endless after 100 laps illegal", "no_moves remaining to owner"));
    let north_has_sb = json!({"south": [], "north": ["sb"]});
    let full = claimed_position(&m, [1, 3, 0], [2, 2, 2], (2, 0), north_has_sb.clone());
    let mut events = Vec::new();
    let next = m.play_traced(&full, Hole::at(0), &mut events).unwrap();
    let doc = serde_json::to_value(PositionDoc::of(&m, &next)).unwrap();
    assert_eq!(doc["board"], json!({"south": [0, 2, 0], "north": [2, 2, 2]}));
    assert_eq!(doc["captured"], json!({"south": 4, "north": 0}));
    let sb = m.cell(sowspec::Player::South, 1);
    let captures: Vec<_> = events
        .iter()
        .filter(|e| matches!(e.kind, sowspec::trace::EventKind::Capture { .. }))
        .map(|e| e.kind.clone())
        .collect();
    assert_eq!(captures, [sowspec::trace::EventKind::Capture { cell: sb, seeds: 2, to: sowspec::Player::South }]);

    let empty = claimed_position(&m, [1, 0, 1], [3, 3, 2], (2, 0), north_has_sb);
    let (_, doc) = play(&m, &empty, 'a');
    assert_eq!(doc["board"], json!({"south": [0, 0, 1], "north": [3, 3, 2]}));
    assert_eq!(doc["captured"], json!({"south": 3, "north": 0}));
    assert_eq!(doc["claimed"], json!({"south": [], "north": ["sb"]}));
}

/// A claimed hole stays with its first claimer: a second `claim` does
/// nothing, and the trace says so. S.b is North's; South's S.a (1) sows
/// S.b → 1, in South's row, so the rule claims it for South: it stays
/// North's. Board S [0, 1, 0], N [2, 2, 2]; nothing captured.
#[test]
fn a_second_claim_of_a_hole_does_nothing() {
    let claim = "on sowing_end when landing in mover_row { claim landing for mover }";
    let m =
        machine(&rules("rows 2; holes 3", "2", claim, "endless after 100 laps illegal", "no_moves remaining to owner"));
    let start = claimed_position(&m, [1, 0, 0], [2, 2, 2], (2, 3), json!({"south": [], "north": ["sb"]}));
    let mut events = Vec::new();
    let next = m.play_traced(&start, Hole::at(0), &mut events).unwrap();
    let doc = serde_json::to_value(PositionDoc::of(&m, &next)).unwrap();
    assert_eq!(doc["board"], json!({"south": [0, 1, 0], "north": [2, 2, 2]}));
    assert_eq!(doc["claimed"], json!({"south": [], "north": ["sb"]}));
    let (_, untraced) = play(&m, &start, 'a');
    assert_eq!(untraced, doc);
    let (south, north) = (sowspec::Player::South, sowspec::Player::North);
    let claims: Vec<_> = events
        .iter()
        .filter(|e| matches!(e.kind, EventKind::Claim { .. } | EventKind::ClaimKept { .. }))
        .map(|e| e.kind.clone())
        .collect();
    assert_eq!(claims, [EventKind::ClaimKept { cell: m.cell(south, 1), by: south, claimer: north }]);
}

/// A repeated position must repeat the claims too. From S.a 1, N.a 1
/// (South to move; captured 6 and 4), each lone seed steps on, and a seed
/// that falls alone into the opponent's row claims the hole: S a→S.b,
/// N a→N.b, S b→S.c, N b→N.c, S c→N.a (South claims N.a), N c→S.a (North
/// claims S.a). The board and player to move are those of the start, but
/// the claims are not: no repetition (which would have made it a draw).
/// South's only seed is in S.a, North's hole: South cannot move, each row
/// goes to its owner, 7 to 5.
#[test]
fn a_repetition_counts_the_claims() {
    let claim = "on sowing_end when landing in opponent_row and count(landing) == 1 { claim landing for mover }";
    let end = "no_moves remaining to owner; repetition 2 draw";
    let m = machine(&rules("rows 2; holes 3", "2", claim, "endless after 100 laps illegal", end));
    let start = position(&m, [1, 0, 0], [1, 0, 0], (6, 4));
    let (_, doc) = play_all(&m, start, &["a", "a", "b", "b", "c", "c"]);
    assert_eq!(doc["claimed"], json!({"south": ["na"], "north": ["sa"]}));
    assert_eq!(doc["captured"], json!({"south": 7, "north": 5}));
    assert_eq!(doc["result"], json!({"winner": "south"}));
}

/// A 2×3 board sown either way, with capturing moves (the first lap ends
/// in an occupied hole of the opponent's, judged before the move) and two
/// preferences: capturing moves first, then clockwise ones.
fn preferring() -> Machine {
    machine(
        &rules(
            "rows 2; holes 3",
            "2",
            "on sowing_end when capturing and landing in opponent_row { capture landing to mover }",
            "capturing when landing in opponent_row and count(landing) > 0
    prefer capturing
    prefer clockwise
    endless after 10 laps illegal",
            "no_moves remaining to owner",
        )
        .replace("direction counterclockwise", "direction chosen"),
    )
}

/// S: a1 c1, N: b1. a+ ends in S.b, a- in N.c (empty), c+ in N.a (empty),
/// c- in S.b: no capturing move, so the clockwise ones: a- and c-.
#[test]
fn without_a_capturing_move_the_next_preference_decides() {
    let m = preferring();
    let (_, doc) = play_all(&m, position(&m, [1, 0, 1], [0, 1, 0], (5, 4)), &[]);
    assert_eq!(doc["legal"], json!(["a-", "c-"]));
}

/// S: b1 c1, N: a1. c+ ends in N.a, which holds a seed: the only capturing
/// move, so the only legal one (b+, b-, c- stay in South's row); it takes
/// N.a's 2. North has nothing left, and South's S.b goes to South.
#[test]
fn a_capturing_move_must_be_played_and_captures() {
    let m = preferring();
    let start = position(&m, [0, 1, 1], [1, 0, 0], (5, 4));
    let (_, doc) = play_all(&m, start.clone(), &[]);
    assert_eq!(doc["legal"], json!(["c+"]));
    let (_, doc) = play_all(&m, start, &["c+"]);
    assert_eq!(doc["captured"], json!({"south": 8, "north": 4}));
    assert_eq!(doc["result"], json!({"winner": "south"}));
}

/// A relay that turns and starts from a numbered hole: S.c (1)
/// counterclockwise drops into N.a (2 → 3); the relay lifts N.a's 3 and sows
/// them as if `hole(mover, 3)` (S.c) had been lifted, clockwise: S.b, S.a,
/// N.c. The lap ends in N.c (1), and the relay's `counterclockwise` no
/// longer holds. Without the turn they would have gone to N.a, N.b, N.c.
#[test]
fn a_relay_turns_the_sowing_from_a_numbered_hole() {
    let m = machine(
        &rules(
            "rows 2; holes 3",
            "2",
            "",
            "endless after 10 laps illegal",
            "no_moves remaining to owner",
        )
        .replace(
            "origin sown }",
            "origin sown
    relay lift landing from hole(mover, 3) clockwise when counterclockwise and landing in opponent_row and count(landing) > 1 }",
        )
        .replace("direction counterclockwise", "direction chosen"),
    );
    let (_, doc) = play_all(&m, position(&m, [0, 0, 1], [2, 0, 0], (5, 4)), &["c+"]);
    assert_eq!(doc["board"], json!({"south": [1, 1, 0], "north": [0, 0, 1]}));
    assert_eq!(doc["legal"], json!(["c+", "c-"]));
}

/// A position from a protocol document's board and reserves (which make
/// up the rules' seed total).
fn start_at(m: &Machine, board: Value, captured: Value) -> sowspec::Position {
    start_with(m, "south", board, captured)
}

/// [`start_at`], with `to_move` to move.
fn start_with(m: &Machine, to_move: &str, board: Value, captured: Value) -> sowspec::Position {
    let doc = json!({"to_move": to_move, "board": board, "captured": captured,
                     "closed": {"south": [], "north": []}, "round": 1});
    serde_json::from_value::<PositionDoc>(doc).unwrap().to_position(m).unwrap()
}

/// [`start_with`] South to move, for rules that read the turn counters:
/// the position gives them, both 0 (a round's first turn).
fn first_turn(m: &Machine, board: Value, captured: Value) -> sowspec::Position {
    let doc = json!({"to_move": "south", "board": board, "captured": captured,
                     "closed": {"south": [], "north": []}, "round": 1, "turns": {"played": 0, "extra": 0}});
    serde_json::from_value::<PositionDoc>(doc).unwrap().to_position(m).unwrap()
}

/// A match of 2 rows of `holes` (with `stores`), 2 seeds a hole, one lap a
/// move, the `on` rules `on`, ended by `no_moves …` as `end` says, and the
/// `match` block's statements `matched`.
fn match_game(holes: u8, stores: &str, on: &str, end: &str, matched: &str) -> Machine {
    machine(&format!(
        "game \"Rounds\" {{
  board {{ rows 2; holes {holes}; stores {stores} }}
  setup {{ seeds 2 }}
  sowing {{ direction counterclockwise; first_seed next; origin sown }}
  {on}
  moves {{ lift when count(origin) > 0; endless after 1 laps illegal }}
  end {{ no_moves {end}; winner most_captured }}
  match {{ {matched} }}
}}"
    ))
}

/// `lap_origin`: the hole the current lap was sown from (Omweso's captured
/// seeds are sown "from the pit where this capturing lap began"). On the 4×2
/// board of [`four_rows`] (S.c faces N.d, behind it N.a; S.d faces N.c,
/// behind it N.b), from S: a1 b1 d1, N: one each, South plays a:
/// - S.b 1→2, outer: relay S.b, a lap sown from S.b: S.c 1, S.d 2, which
///   faces N.c 1 and N.b 1: both taken (2).
/// - `from lap_origin` sows them from S.b: S.c 2, S.d 3; N.c is empty now,
///   so S.d (3) relays: S.a 1, S.b 1, S.c 3, facing N.d 1 and N.a 1: both
///   taken and sown from S.d, where that lap began: S.a 2, S.b 2; S.b
///   relays: S.c 4, S.d 1, and the move ends. S: a2 c4 d1.
/// - `from origin` sows both captures from S.a instead: S.b 1, S.c 2
///   (facing N.d, N.a: taken, sown S.b 2, S.c 3), then S.c (3) relays:
///   S.d 3, S.a 1, S.b 3; S.b (3): S.c 1, S.d 4, S.a 2; S.a (2): S.b 1,
///   S.c 2, facing an empty N.d; S.c (2): S.d 5, S.a 1, and it ends.
///   S: a1 b1 d5.
///
/// North is left with nothing; `keeping board` leaves South's seeds where
/// they lie. (One seed is off the board, in South's reserve.)
#[test]
fn captured_seeds_are_sown_from_the_laps_origin() {
    for (from, south) in [("lap_origin", [2, 0, 4, 1]), ("origin", [1, 1, 0, 5])] {
        let m = machine(
            &rules("rows 4; holes 2", "1", "", "endless after 100 laps illegal", "no_moves keeping board").replace(
                "origin sown }",
                &format!(
                    "origin sown
    relay lift opposite(landing) and outer(opposite(landing)) from {from} when landing in mover_inner_row and count(landing) > 1 and count(opposite(landing)) > 0 and count(outer(opposite(landing))) > 0
    relay lift landing when count(landing) > 1
  }}"
                ),
            ),
        );
        let start =
            start_at(&m, json!({"south": [1, 1, 0, 1], "north": [1, 1, 1, 1]}), json!({"south": 1, "north": 0}));
        let (_, doc) = play_all(&m, start, &["a"]);
        assert_eq!(doc["board"], json!({"south": south, "north": [0, 0, 0, 0]}), "from {from}");
    }
}

/// `counterclockwise` in `lift` and a relay turning `counterclockwise`. With
/// `direction chosen`, a move may go clockwise only if its first lap ends
/// on the opponent's side. From S: b3 c1, N: a1 b2 c1 (two seeds each in
/// the reserves):
/// - legal: b+, c+ (counterclockwise, always), b- (S.a, N.c, N.b: ends in
///   North's row); not c- (S.b, South's own row).
/// - b-: S.a 1, N.c 2, N.b 3; the relay lifts N.b (3) and, turning
///   `counterclockwise`, sows N.c 3, S.a 2, S.b 1: ends. S: a2 b1 c1,
///   N: a1 c3.
/// - without the turn, the relay keeps the move's direction: N.a 2, S.c 2,
///   S.b 1: ends. S: a1 b1 c2, N: a2 c2.
#[test]
fn a_relay_can_turn_the_sowing_counterclockwise() {
    for (going, south, north) in [(" counterclockwise", [2, 1, 1], [1, 0, 3]), ("", [1, 1, 2], [2, 0, 2])] {
        let m = machine(
            &rules("rows 2; holes 3", "2", "", "endless after 100 laps illegal", "no_moves remaining to owner")
                .replace("direction counterclockwise", "direction chosen")
                .replace(
                    "origin sown }",
                    &format!("origin sown\n    relay lift landing{going} when count(landing) > 1\n  }}"),
                )
                .replace(
                    "lift when count(origin) > 0",
                    "lift when count(origin) > 0 and (counterclockwise or landing in opponent_row)",
                ),
        );
        let start = start_at(&m, json!({"south": [0, 3, 1], "north": [1, 2, 1]}), json!({"south": 2, "north": 2}));
        let (_, doc) = play_all(&m, start.clone(), &[]);
        assert_eq!(doc["legal"], json!(["b+", "c+", "b-"]), "{going}");
        let (_, doc) = play_all(&m, start, &["b-"]);
        assert_eq!(doc["board"], json!({"south": south, "north": north}), "{going}");
    }
}

/// `origin lap_skipped`: each lap passes over the hole it is sown from, not
/// the move's origin. From S: c3, N: c5 (two seeds in each reserve), South
/// plays c: N.a 1, N.b 1, N.c 6; the relay (a last seed in the opponent's
/// row, in an occupied hole) lifts N.c's 6:
/// - `lap_skipped`: S.a 1, S.b 1, S.c 1 (the move's origin is sown), N.a 2,
///   N.b 2, N.c passed over (the lap's own start), S.a 2: in South's row,
///   the sowing ends. S: a2 b1 c1, N: a2 b2 c0.
/// - `skipped`: S.a 1, S.b 1, S.c passed over, N.a 2, N.b 2, N.c 1, S.a 2.
///   S: a2 b1 c0, N: a2 b2 c1.
/// - `sown`: S.a 1, S.b 1, S.c 1, N.a 2, N.b 2, N.c 1: a single seed, the
///   end. S: a1 b1 c1, N: a2 b2 c1.
#[test]
fn each_lap_can_skip_its_own_start() {
    for (origin, south, north) in
        [("lap_skipped", [2, 1, 1], [2, 2, 0]), ("skipped", [2, 1, 0], [2, 2, 1]), ("sown", [1, 1, 1], [2, 2, 1])]
    {
        let m = machine(
            &rules("rows 2; holes 3", "2", "", "endless after 100 laps illegal", "no_moves remaining to owner")
                .replace(
                    "origin sown }",
                    &format!(
                    "origin {origin}\n    relay lift landing when landing in opponent_row and count(landing) > 1\n  }}"
                ),
                ),
        );
        let start = start_at(&m, json!({"south": [0, 0, 3], "north": [0, 0, 5]}), json!({"south": 2, "north": 2}));
        let (_, doc) = play_all(&m, start, &["c"]);
        assert_eq!(doc["board"], json!({"south": south, "north": north}), "origin {origin}");
    }
}

/// `stores both`: either player sows into both stores. South's S.c (5)
/// sows South's store, N.a, N.b, N.c and North's store, where the last seed
/// ends: S: a1, N: a2 b2 c2, stores 2 and 3, and the rule on landing in the
/// opponent's store gives South another turn. With `stores sown` the same
/// move skips North's store: the last seed goes round to S.a (S: a2, stores
/// 2 and 2), and North moves next.
#[test]
fn both_stores_are_sown_by_either_player() {
    let extra = "on sowing_end when landing == store(opponent) {\n    extra_turn\n  }";
    for (stores, south, captured, to_move) in
        [("both", [1, 0, 0], (2, 3), "south"), ("sown", [2, 0, 0], (2, 2), "north")]
    {
        let source =
            rules("rows 2; holes 3", "2", extra, "endless after 100 laps illegal", "no_moves remaining to owner")
                .replace("stores none", &format!("stores {stores}"));
        let m = machine(&source);
        let pos = position(&m, [1, 0, 5], [1, 1, 1], (1, 2));
        let (_, doc) = play(&m, &pos, 'c');
        assert_eq!(doc["board"], json!({"south": south, "north": [2, 2, 2]}), "{stores}");
        assert_eq!(doc["captured"], json!({"south": captured.0, "north": captured.1}), "{stores}");
        assert_eq!(doc["to_move"], to_move, "{stores}");
    }
}

/// `refill … from outside unfilled_open` and `starter last_mover`, worked by
/// hand on 5 holes, 2 seeds each (20 in all), 3 per refilled hole. From
/// S=[0,0,0,1,0] N=[0,0,0,0,0] (captured 5 and 14), South plays d into S.e
/// and North cannot move: S.e's seed goes to the last mover, South (6 against
/// 14). South fills ⌊6/3⌋ = 2 holes from its left end inwards in turn: a, e;
/// North ⌊14/3⌋ = 4 from its right end: e, a, d, b, keeping 2. The unfilled
/// S.b, S.c, S.d and N.c stay open (closed without `unfilled_open`), and
/// South, who moved last, starts round 2 (`starter other`: North).
#[test]
fn a_refill_can_go_from_the_outside_and_leave_holes_open() {
    let game = |refill: &str, starter: &str| {
        let matched = format!("refill 3 per hole from {refill}; starter {starter}; match_end below 3");
        match_game(5, "none", "", "remaining to last_mover", &matched)
    };
    let start = |m: &Machine| {
        let board = json!({"south": [0, 0, 0, 1, 0], "north": [0, 0, 0, 0, 0]});
        start_at(m, board, json!({"south": 5, "north": 14}))
    };
    let m = game("outside unfilled_open", "last_mover");
    let (_, doc) = play_all(&m, start(&m), &["d"]);
    assert_eq!(doc["round"], 2);
    assert_eq!(doc["to_move"], "south");
    assert_eq!(doc["board"], json!({"south": [3, 0, 0, 0, 3], "north": [3, 3, 0, 3, 3]}));
    assert_eq!(doc["captured"], json!({"south": 0, "north": 2}));
    assert_eq!(doc["closed"], json!({"south": [], "north": []}));
    assert_eq!(doc["legal"], json!(["a", "e"]));
    let m = game("outside", "other");
    let (_, doc) = play_all(&m, start(&m), &["d"]);
    assert_eq!(doc["to_move"], "north");
    assert_eq!(doc["board"], json!({"south": [3, 0, 0, 0, 3], "north": [3, 3, 0, 3, 3]}));
    assert_eq!(doc["closed"], json!({"south": ["b", "c", "d"], "north": ["c"]}));
}

/// `starter last_mover` after a move that earned another turn: 3 holes with
/// stores, 2 seeds each (12 in all). From S=[0,0,1] N=[0,0,0] (stores 5 and
/// 6), South's one seed in S.c goes into its store (6 against 6): South
/// moves again but cannot, nor can North, so the round ends. Refilled 2 a
/// hole, every hole holds 2 and the stores nothing. South made the last move
/// and starts; `starter receiver` names the other of the player left to move
/// (South): North. The round is a tie, 6 each: `loser`/`winner` start with
/// South; `tie to_move` with the player left to move, the mover (South, or
/// North when North plays the same move from the mirrored position);
/// `tie waiting` with the other.
#[test]
fn the_last_mover_starts_even_after_earning_a_turn_nobody_could_play() {
    for (starter, mover, first) in [
        ("last_mover", "south", "south"),
        ("receiver", "south", "north"),
        ("last_mover", "north", "north"),
        ("loser", "north", "south"),
        ("winner tie to_move", "north", "north"),
        ("winner tie to_move", "south", "south"),
        ("loser tie waiting", "south", "north"),
        ("loser tie waiting", "north", "south"),
    ] {
        let matched = format!("refill 2 per hole from left; starter {starter}; match_end below 2");
        let extra = "on sowing_end when landing == store(mover) { extra_turn }";
        let m = match_game(3, "sown", extra, "pass remaining to owner", &matched);
        let (row, empty) = (json!([0, 0, 1]), json!([0, 0, 0]));
        let board = if mover == "south" {
            json!({"south": row, "north": empty})
        } else {
            json!({"south": empty, "north": row})
        };
        let captured = if mover == "south" { json!({"south": 5, "north": 6}) } else { json!({"south": 6, "north": 5}) };
        let start = start_with(&m, mover, board, captured);
        let (_, doc) = play_all(&m, start, &["c"]);
        assert_eq!(doc["round"], 2, "{starter}");
        assert_eq!(doc["board"], json!({"south": [2, 2, 2], "north": [2, 2, 2]}), "{starter}");
        assert_eq!(doc["captured"], json!({"south": 0, "north": 0}), "{starter}");
        assert_eq!(doc["to_move"], first, "{starter}, {mover} moving");
    }
}

/// `no_moves remaining divided`: half the seeds left to each player, an odd
/// seed to the player holding fewer. From S=[1,1,1] N=[0,0,0], South plays
/// a (S.b 2) and North cannot move: the 3 seeds left are divided, 1 each and
/// the odd one to whoever holds fewer: captured 3 and 6 → South 3+2 = 5,
/// North 6+1 = 7; captured 6 and 3 → South 7, North 5. With equal holdings
/// (5 seeds in all, 1 each captured) the odd seed goes to the player to
/// move, North: South 1+1 = 2, North 1+2 = 3.
#[test]
fn the_seeds_left_can_be_divided_with_the_odd_one_to_the_player_behind() {
    let divided = |setup: &str| {
        let source = format!(
            "game \"divided\" {{
  board {{ rows 2; holes 3; stores none }}
  setup {{ {setup} }}
  sowing {{ direction counterclockwise; first_seed next; origin sown }}
  moves {{ lift when count(origin) > 0; endless after 1 laps illegal }}
  end {{ no_moves remaining divided; winner most_captured }}
}}"
        );
        Machine::new(sowspec::check(&source).unwrap_or_else(|d| panic!("{d:#?}")))
    };
    let m = divided("seeds 2");
    for (captured, after) in [((3, 6), (5, 7)), ((6, 3), (7, 5))] {
        let pos = position(&m, [1, 1, 1], [0, 0, 0], captured);
        let (_, doc) = play(&m, &pos, 'a');
        assert_eq!(doc["board"], json!({"south": [0, 0, 0], "north": [0, 0, 0]}), "{captured:?}");
        assert_eq!(doc["captured"], json!({"south": after.0, "north": after.1}), "{captured:?}");
    }
    let m = divided("seeds south [1, 1, 1] north [1, 1, 0]");
    let pos = position(&m, [1, 1, 1], [0, 0, 0], (1, 1));
    let (_, doc) = play(&m, &pos, 'a');
    assert_eq!(doc["captured"], json!({"south": 2, "north": 3}));
    assert_eq!(doc["result"], json!({"winner": "north"}));
}

/// `stores sown_right`: each store at its owner's right end of the row. Sown
/// clockwise on 2×3, South's track is S.c → S.b → S.a → N.c → N.b → N.a →
/// South's store → S.c under `sown_right`, and S.c → S.b → S.a → South's
/// store → N.c → N.b → N.a under `sown`. From S=[4,1,1] N=[2,2,2] (stores 0
/// and 0), South plays a (4 seeds): `sown_right` drops them in N.c, N.b, N.a
/// and the store, and moves again; `sown` in the store, N.c, N.b, N.a, and
/// North moves. Played counterclockwise the two are the same: from S.c (1
/// seed) into the store either way.
#[test]
fn a_store_can_sit_at_its_rows_right_end() {
    let extra = "on sowing_end when landing == store(mover) {\n    extra_turn\n  }";
    for (stores, north, captured, to_move) in [("sown_right", [3, 3, 3], 1, "south"), ("sown", [3, 3, 3], 1, "north")] {
        let source =
            rules("rows 2; holes 3", "2", extra, "endless after 1 laps illegal", "no_moves remaining to owner")
                .replace("stores none", &format!("stores {stores}"))
                .replace("direction counterclockwise", "direction clockwise");
        let m = machine(&source);
        let pos = position(&m, [4, 1, 1], [2, 2, 2], (0, 0));
        let (_, doc) = play(&m, &pos, 'a');
        assert_eq!(doc["board"], json!({"south": [0, 1, 1], "north": north}), "{stores}");
        assert_eq!(doc["captured"], json!({"south": captured, "north": 0}), "{stores}");
        assert_eq!(doc["to_move"], to_move, "{stores}");
        let ccw = machine(&source.replace("direction clockwise", "direction counterclockwise"));
        let (_, doc) = play(&ccw, &position(&ccw, [4, 1, 1], [2, 2, 2], (0, 0)), 'c');
        assert_eq!(doc["captured"], json!({"south": 1, "north": 0}), "{stores}");
        assert_eq!(doc["to_move"], "south", "{stores}");
    }
}

/// `capture HOLE to HOLE`: MancalaGames' pull across. South plays a from
/// S=[1,0,0] N=[1,1,3] (captured 3 and 3): its one seed falls alone into
/// S.b, which faces N.b; N.b's seed is pulled into S.b (2), and nobody's
/// holdings change. From S=[0,0,1]: the seed falls into N.a, on North's
/// row, and nothing is pulled.
#[test]
fn seeds_can_be_pulled_into_a_hole_and_stay_in_play() {
    let pull = "on sowing_end when landing in mover_row and count(landing) == 1 {
    capture opposite(landing) to landing
  }";
    let m = game("next", pull, "", "no_moves remaining to owner");
    let (_, doc) = play(&m, &position(&m, [1, 0, 0], [1, 1, 3], (3, 3)), 'a');
    assert_eq!(doc["board"], json!({"south": [0, 2, 0], "north": [1, 0, 3]}));
    assert_eq!(doc["captured"], json!({"south": 3, "north": 3}));
    let (_, doc) = play(&m, &position(&m, [0, 0, 1], [1, 1, 3], (3, 3)), 'c');
    assert_eq!(doc["board"], json!({"south": [0, 0, 0], "north": [2, 1, 3]}));
}

/// Wegs (MancalaGames' `child_type = WEG`): players compared with `==` or
/// `!=` (`claimer(landing) == opponent`), and `claimed_seeds(PLAYER)`, the
/// seeds kept in a player's claimed holes. A last seed in a hole the
/// opponent claimed takes two seeds of it; one in a hole of one's own
/// takes nothing; three made in an unclaimed hole claim it, the seeds
/// staying there. A player whose holding and wegs pass 6 of the 12 seeds
/// wins at once.
/// - S=[0,1,2], N=[2,1,1], South holds N.a, North S.c; captured 3 and 2.
///   South's b sows S.c to 3, North's: two go to South (5), S.c keeps 1.
///   South now has 5 + 2 (N.a) = 7 > 6: over. Each hole goes to its
///   claimer (S.c's 1 to North, N.a's 2 to South, N.b and N.c to North):
///   South 7, North 2 + 1 + 2 = 5.
/// - S=[0,0,1], N=[2,1,1], South holds N.a; captured 2 and 5. South's c
///   sows N.a to 3, South's own: nothing is taken nor claimed; South has
///   2 + 3 = 5: play goes on, North lifting b or c (never N.a).
/// - The same board with no claims, captured 3 and 4: N.a made 3 becomes
///   South's, its 3 seeds staying (3 + 3 = 6, not over).
#[test]
fn a_weg_keeps_its_seeds_and_the_opponent_takes_two() {
    for claimer in ["claimer(landing) == opponent", "claimer(landing) != mover"] {
        let wegs = format!(
            "on sowing_end when claimed(landing) and {claimer} {{ capture 2 from landing to mover }}
  on sowing_end when count(landing) == 3 and not claimed(landing) {{ claim landing for mover }}"
        );
        let end = "no_moves remaining to claimer
    over when captured(mover) + claimed_seeds(mover) > 6 or captured(opponent) + claimed_seeds(opponent) > 6";
        let m = machine(&rules("rows 2; holes 3", "2", &wegs, "endless after 100 laps illegal", end));
        let both = json!({"south": ["na"], "north": ["sc"]});
        let (_, doc) = play(&m, &claimed_position(&m, [0, 1, 2], [2, 1, 1], (3, 2), both), 'b');
        assert_eq!(doc["board"], json!({"south": [0, 0, 0], "north": [0, 0, 0]}), "{claimer}");
        assert_eq!(doc["captured"], json!({"south": 7, "north": 5}), "{claimer}");
        assert_eq!(doc["result"], json!({"winner": "south"}), "{claimer}");

        let south_has_na = json!({"south": ["na"], "north": []});
        let (_, doc) = play(&m, &claimed_position(&m, [0, 0, 1], [2, 1, 1], (2, 5), south_has_na.clone()), 'c');
        assert_eq!(doc["board"], json!({"south": [0, 0, 0], "north": [3, 1, 1]}), "{claimer}");
        assert_eq!(doc["captured"], json!({"south": 2, "north": 5}), "{claimer}");
        assert_eq!(doc["claimed"], south_has_na, "{claimer}");
        assert_eq!(doc["to_move"], "north", "{claimer}");
        assert_eq!(doc["legal"], json!(["b", "c"]), "{claimer}");

        let (_, doc) = play(&m, &claimed_position(&m, [0, 0, 1], [2, 1, 1], (3, 4), Value::Null), 'c');
        assert_eq!(doc["board"], json!({"south": [0, 0, 0], "north": [3, 1, 1]}), "{claimer}");
        assert_eq!(doc["captured"], json!({"south": 3, "north": 4}), "{claimer}");
        assert_eq!(doc["claimed"], south_has_na, "{claimer}");
        assert_eq!(doc["legal"], json!(["b", "c"]), "{claimer}");
    }
}

/// `holes(ROW, COND)`: a single seed may be lifted only when no hole of the
/// mover's holds more than one (MancalaGames' Ouri). South [1, 2, 1]: b
/// holds two, so the singles a and c may not be lifted: b alone. South
/// [1, 0, 1]: no hole holds more than one: a and c. Then, from South
/// [1, 0, 1] and North [0, 3, 0]: North has two empty holes and one
/// holding seeds (only a's index is 1), South two holding one seed (only
/// c's index is 3).
#[test]
fn a_condition_can_count_the_holes_of_a_row() {
    let lift = |cond: &str| {
        let src = rules("rows 2; holes 3", "2", "", "endless after 100 laps illegal", "no_moves remaining to owner");
        machine(&src.replace("lift when count(origin) > 0", &format!("lift when {cond}")))
    };
    let m = lift("count(origin) != 1 or holes(mover_row, count(hole) > 1) == 0");
    let legal = |south: [i64; 3]| {
        let held = 12 - 3 - south.iter().sum::<i64>();
        let start = start_at(&m, json!({"south": south, "north": [0, 3, 0]}), json!({"south": held, "north": 0}));
        play_all(&m, start, &[]).1["legal"].clone()
    };
    assert_eq!(legal([1, 2, 1]), json!(["b"]));
    assert_eq!(legal([1, 0, 1]), json!(["a", "c"]));
    let counting = |cond: &str| {
        let m = lift(&format!("count(origin) > 0 and {cond}"));
        let start = start_at(&m, json!({"south": [1, 0, 1], "north": [0, 3, 0]}), json!({"south": 7, "north": 0}));
        play_all(&m, start, &[]).1["legal"].clone()
    };
    assert_eq!(counting("holes(opponent_row, count(hole) == 0) == 2"), json!(["a", "c"]));
    assert_eq!(counting("holes(opponent_row, count(hole) > 0) == index(origin)"), json!(["a"]));
    assert_eq!(counting("holes(mover_row, count(hole) == 1) + 1 == index(origin)"), json!(["c"]));
}

/// `lifted`: the seeds the move lifted. South [0, 2, 1], North [1, 1, 0]:
/// c (one seed) makes N.a 2, but a single seed captures nothing; b (two
/// seeds) sows S.c and N.a, which holds 2 and is captured: South 4 + 2.
#[test]
fn a_rule_can_read_the_seeds_the_move_lifted() {
    let m = machine(&rules(
        "rows 2; holes 3",
        "2",
        "on sowing_end when lifted > 1 and landing in opponent_row and count(landing) == 2 {
    capture landing to mover
  }",
        "endless after 100 laps illegal",
        "no_moves remaining to owner",
    ));
    let start = start_at(&m, json!({"south": [0, 2, 1], "north": [1, 1, 0]}), json!({"south": 4, "north": 3}));
    let (_, doc) = play_all(&m, start.clone(), &["c"]);
    assert_eq!(doc["board"], json!({"south": [0, 2, 0], "north": [2, 1, 0]}));
    assert_eq!(doc["captured"], json!({"south": 4, "north": 3}));
    let (_, doc) = play_all(&m, start, &["b"]);
    assert_eq!(doc["board"], json!({"south": [0, 0, 2], "north": [0, 1, 0]}));
    assert_eq!(doc["captured"], json!({"south": 6, "north": 3}));
}

/// A 2×3 game whose sowing relays from an occupied landing unless the lap
/// took seeds (`lap_captures == 0`), with `stores`; a 3 made in the
/// opponent's row is taken as it is made.
fn relaying_until_a_take(stores: &str) -> Machine {
    machine(&format!(
        "game \"lap captures\" {{
  board {{ rows 2; holes 3; stores {stores} }}
  setup {{ seeds 2 }}
  sowing {{
    direction counterclockwise; first_seed next; origin sown
    relay lift landing when count(landing) > 1 and lap_captures == 0
  }}
  on drop when hole in opponent_row and count(hole) == 3 {{ capture hole to mover }}
  moves {{ lift when count(origin) > 0; endless after 100 laps illegal }}
  end {{ no_moves remaining to owner; winner most_captured }}
}}"
    ))
}

/// `lap_captures`: the seeds taken since the lap began. South [0, 3, 0],
/// North [2, 1, 0]: b sows S.c 1, N.a 3 (taken: 3 to South), N.b 2; the
/// last seed is in an occupied hole, but the lap took 3: no relay. From
/// South [0, 2, 0], North [1, 0, 0], b sows S.c 1, N.a 2: nothing taken,
/// so N.a's 2 are lifted and sown into N.b and N.c.
#[test]
fn a_relay_can_read_the_seeds_its_lap_took() {
    let m = relaying_until_a_take("none");
    let start = start_at(&m, json!({"south": [0, 3, 0], "north": [2, 1, 0]}), json!({"south": 3, "north": 3}));
    let (_, doc) = play_all(&m, start, &["b"]);
    assert_eq!(doc["board"], json!({"south": [0, 0, 1], "north": [0, 2, 0]}));
    assert_eq!(doc["captured"], json!({"south": 6, "north": 3}));
    let start = start_at(&m, json!({"south": [0, 2, 0], "north": [1, 0, 0]}), json!({"south": 5, "north": 4}));
    let (_, doc) = play_all(&m, start, &["b"]);
    assert_eq!(doc["board"], json!({"south": [0, 0, 1], "north": [0, 1, 1]}));
    assert_eq!(doc["captured"], json!({"south": 5, "north": 4}));
}

/// `lap_captures` does not count seeds sown into a store: with stores,
/// South [0, 0, 2], North [1, 0, 0], c sows South's store (5 to 6) and
/// N.a 2; nothing was taken, so N.a's 2 are sown into N.b and N.c.
#[test]
fn seeds_sown_into_a_store_are_not_lap_captures() {
    let m = relaying_until_a_take("sown");
    let start = start_at(&m, json!({"south": [0, 0, 2], "north": [1, 0, 0]}), json!({"south": 5, "north": 4}));
    let (_, doc) = play_all(&m, start, &["c"]);
    assert_eq!(doc["board"], json!({"south": [0, 0, 0], "north": [0, 1, 1]}));
    assert_eq!(doc["captured"], json!({"south": 6, "north": 4}));
}

/// A 2×3 game, 2 seeds a hole, no stores, whose `lift` condition is `lift`
/// and whose sowing goes `direction`.
fn remembering(direction: &str, lift: &str) -> Machine {
    machine(&format!(
        "game \"memory\" {{
  board {{ rows 2; holes 3; stores none }}
  setup {{ seeds 2 }}
  sowing {{ direction {direction}; first_seed next; origin sown }}
  moves {{
    lift when count(origin) > 0 and ({lift})
    endless after 100 laps illegal
  }}
  end {{ no_moves remaining to owner; winner most_captured }}
}}"
    ))
}

/// `previous_clockwise` and `previous_origin`: MancalaGames' PLAYALTDIR, the
/// first move choosing the direction and each player keeping theirs, the
/// opponent the other. South may start either way (6 moves); b- sows S.a 3,
/// N.c 3 and is remembered (S.b, clockwise, 2 seeds). North must go
/// counterclockwise: a+, b+, c+. N.a+ sows N.b 3, N.c 4; South, whose
/// opponent went counterclockwise, must go clockwise: a- and c- (S.b is
/// empty).
#[test]
fn a_condition_can_read_the_previous_moves_direction() {
    let same = "clockwise and previous_clockwise or counterclockwise and previous_counterclockwise";
    let other = "clockwise and previous_counterclockwise or counterclockwise and previous_clockwise";
    let lift = format!(
        "previous_lifted == 0 or previous_origin in mover_row and ({same}) or previous_origin in opponent_row and ({other})"
    );
    let m = remembering("chosen", &lift);
    let legal = |pos: &sowspec::Position| pos.legal_moves().map(|mv| mv.to_string()).collect::<Vec<_>>();
    let start = m.initial();
    assert_eq!(start.previous(), None);
    assert_eq!(legal(&start), ["a+", "b+", "c+", "a-", "b-", "c-"]);
    let (pos, doc) = play_all(&m, start, &["b-"]);
    assert_eq!(doc["board"], json!({"south": [3, 0, 2], "north": [2, 2, 3]}));
    assert_eq!(doc["previous"], json!({"hole": "sb", "clockwise": true, "lifted": 2}));
    assert_eq!(legal(&pos), ["a+", "b+", "c+"]);
    let (pos, doc) = play_all(&m, pos, &["a+"]);
    assert_eq!(doc["board"], json!({"south": [3, 0, 2], "north": [0, 3, 4]}));
    assert_eq!(legal(&pos), ["a-", "c-"]);
    // The protocol carries the memory: the document reads back as the same position.
    let back = serde_json::from_value::<PositionDoc>(doc).unwrap().to_position(&m).unwrap();
    assert_eq!(back, pos);
}

/// `previous_lifted` and `previous_origin`: a lone seed may not be sown
/// straight back. From S: c1, N: b1 (five seeds in each reserve), South's
/// lone seed goes from S.c into N.a (1 now): North may not lift N.a, the hole
/// after the previous move's, only N.b. Had South lifted two seeds, both
/// would be open to North.
#[test]
fn a_condition_can_read_the_previous_moves_hole_and_seeds() {
    let m = remembering("counterclockwise", "not (previous_lifted == 1 and origin == next(previous_origin))");
    let legal = |pos: &sowspec::Position| pos.legal_moves().map(|mv| mv.to_string()).collect::<Vec<_>>();
    let start = start_at(&m, json!({"south": [0, 0, 1], "north": [0, 1, 0]}), json!({"south": 5, "north": 5}));
    let (pos, doc) = play_all(&m, start, &["c"]);
    assert_eq!(doc["board"], json!({"south": [0, 0, 0], "north": [1, 1, 0]}));
    assert_eq!(legal(&pos), ["b"]);
    let start = start_at(&m, json!({"south": [0, 0, 2], "north": [0, 1, 0]}), json!({"south": 5, "north": 4}));
    let (pos, _) = play_all(&m, start, &["c"]);
    assert_eq!(legal(&pos), ["a", "b"]);
}

/// A position of rules that read no previous move keeps none, and a
/// document giving one is refused.
#[test]
fn only_rules_that_read_the_previous_move_remember_it() {
    let m = remembering("counterclockwise", "count(origin) > 0");
    let (pos, doc) = play_all(&m, m.initial(), &["a"]);
    assert_eq!(pos.previous(), None);
    assert!(doc.get("previous").is_none(), "{doc}");
    let mut doc = doc;
    doc["previous"] = json!({"hole": "sa", "clockwise": false, "lifted": 2});
    let err = serde_json::from_value::<PositionDoc>(doc).unwrap().to_position(&m).unwrap_err();
    assert!(err.to_string().contains("do not read the previous move"), "{err}");
}

/// The previous move is the round's: a new round starts with none. As in
/// [`the_last_mover_starts_even_after_earning_a_turn_nobody_could_play`],
/// South's one seed in S.c goes into its store, and as nobody can move the
/// round ends; refilled, round 2 starts with no previous move, though the
/// rules read it (`previous_lifted` in the extra-turn rule).
#[test]
fn a_new_round_forgets_the_previous_move() {
    let matched = "refill 2 per hole from left; starter last_mover; match_end below 2";
    let extra = "on sowing_end when landing == store(mover) and previous_lifted >= 0 { extra_turn }";
    let m = match_game(3, "sown", extra, "pass remaining to owner", matched);
    let start =
        start_with(&m, "south", json!({"south": [0, 0, 1], "north": [0, 0, 0]}), json!({"south": 5, "north": 6}));
    let (pos, doc) = play_all(&m, start, &["c"]);
    assert_eq!(doc["round"], 2);
    assert_eq!(pos.previous(), None);
    assert!(doc.get("previous").is_none(), "{doc}");
    // Within a round the move is remembered: South's a (2 seeds) from the refilled board.
    let (pos, _) = play_all(&m, pos, &["a"]);
    assert_eq!(pos.previous().map(|p| (p.origin, p.clockwise, p.lifted)), Some((0, false, 2)));
}

/// A territory match on 2×3, 3 seeds a hole refilled 3 a hole (with
/// `partial`, e.g. " partial_to_loser"), the loser starting, the match
/// ending below `below` seeds.
fn territory(partial: &str, below: u8) -> Machine {
    machine(&format!(
        "game \"Territory\" {{
  board {{ rows 2; holes 3; stores none }}
  setup {{ seeds 3 }}
  sowing {{ direction counterclockwise; first_seed next; origin sown }}
  moves {{ lift when count(origin) > 0; endless after 1 laps illegal }}
  end {{ no_moves remaining to owner; winner most_captured }}
  match {{ refill 3 per hole territory{partial}; starter loser; match_end below {below} }}
}}"
    ))
}

/// `refill … territory`: holes change hands. 3 holes a row, 3 seeds each
/// (18 in all), no stores. From S=[0,1,0] N=[0,0,0] (captured 10 and 7),
/// South plays b into S.c and North cannot move: S.c's seed goes to its
/// owner, South (11 against 7). South owns ⌊11/3⌋ = 3 holes, and one more
/// since 2 are left over (more than ⌊3/2⌋ = 1): S.a, S.b, S.c and then,
/// counterclockwise, N.a. North owns N.b and N.c. Every hole gets 3 again,
/// the holdings are emptied, and the loser, North, starts round 2 with
/// `b` and `c` (N.a is South's: its `a` is refused); South's `d` is N.a.
/// North plays c: S.a, S.b, S.c get a seed each. South plays d (N.a): N.b,
/// N.c, S.a. With `partial_to_loser` the partly filled hole is North's:
/// South owns 3 holes, its row, and nothing changes hands.
#[test]
fn a_territory_round_moves_a_hole_across_the_border() {
    let game = |partial: &str| territory(partial, 3);
    let start =
        |m: &Machine| start_at(m, json!({"south": [0, 1, 0], "north": [0, 0, 0]}), json!({"south": 10, "north": 7}));
    let m = game("");
    let (round2, doc) = play_all(&m, start(&m), &["b"]);
    assert_eq!(doc["round"], 2);
    assert_eq!(doc["to_move"], "north");
    assert_eq!(doc["board"], json!({"south": [3, 3, 3], "north": [3, 3, 3]}));
    assert_eq!(doc["captured"], json!({"south": 0, "north": 0}));
    assert_eq!(doc["territory"], json!({"south": 4, "north": 2}));
    assert_eq!(doc["legal"], json!(["b", "c"]));
    let refused = m.play(&round2, Hole::at(0)).unwrap_err();
    assert_eq!(refused.reason, sowspec::machine::Illegal::NotOwned);
    // The document carries the border: read back, the same position.
    let again = serde_json::from_value::<PositionDoc>(doc.clone()).unwrap().to_position(&m).unwrap();
    assert_eq!(again, round2);
    let (_, doc) = play_all(&m, round2.clone(), &["c"]);
    assert_eq!(doc["board"], json!({"south": [4, 4, 4], "north": [3, 3, 0]}));
    assert_eq!(doc["legal"], json!(["a", "b", "c", "d"]));
    let (_, doc) = play_all(&m, round2, &["c", "d"]);
    assert_eq!(doc["board"], json!({"south": [5, 4, 4], "north": [0, 4, 1]}));
    assert_eq!(doc["to_move"], "north");
    assert_eq!(doc["legal"], json!(["b", "c"]));
    let m = game(" partial_to_loser");
    let (_, doc) = play_all(&m, start(&m), &["b"]);
    assert_eq!(doc["round"], 2);
    assert_eq!(doc.get("territory"), None, "each player owns their row");
    assert_eq!(doc["legal"], json!(["a", "b", "c"]));
}

/// `match_end below 2` under a territory refill of 3 a hole: a player
/// holding 2 seeds still owns a hole, so the match goes on. 3 holes a row,
/// 3 seeds each (18). From S=[0,1,0] N=[0,0,0] (captured 15 and 2), South
/// plays b into S.c and North cannot move: S.c's seed goes to its owner,
/// South (16 against 2). 2 is not below 2: South owns ⌊16/3⌋ = 5 holes
/// (the 1 left over is not more than ⌊3/2⌋ = 1), S.a to N.b
/// counterclockwise, and North owns the rest, N.c, where the loser starts
/// round 2. (A holding of 1 would leave the leader 17: 5 holes and 2 left
/// over, one more, the whole board, but for the rule that leaves a player
/// holding a seed one hole: see
/// `a_territory_match_to_every_seed_leaves_a_holder_one_hole`.)
#[test]
fn a_territory_match_goes_on_while_a_holding_owns_a_hole() {
    let m = territory("", 2);
    let start = start_at(&m, json!({"south": [0, 1, 0], "north": [0, 0, 0]}), json!({"south": 15, "north": 2}));
    let (_, doc) = play_all(&m, start, &["b"]);
    assert_eq!(doc["round"], 2);
    assert_eq!(doc["to_move"], "north");
    assert_eq!(doc["board"], json!({"south": [3, 3, 3], "north": [3, 3, 3]}));
    assert_eq!(doc["territory"], json!({"south": 5, "north": 1}));
    assert_eq!(doc["legal"], json!(["c"]));
}

/// `match_end below 1` under a territory refill of 3 a hole ("until one
/// player has every seed"): a player holding a seed keeps one hole, one
/// holding none loses the match. 3 holes a row, 3 seeds each (18). From
/// S=[0,1,0] N=[0,0,0] (captured 16 and 1), South plays b into S.c and
/// North cannot move: S.c's seed goes to its owner, South (17 against 1).
/// 1 is not below 1. South would own ⌊17/3⌋ = 5 holes and one more for
/// the 2 left over (more than ⌊3/2⌋ = 1), the whole board; North holds a
/// seed, so South owns 5 (S.a–S.c, N.a, N.b) and North its last hole,
/// N.c. Every hole gets 3 again; the loser, North, starts round 2 and can
/// lift only c. North plays c: its 3 seeds go S.a, S.b, S.c (4 each).
/// From captured 17 and 0 instead, the same move leaves South 18 and North
/// nothing, below 1: the match ends, South winning.
#[test]
fn a_territory_match_to_every_seed_leaves_a_holder_one_hole() {
    let m = territory("", 1);
    let start = start_at(&m, json!({"south": [0, 1, 0], "north": [0, 0, 0]}), json!({"south": 16, "north": 1}));
    let (round2, doc) = play_all(&m, start, &["b"]);
    assert_eq!(doc["round"], 2);
    assert_eq!(doc["to_move"], "north");
    assert_eq!(doc["board"], json!({"south": [3, 3, 3], "north": [3, 3, 3]}));
    assert_eq!(doc["captured"], json!({"south": 0, "north": 0}));
    assert_eq!(doc["territory"], json!({"south": 5, "north": 1}));
    assert_eq!(doc["legal"], json!(["c"]));
    let (_, doc) = play_all(&m, round2, &["c"]);
    assert_eq!(doc["board"], json!({"south": [4, 4, 4], "north": [3, 3, 0]}));
    assert_eq!(doc["legal"], json!(["a", "b", "c", "d", "e"]));
    let start = start_at(&m, json!({"south": [0, 1, 0], "north": [0, 0, 0]}), json!({"south": 17, "north": 0}));
    let (_, doc) = play_all(&m, start, &["b"]);
    assert_eq!(doc["round"], 1);
    assert_eq!(doc["result"], json!({"winner": "south"}));
    assert_eq!(doc["captured"], json!({"south": 18, "north": 0}));
}

/// `refill … matched`: the richer player fills only as many holes as the
/// poorer. 4 holes a row, 2 seeds each (16), refills of 3 from the left.
/// From S=[0,0,1,0] N=[0,0,0,0] (captured 10 and 5), South plays c into
/// S.d and North cannot move: S.d's seed goes to South (11 against 5).
/// Under `partial_last matched`, North fills N.a with 3 and puts its last
/// 2 in N.b: 2 holes; South fills as many, S.a and S.b with 3, and holds
/// the other 5. Each player's c and d are closed. North, the loser, starts
/// round 2 and plays b: its 2 seeds pass N.c and N.d (closed) into S.a and
/// S.b (4 each). Without `matched`, South fills S.a–S.c with 3 and S.d with
/// its last 2, holding nothing, its row all open.
#[test]
fn a_matched_refill_fills_the_richer_as_many_holes_as_the_poorer() {
    let game = |words: &str| {
        match_game(
            4,
            "none",
            "",
            "remaining to owner",
            &format!("refill 3 per hole from left partial_last{words}; starter loser; match_end below 1"),
        )
    };
    let start = |m: &Machine| {
        start_at(m, json!({"south": [0, 0, 1, 0], "north": [0, 0, 0, 0]}), json!({"south": 10, "north": 5}))
    };
    let m = game(" matched");
    let (round2, doc) = play_all(&m, start(&m), &["c"]);
    assert_eq!(doc["round"], 2);
    assert_eq!(doc["to_move"], "north");
    assert_eq!(doc["board"], json!({"south": [3, 3, 0, 0], "north": [3, 2, 0, 0]}));
    assert_eq!(doc["captured"], json!({"south": 5, "north": 0}));
    assert_eq!(doc["closed"], json!({"south": ["c", "d"], "north": ["c", "d"]}));
    assert_eq!(doc["legal"], json!(["a", "b"]));
    let (_, doc) = play_all(&m, round2, &["b"]);
    assert_eq!(doc["board"], json!({"south": [4, 4, 0, 0], "north": [3, 0, 0, 0]}));
    let m = game("");
    let (_, doc) = play_all(&m, start(&m), &["c"]);
    assert_eq!(doc["board"], json!({"south": [3, 3, 3, 2], "north": [3, 2, 0, 0]}));
    assert_eq!(doc["captured"], json!({"south": 0, "north": 0}));
    assert_eq!(doc["closed"], json!({"south": [], "north": ["c", "d"]}));
}

/// `refill 3 per hole from right matched`, without `partial_last`: each
/// player fills whole holes, the richer no more than the poorer, and both
/// hold what is left. 4 holes a row, 2 seeds each (16). From S=[0,0,1,0]
/// N=[0,0,0,0] (captured 8 and 7), South plays c into S.d and North
/// cannot move: S.d's seed goes to South (9 against 7). North fills
/// ⌊7/3⌋ = 2 holes, its rightmost (N.d, N.c), and holds 1; South could
/// fill 3 but fills 2, S.d and S.c, and holds 3. The a and b holes are
/// closed; North, the loser, starts round 2 with c or d.
#[test]
fn a_matched_refill_holds_back_what_the_richer_cannot_place() {
    let m = match_game(
        4,
        "none",
        "",
        "remaining to owner",
        "refill 3 per hole from right matched; starter loser; match_end below 3",
    );
    let start = start_at(&m, json!({"south": [0, 0, 1, 0], "north": [0, 0, 0, 0]}), json!({"south": 8, "north": 7}));
    let (_, doc) = play_all(&m, start, &["c"]);
    assert_eq!(doc["round"], 2);
    assert_eq!(doc["to_move"], "north");
    assert_eq!(doc["board"], json!({"south": [0, 0, 3, 3], "north": [0, 0, 3, 3]}));
    assert_eq!(doc["captured"], json!({"south": 3, "north": 1}));
    assert_eq!(doc["closed"], json!({"south": ["a", "b"], "north": ["a", "b"]}));
    assert_eq!(doc["legal"], json!(["c", "d"]));
}

/// `match_end below 1` under `refill 2 per hole from right partial_last`:
/// any seed fills a hole, partly. 3 holes a row, 2 seeds each (12). From
/// S=[0,1,0] N=[0,0,0] (captured 10 and 1), South plays b into S.c and
/// North cannot move: S.c's seed goes to South (11 against 1). North's 1
/// is not below 1: South fills its three holes with 2 and keeps 5; North
/// fills no whole hole, and its 1 seed goes into its rightmost hole, N.c,
/// N.a and N.b closed. North, the loser, starts round 2 from N.c.
#[test]
fn a_partial_last_match_goes_on_while_a_player_holds_a_seed() {
    let m = match_game(
        3,
        "none",
        "",
        "remaining to owner",
        "refill 2 per hole from right partial_last; starter loser; match_end below 1",
    );
    let start = start_at(&m, json!({"south": [0, 1, 0], "north": [0, 0, 0]}), json!({"south": 10, "north": 1}));
    let (_, doc) = play_all(&m, start, &["b"]);
    assert_eq!(doc["round"], 2);
    assert_eq!(doc["to_move"], "north");
    assert_eq!(doc["board"], json!({"south": [2, 2, 2], "north": [0, 0, 1]}));
    assert_eq!(doc["captured"], json!({"south": 5, "north": 0}));
    assert_eq!(doc["closed"], json!({"south": [], "north": ["a", "b"]}));
    assert_eq!(doc["legal"], json!(["c"]));
}

/// `circuits own` (MancalaGames' NorthSouthCycle): on 2×3 with stores,
/// South's track is S.a → S.b → S.c → South's store → S.a, North's N.a →
/// N.b → N.c → North's store → N.a. From S=[5,1,1] N=[1,1,3], South plays a
/// (5 seeds: S.b, S.c, the store, S.a, S.b): S=[1,3,2], North untouched;
/// North then plays c (3 seeds: the store, N.a, N.b): N=[2,2,0], South
/// untouched. With shared circuits South's 5 seeds go S.b, S.c, the store,
/// N.a, N.b instead.
#[test]
fn each_player_can_sow_round_their_own_row() {
    let source = rules("rows 2; holes 3", "2", "", "endless after 1 laps illegal", "no_moves remaining to owner")
        .replace("stores none", "stores sown");
    let own = machine(&source.replace("stores sown", "stores sown; circuits own"));
    let start = position(&own, [5, 1, 1], [1, 1, 3], (0, 0));
    let (_, doc) = play_all(&own, start.clone(), &["a"]);
    assert_eq!(doc["board"], json!({"south": [1, 3, 2], "north": [1, 1, 3]}));
    let (_, doc) = play_all(&own, start, &["a", "c"]);
    assert_eq!(doc["board"], json!({"south": [1, 3, 2], "north": [2, 2, 0]}));
    assert_eq!(doc["captured"], json!({"south": 1, "north": 1}));
    let shared = machine(&source);
    let (_, doc) = play_all(&shared, position(&shared, [5, 1, 1], [1, 1, 3], (0, 0)), &["a"]);
    assert_eq!(doc["board"], json!({"south": [0, 2, 2], "north": [2, 2, 3]}));
}

/// `on lap_end`: MancalaGames' LAP_CAPT (Motiq's rule, on 3 seeds). The
/// lap's last hole is taken when it makes 3, and the sowing goes on from
/// the hole after it (`relay lift next when count(landing) == 0 …`).
/// South's a (2 seeds) sows S.b 1, S.c 3: S.c's 3 are captured, and N.a's
/// 2 are sown on, N.b 2, N.c 1, where the sowing ends. Without the rule,
/// S.c's 3 would have been sown on instead. South's c (2 seeds) sows N.a 1,
/// N.b 3: the last lap's hole is captured too, and the move ends, N.c being
/// empty.
#[test]
fn a_capture_can_end_each_lap() {
    let source = |on: &str| {
        format!(
            "game \"laps\" {{
  board {{ rows 2; holes 3; stores none }}
  setup {{ seeds 2 }}
  sowing {{
    direction counterclockwise; first_seed next; origin sown
    relay lift landing when count(landing) > 1
    relay lift next when count(landing) == 0 and count(next) > 0
  }}
  {on}
  moves {{ lift when count(origin) > 0; endless after 100 laps illegal }}
  end {{ no_moves remaining to owner; winner most_captured }}
}}"
        )
    };
    let m = machine(&source("on lap_end when count(landing) == 3 {\n    capture landing to mover\n  }"));
    let start = start_at(&m, json!({"south": [2, 0, 2], "north": [2, 1, 0]}), json!({"south": 2, "north": 3}));
    let (_, doc) = play_all(&m, start, &["a"]);
    assert_eq!(doc["board"], json!({"south": [0, 1, 0], "north": [0, 2, 1]}));
    assert_eq!(doc["captured"], json!({"south": 5, "north": 3}));
    let plain = machine(&source(""));
    let start = start_at(&plain, json!({"south": [2, 0, 2], "north": [2, 1, 0]}), json!({"south": 2, "north": 3}));
    let (_, doc) = play_all(&plain, start, &["a"]);
    assert_eq!(doc["board"], json!({"south": [0, 1, 0], "north": [3, 2, 1]}));
    assert_eq!(doc["captured"], json!({"south": 2, "north": 3}));
    let start = start_at(&m, json!({"south": [0, 0, 2], "north": [0, 2, 0]}), json!({"south": 4, "north": 4}));
    let (_, doc) = play_all(&m, start, &["c"]);
    assert_eq!(doc["board"], json!({"south": [0, 0, 0], "north": [1, 0, 0]}));
    assert_eq!(doc["captured"], json!({"south": 7, "north": 4}));
}

/// `endless … ends_game remaining divided`: an endless move ends the game
/// with its own award (MancalaGames' quitter). South's a (1 seed) makes
/// S.b 2, whose 2 are sown on (S.c 1, N.a 4), and N.a's 4 would need a
/// second relay, past the limit: the board before the move (5 seeds) is
/// divided, 2 each and the odd seed to South, who holds fewer (2 against
/// 5): 5 to 7. Under `no_moves`' own award each row would go to its owner
/// (South 2, North 3): 4 to 8.
#[test]
fn an_endless_move_can_award_the_board_its_own_way() {
    let source = |award: &str| {
        format!(
            "game \"endless\" {{
  board {{ rows 2; holes 3; stores none }}
  setup {{ seeds 2 }}
  sowing {{
    direction counterclockwise; first_seed next; origin sown
    relay lift landing when count(landing) > 1
  }}
  moves {{ lift when count(origin) > 0; endless after 1 laps ends_game{award} }}
  end {{ no_moves remaining to owner; winner most_captured }}
}}"
        )
    };
    for (award, south, north) in [(" remaining divided", 5, 7), ("", 4, 8)] {
        let m = machine(&source(award));
        let start = start_at(&m, json!({"south": [1, 1, 0], "north": [3, 0, 0]}), json!({"south": 2, "north": 5}));
        let (_, doc) = play_all(&m, start, &["a"]);
        assert_eq!(doc["board"], json!({"south": [0, 0, 0], "north": [0, 0, 0]}), "{award}");
        assert_eq!(doc["captured"], json!({"south": south, "north": north}), "{award}");
    }
}

/// `refill setup` and `match_end wins 2`: every round starts from the setup
/// (2 seeds a hole, nothing held), and the first to win 2 rounds wins the
/// match. From S=[0,1,0] N=[0,0,0] (captured 6 and 5), South plays b into
/// S.c; North cannot move and S.c's seed goes to South: 7 against 5, South
/// wins round 1. Round 2 starts from the setup, every hole 2, nothing held,
/// with the loser, North (`starter loser`); the document says South has won
/// a round. From the same board with South one win up already, the same
/// move wins the match: South, 7 to 5. From captured 5 and 6 the round is
/// drawn (6 each): nobody's count moves, and South starts round 2 (no
/// `tie` clause).
#[test]
fn a_match_can_be_won_by_rounds_won() {
    let m = match_game(3, "none", "", "remaining to owner", "refill setup; starter loser; match_end wins 2");
    let at = |captured: [u32; 2], wins: Option<Value>| {
        let mut doc = json!({"to_move": "south", "board": {"south": [0, 1, 0], "north": [0, 0, 0]},
                             "captured": {"south": captured[0], "north": captured[1]},
                             "closed": {"south": [], "north": []}, "round": 1});
        if let Some(w) = wins {
            doc["wins"] = w;
        }
        serde_json::from_value::<PositionDoc>(doc).unwrap().to_position(&m).unwrap()
    };
    let (round2, doc) = play_all(&m, at([6, 5], None), &["b"]);
    assert_eq!(doc["round"], 2);
    assert_eq!(doc["to_move"], "north");
    assert_eq!(doc["board"], json!({"south": [2, 2, 2], "north": [2, 2, 2]}));
    assert_eq!(doc["captured"], json!({"south": 0, "north": 0}));
    assert_eq!(doc["wins"], json!({"south": 1, "north": 0}));
    assert_eq!(round2.wins(), [1, 0]);
    let again = serde_json::from_value::<PositionDoc>(doc).unwrap().to_position(&m).unwrap();
    assert_eq!(again, round2);
    let (_, doc) = play_all(&m, at([6, 5], Some(json!({"south": 1, "north": 0}))), &["b"]);
    assert_eq!(doc["round"], 1);
    assert_eq!(doc["result"], json!({"winner": "south"}));
    assert_eq!(doc["captured"], json!({"south": 7, "north": 5}));
    assert_eq!(doc["wins"], json!({"south": 2, "north": 0}));
    let (_, doc) = play_all(&m, at([5, 6], None), &["b"]);
    assert_eq!(doc["round"], 2);
    assert_eq!(doc["to_move"], "south");
    assert_eq!(doc.get("wins"), None, "a drawn round counts for nobody");
    // A document may not give a player the wins that would have ended the match.
    let doc = json!({"to_move": "south", "board": {"south": [0, 1, 0], "north": [0, 0, 0]},
                     "captured": {"south": 6, "north": 5}, "closed": {"south": [], "north": []}, "round": 1,
                     "wins": {"south": 2, "north": 0}});
    assert!(serde_json::from_value::<PositionDoc>(doc).unwrap().to_position(&m).is_err());
}

/// `refill setup turned_after_north`: after a round North started, the next
/// begins from the setup turned round. Setup S=[3,0,1] N=[1,1,1], 7 seeds.
/// From S=[0,1,0] N=[0,0,0] (captured 2 and 4), South plays b into S.c;
/// North cannot move and S.c's seed goes to South: 3 against 4, North wins
/// and the loser, South, starts round 2. If South started round 1 (the
/// document says nothing), round 2 is set out as written; if North did
/// (`opened: north`), turned: S=[1,1,1] N=[3,0,1]. From captured 4 and 2
/// South wins (5 to 2) and North starts round 2, from the setup as written;
/// the document then says North opened it.
#[test]
fn a_setup_can_be_turned_after_a_round_north_started() {
    let m = machine(
        "game \"Turned\" {
  board { rows 2; holes 3; stores none }
  setup { seeds south [3, 0, 1] north [1, 1, 1] }
  sowing { direction counterclockwise; first_seed next; origin sown }
  moves { lift when count(origin) > 0; endless after 1 laps illegal }
  end { no_moves remaining to owner; winner most_captured }
  match { refill setup turned_after_north; starter loser; match_end wins 3 }
}",
    );
    let at = |captured: [u32; 2], opened: Option<&str>| {
        let mut doc = json!({"to_move": "south", "board": {"south": [0, 1, 0], "north": [0, 0, 0]},
                             "captured": {"south": captured[0], "north": captured[1]},
                             "closed": {"south": [], "north": []}, "round": 1});
        if let Some(o) = opened {
            doc["opened"] = json!(o);
        }
        serde_json::from_value::<PositionDoc>(doc).unwrap().to_position(&m).unwrap()
    };
    let (_, doc) = play_all(&m, at([2, 4], None), &["b"]);
    assert_eq!((doc["round"].clone(), doc["to_move"].clone()), (json!(2), json!("south")));
    assert_eq!(doc["board"], json!({"south": [3, 0, 1], "north": [1, 1, 1]}));
    assert_eq!(doc["wins"], json!({"south": 0, "north": 1}));
    let (_, doc) = play_all(&m, at([2, 4], Some("north")), &["b"]);
    assert_eq!(doc["board"], json!({"south": [1, 1, 1], "north": [3, 0, 1]}));
    assert_eq!(doc.get("opened"), None, "South opens round 2");
    let (round2, doc) = play_all(&m, at([4, 2], None), &["b"]);
    assert_eq!(doc["to_move"], "north");
    assert_eq!(doc["board"], json!({"south": [3, 0, 1], "north": [1, 1, 1]}));
    assert_eq!(doc["opened"], "north");
    assert!(round2.north_opened());
    let again = serde_json::from_value::<PositionDoc>(doc).unwrap().to_position(&m).unwrap();
    assert_eq!(again, round2);
}

/// `turns_played`: no captures in the round's first turn. From the start
/// (2 seeds a hole), South plays c: N.a 3, N.b 3, the last seed in a hole of
/// 3, but no turn has been played yet, so nothing is taken. North plays a
/// (3): N.b 4, N.c 3, S.a 3: one turn played, S.a's 3 are North's.
#[test]
fn a_condition_can_count_the_turns_played() {
    let capture = "on sowing_end when turns_played >= 1 and landing in opponent_row and count(landing) == 3 {
    capture landing to mover
  }";
    let m = game("next", capture, "", "no_moves remaining to owner");
    let (pos, doc) = play_all(&m, m.initial(), &["c"]);
    assert_eq!(doc["board"], json!({"south": [2, 2, 0], "north": [3, 3, 2]}));
    assert_eq!(doc["captured"], json!({"south": 0, "north": 0}));
    assert_eq!(doc["turns"], json!({"played": 1, "extra": 0}));
    let (pos, doc) = play_all(&m, pos, &["a"]);
    assert_eq!(doc["board"], json!({"south": [0, 2, 0], "north": [0, 4, 3]}));
    assert_eq!(doc["captured"], json!({"south": 0, "north": 3}));
    assert_eq!((pos.turns_played(), pos.extra_turns()), (2, 0));
    // The protocol carries the counters: the document reads back as the same position.
    let back = serde_json::from_value::<PositionDoc>(doc).unwrap().to_position(&m).unwrap();
    assert_eq!(back, pos);
}

/// `extra_turns`: a capture gives another turn, but never two in a row.
/// From S: b2 c2, N: a1 b2 c1 (South 3 and North 1 captured), South plays
/// c: N.a 2, N.b 3, captured, and an extra turn (none earned before: the
/// count becomes 1). South plays b: S.c 1, N.a 3, captured, but the count
/// is 1: no extra turn, North moves, and the count is 0 again.
#[test]
fn a_condition_can_count_the_extra_turns_earned() {
    let capture = "on sowing_end when landing in opponent_row and count(landing) == 3 {
    capture landing to mover
    extra_turn when extra_turns == 0
  }";
    let m = game("next", capture, "", "no_moves remaining to owner");
    let start = first_turn(&m, json!({"south": [0, 2, 2], "north": [1, 2, 1]}), json!({"south": 3, "north": 1}));
    let (pos, doc) = play_all(&m, start, &["c"]);
    assert_eq!(doc["board"], json!({"south": [0, 2, 0], "north": [2, 0, 1]}));
    assert_eq!(doc["to_move"], "south");
    assert_eq!(doc["turns"], json!({"played": 0, "extra": 1}));
    let (_, doc) = play_all(&m, pos, &["b"]);
    assert_eq!(doc["board"], json!({"south": [0, 0, 1], "north": [0, 0, 1]}));
    assert_eq!(doc["captured"], json!({"south": 9, "north": 1}));
    assert_eq!(doc["to_move"], "north");
    assert_eq!(doc["turns"], json!({"played": 1, "extra": 0}));
}

/// Rules that read no turn counter keep none, and a document giving them
/// is refused; a count above 255 is refused too.
#[test]
fn only_rules_that_count_turns_keep_the_counts() {
    let m = game("next", "", "", "no_moves remaining to owner");
    let (pos, doc) = play_all(&m, m.initial(), &["a"]);
    assert_eq!((pos.turns_played(), pos.extra_turns()), (0, 0));
    assert!(doc.get("turns").is_none(), "{doc}");
    let mut given = doc.clone();
    given["turns"] = json!({"played": 1, "extra": 0});
    let err = serde_json::from_value::<PositionDoc>(given).unwrap().to_position(&m).unwrap_err();
    assert!(err.to_string().contains("do not read the turn counters"), "{err}");
    let counting =
        game("next", "on sowing_end when turns_played > 3 { extra_turn }", "", "no_moves remaining to owner");
    let mut given = doc;
    given["turns"] = json!({"played": 256, "extra": 0});
    let err = serde_json::from_value::<PositionDoc>(given.clone()).unwrap().to_position(&counting).unwrap_err();
    assert!(err.to_string().contains("a turn counter is 0 to 255, found 256"), "{err}");
    // Rules that read them need them: a position without them is not read
    // as a round's first turn.
    given.as_object_mut().unwrap().remove("turns");
    let err = serde_json::from_value::<PositionDoc>(given).unwrap().to_position(&counting).unwrap_err();
    assert!(err.to_string().starts_with("`turns`: these rules read the turn counters"), "{err}");
}

/// The counters are the round's: as in [`a_new_round_forgets_the_previous_move`],
/// South's one seed goes into its store and earns a turn nobody can play;
/// round 2 starts with both counters at 0.
#[test]
fn a_new_round_starts_the_turn_counters_afresh() {
    let matched = "refill 2 per hole from left; starter last_mover; match_end below 2";
    let extra = "on sowing_end when landing == store(mover) and extra_turns < 5 { extra_turn }";
    let m = match_game(3, "sown", extra, "pass remaining to owner", matched);
    let start = first_turn(&m, json!({"south": [0, 0, 1], "north": [0, 0, 0]}), json!({"south": 5, "north": 6}));
    let (pos, doc) = play_all(&m, start, &["c"]);
    assert_eq!(doc["round"], 2);
    assert_eq!((pos.turns_played(), pos.extra_turns()), (0, 0));
    // Refilled with 2 a hole: South's b (2) sows S.c and its store, an extra
    // turn earned; then c (3) sows the store, N.a and N.b: a turn played.
    let (pos, _) = play_all(&m, pos, &["b"]);
    assert_eq!((pos.turns_played(), pos.extra_turns()), (0, 1));
    let (pos, _) = play_all(&m, pos, &["c"]);
    assert_eq!((pos.turns_played(), pos.extra_turns()), (1, 0));
}

/// `toll`: before each lap, one seed of the hand goes to the mover. From the
/// start (2 a hole), South plays a: one seed to South, one into S.b (3),
/// which relays: one to South, S.c 3, N.a 3; N.a relays: one to South, N.b
/// 3, N.c 3; N.c relays: one to South, S.a 1, S.b 1 (lifted before): a
/// single seed, the sowing ends. South holds 4.
#[test]
fn each_lap_can_pay_a_toll() {
    let m = machine(
        "game \"toll\" {
  board { rows 2; holes 3; stores none }
  setup { seeds 2 }
  sowing {
    direction counterclockwise; first_seed next; origin sown
    relay lift landing when count(landing) > 1
    toll 1 to mover
  }
  moves { lift when count(origin) > 0; endless after 100 laps illegal }
  end { no_moves remaining to owner; winner most_captured }
}",
    );
    let (_, doc) = play_all(&m, m.initial(), &["a"]);
    assert_eq!(doc["board"], json!({"south": [1, 1, 3], "north": [0, 3, 0]}));
    assert_eq!(doc["captured"], json!({"south": 4, "north": 0}));
    assert_eq!((m.plan().kernel(), m.plan().general_reasons()), (sowspec::Kernel::Compiled, &[][..]));
}

/// A move judged by where it lands (`landing` in `lift when`) pays its toll
/// first: from the start (2 a hole), a sows one seed, into S.b, and b one,
/// into S.c, both in South's row; c's one seed lands in N.a.
#[test]
fn a_move_judged_by_its_landing_pays_the_toll_first() {
    let m = machine(
        "game \"toll\" {
  board { rows 2; holes 3; stores none }
  setup { seeds 2 }
  sowing { direction counterclockwise; first_seed next; origin sown; toll 1 to mover }
  moves { lift when count(origin) > 0 and landing in mover_row; endless after 100 laps illegal }
  end { no_moves remaining to owner; winner most_captured }
}",
    );
    let legal: Vec<String> = m.initial().legal_moves().map(|mv| mv.to_string()).collect();
    assert_eq!(legal, ["a", "b"]);
}

/// `lift from both_rows` (MancalaGames' `no_sides`): either player moves
/// from any hole; a player's letters run on past their row (South's `d` is
/// N.a, North's `d` is S.a). Captures on 2 go to the mover.
/// - S=[1,0,0], N=[2,0,1], captured 4 and 4: South may lift S.a (`a`),
///   N.a (`d`) or N.c (`f`). South's f sows N.c's seed into S.a, making 2:
///   South captures them (6). North may then lift only N.a, its `a`.
/// - North's a sows N.b and N.c (1 each). South's row is empty, yet South
///   moves: N.b (`e`) or N.c (`f`).
/// - Without `from both_rows`, `f` names no hole of South's.
#[test]
fn a_player_can_move_from_either_row() {
    let end = "no_moves keeping board";
    let source = rules("rows 2; holes 3", "2", "", "endless after 1 laps illegal", end)
        .replace("lift when", "lift from both_rows when")
        .replace("  moves {", "  on sowing_end when count(landing) == 2 { capture landing to mover }\n  moves {");
    let m = machine(&source);
    let start = position(&m, [1, 0, 0], [2, 0, 1], (4, 4));
    let doc = serde_json::to_value(PositionDoc::of(&m, &start)).unwrap();
    assert_eq!(doc["legal"], json!(["a", "d", "f"]));
    let (pos, doc) = play(&m, &start, 'f');
    assert_eq!(doc["board"], json!({"south": [0, 0, 0], "north": [2, 0, 0]}));
    assert_eq!(doc["captured"], json!({"south": 6, "north": 4}));
    assert_eq!(doc["legal"], json!(["a"]));
    assert!(m.play(&pos, Hole::at(3)).is_err(), "North's d, S.a, is empty");
    let (_, doc) = play(&m, &pos, 'a');
    assert_eq!(doc["board"], json!({"south": [0, 0, 0], "north": [0, 1, 1]}));
    assert_eq!(doc["to_move"], "south");
    assert_eq!(doc["legal"], json!(["e", "f"]));
    let own_row = machine(&source.replace("lift from both_rows when", "lift when"));
    assert!(own_row.play(&position(&own_row, [1, 0, 0], [2, 0, 1], (4, 4)), Hole::at(5)).is_err());
}

/// `winner cleared` (MancalaGames' CLEAR goal), with `over when
/// total(mover_row) == 0 or total(opponent_row) == 0 keeping board`:
/// - S=[0,0,1], N=[1,1,1], captured 4 and 4: South's c sows its last seed
///   into N.a; South's row is empty: South, the mover, wins.
/// - Moving from either row, S=[1,1,0], N=[0,0,1], captured 4 and 5:
///   South's f sows N.c's seed into S.a, emptying North's row: North wins
///   (where `winner deprive` makes South the winner). The board stays.
#[test]
fn the_player_whose_holes_are_empty_wins() {
    let end = "no_moves keeping board\n  over when total(mover_row) == 0 or total(opponent_row) == 0 keeping board";
    let source = rules("rows 2; holes 3", "2", "", "endless after 1 laps illegal", end)
        .replace("winner most_captured", "winner cleared");
    let m = machine(&source);
    let (_, doc) = play(&m, &position(&m, [0, 0, 1], [1, 1, 1], (4, 4)), 'c');
    assert_eq!(doc["result"], json!({"winner": "south"}));
    let either = machine(&source.replace("lift when", "lift from both_rows when"));
    let (_, doc) = play(&either, &position(&either, [1, 1, 0], [0, 0, 1], (4, 5)), 'f');
    assert_eq!(doc["board"], json!({"south": [2, 1, 0], "north": [0, 0, 0]}));
    assert_eq!(doc["result"], json!({"winner": "north"}));
    let deprive =
        machine(&source.replace("lift when", "lift from both_rows when").replace("winner cleared", "winner deprive"));
    let (_, doc) = play(&deprive, &position(&deprive, [1, 1, 0], [0, 0, 1], (4, 5)), 'f');
    assert_eq!(doc["result"], json!({"winner": "south"}));
}

/// `origin skipped` on a track of one open hole (`circuits own` on 2×1):
/// the seeds lifted can never be sown, so the move is endless (illegal
/// here), not an unending search for a hole to sow; with it the only
/// move, the game is over before it starts. A shared circuit sows N.a.
#[test]
fn a_skipped_origin_alone_on_its_track_is_endless() {
    let source = rules("rows 2; holes 1", "2", "", "endless after 5 laps illegal", "no_moves remaining to owner")
        .replace("origin sown", "origin skipped");
    let own = machine(&source.replace("stores none", "stores none; circuits own"));
    let start = own.initial();
    assert_eq!(start.legal_moves().count(), 0);
    assert!(start.result().is_some(), "no move: the game is over");
    let shared = machine(&source);
    let (_, doc) = play_all(&shared, shared.initial(), &["a"]);
    assert_eq!(doc["board"], json!({"south": [0], "north": [4]}));
}

/// `seeds drawn 14 at_least 2` on 2×3: every hole gets 2 (12 seeds), and
/// the 2 left over go into holes drawn at random. Worked by hand, the
/// starts are 6 with both in one hole (that hole 4) and C(6, 2) = 15 with
/// one each in two holes: 21 in all, each hole 2 to 4, always 14 seeds,
/// no seed captured. A seed always draws the same start; 2000 seeds
/// reach all 21. `seeds drawn 12 at_least 2` has one start: 2 everywhere.
#[test]
fn a_drawn_start_honours_its_total_and_least() {
    let source = rules(
        "rows 2; holes 3",
        "drawn 14 at_least 2",
        "",
        "endless after 100 laps illegal",
        "no_moves remaining to owner",
    );
    let m = machine(&source);
    let mut starts = std::collections::BTreeSet::new();
    for seed in 0..2000 {
        let pos = m.initial_drawn(seed);
        let doc = serde_json::to_value(PositionDoc::of(&m, &pos)).unwrap();
        assert_eq!(doc, serde_json::to_value(PositionDoc::of(&m, &m.initial_drawn(seed))).unwrap(), "seed {seed}");
        let holes: Vec<u64> = ["south", "north"]
            .iter()
            .flat_map(|p| doc["board"][p].as_array().unwrap().clone())
            .map(|v| v.as_u64().unwrap())
            .collect();
        assert_eq!(holes.iter().sum::<u64>(), 14, "seed {seed}: {holes:?}");
        assert!(holes.iter().all(|&h| (2..=4).contains(&h)), "seed {seed}: {holes:?}");
        assert_eq!(doc["captured"], json!({"south": 0, "north": 0}));
        assert_eq!(doc["to_move"], "south");
        assert!(m.could_be_drawn(&pos));
        starts.insert(holes);
    }
    assert_eq!(starts.len(), 21);
    let doc = |pos: &sowspec::Position| serde_json::to_value(PositionDoc::of(&m, pos)).unwrap();
    assert_eq!(doc(&m.initial_drawn(0)), doc(&m.initial()), "initial() is the draw seeded 0");
    // Positions the draw cannot lay out: a hole below 2, seeds captured.
    assert!(!m.could_be_drawn(&position(&m, [1, 3, 2], [2, 2, 4], (0, 0))));
    assert!(!m.could_be_drawn(&position(&m, [2, 2, 2], [2, 2, 2], (1, 1))));
    assert!(m.could_be_drawn(&position(&m, [2, 2, 2], [2, 2, 4], (0, 0))));
    let exact = machine(&source.replace("drawn 14", "drawn 12"));
    for seed in 0..20 {
        let doc = serde_json::to_value(PositionDoc::of(&exact, &exact.initial_drawn(seed))).unwrap();
        assert_eq!(doc["board"], json!({"south": [2, 2, 2], "north": [2, 2, 2]}));
    }
}

/// `refill setup` with `seeds drawn 14 at_least 2` on 2×3: each round's
/// start is drawn again. Playing each time the first legal move, round 1
/// ends (the seeds left go to their owner), and round 2 starts from a new draw: 14 seeds on the board, every hole 2 to 4,
/// nothing held. Playing the same moves again reaches the same start.
#[test]
fn a_drawn_setup_is_drawn_again_each_round() {
    let source = rules(
        "rows 2; holes 3",
        "drawn 14 at_least 2",
        "match { refill setup; starter alternate; match_end wins 2 }",
        "endless after 100 laps illegal",
        "no_moves remaining to owner",
    );
    let m = machine(&source);
    let second_round = |seed: u64| {
        let mut pos = m.initial_drawn(seed);
        while pos.round() == 1 {
            let mv = pos.legal_moves().next().expect("round 1 ends before the match");
            pos = m.play(&pos, mv).unwrap();
        }
        serde_json::to_value(PositionDoc::of(&m, &pos)).unwrap()
    };
    for seed in 0..50 {
        let doc = second_round(seed);
        assert_eq!(doc["round"], 2);
        assert_eq!(doc["captured"], json!({"south": 0, "north": 0}), "seed {seed}");
        let holes: Vec<u64> = ["south", "north"]
            .iter()
            .flat_map(|p| doc["board"][p].as_array().unwrap().clone())
            .map(|v| v.as_u64().unwrap())
            .collect();
        assert_eq!(holes.iter().sum::<u64>(), 14, "seed {seed}: {holes:?}");
        assert!(holes.iter().all(|&h| (2..=4).contains(&h)), "seed {seed}: {holes:?}");
        assert_eq!(doc, second_round(seed), "seed {seed}: the same moves, the same draw");
    }
}

/// `on move_start`: rules that act once the seeds are lifted, before any is
/// sown (MancalaGames' captures before sowing). From S=[1,2,1], N=[3,2,3]
/// (S.a faces N.c, S.c faces N.a):
/// - Huroy's rule, what faces each of the mover's holes that held a single
///   seed when the move began: South's b first takes N.c (3) and N.a (3),
///   then sows S.c 2, N.a 1. South's a, a single seed itself (`lifted` 1,
///   its hole now empty), takes the same 6, then sows S.b 3.
/// - Achochodi's rule, what faces a lone seed lifted: South's a takes N.c's
///   3 and sows S.b 3; South's c takes N.a's 3, then its seed lands in the
///   emptied N.a; South's b (2 seeds) takes nothing.
/// - A capture of the hole just lifted takes nothing: it is empty.
#[test]
fn a_rule_can_act_before_the_seeds_are_lifted() {
    let source = |on: &str| {
        format!(
            "game \"presow\" {{
  board {{ rows 2; holes 3; stores none }}
  setup {{ seeds 2 }}
  sowing {{ direction counterclockwise; first_seed next; origin sown }}
  {on}
  moves {{ lift when count(origin) > 0; endless after 100 laps illegal }}
  end {{ no_moves remaining to owner; winner most_captured }}
}}"
        )
    };
    let (board, none) = (json!({"south": [1, 2, 1], "north": [3, 2, 3]}), json!({"south": 0, "north": 0}));
    let singles = machine(&source(
        "on move_start {\n    capture every hole where hole in opponent_row and\n      \
         (count(opposite(hole)) == 1 or opposite(hole) == origin and lifted == 1) to mover\n  }",
    ));
    let (_, doc) = play_all(&singles, start_at(&singles, board.clone(), none.clone()), &["b"]);
    assert_eq!(doc["board"], json!({"south": [1, 0, 2], "north": [1, 2, 0]}));
    assert_eq!(doc["captured"], json!({"south": 6, "north": 0}));
    let (_, doc) = play_all(&singles, start_at(&singles, board.clone(), none.clone()), &["a"]);
    assert_eq!(doc["board"], json!({"south": [0, 3, 1], "north": [0, 2, 0]}));
    assert_eq!(doc["captured"], json!({"south": 6, "north": 0}));
    let lone = machine(&source("on move_start when lifted == 1 {\n    capture opposite(origin) to mover\n  }"));
    let (_, doc) = play_all(&lone, start_at(&lone, board.clone(), none.clone()), &["a"]);
    assert_eq!(doc["board"], json!({"south": [0, 3, 1], "north": [3, 2, 0]}));
    assert_eq!(doc["captured"], json!({"south": 3, "north": 0}));
    let (_, doc) = play_all(&lone, start_at(&lone, board.clone(), none.clone()), &["c"]);
    assert_eq!(doc["board"], json!({"south": [1, 2, 0], "north": [1, 2, 3]}));
    assert_eq!(doc["captured"], json!({"south": 3, "north": 0}));
    let (_, doc) = play_all(&lone, start_at(&lone, board.clone(), none.clone()), &["b"]);
    assert_eq!(doc["board"], json!({"south": [1, 0, 2], "north": [4, 2, 3]}));
    assert_eq!(doc["captured"], json!({"south": 0, "north": 0}));
    let emptied = machine(&source("on move_start {\n    capture origin to mover\n  }"));
    let (_, doc) = play_all(&emptied, start_at(&emptied, board, none), &["b"]);
    assert_eq!(doc["board"], json!({"south": [1, 0, 2], "north": [4, 2, 3]}));
    assert_eq!(doc["captured"], json!({"south": 0, "north": 0}));
    // The compiled kernel runs the `on move_start` rules with the general code.
    assert_eq!((emptied.plan().kernel(), emptied.plan().general_reasons()), (sowspec::Kernel::Compiled, &[][..]));
}

/// `must_leave … either_direction`: North has no seeds. South's S.c (1)
/// feeds N.a counterclockwise (`c+`) but sows S.b clockwise (`c-`); S.b (1)
/// sows S.c or S.a, feeding nobody. Judged per move only `c+` is legal;
/// judged per hole, `c-` too, and S.b still not.
#[test]
fn the_feeding_duty_judged_per_hole_allows_both_directions() {
    let duty = "must_leave total(opponent_row) > 0 when total(opponent_row) == 0";
    let chosen = |moves: &str| {
        let moves = format!("{moves}; endless after 100 laps illegal");
        machine(
            &rules("rows 2; holes 3", "2", "", &moves, "no_moves remaining to owner")
                .replace("direction counterclockwise", "direction chosen"),
        )
    };
    let doc = json!({"to_move": "south", "board": {"south": [0, 1, 1], "north": [0, 0, 0]},
                     "captured": {"south": 5, "north": 5}, "closed": {"south": [], "north": []}, "round": 1});
    let doc: sowspec::protocol::PositionDoc = serde_json::from_value(doc).unwrap();
    let legal = |m: &Machine| doc.to_position(m).unwrap().legal_moves().map(|m| m.to_string()).collect::<Vec<_>>();
    assert_eq!(legal(&chosen(duty)), ["c+"]);
    assert_eq!(legal(&chosen(&format!("{duty} either_direction"))), ["c+", "c-"]);
}

/// `starter`: the round's first mover, South unless the position says
/// North opened. North's N.c (2) sows S.a and S.b (3): the landing goes to
/// the starter.
#[test]
fn the_round_starter_takes_what_the_rules_give_him() {
    let m = game(
        "next",
        "on sowing_end when landing in opponent_row { capture landing to starter }",
        "",
        "no_moves remaining to owner",
    );
    let at = |opened: Value| {
        let doc = json!({"to_move": "north", "board": {"south": [2, 2, 2], "north": [2, 2, 2]},
                         "captured": {"south": 0, "north": 0}, "closed": {"south": [], "north": []}, "round": 1,
                         "opened": opened});
        let doc: sowspec::protocol::PositionDoc = serde_json::from_value(doc).unwrap();
        let (_, after) = play(&m, &doc.to_position(&m).unwrap(), 'c');
        after["captured"].clone()
    };
    assert_eq!(at(Value::Null), json!({"south": 3, "north": 0}));
    assert_eq!(at(json!("north")), json!({"south": 0, "north": 3}));
}

/// `relay … closing` and `closed_toll` (MancalaGames' blocked holes), worked
/// by hand on 2×3 holes from South [0, 0, 1], North [2, 0, 3]: a lap ending
/// on 3 in the opponent's row closes that hole as its seeds are lifted; the
/// mover's closed holes are passed over, the opponent's take the seed for
/// South, and a last seed taken so ends the sowing there.
#[test]
fn closing_relays_and_closed_tolls() {
    let m = machine(
        &rules(
            "rows 2; holes 3",
            "south [0, 0, 1] north [2, 0, 3]",
            "",
            "endless after 100 laps illegal",
            "no_moves remaining to owner",
        )
        .replace(
            "origin sown }",
            "origin sown
    relay lift landing closing when count(landing) == 3 and landing in opponent_row
    relay lift landing when count(landing) > 1
    closed_toll to south when hole in opponent_row }",
        ),
    );
    // S.c's seed makes N.a 3: N.a closes, its 3 go to N.b, N.c, S.a (1: the end).
    let (_, doc) = play_all(&m, m.initial(), &["c"]);
    assert_eq!(doc["board"], json!({"south": [1, 0, 0], "north": [0, 1, 4]}));
    assert_eq!(doc["closed"], json!({"south": [], "north": ["a"]}));
    assert_eq!(doc["legal"], json!(["b", "c"]), "a closed hole is never lifted");
    // N.c's 4: S.a, S.b, S.c, N.a passed over (North's own), N.b makes 2 and
    // is lifted: N.c, S.a makes 3 and closes; its 3 go to S.b, S.c, N.b (1).
    let (_, doc) = play_all(&m, m.initial(), &["c", "c"]);
    assert_eq!(doc["board"], json!({"south": [0, 2, 2], "north": [0, 1, 1]}));
    assert_eq!(doc["closed"], json!({"south": ["a"], "north": ["a"]}));
    assert_eq!(doc["captured"], json!({"south": 0, "north": 0}));
    // S.c's 2: N.a takes one for South, N.b makes 2: N.c, S.a passed over,
    // S.b makes 3 (South's own row: no closing): S.c, N.a for South, N.b (1).
    let (_, doc) = play_all(&m, m.initial(), &["c", "c", "c"]);
    assert_eq!(doc["board"], json!({"south": [0, 0, 1], "north": [0, 1, 2]}));
    assert_eq!(doc["captured"], json!({"south": 2, "north": 0}));
    // North's N.c: S.a takes one for South (whoever moves), S.b gets 1.
    let (_, doc) = play_all(&m, m.initial(), &["c", "c", "c", "c"]);
    assert_eq!(doc["board"], json!({"south": [0, 1, 1], "north": [0, 1, 0]}));
    assert_eq!(doc["captured"], json!({"south": 3, "north": 0}));
    // S.c's last seed goes to closed N.a: the sowing ends there.
    let (_, doc) = play_all(&m, m.initial(), &["c", "c", "c", "c", "c"]);
    assert_eq!(doc["board"], json!({"south": [0, 1, 0], "north": [0, 1, 0]}));
    assert_eq!(doc["captured"], json!({"south": 4, "north": 0}));
}

/// `refill … loser_only`, worked by hand on 3 holes with stores, 2 seeds a
/// hole (12 in all). From S=[2,0,1] N=[0,0,0] (stores 4 and 5), South plays
/// c into its store (5) and North cannot move: S.a's 2 seeds go to South, 7
/// against 5, and South has won the round. Only North refills: ⌊5/2⌋ = 2
/// holes, keeping 1. `from left` fills N.a and N.b and closes N.c;
/// `from south_left` starts at the board's end on South's left, North's
/// last hole: N.c and N.b, N.a closed. South's row comes
/// back as it stood, [2,0,0], nothing closed, and its store holds 5 again
/// (7 less the row's 2); South, the winner, starts. A plain `from left`
/// refill would have filled all three of South's holes instead. From
/// S=[1,0,1] and stores 4 and 6 the same move ties the round 6 to 6: no
/// loser to refill, so the match ends drawn.
#[test]
fn only_the_loser_of_a_round_refills() {
    let game = |from: &str| {
        let matched = format!("refill 2 per hole from {from} loser_only; starter winner; match_end below 2");
        match_game(3, "sown", "", "remaining to owner", &matched)
    };
    for (from, north, closed) in [("left", [2, 2, 0], "c"), ("south_left", [0, 2, 2], "a")] {
        let m = game(from);
        let start = start_at(&m, json!({"south": [2, 0, 1], "north": [0, 0, 0]}), json!({"south": 4, "north": 5}));
        let (_, doc) = play_all(&m, start, &["c"]);
        assert_eq!(doc["round"], 2);
        assert_eq!(doc["to_move"], "south");
        assert_eq!(doc["board"], json!({"south": [2, 0, 0], "north": north}), "{from}");
        assert_eq!(doc["captured"], json!({"south": 5, "north": 1}));
        assert_eq!(doc["closed"], json!({"south": [], "north": [closed]}), "{from}");
        assert_eq!(doc["legal"], json!(["a"]));
    }
    let m = game("left");
    let start = start_at(&m, json!({"south": [1, 0, 1], "north": [0, 0, 0]}), json!({"south": 4, "north": 6}));
    let (_, doc) = play_all(&m, start, &["c"]);
    assert_eq!(doc["result"], json!({"winner": "draw"}));
    assert_eq!(doc["round"], 1);
}

/// `refill … territory setup turned_after_north`: each round is laid out
/// from the setup again, S=[4,3,2] N=[2,3,4] (18 seeds, counted 3 a hole),
/// turned round (each row with the other's seeds) after a round North
/// started. From S=[0,1,0] N=[0,0,0] (captured 10 and 7), South plays b
/// into S.c and North cannot move: 11 against 7, so South owns ⌊11/3⌋ = 3
/// holes and one more for the 2 left over: its row and N.a. After a round
/// South started, round 2 is the setup as written, and North starts it
/// (`starter alternate`) with `b` and `c`. The same move in a round 2 that
/// North started: round 3 is the setup turned round, S=[2,3,4] N=[4,3,2],
/// and South starts it with `a` to `d`. Without `turned_after_north` it is
/// the setup as written.
#[test]
fn a_territory_round_can_be_laid_out_from_the_setup() {
    let game = |laid: &str| {
        machine(&format!(
            "game \"Territory\" {{
  board {{ rows 2; holes 3; stores none }}
  setup {{ seeds south [4, 3, 2] north [2, 3, 4] }}
  sowing {{ direction counterclockwise; first_seed next; origin sown }}
  moves {{ lift when count(origin) > 0; endless after 1 laps illegal }}
  end {{ no_moves remaining to owner; winner most_captured }}
  match {{ refill 3 per hole territory {laid}; starter alternate; match_end below 3 }}
}}"
        ))
    };
    let start = |m: &Machine, round: u32, opened: &str| {
        let doc = json!({"to_move": "south", "board": {"south": [0, 1, 0], "north": [0, 0, 0]},
                         "captured": {"south": 10, "north": 7}, "closed": {"south": [], "north": []},
                         "round": round, "opened": opened});
        serde_json::from_value::<PositionDoc>(doc).unwrap().to_position(m).unwrap()
    };
    let m = game("setup turned_after_north");
    let (_, doc) = play_all(&m, start(&m, 1, "south"), &["b"]);
    assert_eq!(doc["round"], 2);
    assert_eq!(doc["to_move"], "north");
    assert_eq!(doc["board"], json!({"south": [4, 3, 2], "north": [2, 3, 4]}));
    assert_eq!(doc["captured"], json!({"south": 0, "north": 0}));
    assert_eq!(doc["territory"], json!({"south": 4, "north": 2}));
    assert_eq!(doc["opened"], "north");
    assert_eq!(doc["legal"], json!(["b", "c"]));
    let (_, doc) = play_all(&m, start(&m, 2, "north"), &["b"]);
    assert_eq!(doc["round"], 3);
    assert_eq!(doc["to_move"], "south");
    assert_eq!(doc["board"], json!({"south": [2, 3, 4], "north": [4, 3, 2]}));
    assert_eq!(doc.get("opened"), None, "South opened round 3");
    assert_eq!(doc["legal"], json!(["a", "b", "c", "d"]));
    let m = game("setup");
    let (_, doc) = play_all(&m, start(&m, 2, "south"), &["b"]);
    assert_eq!(doc["board"], json!({"south": [4, 3, 2], "north": [2, 3, 4]}));
}

/// `choose hole where …` (Tsoro's and Chisolo's "capture one more hole"):
/// a last seed into an empty hole of the mover's row takes the facing hole,
/// then one more hole of the opponent's row, which the mover chooses.
fn one_more(optional: &str) -> Machine {
    let rule = format!(
        "on sowing_end when landing in mover_row and count(landing) == 1 and count(opposite(landing)) > 0 {{
    capture opposite(landing) to mover
    choose hole where hole in opponent_row and count(hole) > 0 {optional} {{
      capture hole to mover
    }}
  }}"
    );
    machine(&rules("rows 2; holes 3", "2", &rule, "endless after 100 laps illegal", "no_moves remaining to last_mover"))
}

fn listed(m: &Machine, pos: &sowspec::Position) -> Vec<String> {
    m.legal_moves(pos).unwrap().iter().map(ToString::to_string).collect()
}

/// South [1, 0, 0], North [2, 1, 3]: S.a sows its seed into S.b (empty, now
/// 1), which faces N.b (1): South takes N.b, then chooses N.a (2) or N.c
/// (3), the opponent's holes with seeds, in board order.
/// - `a/N.c`: South 5 + 1 + 3 = 9; North [2, 0, 0] to move.
/// - `a/N.a`: South 5 + 1 + 2 = 8; North [0, 0, 3].
#[test]
fn choose_asks_the_mover_for_a_hole() {
    let m = one_more("");
    assert!(m.decides());
    let pos = position(&m, [1, 0, 0], [2, 1, 3], (5, 0));
    assert_eq!(listed(&m, &pos), ["a/N.a", "a/N.c"]);
    let (_, doc) = play_all(&m, pos.clone(), &["a/N.c"]);
    assert_eq!(doc["board"], json!({"south": [0, 1, 0], "north": [2, 0, 0]}));
    assert_eq!(doc["captured"], json!({"south": 9, "north": 0}));
    assert_eq!(doc["to_move"], "north");
    let (_, doc) = play_all(&m, pos.clone(), &["a/N.a"]);
    assert_eq!(doc["board"], json!({"south": [0, 1, 0], "north": [0, 0, 3]}));
    assert_eq!(doc["captured"], json!({"south": 8, "north": 0}));
    // Perft counts complete moves: 2, then North has one move after each
    // (N.a's two seeds, or N.c's three, land where nothing is taken).
    assert_eq!(sowspec::perft::perft(&m, &pos, 1).unwrap(), 2);
    assert_eq!(sowspec::perft::perft(&m, &pos, 2).unwrap(), 2);
    let divided: Vec<(String, u64)> =
        sowspec::perft::divide(&m, &pos, 1).unwrap().into_iter().map(|(mv, n)| (mv.to_string(), n)).collect();
    assert_eq!(divided, [("a/N.a".to_string(), 1), ("a/N.c".to_string(), 1)]);
}

/// The same position: a move must name exactly the decisions asked for.
#[test]
fn a_move_names_each_decision_asked() {
    use sowspec::machine::DecisionProblem;
    use sowspec::{Decision, Illegal, Player};
    let m = one_more("");
    let pos = position(&m, [1, 0, 0], [2, 1, 3], (5, 0));
    let reason = |mv: &str| m.play(&pos, sowspec::Move::parse(mv).unwrap()).unwrap_err().reason;
    let n = |letter: u8| Decision::Hole(Player::North, Hole::at(letter));
    match reason("a") {
        Illegal::Decision(DecisionProblem::Missing { options, .. }) => assert_eq!(options, [n(0), n(2)]),
        other => panic!("{other:?}"),
    }
    match reason("a/N.b") {
        Illegal::Decision(DecisionProblem::NotAnOption { made, .. }) => assert_eq!(made, n(1)),
        other => panic!("{other:?}"),
    }
    assert_eq!(reason("a/N.c/N.a"), Illegal::Decision(DecisionProblem::Unasked { asked: 1 }));
    assert!(reason("a").to_string().contains("one of N.a, N.c"), "{}", reason("a"));
}

/// South [1, 0, 1], North [0, 1, 3]: after N.b, only N.c holds seeds: the
/// decision is made without asking, and the move is written `a` (S.c's
/// seed, sown into N.a, takes nothing: `c` is the other move). North's
/// row is then empty: the seeds left (S.b, S.c) go to South, the last
/// mover: 6 + 1 + 3 + 2 = 12. With `optional`, South may also take none:
/// `a/none` leaves N.c's 3 seeds, South 6 + 1 = 7, North to move.
#[test]
fn a_single_option_is_taken_and_none_is_an_option_when_optional() {
    let m = one_more("");
    let pos = position(&m, [1, 0, 1], [0, 1, 3], (6, 0));
    assert_eq!(listed(&m, &pos), ["a", "c"]);
    let mut events = Vec::new();
    let after = m.play_traced(&pos, Hole::at(0), &mut events).unwrap();
    let doc = serde_json::to_value(PositionDoc::of(&m, &after)).unwrap();
    assert_eq!(doc["captured"], json!({"south": 12, "north": 0}));
    let chose: Vec<_> = events.iter().filter(|e| matches!(e.kind, EventKind::Chose { .. })).collect();
    assert_eq!(chose.len(), 1);
    assert_eq!(
        chose[0].kind,
        EventKind::Chose { cell: Some(m.cell(sowspec::Player::North, 2)), among: 1, forced: true }
    );
    assert!(m.play(&pos, sowspec::Move::parse("a/N.c").unwrap()).is_err());

    let m = one_more("optional");
    let pos = position(&m, [1, 0, 1], [0, 1, 3], (6, 0));
    assert_eq!(listed(&m, &pos), ["a/N.c", "a/none", "c"]);
    let (_, doc) = play_all(&m, pos, &["a/none"]);
    assert_eq!(doc["board"], json!({"south": [0, 1, 1], "north": [0, 0, 3]}));
    assert_eq!(doc["captured"], json!({"south": 7, "north": 0}));
    assert_eq!(doc["to_move"], "north");
}

/// A decision is never asked at every seed dropped (`on drop`), and a
/// `must_leave` duty, which judges the board a move leaves, cannot weigh
/// moves whose decisions change that board.
#[test]
fn choose_is_refused_where_its_decision_cannot_be_judged() {
    let in_drop = "on drop when count(hole) == 4 { choose hole where count(hole) > 0 { capture hole to mover } }";
    let src = rules("rows 2; holes 3", "2", in_drop, "endless after 100 laps illegal", "no_moves remaining to owner");
    let diags = sowspec::check(&src).unwrap_err();
    assert!(diags.iter().any(|d| d.message.contains("cannot be asked to choose at every seed")), "{diags:#?}");
    let at_end = "on sowing_end { choose hole where count(hole) > 0 { capture hole to mover } }";
    let duty = "endless after 100 laps illegal\n    must_leave total(opponent_row) > 0 when total(opponent_row) == 0";
    let src = rules("rows 2; holes 3", "2", at_end, duty, "no_moves remaining to owner");
    let diags = sowspec::check(&src).unwrap_err();
    assert!(diags.iter().any(|d| d.message.contains("`must_leave` duty cannot weigh")), "{diags:#?}");
}

/// `choose` in `on lap_end` (issue 27, Bao's safari): at the end of every
/// lap in an occupied hole the mover decides whether to sow on, a value the
/// relay reads. South [1, 1, 0], North [1, 2, 0]: S.a's seed makes S.b 2:
/// go on (`/S.b`) or stop (`/none`). Going on, S.b (2) sows S.c 1, N.a 2:
/// asked again, `/N.a` sows N.a's 2 into N.b 3, N.c 1 (empty: the end), or
/// `/none` stops. S.b's one seed into S.c (empty) asks nothing: `b`.
/// - `a/S.b/N.a`: South [0, 0, 1], North [0, 3, 1], two decisions traced.
/// - `a/S.b/none`: South [0, 0, 1], North [2, 2, 0].
/// - `a/none`: South [0, 2, 0], North [1, 2, 0].
#[test]
fn choose_in_lap_end_decides_whether_the_sowing_goes_on() {
    let m = machine(
        "game \"Go on\" {
  board { rows 2; holes 3; stores none }
  setup { seeds 2 }
  memory { value go }
  sowing {
    direction counterclockwise; first_seed next; origin sown
    relay lift landing when count(landing) > 1 and go == 1
  }
  on lap_end when go != 0 { clear go }
  on lap_end when count(landing) > 1 {
    choose hole where hole == landing optional { set go to 1 }
  }
  on sowing_end when go != 0 { clear go }
  moves { lift when count(origin) > 0; endless after 100 laps illegal }
  end { no_moves remaining to owner; winner most_captured }
}",
    );
    assert!(m.decides());
    let doc = json!({"to_move": "south", "board": {"south": [1, 1, 0], "north": [1, 2, 0]},
                     "captured": {"south": 4, "north": 3}, "closed": {"south": [], "north": []}, "round": 1,
                     "memory": {"go": 0}});
    let pos = serde_json::from_value::<PositionDoc>(doc).unwrap().to_position(&m).unwrap();
    assert_eq!(listed(&m, &pos), ["a/S.b/N.a", "a/S.b/none", "a/none", "b"]);
    let (_, doc) = play_all(&m, pos.clone(), &["a/S.b/N.a"]);
    assert_eq!(doc["board"], json!({"south": [0, 0, 1], "north": [0, 3, 1]}));
    let (_, doc) = play_all(&m, pos.clone(), &["a/S.b/none"]);
    assert_eq!(doc["board"], json!({"south": [0, 0, 1], "north": [2, 2, 0]}));
    let (_, doc) = play_all(&m, pos.clone(), &["a/none"]);
    assert_eq!(doc["board"], json!({"south": [0, 2, 0], "north": [1, 2, 0]}));
    assert_eq!(doc["memory"], json!({"go": 0}));
    assert_eq!(sowspec::perft::perft(&m, &pos, 1).unwrap(), 4);
    // A move must name each decision, in the order asked.
    assert!(m.play(&pos, sowspec::Move::parse("a/S.b").unwrap()).is_err());
    assert!(m.play(&pos, sowspec::Move::parse("a/N.a").unwrap()).is_err());
    let mut events = Vec::new();
    m.play_traced(&pos, sowspec::Move::parse("a/S.b/N.a").unwrap(), &mut events).unwrap();
    let chose = events.iter().filter(|e| matches!(e.kind, EventKind::Chose { .. }) && e.span.is_some()).count();
    assert_eq!(chose, 2);
}

/// `choose` in `on move_start`: the mover decides, once the seeds are in
/// hand, whether the whole move relays. The position of the test above:
/// - `a/S.a`: S.b 2, relayed: S.c 1, N.a 2, relayed: N.b 3, N.c 1: South
///   [0, 0, 1], North [0, 3, 1]; `a/none`: S.b 2, the end.
/// - `b/S.b` and `b/none`: S.c 1 (empty): the same board either way, two
///   complete moves all the same.
#[test]
fn choose_in_move_start_is_asked_before_the_first_seed() {
    let m = machine(
        "game \"Relay or not\" {
  board { rows 2; holes 3; stores none }
  setup { seeds 2 }
  memory { value go }
  sowing {
    direction counterclockwise; first_seed next; origin sown
    relay lift landing when count(landing) > 1 and go == 1
  }
  on move_start {
    choose hole where hole == origin optional { set go to 1 }
  }
  on sowing_end when go != 0 { clear go }
  moves { lift when count(origin) > 0; endless after 100 laps illegal }
  end { no_moves remaining to owner; winner most_captured }
}",
    );
    let doc = json!({"to_move": "south", "board": {"south": [1, 1, 0], "north": [1, 2, 0]},
                     "captured": {"south": 4, "north": 3}, "closed": {"south": [], "north": []}, "round": 1,
                     "memory": {"go": 0}});
    let pos = serde_json::from_value::<PositionDoc>(doc).unwrap().to_position(&m).unwrap();
    assert_eq!(listed(&m, &pos), ["a/S.a", "a/none", "b/S.b", "b/none"]);
    let (_, doc) = play_all(&m, pos.clone(), &["a/S.a"]);
    assert_eq!(doc["board"], json!({"south": [0, 0, 1], "north": [0, 3, 1]}));
    let (_, doc) = play_all(&m, pos.clone(), &["a/none"]);
    assert_eq!(doc["board"], json!({"south": [0, 2, 0], "north": [1, 2, 0]}));
    assert_eq!(sowspec::perft::perft(&m, &pos, 1).unwrap(), 4);
}

/// `memory { mark moved }` (Bechi's "a hole moved this round may not be
/// moved again"): every origin is marked, and a marked hole is not lifted.
/// From 2 seeds each: `a` (S.b 3, S.c 3); `a` (N.b 3, N.c 3); `b` (S.c 4,
/// N.a 1, N.b 4); North may not lift N.a (marked), plays `c` (S.a 1, S.b 1,
/// S.c 5). South's S.a and S.b hold a seed each but are marked: only `c`.
#[test]
fn a_mark_remembers_the_holes_moved() {
    let memory = "memory { mark moved }\n  on sowing_end { set moved(origin) }";
    let src = rules("rows 2; holes 3", "2", memory, "endless after 100 laps illegal", "no_moves remaining to owner")
        .replace("lift when count(origin) > 0", "lift when count(origin) > 0 and not moved(origin)");
    let m = machine(&src);
    let (pos, doc) = play_all(&m, m.initial(), &["a", "a", "b"]);
    assert_eq!(doc["board"], json!({"south": [0, 0, 4], "north": [1, 4, 3]}));
    assert_eq!(doc["legal"], json!(["b", "c"]), "N.a holds a seed, but was moved");
    let (_, doc) = play_all(&m, pos, &["c"]);
    assert_eq!(doc["board"], json!({"south": [1, 1, 5], "north": [1, 4, 0]}));
    assert_eq!(doc["legal"], json!(["c"]));
    assert_eq!(doc["memory"], json!({"moved": ["sa", "sb", "na", "nc"]}));
    assert!(m.play(&play_all(&m, m.initial(), &["a", "a", "b", "c"]).0, Hole::at(0)).is_err());
}

/// `value dir per player` (Chisolo: a player's direction is fixed by their
/// first move): 0 until a player moves, then 1 (clockwise) or 2. South
/// `b-` sows clockwise (S.a 3, N.c 3); North `a+` counterclockwise (N.b 3,
/// N.c 4). South may now only sow clockwise, from S.a or S.c.
#[test]
fn a_value_per_player_locks_a_direction() {
    let memory = "memory { value dir per player }
  on sowing_end {
    set dir(mover) to 1 when dir(mover) == 0 and clockwise
    set dir(mover) to 2 when dir(mover) == 0 and counterclockwise
  }";
    let lift = "lift when count(origin) > 0 and (dir(mover) == 0 or clockwise and dir(mover) == 1 or \
                counterclockwise and dir(mover) == 2)";
    let src = rules("rows 2; holes 3", "2", memory, "endless after 100 laps illegal", "no_moves remaining to owner")
        .replace("direction counterclockwise", "direction chosen")
        .replace("lift when count(origin) > 0", lift);
    let m = machine(&src);
    let (_, doc) = play_all(&m, m.initial(), &["b-"]);
    assert_eq!(doc["memory"], json!({"dir": {"south": 1, "north": 0}}));
    assert_eq!(doc["legal"], json!(["a+", "b+", "c+", "a-", "b-", "c-"]));
    let (_, doc) = play_all(&m, m.initial(), &["b-", "a+"]);
    assert_eq!(doc["board"], json!({"south": [3, 0, 2], "north": [0, 3, 4]}));
    assert_eq!(doc["memory"], json!({"dir": {"south": 1, "north": 2}}));
    assert_eq!(doc["legal"], json!(["a-", "c-"]));
}

/// Marks declared `on` holes start there, `clear` takes a mark off, a game
/// value counts, and the trace shows each change with its own line. From 2
/// seeds each, with the house on each player's `b`: `b` lifts South's
/// house (it loses its mark), `a` does not touch North's; `count` goes 0 → 2.
#[test]
fn marks_start_where_declared_and_values_count() {
    let memory = "memory {
    mark house on [2]
    value count_moves from 0
  }
  on sowing_end {
    clear house(origin)
    set count_moves to count_moves + 1
  }";
    let src = rules("rows 2; holes 3", "2", memory, "endless after 100 laps illegal", "no_moves remaining to owner");
    let m = machine(&src);
    let (_, doc) = play_all(&m, m.initial(), &[]);
    assert_eq!(doc["memory"], json!({"count_moves": 0, "house": ["sb", "nb"]}));
    let (pos, doc) = play_all(&m, m.initial(), &["b", "a"]);
    assert_eq!(doc["memory"], json!({"count_moves": 2, "house": ["nb"]}));
    let mut events = Vec::new();
    m.play_traced(&pos, Hole::at(2), &mut events).unwrap();
    let value = events.iter().find(|e| matches!(e.kind, EventKind::Value { .. })).expect("the count is traced");
    assert_eq!(value.kind, EventKind::Value { name: "count_moves".into(), player: None, value: 3 });
    let line = &src[value.span.unwrap().start..value.span.unwrap().end];
    assert_eq!(line, "set count_moves to count_moves + 1");
    // A position is read back with its memory, and refused without it.
    let back: PositionDoc = serde_json::from_value(doc.clone()).unwrap();
    assert_eq!(back.to_position(&m).unwrap(), pos);
    let mut without = doc.clone();
    without.as_object_mut().unwrap().remove("memory");
    let err = serde_json::from_value::<PositionDoc>(without).unwrap().to_position(&m).unwrap_err().to_string();
    assert!(err.contains("memory") && err.contains("give `memory`"), "{err}");
    let mut unknown = doc;
    unknown["memory"]["houses"] = json!(["sa"]);
    let err = serde_json::from_value::<PositionDoc>(unknown).unwrap().to_position(&m).unwrap_err().to_string();
    assert!(err.contains("memory.houses"), "{err}");
}

/// What `memory` declares is checked where it is declared and where it is used.
#[test]
fn memory_names_are_checked() {
    let check = |memory: &str, rule: &str| {
        let src = rules(
            "rows 2; holes 3",
            "2",
            &format!("memory {{ {memory} }}\n  on sowing_end {{ {rule} }}"),
            "endless after 100 laps illegal",
            "no_moves remaining to owner",
        );
        let diags = sowspec::check(&src).unwrap_err();
        diags.iter().map(|d| d.message.clone()).collect::<Vec<_>>().join("\n")
    };
    assert!(check("mark moved", "set mooved(origin)").contains("`mooved` is not a mark or value of `memory`"));
    assert!(check("mark count", "set count(origin)").contains("`count` is a word of the language"));
    assert!(check("value dir per player", "set dir to 1").contains("write `dir(PLAYER)`"));
    assert!(check("value dir per player", "capture origin to mover when dir > 0").contains("kept per player"));
    assert!(check("mark moved on [4]", "set moved(origin)").contains("from 1 to 3"));
    assert!(check("mark moved\n mark moved", "set moved(origin)").contains("declared twice"));
}

/// `origin != last_landing(opponent)` (Sat Gol: no move from the hole where
/// the opponent's last seed fell). From 2 seeds each: before North's first
/// move every hole of South's may be lifted; South `b` ends in N.a, which
/// North may then not lift; North `b` ends in S.a (3 seeds), which South may
/// not lift: only `c`.
#[test]
fn the_last_move_of_each_player_is_remembered() {
    let src = rules("rows 2; holes 3", "2", "", "endless after 100 laps illegal", "no_moves remaining to owner")
        .replace("lift when count(origin) > 0", "lift when count(origin) > 0 and origin != last_landing(opponent)");
    let m = machine(&src);
    let (_, doc) = play_all(&m, m.initial(), &[]);
    assert_eq!(doc["legal"], json!(["a", "b", "c"]));
    assert_eq!(doc["memory"], json!({"last_move": {"south": null, "north": null}}));
    let (_, doc) = play_all(&m, m.initial(), &["b"]);
    assert_eq!(doc["legal"], json!(["b", "c"]));
    let (pos, doc) = play_all(&m, m.initial(), &["b", "b"]);
    assert_eq!(doc["board"], json!({"south": [3, 0, 3], "north": [3, 0, 3]}));
    assert_eq!(doc["legal"], json!(["c"]));
    let last = json!({"south": {"origin": "sb", "landing": "na"}, "north": {"origin": "nb", "landing": "sa"}});
    assert_eq!(doc["memory"], json!({ "last_move": last }));
    let back: PositionDoc = serde_json::from_value(doc).unwrap();
    assert_eq!(back.to_position(&m).unwrap(), pos);
    let alone = src.replace("origin != last_landing(opponent)", "count(last_landing(opponent)) > 0");
    let diags = sowspec::check(&alone).unwrap_err();
    assert!(diags[0].message.contains("can only be compared with a hole"), "{diags:#?}");
}

/// `take 2 when count(origin) == 3` (Intotoi's opening sows two of a
/// hole's three seeds): from 3 seeds each, South `a` takes 2 of S.a's 3
/// (S.a keeps 1; S.b 4, S.c 4); North `c` takes 2 of N.c's 3 (N.c 1, S.a 2,
/// S.b 5); South `a` now lifts all of S.a's 2 (S.b 6, S.c 5).
#[test]
fn take_sows_part_of_a_hole() {
    let src = rules("rows 2; holes 3", "3", "", "endless after 100 laps illegal", "no_moves remaining to owner")
        .replace("origin sown }", "origin sown; take 2 when count(origin) == 3 }");
    let m = machine(&src);
    let (pos, doc) = play_all(&m, m.initial(), &["a", "c"]);
    assert_eq!(doc["board"], json!({"south": [2, 5, 4], "north": [3, 3, 1]}));
    let (_, doc) = play_all(&m, pos.clone(), &["a"]);
    assert_eq!(doc["board"], json!({"south": [0, 6, 5], "north": [3, 3, 1]}));
    let mut events = Vec::new();
    m.play_traced(&m.initial(), Hole::at(0), &mut events).unwrap();
    assert_eq!(events[0].kind, EventKind::Lift { cell: 0, seeds: 2 });
    let line = events[0].span.unwrap();
    assert_eq!(src[line.start..line.end].trim(), "take 2 when count(origin) == 3");
}

/// `relay lift 2 of landing when count(landing) > 2` (Bao's taxed house):
/// each relay lifts two seeds and leaves the rest. From 3 seeds each, South
/// `a`: S.a's 3 sown to S.b 4, S.c 4, N.a 4; two of N.a's lifted (N.a 2):
/// N.b 4, N.c 4; two of N.c's (N.c 2): S.a 1, S.b 5; two of S.b's (S.b 3):
/// S.c 5, N.a 3; two of N.a's (N.a 1): N.b 5, N.c 3; two of N.c's (N.c 1):
/// S.a 2, S.b 4; two of S.b's (S.b 2): S.c 6, N.a 2, which holds 2: the end.
#[test]
fn a_relay_can_lift_part_of_a_hole() {
    let src = rules("rows 2; holes 3", "3", "", "endless after 100 laps illegal", "no_moves remaining to owner")
        .replace("origin sown }", "origin sown; relay lift 2 of landing when count(landing) > 2 }");
    let m = machine(&src);
    let (_, doc) = play_all(&m, m.initial(), &["a"]);
    assert_eq!(doc["board"], json!({"south": [2, 2, 6], "north": [2, 5, 1]}));
    let mut events = Vec::new();
    m.play_traced(&m.initial(), Hole::at(0), &mut events).unwrap();
    let relay = events.iter().find(|e| matches!(e.kind, EventKind::Relay { .. })).unwrap();
    assert_eq!(relay.kind, EventKind::Relay { cell: 3, seeds: 2 });
    let line = relay.span.unwrap();
    assert!(src[line.start..line.end].starts_with("relay lift 2 of landing"));
    assert_eq!(m.plan().kernel(), sowspec::Kernel::General);
    assert!(m.plan().general_reasons().iter().any(|r| r.contains("part of a hole")));
}

/// `relay lift landing chosen when …`: the mover chooses the way the relay
/// sows on, a decision written `/+` (counterclockwise) or `/-`. Two seeds
/// a hole on 2×3, one relay at most (`laps == 1`). South `a`: S.b 3, S.c 3;
/// S.c's 3 lifted: `/+` sows N.a, N.b, N.c (3 each), `/-` sows back S.b 4,
/// S.a 1, N.c 3. Every hole's first lap ends in a hole of 3: six complete
/// moves, `+` before `-`.
#[test]
fn a_relay_can_let_the_mover_choose_its_way() {
    let relay = "origin sown; relay lift landing chosen when count(landing) > 1 and laps == 1 }";
    let src = rules("rows 2; holes 3", "2", "", "endless after 100 laps illegal", "no_moves remaining to owner")
        .replace("origin sown }", relay);
    let m = machine(&src);
    let legal: Vec<String> = m.legal_moves(&m.initial()).unwrap().iter().map(ToString::to_string).collect();
    assert_eq!(legal, ["a/+", "a/-", "b/+", "b/-", "c/+", "c/-"]);
    assert_eq!(sowspec::perft::perft(&m, &m.initial(), 1), Ok(6));
    let (_, doc) = play_all(&m, m.initial(), &["a/+"]);
    assert_eq!(doc["board"], json!({"south": [0, 3, 0], "north": [3, 3, 3]}));
    let (_, doc) = play_all(&m, m.initial(), &["a/-"]);
    assert_eq!(doc["board"], json!({"south": [1, 4, 0], "north": [2, 2, 3]}));
    // The trace names the way, citing the relay.
    let mut events = Vec::new();
    m.play_traced(&m.initial(), sowspec::Move::parse("a/-").unwrap(), &mut events).unwrap();
    let chose = events.iter().find(|e| matches!(e.kind, EventKind::ChoseWay { .. })).unwrap();
    assert_eq!(chose.kind, EventKind::ChoseWay { clockwise: true });
    let line = chose.span.unwrap();
    assert!(src[line.start..line.end].starts_with("relay lift landing chosen"));
    // A move without its decision is incomplete, and says what it needs.
    let err = m.play(&m.initial(), sowspec::Move::parse("a").unwrap()).unwrap_err().to_string();
    assert!(err.contains('+') && err.contains('-'), "{err}");
    assert_eq!(m.plan().kernel(), sowspec::Kernel::General);
}

/// Seeds in hand and placements (Bao's namua opening): one seed a hole,
/// two in each hand; while a player's hand holds seeds they place (`*c`)
/// into a non-empty hole of theirs, and a hole brought to 2 captures the
/// hole facing it. South `*a`: S.a 2, N.c's 1 captured. North has N.a and
/// N.b to place into; `*b`: N.b 2, S.b's 1 captured. South `*c`: S.c 2,
/// N.a's 1 captured. North's hand holds one seed, N.b alone is non-empty:
/// `*b` (N.b 3, no capture). Both hands are empty: South lifts (a or c).
const HANDS: &str = "game \"hands\" {
  board { rows 2; holes 3; stores none }
  setup {
    seeds 1
    hand 2
  }
  sowing { direction counterclockwise; first_seed next; origin sown }
  moves {
    lift when hand(mover) == 0 and count(origin) > 0
    place when count(origin) > 0
    endless after 100 laps illegal
  }
  on sowing_end when landing in mover_row and count(landing) == 2 {
    capture opposite(landing) to mover
  }
  end { no_moves remaining to owner; winner most_captured }
}";

#[test]
fn placements_take_seeds_from_the_hand() {
    let m = machine(HANDS);
    let (_, doc) = play_all(&m, m.initial(), &[]);
    assert_eq!(doc["legal"], json!(["*a", "*b", "*c"]), "no lift while the hand holds seeds");
    assert_eq!(doc["hand"], json!({"south": 2, "north": 2}));
    let (_, doc) = play_all(&m, m.initial(), &["*a"]);
    assert_eq!(doc["board"], json!({"south": [2, 1, 1], "north": [1, 1, 0]}));
    assert_eq!(doc["captured"], json!({"south": 1, "north": 0}));
    assert_eq!(doc["hand"], json!({"south": 1, "north": 2}));
    assert_eq!(doc["legal"], json!(["*a", "*b"]));
    let (_, doc) = play_all(&m, m.initial(), &["*a", "*b", "*c"]);
    assert_eq!(doc["board"], json!({"south": [2, 0, 2], "north": [0, 2, 0]}));
    assert_eq!(doc["captured"], json!({"south": 2, "north": 1}));
    assert_eq!(doc["legal"], json!(["*b"]));
    let (pos, doc) = play_all(&m, m.initial(), &["*a", "*b", "*c", "*b"]);
    assert_eq!(doc["board"], json!({"south": [2, 0, 2], "north": [0, 3, 0]}));
    assert_eq!(doc["hand"], json!({"south": 0, "north": 0}));
    assert_eq!(doc["legal"], json!(["a", "c"]), "hands empty: lifts only");
    // Read back with its hands, refused without them.
    let back: PositionDoc = serde_json::from_value(doc.clone()).unwrap();
    assert_eq!(back.to_position(&m).unwrap(), pos);
    let mut without = doc;
    without.as_object_mut().unwrap().remove("hand");
    let err = serde_json::from_value::<PositionDoc>(without).unwrap().to_position(&m).unwrap_err().to_string();
    assert!(err.contains("hand") && err.contains("give `hand`"), "{err}");
    // The trace shows the seed taken from the hand, citing the `place` rule, then its drop.
    let mut events = Vec::new();
    m.play_traced(&m.initial(), sowspec::Move::parse("*b").unwrap(), &mut events).unwrap();
    assert_eq!(events[0].kind, EventKind::Place { cell: 1, player: sowspec::Player::South });
    let line = events[0].span.unwrap();
    assert_eq!(HANDS[line.start..line.end].trim(), "place when count(origin) > 0");
    assert_eq!(events[1].kind, EventKind::Drop { cell: 1, count: 2 });
    // Perft, by hand: 3 placements; after each, North has two non-empty holes (one was captured).
    assert_eq!(sowspec::perft::perft(&m, &m.initial(), 1), Ok(3));
    assert_eq!(sowspec::perft::perft(&m, &m.initial(), 2), Ok(6));
}

/// A board that starts empty, every seed in hand (Omweso's arrangement):
/// `seeds 0` with `hand 2`, placements into any hole of one's own, lifts
/// once the hand is empty. Worked by hand on 2×2 holes: South `*a` (S.a 1,
/// hand 1), North `*b` (N.b 1), South `*a` (S.a 2, hand 0), North `*a`
/// (N.a 1, hand 0); South lifts its one hole of seeds, `a`: S.b 1, N.a 2.
/// Perft: 2 placements in every position of the arrangement, 2^4 = 16 at
/// depth 4; then South lifts each of its holes holding seeds: one after
/// `a, a` or `b, b`, two after `a, b` or `b, a`: 4 × (1 + 2 + 2 + 1) = 24.
#[test]
fn a_board_may_start_empty_when_the_seeds_are_in_hand() {
    let m = machine(
        "game \"arrange\" {
  board { rows 2; holes 2; stores none }
  setup {
    seeds 0
    hand 2
  }
  sowing { direction counterclockwise; first_seed next; origin sown }
  moves {
    lift when hand(mover) == 0 and count(origin) > 0
    place when hand(mover) > 0
    endless after 100 laps illegal
  }
  end { no_moves remaining to owner; winner most_captured }
}",
    );
    let (_, doc) = play_all(&m, m.initial(), &[]);
    assert_eq!(doc["board"], json!({"south": [0, 0], "north": [0, 0]}));
    assert_eq!(doc["hand"], json!({"south": 2, "north": 2}));
    assert_eq!(doc["legal"], json!(["*a", "*b"]), "an empty hole takes a placement");
    let (_, doc) = play_all(&m, m.initial(), &["*a", "*b", "*a", "*a"]);
    assert_eq!(doc["board"], json!({"south": [2, 0], "north": [1, 1]}));
    assert_eq!(doc["hand"], json!({"south": 0, "north": 0}));
    assert_eq!(doc["legal"], json!(["a"]), "hands empty: lifts only");
    let (_, doc) = play_all(&m, m.initial(), &["*a", "*b", "*a", "*a", "a"]);
    assert_eq!(doc["board"], json!({"south": [0, 1], "north": [2, 1]}));
    assert_eq!(sowspec::perft::perft(&m, &m.initial(), 4), Ok(16));
    assert_eq!(sowspec::perft::perft(&m, &m.initial(), 5), Ok(24));
}

/// Why a placement is refused: a lift while the hand holds seeds, a
/// placement into an empty hole (`place when` fails), a placement with an
/// empty hand, and `*c` in rules without placements.
#[test]
fn placements_are_refused_with_their_reason() {
    use sowspec::Illegal;
    let m = machine(HANDS);
    let refused =
        |pos: &sowspec::Position, mv: &str| m.play(pos, sowspec::Move::parse(mv).unwrap()).unwrap_err().reason;
    assert!(matches!(refused(&m.initial(), "a"), Illegal::NotLiftable { .. }));
    let after = play_all(&m, m.initial(), &["*a"]).0;
    assert!(matches!(refused(&after, "*c"), Illegal::NotPlaceable { .. }), "N.c was captured");
    let empty = play_all(&m, m.initial(), &["*a", "*b", "*c", "*b"]).0;
    assert_eq!(refused(&empty, "*a"), Illegal::HandEmpty);
    let plain = game("next", "", "", "no_moves remaining to owner");
    assert_eq!(refused_by(&plain, "*a"), Illegal::NoPlacing);
}

fn refused_by(m: &Machine, mv: &str) -> sowspec::Illegal {
    m.play(&m.initial(), sowspec::Move::parse(mv).unwrap()).unwrap_err().reason
}

/// A placement goes on as a sowing whose one lap ended in its hole: a relay
/// lifts the hole it brought to 2 and sows on (Bao's namua sowing). From
/// one seed a hole, South `*b`: S.b 2, relayed (S.b emptied): S.c 2, N.a
/// 2, landing N.a, which the relay (own holes only) does not lift.
#[test]
fn a_placement_continues_as_a_sowing_would() {
    let src = HANDS
        .replace("origin sown }", "origin sown\n    relay lift landing when landing in mover_row and count(landing) > 1 }")
        .replace(
            "on sowing_end when landing in mover_row and count(landing) == 2 {\n    capture opposite(landing) to mover\n  }",
            "",
        );
    let m = machine(&src);
    let (_, doc) = play_all(&m, m.initial(), &["*b"]);
    assert_eq!(doc["board"], json!({"south": [1, 0, 2], "north": [2, 1, 1]}));
    assert_eq!(doc["hand"], json!({"south": 1, "north": 2}));
}

/// A placement asks for decisions as a lift does: with Tsoro's additional
/// capture after a placement that makes 2 (any non-empty hole of North's),
/// each of South's three placements has three complete moves (N.a, N.b,
/// N.c hold a seed each). `*b/N.a`: S.b 2, N.a's seed captured.
#[test]
fn a_placement_is_completed_by_its_decisions() {
    let src = HANDS.replace(
        "capture opposite(landing) to mover",
        "choose hole where hole in opponent_row and count(hole) > 0 { capture hole to mover }",
    );
    let m = machine(&src);
    let (_, doc) = play_all(&m, m.initial(), &[]);
    let all = ["*a", "*b", "*c"].map(|p| ["N.a", "N.b", "N.c"].map(|d| format!("{p}/{d}")));
    assert_eq!(doc["legal"], json!(all.concat()));
    let (_, doc) = play_all(&m, m.initial(), &["*b/N.a"]);
    assert_eq!(doc["board"], json!({"south": [1, 2, 1], "north": [0, 1, 1]}));
    assert_eq!(doc["captured"], json!({"south": 1, "north": 0}));
    assert_eq!(sowspec::perft::perft(&m, &m.initial(), 1), Ok(9));
}

/// Where the player chooses the direction, a placement carries it (`*b-`)
/// and the sowing a relay goes on with follows it (Bao's takasa). South
/// `*b-`: S.b 2, relayed clockwise (S.b emptied): S.a 2, N.c 2, landing
/// N.c, off South's row. `*b+` sows the other way: S.c 2, N.a 2.
#[test]
fn a_placement_carries_a_chosen_direction() {
    let src = HANDS
        .replace("direction counterclockwise", "direction chosen")
        .replace("origin sown }", "origin sown\n    relay lift landing when landing in mover_row and count(landing) > 1 }")
        .replace(
            "on sowing_end when landing in mover_row and count(landing) == 2 {\n    capture opposite(landing) to mover\n  }",
            "",
        );
    let m = machine(&src);
    let (_, doc) = play_all(&m, m.initial(), &[]);
    assert_eq!(doc["legal"], json!(["*a+", "*b+", "*c+", "*a-", "*b-", "*c-"]));
    let (_, doc) = play_all(&m, m.initial(), &["*b-"]);
    assert_eq!(doc["board"], json!({"south": [2, 0, 1], "north": [1, 1, 2]}));
    assert_eq!(doc["hand"], json!({"south": 1, "north": 2}));
    let (_, doc) = play_all(&m, m.initial(), &["*b+"]);
    assert_eq!(doc["board"], json!({"south": [1, 0, 2], "north": [2, 1, 1]}));
    assert_eq!(refused_by(&m, "*b"), sowspec::Illegal::Direction { chosen: true });
    assert_eq!(sowspec::perft::perft(&m, &m.initial(), 1), Ok(6));
}

/// What hands and placements ask of the rest of the rules.
#[test]
fn hands_and_placements_are_checked() {
    let messages = |src: &str| {
        let diags = sowspec::check(src).unwrap_err();
        diags.iter().map(|d| d.message.clone()).collect::<Vec<_>>().join("\n")
    };
    let no_hands = HANDS.replace("    hand 2\n", "");
    assert!(messages(&no_hands)
        .contains("`place` puts a seed from the mover's hand into a hole, but the players hold no seeds in hand"));
    assert!(messages(&no_hands).contains("`hand` reads the seeds a player holds in hand"));
    let both_rows = HANDS.replace("lift when", "lift from both_rows when");
    assert!(messages(&both_rows).contains("placements go into the mover's own holes"));
    // Each hand given apart: North's is empty, so North lifts from the
    // start. South `*b` makes S.b 2 and captures N.b: North lifts N.a or N.c.
    let apart = machine(&HANDS.replace("hand 2", "hand south 1 north 0"));
    let (_, doc) = play_all(&apart, apart.initial(), &["*b"]);
    assert_eq!(doc["hand"], json!({"south": 0, "north": 0}));
    assert_eq!(doc["legal"], json!(["a", "c"]));
    let general = machine(HANDS);
    assert!(
        general.plan().general_reasons().iter().any(|r| r.contains("hand")),
        "{:?}",
        general.plan().general_reasons()
    );
}

/// `capture HOLE to hand(PLAYER)`: the captured seeds go into the
/// player's hand, off the board and not captured, and are placed again
/// later (Bao's captured seeds, Ô Ăn Quan's refill from its takings). The
/// namua of [`HANDS`] with one seed in each hand, its capture sent to the
/// mover's hand (S.a faces N.c, S.b N.b, S.c N.a). South `*a`: S.a 2, its
/// hand 0, then N.c's seed into it: hand 1, nothing captured. North `*b`:
/// N.b 2, S.b's seed into North's hand (1). South still holds a seed, so
/// it places again, into S.a or S.c (S.b is empty), not lifts: `*c` makes
/// S.c 2 and takes N.a's seed, the hand 1 again.
const TO_HAND: &str = "capture opposite(landing) to hand(mover)";

#[test]
fn a_capture_to_hand_is_placed_again() {
    let src = HANDS.replace("hand 2", "hand 1").replace("capture opposite(landing) to mover", TO_HAND);
    let m = machine(&src);
    let (_, doc) = play_all(&m, m.initial(), &["*a"]);
    assert_eq!(doc["board"], json!({"south": [2, 1, 1], "north": [1, 1, 0]}));
    assert_eq!(doc["captured"], json!({"south": 0, "north": 0}));
    assert_eq!(doc["hand"], json!({"south": 1, "north": 1}));
    let (_, doc) = play_all(&m, m.initial(), &["*a", "*b"]);
    assert_eq!(doc["board"], json!({"south": [2, 0, 1], "north": [1, 2, 0]}));
    assert_eq!(doc["hand"], json!({"south": 1, "north": 1}));
    assert_eq!(doc["legal"], json!(["*a", "*c"]), "the seed taken is placed, not a lift");
    let (_, doc) = play_all(&m, m.initial(), &["*a", "*b", "*c"]);
    assert_eq!(doc["board"], json!({"south": [2, 0, 2], "north": [0, 2, 0]}));
    assert_eq!(doc["captured"], json!({"south": 0, "north": 0}));
    assert_eq!(doc["hand"], json!({"south": 1, "north": 1}));
    // The trace names the hand, citing the rule that captured (as a capture does).
    let mut events = Vec::new();
    m.play_traced(&m.initial(), sowspec::Move::parse("*a").unwrap(), &mut events).unwrap();
    let taken: Vec<_> = events.iter().filter(|e| matches!(e.kind, EventKind::ToHand { .. })).collect();
    assert_eq!(taken.len(), 1);
    let EventKind::ToHand { cell, seeds, to } = taken[0].kind else { unreachable!() };
    assert_eq!((m.cell_name(cell), seeds, to), ("N.c".to_string(), 1, sowspec::Player::South));
    let line = taken[0].span.unwrap();
    assert_eq!(src[line.start..line.end].trim(), "on sowing_end when landing in mover_row and count(landing) == 2");
    // Perft, by hand. Depth 1: `*a`, `*b`, `*c`. Depth 2: each takes one
    // of North's seeds, leaving North two holes to place into: 6. Depth
    // 3: each of North's placements makes 2 and takes the South seed
    // facing it (S.a, S.b and S.c each held 1 or 2), so South, a seed in
    // hand, has two non-empty holes to place into: 12.
    for (depth, n) in [(1, 3), (2, 6), (3, 12)] {
        assert_eq!(sowspec::perft::perft(&m, &m.initial(), depth), Ok(n), "depth {depth}");
    }
    // Without hands the capture is refused, naming the hand.
    let no_hands = src
        .replace("    hand 1\n", "")
        .replace("hand(mover) == 0 and ", "")
        .replace("    place when count(origin) > 0\n", "");
    let diags = sowspec::check(&no_hands).unwrap_err();
    assert!(
        diags.iter().any(|d| d.message.contains("puts the seeds into a player's hand")
            && d.message.contains("hold no seeds in hand")
            && no_hands[d.span.start..d.span.end].contains("hand(mover)")),
        "{diags:#?}"
    );
}

/// `capture every hole where COND to hand(PLAYER)`: every hole chosen goes
/// into the hand. The namua of [`HANDS`] with one seed in each hand: South
/// `*a` makes S.a 2, and North's holes past its first, N.b and N.c (one
/// seed each), go into South's hand: 0 + 2. Nothing is captured; two
/// `ToHand` steps; North, its hand 1, places into N.a.
#[test]
fn a_capture_of_every_hole_can_go_to_a_hand() {
    let every = "capture every hole where hole in opponent_row and index(hole) > 1 to hand(mover)";
    let src = HANDS.replace("hand 2", "hand 1").replace("capture opposite(landing) to mover", every);
    let m = machine(&src);
    let (_, doc) = play_all(&m, m.initial(), &["*a"]);
    assert_eq!(doc["board"], json!({"south": [2, 1, 1], "north": [1, 0, 0]}));
    assert_eq!(doc["captured"], json!({"south": 0, "north": 0}));
    assert_eq!(doc["hand"], json!({"south": 2, "north": 1}));
    assert_eq!(doc["legal"], json!(["*a"]));
    let mut events = Vec::new();
    m.play_traced(&m.initial(), sowspec::Move::parse("*a").unwrap(), &mut events).unwrap();
    let taken = events.iter().filter(|e| matches!(e.kind, EventKind::ToHand { seeds: 1, .. })).count();
    assert_eq!(taken, 2);
}

/// Perft keeps each child's memory: under a mark that forbids lifting a
/// hole twice, with relays (so that legal moves are found by sowing every
/// candidate into kept children), perft agrees with every sequence played
/// out move by move (41 at depth 3, 112 at depth 4, counted so). Before the
/// kept children carried their memory, perft counted 50 and 162: the mark
/// of each player's first move was lost.
#[test]
fn perft_keeps_the_memory_of_kept_children() {
    let src = rules(
        "rows 2; holes 4",
        "2",
        "memory { mark moved }\n  on sowing_end { set moved(origin) }",
        "endless after 50 laps illegal",
        "no_moves remaining to owner",
    )
    .replace("origin sown }", "origin sown\n    relay lift landing when count(landing) > 1 and landing in mover_row }")
    .replace("lift when count(origin) > 0", "lift when count(origin) > 0 and not moved(origin)");
    let m = machine(&src);
    let by_play = |depth: u32| {
        fn count(m: &Machine, pos: &sowspec::Position, depth: u32) -> u64 {
            if depth == 0 {
                return 1;
            }
            let moves = m.legal_moves(pos).unwrap();
            moves.into_iter().map(|mv| count(m, &m.play(pos, mv).unwrap(), depth - 1)).sum()
        }
        count(&m, &m.initial(), depth)
    };
    for (depth, n) in [(3, 41), (4, 112)] {
        assert_eq!(by_play(depth), n);
        assert_eq!(sowspec::perft::perft(&m, &m.initial(), depth), Ok(n));
    }
}

/// A 2×4 match of 4 seeds a hole whose rounds a player lays out
/// (`refill 4 per hole from right chosen` or `territory chosen`),
/// `starter loser`.
fn laid_out(refill: &str) -> Machine {
    machine(&format!(
        "game \"Laid out\" {{
  board {{ rows 2; holes 4; stores none }}
  setup {{ seeds 4 }}
  sowing {{ direction counterclockwise; first_seed next; origin sown }}
  moves {{ lift when count(origin) > 0; endless after 100 laps illegal }}
  end {{ no_moves remaining to owner; winner most_captured }}
  match {{ refill 4 per hole {refill}; starter loser; match_end below 4 }}
}}"
    ))
}

/// Round 1 of [`laid_out`] about to end: South to move with one seed in
/// S.c, holding `south`; North's row empty, holding `north`.
fn last_move_of_round_one(m: &Machine, south: i64, north: i64) -> sowspec::Position {
    let doc = json!({"to_move": "south", "board": {"south": [0, 0, 1, 0], "north": [0, 0, 0, 0]},
                     "captured": {"south": south, "north": north}, "closed": {"south": [], "north": []},
                     "round": 1});
    serde_json::from_value::<PositionDoc>(doc).unwrap().to_position(m).unwrap()
}

/// `refill … chosen`, worked by hand: South plays c (S.c's 1 seed into
/// S.d); North cannot move, S.d's seed goes to its owner: South holds 8,
/// North 24. The refill from the right fills S.c and S.d (8 / 4 = 2 holes)
/// and closes S.a and S.b; North fills its 4 holes and keeps 8. South, who
/// fills 2 of 4, lays the round out before starting it (`starter loser`,
/// South holding less): `legal` is the 6 choices of 2 holes in letter
/// order. After `=b.d`, S.b and S.d hold 4 each, S.a and S.c are closed,
/// and South, the starter, moves b or d. A sowing before the layout, a
/// layout of the wrong size or one where none is asked are refused.
#[test]
fn a_player_lays_out_the_holes_they_refill() {
    let m = laid_out("from right chosen");
    assert!(
        m.plan().general_reasons().iter().any(|r| r.contains("refill … chosen")),
        "{:?}",
        m.plan().general_reasons()
    );
    let start = last_move_of_round_one(&m, 7, 24);
    assert!(m.play(&start, sowspec::Move::parse("=a.b").unwrap()).is_err(), "no layout is asked in round 1");
    let (round2, doc) = play(&m, &start, 'c');
    assert_eq!(doc["board"], json!({"south": [0, 0, 4, 4], "north": [4, 4, 4, 4]}));
    assert_eq!(doc["closed"], json!({"south": ["a", "b"], "north": []}));
    assert_eq!(doc["captured"], json!({"south": 0, "north": 8}));
    assert_eq!(doc["to_move"], "south");
    assert_eq!(doc["layout"], json!({"pending": ["south"], "starts": "south"}));
    assert_eq!(listed(&m, &round2), ["=a.b", "=a.c", "=a.d", "=b.c", "=b.d", "=c.d"]);
    assert_eq!(sowspec::perft::perft(&m, &round2, 1).unwrap(), 6);
    for refused in ["c", "=a", "=a.b.c"] {
        let err = m.play(&round2, sowspec::Move::parse(refused).unwrap()).unwrap_err();
        assert!(matches!(err.reason, sowspec::Illegal::Layout { choose: 2, holes: 4 }), "{refused}: {:?}", err.reason);
    }
    let mut events = Vec::new();
    let laid = m.play_traced(&round2, sowspec::Move::parse("=b.d").unwrap(), &mut events).unwrap();
    assert!(events.iter().any(|e| matches!(e.kind, EventKind::Layout { holes: 0b1010, .. })), "{events:?}");
    let doc = serde_json::to_value(PositionDoc::of(&m, &laid)).unwrap();
    assert_eq!(doc["board"], json!({"south": [0, 4, 0, 4], "north": [4, 4, 4, 4]}));
    assert_eq!(doc["closed"], json!({"south": ["a", "c"], "north": []}));
    assert_eq!(doc["to_move"], "south");
    assert_eq!(doc.get("layout"), None);
    assert_eq!(listed(&m, &laid), ["b", "d"]);
    // The position waiting for the layout reads back from its document.
    let again = serde_json::from_value::<PositionDoc>(serde_json::to_value(PositionDoc::of(&m, &round2)).unwrap())
        .unwrap()
        .to_position(&m)
        .unwrap();
    assert_eq!(listed(&m, &again), listed(&m, &round2));
}

/// No real choice, no layout: after a tied round (South 16, North 16)
/// each player fills their whole row, and South (`starter loser`, a tie
/// going to South) moves at once.
#[test]
fn a_whole_row_is_not_laid_out() {
    let m = laid_out("from right chosen");
    let (round2, doc) = play(&m, &last_move_of_round_one(&m, 15, 16), 'c');
    assert_eq!(doc["board"], json!({"south": [4, 4, 4, 4], "north": [4, 4, 4, 4]}));
    assert_eq!(doc.get("layout"), None);
    assert_eq!(listed(&m, &round2), ["a", "b", "c", "d"]);
}

/// `refill … territory chosen`, worked by hand: South plays c, North
/// cannot move, South holds 24 and North 8. South owns 24 / 4 = 6 holes:
/// its row and 2 of North's, and chooses which (6 layouts) before North,
/// the loser, starts. After `=b.d` South owns N.b and N.d (`ceded`), North
/// owns N.a and N.c and may lift only those (`a`, `c`). North plays a:
/// N.a's 4 seeds into N.b, N.c, N.d and S.a (5 each); South may then lift
/// its row and its letters `f` (N.b) and `h` (N.d).
#[test]
fn the_leader_chooses_the_holes_they_own() {
    let m = laid_out("territory chosen");
    let (round2, doc) = play(&m, &last_move_of_round_one(&m, 23, 8), 'c');
    assert_eq!(doc["territory"], json!({"south": 6, "north": 2}));
    assert_eq!(doc["layout"], json!({"pending": ["south"], "starts": "north"}));
    assert_eq!(doc["to_move"], "south");
    assert_eq!(listed(&m, &round2), ["=a.b", "=a.c", "=a.d", "=b.c", "=b.d", "=c.d"]);
    let laid = m.play(&round2, sowspec::Move::parse("=b.d").unwrap()).unwrap();
    let doc = serde_json::to_value(PositionDoc::of(&m, &laid)).unwrap();
    assert_eq!(doc["ceded"], json!({"south": [], "north": ["b", "d"]}));
    assert_eq!(doc["to_move"], "north");
    assert_eq!(listed(&m, &laid), ["a", "c"]);
    let (after, doc) = play(&m, &laid, 'a');
    assert_eq!(doc["board"], json!({"south": [5, 4, 4, 4], "north": [0, 5, 5, 5]}));
    assert_eq!(listed(&m, &after), ["a", "b", "c", "d", "f", "h"]);
    // A document of this position must say which holes were chosen.
    let mut doc = serde_json::to_value(PositionDoc::of(&m, &after)).unwrap();
    doc.as_object_mut().unwrap().remove("ceded");
    let err = serde_json::from_value::<PositionDoc>(doc).unwrap().to_position(&m).unwrap_err();
    assert!(err.to_string().contains("ceded"), "{err}");
}

/// `layout` and `ceded` are refused in rules that lay out no round.
#[test]
fn only_rules_that_lay_out_read_a_layout() {
    let m = laid_out("from right");
    let doc = json!({"to_move": "south", "board": {"south": [0, 0, 4, 4], "north": [4, 4, 4, 4]},
                     "captured": {"south": 0, "north": 8}, "closed": {"south": ["a", "b"], "north": []},
                     "round": 2, "layout": {"pending": ["south"], "starts": "south"}});
    let err = serde_json::from_value::<PositionDoc>(doc).unwrap().to_position(&m).unwrap_err();
    assert!(err.to_string().contains("layout"), "{err}");
}

/// The holes the leader chose are read wherever ownership is: here by a
/// compiled `over` condition (`total(mover_row)`, the seeds of the holes
/// the mover owns). As in [`the_leader_chooses_the_holes_they_own`], South
/// takes N.b and N.d and North plays a: North then owns N.a (0) and N.c
/// (5), 5 seeds, so `over when total(mover_row) == 5 keeping board` ends
/// the match (owning N.a and N.b, the automatic holes, North would hold
/// N.c and N.d: 10).
#[test]
fn chosen_owners_are_read_by_compiled_conditions() {
    let m = machine(
        "game \"Laid out\" {
  board { rows 2; holes 4; stores none }
  setup { seeds 4 }
  sowing { direction counterclockwise; first_seed next; origin sown }
  moves { lift when count(origin) > 0; endless after 100 laps illegal }
  end { no_moves remaining to owner; over when total(mover_row) == 5 keeping board; winner most_captured }
  match { refill 4 per hole territory chosen; starter loser; match_end below 4 }
}",
    );
    let (round2, _) = play(&m, &last_move_of_round_one(&m, 23, 8), 'c');
    let laid = m.play(&round2, sowspec::Move::parse("=b.d").unwrap()).unwrap();
    let (over, doc) = play(&m, &laid, 'a');
    assert_eq!(doc["board"], json!({"south": [5, 4, 4, 4], "north": [0, 5, 5, 5]}));
    assert_eq!(over.to_move(), None, "{doc}");
    // The definition, walking the condition as written, agrees.
    let traced = m.definition().play(&laid, Hole::at(0)).unwrap();
    assert_eq!(traced.to_move(), None);
}
