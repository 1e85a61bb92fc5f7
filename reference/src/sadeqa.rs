//! Sadeqa III (SQ-1..SQ-4), and Pankhurst's game 91 (the same with 4 seeds).

use crate::json::{self, View};
use crate::{compare_captured, illegal_move, Engine, Side, Winner, LAP_LIMIT};
use serde_json::Value;

/// Holes per row (SQ-1).
const ROW: usize = 8;
/// Holes on the track.
const HOLES: usize = 2 * ROW;

/// A Sadeqa III game (SQ-1..SQ-4): two rows of 8 holes, multi-lap relay
/// from the landing hole, capture of the opposite hole when the last seed
/// lands in an empty hole of the mover's row.
///
/// Track index `p` (C-3): South's hole `i` is `p = i`, North's hole `i` is
/// `p = 8 + i`; the hole opposite `p` (C-4) is `15 - p`.
#[derive(Clone, Debug)]
pub struct Sadeqa {
    board: [u8; HOLES],
    captured: [u32; 2],
    to_move: Side,
    /// `None` while the game goes on.
    over: Option<Winner>,
    seeds_per_hole: u8,
    /// Legal moves of `to_move` (C-6 already applied).
    legal: u32,
    /// For each legal hole: the board after the move ...
    after: [[u8; HOLES]; ROW],
    /// ... and the seeds the mover captured (SQ-3).
    gain: [u8; ROW],
}

/// Sows the move lifted from track index `start` on `board`, for `mover`
/// (0 = South, 1 = North). Returns the seeds captured, or `None` if the
/// sowing would need more than [`LAP_LIMIT`] laps (C-6); `board` is then
/// garbage.
#[inline]
fn sow(board: &mut [u8; HOLES], start: usize, mover: usize) -> Option<u8> {
    let mut pos = start;
    let mut hand = usize::from(board[pos]);
    board[pos] = 0;
    let mut laps = 1u32;
    loop {
        // One lap: `hand` seeds, one per hole from pos+1 on. Every full
        // turn of the track gives one seed to every hole, the emptied
        // origin included (C-5).
        let full = (hand / HOLES) as u8;
        if full != 0 {
            for b in board.iter_mut() {
                *b += full;
            }
        }
        for k in 1..=hand % HOLES {
            board[(pos + k) % HOLES] += 1;
        }
        let last = (pos + hand) % HOLES;
        let now = board[last];
        if now >= 2 {
            // SQ-2: the hole held seeds before the last drop: relay.
            if laps == LAP_LIMIT {
                return None;
            }
            laps += 1;
            hand = usize::from(now);
            board[last] = 0;
            pos = last;
        } else {
            // SQ-3: landed in an empty hole; capture the opposite hole if
            // the landing hole is in the mover's row.
            if last / ROW == mover {
                let opp = HOLES - 1 - last;
                let c = board[opp];
                board[opp] = 0;
                return Some(c);
            }
            return Some(0);
        }
    }
}

impl Sadeqa {
    /// The starting position (SQ-1) with `seeds_per_hole` seeds in each of
    /// the 16 holes: 6 for Sadeqa III, 4 for Pankhurst's game 91. South
    /// moves first (C-1).
    ///
    /// # Panics
    ///
    /// Panics if `seeds_per_hole > 15` (the board must hold at most 255
    /// seeds).
    pub fn new(seeds_per_hole: u8) -> Sadeqa {
        assert!(seeds_per_hole <= 15, "Sadeqa: at most 15 seeds a hole are supported");
        let mut g = Sadeqa {
            board: [seeds_per_hole; HOLES],
            captured: [0; 2],
            to_move: Side::South,
            over: None,
            seeds_per_hole,
            legal: 0,
            after: [[0; HOLES]; ROW],
            gain: [0; ROW],
        };
        g.begin_turn();
        g
    }

    /// Reads a position in the JSON protocol for the game with
    /// `seeds_per_hole` seeds a hole at the start. `legal` and `result` are
    /// ignored (they are derived); `round`, if present, must be 1 and
    /// `closed`, if present, must be empty. The seeds on the board plus the
    /// captured seeds must add up to `16 * seeds_per_hole` (C-9).
    ///
    /// If `to_move` is null the position is final and the winner is read off
    /// `captured` (C-8). If the player to move has no legal move, the game
    /// ends at once (C-7), so [`Engine::to_json`] then prints the final
    /// position.
    pub fn from_json(position: &Value, seeds_per_hole: u8) -> Result<Sadeqa, String> {
        let p = json::parse::<ROW>(position)?;
        if p.round != 1 {
            return Err(format!("Sadeqa III has no rounds, but round is {}", p.round));
        }
        if p.closed != [0, 0] {
            return Err("Sadeqa III has no closed holes".into());
        }
        let mut board = [0u8; HOLES];
        board[..ROW].copy_from_slice(&p.board[0]);
        board[ROW..].copy_from_slice(&p.board[1]);
        let on_board: u32 = board.iter().map(|&s| u32::from(s)).sum();
        let total = u64::from(on_board) + u64::from(p.captured[0]) + u64::from(p.captured[1]);
        if total != 16 * u64::from(seeds_per_hole) {
            return Err(format!("position holds {total} seeds, expected {} (C-9)", 16 * u32::from(seeds_per_hole)));
        }
        let mut g = Sadeqa {
            board,
            captured: p.captured,
            to_move: p.to_move.unwrap_or(Side::South),
            over: None,
            seeds_per_hole,
            legal: 0,
            after: [[0; HOLES]; ROW],
            gain: [0; ROW],
        };
        match p.to_move {
            Some(_) => g.begin_turn(),
            None => g.over = Some(compare_captured(g.captured)),
        }
        Ok(g)
    }

    /// Seeds a hole at the start (6 or 4).
    pub fn seeds_per_hole(&self) -> u8 {
        self.seeds_per_hole
    }

    /// The player to move, or `None` once the game is over.
    pub fn to_move(&self) -> Option<Side> {
        self.over.is_none().then_some(self.to_move)
    }

    /// The row of `side`, in its owner's left-to-right order (C-2).
    pub fn row(&self, side: Side) -> &[u8] {
        let s = side.index() * ROW;
        &self.board[s..s + ROW]
    }

    /// Seeds captured so far by `side`.
    pub fn captured(&self, side: Side) -> u32 {
        self.captured[side.index()]
    }

    /// `None` while the game goes on; once over, `Some(winner)` where the
    /// winner is `None` for a draw (C-8).
    pub fn result(&self) -> Option<Winner> {
        self.over
    }

    /// Start of a turn: simulate every candidate of the player to move
    /// (C-6), and end the game if there is none (C-7, SQ-4).
    fn begin_turn(&mut self) {
        let mover = self.to_move.index();
        let mut legal = 0u32;
        for i in 0..ROW {
            let p = mover * ROW + i;
            if self.board[p] == 0 {
                continue;
            }
            let mut b = self.board;
            if let Some(c) = sow(&mut b, p, mover) {
                legal |= 1 << i;
                self.after[i] = b;
                self.gain[i] = c;
            }
        }
        self.legal = legal;
        if legal == 0 {
            let rest: u32 = self.board.iter().map(|&s| u32::from(s)).sum();
            self.captured[self.to_move.opponent().index()] += rest;
            self.board = [0; HOLES];
            self.over = Some(compare_captured(self.captured));
        }
    }
}

impl Engine for Sadeqa {
    #[inline]
    fn legal_mask(&self) -> u32 {
        self.legal
    }

    fn play(&mut self, hole: usize) {
        if hole >= ROW || self.legal >> hole & 1 == 0 {
            illegal_move(hole, self.legal);
        }
        self.board = self.after[hole];
        self.captured[self.to_move.index()] += u32::from(self.gain[hole]);
        self.to_move = self.to_move.opponent();
        self.begin_turn();
    }

    #[inline]
    fn is_over(&self) -> bool {
        self.over.is_some()
    }

    fn to_json(&self) -> Value {
        View {
            to_move: self.to_move(),
            south: &self.board[..ROW],
            north: &self.board[ROW..],
            captured: self.captured,
            closed: [0, 0],
            round: 1,
            legal: self.legal,
            result: self.over,
        }
        .to_value()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn rows(g: &Sadeqa) -> (Vec<u8>, Vec<u8>) {
        (g.row(Side::South).to_vec(), g.row(Side::North).to_vec())
    }

    #[test]
    fn start_position() {
        let g = Sadeqa::new(6);
        assert_eq!(g.legal_mask(), 0xff);
        assert_eq!(g.to_move(), Some(Side::South));
        assert_eq!(
            g.to_json(),
            json!({
                "to_move": "south",
                "board": {"south": [6,6,6,6,6,6,6,6], "north": [6,6,6,6,6,6,6,6]},
                "captured": {"south": 0, "north": 0},
                "closed": {"south": [], "north": []},
                "round": 1,
                "legal": ["a","b","c","d","e","f","g","h"],
                "result": null
            })
        );
    }

    /// Worked by hand: S.a (6) -> S.b..S.g, lands on S.g (7): relay 7 ->
    /// S.h..N.f, lands on N.f (7): relay 7 -> N.g, N.h, S.a (1), S.b..S.e,
    /// lands on S.e (8): relay 8 -> S.f..N.e, lands on N.e (8): relay 8 ->
    /// N.f (1), N.g, N.h, S.a, S.b..S.e: S.e was emptied, lands there
    /// empty: 5 laps, capture N.d (opposite S.e) = 8.
    #[test]
    fn first_move_sadeqa3() {
        let mut g = Sadeqa::new(6);
        g.play(0);
        assert_eq!(rows(&g), (vec![2, 9, 9, 9, 1, 8, 1, 8], vec![8, 8, 8, 0, 0, 1, 8, 8]));
        assert_eq!(g.captured(Side::South), 8);
        assert_eq!(g.to_move(), Some(Side::North));
        assert_eq!(g.legal_mask(), 0b1110_0111);
    }

    #[test]
    fn first_move_four_seeds_no_capture_on_opponent_row() {
        let mut g = Sadeqa::new(4);
        g.play(0);
        assert_eq!(rows(&g), (vec![1, 6, 6, 0, 1, 6, 6, 6], vec![6, 1, 5, 5, 5, 5, 0, 5]));
        assert_eq!(g.captured(Side::South) + g.captured(Side::North), 0);
    }

    #[test]
    fn origin_receives_seeds_when_passed() {
        // C-5 / SQ-2: S.h (2) -> N.a, N.b (15): relay 15 goes round to S.h.
        let pos = json!({
            "to_move": "south",
            "board": {"south": [0,0,0,0,0,0,0,2], "north": [0,14,0,0,0,0,0,0]},
            "captured": {"south": 40, "north": 40}
        });
        let mut g = Sadeqa::from_json(&pos, 6).unwrap();
        assert_eq!(g.legal_mask(), 1 << 7);
        g.play(7);
        assert_eq!(rows(&g), (vec![0, 2, 0, 2, 0, 2, 0, 2], vec![1, 1, 0, 2, 0, 2, 0, 2]));
    }

    #[test]
    fn endless_candidate_is_not_legal() {
        // C-6: N.e never ends (a cycle of 2,361,376 laps).
        let pos = json!({
            "to_move": "north",
            "board": {"south": [4,11,2,1,2,1,2,1], "north": [0,1,0,6,9,1,0,1]},
            "captured": {"south": 24, "north": 30}
        });
        let g = Sadeqa::from_json(&pos, 6).unwrap();
        assert_eq!(g.legal_mask(), 0b1010_1010);
        let mut b = g.board;
        assert_eq!(sow(&mut b, 8 + 4, 1), None);
    }

    #[test]
    fn no_move_ends_game_board_to_last_mover() {
        let pos = json!({
            "to_move": "south",
            "board": {"south": [1,0,0,0,0,0,0,3], "north": [0,0,0,0,0,0,4,0]},
            "captured": {"south": 40, "north": 48}
        });
        let mut g = Sadeqa::from_json(&pos, 6).unwrap();
        g.play(0);
        assert!(g.is_over());
        assert_eq!(g.result(), Some(None));
        assert_eq!(g.captured(Side::South), 48);
        assert_eq!(g.legal_mask(), 0);
        assert_eq!(g.to_json()["to_move"], Value::Null);
    }

    #[test]
    fn rejects_non_conserving_position() {
        let pos = json!({
            "to_move": "south",
            "board": {"south": [1,0,0,0,0,0,0,0], "north": [0,0,0,0,0,0,0,0]},
            "captured": {"south": 0, "north": 0}
        });
        assert!(Sadeqa::from_json(&pos, 6).is_err());
    }

    #[test]
    #[should_panic(expected = "illegal move")]
    fn illegal_move_panics() {
        let mut g = Sadeqa::new(6);
        g.play(0);
        g.play(3); // N.d is empty
    }
}
