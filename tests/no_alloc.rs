//! The playout loop does not touch the heap: a run of many games allocates
//! exactly as often as a run of two (the worker's buffers, once), so no
//! allocation happens per game or per move. Perft allocates once per
//! level of depth, not per node. Under a repetition rule (Oware) a game
//! keeps its history of positions, which grows as a buffer does: a few
//! allocations a game, not one a move.
//!
//! Counted with an instrumented global allocator; this file holds a single
//! test so that no other test allocates at the same time.

use sowspec::parallel::{run, Config};
use sowspec::Machine;
use stats_alloc::{Region, StatsAlloc, INSTRUMENTED_SYSTEM};
use std::alloc::System;

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

fn machine(file: &str, one_round: bool) -> Machine {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rules").join(file);
    let source = std::fs::read_to_string(path).unwrap();
    Machine::new(sowspec::check(&source).unwrap()).with_one_round(one_round)
}

/// `games` playouts of `m` (seed 11): their figures and the allocations they made.
fn playouts(m: &Machine, games: u64) -> (sowspec::playout::Stats, usize) {
    let region = Region::new(GLOBAL);
    let stats = run(m, &Config { games, seed: 11, ..Config::default() }, &|_| {}).stats;
    (stats, region.change().allocations)
}

#[test]
fn no_heap_allocation_per_game_or_move() {
    for (file, one_round, games) in [
        ("raja_pasu.rules", true, 300),
        ("raja_pasu.rules", false, 20),
        ("sadeqa3.rules", false, 200),
        ("sadeqa3_4seed.rules", false, 200),
    ] {
        let m = machine(file, one_round);
        let (few, few_allocs) = playouts(&m, 2);
        let (many, many_allocs) = playouts(&m, games);

        assert!(many.moves > 5 * few.moves, "{file}: {} moves against {}", many.moves, few.moves);
        assert_eq!(
            many_allocs, few_allocs,
            "{file} (one round: {one_round}): {games} games ({} moves) allocated {many_allocs} times, 2 games {few_allocs}",
            many.moves
        );

        // Perft: one set of buffers per level, none per node.
        let start = m.initial();
        let region = Region::new(GLOBAL);
        let nodes = sowspec::perft::perft(&m, &start, 4).expect("a position of this game");
        let allocs = region.change().allocations;
        assert!(nodes > 100, "{file}: perft 4 is {nodes}");
        assert!(allocs <= 2 * 4, "{file}: perft 4 allocated {allocs} times for {nodes} sequences");
    }
    a_repetition_history_allocates_a_few_times_a_game();
}

/// (Called from the one test: see the file's head.)
fn a_repetition_history_allocates_a_few_times_a_game() {
    let m = machine("oware_openspiel.rules", false);
    let games = 200;
    let (few, few_allocs) = playouts(&m, 2);
    let (many, many_allocs) = playouts(&m, games);
    let per_game = (many_allocs - few_allocs) as f64 / (games - 2) as f64;
    // A node for the game's first position after the start (shared by
    // every game), its buffer, and the buffer's doublings: 4, 8, … 512
    // positions for the longest games.
    let moves_per_game = many.moves as f64 / games as f64;
    assert!(moves_per_game > 50.0, "{moves_per_game} moves a game");
    assert!(per_game <= 12.0, "{per_game} allocations a game of {moves_per_game} moves");
    assert!(few.moves > 0);
}
