//! The object model (DESIGN.md §2.2): tagged value words, `#[repr(C)]` refcounted heap objects
//! with a type pointer, immortal singletons and builtin types, CPython-compatible dicts and
//! sets, ints that overflow into bigints, and the pure helpers (formatting, hashing, float
//! semantics) that make output match CPython byte for byte.
//!
//! Nothing here knows about bytecode; the VM builds functions, frames and modules on top.

pub mod array;
pub mod breaker;
pub mod bytes;
pub mod dict;
pub mod exc;
pub mod float;
pub mod floatops;
pub mod format;
pub mod gc;
pub mod int;
pub mod keys;
pub mod layout;
pub mod malloc;
pub mod mem;
pub mod object;
pub mod pyhash;
pub mod seq;
pub mod set;
pub mod stdio;
pub mod str;
pub mod sub;
pub mod types;
pub mod unicode;
pub mod value;
pub mod watch;

pub use exc::{PyErr, PyResult};
pub use types::{Kind, TypeObject};
pub use value::Value;
