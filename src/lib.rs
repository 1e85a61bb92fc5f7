//! sowspec
pub mod check;
pub mod diagnostic;
pub mod machine;
pub mod position;
pub mod protocol;
#[cfg(feature = "cli")]
pub mod report;
pub mod rules;
pub mod syntax;
pub mod trace;

pub use check::check;
pub use machine::{Illegal, IllegalMove, Machine};
pub use position::{Outcome, Player, Position};
