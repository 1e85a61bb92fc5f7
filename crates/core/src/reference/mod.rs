//! The language reference as data: one entry per section, statement, rule,
//! action, function, name, operator and keyword, with its meaning and an
//! example. Editors show it on hover and offer it for completion, and the
//! book's language reference (`docs/src/reference.md`) is generated from it ([`markdown`]), so the
//! two cannot drift apart.

mod markdown;
mod table;

pub use markdown::markdown;

/// What an entry describes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A section of the game (`board`, `sowing`, …), or `game` itself.
    Section,
    /// A statement of a section (`holes` in `board`).
    Statement,
    /// An event of an `on` rule (`drop`, `sowing_end`).
    Event,
    /// An action in an `on` rule's block (`capture`, `sweep`, …).
    Action,
    /// A number or test in a condition (`count(…)`, `laps`, `claimed(…)`).
    Value,
    /// An operator (`and`, `==`, `+`, `in`, …).
    Operator,
    /// A keyword that introduces a condition (`when`).
    Keyword,
    /// A hole (`origin`, `opposite(…)`, …).
    Hole,
    /// A player (`mover`, `owner(…)`, …).
    Player,
    /// A row (`mover_row`, `opponent_row`).
    Row,
}

/// Where a name exists.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Scope {
    /// In every condition.
    Everywhere,
    /// Once a lap has been sown: in `relay` and `on` rules.
    AfterLap,
    /// Where a hole has just been sown or visited: `on drop` rules and `sweep` blocks.
    Dropped,
}

/// One entry of the reference.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The word it is about, as written in a rules file (`holes`, `count`, `==`).
    pub word: &'static str,
    /// What it is.
    pub kind: Kind,
    /// The section a statement belongs to (`board`), `on` for events and
    /// actions, `game` for sections; empty for the rest.
    pub parent: &'static str,
    /// How it is written, in Markdown (`` `holes N` ``); for a section, its heading.
    pub form: &'static str,
    /// What it means, in Markdown.
    pub meaning: &'static str,
    /// An example, as rules text.
    pub example: &'static str,
    /// The other words of its statement (`counterclockwise` for `direction`),
    /// or the other operators it covers.
    pub words: &'static [&'static str],
    /// Where a name exists.
    pub scope: Scope,
}

impl Entry {
    /// True for a function, written with its argument in brackets: `count(HOLE)`.
    pub fn is_function(&self) -> bool {
        self.form.strip_prefix('`').and_then(|f| f.strip_prefix(self.word)).is_some_and(|f| f.starts_with('('))
    }

    /// The hover text: the form, what it is, the meaning and the example (Markdown).
    pub fn hover(&self) -> String {
        let what = match self.kind {
            Kind::Section if self.word == "game" => "the game".to_string(),
            Kind::Section => "section".to_string(),
            Kind::Statement => format!("statement of `{}`", self.parent),
            Kind::Event => "`on` rule".to_string(),
            Kind::Action => "action of an `on` rule".to_string(),
            Kind::Value => "in conditions".to_string(),
            Kind::Operator => "operator".to_string(),
            Kind::Keyword => "keyword".to_string(),
            Kind::Hole => "hole".to_string(),
            Kind::Player => "player".to_string(),
            Kind::Row => "row".to_string(),
        };
        let mut text = format!("{} — {what}\n\n{}", self.form, self.meaning);
        if !self.example.is_empty() {
            text += &format!("\n\n```sowspec\n{}\n```", self.example);
        }
        text
    }

    /// True when this entry covers `word` (its own word or one of its `words`).
    fn covers(&self, word: &str) -> bool {
        self.word == word || self.words.contains(&word)
    }
}

/// Every entry, in the book's order.
pub fn entries() -> &'static [Entry] {
    table::ENTRIES
}

/// The entry a word stands for where it stands: the head of a statement in
/// the block of `parent` (`None` at the top of the file), or an argument of
/// the statement headed `head` (`call`: written as a call, `count(…)`).
pub fn lookup(word: &str, place: Place<'_>) -> Option<&'static Entry> {
    let find = |pred: &dyn Fn(&Entry) -> bool| entries().iter().find(|e| pred(e));
    match place {
        Place::Head { parent } => match parent {
            None | Some("game") => find(&|e| e.kind == Kind::Section && e.word == word),
            Some("on" | "sweep") => find(&|e| e.kind == Kind::Action && e.word == word),
            Some(section) => find(&|e| e.kind == Kind::Statement && e.parent == section && e.word == word),
        },
        Place::Arg { head, parent, call } => {
            if call {
                return find(&|e| e.is_function() && e.word == word);
            }
            let own = lookup(head, Place::Head { parent });
            if head == "on" {
                if let Some(event) = find(&|e| e.kind == Kind::Event && e.covers(word)) {
                    return Some(event);
                }
            }
            if let Some(own) = own.filter(|e| e.words.contains(&word)) {
                return Some(own);
            }
            find(&|e| {
                matches!(e.kind, Kind::Value | Kind::Operator | Kind::Keyword | Kind::Hole | Kind::Player | Kind::Row)
                    && !e.is_function()
                    && e.covers(word)
            })
        }
    }
}

/// Where a word stands, for [`lookup`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place<'a> {
    /// The first word of a statement in the block of the statement headed
    /// `parent` (`None`: at the top of the file).
    Head {
        /// The head of the statement whose block holds it.
        parent: Option<&'a str>,
    },
    /// A later word of the statement headed `head`.
    Arg {
        /// The statement's head.
        head: &'a str,
        /// The head of the statement whose block holds the statement.
        parent: Option<&'a str>,
        /// Written as a call: `count(…)`.
        call: bool,
    },
}

/// The statements that may start a line in the block of `parent`: the
/// sections in `game`, the actions in an `on` rule or a `sweep`, the
/// statements of a section; `game` at the top of the file.
pub fn statements_in(parent: Option<&str>) -> Vec<&'static Entry> {
    entries()
        .iter()
        .filter(|e| match parent {
            None => e.word == "game",
            Some("game") => e.kind == Kind::Section && e.parent == "game",
            Some("on" | "sweep") => e.kind == Kind::Action,
            Some(section) => e.kind == Kind::Statement && e.parent == section,
        })
        .collect()
}

/// What may stand in a condition where the names of `scope` exist: holes,
/// players, rows, numbers, functions, operators.
pub fn expression_items(scope: Scope) -> Vec<&'static Entry> {
    entries()
        .iter()
        .filter(|e| {
            matches!(e.kind, Kind::Value | Kind::Hole | Kind::Player | Kind::Row) && e.scope <= scope
                || (e.kind == Kind::Operator && e.word.chars().all(|c| c.is_ascii_alphabetic()))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::vocabulary;

    /// Every word the checker knows has an entry, so every word has a hover.
    #[test]
    fn every_word_the_checker_knows_has_an_entry() {
        for (section, heads) in vocabulary::STATEMENTS {
            assert!(lookup(section, Place::Head { parent: Some("game") }).is_some(), "section {section}");
            for head in heads {
                assert!(lookup(head, Place::Head { parent: Some(section) }).is_some(), "{head} in {section}");
            }
        }
        for action in vocabulary::ACTIONS {
            assert!(lookup(action, Place::Head { parent: Some("on") }).is_some(), "action {action}");
        }
        for f in vocabulary::FUNCTIONS {
            assert!(lookup(f, Place::Arg { head: "lift", parent: Some("moves"), call: true }).is_some(), "{f}");
        }
        for name in vocabulary::NAMES {
            assert!(lookup(name, Place::Arg { head: "lift", parent: Some("moves"), call: false }).is_some(), "{name}");
        }
    }

    /// Every function the reference lists is among the checker's
    /// functions, which the unknown-function help lists.
    #[test]
    fn every_function_in_the_reference_is_known_to_the_checker() {
        for e in entries().iter().filter(|e| e.is_function() && e.kind != Kind::Action) {
            assert!(vocabulary::FUNCTIONS.contains(&e.word), "{} is missing from vocabulary::FUNCTIONS", e.word);
        }
    }

    #[test]
    fn a_word_means_what_its_place_says() {
        let arg = |head, parent, word| lookup(word, Place::Arg { head, parent: Some(parent), call: false });
        assert_eq!(arg("first_seed", "sowing", "next").unwrap().word, "first_seed");
        assert_eq!(arg("relay", "sowing", "next").unwrap().kind, Kind::Hole);
        assert_eq!(arg("refill", "match", "hole").unwrap().word, "refill");
        assert_eq!(arg("sweep", "on", "hole").unwrap().kind, Kind::Hole);
        assert_eq!(arg("on", "game", "drop").unwrap().kind, Kind::Event);
        assert_eq!(arg("no_moves", "end", "owner").unwrap().word, "no_moves");
        assert_eq!(
            lookup("owner", Place::Arg { head: "capture", parent: Some("on"), call: true }).unwrap().kind,
            Kind::Player
        );
        assert_eq!(arg("lift", "moves", ">=").unwrap().word, "==");
        assert_eq!(lookup("origin", Place::Head { parent: Some("sowing") }).unwrap().kind, Kind::Statement);
        assert!(expression_items(Scope::Everywhere).iter().all(|e| e.word != "landing"));
        assert!(expression_items(Scope::Dropped).iter().any(|e| e.word == "hole"));
        assert!(entries().iter().all(|e| !e.meaning.is_empty() && !e.example.is_empty()), "an entry lacks text");
    }
}
