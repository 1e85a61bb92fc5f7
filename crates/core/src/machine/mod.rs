//! The sowing machine: a [`Ruleset`] lowered into lookup tables (the sowing
//! track of each player, opposites, owners) and interpreted move by move.
//!
//! - `eval.rs`, `sow.rs`, `turn.rs`: the definition — conditions walked as
//!   written, one seed at a time, with events for traces;
//! - `lower.rs`: the hot rules (relay, drop, sowing-end, lift) compiled to
//!   flat forms, and each player's track as an array in sowing order;
//! - `fast.rs`: the kernel legal-move generation and untraced moves run on
//!   them; `packed.rs`: its variant for rules without drop rules, with the
//!   board in one 128-bit word and endless sowings cut short when they
//!   repeat a state;
//! - `children.rs`: what legal-move generation keeps of the candidates it
//!   sows (the children, for playouts and perft, and counters).
//!
//! The kernels must give exactly what the definition gives: a unit test
//! compares them on every candidate of random games of every rules file.

mod at;
mod between;
mod children;
mod decide;
mod draw;
mod eval;
mod fast;
mod first_lap;
mod geometry;
mod guard;
mod kernel;
pub(crate) mod layout;
mod lower;
mod outcome;
mod packed;
mod plan;
mod sow;
mod turn;
mod verify;
mod why;

pub(crate) use children::{Children, Scratch};
pub use decide::DecisionProblem;
pub use kernel::Kernel;
pub use plan::Plan;
pub use verify::{Disagreement, Sowing};

use crate::diagnostic::Span;
use crate::hole::{Hole, Move, Sense};
use crate::memory::Memory;
use crate::position;
use crate::position::{GameId, Player, Position, MAX_CELLS};
use crate::rules::Ruleset;
use crate::trace::{Event, Explaining, Sink};
use eval::Ctx;
use geometry::Geometry;
use lower::{Program, Track};
use std::fmt;
use std::sync::Arc;

/// A playable game: checked rules plus the tables the interpreter runs on.
#[derive(Clone, Debug)]
pub struct Machine {
    rules: Ruleset,
    /// Holes each player owns (their row, or their two rows).
    holes: u8,
    /// The lanes of a player's holes in the words `row_empty` reads
    /// (`turn.rs`'s [`turn::row_lanes`]).
    row_lanes: [u64; 4],
    cells: u8,
    /// Whether the board has more than [`position::NARROW_CELLS`] cells:
    /// positions are then copied whole (see `position.rs`).
    wide: bool,
    /// `next[p][c]`: the cell after `c` on player `p`'s sowing track.
    next: [[u8; MAX_CELLS]; 2],
    /// `prev[p][c]`: the cell before `c` on player `p`'s sowing track.
    prev: [[u8; MAX_CELLS]; 2],
    /// `opposite[c]`: the cell facing `c` (C-4); a store faces the other store.
    opposite: [u8; MAX_CELLS],
    /// `inner[c]`, `outer[c]`: the hole of `c`'s owner in `c`'s column and
    /// their innermost (outermost) row there (`c` itself where they have one).
    inner: [u8; MAX_CELLS],
    /// See `inner`.
    outer: [u8; MAX_CELLS],
    /// Bit `c`: hole `c` is in its owner's inner row (boards of more than
    /// one row a player).
    inner_row: u128,
    /// Bit `c`: hole `c` is in its owner's outer row, there being another.
    outer_row: u128,
    /// Where each player's track is laid out from.
    track_start: [u8; 2],
    /// `owner[c]`: whose row (or store) `c` is.
    owner: [Player; MAX_CELLS],
    /// The stores' cells, if the board has stores.
    stores: Option<[u8; 2]>,
    one_round: bool,
    /// The hot rules, lowered for the fast kernel.
    prog: Program,
    /// Each cell's hole as a compiled [`lower::Slot`] reads it from its
    /// base (see [`lower::Slot::table`]).
    maps: [[u8; MAX_CELLS]; 8],
    /// Each player's track with no hole closed, both ways (see
    /// [`lower::track_index`]).
    tracks: [Track; 4],
    /// How it plays: its kernel and how it finds legal moves, decided
    /// once, when the machine is built.
    plan: Plan,
    /// Whether a rule asks the mover to choose inside a move
    /// ([`Ruleset::decides`]): moves are then played with their decisions.
    decides: bool,
    /// Whether one asks before the sowing ends ([`Ruleset::decides_in_laps`]):
    /// a move's decisions are then found by playing it again for each.
    laps_decide: bool,
    /// Whether a player lays out each round (`refill … chosen`,
    /// [`Ruleset::lays_out`]): a layout is then a move (`layout.rs`).
    lays_out: bool,
}

/// A position of another game handed to a machine: its board, holdings and
/// cached legal moves mean something else here, so the machine refuses it
/// (see [`GameId`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OtherGame {
    /// The game the position belongs to.
    pub position: GameId,
    /// The game of the machine it was given to.
    pub machine: GameId,
}

impl fmt::Display for OtherGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the position belongs to another game (rules {}) than this machine's (rules {}): make positions with the machine that plays them",
            self.position, self.machine
        )
    }
}

impl std::error::Error for OtherGame {}

/// Why a move cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// The position is not one of this machine's game.
    OtherGame(OtherGame),
    /// The game is over.
    GameOver,
    /// There is no hole with that letter.
    NoSuchHole,
    /// The hole belongs to the other player this round (territory: `refill
    /// … territory` moved it across the border).
    NotOwned,
    /// The hole is closed for this round (RP-8).
    Closed,
    /// The hole is empty.
    Empty,
    /// The hole has been claimed (a tuzdyk) and is never lifted.
    Claimed,
    /// The rules' `must_leave …` duty is not met by this move.
    MustLeave {
        /// The `must_leave` declaration.
        span: Span,
    },
    /// The move names a direction the rules do not let the player choose
    /// (`chosen` false), or names none where they do.
    Direction {
        /// Whether the rules let the player choose the direction.
        chosen: bool,
    },
    /// Another legal move comes first: the rules' `prefer …` rule declared
    /// at `span` keeps only the moves that meet it, and this one does not.
    NotPreferred {
        /// The `prefer` declaration that left the move out.
        span: Span,
    },
    /// The rules' `lift when …` condition does not allow it.
    NotLiftable {
        /// The `lift` declaration.
        span: Span,
    },
    /// A placement (`*c`) where the rules have none (no `place when …`).
    NoPlacing,
    /// A placement, but the mover's hand is empty.
    HandEmpty,
    /// The rules' `place when …` condition does not allow placing there.
    NotPlaceable {
        /// The `place` declaration.
        span: Span,
    },
    /// Its sowing would need more laps than the limit (C-6).
    Endless {
        /// The lap limit.
        limit: u32,
        /// The `endless` declaration.
        span: Span,
    },
    /// The decisions the move names inside it do not fit what its rules
    /// ask (`choose hole where …`).
    Decision(DecisionProblem),
    /// The machine's kernel refused a move the definition plays: a bug in
    /// sowspec, reported with both results.
    Internal(Box<Disagreement>),
    /// A round's layout (`=a.c.d`, `refill … chosen`) where none is asked
    /// (`choose` 0), or another move, or the wrong holes, where one is.
    Layout {
        /// How many holes the layout chooses (0: no layout is asked now).
        choose: u8,
        /// Holes in the row laid out.
        holes: u8,
    },
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::OtherGame(other) => other.fmt(f),
            Illegal::GameOver => f.write_str("the game is over"),
            Illegal::NoSuchHole => f.write_str("there is no such hole"),
            Illegal::NotOwned => f.write_str("the hole belongs to the other player this round"),
            Illegal::Closed => f.write_str("the hole is closed this round"),
            Illegal::Empty => f.write_str("the hole is empty"),
            Illegal::Claimed => f.write_str("the hole has been claimed and cannot be lifted"),
            Illegal::MustLeave { .. } => f.write_str("the rules' `must_leave` duty is not met by this move"),
            Illegal::NotLiftable { .. } => f.write_str("the rules do not allow lifting this hole"),
            Illegal::NotPreferred { .. } => f.write_str("another move comes first (the rules' `prefer`)"),
            Illegal::Direction { chosen: true } => f.write_str(
                "the player chooses the direction: write the hole with `+` (counterclockwise) or `-` (clockwise)",
            ),
            Illegal::Direction { chosen: false } => {
                f.write_str("the rules fix the sowing direction: write the hole's letter alone")
            }
            Illegal::NoPlacing => {
                f.write_str("the rules have no placement moves (`place when …`): write the hole's letter without `*`")
            }
            Illegal::HandEmpty => f.write_str("the mover's hand is empty: there is no seed to place"),
            Illegal::NotPlaceable { .. } => f.write_str("the rules do not allow placing a seed in this hole"),
            Illegal::Endless { limit, .. } => {
                write!(f, "the move is endless: its sowing would need more than {limit} laps")
            }
            Illegal::Decision(problem) => problem.fmt(f),
            Illegal::Internal(d) => d.fmt(f),
            Illegal::Layout { choose: 0, .. } => f.write_str(
                "no layout is asked here: a layout (`=a.c`) is made only at a round's start under `refill … chosen`",
            ),
            Illegal::Layout { choose, holes } => write!(
                f,
                "the round is to be laid out first: choose {choose} of the row's {holes} holes, their letters in \
                 order after `=` (`=a.b`)"
            ),
        }
    }
}

/// A move that was refused, with the position it was tried on, untouched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMove {
    /// Why.
    pub reason: Illegal,
    /// The position the move was tried on (boxed: errors stay small).
    pub position: Box<Position>,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.reason.fmt(f)
    }
}

impl std::error::Error for IllegalMove {}

impl Machine {
    /// Lowers checked rules into a machine.
    pub fn new(rules: Ruleset) -> Machine {
        let g = Geometry::new(&rules.board, rules.sowing.direction);
        let prog = Program::new(&rules);
        let track_start = g.track_start;
        let tracks = [0, 1, 2, 3].map(|k: usize| {
            let (p, reverse) = (Player::BOTH[k % 2], k >= 2);
            let next = if reverse { &g.prev } else { &g.next };
            Track::build(&next[p.index()], track_start[p.index()], g.cells, 0, reverse)
        });
        let plan = Plan::new(&rules, &prog, &tracks);
        let lays_out = rules.lays_out();
        // (Layouts are complete moves listed one by one, as decisions are.)
        let decides = rules.decides() || lays_out;
        let laps_decide = rules.decides_in_laps();
        let mut m = Machine {
            rules,
            holes: g.per_player,
            row_lanes: turn::row_lanes(g.per_player),
            cells: g.cells,
            wide: usize::from(g.cells) > position::NARROW_CELLS,
            next: g.next,
            prev: g.prev,
            opposite: g.opposite,
            inner: g.inner,
            outer: g.outer,
            inner_row: g.inner_row,
            outer_row: g.outer_row,
            owner: g.owner,
            stores: g.stores,
            track_start,
            one_round: false,
            prog,
            maps: [[0; MAX_CELLS]; 8],
            tracks,
            plan,
            decides,
            laps_decide,
            lays_out,
        };
        m.maps = m.cell_maps();
        m.guard_end_rules();
        m.place_closed_toll();
        m
    }

    /// How the machine plays: its sowing kernel and how it finds legal
    /// moves, each with its reason (what `check --explain` prints).
    pub fn plan(&self) -> &Plan {
        &self.plan
    }

    /// The same machine running the general interpreter for every move,
    /// sowing every candidate to find the legal moves and walking every
    /// condition as written: the definition the other kernels are
    /// verified against.
    #[must_use]
    pub fn definition(&self) -> Machine {
        let mut m = self.clone();
        m.plan = self.plan.definition();
        // (The compiled forms of `over` and the `must_leave` duty: the
        // definition reads those conditions as written.)
        m.prog.over = None;
        m.prog.duty = None;
        m.prog.over_table = None;
        m.prog.duty_table = None;
        m
    }

    /// Plays only the first round of a match (RP-11); no effect without rounds.
    pub fn with_one_round(mut self, one_round: bool) -> Machine {
        self.one_round = one_round;
        self
    }

    /// Whether play stops after the first round.
    pub fn is_one_round(&self) -> bool {
        self.one_round
    }

    /// Whether the board has more than [`position::NARROW_CELLS`] cells
    /// (its positions are then copied whole: see `position.rs`).
    pub(crate) fn wide(&self) -> bool {
        self.wide
    }

    /// The rules this machine plays.
    pub fn rules(&self) -> &Ruleset {
        &self.rules
    }

    /// Whether `pos` is a position of this machine's game (built by a
    /// machine of the same rules): every call that plays, counts or traces
    /// from a position asks this first.
    ///
    /// # Errors
    /// The position belongs to another game.
    #[inline]
    pub fn owns(&self, pos: &Position) -> Result<(), OtherGame> {
        if pos.game == self.rules.game {
            Ok(())
        } else {
            Err(OtherGame { position: pos.game, machine: self.rules.game })
        }
    }

    /// Panics, naming `call`, when `pos` is a position of another game:
    /// for the calls whose contract is a position of this game.
    #[inline]
    fn assert_owns(&self, pos: &Position, call: &str) {
        assert!(pos.game == self.rules.game, "{call}: a position of another game");
    }

    /// Holes in each row.
    pub fn holes(&self) -> u8 {
        self.holes
    }

    /// The cell of a player's hole (`index` 0 is hole `a`).
    #[inline]
    pub fn cell(&self, player: Player, index: u8) -> u8 {
        match player {
            Player::South => index,
            Player::North => self.holes + index,
        }
    }

    /// Whether the rules' match is played for territory (`refill …
    /// territory`): holes change hands between rounds.
    #[inline]
    pub fn territory(&self) -> bool {
        self.rules.territory()
    }

    /// How many move letters a player has: the holes of a row, or under
    /// territory or `lift from both_rows` twice that (a player's holes
    /// lettered from their own `a` counterclockwise round the board, `g` of
    /// a six-hole row being the other row's `a`).
    #[inline]
    pub fn move_holes(&self) -> u8 {
        if self.rules.board.circle {
            // Every hole of the circle, for either player.
            self.holes
        } else if self.territory() || self.rules.moves.both_rows {
            2 * self.holes
        } else {
            self.holes
        }
    }

    /// The cell of `player`'s move letter `index` (see [`Machine::move_holes`]):
    /// past the row's last hole, the other row's holes from its `a`.
    #[inline]
    pub fn move_cell(&self, player: Player, index: u8) -> u8 {
        if self.rules.board.circle {
            index
        } else if index < self.holes {
            self.cell(player, index)
        } else {
            self.cell(player.other(), index - self.holes)
        }
    }

    /// Who owns hole (or store) `cell` in `pos`: its row's player, unless a
    /// territory refill moved the border ([`Position::border`]).
    #[inline]
    pub fn hole_owner(&self, pos: &Position, cell: u8) -> Player {
        let row = self.owner[usize::from(cell)];
        if pos.border == 0 || cell >= 2 * self.holes {
            return row;
        }
        // The holes beyond the border, counted from the other row's `a`,
        // or as a layout chose them (`refill … territory chosen`).
        let (gainer, beyond) = if pos.border > 0 { (Player::South, pos.border) } else { (Player::North, -pos.border) };
        let ceded = pos.memory.as_ref().map_or(0, |m| m.ceded);
        let beyond = if ceded != 0 {
            ceded & (1 << (cell % self.holes)) != 0
        } else {
            (cell % self.holes) < beyond.unsigned_abs()
        };
        if row != gainer && beyond {
            gainer
        } else {
            row
        }
    }

    /// The cells of the board's holes (stores not counted): both rows, or
    /// on a circle its holes only.
    pub fn hole_cells(&self) -> u8 {
        if self.rules.board.circle {
            self.holes
        } else {
            2 * self.holes
        }
    }

    /// A cell's name: `S.a`, `N.g`, `S.store`; on a circle, nobody's, the
    /// hole's letter alone (`c`).
    pub fn cell_name(&self, cell: u8) -> String {
        if self.rules.board.circle {
            return Hole::at(cell % self.holes).to_string();
        }
        let owner = self.owner[usize::from(cell)];
        if cell >= 2 * self.holes {
            return format!("{}.store", owner.letter());
        }
        format!("{}.{}", owner.letter(), Hole::at(cell % self.holes))
    }

    /// The cell of `p`'s store, if the board has stores.
    pub fn store_cell(&self, p: Player) -> Option<u8> {
        self.stores.map(|s| s[p.index()])
    }

    /// Seeds a player holds off the board: reserve plus store.
    pub fn captured(&self, pos: &Position, p: Player) -> u32 {
        u32::from(pos.reserve[p.index()]) + self.stores.map_or(0, |s| u32::from(pos.cells[usize::from(s[p.index()])]))
    }

    /// The seeds both players hold off the board (stores and reserves).
    pub(super) fn held(&self, pos: &Position) -> u32 {
        self.captured(pos, Player::South) + self.captured(pos, Player::North)
    }

    /// The position at the start of the game (South to move, C-1). For a
    /// drawn setup (`seeds drawn …`), the draw seeded 0: see
    /// [`Machine::initial_drawn`].
    pub fn initial(&self) -> Position {
        self.laid_out(&self.rules.setup)
    }

    /// The start of a game seeded `seed`: for a drawn setup (`seeds drawn
    /// …`) the draw of that seed (the same seed, the same start), else
    /// [`Machine::initial`].
    pub fn initial_drawn(&self, seed: u64) -> Position {
        match &self.rules.drawn {
            Some(d) => self.laid_out(&d.lay(self.rules.board.per_player(), seed)),
            None => self.initial(),
        }
    }

    /// Whether `pos` is a start the drawn setup could lay out: round 1,
    /// nothing captured or closed, the seeds drawn on the board with at
    /// least the least in every hole. True for every position when the
    /// setup is not drawn.
    pub fn could_be_drawn(&self, pos: &Position) -> bool {
        let Some(d) = &self.rules.drawn else { return true };
        let rows = Player::BOTH.map(|p| {
            (0..self.rules.board.per_player()).map(|i| pos.cells[usize::from(self.cell(p, i))]).collect::<Vec<_>>()
        });
        pos.round == 1
            && pos.closed == 0
            && Player::BOTH.iter().all(|&p| self.captured(pos, p) == 0)
            && d.could_lay([&rows[0], &rows[1]])
    }

    /// The start position with `setup` on the board.
    fn laid_out(&self, setup: &[Vec<u16>; 2]) -> Position {
        let mut pos = Position {
            cells: [0; MAX_CELLS],
            game: self.rules.game,
            reserve: [0; 2],
            closed: 0,
            claimed: [0; 2],
            to_move: Some(Player::South),
            round: 1,
            result: None,
            legal: 0,
            chosen: self.chosen(),
            places: self.places(),
            border: 0,
            wins: [0; 2],
            north_opened: false,
            seen: None,
            previous: None,
            turns_played: 0,
            extra_turns: 0,
            memory: self.memory_start(),
        };
        for p in Player::BOTH {
            for (i, &s) in setup[p.index()].iter().enumerate() {
                pos.cells[usize::from(self.cell(p, i as u8))] = s;
            }
        }
        self.start(&mut pos);
        pos
    }

    /// The memory at a round's start: each mark on the holes its
    /// declaration names, each value at its `from` (`None` without `memory`).
    pub(crate) fn memory_start(&self) -> Option<Arc<Memory>> {
        let decl = &self.rules.memory;
        if decl.is_empty() && self.rules.hands.is_none() && !self.lays_out {
            return None;
        }
        let mut memory = Memory { hand: self.rules.hands.unwrap_or_default(), ..Memory::default() };
        for (k, mark) in decl.marks.iter().enumerate() {
            for p in Player::BOTH {
                for &n in &mark.on {
                    // (On a circle both players' hole `n` is the circle's.)
                    memory.set_mark(k as u8, self.move_cell(p, n - 1), true);
                }
            }
        }
        for v in &decl.values {
            let slots = 1 + usize::from(v.per_player);
            memory.values[usize::from(v.slot)..][..slots].fill(v.from);
        }
        Some(Arc::new(memory))
    }

    /// Whether a rule asks the mover to choose inside a move (`choose`):
    /// moves then carry decisions, listed by [`Machine::legal_moves`].
    pub fn decides(&self) -> bool {
        self.decides
    }

    /// Whether the player chooses the direction of each move (`c+`, `c-`).
    pub fn chosen(&self) -> bool {
        self.rules.sowing.direction == crate::rules::Direction::Chosen
    }

    /// Makes `pos` (with a player to move) a position to play from: the
    /// first of the positions seen, under a repetition rule, and settled
    /// (legal moves found; a player who cannot move passes or the game ends).
    pub(crate) fn start(&self, pos: &mut Position) {
        if self.rules.end.repetition.is_some() {
            pos.seen = Some(position::Seen::new(pos, pos.to_move));
        }
        self.settle(pos, None, &mut (), &mut (), None);
    }

    /// Plays a move: a hole of the mover's (a [`Hole`] converts), with its
    /// direction where the player chooses it.
    ///
    /// # Errors
    /// The move is not legal; the error holds the position, untouched.
    pub fn play(&self, pos: &Position, mv: impl Into<Move>) -> Result<Position, IllegalMove> {
        self.play_with(pos, mv.into(), &mut ())
    }

    /// Like [`Machine::play`], recording every event of the move in `events`.
    ///
    /// # Errors
    /// The move is not legal; the error holds the position, untouched.
    pub fn play_traced(
        &self,
        pos: &Position,
        mv: impl Into<Move>,
        events: &mut Vec<Event>,
    ) -> Result<Position, IllegalMove> {
        self.play_with(pos, mv.into(), events)
    }

    /// Like [`Machine::play_traced`], also recording how the conditions of
    /// the rules declared within `about` were weighed
    /// ([`EventKind::Considered`](crate::trace::EventKind::Considered)):
    /// what `trace --why LINE` shows. Every rule that starts in `about` is
    /// explained each time the machine weighs it; see [`Ruleset::weighed_rules`].
    ///
    /// # Errors
    /// The move is not legal; the error holds the position, untouched.
    pub fn play_explained(
        &self,
        pos: &Position,
        mv: impl Into<Move>,
        about: Span,
        events: &mut Vec<Event>,
    ) -> Result<Position, IllegalMove> {
        self.play_with(pos, mv.into(), &mut Explaining { events, about })
    }

    /// The events of sowing `mv` in `pos` whether or not the move is legal,
    /// up to the point its sowing ended or was judged endless (the last event
    /// then says so): how `trace` shows an illegal endless move's laps. The
    /// position is not changed; nothing after the sowing (captures at its
    /// end, the next player) is played.
    ///
    /// # Errors
    /// The position belongs to another game.
    pub fn trace_sowing(&self, pos: &Position, mv: Move, events: &mut Vec<Event>) -> Result<(), OtherGame> {
        self.owns(pos)?;
        let Some(mover) = pos.to_move else { return Ok(()) };
        if mv.hole.index() >= self.move_holes() {
            return Ok(());
        }
        let mut scratch = pos.clone();
        if mv.place {
            if self.rules.moves.place.is_some() && scratch.hand(mover) > 0 && mv.hole.index() < self.holes {
                let reverse = mv.sense == Some(Sense::Minus);
                let _ = self.place(&mut scratch, mover, self.cell(mover, mv.hole.index()), reverse, events);
            }
            return Ok(());
        }
        let reverse = mv.sense == Some(Sense::Minus);
        let _ = self.sow(&mut scratch, mover, self.move_cell(mover, mv.hole.index()), reverse, events);
        Ok(())
    }

    /// Plays a move known to be legal, in place: the fast path for playouts.
    ///
    /// # Panics
    /// If `pos` is a position of another game ([`Machine::owns`]), or `mv`
    /// is not a legal move (bit `mv.index()` of `pos.legal_mask()`).
    pub fn play_unchecked(&self, pos: &mut Position, mv: impl Into<Move>) {
        let mv = mv.into();
        let index = mv.index();
        self.assert_owns(pos, "play_unchecked");
        assert!(pos.legal & (1 << index) != 0, "play_unchecked: {mv} is not a legal move");
        if self.decides || mv.place {
            *pos = self.play(pos, mv).unwrap_or_else(|e| panic!("play_unchecked: {mv} is not a legal move: {e}"));
            return;
        }
        let mover = pos.to_move.expect("a position with legal moves has a player to move");
        let reverse = mv.sense == Some(Sense::Minus);
        let sown = self.sow_legal(pos, mover, self.move_cell(mover, mv.hole.index()), reverse, &mut ());
        self.after_move(pos, mover, sown, &mut (), &mut (), None);
    }

    /// Plays a move, its events to `sink`.
    pub(crate) fn play_with<S: Sink>(&self, pos: &Position, mv: Move, sink: &mut S) -> Result<Position, IllegalMove> {
        if self.lays_out {
            if let Err(reason) = self.owns(pos).map_err(Illegal::OtherGame).and_then(|()| self.check_layout(pos, mv)) {
                return Err(IllegalMove { reason, position: Box::new(pos.clone()) });
            }
            if mv.is_layout() {
                return Ok(self.play_layout(pos, mv, sink));
            }
        }
        if mv.is_layout() {
            let reason = Illegal::Layout { choose: 0, holes: self.holes };
            return Err(IllegalMove { reason, position: Box::new(pos.clone()) });
        }
        if let Err(reason) = self.check_move(pos, mv) {
            return Err(IllegalMove { reason, position: Box::new(pos.clone()) });
        }
        if self.decides {
            if self.laps_decide {
                // A decision may lead the laps after it anywhere, even round
                // for ever: the move is sown once first, its decisions weighed.
                self.replay_decisions(pos, mv)
                    .map_err(|reason| IllegalMove { reason, position: Box::new(pos.clone()) })?;
            }
            let mut deciding = decide::Deciding::new(sink, mv.then.as_slice());
            let next = self.play_checked(pos, mv, &mut deciding);
            return match deciding.problem() {
                None => Ok(next),
                Some(problem) => {
                    Err(IllegalMove { reason: Illegal::Decision(problem), position: Box::new(pos.clone()) })
                }
            };
        }
        if !mv.then.is_empty() {
            let reason = Illegal::Decision(DecisionProblem::Unasked { asked: 0 });
            return Err(IllegalMove { reason, position: Box::new(pos.clone()) });
        }
        Ok(self.play_checked(pos, mv, sink))
    }

    /// Plays a legal move on a copy of `pos`, its decisions taken from `sink`.
    fn play_checked<S: Sink>(&self, pos: &Position, mv: Move, sink: &mut S) -> Position {
        let mover = pos.to_move.expect("checked: the game is not over");
        let mut next = pos.clone();
        let reverse = mv.sense == Some(Sense::Minus);
        let duty = self.weigh_before_move(pos, mover, sink);
        let cell = self.move_cell(mover, mv.hole.index());
        let sown = if mv.place {
            self.place_legal(&mut next, mover, cell, reverse, sink)
        } else {
            self.sow_legal(&mut next, mover, cell, reverse, sink)
        };
        if let Some(duty) = duty {
            let ctx = Ctx::sowing(mover, cell, reverse);
            self.weigh(&duty.after, duty.span, &next, &ctx, None, sink);
        }
        self.after_move(&mut next, mover, sown, sink, &mut (), None);
        next
    }

    /// Why `mv` is not a legal move in `pos`, if it is not.
    fn check_move(&self, pos: &Position, mv: Move) -> Result<(), Illegal> {
        self.owns(pos).map_err(Illegal::OtherGame)?;
        let mover = pos.to_move.ok_or(Illegal::GameOver)?;
        let index = mv.hole.index();
        if index >= self.move_holes() {
            return Err(Illegal::NoSuchHole);
        }
        match (mv.sense, self.chosen()) {
            (None, true) => return Err(Illegal::Direction { chosen: true }),
            (Some(_), false) => return Err(Illegal::Direction { chosen: false }),
            _ => {}
        }
        if pos.legal & (1 << mv.index()) != 0 {
            return Ok(());
        }
        if mv.place {
            return Err(self.why_not_placed(pos, mover, mv));
        }
        let cell = self.move_cell(mover, index);
        let reverse = mv.sense == Some(Sense::Minus);
        if !self.may_lift(pos, mover, cell) {
            Err(Illegal::NotOwned)
        } else if pos.is_closed(usize::from(cell)) {
            Err(Illegal::Closed)
        } else if pos.claimed_by(usize::from(cell)).is_some() {
            Err(Illegal::Claimed)
        } else if pos.cells[usize::from(cell)] == 0 {
            Err(Illegal::Empty)
        } else if !self.liftable(pos, mover, cell, reverse) {
            Err(Illegal::NotLiftable { span: self.rules.moves.lift_span })
        } else if self.breaks_duty(pos, mover, cell, reverse) {
            let span = self.rules.moves.must_leave.as_ref().expect("a duty was broken").span;
            Err(Illegal::MustLeave { span })
        } else if let Some(span) = self.left_out_by(pos, mover, mv.index()) {
            Err(Illegal::NotPreferred { span })
        } else if let Some(d) = self.confirm_endless(pos, mover, mv.index()) {
            Err(Illegal::Internal(d))
        } else {
            Err(Illegal::Endless { limit: self.rules.moves.lap_limit, span: self.rules.moves.endless_span })
        }
    }
}

impl Machine {
    /// Why placing into hole `index` of `mover`'s is not a legal move in
    /// `pos`, which it is not.
    fn why_not_placed(&self, pos: &Position, mover: Player, mv: Move) -> Illegal {
        let Some(place) = &self.rules.moves.place else { return Illegal::NoPlacing };
        let (index, reverse) = (mv.hole.index(), mv.sense == Some(Sense::Minus));
        if index >= self.holes {
            return Illegal::NoSuchHole;
        }
        let cell = self.cell(mover, index);
        if pos.hand(mover) == 0 {
            Illegal::HandEmpty
        } else if self.hole_owner(pos, cell) != mover {
            Illegal::NotOwned
        } else if pos.is_closed(usize::from(cell)) {
            Illegal::Closed
        } else if pos.claimed_by(usize::from(cell)).is_some() {
            Illegal::Claimed
        } else if !self.placeable(pos, mover, cell, reverse) {
            Illegal::NotPlaceable { span: place.span }
        } else if self.breaks_placing_duty(pos, mover, cell, reverse) {
            let span = self.rules.moves.must_leave.as_ref().expect("a duty was broken").span;
            Illegal::MustLeave { span }
        } else if let Some(span) = self.left_out_by(pos, mover, mv.index()) {
            Illegal::NotPreferred { span }
        } else {
            Illegal::Endless { limit: self.rules.moves.lap_limit, span: self.rules.moves.endless_span }
        }
    }

    /// Whether placing into `cell` (sown on against the track when
    /// `reverse`) fails the rules' `must_leave` duty.
    fn breaks_placing_duty(&self, pos: &Position, mover: Player, cell: u8, reverse: bool) -> bool {
        let Some(duty) = &self.rules.moves.must_leave else { return false };
        let ctx = eval::Ctx::sowing(mover, cell, reverse);
        if !self.holds(&duty.before, pos, &ctx) {
            return false;
        }
        let mut after = pos.clone();
        self.place(&mut after, mover, cell, reverse, &mut ()).is_ok() && !self.holds(&duty.after, &after, &ctx)
    }

    /// Whether the rules have placement moves (`place when …`): bits
    /// [`Hole::MAX`] and up of a legal-move mask are then placements, and
    /// with a chosen direction bits 16 to 31 too (see [`Move::index`]).
    pub fn places(&self) -> bool {
        self.rules.moves.place.is_some()
    }

    /// The move with bit `index` of this machine's legal-move masks
    /// ([`Move::from_bit`]).
    pub fn move_at(&self, index: u8) -> Move {
        Move::from_bit(index, self.chosen(), self.places())
    }

    /// The legal moves of the player to move, computed afresh (bit `i` = hole `i`).
    ///
    /// # Errors
    /// The position belongs to another game.
    pub fn legal_mask(&self, pos: &Position) -> Result<u64, OtherGame> {
        self.owns(pos)?;
        if self.lays_out && self.laying_out(pos).is_some() {
            // A round's layout is pending: its mask is a layout's bit.
            return Ok(1);
        }
        Ok(pos.to_move.map_or(0, |p| self.legal_mask_of(pos, p, &mut (), None)))
    }
}
