//! The pass-ablation table of the report (issue 19): for each tier-2 engine, how much slower
//! its steady state gets with each optimizer pass turned off in turn (`--no-pass NAME`), and
//! with none of them (`--passes none`), as a geometric mean over the benchmarks.
//!
//! The targets come from `just bench-ablation`, which adds one `--variant` per engine and
//! pass, named `ENGINE/MODE/no-PASS` (`no-none` is "no pass at all") beside the engine's own
//! `ENGINE/MODE` target: a variant's base is the part of its name before `/no-`.

use std::collections::BTreeMap;
use std::fmt::Write;

use crate::report::cell;
use crate::results::Results;
use crate::stats;

/// `base -> pass -> geomean of (steady time with the pass off / steady time of base)` over
/// the benchmarks both ran.
pub fn slowdowns(r: &Results) -> BTreeMap<String, BTreeMap<String, (f64, usize)>> {
    let mut out: BTreeMap<String, BTreeMap<String, (f64, usize)>> = BTreeMap::new();
    for t in &r.targets {
        let Some((base, pass)) = t.name.split_once("/no-") else { continue };
        if !r.targets.iter().any(|x| x.name == base) {
            continue;
        }
        let ratios: Vec<f64> = r
            .benchmarks
            .iter()
            .filter_map(|b| {
                let off = cell(r, &b.name, &t.name)?.steady?.median;
                let on = cell(r, &b.name, base)?.steady?.median;
                (on > 0.0).then_some(off / on)
            })
            .collect();
        if let Some(g) = stats::geomean(&ratios) {
            out.entry(base.to_string()).or_default().insert(pass.to_string(), (g, ratios.len()));
        }
    }
    out
}

/// Appends the table, when the run has ablation targets.
pub fn ablation_table(out: &mut String, r: &Results) {
    let s = slowdowns(r);
    if s.is_empty() {
        return;
    }
    let mut passes: Vec<&String> = s.values().flat_map(|m| m.keys()).collect();
    passes.sort_by_key(|p| (p.as_str() == "none", p.as_str()));
    passes.dedup();
    let _ = writeln!(
        out,
        "\n## Optimizer pass ablation\n\nSteady-state time with the pass turned off, over the time with \
         every pass (geometric mean over the benchmarks, how many in parentheses; > 1: the pass \
         makes the engine faster).\n"
    );
    let names: Vec<String> = passes
        .iter()
        .map(|p| if p.as_str() == "none" { "every pass off".to_string() } else { format!("{p} off") })
        .collect();
    let _ = writeln!(out, "| engine | {} |", names.join(" | "));
    let _ = writeln!(out, "|---|{}", "---:|".repeat(passes.len()));
    for (base, m) in &s {
        let cells: Vec<String> =
            passes.iter().map(|p| m.get(*p).map_or("–".to_string(), |(g, n)| format!("×{g:.3} ({n})"))).collect();
        let _ = writeln!(out, "| {base} | {} |", cells.join(" | "));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pass_whose_removal_doubles_the_time_shows_two() {
        use crate::report::tests::{fixture, sample, target};
        let mut r = fixture();
        r.targets.push(target("tier1/no-guards", true));
        for round in 0..4 {
            r.samples.push(sample("alpha", "tier1/no-guards", round, 2.0, &[1.6, 1.0]));
            r.samples.push(sample("beta", "tier1/no-guards", round, 2.0, &[2.0, 1.0]));
        }
        let s = slowdowns(&r);
        let (g, n) = s["tier1"]["guards"];
        assert_eq!(n, 2);
        assert!((g - 2.0).abs() < 1e-9, "{g}");
        let mut out = String::new();
        ablation_table(&mut out, &r);
        assert!(out.contains("| tier1 | ×2.000 (2) |"), "{out}");
    }

    #[test]
    fn no_ablation_targets_no_table() {
        let mut out = String::new();
        ablation_table(&mut out, &crate::report::tests::fixture());
        assert!(out.is_empty(), "{out}");
    }
}
