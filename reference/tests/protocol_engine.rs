//! `sowspec-reference-engine` speaks the engine protocol: its error replies,
//! and the whole corpus replayed through it by sowspec's own tester (the
//! `sowspec-conform` library's `ProcessEngine` and `verify`, exactly what
//! `sowspec conform --engine` runs), every game of its three variants
//! passing and every other game skipped.

use sowspec_conform::fixture::Fixture;
use sowspec_conform::process::{ProcessEngine, DEFAULT_TIMEOUT};
use sowspec_conform::{find_fixtures, verify, Engine};
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

const ENGINE: &str = env!("CARGO_BIN_EXE_sowspec-reference-engine");

/// The engine's replies to `requests`, one per line.
fn talk(requests: &str) -> Vec<String> {
    let mut child = Command::new(ENGINE).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
    child.stdin.take().unwrap().write_all(requests.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    String::from_utf8(out.stdout).unwrap().lines().map(str::to_string).collect()
}

#[test]
fn every_request_gets_its_reply() {
    let replies = talk(concat!(
        "{\"cmd\": \"hello\", \"protocol\": 1}\n",
        "{\"cmd\": \"move\", \"move\": \"a\"}\n",
        "{\"cmd\": \"new\", \"variant\": \"kalah\"}\n",
        "{\"cmd\": \"new\", \"variant\": \"sadeqa3\", \"from\": {\"to_move\": \"south\"}}\n",
        "{\"cmd\": \"new\", \"variant\": \"sadeqa3_4seed\"}\n",
        "{\"cmd\": \"move\", \"move\": \"z\"}\n",
        "{\"cmd\": \"move\", \"move\": \"a\"}\n",
        "{\"cmd\": \"position\"}\n",
        "not json\n",
        "{\"cmd\": \"fly\"}\n",
        "{\"cmd\": \"quit\"}\n",
        "{\"cmd\": \"position\"}\n",
    ));
    let codes: Vec<String> = replies
        .iter()
        .map(|r| {
            let v: serde_json::Value = serde_json::from_str(r).unwrap();
            v.get("error").and_then(|e| e.as_str()).unwrap_or("ok").to_string()
        })
        .collect();
    assert_eq!(
        codes,
        [
            "ok",
            "no_game",
            "unknown_variant",
            "bad_position",
            "ok",
            "illegal_move",
            "ok",
            "ok",
            "malformed",
            "unknown_command",
            "ok"
        ]
    );
    assert_eq!(replies[6], replies[7], "`position` repeats the position after the last move");
}

#[test]
fn the_corpus_through_the_reference_engine() {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures");
    let mut engine = ProcessEngine::start(ENGINE, &[], DEFAULT_TIMEOUT).unwrap();
    let (mut passed, mut skipped) = (0, 0);
    for file in find_fixtures(&fixtures).unwrap() {
        let loaded = Fixture::load(&file).unwrap();
        let variant = loaded.rules_path.file_stem().unwrap().to_string_lossy().into_owned();
        let plays = ["raja_pasu", "sadeqa3", "sadeqa3_4seed"].contains(&variant.as_str());
        match engine.skip(&loaded.game()) {
            Some(why) => {
                assert!(!plays, "{}: skipped ({why})", file.display());
                skipped += 1;
            }
            None => {
                assert!(plays, "{}: not skipped", file.display());
                let verdict = verify(&mut engine, &loaded);
                assert_eq!(verdict.failure, None, "{}", file.display());
                passed += 1;
            }
        }
    }
    assert!(passed >= 86, "{passed} games passed");
    assert!(skipped >= 400, "{skipped} games skipped");
}
