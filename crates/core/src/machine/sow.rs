//! One move's sowing: laps, relays, drop triggers, the endless limit and the
//! captures when the sowing ends.

use super::eval::Ctx;
use super::lower::{track_index, Track};
use super::outcome::{Endless, Sown};
use super::{Kernel, Machine};
use crate::diagnostic::Span;
use crate::hole::{Decision, Sense};
use crate::memory::{clamp_value, Slot};
use crate::position::{Player, Position, Previous};
use crate::rules::{
    Action, ClosedToll, Cond, Direction, Endless as EndlessPolicy, Event as RuleEvent, FirstSeed, Num, OriginPolicy,
    PlayerRef, Trigger,
};
use crate::trace::{EventKind, Sink};

impl Machine {
    /// The mover's track for a closed-hole mask (laid out against the
    /// rules' direction when `reverse`), given to `f`.
    #[inline]
    pub(super) fn with_track<R>(&self, closed: u64, mover: Player, reverse: bool, f: impl FnOnce(&Track) -> R) -> R {
        if closed == 0 {
            f(&self.tracks[track_index(mover, reverse)])
        } else {
            f(&self.build_track(mover, reverse, closed))
        }
    }

    /// Sows a move with the fast kernel when it can (the rules allow it and
    /// no events are wanted), else with the general code.
    ///
    /// # Errors
    /// As [`Machine::sow`].
    #[inline]
    pub(super) fn sow_any<S: Sink>(
        &self,
        pos: &mut Position,
        mover: Player,
        origin: u8,
        reverse: bool,
        sink: &mut S,
    ) -> Result<Sown, Endless> {
        if !S::ON && self.plan.kernel != Kernel::General {
            self.with_track(pos.closed, mover, reverse, |t| self.sow_fast(pos, t, mover, origin))
        } else {
            self.sow(pos, mover, origin, reverse, sink)
        }
    }

    /// The seeds the move lifting `origin` takes in hand: every seed of the
    /// hole, or at most `take`'s number when its condition holds on the
    /// board before the move.
    pub(super) fn seeds_taken(&self, pos: &Position, mover: Player, origin: u8, reverse: bool) -> u16 {
        let seeds = pos.cells[usize::from(origin)];
        match &self.rules.sowing.take {
            // (Judged without `landing`, which depends on the seeds taken.)
            Some(t) if self.holds(&t.when, pos, &Ctx::sowing(mover, origin, reverse)) => seeds.min(t.seeds),
            _ => seeds,
        }
    }

    /// Remembers, for rules that read the previous move, the move that
    /// lifted `lifted` seeds from `origin` (against the rules' direction
    /// when `reverse`) as the previous move of `pos`, the position it made.
    #[inline]
    pub(super) fn remember(&self, pos: &mut Position, origin: u8, reverse: bool, lifted: u16) {
        if self.rules.reads_previous {
            pos.previous = Some(Previous { origin, clockwise: self.clockwise(reverse), lifted });
        }
    }

    /// Sows a legal move: as [`Machine::sow_any`], but a move that is legal
    /// though endless (`endless … ends_game`) sows nothing and is
    /// [`Sown::ENDS_GAME`].
    pub(super) fn sow_legal<S: Sink>(
        &self,
        pos: &mut Position,
        mover: Player,
        origin: u8,
        reverse: bool,
        sink: &mut S,
    ) -> Sown {
        if self.rules.reads_previous {
            // (The general sowing remembers the move; the kernels do not.)
            let lifted = self.seeds_taken(pos, mover, origin, reverse);
            let sown = self.sow_legal_unremembered(pos, mover, origin, reverse, sink);
            if !sown.ends_game() {
                self.remember(pos, origin, reverse, lifted);
            }
            return sown;
        }
        self.sow_legal_unremembered(pos, mover, origin, reverse, sink)
    }

    /// [`Machine::sow_legal`], the move not remembered by the kernels.
    #[inline(always)]
    fn sow_legal_unremembered<S: Sink>(
        &self,
        pos: &mut Position,
        mover: Player,
        origin: u8,
        reverse: bool,
        sink: &mut S,
    ) -> Sown {
        if self.rules.moves.endless == EndlessPolicy::Illegal {
            return self.sow_any(pos, mover, origin, reverse, sink).expect("a legal move is not endless");
        }
        let before = pos.clone();
        self.sow_any(pos, mover, origin, reverse, sink).unwrap_or_else(|Endless| {
            *pos = before;
            Sown::ENDS_GAME
        })
    }

    /// Sows the move lifting `origin` for `mover`, in place: the general
    /// code, which defines the sowing and records events. Returns whether
    /// the mover earned an extra turn, and the laps sown.
    ///
    /// # Errors
    /// `Endless` when another lap beyond the limit would be needed; `pos`
    /// is then left part-way and must be discarded.
    pub(super) fn sow<S: Sink>(
        &self,
        pos: &mut Position,
        mover: Player,
        origin: u8,
        reverse: bool,
        sink: &mut S,
    ) -> Result<Sown, Endless> {
        let (ctx, lifted) = self.sow_laps(pos, mover, origin, reverse, sink)?;
        Ok(self.end_sowing(pos, &ctx, reverse, lifted, sink))
    }

    /// [`Machine::sow`] up to the end of its last lap, before the `on
    /// sowing_end` rules: returns the sowing's context and the seeds lifted
    /// from the origin.
    ///
    /// # Errors
    /// As [`Machine::sow`].
    pub(super) fn sow_laps<S: Sink>(
        &self,
        pos: &mut Position,
        mover: Player,
        origin: u8,
        reverse: bool,
        sink: &mut S,
    ) -> Result<(Ctx, u16), Endless> {
        self.sow_laps_as(pos, mover, origin, reverse, false, sink)
    }

    /// Plays the placement of one seed from `mover`'s hand into `cell`
    /// (`place when …`), in place: the seed is dropped there as a lap's only
    /// seed, and the rules go on as after a sowing whose one lap ended
    /// there (`on drop`, `on lap_end`, relays, `on sowing_end`).
    ///
    /// # Errors
    /// As [`Machine::sow`] (a relay may make the move endless).
    pub(super) fn place<S: Sink>(
        &self,
        pos: &mut Position,
        mover: Player,
        cell: u8,
        reverse: bool,
        sink: &mut S,
    ) -> Result<Sown, Endless> {
        let (ctx, lifted) = self.sow_laps_as(pos, mover, cell, reverse, true, sink)?;
        Ok(self.end_sowing(pos, &ctx, reverse, lifted, sink))
    }

    /// [`Machine::place`] of a legal placement: one that is legal though
    /// endless (`endless … ends_game`) places nothing and is [`Sown::ENDS_GAME`].
    pub(super) fn place_legal<S: Sink>(
        &self,
        pos: &mut Position,
        mover: Player,
        cell: u8,
        reverse: bool,
        sink: &mut S,
    ) -> Sown {
        let before = pos.clone();
        self.place(pos, mover, cell, reverse, sink).unwrap_or_else(|Endless| {
            assert!(self.rules.moves.endless == EndlessPolicy::EndsGame, "a legal placement is not endless");
            *pos = before;
            Sown::ENDS_GAME
        })
    }

    /// [`Machine::sow_laps`], or with `place` the laps of a placement
    /// ([`Machine::place`]) into `origin`.
    pub(super) fn sow_laps_as<S: Sink>(
        &self,
        pos: &mut Position,
        mover: Player,
        origin: u8,
        reverse: bool,
        place: bool,
        sink: &mut S,
    ) -> Result<(Ctx, u16), Endless> {
        let sowing = &self.rules.sowing;
        let first_seed = sowing.first_seed;
        let limit = self.rules.moves.lap_limit;
        let mut ctx = Ctx::sowing(mover, origin, reverse);
        if self.rules.moves.capturing.is_some() {
            // Judged on the board before the move, as `lift when` is.
            ctx.capturing = if place {
                self.judging_placement(pos, mover, origin, reverse).capturing
            } else {
                self.judging(pos, mover, origin, reverse).capturing
            };
        }
        if self.rules.reads_before {
            ctx.before = self.row_totals(pos);
        }
        let mut lap_start = origin;
        let mut hand = if place {
            // One seed from the mover's hand, into the hole itself.
            pos.memory_mut().hand[mover.index()] -= 1;
            if S::ON {
                let line = self.rules.moves.place.as_ref().map(|p| p.span);
                sink.event(EventKind::Place { cell: origin, player: mover }, line);
            }
            1
        } else {
            let taken = self.seeds_taken(pos, mover, origin, reverse);
            pos.cells[usize::from(origin)] -= taken;
            if S::ON {
                // (A move that takes part of the hole cites the `take` rule.)
                let partial = pos.cells[usize::from(origin)] > 0;
                let line =
                    self.rules.sowing.take.as_ref().filter(|_| partial).map_or(self.rules.moves.lift_span, |t| t.span);
                sink.event(EventKind::Lift { cell: origin, seeds: taken }, Some(line));
            }
            taken
        };
        ctx.lifted = u32::from(hand);
        let lifted = hand;
        for t in self.rules.triggers.iter().filter(|t| t.event == RuleEvent::MoveStart) {
            // Once the seeds are in hand, before any is sown (or given as a toll).
            if self.weigh(&t.when, t.span, pos, &ctx, Some(origin), sink) {
                self.run(t, pos, &ctx, sink);
            }
        }
        // A placement's seed goes into its hole, and pays no toll.
        let mut placing = place;
        loop {
            ctx.lap_origin = lap_start;
            if let Some(toll) = sowing.toll.as_ref().filter(|_| !placing) {
                // Before the lap is sown, from the hand.
                let seeds = hand.min(toll.seeds);
                hand -= seeds;
                let to = self.player(&toll.to, pos, &ctx);
                if S::ON {
                    sink.event(EventKind::Toll { seeds, to }, Some(toll.span));
                }
                self.give(pos, to, u32::from(seeds));
            }
            // What the players hold as the lap begins: `lap_captures` counts from here.
            ctx.lap_held = self.held(pos);
            let skipped = match sowing.origin {
                OriginPolicy::Sown => None,
                OriginPolicy::Skipped => Some(origin),
                OriginPolicy::LapSkipped => Some(lap_start),
            };
            let mut c = lap_start;
            // A lap that starts in a closed hole (a relay's `from`) sows
            // none there: closed holes are never sown into (RP-8).
            let mut first = std::mem::take(&mut placing)
                || !pos.is_closed(usize::from(c))
                    && match first_seed {
                        FirstSeed::Next => false,
                        FirstSeed::Origin => true,
                        FirstSeed::OriginUnlessSingle => hand > 1,
                    };
            // Holes skipped in a row: past two, the skipped hole is the only
            // open hole on the track, and the seeds can never be sown.
            let mut skips = 0;
            // Holes passed over by `skip when` in a row.
            let mut passed = 0;
            while hand > 0 {
                if first {
                    first = false;
                } else {
                    c = match sowing.closed_toll.as_ref().filter(|_| pos.closed != 0) {
                        // A closed hole may take a seed on the way.
                        Some(closed_toll) => self.step_to_closed(pos, &mut ctx, c, closed_toll, &mut hand, sink)?,
                        None => self.step(pos, mover, ctx.reverse, c),
                    };
                    if hand == 0 {
                        break;
                    }
                    if pos.is_closed(usize::from(c)) {
                        // Every hole of the track is closed (closing relays):
                        // the seeds can never be sown.
                        if S::ON {
                            sink.event(EventKind::Endless { limit }, Some(self.rules.moves.endless_span));
                        }
                        return Err(Endless);
                    }
                    if let Some(skip) = &sowing.skip {
                        // `skip when`: a hole where the condition holds is
                        // passed over; a whole round of such holes and the
                        // seeds can never be sown.
                        ctx.hole = c;
                        if self.weigh(&skip.when, skip.span, pos, &ctx, Some(c), sink) {
                            passed += 1;
                            if passed > self.cells {
                                if S::ON {
                                    sink.event(EventKind::Endless { limit }, Some(self.rules.moves.endless_span));
                                }
                                return Err(Endless);
                            }
                            continue;
                        }
                        passed = 0;
                    }
                    if skipped == Some(c) {
                        skips += 1;
                        if skips > 1 {
                            if S::ON {
                                sink.event(EventKind::Endless { limit }, Some(self.rules.moves.endless_span));
                            }
                            return Err(Endless);
                        }
                        continue;
                    }
                    skips = 0;
                }
                pos.cells[usize::from(c)] += 1;
                hand -= 1;
                if self.stores.is_some_and(|s| s.contains(&c)) {
                    ctx.lap_held += 1; // sown into a store, not taken
                }
                if S::ON {
                    sink.event(EventKind::Drop { cell: c, count: pos.cells[usize::from(c)] }, None);
                }
                ctx.landing = c;
                ctx.hole = c;
                self.on_drop(pos, &ctx, hand == 0, sink);
            }
            ctx.landing = c;
            if S::ON {
                sink.event(EventKind::LapEnd { landing: c, laps: ctx.laps }, None);
            }
            self.on_lap_end(pos, &ctx, sink);
            let relay = sowing.relays.iter().find(|r| self.weigh(&r.when, r.span, pos, &ctx, Some(c), sink));
            let Some(relay) = relay else {
                if S::ON {
                    // Every relay was weighed, in order: cite the last one.
                    sink.event(EventKind::SowingEnd { landing: c }, sowing.relays.last().map(|r| r.span));
                }
                break;
            };
            if ctx.laps >= limit {
                if S::ON {
                    sink.event(EventKind::Endless { limit }, Some(self.rules.moves.endless_span));
                }
                return Err(Endless);
            }
            ctx.laps += 1;
            let turn = if relay.chosen { Some(self.way_chosen(relay.span, sink)) } else { relay.turn };
            if let Some(clockwise) = turn {
                // The relay turns the sowing: this lap and the ones after it.
                ctx.reverse = clockwise != (self.rules.sowing.direction == Direction::Clockwise);
            }
            let lifted = self.hole(&relay.lift, pos, &ctx);
            let also: Vec<u8> = relay.also.iter().map(|h| self.hole(h, pos, &ctx)).collect();
            lap_start = relay.from.as_ref().map_or(lifted, |h| self.hole(h, pos, &ctx));
            let seeds = &mut pos.cells[usize::from(lifted)];
            hand = relay.part.map_or(*seeds, |n| n.min(*seeds));
            *seeds -= hand;
            if S::ON {
                sink.event(EventKind::Relay { cell: lifted, seeds: hand }, Some(relay.span));
            }
            for cell in also {
                let seeds = std::mem::take(&mut pos.cells[usize::from(cell)]);
                hand += seeds;
                if S::ON {
                    sink.event(EventKind::Relay { cell, seeds }, Some(relay.span));
                }
            }
            // Closed once every hole of the take is lifted (a relay may lift a
            // hole already closed: it stays closed).
            if relay.closes && lifted < 2 * self.holes && !pos.is_closed(usize::from(lifted)) {
                pos.closed |= 1 << lifted;
                if S::ON {
                    sink.event(EventKind::Close { cell: lifted }, Some(relay.span));
                }
            }
        }
        Ok((ctx, lifted))
    }

    /// Ends a sowing whose laps [`Machine::sow_laps`] sowed: the `on
    /// sowing_end` rules, then the move remembered and counted where the
    /// rules read them (`reverse`: the move was sown against the rules'
    /// direction; `lifted`: the seeds lifted from its origin).
    pub(super) fn end_sowing<S: Sink>(
        &self,
        pos: &mut Position,
        ctx: &Ctx,
        reverse: bool,
        lifted: u16,
        sink: &mut S,
    ) -> Sown {
        let mut extra_turn = false;
        for t in self.rules.triggers.iter().filter(|t| t.event == RuleEvent::SowingEnd) {
            if self.weigh(&t.when, t.span, pos, ctx, Some(ctx.landing), sink) {
                extra_turn |= self.run(t, pos, ctx, sink);
            }
        }
        // Remembered once the move is sown: its own rules read the move before it.
        self.remember(pos, ctx.origin, reverse, lifted);
        if self.rules.memory.reads_last {
            pos.memory_mut().set_last_move(ctx.mover, ctx.origin, ctx.landing);
        }
        if self.rules.counts_turns {
            // Counted once the move is sown: its own rules read the counts before it.
            pos.count_turn(extra_turn);
        }
        Sown { extra: extra_turn, laps: ctx.laps }
    }

    /// The next open hole after `c` on the mover's track under `closed_toll`:
    /// each closed hole passed on the way where the toll's condition holds
    /// takes a seed of the hand. Returns the closed hole that took the last
    /// seed, if the hand ran out there (`ctx.landing` names it).
    ///
    /// # Errors
    /// `Endless` when a whole round of the track passes without an open hole
    /// or a seed taken: the seeds could never be sown.
    fn step_to_closed<S: Sink>(
        &self,
        pos: &mut Position,
        ctx: &mut Ctx,
        mut c: u8,
        closed_toll: &ClosedToll,
        hand: &mut u16,
        sink: &mut S,
    ) -> Result<u8, Endless> {
        let track = if ctx.reverse { &self.prev[ctx.mover.index()] } else { &self.next[ctx.mover.index()] };
        let mut passed = 0;
        loop {
            c = track[usize::from(c)];
            if !pos.is_closed(usize::from(c)) {
                return Ok(c);
            }
            ctx.hole = c;
            if self.weigh(&closed_toll.when, closed_toll.span, pos, ctx, Some(c), sink) {
                *hand -= 1;
                passed = 0;
                let to = self.player(&closed_toll.to, pos, ctx);
                if S::ON {
                    sink.event(EventKind::Toll { seeds: 1, to }, Some(closed_toll.span));
                }
                self.give(pos, to, 1);
                ctx.lap_held += 1; // a toll, not a capture
                if *hand == 0 {
                    ctx.landing = c;
                    return Ok(c);
                }
            } else {
                passed += 1;
                if passed > self.cells {
                    if S::ON {
                        sink.event(
                            EventKind::Endless { limit: self.rules.moves.lap_limit },
                            Some(self.rules.moves.endless_span),
                        );
                    }
                    return Err(Endless);
                }
            }
        }
    }

    /// The `on lap_end` rules, once a lap's last seed is dropped.
    fn on_lap_end<S: Sink>(&self, pos: &mut Position, ctx: &Ctx, sink: &mut S) {
        for t in self.rules.triggers.iter().filter(|t| t.event == RuleEvent::LapEnd) {
            if self.weigh(&t.when, t.span, pos, ctx, Some(ctx.landing), sink) {
                self.run(t, pos, ctx, sink);
            }
        }
    }

    #[inline]
    fn on_drop<S: Sink>(&self, pos: &mut Position, ctx: &Ctx, last: bool, sink: &mut S) {
        for t in &self.rules.triggers {
            if let RuleEvent::Drop { last_seed } = t.event {
                if (last_seed || !last) && self.weigh(&t.when, t.span, pos, ctx, Some(ctx.hole), sink) {
                    self.run(t, pos, ctx, sink);
                }
            }
        }
    }

    /// Runs a trigger's actions; returns whether one gave an extra turn.
    pub(super) fn run<S: Sink>(&self, t: &Trigger, pos: &mut Position, ctx: &Ctx, sink: &mut S) -> bool {
        let before = if can_forfeit(&t.actions) { Some(pos.clone()) } else { None };
        self.act(&t.actions, t.span, pos, ctx, before.as_ref(), sink)
    }

    /// Runs actions in order; `before` is the position to restore on `forfeit`.
    fn act<S: Sink>(
        &self,
        actions: &[Action],
        span: Span,
        pos: &mut Position,
        ctx: &Ctx,
        before: Option<&Position>,
        sink: &mut S,
    ) -> bool {
        let mut extra = false;
        for a in actions {
            match a {
                Action::Capture { hole, at_most, into: Some(into), .. } => {
                    let (cell, into) = (self.hole(hole, pos, ctx), self.hole(into, pos, ctx));
                    // A closed hole holds nothing: no seed is pulled into it.
                    if pos.is_closed(usize::from(into)) {
                        continue;
                    }
                    let held = &mut pos.cells[usize::from(cell)];
                    let seeds = at_most.map_or(*held, |n| n.min(*held));
                    *held -= seeds;
                    pos.cells[usize::from(into)] += seeds;
                    if S::ON {
                        let count = pos.cells[usize::from(into)];
                        sink.event(EventKind::Pull { cell, seeds, into, count }, Some(span));
                    }
                }
                Action::Capture { hole, to, at_most, into: None, to_hand: true, .. } => {
                    let cell = self.hole(hole, pos, ctx);
                    let to = self.player(to, pos, ctx);
                    let held = &mut pos.cells[usize::from(cell)];
                    let seeds = at_most.map_or(*held, |n| n.min(*held));
                    *held -= seeds;
                    if S::ON {
                        sink.event(EventKind::ToHand { cell, seeds, to }, Some(span));
                    }
                    // (Every seed of a game fits in two bytes.)
                    pos.memory_mut().hand[to.index()] += seeds;
                }
                Action::Capture { hole, to, at_most, into: None, .. } => {
                    let cell = self.hole(hole, pos, ctx);
                    let to = self.player(to, pos, ctx);
                    let held = &mut pos.cells[usize::from(cell)];
                    let seeds = at_most.map_or(*held, |n| n.min(*held));
                    *held -= seeds;
                    if S::ON {
                        sink.event(EventKind::Capture { cell, seeds, to }, Some(span));
                    }
                    self.give(pos, to, u32::from(seeds));
                }
                Action::ExtraTurn { .. } => {
                    extra = true;
                    if S::ON {
                        sink.event(EventKind::ExtraTurn, Some(span));
                    }
                }
                Action::Claim { hole, by, .. } => {
                    let cell = self.hole(hole, pos, ctx);
                    let by = self.player(by, pos, ctx);
                    // A claim is for the rest of the game: a claimed hole
                    // stays its first claimer's, and a second claim does nothing.
                    match pos.claimed_by(usize::from(cell)) {
                        _ if cell >= 2 * self.holes => {}
                        None => {
                            pos.claimed[by.index()] |= 1 << cell;
                            if S::ON {
                                sink.event(EventKind::Claim { cell, by }, Some(span));
                            }
                        }
                        Some(claimer) => {
                            if S::ON {
                                sink.event(EventKind::ClaimKept { cell, by, claimer }, Some(span));
                            }
                        }
                    }
                }
                Action::Mark { mark, hole, on, span: line } => {
                    let cell = self.hole(hole, pos, ctx);
                    // Marks are on holes (a store is never marked); an
                    // action that changes nothing is not traced.
                    let memory = pos.memory().expect("rules with memory give their positions one");
                    if cell >= 2 * self.holes || memory.marked(mark.index, cell) == *on {
                        continue;
                    }
                    pos.memory_mut().set_mark(mark.index, cell, *on);
                    if S::ON {
                        sink.event(EventKind::Mark { cell, mark: mark.name.clone(), on: *on }, Some(*line));
                    }
                }
                Action::ClearMark { mark, span: line } => {
                    pos.memory_mut().marks[usize::from(mark.index)] = 0;
                    if S::ON {
                        sink.event(EventKind::MarksCleared { mark: mark.name.clone() }, Some(*line));
                    }
                }
                Action::SetValue { value, player, to, span: line } => {
                    self.set_value(value, player.as_ref(), to.as_ref(), pos, ctx, *line, sink)
                }
                Action::Sweep { backward, from, while_, actions, span: sweep_span } => {
                    let mut c = self.hole(from, pos, ctx);
                    // Each hole at most once: one turn of the board, closed
                    // holes passed over as the sowing passes them.
                    let mut visited = 0u128;
                    while visited & (1 << c) == 0 {
                        visited |= 1 << c;
                        let here = Ctx { hole: c, ..*ctx };
                        if !self.weigh(while_, *sweep_span, pos, &here, Some(c), sink) {
                            break;
                        }
                        extra |= self.act(actions, *sweep_span, pos, &here, before, sink);
                        c = self.step(pos, ctx.mover, ctx.reverse != *backward, c);
                    }
                }
                Action::If { when, actions, span: if_span } => {
                    if self.weigh(when, *if_span, pos, ctx, Some(ctx.hole), sink) {
                        extra |= self.act(actions, *if_span, pos, ctx, before, sink);
                    }
                }
                Action::Choose { where_, optional, actions, span: choose_span } => {
                    if let Some(c) = self.hole_chosen(where_, *optional, *choose_span, pos, ctx, sink) {
                        extra |= self.act(actions, *choose_span, pos, &Ctx { hole: c, ..*ctx }, before, sink);
                    }
                }
                Action::CaptureEvery { where_, to, to_hand, span: every_span } => {
                    let chosen: Vec<u8> = (0..2 * self.holes)
                        .filter(|&c| self.weigh(where_, *every_span, pos, &Ctx { hole: c, ..*ctx }, Some(c), sink))
                        .collect();
                    for cell in chosen {
                        let to = self.player(to, pos, &Ctx { hole: cell, ..*ctx });
                        let seeds = std::mem::take(&mut pos.cells[usize::from(cell)]);
                        if *to_hand {
                            if S::ON {
                                sink.event(EventKind::ToHand { cell, seeds, to }, Some(*every_span));
                            }
                            pos.memory_mut().hand[to.index()] += seeds;
                            continue;
                        }
                        if S::ON {
                            sink.event(EventKind::Capture { cell, seeds, to }, Some(*every_span));
                        }
                        self.give(pos, to, u32::from(seeds));
                    }
                }
                Action::Return { seeds, from, where_, span: return_span } => {
                    let chosen: Vec<u8> = (0..self.hole_cells())
                        .filter(|&c| !pos.is_closed(usize::from(c)))
                        .filter(|&c| self.weigh(where_, *return_span, pos, &Ctx { hole: c, ..*ctx }, Some(c), sink))
                        .collect();
                    for cell in chosen {
                        let from = self.player(from, pos, &Ctx { hole: cell, ..*ctx });
                        let given = self.take_held(pos, from, *seeds);
                        if given == 0 {
                            break;
                        }
                        pos.cells[usize::from(cell)] += given;
                        if S::ON {
                            sink.event(EventKind::Return { cell, seeds: given, from }, Some(*return_span));
                        }
                    }
                }
                Action::Forfeit { when, span: forfeit_span } => {
                    if self.weigh(when, *forfeit_span, pos, ctx, Some(ctx.hole), sink) {
                        *pos = before.expect("a rule with `forfeit` keeps its starting position").clone();
                        extra = false;
                        if S::ON {
                            sink.event(EventKind::Forfeit, Some(*forfeit_span));
                        }
                    }
                }
            }
        }
        extra
    }

    /// `set VALUE to N`, `set VALUE(PLAYER) to N`, or `clear VALUE` (`to`
    /// `None`: back to its declared start, for both players if kept per player).
    #[allow(clippy::too_many_arguments)]
    fn set_value<S: Sink>(
        &self,
        value: &Slot,
        player: Option<&PlayerRef>,
        to: Option<&Num>,
        pos: &mut Position,
        ctx: &Ctx,
        span: Span,
        sink: &mut S,
    ) {
        let decl = self.rules.memory.values.iter().find(|v| v.slot == value.index).expect("a declared value");
        let new = to.map_or(decl.from, |n| clamp_value(self.num(n, pos, ctx)));
        let whose = player.map(|p| self.player(p, pos, ctx));
        let slots = match whose {
            Some(p) => value.index + p.index() as u8..value.index + p.index() as u8 + 1,
            None => value.index..value.index + 1 + u8::from(decl.per_player),
        };
        pos.memory_mut().values[usize::from(slots.start)..usize::from(slots.end)].fill(new);
        if S::ON {
            sink.event(EventKind::Value { name: value.name.clone(), player: whose, value: new }, Some(span));
        }
    }

    /// `choose hole where COND [optional] { … }`: the hole the mover
    /// chooses among those meeting the condition (asked of `sink` when
    /// there is more than one option), if any (`None`: no hole qualifies,
    /// or the mover chose none).
    fn hole_chosen<S: Sink>(
        &self,
        where_: &Cond,
        optional: bool,
        span: Span,
        pos: &Position,
        ctx: &Ctx,
        sink: &mut S,
    ) -> Option<u8> {
        let mut options: Vec<Decision> = (0..2 * self.holes)
            .filter(|&c| self.weigh(where_, span, pos, &Ctx { hole: c, ..*ctx }, Some(c), sink))
            .map(|c| self.decision_of(c))
            .collect();
        if options.is_empty() {
            return None;
        }
        if optional {
            options.push(Decision::None);
        }
        let forced = options.len() == 1;
        let chosen = if forced { options[0] } else { sink.decide(&options, span) };
        let cell = self.cell_of(chosen);
        if S::ON {
            sink.event(EventKind::Chose { cell, among: options.len() as u8, forced }, Some(span));
        }
        cell
    }

    /// The way the mover chooses for a relay's laps (`relay … chosen`):
    /// whether clockwise.
    fn way_chosen<S: Sink>(&self, span: Span, sink: &mut S) -> bool {
        let options = [Decision::Way(Sense::Plus), Decision::Way(Sense::Minus)];
        let clockwise = sink.decide(&options, span) == Decision::Way(Sense::Minus);
        if S::ON {
            sink.event(EventKind::ChoseWay { clockwise }, Some(span));
        }
        clockwise
    }

    /// Takes at most `seeds` from what `from` holds off the board (their
    /// reserve, then their store) and says how many it took.
    pub(crate) fn take_held(&self, pos: &mut Position, from: Player, seeds: u16) -> u16 {
        let reserve = &mut pos.reserve[from.index()];
        let mut taken = seeds.min(*reserve);
        *reserve -= taken;
        if let Some(s) = self.stores {
            let store = &mut pos.cells[usize::from(s[from.index()])];
            let more = (seeds - taken).min(*store);
            *store -= more;
            taken += more;
        }
        taken
    }

    /// Puts seeds in a player's store if the board has one, else their reserve.
    pub(crate) fn give(&self, pos: &mut Position, to: Player, seeds: u32) {
        match self.stores {
            Some(s) => {
                let cell = &mut pos.cells[usize::from(s[to.index()])];
                *cell = (u32::from(*cell) + seeds) as u16;
            }
            None => pos.reserve[to.index()] += seeds as u16, // (every seed of a game fits in two bytes)
        }
    }
}

/// Whether `forfeit` is among the actions, or among those of a sweep or `if` in them.
fn can_forfeit(actions: &[Action]) -> bool {
    actions.iter().any(|a| match a {
        Action::Forfeit { .. } => true,
        Action::Sweep { actions, .. } | Action::If { actions, .. } | Action::Choose { actions, .. } => {
            can_forfeit(actions)
        }
        _ => false,
    })
}
