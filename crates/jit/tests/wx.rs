//! W^X: the code memory is never writable and executable at once, checked against the
//! kernel's view (`/proc/self/maps`) after every step of a sequence that writes code,
//! constants and data in two regions, finalizes, allocates again, frees and reuses.

#![cfg(target_os = "linux")]

mod common;

use common::{check_counts, check_wx, perms_at};
use tracelift_jit::{CodeMemory, Kind, Protection, Region};

fn fill(ptr: *mut u8, len: usize, byte: u8) {
    // SAFETY: `ptr` comes from an allocation of at least `len` bytes that is still writable.
    unsafe { std::ptr::write_bytes(ptr, byte, len) };
}

fn page_of(addr: usize, page: usize) -> usize {
    addr & !(page - 1)
}

#[test]
fn never_writable_and_executable() {
    let memory = CodeMemory::new();
    let page = memory.page_size();
    let mut a = memory.region();
    check_wx(&[&a]);
    check_counts(&memory, &[&a]);

    // Code is written while read-write, not executable.
    let code = a.alloc_code(100, 16).unwrap();
    assert_eq!(code.addr() % 16, 0);
    fill(code, 100, 0xc3);
    assert_eq!(perms_at(code.addr()), "rw-p");
    check_wx(&[&a]);

    let ro = a.alloc_readonly(64, 8).unwrap();
    fill(ro, 64, 1);
    let data = a.alloc_data(64, 8).unwrap();
    fill(data, 64, 2);
    check_wx(&[&a]);
    check_counts(&memory, &[&a]);
    // Three kinds, three chunks on three different pages.
    assert_eq!(a.spans().count(), 3);
    assert_eq!(a.bytes_held(), 3 * page);

    // A second region, two pages of code, interleaved with the first.
    let mut b = memory.region();
    let big = b.alloc_code(page + 100, 64).unwrap();
    fill(big, page + 100, 0x90);
    check_wx(&[&a, &b]);

    // The flip: code r-x, constants r--, data stays rw-.
    a.finalize().unwrap();
    assert_eq!(perms_at(code.addr()), "r-xp");
    assert_eq!(perms_at(ro.addr()), "r--p");
    assert_eq!(perms_at(data.addr()), "rw-p");
    assert_eq!(perms_at(big.addr()), "rw-p", "b is not finalized yet");
    check_wx(&[&a, &b]);

    // After finalize, new code takes a fresh page: finalized code stays r-x.
    let code2 = a.alloc_code(10, 1).unwrap();
    assert_ne!(page_of(code2.addr(), page), page_of(code.addr(), page));
    fill(code2, 10, 0xcc);
    assert_eq!(perms_at(code.addr()), "r-xp");
    assert_eq!(perms_at(code2.addr()), "rw-p");
    // Writable data goes on in the same page (its protection never changes).
    let data2 = a.alloc_data(8, 8).unwrap();
    assert_eq!(page_of(data2.addr(), page), page_of(data.addr(), page));
    check_wx(&[&a, &b]);
    check_counts(&memory, &[&a, &b]);

    b.finalize().unwrap();
    a.finalize().unwrap();
    assert_eq!(perms_at(code2.addr()), "r-xp");
    assert_eq!(perms_at(big.addr() + page), "r-xp");
    check_wx(&[&a, &b]);

    // Freeing: a's pages go back read-write (kept for reuse) or unmapped, never executable.
    let spans_a: Vec<_> = a.spans().collect();
    drop(a);
    check_wx(&[&b]);
    check_counts(&memory, &[&b]);
    for span in &spans_a {
        let perms: Vec<_> = common::maps()
            .into_iter()
            .filter(|m| m.start < span.start + span.len && span.start < m.end)
            .map(|m| m.perms)
            .collect();
        assert!(perms.iter().all(|p| p == "rw-p"), "freed {span:?} is {perms:?}");
    }

    // A new region reuses freed pages: read-write until finalized again.
    let mut c = memory.region();
    let code3 = c.alloc_code(32, 16).unwrap();
    fill(code3, 32, 0xc3);
    assert_eq!(perms_at(code3.addr()), "rw-p");
    check_wx(&[&b, &c]);
    c.finalize().unwrap();
    check_wx(&[&b, &c]);
    drop(b);
    drop(c);
    check_wx(&[]);
    assert_eq!(memory.stats().bytes_in_use, 0);
    assert_eq!(memory.stats().regions_live, 0);
}

#[test]
fn spans_report_kind_and_protection() {
    let memory = CodeMemory::new();
    let mut r = memory.region();
    r.alloc(Kind::Code, 1, 1).unwrap();
    r.alloc(Kind::ReadOnly, 1, 1).unwrap();
    r.alloc(Kind::Data, 1, 1).unwrap();
    let before: Vec<_> = r.spans().map(|s| (s.kind, s.protection)).collect();
    assert_eq!(
        before,
        [
            (Kind::Code, Protection::ReadWrite),
            (Kind::ReadOnly, Protection::ReadWrite),
            (Kind::Data, Protection::ReadWrite)
        ]
    );
    r.finalize().unwrap();
    let after: Vec<_> = r.spans().map(|s| (s.kind, s.protection)).collect();
    assert_eq!(
        after,
        [
            (Kind::Code, Protection::ReadExecute),
            (Kind::ReadOnly, Protection::ReadOnly),
            (Kind::Data, Protection::ReadWrite)
        ]
    );
    for kind in [Kind::Code, Kind::ReadOnly, Kind::Data] {
        let span = r.spans().find(|s| s.kind == kind).unwrap();
        assert_eq!(span.protection, kind.final_protection());
    }
    check_wx(&[&r]);
}

#[test]
fn bump_allocation_shares_pages_and_aligns() {
    let memory = CodeMemory::new();
    let page = memory.page_size();
    let mut r: Region = memory.region();
    let mut last = 0;
    for align_log2 in 0..7 {
        let align = 1 << align_log2;
        for size in [1, 3, 17] {
            let p = r.alloc_code(size, align).unwrap().addr();
            assert_eq!(p % align, 0);
            assert!(p >= last, "bump allocation goes up");
            last = p + size;
        }
    }
    assert_eq!(r.bytes_held(), page, "small allocations share one page");
    // Zero bytes still get their own address; alignment above a page is refused.
    let a = r.alloc_data(0, 1).unwrap();
    let b = r.alloc_data(0, 1).unwrap();
    assert_ne!(a, b);
    assert!(r.alloc_code(8, page * 2).is_err());
    assert!(r.alloc_code(8, 3).is_err());
    // A request bigger than what is left opens a new chunk of whole pages, which start
    // with the region's colour (:code-colour:).
    let big = r.alloc_code(page * 3 - 5, 8).unwrap().addr();
    let len = (big % page + page * 3 - 5).next_multiple_of(page);
    assert_eq!(r.spans().filter(|s| s.kind == Kind::Code).map(|s| s.len).collect::<Vec<_>>(), [page, len]);
    assert!(r.contains(a.addr()));
    check_counts(&memory, &[&r]);
}

#[test]
fn successive_regions_start_their_code_on_different_cache_lines() {
    // :code-colour: executors whose code all started at a page boundary would put their
    // entries in the same sets of the instruction cache.
    let memory = CodeMemory::new();
    let page = memory.page_size();
    let lines = page / 64;
    let mut regions: Vec<Region> = (0..lines).map(|_| memory.region()).collect();
    let mut seen = std::collections::HashSet::new();
    for r in &mut regions {
        let p = r.alloc_code(100, 16).unwrap().addr();
        assert_eq!(p % 16, 0);
        assert!(r.contains(p + 99), "the code fits its chunk");
        seen.insert(p % page / 64);
    }
    assert_eq!(seen.len(), lines, "every line of a page is a start once");
    check_counts(&memory, &regions.iter().collect::<Vec<_>>());
}
