//! The checked rules of a game: what a rules file means, valid by
//! construction: only `crate::check` builds a [`Ruleset`] (its fields are
//! private to the crate and read through accessors), so a machine built from
//! one never meets a board, hole or count the checker would refuse. Every rule keeps
//! the span of the declaration it came from, so traces can cite it.

use crate::diagnostic::Span;
use crate::memory::{MemoryDecl, Slot};
use crate::position::{GameId, Player};

/// A checked game description.
#[derive(Clone, Debug)]
pub struct Ruleset {
    /// The game's name, from `game "…"`.
    pub(crate) name: String,
    /// Board geometry.
    pub(crate) board: Board,
    /// Seeds in each hole a player owns at the start: South's, then
    /// North's, index 0 = hole `a`.
    pub(crate) setup: [Vec<u16>; 2],
    /// A start drawn at random (`seeds drawn N at_least M`); `setup` then
    /// holds the draw seeded 0.
    pub(crate) drawn: Option<Drawn>,
    /// How seeds are sown.
    pub(crate) sowing: Sowing,
    /// `on drop` and `on sowing_end` rules, in file order.
    pub(crate) triggers: Vec<Trigger>,
    /// Which moves are legal.
    pub(crate) moves: Moves,
    /// What happens when the player to move cannot move, and who wins.
    pub(crate) end: End,
    /// Rounds of a match, if the game is played as one.
    pub(crate) rounds: Option<Rounds>,
    /// Where the game comes from (`about { … }`), for catalogues.
    pub about: About,
    /// Whether a condition reads the board before the move (`total_before`):
    /// the general interpreter then keeps the rows' totals at each move's start.
    pub(crate) reads_before: bool,
    /// Why only the general interpreter plays these rules: every construct
    /// used that the compiled kernels do not know (a toll, closing holes,
    /// `on lap_end`, …), once each, in the order read; empty when they know
    /// them all.
    pub(crate) general_only: Vec<&'static str>,
    /// The game these rules define: the fingerprint of their text, which
    /// every position their machine builds carries.
    pub(crate) game: GameId,
    /// Whether a condition reads the previous move (`previous_origin`,
    /// `previous_lifted`, `previous_clockwise`): positions then remember it.
    pub(crate) reads_previous: bool,
    /// Whether a condition reads the turn counters (`turns_played`,
    /// `extra_turns`): positions then keep them.
    pub(crate) counts_turns: bool,
    /// Whether a rule names the round's starter (`starter`): positions then
    /// remember who started the round.
    pub(crate) reads_starter: bool,
    /// Whether a condition reads the seeds the move lifted (`lifted`): the
    /// compiled kernels then carry them.
    pub(crate) reads_lifted: bool,
    /// Whether a rule reads the current lap or the move's kind while a move
    /// is sown (`lap_origin`, `capturing`), or a relay turns the sowing:
    /// the compiled kernels then carry them.
    pub(crate) reads_lap: bool,
    /// The marks and values the rules keep beyond the board (`memory { … }`).
    pub(crate) memory: MemoryDecl,
    /// Seeds each player holds in hand at the start (`setup { hand N }`),
    /// South's then North's; `None` when the rules declare no hands.
    pub(crate) hands: Option<[u16; 2]>,
}

/// Descriptive facts about a game; none of them changes how it is played.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct About {
    /// The family it belongs to, e.g. "two-rank, relay sowing".
    pub family: Option<String>,
    /// Where it is played.
    pub origin: Option<String>,
    /// The published description the rules file follows.
    pub source: Option<String>,
}

impl Ruleset {
    /// The game's name, from `game "…"`.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The game these rules define (see [`GameId`]).
    pub fn game(&self) -> GameId {
        self.game
    }

    /// Board geometry: rows, holes a row, stores.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Seeds in each hole `player` owns at the start, index 0 = hole `a`.
    pub fn setup(&self, player: Player) -> &[u16] {
        &self.setup[player.index()]
    }

    /// The random draw the start comes from (`seeds drawn N at_least M`),
    /// if it is drawn: each game's start is then a position of its own.
    pub fn drawn(&self) -> Option<&Drawn> {
        self.drawn.as_ref()
    }

    /// How seeds are sown.
    pub fn sowing(&self) -> &Sowing {
        &self.sowing
    }

    /// `on drop` and `on sowing_end` rules, in file order.
    pub fn triggers(&self) -> &[Trigger] {
        &self.triggers
    }

    /// Which moves are legal.
    pub fn moves(&self) -> &Moves {
        &self.moves
    }

    /// What happens when the player to move cannot move, and who wins.
    pub fn end(&self) -> &End {
        &self.end
    }

    /// Rounds of a match, if the game is played as one.
    pub fn rounds(&self) -> Option<&Rounds> {
        self.rounds.as_ref()
    }

    /// Whether a rule asks the mover to choose inside a move (`choose`):
    /// a move is then its hole, direction and decisions ([`crate::Move`]).
    pub fn decides(&self) -> bool {
        self.triggers.iter().any(|t| t.actions.iter().any(Action::decides)) || self.decides_in_laps()
    }

    /// Whether a rule asks the mover to choose before the sowing ends (a
    /// `choose` in `on move_start` or `on lap_end`, or a relay whose way
    /// the mover chooses): a decision can then change the laps sown after
    /// it (a value a relay reads), so a move's decisions are found by
    /// playing the whole move again for each.
    pub fn decides_in_laps(&self) -> bool {
        self.triggers.iter().any(|t| t.event != Event::SowingEnd && t.actions.iter().any(Action::decides))
            || self.sowing.relays.iter().any(|r| r.chosen)
    }

    /// The declarations of every rule with a condition the machine weighs
    /// (`lift when`, `must_leave`, relays, triggers, `if`, `sweep … while`,
    /// `capture every`, `forfeit`, `over`), in file order: what
    /// `trace --why` can explain.
    pub fn weighed_rules(&self) -> Vec<Span> {
        let mut spans = vec![self.moves.lift_span];
        spans.extend(self.moves.place.as_ref().map(|p| p.span));
        spans.extend(self.moves.must_leave.as_ref().map(|d| d.span));
        spans.extend(self.moves.capturing.as_ref().map(|c| c.span));
        spans.extend(self.moves.prefer.iter().map(|p| p.span));
        spans.extend(self.sowing.relays.iter().map(|r| r.span));
        for t in &self.triggers {
            spans.push(t.span);
            weighed_actions(&t.actions, &mut spans);
        }
        spans.extend(self.end.over.as_ref().map(|o| o.span));
        spans.sort_by_key(|s| s.start);
        spans
    }

    /// The marks and values kept beyond the board (`memory { … }`; empty without one).
    pub fn memory(&self) -> &MemoryDecl {
        &self.memory
    }

    /// Where the game comes from (`about { … }`).
    pub fn about(&self) -> &About {
        &self.about
    }

    /// Whether holes change hands between rounds (`refill … territory`).
    pub fn territory(&self) -> bool {
        self.rounds.as_ref().is_some_and(|r| matches!(r.fill_from, FillFrom::Territory { .. }))
    }

    /// Whether a player lays out each round's board (`refill … chosen`):
    /// a layout is then a move of its own at a round's start.
    pub fn lays_out(&self) -> bool {
        self.rounds.as_ref().is_some_and(|r| r.chosen)
    }

    /// Seeds each player holds in hand at the start (`setup { hand N }`),
    /// South's then North's; `None` when the rules declare no hands (their
    /// positions then carry none).
    pub fn hands(&self) -> Option<[u16; 2]> {
        self.hands
    }

    /// Seeds in play: on the board at the start plus those in the players'
    /// hands, nothing in reserve.
    pub fn total_seeds(&self) -> u32 {
        let hands = self.hands.map_or(0, |h| u32::from(h[0]) + u32::from(h[1]));
        self.setup.iter().flatten().map(|&s| u32::from(s)).sum::<u32>() + hands
    }
}

/// `seeds drawn N at_least M`: a start laid out at random. Every hole gets
/// `at_least` seeds, then each of the rest goes into a hole drawn at random,
/// every hole alike (MancalaGames' RANDOM start pattern, whose own draw
/// differs but lays out the same totals).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Drawn {
    /// Seeds on the board in all.
    pub total: u32,
    /// The fewest seeds a hole starts with.
    pub at_least: u16,
    /// The declaration.
    pub span: Span,
}

impl Drawn {
    /// The draw seeded `seed` for a board of `holes` holes a player: the
    /// seeds of each player's holes, South's first, index 0 = hole `a`.
    /// The same seed always lays out the same start. The checker has made
    /// sure that `total` holds `at_least` for every hole.
    pub fn lay(&self, holes: u8, seed: u64) -> [Vec<u16>; 2] {
        let n = 2 * u32::from(holes);
        let mut cells = vec![self.at_least; n as usize];
        let mut rng = fastrand::Rng::with_seed(seed);
        for _ in 0..self.total.saturating_sub(n * u32::from(self.at_least)) {
            cells[rng.u32(..n) as usize] += 1;
        }
        let north = cells.split_off(usize::from(holes));
        [cells, north]
    }

    /// Whether the draw can lay out `rows` (each player's holes, South's
    /// first): the total drawn, and at least `at_least` in every hole.
    pub fn could_lay(&self, rows: [&[u16]; 2]) -> bool {
        let total: u32 = rows.iter().flat_map(|r| r.iter()).map(|&s| u32::from(s)).sum();
        total == self.total && rows.iter().flat_map(|r| r.iter()).all(|&s| s >= self.at_least)
    }
}

/// The board: a shape (rows and holes a row, see [`crate::layout`]), its
/// stores, and each player's track where the rules change it.
#[derive(Clone, Debug)]
pub struct Board {
    /// Rows: 1, 2 (one a player), 3 (a row each and half the middle row),
    /// 4 or 6 (two or three a player), 5 (two each and half the middle row).
    pub rows: u8,
    /// Holes in each row.
    pub holes: u8,
    /// Whether each player has a store that sowing drops into.
    pub stores: Stores,
    /// `circuits own`: on two rows, each player sows round their own row
    /// (and their store) only (MancalaGames' NorthSouthCycle); four rows
    /// always do.
    pub own_circuits: bool,
    /// `track PLAYER "…"`: a player's counterclockwise track written out,
    /// as hole cells; `None`: the shape's own.
    pub tracks: [Option<Vec<u8>>; 2],
    /// `track PLAYER clockwise`: the player sows their track the other way
    /// round from the rules' direction.
    pub reversed: [bool; 2],
    /// `track PLAYER clockwise "…"` (with `direction chosen`): the track a
    /// player sows clockwise written out, as hole cells in sowing order;
    /// `None`: their counterclockwise track turned round.
    pub clockwise: [Option<Vec<u8>>; 2],
    /// `circle N`: one circle of `holes` holes that nobody owns (`rows` is
    /// then 1). Both players sow round the whole circle and may lift any
    /// of its holes; a move names the hole by its letter, the same for both.
    pub circle: bool,
    /// `facing "S.a N.f, …"`: the hole facing each hole cell, written out
    /// as pairs (every hole in one pair, each pair the two players'),
    /// in place of the shape's own (what `opposite` reads); `None`: the
    /// shape's.
    pub facing: Option<Vec<u8>>,
    /// `owners south "…" north "…"` on a circle: bit `i` of a player's mask
    /// is the circle's hole `i` (`a` = bit 0), which that player owns. The
    /// holes in neither mask are nobody's (Ô Ăn Quan's mandarin holes): on
    /// every track, never lifted, in no row. `None`: nobody owns any hole.
    pub owners: Option<[u64; 2]>,
}

impl Board {
    /// Whether `cell` is a hole nobody owns on a circle with owners.
    pub fn nobodys(&self, cell: u8) -> bool {
        self.owners.is_some_and(|o| cell < self.holes && (o[0] | o[1]) >> cell & 1 == 0)
    }
}

/// Stores on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stores {
    /// No stores: captures go to a reserve beside the board.
    None,
    /// One store per player after their row; the mover's store is sown into,
    /// the opponent's is skipped.
    Sown,
    /// One store per player after their row, both sown into by either player
    /// (MancalaGames' `sow_stores = BOTH`).
    Both,
    /// `stores sown_right`: as [`Stores::Sown`], but each store sits at its
    /// owner's right end of the row whatever the direction (MancalaGames'
    /// layout): sown clockwise, the mover's store then comes before their
    /// row, after the opponent's last hole.
    SownRight,
}

/// Sowing direction (seen from above, South at the bottom).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// `S.a → … → S.last → N.a → …` (C-3).
    Counterclockwise,
    /// The reverse.
    Clockwise,
    /// Chosen by the player with each move (`c+` counterclockwise, `c-` clockwise).
    Chosen,
}

/// Where the first seed of a lap goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FirstSeed {
    /// Into the hole after the one lifted (C-5).
    Next,
    /// Back into the hole just lifted.
    Origin,
    /// Back into the hole just lifted, unless it held a single seed, which
    /// goes to the next hole (Toguz Kumalak).
    OriginUnlessSingle,
}

/// Whether laps passing the move's emptied origin drop a seed in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OriginPolicy {
    /// It receives a seed like any other hole (C-5).
    Sown,
    /// It is passed over (Oware).
    Skipped,
    /// Each lap passes over the hole it is sown from: the move's origin on
    /// the first lap, then the hole a relay lifted (or its `from` hole).
    /// MancalaGames' `skip_start` with laps (Ayoayo).
    LapSkipped,
}

/// How sowing proceeds.
#[derive(Clone, Debug)]
pub struct Sowing {
    /// Direction of travel.
    pub direction: Direction,
    /// Where each lap's first seed goes.
    pub first_seed: FirstSeed,
    /// Whether the origin receives seeds.
    pub origin: OriginPolicy,
    /// Relay rules, tried in order at the end of every lap; the first whose
    /// condition holds lifts its hole and sows another lap. None: the sowing ends.
    pub relays: Vec<Relay>,
    /// `toll N to PLAYER`: seeds of the hand that go to a player before each
    /// lap is sown; `None` without one.
    pub toll: Option<Toll>,
    /// `closed_toll to PLAYER when COND`: what a sowing does at a closed
    /// hole where the condition holds; `None`: closed holes are passed over.
    pub closed_toll: Option<ClosedToll>,
    /// `take N when COND`: a move whose condition holds takes at most N of
    /// its hole's seeds in hand, the rest staying; `None`: every seed.
    pub take: Option<Take>,
    /// `skip when COND`: a hole the sowing reaches where the condition holds
    /// (`hole` naming it) is passed over, as a closed hole is; `None`: no
    /// hole is passed over but by `origin` and closing.
    pub skip: Option<Skip>,
}

/// `skip when COND`: which holes a sowing passes over.
#[derive(Clone, Debug)]
pub struct Skip {
    /// When a hole is passed over, judged as the seed would drop into it
    /// (`hole` names it).
    pub when: Cond,
    /// The declaration.
    pub span: Span,
}

/// `take N when COND`: how many of its hole's seeds a move takes in hand.
#[derive(Clone, Debug)]
pub struct Take {
    /// The most seeds taken.
    pub seeds: u16,
    /// When (judged on the board before the move, with `origin` the hole lifted).
    pub when: Cond,
    /// The declaration.
    pub span: Span,
}

/// `closed_toll to PLAYER when COND`: a seed sown onto a closed hole where
/// `when` holds (`hole` naming it) goes to a player's store or reserve, and
/// the hole stays closed and empty; other closed holes are passed over. A
/// lap whose last seed goes so ends at that hole (MancalaGames'
/// SOW_BLKD_DIV: the mover's closed holes are skipped, the opponent's take
/// their seed out of play into South's store).
#[derive(Clone, Debug)]
pub struct ClosedToll {
    /// Who receives the seeds.
    pub to: PlayerRef,
    /// Which closed holes take a seed.
    pub when: Cond,
    /// The declaration.
    pub span: Span,
}

/// `toll N to PLAYER`: before each lap is sown, `seeds` of the hand (all of
/// it, if it holds fewer) go to a player's store or reserve.
#[derive(Clone, Debug)]
pub struct Toll {
    /// Seeds taken from each lap's hand.
    pub seeds: u16,
    /// Who receives them.
    pub to: PlayerRef,
    /// The declaration.
    pub span: Span,
}

/// `relay lift HOLE [and HOLE …] [from HOLE] [clockwise | counterclockwise] when COND`.
#[derive(Clone, Debug)]
pub struct Relay {
    /// The hole lifted for the next lap.
    pub lift: HoleRef,
    /// `N of`: at most this many of its seeds are lifted, the rest staying
    /// in the hole (Bao's taxed house); every seed when `None`.
    pub part: Option<u16>,
    /// Further holes whose seeds are lifted with it (`and HOLE`).
    pub also: Vec<HoleRef>,
    /// Where the next lap starts, as if this hole had been lifted (`from
    /// HOLE`); the lifted hole itself when `None`.
    pub from: Option<HoleRef>,
    /// `clockwise` (`Some(true)`) or `counterclockwise`: the next lap, and
    /// every lap after it in the move, goes that way; `None` keeps the way.
    pub turn: Option<bool>,
    /// `chosen`: the mover chooses the way of the next lap, and of every
    /// lap after it in the move (a decision inside the move, `/+` or `/-`).
    pub chosen: bool,
    /// `closing`: the lifted hole is closed for the rest of the game once
    /// its seeds are lifted (MancalaGames' SOW_BLKD_DIV).
    pub closes: bool,
    /// When to relay.
    pub when: Cond,
    /// The declaration.
    pub span: Span,
}

/// Pushes the declarations of the actions (nested ones too) that weigh a condition.
fn weighed_actions(actions: &[Action], spans: &mut Vec<Span>) {
    for a in actions {
        match a {
            Action::Sweep { actions, span, .. }
            | Action::If { actions, span, .. }
            | Action::Choose { actions, span, .. } => {
                spans.push(*span);
                weighed_actions(actions, spans);
            }
            Action::CaptureEvery { span, .. } | Action::Return { span, .. } | Action::Forfeit { span, .. } => {
                spans.push(*span)
            }
            Action::Capture { .. }
            | Action::ExtraTurn { .. }
            | Action::Claim { .. }
            | Action::Mark { .. }
            | Action::ClearMark { .. }
            | Action::SetValue { .. } => {}
        }
    }
}

/// When a trigger fires.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// After each seed is dropped; `last_seed` says whether a lap's last seed counts.
    Drop {
        /// True for `including last`, false for `excluding last`.
        last_seed: bool,
    },
    /// Once, when the sowing has ended.
    SowingEnd,
    /// At the end of every lap, once its last seed is dropped and before a
    /// relay is chosen (`on lap_end`): MancalaGames' captures on each lap.
    LapEnd,
    /// Once a move, when the origin's seeds are lifted and before any is
    /// sown (`on move_start`): MancalaGames' captures before sowing.
    MoveStart,
}

/// `on EVENT when COND { ACTIONS }`.
#[derive(Clone, Debug)]
pub struct Trigger {
    /// When it is considered.
    pub event: Event,
    /// Its condition (`true` when none was written).
    pub when: Cond,
    /// What it does, in order.
    pub actions: Vec<Action>,
    /// The `on …` line (without the block).
    pub span: Span,
}

/// Something a trigger does.
#[derive(Clone, Debug)]
pub enum Action {
    /// `capture HOLE to PLAYER`: every seed of the hole goes to the player;
    /// `capture N from HOLE to PLAYER`: N of them, or all if it holds fewer.
    Capture {
        /// The hole emptied (or taken from).
        hole: HoleRef,
        /// Who receives its seeds.
        to: PlayerRef,
        /// The most seeds taken (`capture N from …`); every seed when `None`.
        at_most: Option<u16>,
        /// The action's line.
        span: Span,
        /// `capture HOLE to HOLE`: the seeds go into this hole and stay in
        /// play (MancalaGames' PULL_ACROSS) instead of to a player; `to` is
        /// then [`PlayerRef::Mover`] and unused.
        into: Option<HoleRef>,
        /// `capture HOLE to hand(PLAYER)`: the seeds go into `to`'s hand
        /// (off the board, not captured, for `place` moves to put back)
        /// instead of their store or reserve.
        to_hand: bool,
    },
    /// `extra_turn`: the mover moves again.
    ExtraTurn {
        /// The action's line.
        span: Span,
    },
    /// `claim HOLE for PLAYER`: the hole becomes the player's for the rest of the game.
    Claim {
        /// The hole claimed.
        hole: HoleRef,
        /// Who claims it.
        by: PlayerRef,
        /// The action's line.
        span: Span,
    },
    /// `sweep backward from HOLE while COND { … }`: visits holes one by one,
    /// `hole` naming the visited hole, while the condition holds.
    Sweep {
        /// Against the sowing direction (`backward`) or with it.
        backward: bool,
        /// The first hole visited.
        from: HoleRef,
        /// Checked before each visit.
        while_: Cond,
        /// Run at each visited hole.
        actions: Vec<Action>,
        /// The action's line.
        span: Span,
    },
    /// `forfeit when COND`: undo everything the rule did if the condition holds afterwards.
    Forfeit {
        /// When to undo.
        when: Cond,
        /// The action's line.
        span: Span,
    },
    /// `if COND { … }`, or an action written with `when COND`: the actions
    /// run only when the condition holds.
    If {
        /// The condition.
        when: Cond,
        /// The actions it guards.
        actions: Vec<Action>,
        /// The line.
        span: Span,
    },
    /// `choose hole where COND [optional] { … }`: the mover chooses one hole
    /// of the board for which the condition holds (`hole` naming each
    /// candidate), and the actions run with `hole` naming the one chosen.
    /// No candidate: nothing happens; one (and not `optional`): it is
    /// taken without asking. `optional`: the mover may also choose none.
    Choose {
        /// Which holes may be chosen.
        where_: Cond,
        /// Whether the mover may choose none of them.
        optional: bool,
        /// Run with `hole` naming the hole chosen.
        actions: Vec<Action>,
        /// The action's line.
        span: Span,
    },
    /// `set MARK(HOLE)` or `clear MARK(HOLE)`: puts a mark on a hole or takes it off.
    Mark {
        /// The mark.
        mark: Slot,
        /// The hole.
        hole: HoleRef,
        /// On (`set`) or off (`clear`).
        on: bool,
        /// The action's line.
        span: Span,
    },
    /// `clear MARK`: takes a mark off every hole.
    ClearMark {
        /// The mark.
        mark: Slot,
        /// The action's line.
        span: Span,
    },
    /// `set VALUE to N`, `set VALUE(PLAYER) to N`, or `clear VALUE` (back
    /// to its `from`, for both players where kept per player).
    SetValue {
        /// The value (its first slot: South's, for a value kept per player).
        value: Slot,
        /// Whose value, for a value kept per player; `None` for the game's
        /// (or both players', when cleared).
        player: Option<PlayerRef>,
        /// The new value; `None`: back to the value's `from`.
        to: Option<Num>,
        /// The action's line.
        span: Span,
    },
    /// `return N from PLAYER to every hole where COND`: each hole of the
    /// board for which the condition holds (`hole` naming it; all chosen
    /// before any is filled), in board order, receives `N` seeds from what
    /// the player holds off the board, while they hold any (the last hole
    /// served may get fewer, the rest none).
    Return {
        /// Seeds a hole.
        seeds: u16,
        /// Whose holding they come from.
        from: PlayerRef,
        /// Which holes.
        where_: Cond,
        /// The action's line.
        span: Span,
    },
    /// `capture every hole where COND to PLAYER` (or `to hand(PLAYER)`):
    /// every hole of the board for which the condition holds (`hole` naming
    /// it; all chosen before any is emptied) goes to the player.
    CaptureEvery {
        /// Which holes.
        where_: Cond,
        /// Who receives them.
        to: PlayerRef,
        /// `… to hand(PLAYER)`: into the player's hand, as
        /// [`Action::Capture`]'s `to_hand`.
        to_hand: bool,
        /// The action's line.
        span: Span,
    },
}

impl Action {
    /// Whether the action asks the mover to choose (`choose`), or one of
    /// the actions it runs does.
    pub(crate) fn decides(&self) -> bool {
        match self {
            Action::Choose { .. } => true,
            Action::Sweep { actions, .. } | Action::If { actions, .. } => actions.iter().any(Action::decides),
            _ => false,
        }
    }
}

/// Legal moves.
#[derive(Clone, Debug)]
pub struct Moves {
    /// Which of the mover's open holes may be lifted (`lift when …`).
    pub lift: Cond,
    /// The `lift` line.
    pub lift_span: Span,
    /// `lift from both_rows`: every hole of both rows is a candidate for
    /// the player to move, whoever's row it is in (MancalaGames'
    /// `no_sides`). A player's move letters then run on past their row
    /// into the other one, as under territory.
    pub both_rows: bool,
    /// The most laps a move may sow; a move needing one more is endless (C-6).
    pub lap_limit: u32,
    /// What an endless move is: illegal, or a move that ends the game.
    pub endless: Endless,
    /// The `endless …` line.
    pub endless_span: Span,
    /// `endless … ends_game remaining …`: where the seeds left go when an
    /// endless move ends the game, if not as `no_moves` says (MancalaGames'
    /// `quitter`).
    pub endless_award: Option<Remaining>,
    /// `must_leave COND when COND`: moves that fail to leave the first
    /// condition true, whenever the second held before them, are not legal.
    pub must_leave: Option<MustLeave>,
    /// `capturing when COND`: which moves are capturing moves, judged as
    /// `lift when` is (before the move; `landing` where its first lap ends).
    pub capturing: Option<Judged>,
    /// `prefer COND`, in file order: the legal moves are those meeting the
    /// first of these conditions that some legal move meets (all of them
    /// when none is met), each judged as `lift when` is.
    pub prefer: Vec<Judged>,
    /// `place when COND`: the mover may put one seed from their hand into
    /// an open, unclaimed hole of theirs for which the condition holds
    /// (`origin` and `landing` naming it); the rules then go on as after a
    /// sowing whose one lap ended there. `None`: no placement moves.
    pub place: Option<Judged>,
}

/// A condition on a candidate move with its declaration (`capturing when
/// …`, `prefer …`).
#[derive(Clone, Debug)]
pub struct Judged {
    /// The condition, judged as `lift when` is.
    pub when: Cond,
    /// The declaration.
    pub span: Span,
}

/// What a move whose sowing would never end is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Endless {
    /// It may not be played (C-6).
    Illegal,
    /// It may be played, and ends the game at once: the board as it was
    /// before the move is awarded by the `no_moves` rule.
    EndsGame,
}

/// `must_leave AFTER when BEFORE [if_possible] [either_direction]`.
#[derive(Clone, Debug)]
pub struct MustLeave {
    /// Checked after the move.
    pub after: Cond,
    /// Checked before the move: only then does the duty apply.
    pub before: Cond,
    /// `if_possible`: when no move meets the duty, every move is legal.
    pub if_possible: bool,
    /// `either_direction` (under `direction chosen`): a hole whose move
    /// meets the duty in one direction is legal in both (MancalaGames'
    /// MustShareUdir).
    pub either_direction: bool,
    /// The declaration.
    pub span: Span,
}

/// Who receives the seeds left on the board when the player to move cannot move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Remaining {
    /// The player who made the last move (C-7).
    LastMover,
    /// Each row's seeds to that row's owner.
    Owner,
    /// `no_moves keeping board`: the seeds stay where they are and count
    /// for nobody (MancalaGames' DONT_SCORE); the game, or the whole
    /// match, ends (a refill would have to place them).
    Kept,
    /// Each hole's seeds to whoever claimed it (`claim`), the row's owner
    /// for a hole nobody claimed.
    Claimer,
    /// `remaining divided`: half the seeds left to each player, an odd seed
    /// to the player holding fewer (on equal holdings, the player to move):
    /// MancalaGames' DIVVIED.
    Divided,
}

/// How the game (or a round) ends.
#[derive(Clone, Debug)]
pub struct End {
    /// Where the seeds left on the board go.
    pub remaining: Remaining,
    /// `no_moves pass …`: a player who cannot move passes, and the game
    /// ends only when neither player can move.
    pub pass: bool,
    /// The `no_moves` line.
    pub remaining_span: Span,
    /// Who wins: whoever holds more seeds (C-8), or as `winner` says.
    pub winner: Winner,
    /// The `winner` line.
    pub winner_span: Span,
    /// `over when COND`: checked after every move; the game ends when it holds.
    pub over: Option<Over>,
    /// `repetition …`: a repeated position ends the game.
    pub repetition: Option<Repetition>,
}

/// Who wins when the game (or a round) ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Winner {
    /// `most_captured`: whoever holds more seeds once the board is
    /// awarded; equal is a draw (C-8).
    MostCaptured,
    /// `last_mover`: the player who made the last move (the player who
    /// cannot move, or whose opponent's move ended the game, loses).
    LastMover,
    /// `deprive`: read from the board before it is awarded, the only player
    /// with seeds left in their holes wins; when both (or neither) have
    /// some, the player who made the last move.
    Deprive,
    /// `cleared`: read from the board before it is awarded, the player
    /// whose holes are empty wins; when both are (or neither is), the
    /// player who made the last move (MancalaGames' `goal = CLEAR`).
    Cleared,
}

/// `over when COND [keeping board]`.
#[derive(Clone, Debug)]
pub struct Over {
    /// When the game is over.
    pub when: Cond,
    /// Whether the seeds left on the board are awarded by the `no_moves`
    /// rule (the default) or stay where they are (`keeping board`).
    pub sweep: bool,
    /// The line.
    pub span: Span,
}

/// `repetition N [since capture] AWARD`: the game ends when a position
/// (the board and the player to move) occurs for the `times`-th time.
#[derive(Clone, Debug)]
pub struct Repetition {
    /// The occurrence that ends the game (2: seen again).
    pub times: u32,
    /// Count only positions since seeds last left the board.
    pub since_capture: bool,
    /// Who gets the seeds left on the board.
    pub award: Award,
    /// The line.
    pub span: Span,
}

/// The seeds left on the board when a repetition ends the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Award {
    /// As `no_moves remaining to …` says.
    Remaining(Remaining),
    /// Half to each player; an odd seed to the player to move.
    Split,
    /// None: the game is drawn whatever the holdings.
    Draw,
}

/// Who starts the next round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Starter {
    /// The other of the player who could not move, or the mover whose move
    /// ended the round by `over`: under `remaining to last_mover`, the
    /// player who received the board's remaining seeds (RP-9).
    Receiver,
    /// The player who made the round's last move, even one that earned
    /// another turn which nobody could then play (MancalaGames' LAST_MOVER).
    LastMover,
    /// The player who could not move.
    Other,
    /// South and North in turn: the player who did not start the round before.
    Alternate,
    /// The player who held fewer seeds at the end of the round (on a tie, as
    /// [`Rounds::tie`] says).
    Loser,
    /// The player who held more seeds at the end of the round (on a tie, as
    /// [`Rounds::tie`] says).
    Winner,
}

/// Who starts the next round after a tie, under `starter loser` or
/// `starter winner`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tie {
    /// South (no `tie` clause).
    South,
    /// `tie to_move`: the player to move when the round ended (after a move
    /// that earned another turn, its mover; MancalaGames' WINNER).
    ToMove,
    /// `tie waiting`: the other player (MancalaGames' LOSER).
    Waiting,
}

/// Which holes a refill fills first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FillFrom {
    /// The rightmost holes (owner's view) are filled, the leftmost closed (RP-7).
    Right,
    /// The leftmost holes are filled, the rightmost closed.
    Left,
    /// The two ends in turn, inwards, starting at the board's end on South's
    /// left: South's `a`, its last hole, `b`, …; North's last hole, its `a`,
    /// … (MancalaGames' OUTSIDE_FILL and NOT_APPLICABLE orders).
    Outside,
    /// `from south_left`: both rows from the board's end on South's left:
    /// South fills `a`, `b`, …; North its last hole, then back towards `a`
    /// (MancalaGames' own order of a player's holes, `get_my_range`, which
    /// its LOSER_ONLY refill follows).
    SouthLeft,
    /// `territory`: every hole is filled and the holes change hands. The
    /// player holding more seeds owns ⌊held / per hole⌋ holes (one more
    /// when the remainder is over ⌊per hole / 2⌋, unless `partial_to_loser`),
    /// lettered from their own `a` counterclockwise round the board; the
    /// other player owns the rest. A tie gives each player their row.
    /// MancalaGames' TERRITORY goal.
    Territory {
        /// `partial_to_loser`: the hole the leader could only partly fill
        /// is the other player's (MancalaGames' TERR_EX_LOSER).
        partial_to_loser: bool,
        /// `setup`: each round's board is the `setup` again instead of
        /// every hole filled alike (the holes are still counted `per hole`
        /// seeds each), turned round after a round North started under
        /// `turned_after_north` (MancalaGames lays its start pattern again
        /// each round of a territory match).
        setup: bool,
        /// `setup turned_after_north`: as [`FillFrom::Setup`]'s.
        turned_after_north: bool,
    },
    /// `refill setup`: every round starts from the `setup` again, the
    /// holdings emptied, whatever the last round left (MancalaGames' games
    /// tallied by round wins).
    Setup {
        /// `turned_after_north`: after a round North started, the setup is
        /// turned round (each row gets the other's seeds), as MancalaGames
        /// sets out its start patterns for the player who did not start.
        turned_after_north: bool,
    },
}

impl FillFrom {
    /// Whether a round's board is the setup turned round after a round
    /// North started (`… setup turned_after_north`), so that positions
    /// remember who started the round.
    pub fn turned_after_north(self) -> bool {
        matches!(
            self,
            FillFrom::Setup { turned_after_north: true } | FillFrom::Territory { turned_after_north: true, .. }
        )
    }

    /// Where hole `index` (from its owner's left) of `player`'s row of
    /// `holes` comes in the fill order: the first `k` filled holes are those
    /// of rank below `k`.
    pub fn rank(self, player: Player, index: u8, holes: u8) -> u8 {
        let from_right = holes - 1 - index;
        match self {
            FillFrom::Right => from_right,
            FillFrom::Left => index,
            FillFrom::SouthLeft if player == Player::South => index,
            FillFrom::SouthLeft => from_right,
            // Every hole is filled.
            FillFrom::Territory { .. } | FillFrom::Setup { .. } => 0,
            FillFrom::Outside => {
                // South begins at its left end, North at its right end.
                let (near, far) = if player == Player::South { (index, from_right) } else { (from_right, index) };
                if near <= far {
                    2 * near
                } else {
                    2 * far + 1
                }
            }
        }
    }
}

/// A match of rounds (RP-7 … RP-10).
#[derive(Clone, Debug)]
pub struct Rounds {
    /// Seeds put in each refilled hole.
    pub per_hole: u16,
    /// Which end of the row is filled.
    pub fill_from: FillFrom,
    /// `partial_last`: seeds too few for a full hole go into the next hole
    /// along, which is then open though partly filled.
    pub partial_last: bool,
    /// `unfilled_open`: the holes left unfilled stay open (empty) instead of
    /// being closed for the round.
    pub unfilled_open: bool,
    /// `loser_only`: only the player who lost the round refills; the
    /// winner's row (seeds and closed holes) and holding stay as the round
    /// left them, and a drawn round ends the match (MancalaGames'
    /// LOSER_ONLY round fill).
    pub loser_only: bool,
    /// `matched`: a player fills no more holes than the other fills (the
    /// richer fills as many as the poorer, the rest of their seeds held;
    /// Rab'e's and Abalala'e's rounds after the first).
    pub matched: bool,
    /// `chosen`: a player decides the round's layout, as a move of their
    /// own before the round's first sowing (`=a.c.d`, the holes of the row
    /// laid out): which of their holes are filled, or under territory
    /// which holes of the other player's row the leader owns (MancalaGames'
    /// UCHOOSE and UCHOWN round fills). See `machine/layout.rs`.
    pub chosen: bool,
    /// The `refill` line.
    pub refill_span: Span,
    /// Who starts a round after the first.
    pub starter: Starter,
    /// Who starts after a tie, under `starter loser`/`winner`.
    pub tie: Tie,
    /// The `starter` line.
    pub starter_span: Span,
    /// A player holding fewer seeds than this at a refill loses the match.
    pub end_below: u16,
    /// `after N rounds`: the match ends after round N, whoever holds more
    /// seeds winning (a draw if equal); `None` when the match only ends
    /// through `end_below`.
    pub max_rounds: Option<u32>,
    /// `match_end wins N`: the match ends when a player has won N rounds
    /// (a drawn round counts for nobody); `end_below` is then 0.
    pub wins: Option<u8>,
    /// The `match_end` line.
    pub end_span: Span,
}

/// A hole named in a condition or action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HoleRef {
    /// The hole the move lifted first.
    Origin,
    /// The hole the last seed of the last lap fell into.
    Landing,
    /// The hole after `landing` (skipping closed holes and stores not sown).
    Next,
    /// The hole after `next`.
    After,
    /// In an `on drop` rule: the hole that just received a seed.
    Dropped,
    /// `lap_origin`: the hole the current lap was sown from (the move's
    /// origin on the first lap, the lifted hole after a relay, or the
    /// relay's `from` hole).
    LapOrigin,
    /// The hole facing this one (C-4); on four rows, the facing hole of the
    /// opponent's row of the same kind (inner faces inner, outer faces outer).
    Opposite(Box<HoleRef>),
    /// A player's store.
    Store(PlayerRef),
    /// `next(H)`: the open hole after `H` on the mover's sowing track (on
    /// the owner's circuit for a hole off the mover's track).
    NextOf(Box<HoleRef>),
    /// `prev(H)`: the open hole before `H`.
    PrevOf(Box<HoleRef>),
    /// `mirror(H)`: the hole with the same letter in the other player's holes.
    Mirror(Box<HoleRef>),
    /// `inner(H)`: on four rows, the hole of `H`'s owner in `H`'s column and
    /// the inner row (`H` itself on two rows).
    Inner(Box<HoleRef>),
    /// `outer(H)`: the hole of `H`'s owner in `H`'s column and the outer row.
    Outer(Box<HoleRef>),
    /// `hole(PLAYER, N)`: the player's hole whose `index` is `N` (`a` = 1;
    /// the checker keeps `N` within the player's holes).
    Numbered(PlayerRef, u8),
    /// `hole(PLAYER, EXPR)` with a number worked out at play: the player's
    /// hole whose `index` is the number, counted on round the player's
    /// holes from `a` past their last (0 is the last hole, one past it is
    /// `a`): defined for every number (the checker refuses an expression
    /// that may leave 1 to the player's holes, see `hole` in the reference).
    Counted(PlayerRef, Box<Num>),
    /// `previous_origin`: the hole the previous move of the round lifted
    /// (the move's own `origin` before the round's first move).
    PreviousOrigin,
}

/// A player named in a condition or action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerRef {
    /// The player making the move.
    Mover,
    /// The other player.
    Opponent,
    /// The owner of the row a hole is in (the store's owner for a store).
    Owner(Box<HoleRef>),
    /// Who claimed a hole (its row's owner if nobody did).
    Claimer(Box<HoleRef>),
    /// `starter`: the player who made the round's first move (South in a
    /// single game).
    Starter,
    /// A player named outright (`south`, `north`), whoever moves.
    Named(Player),
}

/// A row relative to the mover: all of a player's holes, or one of the
/// two rows of a four-row board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowRef {
    /// The mover's holes (`mover_row`).
    Mover,
    /// The opponent's holes (`opponent_row`).
    Opponent,
    /// A player's inner or outer row on a four-row board.
    Part {
        /// The mover's (true) or the opponent's.
        mover: bool,
        /// The inner row (true) or the outer one.
        inner: bool,
    },
}

/// Comparison operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpOp {
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
}

impl CmpOp {
    /// Applies the comparison.
    #[inline]
    pub fn holds<T: Ord>(self, a: T, b: T) -> bool {
        match self {
            CmpOp::Eq => a == b,
            CmpOp::Ne => a != b,
            CmpOp::Lt => a < b,
            CmpOp::Le => a <= b,
            CmpOp::Gt => a > b,
            CmpOp::Ge => a >= b,
        }
    }
}

/// A whole-number expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Num {
    /// A literal.
    Lit(i64),
    /// `count(HOLE)`: seeds in a hole.
    Count(HoleRef),
    /// `laps`: laps sown so far in this move (1 during the first).
    Laps,
    /// `lifted`: the seeds the move lifted from its hole (its first lap's).
    Lifted,
    /// `lap_captures`: the seeds the rules have taken off the board to a
    /// player since the current lap began (seeds sown into a store, or
    /// given as a toll, are not taken). Read only after a lap.
    LapCaptures,
    /// `a + b`.
    Add(Box<Num>, Box<Num>),
    /// `a - b`.
    Sub(Box<Num>, Box<Num>),
    /// `a % b` (the checker ensures `b` is a positive literal).
    Rem(Box<Num>, i64),
    /// `total(ROW)`: seeds in a row.
    Total(RowRef),
    /// `total_before(ROW)`: seeds in a row when the move began (before
    /// its hole was lifted). Read only after a lap (`relay`, `on` rules).
    TotalBefore(RowRef),
    /// `captured(PLAYER)`: a player's holding off the board.
    Captured(PlayerRef),
    /// `index(HOLE)`: 1-based place of a hole in its owner's row.
    Index(HoleRef),
    /// `claims(PLAYER)`: holes claimed by a player.
    Claims(PlayerRef),
    /// `claimed_seeds(PLAYER)`: seeds in the holes a player has claimed
    /// (a weg's seeds stay in it, and are its owner's).
    ClaimedSeeds(PlayerRef),
    /// `holes(ROW, COND)`: the open holes of a row for which `COND` holds,
    /// `hole` naming the hole tried.
    Holes(RowRef, Box<Cond>),
    /// `VALUE` or `VALUE(PLAYER)`: a value the rules keep (`memory`), by
    /// its first slot and, for a value kept per player, whose.
    Value(Slot, Option<PlayerRef>),
    /// `round`: the round of a match being played, from 1 (1 in a game
    /// without rounds).
    Round,
    /// `previous_lifted`: seeds the previous move of the round lifted from
    /// its hole (0 before the round's first move).
    PreviousLifted,
    /// `hand(PLAYER)`: the seeds a player holds in hand (`setup { hand N }`),
    /// not yet placed on the board.
    Hand(PlayerRef),
    /// `turns_played`: the turns played so far this round (a move that
    /// earned an extra turn does not end its player's turn; a pass is not a
    /// turn played), at most 255.
    TurnsPlayed,
    /// `extra_turns`: the extra turns earned by the moves since the last
    /// move that earned none (passes change nothing; 0 at a round's start),
    /// at most 255.
    ExtraTurns,
}

/// A condition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cond {
    /// Always true (a rule written without `when`).
    True,
    /// `not c`.
    Not(Box<Cond>),
    /// `a and b`.
    And(Box<Cond>, Box<Cond>),
    /// `a or b`.
    Or(Box<Cond>, Box<Cond>),
    /// `a < b` and friends, on numbers.
    Compare(Num, CmpOp, Num),
    /// `a == b` or `a != b`, on holes; `equal` is false for `!=`.
    SameHole(HoleRef, HoleRef, bool),
    /// `h in mover_row`.
    InRow(HoleRef, RowRef),
    /// `claimed(h)`.
    Claimed(HoleRef),
    /// `MARK(h)`: the mark is on the hole.
    Marked(Slot, HoleRef),
    /// `capturing`: the move is a capturing move, as `capturing when …` says.
    Capturing,
    /// `clockwise` (true) or `counterclockwise` (false): the way the lap
    /// being sown (in `lift when`, the candidate move) goes.
    Sense(bool),
    /// `previous_clockwise` (true) or `previous_counterclockwise` (false):
    /// the previous move of the round began sowing that way round (both
    /// false before the round's first move).
    PreviousSense(bool),
    /// `H == last_origin(P)` or `H == last_landing(P)` (or `!=`): the player
    /// has moved this round and their last move lifted (ended in) the hole.
    /// Before the player's first move of the round, `==` is false and `!=` true.
    LastMove {
        /// The hole compared.
        hole: HoleRef,
        /// Whose last move.
        player: PlayerRef,
        /// Its landing (true) or its origin.
        landing: bool,
        /// `==` (true) or `!=`.
        equal: bool,
    },
    /// `a == b` or `a != b`, on players (`claimer(landing) == opponent`);
    /// `equal` is false for `!=`.
    SamePlayer(PlayerRef, PlayerRef, bool),
}
