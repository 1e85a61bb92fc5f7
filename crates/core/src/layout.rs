//! The board as data: where each hole lies (rows seen from above), each
//! player's track (the cyclic order they sow in), and which hole faces
//! which. A rules file's `board { rows N holes M }` is a short form that
//! expands to a [`Layout`]; `track PLAYER …` statements then change a
//! player's track, and `facing "S.a N.f, …"` which hole faces which. The machine's tables (`machine/geometry.rs`) and every
//! picture of the board (the renderer, traces, the JSON protocol) read it.
//!
//! Cells: player `p`'s holes are cells `p * per_player ..`, in letter order
//! (`a` first); stores, if any, come after every hole. A player's letters
//! follow their own counterclockwise track from `a`, so that `a` is where a
//! counterclockwise sowing enters the player's holes.
//!
//! | rows | a player owns | counterclockwise track (South's; North's the same turned round) |
//! |------|---------------|------------------------------------------------------------------|
//! | 1 | half the row (South the left half, North the right) | along the row, left to right, and round |
//! | 2 | their row | their row left to right, then the other row |
//! | 3 | their row and the right half of the middle row (from their seat) | their row left to right, their half of the middle row right to left, then the other's holes the same way from their seat (Ludii's Gabata and Rab'e track) |
//! | 4, 6 | two (three) rows | their own rows only, outer row left to right, back along the next, boustrophedon |
//! | 5 | two rows and the left half of the middle row (from their seat) | their own holes only, boustrophedon: outer row left to right, inner row back, their half of the middle row from its end inwards, then back to `a` |
//! | `circle N` | nothing (the circle's holes are South's cells; North's are never used) | round the circle from `a`, drawn as an oval: `a` onwards along the bottom, back along the top |

use crate::position::Player;
use crate::rules::{Board, Stores};

/// Most rows a board can have.
pub const MAX_ROWS: u8 = 6;

/// Where each hole lies, each player's track and the facing relation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Holes each player owns.
    pub per_player: u8,
    /// The rows as seen from above with South at the bottom, top row first,
    /// each hole's cell from left to right.
    pub grid: Vec<Vec<u8>>,
    /// Each player's track over the holes (no stores), in the order they
    /// sow counterclockwise; clockwise is the same cycle the other way.
    pub tracks: [Vec<u8>; 2],
    /// `opposite[c]`: the hole facing hole `c` (C-4): the other player's
    /// hole in `c`'s column at the same depth from their edge, or if the
    /// other player has none there, their hole in the column nearest to `c`.
    /// On one row, the hole as far from the row's right end as `c` is from
    /// its left.
    pub opposite: Vec<u8>,
    /// `depth[c]`: how many of its owner's rows lie between hole `c` and
    /// its owner's edge of the board (0: the outer row).
    pub depth: Vec<u8>,
    /// `inner[c]` and `outer[c]`: the hole of `c`'s owner in `c`'s column
    /// in their innermost (outermost) row; `c` itself where the owner has
    /// only one row there.
    pub inner: Vec<u8>,
    /// See [`Layout::inner`].
    pub outer: Vec<u8>,
}

impl Board {
    /// The short form `rows` × `holes`: no stores, and each player's
    /// track the shape's own.
    pub fn new(rows: u8, holes: u8) -> Board {
        Board {
            rows,
            holes,
            stores: Stores::None,
            own_circuits: false,
            tracks: [None, None],
            reversed: [false; 2],
            clockwise: [None, None],
            circle: false,
            facing: None,
        }
    }

    /// Holes each player owns.
    pub fn per_player(&self) -> u8 {
        if self.circle {
            // The circle's holes stand in South's cells; North's are never
            // on the board (see `shape`'s circle).
            return self.holes;
        }
        match self.rows {
            1 => self.holes / 2,
            3 => self.holes + self.holes / 2,
            5 => 2 * self.holes + self.holes / 2,
            rows => self.holes * (rows / 2),
        }
    }

    /// Cells of the holes (stores not counted).
    pub fn hole_cells(&self) -> u8 {
        2 * self.per_player()
    }

    /// Cells of the board: the holes and the stores.
    pub fn cells(&self) -> usize {
        usize::from(self.hole_cells()) + if self.stores == Stores::None { 0 } else { 2 }
    }

    /// Rows each player owns part of, from their edge: what `inner` and
    /// `outer` can tell apart (1 on one or two rows).
    pub fn rows_a_player(&self) -> u8 {
        self.rows.div_ceil(2)
    }

    /// The board as data (see the module documentation).
    pub fn layout(&self) -> Layout {
        if self.circle {
            return circle(self.holes);
        }
        let mut l = shape(self.rows, self.holes);
        let pp = l.per_player;
        for p in Player::BOTH {
            if self.own_circuits {
                // `circuits own`: each player's own holes only.
                l.tracks[p.index()].retain(|&c| (c < pp) == (p == Player::South));
            }
            if let Some(track) = &self.tracks[p.index()] {
                l.tracks[p.index()].clone_from(track);
            }
            if self.reversed[p.index()] {
                l.tracks[p.index()].reverse();
            }
        }
        if let Some(facing) = &self.facing {
            // `facing`: the pairs written out in place of the shape's own.
            l.opposite.clone_from(facing);
        }
        l
    }
}

/// The layout of `circle N`: the `N` holes nobody owns are cells `0..N`
/// (where South's holes would be), both players' track runs round them in
/// letter order, and each hole faces itself (rules that read facing holes
/// are refused on a circle). Cells `N..2N`, North's on other shapes, are on
/// no track and always empty: positions keep the same cell numbering as on
/// every other shape, and the protocol and the renderer leave them out.
fn circle(holes: u8) -> Layout {
    let cells: Vec<u8> = (0..holes).collect();
    let all: Vec<u8> = (0..2 * holes).collect();
    // Drawn as an oval from above: `a` onwards along the bottom left to
    // right, then back along the top (counterclockwise round).
    let bottom = holes.div_ceil(2);
    Layout {
        per_player: holes,
        grid: vec![(bottom..holes).rev().collect(), (0..bottom).collect()],
        tracks: [cells.clone(), cells],
        opposite: all.clone(),
        depth: vec![0; usize::from(2 * holes)],
        inner: all.clone(),
        outer: all,
    }
}

/// The layout of the short form `rows` × `holes` (see the module table).
fn shape(rows: u8, holes: u8) -> Layout {
    let h = holes;
    let half = h / 2;
    let (pp, grid) = match rows {
        1 => (half, vec![(0..h).collect::<Vec<u8>>()]),
        2 => (h, vec![(h..2 * h).rev().collect(), (0..h).collect()]),
        3 => {
            let pp = h + half;
            // North: the top row from its left (our right); its half of the
            // middle row from our left. South: its half from our right.
            let top = (0..h).rev().map(|i| pp + i).collect();
            let middle = (0..half).map(|j| pp + h + j).chain((0..half).rev().map(|j| h + j)).collect();
            (pp, vec![top, middle, (0..h).collect()])
        }
        5 => {
            // Two rows each, boustrophedon as on four rows, then the left
            // half of the middle row from the owner's seat, from its end
            // inwards: South's from our left, North's from our right.
            let pp = 2 * h + half;
            let north = |i: u8| pp + i;
            let middle = (0..half).map(|j| 2 * h + j).chain((0..half).rev().map(|j| north(2 * h + j))).collect();
            let grid = vec![
                (0..h).rev().map(north).collect(),
                (h..2 * h).map(north).collect(),
                middle,
                (h..2 * h).rev().collect(),
                (0..h).collect(),
            ];
            (pp, grid)
        }
        _ => {
            // Each player's rows from their edge inwards, boustrophedon:
            // row k runs left to right (from the owner's seat) when k is even.
            let k = rows / 2;
            let pp = h * k;
            let own_row = |p: Player, depth: u8| -> Vec<u8> {
                let first = if p == Player::South { 0 } else { pp } + depth * h;
                let row: Vec<u8> = (first..first + h).collect();
                // As seen from above: South's even rows left to right, North's turned round.
                if depth.is_multiple_of(2) == (p == Player::South) {
                    row
                } else {
                    row.into_iter().rev().collect()
                }
            };
            let mut grid: Vec<Vec<u8>> = (0..k).map(|d| own_row(Player::North, d)).collect();
            grid.extend((0..k).rev().map(|d| own_row(Player::South, d)));
            (pp, grid)
        }
    };
    let cells = 2 * pp;
    let owner = |c: u8| if c < pp { Player::South } else { Player::North };
    let tracks = match rows {
        // One cycle round the whole board, both players the same way.
        1..=3 => [(0..cells).collect(), (pp..cells).chain(0..pp).collect()],
        // Each player round their own holes only.
        _ => Player::BOTH.map(|p| (0..pp).map(|i| if p == Player::South { i } else { pp + i }).collect()),
    };
    // Each hole's place: (row from the top, column from the left).
    let mut place = vec![(0usize, 0usize); usize::from(cells)];
    for (r, row) in grid.iter().enumerate() {
        for (x, &c) in row.iter().enumerate() {
            place[usize::from(c)] = (r, x);
        }
    }
    let at = |r: usize, x: usize| grid.get(r).and_then(|row| row.get(x)).copied();
    let last = grid.len() - 1;
    // A hole's depth: its owner's rows between it and their edge.
    let depth: Vec<u8> = (0..cells)
        .map(|c| {
            let (r, x) = place[usize::from(c)];
            let p = owner(c);
            let rows_before: Box<dyn Iterator<Item = usize>> =
                if p == Player::South { Box::new(r + 1..=last) } else { Box::new(0..r) };
            rows_before.filter(|&q| at(q, x).is_some_and(|d| owner(d) == p)).count() as u8
        })
        .collect();
    let column = |c: u8| -> Vec<u8> {
        let x = place[usize::from(c)].1;
        (0..=last).filter_map(|r| at(r, x)).collect()
    };
    let opposite = (0..cells)
        .map(|c| {
            if rows == 1 {
                let x = place[usize::from(c)].1;
                return grid[0][usize::from(h) - 1 - x];
            }
            let p = owner(c);
            let theirs: Vec<u8> = column(c).into_iter().filter(|&d| owner(d) != p).collect();
            let same = theirs.iter().copied().find(|&d| depth[usize::from(d)] == depth[usize::from(c)]);
            let r = place[usize::from(c)].0;
            let nearest = theirs.iter().copied().min_by_key(|&d| place[usize::from(d)].0.abs_diff(r));
            same.or(nearest).unwrap_or(c)
        })
        .collect();
    let extreme = |c: u8, innermost: bool| -> u8 {
        let mine = column(c).into_iter().filter(|&d| owner(d) == owner(c));
        let pick = |d: &u8| depth[usize::from(*d)];
        if innermost { mine.max_by_key(pick) } else { mine.min_by_key(pick) }.unwrap_or(c)
    };
    let inner = (0..cells).map(|c| extreme(c, true)).collect();
    let outer = (0..cells).map(|c| extreme(c, false)).collect();
    Layout { per_player: pp, grid, tracks, opposite, depth, inner, outer }
}

#[cfg(test)]
mod tests {
    use crate::rules::Board;

    fn board(rows: u8, holes: u8) -> Board {
        Board::new(rows, holes)
    }

    /// Cells named as in traces: `S.a` is 0.
    fn names(pp: u8, cells: &[u8]) -> String {
        let name = |c: u8| {
            let (p, i) = if c < pp { ('S', c) } else { ('N', c - pp) };
            format!("{p}.{}", char::from(b'a' + i))
        };
        cells.iter().map(|&c| name(c)).collect::<Vec<_>>().join(" ")
    }

    #[test]
    fn two_rows_as_before() {
        let l = board(2, 6).layout();
        assert_eq!(names(6, &l.grid[0]), "N.f N.e N.d N.c N.b N.a");
        assert_eq!(names(6, &l.grid[1]), "S.a S.b S.c S.d S.e S.f");
        // C-4: S.a faces N.f, S.c faces N.d.
        assert_eq!(names(6, &[l.opposite[0], l.opposite[2], l.opposite[6]]), "N.f N.d S.f");
        assert_eq!(names(6, &l.tracks[1][..7]), "N.a N.b N.c N.d N.e N.f S.a");
    }

    #[test]
    fn four_rows_as_before() {
        let l = board(4, 4).layout();
        // North's outer row on top, from its left (our right); inner rows in the middle.
        let rows: Vec<String> = l.grid.iter().map(|r| names(8, r)).collect();
        assert_eq!(rows, ["N.d N.c N.b N.a", "N.e N.f N.g N.h", "S.h S.g S.f S.e", "S.a S.b S.c S.d"]);
        // Outer faces outer, inner faces inner, in the same column.
        assert_eq!(names(8, &[l.opposite[0], l.opposite[7]]), "N.d N.e");
        assert_eq!(names(8, &[l.inner[0], l.outer[7], l.inner[7]]), "S.h S.a S.h");
        assert_eq!(l.depth[..8], [0, 0, 0, 0, 1, 1, 1, 1]);
    }

    #[test]
    fn three_rows() {
        // Rab'e's board (Ludii's track): South owns A1–F1 and D2–F2.
        let l = board(3, 6).layout();
        assert_eq!(l.per_player, 9);
        let rows: Vec<String> = l.grid.iter().map(|r| names(9, r)).collect();
        assert_eq!(rows, ["N.f N.e N.d N.c N.b N.a", "N.g N.h N.i S.i S.h S.g", "S.a S.b S.c S.d S.e S.f"]);
        // A1 → F1, F2 → D2, F3 → A3, A2 → C2, round; North the same from their seat.
        assert_eq!(names(9, &l.tracks[0]), "S.a S.b S.c S.d S.e S.f S.g S.h S.i N.a N.b N.c N.d N.e N.f N.g N.h N.i");
        // A1 faces A3 (the other's outer row), A1's column holds A2 (North's) too.
        assert_eq!(names(9, &[l.opposite[0], l.opposite[9 + 6]]), "N.f S.a");
        // D2 (South's middle, S.i) faces D3 (North has no middle hole there).
        assert_eq!(names(9, &[l.opposite[8]]), "N.c");
        assert_eq!(names(9, &[l.inner[3], l.outer[8], l.inner[0]]), "S.i S.d S.a");
    }

    #[test]
    fn one_and_six_rows() {
        let l = board(1, 6).layout();
        assert_eq!(names(3, &l.grid[0]), "S.a S.b S.c N.a N.b N.c");
        assert_eq!(names(3, &[l.opposite[0], l.opposite[2]]), "N.c N.a");
        let l = board(6, 3).layout();
        let rows: Vec<String> = l.grid.iter().map(|r| names(9, r)).collect();
        assert_eq!(rows, ["N.c N.b N.a", "N.d N.e N.f", "N.i N.h N.g", "S.g S.h S.i", "S.f S.e S.d", "S.a S.b S.c"]);
        assert_eq!(names(9, &[l.inner[0], l.outer[8], l.opposite[4]]), "S.g S.c N.e");
    }

    #[test]
    fn five_rows() {
        // Two rows each and half the middle row: 2 × 6 + 3 = 15 holes a player.
        let l = board(5, 6).layout();
        assert_eq!(l.per_player, 15);
        let rows: Vec<String> = l.grid.iter().map(|r| names(15, r)).collect();
        assert_eq!(
            rows,
            [
                "N.f N.e N.d N.c N.b N.a",
                "N.g N.h N.i N.j N.k N.l",
                "S.m S.n S.o N.o N.n N.m",
                "S.l S.k S.j S.i S.h S.g",
                "S.a S.b S.c S.d S.e S.f",
            ]
        );
        // Each player round their own holes, in letter order.
        assert_eq!(l.tracks[0], (0..15).collect::<Vec<u8>>());
        assert_eq!(l.tracks[1], (15..30).collect::<Vec<u8>>());
        // Outer faces outer; the middle row faces the other's inner row.
        assert_eq!(names(15, &[l.opposite[0], l.opposite[6], l.opposite[12], l.opposite[15 + 12]]), "N.f N.l N.g S.g");
        assert_eq!(l.depth[12], 2);
        assert_eq!(names(15, &[l.inner[0], l.inner[5], l.outer[12]]), "S.m S.g S.a");
    }

    #[test]
    fn facing_written_out() {
        // Each of South's holes faces North's hole with the same letter.
        let facing = (0..12).map(|c| (c + 6) % 12).collect();
        let l = Board { facing: Some(facing), ..board(2, 6) }.layout();
        assert_eq!(names(6, &[l.opposite[0], l.opposite[7]]), "N.a S.b");
    }

    #[test]
    fn a_circle() {
        let l = Board { circle: true, ..board(1, 7) }.layout();
        assert_eq!(l.per_player, 7);
        // g f e over a b c d: counterclockwise round from `a`.
        assert_eq!(l.grid, [vec![6, 5, 4], vec![0, 1, 2, 3]]);
        assert_eq!(l.tracks[0], l.tracks[1]);
        assert_eq!(l.tracks[1], [0, 1, 2, 3, 4, 5, 6]);
    }
}
