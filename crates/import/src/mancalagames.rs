//! MancalaGames parameters → a sowspec rules file, declaration by declaration,
//! each with a comment naming the parameter and value it comes from.
//!
//! Only what is known to play exactly as MancalaGames does is written; every
//! other non-default value is an [`Unsupported`] naming what is missing.

use super::config::Config;
use super::directions::{directions, CLOCKWISE};
use super::names::name;
use super::rounds::rounds;
use super::Unsupported;
use serde_json::Value;

mod allow_rule;
mod bear_off;
mod blocked;
mod capt_next;
mod capt_opp_1ccw;
mod child_leftovers;
mod children;
mod classes;
mod clear;
mod counted_chain;
mod cross_chain;
mod divvied;
mod en_passant;
mod end_seeds;
mod goal;
mod grand_slam_illegal;
mod grand_slam_keep;
mod lap_capt_seeds;
mod lap_capture;
mod lap_cross;
mod loser_only;
mod match_opp;
mod move_all_first;
mod move_unlock;
mod no_capture_turns;
mod no_sides;
mod no_single;
mod opening;
mod opp_gets;
mod opp_gets_last;
mod opp_store;
mod owner_children;
mod pass_store;
mod pick_cross;
mod pick_opp_basic;
mod pick_own;
mod pick_twice;
mod pre_sow_capture;
mod previous_move;
mod pull_across;
mod rams;
mod random_start;
mod repeat_turn;
mod round_wins;
mod singletons;
mod skip;
mod sow_one_opp;
mod start;
mod terr_side;
mod territory;
mod territory_pattern;
mod udir_endless;
mod udir_share;
mod unfed;
mod zigzag;

/// Parameters with no effect on play (descriptions, AI settings).
const IGNORED: &[&str] = &["name", "about", "help_file", "difficulty", "udirect", "mlength"];

/// Parameters this importer reads (their supported values are checked where they are used).
const HANDLED: &[&str] = &[
    "stores",
    "sow_direct",
    "sow_stores",
    "sow_start",
    "move_one",
    "skip_start",
    "min_move",
    "mustshare",
    "mustpass",
    "evens",
    "capt_on",
    "capt_min",
    "capt_max",
    "capt_side",
    "crosscapt",
    "xcpickown",
    "multicapt",
    "capt_dir",
    "unclaimed",
    "quitter",
    "goal",
    "grandslam",
    "mlaps",
    "mlap_cont",
    "mlap_param",
    "udir_holes",
    "end_cond",
    "end_param",
    "rounds",
    "round_fill",
    "round_starter",
    "blocks",
    "goal_param",
    "capt_type",
    "sow_rule",
    "pickextra",
    "allow_rule",
    "capt_rturn",
    "start_pattern",
    "child_type",
    "child_cvt",
    "child_locs",
    "child_rule",
    "nosinglecapt",
    "nocaptmoves",
    "presowcapt",
    "no_sides",
    "sow_param",
    "prescribed",
    "moveunlock",
];

/// Parameters supported only at their default (the value, and what a non-default one needs).
const AT_DEFAULT: &[(&str, i64, &str)] = &[
    ("play_locs", 0, "moves sowing from the store"),
    ("xc_sown", 0, "cross capture only after sowing into the opponent's row"),
];

/// A value as it reads in messages: the enum name for numbers of known enums.
fn shown(param: &str, value: &Value) -> String {
    match value.as_i64() {
        Some(n) if !matches!(value, Value::Bool(_)) => name(param, n),
        _ => value.to_string(),
    }
}

/// Whether `value` is the parameter's default (`default`: 0 / false / empty).
fn is_default(value: &Value, default: i64) -> bool {
    match value {
        Value::Null => true,
        Value::Bool(b) => i64::from(*b) == default,
        Value::Array(a) => a.is_empty() && default == 0,
        v => v.as_i64() == Some(default),
    }
}

/// The rules being built: text, plus what cannot be expressed.
struct Out<'a> {
    cfg: &'a Config,
    problems: Vec<Unsupported>,
}

impl Out<'_> {
    /// Records that `param`'s value needs `missing`.
    fn unsupported(&mut self, param: &str, missing: &str) {
        // An absent parameter is at its default, 0 (false) for those refused at their default.
        let value = self.cfg.info.get(param).map_or_else(
            || match param {
                "blocks" => "false".to_string(),
                "quitter" => name(param, 4),
                _ => name(param, 0),
            },
            |v| shown(param, v),
        );
        self.problems.push(Unsupported { param: param.into(), value, missing: missing.into() });
    }

    /// An integer parameter; a malformed one is recorded and read as `default`.
    fn int(&mut self, param: &str, default: i64) -> i64 {
        self.cfg.int(param, default).unwrap_or_else(|e| {
            self.problems.push(Unsupported { param: param.into(), value: "?".into(), missing: e });
            default
        })
    }

    /// `param = NAME` for comments.
    fn says(&mut self, param: &str, default: i64) -> String {
        let v = self.int(param, default);
        format!("{param} = {}", name(param, v))
    }
}

/// The seeds a hole must hold for a basic capture (`evens`, `capt_on`,
/// `capt_min`, `capt_max`), as a condition on `h`, with its comment; `None`
/// when no basic criterion is set.
fn basic(out: &mut Out, h: &str) -> Option<(String, String)> {
    let mut terms = Vec::new();
    let mut why = Vec::new();
    if out.int("evens", 0) != 0 {
        terms.push(format!("count({h}) % 2 == 0"));
        why.push("evens = true".to_string());
    }
    let on = out.cfg.ints("capt_on").unwrap_or_else(|e| {
        out.problems.push(Unsupported { param: "capt_on".into(), value: "?".into(), missing: e });
        Vec::new()
    });
    if !on.is_empty() {
        let alts: Vec<String> = on.iter().map(|n| format!("count({h}) == {n}")).collect();
        terms.push(if alts.len() == 1 { alts[0].clone() } else { format!("({})", alts.join(" or ")) });
        why.push(format!("capt_on = {on:?}"));
    }
    for (param, op) in [("capt_min", ">="), ("capt_max", "<=")] {
        let n = out.int(param, 0);
        if n != 0 {
            terms.push(format!("count({h}) {op} {n}"));
            why.push(format!("{param} = {n}"));
        }
    }
    (!terms.is_empty()).then(|| (terms.join(" and "), why.join(", ")))
}

/// Whether the basic criterion holds for an empty hole (`evens`, or
/// `capt_max` alone): MancalaGames never captures an empty hole (its
/// `CaptNeedSeeds`), so a chain stops there. The last hole sown always holds
/// a seed; the holes further along a chain must be tested.
fn admits_empty(out: &mut Out) -> bool {
    let on = out.cfg.ints("capt_on").unwrap_or_default();
    out.int("evens", 0) != 0 || (out.int("capt_max", 0) != 0 && on.is_empty() && out.int("capt_min", 0) == 0)
}

/// Where a captured hole `h` may be (`capt_side`, and not a child), as a
/// condition, or `None` when unsupported.
fn side(out: &mut Out, h: &str) -> Option<String> {
    let rows = match out.int("capt_side", 0) {
        0 => format!("({h} in mover_row or {h} in opponent_row)"),
        1 => format!("{h} in opponent_row"),
        2 => format!("{h} in mover_row"),
        // OPP_CONT, OWN_CONT: MancalaGames reads the side of the hole where
        // the captures start (its `capt_start`, the last one sown) for
        // every hole captured.
        3 | 4 => {
            let start = if out.int("capt_side", 0) == 3 { "landing in opponent_row" } else { "landing in mover_row" };
            if h == "landing" {
                start.to_string()
            } else {
                format!("{start} and ({h} in mover_row or {h} in opponent_row)")
            }
        }
        5 | 6 => terr_side::side(out, h)?,
        _ => {
            out.unsupported("capt_side", "capture sides by territory");
            return None;
        }
    };
    Some(rows + &move_unlock::capturable(out, h) + &children::capturable(out, h))
}

/// The capture rules (`on sowing_end`) as text, and the condition on which
/// they capture (empty when there is none): multi-lap sowing stops there.
/// `along` is, when the player chooses directions in some holes of a game
/// sown one way, the conditions that a move sows that way and the other way:
/// MancalaGames then runs chains of captures against the game's direction,
/// not the move's.
fn captures(out: &mut Out, stores_sown: bool, along: Option<(&str, &str)>) -> (String, String) {
    match out.int("capt_type", 0) {
        0 | 8 => {}
        2 => return (two_out(out, stores_sown), String::new()),
        7 => return (pull_across::pull_across(out), String::new()),
        5 => return (capt_opp_1ccw::capture(out), String::new()),
        6 => return (pass_store::pass_store(out), String::new()),
        4 => return (singletons::singletons(out), String::new()),
        3 => return match_opp::capture(out),
        1 => return (capt_next::capture(out, along.is_some(), stores_sown), String::new()),
        _ => {
            out.unsupported(
                "capt_type",
                "MancalaGames' capture types (importer: basic, cross and TWO_OUT captures only)",
            );
            return Default::default();
        }
    }
    let cross = out.int("crosscapt", 0);
    let multi = out.int("multicapt", 0);
    let dir = out.int("capt_dir", 0);
    let side_says = out.says("capt_side", 0);
    match cross {
        0 => {
            let Some(landing_side) = side(out, "landing") else { return Default::default() };
            let Some((crit, why)) = basic(out, "landing") else { return Default::default() };
            let when = format!("{landing_side} and {crit}");
            let text = match multi {
                0 => format!(
                    "# {why}, {side_says}: the last sown hole is captured\n\
                     on sowing_end when {landing_side} and {crit} {{\n  capture landing to mover\n}}\n"
                ),
                -1 if !stores_sown && dir != 2 => {
                    let way = if dir == 0 { "backward" } else { "forward" };
                    let (hole_crit, _) = basic(out, "hole").unwrap_or_default();
                    let hole_crit =
                        if admits_empty(out) { format!("count(hole) > 0 and {hole_crit}") } else { hole_crit };
                    let hole_side = side(out, "hole").unwrap_or_default();
                    let dir_says = out.says("capt_dir", 0);
                    let sweep = |way: &str| {
                        format!(
                            "sweep {way} from landing while {hole_side} and {hole_crit} {{\n    capture hole to mover\n  }}\n"
                        )
                    };
                    let body = match along {
                        Some((along, against)) if dir == 0 => format!(
                            "  # against sow_direct, whichever way the move sowed\n  if {along} {{\n  {}  }}\n  \
                             if {against} {{\n  {}  }}\n",
                            sweep("backward"),
                            sweep("forward")
                        ),
                        _ => format!("  {}", sweep(way)),
                    };
                    format!(
                        "# {why}, {side_says}, multicapt = -1, {dir_says}: the last sown hole and the run of\n\
                         # qualifying holes before it are captured\n\
                         on sowing_end when {landing_side} and {crit} {{\n{body}}}\n"
                    )
                }
                2.. if !stores_sown && dir != 2 && along.is_none() => {
                    let (way, place) = if dir == 0 { ("prev", "before") } else { ("next", "after") };
                    let dir_says = out.says("capt_dir", 0);
                    let body = counted_chain::counted(out, multi, way).unwrap_or_default();
                    format!(
                        "# {why}, {side_says}, multicapt = {multi}, {dir_says}: the last sown hole and up to\n\
                         # {} more in a row {place} it, each while it qualifies\n\
                         on sowing_end when {landing_side} and {crit} {{\n{body}}}\n",
                        multi - 1
                    )
                }
                _ => {
                    out.unsupported(
                        "multicapt",
                        "multiple captures in this combination (counted, both ways, or through stores)",
                    );
                    String::new()
                }
            };
            (text, when)
        }
        1 | 3 => {
            let chain = if multi != 0 { cross_chain::sweep(out, along.is_some()) } else { None };
            let pick = out.int("xcpickown", 0);
            let always = if pick == 2 { pick_own::always_pick(out) } else { String::new() };
            let Some(facing_side) = side(out, "opposite(landing)") else { return Default::default() };
            let crit = basic(out, "opposite(landing)");
            let (crit_text, why) = match crit {
                Some((c, w)) => (format!(" and {c}"), format!(" ({w})")),
                None => (String::new(), String::new()),
            };
            let pick_says = out.says("xcpickown", 0);
            let cross_says = out.says("crosscapt", 0);
            let pick_action = if pick == 1 { "\n  capture landing to mover" } else { "" };
            let when = format!(
                "(landing in mover_row or landing in opponent_row) and count(landing) == 1\n\
                 and {facing_side} and count(opposite(landing)) > 0{crit_text}"
            );
            let text = format!(
                "# {cross_says}, {side_says}{why}: the last seed alone in a hole captures the facing seeds;\n\
                 # {pick_says}\n\
                 on sowing_end when {when} {{\n  \
                 {}{pick_action}\n}}\n{always}",
                chain.unwrap_or_else(|| "capture opposite(landing) to mover".into())
            );
            (text, when)
        }
        _ => {
            out.unsupported("crosscapt", "cross captures other than ONE_ZEROS and ONE_ANY");
            Default::default()
        }
    }
}

/// `hole` followed `n` times along the mover's track: `next(next(hole))`.
fn nexts(hole: &str, n: usize) -> String {
    (0..n).fold(hole.to_string(), |h, _| format!("next({h})"))
}

/// TWO_OUT captures (MancalaGames' CaptTwoOut): when the hole after the
/// last one sown is empty, the seeds of the hole beyond it are captured;
/// with `multicapt` the capture goes on across each further empty hole
/// (the hole captured last is the new start). Without laps the last hole
/// must have held seeds before (it holds more than the one just sown), and
/// no capture is chained, since the start of a further capture, the hole
/// just emptied, then holds none. A chain visits each open hole at most
/// once, two holes a step: `holes` steps are the most there can be.
/// The capture does not stop laps. Written as nested `if`s, one a step.
fn two_out(out: &mut Out, stores_sown: bool) -> String {
    let mlaps = out.int("mlaps", 0) != 0;
    let multi = out.int("multicapt", 0);
    for (param, ok, missing) in [
        ("capt_dir", out.int("capt_dir", 0) == 1, "TWO_OUT against the sowing direction"),
        ("capt_side", out.int("capt_side", 0) == 0, "TWO_OUT limited to one side"),
        ("crosscapt", out.int("crosscapt", 0) == 0, "TWO_OUT with cross captures"),
        ("sow_stores", !stores_sown, "TWO_OUT across a sown store"),
        ("skip_start", out.int("skip_start", 0) == 0, "TWO_OUT past a skipped hole"),
    ] {
        if !ok {
            out.unsupported(param, missing);
        }
    }
    let steps = match (mlaps, multi) {
        (false, _) | (true, 0) => 1,
        (true, n) if n < 0 => usize::try_from(out.cfg.holes).unwrap_or(1),
        (true, n) => usize::try_from(n.min(out.cfg.holes)).unwrap_or(1),
    };
    let occupied = if mlaps { "" } else { "count(landing) > 1 and " };
    let mut body = String::new();
    for k in (1..steps).rev() {
        let start = nexts("after", 2 * (k - 1));
        let target = nexts("after", 2 * k);
        body =
            format!("if count(next({start})) == 0 and count({target}) > 0 {{\ncapture {target} to mover\n{body}}}\n");
    }
    let why = match (mlaps, multi) {
        (false, 0) => "the last hole occupied before".to_string(),
        (false, _) => format!("multicapt = {multi} (no chain: the hole just emptied starts none)"),
        (true, 0) => "with laps".to_string(),
        (true, _) => format!("multicapt = {multi}: on across each further empty hole"),
    };
    format!(
        "# capt_type = TWO_OUT, capt_dir = SOW, {why}: past an empty hole\n\
         # after the last one sown, the next hole's seeds are captured\n\
         on sowing_end when {occupied}count(next) == 0 and count(after) > 0 {{\n\
         capture after to mover\n{body}}}\n"
    )
}

/// A capture rule (`# comment` then `on … { … }`) with `actions` (lines
/// indented by two spaces) as its last actions; `None` for anything else.
fn with_last_actions(rule: &str, actions: &str) -> Option<String> {
    let body = rule.strip_suffix("}\n").filter(|_| rule.starts_with('#'))?;
    Some(format!("{body}{actions}}}\n"))
}

/// The capture rule with MancalaGames' grand slam rule (`grandslam`): a
/// capture that empties the opponent's row, when it held seeds as the move
/// began, is undone with NO_CAPT (GSNone) and gives another turn with
/// LEGAL_SHARE (GSLegalShare: the mover must then share, if `mustshare`
/// says so); LEGAL changes nothing.
fn grand_slam(out: &mut Out, rule: String) -> String {
    match out.int("grandslam", 0) {
        // NOT_LEGAL: a move filter (grand_slam_illegal.rs).
        0 | 1 => rule,
        2 => with_last_actions(
            &rule,
            "  # grandslam = NO_CAPT: taking every seed of a row that had some captures nothing\n  \
             forfeit when total_before(opponent_row) > 0 and total(opponent_row) == 0\n",
        )
        .unwrap_or(rule),
        3 => opp_gets::opp_gets(out, &rule).unwrap_or_default(),
        4 | 5 => grand_slam_keep::keep(out, rule).unwrap_or_default(),
        6 => with_last_actions(
            &rule,
            "  # grandslam = LEGAL_SHARE: taking every seed of a row that had some gives another turn\n  \
             extra_turn when total_before(opponent_row) > 0 and total(opponent_row) == 0\n",
        )
        .unwrap_or(rule),
        _ => {
            out.unsupported("grandslam", "grand slams that give the rest away, share or are not legal");
            rule
        }
    }
}

/// MancalaGames' extra end condition (`end_cond`, `end_param`) as a further
/// line of the `over` condition, with its comment (empty when none).
fn end_condition(out: &mut Out) -> String {
    let param = out.int("end_param", 0);
    let (cond, why) = match out.int("end_cond", 0) {
        0 => {
            if param != 0 {
                out.unsupported("end_param", "an end parameter without an end condition");
            }
            return String::new();
        }
        1 => ("total(mover_row) == 0".to_string(), "the mover's holes are empty".to_string()),
        2 => ("total(opponent_row) == 0".to_string(), "the opponent's holes are empty".to_string()),
        3 => (
            format!("total(mover_row) + total(opponent_row) <= {param}"),
            format!("end_param = {param}: {param} or fewer seeds on the board"),
        ),
        _ => {
            out.unsupported("end_cond", "an end when every hole holds few seeds (a condition over all holes)");
            return String::new();
        }
    };
    format!("\nor {cond}   # {}, {why}", out.says("end_cond", 0))
}

/// MancalaGames' MAX_LAPS: a sowing that would need more laps is endless.
const MAX_LAPS: i64 = 75;

/// MancalaGames' extra picks (`pickextra`, its `PickLastSeeds`): after the
/// captures of every move that is not a repeat turn, when `nbr_start` seeds
/// or fewer are left on the board, the mover takes them all. Written after
/// the capture rules, which run first. Supported where MancalaGames' test
/// of the holes it may take (`capt_check`) is every open hole: captures on
/// both sides, no store sown, no grand slam rule.
fn last_seeds(out: &mut Out, sow_stores: i64) -> String {
    match out.int("pickextra", 0) {
        // PICKCROSS: with the capture rule (pick_cross.rs).
        0 | 1 => return String::new(),
        // PICKOPPBASIC: with CAPT_OPP_1CCW's rule, or after the basic and cross captures (pick_opp_basic.rs).
        2 => return String::new(),
        // PICKFINAL: with NEXT's rule (capt_next.rs).
        5 if out.int("capt_type", 0) == 1 => return String::new(),
        3 | 4 => {}
        _ => {
            out.unsupported(
                "pickextra",
                "extra picks after a capture (importer: PICKCROSS, PICKLASTSEEDS and PICK2XLASTSEEDS only)",
            );
            return String::new();
        }
    }
    // MancalaGames counts the seeds of the holes its capture check allows (the
    // side of `capt_side`, unless captures are cross captures), and takes every one.
    let (left, counted) = match (out.int("capt_side", 0), out.int("crosscapt", 0)) {
        (0, _) | (_, 1) => ("total(mover_row) + total(opponent_row)", "left"),
        (1, _) => ("total(opponent_row)", "left on the opponent's side (capt_side = OPP_SIDE)"),
        (2, _) => ("total(mover_row)", "left on the mover's side (capt_side = OWN_SIDE)"),
        _ => ("", ""),
    };
    if left.is_empty() || sow_stores != 0 || out.int("grandslam", 0) != 0 {
        out.unsupported(
            "pickextra",
            "PICKLASTSEEDS with captures by territory or continuing across rows, sown stores or a grand slam rule",
        );
        return String::new();
    }
    let (n, taker, says) = pick_twice::picker(out);
    format!(
        "# pickextra = {says} or fewer are {counted}\n\
         # after the captures, the {taker} takes every seed on the board\n\
         on sowing_end when {left} > 0 and {left} <= {n} {{\n  \
         capture every hole where count(hole) > 0 to {taker}\n}}\n"
    )
}

/// The lap rules (`mlaps`, `mlap_cont`, `mlap_param`): the `relay` statement
/// of the sowing (empty for single laps) and the `endless` statement of the
/// moves. `capture` is the condition on which the captures take (empty when
/// none): MancalaGames stops lapping where a capture can be made.
fn laps(out: &mut Out, capture: &str) -> (String, String) {
    let mlaps = out.int("mlaps", 0);
    let cont = out.int("mlap_cont", 0);
    if mlaps == 0 {
        if cont != 0 {
            out.unsupported("mlap_cont", "lap conditions without multi-lap sowing");
        }
        return (String::new(), "endless after 1 laps illegal   # mlaps = OFF: a single lap".into());
    }
    if out.int("sow_start", 0) != 0 {
        out.unsupported("sow_start", "the first seed back into the lifted hole on the first lap only");
    }
    let stores = out.int("sow_stores", 0);
    if stores > 1 {
        out.unsupported("sow_stores", "multi-lap sowing ending in a store without a repeat turn");
    }
    let mut conds = Vec::new();
    let (hole, lifts) = match mlaps {
        1 => ("landing", "a last seed in an occupied hole sows its seeds on"),
        2 => ("next", "the seeds of an occupied hole after the last seed are sown on"),
        _ => {
            out.unsupported("mlaps", "an unknown lap sower");
            return Default::default();
        }
    };
    let mut why = vec![format!("{}: {lifts}", out.says("mlaps", 0))];
    if stores == 1 {
        conds.push("landing != store(mover)".to_string());
        why.push("sow_stores = OWN: the repeat turn in the store ends the sowing".into());
    }
    conds.push(if mlaps == 1 { "count(landing) > 1" } else { "count(next) > 0" }.to_string());
    // MancalaGames stops where a capture can be made: for LAPPER a basic capture
    // (a cross capture needs a single seed, which stops it anyway), for LAPPER_NEXT either.
    if !capture.is_empty() && (mlaps == 2 || out.int("crosscapt", 0) == 0) {
        conds.push(format!("not ({capture})"));
        why.push("a capture ends the sowing".into());
    }
    let child = children::stop(out);
    if !child.is_empty() {
        conds.push(format!("not ({child})"));
        why.push("making a child ends the sowing".into());
    }
    let param = out.int("mlap_param", 0);
    // Sown stores with repeat turns stop the laps ending in the mover's store
    // (MancalaGames' StopRepeatTurn) before the side is read.
    let on_side = |c: &str| {
        if stores > 1 {
            None
        } else {
            Some(c.to_string())
        }
    };
    let extra = match cont {
        0 => Some(None),
        1 => Some(Some(format!("count(landing) == {param}"))),
        2 => Some(Some(format!("count(landing) >= {param}"))),
        3 => on_side("landing in mover_row").map(Some),
        4 => on_side("landing in opponent_row").map(Some),
        6 => Some(Some("landing != store(mover)".into()).filter(|_| stores != 0)),
        7 if mlaps == 1 => Some(Some("landing != store(mover)".into()).filter(|_| stores != 0)),
        _ => None,
    };
    match extra {
        Some(Some(c)) => {
            if !conds.contains(&c) {
                conds.push(c);
            }
            why.push(format!("{}, mlap_param = {param}", out.says("mlap_cont", 0)));
        }
        Some(None) => {}
        None => out.unsupported(
            "mlap_cont",
            "this lap condition (a first lap that must reach the opponent, or sides with stores)",
        ),
    }
    let relay = format!("relay lift {hole} when {}   # {}", conds.join(" and "), why.join("; "));
    let endless = format!(
        "endless after {MAX_LAPS} laps illegal   # MancalaGames' MAX_LAPS, with its \"Disallow Endless Sows\" option"
    );
    (relay, endless)
}

/// The fewest seeds on the board with which MancalaGames still tests for a
/// change of outcome (its hidden `NoOutcomeChange` end), when that rule applies.
fn no_outcome_change(out: &mut Out, total: i64) -> Option<i64> {
    if out.int("sow_stores", 0) != 0
        || (out.int("mustshare", 0) != 0 && out.int("mustpass", 0) == 0)
        || out.int("end_cond", 0) != 0
        || matches!(out.int("pickextra", 0), 3 | 4)
        || end_seeds::seed_limited(out)
        || (children::any(out) && out.int("stores", 0) == 0)
        || children::wegs(out)
    {
        return None;
    }
    // With children, MancalaGames starts from child_cvt (and tests for children as it plays).
    let mut min = if children::any(out) { out.int("child_cvt", 0) } else { total };
    if out.int("evens", 0) != 0 || out.int("crosscapt", 0) != 0 {
        min = min.min(2);
    }
    if out.int("capt_type", 0) == 2 {
        min = min.min(if out.int("mlaps", 0) != 0 { 2 } else { 3 });
    }
    let on = out.cfg.ints("capt_on").unwrap_or_default();
    if let Some(&least) = on.iter().min() {
        // MancalaGames' evens branch filters nothing (`cval % 1`): the least of capt_on.
        min = if out.int("evens", 0) != 0 { least } else { least.min(min) };
    }
    let capt_min = out.int("capt_min", 0);
    if capt_min != 0 {
        min = if min == total { capt_min } else { capt_min.max(min) };
    }
    (out.int("min_move", 1) < min && min < total).then_some(min)
}

/// Translates one configuration (`file` names its source in the header):
/// the rules text, not yet formatted, or every parameter value in the way.
pub fn translate(cfg: &Config, file: &str) -> Result<String, Vec<Unsupported>> {
    let mut out = Out { cfg, problems: Vec::new() };
    let circuits = classes::board_line(&mut out).unwrap_or_default();
    if !(1..=26).contains(&cfg.holes) || cfg.nbr_start < 1 {
        out.problems.push(Unsupported {
            param: "game_constants".into(),
            value: format!("holes {}, nbr_start {}", cfg.holes, cfg.nbr_start),
            missing: "a board of 1..26 holes a side and at least one seed a hole".into(),
        });
    }
    for (key, value) in &cfg.info {
        if IGNORED.contains(&key.as_str()) || HANDLED.contains(&key.as_str()) {
            continue;
        }
        match AT_DEFAULT.iter().find(|(k, _, _)| k == key) {
            Some((_, default, missing)) => {
                if !is_default(value, *default) {
                    out.unsupported(key, missing);
                }
            }
            None => out.unsupported(key, "an unknown parameter"),
        }
    }
    let (mut setup, total) = start::setup(&mut out, cfg.holes, cfg.nbr_start).unwrap_or_default();

    // Board and sowing.
    let sow_stores = out.int("sow_stores", 0);
    let store_line = match sow_stores {
        0 => "stores none   # sow_stores = NEITHER: captures are kept off the board, never sown".to_string(),
        // MancalaGames keeps each store at its row's right end: sown
        // clockwise, the mover's store comes before their row (after the
        // opponent's `a`), where `stores sown` puts it after the row.
        1 | 3 if out.int("sow_direct", 1) == -1 => format!(
            "stores sown_right   # {}, sow_direct = CW: the mover's store sits at their row's right end, \
             after the opponent's last hole",
            out.says("sow_stores", 0)
        ),
        1 | 3 => format!("stores sown   # {}: the mover's store follows their row", out.says("sow_stores", 0)),
        2 | 4..=6 => {
            format!("stores both   # {}: each store follows its row, sown by both players", out.says("sow_stores", 0))
        }
        _ => {
            out.unsupported("sow_stores", "an unknown store sowing");
            String::new()
        }
    };
    let udir = out.cfg.ints("udir_holes").unwrap_or_else(|e| {
        out.problems.push(Unsupported { param: "udir_holes".into(), value: "?".into(), missing: e });
        Vec::new()
    });
    let sow_direct = out.int("sow_direct", 1);
    let zigzag = if cfg.game_class == "ZigZag" { zigzag::zigzag(&mut out, cfg.holes) } else { None };
    let circuits = zigzag.as_ref().map_or(circuits.to_string(), |z| z.board.clone());
    let chosen = match &zigzag {
        Some(z) => Ok(z.directions.clone()),
        None if sow_direct == 2 => Ok(previous_move::alternating()),
        None => directions(sow_direct, &udir, cfg.holes),
    };
    let (direction, mut lift_direction) = match chosen {
        Ok(d) => (
            format!("{}   # {}", d.word, d.why),
            d.lift.map(|c| format!(" and {}", no_sides::either_way(&mut out, &c))).unwrap_or_default(),
        ),
        Err(missing) => {
            let param = if udir.is_empty() { "sow_direct" } else { "udir_holes" };
            out.unsupported(param, &missing);
            Default::default()
        }
    };
    if let Some(cond) = zigzag.as_ref().and_then(|z| z.lift.clone()) {
        lift_direction += &format!(" and\n{cond}");
    }
    if out.int("sow_direct", 1) == 0
        && out.int("min_move", 1) == 1
        && !udir.contains(&0)
        && !udir.contains(&(cfg.holes - 1))
    {
        lift_direction +=
            &format!(" and\n{}", previous_move::no_lone_seed_back(cfg.holes, out.int("no_sides", 0) != 0));
    }
    let first_seed = match (out.int("sow_start", 0), out.int("move_one", 0)) {
        (0, 0) => "next   # sow_start = false",
        (1, 0) => "origin   # sow_start = true",
        (1, 1) => "origin_unless_single   # sow_start = true, move_one = true",
        _ => {
            out.unsupported("move_one", "move_one without sow_start");
            ""
        }
    };
    // MancalaGames skips the hole each lap is sown from (its `cont_sow_loc`).
    let origin = match (out.int("skip_start", 0), out.int("mlaps", 0)) {
        (0, _) => "sown   # skip_start = false",
        (_, 0) => "skipped   # skip_start = true",
        _ => "lap_skipped   # skip_start = true, with laps: each lap skips the hole it is sown from",
    };
    let extra_turn = match sow_stores {
        1 => {
            "# sow_stores = OWN: ending in one's own store gives a repeat turn\n\
             on sowing_end when landing == store(mover) {\n  extra_turn\n}\n"
        }
        2 => {
            "# sow_stores = BOTH: ending in either store gives a repeat turn\n\
             on sowing_end when landing == store(mover) or landing == store(opponent) {\n  extra_turn\n}\n"
        }
        5 => {
            "# sow_stores = BOTH_NR_OWN: ending in the opponent's store gives a repeat turn, not in one's own\n\
             on sowing_end when landing == store(opponent) {\n  extra_turn\n}\n"
        }
        6 => {
            "# sow_stores = BOTH_NR_OPP: ending in one's own store gives a repeat turn, not in the opponent's\n\
             on sowing_end when landing == store(mover) {\n  extra_turn\n}\n"
        }
        _ => "",
    };
    let clockwise = no_sides::either_way(&mut out, CLOCKWISE);
    let counter = format!("not {clockwise}");
    let along = match out.int("sow_direct", 1) {
        1 if !udir.is_empty() => Some((counter.as_str(), clockwise.as_str())),
        -1 if !udir.is_empty() => Some((clockwise.as_str(), counter.as_str())),
        _ => None,
    };
    let children = children::children(&mut out);
    let passing = en_passant::en_passant(&mut out)
        + &(if out.int("capt_type", 0) == 8 { opp_store::opp_store(&mut out, sow_stores) } else { None })
            .unwrap_or_default();
    let (capture_rules, capture_when) = captures(&mut out, sow_stores != 0, along);
    let (capture_rules, capture_when) = no_single::no_single(&mut out, capture_rules, capture_when);
    let capture_rules = pick_cross::pick_cross(&mut out, capture_rules);
    let capture_rules = pick_opp_basic::pick_opp_basic(&mut out, capture_rules);
    let capture_rules = repeat_turn::repeat_turn(&mut out, capture_rules);
    let (capture_rules, lap_relay, lap_memory) = lap_capture::lap_capture(&mut out, capture_rules);
    let (opp_gets_memory, capture_rules, lap_relay) = opp_gets_last::opp_gets_last(&mut out, capture_rules, lap_relay);
    let capture_rules = passing + &grand_slam(&mut out, capture_rules) + &last_seeds(&mut out, sow_stores);
    let (capture_rules, capture_when) = no_capture_turns::no_capture_turns(&mut out, capture_rules, capture_when);
    let capture_rules = children + &capture_rules;
    let capture_rules = pre_sow_capture::before_sowing(&mut out) + &capture_rules;
    let capture_rules = zigzag.as_ref().map(|z| z.rule.clone()).unwrap_or_default() + &capture_rules;
    let (relay, endless) = laps(&mut out, &capture_when);
    let endless = udir_endless::endless(&mut out, &udir, MAX_LAPS).unwrap_or(endless);
    let relay = lap_relay.map_or(relay.clone(), |r| format!("{relay}\n  {r}"));
    let relay = lap_capt_seeds::relays(&mut out, relay, &capture_when);
    let (relay, blocks) = blocked::blocked(&mut out, relay, cfg.holes);
    let toll = pre_sow_capture::toll(&mut out);
    let (relay, capture_rules) = sow_one_opp::sow_one_opp(&mut out, relay, capture_rules);
    let toll = toll + &skip::skip(&mut out);
    let bear = if cfg.game_class == "BearOff" {
        bear_off::bear_off(&mut out, cfg.holes, &relay, &capture_rules)
    } else {
        None
    };
    let (relay, capture_rules) = match &bear {
        Some(b) => (b.relay.clone(), b.rules.clone()),
        None => (relay, capture_rules),
    };

    // Moves.
    let min_move = out.int("min_move", 1);
    if !(1..=2).contains(&min_move) {
        out.unsupported("min_move", "min_move above 2 (untested)");
    }
    let allow =
        allow_rule::allow_rule(&mut out).map(|(cond, why)| format!("\n  and {cond}   # {why}")).unwrap_or_default();
    let allow = allow + &opening::forced(&mut out).map(|c| format!("\n  and {c}")).unwrap_or_default();
    let rams = rams::rams(&mut out);
    let allow = allow + &rams.as_ref().map(|r| format!("\n  and {}   # {}", r.lift.0, r.lift.1)).unwrap_or_default();
    let unlocks = move_all_first::move_all_first(&mut out);
    let allow = allow + &unlocks.as_ref().map(|u| format!("\n  and {}   # {}", u.lift.0, u.lift.1)).unwrap_or_default();
    let capture_rules = unlocks.as_ref().map(|u| u.rule.clone()).unwrap_or_default() + &capture_rules;
    let locks = move_unlock::unlocks(&mut out);
    let capture_rules = locks.as_ref().map(|l| l.1.clone()).unwrap_or_default() + &capture_rules;
    let memory = unlocks.map(|u| u.memory).unwrap_or_default()
        + &locks.map(|l| l.0).unwrap_or_default()
        + &opp_gets_memory
        + &lap_memory
        + &rams.as_ref().map(|r| r.memory.clone()).unwrap_or_default()
        + &zigzag.as_ref().map(|z| z.memory.clone()).unwrap_or_default()
        + &bear.as_ref().map(|b| b.memory.clone()).unwrap_or_default();
    let memory = if memory.is_empty() { memory } else { format!("memory {{\n{memory}}}\n") };
    let mustpass = out.int("mustpass", 0) != 0;
    let mustshare = if out.int("mustshare", 0) != 0 {
        let possible = if mustpass { " if_possible" } else { "" };
        let possible = format!("{possible}{}", udir_share::either_direction(&udir, sow_direct));
        format!(
            "must_leave total(opponent_row) > 0 when total(opponent_row) == 0{possible}   # mustshare = true{}\n",
            if mustpass { ", mustpass = true: with none, any move" } else { "" }
        )
    } else {
        String::new()
    };
    let mustshare = grand_slam_illegal::duty(&mut out, mustshare, mustpass);

    // End.
    let cleared = clear::clear(&mut out);
    let eliminating = if out.int("goal", 0) == 3 { None } else { goal::eliminating(&mut out) };
    let mut unfed_over = String::new();
    let no_sides = no_sides::no_sides(&mut out);
    let unclaimed = match out.int("unclaimed", 0) {
        0 if children::wegs(&mut out) => {
            "remaining to claimer   # unclaimed = HOLE_OWNER, a weg's seeds to its owner".to_string()
        }
        0 if child_leftovers::applies(&mut out) => child_leftovers::award(),
        0 => "remaining to owner   # unclaimed = HOLE_OWNER".to_string(),
        1 => "keeping board   # unclaimed = DONT_SCORE: the seeds left count for nobody".to_string(),
        2 => "remaining to last_mover   # unclaimed = LAST_MOVER".to_string(),
        3 => match unfed::unfed(&mut out) {
            Some(u) => {
                unfed_over = u.over;
                u.award
            }
            None => String::new(),
        },
        4 => divvied::divvied(&mut out, total).unwrap_or_default(),
        _ => {
            out.unsupported("unclaimed", "an unknown way to award the seeds left");
            String::new()
        }
    };
    let (lift_from, from_why, unclaimed) = match no_sides {
        Some(n) => (n.from, n.why, n.unclaimed),
        None => ("", "", unclaimed),
    };
    let end_cond = end_condition(&mut out) + &end_seeds::limit(&mut out);
    let pass = if mustpass { "pass " } else { "" };
    let played = if out.int("goal", 0) == 2 {
        Ok(territory::territory(&mut out, cfg.nbr_start, cfg.holes, total))
    } else if round_wins::counted(out.int("goal", 0)) {
        let played = round_wins::round_wins(&mut out, total, &setup);
        setup = played.as_ref().and_then(|p| p.1.clone()).unwrap_or(setup);
        Ok(played.map(|p| p.0))
    } else if loser_only::applies(out.int("round_fill", 0)) {
        Ok(loser_only::loser_only(&mut out, cfg.nbr_start, total))
    } else {
        // Blocked holes outside rounds are the sow rule's (blocked.rs).
        let mut param = |name: &str, default: i64| if blocks && name == "blocks" { 0 } else { out.int(name, default) };
        rounds(&mut param, cfg.nbr_start, total)
    };
    let played = played.unwrap_or_else(|refused| {
        for (param, missing) in refused {
            out.unsupported(param, missing);
        }
        None
    });
    let (win, win_why, match_block) = match played {
        Some(m) => (m.win, m.why, m.block),
        None => {
            let win = total / 2 + total % 2;
            (win, format!("goal = MAX_SEEDS: more than half the seeds ({win} of {total}) wins at once"), String::new())
        }
    };
    let (unclaimed, decided) = match (cleared, eliminating) {
        (Some(c), _) => (c.unclaimed, c.end),
        (None, Some(lines)) => (unclaimed, lines),
        (None, None) => (unclaimed, {
            let no_child = if children::any(&mut out) { " and claims(mover) + claims(opponent) == 0" } else { "" };
            let no_change = no_outcome_change(&mut out, total)
                .map(|m| {
                    format!(
                        "\nor total(mover_row) + total(opponent_row) > 0 and total(mover_row) + total(opponent_row) < {m}{no_child}   \
                         # and MancalaGames' hidden NoOutcomeChange: fewer than {m} seeds left{}, no capture can change the outcome",
                        if no_child.is_empty() { "" } else { " and no child" }
                    )
                })
                .unwrap_or_default();
            let (mover, opponent) = (children::holding(&mut out, "mover"), children::holding(&mut out, "opponent"));
            format!(
                "# {win_why}.\n\
                 # (MancalaGames leaves the seeds on the board then; here they go as\n\
                 # `no_moves` says: the result is the same.)\n\
                 over when {mover} > {win} or {opponent} > {win}\n\
                 or {mover} == {win} and {opponent} == {win}{end_cond}{no_change}{unfed_over}\n\
                 winner most_captured   # {goal}\n",
                goal = out.says("goal", 0)
            )
        }),
    };

    let (capture_rules, unclaimed, decided) = match &rams {
        Some(r) => {
            let (decided, ending, award) = rams::end(&decided, out.int("sow_stores", 0));
            (capture_rules + &r.rule + &ending, award, decided)
        }
        None => (capture_rules, unclaimed, decided),
    };
    if !out.problems.is_empty() {
        // A value read by two declarations (capt_side, by captures and en passant) is named once.
        let mut seen = Vec::new();
        out.problems.retain(|p| {
            !seen.contains(p) && {
                seen.push(p.clone());
                true
            }
        });
        return Err(out.problems);
    }
    let name = cfg.name.replace('"', "'");
    let origin_text = cfg
        .about
        .iter()
        .filter(|(k, _)| k == "origin" || k == "region")
        .map(|(_, v)| v.replace('"', "'"))
        .collect::<Vec<_>>()
        .join("; ");
    let source = cfg.about.iter().find(|(k, _)| k == "rules").map(|(_, v)| v.replace('"', "'")).unwrap_or_default();
    let text = format!(
        "# Imported by `sowspec import mancalagames` from MancalaGames' configuration {file}.\n\
         # Each declaration names the parameter it comes from; parameters at their default\n\
         # are named only where they decide a declaration.\n\n\
         game \"{name}\" {{\n\
         about {{\n  family \"MancalaGames import\"\n  origin \"{origin_text}\"\n  source \"MancalaGames: {file}; {source}\"\n}}\n\
         board {{\n  rows 2\n  holes {holes}   # game_constants.holes = {holes}\n  {store_line}{circuits}\n}}\n\
         setup {{\n  {setup}\n}}\n{memory}\
         sowing {{\n  direction {direction}\n  first_seed {first_seed}\n  origin {origin}\n  {relay}{toll}\n}}\n\
         {extra_turn}{capture_rules}\
         moves {{\n  lift {lift_from}when count(origin) >= {min_move}{lift_direction}   # min_move = {min_move}{from_why}{allow}\n  {mustshare}\
         {endless}\n}}\n\
         end {{\n  no_moves {pass}{unclaimed}{pass_note}\n{decided}}}\n{match_block}}}\n",
        holes = cfg.holes,
        pass_note = if mustpass { ", mustpass = true" } else { "" },
    );
    if out.int("start_pattern", 0) == 9 && !opening::opening_captures(&text) {
        return Err(vec![Unsupported {
            param: "start_pattern".into(),
            value: "MOVE_RIGHTMOST".into(),
            missing: "a forced opening that captures nothing (the first move cannot be told from a later one)".into(),
        }]);
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::super::config::parse;
    use super::*;

    /// A configuration with `info` as its `game_info` members (JSON text).
    pub(super) fn cfg(holes: i64, seeds: i64, info: &str) -> Config {
        let text = format!(
            "{{\"game_class\": \"Mancala\", \"game_constants\": {{\"holes\": {holes}, \"nbr_start\": {seeds}}},
              \"game_info\": {{\"name\": \"Test\"{info}}}}}\n<text_section> free text </text_section>"
        );
        parse(&text, "Test").unwrap()
    }

    /// The formatted, checked rules of a configuration of engine class
    /// `class` with `info`, or the parameters refused.
    pub(super) fn class_rules(class: &str, holes: i64, seeds: i64, info: &str) -> Result<String, Vec<String>> {
        let mut config = cfg(holes, seeds, info);
        config.game_class = class.into();
        match translate(&config, "GameProps/Test.txt") {
            Ok(raw) => {
                let text = sowspec_core::format::format(&raw).unwrap();
                assert!(sowspec_core::check(&text).is_ok(), "{text}");
                Ok(text)
            }
            Err(problems) => Err(problems.into_iter().map(|u| u.param).collect()),
        }
    }

    /// The formatted, checked rules for `info`.
    pub(super) fn rules(holes: i64, seeds: i64, info: &str) -> String {
        let raw = translate(&cfg(holes, seeds, info), "GameProps/Test.txt").unwrap();
        let text = sowspec_core::format::format(&raw).unwrap();
        assert!(sowspec_core::check(&text).is_ok(), "{text}");
        text
    }

    /// The parameters refused for `info`.
    pub(super) fn refused(info: &str) -> Vec<String> {
        translate(&cfg(6, 4, info), "GameProps/Test.txt").unwrap_err().into_iter().map(|u| u.param).collect()
    }

    #[test]
    fn board_setup_and_the_clear_win() {
        let text = rules(6, 4, "");
        assert!(text.contains("holes 6"), "{text}");
        assert!(text.contains("seeds 4"));
        assert!(text.contains("stores none"));
        assert!(text.contains("direction counterclockwise"));
        assert!(text.contains("captured(mover) > 24"));
        assert!(!text.contains("sowing_end"), "no capture parameter, no capture rule");
        // Odd totals round up, as MancalaGames' win_seeds does.
        assert!(rules(3, 3, "").contains("captured(mover) > 9"));
    }

    #[test]
    fn stores_directions_and_sowing_start() {
        let text = rules(6, 4, ", \"sow_stores\": 1, \"stores\": true");
        assert!(text.contains("stores sown") && text.contains("extra_turn"), "{text}");
        assert!(rules(6, 4, ", \"sow_direct\": -1").contains("direction clockwise"));
        assert!(rules(6, 4, ", \"sow_stores\": 3").contains("stores sown"));
        assert!(!rules(6, 4, ", \"sow_stores\": 3").contains("extra_turn"), "OWN_NR: no repeat turn");
        let both = rules(6, 4, ", \"sow_stores\": 2, \"stores\": true");
        assert!(
            both.contains("stores both") && both.contains("# sow_stores = BOTH: each store follows its row"),
            "{both}"
        );
        assert!(
            both.contains("on sowing_end when landing == store(mover) or landing == store(opponent) {\n    extra_turn")
        );
        assert!(!rules(6, 4, ", \"sow_stores\": 4").contains("extra_turn"), "BOTH_NR: no repeat turn");
        assert!(rules(6, 4, ", \"sow_stores\": 5").contains("on sowing_end when landing == store(opponent) {"));
        assert!(rules(6, 4, ", \"sow_stores\": 6").contains("on sowing_end when landing == store(mover) {"));
        assert!(rules(6, 4, ", \"sow_start\": true").contains("first_seed origin"));
        assert!(rules(6, 4, ", \"sow_start\": true, \"move_one\": true").contains("origin_unless_single"));
        assert!(rules(6, 4, ", \"skip_start\": true").contains("origin skipped"));
    }

    #[test]
    fn basic_captures_and_chains() {
        let text = rules(6, 4, ", \"capt_on\": [2, 3], \"capt_side\": 1");
        assert!(text.contains("landing in opponent_row and (count(landing) == 2 or count(landing) == 3)"), "{text}");
        let chain = rules(6, 4, ", \"evens\": true, \"multicapt\": -1, \"capt_dir\": 1, \"capt_side\": 2");
        assert!(chain.contains("sweep forward from landing") && chain.contains("count(hole) % 2 == 0"), "{chain}");
        // An empty hole is even, but never captured: it ends the chain.
        assert!(chain.contains("hole in mover_row and count(hole) > 0 and count(hole) % 2 == 0"), "{chain}");
        let four = rules(6, 4, ", \"capt_on\": [4], \"multicapt\": -1");
        assert!(four.contains("sweep backward") && !four.contains("count(hole) > 0"), "{four}");
        // Chosen directions in a game sown counterclockwise: the chain runs clockwise from the
        // landing hole whichever way the move went (backward after a counterclockwise move).
        let chosen = rules(6, 4, ", \"capt_on\": [4], \"multicapt\": -1, \"udir_holes\": [0, 1, 2, 3, 4, 5]");
        assert!(chosen.contains("if not (next(origin)") && chosen.contains("sweep forward"), "{chosen}");
        let limits = rules(6, 4, ", \"capt_min\": 4, \"capt_max\": 8");
        assert!(limits.contains("count(landing) >= 4 and count(landing) <= 8"), "{limits}");
    }

    #[test]
    fn cross_captures_and_the_lone_seed() {
        let text = rules(6, 4, ", \"crosscapt\": 1, \"capt_side\": 1, \"xcpickown\": 1, \"sow_stores\": 1");
        assert!(text.contains("capture opposite(landing) to mover") && text.contains("capture landing to mover"));
        let leave = rules(6, 4, ", \"crosscapt\": 1");
        assert!(!leave.contains("capture landing to mover"), "{leave}");
        // ALWAYS_PICK: a rule of its own after the cross capture, on the row the capture starts from.
        let always = rules(6, 4, ", \"crosscapt\": 1, \"capt_side\": 1, \"xcpickown\": 2");
        let cross = always.find("capture opposite(landing) to mover").unwrap();
        let pick = always
            .find(
                "on sowing_end when landing in mover_row and count(landing) == 1 {\n    capture landing to mover\n  }",
            )
            .unwrap_or_else(|| panic!("{always}"));
        assert!(cross < pick, "{always}");
        assert_eq!(always.matches("capture landing to mover").count(), 1, "{always}");
        let own = rules(6, 4, ", \"crosscapt\": 1, \"capt_side\": 2, \"xcpickown\": 2");
        assert!(own.contains("when landing in opponent_row and count(landing) == 1"), "{own}");
        let both = rules(6, 4, ", \"crosscapt\": 1, \"xcpickown\": 2");
        assert!(
            both.contains("when (landing in mover_row or landing in opponent_row) and count(landing) == 1"),
            "{both}"
        );
        assert_eq!(refused(", \"crosscapt\": 1, \"capt_side\": 5, \"xcpickown\": 2"), ["xcpickown", "capt_side"]);
    }

    #[test]
    fn moves_and_the_hidden_end() {
        let text = rules(6, 4, ", \"min_move\": 2, \"mustshare\": true, \"mustpass\": true, \"capt_on\": [4]");
        assert!(text.contains("count(origin) >= 2") && text.contains("if_possible") && text.contains("no_moves pass"));
        // NoOutcomeChange: fewer seeds than the least capturable count (4); with min_move 2 it applies.
        assert!(text.contains("< 4"), "{text}");
        // Not with stores sown, nor with mustshare without mustpass.
        assert!(!rules(6, 4, ", \"capt_on\": [4], \"sow_stores\": 1").contains("NoOutcomeChange"));
        assert!(!rules(6, 4, ", \"capt_on\": [4], \"mustshare\": true").contains("NoOutcomeChange"));
    }

    #[test]
    fn multi_lap_sowing_and_its_stops() {
        // LAPPER: on from an occupied landing hole, up to MancalaGames' 75 laps.
        let text = rules(6, 4, ", \"mlaps\": 1");
        assert!(text.contains("relay lift landing when count(landing) > 1"), "{text}");
        assert!(text.contains("endless after 75 laps illegal"));
        // A basic capture stops the laps where it can take; a cross capture needs a lone seed anyway.
        let basic = rules(6, 4, ", \"mlaps\": 1, \"capt_on\": [4], \"capt_side\": 1");
        assert!(
            basic.contains("count(landing) > 1 and not (landing in opponent_row and count(landing) == 4)"),
            "{basic}"
        );
        let cross = rules(6, 4, ", \"mlaps\": 1, \"crosscapt\": 1");
        assert!(cross.contains("relay lift landing when count(landing) > 1   #"), "{cross}");
        // Stores: the repeat turn ends the sowing.
        let stores = rules(6, 4, ", \"mlaps\": 1, \"sow_stores\": 1, \"stores\": true");
        assert!(stores.contains("when landing != store(mover) and count(landing) > 1"), "{stores}");
        // LAPPER_NEXT: on from the hole after the last seed; it stops for a cross capture too.
        let next = rules(6, 4, ", \"mlaps\": 2, \"crosscapt\": 1");
        assert!(next.contains("relay lift next when count(next) > 0 and not ((landing in mover_row"), "{next}");
        // Lap conditions on the landing hole.
        assert!(rules(6, 4, ", \"mlaps\": 1, \"mlap_cont\": 1, \"mlap_param\": 3").contains("count(landing) == 3"));
        assert!(rules(6, 4, ", \"mlaps\": 1, \"mlap_cont\": 2, \"mlap_param\": 3").contains("count(landing) >= 3"));
        assert!(rules(6, 4, ", \"mlaps\": 1, \"mlap_cont\": 3").contains("and landing in mover_row"));
        assert!(rules(6, 4, ", \"mlaps\": 1, \"mlap_cont\": 4").contains("and landing in opponent_row"));
        // What the relay cannot say.
        // skip_start with laps: each lap skips the hole it is sown from.
        let skip = rules(6, 4, ", \"mlaps\": 1, \"skip_start\": true");
        assert!(skip.contains("origin lap_skipped ") && skip.contains("# skip_start = true, with laps"), "{skip}");
        assert_eq!(refused(", \"mlaps\": 1, \"mlap_cont\": 5"), ["mlap_cont"]);
        assert_eq!(refused(", \"mlaps\": 1, \"sow_stores\": 3"), ["sow_stores"]);
        // Sown clockwise, MancalaGames' store stays at the row's right end: before the mover's row.
        let right = rules(6, 4, ", \"sow_direct\": -1, \"sow_stores\": 1, \"stores\": true");
        assert!(
            right.contains("stores sown_right ")
                && right.contains("# sow_stores = OWN, sow_direct = CW")
                && right.contains("direction clockwise"),
            "{right}"
        );
        // LAPPER_NEXT through a store: the hole after the last seed may be the store, lifted as MancalaGames does.
        let store = rules(6, 4, ", \"mlaps\": 2, \"sow_stores\": 1, \"mlap_cont\": 6");
        assert!(store.contains("relay lift next when landing != store(mover) and count(next) > 0   #"), "{store}");
        assert_eq!(refused(", \"mlap_cont\": 1"), ["mlap_cont"]);
        assert_eq!(refused(", \"mlaps\": 1, \"udir_holes\": [2]"), ["udir_holes"]);
    }

    #[test]
    fn en_passant_sow_rules_take_holes_as_they_are_sown() {
        // ENPAS_ALL_OWNER_SOW: any hole reaching capt_on goes to its owner while
        // sowing, but not at each lap's last seed: that one is the ordinary
        // capture's, for the mover.
        let text = rules(6, 4, ", \"capt_on\": [4], \"sow_rule\": 3");
        assert!(
            text.contains(
                "  on drop excluding last when (hole in mover_row or hole in opponent_row) and count(hole) == 4 {\n    \
                 capture hole to owner(hole)\n  }\n"
            ),
            "{text}"
        );
        assert!(text.contains(
            "on sowing_end when (landing in mover_row or landing in opponent_row) and count(landing) == 4 {"
        ));
        // ENPAS_ALL_OWNER_OWN: the lap's last seed too, to the owner.
        let own = rules(6, 4, ", \"capt_on\": [4], \"sow_rule\": 4");
        assert!(own.contains("on drop including last when (hole in mover_row or hole in opponent_row) and count(hole) == 4 {\n    capture hole to owner(hole)"), "{own}");
        // ENPAS_ALL_SOWER, with capt_side = OPP_SIDE and two capture counts: to the mover.
        let sower = rules(6, 4, ", \"capt_on\": [2, 3], \"capt_side\": 1, \"sow_rule\": 14");
        assert!(
            sower.contains("on drop excluding last when hole in opponent_row and (count(hole) == 2 or count(hole) == 3) {\n    capture hole to mover"),
            "{sower}"
        );
        // ENPAS_SOW_SOWER and ENPAS_OPP_SOWER: only the mover's, or the opponent's, row.
        let mine = rules(6, 4, ", \"capt_on\": [4], \"sow_rule\": 15");
        assert!(
            mine.contains(
                "on drop excluding last when hole in mover_row and count(hole) == 4 {\n    capture hole to mover"
            ),
            "{mine}"
        );
        let theirs = rules(6, 4, ", \"evens\": true, \"sow_rule\": 16");
        assert!(
            theirs.contains("on drop excluding last when hole in opponent_row and count(hole) % 2 == 0 {\n    capture hole to mover"),
            "{theirs}"
        );
        // En passant needs a basic capture count; other sow rules stay refused.
        assert_eq!(refused(", \"sow_rule\": 3"), ["sow_rule"]);
        assert_eq!(refused(", \"capt_on\": [4], \"sow_rule\": 1"), ["sow_rule"]);
        // An unsupported capt_side is named once, though both capture rules read it.
        assert_eq!(refused(", \"capt_on\": [4], \"sow_rule\": 3, \"capt_side\": 5"), ["capt_side"]);
    }

    #[test]
    fn the_last_seeds_go_to_the_mover() {
        // PICKLASTSEEDS with 3 seeds a hole: 3 or fewer left after the capture go to the mover,
        // and MancalaGames then adds no NoOutcomeChange end.
        let text = rules(5, 3, ", \"capt_on\": [4], \"pickextra\": 3");
        let capture = text.find("on sowing_end when (landing in mover_row").expect("the capture");
        let pick = text
            .find(
                "  on sowing_end when total(mover_row) + total(opponent_row) > 0 and total(mover_row) + \
                 total(opponent_row) <= 3 {\n    capture every hole where count(hole) > 0 to mover\n  }\n",
            )
            .unwrap_or_else(|| panic!("{text}"));
        assert!(capture < pick, "the pick follows the captures");
        assert!(!text.contains("NoOutcomeChange"), "{text}");
        assert_eq!(refused(", \"capt_on\": [4], \"pickextra\": 6"), ["pickextra"]);
        // With captures on the opponent's side, the seeds counted are theirs, but every seed is taken.
        let side = rules(5, 3, ", \"capt_on\": [4], \"pickextra\": 3, \"capt_side\": 1");
        assert!(
            side.contains(
                "on sowing_end when total(opponent_row) > 0 and total(opponent_row) <= 3 {\n    \
                 capture every hole where count(hole) > 0 to mover\n  }\n"
            ),
            "{side}"
        );
        // A cross capture's check has no side: every hole counts.
        let cross = rules(5, 3, ", \"crosscapt\": 1, \"pickextra\": 3, \"capt_side\": 1");
        assert!(cross.contains("when total(mover_row) + total(opponent_row) > 0 and"), "{cross}");
        assert_eq!(refused(", \"capt_on\": [4], \"pickextra\": 3, \"capt_side\": 3"), ["pickextra"]);
        assert_eq!(refused(", \"capt_on\": [4], \"pickextra\": 3, \"sow_stores\": 1"), ["pickextra"]);
    }

    #[test]
    fn two_out_captures_across_the_gap() {
        // With laps and no limit: a chain of at most `holes` captures, two holes a step.
        let text = rules(5, 4, ", \"capt_type\": 2, \"capt_dir\": 1, \"mlaps\": 2, \"multicapt\": -1");
        assert!(text.contains("on sowing_end when count(next) == 0 and count(after) > 0 {"), "{text}");
        assert!(text.contains("if count(next(next(next(after)))) == 0 and count(next(next(next(next(after))))) > 0"));
        assert!(text.contains(&format!("capture {} to mover", nexts("after", 8))), "{text}");
        assert!(!text.contains(&nexts("after", 9)), "{text}");
        // The laps are not stopped by the capture.
        assert!(text.contains("relay lift next when count(next) > 0   #"), "{text}");
        // `multicapt` 2: two captures at most.
        let two = rules(5, 4, ", \"capt_type\": 2, \"capt_dir\": 1, \"mlaps\": 2, \"multicapt\": 2");
        assert!(two.contains(&nexts("after", 2)) && !two.contains(&nexts("after", 3)), "{two}");
        // Without laps the last hole must have held seeds, and nothing is chained;
        // NoOutcomeChange then needs 3 seeds.
        let single = rules(6, 4, ", \"capt_type\": 2, \"capt_dir\": 1, \"multicapt\": -1");
        assert!(single.contains("count(landing) > 1 and count(next) == 0 and count(after) > 0"), "{single}");
        assert!(!single.contains("if count"), "{single}");
        assert!(single.contains("total(opponent_row) < 3   #"), "{single}");
        assert_eq!(refused(", \"capt_type\": 2"), ["capt_dir"]);
        assert_eq!(refused(", \"capt_type\": 2, \"capt_dir\": 1, \"capt_side\": 1"), ["capt_side"]);
        assert_eq!(refused(", \"capt_type\": 9"), ["capt_type"]);
        // END_OPP_STORE_CAPT: the opponent's store, before the other captures; only with both stores sown.
        let store = rules(6, 4, ", \"capt_type\": 8, \"sow_stores\": 6, \"crosscapt\": 1");
        let take =
            store.find("on sowing_end when landing == store(opponent) {\n    capture store(opponent) to mover\n  }");
        let cross = store.find("capture opposite(landing) to mover");
        assert!(take.is_some() && take < cross, "{store}");
        assert_eq!(refused(", \"capt_type\": 8, \"crosscapt\": 1"), ["capt_type"]);
    }

    #[test]
    fn a_grand_slam_captures_nothing() {
        let text = rules(6, 4, ", \"capt_on\": [2, 3], \"capt_side\": 1, \"multicapt\": -1, \"grandslam\": 2");
        let forfeit = "forfeit when total_before(opponent_row) > 0 and total(opponent_row) == 0\n  }";
        assert!(text.contains(forfeit), "the capture rule's last action:\n{text}");
        // No capture rule, nothing to undo.
        assert!(!rules(6, 4, ", \"grandslam\": 2").contains("forfeit"));
    }

    #[test]
    fn a_single_seed_captures_nothing() {
        // nosinglecapt: the capture rule's trigger reads the seeds lifted.
        let text = rules(6, 4, ", \"capt_on\": [2, 3], \"capt_side\": 1, \"nosinglecapt\": true");
        assert!(
            text.contains("on sowing_end when lifted != 1 and landing in opponent_row and (count(landing) == 2"),
            "{text}"
        );
        assert_eq!(refused(", \"capt_on\": [2, 3], \"nosinglecapt\": true, \"mlaps\": 1"), ["nosinglecapt"]);
        // No capture rule: nothing to say.
        assert!(!rules(6, 4, ", \"nosinglecapt\": true").contains("lifted"));
    }

    #[test]
    fn captures_can_continue_from_the_opponents_row() {
        // OPP_CONT: the chain starts on the opponent's row and may go on across the mover's.
        let text = rules(6, 4, ", \"capt_on\": [2, 3], \"capt_side\": 3, \"multicapt\": -1");
        assert!(text.contains("on sowing_end when landing in opponent_row and (count(landing) == 2"), "{text}");
        assert!(
            text.contains(
                "sweep backward from landing while landing in opponent_row and (hole in mover_row or hole in \
                 opponent_row) and (count(hole) == 2"
            ),
            "{text}"
        );
        // OWN_CONT: from the mover's row.
        let own = rules(6, 4, ", \"capt_on\": [2, 3], \"capt_side\": 4");
        assert!(own.contains("on sowing_end when landing in mover_row and (count(landing) == 2"), "{own}");
        assert_eq!(refused(", \"capt_on\": [2, 3], \"capt_side\": 5"), ["capt_side"]);
    }

    #[test]
    fn a_grand_slam_gives_another_turn() {
        // LEGAL_SHARE: the capture stands and the mover moves again.
        let text = rules(6, 4, ", \"capt_on\": [2, 3], \"capt_side\": 1, \"multicapt\": -1, \"grandslam\": 6");
        let again = "extra_turn when total_before(opponent_row) > 0 and total(opponent_row) == 0\n  }";
        assert!(text.contains(again), "the capture rule's last action:\n{text}");
        assert!(!text.contains("forfeit"), "{text}");
    }

    #[test]
    fn end_conditions_and_the_last_mover() {
        let text = rules(6, 4, ", \"unclaimed\": 2, \"end_cond\": 1, \"capt_on\": [4]");
        assert!(text.contains("no_moves remaining to last_mover"), "{text}");
        // DONT_SCORE: the seeds left stay where they are, scored by nobody.
        let kept = rules(6, 4, ", \"unclaimed\": 1, \"mustpass\": true");
        assert!(kept.contains("no_moves pass keeping board   # unclaimed = DONT_SCORE: the seeds left count for nobody, mustpass = true"), "{kept}");
        assert!(text.contains("total(mover_row) == 0   # end_cond = CLEARED_OWN"), "{text}");
        // An end condition replaces MancalaGames' NoOutcomeChange.
        assert!(!text.contains("NoOutcomeChange"), "{text}");
        assert!(rules(6, 4, ", \"end_cond\": 2").contains("total(opponent_row) == 0   # end_cond = CLEARED_OPP"));
        let limit = rules(6, 4, ", \"end_cond\": 3, \"end_param\": 5");
        assert!(limit.contains("total(mover_row) + total(opponent_row) <= 5   # end_cond = SEEDS_LIMIT"), "{limit}");
    }

    #[test]
    fn move_filters_add_to_lift() {
        // OPP_OR_EMPTY on 6 holes: up to 6 seeds, the first lap ends in the
        // opponent's row or in a hole of the mover's empty before the move.
        let text = rules(6, 4, ", \"allow_rule\": 1");
        assert!(
            text.contains(
                "lift when count(origin) >= 1 and   # min_move = 1\n        \
                 (count(origin) > 6 or not (landing in mover_row and count(landing) > 0))   # allow_rule = OPP_OR_EMPTY"
            ),
            "{text}"
        );
        // SINGLE_TO_ZERO: a single seed only into an empty hole.
        let single = rules(6, 4, ", \"allow_rule\": 2");
        assert!(single.contains("  (count(origin) != 1 or count(next(origin)) == 0)   # allow_rule"), "{single}");
        assert_eq!(refused(", \"allow_rule\": 2, \"sow_stores\": 1"), ["allow_rule"]);
        // SINGLE_ONLY_ALL: a single only when no hole one could lift (1 seed
        // or more) holds another number, i.e. none holds 2 or more.
        let singles = rules(6, 4, ", \"allow_rule\": 3");
        assert!(
            singles.contains("  (count(origin) != 1 or holes(mover_row, count(hole) > 1) == 0)   # allow_rule"),
            "{singles}"
        );
        // TWO_ONLY_ALL with min_move 1: a hole of 2 only when every non-empty hole holds 2.
        let twos = rules(6, 4, ", \"allow_rule\": 5");
        assert!(
            twos.contains("(count(origin) != 2 or holes(mover_row, count(hole) >= 1 and count(hole) != 2) == 0)"),
            "{twos}"
        );
        // With min_move 2, the holes one could lift hold 2 or more.
        let two = rules(6, 4, ", \"allow_rule\": 5, \"min_move\": 2");
        assert!(two.contains("(count(origin) != 2 or holes(mover_row, count(hole) > 2) == 0)"), "{two}");
        let one = rules(6, 4, ", \"allow_rule\": 3, \"min_move\": 2");
        assert!(one.contains("(count(origin) != 1 or holes(mover_row, count(hole) >= 2) == 0)"), "{one}");
        // With laps too (MancalaGames' endless sowings left aside, see allow_rule.rs).
        assert!(rules(6, 4, ", \"allow_rule\": 3, \"mlaps\": 1").contains("(count(origin) != 1 or"));
        // TWO_ONLY_ALL_RIGHT: then only the rightmost hole of 2.
        let right = rules(6, 2, ", \"allow_rule\": 6");
        assert!(right.contains("holes(mover_row, count(hole) == 2 and index(hole) > index(origin)) == 0)"), "{right}");
        // RIGHT_2_1ST_THEN_ALL_TWO: in the first turn, one of the two rightmost holes allowed.
        let first = rules(6, 2, ", \"allow_rule\": 8");
        assert!(first.contains("(turns_played > 0 or"), "{first}");
        assert_eq!(refused(", \"allow_rule\": 4"), ["allow_rule"]);
    }

    #[test]
    fn a_capture_gives_a_repeat_turn() {
        // capt_rturn = ALWAYS: the capture rule's last action.
        let text = rules(6, 4, ", \"capt_on\": [4], \"capt_rturn\": 1");
        assert!(
            text.contains(
                "on sowing_end when (landing in mover_row or landing in opponent_row) and count(landing) == 4 {\n    \
                 capture landing to mover\n    # capt_rturn = ALWAYS: a capture gives a repeat turn\n    extra_turn\n  }\n"
            ),
            "{text}"
        );
        // A cross capture too; the last seeds picked up give none.
        let cross = rules(6, 4, ", \"crosscapt\": 1, \"capt_rturn\": true, \"pickextra\": 3");
        assert_eq!(cross.matches("extra_turn").count(), 1, "{cross}");
        let pick = cross.find("pickextra = PICKLASTSEEDS").unwrap();
        assert!(cross.find("extra_turn").unwrap() < pick, "{cross}");
        // No capture, no repeat turn; a grand slam may undo the capture.
        assert!(!rules(6, 4, ", \"capt_rturn\": 1").contains("extra_turn"));
        assert_eq!(refused(", \"capt_on\": [4], \"capt_rturn\": 1, \"grandslam\": 2"), ["capt_rturn"]);
    }

    #[test]
    fn a_capture_also_takes_the_facing_hole() {
        // PICKCROSS after a basic capture: the hole facing the last sown one.
        let text = rules(6, 4, ", \"capt_on\": [4], \"pickextra\": 1");
        assert!(
            text.contains(
                "count(landing) == 4 {\n    capture landing to mover\n    \
                 # pickextra = PICKCROSS: the hole facing the first one captured is taken too\n    \
                 capture opposite(landing) to mover\n  }\n"
            ),
            "{text}"
        );
        // After TWO_OUT: the hole facing the one across the gap, after the whole chain.
        let two = rules(5, 4, ", \"capt_type\": 2, \"capt_dir\": 1, \"mlaps\": 2, \"multicapt\": 2, \"pickextra\": 1");
        assert!(two.contains("    }\n    # pickextra = PICKCROSS"), "{two}");
        assert!(two.contains("capture opposite(after) to mover\n  }\n"), "{two}");
        // Then the repeat turn.
        let both = rules(6, 4, ", \"capt_on\": [4], \"pickextra\": 1, \"capt_rturn\": 1");
        assert!(both.contains("capture opposite(landing) to mover\n    # capt_rturn"), "{both}");
        assert_eq!(refused(", \"crosscapt\": 1, \"pickextra\": 1"), ["pickextra"]);
        assert_eq!(refused(", \"capt_on\": [4], \"capt_side\": 1, \"pickextra\": 1"), ["pickextra"]);
    }

    #[test]
    fn eliminating_goals() {
        // DEPRIVE: a player left without seeds loses, read before any award; no seed count wins.
        let deprive = rules(6, 4, ", \"goal\": 1");
        assert!(
            deprive.contains("over when total(opponent_row) == 0 or total(mover_row) == 0   # goal = DEPRIVE"),
            "{deprive}"
        );
        assert!(deprive.contains("winner deprive"), "{deprive}");
        assert!(!deprive.contains("captured(mover) >"), "{deprive}");
        // IMMOBILIZE: the player who cannot move loses.
        let immobilize = rules(6, 4, ", \"goal\": 10");
        assert!(immobilize.contains("winner last_mover"), "{immobilize}");
        assert!(!immobilize.contains("over when"), "{immobilize}");
        // MancalaGames judges their repeat turns by the mover: refused.
        assert_eq!(refused(", \"goal\": 1, \"sow_stores\": 1, \"stores\": true"), ["sow_stores"]);
        assert_eq!(refused(", \"goal\": 10, \"mustshare\": true"), ["mustshare"]);
        assert_eq!(refused(", \"goal\": 6"), ["goal"]);
    }

    #[test]
    fn fixed_start_patterns_are_set_out_per_hole() {
        // CLIPPEDTRIPLES on 6 holes: 0, 4, 4, 0, 4, 4 in both rows; 32 seeds, so 17 win at once.
        let text = rules(6, 4, ", \"start_pattern\": 4");
        assert!(text.contains("seeds south [0, 4, 4, 0, 4, 4] north [0, 4, 4, 0, 4, 4]"), "{text}");
        assert!(text.contains("captured(mover) > 16"), "{text}");
        assert_eq!(refused(", \"start_pattern\": 12"), ["start_pattern"]);
    }

    #[test]
    fn a_random_start_is_drawn_from_nbr_start_seeds_in_all() {
        // RANDOM: nbr_start = 70 is the whole board's seeds (Mangala I's
        // numbers), at least 2 a hole as 70 ≥ 2·12; 36 of 70 win.
        let text = rules(6, 70, ", \"start_pattern\": 6");
        assert!(text.contains("seeds drawn 70 at_least 2   # start_pattern = RANDOM"), "{text}");
        assert!(text.contains("captured(mover) > 35"), "{text}");
    }

    #[test]
    fn directions_that_read_the_previous_move() {
        // PLAYALTDIR: every hole chosen, the direction kept from the previous move.
        let alt = rules(6, 4, ", \"sow_direct\": 2");
        assert!(alt.contains("direction chosen") && alt.contains("# sow_direct = PLAYALTDIR"), "{alt}");
        assert!(alt.contains("previous_lifted == 0"), "{alt}");
        // SPLIT with a single seed allowed: MancalaGames forbids sowing it straight back.
        let split = rules(6, 4, ", \"sow_direct\": 0");
        assert!(split.contains("index(origin) == 6 and index(previous_origin) == 1"), "{split}");
        // Not with single seeds unmovable, nor with an end hole's direction chosen.
        assert!(!rules(6, 4, ", \"sow_direct\": 0, \"min_move\": 2").contains("previous_lifted"));
        assert!(!rules(6, 4, ", \"sow_direct\": 0, \"udir_holes\": [0]").contains("previous_lifted"));
    }

    #[test]
    fn refusals_name_the_parameter() {
        assert_eq!(refused(", \"mlaps\": 3"), ["mlaps"]);
        assert_eq!(refused(", \"grandslam\": 3"), ["grandslam"]);
        assert_eq!(refused(", \"unclaimed\": 5"), ["unclaimed"]);
        assert_eq!(refused(", \"end_cond\": 4, \"end_param\": 2"), ["end_cond"]);
        assert_eq!(refused(", \"crosscapt\": 1, \"multicapt\": 2"), ["multicapt"]);
        assert_eq!(refused(", \"frobnicate\": 1"), ["frobnicate"]);
        let problems = translate(&cfg(6, 4, ", \"goal\": 6"), "x").unwrap_err();
        assert_eq!(
            problems[0].to_string(),
            "goal = RND_EXTRA_SEEDS: goals other than MAX_SEEDS, DEPRIVE, IMMOBILIZE and their counts of round wins"
        );
        let problems = translate(&cfg(6, 4, ", \"rounds\": 2, \"round_fill\": 4"), "x").unwrap_err();
        assert_eq!(
            problems[0].to_string(),
            "round_fill = EVEN_FILL: refills other than from the left, the right or the outside"
        );
        // Defaults written out are fine; descriptions are ignored.
        assert!(translate(&cfg(6, 4, ", \"mlaps\": 0, \"udir_holes\": [], \"about\": \"x\""), "x").is_ok());
    }

    #[test]
    fn the_unfed_player_takes_what_is_left() {
        // Stuck with seeds, unable to feed: every seed to the unfed player, the last mover.
        let text = rules(6, 4, ", \"mustshare\": true, \"unclaimed\": 3, \"quitter\": 0, \"capt_on\": [4]");
        assert!(text.contains("no_moves remaining to last_mover   # unclaimed = UNFED_PLAYER"), "{text}");
        assert!(!text.contains("keeping board"), "quitter HOLE_OWNER: the last mover's row, theirs anyway\n{text}");
        // Quitter DONT_SCORE: a player left without seeds ends the game, the board kept.
        let kept = rules(6, 4, ", \"mustshare\": true, \"unclaimed\": 3, \"quitter\": 1");
        assert!(
            kept.contains("captured(mover) == 24 and captured(opponent) == 24 or\n        total(opponent_row) == 0 keeping board   # quitter = DONT_SCORE"),
            "{kept}"
        );
        assert_eq!(refused(", \"unclaimed\": 3, \"quitter\": 0"), ["unclaimed"], "MancalaGames requires mustshare");
        assert_eq!(
            refused(", \"mustshare\": true, \"mustpass\": true, \"unclaimed\": 3, \"quitter\": 0"),
            ["unclaimed"]
        );
        let divided = translate(&cfg(6, 4, ", \"mustshare\": true, \"unclaimed\": 3"), "x").unwrap_err();
        assert_eq!(divided[0].param, "quitter");
        assert!(divided[0].to_string().starts_with("quitter = DIVVIED:"), "its default: {}", divided[0]);
        assert_eq!(refused(", \"mustshare\": true, \"unclaimed\": 3, \"quitter\": 1, \"sow_stores\": 1"), ["quitter"]);
    }

    #[test]
    fn clearing_ones_own_row_wins() {
        let text = rules(6, 4, ", \"goal\": 3, \"sow_stores\": 1, \"skip_start\": true");
        assert!(text.contains("over when total(mover_row) == 0   # goal = CLEAR\n"), "{text}");
        assert!(text.contains("winner last_mover"), "{text}");
        assert!(text.contains("no_moves keeping board   # goal = CLEAR"), "nothing is awarded\n{text}");
        assert!(!text.contains("captured(mover) >"), "the stores decide nothing\n{text}");
        // Laps on from the last hole leave seeds in the opponent's row, on rows of two holes or more.
        assert!(rules(2, 4, ", \"goal\": 3, \"mlaps\": 1").contains("winner last_mover"));
        // A capture, or laps from the next hole or on a one-hole row, could empty the opponent's
        // row, whom MancalaGames would then make the winner: either row is read.
        let either = "over when total(mover_row) == 0 or total(opponent_row) == 0 keeping board   # goal = CLEAR\n    \
                      winner cleared";
        for info in
            [", \"goal\": 3, \"mlaps\": 2", ", \"goal\": 3, \"capt_on\": [4]", ", \"goal\": 3, \"crosscapt\": 1"]
        {
            assert!(rules(6, 4, info).contains(either), "{info}: {}", rules(6, 4, info));
        }
        assert!(rules(1, 4, ", \"goal\": 3, \"mlaps\": 1").contains(either));
        // MancalaGames plays no duty to share and no end condition with CLEAR.
        assert_eq!(refused(", \"goal\": 3, \"mustshare\": true"), ["mustshare"]);
    }

    #[test]
    fn a_grand_slam_leaves_the_rightmost_hole() {
        let text = rules(6, 4, ", \"capt_on\": [2, 3], \"capt_side\": 1, \"multicapt\": -1, \"grandslam\": 5");
        let keep = "sweep backward from landing while hole in opponent_row and (count(hole) == 2 or count(hole) == 3) {\n      \
                    # grandslam = LEAVE_RIGHT: a chain that would empty the opponent's row\n      \
                    # leaves them its last hole, their occupied hole furthest to the mover's right\n      \
                    if not (hole != landing and total_before(opponent_row) > 0 and total(opponent_row) == count(hole)) {\n        \
                    capture hole to mover\n      }\n    }";
        assert!(text.contains(keep), "{text}");
        // A single capture empties the row only when it held one occupied hole: taken, as LEGAL does.
        let single = ", \"capt_on\": [2, 3], \"capt_side\": 1";
        for slam in [4, 5] {
            assert_eq!(rules(6, 4, &format!("{single}, \"grandslam\": {slam}")), rules(6, 4, single));
        }
        assert_eq!(
            refused(", \"capt_on\": [2, 3], \"capt_side\": 1, \"multicapt\": -1, \"grandslam\": 4"),
            ["grandslam"]
        );
        let forward = ", \"capt_on\": [2, 3], \"capt_side\": 1, \"multicapt\": -1, \"capt_dir\": 1, \"grandslam\": 5";
        assert_eq!(refused(forward), ["grandslam"]);
    }

    #[test]
    fn malformed_configurations_are_errors() {
        assert!(parse("", "x").is_err());
        assert!(parse("[1, 2]", "x").is_err());
        assert!(parse("{\"game_constants\": {\"holes\": \"six\", \"nbr_start\": 4}}", "x")
            .unwrap_err()
            .contains("holes"));
        assert!(parse("{\"game_info\": {}}", "x").unwrap_err().contains("game_constants"));
        let bad = cfg(6, 4, ", \"capt_on\": \"two\"");
        assert!(translate(&bad, "x").is_err());
    }
}
