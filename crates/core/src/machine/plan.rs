//! The machine's plan: every decision about how it runs a move, made once
//! when the rules are lowered (which kernel sows untraced moves, how the
//! legal moves are found, and why), and the definition's plan derived from
//! it. The machine reads its plan; tools read it through [`Plan`]'s
//! methods (`check --explain`, `bench`), never the kernels' insides.

use super::kernel::Kernel;
use super::lower::{Program, Track};
use crate::rules::{OriginPolicy, Ruleset};

/// How a machine plays: its sowing kernel and how it finds legal moves,
/// each with the reason for it where the reason is not speed alone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The sowing kernel of untraced moves.
    pub(super) kernel: Kernel,
    /// Why the rules run on the general kernel, when no other plays them.
    pub(super) general: Vec<&'static str>,
    /// The unpacked compiled kernel's shape (`fast.rs`'s `unpacked_shape`).
    pub(super) unpacked: u8,
    /// Why every candidate is sown to find the legal moves, when it is
    /// (`None`: no sowing can be endless, so a liftable hole is legal
    /// unless a `must_leave` duty weighs it).
    pub(super) sown_legality: Option<&'static str>,
    /// Whether the legal moves are found without sowing the candidates
    /// (`sown_legality` is `None`). The definition sows them all.
    pub(super) unsown_legality: bool,
    /// The compiled kernel alone finds the legal moves: it sows every
    /// candidate, and no `must_leave` duty or `prefer` rule weighs them.
    pub(super) compiled_only: bool,
    /// Every non-empty hole of the player to move is a legal move: legal
    /// moves are found without sowing, `lift when` holds for any non-empty
    /// hole, and no `must_leave` duty or `prefer` rule weighs them (Kalah).
    pub(super) lifts_legal: bool,
    /// Every move is one lap sown by the compiled kernel without relay,
    /// drop rule or fact kept (`fast.rs`'s `one_lap`), never endless on a
    /// board with no hole closed, and no move is remembered: a legal move
    /// left unsown is sown by that kernel directly.
    pub(super) one_lap: bool,
    /// Legal moves are found move letter by letter, each candidate sown on
    /// a whole copy of the position: under territory, where a player's
    /// holes may run past their row, under `lift from both_rows`, and
    /// where placements (`place`) are moves too.
    pub(super) by_letters: bool,
    /// What the kernel hands to the definition, if anything.
    note: Option<&'static str>,
}

impl Plan {
    /// The plan for `rules`, lowered to `prog`, whose players' tracks with
    /// no hole closed are `tracks` (South's first).
    pub(super) fn new(rules: &Ruleset, prog: &Program, tracks: &[Track; 4]) -> Plan {
        let (kernel, general) = Kernel::choose(prog, tracks[0].len);
        let unpacked = super::fast::unpacked_shape(prog);
        let sown_legality = sown_legality(rules);
        let unsown_legality = sown_legality.is_none();
        let moves = &rules.moves;
        let weighs = moves.must_leave.is_some() || !moves.prefer.is_empty();
        let by_letters = rules.territory() || moves.both_rows || moves.place.is_some() || rules.board.circle;
        // (A track of one hole under a skipped origin is the kernel's only
        // endless lap: `fast.rs`'s `skipping_lap`.)
        let never_endless = !prog.skip_origin || tracks.iter().all(|t| t.len > 1);
        Plan {
            kernel,
            general,
            unpacked,
            sown_legality,
            unsown_legality,
            // Not for rules that read facts of the game: drawing a move by
            // rejection (`draw.rs`) would have to carry them for every file.
            compiled_only: kernel != Kernel::General && !unsown_legality && !prog.facts && !weighs && !by_letters,
            lifts_legal: unsown_legality && prog.lift_trivial && !weighs,
            one_lap: kernel == Kernel::Compiled
                && super::fast::one_lap_shape(prog, unpacked)
                && !rules.reads_previous
                && never_endless,
            by_letters,
            note: prog.lift_landing.then_some(
                "`lift when` names where the first lap ends: each candidate's lap is walked and the condition read as written",
            ),
        }
    }

    /// The definition's plan: the general interpreter for every move,
    /// every candidate sown to find the legal moves.
    pub(super) fn definition(&self) -> Plan {
        Plan {
            kernel: Kernel::General,
            sown_legality: Some("the definition sows every candidate"),
            unsown_legality: false,
            compiled_only: false,
            lifts_legal: false,
            one_lap: false,
            ..self.clone()
        }
    }

    /// The sowing kernel untraced moves run (traced moves always run the
    /// general interpreter, the definition).
    pub fn kernel(&self) -> Kernel {
        self.kernel
    }

    /// Why these rules run on the general kernel, when no other can play
    /// them: every construct that keeps them there (empty otherwise).
    pub fn general_reasons(&self) -> &[&'static str] {
        &self.general
    }

    /// Why every candidate is sown to find the legal moves, when it is
    /// (`None`: found without sowing, every liftable hole being a legal
    /// move unless a `must_leave` duty applies).
    pub fn sown_legality(&self) -> Option<&'static str> {
        self.sown_legality
    }

    /// What the kernel hands to the definition, if anything (a `lift when`
    /// that names the first lap's landing is walked as written).
    pub fn note(&self) -> Option<&'static str> {
        self.note
    }

    /// Whether a playout can draw moves by rejection (see
    /// [`crate::playout::Playouts::by_rejection`]) without sowing every
    /// candidate: the compiled kernel alone decides which are legal.
    pub fn draws_by_rejection(&self) -> bool {
        self.compiled_only
    }
}

/// Why the legal moves of `rules` can only be found by sowing every
/// candidate (`None` when every liftable hole is a legal move, unless a
/// `must_leave` duty applies).
fn sown_legality(rules: &Ruleset) -> Option<&'static str> {
    if rules.moves.place.is_some() {
        Some("a move may place a seed from the hand (`place`): each placement is played to judge it")
    } else if !rules.sowing.relays.is_empty() {
        Some("relays may make a sowing endless")
    } else if rules.sowing.skip.is_some() {
        Some("holes passed over (`skip when`) may leave a sowing nowhere to go: each candidate is sown to judge it")
    } else if rules.moves.both_rows {
        Some("a player may lift from either row (`lift from both_rows`): each hole of both rows is sown to judge it")
    } else if rules.board.circle {
        Some("on a circle (`circle N`) either player may lift any hole: each hole is sown to judge it")
    } else if rules.territory() {
        Some("holes change hands (`refill … territory`): each hole the mover owns is sown to judge it")
    } else if rules.board.own_circuits && rules.sowing.origin != OriginPolicy::Sown {
        Some("a skipped origin may be the only open hole of its own circuit (`circuits own`), which makes the move endless")
    } else {
        None
    }
}
