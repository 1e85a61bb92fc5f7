//! The games the targets play: every bundled rules file that checks.

use sowspec_core::Machine;
use std::path::{Path, PathBuf};

/// A bundled game: its rules file's stem (`kalah`,
/// `deka_mancalagames`) and its machine.
pub struct Game {
    /// The rules file's name without `.rules`.
    pub name: String,
    /// The machine for its rules.
    pub machine: Machine,
}

/// The repository's root: the first folder above this crate's holding
/// `rules/kalah.rules` (the fuzz crate's parent, or the root crate itself
/// when `tests/fuzz_corpus.rs` includes these sources).
pub fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .find(|d| d.join("rules/kalah.rules").is_file())
        .expect("the repository's rules folder above the crate")
        .to_path_buf()
}

/// A machine for every bundled rules file (`rules/*.rules` and
/// `rules/*/*.rules`, in path order) that checks, built once. Files that
/// do not check are skipped with a note, so that work in progress on one
/// does not stop the fuzzing of the others.
pub fn games() -> &'static [Game] {
    static GAMES: std::sync::OnceLock<Vec<Game>> = std::sync::OnceLock::new();
    GAMES.get_or_init(|| {
        let rules = repository().join("rules");
        let mut files = rules_in(&rules);
        for dir in std::fs::read_dir(&rules).expect("the bundled rules folder") {
            let dir = dir.expect("a folder entry").path();
            if dir.is_dir() {
                files.extend(rules_in(&dir));
            }
        }
        files.sort();
        let mut games = Vec::new();
        for f in files {
            let text = std::fs::read_to_string(&f).expect("a readable rules file");
            let name = f.file_stem().expect("a file name").to_string_lossy().into_owned();
            match sowspec_core::check(&text) {
                Ok(rules) => games.push(Game { name, machine: Machine::new(rules) }),
                Err(d) => eprintln!("note: skipping {} ({} problems)", f.display(), d.len()),
            }
        }
        assert!(!games.is_empty(), "no bundled rules file checks");
        games
    })
}

/// The `.rules` files directly in `dir`.
fn rules_in(dir: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(dir)
        .expect("a rules folder")
        .map(|e| e.expect("a folder entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "rules"))
        .collect()
}

/// The game called `name`; for any other name, one picked by the sum of
/// its bytes, so that every input plays some game (libFuzzer learns the
/// names from the comparison, and a seed stays on its game when files are
/// added).
pub fn game(name: &[u8]) -> &'static Game {
    let games = games();
    games.iter().find(|g| g.name.as_bytes() == name).unwrap_or_else(|| {
        let sum: usize = name.iter().map(|&b| usize::from(b)).sum();
        &games[sum % games.len()]
    })
}
