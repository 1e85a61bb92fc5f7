//! The JSON position protocol (`play --json`, `--from`): the exact document
//! external tools read and write, and the validating constructor that turns
//! one into a [`Position`].

use crate::hole::Hole;
use crate::machine::Machine;
use crate::position::{Outcome, Player, Position, MAX_CELLS};
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
    /// Each row, owner's left to right (index 0 is hole `a`).
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

/// A position document that the rules cannot accept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    /// The field at fault, e.g. `board.south` or `closed.north[1]`.
    pub field: String,
    /// What is wrong with it.
    pub message: String,
    /// 1-based line and column in the JSON text, for errors found reading it.
    pub location: Option<(usize, usize)>,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}`: {}", self.field, self.message)?;
        match self.location {
            Some((line, column)) => write!(f, " (line {line}, column {column})"),
            None => Ok(()),
        }
    }
}

impl std::error::Error for PositionError {}

fn err(field: impl Into<String>, message: impl Into<String>) -> PositionError {
    PositionError { field: field.into(), message: message.into(), location: None }
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
        return Err(err(
            "(document)",
            format!("the position is {} bytes; at most {MAX_POSITION_BYTES} (1 MiB) are accepted", json.len()),
        ));
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
        PositionError { field, message, location: Some((line, column)) }
    })
}

impl Machine {
    /// A hole written as owner and letter, `sc` or `nf` (as in `claimed`).
    fn parse_cell(&self, name: &str) -> Option<u8> {
        let owner = match name.get(..1)? {
            "s" => Player::South,
            "n" => Player::North,
            _ => return None,
        };
        let hole = Hole::from_letter(name.get(1..)?).filter(|h| h.index() < self.holes())?;
        Some(self.cell(owner, hole.index()))
    }
}

/// `1 seed`, `7 seeds`.
fn seeds(n: u16) -> String {
    format!("{n} seed{}", if n == 1 { "" } else { "s" })
}

impl Machine {
    /// A position as a protocol document.
    pub fn to_doc(&self, pos: &Position) -> PositionDoc {
        let row = |p: Player| (0..self.holes()).map(|i| i64::from(pos.seeds(usize::from(self.cell(p, i))))).collect();
        let closed = |p: Player| {
            (0..self.holes())
                .filter(|&i| pos.is_closed(usize::from(self.cell(p, i))))
                .map(|i| Hole::at(i).to_string())
                .collect()
        };
        PositionDoc {
            to_move: pos.to_move().map(Side::from),
            board: Sides { south: row(Player::South), north: row(Player::North) },
            captured: Sides {
                south: i64::from(self.captured(pos, Player::South)),
                north: i64::from(self.captured(pos, Player::North)),
            },
            closed: Sides { south: closed(Player::South), north: closed(Player::North) },
            round: i64::from(pos.round()),
            legal: pos.legal_moves().map(|m| m.to_string()).collect(),
            result: pos.result().map(ResultDoc::from),
            claimed: (pos.claimed != [0; 2]).then(|| {
                let by = |p: Player| {
                    (0..2 * self.holes())
                        .filter(|&c| pos.claimed_by(usize::from(c)) == Some(p))
                        .map(|c| self.cell_name(c).to_lowercase().replace('.', ""))
                        .collect()
                };
                Sides { south: by(Player::South), north: by(Player::North) }
            }),
        }
    }

    /// Builds a position from a protocol document, checking it against the
    /// rules: row lengths, counts, closed holes, the seed total, and that the
    /// player to move can move. `legal` and `result` are recomputed.
    ///
    /// # Errors
    /// The first field found at fault, named.
    pub fn position_from(&self, doc: &PositionDoc) -> Result<Position, PositionError> {
        let holes = usize::from(self.holes());
        let mut cells = [0u16; MAX_CELLS];
        let mut closed = 0u64;
        let mut total: u64 = 0;
        let has_rounds = self.rules().rounds.is_some();
        for p in Player::BOTH {
            let name = p.name();
            let row = doc.board.get(p);
            if row.len() != holes {
                return Err(err(format!("board.{name}"), format!("expected {holes} holes, found {}", row.len())));
            }
            for (i, &n) in row.iter().enumerate() {
                if !(0..=i64::from(u16::MAX)).contains(&n) {
                    return Err(err(format!("board.{name}[{i}]"), format!("a hole holds 0 or more seeds, found {n}")));
                }
                cells[usize::from(self.cell(p, i as u8))] = n as u16;
                total += n as u64;
            }
            for (k, l) in doc.closed.get(p).iter().enumerate() {
                let field = format!("closed.{name}[{k}]");
                let i = match Hole::from_letter(l).filter(|h| usize::from(h.index()) < holes) {
                    Some(h) => h.index(),
                    None => {
                        let last = Hole::at(holes as u8 - 1);
                        return Err(err(field, format!("`{l}` is not a hole: holes are `a` to `{last}`")));
                    }
                };
                if !has_rounds {
                    return Err(err(field, "this game has no closed holes (it is not played in rounds)"));
                }
                let cell = self.cell(p, i);
                if cells[usize::from(cell)] != 0 {
                    return Err(err(
                        field,
                        format!(
                            "closed hole `{l}` holds {}; a closed hole holds none",
                            seeds(cells[usize::from(cell)])
                        ),
                    ));
                }
                closed |= 1 << cell;
            }
        }
        let mut reserve = [0u32; 2];
        for p in Player::BOTH {
            let c = *doc.captured.get(p);
            if !(0..=i64::from(u32::MAX)).contains(&c) {
                return Err(err(format!("captured.{}", p.name()), format!("a holding is 0 or more seeds, found {c}")));
            }
            total += c as u64;
            reserve[p.index()] = c as u32;
        }
        let expected = u64::from(self.rules().total_seeds());
        if total != expected {
            return Err(err(
                "board",
                format!(
                    "the board and captured seeds add up to {total}, but {} is played with {expected}",
                    self.rules().name
                ),
            ));
        }
        if doc.round < 1 || doc.round > i64::from(u32::MAX) {
            return Err(err("round", format!("rounds count from 1, found {}", doc.round)));
        }
        if doc.round > 1 && !has_rounds {
            return Err(err("round", "this game is not played in rounds; the round is 1"));
        }
        let mut claimed = [0u64; 2];
        if let Some(c) = &doc.claimed {
            for p in Player::BOTH {
                for (k, name) in c.get(p).iter().enumerate() {
                    let cell = self.parse_cell(name).ok_or_else(|| {
                        err(
                            format!("claimed.{}[{k}]", p.name()),
                            format!("`{name}` is not a hole: write `sa` … or `na` …"),
                        )
                    })?;
                    claimed[p.index()] |= 1 << cell;
                }
            }
        }
        let mut pos = Position {
            cells,
            reserve: [0; 2],
            closed,
            claimed,
            to_move: doc.to_move.map(Player::from),
            round: doc.round as u32,
            result: None,
            legal: 0,
            chosen: self.chosen(),
            seen: None,
        };
        for p in Player::BOTH {
            self.give(&mut pos, p, reserve[p.index()]);
        }
        match pos.to_move {
            None => {
                // A result the document states stands (a repetition may end
                // the game drawn whatever the holdings); else the holdings decide.
                let held = Player::BOTH.map(|p| self.captured(&pos, p));
                pos.result = Some(doc.result.map_or(Outcome::compare(held[0], held[1]), Outcome::from));
            }
            Some(p) => {
                if self.legal_mask(&pos) == 0 {
                    return Err(err("to_move", format!("{} is to move but has no legal move", p.name())));
                }
                self.start(&mut pos);
            }
        }
        Ok(pos)
    }
}
