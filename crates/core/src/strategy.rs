//! Computer players: uniformly random, greedy, and a depth-limited
//! alpha-beta search on the captured-seed difference.

use crate::hole::Move;
use crate::machine::{Machine, OtherGame};
use crate::position::{Outcome, Player, Position};

/// How a computer player chooses its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strategy {
    /// Every legal move equally likely.
    Random,
    /// The move that gains the most seeds at once (ties broken at random).
    Greedy,
    /// Alpha-beta search to the given depth (plies) on the captured-seed difference.
    Search {
        /// Plies searched.
        depth: u32,
    },
}

/// The random draws of a computer player (a random move, a tie broken):
/// seeded, so the same seed plays the same game.
#[derive(Clone, Debug)]
pub struct Dice(fastrand::Rng);

impl Dice {
    /// Dice that draw the same numbers for the same seed.
    pub fn seeded(seed: u64) -> Dice {
        Dice(fastrand::Rng::with_seed(seed))
    }

    /// One of `0..n`, each as likely (`n > 0`).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        self.0.usize(..n)
    }

    /// One of `0..n`, each as likely (`n > 0`), as a playout draws it.
    pub(crate) fn below_u32(&mut self, n: u32) -> u32 {
        self.0.u32(..n)
    }
}

/// A score far above any seed difference, for won and lost games.
const WIN: i64 = 1 << 40;

impl Strategy {
    /// Chooses a legal move for the player to move.
    ///
    /// # Errors
    /// `pos` is a position of another game than `m`'s.
    ///
    /// # Panics
    /// If the position has no legal move (the game is over).
    pub fn choose(self, m: &Machine, pos: &Position, dice: &mut Dice) -> Result<Move, OtherGame> {
        let moves = m.legal_moves(pos)?;
        assert!(!moves.is_empty(), "choose: the game is over");
        let me = pos.to_move().expect("a position with legal moves has a player to move");
        let scored = |depth: u32| -> Vec<(Move, i64)> {
            moves
                .iter()
                .map(|&mv| {
                    let next = m.play(pos, mv).expect("legal moves apply");
                    (mv, search(m, &next, me, depth, -WIN - 1, WIN + 1))
                })
                .collect()
        };
        let candidates = match self {
            Strategy::Random => return Ok(moves[dice.below(moves.len())]),
            Strategy::Greedy => scored(0),
            Strategy::Search { depth } => scored(depth.saturating_sub(1)),
        };
        let best = candidates.iter().map(|&(_, s)| s).max().expect("at least one move");
        let ties: Vec<Move> = candidates.iter().filter(|&&(_, s)| s == best).map(|&(m, _)| m).collect();
        Ok(ties[dice.below(ties.len())])
    }
}

/// The captured-seed difference for `me`, or ±WIN once the game is over.
fn evaluate(m: &Machine, pos: &Position, me: Player) -> i64 {
    match pos.result() {
        Some(Outcome::Win(p)) if p == me => WIN,
        Some(Outcome::Win(_)) => -WIN,
        Some(Outcome::Draw) => 0,
        None => i64::from(m.captured(pos, me)) - i64::from(m.captured(pos, me.other())),
    }
}

/// Minimax with alpha-beta pruning, from `me`'s point of view (the player
/// to move may stay the same after an extra turn, so no negamax).
fn search(m: &Machine, pos: &Position, me: Player, depth: u32, mut alpha: i64, mut beta: i64) -> i64 {
    let Some(mover) = pos.to_move() else { return evaluate(m, pos, me) };
    if depth == 0 {
        return evaluate(m, pos, me);
    }
    let maximising = mover == me;
    let mut best = if maximising { -WIN - 1 } else { WIN + 1 };
    for mv in m.legal_moves(pos).expect("a position of the machine's game") {
        let next = m.play(pos, mv).expect("legal moves apply");
        let v = search(m, &next, me, depth - 1, alpha, beta);
        if maximising {
            best = best.max(v);
            alpha = alpha.max(v);
        } else {
            best = best.min(v);
            beta = beta.min(v);
        }
        if alpha >= beta {
            break;
        }
    }
    best
}
