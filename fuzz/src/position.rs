//! The `position` target: the `--from` position loader on arbitrary text,
//! against every bundled game.

use super::games::games;
use super::sound::assert_sound;

/// `parse_position`, then `PositionDoc::to_position` for every bundled
/// game, never panic; a position that is accepted is sound, its player to
/// move can move, and every position one legal move away is sound.
pub fn run(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(doc) = sowspec_core::protocol::parse_position(text) else { return };
    for g in games() {
        let m = &g.machine;
        if let Ok(pos) = doc.to_position(m) {
            assert_sound(m, &pos);
            assert!(pos.to_move().is_none() || pos.legal_mask() != 0, "{}: the player to move can move", g.name);
            for mv in pos.legal_moves() {
                assert_sound(m, &m.play(&pos, mv).expect("a legal move plays"));
            }
        }
    }
}
