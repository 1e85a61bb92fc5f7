//! The `sowspec` command line: clap structures that only parse, and one
//! module per command under `cli/`, each a thin layer over the library.

mod cli;

use clap::{Parser, Subcommand, ValueEnum};
use std::path::PathBuf;
use std::process::ExitCode;

/// Executable specifications of mancala games: check rules files, play and
/// trace them, and check recorded games against them.
#[derive(Parser, Debug)]
#[command(name = "sowspec", version, about, max_term_width = 100)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// A computer player.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum Opponent {
    /// Any legal move, uniformly at random.
    Random,
    /// The move that captures the most at once.
    Greedy,
    /// Alpha-beta search on the captured-seed difference (see --depth).
    Search,
}

/// Diagnostic output formats.
#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
enum Format {
    /// Rendered for people (coloured on a terminal).
    Human,
    /// One JSON array of diagnostics, for editors and tools.
    Json,
    /// GitHub Actions workflow commands: an annotation per diagnostic.
    Github,
}

impl From<Format> for cli::check::Output {
    fn from(f: Format) -> Self {
        match f {
            Format::Human => cli::check::Output::Human,
            Format::Json => cli::check::Output::Json,
            Format::Github => cli::check::Output::Github,
        }
    }
}

/// Where a game starts and how it is played: shared by `play`, `trace`, `perft`.
#[derive(clap::Args, Debug)]
struct GameArgs {
    /// The rules file.
    rules: PathBuf,
    /// Start from this position (a JSON protocol document) instead of the rules' initial position.
    #[arg(long, value_name = "POSITION.json")]
    from: Option<PathBuf>,
    /// Rules whose start is drawn at random (`seeds drawn …`): start from the draw of this seed
    /// (`play` draws from its --seed when neither this nor --from is given).
    #[arg(long, value_name = "SEED", conflicts_with = "from")]
    draw: Option<u64>,
    /// Stop at the end of the first round of a match (RP-11).
    #[arg(long)]
    one_round: bool,
}

/// Who plays both sides of the games `record` and `stats` generate.
#[derive(clap::Args, Debug)]
struct PlayerArgs {
    /// Who plays both sides.
    #[arg(long, value_enum, default_value_t = Opponent::Random)]
    player: Opponent,
    /// Search depth for `--player search`.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=12))]
    depth: u32,
}

impl PlayerArgs {
    fn strategy(&self) -> sowspec::strategy::Strategy {
        self.player.strategy(self.depth)
    }
}

/// Output formats of `conform`.
#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
enum ConformFormat {
    /// A table per rules file, then each failure.
    Human,
    /// The table, then a GitHub Actions `::error` annotation per failure.
    Github,
}

/// Output formats of `export`.
#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
enum ExportFormat {
    /// JSON lines: one game per line (variant, rules path and text, from, moves, expected positions).
    Jsonl,
}

/// A time limit in seconds: more than 0, at most a day.
fn parse_timeout(s: &str) -> Result<f64, String> {
    let t: f64 = s.parse().map_err(|_| format!("`{s}` is not a number of seconds"))?;
    if t > 0.0 && t <= 86_400.0 {
        Ok(t)
    } else {
        Err("the time limit is more than 0 and at most 86400 seconds".to_string())
    }
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Parse and check rules files; print every problem.
    Check {
        /// Rules files to check.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
        /// Also say how each file will be played: its board and the sowing
        /// kernel chosen for it (and why, when it is the general interpreter).
        #[arg(long)]
        explain: bool,
    },
    /// Format rules files in place (folders: every `.rules` file in them); without files, standard input to standard output.
    Fmt {
        /// Rules files or folders.
        paths: Vec<PathBuf>,
        /// Change nothing: print a unified diff of what would change, and exit 1 if anything would.
        #[arg(long)]
        check: bool,
    },
    /// The language server (LSP, over standard input and output), for editors.
    Lsp,
    /// Import other engines' game descriptions as rules files: `sowspec import mancalagames GameProps/Kalah.txt --out rules/mancalagames`.
    Import {
        /// The engine the descriptions come from.
        engine: ImportEngine,
        /// Configuration files or folders (every `.txt` not starting with `_`).
        #[arg(required = true)]
        configs: Vec<PathBuf>,
        /// Where to write the rules files (default: the current folder).
        #[arg(long)]
        out: Option<PathBuf>,
        /// Write nothing: list, per configuration, the parameter values no rules file can express yet, and which block the most.
        #[arg(long)]
        list_unsupported: bool,
    },
    /// Print a shell completion script: `sowspec completions bash > /etc/bash_completion.d/sowspec`.
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// The playground in a browser: edit rules with live diagnostics, play them by clicking holes, step through traces.
    Serve {
        /// Rules files or folders to offer in the page's list (default: `rules/` if there is one).
        rules: Vec<PathBuf>,
        /// The address to listen on (only this machine by default).
        #[arg(long, default_value = "127.0.0.1")]
        bind: String,
        /// The port (0: any free one, printed at start).
        #[arg(long, default_value_t = 8040)]
        port: u16,
        /// Serve the static playground that `web/build` made in this folder
        /// (e.g. `target/site`) instead of the page built into the binary;
        /// it offers the files given here too.
        #[arg(long)]
        site: Option<PathBuf>,
    },
    /// Play a game: interactively, or apply `--moves` and print the positions.
    Play {
        #[command(flatten)]
        game: GameArgs,
        /// Moves to apply, as hole letters: `c,f,a`. Without it, play interactively.
        #[arg(long, value_delimiter = ',')]
        moves: Option<Vec<String>>,
        /// Print the JSON protocol `{"positions": [...]}` instead of boards; without --moves, the start position alone.
        #[arg(long, conflicts_with = "vs")]
        json: bool,
        /// Interactive: play against the computer.
        #[arg(long, value_enum, conflicts_with = "moves")]
        vs: Option<Opponent>,
        /// Search depth of `--vs search`, in plies.
        #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=12))]
        depth: u32,
        /// Interactive: which side you play against the computer.
        #[arg(long, value_enum, default_value_t = cli::Side::South)]
        human: cli::Side,
        /// Seed of the computer's random choices.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Show every step of each move: drops, laps, relays, captures, and the rules line behind each decision.
    Trace {
        #[command(flatten)]
        game: GameArgs,
        /// Moves to apply, as hole letters: `c,f,a`.
        #[arg(long, value_delimiter = ',', required = true)]
        moves: Vec<String>,
        /// Only show move N (1-based).
        #[arg(long, value_name = "N")]
        ply: Option<usize>,
        /// Also write the trace as one self-contained HTML page that steps through every move.
        #[arg(long, value_name = "FILE")]
        html: Option<PathBuf>,
        /// Say each time the rule declared on this line of the rules file was weighed whether its
        /// condition held, and which part of it decided (a `lift`, relay, `on` rule, `if`, `over`…).
        #[arg(long, value_name = "LINE")]
        why: Option<usize>,
    },
    /// Replay recorded games; report the first divergence of each.
    Replay {
        /// Fixture files (YAML); with --rules, files of games as `play --json` prints them, one a line.
        #[arg(required = true)]
        fixtures: Vec<PathBuf>,
        /// The files are JSON lines of positions (`play --json`), replayed under these rules:
        /// each position must follow from the one before by a legal move, which is named.
        #[arg(long, value_name = "RULES")]
        rules: Option<PathBuf>,
        /// Also check the machine's sowing kernel against the general interpreter on every candidate move of every position.
        #[arg(long, conflicts_with = "rules")]
        verify: bool,
    },
    /// Check every recorded game under a folder against its rules file: the main job.
    Conform {
        /// The folder of fixtures.
        #[arg(default_value = "fixtures")]
        dir: PathBuf,
        /// Also write a JUnit XML report, one test case per game.
        #[arg(long, value_name = "FILE")]
        junit: Option<PathBuf>,
        /// Also write an HTML report, DIR/index.html: each failure with the expected and actual boards and the trace.
        #[arg(long, value_name = "DIR")]
        html: Option<PathBuf>,
        /// Test this engine instead of sowspec's machine: a command line (program and arguments,
        /// quoted as in a shell) that starts an engine speaking the protocol of docs/PROTOCOL.md.
        #[arg(long, value_name = "CMD ARGS")]
        engine: Option<String>,
        /// With --engine: the time limit of each of its replies, in seconds.
        #[arg(long, value_name = "SECONDS", default_value_t = 5.0, requires = "engine", value_parser = parse_timeout)]
        timeout: f64,
        /// With --engine: play every game even after the engine has failed the same way (say, no reply in time)
        /// in 3 games in a row; without it the run stops there, the rest reported as not played.
        #[arg(long, requires = "engine")]
        keep_going: bool,
        /// Output format: the table, or the table plus GitHub workflow annotations of the failures.
        #[arg(long, value_enum, default_value_t = ConformFormat::Human)]
        format: ConformFormat,
        /// Also check the machine's sowing kernel against the general interpreter on every candidate move of every position.
        #[arg(long, conflicts_with = "engine")]
        verify: bool,
    },
    /// Write every recorded game under a folder as data for other tools: one JSON object per line.
    Export {
        /// The folder of fixtures.
        #[arg(default_value = "fixtures")]
        dir: PathBuf,
        /// Output format.
        #[arg(long, value_enum, default_value_t = ExportFormat::Jsonl)]
        format: ExportFormat,
    },
    /// Be an engine of the test protocol (docs/PROTOCOL.md) on standard input and output.
    Engine {
        /// The variants to play: rules files, or folders of them. A variant is named by its file's stem.
        #[arg(required = true, value_name = "RULES")]
        rules: Vec<PathBuf>,
    },
    /// Random playouts: games/s, moves/s, laps/s, game lengths, endless candidates met.
    Bench {
        /// Rules files, or folders of them.
        #[arg(required = true)]
        rules: Vec<PathBuf>,
        /// How many games.
        #[arg(long, default_value_t = 10_000)]
        games: u64,
        /// Seed; each game's randomness depends only on it and the game's number.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Threads (0: all cores); results do not depend on it.
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Play single rounds of a match.
        #[arg(long)]
        one_round: bool,
        /// Stop a game that has not ended after this many plies (counted and reported).
        #[arg(long, default_value_t = sowspec::playout::DEFAULT_MAX_PLIES)]
        max_plies: u64,
        /// Check the sowing kernel against the general interpreter on every
        /// candidate of every position (slow; reports a disagreement as an internal error).
        #[arg(long)]
        verify: bool,
        /// Print a Markdown table, a row per rules file: kernel, moves/s, games/s, mean length, stopped games.
        #[arg(long, conflicts_with = "verify")]
        markdown: bool,
        /// Sow every candidate to find the legal moves before drawing one (as `perft` and `--verify` do),
        /// instead of drawing a candidate and drawing again when it is not legal (the same distribution
        /// of games; other games for a seed, and fewer candidates sown and counted).
        #[arg(long)]
        exhaustive: bool,
    },
    /// Win rates with 95% Wilson intervals, game lengths, branching, captures, endless candidates and
    /// rounds over many games of each variant, side by side.
    ///
    /// Captures are the capturing moves per game: moves that took seeds by a `capture` action, whatever
    /// their destination (a store, a reserve, or another hole with `capture … into`), or whose relay
    /// lifted seeds from an opponent's hole other than the lap's landing to sow them on (Omweso, Igisoro,
    /// Hus and Bao, whose captures never leave the board).
    Stats {
        /// Rules files, or folders of them.
        #[arg(required = true)]
        rules: Vec<PathBuf>,
        /// Games per variant.
        #[arg(long, default_value_t = 1_000)]
        games: u64,
        /// Seed; each game's randomness depends only on it and the game's number.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Threads (0: all cores); results do not depend on it.
        #[arg(long, default_value_t = 1)]
        threads: usize,
        #[command(flatten)]
        player: PlayerArgs,
        /// Play single rounds of matches.
        #[arg(long)]
        one_round: bool,
        /// Stop a game that has not ended after this many plies (counted and reported).
        #[arg(long, default_value_t = sowspec::playout::DEFAULT_MAX_PLIES)]
        max_plies: u64,
        /// Print one JSON document instead of the table.
        #[arg(long, conflicts_with = "csv")]
        json: bool,
        /// Print CSV, a row per variant, instead of the table.
        #[arg(long)]
        csv: bool,
        /// Also draw the win rates and length distributions as an SVG picture.
        #[arg(long, value_name = "FILE")]
        svg: Option<PathBuf>,
        /// Also write that picture as a self-contained HTML page.
        #[arg(long, value_name = "FILE")]
        html: Option<PathBuf>,
    },
    /// Count the legal move sequences of a given length (the move-generation check).
    Perft {
        #[command(flatten)]
        game: GameArgs,
        /// Length of the sequences.
        #[arg(long, value_parser = clap::value_parser!(u32).range(0..=12))]
        depth: u32,
        /// Also count per first move.
        #[arg(long)]
        divide: bool,
    },
    /// List the variants in a folder of rules files: name, board, seeds, family, source.
    List {
        /// The folder of rules files.
        #[arg(default_value = "rules")]
        dir: PathBuf,
    },
    /// Generate random games as candidate fixtures for a new variant (to review, not truth).
    Record {
        /// The rules file.
        rules: PathBuf,
        /// How many games.
        #[arg(long, value_name = "N")]
        random: usize,
        /// Seed of the random choices.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[command(flatten)]
        player: PlayerArgs,
        /// Stop at the end of the first round of a match.
        #[arg(long)]
        one_round: bool,
        /// Folder to write the fixtures to.
        #[arg(long, value_name = "DIR", default_value = "candidates")]
        out: PathBuf,
        /// Stop a game that has not ended after this many plies (counted and reported).
        #[arg(long, default_value_t = sowspec::playout::DEFAULT_MAX_PLIES as usize)]
        max_plies: usize,
    },
}

/// Quiet exit when the reader of our output goes away (`sowspec … | head`);
/// any other panic is a bug, reported in one line without a backtrace.
fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let payload = info.payload();
        let message =
            payload.downcast_ref::<String>().map(String::as_str).or_else(|| payload.downcast_ref::<&str>().copied());
        let message = message.unwrap_or("(no message)");
        if message.contains("Broken pipe") {
            std::process::exit(0);
        }
        let place = info.location().map(|l| format!(" at {}:{}", l.file(), l.line())).unwrap_or_default();
        eprintln!("internal error: {message}{place}\nThis is a bug in sowspec: please report it with the command that caused it.");
    }));
}

/// Engines `sowspec import` reads.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum ImportEngine {
    /// MancalaGames' `GameProps/*.txt` configurations.
    Mancalagames,
}

fn main() -> ExitCode {
    install_panic_hook();
    let args = Cli::parse();
    let result = match args.command {
        Command::Check { files, format, explain } => cli::check::run(&files, format.into(), explain),
        Command::Fmt { paths, check } => cli::fmt::run(&paths, check),
        Command::Lsp => cli::lsp::run(),
        Command::Import { engine: ImportEngine::Mancalagames, configs, out, list_unsupported } => {
            cli::import::run(&configs, out.as_deref(), list_unsupported)
        }
        Command::Completions { shell } => {
            clap_complete::generate(
                shell,
                &mut <Cli as clap::CommandFactory>::command(),
                "sowspec",
                &mut std::io::stdout(),
            );
            Ok(ExitCode::SUCCESS)
        }
        Command::Play { game, moves, json, vs, depth, human, seed } => match moves {
            Some(moves) => cli::play::batch(&game.into(), &moves, json),
            None if json => cli::play::batch(&game.into(), &[], true),
            None => {
                let mut setup: cli::GameSetup = game.into();
                setup.draw = setup.draw.or(Some(seed));
                cli::play::interactive(&setup, vs.map(|o| o.strategy(depth)), human.into(), seed)
            }
        },
        Command::Serve { rules, bind, port, site } => {
            let rules =
                if rules.is_empty() && std::path::Path::new("rules").is_dir() { vec!["rules".into()] } else { rules };
            cli::serve::run(&rules, &bind, port, site.as_deref())
        }
        Command::Trace { game, moves, ply, html, why } => {
            cli::trace::run(&game.into(), &moves, &cli::trace::Shown { only: ply, html: html.as_deref(), why })
        }
        Command::Replay { fixtures, rules: Some(rules), .. } => cli::replay_lines::run(&rules, &fixtures),
        Command::Replay { fixtures, rules: None, verify } => cli::replay::run(&fixtures, verify),
        Command::Conform { dir, junit, html, engine, timeout, keep_going, format, verify } => {
            match engine.as_deref().map(split_command).transpose() {
                Err(e) => Err(e),
                Ok(engine) => cli::conform::run(&cli::conform::Plan {
                    dir: &dir,
                    junit: junit.as_deref(),
                    engine,
                    timeout: std::time::Duration::from_secs_f64(timeout),
                    keep_going,
                    github: format == ConformFormat::Github,
                    verify,
                    html: html.as_deref(),
                }),
            }
        }
        Command::Export { dir, format: ExportFormat::Jsonl } => cli::export::run(&dir),
        Command::Engine { rules } => cli::engine::run(&rules),
        Command::List { dir } => cli::list::run(&dir),
        Command::Bench { rules, games, seed, threads, one_round, max_plies, verify, markdown, exhaustive } => {
            let cfg = sowspec::parallel::Config { games, seed, threads, max_plies, rejection: !exhaustive };
            cli::bench::bench(&rules, &cfg, one_round, verify, markdown)
        }
        Command::Stats { rules, games, seed, threads, player, one_round, max_plies, json, csv, svg, html } => {
            cli::stats::run(&cli::stats::Plan {
                rules: &rules,
                cfg: sowspec::parallel::Config { games, seed, threads, max_plies, rejection: false },
                strategy: player.strategy(),
                one_round,
                output: match (json, csv) {
                    (true, _) => cli::stats::Output::Json,
                    (_, true) => cli::stats::Output::Csv,
                    _ => cli::stats::Output::Table,
                },
                svg: svg.as_deref(),
                html: html.as_deref(),
            })
        }
        Command::Perft { game, depth, divide } => cli::bench::perft(&game.into(), depth, divide),
        Command::Record { rules, random, seed, player, one_round, out, max_plies } => {
            cli::record::run(&rules, random, seed, player.strategy(), one_round, &out, max_plies)
        }
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            // The message may quote the input (a file name, a JSON key): its
            // control characters are escaped, never sent to the terminal.
            let message: String = e
                .message
                .chars()
                .map(|c| if c.is_control() && c != '\n' { c.escape_default().to_string() } else { c.to_string() })
                .collect();
            eprintln!("{} {message}", cli::paint_err().bold_red("error:"));
            ExitCode::from(e.code)
        }
    }
}

impl Opponent {
    fn strategy(self, depth: u32) -> sowspec::strategy::Strategy {
        use sowspec::strategy::Strategy;
        match self {
            Opponent::Random => Strategy::Random,
            Opponent::Greedy => Strategy::Greedy,
            Opponent::Search => Strategy::Search { depth },
        }
    }
}

/// `--engine "python3 my engine.py"` as a program and its arguments, split
/// as a shell would (quotes and backslashes), without running a shell.
fn split_command(command: &str) -> Result<Vec<String>, cli::CliError> {
    match shlex::split(command) {
        Some(words) if !words.is_empty() => Ok(words),
        _ => Err(cli::CliError::bad(format!(
            "--engine `{command}` is not a command line: give a program and its arguments, quoted as in a shell"
        ))),
    }
}

impl From<GameArgs> for cli::GameSetup {
    fn from(g: GameArgs) -> Self {
        cli::GameSetup { rules: g.rules, from: g.from, draw: g.draw, one_round: g.one_round }
    }
}
