//! Perft tables (`tests/data/perft/*.txt`): the number of legal move
//! sequences of each length from chosen positions. Each table's `# Source:`
//! says where its counts come from: the hand-written reference engines
//! (`sowspec-reference`: the founding games, re-checked here against them
//! too), OpenSpiel (Kalah, Oware), or working by hand (the other variants,
//! small depths). Every table is checked against the interpreter
//! (`sowspec::perft`).
//!
//! File format, one item a line:
//!
//! ```text
//! # comment (the first ones say where the positions and counts come from)
//! rules raja_pasu.rules      the rules file, in rules/
//! one_round false            play one round only (RP-11)
//! position initial           or a position in the JSON protocol
//! perft 3 343                the count of move sequences of length 3
//! ```
//!
//! Counts follow `sowspec::perft`: a finished position counts 1 at depth 0
//! and 0 deeper.
//!
//! The default run checks the counts up to [`BUDGET`] for both engines
//! (seconds in a debug build); `cargo test --release --test perft --
//! --ignored` checks every count. `SOWSPEC_BLESS_PERFT=1 cargo test
//! --release --test perft -- --ignored bless` rewrites the tables from the
//! reference engines.

use serde_json::Value;
use sowspec::protocol::parse_position;
use sowspec::{Machine, Position};
use sowspec_reference::{Engine, RajaPasu, Sadeqa};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Counts above this are checked only by the ignored full test.
const BUDGET: u64 = 40_000;

/// Deepest count in the tables.
const DEPTH: u32 = 6;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A position of a table (`None`: the initial position, else its JSON)
/// and its counts, `(depth, count)`.
type Entry = (Option<String>, Vec<(u32, u64)>);

/// One table file.
struct Table {
    path: PathBuf,
    rules: String,
    one_round: bool,
    positions: Vec<Entry>,
}

fn read_table(path: &Path) -> Table {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut t = Table { path: path.to_path_buf(), rules: String::new(), one_round: false, positions: Vec::new() };
    assert!(text.starts_with("# Source:"), "{}: the first line must be a `# Source:` comment", path.display());
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        let at = || format!("{}:{}", path.display(), n + 1);
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (word, rest) = line.split_once(' ').unwrap_or_else(|| panic!("{}: expected `WORD VALUE`", at()));
        match word {
            "rules" => t.rules = rest.to_string(),
            "one_round" => t.one_round = rest.parse().unwrap_or_else(|_| panic!("{}: true or false", at())),
            "position" => t.positions.push(((rest != "initial").then(|| rest.to_string()), Vec::new())),
            "perft" => {
                let (d, c) = rest.split_once(' ').unwrap_or_else(|| panic!("{}: perft DEPTH COUNT", at()));
                let entry = (d.parse().unwrap(), c.parse().unwrap());
                t.positions.last_mut().unwrap_or_else(|| panic!("{}: perft before any position", at())).1.push(entry);
            }
            other => panic!("{}: unknown line `{other}`", at()),
        }
    }
    t
}

fn tables() -> Vec<Table> {
    let dir = root().join("tests/data/perft");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    assert!(files.len() >= 3, "expected the perft tables in {}", dir.display());
    files.iter().map(|f| read_table(f)).collect()
}

fn machine(rules: &str, one_round: bool) -> Machine {
    let source = std::fs::read_to_string(root().join("rules").join(rules)).unwrap();
    let ruleset = sowspec::check(&source).unwrap_or_else(|d| panic!("{rules} does not check: {d:?}"));
    Machine::new(ruleset).with_one_round(one_round)
}

fn machine_position(m: &Machine, json: Option<&str>) -> Position {
    match json {
        None => m.initial(),
        Some(j) => parse_position(j).unwrap().to_position(m).unwrap(),
    }
}

/// A reference engine for a rules file.
#[derive(Clone)]
enum Reference {
    Raja(RajaPasu),
    Sadeqa(Sadeqa),
}

impl Reference {
    /// `None` for a rules file without a reference engine: its table is
    /// checked against the interpreter only.
    fn new(rules: &str, one_round: bool, json: Option<&str>) -> Option<Reference> {
        let v: Option<Value> = json.map(|j| serde_json::from_str(j).unwrap());
        Some(match rules {
            "raja_pasu.rules" => Reference::Raja(match &v {
                None => RajaPasu::new(one_round),
                Some(v) => RajaPasu::from_json(v, one_round).unwrap(),
            }),
            "sadeqa3.rules" | "sadeqa3_4seed.rules" => {
                let seeds = if rules == "sadeqa3.rules" { 6 } else { 4 };
                Reference::Sadeqa(match &v {
                    None => Sadeqa::new(seeds),
                    Some(v) => Sadeqa::from_json(v, seeds).unwrap(),
                })
            }
            _ => return None,
        })
    }

    fn perft(&self, depth: u32) -> u64 {
        match self {
            Reference::Raja(e) => reference_perft(e, depth),
            Reference::Sadeqa(e) => reference_perft(e, depth),
        }
    }
}

/// Perft on a reference engine, counted as `sowspec::perft` counts.
fn reference_perft<E: Engine>(e: &E, depth: u32) -> u64 {
    let legal = e.legal_mask();
    match depth {
        0 => 1,
        1 => u64::from(legal.count_ones()),
        _ => (0..32)
            .filter(|i| legal & (1 << i) != 0)
            .map(|i| {
                let mut child = e.clone();
                child.play(i);
                reference_perft(&child, depth - 1)
            })
            .sum(),
    }
}

/// Checks every count of every table up to `budget`, with both engines.
fn check_tables(budget: u64) {
    let mut checked = 0;
    for t in tables() {
        let m = machine(&t.rules, t.one_round);
        for (json, counts) in &t.positions {
            let pos = machine_position(&m, json.as_deref());
            let reference = Reference::new(&t.rules, t.one_round, json.as_deref());
            let mut previous = 1;
            for &(depth, expected) in counts {
                // A count is only attempted if the one before was within budget.
                if previous > budget {
                    break;
                }
                let what = format!("{} ({}), perft {depth}", t.path.display(), json.as_deref().unwrap_or("initial"));
                assert_eq!(sowspec::perft::perft(&m, &pos, depth), Ok(expected), "interpreter: {what}");
                if let Some(reference) = &reference {
                    assert_eq!(reference.perft(depth), expected, "reference engine: {what}");
                }
                if depth >= 1 {
                    let split = sowspec::perft::divide(&m, &pos, depth).expect("a position of this game");
                    assert_eq!(split.iter().map(|&(_, n)| n).sum::<u64>(), expected, "divide: {what}");
                }
                previous = expected;
                checked += 1;
            }
        }
    }
    assert!(checked >= 40, "only {checked} counts checked");
}

#[test]
fn perft_tables_within_budget() {
    check_tables(BUDGET);
}

#[test]
#[ignore = "every count: run in release (`cargo test --release --test perft -- --ignored`)"]
fn perft_tables_full() {
    check_tables(u64::MAX);
}

#[test]
fn perft_conventions() {
    let m = machine("sadeqa3.rules", false);
    let start = m.initial();
    assert_eq!(sowspec::perft::perft(&m, &start, 0), Ok(1));
    assert_eq!(sowspec::perft::perft(&m, &start, 1), Ok(8));
    // A finished position: 1 at depth 0, nothing deeper.
    let over = r#"{"to_move": null, "board": {"south": [0,0,0,0,0,0,0,0], "north": [0,0,0,0,0,0,0,0]},
        "captured": {"south": 50, "north": 46}, "closed": {"south": [], "north": []}, "round": 1}"#;
    let end = parse_position(over).unwrap().to_position(&m).unwrap();
    assert_eq!(sowspec::perft::perft(&m, &end, 0), Ok(1));
    assert_eq!(sowspec::perft::perft(&m, &end, 3), Ok(0));
    assert_eq!(sowspec::perft::divide(&m, &end, 2), Ok(Vec::new()));
}

/// Where the tables' positions come from: `(oracle file, game line, ply)`.
struct Spec {
    file: &'static str,
    rules: &'static str,
    one_round: bool,
    positions: &'static [(&'static str, usize, usize, &'static str)],
}

const SPECS: [Spec; 4] = [
    Spec {
        file: "raja_pasu.txt",
        rules: "raja_pasu.rules",
        one_round: false,
        positions: &[
            ("raja_pasu_match.jsonl", 1, 18, "round 1, four plies before the first refill"),
            ("raja_pasu_match.jsonl", 2, 110, "round 5, N.a closed"),
            ("raja_pasu_match.jsonl", 3, 95, "closed holes, four plies before a refill"),
        ],
    },
    Spec {
        file: "raja_pasu_round.txt",
        rules: "raja_pasu.rules",
        one_round: true,
        positions: &[
            ("raja_pasu_round.jsonl", 1, 6, "early in the round"),
            ("raja_pasu_round.jsonl", 2, 15, "mid-round"),
            ("raja_pasu_round.jsonl", 3, 16, "near the end of the round"),
        ],
    },
    Spec {
        file: "sadeqa3.txt",
        rules: "sadeqa3.rules",
        one_round: false,
        positions: &[
            ("sadeqa3.jsonl", 1, 10, "early"),
            ("sadeqa3.jsonl", 2, 30, "mid-game"),
            ("edge_cases.jsonl", 12, 0, "C-6: North's N.e is endless, so not legal"),
        ],
    },
    Spec {
        file: "sadeqa3_4seed.txt",
        rules: "sadeqa3_4seed.rules",
        one_round: false,
        positions: &[
            ("sadeqa3_4.jsonl", 1, 10, "early"),
            ("sadeqa3_4.jsonl", 2, 20, "mid-game"),
            ("sadeqa3_4.jsonl", 3, 40, "late"),
        ],
    },
];

/// Rewrites the tables from the reference engines.
#[test]
#[ignore = "rewrites tests/data/perft: SOWSPEC_BLESS_PERFT=1, in release"]
fn bless_perft_tables() {
    if std::env::var_os("SOWSPEC_BLESS_PERFT").is_none() {
        eprintln!("set SOWSPEC_BLESS_PERFT=1 to rewrite the perft tables");
        return;
    }
    for spec in &SPECS {
        let mut out = String::new();
        writeln!(
            out,
            "# Source: counts computed by the reference engines (sowspec-reference, {}), \
             from the initial position and from positions of the oracle's recorded games \
             (tests/data/oracle); checked against the interpreter by tests/perft.rs.",
            if spec.rules == "raja_pasu.rules" { "RajaPasu" } else { "Sadeqa" }
        )
        .unwrap();
        out.push_str("# perft N: legal move sequences of N moves; a finished position counts 0 from depth 1.\n");
        writeln!(out, "rules {}\none_round {}", spec.rules, spec.one_round).unwrap();
        let mut positions: Vec<(String, Option<String>)> = vec![("the initial position".into(), None)];
        for &(file, line, ply, note) in spec.positions {
            let text = std::fs::read_to_string(root().join("tests/data/oracle").join(file)).unwrap();
            let game: Value = serde_json::from_str(text.lines().nth(line - 1).unwrap()).unwrap();
            let mut p = game["positions"][ply].clone();
            let obj = p.as_object_mut().unwrap();
            obj.remove("legal");
            obj.remove("result");
            positions.push((format!("{file} line {line}, after ply {ply}: {note}"), Some(p.to_string())));
        }
        for (note, json) in positions {
            let reference = Reference::new(spec.rules, spec.one_round, json.as_deref()).unwrap();
            writeln!(out, "\n# {note}\nposition {}", json.as_deref().unwrap_or("initial")).unwrap();
            for depth in 1..=DEPTH {
                writeln!(out, "perft {depth} {}", reference.perft(depth)).unwrap();
            }
        }
        std::fs::write(root().join("tests/data/perft").join(spec.file), out).unwrap();
    }
}

/// Perft through the kept children (as playouts play) counts exactly the
/// move sequences that playing move by move allows, for rules whose legal
/// moves depend on the previous move (MancalaGames' Olinda alternates each
/// player's direction; Alemungula bans a lone seed straight back). Olinda
/// once counted 120 sequences of two moves where 60 are legal: the children
/// forgot the move just played.
#[test]
fn perft_remembers_the_previous_move() {
    fn move_by_move(m: &Machine, pos: &Position, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        pos.legal_moves().map(|mv| move_by_move(m, &m.play(pos, mv).unwrap(), depth - 1)).sum()
    }
    for rules in ["mancalagames/olinda_mancalagames.rules", "mancalagames/alemungula_mancalagames.rules"] {
        let m = machine(rules, false);
        let start = m.initial();
        for depth in 1..=4 {
            let expected = move_by_move(&m, &start, depth);
            assert_eq!(sowspec::perft::perft(&m, &start, depth), Ok(expected), "{rules}: perft {depth}");
        }
    }
}
