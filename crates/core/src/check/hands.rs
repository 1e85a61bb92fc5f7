//! Seeds in hand (`setup { hand N }`) and placement moves (`moves { place
//! when … }`): what they ask of the rest of the rules.
//!
//! A placement's bit in the legal-move mask is above the holes' bits
//! ([`crate::hole::Hole::MAX`] and up), or with a chosen direction beside the lifts' two
//! halves (see `Move::index`), so placements need at most
//! [`Move::PLACE_PLUS`] (16) holes a player; a player's
//! placements go into their own row, so neither territory nor `lift from
//! both_rows`; and a hand is dealt once, at the game's start, so no match.

use super::args::Args;
use super::{Checker, MAX_TOTAL_SEEDS};
use crate::diagnostic::{Code, Diagnostic, Span};
use crate::hole::Move;
use crate::rules::{Board, Moves, PlayerRef, Rounds};
use crate::syntax::{Expr, ExprKind};

/// Why rules with seeds in hand run on the general interpreter.
pub(super) const GENERAL_ONLY_HANDS: &str =
    "the players hold seeds in hand (`setup { hand N }`), which only the general interpreter's positions carry";

impl Checker {
    /// `hand N` or `hand south N north M` in `setup`: the seeds each player
    /// holds in hand at the start.
    pub(super) fn hand_statement(&mut self, a: &mut Args) {
        const MOST: u64 = MAX_TOTAL_SEEDS / 2;
        let hands = if a.peek_word() == Some("south") {
            a.keyword(self, "south", "hand south 22 north 22");
            let south = a.int(self, "the seeds South holds in hand", 0, MOST, None);
            a.keyword(self, "north", "hand south 22 north 22");
            let north = a.int(self, "the seeds North holds in hand", 0, MOST, None);
            south.zip(north).map(|(s, n)| [s as u16, n as u16])
        } else {
            a.int(self, "the seeds each player holds in hand", 1, MOST, None).map(|n| [n as u16; 2])
        };
        if let Some(hands) = hands {
            self.hands = Some(hands);
            self.general(GENERAL_ONLY_HANDS);
        }
    }

    /// A rule reads or places seeds in hand (`what`, at `span`): the setup
    /// must give the players some.
    pub(super) fn needs_hands(&mut self, span: Span, what: &str) -> bool {
        if self.hands.is_some() {
            return true;
        }
        self.diags.push(
            Diagnostic::new(
                Code::Contradiction,
                span,
                format!("{what}, but the players hold no seeds in hand"),
                "no hands in the setup",
            )
            .with_help("give each player seeds in hand in the setup, on a line of its own after `seeds`: `hand 12`"),
        );
        false
    }

    /// The player of `capture HOLE to hand(PLAYER)`'s target `e` (a call
    /// of `hand`, see [`is_hand`]), if the setup gives the players seeds
    /// in hand and the call names a player.
    pub(super) fn hand_target(&mut self, e: &Expr, scope: super::expr::Scope) -> Option<PlayerRef> {
        let ExprKind::Call(_, args) = &e.kind else { return None };
        if !self.arity(e, "hand", args.len(), "PLAYER") {
            return None;
        }
        let player = self.player(&args[0], scope)?;
        self.needs_hands(e.span, "`capture … to hand(…)` puts the seeds into a player's hand").then_some(player)
    }

    /// `moves` if their placements (`place when …`) fit the board and the
    /// other moves; otherwise a diagnostic for each misfit, and `None`.
    pub(super) fn place_fits(&mut self, moves: Moves, board: &Board) -> Option<Moves> {
        let Some(place) = moves.place.as_ref() else { return Some(moves) };
        let span = place.span;
        let mut misfits = Vec::new();
        if board.per_player() > Move::PLACE_PLUS {
            misfits.push((
                "placements need a board of at most 16 holes a player",
                "too wide for placements",
                "a hole's lifting and its placement are two bits of a 64-bit mask: a narrower board",
            ));
        }
        if moves.both_rows {
            misfits.push((
                "placements go into the mover's own holes, which `lift from both_rows` blurs",
                "placements with `lift from both_rows`",
                "leave out `from both_rows`, or the placements",
            ));
        }
        if misfits.is_empty() {
            return Some(moves);
        }
        for (message, label, help) in misfits {
            self.diags.push(Diagnostic::new(Code::Contradiction, span, message, label).with_help(help));
        }
        None
    }

    /// Seeds in hand are dealt once, at the game's start: a match's refills
    /// would have to deal them again. `rounds` is refused with hands.
    pub(super) fn hands_fit_match(&mut self, rounds: Option<Rounds>) -> Option<Rounds> {
        let Some(r) = rounds.as_ref().filter(|_| self.hands.is_some()) else { return rounds };
        self.diags.push(
            Diagnostic::new(
                Code::Contradiction,
                r.refill_span,
                "seeds in hand are dealt once, at the game's start: a match of rounds cannot deal them again",
                "a match with hands",
            )
            .with_help("leave out the `match` section, or the seeds in hand"),
        );
        None
    }
}

/// Whether `e` is a call of `hand` (`capture HOLE to hand(PLAYER)`'s target).
pub(super) fn is_hand(e: &Expr) -> bool {
    matches!(&e.kind, ExprKind::Call(f, _) if f.name == "hand")
}
