//! The per-uop part of the lowering: [`Lower::trace`] and the exhaustive match over the uop
//! enum that gives each uop its hand-written IR or its body's call, with the larger
//! lowerings it uses. The machinery they share (the SSA stack, exits, refcounts, calls) is
//! in the parent module.

use cranelift_codegen::ir::condcodes::{FloatCC, IntCC};
use cranelift_codegen::ir::{InstBuilder, Value, types};
use tracelift_uops::Uop;
use tracelift_uops::abi::{self, EXEC_HEAD_VALID_OFFSET, Known, Rt, leave};
use tracelift_uops::trace::{UopInst, frame_codes};
use tracelift_vm::tier1rt::Tier1Rt;

use std::rc::Rc;
use tracelift_vm::objects::Code;

use super::{F64, I32, I64, ITER_STATE, Lower, Peel, Slot};
use tracelift_runtime::array::ARRAY_CODE_OFFSET;

impl<'a, 'f> Lower<'a, 'f> {
    /// Constant `idx` of the running frame's code, if it is a float: its value and the
    /// address of its box.
    fn float_const(&self, idx: u32) -> Option<(f64, u64)> {
        if self.code.is_null() {
            return None;
        }
        // SAFETY: `code` is null or a code `body` holds alive while it lowers the uop.
        let code = unsafe { &*self.code };
        let v = code.consts.get(idx as usize)?;
        v.as_f64().map(|f| (f, v.raw()))
    }

    /// :const-word: constant `idx` of the running code: its word, and whether it is a
    /// counted (mortal) object.
    fn code_const(&self, idx: u32) -> Option<(u64, bool)> {
        if self.code.is_null() {
            return None;
        }
        // SAFETY: as in `float_const`.
        let code = unsafe { &*self.code };
        let v = code.consts.get(idx as usize)?;
        Some((v.raw(), v.refcount() != isize::MAX))
    }

    /// Lowers every uop of the trace.
    pub fn trace(&mut self) {
        // A fused uop is lowered as its parts (:float-store:): float locals stay unboxed in
        // registers here, and the store's lowering overwrites a dead box where it must box.
        let uops: Vec<UopInst> =
            self.ex.uops.iter().flat_map(|u| u.parts().map_or_else(|| vec![*u], |p| p.to_vec())).collect();
        self.body(&uops);
        // :unboxed-local: the first back-edge carried float locals to a second head; the
        // loop runs in that second copy from its second iteration on. The counters describe
        // the trace once.
        if let Peel::Pending(h2, carried) = std::mem::replace(&mut self.peel, Peel::None) {
            let params = self.b.block_params(h2).to_vec();
            self.peel = Peel::Second(h2, carried.clone());
            self.b.switch_to_block(h2);
            self.start_segment();
            self.root_tables();
            // :empty-slot: both edges into the second head leave these slots null.
            let locals = self.locals;
            self.empty = self.empty_at_h2.iter().map(|&i| (locals, i)).collect();
            self.shadow = carried.into_iter().zip(params).collect();
            self.ip = uops.first().map_or(0, |u| u.target as u64);
            self.ip_stored = true;
            let counts = (self.stores_saved, self.floats_unboxed);
            self.body(&uops);
            (self.stores_saved, self.floats_unboxed) = counts;
            self.b.seal_block(h2);
        }
        self.b.seal_block(self.head);
        if let Some(s) = self.stub {
            self.b.seal_block(s);
        }
        for (_, wb) in std::mem::take(&mut self.write_backs) {
            self.b.seal_block(wb);
        }
    }

    /// Lowers the uops once, from the current block.
    fn body(&mut self, uops: &[UopInst]) {
        let root = self.ex.code.upgrade().map_or(0, |c| Rc::as_ptr(&c) as u64);
        // The code of the frame each uop runs in (for its constants), held while the
        // lowering reads it. A callee's or a caller's code can have died since the trace
        // was formed (the executor keeps them weakly): its frames' constants are then
        // unknown (null), never read from freed memory.
        let mut alive: Vec<(u64, Option<Rc<Code>>)> = Vec::new();
        let codes: Vec<*const Code> = frame_codes(uops, root)
            .into_iter()
            .map(|a| {
                if let Some((_, c)) = alive.iter().find(|(k, _)| *k == a) {
                    return c.as_ref().map_or(std::ptr::null(), Rc::as_ptr);
                }
                let c = (a != 0).then(|| self.ex.known_code(a)).flatten();
                let p = c.as_ref().map_or(std::ptr::null(), Rc::as_ptr);
                alive.push((a, c));
                p
            })
            .collect();
        self.entered.clear();
        for (u, &code) in uops.iter().zip(&codes) {
            self.code = code;
            self.uop(u);
            match u.uop {
                Uop::_PUSH_FRAME => self.call_guard = None,
                Uop::_CHECK_FUNCTION_EXACT_ARGS => self.call_guard = Some((u.target, u.operand)),
                _ => {}
            }
        }
        // A trace ends with `_JUMP_TO_TOP` or a leaving uop; should it run off its end, it
        // returns a deopt at its last target.
        if !self.b.is_unreachable() {
            let t = uops.last().map_or(0, |u| u.target);
            self.flush_pending();
            self.flush();
            let r = self.iconst(leave::encode(leave::DEOPT, 0, t));
            self.b.ins().return_(&[r]);
        }
        // `alive` goes now: nothing may read the code after this.
        self.code = std::ptr::null();
    }

    /// Lowers one uop: hand-written IR for the hot ones, a call of its body for the rest.
    /// Exhaustive on purpose: a new uop must be placed here (the fallback is one word).
    fn uop(&mut self, u: &UopInst) {
        use Uop::*;
        // :ip-at-error: a uop that can only raise may have lost its `_SET_IP`; it raises at
        // its own target, which it names as the dropped `_SET_IP` did (lazily, as that did).
        if u.uop.names_own_ip() && self.ip != u.target as u64 {
            self.ip = u.target as u64;
            self.ip_stored = false;
        }
        // :borrowed: only these uops keep what a borrowed slot borrows alive: they run no
        // code and store nothing (a float's box, released by a float operation, frees no
        // local's or attribute's object). Before any other, borrowed slots own their words.
        let keeps_borrows = match u.uop {
            _LOAD_FAST
            | _LOAD_CLOSURE
            | _LOAD_FAST_CHECK
            | _LOAD_CONST
            | _LOAD_CONST_INLINE
            | _PUSH_NULL
            | _COPY
            | _SWAP
            | _SET_IP
            | _CHECK_VALIDITY
            | _GUARD_TOS_FLOAT
            | _GUARD_NOS_FLOAT
            | _GUARD_TOS_INT
            | _GUARD_NOS_INT
            | _GUARD_NOS_LIST
            | _GUARD_NOS_TUPLE
            | _BINARY_OP_ADD_INT
            | _BINARY_OP_SUBTRACT_INT
            | _BINARY_OP_MULTIPLY_INT
            | _BINARY_OP_REMAINDER_INT
            | _BINARY_OP_FLOOR_DIVIDE_INT
            | _BINARY_OP_AND_INT
            | _BINARY_OP_OR_INT
            | _BINARY_OP_XOR_INT
            | _BINARY_OP_LSHIFT_INT
            | _BINARY_OP_RSHIFT_INT
            | _COMPARE_OP_INT
            | _GUARD_TYPE_VERSION
            | _LOAD_ATTR_INSTANCE_VALUE
            | _LOAD_ATTR_INSTANCE_KNOWN
            | _LOAD_ATTR_SLOT
            | _BINARY_SUBSCR_LIST_INT
            | _BINARY_SUBSCR_TUPLE_INT
            | _BINARY_OP_ADD_FLOAT
            | _BINARY_OP_SUBTRACT_FLOAT
            | _BINARY_OP_MULTIPLY_FLOAT
            | _BINARY_OP_TRUE_DIVIDE_FLOAT
            | _BINARY_OP_POWER_FLOAT
            | _BINARY_OP_FLOAT_INT
            | _BINARY_OP_INT_FLOAT
            | _BINARY_OP_TRUE_DIVIDE_INT
            | _COMPARE_OP_FLOAT
            | _COMPARE_OP_FLOAT_INT
            | _COMPARE_OP_INT_FLOAT
            | _GUARD_TYPE_PLAIN
            | _GUARD_NO_SHADOW
            | _GUARD_NO_SHADOW_KNOWN
            | _TO_BOOL_BOOL
            | _GUARD_IS_TRUE_POP
            | _GUARD_IS_FALSE_POP
            | _GUARD_IS_NONE_POP
            | _GUARD_IS_NOT_NONE_POP
            | _CHECK_FUNCTION_EXACT_ARGS
            | _CALL_BUILTIN_SQRT => true,
            // Releasing an int or a float runs no code; anything else leaves first.
            _BINARY_OP_NUM => Self::num_op(u).is_some(),
            // A type-cache lookup and a reshuffle: no code runs.
            _CHECK_GETITEM | _CHECK_BINOP_PY => true,
            _INIT_GETITEM_CALL | _INIT_BINOP_CALL => self.dunder.is_some(),
            // Runs no code until it releases its object, last: only its own inputs may stay
            // borrowed.
            _CALL_ISINSTANCE if self.isinstance_class(u).is_some() => {
                self.own_borrowed_below(4);
                true
            }
            // A store into a container may release the old value (and run its `__del__`):
            // every other borrowed slot takes its own reference first, but the container (and
            // a list's index) is used up to the store and released after it only if owned.
            _STORE_ATTR_INSTANCE_VALUE | _STORE_ATTR_INSTANCE_KNOWN | _STORE_ATTR_SLOT => {
                self.own_borrowed_below(1);
                true
            }
            _STORE_SUBSCR_LIST_INT if self.layouts.is_some() => {
                self.own_borrowed_below(2);
                true
            }
            // Popping a borrowed slot releases nothing.
            _POP_TOP => self.is_borrowed(1),
            // Nor does unpacking a borrowed sequence: its items are counted, it is not released.
            _UNPACK_SEQUENCE_TWO_TUPLE | _UNPACK_SEQUENCE_TUPLE | _UNPACK_SEQUENCE_LIST => {
                self.is_borrowed(1) && self.unpacks_inline(u)
            }
            _ => false,
        };
        if !keeps_borrows {
            self.own_borrowed();
        }
        // :dunder-call: what a check found serves only the uop right after it.
        if !matches!(u.uop, _INIT_GETITEM_CALL | _INIT_BINOP_CALL | _SET_IP | _CHECK_VALIDITY) {
            self.dunder = None;
        }
        match u.uop {
            _NOP | _START_EXECUTOR | _MAKE_WARM => {}
            _SET_IP => {
                self.ip = u.operand;
                self.ip_stored = false;
            }
            _CHECK_VALIDITY => {
                let head = self.iconst(&*self.ex.head as *const abi::ExecHead as u64);
                let valid = self.load(I32, head, EXEC_HEAD_VALID_OFFSET as i32);
                let cx = self.cx;
                let word = self.load(I64, cx, cx_off!(eval_breaker));
                let bits = self.load(I32, word, 0);
                let sigint = self.b.ins().band_imm_u(bits, abi::BREAKER_SIGINT as i64);
                let invalid = self.b.ins().icmp_imm_s(IntCC::Equal, valid, 0);
                let pending = self.b.ins().icmp_imm_s(IntCC::NotEqual, sigint, 0);
                let leave = self.b.ins().bor(invalid, pending);
                self.leave_if(leave, u);
            }
            _JUMP_TO_TOP => self.jump_to_top(u),
            _EXIT_TRACE => self.leave_always(u),
            _LOAD_FAST | _LOAD_FAST_CHECK if self.shadowed(u.oparg).is_some() => {
                // :unboxed-local: the local's value is an `f64` in a register.
                let f = self.shadowed(u.oparg).expect("checked");
                self.push_slot(Slot::Float(f));
            }
            _STORE_FAST if self.unbox_locals && self.is_unboxed_float(1) => self.store_unboxed_local(u.oparg),
            _LOAD_FAST | _LOAD_CLOSURE => {
                // :borrowed: the local holds the reference (a cell, for `_LOAD_CLOSURE`).
                let v = self.local_word(u.oparg);
                self.push_slot(Slot::Borrowed(v));
            }
            _LOAD_CONST if self.float_const(u.oparg).is_some() => {
                // :unboxed-float: a float constant is an `f64` immediate; its box (kept alive
                // by the code) is only referenced if something needs the object.
                let (f, w) = self.float_const(u.oparg).expect("checked");
                let f = self.b.ins().f64const(f);
                self.push_slot(Slot::Const(f, w));
            }
            _LOAD_CONST_INLINE => {
                // SAFETY: the operand is an object the executor depends on (the optimizer
                // promoted it; a change invalidates the executor before the object can go), so
                // it is alive while the trace is compiled; the borrowed view is forgotten, never
                // released.
                let obj = std::mem::ManuallyDrop::new(unsafe { tracelift_runtime::Value::from_raw(u.operand) });
                if let (Some(f), 0) = (obj.as_f64(), u.oparg & 1) {
                    // :unboxed-float: a promoted float global is an immediate, as a constant is.
                    let f = self.b.ins().f64const(f);
                    self.push_slot(Slot::Const(f, u.operand));
                } else {
                    let v = self.iconst(u.operand);
                    if u.operand & 1 == 0 {
                        self.const_objs.insert(v);
                    }
                    // A small int or an immortal needs no count (known now, and for good).
                    // :borrowed: another object is held by the dict the optimizer read it
                    // from, which only a uop off the borrowing list can change.
                    if obj.refcount() != isize::MAX {
                        self.known_obj(v);
                        self.push_slot(Slot::Borrowed(v));
                    } else {
                        self.never_count(v);
                        self.push(v);
                    }
                    if u.oparg & 1 != 0 {
                        let z = self.iconst(0);
                        self.push(z);
                    }
                }
            }
            _LOAD_CONST if self.code_const(u.oparg).is_some() => {
                // :const-word: the constant's word is an immediate. The code holds the
                // reference and outlives the run, so a counted object is pushed borrowed; a
                // small int or an immortal is never counted.
                let (raw, counted) = self.code_const(u.oparg).expect("checked");
                let w = self.iconst(raw);
                if raw & 1 == 0 {
                    self.const_objs.insert(w);
                }
                if counted {
                    self.known_obj(w);
                    self.push_slot(Slot::Borrowed(w));
                } else {
                    self.never_count(w);
                    self.push(w);
                }
            }
            _LOAD_CONST => {
                let c = self.reg(self.consts);
                let v = self.load(I64, c, (u.oparg * 8) as i32);
                self.incref(v);
                self.push(v);
            }
            _STORE_FAST => {
                self.shadow.retain(|e| e.0 != u.oparg);
                self.empty.retain(|e| e.1 != u.oparg);
                self.forget_local(u.oparg);
                let v = self.pop();
                let l = self.locals;
                let old = self.load(I64, l, (u.oparg * 8) as i32);
                self.store(v, l, (u.oparg * 8) as i32);
                self.decref(old);
                // :local-reuse: a load of it further on is this word.
                self.local_vals.push((l, u.oparg, v));
            }
            _POP_TOP if self.is_borrowed(1) => {
                self.st.vals.pop();
            }
            _POP_TOP => {
                let v = self.pop();
                self.decref(v);
            }
            _PUSH_NULL => {
                let z = self.iconst(0);
                self.push(z);
            }
            _COPY if self.is_borrowed(u.oparg as usize) => {
                // :borrowed: a copy of a borrowed word borrows the same reference.
                let v = self.peek_word(u.oparg as usize);
                self.push_slot(Slot::Borrowed(v));
            }
            _COPY => {
                let v = self.peek(u.oparg as usize);
                self.incref(v);
                self.push(v);
            }
            _SWAP if (u.oparg as usize) <= self.st.vals.len() => {
                // Both in SSA: the slots trade places as they are (an unboxed float stays so).
                let k = self.st.vals.len();
                self.st.vals.swap(k - 1, k - u.oparg as usize);
            }
            _SWAP => {
                let n = u.oparg as usize;
                let (top, other) = (self.peek(1), self.peek(n));
                self.set(1, other);
                self.set(n, top);
            }
            _GUARD_TOS_INT | _GUARD_NOS_INT => {
                let w = self.peek_word(if u.uop == _GUARD_TOS_INT { 1 } else { 2 });
                let tag = self.b.ins().band_imm_u(w, 1);
                let not_int = self.b.ins().icmp_imm_s(IntCC::Equal, tag, 0);
                self.leave_if(not_int, u);
            }
            _GUARD_TOS_FLOAT | _GUARD_NOS_FLOAT
                if self.is_unboxed_float(if u.uop == _GUARD_TOS_FLOAT { 1 } else { 2 }) =>
            {
                // An unboxed float needs no check.
            }
            _GUARD_TOS_FLOAT | _GUARD_NOS_FLOAT => {
                let w = self.peek_word(if u.uop == _GUARD_TOS_FLOAT { 1 } else { 2 });
                self.type_guard(u, w, Known::FloatType);
            }
            _BINARY_OP_ADD_INT | _BINARY_OP_SUBTRACT_INT => self.int_add_sub(u),
            _BINARY_OP_MULTIPLY_INT => self.int_mul(u),
            _BINARY_OP_REMAINDER_INT
            | _BINARY_OP_FLOOR_DIVIDE_INT
            | _BINARY_OP_AND_INT
            | _BINARY_OP_OR_INT
            | _BINARY_OP_XOR_INT
            | _BINARY_OP_LSHIFT_INT
            | _BINARY_OP_RSHIFT_INT => self.int_other(u),
            _COMPARE_OP_INT => {
                let b = self.pop_small();
                let a = self.pop_small();
                let cc = match u.oparg >> 5 {
                    0 => IntCC::SignedLessThan,
                    1 => IntCC::SignedLessThanOrEqual,
                    2 => IntCC::Equal,
                    3 => IntCC::NotEqual,
                    4 => IntCC::SignedGreaterThan,
                    _ => IntCC::SignedGreaterThanOrEqual,
                };
                let c = self.b.ins().icmp(cc, a, b);
                let w = self.bool_word(c);
                self.push(w);
            }
            _COMPARE_OP_FLOAT => {
                let (y, rhs) = self.pop_float();
                let (x, lhs) = self.pop_float();
                let cc = float_cc(u.oparg);
                let c = self.b.ins().fcmp(cc, x, y);
                for w in [lhs, rhs].into_iter().flatten() {
                    self.decref(w);
                }
                let w = self.bool_word(c);
                self.push(w);
            }
            _COMPARE_OP_FLOAT_INT | _COMPARE_OP_INT_FLOAT => {
                let int_first = u.uop == _COMPARE_OP_INT_FLOAT;
                // Beyond 2**53 CPython compares exactly and a float conversion could round.
                let iw = self.peek_word(if int_first { 2 } else { 1 });
                let v = self.b.ins().sshr_imm_u(iw, 1);
                let shifted = self.b.ins().iadd_imm_s(v, 1 << 53);
                let big = self.b.ins().icmp_imm_u(IntCC::UnsignedGreaterThan, shifted, 1 << 54);
                self.leave_if(big, u);
                let (x, y, boxed) = if int_first {
                    let (y, rhs) = self.pop_float();
                    let a = self.pop_small();
                    let a = self.b.ins().sshr_imm_u(a, 1);
                    (self.b.ins().fcvt_from_sint(F64, a), y, rhs)
                } else {
                    let b = self.pop_small();
                    let b = self.b.ins().sshr_imm_u(b, 1);
                    let y = self.b.ins().fcvt_from_sint(F64, b);
                    let (x, lhs) = self.pop_float();
                    (x, y, lhs)
                };
                let cc = float_cc(u.oparg);
                let c = self.b.ins().fcmp(cc, x, y);
                if let Some(w) = boxed {
                    self.decref(w);
                }
                let w = self.bool_word(c);
                self.push(w);
            }
            _GUARD_IS_TRUE_POP | _GUARD_IS_FALSE_POP | _GUARD_IS_NONE_POP => {
                let k = match u.uop {
                    _GUARD_IS_TRUE_POP => Known::True,
                    _GUARD_IS_FALSE_POP => Known::False,
                    _ => Known::None,
                };
                let w = self.peek_word(1);
                let bad = self.b.ins().icmp_imm_s(IntCC::NotEqual, w, Tier1Rt::known(k) as i64);
                self.leave_if(bad, u);
                // An immortal singleton: popping it needs no decref (nor a borrowed one a count).
                self.pop_small();
            }
            _GUARD_IS_NOT_NONE_POP => {
                let borrowed = self.is_borrowed(1);
                let w = self.peek_word(1);
                let bad = self.b.ins().icmp_imm_s(IntCC::Equal, w, Tier1Rt::known(Known::None) as i64);
                self.leave_if(bad, u);
                // :borrowed: popping a borrowed word releases nothing.
                let v = self.pop_small();
                if !borrowed {
                    self.decref(v);
                }
            }
            _BINARY_OP_ADD_FLOAT | _BINARY_OP_SUBTRACT_FLOAT | _BINARY_OP_MULTIPLY_FLOAT => self.float_arith(u.uop),
            _BINARY_OP_FLOAT_INT | _BINARY_OP_INT_FLOAT | _BINARY_OP_TRUE_DIVIDE_INT => self.mixed_arith(u),
            _BINARY_OP_POWER_FLOAT => self.power_float(u),
            _BINARY_OP_NUM if Self::num_op(u).is_some() => self.num_arith(u),
            _CALL_ISINSTANCE if self.isinstance_class(u).is_some() => self.call_isinstance(u),
            _CHECK_GETITEM | _CHECK_BINOP_PY => self.check_dunder(u),
            _CREATE_INIT_FRAME if self.init_inline(u) => self.push_frame(u),
            _CHECK_CLASS_VERSION => {
                // :inline-init: the class below a null and the arguments, a `type` instance
                // (a class with a metaclass of its own deopts, as in the body) at the version.
                let n = u.oparg as usize;
                let (null, cls) = (self.peek_word(n + 1), self.peek_word(n + 2));
                let p = self.obj_or_not(cls);
                let ty = self.load(I64, p, 8);
                let meta = self.iconst(Tier1Rt::known(Known::TypeType));
                let is_type = self.b.ins().icmp(IntCC::Equal, ty, meta);
                let zeros = self.iconst(crate::lower::NOT_A_TYPE.as_ptr() as u64);
                let q = self.b.ins().select(is_type, cls, zeros);
                let v = self.load(I32, q, abi::TYPE_VERSION_OFFSET as i32);
                let has_self = self.b.ins().icmp_imm_s(IntCC::NotEqual, null, 0);
                let not_type = self.b.ins().icmp_imm_s(IntCC::Equal, is_type, 0);
                let other = self.b.ins().icmp_imm_s(IntCC::NotEqual, v, u.operand as u32 as i32 as i64);
                let bad = self.b.ins().bor(has_self, not_type);
                let bad = self.b.ins().bor(bad, other);
                self.leave_if(bad, u);
            }
            _INIT_GETITEM_CALL | _INIT_BINOP_CALL if self.init_dunder_call().is_some() => {}
            _CALL_BUILTIN_SQRT => {
                // Deopts before anything changes unless the argument is a float that is not
                // negative and the callable is the builtin (the optimizer put it there, so
                // Cranelift folds that compare); the root stays unboxed (:unboxed-float:).
                if !self.is_unboxed_float(1) {
                    let w = self.peek_word(1);
                    self.type_guard(u, w, Known::FloatType);
                }
                let x = self.peek_float(1);
                let zero = self.b.ins().f64const(0.0);
                let mut bad = self.b.ins().fcmp(FloatCC::LessThan, x, zero);
                let (callable, null) = (self.peek_word(3), self.peek_word(2));
                // :const-word: the compares the lowering can decide are left out.
                if self.known_word(callable) != Some(u.operand) {
                    let other = self.b.ins().icmp_imm_s(IntCC::NotEqual, callable, u.operand as i64);
                    bad = self.b.ins().bor(bad, other);
                }
                if self.known_word(null) != Some(0) {
                    let set = self.b.ins().icmp_imm_s(IntCC::NotEqual, null, 0);
                    bad = self.b.ins().bor(bad, set);
                }
                self.leave_if(bad, u);
                let (x, w) = self.pop_float();
                if let Some(w) = w {
                    self.decref(w);
                }
                self.pop_small();
                let borrowed = self.is_borrowed(1);
                let callable = self.pop_small();
                if !borrowed {
                    self.decref(callable);
                }
                let r = self.b.ins().sqrt(x);
                self.push_float(r);
            }
            _CALL_RANGE_ITER if matches!(u.oparg, 1 | 2) => {
                // Deopts before anything changes unless the callable is the type (the
                // optimizer put it there, so Cranelift folds that compare) with a null and the
                // arguments are small ints; then one runtime call makes the iterator.
                let n = u.oparg as usize;
                let (callable, null) = (self.peek(n + 2), self.peek(n + 1));
                let other = self.b.ins().icmp_imm_s(IntCC::NotEqual, callable, u.operand as i64);
                let set = self.b.ins().icmp_imm_s(IntCC::NotEqual, null, 0);
                let mut tags = self.peek_word(1);
                if n == 2 {
                    let start = self.peek_word(2);
                    tags = self.b.ins().band(tags, start);
                }
                let tag = self.b.ins().band_imm_u(tags, 1);
                let not_small = self.b.ins().icmp_imm_s(IntCC::Equal, tag, 0);
                let bad = self.b.ins().bor(other, set);
                let bad = self.b.ins().bor(bad, not_small);
                self.leave_if(bad, u);
                let stop = self.pop_small();
                let stop = self.b.ins().sshr_imm_u(stop, 1);
                let start = if n == 2 {
                    let start = self.pop_small();
                    self.b.ins().sshr_imm_u(start, 1)
                } else {
                    self.iconst(0)
                };
                self.pop();
                let callable = self.pop();
                self.decref(callable);
                let it = self.call_rt("tl_rt_range_iter_new", &[start, stop]).expect("a result");
                self.push(it);
            }
            _BINARY_OP_TRUE_DIVIDE_FLOAT => {
                // A zero divisor deopts before anything changes (tier 1 raises).
                let d = self.peek_float(1);
                let zero = self.b.ins().f64const(0.0);
                let is_zero = self.b.ins().fcmp(FloatCC::Equal, d, zero);
                self.leave_if(is_zero, u);
                self.float_arith(u.uop);
            }
            _GUARD_TYPE_VERSION => {
                // :not-an-object: a word that is not a heap object reads version 0.
                let owner = self.peek_word(1);
                let p = self.obj_or_not(owner);
                let ty = self.load(I64, p, 8);
                let v = self.load(I32, ty, abi::TYPE_VERSION_OFFSET as i32);
                let bad = self.b.ins().icmp_imm_s(IntCC::NotEqual, v, u.operand as u32 as i32 as i64);
                self.leave_if(bad, u);
                self.known_obj(owner);
            }
            _LOAD_ATTR_INSTANCE_VALUE | _LOAD_ATTR_INSTANCE_KNOWN => self.load_attr_instance(u),
            _GUARD_NO_SHADOW | _GUARD_NO_SHADOW_KNOWN => self.guard_no_shadow(u),
            _LOAD_ATTR_METHOD_WITH_VALUES => {
                // The method is held by the guarded type's dict; the owner's reference moves up.
                let owner = self.peek(1);
                let m = self.iconst(u.operand);
                self.incref(m);
                self.set(1, m);
                self.push(owner);
            }
            _STORE_ATTR_INSTANCE_VALUE | _STORE_ATTR_INSTANCE_KNOWN => self.store_attr_instance(u),
            _LOAD_ATTR_SLOT => self.load_attr_slot(u),
            _STORE_ATTR_SLOT => self.store_attr_slot(u),
            _GUARD_GLOBALS_VERSION | _GUARD_BUILTINS_VERSION => {
                let d = if u.uop == _GUARD_GLOBALS_VERSION { self.reg(self.globals) } else { self.builtins() };
                let v = self.load(I32, d, abi::DICT_VERSION_OFFSET as i32);
                let bad = self.b.ins().icmp_imm_s(IntCC::NotEqual, v, u.operand as u32 as i32 as i64);
                self.leave_if(bad, u);
            }
            _LOAD_GLOBAL_MODULE | _LOAD_GLOBAL_BUILTIN => {
                let d = if u.uop == _LOAD_GLOBAL_MODULE { self.reg(self.globals) } else { self.builtins() };
                let index = self.b.ins().iconst(I32, u.operand as u32 as i64);
                let v = self.call_rt("tl_rt_dict_entry_value", &[d, index]).expect("a result");
                let missing = self.b.ins().icmp_imm_s(IntCC::Equal, v, 0);
                self.leave_if(missing, u);
                self.incref(v);
                self.push(v);
                if u.oparg & 1 != 0 {
                    let z = self.iconst(0);
                    self.push(z);
                }
            }
            _GUARD_NOS_LIST | _GUARD_NOS_TUPLE | _GUARD_NOS_DICT | _GUARD_NOS_UNICODE | _GUARD_NOS_ARRAY => {
                let k = match u.uop {
                    _GUARD_NOS_LIST => Known::ListType,
                    _GUARD_NOS_TUPLE => Known::TupleType,
                    _GUARD_NOS_DICT => Known::DictType,
                    _GUARD_NOS_ARRAY => Known::ArrayType,
                    _ => Known::StrType,
                };
                let w = self.peek_word(2);
                self.type_guard(u, w, k);
            }
            _GUARD_TOS_DICT | _GUARD_TOS_SET => {
                let k = if u.uop == _GUARD_TOS_DICT { Known::DictType } else { Known::SetType };
                let w = self.peek(1);
                self.type_guard(u, w, k);
            }
            _GUARD_BOTH_UNICODE => {
                let (a, b) = (self.peek(1), self.peek(2));
                let x = self.has_type(a, Known::StrType);
                let y = self.has_type(b, Known::StrType);
                let both = self.b.ins().band(x, y);
                let bad = self.b.ins().icmp_imm_s(IntCC::Equal, both, 0);
                self.leave_if(bad, u);
            }
            _BINARY_SUBSCR_LIST_INT | _BINARY_SUBSCR_TUPLE_INT if self.layouts.is_some() => {
                let list = u.uop == _BINARY_SUBSCR_LIST_INT;
                // :borrowed: an item of a borrowed sequence is borrowed too.
                let borrowed = self.is_borrowed(2);
                let seq = self.peek_word(2);
                let sub = self.peek_word(1);
                let (items, j) = self.seq_index(u, seq, sub, list);
                let addr = self.b.ins().iadd(items, j);
                let item = self.load(I64, addr, 0);
                // The subscript is a small int: nothing to release.
                self.pop_small();
                self.replace_top_with_part(borrowed, item, seq);
            }
            _BINARY_SUBSCR_ARRAY_DOUBLE if self.layouts.is_some() => {
                // :unboxed-float: the item's bits are the float: no box is made.
                let a = self.peek_word(2);
                let sub = self.peek_word(1);
                let (items, j) = self.array_index(u, a, sub);
                let addr = self.b.ins().iadd(items, j);
                let f = self.load(F64, addr, 0);
                self.pop_small();
                let a = self.pop();
                self.decref(a);
                self.push_float(f);
            }
            _BINARY_SUBSCR_ARRAY_INT if self.layouts.is_some() => {
                // :array-int: an item of an integer array is its word; one of a typecode
                // whose items are always ints, and within the small-int range, is tagged in
                // place. Any other (a float array's, a big unsigned one) is made by the
                // runtime on a cold path, as the body makes it. An index out of range leaves.
                let l = self.layouts.expect("learned layouts");
                let a = self.peek_word(2);
                let sub = self.peek_word(1);
                let code = self.load(types::I8, a, ARRAY_CODE_OFFSET as i32);
                let items = self.load(I64, a, l.array_items);
                let len = self.load(I64, a, l.array_len);
                let j = self.item_offset(u, sub, len);
                let addr = self.b.ins().iadd(items, j);
                let w = self.load(I64, addr, 0);
                let code = self.b.ins().uextend(I64, code);
                let shift = self.b.ins().iadd_imm_s(code, -(b'A' as i64));
                let codes = self.iconst(SMALL_INT_CODES);
                let int_code = self.b.ins().ushr(codes, shift);
                let int_code = self.b.ins().band_imm_u(int_code, 1);
                let tagged = self.b.ins().ishl_imm_u(w, 1);
                let tagged = self.b.ins().bor_imm_u(tagged, 1);
                let back = self.b.ins().sshr_imm_u(tagged, 1);
                let fits = self.b.ins().icmp(IntCC::Equal, back, w);
                let fits = self.b.ins().uextend(I64, fits);
                let fast = self.b.ins().band(int_code, fits);
                let slow = self.branch_hot_cold(fast);
                let done = self.b.create_block();
                self.b.append_block_param(done, I64);
                self.b.ins().jump(done, &[tagged.into()]);
                self.b.switch_to_block(slow);
                let i = self.b.ins().sshr_imm_u(sub, 1);
                let v = self.call_rt("tl_rt_array_getitem", &[a, i]).expect("a result");
                self.b.ins().jump(done, &[v.into()]);
                self.b.seal_block(done);
                self.b.switch_to_block(done);
                let item = self.b.block_params(done)[0];
                self.pop_small();
                let a = self.pop();
                self.decref(a);
                self.push(item);
            }
            _STORE_SUBSCR_ARRAY_DOUBLE if self.layouts.is_some() => {
                let (a, sub) = (self.peek_word(2), self.peek_word(1));
                let (items, j) = self.array_index(u, a, sub);
                if !self.is_unboxed_float(3) {
                    let v = self.peek_word(3);
                    self.type_guard(u, v, Known::FloatType);
                }
                let addr = self.b.ins().iadd(items, j);
                self.pop_small();
                let a = self.pop();
                let (f, boxed) = self.pop_float();
                self.store(f, addr, 0);
                if let Some(w) = boxed {
                    self.decref(w);
                }
                self.decref(a);
            }
            _STORE_SUBSCR_LIST_INT if self.layouts.is_some() => {
                // :borrowed: a borrowed list is neither counted nor released.
                let borrowed = self.is_borrowed(2);
                let (sub, list) = (self.peek_word(1), self.peek_word(2));
                // :const-word: a constant index is known to be a small int.
                if self.known_word(sub).is_none_or(|k| k & 1 == 0) {
                    let tag = self.b.ins().band_imm_u(sub, 1);
                    let not_int = self.b.ins().icmp_imm_s(IntCC::Equal, tag, 0);
                    self.leave_if(not_int, u);
                }
                self.type_guard(u, list, Known::ListType);
                let (items, j) = self.seq_index(u, list, sub, true);
                // The index is a small int (guarded): neither needs a count.
                self.pop_small();
                self.pop_small();
                let addr = self.b.ins().iadd(items, j);
                if self.is_unboxed_float(1) {
                    let (f, _) = self.pop_float();
                    self.store_float_in_place(addr, f);
                } else {
                    let v = self.pop();
                    let old = self.load(I64, addr, 0);
                    self.store(v, addr, 0);
                    self.decref(old);
                }
                if !borrowed {
                    self.decref(list);
                }
            }
            _LOAD_FAST_CHECK => {
                let l = self.locals;
                let known = self.local_vals.iter().any(|e| e.0 == l && e.1 == u.oparg);
                let v = self.local_word(u.oparg);
                // Unbound: the body raises UnboundLocalError (generic LOAD_FAST). A word
                // loaded before and not stored since is the same, and was bound then.
                if !known {
                    let unbound = self.b.ins().icmp_imm_s(IntCC::Equal, v, 0);
                    self.cold_helper_if(unbound, u);
                }
                // :borrowed: once it is known bound, as for `_LOAD_FAST`.
                self.push_slot(Slot::Borrowed(v));
            }
            _ITER_CHECK_RANGE | _ITER_CHECK_LIST | _ITER_CHECK_TUPLE => {
                let (ty, kind) = match u.uop {
                    _ITER_CHECK_RANGE => (Known::RangeIterType, abi::ITER_STATE_RANGE),
                    _ITER_CHECK_LIST => (Known::ListIterType, abi::ITER_STATE_SEQ),
                    _ => (Known::TupleIterType, abi::ITER_STATE_SEQ),
                };
                let it = self.peek(1);
                let ok = self.has_type(it, ty);
                let tag = self.load(I64, it, ITER_STATE);
                let tag_ok = self.b.ins().icmp_imm_s(IntCC::Equal, tag, kind as i64);
                let both = self.b.ins().band(ok, tag_ok);
                let bad = self.b.ins().icmp_imm_s(IntCC::Equal, both, 0);
                self.leave_if(bad, u);
            }
            _GUARD_NOT_EXHAUSTED_RANGE => {
                let it = self.peek(1);
                let rem = self.load(I64, it, ITER_STATE + 24);
                let done = self.b.ins().icmp_imm_s(IntCC::SignedLessThanOrEqual, rem, 0);
                self.cold_helper_if(done, u);
            }
            _GUARD_NOT_EXHAUSTED_LIST | _GUARD_NOT_EXHAUSTED_TUPLE if self.layouts.is_some() => {
                let l = self.layouts.expect("learned layouts");
                let lp = if u.uop == _GUARD_NOT_EXHAUSTED_LIST { l.list_len } else { l.tuple_len };
                let it = self.peek(1);
                let seq = self.load(I64, it, ITER_STATE + 8);
                let null = self.b.ins().icmp_imm_s(IntCC::Equal, seq, 0);
                let check = self.b.create_block();
                let done = self.b.create_block();
                self.b.append_block_param(done, types::I8);
                self.b.ins().brif(null, done, &[null.into()], check, &[]);
                self.b.seal_block(check);
                self.b.switch_to_block(check);
                let index = self.load(I64, it, ITER_STATE + 16);
                let len = self.load(I64, seq, lp);
                let past = self.b.ins().icmp(IntCC::UnsignedGreaterThanOrEqual, index, len);
                self.b.ins().jump(done, &[past.into()]);
                self.b.seal_block(done);
                self.b.switch_to_block(done);
                let exhausted = self.b.block_params(done)[0];
                self.cold_helper_if(exhausted, u);
            }
            _ITER_NEXT_RANGE => {
                let it = self.peek(1);
                let next = self.load(I64, it, ITER_STATE + 8);
                // :small-results: a value outside the small range leaves, the iterator unmoved.
                let (t, of) = self.b.ins().sadd_overflow(next, next);
                self.leave_if(of, u);
                let step = self.load(I64, it, ITER_STATE + 16);
                let rem = self.load(I64, it, ITER_STATE + 24);
                let rem1 = self.b.ins().iadd_imm_s(rem, -1);
                self.store(rem1, it, ITER_STATE + 24);
                let after = self.b.ins().iadd(next, step);
                self.store(after, it, ITER_STATE + 8);
                let w = self.b.ins().bor_imm_u(t, 1);
                self.push(w);
            }
            _ITER_NEXT_LIST | _ITER_NEXT_TUPLE if self.layouts.is_some() => {
                let l = self.layouts.expect("learned layouts");
                let ip = if u.uop == _ITER_NEXT_LIST { l.list_items } else { l.tuple_items };
                let it = self.peek(1);
                let seq = self.load(I64, it, ITER_STATE + 8);
                let index = self.load(I64, it, ITER_STATE + 16);
                let items = self.load(I64, seq, ip);
                let off = self.b.ins().ishl_imm_u(index, 3);
                let addr = self.b.ins().iadd(items, off);
                let item = self.load(I64, addr, 0);
                self.incref(item);
                let index1 = self.b.ins().iadd_imm_s(index, 1);
                self.store(index1, it, ITER_STATE + 16);
                self.push(item);
            }
            _TO_BOOL_INT => {
                let v = self.peek(1);
                let tag = self.b.ins().band_imm_u(v, 1);
                let not_int = self.b.ins().icmp_imm_s(IntCC::Equal, tag, 0);
                self.leave_if(not_int, u);
                // A small int's truth: its tagged word is not that of 0 (1).
                let nonzero = self.b.ins().icmp_imm_s(IntCC::NotEqual, v, 1);
                let w = self.bool_word(nonzero);
                self.set(1, w);
            }
            _TO_BOOL_BOOL => {
                let v = self.peek_word(1);
                self.type_guard(u, v, Known::BoolType);
            }
            _REPLACE_WITH_TRUE => {
                let v = self.pop();
                self.decref(v);
                let t = self.iconst(Tier1Rt::known(Known::True));
                self.push(t);
            }
            _TO_BOOL_NONE => {
                let v = self.peek(1);
                let bad = self.b.ins().icmp_imm_s(IntCC::NotEqual, v, Tier1Rt::known(Known::None) as i64);
                self.leave_if(bad, u);
                let f = self.iconst(Tier1Rt::known(Known::False));
                self.set(1, f);
            }
            _IS_OP => {
                let b = self.pop();
                let a = self.pop();
                let cc = if u.oparg == 1 { IntCC::NotEqual } else { IntCC::Equal };
                let r = self.b.ins().icmp(cc, a, b);
                self.decref(a);
                self.decref(b);
                let w = self.bool_word(r);
                self.push(w);
            }
            _CHECK_ATTR_CLASS => {
                let owner = self.peek(1);
                let is_type = self.has_type(owner, Known::TypeType);
                let yes = self.b.create_block();
                let done = self.b.create_block();
                self.b.append_block_param(done, types::I8);
                self.b.ins().brif(is_type, yes, &[], done, &[is_type.into()]);
                self.b.seal_block(yes);
                self.b.switch_to_block(yes);
                let v = self.load(I32, owner, abi::TYPE_VERSION_OFFSET as i32);
                let eq = self.b.ins().icmp_imm_s(IntCC::Equal, v, u.operand as u32 as i32 as i64);
                self.b.ins().jump(done, &[eq.into()]);
                self.b.seal_block(done);
                self.b.switch_to_block(done);
                let ok = self.b.block_params(done)[0];
                let bad = self.b.ins().icmp_imm_s(IntCC::Equal, ok, 0);
                self.leave_if(bad, u);
            }
            _LOAD_ATTR_CLASS => {
                let owner = self.peek(1);
                let v = self.iconst(u.operand);
                self.incref(v);
                self.set(1, v);
                self.decref(owner);
                if u.oparg & 1 != 0 {
                    let z = self.iconst(0);
                    self.push(z);
                }
            }
            _CHECK_BUILTIN | _CHECK_BUILTIN_METHOD | _CHECK_CALL_BOUND_METHOD_EXACT_ARGS => {
                let n = u.oparg as usize;
                let self_or_null = self.peek_word(n + 1);
                let callable = self.peek_word(n + 2);
                let want_self = u.uop == _CHECK_BUILTIN_METHOD;
                let cc = if want_self { IntCC::NotEqual } else { IntCC::Equal };
                let self_ok = self.b.ins().icmp_imm_s(cc, self_or_null, 0);
                let k =
                    if u.uop == _CHECK_CALL_BOUND_METHOD_EXACT_ARGS { Known::MethodType } else { Known::BuiltinType };
                let ty_ok = self.has_type(callable, k);
                let ok = self.b.ins().band(self_ok, ty_ok);
                let bad = self.b.ins().icmp_imm_s(IntCC::Equal, ok, 0);
                self.leave_if(bad, u);
            }
            _CHECK_FUNCTION_EXACT_ARGS => {
                let n = u.oparg as usize;
                let self_or_null = self.peek_word(n + 1);
                let callable = self.peek_word(n + 2);
                // A function's version is a field at a fixed offset: read in place once the
                // word is known to be a function (no runtime call).
                self.type_guard(u, callable, Known::FunctionType);
                let off = std::mem::offset_of!(tracelift_vm::objects::FunctionObject, version);
                let version = self.load(I32, callable, off as i32);
                let v_ok = self.b.ins().icmp_imm_s(IntCC::Equal, version, u.operand as u32 as i32 as i64);
                let cc = if u.operand >> 32 == 1 { IntCC::NotEqual } else { IntCC::Equal };
                let self_ok = self.b.ins().icmp_imm_s(cc, self_or_null, 0);
                let ok = self.b.ins().band(v_ok, self_ok);
                let bad = self.b.ins().icmp_imm_s(IntCC::Equal, ok, 0);
                self.leave_if(bad, u);
            }
            _GUARD_TYPE_PLAIN => {
                // :not-an-object: a word that is not a heap object reads no plain mark.
                let owner = self.peek_word(1);
                let p = self.obj_or_not(owner);
                let t = self.load(I64, p, 8);
                let plain = self.load(I32, t, abi::TYPE_PLAIN_OFFSET as i32);
                let version = self.load(I32, t, abi::TYPE_VERSION_OFFSET as i32);
                let set = self.b.ins().icmp_imm_s(IntCC::NotEqual, plain, 0);
                let same = self.b.ins().icmp(IntCC::Equal, plain, version);
                let ok = self.b.ins().band(set, same);
                let bad = self.b.ins().icmp_imm_s(IntCC::Equal, ok, 0);
                self.leave_if(bad, u);
                self.known_obj(owner);
            }
            _CHECK_ATTR_MODULE => {
                let owner = self.peek(1);
                let is_module = self.has_type(owner, Known::ModuleType);
                let yes = self.b.create_block();
                let done = self.b.create_block();
                self.b.append_block_param(done, types::I8);
                self.b.ins().brif(is_module, yes, &[], done, &[is_module.into()]);
                self.b.seal_block(yes);
                self.b.switch_to_block(yes);
                let d = self.call_rt("tl_rt_module_dict", &[owner]).expect("a result");
                let v = self.load(I32, d, abi::DICT_VERSION_OFFSET as i32);
                let eq = self.b.ins().icmp_imm_s(IntCC::Equal, v, u.operand as u32 as i32 as i64);
                self.b.ins().jump(done, &[eq.into()]);
                self.b.seal_block(done);
                self.b.switch_to_block(done);
                let ok = self.b.block_params(done)[0];
                let bad = self.b.ins().icmp_imm_s(IntCC::Equal, ok, 0);
                self.leave_if(bad, u);
            }
            _LOAD_ATTR_MODULE => {
                let owner = self.peek(1);
                let d = self.call_rt("tl_rt_module_dict", &[owner]).expect("a result");
                let index = self.b.ins().iconst(I32, u.operand as u32 as i64);
                let v = self.call_rt("tl_rt_dict_entry_value", &[d, index]).expect("a result");
                let missing = self.b.ins().icmp_imm_s(IntCC::Equal, v, 0);
                self.leave_if(missing, u);
                self.incref(v);
                self.set(1, v);
                self.decref(owner);
                if u.oparg & 1 != 0 {
                    let z = self.iconst(0);
                    self.push(z);
                }
            }
            _UNPACK_SEQUENCE_TWO_TUPLE | _UNPACK_SEQUENCE_TUPLE | _UNPACK_SEQUENCE_LIST if self.unpacks_inline(u) => {
                let (list, n) = match u.uop {
                    _UNPACK_SEQUENCE_TWO_TUPLE => (false, 2),
                    _UNPACK_SEQUENCE_TUPLE => (false, u.oparg as usize),
                    _ => (true, u.oparg as usize),
                };
                let l = self.layouts.expect("learned layouts");
                let (ip, lp) = if list { (l.list_items, l.list_len) } else { (l.tuple_items, l.tuple_len) };
                // :borrowed: a borrowed sequence (a local's) is read in place and not released.
                let borrowed = self.is_borrowed(1);
                let seq = self.peek_word(1);
                self.type_guard(u, seq, if list { Known::ListType } else { Known::TupleType });
                let len = self.load(I64, seq, lp);
                let bad = self.b.ins().icmp_imm_s(IntCC::NotEqual, len, n as i64);
                self.leave_if(bad, u);
                let items = self.load(I64, seq, ip);
                if borrowed {
                    self.st.vals.pop();
                } else {
                    self.pop();
                }
                for i in (0..n).rev() {
                    let v = self.load(I64, items, (i * 8) as i32);
                    self.incref(v);
                    self.push(v);
                }
                if !borrowed {
                    self.decref(seq);
                }
            }
            _RETURN_TO_CALLER => self.return_to_caller(u),
            _PUSH_FRAME => self.push_frame(u),
            _POP_FRAME => self.pop_frame(),
            // Every other uop runs its body (`uop_helper`), derived from the uop table.
            _BINARY_OP_ADD_UNICODE
            | _BINARY_OP_NUM
            | _BINARY_SUBSCR_LIST_INT
            | _BINARY_SUBSCR_TUPLE_INT
            | _BINARY_SUBSCR_STR_INT
            | _BINARY_SUBSCR_ARRAY_INT
            | _BINARY_SUBSCR_ARRAY_DOUBLE
            | _STORE_SUBSCR_ARRAY_DOUBLE
            | _INIT_GETITEM_CALL
            | _INIT_BINOP_CALL
            | _STORE_SUBSCR_ARRAY_INT
            | _BINARY_SUBSCR_DICT
            | _COMPARE_OP_STR
            | _CONTAINS_OP_DICT
            | _CONTAINS_OP_SET
            | _TO_BOOL_LIST
            | _TO_BOOL_STR
            | _GUARD_METHOD_OWNER
            | _STORE_ATTR_INSTANCE_DICT
            | _INIT_CALL_BOUND_METHOD_EXACT_ARGS
            | _CALL_BUILTIN_FAST
            | _CALL_LEN
            | _CALL_ISINSTANCE
            | _CALL_LIST_APPEND
            | _CREATE_INIT_FRAME
            | _ITER_JUMP_RANGE
            | _ITER_JUMP_LIST
            | _ITER_JUMP_TUPLE
            | _ITER_NEXT_LIST
            | _ITER_NEXT_TUPLE
            | _UNPACK_SEQUENCE_TWO_TUPLE
            | _UNPACK_SEQUENCE_TUPLE
            | _UNPACK_SEQUENCE_LIST
            | _STORE_SUBSCR_LIST_INT
            | _STORE_SUBSCR_DICT
            | _BINARY_OP
            | _COMPARE_OP
            | _CONTAINS_OP
            | _TO_BOOL
            | _UNARY_NOT
            | _UNARY_NEGATIVE
            | _UNARY_INVERT
            | _BINARY_SUBSCR
            | _STORE_SUBSCR
            | _LOAD_ATTR
            | _STORE_ATTR
            | _LOAD_GLOBAL
            | _BUILD_TUPLE
            | _BUILD_LIST
            | _LIST_APPEND
            | _SET_ADD
            | _MAP_ADD
            | _GET_ITER
            | _UNPACK_SEQUENCE
            | _FORMAT_SIMPLE
            | _BEFORE_WITH
            | _WITH_EXCEPT_START
            | _GET_AWAITABLE
            | _BUILD_STRING
            | _LOAD_NAME
            | _STORE_NAME
            | _STORE_GLOBAL
            | _BINARY_SLICE
            | _STORE_SLICE
            | _BUILD_MAP
            | _BUILD_SLICE
            | _LOAD_DEREF
            | _STORE_DEREF
            | _LIST_EXTEND
            | _SET_UPDATE
            | _DICT_UPDATE
            | _DICT_MERGE
            | _BUILD_SET
            | _DELETE_SUBSCR
            | _CALL_INTRINSIC_1
            | _FORMAT_WITH_SPEC
            | _CONVERT_VALUE
            | _UNPACK_EX
            | _LOAD_ASSERTION_ERROR
            | _MAKE_FUNCTION
            | _SET_FUNCTION_ATTRIBUTE
            | _MAKE_CELL
            | _COPY_FREE_VARS
            | _CALL
            | _CALL_KW
            | _CALL_FUNCTION_EX
            | _CALL_RANGE_ITER
            | _LOAD_FAST_PAIR
            | _BINARY_OP_ADD_FLOAT_STORE_FAST
            | _BINARY_OP_SUBTRACT_FLOAT_STORE_FAST
            | _BINARY_OP_MULTIPLY_FLOAT_STORE_FAST
            | _BINARY_OP_TRUE_DIVIDE_FLOAT_STORE_FAST
            | _FOR_ITER_TIER_TWO
            | _GUARD_NOT_EXHAUSTED_LIST
            | _GUARD_NOT_EXHAUSTED_TUPLE => self.helper(u),
        }
    }

    /// Whether `u`, an `_UNPACK_SEQUENCE_*`, is lowered by hand: with the sequences' layouts
    /// learned, and at most 16 items (a longer one calls its body).
    fn unpacks_inline(&self, u: &UopInst) -> bool {
        self.layouts.is_some() && (u.uop == Uop::_UNPACK_SEQUENCE_TWO_TUPLE || u.oparg <= 16)
    }

    /// The item pointer of list or tuple `seq` and the byte offset of its item at small int
    /// `sub` (negative counts from the end); leaves through `u` when out of range.
    fn seq_index(&mut self, u: &UopInst, seq: Value, sub: Value, list: bool) -> (Value, Value) {
        let l = self.layouts.expect("learned layouts");
        let (ip, lp) = if list { (l.list_items, l.list_len) } else { (l.tuple_items, l.tuple_len) };
        let items = self.load(I64, seq, ip);
        let len = self.load(I64, seq, lp);
        (items, self.item_offset(u, sub, len))
    }

    /// The byte offset of item `sub` (a small int, negative from the end) of a sequence of
    /// `len` words, leaving when it is out of range.
    fn item_offset(&mut self, u: &UopInst, sub: Value, len: Value) -> Value {
        // :const-word: a constant index from the front (`p[0]`) is one compare.
        if let Some(k) = self.known_word(sub).filter(|k| k & 1 != 0 && (*k as i64) >= 0) {
            let i = (k as i64) >> 1;
            let out = self.b.ins().icmp_imm_u(IntCC::UnsignedLessThanOrEqual, len, i);
            self.leave_if(out, u);
            return self.iconst((i * 8) as u64);
        }
        let i = self.b.ins().sshr_imm_u(sub, 1);
        let neg = self.b.ins().icmp_imm_s(IntCC::SignedLessThan, i, 0);
        let wrapped = self.b.ins().iadd(i, len);
        let j = self.b.ins().select(neg, wrapped, i);
        // Unsigned: a still-negative index is huge.
        let out = self.b.ins().icmp(IntCC::UnsignedGreaterThanOrEqual, j, len);
        self.leave_if(out, u);
        self.b.ins().ishl_imm_u(j, 3)
    }

    /// The items pointer of the `array('d')` `a` and the byte offset of item `sub` (a small
    /// int, negative from the end), leaving for another typecode or an index out of range.
    fn array_index(&mut self, u: &UopInst, a: Value, sub: Value) -> (Value, Value) {
        let l = self.layouts.expect("learned layouts");
        let code = self.load(cranelift_codegen::ir::types::I8, a, ARRAY_CODE_OFFSET as i32);
        let not_d = self.b.ins().icmp_imm_s(IntCC::NotEqual, code, b'd' as i64);
        self.leave_if(not_d, u);
        let items = self.load(I64, a, l.array_items);
        let len = self.load(I64, a, l.array_len);
        (items, self.item_offset(u, sub, len))
    }

    /// `_JUMP_TO_TOP`: the loop's back-edge, a safe point (one load of the eval breaker; a
    /// cold call of `tl_rt_handle_breaker` when a bit is set, at instruction `ip`, the
    /// `JUMP_BACKWARD`), then the head.
    fn jump_to_top(&mut self, u: &UopInst) {
        let ip = u.operand;
        // :caller-floats: the head runs in the trace's own frame (none is deferred there).
        self.flush_pending();
        self.drop_dead_at_head();
        match self.peel {
            Peel::None => self.empty_at_h2 = self.empty_now(),
            Peel::Second(..) => self.empty_as_h2_assumes(),
            Peel::Pending(..) => {}
        }
        // :unboxed-local: the float locals that go round the loop in registers, and the head
        // that takes them.
        let carry = match &self.peel {
            Peel::Second(h2, carried) => Some((*h2, carried.clone())),
            Peel::None if self.unbox_locals && !self.shadow.is_empty() && !self.shadows_flushed => {
                let h2 = self.b.create_block();
                for _ in &self.shadow {
                    self.b.append_block_param(h2, F64);
                }
                let carried: Vec<u32> = self.shadow.iter().map(|e| e.0).collect();
                self.locals_unboxed += carried.len() as u64;
                self.peel = Peel::Pending(h2, carried.clone());
                Some((h2, carried))
            }
            _ => None,
        };
        let mut carried = Vec::new();
        let mut target = self.head;
        if let Some((h2, locals)) = carry {
            match locals.iter().map(|&i| self.shadowed(i).map(|f| (i, f))).collect::<Option<Vec<_>>>() {
                Some(c) => {
                    self.shadow.retain(|e| !locals.contains(&e.0));
                    (carried, target) = (c, h2);
                }
                None => self.failed = Some("a float local the first back-edge carried was boxed at the second".into()),
            }
        }
        // Everything not carried goes to the frame.
        self.flush();
        let cx = self.cx;
        let word = self.load(I64, cx, cx_off!(eval_breaker));
        let bits = self.load(I32, word, 0);
        let serve = self.b.create_block();
        self.b.set_cold_block(serve);
        let args: Vec<_> = carried.iter().map(|e| e.1.into()).collect();
        self.b.ins().brif(bits, serve, &[], target, &args);
        self.b.seal_block(serve);
        self.b.switch_to_block(serve);
        // The safe point may raise or collect: the carried floats get their boxes first, and
        // the loop goes on from the first copy's head, with the frame exact.
        if !carried.is_empty() {
            self.shadow = carried;
            self.flush();
        }
        // :ip-at-error: the uop names its instruction; no `_SET_IP` precedes it.
        self.ip = ip;
        self.ip_stored = false;
        self.sync_ip();
        let ok = self.call_rt("tl_rt_handle_breaker", &[cx]).expect("a result");
        let failed = self.b.ins().icmp_imm_s(IntCC::Equal, ok, 0);
        self.return_if(failed, leave::encode(leave::ERROR, 0, 0));
        // :lap-validity: no `_CHECK_VALIDITY` begins the lap; what the collection freed may
        // have invalidated the executor, which then deopts to the back-edge.
        let head = self.iconst(&*self.ex.head as *const abi::ExecHead as u64);
        let valid = self.load(I32, head, EXEC_HEAD_VALID_OFFSET as i32);
        let invalid = self.b.ins().icmp_imm_s(IntCC::Equal, valid, 0);
        self.leave_if(invalid, u);
        self.b.ins().jump(self.head, &[]);
        // Whatever follows is unreachable (a trace ends here); lowering stays well formed.
        let after = self.b.create_block();
        self.b.seal_block(after);
        self.b.switch_to_block(after);
        self.ip_stored = true;
    }
}

/// :array-int: the typecodes whose items are always ints, as bits `code - 'A'`: the signed
/// ones and the unsigned ones below 2**32 (`L` and `Q` items may pass the small-int range
/// as `u64`s, and `f`/`d` items are floats).
const SMALL_INT_CODES: u64 = {
    let mut m = 0u64;
    let codes = *b"bhilqBHI";
    let mut k = 0;
    while k < codes.len() {
        m |= 1 << (codes[k] - b'A');
        k += 1;
    }
    m
};

/// The float condition of a `COMPARE_OP` whose oparg is `oparg` (`oparg >> 5`, as CPython
/// numbers the comparisons).
fn float_cc(oparg: u32) -> FloatCC {
    match oparg >> 5 {
        0 => FloatCC::LessThan,
        1 => FloatCC::LessThanOrEqual,
        2 => FloatCC::Equal,
        3 => FloatCC::NotEqual,
        4 => FloatCC::GreaterThan,
        _ => FloatCC::GreaterThanOrEqual,
    }
}
