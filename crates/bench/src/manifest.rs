//! The benchmark manifest (`benches/manifest.txt`): which programs exist, their suite, their
//! full and quick sizes and how many iterations a full run asks each process for.
//!
//! The format is a whitespace-separated table, one benchmark per line, `#` starts a comment:
//! `NAME SUITE SIZE QUICK ITERATIONS`. It stays plain text so that shell scripts
//! (`benches/compare.sh`) can read it too.

use std::fmt;
use std::path::Path;

/// One line of the manifest.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Bench {
    /// The program is `benches/NAME.py`.
    pub name: String,
    /// `micro`, `kernels` or `oo` (any word is accepted; the report groups by it).
    pub suite: String,
    /// `argv[1]` of a full run: about one second per iteration on CPython.
    pub size: u64,
    /// `argv[1]` of a quick run.
    pub quick: u64,
    /// `argv[2]` of a full run: iterations per process.
    pub iterations: u32,
}

/// A manifest line that could not be read.
#[derive(Debug, PartialEq, Eq)]
pub struct ManifestError {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for ManifestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "manifest line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for ManifestError {}

/// Parses the manifest text. Names must be unique identifiers, numbers positive.
pub fn parse(text: &str) -> Result<Vec<Bench>, ManifestError> {
    let mut out: Vec<Bench> = Vec::new();
    for (idx, raw) in text.lines().enumerate() {
        let line_no = idx + 1;
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let err = |message: String| ManifestError { line: line_no, message };
        let cols: Vec<&str> = line.split_whitespace().collect();
        if cols.len() != 5 {
            return Err(err(format!("expected NAME SUITE SIZE QUICK ITERATIONS, found {} columns", cols.len())));
        }
        let name = cols[0];
        if !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-') {
            return Err(err(format!("benchmark name `{name}` must be letters, digits, `_` or `-`")));
        }
        if out.iter().any(|b| b.name == name) {
            return Err(err(format!("benchmark `{name}` is listed twice")));
        }
        let number = |what: &str, s: &str| -> Result<u64, ManifestError> {
            match s.parse::<u64>() {
                Ok(v) if v > 0 => Ok(v),
                _ => Err(err(format!("{what} of `{name}` must be a positive integer, found `{s}`"))),
            }
        };
        let size = number("SIZE", cols[2])?;
        let quick = number("QUICK", cols[3])?;
        let iterations = number("ITERATIONS", cols[4])?;
        let iterations = u32::try_from(iterations).map_err(|_| err("ITERATIONS is too large".into()))?;
        out.push(Bench { name: name.to_string(), suite: cols[1].to_string(), size, quick, iterations });
    }
    Ok(out)
}

/// Reads and parses a manifest file.
pub fn load(path: &Path) -> Result<Vec<Bench>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    parse(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Suites in order of first appearance.
pub fn suites(benches: &[Bench]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for b in benches {
        if !out.contains(&b.suite) {
            out.push(b.suite.clone());
        }
    }
    out
}

/// Keeps the benchmarks named by `selectors` (suite names or benchmark names), in manifest
/// order; no selectors keeps everything. An unknown selector is an error that lists the
/// valid ones.
pub fn select(benches: &[Bench], selectors: &[String]) -> Result<Vec<Bench>, String> {
    if selectors.is_empty() {
        return Ok(benches.to_vec());
    }
    let known_suites = suites(benches);
    for s in selectors {
        if !known_suites.contains(s) && !benches.iter().any(|b| &b.name == s) {
            let names: Vec<&str> = benches.iter().map(|b| b.name.as_str()).collect();
            return Err(format!(
                "`{s}` is neither a suite ({}) nor a benchmark ({})",
                known_suites.join(", "),
                names.join(", ")
            ));
        }
    }
    Ok(benches.iter().filter(|b| selectors.iter().any(|s| *s == b.suite || *s == b.name)).cloned().collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "# comment\n\
        loop_int   micro    70000  7000  5\n\
        \n\
        richards   oo       30     3     4   # trailing comment\n\
        sieve      kernels  600    50    1\n";

    #[test]
    fn parses_lines_and_skips_comments() {
        let b = parse(SAMPLE).unwrap();
        assert_eq!(b.len(), 3);
        assert_eq!(b[1], Bench { name: "richards".into(), suite: "oo".into(), size: 30, quick: 3, iterations: 4 });
        assert_eq!(suites(&b), vec!["micro", "oo", "kernels"]);
    }

    #[test]
    fn rejects_bad_lines() {
        assert_eq!(parse("a micro 1 2\n").unwrap_err().line, 1);
        assert!(parse("a micro 0 2 1\n").unwrap_err().message.contains("positive"));
        assert!(parse("a micro x 2 1\n").unwrap_err().message.contains("SIZE"));
        assert!(parse("a micro 1 2 1\na oo 1 2 1\n").unwrap_err().message.contains("twice"));
        assert!(parse("a/b micro 1 2 1\n").is_err());
    }

    #[test]
    fn selects_by_suite_and_name() {
        let b = parse(SAMPLE).unwrap();
        let names = |sel: &[&str]| -> Vec<String> {
            let sel: Vec<String> = sel.iter().map(|s| s.to_string()).collect();
            select(&b, &sel).unwrap().into_iter().map(|b| b.name).collect()
        };
        assert_eq!(names(&[]), vec!["loop_int", "richards", "sieve"]);
        assert_eq!(names(&["oo"]), vec!["richards"]);
        assert_eq!(names(&["sieve", "micro"]), vec!["loop_int", "sieve"]);
        assert!(select(&b, &["nope".to_string()]).unwrap_err().contains("neither"));
    }

    #[test]
    fn the_shipped_manifest_parses_and_names_existing_programs() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../benches");
        let b = load(&root.join("manifest.txt")).unwrap();
        assert!(b.len() >= 16, "{} benchmarks", b.len());
        for s in ["micro", "kernels", "oo"] {
            assert!(b.iter().any(|x| x.suite == s), "suite {s} is empty");
        }
        for x in &b {
            assert!(root.join(format!("{}.py", x.name)).is_file(), "{} has no program", x.name);
        }
    }
}
