//! The sowspec rules language and sowing machine.
//!
//! A mancala game is described in a small rules file. This crate takes it
//! through the pipeline, one type per stage and one guarantee per type:
//!
//! 1. [`syntax`]: text → a spanned syntax tree (may be wrong);
//! 2. [`check()`]: syntax tree → a [`Ruleset`], valid by construction, or every
//!    problem as a [`Diagnostic`] (code, message, byte span, labels, help);
//! 3. [`Machine::new`]: a `Ruleset` lowered to tables, with the sowing
//!    [`Kernel`] chosen once by the shape of the rules;
//! 4. [`Position`]s built only by the machine (from the start, from a move, or
//!    validated from the JSON [`protocol`]), [`trace`]s that tie every drop,
//!    lap and capture to the rules line that caused it, and counts for
//!    [`perft`] and random [`playout`]s.
//!
//! A position belongs to its game: every call that plays, counts or traces
//! from a position refuses one built by the machine of other rules with a
//! typed error ([`OtherGame`]). How a machine plays (its sowing kernel, how
//! it finds legal moves, and why) is one value decided once, its [`Plan`].
//!
//! # What is public, and for whom
//! - **The pipeline** (stable, for embedders: apps, servers, bindings):
//!   [`check()`], [`Ruleset`], [`Machine`] and its [`Plan`], [`Position`],
//!   [`Move`], [`protocol`], [`trace`], [`perft`].
//! - **Players and figures** (stable, the same figures as the command line
//!   for the same seed): [`strategy`] (computer players, seeded [`strategy::Dice`]),
//!   [`playout`] (random games, counted), [`stats`] (what `sowspec stats` reports).
//! - **Tooling** (public for the workspace's own tools, shaped by their
//!   needs and free to change between versions): [`syntax`] (the spanned
//!   tree the language server walks), [`format`](mod@format) (`sowspec fmt`'s canonical
//!   layout), [`reference`](mod@reference) (the language reference that hover and the book
//!   are generated from), [`diagnostic`]'s codes.
//!
//! The crate touches no filesystem, threads, clock or terminal: it can be
//! embedded in an app, a server or a browser build. Rendering diagnostics,
//! YAML fixtures and the command line live in the `sowspec-conform` crate and
//! the `sowspec` binary.
//!
//! ```
//! use sowspec_core::{check, Hole, Machine};
//!
//! let source = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../rules/kalah.rules"));
//! let machine = Machine::new(check(source).expect("the bundled rules check"));
//! let mut pos = machine.initial();
//! for letter in ["c", "a", "d"] {
//!     let hole = Hole::from_letter(letter).expect("a hole letter");
//!     pos = machine.play(&pos, hole).expect("a legal move");
//! }
//! assert_eq!(machine.captured(&pos, sowspec_core::Player::South) + machine.captured(&pos, sowspec_core::Player::North), 2);
//!
//! // Mistakes are data, with spans into the source.
//! let problems = check("game \"x\" { board { rows 2 holes 0 } }").unwrap_err();
//! assert!(!problems.is_empty());
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod check;
pub mod diagnostic;
pub mod format;
pub mod hole;
mod interval;
pub mod layout;
pub mod machine;
pub mod memory;
pub mod perft;
pub mod playout;
pub mod position;
pub mod protocol;
pub mod reference;
pub mod rules;
pub mod stats;
pub mod strategy;
pub mod syntax;
pub mod trace;
mod written;

pub use check::check;
pub use diagnostic::{Diagnostic, Span};
pub use hole::{Decision, Decisions, Hole, Move, Sense};
pub use machine::{Illegal, IllegalMove, Kernel, Machine, OtherGame, Plan};
pub use position::{GameId, Outcome, Player, Position};
pub use rules::Ruleset;
