//! MancalaGames' en passant sow rules (`sow_rule = ENPAS_*`, its
//! `SowEnPassant`): a seed that brings a hole to a basic capture count takes
//! that hole at once, while the sowing goes on.
//!
//! The rule's name reads: which holes (ALL, the SOWer's row, the OPPonent's
//! row), who takes them (the hole's OWNER or the SOWER), and, for the OWNER
//! rules, who takes the hole of each lap's last seed (`_OWN`: the owner,
//! here; `_SOW`: left to the ordinary capture, which is the mover's).

use super::{basic, side, Out};

/// The `on drop` rule for `sow_rule` (empty for the rules that are not en
/// passant), or nothing when a part of it cannot be expressed.
pub(super) fn en_passant(out: &mut Out) -> String {
    let rule = out.int("sow_rule", 0);
    // (rows it applies to, taker, whether each lap's last seed is taken here)
    let (rows, taker, last) = match rule {
        // LAP_CAPT: the capture rule on each lap (lap_capture.rs); blocked holes: blocked.rs.
        0 | 1 | 2 | 8 | 10 => return String::new(),
        // LAP_CAPT_SEEDS: captured seeds sown on (lap_capt_seeds.rs).
        12 => return String::new(),
        // Holes passed over as the seeds are sown: skip.rs.
        5 | 7 | 9 | 13 => return String::new(),
        3 => (None, "owner(hole)", false),
        4 => (None, "owner(hole)", true),
        14 => (None, "mover", false),
        15 => (Some("hole in mover_row"), "mover", false),
        16 => (Some("hole in opponent_row"), "mover", false),
        11 => {
            out.unsupported(
                "sow_rule",
                "the opponent's children passed over but by a lap's last seed: `skip when` cannot read the \
                 seeds left in hand",
            );
            return String::new();
        }
        _ => {
            out.unsupported("sow_rule", "MancalaGames' sow rules (skips, lap captures, blocked holes)");
            return String::new();
        }
    };
    let says = out.says("sow_rule", 0);
    // A row restriction already keeps the stores out, which is all capt_side = BOTH does.
    let hole_side = match rows {
        Some(r) if out.int("capt_side", 0) == 0 => r.to_string(),
        Some(r) => format!("{r} and {}", side(out, "hole").unwrap_or_default()),
        None => side(out, "hole").unwrap_or_default(),
    };
    if hole_side.is_empty() {
        return String::new();
    }
    let Some((crit, why)) = basic(out, "hole") else {
        out.unsupported("sow_rule", "en passant captures without a basic capture (capt_on, evens, capt_min, capt_max)");
        return String::new();
    };
    let side_says = out.says("capt_side", 0);
    let (which, lap_end) = if last {
        ("including last", "each lap's last seed too")
    } else {
        ("excluding last", "each lap's last seed is left to the capture at the end")
    };
    let who = if taker == "mover" { "the mover" } else { "the hole's owner" };
    format!(
        "# {says}, {why}, {side_says}:\n\
         # a seed that brings a hole to a capture count gives it to {who} at once;\n\
         # {lap_end}\n\
         on drop {which} when {hole_side} and {crit} {{\n  capture hole to {taker}\n}}\n"
    )
}
