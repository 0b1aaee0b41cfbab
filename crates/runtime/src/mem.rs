//! Fallible growth: where a Python program decides how big something gets (a list it
//! appends to, `list(range(n))`, `s * n`, a set or dict it fills), growing it is a request
//! that may fail, and a failure is `MemoryError`, as in CPython, never an abort.
//!
//! Rust's `Vec` growth aborts the process when the allocator says no; these helpers ask with
//! `try_reserve` first. Growth stays amortized (`try_reserve` doubles as `push` would).
//! Allocations whose size the program does not choose (an object header, a frame record)
//! stay infallible; if one of those fails the process aborts, after the allocator has
//! flushed stdout (`crate::malloc`).

use crate::exc::{MEMORY_ERROR, PyErr, PyResult};

/// A bare `MemoryError`.
#[cold]
pub fn memory_error() -> PyErr {
    PyErr::bare(&MEMORY_ERROR)
}

/// Makes room for `additional` more items, or `MemoryError`.
#[inline(always)]
pub fn reserve<T>(v: &mut Vec<T>, additional: usize) -> PyResult<()> {
    if v.capacity() - v.len() >= additional { Ok(()) } else { grow(v, additional) }
}

#[cold]
#[inline(never)]
fn grow<T>(v: &mut Vec<T>, additional: usize) -> PyResult<()> {
    v.try_reserve(additional).map_err(|_| memory_error())
}

/// `v.push(x)`, or `MemoryError` (dropping `x`).
#[inline(always)]
pub fn push<T>(v: &mut Vec<T>, x: T) -> PyResult<()> {
    reserve(v, 1)?;
    v.push(x);
    Ok(())
}

/// A vector with room for exactly `n` items, or `MemoryError`.
pub fn vec_with_capacity<T>(n: usize) -> PyResult<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(n).map_err(|_| memory_error())?;
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn impossible_requests_are_memory_errors() {
        assert!(vec_with_capacity::<u64>(usize::MAX / 4).is_err());
        let mut v: Vec<u64> = vec![1];
        assert!(reserve(&mut v, usize::MAX / 2).is_err());
        assert!(push(&mut v, 2).is_ok());
        assert_eq!(v, [1, 2]);
    }
}
