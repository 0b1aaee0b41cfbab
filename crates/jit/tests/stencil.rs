//! Direct use without Cranelift, as the copy-and-patch backend will: copy machine code into
//! a region, patch holes, finalize, call. And placement: code lands within rel32 reach of
//! the binary, so a patched `call rel32` to a helper in the binary works.

#![cfg(unix)]

use tracelift_jit::{CodeMemory, Region};

/// Copies `bytes` into new code of `region`, lets `patch` edit them in place, finalizes,
/// and returns the code's address.
fn emit(region: &mut Region, bytes: &[u8], patch: impl FnOnce(usize, &mut [u8])) -> *const u8 {
    let p = region.alloc_code(bytes.len(), 16).unwrap();
    // SAFETY: `p` is `bytes.len()` writable bytes of this region, not finalized yet.
    let code = unsafe { std::slice::from_raw_parts_mut(p, bytes.len()) };
    code.copy_from_slice(bytes);
    patch(p.addr(), code);
    region.finalize().unwrap();
    p
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

#[cfg(target_arch = "x86_64")]
const RETURN_42: &[u8] = &[0xb8, 0x2a, 0x00, 0x00, 0x00, 0xc3]; // mov eax, 42; ret
#[cfg(target_arch = "aarch64")]
const RETURN_42: &[u8] = &[0x40, 0x05, 0x80, 0x52, 0xc0, 0x03, 0x5f, 0xd6]; // mov w0, #42; ret

#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
#[test]
fn copy_finalize_call() {
    let memory = CodeMemory::new();
    let mut region = memory.region();
    let f = emit(&mut region, RETURN_42, |_, _| {});
    // SAFETY: just finalized, returns 42 in the C calling convention.
    assert_eq!(unsafe { call(f) }, 42);
    // A second stencil in the same region, after the first finalize (fresh pages).
    let g = emit(&mut region, RETURN_42, |_, _| {});
    // SAFETY: as above.
    assert_eq!(unsafe { call(g) }, 42);
    // SAFETY: the first one is still there.
    assert_eq!(unsafe { call(f) }, 42);
    drop(region);
    assert_eq!(memory.stats().bytes_in_use, 0);
}

#[cfg(target_arch = "x86_64")]
#[test]
fn patch_an_immediate_hole() {
    let memory = CodeMemory::new();
    let mut region = memory.region();
    let f = emit(&mut region, RETURN_42, |_, code| code[1..5].copy_from_slice(&1234i32.to_le_bytes()));
    // SAFETY: finalized, `mov eax, 1234; ret`.
    assert_eq!(unsafe { call(f) }, 1234);
}

extern "C" fn helper() -> i32 {
    41
}

#[cfg(target_arch = "x86_64")]
#[test]
fn patched_rel32_call_reaches_the_binary() {
    // sub rsp, 8; call rel32 helper; add eax, 1; add rsp, 8; ret
    const CALL_HELPER: &[u8] =
        &[0x48, 0x83, 0xec, 0x08, 0xe8, 0, 0, 0, 0, 0x83, 0xc0, 0x01, 0x48, 0x83, 0xc4, 0x08, 0xc3];
    let memory = CodeMemory::new();
    let mut region = memory.region();
    let target = helper as extern "C" fn() -> i32 as usize;
    let f = emit(&mut region, CALL_HELPER, |at, code| {
        let disp = tracelift_jit::rel32(at + 9, target).expect("code placed within rel32 reach of the binary");
        code[5..9].copy_from_slice(&disp.to_le_bytes());
    });
    assert!(region.within_rel32(target));
    // SAFETY: finalized, calls `helper` (C ABI, stack aligned) and adds 1.
    assert_eq!(unsafe { call(f) }, 42);
}

#[test]
fn placement_is_near_the_binary() {
    let memory = CodeMemory::new();
    let target = helper as extern "C" fn() -> i32 as usize;
    let mut region = memory.region();
    assert!(region.within_rel32(target), "an empty region holds nothing out of reach");
    let p = region.alloc_code(100, 16).unwrap().addr();
    region.alloc_data(100, 16).unwrap();
    // The kernel honours address hints on Linux; elsewhere placement is best effort.
    if cfg!(target_os = "linux") {
        assert!(region.within_rel32(target), "{region:?} vs {target:#x}");
        assert!(memory.window_within_rel32(target));
        assert_eq!(memory.stats().chunks_far, 0);
    }
    assert!(!region.within_rel32(p.wrapping_add(3 << 30)));
    assert!(!region.within_rel32(p.wrapping_sub(3 << 30)));
    assert!(region.within_rel32(p + (1 << 30)));
}
