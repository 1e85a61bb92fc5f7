//! The malformed-rules catalogue: every file under `tests/diagnostics/` is a
//! small rules file with one mistake, and its own test, named after its
//! path (`cargo test --test diagnostics unknown_` runs the unknown words).
//! Its first line says what the checker must report:
//!
//! ```text
//! # expect: [out-of-range, syntax] `rows 3` is out of range and …
//! ```
//!
//! The codes in brackets are exactly the codes of the diagnostics it must
//! produce, in source order (so a knock-on diagnostic fails the test); the
//! words after them say what an author should be told, and are the
//! snapshot's description, reviewed with it. Each file must fail to check;
//! its diagnostics must satisfy the invariants below; then what an author
//! reads — every diagnostic rendered plainly at width 80 — is snapshotted.
//!
//! Inputs too big or too odd to keep as files (deep nesting, a file over the
//! size limit, NUL bytes) are generated here.

use libtest_mimic::{Arguments, Failed, Trial};
use sowspec::diagnostic::{Code, Diagnostic, Span};
use sowspec::report::{render, Style};
use std::collections::HashSet;
use std::fmt::Write as _;
use std::path::Path;

/// A game that checks cleanly, to build generated inputs from.
const VALID: &str = r#"game "Valid" {
  board { rows 2; holes 6; stores none }
  setup { seeds 4 }
  sowing { direction counterclockwise; first_seed next; origin sown }
  moves {
    lift when count(origin) > 0
    endless after 10000 laps illegal
  }
  end { no_moves remaining to last_mover; winner most_captured }
}
"#;

/// Checks `source`, which must be rejected, and returns its diagnostics.
/// Checks it twice, to see the diagnostics do not change. (No wall-clock
/// limit: a hang shows as a test that never ends; speed is for benchmarks.)
fn rejected(name: &str, source: &str) -> Vec<Diagnostic> {
    let result = sowspec::check(source);
    let diags = match result {
        Ok(rules) => panic!("{name}: expected diagnostics, but it checked cleanly as {:?}", rules.name()),
        Err(diags) => diags,
    };
    if let Err(problems) = invariants(source, &diags) {
        panic!("{name}: the diagnostics break invariants:\n{problems}\nthe diagnostics:\n{diags:#?}");
    }
    let again = sowspec::check(source).err();
    assert_eq!(again.as_ref(), Some(&diags), "{name}: checking twice gave different diagnostics");
    diags
}

/// [`rejected`], for inputs refused for their size or depth before they are
/// parsed: every diagnostic is `too-large`.
fn refused_at_once(name: &str, source: &str) -> Vec<Diagnostic> {
    let diags = rejected(name, source);
    assert!(
        diags.iter().all(|d| d.code == sowspec::diagnostic::Code::TooLarge),
        "{name}: expected only too-large diagnostics, found {diags:#?}"
    );
    diags
}

/// What must hold of any list of diagnostics for `source`; the error lists
/// every broken invariant, one a line.
fn invariants(source: &str, diags: &[Diagnostic]) -> Result<(), String> {
    let mut problems = String::new();
    if diags.is_empty() {
        problems.push_str("- no diagnostic, though checking failed\n");
    }
    let span_ok = |s: Span| s.start <= s.end && source.is_char_boundary(s.start) && source.is_char_boundary(s.end);
    let mut seen = HashSet::new();
    for (i, d) in diags.iter().enumerate() {
        let what = format!("diagnostic {i} ({}: {})", d.code, d.message);
        if !span_ok(d.span) {
            let _ = writeln!(problems, "- {what}: span {:?} is not within the source on char boundaries", d.span);
        }
        for l in &d.related {
            if !span_ok(l.span) {
                let _ = writeln!(problems, "- {what}: related span {:?} ({:?}) is outside the source", l.span, l.text);
            }
        }
        if d.message.trim().is_empty() || d.label.trim().is_empty() {
            let _ = writeln!(problems, "- {what}: empty message or label");
        }
        if !seen.insert((d.code.name(), d.message.as_str(), d.span.start, d.span.end)) {
            let _ = writeln!(problems, "- {what}: reported twice");
        }
    }
    let sorted = diags.windows(2).all(|w| (w[0].span.start, w[0].span.end) <= (w[1].span.start, w[1].span.end));
    if !sorted {
        problems.push_str("- the diagnostics are not in source order\n");
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems)
    }
}

/// Every diagnostic rendered as an author reads it, one after another.
/// Control characters the renderer copies from the source are shown as
/// their Unicode pictures (`␀`), so that snapshots stay plain text.
fn rendered(file: &str, source: &str, diags: &[Diagnostic]) -> String {
    let text = diags.iter().map(|d| render(d, file, source, Style::Plain)).collect::<Vec<_>>().join("\n");
    text.chars()
        .map(|c| match c {
            '\n' | '\t' => c,
            '\0'..='\u{1f}' => char::from_u32(0x2400 + u32::from(c)).expect("a control picture"),
            '\u{7f}' => '\u{2421}',
            c if c.is_control() => '\u{fffd}',
            c => c,
        })
        .collect()
}

/// The `# expect: [CODES] what an author should be told` line every
/// catalogue file opens with: the codes (without `sowspec::`), and the words.
fn expectation(source: &str) -> Result<(Vec<&str>, &str), String> {
    let first = source.lines().next().unwrap_or("");
    let parsed = first.strip_prefix("# expect: [").and_then(|rest| rest.split_once("] ")).and_then(|(codes, words)| {
        let codes: Vec<&str> = codes.split(", ").map(str::trim).collect();
        let known = codes.iter().all(|c| Code::ALL.iter().any(|k| k.name().strip_prefix("sowspec::") == Some(c)));
        (known && !words.trim().is_empty()).then_some((codes, words.trim()))
    });
    parsed.ok_or_else(|| {
        format!("the first line must be `# expect: [CODE, …] <what an author should be told>`, with known codes; found {first:?}")
    })
}

fn catalogue_name(path: &Path) -> String {
    format!("diagnostics/{}", path.file_name().expect("a file").to_string_lossy())
}

/// Every `tests/diagnostics/*.rules`, sorted.
fn catalogue_paths() -> Vec<std::path::PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/diagnostics");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/diagnostics exists")
        .map(|e| e.expect("a readable directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "rules"))
        .collect();
    files.sort();
    files
}

fn catalogue() -> Vec<(String, String)> {
    let read = |p: &Path| std::fs::read_to_string(p).expect("a UTF-8 rules file");
    catalogue_paths().into_iter().map(|p| (catalogue_name(&p), read(&p))).collect()
}

/// Every catalogue file as a test named after its path, then the tests below.
fn main() {
    let args = Arguments::from_args();
    let mut trials: Vec<Trial> = catalogue_paths()
        .into_iter()
        .map(|path| {
            let name = path.strip_prefix(env!("CARGO_MANIFEST_DIR")).unwrap_or(&path).display().to_string();
            Trial::test(name, move || malformed_rules(&path))
        })
        .collect();
    macro_rules! tests {
        ($($test:ident),* $(,)?) => {
            $(trials.push(Trial::test(stringify!($test), || { $test(); Ok(()) }));)*
        };
    }
    tests![
        catalogue_is_large_enough,
        every_code_has_a_file,
        bundled_rules_check_cleanly,
        valid_template_checks,
        ten_thousand_nested_parens_are_too_large,
        ten_thousand_nested_blocks_are_too_large,
        a_file_over_one_mebibyte_is_too_large,
        a_quarter_mebibyte_of_not_is_too_large,
        a_quarter_mebibyte_of_and_is_too_large,
        a_quarter_mebibyte_of_sums_is_too_large,
        a_quarter_mebibyte_of_statements_is_checked_quickly,
        an_empty_file_has_no_game,
        nul_bytes_are_reported_as_binary,
        control_characters_in_a_statement_are_reported,
        every_prefix_of_a_valid_file_checks_without_panic,
        every_line_deleted_from_a_valid_file_checks_without_panic,
        windows_line_endings_give_the_same_diagnostics,
        a_byte_order_mark_is_allowed,
        random_edits_never_panic,
    ];
    libtest_mimic::run(&args, trials).exit();
}

/// One catalogue file: rejected with exactly the expected codes, then its
/// rendering snapshotted as `diagnostics__malformed_rules@FILE.snap`.
fn malformed_rules(path: &Path) -> Result<(), Failed> {
    let file = catalogue_name(path);
    let source = std::fs::read_to_string(path)?;
    let (codes, words) = expectation(&source).map_err(|e| format!("{file}: {e}"))?;
    let diags = rejected(&file, &source);
    let produced: Vec<&str> = diags.iter().map(|d| d.code.name().trim_start_matches("sowspec::")).collect();
    if produced != codes {
        let text = rendered(&file, &source, &diags);
        return Err(
            format!("{file}: expected [{}], produced [{}]:\n{text}", codes.join(", "), produced.join(", ")).into()
        );
    }
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_suffix(path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default());
    settings.set_input_file(path);
    settings.set_description(words);
    settings.set_omit_expression(true);
    settings.bind(|| insta::assert_snapshot!("malformed_rules", rendered(&file, &source, &diags)));
    Ok(())
}

fn catalogue_is_large_enough() {
    let n = catalogue().len();
    assert!(n >= 40, "the catalogue has {n} files; it should keep at least 40");
}

fn every_code_has_a_file() {
    let mut produced = HashSet::new();
    for (file, source) in catalogue() {
        produced.extend(rejected(&file, &source).iter().map(|d| d.code));
    }
    let missing: Vec<_> = Code::ALL.iter().filter(|c| !produced.contains(c)).map(|c| c.name()).collect();
    assert!(missing.is_empty(), "no file under tests/diagnostics produces {}", missing.join(", "));
}

fn bundled_rules_check_cleanly() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules");
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .expect("rules/ exists")
        .map(|e| e.expect("a readable directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "rules"))
        .collect();
    paths.sort();
    assert!(paths.len() >= 3, "expected at least the three founding games, found {}", paths.len());
    let mut failures = String::new();
    for path in paths {
        let source = std::fs::read_to_string(&path).expect("a UTF-8 rules file");
        let file = format!("rules/{}", path.file_name().expect("a file").to_string_lossy());
        if let Err(diags) = sowspec::check(&source) {
            let _ = writeln!(failures, "{file} should check cleanly:\n{}", rendered(&file, &source, &diags));
        }
    }
    assert!(failures.is_empty(), "{failures}");
}

/// Replaces the `lift` condition of [`VALID`].
fn with_lift(condition: &str) -> String {
    let source = VALID.replace("lift when count(origin) > 0", &format!("lift when {condition}"));
    assert_ne!(source, VALID);
    source
}

fn codes(diags: &[Diagnostic]) -> Vec<Code> {
    diags.iter().map(|d| d.code).collect()
}

fn valid_template_checks() {
    if let Err(diags) = sowspec::check(VALID) {
        panic!("the template is invalid:\n{}", rendered("valid.rules", VALID, &diags));
    }
}

fn ten_thousand_nested_parens_are_too_large() {
    let depth = 10_000;
    let source = with_lift(&format!("{}count(origin) > 0{}", "(".repeat(depth), ")".repeat(depth)));
    let diags = refused_at_once("nested parens", &source);
    assert_eq!(codes(&diags), [Code::TooLarge], "{diags:#?}");
    // `game {` and `moves {` are two levels: the 63rd `(` is 65 deep.
    let first_paren = source.find('(').expect("a paren");
    assert_eq!(diags[0].span, Span::new(first_paren + 62, first_paren + 63), "the span is on the 63rd `(`");
}

fn ten_thousand_nested_blocks_are_too_large() {
    let depth = 10_000;
    let source = format!("{}{}", "game \"Deep\" {\n".repeat(depth), "}\n".repeat(depth));
    let diags = refused_at_once("nested blocks", &source);
    assert_eq!(codes(&diags), [Code::TooLarge], "{diags:#?}");
}

fn a_file_over_one_mebibyte_is_too_large() {
    let mut source = String::from(VALID);
    while source.len() <= sowspec::syntax::MAX_SOURCE_BYTES {
        source.push_str("# a comment to pad the file past the size limit\n");
    }
    let diags = refused_at_once("huge file", &source);
    assert_eq!(codes(&diags), [Code::TooLarge], "{diags:#?}");
    insta::assert_snapshot!(rendered("huge.rules", &source[..VALID.len()], &diags));
}

/// The size of the generated stress inputs below: well under the size limit,
/// so that only the bound on operators can stop them, and far more than
/// enough to overflow the stack were the syntax tree as deep as they are long.
const STRESS_BYTES: usize = 256 * 1024;

fn a_quarter_mebibyte_of_not_is_too_large() {
    let source = with_lift(&format!("{}count(origin) > 0", "not ".repeat(STRESS_BYTES / 4)));
    let diags = rejected("a long run of `not`", &source);
    assert_eq!(codes(&diags), [Code::TooLarge], "{diags:#?}");
}

fn a_quarter_mebibyte_of_and_is_too_large() {
    let source = with_lift(&vec!["count(origin) > 0"; STRESS_BYTES / 22].join(" and "));
    let diags = rejected("a long conjunction", &source);
    assert_eq!(codes(&diags), [Code::TooLarge], "{diags:#?}");
}

fn a_quarter_mebibyte_of_sums_is_too_large() {
    let source = with_lift(&format!("count(origin) > {}", vec!["1"; STRESS_BYTES / 4].join(" + ")));
    let diags = rejected("a long sum", &source);
    assert_eq!(codes(&diags), [Code::TooLarge], "{diags:#?}");
}

fn a_quarter_mebibyte_of_statements_is_checked_quickly() {
    let mut source = String::from("game \"Many\" {\n  board {\n");
    while source.len() < STRESS_BYTES {
        source.push_str("    holes 6\n");
    }
    source.push_str("  }\n}\n");
    let diags = rejected("many statements", &source);
    assert!(diags.iter().any(|d| d.code == Code::Duplicate), "{:#?}", &diags[..3]);
}

fn an_empty_file_has_no_game() {
    let diags = rejected("empty", "");
    insta::assert_snapshot!(rendered("empty.rules", "", &diags));
}

fn nul_bytes_are_reported_as_binary() {
    let source = format!("{}\0\0\0\u{1}\u{2}PK\u{3}\u{4}\n", VALID);
    let diags = rejected("NUL bytes", &source);
    insta::assert_snapshot!(rendered("binary.rules", &source, &diags));
}

fn control_characters_in_a_statement_are_reported() {
    let source = VALID.replace("holes 6", "holes\u{7}6").replace("seeds 4", "seeds\u{85}4");
    let diags = rejected("control characters", &source);
    insta::assert_snapshot!(rendered("control.rules", &source, &diags));
}

fn every_prefix_of_a_valid_file_checks_without_panic() {
    let source = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/raja_pasu.rules"))
        .expect("the bundled Raja Pasu");
    for (end, _) in source.char_indices() {
        let prefix = &source[..end];
        if let Err(diags) = sowspec::check(prefix) {
            if let Err(problems) = invariants(prefix, &diags) {
                panic!("the first {end} bytes of raja_pasu.rules:\n{problems}");
            }
        }
    }
}

fn every_line_deleted_from_a_valid_file_checks_without_panic() {
    let source = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/raja_pasu.rules"))
        .expect("the bundled Raja Pasu");
    let lines: Vec<&str> = source.lines().collect();
    for skip in 0..lines.len() {
        let text: String =
            lines.iter().enumerate().filter(|&(i, _)| i != skip).map(|(_, l)| format!("{l}\n")).collect();
        if let Err(diags) = sowspec::check(&text) {
            if let Err(problems) = invariants(&text, &diags) {
                panic!("raja_pasu.rules without line {}:\n{problems}", skip + 1);
            }
        }
    }
}

fn windows_line_endings_give_the_same_diagnostics() {
    for (file, source) in catalogue() {
        let crlf = source.replace('\n', "\r\n");
        let unix: Vec<_> = rejected(&file, &source).into_iter().map(|d| (d.code, d.message)).collect();
        let windows: Vec<_> = rejected(&file, &crlf).into_iter().map(|d| (d.code, d.message)).collect();
        assert_eq!(unix, windows, "{file} with CRLF line endings");
    }
}

fn a_byte_order_mark_is_allowed() {
    let source = format!("\u{feff}{VALID}");
    if let Err(diags) = sowspec::check(&source) {
        panic!("a byte-order mark should be allowed:\n{}", rendered("bom.rules", &source, &diags));
    }
}

/// A small deterministic generator for [`random_edits_never_panic`].
struct XorShift(u64);

impl XorShift {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

fn random_edits_never_panic() {
    const PIECES: [&str; 24] = [
        "{",
        "}",
        "(",
        ")",
        "[",
        "]",
        "\"",
        "#",
        "\n",
        ";",
        ",",
        " ",
        "==",
        "-",
        "not ",
        " and ",
        "count(",
        "hole",
        "landing",
        "0",
        "99999999999999999999",
        "–",
        "\u{a0}",
        "é",
    ];
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules");
    let mut games = Vec::new();
    for entry in std::fs::read_dir(dir).expect("rules/ exists") {
        let path = entry.expect("an entry").path();
        if path.extension().is_some_and(|e| e == "rules") {
            games.push(std::fs::read_to_string(path).expect("a UTF-8 rules file"));
        }
    }
    games.sort();
    let mut rng = XorShift(0x5eed_5eed_5eed_5eed);
    for case in 0..3000 {
        let mut text = games[rng.below(games.len())].clone();
        for _ in 0..1 + rng.below(3) {
            let bounds: Vec<usize> = text.char_indices().map(|(i, _)| i).chain([text.len()]).collect();
            let at = bounds[rng.below(bounds.len())];
            match rng.below(3) {
                0 => text.insert_str(at, PIECES[rng.below(PIECES.len())]),
                1 => {
                    let end = bounds[(bounds.partition_point(|&b| b < at) + 1 + rng.below(12)).min(bounds.len() - 1)];
                    text.replace_range(at..end, "");
                }
                _ => {
                    let end = bounds[(bounds.partition_point(|&b| b < at) + rng.below(40)).min(bounds.len() - 1)];
                    let copy = text[at..end].to_string();
                    text.insert_str(end, &copy);
                }
            }
        }
        let result = std::panic::catch_unwind(|| sowspec::check(&text));
        match result {
            Err(_) => panic!("case {case}: checking panicked on:\n{text}"),
            Ok(Err(diags)) => {
                if let Err(problems) = invariants(&text, &diags) {
                    panic!("case {case}:\n{problems}\nthe input:\n{text}");
                }
            }
            Ok(Ok(_)) => {}
        }
    }
}
