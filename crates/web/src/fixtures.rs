//! A bundled fixture replayed in the page, on the rules in the editor: as
//! `sowspec conform` judges it, and reported as `conform` prints a failure.

use serde_json::json;
use sowspec::conform::{verify, MachineEngine};
use sowspec::fixture::{Fixture, Loaded};
use sowspec::render::{self, Paint};
use std::path::PathBuf;

/// Replays the fixture `name` (its YAML text `fixture`) on the rules
/// `rules_text`, named `rules_name` in traces, whatever rules file the
/// fixture names (the page tests the rules being edited). Returns JSON:
/// `{"name", "ok", "checked", "report"}`, or `{"name", "ok": false,
/// "error"}` for a fixture that does not parse.
pub fn run(rules_name: &str, rules_text: &str, name: &str, fixture: &str) -> String {
    let path = PathBuf::from(name);
    let fixture = match Fixture::parse(fixture, &path) {
        Ok(f) => f,
        Err(e) => return json!({ "name": name, "ok": false, "error": e.to_string() }).to_string(),
    };
    let rules_path = PathBuf::from(rules_name);
    let loaded = Loaded { path, rules_path: rules_path.clone(), fixture };
    let mut engine = MachineEngine::default().with_source(rules_path, rules_text.to_string());
    let verdict = verify(&mut engine, &loaded);
    let report = verdict
        .failure
        .as_ref()
        .map(|f| render::fixture_report(&engine, &loaded, f, false, Paint::Plain))
        .unwrap_or_default();
    json!({ "name": name, "ok": verdict.failure.is_none(), "checked": verdict.checked, "report": report }).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    const OWARE: &str = include_str!("../../../rules/oware.rules");
    const CHAINED: &str = include_str!("../../../fixtures/oware/hand-01-chained-capture.yaml");

    fn run_json(rules: &str, fixture: &str) -> Value {
        serde_json::from_str(&run("rules/oware.rules", rules, "hand-01.yaml", fixture)).unwrap()
    }

    #[test]
    fn a_hand_worked_fixture_passes_and_fails_on_other_rules() {
        let ok = run_json(OWARE, CHAINED);
        assert_eq!((ok["ok"].as_bool(), ok["checked"].as_u64()), (Some(true), Some(1)), "{ok}");
        // Capturing only on a 9, South's last seed (making 2 in N.b) takes nothing.
        let nines = OWARE.replacen("(count(landing) == 2 or count(landing) == 3)", "count(landing) == 9", 1);
        assert_ne!(nines, OWARE);
        let bad = run_json(&nines, CHAINED);
        assert_eq!(bad["ok"], false, "{bad}");
        let report = bad["report"].as_str().unwrap();
        assert!(report.contains("after ply 1 (move `f`) the position differs"), "{report}");
        assert!(report.contains("trace of that move"), "{report}");
    }

    #[test]
    fn a_broken_fixture_says_why() {
        let bad = run_json(OWARE, "rules: x\nmoves: [f\n");
        assert_eq!(bad["ok"], false);
        assert!(bad["error"].as_str().unwrap().contains("hand-01.yaml"), "{bad}");
    }
}
