//! The `mixed` target: positions of one bundled game handed to the machine
//! of another.
//!
//! The input is `NAME\nOTHER\n`, then one byte a move: game `NAME` plays
//! its legal move `b % count` (see [`super::games::game`] for names), and
//! before each move and at the end, the machine of game `OTHER` is handed
//! the position. Unless both rules texts are one (the same game), it must
//! refuse it with [`OtherGame`] in every call that plays, counts or traces
//! from a position, and hand the position back untouched; before positions
//! were bound to their game, a Sadeqa III position panicked on Kalah's
//! machine and a Kalah position played on Oware's, losing a seed.

use super::games::game;
use sowspec_core::trace::Event;
use sowspec_core::{Illegal, Machine, Move, OtherGame, Position};

/// Most moves an input plays: a bound on the work per input.
pub const MAX_PLIES: usize = 200;

/// Game `OTHER`'s machine refuses every position game `NAME` reaches.
pub fn run(data: &[u8]) {
    let mut parts = data.splitn(3, |&b| b == b'\n');
    let (Some(name), Some(other), Some(moves)) = (parts.next(), parts.next(), parts.next()) else { return };
    let (mine, theirs) = (&game(name).machine, &game(other).machine);
    if mine.rules().game() == theirs.rules().game() {
        return;
    }
    let mut pos = mine.initial();
    for &b in moves.iter().take(MAX_PLIES) {
        assert_refused(theirs, &pos, b);
        let legal: Vec<Move> = pos.legal_moves().collect();
        if legal.is_empty() {
            return;
        }
        pos = mine.play(&pos, legal[usize::from(b) % legal.len()]).expect("a legal move of its own game applies");
    }
    assert_refused(theirs, &pos, 0);
}

/// `m` refuses `pos`, a position of another game, in every call; `b`
/// picks the move tried.
fn assert_refused(m: &Machine, pos: &Position, b: u8) {
    refuses(m, pos, Move::from_index(b % 32, m.chosen()), "");
}

/// `m` refuses `pos`, a position of another game, in every call that
/// plays, counts or traces (trying move `mv`), with [`OtherGame`], and
/// hands it back untouched; `what` names the case in a failure. (Also run
/// by the root test `tests/position_binding.rs`.)
pub fn refuses(m: &Machine, pos: &Position, mv: Move, what: &str) {
    let other = OtherGame { position: pos.game(), machine: m.rules().game() };
    let err = m.play(pos, mv).expect_err(what);
    assert_eq!(err.reason, Illegal::OtherGame(other), "{what}: play {mv}");
    assert_eq!(*err.position, *pos, "{what}: the refused position comes back untouched");
    let mut events: Vec<Event> = Vec::new();
    assert!(m.play_traced(pos, mv, &mut events).is_err(), "{what}: play_traced {mv}");
    assert_eq!(m.trace_sowing(pos, mv, &mut events), Err(other), "{what}: trace_sowing {mv}");
    assert!(events.is_empty(), "{what}: nothing is traced on a position of another game");
    assert_eq!(m.legal_mask(pos), Err(other), "{what}: legal_mask");
    assert_eq!(sowspec_core::perft::perft(m, pos, 2), Err(other), "{what}: perft");
    assert_eq!(sowspec_core::perft::divide(m, pos, 1), Err(other), "{what}: divide");
}
