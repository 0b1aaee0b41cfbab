//! Trace formation: from a hot back-edge or a hot side exit to a verified, optimized
//! executor. Two front ends share one translation of tier-1 instructions into uops:
//! - *projection* walks the bytecode from the start, predicting each branch from the 16-bit
//!   history its inline cache keeps, with a confidence that drops at every branch;
//! - *recording* is handed the instructions tier 1 actually ran (and the type it saw on top of
//!   the stack before each one), so branches follow the observed path.
//!
//! Both follow calls into Python functions whose callee the specializer knows (the function
//! or class version its guard checks names the callee's code, see [`super::Tier2::callees`]):
//! the call becomes `_PUSH_FRAME` (or `_CREATE_INIT_FRAME`), the callee's instructions follow,
//! and its return becomes `_POP_FRAME`, up to [`MAX_TRACE_FRAMES`] frames deep. Both stop at
//! the loop's closing (`_JUMP_TO_TOP`), at another loop's back-edge, at an instruction tier 2
//! cannot run (generic calls, a return from the trace's own frame, generators, exception
//! handling …), at low confidence, or at the length limit; every stop reason is counted. A
//! stop other than the loop's closing still yields a trace ending in `_EXIT_TRACE`, as long
//! as it covers at least one instruction.

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Instant;

use tracelift_compiler::code::flags as coflags;
use tracelift_optimizer::analysis::{Env, ObjInfo, ObjKind, analyze};
use tracelift_optimizer::symbols::{Const, Sym};
use tracelift_optimizer::{PASSES, verify::verify};
use tracelift_runtime::Value;
use tracelift_runtime::watch;
use tracelift_uops::Uop;
use tracelift_uops::abi::ExecHead;
use tracelift_uops::expand::{tier2_expansion, tier2_replacement};
use tracelift_uops::opcode::Opcode;
use tracelift_uops::trace::{UopInst, format_trace_with};
use tracelift_uops::uop::Ty;
use tracelift_uops::uop::flags;

use super::siblings::{self, Sibling};
use super::{Bloom, Counter, Executor, ExitData, Histo, Link, MAX_TRACE_UOPS, TraceMode};
use crate::Vm;
use crate::objects::{Code, VmValue};

/// Below this confidence (out of 1000) projection stops (CPython's `CONFIDENCE_CUTOFF`).
const CONFIDENCE_CUTOFF: u32 = 333;
/// Longest recording, in instructions.
const MAX_RECORDED: usize = 400;
/// A loop or entry trace that ends at an unsupported instruction needs at least this many
/// uops (not counting tier-2 bookkeeping) to be installed (:short-open-trace:).
pub const MIN_OPEN_TRACE_UOPS: usize = 16;
/// Deepest nesting of frames in one trace, its own included (CPython's `TRACE_STACK_SIZE`).
pub const MAX_TRACE_FRAMES: usize = 5;

/// Why trace formation stopped (counted per reason).
pub mod stop {
    pub const LOOP_CLOSED: &str = "loop_closed";
    pub const INNER_LOOP: &str = "other_back_edge";
    pub const UNSUPPORTED: &str = "unsupported_instruction";
    pub const CALL: &str = "python_call";
    pub const TOO_DEEP: &str = "call_too_deep";
    /// A side trace reached a call of a code whose frame the trace is already in: it makes
    /// the call and exits at the callee's first instruction (CPython ends every trace so at
    /// a recursive call). A trace that follows recursion inlines one path through a tree
    /// walk, each other path exits, and side traces that recursed again would multiply with
    /// the paths (:side-recursion:).
    pub const RECURSIVE: &str = "recursive_call";
    pub const LOW_CONFIDENCE: &str = "low_confidence";
    pub const TOO_LONG: &str = "too_long";
    pub const LEFT_FRAME: &str = "left_frame";
    pub const ERROR: &str = "exception";
    pub const EMPTY: &str = "empty_trace";
    /// A loop or entry trace that stops at an instruction tier 2 cannot run after fewer than
    /// [`super::MIN_OPEN_TRACE_UOPS`] uops (:short-open-trace:): every entry would leave
    /// again at once, and the round trip costs more than the few instructions gain.
    pub const SHORT: &str = "short_open_trace";
    /// A loop whose header is a `FOR_ITER` over a generator or coroutine (:generator-loop:):
    /// tier 1 resumes it as a frame of its own loop, where a trace resumes it through a
    /// nested run of the eval loop, slower, so the loop stays in tier 1.
    pub const GENERATOR_LOOP: &str = "generator_loop";
    pub const VERIFY: &str = "verifier_rejected";
    /// The backend could not compile the trace (counted in `compile_failures` too).
    pub const COMPILE: &str = "compile_failed";
    /// A trace formed at the guard its parent starts with checks what the parent (or a trace
    /// before it in the chain) checks (:branch-siblings:, :type-siblings:): it would only
    /// fail where they do.
    pub const SAME_WAY: &str = "same_way_as_parent";
}

/// What a trace is for.
#[derive(Clone)]
pub enum Origin {
    /// A loop: `ENTER_EXECUTOR` goes over the `JUMP_BACKWARD` at `at`.
    Loop { at: usize },
    /// A function's entry: `ENTER_EXECUTOR` goes over its `RESUME` at `at`; the trace starts
    /// after it.
    Entry { at: usize },
    /// Side exit `exit` of `parent`.
    Exit { parent: Rc<Executor>, exit: usize },
}

/// One instruction tier 1 ran while recording.
pub struct Seen {
    pub code: Rc<Code>,
    pub ip: usize,
    /// The type name on top of the stack before it ran.
    pub tos: String,
    /// The first instruction of a caller after the recorded frame returned into it
    /// (:return-to-caller:).
    pub returned: bool,
}

/// A recording in progress.
pub struct Recorder {
    pub code: Rc<Code>,
    /// The frame the trace starts in.
    pub frame: usize,
    /// Frames entered by recorded calls and not yet returned from (the recorded frame is
    /// `frame + depth`; instructions of other frames, run by escaping calls, are skipped).
    pub depth: usize,
    pub start: usize,
    pub origin: Origin,
    pub seen: Vec<Seen>,
    /// Returns followed out of the recorded frame (:return-to-caller:).
    pub returns: usize,
    /// The frame of the last instruction recorded was a plain call's (its return may be
    /// followed).
    pub last_plain: bool,
    /// Iterations of a loop dropped because they left it by a branch (:loop-bias:).
    pub restarts: u32,
}

/// Where the walk goes after an instruction.
enum Next {
    /// Continue at this instruction.
    At(usize),
    /// The instruction entered `callee` (at its first instruction); the caller continues at
    /// the second field.
    Call(Rc<Code>, usize),
    /// The instruction returned to the caller.
    Return,
    /// The trace's own frame returned to its caller (:return-to-caller:).
    ReturnToCaller,
    /// The trace is complete.
    Done(&'static str),
}

/// The `JUMP_BACKWARD` oparg of the instruction at `i`, looking through `ENTER_EXECUTOR`.
fn backedge_oparg(code: &Code, i: usize) -> Option<u32> {
    let unit = code.instrs[i].get();
    match Opcode::from_u8(unit as u8)? {
        Opcode::JUMP_BACKWARD => Some(unit >> 8),
        Opcode::ENTER_EXECUTOR => code.executor((unit >> 8) as usize).filter(|e| !e.entry).map(|e| e.jump_oparg),
        _ => None,
    }
}

/// The code unit at `ip`, looking through an `ENTER_EXECUTOR` installed at a function's entry
/// (it stands for the `RESUME` there; a trace that calls the function runs the callee's body).
fn original_unit(code: &Code, ip: usize) -> u32 {
    let unit = code.instrs[ip].get();
    if unit & 0xff == Opcode::ENTER_EXECUTOR as u32 && code.executor((unit >> 8) as usize).is_some_and(|e| e.entry) {
        return Opcode::RESUME as u32;
    }
    unit
}

/// The locals of `code` that are bound whenever it runs: its parameters, unless the code
/// deletes one (bit `i` for local `i`, the first 64 locals only).
fn params_bound(code: &Code) -> u64 {
    let co = &code.co;
    let var = (co.flags & coflags::VARARGS != 0) as usize + (co.flags & coflags::VARKEYWORDS != 0) as usize;
    let n = (co.argcount as usize + co.kwonlyargcount as usize + var).min(64);
    let mut mask = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    let mut i = 0;
    while i < code.instrs.len() {
        let unit = code.instrs[i].get();
        let Some(op) = Opcode::from_u8(unit as u8) else { break };
        if op == Opcode::DELETE_FAST && (unit >> 8) < 64 {
            mask &= !(1u64 << (unit >> 8));
        }
        i += 1 + op.cache_size();
    }
    mask
}

/// Does `op` enter a Python frame (a frame uop in its expansion)?
fn enters_frame(op: Opcode) -> bool {
    tier2_expansion(op).is_some_and(|steps| steps.iter().any(|s| s.uop.flags() & flags::FRAME != 0))
}

/// Of the last 16 outcomes of a branch in a loop trace's own loop, how many must leave the
/// loop for projection to follow the leaving side (:loop-bias:).
const LOOP_EXIT_DOMINANT: u32 = 15;

/// For a branch in the loop `start ..= end` (its back-edge at `end`) that jumps to `target` or
/// falls through to `next`: `Some(true)` when only the jump leaves the loop, `Some(false)` when
/// only the fall-through does, `None` otherwise. A side leaves when it lands outside the
/// loop, or on a jump forward out of it or a return (a `break` or `return` in the body).
fn leaves_loop(code: &Code, start: usize, end: usize, target: usize, next: usize) -> Option<bool> {
    let leaves = |d: usize| {
        if d > end || d < start {
            return true;
        }
        let unit = original_unit(code, d);
        match Opcode::from_u8(unit as u8) {
            Some(Opcode::JUMP_FORWARD) => d + 1 + (unit >> 8) as usize > end,
            Some(Opcode::RETURN_VALUE | Opcode::RETURN_CONST) => true,
            _ => false,
        }
    };
    match (leaves(target), leaves(next)) {
        (true, false) => Some(true),
        (false, true) => Some(false),
        _ => None,
    }
}

/// Did the branch at `prev` of the loop `start ..= end` just leave the loop, landing at `ip`?
fn branch_left_loop(code: &Code, start: usize, end: usize, prev: usize, ip: usize) -> bool {
    let unit = original_unit(code, prev);
    let Some(op) = Opcode::from_u8(unit as u8) else { return false };
    if !matches!(
        op,
        Opcode::POP_JUMP_IF_FALSE | Opcode::POP_JUMP_IF_TRUE | Opcode::POP_JUMP_IF_NONE | Opcode::POP_JUMP_IF_NOT_NONE
    ) {
        return false;
    }
    let next = prev + 1 + op.cache_size();
    let target = next + (unit >> 8) as usize;
    match leaves_loop(code, start, end, target, next) {
        Some(true) => ip == target,
        Some(false) => ip == next,
        None => false,
    }
}

/// How many returns from the trace's own frame a trace may follow (:return-to-caller:).
const MAX_RETURNS: usize = 2;

/// The callers that frame `fi` (the frame a trace starts in) returns into in this run of tier 1,
/// outermost first, each with the instruction it resumes at: up to [`MAX_RETURNS`], while the
/// frame returning is a plain call's (an entry frame returns to Rust; a generator's or an
/// `__init__`'s return is not a plain return).
fn returnable_callers(frames: &[crate::frame::Frame], fi: usize) -> Vec<(Rc<Code>, usize)> {
    let mut out = Vec::new();
    let mut k = fi;
    while k >= 1 && out.len() < MAX_RETURNS {
        if !frames[k].is_plain_call() {
            break;
        }
        out.push((frames[k - 1].code.clone(), frames[k - 1].ip));
        k -= 1;
    }
    out.reverse();
    out
}

/// Knows the code behind a function or class version (see [`super::Tier2::callees`]).
type CalleeOf<'a> = &'a dyn Fn(u32) -> Option<Rc<Code>>;

/// Translates the instruction at `ip` of `code`, `depth` frames into the trace, into `out`.
/// `observed` is the next instruction tier 1 ran (recording); `None` predicts it
/// (projection), updating `confidence`. `bound` has a bit for each local known to be bound
/// here (a `LOAD_FAST` of one needs no check, so no `_SET_IP`); it grows with every store
/// and checked load. `caller` is the code and resume point of the caller of the trace's own
/// frame, when the trace may follow a return into it (:return-to-caller:).
#[allow(clippy::too_many_arguments)]
fn translate(
    code: &Code,
    depth: usize,
    start: usize,
    loop_end: Option<usize>,
    ip: usize,
    observed: Option<usize>,
    caller: Option<&(Rc<Code>, usize)>,
    callee_of: CalleeOf,
    confidence: &mut u32,
    bound: &mut u64,
    out: &mut Vec<UopInst>,
) -> Result<Next, &'static str> {
    let unit = original_unit(code, ip);
    let oparg = unit >> 8;
    let op = Opcode::from_u8(unit as u8).ok_or(stop::UNSUPPORTED)?;
    let next = ip + 1 + op.cache_size();
    let t = ip as u32;
    out.push(UopInst::new(Uop::_CHECK_VALIDITY, 0, 0, t));
    out.push(UopInst::new(Uop::_SET_IP, 0, ip as u64, t));
    // Gives up on this instruction (the trace exits to it).
    let stop = |out: &mut Vec<UopInst>, why| {
        out.truncate(out.len() - 2);
        Err(why)
    };
    match op {
        Opcode::JUMP_BACKWARD | Opcode::ENTER_EXECUTOR => {
            let oparg = backedge_oparg(code, ip).ok_or(stop::UNSUPPORTED)?;
            let dest = next - oparg as usize;
            if depth == 0 && dest == start {
                out.push(UopInst::new(Uop::_JUMP_TO_TOP, 0, ip as u64, t));
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
                    let mut jump = taken > 8;
                    let mut likely = if jump { taken } else { 16 - taken };
                    // :loop-bias: in the trace's own loop, a branch that leaves the loop one
                    // way stays in it unless leaving is nearly all the history holds.
                    if depth == 0
                        && let Some(end) = loop_end
                        && let Some(leave_by_jump) = leaves_loop(code, start, end, target, next)
                    {
                        let leaving = if leave_by_jump { taken } else { 16 - taken };
                        if leaving < LOOP_EXIT_DOMINANT {
                            jump = !leave_by_jump;
                            likely = (16 - leaving).max(8);
                        }
                    }
                    *confidence = *confidence * likely / 16;
                    if *confidence < CONFIDENCE_CUTOFF {
                        return stop(out, stop::LOW_CONFIDENCE);
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
        Opcode::RETURN_VALUE | Opcode::RETURN_CONST => {
            if depth == 0 && caller.is_none() {
                // The caller of the trace's own frame is not known.
                return stop(out, stop::LEFT_FRAME);
            }
            if op == Opcode::RETURN_CONST {
                out.push(UopInst::new(Uop::_LOAD_CONST, oparg, 0, t));
            }
            if let (0, Some((c, resume))) = (depth, caller) {
                // :return-to-caller: guarded at run time, the trace goes on in the caller.
                out.push(UopInst::new(Uop::_RETURN_TO_CALLER, *resume as u32, Rc::as_ptr(c) as usize as u64, t));
                return Ok(Next::ReturnToCaller);
            }
            out.push(UopInst::new(Uop::_POP_FRAME, 0, 0, t));
            Ok(Next::Return)
        }
        _ => {
            let Some(steps) = tier2_expansion(op) else { return stop(out, stop::UNSUPPORTED) };
            let unit = |k: Option<u8>| k.map_or(0, |k| code.instrs[ip + 1 + k as usize].get() as u64);
            // A call into a Python frame: the guard's version (the last operand before the
            // frame uop) names the callee.
            let mut callee = None;
            if let Some(k) = steps.iter().position(|s| s.uop.flags() & flags::FRAME != 0) {
                let version = steps[..k].iter().rev().find(|s| s.lo.is_some()).map(|s| unit(s.lo) as u32);
                let known = version.and_then(callee_of).filter(|c| c.co.flags & coflags::GENERATOR == 0);
                match known {
                    None => return stop(out, stop::CALL),
                    Some(_) if depth + 1 >= MAX_TRACE_FRAMES => return stop(out, stop::TOO_DEEP),
                    Some(c) => callee = Some(c),
                }
            }
            let whole = oparg;
            for s in steps {
                // A superinstruction's uops each take their half of the oparg.
                let oparg = s.arg.of(whole);
                let mut uop = tier2_replacement(s.uop);
                if matches!(uop, Uop::_LOAD_FAST_CHECK | Uop::_STORE_FAST) && oparg < 64 {
                    if uop == Uop::_LOAD_FAST_CHECK && *bound & (1 << oparg) != 0 {
                        uop = Uop::_LOAD_FAST;
                    }
                    *bound |= 1 << oparg;
                }
                let mut operand = unit(s.lo) | unit(s.hi) << 32;
                if s.uop.flags() & flags::FRAME != 0
                    && let Some(c) = &callee
                {
                    operand = Rc::as_ptr(c) as usize as u64;
                }
                // An exhausted-iterator guard pops the iterator and leaves to the loop's end.
                let exhausted = matches!(
                    uop,
                    Uop::_GUARD_NOT_EXHAUSTED_RANGE | Uop::_GUARD_NOT_EXHAUSTED_LIST | Uop::_GUARD_NOT_EXHAUSTED_TUPLE
                );
                let target = if exhausted { (next + oparg as usize) as u32 } else { t };
                out.push(UopInst::new(uop, oparg, operand, target));
            }
            Ok(match callee {
                Some(c) => Next::Call(c, next),
                None => Next::At(next),
            })
        }
    }
}

/// A trace being formed: where the walk is, the frames it entered, and the uops so far.
struct Walk {
    start: usize,
    /// The code being walked and the walk's position in it.
    code: Rc<Code>,
    ip: usize,
    /// Callers of `code` inside the trace, with the instruction each continues at and its
    /// locals known to be bound.
    frames: Vec<(Rc<Code>, usize, u64)>,
    /// Every code a frame uop entered (or a `_RETURN_TO_CALLER` returned to).
    callees: Vec<Rc<Code>>,
    /// The callers of the trace's own frame, innermost last, each with the instruction it
    /// resumes at, that the walk may return into (:return-to-caller:).
    callers: Vec<(Rc<Code>, usize)>,
    /// Locals of `code` known to be bound (see [`translate`]).
    bound: u64,
    /// A side exit's trace: it stops at a recursive call (:side-recursion:).
    side: bool,
    /// A loop's trace: the index of the back-edge that closes the loop (:loop-bias:).
    loop_end: Option<usize>,
    confidence: u32,
    out: Vec<UopInst>,
}

/// A formed (not yet optimized) trace.
pub struct Formed {
    pub uops: Vec<UopInst>,
    pub why: &'static str,
    pub callees: Vec<Rc<Code>>,
}

impl Walk {
    fn new(code: &Rc<Code>, start: usize) -> Walk {
        let s = start as u32;
        Walk {
            start,
            code: code.clone(),
            ip: start,
            frames: Vec::new(),
            callees: Vec::new(),
            callers: Vec::new(),
            bound: params_bound(code),
            side: false,
            loop_end: None,
            confidence: 1000,
            out: vec![UopInst::new(Uop::_START_EXECUTOR, 0, 0, s), UopInst::new(Uop::_MAKE_WARM, 0, 0, s)],
        }
    }

    /// Ends the trace with an exit to the current instruction.
    fn exit(mut self, why: &'static str) -> Formed {
        self.out.push(UopInst::new(Uop::_EXIT_TRACE, 0, 0, self.ip as u32));
        self.done(why)
    }

    fn done(self, why: &'static str) -> Formed {
        Formed { uops: self.out, why, callees: self.callees }
    }

    /// Translates the current instruction and moves on. `Err` carries the stop reason when
    /// the trace is over (complete, or to be ended by [`Walk::exit`] when `Ok` is inside).
    fn step(&mut self, observed: Option<usize>, callee_of: CalleeOf) -> Result<(), Result<&'static str, &'static str>> {
        if self.out.len() + 16 > MAX_TRACE_UOPS {
            return Err(Err(stop::TOO_LONG));
        }
        let depth = self.frames.len();
        match translate(
            &self.code,
            depth,
            self.start,
            self.loop_end,
            self.ip,
            observed,
            self.callers.last(),
            callee_of,
            &mut self.confidence,
            &mut self.bound,
            &mut self.out,
        ) {
            Ok(Next::At(n)) => self.ip = n,
            Ok(Next::Call(c, ret)) => {
                // :side-recursion: a side trace makes a recursive call and exits at the
                // callee's first instruction, where tier 1 enters the callee's own executor.
                let recursive =
                    self.side && (Rc::ptr_eq(&c, &self.code) || self.frames.iter().any(|f| Rc::ptr_eq(&f.0, &c)));
                let caller = std::mem::replace(&mut self.code, c.clone());
                let bound = std::mem::replace(&mut self.bound, params_bound(&c));
                self.frames.push((caller, ret, bound));
                self.callees.push(c);
                self.ip = 0;
                if recursive {
                    return Err(Err(stop::RECURSIVE));
                }
            }
            Ok(Next::Return) => {
                let (caller, ret, bound) = self.frames.pop().expect("a Return inside a callee");
                self.code = caller;
                self.bound = bound;
                self.ip = ret;
            }
            Ok(Next::ReturnToCaller) => {
                let (caller, resume) = self.callers.pop().expect("a ReturnToCaller with a caller");
                self.bound = params_bound(&caller);
                self.callees.push(caller.clone());
                self.code = caller;
                self.ip = resume;
                // The loop the trace started at is not in this code: no back-edge closes it.
                self.start = usize::MAX;
            }
            Ok(Next::Done(why)) => return Err(Ok(why)),
            Err(why) => return Err(Err(why)),
        }
        Ok(())
    }

    /// Finishes after [`Walk::step`] stopped.
    fn finish(self, r: Result<&'static str, &'static str>) -> Formed {
        match r {
            Ok(why) => self.done(why),
            Err(why) => self.exit(why),
        }
    }
}

/// Projects a trace from `start` in `code`. `first` is where the first instruction is known to
/// go (a branch whose condition is already on the stack), if known.
///
/// `callers` are the callers of the frame the trace starts in (see [`Walk::callers`]), as
/// they are now: the trace follows a return into them, guarded by `_RETURN_TO_CALLER`.
/// `origin` says whether it is a side exit's trace (:side-recursion:) or a loop's, and which
/// back-edge closes the loop (:loop-bias:).
fn project(
    code: &Rc<Code>,
    start: usize,
    first: Option<usize>,
    callers: Vec<(Rc<Code>, usize)>,
    callee_of: CalleeOf,
    origin: &Origin,
    dump: bool,
) -> Formed {
    let mut walk = Walk::new(code, start);
    walk.callers = callers;
    walk.side = matches!(origin, Origin::Exit { .. });
    walk.loop_end = match origin {
        Origin::Loop { at } => Some(*at),
        _ => None,
    };
    let mut observed = first;
    loop {
        if let Err(r) = walk.step(observed.take(), callee_of) {
            if dump && let Err(why) = r {
                let op = Opcode::from_u8(walk.code.instrs[walk.ip].get() as u8).map_or("?", |o| o.name());
                eprintln!("projection of {} @{start} stops at {} @{} {op}: {why}", code.name, walk.code.name, walk.ip);
            }
            return walk.finish(r);
        }
    }
}

/// Translates a finished recording.
fn translate_recording(code: &Rc<Code>, start: usize, seen: &[Seen], callee_of: CalleeOf, side: bool) -> Formed {
    let mut walk = Walk::new(code, start);
    walk.side = side;
    for (k, s) in seen.iter().enumerate() {
        if !Rc::ptr_eq(&s.code, &walk.code) || s.ip != walk.ip {
            // Tier 1 went elsewhere (an exception, a deopt into another callee): stop here.
            return walk.exit(stop::ERROR);
        }
        let observed = seen.get(k + 1);
        // :return-to-caller: the recording went on in the caller the frame returned into.
        walk.callers.clear();
        if let Some(o) = observed.filter(|o| o.returned) {
            walk.callers.push((o.code.clone(), o.ip));
        }
        if let Err(r) = walk.step(observed.map(|o| o.ip), callee_of) {
            return walk.finish(r);
        }
        if observed.is_none() {
            return walk.exit(stop::TOO_LONG);
        }
    }
    walk.exit(stop::TOO_LONG)
}

impl Vm {
    /// A loop became hot at the `JUMP_BACKWARD` at `at`, which jumps to `start`: forms a
    /// trace now (projection) or starts recording. Returns the installed executor.
    pub(crate) fn tier2_hot_loop(
        &mut self,
        code: &Rc<Code>,
        at: usize,
        start: usize,
        fi: usize,
    ) -> Option<Rc<Executor>> {
        self.tier2_hot(code, start, fi, Origin::Loop { at })
    }

    /// The function running in frame `fi` was called often enough: forms a trace from its
    /// entry (projection) or starts recording there. Returns the installed executor.
    pub(crate) fn tier2_hot_entry(&mut self, code: &Rc<Code>, fi: usize) -> Option<Rc<Executor>> {
        self.tier2_hot(code, 1, fi, Origin::Entry { at: 0 })
    }

    /// A side exit of `parent` became hot in frame `fi` (whose code the exit's target is in):
    /// forms its trace (projection) or starts recording at its target. Returns the new
    /// executor (projection only).
    pub(crate) fn tier2_hot_exit(&mut self, parent: &Rc<Executor>, exit: usize, fi: usize) -> Option<Rc<Executor>> {
        let code = self.frames[fi].code.clone();
        let target = parent.exits[exit].target as usize;
        self.tier2_hot(&code, target, fi, Origin::Exit { parent: parent.clone(), exit })
    }

    /// Where the branch at `ip` will go, if it is a branch whose condition (on top of frame
    /// `fi`'s stack) decides it without running code. A trace formed at a branch guard's exit
    /// thus starts down the path that made the guard fail.
    fn branch_on_stack(&self, code: &Code, ip: usize, fi: usize) -> Option<usize> {
        let unit = code.instrs[ip].get();
        let op = Opcode::from_u8(unit as u8)?;
        let tos = &self.stack[self.frames[fi].sp.checked_sub(1)?];
        let jump = match op {
            Opcode::POP_JUMP_IF_TRUE | Opcode::POP_JUMP_IF_FALSE if tos.is_bool() => {
                tos.is_true() == (op == Opcode::POP_JUMP_IF_TRUE)
            }
            Opcode::POP_JUMP_IF_NONE | Opcode::POP_JUMP_IF_NOT_NONE if !tos.is_null() => {
                tos.is_none() == (op == Opcode::POP_JUMP_IF_NONE)
            }
            _ => return None,
        };
        let next = ip + 1 + op.cache_size();
        Some(if jump { next + (unit >> 8) as usize } else { next })
    }

    /// :generator-loop: is `start` the `FOR_ITER` of a loop over a generator (or coroutine),
    /// the iterator on top of frame `fi`'s stack? Tier 1 resumes it as a frame of the running
    /// loop (CPython 3.12's `FOR_ITER_GEN`); a trace has no uop for that and would resume it
    /// through a nested run of the eval loop (`_FOR_ITER_TIER_TWO`), which measured 20%
    /// slower under Cranelift and 60% under the uop interpreter on a loop over a generator.
    fn loops_over_generator(&self, code: &Code, start: usize, fi: usize) -> bool {
        if code.instrs[start].get() as u8 != Opcode::FOR_ITER as u8 {
            return false;
        }
        let f = &self.frames[fi];
        f.sp.checked_sub(1).is_some_and(|top| self.stack[top].as_generator().is_some())
    }

    fn tier2_hot(&mut self, code: &Rc<Code>, start: usize, fi: usize, origin: Origin) -> Option<Rc<Executor>> {
        if matches!(origin, Origin::Loop { .. }) && self.loops_over_generator(code, start, fi) {
            let t2 = self.tier2.as_deref_mut()?;
            *t2.stats.stop_reasons.entry(stop::GENERATOR_LOOP).or_default() += 1;
            return None;
        }
        let first = match origin {
            Origin::Exit { .. } => self.branch_on_stack(code, start, fi),
            Origin::Loop { .. } | Origin::Entry { .. } => None,
        };
        let t2 = self.tier2.as_deref_mut()?;
        if t2.opts.mode == TraceMode::Recording {
            if t2.recorder.is_none() {
                t2.recorder = Some(Recorder {
                    code: code.clone(),
                    frame: fi,
                    depth: 0,
                    start,
                    origin,
                    seen: Vec::new(),
                    returns: 0,
                    last_plain: false,
                    restarts: 0,
                });
            }
            return None;
        }
        let t0 = Instant::now();
        let callees = &t2.callees;
        let callers = if t2.opts.return_to_caller { returnable_callers(&self.frames, fi) } else { Vec::new() };
        let formed = project(code, start, first, callers, &|v| callees.get(v), &origin, t2.opts.dump);
        self.finish_trace(code, start, formed, origin, t0)
    }

    /// Recording mode: called by tier 1 before each instruction while a recorder is active.
    /// Returns false when recording is over (the recorder is gone).
    pub(crate) fn record_instruction(&mut self, code: &Rc<Code>, ip: usize, fi: usize, tos: String) -> bool {
        let plain = self.frames.get(fi).is_some_and(crate::frame::Frame::is_plain_call);
        let Some(t2) = self.tier2.as_deref_mut() else { return false };
        let Some(rec) = t2.recorder.as_mut() else { return false };
        let follow_return = t2.opts.return_to_caller;
        let cur = rec.frame + rec.depth;
        // The opcode of the last instruction recorded (in frame `cur`).
        let last = rec.seen.last().and_then(|s| Opcode::from_u8(s.code.instrs[s.ip].get() as u8));
        let entered = fi == cur + 1 && ip == 0 && last.is_some_and(enters_frame);
        let returned =
            rec.depth > 0 && fi + 1 == cur && matches!(last, Some(Opcode::RETURN_VALUE | Opcode::RETURN_CONST));
        // :return-to-caller: the recorded frame, a plain call's, returned into its caller.
        let left = follow_return
            && rec.depth == 0
            && fi + 1 == rec.frame
            && rec.last_plain
            && rec.returns < MAX_RETURNS
            && matches!(last, Some(Opcode::RETURN_VALUE | Opcode::RETURN_CONST));
        let done = if entered || returned {
            if entered {
                rec.depth += 1;
            } else {
                rec.depth -= 1;
            }
            rec.seen.push(Seen { code: code.clone(), ip, tos, returned: false });
            rec.last_plain = plain;
            rec.seen.len() >= MAX_RECORDED
        } else if left {
            rec.frame -= 1;
            rec.returns += 1;
            rec.seen.push(Seen { code: code.clone(), ip, tos, returned: true });
            rec.last_plain = plain;
            rec.seen.len() >= MAX_RECORDED
        } else if fi < rec.frame {
            // The trace's own frame returned or yielded: its translation stops there.
            if rec.seen.is_empty() {
                *t2.stats.stop_reasons.entry(stop::LEFT_FRAME).or_default() += 1;
                t2.stats.bump(Counter::trace_attempted);
                t2.recorder = None;
                return false;
            }
            true
        } else if fi != cur {
            // A frame run by an escaping call (a builtin calling back into Python): not traced.
            return true;
        } else if rec.seen.is_empty() && ip != rec.start {
            // Recording starts at the loop head (or the exit's target).
            return true;
        } else {
            // :loop-bias: an iteration that leaves the loop by a branch is dropped, and the
            // recorder waits for the loop's head to record another, unless nearly every
            // iteration has left so far.
            if let Origin::Loop { at } = rec.origin
                && rec.depth == 0
                && rec.returns == 0
                && rec.restarts < LOOP_EXIT_DOMINANT
                && let Some(prev) = rec.seen.last()
                && Rc::ptr_eq(&prev.code, code)
                && branch_left_loop(code, rec.start, at, prev.ip, ip)
            {
                rec.seen.clear();
                rec.restarts += 1;
                return true;
            }
            rec.seen.push(Seen { code: code.clone(), ip, tos, returned: false });
            rec.last_plain = plain;
            let unit = code.instrs[ip].get();
            let closes = matches!(Opcode::from_u8(unit as u8), Some(Opcode::JUMP_BACKWARD | Opcode::ENTER_EXECUTOR));
            closes || rec.seen.len() >= MAX_RECORDED
        };
        if done {
            self.finish_recording();
        }
        !done
    }

    /// Frame `fi` leaves the eval loop (it returned, yielded or became a generator): if it is
    /// the recorded frame, the recording ends there.
    pub(crate) fn recording_leaves_run(&mut self, fi: usize) {
        let recorded = self.tier2.as_deref().and_then(|t| t.recorder.as_ref()).is_some_and(|r| r.frame + r.depth == fi);
        if recorded {
            self.finish_recording();
        }
    }

    /// Translates the recording and makes its executor.
    fn finish_recording(&mut self) {
        let Some(t2) = self.tier2.as_deref_mut() else { return };
        let Some(rec) = t2.recorder.take() else { return };
        let t0 = Instant::now();
        let callees = &t2.callees;
        let side = matches!(rec.origin, Origin::Exit { .. });
        let formed = translate_recording(&rec.code, rec.start, &rec.seen, &|v| callees.get(v), side);
        if t2.opts.dump {
            let types: Vec<String> = rec.seen.iter().map(|s| format!("{}:{}", s.ip, s.tos)).collect();
            tracelift_runtime::stdio::flush_quiet();
            eprintln!("recorded {} instructions (ip:type on top): {}", rec.seen.len(), types.join(" "));
        }
        self.finish_trace(&rec.code, rec.start, formed, rec.origin, t0);
    }

    /// An exception unwound while recording: the recording is dropped.
    pub(crate) fn abandon_recording(&mut self) {
        if let Some(t2) = self.tier2.as_deref_mut()
            && t2.recorder.take().is_some()
        {
            t2.stats.bump(Counter::trace_attempted);
            *t2.stats.stop_reasons.entry(stop::ERROR).or_default() += 1;
        }
    }

    /// Runs the passes and the verifier, builds the executor and installs or links it.
    fn finish_trace(
        &mut self,
        code: &Rc<Code>,
        start: usize,
        formed: Formed,
        origin: Origin,
        t0: Instant,
    ) -> Option<Rc<Executor>> {
        let Formed { uops: mut trace, why, callees } = formed;
        // The globals of the frame that runs the trace's own code (a recording may finish in
        // another frame).
        let globals = (self.frames.iter().rev().find(|f| Rc::ptr_eq(&f.code, code)))
            .or(self.frames.last())
            .map(|f| f.globals.clone())
            .unwrap_or(Value::NULL);
        // A caller the trace returns into (:return-to-caller:) has its own frame's globals.
        let frame_globals: Vec<(u64, Value)> = callees
            .iter()
            .filter_map(|c| {
                let f = self.frames.iter().rev().find(|f| Rc::ptr_eq(&f.code, c))?;
                Some((Rc::as_ptr(c) as usize as u64, f.globals.clone()))
            })
            .collect();
        let builtins = self.builtins.clone();
        let t2 = self.tier2.as_deref_mut()?;
        t2.stats.bump(Counter::trace_attempted);
        *t2.stats.stop_reasons.entry(why).or_default() += 1;
        // A trace must run at least one instruction (besides its own bookkeeping). A branch's
        // guard is one: the `POP_JUMP_IF_*` it stands for (:branch-only-trace:).
        let real = trace.iter().filter(|u| u.uop.flags() & flags::TIER2 == 0).count();
        if real == 0 && !trace.iter().any(|u| super::siblings::is_branch_guard(u.uop)) {
            *t2.stats.stop_reasons.entry(stop::EMPTY).or_default() += 1;
            return None;
        }
        // :short-open-trace: the trace cannot loop and its end leaves tier 2 for good, so each
        // entry is a round trip through the host for a few instructions. A side trace is
        // reached by a jump from its parent, not by that round trip, so it is kept.
        // (A trace that ends at a return it cannot follow is kept: dropping the short ones of
        // those measured 1-3% slower on richards, deltablue and hanoi.)
        if why == stop::UNSUPPORTED && !matches!(origin, Origin::Exit { .. }) && real < MIN_OPEN_TRACE_UOPS {
            *t2.stats.stop_reasons.entry(stop::SHORT).or_default() += 1;
            return None;
        }
        let id = t2.next_id;
        let dump = t2.opts.dump;
        // Code lengths for the verifier: the trace's own code, and each callee by address.
        let code_len = |c: u64| -> Option<usize> {
            if c == 0 {
                return Some(code.instrs.len());
            }
            callees.iter().find(|k| Rc::as_ptr(k) as usize as u64 == c).map(|k| k.instrs.len())
        };
        let env = CodeEnv {
            code,
            callees: &callees,
            globals: &globals,
            frame_globals: &frame_globals,
            builtins: &builtins,
            deps: Default::default(),
        };
        let mut dumps = String::new();
        if dump {
            dumps.push_str(&format!("executor e{id}: {} @{start}, stop: {why}, raw\n", code.name));
            for c in &callees {
                dumps.push_str(&format!("  frame code {} = {}\n", t2.ids.name('c', Rc::as_ptr(c) as u64), c.name));
            }
            dumps.push_str(&format_trace_with(&trace, &t2.ids, &inputs_of(&trace, &env)));
        }
        if let Err(e) = verify(&trace, &code_len, None) {
            *t2.stats.stop_reasons.entry(stop::VERIFY).or_default() += 1;
            eprintln!("tracelift: trace verifier rejected a raw trace of {} @{start}: {e}", code.name);
            return None;
        }
        for (i, pass) in PASSES.iter().enumerate() {
            if !t2.opts.passes.has(i) {
                continue;
            }
            (pass.run)(&mut trace, &env);
            if dump {
                dumps.push_str(&format!("executor e{id}: after {}\n", pass.name));
                dumps.push_str(&format_trace_with(&trace, &t2.ids, &inputs_of(&trace, &env)));
            }
            if let Err(e) = verify(&trace, &code_len, None) {
                *t2.stats.stop_reasons.entry(stop::VERIFY).or_default() += 1;
                eprintln!("tracelift: trace verifier rejected {} @{start} after {}: {e}", code.name, pass.name);
                return None;
            }
        }
        // Exits: one per uop that can exit; dependencies from guards.
        let mut exits = Vec::new();
        let mut bloom = Bloom::default();
        // The code of the frame the trace's own frame is by now: the trace's, or the caller's
        // a `_RETURN_TO_CALLER` went on in (it only returns from that frame, never from a
        // callee's, `verify`).
        let mut own: &Code = code;
        for u in trace.iter_mut() {
            let f = u.uop.flags();
            if f & flags::EXIT != 0 {
                u.exit = exits.len() as u32;
                exits.push(ExitData {
                    target: u.target,
                    temperature: Default::default(),
                    failures: Default::default(),
                    executor: std::cell::RefCell::new(Link::Cold),
                    jit: Default::default(),
                    uop: u.uop,
                    tier1_only: u.uop == Uop::_RETURN_TO_CALLER
                        && own
                            .instrs
                            .get(u.target as usize)
                            .is_some_and(|i| i.get() & 0xff == Opcode::RETURN_CONST as u32),
                });
            }
            if u.uop == Uop::_RETURN_TO_CALLER
                && let Some(c) = callees.iter().find(|c| Rc::as_ptr(c) as usize as u64 == u.operand)
            {
                own = c;
            }
            match u.uop {
                Uop::_GUARD_TYPE_VERSION | Uop::_CHECK_ATTR_CLASS | Uop::_CHECK_CLASS_VERSION => {
                    bloom.add(watch::type_version(u.operand as u32))
                }
                Uop::_CHECK_FUNCTION_EXACT_ARGS => bloom.add(watch::func_version(u.operand as u32)),
                Uop::_CHECK_GETITEM | Uop::_CHECK_BINOP_PY => {
                    bloom.add(watch::func_version(u.operand as u32));
                    bloom.add(watch::type_version((u.operand >> 32) as u32));
                }
                Uop::_GUARD_GLOBALS_VERSION | Uop::_LOAD_GLOBAL | Uop::_LOAD_GLOBAL_MODULE => {
                    // A dict whose keys change too often is not watched: the version guards
                    // the trace keeps catch a change.
                    if let Some(d) = globals.as_dict()
                        && d.watch()
                    {
                        bloom.add(watch::dict(d as *const _ as u64));
                    }
                }
                Uop::_GUARD_BUILTINS_VERSION | Uop::_LOAD_GLOBAL_BUILTIN => {
                    if let Some(d) = builtins.as_dict()
                        && d.watch()
                    {
                        bloom.add(watch::dict(d as *const _ as u64));
                    }
                }
                _ => {}
            }
        }
        // What the optimizer promoted to constants: the dicts' keys and values, and the
        // functions whose version checks it dropped.
        for dep in env.deps.take() {
            match dep {
                Dep::Dict(d) => {
                    // Promotable (the pass asked), so watchable: nothing ran since.
                    if let Some(d) = d.as_dict() {
                        d.watch();
                        d.watch_values();
                        bloom.add(watch::dict(d as *const _ as u64));
                        bloom.add(watch::dict_values(d as *const _ as u64));
                    }
                }
                Dep::Function(v) => bloom.add(watch::func_version(v)),
            }
        }
        if let Err(e) = verify(&trace, &code_len, Some(exits.len())) {
            *t2.stats.stop_reasons.entry(stop::VERIFY).or_default() += 1;
            eprintln!("tracelift: trace verifier rejected the exits of {} @{start}: {e}", code.name);
            return None;
        }
        // :branch-siblings: / :type-siblings: a trace formed at the guard its parent starts
        // with.
        let start_guard = siblings::start_exit(&trace, &exits);
        let sibling = match &origin {
            Origin::Exit { parent, exit } => match siblings::classify(parent, *exit, code, &trace, &exits, start_guard)
            {
                Sibling::Reject => {
                    *t2.stats.stop_reasons.entry(stop::SAME_WAY).or_default() += 1;
                    return None;
                }
                s => s,
            },
            _ => Sibling::No,
        };
        let jump_oparg = match &origin {
            Origin::Loop { at } => backedge_oparg(code, *at).unwrap_or(0),
            Origin::Exit { .. } | Origin::Entry { .. } => 0,
        };
        let ex = Rc::new(Executor {
            head: Box::new(ExecHead::new()),
            id,
            uops: trace,
            exits,
            bloom,
            code: Rc::downgrade(code),
            callees: callees.iter().map(Rc::downgrade).collect(),
            installed_at: Default::default(),
            jump_oparg,
            entry: matches!(origin, Origin::Entry { .. }),
            sibling_of: match (&sibling, &origin) {
                (Sibling::Type { depth }, Origin::Exit { parent, .. }) => Some((Rc::downgrade(parent), *depth)),
                _ => None,
            },
            start_guard,
            machine: Default::default(),
            upgraded: Default::default(),
            incoming: Default::default(),
        });
        ex.head.owner.set(Rc::as_ptr(&ex) as usize);
        // Formation and optimization only: the backend's compile time is counted apart.
        let ns = t0.elapsed().as_nanos() as u64;
        if !t2.compile(&ex, code) {
            *t2.stats.stop_reasons.entry(stop::COMPILE).or_default() += 1;
            return None;
        }
        t2.next_id += 1;
        t2.stats.bump(Counter::trace_created);
        let len = ex.uops.len() as u64;
        t2.stats.hists[Histo::trace_formation_ns].add(ns);
        t2.stats.hists[Histo::trace_formation_ns_per_uop].add(ns / len.max(1));
        t2.stats.hists[Histo::trace_length].add(len);
        t2.track(&ex);
        if matches!(origin, Origin::Entry { .. }) {
            t2.stats.bump(Counter::trace_from_entry);
        }
        match origin {
            Origin::Loop { at } | Origin::Entry { at } => {
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
                parent.exits[exit].unlink_jit();
                *parent.exits[exit].executor.borrow_mut() = Link::Owned(ex.clone());
                t2.stats.bump(Counter::exit_linked);
                match sibling {
                    Sibling::Branch { exit: i } => {
                        // Weak: the parent owns this trace.
                        *ex.exits[i].executor.borrow_mut() = Link::Linked(Rc::downgrade(&parent));
                        t2.stats.bump(Counter::exit_linked);
                        t2.stats.bump(Counter::exit_sibling);
                    }
                    Sibling::Type { .. } => t2.stats.bump(Counter::exit_sibling),
                    Sibling::No | Sibling::Reject => {}
                }
            }
        }
        if dump {
            tracelift_runtime::stdio::flush_quiet();
            eprint!("{dumps}");
        }
        Some(ex)
    }
}

/// What the optimizer learns of the code a trace runs: its own code and the callees it
/// enters, by address (a frame-entering uop's operand).
struct CodeEnv<'a> {
    code: &'a Rc<Code>,
    callees: &'a [Rc<Code>],
    /// The globals of the frame running the trace's own code.
    globals: &'a Value,
    /// The globals of the frames running other codes of the trace, where one is on the frame
    /// stack (a caller the trace returns into); other codes are taken to share `globals`.
    frame_globals: &'a [(u64, Value)],
    builtins: &'a Value,
    /// What the passes promoted, for the executor's dependencies.
    deps: RefCell<Vec<Dep>>,
}

/// A dependency a pass took on ([`Env::global`], [`Env::depend_on_function`]).
enum Dep {
    /// A dict's keys and values.
    Dict(Value),
    /// A function version.
    Function(u32),
}

impl CodeEnv<'_> {
    /// Code `code` of the trace (0: its own).
    fn code_of(&self, code: u64) -> Option<&Rc<Code>> {
        if code == 0 { Some(self.code) } else { self.callees.iter().find(|k| Rc::as_ptr(k) as usize as u64 == code) }
    }

    /// The value at entry `hint` of dict `d` if its keys version is `version`, the entry's
    /// key is `names[name]` of code `code`, and the dict's values may be promoted; records the
    /// dependency.
    fn entry(&self, d: &Value, code: u64, name: u32, hint: u32, version: u32) -> Option<u64> {
        let name = self.code_of(code)?.names.get(name as usize)?;
        let dict = d.as_dict()?;
        if dict.version.get() != version || !dict.values_promotable() {
            return None;
        }
        let e = dict.entries().get(hint as usize)?;
        if e.value.is_null()
            || (e.key.raw() != name.raw() && (e.key.as_str().is_none() || e.key.as_str() != name.as_str()))
        {
            return None;
        }
        self.deps.borrow_mut().push(Dep::Dict(d.clone()));
        Some(e.value.raw())
    }
}

impl Env for CodeEnv<'_> {
    fn positional_params(&self, code: u64) -> usize {
        match self.code_of(code) {
            Some(c) if c.exact_argc == usize::MAX => c.co.argcount as usize,
            Some(_) => usize::MAX,
            // An unknown code: nothing is known of its locals.
            None => 0,
        }
    }

    fn constant(&self, code: u64, idx: u32) -> Sym {
        match self.code_of(code).and_then(|c| c.consts.get(idx as usize)) {
            Some(v) => const_sym(v),
            None => Sym::default(),
        }
    }

    fn global(&self, code: u64, builtins: bool, name: u32, hint: u32, version: u32) -> Option<u64> {
        let globals = self.frame_globals.iter().find(|g| g.0 == code).map_or(self.globals, |g| &g.1);
        self.entry(if builtins { self.builtins } else { globals }, code, name, hint, version)
    }

    fn class_key_is(&self, version: u32, index: u32, code: u64, name: u32) -> bool {
        let Some(name) = self.code_of(code).and_then(|c| c.names.get(name as usize)) else { return false };
        tracelift_runtime::types::with_type_for_version(version, |t| {
            t.shared_keys().get(index as usize).is_some_and(|k| k.raw() == name.raw())
        })
        .unwrap_or(false)
    }

    fn class_lacks_key(&self, version: u32, code: u64, name: u32) -> Option<u32> {
        let name = self.code_of(code)?.names.get(name as usize)?.raw();
        tracelift_runtime::types::with_type_for_version(version, |t| {
            let keys = t.shared_keys();
            (!keys.iter().any(|k| k.raw() == name)).then_some(keys.len() as u32)
        })
        .flatten()
    }

    fn module_attr(&self, code: u64, module: u64, name: u32, hint: u32, version: u32) -> Option<u64> {
        // SAFETY: `module` is a constant a pass promoted from a dict that holds it (alive);
        // the borrowed view is never released.
        let m = std::mem::ManuallyDrop::new(unsafe { Value::from_raw(module) });
        let dict = m.as_module()?.dict.clone();
        self.entry(&dict, code, name, hint, version)
    }

    fn object(&self, addr: u64) -> ObjInfo {
        // SAFETY: as in `module_attr`.
        let v = std::mem::ManuallyDrop::new(unsafe { Value::from_raw(addr) });
        let kind = if v.as_module().is_some() {
            ObjKind::Module
        } else if let Some(b) = v.as_builtin() {
            crate::modules::math::call_uop(b).map_or(ObjKind::Builtin, ObjKind::BuiltinUop)
        } else if v.as_type().is_some_and(|t| std::ptr::eq(t, &tracelift_runtime::types::RANGE_TYPE)) {
            ObjKind::RangeType
        } else if let Some(f) = v.as_function() {
            ObjKind::Function(f.version.get())
        } else {
            ObjKind::Other
        };
        let mut sym = const_sym(&v);
        if sym.value.is_none() {
            sym.value = Some(Const::Object(addr));
        }
        ObjInfo { sym, kind }
    }

    fn constant_word(&self, c: Const) -> Option<u64> {
        match c {
            Const::Int(i) if Value::fits_small(i) => Some(Value::small(i).raw()),
            Const::Bool(b) => Some(Value::bool(b).raw()),
            Const::None => Some(Value::none().raw()),
            _ => None,
        }
    }

    fn depend_on_function(&self, v: u32) {
        self.deps.borrow_mut().push(Dep::Function(v));
    }
}

/// What the optimizer may know of constant `v`.
fn const_sym(v: &Value) -> Sym {
    if v.is_small() {
        Sym::constant(Const::Int(v.small_value()))
    } else if let Some(f) = v.as_f64() {
        Sym::constant(Const::Float(f))
    } else if v.is_none() {
        Sym::constant(Const::None)
    } else if v.is_bool() {
        Sym::constant(Const::Bool(v.is_true()))
    } else if v.is_str() {
        Sym::of(Ty::Str)
    } else if v.is_tuple() {
        Sym::of(Ty::Tuple)
    } else {
        Sym::object()
    }
}

/// Each uop's inputs as the analysis infers them, for `--dump uops` (`in: float, ?`).
fn inputs_of(trace: &[UopInst], env: &dyn Env) -> Vec<String> {
    analyze(trace, env)
        .iter()
        .map(|ins| {
            if ins.is_empty() {
                String::new()
            } else {
                let s: Vec<String> = ins.iter().map(Sym::show).collect();
                format!("in: {}", s.join(", "))
            }
        })
        .collect()
}
