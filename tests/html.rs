//! The HTML pages through the real binary: `trace --html` writes one
//! self-contained page, `conform --html` a report whose failures show their
//! boards; and, with Chromium, the trace page as a browser runs it.

mod support;

use std::path::Path;
use support::binary::{root, run};

/// The JSON the page embeds.
fn embedded_data(html: &str) -> serde_json::Value {
    let mark = "<script id=\"data\" type=\"application/json\">";
    let start = html.find(mark).expect("the embedded data") + mark.len();
    let end = start + html[start..].find("</script>").expect("the data's end");
    serde_json::from_str(&html[start..end]).expect("JSON")
}

/// No file the page needs lives elsewhere: no address in a `src`, `href` or
/// CSS `url(…)`, and no script or style loaded from a file.
fn assert_self_contained(html: &str) {
    for outside in ["src=\"http", "href=\"http", "src='http", "href='http", "url(http", "url(//", "src=\"//", "<link"] {
        assert!(!html.contains(outside), "the page refers to `{outside}…`");
    }
    assert!(!html.contains("<script src"), "scripts are inline");
}

fn trace_page(dir: &Path, rules: &str, moves: &str) -> String {
    let file = dir.join("trace.html");
    let r = run(&["trace", rules, "--moves", moves, "--html", file.to_str().unwrap()]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.starts_with("ply 1:"), "the text trace is printed as before");
    std::fs::read_to_string(file).unwrap()
}

#[test]
fn trace_html_is_one_self_contained_page() {
    let dir = tempfile::tempdir().unwrap();
    let html = trace_page(dir.path(), "rules/oware.rules", "c,f,b,e");
    assert_self_contained(&html);
    assert!(html.contains("<svg id=\"board\""), "the board is drawn as SVG");
    let data = embedded_data(&html);
    assert_eq!(data["file"], "rules/oware.rules");
    assert_eq!(data["rows"].as_array().unwrap().len(), 2);
    assert_eq!(data["moves"].as_array().unwrap().len(), 4);
    let steps = data["steps"].as_array().unwrap();
    assert!(steps.iter().any(|s| s["cite"]["line"].as_u64().is_some()), "steps cite the rules");
    // The last step is the position `play --json` reports after the moves.
    let r = run(&["play", "rules/oware.rules", "--moves", "c,f,b,e", "--json"]);
    let doc: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    let last = doc["positions"].as_array().unwrap().last().unwrap().clone();
    let cells = steps.last().unwrap()["board"]["cells"].as_array().unwrap().clone();
    let (south, north) = cells.split_at(6);
    assert_eq!(last["board"]["south"].as_array().unwrap(), south);
    assert_eq!(last["board"]["north"].as_array().unwrap(), north);
    assert_eq!(steps.last().unwrap()["board"]["held"], serde_json::json!([0, 3]), "North captured 3");
}

#[test]
fn trace_html_refuses_an_unwritable_file() {
    let r = run(&["trace", "rules/oware.rules", "--moves", "c", "--html", "no/such/dir/trace.html"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("cannot write no/such/dir/trace.html"), "{}", r.stderr);
}

#[test]
fn conform_html_shows_each_failure_with_its_boards_and_trace() {
    let dir = tempfile::tempdir().unwrap();
    let good = std::fs::read_to_string(root().join("fixtures/ayoayo/hand-01-relay-capture.yaml")).unwrap();
    let rules = root().join("rules/ayoayo.rules");
    let good = good.replace("../../rules/ayoayo.rules", rules.to_str().unwrap());
    std::fs::write(dir.path().join("good.yaml"), &good).unwrap();
    let bad = good.replace("\"south\": [0, 2, 0, 1, 0, 0]", "\"south\": [0, 2, 0, 0, 1, 0]");
    assert_ne!(bad, good);
    std::fs::write(dir.path().join("bad.yaml"), bad).unwrap();
    let out = dir.path().join("report");
    let r = run(&["conform", dir.path().to_str().unwrap(), "--html", out.to_str().unwrap()]);
    assert_eq!(r.code, 1, "{}", r.stdout);
    let html = std::fs::read_to_string(out.join("index.html")).unwrap();
    assert_self_contained(&html);
    assert!(html.contains("1 of 2 fixtures failed"), "{html}");
    assert!(html.contains("expected after ply 1") && html.contains("actual after ply 1"));
    assert_eq!(html.matches("class=\"diff\"").count(), 4, "S.d and S.e, in both boards");
    assert!(html.contains("trace of that move:"), "the text report follows");
    assert!(html.contains("passed (1 position)"));
}

/// The page as Chromium runs it: `#step=N` opens step N, whose text and
/// cited line the DOM then shows; a screenshot is kept as
/// `target/html/trace-step.png`.
///
/// Ignored by default: it needs Chromium (Debian's `chromium`, about a
/// minute to install), which CI does not have. Run it with
/// `cargo test --test html -- --ignored`.
#[test]
#[ignore = "needs chromium"]
fn chromium_opens_the_step_in_the_address() {
    let out = root().join("target/html");
    std::fs::create_dir_all(&out).unwrap();
    let html = trace_page(&out, "rules/oware.rules", "c,f,b,e");
    let data = embedded_data(&html);
    let step = &data["steps"][9];
    let url = format!("file://{}#step=9", out.join("trace.html").display());
    let chromium = |extra: &[&str]| {
        let mut args = vec!["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"];
        args.extend(["--no-first-run", "--window-size=1100,420"]);
        args.extend(extra);
        args.push(&url);
        std::process::Command::new("chromium").args(&args).output().expect("chromium runs")
    };
    let dom = String::from_utf8(chromium(&["--dump-dom"]).stdout).unwrap();
    assert!(dom.contains("data-step=\"9\""), "{dom}");
    let steps = data["steps"].as_array().unwrap().len() - 1;
    assert!(dom.contains(&format!("<p id=\"status\">step 9 of {steps}</p>")));
    let text = step["text"].as_str().unwrap().replace('>', "&gt;");
    assert!(dom.contains(&format!("<pre id=\"event\">{text}</pre>")), "{dom}");
    let line = step["cite"]["line"].as_u64().unwrap();
    assert!(dom.contains(&format!("rules/oware.rules:{line}")));
    assert!(dom.matches("<circle").count() == 12, "twelve holes drawn");
    let shot = out.join("trace-step.png");
    let _ = std::fs::remove_file(&shot);
    chromium(&[&format!("--screenshot={}", shot.display())]);
    assert!(shot.exists(), "the screenshot is written");
}
