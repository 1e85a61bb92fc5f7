//! The JSON position protocol, shared by both engines (output and input).

use crate::{Side, Winner};
use serde_json::{json, Map, Value};

/// A position as read from JSON, rows in each owner's left-to-right order.
pub(crate) struct Parsed<const N: usize> {
    /// `None` when the position is final (`to_move: null`).
    pub to_move: Option<Side>,
    /// `board[side][hole]`.
    pub board: [[u8; N]; 2],
    pub captured: [u32; 2],
    /// Bit i set: hole i of that side's row is closed.
    pub closed: [u32; 2],
    pub round: u32,
}

fn letter(i: usize) -> Value {
    Value::String(char::from(b'a' + i as u8).to_string())
}

fn letters(mask: u32, n: usize) -> Value {
    Value::Array((0..n).filter(|&i| mask >> i & 1 == 1).map(letter).collect())
}

fn row(holes: &[u8]) -> Value {
    Value::Array(holes.iter().map(|&s| Value::from(s)).collect())
}

/// Everything needed to print a position.
pub(crate) struct View<'a> {
    pub to_move: Option<Side>,
    pub south: &'a [u8],
    pub north: &'a [u8],
    pub captured: [u32; 2],
    pub closed: [u32; 2],
    pub round: u32,
    pub legal: u32,
    /// `None` while play goes on; `Some(winner)` once over.
    pub result: Option<Winner>,
}

impl View<'_> {
    pub fn to_value(&self) -> Value {
        let n = self.south.len();
        json!({
            "to_move": self.to_move.map(Side::name),
            "board": {"south": row(self.south), "north": row(self.north)},
            "captured": {"south": self.captured[0], "north": self.captured[1]},
            "closed": {"south": letters(self.closed[0], n), "north": letters(self.closed[1], n)},
            "round": self.round,
            "legal": letters(self.legal, n),
            "result": self.result.map(|w| json!({"winner": w.map_or("draw", Side::name)})),
        })
    }
}

fn field<'a>(obj: &'a Map<String, Value>, key: &str) -> Result<&'a Value, String> {
    obj.get(key).ok_or_else(|| format!("position: missing field `{key}`"))
}

fn sides<'a>(v: &'a Value, what: &str) -> Result<[&'a Value; 2], String> {
    let obj = v.as_object().ok_or_else(|| format!("position: `{what}` must be an object"))?;
    Ok([
        field(obj, "south").map_err(|e| format!("{e} in `{what}`"))?,
        field(obj, "north").map_err(|e| format!("{e} in `{what}`"))?,
    ])
}

fn parse_side(v: &Value) -> Result<Option<Side>, String> {
    match v {
        Value::Null => Ok(None),
        Value::String(s) if s == "south" => Ok(Some(Side::South)),
        Value::String(s) if s == "north" => Ok(Some(Side::North)),
        _ => Err(format!("position: `to_move` must be \"south\", \"north\" or null, not {v}")),
    }
}

/// Reads the fields `to_move`, `board`, `captured` and (optionally)
/// `closed` and `round`; `legal` and `result` are derived and ignored.
pub(crate) fn parse<const N: usize>(v: &Value) -> Result<Parsed<N>, String> {
    let obj = v.as_object().ok_or("position: expected a JSON object")?;
    let to_move = parse_side(field(obj, "to_move")?)?;

    let mut board = [[0u8; N]; 2];
    for (s, r) in sides(field(obj, "board")?, "board")?.iter().enumerate() {
        let arr = r
            .as_array()
            .filter(|a| a.len() == N)
            .ok_or_else(|| format!("position: each board row must be an array of {N} numbers"))?;
        for (i, x) in arr.iter().enumerate() {
            board[s][i] =
                x.as_u64().and_then(|x| u8::try_from(x).ok()).ok_or_else(|| format!("position: bad seed count {x}"))?;
        }
    }

    let mut captured = [0u32; 2];
    for (s, c) in sides(field(obj, "captured")?, "captured")?.iter().enumerate() {
        captured[s] = c
            .as_u64()
            .and_then(|x| u32::try_from(x).ok())
            .ok_or_else(|| format!("position: bad captured count {c}"))?;
    }

    let mut closed = [0u32; 2];
    if let Some(c) = obj.get("closed") {
        for (s, list) in sides(c, "closed")?.iter().enumerate() {
            let arr = list.as_array().ok_or("position: `closed` rows must be arrays of letters")?;
            for l in arr {
                let i = l
                    .as_str()
                    .and_then(|s| {
                        let b = s.as_bytes();
                        (b.len() == 1 && b[0] >= b'a' && usize::from(b[0] - b'a') < N).then(|| usize::from(b[0] - b'a'))
                    })
                    .ok_or_else(|| format!("position: bad closed hole {l}"))?;
                closed[s] |= 1 << i;
            }
        }
    }

    let round = match obj.get("round") {
        None => 1,
        Some(r) => r
            .as_u64()
            .and_then(|x| u32::try_from(x).ok())
            .filter(|&x| x >= 1)
            .ok_or_else(|| format!("position: bad round {r}"))?,
    };

    Ok(Parsed { to_move, board, captured, closed, round })
}
