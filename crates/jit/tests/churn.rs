//! Thousands of regions allocated, written, finalized and freed, a few alive at a time:
//! bytes in use end at zero and the mapped bytes stay bounded whatever the count.

#![cfg(unix)]

use std::collections::VecDeque;

use tracelift_jit::{CodeMemory, CodeMemoryOptions, Region};

const REGIONS: usize = 5_000;
const ALIVE: usize = 8;

/// One executor's worth: code of a size that varies up to three pages, sometimes constants
/// and data, finalized.
fn executor(memory: &CodeMemory, i: usize) -> Region {
    let page = memory.page_size();
    let mut r = memory.region();
    let size = 1 + (i * 7919) % (3 * page);
    let code = r.alloc_code(size, 16).unwrap();
    // SAFETY: `code` is `size` writable bytes (not finalized yet).
    unsafe { std::ptr::write_bytes(code, 0xc3, size) };
    if i.is_multiple_of(3) {
        r.alloc_readonly(64, 8).unwrap();
    }
    if i.is_multiple_of(5) {
        r.alloc_data(16, 8).unwrap();
    }
    r.finalize().unwrap();
    r
}

fn churn(memory: &CodeMemory) {
    let mut alive = VecDeque::new();
    let mut max_held = 0;
    for i in 0..REGIONS {
        alive.push_back(executor(memory, i));
        // The peak is reached here, with one region more than is kept.
        max_held = max_held.max(alive.iter().map(Region::bytes_held).sum());
        if alive.len() > ALIVE {
            alive.pop_front();
        }
        let held: usize = alive.iter().map(Region::bytes_held).sum();
        let stats = memory.stats();
        assert_eq!(stats.bytes_in_use, held);
        assert_eq!(stats.regions_live, alive.len());
        assert_eq!(stats.bytes_mapped, stats.bytes_in_use + stats.bytes_free);
    }
    drop(alive);
    let stats = memory.stats();
    assert_eq!(stats.bytes_in_use, 0, "{stats:?}");
    assert_eq!(stats.regions_live, 0);
    assert_eq!(stats.regions_total, REGIONS as u64);
    assert_eq!(stats.peak_bytes_in_use, max_held);
    // Bounded: at most the peak in use plus the free list, never growing with the count.
    let keep = CodeMemoryOptions::default().keep_free_bytes;
    assert!(stats.bytes_mapped <= keep, "{stats:?}");
    assert!(max_held <= (ALIVE + 1) * 5 * memory.page_size());
}

#[test]
fn thousands_of_regions_end_at_zero() {
    let memory = CodeMemory::new();
    churn(&memory);
    let stats = memory.stats();
    // The free list served most requests: far fewer mappings than chunks handed out.
    assert!(stats.chunks_mapped < (REGIONS / 10) as u64, "{stats:?}");
    assert_eq!(stats.chunks_far, 0, "placement fell back: {stats:?}");
    memory.release_free_pages();
    let stats = memory.stats();
    assert_eq!((stats.bytes_mapped, stats.bytes_free), (0, 0), "{stats:?}");
}

#[test]
fn without_free_list_everything_is_unmapped() {
    let memory = CodeMemory::with_options(CodeMemoryOptions { keep_free_bytes: 0, ..Default::default() });
    churn(&memory);
    let stats = memory.stats();
    assert_eq!(stats.bytes_mapped, 0, "{stats:?}");
    assert!(stats.chunks_mapped >= REGIONS as u64);
}

#[test]
fn without_placement() {
    let memory = CodeMemory::with_options(CodeMemoryOptions { near: None, ..Default::default() });
    churn(&memory);
    assert_eq!(memory.stats().chunks_far, 0, "chunks are only 'far' when placement was asked for");
    assert!(!memory.window_within_rel32(0));
}

#[test]
fn regions_on_many_threads() {
    let memory = CodeMemory::new();
    std::thread::scope(|s| {
        for t in 0..4 {
            let memory = memory.clone();
            s.spawn(move || {
                for i in 0..500 {
                    drop(executor(&memory, t * 1000 + i));
                }
            });
        }
    });
    let stats = memory.stats();
    assert_eq!((stats.bytes_in_use, stats.regions_live, stats.regions_total), (0, 0, 2000), "{stats:?}");
}

#[test]
fn free_memory_then_drop_frees_once() {
    use cranelift_jit::JITMemoryProvider;
    let memory = CodeMemory::new();
    let mut r = executor(&memory, 1);
    let mut other = executor(&memory, 2);
    let held = other.bytes_held();
    // SAFETY: nothing runs or uses the region's code.
    unsafe { r.free_memory() };
    assert_eq!(r.bytes_held(), 0);
    assert_eq!(memory.stats().bytes_in_use, held);
    assert_eq!(memory.stats().regions_live, 2);
    drop(r);
    assert_eq!(memory.stats().bytes_in_use, held);
    assert_eq!(memory.stats().regions_live, 1);
    // SAFETY: as above.
    unsafe { other.free_memory() };
    // A freed region is empty but usable again.
    other.alloc_code(10, 1).unwrap();
    other.finalize().unwrap();
    assert_eq!(memory.stats().bytes_in_use, other.bytes_held());
    drop(other);
    assert_eq!(memory.stats().bytes_in_use, 0);
}

#[test]
fn small_chunks_come_from_one_batch() {
    let memory = CodeMemory::new();
    memory.reserve().unwrap();
    let stats = memory.stats();
    assert_eq!((stats.chunks_mapped, stats.bytes_in_use), (1, 0), "{stats:?}");
    assert!(stats.bytes_free >= 8 * memory.page_size(), "{stats:?}");
    // Eight one-page executors, all alive at once: no further mmap.
    let alive: Vec<Region> = (0..8)
        .map(|_| {
            let mut r = memory.region();
            let code = r.alloc_code(100, 16).unwrap();
            // SAFETY: `code` is 100 writable bytes (not finalized yet).
            unsafe { std::ptr::write_bytes(code, 0xc3, 100) };
            r.finalize().unwrap();
            r
        })
        .collect();
    let stats = memory.stats();
    assert_eq!(stats.chunks_mapped, 1, "{stats:?}");
    assert_eq!(stats.bytes_in_use, 8 * memory.page_size());
    assert_eq!(stats.bytes_mapped, stats.bytes_in_use + stats.bytes_free);
    drop(alive);
    memory.reserve().unwrap();
    assert_eq!(memory.stats().chunks_mapped, 1, "a reserve with pages free maps nothing");
    memory.release_free_pages();
    assert_eq!(memory.stats().bytes_mapped, 0);
}

#[test]
fn no_reserve_without_a_free_list() {
    let memory = CodeMemory::with_options(CodeMemoryOptions { keep_free_bytes: 0, ..Default::default() });
    memory.reserve().unwrap();
    assert_eq!(memory.stats().bytes_mapped, 0);
}
