//! A generator of random rules files (proptest) from the language's
//! constructs: every section, relay and trigger, conditions nested a few
//! deep, stores and matches, and the newer constructs — claims, sweeps,
//! forfeits, `capture every`, `capture N from`, `if` and `when` on actions, `must_leave`,
//! `over`, repetition, passes, chosen directions, four-row boards, hole
//! arithmetic, relays lifting several holes, per-player seeds, `landing`
//! in `lift`, the winner rules, capturing moves, `prefer`, numbered holes,
//! `lap_origin`, relays that turn, the previous move and territory matches, tolls, closing relays and closed_toll, `skip when`, `rows 5` and `facing`, the turn counters and moves from both rows, memory (marks, values, `round`), circles (`circle N`), and seeds in hand with placements (`hand N`, `place when`, `hand(mover)`, captures into a hand, one hole or every hole where …), and rounds laid out by a player (`refill … chosen`). Shared by the property tests of the machine
//! (`tests/properties.rs`) and of the formatter (`tests/format.rs`).

use proptest::prelude::*;

/// Where an expression stands, which decides the names it may use.
#[derive(Clone, Copy, Debug)]
struct Scope {
    /// `landing`, `next`, `after` and `laps` (everywhere but `lift`).
    landing: bool,
    /// `landing`, `next` and `after` as the first lap's end (in `lift`).
    first_lap: bool,
    /// `hole` (only in `on drop`).
    dropped: bool,
    /// `store(…)` (boards with stores).
    stores: bool,
    /// Four rows: `inner(…)`, `outer(…)` and the rows of one side.
    four: bool,
    /// The file declares [`MEMORY`]: its mark and values may be used.
    memory: bool,
}

/// The `memory` section of the files that keep one: a mark starting on
/// each player's hole `a`, a game value and a value per player.
const MEMORY: &str = "  memory {\n    mark m1 on [1]\n    value v1 from 2\n    value v2 per player\n  }\n";

fn hole(scope: Scope) -> BoxedStrategy<String> {
    let mut leaves = vec!["origin"];
    if scope.landing || scope.first_lap {
        leaves.extend(["landing", "next", "after"]);
    }
    if scope.dropped {
        leaves.extend(["hole", "hole"]);
    }
    if scope.stores {
        leaves.extend(["store(mover)", "store(opponent)"]);
    }
    // `lap_origin` is rare: rules reading it run on the general interpreter
    // alone, and the kernels are verified against the others.
    let leaf = prop_oneof![
        12 => prop::sample::select(leaves).prop_map(str::to_string),
        1 => Just("lap_origin".to_string()),
        1 => Just("previous_origin".to_string()),
    ];
    let mut functions = vec!["opposite", "next", "prev", "mirror"];
    if scope.four {
        functions.extend(["inner", "outer"]);
    }
    leaf.prop_recursive(2, 4, 1, move |inner| {
        prop_oneof![
            3 => inner.clone(),
            1 => (prop::sample::select(functions.clone()), inner).prop_map(|(f, h)| format!("{f}({h})")),
        ]
    })
    .boxed()
}

fn row(scope: Scope) -> BoxedStrategy<String> {
    let mut rows = vec!["mover_row", "opponent_row"];
    if scope.four {
        rows.extend(["mover_inner_row", "mover_outer_row", "opponent_inner_row", "opponent_outer_row"]);
    }
    prop::sample::select(rows).prop_map(str::to_string).boxed()
}

fn player(scope: Scope) -> BoxedStrategy<String> {
    prop_oneof![
        Just("mover".to_string()),
        Just("opponent".to_string()),
        hole(scope).prop_map(|h| format!("owner({h})")),
        hole(scope).prop_map(|h| format!("claimer({h})")),
        Just("starter".to_string()),
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
        leaves.push(Just("lifted".to_string()).boxed());
        leaves.push(Just("lap_captures".to_string()).boxed());
        leaves.push(row(scope).prop_map(|r| format!("total_before({r})")).boxed());
    }
    leaves.push(row(scope).prop_map(|r| format!("total({r})")).boxed());
    leaves.push(player(scope).prop_map(|p| format!("captured({p})")).boxed());
    leaves.push(hole(scope).prop_map(|h| format!("index({h})")).boxed());
    leaves.push(player(scope).prop_map(|p| format!("claims({p})")).boxed());
    leaves.push(player(scope).prop_map(|p| format!("claimed_seeds({p})")).boxed());
    leaves.push(
        (row(scope), prop::sample::select(vec!["==", "!=", ">"]), 0u32..4)
            .prop_map(|(r, op, k)| format!("holes({r}, count(hole) {op} {k})"))
            .boxed(),
    );
    leaves.push(Just("previous_lifted".to_string()).boxed());
    leaves.push(prop::sample::select(vec!["turns_played", "extra_turns", "round"]).prop_map(str::to_string).boxed());
    if scope.memory {
        leaves.push(prop::sample::select(vec!["v1", "v2(mover)", "v2(opponent)"]).prop_map(str::to_string).boxed());
    }
    prop::strategy::Union::new(leaves)
        .prop_recursive(2, 6, 2, |inner| {
            prop_oneof![
                4 => inner.clone(),
                1 => (inner.clone(), prop::sample::select(vec!["+", "-"]), inner.clone())
                    .prop_map(|(a, op, b)| format!("{a} {op} {b}")),
                1 => (inner, 1u32..5).prop_map(|(a, k)| format!("({a}) % {k}")),
            ]
        })
        .boxed()
}

fn condition(scope: Scope) -> BoxedStrategy<String> {
    let cmp = prop::sample::select(vec!["==", "!=", "<", "<=", ">", ">="]);
    let leaf = prop_oneof![
        6 => (number(scope), cmp, number(scope)).prop_map(|(a, op, b)| format!("{a} {op} {b}")),
        2 => (hole(scope), row(scope)).prop_map(|(h, r)| format!("{h} in {r}")),
        1 => hole(scope).prop_map(|h| format!("claimed({h})")),
        1 => (hole(scope), prop::sample::select(vec!["==", "!="]), hole(scope))
            .prop_map(|(a, op, b)| format!("{a} {op} {b}")),
        1 => prop::sample::select(vec!["clockwise", "counterclockwise"]).prop_map(str::to_string),
        1 => prop::sample::select(vec!["previous_clockwise", "previous_counterclockwise"]).prop_map(str::to_string),
        1 => (player(scope), prop::sample::select(vec!["==", "!="]), player(scope))
            .prop_map(|(a, op, b)| format!("{a} {op} {b}")),
        1 => (hole(scope), prop::sample::select(vec!["==", "!="]), prop::sample::select(vec!["last_origin", "last_landing"]), player(scope))
            .prop_map(|(h, op, last, p)| format!("{h} {op} {last}({p})")),
    ];
    let leaf = if scope.memory {
        prop_oneof![8 => leaf, 1 => hole(scope).prop_map(|h| format!("m1({h})"))].boxed()
    } else {
        leaf.boxed()
    };
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

/// One action of a rule's block (`extra_turn` only after the sowing).
fn action(scope: Scope) -> BoxedStrategy<String> {
    let visited = Scope { dropped: true, ..scope };
    let capture = (hole(scope), player(scope)).prop_map(|(h, p)| format!("capture {h} to {p}"));
    let mut choices: Vec<(u32, BoxedStrategy<String>)> = vec![
        (6, capture.clone().boxed()),
        (1, (1u32..4, hole(scope), player(scope)).prop_map(|(n, h, p)| format!("capture {n} from {h} to {p}")).boxed()),
        (1, (hole(scope), player(scope)).prop_map(|(h, p)| format!("claim {h} for {p}")).boxed()),
        (1, (hole(scope), hole(scope)).prop_map(|(h, into)| format!("capture {h} to {into}")).boxed()),
        (1, (capture.clone(), condition(scope)).prop_map(|(a, c)| format!("{a} when {c}")).boxed()),
        (1, (condition(scope), capture).prop_map(|(c, a)| format!("if {c} {{\n      {a}\n    }}")).boxed()),
        (
            1,
            (condition(visited), player(scope))
                .prop_map(|(c, p)| format!("capture every hole where {c} to {p}"))
                .boxed(),
        ),
        (
            1,
            (prop::sample::select(vec!["backward", "forward"]), hole(scope), condition(visited), player(scope))
                .prop_map(|(dir, h, c, p)| {
                    format!("sweep {dir} from {h} while {c} {{\n      capture hole to {p}\n    }}")
                })
                .boxed(),
        ),
    ];
    if scope.memory {
        let mark = (prop::sample::select(vec!["set", "clear"]), hole(scope)).prop_map(|(w, h)| format!("{w} m1({h})"));
        choices.push((1, mark.boxed()));
        let value = prop_oneof![
            (number(scope)).prop_map(|n| format!("set v1 to {n}")),
            (player(scope), number(scope)).prop_map(|(p, n)| format!("set v2({p}) to {n}")),
            prop::sample::select(vec!["clear m1", "clear v1", "clear v2", "clear v2(mover)"]).prop_map(str::to_string),
        ];
        choices.push((1, value.boxed()));
    }
    if !scope.dropped {
        choices.push((1, Just("extra_turn".to_string()).boxed()));
        // (Refused by the checker in `on drop` (never generated there) and
        // with a `must_leave` duty: some generated files do not check.)
        let choose = (condition(visited), prop::sample::select(vec!["", " optional"]), player(scope)).prop_map(
            |(c, optional, p)| format!("choose hole where {c}{optional} {{\n      capture hole to {p}\n    }}"),
        );
        choices.push((1, choose.boxed()));
    }
    prop::strategy::Union::new_weighted(choices).boxed()
}

/// `on drop …`, `on sowing_end …`, `on lap_end …` or `on move_start …` with a condition and actions, perhaps
/// ending with `forfeit when …`.
fn trigger(stores: bool, four: bool, memory: bool) -> BoxedStrategy<String> {
    let drop = Scope { landing: true, first_lap: false, dropped: true, stores, four, memory };
    let end = Scope { landing: true, first_lap: false, dropped: false, stores, four, memory };
    let when = |scope: Scope| {
        prop::option::weighted(0.8, condition(scope)).prop_map(|c| c.map_or(String::new(), |c| format!(" when {c}")))
    };
    let forfeit = |scope: Scope| {
        prop::option::weighted(0.15, condition(scope)).prop_map(|c| c.map(|c| format!("forfeit when {c}")))
    };
    let block = |scope: Scope| {
        (prop::collection::vec(action(scope), 1..3), forfeit(scope)).prop_map(|(mut actions, forfeit)| {
            actions.extend(forfeit);
            actions.join("\n    ")
        })
    };
    let on_drop = (prop::sample::select(vec!["", " including last", " excluding last"]), when(drop), block(drop))
        .prop_map(|(last, when, actions)| format!("on drop{last}{when} {{\n    {actions}\n  }}"));
    let on_end =
        (when(end), block(end)).prop_map(|(when, actions)| format!("on sowing_end{when} {{\n    {actions}\n  }}"));
    // `on lap_end`: the scope of `on sowing_end`, without an extra turn (the
    // action, not the condition word `extra_turns`).
    // A decision inside the laps is the safari's: at most two options (the
    // landing or none) a lap, so that listing a move's decisions stays
    // small; other `choose` actions become sweeps over the same holes.
    let safari = prop::option::weighted(0.2, (condition(end), player(end))).prop_map(|c| {
        c.map_or(String::new(), |(c, p)| {
            format!("\n    choose hole where hole == landing and ({c}) optional {{\n      capture hole to {p}\n    }}")
        })
    });
    let on_lap_end = (when(end), block(end), safari).prop_map(|(when, actions, safari)| {
        let actions = unchosen(&actions)
            .replace("extra_turns", "\0")
            .replace("extra_turn", "capture landing to mover")
            .replace('\0', "extra_turns");
        format!("on lap_end{when} {{\n    {actions}{safari}\n  }}")
    });
    // `on move_start`: before the lift, with no `landing`, `lifted` or
    // `laps`, and without an extra turn.
    let start = Scope { landing: false, first_lap: false, dropped: false, stores, four, memory };
    let on_move_start = (when(start), block(start)).prop_map(|(when, actions)| {
        let actions = unchosen(&actions)
            .replace("extra_turns", "\0")
            .replace("extra_turn", "capture opposite(origin) to mover")
            .replace('\0', "extra_turns");
        format!("on move_start{when} {{\n    {actions}\n  }}")
    });
    prop_oneof![on_drop, on_end, on_lap_end, on_move_start].boxed()
}

/// Actions with each `choose` made a sweep from the origin over the same
/// holes (in `on lap_end` and `on move_start`, where a decision with many
/// options at every lap would make listing a move's decisions slow).
fn unchosen(actions: &str) -> String {
    actions.replace(" optional {", " {").replace("choose hole where", "sweep forward from origin while")
}

/// A relay rule: one hole, or several with `and`, perhaps sown `from` another
/// (perhaps a numbered one), perhaps turning the sowing (or letting the
/// mover choose its way), perhaps lifting
/// part of its hole (`N of`).
fn relay(scope: Scope) -> BoxedStrategy<String> {
    (
        hole(scope),
        // (`… and HOLE` with a bare word such as `origin`, which also heads a
        // `sowing` statement, reads ambiguously when a layout breaks the line
        // before `and`: the second hole is always a call here.)
        prop::option::weighted(0.15, hole(scope).prop_map(|h| format!("opposite({h})"))),
        prop::option::weighted(
            0.15,
            prop_oneof![
                4 => hole(scope),
                1 => Just("hole(mover, 1)".to_string()),
                1 => hole(scope).prop_map(|h| format!("hole(opponent, index({h}))")),
            ],
        ),
        prop::option::weighted(0.1, prop::sample::select(vec![" clockwise", " counterclockwise", " chosen"])),
        condition(scope),
        prop::option::weighted(0.1, Just(" closing")),
        prop::option::weighted(0.1, 1u8..4),
    )
        .prop_map(|(h, and, from, turn, c, closing, part)| {
            // `N of` lifts part of one hole: not with `and` or `closing`.
            let part = part.filter(|_| and.is_none() && closing.is_none());
            let h = part.map_or(h.clone(), |n| format!("{n} of {h}"));
            let and = and.map_or(String::new(), |a| format!(" and {a}"));
            let from = from.map_or(String::new(), |f| format!(" from {f}"));
            format!("relay lift {h}{and}{from}{}{} when {c}", turn.unwrap_or(""), closing.unwrap_or(""))
        })
        .boxed()
}

/// A rules file from the language's statements. Most check cleanly; some
/// do not (a condition that can never hold, `match_end` below the
/// refill, `choose` with a `must_leave` duty, …), which is fine.
pub fn rules_text() -> impl Strategy<Value = String> {
    prop_oneof![12 => rows_rules_text(), 1 => circle_rules_text()]
}

/// Rules on a circle (`circle N`): holes nobody owns, named by the sowing
/// only (`origin`, `landing`, `next`, `after`, `next(…)`, `prev(…)`), the
/// captures to a reserve, Sat Gol's mark of the hole the next move lifts;
/// or with owners (`owners`: Ô Ăn Quan's squares, a hole at each end of the
/// halves nobody's), rows read from them, held seeds returned to an empty
/// side (`return`) and the seeds left to their owners.
fn circle_rules_text() -> impl Strategy<Value = String> {
    let hole = || {
        prop::sample::select(vec![
            "landing",
            "next",
            "after",
            "origin",
            "next(landing)",
            "prev(landing)",
            "next(after)",
        ])
    };
    let shape = (2u8..=12, 0u16..=5, prop::sample::select(vec!["counterclockwise", "clockwise", "chosen"]));
    let sowing = (
        prop::sample::select(vec!["next", "origin", "origin_unless_single"]),
        prop::sample::select(vec!["sown", "skipped", "lap_skipped"]),
        prop::option::weighted(0.6, (hole(), hole(), prop::sample::select(vec![">", "==", ">=", "<"]), 0u8..4)),
    );
    let rules = (
        prop::option::weighted(0.6, (hole(), hole(), 0u8..3)),
        prop::option::weighted(0.3, (2u8..5, hole())),
        prop::bool::weighted(0.3),
    );
    let end = (
        prop::sample::select(vec![
            "no_moves keeping board",
            "no_moves pass keeping board",
            "no_moves remaining to last_mover",
            "no_moves remaining divided",
        ]),
        prop::option::weighted(0.3, 1u16..20),
        prop::sample::select(vec!["most_captured", "last_mover"]),
        prop::sample::select(vec!["illegal", "ends_game"]),
    );
    let owned = (prop::bool::weighted(0.4), prop::bool::weighted(0.5), 1u8..3);
    (shape, sowing, rules, end, owned).prop_map(
        |(
            (holes, seeds, dir),
            (first, origin, relay),
            (capture, drop, mark),
            (no_moves, over, winner, endless),
            (owners, to_owner, back),
        )| {
            // Owners: South the holes after `a` up to the middle, North those
            // after the middle one; `a` and the middle hole nobody's.
            let half = holes / 2;
            let owners = owners && half >= 2;
            let letters = |r: std::ops::Range<u8>| r.map(|i| ((b'a' + i) as char).to_string()).collect::<Vec<_>>().join(" ");
            let board = if owners {
                format!("    circle {holes}\n    owners south \"{}\" north \"{}\"\n", letters(1..half), letters(half + 1..holes))
            } else {
                format!("    circle {holes}\n")
            };
            let no_moves = if owners && to_owner { "no_moves remaining to owner" } else { no_moves };
            let mut s = format!(
                "# generated by tests/properties.rs\ngame \"Random circle\" {{\n  board {{\n{board}  }}\n  setup {{\n    seeds {seeds}\n  }}\n"
            );
            if mark {
                let all: Vec<String> = (1..=holes).map(|i| i.to_string()).collect();
                s += &format!("  memory {{\n    mark start on [{}]\n  }}\n", all.join(", "));
            }
            s += &format!("  sowing {{\n    direction {dir}\n    first_seed {first}\n    origin {origin}\n");
            if let Some((lift, at, op, k)) = relay {
                s += &format!("    relay lift {lift} when count({at}) {op} {k}\n");
            }
            s += "  }\n";
            if let Some((at, taken, k)) = capture {
                s += &format!("  on sowing_end when count({at}) == {k} {{\n    capture {taken} to mover\n");
                if mark {
                    s += "    clear start\n    sweep forward from next(after) while count(prev(hole)) == 0 {\n      set start(hole) when count(hole) > 0\n    }\n";
                }
                s += "  }\n";
            }
            if let Some((n, _)) = drop {
                s += &format!("  on drop when count(hole) == {n} {{\n    capture hole to mover\n  }}\n");
            }
            if owners {
                s += &format!(
                    "  on sowing_end when total(opponent_row) == 0 {{\n    return {back} from opponent to every hole where hole in opponent_row\n    return 1 from mover to every hole where hole in opponent_row and count(hole) == 0\n  }}\n"
                );
            }
            let start = if mark { " and start(origin)" } else { "" };
            s += &format!("  moves {{\n    lift when count(origin) > 0{start}\n    endless after 50 laps {endless}\n  }}\n");
            s += &format!("  end {{\n    {no_moves}\n");
            if let Some(k) = over {
                s += &format!("    over when captured(mover) > {k}\n");
            }
            s += &format!("    winner {winner}\n  }}\n}}\n");
            s
        },
    )
}

/// Rules on a board of rows.
fn rows_rules_text() -> impl Strategy<Value = String> {
    let shape = (
        prop_oneof![8 => Just(2u8), 2 => Just(4u8), 1 => Just(1u8), 1 => Just(3u8), 1 => Just(5u8), 1 => Just(6u8)],
        1u8..=16,
        // none, sown, both, sown_right; then sown and none with `circuits own`
        prop_oneof![5 => Just(0u8), 4 => Just(1u8), 1 => Just(2u8), 1 => Just(3u8), 1 => Just(4u8), 1 => Just(5u8)],
        prop_oneof![3 => 0u16..=5, 1 => 0u16..=12],
    );
    // `facing "…"`: South's hole `i` facing North's `i + shift` (round).
    let facing = prop::option::weighted(0.1, 0usize..48);
    (shape, prop::bool::weighted(0.15), prop::bool::weighted(0.1), facing).prop_flat_map(|((rows, holes, store_kind, seeds), reversed, memory, facing)| {
        // Where a player's holes lie in more than one row: `inner(…)`, `outer(…)`.
        let four = rows >= 3;
        // Each shape's widest row (`rows` in the reference), even on one, three and five rows; stores on two rows only.
        let (holes, store_kind) = match rows {
            1 => (2 * holes.div_ceil(2), 0),
            3 => (2 * holes.div_ceil(4).min(5), 0),
            5 => (2 * holes.div_ceil(4).min(3), 0),
            4 => (holes.div_ceil(2), 0),
            6 => (holes.div_ceil(4).min(5), 0),
            _ => (holes, store_kind),
        };
        let stores = !matches!(store_kind, 0 | 5);
        let per_player = match rows {
            1 => usize::from(holes / 2),
            3 => usize::from(holes + holes / 2),
            5 => usize::from(2 * holes + holes / 2),
            _ => usize::from(holes) * usize::from(rows / 2),
        };
        // `track north clockwise`: North sows the other way (moves carry no sign then).
        let track = if reversed && store_kind == 0 { "\n    track north clockwise" } else { "" };
        let facing = facing.map_or(String::new(), |shift| {
            let name = |p: char, i: usize| format!("{p}.{}", sowspec::Hole::at(i as u8));
            let pairs: Vec<String> =
                (0..per_player).map(|i| format!("{} {}", name('S', i), name('N', (i + shift) % per_player))).collect();
            format!("\n    facing \"{}\"", pairs.join(", "))
        });
        let scope = Scope { landing: true, first_lap: false, dropped: false, stores, four, memory };
        let lift = Scope { landing: false, first_lap: false, dropped: false, stores, four, memory };
        let first_lap = Scope { first_lap: true, ..lift };
        let list = |v: Vec<u16>| format!("[{}]", v.iter().map(u16::to_string).collect::<Vec<_>>().join(", "));
        let setup = prop_oneof![
            3 => Just(format!("seeds {seeds}")),
            1 => prop::collection::vec(0u16..=6, per_player).prop_map(move |v| format!("seeds {}", list(v))),
            1 => (prop::collection::vec(0u16..=6, per_player), 0u16..=6)
                .prop_map(move |(v, n)| format!("seeds south {} north {n}", list(v))),
            // A drawn start: the least a hole gets, on every hole, and 1 to 40 more.
            1 => (0usize..=3, 1usize..=40)
                .prop_map(move |(least, more)| format!("seeds drawn {} at_least {least}", 2 * per_player * least + more)),
        ];
        let sowing = (
            prop_oneof![4 => Just("counterclockwise"), 2 => Just("clockwise"), 1 => Just("chosen")],
            prop::sample::select(vec!["next", "origin", "origin_unless_single"]),
            prop::sample::select(vec!["sown", "skipped", "lap_skipped"]),
            prop::collection::vec(relay(scope), 0..3),
            (
                prop::option::weighted(0.1, (1u16..3, prop::sample::select(vec!["mover", "opponent"]))),
                // `closed_toll` (closed holes come from `relay … closing` and from rounds).
                prop::option::weighted(
                    0.1,
                    (
                        prop::sample::select(vec!["mover", "opponent", "south", "north"]),
                        condition(Scope { dropped: true, ..first_lap }),
                    ),
                ),
                // `take N when …`: part of the hole (judged before the move, no landing).
                prop::option::weighted(0.05, (1u16..4, condition(lift))),
                // `skip when …`: holes passed over (`hole` the one about to be sown).
                prop::option::weighted(0.05, condition(Scope { dropped: true, ..lift })),
            ),
        );
        let triggers = prop::collection::vec(trigger(stores, four, memory), 0..4);
        // Seeds in hand (`hand N`), placements (`place when …`) and, when
        // `phases`, lifts only once the mover's hand is empty; sometimes the
        // board starts empty, every seed in hand (Omweso's arrangement).
        let hands = prop::option::weighted(0.1, (1u16..=4, condition(first_lap), any::<bool>(), prop::bool::weighted(0.3)));
        // With hands, captures into a hand (`capture [N from] HOLE to hand(PLAYER)`), placed again later.
        let to_hand = prop::option::weighted(
            0.5,
            (condition(scope), prop::option::weighted(0.3, 1u32..4), hole(scope), player(scope), prop::bool::weighted(0.2)),
        );
        let moves = (
            prop_oneof![3 => Just("count(origin) > 0".to_string()), 2 => condition(lift), 1 => condition(first_lap)],
            prop::option::weighted(0.2, (condition(lift), condition(lift), any::<bool>(), any::<bool>())),
            prop::sample::select(vec![1u32, 2, 3, 5, 10, 20, 100, 300]),
            prop_oneof![5 => Just("illegal"), 1 => Just("ends_game"), 1 => Just("ends_game remaining divided")],
            // Capturing moves and move priority (`capturing` in a `prefer`
            // without `capturing when` is refused, which is fine).
            prop::option::weighted(
                0.15,
                (
                    prop::option::weighted(0.7, condition(first_lap)),
                    prop::collection::vec(
                        prop_oneof![
                            2 => condition(first_lap),
                            1 => prop::sample::select(vec!["capturing", "clockwise", "counterclockwise"])
                                .prop_map(str::to_string),
                        ],
                        0..3,
                    ),
                ),
            ),
            // `lift from both_rows` (on two rows of at most 8 holes).
            prop::option::weighted(0.15, Just("from both_rows ")),
        );
        let end = (
            (
                prop::sample::select(vec!["remaining to last_mover", "remaining to owner", "remaining to claimer", "keeping board", "remaining divided"]),
                prop::sample::select(vec!["most_captured", "most_captured", "last_mover", "deprive", "cleared"]),
            ),
            prop::option::weighted(0.2, Just("pass ")),
            prop::option::weighted(0.2, (condition(lift), any::<bool>())),
            prop::option::weighted(
                0.3,
                (2u32..4, any::<bool>(), prop::sample::select(vec!["remaining to owner", "remaining to last_mover", "split", "draw", "remaining divided"])),
            ),
        );
        let rounds = prop::option::weighted(
            0.45,
            (
                prop_oneof![3 => 1u16..=3, 1 => 4u16..=8],
                // `territory` (its setup becomes a full board of the refill's seeds).
                // `setup`: `refill setup` with `match_end wins` (1 to 3 rounds, from the count).
                prop::sample::select(vec!["right", "left", "outside", "territory", "setup", "south_left"]),
                prop::sample::select(vec![
                    "receiver",
                    "other",
                    "alternate",
                    "loser",
                    "winner",
                    "last_mover",
                    "loser tie waiting",
                    "winner tie to_move",
                ]),
                -1i32..4,
                // (`matched`: the richer fills as many holes as the poorer.)
                prop::sample::select(vec![
                    "",
                    " partial_last",
                    " unfilled_open",
                    " partial_last unfilled_open",
                    " loser_only",
                    " unfilled_open loser_only",
                    " matched",
                    " partial_last matched",
                    " partial_last unfilled_open matched",
                    // (`chosen`: a player lays the round out, a move of its own;
                    // under territory the leader chooses the holes they own.)
                    " chosen",
                    " unfilled_open chosen",
                    " loser_only chosen",
                ]),
                prop::option::weighted(0.3, 1u32..4),
            ),
        );
        (Just((rows, holes, store_kind)), setup, sowing, triggers, moves, end, rounds, hands, to_hand).prop_map(
            move |((rows, holes, store_kind), setup, (dir, first, origin, relays, (toll, closed_toll, take, skip)), triggers, (lift, duty, limit, endless, priority, both_rows), ((end, winner), pass, over, repetition), rounds, hands, to_hand)| {
                // (Hands are dealt once: not in a match.)
                let hands = hands.filter(|_| rounds.is_none());
                let circuits = if store_kind >= 4 { "\n    circuits own" } else { "" };
                // `track south clockwise "…"` under a chosen direction: South's `-` moves sow round their own
                // holes only, from the last back to `a`.
                let clockwise = if dir == "chosen" && reversed && store_kind == 0 {
                    let names: Vec<String> = (0..per_player).rev().map(|i| format!("S.{}", sowspec::Hole::at(i as u8))).collect();
                    format!("\n    track south clockwise \"{}\"", names.join(" "))
                } else {
                    String::new()
                };
                let mut s = format!("# generated by tests/properties.rs\ngame \"Random\" {{\n  board {{\n    rows {rows}\n    holes {holes}\n    stores {}{circuits}{track}{clockwise}{facing}\n  }}\n", ["none", "sown", "both", "sown_right", "sown", "none"][usize::from(store_kind)]);
                // A territory refill needs a setup of exactly its seeds.
                // (`… territory setup`, chosen by the words that mean nothing
                // there: a layout of those seeds, one seed moved from N.a to S.a.)
                let setup = match rounds {
                    Some((per, "territory", _, _, words, _)) if words.contains("unfilled_open") || words.contains("loser_only") => {
                        let row = |first: u16| (0..holes).map(|i| if i == 0 { first } else { per }).map(|n| n.to_string()).collect::<Vec<_>>().join(", ");
                        format!("seeds south [{}] north [{}]", row(per + 1), row(per - 1))
                    }
                    Some((per, "territory", ..)) => format!("seeds {per}"),
                    _ => setup,
                };
                let hand = hands.as_ref().map_or(String::new(), |(n, ..)| format!("\n    hand {n}"));
                let setup = if matches!(hands, Some((.., true))) && !setup.contains("drawn") { "seeds 0".to_string() } else { setup };
                s += &format!("  setup {{\n    {setup}{hand}\n  }}\n");
                if memory {
                    s += MEMORY;
                }
                // (A first seed back into the origin cannot skip it: refused,
                // and tested in tests/diagnostics; here such files would be
                // wasted.)
                let origin = if first == "next" { origin } else { "sown" };
                s += &format!("  sowing {{\n    direction {dir}\n    first_seed {first}\n    origin {origin}\n");
                for r in relays {
                    s += &format!("    {r}\n");
                }
                if let Some((n, to)) = toll {
                    s += &format!("    toll {n} to {to}\n");
                }
                if let Some((to, c)) = closed_toll {
                    s += &format!("    closed_toll to {to} when {c}\n");
                }
                if let Some((n, c)) = take {
                    s += &format!("    take {n} when {c}\n");
                }
                if let Some(c) = skip {
                    s += &format!("    skip when {c}\n");
                }
                s += "  }\n";
                for t in triggers {
                    s += &format!("  {t}\n");
                }
                if let Some((c, n, h, p, every)) = to_hand.filter(|_| hands.is_some()) {
                    let taken = if every {
                        "every hole where hole in opponent_row and count(hole) < 3".to_string()
                    } else {
                        format!("{}{h}", n.map_or(String::new(), |n| format!("{n} from ")))
                    };
                    s += &format!("  on sowing_end when {c} {{\n    capture {taken} to hand({p})\n  }}\n");
                }
                let both_rows = both_rows.filter(|_| rows == 2 && holes <= 8).unwrap_or("");
                let lift = match &hands {
                    Some((_, _, true, _)) => format!("hand(mover) == 0 and ({lift})"),
                    _ => lift,
                };
                s += &format!("  moves {{\n    lift {both_rows}when {lift}\n");
                // Placements need each player on their own row.
                if let Some((_, place, ..)) = hands.as_ref().filter(|_| both_rows.is_empty()) {
                    s += &format!("    place when {place}\n");
                }
                if let Some((after, before, if_possible, either_direction)) = duty {
                    s += &format!("    must_leave {after} when {before}{}", if if_possible { " if_possible" } else { "" });
                    // `either_direction` judges a hole's two chosen directions together.
                    s += if either_direction && dir == "chosen" { " either_direction\n" } else { "\n" };
                }
                if let Some((capturing, prefer)) = priority {
                    if let Some(c) = capturing {
                        s += &format!("    capturing when {c}\n");
                    }
                    for p in prefer {
                        s += &format!("    prefer {p}\n");
                    }
                }
                s += &format!("    endless after {limit} laps {endless}\n  }}\n");
                s += &format!("  end {{\n    no_moves {}{end}\n", pass.unwrap_or(""));
                if let Some((c, keep)) = over {
                    s += &format!("    over when {c}{}\n", if keep { " keeping board" } else { "" });
                }
                if let Some((times, since, award)) = repetition {
                    s += &format!("    repetition {times}{} {award}\n", if since { " since capture" } else { "" });
                }
                s += &format!("    winner {winner}\n  }}\n");
                if let Some((per, from, starter, extra, partial, max_rounds)) = rounds {
                    // `below 1` ("until one player has every seed") where any
                    // holding gets a hole: under `partial_last` and `territory`.
                    let to_every_seed = extra < 0 && (from == "territory" || partial.contains("partial_last"));
                    let below = if to_every_seed { 1 } else { (i32::from(per) + extra).max(1) };
                    let limit = max_rounds.map_or(String::new(), |n| format!(" after {n} rounds"));
                    let refill = if from == "territory" {
                        let to_loser = if partial.contains("partial_last") { " partial_to_loser" } else { "" };
                        let laid = if partial.contains("unfilled_open") {
                            " setup turned_after_north"
                        } else if partial.contains("loser_only") {
                            " setup"
                        } else {
                            ""
                        };
                        let chosen = if partial.contains("chosen") { " chosen" } else { "" };
                        format!("{per} per hole territory{to_loser}{laid}{chosen}")
                    } else {
                        format!("{per} per hole from {from}{partial}")
                    };
                    let end = if from == "setup" {
                        format!("wins {}", per.min(3))
                    } else {
                        format!("below {below}{limit}")
                    };
                    let refill = match (from, partial.contains("partial_last")) {
                        ("setup", true) => "setup turned_after_north".to_string(),
                        ("setup", false) => "setup".to_string(),
                        _ => refill,
                    };
                    // `loser_only` takes no `tie` clause (a tied round ends the match).
                    let starter = if refill.contains("loser_only") { starter.split(" tie").next().unwrap_or(starter) } else { starter };
                    s += &format!("  match {{\n    refill {refill}\n    starter {starter}\n    match_end {end}\n  }}\n");
                }
                s + "}\n"
            },
        )
    })
}
