//! MancalaGames' `no_sides = true`: both players may move from any hole of
//! either row (its `AllowableNoSidesTriples`), while each row still belongs
//! to its side: captures go to the mover's store, `capt_side` reads rows
//! as usual. With no passes (MancalaGames refuses `mustpass` and
//! `mustshare` here), a player with no move ends the game, and the seeds
//! left on the board count for nobody (its `TakeOnlyChildNStores`, which
//! counts only stores and children).
//!
//! Written as `lift from both_rows`: a player's move letters run on past
//! their row into the other one (on 5-hole rows South's `f` is N.a), and
//! `no_moves keeping board`.

use super::Out;

/// Most holes a row may have: the move letters of both rows stop at `p`.
const MAX_HOLES: i64 = 8;

/// What `no_sides = true` writes.
pub(super) struct NoSides {
    /// Between `lift` and `when`.
    pub from: &'static str,
    /// Added to the `lift` line's comment.
    pub why: &'static str,
    /// What follows `no_moves`, replacing `unclaimed`'s.
    pub unclaimed: String,
}

/// `no_sides`' declarations, or `None` at its default (false). Refused on
/// rows of more than 8 holes.
pub(super) fn no_sides(out: &mut Out) -> Option<NoSides> {
    if out.int("no_sides", 0) == 0 {
        return None;
    }
    if out.cfg.holes > MAX_HOLES {
        out.unsupported("no_sides", "moves from either row on rows of more than 8 holes (move letters stop at `p`)");
        return None;
    }
    Some(NoSides {
        from: "from both_rows ",
        why: ", no_sides = true: any hole of either row",
        unclaimed: "keeping board   # no_sides = true: the seeds left count for nobody (only stores and children score)"
            .to_string(),
    })
}
