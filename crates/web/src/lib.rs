//! sowspec in the browser: what the static playground (`web/`) asks of
//! WebAssembly, each a function from text (and JSON) to JSON text, so
//! that the page's worker sends plain strings both ways.
//!
//! Nothing here is a second implementation: the playground's requests are
//! [`sowspec::playground`]'s, the editor's answers are the language
//! server's ([`sowspec_lsp::features`], [`sowspec_lsp::diagnostics`]), a
//! fixture is judged by [`sowspec::conform::verify`] and reported by
//! [`sowspec::render::fixture_report`], and `stats` sums up the core's
//! games with the command line's table and chart.
//!
//! ```
//! let reply = sowspec_web::editor::format("game \"x\" {\n}\n");
//! assert!(reply.contains("\"text\""));
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod editor;
pub mod fixtures;
pub mod survey;

use sowspec::playground::Playground;
use wasm_bindgen::prelude::wasm_bindgen;

/// A playground request (`POST /api/check`, `/api/play`, `/api/trace`
/// with its JSON body), answered as `sowspec serve` answers it:
/// `{"status": 200, "type": "application/json", "body": "…"}`.
#[wasm_bindgen]
pub fn api(method: &str, path: &str, body: &str) -> String {
    let reply = Playground::default().handle(method, path, body.as_bytes());
    serde_json::json!({ "status": reply.status, "type": reply.content_type, "body": reply.body }).to_string()
}

/// The language server's diagnostics of `text`, each with the word a
/// quick fix would put in its place (`fix`), as JSON.
#[wasm_bindgen]
pub fn diagnostics(text: &str) -> String {
    editor::diagnostics(text)
}

/// The language server's hover at `line`, `character` (0-based, UTF-16),
/// as JSON (`null` where there is none).
#[wasm_bindgen]
pub fn hover(text: &str, line: u32, character: u32) -> String {
    editor::hover(text, line, character)
}

/// The language server's completion items at `line`, `character`, as JSON.
#[wasm_bindgen]
pub fn completion(text: &str, line: u32, character: u32) -> String {
    editor::completion(text, line, character)
}

/// `text` formatted as `sowspec fmt` does: `{"text": …}` or `{"error": …}`.
#[wasm_bindgen]
pub fn format(text: &str) -> String {
    editor::format(text)
}

/// One fixture (`name`, its YAML `fixture` text) replayed on the rules
/// `rules_text` (named `rules_name`), as `sowspec conform` judges it: its
/// verdict and, when it fails, the report with the diff and the trace.
#[wasm_bindgen]
pub fn fixture(rules_name: &str, rules_text: &str, name: &str, fixture: &str) -> String {
    fixtures::run(rules_name, rules_text, name, fixture)
}

pub use survey::{playouts, Survey};
