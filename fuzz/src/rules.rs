//! The `rules` target: the rules parser and checker on arbitrary bytes
//! (read as UTF-8, lossily).

use super::sound::assert_sound;
use sowspec_core::diagnostic::Span;
use sowspec_core::Machine;

/// Plies a checked file is played for: enough to reach captures, relays
/// that close holes and the end of a short round, few enough to stay fast.
const PLIES: usize = 48;

/// `check` never panics; every span of every diagnostic lies inside the
/// source, on character boundaries; a file that checks gives a machine
/// whose start is sound, and whose game stays sound over [`PLIES`] plies
/// of moves picked in turn from the legal ones; for a match, also played
/// as one round, and for a drawn setup, also from another draw.
pub fn run(data: &[u8]) {
    let source = String::from_utf8_lossy(data);
    match sowspec_core::check(&source) {
        Err(diags) => {
            assert!(!diags.is_empty(), "a file that does not check has a diagnostic");
            for d in &diags {
                assert_span(&source, d.span, &d.message);
                for l in &d.related {
                    assert_span(&source, l.span, &l.text);
                }
                let _ = d.span.line_col(&source);
            }
        }
        Ok(rules) => {
            let m = Machine::new(rules);
            play_along(&m, m.initial());
            if m.rules().rounds().is_some() {
                let one = m.clone().with_one_round(true);
                play_along(&one, one.initial());
            }
            if m.rules().drawn().is_some() {
                play_along(&m, m.initial_drawn(1));
            }
        }
    }
}

/// Plays up to [`PLIES`] moves from `pos`, the `k`-th legal move at ply
/// `k`, checking every position on the way.
fn play_along(m: &Machine, mut pos: sowspec_core::Position) {
    for ply in 0..PLIES {
        assert_sound(m, &pos);
        let legal: Vec<_> = pos.legal_moves().collect();
        if legal.is_empty() {
            return;
        }
        pos = m.play(&pos, legal[ply % legal.len()]).expect("a legal move plays");
    }
    assert_sound(m, &pos);
}

/// A diagnostic's span lies inside `source`, on character boundaries.
fn assert_span(source: &str, span: Span, what: &str) {
    assert!(span.start <= span.end, "{what}: span {span:?} is reversed");
    assert!(span.end <= source.len(), "{what}: span {span:?} ends past the source ({} bytes)", source.len());
    assert!(source.is_char_boundary(span.start), "{what}: span {span:?} starts inside a character");
    assert!(source.is_char_boundary(span.end), "{what}: span {span:?} ends inside a character");
}
