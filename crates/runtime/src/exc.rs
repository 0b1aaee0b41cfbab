//! Exceptions: the builtin exception hierarchy, exception objects with their traceback, and
//! [`PyErr`], the Rust-side carrier of a raised exception.

use std::cell::UnsafeCell;
use std::rc::Rc;

use crate::types::{Kind, OBJECT_TYPE, TypeObject};
use crate::value::{ObjHeader, Value, alloc, dealloc_box};

/// One traceback line: `File "<filename>", line <line>, in <name>`.
#[derive(Clone, Debug)]
pub struct TraceEntry {
    pub filename: Rc<str>,
    pub name: Rc<str>,
    pub line: u32,
}

/// An exception instance (of `BaseException` or any subclass, builtin or user-defined).
/// `dict` sits at the same offset as in [`crate::object::InstanceObject`].
#[repr(C)]
pub struct ExceptionObject {
    pub header: ObjHeader,
    pub dict: UnsafeCell<Value>,
    pub args: UnsafeCell<Value>,
    pub traceback: UnsafeCell<Vec<TraceEntry>>,
    pub cause: UnsafeCell<Value>,
    pub context: UnsafeCell<Value>,
    pub suppress_context: std::cell::Cell<bool>,
    /// What the traceback printer needs to suggest a name ("Did you mean: ...?"): for
    /// `NameError` a tuple `(name, local names, globals)`, for `AttributeError` `(name, obj)`.
    pub suggestion_context: UnsafeCell<Value>,
}

impl ExceptionObject {
    /// `.args` (a tuple).
    pub fn args(&self) -> &Value {
        // SAFETY: single-threaded; replaced only through set_args with no borrow alive.
        unsafe { &*self.args.get() }
    }
    /// The first of `.args`, None without one: a `StopIteration`'s `.value`, a
    /// `SystemExit`'s `.code`.
    pub fn first_arg(&self) -> Value {
        self.args().as_tuple().and_then(|a| a.first().cloned()).unwrap_or_else(Value::none)
    }
    /// Replace `.args`.
    pub fn set_args(&self, v: Value) {
        // SAFETY: as above.
        unsafe { *self.args.get() = v };
    }
    /// The traceback entries, outermost first.
    #[allow(clippy::mut_from_ref)]
    pub fn traceback(&self) -> &mut Vec<TraceEntry> {
        // SAFETY: single-threaded; callers do not keep two borrows.
        unsafe { &mut *self.traceback.get() }
    }
    /// The instance dict slot (NULL until an attribute is set).
    #[allow(clippy::mut_from_ref)]
    pub fn dict_slot(&self) -> &mut Value {
        // SAFETY: as above.
        unsafe { &mut *self.dict.get() }
    }
    /// `__cause__` slot.
    #[allow(clippy::mut_from_ref)]
    pub fn cause(&self) -> &mut Value {
        // SAFETY: as above.
        unsafe { &mut *self.cause.get() }
    }
    /// The suggestion context slot (see the field).
    #[allow(clippy::mut_from_ref)]
    pub fn suggestion_context(&self) -> &mut Value {
        // SAFETY: single-threaded; callers do not keep two borrows.
        unsafe { &mut *self.suggestion_context.get() }
    }
    /// `__context__` slot.
    #[allow(clippy::mut_from_ref)]
    pub fn context(&self) -> &mut Value {
        // SAFETY: as above.
        unsafe { &mut *self.context.get() }
    }
}

macro_rules! exc_types {
    ($($static:ident = $name:literal : $base:expr;)*) => {
        $( #[doc = concat!("`", $name, "`")]
           pub static $static: TypeObject =
               TypeObject::builtin($name, Kind::Exception, Some($base), dealloc_box::<ExceptionObject>); )*
        /// Every builtin exception type, for the builtins module.
        pub static ALL_EXCEPTIONS: &[&TypeObject] = &[$(&$static,)*];
    };
}

exc_types! {
    BASE_EXCEPTION = "BaseException": &OBJECT_TYPE;
    SYSTEM_EXIT = "SystemExit": &BASE_EXCEPTION;
    KEYBOARD_INTERRUPT = "KeyboardInterrupt": &BASE_EXCEPTION;
    GENERATOR_EXIT = "GeneratorExit": &BASE_EXCEPTION;
    EXCEPTION = "Exception": &BASE_EXCEPTION;
    STOP_ITERATION = "StopIteration": &EXCEPTION;
    ARITHMETIC_ERROR = "ArithmeticError": &EXCEPTION;
    FLOATING_POINT_ERROR = "FloatingPointError": &ARITHMETIC_ERROR;
    OVERFLOW_ERROR = "OverflowError": &ARITHMETIC_ERROR;
    ZERO_DIVISION_ERROR = "ZeroDivisionError": &ARITHMETIC_ERROR;
    ASSERTION_ERROR = "AssertionError": &EXCEPTION;
    ATTRIBUTE_ERROR = "AttributeError": &EXCEPTION;
    BUFFER_ERROR = "BufferError": &EXCEPTION;
    EOF_ERROR = "EOFError": &EXCEPTION;
    IMPORT_ERROR = "ImportError": &EXCEPTION;
    MODULE_NOT_FOUND_ERROR = "ModuleNotFoundError": &IMPORT_ERROR;
    LOOKUP_ERROR = "LookupError": &EXCEPTION;
    INDEX_ERROR = "IndexError": &LOOKUP_ERROR;
    KEY_ERROR = "KeyError": &LOOKUP_ERROR;
    MEMORY_ERROR = "MemoryError": &EXCEPTION;
    NAME_ERROR = "NameError": &EXCEPTION;
    UNBOUND_LOCAL_ERROR = "UnboundLocalError": &NAME_ERROR;
    OS_ERROR = "OSError": &EXCEPTION;
    CONNECTION_ERROR = "ConnectionError": &OS_ERROR;
    BROKEN_PIPE_ERROR = "BrokenPipeError": &CONNECTION_ERROR;
    REFERENCE_ERROR = "ReferenceError": &EXCEPTION;
    RUNTIME_ERROR = "RuntimeError": &EXCEPTION;
    NOT_IMPLEMENTED_ERROR = "NotImplementedError": &RUNTIME_ERROR;
    RECURSION_ERROR = "RecursionError": &RUNTIME_ERROR;
    SYNTAX_ERROR = "SyntaxError": &EXCEPTION;
    INDENTATION_ERROR = "IndentationError": &SYNTAX_ERROR;
    TAB_ERROR = "TabError": &INDENTATION_ERROR;
    SYSTEM_ERROR = "SystemError": &EXCEPTION;
    TYPE_ERROR = "TypeError": &EXCEPTION;
    VALUE_ERROR = "ValueError": &EXCEPTION;
    UNICODE_ERROR = "UnicodeError": &VALUE_ERROR;
    UNICODE_DECODE_ERROR = "UnicodeDecodeError": &UNICODE_ERROR;
    UNICODE_ENCODE_ERROR = "UnicodeEncodeError": &UNICODE_ERROR;
}

/// The exception CPython raises for a failed system call: `OSError(errno, strerror)`, or the
/// subclass its errno maps to (`EPIPE` → `BrokenPipeError`).
pub fn os_error(e: &std::io::Error) -> PyErr {
    let Some(errno) = e.raw_os_error() else {
        return PyErr::new(&OS_ERROR, e.to_string());
    };
    let ty: &TypeObject = match errno {
        32 => &BROKEN_PIPE_ERROR,
        _ => &OS_ERROR,
    };
    // The system's message without Rust's " (os error N)" suffix.
    let msg = e.to_string();
    let msg = msg.find(" (os error").map_or(msg.as_str(), |i| &msg[..i]).to_string();
    PyErr::with_args(ty, vec![Value::int(errno as i64), Value::string(msg)])
}

/// A new exception instance of type `ty` with the given args tuple items.
pub fn new_exception(ty: &TypeObject, args: Vec<Value>) -> Value {
    if ty.is_heap_type() {
        // Instances of heap types keep their type alive (released in dealloc_box).
        std::mem::forget(ty.to_value());
    }
    alloc(ExceptionObject {
        header: ObjHeader::new(ty),
        dict: UnsafeCell::new(Value::NULL),
        args: UnsafeCell::new(Value::tuple(args)),
        traceback: UnsafeCell::new(Vec::new()),
        cause: UnsafeCell::new(Value::NULL),
        context: UnsafeCell::new(Value::NULL),
        suppress_context: std::cell::Cell::new(false),
        suggestion_context: UnsafeCell::new(Value::NULL),
    })
}

impl Value {
    /// The exception object, if this is an exception instance.
    pub fn as_exception(&self) -> Option<&ExceptionObject> {
        if self.is_obj() && self.ty().kind == Kind::Exception {
            // SAFETY: kind Exception means ExceptionObject layout.
            Some(unsafe { self.as_ref::<ExceptionObject>() })
        } else {
            None
        }
    }
}

/// A raised exception travelling up the Rust stack: always an exception instance.
#[derive(Clone, Debug)]
pub struct PyErr(pub Value);

/// Result of any operation that can raise.
pub type PyResult<T> = Result<T, PyErr>;

impl PyErr {
    /// An exception of type `ty` with one str argument.
    pub fn new(ty: &TypeObject, msg: impl Into<String>) -> PyErr {
        PyErr(new_exception(ty, vec![Value::string(msg.into())]))
    }
    /// An exception of type `ty` with no arguments.
    pub fn bare(ty: &TypeObject) -> PyErr {
        PyErr(new_exception(ty, Vec::new()))
    }
    /// An exception of type `ty` with the given args.
    pub fn with_args(ty: &TypeObject, args: Vec<Value>) -> PyErr {
        PyErr(new_exception(ty, args))
    }
    /// The exception object.
    pub fn exc(&self) -> &ExceptionObject {
        self.0.as_exception().expect("PyErr holds an exception")
    }
    /// The exception's type.
    pub fn ty(&self) -> &TypeObject {
        self.0.ty()
    }
    /// Is the exception an instance of `ty` (or a subclass)?
    pub fn matches(&self, ty: &TypeObject) -> bool {
        self.0.ty().is_subtype(ty)
    }
}

/// `TypeError(msg)`
pub fn type_error(msg: impl Into<String>) -> PyErr {
    PyErr::new(&TYPE_ERROR, msg)
}
/// `ValueError(msg)`
pub fn value_error(msg: impl Into<String>) -> PyErr {
    PyErr::new(&VALUE_ERROR, msg)
}
/// `IndexError(msg)`
pub fn index_error(msg: impl Into<String>) -> PyErr {
    PyErr::new(&INDEX_ERROR, msg)
}
/// `KeyError(key)`
pub fn key_error(key: Value) -> PyErr {
    PyErr::with_args(&KEY_ERROR, vec![key])
}
/// `ZeroDivisionError(msg)`
pub fn zero_division(msg: impl Into<String>) -> PyErr {
    PyErr::new(&ZERO_DIVISION_ERROR, msg)
}
/// `OverflowError(msg)`
pub fn overflow_error(msg: impl Into<String>) -> PyErr {
    PyErr::new(&OVERFLOW_ERROR, msg)
}
/// `AttributeError(msg)`
pub fn attribute_error(msg: impl Into<String>) -> PyErr {
    PyErr::new(&ATTRIBUTE_ERROR, msg)
}
/// `RuntimeError(msg)`
pub fn runtime_error(msg: impl Into<String>) -> PyErr {
    PyErr::new(&RUNTIME_ERROR, msg)
}
