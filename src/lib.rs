//! sowspec
pub mod diagnostic;
pub mod syntax;
