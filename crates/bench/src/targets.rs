//! What the benchmarks run under: every engine of the `tracelift` binary (as listed by
//! `tracelift engines`, plus one variant per trace-formation mode when `run --help` offers
//! one), user-defined tracelift variants, and peer interpreters (`python3`, `pypy3`, and any
//! `--peer NAME=COMMAND`). A missing peer is reported and skipped, never fatal.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::results::{Skipped, TargetInfo};
use crate::runner::Invocation;

/// One column of the report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    pub name: String,
    pub kind: Kind,
    pub program: String,
    /// Arguments before `FILE SIZE ITERATIONS` (for tracelift: `run --engine E ...`).
    pub args: Vec<String>,
    pub env: Vec<(String, String)>,
    /// Pass `--stats-json PATH` (before the file) and record the counters.
    pub stats_json: bool,
    pub version: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Tracelift,
    Peer,
}

impl Target {
    /// The invocation that runs `file` at `size` for `iterations`, writing counters to
    /// `stats_path` when the target supports it and `stats` asks for them.
    /// The command that runs `file` with `program_args` after it (`SIZE ITERATIONS` for our
    /// programs, `--loops L --values V` for pyperformance's) and `env` added to the target's.
    pub fn invocation(
        &self,
        file: &Path,
        program_args: &[String],
        env: &[(String, String)],
        stats_path: Option<&Path>,
    ) -> Invocation {
        let mut args = self.args.clone();
        if self.stats_json
            && let Some(stats_path) = stats_path
        {
            args.push("--stats-json".into());
            args.push(stats_path.display().to_string());
        }
        args.push(file.display().to_string());
        args.extend(program_args.iter().cloned());
        let mut all_env = self.env.clone();
        all_env.extend(env.iter().cloned());
        Invocation { program: self.program.clone(), args, env: all_env }
    }

    pub fn info(&self) -> TargetInfo {
        let mut parts: Vec<String> = self.env.iter().map(|(k, v)| format!("{k}={v}")).collect();
        parts.push(self.program.clone());
        parts.extend(self.args.iter().cloned());
        TargetInfo {
            name: self.name.clone(),
            kind: match self.kind {
                Kind::Tracelift => "tracelift".into(),
                Kind::Peer => "peer".into(),
            },
            command: parts.join(" "),
            version: self.version.clone(),
            stats_json: self.stats_json,
        }
    }
}

/// A command line split into environment assignments, the program and its arguments.
pub type CommandLine = (Vec<(String, String)>, String, Vec<String>);

/// A command line given by the user: leading `KEY=VALUE` words are environment variables, the
/// rest is split on whitespace (no shell quoting).
pub fn parse_command(text: &str) -> Option<CommandLine> {
    let mut env = Vec::new();
    let mut words = text.split_whitespace().peekable();
    while let Some(w) = words.peek() {
        match w.split_once('=') {
            Some((k, v)) if !k.is_empty() && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') => {
                env.push((k.to_string(), v.to_string()));
                words.next();
            }
            _ => break,
        }
    }
    let program = words.next()?.to_string();
    Some((env, program, words.map(str::to_string).collect()))
}

/// Splits `NAME=COMMAND` (the `--peer` and `--variant` syntax).
pub fn parse_named(spec: &str) -> Result<(String, String), String> {
    match spec.split_once('=') {
        Some((name, cmd)) if !name.trim().is_empty() && !cmd.trim().is_empty() => {
            Ok((name.trim().to_string(), cmd.trim().to_string()))
        }
        _ => Err(format!("expected NAME=COMMAND, found `{spec}`")),
    }
}

/// Finds `program` on `PATH` (or checks it directly when it contains a `/`).
pub fn find_program(program: &str) -> Option<PathBuf> {
    if program.contains('/') {
        let p = PathBuf::from(program);
        return p.is_file().then_some(p);
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|d| d.join(program)).find(|p| p.is_file())
}

fn output_of(program: &str, args: &[&str], env: &[(String, String)]) -> Result<String, String> {
    let out = Command::new(program)
        .args(args)
        .envs(env.iter().map(|(k, v)| (k, v)))
        .output()
        .map_err(|e| format!("cannot run {program}: {e}"))?;
    let mut text = String::from_utf8_lossy(&out.stdout).into_owned();
    text.push_str(&String::from_utf8_lossy(&out.stderr));
    if out.status.success() { Ok(text) } else { Err(format!("`{program} {}` failed: {}", args.join(" "), text.trim())) }
}

/// The engines `tracelift engines` lists: the first word of each non-empty line.
pub fn parse_engines(text: &str) -> Vec<String> {
    text.lines().filter_map(|l| l.split_whitespace().next()).map(str::to_string).collect()
}

/// The possible values of `option` in a clap `--help` text, in either the long form
/// (`Possible values:` followed by `- value: doc` lines) or the short form
/// (`[possible values: a, b]`). Empty when the option is not there.
pub fn option_values(help: &str, option: &str) -> Vec<String> {
    let lines: Vec<&str> = help.lines().collect();
    let names_option = |l: &str| {
        let t = l.trim_start();
        // `-t, --trace-mode <M>` as well as `--trace-mode <M>`
        let t = if t.starts_with('-') && !t.starts_with("--") { t.split_once(", ").map_or(t, |x| x.1) } else { t };
        t.strip_prefix(option).is_some_and(|rest| !rest.starts_with(|c: char| c.is_alphanumeric() || c == '-'))
    };
    let Some(start) = lines.iter().position(|l| names_option(l)) else {
        return Vec::new();
    };
    let mut values = Vec::new();
    let mut in_list = false;
    for (i, l) in lines[start..].iter().enumerate() {
        let t = l.trim();
        if let Some(i) = t.find("[possible values: ") {
            let rest = &t[i + "[possible values: ".len()..];
            let rest = rest.split(']').next().unwrap_or("");
            return rest.split(',').map(|v| v.trim().to_string()).filter(|v| !v.is_empty()).collect();
        }
        if i > 0 && t.starts_with('-') && !t.starts_with("- ") {
            break;
        }
        if t == "Possible values:" {
            in_list = true;
            continue;
        }
        if in_list {
            match t.strip_prefix("- ") {
                Some(v) => {
                    values.push(v.split(|c: char| c == ':' || c.is_whitespace()).next().unwrap_or("").to_string())
                }
                None => break,
            }
        }
    }
    values
}

/// What `tracelift` offers, read from `tracelift engines` and `tracelift run --help`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TraceliftFeatures {
    pub engines: Vec<String>,
    pub trace_modes: Vec<String>,
    pub stats_json: bool,
}

pub fn tracelift_features(engines_out: &str, run_help: &str) -> TraceliftFeatures {
    TraceliftFeatures {
        engines: parse_engines(engines_out),
        trace_modes: option_values(run_help, "--trace-mode"),
        stats_json: run_help.contains("--stats-json"),
    }
}

/// The tracelift targets for `features`: one per engine, and for every engine except tier 1
/// one per trace mode when the binary has more than one.
pub fn tracelift_targets(bin: &str, version: &str, f: &TraceliftFeatures) -> Vec<Target> {
    let mut out = Vec::new();
    for engine in &f.engines {
        let base = vec!["run".to_string(), "--engine".to_string(), engine.clone()];
        let mk = |name: String, args: Vec<String>| Target {
            name,
            kind: Kind::Tracelift,
            program: bin.to_string(),
            args,
            env: Vec::new(),
            stats_json: f.stats_json,
            version: version.to_string(),
        };
        if engine != "tier1" && f.trace_modes.len() > 1 {
            for mode in &f.trace_modes {
                let mut args = base.clone();
                args.extend(["--trace-mode".to_string(), mode.clone()]);
                out.push(mk(format!("{engine}/{mode}"), args));
            }
        } else {
            out.push(mk(engine.clone(), base));
        }
    }
    out
}

/// Everything the harness was asked to discover.
pub struct Discovery<'a> {
    pub tracelift: Option<&'a str>,
    /// `--variant NAME=ARGS`: extra tracelift configurations (`ARGS` follow `tracelift`).
    pub variants: &'a [String],
    pub default_peers: bool,
    pub peers: &'a [String],
}

/// Finds the targets; what cannot be used goes to the skipped list with a reason.
pub fn discover(d: &Discovery) -> Result<(Vec<Target>, Vec<Skipped>), String> {
    let mut targets: Vec<Target> = Vec::new();
    let mut skipped = Vec::new();
    let mut peers: Vec<(String, String)> = Vec::new();
    if d.default_peers {
        peers.push(("python3".into(), "python3".into()));
        peers.push(("pypy3".into(), "pypy3".into()));
    }
    for spec in d.peers {
        let (name, cmd) = parse_named(spec)?;
        peers.retain(|(n, _)| *n != name);
        peers.push((name, cmd));
    }
    for (name, cmd) in peers {
        let Some((env, program, args)) = parse_command(&cmd) else {
            skipped.push(Skipped { target: name, reason: format!("empty command `{cmd}`") });
            continue;
        };
        if find_program(&program).is_none() {
            skipped.push(Skipped { target: name, reason: format!("`{program}` not found") });
            continue;
        }
        let mut probe = args.clone();
        probe.push("--version".into());
        let probe: Vec<&str> = probe.iter().map(String::as_str).collect();
        match output_of(&program, &probe, &env) {
            Ok(v) => targets.push(Target {
                name,
                kind: Kind::Peer,
                program,
                args,
                env,
                stats_json: false,
                version: v.split_whitespace().collect::<Vec<_>>().join(" "),
            }),
            Err(e) => skipped.push(Skipped { target: name, reason: e }),
        }
    }
    if let Some(bin) = d.tracelift {
        if !Path::new(bin).is_file() {
            skipped.push(Skipped {
                target: "tracelift".into(),
                reason: format!("{bin} not found (build it with `cargo build --release`)"),
            });
        } else {
            let probed =
                output_of(bin, &["engines"], &[]).and_then(|e| Ok((e, output_of(bin, &["run", "--help"], &[])?)));
            let (engines, help) = match probed {
                Ok(x) => x,
                Err(reason) => {
                    skipped.push(Skipped { target: "tracelift".into(), reason });
                    return finish(targets, skipped);
                }
            };
            let version = output_of(bin, &["--version"], &[]).unwrap_or_default().trim().to_string();
            let features = tracelift_features(&engines, &help);
            targets.extend(tracelift_targets(bin, &version, &features));
            for spec in d.variants {
                let (name, args) = parse_named(spec)?;
                targets.push(Target {
                    name,
                    kind: Kind::Tracelift,
                    program: bin.to_string(),
                    args: args.split_whitespace().map(str::to_string).collect(),
                    env: Vec::new(),
                    stats_json: features.stats_json,
                    version: version.clone(),
                });
            }
        }
    }
    finish(targets, skipped)
}

fn finish(targets: Vec<Target>, skipped: Vec<Skipped>) -> Result<(Vec<Target>, Vec<Skipped>), String> {
    let mut seen = Vec::new();
    for t in &targets {
        if seen.contains(&&t.name) {
            return Err(format!("two targets are called `{}`", t.name));
        }
        seen.push(&t.name);
    }
    Ok((targets, skipped))
}

#[cfg(test)]
mod tests {
    use super::*;

    const LONG_HELP: &str = "Run a Python program

Usage: tracelift run [OPTIONS] <FILE> [ARGS]...

Options:
      --engine <ENGINE>
          Execution engine

          Possible values:
          - tier1:     The specializing adaptive interpreter (tier 1)
          - uops:      Tier 2: superblocks of uops run by the uop interpreter

          [default: tier1]

      --trace-mode <TRACE_MODE>
          How traces are formed

          Possible values:
          - projection: Walk the bytecode
          - recording:  Record what runs

      --stats-json <PATH>
          Write counters as JSON
";

    #[test]
    fn reads_engines_modes_and_stats_support() {
        let f = tracelift_features("tier1\nuops   tier 2 uop interpreter\n\n", LONG_HELP);
        assert_eq!(f.engines, vec!["tier1", "uops"]);
        assert_eq!(f.trace_modes, vec!["projection", "recording"]);
        assert!(f.stats_json);
        let t = tracelift_targets("tl", "v", &f);
        let names: Vec<&str> = t.iter().map(|t| t.name.as_str()).collect();
        assert_eq!(names, vec!["tier1", "uops/projection", "uops/recording"]);
        let inv = t[2].invocation(Path::new("b.py"), &["10".into(), "3".into()], &[], Some(Path::new("s.json")));
        assert_eq!(
            inv.args,
            vec!["run", "--engine", "uops", "--trace-mode", "recording", "--stats-json", "s.json", "b.py", "10", "3"]
        );
    }

    #[test]
    fn short_help_and_missing_options() {
        let help = "  --trace-mode <M>  how [possible values: projection, recording]\n";
        assert_eq!(option_values(help, "--trace-mode"), vec!["projection", "recording"]);
        assert!(option_values("  --engine <E>\n", "--trace-mode").is_empty());
        let f = tracelift_features("tier1\n", "  --engine <E>\n");
        assert!(!f.stats_json);
        assert_eq!(tracelift_targets("tl", "", &f).len(), 1);
    }

    #[test]
    fn peer_commands() {
        assert_eq!(
            parse_named("jit=PYTHON_JIT=1 python3.13").unwrap(),
            ("jit".into(), "PYTHON_JIT=1 python3.13".into())
        );
        assert!(parse_named("nocommand").is_err());
        let (env, prog, args) = parse_command("PYTHON_JIT=1 A_B=x python3.13 -X dev").unwrap();
        assert_eq!(env, vec![("PYTHON_JIT".into(), "1".into()), ("A_B".into(), "x".into())]);
        assert_eq!((prog.as_str(), args), ("python3.13", vec!["-X".to_string(), "dev".to_string()]));
        assert!(parse_command("  ").is_none());
    }

    #[test]
    fn missing_peers_are_skipped_not_fatal() {
        let peers = vec!["ghost=no-such-interpreter-xyz".to_string()];
        let d = Discovery { tracelift: Some("/no/such/tracelift"), variants: &[], default_peers: false, peers: &peers };
        let (targets, skipped) = discover(&d).unwrap();
        assert!(targets.is_empty());
        assert_eq!(skipped.len(), 2);
        assert!(skipped[0].reason.contains("not found"));
    }
}
