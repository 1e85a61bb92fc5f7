//! Traces as one self-contained HTML page: the board drawn as SVG and
//! stepped through drop by drop, lap by lap, each step beside the rules
//! line behind it. The steps are built here, in Rust; the page's small
//! script only draws them.

use crate::render::{self, Paint};
use serde::Serialize;
use sowspec_core::diagnostic::Span;
use sowspec_core::position::{Player, Position};
use sowspec_core::trace::{Event, EventKind};
use sowspec_core::{Hole, Machine};

pub mod report;

/// The most steps one move contributes; past it the page says the move's
/// trace is cut and shows the position after the move.
pub const MAX_STEPS_PER_MOVE: usize = 5_000;

/// The most steps a page holds (a few megabytes of JSON at most).
pub const MAX_STEPS: usize = 50_000;

/// What the board shows at one step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Board {
    /// Seeds in each hole, by cell (South's holes, then North's).
    pub cells: Vec<u16>,
    /// Whether each hole is closed.
    pub closed: Vec<bool>,
    /// Who claimed each hole (`S`, `N`), if anyone.
    pub claimed: Vec<Option<char>>,
    /// Seeds each player holds off the board (store plus reserve): South, North.
    pub held: [u32; 2],
    /// Seeds each player still holds in hand, to place (`setup { hand N }`):
    /// South, North; 0 under rules without hands.
    pub hand: [u32; 2],
}

impl Board {
    /// The board of a position.
    pub fn of(m: &Machine, pos: &Position) -> Board {
        let cells = 0..usize::from(m.holes()) * 2;
        Board {
            cells: cells.clone().map(|c| pos.seeds(c)).collect(),
            closed: cells.clone().map(|c| pos.is_closed(c)).collect(),
            claimed: cells.map(|c| pos.claimed_by(c).map(Player::letter)).collect(),
            held: [m.captured(pos, Player::South), m.captured(pos, Player::North)],
            hand: [pos.hand(Player::South), pos.hand(Player::North)],
        }
    }

    /// Applies what an event does to the holes and to what players hold.
    /// Forfeits (which undo a rule's effects), round ends, awards and
    /// refills change more than their events say;
    /// the step after each move shows the machine's position instead.
    fn apply(&mut self, kind: &EventKind) {
        let holes = self.cells.len();
        match *kind {
            EventKind::Lift { cell, .. } | EventKind::Relay { cell, .. } => {
                if let Some(c) = self.cells.get_mut(usize::from(cell)) {
                    *c = 0;
                }
            }
            EventKind::Drop { cell, count } => match self.cells.get_mut(usize::from(cell)) {
                Some(c) => *c = count,
                // Cells past the holes are the stores, South's first.
                None => {
                    if let Some(h) = self.held.get_mut(usize::from(cell) - holes) {
                        *h += 1;
                    }
                }
            },
            EventKind::Capture { cell, seeds, to } => {
                if let Some(c) = self.cells.get_mut(usize::from(cell)) {
                    *c = c.saturating_sub(seeds);
                }
                self.held[to.index()] += u32::from(seeds);
            }
            EventKind::ToHand { cell, seeds, to } => {
                if let Some(c) = self.cells.get_mut(usize::from(cell)) {
                    *c = c.saturating_sub(seeds);
                }
                self.hand[to.index()] += u32::from(seeds);
            }
            EventKind::Toll { seeds, to } => self.held[to.index()] += u32::from(seeds),
            EventKind::Return { cell, seeds, from } => {
                if let Some(c) = self.cells.get_mut(usize::from(cell)) {
                    *c += seeds;
                }
                self.held[from.index()] = self.held[from.index()].saturating_sub(u32::from(seeds));
            }
            EventKind::Close { cell } => {
                if let Some(c) = self.closed.get_mut(usize::from(cell)) {
                    *c = true;
                }
            }
            EventKind::Pull { cell, seeds, into, count } => {
                if let Some(c) = self.cells.get_mut(usize::from(cell)) {
                    *c = c.saturating_sub(seeds);
                }
                if let Some(c) = self.cells.get_mut(usize::from(into)) {
                    *c = count;
                }
            }
            EventKind::Place { player, .. } => {
                let h = &mut self.hand[player.index()];
                *h = h.saturating_sub(1);
            }
            EventKind::Claim { cell, by } => {
                if let Some(c) = self.claimed.get_mut(usize::from(cell)) {
                    *c = Some(by.letter());
                }
            }
            _ => {}
        }
    }
}

/// The rules line a step cites.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Cite {
    /// The rules file's name.
    pub file: String,
    /// Line (1-based).
    pub line: usize,
    /// Column (1-based).
    pub column: usize,
    /// The line's text.
    pub text: String,
}

/// One step of the page.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Step {
    /// The move (1-based; 0 for the start position).
    pub ply: usize,
    /// What happened, in the words of the text trace.
    pub text: String,
    /// The rules line behind it, if one is.
    pub cite: Option<Cite>,
    /// The cell the step is about, to highlight.
    pub focus: Option<u8>,
    /// Seeds in the sower's hand after the step.
    pub hand: u32,
    /// The board after the step.
    pub board: Board,
}

/// A move's heading: who played what.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveInfo {
    /// Who moved.
    pub mover: String,
    /// The move as given.
    pub mv: String,
}

/// Everything the page draws.
#[derive(Clone, Debug, Serialize)]
pub struct Trace {
    /// The rules file's name.
    pub file: String,
    /// The game's name.
    pub game: String,
    /// The board's shape as the rules give it: `[rows, holes a row]`.
    pub shape: [u8; 2],
    /// Rows from top to bottom as seen from above, each its cells left to right.
    pub rows: Vec<Vec<u8>>,
    /// Each player's track (South's, North's): the cells they sow in the
    /// rules' direction, from their hole `a` (stores left out).
    pub tracks: [Vec<u8>; 2],
    /// Each hole cell's facing hole (what `opposite` reads: the shape's, or
    /// the pairs `facing` writes out); on a circle each hole itself.
    pub facing: Vec<u8>,
    /// Each cell's name (`S.a`, `N.f`).
    pub names: Vec<String>,
    /// Each hole's letter.
    pub letters: Vec<String>,
    /// Whether the players have stores (otherwise reserves beside the board).
    pub stores: bool,
    /// Whether the board is one circle (`circle N`): its holes are drawn
    /// round a circle, `a` onwards counterclockwise, rather than in `rows`.
    pub circle: bool,
    /// Whether the players hold seeds in hand to place (`setup { hand N }`).
    pub hands: bool,
    /// The moves, by ply (index 0 is ply 1).
    pub moves: Vec<MoveInfo>,
    /// The steps, starting with the start position.
    pub steps: Vec<Step>,
}

/// Builds a [`Trace`] move by move.
pub struct Builder<'a> {
    m: &'a Machine,
    source: &'a str,
    trace: Trace,
}

impl<'a> Builder<'a> {
    /// Starts a trace at `start`; `file` names the rules file whose text is `source`.
    pub fn new(m: &'a Machine, file: &str, source: &'a str, start: &Position) -> Builder<'a> {
        let rows = render::rows_from_above(m).into_iter();
        let board = m.rules().board();
        let cells = 0..m.hole_cells();
        let trace = Trace {
            file: file.to_string(),
            game: m.rules().name().to_string(),
            shape: [board.rows, board.holes],
            rows: rows.collect(),
            tracks: render::tracks(m),
            facing: board.layout().opposite.into_iter().take(usize::from(m.hole_cells())).collect(),
            names: cells.clone().map(|c| m.cell_name(c)).collect(),
            letters: cells.map(|c| Hole::at(c % m.holes()).to_string()).collect(),
            stores: board.stores != sowspec_core::rules::Stores::None,
            circle: board.circle,
            hands: m.rules().hands().is_some(),
            moves: Vec::new(),
            steps: vec![Step {
                ply: 0,
                text: "the start position".to_string(),
                cite: None,
                focus: None,
                hand: 0,
                board: Board::of(m, start),
            }],
        };
        Builder { m, source, trace }
    }

    fn cite(&self, span: Option<Span>) -> Option<Cite> {
        let (line, column, text) = render::cited_line(self.source, span?);
        Some(Cite { file: self.trace.file.clone(), line, column, text })
    }

    /// Adds a move's steps: one per event from the board before it, then
    /// the position `after` it as the machine reached it.
    pub fn add_move(&mut self, mover: Player, mv: &str, events: &[Event], after: &Position) {
        self.trace.moves.push(MoveInfo { mover: mover.to_string(), mv: mv.to_string() });
        let ply = self.trace.moves.len();
        let Some(last) = self.trace.steps.last() else { return };
        let mut board = last.board.clone();
        let (mut hand, mut lap, mut added) = (0u32, 1u32, 0usize);
        for e in events {
            if added >= MAX_STEPS_PER_MOVE || self.trace.steps.len() >= MAX_STEPS {
                let text = format!("… the trace of this move stops after {added} steps; the move goes on");
                self.push(Step { ply, text, cite: None, focus: None, hand, board: board.clone() });
                break;
            }
            board.apply(&e.kind);
            let focus = match e.kind {
                EventKind::Lift { cell, seeds } | EventKind::Relay { cell, seeds } => {
                    hand += u32::from(seeds);
                    Some(cell)
                }
                // A seed from the player's hand, dropped next.
                EventKind::Place { cell, .. } => {
                    hand += 1;
                    Some(cell)
                }
                EventKind::Drop { cell, .. } => {
                    hand = hand.saturating_sub(1);
                    Some(cell)
                }
                EventKind::LapEnd { landing, laps } => {
                    lap = laps + 1;
                    Some(landing)
                }
                EventKind::SowingEnd { landing } => Some(landing),
                EventKind::Capture { cell, .. }
                | EventKind::ToHand { cell, .. }
                | EventKind::Claim { cell, .. }
                | EventKind::ClaimKept { cell, .. }
                | EventKind::Pull { into: cell, .. }
                | EventKind::Return { cell, .. }
                | EventKind::Chose { cell: Some(cell), .. }
                | EventKind::Mark { cell, .. } => Some(cell),
                _ => None,
            };
            let text = render::describe(self.m, e, lap, Paint::Plain);
            let step = Step { ply, text, cite: self.cite(e.span), focus, hand, board: board.clone() };
            self.push(step);
            added += 1;
        }
        let text = format!("after move {ply}: {mover} played {mv}");
        self.push(Step { ply, text, cite: None, focus: None, hand: 0, board: Board::of(self.m, after) });
    }

    fn push(&mut self, step: Step) {
        if self.trace.steps.len() < MAX_STEPS + 2 {
            self.trace.steps.push(step);
        }
    }

    /// The trace built.
    pub fn finish(self) -> Trace {
        self.trace
    }
}

/// The page: HTML with its style, script and data inline.
pub fn html(trace: &Trace) -> String {
    let data = serde_json::to_string(trace).unwrap_or_else(|_| "null".to_string());
    let title = format!("{} — sowspec trace", trace.game);
    let body = format!("<header><h1 id=\"title\">sowspec trace</h1></header>\n{TRACE_PANEL}{}", script_data(&data));
    page(&title, &body, &format!("{TRACE_SCRIPT}{}", include_str!("page.js")))
}

/// The markup of the trace's board and controls (the element ids the
/// trace script draws into), without the page's heading.
pub const TRACE_PANEL: &str = include_str!("trace.html");

/// The script that draws a board (`Board.draw`) and steps through a trace
/// (`Trace.load(data, step)`), shared by the trace page and the playground.
pub const TRACE_SCRIPT: &str = concat!(include_str!("board.js"), include_str!("trace.js"));

/// The JSON as a `<script type="application/json">` element. Every `<`
/// (only ever inside a JSON string) is written `\u003c`, so the rules
/// text the data quotes can neither close the element nor open a comment.
fn script_data(json: &str) -> String {
    format!("<script id=\"data\" type=\"application/json\">{}</script>\n", json.replace('<', "\\u003c"))
}

/// Text with `&`, `<`, `>` and `"` escaped for HTML.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// A whole page around `body`, with the shared style and `script` inline.
pub fn page(title: &str, body: &str, script: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n<style>\n{}</style>\n</head>\n<body>\n{body}<script>\n{script}</script>\n</body>\n</html>\n",
        escape(title),
        include_str!("style.css")
    )
}

#[cfg(test)]
mod tests;
