//! MancalaGames' blocked holes (`sow_rule = SOW_BLKD_DIV` and
//! `SOW_BLKD_DIV_NR` with `blocks = true`, its `DivertSkipBlckdSower`,
//! `DivertBlckdLapper` and `CloseOp`), with laps (`mlaps = LAPPER`).
//!
//! At the end of a lap that goes on (its last hole holds more than one
//! seed), a hole of the opponent's row holding exactly `sow_param` seeds is
//! closed for the rest of the game as its seeds are lifted for the next lap
//! (`relay … closing`); `_NR` never closes either row's rightmost hole.
//! Closing is a capture for MancalaGames' `nocaptmoves` ban
//! (`stop_me_capt`). Sowing passes over the mover's closed holes, and a
//! seed reaching one of the opponent's goes out of play: MancalaGames puts
//! it in store 0, South's, whoever moves (`closed_toll to south`); a lap
//! whose last seed goes so ends there, and the sowing with it.

use super::Out;

/// The sowing rules that replace the lap relay `relay` (with their comments)
/// under MancalaGames' blocked-hole sow rules, or `relay` unchanged for the
/// other sow rules. Returns also whether `blocks` is accounted for.
pub(super) fn blocked(out: &mut Out, relay: String, holes: i64) -> (String, bool) {
    let rule = out.int("sow_rule", 0);
    let param = out.int("sow_param", 0);
    if !matches!(rule, 1 | 2) {
        // LAP_CAPT_OPP_GETS reads it too (opp_gets_last.rs), and the skips (skip.rs).
        if param != 0 && !matches!(rule, 5 | 7 | 10) {
            out.unsupported("sow_param", "the parameter of a sow rule not imported");
        }
        return (relay, false);
    }
    let says = out.says("sow_rule", 0);
    if out.int("blocks", 0) == 0 || out.int("mlaps", 0) != 1 {
        out.unsupported("sow_rule", "blocked holes other than with `blocks` and laps (mlaps = LAPPER)");
        return (relay, false);
    }
    if param < 2 {
        out.unsupported("sow_param", "blocked holes closed on fewer than 2 seeds");
    }
    // MancalaGames' blocked-hole sower steps hole by hole itself: it ignores
    // these, and the others change what ends a lap.
    for p in [
        "sow_start",
        "skip_start",
        "sow_stores",
        "capt_on",
        "evens",
        "capt_min",
        "capt_max",
        "capt_type",
        "crosscapt",
        "child_type",
        "mlap_cont",
        "presowcapt",
        "rounds",
        "no_sides",
        "udir_holes",
    ] {
        if out.cfg.info.get(p).is_some_and(|v| !super::is_default(v, 0)) {
            out.unsupported(p, "this parameter with blocked holes (sow_rule = SOW_BLKD_DIV)");
        }
    }
    if !matches!(out.int("sow_direct", 1), 1 | -1) {
        out.unsupported("sow_direct", "chosen directions with blocked holes (sow_rule = SOW_BLKD_DIV)");
    }
    let mut close = vec![format!("count(landing) == {param}"), "landing in opponent_row".to_string()];
    let mut why =
        format!("{says}, sow_param = {param}: a lap ending on {param} in the opponent's row closes that hole");
    if rule == 2 {
        close.push(format!("index(landing) != {holes}"));
        why += ", not the rightmost";
    }
    let ban = out.int("nocaptmoves", 0);
    if ban != 0 {
        close.insert(0, format!("turns_played >= {ban}"));
        let turns = if ban == 1 { "turn".to_string() } else { format!("{ban} turns") };
        why += &format!(" (nocaptmoves = {ban}: not during the first {turns})");
    }
    let text = format!(
        "relay lift landing closing when {}   # {why}, lifting its seeds for the next lap\n  \
         {relay}\n  \
         closed_toll to south when hole in opponent_row   # {says}: the mover's closed holes are passed over; \
         a seed reaching the opponent's goes out of play, into South's store as MancalaGames does, and a last seed \
         there ends the sowing",
        close.join(" and ")
    );
    (text, true)
}

#[cfg(test)]
mod tests {
    use super::super::tests::{refused, rules};

    #[test]
    fn blocked_holes_close_on_the_opponents_side_and_take_seeds() {
        // Deka's rules on 6 holes: close on 3, not the rightmost, not in the first turn.
        let text =
            rules(6, 2, ", \"blocks\": true, \"mlaps\": 1, \"sow_rule\": 2, \"sow_param\": 3, \"nocaptmoves\": 1");
        assert!(
            text.contains(
                "relay lift landing closing when turns_played >= 1 and count(landing) == 3 and landing in opponent_row \
                 and index(landing) != 6"
            ),
            "{text}"
        );
        assert!(text.contains("relay lift landing when count(landing) > 1"), "{text}");
        assert!(text.contains("closed_toll to south when hole in opponent_row"), "{text}");
        // SOW_BLKD_DIV closes the rightmost holes too.
        let any = rules(8, 3, ", \"blocks\": true, \"mlaps\": 1, \"sow_rule\": 1, \"sow_param\": 4");
        assert!(
            any.contains("relay lift landing closing when count(landing) == 4 and landing in opponent_row "),
            "{any}"
        );
        assert!(!any.contains("index(landing)"), "{any}");
    }

    #[test]
    fn blocked_holes_are_refused_where_they_would_play_otherwise() {
        assert_eq!(refused(", \"mlaps\": 1, \"sow_rule\": 1, \"sow_param\": 4"), ["sow_rule"]);
        // Without laps, `blocks` is left to the rounds, which refuse it too.
        assert_eq!(refused(", \"blocks\": true, \"sow_rule\": 1, \"sow_param\": 4"), ["sow_rule", "blocks"]);
        let start = refused(", \"blocks\": true, \"mlaps\": 1, \"sow_rule\": 1, \"sow_param\": 4, \"sow_start\": true");
        assert!(!start.is_empty() && start.iter().all(|p| p == "sow_start"), "{start:?}");
        assert_eq!(refused(", \"sow_param\": 4"), ["sow_param"]);
    }
}
