//! The fuzz targets' inputs and invariants, in one place that two builds
//! share: the libFuzzer targets (`fuzz_targets/*.rs`, each a one-line call
//! of a `run` function here) and the root workspace's stable test
//! `tests/fuzz_corpus.rs`, which includes this file with `#[path]` and runs
//! every seed of `seeds/<target>/` through the same `run`. So an invariant
//! that goes stale fails `cargo test`, not only a fuzzing session nobody
//! starts. Nothing here depends on libFuzzer; paths inside are `super::`,
//! never `crate::`, so the module tree works under either root.

pub mod fixture;
pub mod games;
pub mod mixed;
pub mod moves;
pub mod position;
pub mod rules;
pub mod sound;
