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
use crate::tier2::Tier2Stats;

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
    /// The tier-2 counters with their JSON names (all zero when tier 2 is off).
    fn tier2_counters(&self) -> Vec<(&'static str, u64)> {
        let d = Tier2Stats::default();
        let s = self.tier2.as_deref().map_or(&d, |t| &t.stats);
        vec![
            ("traces_attempted", s.traces_attempted),
            ("traces_created", s.traces_created),
            ("traces_executed", s.traces_executed),
            ("uops_executed", s.uops_executed),
            ("exits_taken", s.exits_taken),
            ("exits_linked", s.exits_linked),
            ("deopts", s.deopts),
            ("executors_invalidated", s.executors_invalidated),
            ("executors_freed", if self.tier2.is_some() { crate::tier2::executors_freed() } else { 0 }),
            // Trace formation plus optimization: the median per created trace, and the median
            // over traces of time per uop (in the optimized trace).
            // (read from histograms, so within about 1.6% of the exact medians).
            ("trace_formation_median_ns", s.formation_ns.median()),
            ("trace_formation_median_ns_per_uop", s.formation_ns_per_uop.median()),
            ("trace_length_median", s.trace_uops.median()),
        ]
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
            let _ = writeln!(out, "tier 2");
            for (name, v) in self.tier2_counters() {
                let _ = writeln!(out, "  {name:<32} {v:>12}");
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
            let _ = writeln!(out, "  {name:<32} {v:>12}");
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
        for (name, v) in self.tier2_counters().into_iter().chain(gc_counters()) {
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
            let hists = [
                ("trace_formation_ns_histogram", &t2.stats.formation_ns),
                ("trace_length_histogram", &t2.stats.trace_uops),
            ];
            for (name, h) in hists {
                let b: Vec<String> = h.buckets().map(|(lo, n)| format!("\"{lo}\": {n}")).collect();
                let _ = writeln!(out, "  \"{name}\": {{{}}},", b.join(", "));
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
