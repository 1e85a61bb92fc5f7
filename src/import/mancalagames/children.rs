//! MancalaGames' children (`child_type`, `child_cvt`, `child_locs`,
//! `child_rule`; its `make_child.py`): a hole whose last sown seed brings it
//! to `child_cvt` seeds becomes the mover's for the rest of the game (the
//! tuzdyk of Toguz Kumalak, a walda). It is never lifted nor captured, and
//! the seeds sown into it count for its owner: MancalaGames keeps them in
//! the hole, here they are captured for the claimer as they are sown, which
//! is how the recorder writes a child's seeds (`captured`).
//!
//! Written as `claim landing for mover` in an `on sowing_end` rule placed
//! before the captures: MancalaGames' `MakeChild` makes the child instead of
//! capturing, and the hole just claimed then holds no seeds, which no
//! capture condition accepts (each also says `not claimed(HOLE)`, its
//! `CaptNotChild`).

use super::Out;

/// MancalaGames' `ChildLocs` patterns (`ChildLocOk.pattern_dict`): for the
/// five parts of each row (its first two holes, the middle, its last two),
/// which players may make a child there. The first list is North's row as
/// drawn on top (its last hole first), the second South's from its first.
/// `S`: South only, `N`: North only, `B`: both, `-`: neither.
fn pattern(locs: i64) -> Option<[&'static str; 2]> {
    Some(match locs {
        0 => ["BBBBB", "BBBBB"],
        1 => ["B---B", "B---B"],
        2 => ["-BBB-", "-BBB-"],
        3 => ["SNNNS", "NSSSN"],
        4 => ["BS-SB", "BN-NB"],
        5 => ["SBBBB", "BBBBN"],
        6 | 9 => ["BBBBN", "SBBBB"],
        7 | 8 => ["NBBBB", "BBBBS"],
        10 => ["BSSSB", "BNNNB"],
        _ => return None,
    })
}

/// The part of a row (0..5) a hole falls in, from its index (0-based) in its
/// owner's row: `ChildLocOk.loc_trans`, with its own table for short rows.
fn part(holes: i64, i: i64) -> usize {
    let short: &[usize] = match holes {
        2 => &[0, 4],
        3 => &[0, 2, 4],
        4 => &[0, 1, 3, 4],
        _ => &[],
    };
    if let Some(&p) = usize::try_from(i).ok().and_then(|i| short.get(i)) {
        return p;
    }
    match i {
        0 => 0,
        1 => 1,
        _ if i == holes - 2 => 3,
        _ if i == holes - 1 => 4,
        _ => 2,
    }
}

/// Whether `mover` (`'S'` or `'N'`) may make a child in the hole of index `i`
/// (0-based) of their own row (`own`) or of the opponent's.
fn allowed(pattern: [&str; 2], holes: i64, mover: char, own: bool, i: i64) -> bool {
    let south_row = (mover == 'S') == own;
    let p = part(holes, i);
    let cell = if south_row { pattern[1].as_bytes()[p] } else { pattern[0].as_bytes()[4 - p] };
    matches!(cell, b'B') || char::from(cell) == mover
}

/// The condition that `landing` is one of the holes of `row` (`mover_row` or
/// `opponent_row`) whose indices (0-based) are `ok`, or `None` for none.
fn in_row(row: &str, ok: &[bool]) -> Option<String> {
    let index = |i: usize, op: &str| format!("index(landing) {op} {}", i + 1);
    let yes: Vec<usize> = (0..ok.len()).filter(|&i| ok[i]).collect();
    let no: Vec<usize> = (0..ok.len()).filter(|&i| !ok[i]).collect();
    match (yes.len(), no.len()) {
        (0, _) => None,
        (_, 0) => Some(format!("landing in {row}")),
        (1, _) => Some(format!("landing in {row} and {}", index(yes[0], "=="))),
        (y, n) if y < n => {
            let any: Vec<String> = yes.iter().map(|&i| index(i, "==")).collect();
            Some(format!("landing in {row} and ({})", any.join(" or ")))
        }
        _ => {
            let all: Vec<String> = no.iter().map(|&i| index(i, "!=")).collect();
            Some(format!("landing in {row} and {}", all.join(" and ")))
        }
    }
}

/// Where the mover may make a child (`child_locs` with `child_rule`), as a
/// condition on `landing`, or `None` (recorded) when it cannot be written.
fn places(out: &mut Out) -> Option<String> {
    let holes = out.cfg.holes;
    let locs = out.int("child_locs", 0);
    let Some(pattern) = pattern(locs).filter(|_| holes >= 2) else {
        out.unsupported("child_locs", "this child location rule (children placed before the game starts)");
        return None;
    };
    let rows: &[(&str, bool)] = match out.int("child_rule", 0) {
        0 => &[("mover_row", true), ("opponent_row", false)],
        1 => &[("opponent_row", false)],
        2 => &[("mover_row", true)],
        _ => {
            out.unsupported(
                "child_rule",
                "child rules on the seeds sown or on territory (importer: OPP_SIDE_ONLY, OWN_SIDE_ONLY)",
            );
            return None;
        }
    };
    let mut alternatives = Vec::new();
    for &(row, own) in rows {
        let ok: Vec<bool> = (0..holes).map(|i| allowed(pattern, holes, 'S', own, i)).collect();
        let north: Vec<bool> = (0..holes).map(|i| allowed(pattern, holes, 'N', own, i)).collect();
        if ok != north {
            out.unsupported("child_locs", "child locations that differ between the players");
            return None;
        }
        alternatives.extend(in_row(row, &ok));
    }
    match alternatives.len() {
        0 => {
            out.unsupported("child_locs", "a child rule that allows no hole");
            None
        }
        1 => Some(alternatives.remove(0)),
        _ => Some(format!("({})", alternatives.join(" or "))),
    }
}

/// Whether the configuration has children this module writes (`child_type`
/// NORMAL or ONE_CHILD; others are refused by [`children`]).
pub(super) fn any(out: &mut Out) -> bool {
    out.int("child_type", 0) != 0
}

/// What a captured hole `h` must also be when there are children: not a
/// child (`CaptNotChild`), and, without stores, the mover must have a child
/// to put the seeds in (`CaptureToChild`). Empty without children.
pub(super) fn capturable(out: &mut Out, h: &str) -> String {
    if !any(out) {
        return String::new();
    }
    let stores = out.int("stores", 0) != 0;
    format!(" and not claimed({h}){}", if stores { "" } else { " and claims(mover) > 0" })
}

/// The rules for children: the seeds sown into a child go to its owner, and
/// the rule making one. Empty without children; refused values are recorded.
pub(super) fn children(out: &mut Out) -> String {
    let kind = out.int("child_type", 0);
    let one = match kind {
        0 => return String::new(),
        1 => false,
        3 => true,
        _ => {
            out.unsupported(
                "child_type",
                "this kind of child (importer: NORMAL and ONE_CHILD; wegs, bulls, qurs and rams keep their seeds in play)",
            );
            return String::new();
        }
    };
    let cvt = out.int("child_cvt", 0);
    if cvt < 1 {
        out.unsupported("child_cvt", "children made with no seeds");
    }
    for (param, ok, missing) in [
        ("mlaps", out.int("mlaps", 0) == 0, "multi-lap sowing that stops to make a child or in a child"),
        ("capt_type", out.int("capt_type", 0) == 0, "children with MancalaGames' capture types"),
        ("rounds", out.int("rounds", 0) == 0, "children in a game of rounds"),
        (
            "unclaimed",
            out.int("stores", 0) != 0 || out.int("unclaimed", 0) == 1,
            "children without stores, whose seeds left at the end go to the children (ChildNoStoresEnder)",
        ),
    ] {
        if !ok {
            out.unsupported(param, missing);
        }
    }
    let Some(place) = places(out) else { return String::new() };
    let mut conds = vec![place, format!("count(landing) == {cvt}"), "not claimed(landing)".to_string()];
    let mut why = vec![out.says("child_type", 0), format!("child_cvt = {cvt}")];
    if one {
        conds.push("claims(mover) == 0".into());
    }
    match out.int("child_locs", 0) {
        8 => conds.push("not claimed(mirror(landing))".into()),
        9 => conds.push("not claimed(opposite(landing))".into()),
        _ => {}
    }
    why.push(out.says("child_locs", 0));
    why.push(out.says("child_rule", 0));
    let limit = if one { "; one child each" } else { "" };
    format!(
        "# {}: a child's seeds count for its owner, as they are sown\n\
         on drop when claimed(hole) {{\n  capture hole to claimer(hole)\n}}\n\
         # {}:\n\
         # the last seed bringing an allowed hole to {cvt} makes it the mover's child\n\
         # instead of capturing{limit}\n\
         on sowing_end when {} {{\n  claim landing for mover\n  capture landing to mover\n}}\n",
        why[0],
        why.join(", "),
        conds.join(" and ")
    )
}
