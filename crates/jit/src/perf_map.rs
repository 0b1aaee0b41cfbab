//! The perf map: `/tmp/perf-PID.map`, which `perf report` reads to name code that no ELF
//! file describes. One line per code range: `START SIZE NAME`, start and size in hex
//! without `0x`, the name running to the end of the line.

use std::fmt;
use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The perf map of this process. Lines are written whole with one `write` each (no
/// buffering), so the file is complete up to the last line even if the process crashes.
/// The first error writing is reported once on stderr and turns the map off: it never stops
/// the program.
pub struct PerfMap {
    path: PathBuf,
    file: Mutex<Option<File>>,
}

impl PerfMap {
    /// The environment variable that asks for a perf map when set to `1`
    /// (`TRACELIFT_PERF_MAP=1`, like `--perf-map`).
    pub const ENV_VAR: &str = "TRACELIFT_PERF_MAP";

    /// Whether [`PerfMap::ENV_VAR`] is set to `1`.
    pub fn requested_by_env() -> bool {
        std::env::var_os(Self::ENV_VAR).is_some_and(|v| v == "1")
    }

    /// Where perf looks for this process's map: `/tmp/perf-<pid>.map`. perf reads that path
    /// whatever `TMPDIR` says, so on Unix this is always `/tmp`, not [`std::env::temp_dir`]
    /// (which is used only where there is no `/tmp` convention).
    pub fn default_path() -> PathBuf {
        let dir = if cfg!(unix) { PathBuf::from("/tmp") } else { std::env::temp_dir() };
        dir.join(format!("perf-{}.map", std::process::id()))
    }

    /// Creates (or truncates) the map at [`PerfMap::default_path`].
    pub fn create() -> io::Result<PerfMap> {
        PerfMap::create_at(PerfMap::default_path())
    }

    /// The map at [`PerfMap::default_path`] when `wanted` (`--perf-map`); a map that cannot
    /// be created is reported on stderr in one line and the program runs without one.
    pub fn open_if(wanted: bool) -> Option<PerfMap> {
        if !wanted {
            return None;
        }
        PerfMap::create().map_err(|e| eprintln!("tracelift: cannot write the perf map: {e}")).ok()
    }

    /// Creates (or truncates) a map at `path`.
    pub fn create_at(path: impl Into<PathBuf>) -> io::Result<PerfMap> {
        let path = path.into();
        let file = File::create(&path)?;
        Ok(PerfMap { path, file: Mutex::new(Some(file)) })
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Whether lines are still written (false after a write failed).
    pub fn is_enabled(&self) -> bool {
        self.file.lock().unwrap_or_else(|e| e.into_inner()).is_some()
    }

    /// Appends `"{start:x} {size:x} {name}\n"`. Line breaks and other control characters in
    /// `name` become `?`, so each entry stays one line. Does nothing once the map is off.
    pub fn add(&self, start: usize, size: usize, name: &str) {
        let mut line = format!("{start:x} {size:x} ");
        line.extend(name.chars().map(|c| if c.is_control() { '?' } else { c }));
        line.push('\n');
        let mut file = self.file.lock().unwrap_or_else(|e| e.into_inner());
        let Some(f) = file.as_mut() else { return };
        if let Err(err) = f.write_all(line.as_bytes()) {
            eprintln!(
                "tracelift: writing the perf map {} failed ({err}); no more entries will be written",
                self.path.display()
            );
            *file = None;
        }
    }
}

impl fmt::Debug for PerfMap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PerfMap").field("path", &self.path).field("enabled", &self.is_enabled()).finish()
    }
}

/// An executor's name in the perf map: `tracelift:<code name>:<line>:x<id>` (the code
/// object's name, the line of the trace's start, the executor's id).
pub fn perf_map_name(code_name: &str, line: u32, executor_id: u64) -> String {
    format!("tracelift:{code_name}:{line}:x{executor_id}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn name_format() {
        assert_eq!(perf_map_name("<module>", 12, 7), "tracelift:<module>:12:x7");
    }

    #[test]
    fn control_characters_are_replaced() {
        let path = std::env::temp_dir().join(format!("tracelift-perf-map-unit-{}.map", std::process::id()));
        let map = PerfMap::create_at(&path).unwrap();
        map.add(0x10, 0x20, "a\nb\tc");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "10 20 a?b?c\n");
        std::fs::remove_file(&path).unwrap();
    }
}
