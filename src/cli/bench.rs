//! `sowspec bench` (random playouts) and `sowspec perft` (move-sequence counts).

use super::{load_game, load_machine, CliError, CmdResult, GameSetup};
use sowspec::parallel::{self, Config};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Benchmarks each rules file of `paths` (folders: every file under them):
/// a block of figures per file, or with `markdown` one table row per file.
pub fn bench(paths: &[PathBuf], cfg: &Config, one_round: bool, verify: bool, markdown: bool) -> CmdResult {
    let files = super::rules_files_in(paths)?;
    if markdown {
        println!("| rules file | kernel | moves/s | games/s | mean length | stopped at {} plies |", cfg.max_plies);
        println!("|---|---|---:|---:|---:|---:|");
    }
    for file in &files {
        let (m, _) = load_machine(file, one_round)?;
        if verify {
            verify_games(file, &m, cfg)?;
        } else if markdown {
            let run = timed(&m, cfg);
            let secs = run.elapsed.as_secs_f64().max(f64::EPSILON);
            let s = &run.stats;
            println!(
                "| `{}` | {} | {} | {} | {:.1} | {} |",
                file.display(),
                m.plan().kernel().name(),
                thousands(s.moves as f64 / secs),
                thousands(s.games as f64 / secs),
                s.mean_len(),
                s.stopped
            );
        } else {
            bench_one(file, &m, cfg);
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `1234567.8` as `1,234,568`.
fn thousands(x: f64) -> String {
    let digits = format!("{:.0}", x.max(0.0));
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The games of `cfg`, timed, with a progress bar.
fn timed(m: &sowspec::Machine, cfg: &Config) -> parallel::Run {
    let bar = super::progress(cfg.games);
    let run = parallel::run(m, cfg, &|done| bar.set_position(done));
    bar.finish_and_clear();
    run
}

/// Plays `cfg.games` uniform random games and prints their statistics.
fn bench_one(rules: &Path, m: &sowspec::Machine, cfg: &Config) {
    let run = timed(m, cfg);
    let secs = run.elapsed.as_secs_f64().max(f64::EPSILON);
    let stats = &run.stats;
    let limit = m.rules().moves().lap_limit;
    let (seed, threads) = (cfg.seed, cfg.threads);
    println!("{}: {} games, seed {seed}, {threads} thread(s)", rules.display(), stats.games);
    println!("  kernel                {:>14}{}", m.plan().kernel().name(), kernel_note(m));
    let drawn = if cfg.rejection && m.plan().draws_by_rejection() { "by rejection" } else { "from the legal set" };
    println!("  moves drawn           {drawn:>14}");
    println!("  games/s               {:>14.0}", stats.games as f64 / secs);
    println!("  moves/s               {:>14.0}", stats.moves as f64 / secs);
    println!("  laps/s                {:>14.0}", stats.laps as f64 / secs);
    println!("  game length           {:>14.1} mean, {} max", stats.mean_len(), stats.max_len);
    println!(
        "  endless candidates    {:>14} ({:.1}% of laps sown)",
        stats.endless_candidates,
        100.0 * stats.endless_lap_share(limit)
    );
    println!("  results               {:>14} South, {} North, {} drawn", stats.wins[0], stats.wins[1], stats.draws);
    println!("  stopped at {:<10} {:>14} games had not ended", format!("{} plies", cfg.max_plies), stats.stopped);
    println!("  time                  {:>13.2}s", secs);
}

/// ` (why; why…)` when the rules run on the general kernel by necessity:
/// every construct that keeps them there.
pub(super) fn kernel_note(m: &sowspec::Machine) -> String {
    match m.plan().general_reasons() {
        [] => String::new(),
        why => format!(" ({})", why.join("; ")),
    }
}

/// Plays the games of `cfg` on one thread, verifying every position.
fn verify_games(rules: &Path, m: &sowspec::Machine, cfg: &Config) -> Result<(), CliError> {
    let bar = super::progress(cfg.games);
    let mut compared = 0;
    for g in 0..cfg.games {
        match sowspec::playout::verify_game(m, cfg.seed, g, cfg.max_plies) {
            Ok(n) => compared += n,
            Err(d) => {
                bar.finish_and_clear();
                return Err(CliError { message: format!("game {g}: {d}"), code: 1 });
            }
        }
        bar.set_position(g + 1);
    }
    bar.finish_and_clear();
    if m.plan().kernel() == sowspec::Kernel::General {
        // (No kernel sows these rules' candidates: the definition does.)
        println!(
            "{}: {} games played, seed {}: these rules run on the general interpreter, the definition itself, with no kernel to verify against it",
            rules.display(),
            cfg.games,
            cfg.seed
        );
        return Ok(());
    }
    println!(
        "{}: {} games verified, seed {}: the {} kernel agrees with the general interpreter on {compared} candidate moves",
        rules.display(),
        cfg.games,
        cfg.seed,
        m.plan().kernel().name()
    );
    Ok(())
}

/// Counts the legal move sequences of length `depth` (per first move with `divide`).
pub fn perft(setup: &GameSetup, depth: u32, divide: bool) -> CmdResult {
    let (m, _, start) = load_game(setup)?;
    if divide {
        if depth == 0 {
            return Err(CliError::bad("--divide needs --depth 1 or more"));
        }
        let mut total = 0;
        for (mv, n) in sowspec::perft::divide(&m, &start, depth).map_err(|e| CliError::bad(e.to_string()))? {
            println!("{mv} {n}");
            total += n;
        }
        println!("total {total}");
    } else {
        println!("{}", sowspec::perft::perft(&m, &start, depth).map_err(|e| CliError::bad(e.to_string()))?);
    }
    Ok(ExitCode::SUCCESS)
}
