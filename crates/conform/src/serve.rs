//! sowspec's machine as an engine of the protocol (`sowspec engine`): a
//! [`Server`] answers one request at a time, and [`serve`] runs it over a
//! pair of streams.

use crate::start::StartError;
use crate::wire::{self, EngineError, ErrorCode, Hello, Line, Reply, Request};
use sowspec_core::protocol::PositionDoc;
use sowspec_core::{Hole, Machine, Move, Position};
use std::collections::BTreeMap;
use std::io::{BufRead, Write};

/// The machines of one variant: whole games, and first rounds only.
struct Variant {
    whole: Machine,
    one_round: Machine,
}

/// The game in progress.
struct Game {
    variant: String,
    one_round: bool,
    position: Position,
}

/// Answers protocol requests with sowspec's machines, one per variant.
pub struct Server {
    name: String,
    variants: BTreeMap<String, Variant>,
    game: Option<Game>,
}

impl Server {
    /// A server called `name` playing each `(variant, machine)`.
    pub fn new(name: impl Into<String>, variants: impl IntoIterator<Item = (String, Machine)>) -> Server {
        let variants = variants
            .into_iter()
            .map(|(v, m)| (v, Variant { one_round: m.clone().with_one_round(true), whole: m.with_one_round(false) }))
            .collect();
        Server { name: name.into(), variants, game: None }
    }

    fn machine(&self, game: &Game) -> &Machine {
        let v = &self.variants[&game.variant];
        if game.one_round {
            &v.one_round
        } else {
            &v.whole
        }
    }

    /// The reply to one request line.
    pub fn answer(&mut self, line: &str) -> Reply {
        match Request::parse(line).and_then(|r| self.handle(r)) {
            Ok(reply) => reply,
            Err(e) => Reply::Error(e),
        }
    }

    fn handle(&mut self, request: Request) -> Result<Reply, EngineError> {
        match request {
            Request::Hello { .. } => Ok(Reply::Hello(Hello {
                protocol: wire::PROTOCOL,
                name: self.name.clone(),
                variants: self.variants.keys().cloned().collect(),
                features: vec![wire::FEATURE_FROM.to_string(), wire::FEATURE_ONE_ROUND.to_string()],
            })),
            Request::New { variant, from, one_round } => {
                let Some(v) = self.variants.get(&variant) else {
                    let known: Vec<&str> = self.variants.keys().map(String::as_str).collect();
                    return Err(EngineError::new(
                        ErrorCode::UnknownVariant,
                        format!("no variant `{variant}`; this engine plays {}", known.join(", ")),
                    ));
                };
                let m = if one_round { &v.one_round } else { &v.whole };
                let position = crate::start::start(m, from.as_deref()).map_err(|e| match e {
                    StartError::Position(errors) => {
                        let each: Vec<String> =
                            errors.iter().map(|e| format!("`from.{}`: {}", e.field, e.problem)).collect();
                        EngineError::new(ErrorCode::BadPosition, each.join("; "))
                    }
                    other => EngineError::new(ErrorCode::BadPosition, other.to_string()),
                })?;
                let game = Game { variant, one_round, position };
                let reply = Reply::Position(PositionDoc::of(self.machine(&game), &game.position));
                self.game = Some(game);
                Ok(reply)
            }
            Request::Move { mv } => {
                let game = self.game.as_ref().ok_or_else(no_game)?;
                let m = self.machine(game);
                let last = Hole::at(m.move_holes() - 1);
                let parsed = Move::parse(&mv).filter(|p| p.hole.index() < m.move_holes()).ok_or_else(|| {
                    EngineError::new(
                        ErrorCode::IllegalMove,
                        format!("`{mv}` is not a move: holes are `a` to `{last}` (with `+` or `-` where the direction is chosen)"),
                    )
                })?;
                let next = m.play(&game.position, parsed).map_err(|e| {
                    EngineError::new(ErrorCode::IllegalMove, format!("`{mv}` is illegal: {}", e.reason))
                })?;
                let reply = Reply::Position(PositionDoc::of(m, &next));
                self.game.as_mut().expect("a game in progress").position = next;
                Ok(reply)
            }
            Request::Position => {
                let game = self.game.as_ref().ok_or_else(no_game)?;
                Ok(Reply::Position(PositionDoc::of(self.machine(game), &game.position)))
            }
            Request::Quit => Ok(Reply::Bye),
        }
    }
}

fn no_game() -> EngineError {
    EngineError::new(ErrorCode::NoGame, "no game in progress: send `new` first")
}

/// Answers every request line of `input` on `output`, flushing after each
/// reply, until `quit` or the end of the input. Lines that are too long or
/// not UTF-8 are answered `malformed`.
///
/// # Errors
/// Reading or writing fails (the tester went away).
pub fn serve(server: &mut Server, input: &mut impl BufRead, output: &mut impl Write) -> std::io::Result<()> {
    loop {
        let reply = match wire::read_line(input, wire::MAX_LINE_BYTES)? {
            Line::End => return Ok(()),
            Line::Text(line) if line.trim().is_empty() => continue,
            Line::Text(line) => server.answer(&line),
            Line::TooLong => Reply::Error(EngineError::new(
                ErrorCode::Malformed,
                format!("a request is at most {} bytes", wire::MAX_LINE_BYTES),
            )),
            Line::NotUtf8 => Reply::Error(EngineError::new(ErrorCode::Malformed, "a request is UTF-8 text")),
        };
        writeln!(output, "{}", reply.to_line())?;
        output.flush()?;
        if reply == Reply::Bye {
            return Ok(());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn server() -> Server {
        let source = include_str!("../../../rules/kalah.rules");
        Server::new("test", [("kalah".to_string(), Machine::new(sowspec_core::check(source).unwrap()))])
    }

    fn talk(input: &str) -> Vec<String> {
        let mut out = Vec::new();
        serve(&mut server(), &mut std::io::Cursor::new(input.as_bytes()), &mut out).unwrap();
        String::from_utf8(out).unwrap().lines().map(str::to_string).collect()
    }

    #[test]
    fn a_session() {
        let replies = talk(concat!(
            "{\"cmd\": \"hello\", \"protocol\": 1}\n",
            "{\"cmd\": \"move\", \"move\": \"c\"}\n",
            "{\"cmd\": \"new\", \"variant\": \"oware\"}\n",
            "{\"cmd\": \"new\", \"variant\": \"kalah\"}\n",
            "\n",
            "{\"cmd\": \"move\", \"move\": \"c\"}\n",
            "{\"cmd\": \"move\", \"move\": \"z\"}\n",
            "{\"cmd\": \"position\"}\n",
            "{\"cmd\": \"quit\"}\n",
            "{\"cmd\": \"position\"}\n",
        ));
        assert_eq!(replies.len(), 8, "{replies:#?}");
        assert!(replies[0].contains(r#""variants":["kalah"]"#));
        assert!(replies[1].contains(r#""error":"no_game""#));
        assert!(replies[2].contains(r#""error":"unknown_variant""#));
        assert!(replies[3].contains(r#""board":{"south":[4,4,4,4,4,4],"north":[4,4,4,4,4,4]}"#));
        assert!(replies[4].contains(r#""to_move":"south""#), "Kalah: c ends in the store, another move");
        assert!(replies[5].contains(r#""error":"illegal_move""#));
        assert_eq!(replies[6], replies[4], "an illegal move changes nothing");
        assert_eq!(replies[7], r#"{"ok":true}"#);
    }

    #[test]
    fn bad_lines_are_answered() {
        let replies = talk("not json\n\u{0}\n{\"cmd\": \"new\", \"variant\": \"kalah\", \"from\": {\"to_move\": \"south\", \"board\": {\"south\": [1], \"north\": [1]}, \"captured\": {\"south\": 0, \"north\": 0}, \"closed\": {\"south\": [], \"north\": []}, \"round\": 1}}\n");
        assert!(replies[0].contains("malformed"));
        assert!(replies[1].contains("malformed"));
        assert!(replies[2].contains("bad_position") && replies[2].contains("board.south"), "{}", replies[2]);
    }

    /// A drawn start (`seeds drawn 14 at_least 2` on 2×3): a game starts
    /// only from a start the driver sends, and only from one the draw can
    /// lay out (every hole at least 2, 14 seeds, nothing captured).
    #[test]
    fn a_drawn_variant_starts_where_the_driver_says() {
        let source = "game \"drawn\" {
  board { rows 2; holes 3; stores none }
  setup { seeds drawn 14 at_least 2 }
  sowing { direction counterclockwise; first_seed next; origin sown }
  moves { lift when count(origin) > 0; endless after 100 laps illegal }
  end { no_moves remaining to owner; winner most_captured }
}";
        let m = Machine::new(sowspec_core::check(source).unwrap());
        let mut server = Server::new("test", [("drawn".to_string(), m)]);
        let start = |south: &str, captured: u32| {
            format!(
                "{{\"cmd\": \"new\", \"variant\": \"drawn\", \"from\": {{\"to_move\": \"south\", \"board\": \
                 {{\"south\": {south}, \"north\": [2, 2, 2]}}, \"captured\": {{\"south\": {captured}, \"north\": 0}}, \
                 \"closed\": {{\"south\": [], \"north\": []}}, \"round\": 1}}}}\n"
            )
        };
        let input = [
            "{\"cmd\": \"new\", \"variant\": \"drawn\"}\n".to_string(),
            start("[4, 2, 2]", 0),
            start("[1, 2, 5]", 0),
            start("[2, 2, 2]", 2),
        ]
        .concat();
        let mut out = Vec::new();
        serve(&mut server, &mut std::io::Cursor::new(input.as_bytes()), &mut out).unwrap();
        let replies: Vec<String> = String::from_utf8(out).unwrap().lines().map(str::to_string).collect();
        assert!(replies[0].contains("bad_position") && replies[0].contains("must give its start"), "{}", replies[0]);
        assert!(replies[1].contains(r#""board":{"south":[4,2,2],"north":[2,2,2]}"#), "{}", replies[1]);
        for r in &replies[2..] {
            assert!(r.contains("bad_position") && r.contains("cannot come from"), "{r}");
        }
    }
}
