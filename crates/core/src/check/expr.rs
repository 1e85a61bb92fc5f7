//! Typing expressions: a syntax-tree expression becomes a condition, a
//! number, a hole or a player, or a diagnostic saying what it is instead.

use super::vocabulary::{CONDITIONS, FUNCTIONS, HOLES, NUMBERS, PLAYERS, ROWS};
use super::Checker;
use crate::diagnostic::{did_you_mean, Code, Diagnostic, Span};
use crate::interval::Values;
use crate::position::Player;
use crate::rules::{CmpOp, Cond, HoleRef, Num, PlayerRef, RowRef, Stores};
use crate::syntax::{BinOp, Expr, ExprKind};

/// Which named holes and numbers exist where an expression stands.
#[derive(Clone, Copy, Debug)]
pub(super) struct Scope {
    /// `hole` (the hole just sown) exists: in `on drop` rules.
    pub dropped: bool,
    /// `landing`, `next`, `after` and `laps` exist: after a lap has been sown.
    pub landing: bool,
    /// `landing`, `next` and `after` name where the move's first lap would
    /// end (not `laps`): in the `lift` rule, before the move.
    pub first_lap: bool,
    /// `lifted` exists: once the move's seeds are lifted (with `landing`,
    /// and in `on move_start`).
    pub lifted: bool,
    /// Where this is, for messages: "an `on drop` rule".
    pub place: &'static str,
}

/// Functions from a hole to a hole.
const HOLE_FUNCTIONS: [&str; 6] = ["opposite", "next", "prev", "mirror", "inner", "outer"];

/// What an expression is, judged from its shape alone (for messages).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ty {
    Cond,
    Num,
    Hole,
    Player,
    Row,
    List,
    Unknown,
}

fn ty(e: &Expr) -> Ty {
    match &e.kind {
        ExprKind::Int(_) => Ty::Num,
        ExprKind::List(_) => Ty::List,
        ExprKind::Not(_) => Ty::Cond,
        ExprKind::Binary(op, ..) => match op {
            BinOp::Add | BinOp::Sub | BinOp::Rem => Ty::Num,
            _ => Ty::Cond,
        },
        ExprKind::Word(w) => {
            let w = w.as_str();
            if HOLES.contains(&w) {
                Ty::Hole
            } else if PLAYERS.contains(&w) {
                Ty::Player
            } else if ROWS.contains(&w) {
                Ty::Row
            } else if NUMBERS.contains(&w) {
                Ty::Num
            } else if CONDITIONS.contains(&w) {
                Ty::Cond
            } else {
                Ty::Unknown
            }
        }
        ExprKind::Call(f, _) => match f.name.as_str() {
            "count" | "total" | "total_before" | "captured" | "index" | "claims" | "claimed_seeds" | "holes"
            | "hand" => Ty::Num,
            f if HOLE_FUNCTIONS.contains(&f) || f == "store" || f == "hole" => Ty::Hole,
            "owner" | "claimer" => Ty::Player,
            "claimed" => Ty::Cond,
            _ => Ty::Unknown,
        },
    }
}

fn ty_name(t: Ty) -> &'static str {
    match t {
        Ty::Cond => "a condition",
        Ty::Num => "a number",
        Ty::Hole => "a hole",
        Ty::Player => "a player",
        Ty::Row => "a row",
        Ty::List => "a list",
        Ty::Unknown => "something unknown",
    }
}

impl Checker {
    fn wrong_type(&mut self, e: &Expr, want: Ty, help: Option<String>) {
        let found = ty(e);
        if found == Ty::Unknown {
            return self.unknown_name(e);
        }
        let mut d = Diagnostic::new(
            Code::WrongType,
            e.span,
            format!("expected {}, found {}", ty_name(want), ty_name(found)),
            format!("this is {}", ty_name(found)),
        );
        let help = help.or_else(|| match (want, found) {
            (Ty::Num, Ty::Hole) => Some(format!("for the seeds in a hole, write `count({})`", self.text(e.span))),
            (Ty::Cond, Ty::Num) => Some(format!("compare it with something, e.g. `{} > 0`", self.text(e.span))),
            (Ty::Cond, Ty::Hole) => Some(format!("did you mean `count({}) > 0`?", self.text(e.span))),
            (Ty::Hole, _) => Some(format!("holes are named {}", quoted(&HOLES))),
            (Ty::Player, _) => Some("players are `mover`, `opponent`, `south`, `north` and `owner(HOLE)`".to_string()),
            (Ty::Row, _) => Some(format!("rows are {}", quoted(self.row_names()))),
            _ => None,
        });
        if let Some(h) = help {
            d = d.with_help(h);
        }
        self.diags.push(d);
    }

    fn unknown_name(&mut self, e: &Expr) {
        let (name, span, is_call) = match &e.kind {
            ExprKind::Word(w) => (w.as_str(), e.span, false),
            ExprKind::Call(f, _) => (f.name.as_str(), f.span, true),
            _ => return,
        };
        if self.is_memory(name) {
            let d = Diagnostic::new(
                Code::WrongType,
                e.span,
                format!("`{name}` is kept in `memory`, and cannot stand here"),
                "a mark or value",
            );
            let help = "a mark is a condition on a hole (`MARK(HOLE)`), a value a number (`VALUE`, `VALUE(PLAYER)`)";
            self.diags.push(d.with_help(help));
            return;
        }
        let candidates: Vec<&str> = if is_call {
            FUNCTIONS.to_vec()
        } else {
            HOLES.iter().chain(&PLAYERS).chain(&ROWS).chain(&NUMBERS).chain(&CONDITIONS).copied().collect()
        };
        let what = if is_call { "function" } else { "name" };
        let mut d =
            Diagnostic::new(Code::UnknownWord, span, format!("unknown {what} `{name}`"), format!("not a known {what}"));
        let means_count = ["seeds", "stones", "pieces", "counters", "beans", "size", "len", "number"];
        d = match did_you_mean(name, candidates.iter().copied()) {
            Some(s) => d.with_suggestion(s),
            None if is_call && means_count.contains(&name) => {
                d.with_help("for the seeds in a hole, write `count(HOLE)`, e.g. `count(origin)`")
            }
            None if is_call => d.with_help(format!("the functions are {}", quoted(&FUNCTIONS))),
            None => d.with_help(format!(
                "holes are {}; players {}; rows {}; numbers `count(HOLE)` and `laps`",
                quoted(&HOLES),
                quoted(&PLAYERS),
                quoted(self.row_names())
            )),
        };
        self.diags.push(d);
    }

    pub(super) fn arity(&mut self, e: &Expr, f: &str, args: usize, want: &str) -> bool {
        if args == 1 {
            return true;
        }
        self.diags.push(
            Diagnostic::new(
                Code::Arity,
                e.span,
                format!("`{f}` takes one argument, found {args}"),
                format!("{args} arguments"),
            )
            .with_help(format!("write `{f}({want})`")),
        );
        false
    }

    /// Types `e` as a condition.
    pub(super) fn cond(&mut self, e: &Expr, scope: Scope) -> Option<Cond> {
        if let Some(c) = self.memory_cond(e, scope).or_else(|| self.last_move(e, scope)) {
            return c;
        }
        match &e.kind {
            ExprKind::Word(w) if w == "previous_clockwise" || w == "previous_counterclockwise" => {
                self.reads_previous(scope);
                Some(Cond::PreviousSense(w == "previous_clockwise"))
            }
            ExprKind::Word(w) if CONDITIONS.contains(&w.as_str()) => self.move_word(w, e.span, scope),
            ExprKind::Not(inner) => Some(Cond::Not(Box::new(self.cond(inner, scope)?))),
            ExprKind::Binary(op @ (BinOp::And | BinOp::Or), a, b) => {
                if let (Some(last), ExprKind::Int(n)) = (rightmost_comparison(a), &b.kind) {
                    // `count(x) == 2 or 3`: the comparison is meant to repeat.
                    let ExprKind::Binary(cmp, lhs, _) = &last.kind else { unreachable!("a comparison") };
                    let word = op.symbol();
                    let wanted =
                        format!("{} {word} {} {} {n}", self.text(last.span), self.text(lhs.span), cmp.symbol());
                    let help = if std::ptr::eq(last, a.as_ref()) {
                        format!("repeat the comparison: `{wanted}`")
                    } else {
                        format!(
                            "repeat the comparison, in parentheses since `and` binds tighter than `or`: `({wanted})`"
                        )
                    };
                    self.diags.push(
                        Diagnostic::new(
                            Code::WrongType,
                            b.span,
                            format!("`{word}` joins conditions, not numbers"),
                            "a number, not a condition",
                        )
                        .with_help(help),
                    );
                    self.cond(a, scope);
                    return None;
                }
                let (a, b) = (self.cond(a, scope), self.cond(b, scope));
                let (a, b) = (Box::new(a?), Box::new(b?));
                Some(if *op == BinOp::And { Cond::And(a, b) } else { Cond::Or(a, b) })
            }
            ExprKind::Call(f, args) if f.name == "claimed" => {
                if !self.arity(e, "claimed", args.len(), "HOLE") {
                    return None;
                }
                Some(Cond::Claimed(self.hole(&args[0], scope)?))
            }
            ExprKind::Binary(BinOp::In, h, row) => {
                let hole = self.hole(h, scope);
                let row = self.row(row);
                Some(Cond::InRow(hole?, row?))
            }
            ExprKind::Binary(op, a, b) if cmp_op(*op).is_some() => {
                let op = cmp_op(*op).expect("checked by the guard");
                if ty(a) == Ty::Hole && ty(b) == Ty::Hole && matches!(op, CmpOp::Eq | CmpOp::Ne) {
                    let (x, y) = (self.hole(a, scope), self.hole(b, scope));
                    return Some(Cond::SameHole(x?, y?, op == CmpOp::Eq));
                }
                if ty(a) == Ty::Player && ty(b) == Ty::Player {
                    return self.same_player(e, op, (a, b), scope);
                }
                if ty(a) == Ty::Cond || ty(b) == Ty::Cond {
                    self.conditions_compared(e, op, (a, b), ty(a) == ty(b));
                    return None;
                }
                let (x, y) = (self.num(a, scope), self.num(b, scope));
                let (x, y) = (x?, y?);
                if self.turn_limit(e, &x, op, &y) {
                    return None;
                }
                Some(Cond::Compare(x, op, y))
            }
            _ => {
                self.wrong_type(e, Ty::Cond, None);
                None
            }
        }
    }

    /// `a == b` or `a != b` on two players (`claimer(landing) == opponent`);
    /// players have no order, so `<` and its kin are refused.
    fn same_player(&mut self, e: &Expr, op: CmpOp, (a, b): (&Expr, &Expr), scope: Scope) -> Option<Cond> {
        let (x, y) = (self.player(a, scope), self.player(b, scope));
        if !matches!(op, CmpOp::Eq | CmpOp::Ne) {
            self.diags.push(
                Diagnostic::new(
                    Code::WrongType,
                    e.span,
                    format!("players are compared with `==` or `!=`, not `{op}`"),
                    "players have no order",
                )
                .with_help(format!("write `{} == {}` or `!=`", self.text(a.span), self.text(b.span))),
            );
            return None;
        }
        Some(Cond::SamePlayer(x?, y?, op == CmpOp::Eq))
    }

    /// `capturing`, `clockwise` or `counterclockwise`: facts of the move
    /// being sown, or of the candidate move in `lift when` and its kin.
    fn move_word(&mut self, w: &str, span: Span, scope: Scope) -> Option<Cond> {
        self.require(scope.landing || scope.first_lap, w, span, scope)?;
        if w != "capturing" {
            // Before the move it is the candidate's direction; while a move
            // is sown, the lap's (a turning relay changes it): every kernel
            // sows each lap on the track of its direction.
            return Some(Cond::Sense(w == "clockwise"));
        }
        // Judged before the move; read while it is sown, a fact the
        // compiled kernels carry.
        if !scope.first_lap {
            self.reads_lap = true;
        }
        let problem = if self.in_capturing {
            Some(("`capturing` cannot be used to say which moves are capturing", "defines itself"))
        } else if !self.capturing_declared {
            Some(("`capturing` is used, but `moves` does not say which moves are capturing", "never declared"))
        } else {
            None
        };
        if let Some((message, label)) = problem {
            self.diags.push(Diagnostic::new(Code::Contradiction, span, message, label).with_help(
                "declare the capturing moves in `moves` with a condition on the board before the move, e.g. \
                 `capturing when count(opposite(landing)) > 0`",
            ));
            return None;
        }
        Some(Cond::Capturing)
    }

    /// The two arguments of a call to `f`, or a diagnostic with `help`.
    fn two_args<'a>(&mut self, e: &Expr, f: &str, args: &'a [Expr], help: &str) -> Option<[&'a Expr; 2]> {
        if let [a, b] = args {
            return Some([a, b]);
        }
        let label = if args.len() == 1 { "one argument".to_string() } else { format!("{} arguments", args.len()) };
        self.diags.push(
            Diagnostic::new(Code::Arity, e.span, format!("`{f}` takes two arguments, found {}", args.len()), label)
                .with_help(help),
        );
        None
    }

    /// `hole(PLAYER, N)`: the player's hole of index `N`.
    fn numbered_hole(&mut self, e: &Expr, args: &[Expr], scope: Scope) -> Option<HoleRef> {
        let [player, n] =
            self.two_args(e, "hole", args, "write `hole(PLAYER, N)`, e.g. `hole(mover, 1)` for the mover's hole `a`")?;
        let player = self.player(player, scope);
        let most = self.per_player.unwrap_or(super::MAX_HOLES as u8);
        let index = match n.kind {
            ExprKind::Int(k) if (1..=u64::from(most)).contains(&k) => Some(k as u8),
            ExprKind::Int(_) => {
                self.diags.push(
                    Diagnostic::new(
                        Code::OutOfRange,
                        n.span,
                        format!("a hole's number is from 1 to {most} here"),
                        "not a hole of the board",
                    )
                    .with_help("holes are numbered as `index` numbers them: `a` is 1"),
                );
                None
            }
            _ => {
                let number = self.num(n, scope)?;
                let fits =
                    number_range(&number, i64::from(most)).is_some_and(|(lo, hi)| lo >= 1 && hi <= i64::from(most));
                if !fits {
                    self.diags.push(
                        Diagnostic::new(
                            Code::OutOfRange,
                            n.span,
                            format!("this number may fall outside 1 to {most}, the holes a player has here"),
                            "may not be a hole",
                        )
                        .with_help(format!(
                            "keep it within 1 to {most} (`a` is 1), for example with a remainder: \
                             `(index(landing) + 1) % {most} + 1` is the hole after `landing`'s number, round the \
                             player's holes"
                        )),
                    );
                    return None;
                }
                return Some(HoleRef::Counted(player?, Box::new(number)));
            }
        };
        Some(HoleRef::Numbered(player?, index?))
    }

    /// `holes(ROW, COND)`: how many open holes of a row meet a condition,
    /// `hole` naming the hole tried.
    fn holes_where(&mut self, e: &Expr, args: &[Expr], scope: Scope) -> Option<Num> {
        let [row, cond] =
            self.two_args(e, "holes", args, "write `holes(ROW, CONDITION)`, e.g. `holes(mover_row, count(hole) > 1)`")?;
        let row = self.row(row);
        let cond = self.cond(cond, Scope { dropped: true, ..scope });
        Some(Num::Holes(row?, Box::new(cond?)))
    }

    /// Types `e` as a whole number.
    pub(super) fn num(&mut self, e: &Expr, scope: Scope) -> Option<Num> {
        if let Some(n) = self.memory_num(e, scope) {
            return n;
        }
        match &e.kind {
            ExprKind::Int(n) => {
                if *n > super::MAX_LITERAL {
                    self.diags.push(
                        Diagnostic::new(
                            Code::OutOfRange,
                            e.span,
                            format!("{} is too large for a condition", self.text(e.span)),
                            "too large",
                        )
                        .with_help(format!("numbers in conditions are at most {}", super::MAX_LITERAL)),
                    );
                    return None;
                }
                Some(Num::Lit(*n as i64))
            }
            ExprKind::Word(w) if w == "previous_lifted" => {
                self.reads_previous(scope);
                Some(Num::PreviousLifted)
            }
            ExprKind::Word(w) if w == "turns_played" || w == "extra_turns" => {
                self.counts_turns = true;
                Some(if w == "turns_played" { Num::TurnsPlayed } else { Num::ExtraTurns })
            }
            ExprKind::Word(w) if w == "round" => {
                // (Compiled kernels sow candidates on boards that do not carry the round.)
                self.general("a rule reads the round (`round`)");
                Some(Num::Round)
            }
            ExprKind::Word(w) if w == "laps" => {
                self.require(scope.landing, "laps", e.span, scope)?;
                Some(Num::Laps)
            }
            ExprKind::Word(w) if w == "lap_captures" => {
                self.require(scope.landing, "lap_captures", e.span, scope)?;
                self.general(super::GENERAL_ONLY_LAP_CAPTURES);
                Some(Num::LapCaptures)
            }
            ExprKind::Word(w) if w == "lifted" => {
                self.require(scope.lifted, "lifted", e.span, scope)?;
                self.reads_lifted = true;
                Some(Num::Lifted)
            }
            ExprKind::Call(f, args) if f.name == "count" => {
                if !self.arity(e, "count", args.len(), "HOLE") {
                    return None;
                }
                Some(Num::Count(self.hole(&args[0], scope)?))
            }
            ExprKind::Call(f, args) if f.name == "total_before" => {
                self.require(scope.landing, "total_before", e.span, scope)?;
                if !self.arity(e, "total_before", args.len(), "ROW") {
                    return None;
                }
                self.reads_before = true;
                Some(Num::TotalBefore(self.row(&args[0])?))
            }
            ExprKind::Call(f, args) if f.name == "holes" => self.holes_where(e, args, scope),
            ExprKind::Call(f, args) if f.name == "hand" => {
                if !self.arity(e, "hand", args.len(), "PLAYER") {
                    return None;
                }
                let player = self.player(&args[0], scope)?;
                self.needs_hands(e.span, "`hand` reads the seeds a player holds in hand").then_some(Num::Hand(player))
            }
            ExprKind::Call(f, args)
                if matches!(f.name.as_str(), "total" | "captured" | "index" | "claims" | "claimed_seeds") =>
            {
                let want = if f.name == "total" {
                    "ROW"
                } else if f.name == "index" {
                    "HOLE"
                } else {
                    "PLAYER"
                };
                if !self.arity(e, &f.name, args.len(), want) {
                    return None;
                }
                Some(match f.name.as_str() {
                    "total" => Num::Total(self.row(&args[0])?),
                    "captured" => Num::Captured(self.player(&args[0], scope)?),
                    "index" => Num::Index(self.hole(&args[0], scope)?),
                    "claimed_seeds" => Num::ClaimedSeeds(self.player(&args[0], scope)?),
                    _ => Num::Claims(self.player(&args[0], scope)?),
                })
            }
            ExprKind::Binary(BinOp::Rem, a, b) => {
                let x = self.num(a, scope);
                let divisor = match b.kind {
                    ExprKind::Int(n) if (1..=super::MAX_LITERAL).contains(&n) => n as i64,
                    _ => {
                        self.diags.push(
                            Diagnostic::new(
                                Code::WrongType,
                                b.span,
                                "`%` needs a whole number from 1 up on its right",
                                "not a positive number",
                            )
                            .with_help("write e.g. `count(landing) % 2 == 0` for an even count"),
                        );
                        return None;
                    }
                };
                Some(Num::Rem(Box::new(x?), divisor))
            }
            ExprKind::Binary(op @ (BinOp::Add | BinOp::Sub), a, b) => {
                let (x, y) = (self.num(a, scope), self.num(b, scope));
                let (x, y) = (Box::new(x?), Box::new(y?));
                Some(if *op == BinOp::Add { Num::Add(x, y) } else { Num::Sub(x, y) })
            }
            _ => {
                self.wrong_type(e, Ty::Num, None);
                None
            }
        }
    }

    /// Types `e` as a hole.
    pub(super) fn hole(&mut self, e: &Expr, scope: Scope) -> Option<HoleRef> {
        match &e.kind {
            ExprKind::Word(w) => {
                let h = match w.as_str() {
                    "origin" => HoleRef::Origin,
                    "landing" => HoleRef::Landing,
                    "next" => HoleRef::Next,
                    "after" => HoleRef::After,
                    "hole" => HoleRef::Dropped,
                    "lap_origin" => {
                        self.reads_lap = true;
                        HoleRef::LapOrigin
                    }
                    "previous_origin" => {
                        self.reads_previous(scope);
                        HoleRef::PreviousOrigin
                    }
                    _ => {
                        self.wrong_type(e, Ty::Hole, None);
                        return None;
                    }
                };
                let available = match h {
                    HoleRef::Dropped => scope.dropped,
                    HoleRef::Origin | HoleRef::LapOrigin | HoleRef::PreviousOrigin => true,
                    _ => scope.landing || scope.first_lap,
                };
                self.require(available, w, e.span, scope)?;
                Some(h)
            }
            ExprKind::Call(f, args) if HOLE_FUNCTIONS.contains(&f.name.as_str()) => {
                if !self.arity(e, &f.name, args.len(), "HOLE") {
                    return None;
                }
                if f.name != "next" && f.name != "prev" && self.not_on_circle(e.span, &f.name) {
                    return None;
                }
                if matches!(f.name.as_str(), "inner" | "outer") && self.rows.is_some_and(|r| r <= 2) {
                    self.two_rows(e.span, &f.name);
                    return None;
                }
                let h = Box::new(self.hole(&args[0], scope)?);
                Some(match f.name.as_str() {
                    "opposite" => HoleRef::Opposite(h),
                    "next" => HoleRef::NextOf(h),
                    "prev" => HoleRef::PrevOf(h),
                    "mirror" => HoleRef::Mirror(h),
                    "inner" => HoleRef::Inner(h),
                    _ => HoleRef::Outer(h),
                })
            }
            ExprKind::Call(f, _) if f.name == "hole" && self.not_on_circle(e.span, "hole") => None,
            ExprKind::Call(f, args) if f.name == "hole" => self.numbered_hole(e, args, scope),
            ExprKind::Call(f, _) if f.name == "last_origin" || f.name == "last_landing" => {
                self.last_move_alone(e, &f.name);
                None
            }
            ExprKind::Call(f, args) if f.name == "store" => {
                if !self.arity(e, "store", args.len(), "PLAYER") {
                    return None;
                }
                let p = self.player(&args[0], scope)?;
                if self.stores == Some(Stores::None) {
                    let d = Diagnostic::new(
                        Code::Contradiction,
                        e.span,
                        format!("`{}` names a store, but the board has none", self.text(e.span)),
                        "no such hole",
                    );
                    let d = match self.stores_span {
                        Some(at) => d
                            .with_related(at, "the board has no stores")
                            .with_help("write `stores sown` in `board`, or name a hole instead"),
                        None => d.with_help("add `stores sown` to `board`, or name a hole instead"),
                    };
                    self.diags.push(d);
                    return None;
                }
                Some(HoleRef::Store(p))
            }
            _ => {
                self.wrong_type(e, Ty::Hole, None);
                None
            }
        }
    }

    /// Types `e` as one hole or several joined by `and` (`relay lift A and B`):
    /// the first, and the others.
    pub(super) fn holes(&mut self, e: &Expr, scope: Scope) -> Option<(HoleRef, Vec<HoleRef>)> {
        match &e.kind {
            ExprKind::Binary(BinOp::And, a, b) => {
                let (a, b) = (self.holes(a, scope), self.holes(b, scope));
                let ((first, mut rest), (second, more)) = (a?, b?);
                rest.push(second);
                rest.extend(more);
                Some((first, rest))
            }
            _ => Some((self.hole(e, scope)?, Vec::new())),
        }
    }

    /// Types `e` as a player.
    pub(super) fn player(&mut self, e: &Expr, scope: Scope) -> Option<PlayerRef> {
        match &e.kind {
            ExprKind::Word(w) if w == "mover" => Some(PlayerRef::Mover),
            ExprKind::Word(w) if w == "opponent" => Some(PlayerRef::Opponent),
            ExprKind::Word(w) if w == "starter" => {
                self.reads_starter = true;
                Some(PlayerRef::Starter)
            }
            ExprKind::Word(w) if w == "south" => Some(PlayerRef::Named(Player::South)),
            ExprKind::Word(w) if w == "north" => Some(PlayerRef::Named(Player::North)),
            ExprKind::Call(f, args) if f.name == "owner" || f.name == "claimer" => {
                if self.not_on_circle(e.span, &f.name) || !self.arity(e, &f.name, args.len(), "HOLE") {
                    return None;
                }
                let h = Box::new(self.hole(&args[0], scope)?);
                Some(if f.name == "owner" { PlayerRef::Owner(h) } else { PlayerRef::Claimer(h) })
            }
            _ => {
                self.wrong_type(e, Ty::Player, None);
                None
            }
        }
    }

    fn row(&mut self, e: &Expr) -> Option<RowRef> {
        let ExprKind::Word(w) = &e.kind else {
            self.wrong_type(e, Ty::Row, None);
            return None;
        };
        let part = |mover, inner| Some(RowRef::Part { mover, inner });
        let row = match w.as_str() {
            "mover_row" if !self.circle || self.owned => return Some(RowRef::Mover),
            "opponent_row" if !self.circle || self.owned => return Some(RowRef::Opponent),
            "mover_inner_row" => part(true, true),
            "mover_outer_row" => part(true, false),
            "opponent_inner_row" => part(false, true),
            "opponent_outer_row" => part(false, false),
            _ => None,
        };
        if row.is_none() && !matches!(w.as_str(), "mover_row" | "opponent_row") {
            self.wrong_type(e, Ty::Row, None);
        } else if self.not_on_circle(e.span, w) {
            return None;
        } else if self.rows.is_some_and(|r| r <= 2) {
            self.two_rows(e.span, w);
            return None;
        }
        row
    }

    /// The rows a condition may name on this board.
    fn row_names(&self) -> &'static [&'static str] {
        if self.rows.is_some_and(|r| r >= 3) {
            &ROWS
        } else {
            &ROWS[..2]
        }
    }

    /// On a circle (`circle N`) nobody owns a hole and no hole faces
    /// another: `name` (a row, `opposite`, `owner`, …) means nothing there.
    /// Reports it and says true on a circle.
    pub(super) fn not_on_circle(&mut self, span: Span, name: &str) -> bool {
        if !self.circle {
            return false;
        }
        let rows = matches!(name, "mover_row" | "opponent_row");
        let what = match name {
            "mover_row" | "opponent_row" | "mover_inner_row" | "mover_outer_row" | "opponent_inner_row"
            | "opponent_outer_row" => "names a player's row",
            "hole" => "names a player's hole by its number",
            "owner" | "claimer" => "names a hole's owner",
            _ => "names a facing hole, or a hole of a player's other row",
        };
        self.diags.push(
            Diagnostic::new(
                Code::Contradiction,
                span,
                format!("`{name}` {what}, but on a circle nobody owns a hole and no hole faces another"),
                "not on a circle",
            )
            .with_help(if rows {
                "give the circle's holes owners (`owners south \"b c\" north \"e f\"` in `board`), or name holes by the sowing: `origin`, `landing`, `next`, `after`"
            } else {
                "on a circle name holes by the sowing: `origin`, `landing`, `next`, `after`, `next(HOLE)`, `prev(HOLE)`"
            }),
        );
        true
    }

    /// `name` only means something where a player's holes lie in more
    /// than one row (three, four or six rows).
    fn two_rows(&mut self, span: Span, name: &str) {
        let rows = if self.rows == Some(1) { "one row" } else { "two rows" };
        self.diags.push(
            Diagnostic::new(
                Code::Contradiction,
                span,
                format!("`{name}` names one of a player's rows, but this board has {rows}, a player's holes in one"),
                "three rows or more",
            )
            .with_help(format!(
                "on {rows} a player's holes are `mover_row` or `opponent_row`; or write `rows 3`, `rows 4` or `rows 6` in `board`"
            )),
        );
    }

    /// Notes that a condition reads the previous move: positions remember
    /// it. Judged before the move (`lift when`), it is read on the position
    /// moved from, which every kernel keeps; read while a move is sown, only
    /// the general interpreter's boards carry it.
    fn reads_previous(&mut self, scope: Scope) {
        self.reads_previous = true;
        if !scope.first_lap {
            self.general(super::GENERAL_ONLY_PREVIOUS);
        }
    }

    fn require(&mut self, available: bool, name: &str, span: Span, scope: Scope) -> Option<()> {
        if available {
            return Some(());
        }
        let where_ = match name {
            "hole" => "only in `on drop` rules",
            "laps" | "total_before" | "lap_captures" => "only once a lap has been sown: in `relay`, `on drop` and `on sowing_end` rules",
            "lifted" => {
                "only once the seeds are lifted: in `on move_start`, `relay`, `on drop` and `on sowing_end` rules \
                 (before the move, `count(origin)` is what it will lift)"
            }
            "capturing" | "clockwise" | "counterclockwise" => {
                "while a move is sown (`relay` and `on` rules) and where a move is judged (`lift`, `capturing`, `prefer`)"
            }
            _ => "once a lap has been sown (in `relay`, `on drop` and `on sowing_end` rules), and in `lift`, where it names where the first lap would end",
        };
        self.diags.push(
            Diagnostic::new(
                Code::UnknownWord,
                span,
                format!("`{name}` does not exist in {}", scope.place),
                "not defined here",
            )
            .with_help(format!("`{name}` exists {where_}")),
        );
        None
    }
}

/// The comparison at the right end of `e` (through `and` and `or`), if any:
/// in `a and x == 2`, that is `x == 2`.
fn rightmost_comparison(e: &Expr) -> Option<&Expr> {
    match &e.kind {
        ExprKind::Binary(BinOp::And | BinOp::Or, _, right) => rightmost_comparison(right),
        ExprKind::Binary(op, ..) if cmp_op(*op).is_some() => Some(e),
        _ => None,
    }
}

fn cmp_op(op: BinOp) -> Option<CmpOp> {
    Some(match op {
        BinOp::Eq => CmpOp::Eq,
        BinOp::Ne => CmpOp::Ne,
        BinOp::Lt => CmpOp::Lt,
        BinOp::Le => CmpOp::Le,
        BinOp::Gt => CmpOp::Gt,
        BinOp::Ge => CmpOp::Ge,
        _ => return None,
    })
}

fn quoted(words: &[&str]) -> String {
    words.iter().map(|w| format!("`{w}`")).collect::<Vec<_>>().join(", ")
}

/// The range of values a number can take, for spotting rules that never fire.
fn range(n: &Num, total: i64, lap_limit: i64) -> (i64, i64) {
    match n {
        Num::Lit(v) => (*v, *v),
        Num::Count(HoleRef::Dropped) => (1, total),
        Num::Count(_) => (0, total),
        Num::Laps => (1, lap_limit),
        Num::Lifted => (1, total),
        Num::LapCaptures => (0, total),
        Num::Total(_)
        | Num::TotalBefore(_)
        | Num::Captured(_)
        | Num::PreviousLifted
        | Num::ClaimedSeeds(_)
        | Num::Hand(_) => (0, total),
        Num::Index(_) => (1, super::MAX_HOLES as i64 + 1),
        Num::Claims(_) | Num::Holes(..) => (0, 2 * super::MAX_HOLES as i64),
        Num::TurnsPlayed | Num::ExtraTurns => (0, i64::from(u8::MAX)),
        Num::Round => (1, i64::from(u16::MAX)),
        Num::Value(..) => (i64::from(i32::MIN), i64::from(i32::MAX)),
        Num::Rem(_, d) => (0, d - 1),
        Num::Add(a, b) => {
            let (a, b) = (range(a, total, lap_limit), range(b, total, lap_limit));
            (a.0 + b.0, a.1 + b.1)
        }
        Num::Sub(a, b) => {
            let (a, b) = (range(a, total, lap_limit), range(b, total, lap_limit));
            (a.0 - b.1, a.1 - b.0)
        }
    }
}

/// True when `c` can be shown to be false in every position.
pub(super) fn never_true(c: &Cond, total: i64, lap_limit: i64) -> bool {
    match c {
        Cond::True
        | Cond::Not(_)
        | Cond::SameHole(..)
        | Cond::SamePlayer(..)
        | Cond::Claimed(_)
        | Cond::Marked(..)
        | Cond::LastMove { .. }
        | Cond::Capturing
        | Cond::Sense(_)
        | Cond::PreviousSense(_) => false,
        Cond::And(a, b) => never_true(a, total, lap_limit) || never_true(b, total, lap_limit),
        Cond::Or(a, b) => never_true(a, total, lap_limit) && never_true(b, total, lap_limit),
        Cond::InRow(h, _) => matches!(h, HoleRef::Store(_)),
        Cond::Compare(a, op, b) => {
            // `a op b` is `a - b op 0`, and `a - b` lies in `a0 - b1 ..= a1 - b0`.
            let ((a0, a1), (b0, b1)) = (range(a, total, lap_limit), range(b, total, lap_limit));
            Values::compare(*op, 0, (a0 - b1, a1 - b0)).is_empty()
        }
    }
}

/// Whether `e` is written as a hole (`landing`, `opposite(…)`, …): the
/// target of `capture HOLE to HOLE`; any other target is read as a player.
pub(super) fn is_hole(e: &Expr) -> bool {
    ty(e) == Ty::Hole
}

/// The values a hole's number can take on a board of `holes` holes a
/// player, when it is built only of numbers, `index`, `+`, `-` and `%`;
/// `None` when it reads anything else (seeds, laps: unbounded here).
fn number_range(n: &Num, holes: i64) -> Option<(i64, i64)> {
    Some(match n {
        Num::Lit(v) => (*v, *v),
        Num::Index(_) => (1, holes),
        Num::Rem(_, d) => (0, d - 1),
        Num::Add(a, b) => {
            let (a, b) = (number_range(a, holes)?, number_range(b, holes)?);
            (a.0 + b.0, a.1 + b.1)
        }
        Num::Sub(a, b) => {
            let (a, b) = (number_range(a, holes)?, number_range(b, holes)?);
            (a.0 - b.1, a.1 - b.0)
        }
        _ => return None,
    })
}
