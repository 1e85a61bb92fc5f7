//! The board as tables: which cell follows which on each player's sowing
//! track, which faces which, who owns each, and the rows of four-row boards.
//!
//! Cells: player `p`'s holes are cells `p * per_player ..`, in letter order
//! (`a` first); stores, if any, come last (South's, then North's). On two
//! rows a player's holes are their row, left to right from the owner's
//! seat, and both players sow round the whole board (with `circuits own`,
//! each round their own row and store only). On four rows a
//! player's holes run along their outer row left to right and back along
//! their inner row (letters `a`… then on), and each player sows round their
//! own two rows only.
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
    /// Holes in a row.
    pub row: u8,
    /// Cells in all, stores included.
    pub cells: u8,
    /// `next[p][c]`: the cell after `c` on player `p`'s track (for a cell
    /// off `p`'s track, the cell after it on its owner's track).
    pub next: [[u8; MAX_CELLS]; 2],
    /// `prev[p][c]`: the cell before `c`.
    pub prev: [[u8; MAX_CELLS]; 2],
    /// `opposite[c]`: the cell facing `c` (C-4); a store faces the other store.
    pub opposite: [u8; MAX_CELLS],
    /// `partner[c]`: on four rows, the cell of `c`'s owner in `c`'s column
    /// and the other row (`c` itself on two rows and for stores).
    pub partner: [u8; MAX_CELLS],
    /// `owner[c]`: whose row (or store) `c` is.
    pub owner: [Player; MAX_CELLS],
    /// The stores' cells, if the board has stores.
    pub stores: Option<[u8; 2]>,
    /// Whether each player sows round their own holes only (four rows, or
    /// `circuits own`).
    pub own_circuits: bool,
}

impl Geometry {
    /// The tables of `board`, sown in `direction` (counterclockwise when the
    /// player chooses: `prev` is then the clockwise track).
    pub fn new(board: &Board, direction: Direction) -> Geometry {
        let h = board.holes;
        let per_player = board.per_player();
        let four = board.rows == 4;
        let own_circuits = four || board.own_circuits;
        let board_cells = 2 * per_player;
        let stores = (board.stores != Stores::None).then_some([board_cells, board_cells + 1]);
        let both = board.stores == Stores::Both;
        let cells = board_cells + if stores.is_some() { 2 } else { 0 };
        let first = |p: Player| if p == Player::South { 0 } else { per_player };

        let mut owner = [Player::South; MAX_CELLS];
        let mut opposite = [0u8; MAX_CELLS];
        let mut partner = [0u8; MAX_CELLS];
        for c in 0..cells {
            partner[usize::from(c)] = c;
        }
        for p in Player::BOTH {
            for i in 0..per_player {
                let c = first(p) + i;
                owner[usize::from(c)] = p;
                if four {
                    // Own index i: outer row for i < h, inner row beyond.
                    let facing = if i < h { 3 * h - 1 - i } else { 5 * h - 1 - i };
                    opposite[usize::from(c)] = first(p.other()) + facing % per_player;
                    partner[usize::from(c)] = first(p) + (2 * h - 1 - i);
                } else {
                    opposite[usize::from(c)] = board_cells - 1 - c;
                }
            }
        }
        if let Some([s, n]) = stores {
            owner[usize::from(n)] = Player::North;
            opposite[usize::from(s)] = n;
            opposite[usize::from(n)] = s;
        }

        // Each track in sowing order. Two rows: each row in the direction of
        // travel, then its owner's store (a store follows its own row); a
        // player's track leaves out the other's store (unless both are sown).
        // Four rows: a
        // player's own holes only.
        let reverse = direction == Direction::Clockwise;
        // `stores sown_right` sown clockwise: each row is followed by the
        // store at the other row's right end (the other player's store).
        let right = board.stores == Stores::SownRight && reverse;
        let own = |p: Player| -> Vec<u8> {
            let row = (first(p)..first(p) + per_player).collect::<Vec<u8>>();
            if reverse {
                row.into_iter().rev().collect()
            } else {
                row
            }
        };
        let mut tracks: [Vec<u8>; 2] = [Vec::new(), Vec::new()];
        if four {
            tracks = Player::BOTH.map(own);
        } else if own_circuits {
            // `circuits own`: a player's row, then their store (and the
            // other's, when both are sown), as MancalaGames' NorthSouthCycle.
            tracks = Player::BOTH.map(|p| {
                let mut track = own(p);
                if let Some(s) = stores {
                    track.push(s[p.index()]);
                    if both {
                        track.push(s[p.other().index()]);
                    }
                }
                track
            });
        } else {
            let mut cycle = Vec::new();
            for p in Player::BOTH {
                cycle.extend(own(p));
                if let Some(s) = stores {
                    cycle.push(s[if right { p.other() } else { p }.index()]);
                }
            }
            for p in Player::BOTH {
                let foreign = stores.filter(|_| !both).map(|s| s[p.other().index()]);
                tracks[p.index()] = cycle.iter().copied().filter(|&c| Some(c) != foreign).collect();
            }
        }
        let mut next = [[0u8; MAX_CELLS]; 2];
        let mut prev = [[0u8; MAX_CELLS]; 2];
        for p in Player::BOTH {
            // A cell off p's track follows its owner's track (four rows), or
            // for a foreign store, the cell facing it (two rows).
            for q in [p.other(), p] {
                let track = &tracks[q.index()];
                for (i, &c) in track.iter().enumerate() {
                    next[p.index()][usize::from(c)] = track[(i + 1) % track.len()];
                    prev[p.index()][usize::from(c)] = track[(i + track.len() - 1) % track.len()];
                }
            }
            if let Some(f) = stores.filter(|_| !both).map(|s| s[p.other().index()]) {
                let o = usize::from(opposite[usize::from(f)]);
                next[p.index()][usize::from(f)] = next[p.index()][o];
                prev[p.index()][usize::from(f)] = prev[p.index()][o];
            }
        }
        Geometry { per_player, row: h, cells, next, prev, opposite, partner, owner, stores, own_circuits }
    }

    /// A cell on `p`'s track to lay it out from: cell 0 (South's hole `a`,
    /// on both tracks of a two-row board), or North's hole `a` where each
    /// player has their own circuit.
    pub fn track_start(&self, p: Player) -> u8 {
        if p == Player::North && self.own_circuits {
            self.per_player
        } else {
            0
        }
    }
}
