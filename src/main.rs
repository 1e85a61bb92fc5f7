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
    /// Stop at the end of the first round of a match (RP-11).
    #[arg(long)]
    one_round: bool,
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
    /// Print a shell completion script: `sowspec completions bash > /etc/bash_completion.d/sowspec`.
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// Play a game: interactively, or apply `--moves` and print the positions.
    Play {
        #[command(flatten)]
        game: GameArgs,
        /// Moves to apply, as hole letters: `c,f,a`. Without it, play interactively.
        #[arg(long, value_delimiter = ',')]
        moves: Option<Vec<String>>,
        /// With --moves: print the JSON protocol `{"positions": [...]}`.
        #[arg(long, requires = "moves")]
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
    },
    /// Replay recorded games; report the first divergence of each.
    Replay {
        /// Fixture files (YAML).
        #[arg(required = true)]
        fixtures: Vec<PathBuf>,
    },
    /// Check every recorded game under a folder against its rules file: the main job.
    Conform {
        /// The folder of fixtures.
        #[arg(default_value = "fixtures")]
        dir: PathBuf,
        /// Also write a JUnit XML report, one test case per game.
        #[arg(long, value_name = "FILE")]
        junit: Option<PathBuf>,
    },
    /// Random playouts: games/s, moves/s, laps/s, game lengths, endless candidates met.
    Bench {
        /// The rules file.
        rules: PathBuf,
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
        /// Who plays both sides.
        #[arg(long, value_enum, default_value_t = Opponent::Random)]
        player: Opponent,
        /// Search depth for `--player search`.
        #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=12))]
        depth: u32,
        /// Stop at the end of the first round of a match.
        #[arg(long)]
        one_round: bool,
        /// Folder to write the fixtures to.
        #[arg(long, value_name = "DIR", default_value = "candidates")]
        out: PathBuf,
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

fn main() -> ExitCode {
    install_panic_hook();
    let args = Cli::parse();
    let result = match args.command {
        Command::Check { files, format } => cli::check::run(&files, format.into()),
        Command::Fmt { paths, check } => cli::fmt::run(&paths, check),
        Command::Lsp => cli::lsp::run(),
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
            None => cli::play::interactive(&game.into(), vs.map(|o| o.strategy(depth)), human.into(), seed),
        },
        Command::Trace { game, moves, ply } => cli::trace::run(&game.into(), &moves, ply),
        Command::Replay { fixtures } => cli::replay::run(&fixtures),
        Command::Conform { dir, junit } => cli::conform::run(&dir, junit.as_deref()),
        Command::List { dir } => cli::list::run(&dir),
        Command::Bench { rules, games, seed, threads, one_round } => {
            cli::bench::bench(&rules, games, seed, threads, one_round)
        }
        Command::Perft { game, depth, divide } => cli::bench::perft(&game.into(), depth, divide),
        Command::Record { rules, random, seed, player, depth, one_round, out } => {
            cli::record::run(&rules, random, seed, player.strategy(depth), one_round, &out)
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

impl From<GameArgs> for cli::GameSetup {
    fn from(g: GameArgs) -> Self {
        cli::GameSetup { rules: g.rules, from: g.from, one_round: g.one_round }
    }
}
