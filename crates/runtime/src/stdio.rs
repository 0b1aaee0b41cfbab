//! The process's stdout buffer: block-buffered as CPython's `sys.stdout` is when it is not a
//! terminal, flushed before anything goes to stderr, at exit, and on every fatal way out.
//!
//! The buffer is process-wide (not the VM's) so that the fatal paths can reach it: the
//! allocator, when a request fails and the process is about to abort ([`flush_fatal`]), and
//! the CLI when the VM thread panicked. It writes straight to file descriptor 1, so an error
//! (`EPIPE` when the reader of a pipe went away, `ENOSPC`) comes back to the `print` or flush
//! that caused it, which raises it as CPython's `BrokenPipeError` / `OSError` would.

use std::io::Write;
use std::sync::{Mutex, MutexGuard};

/// Bytes kept before a write goes to the file: CPython's `io.DEFAULT_BUFFER_SIZE`, so that a
/// reader that goes away early (`| head -1`) is noticed at the same point of the output.
const CAPACITY: usize = 8192;

/// The buffer, and an error met by a flush that could not report it (see [`flush_quiet`]).
struct Out {
    buf: Vec<u8>,
    deferred: Option<std::io::Error>,
}

static OUT: Mutex<Out> = Mutex::new(Out { buf: Vec::new(), deferred: None });

fn lock() -> MutexGuard<'static, Out> {
    OUT.lock().unwrap_or_else(|e| e.into_inner())
}

/// Writes `bytes` to file descriptor 1 without any buffering of Rust's own.
fn write_fd1(bytes: &[u8]) -> std::io::Result<()> {
    use std::os::fd::FromRawFd;
    // SAFETY: descriptor 1 is open for the life of the process (or writes fail with EBADF);
    // ManuallyDrop keeps the File from closing it.
    let mut f = std::mem::ManuallyDrop::new(unsafe { std::fs::File::from_raw_fd(1) });
    f.write_all(bytes)
}

/// Empties the buffer into the file. On an error the buffered bytes are dropped, as
/// CPython's buffered writer drops what it could not write: the error is reported once.
fn drain(out: &mut Out) -> std::io::Result<()> {
    if let Some(e) = out.deferred.take() {
        out.buf.clear();
        return Err(e);
    }
    if out.buf.is_empty() {
        return Ok(());
    }
    let r = write_fd1(&out.buf);
    out.buf.clear();
    r
}

/// Appends `bytes`, writing the buffer out when it is full. An error deferred by an earlier
/// quiet flush is reported here.
pub fn write(bytes: &[u8]) -> std::io::Result<()> {
    let mut out = lock();
    if let Some(e) = out.deferred.take() {
        return Err(e);
    }
    if out.buf.capacity() == 0 {
        out.buf.reserve_exact(CAPACITY);
    }
    if out.buf.len() + bytes.len() > CAPACITY {
        drain(&mut out)?;
        if bytes.len() >= CAPACITY {
            return write_fd1(bytes);
        }
    }
    out.buf.extend_from_slice(bytes);
    Ok(())
}

/// Writes out everything buffered (`sys.stdout.flush()`, `print(flush=True)`, exit).
pub fn flush() -> std::io::Result<()> {
    drain(&mut lock())
}

/// Writes out everything buffered where an error cannot be raised (before a write to
/// stderr, so that the two streams interleave in order on a terminal): an error is kept and
/// raised by the next [`write`] or [`flush`].
pub fn flush_quiet() {
    let mut out = lock();
    if out.deferred.is_none()
        && let Err(e) = drain(&mut out)
    {
        out.deferred = Some(e);
    }
}

/// Best-effort flush on a fatal path (allocation failure, panic): never blocks on the lock
/// (the failing thread may hold it) and never allocates.
pub fn flush_fatal() {
    let mut out = match OUT.try_lock() {
        Ok(o) => o,
        Err(std::sync::TryLockError::Poisoned(e)) => e.into_inner(),
        Err(std::sync::TryLockError::WouldBlock) => return,
    };
    if out.deferred.is_none() {
        let _ = drain(&mut out);
    }
}
