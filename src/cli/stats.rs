//! `sowspec stats RULES…`: win rates, game lengths and more over many
//! games of each variant, side by side.

use super::{load_machine, CliError, CmdResult};
use sowspec::parallel::{self, Config};
use sowspec::stats::Summary;
use sowspec::strategy::Strategy;
use sowspec::survey::{chart, player_name, table, Column, Setup};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// How to print the figures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Output {
    /// A table for people, a column per variant.
    Table,
    /// One JSON document.
    Json,
    /// CSV, a row per variant.
    Csv,
}

/// What to play and where to put the pictures.
#[derive(Debug)]
pub struct Plan<'a> {
    /// Rules files, or folders of them.
    pub rules: &'a [PathBuf],
    /// Games, seed, threads and ply limit.
    pub cfg: Config,
    /// Who plays both sides.
    pub strategy: Strategy,
    /// Play single rounds of matches.
    pub one_round: bool,
    /// How to print.
    pub output: Output,
    /// Also write the picture as SVG here.
    pub svg: Option<&'a Path>,
    /// Also write the picture as an HTML page here.
    pub html: Option<&'a Path>,
}

/// Plays the games of every variant of `plan` and prints their figures.
pub fn run(plan: &Plan) -> CmdResult {
    let files = super::rules_files_in(plan.rules)?;
    let mut columns = Vec::new();
    for file in &files {
        let (m, _) = load_machine(file, plan.one_round)?;
        let bar = super::progress(plan.cfg.games);
        let records = parallel::survey(&m, &plan.cfg, plan.strategy, &|done| bar.set_position(done));
        bar.finish_and_clear();
        let name = file.file_stem().map_or_else(|| file.display().to_string(), |s| s.to_string_lossy().into_owned());
        columns.push(Column { name, summary: Summary::of(&m, &records) });
    }
    let setup = Setup {
        games: plan.cfg.games,
        seed: plan.cfg.seed,
        player: player_name(plan.strategy),
        max_plies: plan.cfg.max_plies,
    };
    match plan.output {
        Output::Table => print!("{}", table::text(&columns, &setup)),
        Output::Csv => print!("{}", table::csv(&columns)),
        Output::Json => println!("{:#}", table::json(&columns, &setup)),
    }
    let write = |path: &Path, text: String| {
        std::fs::write(path, text).map_err(|e| CliError::bad(format!("cannot write {}: {e}", path.display())))
    };
    if let Some(path) = plan.svg {
        write(path, chart::svg(&columns, &setup))?;
    }
    if let Some(path) = plan.html {
        write(path, chart::html(&columns, &setup))?;
    }
    Ok(ExitCode::SUCCESS)
}
