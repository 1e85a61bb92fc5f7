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

use super::Out;

/// The board statement the class adds (empty for `Mancala`), or `None`
/// with the class recorded as unsupported.
pub(super) fn board_line(out: &mut Out) -> Option<&'static str> {
    match out.cfg.game_class.as_str() {
        "Mancala" => Some(""),
        "NorthSouthCycle" => Some(
            "\n  circuits own   # game_class = NorthSouthCycle: each player sows round their own row (and store) only",
        ),
        _ => {
            out.problems.push(super::Unsupported {
                param: "game_class".into(),
                value: out.cfg.game_class.clone(),
                missing: "the engine class's own board or sowing (importer: classes Mancala and NorthSouthCycle only)"
                    .into(),
            });
            None
        }
    }
}
