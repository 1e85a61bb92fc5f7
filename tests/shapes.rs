//! Board shapes as data (`rows 1`/`3`/`5`/`6`, `track`, `facing`, `skip when`), and `hole(PLAYER, N)`
//! with a number worked out at play: each on a tiny board, the expected
//! positions worked by hand from the shapes the reference describes.

use serde_json::{json, Value};
use sowspec::protocol::PositionDoc;
use sowspec::{Hole, Machine};

/// A rules file of `board` (the inside of its `board` block), two seeds a
/// hole, with `extra` rules.
fn source(board: &str, extra: &str) -> String {
    format!(
        "game \"shape\" {{
  board {{ {board} }}
  setup {{ seeds 2 }}
  sowing {{ direction counterclockwise; first_seed next; origin sown }}
  {extra}
  moves {{
    lift when count(origin) > 0
    endless after 100 laps illegal
  }}
  end {{ no_moves remaining to owner; winner most_captured }}
}}"
    )
}

/// The game of [`source`].
fn game(board: &str, extra: &str) -> Machine {
    Machine::new(sowspec::check(&source(board, extra)).unwrap_or_else(|d| panic!("{d:#?}")))
}

/// The messages of the diagnostics of [`source`], or a panic if it checks.
fn refused(board: &str, extra: &str) -> String {
    match sowspec::check(&source(board, extra)) {
        Ok(_) => panic!("`{board}` checks"),
        Err(d) => d.iter().map(|d| d.message.clone()).collect::<Vec<_>>().join("\n"),
    }
}

/// The board after South (then North, …) plays `moves` (names as
/// `--moves` reads them) from the start.
fn after_moves(m: &Machine, moves: &[&str]) -> Value {
    let mut pos = m.initial();
    for name in moves {
        let mv = sowspec::Move::parse(name).unwrap_or_else(|| panic!("`{name}` is no move"));
        pos = m.play(&pos, mv).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    serde_json::to_value(PositionDoc::of(m, &pos)).unwrap()
}

/// The board after South (then North, …) plays `letters` from the start.
fn after(m: &Machine, letters: &str) -> Value {
    let mut pos = m.initial();
    for l in letters.chars() {
        pos = m.play(&pos, Hole::at(l as u8 - b'a')).unwrap_or_else(|e| panic!("{l}: {e}"));
    }
    serde_json::to_value(PositionDoc::of(m, &pos)).unwrap()
}

/// One row of six: South owns S.a S.b S.c on the left, North N.a N.b N.c on
/// the right, both sowing left to right and round. South's c (2) sows N.a
/// and N.b; North's c (2) then sows S.a and S.b.
#[test]
fn one_row_is_one_cycle() {
    let m = game("rows 1; holes 6", "");
    assert_eq!(after(&m, "c")["board"], json!({"south": [2, 2, 0], "north": [3, 3, 2]}));
    assert_eq!(after(&m, "cc")["board"], json!({"south": [3, 3, 0], "north": [3, 3, 0]}));
}

/// On one row `opposite` mirrors the row: S.b (second from the left) faces
/// N.b (second from the right). South's a (2) sows S.b 3, S.c 3, the last
/// in S.c, which faces N.a (2): taken.
#[test]
fn one_row_faces_across_its_middle() {
    let m = game("rows 1; holes 6", "on sowing_end when landing in mover_row { capture opposite(landing) to mover }");
    let doc = after(&m, "a");
    assert_eq!(doc["board"], json!({"south": [0, 3, 3], "north": [0, 2, 2]}));
    assert_eq!(doc["captured"], json!({"south": 2, "north": 0}));
}

/// `track north clockwise` on 2×3: South still sows S.a → S.b → S.c → N.a;
/// North sows N.a → S.c → S.b. South's c (2): N.a 3, N.b 3. North's a (3):
/// S.c 0 → 1, S.b 3, S.a 3.
#[test]
fn a_player_can_sow_the_other_way() {
    let m = game("rows 2; holes 3; track north clockwise", "");
    assert_eq!(after(&m, "ca")["board"], json!({"south": [3, 3, 1], "north": [0, 3, 2]}));
    // The moves carry no sign.
    assert_eq!(after(&m, "c")["legal"], json!(["a", "b", "c"]));
}

/// A track written out: South sows their own row only (S.a S.b S.c, round),
/// North the whole board. South's c (2): S.a 3, S.b 3.
#[test]
fn a_track_written_out() {
    let m = game(r#"rows 2; holes 3; track south "S.a S.b S.c""#, "");
    assert_eq!(after(&m, "c")["board"], json!({"south": [3, 3, 0], "north": [2, 2, 2]}));
}

/// Three rows of four: South owns S.a–S.d along the bottom row and S.e, S.f
/// at the middle row's right end (S.e rightmost); North the top row and
/// the middle row's left half. One cycle S.a … S.f, N.a … N.f. South's d
/// (2) sows S.e, S.f; the last seed in S.f (middle row, column 2) faces
/// North's hole of the same depth there, which North does not have, so
/// the nearest: North's top-row hole in column 2, N.b.
#[test]
fn three_rows_share_one_cycle() {
    let m =
        game("rows 3; holes 4", "on sowing_end when landing in mover_inner_row { capture opposite(landing) to mover }");
    let doc = after(&m, "d");
    assert_eq!(doc["board"], json!({"south": [2, 2, 2, 0, 3, 3], "north": [2, 0, 2, 2, 2, 2]}));
    assert_eq!(doc["captured"], json!({"south": 2, "north": 0}));
}

/// On three rows `inner` and `outer` move within a column of one's own:
/// South's outer S.d (column 3) has S.e above it; `opposite` of South's S.a
/// (column 0) is N.d (top row, the same depth), and `inner` of N.d is N.e
/// (the middle row's left end), not N.f.
#[test]
fn three_rows_inner_and_outer() {
    // South's c (2) sows S.d and S.e (last, middle row): outer(landing) is S.d.
    let m =
        game("rows 3; holes 4", "on sowing_end when landing in mover_inner_row { capture outer(landing) to mover }");
    let doc = after(&m, "c");
    assert_eq!(doc["board"], json!({"south": [2, 2, 0, 0, 3, 2], "north": [2, 2, 2, 2, 2, 2]}));
    assert_eq!(doc["captured"], json!({"south": 3, "north": 0}));
    // North's e (2) sows N.f and S.a (last, South's outer row, column 0):
    // opposite is N.d (2, taken), and inner of N.d is N.e, just emptied:
    // N.f keeps its 3.
    let m = game(
        "rows 3; holes 4",
        "on sowing_end when landing in opponent_row {
    capture opposite(landing) to mover
    capture inner(opposite(landing)) to mover
  }",
    );
    let mut pos = m.initial();
    pos = m.play(&pos, Hole::at(0)).unwrap(); // South's a (2): S.b 3, S.c 3: nothing.
    pos = m.play(&pos, Hole::at(4)).unwrap(); // North's e (2): N.f 3, S.a 0 -> 1.
    let doc = serde_json::to_value(PositionDoc::of(&m, &pos)).unwrap();
    assert_eq!(doc["board"], json!({"south": [1, 3, 3, 2, 2, 2], "north": [2, 2, 2, 0, 0, 3]}));
    assert_eq!(doc["captured"], json!({"south": 0, "north": 2}));
}

/// Six rows of three: each player sows round their own three rows, lettered
/// boustrophedon. South's c (2, the outer row's right end) sows S.d and S.e.
#[test]
fn six_rows_sow_round_ones_own_three() {
    let m = game("rows 6; holes 3", "");
    let doc = after(&m, "c");
    assert_eq!(doc["board"], json!({"south": [2, 2, 0, 3, 3, 2, 2, 2, 2], "north": [2, 2, 2, 2, 2, 2, 2, 2, 2]}));
    // South's i (the inner row's end) goes round to a.
    assert_eq!(after(&m, "i")["board"]["south"], json!([3, 3, 2, 2, 2, 2, 2, 2, 0]));
}

/// A clockwise track written out (`direction chosen`): on six rows of three,
/// South's `-` track runs the mirror image of its `+` track, still outwards
/// in: S.c S.b S.a, then the middle row from its left end (S.f S.e S.d),
/// then the inner row from its right end (S.i S.h S.g). South's `a-` (2)
/// sows S.f and S.e, not S.i and S.h as the `+` track turned round would;
/// `a+` sows S.b and S.c as before. North's `-` is its own track turned
/// round: North's `c-` (2) sows N.b and N.a.
#[test]
fn a_clockwise_track_written_out_is_sown_by_minus_moves() {
    let board = r#"rows 6; holes 3; track south clockwise "S.c S.b S.a S.f S.e S.d S.i S.h S.g""#;
    let chosen = source(board, "").replace("direction counterclockwise", "direction chosen");
    let m = Machine::new(sowspec::check(&chosen).unwrap_or_else(|d| panic!("{d:#?}")));
    let doc = after_moves(&m, &["a-"]);
    assert_eq!(doc["board"]["south"], json!([0, 2, 2, 2, 3, 3, 2, 2, 2]));
    assert_eq!(after_moves(&m, &["a+"])["board"]["south"], json!([0, 3, 3, 2, 2, 2, 2, 2, 2]));
    assert_eq!(after_moves(&m, &["a-", "c-"])["board"]["north"], json!([3, 3, 0, 2, 2, 2, 2, 2, 2]));
    // Only a chosen direction has `-` moves to sow it.
    let fixed = refused(board, "");
    assert!(fixed.contains("a clockwise track is sown only where the player chooses the direction"), "{fixed}");
}

/// `hole(PLAYER, N)` with a number worked out at play: South's a (2) ends in
/// S.c (index 3); `hole(opponent, index(landing))` is N.c (2): taken.
#[test]
fn a_hole_found_by_its_number() {
    let m = game("rows 2; holes 3", "on sowing_end { capture hole(opponent, index(landing)) to mover }");
    let doc = after(&m, "a");
    assert_eq!(doc["board"], json!({"south": [0, 3, 3], "north": [2, 2, 0]}));
    assert_eq!(doc["captured"], json!({"south": 2, "north": 0}));
    // Round the player's holes with `%`: the hole after the landing's number, S.c -> N.a.
    let m = game("rows 2; holes 3", "on sowing_end { capture hole(opponent, index(landing) % 3 + 1) to mover }");
    assert_eq!(after(&m, "a")["board"], json!({"south": [0, 3, 3], "north": [0, 2, 2]}));
}

#[test]
fn shapes_that_do_not_fit_are_refused() {
    let six = refused("rows 6; holes 17", "");
    assert!(
        six.contains("each player 51 holes: a player can own at most 48 (positions hold at most 98 cells)"),
        "{six}"
    );
    let two = refused("rows 2; holes 49", "");
    assert!(two.contains("the number of holes in a row must be from 1 to 48, found 49"), "{two}");
    let chosen = source("rows 2; holes 33", "").replace("direction counterclockwise", "direction chosen");
    let chosen = sowspec::check(&chosen).map(|_| ()).unwrap_err();
    assert!(chosen[0].message.contains("a player can own at most 32 holes; this board gives each 33"), "{chosen:?}");
    let six = source("rows 6; holes 11", "").replace("direction counterclockwise", "direction chosen");
    let six = sowspec::check(&six).map(|_| ()).unwrap_err();
    assert!(six[0].message.contains("a player can own at most 32 holes; this board gives each 33"), "{six:?}");
    let claim =
        refused("rows 2; holes 32; stores sown", "on sowing_end when count(landing) == 4 { claim landing for mover }");
    assert!(claim.contains("a claim needs a board of at most 64 cells (holes and stores); this one has 66"), "{claim}");
    assert!(refused("rows 7; holes 6", "").contains("must be"));
    assert!(refused("rows 3; holes 7", "").contains("an even number of holes"));
    assert!(refused("rows 3; holes 6; stores sown", "").contains("only two-row boards have stores"));
    assert!(refused("rows 1; holes 6", "on sowing_end when landing in mover_inner_row { extra_turn }")
        .contains("this board has one row"));
    // A track written with names past `z`: South's 28th hole is `ab`.
    let names: Vec<String> = (0..27).map(|i| format!("S.{}", Hole::at(i))).collect();
    let track = refused(&format!("rows 2; holes 28; track south \"{}\"", names.join(" ")), "");
    assert!(track.contains("leaves out their hole `S.ab`"), "{track}");
    let track = refused(r#"rows 2; holes 3; track south "S.a S.b""#, "");
    assert!(track.contains("leaves out their hole `S.c`"), "{track}");
    let track = refused(r#"rows 2; holes 3; track south "S.a S.b S.c S.d""#, "");
    assert!(track.contains("`S.d` is not a hole of this board"), "{track}");
    let number = refused("rows 2; holes 3", "on sowing_end { capture hole(opponent, index(landing) + 1) to mover }");
    assert!(number.contains("may fall outside 1 to 3"), "{number}");
    let count = refused("rows 2; holes 3", "on sowing_end { capture hole(opponent, count(landing)) to mover }");
    assert!(count.contains("may fall outside 1 to 3"), "{count}");
}

/// Katro's board, six rows of six: each player owns 18 holes, `a` to `r`,
/// sown round their own three rows. South's r (the inner row's end, 2
/// seeds) sows S.a and S.b.
#[test]
fn six_rows_of_six_are_a_board() {
    let m = game("rows 6; holes 6", "");
    let mut south = vec![2; 18];
    (south[0], south[1], south[17]) = (3, 3, 0);
    assert_eq!(after_moves(&m, &["r"])["board"], json!({"south": south, "north": vec![2; 18]}));
}

/// Two rows of 40 and stores: holes past `z` are `aa`, `ab`, …, South's
/// last `an` (the 40th). Its two seeds go to South's store and N.a; North's
/// `ab` (the 28th) then sows N.ac and N.ad.
#[test]
fn holes_past_z_are_named_aa_ab() {
    let m = game("rows 2; holes 40; stores sown", "");
    let doc = after_moves(&m, &["an", "ab"]);
    let (mut south, mut north) = (vec![2; 40], vec![2; 40]);
    south[39] = 0;
    (north[0], north[27], north[28], north[29]) = (3, 0, 3, 3);
    assert_eq!(doc["board"], json!({"south": south, "north": north}));
    assert_eq!(doc["captured"], json!({"south": 1, "north": 0}));
    assert!(m.play(&m.initial(), sowspec::Move::parse("ao").unwrap()).is_err(), "South has no 41st hole");
}

/// Four rows of 24 (48 holes a player, the most): South's `av` (the inner
/// row's last hole) sows S.a and S.b.
#[test]
fn four_rows_of_twenty_four_are_a_board() {
    let m = game("rows 4; holes 24", "");
    let mut south = vec![2; 48];
    (south[0], south[1], south[47]) = (3, 3, 0);
    assert_eq!(after_moves(&m, &["av"])["board"], json!({"south": south, "north": vec![2; 48]}));
}

/// On wide boards the compiled kernel, the kept children and the repetition
/// record agree with the general code: random games of Oware's captures on
/// two rows of 40 with stores (82 cells), and on four rows of 24, each
/// position verified; every move of the start is legal and none ends the
/// game, so perft 2 is 40 × 40.
#[test]
fn wide_boards_play_as_the_definition() {
    let capture = "on sowing_end when landing in opponent_row and (count(landing) == 2 or count(landing) == 3) {
    sweep backward from landing while hole in opponent_row and (count(hole) == 2 or count(hole) == 3) {
      capture hole to mover
    }
    forfeit when total(opponent_row) == 0
  }";
    let rules = |board: &str| {
        source(board, capture).replace(
            "no_moves remaining to owner;",
            "no_moves remaining to owner; repetition 2 since capture remaining to owner;",
        )
    };
    for board in ["rows 2; holes 40; stores sown", "rows 4; holes 24"] {
        let m = Machine::new(sowspec::check(&rules(board)).unwrap_or_else(|d| panic!("{d:#?}")));
        for game in 0..3 {
            sowspec::playout::verify_game(&m, 7, game, 400).unwrap_or_else(|d| panic!("{board}: {d}"));
        }
    }
    let m = game("rows 2; holes 40; stores sown", "");
    assert_eq!(sowspec::perft::perft(&m, &m.initial(), 2), Ok(1600));
}

/// A chosen direction on two rows of 20 (more than 16 holes a player: a
/// `-` move is bit 32 above its hole, so up to 32 holes a player fit).
/// Worked by hand, two seeds a hole: South's `t-` (its last hole, 2 seeds)
/// sows clockwise, leftwards along its row: S.s and S.r become 3, S.t 0.
/// South's `a-` sows clockwise from its first hole round the board's left
/// end into North's row: the hole before S.a is N.t (North's last, at the
/// top left), then N.s: both 3. North's `t+` (now 3 seeds) sows
/// counterclockwise from the top left round into South's row: S.a (0 after
/// `a-`) 1, S.b 3, S.c 3.
#[test]
fn a_chosen_direction_on_more_than_sixteen_holes() {
    let chosen = source("rows 2; holes 20", "").replace("direction counterclockwise", "direction chosen");
    let m = Machine::new(sowspec::check(&chosen).unwrap_or_else(|d| panic!("{d:#?}")));
    let row = (1u64 << 20) - 1;
    assert_eq!(m.initial().legal_mask(), row | row << 32, "`+` moves at bits 0–19, `-` at 32–51");
    let mut south = vec![2; 20];
    (south[17], south[18], south[19]) = (3, 3, 0);
    assert_eq!(after_moves(&m, &["t-"])["board"], json!({"south": south, "north": vec![2; 20]}));
    let doc = after_moves(&m, &["a-", "t+"]);
    let mut south = vec![2; 20];
    (south[0], south[1], south[2]) = (1, 3, 3);
    let mut north = vec![2; 20];
    (north[18], north[19]) = (3, 0);
    assert_eq!(doc["board"], json!({"south": south, "north": north}));
    assert_eq!(sowspec::perft::perft(&m, &m.initial(), 1), Ok(40), "every hole both ways");
    // The kernels, the kept children and the definition agree on it, and on
    // Katro's six rows of six (18 holes a player) with the direction chosen.
    let six = source("rows 6; holes 6", "").replace("direction counterclockwise", "direction chosen");
    for src in [&chosen, &six] {
        let m = Machine::new(sowspec::check(src).unwrap_or_else(|d| panic!("{d:#?}")));
        for game in 0..3 {
            sowspec::playout::verify_game(&m, 7, game, 400).unwrap_or_else(|d| panic!("{d}"));
        }
    }
}

/// A rules file on a circle of `holes` holes (`circle N`), two seeds a
/// hole, sown `direction`, with `extra` rules and `end` as given.
fn circle_source(holes: u8, direction: &str, extra: &str, end: &str) -> String {
    format!(
        "game \"circle\" {{
  board {{ circle {holes} }}
  setup {{ seeds 2 }}
  sowing {{ direction {direction}; first_seed next; origin sown }}
  {extra}
  moves {{
    lift when count(origin) > 0
    endless after 100 laps illegal
  }}
  end {{ {end}; winner most_captured }}
}}"
    )
}

fn circle(holes: u8, direction: &str, extra: &str) -> Machine {
    let src = circle_source(holes, direction, extra, "no_moves keeping board");
    Machine::new(sowspec::check(&src).unwrap_or_else(|d| panic!("{d:#?}")))
}

/// A circle of five, two in each hole: both players sow round it and may
/// lift any hole, by the same letters. South `a` (2): b 3, c 3. North may
/// then lift b, c, d or e (a is empty); North `b` (3): c 4, d 3, e 3.
/// Clockwise, South `a` (2) sows e 3, d 3.
#[test]
fn a_circle_is_nobodys_and_sown_by_both() {
    let m = circle(5, "counterclockwise", "");
    let start = after_moves(&m, &[]);
    assert_eq!(start["board"], json!({"circle": [2, 2, 2, 2, 2]}));
    assert_eq!(start["legal"], json!(["a", "b", "c", "d", "e"]));
    let doc = after_moves(&m, &["a"]);
    assert_eq!(doc["board"], json!({"circle": [0, 3, 3, 2, 2]}));
    assert_eq!(doc["to_move"], json!("north"));
    assert_eq!(doc["legal"], json!(["b", "c", "d", "e"]));
    let doc = after_moves(&m, &["a", "b"]);
    assert_eq!(doc["board"], json!({"circle": [0, 0, 4, 3, 3]}));
    assert_eq!(doc["legal"], json!(["c", "d", "e"]));
    // The document reads back as the same position.
    let back: PositionDoc = serde_json::from_value(doc.clone()).unwrap();
    let pos = back.to_position(&m).unwrap();
    assert_eq!(serde_json::to_value(PositionDoc::of(&m, &pos)).unwrap(), doc);
    let m = circle(5, "clockwise", "");
    assert_eq!(after_moves(&m, &["a"])["board"], json!({"circle": [0, 2, 2, 3, 3]}));
}

/// Sat Gol's capture on a circle of five: `next` and `after` run round
/// the circle. From two each, South `a` (2): b 3, c 3; next d holds 2:
/// lifted, e 3, a 1; next b holds 3: lifted, c 4, d 1, e 4; next a holds
/// 1: lifted, b 1; next c holds 4: lifted, d 2, e 5, a 1, b 2; next c
/// empty: the hole after it, d (2), is captured: a 1, b 2, c 0, d 0, e 5.
#[test]
fn a_circle_relays_and_captures_round() {
    let extra = "on sowing_end when count(next) == 0 { capture after to mover }";
    let src = circle_source(5, "counterclockwise", extra, "no_moves keeping board")
        .replace("origin sown }", "origin sown; relay lift next when count(next) > 0 }");
    let m = Machine::new(sowspec::check(&src).unwrap_or_else(|d| panic!("{d:#?}")));
    let doc = after_moves(&m, &["a"]);
    assert_eq!(doc["board"], json!({"circle": [1, 2, 0, 0, 5]}));
    assert_eq!(doc["captured"], json!({"south": 2, "north": 0}));
}

/// What has no meaning on a circle is refused: rows, facing holes, owners,
/// a hole by a player's number, the shape's other statements.
#[test]
fn a_circle_refuses_rows_owners_and_facing_holes() {
    let refused_on = |extra: &str, end: &str| match sowspec::check(&circle_source(5, "counterclockwise", extra, end)) {
        Ok(_) => panic!("`{extra}` `{end}` checks on a circle"),
        Err(d) => d.iter().map(|d| d.message.clone()).collect::<Vec<_>>().join("\n"),
    };
    let keep = "no_moves keeping board";
    for (rule, word) in [
        ("on sowing_end when landing in mover_row { capture landing to mover }", "mover_row"),
        ("on sowing_end { capture opposite(landing) to mover }", "opposite"),
        ("on sowing_end { capture hole(mover, 1) to mover }", "hole"),
        ("on sowing_end when owner(landing) == mover { capture landing to mover }", "owner"),
        ("on sowing_end when total(opponent_row) == 0 { capture landing to mover }", "opponent_row"),
    ] {
        let text = refused_on(rule, keep);
        assert!(
            text.contains(&format!("`{word}`")) && text.contains("on a circle nobody owns a hole"),
            "{rule}: {text}"
        );
    }
    assert!(refused_on("", "no_moves remaining to owner").contains("on a circle nobody owns a hole"));
    let shape = |board: &str| {
        let src = circle_source(5, "counterclockwise", "", "no_moves keeping board")
            .replace("board { circle 5 }", &format!("board {{ {board} }}"));
        match sowspec::check(&src) {
            Ok(_) => panic!("`{board}` checks"),
            Err(d) => d.iter().map(|d| d.message.clone()).collect::<Vec<_>>().join("\n"),
        }
    };
    assert!(shape("circle 5; rows 2").contains("`rows` does not go with `circle`"));
    assert!(shape("circle 5; stores sown").contains("`stores` does not go with `circle`"));
    assert!(shape("circle 5; track south clockwise").contains("`track` does not go with `circle`"));
    assert!(shape("circle 1").contains("circle"));
    let split =
        circle_source(5, "counterclockwise", "", "no_moves keeping board").replace("seeds 2", "seeds south 2 north 2");
    assert!(sowspec::check(&split).is_err());
    let matched = circle_source(
        5,
        "counterclockwise",
        "match { refill setup; starter alternate; match_end wins 2 }",
        "no_moves keeping board",
    );
    let text = sowspec::check(&matched).map(|_| ()).unwrap_err();
    assert!(text.iter().any(|d| d.message.contains("on a circle nobody owns a hole")), "{text:#?}");
    // `stores none` may stand beside it.
    assert!(sowspec::check(
        &circle_source(5, "clockwise", "", "no_moves keeping board").replace("circle 5", "circle 5; stores none")
    )
    .is_ok());
}

/// The protocol writes a circle `{"circle": […]}` and refuses a board of
/// rows for it (and a circle for a board of rows).
#[test]
fn a_circle_in_the_protocol() {
    let m = circle(5, "counterclockwise", "");
    let rows = json!({"to_move": "south", "board": {"south": [2, 2, 2, 2, 2], "north": [0, 0, 0, 0, 0]}, "captured": {"south": 0, "north": 0}, "closed": {"south": [], "north": []}, "round": 1});
    let doc: PositionDoc = serde_json::from_value(rows).unwrap();
    let err = doc.to_position(&m).unwrap_err().to_string();
    assert!(err.contains("this game's board is a circle"), "{err}");
    let short = json!({"to_move": "south", "board": {"circle": [2, 2, 2, 4]}, "captured": {"south": 0, "north": 0}, "closed": {"south": [], "north": []}, "round": 1});
    let doc: PositionDoc = serde_json::from_value(short).unwrap();
    let err = doc.to_position(&m).unwrap_err().to_string();
    assert!(err.contains("board.circle") && err.contains("expected 5 holes, found 4"), "{err}");
    let two = game("rows 2; holes 3", "");
    let circle = json!({"to_move": "south", "board": {"circle": [2, 2, 2, 2, 2, 2]}, "captured": {"south": 0, "north": 0}, "closed": {"south": [], "north": []}, "round": 1});
    let doc: PositionDoc = serde_json::from_value(circle).unwrap();
    let err = doc.to_position(&two).unwrap_err().to_string();
    assert!(err.contains("this game's board has rows"), "{err}");
    let both = json!({"to_move": "south", "board": {"circle": [2], "south": [2]}, "captured": {"south": 0, "north": 0}, "closed": {"south": [], "north": []}, "round": 1});
    assert!(serde_json::from_value::<PositionDoc>(both).is_err());
}

/// Five rows of two: each player owns two rows and half the middle row,
/// lettered boustrophedon (South: S.a S.b along the bottom, S.c S.d back
/// along the next row, S.e at the middle row's left end), and sows round
/// their own five holes. From above:
///
/// ```text
/// N.b N.a
/// N.c N.d
/// S.e N.e
/// S.d S.c
/// S.a S.b
/// ```
///
/// South's e (2) goes round to S.a and S.b; South's b (2) sows S.c, S.d.
#[test]
fn five_rows_sow_round_ones_own_holes() {
    let m = game("rows 5; holes 2", "");
    assert_eq!(after(&m, "e")["board"], json!({"south": [3, 3, 2, 2, 0], "north": [2, 2, 2, 2, 2]}));
    assert_eq!(after(&m, "b")["board"], json!({"south": [2, 0, 3, 3, 2], "north": [2, 2, 2, 2, 2]}));
    let layout = m.rules().board().layout();
    assert_eq!(layout.grid, [vec![6, 5], vec![7, 8], vec![4, 9], vec![3, 2], vec![0, 1]]);
}

/// On five rows a player's inner row is their half of the middle row, and
/// it faces the other's inner row: South's c (2) sows S.d and S.e (last,
/// the middle row's left end); North has no middle hole in that column, so
/// S.e faces the nearest of theirs there, N.c (2), taken.
#[test]
fn five_rows_middle_faces_the_inner_row() {
    let m =
        game("rows 5; holes 2", "on sowing_end when landing in mover_inner_row { capture opposite(landing) to mover }");
    let doc = after(&m, "c");
    assert_eq!(doc["board"], json!({"south": [2, 2, 0, 3, 3], "north": [2, 2, 0, 2, 2]}));
    assert_eq!(doc["captured"], json!({"south": 2, "north": 0}));
}

/// Five rows need an even row (each player owns half the middle row), and
/// fit at most 18 holes a row (45 a player).
#[test]
fn five_rows_that_do_not_fit_are_refused() {
    assert!(refused("rows 5; holes 3", "").contains("has an even number of holes a row"));
    assert!(refused("rows 5; holes 20", "").contains("gives each player 50 holes"));
    let m = game("rows 5; holes 18", "");
    assert_eq!(m.rules().board().per_player(), 45);
}

/// `facing` written out: on 2×3, each of South's holes faces North's hole
/// of the same letter (the shape has S.c facing N.a). South's a (2) sows
/// S.b 3, S.c 3, the last in S.c, facing N.c (2): taken.
#[test]
fn facing_written_out_is_what_opposite_reads() {
    let capture = "on sowing_end when landing in mover_row { capture opposite(landing) to mover }";
    let m = game(r#"rows 2; holes 3; facing "S.a N.a, S.b N.b, S.c N.c""#, capture);
    let doc = after(&m, "a");
    assert_eq!(doc["board"], json!({"south": [0, 3, 3], "north": [2, 2, 0]}));
    assert_eq!(doc["captured"], json!({"south": 2, "north": 0}));
    // The shape's own: S.c faces N.a.
    let doc = after(&game("rows 2; holes 3", capture), "a");
    assert_eq!(doc["board"], json!({"south": [0, 3, 3], "north": [0, 2, 2]}));
    // The pairs may be written either way round, in any order.
    let m = game(r#"rows 2; holes 3; facing "N.c S.c, S.a N.a, N.b S.b""#, capture);
    assert_eq!(after(&m, "a")["board"], json!({"south": [0, 3, 3], "north": [2, 2, 0]}));
}

/// A facing relation that is not a pairing of South's holes with North's is
/// refused, and a circle has none.
#[test]
fn facing_that_is_no_pairing_is_refused() {
    assert!(refused(r#"rows 2; holes 2; facing "S.a N.a, S.b N.a""#, "").contains("`N.a` is in two pairs"));
    assert!(refused(r#"rows 2; holes 2; facing "S.a N.a""#, "").contains("`S.b` faces no hole"));
    assert!(refused(r#"rows 2; holes 2; facing "S.a S.b, N.a N.b""#, "").contains("the same player's holes"));
    assert!(refused(r#"rows 2; holes 2; facing "S.a N.a N.b""#, "").contains("is not a pair of holes"));
    assert!(refused(r#"rows 2; holes 2; facing "S.a N.c, S.b N.b""#, "").contains("`N.c` is not a hole"));
    assert!(refused(r#"circle 4; facing "S.a N.a""#, "").contains("`facing` does not go with `circle`"));
}

/// The game of [`source`] on `board`, its sowing passing over holes by
/// `skip when COND`.
fn skipping(board: &str, cond: &str) -> Machine {
    let text = source(board, "").replace("origin sown }", &format!("origin sown; skip when {cond} }}"));
    Machine::new(sowspec::check(&text).unwrap_or_else(|d| panic!("{d:#?}")))
}

/// `skip when`: on 2×3, South's c (2) passes over North's holes holding
/// two (all three) and sows S.a 3, S.b 3. North's a (2) sows N.b 3, N.c 3
/// (its own holes). South's b (3) sows S.c 1, then N.a (now 0) 1 and N.b
/// (now 3) 4: neither holds two.
#[test]
fn a_sowing_skips_holes_by_a_condition() {
    let m = skipping("rows 2; holes 3", "hole in opponent_row and count(hole) == 2");
    assert_eq!(after(&m, "c")["board"], json!({"south": [3, 3, 0], "north": [2, 2, 2]}));
    assert_eq!(after(&m, "ca")["board"], json!({"south": [3, 3, 0], "north": [0, 3, 3]}));
    assert_eq!(after(&m, "cab")["board"], json!({"south": [3, 0, 1], "north": [1, 4, 3]}));
    // Every hole passed over: a whole round with nowhere to sow is an
    // endless move, here illegal, so South has none.
    let m = skipping("rows 2; holes 3", "count(hole) >= 0");
    assert_eq!(after(&m, "")["legal"], json!([]));
}
