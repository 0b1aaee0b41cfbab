//! `tracelift`: run a Python program under a chosen engine, or disassemble it.
//!
//! Exit statuses follow CPython: 0 on success, 1 for an uncaught exception, a syntax error
//! (also for bytes that are not source text: NUL bytes, bad UTF-8, an unknown encoding) or a
//! directory without `__main__.py`, the `sys.exit` status, and 2 for usage errors, files that
//! cannot be opened and features outside the supported subset.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};

/// mimalloc: the VM allocates many small short-lived objects (floats, bound methods, big
/// ints); the system allocator is measurably slower for that pattern. See
/// `tracelift_runtime::malloc` for why it is not the `mimalloc` crate's own wrapper.
#[global_allocator]
static GLOBAL: tracelift_runtime::malloc::MiAlloc = tracelift_runtime::malloc::MiAlloc;
use tracelift_compiler::{CodeObject, CompileError, compile_module, disassemble, disassemble_one, format_syntax_error};
use tracelift_vm::tier2::{Tier2Options, TraceMode};
use tracelift_vm::{Exit, Options, Vm};

#[derive(Parser)]
#[command(name = "tracelift", version, about = "A research framework for tier-2 JIT compilation of Python")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Execution engines. Only those that are built are accepted; see `engines_built`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Engine {
    /// The specializing adaptive interpreter (tier 1).
    Tier1,
    /// Tier 2: superblocks of uops run by the uop interpreter.
    Uops,
    /// Tier 2 compiled by the copy-and-patch stencil backend.
    Stencil,
    /// Tier 2 compiled by the Cranelift backend.
    Cranelift,
    /// Tier 2 compiled by stencils, hot executors recompiled by Cranelift and swapped in.
    Tiered,
}

impl Engine {
    fn name(self) -> &'static str {
        match self {
            Engine::Tier1 => "tier1",
            Engine::Uops => "uops",
            Engine::Stencil => "stencil",
            Engine::Cranelift => "cranelift",
            Engine::Tiered => "tiered",
        }
    }
}

/// Engines that exist in this build.
const ENGINES_BUILT: &[Engine] = &[Engine::Tier1, Engine::Uops, Engine::Stencil, Engine::Cranelift, Engine::Tiered];

#[derive(Subcommand)]
enum Command {
    /// Run a Python program.
    Run {
        #[command(flatten)]
        opts: RunOpts,
        /// The program.
        file: PathBuf,
        /// Arguments passed to the program as sys.argv[1:].
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
    /// List the engines this build has, one per line.
    Engines,
    /// List the tier-2 optimizer's passes in pipeline order, one per line with what it does.
    Passes,
    /// Print the bytecode of every code object in a program.
    Dis {
        /// The program.
        file: PathBuf,
    },
}

/// The file to run for a path on the command line: a directory runs its `__main__.py`, as
/// CPython does; `Err((message, status))` when there is none.
fn main_file(path: &Path) -> Result<PathBuf, (String, u8)> {
    if !path.is_dir() {
        return Ok(path.to_path_buf());
    }
    let main = path.join("__main__.py");
    if main.is_file() {
        return Ok(main);
    }
    Err((format!("tracelift: can't find '__main__' module in '{}'", path.display()), 1))
}

/// Reads and decodes a source file (PEP 263), or says why it cannot, with the exit status:
/// 2 for a file that cannot be opened, 1 (CPython's `SyntaxError`) for bytes that are not
/// source text.
fn read_source(path: &Path) -> Result<String, (String, u8)> {
    let bytes = std::fs::read(path).map_err(|e| {
        let errno = e.raw_os_error().unwrap_or(0);
        (format!("tracelift: can't open file '{}': [Errno {}] {}", path.display(), errno, strip_os(&e)), 2)
    })?;
    let fname = path.to_string_lossy();
    tracelift_compiler::decode_source(&bytes, &fname, tracelift_compiler::Origin::Script).map_err(|e| {
        let text = match e.line {
            Some(line) => format_syntax_error(&fname, line, e.text.as_deref(), e.col, 0, "SyntaxError", &e.msg),
            None => format!("SyntaxError: {}\n", e.msg),
        };
        (text.trim_end().to_string(), 1)
    })
}

fn strip_os(e: &std::io::Error) -> String {
    let s = e.to_string();
    match s.find(" (os error") {
        Some(i) => s[..i].to_string(),
        None => s,
    }
}

/// Compiles, printing CPython-style errors; `Err(status)` when compilation failed.
fn compile(src: &str, path: &Path) -> Result<CodeObject, u8> {
    let fname = path.to_string_lossy();
    match compile_module(src, &fname) {
        Ok(co) => Ok(co),
        Err(CompileError::Syntax { kind, msg, line, col, end_col, text }) => {
            let text = (!text.trim().is_empty()).then_some(text.as_str());
            eprint!("{}", format_syntax_error(&fname, line, text, col, end_col, kind.class_name(), &msg));
            Err(1)
        }
        Err(CompileError::Unsupported { what, line, col }) => {
            eprintln!("tracelift: unsupported: {what} at {fname}:{line}:{col}");
            Err(2)
        }
        // CPython prints these without a traceback: nothing has run yet.
        Err(e @ CompileError::TooDeep(_)) => {
            eprintln!("{e}");
            Err(1)
        }
    }
}

/// What `--dump` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Dump {
    /// Each tier-2 trace as it is created: raw, then after each optimizer pass.
    Uops,
    /// Each executor's Cranelift IR, before and after Cranelift's optimizations
    /// (`--engine cranelift`).
    Clif,
    /// Each executor's machine code (`--engine cranelift`).
    Asm,
}

/// Trace formation front ends (`--trace-mode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Mode {
    /// Walk the bytecode from the hot point (CPython 3.13/3.14).
    Projection,
    /// Record what tier 1 runs (CPython 3.15).
    Recording,
}

/// The `run` subcommand's options.
#[derive(Args)]
struct RunOpts {
    /// Execution engine.
    #[arg(long, env = "TRACELIFT_ENGINE", default_value = "tier1", value_enum)]
    engine: Engine,
    /// Maximum Python call depth before RecursionError.
    #[arg(long, default_value_t = 1000)]
    recursion_limit: usize,
    /// Turn adaptive specialization off (tier 1 stays generic), for comparison.
    #[arg(long, env = "TRACELIFT_NO_SPECIALIZE")]
    no_specialize: bool,
    /// Print run statistics (specialization and tier-2 counters) on stderr at exit.
    #[arg(long)]
    stats: bool,
    /// Write run statistics as JSON to PATH at exit.
    #[arg(long, value_name = "PATH")]
    stats_json: Option<PathBuf>,
    /// After the run, print the bytecode of every code object that was loaded, with the
    /// specialized forms the instructions were rewritten into.
    #[arg(long)]
    dis_after: bool,
    /// Tier 2: back-edges before a loop is hot (1 to 4096).
    #[arg(long, env = "TRACELIFT_JIT_THRESHOLD", default_value_t = tracelift_vm::tier2::DEFAULT_JIT_THRESHOLD,
          value_parser = clap::value_parser!(u32).range(1..=4096))]
    jit_threshold: u32,
    /// Tier 2: side-exit temperature before an exit gets its own trace.
    #[arg(long, env = "TRACELIFT_EXIT_THRESHOLD", default_value_t = tracelift_vm::tier2::DEFAULT_EXIT_THRESHOLD,
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    exit_threshold: u32,
    /// `--engine tiered`: entries of an executor's stencil code before Cranelift recompiles it.
    #[arg(long, env = "TRACELIFT_RECOMPILE_THRESHOLD", default_value_t = tracelift_vm::tier2::DEFAULT_RECOMPILE_THRESHOLD,
          value_parser = clap::value_parser!(u32).range(1..))]
    recompile_threshold: u32,
    /// Least number of tracked containers between cycle collections (tests force it low).
    #[arg(long, env = "TRACELIFT_GC_THRESHOLD", default_value_t = tracelift_vm::gc::MIN_THRESHOLD as u64,
          value_parser = clap::value_parser!(u64).range(1..))]
    gc_threshold: u64,
    /// Tier 2: the optimizer passes to run, comma-separated, in pipeline order whatever the
    /// order given (`all`, `none`, or names from `tracelift passes`).
    #[arg(long, env = "TRACELIFT_PASSES", default_value = "all")]
    passes: String,
    /// Tier 2: turn one optimizer pass off (repeatable).
    #[arg(long = "no-pass", value_name = "NAME", env = "TRACELIFT_NO_PASS", value_delimiter = ',')]
    no_pass: Vec<String>,
    /// Tier 2: traces also start at the entry of a function called `--jit-threshold` times
    /// (CPython 3.15's `RESUME` hotness), not only at hot loops. This is the default; the flag
    /// is kept so that scripts can say so.
    #[arg(long, env = "TRACELIFT_ENTRY_TRACES", value_parser = clap::builder::BoolishValueParser::new())]
    entry_traces: bool,
    /// Tier 2: traces start only at hot loops and hot exits, not at function entries.
    #[arg(long, env = "TRACELIFT_NO_ENTRY_TRACES", value_parser = clap::builder::BoolishValueParser::new(),
          conflicts_with = "entry_traces")]
    no_entry_traces: bool,
    /// Tier 2: traces stop where the frame they start in returns, instead of following the
    /// return into its caller (guarded by `_RETURN_TO_CALLER`).
    #[arg(long, env = "TRACELIFT_NO_RETURN_TO_CALLER", value_parser = clap::builder::BoolishValueParser::new())]
    no_return_to_caller: bool,
    /// Tier 2: how traces are formed.
    #[arg(long, env = "TRACELIFT_TRACE_MODE", default_value = "projection", value_enum)]
    trace_mode: Mode,
    /// Print internal representations as they are made.
    #[arg(long, value_enum)]
    dump: Option<Dump>,
    /// `--engine cranelift`: compile on the VM's own thread, stopping the program for each
    /// compilation (a deterministic run). By default Cranelift compiles on a thread of its
    /// own and an executor runs in the uop interpreter until its machine code is installed;
    /// `--dump` always compiles on the VM's thread.
    #[arg(long, env = "TRACELIFT_NO_COMPILE_THREAD", value_parser = clap::builder::BoolishValueParser::new())]
    no_compile_thread: bool,
    /// Machine-code engines: write `/tmp/perf-PID.map`, one line per executor, so that
    /// `perf report` names JIT code.
    #[arg(long, env = "TRACELIFT_PERF_MAP", value_parser = clap::builder::BoolishValueParser::new())]
    perf_map: bool,
}

/// The optimizer passes `--passes` and `--no-pass` choose.
fn pass_set(opts: &RunOpts) -> Result<tracelift_vm::tier2::PassSet, String> {
    let mut set = tracelift_vm::tier2::PassSet::parse(&opts.passes)?;
    for name in opts.no_pass.iter().filter(|n| !n.is_empty()) {
        set = set.without(name)?;
    }
    Ok(set)
}

fn run(opts: RunOpts, file: PathBuf, args: Vec<String>) -> u8 {
    let RunOpts { engine, recursion_limit, .. } = opts;
    if !ENGINES_BUILT.contains(&engine) {
        let names: Vec<&str> = ENGINES_BUILT.iter().map(|e| e.name()).collect();
        eprintln!("tracelift: engine '{}' is not built yet; available engines: {}", engine.name(), names.join(", "));
        return 2;
    }
    let file = match main_file(&file) {
        Ok(f) => f,
        Err((msg, status)) => {
            eprintln!("{msg}");
            return status;
        }
    };
    let src = match read_source(&file) {
        Ok(s) => s,
        Err((msg, status)) => {
            eprintln!("{msg}");
            return status;
        }
    };
    let co = match compile(&src, &file) {
        Ok(co) => co,
        Err(status) => return status,
    };
    let mut argv = vec![file.to_string_lossy().to_string()];
    argv.extend(args);
    tracelift_vm::gc::set_min_threshold(opts.gc_threshold.min(usize::MAX as u64) as usize);
    let mut vm = Vm::new(Options {
        recursion_limit,
        argv,
        specialize: !opts.no_specialize,
        stats: opts.stats || opts.stats_json.is_some(),
        keep_code: opts.dis_after,
    });
    type Backends = (Box<dyn tracelift_vm::tier2::Backend>, Option<Box<dyn tracelift_vm::tier2::Backend>>);
    let backends: Option<Backends> = match engine {
        Engine::Uops => Some((Box::new(tracelift_vm::tier2::backend::Interpreter), None)),
        Engine::Cranelift => match cranelift_backend(&opts, "cranelift") {
            Ok(b) => Some((b, None)),
            Err(status) => return status,
        },
        Engine::Stencil => match stencil_backend(&opts, "stencil") {
            Ok(b) => Some((b, None)),
            Err(status) => return status,
        },
        Engine::Tiered => match (stencil_backend(&opts, "tiered"), cranelift_backend(&opts, "tiered")) {
            (Ok(s), Ok(c)) => Some((s, Some(c))),
            (Err(status), _) | (_, Err(status)) => return status,
        },
        Engine::Tier1 => None,
    };
    let passes = match pass_set(&opts) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("tracelift: {e}");
            return 2;
        }
    };
    if let Some((backend, upgrade)) = backends {
        vm.enable_tiered(
            Tier2Options {
                jit_threshold: opts.jit_threshold,
                exit_threshold: opts.exit_threshold,
                mode: match opts.trace_mode {
                    Mode::Projection => TraceMode::Projection,
                    Mode::Recording => TraceMode::Recording,
                },
                dump: opts.dump == Some(Dump::Uops),
                recompile_threshold: opts.recompile_threshold,
                passes,
                entry_traces: !opts.no_entry_traces,
                return_to_caller: !opts.no_return_to_caller,
            },
            backend,
            upgrade,
        );
    }
    let exit = vm.run_main(co, &file);
    let status = match exit {
        Exit::Ok => 0,
        Exit::Status(n) => (n & 0xff) as u8,
        Exit::Error | Exit::Interrupted => 1,
    };
    if opts.dis_after {
        use std::io::Write;
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "\n# --dis-after: bytecode as it ran (specialized forms in place)");
        for code in &vm.codes {
            let mut co = code.co.clone();
            co.code = code.instrs.iter().map(|c| c.get()).collect();
            let _ = writeln!(out, "\n{}", disassemble_one(&co).trim_end());
        }
    }
    if opts.stats {
        eprint!("{}", vm.stats_table());
    }
    if let Some(path) = &opts.stats_json
        && let Err(e) = std::fs::write(path, vm.stats_json())
    {
        eprintln!("tracelift: cannot write stats to '{}': {e}", path.display());
        return 2;
    }
    if matches!(exit, Exit::Interrupted) {
        // An uncaught KeyboardInterrupt, everything printed: die of the signal, as CPython.
        tracelift_runtime::breaker::die_of_sigint();
    }
    status
}

fn dis(file: PathBuf) -> u8 {
    let src = match main_file(&file).and_then(|f| read_source(&f)) {
        Ok(s) => s,
        Err((msg, status)) => {
            eprintln!("{msg}");
            return status;
        }
    };
    match compile(&src, &file) {
        Ok(co) => {
            print!("{}", disassemble(&co));
            0
        }
        Err(status) => status,
    }
}

fn main() -> ExitCode {
    tracelift_runtime::malloc::configure();
    let cli = Cli::parse();
    // Ctrl-C sets the eval breaker; the next safe point raises KeyboardInterrupt.
    if let Err(e) = tracelift_runtime::breaker::install_sigint_handler() {
        eprintln!("tracelift: cannot install the SIGINT handler: {e}");
    }
    // The VM runs on a thread with a large stack: Python calls never recurse on the Rust
    // stack, but builtins that call back into Python (sorted with a key, __repr__, ...) and
    // freeing long chains of objects do.
    // Under an address-space limit (`ulimit -v`) the reservation is an eighth of it at most.
    let stack = tracelift_runtime::malloc::address_space_limit().map_or(1 << 30, |l| (l / 8).min(1 << 30)) as usize;
    let handle =
        std::thread::Builder::new().name("tracelift-vm".into()).stack_size(stack).spawn(move || match cli.command {
            Command::Run { opts, file, args } => run(opts, file, args),
            Command::Dis { file } => dis(file),
            Command::Engines => {
                for e in ENGINES_BUILT {
                    println!("{}", e.name());
                }
                0
            }
            Command::Passes => {
                for p in tracelift_vm::tier2::PASSES {
                    println!("{:<22} {}", p.name, p.about);
                }
                0
            }
        });
    match handle.map(|h| h.join()) {
        Ok(Ok(code)) => ExitCode::from(code),
        Ok(Err(_)) => {
            // What the program printed before the panic still goes out.
            tracelift_runtime::stdio::flush_fatal();
            eprintln!("tracelift: internal error (the VM panicked); please report this with the program");
            ExitCode::from(70)
        }
        Err(e) => {
            eprintln!("tracelift: cannot start the VM thread: {e}");
            ExitCode::from(70)
        }
    }
}

/// The Cranelift backend as the run's flags configure it (`engine` names the engine in an
/// error), or the exit status of a one-line error.
fn cranelift_backend(opts: &RunOpts, engine: &str) -> Result<Box<dyn tracelift_vm::tier2::Backend>, u8> {
    let o = tracelift_jit_cranelift::Options {
        dump_clif: opts.dump == Some(Dump::Clif),
        dump_asm: opts.dump == Some(Dump::Asm),
        perf_map: opts.perf_map,
        verify: std::env::var_os("TRACELIFT_CRANELIFT_VERIFY").is_some_and(|v| v != "0" && !v.is_empty()),
        fail_every: std::env::var("TRACELIFT_CRANELIFT_FAIL_EVERY").ok().and_then(|v| v.parse().ok()).unwrap_or(0),
        opt_level: env_choice("TRACELIFT_CRANELIFT_OPT", tracelift_jit_cranelift::OptLevel::parse)?,
        regalloc: env_choice("TRACELIFT_CRANELIFT_REGALLOC", tracelift_jit_cranelift::Regalloc::parse)?,
        boxed_locals: std::env::var_os("TRACELIFT_CRANELIFT_UNBOX_LOCALS").is_some_and(|v| v == "0"),
        frames: env_choice("TRACELIFT_CRANELIFT_FRAMES", tracelift_jit_cranelift::Frames::parse)?,
        // Under `tiered`, the upgrades compile there while the stencil code runs (:tier-swap:).
        background: !opts.no_compile_thread && (engine == "cranelift" || engine == "tiered"),
        timing: std::env::var_os("TRACELIFT_CRANELIFT_TIMING").is_some_and(|v| v != "0" && !v.is_empty()),
    };
    match tracelift_jit_cranelift::Cranelift::new(o) {
        Ok(b) => Ok(Box::new(b)),
        Err(e) => {
            eprintln!("tracelift: engine '{engine}': {e}");
            Err(2)
        }
    }
}

/// The stencil backend as the run's flags configure it; see [`cranelift_backend`].
fn stencil_backend(opts: &RunOpts, engine: &str) -> Result<Box<dyn tracelift_vm::tier2::Backend>, u8> {
    let o = tracelift_jit_stencil::backend::Options {
        perf_map: opts.perf_map,
        dump_asm: opts.dump == Some(Dump::Asm),
        fail_every: std::env::var("TRACELIFT_STENCIL_FAIL_EVERY").ok().and_then(|v| v.parse().ok()).unwrap_or(0),
        memory: env_choice("TRACELIFT_STENCIL_MEMORY", tracelift_jit_stencil::backend::MemoryMode::parse)?,
    };
    match tracelift_jit_stencil::backend::Stencils::new(o) {
        Ok(b) => Ok(Box::new(b)),
        Err(e) => {
            eprintln!("tracelift: engine '{engine}': {e}");
            Err(2)
        }
    }
}

/// The developer knob `var` parsed by `parse`, or its default when unset; a value it does not
/// take is reported in one line and is exit status 2.
fn env_choice<T: Default>(var: &str, parse: fn(&str) -> Result<T, String>) -> Result<T, u8> {
    match std::env::var(var) {
        Ok(v) => parse(&v).map_err(|e| {
            eprintln!("tracelift: {var}: {e}");
            2
        }),
        Err(_) => Ok(T::default()),
    }
}
