//! The sowspec language server: what `sowspec check` says, as you type, in
//! any editor that speaks the Language Server Protocol.
//!
//! - diagnostics on every change, with the help line and the other labelled
//!   spans as related information, and a quick fix for a misspelt word;
//! - hover on every section, statement, action, function, name, operator
//!   and keyword, from the language reference
//!   ([`sowspec_core::reference`], which the book's reference is generated from too);
//! - completion of what may stand at the cursor: sections in `game`,
//!   statements in a section, actions in a rule, a statement's own words,
//!   and in conditions the holes, players, rows and functions that exist
//!   there;
//! - document symbols (the game, its sections, their statements);
//! - formatting with [`sowspec_core::format`].
//!
//! There is no go-to-definition: a rules file defines no names of its own
//! (holes, players and functions are the language's).
//!
//! Positions are in UTF-16 code units, the protocol's default. Documents
//! over the 1 MiB a rules file may hold get the checker's one diagnostic
//! saying so, and no other answers.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod context;
pub mod diagnostics;
pub mod features;
pub mod position;
mod server;

pub use lsp_server::Connection;
pub use server::{capabilities, serve};

/// Serves over standard input and output until the client says `exit`.
///
/// # Errors
/// The connection failed: the client went away, or sent something that is
/// not the protocol (a message that is not JSON-RPC cannot be skipped).
pub fn run_stdio() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let (connection, io_threads) = Connection::stdio();
    serve(&connection)?;
    drop(connection);
    io_threads.join()?;
    Ok(())
}
