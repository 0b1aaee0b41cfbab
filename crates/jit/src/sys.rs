//! The operating-system calls behind the code memory: page size, `mmap`, `mprotect`,
//! `munmap`, `memfd_create`, and the instruction-cache maintenance needed before new code runs. Every
//! `unsafe` of the crate that talks to the kernel is here.

use std::io;
use std::ptr::{self, NonNull};

use crate::Protection;

/// The size of a page, from `sysconf(_SC_PAGESIZE)`.
pub(crate) fn page_size() -> usize {
    // SAFETY: sysconf only reads a configuration value; it has no memory-safety preconditions.
    let size = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    match usize::try_from(size) {
        Ok(size) if size.is_power_of_two() => size,
        // POSIX requires a page size; fall back to the smallest one of every supported target.
        _ => 4096,
    }
}

/// What asking for a mapping at a fixed address gave.
pub(crate) enum Placed {
    /// Mapped at the address asked for.
    Here(NonNull<u8>),
    /// The range is taken (or the kernel put the mapping elsewhere and it was undone).
    Taken,
}

/// How a mapping is made: its protection, its `mmap` flags and the file behind it (-1 for
/// anonymous memory).
#[derive(Clone, Copy)]
pub(crate) struct How {
    prot: libc::c_int,
    flags: libc::c_int,
    fd: libc::c_int,
}

impl How {
    /// Private anonymous read-write memory (a chunk that `protect` flips).
    pub(crate) fn anonymous() -> How {
        How { prot: libc::PROT_READ | libc::PROT_WRITE, flags: map_flags(), fd: -1 }
    }

    /// A shared view of the memory file `fd` (from offset 0): read-write (`write`) or
    /// read-execute, the two views of a dual-mapped chunk (`docs/code-memory.md`).
    #[cfg(target_os = "linux")]
    pub(crate) fn shared_view(fd: &std::os::fd::OwnedFd, write: bool) -> How {
        use std::os::fd::AsRawFd;
        let prot = if write { libc::PROT_READ | libc::PROT_WRITE } else { libc::PROT_READ | libc::PROT_EXEC };
        How { prot, flags: libc::MAP_SHARED | libc::MAP_POPULATE, fd: fd.as_raw_fd() }
    }
}

/// Maps `len` bytes (a multiple of the page size) as `how` says, anywhere.
pub(crate) fn map_anywhere(len: usize, how: How) -> io::Result<NonNull<u8>> {
    // SAFETY: a mapping with a null hint and without MAP_FIXED creates new memory (or a view
    // of `fd`, which the caller keeps open) and touches no existing mapping.
    let p = unsafe { libc::mmap(ptr::null_mut(), len, how.prot, how.flags, how.fd, 0) };
    if p == libc::MAP_FAILED {
        return Err(io::Error::last_os_error());
    }
    NonNull::new(p.cast::<u8>()).ok_or_else(|| io::Error::other("mmap returned null"))
}

/// A new memory file of `len` bytes (`memfd_create`, Linux), the backing of dual-mapped
/// chunks. The memory lives while a view of it is mapped, so the caller closes the file (drops
/// it) once both views are made.
#[cfg(target_os = "linux")]
pub(crate) fn memory_file(len: usize) -> io::Result<std::os::fd::OwnedFd> {
    use std::os::fd::{AsRawFd, FromRawFd};
    // SAFETY: memfd_create takes a NUL-terminated name and flags; it returns a new fd or -1.
    let fd = unsafe { libc::memfd_create(c"tracelift-code".as_ptr(), libc::MFD_CLOEXEC) };
    if fd < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: `fd` was just returned by memfd_create and nothing else owns it.
    let fd = unsafe { std::os::fd::OwnedFd::from_raw_fd(fd) };
    let size = libc::off_t::try_from(len).map_err(|_| io::Error::other("memory file too big"))?;
    // SAFETY: ftruncate of a file descriptor this function owns.
    if unsafe { libc::ftruncate(fd.as_raw_fd(), size) } != 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(fd)
}

/// Makes the instruction caches coherent with bytes just written to `ptr..ptr + len` (through
/// the other view of a dual-mapped chunk, whose protection never changes). A no-op on x86-64.
///
/// # Safety
/// The range must be mapped and owned by the caller.
pub(crate) unsafe fn make_coherent(ptr: *const u8, len: usize) -> io::Result<()> {
    // SAFETY: forwarded from this function's contract.
    unsafe { wasmtime_internal_jit_icache_coherence::clear_cache(ptr.cast(), len) }
        .map_err(|e| io::Error::other(format!("instruction cache flush failed: {e}")))
}

/// Maps `len` bytes as `how` says at exactly `addr` (page-aligned) if that range is free. Never replaces an existing mapping: on Linux it asks with
/// `MAP_FIXED_NOREPLACE`; elsewhere (and on kernels before 4.17, which ignore that flag)
/// `addr` is only a hint, and a mapping the kernel put elsewhere is unmapped again.
pub(crate) fn map_at(addr: usize, len: usize, how: How) -> io::Result<Placed> {
    #[cfg(any(target_os = "linux", target_os = "android"))]
    let flags = how.flags | libc::MAP_FIXED_NOREPLACE;
    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    let flags = how.flags;
    let hint = ptr::without_provenance_mut::<libc::c_void>(addr);
    // SAFETY: without MAP_FIXED the kernel never replaces an existing mapping: it maps new
    // memory (or a view of `fd`, kept open by the caller) at `hint` if the range is free,
    // elsewhere otherwise, or fails with EEXIST.
    let p = unsafe { libc::mmap(hint, len, how.prot, flags, how.fd, 0) };
    if p == libc::MAP_FAILED {
        let err = io::Error::last_os_error();
        return match err.raw_os_error() {
            // Taken, or below the lowest address a process may map (mmap_min_addr).
            Some(libc::EEXIST | libc::EPERM | libc::EACCES) => Ok(Placed::Taken),
            _ => Err(err),
        };
    }
    if p.addr() == addr {
        return Ok(Placed::Here(NonNull::new(p.cast::<u8>()).expect("mmap at a nonzero address")));
    }
    // SAFETY: `p` is the mapping of `len` bytes this call just made; nobody else knows it.
    unsafe { unmap(p.cast::<u8>(), len) };
    Ok(Placed::Taken)
}

/// Private anonymous memory; on Linux populated at once (`MAP_POPULATE`): every page mapped
/// is written right away (code is copied into it), so faulting the pages in with the mapping
/// takes one system call instead of one page fault per page at the first write.
fn map_flags() -> libc::c_int {
    #[cfg(any(target_os = "linux", target_os = "android"))]
    let populate = libc::MAP_POPULATE;
    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    let populate = 0;
    libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | populate
}

/// Unmaps a mapping made by [`map_anywhere`] or [`map_at`] (or a whole-page part of one).
///
/// # Safety
/// `ptr..ptr + len` must be a mapping of this crate that nothing uses any more.
pub(crate) unsafe fn unmap(ptr: *mut u8, len: usize) {
    // SAFETY: the caller owns the whole range and gives it up.
    let rc = unsafe { libc::munmap(ptr.cast(), len) };
    // munmap of a range we mapped only fails on a bad argument: a bug here, never the
    // program's fault; leaking the range is the safe outcome.
    debug_assert_eq!(rc, 0, "munmap failed: {}", io::Error::last_os_error());
}

/// Changes the protection of `ptr..ptr + len` (page-aligned). For [`Protection::ReadExecute`]
/// it first makes the instruction caches coherent with the bytes just written (a no-op on
/// x86-64), and with `bti` it asks for Arm branch-target enforcement where the CPU has it.
/// The caller flushes other cores' pipelines once after a batch ([`pipeline_flush`]).
///
/// # Safety
/// The range must be a mapping owned by the caller, and nothing may write to it through a
/// pointer after it stops being writable.
pub(crate) unsafe fn protect(ptr: *mut u8, len: usize, prot: Protection, bti: bool) -> io::Result<()> {
    let flags = match prot {
        Protection::ReadWrite => libc::PROT_READ | libc::PROT_WRITE,
        Protection::ReadOnly => libc::PROT_READ,
        Protection::ReadExecute => {
            // Clean before the flip, as cranelift-jit does: some cores have had errata about
            // cache maintenance on read-only memory.
            // SAFETY: the range is mapped and owned by the caller (this function's contract).
            unsafe { make_coherent(ptr, len)? };
            libc::PROT_READ | libc::PROT_EXEC | bti_flag(bti)
        }
    };
    // SAFETY: the range is a mapping owned by the caller; changing its protection cannot
    // invalidate anything but the caller's own (documented) use of it.
    if unsafe { libc::mprotect(ptr.cast(), len, flags) } != 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

#[cfg(all(target_arch = "aarch64", target_os = "linux"))]
fn bti_flag(bti: bool) -> libc::c_int {
    /// `PROT_BTI` from the Linux uapi (arch/arm64/include/uapi/asm/mman.h).
    const PROT_BTI: libc::c_int = 0x10;
    if bti && std::arch::is_aarch64_feature_detected!("bti") { PROT_BTI } else { 0 }
}

#[cfg(not(all(target_arch = "aarch64", target_os = "linux")))]
fn bti_flag(_bti: bool) -> libc::c_int {
    0
}

/// Makes every core drop instructions it may have fetched before new code was written (a
/// membarrier on aarch64 Linux; a no-op on x86-64, whose caches are coherent).
pub(crate) fn pipeline_flush() -> io::Result<()> {
    wasmtime_internal_jit_icache_coherence::pipeline_flush_mt()
        .map_err(|e| io::Error::other(format!("pipeline flush failed: {e}")))
}
