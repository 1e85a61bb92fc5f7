//! Why a rule applied or not: its condition weighed part by part, for a
//! sink that asks about the rule (`trace --why LINE`).

use super::eval::Ctx;
use super::Machine;
use crate::diagnostic::Span;
use crate::position::{Player, Position};
use crate::rules::{Cond, HoleRef, MustLeave, Num, PlayerRef};
use crate::trace::{EventKind, Fact, Sink};

impl Machine {
    /// Whether `cond` holds. When `sink` asks about the rule declared at
    /// `rule`, it also hears how the condition was weighed (at hole `at`).
    #[inline]
    pub(super) fn weigh<S: Sink>(
        &self,
        cond: &Cond,
        rule: Span,
        pos: &Position,
        ctx: &Ctx,
        at: Option<u8>,
        sink: &mut S,
    ) -> bool {
        let held = self.holds(cond, pos, ctx);
        if S::ON && sink.asks_why(rule) {
            let mut because = Vec::new();
            self.decisive(cond, pos, ctx, &mut because);
            sink.event(EventKind::Considered { held, at, because }, Some(rule));
        }
        held
    }

    /// Before `mover` plays in `pos`: how `lift when` was weighed at every
    /// candidate hole, and whether the `must_leave` duty applied, for a
    /// sink that asks about those lines. Returns the duty when it applied
    /// (its `after` is then weighed once the move is sown); always `None`
    /// when the sink is off.
    pub(super) fn weigh_before_move<S: Sink>(&self, pos: &Position, mover: Player, sink: &mut S) -> Option<&MustLeave> {
        if !S::ON {
            return None;
        }
        let moves = &self.rules.moves;
        // The rules that judge each candidate before the move.
        let judged = std::iter::once((&moves.lift, moves.lift_span))
            .chain(moves.capturing.iter().chain(&moves.prefer).map(|j| (&j.when, j.span)));
        for (cond, span) in judged {
            if !sink.asks_why(span) {
                continue;
            }
            let mut candidates = self.candidates(pos, mover);
            let senses: &[bool] = if pos.chosen { &[false, true] } else { &[false] };
            while candidates != 0 {
                let cell = self.cell(mover, candidates.trailing_zeros() as u8);
                candidates &= candidates - 1;
                for &reverse in senses {
                    let ctx = self.judging(pos, mover, cell, reverse);
                    self.weigh(cond, span, pos, &ctx, Some(cell), sink);
                }
            }
        }
        moves
            .must_leave
            .as_ref()
            .filter(|duty| self.weigh(&duty.before, duty.span, pos, &Ctx::at(mover, 0), None, sink))
    }

    /// Pushes onto `out` the tests that decided `cond`: of an `and` that
    /// failed, the first part that failed; of an `or` that held, the first
    /// part that held; otherwise every part.
    fn decisive(&self, cond: &Cond, pos: &Position, ctx: &Ctx, out: &mut Vec<Fact>) {
        match cond {
            Cond::True => {}
            Cond::Not(x) => self.decisive(x, pos, ctx, out),
            Cond::And(a, b) | Cond::Or(a, b) => {
                // The value that settles an `or` (true) or an `and` (false) alone.
                let settles = matches!(cond, Cond::Or(..));
                match [a, b].into_iter().find(|part| self.holds(part, pos, ctx) == settles) {
                    Some(part) => self.decisive(part, pos, ctx, out),
                    None => {
                        self.decisive(a, pos, ctx, out);
                        self.decisive(b, pos, ctx, out);
                    }
                }
            }
            atom => out.push(self.fact(atom, pos, ctx)),
        }
    }

    /// One test of a condition, with the values it read.
    fn fact(&self, atom: &Cond, pos: &Position, ctx: &Ctx) -> Fact {
        let mut values = Vec::new();
        let mut holes = Vec::new();
        match atom {
            Cond::Compare(a, _, b) => {
                for side in [a, b] {
                    if !matches!(side, Num::Lit(_)) {
                        values.push(format!("{side} is {}", self.num(side, pos, ctx)));
                    }
                    holes_of_num(side, &mut holes);
                }
            }
            Cond::SameHole(a, b, _) => {
                holes_of(a, &mut holes);
                holes_of(b, &mut holes);
            }
            Cond::InRow(h, _) | Cond::Claimed(h) | Cond::Marked(_, h) => holes_of(h, &mut holes),
            Cond::LastMove { hole, player, landing, .. } => {
                holes_of(hole, &mut holes);
                let whose = self.player(player, pos, ctx);
                values.push(match pos.memory().and_then(|m| m.last_move(whose)) {
                    Some((origin, landed)) => {
                        let c = if *landing { landed } else { origin };
                        format!(
                            "{whose}'s last move {} {}",
                            if *landing { "ended in" } else { "lifted" },
                            self.cell_name(c)
                        )
                    }
                    None => format!("{whose} has not moved this round"),
                });
            }
            Cond::SamePlayer(a, b, _) => {
                holes_of_player(a, &mut holes);
                holes_of_player(b, &mut holes);
            }
            Cond::Capturing => {
                values.push(format!("the move is {}a capturing move", if ctx.capturing { "" } else { "not " }))
            }
            Cond::Sense(_) => values.push(format!(
                "the sowing goes {}",
                if self.clockwise(ctx.reverse) { "clockwise" } else { "counterclockwise" }
            )),
            Cond::PreviousSense(_) => values.push(match pos.previous {
                Some(p) => {
                    format!("the previous move sowed {}", if p.clockwise { "clockwise" } else { "counterclockwise" })
                }
                None => "no move has been played this round".to_string(),
            }),
            Cond::True | Cond::Not(_) | Cond::And(..) | Cond::Or(..) => {}
        }
        let mut named: Vec<String> = Vec::new();
        for h in holes {
            let line = format!("{h} is {}", self.cell_name(self.hole(h, pos, ctx)));
            if !named.contains(&line) {
                named.push(line);
            }
        }
        values.extend(named);
        Fact { text: atom.to_string(), held: self.holds(atom, pos, ctx), values }
    }
}

/// The holes a number reads, innermost first.
fn holes_of_num<'a>(n: &'a Num, out: &mut Vec<&'a HoleRef>) {
    match n {
        Num::Count(h) | Num::Index(h) => holes_of(h, out),
        Num::Add(a, b) | Num::Sub(a, b) => {
            holes_of_num(a, out);
            holes_of_num(b, out);
        }
        Num::Rem(a, _) => holes_of_num(a, out),
        Num::Captured(p) | Num::Claims(p) | Num::ClaimedSeeds(p) | Num::Value(_, Some(p)) | Num::Hand(p) => {
            holes_of_player(p, out)
        }
        Num::Value(_, None)
        | Num::Round
        | Num::Lit(_)
        | Num::Laps
        | Num::Lifted
        | Num::LapCaptures
        | Num::Total(_)
        | Num::TotalBefore(_)
        | Num::Holes(..)
        | Num::PreviousLifted
        | Num::TurnsPlayed
        | Num::ExtraTurns => {}
    }
}

/// `h` and the holes it is named from, innermost first.
fn holes_of<'a>(h: &'a HoleRef, out: &mut Vec<&'a HoleRef>) {
    match h {
        HoleRef::Opposite(x)
        | HoleRef::NextOf(x)
        | HoleRef::PrevOf(x)
        | HoleRef::Mirror(x)
        | HoleRef::Inner(x)
        | HoleRef::Outer(x) => holes_of(x, out),
        HoleRef::Store(p) | HoleRef::Numbered(p, _) => holes_of_player(p, out),
        HoleRef::Counted(p, n) => {
            holes_of_player(p, out);
            holes_of_num(n, out);
        }
        HoleRef::Origin
        | HoleRef::LapOrigin
        | HoleRef::Landing
        | HoleRef::Next
        | HoleRef::After
        | HoleRef::Dropped
        | HoleRef::PreviousOrigin => {}
    }
    out.push(h);
}

/// The holes a player is named from (`owner(landing)`).
fn holes_of_player<'a>(p: &'a PlayerRef, out: &mut Vec<&'a HoleRef>) {
    if let PlayerRef::Owner(h) | PlayerRef::Claimer(h) = p {
        holes_of(h, out);
    }
}
