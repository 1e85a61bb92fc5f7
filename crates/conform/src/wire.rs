//! The messages of the engine protocol (`docs/PROTOCOL.md`): one JSON object
//! per line, each request answered by exactly one reply. Both sides use this
//! module: the tester ([`crate::process`]) writes [`Request`]s and reads
//! replies leniently (unknown fields are ignored), and sowspec's own engine
//! ([`crate::serve`]) reads requests and writes [`Reply`]s.

use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};
use sowspec_core::protocol::PositionDoc;
use std::fmt;
use std::io::BufRead;

/// The protocol version described by `docs/PROTOCOL.md`.
pub const PROTOCOL: u32 = 1;

/// The feature of starting a game from a given position (`new` with `from`).
pub const FEATURE_FROM: &str = "from";
/// The feature of playing only the first round of a match (`new` with `one_round`).
pub const FEATURE_ONE_ROUND: &str = "one_round";

/// The longest line either side must accept, in bytes (a position is a few
/// hundred).
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// A request from the tester.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// The handshake: the tester's protocol version.
    Hello {
        /// The version the tester speaks.
        protocol: u32,
    },
    /// Start a game of a variant, replacing any game in progress.
    New {
        /// The variant: a rules file's stem, e.g. `kalah`.
        variant: String,
        /// The start position, or the variant's initial position (boxed:
        /// requests stay small).
        from: Option<Box<PositionDoc>>,
        /// Stop at the end of the first round of a match.
        one_round: bool,
    },
    /// Play a move in the game in progress.
    Move {
        /// The move: a hole letter in protocol version 1.
        mv: String,
    },
    /// Report the position of the game in progress.
    Position,
    /// End the session.
    Quit,
}

/// What went wrong with a request, as the engine says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// The line is not a JSON object, or a field is missing or of the wrong type.
    Malformed,
    /// The `cmd` is not one the engine knows.
    UnknownCommand,
    /// The engine does not play this variant.
    UnknownVariant,
    /// The engine cannot start a game this way (a feature it lacks).
    Unsupported,
    /// The `from` position is not a position of the variant.
    BadPosition,
    /// `move` or `position` before any `new`.
    NoGame,
    /// The move is not legal in the position (which is unchanged).
    IllegalMove,
}

impl ErrorCode {
    /// The code as written on the wire.
    pub fn name(self) -> &'static str {
        match self {
            ErrorCode::Malformed => "malformed",
            ErrorCode::UnknownCommand => "unknown_command",
            ErrorCode::UnknownVariant => "unknown_variant",
            ErrorCode::Unsupported => "unsupported",
            ErrorCode::BadPosition => "bad_position",
            ErrorCode::NoGame => "no_game",
            ErrorCode::IllegalMove => "illegal_move",
        }
    }
}

/// An error reply: a code and a message for people.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineError {
    /// The code, as the engine wrote it (known codes are [`ErrorCode`]s).
    pub code: String,
    /// The engine's explanation.
    pub message: String,
}

impl EngineError {
    /// An error with a known code.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> EngineError {
        EngineError { code: code.name().to_string(), message: message.into() }
    }

    /// Whether the code is `code`.
    pub fn is(&self, code: ErrorCode) -> bool {
        self.code == code.name()
    }
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code, self.message)
    }
}

/// The engine's answer to `hello`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hello {
    /// The protocol version the engine speaks.
    pub protocol: u32,
    /// The engine's name (and version, if it likes).
    pub name: String,
    /// The variants it plays, by rules-file stem.
    pub variants: Vec<String>,
    /// Optional features it supports: [`FEATURE_FROM`], [`FEATURE_ONE_ROUND`].
    #[serde(default)]
    pub features: Vec<String>,
}

/// A reply from the engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// The answer to `hello`.
    Hello(Hello),
    /// The position after `new`, `move` or `position`.
    Position(PositionDoc),
    /// The answer to `quit`.
    Bye,
    /// The request failed; nothing changed.
    Error(EngineError),
}

impl Request {
    /// The request as one line of JSON (without the line end).
    pub fn to_line(&self) -> String {
        let value = match self {
            Request::Hello { protocol } => json!({"cmd": "hello", "protocol": protocol}),
            Request::New { variant, from, one_round } => {
                let mut v = json!({"cmd": "new", "variant": variant});
                if let Some(from) = from {
                    v["from"] = serde_json::to_value(from).expect("positions serialise");
                }
                if *one_round {
                    v["one_round"] = Value::Bool(true);
                }
                v
            }
            Request::Move { mv } => json!({"cmd": "move", "move": mv}),
            Request::Position => json!({"cmd": "position"}),
            Request::Quit => json!({"cmd": "quit"}),
        };
        value.to_string()
    }

    /// Reads a request line, as an engine does. Unknown fields are ignored.
    ///
    /// # Errors
    /// `malformed` (not a JSON object, no `cmd`, a field missing or of the
    /// wrong type), `unknown_command`, or `bad_position` for a `from` that
    /// is not a position document.
    pub fn parse(line: &str) -> Result<Request, EngineError> {
        let malformed = |m: String| EngineError::new(ErrorCode::Malformed, m);
        let value: Value = serde_json::from_str(line).map_err(|e| malformed(format!("not JSON: {e}")))?;
        let Value::Object(obj) = value else {
            return Err(malformed("a request is a JSON object".to_string()));
        };
        let cmd = obj.get("cmd").and_then(Value::as_str).ok_or_else(|| malformed("no `cmd` string".to_string()))?;
        let text = |key: &str| {
            obj.get(key)
                .and_then(Value::as_str)
                .map(str::to_string)
                .ok_or_else(|| malformed(format!("`{cmd}` needs a string `{key}`")))
        };
        match cmd {
            "hello" => {
                let protocol = obj.get("protocol").and_then(Value::as_u64).and_then(|p| u32::try_from(p).ok());
                let protocol =
                    protocol.ok_or_else(|| malformed("`hello` needs a whole number `protocol`".to_string()))?;
                Ok(Request::Hello { protocol })
            }
            "new" => {
                let variant = text("variant")?;
                let one_round = match obj.get("one_round") {
                    None | Some(Value::Null) => false,
                    Some(Value::Bool(b)) => *b,
                    Some(_) => return Err(malformed("`one_round` is true or false".to_string())),
                };
                let from = match obj.get("from") {
                    None | Some(Value::Null) => None,
                    Some(v) => Some(serde_path_to_error::deserialize(v).map(Box::new).map_err(|e| {
                        EngineError::new(ErrorCode::BadPosition, format!("`from.{}`: {}", e.path(), e.inner()))
                    })?),
                };
                Ok(Request::New { variant, from, one_round })
            }
            "move" => Ok(Request::Move { mv: text("move")? }),
            "position" => Ok(Request::Position),
            "quit" => Ok(Request::Quit),
            other => Err(EngineError::new(ErrorCode::UnknownCommand, format!("no command `{other}`"))),
        }
    }
}

impl Reply {
    /// The reply as one line of JSON (without the line end), `ok` first.
    pub fn to_line(&self) -> String {
        /// `ok`, then the reply's own fields.
        #[derive(Serialize)]
        struct Line<T> {
            ok: bool,
            #[serde(flatten)]
            rest: T,
        }
        /// The fields of an error reply.
        #[derive(Serialize)]
        struct Failed<'a> {
            error: &'a str,
            message: &'a str,
        }
        /// The field of a position reply.
        #[derive(Serialize)]
        struct Positioned<'a> {
            position: &'a PositionDoc,
        }
        let text = match self {
            Reply::Hello(h) => serde_json::to_string(&Line { ok: true, rest: h }),
            Reply::Position(position) => serde_json::to_string(&Line { ok: true, rest: Positioned { position } }),
            Reply::Bye => serde_json::to_string(&json!({"ok": true})),
            Reply::Error(e) => {
                serde_json::to_string(&Line { ok: false, rest: Failed { error: &e.code, message: &e.message } })
            }
        };
        text.expect("replies serialise")
    }
}

/// A reply as the tester first reads it: the fields of a successful reply,
/// or the engine's error.
pub type Answer = Result<Map<String, Value>, EngineError>;

/// Reads a reply line, as a tester does.
///
/// # Errors
/// The line breaks the protocol: not a JSON object, no boolean `ok`, or an
/// error without a string `error`. The message says which.
pub fn parse_answer(line: &str) -> Result<Answer, String> {
    let value: Value =
        serde_json::from_str(line).map_err(|e| format!("the reply is not JSON ({e}): {}", quote(line)))?;
    let Value::Object(obj) = value else {
        return Err(format!("the reply is not a JSON object: {}", quote(line)));
    };
    match obj.get("ok") {
        Some(Value::Bool(true)) => Ok(Ok(obj)),
        Some(Value::Bool(false)) => {
            let code = obj.get("error").and_then(Value::as_str);
            let code = code.ok_or_else(|| format!("an error reply needs a string `error`: {}", quote(line)))?;
            let message = obj.get("message").and_then(Value::as_str).unwrap_or_default();
            Ok(Err(EngineError { code: code.to_string(), message: message.to_string() }))
        }
        _ => Err(format!("the reply has no `ok`: true or false: {}", quote(line))),
    }
}

/// The fields of a position every engine must report; `claimed`, `memory`,
/// `hand`, `layout`, `ceded` and any other field are optional.
const REQUIRED: [&str; 7] = ["to_move", "board", "captured", "closed", "round", "legal", "result"];

/// The fields of the objects inside a position that sowspec reads: any
/// other field there is a protocol extension, and ignored like any unknown
/// field of the position itself. (sowspec reads a position it is given, as
/// a `from` or `--from`, strictly; a reply leniently.)
const KNOWN_INSIDE: [(&str, &[&str]); 8] = [
    ("board", &["south", "north", "circle"]),
    ("captured", &SIDES),
    ("closed", &SIDES),
    ("claimed", &SIDES),
    ("hand", &SIDES),
    ("layout", &["pending", "starts"]),
    ("ceded", &SIDES),
    ("result", &["winner"]),
];

/// The fields of a value for each player.
const SIDES: [&str; 2] = ["south", "north"];

/// Only `fields` of `value`, if it is an object; any other value as it is.
fn only(value: &Value, fields: &[&str]) -> Value {
    match value {
        Value::Object(obj) => Value::Object(
            obj.iter().filter(|(k, _)| fields.contains(&k.as_str())).map(|(k, v)| (k.clone(), v.clone())).collect(),
        ),
        other => other.clone(),
    }
}

/// The position in a successful reply. Fields sowspec does not know are
/// ignored at every level (protocol extensions); the known ones must be
/// well formed.
///
/// # Errors
/// No `position` object, a required field missing, or a field of the wrong
/// shape; the message names the field.
pub fn position_of(reply: &Map<String, Value>) -> Result<PositionDoc, String> {
    let Some(Value::Object(pos)) = reply.get("position") else {
        return Err("the reply has no `position` object".to_string());
    };
    if let Some(missing) = REQUIRED.iter().find(|k| !pos.contains_key(**k)) {
        return Err(format!("the position has no `{missing}`"));
    }
    let known: Map<String, Value> = pos
        .iter()
        .filter(|(k, _)| {
            REQUIRED.contains(&k.as_str()) || matches!(k.as_str(), "claimed" | "memory" | "hand" | "layout" | "ceded")
        })
        .map(|(k, v)| {
            let inside = KNOWN_INSIDE.iter().find(|(field, _)| field == k);
            (k.clone(), inside.map_or_else(|| v.clone(), |(_, fields)| only(v, fields)))
        })
        .collect();
    serde_path_to_error::deserialize(Value::Object(known))
        .map_err(|e| format!("`position.{}`: {}", e.path(), e.inner()))
}

/// The engine's `hello` in a successful reply.
///
/// # Errors
/// A field missing or of the wrong type; the message names it.
pub fn hello_of(reply: &Map<String, Value>) -> Result<Hello, String> {
    let known: Map<String, Value> =
        reply.iter().filter(|(k, _)| k.as_str() != "ok").map(|(k, v)| (k.clone(), v.clone())).collect();
    serde_path_to_error::deserialize(Value::Object(known))
        .map_err(|e| format!("`{}` in the hello: {}", e.path(), e.inner()))
}

/// The variant a rules file defines, as the protocol names it: the file's
/// stem (`rules/kalah.rules` is `kalah`).
pub fn variant(rules: &std::path::Path) -> String {
    rules.file_stem().map_or_else(String::new, |s| s.to_string_lossy().into_owned())
}

/// At most 200 characters of a line, quoted, for messages.
pub fn quote(line: &str) -> String {
    let shown: String = line.chars().take(200).collect();
    let more = if shown.len() < line.len() { "…" } else { "" };
    format!("{:?}{more}", shown)
}

/// One line read with [`read_line`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// A line, without its line end.
    Text(String),
    /// A line longer than the limit (the rest of it was skipped).
    TooLong,
    /// A line that is not UTF-8.
    NotUtf8,
    /// The end of the input.
    End,
}

/// Reads one line of at most `max` bytes. A longer line is consumed to its
/// end and reported as [`Line::TooLong`], so reading can go on after it.
///
/// # Errors
/// The reader fails.
pub fn read_line(input: &mut impl BufRead, max: usize) -> std::io::Result<Line> {
    use std::io::Read;
    let mut buf = Vec::new();
    input.by_ref().take(max as u64 + 1).read_until(b'\n', &mut buf)?;
    if buf.is_empty() {
        return Ok(Line::End);
    }
    if buf.last() == Some(&b'\n') {
        buf.pop();
        if buf.last() == Some(&b'\r') {
            buf.pop();
        }
    } else if buf.len() > max {
        loop {
            let chunk = input.fill_buf()?;
            if chunk.is_empty() {
                break;
            }
            match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => {
                    input.consume(i + 1);
                    break;
                }
                None => {
                    let n = chunk.len();
                    input.consume(n);
                }
            }
        }
        return Ok(Line::TooLong);
    }
    Ok(String::from_utf8(buf).map_or(Line::NotUtf8, Line::Text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_round_trip() {
        let from: PositionDoc = serde_json::from_str(
            r#"{"to_move": "south", "board": {"south": [1], "north": [1]}, "captured": {"south": 0, "north": 0},
                "closed": {"south": [], "north": []}, "round": 1}"#,
        )
        .unwrap();
        for r in [
            Request::Hello { protocol: 1 },
            Request::New { variant: "kalah".into(), from: None, one_round: false },
            Request::New { variant: "raja_pasu".into(), from: Some(Box::new(from)), one_round: true },
            Request::Move { mv: "c".into() },
            Request::Position,
            Request::Quit,
        ] {
            assert_eq!(Request::parse(&r.to_line()), Ok(r));
        }
    }

    #[test]
    fn bad_requests_have_their_codes() {
        let code = |line: &str| Request::parse(line).unwrap_err().code;
        assert_eq!(code("{"), "malformed");
        assert_eq!(code("[1]"), "malformed");
        assert_eq!(code(r#"{"cmd": 3}"#), "malformed");
        assert_eq!(code(r#"{"cmd": "move"}"#), "malformed");
        assert_eq!(code(r#"{"cmd": "jump"}"#), "unknown_command");
        assert_eq!(code(r#"{"cmd": "new", "variant": "k", "from": {"board": 1}}"#), "bad_position");
    }

    #[test]
    fn replies_are_read_leniently() {
        let line = r#"{"ok": true, "extra": 1, "position": {"to_move": null, "board": {"south": [0], "north": [0]},
            "captured": {"south": 1, "north": 1}, "closed": {"south": [], "north": []}, "round": 1, "legal": [],
            "result": {"winner": "draw"}, "rows": 4}}"#;
        let answer = parse_answer(line).unwrap().unwrap();
        assert_eq!(position_of(&answer).unwrap().captured.north, 1);
        // Unknown fields inside the position's objects are ignored too.
        let nested = r#"{"ok": true, "position": {"to_move": null, "board": {"south": [0], "north": [0], "east": [1]},
            "captured": {"south": 1, "north": 1, "stores": 2}, "closed": {"south": [], "north": [], "why": "none"},
            "round": 1, "legal": [], "result": {"winner": "draw", "by": "holdings"},
            "claimed": {"south": [], "north": ["sa"], "note": 1}}}"#;
        let read = position_of(&parse_answer(nested).unwrap().unwrap()).unwrap();
        assert_eq!(read.result.map(|r| r.winner), Some(sowspec_core::protocol::Winner::Draw));
        assert_eq!(read.claimed.unwrap().north, ["sa"]);
        let wrong = r#"{"ok": true, "position": {"to_move": null, "board": {"south": [0], "north": [0]},
            "captured": {"south": 1, "north": 1}, "closed": {"south": [], "north": []}, "round": 1, "legal": [],
            "result": {"winner": "both"}}}"#;
        let error = position_of(&parse_answer(wrong).unwrap().unwrap()).unwrap_err();
        assert!(error.starts_with("`position.result.winner`: unknown variant `both`"), "{error}");
        let missing = parse_answer(r#"{"ok": true, "position": {"to_move": null}}"#).unwrap().unwrap();
        assert_eq!(position_of(&missing).unwrap_err(), "the position has no `board`");
        let error = parse_answer(r#"{"ok": false, "error": "illegal_move", "message": "empty"}"#).unwrap();
        assert!(error.unwrap_err().is(ErrorCode::IllegalMove));
        assert!(parse_answer("ok").unwrap_err().starts_with("the reply is not JSON"));
        assert!(parse_answer(r#"{"fine": 1}"#).unwrap_err().contains("no `ok`"));
    }

    #[test]
    fn long_lines_are_skipped_whole() {
        let text = format!("{}\nnext\n\u{ff}", "x".repeat(50));
        let mut input = std::io::Cursor::new(text.into_bytes());
        assert_eq!(read_line(&mut input, 10).unwrap(), Line::TooLong);
        assert_eq!(read_line(&mut input, 10).unwrap(), Line::Text("next".into()));
        assert_eq!(read_line(&mut input, 10).unwrap(), Line::Text("\u{ff}".into()));
        assert_eq!(read_line(&mut input, 10).unwrap(), Line::End);
        let mut bad = std::io::Cursor::new(vec![0xff, b'\n']);
        assert_eq!(read_line(&mut bad, 10).unwrap(), Line::NotUtf8);
    }
}
