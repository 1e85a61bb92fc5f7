//! The corpus as data for other tools: each recorded game as one JSON
//! object (`sowspec export --format jsonl` writes one per line), holding
//! everything needed to replay it without reading YAML or resolving paths.

use crate::fixture::{Expectation, Loaded};
use serde::Serialize;
use sowspec_core::protocol::{PositionDoc, Winner};

/// A rules file, named and in full.
#[derive(Clone, Debug, Serialize)]
pub struct RulesDoc<'a> {
    /// Its path, as the exporter names it.
    pub path: &'a str,
    /// Its text.
    pub text: &'a str,
}

/// One recorded game, self-contained.
#[derive(Clone, Debug, Serialize)]
pub struct GameDoc<'a> {
    /// The fixture file it comes from.
    pub fixture: String,
    /// The variant: the rules file's stem, as the engine protocol names it.
    pub variant: String,
    /// The rules file.
    pub rules: RulesDoc<'a>,
    /// Where the record comes from.
    pub source: &'a str,
    /// The clauses of the rules it exercises.
    pub clauses: &'a [String],
    /// Only the first round of a match is played.
    pub one_round: bool,
    /// The start position; `null` for the variant's initial position.
    pub from: Option<&'a PositionDoc>,
    /// The moves, as hole letters.
    pub moves: &'a [String],
    /// The expected positions: each has its `ply` (0 is the start) and only
    /// the fields the record gives.
    pub positions: &'a [Expectation],
    /// The expected winner after the last move, if the record says.
    pub result: Option<Winner>,
}

impl<'a> GameDoc<'a> {
    /// The game a loaded fixture records, with its rules file's path (as it
    /// should be shown) and text.
    pub fn new(loaded: &'a Loaded, rules_path: &'a str, rules_text: &'a str) -> GameDoc<'a> {
        let f = &loaded.fixture;
        GameDoc {
            fixture: loaded.path.display().to_string(),
            variant: crate::wire::variant(&loaded.rules_path),
            rules: RulesDoc { path: rules_path, text: rules_text },
            source: &f.source,
            clauses: &f.clauses,
            one_round: f.one_round,
            from: f.from.as_ref(),
            moves: &f.moves,
            positions: &f.expect,
            result: f.result,
        }
    }

    /// The game as one line of JSON (without the line end).
    pub fn to_line(&self) -> String {
        serde_json::to_string(self).expect("games serialise")
    }
}
