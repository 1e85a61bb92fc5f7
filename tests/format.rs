//! `sowspec fmt` and the layouts the grammar accepts: every bundled rules
//! file is formatted; formatting is idempotent and never changes what a file
//! means (the checked `Ruleset`, spans aside), on the bundled files, the
//! malformed-rules catalogue and random rules files laid out at random
//! (blanks, tabs, comments, blank lines, `;`, `{` on its own line, lines
//! starting or ending with `and`/`or`).

mod support;

use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;
use sowspec::format::{format, FormatError};
use sowspec::syntax::lexer::{tokens, TokenKind};
use std::path::Path;
use support::rules_gen::rules_text;
use support::{read, rules_files};

/// `Debug` text with every `Span { start: …, end: … }` left out.
fn without_spans(debug: &str) -> String {
    let mut out = String::with_capacity(debug.len());
    let mut rest = debug;
    while let Some(i) = rest.find("Span { start: ") {
        out.push_str(&rest[..i]);
        let end = rest[i..].find('}').map_or(rest.len(), |j| i + j + 1);
        out.push_str("Span");
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// What a rules file means: its checked rules, or the syntax tree of a file
/// that parses but does not check; spans and the game's fingerprint (of its
/// text, so of its layout too) aside.
fn meaning(source: &str) -> String {
    match sowspec::check(source) {
        Ok(rules) => {
            let game = format!("game: {:?}", rules.game());
            without_spans(&format!("{rules:?}").replace(&game, "game"))
        }
        Err(_) => match sowspec::syntax::parse(source) {
            Ok(tree) => format!("does not check; parses as {}", without_spans(&format!("{tree:?}"))),
            Err(_) => "does not parse".to_string(),
        },
    }
}

/// Formats `source`, which must parse, and checks that the result means the
/// same and is left alone by a second formatting.
fn formats_faithfully(name: &str, source: &str) -> Result<String, String> {
    let out = format(source).map_err(|e| format!("{name}: {e}"))?;
    let (before, after) = (meaning(source), meaning(&out));
    if before != after {
        return Err(format!("{name}: formatting changed the meaning\n--- source\n{source}\n--- formatted\n{out}"));
    }
    let again = format(&out).map_err(|e| format!("{name}: the formatted text does not format: {e}"))?;
    if again != out {
        return Err(format!("{name}: formatting is not idempotent\n--- once\n{out}\n--- twice\n{again}"));
    }
    Ok(out)
}

/// Every file in `rules/` (a new one too) is formatted: `sowspec fmt --check rules/` passes.
#[test]
fn every_bundled_rules_file_is_formatted() {
    let mut unformatted = Vec::new();
    for file in rules_files() {
        let source = read(&file);
        let out = formats_faithfully(&file.display().to_string(), &source).unwrap_or_else(|e| panic!("{e}"));
        if out != source {
            unformatted.push(file.display().to_string());
        }
    }
    assert!(unformatted.is_empty(), "run `sowspec fmt rules/`: these files are not formatted: {unformatted:?}");
}

/// The bundled files, stripped of their layout (every line flush left, no
/// blank lines), format back to what they format to (blank lines aside).
#[test]
fn bundled_files_format_back_from_a_flat_layout() {
    for file in rules_files() {
        let source = read(&file);
        let flat: String = source.lines().map(str::trim).filter(|l| !l.is_empty()).map(|l| format!("{l}\n")).collect();
        let out = formats_faithfully(&file.display().to_string(), &flat).unwrap_or_else(|e| panic!("{e}"));
        let blanks = |s: &str| s.lines().filter(|l| !l.trim().is_empty()).map(str::to_string).collect::<Vec<_>>();
        let canonical = format(&source).unwrap();
        assert_eq!(blanks(&out), blanks(&canonical), "{}: the flat layout formats differently", file.display());
    }
}

/// Every file of the malformed-rules catalogue that parses formats
/// faithfully; those that do not parse are refused with their diagnostics.
#[test]
fn the_malformed_catalogue_formats_faithfully_or_is_refused() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/diagnostics");
    let mut formatted = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let source = read(&path);
        match sowspec::syntax::parse(&source) {
            Ok(_) => {
                formats_faithfully(&path.display().to_string(), &source).unwrap_or_else(|e| panic!("{e}"));
                formatted += 1;
            }
            Err(diags) => assert_eq!(format(&source), Err(FormatError::Invalid(diags)), "{}", path.display()),
        }
    }
    assert!(formatted > 30, "only {formatted} catalogue files parse");
}

// ---------------------------------------------------------------------------
// The layouts authors expect, accepted and normalised.

const CANONICAL: &str = r#"game "Layouts" {
  board {
    rows 2
    holes 6
    stores none
  }

  setup {
    seeds 4
  }

  sowing {
    direction counterclockwise
    first_seed next
    origin skipped
  }

  on sowing_end when landing in opponent_row and (count(landing) == 2 or count(landing) == 3) {
    sweep backward from landing while hole in opponent_row and (count(hole) == 2 or count(hole) == 3) {
      capture hole to mover
    }
    forfeit when total(opponent_row) == 0
  }

  moves {
    lift when count(origin) > 0
    endless after 1 laps illegal
  }

  end {
    over when captured(mover) > 24 or captured(opponent) > 24
    no_moves remaining to owner
    winner most_captured
  }
}
"#;

/// `{` alone on the line after its statement (Allman braces), conditions
/// broken before `and`/`or` and after `when`/`while`: all mean what the
/// one-line layout means, and format to the canonical layout.
#[test]
fn free_layouts_mean_the_same_and_format_canonically() {
    let messy = r#"game "Layouts"
{
  board
  {
    rows 2; holes 6
    stores none
  }
  setup { seeds 4 }
  sowing {
      direction counterclockwise
   first_seed next
    origin skipped
  }
  on sowing_end when landing in opponent_row   # on their side
    and (count(landing) == 2
         or count(landing) == 3)
  {
    sweep backward from landing while
      hole in opponent_row and (count(hole) == 2 or count(hole) == 3)
    {
      capture hole to mover
    }
    forfeit when total(opponent_row) == 0
  }
  moves {
    lift when
      count(origin) > 0
    endless after 1 laps illegal
  }



  end {
    over when captured(mover) > 24
      # either player
      or captured(opponent) > 24
    no_moves remaining to owner
    winner most_captured
  }
}
"#;
    assert_eq!(meaning(messy), meaning(CANONICAL));
    assert!(!meaning(CANONICAL).starts_with("does not"), "{}", meaning(CANONICAL));
    let out = formats_faithfully("messy", messy).unwrap_or_else(|e| panic!("{e}"));
    // The canonical layout, with the author's line breaks kept where a
    // statement goes on.
    let breaks = [
        (
            "  on sowing_end when landing in opponent_row and (count(landing) == 2 or count(landing) == 3) {\n",
            "  on sowing_end when landing in opponent_row and   # on their side\n      (count(landing) == 2 or\n      count(landing) == 3) {\n",
        ),
        (
            "    sweep backward from landing while hole in opponent_row",
            "    sweep backward from landing while\n        hole in opponent_row",
        ),
        ("    lift when count(origin) > 0\n", "    lift when\n        count(origin) > 0\n"),
        (
            "    over when captured(mover) > 24 or captured(opponent) > 24\n",
            "    over when captured(mover) > 24 or\n        # either player\n        captured(opponent) > 24\n",
        ),
    ];
    let mut expected = CANONICAL.to_string();
    for (one_line, broken) in breaks {
        assert!(expected.contains(one_line), "{one_line:?}");
        expected = expected.replace(one_line, broken);
    }
    assert_eq!(out, expected);
    assert_eq!(format(CANONICAL).unwrap(), CANONICAL);
}

/// Comments stay where they were written: own-line ones at their line's
/// indentation, trailing ones aligned within a run of lines, those between
/// a statement and its `{` moved into the block; blank lines collapse.
#[test]
fn comments_are_kept_and_aligned() {
    let source = "# header\n\n\n\ngame \"C\" {   # the game\n  board   # the board\n  # before its brace\n  {\n  rows 2 # two\n  holes 6 # six holes a side\n  stores none\n\n\n  # own line\n  }\n  # after the board\n  setup {\n  seeds 4 ; # four\n  }\n}\n";
    let out = formats_faithfully("comments", source).unwrap_or_else(|e| panic!("{e}"));
    let expected = "# header\n\ngame \"C\" {                  # the game\n  board {                   # the board\n    # before its brace\n    rows 2                  # two\n    holes 6                 # six holes a side\n    stores none\n\n    # own line\n  }\n\n  # after the board\n  setup {\n    seeds 4                 # four\n  }\n}\n";
    assert_eq!(out, expected);
}

/// A line of more than 80 characters keeps its comment three blanks after
/// it and does not push its neighbours' comments out to its own end.
#[test]
fn a_wide_line_keeps_its_comment_to_itself() {
    let wide = format!("relay lift landing when count(landing) > 1{}", " and count(landing) < 40".repeat(3));
    let source = format!(
        "game \"W\" {{\n  sowing {{\n    origin sown # o\n    {wide} # w\n    direction clockwise # d\n  }}\n}}\n"
    );
    let out = formats_faithfully("wide", &source).unwrap_or_else(|e| panic!("{e}"));
    assert!(4 + wide.len() > 80, "the relay line is wider than 80 characters");
    let expected = format!(
        "game \"W\" {{\n  sowing {{\n    origin sown             # o\n    {wide}   # w\n    direction clockwise     # d\n  }}\n}}\n"
    );
    assert_eq!(out, expected);
}

/// Spacing: one blank between words and around operators, after commas;
/// none inside brackets; a call's `(` against its name, a group's apart.
#[test]
fn spacing_is_normalised_and_calls_stay_calls() {
    let source = "game \"S\"{\n  setup{seeds [ 1,2 ,3 ]}\n  moves{lift when(count(origin)>0)and not(count( opposite(origin) )==1)}\n}\n";
    let out = formats_faithfully("spacing", source).unwrap_or_else(|e| panic!("{e}"));
    let expected = "game \"S\" {\n  setup {\n    seeds [1, 2, 3]\n  }\n\n  moves {\n    lift when(count(origin) > 0) and not (count(opposite(origin)) == 1)\n  }\n}\n";
    assert_eq!(out, expected);
}

/// A byte-order mark and Windows line ends: the mark stays, lines end in `\n`.
#[test]
fn byte_order_mark_and_crlf() {
    let out = format("\u{FEFF}game \"W\" {\r\n  board { rows 2 }\r\n}\r\n").unwrap();
    assert_eq!(out, "\u{FEFF}game \"W\" {\n  board {\n    rows 2\n  }\n}\n");
}

/// A file that does not parse is not formatted.
#[test]
fn a_file_that_does_not_parse_is_refused() {
    match format("game \"X\" {\n  board { rows 2\n}\n") {
        Err(FormatError::Invalid(d)) => assert!(!d.is_empty()),
        other => panic!("expected Invalid, got {other:?}"),
    }
    assert_eq!(format("").unwrap(), "");
    assert_eq!(format("# only a comment   \n\n").unwrap(), "# only a comment\n");
}

// ---------------------------------------------------------------------------
// Random rules files, laid out at random.

/// `source` laid out anew, as `choices` say, without changing what it means:
/// blanks become runs of spaces and tabs (a call's `(` stays against its
/// name), lines get random indentation, trailing and own-line comments and
/// blank lines; some `{` move to a line of their own, some statement ends
/// become `;`, and some conditions break before or after `and`/`or`.
fn relayout(source: &str, choices: &[u8]) -> String {
    let toks = tokens(source);
    let mut pick = choices.iter().cycle().copied().enumerate().map(|(i, c)| c.wrapping_add(i as u8));
    let mut next = move || pick.next().unwrap_or(0);
    let blanks = |n: u8| ["", " ", "  ", "\t", " \t "][usize::from(n % 5)];
    let mut out = String::new();
    let mut depth_parens = 0usize;
    for (i, t) in toks.iter().enumerate() {
        let text = t.text(source);
        let prev = toks[..i].iter().rev().find(|t| t.kind != TokenKind::Comment);
        match t.kind {
            TokenKind::Newline => {
                let continues = prev
                    .is_some_and(|p| p.is_infix(source) || p.kind == TokenKind::Comma || p.kind == TokenKind::Open)
                    || depth_parens > 0;
                let next_tok = toks.get(i + 1).map(|n| n.kind);
                let statement_end = !continues
                    && prev.is_some_and(|p| p.kind != TokenKind::Open && p.kind != TokenKind::Newline)
                    && matches!(next_tok, Some(TokenKind::Word));
                let c = next();
                if statement_end && c % 5 == 1 {
                    out += "; ";
                    continue;
                }
                if c % 7 == 0 && toks[i - 1].kind != TokenKind::Comment {
                    out += "   # a trailing remark";
                }
                out += "\n";
                if !continues && c % 6 == 2 {
                    out += "\n\n";
                }
                if !continues && c % 9 == 3 {
                    out += "# an own-line remark\n";
                }
                out += blanks(next());
                continue;
            }
            TokenKind::Open if text == "{" => {
                if next() % 3 == 0 {
                    out += "\n";
                }
                out += blanks(next());
            }
            TokenKind::Word if (text == "and" || text == "or") && next() % 3 == 0 => {
                out += "\n      ";
            }
            _ if i > 0 && toks[i - 1].kind != TokenKind::Newline => {
                out += if t.glued { "" } else { [" ", "  ", "\t"][usize::from(next() % 3)] };
            }
            _ => {}
        }
        match (t.kind, text) {
            (TokenKind::Open, "(" | "[") => depth_parens += 1,
            (TokenKind::Close, ")" | "]") => depth_parens = depth_parens.saturating_sub(1),
            _ => {}
        }
        out += text;
        if (text == "when" || text == "while") && next() % 4 == 0 && toks.get(i + 1).is_some_and(|n| n.is_code()) {
            out += "\n        ";
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 300,
        rng_seed: support::proptest_seed(),
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct("proptest-regressions/format.txt"))),
        ..ProptestConfig::default()
    })]

    /// A random rules file laid out at random means what it meant, and
    /// formats faithfully, to the same text as the original does.
    #[test]
    fn random_layouts_keep_their_meaning(src in rules_text(), choices in prop::collection::vec(any::<u8>(), 1..64)) {
        let messy = relayout(&src, &choices);
        prop_assert_eq!(meaning(&messy), meaning(&src), "the layout changed the meaning\n--- original\n{}\n--- laid out\n{}", src, messy);
        let out = formats_faithfully("laid out", &messy).map_err(TestCaseError::fail)?;
        let canonical = formats_faithfully("original", &src).map_err(TestCaseError::fail)?;
        let code = |s: &str| -> Vec<String> {
            tokens(s).into_iter().filter(|t| t.is_code() && t.kind != TokenKind::Semi).map(|t| t.text(s).to_string()).collect()
        };
        prop_assert_eq!(code(&out), code(&canonical), "\n--- laid out\n{}\n--- formatted\n{}", messy, out);
    }
}
