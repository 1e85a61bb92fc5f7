//! What people read: board pictures, one-line move summaries, step-by-step
//! traces that cite the rules file, and expected-versus-actual reports.

use anstyle::{AnsiColor, Style};
use sowspec_conform::fixture::Loaded;
use sowspec_conform::{Failure, Internal, MachineEngine, TraceError};
use sowspec_core::diagnostic::Span;
use sowspec_core::machine::Sowing;
use sowspec_core::position::{Outcome, Player, Position};
use sowspec_core::trace::{Event, EventKind, Fact};
use sowspec_core::{Hole, Machine};
use std::fmt::Write as _;

/// Whether to colour the output (terminals) or not (pipes, files, snapshots).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paint {
    /// ANSI colours.
    Color,
    /// Plain text.
    Plain,
}

impl Paint {
    fn paint(self, style: Style, text: &str) -> String {
        match self {
            Paint::Color => format!("{}{text}{}", style.render(), style.render_reset()),
            Paint::Plain => text.to_string(),
        }
    }

    fn dim(self, text: &str) -> String {
        self.paint(Style::new().dimmed(), text)
    }

    fn bold(self, text: &str) -> String {
        self.paint(Style::new().bold(), text)
    }

    fn color(self, c: AnsiColor, text: &str) -> String {
        self.paint(Style::new().fg_color(Some(c.into())), text)
    }
}

/// `1 file`, `2 files`, `0 files`: a count and its noun (`noun` + `s` past one).
pub fn plural(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// `1 seed`, `4 seeds`.
fn seeds(n: impl Into<u64>) -> String {
    match n.into() {
        1 => "1 seed".to_string(),
        n => format!("{n} seeds"),
    }
}

fn outcome_text(o: Outcome) -> String {
    match o {
        Outcome::Win(p) => format!("{p} wins"),
        Outcome::Draw => "a draw".to_string(),
    }
}

/// The board's rows from top to bottom as seen from above (South at the
/// bottom), each its cells left to right: North's row runs right to left
/// (C-3); on four rows each player's outer row is outside, their inner row
/// next to the middle; on three rows the middle row is shared (see
/// `sowspec_core::layout`).
pub fn rows_from_above(m: &Machine) -> Vec<Vec<u8>> {
    m.rules().board().layout().grid
}

/// Each player's track (South's, North's): the hole cells they sow in the
/// rules' direction (counterclockwise where they choose), from their own
/// hole `a`.
pub fn tracks(m: &Machine) -> [Vec<u8>; 2] {
    let board = m.rules().board();
    let layout = board.layout();
    let clockwise = m.rules().sowing().direction == sowspec_core::rules::Direction::Clockwise;
    Player::BOTH.map(|p| {
        let mut track = layout.tracks[p.index()].clone();
        if clockwise {
            track.reverse();
        }
        let a = m.cell(p, 0);
        if let Some(k) = track.iter().position(|&c| c == a) {
            track.rotate_left(k);
        }
        track
    })
}

/// The widest line [`board`] draws before it folds the board.
pub const BOARD_WIDTH: usize = 100;

/// Most holes a row of a folded board shows in one block.
const FOLD: usize = 16;

/// The board seen from above with South at the bottom ([`rows_from_above`]),
/// closed holes show `×`, stores stand at the ends, each row under (North)
/// or over (South) its letters. A row shared by both players (the middle
/// row of three) names each hole with its owner (`Ng`, `Si`).
///
/// A board whose lines would be wider than [`BOARD_WIDTH`] columns (two
/// rows of 40 are about 190) is folded: its columns are cut into blocks of
/// at most 16 holes, from the left as seen from above, each block drawn as a
/// board of its own (every row, with its label and letters), one under the
/// other with a blank line between; North's holdings stand by the first
/// block's top row, South's by the last block's bottom row. A board that
/// fits is drawn as it always was.
pub fn board(m: &Machine, pos: &Position) -> String {
    if m.rules().board().circle {
        return circle(m, pos);
    }
    let columns = rows_from_above(m).first().map_or(0, Vec::len);
    let mut out = board_block(m, pos, 0..columns, true, true);
    if out.lines().any(|line| line.chars().count() > BOARD_WIDTH) {
        let blocks = columns.div_ceil(FOLD);
        let block =
            |b: usize| board_block(m, pos, b * columns / blocks..(b + 1) * columns / blocks, b == 0, b + 1 == blocks);
        out = (0..blocks).map(block).collect::<Vec<_>>().join("\n");
    }
    match (pos.result(), m.rules().rounds().is_some()) {
        (Some(o), _) => {
            let _ = writeln!(out, "  game over: {}", outcome_text(o));
        }
        (None, true) => {
            let _ = writeln!(out, "  round {}", pos.round());
        }
        (None, false) => {}
    }
    if let Some(memory) = memory_line(m, pos) {
        let _ = writeln!(out, "  {memory}");
    }
    if m.rules().hands().is_some() {
        let (south, north) = (pos.hand(Player::South), pos.hand(Player::North));
        let _ = writeln!(out, "  in hand: South {south}, North {north}");
    }
    out
}

/// Columns `columns` (counted from the left as seen from above) of every
/// row of [`board`]'s picture; North's holdings by the top row when
/// `north_held`, South's by the bottom row when `south_held`.
fn board_block(
    m: &Machine,
    pos: &Position,
    columns: std::ops::Range<usize>,
    north_held: bool,
    south_held: bool,
) -> String {
    let owner = |c: u8| if c < m.holes() { Player::South } else { Player::North };
    let cell = |c: u8| {
        if pos.is_closed(usize::from(c)) {
            "  ×".to_string()
        } else {
            format!("{:>3}", pos.seeds(usize::from(c)))
        }
    };
    let rows = rows_from_above(m);
    let shared = |row: &[u8]| row.iter().any(|&c| owner(c) != owner(row[0]));
    let letter = |c: u8, shared: bool| {
        let hole = Hole::at(c % m.holes());
        if shared {
            format!("{:>3}", format!("{}{hole}", owner(c).letter()))
        } else {
            format!("{hole:>3}")
        }
    };
    let part = |row: &[u8]| row[columns.clone()].to_vec();
    let letters = |row: &[u8]| part(row).iter().map(|&c| letter(c, shared(row))).collect::<Vec<_>>().join(" ");
    let cells = |row: &[u8]| part(row).iter().map(|&c| cell(c)).collect::<Vec<_>>().join("|");
    let rule = "-".repeat(columns.len() * 4 + 1);
    let mover = |p: Player| if pos.to_move() == Some(p) { "  ← to move" } else { "" };
    let held = |p: Player, shown: bool| {
        if shown {
            format!("   {}: {}{}", p, m.captured(pos, p), mover(p))
        } else {
            String::new()
        }
    };
    let last = rows.len() - 1;
    let mut out = String::new();
    for (k, row) in rows.iter().enumerate() {
        let p = owner(row[0]);
        let side = match k {
            0 if last == 0 => format!("{}{}", held(Player::North, north_held), held(Player::South, south_held)),
            0 => held(Player::North, north_held),
            k if k == last => held(Player::South, south_held),
            _ => String::new(),
        };
        let letters = format!("      {}{side}", letters(row));
        let who = if shared(row) { ' ' } else { p.letter() };
        let cells = format!("  {who}  |{}|", cells(row));
        if p == Player::North && !shared(row) {
            let _ = writeln!(out, "{letters}\n{cells}");
            if rows.len().is_multiple_of(2) && k + 1 == rows.len() / 2 {
                let _ = writeln!(out, "     {rule}");
            }
        } else {
            let _ = writeln!(out, "{cells}\n{letters}");
        }
    }
    out
}

/// A circle (`circle N`) from above, as an oval: `a` onwards along the
/// bottom, left to right, then back along the top, closed at both ends
/// (`(` and `)`); the holdings beside it.
fn circle(m: &Machine, pos: &Position) -> String {
    let rows = rows_from_above(m);
    let cell = |c: u8| {
        if pos.is_closed(usize::from(c)) {
            "  ×".to_string()
        } else {
            format!("{:>3}", pos.seeds(usize::from(c)))
        }
    };
    let cells = |row: &[u8]| row.iter().map(|&c| cell(c)).collect::<Vec<_>>().join("|");
    let letters = |row: &[u8]| row.iter().map(|&c| format!("{:>3}", Hole::at(c))).collect::<Vec<_>>().join(" ");
    let mover = |p: Player| if pos.to_move() == Some(p) { "  ← to move" } else { "" };
    let held = |p: Player| format!("{}: {}{}", p, m.captured(pos, p), mover(p));
    // The bottom row may hold one hole more: the top row is set in by half a hole.
    let (top, bottom) = (&rows[0], &rows[1]);
    let pad = if top.len() < bottom.len() { "  " } else { "" };
    let width = bottom.len() * 4 + 1;
    let top_line = format!("  ( {pad}|{}|{pad} )", cells(top));
    let bottom_line = format!("  ( |{}| )", cells(bottom));
    let w = width + 6;
    let mut out = String::new();
    let _ = writeln!(out, "    {pad}{}", letters(top));
    let _ = writeln!(out, "{top_line:<w$}   {}", held(Player::North));
    let _ = writeln!(out, "{bottom_line:<w$}   {}", held(Player::South));
    let _ = writeln!(out, "    {}", letters(bottom));
    let mut round: Vec<String> = bottom.iter().chain(top.iter().rev()).map(|&c| Hole::at(c).to_string()).collect();
    let way = match m.rules().sowing().direction {
        sowspec_core::rules::Direction::Clockwise => {
            round[1..].reverse();
            "clockwise"
        }
        sowspec_core::rules::Direction::Counterclockwise => "counterclockwise",
        sowspec_core::rules::Direction::Chosen => "either way (counterclockwise shown)",
    };
    let board = m.rules().board();
    let whose = match board.owners {
        Some(owners) => {
            let holes = |mask: u64| {
                (0..board.holes).filter(|i| mask >> i & 1 != 0).map(|i| Hole::at(i).to_string()).collect::<Vec<_>>()
            };
            let nobody = holes(!(owners[0] | owners[1]) & ((1u64 << board.holes) - 1));
            format!(
                "South's {}, North's {}, nobody's {}",
                holes(owners[0]).join(" "),
                holes(owners[1]).join(" "),
                nobody.join(" ")
            )
        }
        None => "nobody's".to_string(),
    };
    let _ = writeln!(out, "  one circle, {whose}, sown {way}: {} → a", round.join(" → "));
    if let Some(o) = pos.result() {
        let _ = writeln!(out, "  game over: {}", outcome_text(o));
    }
    if let Some(memory) = memory_line(m, pos) {
        let _ = writeln!(out, "  {memory}");
    }
    out
}

/// What the position remembers (`memory`), in one line: each mark and the
/// holes it is on, each value (`memory: house S.e N.e · dir South 1, North 0`).
fn memory_line(m: &Machine, pos: &Position) -> Option<String> {
    let memory = pos.memory()?;
    let decl = m.rules().memory();
    if decl.is_empty() {
        // (Seeds in hand alone: they have a line of their own.)
        return None;
    }
    let marks = decl.marks.iter().enumerate().map(|(k, mark)| {
        let on: Vec<String> =
            (0..m.hole_cells()).filter(|&c| memory.marked(k as u8, c)).map(|c| m.cell_name(c)).collect();
        format!("{} {}", mark.name, if on.is_empty() { "none".to_string() } else { on.join(" ") })
    });
    let values = decl.values.iter().map(|v| match v.per_player {
        true => format!("{} South {}, North {}", v.name, memory.value(v.slot()), memory.value(v.slot() + 1)),
        false => format!("{} {}", v.name, memory.value(v.slot())),
    });
    Some(format!("memory: {}", marks.chain(values).collect::<Vec<_>>().join(" · ")))
}

/// One line for a move's events: what was lifted, laps, relays, captures,
/// and what followed (round end, refill, game end).
pub fn summary(m: &Machine, events: &[Event]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut laps = 0;
    let mut truncated = false;
    for e in events {
        let name = |c: u8| m.cell_name(c);
        match &e.kind {
            EventKind::Lift { cell, seeds } => parts.push(format!("{} lifts {seeds}", name(*cell))),
            EventKind::Place { cell, player } => parts.push(format!("{player} places a seed in {}", name(*cell))),
            EventKind::LapEnd { laps: l, .. } => laps = *l,
            EventKind::Capture { cell, seeds, to } if *seeds > 0 => {
                parts.push(format!("{} {seeds} → {to}", name(*cell)));
            }
            EventKind::ToHand { cell, seeds, to } if *seeds > 0 => {
                parts.push(format!("{} {seeds} → {to}'s hand", name(*cell)));
            }
            EventKind::Toll { seeds, to } if *seeds > 0 => parts.push(format!("toll {seeds} → {to}")),
            EventKind::Return { cell, seeds, from } => parts.push(format!("{from} {seeds} → {}", name(*cell))),
            EventKind::Pull { cell, seeds, into, .. } if *seeds > 0 => {
                parts.push(format!("{} {seeds} → {}", name(*cell), name(*into)));
            }
            EventKind::Close { cell } => parts.push(format!("{} closed", name(*cell))),
            EventKind::ExtraTurn => parts.push("extra turn".to_string()),
            EventKind::Claim { cell, by } => parts.push(format!("{} claimed by {by}", name(*cell))),
            EventKind::ClaimKept { cell, claimer, .. } => {
                parts.push(format!("{} stays {claimer}'s", name(*cell)));
            }
            EventKind::Chose { cell, forced: false, .. } => {
                parts.push(format!("chose {}", cell.map_or("none".to_string(), name)));
            }
            EventKind::ChoseWay { clockwise } => parts.push(format!("chose {}", way(*clockwise))),
            EventKind::Mark { cell, mark, on } => {
                parts.push(format!("{} {}marked {mark}", name(*cell), if *on { "" } else { "un" }));
            }
            EventKind::Forfeit => parts.push("captures forfeited".to_string()),
            EventKind::NoMoves { player } => parts.push(format!("{player} cannot move")),
            EventKind::Pass { player } => parts.push(format!("{player} passes")),
            EventKind::Repetition { times } => parts.push(format!("position repeated ({times} times)")),
            EventKind::Award { to, seeds } => parts.push(format!("{seeds} left → {to}")),
            EventKind::RoundEnd { round, outcome } => parts.push(format!("round {round}: {}", outcome_text(*outcome))),
            EventKind::Refill { player, filled, kept } => parts.push(format!("{player} fills {filled}, keeps {kept}")),
            EventKind::Layout { player, holes, .. } => parts.push(format!("{player} lays out {}", layout_text(*holes))),
            EventKind::RoundStart { round, starter } => parts.push(format!("round {round}: {starter} starts")),
            EventKind::GameEnd { outcome } => parts.push(format!("over: {}", outcome_text(*outcome))),
            EventKind::Truncated => {
                parts.push("too long to trace whole".to_string());
                truncated = true;
            }
            _ => {}
        }
    }
    if truncated {
        parts.insert(1.min(parts.len()), format!("over {laps} laps"));
    } else if laps > 1 {
        parts.insert(1.min(parts.len()), format!("{laps} laps"));
    }
    parts.join("; ")
}

/// The line a span starts on (1-based), its column, and the line's text
/// without indentation or a trailing `{`.
pub fn cited_line(source: &str, span: Span) -> (usize, usize, String) {
    let (line, col) = span.line_col(source);
    let text = source.lines().nth(line - 1).unwrap_or("").trim().trim_end_matches('{').trim_end();
    (line, col, text.to_string())
}

/// `file:line:col  text of that line`, for a span of the rules file.
fn cite(file: &str, source: &str, span: Span, paint: Paint) -> String {
    let (line, col, text) = cited_line(source, span);
    format!("{} {}", paint.dim(&format!("↳ {file}:{line}:{col}")), text)
}

/// One event as a line of the trace; `lap` is the lap being sown.
pub fn describe(m: &Machine, e: &Event, lap: u32, paint: Paint) -> String {
    let name = |c: u8| paint.bold(&m.cell_name(c));
    match &e.kind {
        EventKind::Drop { cell, count } => format!("drop    one seed into {} (now {count})", name(*cell)),
        EventKind::LapEnd { landing, laps } => format!("lap     {laps} ends at {}", name(*landing)),
        EventKind::Lift { cell, seeds: n } => format!("lift    {} ({})", name(*cell), seeds(*n)),
        EventKind::Place { cell, player } => format!("place   a seed from {player}'s hand into {}", name(*cell)),
        EventKind::Relay { cell, seeds: n } => {
            format!("relay   lift {} ({}) for lap {lap}", name(*cell), seeds(*n))
        }
        EventKind::SowingEnd { landing } => match e.span {
            Some(_) => match m.rules().sowing().relays.len() {
                1 => format!("end     no relay applies: the sowing ends at {}", name(*landing)),
                n => format!("end     none of the {n} relays applies: the sowing ends at {}", name(*landing)),
            },
            None => format!("end     the sowing ends at {}", name(*landing)),
        },
        EventKind::Capture { cell, seeds: n, to } => {
            let verb = paint.color(AnsiColor::Green, "capture");
            format!("{verb} {} ({}) → {to}", name(*cell), seeds(*n))
        }
        EventKind::ToHand { cell, seeds: n, to } => {
            let verb = paint.color(AnsiColor::Green, "capture");
            format!("{verb} {} ({}) → {to}'s hand", name(*cell), seeds(*n))
        }
        EventKind::Return { cell, seeds: n, from } => {
            let verb = paint.color(AnsiColor::Green, "return");
            format!("{verb}  {} held by {from} into {}", seeds(*n), name(*cell))
        }
        EventKind::Toll { seeds: n, to } => {
            let verb = paint.color(AnsiColor::Green, "toll");
            format!("{verb}    {} from the hand → {to}", seeds(*n))
        }
        EventKind::Pull { cell, seeds: n, into, count } => {
            let verb = paint.color(AnsiColor::Green, "pull");
            format!("{verb}    {} ({}) into {} ({count})", name(*cell), seeds(*n), name(*into))
        }
        EventKind::Close { cell } => format!("close   {} is closed for the rest of the game", name(*cell)),
        EventKind::ExtraTurn => "extra   the mover moves again".to_string(),
        EventKind::Claim { cell, by } => format!("claim   {} is {by}'s from now on", name(*cell)),
        EventKind::ClaimKept { cell, by, claimer } => {
            format!("claim   {} stays {claimer}'s: it was claimed first, so {by}'s claim does nothing", name(*cell))
        }
        EventKind::Mark { cell, mark, on: true } => format!("mark    {} is marked {mark}", name(*cell)),
        EventKind::Mark { cell, mark, on: false } => format!("unmark  {} is no longer marked {mark}", name(*cell)),
        EventKind::MarksCleared { mark } => format!("unmark  no hole is marked {mark} any more"),
        EventKind::Value { name: value, player: Some(p), value: v } => format!("set     {value}({p}) is now {v}"),
        EventKind::Value { name: value, player: None, value: v } => format!("set     {value} is now {v}"),
        EventKind::Chose { cell, among, forced } => {
            let chosen = cell.map_or("none of them".to_string(), name);
            match forced {
                true => format!("choose  {chosen}, the only hole the rule allows"),
                false => format!("choose  the mover chooses {chosen} among {among} options"),
            }
        }
        EventKind::ChoseWay { clockwise } => {
            format!("choose  the mover sows on {} ({})", way(*clockwise), if *clockwise { "-" } else { "+" })
        }
        EventKind::Forfeit => "forfeit the rule's captures are undone".to_string(),
        EventKind::Over => "over    the game's end condition holds".to_string(),
        EventKind::Endless { limit } => {
            paint.color(AnsiColor::Red, &format!("endless the sowing would need more than {limit} laps"))
        }
        EventKind::NoMoves { player } => format!("stuck   {player} has no legal move"),
        EventKind::Pass { player } => format!("pass    {player} passes; the other player moves"),
        EventKind::Repetition { times } => format!("repeat  this position has occurred {times} times"),
        EventKind::Award { to, seeds: n } => format!("award   {} left on the board → {to}", seeds(*n)),
        EventKind::RoundEnd { round, outcome } => format!("round   {round} over: {}", outcome_text(*outcome)),
        EventKind::Refill { player, filled, kept } => {
            format!("refill  {player} fills {filled} holes, keeps {kept} in reserve")
        }
        EventKind::Layout { player, row, holes } if row == player => {
            format!("layout  {player} fills {} of their row, the rest left unfilled", layout_text(*holes))
        }
        EventKind::Layout { player, row, holes } => {
            format!("layout  {player} owns {} of {row}'s row this round", layout_text(*holes))
        }
        EventKind::RoundStart { round, starter } => format!("start   round {round}: {starter} moves first"),
        EventKind::GameEnd { outcome } => paint.bold(&format!("over    {}", outcome_text(*outcome))),
        EventKind::Considered { held, at, because } => {
            let place = at.map_or(String::new(), |c| format!("at {} ", name(c)));
            let verdict = if *held { "holds" } else { "fails" };
            let verdict = paint.color(if *held { AnsiColor::Green } else { AnsiColor::Yellow }, verdict);
            let facts: Vec<String> = because.iter().map(fact).collect();
            let reason = if facts.is_empty() { "it is always true".to_string() } else { facts.join("; ") };
            format!("why     {place}the condition {verdict}: {reason}")
        }
        EventKind::Truncated => {
            let limit = crate::trace::MAX_TRACE_EVENTS;
            format!("…       the trace stops after {limit} steps; the move goes on (the position after it is complete)")
        }
    }
}

/// One test of a condition as it stood: `count(landing) > 1 is false
/// (count(landing) is 1, landing is S.f)`.
fn fact(f: &Fact) -> String {
    let values = if f.values.is_empty() { String::new() } else { format!(" ({})", f.values.join(", ")) };
    format!("{} is {}{values}", f.text, f.held)
}

/// Every step of a move, each decision followed by the rules-file line that
/// caused it.
pub fn trace(m: &Machine, events: &[Event], file: &str, source: &str, paint: Paint) -> String {
    let mut out = String::new();
    let mut drops: Vec<String> = Vec::new();
    let mut lap = 1;
    let flush = |out: &mut String, drops: &mut Vec<String>, lap: u32| {
        if !drops.is_empty() {
            let _ = writeln!(out, "  {} {}", paint.dim(&format!("lap {lap:<3}")), drops.join(" · "));
            drops.clear();
        }
    };
    // The line a `why` event just cited: the event it explains need not cite it again.
    let mut explained = None;
    for e in events {
        match &e.kind {
            EventKind::Drop { cell, count } => {
                drops.push(format!("{} {count}", m.cell_name(*cell)));
                continue;
            }
            EventKind::LapEnd { laps, .. } => {
                flush(&mut out, &mut drops, *laps);
                lap = *laps + 1;
                continue;
            }
            EventKind::Capture { .. } | EventKind::ToHand { .. } | EventKind::Truncated => {
                flush(&mut out, &mut drops, lap)
            }
            _ => {}
        }
        let _ = writeln!(out, "  {}", describe(m, e, lap, paint));
        if let Some(span) = e.span.filter(|&s| explained != Some(s)) {
            let _ = writeln!(out, "          {}", cite(file, source, span, paint));
        }
        explained = e.span.filter(|_| matches!(e.kind, EventKind::Considered { .. }));
    }
    flush(&mut out, &mut drops, lap);
    out
}

/// A failed fixture as a person reads it: the failure, then, from the game
/// `engine` just replayed, the trace of the move that diverged, or both
/// results of an internal error.
///
/// `other_engine` says the failure is another engine's, so the trace is
/// labelled as coming from sowspec's machine; `paint` colours the trace.
pub fn fixture_report(
    engine: &MachineEngine,
    loaded: &Loaded,
    f: &Failure,
    other_engine: bool,
    paint: Paint,
) -> String {
    let mut out = failure(f, &loaded.fixture.moves);
    let Some(game) = engine.last_game() else { return out };
    let add_internal = |out: &mut String, i: &Internal| {
        *out += &internal(game.machine, i);
    };
    match f {
        Failure::Internal(i) => add_internal(&mut out, i),
        Failure::Diverged { ply, .. } if *ply > 0 => match game.trace(*ply) {
            Ok(events) => {
                let file = game.rules.display().to_string();
                out +=
                    if other_engine { "trace of that move (on sowspec's machine):\n" } else { "trace of that move:\n" };
                out += &trace(game.machine, &events, &file, game.source, paint);
            }
            Err(TraceError::Internal(i)) => {
                out += &failure(&Failure::Internal(i.clone()), &loaded.fixture.moves);
                add_internal(&mut out, &i);
            }
            Err(TraceError::NotPlayed { .. }) => {}
        },
        _ => {}
    }
    out
}

/// A failed fixture as a person reads it: which ply, which move, and the
/// expected and actual values as a diff.
pub fn failure(f: &Failure, moves: &[String]) -> String {
    match f {
        Failure::Setup(e) => format!("the game cannot be set up: {e}\n"),
        Failure::Refused { ply, mv, reason } => format!("ply {ply}: move `{mv}` was refused: {reason}\n"),
        Failure::Diverged { ply, differences } => {
            let what = match ply {
                0 => "the start position differs".to_string(),
                p => format!("after ply {p} (move `{}`) the position differs", moves[p - 1]),
            };
            let mut out = format!("{what}:\n");
            for (field, want, got) in differences {
                let _ = writeln!(out, "  - {field}: {want}   (expected)");
                let _ = writeln!(out, "  + {field}: {got}   (actual)");
                let holes = |row: &str| serde_json::from_str::<Vec<i64>>(row).map(|r| r.len());
                if let (true, Ok(w), Ok(g)) = (field.starts_with("board."), holes(want), holes(got)) {
                    if w != g {
                        let _ = writeln!(out, "    the expected row has {w} holes, but the board's rows have {g}");
                    }
                }
            }
            out
        }
        Failure::Broken { ply: 0, message, .. } => format!("the engine failed while starting the game: {message}\n"),
        Failure::Broken { ply, message, .. } => {
            format!("ply {ply}: the engine failed on move `{}`: {message}\n", moves[ply - 1])
        }
        Failure::Result { expected, actual } => {
            format!("the final result differs: expected {expected:?}, found {actual:?}\n")
        }
        Failure::Internal(i) => format!("{}\n", internal_headline(i)),
    }
}

/// What an internal error is about, in one line.
fn internal_headline(i: &Internal) -> String {
    match i {
        Internal::Disagreement { ply, disagreement: d } => format!(
            "internal error (please report it): in the position after ply {ply}, the {} kernel and the general interpreter disagree on {}",
            d.kernel,
            d.about()
        ),
        Internal::Trace { ply, .. } => format!(
            "internal error (please report it): ply {ply}, traced, does not reach the position the replay judged"
        ),
    }
}

/// Both results of an internal error, as boards.
pub fn internal(m: &Machine, i: &Internal) -> String {
    let sowing = |s: &Sowing| match s {
        Sowing::Ended { board: after, laps, extra_turn } => {
            let extra = if *extra_turn { ", with an extra turn" } else { "" };
            let laps = if *laps == 1 { "1 lap".to_string() } else { format!("{laps} laps") };
            format!("the sowing ends after {laps}{extra}, before the turn passes:\n{}", board(m, after))
        }
        Sowing::Played(after) => format!("the move is played, the turn passed:\n{}", board(m, after)),
        Sowing::Endless => "the sowing is endless\n".to_string(),
        Sowing::Legal(true) => "the move is legal\n".to_string(),
        Sowing::Legal(false) => "the move is illegal\n".to_string(),
        Sowing::Over { holds: true, .. } => "the game is over\n".to_string(),
        Sowing::Over { holds: false, .. } => "the game goes on\n".to_string(),
    };
    match i {
        Internal::Disagreement { disagreement: d, .. } => format!(
            "in this position:\n{}by the {} kernel: {}by the general interpreter (the definition): {}",
            board(m, &d.position),
            d.kernel,
            sowing(&d.by_kernel),
            sowing(&d.by_definition)
        ),
        Internal::Trace { judged, traced, .. } => {
            let traced = match traced {
                Ok(pos) => format!("traced, the move reaches:\n{}", board(m, pos)),
                Err(why) => format!("traced, the move is refused: {why}\n"),
            };
            format!("the replay reached and judged:\n{}{traced}", board(m, judged))
        }
    }
}

/// The holes of a layout (`refill … chosen`), bit `i` for hole `i`: `a, c, d`.
fn layout_text(holes: u64) -> String {
    Hole::in_mask(holes).map(|h| h.to_string()).collect::<Vec<_>>().join(", ")
}

/// A sowing's way, as traces name it.
fn way(clockwise: bool) -> &'static str {
    if clockwise {
        "clockwise"
    } else {
        "counterclockwise"
    }
}

#[cfg(test)]
mod tests {
    use super::{board, BOARD_WIDTH};
    use sowspec_core::Machine;

    /// A game of `rows` rows of `holes`, four seeds a hole.
    fn game(rows: u8, holes: u8) -> Machine {
        let src = format!(
            "game \"wide\" {{
  board {{ rows {rows}; holes {holes} }}
  setup {{ seeds 4 }}
  sowing {{ direction counterclockwise; first_seed next; origin skipped }}
  moves {{ lift when count(origin) > 0; endless after 100 laps illegal }}
  end {{ no_moves remaining to owner; winner most_captured }}
}}"
        );
        Machine::new(sowspec_core::check(&src).unwrap_or_else(|d| panic!("{d:#?}")))
    }

    /// A board that fits is drawn as it always was (the conformance
    /// snapshots hold such pictures).
    #[test]
    fn a_board_that_fits_is_not_folded() {
        let m = game(2, 6);
        let expected = "        f   e   d   c   b   a   North: 0
  N  |  4|  4|  4|  4|  4|  4|
     -------------------------
  S  |  4|  4|  4|  4|  4|  4|
        a   b   c   d   e   f   South: 0  ← to move
";
        assert_eq!(board(&m, &m.initial()), expected);
        // Two rows of 16 (87 columns with the holdings) still fit.
        assert!(!board(&game(2, 16), &game(2, 16).initial()).contains("\n\n"));
    }

    /// Two rows of 40 fold into three blocks of 13, 13 and 14 holes, each
    /// with its row labels and the letters by each count: North's row
    /// runs right to left from the top left (`an` … `ab`), South's left to
    /// right; every line fits in 100 columns.
    #[test]
    fn a_wide_board_is_folded_into_blocks() {
        let m = game(2, 40);
        let text = board(&m, &m.initial());
        let widest = text.lines().map(|l| l.chars().count()).max().unwrap();
        assert!(widest <= BOARD_WIDTH, "a line of {widest} columns:\n{text}");
        let expected = "       an  am  al  ak  aj  ai  ah  ag  af  ae  ad  ac  ab   North: 0
  N  |  4|  4|  4|  4|  4|  4|  4|  4|  4|  4|  4|  4|  4|
     -----------------------------------------------------
  S  |  4|  4|  4|  4|  4|  4|  4|  4|  4|  4|  4|  4|  4|
        a   b   c   d   e   f   g   h   i   j   k   l   m

       aa   z   y   x   w   v   u   t   s   r   q   p   o
  N  |  4|  4|  4|  4|  4|  4|  4|  4|  4|  4|  4|  4|  4|
     -----------------------------------------------------
  S  |  4|  4|  4|  4|  4|  4|  4|  4|  4|  4|  4|  4|  4|
        n   o   p   q   r   s   t   u   v   w   x   y   z

        n   m   l   k   j   i   h   g   f   e   d   c   b   a
  N  |  4|  4|  4|  4|  4|  4|  4|  4|  4|  4|  4|  4|  4|  4|
     ---------------------------------------------------------
  S  |  4|  4|  4|  4|  4|  4|  4|  4|  4|  4|  4|  4|  4|  4|
       aa  ab  ac  ad  ae  af  ag  ah  ai  aj  ak  al  am  an   South: 0  ← to move
";
        assert_eq!(text, expected);
        // Four rows of 24 (103 columns unfolded) fold in two blocks of 12; six rows of 16 fit.
        let four = board(&game(4, 24), &game(4, 24).initial());
        assert_eq!(four.matches("  S  |").count(), 4, "{four}");
        assert!(four.lines().all(|l| l.chars().count() <= BOARD_WIDTH), "{four}");
        assert!(!board(&game(6, 16), &game(6, 16).initial()).contains("\n\n"));
    }
}
