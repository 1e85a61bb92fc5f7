//! The rules parser and checker on arbitrary bytes (read as UTF-8, lossily).
//! Invariants: it never panics; every span of every diagnostic lies inside
//! the source, on character boundaries; a file that checks gives a machine
//! whose start position is sound.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sowspec_core::diagnostic::Span;

fn assert_span(source: &str, span: Span, what: &str) {
    assert!(span.start <= span.end, "{what}: span {span:?} is reversed");
    assert!(span.end <= source.len(), "{what}: span {span:?} ends past the source ({} bytes)", source.len());
    assert!(source.is_char_boundary(span.start), "{what}: span {span:?} starts inside a character");
    assert!(source.is_char_boundary(span.end), "{what}: span {span:?} ends inside a character");
}

fuzz_target!(|data: &[u8]| {
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
            let m = sowspec_core::Machine::new(rules);
            let pos = m.initial();
            sowspec_fuzz::assert_sound(&m, &pos);
        }
    }
});
