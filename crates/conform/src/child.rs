//! A child process spoken to in lines: each request written to its standard
//! input, each reply read from its standard output within a time limit.
//! Blank lines of output are skipped; a line that comes when no reply is
//! awaited is kept as unread, so that a caller can tell that the child wrote
//! more replies than it was asked for. The end of its standard error is kept
//! for reports.
//!
//! On Unix the child runs in a process group of its own, and the whole group
//! is killed and the child reaped when it is dropped, whatever state it is
//! in: a wrapper (`sh -c 'engine | filter'`) leaves nothing running.
//! Elsewhere the child alone is killed.
//!
//! Each stream has a thread of its own, so that nothing the child does (not
//! reading its input, not ending a line, flooding its standard error) can
//! block the caller beyond the time limit.

use crate::wire::{self, Line};
use std::collections::VecDeque;
use std::io::{BufReader, Read, Write};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How much of the child's standard error is kept, in bytes.
const STDERR_TAIL: usize = 2048;

/// How long a child that closed its output is given to exit, before its
/// exit status is reported as unknown.
const EXIT_GRACE: Duration = Duration::from_millis(500);

/// Why a reply did not come.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Trouble {
    /// No line within the time limit.
    Timeout(Duration),
    /// The child closed its output or its input (it exited, or is exiting).
    Gone(Option<ExitStatus>),
    /// A reply line longer than [`wire::MAX_LINE_BYTES`].
    TooLong,
    /// A reply line that is not UTF-8.
    NotUtf8,
    /// Reading or writing failed otherwise.
    Io(String),
    /// A line that no request asked for (quoted, or what it was: too long,
    /// not UTF-8): the child wrote more replies than requests.
    Unasked(String),
}

impl std::fmt::Display for Trouble {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Trouble::Timeout(t) => write!(f, "no reply within {}", seconds(*t)),
            Trouble::Gone(Some(status)) => write!(f, "the engine exited ({status})"),
            Trouble::Gone(None) => write!(f, "the engine closed its output"),
            Trouble::TooLong => write!(f, "a reply line longer than {} bytes", wire::MAX_LINE_BYTES),
            Trouble::NotUtf8 => write!(f, "a reply that is not UTF-8 text"),
            Trouble::Io(e) => write!(f, "cannot talk to the engine: {e}"),
            Trouble::Unasked(line) => write!(f, "the engine wrote a line that answers no request: {line}"),
        }
    }
}

/// `5s`, `0.25s`.
pub fn seconds(t: Duration) -> String {
    format!("{}s", t.as_secs_f64())
}

/// A running child process.
pub struct Child {
    process: std::process::Child,
    /// Lines for the thread that writes to the child's standard input.
    requests: Sender<String>,
    /// Lines of output, in batches: the lines one read of the pipe brought,
    /// so that two lines written at once arrive together.
    lines: Receiver<Vec<std::io::Result<Line>>>,
    /// Lines received and not yet taken as replies.
    queue: VecDeque<std::io::Result<Line>>,
    stderr: Arc<Mutex<Vec<u8>>>,
    stderr_done: Receiver<()>,
}

impl Child {
    /// Starts `program` with `args`, its three standard streams piped.
    ///
    /// # Errors
    /// The program cannot be started.
    pub fn spawn(program: &str, args: &[String]) -> std::io::Result<Child> {
        let mut command = Command::new(program);
        command.args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut process = command.spawn()?;
        let mut stdin = process.stdin.take().expect("a piped standard input");
        let stdout = process.stdout.take().expect("a piped standard output");
        let mut stderr = process.stderr.take().expect("a piped standard error");
        let (requests, to_write) = mpsc::channel::<String>();
        std::thread::spawn(move || {
            for line in to_write {
                if writeln!(stdin, "{line}").and_then(|()| stdin.flush()).is_err() {
                    return;
                }
            }
        });
        let (send, lines) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let (batch, last) = read_batch(&mut reader);
                if (!batch.is_empty() && send.send(batch).is_err()) || last {
                    return;
                }
            }
        });
        let tail = Arc::new(Mutex::new(Vec::new()));
        let (done, stderr_done) = mpsc::channel();
        let keep = Arc::clone(&tail);
        std::thread::spawn(move || {
            let mut chunk = [0u8; 1024];
            while let Ok(n @ 1..) = stderr.read(&mut chunk) {
                let mut t = keep.lock().unwrap_or_else(|e| e.into_inner());
                t.extend_from_slice(&chunk[..n]);
                let excess = t.len().saturating_sub(STDERR_TAIL);
                t.drain(..excess);
            }
            let _ = done.send(());
        });
        Ok(Child { process, requests, lines, queue: VecDeque::new(), stderr: tail, stderr_done })
    }

    /// Writes `request` as a line and waits at most `timeout` for a reply line.
    ///
    /// # Errors
    /// Why no reply line came, or [`Trouble::Unasked`] (and nothing is
    /// written) if a line that no request asked for is waiting; the child
    /// should then be dropped.
    pub fn ask(&mut self, request: &str, timeout: Duration) -> Result<String, Trouble> {
        if let Some(trouble) = self.unread() {
            return Err(trouble);
        }
        if self.requests.send(request.to_string()).is_err() {
            return Err(self.gone());
        }
        self.reply(timeout)
    }

    /// What the child wrote that no request has taken yet, as far as has
    /// arrived: [`Trouble::Unasked`] for a line, the child's exit if it
    /// closed its output, `None` if nothing is waiting.
    pub fn unread(&mut self) -> Option<Trouble> {
        while let Ok(batch) = self.lines.try_recv() {
            self.queue.extend(batch);
        }
        let unasked = |what: String| Some(Trouble::Unasked(what));
        match self.queue.front()? {
            Ok(Line::Text(line)) => unasked(wire::quote(line)),
            Ok(Line::TooLong) => unasked(format!("a line longer than {} bytes", wire::MAX_LINE_BYTES)),
            Ok(Line::NotUtf8) => unasked("a line that is not UTF-8 text".to_string()),
            Ok(Line::End) => Some(self.gone()),
            Err(e) => Some(Trouble::Io(e.to_string())),
        }
    }

    /// Waits at most `timeout` for the next line of output.
    fn reply(&mut self, timeout: Duration) -> Result<String, Trouble> {
        if self.queue.is_empty() {
            match self.lines.recv_timeout(timeout) {
                Ok(batch) => self.queue.extend(batch),
                Err(RecvTimeoutError::Timeout) => return Err(Trouble::Timeout(timeout)),
                Err(RecvTimeoutError::Disconnected) => return Err(self.gone()),
            }
        }
        match self.queue.pop_front() {
            Some(Ok(Line::Text(line))) => Ok(line),
            Some(Ok(Line::TooLong)) => Err(Trouble::TooLong),
            Some(Ok(Line::NotUtf8)) => Err(Trouble::NotUtf8),
            Some(Ok(Line::End)) | None => Err(self.gone()),
            Some(Err(e)) => Err(Trouble::Io(e.to_string())),
        }
    }

    /// The child went away: its exit status, if it comes within a moment.
    fn gone(&mut self) -> Trouble {
        let until = Instant::now() + EXIT_GRACE;
        loop {
            match self.process.try_wait() {
                Ok(Some(status)) => return Trouble::Gone(Some(status)),
                Ok(None) if Instant::now() < until => std::thread::sleep(Duration::from_millis(10)),
                _ => return Trouble::Gone(None),
            }
        }
    }

    /// The last lines the child wrote to its standard error (up to 2 KiB),
    /// once it has closed it or a moment has passed.
    pub fn stderr_tail(&self) -> String {
        let _ = self.stderr_done.recv_timeout(Duration::from_millis(200));
        let t = self.stderr.lock().unwrap_or_else(|e| e.into_inner());
        String::from_utf8_lossy(&t).trim_end().to_string()
    }

    /// Asks the child to end with `request` (its `quit`), waits at most
    /// `grace` for it to exit, then kills it. The child is reaped either way.
    pub fn finish(mut self, request: &str, grace: Duration) {
        if self.requests.send(request.to_string()).is_ok() {
            let until = Instant::now() + grace;
            while Instant::now() < until {
                if !matches!(self.process.try_wait(), Ok(None)) {
                    return;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
        }
    }
}

/// The next lines of output: one line, and every further line that the
/// same read of the pipe brought, blank lines left out. Also says whether
/// the output has ended (or failed), after which nothing more is read.
fn read_batch(reader: &mut BufReader<impl Read>) -> (Vec<std::io::Result<Line>>, bool) {
    let mut batch = Vec::new();
    loop {
        let line = wire::read_line(reader, wire::MAX_LINE_BYTES);
        let last = matches!(line, Ok(Line::End) | Err(_));
        if !matches!(&line, Ok(Line::Text(text)) if text.trim().is_empty()) {
            batch.push(line);
        }
        if last || !reader.buffer().contains(&b'\n') {
            return (batch, last);
        }
    }
}

impl Drop for Child {
    fn drop(&mut self) {
        // The group first, while the child (alive or a zombie) still holds
        // its number: a wrapper's own children go too. (A child already
        // reaped no longer holds it, but a group with members left keeps
        // its number from being reused.)
        #[cfg(unix)]
        {
            use rustix::process::{kill_process_group, Pid, Signal};
            let _ = kill_process_group(Pid::from_child(&self.process), Signal::KILL);
        }
        if matches!(self.process.try_wait(), Ok(None)) {
            let _ = self.process.kill();
        }
        let _ = self.process.wait();
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    /// A child running `script` under `sh`.
    fn sh(script: &str) -> Child {
        Child::spawn("sh", &["-c".to_string(), script.to_string()]).expect("sh starts")
    }

    const WAIT: Duration = Duration::from_secs(30);

    #[test]
    fn blank_lines_are_skipped() {
        let mut child = sh(r#"read a; printf '\n   \r\n\nfirst\n'; read b; printf '\n'; sleep 0.1; printf 'second\n'"#);
        assert_eq!(child.ask("1", WAIT), Ok("first".to_string()));
        assert_eq!(child.ask("2", WAIT), Ok("second".to_string()));
    }

    /// Two lines written at once, in reply to one request: the second is
    /// found before the next request, which is then not sent.
    #[test]
    fn a_line_no_request_asked_for_is_found_before_the_next_request() {
        let mut child = sh(r#"read a; printf 'one\ntwo\n'; read b; echo three"#);
        assert_eq!(child.ask("1", WAIT), Ok("one".to_string()));
        assert_eq!(child.ask("2", WAIT), Err(Trouble::Unasked("\"two\"".to_string())));
    }

    #[test]
    fn nothing_unread_after_one_reply() {
        let mut child = sh(r#"read a; echo one; read b"#);
        assert_eq!(child.ask("1", WAIT), Ok("one".to_string()));
        assert_eq!(child.unread(), None);
    }
}
