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
//!
//! Blocks of [`BIG`] bytes or more (list and dict buffers of big containers, long strs) go
//! to the C library's `malloc` instead, as CPython sends everything above 512 bytes to the
//! system allocator. glibc maps each of them separately (the threshold is pinned to `BIG`),
//! so growing one is an `mremap` rather than a copy that keeps the old and the new buffer
//! alive at once, and freeing one gives the memory back to the system at once; mimalloc
//! keeps freed large pages for reuse, which raised peak memory by 10-20% on programs that
//! build and drop big lists (decision 34).

use std::alloc::{GlobalAlloc, Layout};
use std::ffi::c_void;

/// Alignment that `mi_malloc` guarantees for any request at least this large.
const MIN_ALIGN: usize = 16;

/// How long mimalloc keeps free pages committed before it returns them to the system
/// (its default is a second). CPython gives an empty arena back at once; with the default, a
/// program that frees a big generation of objects of one size and then builds another of a
/// different size held both in memory (strings: 75 MiB at peak, 65 MiB with this).
const PURGE_DELAY_MS: i64 = 10;

/// mimalloc's `mi_option_purge_delay` (`mimalloc.h`).
const MI_OPTION_PURGE_DELAY: i32 = 15;
/// mimalloc's `mi_option_arena_reserve` (KiB of address space an arena reserves at once).
const MI_OPTION_ARENA_RESERVE: i32 = 23;

/// The process's address-space limit (`ulimit -v`, `RLIMIT_AS`) in bytes, if it has one.
pub fn address_space_limit() -> Option<u64> {
    let mut r = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    // SAFETY: getrlimit writes the struct it is given.
    let ok = unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut r) } == 0;
    (ok && r.rlim_cur != libc::RLIM_INFINITY).then_some(r.rlim_cur)
}

unsafe extern "C" {
    fn mi_option_set(option: i32, value: std::ffi::c_long);
    fn mi_register_error(handler: Option<unsafe extern "C" fn(i32, *mut c_void)>, arg: *mut c_void);
}

/// mimalloc's error handler: it runs when mimalloc cannot get memory from the system
/// (`ENOMEM`), before the null goes back (mimalloc's default handler does nothing else in a
/// release build).
unsafe extern "C" fn on_mimalloc_error(code: i32, _arg: *mut c_void) {
    if code == libc::ENOMEM {
        failed();
    }
}

/// Sets the allocator's options; the `tracelift` binary calls this before it runs anything.
pub fn configure() {
    // SAFETY: plain mimalloc calls that only store the option and the handler.
    unsafe {
        mi_option_set(MI_OPTION_PURGE_DELAY, PURGE_DELAY_MS as std::ffi::c_long);
        mi_register_error(Some(on_mimalloc_error), std::ptr::null_mut());
    }
    // Under an address-space limit, mimalloc's 1 GiB arena reservations would use up the
    // limit before the program allocates anything (CPython runs in `ulimit -v 100000`):
    // reserve a thirty-second of the limit at a time instead.
    if let Some(limit) = address_space_limit() {
        let kib = (limit / 32 / 1024).clamp(1024, 1024 * 1024);
        // SAFETY: as above.
        unsafe { mi_option_set(MI_OPTION_ARENA_RESERVE, kib as std::ffi::c_long) };
        // glibc reserves 64 MiB of address space for each thread's own malloc arena; one
        // arena is plenty (the VM runs on one thread, and big blocks are mapped one by one).
        #[cfg(all(target_os = "linux", target_env = "gnu"))]
        // SAFETY: a plain glibc call that only stores the option.
        unsafe {
            libc::mallopt(libc::M_ARENA_MAX, 1)
        };
    }
}

/// Requests of at least this many bytes (with an ordinary alignment) go to the C library.
pub const BIG: usize = 256 * 1024;

/// mimalloc as the global allocator (see the module docs).
pub struct MiAlloc;

#[inline(always)]
fn plain(layout: &Layout) -> bool {
    layout.align() <= MIN_ALIGN && layout.align() <= layout.size()
}

/// Does a block of `size` bytes with `layout`'s alignment belong to the C library?
#[inline(always)]
fn big(layout: &Layout, size: usize) -> bool {
    cfg!(all(target_os = "linux", target_env = "gnu")) && size >= BIG && layout.align() <= MIN_ALIGN
}

/// The C library's allocator, for big blocks (glibc only; see the module docs).
mod libc_big {
    use std::ffi::c_void;

    unsafe extern "C" {
        fn malloc(size: usize) -> *mut c_void;
        fn calloc(n: usize, size: usize) -> *mut c_void;
        fn realloc(p: *mut c_void, size: usize) -> *mut c_void;
        fn free(p: *mut c_void);
    }

    /// Pins glibc's mmap threshold to `BIG` (once), so that every big block is mapped on its
    /// own: without this glibc raises the threshold after the first free of a mapped block.
    /// (`big` sends nothing here on other targets.)
    #[inline]
    fn pin() {
        #[cfg(all(target_os = "linux", target_env = "gnu"))]
        {
            use std::sync::atomic::{AtomicBool, Ordering};
            static PINNED: AtomicBool = AtomicBool::new(false);
            if !PINNED.load(Ordering::Relaxed) {
                PINNED.store(true, Ordering::Relaxed);
                // SAFETY: a plain libc call; it allocates nothing.
                unsafe { libc::mallopt(libc::M_MMAP_THRESHOLD, super::BIG as libc::c_int) };
            }
        }
    }

    pub unsafe fn alloc(size: usize, zeroed: bool) -> *mut u8 {
        pin();
        // SAFETY: plain C allocation calls.
        unsafe { if zeroed { calloc(1, size) as *mut u8 } else { malloc(size) as *mut u8 } }
    }

    pub unsafe fn grow(p: *mut u8, size: usize) -> *mut u8 {
        // SAFETY: `p` came from `alloc` above.
        unsafe { realloc(p as *mut c_void, size) as *mut u8 }
    }

    pub unsafe fn dealloc(p: *mut u8) {
        // SAFETY: `p` came from `alloc` or `grow` above.
        unsafe { free(p as *mut c_void) }
    }
}

/// Every failed request reaches [`failed`] before the null goes back: big blocks through
/// this check, mimalloc's through its error handler (so its fast path has no test). Most
/// failures are asked for with `try_reserve` and become `MemoryError` (`crate::mem`); for the
/// others Rust aborts the process next, so this is the last moment to write out what the
/// program printed.
#[inline(always)]
fn checked(p: *mut u8) -> *mut u8 {
    if p.is_null() {
        failed();
    }
    p
}

#[cold]
#[inline(never)]
fn failed() {
    crate::stdio::flush_fatal();
}

/// A block for `layout` (zero-filled if `zero`) from the allocator `big` and `plain` pick.
///
/// # Safety
/// As for [`GlobalAlloc::alloc`]: `layout` has a non-zero size.
#[inline(always)]
unsafe fn allocate(layout: &Layout, zero: bool) -> *mut u8 {
    let (size, align) = (layout.size(), layout.align());
    // SAFETY: plain C allocation calls; a null result reports failure, as GlobalAlloc expects.
    unsafe {
        if big(layout, size) {
            checked(libc_big::alloc(size, zero))
        } else if plain(layout) {
            (if zero { libmimalloc_sys::mi_zalloc(size) } else { libmimalloc_sys::mi_malloc(size) }) as *mut u8
        } else if zero {
            libmimalloc_sys::mi_zalloc_aligned(size, align) as *mut u8
        } else {
            libmimalloc_sys::mi_malloc_aligned(size, align) as *mut u8
        }
    }
}

// SAFETY: mimalloc implements the C allocation contract; `plain` layouts get blocks aligned
// to their alignment (see the module docs), the rest go through the aligned entry points,
// and `mi_free` releases blocks from either.
unsafe impl GlobalAlloc for MiAlloc {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded from the caller.
        unsafe { allocate(&layout, false) }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded from the caller.
        unsafe { allocate(&layout, true) }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from this allocator with `layout` (the GlobalAlloc contract), so
        // `big` picks the allocator that made it.
        unsafe {
            if big(&layout, layout.size()) {
                libc_big::dealloc(ptr)
            } else {
                libmimalloc_sys::mi_free(ptr as *mut c_void)
            }
        }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: `ptr` came from this allocator with `layout`; the new block keeps its
        // alignment (plain requests keep a size of at least the alignment).
        unsafe {
            let (was_big, is_big) = (big(&layout, layout.size()), big(&layout, new_size));
            if was_big && is_big {
                return checked(libc_big::grow(ptr, new_size));
            }
            if was_big || is_big {
                // Moving between the two allocators: a new block, a copy, a free.
                let new_layout = Layout::from_size_align_unchecked(new_size, layout.align());
                let p = self.alloc(new_layout);
                if !p.is_null() {
                    std::ptr::copy_nonoverlapping(ptr, p, layout.size().min(new_size));
                    self.dealloc(ptr, layout);
                }
                return p;
            }
            if layout.align() <= MIN_ALIGN && layout.align() <= new_size {
                libmimalloc_sys::mi_realloc(ptr as *mut c_void, new_size) as *mut u8
            } else {
                libmimalloc_sys::mi_realloc_aligned(ptr as *mut c_void, new_size, layout.align()) as *mut u8
            }
        }
    }
}
