//! What happened during a move: a list of events, each tied to the span of
//! the rules-file declaration that caused it.

use crate::diagnostic::Span;
use crate::hole::Decision;
use crate::position::{Outcome, Player};

/// One step of a move, or of what follows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EventKind {
    /// The mover lifts every seed of a hole to start the move.
    Lift {
        /// Cell lifted.
        cell: u8,
        /// Seeds in hand.
        seeds: u16,
    },
    /// The mover takes one seed from their hand to place it in a hole
    /// (`place when …`); a [`EventKind::Drop`] into the hole follows.
    Place {
        /// Cell placed into.
        cell: u8,
        /// Whose hand the seed comes from.
        player: Player,
    },
    /// One seed dropped.
    Drop {
        /// Cell that received it.
        cell: u8,
        /// Seeds in it afterwards.
        count: u16,
    },
    /// A lap's last seed has been dropped.
    LapEnd {
        /// Where the last seed fell.
        landing: u8,
        /// Laps sown so far.
        laps: u32,
    },
    /// A relay rule lifts a hole for another lap.
    Relay {
        /// Cell lifted.
        cell: u8,
        /// Seeds in hand.
        seeds: u16,
    },
    /// No relay rule applies: the sowing ends.
    SowingEnd {
        /// Where the last seed fell.
        landing: u8,
    },
    /// Seeds taken from a hole.
    Capture {
        /// Cell emptied.
        cell: u8,
        /// How many seeds.
        seeds: u16,
        /// Who receives them.
        to: Player,
    },
    /// Seeds taken from a hole into a player's hand (`capture HOLE to
    /// hand(PLAYER)`): off the board, not captured, for `place` moves.
    ToHand {
        /// Cell emptied.
        cell: u8,
        /// How many seeds.
        seeds: u16,
        /// Whose hand receives them.
        to: Player,
    },
    /// Seeds a player held put back into a hole (`return N from PLAYER to
    /// every hole where …`).
    Return {
        /// The hole that received them.
        cell: u8,
        /// How many seeds.
        seeds: u16,
        /// Whose holding they came from.
        from: Player,
    },
    /// Seeds taken from the hand before a lap is sown (`toll`).
    Toll {
        /// How many seeds.
        seeds: u16,
        /// Who receives them.
        to: Player,
    },
    /// A relay's lifted hole closes for the rest of the game (`relay …
    /// closing`).
    Close {
        /// The hole closed.
        cell: u8,
    },
    /// The mover moves again.
    ExtraTurn,
    /// Seeds moved from one hole into another, staying in play (`capture
    /// HOLE to HOLE`).
    Pull {
        /// Cell emptied (or taken from).
        cell: u8,
        /// How many seeds.
        seeds: u16,
        /// Cell that received them.
        into: u8,
        /// Seeds in it afterwards.
        count: u16,
    },
    /// A hole claimed by a player for the rest of the game.
    Claim {
        /// The cell claimed.
        cell: u8,
        /// Who claimed it.
        by: Player,
    },
    /// A `claim` of a hole already claimed: it does nothing, the hole
    /// staying with its first claimer.
    ClaimKept {
        /// The cell.
        cell: u8,
        /// Who tried to claim it.
        by: Player,
        /// Whose it stays.
        claimer: Player,
    },
    /// A mark the rules keep (`memory`) put on a hole (`set MARK(HOLE)`)
    /// or taken off it (`clear MARK(HOLE)`).
    Mark {
        /// The cell.
        cell: u8,
        /// The mark's name.
        mark: Box<str>,
        /// Put on (true) or taken off.
        on: bool,
    },
    /// A mark taken off every hole (`clear MARK`).
    MarksCleared {
        /// The mark's name.
        mark: Box<str>,
    },
    /// A value the rules keep (`memory`) set (`set VALUE to N`, `clear VALUE`).
    Value {
        /// The value's name.
        name: Box<str>,
        /// Whose, for a value kept per player (`None`: the game's, or
        /// both players' when cleared).
        player: Option<Player>,
        /// What it holds now.
        value: i32,
    },
    /// A decision inside the move (`choose hole where …`): the hole chosen
    /// (`None`: none, where the choice is optional) among `among` options;
    /// `forced` when it was the only one, taken without asking.
    Chose {
        /// The cell chosen, if any.
        cell: Option<u8>,
        /// How many options there were (`none` included).
        among: u8,
        /// Whether it was the only option.
        forced: bool,
    },
    /// A decision inside the move (`relay … chosen`): the way the mover
    /// chose for the laps the relay sows on.
    ChoseWay {
        /// Whether clockwise (`-`).
        clockwise: bool,
    },
    /// A rule's effects were undone by its `forfeit` condition.
    Forfeit,
    /// The move would need more laps than the limit (C-6).
    Endless {
        /// The lap limit that was reached.
        limit: u32,
    },
    /// The rules' `over` condition holds after the move.
    Over,
    /// The player to move has no legal move (C-7).
    NoMoves {
        /// Who cannot move.
        player: Player,
    },
    /// A player with no legal move passes (`no_moves pass`); the other moves.
    Pass {
        /// Who passes.
        player: Player,
    },
    /// The position has occurred as often as the rules' `repetition` allows.
    Repetition {
        /// How many times it has now occurred.
        times: u32,
    },
    /// Seeds left on the board given to a player.
    Award {
        /// Who receives them.
        to: Player,
        /// How many.
        seeds: u32,
    },
    /// A round of a match is over.
    RoundEnd {
        /// The round that ended.
        round: u32,
        /// Who won it.
        outcome: Outcome,
    },
    /// A player refills holes for the next round (RP-7).
    Refill {
        /// Whose row.
        player: Player,
        /// Holes filled.
        filled: u8,
        /// Seeds kept in reserve.
        kept: u32,
    },
    /// A player lays the round out (`refill … chosen`, a move `=a.c.d`).
    Layout {
        /// Who chose.
        player: Player,
        /// The row laid out: the chooser's own, or under territory the
        /// other player's, whose chosen holes the chooser owns.
        row: Player,
        /// The holes chosen, bit `i` for hole `i` of `row`.
        holes: u64,
    },
    /// Who starts the next round (RP-9).
    RoundStart {
        /// The new round.
        round: u32,
        /// Who moves first.
        starter: Player,
    },
    /// The game or match is over.
    GameEnd {
        /// How it ended.
        outcome: Outcome,
    },
    /// A rule's condition was weighed, and held or not: shown only when
    /// asked about the rule (`trace --why LINE`, [`Explaining`]).
    Considered {
        /// Whether the condition held (the rule applied).
        held: bool,
        /// The hole it was weighed at: the candidate for `lift when`, the
        /// hole just sown for a trigger, the landing for a relay, the
        /// visited hole in a `sweep` or `capture every`; none for a
        /// condition on the whole position (`over`, `must_leave`).
        at: Option<u8>,
        /// The parts of the condition that decided it, in order.
        because: Vec<Fact>,
    },
    /// The trace stops here, though the move goes on: it reached
    /// [`MAX_TRACE_EVENTS`].
    Truncated,
}

/// One comparison or test of a condition, as it stood when the condition
/// was weighed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fact {
    /// The test, written as in a rules file (`count(landing) > 1`).
    pub text: String,
    /// Whether it held.
    pub held: bool,
    /// What its holes and numbers were (`count(landing) is 1`, `landing is f`).
    pub values: Vec<String>,
}

/// The most events a `Vec<Event>` records. A legal move may sow up to a
/// million laps of thousands of seeds: its whole trace would not fit in
/// memory, and nobody could read it. Past the limit the trace ends with
/// [`EventKind::Truncated`] and the move's other events are left out; the
/// position the move leads to is complete all the same.
pub const MAX_TRACE_EVENTS: usize = 1_000_000;

/// An event and the declaration that caused it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    /// What happened.
    pub kind: EventKind,
    /// The rules-file declaration responsible, if one is.
    pub span: Option<Span>,
}

/// Receives events as the machine runs. `()` ignores them at no cost.
pub trait Sink {
    /// Whether events are wanted at all (lets the machine skip building them).
    const ON: bool;
    /// Receives one event.
    fn event(&mut self, kind: EventKind, span: Option<Span>);
    /// Whether [`EventKind::Considered`] events are wanted for the rule
    /// declared at `span` (only asked when [`Sink::ON`]).
    fn asks_why(&self, _rule: Span) -> bool {
        false
    }
    /// The decision the move makes among `options` (at least two, in the
    /// order the rules list them) at the `choose` rule declared at `span`.
    /// Sinks that carry no move's decisions (a legal-move search sowing a
    /// candidate) take the first (with `choose` in `on lap_end` or `on
    /// move_start`, a hole whose first options' sowing is endless is legal
    /// when another sequence of decisions ends, and each sequence is
    /// weighed as the complete moves are listed). The machine plays a
    /// move's own decisions through a sink that carries them.
    fn decide(&mut self, options: &[Decision], _span: Span) -> Decision {
        options[0]
    }
}

impl Sink for () {
    const ON: bool = false;
    #[inline(always)]
    fn event(&mut self, _: EventKind, _: Option<Span>) {}
}

impl Sink for Vec<Event> {
    const ON: bool = true;
    fn event(&mut self, kind: EventKind, span: Option<Span>) {
        match self.len().cmp(&MAX_TRACE_EVENTS) {
            std::cmp::Ordering::Less => self.push(Event { kind, span }),
            std::cmp::Ordering::Equal => self.push(Event { kind: EventKind::Truncated, span: None }),
            std::cmp::Ordering::Greater => {}
        }
    }
}

/// Records every event like a `Vec<Event>`, and also how the conditions of
/// the rules declared within `about` were weighed ([`EventKind::Considered`]).
pub struct Explaining<'a> {
    /// Where the events go.
    pub events: &'a mut Vec<Event>,
    /// The rules-file text asked about (a line, say): a rule whose
    /// declaration starts within it is explained.
    pub about: Span,
}

impl Sink for Explaining<'_> {
    const ON: bool = true;
    fn event(&mut self, kind: EventKind, span: Option<Span>) {
        self.events.event(kind, span);
    }
    fn asks_why(&self, rule: Span) -> bool {
        (self.about.start..self.about.end).contains(&rule.start)
    }
}
