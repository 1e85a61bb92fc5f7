//! The JSON position protocol (`play --json`, `--from`): the exact document
//! external tools read and write, and the validating constructor that turns
//! one into a [`Position`].

use crate::hole::Hole;
use crate::machine::Machine;
use crate::position::{Outcome, Player, Position, Previous, MAX_CELLS};
mod layout;
mod memory;
pub use memory::{LastMoveDoc, MemoryDoc, MemoryEntry, LAST_MOVE};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A value for each player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sides<T> {
    /// South's.
    pub south: T,
    /// North's.
    pub north: T,
}

impl<T> Sides<T> {
    fn get(&self, p: Player) -> &T {
        match p {
            Player::South => &self.south,
            Player::North => &self.north,
        }
    }
}

/// The board as a document writes it: `{"south": [...], "north": [...]}`,
/// or on a circle `{"circle": [...]}`, kept as South's side with North's
/// empty (no other board has an empty side).
pub mod board_form {
    use super::Sides;
    use serde::{de::Error, Deserialize, Deserializer, Serialize, Serializer};

    #[derive(Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Form {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        south: Option<Vec<i64>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        north: Option<Vec<i64>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        circle: Option<Vec<i64>>,
    }

    /// Writes a board: a circle's (North's side empty) as `{"circle": …}`.
    pub fn serialize<S: Serializer>(b: &Sides<Vec<i64>>, s: S) -> Result<S::Ok, S::Error> {
        let form = if b.north.is_empty() {
            Form { south: None, north: None, circle: Some(b.south.clone()) }
        } else {
            Form { south: Some(b.south.clone()), north: Some(b.north.clone()), circle: None }
        };
        form.serialize(s)
    }

    /// The same for an optional board (a fixture's expectation).
    pub mod optional {
        use super::Sides;
        use serde::{Deserialize, Deserializer, Serialize, Serializer};

        #[derive(Serialize, Deserialize)]
        struct Board(#[serde(with = "super")] Sides<Vec<i64>>);

        /// Writes a board, if any, as [`super::serialize`] does.
        pub fn serialize<S: Serializer>(b: &Option<Sides<Vec<i64>>>, s: S) -> Result<S::Ok, S::Error> {
            b.clone().map(Board).serialize(s)
        }

        /// Reads a board, if any, as [`super::deserialize`] does.
        pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Sides<Vec<i64>>>, D::Error> {
            Ok(Option::<Board>::deserialize(d)?.map(|b| b.0))
        }
    }

    /// Reads a board written either way.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Sides<Vec<i64>>, D::Error> {
        match Form::deserialize(d)? {
            Form { south: None, north: None, circle: Some(c) } => Ok(Sides { south: c, north: Vec::new() }),
            Form { circle: Some(_), .. } => Err(D::Error::custom("a circle's board is `{\"circle\": [...]}` alone")),
            Form { south: None, .. } => Err(D::Error::missing_field("south")),
            Form { north: None, .. } => Err(D::Error::missing_field("north")),
            Form { south: Some(south), north: Some(north), .. } => Ok(Sides { south, north }),
        }
    }
}

/// `"south"`, `"north"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// South.
    South,
    /// North.
    North,
}

impl From<Player> for Side {
    fn from(p: Player) -> Side {
        match p {
            Player::South => Side::South,
            Player::North => Side::North,
        }
    }
}

impl From<Side> for Player {
    fn from(s: Side) -> Player {
        match s {
            Side::South => Player::South,
            Side::North => Player::North,
        }
    }
}

/// `"south"`, `"north"` or `"draw"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Winner {
    /// South won.
    South,
    /// North won.
    North,
    /// Neither.
    Draw,
}

/// `{"winner": …}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResultDoc {
    /// Who won.
    pub winner: Winner,
}

impl From<ResultDoc> for Outcome {
    fn from(r: ResultDoc) -> Outcome {
        match r.winner {
            Winner::South => Outcome::Win(Player::South),
            Winner::North => Outcome::Win(Player::North),
            Winner::Draw => Outcome::Draw,
        }
    }
}

impl From<Outcome> for ResultDoc {
    fn from(o: Outcome) -> ResultDoc {
        let winner = match o {
            Outcome::Win(Player::South) => Winner::South,
            Outcome::Win(Player::North) => Winner::North,
            Outcome::Draw => Winner::Draw,
        };
        ResultDoc { winner }
    }
}

/// A position as the protocol writes it. Counts are signed on input so that
/// a negative count is reported as such rather than as a type error.
/// Unknown fields are refused, so that a misspelt one is not silently
/// ignored; `to_move` must be given, as `null` once the game is over.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PositionDoc {
    /// The player to move; `null` once the game is over.
    #[serde(deserialize_with = "required")]
    pub to_move: Option<Side>,
    /// Each row, owner's left to right (index 0 is hole `a`). On a circle
    /// (`circle N`), written `{"circle": [...]}`, its holes from `a`: read
    /// as South's side, North's left empty.
    #[serde(with = "board_form")]
    pub board: Sides<Vec<i64>>,
    /// Seeds held off the board: reserve, or store contents.
    pub captured: Sides<i64>,
    /// Closed holes as letters (RP-8).
    pub closed: Sides<Vec<String>>,
    /// The round, from 1.
    pub round: i64,
    /// Legal moves of the player to move (ignored on input).
    #[serde(default)]
    pub legal: Vec<String>,
    /// The result once over (ignored on input).
    #[serde(default)]
    pub result: Option<ResultDoc>,
    /// Holes claimed for the rest of the game (a tuzdyk), as letters of their
    /// row, by claimer. Written only when a hole is claimed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claimed: Option<Sides<Vec<String>>>,
    /// The previous move of the round, for rules whose conditions read it
    /// (`previous_origin` and its kin). Written only when remembered.
    /// (Boxed, as `turns`: an engine's reply stays small.)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub previous: Option<Box<PreviousDoc>>,
    /// The turn counters, for rules whose conditions read them
    /// (`turns_played`, `extra_turns`). Written only for such rules (boxed:
    /// a position document stays small for the rules that have none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turns: Option<Box<TurnsDoc>>,
    /// Territory (`refill … territory`): how many holes each player owns,
    /// the one owning more holding their row and the other's first holes
    /// from its `a` on. Written only when the holes have changed hands.
    /// (Boxed, as `turns`: with `hand`, a reply's position would outgrow
    /// the protocol's other replies.)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub territory: Option<Box<Sides<i64>>>,
    /// Rounds won by each player, under `match_end wins N`. Written only
    /// once a round has been won.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wins: Option<Sides<u8>>,
    /// `north` when North started the round being played, under `refill
    /// setup turned_after_north` or `refill … territory setup
    /// turned_after_north` (the next round's setup is then turned round).
    /// Written only then; South when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opened: Option<Side>,
    /// The marks and values the rules keep (`memory { … }`), by name: a
    /// mark as the holes it is on, a value as a number (per player:
    /// `{"south": …, "north": …}`). Written for such rules only (always),
    /// and required by them. (Boxed, as `turns`.)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub memory: Option<Box<MemoryDoc>>,
    /// The seeds each player holds in hand, not yet placed (`setup { hand
    /// N }`). Written for such rules only (always), and required by them.
    /// (Boxed, as `turns`.)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hand: Option<Box<Sides<i64>>>,
    /// A round's layout still to be made (`refill … chosen`): who lays out
    /// and who then starts. Written only while one is pending (boxed, as
    /// `turns`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub layout: Option<Box<LayoutDoc>>,
    /// Under `refill … territory chosen`: the holes of each row that the
    /// other player owns this round, as letters of that row, as the
    /// leader's layout chose them. Written only once chosen; required then
    /// (the `territory` counts alone do not say which holes).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ceded: Option<Box<Sides<Vec<String>>>>,
}

/// A round's pending layout (`refill … chosen`), as a position document
/// writes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LayoutDoc {
    /// The players still to lay out, in order (South first): the first is
    /// `to_move`.
    pub pending: Vec<Side>,
    /// The player who starts the round once it is laid out.
    pub starts: Side,
}

/// The previous move of the round, as [`crate::Position::previous`] keeps it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PreviousDoc {
    /// The hole it lifted, as owner and letter: `sa`, `nf`.
    pub hole: String,
    /// Whether its sowing began clockwise.
    pub clockwise: bool,
    /// Seeds it lifted.
    pub lifted: i64,
}

/// The turn counters of a round, as [`crate::Position::turns_played`] and
/// [`crate::Position::extra_turns`] keep them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TurnsDoc {
    /// The turns played so far this round (0 to 255).
    pub played: i64,
    /// The extra turns earned since the last move that earned none (0 to 255).
    pub extra: i64,
}

/// An `Option` field that must be present (as `null` for `None`).
fn required<'de, D: serde::Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<T>, D::Error> {
    Option::<T>::deserialize(d)
}

/// `{"positions": [...]}`, the output of `play --json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PositionsDoc {
    /// The start, then the position after each move.
    pub positions: Vec<PositionDoc>,
}

/// What is wrong with one field of a position document.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PositionProblem {
    /// The text is longer than [`MAX_POSITION_BYTES`].
    TooLarge {
        /// Its length in bytes.
        bytes: usize,
    },
    /// Not JSON, or JSON without the document's shape; the reader's words.
    Malformed(String),
    /// The board written as a circle for a game of rows, or the other way.
    BoardForm {
        /// Whether the game's board is a circle.
        circle: bool,
    },
    /// A row with the wrong number of holes.
    RowLength {
        /// Holes a row has in this game.
        expected: usize,
        /// Holes the document gives.
        found: usize,
    },
    /// A hole's seeds or a player's holding outside 0 and the largest count.
    Count {
        /// The number given.
        found: i64,
        /// Whether it is a holding (`captured`) rather than a hole.
        holding: bool,
    },
    /// A hole letter that names no hole of the row.
    NotALetter {
        /// The letter given.
        given: String,
        /// The last hole's letter.
        last: Hole,
    },
    /// A hole written as owner and letter (`sc`) that names no hole.
    NotACell {
        /// The name given.
        given: String,
    },
    /// A closed hole in a game without rounds or closing relays.
    NoClosedHoles,
    /// A claimed hole on a board of more than 64 cells, where rules that
    /// claim holes are refused.
    WideClaim {
        /// The name given.
        given: String,
    },
    /// A closed hole that holds seeds.
    ClosedHoleHolds {
        /// Its letter.
        hole: String,
        /// The seeds it holds.
        seeds: u16,
    },
    /// Board and holdings that do not add up to the game's seeds.
    SeedTotal {
        /// The document's total.
        found: u64,
        /// The game's total.
        expected: u64,
        /// The game's name.
        game: String,
    },
    /// A round number below 1 or too large.
    RoundOutOfRange {
        /// The number given.
        found: i64,
    },
    /// A round after the first in a game without rounds.
    NoRounds,
    /// A previous move given for rules that do not read it.
    NoPrevious,
    /// Turn counters given for rules that do not read them.
    NoTurns,
    /// No turn counters given for rules that read them.
    TurnsMissing,
    /// A turn counter below 0 or above 255.
    TurnCount {
        /// The count given.
        found: i64,
    },
    /// A previous move that lifted no seeds, or more than a hole holds.
    PreviousLifted {
        /// The count given.
        found: i64,
    },
    /// Territory holdings that are not the board's holes split between the
    /// players, or territory in a game whose holes never change hands.
    Territory {
        /// The holes the board has (both rows), or 0 when the game has no territory.
        holes: u8,
    },
    /// Round wins in a game that does not count them, or as many as the
    /// match needs (or more) while it goes on.
    Wins {
        /// The round wins that end the match (`match_end wins N`), if counted.
        needed: Option<u8>,
    },
    /// `opened: north` in a game that does not remember who started the round.
    Opened,
    /// A `layout` where none can be pending: the rules lay out no round
    /// (`lays_out` false), or the players listed have no choice to make or
    /// are not in order behind `to_move`.
    Layout {
        /// Whether the rules lay out rounds (`refill … chosen`).
        lays_out: bool,
    },
    /// `ceded` given where the rules' owners are not chosen, or not
    /// matching the `territory` counts; or missing where they are chosen.
    Ceded {
        /// Whether the rules' owners are chosen (`refill … territory chosen`).
        chosen: bool,
    },
    /// No `memory` for rules that keep marks or values.
    MemoryMissing,
    /// `memory` for rules that keep none.
    NoMemory,
    /// A name of `memory` the rules do not declare (`kind` `None`), or one
    /// given as something else than what it is (`kind` says what).
    MemoryName {
        /// What the rules declare it to be, and how it is written.
        kind: Option<&'static str>,
    },
    /// No `hand` for rules whose players hold seeds in hand.
    HandMissing,
    /// `hand` for rules whose players hold no seeds in hand.
    NoHands,
    /// A hand of fewer than 0 seeds, or more than a position holds.
    HandCount {
        /// The number given.
        found: i64,
    },
    /// The player to move has no legal move (such a position never arises:
    /// the game would have ended, or the player passed).
    NoLegalMove {
        /// The player to move.
        player: Player,
    },
}

impl fmt::Display for PositionProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::TooLarge { bytes } => {
                write!(f, "the position is {bytes} bytes; at most {MAX_POSITION_BYTES} (1 MiB) are accepted")
            }
            Self::Malformed(text) => f.write_str(text),
            Self::BoardForm { circle: true } => {
                write!(f, "this game's board is a circle: write it `{{\"circle\": [4, 4, …]}}`, its holes from `a`")
            }
            Self::BoardForm { circle: false } => {
                write!(f, "this game's board has rows: write it `{{\"south\": […], \"north\": […]}}`")
            }
            Self::RowLength { expected, found } => write!(f, "expected {expected} holes, found {found}"),
            Self::Count { found, holding: false } => write!(f, "a hole holds 0 or more seeds, found {found}"),
            Self::Count { found, holding: true } => write!(f, "a holding is 0 or more seeds, found {found}"),
            Self::NotALetter { given, last } => write!(f, "`{given}` is not a hole: holes are `a` to `{last}`"),
            Self::NotACell { given } => write!(f, "`{given}` is not a hole: write `sa` … or `na` …"),
            Self::WideClaim { given } => write!(
                f,
                "`{given}` cannot be claimed: no hole is on a board of more than {} cells",
                crate::position::MAX_MASKED_CELLS
            ),
            Self::NoClosedHoles => {
                f.write_str("this game has no closed holes (it is not played in rounds and no relay closes a hole)")
            }
            Self::ClosedHoleHolds { hole, seeds: n } => {
                write!(f, "closed hole `{hole}` holds {}; a closed hole holds none", seeds(*n))
            }
            Self::SeedTotal { found, expected, game } => {
                write!(f, "the board and captured seeds add up to {found}, but {game} is played with {expected}")
            }
            Self::RoundOutOfRange { found } => write!(f, "rounds count from 1 to 65535, found {found}"),
            Self::NoRounds => f.write_str("this game is not played in rounds; the round is 1"),
            Self::NoPrevious => f.write_str("these rules do not read the previous move; leave `previous` out"),
            Self::NoTurns => f.write_str("these rules do not read the turn counters; leave `turns` out"),
            Self::TurnsMissing => f.write_str(
                "these rules read the turn counters (`turns_played`, `extra_turns`): give `turns`, e.g. {\"played\": 0, \"extra\": 0} at a round's start",
            ),
            Self::TurnCount { found } => write!(f, "a turn counter is 0 to 255, found {found}"),
            Self::PreviousLifted { found } => write!(f, "a move lifts 1 seed or more, found {found}"),
            Self::Territory { holes: 0 } => {
                f.write_str("this game's holes never change hands (its match has no `refill … territory`)")
            }
            Self::Territory { holes } => {
                write!(f, "the players' holes add up to the board's {holes}, each owning at least none")
            }
            Self::Wins { needed: None } => f.write_str("this game does not count round wins (no `match_end wins`)"),
            Self::Wins { needed: Some(k) } => {
                write!(
                    f,
                    "each player has won fewer than the {k} rounds that end the match (at most {k} once it is over)"
                )
            }
            Self::MemoryMissing => f.write_str(
                "these rules keep marks or values (`memory`): give `memory`, with every name they declare",
            ),
            Self::NoMemory => f.write_str("these rules keep no marks or values; leave `memory` out"),
            Self::MemoryName { kind: None } => f.write_str("the rules' `memory` declares no such mark or value"),
            Self::MemoryName { kind: Some(kind) } => write!(f, "give it as {kind}"),
            Self::Opened => f.write_str(
                "this game does not remember who started the round (no `… setup turned_after_north` refill, no \
                     `starter`)",
            ),
            Self::Layout { lays_out: false } => {
                f.write_str("these rules lay out no round (no `refill … chosen`); leave `layout` out")
            }
            Self::Layout { lays_out: true } => f.write_str(
                "`pending` lists the players still to lay out, South first, the first being `to_move`, each with a \
                 choice to make (some but not all of the row's holes)",
            ),
            Self::Ceded { chosen: false } => f.write_str(
                "these rules do not let the leader choose their holes (no `refill … territory chosen`); leave `ceded` \
                 out",
            ),
            Self::Ceded { chosen: true } => f.write_str(
                "the leader chose which holes of the other row they own (`refill … territory chosen`): give `ceded`, \
                 e.g. {\"south\": [], \"north\": [\"b\", \"d\"]}, as many holes of the trailing player's row as \
                 `territory` says",
            ),
            Self::HandMissing => f.write_str(
                "these rules deal seeds in hand (`setup { hand N }`): give `hand`, e.g. {\"south\": 0, \"north\": 0}",
            ),
            Self::NoHands => f.write_str("in these rules the players hold no seeds in hand; leave `hand` out"),
            Self::HandCount { found } => write!(f, "a hand holds 0 to 65535 seeds, found {found}"),
            Self::NoLegalMove { player } => write!(f, "{} is to move but has no legal move", player.name()),
        }
    }
}

/// The seeds in hand a document gives (`hand`), checked against the rules:
/// required where the players hold seeds in hand, refused elsewhere; its
/// problems go to `problems`.
fn hand(m: &Machine, doc: Option<&Sides<i64>>, problems: &mut Vec<PositionError>) -> Option<[u16; 2]> {
    match (doc, m.rules().hands()) {
        (None, None) => None,
        (Some(_), None) => {
            problems.push(err("hand", PositionProblem::NoHands));
            None
        }
        (None, Some(_)) => {
            problems.push(err("hand", PositionProblem::HandMissing));
            None
        }
        (Some(sides), Some(_)) => {
            let mut hand = [0; 2];
            for p in Player::BOTH {
                let found = *sides.get(p);
                match u16::try_from(found) {
                    Ok(n) => hand[p.index()] = n,
                    Err(_) => problems.push(err(format!("hand.{}", p.name()), PositionProblem::HandCount { found })),
                }
            }
            Some(hand)
        }
    }
}

/// A position document that the rules cannot accept: the field at fault and
/// what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    /// The field at fault, e.g. `board.south` or `closed.north[1]`.
    pub field: String,
    /// What is wrong with it.
    pub problem: PositionProblem,
    /// 1-based line and column in the JSON text, for errors found reading it.
    pub location: Option<(usize, usize)>,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}`: {}", self.field, self.problem)?;
        match self.location {
            Some((line, column)) => write!(f, " (line {line}, column {column})"),
            None => Ok(()),
        }
    }
}

impl std::error::Error for PositionError {}

/// Every problem found in a position document, in document order (never
/// empty).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionErrors(Vec<PositionError>);

impl PositionErrors {
    /// The problems, in document order.
    pub fn iter(&self) -> impl Iterator<Item = &PositionError> {
        self.0.iter()
    }
}

impl From<PositionError> for PositionErrors {
    fn from(e: PositionError) -> Self {
        Self(vec![e])
    }
}

impl fmt::Display for PositionErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, e) in self.0.iter().enumerate() {
            if k > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for PositionErrors {}

fn err(field: impl Into<String>, problem: PositionProblem) -> PositionError {
    PositionError { field: field.into(), problem, location: None }
}

/// The largest position document accepted, in bytes (a position is a few
/// hundred).
pub const MAX_POSITION_BYTES: usize = 1 << 20;

/// Reads a position document from JSON text.
///
/// # Errors
/// Text over [`MAX_POSITION_BYTES`], invalid JSON, an unknown or missing
/// field, or a field of the wrong type; the error names the field, and the
/// line and column.
pub fn parse_position(json: &str) -> Result<PositionDoc, PositionError> {
    use serde_json::error::Category;
    if json.len() > MAX_POSITION_BYTES {
        return Err(err("(document)", PositionProblem::TooLarge { bytes: json.len() }));
    }
    let de = &mut serde_json::Deserializer::from_str(json);
    serde_path_to_error::deserialize(de).map_err(|e| {
        let field = e.path().to_string();
        let inner = e.into_inner();
        let field = if field == "." || field == "?" { "(document)".to_string() } else { field };
        let (line, column) = (inner.line(), inner.column().max(1));
        let text = inner.to_string();
        let text = text.strip_suffix(&format!(" at line {} column {}", inner.line(), inner.column())).unwrap_or(&text);
        let message = match inner.classify() {
            Category::Syntax => format!("this is not valid JSON: {text}"),
            Category::Eof => format!("the JSON ends too early: {text}"),
            Category::Io | Category::Data => text.replace("expected i64", "expected a whole number"),
        };
        PositionError { field, problem: PositionProblem::Malformed(message), location: Some((line, column)) }
    })
}

/// A hole written as owner and letter, `sc` or `nf` (as in `claimed`).
/// A cell as documents name it: owner and letter (`sa`, `nf`), or `sstore`.
fn cell_doc_name(m: &Machine, c: u8) -> String {
    m.cell_name(c).to_lowercase().replace('.', "")
}

fn parse_cell(m: &Machine, name: &str) -> Option<u8> {
    if m.rules().board.circle {
        // A circle's holes are nobody's: the letter alone.
        return Hole::from_letter(name).filter(|h| h.index() < m.holes()).map(Hole::index);
    }
    let owner = match name.get(..1)? {
        "s" => Player::South,
        "n" => Player::North,
        _ => return None,
    };
    let hole = Hole::from_letter(name.get(1..)?).filter(|h| h.index() < m.holes())?;
    Some(m.cell(owner, hole.index()))
}

/// The previous move a document gives, checked against the rules; its
/// problems go to `problems`.
fn previous(m: &Machine, d: &PreviousDoc, problems: &mut Vec<PositionError>) -> Option<Previous> {
    if !m.rules().reads_previous {
        problems.push(err("previous", PositionProblem::NoPrevious));
        return None;
    }
    let origin = parse_cell(m, &d.hole);
    if origin.is_none() {
        problems.push(err("previous.hole", PositionProblem::NotACell { given: d.hole.clone() }));
    }
    let lifted = u16::try_from(d.lifted).ok().filter(|&n| n > 0);
    if lifted.is_none() {
        problems.push(err("previous.lifted", PositionProblem::PreviousLifted { found: d.lifted }));
    }
    Some(Previous { origin: origin?, clockwise: d.clockwise, lifted: lifted? })
}

/// The turn counters a document gives, checked against the rules; its
/// problems go to `problems` (as does their absence, where the rules read
/// them).
fn turns(m: &Machine, d: Option<&TurnsDoc>, problems: &mut Vec<PositionError>) -> (u8, u8) {
    let Some(d) = d else {
        if m.rules().counts_turns {
            problems.push(err("turns", PositionProblem::TurnsMissing));
        }
        return (0, 0);
    };
    if !m.rules().counts_turns {
        problems.push(err("turns", PositionProblem::NoTurns));
        return (0, 0);
    }
    let mut count = |field: &str, found: i64| {
        u8::try_from(found).unwrap_or_else(|_| {
            problems.push(err(field, PositionProblem::TurnCount { found }));
            0
        })
    };
    (count("turns.played", d.played), count("turns.extra", d.extra))
}

/// `1 seed`, `7 seeds`.
fn seeds(n: u16) -> String {
    format!("{n} seed{}", if n == 1 { "" } else { "s" })
}

impl PositionDoc {
    /// Position `pos` of the game `m` plays, as a protocol document.
    pub fn of(m: &Machine, pos: &Position) -> PositionDoc {
        let row = |p: Player| (0..m.holes()).map(|i| i64::from(pos.seeds(usize::from(m.cell(p, i))))).collect();
        let closed = |p: Player| {
            (0..m.holes())
                .filter(|&i| pos.is_closed(usize::from(m.cell(p, i))))
                .map(|i| Hole::at(i).to_string())
                .collect()
        };
        PositionDoc {
            to_move: pos.to_move().map(Side::from),
            board: Sides {
                south: row(Player::South),
                north: if m.rules().board.circle { Vec::new() } else { row(Player::North) },
            },
            captured: Sides {
                south: i64::from(m.captured(pos, Player::South)),
                north: i64::from(m.captured(pos, Player::North)),
            },
            closed: Sides { south: closed(Player::South), north: closed(Player::North) },
            round: i64::from(pos.round()),
            legal: m.legal_moves(pos).unwrap_or_default().iter().map(crate::hole::Move::to_string).collect(),
            result: pos.result().map(ResultDoc::from),
            claimed: (pos.claimed != [0; 2]).then(|| {
                let by = |p: Player| {
                    (0..m.hole_cells())
                        .filter(|&c| pos.claimed_by(usize::from(c)) == Some(p))
                        .map(|c| cell_doc_name(m, c))
                        .collect()
                };
                Sides { south: by(Player::South), north: by(Player::North) }
            }),
            previous: pos.previous().map(|p| {
                Box::new(PreviousDoc {
                    hole: cell_doc_name(m, p.origin),
                    clockwise: p.clockwise,
                    lifted: i64::from(p.lifted),
                })
            }),
            turns: m.rules().counts_turns.then(|| {
                Box::new(TurnsDoc { played: i64::from(pos.turns_played()), extra: i64::from(pos.extra_turns()) })
            }),
            territory: (pos.border() != 0).then(|| {
                let (h, b) = (i64::from(m.holes()), i64::from(pos.border()));
                Box::new(Sides { south: h + b, north: h - b })
            }),
            opened: pos.north_opened().then_some(Side::North),
            memory: memory::written(m, pos).map(Box::new),
            hand: m.rules().hands().map(|_| {
                Box::new(Sides { south: i64::from(pos.hand(Player::South)), north: i64::from(pos.hand(Player::North)) })
            }),
            wins: (pos.wins() != [0; 2]).then(|| {
                let [south, north] = pos.wins();
                Sides { south, north }
            }),
            layout: layout::written(m, pos).map(Box::new),
            ceded: layout::written_ceded(m, pos).map(Box::new),
        }
    }

    /// The position this document describes in the game `m` plays, checked
    /// against its rules: row lengths, counts, closed and claimed holes, the
    /// round, the seed total, and that the player to move can move. `legal`
    /// and `result` are recomputed.
    ///
    /// # Errors
    /// Every field at fault, named. The seed total and the legal moves are
    /// checked only once every field reads well.
    pub fn to_position(&self, m: &Machine) -> Result<Position, PositionErrors> {
        let holes = usize::from(m.holes());
        let mut problems = Vec::new();
        let mut cells = [0u16; MAX_CELLS];
        let mut closed = 0u64;
        let mut total: u64 = 0;
        let has_rounds = m.rules().rounds.is_some();
        // Holes close between rounds, or as a closing relay lifts them.
        let closes = has_rounds || m.rules().sowing.relays.iter().any(|r| r.closes);
        let circle = m.rules().board.circle;
        // A circle's document gives `circle` (South's side, North's empty);
        // every other board both sides.
        if circle != self.board.north.is_empty() {
            problems.push(err("board", PositionProblem::BoardForm { circle }));
        }
        for p in Player::BOTH {
            let name = if circle { "circle" } else { p.name() };
            let row = self.board.get(p);
            if circle != self.board.north.is_empty() || (circle && p == Player::North) {
                continue;
            }
            if row.len() != holes {
                let problem = PositionProblem::RowLength { expected: holes, found: row.len() };
                problems.push(err(format!("board.{name}"), problem));
            }
            for (i, &n) in row.iter().enumerate().take(holes) {
                match u16::try_from(n) {
                    Ok(n) => {
                        cells[usize::from(m.cell(p, i as u8))] = n;
                        total += u64::from(n);
                    }
                    Err(_) => problems
                        .push(err(format!("board.{name}[{i}]"), PositionProblem::Count { found: n, holding: false })),
                }
            }
        }
        for p in Player::BOTH {
            let name = p.name();
            for (k, l) in self.closed.get(p).iter().enumerate() {
                let field = format!("closed.{name}[{k}]");
                let Some(i) = Hole::from_letter(l).filter(|h| usize::from(h.index()) < holes).map(Hole::index) else {
                    let problem = PositionProblem::NotALetter { given: l.clone(), last: Hole::at(holes as u8 - 1) };
                    problems.push(err(field, problem));
                    continue;
                };
                if !closes {
                    problems.push(err(field, PositionProblem::NoClosedHoles));
                    continue;
                }
                let cell = m.cell(p, i);
                match cells[usize::from(cell)] {
                    0 => closed |= 1 << cell,
                    seeds => problems.push(err(field, PositionProblem::ClosedHoleHolds { hole: l.clone(), seeds })),
                }
            }
        }
        let mut reserve = [0u32; 2];
        for p in Player::BOTH {
            let c = *self.captured.get(p);
            match u32::try_from(c) {
                Ok(c) => {
                    total += u64::from(c);
                    reserve[p.index()] = c;
                }
                Err(_) => problems
                    .push(err(format!("captured.{}", p.name()), PositionProblem::Count { found: c, holding: true })),
            }
        }
        if self.round < 1 || self.round > i64::from(u16::MAX) {
            problems.push(err("round", PositionProblem::RoundOutOfRange { found: self.round }));
        } else if self.round > 1 && !has_rounds {
            problems.push(err("round", PositionProblem::NoRounds));
        }
        let mut claimed = [0u64; 2];
        if let Some(c) = &self.claimed {
            for p in Player::BOTH {
                for (k, name) in c.get(p).iter().enumerate() {
                    match parse_cell(m, name) {
                        Some(cell) if usize::from(cell) < crate::position::MAX_MASKED_CELLS => {
                            claimed[p.index()] |= 1 << cell;
                        }
                        Some(_) => problems.push(err(
                            format!("claimed.{}[{k}]", p.name()),
                            PositionProblem::WideClaim { given: name.clone() },
                        )),
                        None => problems.push(err(
                            format!("claimed.{}[{k}]", p.name()),
                            PositionProblem::NotACell { given: name.clone() },
                        )),
                    }
                }
            }
        }
        let previous = self.previous.as_deref().and_then(|d| previous(m, d, &mut problems));
        let (turns_played, extra_turns) = turns(m, self.turns.as_deref(), &mut problems);
        let mut memory = memory::read(m, self.memory.as_deref(), &mut problems);
        if let Some(hand) = hand(m, self.hand.as_deref(), &mut problems) {
            total += u64::from(hand[0]) + u64::from(hand[1]);
            memory.get_or_insert_with(Default::default).hand = hand;
        }
        let border = self.territory.as_ref().map_or(0, |t| {
            let h = i64::from(m.holes());
            let fits = t.south >= 0 && t.north >= 0 && t.south + t.north == 2 * h;
            if !m.territory() || !fits {
                let holes = if m.territory() { 2 * m.holes() } else { 0 };
                problems.push(err("territory", PositionProblem::Territory { holes }));
            }
            i8::try_from(t.south - h).unwrap_or(0)
        });
        if m.rules().lays_out() {
            let memory = memory.get_or_insert_with(Default::default);
            memory.layout = layout::read(self, &mut problems);
            memory.ceded = layout::read_ceded(m, self, border, &mut problems);
        } else {
            if self.layout.is_some() {
                problems.push(err("layout", PositionProblem::Layout { lays_out: false }));
            }
            if self.ceded.is_some() {
                problems.push(err("ceded", PositionProblem::Ceded { chosen: false }));
            }
        }
        let memory = memory.map(std::sync::Arc::new);
        let wins = self.wins.as_ref().map_or([0; 2], |w| {
            let needed = m.rules().rounds.as_ref().and_then(|r| r.wins);
            // Only a finished match has a player at the count needed.
            let over = u8::from(self.to_move.is_none());
            let count =
                |n: u8| Some(n).filter(|&n| needed.is_some_and(|k| u16::from(n) < u16::from(k) + u16::from(over)));
            match (count(w.south), count(w.north)) {
                (Some(south), Some(north)) => [south, north],
                _ => {
                    problems.push(err("wins", PositionProblem::Wins { needed }));
                    [0; 2]
                }
            }
        });
        let turned =
            m.rules().rounds.as_ref().is_some_and(|r| r.fill_from.turned_after_north()) || m.rules().reads_starter;
        let north_opened = self.opened.is_some_and(|s| Player::from(s) == Player::North);
        if north_opened && !turned {
            problems.push(err("opened", PositionProblem::Opened));
        }
        if !problems.is_empty() {
            return Err(PositionErrors(problems));
        }
        let expected = u64::from(m.rules().total_seeds());
        if total != expected {
            let game = m.rules().name.clone();
            return Err(err("board", PositionProblem::SeedTotal { found: total, expected, game }).into());
        }
        let mut pos = Position {
            cells,
            game: m.rules().game(),
            reserve: [0; 2],
            closed,
            claimed,
            to_move: self.to_move.map(Player::from),
            round: self.round as u16,
            result: None,
            legal: 0,
            chosen: m.chosen(),
            places: m.places(),
            border,
            wins,
            north_opened,
            seen: None,
            previous,
            turns_played,
            extra_turns,
            memory,
        };
        for p in Player::BOTH {
            m.give(&mut pos, p, reserve[p.index()]);
        }
        if !layout::fits(m, &pos, self.to_move.map(Player::from)) {
            return Err(err("layout", PositionProblem::Layout { lays_out: true }).into());
        }
        match pos.to_move {
            None => {
                // A result the document states stands (a repetition may end
                // the game drawn whatever the holdings); else the holdings decide.
                let held = Player::BOTH.map(|p| m.captured(&pos, p));
                pos.result = Some(self.result.map_or(Outcome::compare(held[0], held[1]), Outcome::from));
            }
            Some(p) => {
                if m.laying_out(&pos).is_none() && m.legal_mask(&pos) == Ok(0) {
                    return Err(err("to_move", PositionProblem::NoLegalMove { player: p }).into());
                }
                m.start(&mut pos);
            }
        }
        Ok(pos)
    }
}
