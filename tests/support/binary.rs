//! The real `sowspec` binary, run from the repository's root with colours
//! off, and what it printed.

use assert_cmd::Command;
use std::path::PathBuf;

/// The repository's root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The binary, in the root, without colours.
pub fn sowspec() -> Command {
    let mut c = Command::cargo_bin("sowspec").unwrap();
    c.current_dir(root()).env("NO_COLOR", "1");
    c
}

/// What a run printed, and its exit code.
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

/// Runs `cmd` to its end.
pub fn output(cmd: &mut Command) -> Run {
    let out = cmd.output().unwrap();
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
    }
}

/// Runs the binary with `args`.
pub fn run(args: &[&str]) -> Run {
    output(sowspec().args(args))
}
