//! The playground that `sowspec serve` runs: a page (built into the
//! binary) with an editor whose diagnostics are those of `check`, a board
//! to play by clicking holes against a computer opponent, and the stepping
//! trace of the last moves. Everything here answers one request at a time
//! and keeps no state: the page sends the rules text and the moves played
//! so far with each request. The HTTP server itself lives in the binary.
//!
//! Whatever the page sends is untrusted: a body is at most
//! [`MAX_BODY_BYTES`] (the server answers 413 past it), the rules text has
//! the command line's limits, and the work a request may cause is bounded
//! before any sowing ([`budget`]).

pub mod api;
pub mod budget;

use serde::Serialize;

/// The largest request body read: a rules file at its 1 MiB limit, written
/// as a JSON string, with room for the moves.
pub const MAX_BODY_BYTES: usize = 3 << 20;

/// A rules file offered in the page's list.
#[derive(Clone, Debug, Serialize)]
pub struct RulesFile {
    /// As shown: the path given on the command line.
    pub file: String,
    /// Its text.
    pub text: String,
}

/// An answer: status, content type and body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// The HTTP status.
    pub status: u16,
    /// The `Content-Type`.
    pub content_type: &'static str,
    /// The body.
    pub body: String,
}

impl Reply {
    /// `value` as JSON with `status`.
    pub fn json(status: u16, value: &impl Serialize) -> Reply {
        let body = serde_json::to_string(value).unwrap_or_else(|_| "null".to_string());
        Reply { status, content_type: "application/json", body }
    }

    /// `{"error": message}` with `status`.
    pub fn error(status: u16, message: impl Into<String>) -> Reply {
        Reply::json(status, &serde_json::json!({ "error": message.into() }))
    }

    /// An HTML page.
    pub fn html(body: String) -> Reply {
        Reply { status: 200, content_type: "text/html; charset=utf-8", body }
    }
}

/// The playground: the rules files it offers.
#[derive(Clone, Debug, Default)]
pub struct Playground {
    files: Vec<RulesFile>,
}

impl Playground {
    /// A playground offering `files` in its list.
    pub fn new(files: Vec<RulesFile>) -> Playground {
        Playground { files }
    }

    /// Answers a request for `path` (its query string already cut off).
    pub fn handle(&self, method: &str, path: &str, body: &[u8]) -> Reply {
        match (method, path) {
            ("GET", "/") => Reply::html(page()),
            ("GET", "/api/rules") => Reply::json(200, &self.files),
            // No icon: an empty answer, so that browsers log no error.
            ("GET", "/favicon.ico") => Reply { status: 204, content_type: "image/x-icon", body: String::new() },
            ("POST", "/api/check") => api::check(body),
            ("POST", "/api/play") => api::play(body),
            ("POST", "/api/trace") => api::trace(body),
            (_, "/" | "/api/rules" | "/api/check" | "/api/play" | "/api/trace") => {
                Reply::error(405, format!("{method} is not allowed on {path}"))
            }
            _ => Reply::error(404, format!("no page {path}: the playground is at /")),
        }
    }
}

/// The playground's bar: the rules file, the opponent, the side played.
/// The static site (`web/`) has the same bar.
pub const BAR: &str = include_str!("bar.html");

/// The board to play on, with whose turn it is and the moves so far; the
/// static site has the same.
pub const GAME: &str = include_str!("game.html");

/// The script that draws the game and turns clicks into moves (`Game`),
/// shared with the static site.
pub const GAME_SCRIPT: &str = include_str!("game.js");

/// The page: the editor, the board to play on, and the trace's panel.
pub fn page() -> String {
    let body = format!(
        "{}<section id=\"trace-pane\">\n<h2 id=\"title\">trace</h2>\n{}</section>\n",
        include_str!("page.html").replace("<!-- BAR -->\n", BAR).replace("<!-- GAME -->\n", GAME),
        crate::webtrace::TRACE_PANEL
    );
    let script = format!("{}{GAME_SCRIPT}{}", crate::webtrace::TRACE_SCRIPT, include_str!("page.js"));
    crate::webtrace::page("sowspec playground", &body, &script)
}
