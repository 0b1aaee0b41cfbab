//! Trace formation: from a hot back-edge or a hot side exit to a verified, optimized
//! executor. Two front ends share one translation of tier-1 instructions into uops:
//! - *projection* walks the bytecode from the start, predicting each branch from the 16-bit
//!   history its inline cache keeps, with a confidence that drops at every branch;
//! - *recording* is handed the instructions tier 1 actually ran (and the type it saw on top of
//!   the stack before each one), so branches follow the observed path.
//!
//! Both stop at the loop's closing (`_JUMP_TO_TOP`), at another loop's back-edge, at an
//! instruction tier 2 cannot run (calls into Python frames, returns, generators, exception
//! handling …), at low confidence, or at the length limit; every stop reason is counted. A
//! stop other than the loop's closing still yields a trace ending in `_EXIT_TRACE`, as long
//! as it covers at least one instruction.

use std::rc::Rc;
use std::time::Instant;

use tracelift_optimizer::{PASSES, verify::verify};
use tracelift_runtime::Value;
use tracelift_runtime::watch;
use tracelift_uops::Uop;
use tracelift_uops::abi::ExecHead;
use tracelift_uops::expand::{tier2_expansion, tier2_replacement};
use tracelift_uops::opcode::Opcode;
use tracelift_uops::trace::{UopInst, format_trace};
use tracelift_uops::uop::flags;

use super::{Bloom, Executor, ExitData, Link, MAX_TRACE_UOPS, TraceMode};
use crate::Vm;
use crate::objects::Code;

/// Below this confidence (out of 1000) projection stops (CPython's `CONFIDENCE_CUTOFF`).
const CONFIDENCE_CUTOFF: u32 = 333;
/// Longest recording, in instructions.
const MAX_RECORDED: usize = 400;

/// Why trace formation stopped (counted per reason).
pub mod stop {
    pub const LOOP_CLOSED: &str = "loop_closed";
    pub const INNER_LOOP: &str = "other_back_edge";
    pub const UNSUPPORTED: &str = "unsupported_instruction";
    pub const CALL: &str = "python_call";
    pub const LOW_CONFIDENCE: &str = "low_confidence";
    pub const TOO_LONG: &str = "too_long";
    pub const LEFT_FRAME: &str = "left_frame";
    pub const ERROR: &str = "exception";
    pub const EMPTY: &str = "empty_trace";
    pub const VERIFY: &str = "verifier_rejected";
}

/// What a trace is for.
#[derive(Clone)]
pub enum Origin {
    /// A loop: `ENTER_EXECUTOR` goes over the `JUMP_BACKWARD` at `at`.
    Loop { at: usize },
    /// Side exit `exit` of `parent`.
    Exit { parent: Rc<Executor>, exit: usize },
}

/// A recording in progress.
pub struct Recorder {
    pub code: Rc<Code>,
    pub frame: usize,
    pub start: usize,
    pub origin: Origin,
    /// Instructions run, with the type name on top of the stack before each.
    pub seen: Vec<(usize, String)>,
}

/// Where the walk goes after an instruction.
enum Next {
    /// Continue at this instruction.
    At(usize),
    /// The trace is complete.
    Done(&'static str),
}

/// The `JUMP_BACKWARD` oparg of the instruction at `i`, looking through `ENTER_EXECUTOR`.
fn backedge_oparg(code: &Code, i: usize) -> Option<u32> {
    let unit = code.instrs[i].get();
    match Opcode::from_u8(unit as u8)? {
        Opcode::JUMP_BACKWARD => Some(unit >> 8),
        Opcode::ENTER_EXECUTOR => {
            let ex = code.executors.borrow().get((unit >> 8) as usize).cloned().flatten()?;
            Some(ex.jump_oparg)
        }
        _ => None,
    }
}

/// Translates the instruction at `ip` into `out`. `observed` is the next instruction tier 1
/// ran (recording); `None` predicts it (projection), updating `confidence`.
fn translate(
    code: &Code,
    start: usize,
    ip: usize,
    observed: Option<usize>,
    confidence: &mut u32,
    out: &mut Vec<UopInst>,
) -> Result<Next, &'static str> {
    let unit = code.instrs[ip].get();
    let oparg = unit >> 8;
    let op = Opcode::from_u8(unit as u8).ok_or(stop::UNSUPPORTED)?;
    let next = ip + 1 + op.cache_size();
    let t = ip as u32;
    out.push(UopInst::new(Uop::_CHECK_VALIDITY, 0, 0, t));
    out.push(UopInst::new(Uop::_SET_IP, 0, ip as u64, t));
    match op {
        Opcode::JUMP_BACKWARD | Opcode::ENTER_EXECUTOR => {
            let oparg = backedge_oparg(code, ip).ok_or(stop::UNSUPPORTED)?;
            let dest = next - oparg as usize;
            if dest == start {
                out.push(UopInst::new(Uop::_JUMP_TO_TOP, 0, 0, t));
                return Ok(Next::Done(stop::LOOP_CLOSED));
            }
            out.push(UopInst::new(Uop::_EXIT_TRACE, 0, 0, t));
            Ok(Next::Done(stop::INNER_LOOP))
        }
        Opcode::JUMP_FORWARD => Ok(Next::At(next + oparg as usize)),
        Opcode::POP_JUMP_IF_FALSE
        | Opcode::POP_JUMP_IF_TRUE
        | Opcode::POP_JUMP_IF_NONE
        | Opcode::POP_JUMP_IF_NOT_NONE => {
            let target = next + oparg as usize;
            let jump = match observed {
                Some(n) => n == target,
                None => {
                    let history = code.instrs[ip + 1].get() & 0xffff;
                    let taken = history.count_ones();
                    let jump = taken > 8;
                    let likely = if jump { taken } else { 16 - taken };
                    *confidence = *confidence * likely / 16;
                    if *confidence < CONFIDENCE_CUTOFF {
                        out.truncate(out.len() - 2);
                        return Err(stop::LOW_CONFIDENCE);
                    }
                    jump
                }
            };
            let guard = match (op, jump) {
                (Opcode::POP_JUMP_IF_FALSE, true) | (Opcode::POP_JUMP_IF_TRUE, false) => Uop::_GUARD_IS_FALSE_POP,
                (Opcode::POP_JUMP_IF_FALSE, false) | (Opcode::POP_JUMP_IF_TRUE, true) => Uop::_GUARD_IS_TRUE_POP,
                (Opcode::POP_JUMP_IF_NONE, true) | (Opcode::POP_JUMP_IF_NOT_NONE, false) => Uop::_GUARD_IS_NONE_POP,
                _ => Uop::_GUARD_IS_NOT_NONE_POP,
            };
            // The guard exits without popping, so tier 1 runs the branch itself.
            out.push(UopInst::new(guard, 0, 0, t));
            Ok(Next::At(if jump { target } else { next }))
        }
        Opcode::FOR_ITER => {
            // Exhaustion pops the iterator and leaves to the loop's end.
            out.push(UopInst::new(Uop::_FOR_ITER_TIER_TWO, oparg, 0, (next + oparg as usize) as u32));
            Ok(Next::At(next))
        }
        _ => {
            let steps = tier2_expansion(op).ok_or(stop::UNSUPPORTED)?;
            if steps.iter().any(|s| s.uop.flags() & flags::FRAME != 0) {
                out.truncate(out.len() - 2);
                return Err(stop::CALL);
            }
            for s in steps {
                let unit = |k: Option<u8>| k.map_or(0, |k| code.instrs[ip + 1 + k as usize].get() as u64);
                let operand = unit(s.lo) | unit(s.hi) << 32;
                out.push(UopInst::new(tier2_replacement(s.uop), oparg, operand, t));
            }
            Ok(Next::At(next))
        }
    }
}

impl Vm {
    /// Projects a trace from `start` in `code`.
    fn project(&mut self, code: &Code, start: usize) -> (Vec<UopInst>, &'static str) {
        let mut out = vec![UopInst::new(Uop::_START_EXECUTOR, 0, 0, start as u32)];
        out.push(UopInst::new(Uop::_MAKE_WARM, 0, 0, start as u32));
        let mut confidence = 1000;
        let mut ip = start;
        loop {
            if out.len() + 16 > MAX_TRACE_UOPS {
                out.push(UopInst::new(Uop::_EXIT_TRACE, 0, 0, ip as u32));
                return (out, stop::TOO_LONG);
            }
            match translate(code, start, ip, None, &mut confidence, &mut out) {
                Ok(Next::At(n)) => ip = n,
                Ok(Next::Done(why)) => return (out, why),
                Err(why) => {
                    if self.tier2.as_deref().is_some_and(|t| t.opts.dump) {
                        let op = Opcode::from_u8(code.instrs[ip].get() as u8).map_or("?", |o| o.name());
                        eprintln!("projection of {} @{start} stops at @{ip} {op}: {why}", code.name);
                    }
                    out.push(UopInst::new(Uop::_EXIT_TRACE, 0, 0, ip as u32));
                    return (out, why);
                }
            }
        }
    }

    /// Translates a finished recording.
    fn translate_recording(
        &mut self,
        code: &Code,
        start: usize,
        seen: &[(usize, String)],
    ) -> (Vec<UopInst>, &'static str) {
        let mut out = vec![UopInst::new(Uop::_START_EXECUTOR, 0, 0, start as u32)];
        out.push(UopInst::new(Uop::_MAKE_WARM, 0, 0, start as u32));
        let mut confidence = 1000;
        for (k, (ip, _)) in seen.iter().enumerate() {
            let ip = *ip;
            if out.len() + 16 > MAX_TRACE_UOPS {
                out.push(UopInst::new(Uop::_EXIT_TRACE, 0, 0, ip as u32));
                return (out, stop::TOO_LONG);
            }
            let observed = seen.get(k + 1).map(|s| s.0);
            match translate(code, start, ip, observed, &mut confidence, &mut out) {
                Ok(Next::At(n)) => {
                    if observed.is_some_and(|o| o != n) {
                        // Tier 1 went elsewhere (an exception, say): stop here.
                        out.push(UopInst::new(Uop::_EXIT_TRACE, 0, 0, n as u32));
                        return (out, stop::ERROR);
                    }
                    if observed.is_none() {
                        out.push(UopInst::new(Uop::_EXIT_TRACE, 0, 0, n as u32));
                        return (out, stop::TOO_LONG);
                    }
                }
                Ok(Next::Done(why)) => return (out, why),
                Err(why) => {
                    out.push(UopInst::new(Uop::_EXIT_TRACE, 0, 0, ip as u32));
                    return (out, why);
                }
            }
        }
        let ip = seen.last().map_or(start, |s| s.0);
        out.push(UopInst::new(Uop::_EXIT_TRACE, 0, 0, ip as u32));
        (out, stop::TOO_LONG)
    }

    /// A loop became hot at the `JUMP_BACKWARD` at `at`, which jumps to `start`: forms a
    /// trace now (projection) or starts recording. Returns the installed executor.
    pub(crate) fn tier2_hot_loop(
        &mut self,
        code: &Rc<Code>,
        at: usize,
        start: usize,
        fi: usize,
    ) -> Option<Rc<Executor>> {
        let t2 = self.tier2.as_deref_mut()?;
        if t2.opts.mode == TraceMode::Recording {
            if t2.recorder.is_none() {
                t2.recorder = Some(Recorder {
                    code: code.clone(),
                    frame: fi,
                    start,
                    origin: Origin::Loop { at },
                    seen: Vec::new(),
                });
            }
            return None;
        }
        let t0 = Instant::now();
        let (trace, why) = self.project(code, start);
        self.finish_trace(code, start, trace, why, Origin::Loop { at }, t0)
    }

    /// A side exit became hot: forms its trace (projection) or starts recording at its
    /// target. Returns the new executor (projection only).
    pub(crate) fn tier2_hot_exit(&mut self, parent: &Rc<Executor>, exit: usize, fi: usize) -> Option<Rc<Executor>> {
        let code = parent.code.upgrade()?;
        let target = parent.exits[exit].target as usize;
        let t2 = self.tier2.as_deref_mut()?;
        if t2.opts.mode == TraceMode::Recording {
            if t2.recorder.is_none() {
                t2.recorder = Some(Recorder {
                    code: code.clone(),
                    frame: fi,
                    start: target,
                    origin: Origin::Exit { parent: parent.clone(), exit },
                    seen: Vec::new(),
                });
            }
            return None;
        }
        let t0 = Instant::now();
        let (trace, why) = self.project(&code, target);
        self.finish_trace(&code, target, trace, why, Origin::Exit { parent: parent.clone(), exit }, t0)
    }

    /// Recording mode: called by tier 1 before each instruction while a recorder is active.
    /// Returns false when recording is over (the recorder is gone).
    pub(crate) fn record_instruction(&mut self, code: &Rc<Code>, ip: usize, fi: usize, tos: String) -> bool {
        let Some(t2) = self.tier2.as_deref_mut() else { return false };
        let Some(rec) = t2.recorder.as_mut() else { return false };
        let left = fi != rec.frame || !Rc::ptr_eq(code, &rec.code);
        let done = if left {
            // A call or a return: traces do not follow frames yet, so the recording ends at
            // the instruction that left (its translation stops the trace there).
            if rec.seen.is_empty() {
                *t2.stats.stop_reasons.entry(stop::LEFT_FRAME).or_default() += 1;
                t2.stats.traces_attempted += 1;
                t2.recorder = None;
                return false;
            }
            true
        } else if rec.seen.is_empty() && ip != rec.start {
            // Recording starts at the loop head (or the exit's target).
            return true;
        } else {
            rec.seen.push((ip, tos));
            let unit = code.instrs[ip].get();
            let closes = matches!(Opcode::from_u8(unit as u8), Some(Opcode::JUMP_BACKWARD | Opcode::ENTER_EXECUTOR));
            closes || rec.seen.len() >= MAX_RECORDED
        };
        if !done {
            return true;
        }
        let Some(rec) = t2.recorder.take() else { return false };
        let t0 = Instant::now();
        let (trace, why) = self.translate_recording(&rec.code, rec.start, &rec.seen);
        if self.tier2.as_deref().is_some_and(|t| t.opts.dump) {
            let types: Vec<String> = rec.seen.iter().map(|(ip, ty)| format!("{ip}:{ty}")).collect();
            let _ = std::io::Write::flush(&mut self.out);
            eprintln!("recorded {} instructions (ip:type on top): {}", rec.seen.len(), types.join(" "));
        }
        self.finish_trace(&rec.code, rec.start, trace, why, rec.origin, t0);
        false
    }

    /// An exception unwound while recording: the recording is dropped.
    pub(crate) fn abandon_recording(&mut self) {
        if let Some(t2) = self.tier2.as_deref_mut()
            && t2.recorder.take().is_some()
        {
            t2.stats.traces_attempted += 1;
            *t2.stats.stop_reasons.entry(stop::ERROR).or_default() += 1;
        }
    }

    /// Runs the passes and the verifier, builds the executor and installs or links it.
    fn finish_trace(
        &mut self,
        code: &Rc<Code>,
        start: usize,
        mut trace: Vec<UopInst>,
        why: &'static str,
        origin: Origin,
        t0: Instant,
    ) -> Option<Rc<Executor>> {
        let globals = self.frames.last().map(|f| f.globals.clone()).unwrap_or(Value::NULL);
        let builtins = self.builtins.clone();
        let t2 = self.tier2.as_deref_mut()?;
        t2.stats.traces_attempted += 1;
        *t2.stats.stop_reasons.entry(why).or_default() += 1;
        // A trace must run at least one instruction (besides its own bookkeeping).
        let real = trace.iter().filter(|u| u.uop.flags() & flags::TIER2 == 0).count();
        if real == 0 {
            *t2.stats.stop_reasons.entry(stop::EMPTY).or_default() += 1;
            return None;
        }
        let id = t2.next_id;
        let dump = t2.opts.dump;
        let len = code.instrs.len();
        let mut dumps = String::new();
        if dump {
            dumps.push_str(&format!("executor {id}: {} @{start}, stop: {why}, raw\n", code.name));
            dumps.push_str(&format_trace(&trace));
        }
        if let Err(e) = verify(&trace, len, None) {
            *t2.stats.stop_reasons.entry(stop::VERIFY).or_default() += 1;
            eprintln!("tracelift: trace verifier rejected a raw trace of {} @{start}: {e}", code.name);
            return None;
        }
        for pass in PASSES {
            (pass.run)(&mut trace);
            if dump {
                dumps.push_str(&format!("executor {id}: after {}\n", pass.name));
                dumps.push_str(&format_trace(&trace));
            }
            if let Err(e) = verify(&trace, len, None) {
                *t2.stats.stop_reasons.entry(stop::VERIFY).or_default() += 1;
                eprintln!("tracelift: trace verifier rejected {} @{start} after {}: {e}", code.name, pass.name);
                return None;
            }
        }
        // Exits: one per uop that can exit; dependencies from guards.
        let mut exits = Vec::new();
        let mut bloom = Bloom::default();
        for u in trace.iter_mut() {
            let f = u.uop.flags();
            if f & flags::EXIT != 0 {
                u.exit = exits.len() as u32;
                exits.push(ExitData {
                    target: u.target,
                    temperature: Default::default(),
                    failures: Default::default(),
                    executor: std::cell::RefCell::new(Link::Cold),
                });
            }
            match u.uop {
                Uop::_GUARD_TYPE_VERSION | Uop::_CHECK_ATTR_CLASS | Uop::_CHECK_CLASS_VERSION => {
                    bloom.add(watch::type_version(u.operand as u32))
                }
                Uop::_CHECK_FUNCTION_EXACT_ARGS => bloom.add(watch::func_version(u.operand as u32)),
                Uop::_GUARD_GLOBALS_VERSION | Uop::_LOAD_GLOBAL | Uop::_LOAD_GLOBAL_MODULE => {
                    if let Some(d) = globals.as_dict() {
                        d.watch();
                        bloom.add(watch::dict(d as *const _ as u64));
                    }
                }
                Uop::_GUARD_BUILTINS_VERSION | Uop::_LOAD_GLOBAL_BUILTIN => {
                    if let Some(d) = builtins.as_dict() {
                        bloom.add(watch::dict(d as *const _ as u64));
                    }
                }
                _ => {}
            }
        }
        if let Err(e) = verify(&trace, len, Some(exits.len())) {
            *t2.stats.stop_reasons.entry(stop::VERIFY).or_default() += 1;
            eprintln!("tracelift: trace verifier rejected the exits of {} @{start}: {e}", code.name);
            return None;
        }
        let jump_oparg = match &origin {
            Origin::Loop { at } => backedge_oparg(code, *at).unwrap_or(0),
            Origin::Exit { .. } => 0,
        };
        let ex = Rc::new(Executor {
            head: Box::new(ExecHead { valid: 1 }),
            id,
            uops: trace,
            exits,
            bloom,
            code: Rc::downgrade(code),
            installed_at: Default::default(),
            jump_oparg,
        });
        t2.next_id += 1;
        t2.stats.traces_created += 1;
        t2.stats.formation_ns.push(t0.elapsed().as_nanos() as u64);
        t2.stats.trace_uops.push(ex.uops.len() as u64);
        t2.live.push(Rc::downgrade(&ex));
        match origin {
            Origin::Loop { at } => {
                let mut table = code.executors.borrow_mut();
                let idx = match table.iter().position(|e| e.is_none()) {
                    Some(i) => i,
                    None => {
                        table.push(None);
                        table.len() - 1
                    }
                };
                table[idx] = Some(ex.clone());
                code.instrs[at].set(Opcode::ENTER_EXECUTOR as u32 | ((idx as u32) << 8));
                ex.installed_at.set(Some(at as u32));
            }
            Origin::Exit { parent, exit } => {
                *parent.exits[exit].executor.borrow_mut() = Link::Owned(ex.clone());
                t2.stats.exits_linked += 1;
            }
        }
        if dump {
            let _ = std::io::Write::flush(&mut self.out);
            eprint!("{dumps}");
        }
        Some(ex)
    }
}
