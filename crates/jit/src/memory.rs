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
}

impl Default for CodeMemoryOptions {
    /// Near this crate's code (so near the binary it is linked into), keeping
    /// [`DEFAULT_KEEP_FREE_BYTES`].
    fn default() -> Self {
        CodeMemoryOptions { near: Some(anchor_address()), keep_free_bytes: DEFAULT_KEEP_FREE_BYTES }
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
    pub(crate) len: usize,
    pub(crate) prot: Protection,
    /// Placed within the near window (or placement was not asked for).
    pub(crate) near: bool,
}

// SAFETY: a Chunk is the sole owner of its pages, like a Box; nothing in it is tied to the
// thread that mapped it, so it may move to another thread.
unsafe impl Send for Chunk {}

struct Shared {
    page_size: usize,
    options: CodeMemoryOptions,
    /// Near-window bounds `[low, high)` and the placement cursor (the end of the next
    /// candidate range); all 0 without placement.
    low: usize,
    high: usize,
    cursor: usize,
    free: Vec<Chunk>,
    stats: CodeMemoryStats,
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
        let shared =
            Shared { page_size, options, low, high, cursor: high, free: Vec::new(), stats: CodeMemoryStats::default() };
        CodeMemory { shared: Arc::new(Mutex::new(shared)) }
    }

    /// A new, empty region for one executor (it maps nothing until its first allocation).
    pub fn region(&self) -> Region {
        let mut shared = self.lock();
        shared.stats.regions_live += 1;
        shared.stats.regions_total += 1;
        let page_size = shared.page_size;
        drop(shared);
        Region::new(self.clone(), page_size)
    }

    /// The counters now.
    pub fn stats(&self) -> CodeMemoryStats {
        self.lock().stats
    }

    /// The page size chunks are made of.
    pub fn page_size(&self) -> usize {
        self.lock().page_size
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
    /// affected.
    pub fn release_free_pages(&self) {
        let mut shared = self.lock();
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
    /// with spares of its size for the free list, see [`BATCH_BYTES`]).
    pub(crate) fn take(&self, len: usize) -> io::Result<Chunk> {
        let mut shared = self.lock();
        let chunk = match shared.free.iter().rposition(|c| c.len == len) {
            Some(i) => {
                let chunk = shared.free.swap_remove(i);
                shared.stats.bytes_free -= len;
                chunk
            }
            None => shared.map_with_spares(len)?,
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
    /// otherwise.
    ///
    /// # Safety
    /// Nothing may use the chunks' memory any more (no code running in them, no pointers
    /// into them used).
    pub(crate) unsafe fn give_back(&self, chunks: impl IntoIterator<Item = Chunk>) {
        let mut shared = self.lock();
        for mut chunk in chunks {
            shared.stats.bytes_in_use -= chunk.len;
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
        if self.options.near.is_some() && len <= self.high - self.low {
            for _ in 0..NEAR_TRIES {
                if self.cursor < self.low + len {
                    self.cursor = self.high;
                }
                let start = self.cursor - len;
                match sys::map_at(start, len)? {
                    Placed::Here(ptr) => {
                        self.cursor = start;
                        return Ok(self.mapped(ptr, len, true));
                    }
                    Placed::Taken => self.cursor -= NEAR_STEP.min(self.cursor - self.low),
                }
            }
        }
        let ptr = sys::map_anywhere(len)?;
        let near = self.options.near.is_none();
        if !near {
            self.stats.chunks_far += 1;
        }
        Ok(self.mapped(ptr, len, near))
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
            // SAFETY: `k * len` is inside the mapping of `(spares + 1) * len` bytes.
            let ptr = unsafe { batch.ptr.add(k * len) };
            // SAFETY: a piece of a fresh mapping that no region has seen.
            unsafe { self.park(Chunk { ptr, len, ..batch }) };
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

    fn mapped(&mut self, ptr: NonNull<u8>, len: usize, near: bool) -> Chunk {
        self.stats.chunks_mapped += 1;
        self.stats.bytes_mapped += len;
        Chunk { ptr, len, prot: Protection::ReadWrite, near }
    }

    /// Unmaps a chunk.
    ///
    /// # Safety
    /// Nothing may use the chunk's memory any more.
    unsafe fn unmap(&mut self, chunk: Chunk) {
        self.stats.bytes_mapped -= chunk.len;
        // SAFETY: the chunk's pages are a mapping of ours (a Chunk owns its pages) and no
        // longer used (this function's contract).
        unsafe { sys::unmap(chunk.ptr.as_ptr(), chunk.len) };
    }
}

impl Drop for Shared {
    fn drop(&mut self) {
        // Regions hold the manager alive, so only the free list is left here.
        for chunk in std::mem::take(&mut self.free) {
            self.stats.bytes_free -= chunk.len;
            // SAFETY: chunks on the free list belong to no region, so nothing uses them.
            unsafe { self.unmap(chunk) };
        }
    }
}
