//! One game of a statistics run, played by a computer [`Strategy`] on both
//! sides and recorded as a [`GameRecord`].

use super::GameRecord;
use crate::machine::{Children, Machine};
use crate::playout::{draw_seed, game_seed, nth_bit};
use crate::position::Position;
use crate::strategy::{Dice, Strategy};
use crate::trace::{Event, EventKind};

/// One thread's player of statistics games: plays game `i` of a run the
/// same way whichever thread plays it and whatever it played before.
pub struct Surveyor<'m> {
    m: &'m Machine,
    strategy: Strategy,
    max_plies: u64,
    /// Legal-move generation that counts endless candidates.
    kids: Children,
    /// The events of the last move (reused).
    events: Vec<Event>,
}

impl<'m> Surveyor<'m> {
    /// A player of `m`'s games with `strategy` on both sides, stopping a
    /// game unfinished after `max_plies` plies.
    pub fn new(m: &'m Machine, strategy: Strategy, max_plies: u64) -> Surveyor<'m> {
        Surveyor { m, strategy, max_plies, kids: Children::new(m), events: Vec::new() }
    }

    /// Plays game `index` of the run seeded `seed`.
    ///
    /// With [`Strategy::Random`] it is the very game
    /// [`crate::playout::Playouts::game`] plays with the same seed and
    /// index; the other strategies break ties with the same generator.
    pub fn game(&mut self, seed: u64, index: u64) -> GameRecord {
        let m = self.m;
        let mut dice = Dice::seeded(game_seed(seed, index));
        let mut pos = m.initial_drawn(draw_seed(seed, index));
        let endless_before = self.kids.endless();
        m.expand(&pos, &mut self.kids);
        let mut rec = GameRecord::default();
        loop {
            let legal = pos.legal_mask();
            if legal == 0 || rec.plies == self.max_plies {
                break;
            }
            // Under rules with decisions inside a move, every complete move
            // (decisions and all) is a choice, and equally likely.
            let complete = m.decides().then(|| m.legal_moves(&pos).expect("the machine's own position"));
            rec.choices += complete.as_ref().map_or(u64::from(legal.count_ones()), |c| c.len() as u64);
            let mv = match (self.strategy, &complete) {
                (Strategy::Random, Some(moves)) => moves[dice.below(moves.len())],
                (Strategy::Random, None) => m.move_at(nth_bit(legal, dice.below_u32(legal.count_ones()))),
                (s, _) => s.choose(m, &pos, &mut dice).expect("the machine's own position"),
            };
            self.events.clear();
            let next = m.play_traced(&pos, mv, &mut self.events).expect("the strategy chooses a legal move");
            rec.captures += u64::from(captures(m, &pos, &self.events));
            pos = next;
            rec.rounds += self.events.iter().filter(|e| matches!(e.kind, EventKind::RoundEnd { .. })).count() as u64;
            m.expand(&pos, &mut self.kids);
            rec.plies += 1;
        }
        rec.endless = self.kids.endless() - endless_before;
        rec.outcome = pos.result();
        rec
    }
}

/// Whether a move, played from `before` with `events` in its trace,
/// captured: it took seeds by a `capture` action, whatever their
/// destination (a store or reserve, a hand, or another hole: `capture … into`), or
/// a relay lifted seeds from a hole of the opponent's other than the lap's
/// landing, to sow them on (the captures of Omweso, Igisoro, Hus and Bao,
/// which never leave the board; a relay lifting the landing, as Dakon's,
/// sows on and takes nothing).
pub(super) fn captures(m: &Machine, before: &Position, events: &[Event]) -> bool {
    let Some(mover) = before.to_move() else { return false };
    let mut landing = None;
    events.iter().any(|e| match e.kind {
        EventKind::Capture { seeds, .. } | EventKind::ToHand { seeds, .. } | EventKind::Pull { seeds, .. } => seeds > 0,
        EventKind::LapEnd { landing: l, .. } => {
            landing = Some(l);
            false
        }
        EventKind::Relay { cell, seeds } => seeds > 0 && Some(cell) != landing && m.hole_owner(before, cell) != mover,
        _ => false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::playout::Playouts;

    fn machine(src: &str) -> Machine {
        Machine::new(crate::check(src).expect("the bundled rules check"))
    }

    /// A move of a 2×3 game from its setup: whether it captured. The track
    /// is S.a → S.b → S.c → N.a → N.b → N.c; S.c faces N.a.
    fn captured(setup: &str, on: &str, relay: &str, mv: u8) -> bool {
        let m = machine(&format!(
            "game \"tiny\" {{
  board {{ rows 2; holes 3; stores none }}
  setup {{ {setup} }}
  sowing {{ direction counterclockwise; first_seed next; origin sown; {relay} }}
  {on}
  moves {{ lift when count(origin) > 0; endless after 100 laps illegal }}
  end {{ no_moves remaining to owner; winner most_captured }}
}}"
        ));
        let pos = m.initial();
        let mut events = Vec::new();
        m.play_traced(&pos, crate::hole::Move::from(crate::hole::Hole::at(mv)), &mut events).expect("legal");
        captures(&m, &pos, &events)
    }

    /// South's b (1) drops into S.c, now 2, facing N.a (1): the relay
    /// lifts N.a, North's, and sows it on: a capture that stays on the
    /// board. South's c (1) drops into N.a, now 2, and a relay lifting the
    /// landing sows it on (N.b, N.c): no capture. A `capture … into` of
    /// N.a's 2 seeds into S.a moves them within the board: a capture.
    #[test]
    fn captures_count_seeds_taken_wherever_they_go() {
        let board = "seeds south [0, 1, 1] north [1, 0, 0]";
        let take = "relay lift opposite(landing) when landing in mover_row and count(landing) > 1 and count(opposite(landing)) > 0";
        assert!(captured(board, "", take, 1));
        assert!(!captured(board, "", "relay lift landing when count(landing) > 1", 2));
        let into =
            "on sowing_end when landing in opponent_row and count(landing) == 2 { capture landing to hole(south, 1) }";
        assert!(captured(board, into, "", 2));
        assert!(!captured(board, into, "", 1), "S.b sows S.c, which takes nothing");
    }

    // The random player's games are the playouts' games: same lengths,
    // results and endless candidates, game by game.
    #[test]
    fn random_games_are_the_playouts_games() {
        for src in [
            include_str!("../../../../rules/sadeqa3.rules"),
            include_str!("../../../../rules/kalah_openspiel.rules"),
            include_str!("../../../../rules/vai_lung_thlan.rules"),
        ] {
            let m = machine(src);
            let mut s = Surveyor::new(&m, Strategy::Random, 500);
            let mut p = Playouts::new(&m).with_max_plies(500);
            for g in 0..30 {
                let (rec, st) = (s.game(4, g), p.game(4, g));
                assert_eq!(rec.plies, st.moves, "game {g}");
                assert_eq!(rec.endless, st.endless_candidates, "game {g}");
                let won = |i: usize| u64::from(matches!(rec.outcome, Some(crate::Outcome::Win(p)) if p.index() == i));
                assert_eq!([won(0), won(1)], st.wins, "game {g}");
            }
        }
    }

    #[test]
    fn the_ply_limit_stops_a_game() {
        let m = machine(include_str!("../../../../rules/kalah.rules"));
        let rec = Surveyor::new(&m, Strategy::Greedy, 3).game(1, 0);
        assert_eq!((rec.plies, rec.outcome), (3, None));
        assert!(rec.choices >= 3);
    }
}
