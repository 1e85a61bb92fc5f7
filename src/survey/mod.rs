//! What `sowspec stats` shows of its runs ([`sowspec_core::stats`]): the
//! variants side by side as a text table, CSV or JSON ([`table`]), and as a
//! self-contained SVG picture of win rates and game lengths ([`chart`]).

pub mod chart;
pub mod table;

use sowspec_core::stats::Summary;
use sowspec_core::strategy::Strategy;

/// One variant's column: its name (the rules file's stem) and figures.
#[derive(Clone, Debug, PartialEq)]
pub struct Column {
    /// The variant's name, as the table heads its column.
    pub name: String,
    /// Its figures.
    pub summary: Summary,
}

/// How the games of a run were played, for the headings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Games per variant.
    pub games: u64,
    /// Seed of the run.
    pub seed: u64,
    /// Who played both sides (`random`, `greedy`, `search, depth 3`).
    pub player: String,
    /// The ply limit.
    pub max_plies: u64,
}

/// Who played, as the headings and the JSON document name them: `random`,
/// `greedy`, `search (depth 3)`.
pub fn player_name(strategy: Strategy) -> String {
    match strategy {
        Strategy::Random => "random".to_string(),
        Strategy::Greedy => "greedy".to_string(),
        Strategy::Search { depth } => format!("search (depth {depth})"),
    }
}

/// `0.482` as `48.2%`.
pub(crate) fn percent(share: f64) -> String {
    format!("{:.1}%", 100.0 * share)
}
