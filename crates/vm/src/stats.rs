//! Run statistics (`--stats`, `--stats-json`): what CPython's pystats counts, as a table or JSON.
//!
//! Tier 2 (when on): the counters CPython's pystats names for the optimizer
//! (`traces_created`, `exits_taken`, …) at the top level, executions per uop, and trace
//! formation stops per reason. Specialization: per family (success, failure, hit, miss, deopt — the names of
//! CPython's `specialization.*` counters) and hits per specialized instruction. The JSON has
//! integer totals at its top level (`specialization_success`, …) so that the benchmark harness
//! picks them up, and the per-family detail in nested objects.

use std::fmt::Write;

use tracelift_uops::expand::SPECIALIZED;
use tracelift_uops::{Opcode, Uop};

use crate::Vm;
use crate::specialize::{FamilyStats, is_adaptive};
use crate::tier2::{Counter, Histo, Tier2Stats};

const FIELDS: [&str; 5] = ["success", "failure", "hit", "miss", "deopt"];

fn fields(f: &FamilyStats) -> [u64; 5] {
    [f.success, f.failure, f.hit, f.miss, f.deopt]
}

/// The cycle collector's counters.
fn gc_counters() -> [(&'static str, u64); 2] {
    let g = tracelift_runtime::gc::stats();
    [("gc_collections", g.collections), ("gc_collected", g.collected)]
}

impl Vm {
    /// The tier-2 counters and histogram medians with their JSON names and families, in the
    /// tables' order (all zero when tier 2 is off). Medians are read from histograms, so
    /// within about 1.6% of the exact ones.
    fn tier2_counters(&self) -> Vec<(&'static str, String, u64)> {
        let d = Tier2Stats::default();
        let s = self.tier2.as_deref().map_or(&d, |t| &t.stats);
        let mut out = Vec::new();
        for c in Counter::ALL {
            let mem = self.tier2.as_deref().map_or((0, 0), |t| t.backend.code_memory());
            let v = match c {
                Counter::executor_freed if self.tier2.is_some() => crate::tier2::executors_freed(),
                Counter::compile_memory_in_use => mem.0,
                Counter::compile_memory_peak => mem.1,
                _ => s.counters[*c],
            };
            out.push((c.family(), c.name().to_string(), v));
        }
        for h in Histo::ALL {
            out.push((h.family(), format!("{}_median", h.name()), s.hists[*h].median()));
        }
        // Family by family, counters before medians within each.
        let order = |f: &str| Counter::ALL.iter().position(|c| c.family() == f).unwrap_or(usize::MAX);
        out.sort_by_key(|(f, _, _)| order(f));
        out
    }

    fn families(&self) -> Vec<(Opcode, FamilyStats)> {
        let Some(s) = self.spec_stats.as_deref() else { return Vec::new() };
        Opcode::ALL.iter().filter(|o| is_adaptive(**o)).map(|o| (*o, s.family[*o as usize])).collect()
    }

    /// The counters as a text table (for `--stats`, printed on stderr).
    pub fn stats_table(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "specialization (per family)");
        let _ = writeln!(
            out,
            "  {:<18} {:>10} {:>10} {:>12} {:>10} {:>8}",
            "family", "success", "failure", "hit", "miss", "deopt"
        );
        for (op, f) in self.families() {
            let [a, b, c, d, e] = fields(&f);
            let _ = writeln!(out, "  {:<18} {a:>10} {b:>10} {c:>12} {d:>10} {e:>8}", op.name());
        }
        if let Some(t2) = self.tier2.as_deref() {
            let mut family = "";
            for (f, name, v) in self.tier2_counters() {
                if f != family {
                    let _ = writeln!(out, "tier 2: {f}");
                    family = f;
                }
                let _ = writeln!(out, "  {name:<36} {v:>12}");
            }
            let _ = writeln!(out, "tier 2: trace formation stops (per reason)");
            for (why, n) in &t2.stats.stop_reasons {
                let _ = writeln!(out, "  {why:<32} {n:>12}");
            }
            let _ = writeln!(out, "tier 2: uops executed (per uop)");
            for u in Uop::ALL {
                let n = t2.stats.uop_counts[*u as usize];
                if n > 0 {
                    let _ = writeln!(out, "  {:<32} {n:>12}", u.name());
                }
            }
        }
        let _ = writeln!(out, "cycle collector");
        for (name, v) in gc_counters() {
            let _ = writeln!(out, "  {name:<36} {v:>12}");
        }
        if let Some(s) = self.spec_stats.as_deref() {
            let _ = writeln!(out, "specialized instructions (hits)");
            for op in SPECIALIZED {
                let n = s.hits[*op as usize];
                if n > 0 {
                    let _ = writeln!(out, "  {:<32} {n:>12}", op.name());
                }
            }
        }
        out
    }

    /// The counters as one JSON object (for `--stats-json PATH`).
    pub fn stats_json(&self) -> String {
        let fams = self.families();
        let mut out = String::from("{\n");
        let gc = gc_counters().into_iter().map(|(n, v)| ("gc", n.to_string(), v));
        for (_, name, v) in self.tier2_counters().into_iter().chain(gc) {
            let _ = writeln!(out, "  \"{name}\": {v},");
        }
        if let Some(t2) = self.tier2.as_deref() {
            let uops: Vec<String> = Uop::ALL
                .iter()
                .filter(|u| t2.stats.uop_counts[**u as usize] > 0)
                .map(|u| format!("\"{}\": {}", u.name(), t2.stats.uop_counts[*u as usize]))
                .collect();
            let _ = writeln!(out, "  \"uops\": {{{}}},", uops.join(", "));
            let stops: Vec<String> = t2.stats.stop_reasons.iter().map(|(k, v)| format!("\"{k}\": {v}")).collect();
            let _ = writeln!(out, "  \"trace_stops\": {{{}}},", stops.join(", "));
            for h in Histo::ALL {
                let b: Vec<String> = t2.stats.hists[*h].buckets().map(|(lo, n)| format!("\"{lo}\": {n}")).collect();
                let _ = writeln!(out, "  \"{}_histogram\": {{{}}},", h.name(), b.join(", "));
            }
        }
        for (i, name) in FIELDS.iter().enumerate() {
            let total: u64 = fams.iter().map(|(_, f)| fields(f)[i]).sum();
            let _ = writeln!(out, "  \"specialization_{name}\": {total},");
        }
        out.push_str("  \"specialization\": {");
        for (k, (op, f)) in fams.iter().enumerate() {
            let vals: Vec<String> = FIELDS.iter().zip(fields(f)).map(|(n, v)| format!("\"{n}\": {v}")).collect();
            let _ = write!(out, "{}\n    \"{}\": {{{}}}", if k > 0 { "," } else { "" }, op.name(), vals.join(", "));
        }
        out.push_str("\n  },\n  \"specialized_hits\": {");
        if let Some(s) = self.spec_stats.as_deref() {
            for (k, op) in SPECIALIZED.iter().enumerate() {
                let _ =
                    write!(out, "{}\n    \"{}\": {}", if k > 0 { "," } else { "" }, op.name(), s.hits[*op as usize]);
            }
        }
        out.push_str("\n  }\n}\n");
        out
    }
}
