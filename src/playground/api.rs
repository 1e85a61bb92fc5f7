//! The playground's JSON API: `check` a rules text, `play` moves against
//! an opponent, and the `trace` page of a whole game.

use super::budget::{Budget, Exceeded, MAX_DEPTH, MAX_PLIES};
use super::Reply;
use crate::report::{self, JsonDiagnostic, Style};
use crate::webtrace::{self, Builder};
use serde::{Deserialize, Serialize};
use sowspec_core::position::{Outcome, Player, Position};
use sowspec_core::strategy::Strategy;
use sowspec_core::Machine;

/// The name diagnostics give a text that came with none.
const UNTITLED: &str = "untitled.rules";

/// The most moves the opponent plays in a row in one request (extra turns,
/// or a human who must pass).
pub const MAX_REPLIES: usize = 200;

/// `POST /api/check`: a rules text to check.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CheckRequest {
    source: String,
    #[serde(default)]
    file: Option<String>,
}

/// What `check` found.
#[derive(Debug, Serialize)]
struct Checked {
    /// Every problem, as `check --format json` gives it.
    diagnostics: Vec<JsonDiagnostic>,
    /// The problems as `check` prints them (no colour).
    rendered: String,
    /// "no problems", "2 problems".
    summary: String,
}

/// Who the opponent is.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(rename_all = "lowercase")]
enum Kind {
    Random,
    Greedy,
    Search,
}

/// The computer opponent asked for.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Opponent {
    kind: Kind,
    #[serde(default = "default_depth")]
    depth: u32,
    #[serde(default)]
    seed: u64,
}

fn default_depth() -> u32 {
    3
}

/// A side, as the page names it.
#[derive(Clone, Copy, Debug, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
enum Side {
    #[default]
    South,
    North,
}

/// `POST /api/play` and `/api/trace`: the rules, the moves so far, and
/// who answers them.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayRequest {
    source: String,
    #[serde(default)]
    file: Option<String>,
    #[serde(default)]
    moves: Vec<String>,
    #[serde(default)]
    opponent: Option<Opponent>,
    /// The side the person plays; the opponent plays the other.
    #[serde(default)]
    human: Side,
}

/// The game after a `play` request.
#[derive(Debug, Serialize)]
struct Played {
    /// Every move so far, the opponent's replies included.
    moves: Vec<String>,
    /// Who is to move (`South`, `North`), none once the game is over.
    to_move: Option<String>,
    /// The legal moves.
    legal: Vec<String>,
    /// The cell of the hole each legal move lifts or places into, in the
    /// order of `legal`: the hole to click for it.
    cells: Vec<u8>,
    /// How the game ended, once it has.
    result: Option<String>,
    /// The trace of the last move sent and the replies to it (the start
    /// position alone before the first move); its last step is the board now.
    trace: webtrace::Trace,
    /// Why the opponent stopped short, if it did.
    note: Option<String>,
}

/// A request's failure: its status and message (and diagnostics, for rules with problems).
struct Failure(Reply);

impl From<Exceeded> for Failure {
    fn from(e: Exceeded) -> Failure {
        Failure(Reply::error(422, e.to_string()))
    }
}

fn parse<'a, T: Deserialize<'a>>(body: &'a [u8]) -> Result<T, Failure> {
    serde_json::from_slice(body)
        .map_err(|e| Failure(Reply::error(400, format!("the request is not the JSON expected: {e}"))))
}

/// `POST /api/check`: the diagnostics of `check`.
pub fn check(body: &[u8]) -> Reply {
    let req: CheckRequest = match parse(body) {
        Ok(r) => r,
        Err(Failure(reply)) => return reply,
    };
    let file = req.file.as_deref().unwrap_or(UNTITLED);
    let diags = sowspec_core::check(&req.source).err().unwrap_or_default();
    let summary =
        if diags.is_empty() { "no problems".to_string() } else { crate::render::plural(diags.len(), "problem") };
    Reply::json(
        200,
        &Checked {
            diagnostics: diags.iter().map(|d| report::to_json(d, file, &req.source)).collect(),
            rendered: diags.iter().map(|d| report::render(d, file, &req.source, Style::Plain)).collect(),
            summary,
        },
    )
}

/// `POST /api/play`: replays the moves, lets the opponent answer, and
/// traces the last move and the answers.
pub fn play(body: &[u8]) -> Reply {
    match play_game(body) {
        Ok(played) => Reply::json(200, &played),
        Err(Failure(reply)) => reply,
    }
}

/// `POST /api/trace`: the trace page (as `trace --html` writes it) of the whole game.
pub fn trace(body: &[u8]) -> Reply {
    let run = || -> Result<String, Failure> {
        let req: PlayRequest = parse(body)?;
        let (m, file) = machine(&req)?;
        let mut budget = Budget::new(&m);
        let start = start(&m, &mut budget)?;
        let mut page = Builder::new(&m, &file, &req.source, &start);
        let mut pos = start;
        for (i, mv) in req.moves.iter().enumerate() {
            pos = step(&m, &pos, &mut budget, i + 1, mv, Some(&mut page))?;
        }
        Ok(webtrace::html(&page.finish()))
    };
    match run() {
        Ok(html) => Reply::html(html),
        Err(Failure(reply)) => reply,
    }
}

/// The checked rules of a request, and the file name to show.
fn machine(req: &PlayRequest) -> Result<(Machine, String), Failure> {
    let file = req.file.clone().unwrap_or_else(|| UNTITLED.to_string());
    if req.moves.len() > MAX_PLIES {
        let n = req.moves.len();
        return Err(Failure(Reply::error(422, format!("{n} moves: the playground replays at most {MAX_PLIES}"))));
    }
    match sowspec_core::check(&req.source) {
        Ok(rules) => Ok((Machine::new(rules), file)),
        Err(diags) => {
            let error = format!("the rules have {}; fix them first", crate::render::plural(diags.len(), "problem"));
            let diagnostics: Vec<_> = diags.iter().map(|d| report::to_json(d, &file, &req.source)).collect();
            Err(Failure(Reply::json(422, &serde_json::json!({ "error": error, "diagnostics": diagnostics }))))
        }
    }
}

/// The start position, whose legal moves are found as a ply's are.
fn start(m: &Machine, budget: &mut Budget) -> Result<Position, Failure> {
    budget.ply(|| "finding the first moves".to_string())?;
    Ok(m.initial())
}

/// Plays move `n` (given as `mv`) within the budget, adding it to `page` if given.
fn step(
    m: &Machine,
    pos: &Position,
    budget: &mut Budget,
    n: usize,
    mv: &str,
    page: Option<&mut Builder>,
) -> Result<Position, Failure> {
    budget.ply(|| format!("move {n}"))?;
    let mover = pos.to_move();
    let mut events = Vec::new();
    let next = crate::moves::play(m, pos, n, mv, &mut events).map_err(|e| Failure(Reply::error(422, e)))?;
    if let (Some(page), Some(mover)) = (page, mover) {
        page.add_move(mover, mv.trim(), &events, &next);
    }
    Ok(next)
}

fn play_game(body: &[u8]) -> Result<Played, Failure> {
    let req: PlayRequest = parse(body)?;
    let (m, file) = machine(&req)?;
    let strategy = req.opponent.map(strategy).transpose()?;
    let human = match req.human {
        Side::South => Player::South,
        Side::North => Player::North,
    };
    let mut budget = Budget::new(&m);
    let mut moves = req.moves.clone();
    // Every move but the last is replayed untraced; the trace starts before it.
    let mut pos = start(&m, &mut budget)?;
    let traced_from = moves.len().saturating_sub(1);
    for (i, mv) in moves[..traced_from].iter().enumerate() {
        pos = step(&m, &pos, &mut budget, i + 1, mv, None)?;
    }
    let mut page = Builder::new(&m, &file, &req.source, &pos);
    if let Some(mv) = moves.get(traced_from) {
        pos = step(&m, &pos, &mut budget, traced_from + 1, mv, Some(&mut page))?;
    }
    let mut note = None;
    if let (Some(strategy), Some(opponent)) = (strategy, req.opponent) {
        let mut dice = sowspec_core::strategy::Dice::seeded(opponent.seed ^ moves.len() as u64);
        let mut replies = 0;
        while pos.to_move() == Some(human.other()) {
            if replies == MAX_REPLIES || moves.len() == MAX_PLIES {
                note = Some(format!("the opponent stopped after {replies} moves in a row; send a move to go on"));
                break;
            }
            budget.choose(strategy)?;
            let mv = strategy.choose(&m, &pos, &mut dice).expect("the machine's own position").to_string();
            moves.push(mv.clone());
            pos = step(&m, &pos, &mut budget, moves.len(), &mv, Some(&mut page))?;
            replies += 1;
        }
    }
    let result = pos.result().map(|o| match o {
        Outcome::Win(p) => format!("{p} wins"),
        Outcome::Draw => "a draw".to_string(),
    });
    let legal = m.legal_moves(&pos).unwrap_or_default();
    let cells = match pos.to_move() {
        Some(mover) => legal.iter().map(|mv| m.move_cell(mover, mv.hole.index())).collect(),
        None => Vec::new(),
    };
    Ok(Played {
        moves,
        to_move: pos.to_move().map(|p| p.to_string()),
        legal: legal.iter().map(sowspec_core::Move::to_string).collect(),
        cells,
        result,
        trace: page.finish(),
        note,
    })
}

/// The opponent's strategy, its depth within bounds.
fn strategy(o: Opponent) -> Result<Strategy, Failure> {
    Ok(match o.kind {
        Kind::Random => Strategy::Random,
        Kind::Greedy => Strategy::Greedy,
        Kind::Search if (1..=MAX_DEPTH).contains(&o.depth) => Strategy::Search { depth: o.depth },
        Kind::Search => {
            let depth = o.depth;
            return Err(Failure(Reply::error(
                422,
                format!("search depth {depth}: the playground searches 1 to {MAX_DEPTH} plies deep"),
            )));
        }
    })
}
