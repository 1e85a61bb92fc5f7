//! MancalaGames' `moveunlock` (its locked holes: `Mancala.unlocked`, the
//! drawer's `MarkUnlock`, the capture checks' `CaptUnlocked`): every hole
//! starts locked, at each round's start too (`init_bprops`, called by
//! `NewRound`), and a move unlocks the hole it lifts. A locked hole cannot
//! be captured: it fails the capture test of every capture that reads it
//! (`capt_ok` and `capt_check`), so it also ends a chain of captures.
//!
//! A mark (`memory`, which starts unset at every round's start as the locks
//! do) remembers the unlocked holes: `on move_start` sets it on the hole
//! lifted, and every captured hole's condition adds `unlocked(HOLE)`, where
//! the capture sides are written ([`capturable`]).
//!
//! Supported with the captures of `capt_type` 0 (basic and cross captures,
//! which test the captured hole with `capt_ok`) and no extra picks (which
//! MancalaGames limits to unlocked holes in its own way: PICKLASTSEEDS
//! counts and takes only those).

use super::Out;

/// Whether the configuration locks its holes (`moveunlock = true`).
fn locks(out: &mut Out) -> bool {
    out.int("moveunlock", 0) != 0
}

/// What a captured hole `h` must also be when holes are locked: unlocked.
/// Empty otherwise.
pub(super) fn capturable(out: &mut Out, h: &str) -> String {
    if locks(out) {
        format!(" and unlocked({h})")
    } else {
        String::new()
    }
}

/// The `memory` block's line and the `on move_start` rule unlocking the hole
/// lifted, for `moveunlock = true`; `None` without locks, or (recorded) with
/// captures whose locks are not written here.
pub(super) fn unlocks(out: &mut Out) -> Option<(String, String)> {
    if !locks(out) {
        return None;
    }
    if out.int("capt_type", 0) != 0 || out.int("pickextra", 0) != 0 {
        out.unsupported("moveunlock", "locked holes with capture types or extra picks other than basic and cross");
        return None;
    }
    Some((
        "  mark unlocked   # moveunlock = true: the holes moved from this round; every hole starts locked\n".into(),
        "# moveunlock = true: the hole lifted is unlocked; a locked hole is never captured\n\
         on move_start {\n  set unlocked(origin)\n}\n"
            .into(),
    ))
}

#[cfg(test)]
mod tests {
    use super::super::tests::{refused, rules};

    /// Bechi's captures: evens on both sides, a chain on in the sowing's
    /// direction; a locked hole is not taken and stops the chain.
    #[test]
    fn locked_holes_are_never_captured() {
        let text = rules(4, 6, ", \"moveunlock\": true, \"evens\": true, \"multicapt\": -1, \"capt_dir\": 1");
        assert!(text.contains("mark unlocked") && text.contains("# moveunlock = true: the holes moved"), "{text}");
        assert!(text.contains("on move_start {\n    set unlocked(origin)\n  }"), "{text}");
        assert!(
            text.contains(
                "on sowing_end when (landing in mover_row or landing in opponent_row) and unlocked(landing) and"
            ),
            "{text}"
        );
        assert!(
            text.contains(
                "sweep forward from landing while (hole in mover_row or hole in opponent_row) and unlocked(hole)"
            ),
            "{text}"
        );
        // Cross captures test the facing hole.
        let cross = rules(6, 4, ", \"moveunlock\": true, \"crosscapt\": 1");
        assert!(cross.contains("and unlocked(opposite(landing)) and count(opposite(landing)) > 0"), "{cross}");
        // Without locks, no mark.
        assert!(!rules(4, 6, ", \"evens\": true").contains("unlocked"));
    }

    #[test]
    fn locks_with_other_captures_are_refused() {
        assert_eq!(refused(", \"moveunlock\": true, \"capt_type\": 2, \"capt_dir\": 1"), ["moveunlock"]);
        assert_eq!(refused(", \"moveunlock\": true, \"capt_on\": [4], \"pickextra\": 3"), ["moveunlock"]);
    }
}
