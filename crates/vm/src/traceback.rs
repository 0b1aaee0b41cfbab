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
            for entry in tb.iter().rev() {
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
        }
        out.push_str(&self.exception_last_line(exc));
        out.push('\n');
    }

    /// `Type: message` (or just `Type` for an empty message), as the last traceback line.
    pub fn exception_last_line(&mut self, exc: &Value) -> String {
        let ty = exc.ty();
        let name = if ty.is_heap_type() && ty.module() != "__main__" && ty.module() != "builtins" {
            format!("{}.{}", ty.module(), ty.name())
        } else {
            ty.name().to_string()
        };
        let msg = match self.str_of(exc) {
            Ok(m) => m,
            Err(_) => "<exception str() failed>".to_string(),
        };
        if msg.is_empty() { name } else { format!("{name}: {msg}") }
    }
}
