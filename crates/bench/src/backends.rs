//! The backend comparison table of the report (issue 18): for each benchmark and trace mode,
//! what the two machine-code backends cost to compile (ns per uop, median over executors),
//! how big their code is (bytes per uop), how fast it runs (steady-state speed-up over
//! `tier1`), what tiering does (speed-up, executors recompiled), and the break-even point:
//! how long the program must run at stencil speed before Cranelift's extra compile time is
//! paid back by its faster code.

use std::fmt::Write;

use crate::report::{Cell, cell};
use crate::results::Results;
use crate::stats;

/// The steady-state time per iteration of a cell.
fn steady(c: &Cell) -> Option<f64> {
    c.steady.as_ref().map(|s| s.median)
}

/// `(milliseconds, benchmark iterations)` of running at stencil speed after which
/// Cranelift's extra compile time (`extra_ns`) is repaid, or `None` when Cranelift's code
/// is not faster (it never pays back) or a figure is missing.
pub fn break_even(extra_ns: f64, steady_stencil: f64, steady_cranelift: f64) -> Option<(f64, f64)> {
    let saving = 1.0 - steady_cranelift / steady_stencil;
    if saving <= 0.0 || steady_stencil <= 0.0 {
        return None;
    }
    let secs = extra_ns.max(0.0) / 1e9 / saving;
    Some((secs * 1e3, secs / steady_stencil))
}

/// Appends the table (one per trace mode that has both backends) to `out`.
pub fn backend_table(out: &mut String, r: &Results) {
    let modes = ["projection", "recording"];
    let has = |t: &str| r.targets.iter().any(|x| x.name == t);
    let mut wrote_header = false;
    for mode in modes {
        let (st, cl, ti) = (format!("stencil/{mode}"), format!("cranelift/{mode}"), format!("tiered/{mode}"));
        if !has(&st) || !has(&cl) || !has("tier1") {
            continue;
        }
        if !wrote_header {
            let _ = writeln!(
                out,
                "\n## Backends compared on the same traces\n\n\
                 Per benchmark: compile time per uop and code bytes per uop (median over the \
                 executors of one process), steady-state speed-up over `tier1`, executors \
                 recompiled by `tiered`, and the break-even point: how long the program must run \
                 at stencil speed (ms, and benchmark iterations) before Cranelift's extra compile \
                 time is paid back (– when Cranelift's code is not faster)."
            );
            wrote_header = true;
        }
        let _ = writeln!(
            out,
            "\n### {mode}\n\n| benchmark | stencil ns/uop | cranelift ns/uop | stencil B/uop | cranelift B/uop \
             | stencil ×tier1 | cranelift ×tier1 | tiered ×tier1 | recompiled | break-even |\n\
             |---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
        );
        let (mut ratios_s, mut ratios_c, mut ratios_t, mut ns_s, mut ns_c) = (vec![], vec![], vec![], vec![], vec![]);
        for b in &r.benchmarks {
            let (Some(t1), Some(s), Some(c)) =
                (cell(r, &b.name, "tier1"), cell(r, &b.name, &st), cell(r, &b.name, &cl))
            else {
                continue;
            };
            let t = cell(r, &b.name, &ti);
            let k = |c: &Cell, key: &str| c.counters.get(key).copied();
            let over = |x: Option<&Cell>| Some(steady(&t1)? / steady(x?)?);
            let (rs, rc, rt) = (over(Some(&s)), over(Some(&c)), over(t.as_ref()));
            ratios_s.extend(rs);
            ratios_c.extend(rc);
            ratios_t.extend(rt);
            ns_s.extend(k(&s, "compile_ns_per_uop_median"));
            ns_c.extend(k(&c, "compile_ns_per_uop_median"));
            let extra = k(&c, "compile_time_ns").zip(k(&s, "compile_time_ns")).map(|(a, b)| a - b);
            let be = match (extra, steady(&s), steady(&c)) {
                (Some(x), Some(ts), Some(tc)) => break_even(x, ts, tc),
                _ => None,
            };
            let num = |v: Option<f64>| v.map_or("–".to_string(), |v| format!("{v:.0}"));
            let ratio = |v: Option<f64>| v.map_or("–".to_string(), |v| format!("×{v:.2}"));
            let _ = writeln!(
                out,
                "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
                b.name,
                num(k(&s, "compile_ns_per_uop_median")),
                num(k(&c, "compile_ns_per_uop_median")),
                num(k(&s, "compile_code_bytes_per_uop_median")),
                num(k(&c, "compile_code_bytes_per_uop_median")),
                ratio(rs),
                ratio(rc),
                ratio(rt),
                num(t.as_ref().and_then(|t| k(t, "executor_recompiled"))),
                be.map_or("–".to_string(), |(ms, it)| format!("{ms:.1} ms ({it:.2} it.)")),
            );
        }
        let g = |v: &[f64]| stats::geomean(v).map_or("–".to_string(), |g| format!("×{g:.2}"));
        let m = |v: &[f64]| stats::median(v).map_or("–".to_string(), |m| format!("{m:.0}"));
        let _ = writeln!(
            out,
            "| **all** (median, geomean) | {} | {} | | | {} | {} | {} | | |",
            m(&ns_s),
            m(&ns_c),
            g(&ratios_s),
            g(&ratios_c),
            g(&ratios_t)
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn break_even_is_the_extra_compile_time_over_the_saving() {
        // 1 ms more compiling, code twice as fast: paid back after 2 ms at stencil speed.
        let (ms, it) = break_even(1e6, 0.010, 0.005).unwrap();
        assert!((ms - 2.0).abs() < 1e-9 && (it - 0.2).abs() < 1e-9);
        assert_eq!(break_even(1e6, 0.010, 0.010), None);
        assert_eq!(break_even(1e6, 0.010, 0.020), None);
    }

    #[test]
    fn the_table_needs_both_backends() {
        let mut out = String::new();
        backend_table(&mut out, &crate::report::tests::fixture());
        assert!(out.is_empty(), "{out}");
    }
}
