//! `game_class = ZigZag` (its `zigzag.py`): the sowing crosses the board at
//! every step, back and forth, towards the centre line, and round one cycle
//! through every hole; each hole sows one fixed way along it.
//!
//! - The cycle (`ZigZagIncr.compute_cycle`, read as MancalaGames reads it:
//!   the order in which the holes are sown counterclockwise) is the written
//!   track of both players, `track PLAYER "…"`. On 6 holes: S.a, N.e, S.c,
//!   N.c, S.e, N.a, S.f, N.b, S.d, N.d, S.b, N.f, and round to S.a again.
//! - The direction (`ZigZagGetDir`): South's holes alternate from each end
//!   inwards, counterclockwise first (on 6 holes `b` and `e` sow clockwise,
//!   the others counterclockwise), North's the other way in each hole. Under
//!   `direction chosen`, `lift` keeps only that direction.
//! - A lone seed that crossed the centre line without capturing may not be
//!   sown straight back by the next player (`DontUndoMoveOne` with the two
//!   crossings at the centre, `{half - 1, holes + half - 1}` and `{half,
//!   holes + half}`): MancalaGames adds it whenever `min_move` is 1 and no
//!   hole is chosen (its test of an even row, `holes % 1`, always passes).
//!   Whether that move captured is read from a `memory` value, the seeds
//!   both players held when it began.
//!
//! MancalaGames' own rule test asks for `sow_direct = TOCENTER`, moves from
//! the board only and no stores sown; a row of odd length needs its middle
//! hole chosen, refused here.

use super::super::directions::Directions;
use super::Out;

/// The player's holes (1-based) that South sows clockwise (North
/// counterclockwise) on rows of `holes`: counting in from the nearer end,
/// the second, fourth, ….
fn turned(holes: i64) -> Vec<i64> {
    (0..holes).filter(|&i| if i < holes / 2 { i % 2 == 1 } else { (holes - 1 - i) % 2 == 1 }).map(|i| i + 1).collect()
}

/// MancalaGames' cells (South 0..holes from its `a`, North on from its
/// `a`) in the order sown counterclockwise (`compute_cycle`).
fn cycle(holes: i64) -> Vec<i64> {
    let dbl = 2 * holes;
    let mut cycle = vec![0; usize::try_from(dbl).unwrap_or(0)];
    for (idx, next) in cycle.iter_mut().enumerate() {
        let i = i64::try_from(idx).unwrap_or(0);
        *next = if i < holes - 1 {
            if i % 2 == 1 {
                i + 1
            } else {
                dbl - i - 2
            }
        } else if i == holes - 1 {
            if holes % 2 == 1 {
                holes
            } else {
                holes - 1
            }
        } else if i < dbl - 1 {
            if i % 2 == 1 {
                dbl - i - 2
            } else {
                i + 1
            }
        } else {
            0
        };
    }
    cycle
}

/// A cell as a written track names it.
fn cell(holes: i64, c: i64) -> String {
    let (side, i) = if c < holes { ('S', c) } else { ('N', c - holes) };
    format!("{side}.{}", u8::try_from(i64::from(b'a') + i).map_or('?', char::from))
}

/// `index(origin) == 2 or …` for the holes `of`.
fn any_index(of: &[i64]) -> String {
    let terms: Vec<String> = of.iter().map(|h| format!("index(origin) == {h}")).collect();
    format!("({})", terms.join(" or "))
}

/// What the rules file gains for the class.
pub(super) struct ZigZag {
    /// The board's track statements (each on its own line, indented).
    pub board: String,
    /// The `direction chosen` statement and its `lift` condition.
    pub directions: Directions,
    /// The `memory` block's line.
    pub memory: String,
    /// The rule keeping what was held as each move begins.
    pub rule: String,
    /// The condition `lift` adds against undoing a lone crossing seed.
    pub lift: Option<String>,
}

/// The class's board, directions and move filter on rows of `holes`;
/// `None` (recorded) where MancalaGames' own rules refuse it or the row is odd.
pub(super) fn zigzag(out: &mut Out, holes: i64) -> Option<ZigZag> {
    let mut ok = true;
    if out.int("sow_direct", 1) != 4 {
        out.unsupported("sow_direct", "ZigZag sown otherwise than TOCENTER (MancalaGames refuses it)");
        ok = false;
    }
    if out.int("sow_stores", 0) != 0 {
        out.unsupported("sow_stores", "ZigZag with stores sown (MancalaGames refuses it)");
        ok = false;
    }
    if holes % 2 == 1 || out.cfg.ints("udir_holes").map_or(true, |u| !u.is_empty()) {
        out.unsupported("udir_holes", "ZigZag on an odd row, or with holes whose direction is chosen");
        ok = false;
    }
    if !ok {
        return None;
    }
    let track: Vec<String> = cycle(holes).iter().map(|&c| cell(holes, c)).collect();
    let track = track.join(" ");
    let board = format!(
        "\n  track south \"{track}\"   # game_class = ZigZag: across the board at every step, towards the centre line\
         \n  track north \"{track}\"   # the same cycle for both players"
    );
    let turned = turned(holes);
    let t = any_index(&turned);
    let lift = format!(
        "(owner(origin) == south and ({t} and clockwise or not {t} and counterclockwise)\n\
         or owner(origin) == north and ({t} and counterclockwise or not {t} and clockwise))"
    );
    let why = format!(
        "sow_direct = TOCENTER, game_class = ZigZag: towards the centre line, South's {} clockwise, the others counterclockwise; North's the other way",
        turned.iter().map(|&h| cell(holes, h - 1)[2..].to_string()).collect::<Vec<_>>().join(", ")
    );
    let directions = Directions { word: "chosen", why, lift: Some(lift) };
    let no_undo = (out.int("min_move", 1) == 1).then(|| {
        let half = holes / 2;
        format!(
            "not (previous_lifted == 1 and count(origin) == 1 and previous_origin in opponent_row\n\
             and index(origin) == index(previous_origin) and (index(origin) == {half} or index(origin) == {})\n\
             and captured(mover) + captured(opponent) == held)",
            half + 1
        )
    });
    let (memory, rule) = if no_undo.is_some() {
        (
            "  value held   # game_class = ZigZag, min_move = 1: what both players held as the last move began; \
             a lone seed that crossed the centre line and captured nothing is not sown straight back\n"
                .to_string(),
            "# game_class = ZigZag: what both players hold as a move begins\n\
             on move_start {\n  set held to captured(mover) + captured(opponent)\n}\n"
                .to_string(),
        )
    } else {
        Default::default()
    };
    Some(ZigZag { board, directions, memory, rule, lift: no_undo })
}

#[cfg(test)]
mod tests {
    use super::super::tests::class_rules;
    use super::*;

    /// The rules for a ZigZag configuration with `info`, checked.
    fn zigzag_rules(holes: i64, info: &str) -> Result<String, Vec<String>> {
        class_rules("ZigZag", holes, 5, info)
    }

    #[test]
    fn the_cycle_crosses_at_every_step() {
        // MancalaGames' own list on 6 holes, as cells.
        assert_eq!(cycle(6), [10, 2, 8, 4, 6, 5, 7, 3, 9, 1, 11, 0]);
        let named: Vec<String> = cycle(6).iter().map(|&c| cell(6, c)).collect();
        assert_eq!(named.join(" "), "N.e S.c N.c S.e N.a S.f N.b S.d N.d S.b N.f S.a");
        // Every cell once, on any even row.
        for holes in [2, 4, 8, 14] {
            let mut c = cycle(holes);
            c.sort_unstable();
            assert_eq!(c, (0..2 * holes).collect::<Vec<_>>(), "{holes}");
        }
    }

    #[test]
    fn directions_alternate_from_each_end() {
        assert_eq!(turned(6), [2, 5]);
        assert_eq!(turned(8), [2, 4, 5, 7]);
        assert_eq!(turned(2), Vec::<i64>::new());
    }

    /// ZigZag's own configuration: 6 holes, laps on one's own side, cross captures.
    #[test]
    fn zigzag_is_written_with_its_track_directions_and_ban() {
        let text =
            zigzag_rules(6, ", \"sow_direct\": 4, \"mlaps\": 1, \"mlap_cont\": 3, \"crosscapt\": 1, \"capt_side\": 2")
                .unwrap();
        assert!(text.contains("track south \"N.e S.c N.c S.e N.a S.f N.b S.d N.d S.b N.f S.a\""), "{text}");
        assert!(text.contains("track north \"N.e S.c N.c S.e N.a S.f N.b S.d N.d S.b N.f S.a\""), "{text}");
        assert!(text.contains("direction chosen"), "{text}");
        assert!(
            text.contains("owner(origin) == south and ((index(origin) == 2 or index(origin) == 5) and clockwise"),
            "{text}"
        );
        assert!(text.contains("(index(origin) == 3 or index(origin) == 4)"), "{text}");
        assert!(
            text.contains("value held") && text.contains("set held to captured(mover) + captured(opponent)"),
            "{text}"
        );
        // With two seeds the least move, no ban and no memory.
        let two = zigzag_rules(6, ", \"sow_direct\": 4, \"min_move\": 2").unwrap();
        assert!(!two.contains("held") && !two.contains("previous_lifted"), "{two}");
    }

    #[test]
    fn what_mancalagames_refuses_is_refused() {
        assert_eq!(zigzag_rules(6, ", \"sow_direct\": 1"), Err(vec!["sow_direct".to_string()]));
        assert_eq!(zigzag_rules(5, ", \"sow_direct\": 4, \"udir_holes\": [2]"), Err(vec!["udir_holes".to_string()]));
    }
}
