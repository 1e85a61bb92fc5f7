//! What the benches share: the games, the reference engines behind one
//! type, random playouts on them drawn exactly as `sowspec::playout` draws
//! (so both engines play the same games), a fixed sample of positions, and
//! the perft counts that both must reproduce.

#![allow(dead_code)]

use sowspec::Hole;
use sowspec::{Machine, Position};
use sowspec_reference::{Engine, RajaPasu, Sadeqa, Side};
use std::path::Path;

/// The games benched: name, rules file, one round only.
pub const GAMES: [(&str, &str, bool); 4] = [
    ("raja_pasu_round", "raja_pasu.rules", true),
    ("raja_pasu", "raja_pasu.rules", false),
    ("sadeqa3", "sadeqa3.rules", false),
    ("sadeqa3_4seed", "sadeqa3_4seed.rules", false),
];

/// The names of [`GAMES`], for divan's `args`.
pub const NAMES: [&str; 4] = ["raja_pasu_round", "raja_pasu", "sadeqa3", "sadeqa3_4seed"];

fn game(name: &str) -> (&'static str, &'static str, bool) {
    *GAMES.iter().find(|g| g.0 == name).unwrap_or_else(|| panic!("no game {name}"))
}

/// The source of a rules file.
pub fn source(rules: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("rules").join(rules)).unwrap()
}

/// The interpreter for a game.
pub fn machine(name: &str) -> Machine {
    let (_, rules, one_round) = game(name);
    Machine::new(sowspec::check(&source(rules)).unwrap()).with_one_round(one_round)
}

/// A reference engine.
#[derive(Clone)]
pub enum Reference {
    Raja(RajaPasu),
    Sadeqa(Sadeqa),
}

impl Reference {
    /// The reference engine of a game, at the start.
    pub fn new(name: &str) -> Reference {
        match game(name) {
            (_, "raja_pasu.rules", one_round) => Reference::Raja(RajaPasu::new(one_round)),
            (_, "sadeqa3.rules", _) => Reference::Sadeqa(Sadeqa::new(6)),
            _ => Reference::Sadeqa(Sadeqa::new(4)),
        }
    }

    #[inline]
    pub fn legal_mask(&self) -> u32 {
        match self {
            Reference::Raja(e) => e.legal_mask(),
            Reference::Sadeqa(e) => e.legal_mask(),
        }
    }

    #[inline]
    pub fn play(&mut self, hole: u8) {
        match self {
            Reference::Raja(e) => e.play(usize::from(hole)),
            Reference::Sadeqa(e) => e.play(usize::from(hole)),
        }
    }

    /// `Some(winner)` once over, `None` for a draw inside.
    pub fn result(&self) -> Option<Option<Side>> {
        match self {
            Reference::Raja(e) => e.result(),
            Reference::Sadeqa(e) => e.result(),
        }
    }
}

/// Set bit `k` of `mask`, counting from bit 0 (as `sowspec::playout` picks).
#[inline]
pub fn nth_bit(mut mask: u32, k: u32) -> u8 {
    for _ in 0..k {
        mask &= mask - 1;
    }
    mask.trailing_zeros() as u8
}

/// Totals of reference playouts.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Totals {
    pub games: u64,
    pub moves: u64,
    pub wins: [u64; 2],
    pub draws: u64,
}

/// `games` uniform random playouts on a reference engine, game `i` seeded
/// as `sowspec::playout` seeds it: the same games the interpreter plays.
pub fn reference_playouts(start: &Reference, games: u64, seed: u64) -> Totals {
    let mut t = Totals::default();
    for g in 0..games {
        let mut rng = fastrand::Rng::with_seed(sowspec::playout::game_seed(seed, g));
        let mut e = start.clone();
        loop {
            let legal = e.legal_mask();
            if legal == 0 {
                break;
            }
            e.play(nth_bit(legal, rng.u32(..legal.count_ones())));
            t.moves += 1;
        }
        t.games += 1;
        match e.result().expect("over") {
            Some(Side::South) => t.wins[0] += 1,
            Some(Side::North) => t.wins[1] += 1,
            None => t.draws += 1,
        }
    }
    t
}

/// Asserts that both engines played the same games.
pub fn assert_same(s: &sowspec::playout::Stats, t: &Totals) {
    assert_eq!((s.games, s.moves, s.wins, s.draws), (t.games, t.moves, t.wins, t.draws), "the engines disagree");
}

/// A fixed sample of mid-game positions, each with one legal move, on both
/// engines: every 3rd position of seeded random games.
pub fn sample(name: &str, size: usize) -> Vec<(Position, Reference, u8)> {
    let m = machine(name);
    let mut rng = fastrand::Rng::with_seed(0x5eed);
    let mut out = Vec::new();
    while out.len() < size {
        let mut pos = m.initial();
        let mut e = Reference::new(name);
        for ply in 0.. {
            // (The reference engines' boards are narrow: their moves fit 32 bits.)
            let legal = u32::try_from(pos.legal_mask()).expect("a narrow board's moves");
            assert_eq!(legal, e.legal_mask(), "{name}: the engines disagree on the legal moves");
            if legal == 0 || out.len() == size {
                break;
            }
            let hole = nth_bit(legal, rng.u32(..legal.count_ones()));
            if ply % 3 == 1 {
                out.push((pos.clone(), e.clone(), hole));
            }
            m.play_unchecked(&mut pos, Hole::at(hole));
            e.play(hole);
        }
    }
    out
}

/// Asserts the perft counts of `tests/data/perft/NAME.txt` from the initial
/// position, up to `depth`.
pub fn assert_perft(name: &str, depth: u32) {
    let m = machine(name);
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/perft").join(format!("{name}.txt"));
    let text = std::fs::read_to_string(&path).unwrap();
    let start = m.initial();
    let mut initial = false;
    let mut checked = 0;
    for line in text.lines() {
        if let Some(p) = line.strip_prefix("position ") {
            initial = p == "initial";
        } else if let (true, Some(rest)) = (initial, line.strip_prefix("perft ")) {
            let (d, n) = rest.split_once(' ').unwrap();
            let (d, n): (u32, u64) = (d.parse().unwrap(), n.parse().unwrap());
            if d <= depth {
                assert_eq!(sowspec::perft::perft(&m, &start, d), Ok(n), "{name}: perft {d}");
                checked += 1;
            }
        }
    }
    assert_eq!(checked, depth, "{name}: perft counts missing in {}", path.display());
}

/// Games per playout batch: about the same work for each game.
pub fn batch(name: &str) -> u64 {
    match name {
        "raja_pasu_round" => 2_000,
        "raja_pasu" => 50,
        _ => 300,
    }
}
