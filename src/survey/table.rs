//! The figures of several variants side by side: a text table for people
//! (a column per variant), CSV and JSON for other tools (a row or object
//! per variant).

use super::{percent, Column, Setup};
use sowspec_core::stats::Rate;
use std::fmt::Write as _;

/// `48.2% (45.1–51.3)`: a share and its 95% interval.
fn rate(r: &Rate) -> String {
    format!("{} ({}–{})", percent(r.share), bound(r.low), bound(r.high))
}

/// A bound of an interval in %, to one decimal; a bound from 0.005% to
/// 0.1% gets two (`0.04`), so that it does not read as 0.
fn bound(share: f64) -> String {
    let p = 100.0 * share;
    if (0.005..0.1).contains(&p) {
        format!("{p:.2}")
    } else {
        format!("{p:.1}")
    }
}

/// The rows of the text table: a label and a cell per variant.
fn rows(columns: &[Column], setup: &Setup) -> Vec<(String, Vec<String>)> {
    let row = |label: &str, cell: &dyn Fn(&Column) -> String| (label.to_string(), columns.iter().map(cell).collect());
    let mut rows = vec![
        row("games", &|c| c.summary.games.to_string()),
        row("South (first) wins", &|c| rate(&c.summary.wins[0])),
        row("North (second) wins", &|c| rate(&c.summary.wins[1])),
        row("draws", &|c| rate(&c.summary.draws)),
        row(&format!("stopped at {} plies", setup.max_plies), &|c| c.summary.stopped.to_string()),
        row("length: mean", &|c| format!("{:.1}", c.summary.mean_len)),
        row("length: median", &|c| format!("{:.1}", c.summary.median_len)),
        row("length: 99th percentile", &|c| c.summary.p99_len.to_string()),
        row("length: max", &|c| c.summary.max_len.to_string()),
        row("branching factor (mean)", &|c| format!("{:.2}", c.summary.branching)),
        row("captures per game", &|c| format!("{:.2}", c.summary.captures)),
        row("endless candidates met", &|c| c.summary.endless.to_string()),
    ];
    if columns.iter().any(|c| c.summary.rounds.is_some()) {
        rows.push(row("rounds per match", &|c| c.summary.rounds.map_or("–".into(), |r| format!("{r:.2}"))));
    }
    rows
}

/// The variants side by side, one column each, under a line that says how
/// the games were played and what the intervals are.
pub fn text(columns: &[Column], setup: &Setup) -> String {
    let rows = rows(columns, setup);
    let label_w = rows.iter().map(|(l, _)| l.chars().count()).max().unwrap_or(0);
    let widths: Vec<usize> = (0..columns.len())
        .map(|i| {
            let cells = rows.iter().map(|(_, c)| c[i].chars().count());
            cells.chain([columns[i].name.chars().count()]).max().unwrap_or(0)
        })
        .collect();
    let mut out = format!(
        "{} games per variant, seed {}, {} player on both sides; rates are of all games, \
         with 95% Wilson score intervals (in %)\n\n",
        setup.games, setup.seed, setup.player
    );
    let line = |out: &mut String, label: &str, cells: &mut dyn Iterator<Item = &str>| {
        let _ = write!(out, "{label:<label_w$}");
        for (cell, w) in cells.zip(&widths) {
            let _ = write!(out, "  {cell:>w$}");
        }
        out.push('\n');
    };
    line(&mut out, "", &mut columns.iter().map(|c| c.name.as_str()));
    for (label, cells) in &rows {
        line(&mut out, label, &mut cells.iter().map(String::as_str));
    }
    out
}

/// The CSV header and a row per variant; shares and bounds as fractions.
pub fn csv(columns: &[Column]) -> String {
    let mut out = String::from(
        "variant,games,south_wins,south_share,south_low,south_high,north_wins,north_share,north_low,north_high,\
         draws,draw_share,draw_low,draw_high,stopped,mean_len,median_len,p99_len,max_len,branching,\
         captures_per_game,endless_candidates,rounds_per_match\n",
    );
    for c in columns {
        let s = &c.summary;
        let r = |r: &Rate| format!("{},{:.6},{:.6},{:.6}", r.count, r.share, r.low, r.high);
        let name = if c.name.contains([',', '"', '\n']) {
            format!("\"{}\"", c.name.replace('"', "\"\""))
        } else {
            c.name.clone()
        };
        let _ = writeln!(
            out,
            "{name},{},{},{},{},{},{:.4},{:.1},{},{},{:.4},{:.4},{},{}",
            s.games,
            r(&s.wins[0]),
            r(&s.wins[1]),
            r(&s.draws),
            s.stopped,
            s.mean_len,
            s.median_len,
            s.p99_len,
            s.max_len,
            s.branching,
            s.captures,
            s.endless,
            s.rounds.map_or(String::new(), |r| format!("{r:.4}")),
        );
    }
    out
}

/// A JSON document: how the games were played, and an object per variant.
pub fn json(columns: &[Column], setup: &Setup) -> serde_json::Value {
    let rate = |r: &Rate| serde_json::json!({ "count": r.count, "share": r.share, "low": r.low, "high": r.high });
    let variants: Vec<_> = columns
        .iter()
        .map(|c| {
            let s = &c.summary;
            serde_json::json!({
                "variant": c.name,
                "games": s.games,
                "south_wins": rate(&s.wins[0]),
                "north_wins": rate(&s.wins[1]),
                "draws": rate(&s.draws),
                "stopped": s.stopped,
                "length": { "mean": s.mean_len, "median": s.median_len, "p99": s.p99_len, "max": s.max_len },
                "branching": s.branching,
                "captures_per_game": s.captures,
                "endless_candidates": s.endless,
                "rounds_per_match": s.rounds,
            })
        })
        .collect();
    serde_json::json!({
        "games": setup.games,
        "seed": setup.seed,
        "player": setup.player,
        "max_plies": setup.max_plies,
        "interval": "95% Wilson score",
        "variants": variants,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use sowspec_core::stats::Summary;

    fn column(name: &str, south: u64, games: u64) -> Column {
        let summary = Summary {
            games,
            wins: [Rate::wilson(south, games), Rate::wilson(games - south, games)],
            draws: Rate::wilson(0, games),
            stopped: 0,
            lengths: vec![4; games as usize],
            mean_len: 4.0,
            median_len: 4.0,
            p99_len: 4,
            max_len: 4,
            branching: 2.5,
            captures: 1.0,
            endless: 0,
            rounds: None,
        };
        Column { name: name.into(), summary }
    }

    fn setup() -> Setup {
        Setup { games: 10, seed: 1, player: "random".into(), max_plies: 100 }
    }

    #[test]
    fn the_text_table_puts_variants_side_by_side() {
        let t = text(&[column("a", 5, 10), column("longer_name", 10, 10)], &setup());
        let lines: Vec<&str> = t.lines().collect();
        assert!(lines[0].contains("95% Wilson score intervals"));
        assert!(lines[2].split_whitespace().eq(["a", "longer_name"]), "{t}");
        // 5 of 10: 50.0% (23.7–76.3); 10 of 10: 100.0% (72.2–100.0).
        let south = lines.iter().find(|l| l.starts_with("South")).unwrap();
        assert!(south.contains("50.0% (23.7–76.3)") && south.contains("100.0% (72.2–100.0)"), "{south}");
        assert!(!t.contains("rounds per match"));
        // 0 of 10,000: the upper bound is z² / (n + z²) = 3.8415 / 10003.84 = 0.038%.
        assert_eq!(rate(&Rate::wilson(0, 10_000)), "0.0% (0.0–0.04)");
    }

    #[test]
    fn csv_has_a_row_per_variant() {
        let c = csv(&[column("a", 5, 10), column("b,c", 0, 10)]);
        let lines: Vec<&str> = c.lines().collect();
        assert_eq!(lines.len(), 3);
        assert_eq!(lines[0].split(',').count(), lines[1].split(',').count());
        assert!(lines[1].starts_with("a,10,5,0.500000,0.236593,0.763407,5,"), "{}", lines[1]);
        assert!(lines[2].starts_with("\"b,c\",10,0,"));
    }

    #[test]
    fn json_names_the_interval() {
        let j = json(&[column("a", 5, 10)], &setup());
        assert_eq!(j["interval"], "95% Wilson score");
        assert_eq!(j["variants"][0]["south_wins"]["count"], 5);
        assert!(j["variants"][0]["rounds_per_match"].is_null());
    }
}
