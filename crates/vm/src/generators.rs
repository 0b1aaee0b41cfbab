//! Generators on the frame stack: making one from the frame that hit `RETURN_GENERATOR`,
//! resuming it as a frame of the running loop (`for` and `SEND`) or through a nested `run`
//! (`next()`, `send()`, `throw()`, `close()`), and saving its frame back when it yields.

use tracelift_runtime::Value;
use tracelift_runtime::exc::{PyErr, PyResult, RUNTIME_ERROR, STOP_ITERATION};
use tracelift_runtime::str::intern;

use crate::Vm;
use crate::objects::{GenState, VmValue, new_generator};

impl Vm {
    /// Builds a generator from the running frame `fi` that just hit `RETURN_GENERATOR`.
    pub(crate) fn make_generator(&mut self, fi: usize, ip: usize, sp: usize) -> Value {
        let f = &self.frames[fi];
        let code = f.code.clone();
        let start = f.base;
        let end = start + code.nlocalsplus + code.stacksize;
        let depth = sp - (start + code.nlocalsplus);
        let slots: Vec<Value> = (start..end).map(|i| self.stack[i].take()).collect();
        let name = intern(&code.co.name);
        new_generator(GenState {
            code,
            func: f.func.clone(),
            globals: f.globals.clone(),
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
    pub(crate) fn push_generator_frame(&mut self, g: &Value, entry: bool, sent: Option<Value>) -> PyResult<usize> {
        let st = g.as_generator().expect("generator").state();
        let code = st.code.clone();
        let base = self.push_frame(code.clone(), st.func.clone(), st.globals.clone(), Value::NULL, entry)?;
        st.running = true;
        // The saved slots move back; the vector keeps its buffer for the next suspension.
        let n = st.slots.len();
        assert!(base + n <= self.stack.len());
        let stk = self.stack.as_mut_ptr();
        // SAFETY: `base .. base + n` are slots of the new frame (in bounds, checked above),
        // empty (:pop-clears:), so writing leaks nothing; the saved values move out of the
        // vector, whose length is zeroed first so that none is released twice.
        unsafe {
            let src = st.slots.as_ptr();
            st.slots.set_len(0);
            for i in 0..n {
                stk.add(base + i).write(src.add(i).read());
            }
        }
        st.started = true;
        let mut sp = base + code.nlocalsplus + st.depth;
        if let Some(sent) = sent {
            self.stack[sp] = sent;
            sp += 1;
        }
        let top = self.frames.last_mut().expect("frame");
        top.sp = sp;
        top.ip = st.ip;
        top.generator = g.clone();
        Ok(base)
    }

    /// Saves a yielding generator frame back into its generator object.
    pub(crate) fn save_generator(&mut self, fi: usize) {
        let f = &self.frames[fi];
        let g = f.generator.clone();
        let Some(genobj) = g.as_generator() else { return };
        let st = genobj.state();
        let start = f.base;
        st.depth = f.sp - (start + f.code.nlocalsplus);
        st.ip = f.ip;
        // Only `start .. sp` can hold values (:pop-clears:); resuming puts them back in place.
        st.slots.clear();
        let n = f.sp - start;
        assert!(f.sp <= self.stack.len());
        st.slots.reserve(n);
        let stk = self.stack.as_mut_ptr();
        // SAFETY: `start .. f.sp` are live slots (bounds checked above); each value moves into
        // the vector's reserved spare capacity and its slot is left NULL, so it is owned once.
        unsafe {
            let dst = st.slots.as_mut_ptr();
            for i in 0..n {
                dst.add(i).write(std::ptr::replace(stk.add(start + i), Value::NULL));
            }
            st.slots.set_len(n);
        }
        st.running = false;
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

    /// `gen.throw(exc)`: raises `exc` at the generator's yield point.
    pub fn gen_throw(&mut self, g: &Value, exc: PyErr) -> PyResult<Result<Value, Value>> {
        self.gen_enter(g, Err(exc))
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
        match self.gen_throw(g, PyErr::bare(&tracelift_runtime::exc::GENERATOR_EXIT)) {
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
        if let Err(e) = self.push_generator_frame(g, true, sent) {
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
                    return Err(PyErr::new(&RUNTIME_ERROR, "generator raised StopIteration"));
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
