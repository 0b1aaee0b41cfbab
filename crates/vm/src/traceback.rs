//! Printing uncaught exceptions the way CPython does: chained causes and contexts, one
//! `File "...", line N, in name` entry per frame with its source line, and the
//! `Type: message` last line.

use std::collections::HashMap;

use tracelift_runtime::Value;

use crate::Vm;

impl Vm {
    /// The full text CPython would print for an uncaught exception.
    pub fn format_exception(&mut self, exc: &Value) -> String {
        let mut out = String::new();
        let mut seen = Vec::new();
        let mut files = HashMap::new();
        self.format_chain(exc, &mut out, &mut seen, &mut files);
        out
    }

    fn format_chain(
        &mut self,
        exc: &Value,
        out: &mut String,
        seen: &mut Vec<u64>,
        files: &mut HashMap<String, Vec<String>>,
    ) {
        seen.push(exc.raw());
        let Some(e) = exc.as_exception() else { return };
        let cause = e.cause().clone();
        let context = e.context().clone();
        if !cause.is_null() && !cause.is_none() && !seen.contains(&cause.raw()) {
            self.format_chain(&cause, out, seen, files);
            out.push_str("\nThe above exception was the direct cause of the following exception:\n\n");
        } else if !e.suppress_context.get()
            && !context.is_null()
            && !context.is_none()
            && !seen.contains(&context.raw())
        {
            self.format_chain(&context, out, seen, files);
            out.push_str("\nDuring handling of the above exception, another exception occurred:\n\n");
        }
        let tb = e.traceback().clone();
        if !tb.is_empty() {
            out.push_str("Traceback (most recent call last):\n");
            // CPython's tb_print_internal: the most recent TRACEBACK_LIMIT entries, and a run
            // of identical entries (same file, line and name) cut after TB_RECURSIVE_CUTOFF
            // with "[Previous line repeated N more times]".
            let mut last: Option<(&str, u32, &str)> = None;
            let mut count = 0usize;
            let skip = tb.len().saturating_sub(TRACEBACK_LIMIT);
            for entry in tb.iter().rev().skip(skip) {
                let key = (&*entry.filename, entry.line, &*entry.name);
                if last != Some(key) {
                    push_repeated(out, count);
                    last = Some(key);
                    count = 0;
                }
                count += 1;
                if count > TB_RECURSIVE_CUTOFF {
                    continue;
                }
                out.push_str(&format!("  File \"{}\", line {}, in {}\n", entry.filename, entry.line, entry.name));
                let lines = files.entry(entry.filename.to_string()).or_insert_with(|| {
                    std::fs::read_to_string(&*entry.filename)
                        .map(|s| s.lines().map(|l| l.to_string()).collect())
                        .unwrap_or_default()
                });
                if let Some(l) = lines.get(entry.line.saturating_sub(1) as usize) {
                    let t = l.trim();
                    if !t.is_empty() {
                        out.push_str(&format!("    {t}\n"));
                    }
                }
            }
            push_repeated(out, count);
        }
        // A SyntaxError with a location shows it, then `Class: msg` (CPython's
        // print_exception), not `str(exc)`.
        if let Some(l) = crate::syntax_error::syntax_location(exc) {
            let class = exc.ty().qualname().to_string();
            let text = l.text.as_deref();
            out.push_str(&tracelift_compiler::format_syntax_error(
                &l.filename,
                l.line,
                text,
                l.col,
                l.end_col,
                &class,
                &l.msg,
            ));
            return;
        }
        out.push_str(&self.exception_last_line(exc));
        out.push('\n');
    }

    /// `Type: message` (or just `Type` for an empty message), as the last traceback line.
    pub fn exception_last_line(&mut self, exc: &Value) -> String {
        let ty = exc.ty();
        let name = if ty.is_heap_type() && ty.module() != "__main__" && ty.module() != "builtins" {
            format!("{}.{}", ty.module(), ty.qualname())
        } else {
            ty.qualname().to_string()
        };
        let msg = match self.str_of(exc) {
            Ok(m) => m,
            Err(_) => "<exception str() failed>".to_string(),
        };
        let mut line = if msg.is_empty() { name } else { format!("{name}: {msg}") };
        if let Some(s) = self.suggestion(exc) {
            line.push_str(&format!(". Did you mean: '{s}'?"));
        }
        line
    }

    /// CPython 3.11's "Did you mean" for `NameError` and `AttributeError`.
    fn suggestion(&mut self, exc: &Value) -> Option<String> {
        let e = exc.as_exception()?;
        let ctx = e.suggestion_context().clone();
        let items = ctx.as_tuple()?.to_vec();
        let name = items.first()?.as_str()?.to_string();
        let keys_of = |d: &Value| -> Vec<String> {
            d.as_dict()
                .map(|d| d.keys().iter().filter_map(|k| k.as_str().map(String::from)).collect())
                .unwrap_or_default()
        };
        if exc.ty().is_subtype(&tracelift_runtime::exc::NAME_ERROR) && items.len() == 3 {
            let mut locals: Vec<String> =
                items[1].as_tuple()?.iter().filter_map(|n| n.as_str().map(String::from)).collect();
            locals.sort();
            for cands in [locals, keys_of(&items[2]), keys_of(&self.builtins.clone())] {
                if let Some(s) = best_match(&name, &cands) {
                    return Some(s);
                }
            }
            return None;
        }
        if exc.ty().is_subtype(&tracelift_runtime::exc::ATTRIBUTE_ERROR) && items.len() == 2 {
            let f = self.builtin("dir").ok()?;
            let d = self.call_value(&f, vec![items[1].clone()], Vec::new()).ok()?;
            let cands: Vec<String> = d.as_list()?.items().iter().filter_map(|n| n.as_str().map(String::from)).collect();
            return best_match(&name, &cands);
        }
        None
    }
}

/// CPython's `PyTraceBack_LIMIT`: entries printed at most (the most recent ones).
const TRACEBACK_LIMIT: usize = 1000;
/// CPython's `TB_RECURSIVE_CUTOFF`: identical consecutive entries printed before collapsing.
const TB_RECURSIVE_CUTOFF: usize = 3;

/// CPython's `tb_print_line_repeated`, for a run of `count` identical entries.
fn push_repeated(out: &mut String, count: usize) {
    if count > TB_RECURSIVE_CUTOFF {
        let n = count - TB_RECURSIVE_CUTOFF;
        let s = if n > 1 { "s" } else { "" };
        out.push_str(&format!("  [Previous line repeated {n} more time{s}]\n"));
    }
}

const MOVE_COST: usize = 2;
const CASE_COST: usize = 1;

fn substitution_cost(a: u8, b: u8) -> usize {
    if (a & 31) != (b & 31) {
        return MOVE_COST;
    }
    if a == b {
        return 0;
    }
    if a.eq_ignore_ascii_case(&b) { CASE_COST } else { MOVE_COST }
}

/// CPython's `levenshtein_distance` (suggestions.c): weighted edits, bounded by `max_cost`.
fn levenshtein(a: &[u8], b: &[u8], max_cost: usize) -> usize {
    let (mut a, mut b) = (a, b);
    while !a.is_empty() && !b.is_empty() && a[0] == b[0] {
        a = &a[1..];
        b = &b[1..];
    }
    while !a.is_empty() && !b.is_empty() && a[a.len() - 1] == b[b.len() - 1] {
        a = &a[..a.len() - 1];
        b = &b[..b.len() - 1];
    }
    if a.is_empty() || b.is_empty() {
        return (a.len() + b.len()) * MOVE_COST;
    }
    if a.len() > 40 || b.len() > 40 {
        return max_cost + 1;
    }
    if b.len() < a.len() {
        std::mem::swap(&mut a, &mut b);
    }
    if (b.len() - a.len()) * MOVE_COST > max_cost {
        return max_cost + 1;
    }
    let mut buffer: Vec<usize> = (1..=a.len()).map(|i| i * MOVE_COST).collect();
    let mut result = 0;
    for (bi, &code) in b.iter().enumerate() {
        let mut distance = bi * MOVE_COST;
        result = distance;
        let mut minimum = usize::MAX;
        for (i, &ac) in a.iter().enumerate() {
            let substitute = distance + substitution_cost(code, ac);
            distance = buffer[i];
            let insert_delete = result.min(distance) + MOVE_COST;
            result = insert_delete.min(substitute);
            buffer[i] = result;
            minimum = minimum.min(result);
        }
        if minimum > max_cost {
            return max_cost + 1;
        }
    }
    result
}

/// The closest candidate, CPython's `calculate_suggestions`.
fn best_match(name: &str, cands: &[String]) -> Option<String> {
    if cands.len() >= 750 {
        return None;
    }
    let mut best: Option<&String> = None;
    let mut best_dist = usize::MAX;
    for c in cands {
        if c == name {
            continue;
        }
        let max = ((name.len() + c.len() + 3) * MOVE_COST / 6).min(best_dist.saturating_sub(1));
        let d = levenshtein(name.as_bytes(), c.as_bytes(), max);
        if d > max {
            continue;
        }
        if best.is_none() || d < best_dist {
            best = Some(c);
            best_dist = d;
        }
    }
    best.cloned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions_match_cpython_examples() {
        let c = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(best_match("prnt", &c(&["print", "len"])), Some("print".into()));
        assert_eq!(best_match("valeu", &c(&["value", "x"])), Some("value".into()));
        assert_eq!(best_match("zzzz", &c(&["print", "len"])), None);
        assert_eq!(best_match("Foo", &c(&["foo"])), Some("foo".into()));
    }
}
