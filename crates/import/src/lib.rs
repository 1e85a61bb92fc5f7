//! `sowspec import`: other engines' game descriptions as sowspec rules files.
//!
//! One job per file: [`config`] reads a MancalaGames configuration,
//! [`directions`] reads its sowing directions, [`rounds`] its matches, [`mancalagames`] maps its parameters to declarations (or says which
//! parameter value the language cannot express).
//!
//! A crate of its own: the importer (some 5,900 lines) is a tool beside the
//! pipeline, built on `sowspec-core`'s checker and formatter; the `sowspec
//! import` command is a thin layer over [`mancalagames_file`].
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod config;
pub mod directions;
pub mod mancalagames;
mod names;
pub mod rounds;

/// A parameter value the importer cannot express exactly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsupported {
    /// The parameter's name (`mlaps`, `game_class`, …).
    pub param: String,
    /// Its value, as written in the configuration (enum names where known).
    pub value: String,
    /// What the rules language (or this importer) lacks for it.
    pub missing: String,
}

impl std::fmt::Display for Unsupported {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} = {}: {}", self.param, self.value, self.missing)
    }
}

/// Why a configuration was not imported.
#[derive(Clone, Debug)]
pub enum ImportError {
    /// The file cannot be read or is not a configuration (the message names the file).
    Malformed(String),
    /// Parameter values the rules language (or this importer) cannot express.
    Unsupported(Vec<Unsupported>),
    /// The generated rules did not check or format: a bug of the importer.
    Internal(String),
}

/// An imported configuration: the rules file's name and text.
#[derive(Clone, Debug)]
pub struct Imported {
    /// The file name to write (`kalah.rules` for `Kalah.txt`).
    pub file_name: String,
    /// The rules, formatted and checked.
    pub text: String,
}

/// The rules file name for a configuration's file stem: lower case, `_` for
/// anything but letters and digits, and `_mancalagames` so that no variant
/// name (the file stem) clashes with a bundled one (`kalah`).
pub fn rules_name(stem: &str) -> String {
    let base: String =
        stem.chars().map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '_' }).collect();
    format!("{base}_mancalagames.rules")
}

/// Imports one MancalaGames configuration file: formatted rules that pass `check`.
pub fn mancalagames_file(path: &std::path::Path) -> Result<Imported, ImportError> {
    let cfg = config::read(path).map_err(ImportError::Malformed)?;
    let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let file = path.file_name().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let raw = mancalagames::translate(&cfg, &format!("GameProps/{file}")).map_err(ImportError::Unsupported)?;
    let text = sowspec_core::format::format(&raw).map_err(|e| {
        ImportError::Internal(format!("{}: the generated rules do not format: {e:?}\n{raw}", path.display()))
    })?;
    let diags = sowspec_core::check(&text).err().unwrap_or_default();
    if let Some(d) = diags.first() {
        return Err(ImportError::Internal(format!(
            "{}: the generated rules do not check: {d:?}\n{text}",
            path.display()
        )));
    }
    Ok(Imported { file_name: rules_name(&stem), text })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_and_errors_name_the_file() {
        assert_eq!(rules_name("Micro-Wari"), "micro_wari_mancalagames.rules");
        let dir = std::env::temp_dir().join(format!("sowspec-import-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let bad = dir.join("Bad.txt");
        std::fs::write(&bad, "{ not json").unwrap();
        match mancalagames_file(&bad) {
            Err(ImportError::Malformed(m)) => assert!(m.contains("Bad.txt"), "{m}"),
            other => panic!("{other:?}"),
        }
        let good = dir.join("Tiny.txt");
        std::fs::write(
            &good,
            "{\"game_constants\": {\"holes\": 4, \"nbr_start\": 3}, \"game_info\": {\"capt_on\": [2, 3]}}",
        )
        .unwrap();
        let done = mancalagames_file(&good).unwrap();
        assert_eq!(done.file_name, "tiny_mancalagames.rules");
        // Idempotent: importing again writes the same text, already formatted.
        assert_eq!(mancalagames_file(&good).unwrap().text, done.text);
        assert!(sowspec_core::format::is_formatted(&done.text).unwrap());
        std::fs::remove_dir_all(&dir).ok();
    }
}
