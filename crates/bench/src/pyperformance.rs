//! pyperformance in the harness (`benches/pyperformance/manifest.txt`): which of its benchmark
//! files the suite runs, with how many loops per value, which pure-Python ones are left out
//! and why, and the pinned release. The package comes from PyPI into `target/pyperformance/`
//! the first time a run needs it (`pip download`, then the wheel is unpacked with Python's
//! own `zipfile`); nothing of it is in the repository.
//!
//! Each benchmark runs as `run_benchmark.py --loops L --values V` with
//! `benches/pyperformance` first on `PYTHONPATH`, so that its `import pyperf` finds our
//! stand-in (`benches/pyperformance/pyperf.py`), which prints one `#iter SECONDS` line per
//! value, as our own benchmark programs do.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::manifest::{Bench, ManifestError};

/// The suite name the report groups these benchmarks under.
pub const SUITE: &str = "pyperformance";

/// Report names are `pp_NAME`, apart from our own programs of the same name (`nbody`, ...).
pub const PREFIX: &str = "pp_";

/// The parsed manifest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Manifest {
    /// The pinned pyperformance release.
    pub version: String,
    /// The benchmarks of the suite: `size` is loops per value in a full run, `quick` in a
    /// quick one, `iterations` the values per process.
    pub benches: Vec<Bench>,
    /// Pure-Python benchmarks left out, each with the reason.
    pub left_out: Vec<(String, String)>,
    /// For a benchmark that is one part of a file (`scimark_sor`): its report name, the
    /// `bm_*` folder and the arguments that pick the part.
    pub parts: Vec<(String, String, Vec<String>)>,
}

/// Parses the manifest text (format in the file's header).
pub fn parse(text: &str) -> Result<Manifest, ManifestError> {
    let mut m = Manifest { version: String::new(), benches: Vec::new(), left_out: Vec::new(), parts: Vec::new() };
    for (idx, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let err = |message: String| ManifestError { line: idx + 1, message };
        let cols: Vec<&str> = line.split_whitespace().collect();
        match cols[0] {
            "version" if cols.len() == 2 => m.version = cols[1].to_string(),
            "out" if cols.len() >= 3 => m.left_out.push((cols[1].to_string(), cols[2..].join(" "))),
            "version" | "out" => return Err(err(format!("`{}` line: wrong number of words", cols[0]))),
            name => {
                let part = cols.len() > 4 && cols[4] == "from";
                if !(cols.len() == 4 || part && cols.len() >= 6) {
                    return Err(err(format!(
                        "expected NAME LOOPS QUICK VALUES [from FOLDER ARGS...], found {} words",
                        cols.len()
                    )));
                }
                if !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                    return Err(err(format!("benchmark name `{name}` must be letters, digits or `_`")));
                }
                let n = |what: &str, s: &str| -> Result<u64, ManifestError> {
                    s.parse::<u64>()
                        .ok()
                        .filter(|v| *v > 0)
                        .ok_or_else(|| err(format!("{what} of `{name}` must be a positive integer, found `{s}`")))
                };
                let (size, quick) = (n("LOOPS", cols[1])?, n("QUICK", cols[2])?);
                let values = u32::try_from(n("VALUES", cols[3])?).map_err(|_| err("VALUES is too large".into()))?;
                let full = format!("{PREFIX}{name}");
                if m.benches.iter().any(|b| b.name == full) {
                    return Err(err(format!("benchmark `{name}` is listed twice")));
                }
                if part {
                    m.parts.push((
                        full.clone(),
                        cols[5].to_string(),
                        cols[6..].iter().map(|a| a.to_string()).collect(),
                    ));
                }
                m.benches.push(Bench { name: full, suite: SUITE.into(), size, quick, iterations: values });
            }
        }
    }
    if m.version.is_empty() {
        return Err(ManifestError { line: 0, message: "no `version` line".into() });
    }
    if let Some((n, _)) = m.left_out.iter().find(|(n, _)| m.benches.iter().any(|b| b.name == format!("{PREFIX}{n}"))) {
        return Err(ManifestError { line: 0, message: format!("`{n}` is both in the suite and left out") });
    }
    Ok(m)
}

/// Reads `benches/pyperformance/manifest.txt`; a root without one has an empty suite.
pub fn load(root: &Path) -> Result<Manifest, String> {
    let path = root.join("benches/pyperformance/manifest.txt");
    if !path.exists() {
        return Ok(Manifest { version: String::new(), benches: Vec::new(), left_out: Vec::new(), parts: Vec::new() });
    }
    let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    parse(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Is this one of the suite's benchmarks?
pub fn is_member(b: &Bench) -> bool {
    b.suite == SUITE
}

/// The folder holding pyperformance's `bm_*/` folders for `version`, installed from PyPI
/// with `python3 -m pip download` first when it is not there yet.
pub fn install(root: &Path, version: &str) -> Result<PathBuf, String> {
    let base = root.join("target/pyperformance").join(version);
    let benchmarks = base.join("unpacked/pyperformance/data-files/benchmarks");
    if benchmarks.join("MANIFEST").is_file() {
        return Ok(benchmarks);
    }
    let wheels = base.join("wheel");
    std::fs::create_dir_all(&wheels).map_err(|e| format!("cannot create {}: {e}", wheels.display()))?;
    eprintln!("tracelift-bench: installing pyperformance {version} from PyPI into {}", base.display());
    let spec = format!("pyperformance=={version}");
    let pip = Command::new("python3")
        .args(["-m", "pip", "download", "--no-deps", "--only-binary", ":all:", "--quiet", "-d"])
        .arg(&wheels)
        .arg(&spec)
        .status()
        .map_err(|e| format!("cannot run python3 -m pip: {e}"))?;
    if !pip.success() {
        return Err(format!("`python3 -m pip download {spec}` failed ({pip})"));
    }
    let wheel = std::fs::read_dir(&wheels)
        .map_err(|e| e.to_string())?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .find(|p| p.extension().is_some_and(|x| x == "whl"))
        .ok_or_else(|| format!("pip left no wheel in {}", wheels.display()))?;
    let unzip = Command::new("python3")
        .args(["-m", "zipfile", "-e"])
        .arg(&wheel)
        .arg(base.join("unpacked"))
        .status()
        .map_err(|e| format!("cannot run python3 -m zipfile: {e}"))?;
    if !unzip.success() || !benchmarks.join("MANIFEST").is_file() {
        return Err(format!("unpacking {} did not give {}", wheel.display(), benchmarks.display()));
    }
    Ok(benchmarks)
}

impl Manifest {
    /// The benchmark file of suite member `b` under `benchmarks` (from [`install`]).
    pub fn program(&self, benchmarks: &Path, b: &Bench) -> PathBuf {
        let folder = match self.parts.iter().find(|p| p.0 == b.name) {
            Some(p) => p.1.clone(),
            None => b.name.strip_prefix(PREFIX).unwrap_or(&b.name).to_string(),
        };
        benchmarks.join(format!("bm_{folder}")).join("run_benchmark.py")
    }

    /// The arguments after the program: the part's own, then the stand-in's `--loops` and
    /// `--values`.
    pub fn args(&self, b: &Bench, loops: u64, values: u32) -> Vec<String> {
        let mut a: Vec<String> = self.parts.iter().find(|p| p.0 == b.name).map(|p| p.2.clone()).unwrap_or_default();
        a.extend(["--loops".into(), loops.to_string(), "--values".into(), values.to_string()]);
        a
    }
}

/// The environment that puts the stand-in `pyperf` first on the module search path.
pub fn env(root: &Path) -> Vec<(String, String)> {
    vec![("PYTHONPATH".into(), root.join("benches/pyperformance").display().to_string())]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_members_left_out_and_the_version() {
        let m = parse("version 1.2.3\nfloat 5 1 5  # comment\nout chaos the with statement\n").unwrap();
        assert_eq!(m.version, "1.2.3");
        assert_eq!(
            m.benches,
            vec![Bench { name: "pp_float".into(), suite: SUITE.into(), size: 5, quick: 1, iterations: 5 }]
        );
        assert_eq!(m.left_out, vec![("chaos".to_string(), "the with statement".to_string())]);
        assert_eq!(m.args(&m.benches[0], 5, 3), ["--loops", "5", "--values", "3"]);
        let p = parse("version 1\nscimark_sor 2 1 5 from scimark sor\n").unwrap();
        let b = &p.benches[0];
        assert_eq!(b.name, "pp_scimark_sor");
        assert_eq!(p.program(Path::new("/x"), b), Path::new("/x/bm_scimark/run_benchmark.py"));
        assert_eq!(p.args(b, 2, 5), ["sor", "--loops", "2", "--values", "5"]);
        assert!(parse("version 1\nscimark_sor 2 1 5 from\n").is_err());
    }

    #[test]
    fn rejects_bad_lines() {
        assert!(parse("float 5 1 5\n").unwrap_err().message.contains("version"));
        assert!(parse("version 1\nfloat 5 1\n").unwrap_err().message.contains("NAME LOOPS"));
        assert!(parse("version 1\nfloat 0 1 5\n").unwrap_err().message.contains("LOOPS"));
        assert!(parse("version 1\nfloat 1 1 5\nfloat 1 1 5\n").unwrap_err().message.contains("twice"));
        assert!(parse("version 1\nfloat 1 1 5\nout float why\n").unwrap_err().message.contains("left out"));
        assert!(parse("version 1\nout chaos\n").unwrap_err().message.contains("words"));
    }

    #[test]
    fn the_shipped_manifest_parses() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let m = load(&root).unwrap();
        assert!(m.benches.len() >= 11, "{} benchmarks", m.benches.len());
        assert!(root.join("benches/pyperformance/pyperf.py").is_file());
    }
}
