//! The README's examples are real: its fixture example replays cleanly, and
//! it shows the two commands CI and users rely on.

use sowspec::conform::{verify, MachineEngine};
use sowspec::fixture::{Fixture, Loaded};
use std::path::Path;

fn readme() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap()
}

#[test]
fn readme_fixture_example_replays() {
    let text = readme();
    let start = text.find("```yaml\n").expect("the README has a YAML example") + 8;
    let yaml = &text[start..start + text[start..].find("```").unwrap()];
    // The example's `rules:` path is relative to a fixture folder such as fixtures/raja_pasu/.
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/raja_pasu/readme-example.yaml");
    let fixture = Fixture::parse(yaml, &path).unwrap_or_else(|e| panic!("{e}"));
    let rules_path = path.parent().unwrap().join(&fixture.rules);
    let loaded = Loaded { path, rules_path, fixture };
    let verdict = verify(&mut MachineEngine::default(), &loaded);
    assert_eq!(verdict.failure, None);
    assert_eq!(verdict.checked, 2);
}

#[test]
fn readme_starts_with_the_two_commands() {
    let text = readme();
    let head: String = text.lines().take(8).collect::<Vec<_>>().join("\n");
    assert!(head.contains("cargo run --release -- conform"));
    assert!(head.contains("cargo test"));
}

const START: &str = "<!-- reference:start: generated from crates/core/src/reference/table.rs; edit that, then run `SOWSPEC_BLESS=1 cargo test --test readme` -->\n";
const END: &str = "<!-- reference:end -->\n";

/// The README's language reference is the text the reference table
/// generates, the same one editors show on hover. `SOWSPEC_BLESS=1`
/// writes it into the README.
#[test]
fn readme_reference_is_generated_from_the_reference_table() {
    let text = readme();
    let start = text.find(START).expect("the README has the reference:start marker") + START.len();
    let end = start + text[start..].find(END).expect("the README has the reference:end marker");
    let generated = format!("\n{}\n", sowspec::reference::markdown());
    if std::env::var_os("SOWSPEC_BLESS").is_some() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md");
        std::fs::write(path, format!("{}{generated}{}", &text[..start], &text[end..])).unwrap();
        return;
    }
    assert!(
        text[start..end] == generated,
        "the README's language reference differs from the reference table: run `SOWSPEC_BLESS=1 cargo test --test readme`"
    );
}
