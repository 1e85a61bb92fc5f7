//! A generator of random rules files (proptest) from the language's
//! constructs: every section, relay and trigger, conditions nested a few
//! deep, stores and matches. Shared by the property tests of the machine
//! (`tests/properties.rs`) and of the formatter (`tests/format.rs`).

use proptest::prelude::*;

/// Where an expression stands, which decides the names it may use.
#[derive(Clone, Copy, Debug)]
struct Scope {
    /// `landing`, `next`, `after` and `laps` (everywhere but `lift`).
    landing: bool,
    /// `hole` (only in `on drop`).
    dropped: bool,
    /// `store(…)` (boards with stores).
    stores: bool,
}

fn hole(scope: Scope) -> BoxedStrategy<String> {
    let mut leaves = vec!["origin"];
    if scope.landing {
        leaves.extend(["landing", "next", "after"]);
    }
    if scope.dropped {
        leaves.extend(["hole", "hole"]);
    }
    if scope.stores {
        leaves.extend(["store(mover)", "store(opponent)"]);
    }
    let leaf = prop::sample::select(leaves).prop_map(str::to_string);
    leaf.prop_recursive(2, 4, 1, |inner| {
        prop_oneof![
            3 => inner.clone(),
            1 => inner.prop_map(|h| format!("opposite({h})")),
        ]
    })
    .boxed()
}

fn player(scope: Scope) -> BoxedStrategy<String> {
    prop_oneof![
        Just("mover".to_string()),
        Just("opponent".to_string()),
        hole(scope).prop_map(|h| format!("owner({h})")),
    ]
    .boxed()
}

fn number(scope: Scope) -> BoxedStrategy<String> {
    let mut leaves: Vec<BoxedStrategy<String>> = vec![
        hole(scope).prop_map(|h| format!("count({h})")).boxed(),
        hole(scope).prop_map(|h| format!("count({h})")).boxed(),
        (0u32..12).prop_map(|n| n.to_string()).boxed(),
    ];
    if scope.landing {
        leaves.push(Just("laps".to_string()).boxed());
    }
    prop::strategy::Union::new(leaves)
        .prop_recursive(2, 6, 2, |inner| {
            prop_oneof![
                4 => inner.clone(),
                1 => (inner.clone(), prop::sample::select(vec!["+", "-"]), inner)
                    .prop_map(|(a, op, b)| format!("{a} {op} {b}")),
            ]
        })
        .boxed()
}

fn condition(scope: Scope) -> BoxedStrategy<String> {
    let cmp = prop::sample::select(vec!["==", "!=", "<", "<=", ">", ">="]);
    let leaf = prop_oneof![
        6 => (number(scope), cmp, number(scope)).prop_map(|(a, op, b)| format!("{a} {op} {b}")),
        2 => (hole(scope), prop::sample::select(vec!["mover_row", "opponent_row"]))
            .prop_map(|(h, r)| format!("{h} in {r}")),
        1 => (hole(scope), prop::sample::select(vec!["==", "!="]), hole(scope))
            .prop_map(|(a, op, b)| format!("{a} {op} {b}")),
    ];
    leaf.prop_recursive(3, 8, 2, |inner| {
        prop_oneof![
            4 => inner.clone(),
            1 => inner.clone().prop_map(|c| format!("not ({c})")),
            1 => (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("({a}) and ({b})")),
            1 => (inner.clone(), inner).prop_map(|(a, b)| format!("{a} or\n      {b}")),
        ]
    })
    .boxed()
}

/// `on drop …` or `on sowing_end …` with a condition and actions.
fn trigger(stores: bool) -> BoxedStrategy<String> {
    let drop = Scope { landing: true, dropped: true, stores };
    let end = Scope { landing: true, dropped: false, stores };
    let when = |scope: Scope| {
        prop::option::weighted(0.8, condition(scope)).prop_map(|c| c.map_or(String::new(), |c| format!(" when {c}")))
    };
    let capture = |scope: Scope| (hole(scope), player(scope)).prop_map(|(h, p)| format!("capture {h} to {p}"));
    let on_drop = (
        prop::sample::select(vec!["", " including last", " excluding last"]),
        when(drop),
        prop::collection::vec(capture(drop), 1..3),
    )
        .prop_map(|(last, when, actions)| format!("on drop{last}{when} {{\n    {}\n  }}", actions.join("\n    ")));
    let on_end =
        (when(end), prop::collection::vec(prop_oneof![4 => capture(end), 1 => Just("extra_turn".to_string())], 1..3))
            .prop_map(|(when, actions)| format!("on sowing_end{when} {{\n    {}\n  }}", actions.join("\n    ")));
    prop_oneof![on_drop, on_end].boxed()
}

/// A rules file from the language's statements. Most check cleanly; some
/// do not (a condition that can never hold, `first_seed origin` with
/// `origin skipped`, `match_end` below the refill, …), which is fine.
pub fn rules_text() -> impl Strategy<Value = String> {
    let shape = (1u8..=16, any::<bool>(), prop_oneof![3 => 0u16..=5, 1 => 0u16..=12]);
    shape.prop_flat_map(|(holes, stores, seeds)| {
        let scope = Scope { landing: true, dropped: false, stores };
        let lift = Scope { landing: false, dropped: false, stores };
        let setup = prop_oneof![
            3 => Just(format!("seeds {seeds}")),
            1 => prop::collection::vec(0u16..=6, usize::from(holes))
                .prop_map(|v| format!("seeds [{}]", v.iter().map(u16::to_string).collect::<Vec<_>>().join(", "))),
        ];
        let sowing = (
            prop::sample::select(vec!["counterclockwise", "clockwise"]),
            prop::sample::select(vec!["next", "origin"]),
            prop::sample::select(vec!["sown", "skipped"]),
            prop::collection::vec((hole(scope), condition(scope)), 0..3),
        );
        let triggers = prop::collection::vec(trigger(stores), 0..4);
        let moves = (
            prop_oneof![3 => Just("count(origin) > 0".to_string()), 2 => condition(lift)],
            prop::sample::select(vec![1u32, 2, 3, 5, 10, 20, 100, 300]),
        );
        let end = prop::sample::select(vec!["last_mover", "owner"]);
        let rounds = prop::option::weighted(
            0.45,
            (prop_oneof![3 => 1u16..=3, 1 => 4u16..=8], prop::sample::select(vec!["right", "left"]), prop::sample::select(vec!["receiver", "other"]), -1i32..4),
        );
        (Just((holes, stores)), setup, sowing, triggers, moves, end, rounds).prop_map(
            |((holes, stores), setup, (dir, first, origin, relays), triggers, (lift, limit), end, rounds)| {
                let mut s = format!("# generated by tests/properties.rs\ngame \"Random\" {{\n  board {{\n    rows 2\n    holes {holes}\n    stores {}\n  }}\n", if stores { "sown" } else { "none" });
                s += &format!("  setup {{\n    {setup}\n  }}\n");
                s += &format!("  sowing {{\n    direction {dir}\n    first_seed {first}\n    origin {origin}\n");
                for (h, c) in relays {
                    s += &format!("    relay lift {h} when {c}\n");
                }
                s += "  }\n";
                for t in triggers {
                    s += &format!("  {t}\n");
                }
                s += &format!("  moves {{\n    lift when {lift}\n    endless after {limit} laps illegal\n  }}\n");
                s += &format!("  end {{\n    no_moves remaining to {end}\n    winner most_captured\n  }}\n");
                if let Some((per, from, starter, extra)) = rounds {
                    let below = (i32::from(per) + extra).max(1);
                    s += &format!("  match {{\n    refill {per} per hole from {from}\n    starter {starter}\n    match_end below {below}\n  }}\n");
                }
                s + "}\n"
            },
        )
    })
}
