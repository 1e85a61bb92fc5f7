//! `sowspec serve` through HTTP: the real binary started on a free port of
//! 127.0.0.1, driven through its API as the page drives it, and fed the
//! bad input a page may send (bodies too large, JSON that is not, rules
//! that cycle or ask for too much work), which it answers at once with an
//! error that says what was wrong.

mod support;

use serde_json::json;
use support::server::Server;

const OWARE: &str = include_str!("../rules/oware.rules");

/// Six holes a side, four seeds each; the last seed of every lap relays the
/// hole it fell in, which is never empty then: no sowing ever ends.
fn cycling(laps: u32) -> String {
    format!(
        "game \"Cycle\" {{
  board {{ rows 2; holes 6; stores none }}
  setup {{ seeds 4 }}
  sowing {{ direction counterclockwise; first_seed next; origin sown; relay lift landing when count(landing) > 0 }}
  moves {{ lift when count(origin) > 0; endless after {laps} laps illegal }}
  end {{ no_moves remaining to owner; winner most_captured }}
}}
"
    )
}

#[test]
fn the_page_and_the_rules_it_offers() {
    let server = Server::start(&["rules/oware.rules"]);
    let page = server.request("GET", "/", b"", None);
    assert_eq!(page.status, 200);
    assert!(page.content_type.starts_with("text/html"), "{}", page.content_type);
    assert!(page.body.contains("<textarea id=\"source\""), "the editor");
    assert!(page.body.contains("<svg id=\"playboard\""), "the board to play on");
    assert!(page.body.contains("<svg id=\"board\""), "the trace's board");
    assert!(!page.body.contains("src=\"http") && !page.body.contains("<link"), "nothing is loaded from elsewhere");
    let files = server.request("GET", "/api/rules", b"", None).json();
    assert_eq!(files[0]["file"], "rules/oware.rules");
    assert_eq!(files[0]["text"], OWARE);
    assert_eq!(server.request("GET", "/nowhere", b"", None).status, 404);
    assert_eq!(server.request("DELETE", "/api/play", b"", None).status, 405);
}

#[test]
fn check_gives_the_diagnostics_of_check() {
    let server = Server::start(&[]);
    let ok = server.post("/api/check", &json!({ "source": OWARE, "file": "oware.rules" }));
    assert_eq!(ok.status, 200);
    assert_eq!(ok.json()["diagnostics"], json!([]));
    assert_eq!(ok.json()["summary"], "no problems");
    let typo = OWARE.replacen("game \"", "gme \"", 1);
    let bad = server.post("/api/check", &json!({ "source": typo, "file": "mine.rules" })).json();
    let d = &bad["diagnostics"][0];
    assert_eq!(d["code"], "sowspec::unknown-word", "{bad}");
    assert_eq!(d["file"], "mine.rules");
    let line = typo.lines().position(|l| l.starts_with("gme ")).unwrap() + 1;
    assert_eq!((d["line"].as_u64(), d["column"].as_u64()), (Some(line as u64), Some(1)));
    assert!(d["help"].as_str().unwrap().contains("game"), "did you mean");
    assert!(bad["rendered"].as_str().unwrap().contains("mine.rules"), "rendered as `check` prints it");
    assert_eq!(
        bad["summary"],
        format!(
            "{} problem{}",
            bad["diagnostics"].as_array().unwrap().len(),
            if bad["diagnostics"].as_array().unwrap().len() == 1 { "" } else { "s" }
        )
    );
}

/// Placements through the API (tests/data/playground/placements.rules): the
/// legal moves name their holes (South's `a` twice, lifted and placed into),
/// and the trace's boards carry both hands. By hand: `*b` takes South's one
/// seed (S.b 1 → 2), leaving South's hand empty and North's at 1.
#[test]
fn placements_name_their_holes_and_the_hands_show() {
    let server = Server::start(&[]);
    let source =
        std::fs::read_to_string(support::binary::root().join("tests/data/playground/placements.rules")).unwrap();
    let start = server.post("/api/play", &json!({ "source": source })).json();
    assert_eq!(start["legal"], json!(["a", "*a", "*b", "*d"]));
    assert_eq!(start["cells"], json!([0, 0, 1, 3]));
    assert_eq!(start["trace"]["hands"], true);
    assert_eq!(start["trace"]["steps"][0]["board"]["hand"], json!([1, 1]));
    let game = server.post("/api/play", &json!({ "source": source, "moves": ["*b"] })).json();
    assert_eq!(game["to_move"], "North");
    assert_eq!(game["cells"], json!([4, 4, 5, 7]), "North's a (lifted, placed into), b, d");
    let steps = game["trace"]["steps"].as_array().unwrap();
    assert_eq!(steps[1]["board"]["hand"], json!([0, 1]), "the seed leaves the hand as it is placed");
    assert_eq!(steps.last().unwrap()["board"]["hand"], json!([0, 1]));
    assert_eq!(steps.last().unwrap()["board"]["cells"][1], 2);
}

#[test]
fn a_move_and_the_opponents_reply() {
    let server = Server::start(&[]);
    let start = server.post("/api/play", &json!({ "source": OWARE })).json();
    assert_eq!(start["moves"], json!([]));
    assert_eq!(start["to_move"], "South");
    assert_eq!(start["legal"], json!(["a", "b", "c", "d", "e", "f"]));
    assert_eq!(start["cells"], json!([0, 1, 2, 3, 4, 5]), "the hole each legal move names");
    assert_eq!(start["trace"]["steps"].as_array().unwrap().len(), 1, "the start position alone");
    assert_eq!((&start["trace"]["circle"], &start["trace"]["hands"]), (&json!(false), &json!(false)));

    let r = server.post("/api/play", &json!({ "source": OWARE, "moves": ["c"], "opponent": { "kind": "greedy" } }));
    assert_eq!(r.status, 200, "{}", r.body);
    let game = r.json();
    let moves = game["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 2, "South's move and North's reply: {game}");
    assert_eq!(moves[0], "c");
    assert_eq!(game["to_move"], "South");
    let trace = &game["trace"];
    assert_eq!(trace["moves"][0], json!({ "mover": "South", "mv": "c" }));
    assert_eq!(trace["moves"][1]["mover"], "North");
    // By hand: South lifts c's four seeds and sows d, e, f and North's a.
    let steps = trace["steps"].as_array().unwrap();
    let after_c = steps.iter().find(|s| s["text"] == "after move 1: South played c").expect("the step after c");
    assert_eq!(after_c["board"]["cells"], json!([4, 4, 0, 5, 5, 5, 5, 4, 4, 4, 4, 4]));
    // The board now is the one `play --json` reaches with the same moves.
    let reply = moves[1].as_str().unwrap();
    let cli = support::binary::run(&["play", "rules/oware.rules", "--moves", &format!("c,{reply}"), "--json"]);
    let last = serde_json::from_str::<serde_json::Value>(&cli.stdout).unwrap()["positions"][2].clone();
    let now = &steps.last().unwrap()["board"]["cells"];
    let mut expected = last["board"]["south"].as_array().unwrap().clone();
    expected.extend(last["board"]["north"].as_array().unwrap().iter().cloned());
    assert_eq!(now, &json!(expected));

    // The same request gets the same answer, random opponent included.
    let random = json!({ "source": OWARE, "moves": ["c"], "opponent": { "kind": "random", "seed": 7 } });
    assert_eq!(server.post("/api/play", &random).body, server.post("/api/play", &random).body);
    // Playing North, the opponent opens.
    let north = server
        .post("/api/play", &json!({ "source": OWARE, "human": "north", "opponent": { "kind": "search", "depth": 2 } }))
        .json();
    assert_eq!(north["moves"].as_array().unwrap().len(), 1);
    assert_eq!(north["to_move"], "North");
}

#[test]
fn illegal_moves_and_rules_with_problems_are_explained() {
    let server = Server::start(&[]);
    let r = server.post("/api/play", &json!({ "source": OWARE, "moves": ["c", "z"] }));
    assert_eq!(r.status, 422);
    assert!(r.json()["error"].as_str().unwrap().starts_with("move 2 (`z`) is illegal"), "{}", r.body);
    let r = server.post("/api/play", &json!({ "source": "gme", "moves": [] }));
    assert_eq!(r.status, 422);
    assert!(r.json()["error"].as_str().unwrap().contains("fix them first"), "{}", r.body);
    assert!(!r.json()["diagnostics"].as_array().unwrap().is_empty());
    let r = server.post("/api/play", &json!({ "source": OWARE, "opponent": { "kind": "search", "depth": 40 } }));
    assert_eq!(r.status, 422);
    assert!(r.body.contains("searches 1 to 6 plies deep"), "{}", r.body);
}

#[test]
fn the_trace_of_the_whole_game_is_the_trace_page() {
    let server = Server::start(&[]);
    let r = server
        .post("/api/trace", &json!({ "source": OWARE, "file": "rules/oware.rules", "moves": ["c", "f", "b", "e"] }));
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(r.content_type.starts_with("text/html"));
    let cli = support::binary::run(&["trace", "rules/oware.rules", "--moves", "c,f,b,e", "--html", "/dev/stdout"]);
    let page = cli.stdout.split_once("<!DOCTYPE html>").map(|(_, p)| format!("<!DOCTYPE html>{p}")).unwrap();
    assert_eq!(r.body, page, "the page `trace --html` writes");
}

#[test]
fn bad_requests_get_a_status_and_a_message() {
    let server = Server::start(&[]);
    let r = server.request("POST", "/api/check", b"{\"source\": ", None);
    assert_eq!(r.status, 400);
    assert!(r.json()["error"].as_str().unwrap().starts_with("the request is not the JSON expected"), "{}", r.body);
    let r = server.post("/api/play", &json!({ "source": OWARE, "moves": "c" }));
    assert_eq!(r.status, 400, "{}", r.body);
    let r = server.post("/api/check", &json!({ "source": OWARE, "sauce": 1 }));
    assert_eq!(r.status, 400, "unknown fields are refused: {}", r.body);
    // Declared too large: refused before the body is read.
    let r = server.request("POST", "/api/check", b"{}", Some(64 << 20));
    assert_eq!(r.status, 413);
    // Sent too large.
    let big = format!("{{\"source\": \"{}\"}}", "x".repeat(3 << 20));
    let r = server.request("POST", "/api/check", big.as_bytes(), None);
    assert_eq!(r.status, 413);
    assert!(r.json()["error"].as_str().unwrap().contains("larger than"), "{}", r.body);
    // A rules file past the command line's 1 MiB gets `check`'s diagnostic.
    let long = format!("{OWARE}{}", "#".repeat(1 << 20));
    let r = server.post("/api/check", &json!({ "source": long })).json();
    assert!(r["diagnostics"][0]["message"].as_str().unwrap().contains("at most 1048576"), "{r}");
    let moves: Vec<&str> = vec!["a"; 2_001];
    let r = server.post("/api/play", &json!({ "source": OWARE, "moves": moves }));
    assert_eq!(r.status, 422);
    assert!(r.body.contains("at most 2000"), "{}", r.body);
}

#[test]
fn cycling_rules_get_a_bounded_answer_at_once() {
    let server = Server::start(&[]);
    // At a lap limit of a million, even the first moves may sow more than a request's bound.
    let r = server.post("/api/play", &json!({ "source": cycling(1_000_000), "moves": ["a"] }));
    assert_eq!(r.status, 422, "{}", r.body);
    let error = r.json()["error"].as_str().unwrap().to_string();
    assert!(error.starts_with("finding the first moves could sow up to 336000336 seeds"), "{error}");
    assert!(error.contains("endless after N laps"), "{error}");
    // At 100 laps every move is judged endless, and so illegal: nobody can move.
    let r = server.post("/api/play", &json!({ "source": cycling(100), "moves": [] }));
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["legal"], json!([]));
    let r = server.post("/api/play", &json!({ "source": cycling(100), "moves": ["a"] }));
    assert_eq!(r.status, 422);
    // A deep search on a board of relays is refused before it starts.
    let ayoayo = include_str!("../rules/ayoayo.rules");
    let r = server.post(
        "/api/play",
        &json!({ "source": ayoayo, "human": "north", "opponent": { "kind": "search", "depth": 6 } }),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(r.body.contains("a search 6 plies deep could sow up to"), "{}", r.body);
    assert!(r.body.contains("choose a shallower search"), "{}", r.body);
}

/// `--site`: the folder `web/build` makes is served as files (the API
/// still answers), and no path reaches outside it.
#[test]
fn a_built_site_is_served_from_its_folder() {
    let site = tempfile::tempdir().unwrap();
    std::fs::write(site.path().join("index.html"), "<p>the static playground</p>").unwrap();
    std::fs::create_dir(site.path().join("data")).unwrap();
    std::fs::write(site.path().join("data/x.wasm"), b"\0asm").unwrap();
    let dir = site.path().to_str().unwrap();
    let server = Server::start(&["--site", dir, "rules/oware.rules"]);
    let page = server.request("GET", "/", b"", None);
    assert_eq!((page.status, page.body.as_str()), (200, "<p>the static playground</p>"));
    assert!(page.content_type.starts_with("text/html"), "{}", page.content_type);
    let wasm = server.request("GET", "/data/x.wasm?v=1", b"", None);
    assert_eq!((wasm.status, wasm.content_type.as_str()), (200, "application/wasm"));
    assert_eq!(server.request("GET", "/api/rules", b"", None).json()[0]["file"], "rules/oware.rules");
    for outside in ["/../Cargo.toml", "/data/../../Cargo.toml", "/%2e%2e/Cargo.toml", "/nowhere.js"] {
        assert_eq!(server.request("GET", outside, b"", None).status, 404, "{outside}");
    }
    let empty = tempfile::tempdir().unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_sowspec"))
        .args(["serve", "--port", "0", "--site", empty.path().to_str().unwrap()])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no index.html"), "{out:?}");
}

/// A round laid out by a player (`refill … chosen`): after these 48 moves
/// round 1 is over and South, who fills 3 of their 4 holes, lays round 2
/// out: the answer's legal moves are South's four layouts alone, which the
/// page shows as buttons; `=a.c.d` fills S.a, S.c and S.d and South, the
/// starter, lifts one of them.
#[test]
fn a_round_to_lay_out_offers_its_layouts() {
    let server = Server::start(&[]);
    let source = "game \"Laid out\" {
  board { rows 2; holes 4; stores none }
  setup { seeds 4 }
  sowing { direction counterclockwise; first_seed next; origin sown }
  on sowing_end when count(landing) == 2 or count(landing) == 3 { capture landing to mover }
  moves { lift when count(origin) > 0; endless after 100 laps illegal }
  end { no_moves remaining to owner; winner most_captured }
  match { refill 4 per hole from right chosen; starter loser; match_end below 4 }
}";
    let mut moves: Vec<&str> =
        "d,d,a,b,c,d,b,c,d,b,a,d,a,b,d,a,d,c,c,b,b,c,d,a,c,d,a,b,c,c,b,d,c,a,a,b,b,c,c,d,d,b,c,d,b,a,c,b"
            .split(',')
            .collect();
    let game = server.post("/api/play", &json!({ "source": source, "moves": moves })).json();
    assert_eq!(game["to_move"], "South");
    assert_eq!(game["legal"], json!(["=a.b.c", "=a.b.d", "=a.c.d", "=b.c.d"]));
    moves.push("=a.c.d");
    let game = server.post("/api/play", &json!({ "source": source, "moves": moves })).json();
    assert_eq!(game["legal"], json!(["a", "c", "d"]));
}
