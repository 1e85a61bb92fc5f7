//! Every fixture under `fixtures/` replays on sowspec's machine, verifying
//! its kernel against the general interpreter on every position, with every
//! expected position equal. Then every ply is traced from the position
//! before it, and must reach exactly the position the verdict judged: a
//! trace always describes the move that was judged. The fixtures'
//! expectations, not the snapshots, are the evidence; the trace snapshots
//! guard against regressions, and are kept where a person reviews them.
//!
//! Which snapshot guards a fixture's traces follows from where the fixture
//! says it comes from (its `source` field):
//!
//! - a game **recorded from another engine** (`source: "independent
//!   engine: …"`: MancalaGames, OpenSpiel, made by `tools/*_fixtures.py`)
//!   is already held to that engine's positions, ply by ply. Its traces are
//!   guarded by ONE snapshot per folder, `conformance__recorded@<folder>`,
//!   holding a line per fixture: its name, its plies, and a digest of its
//!   move-by-move trace summary. A change in the traces shows as the few
//!   lines of the games it touches; `sowspec trace` shows what changed.
//!   Each such folder is one test (`… (N recorded games)`);
//! - every **other** fixture (hand-worked from a source, an independent
//!   oracle's game, an edge case) is its own test, named after its path
//!   (`cargo test --test conformance oware` runs Oware's), and its
//!   snapshot, `conformance__fixtures@<path>`, holds its move-by-move trace
//!   summary in full, for a person to read.

use libtest_mimic::{Arguments, Failed, Trial};
use sowspec::conform::{find_fixtures, judge, Engine, Failure, MachineEngine, TraceError};
use sowspec::fixture::Fixture;
use sowspec::protocol::PositionDoc;
use sowspec::render;
use sowspec::{Move, Player};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// How a fixture recorded from another engine states its source.
const RECORDED: &str = "independent engine:";

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn main() {
    let args = Arguments::from_args();
    let fixtures = root().join("fixtures");
    let files = find_fixtures(&fixtures).unwrap_or_else(|e| panic!("cannot read {}: {e}", fixtures.display()));
    assert!(!files.is_empty(), "no fixtures under {}", fixtures.display());
    let mut trials = Vec::new();
    let mut recorded: BTreeMap<PathBuf, Vec<PathBuf>> = BTreeMap::new();
    for path in files {
        if stated_source(&path).is_some_and(|s| s.starts_with(RECORDED)) {
            let folder = path.parent().expect("a fixture's folder").to_path_buf();
            recorded.entry(folder).or_default().push(path);
        } else {
            let name = relative(&path).display().to_string();
            trials.push(Trial::test(name, move || reviewed(&path)));
        }
    }
    for (folder, paths) in recorded {
        let name = format!("{}/ ({} recorded games)", relative(&folder).display(), paths.len());
        trials.push(Trial::test(name, move || recorded_folder(&folder, &paths)));
    }
    libtest_mimic::run(&args, trials).exit();
}

/// `path` relative to the repository.
fn relative(path: &Path) -> &Path {
    path.strip_prefix(root()).unwrap_or(path)
}

/// The `source:` a fixture file states, read from its text without loading
/// it (to sort the fixtures into tests; each test then checks the loaded
/// fixture says the same, see [`replayed`]).
fn stated_source(path: &Path) -> Option<String> {
    let text = std::fs::read_to_string(path).ok()?;
    let line = text.lines().find_map(|l| l.strip_prefix("source:"))?;
    Some(line.trim().trim_matches('"').to_string())
}

/// A reviewed fixture: replayed, judged, traced, and its whole trace
/// summary snapshotted.
fn reviewed(path: &Path) -> Result<(), Failed> {
    let summary = replayed(path, false)?;
    snapshot("fixtures", relative(path), &summary);
    Ok(())
}

/// A folder's recorded games: each replayed, judged and traced; one
/// snapshot holds a line per game with a digest of its trace summary. Every
/// game is tried, and the failures are reported together.
fn recorded_folder(folder: &Path, paths: &[PathBuf]) -> Result<(), Failed> {
    let mut digests = String::new();
    let mut failures = Vec::new();
    for path in paths {
        let name = path.file_name().expect("a fixture file").to_string_lossy();
        match replayed(path, true) {
            Ok(summary) => {
                let plies = summary.lines().count();
                let _ = writeln!(digests, "{name}  {plies:>4} plies  {:016x}", fnv1a(&summary));
            }
            Err(e) => failures.push(format!("{}: {}", relative(path).display(), e.message().unwrap_or_default())),
        }
    }
    if !failures.is_empty() {
        return Err(failures.join("\n").into());
    }
    snapshot("recorded", relative(folder), &digests);
    Ok(())
}

/// 64-bit FNV-1a of `text`: a digest that is the same on every platform
/// and every Rust release (unlike `std`'s hasher).
fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// One fixture replayed, judged and traced ply by ply: its move-by-move
/// trace summary. `recorded` says which kind of test sorted it here, which
/// the loaded fixture's `source` must agree with.
fn replayed(path: &Path, recorded: bool) -> Result<String, Failed> {
    let loaded = Fixture::load(path)?;
    let f = &loaded.fixture;
    if f.source.starts_with(RECORDED) != recorded {
        return Err(format!("its source `{}` was misread from the text", f.source).into());
    }
    let mut engine = MachineEngine::verifying();
    let replay = engine.replay(&loaded.game())?;
    let judged = replay.positions.clone();
    let verdict = judge(&loaded, replay);
    if let Some(failure) = &verdict.failure {
        return Err(render::failure(failure, &f.moves).into());
    }
    if verdict.checked != f.expect.len() {
        return Err(format!("{} of {} expectations checked", verdict.checked, f.expect.len()).into());
    }
    let game = engine.last_game().ok_or("the engine kept no game")?;
    let m = game.machine;
    if game.positions.len() != f.moves.len() + 1 || judged.len() != game.positions.len() {
        return Err(format!(
            "{} moves, {} positions kept, {} judged",
            f.moves.len(),
            game.positions.len(),
            judged.len()
        )
        .into());
    }
    let total = m.rules().total_seeds();
    let mut summary = String::new();
    for (ply, mv) in (1..).zip(&f.moves) {
        let before = &game.positions[ply - 1];
        let events = game.trace(ply).map_err(|e| traced_wrong(m, ply, e))?;
        let again = game.trace(ply).map_err(|e| traced_wrong(m, ply, e))?;
        if events != again {
            return Err(format!("ply {ply}: tracing twice gives two traces").into());
        }
        // What the trace describes, played here from the kept position,
        // is exactly the position the verdict judged.
        let hole = Move::parse(mv).ok_or_else(|| format!("ply {ply}: `{mv}` is not a move"))?;
        let traced = m.play_traced(before, hole, &mut Vec::new())?;
        if PositionDoc::of(m, &traced) != judged[ply] {
            return Err(format!("ply {ply}: the traced move does not reach the judged position").into());
        }
        let on_board: u32 = (0..usize::from(2 * m.holes())).map(|c| u32::from(traced.seeds(c))).sum();
        let held: u32 = Player::BOTH.iter().map(|&p| m.captured(&traced, p) + traced.hand(p)).sum();
        if on_board + held != total {
            return Err(
                format!("ply {ply}: {on_board} seeds on the board and {held} held or in hand, not {total}").into()
            );
        }
        let mover = before.to_move().ok_or_else(|| format!("ply {ply}: nobody to move"))?;
        let _ = writeln!(summary, "{ply:>4}. {} {mv}: {}", mover.letter(), render::summary(m, &events));
    }
    Ok(summary)
}

/// Why a ply could not be traced, as a person reads it.
fn traced_wrong(m: &sowspec::Machine, ply: usize, e: TraceError) -> String {
    match e {
        TraceError::NotPlayed { played, .. } => format!("ply {ply} was not played ({played} moves were)"),
        TraceError::Internal(i) => {
            format!("{}{}", render::failure(&Failure::Internal(i.clone()), &[]), render::internal(m, &i))
        }
    }
}

/// `text` as the snapshot `conformance__<kind>@<input under fixtures/, `/`
/// as `__`>.snap`; `input` is a fixture or folder, relative to the root.
fn snapshot(kind: &str, input: &Path, text: &str) {
    let under = input.strip_prefix("fixtures").unwrap_or(input);
    let suffix = under.iter().map(|c| c.to_string_lossy()).collect::<Vec<_>>().join("__");
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(root().join("tests/snapshots"));
    settings.set_snapshot_suffix(suffix);
    settings.set_input_file(input);
    settings.bind(|| insta::assert_snapshot!(kind, text));
}
