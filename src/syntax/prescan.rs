//! A quick pass over the raw text before the grammar runs: it bounds the
//! file's size and nesting depth (so no input can exhaust the parser's stack)
//! and pairs up brackets, which lets an unclosed `{` be reported at the `{`.

use crate::diagnostic::{Code, Diagnostic, Span};

/// The largest rules file accepted, in bytes.
pub const MAX_SOURCE_BYTES: usize = 1 << 20;
/// The deepest nesting of brackets accepted.
pub const MAX_DEPTH: usize = 64;

/// Checks size, nesting depth and bracket balance.
pub(super) fn check(source: &str) -> Result<(), Vec<Diagnostic>> {
    if source.len() > MAX_SOURCE_BYTES {
        return Err(vec![Diagnostic::new(
            Code::TooLarge,
            Span::new(0, 0),
            format!("the rules file is {} bytes; at most {MAX_SOURCE_BYTES} are accepted", source.len()),
            "file starts here",
        )
        .with_help("a rules file is a few dozen lines; is this the right file?")]);
    }
    let mut open: Vec<(char, usize)> = Vec::new();
    let mut problems = Vec::new();
    let mut chars = source.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            '#' => while chars.next_if(|&(_, c)| c != '\n').is_some() {},
            '"' => {
                while let Some((_, c)) = chars.next_if(|&(_, c)| c != '\n') {
                    if c == '\\' {
                        chars.next_if(|&(_, c)| c != '\n');
                    } else if c == '"' {
                        break;
                    }
                }
            }
            '(' | '[' | '{' => {
                open.push((c, i));
                if open.len() > MAX_DEPTH {
                    return Err(vec![Diagnostic::new(
                        Code::TooLarge,
                        Span::new(i, i + 1),
                        format!("brackets are nested more than {MAX_DEPTH} deep"),
                        "too deep from here",
                    )
                    .with_help("split the condition into simpler parts")]);
                }
            }
            ')' | ']' | '}' => {
                let want = match c {
                    ')' => '(',
                    ']' => '[',
                    _ => '{',
                };
                match open.pop() {
                    Some((o, _)) if o == want => {}
                    Some((o, at)) => {
                        problems.push(
                            Diagnostic::new(
                                Code::Unbalanced,
                                Span::new(i, i + 1),
                                format!("`{c}` does not match the `{o}` it would close"),
                                "mismatched",
                            )
                            .with_related(Span::new(at, at + 1), "opened here")
                            .with_help(format!("close `{o}` with `{}` first", closer(o))),
                        );
                        return Err(problems);
                    }
                    None => problems.push(
                        Diagnostic::new(
                            Code::Unbalanced,
                            Span::new(i, i + 1),
                            format!("`{c}` closes nothing"),
                            "no matching opening bracket",
                        )
                        .with_help(format!("remove it, or add the `{want}` it was meant to close")),
                    ),
                }
            }
            _ => {}
        }
    }
    for (o, at) in open.into_iter().rev() {
        problems.push(
            Diagnostic::new(
                Code::Unbalanced,
                Span::new(at, at + 1),
                format!("this `{o}` is never closed"),
                "opened here",
            )
            .with_help(format!("add `{}` where it should end", closer(o))),
        );
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems)
    }
}

fn closer(open: char) -> char {
    match open {
        '(' => ')',
        '[' => ']',
        _ => '}',
    }
}
