//! `sowspec export --format jsonl`: one self-contained line per recorded game.

use assert_cmd::Command;
use serde_json::Value;
use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn export(args: &[&str]) -> std::process::Output {
    Command::cargo_bin("sowspec").unwrap().current_dir(root()).arg("export").args(args).output().unwrap()
}

#[test]
fn every_game_on_one_line_with_its_rules() {
    let out = export(&["fixtures", "--format", "jsonl"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let files = sowspec::conform::find_fixtures(&root().join("fixtures")).unwrap();
    let lines: Vec<Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), files.len());
    for (game, file) in lines.iter().zip(&files) {
        let loaded = sowspec::fixture::Fixture::load(file).unwrap();
        let path = game["rules"]["path"].as_str().unwrap();
        assert!(path.starts_with("rules/") && path.ends_with(".rules"), "{path}");
        // The variant is the file's stem, also under a subfolder (`rules/mancalagames/`).
        let stem = std::path::Path::new(path).file_stem().unwrap().to_string_lossy().into_owned();
        assert_eq!(game["variant"], stem);
        assert_eq!(game["rules"]["text"], std::fs::read_to_string(root().join(path)).unwrap());
        assert_eq!(game["moves"].as_array().unwrap().len(), loaded.fixture.moves.len());
        assert_eq!(game["positions"].as_array().unwrap().len(), loaded.fixture.expect.len());
        assert_eq!(game["from"].is_null(), loaded.fixture.from.is_none());
        assert!(game["positions"].as_array().unwrap().iter().all(|p| p["ply"].is_u64()));
    }
}

#[test]
fn a_bad_fixture_stops_the_export() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("bad.yaml"), "rules: x\n").unwrap();
    let out = export(&[dir.path().to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr).unwrap().contains("bad.yaml"));
}
