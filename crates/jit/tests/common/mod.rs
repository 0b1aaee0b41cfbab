//! Reading this process's mappings from `/proc/self/maps` (Linux), to check the code
//! memory's protections against the kernel's own view.

#![allow(dead_code, reason = "each test file uses a different part")]

use tracelift_jit::{CodeMemory, Protection, Region};

/// One line of `/proc/self/maps`.
#[derive(Debug)]
pub struct Mapping {
    pub start: usize,
    pub end: usize,
    /// `rw-p`, `r-xp`, ...
    pub perms: String,
}

pub fn maps() -> Vec<Mapping> {
    let text = std::fs::read_to_string("/proc/self/maps").expect("read /proc/self/maps");
    text.lines()
        .map(|line| {
            let mut fields = line.split_whitespace();
            let range = fields.next().unwrap();
            let perms = fields.next().unwrap().to_string();
            let (start, end) = range.split_once('-').unwrap();
            Mapping {
                start: usize::from_str_radix(start, 16).unwrap(),
                end: usize::from_str_radix(end, 16).unwrap(),
                perms,
            }
        })
        .collect()
}

pub fn expected_perms(p: Protection) -> &'static str {
    match p {
        Protection::ReadWrite => "rw-p",
        Protection::ReadExecute => "r-xp",
        Protection::ReadOnly => "r--p",
    }
}

/// The perms of every mapping overlapping `start..start + len` (panics if part of the range
/// is not mapped).
pub fn perms_of(maps: &[Mapping], start: usize, len: usize) -> Vec<String> {
    let overlapping: Vec<&Mapping> = maps.iter().filter(|m| m.start < start + len && start < m.end).collect();
    let covered: usize = overlapping.iter().map(|m| m.end.min(start + len) - m.start.max(start)).sum();
    assert_eq!(covered, len, "{start:#x}+{len:#x} is not wholly mapped: {overlapping:?}");
    overlapping.iter().map(|m| m.perms.clone()).collect()
}

/// The perms of the page holding `addr`.
pub fn perms_at(addr: usize) -> String {
    perms_of(&maps(), addr, 1).pop().unwrap()
}

/// Checks W^X against the kernel: no mapping of the whole process is writable and
/// executable, and every span of every region has exactly the protection the region reports.
pub fn check_wx(regions: &[&Region]) {
    let maps = maps();
    for m in &maps {
        let wx = m.perms.contains('w') && m.perms.contains('x');
        assert!(!wx, "writable and executable mapping: {m:?}");
    }
    for region in regions {
        for span in region.spans() {
            for perms in perms_of(&maps, span.start, span.len) {
                assert_eq!(perms, expected_perms(span.protection), "{span:?}");
            }
        }
    }
}

/// Checks the manager's counters against the regions alive.
pub fn check_counts(memory: &CodeMemory, regions: &[&Region]) {
    let stats = memory.stats();
    let held: usize = regions.iter().map(|r| r.bytes_held()).sum();
    assert_eq!(stats.bytes_in_use, held);
    assert_eq!(stats.bytes_mapped, stats.bytes_in_use + stats.bytes_free);
    assert!(stats.peak_bytes_in_use >= stats.bytes_in_use);
}
