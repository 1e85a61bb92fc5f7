//! MancalaGames' `sow_rule = LAP_CAPT_OPP_GETS` (its `SowOppCaptsLast`
//! under the LAP_CAPT lap continuers): the captures of `LAP_CAPT`
//! (lap_capture.rs), and once no more than `sow_param` seeds are on the
//! board as a lap begins (the seeds in hand not counted), each seed that lap
//! sows on the opponent's row goes to the opponent instead, the last one too
//! unless it makes a capture where it falls.
//!
//! Two memory values carry it: `opp_gets`, whether the lap being sown gives
//! seeds away (worked out when the move starts, then at each lap's end for
//! the lap that follows: from the hole after a capture, from the last hole
//! otherwise), and `took`, whether this lap's end captured. The relay after a
//! capture reads `took`, since a last seed given away can also leave its
//! hole empty, which ends MancalaGames' sowing. As there, a hole left
//! holding a capturable number once the last seed is given away is then
//! captured.

use super::Out;

/// The seeds on the board, the seeds in hand not counted.
const BOARD: &str = "total(mover_row) + total(opponent_row)";

/// What LAP_CAPT_OPP_GETS changes: the memory values, the capture rules
/// (from `rules`, lap_capture.rs' rule at each lap's end) and the relay
/// after a capture (from `relay`); all as they are for other sow rules.
pub(super) fn opp_gets_last(out: &mut Out, rules: String, relay: Option<String>) -> (String, String, Option<String>) {
    if out.int("sow_rule", 0) != 10 {
        return (String::new(), rules, relay);
    }
    let param = out.int("sow_param", 0);
    let head = "on lap_end when ";
    let (Some(relay), Some(start), true) = (relay, rules.find(head), param > 0) else {
        out.unsupported("sow_rule", "LAP_CAPT_OPP_GETS other than with one basic capture on each lap");
        return Default::default();
    };
    let body = &rules[start + head.len()..];
    let Some((cond, _)) = body.split_once(" {\n") else {
        return Default::default();
    };
    let says = format!("{}, sow_param = {param}", out.says("sow_rule", 0));
    let memory = format!(
        "  value opp_gets   # {says}: whether the lap being sown gives the opponent their seeds\n  \
         value took       # {says}: whether this lap's end captured\n"
    );
    let captured = rules.replacen("  capture landing to mover\n}", "  capture landing to mover\n  set took to 1\n}", 1);
    let text = format!(
        "# {says}: from a lap that begins with at most {param} seeds on the board,\n\
         # the seeds sown on the opponent's row go to the opponent, the last one\n\
         # too unless it captures where it falls\n\
         on move_start {{\n  clear opp_gets\n  set opp_gets to 1 when {BOARD} <= {param}\n}}\n\
         on drop excluding last when opp_gets == 1 and hole in opponent_row {{\n  capture 1 from hole to opponent\n}}\n\
         on lap_end {{\n  clear took\n}}\n\
         on lap_end when opp_gets == 1 and landing in opponent_row and not ({cond}) {{\n  \
         capture 1 from landing to opponent\n}}\n\
         {captured}\
         # the next lap: from the hole after a capture, else from the last hole\n\
         on lap_end {{\n  clear opp_gets\n  \
         set opp_gets to 1 when took == 1 and {BOARD} - count(next) <= {param}\n  \
         set opp_gets to 1 when took == 0 and {BOARD} - count(landing) <= {param}\n}}\n"
    );
    let relay = relay.replacen("count(landing) == 0 and", "took == 1 and", 1);
    (memory, text, Some(relay))
}

#[cfg(test)]
mod tests {
    use super::super::tests::{refused, rules};

    /// Meusueb's settings: captures of 4 on each lap, the last 8 seeds given away.
    #[test]
    fn the_last_seeds_sown_on_the_opponents_row_are_theirs() {
        let text = rules(6, 4, ", \"mlaps\": 1, \"capt_on\": [4], \"sow_rule\": 10, \"sow_param\": 8");
        assert!(text.contains("value opp_gets"), "{text}");
        assert!(text.contains("set opp_gets to 1 when total(mover_row) + total(opponent_row) <= 8"), "{text}");
        assert!(text.contains("capture 1 from hole to opponent"), "{text}");
        assert!(text.contains("    capture landing to mover\n    set took to 1\n"), "{text}");
        assert!(text.contains("relay lift next when took == 1 and count(next) > 0"), "{text}");
        assert!(refused(", \"mlaps\": 1, \"sow_rule\": 10, \"sow_param\": 8").contains(&"sow_rule".to_string()));
    }
}
