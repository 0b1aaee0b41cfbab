//! The minimizer: delta debugging (ddmin) over the statements of a differing program. A unit
//! is a statement with its indented block (and, for compound statements, also the statement
//! together with its `elif`/`else`/`except`/`finally` clauses); removing units leaves blocks
//! that may be empty, which get a `pass`. A candidate is kept only if it still differs the same
//! way: the same configuration gives the same kind of mismatch, and python3 still ends the
//! same way (same exit status and, when it fails, the same exception type), so the search
//! cannot drift into a program that is merely broken.

use std::path::Path;

use crate::run::{Config, Kind, Outcome, Runner, compare};

/// The result of a minimization.
pub struct Minimized {
    pub text: String,
    pub python: Outcome,
    pub tracelift: Outcome,
    /// Candidate programs tried.
    pub tests: usize,
}

fn indent_of(l: &str) -> usize {
    l.len() - l.trim_start().len()
}

fn is_clause(l: &str) -> bool {
    let t = l.trim_start();
    ["elif ", "else:", "except", "finally:"].iter().any(|k| t.starts_with(k))
}

fn is_code(l: &str) -> bool {
    let t = l.trim();
    !t.is_empty() && !t.starts_with('#')
}

/// Statement units as line ranges `[start, end)`, larger ones first at each start.
pub fn units(lines: &[&str]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for i in 0..lines.len() {
        if !is_code(lines[i]) {
            continue;
        }
        let ind = indent_of(lines[i]);
        let mut end = i + 1;
        while end < lines.len() && (!is_code(lines[end]) || indent_of(lines[end]) > ind) {
            end += 1;
        }
        if !is_clause(lines[i]) {
            let mut full = end;
            while full < lines.len() && is_code(lines[full]) && indent_of(lines[full]) == ind && is_clause(lines[full])
            {
                full += 1;
                while full < lines.len() && (!is_code(lines[full]) || indent_of(lines[full]) > ind) {
                    full += 1;
                }
            }
            if full != end {
                out.push((i, full));
            }
        }
        out.push((i, end));
    }
    out
}

/// The program without the `removed` units, with `pass` in blocks left empty.
pub fn render(lines: &[&str], units: &[(usize, usize)], keep: &[bool]) -> String {
    let mut gone = vec![false; lines.len()];
    for (u, &(s, e)) in units.iter().enumerate() {
        if !keep[u] {
            gone[s..e].iter_mut().for_each(|g| *g = true);
        }
    }
    let kept: Vec<&str> = (0..lines.len()).filter(|&i| !gone[i]).map(|i| lines[i]).collect();
    let mut out = String::new();
    for (k, l) in kept.iter().enumerate() {
        out.push_str(l);
        out.push('\n');
        if is_code(l) && l.trim_end().ends_with(':') {
            let ind = indent_of(l);
            let next = kept[k + 1..].iter().find(|n| is_code(n));
            if next.is_none_or(|n| indent_of(n) <= ind) {
                out.push_str(&" ".repeat(ind + 4));
                out.push_str("pass\n");
            }
        }
    }
    out
}

/// Shrinks `text`, which differs under `config` with mismatch `kind` given the reference
/// outcome `want`; at most `max_tests` candidates are run, in `dir`.
pub fn minimize(
    runner: &Runner,
    config: &Config,
    dir: &Path,
    text: &str,
    want: &Outcome,
    kind: Kind,
    max_tests: usize,
) -> Minimized {
    let lines: Vec<&str> = text.lines().collect();
    let units = units(&lines);
    let file = dir.join("min.py");
    let mut tests = 0usize;
    let mut best: Option<(Outcome, Outcome)> = None;
    let mut test = |keep: &[bool], tests: &mut usize| -> bool {
        *tests += 1;
        let cand = render(&lines, &units, keep);
        if std::fs::write(&file, &cand).is_err() {
            return false;
        }
        let py = runner.python(&file);
        if py.status != want.status || py.exc_type() != want.exc_type() {
            return false;
        }
        let tl = runner.tracelift(&file, config);
        if compare(&py, &tl) == Some(kind) {
            best = Some((py, tl));
            true
        } else {
            false
        }
    };
    // ddmin over the units still kept.
    let mut keep = vec![true; units.len()];
    let mut n = 2usize;
    loop {
        let live: Vec<usize> = (0..units.len()).filter(|&u| keep[u]).collect();
        if live.is_empty() || tests >= max_tests {
            break;
        }
        let chunk = live.len().div_ceil(n);
        let mut removed = false;
        for part in live.chunks(chunk) {
            if tests >= max_tests {
                break;
            }
            let mut cand = keep.clone();
            for &u in part {
                cand[u] = false;
            }
            if test(&cand, &mut tests) {
                keep = cand;
                n = (n - 1).max(2);
                removed = true;
                break;
            }
        }
        if !removed {
            if n >= live.len() {
                break;
            }
            n = (n * 2).min(live.len());
        }
    }
    let final_text = render(&lines, &units, &keep);
    let (python, tracelift) = match best {
        Some(b) => b,
        None => {
            // Nothing could be removed: rerun the original for its outputs.
            let _ = std::fs::write(&file, &final_text);
            (runner.python(&file), runner.tracelift(&file, config))
        }
    };
    Minimized { text: final_text, python, tracelift, tests }
}
