//! MancalaGames' sowing directions (`sow_direct`, `udir_holes`) as a
//! `direction` statement and, when the direction depends on the hole or its
//! seeds, the condition that `lift` adds under `direction chosen`.
//!
//! MancalaGames decides a move's direction from the hole it starts in
//! (`udir_holes`, counted from the player's own left from 0: the player
//! chooses; `SPLIT`: the left half sows clockwise, the right half
//! counterclockwise; `TOCENTER` the reverse) or from its seeds
//! (`EVEN_ODD_DIR`: an odd count counterclockwise, an even one clockwise).
//! Under `direction chosen` each move carries its direction, and the `lift`
//! condition keeps only the direction MancalaGames would sow in.

/// The `direction` statement, its comment, and the condition `lift` adds
/// (none when every direction of every hole is legal).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Directions {
    /// `counterclockwise`, `clockwise` or `chosen`.
    pub word: &'static str,
    /// Which parameters decided it, for the comment.
    pub why: String,
    /// The condition on `origin` and `next(origin)` that `lift` adds.
    pub lift: Option<String>,
}

/// Whether a move from `origin` sows clockwise: its first step goes from
/// the first hole into the opponent's row, or back along the mover's row.
pub const CLOCKWISE: &str = "(next(origin) in opponent_row and index(origin) == 1\n\
                         or next(origin) in mover_row and index(next(origin)) < index(origin))";

/// The directions of `sow_direct` (MancalaGames' enum value) with the
/// player choosing in the holes `udir` (0 = the player's leftmost), on
/// rows of `holes`; `Err` says what cannot be expressed.
pub fn directions(sow_direct: i64, udir: &[i64], holes: i64) -> Result<Directions, String> {
    let name = match sow_direct {
        -1 => "CW",
        1 => "CCW",
        0 => "SPLIT",
        3 => "EVEN_ODD_DIR",
        4 => "TOCENTER",
        2 => return Err("directions fixed for the game by the first move (PLAYALTDIR)".into()),
        _ => return Err("an unknown direction".into()),
    };
    if udir.iter().any(|&h| !(0..holes).contains(&h)) {
        return Err("a chosen-direction hole off the board".into());
    }
    let mut chosen: Vec<i64> = udir.iter().map(|h| h + 1).collect();
    chosen.sort_unstable();
    chosen.dedup();
    let all_chosen = chosen.len() as i64 == holes;
    let why = if chosen.is_empty() {
        format!("sow_direct = {name}")
    } else {
        format!("sow_direct = {name}, udir_holes = {udir:?}: the player chooses in holes {}", letters(&chosen))
    };
    let fixed = match sow_direct {
        -1 | 1 if chosen.is_empty() => {
            let word = if sow_direct == 1 { "counterclockwise" } else { "clockwise" };
            return Ok(Directions { word, why, lift: None });
        }
        _ if all_chosen => None,
        -1 => Some(CLOCKWISE.to_string()),
        1 => Some(format!("not {CLOCKWISE}")),
        0 | 4 => {
            let half = holes / 2;
            if holes % 2 == 1 && !chosen.contains(&(half + 1)) {
                return Err("a middle hole with no direction (SPLIT or TOCENTER on an odd row needs it chosen)".into());
            }
            let (left, right) = if sow_direct == 0 {
                (CLOCKWISE.to_string(), format!("not {CLOCKWISE}"))
            } else {
                (format!("not {CLOCKWISE}"), CLOCKWISE.to_string())
            };
            Some(format!("index(origin) <= {half} and {left}\nor index(origin) > {} and {right}", holes - half))
        }
        _ => Some(format!("count(origin) % 2 == 1 and not {CLOCKWISE}\nor count(origin) % 2 == 0 and {CLOCKWISE}")),
    };
    let lift = fixed.map(|rule| {
        let free: Vec<String> = chosen.iter().map(|h| format!("index(origin) == {h}")).collect();
        let mut terms = free;
        terms.push(rule);
        format!("({})", terms.join("\nor "))
    });
    Ok(Directions { word: "chosen", why, lift })
}

/// Hole letters for comments: `a, c`.
fn letters(holes: &[i64]) -> String {
    holes
        .iter()
        .map(|&h| u8::try_from(h - 1 + i64::from(b'a')).map_or('?', char::from).to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_directions_need_no_choice() {
        assert_eq!(directions(1, &[], 6).unwrap().word, "counterclockwise");
        assert_eq!(
            directions(-1, &[], 6).unwrap(),
            Directions { word: "clockwise", why: "sow_direct = CW".into(), lift: None }
        );
    }

    #[test]
    fn chosen_holes_and_split_rows() {
        // Every hole chosen: no condition at all.
        let all = directions(1, &[0, 1, 2], 3).unwrap();
        assert_eq!((all.word, all.lift), ("chosen", None));
        // Hole c chosen, the others counterclockwise.
        let some = directions(1, &[2], 5).unwrap();
        let lift = some.lift.unwrap();
        assert!(lift.starts_with("(index(origin) == 3\nor not (next(origin)"), "{lift}");
        assert!(some.why.contains("holes c"), "{}", some.why);
        // SPLIT on 5: a, b clockwise; d, e counterclockwise; c chosen.
        let split = directions(0, &[2], 5).unwrap().lift.unwrap();
        assert!(split.contains("index(origin) <= 2 and (next(origin)"), "{split}");
        assert!(split.contains("index(origin) > 3 and not (next(origin)"), "{split}");
        // TOCENTER on 4: a, b counterclockwise; c, d clockwise.
        let center = directions(4, &[], 4).unwrap().lift.unwrap();
        assert!(center.contains("index(origin) <= 2 and not (next") && center.contains("index(origin) > 2 and (next"));
        // EVEN_ODD_DIR: odd counts counterclockwise.
        let parity = directions(3, &[], 6).unwrap().lift.unwrap();
        assert!(parity.contains("count(origin) % 2 == 1 and not (next"), "{parity}");
    }

    #[test]
    fn what_cannot_be_said() {
        assert!(directions(2, &[], 6).is_err());
        assert!(directions(0, &[], 5).unwrap_err().contains("middle"));
        assert!(directions(1, &[6], 6).is_err());
    }
}
