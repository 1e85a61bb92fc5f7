//! The words the checker knows, where it knows them: one list each, which
//! the checker reads by and the language reference is tested against.

/// The sections of a game.
pub(crate) const SECTIONS: [&str; 9] = ["board", "setup", "memory", "sowing", "on", "moves", "end", "match", "about"];
/// The statements of `board`.
pub(crate) const BOARD: [&str; 7] = ["rows", "holes", "circle", "stores", "circuits", "track", "facing"];
/// The statements of `setup`.
pub(crate) const SETUP: [&str; 2] = ["seeds", "hand"];
/// The statements of `sowing`.
pub(crate) const SOWING: [&str; 8] =
    ["direction", "first_seed", "origin", "relay", "toll", "closed_toll", "take", "skip"];
/// The statements of `moves`.
pub(crate) const MOVES: [&str; 6] = ["lift", "place", "must_leave", "capturing", "prefer", "endless"];
/// The statements of `end`.
pub(crate) const END: [&str; 4] = ["no_moves", "over", "winner", "repetition"];
/// The statements of `match`.
pub(crate) const MATCH: [&str; 3] = ["refill", "starter", "match_end"];
/// The statements of `about`.
pub(crate) const ABOUT: [&str; 3] = ["family", "origin", "source"];
/// Each section with statements, and its statements.
#[cfg(test)]
pub(crate) const STATEMENTS: [(&str, &[&str]); 7] = [
    ("board", &BOARD),
    ("setup", &SETUP),
    ("sowing", &SOWING),
    ("moves", &MOVES),
    ("end", &END),
    ("match", &MATCH),
    ("about", &ABOUT),
];
/// The actions of an `on` rule's block.
pub(crate) const ACTIONS: [&str; 9] =
    ["capture", "claim", "extra_turn", "sweep", "forfeit", "if", "choose", "set", "clear"];
/// The named holes.
pub(crate) const HOLES: [&str; 7] = ["origin", "landing", "next", "after", "hole", "lap_origin", "previous_origin"];
/// The named players.
pub(crate) const PLAYERS: [&str; 5] = ["mover", "opponent", "starter", "south", "north"];
/// The rows.
pub(crate) const ROWS: [&str; 6] =
    ["mover_row", "opponent_row", "mover_inner_row", "mover_outer_row", "opponent_inner_row", "opponent_outer_row"];
/// The named numbers.
pub(crate) const NUMBERS: [&str; 7] =
    ["laps", "lifted", "lap_captures", "previous_lifted", "turns_played", "extra_turns", "round"];
/// The named conditions.
pub(crate) const CONDITIONS: [&str; 5] =
    ["capturing", "clockwise", "counterclockwise", "previous_clockwise", "previous_counterclockwise"];
/// Every name a condition may use.
#[cfg(test)]
pub(crate) const NAMES: [&str; 28] = [
    "origin",
    "lap_origin",
    "landing",
    "next",
    "after",
    "hole",
    "mover",
    "opponent",
    "mover_row",
    "opponent_row",
    "mover_inner_row",
    "mover_outer_row",
    "opponent_inner_row",
    "opponent_outer_row",
    "laps",
    "lifted",
    "lap_captures",
    "capturing",
    "clockwise",
    "counterclockwise",
    "previous_origin",
    "previous_lifted",
    "previous_clockwise",
    "previous_counterclockwise",
    "turns_played",
    "extra_turns",
    "starter",
    "round",
];
/// The functions.
pub(crate) const FUNCTIONS: [&str; 22] = [
    "count",
    "opposite",
    "owner",
    "store",
    "total",
    "total_before",
    "captured",
    "index",
    "claims",
    "claimed",
    "claimer",
    "next",
    "prev",
    "mirror",
    "inner",
    "outer",
    "hole",
    "holes",
    "claimed_seeds",
    "last_origin",
    "last_landing",
    "hand",
];
