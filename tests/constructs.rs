//! The general constructs added for the variants, each on a tiny 2×3 board,
//! with expected positions worked by hand.
//!
//! The board: South's row `S.a S.b S.c`, North's `N.a N.b N.c`; the track
//! (counterclockwise, C-3) is S.a → S.b → S.c → N.a → N.b → N.c → S.a, and
//! S.a faces N.c (C-4). Twelve seeds in play.

use serde_json::{json, Value};
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
    let doc = json!({"to_move": "south", "board": {"south": south, "north": north},
                     "captured": {"south": captured.0, "north": captured.1},
                     "closed": {"south": [], "north": []}, "round": 1});
    m.position_from(&serde_json::from_value(doc).unwrap()).unwrap_or_else(|e| panic!("{e}"))
}

fn play(m: &Machine, pos: &sowspec::Position, letter: char) -> (sowspec::Position, Value) {
    let next = m.play(pos, Hole::at(letter as u8 - b'a')).unwrap_or_else(|e| panic!("{letter}: {e}"));
    let doc = serde_json::to_value(m.to_doc(&next)).unwrap();
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
    let doc = serde_json::to_value(m.to_doc(&next)).unwrap();
    assert_eq!(doc["board"], json!({"south": [0, 0, 0], "north": [2, 3, 2]}));
    assert_eq!(doc["captured"], json!({"south": 5, "north": 0}));
    assert_eq!(doc["to_move"], "north");
    assert_eq!(doc["legal"], json!(["a", "b", "c"]));
    assert!(events.iter().any(|e| e.kind == sowspec::trace::EventKind::Forfeit));
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
    assert_eq!(pos.legal_moves().collect::<Vec<_>>(), [Hole::at(2)]);
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
    let pos = m.position_from(&serde_json::from_value(doc).unwrap()).unwrap();
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
    let back = m.position_from(&m.to_doc(&after_north)).unwrap();
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
    assert_eq!(m.rules().about.family.as_deref(), Some("test"));
    // S.c (1) → N.a 2: captured, South 5 + 2 = 7 > 6: over; the board's
    // remaining seeds go to their owners (South 1, North 3).
    let pos = position(&m, [1, 0, 1], [1, 2, 1], (5, 1));
    let (_, doc) = play(&m, &pos, 'c');
    assert_eq!(doc["captured"], json!({"south": 8, "north": 4}));
    assert_eq!(doc["result"], json!({"winner": "south"}));
}
