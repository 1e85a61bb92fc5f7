//! `start_pattern`: MancalaGames' start patterns (`src/fill_patterns.py`)
//! that set out a fixed layout, written as a `setup` of one number per hole.
//!
//! MancalaGames numbers the board's locations from South's leftmost hole
//! counterclockwise: location `i < holes` is South's hole `i` and location
//! `holes + i` North's hole `i`, each counted from its owner's left, as
//! sowspec's letters are. South starts (the driver's games), so the
//! patterns that turn the board round for the starter are read with South
//! as the starter.

use super::Out;

/// The `setup` declaration's value for `start_pattern` on a board of
/// `holes` a side with `seeds` a hole, with its comment, and the seeds it
/// sets out; `None` (recorded as unsupported) for a random or move-making
/// pattern, or one the board's size does not allow.
pub(super) fn setup(out: &mut Out, holes: i64, seeds: i64) -> Option<(String, i64)> {
    let pattern = out.int("start_pattern", 0);
    let said = out.says("start_pattern", 0);
    // MOVE_RIGHTMOST sets out every hole alike, then forces the opening (`opening.rs`).
    if pattern == 0 || pattern == 9 {
        let line = format!("seeds {seeds}   # game_constants.nbr_start = {seeds}, {said}");
        return Some((line, 2 * holes * seeds));
    }
    if pattern == 6 {
        return Some(super::random_start::setup(holes, seeds));
    }
    let Some(board) = layout(pattern, usize::try_from(holes).ok()?, u32::try_from(seeds).ok()?) else {
        out.unsupported("start_pattern", "start patterns set out at random, by a move or for other board sizes");
        return None;
    };
    let row = |cells: &[u32]| format!("[{}]", cells.iter().map(u32::to_string).collect::<Vec<_>>().join(", "));
    let (south, north) = board.split_at(board.len() / 2);
    let line = format!("seeds south {} north {}   # {said}", row(south), row(north));
    Some((line, board.iter().map(|&s| i64::from(s)).sum()))
}

/// The seeds of every location, South's holes first, for the fixed patterns
/// of `fill_patterns.py` with South starting; `None` for the others or when
/// the board is too small for the pattern.
fn layout(pattern: i64, holes: usize, seeds: u32) -> Option<Vec<u32>> {
    let cells = 2 * holes;
    // Every other location from `first` holds `seeds`.
    let every_other = |first: usize| (0..cells).map(|i| if i % 2 == first { seeds } else { 0 }).collect::<Vec<_>>();
    // One row's layout, the same for both.
    let both = |row: Vec<u32>| [row.clone(), row].concat();
    let board = match pattern {
        // GAMACHA: every other location from 2, then the prescribed first
        // move, the seeds of location `2·holes − dest − 1` moved to `dest`.
        1 if holes >= 3 => {
            let mut b: Vec<u32> = (0..cells).map(|i| if i >= 2 && i % 2 == 0 { seeds } else { 0 }).collect();
            let dest = 1 + 2 * ((holes - 1) / 4);
            let source = cells - dest - 1;
            b[dest] = b[source];
            b[source] = 0;
            b
        }
        // ALTERNATES.
        2 => every_other(1),
        // ALTS_WITH_1: alternates, North's second filled hole from the right
        // down to 1 seed and, with an even row, South's emptied.
        3 if holes >= 3 => {
            let mut b = every_other(1);
            b[holes + 3 - holes % 2] = 1;
            if holes.is_multiple_of(2) {
                b[holes - 3] = 0;
            }
            b
        }
        // CLIPPEDTRIPLES: 0, seeds, seeds, repeated, whole triples only.
        4 if holes >= 3 => both((0..holes).map(|i| if i % 3 != 0 && i < holes / 3 * 3 { seeds } else { 0 }).collect()),
        // TWOEMPTY: all but the two rightmost holes.
        5 if holes >= 4 => both((0..holes).map(|i| if i < holes - 2 { seeds } else { 0 }).collect()),
        // ALTS_SPLIT: alternates, a quarter of one player's rightmost seeds
        // moved across to the other's leftmost; with South starting the
        // board is then turned round, rows exchanged.
        7 if holes.is_multiple_of(2) => {
            let mut b = every_other(1);
            b[holes] += seeds / 4;
            b[holes - 1] -= seeds / 4;
            b.rotate_left(holes);
            b
        }
        // RIGHTMOST_PLUS_ONE: one more in each player's rightmost hole.
        8 => both((0..holes).map(|i| seeds + u32::from(i == holes - 1)).collect()),
        _ => return None,
    };
    Some(board)
}

#[cfg(test)]
mod tests {
    use super::layout;

    /// South's row, then North's.
    fn rows(pattern: i64, holes: usize, seeds: u32) -> (Vec<u32>, Vec<u32>) {
        let b = layout(pattern, holes, seeds).expect("a fixed pattern");
        (b[..holes].to_vec(), b[holes..].to_vec())
    }

    #[test]
    fn gamacha_is_the_hand_written_start() {
        // rules/gamacha.rules' setup, worked from fill_patterns.py by hand:
        // dest = 1 + 2·((12 − 1) / 4) = 5, source = 24 − 5 − 1 = 18 (N.g).
        assert_eq!(
            rows(1, 12, 4),
            (vec![0, 0, 4, 0, 4, 4, 4, 0, 4, 0, 4, 0], vec![4, 0, 4, 0, 4, 0, 0, 0, 4, 0, 4, 0])
        );
    }

    #[test]
    fn alternating_patterns() {
        assert_eq!(rows(2, 5, 3), (vec![0, 3, 0, 3, 0], vec![3, 0, 3, 0, 3]));
        // Even row: North's location 6 + 3 = 9 (N.d) holds 1, South's 6 − 3 = 3 (S.d) is emptied.
        assert_eq!(rows(3, 6, 5), (vec![0, 5, 0, 0, 0, 5], vec![0, 5, 0, 1, 0, 5]));
        // Odd row: location 5 + 3 − 1 = 7 (N.c) holds 1; South keeps its seeds.
        assert_eq!(rows(3, 5, 5), (vec![0, 5, 0, 5, 0], vec![5, 0, 1, 0, 5]));
        // A quarter of 8 moves from S.f (location 5) to N.a (6), then the rows change places.
        assert_eq!(rows(7, 6, 8), (vec![2, 8, 0, 8, 0, 8], vec![0, 8, 0, 8, 0, 6]));
    }

    #[test]
    fn row_patterns() {
        assert_eq!(rows(4, 7, 4), (vec![0, 4, 4, 0, 4, 4, 0], vec![0, 4, 4, 0, 4, 4, 0]));
        assert_eq!(rows(5, 5, 3), (vec![3, 3, 3, 0, 0], vec![3, 3, 3, 0, 0]));
        assert_eq!(rows(8, 4, 3), (vec![3, 3, 3, 4], vec![3, 3, 3, 4]));
    }

    #[test]
    fn random_and_moving_patterns_are_refused() {
        for pattern in [9, 10, 11, 12, 13] {
            assert_eq!(layout(pattern, 6, 4), None, "pattern {pattern}");
        }
        assert_eq!(layout(5, 3, 4), None, "TWOEMPTY needs 4 holes");
        assert_eq!(layout(7, 5, 4), None, "ALTS_SPLIT needs an even row");
    }
}
