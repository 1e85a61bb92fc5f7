//! `game_class`: MancalaGames' engine classes other than `Mancala`.
//!
//! `NorthSouthCycle` (its `two_cycle.py`) changes only the increment: each
//! player sows round their own row, then their store when stores are sown
//! (`NSIncOwnStores`; both stores with `sow_stores = BOTH`), and never into
//! the opponent's row. Everything else is class `Mancala`'s, so the class is
//! the board statement `circuits own`. MancalaGames' own rule tests refuse
//! the parameters that would need the opponent's row (territory,
//! `mustshare`, sowing rules about the opponent's side); moves sown from the
//! store (`play_locs`) are refused on their own.
//!
//! `ZigZag` changes the track and the directions (zigzag.rs adds them),
//! `BearOff` the sowing once no hole holds more than a seed (bear_off.rs).

use super::Out;

/// The board statement the class adds (empty for `Mancala`), or `None`
/// with the class recorded as unsupported.
pub(super) fn board_line(out: &mut Out) -> Option<&'static str> {
    match out.cfg.game_class.as_str() {
        "Mancala" | "ZigZag" | "BearOff" => Some(""),
        "NorthSouthCycle" => Some(
            "\n  circuits own   # game_class = NorthSouthCycle: each player sows round their own row (and store) only",
        ),
        _ => {
            out.problems.push(super::Unsupported {
                param: "game_class".into(),
                value: out.cfg.game_class.clone(),
                missing: "the engine class's own board or sowing (importer: classes Mancala, NorthSouthCycle, ZigZag and BearOff only)"
                    .into(),
            });
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::class_rules;

    /// The rules text for `info` under `class`, checked, or the parameters refused.
    fn translated(class: &str, info: &str) -> Result<String, Vec<String>> {
        class_rules(class, 5, 2, info)
    }

    /// Tchuka Ruma's shape: 5 holes, 2 seeds, laps, one's own store sown.
    #[test]
    fn north_south_cycles_sow_round_their_own_row() {
        let text =
            translated("NorthSouthCycle", ", \"stores\": true, \"sow_stores\": 1, \"mlaps\": 1, \"goal\": 3").unwrap();
        assert!(text.contains("  stores sown "), "{text}");
        assert!(
            text.contains(
                "  circuits own            # game_class = NorthSouthCycle: each player sows round their own row"
            ),
            "{text}"
        );
        assert!(!translated("Mancala", "").unwrap().contains("circuits"));
    }

    #[test]
    fn other_classes_are_refused() {
        for class in ["Diffusion", "EastWestCycle"] {
            assert_eq!(translated(class, ""), Err(vec!["game_class".to_string()]), "{class}");
        }
    }
}
