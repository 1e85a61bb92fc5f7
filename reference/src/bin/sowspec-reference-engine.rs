//! The hand-written reference engines as an engine of sowspec's protocol
//! (`docs/PROTOCOL.md`) on standard input and output:
//!
//! ```text
//! cargo build -p sowspec-reference
//! sowspec conform --engine target/debug/sowspec-reference-engine
//! ```

fn main() {
    let stdin = std::io::stdin();
    if let Err(e) = sowspec_reference::protocol::serve(stdin.lock(), std::io::stdout().lock()) {
        if e.kind() != std::io::ErrorKind::BrokenPipe {
            eprintln!("sowspec-reference-engine: {e}");
            std::process::exit(2);
        }
    }
}
