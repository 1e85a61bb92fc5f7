//! MancalaGames' children (`child_type`, `child_cvt`, `child_locs`,
//! `child_rule`; its `make_child.py`): a hole whose last sown seed brings it
//! to `child_cvt` seeds becomes the mover's for the rest of the game (the
//! tuzdyk of Toguz Kumalak, a walda; a qur is a pair of facing holes made
//! by a lone last seed). It is never lifted nor captured, and
//! the seeds sown into it count for its owner: MancalaGames keeps them in
//! the hole, here they are captured for the claimer as they are sown, which
//! is how the recorder writes a child's seeds (`captured`).
//!
//! A weg (`child_type = WEG`, MancalaGames' `MakeWegCapture`) keeps the
//! seeds sown into it, for its owner: the last seed of the opponent's
//! sowing falling into it takes that seed and one more (`capture 2 from
//! landing`), and its seeds count toward a win as they stand
//! (`claimed_seeds`, its `ChildClaimSeeds`).
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
        (y, n) if y <= n => {
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
    let rule = out.int("child_rule", 0);
    let rows = super::owner_children::rows(out, rule)?;
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

/// Whether the configuration has children (`child_type`; those this module
/// cannot write are refused by [`children`]).
pub(super) fn any(out: &mut Out) -> bool {
    // Rams (rams.rs) are children without an owner: captured as any hole.
    !matches!(out.int("child_type", 0), 0 | 7)
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

/// The kinds of children written here (`child_type`).
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    /// NORMAL: any number of children, made at `child_cvt` seeds.
    Normal,
    /// ONE_CHILD: one child each (the tuzdyk).
    One,
    /// QUR: the last seed alone in a hole whose facing hole holds `child_cvt`
    /// makes both holes the mover's children (`QurChild`, `MakeQur`).
    Qur,
    /// WEG: made as NORMAL children are, but keeping their seeds in play.
    Weg,
    /// BULL: made at `child_cvt`, or two at once, the hole sown last and
    /// the one before it, when they hold `child_cvt` and one less in either
    /// order (`BullChild`, `MakeBull`).
    Bull,
}

/// The kind of children (`child_type`), or `None` without children or
/// (recorded) for a kind not written here.
fn kind(out: &mut Out) -> Option<Kind> {
    match out.int("child_type", 0) {
        0 => None,
        1 => Some(Kind::Normal),
        3 => Some(Kind::One),
        4 => Some(Kind::Weg),
        5 => Some(Kind::Bull),
        6 => Some(Kind::Qur),
        // RAM: rams.rs.
        7 => None,
        _ => {
            out.unsupported("child_type", "this kind of child (importer: NORMAL, ONE_CHILD, WEG, BULL, QUR and RAM)");
            None
        }
    }
}

/// The condition on which the mover makes a child at `landing`
/// (MancalaGames' `make_child` chain), or `None`.
fn making(out: &mut Out) -> Option<(Kind, String)> {
    let kind = kind(out)?;
    let cvt = out.int("child_cvt", 0);
    if cvt < 1 {
        out.unsupported("child_cvt", "children made with no seeds");
    }
    let place = places(out)?;
    if kind == Kind::Qur {
        // A qur's facing hole is made with it, so neither hole of a pair is ever a child alone.
        let when =
            format!("{place} and count(landing) == 1 and not claimed(landing) and count(opposite(landing)) == {cvt}");
        return Some((kind, when));
    }
    let count = if kind == Kind::Bull {
        // BullChild: the hole before may make the pair (MancalaGames' `incr` against the
        // sowing, on the holes alone: `prev` on a board without sown stores).
        if out.int("sow_stores", 0) != 0 || out.int("sow_direct", 1).abs() != 1 {
            out.unsupported("child_type", "bulls with sown stores or directions other than CW and CCW");
        }
        format!(
            "(count(landing) == {cvt} or count(landing) == {} and count(prev(landing)) == {cvt} and \
             not claimed(prev(landing)))",
            cvt - 1
        )
    } else {
        format!("count(landing) == {cvt}")
    };
    let mut conds = vec![place, count, "not claimed(landing)".to_string()];
    if kind == Kind::One {
        conds.push("claims(mover) == 0".into());
    }
    match out.int("child_locs", 0) {
        8 => conds.push("not claimed(mirror(landing))".into()),
        9 => conds.push("not claimed(opposite(landing))".into()),
        _ => {}
    }
    Some((kind, conds.join(" and ")))
}

/// The condition on which multi-lap sowing stops to make a child
/// (`StopMakeChild`), or empty. Its `StopOnChild`, no lap from a child,
/// matters for wegs alone: other children hold no seeds here.
pub(super) fn stop(out: &mut Out) -> String {
    match making(out) {
        Some((Kind::Weg, when)) => format!("claimed(landing) or {when}"),
        Some((_, when)) => when,
        None => String::new(),
    }
}

/// Whether the children are wegs, whose seeds stay in play.
pub(super) fn wegs(out: &mut Out) -> bool {
    out.int("child_type", 0) == 4
}

/// What `player` (`mover` or `opponent`) holds toward a win: `captured`,
/// and with wegs the seeds in them (MancalaGames' `ChildClaimSeeds`).
pub(super) fn holding(out: &mut Out, player: &str) -> String {
    if wegs(out) {
        format!("captured({player}) + claimed_seeds({player})")
    } else {
        format!("captured({player})")
    }
}

/// The rules for children: the seeds sown into a child go to its owner, and
/// the rule making one. Empty without children; refused values are recorded.
pub(super) fn children(out: &mut Out) -> String {
    let Some((kind, when)) = making(out) else { return String::new() };
    for (param, ok, missing) in [
        ("capt_type", out.int("capt_type", 0) == 0, "children with MancalaGames' capture types"),
        (
            "rounds",
            out.int("rounds", 0) == 0 || kind == Kind::Weg && super::owner_children::weg_match(out),
            "children in a game of rounds",
        ),
        (
            "unclaimed",
            out.int("stores", 0) != 0 || matches!(out.int("unclaimed", 0), 0 | 1),
            "children without stores, whose seeds left at the end go other than to their row's owner or \
             nowhere (ChildNoStoresEnder)",
        ),
    ] {
        if !ok {
            out.unsupported(param, missing);
        }
    }
    if kind == Kind::Weg {
        weg_limits(out);
    }
    let cvt = out.int("child_cvt", 0);
    let mut why = vec![out.says("child_type", 0), format!("child_cvt = {cvt}")];
    why.push(out.says("child_locs", 0));
    why.push(out.says("child_rule", 0));
    let waits = if out.int("stores", 0) == 0 {
        "# stores = false: captured seeds go into the mover's child, so there is no\n\
         # capture before the mover has one (MancalaGames' CaptureToChild)\n"
    } else {
        ""
    };
    if kind == Kind::Weg {
        let repeat = super::owner_children::weg_repeat(out);
        return format!(
            "# {}: the last seed in the opponent's weg takes that seed and one more\n\
             # (MancalaGames' MakeWegCapture)\n\
             on sowing_end when claimed(landing) and claimer(landing) == opponent {{\n  capture 2 from landing to mover\n{repeat}}}\n\
             # {}:\n\
             # the last seed bringing an allowed hole to {cvt} makes it the mover's weg;\n\
             # its seeds stay in it, the weg's owner's\n\
             on sowing_end when {when} {{\n  claim landing for mover\n}}\n",
            why[0],
            why.join(", ")
        );
    }
    let drop = format!(
        "# {}: a child's seeds count for its owner, as they are sown\n{waits}\
         on drop when claimed(hole) {{\n  capture hole to claimer(hole)\n}}\n",
        why[0]
    );
    if kind == Kind::Bull {
        let pair = format!(
            "{when} and not claimed(prev(landing)) and\n(count(landing) == {cvt} and count(prev(landing)) == {less} or \
             count(landing) == {less} and count(prev(landing)) == {cvt})",
            less = cvt - 1
        );
        return format!(
            "{drop}# {}:\n\
             # the last seed bringing an allowed hole to {cvt}, or to {less} after a hole of {cvt}\n\
             # (or to {cvt} after one of {less}), makes both the mover's bulls instead of capturing\n\
             on sowing_end when {pair} {{\n  claim landing for mover\n  claim prev(landing) for mover\n  \
             capture landing to mover\n  capture prev(landing) to mover\n}}\n\
             # ... and bringing it to {cvt} otherwise makes it alone the mover's bull\n\
             on sowing_end when {when} {{\n  claim landing for mover\n  capture landing to mover\n}}\n",
            why.join(", "),
            less = cvt - 1
        );
    }
    let (made, actions) = match kind {
        Kind::Qur => (
            format!("alone in an allowed hole facing {cvt} seeds makes both holes\n# the mover's children instead of capturing"),
            "claim landing for mover\n  claim opposite(landing) for mover\n  capture landing to mover\n  \
             capture opposite(landing) to mover",
        ),
        Kind::One | Kind::Normal | Kind::Weg | Kind::Bull => (
            format!("bringing an allowed hole to {cvt} makes it the mover's child\n# instead of capturing"),
            "claim landing for mover\n  capture landing to mover",
        ),
    };
    let limit = if kind == Kind::One { "; one child each" } else { "" };
    format!(
        "{drop}# {}:\n\
         # the last seed {made}{limit}\n\
         on sowing_end when {when} {{\n  {actions}\n}}\n",
        why.join(", ")
    )
}

/// Records what wegs are not written with: stores are needed (without,
/// MancalaGames moves captures into the mover's weg), other captures and
/// what wraps captures (their `NoOutcomeChange` with wegs, a repeat turn
/// or grand slam rule applying to the weg's capture), `end_cond`, goals, and
/// seeds left at the end going other than to the holes' claimers.
fn weg_limits(out: &mut Out) {
    // Beside the weg's own capture: the other captures, and what changes captures.
    let captures = ["evens", "capt_on", "capt_max", "capt_min", "crosscapt", "pickextra", "nosinglecapt", "grandslam"];
    let other = captures.into_iter().find(|&c| out.cfg.info.get(c).is_some_and(|v| !super::is_default(v, 0)));
    for (param, ok, missing) in [
        ("stores", out.int("stores", 0) != 0, "wegs without stores (captures moved into the mover's weg)"),
        ("unclaimed", out.int("unclaimed", 0) == 0, "wegs with the seeds left at the end going other than to claimers"),
        ("end_cond", out.int("end_cond", 0) == 0, "wegs with an end condition"),
        ("goal", super::owner_children::weg_match(out), "wegs with goals other than MAX_SEEDS and TERRITORY"),
    ] {
        if !ok {
            out.unsupported(param, missing);
        }
    }
    if let Some(param) = other {
        out.unsupported(param, "wegs beside other captures");
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{refused, rules};

    /// Toguz Kumalak's settings on 9 holes (sown counterclockwise, stores kept).
    const TUZDYK: &str =
        ", \"stores\": true, \"child_type\": 3, \"child_cvt\": 3, \"child_rule\": 1, \"evens\": true, \
                          \"capt_side\": 1";

    #[test]
    fn one_child_in_the_opponents_row_not_in_the_mirror_hole() {
        // NOT_SYM_OPP: NO_OPP_LEFT's pattern forbids the opponent's last hole (the 9th),
        // and the mover's hole of the same letter must not be the opponent's child.
        let text = rules(9, 9, &format!("{TUZDYK}, \"child_locs\": 8"));
        assert!(text.contains("  on drop when claimed(hole) {\n    capture hole to claimer(hole)\n  }\n"), "{text}");
        let make = "on sowing_end when landing in opponent_row and index(landing) != 9 and count(landing) == 3 and \
                    not claimed(landing) and claims(mover) == 0 and not claimed(mirror(landing)) {\n    \
                    claim landing for mover\n    capture landing to mover\n  }";
        let made = text.find(make).unwrap_or_else(|| panic!("{text}"));
        // The even capture follows, and never takes a child.
        let capture = text
            .find("on sowing_end when landing in opponent_row and not claimed(landing) and count(landing) % 2 == 0 {");
        assert!(capture.is_some_and(|c| c > made), "{text}");
        // NoOutcomeChange starts from child_cvt (3), lowered to 2 by evens, and needs no child on the board.
        assert!(text.contains("total(mover_row) + total(opponent_row) < 2 and claims(mover) + claims(opponent) == 0"));
    }

    #[test]
    fn not_facing_forbids_the_opponents_first_hole_and_the_facing_child() {
        // NO_OPP_RIGHT's pattern: the opponent's first hole (index 1) is theirs only.
        let text = rules(9, 9, &format!("{TUZDYK}, \"child_locs\": 9, \"sow_direct\": -1"));
        assert!(
            text.contains("landing in opponent_row and index(landing) != 1 and count(landing) == 3")
                && text.contains("not claimed(opposite(landing)) {"),
            "{text}"
        );
    }

    #[test]
    fn normal_children_in_the_middle_of_ones_own_row() {
        // NORMAL: as many children as made; OWN_SIDE_ONLY with NO_ENDS on 7 holes: indices 2 to 6.
        let text = rules(
            7,
            4,
            ", \"stores\": true, \"child_type\": 1, \"child_cvt\": 4, \"child_rule\": 2, \"child_locs\": 2",
        );
        assert!(
            text.contains(
                "on sowing_end when landing in mover_row and index(landing) != 1 and index(landing) != 7 and \
                 count(landing) == 4 and not claimed(landing) {"
            ),
            "{text}"
        );
        assert!(!text.contains("claims(mover) == 0"), "{text}");
        // No capture rule: none to restrict, and NoOutcomeChange has only child_cvt (4) to go by.
        assert!(text.contains("total(mover_row) + total(opponent_row) < 4 and claims(mover) + claims(opponent) == 0"));
    }

    #[test]
    fn location_patterns_on_both_rows_and_short_rows() {
        // INV_ENDS_PLUS_MID on 5 holes: the middle three of one's own row, the ends of the opponent's.
        let text = rules(5, 4, ", \"stores\": true, \"child_type\": 1, \"child_cvt\": 4, \"child_locs\": 3");
        assert!(
            text.contains(
                "on sowing_end when (landing in mover_row and index(landing) != 1 and index(landing) != 5 or \
                 landing in opponent_row and (index(landing) == 1 or index(landing) == 5)) and count(landing) == 4"
            ),
            "{text}"
        );
        // ENDS_ONLY on 4 holes: the short row's own table puts holes 1 and 4 at the ends.
        let short = rules(
            4,
            4,
            ", \"stores\": true, \"child_type\": 1, \"child_cvt\": 4, \"child_locs\": 1, \"child_rule\": 1",
        );
        assert!(
            short.contains(
                "on sowing_end when landing in opponent_row and (index(landing) == 1 or index(landing) == 4) and"
            ),
            "{short}"
        );
        // ANYWHERE with no rule: either row, never a store.
        let any = rules(6, 4, ", \"stores\": true, \"child_type\": 1, \"child_cvt\": 4");
        assert!(
            any.contains(
                "on sowing_end when (landing in mover_row or landing in opponent_row) and count(landing) == 4"
            ),
            "{any}"
        );
    }

    #[test]
    fn without_stores_captures_wait_for_a_child() {
        // CaptureToChild: with no stores the captured seeds go into the mover's child, so no
        // capture before they have one; the seeds left at the end then score nobody (DONT_SCORE).
        let text = rules(
            7,
            4,
            ", \"child_type\": 3, \"child_cvt\": 4, \"child_rule\": 2, \"crosscapt\": true, \"capt_side\": 1, \
             \"unclaimed\": 1",
        );
        assert!(
            text.contains(
                "opposite(landing) in opponent_row and not claimed(opposite(landing)) and claims(mover) > 0 and"
            ),
            "{text}"
        );
        assert!(!text.contains("NoOutcomeChange"), "{text}");
    }

    #[test]
    fn a_qur_makes_the_landing_hole_and_its_facing_hole_children() {
        // Leyla-Gobale's settings: QUR at 3 seeds on one's own row, cross captures of the opponent's.
        let text = rules(
            8,
            4,
            ", \"stores\": true, \"child_type\": 6, \"child_cvt\": 3, \"child_rule\": 2, \"crosscapt\": 1, \
             \"capt_side\": 1, \"xcpickown\": 1",
        );
        let qur = "on sowing_end when landing in mover_row and count(landing) == 1 and not claimed(landing) and \
                   count(opposite(landing)) == 3 {\n    claim landing for mover\n    claim opposite(landing) for mover\n    \
                   capture landing to mover\n    capture opposite(landing) to mover\n  }";
        let made = text.find(qur).unwrap_or_else(|| panic!("{text}"));
        // The cross capture comes after, and never takes a child.
        let capture = text.find(
            "opposite(landing) in opponent_row and not claimed(opposite(landing)) and count(opposite(landing)) > 0",
        );
        assert!(capture.is_some_and(|c| c > made), "{text}");
    }

    #[test]
    fn laps_stop_where_a_child_is_made() {
        // StopMakeChild: the relay does not go on from a hole that becomes a child. (A lap
        // never starts from a child, StopOnChild, since a child holds no seeds here.)
        let text = rules(6, 4, ", \"stores\": true, \"child_type\": 1, \"child_cvt\": 4, \"mlaps\": 1");
        assert!(
            text.contains(
                "relay lift landing when count(landing) > 1 and not ((landing in mover_row or landing in opponent_row) \
                 and count(landing) == 4 and not claimed(landing))   #"
            ),
            "{text}"
        );
    }

    #[test]
    fn a_weg_keeps_its_seeds_and_gives_up_two_to_the_opponent() {
        // Qelat II's settings: wegs made of 4 anywhere, laps, stores, no other capture.
        let text = rules(6, 4, ", \"stores\": true, \"child_type\": 4, \"child_cvt\": 4, \"mlaps\": 1");
        let take = "on sowing_end when claimed(landing) and claimer(landing) == opponent {\n    \
                    capture 2 from landing to mover\n  }";
        let make = "on sowing_end when (landing in mover_row or landing in opponent_row) and count(landing) == 4 and \
                    not claimed(landing) {\n    claim landing for mover\n  }";
        let (took, made) = (text.find(take), text.find(make));
        assert!(took.is_some_and(|t| made.is_some_and(|m| t < m)), "{text}");
        // The seeds stay in the weg: no drop rule sends them to a store.
        assert!(!text.contains("on drop"), "{text}");
        // No lap goes on from a weg (StopOnChild), nor where one is made (StopMakeChild).
        assert!(text.contains("relay lift landing when count(landing) > 1 and not (claimed(landing) or "), "{text}");
        // The seeds in one's wegs count toward the win, and go to their owner at the end;
        // no NoOutcomeChange (wegs are the only capture).
        assert!(text.contains("no_moves remaining to claimer"), "{text}");
        assert!(text.contains(
            "over when captured(mover) + claimed_seeds(mover) > 24 or captured(opponent) + claimed_seeds(opponent) > 24"
        ));
        assert!(!text.contains("NoOutcomeChange"), "{text}");
    }

    #[test]
    fn bulls_are_made_alone_or_in_pairs_with_the_hole_before() {
        // Enkeshui's bulls: 4 seeds make one; 3 and 4 in the last hole and the one before it,
        // either way round, make both (the hole before is not checked for its place).
        let text = rules(8, 4, ", \"stores\": true, \"child_type\": 5, \"child_cvt\": 4");
        let any = "(landing in mover_row or landing in opponent_row) and (count(landing) == 4 or count(landing) == 3 \
                   and count(prev(landing)) == 4 and not claimed(prev(landing))) and not claimed(landing)";
        let pair = format!(
            "on sowing_end when {any} and not claimed(prev(landing)) and\n      (count(landing) == 4 and \
             count(prev(landing)) == 3 or count(landing) == 3 and count(prev(landing)) == 4) {{\n    \
             claim landing for mover\n    claim prev(landing) for mover\n    capture landing to mover\n    \
             capture prev(landing) to mover\n  }}"
        );
        let one =
            format!("on sowing_end when {any} {{\n    claim landing for mover\n    capture landing to mover\n  }}");
        let (paired, alone) = (text.find(&pair), text.find(&one));
        assert!(paired.is_some_and(|p| alone.is_some_and(|a| p < a)), "{text}");
        // A bull's seeds go to its owner as they are sown, as any child's.
        assert!(text.contains("on drop when claimed(hole) {"), "{text}");
        // `prev` is MancalaGames' hole before only without sown stores.
        assert_eq!(
            refused(", \"stores\": true, \"child_type\": 5, \"child_cvt\": 4, \"sow_stores\": 1"),
            ["child_type"]
        );
    }

    #[test]
    fn wegs_are_refused_beside_what_they_are_not_written_with() {
        let weg = ", \"child_type\": 4, \"child_cvt\": 4";
        assert_eq!(refused(weg), ["stores"]);
        let stored = format!("{weg}, \"stores\": true");
        assert_eq!(refused(&format!("{stored}, \"crosscapt\": true")), ["crosscapt"]);
        assert_eq!(refused(&format!("{stored}, \"unclaimed\": 2")), ["unclaimed"]);
    }

    #[test]
    fn children_that_cannot_be_written_are_refused() {
        let child = ", \"stores\": true, \"child_cvt\": 4";
        assert_eq!(refused(&format!("{child}, \"child_type\": 8")), ["child_type"]);
        assert_eq!(refused(&format!("{child}, \"child_type\": 1, \"child_locs\": 11")), ["child_locs"]);
        assert_eq!(refused(&format!("{child}, \"child_type\": 1, \"child_rule\": 3")), ["child_rule"]);
        assert_eq!(refused(", \"stores\": true, \"child_type\": 1"), ["child_cvt"]);
        // No stores: MancalaGames moves the seeds left at the end into the children
        // (child_leftovers.rs writes those left to their owners).
        assert_eq!(refused(", \"child_type\": 1, \"child_cvt\": 4, \"unclaimed\": 2"), ["unclaimed"]);
    }
}
