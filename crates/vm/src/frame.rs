//! Frames on the contiguous per-thread frame stack (DESIGN.md §2.3).
//!
//! All frames share one value array, `Vm::stack`. A frame owns the fixed extent
//! `base .. base + nlocalsplus + stacksize`: its localsplus slots, then its value stack. A
//! callee's extent starts right after its caller's (:frame-extent:), so placing a frame never
//! depends on the caller's current stack pointer, and a Python-to-Python call never recurses
//! on the Rust stack: the eval loop pushes the callee's `Frame` record and carries on.

use std::rc::Rc;

use tracelift_runtime::Value;
use tracelift_runtime::exc::{PyErr, PyResult, RECURSION_ERROR};

use crate::Vm;
use crate::objects::{Code, VmValue};

/// One activation record.
pub struct Frame {
    /// The running code.
    pub code: Rc<Code>,
    /// The function being run (NULL for module code).
    pub func: Value,
    /// Globals dict.
    pub globals: Value,
    /// Locals dict for module and class bodies (NULL in functions).
    pub locals: Value,
    /// Index of `localsplus[0]` in `Vm::stack`.
    pub base: usize,
    /// Next instruction to run (saved while a callee runs).
    pub ip: usize,
    /// Stack pointer, absolute index into `Vm::stack` (saved while a callee runs).
    pub sp: usize,
    /// Offset of the instruction being run (for tracebacks).
    pub lasti: usize,
    /// Returning from this frame returns from the `run` call that started it.
    pub entry: bool,
    /// The generator that owns this frame, or NULL.
    pub generator: Value,
    /// For an `__init__` entered by calling its class: the new instance, which the call
    /// returns when the frame returns None. For a binary operator's dunder entered by
    /// `BINARY_OP_PY`: the left operand (:binop-frame:).
    pub init_self: Value,
    /// For a binary operator's dunder entered by `BINARY_OP_PY`: the right operand, NULL
    /// otherwise (:binop-frame:).
    pub binop_rhs: Value,
    /// With `binop_rhs`: the `BINARY_OP` oparg (operator and in-place flag).
    pub binop_op: u8,
}

impl Frame {
    /// Is this a plain call's frame, whose return goes straight on in its caller in the same
    /// run of tier 1? Not an entry frame (it returns to Rust), a generator's, an `__init__`'s
    /// or a binary operator's dunder (both have `init_self`).
    #[inline(always)]
    pub(crate) fn is_plain_call(&self) -> bool {
        !self.entry && self.generator.is_null() && self.init_self.is_null()
    }

    /// What the call gives its caller when this frame, popped, returned `v`: `v` itself for a
    /// plain call; the instance for an `__init__` (which must return None); for a binary
    /// operator's dunder (:binop-frame:) `v` unless it is `NotImplemented`, which raises the
    /// `TypeError` the generic `BINARY_OP` would (the specializer chose operands whose
    /// reflected side cannot answer).
    pub(crate) fn returned(&mut self, v: Value) -> PyResult<Value> {
        returned(std::mem::take(&mut self.init_self), &self.binop_rhs, self.binop_op, v)
    }
}

/// [`Frame::returned`] from the popped frame's `init_self`, `binop_rhs` and `binop_op`.
pub(crate) fn returned(init_self: Value, binop_rhs: &Value, binop_op: u8, v: Value) -> PyResult<Value> {
    if init_self.is_null() {
        return Ok(v);
    }
    if !binop_rhs.is_null() {
        if v.is_not_implemented() {
            return Err(crate::ops::unsupported_operands(binop_op as u32, &init_self, binop_rhs));
        }
        return Ok(v);
    }
    if !v.is_none() {
        return Err(tracelift_runtime::exc::type_error(format!(
            "__init__() should return None, not '{}'",
            v.ty().name()
        )));
    }
    Ok(init_self)
}

/// Maximum number of value slots in the frame stack.
pub const STACK_SLOTS: usize = 1 << 24;

/// Slots allocated at start-up; the array doubles on demand.
pub const INITIAL_SLOTS: usize = 1 << 14;

impl Vm {
    /// Pushes a frame for `code` above the current top frame; its localsplus slots are empty.
    /// Returns the base index. Raises `RecursionError` past the recursion limit.
    pub fn push_frame(
        &mut self,
        code: Rc<Code>,
        func: Value,
        globals: Value,
        locals: Value,
        entry: bool,
    ) -> PyResult<usize> {
        let base = self.next_base();
        self.make_room(base + code.nlocalsplus + code.stacksize)?;
        let sp = base + code.nlocalsplus;
        self.push_record(code, func, globals, locals, base, sp, entry, Value::NULL);
        Ok(base)
    }

    /// The base of a frame pushed now: right after the top frame's extent (:frame-extent:).
    #[inline(always)]
    pub(crate) fn next_base(&self) -> usize {
        match self.frames.last() {
            Some(f) => f.base + f.code.nlocalsplus + f.code.stacksize,
            None => 0,
        }
    }

    /// Makes room for one more frame whose extent ends at `end`: raises `RecursionError`
    /// past the recursion limit or the stack's size limit, and grows the value array when
    /// `end` is past its length.
    #[inline(always)]
    pub(crate) fn make_room(&mut self, end: usize) -> PyResult<()> {
        // The reserved capacity is the stack's size limit (:stack-fixed:).
        let max = self.stack.capacity();
        if self.frames.len() >= self.recursion_limit || end > max {
            return Err(PyErr::new(&RECURSION_ERROR, "maximum recursion depth exceeded"));
        }
        if end > self.stack.len() {
            // Frames refer to slots by index, so growing the array never invalidates them.
            let new_len = (end * 2).clamp(INITIAL_SLOTS, max);
            self.stack.resize_with(new_len, || Value::NULL);
        }
        Ok(())
    }

    /// Enters the Python function at `stack[fidx]` (`self_or_null` above it, then the
    /// arguments up to `sp`): pushes its frame record and binds the arguments, taking them off
    /// the caller's stack. The caller's record must already hold its own state, with stack
    /// pointer `fidx`; `init_self` is the instance when the frame is an `__init__` entered by
    /// calling its class. Returns the callee's base. On error no frame is left pushed.
    /// Used by tier 1's calls and tier 2's `_PUSH_FRAME`.
    pub(crate) fn enter_function(
        &mut self,
        fidx: usize,
        sp: usize,
        kwnames: Value,
        init_self: Value,
    ) -> PyResult<usize> {
        // A safe point (so is every back-edge): before anything is moved, so that a
        // KeyboardInterrupt raised here leaves the call as it was, raised at the call.
        if tracelift_runtime::breaker::get() != 0 {
            self.handle_breaker()?;
        }
        let init_self = if kwnames.is_null() {
            match self.enter_exact(fidx, sp, init_self) {
                Ok(base) => return Ok(base),
                Err(init_self) => init_self,
            }
        } else {
            init_self
        };
        // Everything else (keywords, `*args`, wrong counts, and positional calls that must
        // first grow the stack or raise RecursionError) goes through the general binder.
        let has_self = !self.stack[fidx + 1].is_null();
        let first_arg = if has_self { fidx + 1 } else { fidx + 2 };
        let f = self.stack[fidx].as_function().expect("a Python function");
        let fcode = f.code.clone();
        let globals = f.globals.clone();
        // The frame takes over the stack's reference to the function, once it is pushed: if
        // pushing fails, the caller's unwinding releases the function with its stack.
        let nb = self.push_frame(fcode, Value::NULL, globals, Value::NULL, false)?;
        let callable = self.stack[fidx].take();
        let args: Vec<Value> = (first_arg..sp).map(|i| self.stack[i].take()).collect();
        if let Err(e) = self.bind_args(&callable, nb, args, &kwnames) {
            self.pop_frame();
            return Err(e);
        }
        // `stack[fidx + 1]` was either the first argument (moved) or already empty.
        let top = self.frames.last_mut().expect("frame");
        top.func = callable;
        top.init_self = init_self;
        Ok(nb)
    }

    /// The fast path of `enter_function`: a positional call to a function without `*args`,
    /// `**kwargs` or keyword-only parameters, with the exact argument count or fewer arguments
    /// whose missing trailing parameters have defaults, and room for the frame. Moves the
    /// function and the arguments into a new frame record (copying defaults in) and returns
    /// its base, the record holding `init_self`; otherwise changes nothing and gives
    /// `init_self` back.
    #[inline(always)]
    fn enter_exact(&mut self, fidx: usize, sp: usize, init_self: Value) -> Result<usize, Value> {
        let Some(top) = self.frames.last() else { return Err(init_self) };
        let base = top.base + top.code.nlocalsplus + top.code.stacksize;
        let stk = self.stack.as_mut_ptr();
        // SAFETY: `fidx < sp` index live slots of the caller's stack, below `self.stack.len()`.
        let callable = unsafe { &*stk.add(fidx) };
        let Some(f) = callable.as_function() else { return Err(init_self) };
        // SAFETY: `fidx + 1 < sp`, the `self_or_null` slot.
        let has_self = unsafe { !(*stk.add(fidx + 1)).is_null() };
        let first_arg = fidx + 2 - has_self as usize;
        let nargs = sp - first_arg;
        let code = &f.code;
        let sp_new = base + code.nlocalsplus;
        let end = sp_new + code.stacksize;
        if end > self.stack.len() || self.frames.len() >= self.recursion_limit {
            return Err(init_self);
        }
        let argc = code.exact_argc;
        if argc == usize::MAX {
            // SAFETY: as `bind_star` requires: the caller's arguments and the callee's empty
            // slots, disjoint, below `end <= self.stack.len()`.
            if !unsafe { bind_star(f, stk, first_arg, nargs, base) } {
                return Err(init_self);
            }
        } else {
            // The defaults for the parameters `nargs .. argc`, if some are missing.
            let mut defaults: &[Value] = &[];
            if argc != nargs {
                if nargs > argc {
                    return Err(init_self);
                }
                let Some(defs) = f.defaults().as_tuple() else { return Err(init_self) };
                if argc - nargs > defs.len() {
                    return Err(init_self);
                }
                defaults = &defs[defs.len() - (argc - nargs)..];
            }
            // SAFETY: the arguments `first_arg .. sp` lie in the caller's extent and the
            // callee's slots `base .. base + nargs` after it, below `end <= self.stack.len()`:
            // the ranges are disjoint. The callee's slots are empty (:pop-clears:), so swapping
            // moves the arguments in and leaves NULLs behind (no reference is counted twice).
            // One slot at a time: for the usual few arguments this is a short inline loop,
            // where a copy and a fill (or `swap_nonoverlapping`) were out-of-line calls.
            unsafe {
                for i in 0..nargs {
                    std::ptr::swap(stk.add(first_arg + i), stk.add(base + i));
                }
            }
            for (i, d) in defaults.iter().enumerate() {
                // SAFETY: `base + nargs + i < base + argc <= end`, an empty slot of the callee.
                unsafe { stk.add(base + nargs + i).write(d.clone()) };
            }
        }
        let code = code.clone();
        let globals = f.globals.clone();
        // SAFETY: `fidx` is the caller's live callable slot; the frame takes its reference.
        let func = unsafe { std::ptr::replace(stk.add(fidx), Value::NULL) };
        self.push_record(code, func, globals, Value::NULL, base, sp_new, false, init_self);
        Ok(base)
    }

    /// Makes the frame just entered by `BINARY_OP_PY` (whose `init_self` is the left operand)
    /// a binary operator's: it keeps the right operand and the operator for its return
    /// (:binop-frame:).
    pub(crate) fn set_binop_frame(&mut self, rhs: Value, oparg: u32) {
        let top = self.frames.last_mut().expect("the frame just entered");
        debug_assert!(!top.init_self.is_null());
        top.binop_rhs = rhs;
        top.binop_op = oparg as u8;
    }

    /// The uninitialized slot just past the last frame record, with room made for it: the
    /// caller writes a record there and then grows the length by one.
    #[inline(always)]
    fn next_frame_slot(&mut self) -> *mut Frame {
        let len = self.frames.len();
        if len == self.frames.capacity() {
            self.frames.reserve(1);
        }
        // SAFETY: `len < capacity`, so the slot lies within the allocation.
        unsafe { self.frames.as_mut_ptr().add(len) }
    }

    /// Pushes a new frame record (at `ip` 0, not a generator's or an operator's), built in
    /// place: assembling a whole `Frame` value on the native stack and copying it made the
    /// copy's wide loads wait on the narrow stores just made (store forwarding fails), which
    /// perf put at half of `push_frame`.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn push_record(
        &mut self,
        code: Rc<Code>,
        func: Value,
        globals: Value,
        locals: Value,
        base: usize,
        sp: usize,
        entry: bool,
        init_self: Value,
    ) {
        let p = self.next_frame_slot();
        // SAFETY: `p` is the uninitialized slot past the last record, and every field is
        // written before it becomes the last element.
        unsafe {
            (&raw mut (*p).code).write(code);
            (&raw mut (*p).func).write(func);
            (&raw mut (*p).globals).write(globals);
            (&raw mut (*p).locals).write(locals);
            (&raw mut (*p).base).write(base);
            (&raw mut (*p).ip).write(0);
            (&raw mut (*p).sp).write(sp);
            (&raw mut (*p).lasti).write(0);
            (&raw mut (*p).entry).write(entry);
            (&raw mut (*p).generator).write(Value::NULL);
            (&raw mut (*p).init_self).write(init_self);
            (&raw mut (*p).binop_rhs).write(Value::NULL);
            (&raw mut (*p).binop_op).write(0);
            self.frames.set_len(self.frames.len() + 1);
        }
    }

    /// Releases the values in slots `base .. sp` (the live part of a frame being popped).
    #[inline(always)]
    fn release_slots(&mut self, base: usize, sp: usize) {
        assert!(base <= sp && sp <= self.stack.len());
        let stk = self.stack.as_mut_ptr();
        for i in base..sp {
            // SAFETY: `i < sp <= self.stack.len()`, checked above.
            let slot = unsafe { &mut *stk.add(i) };
            if !slot.is_null() {
                *slot = Value::NULL;
            }
        }
    }

    /// The common return: when the top frame is a plain call (not an entry, generator or
    /// `__init__` frame), releases its slots `base .. sp` and drops its record in place, and
    /// says so; otherwise changes nothing.
    #[inline(always)]
    pub(crate) fn pop_plain_frame(&mut self, sp: usize) -> bool {
        let Some(f) = self.frames.last() else { return false };
        if !f.is_plain_call() {
            return false;
        }
        self.release_slots(f.base, sp);
        // SAFETY: the last record is a plain call's; it leaves the vector first, so it is
        // dropped once, here.
        unsafe { self.drop_plain_record() };
        true
    }

    /// Pops and drops the last frame record, a plain call's, field by field: a plain call's
    /// record owns only its code, function, globals and, for a class body entered by a plain
    /// call, its locals (its generator and `init_self` are NULL, so is `binop_rhs`, which
    /// comes with `init_self`). `Frame`'s drop glue is an out-of-line call testing every
    /// field, on the path of every return.
    ///
    /// # Safety
    /// The last record must be a plain call's ([`Frame::is_plain_call`]).
    #[inline(always)]
    unsafe fn drop_plain_record(&mut self) {
        let len = self.frames.len();
        debug_assert!(len > 0 && self.frames[len - 1].is_plain_call() && self.frames[len - 1].binop_rhs.is_null());
        // SAFETY: the record moves out of the vector (its length shrinks first), and its
        // owning fields are read once each; the others are NULL (the contract).
        unsafe {
            self.frames.set_len(len - 1);
            let p = self.frames.as_ptr().add(len - 1);
            drop(std::ptr::read(&(*p).code));
            drop(std::ptr::read(&(*p).func));
            drop(std::ptr::read(&(*p).globals));
            if !(*p).locals.is_null() {
                drop(std::ptr::read(&(*p).locals));
            }
        }
    }

    /// Pops the top frame, a call's (not an entry or a generator's frame), in place when its
    /// stack pointer is `sp`, as [`Vm::pop_plain_frame`] does, and gives back what
    /// [`returned`] needs of it: its `init_self`, `binop_rhs` and `binop_op`. `None`, with
    /// nothing changed, for another frame.
    #[inline(always)]
    pub(crate) fn pop_call_frame(&mut self, sp: usize) -> Option<(Value, Value, u8)> {
        let f = self.frames.last_mut()?;
        if f.entry || !f.generator.is_null() {
            return None;
        }
        let parts = (std::mem::take(&mut f.init_self), std::mem::take(&mut f.binop_rhs), f.binop_op);
        let base = f.base;
        self.release_slots(base, sp);
        // SAFETY: with its `init_self` and `binop_rhs` taken, the record is a plain call's.
        unsafe { self.drop_plain_record() };
        Some(parts)
    }

    /// Pops the top frame when its stack pointer is `sp`: only `base .. sp` can hold values
    /// (every slot above the top is empty, :pop-clears:), so only those are released.
    pub fn pop_frame_at(&mut self, sp: usize) -> Frame {
        let f = self.frames.pop().expect("a frame to pop");
        debug_assert!(
            self.stack[sp..f.base + f.code.nlocalsplus + f.code.stacksize].iter().all(Value::is_null),
            "a slot above the stack top holds a value"
        );
        self.release_slots(f.base, sp);
        f
    }

    /// Pops the top frame, releasing everything in its extent.
    pub fn pop_frame(&mut self) -> Frame {
        let f = self.frames.last().expect("a frame to pop");
        let end = f.base + f.code.nlocalsplus + f.code.stacksize;
        self.pop_frame_at(end)
    }
}

/// Binds a positional call of `nargs` arguments (from `first_arg` on the stack `stk`) to a
/// signature with `*args`, `**kwargs` or keyword-only parameters, in place
/// (`CALL_PY_GENERAL`): the first `argcount` arguments move into the callee's slots from
/// `base`, missing ones take their defaults, keyword-only parameters take theirs (looked up
/// by name in `__kwdefaults__` at each call), the rest of the arguments make the `*args`
/// tuple, and `**kwargs` is a new empty dict. `false`, with nothing changed, when the
/// general binder must do it (a missing default, too many arguments without `*args`).
///
/// # Safety
/// `first_arg .. first_arg + nargs` are live slots of the caller; the callee's
/// `nlocalsplus` slots from `base` are empty and disjoint from them, within the stack.
#[inline(never)]
unsafe fn bind_star(
    f: &crate::objects::FunctionObject,
    stk: *mut Value,
    first_arg: usize,
    nargs: usize,
    base: usize,
) -> bool {
    let code = &f.code;
    let co = &code.co;
    let argc = co.argcount as usize;
    let kwonly = co.kwonlyargcount as usize;
    let varargs = co.flags & tracelift_compiler::code::flags::VARARGS != 0;
    let varkw = co.flags & tracelift_compiler::code::flags::VARKEYWORDS != 0;
    let extra = nargs.saturating_sub(argc);
    if extra > 0 && !varargs {
        return false;
    }
    let mut defaults: &[Value] = &[];
    if nargs < argc {
        let Some(defs) = f.defaults().as_tuple() else { return false };
        if argc - nargs > defs.len() {
            return false;
        }
        defaults = &defs[defs.len() - (argc - nargs)..];
    }
    // Every keyword-only parameter needs its default (else the binder raises).
    let mut kwvals = Vec::with_capacity(kwonly);
    if kwonly > 0 {
        let Some(kd) = f.kwdefaults().as_dict() else { return false };
        for name in &code.localsplus_names[argc..argc + kwonly] {
            match kd.get(name) {
                Ok(Some(v)) => kwvals.push(v),
                _ => return false,
            }
        }
    }
    let npos = nargs - extra;
    // SAFETY: the caller's promise: the argument slots are live, the callee's empty; each
    // value moves once (NULL left behind) and every callee slot written was empty.
    unsafe {
        for i in 0..npos {
            std::ptr::swap(stk.add(first_arg + i), stk.add(base + i));
        }
        for (i, d) in defaults.iter().enumerate() {
            stk.add(base + npos + i).write(d.clone());
        }
        for (i, v) in kwvals.into_iter().enumerate() {
            stk.add(base + argc + i).write(v);
        }
        let star_at = base + argc + kwonly;
        if varargs {
            let rest = (first_arg + argc..first_arg + argc + extra)
                .map(|i| std::ptr::replace(stk.add(i), Value::NULL))
                .collect();
            stk.add(star_at).write(Value::tuple(rest));
        }
        if varkw {
            stk.add(star_at + varargs as usize).write(tracelift_runtime::dict::new_dict());
        }
    }
    true
}
