//! The `mixed` target: see `sowspec_fuzz::mixed::run` for its input and
//! invariants (shared with the stable test `tests/fuzz_corpus.rs`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sowspec_fuzz::mixed::run(data));
