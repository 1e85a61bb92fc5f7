//! Drawing one legal move at random without sowing every candidate.
//!
//! Legal-move generation (`turn.rs`) sows every candidate to find the
//! legal set, and a playout then draws one legal move uniformly. Here a
//! candidate is drawn uniformly first and sown; if it is legal it is
//! played, and if not (endless, C-6, or refused by `lift when`) it is set
//! aside and another is drawn from the rest. Each legal move is drawn with
//! the same probability, one over the number of legal moves, as in the
//! exhaustive way; only the candidates drawn are sown. When every
//! candidate is refused the player has no legal move, and the caller
//! settles the position the exhaustive way (the end of a round, a pass).
//!
//! Only for machines whose compiled kernel alone decides legality (no
//! `must_leave` duty, no `prefer`, see [`Plan::draws_by_rejection`](super::Plan::draws_by_rejection)).

use super::children::{Keep, TrackCache};
use super::eval::Ctx;
use super::lower::track_index;
use super::outcome::Sown;
use super::turn::Verdict;
use super::Machine;
use crate::hole::Move;
use crate::position::{copy_board, Player, Position};

impl Machine {
    /// Draws a legal move of `mover` in `pos`, every legal move with the
    /// same probability, and sows it on `pos` (the board, holdings and
    /// claims: nothing after the sowing, see [`Machine::conclude`]).
    /// `pick(mask)` must return one of the set bits of `mask`, each with
    /// the same probability. Candidates are sown on `scratch`; `keep`
    /// hears of the legal one drawn and of each endless one met. Returns
    /// the move's index and what its sowing did; `None`, with `pos`
    /// untouched, when `mover` has no legal move.
    ///
    /// # Panics
    /// Unless the plan [`draws_by_rejection`](super::Plan::draws_by_rejection).
    pub(crate) fn draw_legal<K: Keep>(
        &self,
        pos: &mut Position,
        mover: Player,
        scratch: &mut Position,
        keep: &mut K,
        tracks: &mut TrackCache,
        pick: &mut impl FnMut(u64) -> u8,
    ) -> Option<(u8, Sown)> {
        assert!(self.plan.compiled_only, "draw_legal: the compiled kernel does not decide legality alone");
        let tracks = if pos.closed == 0 { &self.tracks } else { tracks.get(self, pos.closed) };
        let holes = self.candidates(pos, mover);
        let mut left = if pos.chosen { holes | holes << Move::MINUS } else { holes };
        while left != 0 {
            let bit = pick(left);
            left &= !(1 << bit);
            let (hole, reverse) = Move::split_index(bit, pos.chosen);
            let t = &tracks[track_index(mover, reverse)];
            let cell = self.cell(mover, hole);
            if !self.liftable_fast(pos, t, mover, cell) {
                continue;
            }
            copy_board(&mut scratch.cells, &pos.cells, self.wide);
            scratch.reserve = pos.reserve;
            scratch.closed = pos.closed;
            scratch.claimed = pos.claimed;
            let sown = self.sow_fast(scratch, t, mover, cell);
            match self.judge(sown, scratch, pos, &Ctx::sowing(mover, cell, reverse), None) {
                Verdict::Legal(sown) => {
                    keep.sown(bit, sown);
                    if !sown.ends_game() {
                        self.remember(pos, cell, reverse, pos.cells[usize::from(cell)]);
                    }
                    copy_board(&mut pos.cells, &scratch.cells, self.wide);
                    pos.reserve = scratch.reserve;
                    pos.claimed = scratch.claimed;
                    return Some((bit, sown));
                }
                Verdict::Endless => keep.endless(pos, bit, self.prog.lap_limit),
                // (Never: no duty weighs these machines' moves.)
                Verdict::Undutiful(_) => {}
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every way `draw_legal` can go in `pos`, found by walking every
    /// sequence of picks: for each move it can return (`None`: no move),
    /// the probability of returning it, each pick being uniform. Also
    /// checks that the board a drawn move leaves is its sowing's, and
    /// returns how many candidates were set aside in all.
    fn outcomes(m: &Machine, pos: &Position, mover: Player) -> (Vec<(Option<u8>, f64)>, usize) {
        let mut out = Vec::new();
        let mut rejected = 0;
        let mut paths: Vec<Vec<u32>> = vec![Vec::new()];
        let (mut scratch, mut tracks) = (pos.clone(), TrackCache::default());
        while let Some(prefix) = paths.pop() {
            let mut sizes = Vec::new();
            let mut pick = |mask: u64| {
                let k = sizes.len();
                sizes.push(mask.count_ones());
                crate::playout::nth_bit(mask, prefix.get(k).copied().unwrap_or(0))
            };
            let mut after = pos.clone();
            let drawn = m.draw_legal(&mut after, mover, &mut scratch, &mut (), &mut tracks, &mut pick);
            for (k, &size) in sizes.iter().enumerate().skip(prefix.len()) {
                for j in 1..size {
                    let mut path: Vec<u32> = (0..k).map(|i| prefix.get(i).copied().unwrap_or(0)).collect();
                    path.push(j);
                    paths.push(path);
                }
            }
            rejected += sizes.len() - usize::from(drawn.is_some());
            let p = sizes.iter().map(|&n| 1.0 / f64::from(n)).product::<f64>();
            let bit = drawn.map(|(bit, _)| bit);
            if let Some(bit) = bit {
                let mut sown = pos.clone();
                let (hole, reverse) = crate::hole::Move::split_index(bit, pos.chosen);
                m.sow_legal(&mut sown, mover, m.cell(mover, hole), reverse, &mut ());
                assert_eq!((after.cells, after.reserve, after.claimed), (sown.cells, sown.reserve, sown.claimed));
            } else {
                assert_eq!(&after, pos, "no move drawn, and the position changed");
            }
            out.push((bit, p));
        }
        (out, rejected)
    }

    // Drawing by rejection draws each legal move with probability exactly
    // one over their number (to rounding), and nothing else: every
    // sequence of picks is followed, in positions of random games of every
    // bundled rules file whose machine draws that way, among them rules
    // with endless candidates (Sadeqa III, Hufesay, Ayoayo). The legal
    // moves are the exhaustive generation's.
    #[test]
    fn every_legal_move_is_drawn_with_the_same_probability() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../rules");
        let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
        files.sort();
        let (mut positions, mut rejected, mut drawing) = (0, 0, Vec::new());
        for f in files.iter().filter(|f| f.extension().is_some_and(|x| x == "rules")) {
            let m = Machine::new(crate::check(&std::fs::read_to_string(f).unwrap()).unwrap());
            if !m.plan().draws_by_rejection() {
                continue;
            }
            drawing.push(f.file_stem().unwrap().to_string_lossy().into_owned());
            let mut rng = fastrand::Rng::with_seed(11);
            for _ in 0..2 {
                let mut pos = m.initial();
                for _ in 0..80 {
                    let Some(mover) = pos.to_move else { break };
                    let legal = m.legal_mask_of(&pos, mover, &mut (), None);
                    let bit = crate::playout::nth_bit(legal, rng.u32(..legal.count_ones().max(1)));
                    // (The ways grow as the factorial of the moves set aside: at most three here.)
                    if m.candidates(&pos, mover).count_ones() > legal.count_ones() + 3 {
                        pos = m.play(&pos, crate::hole::Move::from_index(bit, m.chosen())).unwrap();
                        continue;
                    }
                    let (ways, set_aside) = outcomes(&m, &pos, mover);
                    let (positions_seen, n) = (positions, legal.count_ones());
                    positions = positions_seen + 1;
                    rejected += set_aside;
                    let total: f64 = ways.iter().map(|w| w.1).sum();
                    assert!((total - 1.0).abs() < 1e-9, "{f:?}: the ways add up to {total}");
                    for bit in 0..32u8 {
                        let p: f64 = ways.iter().filter(|w| w.0 == Some(bit)).map(|w| w.1).sum();
                        let expected = if legal & (1 << bit) != 0 { 1.0 / f64::from(n) } else { 0.0 };
                        assert!((p - expected).abs() < 1e-9, "{f:?}: move {bit} drawn with {p}, not {expected}");
                    }
                    let none: f64 = ways.iter().filter(|w| w.0.is_none()).map(|w| w.1).sum();
                    assert_eq!(none, if legal == 0 { 1.0 } else { 0.0 }, "{f:?}: no move drawn in {pos:?}");
                    if legal == 0 {
                        break;
                    }
                    pos = m.play(&pos, crate::hole::Move::from_index(bit, m.chosen())).unwrap();
                }
            }
        }
        assert!(drawing.iter().any(|n| n == "sadeqa3") && drawing.iter().any(|n| n == "raja_pasu"), "{drawing:?}");
        eprintln!("{positions} positions, {rejected} candidates set aside");
        assert!(positions > 1_000 && rejected > 50, "{positions} positions, {rejected} candidates set aside");
    }
}
