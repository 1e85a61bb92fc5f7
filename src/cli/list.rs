//! `sowspec list [DIR]`: the bundled variants.

use super::{read_text, CmdResult};
use std::path::Path;
use std::process::ExitCode;

/// Prints one line per rules file in `dir` (and its subfolders, named by
/// their path under `dir`): name, board, seeds, family, source.
pub fn run(dir: &Path) -> CmdResult {
    let files = super::rules_files_under(dir)?;
    let mut rows = vec![["file", "game", "board", "seeds", "family", "source"].map(String::from)];
    for path in &files {
        let stem = path.strip_prefix(dir).unwrap_or(path).with_extension("").to_string_lossy().into_owned();
        let row = match sowspec::check(&read_text(path)?) {
            Err(d) => [
                stem,
                format!("(does not check: {} problems)", d.len()),
                String::new(),
                String::new(),
                String::new(),
                String::new(),
            ],
            Ok(r) => {
                let stores = match r.board().stores {
                    sowspec::rules::Stores::None => "",
                    sowspec::rules::Stores::Sown | sowspec::rules::Stores::SownRight => " + stores",
                    sowspec::rules::Stores::Both => " + both stores",
                };
                let a = r.about.clone();
                [
                    stem,
                    r.name().to_string(),
                    format!("{}×{}{stores}", r.board().rows, r.board().holes),
                    r.total_seeds().to_string(),
                    a.family.unwrap_or_default(),
                    a.source.unwrap_or_default(),
                ]
            }
        };
        rows.push(row);
    }
    let widths: Vec<usize> = (0..5).map(|i| rows.iter().map(|r| r[i].chars().count()).max().unwrap_or(0)).collect();
    for r in &rows {
        let mut line = String::new();
        for (i, w) in widths.iter().enumerate() {
            line += &format!("{:<w$}  ", r[i], w = *w);
        }
        println!("{line}{}", r[5]);
    }
    Ok(ExitCode::SUCCESS)
}
