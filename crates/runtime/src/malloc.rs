//! The process allocator: mimalloc, entered through its plain `mi_malloc` for ordinary
//! alignments.
//!
//! The `mimalloc` crate's `GlobalAlloc` passes every request to `mi_malloc_aligned`. That
//! call's fast path needs a block already free in the page of the request's size; when the
//! page's free list is empty (often, for a churn of objects), it falls back to an
//! over-allocation in the next size class, so odd-sized objects (a 56-byte iterator, a
//! 120-byte frame record) kept taking a slow path of about 130 instructions and 8 to 15
//! wasted bytes each. `mi_malloc` already returns blocks aligned to 16 bytes (8 for 8-byte
//! requests), which is what Rust's own system allocator relies on for its `malloc` path;
//! only larger alignments go through `mi_malloc_aligned`.

use std::alloc::{GlobalAlloc, Layout};
use std::ffi::c_void;

/// Alignment that `mi_malloc` guarantees for any request at least this large.
const MIN_ALIGN: usize = 16;

/// mimalloc as the global allocator (see the module docs).
pub struct MiAlloc;

#[inline(always)]
fn plain(layout: &Layout) -> bool {
    layout.align() <= MIN_ALIGN && layout.align() <= layout.size()
}

// SAFETY: mimalloc implements the C allocation contract; `plain` layouts get blocks aligned
// to their alignment (see the module docs), the rest go through the aligned entry points,
// and `mi_free` releases blocks from either.
unsafe impl GlobalAlloc for MiAlloc {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: plain C allocation calls; a null result reports failure, as GlobalAlloc expects.
        unsafe {
            if plain(&layout) {
                libmimalloc_sys::mi_malloc(layout.size()) as *mut u8
            } else {
                libmimalloc_sys::mi_malloc_aligned(layout.size(), layout.align()) as *mut u8
            }
        }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as for `alloc`.
        unsafe {
            if plain(&layout) {
                libmimalloc_sys::mi_zalloc(layout.size()) as *mut u8
            } else {
                libmimalloc_sys::mi_zalloc_aligned(layout.size(), layout.align()) as *mut u8
            }
        }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, _layout: Layout) {
        // SAFETY: `ptr` came from this allocator (the GlobalAlloc contract).
        unsafe { libmimalloc_sys::mi_free(ptr as *mut c_void) }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: `ptr` came from this allocator with `layout`; the new block keeps its
        // alignment (plain requests keep a size of at least the alignment).
        unsafe {
            if layout.align() <= MIN_ALIGN && layout.align() <= new_size {
                libmimalloc_sys::mi_realloc(ptr as *mut c_void, new_size) as *mut u8
            } else {
                libmimalloc_sys::mi_realloc_aligned(ptr as *mut c_void, new_size, layout.align()) as *mut u8
            }
        }
    }
}
