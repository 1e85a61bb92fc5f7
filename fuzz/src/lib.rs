//! Shared pieces of the fuzz targets: the bundled rules files and the
//! invariants every position must hold.

use sowspec_core::protocol::PositionDoc;
use sowspec_core::{Machine, Position};

/// A machine for every bundled rules file (`rules/*.rules` of the crate,
/// in name order) that checks, built once. Files that do not check are
/// skipped with a note, so that work in progress on one does not stop the
/// fuzzing of the others.
pub fn machines() -> &'static [Machine] {
    static MACHINES: std::sync::OnceLock<Vec<Machine>> = std::sync::OnceLock::new();
    MACHINES.get_or_init(|| {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../rules");
        let mut files: Vec<_> = std::fs::read_dir(dir)
            .expect("the bundled rules folder")
            .map(|e| e.expect("a folder entry").path())
            .filter(|p| p.extension().is_some_and(|e| e == "rules"))
            .collect();
        files.sort();
        let mut machines = Vec::new();
        for f in files {
            let text = std::fs::read_to_string(&f).expect("a readable rules file");
            match sowspec_core::check(&text) {
                Ok(rules) => machines.push(Machine::new(rules)),
                Err(d) => eprintln!("note: skipping {} ({} problems)", f.display(), d.len()),
            }
        }
        assert!(!machines.is_empty(), "no bundled rules file checks");
        machines
    })
}

/// Seeds on the board and held off it: what a position must conserve.
pub fn seeds(m: &Machine, pos: &Position) -> u64 {
    let doc = PositionDoc::of(m, pos);
    let board: i64 = doc.board.south.iter().chain(&doc.board.north).sum();
    (board + doc.captured.south + doc.captured.north) as u64
}

/// The invariants every position a machine hands out must hold: the seed
/// total, the legal mask recomputed afresh, and a lossless round trip
/// through the JSON protocol.
pub fn assert_sound(m: &Machine, pos: &Position) {
    assert_eq!(seeds(m, pos), u64::from(m.rules().total_seeds()), "seeds are conserved: {pos:?}");
    assert_eq!(pos.legal_mask(), m.legal_mask(pos), "the legal mask is up to date: {pos:?}");
    assert!(pos.legal_mask() < 1 << m.holes(), "legal moves are holes of the row: {pos:?}");
    assert_eq!(pos.to_move().is_none(), pos.result().is_some(), "over exactly when there is a result: {pos:?}");
    let doc = PositionDoc::of(m, pos);
    match doc.to_position(m) {
        Ok(back) => assert_eq!(back, pos.without_history(), "the protocol round-trips"),
        Err(e) => panic!("a position the machine made is refused by PositionDoc::to_position: {e}\n{pos:?}"),
    }
}
