//! The book (`docs/`, built with mdBook) is held to the code: its fixture
//! example replays cleanly, its language reference is the text the
//! reference table generates, every chapter is in its table of contents,
//! and every relative link and include in it (and in the README) resolves,
//! anchors included. mdBook itself only fails on a missing include or
//! chapter, so these checks are what keep the links from rotting.

use sowspec::conform::{verify, MachineEngine};
use sowspec::fixture::{Fixture, Loaded};
use std::collections::BTreeSet;
use std::path::{Component, Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The book's sources: `docs/src/`.
fn src() -> PathBuf {
    root().join("docs/src")
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn the_fixture_example_replays() {
    let text = read(&src().join("fixtures.md"));
    let start = text.find("```yaml\n").expect("the fixtures chapter has a YAML example") + 8;
    let yaml = &text[start..start + text[start..].find("```").unwrap()];
    // The example's `rules:` path is relative to a fixture folder such as fixtures/raja_pasu/.
    let path = root().join("fixtures/raja_pasu/readme-example.yaml");
    let fixture = Fixture::parse(yaml, &path).unwrap_or_else(|e| panic!("{e}"));
    let rules_path = path.parent().unwrap().join(&fixture.rules);
    let loaded = Loaded { path, rules_path, fixture };
    let verdict = verify(&mut MachineEngine::default(), &loaded);
    assert_eq!(verdict.failure, None);
    assert_eq!(verdict.checked, 2);
}

const START: &str = "<!-- reference:start: generated from crates/core/src/reference/table.rs; edit that, then run `SOWSPEC_BLESS=1 cargo test --test book` -->\n";
const END: &str = "<!-- reference:end -->\n";

/// The book's language reference is the text the reference table
/// generates, the same one editors show on hover. `SOWSPEC_BLESS=1`
/// writes it into `docs/src/reference.md`.
#[test]
fn the_language_reference_is_generated_from_the_reference_table() {
    let path = src().join("reference.md");
    let text = read(&path);
    let start = text.find(START).expect("the reference chapter has the reference:start marker") + START.len();
    let end = start + text[start..].find(END).expect("the reference chapter has the reference:end marker");
    let generated = format!("\n{}\n", sowspec::reference::markdown());
    if std::env::var_os("SOWSPEC_BLESS").is_some() {
        std::fs::write(path, format!("{}{generated}{}", &text[..start], &text[end..])).unwrap();
        return;
    }
    assert!(
        text[start..end] == generated,
        "the book's language reference differs from the reference table: run `SOWSPEC_BLESS=1 cargo test --test book`"
    );
}

/// Every Markdown file under `dir`, sorted.
fn markdown_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            if path.file_name() != Some("book".as_ref()) {
                files.extend(markdown_files(&path));
            }
        } else if path.extension().is_some_and(|e| e == "md") {
            files.push(path);
        }
    }
    files.sort();
    files
}

/// The lines of a Markdown text outside fenced code blocks, numbered from 1.
fn prose(text: &str) -> Vec<(usize, &str)> {
    let mut fenced = false;
    let mut lines = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced {
            lines.push((i + 1, line));
        }
    }
    lines
}

/// A line without its inline code spans (`` `…` ``), where `](` is code, not a link.
fn without_code(line: &str) -> String {
    line.split('`').step_by(2).collect::<Vec<_>>().join(" ")
}

/// The targets of a line's inline links and images: `[text](target)`.
fn link_targets(line: &str) -> Vec<String> {
    let line = without_code(line);
    let mut targets = Vec::new();
    let mut rest = line.as_str();
    while let Some(at) = rest.find("](") {
        rest = &rest[at + 2..];
        let end = rest.find(')').unwrap_or(rest.len());
        let target = rest[..end].split_whitespace().next().unwrap_or("");
        targets.push(target.trim_matches(['<', '>']).to_string());
        rest = &rest[end..];
    }
    targets
}

/// The anchor mdBook (and GitHub) gives a heading: its text lower-cased,
/// spaces made hyphens, punctuation other than `-` and `_` dropped.
fn anchor(heading: &str) -> String {
    heading
        .chars()
        .filter_map(|c| match c {
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c.to_lowercase().next().unwrap()),
            c if c.is_whitespace() => Some('-'),
            _ => None,
        })
        .collect()
}

/// The anchors of a Markdown file's headings, those of the text it
/// includes (`{{#include …}}`) among them.
fn anchors(file: &Path) -> BTreeSet<String> {
    anchors_of(file, &read(file))
}

/// The anchors of `text`'s headings, `text` standing in `file`.
fn anchors_of(file: &Path, text: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for (_, line) in prose(text) {
        if let Some(heading) = line.strip_prefix('#').map(|h| h.trim_start_matches('#')) {
            if heading.starts_with(' ') {
                found.insert(anchor(heading.trim()));
            }
        }
        if let Some(included) = include_spec(line).and_then(|spec| included_text(file.parent().unwrap(), spec)) {
            found.extend(anchors_of(file, &included));
        }
    }
    found
}

/// The argument of an mdBook `{{#include FILE[:…]}}` on the line, if any.
fn include_spec(line: &str) -> Option<&str> {
    let rest = &line[line.find("{{#include ")? + "{{#include ".len()..];
    Some(rest[..rest.find("}}")?].trim())
}

/// The text an `{{#include FILE[:…]}}` brings in, as mdBook reads it: the
/// whole file, lines `FILE:N:` or `FILE:N:M` (from 1), or the lines between
/// `ANCHOR: NAME` and `ANCHOR_END: NAME` for `FILE:NAME`. `None` when the
/// file or the anchor is not there.
fn included_text(dir: &Path, spec: &str) -> Option<String> {
    let mut parts = spec.split(':');
    let text = std::fs::read_to_string(dir.join(parts.next()?)).ok()?;
    let lines: Vec<&str> = text.lines().collect();
    let chosen: Vec<&str> = match (parts.next(), parts.next()) {
        (None, _) => lines,
        (Some(first), last) if first.parse::<usize>().is_ok() => {
            let from = first.parse::<usize>().ok()?.max(1) - 1;
            let to = last.and_then(|l| l.parse().ok()).unwrap_or(lines.len()).min(lines.len());
            lines.get(from..to)?.to_vec()
        }
        (Some(name), _) => {
            let start = lines.iter().position(|l| l.contains(&format!("ANCHOR: {name}")))?;
            let end = start + lines[start..].iter().position(|l| l.contains(&format!("ANCHOR_END: {name}")))?;
            lines[start + 1..end].to_vec()
        }
    };
    Some(chosen.join("\n"))
}

/// `path` with its `.` and `..` components resolved, without touching the disk.
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// Every broken relative link of `file`: a target that is not there, an
/// anchor that no heading of its page makes, or (in a chapter, which must
/// stand in the built book) a target outside `docs/src/`. `text` is the
/// file's text.
fn broken_links(file: &Path, text: &str) -> Vec<String> {
    let in_book = file.starts_with(src());
    let mut broken = Vec::new();
    for (number, line) in prose(text) {
        let at = format!("{}:{number}", file.strip_prefix(root()).unwrap().display());
        if let Some(spec) = include_spec(line) {
            match included_text(file.parent().unwrap(), spec) {
                // What a chapter includes stands in the chapter: its links must resolve from there.
                Some(text) => broken.extend(broken_links(file, &text).into_iter().map(|b| format!("{b} (in {spec})"))),
                None => broken.push(format!("{at}: the included {spec} is not there")),
            }
        }
        for target in link_targets(line) {
            if target.is_empty() || target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (path, fragment) = target.split_once('#').unwrap_or((&target, ""));
            let resolved =
                if path.is_empty() { file.to_path_buf() } else { normalize(&file.parent().unwrap().join(path)) };
            if !resolved.exists() {
                broken.push(format!("{at}: {target}: {} is not there", resolved.display()));
            } else if in_book && !resolved.starts_with(src()) {
                broken.push(format!("{at}: {target} is outside docs/src/, so not in the built book"));
            } else if !fragment.is_empty()
                && resolved.extension().is_some_and(|e| e == "md")
                && !anchors(&resolved).contains(fragment)
            {
                broken.push(format!("{at}: {target}: no heading makes the anchor #{fragment}"));
            }
        }
    }
    broken
}

/// Every relative link and include of the README and of the Markdown under
/// `docs/` leads somewhere: a file that is there, an anchor a heading makes.
#[test]
fn every_relative_link_resolves() {
    let mut files = vec![root().join("README.md")];
    files.extend(markdown_files(&root().join("docs")));
    let broken: Vec<String> = files.iter().flat_map(|f| broken_links(f, &read(f))).collect();
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

/// The checker finds what it is for: a missing file, a missing anchor, a
/// chapter's link out of the book and a missing include; it passes a good
/// link and skips code, fenced blocks and addresses.
#[test]
fn the_link_checker_finds_broken_links() {
    assert_eq!(link_targets("[a](b.md) and ![c](images/d.png#x) `[e](f)` <http://g>"), ["b.md", "images/d.png#x"]);
    assert_eq!(anchor("Comparing variants: `sowspec stats`"), "comparing-variants-sowspec-stats");
    let probe = "[fine](tour.md) [web](https://example.org/x.md)\n\
                 [gone](nowhere.md)\n\
                 [anchor](tour.md#no-such-heading)\n\
                 [out](../../README.md)\n\
                 {{#include ../nowhere.md}}\n\
                 ```\n[fenced](nowhere.md)\n```\n";
    let broken = broken_links(&src().join("probe.md"), probe);
    let lines: Vec<&str> = broken.iter().map(|b| &b[..b.find(": ").unwrap()]).collect();
    assert_eq!(
        lines,
        ["docs/src/probe.md:2", "docs/src/probe.md:3", "docs/src/probe.md:4", "docs/src/probe.md:5"],
        "{broken:#?}"
    );
    assert!(broken[1].ends_with("no heading makes the anchor #no-such-heading"), "{}", broken[1]);
    assert!(broken[2].ends_with("is outside docs/src/, so not in the built book"), "{}", broken[2]);
}

/// Every chapter under `docs/src/` is in `SUMMARY.md`, so none is built
/// without a way to reach it.
#[test]
fn every_chapter_is_in_the_table_of_contents() {
    let summary = read(&src().join("SUMMARY.md"));
    let listed: BTreeSet<String> = summary.lines().flat_map(link_targets).collect();
    for file in markdown_files(&src()) {
        let name = file.strip_prefix(src()).unwrap().to_str().unwrap().to_string();
        assert!(name == "SUMMARY.md" || listed.contains(&name), "docs/src/{name} is not in SUMMARY.md");
    }
}

/// The rules file each example of the boards chapter stands for: its
/// `board`, two seeds a hole, any occupied hole lifted (as the chapter says).
fn board_example_rules(board: &str) -> String {
    format!(
        "game \"Shape\" {{\n  {board}\n  setup {{ seeds 2 }}\n  sowing {{ direction counterclockwise; first_seed next; origin sown }}\n  moves {{ lift when count(origin) > 0; endless after 100 laps illegal }}\n  end {{ no_moves remaining to last_mover; winner most_captured }}\n}}\n"
    )
}

/// The fenced block of `lang` at or after `from` in `text`: its contents
/// and where it ends.
fn fenced<'a>(text: &'a str, lang: &str, from: usize) -> (&'a str, usize) {
    let open = format!("```{lang}\n");
    let start =
        from + text[from..].find(&open).unwrap_or_else(|| panic!("no ```{lang} block after {from}")) + open.len();
    let len = text[start..].find("```").expect("a closed block");
    (&text[start..start + len], start + len + 3)
}

/// Each example of the boards chapter (docs/src/boards.md) is what sowspec
/// does: its `board` checks, `check --explain` prints its drawing, and
/// after South's move the position's board is the JSON shown.
#[test]
fn the_boards_chapter_examples_are_true() {
    let text = read(&src().join("boards.md"));
    let dir = std::env::temp_dir().join(format!("sowspec-boards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut at = 0;
    let mut examples = 0;
    while let Some(k) = text[at..].find("```sowspec\n") {
        let (board, end) = fenced(&text, "sowspec", at + k);
        let (drawing, end) = fenced(&text, "text", end);
        let said = &text[end..];
        let mv = said["After South sows `".len() + said.find("After South sows `").expect("a move")..]
            .split('`')
            .next()
            .unwrap();
        let (json, end) = fenced(&text, "json", end);
        at = end;
        examples += 1;
        let rules = board_example_rules(board.trim());
        let path = dir.join("shape.rules");
        std::fs::write(&path, &rules).unwrap();
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_sowspec"))
            .args(["check", "--explain"])
            .arg(&path)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        let printed: String = stdout
            .lines()
            .skip_while(|l| !l.starts_with("  layout"))
            .take_while(|l| !l.starts_with("  kernel"))
            .map(|l| format!("{l}\n"))
            .collect();
        assert_eq!(printed, drawing, "{board}: the drawing differs from `check --explain`:\n{stdout}");
        let m = sowspec::Machine::new(sowspec::check(&rules).unwrap_or_else(|d| panic!("{board}: {d:#?}")));
        let hole = sowspec::Hole::from_letter(mv).unwrap_or_else(|| panic!("`{mv}` is no hole"));
        let pos = m.play(&m.initial(), hole).unwrap_or_else(|e| panic!("{board}: {mv}: {e}"));
        let doc = serde_json::to_value(sowspec::protocol::PositionDoc::of(&m, &pos)).unwrap();
        let shown: serde_json::Value = serde_json::from_str(json).unwrap_or_else(|e| panic!("{board}: {e}"));
        assert_eq!(doc["board"], shown, "{board}: the board after `{mv}`");
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(examples, 9, "one example a shape: rows 1 to 6, a circle, a track written out, a facing relation");
}
