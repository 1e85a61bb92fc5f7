//! One test per clause of `GAMES.md` (C-*, RP-*, SQ-*), on small constructed
//! positions. Every expected value is worked by hand from the rules of
//! GAMES.md; the working is the comment above the assertions. Each move is
//! played on the sowspec machine and, for the founding games, on the
//! independent reference engine too (`sowspec_reference`): both must give
//! the hand-worked values.
//!
//! Notation: `S.c 3→4` is a drop bringing South's hole c from 3 to 4. Rows
//! are written owner's left to right (`[a, b, c, …]`); `captured (s, n)`.
//! Raja Pasu: L is the hole of a lap's last seed, N the next hole, B the hole
//! after N (RP-2, RP-3).

#[path = "clauses/harness.rs"]
mod harness;

use harness::*;
use sowspec::protocol::PositionDoc;
use sowspec::protocol::{PositionProblem, Winner};
use sowspec::trace::EventKind;
use sowspec::Hole;
use sowspec::{Illegal, Outcome, Player};

// ---------------------------------------------------------------------------
// Common conventions
// ---------------------------------------------------------------------------

/// C-2, C-3: holes are named from the owner's left; sowing runs
/// S.a → … → S.h → N.a → … → N.h → S.a, the same order for both players.
#[test]
fn c2_c3_sowing_order_is_the_same_counterclockwise_track_for_both_players() {
    let g = sadeqa3();

    // South lifts S.e (8): S.f 2→3, S.g 0→1, S.h 0→1, then across to North's
    // row from its left: N.a 0→1, N.b 0→1, N.c 0→1, N.d 0→1, N.e 0→1 (last,
    // was empty: the sowing ends, SQ-3; N.e is not South's row: no capture).
    let before = sadeqa([0, 0, 0, 0, 8, 2, 0, 0], [0, 0, 0, 0, 0, 0, 0, 3], (42, 41), S);
    let after = play(&g, &before, 'e');
    assert_board(&after, &[0, 0, 0, 0, 0, 3, 1, 1], &[1, 1, 1, 1, 1, 0, 0, 3]);
    assert_captured(&after, 42, 41);
    assert_to_move(&after, Some(N));

    // North's letter `g` is North's own hole g. N.g (3): N.h 0→1, then across
    // to South's row from its left: S.a 0→1, S.b 0→1 (last, was empty: ends;
    // not North's row: no capture).
    let before = sadeqa([0, 0, 0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 0, 3, 0], (46, 46), N);
    let after = play(&g, &before, 'g');
    assert_board(&after, &[1, 1, 0, 0, 0, 0, 0, 1], &[0, 0, 0, 0, 0, 0, 0, 1]);
    assert_captured(&after, 46, 46);
    assert_to_move(&after, Some(S));
}

/// C-2: a move is a letter of the mover's own row; there is no `i` in
/// Sadeqa III (a–h) and no `h` in Raja Pasu (a–g).
#[test]
fn c2_hole_letters_run_a_to_last() {
    let g = sadeqa3();
    let before = sadeqa([1, 0, 0, 0, 0, 0, 0, 1], [1, 0, 0, 0, 0, 0, 0, 0], (46, 47), S);
    assert_eq!(refuse(&g, &before, 'i'), Illegal::NoSuchHole);
    assert_eq!(legal_of(&g, &before), ["a", "h"]);

    let g = raja_pasu();
    let before = raja([1, 0, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0, 0], (48, 48), (&[], &[]), S);
    assert_eq!(refuse(&g, &before, 'h'), Illegal::NoSuchHole);
    assert_eq!(legal_of(&g, &before), ["a"]);
}

/// C-4: the i-th hole from one owner's left faces the i-th from the other
/// owner's right. Seen through SQ-3's capture of the opposite hole: every
/// hole of the other row holds a different count, so the count captured
/// names the hole faced.
#[test]
fn c4_opposite_pairs() {
    let g = sadeqa3();

    // South lifts the 1 seed just left of the landing hole; the landing hole
    // was empty and is South's: South captures the opposite hole. North's row
    // holds N.a 1, N.b 2, …, N.h 8, so the count captured names the hole.
    // (lift, landing index, faced index in North's row, seeds captured)
    let south_cases = [
        ('a', 1, 6, 7), // S.b faces N.g (7)
        ('b', 2, 5, 6), // S.c faces N.f (6)
        ('c', 3, 4, 5), // S.d faces N.e (5)
        ('d', 4, 3, 4), // S.e faces N.d (4)
        ('e', 5, 2, 3), // S.f faces N.c (3)
        ('f', 6, 1, 2), // S.g faces N.b (2)
        ('g', 7, 0, 1), // S.h faces N.a (1)
    ];
    for (lift, landing, faced, seeds) in south_cases {
        let mut south = [0; 8];
        south[landing - 1] = 1;
        let before = sadeqa(south, [1, 2, 3, 4, 5, 6, 7, 8], (30, 29), S);
        let after = play(&g, &before, lift);
        let mut south_after = [0; 8];
        south_after[landing] = 1;
        let mut north_after = [1, 2, 3, 4, 5, 6, 7, 8];
        north_after[faced] = 0;
        assert_board(&after, &south_after, &north_after);
        assert_captured(&after, 30 + seeds, 29);
    }

    // The same from North's side, South's row holding S.a 1, …, S.h 8.
    let north_cases = [
        ('a', 1, 6, 7), // N.b faces S.g (7)
        ('b', 2, 5, 6), // N.c faces S.f (6)
        ('c', 3, 4, 5), // N.d faces S.e (5)
        ('d', 4, 3, 4), // N.e faces S.d (4)
        ('e', 5, 2, 3), // N.f faces S.c (3)
        ('f', 6, 1, 2), // N.g faces S.b (2)
        ('g', 7, 0, 1), // N.h faces S.a (1)
    ];
    for (lift, landing, faced, seeds) in north_cases {
        let mut north = [0; 8];
        north[landing - 1] = 1;
        let before = sadeqa([1, 2, 3, 4, 5, 6, 7, 8], north, (30, 29), N);
        let after = play(&g, &before, lift);
        let mut north_after = [0; 8];
        north_after[landing] = 1;
        let mut south_after = [1, 2, 3, 4, 5, 6, 7, 8];
        south_after[faced] = 0;
        assert_board(&after, &south_after, &north_after);
        assert_captured(&after, 30, 29 + seeds);
    }

    // S.a faces N.h, reached by South across the seam: S.h (9): N.a 1→2,
    // N.b 2→3, …, N.h 8→9, S.a 0→1 (last, was empty: ends). S.a is South's,
    // its opposite N.h holds 9: South captures 9.
    let before = sadeqa([0, 0, 0, 0, 0, 0, 0, 9], [1, 2, 3, 4, 5, 6, 7, 8], (26, 25), S);
    let after = play(&g, &before, 'h');
    assert_board(&after, &[1, 0, 0, 0, 0, 0, 0, 0], &[2, 3, 4, 5, 6, 7, 8, 0]);
    assert_captured(&after, 35, 25);
}

/// C-5: a first lap big enough to go round drops a seed in the emptied
/// origin like in any other hole.
#[test]
fn c5_first_lap_passing_the_origin_sows_into_it() {
    let g = sadeqa3();
    // S.a (16): S.b … S.h (7), N.a … N.h (8), all 0→1; the 16th seed falls
    // in S.a itself, emptied by the lift: 0→1. Last seed in an empty hole:
    // ends (SQ-3); S.a is South's, opposite N.h holds 1: South captures it.
    // (Skipping the origin would put the 16th seed in S.b, 1→2, and relay.)
    let before = sadeqa([16, 0, 0, 0, 0, 0, 0, 0], [0; 8], (40, 40), S);
    let after = play(&g, &before, 'a');
    assert_board(&after, &[1, 1, 1, 1, 1, 1, 1, 1], &[1, 1, 1, 1, 1, 1, 1, 0]);
    assert_captured(&after, 41, 40);
}

/// C-5: a later lap (Sadeqa relay) passing the emptied origin sows into it.
#[test]
fn c5_sadeqa_relay_passing_the_origin_sows_into_it() {
    let g = sadeqa3();
    // Lap 1: S.a (1): S.b 15→16, held seeds: relay (SQ-2), lift 16.
    // Lap 2: S.c … S.h (6) 0→1, N.a … N.h (8) 0→1, then S.a (the emptied
    // origin) 0→1 (15th), S.b (emptied by the relay) 0→1 (16th, last): ends.
    // S.b is South's; opposite N.g holds 1 (from this lap): South captures 1.
    let before = sadeqa([1, 15, 0, 0, 0, 0, 0, 0], [0; 8], (40, 40), S);
    let after = play(&g, &before, 'a');
    assert_board(&after, &[1, 1, 1, 1, 1, 1, 1, 1], &[1, 1, 1, 1, 1, 1, 0, 1]);
    assert_captured(&after, 41, 40);
}

/// C-5 in Raja Pasu: a relay lap passing the emptied origin sows into it.
#[test]
fn c5_raja_pasu_relay_passing_the_origin_sows_into_it() {
    let g = raja_pasu();
    // Lap 1: S.a (1): S.b 0→1. L = S.b, N = S.c holds 13: relay (RP-2).
    // Lap 2: lift S.c (13), sow from S.d: S.d … S.g (4) 0→1, N.a … N.g (7)
    // 0→1, S.a (origin, emptied) 0→1 (12th), S.b 1→2 (13th). No hole reached
    // 4. L = S.b, N = S.c (emptied by the relay): ends. B = S.d holds 1:
    // South captures 1 (RP-3).
    let before = raja([1, 0, 13, 0, 0, 0, 0], [0; 7], (42, 42), (&[], &[]), S);
    let after = play(&g, &before, 'a');
    assert_board(&after, &[1, 2, 0, 0, 1, 1, 1], &[1, 1, 1, 1, 1, 1, 1]);
    assert_captured(&after, 43, 42);
    assert_to_move(&after, Some(N));
}

/// Sadeqa III with a lap limit given inline (C-6: "The limit is a number in
/// each rules file"); otherwise the declarations of `rules/sadeqa3.rules`.
const SADEQA3_LAP_LIMIT: &str = r#"
game "Sadeqa III (test: lap limit LIMIT)" {
  board {
    rows 2
    holes 8
    stores none
  }
  setup {
    seeds 6
  }
  sowing {
    direction counterclockwise
    first_seed next
    origin sown
    relay lift landing when count(landing) > 1
  }
  on sowing_end when landing in mover_row and count(opposite(landing)) > 0 {
    capture opposite(landing) to mover
  }
  moves {
    lift when count(origin) > 0
    endless after LIMIT laps illegal
  }
  end {
    no_moves remaining to last_mover
    winner most_captured
  }
}
"#;

fn sadeqa3_with_lap_limit(limit: u32) -> Game {
    let g = custom(&SADEQA3_LAP_LIMIT.replace("LIMIT", &limit.to_string()), 96);
    assert_eq!(g.m.rules().moves().lap_limit, limit);
    g
}

/// C-6: a sowing that ends during the last allowed lap is an ordinary move.
#[test]
fn c6_move_ending_in_the_last_allowed_lap_is_legal() {
    // Lap 1: S.a (1): S.b 1→2, relay (SQ-2).
    // Lap 2: lift S.b (2): S.c 0→1, S.d 1→2, relay.
    // Lap 3: lift S.d (2): S.e 0→1, S.f 0→1 (was empty): ends in lap 3.
    // S.f is South's; opposite N.c holds 2: South captures 2.
    let before = sadeqa([1, 1, 0, 1, 0, 0, 0, 0], [3, 0, 2, 0, 0, 0, 0, 0], (44, 44), S);

    let g = sadeqa3_with_lap_limit(3);
    assert_eq!(legal_of(&g, &before), ["a", "b", "d"]);
    let after = play(&g, &before, 'a');
    assert_board(&after, &[0, 0, 1, 0, 1, 1, 0, 0], &[3, 0, 0, 0, 0, 0, 0, 0]);
    assert_captured(&after, 46, 44);
    assert_to_move(&after, Some(N));

    // With a limit of 2 the same move would need a 3rd lap: endless.
    // b (S.c 0→1) and d (S.e 0→1) end in lap 1.
    let g = sadeqa3_with_lap_limit(2);
    assert_eq!(legal_of(&g, &before), ["b", "d"]);
    assert!(matches!(refuse(&g, &before, 'a'), Illegal::Endless { limit: 2, .. }));
}

/// C-6: a move whose sowing would need one lap more than the limit is
/// endless, and not legal; under the real limit (10,000) it is ordinary.
#[test]
fn c6_endless_move_is_not_legal() {
    // Laps 1–3 as above, but S.f held 1: lap 3 ends S.e 0→1, S.f 1→2, a
    // relay, so a 4th lap is needed.
    let before = sadeqa([1, 1, 0, 1, 0, 1, 0, 0], [3, 0, 2, 0, 0, 0, 0, 0], (44, 43), S);

    let g = sadeqa3_with_lap_limit(3);
    // b: S.c 0→1, d: S.e 0→1, f: S.g 0→1; each ends in lap 1. a: endless.
    assert_eq!(legal_of(&g, &before), ["b", "d", "f"]);
    assert!(matches!(refuse(&g, &before, 'a'), Illegal::Endless { limit: 3, .. }));

    // Under rules/sadeqa3.rules (10,000 laps): lap 4 lifts S.f (2): S.g 0→1,
    // S.h 0→1 (was empty): ends. Opposite N.a holds 3: South captures 3.
    let g = sadeqa3();
    assert_eq!(legal_of(&g, &before), ["a", "b", "d", "f"]);
    let after = play(&g, &before, 'a');
    assert_board(&after, &[0, 0, 1, 0, 1, 0, 1, 1], &[0, 0, 2, 0, 0, 0, 0, 0]);
    assert_captured(&after, 47, 43);
}

/// C-7: the player to move has no legal move: play stops and every seed on
/// the board goes to the last mover.
#[test]
fn c7_no_legal_move_gives_the_board_to_the_last_mover() {
    let g = sadeqa3();
    // S.a (1): S.b 0→1, was empty: ends; opposite N.g holds 4: South +4 → 44.
    // North's row is now empty: no legal move. Board: S.b 1 + S.e 5 = 6 go
    // to South (the last mover) → 50. North 46. South wins (C-8).
    let before = sadeqa([1, 0, 0, 0, 5, 0, 0, 0], [0, 0, 0, 0, 0, 0, 4, 0], (40, 46), S);
    let after = play(&g, &before, 'a');
    assert_board(&after, &[0; 8], &[0; 8]);
    assert_captured(&after, 50, 46);
    assert_to_move(&after, None);
    assert_legal(&after, &[]);
    assert_result(&after, Some(Winner::South));
}

/// C-7 when the stuck player still has seeds (every move endless, C-6):
/// the seeds of *both* rows go to the last mover. A lap limit of 1 makes any
/// relay endless.
#[test]
fn c7_stuck_player_with_seeds_on_the_board() {
    let g = sadeqa3_with_lap_limit(1);
    // South: a (2): S.b 0→1, S.c 1→2: relay, endless. c (1): S.d 0→1: ends;
    // opposite N.e is empty: nothing. So only c.
    let before = sadeqa([2, 0, 1, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 1, 1], (45, 46), S);
    assert_eq!(legal_of(&g, &before), ["c"]);
    // After c, North: g (1): N.h 1→2, relay: endless. h (1): S.a 2→3, relay:
    // endless. North has no legal move: S.a 2 + S.d 1 + N.g 1 + N.h 1 = 5
    // go to South → 50; North 46.
    let after = play(&g, &before, 'c');
    assert_board(&after, &[0; 8], &[0; 8]);
    assert_captured(&after, 50, 46);
    assert_to_move(&after, None);
    assert_result(&after, Some(Winner::South));
}

/// C-7: a position whose player to move has no legal move is never one to
/// play from (the machine refuses to build it: it would be the end already).
#[test]
fn c7_position_with_a_stuck_player_to_move_is_refused() {
    let g = sadeqa3();
    let stuck = sadeqa([0; 8], [0, 0, 0, 0, 0, 0, 0, 6], (45, 45), S);
    let errors = stuck.to_position(&g.m).expect_err("South cannot move");
    let problems: Vec<_> = errors.iter().map(|e| (e.field.as_str(), &e.problem)).collect();
    assert_eq!(problems, [("to_move", &PositionProblem::NoLegalMove { player: Player::South })]);
}

/// C-8: more captured wins; equal is a draw. Same final move as in the C-7
/// test (South gets 4 by capture and 6 at the end: +10), different holdings.
#[test]
fn c8_winner_and_draw() {
    let g = sadeqa3();
    let board_s = [1, 0, 0, 0, 5, 0, 0, 0];
    let board_n = [0, 0, 0, 0, 0, 0, 4, 0];
    // (captured before) → (after: south + 10, north) → result
    let cases =
        [((40, 46), (50, 46), Winner::South), ((38, 48), (48, 48), Winner::Draw), ((37, 49), (47, 49), Winner::North)];
    for (before, (s, n), winner) in cases {
        let after = play(&g, &sadeqa(board_s, board_n, before, S), 'a');
        assert_captured(&after, s, n);
        assert_result(&after, Some(winner));
    }
}

/// A small deterministic chooser among the legal moves (a linear
/// congruential generator), so whole games vary without randomness.
fn whole_game(g: &Game, mut seed: u64, max_plies: usize) -> (usize, Vec<sowspec::protocol::PositionDoc>) {
    let mut pos = g.m.initial();
    let mut docs = vec![PositionDoc::of(&g.m, &pos)];
    let mut plies = 0;
    while pos.to_move().is_some() {
        assert!(plies < max_plies, "the game did not end in {max_plies} plies");
        let legal: Vec<u8> = pos.legal_moves().map(|mv| mv.hole.index()).collect();
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let i = legal[(seed >> 33) as usize % legal.len()];
        pos = g.m.play(&pos, Hole::at(i)).expect("a legal move plays");
        docs.push(PositionDoc::of(&g.m, &pos));
        plies += 1;
    }
    (plies, docs)
}

/// C-9: board plus captured equals the starting total after every move of
/// whole games: 98 (Raja Pasu, a whole match with refills), 96 and 64
/// (Sadeqa III).
#[test]
fn c9_conservation_along_whole_games() {
    for (g, total, seed) in
        [(sadeqa3(), 96, 1), (sadeqa3_4(), 64, 2), (raja_pasu(), 98, 3), (raja_pasu_one_round(), 98, 4)]
    {
        let mut rounds = 0;
        for k in 0..3 {
            let (plies, docs) = whole_game(&g, seed * 100 + k, 20_000);
            assert!(plies > 0);
            for (ply, d) in docs.iter().enumerate() {
                assert_eq!(board_total(d), total, "{} game {k}, ply {ply}", g.m.rules().name());
            }
            let last = docs.last().unwrap();
            assert!(last.result.is_some());
            assert_eq!(
                last.board.south.iter().chain(&last.board.north).sum::<i64>(),
                0,
                "the board is emptied at the end"
            );
            rounds = rounds.max(last.round);
        }
        if g.m.rules().rounds().is_some() && !g.m.is_one_round() {
            assert!(rounds > 1, "the matches played refills (RP-7)");
        }
    }
}

/// C-10: a refused move leaves the position untouched; a move that leaves
/// the opponent without seeds is as legal as one that feeds them (no duty
/// to feed); after the game no move is possible.
#[test]
fn c10_must_move_any_legal_move_and_refusals_leave_the_position() {
    let g = sadeqa3();
    // South: a (1): S.b 0→1, ends, captures opposite N.g (4), leaving North
    // without seeds. h (3): N.a, N.b, N.c 0→1, ends (North's row: nothing),
    // feeding North. Both are legal.
    let before = sadeqa([1, 0, 0, 0, 0, 0, 0, 3], [0, 0, 0, 0, 0, 0, 4, 0], (44, 44), S);
    assert_eq!(legal_of(&g, &before), ["a", "h"]);
    assert_eq!(refuse(&g, &before, 'b'), Illegal::Empty);
    assert_eq!(refuse(&g, &before, 'i'), Illegal::NoSuchHole);

    // a: South +4 → 48; North is stuck: S.b 1 + S.h 3 = 4 to South → 52.
    let after = play(&g, &before, 'a');
    assert_board(&after, &[0; 8], &[0; 8]);
    assert_captured(&after, 52, 44);
    assert_result(&after, Some(Winner::South));
    assert_eq!(refuse(&g, &after.doc, 'a'), Illegal::GameOver);

    // h: N.a, N.b, N.c 0→1; North, who can move, is to move.
    let after = play(&g, &before, 'h');
    assert_board(&after, &[1, 0, 0, 0, 0, 0, 0, 0], &[1, 1, 1, 0, 0, 0, 4, 0]);
    assert_to_move(&after, Some(N));
    assert_legal(&after, &["a", "b", "c", "g"]);
}

// ---------------------------------------------------------------------------
// Raja Pasu
// ---------------------------------------------------------------------------

/// RP-1: 7 holes a row, 7 seeds each, South to move, nothing closed.
#[test]
fn rp1_initial_position() {
    let g = raja_pasu();
    let d = PositionDoc::of(&g.m, &g.m.initial());
    assert_eq!(d.board.south, [7; 7]);
    assert_eq!(d.board.north, [7; 7]);
    assert_eq!((d.captured.south, d.captured.north), (0, 0));
    assert!(d.closed.south.is_empty() && d.closed.north.is_empty());
    assert_eq!(d.to_move, Some(S));
    assert_eq!(d.round, 1);
}

/// RP-2: after a lap's last seed in L, a non-empty next hole N is lifted and
/// sown from the hole after N, as often as it takes.
#[test]
fn rp2_relay_lifts_the_next_hole() {
    let g = raja_pasu();
    // Lap 1: S.a (2): S.b 0→1, S.c 0→1. L = S.c; N = S.d holds 5: relay.
    // Lap 2: lift S.d (5): S.e 1→2, S.f 2→3, S.g 0→1, N.a 5→6, N.b 0→1.
    //        L = N.b; N = N.c holds 2: relay.
    // Lap 3: lift N.c (2): N.d 0→1, N.e 0→1. L = N.e; N = N.f empty: ends.
    //        B = N.g empty: no capture. No drop made a four.
    let before = raja([2, 0, 0, 5, 1, 2, 0], [5, 0, 2, 0, 0, 0, 0], (41, 40), (&[], &[]), S);
    let after = play(&g, &before, 'a');
    assert_board(&after, &[0, 1, 1, 0, 2, 3, 1], &[6, 1, 0, 1, 1, 0, 0]);
    assert_captured(&after, 41, 40);
    assert_to_move(&after, Some(N));
}

/// RP-2 trace: the two relays lift S.d (5) and N.c (2); each names the
/// `relay lift next` declaration.
#[test]
fn rp2_trace_relay_events() {
    let g = raja_pasu();
    let before = raja([2, 0, 0, 5, 1, 2, 0], [5, 0, 2, 0, 0, 0, 0], (41, 40), (&[], &[]), S);
    let after = play(&g, &before, 'a');
    let relays: Vec<_> = after.events.iter().filter(|e| matches!(e.kind, EventKind::Relay { .. })).collect();
    assert_eq!(relays.len(), 2);
    assert_eq!(relays[0].kind, EventKind::Relay { cell: cell(&g, S, 'd'), seeds: 5 });
    assert_eq!(relays[1].kind, EventKind::Relay { cell: cell(&g, N, 'c'), seeds: 2 });
    for r in relays {
        assert!(span_text(&g, r).contains("relay lift next"), "{:?}", span_text(&g, r));
    }
    let laps: Vec<_> = kinds(&after)
        .into_iter()
        .filter_map(|k| if let EventKind::LapEnd { laps, .. } = k { Some(laps) } else { None })
        .collect();
    assert_eq!(laps, [1, 2, 3]);
    assert!(kinds(&after).contains(&EventKind::SowingEnd { landing: cell(&g, N, 'e') }));
    assert!(!kinds(&after).iter().any(|k| matches!(k, EventKind::Capture { .. })));
}

/// RP-3: N empty ends the sowing; B on the mover's own row is captured,
/// once (no chaining past B).
#[test]
fn rp3_capture_beyond_the_gap_on_the_movers_row() {
    let g = raja_pasu();
    // S.a (1): S.b 0→1. L = S.b; N = S.c empty: ends. B = S.d holds 5:
    // South captures 5. The turn ends: S.e empty and S.f 3 are not a second
    // gap and capture.
    let before = raja([1, 0, 0, 5, 0, 3, 0], [2, 0, 0, 0, 0, 0, 0], (44, 43), (&[], &[]), S);
    let after = play(&g, &before, 'a');
    assert_board(&after, &[0, 1, 0, 0, 0, 3, 0], &[2, 0, 0, 0, 0, 0, 0]);
    assert_captured(&after, 49, 43);
}

/// RP-3: B on the opponent's row goes to the mover.
#[test]
fn rp3_capture_beyond_the_gap_on_the_opponents_row() {
    let g = raja_pasu();
    // S.g (2): N.a 0→1, N.b 0→1. L = N.b; N = N.c empty: ends. B = N.d
    // holds 6: South (the mover) captures 6.
    let before = raja([3, 0, 0, 0, 0, 0, 2], [0, 0, 0, 6, 0, 0, 0], (44, 43), (&[], &[]), S);
    let after = play(&g, &before, 'g');
    assert_board(&after, &[3, 0, 0, 0, 0, 0, 0], &[1, 1, 0, 0, 0, 0, 0]);
    assert_captured(&after, 50, 43);
}

/// RP-3 across the seam N.g → S.a: the gap is N.g, B is S.a.
#[test]
fn rp3_capture_beyond_the_gap_across_the_seam_north_to_south() {
    let g = raja_pasu();
    // North: N.d (2): N.e 0→1, N.f 0→1. L = N.f; N = N.g empty: ends.
    // B = S.a (after N.g comes S.a) holds 5: North captures 5.
    let before = raja([5, 0, 0, 0, 0, 0, 1], [0, 0, 0, 2, 0, 0, 0], (45, 45), (&[], &[]), N);
    let after = play(&g, &before, 'd');
    assert_board(&after, &[0, 0, 0, 0, 0, 0, 1], &[0, 0, 0, 0, 1, 1, 0]);
    assert_captured(&after, 45, 50);
    assert_to_move(&after, Some(S));
}

/// RP-3 across the seam S.g → N.a: the gap is S.g, B is N.a, the mover's
/// own hole ("whichever row B is in").
#[test]
fn rp3_capture_beyond_the_gap_across_the_seam_south_to_north() {
    let g = raja_pasu();
    // North: N.g (6): S.a … S.f 0→1. L = S.f; N = S.g empty: ends. B = N.a
    // holds 3: North captures its own 3.
    let before = raja([0; 7], [3, 0, 0, 0, 0, 0, 6], (45, 44), (&[], &[]), N);
    let after = play(&g, &before, 'g');
    assert_board(&after, &[1, 1, 1, 1, 1, 1, 0], &[0; 7]);
    assert_captured(&after, 45, 47);
    assert_to_move(&after, Some(S));
}

/// RP-3: N and B both empty: nothing is captured.
#[test]
fn rp3_gap_with_b_empty_captures_nothing() {
    let g = raja_pasu();
    // S.a (1): S.b 0→1. L = S.b; N = S.c empty: ends; B = S.d empty: nothing.
    let before = raja([1, 0, 0, 0, 2, 0, 0], [3, 0, 0, 0, 0, 0, 0], (46, 46), (&[], &[]), S);
    let after = play(&g, &before, 'a');
    assert_board(&after, &[0, 1, 0, 0, 2, 0, 0], &[3, 0, 0, 0, 0, 0, 0]);
    assert_captured(&after, 46, 46);
    assert!(!kinds(&after).iter().any(|k| matches!(k, EventKind::Capture { .. })));
}

/// The RP-4 position: a four by a seed within the lap (S.b) and one by the
/// lap's last seed (S.c).
fn rp4_last_seed_position() -> sowspec::protocol::PositionDoc {
    raja([2, 3, 3, 0, 0, 0, 0], [0, 0, 2, 0, 0, 0, 0], (44, 44), (&[], &[]), S)
}

/// RP-4 (the chosen reading, `including last`): a lap's last seed making a
/// four makes a four like any other.
#[test]
fn rp4_four_made_by_a_laps_last_seed_is_taken() {
    let g = raja_pasu();
    // S.a (2): S.b 3→4: South (owner) takes 4. S.c 3→4, the lap's last seed:
    // South takes 4. L = S.c; N = S.d empty: ends; B = S.e empty: nothing.
    let after = play(&g, &rp4_last_seed_position(), 'a');
    assert_board(&after, &[0; 7], &[0, 0, 2, 0, 0, 0, 0]);
    assert_captured(&after, 52, 44);
    assert_to_move(&after, Some(N));
}

/// RP-4, the other reading (`rules/raja_pasu_last_seed_exempt.rules`,
/// `excluding last`): the same move; S.b's four is still taken, S.c's four
/// made by the lap's last seed stays on the board.
#[test]
fn rp4_four_made_by_a_laps_last_seed_under_the_exempt_reading() {
    let g = raja_pasu_last_seed_exempt();
    // S.a (2): S.b 3→4 (not the last seed): South takes 4. S.c 3→4, the
    // last seed: exempt, stays. L = S.c; N = S.d empty: ends; B = S.e empty.
    let after = play(&g, &rp4_last_seed_position(), 'a');
    assert_board(&after, &[0, 0, 4, 0, 0, 0, 0], &[0, 0, 2, 0, 0, 0, 0]);
    assert_captured(&after, 48, 44);
    assert_to_move(&after, Some(N));
}

/// RP-4's "one word": the exempt rules file is `rules/raja_pasu.rules` with
/// exactly one word changed outside comments, `including` → `excluding`.
#[test]
fn rp4_exempt_rules_file_differs_by_exactly_one_word() {
    let words = |src: &str| -> Vec<String> { blank_comments(src).split_whitespace().map(str::to_string).collect() };
    let chosen = words(&rules_text("raja_pasu.rules"));
    let exempt = words(&rules_text("raja_pasu_last_seed_exempt.rules"));
    assert_eq!(chosen.len(), exempt.len(), "same number of words outside comments");
    let diffs: Vec<(&str, &str)> =
        chosen.iter().zip(&exempt).filter(|(a, b)| a != b).map(|(a, b)| (a.as_str(), b.as_str())).collect();
    assert_eq!(diffs, [("including", "excluding")]);
}

/// RP-4: a four on the opponent's row goes to its owner, not the sower.
#[test]
fn rp4_four_on_the_opponents_row_goes_to_its_owner() {
    let g = raja_pasu();
    // South: S.g (2): N.a 3→4: North (owner) takes 4. N.b 0→1. L = N.b;
    // N = N.c empty: ends; B = N.d empty: nothing.
    let before = raja([1, 0, 0, 0, 0, 0, 2], [3, 0, 0, 0, 0, 0, 0], (46, 46), (&[], &[]), S);
    let after = play(&g, &before, 'g');
    assert_board(&after, &[1, 0, 0, 0, 0, 0, 0], &[0, 1, 0, 0, 0, 0, 0]);
    assert_captured(&after, 46, 50);

    // North: N.g (2): S.a 3→4: South (owner) takes 4. S.b 0→1. L = S.b;
    // N = S.c empty: ends; B = S.d empty.
    let before = raja([3, 0, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0, 2], (46, 46), (&[], &[]), N);
    let after = play(&g, &before, 'g');
    assert_board(&after, &[0, 1, 0, 0, 0, 0, 0], &[1, 0, 0, 0, 0, 0, 0]);
    assert_captured(&after, 50, 46);
}

/// RP-4: a hole can reach four, be emptied, and reach four again in one
/// move.
#[test]
fn rp4_hole_reaching_four_twice_in_one_move() {
    let g = raja_pasu();
    // S.a (57), one lap. From S.b the track is S.b, S.c … S.g, N.a … N.g,
    // S.a (14 holes), so S.b gets drops 1, 15, 29, 43 and 57.
    // Drop 1: S.b 3→4: South takes 4 (first four).
    // Drops 2–14 / 16–28 / 30–42: the other holes 0→1→2→3 (N.g 5→6→7→8);
    //   S.b 0→1→2 at drops 15, 29.
    // Drops 43–56: S.b 2→3; S.c … S.g 3→4: South takes 5 × 4 = 20;
    //   N.a … N.f 3→4: North takes 6 × 4 = 24; N.g 8→9; S.a 3→4 (drop 56):
    //   South takes 4.
    // Drop 57 (last): S.b 3→4: South takes 4 (second four).
    // L = S.b; N = S.c empty: ends; B = S.d empty: nothing.
    // South 17 + 4 + 20 + 4 + 4 = 49, North 16 + 24 = 40, board N.g 9.
    let before = raja([57, 3, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 5], (17, 16), (&[], &[]), S);
    let after = play(&g, &before, 'a');
    assert_board(&after, &[0; 7], &[0, 0, 0, 0, 0, 0, 9]);
    assert_captured(&after, 49, 40);
    assert_to_move(&after, Some(N));

    let sb = cell(&g, S, 'b');
    let fours_in_sb =
        after.events.iter().filter(|e| e.kind == EventKind::Capture { cell: sb, seeds: 4, to: Player::South }).count();
    assert_eq!(fours_in_sb, 2);
}

/// RP-4 trace: each four emits a `Capture` of 4 to the row's owner, tied to
/// the `on drop` rule of the rules file (the span's text is its `on drop …`
/// line).
#[test]
fn rp4_trace_four_capture_events_point_into_the_on_drop_rule() {
    let g = raja_pasu();
    let after = play(&g, &rp4_last_seed_position(), 'a');
    let captures: Vec<_> = after.events.iter().filter(|e| matches!(e.kind, EventKind::Capture { .. })).collect();
    assert_eq!(
        captures.iter().map(|e| e.kind.clone()).collect::<Vec<_>>(),
        [
            EventKind::Capture { cell: cell(&g, S, 'b'), seeds: 4, to: Player::South },
            EventKind::Capture { cell: cell(&g, S, 'c'), seeds: 4, to: Player::South },
        ]
    );
    let rule = rule_range(&g.src, "on drop");
    for e in captures {
        let s = e.span.expect("a four names its rule");
        assert!(rule.start <= s.start && s.end <= rule.end, "span {s:?} is outside the `on drop` rule {rule:?}");
        assert!(span_text(&g, e).contains("on drop"), "span text: {:?}", span_text(&g, e));
    }
}

/// RP-3 trace: the capture beyond the gap is tied to the `on sowing_end` rule.
#[test]
fn rp3_trace_capture_event_points_into_the_sowing_end_rule() {
    let g = raja_pasu();
    let before = raja([1, 0, 0, 5, 0, 3, 0], [2, 0, 0, 0, 0, 0, 0], (44, 43), (&[], &[]), S);
    let after = play(&g, &before, 'a');
    let captures: Vec<_> = after.events.iter().filter(|e| matches!(e.kind, EventKind::Capture { .. })).collect();
    assert_eq!(captures.len(), 1);
    assert_eq!(captures[0].kind, EventKind::Capture { cell: cell(&g, S, 'd'), seeds: 5, to: Player::South });
    let rule = rule_range(&g.src, "on sowing_end");
    let s = captures[0].span.expect("the capture names its rule");
    assert!(rule.start <= s.start && s.end <= rule.end, "span {s:?} is outside the `on sowing_end` rule {rule:?}");
    assert!(span_text(&g, captures[0]).contains("on sowing_end"), "span text: {:?}", span_text(&g, captures[0]));
}

/// The round-end position used by RP-5, RP-6, RP-7, RP-9 and RP-11:
/// S.a (1): S.b 0→1. L = S.b; N = S.c empty: ends; B = S.d (2): South +2 →
/// 42. North has no seeds, so no legal move: the round ends; the board,
/// S.b 1 + S.f 5 = 6, goes to South → 48. North 50.
fn round_end_position() -> sowspec::protocol::PositionDoc {
    raja([1, 0, 0, 2, 0, 5, 0], [0; 7], (40, 50), (&[], &[]), S)
}

/// RP-5: when the player to move cannot move, the round ends and the board
/// goes to the other player (the last mover).
#[test]
fn rp5_round_end_awards_the_board_to_the_last_mover() {
    // One round only, so the award itself is visible.
    let g = raja_pasu_one_round();
    let after = play(&g, &round_end_position(), 'a');
    assert_board(&after, &[0; 7], &[0; 7]);
    assert_captured(&after, 48, 50);
    assert_to_move(&after, None);

    // In a match, the trace shows North stuck and 6 seeds awarded to South.
    let g = raja_pasu();
    let after = play(&g, &round_end_position(), 'a');
    let k = kinds(&after);
    let stuck = k.iter().position(|e| *e == EventKind::NoMoves { player: Player::North }).expect("North is stuck");
    assert_eq!(k[stuck + 1], EventKind::Award { to: Player::South, seeds: 6 });
    let award = &after.events[stuck + 1];
    assert!(span_text(&g, award).contains("no_moves remaining to last_mover"));
}

/// RP-6: the round's winner holds more after the award: North 50 against
/// South 48, although South made the last move and received the board.
#[test]
fn rp6_round_winner_round_one() {
    let g = raja_pasu_one_round();
    let after = play(&g, &round_end_position(), 'a');
    assert_result(&after, Some(Winner::North));

    let g = raja_pasu();
    let after = play(&g, &round_end_position(), 'a');
    assert!(kinds(&after).contains(&EventKind::RoundEnd { round: 1, outcome: Outcome::Win(Player::North) }));
}

/// RP-6 from round 2 on: the whole reserve counts, seeds kept back at the
/// refill included.
#[test]
fn rp6_round_winner_counts_the_seeds_kept_at_the_refill() {
    let g = raja_pasu();
    // Round 2, S.a closed (South refilled 6 holes). South's reserve 47 (of
    // which, say, 6 kept back at the refill), North's 48 (1 kept).
    // S.b (1): S.c 0→1. L = S.c; N = S.d empty: ends; B = S.e (2): South
    // +2 → 49. North has no seeds: round 2 ends, S.c's 1 to South → 50.
    // South 50 > North 48: South wins round 2. (This round's captures alone,
    // 44 against 47, would say North.)
    // Refill: South 50 → k = 7, keeps 1; North 48 → k = 6: N.a closed, keeps
    // 6. S.a is open again (each refill decides afresh, RP-8). South, the
    // receiver, starts round 3.
    let before = in_round(raja([0, 1, 0, 0, 2, 0, 0], [0; 7], (47, 48), (&["a"], &[]), S), 2);
    let after = play(&g, &before, 'b');
    assert!(kinds(&after).contains(&EventKind::RoundEnd { round: 2, outcome: Outcome::Win(Player::South) }));
    assert_round(&after, 3);
    assert_board(&after, &[7; 7], &[0, 7, 7, 7, 7, 7, 7]);
    assert_closed(&after, &[], &["a"]);
    assert_captured(&after, 1, 6);
    assert_to_move(&after, Some(S));
}

/// RP-6: equal holdings make a drawn round; the match goes on, the receiver
/// starting.
#[test]
fn rp6_drawn_round() {
    // As in the round-end position: South 41 + 2 + 6 = 49, North 49: a
    // drawn round. Refill: each 49 → k = 7, keeps 0. South (receiver) starts.
    let before = raja([1, 0, 0, 2, 0, 5, 0], [0; 7], (41, 49), (&[], &[]), S);

    let after = play(&raja_pasu_one_round(), &before, 'a');
    assert_captured(&after, 49, 49);
    assert_result(&after, Some(Winner::Draw));

    let after = play(&raja_pasu(), &before, 'a');
    assert!(kinds(&after).contains(&EventKind::RoundEnd { round: 1, outcome: Outcome::Draw }));
    assert_round(&after, 2);
    assert_board(&after, &[7; 7], &[7; 7]);
    assert_closed(&after, &[], &[]);
    assert_captured(&after, 0, 0);
    assert_to_move(&after, Some(S));
    assert_result(&after, None);
}

/// RP-7: South holds 48 → k = min(7, 6) = 6: S.b … S.g get 7, S.a is closed,
/// 48 − 42 = 6 stay in reserve. North holds 50 → k = min(7, 7) = 7, keeps 1.
#[test]
fn rp7_refill_rightmost_holes_rest_in_reserve() {
    let g = raja_pasu();
    let after = play(&g, &round_end_position(), 'a');
    assert_round(&after, 2);
    assert_board(&after, &[0, 7, 7, 7, 7, 7, 7], &[7; 7]);
    assert_closed(&after, &["a"], &[]);
    assert_captured(&after, 6, 1);
    assert_legal(&after, &["b", "c", "d", "e", "f", "g"]);
    let refills: Vec<_> = kinds(&after).into_iter().filter(|k| matches!(k, EventKind::Refill { .. })).collect();
    assert_eq!(
        refills,
        [
            EventKind::Refill { player: Player::South, filled: 6, kept: 6 },
            EventKind::Refill { player: Player::North, filled: 7, kept: 1 },
        ]
    );
}

/// RP-7 for North with closed holes, and the cap at 7 holes for South.
/// (Both players cannot have closed holes after the same refill: that needs
/// both to hold at most 48, but they hold 98 together.)
#[test]
fn rp7_refill_closes_norths_leftmost_holes_and_caps_at_seven() {
    let g = raja_pasu();
    // S.a (1): S.b 0→1; N = S.c empty; B = S.d (2): South +2 → 42. North is
    // stuck: S.b 1 + S.f 25 = 26 to South → 68. North 30.
    // Refill: South 68 → k = min(7, 9) = 7, keeps 68 − 49 = 19. North 30 →
    // k = min(7, 4) = 4: N.d … N.g get 7, N.a, N.b, N.c closed, keeps 2.
    let before = raja([1, 0, 0, 2, 0, 25, 0], [0; 7], (40, 30), (&[], &[]), S);
    let after = play(&g, &before, 'a');
    assert_round(&after, 2);
    assert_board(&after, &[7; 7], &[0, 0, 0, 7, 7, 7, 7]);
    assert_closed(&after, &[], &["a", "b", "c"]);
    assert_captured(&after, 19, 2);
    assert_to_move(&after, Some(S));
}

/// RP-7 at the boundary: holding exactly 7 fills one hole (the rightmost)
/// and keeps nothing.
#[test]
fn rp7_refill_with_exactly_seven() {
    let g = raja_pasu();
    // As above: South 83 + 2 + 6 = 91, North 7. Refill: South k = 7, keeps
    // 42; North k = 1: N.g gets 7, N.a … N.f closed, keeps 0.
    let before = raja([1, 0, 0, 2, 0, 5, 0], [0; 7], (83, 7), (&[], &[]), S);
    let after = play(&g, &before, 'a');
    assert_round(&after, 2);
    assert_board(&after, &[7; 7], &[0, 0, 0, 0, 0, 0, 7]);
    assert_closed(&after, &[], &["a", "b", "c", "d", "e", "f"]);
    assert_captured(&after, 42, 0);
    assert_to_move(&after, Some(S));
}

/// RP-8: closed holes are skipped by sowing, whoever sows and whoever owns
/// them, and receive nothing.
#[test]
fn rp8_sowing_skips_closed_holes() {
    let g = raja_pasu();
    // Round 2, N.a, N.b, N.c closed. South: S.g (3): N.d 0→1, N.e 0→1,
    // N.f 0→1. L = N.f; N = N.g empty: ends; B = S.a empty: nothing.
    let before = in_round(raja([0, 0, 2, 0, 0, 0, 3], [0; 7], (50, 43), (&[], &["a", "b", "c"]), S), 2);
    let after = play(&g, &before, 'g');
    assert_board(&after, &[0, 0, 2, 0, 0, 0, 0], &[0, 0, 0, 1, 1, 1, 0]);
    assert_captured(&after, 50, 43);
    assert_closed(&after, &[], &["a", "b", "c"]);

    // North sows past its own closed holes: N.g (8): S.a … S.g 0→1 (7), then
    // N.d 0→1 (8th). L = N.d; N = N.e empty: ends; B = N.f empty: nothing.
    let before = in_round(raja([0; 7], [0, 0, 0, 0, 0, 0, 8], (45, 45), (&[], &["a", "b", "c"]), N), 2);
    let after = play(&g, &before, 'g');
    assert_board(&after, &[1; 7], &[0, 0, 0, 1, 0, 0, 0]);
    assert_captured(&after, 45, 45);

    // South's S.a closed; North sows N.g (2): S.b 0→1, S.c 0→1. L = S.c;
    // N = S.d empty: ends; B = S.e empty.
    let before = in_round(raja([0; 7], [0, 0, 0, 0, 0, 1, 2], (48, 47), (&["a"], &[]), N), 2);
    let after = play(&g, &before, 'g');
    assert_board(&after, &[0, 1, 1, 0, 0, 0, 0], &[0, 0, 0, 0, 0, 1, 0]);
    assert_captured(&after, 48, 47);
}

/// RP-8: the relay's "next hole" skips closed holes.
#[test]
fn rp8_relay_skips_closed_holes() {
    let g = raja_pasu();
    // Round 2, N.a, N.b, N.c closed. S.f (1): S.g 0→1. L = S.g; the next
    // open hole is N.d (2): relay, sow N.e 0→1, N.f 0→1. L = N.f; N = N.g
    // empty: ends; B = S.a empty: nothing.
    let before = in_round(raja([0, 0, 0, 0, 0, 1, 0], [0, 0, 0, 2, 0, 0, 0], (48, 47), (&[], &["a", "b", "c"]), S), 2);
    let after = play(&g, &before, 'f');
    assert_board(&after, &[0, 0, 0, 0, 0, 0, 1], &[0, 0, 0, 0, 1, 1, 0]);
    assert_captured(&after, 48, 47);
}

/// RP-8: the gap and the hole beyond it skip closed holes.
#[test]
fn rp8_capture_beyond_the_gap_skips_closed_holes() {
    let g = raja_pasu();
    // Round 2, N.a, N.b, N.c closed. S.f (1): S.g 0→1. L = S.g; N = N.d
    // (first open hole) empty: ends. B = N.e holds 5: South captures 5.
    let before = in_round(raja([0, 0, 0, 0, 0, 1, 0], [0, 0, 0, 0, 5, 0, 2], (45, 45), (&[], &["a", "b", "c"]), S), 2);
    let after = play(&g, &before, 'f');
    assert_board(&after, &[0, 0, 0, 0, 0, 0, 1], &[0, 0, 0, 0, 0, 0, 2]);
    assert_captured(&after, 50, 45);
}

/// RP-8: a closed hole cannot be lifted.
#[test]
fn rp8_closed_hole_cannot_be_lifted() {
    let g = raja_pasu();
    let before = in_round(raja([0; 7], [0, 0, 0, 0, 0, 0, 8], (45, 45), (&[], &["a", "b", "c"]), N), 2);
    assert_eq!(refuse(&g, &before, 'a'), Illegal::Closed);
    assert_eq!(legal_of(&g, &before), ["g"]);
}

/// RP-9: the receiver of the board's last seeds starts the next round: South
/// here, although North won round 1.
#[test]
fn rp9_receiver_starts_the_next_round() {
    let g = raja_pasu();
    let after = play(&g, &round_end_position(), 'a');
    assert_round(&after, 2);
    assert_to_move(&after, Some(S));
    assert!(kinds(&after).contains(&EventKind::RoundStart { round: 2, starter: Player::South }));
}

/// RP-9: the receiver starts even when there was nothing left to receive.
#[test]
fn rp9_receiver_of_zero_seeds_starts_the_next_round() {
    let g = raja_pasu();
    // North: N.f (1): N.g 3→4, the lap's last seed: North takes 4 → 48.
    // L = N.g; N = S.a empty: ends; B = S.b empty. South cannot move: round
    // 1 ends, the board holds 0 seeds, North receives 0. South 50 > North
    // 48: South wins round 1. Refill: South 50 → k = 7, keeps 1; North 48 →
    // k = 6, N.a closed, keeps 6. North, the receiver, starts round 2.
    let before = raja([0; 7], [0, 0, 0, 0, 0, 1, 3], (50, 44), (&[], &[]), N);
    let after = play(&g, &before, 'f');
    assert_round(&after, 2);
    assert_to_move(&after, Some(N));
    assert_board(&after, &[7; 7], &[0, 7, 7, 7, 7, 7, 7]);
    assert_closed(&after, &[], &["a"]);
    assert_captured(&after, 1, 6);
    let k = kinds(&after);
    assert!(k.contains(&EventKind::RoundEnd { round: 1, outcome: Outcome::Win(Player::South) }));
    assert!(k.contains(&EventKind::RoundStart { round: 2, starter: Player::North }));
}

/// RP-9: South starts round 1.
#[test]
fn rp9_south_starts_round_one() {
    for g in [raja_pasu(), raja_pasu_one_round()] {
        let p = g.m.initial();
        assert_eq!(p.to_move(), Some(Player::South));
        assert_eq!(p.round(), 1);
    }
}

/// RP-10: before a refill, a player holding fewer than 7 loses the match.
#[test]
fn rp10_match_ends_when_a_player_holds_fewer_than_seven() {
    let g = raja_pasu();
    // South: 87 + 2 (B = S.d) + 6 (award) = 95; North 3 < 7: the match ends,
    // South wins. No refill: board empty, round stays 1.
    let before = raja([1, 0, 0, 2, 0, 5, 0], [0; 7], (87, 3), (&[], &[]), S);
    let after = play(&g, &before, 'a');
    assert_board(&after, &[0; 7], &[0; 7]);
    assert_captured(&after, 95, 3);
    assert_to_move(&after, None);
    assert_result(&after, Some(Winner::South));
    assert_round(&after, 1);
}

/// RP-10 in a later round: the final position keeps that round's closed
/// holes and number.
#[test]
fn rp10_match_end_in_round_two_keeps_the_closed_holes() {
    let g = raja_pasu();
    // Round 2, North has only N.g open, empty. South 85 + 2 + 6 = 93; North
    // is stuck and holds 5 < 7: South wins the match.
    let closed_n: &[&str] = &["a", "b", "c", "d", "e", "f"];
    let before = in_round(raja([1, 0, 0, 2, 0, 5, 0], [0; 7], (85, 5), (&[], closed_n), S), 2);
    let after = play(&g, &before, 'a');
    assert_board(&after, &[0; 7], &[0; 7]);
    assert_captured(&after, 93, 5);
    assert_to_move(&after, None);
    assert_result(&after, Some(Winner::South));
    assert_round(&after, 2);
    assert_closed(&after, &[], closed_n);
}

/// RP-11: a single round is a unit of play: it ends at RP-5, with no refill.
/// The same move in a match goes on to round 2.
#[test]
fn rp11_one_round_mode_stops_at_the_round_end() {
    let one = raja_pasu_one_round();
    assert!(one.m.is_one_round());
    let after = play(&one, &round_end_position(), 'a');
    assert_to_move(&after, None);
    assert_round(&after, 1);
    assert_board(&after, &[0; 7], &[0; 7]);
    assert_closed(&after, &[], &[]);
    assert_captured(&after, 48, 50);
    assert_result(&after, Some(Winner::North));
    let k = kinds(&after);
    assert!(k.contains(&EventKind::RoundEnd { round: 1, outcome: Outcome::Win(Player::North) }));
    assert!(!k.iter().any(|e| matches!(e, EventKind::Refill { .. } | EventKind::RoundStart { .. })));

    let after = play(&raja_pasu(), &round_end_position(), 'a');
    assert_to_move(&after, Some(S));
    assert_round(&after, 2);
    assert_result(&after, None);
}

// ---------------------------------------------------------------------------
// Sadeqa III
// ---------------------------------------------------------------------------

/// SQ-1: 8 holes a row, 6 seeds (96), or 4 seeds (64) for game 91.
#[test]
fn sq1_initial_positions() {
    for (g, seeds) in [(sadeqa3(), 6), (sadeqa3_4(), 4)] {
        let d = PositionDoc::of(&g.m, &g.m.initial());
        assert_eq!(d.board.south, [seeds; 8]);
        assert_eq!(d.board.north, [seeds; 8]);
        assert_eq!(d.to_move, Some(S));
    }
}

/// SQ-2: the last seed falling in an occupied hole lifts that hole, the
/// dropped seed included.
#[test]
fn sq2_relay_lifts_the_landing_hole_with_the_dropped_seed() {
    let g = sadeqa3();
    // Lap 1: S.a (2): S.b 0→1, S.c 2→3 (held seeds): lift all 3.
    // Lap 2: S.d 0→1, S.e 0→1, S.f 0→1 (was empty): ends. Opposite N.c is
    // empty: nothing. (Without the dropped seed: 2, ending in S.e.)
    let before = sadeqa([2, 0, 2, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0, 0, 0], (45, 46), S);
    let after = play(&g, &before, 'a');
    assert_board(&after, &[0, 1, 0, 1, 1, 1, 0, 0], &[1, 0, 0, 0, 0, 0, 0, 0]);
    assert_captured(&after, 45, 46);

    // Trace: the relay lifts S.c with 3 seeds, tied to the relay rule.
    let relays: Vec<_> = after.events.iter().filter(|e| matches!(e.kind, EventKind::Relay { .. })).collect();
    assert_eq!(relays.len(), 1);
    assert_eq!(relays[0].kind, EventKind::Relay { cell: cell(&g, S, 'c'), seeds: 3 });
    assert!(span_text(&g, relays[0]).contains("relay lift landing"));

    // On the opponent's row too: S.h (2): N.a 0→1, N.b 2→3 (held seeds): lift
    // all 3: N.c 0→1, N.d 0→1, N.e 0→1 (was empty): ends; North's row: no
    // capture.
    let before = sadeqa([1, 0, 0, 0, 0, 0, 0, 2], [0, 2, 0, 0, 0, 0, 0, 0], (45, 46), S);
    let after = play(&g, &before, 'h');
    assert_board(&after, &[1, 0, 0, 0, 0, 0, 0, 0], &[1, 0, 1, 1, 1, 0, 0, 0]);
    assert_captured(&after, 45, 46);
}

/// SQ-3: ending in an empty hole of one's own row captures the opposite
/// hole's seeds; the landing seed stays.
#[test]
fn sq3_capture_opposite_landing_seed_stays() {
    let g = sadeqa3();
    // S.a (1): S.b 0→1: ends. S.b is South's; opposite N.g holds 5: South
    // captures 5. S.b keeps its 1.
    let before = sadeqa([1, 0, 0, 0, 0, 0, 0, 0], [2, 0, 0, 0, 0, 0, 5, 0], (44, 44), S);
    let after = play(&g, &before, 'a');
    assert_board(&after, &[0, 1, 0, 0, 0, 0, 0, 0], &[2, 0, 0, 0, 0, 0, 0, 0]);
    assert_captured(&after, 49, 44);
    let captures: Vec<_> = kinds(&after).into_iter().filter(|k| matches!(k, EventKind::Capture { .. })).collect();
    assert_eq!(captures, [EventKind::Capture { cell: cell(&g, N, 'g'), seeds: 5, to: Player::South }]);
}

/// SQ-3: ending in an empty hole of the opponent's row captures nothing,
/// even when its opposite holds seeds.
#[test]
fn sq3_no_capture_when_landing_on_the_opponents_row() {
    let g = sadeqa3();
    // S.g (2): S.h 0→1, N.a 0→1: ends. N.a is North's: nothing, although its
    // opposite S.h holds 1.
    let before = sadeqa([3, 0, 0, 0, 0, 0, 2, 0], [0; 8], (45, 46), S);
    let after = play(&g, &before, 'g');
    assert_board(&after, &[3, 0, 0, 0, 0, 0, 0, 1], &[1, 0, 0, 0, 0, 0, 0, 0]);
    assert_captured(&after, 45, 46);
}

/// SQ-3: ending in an empty hole of one's own row whose opposite is empty
/// captures nothing.
#[test]
fn sq3_no_capture_when_the_opposite_is_empty() {
    let g = sadeqa3();
    // S.a (1): S.b 0→1: ends. Opposite N.g is empty: nothing.
    let before = sadeqa([1, 0, 0, 0, 0, 0, 0, 0], [3, 0, 0, 0, 0, 0, 0, 0], (46, 46), S);
    let after = play(&g, &before, 'a');
    assert_board(&after, &[0, 1, 0, 0, 0, 0, 0, 0], &[3, 0, 0, 0, 0, 0, 0, 0]);
    assert_captured(&after, 46, 46);
    assert!(!kinds(&after).iter().any(|k| matches!(k, EventKind::Capture { .. })));
}

/// SQ-4: the player to move cannot move: the last mover takes every seed
/// left, the larger total wins. Here North moves last.
#[test]
fn sq4_end_last_mover_takes_the_rest() {
    let g = sadeqa3();
    // North: N.a (1): N.b 0→1: ends; N.b is North's, opposite S.g holds 3:
    // North +3 → 43. South's row is now empty: South cannot move. Left: N.b
    // 1 + N.e 4 = 5 to North → 48. South 48: a draw.
    let before = sadeqa([0, 0, 0, 0, 0, 0, 3, 0], [1, 0, 0, 0, 4, 0, 0, 0], (48, 40), N);
    let after = play(&g, &before, 'a');
    assert_board(&after, &[0; 8], &[0; 8]);
    assert_captured(&after, 48, 48);
    assert_to_move(&after, None);
    assert_result(&after, Some(Winner::Draw));

    let k = kinds(&after);
    let stuck = k.iter().position(|e| *e == EventKind::NoMoves { player: Player::South }).expect("South is stuck");
    assert_eq!(k[stuck + 1], EventKind::Award { to: Player::North, seeds: 5 });
    assert_eq!(k.last(), Some(&EventKind::GameEnd { outcome: Outcome::Draw }));
}
