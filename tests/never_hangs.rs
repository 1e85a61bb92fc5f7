//! Never hangs: `bench`, `record` and `stats` stop a game that has not
//! ended after `--max-plies` plies, count it and say so; `perft` is bounded
//! by its depth (at most 12 moves, and every move ends: C-6). And no
//! bundled rules file needs the limit: uniform random games of every one
//! of them end on their own.

mod support;

use sowspec::playout::{Playouts, DEFAULT_MAX_PLIES};
use support::binary::run;

/// Games played of each bundled rules file, from a fixed seed.
const GAMES: u64 = 200;

/// Bundled files whose random games may not end without the ply limit:
/// imported MancalaGames configurations without a repetition rule, where a
/// few random games circle for ever. Seen with `sowspec bench rules/
/// --games 200 --max-plies 100000 --seed S`: Adji Kui I 1 game of 200 with
/// seed 2; Songo 3 (seed 1), 1 (seed 2), 1 (seed 11); Wari 1 (seed 1), 2
/// (seed 2), 1 (seed 11); Oware 1, Mangala II 4 and Cross-Wari 1 (seed 1;
/// MancalaGames' own games of them stop at its move cap too); Leb Bbut
/// Ahbochen 0 (seed 1), 1 (seed 11); Bule Perga 94 (seed 11; MancalaGames'
/// own games stop at its 1,000-move cap in 14 of 20 with seed 1); Al-manqala
/// 6 and Halusa 9 (seed 11; MancalaGames caps 2 of 200 and 1 of 50 of its
/// own games of them); Kale 5 and Ouri 3 (seed 11; MancalaGames caps 6
/// and 1 of the 200 games recorded to check each import); Andot 4 (seed 1;
/// MancalaGames' own games stop at the driver's move cap in 2 of 50); Qelat
/// 1 (seed 11; none of MancalaGames' own 50 games of seed 1 reached the
/// cap). Not fixed here: the rules files are owned
/// elsewhere; this list says which still need the limit. (`moruba.rules`
/// and `tsoro.rules` can circle too, but rarely: one game in 2,000 with
/// seed 1, still running at 1,000,000 plies; none of the 200 played here.)
const KNOWN_ENDLESS: &[&str] = &[
    "mancalagames/adji_kui_i_mancalagames.rules",
    "mancalagames/al_manqala_mancalagames.rules",
    "mancalagames/andot_mancalagames.rules",
    "mancalagames/bule_perga_mancalagames.rules",
    "mancalagames/cross_wari_mancalagames.rules",
    "mancalagames/halusa_mancalagames.rules",
    "mancalagames/kale_mancalagames.rules",
    "mancalagames/leb_bbut_ahbochen_mancalagames.rules",
    "mancalagames/mangala_ii_mancalagames.rules",
    "mancalagames/oware_mancalagames.rules",
    "mancalagames/ouri_mancalagames.rules",
    "mancalagames/qelat_mancalagames.rules",
    "mancalagames/songo_mancalagames.rules",
    "mancalagames/wari_mancalagames.rules",
    // 11 of 200 (seed 11; MancalaGames caps 4 of 200 of its own games, seed 1)
    "mancalagames/djenon_abe_mancalagames.rules",
    // 31 of 200 (seed 1), 28 (seed 11); MancalaGames caps 16 of 100 of its own games (seed 1)
    "mancalagames/kara_mancalagames.rules",
    // 75 of 200 matches (seed 11) once playouts remembered the previous move
    // (before, they forgot it and played another game); the 20 first rounds
    // MancalaGames recorded all end
    "mancalagames/olinda_mancalagames.rules",
    // 2 of 200 (seed 11): blocked holes and a goal of immobilising leave a
    // few seeds circling; the 50 games MancalaGames recorded all end (seed 1)
    "mancalagames/nambayi_mancalagames.rules",
    // 5 of 200 (seed 1), 12 (seed 2), 10 (seed 11): a few seeds zigzag round
    // the cycle for ever; MancalaGames stops 14 of 300 of its own games
    // (seed 1) at the driver's 1,000-move cap
    "mancalagames/zigzag_mancalagames.rules",
    // Ludii's readings without a repetition rule, as Ludii plays them: Ludii
    // itself stops such games at its turn limit (Oware: 4 of its 100 games
    // recorded, seed 1) or the recorder's cap (Oure Ngat: all 100 at 300
    // moves); here Oware 7, Halusa 40 and Oure Ngat 200 of 200 (seed 11),
    // Chisolo 19 of 200 (Ludii's own 170 games, seed 1: 11 capped at 1000
    // Ludii moves; a repetition rule would end 10 of the kept fixtures early)
    "chisolo_ludii.rules",
    "halusa_ludii.rules",
    // Hus of the Damara as Ludii plays it: single counters may be lifted, so
    // a player is rarely left without a move, and captures need both facing
    // holes occupied: 501 of 1,000 random games (seed 1) had not ended at
    // 100,000 plies; Ludii's own random games run long too (77 of 100 past
    // 8,000 Ludii moves, seed 1), and its code has no repetition rule
    "hus_damara_ludii.rules",
    // Intotoi as Murray's summary gives it: captures need a sowing that
    // goes on from the opponent's row into an occupied hole of one's own,
    // and most random games circle without one: 522 of 2,000 (seed 1) had
    // not ended at 100,000 plies; the source says nothing of a repetition
    "intotoi.rules",
    "oure_ngat_ludii.rules",
    "oware_ludii.rules",
    // Nsolo as Ludii plays it, with no repetition rule: single counters
    // moved to and fro circle; 18 of 200 (seed 11) had not ended at 100,000
    // plies; 8 of Ludii's own 100 games (seed 1) reached the recorder's cap
    // of 2,000 Ludii moves (nsolo.rules ends them with `repetition`)
    "nsolo_ludii.rules",
];

/// Every `.rules` file under `rules/`, subfolders included.
fn bundled() -> Vec<std::path::PathBuf> {
    let mut files = support::rules_files();
    let sub = support::rules_dir().join("mancalagames");
    files.extend(
        std::fs::read_dir(sub)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "rules")),
    );
    files.sort();
    files
}

#[test]
fn every_bundled_file_ends_its_random_games() {
    use rayon::prelude::*;
    let stuck: Vec<String> = bundled()
        .par_iter()
        .filter_map(|path| {
            let name = path.strip_prefix(support::rules_dir()).unwrap().display().to_string();
            if KNOWN_ENDLESS.contains(&name.as_str()) {
                return None;
            }
            let m = support::machine_of(&support::read(path), &name);
            let mut player = Playouts::new(&m).with_max_plies(DEFAULT_MAX_PLIES);
            let stopped: u64 = (0..GAMES).map(|g| player.game(11, g).stopped).sum();
            (stopped > 0).then(|| format!("{name}: {stopped} of {GAMES} games reached {DEFAULT_MAX_PLIES} plies"))
        })
        .collect();
    assert!(stuck.is_empty(), "bundled files whose games do not end:\n{}", stuck.join("\n"));
}

#[test]
fn the_known_exceptions_are_bundled_files() {
    let names: Vec<String> =
        bundled().iter().map(|p| p.strip_prefix(support::rules_dir()).unwrap().display().to_string()).collect();
    for known in KNOWN_ENDLESS {
        assert!(names.iter().any(|n| n == known), "{known} is not bundled: take it off the list");
    }
}

#[test]
fn bench_stops_and_counts_unfinished_games() {
    let r = run(&["bench", "rules/kalah.rules", "--games", "10", "--max-plies", "3"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let line = r.stdout.lines().find(|l| l.contains("stopped at")).expect("a stopped line");
    assert!(
        line.split_whitespace().eq(["stopped", "at", "3", "plies", "10", "games", "had", "not", "ended"]),
        "{line}"
    );
    let r = run(&["bench", "rules/kalah.rules", "--games", "10", "--max-plies", "3", "--markdown"]);
    assert!(r.stdout.lines().nth(2).is_some_and(|row| row.ends_with("| 3.0 | 10 |")), "{}", r.stdout);
}

#[test]
fn record_stops_and_counts_unfinished_games() {
    let out = tempfile::tempdir().unwrap();
    let out = out.path().to_str().unwrap();
    let r = run(&["record", "rules/kalah.rules", "--random", "2", "--max-plies", "3", "--out", out]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("(3 moves; the game had not ended"), "{}", r.stdout);
    assert!(r.stdout.ends_with("2 games written; 2 stopped unfinished at 3 plies\n"), "{}", r.stdout);
}

#[test]
fn perft_is_bounded_by_its_depth() {
    let r = run(&["perft", "rules/kalah.rules", "--depth", "13"]);
    assert_eq!(r.code, 2, "depths past 12 are refused");
}
