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

/// The book's skeleton engine (`docs/src/engines.md`) speaks the protocol
/// as it is: every reply it can give without a game filled in.
#[test]
fn the_readme_skeleton_answers_every_request() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("docs/src/engines.md")).unwrap();
    let section = &readme[readme.find("## Test your own engine").expect("the engines chapter has the section")..];
    let start = section.find("```python\n").expect("a Python skeleton") + 10;
    let skeleton = &section[start..start + section[start..].find("```").unwrap()];
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("engine.py");
    std::fs::write(&file, skeleton).unwrap();
    let requests = concat!(
        "{\"cmd\": \"hello\", \"protocol\": 1}\n",
        "{\"cmd\": \"new\", \"variant\": \"kalah\"}\n",
        "{\"cmd\": \"move\", \"move\": \"a\"}\n",
        "{\"cmd\": \"position\"}\n",
        "{\"cmd\": \"jump\"}\n",
        "[1, 2]\n",
        "{\"cmd\": \"quit\"}\n",
    );
    let out = std::process::Command::new("python3")
        .arg(&file)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(requests.as_bytes())?;
            child.wait_with_output()
        })
        .unwrap();
    assert!(out.status.success());
    let replies: Vec<serde_json::Value> =
        std::str::from_utf8(&out.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(replies[0]["protocol"], 1);
    assert_eq!(replies[0]["variants"], serde_json::json!([]));
    let codes: Vec<&str> = replies[1..].iter().map(|r| r["error"].as_str().unwrap_or("ok")).collect();
    assert_eq!(codes, ["unknown_variant", "no_game", "no_game", "unknown_command", "malformed", "ok"]);
}
