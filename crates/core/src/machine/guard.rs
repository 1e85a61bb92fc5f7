//! Landing guards: the parts of an `on sowing_end` rule's condition that
//! read only where the last seed fell (`landing in mover_row`, `landing ==
//! store(mover)`), decided for every cell and mover when the machine is
//! built. The compiled kernel then tests one bit before a rule, and the
//! rest of its condition only where the bit is set: Kalah's extra turn is
//! that bit alone, and its capture two counts behind it.

use super::lower::{cmp_range, landing_count, Base, EndRule, Gate, Quick, Slot, Test};
use super::Machine;
use crate::position::Player;

impl Machine {
    /// Splits each compiled sowing-end rule into its landing guard and the
    /// rest of its condition (see `EndRule::landing`). Not under
    /// territory, where the rows change hands between rounds, nor on a
    /// board of more than 64 cells (a guard is a 64-bit mask of cells:
    /// every landing passes it there, and the rules weigh it as written).
    pub(super) fn guard_end_rules(&mut self) {
        if self.territory() || usize::from(self.cells) > crate::position::MAX_MASKED_CELLS {
            return;
        }
        let ends = std::mem::take(&mut self.prog.ends);
        self.prog.ends = self.guarded(ends);
        self.prog.ends_landing =
            Player::BOTH.map(|p| self.prog.ends.iter().fold(0, |any, e| any | e.landing[p.index()]));
        self.prog.ends_gate = match &self.prog.ends[..] {
            [e] => Gate::of(e),
            _ => None,
        };
        let lap_ends = std::mem::take(&mut self.prog.lap_ends);
        self.prog.lap_ends = self.guarded(lap_ends);
    }

    /// Decides the `closed_toll` condition for every cell and mover
    /// ([`ClosedToll::takes`](super::lower::ClosedToll::takes)).
    pub(super) fn place_closed_toll(&mut self) {
        if let Some(mut toll) = self.prog.closed_toll.take() {
            toll.takes = Player::BOTH
                .map(|p| (0..self.cells).fold(0, |mask, c| mask | u64::from(self.by_place(&toll.when, p, c)) << c));
            self.prog.closed_toll = Some(toll);
        }
    }

    /// `rules` (sowing-end or lap-end rules) with their landing guards.
    fn guarded(&self, rules: Box<[EndRule]>) -> Box<[EndRule]> {
        let mut ends = rules.into_vec();
        for e in &mut ends {
            let parts: Vec<Test> = match std::mem::replace(&mut e.when, Test::True) {
                Test::All(parts) => parts.into_vec(),
                one => vec![one],
            };
            let (fixed, rest): (Vec<Test>, Vec<Test>) =
                parts.into_iter().partition(|t| self.at_landing(t, Player::South, 0).is_some());
            e.landing = Player::BOTH.map(|p| {
                (0..self.cells).fold(0, |mask, c| {
                    let holds = fixed.iter().all(|t| self.at_landing(t, p, c) == Some(true));
                    mask | u64::from(holds) << c
                })
            });
            let (counts, rest): (Vec<Test>, Vec<Test>) =
                rest.into_iter().map(ranged).partition(|t| landing_count(t).is_some());
            e.counts = counts.iter().filter_map(landing_count).collect();
            e.when = match rest.len() {
                0 => Test::True,
                1 => rest.into_iter().next().expect("one part"),
                _ => Test::All(rest.into_boxed_slice()),
            };
            e.quick = Quick::of(&e.when, &e.body);
        }
        ends.into_boxed_slice()
    }

    /// The value of a compiled test that reads only where its hole is
    /// (`lower.rs`'s `by_place`) with `mover` moving and the hole in `cell`.
    fn by_place(&self, t: &Test, mover: Player, cell: u8) -> bool {
        match t {
            Test::True => true,
            Test::All(parts) => parts.iter().all(|p| self.by_place(p, mover, cell)),
            Test::Any(parts) => parts.iter().any(|p| self.by_place(p, mover, cell)),
            Test::Not(t) => !self.by_place(t, mover, cell),
            atom => self.at_landing(atom, mover, cell) == Some(true),
        }
    }

    /// The value of a compiled atom with `mover` moving and the landing
    /// in `cell`, if that is all it reads.
    fn at_landing(&self, t: &Test, mover: Player, cell: u8) -> Option<bool> {
        let on_landing = |s: &Slot| s.base == Base::Landing;
        let c = |s: &Slot| usize::from(self.maps[s.table()][usize::from(cell)]);
        match t {
            Test::InRow { slot, row } if on_landing(slot) => Some(self.cell_in_row(c(slot), *row, mover)),
            Test::Store { slot, mover: own, equal } if on_landing(slot) => {
                let p = if *own { mover } else { mover.other() };
                let store = self.stores.map(|s| usize::from(s[p.index()]));
                Some((store == Some(c(slot))) == *equal)
            }
            _ => None,
        }
    }
}

/// `t` with each comparison of a count that holds on one interval of
/// counts read as that interval ([`Test::CountIn`]): one subtraction and
/// one comparison, where [`Test::Count`] dispatches on its comparison
/// (Kalah's capture tests two counts at most moves).
fn ranged(t: Test) -> Test {
    match t {
        Test::Count { slot, op, k } => match cmp_range(op, k) {
            (lo, hi, false) => Test::CountIn { slot, lo, span: hi - lo },
            _ => Test::Count { slot, op, k },
        },
        Test::All(parts) => Test::All(parts.into_vec().into_iter().map(ranged).collect()),
        Test::Any(parts) => Test::Any(parts.into_vec().into_iter().map(ranged).collect()),
        Test::Not(t) => Test::Not(Box::new(ranged(*t))),
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use crate::machine::lower::Test;
    use crate::machine::Machine;
    use crate::position::Player;

    /// Kalah's two sowing-end rules, as `rules/kalah_openspiel.rules`
    /// writes them: the extra turn reads only the landing, the capture
    /// reads it and two counts.
    #[test]
    fn kalah_landing_guards() {
        let src = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../rules/kalah_openspiel.rules"))
            .expect("the bundled Kalah");
        let m = Machine::new(crate::check(&src).expect("Kalah checks"));
        let [extra, capture] = &m.prog.ends[..] else { panic!("two sowing-end rules") };
        let stores = m.stores.expect("Kalah has stores");
        for p in Player::BOTH {
            // `landing == store(mover)`: the mover's store and nothing else.
            assert_eq!(extra.landing[p.index()], 1 << stores[p.index()], "{p}");
            assert!(matches!(extra.when, Test::True));
            // `landing in mover_row`: the mover's six houses.
            let row = (0..6).fold(0u64, |mask, i| mask | 1 << m.cell(p, i));
            assert_eq!(capture.landing[p.index()], row, "{p}");
            // `count(landing) == 1 and count(opposite(landing)) > 0`, each an
            // interval of counts of a hole found from the landing (the
            // landing itself, table 0, and the hole opposite, table 4).
            assert!(extra.counts.is_empty());
            assert_eq!(capture.counts[..], [(0, 0, 1, 0), (0, 4, 1, 65534)]);
            // Both in their quick form: a bit, then the counts and two captures.
            assert!(matches!((&extra.when, &capture.when), (Test::True, Test::True)));
            let q = extra.quick.as_ref().expect("the extra turn's quick form");
            assert!(q.captures.is_empty() && q.extra);
            let q = capture.quick.as_ref().expect("the capture's quick form");
            assert_eq!((&q.captures[..], q.extra), (&[(0, 4, true), (0, 0, true)][..], false));
        }
        assert!(m.prog.ends_gate.is_none(), "two rules: no gate");
    }

    /// Oware's one sowing-end rule, a landing in the opponent's row of 2
    /// or 3 seeds, has a gate: under 2 (a count of 2 or 3 less 2) in the
    /// opponent's houses, 0 in the mover's.
    #[test]
    fn oware_gate() {
        let src = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../rules/oware_openspiel.rules"))
            .expect("the bundled Oware");
        let m = Machine::new(crate::check(&src).expect("Oware checks"));
        let g = m.prog.ends_gate.as_ref().expect("a gate");
        assert_eq!((g.hole, g.lo), ((0, 0), 2));
        for p in Player::BOTH {
            for i in 0..6 {
                assert_eq!(g.under[p.index()][usize::from(m.cell(p, i))], 0, "{p}");
                assert_eq!(g.under[p.index()][usize::from(m.cell(p.other(), i))], 2, "{p}");
            }
        }
    }
}
