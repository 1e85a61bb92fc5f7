//! MancalaGames' `allow_rule = MOVE_ALL_HOLES_FIRST` (its `MoveAllFirst`,
//! with the drawer's `MarkUnlock`): every hole starts locked and a move
//! unlocks the hole it lifts; until all of the mover's holes are unlocked,
//! only a locked hole may be lifted (among those the other rules allow).
//! Locks limit the moves only, never the captures.
//!
//! A mark (`memory`) remembers the unlocked holes: `on move_start` sets it
//! on the hole lifted, and `lift when` allows a marked hole only once no
//! hole of the mover's row is unmarked. A mover whose locked holes cannot
//! be lifted has no move (MancalaGames' allowables are then all false).

use super::Out;

/// What the rules file gains for MOVE_ALL_HOLES_FIRST: the memory block,
/// the rule marking the hole lifted, and the `lift` condition.
pub(super) struct MoveAllFirst {
    /// The `memory` block's line, with its comment.
    pub memory: String,
    /// The `on move_start` rule unlocking the hole lifted.
    pub rule: String,
    /// The condition `lift when` adds, with its comment.
    pub lift: (String, String),
}

/// The declarations for `allow_rule = MOVE_ALL_HOLES_FIRST`; `None` for
/// other move filters, or (recorded) where it cannot be written: with moves
/// from both rows, whose holes MancalaGames counts on the whole board.
pub(super) fn move_all_first(out: &mut Out) -> Option<MoveAllFirst> {
    if out.int("allow_rule", 0) != 9 {
        return None;
    }
    if out.int("no_sides", 0) != 0 || out.int("moveunlock", 0) != 0 {
        out.unsupported("allow_rule", "MOVE_ALL_HOLES_FIRST with moves from both rows or locked captures");
        return None;
    }
    let says = out.says("allow_rule", 0);
    Some(MoveAllFirst {
        memory: format!("  mark unlocked   # {says}: the holes moved from this game\n"),
        rule: format!("# {says}: the hole lifted is unlocked\non move_start {{\n  set unlocked(origin)\n}}\n"),
        lift: (
            "(not unlocked(origin) or holes(mover_row, not unlocked(hole)) == 0)".into(),
            format!("{says}: a locked hole while the mover has one"),
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::super::tests::{refused, rules};

    /// Adji-boto's filter: a hole once moved from is barred until the mover
    /// has moved from every hole.
    #[test]
    fn each_hole_is_moved_from_before_any_again() {
        let text = rules(5, 10, ", \"allow_rule\": 9");
        assert!(text.contains("mark unlocked"), "{text}");
        assert!(text.contains("on move_start {\n    set unlocked(origin)\n  }"), "{text}");
        assert!(
            text.contains("(not unlocked(origin) or holes(mover_row, not unlocked(hole)) == 0)   # allow_rule"),
            "{text}"
        );
        assert!(refused(", \"allow_rule\": 9, \"no_sides\": true").contains(&"allow_rule".to_string()));
    }
}
