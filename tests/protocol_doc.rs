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

/// The skeleton engine (`docs/engine_skeleton.py`, which the docs show)
/// speaks the protocol as docs/PROTOCOL.md says: every reply it can give
/// without a game filled in, empty lines ignored, and `malformed` for a
/// request without a field it needs.
#[test]
fn the_skeleton_engine_answers_every_request() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let requests = concat!(
        "{\"cmd\": \"hello\", \"protocol\": 1}\n",
        "\n",
        "   \r\n",
        "{\"cmd\": \"new\", \"variant\": \"kalah\"}\n",
        "{\"cmd\": \"move\", \"move\": \"a\"}\n",
        "{\"cmd\": \"position\"}\n",
        "{\"cmd\": \"move\"}\n",
        "{\"cmd\": \"move\", \"move\": 7}\n",
        "{\"cmd\": \"new\"}\n",
        "{\"cmd\": 3}\n",
        "{\"cmd\": \"jump\"}\n",
        "[1, 2]\n",
        "this is not JSON\n",
        "{\"cmd\": \"quit\"}\n",
    );
    let out = std::process::Command::new("python3")
        .arg(root.join("docs/engine_skeleton.py"))
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
    assert_eq!(
        codes,
        [
            "unknown_variant",
            "no_game",
            "no_game",
            "malformed",
            "malformed",
            "malformed",
            "malformed",
            "unknown_command",
            "malformed",
            "malformed",
            "ok"
        ]
    );
}

/// The table of position fields in docs/PROTOCOL.md names every field a
/// position document can hold (each optional one set), and no other.
#[test]
fn the_position_table_names_every_field() {
    use sowspec::protocol::{LayoutDoc, PositionDoc, PreviousDoc, ResultDoc, Side, Sides, TurnsDoc, Winner};
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let doc = std::fs::read_to_string(root.join("docs/PROTOCOL.md")).unwrap();
    let section = &doc[doc.find("\n## Positions").expect("a Positions section")..];
    let section = &section[..section[1..].find("\n## ").unwrap()];
    let mut documented: Vec<&str> = section
        .lines()
        .filter_map(|l| l.strip_prefix("| `"))
        .filter_map(|l| l.split_once("` | ").map(|(name, _)| name))
        .collect();
    documented.sort_unstable();
    fn sides<T: Clone>(n: T) -> Sides<T> {
        Sides { south: n.clone(), north: n }
    }
    let full = PositionDoc {
        to_move: Some(Side::South),
        board: sides(vec![0]),
        captured: sides(0),
        closed: sides(vec![]),
        round: 1,
        legal: vec![],
        result: Some(ResultDoc { winner: Winner::Draw }),
        claimed: Some(sides(vec![])),
        previous: Some(Box::new(PreviousDoc { hole: "sa".into(), clockwise: true, lifted: 1 })),
        turns: Some(Box::new(TurnsDoc { played: 0, extra: 0 })),
        territory: Some(Box::new(sides(0))),
        wins: Some(sides(0u8)),
        opened: Some(Side::North),
        memory: Some(Default::default()),
        hand: Some(Box::new(sides(0))),
        layout: Some(Box::new(LayoutDoc { pending: vec![Side::South], starts: Side::North })),
        ceded: Some(Box::new(sides(vec![]))),
    };
    let serde_json::Value::Object(fields) = serde_json::to_value(&full).unwrap() else { panic!("an object") };
    let mut fields: Vec<&str> = fields.keys().map(String::as_str).collect();
    fields.sort_unstable();
    assert_eq!(documented, fields);
}
