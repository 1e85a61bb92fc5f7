//! A child process spoken to in lines: each request written to its standard
//! input, each reply read from its standard output within a time limit. The
//! end of its standard error is kept for reports. A child is killed and
//! reaped when dropped, whatever state it is in.
//!
//! Each stream has a thread of its own, so that nothing the child does (not
//! reading its input, not ending a line, flooding its standard error) can
//! block the caller beyond the time limit.

use crate::wire::{self, Line};
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
    lines: Receiver<std::io::Result<Line>>,
    stderr: Arc<Mutex<Vec<u8>>>,
    stderr_done: Receiver<()>,
}

impl Child {
    /// Starts `program` with `args`, its three standard streams piped.
    ///
    /// # Errors
    /// The program cannot be started.
    pub fn spawn(program: &str, args: &[String]) -> std::io::Result<Child> {
        let mut process = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()?;
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
                let line = wire::read_line(&mut reader, wire::MAX_LINE_BYTES);
                let last = matches!(line, Ok(Line::End) | Err(_));
                if send.send(line).is_err() || last {
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
        Ok(Child { process, requests, lines, stderr: tail, stderr_done })
    }

    /// Writes `request` as a line and waits at most `timeout` for a reply line.
    ///
    /// # Errors
    /// Why no reply line came; the child should then be dropped.
    pub fn ask(&mut self, request: &str, timeout: Duration) -> Result<String, Trouble> {
        if self.requests.send(request.to_string()).is_err() {
            return Err(self.gone());
        }
        self.reply(timeout)
    }

    /// Waits at most `timeout` for the next line of output.
    fn reply(&mut self, timeout: Duration) -> Result<String, Trouble> {
        match self.lines.recv_timeout(timeout) {
            Ok(Ok(Line::Text(line))) => Ok(line),
            Ok(Ok(Line::TooLong)) => Err(Trouble::TooLong),
            Ok(Ok(Line::NotUtf8)) => Err(Trouble::NotUtf8),
            Ok(Ok(Line::End)) | Err(RecvTimeoutError::Disconnected) => Err(self.gone()),
            Ok(Err(e)) => Err(Trouble::Io(e.to_string())),
            Err(RecvTimeoutError::Timeout) => Err(Trouble::Timeout(timeout)),
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

impl Drop for Child {
    fn drop(&mut self) {
        if matches!(self.process.try_wait(), Ok(None)) {
            let _ = self.process.kill();
        }
        let _ = self.process.wait();
    }
}
