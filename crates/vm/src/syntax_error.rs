//! `SyntaxError` (and `IndentationError`, `TabError`) raised at run time, by `import`: built
//! with CPython's argument shape `(msg, (filename, lineno, offset, text, end_lineno,
//! end_offset))`, so that `e.msg`, `e.lineno` ... `str(e)` and the traceback printer see what
//! CPython's would. Compile errors of the main program are printed by the CLI from the same
//! `CompileError`, with the same caret rules (`tracelift_compiler::format_syntax_error`).

use tracelift_compiler::{CompileError, SourceError, SyntaxKind};
use tracelift_runtime::Value;
use tracelift_runtime::exc::{INDENTATION_ERROR, PyErr, SYNTAX_ERROR, TAB_ERROR};
use tracelift_runtime::types::TypeObject;

/// The exception class for a kind of syntax error.
fn class_of(kind: SyntaxKind) -> &'static TypeObject {
    match kind {
        SyntaxKind::Syntax => &SYNTAX_ERROR,
        SyntaxKind::Indentation => &INDENTATION_ERROR,
        SyntaxKind::Tab => &TAB_ERROR,
    }
}

/// A `SyntaxError`-family exception with a location, as CPython builds it.
fn located(ty: &TypeObject, msg: &str, fname: &str, line: u32, col: u32, end_col: u32, text: Option<&str>) -> PyErr {
    let text = text.map_or_else(Value::none, |t| Value::string(format!("{t}\n")));
    let (offset, end) = if col == 0 {
        (Value::none(), Value::none())
    } else {
        (Value::int(col as i64), Value::int(end_col.max(col) as i64))
    };
    let loc =
        Value::tuple(vec![Value::str(fname), Value::int(line as i64), offset, text, Value::int(line as i64), end]);
    PyErr::with_args(ty, vec![Value::str(msg), loc])
}

/// A compile error raised at run time (by `import`) as the exception CPython raises.
pub fn compile_error_to_exception(e: &CompileError, fname: &str) -> PyErr {
    match e {
        CompileError::Syntax { kind, msg, line, col, end_col, text } => {
            located(class_of(*kind), msg, fname, *line, *col, *end_col, Some(text))
        }
        CompileError::Unsupported { what, line, col } => {
            PyErr::new(&SYNTAX_ERROR, format!("unsupported: {what} at {fname}:{line}:{col}"))
        }
        CompileError::TooDeep(tracelift_compiler::Limit::Parser) => PyErr::bare(&tracelift_runtime::exc::MEMORY_ERROR),
        CompileError::TooDeep(l) => PyErr::new(&tracelift_runtime::exc::RECURSION_ERROR, l.message()),
    }
}

/// Bytes that are not source text, found by `import`, as CPython's `SyntaxError`.
pub fn source_error_to_exception(e: &SourceError, fname: &str) -> PyErr {
    match e.line {
        Some(line) => located(&SYNTAX_ERROR, &e.msg, fname, line, e.col, 0, e.text.as_deref()),
        None => PyErr::new(&SYNTAX_ERROR, e.msg.clone()),
    }
}

/// Where a `SyntaxError` instance says the error is.
pub struct SyntaxLocation {
    pub msg: String,
    pub filename: String,
    pub line: u32,
    pub col: u32,
    pub end_col: u32,
    pub text: Option<String>,
}

/// The location of a `SyntaxError`-family exception built with CPython's argument shape.
pub fn syntax_location(exc: &Value) -> Option<SyntaxLocation> {
    if !exc.ty().is_subtype(&SYNTAX_ERROR) {
        return None;
    }
    let args = exc.as_exception()?.args().clone();
    let items = args.as_tuple()?;
    let [msg, loc] = items else { return None };
    let loc = loc.as_tuple()?;
    let int = |i: usize| loc.get(i).and_then(|v| v.as_i64()).unwrap_or(0).max(0) as u32;
    Some(SyntaxLocation {
        msg: msg.as_str()?.to_string(),
        filename: loc.first()?.as_str()?.to_string(),
        line: int(1),
        col: int(2),
        end_col: int(5),
        text: loc.get(3).and_then(|t| t.as_str().map(String::from)),
    })
}

/// A `SyntaxError` attribute (`msg`, `filename`, `lineno`, `offset`, `text`, `end_lineno`,
/// `end_offset`), or None for other names and other exceptions.
pub fn syntax_attr(exc: &Value, name: &str) -> Option<Value> {
    if !exc.ty().is_subtype(&SYNTAX_ERROR) {
        return None;
    }
    let i = ["filename", "lineno", "offset", "text", "end_lineno", "end_offset"].iter().position(|n| *n == name);
    if name != "msg" && i.is_none() {
        return None;
    }
    let args = exc.as_exception()?.args().clone();
    let items = args.as_tuple().unwrap_or(&[]).to_vec();
    Some(match (name, i) {
        ("msg", _) => items.first().cloned().unwrap_or_else(Value::none),
        (_, Some(i)) => {
            items.get(1).and_then(|l| l.as_tuple().and_then(|t| t.get(i).cloned())).unwrap_or_else(Value::none)
        }
        _ => Value::none(),
    })
}

/// CPython's `SyntaxError.__str__`: `msg (file, line N)` with the file's base name.
pub fn syntax_str(exc: &Value) -> Option<String> {
    let l = syntax_location(exc)?;
    let base = l.filename.rsplit('/').next().unwrap_or(&l.filename);
    Some(format!("{} ({base}, line {})", l.msg, l.line))
}
