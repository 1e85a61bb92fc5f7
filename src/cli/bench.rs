//! `sowspec bench` (random playouts) and `sowspec perft` (move-sequence counts).

use super::{load_game, load_machine, CliError, CmdResult, GameSetup};
use sowspec::parallel::{self, Config};
use std::path::Path;
use std::process::ExitCode;

/// Plays `cfg.games` uniform random games and prints their statistics;
/// with `verify`, plays them again checking the kernel on every position.
pub fn bench(rules: &Path, cfg: &Config, one_round: bool, verify: bool) -> CmdResult {
    let (m, _) = load_machine(rules, one_round)?;
    if verify {
        return verify_games(rules, &m, cfg);
    }
    let bar = super::progress(cfg.games);
    let run = parallel::run(&m, cfg, &|done| bar.set_position(done));
    bar.finish_and_clear();
    let secs = run.elapsed.as_secs_f64().max(f64::EPSILON);
    let stats = &run.stats;
    let limit = m.rules().moves().lap_limit;
    let (seed, threads) = (cfg.seed, cfg.threads);
    println!("{}: {} games, seed {seed}, {threads} thread(s)", rules.display(), stats.games);
    println!("  kernel                {:>14}{}", m.kernel().name(), kernel_note(&m));
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
    Ok(ExitCode::SUCCESS)
}

/// ` (why)` when the rules run on the general kernel by necessity.
fn kernel_note(m: &sowspec::Machine) -> String {
    m.kernel_reason().map_or(String::new(), |why| format!(" ({why})"))
}

/// Plays the games of `cfg` on one thread, verifying every position.
fn verify_games(rules: &Path, m: &sowspec::Machine, cfg: &Config) -> CmdResult {
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
    println!(
        "{}: {} games verified, seed {}: the {} kernel agrees with the general interpreter on {compared} candidate moves",
        rules.display(),
        cfg.games,
        cfg.seed,
        m.kernel().name()
    );
    Ok(ExitCode::SUCCESS)
}

/// Counts the legal move sequences of length `depth` (per first move with `divide`).
pub fn perft(setup: &GameSetup, depth: u32, divide: bool) -> CmdResult {
    let (m, _, start) = load_game(setup)?;
    if divide {
        if depth == 0 {
            return Err(CliError::bad("--divide needs --depth 1 or more"));
        }
        let mut total = 0;
        for (mv, n) in sowspec::perft::divide(&m, &start, depth) {
            println!("{mv} {n}");
            total += n;
        }
        println!("total {total}");
    } else {
        println!("{}", sowspec::perft::perft(&m, &start, depth));
    }
    Ok(ExitCode::SUCCESS)
}
