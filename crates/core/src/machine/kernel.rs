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
    /// one, why no other does.
    pub(super) fn choose(prog: &Program, track_len: u8) -> (Kernel, Option<&'static str>) {
        if let Some(why) = prog.no_compiled_form {
            (Kernel::General, Some(why))
        } else if prog.packed.is_some() && usize::from(track_len) <= LANES {
            (Kernel::Packed, None)
        } else {
            (Kernel::Compiled, None)
        }
    }
}

impl fmt::Display for Kernel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
