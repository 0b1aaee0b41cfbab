//! The shared manager: maps chunks of whole pages near the binary, hands them to regions,
//! keeps a bounded list of freed chunks for reuse, and counts.

use std::fmt;
use std::io;
use std::ptr::NonNull;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use crate::region::Region;
use crate::sys::{self, Placed};
use crate::{Protection, range_within_rel32};

/// How far from the anchor (see [`CodeMemoryOptions::near`]) chunks are placed, at most:
/// 1 GiB, which leaves the other 1 GiB of a rel32 displacement for the distance from the
/// anchor to anything else in the binary.
pub const NEAR_RADIUS: usize = 1 << 30;

/// The gap left below the anchor before the first chunk, for the part of the binary that
/// lies below it (headers, read-only data, the text before the anchor).
const NEAR_GAP: usize = 64 << 20;

/// How far the placement cursor moves down when a candidate range is taken.
const NEAR_STEP: usize = 16 << 20;

/// Candidate addresses tried for one chunk before mapping it anywhere (covers the window).
const NEAR_TRIES: usize = NEAR_RADIUS / NEAR_STEP;

/// The lowest address the placement ever asks for (well above any `mmap_min_addr`).
const LOWEST_HINT: usize = 16 << 20;

/// A request for a small chunk (at most a quarter of this) maps this many bytes at once when
/// the free list has room: the first chunk goes to the region, the rest to the free list. So
/// a run that compiles many small executors makes one `mmap` per 16 pages, not one per page.
const BATCH_BYTES: usize = 64 << 10;

/// A dual-mapped memory (:dual-map:) maps memory files of this size (or of one request, if
/// larger) and hands out page ranges of them: a range freed goes back to the free ranges,
/// merged with its neighbours, so executors of any size reuse memory without a system call.
const DUAL_ARENA_BYTES: usize = 1 << 20;

/// Default for [`CodeMemoryOptions::keep_free_bytes`]: 1 MiB (256 pages of 4 KiB).
pub const DEFAULT_KEEP_FREE_BYTES: usize = 1 << 20;

/// Settings of a [`CodeMemory`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CodeMemoryOptions {
    /// Place chunks within [`NEAR_RADIUS`] of this address when the kernel allows it, so
    /// that code there reaches the binary with rel32 displacements. `None`: anywhere.
    pub near: Option<usize>,
    /// Freed chunks kept mapped (read-write) for reuse, in bytes; a chunk freed beyond this is
    /// unmapped. 0 unmaps every freed chunk at once.
    pub keep_free_bytes: usize,
    /// Dual-mapped code (:dual-map:, Linux only; see [`CodeMemoryOptions::dual_supported`]):
    /// every chunk is one memory file mapped twice, read-execute where the code runs and
    /// read-write where it is written, so that no `mprotect` is needed to finalize or to
    /// free. Regions of such a memory hold code only, allocated with
    /// [`Region::alloc_code_dual`](crate::Region::alloc_code_dual). `false` (the default):
    /// one mapping per chunk, flipped from read-write to read-execute.
    pub dual: bool,
}

impl CodeMemoryOptions {
    /// Whether this platform can dual-map code (Linux, with `memfd_create`).
    pub fn dual_supported() -> bool {
        cfg!(target_os = "linux")
    }
}

impl Default for CodeMemoryOptions {
    /// Near this crate's code (so near the binary it is linked into), keeping
    /// [`DEFAULT_KEEP_FREE_BYTES`].
    fn default() -> Self {
        CodeMemoryOptions { near: Some(anchor_address()), keep_free_bytes: DEFAULT_KEEP_FREE_BYTES, dual: false }
    }
}

/// An address in this crate's text: the default anchor for placement. The crate is linked
/// statically into the binary, so this is the binary's text too.
fn anchor_address() -> usize {
    let f: fn() -> usize = anchor_address;
    f as usize
}

/// Counters of a [`CodeMemory`] at one moment. All sizes are in bytes of whole pages.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CodeMemoryStats {
    /// Bytes of the pages held by live regions: every page a region took, whether it holds
    /// code, read-only data or writable data, partly used or not, from the moment the region
    /// takes it until the region frees its memory or is dropped. 0 when no region holds any.
    pub bytes_in_use: usize,
    /// The highest `bytes_in_use` so far.
    pub peak_bytes_in_use: usize,
    /// Bytes currently mapped by this manager: `bytes_in_use + bytes_free`.
    pub bytes_mapped: usize,
    /// Bytes of freed chunks kept mapped (read-write, not executable) for reuse.
    pub bytes_free: usize,
    /// Regions alive (created and not dropped).
    pub regions_live: usize,
    /// Regions ever created.
    pub regions_total: u64,
    /// Chunks ever mapped (`mmap` calls that succeeded; reuse from the free list is not
    /// counted).
    pub chunks_mapped: u64,
    /// Of those, chunks mapped outside the near window because no candidate address in it
    /// was free (the fallback). Always 0 without [`CodeMemoryOptions::near`].
    pub chunks_far: u64,
}

/// The code memory shared by the machine-code backends: a cheap handle (`Arc`) on one
/// manager, `Send` and `Sync`. Each executor gets its own [`Region`] from
/// [`CodeMemory::region`]; every page belongs to one region at a time, so freeing a region
/// returns exactly its pages.
#[derive(Clone)]
pub struct CodeMemory {
    shared: Arc<Mutex<Shared>>,
}

/// One mapped chunk: whole pages, page-aligned, owned by exactly one region or by the free
/// list. Dropping a `Chunk` leaks it; only [`CodeMemory::give_back`] and the manager's own
/// drop unmap.
pub(crate) struct Chunk {
    pub(crate) ptr: NonNull<u8>,
    /// Where the chunk is written: `ptr` itself, or for a dual-mapped chunk the read-write
    /// view of the same memory (`ptr` is then always read-execute).
    pub(crate) write: NonNull<u8>,
    pub(crate) len: usize,
    pub(crate) prot: Protection,
    /// Placed within the near window (or placement was not asked for).
    pub(crate) near: bool,
}

// SAFETY: a Chunk is the sole owner of its pages, like a Box; nothing in it is tied to the
// thread that mapped it, so it may move to another thread.
unsafe impl Send for Chunk {}

impl Chunk {
    /// A dual-mapped chunk: written through one view, run through the other.
    pub(crate) fn is_dual(&self) -> bool {
        self.write != self.ptr
    }
}

struct Shared {
    page_size: usize,
    options: CodeMemoryOptions,
    /// Near-window bounds `[low, high)` and the placement cursor (the end of the next
    /// candidate range); all 0 without placement.
    low: usize,
    high: usize,
    cursor: usize,
    free: Vec<Chunk>,
    /// Dual mode: every memory file mapped (both views), unmapped only with the manager.
    arenas: Vec<Chunk>,
    /// Dual mode: the free page ranges of `arenas`, by address, neighbours merged.
    ranges: Vec<Chunk>,
    stats: CodeMemoryStats,
    /// Code chunks placed so far (:code-colour:).
    coloured: usize,
}

impl CodeMemory {
    /// A manager with the default options: chunks near the binary, 1 MiB of freed pages kept.
    pub fn new() -> CodeMemory {
        CodeMemory::with_options(CodeMemoryOptions::default())
    }

    /// A manager with the given options.
    pub fn with_options(options: CodeMemoryOptions) -> CodeMemory {
        let page_size = sys::page_size();
        let (low, high) = options.near.map_or((0, 0), |anchor| near_window(anchor, page_size));
        let shared = Shared {
            page_size,
            options,
            low,
            high,
            cursor: high,
            free: Vec::new(),
            arenas: Vec::new(),
            ranges: Vec::new(),
            stats: CodeMemoryStats::default(),
            coloured: 0,
        };
        CodeMemory { shared: Arc::new(Mutex::new(shared)) }
    }

    /// A new, empty region for one executor (it maps nothing until its first allocation).
    pub fn region(&self) -> Region {
        let mut shared = self.lock();
        shared.stats.regions_live += 1;
        shared.stats.regions_total += 1;
        let (page_size, dual) = (shared.page_size, shared.options.dual);
        drop(shared);
        Region::new(self.clone(), page_size, dual)
    }

    /// The counters now.
    pub fn stats(&self) -> CodeMemoryStats {
        self.lock().stats
    }

    /// :code-colour: the offset in its first page at which the next chunk of code starts, a
    /// multiple of 64 (a cache line). Successive chunks (one per executor, as a rule) step
    /// through every line of a page in a scattered order, so that executors' entries and loop
    /// heads do not all fall in the same sets of the instruction cache, as they would if every
    /// one started at a page boundary.
    pub(crate) fn next_colour(&self) -> usize {
        let mut shared = self.lock();
        let lines = (shared.page_size / 64).max(1);
        let n = shared.coloured;
        shared.coloured = n.wrapping_add(1);
        // 37 is odd, so it steps through all `lines` (a power of two) before repeating.
        n.wrapping_mul(37) % lines * 64
    }

    /// The page size chunks are made of.
    pub fn page_size(&self) -> usize {
        self.lock().page_size
    }

    /// Whether chunks are dual-mapped ([`CodeMemoryOptions::dual`]).
    pub fn is_dual(&self) -> bool {
        self.lock().options.dual
    }

    /// The address chunks are placed near, if any ([`CodeMemoryOptions::near`]).
    pub fn near(&self) -> Option<usize> {
        self.lock().options.near
    }

    /// Whether every address of the near window (`[low, high)`, where chunks go unless the
    /// placement fell back) reaches `addr` with a rel32 displacement. `false` without
    /// placement. Per-region truth is [`Region::within_rel32`].
    pub fn window_within_rel32(&self, addr: usize) -> bool {
        let shared = self.lock();
        shared.options.near.is_some() && range_within_rel32(shared.low, shared.high, addr)
    }

    /// Unmaps every freed chunk kept for reuse (`bytes_free` becomes 0). Regions are not
    /// affected. A dual-mapped memory unmaps each arena none of whose pages a region holds.
    pub fn release_free_pages(&self) {
        let mut shared = self.lock();
        shared.release_free_arenas();
        for chunk in std::mem::take(&mut shared.free) {
            shared.stats.bytes_free -= chunk.len;
            // SAFETY: chunks on the free list belong to no region, so nothing uses them.
            unsafe { shared.unmap(chunk) };
        }
    }

    fn lock(&self) -> MutexGuard<'_, Shared> {
        // The state is updated only by non-panicking code, so a poisoned lock's data is whole.
        self.shared.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A read-write chunk of exactly `len` bytes (a multiple of the page size) for a region:
    /// from the free list if one of that size is there, newly mapped otherwise (a small one
    /// with spares of its size for the free list, see [`BATCH_BYTES`]). A dual-mapped memory
    /// takes it from its free ranges instead (:dual-map:).
    pub(crate) fn take(&self, len: usize) -> io::Result<Chunk> {
        let mut shared = self.lock();
        let chunk = if shared.options.dual {
            shared.take_range(len)?
        } else if let Some(i) = shared.free.iter().rposition(|c| c.len == len) {
            shared.stats.bytes_free -= len;
            shared.free.swap_remove(i)
        } else {
            shared.map_with_spares(len)?
        };
        let stats = &mut shared.stats;
        stats.bytes_in_use += len;
        stats.peak_bytes_in_use = stats.peak_bytes_in_use.max(stats.bytes_in_use);
        Ok(chunk)
    }

    /// Maps a batch of page-sized chunks for the free list now ([`BATCH_BYTES`], as far as
    /// the free list has room), so that the first small requests take no `mmap` and no page
    /// fault. A backend calls it when it is created, which moves that cost out of its first
    /// compilations.
    pub fn reserve(&self) -> io::Result<()> {
        let mut shared = self.lock();
        if shared.options.dual {
            if shared.ranges.is_empty() {
                shared.map_arena(DUAL_ARENA_BYTES)?;
            }
            return Ok(());
        }
        let len = shared.page_size;
        if shared.options.keep_free_bytes < len || shared.free.iter().any(|c| c.len == len) {
            return Ok(());
        }
        let chunk = shared.map_with_spares(len)?;
        // SAFETY: a fresh chunk that no region has seen.
        unsafe { shared.park(chunk) };
        Ok(())
    }

    /// Takes chunks back from a region: kept read-write on the free list while it has room
    /// (near chunks only, so that reuse keeps code in reach of the binary), unmapped
    /// otherwise. A dual-mapped chunk goes back to the free ranges, both views unchanged.
    ///
    /// # Safety
    /// Nothing may use the chunks' memory any more (no code running in them, no pointers
    /// into them used).
    pub(crate) unsafe fn give_back(&self, chunks: impl IntoIterator<Item = Chunk>) {
        let mut shared = self.lock();
        for mut chunk in chunks {
            shared.stats.bytes_in_use -= chunk.len;
            if chunk.is_dual() {
                shared.put_range(chunk);
                continue;
            }
            let room = shared.stats.bytes_free + chunk.len <= shared.options.keep_free_bytes;
            // SAFETY: the chunk is ours and unused (this function's contract); making it
            // writable again does not make it executable.
            if room && chunk.near && unsafe { reset_rw(&mut chunk) }.is_ok() {
                shared.stats.bytes_free += chunk.len;
                shared.free.push(chunk);
            } else {
                // SAFETY: the chunk is unused (this function's contract).
                unsafe { shared.unmap(chunk) };
            }
        }
    }

    /// Called by a region's drop.
    pub(crate) fn region_dropped(&self) {
        self.lock().stats.regions_live -= 1;
    }
}

/// Makes a freed chunk read-write (never executable) for its next owner.
///
/// # Safety
/// The chunk must be unused.
unsafe fn reset_rw(chunk: &mut Chunk) -> io::Result<()> {
    if chunk.prot != Protection::ReadWrite {
        // SAFETY: the chunk is a mapping we own and nobody uses (the caller's contract).
        unsafe { sys::protect(chunk.ptr.as_ptr(), chunk.len, Protection::ReadWrite, false)? };
        chunk.prot = Protection::ReadWrite;
    }
    Ok(())
}

impl Default for CodeMemory {
    fn default() -> Self {
        CodeMemory::new()
    }
}

impl fmt::Debug for CodeMemory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shared = self.lock();
        f.debug_struct("CodeMemory")
            .field("options", &shared.options)
            .field("window", &format_args!("{:#x}..{:#x}", shared.low, shared.high))
            .field("stats", &shared.stats)
            .finish()
    }
}

/// The window `[low, high)` chunks are placed in: below the anchor (under the binary, where a
/// position-independent executable has free address space and the heap does not grow),
/// unless the anchor is too low for that (a non-PIE binary), then above it.
fn near_window(anchor: usize, page_size: usize) -> (usize, usize) {
    let anchor = anchor & !(page_size - 1);
    if anchor >= LOWEST_HINT + NEAR_RADIUS {
        (anchor - NEAR_RADIUS, anchor - NEAR_GAP)
    } else {
        (anchor.saturating_add(NEAR_RADIUS / 2), anchor.saturating_add(NEAR_RADIUS))
    }
}

impl Shared {
    /// Maps a new chunk of `len` bytes: at candidate addresses walking down the near window
    /// from the cursor (a success leaves the cursor at the new chunk's start, so the next
    /// chunk goes just below and chunks pack together; a taken range moves it down by
    /// `NEAR_STEP`; at the bottom it wraps to the top), and anywhere if none of `NEAR_TRIES`
    /// candidates is free.
    fn map(&mut self, len: usize) -> io::Result<Chunk> {
        let (ptr, near) = self.place(len, sys::How::anonymous())?;
        Ok(self.mapped(ptr, ptr, len, near, Protection::ReadWrite))
    }

    /// Dual mode: `len` bytes from the first free range that holds them (the start of the
    /// lowest such range), after mapping a new arena if none does.
    fn take_range(&mut self, len: usize) -> io::Result<Chunk> {
        let i = match self.ranges.iter().position(|r| r.len >= len) {
            Some(i) => i,
            None => self.map_arena(len.max(DUAL_ARENA_BYTES))?,
        };
        let r = &mut self.ranges[i];
        let chunk = Chunk { len, ..*r };
        if r.len == len {
            self.ranges.remove(i);
        } else {
            // SAFETY: `len < r.len`, so both stay inside the range's views.
            unsafe {
                r.ptr = r.ptr.add(len);
                r.write = r.write.add(len);
            }
            r.len -= len;
        }
        self.stats.bytes_free -= len;
        Ok(chunk)
    }

    /// Dual mode: maps an arena of `len` bytes and adds it to the free ranges; returns its
    /// index there.
    fn map_arena(&mut self, len: usize) -> io::Result<usize> {
        let arena = self.map_dual(len)?;
        self.arenas.push(Chunk { ..arena });
        self.stats.bytes_free += len;
        Ok(self.put_free_range(arena))
    }

    /// Dual mode: a range a region gave back.
    fn put_range(&mut self, chunk: Chunk) {
        self.stats.bytes_free += chunk.len;
        self.put_free_range(chunk);
    }

    /// Inserts a free range in address order and merges it with the ranges it touches in
    /// both views (so a merged range is contiguous where it runs and where it is written);
    /// returns the index of the range that holds it.
    fn put_free_range(&mut self, chunk: Chunk) -> usize {
        let i = self.ranges.partition_point(|r| r.ptr < chunk.ptr);
        self.ranges.insert(i, chunk);
        let follows = |a: &Chunk, b: &Chunk| {
            a.ptr.as_ptr().addr() + a.len == b.ptr.as_ptr().addr()
                && a.write.as_ptr().addr() + a.len == b.write.as_ptr().addr()
        };
        if i + 1 < self.ranges.len() && follows(&self.ranges[i], &self.ranges[i + 1]) {
            let next = self.ranges.remove(i + 1);
            self.ranges[i].len += next.len;
        }
        if i > 0 && follows(&self.ranges[i - 1], &self.ranges[i]) {
            let this = self.ranges.remove(i);
            self.ranges[i - 1].len += this.len;
            return i - 1;
        }
        i
    }

    /// Dual mode: unmaps every arena that is one free range, whole.
    fn release_free_arenas(&mut self) {
        let mut k = 0;
        while k < self.arenas.len() {
            let a = &self.arenas[k];
            match self.ranges.iter().position(|r| r.ptr == a.ptr && r.write == a.write && r.len == a.len) {
                Some(i) => {
                    self.ranges.remove(i);
                    let arena = self.arenas.swap_remove(k);
                    self.stats.bytes_free -= arena.len;
                    // SAFETY: the whole arena is free: no region holds any of it.
                    unsafe { self.unmap(arena) };
                }
                None => k += 1,
            }
        }
    }

    /// A dual-mapped chunk of `len` bytes (:dual-map:): a new memory file, its read-execute
    /// view placed as [`Shared::place`] does, its read-write view anywhere. The file is closed
    /// once both views exist (they keep the memory).
    #[cfg(target_os = "linux")]
    fn map_dual(&mut self, len: usize) -> io::Result<Chunk> {
        let file = sys::memory_file(len)?;
        let (ptr, near) = self.place(len, sys::How::shared_view(&file, false))?;
        match sys::map_anywhere(len, sys::How::shared_view(&file, true)) {
            Ok(write) => Ok(self.mapped(ptr, write, len, near, Protection::ReadExecute)),
            Err(e) => {
                // SAFETY: the view this function just mapped; nobody else knows it.
                unsafe { sys::unmap(ptr.as_ptr(), len) };
                Err(e)
            }
        }
    }

    #[cfg(not(target_os = "linux"))]
    fn map_dual(&mut self, _len: usize) -> io::Result<Chunk> {
        Err(io::Error::new(io::ErrorKind::Unsupported, "dual-mapped code memory needs Linux"))
    }

    /// Maps `len` bytes as `how` says at the next free candidate address of the near window,
    /// or anywhere (the fallback); the `bool` says whether it is near.
    fn place(&mut self, len: usize, how: sys::How) -> io::Result<(NonNull<u8>, bool)> {
        if self.options.near.is_some() && len <= self.high - self.low {
            for _ in 0..NEAR_TRIES {
                if self.cursor < self.low + len {
                    self.cursor = self.high;
                }
                let start = self.cursor - len;
                match sys::map_at(start, len, how)? {
                    Placed::Here(ptr) => {
                        self.cursor = start;
                        return Ok((ptr, true));
                    }
                    Placed::Taken => self.cursor -= NEAR_STEP.min(self.cursor - self.low),
                }
            }
        }
        let ptr = sys::map_anywhere(len, how)?;
        let near = self.options.near.is_none();
        if !near {
            self.stats.chunks_far += 1;
        }
        Ok((ptr, near))
    }

    /// Maps a chunk of `len` bytes for a region and, when `len` is small and the free list
    /// has room, spares of the same size right after it, which go to the free list: one
    /// `mmap` for up to [`BATCH_BYTES`].
    fn map_with_spares(&mut self, len: usize) -> io::Result<Chunk> {
        let room = self.options.keep_free_bytes.saturating_sub(self.stats.bytes_free) / len;
        let spares = if len * 4 <= BATCH_BYTES { room.min(BATCH_BYTES / len - 1) } else { 0 };
        let batch = self.map(len * (spares + 1))?;
        // Pushed from the top down, so that the free list hands them out in address order:
        // each finalized chunk then borders the one before it, which the kernel merges into
        // one read-execute mapping instead of splitting a read-write one.
        for k in (1..=spares).rev() {
            // SAFETY: `k * len` is inside the mapping (both views of a dual-mapped one) of
            // `(spares + 1) * len` bytes.
            let (ptr, write) = unsafe { (batch.ptr.add(k * len), batch.write.add(k * len)) };
            // SAFETY: a piece of a fresh mapping that no region has seen.
            unsafe { self.park(Chunk { ptr, write, len, ..batch }) };
        }
        Ok(Chunk { len, ..batch })
    }

    /// Puts an unused read-write chunk on the free list, or unmaps it when it lies outside
    /// the near window (reuse keeps code in reach of the binary).
    ///
    /// # Safety
    /// Nothing may use the chunk's memory.
    unsafe fn park(&mut self, chunk: Chunk) {
        if chunk.near {
            self.stats.bytes_free += chunk.len;
            self.free.push(chunk);
        } else {
            // SAFETY: unused (this function's contract).
            unsafe { self.unmap(chunk) };
        }
    }

    /// Counts a new chunk (a dual-mapped one once: its two views are the same memory).
    fn mapped(&mut self, ptr: NonNull<u8>, write: NonNull<u8>, len: usize, near: bool, prot: Protection) -> Chunk {
        self.stats.chunks_mapped += 1;
        self.stats.bytes_mapped += len;
        Chunk { ptr, write, len, prot, near }
    }

    /// Unmaps a chunk.
    ///
    /// # Safety
    /// Nothing may use the chunk's memory any more.
    unsafe fn unmap(&mut self, chunk: Chunk) {
        self.stats.bytes_mapped -= chunk.len;
        // SAFETY: the chunk's pages are a mapping of ours (a Chunk owns its pages, and both
        // views of a dual-mapped one) and no longer used (this function's contract).
        unsafe {
            sys::unmap(chunk.ptr.as_ptr(), chunk.len);
            if chunk.is_dual() {
                sys::unmap(chunk.write.as_ptr(), chunk.len);
            }
        }
    }
}

impl Drop for Shared {
    fn drop(&mut self) {
        // Regions hold the manager alive, so only free memory is left here.
        self.ranges.clear();
        for arena in std::mem::take(&mut self.arenas) {
            self.stats.bytes_free -= arena.len;
            // SAFETY: no region is left, so nothing uses any arena.
            unsafe { self.unmap(arena) };
        }
        for chunk in std::mem::take(&mut self.free) {
            self.stats.bytes_free -= chunk.len;
            // SAFETY: chunks on the free list belong to no region, so nothing uses them.
            unsafe { self.unmap(chunk) };
        }
    }
}
