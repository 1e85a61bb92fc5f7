//! The `fixture` target: see `sowspec_fuzz::fixture::run` for its input and
//! invariants (shared with the stable test `tests/fuzz_corpus.rs`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sowspec_fuzz::fixture::run(data));
