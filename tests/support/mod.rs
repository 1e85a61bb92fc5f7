//! Helpers shared by the integration tests: running the binary
//! ([`binary`]), random rules files ([`rules_gen`]), finding and loading the
//! bundled rules files, seeded randomness, and a
//! ledger that replays a move's trace event by event to check that no seed
//! is ever created or lost (C-9), in the middle of a sowing as much as at a
//! round's end, award and refill.

#![allow(dead_code)]

pub mod binary;
pub mod chromium;
pub mod rules_gen;
pub mod server;

use sowspec::protocol::PositionDoc;
use sowspec::rules::{FillFrom, Stores};
use sowspec::trace::{Event, EventKind};
use sowspec::{Machine, Outcome, Player, Position};
use std::path::{Path, PathBuf};

/// The seed of a property test's cases: `PROPTEST_RNG_SEED` when it names
/// one, else a fixed one, so that the default suite (and CI) draws the
/// same cases on every run and passes or fails on the code alone. Explore
/// new cases by naming a seed: `PROPTEST_RNG_SEED=$RANDOM cargo test
/// --release --test properties`; a failure is saved in
/// `proptest-regressions/` and replayed first from then on.
pub fn proptest_seed() -> proptest::test_runner::RngSeed {
    use proptest::test_runner::{Config, RngSeed};
    match Config::default().rng_seed {
        RngSeed::Random => RngSeed::Fixed(20_261_202),
        named => named,
    }
}

/// The `rules/` folder.
pub fn rules_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("rules")
}

/// Every `rules/*.rules` file, sorted (globbed, never hard-coded).
pub fn rules_files() -> Vec<PathBuf> {
    let dir = rules_dir();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|e| e.expect("a readable directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "rules"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no rules files in {}", dir.display());
    files
}

/// The text of a rules file.
pub fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// Checks rules text that must be valid and builds its machine.
pub fn machine_of(src: &str, what: &str) -> Machine {
    let rules = sowspec::check(src).unwrap_or_else(|d| panic!("{what} does not check:\n{d:#?}"));
    Machine::new(rules)
}

/// A bundled rules file by name, e.g. `raja_pasu.rules`.
pub fn bundled(file: &str) -> Machine {
    let path = rules_dir().join(file);
    machine_of(&read(&path), &path.display().to_string())
}

/// The number (from 1) of the first line of bundled rules file `file`
/// that starts, once indented, with `text`: so that a test citing a rule's
/// line does not break when the file's header grows.
pub fn line_of(file: &str, text: &str) -> usize {
    let source = read(&rules_dir().join(file));
    1 + source
        .lines()
        .position(|l| l.trim_start().starts_with(text))
        .unwrap_or_else(|| panic!("{file} has no line `{text}`"))
}

/// SplitMix64's finaliser: decorrelates consecutive seeds.
pub fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The `k`-th set bit of `mask` (counting from bit 0), `k < mask.count_ones()`.
pub fn nth_bit(mask: u64, k: u32) -> u8 {
    assert!(k < mask.count_ones(), "bit {k} of {mask:#b}");
    let mut m = mask;
    for _ in 0..k {
        m &= m - 1;
    }
    m.trailing_zeros() as u8
}

/// A uniformly chosen set bit of a nonzero mask.
pub fn pick(rng: &mut fastrand::Rng, mask: u64) -> u8 {
    nth_bit(mask, rng.u32(..mask.count_ones()))
}

/// Cells of the board: both rows, then the stores if there are any.
pub fn cells(m: &Machine) -> usize {
    2 * usize::from(m.holes()) + if m.rules().board().stores != Stores::None { 2 } else { 0 }
}

/// Seeds on the board (holes and stores) plus seeds in reserve and in the
/// players' hands (`setup { hand N }`).
pub fn seeds_in_play(m: &Machine, pos: &Position) -> u32 {
    let board: u32 = (0..cells(m)).map(|c| u32::from(pos.seeds(c))).sum();
    let hands = pos.hand(Player::South) + pos.hand(Player::North);
    board + pos.reserve(Player::South) + pos.reserve(Player::North) + hands
}

/// C-9 on one position, also through the protocol's view (`board` rows plus
/// `captured`, which counts the stores).
pub fn assert_conserved(m: &Machine, pos: &Position, what: &dyn Fn() -> String) {
    let total = m.rules().total_seeds();
    assert_eq!(seeds_in_play(m, pos), total, "C-9: seeds not conserved {}", what());
    let doc = PositionDoc::of(m, pos);
    let rows: i64 = doc.board.south.iter().chain(&doc.board.north).sum();
    let hands = doc.hand.as_ref().map_or(0, |h| h.south + h.north);
    assert_eq!(
        rows + doc.captured.south + doc.captured.north + hands,
        i64::from(total),
        "C-9: the protocol's board + captured do not add up {}",
        what()
    );
}

/// Replays a move's trace on a model of the board, starting from `before`,
/// checking at every event that the seeds on the board, in hand, being
/// awarded and held by the players add up to the total (C-9), that every
/// event's counts agree with the model, and that the model ends equal to
/// `after`. Returns a description of the first disagreement.
///
/// Events the ledger does not model (a `forfeit`, which restores an
/// earlier board, a drawn setup drawn again for a new round, or the end of
/// a truncated trace) stop the replay there;
/// the result is then `Ok(false)`, and only the events before were checked.
pub fn ledger(m: &Machine, before: &Position, events: &[Event], after: &Position) -> Result<bool, String> {
    let total = i64::from(m.rules().total_seeds());
    let h = usize::from(m.holes());
    let n = cells(m);
    let stores = (m.rules().board().stores != Stores::None).then_some([2 * h, 2 * h + 1]);
    let mut board: Vec<i64> = (0..n).map(|c| i64::from(before.seeds(c))).collect();
    let mut closed: Vec<bool> = (0..n).map(|c| before.is_closed(c)).collect();
    // Who started the round being played, as `refill setup turned_after_north` reads it.
    let mut north_opened = before.north_opened();
    let mut reserve = Player::BOTH.map(|p| i64::from(before.reserve(p)));
    let mut hand = 0i64;
    // The seeds in each player's hand (`setup { hand N }`), placed by `place` moves.
    let mut held_in_hand = Player::BOTH.map(|p| i64::from(before.hand(p)));
    let mut limbo = 0i64;
    // Between the end of a round (no legal move, or the rules' `over`) and
    // its awards: the board's rows have been swept into `limbo`.
    let mut awarding = false;
    // The board as the last sweep found it, for a `loser_only` refill to
    // give the winner back their row.
    let mut swept = board.clone();
    let held =
        |board: &[i64], reserve: &[i64; 2], p: Player| reserve[p.index()] + stores.map_or(0, |s| board[s[p.index()]]);
    for (k, e) in events.iter().enumerate() {
        let at = |msg: String| format!("event {k} ({:?}): {msg}", e.kind);
        // A hole nobody owns whose seeds stay at the end (the position
        // after the move still holds them there).
        let kept = |c: usize, seeds: i64| {
            m.rules().board().nobodys(c as u8) && seeds > 0 && i64::from(after.seeds(c)) == seeds
        };
        let give = |board: &mut Vec<i64>, reserve: &mut [i64; 2], p: Player, seeds: i64| match stores {
            Some(s) => board[s[p.index()]] += seeds,
            None => reserve[p.index()] += seeds,
        };
        match e.kind {
            EventKind::Lift { cell, seeds } | EventKind::Relay { cell, seeds } => {
                let c = usize::from(cell);
                // A relay lifting several holes (`relay lift A and B …`) is
                // one event per hole, back to back: they fill one hand.
                let same_relay = matches!(e.kind, EventKind::Relay { .. })
                    && k > 0
                    && matches!(events[k - 1].kind, EventKind::Relay { .. });
                if hand != 0 && !same_relay {
                    return Err(at(format!("lifting with {hand} seeds still in hand")));
                }
                // A relay may name a closed hole (`opposite(…)` does not skip
                // them): it lifts nothing, and sows a lap of no seeds.
                // A move's lift takes every seed, or `take`'s number where it
                // applies (the rest stay); a relay lifts every seed, or its
                // `N of` (the relay the event cites).
                let part = |n: u16| n == seeds && i64::from(seeds) < board[c];
                let taken = match e.kind {
                    EventKind::Lift { .. } => m.rules().sowing().take.as_ref().is_some_and(|t| part(t.seeds)),
                    _ => m.rules().sowing().relays.iter().any(|r| Some(r.span) == e.span && r.part.is_some_and(part)),
                };
                if (closed[c] && seeds != 0) || (board[c] != i64::from(seeds) && !taken) {
                    return Err(at(format!("cell {c} holds {} (closed: {})", board[c], closed[c])));
                }
                board[c] -= i64::from(seeds);
                hand += i64::from(seeds);
            }
            // A placement: one seed from the player's hand, dropped next.
            EventKind::Place { player, .. } => {
                if hand != 0 || held_in_hand[player.index()] < 1 {
                    return Err(at(format!("placing with {hand} in hand and {held_in_hand:?} held")));
                }
                held_in_hand[player.index()] -= 1;
                hand += 1;
            }
            EventKind::Drop { cell, count } => {
                let c = usize::from(cell);
                if hand <= 0 {
                    return Err(at("a drop with an empty hand".into()));
                }
                if closed[c] {
                    return Err(at(format!("a seed dropped in closed cell {c}")));
                }
                hand -= 1;
                board[c] += 1;
                if board[c] != i64::from(count) {
                    return Err(at(format!("cell {c} holds {} in the model", board[c])));
                }
            }
            EventKind::LapEnd { .. } | EventKind::SowingEnd { .. } => {
                if hand != 0 {
                    return Err(at(format!("{hand} seeds still in hand")));
                }
            }
            // A capture takes every seed of the hole, or some (`capture N from …`).
            EventKind::Capture { cell, seeds, to } => {
                let c = usize::from(cell);
                if board[c] < i64::from(seeds) {
                    return Err(at(format!("cell {c} holds {} in the model", board[c])));
                }
                board[c] -= i64::from(seeds);
                give(&mut board, &mut reserve, to, i64::from(seeds));
            }
            // `capture HOLE to hand(PLAYER)`: into the player's hand, to place.
            EventKind::ToHand { cell, seeds, to } => {
                let c = usize::from(cell);
                if board[c] < i64::from(seeds) {
                    return Err(at(format!("cell {c} holds {} in the model", board[c])));
                }
                board[c] -= i64::from(seeds);
                held_in_hand[to.index()] += i64::from(seeds);
            }
            // `toll`: seeds out of the hand before a lap is sown.
            EventKind::Toll { seeds, to } => {
                if hand < i64::from(seeds) {
                    return Err(at(format!("a toll of {seeds} from a hand of {hand}")));
                }
                hand -= i64::from(seeds);
                give(&mut board, &mut reserve, to, i64::from(seeds));
            }
            // `return N from PLAYER to every hole where …`: held seeds back
            // into a hole, from the reserve first, then the store.
            EventKind::Return { cell, seeds, from } => {
                let s = i64::from(seeds);
                let taken = s.min(reserve[from.index()]);
                reserve[from.index()] -= taken;
                if s > taken {
                    match stores {
                        Some(st) if board[st[from.index()]] >= s - taken => board[st[from.index()]] -= s - taken,
                        _ => return Err(at(format!("{from} holds fewer than {s} in the model"))),
                    }
                }
                board[usize::from(cell)] += s;
            }
            // `capture HOLE to HOLE`: the seeds stay in play, in another hole.
            EventKind::Pull { cell, seeds, into, count } => {
                let (c, i) = (usize::from(cell), usize::from(into));
                if board[c] < i64::from(seeds) {
                    return Err(at(format!("cell {c} holds {} in the model", board[c])));
                }
                board[c] -= i64::from(seeds);
                board[i] += i64::from(seeds);
                if board[i] != i64::from(count) {
                    return Err(at(format!("cell {i} holds {} in the model, {count} in the trace", board[i])));
                }
            }
            // `no_moves keeping board`: the seeds stay where they are.
            EventKind::NoMoves { .. } if m.rules().end().remaining == sowspec::rules::Remaining::Kept => {
                if hand != 0 {
                    return Err(at(format!("hand {hand}")));
                }
            }
            EventKind::NoMoves { .. } => {
                if hand != 0 || awarding {
                    return Err(at(format!("hand {hand}, awarding {awarding}")));
                }
                // The award takes every seed of both rows (not the stores),
                // but a hole nobody owns that keeps its seeds (a circle's
                // `owners` under `remaining to owner`).
                swept.clone_from(&board);
                for (i, c) in board.iter_mut().enumerate().take(2 * h) {
                    if !kept(i, *c) {
                        limbo += *c;
                        *c = 0;
                    }
                }
                awarding = true;
            }
            EventKind::Award { to, seeds } => {
                if !awarding {
                    // A round ended by another cause than a player without moves.
                    swept.clone_from(&board);
                    for (i, c) in board.iter_mut().enumerate().take(2 * h) {
                        if !kept(i, *c) {
                            limbo += *c;
                            *c = 0;
                        }
                    }
                    awarding = true;
                }
                limbo -= i64::from(seeds);
                if limbo < 0 {
                    return Err(at("more awarded than was on the board".into()));
                }
                give(&mut board, &mut reserve, to, i64::from(seeds));
            }
            EventKind::RoundEnd { outcome, .. } | EventKind::GameEnd { outcome } => {
                if limbo != 0 {
                    return Err(at(format!("{limbo} seeds left on the board were awarded to nobody")));
                }
                if !awarding {
                    // Nothing was awarded (the rows were empty, or kept): the
                    // board is as the round's end found it.
                    swept.clone_from(&board);
                }
                awarding = false;
                // (Under `winner last_mover` or `deprive` a round is won otherwise.)
                if matches!(e.kind, EventKind::RoundEnd { .. })
                    && m.rules().end().winner == sowspec::rules::Winner::MostCaptured
                {
                    let hs = Player::BOTH.map(|p| held(&board, &reserve, p));
                    let want = Outcome::compare(hs[0] as u32, hs[1] as u32);
                    if outcome != want {
                        return Err(at(format!("holdings {hs:?} give {want:?}")));
                    }
                }
            }
            EventKind::Refill { player, filled, kept } => {
                let rounds = m.rules().rounds().ok_or_else(|| at("a refill without a match".into()))?;
                let per = i64::from(rounds.per_hole);
                if matches!(rounds.fill_from, FillFrom::Setup { .. } | FillFrom::Territory { setup: true, .. })
                    && m.rules().drawn().is_some()
                {
                    // A drawn setup drawn again: the ledger does not draw.
                    return Ok(false);
                }
                if let FillFrom::Territory { setup, turned_after_north, .. } = rounds.fill_from {
                    // Territory: every hole gets `per` again and the holdings
                    // are emptied; `filled` counts the holes the player owns.
                    if filled > 2 * h as u8 || kept != 0 {
                        return Err(at(format!("a territory refill of {filled} holes keeping {kept}")));
                    }
                    board[..2 * h].fill(per);
                    // `… territory setup`: the setup's board, turned after a round North started.
                    for p in Player::BOTH.into_iter().filter(|_| setup) {
                        let from = if turned_after_north && north_opened { p.other() } else { p };
                        for (i, &seeds) in m.rules().setup(from).iter().enumerate() {
                            board[m.cell(p, i as u8) as usize] = i64::from(seeds);
                        }
                    }
                    closed[..2 * h].fill(false);
                    if let Some(s) = stores {
                        board[s[0]] = 0;
                        board[s[1]] = 0;
                    }
                    reserve = [0; 2];
                    continue;
                }
                if let FillFrom::Setup { turned_after_north } = rounds.fill_from {
                    // `refill setup`: the player's holes as the setup has them, nothing held.
                    if usize::from(filled) != h || kept != 0 {
                        return Err(at(format!("a refill from the setup of {filled} holes keeping {kept}")));
                    }
                    // Turned after a round North started: the other row's seeds.
                    let from = if turned_after_north && north_opened { player.other() } else { player };
                    for (i, &seeds) in m.rules().setup(from).iter().enumerate() {
                        let c = m.cell(player, i as u8) as usize;
                        board[c] = i64::from(seeds);
                        closed[c] = false;
                    }
                    if let Some(s) = stores {
                        board[s[player.index()]] = 0;
                    }
                    reserve[player.index()] = 0;
                    continue;
                }
                if rounds.loser_only {
                    // Only the loser refills: the winner's row comes back as
                    // the sweep found it, out of the winner's holding.
                    let winner = player.other();
                    let mut row = 0;
                    for i in 0..h {
                        let c = m.cell(winner, i as u8) as usize;
                        board[c] = swept[c];
                        row += swept[c];
                    }
                    give(&mut board, &mut reserve, winner, -row);
                    if held(&board, &reserve, winner) < 0 {
                        return Err(at(format!("the winner held less than their row's {row} seeds")));
                    }
                }
                let had = held(&board, &reserve, player);
                // With `partial_last`, the last hole filled may hold fewer.
                let partial = had - i64::from(kept) - (i64::from(filled) - 1) * per;
                let exact = had == i64::from(filled) * per + i64::from(kept);
                let partly = rounds.partial_last && kept == 0 && filled > 0 && (1..per).contains(&partial);
                if !(exact || partly) {
                    return Err(at(format!("the player held {had} = {filled} × {per} + {kept}?")));
                }
                let last_fill = if exact { per } else { partial };
                // What is kept stays where holdings live: the store, or the reserve.
                if let Some(s) = stores {
                    board[s[player.index()]] = 0;
                }
                reserve[player.index()] = 0;
                give(&mut board, &mut reserve, player, i64::from(kept));
                let k = usize::from(filled);
                for i in 0..h {
                    let c = m.cell(player, i as u8) as usize;
                    if board[c] != 0 {
                        return Err(at(format!("cell {c} still holds {} at the refill", board[c])));
                    }
                    let fill = match rounds.fill_from {
                        FillFrom::Right => i >= h - k,
                        FillFrom::Left => i < k,
                        FillFrom::Outside => outside_rank(player, i, h) < k,
                        FillFrom::SouthLeft if player == Player::South => i < k,
                        FillFrom::SouthLeft => i >= h - k,
                        FillFrom::Territory { .. } | FillFrom::Setup { .. } => unreachable!("handled above"),
                    };
                    let last = match rounds.fill_from {
                        FillFrom::Right => i == h - k,
                        FillFrom::Left => i + 1 == k,
                        FillFrom::Outside => outside_rank(player, i, h) + 1 == k,
                        FillFrom::SouthLeft if player == Player::South => i + 1 == k,
                        FillFrom::SouthLeft => i == h - k,
                        FillFrom::Territory { .. } | FillFrom::Setup { .. } => unreachable!("handled above"),
                    };
                    closed[c] = !fill && !rounds.unfilled_open;
                    board[c] = match (fill, last) {
                        (false, _) => 0,
                        (true, true) => last_fill,
                        (true, false) => per,
                    };
                }
            }
            // Under `endless … ends_game` the move is played but nothing of
            // its sowing stays: the board (its closed holes too) is as it was before it.
            EventKind::Endless { .. } if m.rules().moves().endless == sowspec::rules::Endless::EndsGame => {
                board = (0..n).map(|c| i64::from(before.seeds(c))).collect();
                closed = (0..n).map(|c| before.is_closed(c)).collect();
                reserve = Player::BOTH.map(|p| i64::from(before.reserve(p)));
                held_in_hand = Player::BOTH.map(|p| i64::from(before.hand(p)));
                hand = 0;
            }
            EventKind::Endless { .. } => return Err(at("an endless sowing in a move that was played".into())),
            // No seed moves: a claim marks a hole; `over` is followed by
            // the awards, which sweep the board themselves.
            EventKind::RoundStart { starter, .. } => north_opened = starter == Player::North,
            // `refill … chosen`: the chooser's filled holes move where the
            // layout says (each holds the refill's seeds); under territory
            // only the owners change.
            EventKind::Layout { player, row, holes } if row == player => {
                let rounds = m.rules().rounds().ok_or_else(|| at("a layout without a match".into()))?;
                for i in 0..h {
                    let c = m.cell(row, i as u8) as usize;
                    let chosen = holes & (1 << i) != 0;
                    board[c] = if chosen { i64::from(rounds.per_hole) } else { 0 };
                    closed[c] = !chosen && !rounds.unfilled_open;
                }
            }
            EventKind::Layout { .. } => {}
            // `relay … closing`: the hole just lifted closes, empty.
            EventKind::Close { cell } => {
                let c = usize::from(cell);
                if closed[c] || board[c] != 0 {
                    return Err(at(format!("closing cell {c}, which holds {} (closed: {})", board[c], closed[c])));
                }
                closed[c] = true;
            }
            EventKind::ExtraTurn
            | EventKind::Claim { .. }
            | EventKind::Over
            | EventKind::Mark { .. }
            | EventKind::MarksCleared { .. }
            | EventKind::Value { .. } => {}
            // A forfeit restores the board as it was before its rule ran,
            // and a truncated trace stops: the replay cannot follow either.
            #[allow(unreachable_patterns)]
            _ => return Ok(false),
        }
        let sum: i64 =
            board.iter().sum::<i64>() + reserve[0] + reserve[1] + hand + limbo + held_in_hand[0] + held_in_hand[1];
        if sum != total {
            return Err(at(format!("C-9: {sum} seeds in play instead of {total}")));
        }
        if board.iter().any(|&s| s < 0) {
            return Err(at("a cell holds fewer than 0 seeds".into()));
        }
    }
    if hand != 0 || limbo != 0 {
        return Err(format!("after the last event: hand {hand}, limbo {limbo}"));
    }
    for c in 0..n {
        if board[c] != i64::from(after.seeds(c)) || closed[c] != after.is_closed(c) {
            return Err(format!(
                "the trace leads to cell {c} holding {} (closed: {}), the position says {} (closed: {})",
                board[c],
                closed[c],
                after.seeds(c),
                after.is_closed(c)
            ));
        }
    }
    for p in Player::BOTH {
        if held_in_hand[p.index()] != i64::from(after.hand(p)) {
            return Err(format!(
                "the trace leads to {p}'s hand of {}, the position says {}",
                held_in_hand[p.index()],
                after.hand(p)
            ));
        }
        if reserve[p.index()] != i64::from(after.reserve(p)) {
            return Err(format!(
                "the trace leads to {p}'s reserve {}, the position says {}",
                reserve[p.index()],
                after.reserve(p)
            ));
        }
    }
    Ok(true)
}

/// Where hole `i` (from its owner's left) of `player`'s row of `h` holes
/// comes in the `from outside` fill order, found by listing the order as
/// MancalaGames builds it: the ends in turn, inwards, South from its left
/// end, North from its right end.
fn outside_rank(player: Player, i: usize, h: usize) -> usize {
    let mut order = Vec::with_capacity(h);
    for j in 0..h / 2 {
        order.extend([j, h - 1 - j]);
    }
    if h % 2 == 1 {
        order.push(h / 2);
    }
    let seen_as = if player == Player::South { i } else { h - 1 - i };
    order.iter().position(|&o| o == seen_as).expect("every hole comes in the order")
}
