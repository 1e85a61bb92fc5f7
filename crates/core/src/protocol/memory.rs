//! A position's memory (`memory { … }` in the rules) as the protocol writes
//! it: one entry per declared name, a mark as the holes it is on (`["se",
//! "nb"]`), the game's value as a number, a value kept per player as
//! `{"south": 1, "north": 0}`.

use super::{cell_doc_name, err, parse_cell, PositionError, PositionProblem, Sides};
use crate::machine::Machine;
use crate::memory::Memory;
use crate::position::{Player, Position};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A position's memory, by declared name.
pub type MemoryDoc = BTreeMap<String, MemoryEntry>;

/// One mark or value of a position's memory.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum MemoryEntry {
    /// A mark: the holes it is on, as owner and letter (`sa`, `nf`), in board order.
    Holes(Vec<String>),
    /// The game's value.
    Value(i64),
    /// A value kept per player.
    PerPlayer(Sides<i64>),
    /// Under [`LAST_MOVE`]: each player's last move this round (`null`
    /// before their first), for rules that read it (`last_origin`, `last_landing`).
    LastMove(Sides<Option<LastMoveDoc>>),
}

/// The entry holding each player's last move (a name no rules file may give a mark or value).
pub const LAST_MOVE: &str = "last_move";

/// A player's last move this round: the hole it lifted and the hole its
/// last seed fell into, as owner and letter (`sa`, `nf`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LastMoveDoc {
    /// The hole it lifted.
    pub origin: String,
    /// The hole its last seed fell into.
    pub landing: String,
}

/// The memory of `pos`, for rules that declare one.
pub(super) fn written(m: &Machine, pos: &Position) -> Option<MemoryDoc> {
    let memory = pos.memory()?;
    let decl = m.rules().memory();
    if decl.is_empty() {
        // (Seeds in hand alone: the position's own `hand` field carries them.)
        return None;
    }
    let mut doc = MemoryDoc::new();
    for (k, mark) in decl.marks.iter().enumerate() {
        let on = (0..m.hole_cells()).filter(|&c| memory.marked(k as u8, c));
        let names = on.map(|c| cell_doc_name(m, c)).collect();
        doc.insert(mark.name.clone(), MemoryEntry::Holes(names));
    }
    for v in &decl.values {
        let at = |p: u8| i64::from(memory.value(v.slot + p));
        let entry = if v.per_player {
            MemoryEntry::PerPlayer(Sides { south: at(0), north: at(1) })
        } else {
            MemoryEntry::Value(at(0))
        };
        doc.insert(v.name.clone(), entry);
    }
    if decl.reads_last {
        let name = |c: u8| cell_doc_name(m, c);
        let last = |p: Player| {
            memory.last_move(p).map(|(origin, landing)| LastMoveDoc { origin: name(origin), landing: name(landing) })
        };
        doc.insert(
            LAST_MOVE.to_string(),
            MemoryEntry::LastMove(Sides { south: last(Player::South), north: last(Player::North) }),
        );
    }
    Some(doc)
}

/// The memory a document gives, checked against the rules (every declared
/// name given, of its kind, and no other); its problems go to `problems`.
pub(super) fn read(m: &Machine, doc: Option<&MemoryDoc>, problems: &mut Vec<PositionError>) -> Option<Memory> {
    let decl = m.rules().memory();
    let Some(doc) = doc else {
        if !decl.is_empty() {
            problems.push(err("memory", PositionProblem::MemoryMissing));
        }
        return None;
    };
    if decl.is_empty() {
        problems.push(err("memory", PositionProblem::NoMemory));
        return None;
    }
    let mut memory = Memory::default();
    for name in doc.keys() {
        let last = name == LAST_MOVE && decl.reads_last;
        if decl.mark(name).is_none() && decl.value(name).is_none() && !last {
            problems.push(err(format!("memory.{name}"), PositionProblem::MemoryName { kind: None }));
        }
    }
    for (k, mark) in decl.marks.iter().enumerate() {
        let field = format!("memory.{}", mark.name);
        match doc.get(&mark.name) {
            Some(MemoryEntry::Holes(holes)) => {
                for (i, name) in holes.iter().enumerate() {
                    match parse_cell(m, name) {
                        Some(cell) => memory.set_mark(k as u8, cell, true),
                        None => problems
                            .push(err(format!("{field}[{i}]"), PositionProblem::NotACell { given: name.clone() })),
                    }
                }
            }
            _ => problems.push(err(field, PositionProblem::MemoryName { kind: Some("a mark: the holes it is on") })),
        }
    }
    for v in &decl.values {
        let field = format!("memory.{}", v.name);
        let given = match (doc.get(&v.name), v.per_player) {
            (Some(MemoryEntry::Value(n)), false) => Some([*n, 0]),
            (Some(MemoryEntry::PerPlayer(s)), true) => Some([s.south, s.north]),
            _ => None,
        };
        let kind = match given.map(|ns| ns.map(i32::try_from)) {
            Some([Ok(south), Ok(north)]) => {
                let slot = usize::from(v.slot);
                memory.values[slot] = south;
                if v.per_player {
                    memory.values[slot + 1] = north;
                }
                continue;
            }
            Some(_) => "a number from -2147483648 to 2147483647",
            None if v.per_player => "a value per player: {\"south\": 0, \"north\": 0}",
            None => "a number",
        };
        problems.push(err(field, PositionProblem::MemoryName { kind: Some(kind) }));
    }
    if decl.reads_last {
        match doc.get(LAST_MOVE) {
            Some(MemoryEntry::LastMove(sides)) => {
                for p in Player::BOTH {
                    let Some(last) = sides.get(p) else { continue };
                    let field = format!("memory.{LAST_MOVE}.{}", p.name());
                    // (A move may end in a store: `sstore`, as a store's name is written.)
                    let store = |name: &str| {
                        Player::BOTH.into_iter().filter_map(|p| m.store_cell(p)).find(|&c| cell_doc_name(m, c) == name)
                    };
                    let cell = |name: &str| parse_cell(m, name).or_else(|| store(name));
                    match (parse_cell(m, &last.origin), cell(&last.landing)) {
                        (Some(origin), Some(landing)) => memory.set_last_move(p, origin, landing),
                        (None, _) => {
                            problems.push(err(field, PositionProblem::NotACell { given: last.origin.clone() }))
                        }
                        (_, None) => {
                            problems.push(err(field, PositionProblem::NotACell { given: last.landing.clone() }))
                        }
                    }
                }
            }
            _ => {
                let kind =
                    "each player's last move: {\"south\": {\"origin\": \"sa\", \"landing\": \"nb\"}, \"north\": null}";
                problems.push(err(format!("memory.{LAST_MOVE}"), PositionProblem::MemoryName { kind: Some(kind) }));
            }
        }
    }
    Some(memory)
}
