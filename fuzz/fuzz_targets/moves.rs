//! The `moves` target: see `sowspec_fuzz::moves::run` for its input and
//! invariants (shared with the stable test `tests/fuzz_corpus.rs`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sowspec_fuzz::moves::run(data));
