use super::*;
use sowspec_core::check;

fn machine(source: &str) -> Machine {
    Machine::new(check(source).expect("the rules check"))
}

fn bundled(name: &str) -> String {
    let path = format!("{}/rules/{name}.rules", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path).expect("a bundled rules file")
}

/// Four rows of two holes, one seed each, captures of the facing inner and outer holes.
const FOUR_ROWS: &str = "game \"four\" {
  board { rows 4; holes 2; stores none }
  setup { seeds 1 }
  sowing { direction counterclockwise; first_seed next; origin sown }
  on sowing_end when landing in mover_inner_row and count(opposite(landing)) > 0 {
    capture opposite(landing) to mover
    capture outer(opposite(landing)) to mover
  }
  moves {
    lift when count(origin) > 0
    endless after 100 laps illegal
  }
  end { no_moves remaining to owner; winner most_captured }
}";

/// Whether an event changes the board in ways its fields do not say.
fn opaque(kind: &EventKind) -> bool {
    matches!(
        kind,
        EventKind::Forfeit
            | EventKind::Award { .. }
            | EventKind::Refill { .. }
            | EventKind::Layout { .. }
            | EventKind::RoundEnd { .. }
            | EventKind::RoundStart { .. }
    )
}

/// Plays the first legal move `plies` times (or until the game ends),
/// checking after each move that the board the events lead to is the
/// machine's position; returns the trace and how many moves were checked.
fn check_moves(m: &Machine, source: &str, plies: usize) -> (Trace, usize) {
    let mut pos = m.initial();
    let mut page = Builder::new(m, "x.rules", source, &pos);
    let mut checked = 0;
    for ply in 0..plies {
        // A varied game: the legal move at a rotating index.
        let legal: Vec<_> = pos.legal_moves().collect();
        let Some(&mv) = legal.get(ply * 7 % legal.len().max(1)) else { break };
        let mover = pos.to_move().expect("a game in progress has a mover");
        let mut events = Vec::new();
        let after = m.play_traced(&pos, mv, &mut events).expect("a legal move");
        page.add_move(mover, &mv.to_string(), &events, &after);
        let steps = &page.trace.steps;
        let (derived, last) = (&steps[steps.len() - 2], &steps[steps.len() - 1]);
        assert_eq!(last.board, Board::of(m, &after), "the last step of a move is the position after it");
        if !events.iter().any(|e| opaque(&e.kind)) {
            assert_eq!(derived.board, last.board, "ply {}: the events lead to the position", ply + 1);
            checked += 1;
        }
        pos = after;
    }
    (page.finish(), checked)
}

#[test]
fn the_events_of_each_move_lead_to_the_position_after_it() {
    for name in ["kalah", "oware", "toguz_kumalak", "bohnenspiel", "congkak"] {
        let source = bundled(name);
        let (trace, checked) = check_moves(&machine(&source), &source, 60);
        assert!(checked > 10, "{name}: only {checked} moves checked");
        assert!(trace.steps.iter().any(|s| s.text.starts_with("capture")), "{name}: a capture is traced");
    }
}

/// Placements (tests/data/playground/placements.rules: a seed in each
/// hand): each seed placed leaves its player's hand in the step that places
/// it, and the events still lead to the position, hands included.
#[test]
fn a_placement_takes_its_seed_from_the_hand() {
    let path = format!("{}/tests/data/playground/placements.rules", env!("CARGO_MANIFEST_DIR"));
    let source = std::fs::read_to_string(path).expect("the test rules");
    let m = machine(&source);
    let (trace, checked) = check_moves(&m, &source, 20);
    assert!(checked > 2, "only {checked} moves checked");
    assert!(trace.hands && !trace.circle);
    assert_eq!(trace.steps[0].board.hand, [1, 1]);
    let placed = trace.steps.iter().position(|s| s.text.starts_with("place ")).expect("a placement");
    assert_eq!(trace.steps[placed - 1].board.hand[0] + trace.steps[placed - 1].board.hand[1], 2);
    assert_eq!(trace.steps[placed].board.hand[0] + trace.steps[placed].board.hand[1], 1);
}

/// A circle says so, for the page to draw it round.
#[test]
fn a_circle_is_marked_as_one() {
    let source = bundled("sat_gol");
    let m = machine(&source);
    let trace = Builder::new(&m, "x.rules", &source, &m.initial()).finish();
    assert!(trace.circle && !trace.hands);
    assert_eq!(trace.rows.iter().flatten().count(), 7);
}

#[test]
fn four_rows_are_drawn_outer_inner_inner_outer() {
    let m = machine(FOUR_ROWS);
    let (trace, checked) = check_moves(&m, FOUR_ROWS, 6);
    assert!(checked > 0);
    assert_eq!(trace.rows, vec![vec![5, 4], vec![6, 7], vec![3, 2], vec![0, 1]]);
    assert_eq!(trace.names[6], "N.c");
}

#[test]
fn each_step_cites_its_rules_line() {
    let source = bundled("kalah");
    let m = machine(&source);
    let start = m.initial();
    let mut page = Builder::new(&m, "kalah.rules", &source, &start);
    let mut events = Vec::new();
    let mv = start.legal_moves().next().expect("a legal move");
    let after = m.play_traced(&start, mv, &mut events).expect("legal");
    page.add_move(Player::South, "a", &events, &after);
    let trace = page.finish();
    assert_eq!(trace.steps.len(), events.len() + 2, "the start, one step per event, the position after");
    assert_eq!(trace.steps[1].focus, Some(0), "the lift is of S.a");
    assert!(trace.steps[1].hand > 0);
    for (step, e) in trace.steps[1..].iter().zip(&events) {
        let Some(span) = e.span else { continue };
        let cite = step.cite.as_ref().expect("a cited step");
        assert_eq!(cite.line, span.line_col(&source).0);
        assert!(source.lines().nth(cite.line - 1).unwrap().contains(cite.text.as_str()));
    }
}

#[test]
fn a_long_move_is_cut_and_still_ends_at_the_position() {
    let source = bundled("kalah");
    let m = machine(&source);
    let start = m.initial();
    let mut events = Vec::new();
    let after = m.play_traced(&start, start.legal_moves().next().unwrap(), &mut events).unwrap();
    // The same events over and over: far more than a move may show.
    let many: Vec<Event> = events.iter().cycle().take(MAX_STEPS_PER_MOVE * 2).cloned().collect();
    let mut page = Builder::new(&m, "kalah.rules", &source, &start);
    page.add_move(Player::South, "a", &many, &after);
    let trace = page.finish();
    assert_eq!(trace.steps.len(), MAX_STEPS_PER_MOVE + 3);
    assert!(trace.steps[trace.steps.len() - 2].text.contains("stops after"));
    assert_eq!(trace.steps.last().unwrap().board, Board::of(&m, &after));
}

#[test]
fn the_page_is_self_contained_and_its_data_cannot_close_the_script() {
    let source = "# </script><!-- <script>alert(1)</script>\n".to_string() + &bundled("kalah");
    let m = machine(&source);
    let start = m.initial();
    let mut page = Builder::new(&m, "</script>.rules", &source, &start);
    let mut events = Vec::new();
    let after = m.play_traced(&start, start.legal_moves().next().unwrap(), &mut events).unwrap();
    page.add_move(Player::South, "a", &events, &after);
    let html = html(&page.finish());
    assert_eq!(html.matches("</script>").count(), 2, "the data's and the script's own");
    assert!(!html.contains("src=\"http") && !html.contains("href=\"http"));
    assert!(html.contains("<svg id=\"board\""));
    assert!(!html.contains("<!--"), "no comment is opened");
}
