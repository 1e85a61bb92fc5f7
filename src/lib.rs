//! sowspec
pub mod check;
pub mod conform;
pub mod diagnostic;
pub mod fixture;
pub mod machine;
pub mod perft;
pub mod playout;
pub mod position;
pub mod protocol;
pub mod render;
#[cfg(feature = "cli")]
pub mod report;
pub mod rules;
pub mod strategy;
pub mod syntax;
pub mod trace;

pub use check::check;
pub use machine::{Illegal, IllegalMove, Machine};
pub use position::{Outcome, Player, Position};
