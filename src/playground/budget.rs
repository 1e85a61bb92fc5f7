//! The bound on the work one playground request may cause, worked out
//! before any sowing from what the rules allow, so that a cycling or
//! enormous game is refused at once and the same request always gets the
//! same answer (no clock is involved).
//!
//! The unit is the sown seed. A move sows at most `seeds` seeds a lap
//! (the hand never holds more than the board), for at most one lap when
//! the rules have no relay and `lap limit + 1` laps otherwise; finding the
//! legal moves of the next position sows each candidate once more. So a
//! ply costs at most `(1 + candidates) × laps × seeds`.

use sowspec_core::strategy::Strategy;
use sowspec_core::Machine;

/// The most seeds one request may sow, by the bound above. A rules file
/// that cycles with a lap limit just inside it (595,000 laps of 48 seeds)
/// is answered in 0.2 s by a release build on this project's 2-core
/// machine; a whole game of a bundled variant is bounded far below it.
pub const REQUEST_SEEDS: u64 = 200_000_000;

/// The most moves one request replays (the client's and the opponent's).
pub const MAX_PLIES: usize = 2_000;

/// The deepest search the opponent may be asked for.
pub const MAX_DEPTH: u32 = 6;

/// What is left of a request's work.
#[derive(Clone, Debug)]
pub struct Budget {
    left: u64,
    ply: u64,
    candidates: u64,
}

/// The work a request would need past its bound.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exceeded {
    /// What would have been done.
    pub what: String,
    /// Its bound, in sown seeds.
    pub cost: u64,
    /// What to change so that it fits.
    pub fix: &'static str,
}

impl std::fmt::Display for Exceeded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} could sow up to {} seeds under these rules, past the playground's bound of {REQUEST_SEEDS} a request; {}",
            self.what, self.cost, self.fix
        )
    }
}

impl Budget {
    /// A request's budget under the rules `m` plays.
    pub fn new(m: &Machine) -> Budget {
        let rules = m.rules();
        let laps = if rules.sowing().relays.is_empty() { 1 } else { u64::from(rules.moves().lap_limit) + 1 };
        let seeds = u64::from(rules.total_seeds()).max(1);
        // (Placements are candidates too, sown on like a lift.)
        let candidates = u64::from(m.holes()) * (1 + u64::from(m.chosen())) * (1 + u64::from(m.places()));
        let ply = (1 + candidates).saturating_mul(laps).saturating_mul(seeds);
        Budget { left: REQUEST_SEEDS, ply, candidates }
    }

    /// The most one ply may sow.
    pub fn ply_cost(&self) -> u64 {
        self.ply
    }

    /// Takes the work of one ply, `what` naming it in the error.
    ///
    /// # Errors
    /// The request's bound would be passed.
    pub fn ply(&mut self, what: impl FnOnce() -> String) -> Result<(), Exceeded> {
        let fix = "lower the lap limit (`endless after N laps`), play fewer moves, or use the command line";
        self.spend(self.ply, what, fix)
    }

    /// Takes the work of `strategy` choosing a move (the plies it looks at).
    ///
    /// # Errors
    /// The request's bound would be passed.
    pub fn choose(&mut self, strategy: Strategy) -> Result<(), Exceeded> {
        let b = self.candidates;
        let plies = match strategy {
            Strategy::Random => 0,
            Strategy::Greedy => b,
            // The root's moves, then `depth - 1` plies below each.
            Strategy::Search { depth } => (1..=depth).fold(0u64, |sum, d| sum.saturating_add(b.saturating_pow(d))),
        };
        let name = match strategy {
            Strategy::Search { depth } => format!("a search {depth} plies deep"),
            _ => "the opponent's choice".to_string(),
        };
        let fix = "choose a shallower search, or another opponent";
        self.spend(plies.saturating_mul(self.ply), || name, fix)
    }

    fn spend(&mut self, cost: u64, what: impl FnOnce() -> String, fix: &'static str) -> Result<(), Exceeded> {
        match self.left.checked_sub(cost) {
            Some(left) => {
                self.left = left;
                Ok(())
            }
            None => Err(Exceeded { what: what(), cost, fix }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn machine(source: &str) -> Machine {
        Machine::new(sowspec_core::check(source).expect("the rules check"))
    }

    fn bundled(name: &str) -> Machine {
        let path = format!("{}/rules/{name}.rules", env!("CARGO_MANIFEST_DIR"));
        machine(&std::fs::read_to_string(path).expect("a bundled rules file"))
    }

    #[test]
    fn a_ply_is_bounded_by_candidates_laps_and_seeds() {
        // Oware: no relay, so one lap; 6 holes a side, 48 seeds: (1 + 6) × 1 × 48.
        assert_eq!(Budget::new(&bundled("oware")).ply_cost(), 7 * 48);
        // Ayoayo relays, with a limit of 10,000 laps: (1 + 6) × 10,001 × 48.
        assert_eq!(Budget::new(&bundled("ayoayo")).ply_cost(), 7 * 10_001 * 48);
    }

    #[test]
    fn a_search_costs_the_plies_it_may_look_at() {
        let mut b = Budget::new(&bundled("oware"));
        b.choose(Strategy::Search { depth: 2 }).unwrap();
        // 6 root moves and 36 below them, each 336 seeds at most.
        assert_eq!(REQUEST_SEEDS - b.left, (6 + 36) * 336);
    }

    #[test]
    fn the_bound_refuses_before_any_work() {
        let mut b = Budget::new(&bundled("ayoayo"));
        let per = 7 * 10_001 * 48;
        for _ in 0..REQUEST_SEEDS / per {
            b.ply(|| "a move".into()).unwrap();
        }
        let e = b.ply(|| "move 9".into()).unwrap_err();
        assert_eq!(e.cost, per);
        assert!(e.to_string().starts_with("move 9 could sow up to 3360336 seeds"), "{e}");
    }
}
