//! The `--from` position loader on arbitrary text, against every bundled
//! rules file. Invariants: it never panics; a position that is accepted is
//! sound (seeds conserved, legal moves up to date, the protocol round-trips)
//! and its player to move can move.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(doc) = sowspec_core::protocol::parse_position(text) else { return };
    for m in sowspec_fuzz::machines() {
        if let Ok(pos) = doc.to_position(m) {
            sowspec_fuzz::assert_sound(m, &pos);
            assert!(pos.to_move().is_none() || pos.legal_mask() != 0, "the player to move can move");
        }
    }
});
