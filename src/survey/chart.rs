//! The picture of a run: a row per variant, with a bar of its outcomes
//! (South wins, draws, North wins, stopped games, and the 95% interval of
//! South's share as a whisker) beside a histogram of its game lengths, from
//! 0 to the row's 99th percentile (variants' lengths differ by orders of
//! magnitude, so each row has its own scale, labelled). Hand-written SVG,
//! self-contained: no script, no fonts or styles fetched from anywhere.

use super::{percent, Column, Setup};
use std::fmt::Write as _;

/// Bins of each length histogram.
const BINS: usize = 40;
/// Widths of the name column, the outcome bar and the histogram.
const NAME_W: f64 = 190.0;
const BAR_W: f64 = 300.0;
const HIST_W: f64 = 400.0;
/// Height of a variant's row, and of the heading above the rows.
const ROW_H: f64 = 64.0;
const HEAD_H: f64 = 70.0;
/// Colours of South wins, draws, North wins and stopped games.
const COLOURS: [&str; 4] = ["#3b7dd8", "#b9b9b9", "#e07b39", "#8a2be2"];

/// Escapes text for SVG.
fn esc(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The lengths of `sorted` counted in [`BINS`] bins over `0..=end`; longer
/// games count in the last bin.
pub fn histogram(sorted: &[u64], end: u64) -> [u64; BINS] {
    let mut bins = [0; BINS];
    for &len in sorted {
        let i = (len as f64 / (end as f64 + 1.0) * BINS as f64) as usize;
        bins[i.min(BINS - 1)] += 1;
    }
    bins
}

/// The SVG picture of `columns`.
pub fn svg(columns: &[Column], setup: &Setup) -> String {
    let width = NAME_W + BAR_W + HIST_W + 60.0;
    let height = HEAD_H + ROW_H * columns.len() as f64 + 10.0;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let title =
        format!("{} games per variant, seed {}, {} player on both sides", setup.games, setup.seed, esc(&setup.player));
    let _ = writeln!(s, r#"<text x="10" y="20" font-size="14" font-weight="bold">{title}</text>"#);
    let (bx, hx) = (NAME_W, NAME_W + BAR_W + 30.0);
    let _ = writeln!(
        s,
        r#"<text x="{bx}" y="44">outcomes (whisker: South's 95% CI)</text><text x="{hx}" y="44">game length in plies, to each 99th percentile</text>"#
    );
    for (i, (label, colour)) in ["South wins", "draws", "North wins", "stopped"].iter().zip(COLOURS).enumerate() {
        let x = bx + i as f64 * 78.0;
        let _ = writeln!(
            s,
            r#"<rect x="{x}" y="52" width="10" height="10" fill="{colour}"/><text x="{}" y="61" font-size="11">{label}</text>"#,
            x + 13.0
        );
    }
    for (row, c) in columns.iter().enumerate() {
        let y = HEAD_H + row as f64 * ROW_H;
        row_svg(&mut s, c, y);
    }
    s.push_str("</svg>\n");
    s
}

/// One variant's row at height `y`.
fn row_svg(s: &mut String, c: &Column, y: f64) {
    let sum = &c.summary;
    let end = sum.p99_len.max(1);
    let games = sum.games.max(1) as f64;
    let (bx, bar_h, mid) = (NAME_W, 24.0, y + 22.0);
    let _ = writeln!(s, r#"<text x="10" y="{}" font-weight="bold">{}</text>"#, mid + 4.0, esc(&c.name));
    let parts = [sum.wins[0].count, sum.draws.count, sum.wins[1].count, sum.stopped];
    let mut x = bx;
    for (n, colour) in parts.iter().zip(COLOURS) {
        let w = BAR_W * *n as f64 / games;
        if w > 0.0 {
            let _ = writeln!(
                s,
                r#"<rect x="{x:.1}" y="{}" width="{w:.1}" height="{bar_h}" fill="{colour}"/>"#,
                mid - bar_h / 2.0
            );
        }
        x += w;
    }
    let south = &sum.wins[0];
    let (lo, hi) = (bx + BAR_W * south.low, bx + BAR_W * south.high);
    let _ = writeln!(
        s,
        r#"<path d="M{lo:.1} {mid}H{hi:.1}M{lo:.1} {}V{}M{hi:.1} {}V{}" stroke="black" stroke-width="1.5"/>"#,
        mid - 6.0,
        mid + 6.0,
        mid - 6.0,
        mid + 6.0
    );
    let caption = format!(
        "South {} · draws {} · North {}{}",
        percent(south.share),
        percent(sum.draws.share),
        percent(sum.wins[1].share),
        if sum.stopped > 0 { format!(" · {} stopped", sum.stopped) } else { String::new() }
    );
    let _ = writeln!(s, r#"<text x="{bx}" y="{}" font-size="11">{caption}</text>"#, mid + 26.0);
    let hx = NAME_W + BAR_W + 30.0;
    let bins = histogram(&sum.lengths, end);
    let top = bins.iter().copied().max().unwrap_or(0).max(1) as f64;
    let bin_w = HIST_W / BINS as f64;
    let base = y + ROW_H - 14.0;
    let _ = writeln!(s, r##"<line x1="{hx}" y1="{base}" x2="{}" y2="{base}" stroke="#888"/>"##, hx + HIST_W);
    for (i, &n) in bins.iter().enumerate() {
        if n > 0 {
            let h = (ROW_H - 20.0) * n as f64 / top;
            let _ = writeln!(
                s,
                r##"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{h:.1}" fill="#4a4a4a"/>"##,
                hx + i as f64 * bin_w,
                base - h,
                bin_w - 1.0
            );
        }
    }
    for (i, tick) in [0.to_string(), (end / 2).to_string(), format!("{end}+")].iter().enumerate() {
        let x = hx + HIST_W * i as f64 / 2.0;
        let _ = writeln!(s, r#"<text x="{x}" y="{}" text-anchor="middle" font-size="10">{tick}</text>"#, base + 11.0);
    }
    let med = hx + HIST_W * (sum.median_len / (end as f64 + 1.0)).min(1.0);
    let _ = writeln!(
        s,
        r#"<line x1="{med:.1}" y1="{}" x2="{med:.1}" y2="{base}" stroke="red" stroke-width="1.5"/><text x="{:.1}" y="{}" font-size="10" fill="red">median {:.0}</text>"#,
        y + 4.0,
        med + 3.0,
        y + 12.0,
        sum.median_len
    );
}

/// The SVG picture in a self-contained HTML page.
pub fn html(columns: &[Column], setup: &Setup) -> String {
    format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>sowspec stats</title></head>\n<body>\n{}</body></html>\n",
        svg(columns, setup)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use sowspec_core::stats::{Rate, Summary};

    // Lengths 0..=end spread over 40 bins of width (end + 1) / 40: with
    // end = 39 each length is its own bin, and 100 falls in the last.
    #[test]
    fn histogram_bins() {
        let lengths: Vec<u64> = (0..40).chain([100]).collect();
        let bins = histogram(&lengths, 39);
        assert_eq!(bins[0], 1);
        assert_eq!(bins[20], 1);
        assert_eq!(bins[39], 2);
        assert_eq!(bins.iter().sum::<u64>(), 41);
    }

    #[test]
    fn the_picture_is_well_formed_and_names_each_variant() {
        let summary = Summary {
            games: 4,
            wins: [Rate::wilson(2, 4), Rate::wilson(1, 4)],
            draws: Rate::wilson(0, 4),
            stopped: 1,
            lengths: vec![10, 20, 30, 100],
            mean_len: 40.0,
            median_len: 25.0,
            p99_len: 100,
            max_len: 100,
            branching: 3.0,
            captures: 1.0,
            endless: 0,
            rounds: None,
        };
        let columns = [Column { name: "a<b".into(), summary }];
        let setup = Setup { games: 4, seed: 1, player: "random".into(), max_plies: 100 };
        let picture = svg(&columns, &setup);
        assert!(picture.starts_with("<svg") && picture.trim_end().ends_with("</svg>"));
        assert!(picture.contains("a&lt;b") && picture.contains("1 stopped"));
        // Nothing fetched: the namespace is the only address.
        assert_eq!(picture.matches("http").count(), 1);
        // Background, 4 legend keys, 3 outcome parts (no draws), and the
        // bins of 10, 20, 30 and 100 on the scale 0..=100: 10·40/101 → 3,
        // 20 → 7, 30 → 11, 100 → 39; four bars.
        assert_eq!(picture.matches("<rect").count(), 1 + 4 + 3 + 4);
        assert!(html(&columns, &setup).contains("<svg"));
    }
}
