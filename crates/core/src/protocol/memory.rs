//! A position's memory (`memory { … }` in the rules) as the protocol writes
//! it: one entry per declared name, a mark as the holes it is on (`["se",
//! "nb"]`), the game's value as a number, a value kept per player as
//! `{"south": 1, "north": 0}`.

use super::{err, parse_cell, PositionError, PositionProblem, Sides};
use crate::machine::Machine;
use crate::memory::Memory;
use crate::position::Position;
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
}

/// The memory of `pos`, for rules that declare one.
pub(super) fn written(m: &Machine, pos: &Position) -> Option<MemoryDoc> {
    let memory = pos.memory()?;
    let decl = m.rules().memory();
    let mut doc = MemoryDoc::new();
    for (k, mark) in decl.marks.iter().enumerate() {
        let on = (0..2 * m.holes()).filter(|&c| memory.marked(k as u8, c));
        let names = on.map(|c| m.cell_name(c).to_lowercase().replace('.', "")).collect();
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
        if decl.mark(name).is_none() && decl.value(name).is_none() {
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
                        None => problems.push(err(
                            format!("{field}[{i}]"),
                            PositionProblem::NotACell { given: name.clone() },
                        )),
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
    Some(memory)
}
