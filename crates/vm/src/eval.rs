//! The tier-1 eval loop: one `match` over the opcodes of `tracelift_uops::opcode`, run over
//! the frame stack without Rust recursion for Python-to-Python calls and returns.
//!
//! The loop keeps the current frame's `ip`, `lasti`, `sp` and `locals` as pointers in locals
//! and writes them back to the `Frame` record (as indices) only when it switches frames
//! (call, return, yield, unwind) or calls out where it may need them. Values are moved in and
//! out of `Vm::stack` slots; every pop leaves NULL behind.

use std::cell::Cell;
use std::rc::Rc;

use tracelift_runtime::Value;
use tracelift_runtime::exc::{
    NAME_ERROR, PyErr, PyResult, RUNTIME_ERROR, STOP_ITERATION, UNBOUND_LOCAL_ERROR, type_error,
};
use tracelift_runtime::object::IterState;
use tracelift_runtime::types::Kind;
use tracelift_uops::abi::{Ctx, Step};
use tracelift_uops::opcode::{CompareOp, Opcode};
use tracelift_uops::uop::flags as uflags;
use tracelift_uops::{Uop, bodies, counter};

use crate::tier1rt::Tier1Rt;
use crate::tier2::interp::Leave;

use crate::Vm;
use crate::objects::{Code, VmValue};

impl Vm {
    /// Runs the top frame (pushed with `entry = true`) until it returns, yields, or raises.
    pub fn run(&mut self) -> PyResult<Value> {
        loop {
            let done = if self.recorder_active() { self.run_loop::<true>() } else { self.run_loop::<false>() };
            if let Some(r) = done {
                return r;
            }
        }
    }

    /// The loop behind [`Vm::run`], in two instances: `REC` (a tier-2 recorder is active, so
    /// every instruction is reported to it) and plain (no per-instruction test for one). When
    /// a recorder starts or stops, the loop saves its registers into the frame record and
    /// returns `None`, and `run` carries on in the other instance.
    fn run_loop<const REC: bool>(&mut self) -> Option<PyResult<Value>> {
        let mut fi = self.frames.len() - 1;
        let mut code: Rc<Code> = self.frames[fi].code.clone();
        // `code.instrs`, kept beside `code` so that fetching skips the reload and bounds check.
        let mut instrs: *const Cell<u32> = code.instrs.as_ptr();
        // `ip` points to the next code unit and `lasti` to the instruction being run; frame
        // records keep them as indices into `code.instrs` (`off!`).
        // SAFETY: the frame record's `ip` lies within its code.
        let mut ip: *const Cell<u32> = unsafe { instrs.add(self.frames[fi].ip) };
        // The frame stack is allocated once at its full capacity and never moves
        // (:stack-fixed:), so the loop keeps raw pointers into it: `sp` to the slot above the
        // top of the value stack and `locals` to the frame's `localsplus[0]`. Frame entry grows
        // the initialized length so that a frame's slots fit (`Vm::enter_function`), and the
        // compiler's `stacksize` bounds `sp` within a frame.
        let stk: *mut Value = self.stack.as_mut_ptr();
        // SAFETY: the frame record's indices lie within the initialized stack.
        let mut sp: *mut Value = unsafe { stk.add(self.frames[fi].sp) };
        // SAFETY: as for `sp`.
        let mut locals: *mut Value = unsafe { stk.add(self.frames[fi].base) };
        let mut lasti: *const Cell<u32>;
        let specialize_on = self.specialize;
        let stats_on = self.spec_stats.is_some();
        let tier2_on = self.tier2.is_some();
        // Function entries are hotness points unless `--no-entry-traces`: then a call
        // does no tier-2 work.
        let entry_traces_on = self.tier2.as_deref().is_some_and(|t| t.opts.entry_traces);
        // Recording mode (tier 2): a recorder is active, so every instruction is reported.
        // Always false in the plain instance; in the `REC` instance it turns false when the
        // recording ends, and the next fetch leaves for the plain instance.
        let mut recording = REC;

        // Reloads the registers from the record of frame `fi` (after a callee returned or
        // unwound into it). Some paths overwrite `ip` or `lasti` next, hence the allow.
        macro_rules! load_frame {
            () => {{
                let f = &self.frames[fi];
                code = f.code.clone();
                instrs = code.instrs.as_ptr();
                // SAFETY: the frame record's indices lie within the initialized stack.
                unsafe {
                    sp = stk.add(f.sp);
                    locals = stk.add(f.base);
                }
                #[allow(unused_assignments)]
                // SAFETY: the frame record's indices lie within its code.
                unsafe {
                    ip = instrs.add(f.ip);
                    lasti = instrs.add(f.lasti);
                }
            }};
        }

        // The index of stack pointer `p` in `Vm::stack`, as frame records keep it.
        macro_rules! index {
            ($p:expr) => {{
                // SAFETY: `p` points into the frame stack, as `stk` does.
                unsafe { $p.offset_from(stk) as usize }
            }};
        }
        // The index in `code.instrs` of code pointer `p`.
        macro_rules! off {
            ($p:expr) => {{
                // SAFETY: `p` points into `code.instrs`, as `instrs` does.
                unsafe { $p.offset_from(instrs) as usize }
            }};
        }
        // Moves `ip` `n` code units forward or back (jumps and skipping inline caches).
        macro_rules! fwd {
            ($n:expr) => {{
                let n: usize = $n;
                // SAFETY: the compiler's jumps and cache sizes land on instructions of this code.
                ip = unsafe { ip.add(n) };
            }};
        }
        macro_rules! back {
            ($n:expr) => {{
                let n: usize = $n;
                // SAFETY: as for `fwd!`.
                ip = unsafe { ip.sub(n) };
            }};
        }
        // Inline-cache unit `k` of the instruction being run.
        macro_rules! cache {
            ($k:expr) => {{
                let k: usize = $k;
                // SAFETY: the running instruction's cache lies within `code.instrs`, after it.
                unsafe { &*lasti.add(1 + k) }
            }};
        }
        // Writes the loop's registers back into the current frame record.
        macro_rules! save {
            ($ip:expr, $spi:expr, $lasti:expr) => {{
                let (ip, spi, lasti): (usize, usize, usize) = (off!($ip), $spi, off!($lasti));
                let f = &mut self.frames[fi];
                f.ip = ip;
                f.sp = spi;
                f.lasti = lasti;
            }};
        }
        // After a call that may start or stop a recorder: when the answer differs from this
        // instance's, saves the registers and leaves for the other instance.
        macro_rules! switch_if_recording_changed {
            () => {{
                if self.recorder_active() != REC {
                    save!(ip, index!(sp), lasti);
                    return None;
                }
            }};
        }
        // The slot `p` points to in the frame stack.
        macro_rules! slot {
            ($p:expr) => {{
                let p: *mut Value = $p;
                debug_assert!(index!(p) < self.stack.len());
                // SAFETY: `p` is below the stack's initialized length (see above); the reference lives for
                // one expression, while nothing else touches the slot.
                unsafe { &mut *p }
            }};
        }
        // Local slot `i` of the running frame.
        macro_rules! local {
            ($i:expr) => {{
                let i: usize = $i;
                // SAFETY: `i` is below the frame's `nlocalsplus`, within its extent.
                slot!(unsafe { locals.add(i) })
            }};
        }
        // The value `n` slots below `sp` (the top is `n = 1`).
        macro_rules! below {
            ($n:expr) => {{
                let n: usize = $n;
                // SAFETY: the compiler's stack depths keep `sp - n` within the frame's value stack.
                slot!(unsafe { sp.sub(n) })
            }};
        }
        macro_rules! push {
            ($v:expr) => {{
                let v: Value = $v;
                debug_assert!(
                    slot!(sp).is_null(),
                    "a value above the stack top of {} at {}: {:#x}",
                    code.name,
                    off!(lasti),
                    slot!(sp).raw()
                );
                // SAFETY: in bounds as for `slot!`; the slot above the top is empty
                // (:pop-clears:), so overwriting it leaks nothing.
                unsafe {
                    sp.write(v);
                    sp = sp.add(1);
                }
            }};
        }
        macro_rules! pop {
            () => {{
                // SAFETY: the compiler's stack depths keep a pop above the frame's locals.
                sp = unsafe { sp.sub(1) };
                std::mem::replace(slot!(sp), Value::NULL)
            }};
        }
        macro_rules! top {
            () => {
                *below!(1)
            };
        }
        macro_rules! peek {
            ($n:expr) => {
                *below!($n)
            };
        }
        // Fetches the instruction at `ip` into `opcode` and `oparg`, reporting it to an active
        // recorder. The dispatch loop fetches at the end of its body, so `continue 'dispatch`
        // runs the instruction at `lasti` again as `opcode` (just specialized, or its family's
        // generic form after a deopt) without fetching or recording it again, and `next!`
        // fetches first.
        let mut opcode: Opcode;
        let mut oparg: u32;
        macro_rules! fetch {
            () => {{
                lasti = ip;
                debug_assert!(off!(ip) < code.instrs.len());
                // SAFETY: `instrs` is `code.instrs` (reset with `code`), which `code` keeps
                // alive; every path of the compiler's bytecode ends in a return or raise
                // before the end, and jumps land on instructions, so `ip` stays in bounds.
                let unit = unsafe { (*ip).get() };
                fwd!(1);
                oparg = unit >> 8;
                // SAFETY: the compiler and the specializer write only opcodes.
                opcode = unsafe { Opcode::from_u8_unchecked(unit as u8) };
                if REC {
                    if !recording {
                        save!(lasti, index!(sp), lasti);
                        return None;
                    }
                    let depth = index!(sp) - index!(locals);
                    let tos = match depth.checked_sub(1).map(|i| &*local!(i)) {
                        Some(v) if depth > code.nlocalsplus && !v.is_null() => v.ty().name().to_string(),
                        _ => "-".to_string(),
                    };
                    recording = self.record_instruction(&code, off!(lasti), fi, tos);
                }
            }};
        }
        loop {
            // The dispatch loop; `break err` leaves it with a raised exception.
            // An exception thrown into a resumed generator is raised at its yield point.
            let pending = self.pending_throw.take();
            let err: PyErr = if let Some(e) = pending {
                // SAFETY: a saved `ip` above the start points into the code.
                lasti = if ip == instrs { ip } else { unsafe { ip.sub(1) } };
                e
            } else {
                fetch!();
                'dispatch: loop {
                    // Goes on with the next instruction.
                    macro_rules! next {
                        () => {{
                            fetch!();
                            continue 'dispatch;
                        }};
                    }
                    macro_rules! tri {
                        ($e:expr) => {
                            match $e {
                                Ok(v) => v,
                                Err(e) => {
                                    std::hint::cold_path();
                                    break 'dispatch e;
                                }
                            }
                        };
                    }
                    // Enters the Python function at `stack[fidx]` (self_or_null above it, then
                    // the arguments up to `sp`) and continues in the callee (no Rust recursion).
                    // A `BINARY_OP_PY` call gives its right operand and operator (:binop-frame:).
                    macro_rules! enter_function {
                        ($fidx:expr, $kwnames:expr, $init_self:expr) => {
                            enter_function!($fidx, $kwnames, $init_self, None::<(Value, u32)>)
                        };
                        ($fidx:expr, $kwnames:expr, $init_self:expr, $binop:expr) => {{
                            let fidx: usize = $fidx;
                            let (kwnames, init_self): (Value, Value) = ($kwnames, $init_self);
                            let binop: Option<(Value, u32)> = $binop;
                            save!(ip, fidx, lasti);
                            let base = tri!(self.enter_function(fidx, index!(sp), kwnames, init_self));
                            if let Some((rhs, op)) = binop {
                                self.set_binop_frame(rhs, op);
                            }
                            fi += 1;
                            code = self.frames[fi].code.clone();
                            instrs = code.instrs.as_ptr();
                            // A function's first instruction is a `RESUME`, which does
                            // nothing here: skip its dispatch (a recorder sees every
                            // instruction, so it still runs then).
                            let mut skip = (!recording && code.instrs[0].get() as u8 == Opcode::RESUME as u8) as usize;
                            if entry_traces_on && skip == 1 {
                                // Tier 2: a function's entry is a hotness point. When it
                                // fires, the RESUME runs, and forms the trace.
                                let c = code.entry_counter.get();
                                if counter::triggers(c) {
                                    skip = 0;
                                } else {
                                    code.entry_counter.set(counter::advance(c));
                                }
                            }
                            // SAFETY: a function's code has at least its RESUME and a return.
                            ip = unsafe { instrs.add(skip) };
                            // SAFETY: `enter_function` made the callee's extent fit the stack.
                            unsafe {
                                locals = stk.add(base);
                                sp = locals.add(code.nlocalsplus);
                            }
                            next!();
                        }};
                    }
                    // `LOAD_FAST` / `STORE_FAST` of slot `i` (also the halves of superinstructions).
                    macro_rules! load_fast {
                        ($i:expr) => {{
                            let i = $i as usize;
                            let v = local!(i);
                            if v.is_null() {
                                std::hint::cold_path();
                                break 'dispatch self.unbound_local(&code, i);
                            }
                            push!(v.clone());
                        }};
                    }
                    macro_rules! store_fast {
                        ($i:expr) => {{
                            let v = pop!();
                            *local!($i as usize) = v;
                        }};
                    }
                    // Runs an executor in this frame, then carries on in tier 1 where it left.
                    macro_rules! enter_executor {
                        ($ex:expr) => {{
                            save!(ip, index!(sp), lasti);
                            // The executor may leave in a frame its trace entered.
                            let leave = self.run_executor($ex, fi);
                            fi = self.frames.len() - 1;
                            load_frame!();
                            match leave {
                                // SAFETY: the executor leaves at an instruction of the frame's code.
                                Leave::Resume(t) => ip = unsafe { instrs.add(t) },
                                Leave::Error(e, at) => {
                                    // SAFETY: as above.
                                    lasti = unsafe { instrs.add(at) };
                                    break 'dispatch e;
                                }
                            }
                            switch_if_recording_changed!();
                            next!();
                        }};
                    }
                    {
                        // PEP 659: an adaptive instruction counts its counter (cache unit 0) down;
                        // when it fires, the specializer rewrites the instruction and it runs again
                        // in its new form. A specialized form that deopts lands here too, counting
                        // down its cooldown.
                        macro_rules! adaptive {
                            () => {
                                if specialize_on {
                                    let c = cache!(0).get();
                                    if counter::triggers(c) {
                                        std::hint::cold_path();
                                        self.specialize(&code, off!(lasti), fi, index!(sp));
                                        // SAFETY: `lasti` points to the running instruction.
                                        let unit = unsafe { (*lasti).get() };
                                        opcode = Opcode::from_u8(unit as u8).unwrap_or(opcode);
                                        // (`BINARY_SUBSCR_GETITEM` gets a new oparg.)
                                        oparg = unit >> 8;
                                        // SAFETY: the unit after `lasti` is where the fetch left `ip`.
                                        ip = unsafe { lasti.add(1) };
                                        continue 'dispatch;
                                    }
                                    cache!(0).set(counter::advance(c));
                                }
                            };
                        }
                        // The specialized instructions, derived from the expansion table: each
                        // runs its uop bodies in order (instantiated with `Tier1Rt`, so the
                        // runtime services inline). A guard failure runs the family's generic
                        // instruction instead.
                        if opcode as u8 >= Opcode::FIRST_SPECIALIZED {
                            macro_rules! tier1_cases {
                                ($( $name:ident = $( $uop:ident $(($_arg:ident))? $([$lo:literal $(, $hi:literal)?])? ),+ ; )*) => {
                                    match opcode {
                                        $( Opcode::$name => {
                                            // SAFETY: the instruction and its cache lie within `code.instrs`.
                                            let after = unsafe { lasti.add(1 + opcode.cache_size()) };
                                            let is_global = matches!(opcode, Opcode::LOAD_GLOBAL_MODULE | Opcode::LOAD_GLOBAL_BUILTIN);
                                            let mut cx = Ctx {
                                                sp: sp as *mut u64,
                                                locals: locals as *mut u64,
                                                consts: code.consts.as_ptr() as *const u64,
                                                names: code.names.as_ptr() as *const u64,
                                                globals: if is_global { self.frames[fi].globals.raw() } else { 0 },
                                                builtins: if is_global { self.builtins.raw() } else { 0 },
                                                vm: self as *mut Vm as *mut std::ffi::c_void,
                                                ip: 0,
                                                executor: std::ptr::null(),
                                                eval_breaker: tracelift_runtime::breaker::word(),
                                                chain: 0,
                                            };
                                            let step = 'uops: {
                                                $(
                                                    // SAFETY: the cache entries `$lo` and `$hi` lie within this
                                                    // instruction's cache (`opcode.cache_size()`), inside `code.instrs`.
                                                    let operand: u64 = 0 $( | cache!($lo).get() as u64 $( | (cache!($hi).get() as u64) << 32 )? )?;
                                                    if const { Uop::$uop.flags() & uflags::ESCAPES != 0 } {
                                                        save!(after, index!(cx.sp as *mut Value), lasti);
                                                    }
                                                    // SAFETY: the expansion's guards establish each body's preconditions;
                                                    // cx describes the running frame. (Every body gets the instruction's
                                                    // oparg: the `(One)` of `BINARY_OP_PY`'s frame uop is the call's
                                                    // argument count, which only the frame entry below reads.)
                                                    let st = unsafe { bodies::$uop::<Tier1Rt>(&mut cx, oparg, operand) };
                                                    if st != Step::Next {
                                                        break 'uops st;
                                                    }
                                                )+
                                                Step::Next
                                            };
                                            sp = cx.sp as *mut Value;
                                            match step {
                                                Step::Next => {
                                                    ip = after;
                                                    if stats_on && let Some(s) = self.spec_stats.as_deref_mut() {
                                                        s.hits[opcode as usize] += 1;
                                                        s.family[opcode.family() as usize].hit += 1;
                                                    }
                                                }
                                                Step::Deopt => {
                                                    std::hint::cold_path();
                                                    if stats_on && let Some(s) = self.spec_stats.as_deref_mut() {
                                                        s.family[opcode.family() as usize].miss += 1;
                                                    }
                                                    opcode = opcode.family();
                                                    // SAFETY: as for `after`.
                                                    ip = unsafe { lasti.add(1) };
                                                    continue 'dispatch;
                                                }
                                                Step::Error => {
                                                    std::hint::cold_path();
                                                    break 'dispatch self.uop_error.take().unwrap_or_else(|| {
                                                        PyErr::new(&tracelift_runtime::exc::SYSTEM_ERROR, "uop failed without an exception")
                                                    });
                                                }
                                                Step::Jump => {
                                                    ip = after;
                                                    fwd!(oparg as usize);
                                                }
                                                Step::Frame => {
                                                    ip = after;
                                                    if stats_on && let Some(s) = self.spec_stats.as_deref_mut() {
                                                        s.hits[opcode as usize] += 1;
                                                        s.family[opcode.family() as usize].hit += 1;
                                                    }
                                                    if opcode.family() == Opcode::BINARY_OP {
                                                        // :binop-frame: a call with one argument after `self`; the frame
                                                        // keeps both operands for its return.
                                                        let fidx = index!(sp) - 3;
                                                        let (a, b) = (self.stack[fidx + 1].clone(), self.stack[fidx + 2].clone());
                                                        enter_function!(fidx, Value::NULL, a, Some((b, oparg)));
                                                    }
                                                    let init_self = std::mem::take(&mut self.pending_init_self);
                                                    enter_function!(index!(sp) - 2 - oparg as usize, Value::NULL, init_self);
                                                }
                                            }
                                        } )*
                                        _ => break 'dispatch PyErr::new(&tracelift_runtime::exc::SYSTEM_ERROR, "bad opcode"),
                                    }
                                };
                            }
                            tracelift_uops::specialized_instructions!(tier1_cases! {});
                        } else {
                            match opcode {
                                Opcode::RESUME
                                    if entry_traces_on
                                        && oparg == 0
                                        && off!(lasti) == 0
                                        && counter::triggers(code.entry_counter.get()) =>
                                {
                                    // A hot function entry (tier 2): trace from here.
                                    let (next, attempt) = counter::hot_fired(code.entry_counter.get());
                                    code.entry_counter.set(next);
                                    if attempt {
                                        save!(ip, index!(sp), lasti);
                                        if let Some(ex) = self.tier2_hot_entry(&code, fi) {
                                            enter_executor!(ex);
                                        }
                                        switch_if_recording_changed!();
                                    }
                                }
                                Opcode::CACHE | Opcode::NOP | Opcode::RESUME => {}
                                Opcode::POP_TOP | Opcode::END_FOR => {
                                    drop(pop!());
                                }
                                Opcode::PUSH_NULL => push!(Value::NULL),
                                Opcode::COPY => {
                                    let v = peek!(oparg as usize).clone();
                                    push!(v);
                                }
                                Opcode::SWAP => {
                                    let n = oparg as usize;
                                    // SAFETY: both slots are live stack entries (in bounds as for `slot!`).
                                    unsafe { std::ptr::swap(sp.sub(1), sp.sub(n)) };
                                }
                                Opcode::LOAD_CONST => {
                                    let v = code.consts[oparg as usize].clone();
                                    push!(v);
                                }
                                // A superinstruction's halves (`oparg >> 4`, `oparg & 15`) name
                                // its two slots.
                                Opcode::LOAD_FAST => load_fast!(oparg),
                                Opcode::STORE_FAST => store_fast!(oparg),
                                Opcode::LOAD_FAST_LOAD_FAST => {
                                    load_fast!(oparg >> 4);
                                    load_fast!(oparg & 15);
                                }
                                Opcode::STORE_FAST_LOAD_FAST => {
                                    store_fast!(oparg >> 4);
                                    load_fast!(oparg & 15);
                                }
                                Opcode::STORE_FAST_STORE_FAST => {
                                    store_fast!(oparg >> 4);
                                    store_fast!(oparg & 15);
                                }
                                Opcode::DELETE_FAST => {
                                    let old = local!(oparg as usize).take();
                                    if old.is_null() {
                                        break 'dispatch self.unbound_local(&code, oparg as usize);
                                    }
                                }
                                // Generic instructions with one implementation for both tiers (`Vm::generic_op`);
                                // the adaptive ones count down to specialization first and skip their cache.
                                Opcode::STORE_GLOBAL
                                | Opcode::LOAD_NAME
                                | Opcode::STORE_NAME
                                | Opcode::UNARY_NEGATIVE
                                | Opcode::UNARY_NOT
                                | Opcode::UNARY_INVERT
                                | Opcode::BINARY_SLICE
                                | Opcode::STORE_SLICE
                                | Opcode::BUILD_SLICE
                                | Opcode::BUILD_TUPLE
                                | Opcode::BUILD_LIST
                                | Opcode::BUILD_MAP
                                | Opcode::FORMAT_SIMPLE
                                | Opcode::BEFORE_WITH
                                | Opcode::WITH_EXCEPT_START
                                | Opcode::GET_AWAITABLE
                                | Opcode::BUILD_STRING
                                | Opcode::LIST_EXTEND
                                | Opcode::SET_UPDATE
                                | Opcode::DICT_UPDATE
                                | Opcode::DICT_MERGE
                                | Opcode::BUILD_SET
                                | Opcode::DELETE_SUBSCR
                                | Opcode::CALL_INTRINSIC_1
                                | Opcode::FORMAT_WITH_SPEC
                                | Opcode::CONVERT_VALUE
                                | Opcode::UNPACK_EX
                                | Opcode::LOAD_ASSERTION_ERROR
                                | Opcode::MAKE_FUNCTION
                                | Opcode::SET_FUNCTION_ATTRIBUTE
                                | Opcode::MAKE_CELL
                                | Opcode::COPY_FREE_VARS => {
                                    let mut spi = index!(sp);
                                    let r = self.generic_op(opcode, oparg, &mut spi, fi);
                                    // SAFETY: `generic_op` keeps the index within the frame's value stack.
                                    sp = unsafe { stk.add(spi) };
                                    tri!(r);
                                }
                                Opcode::LOAD_GLOBAL
                                | Opcode::LOAD_ATTR
                                | Opcode::STORE_ATTR
                                | Opcode::TO_BOOL
                                | Opcode::CONTAINS_OP
                                | Opcode::BINARY_SUBSCR
                                | Opcode::STORE_SUBSCR
                                | Opcode::UNPACK_SEQUENCE => {
                                    adaptive!();
                                    let mut spi = index!(sp);
                                    let r = self.generic_op(opcode, oparg, &mut spi, fi);
                                    // SAFETY: `generic_op` keeps the index within the frame's value stack.
                                    sp = unsafe { stk.add(spi) };
                                    tri!(r);
                                    fwd!(opcode.cache_size());
                                }
                                Opcode::GET_ITER => {
                                    let v = pop!();
                                    push!(tri!(self.get_iter(&v)));
                                }
                                Opcode::DELETE_DEREF => {
                                    let cell = local!(oparg as usize).clone();
                                    let old = cell.as_cell().map(|c| c.slot().take()).unwrap_or(Value::NULL);
                                    if old.is_null() {
                                        break 'dispatch self.unbound_deref(&code, oparg as usize);
                                    }
                                }
                                Opcode::DELETE_GLOBAL => {
                                    let name = code.names[oparg as usize].clone();
                                    let g = self.frames[fi].globals.clone();
                                    if tri!(g.as_dict().expect("globals dict").remove(&name)).is_none() {
                                        break 'dispatch self.name_error(&name);
                                    }
                                }
                                Opcode::DELETE_NAME => {
                                    let name = code.names[oparg as usize].clone();
                                    let ns = self.frame_locals(fi);
                                    let removed = match ns.as_dict() {
                                        Some(d) => tri!(d.remove(&name)).is_some(),
                                        None => false,
                                    };
                                    if !removed {
                                        break 'dispatch self.name_error(&name);
                                    }
                                }
                                Opcode::DELETE_ATTR => {
                                    let owner = pop!();
                                    let name = code.names[oparg as usize].clone();
                                    tri!(self.del_attr(&owner, &name));
                                }
                                Opcode::BINARY_OP => {
                                    adaptive!();
                                    let rhs = pop!();
                                    let lhs = pop!();
                                    push!(tri!(self.binary_op_value(oparg, &lhs, &rhs)));
                                    fwd!(opcode.cache_size());
                                }
                                Opcode::COMPARE_OP => {
                                    adaptive!();
                                    let rhs = pop!();
                                    let lhs = pop!();
                                    let op = CompareOp::from_arg(oparg).unwrap_or(CompareOp::Eq);
                                    let r = if lhs.is_small() && rhs.is_small() {
                                        let (a, b) = (lhs.small_value(), rhs.small_value());
                                        Value::bool(match op {
                                            CompareOp::Lt => a < b,
                                            CompareOp::Le => a <= b,
                                            CompareOp::Eq => a == b,
                                            CompareOp::Ne => a != b,
                                            CompareOp::Gt => a > b,
                                            CompareOp::Ge => a >= b,
                                        })
                                    } else if let (Some(a), Some(b)) = (lhs.as_f64(), rhs.as_f64()) {
                                        Value::bool(match op {
                                            CompareOp::Lt => a < b,
                                            CompareOp::Le => a <= b,
                                            CompareOp::Eq => a == b,
                                            CompareOp::Ne => a != b,
                                            CompareOp::Gt => a > b,
                                            CompareOp::Ge => a >= b,
                                        })
                                    } else {
                                        let r = tri!(self.compare(op, &lhs, &rhs));
                                        if oparg & 16 != 0 && !r.is_bool() {
                                            Value::bool(tri!(self.truthy(&r)))
                                        } else {
                                            r
                                        }
                                    };
                                    push!(r);
                                    fwd!(opcode.cache_size());
                                }
                                Opcode::IS_OP => {
                                    let rhs = pop!();
                                    let lhs = pop!();
                                    push!(Value::bool(lhs.is(&rhs) != (oparg == 1)));
                                }
                                Opcode::SET_ADD => {
                                    let v = pop!();
                                    let s = peek!(oparg as usize).clone();
                                    tri!(s.as_set().expect("set").add(v));
                                }
                                Opcode::LIST_APPEND => {
                                    let v = pop!();
                                    let l = peek!(oparg as usize).clone();
                                    tri!(l.as_list().expect("list").push(v));
                                }
                                // Cells are read and written here rather than in `generic_op`: closures
                                // and 3.11-style comprehensions run them in their loops.
                                Opcode::LOAD_DEREF => {
                                    let v = local!(oparg as usize).as_cell().map_or(Value::NULL, |c| c.slot().clone());
                                    if v.is_null() {
                                        break 'dispatch self.unbound_deref(&code, oparg as usize);
                                    }
                                    push!(v);
                                }
                                Opcode::STORE_DEREF => {
                                    let v = pop!();
                                    if let Some(c) = local!(oparg as usize).as_cell() {
                                        // The old value is dropped after the store, as CPython's
                                        // `PyCell_SetTakeRef`.
                                        drop(std::mem::replace(c.slot(), v));
                                    }
                                }
                                Opcode::LOAD_CLOSURE => {
                                    let v = local!(oparg as usize).clone();
                                    push!(v);
                                }
                                Opcode::MAP_ADD => {
                                    let v = pop!();
                                    let k = pop!();
                                    let d = peek!(oparg as usize).clone();
                                    tri!(d.as_dict().expect("dict").set(k, v));
                                }
                                Opcode::FOR_ITER => {
                                    adaptive!();
                                    fwd!(opcode.cache_size());
                                    // Range and list iterators step in place (no call, no count traffic).
                                    let fast: Option<Option<Value>> = match top!().as_iter().map(|io| io.state()) {
                                        Some(IterState::Range { next, step, remaining }) => Some(if *remaining > 0 {
                                            let v = *next;
                                            *remaining -= 1;
                                            *next = next.wrapping_add(*step);
                                            Some(Value::int(v))
                                        } else {
                                            None
                                        }),
                                        Some(IterState::Seq { seq, index }) if seq.is_list() => {
                                            let item = seq.as_list().expect("list").items().get(*index).cloned();
                                            if item.is_some() {
                                                *index += 1;
                                            }
                                            Some(item)
                                        }
                                        _ => None,
                                    };
                                    if let Some(r) = fast {
                                        match r {
                                            Some(v) => push!(v),
                                            None => {
                                                drop(pop!());
                                                fwd!(oparg as usize);
                                            }
                                        }
                                        next!();
                                    }
                                    // A generator resumes as a frame of this loop (CPython 3.12's
                                    // FOR_ITER_GEN): its yield comes back here as the next item and its
                                    // return exhausts the loop (see YIELD_VALUE and RETURN_VALUE).
                                    if !recording
                                        && let Some(g) = top!().as_generator()
                                        && g.state().resumable()
                                    {
                                        let g = top!().clone();
                                        save!(ip, index!(sp), lasti);
                                        tri!(self.push_generator_frame(g, false, Some(Value::none())));
                                        fi += 1;
                                        load_frame!();
                                        next!();
                                    }
                                    let it = top!().clone();
                                    match tri!(self.iter_next(&it)) {
                                        Some(v) => push!(v),
                                        None => {
                                            drop(pop!());
                                            fwd!(oparg as usize);
                                        }
                                    }
                                }
                                Opcode::JUMP_FORWARD => fwd!(oparg as usize),
                                Opcode::JUMP_BACKWARD => {
                                    fwd!(opcode.cache_size());
                                    back!(oparg as usize);
                                    // A safe point: collect cycles, raise KeyboardInterrupt.
                                    if tracelift_runtime::breaker::get() != 0 {
                                        tri!(self.handle_breaker());
                                    }
                                    if tier2_on {
                                        // Hotness (tier 2): the back-edge counter in cache unit 0.
                                        let c = cache!(0).get();
                                        if counter::triggers(c) {
                                            let (next, attempt) = counter::hot_fired(c);
                                            cache!(0).set(next);
                                            if attempt {
                                                save!(ip, index!(sp), lasti);
                                                let ex = self.tier2_hot_loop(&code, off!(lasti), off!(ip), fi);
                                                if let Some(ex) = ex {
                                                    enter_executor!(ex);
                                                }
                                                switch_if_recording_changed!();
                                            }
                                        } else {
                                            cache!(0).set(counter::advance(c));
                                        }
                                    }
                                }
                                Opcode::ENTER_EXECUTOR => match code.executor(oparg as usize) {
                                    // Still a back-edge: a safe point.
                                    _ if tracelift_runtime::breaker::get() != 0 => {
                                        tri!(self.handle_breaker());
                                        // SAFETY: the unit after `lasti` is where the fetch left `ip`.
                                        ip = unsafe { lasti.add(1) };
                                        continue 'dispatch;
                                    }
                                    // While recording, a function's body runs in tier 1, so
                                    // that the recorder sees its instructions.
                                    Some(ex) if ex.entry && recording => next!(),
                                    Some(ex) => {
                                        // A function's entry: the trace starts after its RESUME.
                                        let target = if ex.entry {
                                            off!(lasti) + 1
                                        } else {
                                            off!(lasti) + 1 + opcode.cache_size() - ex.jump_oparg as usize
                                        };
                                        // SAFETY: the loop's start, where JUMP_BACKWARD jumped.
                                        ip = unsafe { instrs.add(target) };
                                        enter_executor!(ex);
                                    }
                                    None => {
                                        break 'dispatch PyErr::new(
                                            &tracelift_runtime::exc::SYSTEM_ERROR,
                                            "ENTER_EXECUTOR without an executor",
                                        );
                                    }
                                },
                                Opcode::JUMP_BACKWARD_NO_INTERRUPT => back!(oparg as usize),
                                Opcode::POP_JUMP_IF_FALSE | Opcode::POP_JUMP_IF_TRUE => {
                                    let v = pop!();
                                    let b = if v.is_true() {
                                        true
                                    } else if v.is_false() {
                                        false
                                    } else {
                                        tri!(self.truthy(&v))
                                    };
                                    fwd!(opcode.cache_size());
                                    let jump = b == (opcode == Opcode::POP_JUMP_IF_TRUE);
                                    if tier2_on {
                                        branch_history(&code, off!(lasti), jump);
                                    }
                                    if jump {
                                        fwd!(oparg as usize);
                                    }
                                }
                                Opcode::POP_JUMP_IF_NONE | Opcode::POP_JUMP_IF_NOT_NONE => {
                                    let v = pop!();
                                    fwd!(opcode.cache_size());
                                    let jump = v.is_none() == (opcode == Opcode::POP_JUMP_IF_NONE);
                                    if tier2_on {
                                        branch_history(&code, off!(lasti), jump);
                                    }
                                    if jump {
                                        fwd!(oparg as usize);
                                    }
                                }
                                Opcode::CALL | Opcode::CALL_KW => {
                                    if opcode == Opcode::CALL {
                                        adaptive!();
                                    }
                                    let kwnames = if opcode == Opcode::CALL_KW { pop!() } else { Value::NULL };
                                    let fidx = index!(sp) - oparg as usize - 2;
                                    fwd!(opcode.cache_size());
                                    if kwnames.is_null()
                                        && let Some(r) = self.range_from_stack(fidx, index!(sp))
                                    {
                                        // SAFETY: the call's slots from `fidx` up are empty now.
                                        sp = unsafe { stk.add(fidx) };
                                        push!(r);
                                        next!();
                                    }
                                    self.unpack_bound_method(fidx);
                                    // Calling a user class with a Python `__init__` and no `__new__`: make
                                    // the instance here and run `__init__` as an ordinary frame whose return
                                    // gives back the instance (CPython 3.13's CALL_ALLOC_AND_ENTER_INIT).
                                    let mut init_self = Value::NULL;
                                    if let Some(init) = self.init_for_class(fidx) {
                                        let cls = self.stack[fidx].clone();
                                        let inst =
                                            tracelift_runtime::object::new_instance(cls.as_type().expect("class"));
                                        self.stack[fidx] = init;
                                        self.stack[fidx + 1] = inst.clone();
                                        init_self = inst;
                                    }
                                    if self.stack[fidx].as_function().is_some() {
                                        enter_function!(fidx, kwnames, init_self);
                                    }
                                    save!(ip, fidx, lasti);
                                    let r = self.call_from_stack(fidx, index!(sp), kwnames);
                                    // SAFETY: the call consumed the slots from `fidx` up.
                                    sp = unsafe { stk.add(fidx) };
                                    push!(tri!(r));
                                }
                                Opcode::CALL_FUNCTION_EX => {
                                    // The callee runs nested, a Python one too (`Vm::generic_op`).
                                    save!(ip, index!(sp), lasti);
                                    let mut spi = index!(sp);
                                    let r = self.generic_op(opcode, oparg, &mut spi, fi);
                                    // SAFETY: `generic_op` keeps the index within the frame's value stack.
                                    sp = unsafe { stk.add(spi) };
                                    tri!(r);
                                }
                                Opcode::RETURN_VALUE | Opcode::RETURN_CONST => {
                                    let v = if opcode == Opcode::RETURN_VALUE {
                                        pop!()
                                    } else {
                                        code.consts[oparg as usize].clone()
                                    };
                                    if self.pop_plain_frame(index!(sp)) {
                                        fi -= 1;
                                        load_frame!();
                                        push!(v);
                                        next!();
                                    }
                                    let mut f = self.pop_frame_at(index!(sp));
                                    if !f.generator.is_null() {
                                        self.finish_generator(&f.generator);
                                    }
                                    if f.entry {
                                        self.yielded = false;
                                        if recording {
                                            self.recording_leaves_run(fi);
                                        }
                                        return Some(Ok(v));
                                    }
                                    if !f.generator.is_null() && recording {
                                        self.recording_leaves_run(fi);
                                        recording = REC && self.recorder_active();
                                    }
                                    fi -= 1;
                                    load_frame!();
                                    if !f.generator.is_null() {
                                        // SAFETY: `lasti` points to the caller's FOR_ITER or SEND, whose
                                        // target is in its code.
                                        let unit = unsafe { (*lasti).get() };
                                        let jump = (unit >> 8) as usize;
                                        ip = lasti;
                                        if unit as u8 == Opcode::SEND as u8 {
                                            // A generator resumed by this loop's SEND (`yield from`,
                                            // `await`) returned: its value is the SEND's result, and the
                                            // SEND jumps, the iterator staying below it.
                                            push!(v);
                                            fwd!(1 + Opcode::SEND.cache_size() + jump);
                                        } else {
                                            // A generator resumed by this loop's FOR_ITER finished: the
                                            // loop is exhausted.
                                            drop(v);
                                            drop(pop!());
                                            fwd!(1 + Opcode::FOR_ITER.cache_size() + jump);
                                        }
                                        next!();
                                    }
                                    // An `__init__`'s or a binary operator's dunder (:binop-frame:).
                                    let v = tri!(f.returned(v));
                                    push!(v);
                                }
                                Opcode::RETURN_GENERATOR => {
                                    let g = self.make_generator(fi, off!(ip), index!(sp));
                                    let f = self.pop_frame();
                                    if f.entry {
                                        if recording {
                                            self.recording_leaves_run(fi);
                                        }
                                        return Some(Ok(g));
                                    }
                                    fi -= 1;
                                    load_frame!();
                                    push!(g);
                                }
                                Opcode::YIELD_VALUE => {
                                    let v = pop!();
                                    save!(ip, index!(sp), lasti);
                                    // The generator takes every live slot (`base .. sp`): nothing is
                                    // left to release.
                                    if !self.yield_frame() {
                                        // Resumed by this loop's FOR_ITER or SEND: the value is its next
                                        // item, or the SEND's result.
                                        if recording {
                                            self.recording_leaves_run(fi);
                                            recording = REC && self.recorder_active();
                                        }
                                        fi -= 1;
                                        load_frame!();
                                        push!(v);
                                        next!();
                                    }
                                    self.yielded = true;
                                    if recording {
                                        self.recording_leaves_run(fi);
                                    }
                                    return Some(Ok(v));
                                }
                                Opcode::GET_YIELD_FROM_ITER => {
                                    let v = pop!();
                                    if v.is_type(&crate::objects::COROUTINE_TYPE) {
                                        break 'dispatch type_error(
                                            "cannot 'yield from' a coroutine object in a non-coroutine generator",
                                        );
                                    }
                                    let it = if v.as_generator().is_some() { v } else { tri!(self.get_iter(&v)) };
                                    push!(it);
                                }
                                Opcode::SEND => {
                                    let v = pop!();
                                    fwd!(opcode.cache_size());
                                    // A generator or coroutine resumes as a frame of this loop (CPython
                                    // 3.12's SEND_GEN): its yield comes back here as the result and its
                                    // return jumps (see YIELD_VALUE and RETURN_VALUE). Through
                                    // `send`, every level of a `yield from` chain was a nested run.
                                    if !recording
                                        && let Some(g) = top!().as_generator()
                                        && g.state().resumable()
                                    {
                                        let g = top!().clone();
                                        save!(ip, index!(sp), lasti);
                                        tri!(self.push_generator_frame(g, false, Some(v)));
                                        fi += 1;
                                        load_frame!();
                                        next!();
                                    }
                                    let it = top!().clone();
                                    match tri!(self.send(&it, v)) {
                                        Ok(y) => push!(y),
                                        Err(ret) => {
                                            push!(ret);
                                            fwd!(oparg as usize);
                                        }
                                    }
                                }
                                Opcode::END_SEND => {
                                    let v = pop!();
                                    drop(pop!());
                                    push!(v);
                                }
                                Opcode::LOAD_BUILD_CLASS => {
                                    let b = tri!(self.builtin("__build_class__"));
                                    push!(b);
                                }
                                Opcode::RAISE_VARARGS => {
                                    let e = match oparg {
                                        0 => {
                                            if self.handled_exc.is_null() || self.handled_exc.is_none() {
                                                break 'dispatch PyErr::new(
                                                    &RUNTIME_ERROR,
                                                    "No active exception to reraise",
                                                );
                                            }
                                            self.skip_tb = true;
                                            PyErr(self.handled_exc.clone())
                                        }
                                        1 => {
                                            let v = pop!();
                                            tri!(self.make_raisable(v))
                                        }
                                        _ => {
                                            let cause = pop!();
                                            let v = pop!();
                                            let e = tri!(self.make_raisable(v));
                                            let cause =
                                                if cause.is_none() { cause } else { tri!(self.make_raisable(cause)).0 };
                                            *e.exc().cause() = cause;
                                            e.exc().suppress_context.set(true);
                                            e
                                        }
                                    };
                                    break 'dispatch e;
                                }
                                Opcode::RERAISE => {
                                    let exc = pop!();
                                    for _ in 0..oparg {
                                        drop(pop!());
                                    }
                                    self.skip_tb = true;
                                    break 'dispatch PyErr(exc);
                                }
                                Opcode::PUSH_EXC_INFO => {
                                    let exc = pop!();
                                    let prev = std::mem::replace(&mut self.handled_exc, exc.clone());
                                    push!(if prev.is_null() { Value::none() } else { prev });
                                    push!(exc);
                                }
                                Opcode::POP_EXCEPT => {
                                    let prev = pop!();
                                    self.handled_exc = if prev.is_none() { Value::NULL } else { prev };
                                }
                                Opcode::CHECK_EXC_MATCH => {
                                    let ty = pop!();
                                    let exc = top!().clone();
                                    let r = tri!(self.exc_matches(&exc, &ty));
                                    push!(Value::bool(r));
                                }
                                Opcode::IMPORT_NAME => {
                                    let fromlist = pop!();
                                    let _level = pop!();
                                    let name = code.names[oparg as usize].clone();
                                    save!(ip, index!(sp), lasti);
                                    let m = tri!(self.import_module(name.as_str().unwrap_or(""), &fromlist));
                                    push!(m);
                                }
                                Opcode::IMPORT_FROM => {
                                    let m = top!().clone();
                                    let name = code.names[oparg as usize].clone();
                                    let v = tri!(self.import_from(&m, &name));
                                    push!(v);
                                }
                                _ => break 'dispatch PyErr::new(&tracelift_runtime::exc::SYSTEM_ERROR, "bad opcode"),
                            }
                        }
                    }
                    fetch!();
                }
            };
            // Exception unwinding (`err` was raised by the instruction at `lasti`).
            if recording {
                self.abandon_recording();
                recording = false;
            }
            let mut exc = err.0;
            loop {
                if self.skip_tb {
                    self.skip_tb = false;
                } else {
                    self.add_traceback(&exc, &code, off!(lasti));
                }
                if let Some(h) = code.co.handler_for(off!(lasti)).copied() {
                    // SAFETY: the handler's depth lies within the frame's value stack.
                    let target_sp = unsafe { locals.add(code.nlocalsplus + h.depth as usize) };
                    while sp > target_sp {
                        drop(pop!());
                    }
                    if h.lasti {
                        push!(Value::int(off!(lasti) as i64));
                    }
                    push!(exc);
                    // SAFETY: handler targets are instructions of this code.
                    ip = unsafe { instrs.add(h.target as usize) };
                    break;
                }
                let f = self.pop_frame();
                if !f.generator.is_null() {
                    self.finish_generator(&f.generator);
                }
                if f.entry {
                    return Some(Err(PyErr(exc)));
                }
                if !f.generator.is_null() && PyErr(exc.clone()).matches(&STOP_ITERATION) {
                    // Out of a generator resumed by FOR_ITER here, as `gen_enter` does.
                    let coroutine = f.generator.is_type(&crate::objects::COROUTINE_TYPE);
                    exc = crate::generators::stop_iteration_escaped(PyErr(exc), coroutine).0;
                }
                fi -= 1;
                load_frame!();
            }
        }
    }

    fn recorder_active(&self) -> bool {
        self.tier2.as_deref().is_some_and(|t| t.recorder.is_some())
    }

    pub(crate) fn unbound_local(&self, code: &Code, idx: usize) -> PyErr {
        let name = code.co.localsplusnames.get(idx).cloned().unwrap_or_default();
        PyErr::new(
            &UNBOUND_LOCAL_ERROR,
            format!("cannot access local variable '{name}' where it is not associated with a value"),
        )
    }

    pub(crate) fn unbound_deref(&self, code: &Code, idx: usize) -> PyErr {
        let name = code.co.localsplusnames.get(idx).cloned().unwrap_or_default();
        let kind = code.co.localspluskinds.get(idx).copied().unwrap_or(0);
        if kind & tracelift_compiler::code::kinds::FREE != 0 {
            PyErr::new(
                &NAME_ERROR,
                format!(
                    "cannot access free variable '{name}' where it is not associated with a value in enclosing scope"
                ),
            )
        } else {
            PyErr::new(
                &UNBOUND_LOCAL_ERROR,
                format!("cannot access local variable '{name}' where it is not associated with a value"),
            )
        }
    }

    /// `NameError: name 'x' is not defined`.
    pub fn name_error(&self, name: &Value) -> PyErr {
        let e = PyErr::new(&NAME_ERROR, format!("name '{}' is not defined", name.as_str().unwrap_or("?")));
        if let Some(f) = self.frames.last() {
            let locals: Vec<Value> = f
                .code
                .co
                .localspluskinds
                .iter()
                .zip(&f.code.localsplus_names)
                .filter(|(k, _)| **k & tracelift_compiler::code::kinds::LOCAL != 0)
                .map(|(_, n)| n.clone())
                .collect();
            *e.exc().suggestion_context() = Value::tuple(vec![name.clone(), Value::tuple(locals), f.globals.clone()]);
        }
        e
    }

    /// The locals namespace of frame `fi` (its locals dict, or globals for module code).
    pub(crate) fn frame_locals(&self, fi: usize) -> Value {
        let f = &self.frames[fi];
        if f.locals.is_null() { f.globals.clone() } else { f.locals.clone() }
    }

    pub(crate) fn store_subscr_dict(&mut self, ns: &Value, name: Value, v: Value) -> PyResult<()> {
        match ns.as_dict() {
            Some(d) => d.set(name, v),
            None => self.set_item(ns, name, v),
        }
    }

    /// `LOAD_GLOBAL`: globals, then builtins.
    pub fn load_global(&mut self, globals: &Value, name: &Value) -> PyResult<Value> {
        if let Some(v) = globals.as_dict().and_then(|d| d.get_name(name)) {
            return Ok(v);
        }
        if let Some(v) = self.builtins.as_dict().and_then(|d| d.get_name(name)) {
            return Ok(v);
        }
        Err(self.name_error(name))
    }

    pub(crate) fn load_name(&mut self, fi: usize, name: &Value) -> PyResult<Value> {
        let f = &self.frames[fi];
        if !f.locals.is_null() {
            let locals = f.locals.clone();
            if let Some(d) = locals.as_dict()
                && let Some(v) = d.get(name)?
            {
                return Ok(v);
            }
        }
        let globals = self.frames[fi].globals.clone();
        self.load_global(&globals, name)
    }

    /// A builtin by name.
    pub fn builtin(&self, name: &str) -> PyResult<Value> {
        self.builtins
            .as_dict()
            .and_then(|d| d.get_str(name))
            .ok_or_else(|| PyErr::new(&NAME_ERROR, format!("name '{name}' is not defined")))
    }

    /// Turns the operand of `raise` into an exception instance (instantiating classes).
    fn make_raisable(&mut self, v: Value) -> PyResult<PyErr> {
        if let Some(t) = v.as_type() {
            if t.kind == Kind::Exception {
                let inst = self.call_value(&v, Vec::new(), Vec::new())?;
                if inst.as_exception().is_some() {
                    return Ok(PyErr(inst));
                }
            }
            return Err(type_error("exceptions must derive from BaseException"));
        }
        if v.as_exception().is_some() {
            return Ok(PyErr(v));
        }
        Err(type_error("exceptions must derive from BaseException"))
    }

    /// `CHECK_EXC_MATCH`.
    fn exc_matches(&mut self, exc: &Value, ty: &Value) -> PyResult<bool> {
        if let Some(items) = ty.as_tuple() {
            for t in items {
                if self.exc_matches(exc, t)? {
                    return Ok(true);
                }
            }
            return Ok(false);
        }
        match ty.as_type() {
            Some(t) if t.kind == Kind::Exception => Ok(exc.ty().is_subtype(t)),
            _ => Err(type_error("catching classes that do not inherit from BaseException is not allowed")),
        }
    }

    /// Appends the frame's current line to the exception's traceback.
    fn add_traceback(&mut self, exc: &Value, code: &Code, lasti: usize) {
        if let Some(e) = exc.as_exception() {
            let line = code.co.line_for(lasti);
            e.traceback().push(tracelift_runtime::exc::TraceEntry {
                filename: code.filename.clone(),
                name: code.name.clone(),
                line,
            });
            // Chain the exception being handled as the implicit context.
            if !self.handled_exc.is_null() && !self.handled_exc.is(exc) && e.context().is_null() {
                *e.context() = self.handled_exc.clone();
            }
        }
    }
}

/// Shifts one branch outcome into the 16-bit history of the branch at `at` (read by
/// projection to predict the branch, as CPython 3.13 does).
#[inline(always)]
fn branch_history(code: &Code, at: usize, jumped: bool) {
    let h = code.instrs[at + 1].get();
    code.instrs[at + 1].set(((h << 1) | jumped as u32) & 0xffff);
}
