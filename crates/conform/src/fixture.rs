//! Recorded games ("fixtures"): YAML files naming a rules file, an optional
//! start position, the moves, and the positions expected after chosen plies.
//! This is the only module that knows the YAML crate.

use serde::{Deserialize, Deserializer, Serialize};
use sowspec_core::protocol::{PositionDoc, ResultDoc, Side, Sides, Winner};
use std::fmt;
use std::path::{Path, PathBuf};

/// A recorded game, as written in a fixture file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fixture {
    /// The rules file, relative to the fixture's folder.
    pub rules: String,
    /// Where the record comes from (a book, an independent engine, a hand
    /// working, or `candidate:` for generated games nobody has reviewed).
    pub source: String,
    /// Clauses of the rules the game exercises, e.g. `[RP-4, RP-3]`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub clauses: Vec<String>,
    /// Play only the first round of a match (RP-11).
    #[serde(default, skip_serializing_if = "is_false")]
    pub one_round: bool,
    /// The start position (JSON protocol fields); the rules' initial position if absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<PositionDoc>,
    /// The moves, as hole letters from the mover's point of view.
    pub moves: Vec<String>,
    /// Positions expected after chosen plies (0 is the start).
    #[serde(default)]
    pub expect: Vec<Expectation>,
    /// The expected result once every move is played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<Winner>,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// Distinguishes a field set to `null` (`Some(None)`) from an absent one (`None`).
fn nullable<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(d).map(Some)
}

/// The position expected after a ply. Only the fields given are compared.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expectation {
    /// After how many moves (0 = the start).
    pub ply: usize,
    /// The player to move (`null` once over).
    #[serde(default, deserialize_with = "nullable", skip_serializing_if = "Option::is_none")]
    pub to_move: Option<Option<Side>>,
    /// Each row, owner's left to right.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<Sides<Vec<i64>>>,
    /// Seeds held off the board.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub captured: Option<Sides<i64>>,
    /// Closed holes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub closed: Option<Sides<Vec<String>>>,
    /// The round.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<i64>,
    /// Legal moves of the player to move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legal: Option<Vec<String>>,
    /// The result (`null` while playing).
    #[serde(default, deserialize_with = "nullable", skip_serializing_if = "Option::is_none")]
    pub result: Option<Option<ResultDoc>>,
    /// Claimed holes by claimer (`{"south": ["nc"], "north": []}`); compared
    /// as empty when the position has none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claimed: Option<Sides<Vec<String>>>,
}

impl Expectation {
    /// A full expectation: every field of `pos`.
    pub fn full(ply: usize, pos: &PositionDoc) -> Expectation {
        Expectation {
            ply,
            to_move: Some(pos.to_move),
            board: Some(pos.board.clone()),
            captured: Some(pos.captured.clone()),
            closed: Some(pos.closed.clone()),
            round: Some(pos.round),
            legal: Some(pos.legal.clone()),
            result: Some(pos.result),
            claimed: pos.claimed.clone(),
        }
    }

    /// The fields where `actual` differs: `(field, expected, actual)`, as JSON text.
    pub fn differences(&self, actual: &PositionDoc) -> Vec<(&'static str, String, String)> {
        fn cmp<T: PartialEq + Serialize>(
            out: &mut Vec<(&'static str, String, String)>,
            name: &'static str,
            want: &Option<T>,
            got: &T,
        ) {
            if let Some(w) = want {
                if w != got {
                    let show = |v: &T| serde_json::to_string(v).expect("protocol values serialise");
                    out.push((name, show(w), show(got)));
                }
            }
        }
        let mut out = Vec::new();
        cmp(&mut out, "to_move", &self.to_move, &actual.to_move);
        if let Some(b) = &self.board {
            cmp(&mut out, "board.south", &Some(&b.south), &&actual.board.south);
            cmp(&mut out, "board.north", &Some(&b.north), &&actual.board.north);
        }
        if let Some(c) = &self.captured {
            cmp(&mut out, "captured.south", &Some(c.south), &actual.captured.south);
            cmp(&mut out, "captured.north", &Some(c.north), &actual.captured.north);
        }
        if let Some(c) = &self.closed {
            cmp(&mut out, "closed.south", &Some(&c.south), &&actual.closed.south);
            cmp(&mut out, "closed.north", &Some(&c.north), &&actual.closed.north);
        }
        cmp(&mut out, "round", &self.round, &actual.round);
        cmp(&mut out, "legal", &self.legal, &actual.legal);
        cmp(&mut out, "result", &self.result, &actual.result);
        if let Some(c) = &self.claimed {
            let none = Sides { south: Vec::new(), north: Vec::new() };
            let got = actual.claimed.as_ref().unwrap_or(&none);
            cmp(&mut out, "claimed.south", &Some(&c.south), &&got.south);
            cmp(&mut out, "claimed.north", &Some(&c.north), &&got.north);
        }
        out
    }
}

/// A fixture that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FixtureError {
    /// The fixture file.
    pub file: PathBuf,
    /// 1-based line and column, where known.
    pub location: Option<(usize, usize)>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for FixtureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.location {
            Some((l, c)) => write!(f, "{}:{l}:{c}: {}", self.file.display(), self.message),
            None => write!(f, "{}: {}", self.file.display(), self.message),
        }
    }
}

impl std::error::Error for FixtureError {}

/// A fixture read from disk, with its rules file resolved.
#[derive(Clone, Debug)]
pub struct Loaded {
    /// The fixture file.
    pub path: PathBuf,
    /// Its rules file, resolved against the fixture's folder.
    pub rules_path: PathBuf,
    /// Its content.
    pub fixture: Fixture,
}

/// The largest fixture file accepted, in bytes.
pub const MAX_FIXTURE_BYTES: usize = 64 << 20;
/// The most moves a fixture may hold.
pub const MAX_MOVES: usize = 1_000_000;

impl Fixture {
    /// Parses fixture text; `file` names it in errors.
    ///
    /// # Errors
    /// Text over [`MAX_FIXTURE_BYTES`], invalid YAML, unknown keys, values
    /// of the wrong type, more than [`MAX_MOVES`] moves, moves that are not
    /// hole letters, or an expectation after the last move.
    pub fn parse(text: &str, file: &Path) -> Result<Fixture, FixtureError> {
        let error = |location, message| FixtureError { file: file.to_path_buf(), location, message };
        if text.len() > MAX_FIXTURE_BYTES {
            return Err(error(None, too_large(&format!("{} bytes", text.len()))));
        }
        let fixture: Fixture = serde_yaml::from_str(text).map_err(|e| {
            let message = e.to_string().split(" at line ").next().unwrap_or_default().to_string();
            let location = duplicate_key(text, &message).or(e.location().map(|l| (l.line(), l.column())));
            error(location, plain_words(&message))
        })?;
        let fail = |message: String| Err(error(locate(text, &message), message));
        if fixture.moves.len() > MAX_MOVES {
            return fail(format!("the fixture has {} moves; at most {MAX_MOVES} are accepted", fixture.moves.len()));
        }
        for (i, m) in fixture.moves.iter().enumerate() {
            if sowspec_core::Move::parse(m).is_none() {
                return fail(format!("move {} (`{m}`) is not a hole letter `a`, `b`, … (with `+` or `-` where the player chooses the direction)", i + 1));
            }
        }
        for e in &fixture.expect {
            if e.ply > fixture.moves.len() {
                return fail(format!(
                    "an expectation at ply {} comes after the last move (the game has {} moves)",
                    e.ply,
                    fixture.moves.len()
                ));
            }
        }
        Ok(fixture)
    }

    /// Reads a fixture file.
    ///
    /// # Errors
    /// The file cannot be read, or [`Fixture::parse`] fails.
    pub fn load(path: &Path) -> Result<Loaded, FixtureError> {
        use std::io::Read;
        let error = |location, message| FixtureError { file: path.to_path_buf(), location, message };
        let mut bytes = Vec::new();
        std::fs::File::open(path)
            .and_then(|f| f.take(MAX_FIXTURE_BYTES as u64 + 1).read_to_end(&mut bytes))
            .map_err(|e| error(None, format!("cannot read the fixture: {e}")))?;
        if bytes.len() > MAX_FIXTURE_BYTES {
            let size = match std::fs::metadata(path).map(|m| m.len()) {
                Ok(n) if n > MAX_FIXTURE_BYTES as u64 => format!("{n} bytes"),
                _ => format!("more than {MAX_FIXTURE_BYTES} bytes"),
            };
            return Err(error(None, too_large(&size)));
        }
        let text = String::from_utf8(bytes).map_err(|e| {
            let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
            let line = valid.iter().filter(|&&b| b == b'\n').count() + 1;
            let start = valid.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
            let column = String::from_utf8_lossy(&valid[start..]).chars().count() + 1;
            let byte = e.as_bytes()[valid.len()];
            error(
                Some((line, column)),
                format!("not UTF-8 text: byte 0x{byte:02X} is not a character; save the file as UTF-8"),
            )
        })?;
        let fixture = Fixture::parse(&text, path)?;
        let rules_path = path.parent().unwrap_or(Path::new(".")).join(&fixture.rules);
        Ok(Loaded { path: path.to_path_buf(), rules_path, fixture })
    }

    /// The fixture as YAML text: one line per field and per expectation
    /// (values are written in YAML's flow style, which JSON text also is).
    pub fn to_yaml(&self) -> String {
        let mut out = format!("rules: {}\nsource: {}\n", json(&self.rules), json(&self.source));
        if !self.clauses.is_empty() {
            out += &format!("clauses: {}\n", json(&self.clauses));
        }
        if self.one_round {
            out += "one_round: true\n";
        }
        if let Some(from) = &self.from {
            out += &format!("from: {}\n", json(from));
        }
        out += &format!("moves: [{}]\n", self.moves.join(", "));
        if let Some(r) = &self.result {
            out += &format!("result: {}\n", json(r));
        }
        if !self.expect.is_empty() {
            out += "expect:\n";
            for e in &self.expect {
                out += &format!("  - {}\n", json(e));
            }
        }
        out
    }
}

/// A value as one line of JSON, which YAML reads as a flow value.
fn json<T: Serialize + ?Sized>(v: &T) -> String {
    serde_json::to_string(v).expect("fixture values serialise")
}

fn too_large(size: &str) -> String {
    format!("the fixture is {size}; at most {MAX_FIXTURE_BYTES} (64 MiB) are accepted")
}

/// The YAML crate's words for the fixture's types, in the words of the
/// fixture format.
fn plain_words(message: &str) -> String {
    message
        .replace("expected struct Fixture", "expected a fixture: a mapping with `rules`, `source`, `moves`, …")
        .replace("expected struct Expectation", "expected an expectation: a mapping with `ply` and fields to compare")
        .replace("expected struct PositionDoc", "expected a position: a mapping with `to_move`, `board`, `captured`, …")
        .replace("expected struct Sides", "expected a mapping with `south` and `north`")
        .replace("expected struct ResultDoc", "expected a mapping with `winner`")
        .replace("expected i64", "expected a whole number")
        .replace("expected usize", "expected a whole number from 0")
}

/// For a top-level key given twice, the line of the second (the YAML crate
/// reports the start of the document).
fn duplicate_key(text: &str, message: &str) -> Option<(usize, usize)> {
    let key = message.strip_prefix("duplicate field `")?.strip_suffix('`')?;
    let mut lines = text.lines().enumerate().filter(|(_, l)| l.strip_prefix(key).is_some_and(|r| r.starts_with(':')));
    lines.nth(1).map(|(i, _)| (i + 1, 1))
}

/// The line of the first expectation or move mentioned in an error, best effort.
fn locate(text: &str, message: &str) -> Option<(usize, usize)> {
    let key = if message.starts_with("an expectation at ply ") {
        let ply = message.split_whitespace().nth(4)?;
        format!("ply\": {ply}")
    } else {
        "moves:".to_string()
    };
    let alt = key.replace("\": ", ": ");
    text.lines().enumerate().find(|(_, l)| l.contains(&key) || l.contains(&alt)).map(|(i, _)| (i + 1, 1))
}
