//! Reading a MancalaGames configuration (`GameProps/*.txt`): a JSON object,
//! possibly followed by free text (the `<text_section>` of the description).

use serde_json::{Map, Value};
use std::path::Path;

/// One configuration: the board constants and the rule parameters.
#[derive(Clone, Debug)]
pub struct Config {
    /// The game's name (`game_info.name`, else the file stem).
    pub name: String,
    /// The engine class (`game_class`, default `Mancala`).
    pub game_class: String,
    /// Holes per row (`game_constants.holes`).
    pub holes: i64,
    /// Seeds per hole at the start (`game_constants.nbr_start`).
    pub nbr_start: i64,
    /// Every `game_info` parameter as written (missing ones take their defaults).
    pub info: Map<String, Value>,
    /// Descriptive fields kept for the `about` block: `origin`, `region`, `rules`.
    pub about: Vec<(String, String)>,
}

/// Reads and parses `path`; the error names the file and what is wrong.
pub fn read(path: &Path) -> Result<Config, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
    let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    parse(&text, &stem).map_err(|e| format!("{}: {e}", path.display()))
}

/// Parses a configuration's text (`stem` names the game when it has no name).
pub fn parse(text: &str, stem: &str) -> Result<Config, String> {
    let mut values = serde_json::Deserializer::from_str(text).into_iter::<Value>();
    let value = match values.next() {
        Some(Ok(v)) => v,
        Some(Err(e)) => return Err(format!("not a MancalaGames configuration: {e}")),
        None => return Err("empty file".into()),
    };
    let Value::Object(top) = value else {
        return Err("not a MancalaGames configuration: the file does not start with a JSON object".into());
    };
    let constants = top.get("game_constants").and_then(Value::as_object).ok_or("no `game_constants` object")?;
    let constant = |key: &str| {
        constants.get(key).and_then(Value::as_i64).ok_or(format!("`game_constants.{key}` is missing or not an integer"))
    };
    let holes = constant("holes")?;
    let nbr_start = constant("nbr_start")?;
    let info = match top.get("game_info") {
        Some(Value::Object(m)) => m.clone(),
        Some(_) => return Err("`game_info` is not an object".into()),
        None => Map::new(),
    };
    let name = info.get("name").and_then(Value::as_str).unwrap_or(stem).to_string();
    let game_class = match top.get("game_class") {
        None => "Mancala".to_string(),
        Some(Value::String(s)) => s.clone(),
        Some(_) => return Err("`game_class` is not a string".into()),
    };
    let about = ["origin", "region", "rules"]
        .iter()
        .filter_map(|k| top.get(*k).and_then(Value::as_str).map(|v| (k.to_string(), v.to_string())))
        .collect();
    Ok(Config { name, game_class, holes, nbr_start, info, about })
}

impl Config {
    /// An integer (or boolean, as 0/1) parameter, `default` when absent.
    pub fn int(&self, key: &str, default: i64) -> Result<i64, String> {
        match self.info.get(key) {
            None | Some(Value::Null) => Ok(default),
            Some(Value::Bool(b)) => Ok(i64::from(*b)),
            Some(v) => v.as_i64().ok_or(format!("parameter `{key}` is {v}, not an integer")),
        }
    }

    /// A list-of-integers parameter, empty when absent.
    pub fn ints(&self, key: &str) -> Result<Vec<i64>, String> {
        match self.info.get(key) {
            None | Some(Value::Null) => Ok(Vec::new()),
            Some(Value::Array(items)) => {
                items.iter().map(|v| v.as_i64().ok_or(format!("parameter `{key}` holds {v}, not an integer"))).collect()
            }
            Some(v) => Err(format!("parameter `{key}` is {v}, not a list")),
        }
    }
}
