//! Moves given as text (`c`, `c+`), as the command line and the
//! playground take them: parsed against the board and played, with errors
//! that say which move and why in a sentence.

use sowspec_core::protocol::PositionDoc;
use sowspec_core::trace::Event;
use sowspec_core::{Hole, Machine, Move, Position, Span};

/// Move `n` (1-based) of a list, given as `text`, parsed against `m`'s board.
///
/// # Errors
/// The text is empty or names no hole of the board; the message says so.
pub fn parse(m: &Machine, n: usize, text: &str) -> Result<Move, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err(format!("move {n} is empty: moves are hole letters separated by commas, like `a,c,f`"));
    }
    // Under territory a player's letters run on into the other row.
    let last = Hole::at(m.move_holes() - 1);
    Move::parse(text)
        .filter(|p| p.hole.index() < m.move_holes())
        .ok_or_else(|| illegal(n, text, &format!("`{text}` is not a hole of this board (holes are `a` to `{last}`)")))
}

/// Plays move `n`, given as `text`, from `pos`, recording its events.
///
/// # Errors
/// The move does not parse or is illegal; the message says why.
pub fn play(m: &Machine, pos: &Position, n: usize, text: &str, events: &mut Vec<Event>) -> Result<Position, String> {
    play_explained(m, pos, n, text, None, events)
}

/// [`play`], also recording how the rules declared within `why` (a line of
/// the rules file) were weighed, when it is given: `trace --why LINE`.
///
/// # Errors
/// The move does not parse or is illegal; the message says why.
pub fn play_explained(
    m: &Machine,
    pos: &Position,
    n: usize,
    text: &str,
    why: Option<Span>,
    events: &mut Vec<Event>,
) -> Result<Position, String> {
    let mv = parse(m, n, text)?;
    let played = match why {
        Some(about) => m.play_explained(pos, mv, about, events),
        None => m.play_traced(pos, mv, events),
    };
    played.map_err(|e| illegal(n, text.trim(), &e.reason.to_string()))
}

fn illegal(n: usize, text: &str, why: &str) -> String {
    format!("move {n} (`{text}`) is illegal: {why}")
}

/// The legal move of `pos` that leads to the position `next` describes
/// (its JSON protocol document, as `play --json` prints it), and the
/// position it leads to: how a game recorded as positions alone is replayed.
/// The first such move in the order of [`Machine::legal_moves`], if any.
pub fn leading_to(m: &Machine, pos: &Position, next: &PositionDoc) -> Option<(Move, Position)> {
    m.legal_moves(pos)
        .ok()?
        .into_iter()
        .find_map(|mv| m.play(pos, mv).ok().filter(|after| PositionDoc::of(m, after) == *next).map(|a| (mv, a)))
}
