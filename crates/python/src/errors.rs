//! Library errors as the Python exceptions of `sowspec/_errors.py`: the
//! data stays data (diagnostics with their lines and columns, the reason a
//! move is illegal, each field of a position document at fault).

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use sowspec::protocol::PositionErrors;
use sowspec::report::{self, Style};
use sowspec::{Diagnostic, IllegalMove};

/// An instance of the exception class `name` of `sowspec._errors`, made
/// with `args`, as an error to raise.
fn raise<'py>(py: Python<'py>, name: &str, args: impl pyo3::call::PyCallArgs<'py>) -> PyErr {
    let made = py.import("sowspec._errors").and_then(|m| m.getattr(name)).and_then(|class| class.call1(args));
    match made {
        Ok(exception) => PyErr::from_value(exception),
        Err(e) => e,
    }
}

/// `RulesError`: every diagnostic of rules `file` (text `source`) as a
/// dict of the fields of `sowspec check --json` plus its rendered report.
pub fn rules(py: Python<'_>, diags: &[Diagnostic], file: &str, source: &str) -> PyErr {
    let list = PyList::empty(py);
    for d in diags {
        let j = report::to_json(d, file, source);
        let dict = PyDict::new(py);
        let filled = (|| -> PyResult<()> {
            dict.set_item("file", &j.file)?;
            dict.set_item("code", j.code)?;
            dict.set_item("span", (j.span[0], j.span[1]))?;
            dict.set_item("line", j.line)?;
            dict.set_item("column", j.column)?;
            dict.set_item("message", &j.message)?;
            dict.set_item("label", &j.label)?;
            dict.set_item("help", &j.help)?;
            dict.set_item("rendered", report::render(d, file, source, Style::Plain))?;
            list.append(&dict)
        })();
        if let Err(e) = filled {
            return e;
        }
    }
    let noun = if diags.len() == 1 { "problem" } else { "problems" };
    raise(py, "RulesError", (format!("{file} has {} {noun}", diags.len()), list))
}

/// `IllegalMoveError` for `mv` (as written), with the machine's reason.
pub fn illegal(py: Python<'_>, mv: &str, e: &IllegalMove) -> PyErr {
    raise(py, "IllegalMoveError", (mv.to_string(), e.reason.to_string()))
}

/// `IllegalMoveError` for a text or action that names no move of the game.
pub fn not_a_move(py: Python<'_>, mv: &str, why: String) -> PyErr {
    raise(py, "IllegalMoveError", (mv.to_string(), why))
}

/// `PositionError`: each field at fault as `(field, problem, line, column)`.
pub fn position(py: Python<'_>, errors: &PositionErrors) -> PyErr {
    let problems: Vec<(String, String, Option<usize>, Option<usize>)> = errors
        .iter()
        .map(|e| (e.field.clone(), e.problem.to_string(), e.location.map(|l| l.0), e.location.map(|l| l.1)))
        .collect();
    raise(py, "PositionError", (errors.to_string(), problems))
}
