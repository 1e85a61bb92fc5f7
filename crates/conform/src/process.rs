//! An engine in another process, tested through the protocol
//! (`docs/PROTOCOL.md`): [`ProcessEngine`] replays each game by sending
//! `new` and one `move` per ply, and collects the positions it reports.
//!
//! A misbehaving engine never stops a run: a reply that does not come in
//! time, a crash, output that is not the protocol, or a reply of the wrong
//! kind ends that game with [`Replay::broken`] saying what happened, and the
//! engine is killed and started again for the next game.
//!
//! So does a line that answers no request (two replies to one request),
//! which would put every later reply out of step: unread output is looked
//! for before each request and after a game's last reply, so that the game
//! it belongs to fails, naming the line. (A line written after a game's last
//! reply that arrives only once the next game starts fails that next game,
//! whose message says where it came from.)

use crate::child::{seconds, Child, Trouble};
use crate::wire::{self, Answer, ErrorCode, Hello, Request};
use crate::{Breach, Broken, Engine, GameSpec, Replay};
use sowspec_core::protocol::PositionDoc;
use std::time::Duration;

/// The time limit of each reply, unless set otherwise.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(5);

/// The time limit of the first reply (`hello`) of a fresh engine, at least:
/// starting an interpreter and loading a library can take a while.
pub const HELLO_TIMEOUT: Duration = Duration::from_secs(30);

/// How long an engine is given to exit after `quit`.
const QUIT_GRACE: Duration = Duration::from_secs(1);

/// After this many engine starts that fail in a row, later games fail at
/// once instead of waiting for yet another start.
const MAX_FAILED_STARTS: u32 = 3;

/// An engine process, started from a command line.
pub struct ProcessEngine {
    program: String,
    args: Vec<String>,
    timeout: Duration,
    hello: Hello,
    child: Option<Child>,
    /// Whether the running engine has had a game yet (else its last reply
    /// was to `hello`).
    played: bool,
    failed_starts: u32,
    last_start_error: String,
}

impl ProcessEngine {
    /// Starts `program` with `args` and shakes hands; every reply is then
    /// awaited at most `timeout`.
    ///
    /// # Errors
    /// The program cannot be started, or its handshake fails (no reply in
    /// time, not the protocol, another protocol version); the message says
    /// which.
    pub fn start(program: &str, args: &[String], timeout: Duration) -> Result<ProcessEngine, String> {
        let (child, hello) = handshake(program, args, timeout)?;
        Ok(ProcessEngine {
            program: program.to_string(),
            args: args.to_vec(),
            timeout,
            hello,
            child: Some(child),
            played: false,
            failed_starts: 0,
            last_start_error: String::new(),
        })
    }

    /// What the engine said of itself when it first started.
    pub fn hello(&self) -> &Hello {
        &self.hello
    }

    /// The running engine, started again if the last game broke it.
    fn child(&mut self) -> Result<&mut Child, Broken> {
        if self.child.is_none() {
            let unreachable = |message| Broken { kind: Breach::Unreachable, message };
            if self.failed_starts >= MAX_FAILED_STARTS {
                return Err(unreachable(format!(
                    "the engine failed to start {MAX_FAILED_STARTS} times in a row; the last time: {}",
                    self.last_start_error
                )));
            }
            match handshake(&self.program, &self.args, self.timeout) {
                Ok((child, _)) => {
                    self.failed_starts = 0;
                    self.child = Some(child);
                    self.played = false;
                }
                Err(e) => {
                    self.failed_starts += 1;
                    self.last_start_error = e.clone();
                    return Err(unreachable(format!("the engine could not be started again: {e}")));
                }
            }
        }
        Ok(self.child.as_mut().expect("a running engine"))
    }

    /// Sends a request and reads the reply. On any trouble (a line left
    /// unread before the request included) the engine is killed (it is
    /// started again on the next game) and the error says what happened,
    /// with the end of its standard error.
    fn ask(&mut self, request: &Request) -> Result<Answer, Broken> {
        let timeout = self.timeout;
        let child = self.child()?;
        let line = match child.ask(&request.to_line(), timeout) {
            Ok(line) => line,
            Err(trouble) => return Err(self.broke(breach(&trouble), trouble.to_string())),
        };
        wire::parse_answer(&line).map_err(|e| self.broke(Breach::NotAReply, e))
    }

    /// Kills the engine after a reply that broke the protocol, and says so.
    fn broke(&mut self, kind: Breach, message: String) -> Broken {
        let stderr = self.child.take().map(|c| c.stderr_tail()).unwrap_or_default();
        Broken { kind, message: with_stderr(message, &stderr) }
    }

    /// The position in a reply, or why the reply breaks the protocol.
    fn position(&mut self, answer: Answer, asked: &str) -> Result<Result<PositionDoc, wire::EngineError>, Broken> {
        match answer {
            Ok(fields) => {
                wire::position_of(&fields).map(Ok).map_err(|e| self.broke(Breach::WrongReply, format!("{asked}: {e}")))
            }
            Err(e) => Ok(Err(e)),
        }
    }

    /// After a game's last reply: a line the engine wrote that no request
    /// asked for (two replies written at once, say) breaks the game.
    fn unasked_after(&mut self, asked: &str) -> Option<Broken> {
        match self.child.as_mut()?.unread()? {
            trouble @ Trouble::Unasked(_) => Some(self.broke(Breach::Unasked, format!("after {asked}, {trouble}"))),
            // An exit between games is found when the next game starts.
            _ => None,
        }
    }
}

/// The kind of a failure to get a reply.
fn breach(trouble: &Trouble) -> Breach {
    match trouble {
        Trouble::Timeout(_) => Breach::Timeout,
        Trouble::Gone(_) => Breach::Exited,
        Trouble::TooLong | Trouble::NotUtf8 => Breach::NotAReply,
        Trouble::Io(_) => Breach::Unreachable,
        Trouble::Unasked(_) => Breach::Unasked,
    }
}

impl Drop for ProcessEngine {
    fn drop(&mut self) {
        if let Some(child) = self.child.take() {
            child.finish(&Request::Quit.to_line(), QUIT_GRACE);
        }
    }
}

impl Engine for ProcessEngine {
    fn skip(&mut self, game: &GameSpec<'_>) -> Option<String> {
        let variant = wire::variant(game.rules);
        let has = |feature: &str| self.hello.features.iter().any(|f| f == feature);
        if !self.hello.variants.contains(&variant) {
            Some(format!("the engine does not play `{variant}`"))
        } else if game.from.is_some() && !has(wire::FEATURE_FROM) {
            Some(format!("the game starts from a position; the engine lacks the `{}` feature", wire::FEATURE_FROM))
        } else if game.one_round && !has(wire::FEATURE_ONE_ROUND) {
            Some(format!("the game is one round; the engine lacks the `{}` feature", wire::FEATURE_ONE_ROUND))
        } else {
            None
        }
    }

    fn replay(&mut self, game: &GameSpec<'_>) -> Result<Replay, String> {
        let mut replay = Replay::default();
        let new = Request::New {
            variant: wire::variant(game.rules),
            from: game.from.cloned().map(Box::new),
            one_round: game.one_round,
        };
        let start = self.ask(&new).and_then(|a| self.position(a, "the reply to `new`"));
        let before = if std::mem::replace(&mut self.played, true) { "the game before" } else { "`hello`" };
        match start {
            Err(mut broken) => {
                if broken.kind == Breach::Unasked {
                    broken.message = format!("before `new` (after its reply to {before}): {}", broken.message);
                }
                replay.broken = Some(broken);
                return Ok(replay);
            }
            Ok(Err(e)) => return Err(format!("the engine refused to start the game ({e})")),
            Ok(Ok(p)) => replay.positions.push(p),
        }
        let mut asked = "its reply to `new`".to_string();
        for mv in game.moves {
            asked = format!("its reply to move `{mv}`");
            let reply = format!("the reply to move `{mv}`");
            match self.ask(&Request::Move { mv: mv.clone() }).and_then(|a| self.position(a, &reply)) {
                Ok(Ok(p)) => replay.positions.push(p),
                Ok(Err(e)) if e.is(ErrorCode::IllegalMove) => {
                    replay.refused = Some(e.message);
                    break;
                }
                Ok(Err(e)) => {
                    let message = format!("{reply} is an error other than `illegal_move` ({e})");
                    replay.broken = Some(self.broke(Breach::WrongError, message));
                    break;
                }
                Err(broken) => {
                    replay.broken = Some(broken);
                    break;
                }
            }
        }
        if replay.broken.is_none() {
            replay.broken = self.unasked_after(&asked);
        }
        Ok(replay)
    }
}

/// Starts an engine and shakes hands.
fn handshake(program: &str, args: &[String], timeout: Duration) -> Result<(Child, Hello), String> {
    let mut child = Child::spawn(program, args).map_err(|e| format!("cannot start `{program}`: {e}"))?;
    let fail = |child: Child, e: String| Err(with_stderr(format!("the handshake failed: {e}"), &child.stderr_tail()));
    let hello = Request::Hello { protocol: wire::PROTOCOL }.to_line();
    let line = match child.ask(&hello, timeout.max(HELLO_TIMEOUT)) {
        Ok(line) => line,
        Err(Trouble::Timeout(t)) => return fail(child, format!("no reply to `hello` within {}", seconds(t))),
        Err(t) => return fail(child, t.to_string()),
    };
    let hello = match wire::parse_answer(&line) {
        Err(e) => return fail(child, e),
        Ok(Err(e)) => return fail(child, format!("the engine answered `hello` with an error ({e})")),
        Ok(Ok(fields)) => match wire::hello_of(&fields) {
            Err(e) => return fail(child, e),
            Ok(h) => h,
        },
    };
    if hello.protocol != wire::PROTOCOL {
        let theirs = hello.protocol;
        return fail(child, format!("the engine speaks protocol {theirs}; this tester speaks {}", wire::PROTOCOL));
    }
    Ok((child, hello))
}

/// A message followed by the end of the engine's standard error, if any.
fn with_stderr(message: String, stderr: &str) -> String {
    if stderr.is_empty() {
        message
    } else {
        let quoted: String = stderr.lines().map(|l| format!("\n  | {l}")).collect();
        format!("{message}; the engine's standard error ends:{quoted}")
    }
}
