//! MancalaGames' enum values by name (from its `game_info.py`), for messages
//! and comments: a configuration stores the numbers.

/// The enum names of `param`, indexed by value, for the enums this importer reads or reports.
fn table(param: &str) -> &'static [&'static str] {
    match param {
        "allow_rule" => &[
            "NONE",
            "OPP_OR_EMPTY",
            "SINGLE_TO_ZERO",
            "SINGLE_ONLY_ALL",
            "SINGLE_ALL_TO_ZERO",
            "TWO_ONLY_ALL",
            "TWO_ONLY_ALL_RIGHT",
            "FIRST_TURN_ONLY_RIGHT_TWO",
            "RIGHT_2_1ST_THEN_ALL_TWO",
            "MOVE_ALL_HOLES_FIRST",
            "NOT_XFROM_1S",
            "OCCUPIED",
            "RIGHT_HALF_FIRSTS",
            "RIGHT_HALF_1ST_OPE",
        ],
        "capt_dir" => &["OPP_SOW", "SOW", "BOTH"],
        "pickextra" => {
            &["NONE", "PICKCROSS", "PICKOPPBASIC", "PICKLASTSEEDS", "PICK2XLASTSEEDS", "PICKFINAL", "PICKCROSSMULT"]
        }
        "capt_rturn" => &["NO_REPEAT", "ALWAYS", "ONCE"],
        "capt_side" => &["BOTH", "OPP_SIDE", "OWN_SIDE", "OPP_CONT", "OWN_CONT", "OPP_TERR", "OWN_TERR"],
        "capt_type" => &[
            "NONE",
            "NEXT",
            "TWO_OUT",
            "MATCH_OPP",
            "SINGLETONS",
            "CAPT_OPP_1CCW",
            "PASS_STORE_CAPT",
            "PULL_ACROSS",
            "END_OPP_STORE_CAPT",
            "SANDWICH_CAPT",
        ],
        "child_type" => &["NOCHILD", "NORMAL", "WALDA", "ONE_CHILD", "WEG", "BULL", "QUR", "RAM"],
        "child_locs" => &[
            "ANYWHERE",
            "ENDS_ONLY",
            "NO_ENDS",
            "INV_ENDS_PLUS_MID",
            "ENDS_PLUS_ONE_OPP",
            "NO_OWN_RIGHT",
            "NO_OPP_RIGHT",
            "NO_OPP_LEFT",
            "NOT_SYM_OPP",
            "NOT_FACING",
            "ENDS_PLUS_ALL_OPP",
            "FIXED_ONE_RIGHT",
        ],
        "child_rule" => &[
            "NONE",
            "OPP_SIDE_ONLY",
            "OWN_SIDE_ONLY",
            "OPPS_ONLY_NOT_1ST",
            "OPP_OWNER_ONLY",
            "OWN_OWNER_ONLY",
            "NOT_1ST_OPP",
        ],
        "crosscapt" => &["NONE", "ONE_ZEROS", "ANY", "ONE_ANY"],
        "xcpickown" => &["LEAVE", "PICK_ON_CAPT", "ALWAYS_PICK"],
        "end_cond" => &["NO_ADDTL", "CLEARED_OWN", "CLEARED_OPP", "SEEDS_LIMIT", "HOLE_SEED_LIMIT"],
        "unclaimed" | "quitter" => &["HOLE_OWNER", "DONT_SCORE", "LAST_MOVER", "UNFED_PLAYER", "DIVVIED"],
        "goal" => &[
            "MAX_SEEDS",
            "DEPRIVE",
            "TERRITORY",
            "CLEAR",
            "RND_WIN_COUNT_MAX",
            "RND_SEED_COUNT",
            "RND_EXTRA_SEEDS",
            "RND_POINTS",
            "RND_WIN_COUNT_CLR",
            "RND_WIN_COUNT_DEP",
            "IMMOBILIZE",
            "RND_WIN_COUNT_IMB",
        ],
        "grandslam" => {
            &["LEGAL", "NOT_LEGAL", "NO_CAPT", "OPP_GETS_REMAIN", "LEAVE_LEFT", "LEAVE_RIGHT", "LEGAL_SHARE"]
        }
        "mlaps" => &["OFF", "LAPPER", "LAPPER_NEXT"],
        "mlap_cont" => {
            &["NONE", "ON_PARAM", "GREQ_PARAM", "OWN_SIDE", "OPP_SIDE", "VISIT_OPP", "STOP_STORE", "NOT_FROM_STORE"]
        }
        "play_locs" => &["BOARD_ONLY", "BRD_OWN_STR_ALL", "BRD_OWN_STR_CHS"],
        "presowcapt" => &["NONE", "CAPT_ONE", "ALL_SINGLE_XCAPT", "DRAW_1_XCAPT"],
        "prescribed" => {
            &["NONE", "BASIC_SOWER", "MLAPS_SOWER", "SOW1OPP", "PLUS1MINUS1", "ARNGE_LIMIT", "NO_UDIR_FIRSTS"]
        }
        "rounds" => &["NO_ROUNDS", "HALF_SEEDS", "NO_MOVES", "END_S_SEEDS", "END_2S_SEEDS"],
        "start_pattern" => &[
            "ALL_EQUAL",
            "GAMACHA",
            "ALTERNATES",
            "ALTS_WITH_1",
            "CLIPPEDTRIPLES",
            "TWOEMPTY",
            "RANDOM",
            "ALTS_SPLIT",
            "RIGHTMOST_PLUS_ONE",
            "MOVE_RIGHTMOST",
            "MOVE_RANDOM",
            "NO_REPEAT_SOW_OWN",
            "RANDOM_ZEROS",
            "AZIGO",
        ],
        "sow_rule" => &[
            "NONE",
            "SOW_BLKD_DIV",
            "SOW_BLKD_DIV_NR",
            "ENPAS_ALL_OWNER_SOW",
            "ENPAS_ALL_OWNER_OWN",
            "NO_SOW_OPP_NS",
            "CHANGE_DIR_LAP",
            "MAX_SOW",
            "LAP_CAPT",
            "NO_OPP_CHILD",
            "LAP_CAPT_OPP_GETS",
            "OPP_CHILD_ONLY1",
            "LAP_CAPT_SEEDS",
            "NO_CHILDREN",
            "ENPAS_ALL_SOWER",
            "ENPAS_SOW_SOWER",
            "ENPAS_OPP_SOWER",
        ],
        "round_fill" => &[
            "NOT_APPLICABLE",
            "LEFT_FILL",
            "RIGHT_FILL",
            "OUTSIDE_FILL",
            "EVEN_FILL",
            "SHORTEN",
            "UCHOOSE",
            "UMOVE",
            "UCHOWN",
            "SHORTEN_ALL",
            "LOSER_ONLY",
            "TERR_EX_RANDOM",
            "TERR_EX_LOSER",
            "TERR_EX_EMPTY",
        ],
        "round_starter" => &["ALTERNATE", "LOSER", "WINNER", "LAST_MOVER"],
        "sow_stores" => &["NEITHER", "OWN", "BOTH", "OWN_NR", "BOTH_NR", "BOTH_NR_OWN", "BOTH_NR_OPP"],
        _ => &[],
    }
}

/// `value` of `param` as `NAME` (or the number when it has no name here).
pub fn name(param: &str, value: i64) -> String {
    if param == "sow_direct" {
        let n = match value {
            -1 => "CW",
            0 => "SPLIT",
            1 => "CCW",
            2 => "PLAYALTDIR",
            3 => "EVEN_ODD_DIR",
            4 => "TOCENTER",
            _ => return value.to_string(),
        };
        return n.to_string();
    }
    usize::try_from(value)
        .ok()
        .and_then(|i| table(param).get(i))
        .map_or_else(|| value.to_string(), |n| (*n).to_string())
}
