//! MancalaGames' `capt_type = END_OPP_STORE_CAPT` (its `EndOppStoreCapture`):
//! a last seed that ends in the opponent's store takes every seed of that
//! store for the mover; a last seed ending elsewhere on the board is left to
//! the other captures (basic or cross), which MancalaGames tries only then.
//! It needs both stores sown (MancalaGames requires it).

use super::Out;

/// The store capture rule, written before the other capture rules, or
/// `None` (the problem recorded) when the stores are not both sown.
pub(super) fn opp_store(out: &mut Out, sow_stores: i64) -> Option<String> {
    if !matches!(sow_stores, 2 | 4..=6) {
        out.unsupported("capt_type", "END_OPP_STORE_CAPT without both stores sown");
        return None;
    }
    Some(
        "# capt_type = END_OPP_STORE_CAPT: a last seed in the opponent's store takes that store\n\
         on sowing_end when landing == store(opponent) {\n  capture store(opponent) to mover\n}\n"
            .to_string(),
    )
}
