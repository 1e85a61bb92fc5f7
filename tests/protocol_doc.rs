//! `docs/PROTOCOL.md` is real: its whole session, replayed through
//! `sowspec engine`, gets every reply it shows, word for word.

use assert_cmd::Command;
use std::path::PathBuf;

#[test]
fn the_documented_session_is_what_sowspec_engine_answers() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let doc = std::fs::read_to_string(root.join("docs/PROTOCOL.md")).unwrap();
    let marker = "<!-- session: sowspec engine ";
    let at = doc.find(marker).expect("the protocol documents a session") + marker.len();
    let args: Vec<&str> = doc[at..doc[at..].find(" -->").unwrap() + at].split(' ').collect();
    let block = &doc[at..];
    let block = &block[block.find("```text\n").unwrap() + 8..];
    let block = &block[..block.find("```").unwrap()];
    let requests: String = block.lines().filter_map(|l| l.strip_prefix("> ")).map(|l| format!("{l}\n")).collect();
    let expected: Vec<String> = block
        .lines()
        .filter_map(|l| l.strip_prefix("< "))
        .map(|l| l.replace("\"sowspec 0.1.0\"", &format!("\"sowspec {}\"", env!("CARGO_PKG_VERSION"))))
        .collect();
    assert!(expected.len() >= 15, "the session shows every message");
    let out = Command::cargo_bin("sowspec")
        .unwrap()
        .current_dir(&root)
        .arg("engine")
        .args(&args)
        .write_stdin(requests)
        .output()
        .unwrap();
    assert!(out.status.success());
    let replies: Vec<&str> = std::str::from_utf8(&out.stdout).unwrap().lines().collect();
    assert_eq!(replies, expected);
}
