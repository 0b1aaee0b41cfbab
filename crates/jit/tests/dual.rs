//! Dual-mapped code memory (:dual-map:, `docs/code-memory.md`): each chunk is one memory
//! file mapped twice, read-execute where the code runs and read-write where it is written.
//! Checked against the kernel's view: no mapping is ever writable and executable, the run
//! view is `r-x` from the start, code written through the other view runs, and freed ranges
//! are reused without mapping anything new.

#![cfg(target_os = "linux")]

mod common;

use std::collections::VecDeque;

use common::{maps, perms_at};
use tracelift_jit::{CodeMemory, CodeMemoryOptions, Kind, Region};

fn dual_memory() -> CodeMemory {
    CodeMemory::with_options(CodeMemoryOptions { dual: true, ..CodeMemoryOptions::default() })
}

fn no_writable_executable_mapping() {
    for m in maps() {
        assert!(!(m.perms.contains('w') && m.perms.contains('x')), "writable and executable mapping: {m:?}");
    }
}

#[cfg(target_arch = "x86_64")]
const RETURN_42: &[u8] = &[0xb8, 0x2a, 0x00, 0x00, 0x00, 0xc3]; // mov eax, 42; ret
#[cfg(target_arch = "aarch64")]
const RETURN_42: &[u8] = &[0x40, 0x05, 0x80, 0x52, 0xc0, 0x03, 0x5f, 0xd6]; // mov w0, #42; ret

/// Copies `bytes` in through the write view, patches the immediate (x86-64) to `k`,
/// finalizes, and returns where the code runs.
fn emit(region: &mut Region, bytes: &[u8], k: i32) -> *const u8 {
    let c = region.alloc_code_dual(bytes.len(), 16).unwrap();
    // SAFETY: `c.write` is `bytes.len()` writable bytes of this region.
    let buf = unsafe { std::slice::from_raw_parts_mut(c.write, bytes.len()) };
    buf.copy_from_slice(bytes);
    if cfg!(target_arch = "x86_64") {
        buf[1..5].copy_from_slice(&k.to_le_bytes());
    }
    region.finalize().unwrap();
    c.exec
}

/// Calls `code` as `extern "C" fn() -> i32`.
///
/// # Safety
/// `code` must be finalized code of a live region that follows that signature.
unsafe fn call(code: *const u8) -> i32 {
    // SAFETY: the caller's contract; function pointers and data pointers have the same size.
    let f: extern "C" fn() -> i32 = unsafe { std::mem::transmute(code) };
    f()
}

#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
#[test]
fn written_through_one_view_run_through_the_other() {
    let memory = dual_memory();
    assert!(memory.is_dual());
    let mut a = memory.region();
    // Only code, and only with both addresses: anything else refuses.
    assert!(a.alloc_code(16, 16).is_err());
    assert!(a.alloc(Kind::Data, 16, 8).is_err());
    let c = a.alloc_code_dual(64, 16).unwrap();
    assert_ne!(c.write as usize, c.exec as usize);
    assert_eq!(c.exec as usize % 16, 0);
    // The run view is never writable, the write view never executable.
    assert_eq!(perms_at(c.exec as usize), "r-xs");
    assert_eq!(perms_at(c.write as usize), "rw-s");
    no_writable_executable_mapping();

    let f = emit(&mut a, RETURN_42, 42);
    // SAFETY: finalized, returns 42 (or the patched immediate) in the C calling convention.
    let want = |k: i32| if cfg!(target_arch = "x86_64") { k } else { 42 };
    assert_eq!(unsafe { call(f) }, want(42));
    let mut b = memory.region();
    let g = emit(&mut b, RETURN_42, 7);
    // SAFETY: as above.
    assert_eq!(unsafe { call(g) }, want(7));
    // SAFETY: a's code is still there.
    assert_eq!(unsafe { call(f) }, want(42));
    no_writable_executable_mapping();
    for span in a.spans().chain(b.spans()) {
        assert_eq!(common::perms_of(&maps(), span.start, span.len), ["r-xs"]);
    }
    let stats = memory.stats();
    assert_eq!(stats.bytes_in_use, a.bytes_held() + b.bytes_held());
    assert_eq!(stats.bytes_mapped, stats.bytes_in_use + stats.bytes_free);

    // Freed pages go back to the free ranges and the next region reuses them: nothing new
    // is mapped, and the old code is overwritten in place.
    let mapped = memory.stats().chunks_mapped;
    let freed = a.spans().next().unwrap().start;
    drop(a);
    let mut c = memory.region();
    let h = emit(&mut c, RETURN_42, 9);
    // (Its code starts a few cache lines in, :code-colour:.)
    let page = memory.page_size();
    assert_eq!(h as usize / page * page, freed, "the lowest free range is reused first");
    // SAFETY: as above.
    assert_eq!(unsafe { call(h) }, want(9));
    assert_eq!(memory.stats().chunks_mapped, mapped);
    drop((b, c));
    assert_eq!(memory.stats().bytes_in_use, 0);
    assert_eq!(memory.stats().regions_live, 0);
    // With no region left, every arena is one free range again and can be unmapped.
    memory.release_free_pages();
    assert_eq!(memory.stats().bytes_mapped, 0, "{:?}", memory.stats());
}

#[test]
fn thousands_of_regions_reuse_the_free_ranges() {
    let memory = dual_memory();
    memory.reserve().unwrap();
    let page = memory.page_size();
    let mut alive = VecDeque::new();
    for i in 0..5_000usize {
        let mut r = memory.region();
        // Up to 20 pages: larger than any exact-size free list would reuse.
        let size = 1 + (i * 7919) % (20 * page);
        let c = r.alloc_code_dual(size, 16).unwrap();
        // SAFETY: `c.write` is `size` writable bytes of this region.
        unsafe { std::ptr::write_bytes(c.write, 0xc3, size) };
        r.finalize().unwrap();
        alive.push_back(r);
        if alive.len() > 8 {
            alive.pop_front();
        }
        let stats = memory.stats();
        assert_eq!(stats.bytes_in_use, alive.iter().map(Region::bytes_held).sum::<usize>());
        assert_eq!(stats.bytes_mapped, stats.bytes_in_use + stats.bytes_free);
    }
    drop(alive);
    let stats = memory.stats();
    assert_eq!(stats.bytes_in_use, 0);
    // Bounded, not growing with the count: nine regions of at most 20 pages hold at most
    // 720 KiB, so first fit in 1 MiB arenas needs very few of them.
    assert!(stats.chunks_mapped <= 3, "{stats:?}");
    no_writable_executable_mapping();
}
