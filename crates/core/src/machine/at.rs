//! Where a move stands in the compiled kernels (`fast.rs`): what the slots
//! of a compiled rule refer to, and the facts of the move that the kernel
//! keeps for rules that read them (`lifted`, `total_before`, `capturing`,
//! the current lap's `lap_origin`).
//!
//! The facts are a type parameter, so that the kernels of rules that read
//! none carry nothing: their `At` is as small as it was before facts were
//! kept, and passed in two registers.

use crate::position::Player;

/// Where the move stands: what the slots of a compiled rule refer to, and
/// the facts of the move `F` the kernel keeps ([`Kept`], or none).
#[derive(Clone, Copy)]
pub(super) struct At<F = ()> {
    pub mover: Player,
    pub origin: u8,
    /// Track index of the landing (or dropped) hole.
    pub i: usize,
    pub laps: u32,
    pub facts: F,
}

impl At {
    /// Where a move lifting `origin` stands at track index `i` after
    /// `laps` laps, no fact of the move kept.
    #[inline(always)]
    pub fn new(mover: Player, origin: u8, i: usize, laps: u32) -> At {
        At { mover, origin, i, laps, facts: () }
    }
}

/// The facts of a move that the general code reads and a position does
/// not hold: `()` keeps none (they read as 0), [`Kept`] keeps them.
pub(super) trait Facts: Copy {
    /// Whether the facts are kept.
    const KEPT: bool;
    /// The facts of a move that lifted `lifted` seeds from a position
    /// whose rows held `before` (as `Ctx::before` orders them).
    fn keep(lifted: u16, before: [u16; 4]) -> Self;
    /// The seeds the move lifted (`lifted`).
    fn lifted(self) -> u16;
    /// The rows' totals before the move (`total_before`).
    fn before(self) -> [u16; 4];
    /// Whether the move is capturing (`capturing`): false when not kept.
    fn capturing(self) -> bool;
    /// Keeps whether the move is capturing.
    fn set_capturing(&mut self, capturing: bool);
    /// The cell the current lap is sown from (`lap_origin`), if kept.
    fn lap_origin(self) -> Option<u8>;
    /// Keeps the cell the lap about to be sown is sown from.
    fn set_lap_origin(&mut self, cell: u8);
}

impl Facts for () {
    const KEPT: bool = false;
    #[inline(always)]
    fn keep(_: u16, _: [u16; 4]) {}
    #[inline(always)]
    fn lifted(self) -> u16 {
        0
    }
    #[inline(always)]
    fn before(self) -> [u16; 4] {
        [0; 4]
    }
    #[inline(always)]
    fn capturing(self) -> bool {
        false
    }
    #[inline(always)]
    fn set_capturing(&mut self, _: bool) {}
    #[inline(always)]
    fn lap_origin(self) -> Option<u8> {
        None
    }
    #[inline(always)]
    fn set_lap_origin(&mut self, _: u8) {}
}

/// The facts of a move, kept for rules that read them.
#[derive(Clone, Copy)]
pub(super) struct Kept {
    lifted: u16,
    before: [u16; 4],
    capturing: bool,
    lap_origin: u8,
}

impl Facts for Kept {
    const KEPT: bool = true;
    #[inline(always)]
    fn keep(lifted: u16, before: [u16; 4]) -> Kept {
        Kept { lifted, before, capturing: false, lap_origin: 0 }
    }
    #[inline(always)]
    fn lifted(self) -> u16 {
        self.lifted
    }
    #[inline(always)]
    fn before(self) -> [u16; 4] {
        self.before
    }
    #[inline(always)]
    fn capturing(self) -> bool {
        self.capturing
    }
    #[inline(always)]
    fn set_capturing(&mut self, capturing: bool) {
        self.capturing = capturing;
    }
    #[inline(always)]
    fn lap_origin(self) -> Option<u8> {
        Some(self.lap_origin)
    }
    #[inline(always)]
    fn set_lap_origin(&mut self, cell: u8) {
        self.lap_origin = cell;
    }
}
