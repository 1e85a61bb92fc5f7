//! Which sowing code a machine runs for untraced moves, chosen once when
//! the rules are lowered, by their shape. The general interpreter
//! (`sow.rs`, `eval.rs`) is the definition; the others are verified against
//! it ([`Machine::verify`](super::Machine::verify)).

use super::lower::Program;
use super::packed::LANES;
use std::fmt;

/// A sowing kernel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kernel {
    /// The general interpreter: conditions walked as written, one seed at a
    /// time. It defines what every rule means, records traces, and plays
    /// every rule shape.
    General,
    /// The hot rules compiled to flat forms, the track laid out as an array
    /// (one per player and direction, closed holes left out), laps sown in
    /// bulk where no `on drop` rule watches them and no skipped origin
    /// comes round; specialised by the number and shape of the drop and
    /// relay rules. Conditions become compiled tests (`lower.rs`); a part
    /// with no flat form is handed to the tree walker.
    Compiled,
    /// [`Kernel::Compiled`] with the board in one 128-bit word (rules with
    /// one simple relay rule, no `on drop` rule, laps that never step over
    /// the origin, at most 255 seeds and at most 16 cells on a track),
    /// endless sowings proven by a repeated state.
    Packed,
}

impl Kernel {
    /// The kernel's name, as `check --explain` and `bench` print it.
    pub fn name(self) -> &'static str {
        match self {
            Kernel::General => "general",
            Kernel::Compiled => "compiled",
            Kernel::Packed => "packed",
        }
    }

    /// The fastest kernel that plays `prog`'s rules, and, for the general
    /// one, why no other does (every reason).
    pub(super) fn choose(prog: &Program, track_len: u8) -> (Kernel, Vec<&'static str>) {
        if !prog.no_compiled_form.is_empty() {
            (Kernel::General, prog.no_compiled_form.clone())
        } else if prog.packed.is_some() && usize::from(track_len) <= LANES {
            (Kernel::Packed, Vec::new())
        } else {
            (Kernel::Compiled, Vec::new())
        }
    }
}

impl fmt::Display for Kernel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use crate::machine::{Kernel, Machine};

    /// A file that the compiled kernels cannot play for two reasons names
    /// both, once each (Kalah with the previous move read while a move is
    /// sown, twice, and a relay lifting a hole found by walking the board).
    #[test]
    fn every_reason_for_the_general_kernel_is_named() {
        let src = include_str!("../../../../rules/kalah.rules")
            .replace(
                "extra_turn",
                "extra_turn\n    capture opposite(previous_origin) to mover\n    capture previous_origin to mover",
            )
            .replace(
                "origin sown             #",
                "relay lift prev(landing) when count(landing) > 1\n    origin sown             #",
            );
        let m = Machine::new(crate::check(&src).unwrap_or_else(|d| panic!("{d:?}")));
        assert_eq!(m.plan().kernel(), Kernel::General);
        let why = m.plan().general_reasons();
        assert_eq!(why.len(), 2, "{why:?}");
        assert!(why[0].contains("previous move"), "{why:?}");
        assert!(why[1].contains("off the mover's track"), "{why:?}");
    }
}
