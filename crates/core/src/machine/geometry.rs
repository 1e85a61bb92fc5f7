//! The board as tables: which cell follows which on each player's sowing
//! track, which faces which, who owns each, and the rows of the board,
//! all read off the board's [`Layout`] (see `layout.rs` for the shapes).
//!
//! Cells: player `p`'s holes are cells `p * per_player ..`, in letter order
//! (`a` first); stores, if any, come last (South's, then North's). A store
//! follows its owner's holes on a track (with `circuits own`, each player
//! sows round their own row and store only).
//!
//! Whatever the layout, a player's sowing order in a direction is one fixed
//! cycle of cells: the compiled kernels lay it out as an array
//! (`lower.rs`'s `Track`) and play every layout here.

use crate::position::{Player, MAX_CELLS};
use crate::rules::{Board, Direction, Stores};

/// The cell tables of a board.
#[derive(Clone, Debug)]
pub(super) struct Geometry {
    /// Holes each player owns.
    pub per_player: u8,
    /// Cells in all, stores included.
    pub cells: u8,
    /// `next[p][c]`: the cell after `c` on player `p`'s track (for a cell
    /// off `p`'s track, the cell after it on its owner's track).
    pub next: [[u8; MAX_CELLS]; 2],
    /// `prev[p][c]`: the cell before `c`: after it on `p`'s track sown the
    /// other way (a clockwise track written out, under `direction chosen`).
    pub prev: [[u8; MAX_CELLS]; 2],
    /// `opposite[c]`: the cell facing `c` (C-4); a store faces the other store.
    pub opposite: [u8; MAX_CELLS],
    /// `inner[c]`, `outer[c]`: the hole of `c`'s owner in `c`'s column and
    /// their innermost (outermost) row there (`c` itself for a store).
    pub inner: [u8; MAX_CELLS],
    /// See [`Geometry::inner`].
    pub outer: [u8; MAX_CELLS],
    /// Bit `c`: hole `c` lies in its owner's inner row (on a board where a
    /// player owns more than one row).
    pub inner_row: u128,
    /// Bit `c`: hole `c` lies in its owner's outer row, there being another.
    pub outer_row: u128,
    /// `owner[c]`: whose row (or store) `c` is.
    pub owner: [Player; MAX_CELLS],
    /// The stores' cells, if the board has stores.
    pub stores: Option<[u8; 2]>,
    /// A cell of each player's track to lay it out from.
    pub track_start: [u8; 2],
}

impl Geometry {
    /// The tables of `board`, sown in `direction` (counterclockwise when the
    /// player chooses: `prev` is then the clockwise track).
    pub fn new(board: &Board, direction: Direction) -> Geometry {
        let layout = board.layout();
        let per_player = layout.per_player;
        let board_cells = 2 * per_player;
        let stores = (board.stores != Stores::None).then_some([board_cells, board_cells + 1]);
        let both = board.stores == Stores::Both;
        let cells = board_cells + if stores.is_some() { 2 } else { 0 };
        let own = |c: u8| if c < per_player { Player::South } else { Player::North };

        let mut owner = [Player::South; MAX_CELLS];
        let mut opposite = [0u8; MAX_CELLS];
        let (mut inner, mut outer) = ([0u8; MAX_CELLS], [0u8; MAX_CELLS]);
        let (mut inner_row, mut outer_row) = (0u128, 0u128);
        let deepest = board.rows_a_player() - 1;
        for c in 0..cells {
            let i = usize::from(c);
            (inner[i], outer[i]) = (c, c);
            if c < board_cells {
                owner[i] = own(c);
                opposite[i] = layout.opposite[i];
                (inner[i], outer[i]) = (layout.inner[i], layout.outer[i]);
                if deepest > 0 && layout.depth[i] == deepest {
                    inner_row |= 1 << c;
                }
                if deepest > 0 && layout.depth[i] == 0 {
                    outer_row |= 1 << c;
                }
            }
        }
        // A circle's owners (`owners`): North's holes are North's cells
        // here; a hole nobody owns stays South's in this table and is
        // kept out of every row by `Board::nobodys`.
        if let Some([_, north]) = board.owners {
            for c in 0..per_player.min(64) {
                if north >> c & 1 != 0 {
                    owner[usize::from(c)] = Player::North;
                }
            }
        }
        if let Some([s, n]) = stores {
            owner[usize::from(n)] = Player::North;
            opposite[usize::from(s)] = n;
            opposite[usize::from(n)] = s;
        }

        // Each track in sowing order: the layout's, turned round when sown
        // clockwise, with each store after its owner's holes (`stores
        // sown_right` sown clockwise: after the other player's holes). A
        // player's track leaves out the other's store unless both are sown.
        let reverse = direction == Direction::Clockwise;
        let right = board.stores == Stores::SownRight && reverse;
        let tracks: [Vec<u8>; 2] = Player::BOTH.map(|p| {
            let mut track = layout.tracks[p.index()].clone();
            if reverse {
                track.reverse();
            }
            let Some(s) = stores else { return track };
            // A track of one player's holes (their own circuit) ends its
            // block at its last hole; its store follows, then with `stores
            // both` the other's.
            let single = track.iter().all(|&d| own(d) == own(track[0]));
            let mut with = Vec::with_capacity(track.len() + 2);
            for (k, &c) in track.iter().enumerate() {
                with.push(c);
                let q = own(c);
                if single && k + 1 == track.len() {
                    with.push(s[q.index()]);
                    if both {
                        with.push(s[q.other().index()]);
                    }
                } else if !single && own(track[(k + 1) % track.len()]) != q {
                    let store = s[if right { q.other() } else { q }.index()];
                    if store == s[p.index()] || both {
                        with.push(store);
                    }
                }
            }
            with
        });
        // The tracks the other way round: each turned round, unless a
        // player's clockwise track is written out (`direction chosen` only).
        let backward: [Vec<u8>; 2] = Player::BOTH.map(|p| match &board.clockwise[p.index()] {
            Some(written) if !reverse => written.clone(),
            _ => tracks[p.index()].iter().rev().copied().collect(),
        });
        let mut next = [[0u8; MAX_CELLS]; 2];
        let mut prev = [[0u8; MAX_CELLS]; 2];
        let follow = |table: &mut [u8; MAX_CELLS], track: &[u8]| {
            for (i, &c) in track.iter().enumerate() {
                table[usize::from(c)] = track[(i + 1) % track.len()];
            }
        };
        for p in Player::BOTH {
            // A cell off p's track follows the other player's track, or
            // for a foreign store, the cell facing it.
            for q in [p.other(), p] {
                follow(&mut next[p.index()], &tracks[q.index()]);
                follow(&mut prev[p.index()], &backward[q.index()]);
            }
            if let Some(f) = stores.filter(|_| !both).map(|s| s[p.other().index()]) {
                let o = usize::from(opposite[usize::from(f)]);
                next[p.index()][usize::from(f)] = next[p.index()][o];
                prev[p.index()][usize::from(f)] = prev[p.index()][o];
            }
        }
        // Cell 0 where it is on the track (S.a, on both tracks of a shared
        // circuit), else the track's first hole.
        let track_start = Player::BOTH.map(|p| {
            let track = &layout.tracks[p.index()];
            if track.contains(&0) {
                0
            } else {
                track[0]
            }
        });
        Geometry {
            per_player,
            cells,
            next,
            prev,
            opposite,
            inner,
            outer,
            inner_row,
            outer_row,
            owner,
            stores,
            track_start,
        }
    }
}
