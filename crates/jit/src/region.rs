//! One executor's memory: chunks of whole pages taken from the shared [`CodeMemory`],
//! bump-allocated, flipped from read-write to their final protection by `finalize`, and
//! given back when the region is freed or dropped.

use std::fmt;
use std::io;

use cranelift_jit::{BranchProtection, JITMemoryKind, JITMemoryProvider};
use cranelift_module::{ModuleError, ModuleResult};

use crate::memory::{Chunk, CodeMemory};
use crate::{range_within_rel32, sys};

/// What an allocation holds, which decides its pages' protection after
/// [`Region::finalize`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Machine code: read-write until finalized, then read-execute.
    Code,
    /// Constants: read-write until finalized, then read-only.
    ReadOnly,
    /// Writable data: read-write always (never executable).
    Data,
}

impl Kind {
    const ALL: [Kind; 3] = [Kind::Code, Kind::ReadOnly, Kind::Data];

    fn index(self) -> usize {
        match self {
            Kind::Code => 0,
            Kind::ReadOnly => 1,
            Kind::Data => 2,
        }
    }

    /// The protection this kind's pages get from [`Region::finalize`].
    pub fn final_protection(self) -> Protection {
        match self {
            Kind::Code => Protection::ReadExecute,
            Kind::ReadOnly => Protection::ReadOnly,
            Kind::Data => Protection::ReadWrite,
        }
    }
}

/// The protection of a region's pages. There is no writable-and-executable one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Protection {
    /// Readable and writable (`rw-`): every page while it is being written, and writable
    /// data always.
    ReadWrite,
    /// Readable and executable (`r-x`): finalized code.
    ReadExecute,
    /// Read-only (`r--`): finalized constants.
    ReadOnly,
}

/// One chunk of a region, as [`Region::spans`] reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span {
    /// First address (page-aligned).
    pub start: usize,
    /// Length in bytes (whole pages).
    pub len: usize,
    /// What the chunk holds.
    pub kind: Kind,
    /// Its protection now.
    pub protection: Protection,
}

/// The memory of one executor, taken from a [`CodeMemory`] page by page.
///
/// Allocations of one kind are bump-allocated inside the region's current chunk of that
/// kind; a chunk is whole pages and belongs to this region alone, so code, constants and
/// data never share a page, and neither do two regions. Everything allocated is read-write
/// (not executable) until [`finalize`](Region::finalize), which makes code read-execute and
/// constants read-only; an allocation after that takes fresh pages, so finalized code is
/// never made writable again. Dropping the region (or
/// [`free_memory`](JITMemoryProvider::free_memory), then dropping) gives all its pages back
/// to the manager: pointers into the region must not be used after that.
///
/// It implements [`JITMemoryProvider`], so a Cranelift `JITModule` can draw from it
/// (`JITBuilder::memory_provider(Box::new(region))`); unlike cranelift-jit's own providers,
/// dropping the module frees the code too.
pub struct Region {
    memory: CodeMemory,
    page_size: usize,
    /// The memory is dual-mapped (:dual-map:): only [`Region::alloc_code_dual`] allocates.
    dual: bool,
    arenas: [Arena; 3],
}

/// Code allocated by [`Region::alloc_code_dual`]: the address to write it through and the
/// address it runs at (the same address unless the memory is dual-mapped).
#[derive(Clone, Copy, Debug)]
pub struct DualCode {
    /// Writable until [`Region::finalize`] (always, through a dual mapping's read-write view).
    pub write: *mut u8,
    /// Where the code runs, and what displacements in it are relative to.
    pub exec: *const u8,
}

/// The chunks of one kind.
#[derive(Default)]
struct Arena {
    chunks: Vec<Chunk>,
    /// `chunks[..done]` have their final protection and take no more allocations.
    done: usize,
    /// Bump offset in the last chunk when it is open (`chunks.len() > done`).
    pos: usize,
}

impl Region {
    pub(crate) fn new(memory: CodeMemory, page_size: usize, dual: bool) -> Region {
        Region { memory, page_size, dual, arenas: Default::default() }
    }

    /// `size` bytes aligned to `align` (a power of two, at most the page size) for `kind`,
    /// writable until [`finalize`](Region::finalize). A size of 0 is taken as 1 (every
    /// allocation has its own address). The bytes are not zeroed (a chunk may be reused).
    ///
    /// A region of a dual-mapped memory refuses: its code is written at another address than
    /// it runs at, which only [`alloc_code_dual`](Region::alloc_code_dual) reports.
    pub fn alloc(&mut self, kind: Kind, size: usize, align: usize) -> io::Result<*mut u8> {
        if self.dual {
            let msg = "a dual-mapped code memory allocates code only, with alloc_code_dual";
            return Err(io::Error::new(io::ErrorKind::Unsupported, msg));
        }
        self.alloc_in(kind, size, align).map(|c| c.write)
    }

    /// `size` bytes of machine code aligned to `align`, written through
    /// [`DualCode::write`] and run at [`DualCode::exec`]: two views of the same memory when
    /// the memory is dual-mapped (:dual-map:), one address otherwise (then as
    /// [`alloc_code`](Region::alloc_code)). Displacements in the code must be computed from
    /// `exec`.
    pub fn alloc_code_dual(&mut self, size: usize, align: usize) -> io::Result<DualCode> {
        self.alloc_in(Kind::Code, size, align)
    }

    fn alloc_in(&mut self, kind: Kind, size: usize, align: usize) -> io::Result<DualCode> {
        let align = align.max(1);
        if !align.is_power_of_two() || align > self.page_size {
            let msg = format!("alignment {align} is not a power of two up to the page size {}", self.page_size);
            return Err(io::Error::new(io::ErrorKind::InvalidInput, msg));
        }
        let size = size.max(1);
        let arena = &mut self.arenas[kind.index()];
        if arena.chunks.len() > arena.done {
            let chunk = arena.chunks.last().expect("an open chunk");
            let offset = arena.pos.next_multiple_of(align);
            if offset <= chunk.len && size <= chunk.len - offset {
                arena.pos = offset + size;
                return Ok(at(chunk, offset));
            }
        }
        // :code-colour: a chunk of code starts at a cache-line offset that differs from one
        // region to the next (a multiple of the alignment, which chunks meet at any offset
        // that is one, since they start page-aligned); the bytes before it stay unused.
        let colour = if kind == Kind::Code { self.memory.next_colour() / align * align } else { 0 };
        let len = (size + colour)
            .checked_next_multiple_of(self.page_size)
            .ok_or_else(|| io::Error::new(io::ErrorKind::OutOfMemory, "allocation too big"))?;
        let chunk = self.memory.take(len)?;
        let code = at(&chunk, colour);
        arena.chunks.push(chunk);
        arena.pos = colour + size;
        Ok(code)
    }

    /// [`alloc`](Region::alloc) for machine code.
    pub fn alloc_code(&mut self, size: usize, align: usize) -> io::Result<*mut u8> {
        self.alloc(Kind::Code, size, align)
    }

    /// [`alloc`](Region::alloc) for constants (read-only after finalize).
    pub fn alloc_readonly(&mut self, size: usize, align: usize) -> io::Result<*mut u8> {
        self.alloc(Kind::ReadOnly, size, align)
    }

    /// [`alloc`](Region::alloc) for writable data (stays read-write, never executable).
    pub fn alloc_data(&mut self, size: usize, align: usize) -> io::Result<*mut u8> {
        self.alloc(Kind::Data, size, align)
    }

    /// Makes everything allocated since the last finalize ready to use: code pages
    /// read-execute (after making the instruction caches coherent, where the architecture
    /// needs it), constant pages read-only. Later allocations take fresh pages. Calling it
    /// with nothing new is a no-op. On an error the pages not yet flipped stay read-write
    /// (still never executable) and a later call retries them.
    pub fn finalize(&mut self) -> io::Result<()> {
        self.finalize_with(false)
    }

    /// [`finalize`](Region::finalize), asking for Arm branch-target enforcement (`PROT_BTI`)
    /// on the code pages where the CPU and OS support it (ignored elsewhere).
    pub fn finalize_with(&mut self, bti: bool) -> io::Result<()> {
        let mut new_code = false;
        for kind in [Kind::ReadOnly, Kind::Code] {
            let prot = kind.final_protection();
            let arena = &mut self.arenas[kind.index()];
            while arena.done < arena.chunks.len() {
                let chunk = &mut arena.chunks[arena.done];
                if chunk.is_dual() {
                    // Already read-execute where it runs: only the caches need to see the
                    // bytes written through the other view (nothing to do on x86-64).
                    // SAFETY: the chunk belongs to this region and is mapped.
                    unsafe { sys::make_coherent(chunk.ptr.as_ptr(), chunk.len)? };
                } else {
                    // SAFETY: the chunk belongs to this region; whoever wrote into it through a
                    // pointer from `alloc` is done once they finalize (the documented contract).
                    unsafe { sys::protect(chunk.ptr.as_ptr(), chunk.len, prot, bti)? };
                }
                chunk.prot = prot;
                arena.done += 1;
                new_code |= kind == Kind::Code;
            }
            arena.pos = 0;
        }
        if new_code {
            sys::pipeline_flush()?;
        }
        Ok(())
    }

    /// Whether every byte of every chunk of this region (any kind) reaches `addr` with a
    /// signed 32-bit displacement, as x86-64 `call rel32`/`jmp rel32` and RIP-relative
    /// operands need. True for a region that holds no chunk yet; check after allocating.
    pub fn within_rel32(&self, addr: usize) -> bool {
        self.spans().all(|s| range_within_rel32(s.start, s.start + s.len, addr))
    }

    /// The region's chunks with their kind and current protection, in allocation order per
    /// kind (code, then constants, then data).
    pub fn spans(&self) -> impl Iterator<Item = Span> + '_ {
        Kind::ALL.into_iter().flat_map(move |kind| {
            self.arenas[kind.index()].chunks.iter().map(move |c| Span {
                start: c.ptr.as_ptr().addr(),
                len: c.len,
                kind,
                protection: c.prot,
            })
        })
    }

    /// Bytes of the pages this region holds (its share of
    /// [`CodeMemoryStats::bytes_in_use`](crate::CodeMemoryStats::bytes_in_use)).
    pub fn bytes_held(&self) -> usize {
        self.arenas.iter().flat_map(|a| &a.chunks).map(|c| c.len).sum()
    }

    /// Whether `addr` lies in one of this region's chunks.
    pub fn contains(&self, addr: usize) -> bool {
        self.spans().any(|s| (s.start..s.start + s.len).contains(&addr))
    }

    /// Gives every page back to the manager and leaves the region empty (usable again).
    ///
    /// # Safety
    /// Nothing may use the region's memory afterwards: no code of it running, none of its
    /// pointers used.
    unsafe fn release(&mut self) {
        let chunks = self.arenas.iter_mut().flat_map(|a| {
            a.done = 0;
            a.pos = 0;
            a.chunks.drain(..)
        });
        // SAFETY: forwarded from this function's contract.
        unsafe { self.memory.give_back(chunks) };
    }
}

/// The two addresses of `offset` in `chunk` (one, twice, unless it is dual-mapped).
fn at(chunk: &Chunk, offset: usize) -> DualCode {
    // SAFETY: callers pass an offset within the chunk, so both stay inside its views.
    unsafe { DualCode { write: chunk.write.as_ptr().add(offset), exec: chunk.ptr.as_ptr().add(offset) } }
}

impl Drop for Region {
    fn drop(&mut self) {
        // SAFETY: dropping the region is its owner's statement that its memory is no longer
        // used; the pointers it handed out are raw, and any use of them after this is the
        // caller's unsafe code breaking the documented contract.
        unsafe { self.release() };
        self.memory.region_dropped();
    }
}

impl JITMemoryProvider for Region {
    /// [`Region::alloc`] with cranelift's kinds: `Executable` is [`Kind::Code`], `ReadOnly`
    /// is [`Kind::ReadOnly`], `Writable` is [`Kind::Data`].
    fn allocate(&mut self, size: usize, align: u64, kind: JITMemoryKind) -> io::Result<*mut u8> {
        let kind = match kind {
            JITMemoryKind::Executable => Kind::Code,
            JITMemoryKind::ReadOnly => Kind::ReadOnly,
            JITMemoryKind::Writable => Kind::Data,
        };
        let align = usize::try_from(align).map_err(|_| io::Error::new(io::ErrorKind::InvalidInput, "alignment"))?;
        self.alloc(kind, size, align)
    }

    /// Gives every page back to the shared memory at once; the region stays usable (empty).
    /// `JITModule::free_memory` calls it, then drops the region, which has nothing left to
    /// free.
    unsafe fn free_memory(&mut self) {
        // SAFETY: the trait's contract: no function of the module runs or is called again.
        unsafe { self.release() };
    }

    /// [`Region::finalize_with`], with BTI when cranelift asks for it.
    fn finalize(&mut self, branch_protection: BranchProtection) -> ModuleResult<()> {
        self.finalize_with(branch_protection == BranchProtection::BTI).map_err(|err| ModuleError::Allocation { err })
    }
}

impl fmt::Debug for Region {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Region").field("spans", &self.spans().collect::<Vec<_>>()).finish()
    }
}
