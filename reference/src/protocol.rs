//! The reference engines behind sowspec's engine protocol
//! (`docs/PROTOCOL.md`, version 1), written from that document alone: it
//! shares no code with sowspec's own tester or engine. The
//! `sowspec-reference-engine` binary runs [`serve`] on its standard streams.

use crate::{Engine, RajaPasu, Sadeqa};
use serde_json::{json, Value};
use std::io::{BufRead, Write};

/// The variants played, by rules-file stem.
pub const VARIANTS: [&str; 3] = ["raja_pasu", "sadeqa3", "sadeqa3_4seed"];

/// A game of one of the reference engines.
enum Game {
    RajaPasu(RajaPasu),
    Sadeqa(Sadeqa),
}

impl Game {
    /// A game of `variant`, from `from` or the initial position.
    fn start(variant: &str, from: Option<&Value>, one_round: bool) -> Result<Game, (&'static str, String)> {
        let bad = |e: String| ("bad_position", e);
        let seeds = match variant {
            "raja_pasu" => {
                let g = match from {
                    None => RajaPasu::new(one_round),
                    Some(p) => RajaPasu::from_json(p, one_round).map_err(bad)?,
                };
                return Ok(Game::RajaPasu(g));
            }
            "sadeqa3" => 6,
            "sadeqa3_4seed" => 4,
            _ => {
                return Err((
                    "unknown_variant",
                    format!("no variant `{variant}`; this engine plays {}", VARIANTS.join(", ")),
                ))
            }
        };
        Ok(Game::Sadeqa(match from {
            None => Sadeqa::new(seeds),
            Some(p) => Sadeqa::from_json(p, seeds).map_err(bad)?,
        }))
    }

    fn legal_mask(&self) -> u32 {
        match self {
            Game::RajaPasu(g) => g.legal_mask(),
            Game::Sadeqa(g) => g.legal_mask(),
        }
    }

    fn play(&mut self, hole: usize) {
        match self {
            Game::RajaPasu(g) => g.play(hole),
            Game::Sadeqa(g) => g.play(hole),
        }
    }

    fn to_json(&self) -> Value {
        match self {
            Game::RajaPasu(g) => g.to_json(),
            Game::Sadeqa(g) => g.to_json(),
        }
    }
}

/// The reply to one request line, and whether it ends the session.
fn reply(game: &mut Option<Game>, line: &str) -> (Value, bool) {
    let error = |code: &str, message: String| json!({"ok": false, "error": code, "message": message});
    let Ok(Value::Object(request)) = serde_json::from_str::<Value>(line) else {
        return (error("malformed", "a request is one JSON object".into()), false);
    };
    let field = |k: &str| request.get(k).filter(|v| !v.is_null());
    let answer = match field("cmd").and_then(Value::as_str) {
        None => error("malformed", "no `cmd`".into()),
        Some("hello") => json!({
            "ok": true, "protocol": 1, "name": "sowspec-reference (hand-written Raja Pasu and Sadeqa III)",
            "variants": VARIANTS, "features": ["from", "one_round"],
        }),
        Some("new") => match field("variant").and_then(Value::as_str) {
            None => error("malformed", "`new` needs a `variant`".into()),
            Some(variant) => {
                let one_round = field("one_round").and_then(Value::as_bool).unwrap_or(false);
                match Game::start(variant, field("from"), one_round) {
                    Ok(g) => {
                        let answer = json!({"ok": true, "position": g.to_json()});
                        *game = Some(g);
                        answer
                    }
                    Err((code, message)) => error(code, message),
                }
            }
        },
        Some("move") => match (game.as_mut(), field("move").and_then(Value::as_str)) {
            (None, _) => error("no_game", "send `new` first".into()),
            (_, None) => error("malformed", "`move` needs a `move`".into()),
            (Some(g), Some(mv)) => {
                let hole = match mv.as_bytes() {
                    [b @ b'a'..=b'z'] => usize::from(b - b'a'),
                    _ => usize::MAX,
                };
                if hole < 32 && g.legal_mask() >> hole & 1 == 1 {
                    g.play(hole);
                    json!({"ok": true, "position": g.to_json()})
                } else {
                    error("illegal_move", format!("`{mv}` is not a legal move here"))
                }
            }
        },
        Some("position") => match game {
            None => error("no_game", "send `new` first".into()),
            Some(g) => json!({"ok": true, "position": g.to_json()}),
        },
        Some("quit") => return (json!({"ok": true}), true),
        Some(other) => error("unknown_command", format!("no command `{other}`")),
    };
    (answer, false)
}

/// Answers every request line of `input` on `output` until `quit` or the
/// end of the input.
///
/// # Errors
/// Reading or writing fails.
pub fn serve(input: impl BufRead, mut output: impl Write) -> std::io::Result<()> {
    let mut game = None;
    for line in input.lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let (answer, last) = reply(&mut game, &line);
        writeln!(output, "{answer}")?;
        output.flush()?;
        if last {
            break;
        }
    }
    Ok(())
}
