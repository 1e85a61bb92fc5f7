//! Shared pieces of the commands: loading rules files and positions with
//! clear errors, exit codes, and whether to colour output.

pub mod bench;
pub mod check;
pub mod conform;
pub mod engine;
pub mod export;
pub mod fmt;
pub mod github;
pub mod import;
pub mod list;
pub mod lsp;
pub mod play;
pub mod record;
pub mod replay;
pub mod replay_lines;
pub mod serve;
pub mod stats;
pub mod trace;

use sowspec::render::Paint;
use sowspec::report::{self, Style};
use sowspec::{Machine, Position};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

/// Every `.rules` file under `dir`, subfolders included (`rules/mancalagames/`), sorted.
pub fn rules_files_under(dir: &Path) -> Result<Vec<PathBuf>, CliError> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), CliError> {
        let entries =
            std::fs::read_dir(dir).map_err(|e| CliError::bad(format!("cannot read {}: {e}", dir.display())))?;
        for path in entries.filter_map(|e| e.ok().map(|e| e.path())) {
            if path.is_dir() {
                walk(&path, out)?;
            } else if path.extension().is_some_and(|x| x == "rules") {
                out.push(path);
            }
        }
        Ok(())
    }
    let mut files = Vec::new();
    walk(dir, &mut files)?;
    files.sort();
    Ok(files)
}
/// The rules files named, each folder replaced by its `*.rules` in name order.
pub fn rules_files_in(paths: &[PathBuf]) -> Result<Vec<PathBuf>, CliError> {
    let mut files = Vec::new();
    for path in paths {
        if !path.is_dir() {
            files.push(path.clone());
            continue;
        }
        let inside = rules_files_under(path)?;
        if inside.is_empty() {
            return Err(CliError::bad(format!("no rules files (*.rules) in {}", path.display())));
        }
        files.extend(inside);
    }
    Ok(files)
}

/// `1 file`, `2 files`: a count and its noun.
pub use sowspec::render::plural;

/// A failure the command reports in one line, with its exit code.
#[derive(Debug)]
pub struct CliError {
    /// What went wrong, naming the culprit.
    pub message: String,
    /// 1: the input has problems (diagnostics, failed fixtures); 2: it cannot be used at all.
    pub code: u8,
}

/// Exit code for input that cannot be used (unreadable file, illegal move, bad position).
pub const BAD_INPUT: u8 = 2;

impl CliError {
    /// An unusable-input error (exit 2).
    pub fn bad(message: impl Into<String>) -> CliError {
        CliError { message: message.into(), code: BAD_INPUT }
    }
}

/// The result of a command: an exit code, or an error to print.
pub type CmdResult = Result<std::process::ExitCode, CliError>;

/// A side, on the command line.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum Side {
    /// South (moves first).
    South,
    /// North.
    North,
}

impl From<Side> for sowspec::Player {
    fn from(s: Side) -> Self {
        match s {
            Side::South => sowspec::Player::South,
            Side::North => sowspec::Player::North,
        }
    }
}

/// Which rules, from where, and whether to stop after one round.
#[derive(Debug)]
pub struct GameSetup {
    /// The rules file.
    pub rules: PathBuf,
    /// A start position file.
    pub from: Option<PathBuf>,
    /// Which draw starts the game, for rules whose start is drawn.
    pub draw: Option<u64>,
    /// Stop after the first round.
    pub one_round: bool,
}

fn wants_color(terminal: bool) -> bool {
    terminal && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

/// Colour for standard output.
pub fn paint_out() -> Paint {
    if wants_color(std::io::stdout().is_terminal()) {
        Paint::Color
    } else {
        Paint::Plain
    }
}

/// Colours for error lines on standard error.
pub struct ErrPaint(bool);

impl ErrPaint {
    /// `text` in bold red when standard error is a terminal.
    pub fn bold_red(&self, text: &str) -> String {
        if self.0 {
            format!("\x1b[1;31m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }
}

/// Colour for standard error.
pub fn paint_err() -> ErrPaint {
    ErrPaint(wants_color(std::io::stderr().is_terminal()))
}

/// The largest file the command line reads. Rules files are refused past
/// 1 MiB by a diagnostic; this bounds what is read before saying so.
pub const MAX_READ_BYTES: u64 = 64 << 20;

/// A progress bar counting games on standard error, shown only on a terminal.
pub fn progress(games: u64) -> indicatif::ProgressBar {
    if !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(games);
    let style = indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} games {per_sec} {elapsed}");
    bar.set_style(style.expect("a valid template"));
    bar
}

/// Reads a text file of at most [`MAX_READ_BYTES`], with errors that name it.
pub fn read_text(path: &Path) -> Result<String, CliError> {
    read_text_within(path, MAX_READ_BYTES, "sowspec reads files of at most 64 MiB")
}

/// Reads a text file of at most `max` bytes (`limit` says so in the error),
/// with errors that name it. No more than `max + 1` bytes are read, so an
/// endless file (`/dev/zero`) is refused too.
pub fn read_text_within(path: &Path, max: u64, limit: &str) -> Result<String, CliError> {
    use std::io::Read;
    if path.is_dir() {
        return Err(CliError::bad(format!("{} is a directory, not a file", path.display())));
    }
    let cannot = |e: std::io::Error| CliError::bad(format!("cannot read {}: {e}", path.display()));
    let mut bytes = Vec::new();
    std::fs::File::open(path).and_then(|f| f.take(max + 1).read_to_end(&mut bytes)).map_err(cannot)?;
    if bytes.len() as u64 > max {
        let size = match std::fs::metadata(path).map(|m| m.len()) {
            Ok(n) if n > max => format!("{n} bytes"),
            _ => format!("more than {max} bytes"),
        };
        return Err(CliError::bad(format!("{} is too large ({size}): {limit}", path.display())));
    }
    String::from_utf8(bytes).map_err(|e| {
        let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = valid.iter().filter(|&&b| b == b'\n').count() + 1;
        let start = valid.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let column = String::from_utf8_lossy(&valid[start..]).chars().count() + 1;
        CliError::bad(format!(
            "{}:{line}:{column}: not UTF-8 text: byte 0x{:02X} (offset {}) is not a character; save the file as UTF-8",
            path.display(),
            e.as_bytes()[valid.len()],
            valid.len()
        ))
    })
}

/// Renders diagnostics for people, coloured when `terminal`.
pub fn render_diagnostics(
    diags: &[sowspec::diagnostic::Diagnostic],
    file: &str,
    source: &str,
    terminal: bool,
) -> String {
    let style = if wants_color(terminal) { Style::Color } else { Style::Plain };
    diags.iter().map(|d| report::render(d, file, source, style)).collect::<Vec<_>>().join("\n")
}

/// Loads and checks a rules file; on problems, prints them and fails.
pub fn load_machine(path: &Path, one_round: bool) -> Result<(Machine, String), CliError> {
    let source = read_text(path)?;
    match sowspec::check(&source) {
        Ok(rules) => Ok((Machine::new(rules).with_one_round(one_round), source)),
        Err(diags) => {
            eprint!(
                "{}",
                render_diagnostics(&diags, &path.display().to_string(), &source, std::io::stderr().is_terminal())
            );
            Err(CliError {
                message: format!(
                    "{} has {}; fix {} first (see `sowspec check`)",
                    path.display(),
                    plural(diags.len(), "problem"),
                    if diags.len() == 1 { "it" } else { "them" }
                ),
                code: 1,
            })
        }
    }
}

/// The machine and start position a game setup describes.
pub fn load_game(setup: &GameSetup) -> Result<(Machine, String, Position), CliError> {
    let (m, source) = load_machine(&setup.rules, setup.one_round)?;
    let start = match &setup.from {
        None => match (m.rules().drawn(), setup.draw) {
            (Some(d), None) => {
                return Err(CliError::bad(format!(
                    "{} draws each game's start at random (`seeds drawn {} at_least {}`): give the start with \
                     --from POSITION.json, or a draw with --draw SEED",
                    setup.rules.display(),
                    d.total,
                    d.at_least
                )))
            }
            (_, seed) => m.initial_drawn(seed.unwrap_or(0)),
        },
        Some(f) => {
            let limit = "a position file is at most 1 MiB";
            let text = read_text_within(f, sowspec::protocol::MAX_POSITION_BYTES as u64, limit)?;
            let bad = |errors: sowspec::protocol::PositionErrors| {
                let lines: Vec<String> = errors
                    .iter()
                    .map(|e| {
                        let at = e.location.map_or(String::new(), |(line, column)| format!(":{line}:{column}"));
                        format!("{}{at}: `{}`: {}", f.display(), e.field, e.problem)
                    })
                    .collect();
                CliError::bad(lines.join("\n"))
            };
            let doc = sowspec::protocol::parse_position(&text).map_err(|e| bad(e.into()))?;
            doc.to_position(&m).map_err(bad)?
        }
    };
    Ok((m, source, start))
}

/// Applies moves given as letters, failing (exit 2) on the first illegal one
/// with its index, letter and reason. Calls `each` after every move with the
/// mover, the letter, the new position and the move's events.
pub fn apply_moves(
    m: &Machine,
    start: Position,
    moves: &[String],
    each: impl FnMut(usize, sowspec::Player, &str, &Position, &[sowspec::trace::Event]),
) -> Result<Position, CliError> {
    apply_moves_or(m, start, moves, None, each, |_, _, _| {})
}

/// [`apply_moves`], calling `illegal` with the move's number, the position
/// and the move before failing on an illegal move; with `why`, the events
/// also say how the rules declared there were weighed.
pub fn apply_moves_or(
    m: &Machine,
    start: Position,
    moves: &[String],
    why: Option<sowspec::Span>,
    mut each: impl FnMut(usize, sowspec::Player, &str, &Position, &[sowspec::trace::Event]),
    illegal: impl FnOnce(usize, &Position, &str),
) -> Result<Position, CliError> {
    let mut pos = start;
    for (i, mv) in moves.iter().enumerate() {
        let mover = pos.to_move();
        let mut events = Vec::new();
        match sowspec::moves::play_explained(m, &pos, i + 1, mv, why, &mut events) {
            Ok(next) => pos = next,
            Err(e) => {
                illegal(i + 1, &pos, mv.trim());
                return Err(CliError::bad(e));
            }
        }
        each(i + 1, mover.expect("a legal move has a mover"), mv.trim(), &pos, &events);
    }
    Ok(pos)
}
