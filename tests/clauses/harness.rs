//! Helpers for `tests/clauses.rs`: building small positions from literal
//! rows, playing a move on the sowspec machine (and, where the game is one of
//! the founding games, on the independent reference engine too), and
//! asserting hand-worked values against both.
//!
//! Nothing here computes an expected value: every expected number is a
//! literal in `tests/clauses.rs`, worked by hand from GAMES.md.

#![allow(dead_code)]

use serde_json::Value;
use sowspec::protocol::{PositionDoc, ResultDoc, Side, Sides, Winner};
use sowspec::trace::{Event, EventKind};
use sowspec::Hole;
use sowspec::{Illegal, Machine, Position};
use sowspec_reference::{Engine, RajaPasu, Sadeqa};
use std::path::Path;

/// Which reference engine can replay a game, if any.
#[derive(Clone, Copy, Debug)]
enum Reference {
    Raja { one_round: bool },
    Sadeqa { seeds: u8 },
}

/// A game under test: a machine, the rules text it was built from, and the
/// reference engine that plays the same rules (none for test-only rules).
pub struct Game {
    pub m: Machine,
    pub src: String,
    reference: Option<Reference>,
    /// Seeds in play (C-9), worked from the rules: 14 × 7, 16 × 6, 16 × 4.
    pub total: i64,
}

pub fn rules_text(file: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules").join(file);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

fn machine_of(src: &str, what: &str) -> Machine {
    let rules = sowspec::check(src).unwrap_or_else(|d| panic!("{what} does not check: {d:#?}"));
    Machine::new(rules)
}

/// `rules/raja_pasu.rules`, a whole match.
pub fn raja_pasu() -> Game {
    let src = rules_text("raja_pasu.rules");
    Game {
        m: machine_of(&src, "raja_pasu.rules"),
        src,
        reference: Some(Reference::Raja { one_round: false }),
        total: 98,
    }
}

/// `rules/raja_pasu.rules`, one round only (RP-11).
pub fn raja_pasu_one_round() -> Game {
    let src = rules_text("raja_pasu.rules");
    let m = machine_of(&src, "raja_pasu.rules").with_one_round(true);
    Game { m, src, reference: Some(Reference::Raja { one_round: true }), total: 98 }
}

/// `rules/raja_pasu_last_seed_exempt.rules` (RP-4's other reading); the
/// reference engine plays only the chosen reading, so none here.
pub fn raja_pasu_last_seed_exempt() -> Game {
    let src = rules_text("raja_pasu_last_seed_exempt.rules");
    Game { m: machine_of(&src, "raja_pasu_last_seed_exempt.rules"), src, reference: None, total: 98 }
}

/// `rules/sadeqa3.rules`.
pub fn sadeqa3() -> Game {
    let src = rules_text("sadeqa3.rules");
    Game { m: machine_of(&src, "sadeqa3.rules"), src, reference: Some(Reference::Sadeqa { seeds: 6 }), total: 96 }
}

/// `rules/sadeqa3_4seed.rules`.
pub fn sadeqa3_4() -> Game {
    let src = rules_text("sadeqa3_4seed.rules");
    Game { m: machine_of(&src, "sadeqa3_4seed.rules"), src, reference: Some(Reference::Sadeqa { seeds: 4 }), total: 64 }
}

/// Test-only rules text (no reference engine).
pub fn custom(src: &str, total: i64) -> Game {
    Game { m: machine_of(src, "the inline rules text"), src: src.to_string(), reference: None, total }
}

pub const S: Side = Side::South;
pub const N: Side = Side::North;

fn letters(l: &[&str]) -> Vec<String> {
    l.iter().map(|s| s.to_string()).collect()
}

/// A position document: rows in owner's left-to-right order, captured
/// `(south, north)`, closed holes `(south, north)`, round 1.
pub fn doc(
    south: &[i64],
    north: &[i64],
    captured: (i64, i64),
    closed: (&[&str], &[&str]),
    to_move: Side,
) -> PositionDoc {
    PositionDoc {
        to_move: Some(to_move),
        board: Sides { south: south.to_vec(), north: north.to_vec() },
        captured: Sides { south: captured.0, north: captured.1 },
        closed: Sides { south: letters(closed.0), north: letters(closed.1) },
        round: 1,
        legal: vec![],
        result: None,
        claimed: None,
        previous: None,
        turns: None,
        territory: None,
        wins: None,
        opened: None,
        memory: None,
        hand: None,
        layout: None,
        ceded: None,
    }
}

/// A Raja Pasu position (7 holes a row), round 1.
pub fn raja(
    south: [i64; 7],
    north: [i64; 7],
    captured: (i64, i64),
    closed: (&[&str], &[&str]),
    to_move: Side,
) -> PositionDoc {
    doc(&south, &north, captured, closed, to_move)
}

/// A Sadeqa III position (8 holes a row).
pub fn sadeqa(south: [i64; 8], north: [i64; 8], captured: (i64, i64), to_move: Side) -> PositionDoc {
    doc(&south, &north, captured, (&[], &[]), to_move)
}

/// The same position in another round.
pub fn in_round(mut d: PositionDoc, round: i64) -> PositionDoc {
    d.round = round;
    d
}

/// Builds the machine's position, which must be accepted.
pub fn start(g: &Game, d: &PositionDoc) -> Position {
    d.to_position(&g.m).unwrap_or_else(|e| panic!("position refused: {e}\n{d:?}"))
}

/// A move's outcome on both engines.
pub struct After {
    /// The sowspec machine's position after the move.
    pub pos: Position,
    /// The same as a protocol document.
    pub doc: PositionDoc,
    /// The reference engine's document for the same move, when it plays this game.
    pub reference: Option<PositionDoc>,
    /// The sowspec trace of the move.
    pub events: Vec<Event>,
}

fn hole_index(hole: char) -> u8 {
    assert!(hole.is_ascii_lowercase(), "a move is a hole letter, not {hole:?}");
    hole as u8 - b'a'
}

fn reference_play(r: Reference, before: &PositionDoc, hole: char) -> PositionDoc {
    let json = serde_json::to_value(before).unwrap();
    let i = usize::from(hole_index(hole));
    let after: Value = match r {
        Reference::Raja { one_round } => {
            let mut e = RajaPasu::from_json(&json, one_round).expect("reference refuses the position");
            assert!(e.legal_mask() >> i & 1 == 1, "the reference engine says {hole} is not legal here");
            e.play(i);
            e.to_json()
        }
        Reference::Sadeqa { seeds } => {
            let mut e = Sadeqa::from_json(&json, seeds).expect("reference refuses the position");
            assert!(e.legal_mask() >> i & 1 == 1, "the reference engine says {hole} is not legal here");
            e.play(i);
            e.to_json()
        }
    };
    serde_json::from_value(after).unwrap()
}

/// Plays `hole` (the mover's letter) from `before` on sowspec, with a trace,
/// and on the reference engine if there is one. Checks conservation (C-9)
/// on both results.
pub fn play(g: &Game, before: &PositionDoc, hole: char) -> After {
    let pos = start(g, before);
    let mut events = Vec::new();
    let next =
        g.m.play_traced(&pos, Hole::at(hole_index(hole)), &mut events)
            .unwrap_or_else(|e| panic!("sowspec refuses move {hole}: {e}"));
    let doc = PositionDoc::of(&g.m, &next);
    let reference = g.reference.map(|r| reference_play(r, before, hole));
    let after = After { pos: next, doc, reference, events };
    assert_total(g, &after);
    after
}

/// Plays a move that must be refused; checks the position comes back
/// untouched (C-10) and returns the reason.
pub fn refuse(g: &Game, before: &PositionDoc, hole: char) -> Illegal {
    let pos = start(g, before);
    let err = g.m.play(&pos, Hole::at(hole_index(hole))).expect_err("the move should be refused");
    assert_eq!(*err.position, pos, "a refused move must leave the position untouched");
    err.reason
}

/// Both documents of `after`, labelled.
fn docs(a: &After) -> Vec<(&'static str, &PositionDoc)> {
    let mut v = vec![("sowspec", &a.doc)];
    if let Some(r) = &a.reference {
        v.push(("reference", r));
    }
    v
}

pub fn board_total(d: &PositionDoc) -> i64 {
    d.board.south.iter().sum::<i64>() + d.board.north.iter().sum::<i64>() + d.captured.south + d.captured.north
}

fn assert_total(g: &Game, a: &After) {
    for (who, d) in docs(a) {
        assert_eq!(board_total(d), g.total, "{who}: C-9 seeds on the board plus captured");
    }
}

#[track_caller]
pub fn assert_board(a: &After, south: &[i64], north: &[i64]) {
    for (who, d) in docs(a) {
        assert_eq!((&d.board.south[..], &d.board.north[..]), (south, north), "{who}: board (south, north)");
    }
}

#[track_caller]
pub fn assert_captured(a: &After, south: i64, north: i64) {
    for (who, d) in docs(a) {
        assert_eq!((d.captured.south, d.captured.north), (south, north), "{who}: captured (south, north)");
    }
}

#[track_caller]
pub fn assert_to_move(a: &After, to_move: Option<Side>) {
    for (who, d) in docs(a) {
        assert_eq!(d.to_move, to_move, "{who}: to move");
    }
}

#[track_caller]
pub fn assert_closed(a: &After, south: &[&str], north: &[&str]) {
    for (who, d) in docs(a) {
        assert_eq!((d.closed.south.clone(), d.closed.north.clone()), (letters(south), letters(north)), "{who}: closed");
    }
}

#[track_caller]
pub fn assert_round(a: &After, round: i64) {
    for (who, d) in docs(a) {
        assert_eq!(d.round, round, "{who}: round");
    }
}

/// `None` while play goes on.
#[track_caller]
pub fn assert_result(a: &After, winner: Option<Winner>) {
    for (who, d) in docs(a) {
        assert_eq!(d.result, winner.map(|winner| ResultDoc { winner }), "{who}: result");
    }
}

#[track_caller]
pub fn assert_legal(a: &After, legal: &[&str]) {
    for (who, d) in docs(a) {
        assert_eq!(d.legal, letters(legal), "{who}: legal moves");
    }
}

/// The legal moves the machine gives for a position document.
pub fn legal_of(g: &Game, d: &PositionDoc) -> Vec<String> {
    PositionDoc::of(&g.m, &start(g, d)).legal
}

/// The events of a trace, without spans.
pub fn kinds(a: &After) -> Vec<EventKind> {
    a.events.iter().map(|e| e.kind.clone()).collect()
}

/// The rules text at an event's span.
pub fn span_text<'a>(g: &'a Game, e: &Event) -> &'a str {
    let s = e.span.expect("the event names a declaration");
    &g.src[s.start..s.end]
}

/// The byte range of the rule that starts with `head` (e.g. `on drop`),
/// through the `}` that closes its block, in the text with comments blanked.
pub fn rule_range(src: &str, head: &str) -> std::ops::Range<usize> {
    let code = blank_comments(src);
    let start = code.find(head).unwrap_or_else(|| panic!("no `{head}` in the rules"));
    let end = start + code[start..].find('}').expect("the rule has a block") + 1;
    start..end
}

/// The text with every `#` comment replaced by spaces (byte offsets kept;
/// the rules files here have no `#` inside strings).
pub fn blank_comments(src: &str) -> String {
    let mut out = String::with_capacity(src.len());
    let mut in_comment = false;
    for ch in src.chars() {
        match ch {
            '\n' => {
                in_comment = false;
                out.push(ch);
            }
            '#' => {
                in_comment = true;
                out.push(' ');
            }
            _ if in_comment => out.extend(std::iter::repeat_n(' ', ch.len_utf8())),
            _ => out.push(ch),
        }
    }
    out
}

/// Cell numbering of the machine (see `sowspec::Position`): South's row
/// first, hole `a` first, then North's.
pub fn cell(g: &Game, side: Side, letter: char) -> u8 {
    g.m.cell(side.into(), hole_index(letter))
}
