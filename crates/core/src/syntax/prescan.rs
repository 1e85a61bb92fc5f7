//! A quick pass over the raw text before the grammar runs: it bounds the
//! file's size and nesting depth (so no input can exhaust the parser's stack),
//! refuses control characters, finds strings left open, and pairs up
//! brackets, which lets an unclosed `{` be reported at the `{`.
//!
//! When braces do not balance, the indentation usually tells which one the
//! author forgot or doubled: a `}` alone on its line belongs to the `{` whose
//! line is indented alike. That guess is used only to point at the likely
//! culprit; the fact reported is always true.

use crate::diagnostic::{Code, Diagnostic, Span};

/// The largest rules file accepted, in bytes.
pub const MAX_SOURCE_BYTES: usize = 1 << 20;
/// The deepest nesting of brackets accepted.
pub const MAX_DEPTH: usize = 64;

/// Checks size, text-ness, nesting depth and bracket balance.
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
    if let Some(d) = control_character(source) {
        return Err(vec![d]);
    }
    let mut open: Vec<(char, usize)> = Vec::new();
    // Every `{ … }` pair, as (open, close) offsets.
    let mut braces: Vec<(usize, usize)> = Vec::new();
    // `}` that close nothing.
    let mut stray_braces: Vec<usize> = Vec::new();
    let mut strings = Vec::new();
    let mut problems = Vec::new();
    let mut chars = source.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            '#' => while chars.next_if(|&(_, c)| !is_line_end(c)).is_some() {},
            '"' => {
                let mut closed = false;
                while let Some((_, c)) = chars.next_if(|&(_, c)| !is_line_end(c)) {
                    if c == '\\' {
                        chars.next_if(|&(_, c)| !is_line_end(c));
                    } else if c == '"' {
                        closed = true;
                        break;
                    }
                }
                if !closed {
                    let end = chars.peek().map_or(source.len(), |&(j, _)| j);
                    strings.push(
                        Diagnostic::new(
                            Code::Unbalanced,
                            Span::new(i, end),
                            "this string is never closed",
                            "the string runs to the end of the line",
                        )
                        .with_help("close it with `\"` on the same line"),
                    );
                }
            }
            '(' | '[' | '{' => {
                open.push((c, i));
                if open.len() > MAX_DEPTH {
                    let help = match c {
                        '{' => "blocks nest two or three deep (`game { on … { capture … } }`); is a `}` missing?",
                        _ => "write the condition with fewer brackets",
                    };
                    return Err(vec![Diagnostic::new(
                        Code::TooLarge,
                        Span::new(i, i + 1),
                        format!("brackets are nested more than {MAX_DEPTH} deep"),
                        "too deep from here",
                    )
                    .with_help(help)]);
                }
            }
            ')' | ']' | '}' => loop {
                let want = opener(c);
                match open.last().copied() {
                    Some((o, at)) if o == want => {
                        open.pop();
                        if c == '}' {
                            braces.push((at, i));
                        }
                        break;
                    }
                    // A block ends while a `(` or `[` in it is open: that one was never closed.
                    Some((o @ ('(' | '['), at)) if c == '}' => {
                        open.pop();
                        problems.push(
                            Diagnostic::new(
                                Code::Unbalanced,
                                Span::new(at, at + 1),
                                format!("this `{o}` is never closed"),
                                "opened here",
                            )
                            .with_related(Span::new(i, i + 1), format!("the block ends here, with `{o}` still open"))
                            .with_help(format!("add `{}` where it should end", closer(o))),
                        );
                    }
                    // A `)` or `]` inside a block that has no open `(` or `[`.
                    Some(('{', _)) | None => {
                        if c == '}' {
                            stray_braces.push(i);
                        } else {
                            problems.push(closes_nothing(c, i));
                        }
                        break;
                    }
                    Some((o, at)) => {
                        problems.push(
                            Diagnostic::new(
                                Code::Unbalanced,
                                Span::new(i, i + 1),
                                format!("`{c}` does not match the `{o}` it would close"),
                                "mismatched",
                            )
                            .with_related(Span::new(at, at + 1), "opened here")
                            .with_help(format!("close `{o}` with `{}`", closer(o))),
                        );
                        return Err(problems);
                    }
                }
            },
            _ => {}
        }
    }
    if !strings.is_empty() {
        // The brackets inside an open string were not counted: what follows would be noise.
        return Err(strings);
    }
    let mut suspects = Vec::new();
    for s in stray_braces {
        problems.push(extra_brace(source, &braces, s, &mut suspects));
    }
    for (o, at) in open {
        problems.push(if o == '{' {
            unclosed_brace(source, &braces, at, &mut suspects)
        } else {
            Diagnostic::new(
                Code::Unbalanced,
                Span::new(at, at + 1),
                format!("this `{o}` is never closed"),
                "opened here",
            )
            .with_help(format!("add `{}` where it should end", closer(o)))
        });
    }
    if problems.is_empty() {
        Ok(())
    } else {
        problems.sort_by_key(|d| (d.span.start, d.span.end));
        Err(problems)
    }
}

fn opener(close: char) -> char {
    match close {
        ')' => '(',
        ']' => '[',
        _ => '{',
    }
}

fn closer(open: char) -> char {
    match open {
        '(' => ')',
        '[' => ']',
        _ => '}',
    }
}

fn closes_nothing(c: char, at: usize) -> Diagnostic {
    Diagnostic::new(
        Code::Unbalanced,
        Span::new(at, at + 1),
        format!("`{c}` closes nothing"),
        "no matching opening bracket",
    )
    .with_help(format!("remove it, or add the `{}` it was meant to close", opener(c)))
}

/// A `}` that closes nothing at `stray`. If a `}` earlier on, not alone on its
/// line, closed a `{` whose line is indented like `stray`'s, that one was
/// probably doubled.
fn extra_brace(source: &str, braces: &[(usize, usize)], stray: usize, suspects: &mut Vec<usize>) -> Diagnostic {
    let suspect = alone_on_line(source, stray)
        .then(|| {
            braces.iter().rev().find(|&&(o, c)| {
                c < stray
                    && indent(source, o) == indent(source, stray)
                    && !(alone_on_line(source, c) && indent(source, c) == indent(source, stray))
                    && !suspects.contains(&c)
            })
        })
        .flatten();
    let Some(&(o, c)) = suspect else {
        return closes_nothing('}', stray);
    };
    suspects.push(c);
    let line = Span::new(o, o).line_col(source).0;
    Diagnostic::new(Code::Unbalanced, Span::new(c, c + 1), "there is one `}` too many", "probably this one")
        .with_related(Span::new(o, o + 1), format!("it closes this `{{` of line {line} early"))
        .with_related(Span::new(stray, stray + 1), "so this `}` closes nothing")
        .with_help("remove the extra `}`")
}

/// A `{` at `at` never closed. If a `}` alone on its line, further on, closed
/// a `{` indented deeper than itself, that deeper `{` is probably the one
/// whose `}` was forgotten.
fn unclosed_brace(source: &str, braces: &[(usize, usize)], at: usize, suspects: &mut Vec<usize>) -> Diagnostic {
    let suspect = braces.iter().find(|&&(o, c)| {
        o > at && alone_on_line(source, c) && indent(source, c) < indent(source, o) && !suspects.contains(&o)
    });
    let Some(&(o, c)) = suspect else {
        return Diagnostic::new(Code::Unbalanced, Span::new(at, at + 1), "this `{` is never closed", "opened here")
            .with_help("add `}` where the block should end");
    };
    suspects.push(o);
    let mut d = Diagnostic::new(Code::Unbalanced, Span::new(o, o + 1), "this `{` is never closed", "opened here");
    match block_end(source, o, c) {
        Some(line_start) => {
            let line = Span::new(line_start, line_start).line_col(source).0;
            d = d
                .with_related(Span::new(line_start, line_start), "the block seems to end before this line")
                .with_help(format!("add `}}` on a line of its own before line {line}"));
        }
        None => d = d.with_help("add `}` where the block should end"),
    }
    d
}

/// The first line after the `{` at `open` (and before `close`) that is indented
/// no deeper than the `{`'s line: where its block was meant to end. Returns
/// the offset of that line's first non-blank character.
fn block_end(source: &str, open: usize, close: usize) -> Option<usize> {
    let depth = indent(source, open);
    let mut start = source[open..].find('\n')? + open + 1;
    while start < close {
        let line_end = source[start..].find('\n').map_or(source.len(), |n| start + n);
        let text = &source[start..line_end];
        let trimmed = text.trim_start_matches([' ', '\t']);
        let first = start + (text.len() - trimmed.len());
        let blank = trimmed.trim().is_empty() || trimmed.starts_with('#');
        if !blank && !trimmed.starts_with('}') && indent(source, first) <= depth {
            return Some(first);
        }
        start = line_end + 1;
    }
    None
}

fn line_start(source: &str, at: usize) -> usize {
    source[..at].rfind(['\n', '\r']).map_or(0, |n| n + 1)
}

/// The indentation (spaces and tabs) of the line holding `at`.
fn indent(source: &str, at: usize) -> usize {
    let start = line_start(source, at);
    source[start..].chars().take_while(|&c| c == ' ' || c == '\t').count()
}

/// True when only spaces and tabs stand before `at` on its line.
fn alone_on_line(source: &str, at: usize) -> bool {
    source[line_start(source, at)..at].chars().all(|c| c == ' ' || c == '\t')
}

/// The grammar ends lines at `\n`, `\r\n` and a lone `\r` alike.
fn is_line_end(c: char) -> bool {
    c == '\n' || c == '\r'
}

/// A control character other than tab and line ends, which no rules file
/// needs and which a terminal would not show: reported once, at the first.
fn control_character(source: &str) -> Option<Diagnostic> {
    let is_stray = |c: char| c.is_control() && !matches!(c, '\t' | '\n' | '\r');
    let (at, c) = source.char_indices().find(|&(_, c)| is_stray(c))?;
    let count = source.chars().filter(|&c| is_stray(c)).count();
    let name = match c {
        '\0' => " (NUL)",
        '\u{c}' => " (form feed)",
        '\u{1b}' => " (escape)",
        _ => "",
    };
    let code = format!("U+{:04X}{name}", u32::from(c));
    let span = Span::new(at, at + c.len_utf8());
    Some(if count == 1 {
        Diagnostic::new(
            Code::Syntax,
            span,
            format!("the invisible control character {code} has no place in a rules file"),
            format!("{code} here"),
        )
        .with_help("delete it; it may have come in by copy and paste")
    } else {
        Diagnostic::new(
            Code::Syntax,
            span,
            format!("the file holds {count} invisible control characters, the first {code}"),
            format!("{code} here"),
        )
        .with_help("a rules file is plain text: is this the right file, or was it saved in another encoding?")
    })
}

/// The innermost bracket still open at `at` (outside comments and strings),
/// with its offset.
pub(super) fn open_bracket(source: &str, at: usize) -> Option<(char, usize)> {
    let mut open = Vec::new();
    let mut chars = source[..at].char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            '#' => while chars.next_if(|&(_, c)| !is_line_end(c)).is_some() {},
            '"' => {
                while let Some((_, c)) = chars.next_if(|&(_, c)| !is_line_end(c)) {
                    if c == '\\' {
                        chars.next_if(|&(_, c)| !is_line_end(c));
                    } else if c == '"' {
                        break;
                    }
                }
            }
            '(' | '[' | '{' => open.push((c, i)),
            ')' | ']' | '}' => {
                open.pop();
            }
            _ => {}
        }
    }
    open.pop()
}
