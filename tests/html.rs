//! The HTML pages through the real binary: `trace --html` writes one
//! self-contained page, `conform --html` a report whose failures show their
//! boards; and, in headless Chromium, the trace page and the playground
//! as a browser runs them, clicked through.

mod support;

use std::path::Path;
use support::binary::{root, run};
use support::chromium::{browser_required, missing_browser, Browser, Tab};
use support::server::Server;

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
    // The facing relation as data: S.a (cell 0) faces N.f (cell 11), and back.
    assert_eq!(data["facing"][0], 11);
    assert_eq!(data["facing"][11], 0);
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

/// Without Chromium the browser tests pass, unless
/// `SOWSPEC_REQUIRE_BROWSER` is set to something other than `0`.
#[test]
fn a_browser_is_required_only_when_asked_for() {
    use std::ffi::OsStr;
    assert!(!browser_required(None));
    assert!(!browser_required(Some(OsStr::new(""))));
    assert!(!browser_required(Some(OsStr::new("0"))));
    assert!(browser_required(Some(OsStr::new("1"))));
    assert!(browser_required(Some(OsStr::new("yes"))));
}

/// A browser test that did not run says so by name, and says how to run
/// it; required, it says why it fails.
#[test]
fn a_missing_browser_is_reported_with_how_to_run_the_test() {
    let skipped = missing_browser("html::some_test", false);
    assert!(skipped.contains("html::some_test DID NOT RUN"), "{skipped}");
    assert!(skipped.contains("apt-get install -y chromium"), "{skipped}");
    assert!(skipped.contains("SOWSPEC_REQUIRE_BROWSER=1"), "{skipped}");
    let failed = missing_browser("html::some_test", true);
    assert!(failed.contains("html::some_test FAILED: SOWSPEC_REQUIRE_BROWSER is set"), "{failed}");
    assert!(failed.contains("apt-get install -y chromium"), "{failed}");
    assert!(failed.contains("Unset SOWSPEC_REQUIRE_BROWSER"), "{failed}");
}

/// Where the browser tests keep their screenshots (artifacts to look at,
/// not pixel snapshots): `target/html/`.
fn artifacts() -> std::path::PathBuf {
    let out = root().join("target/html");
    std::fs::create_dir_all(&out).unwrap();
    out
}

/// The trace page as Chromium runs it: `#step=N` opens step N, whose text
/// and cited line the DOM then shows; the step button (clicked with the
/// mouse) and the keys move on and back; `last` shows the position after
/// the moves. No errors in the console. The screenshot is kept as
/// `target/html/trace-step.png`. Without Chromium it passes unseen, saying
/// so (unless `SOWSPEC_REQUIRE_BROWSER` is set).
#[test]
fn chromium_steps_through_the_trace_page() {
    let Some(mut browser) = Browser::launch("html::chromium_steps_through_the_trace_page") else { return };
    let out = artifacts();
    let html = trace_page(&out, "rules/oware.rules", "c,f,b,e");
    let data = embedded_data(&html);
    let steps = data["steps"].as_array().unwrap();
    let n = steps.len() - 1;
    let mut tab = browser.open(&format!("file://{}#step=9", out.join("trace.html").display()));
    assert_eq!(tab.text("status"), format!("step 9 of {n}"));
    assert_eq!(tab.text("event"), steps[9]["text"].as_str().unwrap());
    let line = steps[9]["cite"]["line"].as_u64().unwrap();
    assert_eq!(tab.text("where"), format!("rules/oware.rules:{line}"));
    assert_eq!(tab.eval("document.querySelectorAll('#board circle').length"), 12, "twelve holes drawn");
    tab.click("#next");
    assert_eq!(tab.text("status"), format!("step 10 of {n}"));
    assert_eq!(tab.text("event"), steps[10]["text"].as_str().unwrap());
    assert_eq!(tab.eval("location.hash"), "#step=10", "the address follows");
    tab.key("ArrowLeft");
    tab.key("ArrowLeft");
    assert_eq!(tab.text("status"), format!("step 8 of {n}"));
    tab.key("ArrowRight");
    tab.screenshot(&out.join("trace-step.png"));
    tab.click("#last");
    assert_eq!(tab.text("status"), format!("step {n} of {n}"));
    // The holes show the last step's seeds: South's row at the bottom, left to right.
    let shown = tab.eval("[...document.querySelectorAll('#board circle')].map(c => Number(c.nextSibling.textContent))");
    let cells = steps[n]["board"]["cells"].as_array().unwrap();
    let mut expected: Vec<_> = cells[6..].iter().rev().cloned().collect();
    expected.extend(cells[..6].iter().cloned());
    assert_eq!(shown, serde_json::json!(expected));
    assert_eq!(tab.errors(), Vec::<String>::new(), "console errors");
}

/// A move with a decision inside it, made by clicking in the playground:
/// on a 2×3 board where a last seed into an empty hole of one's own row
/// takes the facing hole and then one more of the opponent's, chosen. By
/// hand: S.a's one seed falls into the empty S.b, facing N.b (1): taken;
/// then N.a (2) or N.c (3). The click on S.a asks for the choice and marks
/// those two holes; a click on N.c completes the move `a/N.c`: South holds
/// 1 + 3 = 4, North [2, 0, 0].
#[test]
fn chromium_makes_a_choice_in_the_playground() {
    let Some(mut browser) = Browser::launch("html::chromium_makes_a_choice_in_the_playground") else { return };
    let out = artifacts();
    let rules = out.join("one_more.rules");
    std::fs::write(
        &rules,
        "game \"One more\" {
  board { rows 2; holes 3; stores none }
  setup { seeds south [1, 0, 0] north [2, 1, 3] }
  sowing { direction counterclockwise; first_seed next; origin sown }
  on sowing_end when landing in mover_row and count(landing) == 1 and count(opposite(landing)) > 0 {
    capture opposite(landing) to mover
    choose hole where hole in opponent_row and count(hole) > 0 {
      capture hole to mover
    }
  }
  moves { lift when count(origin) > 0; endless after 100 laps illegal }
  end { no_moves remaining to last_mover; winner most_captured }
}
",
    )
    .unwrap();
    let server = Server::start(&[rules.to_str().unwrap()]);
    let mut tab = browser.open(&server.url());
    against_nobody(&mut tab);
    assert_eq!(tab.eval("document.querySelectorAll('#playboard circle.legal').length"), 1, "South's one hole");
    tab.click("#playboard circle[data-cell='S.a']");
    assert_eq!(tab.text("error"), "a: choose N.a, N.c");
    assert_eq!(marked(&mut tab, "choice"), "N.a N.c");
    tab.click("#playboard circle[data-cell='N.c']");
    tab.wait_for("document.body.dataset.ply === '1'", "the move with its choice");
    assert_eq!(tab.text("moves"), "a/N.c");
    assert_eq!(tab.text("turn"), "North to move");
    tab.screenshot(&out.join("playground-choice.png"));
    assert_eq!(tab.errors(), Vec::<String>::new(), "console errors");
}

/// The playground as Chromium runs it: the rules load into the editor and
/// check clean, a click on South's hole `c` plays it and the greedy
/// opponent answers, the trace panel steps through both moves, and a typo
/// typed into the editor is diagnosed as `check` would. No errors in the
/// console. The screenshots are kept as `target/html/playground.png` and
/// `playground-diagnostic.png`. Without Chromium it passes unseen, saying
/// so (unless `SOWSPEC_REQUIRE_BROWSER` is set).
#[test]
fn chromium_plays_in_the_playground() {
    let Some(mut browser) = Browser::launch("html::chromium_plays_in_the_playground") else { return };
    let out = artifacts();
    let server = Server::start(&["rules/oware.rules"]);
    let mut tab = browser.open(&server.url());
    tab.wait_for("document.body.dataset.ply === '0'", "the new game");
    assert_eq!(tab.eval("document.body.dataset.problems"), "0");
    assert!(tab.eval("document.getElementById('source').value").as_str().unwrap().starts_with("# Oware"));
    assert_eq!(tab.text("turn"), "South to move");
    assert_eq!(tab.eval("document.querySelectorAll('#playboard circle.legal').length"), 6, "South's six holes");
    tab.click("#playboard circle[data-cell='S.c']");
    tab.wait_for("document.body.dataset.ply === '2'", "South's move and North's reply");
    let moves = tab.text("moves");
    assert!(moves.starts_with("c,"), "{moves}");
    assert_eq!(tab.text("turn"), "South to move");
    // By hand: c's four seeds went to d, e, f and North's a.
    assert_eq!(tab.text("move"), "before the first move");
    tab.click("#next");
    assert_eq!(tab.text("move"), "move 1: South plays c");
    tab.click("#last");
    assert!(tab.text("move").starts_with("move 2: North plays "));
    tab.screenshot(&out.join("playground.png"));
    // A hole of North's is not South's to play.
    tab.click("#playboard circle[data-cell='N.a']");
    assert!(tab.text("error").starts_with("N.a is not a legal move now"));
    // Typing a typo: the diagnostics of `check`, with its did-you-mean.
    tab.eval(
        "(() => { const s = document.getElementById('source'); s.value = s.value.replace('game \"', 'gme \"'); \
         s.dispatchEvent(new Event('input')); })()",
    );
    tab.wait_for("document.body.dataset.problems !== '0'", "the diagnostics");
    let first = tab.eval("document.querySelector('#diagnostics li').textContent");
    assert!(first.as_str().unwrap().contains("did you mean `game`"), "{first}");
    tab.screenshot(&out.join("playground-diagnostic.png"));
    assert_eq!(tab.errors(), Vec::<String>::new(), "console errors");
}

/// The holes' centres in `svg` as `[name, x, y]`, in the order drawn.
fn centres(tab: &mut Tab<'_>, svg: &str) -> Vec<(String, f64, f64)> {
    let v = tab.eval(&format!(
        "[...document.querySelectorAll('{svg} circle')].map((c) => [c.dataset.cell, Number(c.getAttribute('cx')), Number(c.getAttribute('cy'))])"
    ));
    let all = v.as_array().unwrap().iter();
    all.map(|c| (c[0].as_str().unwrap().to_string(), c[1].as_f64().unwrap(), c[2].as_f64().unwrap())).collect()
}

/// A circle drawn round and a wide board folded, on trace pages. Sat Gol's
/// seven holes (`circle 7`) stand at one distance from their centre, `a`
/// lowest (nearest South's seat), and each next letter a seventh of a turn
/// further counterclockwise as seen on the screen. En Gehe's 2 × 40 is
/// folded into blocks of 16 columns (16, 16, 8), so that the page is no
/// wider than the window. Screenshots: `target/html/trace-circle.png`,
/// `trace-folded.png`.
#[test]
fn chromium_draws_a_circle_round_and_folds_a_wide_board() {
    let Some(mut browser) = Browser::launch("html::chromium_draws_a_circle_round_and_folds_a_wide_board") else {
        return;
    };
    let out = artifacts();
    trace_page(&out, "rules/sat_gol.rules", "c");
    std::fs::rename(out.join("trace.html"), out.join("trace-circle.html")).unwrap();
    let mut tab = browser.open(&format!("file://{}", out.join("trace-circle.html").display()));
    let holes = centres(&mut tab, "#board");
    let names: Vec<_> = holes.iter().map(|h| h.0.as_str()).collect();
    assert_eq!(names, ["a", "b", "c", "d", "e", "f", "g"]);
    let (cx, cy) = (holes.iter().map(|h| h.1).sum::<f64>() / 7.0, holes.iter().map(|h| h.2).sum::<f64>() / 7.0);
    // Angles as a mathematician reads them (y up): counterclockwise is increasing.
    let angle = |h: &(String, f64, f64)| (cy - h.2).atan2(h.1 - cx).to_degrees();
    let radius = |h: &(String, f64, f64)| (h.1 - cx).hypot(h.2 - cy);
    assert!((angle(&holes[0]) + 90.0).abs() < 1e-6, "a at the bottom: {holes:?}");
    for pair in holes.windows(2) {
        assert!((radius(&pair[0]) - radius(&pair[1])).abs() < 1e-6, "on one circle: {holes:?}");
        let turn = (angle(&pair[1]) - angle(&pair[0])).rem_euclid(360.0);
        assert!((turn - 360.0 / 7.0).abs() < 1e-6, "{} to {}: {turn}°", pair[0].0, pair[1].0);
    }
    let letters = tab.eval("[...document.querySelectorAll('#board text.letter')].map((t) => t.textContent).join(' ')");
    assert_eq!(letters, "N holds S holds a b c d e f g");
    tab.screenshot(&out.join("trace-circle.png"));
    assert_eq!(tab.errors(), Vec::<String>::new(), "console errors");

    trace_page(&out, "rules/en_gehe.rules", "a");
    let mut tab = browser.open(&format!("file://{}", out.join("trace.html").display()));
    let holes = centres(&mut tab, "#board");
    assert_eq!(holes.len(), 80);
    let xs: std::collections::BTreeSet<_> = holes.iter().map(|h| h.1 as i64).collect();
    let ys: std::collections::BTreeSet<_> = holes.iter().map(|h| h.2 as i64).collect();
    assert_eq!((xs.len(), ys.len()), (16, 6), "16 columns, three blocks of two rows");
    let wide = tab.eval("document.getElementById('board').getBoundingClientRect().right <= window.innerWidth");
    assert_eq!(wide, true, "the board fits the window");
    tab.screenshot(&out.join("trace-folded.png"));
    assert_eq!(tab.errors(), Vec::<String>::new(), "console errors");
}

/// Sets the playground's opponent to nobody, and waits for the new game.
fn against_nobody(tab: &mut Tab<'_>) {
    tab.wait_for("document.body.dataset.ply === '0'", "the new game");
    // The ply mark is cleared first, so that the wait below sees the answer to
    // this change and not the first game's (a late answer would redraw the board).
    tab.eval("(() => { delete document.body.dataset.ply; const o = document.getElementById('opponent'); o.value = ''; o.dispatchEvent(new Event('change')); })()");
    tab.wait_for("document.body.dataset.ply === '0'", "the game against nobody");
}

/// The names of the holes marked `class` on the playground's board, sorted.
fn marked(tab: &mut Tab<'_>, class: &str) -> String {
    let names = tab.eval(&format!(
        "[...document.querySelectorAll('#playboard circle.{class}')].map((c) => c.dataset.cell).sort().join(' ')"
    ));
    names.as_str().unwrap().to_string()
}

/// The moves the playground's menu offers, as `data-move` (in order) and their words.
fn offered(tab: &mut Tab<'_>) -> (String, String) {
    let moves = tab.eval("[...document.querySelectorAll('#ask button')].map((b) => b.dataset.move).join(' ')");
    let words = tab.eval("[...document.querySelectorAll('#ask button')].map((b) => b.textContent).join('; ')");
    (moves.as_str().unwrap().to_string(), words.as_str().unwrap().to_string())
}

/// A circle played by clicking (Sat Gol: any hole may start the game; its
/// holes are named `a` to `g`, nobody's). A click on `c` plays `c`.
#[test]
fn chromium_plays_a_circle_in_the_playground() {
    let Some(mut browser) = Browser::launch("html::chromium_plays_a_circle_in_the_playground") else { return };
    let out = artifacts();
    let server = Server::start(&["rules/sat_gol.rules"]);
    let mut tab = browser.open(&server.url());
    against_nobody(&mut tab);
    assert_eq!(marked(&mut tab, "legal"), "a b c d e f g");
    tab.click("#playboard circle[data-cell='c']");
    tab.wait_for("document.body.dataset.ply === '1'", "the move");
    assert_eq!(tab.text("moves"), "c");
    tab.screenshot(&out.join("playground-circle.png"));
    assert_eq!(tab.errors(), Vec::<String>::new(), "console errors");
}

/// Placements by clicking (tests/data/playground/placements.rules: a seed
/// in each hand, placed into a non-empty hole of one's own, or a hole of two
/// or more lifted). By hand: South may place into S.a, S.b, S.d and lift
/// S.a. A click on S.b can only place: `*b` (S.b 2; the facing N.c is
/// empty, nothing taken). North's N.a (2 seeds) may be lifted or placed
/// into: the click asks, and *place* plays `*a` (N.a 3, not 2: nothing
/// taken); both hands are then empty. Under `direction chosen`, South's
/// S.b is placed into either way (`*b+`, `*b-`) and S.a lifted or placed
/// into either way: the menu offers them in `legal`'s order.
#[test]
fn chromium_places_seeds_in_the_playground() {
    let Some(mut browser) = Browser::launch("html::chromium_places_seeds_in_the_playground") else { return };
    let out = artifacts();
    let server = Server::start(&["tests/data/playground/placements.rules"]);
    let mut tab = browser.open(&server.url());
    against_nobody(&mut tab);
    assert_eq!(tab.text("turn"), "South to move (in hand: South 1, North 1)");
    let hands = tab.eval("[...document.querySelectorAll('#playboard text.hand')].map((t) => t.textContent).join(' ')");
    assert_eq!(hands, "hand 1 hand 1");
    assert_eq!(marked(&mut tab, "legal"), "S.a S.b S.d");
    tab.click("#playboard circle[data-cell='S.b']");
    tab.wait_for("document.body.dataset.ply === '1'", "the placement");
    assert_eq!(tab.text("moves"), "*b");
    assert_eq!(tab.text("turn"), "North to move (in hand: South 0, North 1)");
    let sb = tab.eval("document.querySelector(\"#playboard circle[data-cell='S.b']\").nextSibling.textContent");
    assert_eq!(sb, "2");
    tab.click("#playboard circle[data-cell='N.a']");
    assert_eq!(tab.text("error"), "N.a: which move?");
    assert_eq!(offered(&mut tab), ("a *a".to_string(), "lift a; place a seed in a".to_string()));
    tab.screenshot(&out.join("playground-place.png"));
    tab.click("#ask button[data-move='*a']");
    tab.wait_for("document.body.dataset.ply === '2'", "the placement chosen");
    assert_eq!(tab.text("moves"), "*b,*a");
    assert_eq!(tab.text("turn"), "South to move (in hand: South 0, North 0)");
    assert_eq!(tab.eval("document.getElementById('ask').hidden"), true, "the menu goes");
    // Under a chosen direction.
    tab.eval(
        "(() => { delete document.body.dataset.ply; const s = document.getElementById('source'); \
         s.value = s.value.replace('direction counterclockwise', 'direction chosen'); s.dispatchEvent(new Event('input')); })()",
    );
    tab.wait_for("document.body.dataset.ply === '0'", "the game under a chosen direction");
    tab.click("#playboard circle[data-cell='S.b']");
    assert_eq!(offered(&mut tab).0, "*b+ *b-");
    tab.click("#playboard circle[data-cell='S.a']");
    let (moves, words) = offered(&mut tab);
    assert_eq!(moves, "a+ *a+ a- *a-");
    assert_eq!(
        words,
        "lift a, sow + (with the track); place a seed in a, sow + (with the track); \
         lift a, sow − (against it); place a seed in a, sow − (against it)"
    );
    tab.click("#ask button[data-move='*a-']");
    tab.wait_for("document.body.dataset.ply === '1'", "the placement sown against the track");
    assert_eq!(tab.text("moves"), "*a-");
    assert_eq!(tab.errors(), Vec::<String>::new(), "console errors");
}
