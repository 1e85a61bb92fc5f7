//! Every fixture under `fixtures/` replays on sowspec's machine with every
//! expected position equal. Each fixture is its own snapshot, holding the
//! move-by-move trace summary, which guards against regressions (the
//! fixtures' expectations, not the snapshots, are the evidence).

use sowspec::conform::{verify, MachineEngine};
use sowspec::fixture::Fixture;
use sowspec::render;
use sowspec::Player;
use std::fmt::Write as _;

#[test]
fn fixtures() {
    let mut engine = MachineEngine::default();
    insta::glob!("../fixtures", "**/*.yaml", |path| {
        let loaded = Fixture::load(path).unwrap_or_else(|e| panic!("{e}"));
        let f = &loaded.fixture;
        let verdict = verify(&mut engine, &loaded);
        if let Some(failure) = &verdict.failure {
            panic!("{}: {}", path.display(), render::failure(failure, &f.moves));
        }
        assert_eq!(verdict.checked, f.expect.len(), "{}: every expectation is checked", path.display());

        let m = engine.machine(&loaded.rules_path, f.one_round).unwrap().clone();
        let total = m.rules().total_seeds();
        let trace = |m: &sowspec::Machine| {
            let mut pos = match &f.from {
                Some(doc) => m.position_from(doc).unwrap(),
                None => m.initial(),
            };
            let mut out = String::new();
            for (ply, mv) in f.moves.iter().enumerate() {
                let mover = pos.to_move().unwrap();
                let mut events = Vec::new();
                pos = m.play_traced(&pos, sowspec::Move::parse(mv).unwrap(), &mut events).unwrap();
                let on_board: u32 = (0..usize::from(2 * m.holes())).map(|c| u32::from(pos.seeds(c))).sum();
                let held: u32 = Player::BOTH.iter().map(|&p| m.captured(&pos, p)).sum();
                assert_eq!(on_board + held, total, "{}: seeds conserved after ply {}", path.display(), ply + 1);
                let _ = writeln!(out, "{:>4}. {} {mv}: {}", ply + 1, mover.letter(), render::summary(m, &events));
            }
            out
        };
        let first = trace(&m);
        assert_eq!(first, trace(&m), "{}: replaying twice gives the same trace", path.display());
        insta::assert_snapshot!(first);
    });
}
