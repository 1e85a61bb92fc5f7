//! A position belongs to its game: every machine call that plays, counts or
//! traces from a position refuses one built by the machine of other rules
//! (before this, a Sadeqa III position panicked on Kalah's machine and a
//! Kalah position played on Oware's, losing a seed).

mod support;

#[path = "../fuzz/src/lib.rs"]
#[allow(dead_code)]
mod fuzz;

use proptest::prelude::*;
use sowspec::{Machine, Move, Position};
use support::{bundled, machine_of, mix, pick, read, rules_files};

/// Games of every shape: stores or none, one or two rows a player, rounds,
/// claims, chosen directions.
const GAMES: [&str; 7] = ["kalah", "oware", "raja_pasu", "sadeqa3", "toguz_kumalak", "omweso", "bohnenspiel"];

/// The position after `plies` random moves of `m`'s game (fewer if it ends).
fn played(m: &Machine, seed: u64, plies: usize) -> Position {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut pos = m.initial();
    for _ in 0..plies {
        if pos.legal_mask() == 0 {
            break;
        }
        let mv = if m.decides() {
            // Rules that ask for decisions: one of the complete moves.
            let complete = m.legal_moves(&pos).expect("complete moves");
            complete[rng.usize(..complete.len())]
        } else {
            m.move_at(pick(&mut rng, pos.legal_mask()))
        };
        pos = m.play(&pos, mv).expect("a legal move of its own game");
    }
    pos
}

/// Asserts that `m` refuses `pos` (a position of another game) in every
/// call, whatever move is tried (the fuzz target `mixed`'s invariant).
fn refuses(m: &Machine, pos: &Position, what: &str) {
    assert_ne!(pos.game(), m.rules().game(), "{what}: the two games share a fingerprint");
    for index in 0..64 {
        fuzz::mixed::refuses(m, pos, Move::from_index(index, m.chosen()), what);
    }
}

#[test]
fn every_call_refuses_a_position_of_another_game() {
    let machines = GAMES.map(|g| bundled(&format!("{g}.rules")));
    for (a, ma) in GAMES.iter().zip(&machines) {
        for plies in [0, 5] {
            let pos = played(ma, 7, plies);
            for (b, mb) in GAMES.iter().zip(&machines) {
                if a != b {
                    refuses(mb, &pos, &format!("a {a} position after {plies} moves on the {b} machine"));
                }
            }
        }
    }
}

#[test]
fn machines_of_the_same_rules_share_their_positions() {
    let first = bundled("kalah.rules");
    let second = bundled("kalah.rules");
    let pos = played(&first, 3, 4);
    assert_eq!(second.legal_mask(&pos), Ok(pos.legal_mask()));
    let mv = pos.legal_moves().next().expect("a legal move");
    assert_eq!(second.play(&pos, mv), first.play(&pos, mv));
    // The definition and one-round play are the same game.
    assert!(first.definition().play(&pos, mv).is_ok());
    assert!(first.clone().with_one_round(true).play(&pos, mv).is_ok());
}

#[test]
#[should_panic(expected = "a position of another game")]
fn play_unchecked_panics_on_a_position_of_another_game() {
    let (kalah, oware) = (bundled("kalah.rules"), bundled("oware.rules"));
    let mut pos = kalah.initial();
    oware.play_unchecked(&mut pos, Move::from_index(0, false));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, rng_seed: support::proptest_seed(), ..ProptestConfig::default() })]

    /// Any bundled game's position, at any point of a random game, is
    /// refused by the machine of any other bundled rules text.
    #[test]
    fn machines_and_positions_of_bundled_games_do_not_mix(a in any::<u64>(), b in any::<u64>(), seed in any::<u64>(), plies in 0usize..40) {
        let files = rules_files();
        let (fa, fb) = (&files[(a % files.len() as u64) as usize], &files[(b % files.len() as u64) as usize]);
        let (ta, tb) = (read(fa), read(fb));
        prop_assume!(ta != tb);
        let (ma, mb) = (machine_of(&ta, "a"), machine_of(&tb, "b"));
        let pos = played(&ma, mix(seed), plies);
        refuses(&mb, &pos, &format!("a {} position on the {} machine", fa.display(), fb.display()));
    }
}
