//! Raja Pasu (RP-1..RP-11): a match of rounds, or a single round.

use crate::json::{self, View};
use crate::{compare_captured, illegal_move, Engine, Side, Winner, LAP_LIMIT};
use serde_json::Value;

/// Holes per row (RP-1).
const ROW: usize = 7;
/// Holes on the track.
const HOLES: usize = 2 * ROW;
/// Seeds a hole at the start and at each refill (RP-1, RP-7).
const FILL: u8 = 7;
/// Seeds in play (C-9).
const TOTAL: u32 = 98;

/// A Raja Pasu match (or a single round, RP-11).
///
/// Track index `p` (C-3): South's hole `i` is `p = i`, North's hole `i` is
/// `p = 7 + i`. Closed holes (RP-8) are skipped through a "next open hole"
/// table rebuilt at every refill.
///
/// In JSON, `captured` is each player's whole reserve: the seeds captured
/// in the current round plus those kept back at the last refill (RP-6,
/// RP-7).
#[derive(Clone, Debug)]
pub struct RajaPasu {
    board: [u8; HOLES],
    /// Each player's reserve.
    captured: [u32; 2],
    /// Bit i set: hole i of that side's row is closed this round (RP-7).
    closed: [u32; 2],
    /// `next[p]`: the next open hole after `p` along the track.
    next: [u8; HOLES],
    to_move: Side,
    round: u32,
    one_round: bool,
    /// `None` while play goes on.
    over: Option<Winner>,
    /// Legal moves of `to_move` (C-6 already applied).
    legal: u32,
    /// For each legal hole: the board after the move ...
    after: [[u8; HOLES]; ROW],
    /// ... and the seeds it gave to South and North (fours, RP-4, and the
    /// capture beyond the gap, RP-3).
    gain: [[u8; 2]; ROW],
}

/// Sows the move lifted from track index `start` on `board` for `mover`
/// (0 = South, 1 = North), adding to `gain[side]` the seeds each side
/// takes. Returns `false` if the sowing would need more than [`LAP_LIMIT`]
/// laps (C-6); `board` and `gain` are then garbage.
#[inline]
fn sow(board: &mut [u8; HOLES], next: &[u8; HOLES], start: usize, mover: usize, gain: &mut [u8; 2]) -> bool {
    let mut p = start;
    let mut hand = board[p];
    board[p] = 0;
    let mut laps = 1u32;
    loop {
        // One lap: one seed per open hole (C-5, RP-8), the emptied origin
        // included. RP-4: a hole brought to exactly four gives the four to
        // the owner of its row at once, the lap's last seed included.
        while hand != 0 {
            p = usize::from(next[p]);
            hand -= 1;
            let v = board[p] + 1;
            if v == 4 {
                board[p] = 0;
                gain[usize::from(p >= ROW)] += 4;
            } else {
                board[p] = v;
            }
        }
        // RP-2: relay from the next hole after the landing hole.
        let n = usize::from(next[p]);
        if board[n] != 0 {
            if laps == LAP_LIMIT {
                return false;
            }
            laps += 1;
            hand = board[n];
            board[n] = 0;
            p = n;
        } else {
            // RP-3: the gap; the mover captures the hole after it.
            let b = usize::from(next[n]);
            gain[mover] += board[b];
            board[b] = 0;
            return true;
        }
    }
}

impl RajaPasu {
    /// The starting position (RP-1): 7 seeds in each of the 14 holes, no
    /// hole closed, round 1, South to move (C-1). With `one_round`, play
    /// stops at the end of the round (RP-11); otherwise the match goes on
    /// with refills until RP-10.
    pub fn new(one_round: bool) -> RajaPasu {
        let mut g = RajaPasu {
            board: [FILL; HOLES],
            captured: [0; 2],
            closed: [0; 2],
            next: [0; HOLES],
            to_move: Side::South,
            round: 1,
            one_round,
            over: None,
            legal: 0,
            after: [[0; HOLES]; ROW],
            gain: [[0; 2]; ROW],
        };
        g.rebuild_next();
        g.begin_turn();
        g
    }

    /// Reads a position in the JSON protocol. `legal` and `result` are
    /// ignored (they are derived); `closed` defaults to no closed hole and
    /// `round` to round 1. Closed holes must be empty, and the seeds on the
    /// board plus both reserves must add up to 98 (C-9). With `one_round`,
    /// play stops at the end of the current round.
    ///
    /// If `to_move` is null the position is final and the winner is read off
    /// `captured`. If the player to move has no legal move, the round ends
    /// at once (C-7, RP-5), so [`Engine::to_json`] then prints the final
    /// position or the start of the next round.
    pub fn from_json(position: &Value, one_round: bool) -> Result<RajaPasu, String> {
        let p = json::parse::<ROW>(position)?;
        let mut board = [0u8; HOLES];
        board[..ROW].copy_from_slice(&p.board[0]);
        board[ROW..].copy_from_slice(&p.board[1]);
        for (s, side) in [Side::South, Side::North].into_iter().enumerate() {
            for i in 0..ROW {
                if p.closed[s] >> i & 1 == 1 && board[s * ROW + i] != 0 {
                    return Err(format!(
                        "closed hole {}.{} holds seeds (RP-8)",
                        side.name(),
                        char::from(b'a' + i as u8)
                    ));
                }
            }
        }
        let on_board: u32 = board.iter().map(|&s| u32::from(s)).sum();
        let total = u64::from(on_board) + u64::from(p.captured[0]) + u64::from(p.captured[1]);
        if total != u64::from(TOTAL) {
            return Err(format!("position holds {total} seeds, expected {TOTAL} (C-9)"));
        }
        let mut g = RajaPasu {
            board,
            captured: p.captured,
            closed: p.closed,
            next: [0; HOLES],
            to_move: p.to_move.unwrap_or(Side::South),
            round: p.round,
            one_round,
            over: None,
            legal: 0,
            after: [[0; HOLES]; ROW],
            gain: [[0; 2]; ROW],
        };
        g.rebuild_next();
        match p.to_move {
            Some(_) => g.begin_turn(),
            None => g.over = Some(compare_captured(g.captured)),
        }
        Ok(g)
    }

    /// The player to move, or `None` once the match (or round, in one-round
    /// mode) is over.
    pub fn to_move(&self) -> Option<Side> {
        self.over.is_none().then_some(self.to_move)
    }

    /// The row of `side`, in its owner's left-to-right order (C-2).
    pub fn row(&self, side: Side) -> &[u8] {
        let s = side.index() * ROW;
        &self.board[s..s + ROW]
    }

    /// The whole reserve of `side`: seeds captured this round plus seeds
    /// kept back at the last refill (RP-7).
    pub fn captured(&self, side: Side) -> u32 {
        self.captured[side.index()]
    }

    /// Bitmask of the closed holes of `side`'s row this round (bit i = hole
    /// i, RP-7, RP-8).
    pub fn closed_mask(&self, side: Side) -> u32 {
        self.closed[side.index()]
    }

    /// The round number, from 1.
    pub fn round(&self) -> u32 {
        self.round
    }

    /// True if play stops at the end of the current round (RP-11).
    pub fn is_one_round(&self) -> bool {
        self.one_round
    }

    /// `None` while play goes on; once over, `Some(winner)` where the
    /// winner is `None` for a draw. For a match this is the winner of the
    /// match (RP-10), for a single round the winner of the round (RP-6).
    pub fn result(&self) -> Option<Winner> {
        self.over
    }

    fn rebuild_next(&mut self) {
        let open = |p: usize| self.closed[p / ROW] >> (p % ROW) & 1 == 0;
        for p in 0..HOLES {
            let mut q = (p + 1) % HOLES;
            // If no hole is open at all the table is never used.
            for _ in 0..HOLES {
                if open(q) {
                    break;
                }
                q = (q + 1) % HOLES;
            }
            self.next[p] = q as u8;
        }
    }

    /// Simulate every candidate of the player to move (C-6).
    fn generate(&mut self) {
        let mover = self.to_move.index();
        let mut legal = 0u32;
        for i in 0..ROW {
            let p = mover * ROW + i;
            // Closed holes hold no seeds, so this also skips them (RP-8).
            if self.board[p] == 0 {
                continue;
            }
            let mut b = self.board;
            let mut gain = [0u8; 2];
            if sow(&mut b, &self.next, p, mover, &mut gain) {
                legal |= 1 << i;
                self.after[i] = b;
                self.gain[i] = gain;
            }
        }
        self.legal = legal;
    }

    /// Start of a turn (C-7): find the legal moves; if there are none, end
    /// the round (RP-5), and then either end the match or the single round,
    /// or refill (RP-7) and start the next round (RP-9), which is checked
    /// in turn.
    fn begin_turn(&mut self) {
        loop {
            self.generate();
            if self.legal != 0 {
                return;
            }
            // RP-5: the seeds left go to the other player.
            let receiver = self.to_move.opponent();
            let rest: u32 = self.board.iter().map(|&s| u32::from(s)).sum();
            self.captured[receiver.index()] += rest;
            self.board = [0; HOLES];
            if self.one_round {
                // RP-6, RP-11.
                self.over = Some(compare_captured(self.captured));
                return;
            }
            // RP-10: a player who cannot open a hole loses the match.
            let short = [self.captured[0] < 7, self.captured[1] < 7];
            if short[0] || short[1] {
                self.over = Some(match short {
                    [true, false] => Some(Side::North),
                    [false, true] => Some(Side::South),
                    _ => compare_captured(self.captured),
                });
                return;
            }
            // RP-7: each fills its rightmost k holes; the leftmost are closed.
            for s in 0..2 {
                let h = self.captured[s];
                let k = (h / 7).min(ROW as u32) as usize;
                self.closed[s] = (1u32 << (ROW - k)) - 1;
                for i in 0..ROW {
                    self.board[s * ROW + i] = if i >= ROW - k { FILL } else { 0 };
                }
                self.captured[s] = h - 7 * k as u32;
            }
            self.rebuild_next();
            self.round += 1;
            // RP-9: the receiver starts the next round.
            self.to_move = receiver;
        }
    }
}

impl Engine for RajaPasu {
    #[inline]
    fn legal_mask(&self) -> u32 {
        self.legal
    }

    fn play(&mut self, hole: usize) {
        if hole >= ROW || self.legal >> hole & 1 == 0 {
            illegal_move(hole, self.legal);
        }
        self.board = self.after[hole];
        let [s, n] = self.gain[hole];
        self.captured[0] += u32::from(s);
        self.captured[1] += u32::from(n);
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
            closed: self.closed,
            round: self.round,
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

    fn rows(g: &RajaPasu) -> (Vec<u8>, Vec<u8>) {
        (g.row(Side::South).to_vec(), g.row(Side::North).to_vec())
    }

    fn total(g: &RajaPasu) -> u32 {
        g.board.iter().map(|&s| u32::from(s)).sum::<u32>() + g.captured[0] + g.captured[1]
    }

    #[test]
    fn first_move_from_start() {
        // 12 laps, fours on both rows, pussa of 3.
        let mut g = RajaPasu::new(true);
        assert_eq!(g.legal_mask(), 0x7f);
        g.play(0);
        assert_eq!(rows(&g), (vec![3, 1, 0, 0, 0, 14, 0], vec![14, 2, 14, 14, 1, 14, 2]));
        assert_eq!((g.captured(Side::South), g.captured(Side::North)), (15, 4));
        assert_eq!(g.to_move(), Some(Side::North));
        assert_eq!(total(&g), TOTAL);
    }

    /// Worked by hand: S.a (3) -> S.b 1, S.c 1, S.d 4: a four by the lap's
    /// last seed goes to South (+4) and empties S.d; the next hole S.e is
    /// empty, so the pussa takes the hole after it, S.f (5).
    #[test]
    fn four_by_last_seed_then_pussa() {
        let pos = json!({
            "to_move": "south",
            "board": {"south": [3,0,0,3,0,5,0], "north": [2,0,0,0,0,0,1]},
            "captured": {"south": 40, "north": 44}
        });
        let mut g = RajaPasu::from_json(&pos, false).unwrap();
        g.play(0);
        assert_eq!(rows(&g), (vec![0, 1, 1, 0, 0, 0, 0], vec![2, 0, 0, 0, 0, 0, 1]));
        assert_eq!((g.captured(Side::South), g.captured(Side::North)), (49, 44));
    }

    #[test]
    fn closed_holes_are_skipped() {
        // S.g (2) -> N.c 1, N.d 2 (closed N.a, N.b skipped); relay from
        // N.e (2) -> N.f 1, N.g 1; the next hole is S.d (S.a..S.c closed),
        // empty: the pussa takes S.e (5).
        let pos = json!({
            "to_move": "south",
            "board": {"south": [0,0,0,0,5,0,2], "north": [0,0,0,1,2,0,0]},
            "captured": {"south": 40, "north": 48},
            "closed": {"south": ["a","b","c"], "north": ["a","b"]},
            "round": 2
        });
        let mut g = RajaPasu::from_json(&pos, false).unwrap();
        g.play(6);
        assert_eq!(rows(&g), (vec![0, 0, 0, 0, 0, 0, 0], vec![0, 0, 1, 2, 0, 1, 1]));
        assert_eq!((g.captured(Side::South), g.captured(Side::North)), (45, 48));
    }

    #[test]
    fn refill_and_round_starter() {
        let pos = json!({
            "to_move": "south",
            "board": {"south": [1,0,0,2,0,0,3], "north": [0,0,0,0,0,0,0]},
            "captured": {"south": 50, "north": 42}
        });
        let mut g = RajaPasu::from_json(&pos, false).unwrap();
        g.play(0);
        // North cannot move; South receives 6 (56), refill: South 7 holes
        // + 7 kept, North 6 holes (N.a closed) + 0. South starts round 2.
        assert_eq!(g.round(), 2);
        assert_eq!(g.to_move(), Some(Side::South));
        assert_eq!(g.closed_mask(Side::North), 1);
        assert_eq!(g.closed_mask(Side::South), 0);
        assert_eq!((g.captured(Side::South), g.captured(Side::North)), (7, 0));
        assert_eq!(total(&g), TOTAL);

        let mut r = RajaPasu::from_json(&pos, true).unwrap();
        r.play(0);
        assert_eq!(r.result(), Some(Some(Side::South)));
        assert_eq!(r.to_json()["result"], json!({"winner": "south"}));
    }

    #[test]
    fn match_end() {
        let pos = json!({
            "to_move": "south",
            "board": {"south": [1,0,0,0,0,0,4], "north": [0,0,0,0,0,0,0]},
            "captured": {"south": 88, "north": 5},
            "closed": {"south": [], "north": ["a","b","c","d","e","f"]},
            "round": 3
        });
        let mut g = RajaPasu::from_json(&pos, false).unwrap();
        g.play(0);
        assert!(g.is_over());
        assert_eq!(g.result(), Some(Some(Side::South)));
        let j = g.to_json();
        assert_eq!(j["round"], json!(3));
        assert_eq!(j["closed"]["north"], json!(["a", "b", "c", "d", "e", "f"]));
        assert_eq!(j["legal"], json!([]));
        assert_eq!(j["captured"], json!({"south": 93, "north": 5}));
    }

    #[test]
    fn endless_only_candidate_ends_the_round() {
        let pos = json!({
            "to_move": "south",
            "board": {"south": [0,0,1,1,0,2,5], "north": [0,0,0,0,0,0,0]},
            "captured": {"south": 45, "north": 44},
            "closed": {"south": ["a","b"], "north": ["a","b","c","d","e","f"]},
            "round": 2
        });
        let mut g = RajaPasu::from_json(&pos, false).unwrap();
        g.play(5);
        assert_eq!(g.round(), 3);
        assert_eq!(g.to_move(), Some(Side::South));
        assert_eq!((g.captured(Side::South), g.captured(Side::North)), (5, 2));
    }

    #[test]
    fn rejects_seeds_in_closed_hole() {
        let pos = json!({
            "to_move": "south",
            "board": {"south": [1,0,0,0,0,0,0], "north": [0,0,0,0,0,0,0]},
            "captured": {"south": 48, "north": 49},
            "closed": {"south": ["a"], "north": []}
        });
        assert!(RajaPasu::from_json(&pos, false).is_err());
    }
}
