//! Every recorded game of the independent oracle (`tests/data/oracle`,
//! copied from the steering team's `shared/games`) replays through the
//! bundled rules files with every position equal.

use sowspec::protocol::PositionDoc;
use sowspec::Hole;
use sowspec::Machine;
use std::path::Path;

fn machine(game: &str, one_round: bool) -> Machine {
    let file = match game {
        "raja_pasu" => "raja_pasu.rules",
        "sadeqa3" => "sadeqa3.rules",
        "sadeqa3_4" => "sadeqa3_4seed.rules",
        other => panic!("unknown game {other}"),
    };
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules").join(file);
    let source = std::fs::read_to_string(&path).unwrap();
    let rules = sowspec::check(&source).unwrap_or_else(|d| panic!("{file} does not check: {d:?}"));
    Machine::new(rules).with_one_round(one_round)
}

fn replay(name: &str) -> usize {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/oracle").join(name);
    let mut plies = 0;
    for (line_no, line) in std::fs::read_to_string(&path).unwrap().lines().enumerate() {
        let game: serde_json::Value = serde_json::from_str(line).unwrap();
        let m = machine(game["game"].as_str().unwrap(), game["one_round"].as_bool().unwrap());
        let expected: Vec<PositionDoc> = serde_json::from_value(game["positions"].clone()).unwrap();
        let mut pos = match &game["from"] {
            serde_json::Value::Null => m.initial(),
            from => serde_json::from_value::<PositionDoc>(from.clone()).unwrap().to_position(&m).unwrap(),
        };
        assert_eq!(PositionDoc::of(&m, &pos), expected[0], "{name}:{} start", line_no + 1);
        for (ply, mv) in game["moves"].as_array().unwrap().iter().enumerate() {
            let letter = mv.as_str().unwrap().as_bytes()[0] - b'a';
            pos = m
                .play(&pos, Hole::at(letter))
                .unwrap_or_else(|e| panic!("{name}:{} ply {} ({mv}): {e}", line_no + 1, ply + 1));
            assert_eq!(
                PositionDoc::of(&m, &pos),
                expected[ply + 1],
                "{name}:{} after ply {} ({mv})",
                line_no + 1,
                ply + 1
            );
            plies += 1;
        }
    }
    plies
}

#[test]
fn edge_cases() {
    assert!(replay("edge_cases.jsonl") > 20);
}

#[test]
fn raja_pasu_rounds() {
    assert!(replay("raja_pasu_round.jsonl") > 0);
}

#[test]
fn raja_pasu_matches() {
    assert!(replay("raja_pasu_match.jsonl") > 0);
}

#[test]
fn sadeqa3() {
    assert!(replay("sadeqa3.jsonl") > 0);
}

#[test]
fn sadeqa3_4seed() {
    assert!(replay("sadeqa3_4.jsonl") > 0);
}
