//! Property tests (proptest) of the sowing machine, on every rules file in
//! `rules/` (globbed: a new file is tested without touching this one) and on
//! random rules files built from the language's constructs.
//!
//! Positions are reached by random playouts from the start: a case draws a
//! list of choices, and ply `k` plays the `choices[k] % n`-th of the `n`
//! legal moves, until the list or the game runs out. Shrinking a failure
//! therefore shortens the game and lowers the choices.
//!
//! The properties:
//! - C-9 at every event of every move's trace: seeds on the board, in hand,
//!   being awarded and held add up to the total, through sowing, captures,
//!   the end of a round, the award and the refill ([`support::ledger`]);
//! - the legal moves lift only open, non-empty holes of the player to move,
//!   and are exactly the moves that apply; a refused move leaves the
//!   position untouched and says why;
//! - a move is endless exactly when its sowing needs more laps than the
//!   rules file's limit, checked against the same rules text with the
//!   limit raised, for the file's own limit and small ones (1, 2, 5, 50);
//! - determinism: the same moves give the same positions and traces, with
//!   every entry point (`play`, `play_traced`, `play_unchecked`);
//! - positions round-trip through the JSON protocol and games through the
//!   fixture format;
//! - random rules files: checking never panics, and every file that checks
//!   plays a random game to its end (or [`MAX_PLIES`], or [`MAX_WORK`])
//!   conserving seeds.
//!
//! Failures are saved in `proptest-regressions/properties.txt` and replayed
//! first on the next run. The cases drawn are the same on every run unless
//! `PROPTEST_RNG_SEED` names another seed ([`support::proptest_seed`]).

mod support;

use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;
use sowspec::fixture::{Expectation, Fixture};
use sowspec::protocol::PositionDoc;
use sowspec::protocol::{parse_position, Winner};
use sowspec::trace::{Event, EventKind};
use sowspec::{Hole, Illegal, Machine, Move, Outcome, Player, Position, Sense};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use support::rules_gen::rules_text;
use support::{assert_conserved, ledger, machine_of, nth_bit, read, rules_files};

/// Longest game played on a random rules file; reaching it is fine.
const MAX_PLIES: usize = 2_000;

/// The work a random game may do, counted as the events of each move played
/// times the candidates verified at its position; reaching it ends the game
/// like [`MAX_PLIES`]. It bounds a case's time whatever the generator draws
/// (a file with 300-lap relays on the general interpreter once took minutes
/// in a debug build), and it is deterministic, unlike a clock.
const MAX_WORK: usize = 1_000_000;

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        rng_seed: support::proptest_seed(),
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct("proptest-regressions/properties.txt"))),
        // Shrinking replays whole games: bound it, so that a failure is
        // reported in seconds rather than minutes.
        max_shrink_iters: 512,
        max_shrink_time: 60_000,
        ..ProptestConfig::default()
    }
}

/// A bundled rules file in one mode of play.
struct Subject {
    file: PathBuf,
    src: String,
    one_round: bool,
    m: Machine,
}

impl Subject {
    fn name(&self) -> String {
        let file = self.file.file_name().unwrap_or_default().to_string_lossy().into_owned();
        if self.one_round {
            format!("{file} --one-round")
        } else {
            file
        }
    }
}

/// Every rules file that checks, and for a match its one-round mode too.
/// (Files that do not check fail [`every_rules_file_checks`] instead.)
fn subjects() -> &'static [Subject] {
    static SUBJECTS: OnceLock<Vec<Subject>> = OnceLock::new();
    SUBJECTS.get_or_init(|| {
        let mut out = Vec::new();
        for file in rules_files() {
            let src = read(&file);
            let Ok(rules) = sowspec::check(&src) else { continue };
            let m = Machine::new(rules);
            let modes: &[bool] = if m.rules().rounds().is_some() { &[false, true] } else { &[false] };
            for &one_round in modes {
                out.push(Subject {
                    file: file.clone(),
                    src: src.clone(),
                    one_round,
                    m: m.clone().with_one_round(one_round),
                });
            }
        }
        assert!(!out.is_empty(), "no rules file checks");
        out
    })
}

#[test]
fn every_rules_file_checks() {
    let failing: Vec<String> = rules_files()
        .iter()
        .filter_map(|f| sowspec::check(&read(f)).err().map(|d| format!("{}: {d:#?}", f.display())))
        .collect();
    assert!(failing.is_empty(), "rules files that do not check:\n{}", failing.join("\n"));
}

/// One ply of a playout.
struct Ply {
    before: Position,
    /// The move played (with its direction under `direction chosen`).
    mv: Move,
    after: Position,
    events: Vec<Event>,
}

/// The moves a legal-move mask may name: every hole of a row, both ways
/// when the player chooses the direction (bit `i + Move::MINUS` is hole `i`
/// sown `-`).
fn move_bits(m: &Machine) -> u64 {
    // (Under territory a player's letters run on into the other row.)
    let row = (1u64 << m.move_holes()) - 1;
    // (A placement's bit is above the holes' bits, or with a chosen
    // direction beside the lifts' two halves: see `Move::index`.)
    if m.chosen() && m.places() {
        row | row << Move::PLACE_PLUS | row << Move::MINUS | row << Hole::MAX
    } else if m.places() {
        row | row << Hole::MAX
    } else if m.chosen() {
        row | row << Move::MINUS
    } else {
        row
    }
}

/// The moves lifting hole `i`: the hole, or both its directions where the
/// player chooses them (without the decisions rules may ask for).
fn holes_at(m: &Machine, i: u8) -> Vec<Move> {
    if m.chosen() {
        [Sense::Plus, Sense::Minus].map(|s| Move::new(Hole::at(i), Some(s))).to_vec()
    } else {
        vec![Move::from(Hole::at(i))]
    }
}

/// [`holes_at`], each legal one, under rules with decisions inside a move,
/// as its complete moves in `pos` (the others are refused before any
/// decision).
fn moves_at(m: &Machine, pos: &Position, i: u8) -> Vec<Move> {
    if !m.decides() {
        return holes_at(m, i);
    }
    let complete = m.legal_moves(pos).unwrap_or_default();
    holes_at(m, i)
        .into_iter()
        .flat_map(|base| {
            let done: Vec<Move> =
                complete.iter().copied().filter(|mv| (mv.hole, mv.sense) == (base.hole, base.sense)).collect();
            if done.is_empty() {
                vec![base]
            } else {
                done
            }
        })
        .collect()
}

/// Plays `choices` from `start` (see the module documentation), traced.
fn playout(m: &Machine, start: &Position, choices: &[u16]) -> Vec<Ply> {
    let mut pos = start.clone();
    let mut plies = Vec::new();
    for &c in choices {
        let mask = pos.legal_mask();
        if mask == 0 {
            break;
        }
        let mv = if m.decides() {
            let complete = m.legal_moves(&pos).expect("the machine's own position");
            complete[usize::from(c) % complete.len()]
        } else {
            m.move_at(nth_bit(mask, u32::from(c) % mask.count_ones()))
        };
        let mut events = Vec::new();
        let after = m.play_traced(&pos, mv, &mut events).unwrap_or_else(|e| panic!("legal move {mv} refused: {e}"));
        plies.push(Ply { before: pos, mv, after: after.clone(), events });
        pos = after;
    }
    plies
}

fn moves_of(plies: &[Ply]) -> String {
    plies.iter().map(|p| p.mv.to_string()).collect::<Vec<_>>().join(",")
}

/// The positions of a playout: the start, then after each move.
fn positions<'a>(start: &'a Position, plies: &'a [Ply]) -> impl Iterator<Item = &'a Position> {
    std::iter::once(start).chain(plies.iter().map(|p| &p.after))
}

/// Checks that every legal move of `pos` applies and every other is
/// refused, untouched, for the right reason.
fn check_moves(m: &Machine, pos: &Position, what: &str) -> Result<(), TestCaseError> {
    let mask = pos.legal_mask();
    prop_assert_eq!(m.legal_mask(pos), Ok(mask), "{}: the cached legal mask is not the one computed afresh", what);
    prop_assert!(mask & !move_bits(m) == 0, "{}: legal mask {:#b} names holes beyond the row", what, mask);
    prop_assert_eq!(
        pos.legal_moves().map(Move::index).collect::<Vec<_>>(),
        (0..64).filter(|i| mask & (1 << i) != 0).collect::<Vec<_>>(),
        "{}",
        what
    );
    let Some(mover) = pos.to_move() else {
        prop_assert_eq!(mask, 0, "{}: a finished game has legal moves", what);
        prop_assert!(pos.result().is_some(), "{}: a finished game has no result", what);
        // (a `Hole` beyond the largest row cannot be made at all)
        for mv in [0, 1, m.holes(), 15].into_iter().filter(|&i| i < Hole::MAX).flat_map(|i| holes_at(m, i)) {
            let e = m.play(pos, mv).expect_err("a move after the end");
            prop_assert_eq!(e.reason, Illegal::GameOver, "{}", what);
            prop_assert_eq!(&*e.position, pos, "{}: the refused position changed", what);
        }
        return Ok(());
    };
    prop_assert!(mask != 0, "{}: {} is to move without a legal move", what, mover);
    prop_assert!(pos.result().is_none(), "{}: a game in play has a result", what);
    if m.decides() {
        // Every complete move applies, and each begins with a legal hole.
        let complete = m.legal_moves(pos).map_err(|e| TestCaseError::fail(format!("{what}: {e}")))?;
        for mv in complete {
            prop_assert!(mask & (1 << mv.index()) != 0, "{}: complete move {} outside the legal mask", what, mv);
            let next = m.play(pos, mv).map_err(|e| TestCaseError::fail(format!("{what}: {mv} refused: {e}")))?;
            assert_conserved(m, &next, &|| format!("{what}, move {mv}"));
        }
    }
    if m.laying_out(pos).is_some() {
        // A round to lay out first (`refill … chosen`): every sowing is
        // refused for it, untouched (the layouts are checked above).
        for mv in (0..m.holes()).flat_map(|i| holes_at(m, i)) {
            let e = m.play(pos, mv).expect_err("a sowing before the round's layout");
            prop_assert!(matches!(e.reason, Illegal::Layout { .. }), "{}, move {}: {:?}", what, mv, e.reason);
            prop_assert_eq!(&*e.position, pos, "{}: the refused position changed", what);
        }
        return Ok(());
    }
    // (Holes without their decisions: the complete moves are checked above.)
    for mv in (0..m.holes()).chain([m.holes(), Hole::MAX - 1]).filter(|&i| i < Hole::MAX).flat_map(|i| holes_at(m, i)) {
        let i = mv.hole.index();
        let what = format!("{what}, move {mv}");
        match m.play(pos, mv) {
            Ok(next) => {
                prop_assert!(
                    i < m.holes() && mask & (1 << mv.index()) != 0,
                    "{}: a move outside the legal mask applied",
                    what
                );
                let cell = usize::from(m.move_cell(mover, i));
                prop_assert!(!pos.is_closed(cell), "{}: a closed hole was lifted", what);
                prop_assert!(pos.seeds(cell) > 0, "{}: an empty hole was lifted", what);
                assert_conserved(m, &next, &|| what.clone());
                let mut unchecked = pos.clone();
                m.play_unchecked(&mut unchecked, mv);
                prop_assert_eq!(&unchecked, &next, "{}: play_unchecked differs from play", what);
            }
            // A legal hole of rules that ask for decisions, written
            // without them: refused, untouched, for the missing decision.
            Err(e) if m.decides() && i < m.holes() && mask & (1 << mv.index()) != 0 => {
                prop_assert!(matches!(e.reason, Illegal::Decision(_)), "{}: {:?}", what, e.reason);
                prop_assert_eq!(&*e.position, pos, "{}: the refused position changed", what);
            }
            Err(e) => {
                prop_assert!(
                    i >= m.holes() || mask & (1 << mv.index()) == 0,
                    "{}: a legal move was refused: {}",
                    what,
                    e
                );
                prop_assert_eq!(&*e.position, pos, "{}: the refused position changed", what);
                if i >= m.holes() {
                    prop_assert_eq!(e.reason, Illegal::NoSuchHole, "{}", what);
                    continue;
                }
                let cell = usize::from(m.move_cell(mover, i));
                match e.reason {
                    Illegal::Closed => prop_assert!(pos.is_closed(cell), "{}: said closed", what),
                    Illegal::Empty => {
                        prop_assert!(!pos.is_closed(cell) && pos.seeds(cell) == 0, "{}: said empty", what)
                    }
                    Illegal::GameOver | Illegal::NoSuchHole => prop_assert!(false, "{}: {:?}", what, e.reason),
                    // Refused by the rules' `lift when` or the lap limit:
                    // the hole itself could be lifted.
                    Illegal::NotLiftable { .. } | Illegal::Endless { .. } => {
                        prop_assert!(!pos.is_closed(cell) && pos.seeds(cell) > 0, "{}: {:?}", what, e.reason)
                    }
                    // Other refusals of the rules (a claimed hole, …).
                    #[allow(unreachable_patterns)]
                    _ => prop_assert!(!pos.is_closed(cell), "{}: {:?}", what, e.reason),
                }
            }
        }
    }
    Ok(())
}

/// The rules text with its lap limit set to `n`; `None` if the text has no
/// single `endless after N laps` statement.
fn with_lap_limit(src: &str, n: u32) -> Option<String> {
    let mut out = String::with_capacity(src.len());
    let mut found = 0;
    for line in src.split_inclusive('\n') {
        let code = line.split('#').next().unwrap_or("");
        match code.find("endless after ") {
            Some(at) => {
                found += 1;
                let digits_at = at + "endless after ".len();
                let digits = line[digits_at..].bytes().take_while(u8::is_ascii_digit).count();
                if digits == 0 {
                    return None;
                }
                out.push_str(&line[..digits_at]);
                out.push_str(&n.to_string());
                out.push_str(&line[digits_at + digits..]);
            }
            None => out.push_str(line),
        }
    }
    (found == 1).then_some(out)
}

/// The laps a traced move sowed, checking that they are numbered 1, 2, …
/// and that a relay started every lap after the first (a relay lifting
/// several holes is one `Relay` event per hole, back to back); `None` when
/// the trace was truncated (a move of over a million events).
fn laps_sown(events: &[Event]) -> Option<u32> {
    if events.iter().any(|e| e.kind == EventKind::Truncated) {
        return None;
    }
    let mut laps = 0;
    let mut relays = 0;
    let mut after_relay = false;
    for e in events {
        match e.kind {
            EventKind::LapEnd { laps: l, .. } => {
                laps += 1;
                assert_eq!(l, laps, "laps are numbered in order");
            }
            EventKind::Relay { .. } if !after_relay => relays += 1,
            EventKind::Endless { .. } => panic!("an endless event in a move that applied"),
            _ => {}
        }
        after_relay = matches!(e.kind, EventKind::Relay { .. });
    }
    assert!(laps >= 1, "a move sows at least one lap");
    assert_eq!(relays + 1, laps, "every lap after the first starts with a relay");
    Some(laps)
}

/// Moves classified by [`endless_case`].
#[derive(Clone, Copy, Debug, Default)]
struct Laps {
    /// Applied, sowing fewer laps than the limit.
    below: u64,
    /// Applied, sowing exactly the limit.
    at: u64,
    /// Endless, sowing more laps than the limit but at most the raised one.
    over: u64,
    /// Endless with the raised limit too.
    beyond: u64,
}

/// Plays `choices` on the subject's rules with lap limit `limit`, and at
/// every position compares each move's fate with the laps it sows under a
/// raised limit. `Ok(None)` when the rules do not check with that limit (a
/// condition on `laps` that could then never hold), or when an endless
/// move is played rather than refused (`endless … ends_game`).
fn endless_case(subject: &Subject, limit: u32, choices: &[u16]) -> Result<Option<Laps>, TestCaseError> {
    if subject.m.rules().moves().endless == sowspec::rules::Endless::EndsGame {
        return Ok(None);
    }
    let own = subject.m.rules().moves().lap_limit;
    let Some(src) = with_lap_limit(&subject.src, limit) else {
        return Err(TestCaseError::fail(format!("{}: no single `endless after N laps`", subject.name())));
    };
    let raised = (2 * limit + 3).min(limit + 1000);
    let (Ok(low), Ok(high)) = (sowspec::check(&src), sowspec::check(&with_lap_limit(&subject.src, raised).unwrap()))
    else {
        prop_assert!(limit != own, "{}: does not check with its own limit", subject.name());
        return Ok(None);
    };
    let low = Machine::new(low).with_one_round(subject.one_round);
    let high = Machine::new(high).with_one_round(subject.one_round);
    prop_assert_eq!(low.rules().moves().lap_limit, limit);
    let mut seen = Laps::default();
    let start = low.initial();
    let plies = playout(&low, &start, choices);
    for (k, pos) in positions(&start, &plies).enumerate() {
        let Some(mover) = pos.to_move() else { continue };
        let what = format!("{} with limit {limit}, after {k} moves ({})", subject.name(), moves_of(&plies[..k]));
        let doc = PositionDoc::of(&low, pos);
        let pos_high = doc.to_position(&high).map_err(|e| TestCaseError::fail(format!("{what}: {e}")))?;
        for mv in (0..low.holes()).flat_map(|i| moves_at(&high, &pos_high, i)) {
            let cell = usize::from(low.cell(mover, mv.hole.index()));
            if pos.is_closed(cell) || pos.seeds(cell) == 0 {
                continue;
            }
            let at_low = low.play(pos, mv);
            let mut events = Vec::new();
            match high.play(&pos_high, mv) {
                Ok(_) => {
                    high.play_traced(&pos_high, mv, &mut events).expect("the same move");
                    let Some(laps) = laps_sown(&events) else { continue };
                    prop_assert!(laps <= raised);
                    match &at_low {
                        Ok(_) => {
                            prop_assert!(
                                laps <= limit,
                                "{}, move {}: sows {} laps, over the limit, yet applies",
                                what,
                                mv,
                                laps
                            );
                            let mut again = Vec::new();
                            low.play_traced(pos, mv, &mut again).expect("it applied");
                            prop_assert_eq!(laps_sown(&again), Some(laps), "{}, move {}", what, mv);
                            if laps == limit {
                                seen.at += 1
                            } else {
                                seen.below += 1
                            }
                        }
                        Err(e) => match e.reason {
                            Illegal::Endless { limit: l, .. } => {
                                prop_assert_eq!(l, limit);
                                prop_assert!(
                                    laps > limit,
                                    "{}, move {}: sows {} laps, within the limit, yet endless",
                                    what,
                                    mv,
                                    laps
                                );
                                seen.over += 1;
                            }
                            // A move left out by `prefer` under the lower limit
                            // (the moves preferred to it may be endless there).
                            Illegal::NotPreferred { .. } => {}
                            // Under `must_leave … either_direction` a move may stand by its
                            // other direction, which may be endless under the lower limit.
                            Illegal::MustLeave { .. }
                                if high.rules().moves().must_leave.as_ref().is_some_and(|d| d.either_direction) => {}
                            ref r => {
                                prop_assert!(false, "{}, move {}: refused ({:?}) with a lower limit only", what, mv, r)
                            }
                        },
                    }
                }
                Err(e) if matches!(e.reason, Illegal::Endless { .. }) => {
                    let endless = matches!(&at_low, Err(e) if matches!(e.reason, Illegal::Endless { .. }));
                    prop_assert!(
                        endless,
                        "{}, move {}: needs more than {} laps, yet not endless with {}",
                        what,
                        mv,
                        raised,
                        limit
                    );
                    seen.beyond += 1;
                }
                // With `must_leave … if_possible`, whether the duty binds depends
                // on the other moves, and so on the limit: nothing to compare.
                Err(e)
                    if matches!(e.reason, Illegal::MustLeave { .. })
                        && high.rules().moves().must_leave.as_ref().is_some_and(|d| d.if_possible) => {}
                // Likewise with `prefer`: which moves come first depends on
                // which of them are endless, and so on the limit.
                Err(e) if matches!(e.reason, Illegal::NotPreferred { .. }) => {}
                Err(e) => {
                    // Refused for another reason: the same with the lower limit.
                    prop_assert_eq!(at_low.map(|_| ()).map_err(|x| x.reason), Err(e.reason), "{}", what);
                }
            }
        }
    }
    Ok(Some(seen))
}

/// The endless property is not vacuous: over fixed playouts of every rules
/// file, small limits meet moves that end exactly on the limit and moves
/// that go past it.
#[test]
fn small_lap_limits_meet_moves_at_and_over_the_limit() {
    for limit in [1, 2, 5] {
        let mut total = Laps::default();
        for (k, subject) in subjects().iter().enumerate() {
            let mut rng = fastrand::Rng::with_seed(support::mix(k as u64 ^ u64::from(limit)));
            let choices: Vec<u16> = (0..60).map(|_| rng.u16(..)).collect();
            if let Some(l) = endless_case(subject, limit, &choices).unwrap_or_else(|e| panic!("{e}")) {
                total = Laps {
                    below: total.below + l.below,
                    at: total.at + l.at,
                    over: total.over + l.over,
                    beyond: total.beyond + l.beyond,
                };
            }
        }
        eprintln!("lap limit {limit}: {total:?}");
        assert!(total.at > 0 && total.over > 0, "lap limit {limit}: {total:?}");
    }
}

fn subject_and_choices(len: usize) -> impl Strategy<Value = (usize, Vec<u16>)> {
    (0..subjects().len(), prop::collection::vec(any::<u16>(), 0..len))
}

proptest! {
    #![proptest_config(config(128))]

    /// C-9 at every event of every move, and the trace accounts exactly for
    /// the position the move leads to.
    #[test]
    fn seeds_are_conserved_at_every_event((s, choices) in subject_and_choices(800)) {
        let subject = &subjects()[s];
        let m = &subject.m;
        let start = m.initial();
        assert_conserved(m, &start, &|| format!("{} at the start", subject.name()));
        let plies = playout(m, &start, &choices);
        for (k, p) in plies.iter().enumerate() {
            let what = || format!("{}, ply {} (moves {})", subject.name(), k + 1, moves_of(&plies[..=k]));
            assert_conserved(m, &p.after, &what);
            if let Err(e) = ledger(m, &p.before, &p.events, &p.after) {
                return Err(TestCaseError::fail(format!("{}: {e}", what())));
            }
        }
    }

    /// Legal moves are exactly the moves that apply.
    #[test]
    fn legal_moves_are_the_moves_that_apply((s, choices) in subject_and_choices(700)) {
        let subject = &subjects()[s];
        let m = &subject.m;
        let start = m.initial();
        let plies = playout(m, &start, &choices);
        for (k, pos) in positions(&start, &plies).enumerate() {
            check_moves(m, pos, &format!("{}, after {k} moves ({})", subject.name(), moves_of(&plies[..k])))?;
        }
    }

    /// A move is endless exactly when its sowing needs more laps than the
    /// limit: the file's own, and small ones.
    #[test]
    fn endless_exactly_beyond_the_lap_limit((s, choices) in subject_and_choices(400)) {
        let subject = &subjects()[s];
        for limit in [subject.m.rules().moves().lap_limit, 1, 2, 5, 50] {
            endless_case(subject, limit, &choices)?;
        }
    }

    /// The same moves give the same positions and traces, whichever entry
    /// point plays them and however many times the rules are checked.
    #[test]
    fn play_is_deterministic((s, choices) in subject_and_choices(600)) {
        let subject = &subjects()[s];
        let again = machine_of(&subject.src, "the same text").with_one_round(subject.one_round);
        let m = &subject.m;
        prop_assert_eq!(m.initial(), again.initial());
        let first = playout(m, &m.initial(), &choices);
        let second = playout(&again, &again.initial(), &choices);
        prop_assert_eq!(first.len(), second.len());
        let mut fast = m.initial();
        for (k, (a, b)) in first.iter().zip(&second).enumerate() {
            prop_assert_eq!(a.mv, b.mv);
            prop_assert_eq!(&a.after, &b.after, "{} ply {}", subject.name(), k + 1);
            prop_assert_eq!(&a.events, &b.events, "{} ply {}: traces differ", subject.name(), k + 1);
            prop_assert_eq!(&m.play(&a.before, a.mv).expect("legal"), &a.after, "play vs play_traced");
            m.play_unchecked(&mut fast, a.mv);
            prop_assert_eq!(&fast, &a.after, "play_unchecked vs play_traced at ply {}", k + 1);
        }
    }

    /// Positions round-trip through the JSON protocol, and games through
    /// the fixture format.
    #[test]
    fn positions_and_games_round_trip((s, choices) in subject_and_choices(600), from in any::<prop::sample::Index>()) {
        let subject = &subjects()[s];
        let m = &subject.m;
        let start = m.initial();
        let plies = playout(m, &start, &choices);
        let all: Vec<&Position> = positions(&start, &plies).collect();
        for (k, &pos) in all.iter().enumerate() {
            let doc = PositionDoc::of(m, pos);
            let text = serde_json::to_string(&doc).expect("serialises");
            let back = parse_position(&text).map_err(|e| TestCaseError::fail(format!("ply {k}: {e}\n{text}")))?;
            prop_assert_eq!(&back, &doc, "ply {}", k);
            let again = back.to_position(m).map_err(|e| TestCaseError::fail(format!("ply {k}: {e}\n{text}")))?;
            prop_assert_eq!(again, pos.without_history(), "{} ply {}: {}", subject.name(), k, text);
        }
        // A fixture starting at a random ply of the game, expecting every
        // position after it in full.
        let first = from.index(all.len());
        let mut fixture = Fixture::parse("rules: \"x\"\nsource: \"y\"\nmoves: []\n", Path::new("template.yaml"))
            .expect("a minimal fixture");
        fixture.rules = format!("../../rules/{}", subject.file.file_name().unwrap().to_string_lossy());
        fixture.source = "candidate: tests/properties.rs, a \"random\" game: é ✓".to_string();
        fixture.clauses = vec!["C-9".to_string()];
        fixture.one_round = subject.one_round;
        fixture.from = (first > 0).then(|| PositionDoc::of(m, all[first]));
        fixture.moves = plies[first..].iter().map(|p| p.mv.to_string()).collect();
        fixture.expect = (first..all.len()).map(|k| Expectation::full(k - first, &PositionDoc::of(m, all[k]))).collect();
        fixture.result = all.last().unwrap().result().map(|o| match o {
            Outcome::Win(Player::South) => Winner::South,
            Outcome::Win(Player::North) => Winner::North,
            Outcome::Draw => Winner::Draw,
        });
        let yaml = fixture.to_yaml();
        let parsed = Fixture::parse(&yaml, Path::new("generated.yaml"))
            .map_err(|e| TestCaseError::fail(format!("{e}\n{yaml}")))?;
        prop_assert_eq!(parsed, fixture, "{}", yaml);
    }
}

// ---------------------------------------------------------------------------
// Random rules files (the generator is `support::rules_gen`).

/// Plays a random game on a machine, checking conservation at every event,
/// the legal masks, the protocol round trip, and the machine's sowing
/// kernel against the general interpreter (the definition) on every
/// candidate of every position (and the legal moves it finds, perhaps
/// without sowing, against those the definition finds sowing them all) and
/// on the move played. Returns the plies played, at most [`MAX_PLIES`],
/// fewer when the game ends or its work reaches [`MAX_WORK`].
fn random_game(m: &Machine, seed: u64, src: &str) -> Result<usize, TestCaseError> {
    // Every condition walked, every candidate sown.
    let definition = m.definition();
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut pos = m.initial();
    let mut work = 0;
    assert_conserved(m, &pos, &|| format!("at the start of\n{src}"));
    for ply in 0..MAX_PLIES {
        if work >= MAX_WORK {
            return Ok(ply);
        }
        let mask = pos.legal_mask();
        prop_assert_eq!(m.legal_mask(&pos), Ok(mask), "ply {}: cached and fresh legal masks differ\n{}", ply, src);
        let doc = PositionDoc::of(m, &pos);
        let back = doc.to_position(m).map_err(|e| TestCaseError::fail(format!("ply {ply}: {e}\n{src}")))?;
        prop_assert_eq!(
            &back,
            &pos.without_history(),
            "ply {}: the protocol round trip changes the position\n{}",
            ply,
            src
        );
        let Some(mover) = pos.to_move() else { return Ok(ply) };
        let valid = move_bits(m);
        prop_assert!(mask != 0 && mask & !valid == 0, "ply {}: legal mask {:#b}\n{}", ply, mask, src);
        if let Err(d) = m.verify(&pos) {
            return Err(TestCaseError::fail(format!("ply {ply}: {d}\n{src}")));
        }
        let bit = support::pick(&mut rng, mask);
        let mut mv = m.move_at(bit);
        if m.decides() {
            // Complete moves: each legal hole (and direction) begins at
            // least one, and each begins with a legal hole.
            let complete = m.legal_moves(&pos).map_err(|e| TestCaseError::fail(format!("{e}")))?;
            let begun = complete.iter().fold(0u64, |bits, mv| bits | 1 << mv.index());
            prop_assert_eq!(begun, mask, "ply {}: complete moves {:?} for mask {:#b}\n{}", ply, complete, mask, src);
            mv = complete[rng.usize(..complete.len())];
        }
        let hole = mv.hole.index();
        let cell = usize::from(m.move_cell(mover, hole));
        // (A placement may go into an empty hole; a layout names no hole to lift.)
        prop_assert!(
            mv.is_layout() || !pos.is_closed(cell) && (pos.seeds(cell) > 0 || mv.place),
            "ply {}: legal hole {} is closed or empty\n{}",
            ply,
            hole,
            src
        );
        let mut events = Vec::new();
        let next = definition
            .play_traced(&pos, mv, &mut events)
            .map_err(|e| TestCaseError::fail(format!("ply {ply}: {e}\n{src}")))?;
        let untraced = m.play(&pos, mv).map_err(|e| TestCaseError::fail(format!("ply {ply}: {e}\n{src}")))?;
        prop_assert_eq!(&untraced, &next, "ply {}: the kernel's move differs from the traced definition\n{}", ply, src);
        assert_conserved(m, &next, &|| format!("after ply {} of\n{src}", ply + 1));
        ledger(m, &pos, &events, &next).map_err(|e| TestCaseError::fail(format!("ply {}: {e}\n{src}", ply + 1)))?;
        work += events.len() * mask.count_ones() as usize;
        pos = next;
    }
    Ok(MAX_PLIES)
}

proptest! {
    #![proptest_config(config(400))]

    /// Checking random rules never panics; every file that checks plays.
    #[test]
    fn random_rules_check_and_play(src in rules_text(), seed in any::<u64>()) {
        let Ok(rules) = sowspec::check(&src) else { return Ok(()) };
        let m = Machine::new(rules);
        random_game(&m, seed, &src)?;
        if m.rules().rounds().is_some() {
            random_game(&m.clone().with_one_round(true), seed, &src)?;
        }
    }

    /// Checking damaged rules text never panics either.
    #[test]
    fn checking_damaged_rules_never_panics(
        src in rules_text(),
        cut in any::<prop::sample::Index>(),
        len in 0usize..12,
        junk in prop::sample::select(vec!["", "{", "}", "(", ")", "\n", "#", "\"", "and", "not", "count(", "9999999999", ",", "é", "\u{0}"]),
    ) {
        let at = cut.index(src.len() + 1);
        let at = (0..=at).rev().find(|&i| src.is_char_boundary(i)).unwrap_or(0);
        let end = (at + len..=src.len()).find(|&i| src.is_char_boundary(i)).unwrap_or(src.len());
        let damaged = format!("{}{junk}{}", &src[..at], &src[end..]);
        if let Ok(rules) = sowspec::check(&damaged) {
            Machine::new(rules).initial();
        }
    }
}

/// The generator is worth its time: a fair share of its files check.
#[test]
fn most_random_rules_files_check() {
    use proptest::strategy::ValueTree;
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let strategy = rules_text();
    let n = 300;
    let mut ok = 0;
    let mut first_error = None;
    for _ in 0..n {
        let src = strategy.new_tree(&mut runner).expect("a value").current();
        match sowspec::check(&src) {
            Ok(_) => ok += 1,
            Err(d) => {
                first_error.get_or_insert((src, d));
            }
        }
    }
    eprintln!("{ok} of {n} random rules files check");
    assert!(ok * 3 >= n, "only {ok} of {n} random rules files check; e.g.\n{:#?}", first_error);
}

// ---------------------------------------------------------------------------
// Bugs these properties found (both fixed in 981a607), kept as regression
// tests with their smallest reproducers.

/// A match whose new rounds all leave the starter without a legal move.
/// Here every refilled hole holds 2 seeds and `lift` wants fewer than 2: at
/// the start South cannot move, the round ends, each row goes back to its
/// owner (`remaining to owner`), the refill rebuilds the same position,
/// and so on for ever: `Machine::initial()` (and `sowspec play`) never
/// returned. The same happened when every move is endless (a relay that
/// always applies), and with `remaining to last_mover` when seeds could go
/// back and forth between two stuck players. Now the match ends when a
/// fresh round cannot start.
#[test]
fn a_match_whose_rounds_cannot_start_terminates() {
    const LOOP: &str = "game \"Loop\" {
  board {
    rows 2
    holes 1
    stores none
  }
  setup {
    seeds 2
  }
  sowing {
    direction counterclockwise
    first_seed next
    origin sown
  }
  moves {
    lift when count(origin) < 2
    endless after 10 laps illegal
  }
  end {
    no_moves remaining to owner
    winner most_captured
  }
  match {
    refill 2 per hole from right
    starter receiver
    match_end below 2
  }
}
";
    let m = machine_of(LOOP, "the looping match");
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(m.initial());
    });
    let start = rx.recv_timeout(std::time::Duration::from_secs(10));
    assert!(start.is_ok(), "Machine::initial() has not returned after 10 s");
}

/// On a board with stores, a refill keeps a player's spare seeds in the
/// reserve, but the protocol's constructor puts every captured seed in the
/// store: two different positions printed the same document, and a
/// position read back from its own document was not the position (a rule
/// reading `count(store(mover))` then played differently). Now the refill
/// keeps them in the store.
#[test]
fn stores_and_rounds_round_trip() {
    const SRC: &str = "game \"Stores and rounds\" {
  board {
    rows 2
    holes 1
    stores sown
  }
  setup {
    seeds 3
  }
  sowing {
    direction counterclockwise
    first_seed next
    origin sown
  }
  moves {
    lift when count(origin) > 0
    endless after 10 laps illegal
  }
  end {
    no_moves remaining to owner
    winner most_captured
  }
  match {
    refill 1 per hole from right
    starter receiver
    match_end below 1
  }
}
";
    let m = machine_of(SRC, "stores and rounds");
    let mut pos = m.initial();
    let mut moves = Vec::new();
    for _ in 0..200 {
        if pos.round() > 1 && (pos.reserve(Player::South) > 0 || pos.reserve(Player::North) > 0) {
            break;
        }
        let Some(hole) = pos.legal_moves().next() else { break };
        moves.push(hole.to_string());
        pos = m.play(&pos, hole).expect("legal");
    }
    assert!(pos.round() > 1, "the game did not reach a second round: {moves:?}");
    let doc = PositionDoc::of(&m, &pos);
    let back = doc.to_position(&m).expect("the machine's own position is accepted");
    assert_eq!(back, pos, "after moves {moves:?}: {}", serde_json::to_string(&doc).unwrap());
}
