//! MancalaGames' `nosinglecapt` (its `NoSingleSeedCapt`): a move that lifted
//! a single seed captures nothing. The capturer it wraps is every capture
//! made where the sowing ends, so the condition joins the trigger of the
//! capture rule: `lifted != 1`.

use super::Out;

/// The capture rule `rule` (and the condition `when` on which it captures)
/// with `nosinglecapt`'s condition, or unchanged when it is false.
pub(super) fn no_single(out: &mut Out, rule: String, when: String) -> (String, String) {
    if out.int("nosinglecapt", 0) == 0 || rule.is_empty() {
        return (rule, when);
    }
    // One capture rule, sown one lap: laps would stop where a capture could
    // be made, which then depends on the seeds lifted too.
    const TRIGGER: &str = "on sowing_end when ";
    if rule.matches(TRIGGER).count() != 1 || out.int("mlaps", 0) != 0 {
        out.unsupported("nosinglecapt", "no capture after a single seed, with laps or several capture rules");
        return (rule, when);
    }
    let rule = rule.replacen(TRIGGER, &format!("{TRIGGER}lifted != 1 and "), 1);
    let rule = format!("# nosinglecapt = true: a single seed lifted captures nothing\n{rule}");
    (rule, format!("lifted != 1 and {when}"))
}
