//! Generators on the frame stack: making one from the frame that hit `RETURN_GENERATOR`,
//! resuming it as a frame of the running loop (`for` and `SEND`) or through a nested `run`
//! (`next()`, `send()`, `throw()`, `close()`), and saving its frame back when it yields.

use tracelift_runtime::Value;
use tracelift_runtime::exc::{GENERATOR_EXIT, PyErr, PyResult, RUNTIME_ERROR, STOP_ITERATION};

use crate::Vm;
use crate::objects::{GenState, VmValue, new_generator};
use tracelift_uops::Opcode;

impl Vm {
    /// Builds a generator from the running frame `fi` that just hit `RETURN_GENERATOR`, which
    /// is popped next: its slots, function and globals move into the generator.
    pub(crate) fn make_generator(&mut self, fi: usize, ip: usize, sp: usize) -> Value {
        let f = &mut self.frames[fi];
        let (func, globals) = (f.func.take(), f.globals.take());
        let code = f.code.clone();
        let start = f.base;
        let depth = sp - (start + code.nlocalsplus);
        // Only `start .. sp` can hold values (:pop-clears:), as at a yield; they move out in
        // one loop (a `collect` over the whole extent was half of this function).
        let n = sp - start;
        assert!(sp <= self.stack.len());
        let mut slots: Vec<Value> = Vec::with_capacity(n);
        // SAFETY: `start .. sp` are live slots (bounds checked above); each value moves into
        // the vector's reserved capacity and its slot is emptied, so it is owned once.
        unsafe {
            take_values(self.stack.as_mut_ptr().add(start), slots.as_mut_ptr(), n);
            slots.set_len(n);
        }
        let name = code.name_str.clone();
        new_generator(GenState {
            code,
            func,
            globals,
            slots,
            depth,
            ip,
            running: false,
            finished: false,
            started: false,
            name,
        })
    }

    /// Pushes the frame of the suspended generator `g` (not running, not finished), with `sent`
    /// on its stack when given (`None` for a throw), and marks it running. `entry` is false
    /// when FOR_ITER resumes it as a frame of the running loop (the caller's record must then
    /// hold its state).
    ///
    /// The resume is on the path of every item a generator gives (:gen-frame-move:): the
    /// generator's function and globals move into the frame record and back at the yield
    /// ([`Vm::yield_frame`]), instead of being counted and released at each, and the frame
    /// takes the caller's reference to `g`.
    pub(crate) fn push_generator_frame(&mut self, g: Value, entry: bool, sent: Option<Value>) -> PyResult<usize> {
        let st = g.as_generator().expect("generator").state();
        let base = self.next_base();
        let nlocalsplus = st.code.nlocalsplus;
        // Checked before anything moves: on error the generator is as it was.
        self.make_room(base + nlocalsplus + st.code.stacksize)?;
        st.running = true;
        st.started = true;
        // The saved slots move back; the vector keeps its buffer for the next suspension.
        let n = st.slots.len();
        assert!(base + n <= self.stack.len());
        // SAFETY: `base .. base + n` are slots of the new frame (in bounds, checked above),
        // empty (:pop-clears:), so overwriting them leaks nothing; the saved values move out
        // of the vector, whose length is zeroed so that none is released twice.
        unsafe {
            move_values(st.slots.as_ptr(), self.stack.as_mut_ptr().add(base), n);
            st.slots.set_len(0);
        }
        let mut sp = base + nlocalsplus + st.depth;
        let ip = st.ip;
        if let Some(sent) = sent {
            self.stack[sp] = sent;
            sp += 1;
        }
        let (code, func, globals) = (st.code.clone(), st.func.take(), st.globals.take());
        self.push_record(code, func, globals, Value::NULL, base, sp, entry, Value::NULL);
        let top = self.frames.last_mut().expect("frame");
        top.ip = ip;
        // SAFETY: the record just written holds NULL there; the frame takes the caller's
        // reference to its generator (no old value to release).
        unsafe { std::ptr::write(&mut top.generator, g) };
        Ok(base)
    }

    /// The yield of the top frame, a generator's, whose record holds its `ip` and `sp`: moves
    /// its live slots, function and globals back into the generator (:gen-frame-move:), pops
    /// the record and says whether it was an entry frame (the yielded value then leaves
    /// `run`; otherwise the caller's FOR_ITER or SEND in this loop takes it).
    pub(crate) fn yield_frame(&mut self) -> bool {
        let stk = self.stack.as_mut_ptr();
        let stack_len = self.stack.len();
        // In place: moving the record out would read it back with wide loads right after the
        // narrow stores that saved its `ip` and `sp`, which stalls on store forwarding.
        let f = self.frames.last_mut().expect("a frame to pop");
        let st = f.generator.as_generator().expect("a generator's frame").state();
        let start = f.base;
        let extent = f.code.nlocalsplus + f.code.stacksize;
        st.depth = f.sp - (start + f.code.nlocalsplus);
        st.ip = f.ip;
        // Only `start .. sp` can hold values (:pop-clears:); resuming puts them back in place.
        let n = f.sp - start;
        assert!(f.sp <= stack_len);
        debug_assert!(st.slots.is_empty());
        st.slots.reserve(n);
        // SAFETY: `start .. f.sp` are live slots (bounds checked above); each value moves into
        // the vector's reserved spare capacity and its slot is zeroed (NULL), so it is owned
        // once. The slots above `f.sp` are empty already.
        unsafe {
            take_values(stk.add(start), st.slots.as_mut_ptr(), n);
            st.slots.set_len(n);
        }
        st.running = false;
        // SAFETY: the generator takes the record's function and globals back (its own fields
        // were emptied by the resume, so nothing is overwritten unreleased).
        unsafe {
            std::ptr::write(&mut st.func, std::ptr::read(&f.func));
            std::ptr::write(&mut st.globals, std::ptr::read(&f.globals));
        }
        let entry = f.entry;
        debug_assert!(self.stack[start..start + extent].iter().all(Value::is_null), "a yielded frame kept a value");
        debug_assert!(f.locals.is_null() && f.init_self.is_null() && f.binop_rhs.is_null());
        // A generator's record owns only its code, function, globals and generator; the
        // function and globals moved out above, so the record is dropped field by field
        // instead of through `Frame`'s drop glue (an out-of-line call testing every field).
        // SAFETY: the last record is moved out of the vector and its length shortened first,
        // so it is dropped once; its other owning fields are NULL (asserted above).
        let (code, generator) = unsafe {
            let len = self.frames.len();
            self.frames.set_len(len - 1);
            let p = self.frames.as_ptr().add(len - 1);
            (std::ptr::read(&(*p).code), std::ptr::read(&(*p).generator))
        };
        drop(code);
        drop(generator);
        entry
    }

    pub(crate) fn finish_generator(&mut self, g: &Value) {
        if let Some(genobj) = g.as_generator() {
            let st = genobj.state();
            st.finished = true;
            st.running = false;
            st.slots.clear();
        }
    }

    /// Resumes a generator with `sent`: `Ok(Ok(v))` if it yielded v, `Ok(Err(r))` if it
    /// returned r (StopIteration).
    pub fn gen_resume(&mut self, g: &Value, sent: Value) -> PyResult<Result<Value, Value>> {
        self.gen_enter(g, Ok(sent))
    }

    /// `gen.throw(exc)`: raises `exc` at the generator's yield point. A generator suspended
    /// inside `yield from` / `await` hands it to its sub-iterator first, as CPython's
    /// `_gen_throw`: if the sub-iterator yields, so does the generator; if it returns, the
    /// generator's SEND loop ends with that value; if it raises, that exception is raised at
    /// the generator's yield point. `GeneratorExit` closes the sub-iterator, then is raised in
    /// the generator.
    pub fn gen_throw(&mut self, g: &Value, exc: PyErr) -> PyResult<Result<Value, Value>> {
        let Some((sub, end)) = self.gen_delegate(g) else { return self.gen_enter(g, Err(exc)) };
        let passed = if exc.matches(&GENERATOR_EXIT) {
            match self.close_sub_iterator(&sub) {
                Ok(()) => None,
                Err(e) => Some(Err(e)),
            }
        } else if sub.as_generator().is_some() {
            Some(self.gen_throw(&sub, exc.clone()))
        } else {
            match self.get_attr_opt(&sub, &Value::str("throw"))? {
                None => None,
                Some(m) => Some(match self.call_value(&m, vec![exc.0.clone()], Vec::new()) {
                    Ok(y) => Ok(Ok(y)),
                    Err(e) if e.matches(&STOP_ITERATION) => Ok(Err(e.exc().first_arg())),
                    Err(e) => Err(e),
                }),
            }
        };
        match passed {
            None => self.gen_enter(g, Err(exc)),
            Some(Ok(Ok(y))) => Ok(Ok(y)),
            Some(Ok(Err(ret))) => {
                // The sub-iterator is done: the SEND loop ends, its END_SEND taking the value.
                if let Some(gen_obj) = g.as_generator() {
                    gen_obj.state().ip = end;
                }
                self.gen_enter(g, Ok(ret))
            }
            Some(Err(e)) => self.gen_enter(g, Err(e)),
        }
    }

    /// The sub-iterator of a generator suspended inside `yield from` / `await` (at the
    /// `YIELD_VALUE 1` of a SEND loop, the iterator on top of its saved stack), with the index
    /// of the loop's END_SEND.
    fn gen_delegate(&self, g: &Value) -> Option<(Value, usize)> {
        let st = g.as_generator()?.state();
        if !st.started || st.finished || st.running {
            return None;
        }
        let instrs = &st.code.instrs;
        let y = instrs.get(st.ip.checked_sub(1)?)?.get();
        if y as u8 != Opcode::YIELD_VALUE as u8 || y >> 8 != 1 {
            return None;
        }
        let send_at = st.ip.checked_sub(2 + Opcode::SEND.cache_size())?;
        let s = instrs[send_at].get();
        if s as u8 != Opcode::SEND as u8 {
            return None;
        }
        let end = send_at + 1 + Opcode::SEND.cache_size() + (s >> 8) as usize;
        let top = (st.code.nlocalsplus + st.depth).checked_sub(1)?;
        Some((st.slots.get(top)?.clone(), end))
    }

    /// `close()` of a sub-iterator when `GeneratorExit` is thrown into its delegating
    /// generator (CPython's `gen_close_iter`).
    fn close_sub_iterator(&mut self, sub: &Value) -> PyResult<()> {
        if sub.as_generator().is_some() {
            return self.gen_close(sub);
        }
        if let Some(m) = self.get_attr_opt(sub, &Value::str("close"))? {
            self.call_value(&m, Vec::new(), Vec::new())?;
        }
        Ok(())
    }

    /// `gen.close()`: throws `GeneratorExit` in; a generator that yields again is an error.
    pub fn gen_close(&mut self, g: &Value) -> PyResult<()> {
        let genobj = g.as_generator().expect("generator");
        let st = genobj.state();
        if st.finished || st.running {
            return Ok(());
        }
        if !st.started {
            st.finished = true;
            st.slots.clear();
            return Ok(());
        }
        match self.gen_throw(g, PyErr::bare(&GENERATOR_EXIT)) {
            Ok(Ok(_)) => Err(PyErr::new(&RUNTIME_ERROR, "generator ignored GeneratorExit")),
            Ok(Err(_)) => Ok(()),
            Err(e) if e.matches(&tracelift_runtime::exc::GENERATOR_EXIT) || e.matches(&STOP_ITERATION) => Ok(()),
            Err(e) => Err(e),
        }
    }

    /// Resumes a generator with a sent value (`Ok`) or an exception to raise (`Err`).
    fn gen_enter(&mut self, g: &Value, input: Result<Value, PyErr>) -> PyResult<Result<Value, Value>> {
        let genobj = g.as_generator().expect("generator");
        let st = genobj.state();
        if st.finished {
            return match input {
                Ok(_) => Ok(Err(Value::none())),
                Err(e) => Err(e),
            };
        }
        if st.running {
            return Err(PyErr::new(&tracelift_runtime::exc::VALUE_ERROR, "generator already executing"));
        }
        let sent = match input {
            Ok(sent) => Some(sent),
            Err(e) => {
                self.pending_throw = Some(e);
                None
            }
        };
        if let Err(e) = self.push_generator_frame(g.clone(), true, sent) {
            self.pending_throw = None;
            return Err(e);
        }
        let r = self.run();
        match r {
            Ok(v) if self.yielded => {
                self.yielded = false;
                Ok(Ok(v))
            }
            Ok(v) => Ok(Err(v)),
            Err(e) => {
                let st = genobj.state();
                st.finished = true;
                st.running = false;
                if e.matches(&STOP_ITERATION) {
                    return Err(stop_iteration_escaped(e, g.is_type(&crate::objects::COROUTINE_TYPE)));
                }
                Err(e)
            }
        }
    }

    /// `SEND`: `Ok(Ok(y))` yielded, `Ok(Err(r))` finished with r.
    pub(crate) fn send(&mut self, it: &Value, v: Value) -> PyResult<Result<Value, Value>> {
        if it.as_generator().is_some() {
            return self.gen_resume(it, v);
        }
        match self.iter_next(it)? {
            Some(y) => Ok(Ok(y)),
            None => Ok(Err(Value::none())),
        }
    }
}

/// PEP 479: a `StopIteration` leaving a generator's (a coroutine's) frame becomes
/// `RuntimeError("generator raised StopIteration")` raised from it: `__cause__` and
/// `__context__` are the `StopIteration`, as CPython's `INTRINSIC_STOPITERATION_ERROR`.
pub(crate) fn stop_iteration_escaped(e: PyErr, coroutine: bool) -> PyErr {
    let what = if coroutine { "coroutine" } else { "generator" };
    let r = PyErr::new(&RUNTIME_ERROR, format!("{what} raised StopIteration"));
    *r.exc().cause() = e.0.clone();
    *r.exc().context() = e.0;
    r.exc().suppress_context.set(true);
    r
}

/// Moves `n` values from `src` to `dst`, inline: a generator's live slots are a handful, and
/// `copy_nonoverlapping` of an unknown length is a call into libc's `memcpy`, which perf put
/// at a fifth of a resume and yield. The accesses are volatile only so that LLVM does not turn
/// the loop back into that call; each is still one plain 8-byte move.
///
/// # Safety
/// As `copy_nonoverlapping`: `src .. src + n` readable, `dst .. dst + n` writable, disjoint;
/// the caller decides who owns the values afterwards.
#[inline(always)]
unsafe fn move_values(src: *const Value, dst: *mut Value, n: usize) {
    if n > 16 {
        // SAFETY: forwarded.
        unsafe { std::ptr::copy_nonoverlapping(src, dst, n) };
        return;
    }
    let (src, dst) = (src as *const u64, dst as *mut u64);
    for i in 0..n {
        // SAFETY: `i < n`, forwarded; a value is one 8-byte word.
        unsafe { dst.add(i).write_volatile(src.add(i).read_volatile()) };
    }
}

/// Moves `n` values from `src` to `dst` and empties their slots at `src` (NULL is the all-zero
/// word): [`move_values`] and a clear in one pass, inline for the same reason.
///
/// # Safety
/// As [`move_values`], and `src .. src + n` writable; the values are owned at `dst` after.
#[inline(always)]
unsafe fn take_values(src: *mut Value, dst: *mut Value, n: usize) {
    if n > 16 {
        // SAFETY: forwarded.
        unsafe {
            std::ptr::copy_nonoverlapping(src, dst, n);
            std::ptr::write_bytes(src, 0, n);
        }
        return;
    }
    let (src, dst) = (src as *mut u64, dst as *mut u64);
    for i in 0..n {
        // SAFETY: `i < n`, forwarded; a value is one 8-byte word.
        unsafe {
            dst.add(i).write_volatile(src.add(i).read_volatile());
            src.add(i).write_volatile(0);
        }
    }
}
