//! Differential tests: random games played move by move on sowspec's
//! interpreted machine (running the bundled rules files) and on the
//! hand-written reference engines of `sowspec-reference`, which share no
//! code with the rules language. After every move the whole position is
//! compared in the JSON protocol (`PositionDoc::of` against
//! `Engine::to_json`, as `serde_json::Value`s; that includes the legal moves
//! as letters), and so are the legal-move bit masks. (That the machine's
//! cached mask equals one computed afresh is a property, checked in
//! `tests/properties.rs`.)
//!
//! Moves are chosen uniformly among the legal ones by a seeded RNG: game
//! `i` of a suite always uses the seed `mix(BASE ^ mix(i))`, so a failure
//! names a game that can be replayed exactly, and the report lists its moves.
//!
//! The default suite plays [`DEFAULT_GAMES`] games of each of the four
//! founding configurations. The long suite (`#[ignore]`d) plays
//! `SOWSPEC_DIFF_GAMES` games (default 1,000,000) of each, on every core:
//!
//! ```text
//! SOWSPEC_DIFF_GAMES=1000000 cargo test --release --test differential -- --ignored --nocapture
//! ```
//!
//! In release on two cores, a million games take about 35 CPU-minutes for
//! Raja Pasu matches (some 620 plies each) and 2 to 5 CPU-minutes for each
//! of the others.

mod support;

use rayon::prelude::*;
use serde_json::Value;
use sowspec::protocol::PositionDoc;
use sowspec::Hole;
use sowspec::Machine;
use sowspec_reference::{Engine, RajaPasu, Sadeqa};
use std::time::Instant;
use support::{bundled, mix, pick};

/// Games per configuration in the default suite.
const DEFAULT_GAMES: u64 = 2_000;

/// One of the founding configurations: a rules file (and mode) for the
/// machine, and the reference engine that plays the same game.
#[derive(Clone, Copy, Debug)]
enum Config {
    RajaPasuMatch,
    RajaPasuRound,
    Sadeqa6,
    Sadeqa4,
}

impl Config {
    const ALL: [Config; 4] = [Config::RajaPasuMatch, Config::RajaPasuRound, Config::Sadeqa6, Config::Sadeqa4];

    fn machine(self) -> Machine {
        match self {
            Config::RajaPasuMatch => bundled("raja_pasu.rules"),
            Config::RajaPasuRound => bundled("raja_pasu.rules").with_one_round(true),
            Config::Sadeqa6 => bundled("sadeqa3.rules"),
            Config::Sadeqa4 => bundled("sadeqa3_4seed.rules"),
        }
    }

    /// The base of the per-game seeds, different for each configuration.
    fn base(self) -> u64 {
        0x5eed_0000 + self as u64
    }

    /// Plays game `i` of this configuration on both engines.
    fn game(self, m: &Machine, i: u64) -> Result<Played, String> {
        let seed = mix(self.base() ^ mix(i));
        let report = |e: String| format!("{self:?}, game {i} (seed {seed:#x}): {e}");
        match self {
            Config::RajaPasuMatch => compare(m, RajaPasu::new(false), seed).map_err(report),
            Config::RajaPasuRound => compare(m, RajaPasu::new(true), seed).map_err(report),
            Config::Sadeqa6 => compare(m, Sadeqa::new(6), seed).map_err(report),
            Config::Sadeqa4 => compare(m, Sadeqa::new(4), seed).map_err(report),
        }
    }
}

/// What a game compared.
#[derive(Clone, Copy, Debug, Default)]
struct Played {
    games: u64,
    plies: u64,
    longest: u64,
}

impl Played {
    fn add(self, o: Played) -> Played {
        Played { games: self.games + o.games, plies: self.plies + o.plies, longest: self.longest.max(o.longest) }
    }
}

/// Where a divergence happened: after which moves.
fn at(moves: &[u8]) -> String {
    format!("after {} move(s) [{}]", moves.len(), letters(moves))
}

fn letters(moves: &[u8]) -> String {
    moves.iter().map(|&i| char::from(b'a' + i).to_string()).collect::<Vec<_>>().join(",")
}

/// Plays one random game on the machine and on `reference`, comparing the
/// position and legal moves at every ply. `Err` describes the first
/// divergence and the moves leading to it.
fn compare<E: Engine>(m: &Machine, mut reference: E, seed: u64) -> Result<Played, String> {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut pos = m.initial();
    let mut moves: Vec<u8> = Vec::new();
    loop {
        let ours = serde_json::to_value(PositionDoc::of(m, &pos)).expect("a position serialises");
        let theirs: Value = reference.to_json();
        if ours != theirs {
            return Err(format!("positions differ {}\n  sowspec:   {ours}\n  reference: {theirs}", at(&moves)));
        }
        let mask = pos.legal_mask();
        if mask != u64::from(reference.legal_mask()) {
            return Err(format!(
                "legal masks differ {}: sowspec {mask:#b}, reference {:#b}",
                at(&moves),
                reference.legal_mask()
            ));
        }
        if pos.to_move().is_none() != reference.is_over() {
            return Err(format!("one engine says the game is over, the other not, {}", at(&moves)));
        }
        if mask == 0 {
            if pos.to_move().is_some() {
                return Err(format!("a player is to move without a legal move {}", at(&moves)));
            }
            let n = moves.len() as u64;
            return Ok(Played { games: 1, plies: n, longest: n });
        }
        let hole = pick(&mut rng, mask);
        pos = m
            .play(&pos, Hole::at(hole))
            .map_err(|e| format!("sowspec refuses legal move {}: {e} {}", letters(&[hole]), at(&moves)))?;
        moves.push(hole);
        reference.play(usize::from(hole));
    }
}

/// Plays games `range` of a configuration, in parallel; the first failure
/// (lowest game number among those found) fails the test.
fn suite(config: Config, games: std::ops::Range<u64>) -> Played {
    let m = config.machine();
    let results: Vec<Result<Played, String>> =
        games.into_par_iter().fold(|| Ok(Played::default()), |acc, i| Ok(acc?.add(config.game(&m, i)?))).collect();
    let mut total = Played::default();
    for r in results {
        match r {
            Ok(p) => total = total.add(p),
            Err(e) => panic!("{e}"),
        }
    }
    total
}

fn default_suite(config: Config) {
    let t = Instant::now();
    let p = suite(config, 0..DEFAULT_GAMES);
    assert_eq!(p.games, DEFAULT_GAMES);
    eprintln!(
        "{config:?}: {} games, {} plies compared (longest game {}), {:.2?}",
        p.games,
        p.plies,
        p.longest,
        t.elapsed()
    );
}

#[test]
fn raja_pasu_match_agrees_with_the_reference() {
    default_suite(Config::RajaPasuMatch);
}

#[test]
fn raja_pasu_one_round_agrees_with_the_reference() {
    default_suite(Config::RajaPasuRound);
}

#[test]
fn sadeqa3_agrees_with_the_reference() {
    default_suite(Config::Sadeqa6);
}

#[test]
fn sadeqa3_4seed_agrees_with_the_reference() {
    default_suite(Config::Sadeqa4);
}

/// The same seed plays the same game: a failing game number is a reproducer.
#[test]
fn a_game_number_replays_identically() {
    for config in Config::ALL {
        let m = config.machine();
        let a = config.game(&m, 7).unwrap();
        let b = config.game(&m, 7).unwrap();
        assert_eq!((a.plies, a.longest), (b.plies, b.longest), "{config:?}");
    }
}

/// `SOWSPEC_DIFF_GAMES` games (default 1,000,000) of each configuration.
/// `SOWSPEC_DIFF_FIRST` (default 0) shifts the game numbers, so that a run
/// can be resumed or a failing game replayed alone; `SOWSPEC_DIFF_ONLY`
/// (e.g. `RajaPasuMatch,Sadeqa4`) limits the run to some configurations.
#[test]
#[ignore = "long: run in release, see the module documentation"]
fn long_differential_suite() {
    let env = |name: &str, default: u64| {
        std::env::var(name).ok().map_or(default, |v| v.parse().unwrap_or_else(|_| panic!("{name} must be a number")))
    };
    let games = env("SOWSPEC_DIFF_GAMES", 1_000_000);
    let first = env("SOWSPEC_DIFF_FIRST", 0);
    let only = std::env::var("SOWSPEC_DIFF_ONLY").unwrap_or_default();
    for config in Config::ALL {
        if !only.is_empty() && !only.split(',').any(|name| name.trim() == format!("{config:?}")) {
            continue;
        }
        let t = Instant::now();
        // In chunks, so that progress shows and a failure stops the run early.
        let chunk = 50_000;
        let mut total = Played::default();
        let mut start = first;
        while start < first + games {
            let end = (start + chunk).min(first + games);
            total = total.add(suite(config, start..end));
            start = end;
            eprintln!("{config:?}: {} games compared ({:.1?})", total.games, t.elapsed());
        }
        eprintln!(
            "{config:?}: {} games, {} plies compared, longest game {} plies, in {:.1?}",
            total.games,
            total.plies,
            total.longest,
            t.elapsed()
        );
        assert_eq!(total.games, games);
    }
}
