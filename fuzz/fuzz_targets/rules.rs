//! The `rules` target: see `sowspec_fuzz::rules::run` for its input and
//! invariants (shared with the stable test `tests/fuzz_corpus.rs`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sowspec_fuzz::rules::run(data));
