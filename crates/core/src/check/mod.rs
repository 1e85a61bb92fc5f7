//! Syntax tree → [`Ruleset`]: every statement is read against the schema of
//! the section it stands in, and every problem is collected as a
//! [`Diagnostic`] rather than stopping at the first.

mod args;
mod both_rows;
mod compare;
mod drawn;
mod either_direction;
mod expr;
mod hands;
mod memory;
mod territory;
pub(crate) mod vocabulary;
mod wide;

use crate::diagnostic::{did_you_mean, Code, Diagnostic, Diagnostics, Span};
use crate::position::{GameId, Player, MAX_CELLS};
use crate::rules::*;
use crate::syntax::{self, Arg, ExprKind, Statement};
use args::Args;
use expr::{is_hole, never_true, Scope};
use vocabulary::{ABOUT, ACTIONS, BOARD, END, MATCH, MOVES, SECTIONS, SETUP, SOWING};

/// Most holes a player can own: a row of two rows, two rows of four
/// ([`crate::hole::Hole::MAX`]).
pub const MAX_HOLES: u64 = crate::hole::Hole::MAX as u64;
/// Most seeds in one hole at the start.
pub const MAX_SEEDS_PER_HOLE: u64 = 1_000;
/// Most seeds on the board.
pub const MAX_TOTAL_SEEDS: u64 = 10_000;
/// Highest lap limit a rules file may declare.
pub const MAX_LAP_LIMIT: u64 = 1_000_000;
/// Largest number written in a condition.
pub const MAX_LITERAL: u64 = 1_000_000;
/// Why rules that read the previous move while a move is sown run on the
/// general interpreter.
const GENERAL_ONLY_PREVIOUS: &str =
    "a rule read while a move is sown reads the previous move (`previous_origin`, `previous_lifted`, \
     `previous_clockwise`), which only the general interpreter's boards carry";
/// Why rules that read `lap_captures` run on the general interpreter.
const GENERAL_ONLY_LAP_CAPTURES: &str =
    "a rule reads `lap_captures`, the seeds taken since the lap began, which only the general interpreter counts";
/// The most rounds `match_end … after N rounds` may name.
pub const MAX_ROUNDS: u64 = 10_000;

const REQUIRED: [(&str, &str); 5] = [
    ("board", "board {\n    rows 2\n    holes 6\n    stores none\n  }"),
    ("setup", "setup {\n    seeds 4\n  }"),
    ("sowing", "sowing {\n    direction counterclockwise\n    first_seed next\n    origin sown\n  }"),
    ("moves", "moves {\n    lift when count(origin) > 0\n    endless after 10000 laps illegal\n  }"),
    ("end", "end {\n    no_moves remaining to last_mover\n    winner most_captured\n  }"),
];

/// Parses and checks a rules file.
///
/// # Errors
/// Every problem found, in source order.
pub fn check(source: &str) -> Result<Ruleset, Vec<Diagnostic>> {
    let statements = syntax::parse(source)?;
    let mut checker = Checker {
        diags: Diagnostics::default(),
        source: source.to_string(),
        stores: None,
        stores_span: None,
        rows: None,
        circle: false,
        owned: false,
        heads: &[],
        written: Vec::new(),
        reads_before: false,
        reads_previous: false,
        counts_turns: false,
        reads_lifted: false,
        reads_starter: false,
        reads_lap: false,
        per_player: None,
        capturing_declared: false,
        in_capturing: false,
        general_only: Vec::new(),
        clockwise_track: None,
        memory: Default::default(),
        hands: None,
    };
    let rules = checker.file(&statements);
    match rules {
        Some(r) if checker.diags.is_empty() => Ok(r),
        _ => Err(checker.diags.into_sorted()),
    }
}

/// The state of one check: the diagnostics so far and facts later sections need.
pub(crate) struct Checker {
    diags: Diagnostics,
    source: String,
    /// Whether the board has stores; `None` until known (no board, or its
    /// `stores` could not be read), so that `store(…)` is not reported then.
    stores: Option<Stores>,
    /// The `stores` statement, if the board has one.
    stores_span: Option<Span>,
    /// Rows on the board, once known (for `inner`, `outer` and the rows of
    /// four-row boards).
    rows: Option<u8>,
    /// Whether the board is one circle of holes nobody owns (`circle N`).
    circle: bool,
    /// Whether the circle's holes have owners (`owners south "…" north "…"`):
    /// rows, `total`, `holes(…)`, `in` and `remaining to owner` then mean
    /// the holes each player owns.
    owned: bool,
    /// The statement heads of the block being read, to spot two statements on one line.
    heads: &'static [&'static str],
    /// Statements of the block being read that were written but could not be
    /// read (misspelt, or on another statement's line): not to be reported
    /// missing as well.
    written: Vec<String>,
    /// Whether a condition read so far uses `total_before`.
    reads_before: bool,
    /// Whether a condition read so far reads the previous move.
    reads_previous: bool,
    /// Whether a condition read so far reads the turn counters.
    counts_turns: bool,
    /// Whether a condition read so far reads the seeds the move lifted.
    reads_lifted: bool,
    /// Whether a rule read so far names the round's starter.
    reads_starter: bool,
    /// Whether a rule read so far reads the current lap or the move's kind
    /// while a move is sown, or a relay turns the sowing.
    reads_lap: bool,
    /// Holes each player owns, once the board is known (for `hole(P, N)`).
    per_player: Option<u8>,
    /// Whether `moves` declares `capturing when …` (so `capturing` means something).
    capturing_declared: bool,
    /// Whether the condition being read is `capturing when …`'s own.
    in_capturing: bool,
    /// Why only the general interpreter plays the rules: one line per
    /// construct the compiled kernels do not know, in the order read.
    general_only: Vec<&'static str>,
    /// Where a clockwise track is written out (`track PLAYER clockwise
    /// "…"`), which needs `direction chosen`.
    clockwise_track: Option<Span>,
    /// The marks and values declared in `memory`, once read (before every
    /// rule that may use them).
    memory: crate::memory::MemoryDecl,
    /// Seeds each player holds in hand at the start (`setup { hand N }`),
    /// once the setup is read; `None` without hands.
    hands: Option<[u16; 2]>,
}

/// Declarations seen so far in a block, to report duplicates.
#[derive(Default)]
struct Seen(Vec<(String, Span)>);

impl Seen {
    /// Records `st`; reports it if the same head came before.
    fn first(&mut self, ck: &mut Checker, st: &Statement) -> bool {
        if let Some((_, prev)) = self.0.iter().find(|(h, _)| *h == st.head.name) {
            ck.diags.push(
                Diagnostic::new(
                    Code::Duplicate,
                    st.head.span,
                    format!("`{}` is declared twice", st.head.name),
                    "second declaration",
                )
                .with_related(*prev, "first declared here")
                .with_help("keep one of them"),
            );
            return false;
        }
        self.0.push((st.head.name.clone(), st.head.span));
        true
    }

    /// Whether a statement with this head was declared.
    fn has(&self, head: &str) -> bool {
        self.0.iter().any(|(h, _)| h == head)
    }
}

impl Checker {
    fn text(&self, span: Span) -> &str {
        &self.source[span.start..span.end]
    }

    /// Notes that only the general interpreter plays a construct read, and why.
    fn general(&mut self, why: &'static str) {
        if !self.general_only.contains(&why) {
            self.general_only.push(why);
        }
    }

    /// Starts reading a block whose statements are `heads`.
    fn enter(&mut self, heads: &'static [&'static str]) {
        self.heads = heads;
        self.written.clear();
    }

    /// True when `name` was written in the block being read, though it could not be read.
    fn attempted(&self, name: &str) -> bool {
        self.written.iter().any(|w| w == name)
    }

    fn unknown_statement(&mut self, st: &Statement, known: &[&str], place: &str) {
        let mut d = Diagnostic::new(
            Code::UnknownWord,
            st.head.span,
            format!("unknown statement `{}` in {place}", st.head.name),
            "not known here",
        );
        d = match did_you_mean(&st.head.name, known.iter().copied()) {
            Some(s) => {
                self.written.push(s.to_string());
                d.with_suggestion(s)
            }
            None => d.with_help(format!(
                "{place} may contain {}",
                known.iter().map(|k| format!("`{k}`")).collect::<Vec<_>>().join(", ")
            )),
        };
        self.diags.push(d);
    }

    /// The statements of `st`'s block; `None` (reported) when it has none,
    /// so that its statements are not reported missing one by one as well.
    fn block<'s>(&mut self, st: &'s Statement) -> Option<&'s [Statement]> {
        match &st.block {
            Some(b) => Some(&b.statements),
            None => {
                self.diags.push(
                    Diagnostic::new(
                        Code::Missing,
                        st.span,
                        format!("`{}` needs a `{{ … }}` block", st.head.name),
                        "no block",
                    )
                    .with_help(format!("write `{} {{ … }}` with its statements inside", self.text(st.span))),
                );
                None
            }
        }
    }

    /// Reports in one diagnostic the statements (`name`, example) missing
    /// from `st`'s block, leaving out those written but unreadable.
    /// `message` has a `{}` for the list of names.
    fn report_missing(&mut self, st: &Statement, message: &str, missing: &[(&str, &str)]) {
        let missing: Vec<&(&str, &str)> = missing.iter().filter(|(name, _)| !self.attempted(name)).collect();
        let names: Vec<String> = missing.iter().map(|(name, _)| format!("`{name}`")).collect();
        let list = match names.as_slice() {
            [] => return,
            [one] => one.clone(),
            [init @ .., last] => format!("{} or {last}", init.join(", ")),
        };
        let help = match missing.as_slice() {
            [(_, example)] if !example.contains('\n') => format!("add `{example}`"),
            _ => format!(
                "add, for example:\n  {}",
                missing.iter().map(|(_, example)| *example).collect::<Vec<_>>().join("\n  ")
            ),
        };
        let label = if st.head.name == "game" { "in this game" } else { "in this section" };
        self.diags
            .push(Diagnostic::new(Code::Missing, st.head.span, message.replace("{}", &list), label).with_help(help));
    }

    /// The statements of a section worth reading: known heads, each declared
    /// once (but those in `repeatable`). Reports unknown statements,
    /// duplicates and blocks where none belong. `None` if the section has no
    /// block.
    fn section<'s>(
        &mut self,
        st: &'s Statement,
        known: &'static [&'static str],
        repeatable: &[&str],
    ) -> Option<(Vec<&'s Statement>, Seen)> {
        self.enter(known);
        let mut seen = Seen::default();
        let mut kept = Vec::new();
        for s in self.block(st)? {
            self.no_block(s);
            if !known.contains(&s.head.name.as_str()) {
                self.unknown_statement(s, known, &format!("`{}`", st.head.name));
            } else if repeatable.contains(&s.head.name.as_str()) || seen.first(self, s) {
                kept.push(s);
            }
        }
        Some((kept, seen))
    }

    /// Reports the `required` statements (name, example) a section lacks.
    fn require_statements(&mut self, st: &Statement, seen: &Seen, required: &[(&str, &str)]) {
        let missing: Vec<(&str, &str)> = required.iter().copied().filter(|(name, _)| !seen.has(name)).collect();
        self.report_missing(st, &format!("`{}` does not declare {{}}", st.head.name), &missing);
    }

    fn no_block(&mut self, st: &Statement) {
        if let Some(b) = &st.block {
            self.diags.push(
                Diagnostic::new(
                    Code::Syntax,
                    b.span,
                    format!("`{}` does not take a block", st.head.name),
                    "unexpected block",
                )
                .with_help("remove the `{ … }`"),
            );
        }
    }

    fn file(&mut self, statements: &[Statement]) -> Option<Ruleset> {
        let games: Vec<&Statement> = statements.iter().filter(|st| st.head.name == "game").collect();
        for st in statements {
            if st.head.name == "game" {
                continue;
            }
            if !SECTIONS.contains(&st.head.name.as_str()) {
                self.unknown_statement(st, &["game"], "a rules file");
                continue;
            }
            // A section outside the game: most likely the game's `}` came too early.
            self.written.push(st.head.name.clone());
            let mut d = Diagnostic::new(
                Code::UnknownWord,
                st.head.span,
                format!("`{}` stands outside the `game` block", st.head.name),
                "outside the game",
            )
            .with_help(format!("move `{}` inside `game \"…\" {{ … }}`, before its closing `}}`", st.head.name));
            if let Some(b) = games.first().and_then(|g| g.block.as_ref()) {
                d = d.with_related(Span::new(b.span.end - 1, b.span.end), "the game ends here");
            }
            self.diags.push(d);
        }
        if let [first, rest @ ..] = games.as_slice() {
            for st in rest {
                self.diags.push(
                    Diagnostic::new(Code::Duplicate, st.head.span, "a rules file describes one game", "second game")
                        .with_related(first.head.span, "first game")
                        .with_help("put each game in its own file"),
                );
            }
            return self.game(first);
        }
        if !self.attempted("game") {
            let message = match statements {
                [] if self.source.trim().is_empty() => "the file is empty",
                [] => "the file holds only comments",
                _ => "no `game` in this file",
            };
            self.diags.push(
                Diagnostic::new(Code::Missing, Span::new(0, 0), message, "expected `game \"Name\" { … }`").with_help(
                    "a rules file is one `game \"Name\" { … }` block holding the sections `board`, `setup`, \
                     `sowing`, `moves` and `end`",
                ),
            );
        }
        None
    }

    fn game(&mut self, st: &Statement) -> Option<Ruleset> {
        let mut args = Args::new(st);
        let name = args.string(self, "the game's name");
        args.finish(self);
        let body = self.block(st)?;
        let mut seen = Seen::default();
        let mut found: Vec<&Statement> = Vec::new();
        let mut triggers = Vec::new();
        for s in body {
            if !SECTIONS.contains(&s.head.name.as_str()) {
                self.unknown_statement(s, &SECTIONS, "`game`");
                continue;
            }
            if s.head.name == "on" {
                triggers.push(s);
            } else if seen.first(self, s) {
                found.push(s);
            }
        }
        let section = |name: &str| found.iter().copied().find(|s| s.head.name == name);
        let missing: Vec<(&str, &str)> = REQUIRED.into_iter().filter(|(name, _)| section(name).is_none()).collect();
        self.report_missing(st, "the game has no {} section", &missing);
        let board = section("board").and_then(|s| self.board(s));
        let setup = match (section("setup"), &board) {
            (Some(s), Some(b)) => self.setup(s, b.per_player()),
            _ => None,
        };
        if let Some(s) = section("memory") {
            self.memory(s, board.as_ref().map(Board::per_player));
        }
        let in_hands = self.hands.map_or(0, |h| i64::from(h[0]) + i64::from(h[1]));
        let total = setup.as_ref().map_or(MAX_TOTAL_SEEDS as i64, |(s, _): &([Vec<u16>; 2], _)| {
            s.iter().flatten().map(|&x| i64::from(x)).sum::<i64>() + in_hands
        });
        if total > MAX_TOTAL_SEEDS as i64 {
            if let Some(s) = section("setup") {
                self.diags.push(Diagnostic::new(
                    Code::OutOfRange,
                    s.head.span,
                    format!("the board and the hands would hold {total} seeds; at most {MAX_TOTAL_SEEDS} are allowed"),
                    "too many seeds",
                ));
            }
        }
        self.capturing_declared = section("moves")
            .and_then(|s| s.block.as_ref())
            .is_some_and(|b| b.statements.iter().any(|s| s.head.name == "capturing"));
        let moves = section("moves").and_then(|s| self.moves(s));
        let moves = match (moves, &board) {
            (Some(m), Some(b)) => self.both_rows_fit(m, b),
            (m, _) => m,
        };
        let lap_limit = moves.as_ref().map_or(MAX_LAP_LIMIT as i64, |m| i64::from(m.lap_limit));
        let sowing = section("sowing").and_then(|s| self.sowing(s, total, lap_limit));
        let moves = match (moves, &sowing) {
            (Some(m), Some(sw)) => self.either_direction_fits(m, sw),
            (m, _) => m,
        };
        let moves = match (moves, &board) {
            (Some(m), Some(b)) => self.place_fits(m, b),
            (m, _) => m,
        };
        let triggers: Vec<Trigger> = triggers.into_iter().filter_map(|s| self.trigger(s, total, lap_limit)).collect();
        let end = section("end").and_then(|s| self.end(s));
        if let Some(s) = section("match").filter(|_| self.circle) {
            // A refill fills each player's holes from their holding: a
            // circle's holes are nobody's.
            self.diags.push(
                Diagnostic::new(
                    Code::Contradiction,
                    s.head.span,
                    "a match refills each player's holes between rounds, but on a circle nobody owns a hole",
                    "not on a circle",
                )
                .with_help("play a single game on a circle: leave out `match`"),
            );
        }
        let rounds = section("match").and_then(|s| self.rounds(s));
        let rounds = self.hands_fit_match(rounds);
        let rounds = match (rounds, &board, &sowing) {
            (Some(r), Some(b), Some(sw)) => self.territory_fits(r, b, sw, total),
            (r, ..) => r,
        };
        let rounds = match (rounds, &end) {
            (Some(r), Some(e)) => self.loser_only_fits(r, e, moves.as_ref().and_then(|m| m.endless_award)),
            (r, _) => r,
        };
        let about = section("about").map(|s| self.about(s)).unwrap_or_default();
        self.duty_without_decisions(moves.as_ref(), &triggers, sowing.as_ref());
        let (setup, drawn) = setup?;
        let board_span = section("board").map_or(st.span, |s| s.span);
        if let (Some(b), Some(sw)) = (&board, &sowing) {
            if !self.wide_fits(b, board_span, sw, &triggers, rounds.as_ref()) {
                return None;
            }
        }
        if let (Some(span), Some(sw)) = (self.clockwise_track, &sowing) {
            if sw.direction != Direction::Chosen {
                self.diags.push(
                    Diagnostic::new(
                        Code::Contradiction,
                        span,
                        "a clockwise track is sown only where the player chooses the direction",
                        "a clockwise track",
                    )
                    .with_help(
                        "write `direction chosen` in `sowing`, or write the track the player sows as `track PLAYER \"…\"`",
                    ),
                );
                return None;
            }
        }
        Some(Ruleset {
            name: name?,
            board: board?,
            setup,
            drawn,
            sowing: sowing?,
            triggers,
            moves: moves?,
            end: end?,
            rounds,
            about,
            reads_before: self.reads_before,
            reads_previous: self.reads_previous,
            counts_turns: self.counts_turns,
            reads_lifted: self.reads_lifted,
            reads_starter: self.reads_starter,
            reads_lap: self.reads_lap,
            general_only: std::mem::take(&mut self.general_only),
            game: GameId::of_source(&self.source),
            memory: std::mem::take(&mut self.memory),
            hands: self.hands,
        })
    }

    /// A `must_leave` duty judges a move by the board it leaves, which
    /// decisions inside the move (`choose`, `relay … chosen`) would
    /// change: refused together.
    fn duty_without_decisions(&mut self, moves: Option<&Moves>, triggers: &[Trigger], sowing: Option<&Sowing>) {
        let Some(duty) = moves.and_then(|m| m.must_leave.as_ref()) else { return };
        let relay = sowing.and_then(|sw| sw.relays.iter().find(|r| r.chosen)).map(|r| r.span);
        let Some(choose) = triggers.iter().flat_map(|t| &t.actions).find_map(choosing).or(relay) else { return };
        self.diags.push(
            Diagnostic::new(
                Code::Contradiction,
                duty.span,
                "a `must_leave` duty cannot weigh moves that make decisions inside them",
                "judges the board a move leaves",
            )
            .with_related(choose, "the mover chooses here, which changes that board")
            .with_help("leave out one of the two: the board a move leaves would depend on its decisions"),
        );
    }

    /// `about { family "…"  origin "…"  source "…" }`: descriptive only.
    fn about(&mut self, st: &Statement) -> About {
        let mut about = About::default();
        let Some((statements, _)) = self.section(st, &ABOUT, &[]) else { return about };
        for s in statements {
            let mut a = Args::new(s);
            let text = a.string(self, "the text");
            a.finish(self);
            match s.head.name.as_str() {
                "family" => about.family = text,
                "origin" => about.origin = text,
                _ => about.source = text,
            }
        }
        about
    }

    fn board(&mut self, st: &Statement) -> Option<Board> {
        let (mut rows, mut holes, mut stores) = (None, None, None);
        let (mut rows_span, mut holes_span) = (Span::default(), Span::default());
        let (mut own_circuits, mut circuits_span) = (false, None);
        let mut tracks: Vec<&Statement> = Vec::new();
        let mut circle: Option<(Option<u64>, Span)> = None;
        let mut facing: Option<&Statement> = None;
        let (statements, seen) = self.section(st, &BOARD, &["track"])?;
        for &s in &statements {
            let mut a = Args::new(s);
            match s.head.name.as_str() {
                "circle" => {
                    let n = a.int(self, "the number of holes in the circle", 2, MAX_HOLES, None);
                    circle = Some((n, s.span));
                }
                "rows" => {
                    let why = "a board has 1 to 6 rows (see `board` in the reference for each shape)";
                    rows = a.int_of(self, "the number of rows", &[1, 2, 3, 4, 5, 6], Some(why));
                    rows_span = s.span;
                }
                "holes" => {
                    // Past the widest row of a shape other than two rows, the
                    // count is explained with the shape below; any other is
                    // checked against the shape here.
                    let widest = rows.map_or(2 * MAX_HOLES, |r| widest(r as u8));
                    let past = rows != Some(2) && a.peek_int().is_some_and(|n| n > widest);
                    let most = if past { 2 * MAX_HOLES } else { widest };
                    holes = a.int(self, "the number of holes in a row", 1, most, None);
                    holes_span = s.span;
                }
                "circuits" => {
                    own_circuits = a.choice(self, "circuits", &["shared", "own"]) == Some(1);
                    circuits_span = Some(s.span);
                }
                "track" => {
                    // Read once the shape is known.
                    tracks.push(s);
                    continue;
                }
                "facing" => {
                    // Read once the shape is known.
                    facing = Some(s);
                    continue;
                }
                "owners" => {
                    // Read with the circle it goes with.
                    continue;
                }
                _ => {
                    self.stores_span = Some(s.span);
                    stores = a
                        .choice(self, "stores", &["none", "sown", "both", "sown_right"])
                        .map(|i| [Stores::None, Stores::Sown, Stores::Both, Stores::SownRight][i]);
                }
            }
            a.finish(self);
        }
        if let Some((n, span)) = circle {
            return self.circle_board(&statements, n, span, stores);
        }
        if let Some(s) = statements.iter().find(|s| s.head.name == "owners") {
            self.diags.push(
                Diagnostic::new(
                    Code::Contradiction,
                    s.span,
                    "`owners` gives the owners of a circle's holes, but this board has rows",
                    "no circle",
                )
                .with_help(
                    "rows give each player their holes already: leave this out, or write `circle N` for the board",
                ),
            );
        }
        self.require_statements(st, &seen, &[("rows", "rows 2"), ("holes", "holes 6")]);
        let declared = seen.has("stores") || self.attempted("stores");
        self.stores = if declared { stores } else { Some(Stores::None) };
        let rows = rows? as u8;
        self.rows = Some(rows);
        let holes = holes? as u8;
        let mut board = Board { stores: stores.unwrap_or(Stores::None), own_circuits, ..Board::new(rows, holes) };
        self.shape_fits(&board, rows_span, holes_span)?;
        self.per_player = Some(board.per_player());
        if rows != 2 && matches!(stores, Some(Stores::Sown | Stores::Both | Stores::SownRight)) {
            self.diags.push(
                Diagnostic::new(
                    Code::Contradiction,
                    self.stores_span.unwrap_or(rows_span),
                    format!("only two-row boards have stores here, and this board has {}", plural_rows(rows)),
                    "stores",
                )
                .with_related(rows_span, "rows")
                .with_help("write `stores none`: captured seeds are held beside the board"),
            );
            return None;
        }
        if let (Some(span), true, false) = (circuits_span, own_circuits, rows == 2) {
            let help = if rows >= 4 {
                "leave out `circuits own`: where each player owns several rows they sow round their own rows"
            } else {
                "leave out `circuits own`, and write each player's track with `track PLAYER \"…\"`"
            };
            self.diags.push(
                Diagnostic::new(
                    Code::Contradiction,
                    span,
                    format!(
                        "`circuits` chooses between the circuits of a two-row board, and this board has {}",
                        plural_rows(rows)
                    ),
                    "own",
                )
                .with_related(rows_span, "rows")
                .with_help(help),
            );
            return None;
        }
        let mut ok = true;
        for s in tracks {
            ok &= self.track(s, &mut board).is_some();
        }
        if let Some(s) = facing {
            ok &= self.facing(s, &mut board).is_some();
        }
        ok.then_some(board)
    }

    /// `board { circle N }`: one circle of `N` holes nobody owns. Nothing
    /// else describes its shape: `rows`, `holes`, `circuits`, `track` and
    /// stores other than `none` are refused beside it.
    fn circle_board(
        &mut self,
        statements: &[&Statement],
        n: Option<u64>,
        span: Span,
        stores: Option<Stores>,
    ) -> Option<Board> {
        let mut ok = true;
        let mut owners_st = None;
        for s in statements.iter().filter(|s| s.head.name != "circle") {
            if s.head.name == "owners" {
                owners_st = Some(*s);
                continue;
            }
            let name = s.head.name.as_str();
            if name == "stores" && stores == Some(Stores::None) {
                continue;
            }
            let help = match name {
                "rows" | "holes" => "`circle N` gives the board's shape in full: leave this out",
                "facing" => "on a circle no hole faces another: leave this out",
                "stores" => "a circle has no stores: write `stores none` or leave it out (captured seeds are held beside the board)",
                _ => "both players sow round the whole circle: leave this out",
            };
            if !BOARD.contains(&name) {
                continue;
            }
            self.diags.push(
                Diagnostic::new(
                    Code::Contradiction,
                    s.span,
                    format!("`{name}` does not go with `circle`: a circle's holes are nobody's and both players sow round it"),
                    "not on a circle",
                )
                .with_related(span, "the circle")
                .with_help(help),
            );
            ok = false;
        }
        let holes = n? as u8;
        self.stores = Some(Stores::None);
        self.rows = Some(1);
        self.circle = true;
        self.per_player = Some(holes);
        let owners = match owners_st {
            Some(s) => Some(self.owners(s, holes)?),
            None => None,
        };
        if owners.is_some() {
            self.owned = true;
            self.general("the circle's holes have owners (`owners`)");
        }
        let board = Board { circle: true, owners, ..Board::new(1, holes) };
        ok.then_some(board)
    }

    /// `owners south "b c d" north "f g h"` on a circle of `holes` holes:
    /// each player's holes by letter (each hole at most once, and each
    /// player at least one); the holes in neither list are nobody's.
    fn owners(&mut self, s: &Statement, holes: u8) -> Option<[u64; 2]> {
        const USAGE: &str = "owners south \"b c d e f\" north \"h i j k l\"";
        let mut a = Args::new(s);
        let mut masks = [0u64; 2];
        let mut ok = true;
        for (p, word) in [(0, "south"), (1, "north")] {
            a.keyword(self, word, USAGE);
            let list = a.string(self, "the player's holes, by letter")?;
            let span = s.span;
            for name in list.split_whitespace() {
                let hole = crate::hole::Hole::from_letter(name).filter(|h| h.index() < holes);
                let Some(hole) = hole else {
                    self.diags.push(
                        Diagnostic::new(
                            Code::OutOfRange,
                            span,
                            format!("`{name}` is not a hole of this circle of {holes} holes"),
                            "no such hole",
                        )
                        .with_help(format!("the circle's holes are `a` to `{}`", crate::hole::Hole::at(holes - 1))),
                    );
                    ok = false;
                    continue;
                };
                let bit = 1u64 << hole.index();
                if (masks[0] | masks[1]) & bit != 0 {
                    self.diags.push(
                        Diagnostic::new(Code::Duplicate, span, format!("hole `{name}` is given twice"), "twice")
                            .with_help("a hole has one owner at most: name it once"),
                    );
                    ok = false;
                }
                masks[p] |= bit;
            }
            if list.split_whitespace().next().is_none() {
                self.diags.push(
                    Diagnostic::new(Code::Missing, span, format!("{word} owns no hole"), "no hole")
                        .with_help(format!("name the holes {word} owns: `{USAGE}`")),
                );
                ok = false;
            }
        }
        a.finish(self);
        ok.then_some(masks)
    }

    /// Whether the shape `rows` × `holes` can be laid out, and fits the
    /// caps of a position ([`MAX_HOLES`] holes a player, [`MAX_CELLS`] cells).
    fn shape_fits(&mut self, board: &Board, rows_span: Span, holes_span: Span) -> Option<()> {
        let (rows, holes) = (board.rows, board.holes);
        if matches!(rows, 1 | 3 | 5) && !holes.is_multiple_of(2) {
            let why = if rows == 1 { "each player owns half the row" } else { "each player owns half the middle row" };
            self.diags.push(
                Diagnostic::new(
                    Code::OutOfRange,
                    holes_span,
                    format!("a board of {} has an even number of holes a row", plural_rows(rows)),
                    "odd",
                )
                .with_related(rows_span, "rows")
                .with_help(why),
            );
            return None;
        }
        let pp = board.per_player();
        let cells = board.cells();
        if u64::from(pp) > MAX_HOLES || cells > MAX_CELLS {
            self.diags.push(
                Diagnostic::new(
                    Code::OutOfRange,
                    holes_span,
                    format!(
                        "{} of {holes} holes gives each player {pp} holes: a player can own at most {MAX_HOLES} (positions hold at most {MAX_CELLS} cells)",
                        plural_rows(rows)
                    ),
                    "too many",
                )
                .with_related(rows_span, "rows")
                .with_help(format!(
                    "at most {} holes a row on {}: wider boards are not supported yet",
                    widest(rows),
                    plural_rows(rows)
                )),
            );
            return None;
        }
        Some(())
    }

    /// `track PLAYER clockwise|counterclockwise` or `track PLAYER "S.a …"`.
    fn track(&mut self, s: &Statement, board: &mut Board) -> Option<()> {
        let mut a = Args::new(s);
        let p = a.choice(self, "the player whose track it is", &["south", "north"]).map(|i| Player::BOTH[i]);
        // `"…"`: the counterclockwise track written out; `clockwise` or
        // `counterclockwise`: which way round; `clockwise "…"`: the
        // clockwise track written out.
        let way = if a.peek_is_string() {
            None
        } else {
            Some(a.choice(self, "the track", &["counterclockwise", "clockwise"])?)
        };
        let written = (way != Some(0) && a.peek_is_string()).then(|| a.string(self, "the track"));
        a.finish(self);
        let p = p?;
        let Some(text) = written else {
            board.reversed[p.index()] = way == Some(1);
            return Some(());
        };
        let text = text?;
        if board.stores != Stores::None {
            self.diags.push(
                Diagnostic::new(Code::Contradiction, s.span, "a track written out cannot pass stores yet", "stores")
                    .with_help("write `stores none`, or leave the track to the board's shape"),
            );
            return None;
        }
        let cells = self.track_cells(s.span, p, &text, board.per_player())?;
        if way == Some(1) {
            board.clockwise[p.index()] = Some(cells);
            self.clockwise_track = Some(s.span);
            self.general("a player's clockwise track is written out (`track PLAYER clockwise \"…\"`)");
        } else {
            board.tracks[p.index()] = Some(cells);
        }
        Some(())
    }

    /// `facing "S.a N.f, S.b N.e, …"`: which hole faces which, written out
    /// as pairs, each of a hole of South's and one of North's; every hole
    /// of the board in one pair. Read by `opposite` in place of the shape's
    /// facing relation.
    fn facing(&mut self, s: &Statement, board: &mut Board) -> Option<()> {
        let mut a = Args::new(s);
        let text = a.string(self, "the pairs of facing holes");
        a.finish(self);
        let text = text?;
        let pp = board.per_player();
        let bad = |ck: &mut Checker, message: String, help: String| {
            ck.diags.push(Diagnostic::new(Code::OutOfRange, s.span, message, "these pairs").with_help(help));
            None
        };
        let last = crate::hole::Hole::at(pp - 1);
        let name = |c: u8| {
            let (p, i) = if c < pp { (Player::South, c) } else { (Player::North, c - pp) };
            format!("{}.{}", p.letter(), crate::hole::Hole::at(i))
        };
        let mut facing: Vec<Option<u8>> = vec![None; usize::from(2 * pp)];
        for pair in text.split(',') {
            let words: Vec<&str> = pair.split_whitespace().collect();
            if words.is_empty() && text.trim().is_empty() {
                break;
            }
            let [x, y] = words[..] else {
                return bad(
                    self,
                    format!("`{}` is not a pair of holes", pair.trim()),
                    "write the pairs `S.a N.f, S.b N.e, …`: two holes each, the pairs apart by commas".to_string(),
                );
            };
            let mut cells = [0u8; 2];
            for (k, word) in [x, y].into_iter().enumerate() {
                let c = word.split_once('.').and_then(|(who, letter)| {
                    let first = match who {
                        "S" => 0,
                        "N" => pp,
                        _ => return None,
                    };
                    let h = crate::hole::Hole::from_letter(letter).filter(|h| h.index() < pp)?;
                    Some(first + h.index())
                });
                let Some(c) = c else {
                    return bad(
                        self,
                        format!("`{word}` is not a hole of this board"),
                        format!("name each hole by its owner and letter, `S.a` to `S.{last}` and `N.a` to `N.{last}`"),
                    );
                };
                if facing[usize::from(c)].is_some() || (k == 1 && c == cells[0]) {
                    return bad(
                        self,
                        format!("`{word}` is in two pairs"),
                        "each hole faces one hole: name it in one pair only".to_string(),
                    );
                }
                cells[k] = c;
            }
            if (cells[0] < pp) == (cells[1] < pp) {
                return bad(
                    self,
                    format!("`{x}` and `{y}` are the same player's holes"),
                    "a hole faces a hole of the other player's: pair each of South's holes with one of North's"
                        .to_string(),
                );
            }
            facing[usize::from(cells[0])] = Some(cells[1]);
            facing[usize::from(cells[1])] = Some(cells[0]);
        }
        if let Some(missing) = (0..2 * pp).find(|&c| facing[usize::from(c)].is_none()) {
            return bad(
                self,
                format!("`{}` faces no hole: it is in no pair", name(missing)),
                "every hole of the board faces one hole of the other player's: name each in one pair".to_string(),
            );
        }
        board.facing = Some(facing.into_iter().flatten().collect());
        Some(())
    }

    /// The cells of a track written out: each hole as `S.a` or `N.c`, every
    /// hole of `p`'s in it, none twice.
    fn track_cells(&mut self, span: Span, p: Player, text: &str, pp: u8) -> Option<Vec<u8>> {
        let mut cells: Vec<u8> = Vec::new();
        let bad = |ck: &mut Checker, message: String, help: &str| {
            ck.diags.push(Diagnostic::new(Code::OutOfRange, span, message, "this track").with_help(help.to_string()));
            None
        };
        for word in text.split_whitespace() {
            let hole = word.split_once('.').and_then(|(who, letter)| {
                let q = match who {
                    "S" => Player::South,
                    "N" => Player::North,
                    _ => return None,
                };
                let h = crate::hole::Hole::from_letter(letter).filter(|h| h.index() < pp)?;
                Some(if q == Player::South { h.index() } else { pp + h.index() })
            });
            let Some(c) = hole else {
                let last = crate::hole::Hole::at(pp - 1);
                return bad(
                    self,
                    format!("`{word}` is not a hole of this board"),
                    &format!("name each hole by its owner and letter, `S.a` to `S.{last}` and `N.a` to `N.{last}`"),
                );
            };
            if cells.contains(&c) {
                return bad(self, format!("`{word}` comes twice in the track"), "a track passes each hole once a lap");
            }
            cells.push(c);
        }
        let first = if p == Player::South { 0 } else { pp };
        if let Some(missing) = (first..first + pp).find(|c| !cells.contains(c)) {
            let name = format!("{}.{}", p.letter(), crate::hole::Hole::at(missing - first));
            return bad(
                self,
                format!("{p}'s track leaves out their hole `{name}`"),
                "a player's track passes every hole they own (and any of the other's they sow into)",
            );
        }
        Some(cells)
    }

    /// What a player's `holes` holes are, for messages about a list of
    /// one number per hole: "a row has 6 holes", on four rows "a player
    /// has 16 holes, two rows of 8", on three rows "a player has 9 holes,
    /// a row of 6 and 3 of the middle row".
    fn holes_of_a_player(&self, holes: u8) -> String {
        if self.circle {
            return format!("the circle has {holes} holes");
        }
        match self.rows {
            Some(1) => format!("a player has {holes} holes, half the row"),
            Some(3) => {
                format!("a player has {holes} holes, a row of {} and {} of the middle row", holes / 3 * 2, holes / 3)
            }
            Some(5) => {
                let row = holes * 2 / 5;
                format!("a player has {holes} holes, two rows of {row} and {} of the middle row", row / 2)
            }
            Some(r @ (4 | 6)) => {
                let k = r / 2;
                format!("a player has {holes} holes, {} rows of {}", if k == 2 { "two" } else { "three" }, holes / k)
            }
            _ => format!("a row has {holes} holes"),
        }
    }

    fn setup(&mut self, st: &Statement, holes: u8) -> Option<([Vec<u16>; 2], Option<Drawn>)> {
        let mut seeds = None;
        let mut seeds_span = None;
        let (statements, seen) = self.section(st, &SETUP, &[])?;
        for s in statements {
            let mut a = Args::new(s);
            if s.head.name == "hand" {
                self.hand_statement(&mut a);
                a.finish(self);
                continue;
            }
            if self.circle && matches!(a.peek_word(), Some("drawn" | "south" | "north")) {
                self.diags.push(
                    Diagnostic::new(
                        Code::Contradiction,
                        s.span,
                        "on a circle the setup gives every hole its seeds: nobody owns a hole, and none are drawn",
                        "not on a circle",
                    )
                    .with_help("write `seeds 4`, or one number per hole of the circle, `a` first: `seeds [4, 4, 4]`"),
                );
                return None;
            }
            seeds = if a.peek_word() == Some("drawn") {
                // The draw seeded 0 stands for the setup where one is read.
                self.drawn(&mut a, holes, s.span).map(|d| (d.lay(holes, 0), Some(d)))
            } else {
                a.seeds(self, holes).map(|s| (s, None))
            };
            seeds_span = Some(s.span);
            a.finish(self);
        }
        // The board may start empty when the players hold seeds in hand
        // (Omweso's arrangement: every seed is placed from the hand).
        let on_board: u64 = seeds.iter().flat_map(|(rows, _)| rows.iter().flatten()).map(|&n| u64::from(n)).sum();
        let in_hand: u64 = self.hands.iter().flatten().map(|&n| u64::from(n)).sum();
        if let Some(span) = seeds_span.filter(|_| seeds.is_some() && on_board == 0 && in_hand == 0) {
            let help = if self.hands.is_some() {
                "put at least one seed in a hole or in a hand"
            } else {
                "put at least one seed in a hole"
            };
            self.diags.push(
                Diagnostic::new(Code::OutOfRange, span, "the board starts with no seeds", "no seeds").with_help(help),
            );
            return None;
        }
        if !seen.has("seeds") && !self.attempted("seeds") {
            self.diags.push(
                Diagnostic::new(
                    Code::Missing,
                    st.head.span,
                    "`setup` does not say how many seeds each hole holds",
                    "in this setup",
                )
                .with_help("add `seeds 4`, or a list with one number per hole: `seeds [4, 4, 4, 4, 4, 4]`"),
            );
        }
        if self.circle {
            // The circle stands in South's cells; North's stay empty.
            return seeds.map(|([circle, north], d)| ([circle, vec![0; north.len()]], d));
        }
        seeds
    }

    fn sowing(&mut self, st: &Statement, total: i64, lap_limit: i64) -> Option<Sowing> {
        let (mut direction, mut first_seed, mut origin) = (None, None, None);
        // The first relay that closes the hole it lifts.
        let mut closing_span = None;
        let mut origin_span = Span::default();
        let mut first_span = Span::default();
        let mut relays = Vec::new();
        let mut toll = None;
        let mut closed_toll = None;
        let mut take = None;
        let mut skip = None;
        let (statements, seen) = self.section(st, &SOWING, &["relay"])?;
        for s in statements {
            let mut a = Args::new(s);
            match s.head.name.as_str() {
                "direction" => {
                    direction = a
                        .choice(self, "direction", &["counterclockwise", "clockwise", "chosen"])
                        .map(|i| [Direction::Counterclockwise, Direction::Clockwise, Direction::Chosen][i]);
                }
                "first_seed" => {
                    first_span = s.span;
                    first_seed = a
                        .choice(self, "first_seed", &["next", "origin", "origin_unless_single"])
                        .map(|i| [FirstSeed::Next, FirstSeed::Origin, FirstSeed::OriginUnlessSingle][i]);
                }
                "origin" => {
                    origin_span = s.span;
                    origin = a
                        .choice(self, "origin", &["sown", "skipped", "lap_skipped"])
                        .map(|i| [OriginPolicy::Sown, OriginPolicy::Skipped, OriginPolicy::LapSkipped][i]);
                }
                "toll" => {
                    let seeds = a.int(self, "the seeds each lap gives", 1, u64::from(u16::MAX), None);
                    a.keyword(self, "to", "toll 1 to mover");
                    let scope = Scope {
                        dropped: false,
                        landing: false,
                        first_lap: true,
                        lifted: false,
                        place: "the `toll` rule",
                    };
                    let to = a.expr(self, "a player").and_then(|e| self.player(e, scope));
                    if let (Some(seeds), Some(to)) = (seeds, to) {
                        toll = Some(Toll { seeds: seeds as u16, to, span: s.span });
                    }
                }
                "take" => {
                    let seeds = a.int(self, "the seeds a move takes", 1, MAX_TOTAL_SEEDS, None);
                    let scope = Scope {
                        dropped: false,
                        landing: false,
                        first_lap: false,
                        lifted: false,
                        place: "the `take` rule",
                    };
                    let when = a.when(self, scope);
                    self.general("a move takes part of its hole's seeds (`take`)");
                    if let (Some(seeds), Some(when)) = (seeds, when) {
                        take = Some(Take { seeds: seeds as u16, when, span: s.span });
                    }
                }
                "skip" => {
                    let scope = Scope {
                        dropped: true,
                        landing: false,
                        first_lap: false,
                        lifted: false,
                        place: "the `skip` rule",
                    };
                    let when = a.when(self, scope);
                    self.general("a sowing passes over holes where a condition holds (`skip when`)");
                    if let Some(when) = when {
                        skip = Some(Skip { when, span: s.span });
                    }
                }
                "closed_toll" => {
                    a.keyword(self, "to", "closed_toll to south when hole in opponent_row");
                    let scope = Scope {
                        dropped: true,
                        landing: false,
                        first_lap: true,
                        lifted: false,
                        place: "the `closed_toll` rule",
                    };
                    let to = a.expr(self, "a player").and_then(|e| self.player(e, scope));
                    let when = a.when(self, scope);
                    if let (Some(to), Some(when)) = (to, when) {
                        closed_toll = Some(ClosedToll { to, when, span: s.span });
                    }
                }
                _ => {
                    const USAGE: &str =
                        "relay lift [N of] HOLE [and HOLE] [from HOLE] [clockwise|counterclockwise|chosen] [closing] when CONDITION";
                    let scope = Scope {
                        dropped: false,
                        landing: true,
                        first_lap: false,
                        lifted: true,
                        place: "a `relay` rule",
                    };
                    a.keyword(self, "lift", USAGE);
                    // `relay lift 2 of HOLE`: at most that many of the hole's seeds.
                    let part = match a.peek_int() {
                        Some(_) => {
                            let n = a.int(self, "the seeds lifted", 1, MAX_TOTAL_SEEDS, None);
                            a.keyword(self, "of", USAGE);
                            Some(n)
                        }
                        None => None,
                    };
                    let holes = a.holes_expr(self, "the hole to lift").and_then(|e| self.holes(e, scope));
                    let from = if a.peek_word() == Some("from") {
                        a.keyword(self, "from", USAGE);
                        Some(a.expr(self, "the hole the lap starts from").and_then(|e| self.hole(e, scope)))
                    } else {
                        None
                    };
                    let (turn, chosen) = match a.peek_word() {
                        Some(w @ ("clockwise" | "counterclockwise")) => {
                            a.keyword(self, w, USAGE);
                            self.reads_lap = true;
                            (Some(w == "clockwise"), false)
                        }
                        Some("chosen") => {
                            a.keyword(self, "chosen", USAGE);
                            self.reads_lap = true;
                            self.general("the mover chooses the way a relay sows on (`relay … chosen`)");
                            (None, true)
                        }
                        _ => (None, false),
                    };
                    let closes = a.peek_word() == Some("closing");
                    if closes {
                        closing_span.get_or_insert(s.span);
                        a.keyword(self, "closing", USAGE);
                    }
                    let when = a.when(self, scope);
                    a.finish(self);
                    let from = match from {
                        Some(None) => continue,
                        Some(Some(h)) => Some(h),
                        None => None,
                    };
                    let part = match part {
                        Some(None) => continue,
                        Some(Some(n)) => Some(n as u16),
                        None => None,
                    };
                    if let (Some((lift, also)), Some(when)) = (holes, when) {
                        if part.is_some() && (!also.is_empty() || closes) {
                            self.diags.push(
                                Diagnostic::new(
                                    Code::Contradiction,
                                    s.span,
                                    "a relay lifting part of a hole lifts one hole and leaves it open",
                                    "`N of` with `and` or `closing`",
                                )
                                .with_help(
                                    "lift the whole holes (leave out `N of`), or leave out `and …` and `closing`",
                                ),
                            );
                            continue;
                        }
                        if part.is_some() {
                            self.general("a relay lifts part of a hole (`relay lift N of`)");
                        }
                        self.warn_never(&when, scope, total, lap_limit, s);
                        relays.push(Relay { lift, part, also, from, turn, chosen, closes, when, span: s.span });
                    }
                    continue;
                }
            }
            a.finish(self);
        }
        let missing: Vec<(&str, &str)> =
            [("direction", "direction counterclockwise"), ("first_seed", "first_seed next"), ("origin", "origin sown")]
                .into_iter()
                .filter(|(name, _)| seen.0.iter().all(|(h, _)| h != name))
                .collect();
        self.report_missing(st, "`sowing` does not declare {}", &missing);
        if matches!(first_seed, Some(FirstSeed::Origin | FirstSeed::OriginUnlessSingle))
            && matches!(origin, Some(OriginPolicy::Skipped | OriginPolicy::LapSkipped))
        {
            self.diags.push(
                Diagnostic::new(
                    Code::Contradiction,
                    origin_span,
                    "the origin cannot be skipped when the first seed goes back into it",
                    "skipped here",
                )
                .with_related(first_span, "first seed into the origin here")
                .with_help("choose `origin sown`, or `first_seed next`"),
            );
            return None;
        }
        if let (Some(FirstSeed::Origin | FirstSeed::OriginUnlessSingle), Some(closing)) = (first_seed, closing_span) {
            self.diags.push(
                Diagnostic::new(
                    Code::Contradiction,
                    closing,
                    "a relay cannot close the hole its lap's first seed goes back into",
                    "closes the hole it lifts",
                )
                .with_related(first_span, "first seed into the lifted hole here")
                .with_help("choose `first_seed next`, or leave out `closing`"),
            );
            return None;
        }
        Some(Sowing {
            direction: direction?,
            first_seed: first_seed?,
            origin: origin?,
            relays,
            toll,
            closed_toll,
            skip,
            take,
        })
    }

    fn warn_never(&mut self, c: &Cond, scope: Scope, total: i64, lap_limit: i64, st: &Statement) {
        if never_true(c, total, lap_limit) {
            let when_span =
                st.args.iter().skip_while(|a| a.as_word() != Some("when")).nth(1).map_or(st.span, Arg::span);
            self.diags.push(
                Diagnostic::new(Code::NeverFires, when_span, "this condition can never be true", "never true")
                    .with_help(match scope.dropped {
                        true => "after a drop the hole holds at least one seed, and no hole holds more than all the seeds in play",
                        false => "no hole holds fewer than 0 seeds or more than all the seeds in play, and laps start at 1",
                    }),
            );
        }
    }

    fn trigger(&mut self, st: &Statement, total: i64, lap_limit: i64) -> Option<Trigger> {
        self.enter(&ACTIONS);
        let mut a = Args::new(st);
        let event = match a.choice(self, "on", &["drop", "sowing_end", "lap_end", "move_start"])? {
            0 => {
                let last = match a.peek_word() {
                    Some("including") | Some("excluding") => {
                        let inc = a.choice(self, "drop", &["including", "excluding"]) == Some(0);
                        a.keyword(self, "last", "on drop including last when …");
                        inc
                    }
                    _ => true,
                };
                Event::Drop { last_seed: last }
            }
            1 => Event::SowingEnd,
            2 => Event::LapEnd,
            _ => Event::MoveStart,
        };
        let scope = match event {
            Event::Drop { .. } => {
                Scope { dropped: true, landing: true, first_lap: false, lifted: true, place: "an `on drop` rule" }
            }
            Event::SowingEnd => Scope {
                dropped: false,
                landing: true,
                first_lap: false,
                lifted: true,
                place: "an `on sowing_end` rule",
            },
            Event::LapEnd => {
                Scope { dropped: false, landing: true, first_lap: false, lifted: true, place: "an `on lap_end` rule" }
            }
            // The seeds are lifted, none sown yet: `lifted`, but no `landing` or `laps`.
            Event::MoveStart => Scope {
                dropped: false,
                landing: false,
                first_lap: false,
                lifted: true,
                place: "an `on move_start` rule",
            },
        };
        let when = if a.peek_word() == Some("when") { a.when(self, scope) } else { Some(Cond::True) };
        a.finish(self);
        let line = Span::new(st.span.start, st.args.last().map_or(st.head.span.end, |x| x.span().end));
        let actions = match self.block(st) {
            Some(body) => self.actions(body, scope, event),
            None => Vec::new(),
        };
        if st.block.as_ref().is_some_and(|b| b.statements.is_empty()) {
            self.diags.push(
                Diagnostic::new(Code::NeverFires, line, "this rule does nothing", "empty block")
                    .with_help("add an action such as `capture HOLE to PLAYER`, or remove the rule"),
            );
        }
        let when = when?;
        self.warn_never(&when, scope, total, lap_limit, st);
        Some(Trigger { event, when, actions, span: line })
    }

    /// The actions of a rule's block (or of a `sweep`, `if` or `choose`
    /// inside one), for a rule run at `event` (which some actions are refused).
    fn actions(&mut self, body: &[Statement], scope: Scope, event: Event) -> Vec<Action> {
        let mut actions = Vec::new();
        for (i, s) in body.iter().enumerate() {
            if !matches!(s.head.name.as_str(), "sweep" | "if" | "choose") {
                self.no_block(s);
            }
            let mut b = Args::new(s);
            let before = actions.len();
            match s.head.name.as_str() {
                "capture" if b.peek_word() == Some("every") => {
                    const USAGE: &str = "capture every hole where CONDITION to PLAYER";
                    b.keyword(self, "every", USAGE);
                    b.keyword(self, "hole", USAGE);
                    b.keyword(self, "where", USAGE);
                    let inner = Scope { dropped: true, ..scope };
                    let where_ = b.expr(self, "a condition").and_then(|e| self.cond(e, inner));
                    b.keyword(self, "to", USAGE);
                    let (to, to_hand) = match b.expr(self, "a player") {
                        Some(e) if hands::is_hand(e) => (self.hand_target(e, scope), true),
                        e => (e.and_then(|e| self.player(e, scope)), false),
                    };
                    if let (Some(where_), Some(to)) = (where_, to) {
                        actions.push(Action::CaptureEvery { where_, to, to_hand, span: s.span });
                    }
                }
                "return" => {
                    const USAGE: &str = "return 1 from PLAYER to every hole where CONDITION";
                    let seeds = b.int(self, "the seeds each hole gets", 1, MAX_TOTAL_SEEDS, None);
                    b.keyword(self, "from", USAGE);
                    let from = b.expr(self, "a player").and_then(|e| self.player(e, scope));
                    b.keyword(self, "to", USAGE);
                    b.keyword(self, "every", USAGE);
                    b.keyword(self, "hole", USAGE);
                    b.keyword(self, "where", USAGE);
                    let inner = Scope { dropped: true, ..scope };
                    let where_ = b.expr(self, "a condition").and_then(|e| self.cond(e, inner));
                    self.general("seeds held go back to the board (`return`)");
                    if let (Some(seeds), Some(from), Some(where_)) = (seeds, from, where_) {
                        actions.push(Action::Return { seeds: seeds as u16, from, where_, span: s.span });
                    }
                }
                "if" => {
                    let when = b.expr(self, "a condition").and_then(|e| self.cond(e, scope));
                    b.finish(self);
                    let body = self.block(s).unwrap_or_default();
                    let inner = self.actions(body, scope, event);
                    self.enter(&ACTIONS);
                    if let Some(when) = when {
                        actions.push(Action::If { when, actions: inner, span: s.span });
                    }
                    continue;
                }
                "capture" | "claim" => {
                    // `capture N from HOLE to PLAYER` takes at most N seeds (a number
                    // not followed by `to` starts that form too, its `from` left out).
                    let word = |i: usize| s.args.get(i).and_then(Arg::as_word);
                    let number_first =
                        matches!(s.args.first(), Some(Arg::Expr(e)) if matches!(e.kind, ExprKind::Int(_)));
                    let counted = s.head.name == "capture"
                        && (word(1) == Some("from") || (number_first && word(1) != Some("to")));
                    let (joiner, usage) = match s.head.name.as_str() {
                        "claim" => ("for", "claim HOLE for PLAYER"),
                        _ if counted => ("to", "capture 2 from HOLE to PLAYER"),
                        _ => ("to", "capture HOLE to PLAYER"),
                    };
                    // `Some(None)`: every seed; `None`: a count was written, but wrongly.
                    let at_most = if counted {
                        let n = b.int(self, "the seeds taken", 1, MAX_TOTAL_SEEDS, None);
                        b.keyword_before(self, "from", usage);
                        n.map(|n| Some(n as u16))
                    } else {
                        Some(None)
                    };
                    let hole = b.expr(self, "a hole").and_then(|e| self.hole(e, scope));
                    b.keyword(self, joiner, usage);
                    // `capture HOLE to HOLE`: a target written as a hole;
                    // `capture HOLE to hand(PLAYER)`: into a player's hand.
                    let mut to_hand = false;
                    let (who, into) = match b.expr(self, "a player") {
                        Some(e) if s.head.name == "capture" && is_hole(e) => {
                            (Some(PlayerRef::Mover), self.hole(e, scope).map(Some))
                        }
                        Some(e) if s.head.name == "capture" && hands::is_hand(e) => {
                            to_hand = true;
                            (self.hand_target(e, scope), Some(None))
                        }
                        e => (e.and_then(|e| self.player(e, scope)), Some(None)),
                    };
                    if let (Some(hole), Some(who), Some(at_most), Some(into)) = (hole, who, at_most, into) {
                        actions.push(match s.head.name.as_str() {
                            "capture" => Action::Capture { hole, to: who, at_most, span: s.span, into, to_hand },
                            _ => Action::Claim { hole, by: who, span: s.span },
                        });
                    }
                }
                "set" | "clear" => {
                    if let Some(action) = self.memory_action(s, &mut b, scope) {
                        actions.push(action);
                    }
                }
                "extra_turn" => {
                    if event != Event::SowingEnd {
                        self.diags.push(
                            Diagnostic::new(
                                Code::Contradiction,
                                s.span,
                                "an extra turn can only be given when the sowing ends",
                                format!("in {}", scope.place),
                            )
                            .with_help("move it to an `on sowing_end` rule"),
                        );
                    }
                    actions.push(Action::ExtraTurn { span: s.span });
                }
                "choose" => {
                    const USAGE: &str = "choose hole where CONDITION { … }";
                    // (The line: traces cite it, diagnostics point at it.)
                    let line = Span::new(s.span.start, s.args.last().map_or(s.head.span.end, |x| x.span().end));
                    b.keyword(self, "hole", USAGE);
                    b.keyword(self, "where", USAGE);
                    let inner = Scope { dropped: true, ..scope };
                    let where_ = b.expr(self, "a condition").and_then(|e| self.cond(e, inner));
                    let optional = b.peek_word() == Some("optional");
                    if optional {
                        b.keyword(self, "optional", USAGE);
                    }
                    b.finish(self);
                    let body = self.block(s).unwrap_or_default();
                    let inner_actions = self.actions(body, inner, event);
                    self.enter(&ACTIONS);
                    if matches!(event, Event::Drop { .. }) {
                        self.diags.push(
                            Diagnostic::new(
                                Code::Contradiction,
                                line,
                                "the mover cannot be asked to choose at every seed dropped",
                                format!("in {}", scope.place),
                            )
                            .with_help("move it to an `on lap_end`, `on move_start` or `on sowing_end` rule"),
                        );
                    }
                    self.general("a rule asks the mover to choose (`choose`)");
                    if let Some(where_) = where_ {
                        actions.push(Action::Choose { where_, optional, actions: inner_actions, span: line });
                    }
                    continue;
                }
                "sweep" => {
                    let usage = "sweep backward from HOLE while CONDITION { … }";
                    let backward = b.choice(self, "sweep", &["backward", "forward"]).map(|i| i == 0);
                    b.keyword(self, "from", usage);
                    let from = b.expr(self, "the first hole").and_then(|e| self.hole(e, scope));
                    let inner = Scope { dropped: true, ..scope };
                    let while_ = {
                        b.keyword(self, "while", usage);
                        b.expr(self, "a condition").and_then(|e| self.cond(e, inner))
                    };
                    b.finish(self);
                    let body = self.block(s).unwrap_or_default();
                    let inner_actions = self.actions(body, inner, event);
                    self.enter(&ACTIONS);
                    if let (Some(backward), Some(from), Some(while_)) = (backward, from, while_) {
                        actions.push(Action::Sweep { backward, from, while_, actions: inner_actions, span: s.span });
                    }
                    continue;
                }
                "forfeit" => {
                    let when = b.when(self, scope);
                    b.finish(self);
                    if i + 1 != body.len() && body[i + 1..].iter().any(|later| later.head.name != "forfeit") {
                        self.diags.push(
                            Diagnostic::new(
                                Code::Contradiction,
                                s.span,
                                "`forfeit` must be the block's last action",
                                "not last",
                            )
                            .with_help("move it after the actions it may undo"),
                        );
                    }
                    if let Some(when) = when {
                        actions.push(Action::Forfeit { when, span: s.span });
                    }
                    continue;
                }
                _ => {
                    self.unknown_statement(s, &ACTIONS, "a rule's block");
                    continue;
                }
            }
            // `capture …`, `claim …`, `extra_turn` may end with `when CONDITION`.
            if b.peek_word() == Some("when") {
                let when = b.when(self, scope);
                if let Some(when) = when.filter(|_| actions.len() > before) {
                    let action = actions.pop().expect("an action was just read");
                    actions.push(Action::If { when, actions: vec![action], span: s.span });
                }
            }
            b.finish(self);
        }
        actions
    }

    fn moves(&mut self, st: &Statement) -> Option<Moves> {
        let (mut lift, mut limit, mut must_leave, mut capturing) = (None, None, None, None);
        let mut prefer = Vec::new();
        let mut endless_award = None;
        let mut both_rows = false;
        let mut place = None;
        let (statements, seen) = self.section(st, &MOVES, &["prefer"])?;
        // `capturing when` and `prefer` are judged as `lift when` is.
        let judged =
            Scope { dropped: false, landing: false, first_lap: true, lifted: false, place: "a move's judgement" };
        for s in statements {
            let mut a = Args::new(s);
            if s.head.name == "lift" {
                both_rows = a.peek_word() == Some("from");
                if both_rows {
                    a.keyword(self, "from", "lift from both_rows when count(origin) > 0");
                    a.keyword(self, "both_rows", "lift from both_rows when count(origin) > 0");
                }
                let scope =
                    Scope { dropped: false, landing: false, first_lap: true, lifted: false, place: "the `lift` rule" };
                lift = a.when(self, scope).map(|c| (c, s.span));
            } else if s.head.name == "place" {
                let scope =
                    Scope { dropped: false, landing: false, first_lap: true, lifted: false, place: "the `place` rule" };
                let when = a.when(self, scope);
                if self.needs_hands(s.span, "`place` puts a seed from the mover's hand into a hole") {
                    place = when.map(|when| Judged { when, span: s.span });
                }
            } else if s.head.name == "capturing" {
                self.in_capturing = true;
                let when = a.when(self, Scope { place: "the `capturing` rule", ..judged });
                self.in_capturing = false;
                capturing = when.map(|when| Judged { when, span: s.span });
            } else if s.head.name == "prefer" {
                let scope = Scope { place: "a `prefer` rule", ..judged };
                if let Some(when) = a.expr(self, "the condition preferred moves meet").and_then(|e| self.cond(e, scope))
                {
                    prefer.push(Judged { when, span: s.span });
                }
            } else if s.head.name == "must_leave" {
                let scope = Scope {
                    dropped: false,
                    landing: false,
                    first_lap: false,
                    lifted: false,
                    place: "the `must_leave` rule",
                };
                let after = a.expr(self, "the condition the move must leave").and_then(|e| self.cond(e, scope));
                let before = a.when(self, scope);
                let if_possible = a.peek_word() == Some("if_possible");
                if if_possible {
                    a.keyword(self, "if_possible", "must_leave CONDITION when CONDITION if_possible");
                }
                let either_direction = a.peek_word() == Some("either_direction");
                if either_direction {
                    a.keyword(self, "either_direction", "must_leave CONDITION when CONDITION either_direction");
                }
                if let (Some(after), Some(before)) = (after, before) {
                    must_leave = Some(MustLeave { after, before, if_possible, either_direction, span: s.span });
                }
            } else {
                a.keyword(self, "after", "endless after 10000 laps illegal");
                let n = a.int(self, "the lap limit", 1, MAX_LAP_LIMIT, None);
                a.keyword(self, "laps", "endless after 10000 laps illegal");
                let what = a
                    .choice(self, "endless after N laps", &["illegal", "ends_game"])
                    .map(|i| [Endless::Illegal, Endless::EndsGame][i]);
                // `ends_game remaining …`: the board awarded otherwise than by `no_moves`.
                if a.peek_word() == Some("remaining") {
                    if what == Some(Endless::Illegal) {
                        a.misplaced(
                            self,
                            "an award follows only `ends_game`: an illegal endless move ends nothing",
                            "no game ends here",
                            "write `endless after N laps ends_game remaining …`, or leave the award out",
                        );
                    } else {
                        endless_award = self.remaining(&mut a, "endless after 75 laps ends_game remaining divided");
                    }
                }
                limit = n.zip(what).map(|(n, what)| (n as u32, what, s.span));
            }
            a.finish(self);
        }
        self.require_statements(
            st,
            &seen,
            &[("lift", "lift when count(origin) > 0"), ("endless", "endless after 10000 laps illegal")],
        );
        let ((lift, lift_span), (lap_limit, endless, endless_span)) = (lift?, limit?);
        Some(Moves {
            lift,
            lift_span,
            both_rows,
            lap_limit,
            endless,
            endless_span,
            endless_award,
            must_leave,
            capturing,
            prefer,
            place,
        })
    }

    fn end(&mut self, st: &Statement) -> Option<End> {
        let (mut remaining, mut winner, mut over, mut repetition) = (None, None, None, None);
        let mut pass = false;
        let (statements, seen) = self.section(st, &END, &[])?;
        for s in statements {
            let mut a = Args::new(s);
            if s.head.name == "no_moves" {
                pass = a.peek_word() == Some("pass");
                if pass {
                    a.keyword(self, "pass", "no_moves pass remaining to owner");
                }
                remaining = if a.peek_word() == Some("keeping") {
                    a.keyword(self, "keeping", "no_moves keeping board");
                    a.keyword(self, "board", "no_moves keeping board");
                    Some((Remaining::Kept, s.span))
                } else {
                    self.remaining(&mut a, "no_moves remaining to last_mover").map(|r| (r, s.span))
                };
            } else if s.head.name == "over" {
                let scope =
                    Scope { dropped: false, landing: false, first_lap: false, lifted: false, place: "the `over` rule" };
                let when = a.when(self, scope);
                let sweep = a.peek_word() != Some("keeping");
                if !sweep {
                    a.keyword(self, "keeping", "over when CONDITION keeping board");
                    a.keyword(self, "board", "over when CONDITION keeping board");
                }
                over = when.map(|when| Over { when, sweep, span: s.span });
            } else if s.head.name == "repetition" {
                repetition = self.repetition(&mut a, s.span);
            } else {
                winner = a
                    .choice(self, "winner", &["most_captured", "last_mover", "deprive", "cleared"])
                    .map(|i| ([Winner::MostCaptured, Winner::LastMover, Winner::Deprive, Winner::Cleared][i], s.span));
            }
            a.finish(self);
        }
        self.require_statements(
            st,
            &seen,
            &[("no_moves", "no_moves remaining to last_mover"), ("winner", "winner most_captured")],
        );
        let (remaining, remaining_span) = remaining?;
        let (winner, winner_span) = winner?;
        Some(End { remaining, pass, remaining_span, winner, winner_span, over, repetition })
    }

    /// `remaining to last_mover|owner|claimer` or `remaining divided` (after `no_moves [pass]`).
    fn remaining(&mut self, a: &mut Args, usage: &str) -> Option<Remaining> {
        a.keyword(self, "remaining", usage);
        if a.peek_word() == Some("divided") {
            a.keyword(self, "divided", usage);
            return Some(Remaining::Divided);
        }
        a.keyword(self, "to", usage);
        if a.peek_word() == Some("divided") {
            a.misplaced(
                self,
                "`divided` names no player: it follows `remaining` without `to`",
                "not a player",
                "write `remaining divided`",
            );
            return None;
        }
        let at = a.peek_span();
        let who = a.choice(self, "remaining to", &["last_mover", "owner", "claimer"])?;
        if who > 0 {
            if let Some(at) = at.filter(|_| self.circle && !(self.owned && who == 1)) {
                let name = ["last_mover", "owner", "claimer"][who];
                self.diags.push(
                    Diagnostic::new(
                        Code::Contradiction,
                        at,
                        format!("the seeds left cannot go to their hole's `{name}`: on a circle nobody owns a hole"),
                        "not on a circle",
                    )
                    .with_help("write `remaining to last_mover`, `remaining divided` or `keeping board`"),
                );
                return None;
            }
        }
        Some([Remaining::LastMover, Remaining::Owner, Remaining::Claimer][who])
    }

    /// `repetition N [since capture] (remaining to WHO | split | draw)`.
    fn repetition(&mut self, a: &mut Args, span: Span) -> Option<Repetition> {
        const USAGE: &str = "repetition 2 since capture remaining to owner";
        let times = a.int(self, "the occurrence that ends the game", 2, 100, None)?;
        let since_capture = a.peek_word() == Some("since");
        if since_capture {
            a.keyword(self, "since", USAGE);
            a.keyword(self, "capture", USAGE);
        }
        let award = match a.peek_word() {
            Some("split") => {
                a.keyword(self, "split", USAGE);
                Award::Split
            }
            Some("draw") => {
                a.keyword(self, "draw", USAGE);
                Award::Draw
            }
            _ => Award::Remaining(self.remaining(a, USAGE)?),
        };
        Some(Repetition { times: times as u32, since_capture, award, span })
    }

    /// `starter WHO [tie to_move|waiting]`; a `tie` after a starter that
    /// cannot tie is a contradiction.
    fn starter(&mut self, a: &mut Args) -> Option<(Starter, Tie)> {
        const WORDS: [&str; 6] = ["receiver", "other", "alternate", "loser", "winner", "last_mover"];
        const STARTERS: [Starter; 6] = [
            Starter::Receiver,
            Starter::Other,
            Starter::Alternate,
            Starter::Loser,
            Starter::Winner,
            Starter::LastMover,
        ];
        let who = a.choice(self, "starter", &WORDS);
        if a.peek_word() != Some("tie") {
            return who.map(|i| (STARTERS[i], Tie::South));
        }
        let at = a.peek_span();
        a.keyword(self, "tie", "starter loser tie waiting");
        let tie = a.choice(self, "starter … tie", &["to_move", "waiting"]).map(|i| [Tie::ToMove, Tie::Waiting][i]);
        if let (Some(i), Some(at)) = (who, at) {
            if !matches!(STARTERS[i], Starter::Loser | Starter::Winner) {
                self.diags.push(
                    Diagnostic::new(
                        Code::Contradiction,
                        at,
                        format!(
                            "`tie` says who starts after a tied round, but `starter {}` does not ask who won",
                            WORDS[i]
                        ),
                        "no tie to break",
                    )
                    .with_help("write `tie` after `starter loser` or `starter winner`, or leave it out"),
                );
            }
        }
        Some((STARTERS[who?], tie?))
    }

    /// A refill's closing `chosen`, if written (the player lays the round out).
    fn refill_chosen(&mut self, a: &mut Args, usage: &str) -> bool {
        let chosen = a.peek_word() == Some("chosen");
        if chosen {
            a.keyword(self, "chosen", usage);
        }
        chosen
    }

    fn rounds(&mut self, st: &Statement) -> Option<Rounds> {
        let (mut refill, mut starter, mut end) = (None, None, None);
        let (statements, seen) = self.section(st, &MATCH, &[])?;
        for s in statements {
            let mut a = Args::new(s);
            match s.head.name.as_str() {
                "refill" if a.peek_word() == Some("setup") => {
                    // `refill setup [turned_after_north]`: nothing else follows.
                    a.keyword(self, "setup", "refill setup");
                    let turned_after_north = a.peek_word() == Some("turned_after_north");
                    if turned_after_north {
                        a.keyword(self, "turned_after_north", "refill setup turned_after_north");
                    }
                    refill =
                        Some((0, FillFrom::Setup { turned_after_north }, false, false, false, false, false, s.span));
                }
                "refill" => {
                    let n = a.int(self, "the seeds per refilled hole", 1, MAX_SEEDS_PER_HOLE, None);
                    a.keyword(self, "per", "refill 7 per hole from right");
                    a.keyword(self, "hole", "refill 7 per hole from right");
                    if a.peek_word() == Some("territory") {
                        // `refill 4 per hole territory [partial_to_loser] [setup [turned_after_north]]`.
                        a.keyword(self, "territory", "refill 4 per hole territory");
                        let partial_to_loser = a.peek_word() == Some("partial_to_loser");
                        if partial_to_loser {
                            a.keyword(self, "partial_to_loser", "refill 4 per hole territory partial_to_loser");
                        }
                        let setup = a.peek_word() == Some("setup");
                        if setup {
                            a.keyword(self, "setup", "refill 4 per hole territory setup");
                        }
                        let turned_after_north = setup && a.peek_word() == Some("turned_after_north");
                        if turned_after_north {
                            a.keyword(
                                self,
                                "turned_after_north",
                                "refill 4 per hole territory setup turned_after_north",
                            );
                        }
                        let chosen = self.refill_chosen(&mut a, "refill 4 per hole territory chosen");
                        let fill = FillFrom::Territory { partial_to_loser, setup, turned_after_north };
                        if let Some(n) = n {
                            refill = Some((n as u16, fill, false, false, false, false, chosen, s.span));
                        }
                        a.finish(self);
                        continue;
                    }
                    a.keyword(self, "from", "refill 7 per hole from right");
                    let side = a
                        .choice(self, "refill … from", &["right", "left", "outside", "south_left"])
                        .map(|i| [FillFrom::Right, FillFrom::Left, FillFrom::Outside, FillFrom::SouthLeft][i]);
                    let partial = a.peek_word() == Some("partial_last");
                    if partial {
                        a.keyword(self, "partial_last", "refill 4 per hole from right partial_last");
                    }
                    let open = a.peek_word() == Some("unfilled_open");
                    if open {
                        a.keyword(self, "unfilled_open", "refill 4 per hole from right unfilled_open");
                    }
                    let matched = a.peek_word() == Some("matched");
                    if matched {
                        a.keyword(self, "matched", "refill 3 per hole from left partial_last matched");
                    }
                    let loser_only = a.peek_word() == Some("loser_only");
                    if loser_only {
                        a.keyword(self, "loser_only", "refill 5 per hole from left loser_only");
                    }
                    let chosen = self.refill_chosen(&mut a, "refill 4 per hole from right chosen");
                    if let (Some(n), Some(side)) = (n, side) {
                        refill = Some((n as u16, side, partial, open, matched, loser_only, chosen, s.span));
                    }
                }
                "starter" => starter = self.starter(&mut a).map(|(who, tie)| (who, tie, s.span)),
                _ if a.peek_word() == Some("wins") => {
                    // `match_end wins N`: the first to win N rounds wins the match.
                    a.keyword(self, "wins", "match_end wins 5");
                    let n = a.int(self, "the rounds a player must win", 1, 255, None);
                    end = n.map(|n| (0, None, Some(n as u8), s.span));
                }
                _ => {
                    const USAGE: &str = "match_end below 7 after 20 rounds";
                    a.keyword(self, "below", USAGE);
                    let below = a.int(self, "the seeds a player needs to go on", 1, MAX_TOTAL_SEEDS, None);
                    // `after N rounds` (optional): `Some(None)` when it is written wrong.
                    let max_rounds = (a.peek_word() == Some("after")).then(|| {
                        a.keyword(self, "after", USAGE);
                        let n = a.int(self, "the rounds a match lasts at most", 1, MAX_ROUNDS, None);
                        a.keyword(self, "rounds", USAGE);
                        n.map(|n| n as u32)
                    });
                    end = match (below, max_rounds) {
                        (Some(n), None) => Some((n as u16, None, None, s.span)),
                        (Some(n), Some(Some(r))) => Some((n as u16, Some(r), None, s.span)),
                        _ => None,
                    };
                }
            }
            a.finish(self);
        }
        let missing: Vec<(&str, &str)> = [
            ("refill", "refill 7 per hole from right"),
            ("starter", "starter receiver"),
            ("match_end", "match_end below 7"),
        ]
        .into_iter()
        .filter(|(name, _)| seen.0.iter().all(|(h, _)| h != name))
        .collect();
        self.report_missing(st, "`match` does not declare {}", &missing);
        let (
            (per_hole, fill_from, partial_last, unfilled_open, matched, loser_only, chosen, refill_span),
            (starter, tie, starter_span),
            (end_below, max_rounds, wins, end_span),
        ) = (refill?, starter?, end?);
        if matches!(fill_from, FillFrom::Setup { .. }) != wins.is_some() {
            self.setup_refill_without_wins(refill_span, end_span, wins.is_some());
            return None;
        }
        let (needed, why) = least_holding(per_hole, fill_from, partial_last);
        if end_below < needed {
            self.diags.push(
                Diagnostic::new(
                    Code::Contradiction,
                    end_span,
                    format!(
                        "a player holding {} could fill no hole, yet the match would go on",
                        seeds(end_below, needed - 1)
                    ),
                    "too low",
                )
                .with_related(refill_span, why)
                .with_help(format!("write `match_end below {needed}`")),
            );
            return None;
        }
        if matched && loser_only {
            self.diags.push(
                Diagnostic::new(
                    Code::Contradiction,
                    refill_span,
                    "`matched` fills the richer player as many holes as the poorer, but under `loser_only` only the \
                     loser refills",
                    "only the loser refills",
                )
                .with_help("leave out `matched` (the winner keeps their row) or `loser_only` (both players refill)"),
            );
            return None;
        }
        if chosen && (partial_last || matched) {
            let word = if partial_last { "partial_last" } else { "matched" };
            self.diags.push(
                Diagnostic::new(
                    Code::Contradiction,
                    refill_span,
                    format!(
                        "`chosen` lets a player choose which holes are filled, each with {per_hole}, but `{word}` \
                         fills some hole otherwise"
                    ),
                    "a layout fills whole holes",
                )
                .with_help(format!("leave out `{word}` or `chosen`")),
            );
            return None;
        }
        if loser_only && tie != Tie::South {
            self.diags.push(
                Diagnostic::new(
                    Code::Contradiction,
                    starter_span,
                    "`tie` says who starts after a tied round, but under `loser_only` a tied round ends the match",
                    "no round follows a tie",
                )
                .with_related(refill_span, "a tie leaves no loser to refill")
                .with_help("leave out the `tie` clause"),
            );
            return None;
        }
        Some(Rounds {
            per_hole,
            fill_from,
            partial_last,
            unfilled_open,
            matched,
            loser_only,
            chosen,
            refill_span,
            starter,
            tie,
            starter_span,
            end_below,
            max_rounds,
            wins,
            end_span,
        })
    }

    /// `refill … loser_only` gives the winner back their row from what the
    /// award gave them, so the seeds left must go to their owners
    /// (`no_moves remaining to owner`, and so an endless move's own award,
    /// `endless` when there is one); otherwise a diagnostic, and `None`.
    fn loser_only_fits(&mut self, rounds: Rounds, end: &End, endless: Option<Remaining>) -> Option<Rounds> {
        if !rounds.loser_only || (end.remaining == Remaining::Owner && endless.is_none_or(|r| r == Remaining::Owner)) {
            return Some(rounds);
        }
        self.diags.push(
            Diagnostic::new(
                Code::Contradiction,
                end.remaining_span,
                "under `loser_only` the winner keeps their row, but the seeds left do not go to their owners",
                "not `remaining to owner`",
            )
            .with_related(rounds.refill_span, "the winner's row carries over")
            .with_help("write `no_moves remaining to owner`, and no other award after `endless … ends_game`"),
        );
        None
    }

    /// `refill setup` goes with `match_end wins N` and only with it: a
    /// match that starts each round afresh is decided by round wins, and
    /// a count of round wins needs rounds that do not hang on holdings.
    fn setup_refill_without_wins(&mut self, refill_span: Span, end_span: Span, wins: bool) {
        let (at, message, label, help) = if wins {
            (
                end_span,
                "`match_end wins` counts round wins, but the rounds are refilled from the holdings",
                "round wins",
                "write `refill setup`: each round starts from the setup, so only round wins carry over",
            )
        } else {
            (
                end_span,
                "`refill setup` starts every round afresh, so no holding carries over for `match_end below` to read",
                "reads holdings",
                "write `match_end wins 5`: the first player to win 5 rounds wins the match",
            )
        };
        self.diags.push(
            Diagnostic::new(Code::Contradiction, at, message.to_string(), label)
                .with_related(refill_span, "the refill")
                .with_help(help),
        );
    }
}

/// The least holding that gets a player a hole after the refill, and why:
/// `per_hole` seeds for a whole hole; 1 under `partial_last` (seeds too few
/// for a whole hole fill one partly) and under a territory refill (the
/// leader never takes the last hole of a player who holds a seed).
/// (`matched` changes nothing: the poorer player fills the holes they
/// can, and the richer as many.)
fn least_holding(per_hole: u16, fill_from: FillFrom, partial_last: bool) -> (u16, String) {
    match fill_from {
        FillFrom::Territory { .. } => (1, "under `territory` any holding keeps a hole".to_string()),
        _ if partial_last => (1, "`partial_last` fills a hole with any seeds left".to_string()),
        _ => (per_hole, format!("each refilled hole needs {per_hole}")),
    }
}

/// `lo` to `hi` seeds, in words: "3 to 6 seeds", "1 seed".
fn seeds(lo: u16, hi: u16) -> String {
    match (lo, hi) {
        (1, 1) => "1 seed".to_string(),
        (lo, hi) if lo == hi => format!("{lo} seeds"),
        (lo, hi) => format!("{lo} to {hi} seeds"),
    }
}

/// The line of the first `choose` in an action, or in the actions it runs.
fn choosing(a: &Action) -> Option<Span> {
    match a {
        Action::Choose { span, .. } => Some(*span),
        Action::Sweep { actions, .. } | Action::If { actions, .. } => actions.iter().find_map(choosing),
        _ => None,
    }
}

/// `1 row`, `3 rows`.
fn plural_rows(rows: u8) -> String {
    if rows == 1 {
        "one row".to_string()
    } else {
        format!("{rows} rows")
    }
}

/// The most holes a row of a board of `rows` rows can have: a player owns
/// at most [`MAX_HOLES`] (48 a row on two rows, 24 on four, 16 on six, 32
/// on three, 96 on one).
fn widest(rows: u8) -> u64 {
    match rows {
        1 => 2 * MAX_HOLES,
        2 => MAX_HOLES,
        3 => MAX_HOLES * 2 / 3 / 2 * 2,
        5 => MAX_HOLES * 2 / 5 / 2 * 2,
        r => MAX_HOLES / u64::from(r / 2),
    }
}
