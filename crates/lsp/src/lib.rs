//! The sowspec language server.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

/// Serves over standard input and output until the client says `exit`.
///
/// # Errors
/// The connection failed (the client went away mid-message, or broke the protocol).
pub fn run_stdio() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    Ok(())
}
