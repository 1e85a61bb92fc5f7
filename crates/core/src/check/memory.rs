//! The `memory { … }` section (marks on holes, values for the game or per
//! player), and the rules' uses of what it declares: `set` and `clear`
//! actions, `MARK(HOLE)` conditions and `VALUE` / `VALUE(PLAYER)` numbers.

use super::args::Args;
use super::expr::Scope;
use super::vocabulary::{CONDITIONS, FUNCTIONS, HOLES, NUMBERS, PLAYERS, ROWS};
use super::Checker;
use crate::diagnostic::{did_you_mean, Code, Diagnostic, Span};
use crate::memory::{MarkDecl, Slot, ValueDecl, MAX_MARKS, MAX_VALUE_SLOTS};
use crate::rules::{Action, Cond, Num};
use crate::syntax::{Arg, BinOp, Expr, ExprKind, Statement};

/// The statements of `memory`.
pub(crate) const MEMORY: [&str; 2] = ["mark", "value"];

/// What a memory name is, once declared.
enum Named {
    Mark(Slot),
    Value { slot: Slot, per_player: bool },
}

impl Checker {
    /// Reads `memory { mark NAME [on [N, …]]  value NAME [per player] [from N] }`.
    pub(super) fn memory(&mut self, st: &Statement, per_player: Option<u8>) {
        let Some((statements, _)) = self.section(st, &MEMORY, &MEMORY) else { return };
        for s in statements {
            let mut a = Args::new(s);
            let Some(name) = self.memory_name(&mut a, s) else { continue };
            match s.head.name.as_str() {
                "mark" => {
                    let on = if a.peek_word() == Some("on") {
                        a.keyword(self, "on", "mark NAME on [1, 5]");
                        match self.hole_numbers(&mut a, per_player) {
                            Some(on) => on,
                            None => continue,
                        }
                    } else {
                        Vec::new()
                    };
                    a.finish(self);
                    if self.memory.marks.len() == MAX_MARKS {
                        self.too_much(s.span, &format!("at most {MAX_MARKS} marks"));
                        continue;
                    }
                    self.memory.marks.push(MarkDecl { name, on, span: s.span });
                }
                _ => {
                    let per = a.peek_word() == Some("per");
                    if per {
                        a.keyword(self, "per", "value NAME per player");
                        a.keyword(self, "player", "value NAME per player");
                    }
                    let from = if a.peek_word() == Some("from") {
                        a.keyword(self, "from", "value NAME from 0");
                        match a.int(self, "the value at a round's start", 0, super::MAX_LITERAL, None) {
                            Some(n) => n as i32,
                            None => continue,
                        }
                    } else {
                        0
                    };
                    a.finish(self);
                    let slot = self.memory.slots();
                    if slot + 1 + usize::from(per) > MAX_VALUE_SLOTS {
                        self.too_much(
                            s.span,
                            &format!("at most {MAX_VALUE_SLOTS} values (a value kept per player counts twice)"),
                        );
                        continue;
                    }
                    let decl = ValueDecl { name, per_player: per, from, slot: slot as u8, span: s.span };
                    self.memory.values.push(decl);
                }
            }
        }
        if !self.memory.is_empty() {
            self.general("the rules keep marks or values (`memory`)");
        }
    }

    /// The name a `mark` or `value` declares: a new word, not one of the language's.
    fn memory_name(&mut self, a: &mut Args, s: &Statement) -> Option<String> {
        let usage = format!("{} NAME", s.head.name);
        let Some(Arg::Expr(Expr { kind: ExprKind::Word(name), span })) = s.args.first() else {
            a.expr(self, "a name");
            self.diags.push(
                Diagnostic::new(Code::Arity, s.span, format!("`{}` needs a name", s.head.name), "no name")
                    .with_help(format!("write `{usage}`, e.g. `{} house`", s.head.name)),
            );
            return None;
        };
        a.expr(self, "a name");
        let taken = [&HOLES[..], &PLAYERS, &ROWS, &NUMBERS, &CONDITIONS, &FUNCTIONS]
            .iter()
            .any(|words| words.contains(&name.as_str()))
            || name == crate::protocol::LAST_MOVE;
        let before = self.memory.marks.iter().map(|m| (&m.name, m.span));
        let before = before.chain(self.memory.values.iter().map(|v| (&v.name, v.span))).find(|(n, _)| *n == name);
        if let Some((_, first)) = before {
            self.diags.push(
                Diagnostic::new(Code::Duplicate, *span, format!("`{name}` is declared twice"), "second declaration")
                    .with_related(first, "first declared here")
                    .with_help("give each mark and value a name of its own"),
            );
            return None;
        }
        if taken {
            self.diags.push(
                Diagnostic::new(
                    Code::Contradiction,
                    *span,
                    format!("`{name}` is a word of the language, so it cannot name a {}", s.head.name),
                    "already a word",
                )
                .with_help(format!("choose another name, e.g. `my_{name}`")),
            );
            return None;
        }
        Some(name.clone())
    }

    /// `[N, …]`: hole numbers of a player (`a` = 1), each at most `per_player`.
    fn hole_numbers(&mut self, a: &mut Args, per_player: Option<u8>) -> Option<Vec<u8>> {
        let most = per_player.unwrap_or(super::MAX_HOLES as u8);
        let e = a.expr(self, "the holes' numbers")?;
        let ExprKind::List(items) = &e.kind else {
            self.diags.push(
                Diagnostic::new(Code::WrongType, e.span, "the marked holes are a list of numbers", "not a list")
                    .with_help("write e.g. `on [5]` for each player's hole `e` (`a` is 1)"),
            );
            return None;
        };
        let mut on = Vec::new();
        for &(n, span) in items {
            if !(1..=u64::from(most)).contains(&n) {
                self.diags.push(
                    Diagnostic::new(
                        Code::OutOfRange,
                        span,
                        format!("a hole's number is from 1 to {most} here"),
                        "not a hole of the board",
                    )
                    .with_help("holes are numbered as `index` numbers them: `a` is 1"),
                );
                return None;
            }
            on.push(n as u8);
        }
        Some(on)
    }

    fn too_much(&mut self, span: Span, most: &str) {
        self.diags.push(
            Diagnostic::new(Code::OutOfRange, span, format!("a rules file may keep {most}"), "one too many")
                .with_help("keep fewer, or combine two into one value"),
        );
    }

    /// What `name` is in `memory`, if it is declared there.
    fn named(&self, name: &str) -> Option<Named> {
        if let Some(index) = self.memory.mark(name) {
            return Some(Named::Mark(Slot { index, name: name.into() }));
        }
        let v = self.memory.value(name)?;
        Some(Named::Value { slot: Slot { index: v.slot, name: name.into() }, per_player: v.per_player })
    }

    /// Whether `name` is a mark or value the rules declare.
    pub(super) fn is_memory(&self, name: &str) -> bool {
        self.named(name).is_some()
    }

    /// `MARK(HOLE)` as a condition, if `e` is one.
    pub(super) fn memory_cond(&mut self, e: &Expr, scope: Scope) -> Option<Option<Cond>> {
        let ExprKind::Call(f, args) = &e.kind else { return None };
        let Named::Mark(mark) = self.named(&f.name)? else {
            return Some(self.misused(e, "a value, a number", "compare it, e.g. `{} == 1`"));
        };
        if !self.arity(e, &f.name, args.len(), "HOLE") {
            return Some(None);
        }
        Some(self.hole(&args[0], scope).map(|h| Cond::Marked(mark, h)))
    }

    /// `VALUE` or `VALUE(PLAYER)` as a number, if `e` names a value.
    pub(super) fn memory_num(&mut self, e: &Expr, scope: Scope) -> Option<Option<Num>> {
        let (name, args) = match &e.kind {
            ExprKind::Word(w) => (w, None),
            ExprKind::Call(f, args) => (&f.name, Some(args)),
            _ => return None,
        };
        let Named::Value { slot, per_player } = self.named(name)? else {
            return Some(self.misused(e, "a mark, a condition on a hole", "write it as `{}(HOLE)`"));
        };
        Some(match (per_player, args) {
            (false, None) => Some(Num::Value(slot, None)),
            (true, Some(args)) if self.arity(e, name, args.len(), "PLAYER") => {
                self.player(&args[0], scope).map(|p| Num::Value(slot, Some(p)))
            }
            (true, Some(_)) => None,
            (true, None) => {
                self.diags.push(
                    Diagnostic::new(Code::Arity, e.span, format!("`{name}` is kept per player"), "whose?")
                        .with_help(format!("say whose, e.g. `{name}(mover)`")),
                );
                None
            }
            (false, Some(_)) => {
                self.diags.push(
                    Diagnostic::new(
                        Code::Arity,
                        e.span,
                        format!("`{name}` is the game's value, one for both players"),
                        "takes no argument",
                    )
                    .with_help(format!("write `{name}`, or declare `value {name} per player` for one a player")),
                );
                None
            }
        })
    }

    /// `set …` or `clear …`: the action it is, if its target is a mark or value.
    pub(super) fn memory_action(&mut self, s: &Statement, a: &mut Args, scope: Scope) -> Option<Action> {
        let set = s.head.name == "set";
        let usage = if set { "set MARK(HOLE), or set VALUE to NUMBER" } else { "clear MARK(HOLE), or clear MARK" };
        let target = a.expr(self, "what to set or clear")?;
        let (name, arg) = match &target.kind {
            ExprKind::Word(w) => (w, None),
            ExprKind::Call(f, args) if args.len() == 1 => (&f.name, Some(&args[0])),
            _ => {
                self.diags.push(
                    Diagnostic::new(Code::WrongType, target.span, "not a mark or value of `memory`", "not memory")
                        .with_help(format!("write `{usage}`")),
                );
                return None;
            }
        };
        let Some(named) = self.named(name) else {
            let d = Diagnostic::new(
                Code::UnknownWord,
                target.span,
                format!("`{name}` is not a mark or value of `memory`"),
                "not declared",
            );
            let declared = self.memory.marks.iter().map(|m| m.name.as_str());
            let declared = declared.chain(self.memory.values.iter().map(|v| v.name.as_str()));
            let d = match did_you_mean(name, declared) {
                Some(s) => d.with_suggestion(s),
                None => d.with_help(format!("declare it in `memory {{ … }}`: `mark {name}` or `value {name}`")),
            };
            self.diags.push(d);
            return None;
        };
        let span = s.span;
        let action = match named {
            Named::Mark(mark) => {
                if set && arg.is_none() {
                    self.diags.push(
                        Diagnostic::new(Code::Arity, target.span, "a mark is set on one hole", "which hole?")
                            .with_help(format!("write `set {name}(HOLE)`")),
                    );
                    return None;
                }
                match arg {
                    Some(h) => Action::Mark { mark, hole: self.hole(h, scope)?, on: set, span },
                    None => Action::ClearMark { mark, span },
                }
            }
            Named::Value { slot, per_player } => {
                let player = match (arg, per_player) {
                    (Some(p), true) => Some(self.player(p, scope)?),
                    (None, false) => None,
                    (None, true) if !set => None,
                    _ => {
                        let want = if per_player { format!("{name}(PLAYER)") } else { name.clone() };
                        self.diags.push(
                            Diagnostic::new(Code::Arity, target.span, format!("write `{want}`"), "not this value")
                                .with_help(if per_player {
                                    format!("`{name}` is kept per player: say whose, e.g. `{name}(mover)`")
                                } else {
                                    format!("`{name}` is the game's value, one for both players")
                                }),
                        );
                        return None;
                    }
                };
                let to = if set {
                    a.keyword(self, "to", "set VALUE to NUMBER");
                    let e = a.expr(self, "a number")?;
                    Some(self.num(e, scope)?)
                } else {
                    None
                };
                Action::SetValue { value: slot, player, to, span }
            }
        };
        Some(action)
    }

    /// `HOLE == last_origin(PLAYER)` (or `last_landing`, or `!=`), if `e` is
    /// such a comparison: the last move's holes are only compared, for
    /// before a player's first move of the round they are no hole at all.
    pub(super) fn last_move(&mut self, e: &Expr, scope: Scope) -> Option<Option<Cond>> {
        fn last(x: &Expr) -> Option<(bool, &[Expr])> {
            match &x.kind {
                ExprKind::Call(f, args) if f.name == "last_origin" || f.name == "last_landing" => {
                    Some((f.name == "last_landing", args))
                }
                _ => None,
            }
        }
        let ExprKind::Binary(op @ (BinOp::Eq | BinOp::Ne), a, b) = &e.kind else { return None };
        let (hole, (landing, args)) = match (last(a), last(b)) {
            (Some(l), None) => (b, l),
            (None, Some(l)) => (a, l),
            _ => return None,
        };
        let name = if landing { "last_landing" } else { "last_origin" };
        if !self.arity(e, name, args.len(), "PLAYER") {
            return Some(None);
        }
        let (hole, player) = (self.hole(hole, scope), self.player(&args[0], scope));
        self.memory.reads_last = true;
        self.general("a rule reads a player's last move (`last_origin`, `last_landing`)");
        Some(Some(Cond::LastMove { hole: hole?, player: player?, landing, equal: *op == BinOp::Eq }))
    }

    /// `last_origin(…)` or `last_landing(…)` anywhere but compared with a hole.
    pub(super) fn last_move_alone(&mut self, e: &Expr, name: &str) {
        self.diags.push(
            Diagnostic::new(
                Code::WrongType,
                e.span,
                format!("`{name}(…)` can only be compared with a hole"),
                "compared only",
            )
            .with_help(format!(
                "write e.g. `origin != {name}(opponent)`: before the player's first move of the round it names no \
                 hole, so `==` is false and `!=` true"
            )),
        );
    }

    fn misused<T>(&mut self, e: &Expr, is: &str, help: &str) -> Option<T> {
        let text = self.text(e.span).to_string();
        let name = text.split('(').next().unwrap_or(&text).to_string();
        self.diags.push(
            Diagnostic::new(Code::WrongType, e.span, format!("`{name}` is {is}"), "used as something else")
                .with_help(help.replace("{}", &name)),
        );
        None
    }
}
