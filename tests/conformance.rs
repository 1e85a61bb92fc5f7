//! Every fixture under `fixtures/` is its own test, named after its path
//! (`cargo test --test conformance oware` runs Oware's). Each replays on
//! sowspec's machine, verifying its kernel against the general interpreter
//! on every position, with every expected position equal. Then every ply
//! is traced from the position before it, and must reach exactly the
//! position the verdict judged: a trace always describes the move that was
//! judged. Each fixture's snapshot holds the move-by-move trace summary,
//! which guards against regressions (the fixtures' expectations, not the
//! snapshots, are the evidence).

use libtest_mimic::{Arguments, Failed, Trial};
use sowspec::conform::{find_fixtures, judge, Engine, Failure, MachineEngine, TraceError};
use sowspec::fixture::Fixture;
use sowspec::protocol::PositionDoc;
use sowspec::render;
use sowspec::{Move, Player};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn main() {
    let args = Arguments::from_args();
    let fixtures = root().join("fixtures");
    let files = find_fixtures(&fixtures).unwrap_or_else(|e| panic!("cannot read {}: {e}", fixtures.display()));
    assert!(!files.is_empty(), "no fixtures under {}", fixtures.display());
    let trials = files
        .into_iter()
        .map(|path| {
            let name = path.strip_prefix(root()).unwrap_or(&path).display().to_string();
            Trial::test(name, move || fixture(&path))
        })
        .collect();
    libtest_mimic::run(&args, trials).exit();
}

/// One fixture: replayed, judged, traced ply by ply, snapshotted.
fn fixture(path: &Path) -> Result<(), Failed> {
    let loaded = Fixture::load(path)?;
    let f = &loaded.fixture;
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
        let held: u32 = Player::BOTH.iter().map(|&p| m.captured(&traced, p)).sum();
        if on_board + held != total {
            return Err(format!("ply {ply}: {on_board} seeds on the board and {held} held, not {total}").into());
        }
        let mover = before.to_move().ok_or_else(|| format!("ply {ply}: nobody to move"))?;
        let _ = writeln!(summary, "{ply:>4}. {} {mv}: {}", mover.letter(), render::summary(m, &events));
    }
    snapshot(path, &summary);
    Ok(())
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

/// The summary as `conformance__fixtures@<path under fixtures/, `/` as `__`>.snap`.
fn snapshot(path: &Path, first: &str) {
    let relative = path.strip_prefix(root()).unwrap_or(path);
    let under = relative.strip_prefix("fixtures").unwrap_or(relative);
    let suffix = under.iter().map(|c| c.to_string_lossy()).collect::<Vec<_>>().join("__");
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(root().join("tests/snapshots"));
    settings.set_snapshot_suffix(suffix);
    settings.set_input_file(PathBuf::from(relative));
    settings.bind(|| insta::assert_snapshot!("fixtures", first));
}
