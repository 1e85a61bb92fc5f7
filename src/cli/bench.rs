//! `sowspec bench` (random playouts) and `sowspec perft` (move-sequence counts).

use super::{load_game, load_machine, CliError, CmdResult, GameSetup};
use sowspec::parallel::{self, Config};
use std::path::Path;
use std::process::ExitCode;

/// Plays `games` uniform random games and prints their statistics.
pub fn bench(rules: &Path, games: u64, seed: u64, threads: usize, one_round: bool) -> CmdResult {
    let (m, _) = load_machine(rules, one_round)?;
    let bar = super::progress(games);
    let run = parallel::run(&m, &Config { games, seed, threads }, &|done| bar.set_position(done));
    bar.finish_and_clear();
    let secs = run.elapsed.as_secs_f64().max(f64::EPSILON);
    let stats = &run.stats;
    let limit = m.rules().moves.lap_limit;
    println!("{}: {} games, seed {seed}, {threads} thread(s)", rules.display(), stats.games);
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
    println!("  time                  {:>13.2}s", secs);
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
