//! Decisions inside a move (`choose hole where …`): a move names its
//! decisions after its hole (`c+/N.d`); the machine plays them through a
//! [`Deciding`] sink, and lists a position's complete moves by following
//! every option of every decision.

use super::eval::Ctx;
use super::outcome::{Endless, Sown};
use super::Machine;
use crate::diagnostic::Span;
use crate::hole::{Decision, Hole, Move, Sense};
use crate::position::{Player, Position};
use crate::rules::Endless as EndlessPolicy;
use crate::trace::{EventKind, Sink};
use std::fmt;

/// What is wrong with the decisions a move names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DecisionProblem {
    /// The rule declared at `span` asks for a decision the move does not
    /// name: one of `options`.
    Missing {
        /// What the move may choose there.
        options: Vec<Decision>,
        /// The `choose` rule.
        span: Span,
    },
    /// The move names `made` where the rule declared at `span` allows only
    /// `options`.
    NotAnOption {
        /// The decision the move names.
        made: Decision,
        /// What the move may choose there.
        options: Vec<Decision>,
        /// The `choose` rule.
        span: Span,
    },
    /// The move names more decisions than the rules asked for (`asked`).
    Unasked {
        /// How many the rules asked for.
        asked: usize,
    },
}

impl fmt::Display for DecisionProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |options: &[Decision]| options.iter().map(Decision::to_string).collect::<Vec<_>>().join(", ");
        match self {
            DecisionProblem::Missing { options, .. } => write!(
                f,
                "the move must make a decision here: add `/` and one of {} (at most {} decisions a move)",
                list(options),
                crate::hole::Decisions::MAX
            ),
            DecisionProblem::NotAnOption { made, options, .. } => {
                write!(f, "`{made}` cannot be chosen here: choose one of {}", list(options))
            }
            DecisionProblem::Unasked { asked: 0 } => {
                f.write_str("the rules ask for no decision in this move: write the hole alone")
            }
            DecisionProblem::Unasked { asked } => {
                write!(f, "the rules ask for only {asked} decision(s) in this move: leave out the rest")
            }
        }
    }
}

/// A sink that plays a move's own decisions, in order, and notes the
/// first problem with them; events go on to `sink`.
pub(super) struct Deciding<'a, S> {
    sink: &'a mut S,
    made: &'a [Decision],
    next: usize,
    problem: Option<DecisionProblem>,
}

impl<'a, S: Sink> Deciding<'a, S> {
    /// Plays `made`, passing events to `sink`.
    pub fn new(sink: &'a mut S, made: &'a [Decision]) -> Deciding<'a, S> {
        Deciding { sink, made, next: 0, problem: None }
    }

    /// The first problem with the decisions, once the move is played.
    pub fn problem(self) -> Option<DecisionProblem> {
        match self.problem {
            None if self.next < self.made.len() => Some(DecisionProblem::Unasked { asked: self.next }),
            problem => problem,
        }
    }
}

impl<S: Sink> Sink for Deciding<'_, S> {
    const ON: bool = S::ON;

    fn event(&mut self, kind: EventKind, span: Option<Span>) {
        self.sink.event(kind, span);
    }

    fn asks_why(&self, rule: Span) -> bool {
        self.sink.asks_why(rule)
    }

    fn decide(&mut self, options: &[Decision], span: Span) -> Decision {
        if self.problem.is_some() {
            return options[0];
        }
        let Some(&made) = self.made.get(self.next) else {
            self.problem = Some(DecisionProblem::Missing { options: options.to_vec(), span });
            return options[0];
        };
        self.next += 1;
        if options.contains(&made) {
            made
        } else {
            self.problem = Some(DecisionProblem::NotAnOption { made, options: options.to_vec(), span });
            options[0]
        }
    }
}

impl Machine {
    /// The complete moves of the player to move: each legal hole (and
    /// direction) with every sequence of decisions its rules may ask for,
    /// in order (a hole's moves together, its decisions' options in the
    /// order the rules list them). Without `choose` rules, the legal holes.
    /// A move that would need more than [`crate::Decisions::MAX`]
    /// decisions is not listed (nor can it be played).
    ///
    /// # Errors
    /// The position belongs to another game.
    pub fn legal_moves(&self, pos: &Position) -> Result<Vec<Move>, super::OtherGame> {
        self.owns(pos)?;
        if self.laying_out(pos).is_some() {
            return Ok(self.layouts(pos));
        }
        let bases = pos.legal_moves();
        if !self.decides {
            return Ok(bases.collect());
        }
        let mut moves = Vec::new();
        for base in bases {
            self.complete(pos, base, &mut moves);
        }
        Ok(moves)
    }

    /// Pushes onto `moves` every complete move that begins with `base`, a
    /// legal hole (and direction). Where every decision is made once the
    /// sowing has ended (`choose` in `on sowing_end` rules only), the laps
    /// are sown once, and only the `on sowing_end` rules are run again for
    /// each sequence of decisions; where a rule asks before (`on
    /// move_start`, `on lap_end`), the whole sowing is played again for
    /// each sequence asked so far. The next player's moves are never sought.
    fn complete(&self, pos: &Position, base: Move, moves: &mut Vec<Move>) {
        if self.laps_decide {
            self.replay_from(pos, base, moves);
            return;
        }
        let Some(mover) = pos.to_move else { return };
        let reverse = base.sense == Some(Sense::Minus);
        let mut sown = pos.clone();
        let cell = self.move_cell(mover, base.hole.index());
        match self.sow_laps_as(&mut sown, mover, cell, reverse, base.place, &mut ()) {
            Ok((ctx, lifted)) => self.decide_from(&sown, &ctx, reverse, lifted, base, moves),
            // (Legal though endless: `endless … ends_game`, nothing sown.)
            Err(_) => moves.push(base),
        }
    }

    /// Pushes onto `moves` every complete move that begins as `mv` does,
    /// its laps sown into `sown` (`ctx`, `reverse`, `lifted`: as
    /// [`Machine::end_sowing`] takes them).
    fn decide_from(&self, sown: &Position, ctx: &Ctx, reverse: bool, lifted: u16, mv: Move, moves: &mut Vec<Move>) {
        let mut quiet = ();
        let mut deciding = Deciding::new(&mut quiet, mv.then.as_slice());
        self.end_sowing(&mut sown.clone(), ctx, reverse, lifted, &mut deciding);
        match deciding.problem() {
            None => moves.push(mv),
            Some(DecisionProblem::Missing { options, .. }) => {
                for d in options {
                    if let Some(longer) = mv.then(d) {
                        self.decide_from(sown, ctx, reverse, lifted, longer, moves);
                    }
                }
            }
            Some(_) => {}
        }
    }

    /// Pushes onto `moves` every complete move that begins as `mv` does,
    /// each sequence of decisions played from the move's start. A sequence
    /// whose sowing would need more laps than the rules allow is left out
    /// where `endless … illegal` makes such a move illegal.
    fn replay_from(&self, pos: &Position, mv: Move, moves: &mut Vec<Move>) {
        let Some(mover) = pos.to_move else { return };
        let (problem, endless) = self.sow_deciding(pos, mover, mv);
        match problem {
            None if endless && self.endless_illegal() => {}
            None => moves.push(mv),
            Some(DecisionProblem::Missing { options, .. }) => {
                for d in options {
                    if let Some(longer) = mv.then(d) {
                        self.replay_from(pos, longer, moves);
                    }
                }
            }
            Some(_) => {}
        }
    }

    /// Sows `mv`, a hole (and direction) of `mover`'s with the decisions it
    /// names, on a copy of `pos` up to the end of its `on sowing_end` rules:
    /// the first problem with its decisions, and whether the sowing was
    /// endless (stopped at the rules' lap limit).
    fn sow_deciding(&self, pos: &Position, mover: Player, mv: Move) -> (Option<DecisionProblem>, bool) {
        let reverse = mv.sense == Some(Sense::Minus);
        let mut scratch = pos.clone();
        let cell = self.move_cell(mover, mv.hole.index());
        let mut quiet = ();
        let mut deciding = Deciding::new(&mut quiet, mv.then.as_slice());
        let endless = match self.sow_laps_as(&mut scratch, mover, cell, reverse, mv.place, &mut deciding) {
            Ok((ctx, lifted)) => {
                self.end_sowing(&mut scratch, &ctx, reverse, lifted, &mut deciding);
                false
            }
            Err(_) => true,
        };
        (deciding.problem(), endless)
    }

    /// For rules that ask before the sowing ends ([`Ruleset::decides_in_laps`]):
    /// the sowing of candidate `mv` (a hole or a placement of `mover`'s,
    /// with its direction) by its first complete move that can be played
    /// (its decisions' options in the order the rules list them), sown into
    /// `slot` from `pos`. `None` when none can: every sequence of decisions
    /// is endless under `endless … illegal`, or asks more than
    /// [`crate::Decisions::MAX`] decisions; the candidate is then not legal.
    ///
    /// [`Ruleset::decides_in_laps`]: crate::rules::Ruleset::decides_in_laps
    pub(super) fn sow_first_playable(
        &self,
        slot: &mut Position,
        pos: &Position,
        mover: Player,
        mv: Move,
    ) -> Option<Result<Sown, Endless>> {
        let path = self.first_playable(pos, mover, mv)?;
        let reverse = mv.sense == Some(Sense::Minus);
        slot.clone_from(pos);
        let mut quiet = ();
        let mut deciding = Deciding::new(&mut quiet, path.then.as_slice());
        Some(if mv.place {
            self.place(slot, mover, self.cell(mover, mv.hole.index()), reverse, &mut deciding)
        } else {
            self.sow(slot, mover, self.move_cell(mover, mv.hole.index()), reverse, &mut deciding)
        })
    }

    /// The first complete move that begins as `mv` does and can be played
    /// (as [`Machine::replay_from`] lists them).
    fn first_playable(&self, pos: &Position, mover: Player, mv: Move) -> Option<Move> {
        match self.sow_deciding(pos, mover, mv) {
            (None, endless) => (!endless || !self.endless_illegal()).then_some(mv),
            (Some(DecisionProblem::Missing { options, .. }), _) => {
                options.into_iter().find_map(|d| mv.then(d).and_then(|longer| self.first_playable(pos, mover, longer)))
            }
            _ => None,
        }
    }

    /// Why a legal hole (and direction) `mv` cannot be played with the
    /// decisions it names, for rules that ask before the sowing ends: a
    /// problem with them, or a sowing they make endless under `endless …
    /// illegal` (the hole is legal: some sequence of decisions ends).
    pub(super) fn replay_decisions(&self, pos: &Position, mv: Move) -> Result<(), super::Illegal> {
        let Some(mover) = pos.to_move.filter(|_| pos.legal & (1 << mv.index()) != 0) else {
            return Ok(()); // (refused as it is played)
        };
        match self.sow_deciding(pos, mover, mv) {
            // (Decisions left over by a sowing stopped at the lap limit: endless.)
            (Some(DecisionProblem::Unasked { .. }) | None, true) if self.endless_illegal() => {
                Err(super::Illegal::Endless { limit: self.rules.moves.lap_limit, span: self.rules.moves.endless_span })
            }
            (Some(problem), _) => Err(super::Illegal::Decision(problem)),
            (None, _) => Ok(()),
        }
    }

    /// Whether the rules make an endless move illegal (`endless … illegal`).
    fn endless_illegal(&self) -> bool {
        self.rules.moves.endless == EndlessPolicy::Illegal
    }

    /// The decision that names `cell`.
    pub(super) fn decision_of(&self, cell: u8) -> Decision {
        Decision::Hole(self.owner[usize::from(cell)], Hole::at(cell % self.holes))
    }

    /// The cell a decision names (`None` for [`Decision::None`]).
    pub(super) fn cell_of(&self, d: Decision) -> Option<u8> {
        match d {
            Decision::Hole(p, h) => Some(self.cell(p, h.index())),
            Decision::None | Decision::Way(_) => None,
        }
    }
}
