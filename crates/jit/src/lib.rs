//! The code memory shared by tracelift's machine-code backends (Cranelift, and the
//! copy-and-patch stencils), and the perf map that names JIT code for `perf report`.
//!
//! - [`CodeMemory`]: one manager per process (cheap to clone). It maps pages read-write,
//!   hands them out per executor as [`Region`]s, takes them back when a region is freed, and
//!   counts bytes in use and their peak ([`CodeMemoryStats`]). Pages are placed near the
//!   binary when the kernel allows it, so code can reach the runtime's helpers with rel32
//!   displacements ([`Region::within_rel32`]).
//! - [`Region`]: one executor's memory. Written while read-write, then flipped by
//!   [`Region::finalize`]: code read-execute, constants read-only. W^X holds throughout: no
//!   page is ever writable and executable at once. A dual-mapped memory
//!   ([`CodeMemoryOptions::dual`], the stencil backend's default) flips nothing: its code is
//!   written through a read-write view of the same memory file whose other view, where it
//!   runs, is read-execute ([`Region::alloc_code_dual`]); no mapping is ever both. It implements
//!   [`cranelift_jit::JITMemoryProvider`], so one `JITModule` per executor draws from it and
//!   `JITModule::free_memory` (or dropping the module) gives back exactly that executor's
//!   pages.
//! - [`PerfMap`]: the `/tmp/perf-PID.map` file, one line per executor.
//! - [`disasm`] and [`symbols`]: `--dump asm` for both backends (an executor's final bytes,
//!   disassembled, with the addresses it uses named).
//!
//! `docs/code-memory.md` explains the design. Everything but the perf map is Unix-only.

#![deny(missing_docs)]
#![deny(clippy::undocumented_unsafe_blocks)]

#[cfg(unix)]
mod memory;
mod perf_map;
#[cfg(unix)]
mod region;
#[cfg(unix)]
mod sys;

#[cfg(unix)]
pub mod disasm;
pub mod symbols;

pub use memory::{CodeMemory, CodeMemoryOptions, CodeMemoryStats, DEFAULT_KEEP_FREE_BYTES, NEAR_RADIUS};
pub use perf_map::{PerfMap, perf_map_name};
#[cfg(unix)]
pub use region::{DualCode, Kind, Protection, Region, Span};

/// The rel32 displacement from `next_ip` (the address after the instruction, which x86-64
/// displacements are relative to) to `target`, if it fits in a signed 32-bit integer.
pub fn rel32(next_ip: usize, target: usize) -> Option<i32> {
    i32::try_from(target as i128 - next_ip as i128).ok()
}

/// Whether every address in `start..=end` reaches `addr` with a rel32 displacement (in
/// either direction).
pub fn range_within_rel32(start: usize, end: usize, addr: usize) -> bool {
    rel32(start, addr).is_some() && rel32(end, addr).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn handles_are_send() {
        fn send<T: Send>() {}
        fn sync<T: Sync>() {}
        send::<Region>(); // JITBuilder::memory_provider takes a Box<dyn JITMemoryProvider + Send>
        send::<CodeMemory>();
        sync::<CodeMemory>();
        sync::<PerfMap>();
    }

    #[test]
    fn rel32_limits() {
        let base = 0x5555_0000_0000usize;
        assert_eq!(rel32(base, base + 5), Some(5));
        assert_eq!(rel32(base + 5, base), Some(-5));
        assert_eq!(rel32(base, base + i32::MAX as usize), Some(i32::MAX));
        assert_eq!(rel32(base, base + i32::MAX as usize + 1), None);
        assert_eq!(rel32(base + (1 << 31), base), Some(i32::MIN));
        assert_eq!(rel32(base + (1 << 31) + 1, base), None);
        assert_eq!(rel32(0, usize::MAX), None);
        assert!(range_within_rel32(base, base + 4096, base + (1 << 30)));
        assert!(!range_within_rel32(base, base + (1 << 31), base + (1 << 31) + 4096));
        assert!(!range_within_rel32(base, base + 4096, base - (1 << 31)));
    }
}
