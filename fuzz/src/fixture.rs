//! The `fixture` target: the fixture loader on arbitrary text.

use sowspec_conform::fixture::Fixture;
use std::path::Path;

/// `Fixture::parse` never panics; an error's line is a line of the text;
/// a fixture that loads is written back by `to_yaml` as text that loads as
/// the same fixture.
pub fn run(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let file = Path::new("fuzz.yaml");
    match Fixture::parse(text, file) {
        Err(e) => {
            assert_eq!(e.file, file);
            if let Some((line, col)) = e.location {
                assert!(line >= 1 && col >= 1, "{e}");
                // YAML ends lines at `\n`, `\r\n`, a lone `\r`, and (YAML 1.1)
                // U+0085, U+2028 and U+2029, and may point at the line after
                // the last one when the text ends early.
                let breaks = ['\n', '\r', '\u{85}', '\u{2028}', '\u{2029}'];
                let lines = text.replace("\r\n", "\n").matches(breaks).count() + 1;
                assert!(line <= lines + 1, "{e}: line past the end of the text");
            }
        }
        Ok(fixture) => {
            let yaml = fixture.to_yaml();
            match Fixture::parse(&yaml, file) {
                Ok(back) => assert_eq!(back, fixture, "to_yaml round-trips:\n{yaml}"),
                Err(e) => panic!("to_yaml wrote a fixture that does not load: {e}\n{yaml}"),
            }
        }
    }
}
