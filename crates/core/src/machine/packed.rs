//! The packed kernel: sowing with the whole track in one `u128`, one byte
//! per hole in track order, for rules with no `on drop` rule and at most
//! one simple relay (Sadeqa III's shape), on a track of at most 16 holes
//! with at most 255 seeds in play.
//!
//! A lap of `hand` seeds from lane `first` adds `hand / len` to every lane
//! and one more to the `hand % len` lanes from `first` on: one 128-bit
//! difference of two table rows (`FILL`), whatever the hand, where the
//! seed-by-seed kernel loops and mispredicts the loop's end. No lane can
//! exceed 255, so no carry ever crosses into the next lane and the
//! additions are exact. The sowing's
//! end (the `on sowing_end` rules) runs on the unpacked board as in
//! `fast.rs`.
//!
//! Endless sowings (C-6) are cut short when they provably never end: the
//! next lap depends only on the board and the hole lifted, so once that
//! state repeats, the sowing cycles forever and needs a lap beyond any
//! limit. Brent's algorithm finds the repeat with one 128-bit comparison a
//! lap, from lap [`CYCLE_FROM`] on. In random Sadeqa III games about two
//! endless candidates in three repeat within 10,000 laps (periods from a
//! few dozen laps up), and are rejected after a few hundred laps rather
//! than 10,000; the others still take the full limit. Which moves are legal
//! does not change.

use super::lower::{Base, SimpleRelay, Track};
use super::outcome::{skip, Endless, Sown};
use super::{Kernel, Machine};
use crate::position::{Player, Position};

/// The lap from which a sowing is watched for a repeated state: later than
/// almost every sowing that ends (they seldom need more than a few laps).
pub(super) const CYCLE_FROM: u32 = 64;

/// Most lanes: holes on a packed track.
pub(super) const LANES: usize = 16;

/// Positions a lap can run to: its first seed goes at most to position
/// `LANES` (the lane after the one lifted), and a hand holds at most 255.
const REACH: usize = LANES + 256;

/// `FILL[l][n]`: one seed in each of positions `0..n` of a track of `l`
/// lanes, position `p` going into lane `p % l`. Lanes may exceed 255 here;
/// a lap adds `FILL[l][first + hand] - FILL[l][first]`, the seeds of
/// positions `first..first + hand`, whose lanes never do. (The integers
/// stay below 2^128: at most 17 seeds a lane.)
static FILL: [[u128; REACH]; LANES + 1] = {
    let mut t = [[0u128; REACH]; LANES + 1];
    let mut l = 1;
    while l <= LANES {
        let mut n = 1;
        while n < REACH {
            t[l][n] = t[l][n - 1] + (1u128 << (8 * ((n - 1) % l)));
            n += 1;
        }
        l += 1;
    }
    t
};

/// `LAST[l][n]`: the lane of position `n - 1` on a track of `l` lanes (for
/// `n` from 1; 0 for `n` = 0): where a lap that runs to `n` lands.
static LAST: [[u8; REACH]; LANES + 1] = {
    let mut t = [[0u8; REACH]; LANES + 1];
    let mut l = 1;
    while l <= LANES {
        let mut n = 1;
        while n < REACH {
            t[l][n] = ((n - 1) % l) as u8;
            n += 1;
        }
        l += 1;
    }
    t
};

/// `KEEP[j]`: every lane but lane `j`.
const KEEP: [u128; LANES] = {
    let mut t = [0u128; LANES];
    let mut j = 0;
    while j < LANES {
        t[j] = !(0xffu128 << (8 * j));
        j += 1;
    }
    t
};

/// Lane `j` of `b`: read as a byte, which costs less than a 128-bit shift.
#[inline(always)]
fn lane(b: u128, j: usize) -> u8 {
    b.to_le_bytes()[j]
}

/// The track's holes of `pos`, packed.
#[inline]
pub(super) fn pack(pos: &Position, t: &Track) -> u128 {
    if t.identity {
        let mut bytes = [0u8; LANES];
        for (b, &c) in bytes.iter_mut().zip(&pos.cells[..LANES]) {
            *b = c as u8;
        }
        return u128::from_le_bytes(bytes);
    }
    let mut b = 0u128;
    for (j, &c) in t.order[..usize::from(t.len)].iter().enumerate() {
        b |= u128::from(pos.cells[usize::from(c)] as u8) << (8 * j);
    }
    b
}

/// Writes a packed board back to the track's holes of `pos`.
#[inline]
fn unpack(b: u128, t: &Track, pos: &mut Position) {
    if t.identity {
        for (c, &v) in pos.cells[..LANES].iter_mut().zip(&b.to_le_bytes()) {
            *c = u16::from(v);
        }
        return;
    }
    for (j, &c) in t.order[..usize::from(t.len)].iter().enumerate() {
        pos.cells[usize::from(c)] = u16::from(lane(b, j));
    }
}

impl Machine {
    /// Whether the packed kernel can sow on `t`.
    #[inline(always)]
    pub(super) fn packs(&self, t: &Track) -> bool {
        self.plan.kernel == Kernel::Packed && usize::from(t.len) <= LANES
    }

    /// [`Machine::sow_fast`] with the packed kernel: `packed` is `pack(pos, t)`.
    /// Requires [`Machine::packs`].
    ///
    /// # Errors
    /// `Endless` when a lap beyond the limit would be needed; `pos` is then
    /// left part-way and must be discarded.
    #[inline]
    pub(super) fn sow_packed(
        &self,
        pos: &mut Position,
        t: &Track,
        packed: u128,
        mover: Player,
        origin: u8,
    ) -> Result<Sown, Endless> {
        let relay = self.prog.packed.expect("checked by `packs`");
        let (landing, laps, b) =
            self.packed_laps(t, packed, usize::from(t.rank[usize::from(origin)]), relay).map_err(|_| Endless)?;
        unpack(b, t, pos);
        Ok(self.sowing_end::<true>(pos, t, mover, origin, landing, laps))
    }

    /// The laps of a sowing from lane `start`: the landing lane, the laps
    /// and the board at the end; or, for an endless sowing, the laps sown
    /// before that was certain.
    #[inline(always)]
    fn packed_laps(&self, t: &Track, mut b: u128, start: usize, relay: SimpleRelay) -> Result<(usize, u32, u128), u32> {
        let l = usize::from(t.len);
        let (fill, last) = (&FILL[l], &LAST[l]);
        let limit = self.prog.lap_limit;
        // The lane `base` names, `landing` being the landing lane:
        // `LAST[l][landing + offset + 1]` is `landing + offset` reduced.
        let lane_of = |base: Base, landing: usize| {
            if base == Base::Origin {
                start
            } else {
                usize::from(last[landing + base.offset() + 1])
            }
        };
        let mut s = start;
        let mut laps = 1u32;
        // Brent's cycle finding: the state last saved, and how long ago.
        let (mut saved, mut power, mut since) = ((0u128, usize::MAX), 1u32, 0u32);
        loop {
            let hand = lane(b, s);
            b &= KEEP[s];
            let landing = if hand == 0 {
                s
            } else {
                let first = s + skip(self.prog.first_seed, u16::from(hand));
                let end = first + usize::from(hand);
                b = b.wrapping_add(fill[end].wrapping_sub(fill[first]));
                usize::from(last[end])
            };
            let v = u16::from(lane(b, lane_of(relay.test, landing)));
            if !relay.relays(v) {
                return Ok((landing, laps, b));
            }
            if laps >= limit {
                return Err(laps);
            }
            laps += 1;
            s = lane_of(relay.lift, landing);
            if laps > CYCLE_FROM {
                if (b, s) == saved {
                    // The state repeats: this sowing never ends.
                    return Err(laps);
                }
                since += 1;
                if since == power {
                    saved = (b, s);
                    power *= 2;
                    since = 0;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::machine::Machine;
    use crate::protocol::parse_position;

    /// South's S.g repeats a state of period 112 laps; N.e of the C-6 edge
    /// case has a period of 2,361,376 laps and needs the whole limit.
    #[test]
    fn endless_sowings_are_cut_short_when_they_cycle() {
        let m = Machine::new(crate::check(include_str!("../../../../rules/sadeqa3.rules")).unwrap());
        let short = r#"{"to_move": "south", "board": {"south": [0,1,0,1,0,1,4,0], "north": [1,0,1,0,2,1,0,3]},
            "captured": {"south": 32, "north": 49}, "closed": {"south": [], "north": []}, "round": 1}"#;
        let long = r#"{"to_move": "north", "board": {"south": [4,11,2,1,2,1,2,1], "north": [0,1,0,6,9,1,0,1]},
            "captured": {"south": 24, "north": 30}, "closed": {"south": [], "north": []}, "round": 1}"#;
        for (json, cell, legal, laps) in [(short, 6u8, 0b0010_1010, 303), (long, 12, 0b1010_1010, 10_000)] {
            let pos = parse_position(json).unwrap().to_position(&m).unwrap();
            assert_eq!(pos.legal_mask(), legal);
            let t = &m.tracks[pos.to_move().unwrap().index()];
            assert!(m.packs(t));
            let relay = m.prog.packed.unwrap();
            let start = usize::from(t.rank[usize::from(cell)]);
            assert_eq!(m.packed_laps(t, super::pack(&pos, t), start, relay).map(|_| ()), Err(laps));
            // The general code agrees, the long way.
            let mut general = pos.clone();
            assert!(m.sow(&mut general, pos.to_move().unwrap(), cell, false, &mut ()).is_err());
        }
    }
}
