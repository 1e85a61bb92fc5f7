//! The `sowspec` command line's library: the whole pipeline in one import
//! (the [`sowspec_core`] language and machine, the [`sowspec_conform`]
//! fixtures and verdicts, the [`sowspec_import`] importer of other engines'
//! games), plus the edge where they meet people and
//! machines: rendering diagnostics ([`report`], with miette) and boards and
//! traces ([`render`], and as HTML pages, [`webtrace`]), and playouts spread over threads and timed
//! ([`parallel`]). The binary's commands are thin layers over it.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod moves;
pub mod parallel;
pub mod playground;
pub mod render;
pub mod report;
pub mod survey;
pub mod webtrace;

pub use sowspec_conform::{self as conform, fixture};
pub use sowspec_core::*;
pub use sowspec_import as import;
