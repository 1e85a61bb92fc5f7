//! Uniform random playouts: whole games in which the player to move picks
//! each legal move with equal probability, for speed measurements and for
//! statistics over many games (lengths, laps, endless candidates, results).
//!
//! Game `i` of a run draws its moves from its own generator, seeded from
//! the run's seed and `i` alone, so a run's [`Stats`] do not depend on how
//! many threads play it or in which order. Threads and timing are the
//! caller's (the `sowspec` binary's `parallel` module).
//!
//! ```
//! use sowspec_core::playout::{Playouts, Stats};
//! let source = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../rules/sadeqa3_4seed.rules"));
//! let machine = sowspec_core::Machine::new(sowspec_core::check(source).unwrap());
//! let mut player = Playouts::new(&machine);
//! let stats = (0..20).fold(Stats::default(), |s, g| s.merge(player.game(7, g)));
//! assert_eq!(stats.games, 20);
//! assert!(stats.mean_len() > 10.0);
//! ```

use crate::machine::{Children, Disagreement, Machine};
use crate::position::{Outcome, Position};

/// What a run of playouts found: a function of the machine, the games
/// played and the seed alone.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Games played.
    pub games: u64,
    /// Moves played, over all games.
    pub moves: u64,
    /// Laps sown by the moves played (a lap is one handful sown, C-5).
    pub laps: u64,
    /// Laps sown while generating legal moves: every candidate of every
    /// turn (drawing by rejection, [`Playouts::by_rejection`]: every
    /// candidate drawn), each endless candidate counted at the full lap
    /// limit (what the rules make it cost; the machine may prove it endless
    /// sooner, when its sowing repeats a state). The work of a run,
    /// measured in laps.
    pub sown_laps: u64,
    /// Moves in the longest game.
    pub max_len: u64,
    /// Candidate moves found endless (C-6); counted at every turn where
    /// they were candidates (drawing by rejection: where they were drawn).
    pub endless_candidates: u64,
    /// Games won by South and by North (a match, or one round, as the
    /// machine plays).
    pub wins: [u64; 2],
    /// Games drawn.
    pub draws: u64,
    /// Games stopped unfinished at the ply limit ([`Playouts::with_max_plies`]),
    /// counted in neither `wins` nor `draws`.
    pub stopped: u64,
}

impl Stats {
    /// Moves per game, on average (0 for no games).
    pub fn mean_len(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.moves as f64 / self.games as f64
        }
    }

    /// The share of [`Stats::sown_laps`] spent on endless candidates, with
    /// the lap limit `limit` of the rules played.
    pub fn endless_lap_share(&self, limit: u32) -> f64 {
        if self.sown_laps == 0 {
            0.0
        } else {
            (self.endless_candidates * u64::from(limit)) as f64 / self.sown_laps as f64
        }
    }

    /// The statistics of two runs together.
    #[must_use]
    pub fn merge(mut self, o: Stats) -> Stats {
        self.games += o.games;
        self.moves += o.moves;
        self.laps += o.laps;
        self.sown_laps += o.sown_laps;
        self.max_len = self.max_len.max(o.max_len);
        self.endless_candidates += o.endless_candidates;
        self.wins[0] += o.wins[0];
        self.wins[1] += o.wins[1];
        self.draws += o.draws;
        self.stopped += o.stopped;
        self
    }
}

/// The seed of game `index` in a run seeded `seed`: both mixed by
/// SplitMix64. Game `index` draws its moves from
/// `fastrand::Rng::with_seed(game_seed(seed, index))`.
pub fn game_seed(seed: u64, index: u64) -> u64 {
    fn mix(mut z: u64) -> u64 {
        z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    mix(seed ^ mix(index))
}

/// The seed of game `index`'s start in a run seeded `seed`, for rules
/// whose start is drawn ([`Machine::initial_drawn`]): like [`game_seed`],
/// a function of the run's seed and the game's index alone, so a run lays
/// out the same starts whatever its threads.
pub fn draw_seed(seed: u64, index: u64) -> u64 {
    game_seed(!seed, index)
}

/// `NTH[m][k]`: set bit `k` of the byte `m`, counting from bit 0 (32 past
/// its last).
const NTH: [[u8; 8]; 256] = {
    let mut t = [[32u8; 8]; 256];
    let mut m = 0;
    while m < 256 {
        let (mut bit, mut k) = (0, 0);
        while bit < 8 {
            if m >> bit & 1 != 0 {
                t[m][k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        m += 1;
    }
    t
};

/// Bit `k` of the set bits of `mask`, counting from bit 0 (`k` must be
/// less than `mask.count_ones()`): in the low half when the high one is
/// empty (every mask but those of wide rows and chosen directions), else in
/// the half that holds it.
#[inline]
pub(crate) fn nth_bit(mask: u64, k: u32) -> u8 {
    let low = mask as u32;
    if mask >> 32 == 0 {
        return nth_bit_32(low, k);
    }
    let below = low.count_ones();
    if k < below {
        nth_bit_32(low, k)
    } else {
        32 + nth_bit_32((mask >> 32) as u32, k - below)
    }
}

/// [`nth_bit`] of a 32-bit mask. Found without a branch: the byte that
/// holds it by counting each byte's bits from a table, then the bit in
/// that byte from another. (Clearing the lowest bit `k` times mispredicted
/// the loop's exit about once a move of a random playout.)
#[inline]
fn nth_bit_32(mask: u32, k: u32) -> u8 {
    let (mut k, mut shift) = (k, 0u32);
    for _ in 0..3 {
        // Past this byte when `k` is at least its bits; once the byte is
        // found, `k` stays below its bits and nothing moves.
        let bits = u32::from(ONES[usize::from((mask >> shift) as u8)]);
        let past = k >= bits;
        k -= if past { bits } else { 0 };
        shift += if past { 8 } else { 0 };
    }
    shift as u8 + NTH[usize::from((mask >> shift) as u8)][(k & 7) as usize]
}

/// A set bit of `mask` (not 0) drawn uniformly with `rng`: `nth_bit(mask,
/// rng.u32(..ones(mask)))`, a mask of at most eight bits read from both
/// tables behind one test (the bit drawn is below 8 there). Every move of
/// a playout (and of its verification) is drawn so.
#[inline(always)]
fn draw_bit(mask: u64, rng: &mut fastrand::Rng) -> u8 {
    if mask < 256 {
        let k = rng.u32(..u32::from(ONES[mask as usize]));
        NTH[mask as usize][(k & 7) as usize]
    } else {
        nth_bit(mask, rng.u32(..mask.count_ones()))
    }
}

/// `ONES[m]`: the set bits of the byte `m`.
const ONES: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut m = 0;
    while m < 256 {
        t[m] = (m as u8).count_ones() as u8;
        m += 1;
    }
    t
};

/// The number of set bits of `mask` (a set of moves). The baseline x86-64
/// target has no `popcnt` instruction: `count_ones` takes 15, and Kalah
/// counted its moves twice a move; a mask of at most eight holes is read
/// from a table.
#[inline(always)]
pub(crate) fn ones(mask: u64) -> u32 {
    if mask < 256 {
        u32::from(ONES[mask as usize])
    } else {
        mask.count_ones()
    }
}

/// Plays game `index` of the run seeded `seed` as [`Playouts::game`] does
/// (the same moves), checking the machine's kernel against the general
/// interpreter at every position ([`Machine::verify`]), and every move
/// played from the kept children against the same move played with the
/// general sowing. Returns the candidate moves compared.
///
/// # Errors
/// The first disagreement.
pub fn verify_game(m: &Machine, seed: u64, index: u64, max_plies: u64) -> Result<u64, Box<Disagreement>> {
    let mut rng = fastrand::Rng::with_seed(game_seed(seed, index));
    let mut pos = m.initial_drawn(draw_seed(seed, index));
    let mut compared = 0;
    let mut kids = Children::new(m);
    for _ in 0..max_plies {
        compared += u64::from(m.verify(&pos)?);
        if m.decides() {
            // (The general interpreter plays every move with decisions.)
            let legal = m.legal_moves(&pos).expect("the machine's own position");
            let Some(&mv) = legal.get(rng.usize(..legal.len().max(1))) else { break };
            pos = m.play(&pos, mv).expect("a listed move is legal");
            continue;
        }
        let legal = pos.legal_mask();
        if legal == 0 {
            break;
        }
        let bit = draw_bit(legal, &mut rng);
        pos = m.verify_kept(&pos, m.move_at(bit), &mut kids)?;
    }
    Ok(compared)
}

/// Counts the laps of the moves played through it.
struct LapCount(u64);

impl crate::trace::Sink for LapCount {
    const ON: bool = true;
    fn event(&mut self, kind: crate::trace::EventKind, _: Option<crate::diagnostic::Span>) {
        if let crate::trace::EventKind::LapEnd { .. } = kind {
            self.0 += 1;
        }
    }
}

/// The ply limit of a playout unless [`Playouts::with_max_plies`] sets another:
/// a safety net for rules that can cycle for ever.
pub const DEFAULT_MAX_PLIES: u64 = 100_000;

/// One thread's playing state, allocated once: a game is played without
/// touching the heap.
pub struct Playouts<'m> {
    m: &'m Machine,
    /// Plies after which a game is stopped unfinished.
    max_plies: u64,
    start: Position,
    /// The children of `start`, from which each game's first move is played.
    start_kids: Children,
    kids: Children,
    /// Whether moves are drawn by rejection ([`Playouts::by_rejection`]).
    rejection: bool,
    /// Where candidates drawn by rejection are sown.
    scratch: Position,
}

impl<'m> Playouts<'m> {
    /// A player for `m`'s games.
    pub fn new(m: &'m Machine) -> Playouts<'m> {
        Playouts::with(m, false)
    }

    /// A player that records the endless candidates it meets (see
    /// [`Playouts::take_endless`]).
    pub fn recording(m: &'m Machine) -> Playouts<'m> {
        Playouts::with(m, true)
    }

    /// The endless candidates met since the last call, with the position
    /// each was a candidate in (only when [`Playouts::recording`]).
    pub fn take_endless(&mut self) -> Vec<(Position, u8)> {
        self.kids.take_endless()
    }

    fn with(m: &'m Machine, record: bool) -> Playouts<'m> {
        let start = m.initial();
        let mut start_kids = Children::new(m);
        let mut kids = Children::new(m);
        if record {
            start_kids.record_endless();
            kids.record_endless();
        }
        m.expand(&start, &mut start_kids);
        let scratch = start.clone();
        Playouts { m, max_plies: DEFAULT_MAX_PLIES, start, start_kids, kids, rejection: false, scratch }
    }

    /// Draws each move by rejection where the machine can (its compiled
    /// kernel alone decides legality: no `must_leave` duty, no `prefer`):
    /// a candidate is drawn uniformly and sown, and drawn again from the
    /// rest if it is not legal, instead of sowing every candidate first.
    /// Every legal move is still drawn with the same probability, so the
    /// games follow the same distribution, but a seed plays other games
    /// than the exhaustive way, and [`Stats::sown_laps`] and
    /// [`Stats::endless_candidates`] count only the candidates drawn.
    /// Without effect on other machines.
    #[must_use]
    pub fn by_rejection(mut self, on: bool) -> Playouts<'m> {
        self.rejection = on && self.m.plan().draws_by_rejection();
        self
    }

    /// Whether moves are drawn by rejection ([`Playouts::by_rejection`]).
    pub fn draws_by_rejection(&self) -> bool {
        self.rejection
    }

    /// Stops each game after `max_plies` plies if it has not ended (counted
    /// in [`Stats::stopped`]).
    #[must_use]
    pub fn with_max_plies(mut self, max_plies: u64) -> Playouts<'m> {
        self.max_plies = max_plies;
        self
    }

    /// Plays game `index` of the run seeded `seed`.
    pub fn game(&mut self, seed: u64, index: u64) -> Stats {
        let mut rng = fastrand::Rng::with_seed(game_seed(seed, index));
        if self.m.rules().drawn().is_some() {
            // Each game its own drawn start.
            self.start = self.m.initial_drawn(draw_seed(seed, index));
            self.m.expand(&self.start, &mut self.start_kids);
        }
        let mut pos = self.start.clone();
        // The start's candidates' counts, for every game; its children are
        // read from `start_kids` for the first move.
        self.kids.count_from(&self.start_kids);
        let (moves, laps) = if self.m.decides() {
            self.play_complete(&mut pos, &mut rng)
        } else if self.rejection {
            self.play_drawn(&mut pos, &mut rng)
        } else {
            self.play_exhaustive(&mut pos, &mut rng)
        };
        let mut s = Stats {
            games: 1,
            moves,
            laps,
            sown_laps: self.kids.sown_laps(),
            max_len: moves,
            endless_candidates: self.kids.endless(),
            ..Stats::default()
        };
        match pos.result() {
            Some(Outcome::Win(p)) => s.wins[p.index()] += 1,
            Some(Outcome::Draw) => s.draws += 1,
            None => s.stopped += 1,
        }
        s
    }

    /// Plays the game from `pos` (the start), drawing each move from the
    /// legal moves found by sowing every candidate; returns the moves and
    /// laps played.
    fn play_exhaustive(&mut self, pos: &mut Position, rng: &mut fastrand::Rng) -> (u64, u64) {
        let lap_limit = self.m.rules().moves.lap_limit;
        let (mut moves, mut laps) = (0u64, 0u64);
        loop {
            let legal = pos.legal_mask();
            if legal == 0 || moves == self.max_plies {
                break;
            }
            let hole = draw_bit(legal, rng);
            if moves == 0 {
                laps += u64::from(self.start_kids.laps(hole).min(lap_limit));
                self.m.play_kept_into(pos, hole, &self.start_kids, Some(&mut self.kids));
            } else {
                laps += u64::from(self.kids.laps(hole).min(lap_limit));
                self.m.play_kept(pos, hole, &mut self.kids);
            }
            moves += 1;
        }
        (moves, laps)
    }

    /// Plays the game from `pos` (the start) under rules with decisions
    /// inside a move: each move drawn uniformly from the complete moves
    /// ([`Machine::legal_moves`]) and played by the general interpreter;
    /// returns the moves and laps played.
    fn play_complete(&mut self, pos: &mut Position, rng: &mut fastrand::Rng) -> (u64, u64) {
        let (mut moves, mut laps) = (0u64, LapCount(0));
        while moves < self.max_plies {
            let legal = self.m.legal_moves(pos).expect("the machine's own position");
            if legal.is_empty() {
                break;
            }
            let mv = legal[rng.usize(..legal.len())];
            *pos = self.m.play_with(pos, mv, &mut laps).expect("a listed move is legal");
            moves += 1;
        }
        (moves, laps.0)
    }

    /// Plays the game from `pos` (the start), drawing each move by
    /// rejection ([`Playouts::by_rejection`]); returns the moves and laps
    /// played.
    fn play_drawn(&mut self, pos: &mut Position, rng: &mut fastrand::Rng) -> (u64, u64) {
        let lap_limit = self.m.rules().moves.lap_limit;
        // The first move, from the start's legal moves.
        let legal = pos.legal_mask();
        if legal == 0 || self.max_plies == 0 {
            return (0, 0);
        }
        let hole = draw_bit(legal, rng);
        let mut laps = u64::from(self.start_kids.laps(hole).min(lap_limit));
        // The player who made the last move.
        let mut last = pos.to_move;
        let mut unsettled = self.m.play_kept_unsettled(pos, hole, &self.start_kids);
        let mut moves = 1u64;
        let mut pick = |mask: u64| draw_bit(mask, rng);
        while unsettled && moves < self.max_plies {
            let Some(mover) = pos.to_move else { break };
            let Some((sown, more)) = self.m.draw_unsettled(pos, mover, &mut self.scratch, &mut self.kids, &mut pick)
            else {
                // No legal move: the round ends, or the other player passes.
                self.m.settle_kept(pos, last, &mut self.kids);
                let legal = pos.legal_mask();
                if legal == 0 {
                    return (moves, laps);
                }
                let hole = pick(legal);
                laps += u64::from(self.kids.laps(hole).min(lap_limit));
                last = pos.to_move;
                unsettled = self.m.play_kept_unsettled(pos, hole, &self.kids);
                moves += 1;
                continue;
            };
            laps += u64::from(sown.min(lap_limit));
            moves += 1;
            last = Some(mover);
            unsettled = more;
        }
        if unsettled {
            // Stopped at the ply limit: the game may have ended with the last move.
            self.m.settle_kept(pos, last, &mut self.kids);
        }
        (moves, laps)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // The table lookup finds the same bit as clearing the lowest set bit
    // `k` times, for every mask of 16 bits (a row's holes) and masks
    // reaching into every byte.
    #[test]
    fn nth_bit_is_the_kth_set_bit() {
        let by_clearing = |mut mask: u64, k: u32| {
            for _ in 0..k {
                mask &= mask - 1;
            }
            mask.trailing_zeros() as u8
        };
        let mut rng = fastrand::Rng::with_seed(3);
        let random: Vec<u64> = (0..20_000).map(|_| rng.u64(1..)).collect();
        let masks = (1..=0xffffu64).chain(random.iter().copied()).chain(random.iter().map(|m| (m >> 32).max(1)));
        for mask in masks {
            for k in 0..mask.count_ones() {
                assert_eq!(nth_bit(mask, k), by_clearing(mask, k), "mask {mask:#x}, bit {k}");
            }
        }
    }

    fn machine(src: &str, one_round: bool) -> Machine {
        Machine::new(crate::check(src).expect("the bundled rules check")).with_one_round(one_round)
    }

    // The byte tables count bits as counting them one by one does, and a
    // move drawn from them is `nth_bit` of the same random number.
    #[test]
    fn move_masks_read_from_tables_are_read_bit_by_bit() {
        for mask in (0..1024u64).chain([u64::MAX, u64::from(u32::MAX), 0x8000_0001, 0x00f0_0f00, 1 << 63 | 1 << 40 | 3])
        {
            assert_eq!(ones(mask), mask.count_ones(), "{mask:b}");
            if mask != 0 {
                let (mut a, mut b) = (fastrand::Rng::with_seed(mask), fastrand::Rng::with_seed(mask));
                for _ in 0..8 {
                    assert_eq!(draw_bit(mask, &mut a), nth_bit(mask, b.u32(..mask.count_ones())), "{mask:b}");
                }
            }
        }
    }

    fn run(p: &mut Playouts, games: u64) -> Stats {
        (0..games).fold(Stats::default(), |s, g| s.merge(p.game(9, g)))
    }

    // Where no drawn candidate is ever refused, drawing by rejection takes
    // the same random numbers as drawing from the legal set: a Raja Pasu
    // round (no endless candidate, any non-empty hole lifted) plays the
    // same games both ways, and sows fewer candidates.
    #[test]
    fn with_nothing_refused_the_games_are_the_same() {
        let m = machine(include_str!("../../../rules/raja_pasu.rules"), true);
        let (mut drawn, mut all) = (Playouts::new(&m).by_rejection(true), Playouts::new(&m));
        assert!(drawn.draws_by_rejection());
        let (d, a) = (run(&mut drawn, 300), run(&mut all, 300));
        assert_eq!((d.moves, d.laps, d.wins, d.draws, d.max_len), (a.moves, a.laps, a.wins, a.draws, a.max_len));
        assert_eq!(a.endless_candidates, 0);
        assert!(d.sown_laps < a.sown_laps, "{} laps sown, {} exhaustively", d.sown_laps, a.sown_laps);
    }

    // Sadeqa III has endless candidates: drawing by rejection plays other
    // games, every one ended (or stopped), and meets fewer of them; a
    // machine with a `must_leave` duty (Oware) is not drawn by rejection.
    #[test]
    fn refused_candidates_are_drawn_again() {
        let m = machine(include_str!("../../../rules/sadeqa3.rules"), false);
        let mut drawn = Playouts::new(&m).by_rejection(true);
        let d = run(&mut drawn, 300);
        let a = run(&mut Playouts::new(&m), 300);
        assert_eq!(d.wins[0] + d.wins[1] + d.draws + d.stopped, 300);
        assert!(d.endless_candidates < a.endless_candidates && a.endless_candidates > 0);
        let stopped = run(&mut Playouts::new(&m).by_rejection(true).with_max_plies(5), 20);
        assert_eq!((stopped.stopped, stopped.moves), (20, 100));
        let oware = machine(include_str!("../../../rules/oware_openspiel.rules"), false);
        assert!(!Playouts::new(&oware).by_rejection(true).draws_by_rejection());
    }

    // Playouts play each move from the children kept when the legal moves
    // were found: the positions reached must be those the move reaches
    // played alone with the general sowing. Deka's holes close as they are
    // sown (`relay … closing`); the kept children once dropped them, and
    // its random games ran 3,290 plies on average instead of 36. Oware's
    // history is recorded in place in a playout and a node a move alone.
    #[test]
    fn moves_played_from_kept_children_are_the_moves_played_alone() {
        for src in [
            include_str!("../../../rules/mancalagames/deka_mancalagames.rules"),
            include_str!("../../../rules/mancalagames/nambayi_mancalagames.rules"),
            include_str!("../../../rules/oware_openspiel.rules"),
            include_str!("../../../rules/kalah_openspiel.rules"),
        ] {
            let m = machine(src, false);
            for game in 0..4 {
                if let Err(d) = verify_game(&m, 9, game, 3000) {
                    panic!("{}, game {game}: {d}", m.rules().name);
                }
            }
        }
    }
}
