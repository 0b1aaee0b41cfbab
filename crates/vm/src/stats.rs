//! Run statistics (`--stats`, `--stats-json`): what CPython's pystats counts, as a table or JSON.
//!
//! Today: specialization per family (success, failure, hit, miss, deopt — the names of
//! CPython's `specialization.*` counters) and hits per specialized instruction. The JSON has
//! integer totals at its top level (`specialization_success`, …) so that the benchmark harness
//! picks them up, and the per-family detail in nested objects.

use std::fmt::Write;

use tracelift_uops::Opcode;
use tracelift_uops::expand::SPECIALIZED;

use crate::Vm;
use crate::specialize::{FamilyStats, is_adaptive};

const FIELDS: [&str; 5] = ["success", "failure", "hit", "miss", "deopt"];

fn fields(f: &FamilyStats) -> [u64; 5] {
    [f.success, f.failure, f.hit, f.miss, f.deopt]
}

impl Vm {
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
