# A stand-in for the parts of pyperf that pyperformance's benchmark files use
# (`Runner`, `perf_counter`), so that the same `run_benchmark.py` runs under
# python3, pypy3 and every tracelift engine, and reports to our harness.
#
# What it keeps of pyperf: a Runner with `metadata`, `argparser`, `parse_args`,
# `bench_func` and `bench_time_func`; each value is the time of `loops` calls.
# What it leaves out: worker processes, calibration, statistics, JSON output.
# The harness (crates/bench) chooses `--values` and `--loops` per benchmark
# (benches/pyperformance/manifest.txt).
#
# Output: one `#iter SECONDS` line per value on stderr (the harness's protocol,
# as the benches/*.py programs print), then one line on stdout naming the
# benchmark and what ran, which is the same under every implementation.
import sys
import time

perf_counter = time.perf_counter


def python_implementation():
    return sys.implementation.name


class Namespace:
    def __init__(self, **kwargs):
        for k in kwargs:
            setattr(self, k, kwargs[k])


class _Option:
    def __init__(self, names, kwargs):
        self.names = names
        self.positional = not names[0].startswith("-")
        dest = kwargs.get("dest")
        if dest is None:
            long = [n for n in names if n.startswith("--")]
            dest = (long[0] if long else names[0]).lstrip("-").replace("-", "_")
        self.dest = dest
        self.action = kwargs.get("action")
        self.type = kwargs.get("type")
        self.choices = kwargs.get("choices")
        self.nargs = kwargs.get("nargs")
        if "default" in kwargs:
            self.default = kwargs["default"]
        elif self.action == "store_true":
            self.default = False
        elif self.action == "store_false":
            self.default = True
        elif self.nargs in ("*", "+"):
            self.default = []
        else:
            self.default = None

    def convert(self, text):
        value = self.type(text) if self.type is not None else text
        if self.choices is not None and value not in self.choices:
            _usage_error("argument %s: invalid choice: %r" % (self.names[0], text))
        return value


def _usage_error(message):
    print("error: " + message, file=sys.stderr)
    raise SystemExit(2)


class ArgumentParser:
    """The subset of argparse that benchmark files use: options with a value
    (`type`, `default`, `choices`, `dest`), `store_true`/`store_false` flags,
    and positionals (`nargs` of `?`, `*` or `+`)."""

    def __init__(self, description=None):
        self.description = description
        self.options = []

    def add_argument(self, *names, **kwargs):
        self.options.append(_Option(names, kwargs))

    def parse_args(self, args=None):
        if args is None:
            args = sys.argv[1:]
        ns = Namespace()
        for o in self.options:
            setattr(ns, o.dest, o.default)
        positionals = [o for o in self.options if o.positional]
        i = 0
        while i < len(args):
            a = args[i]
            i += 1
            if a.startswith("-") and len(a) > 1:
                name, eq, inline = a.partition("=")
                found = [o for o in self.options if not o.positional and name in o.names]
                if not found:
                    _usage_error("unrecognized argument: " + a)
                o = found[0]
                if o.action == "store_true":
                    setattr(ns, o.dest, True)
                elif o.action == "store_false":
                    setattr(ns, o.dest, False)
                else:
                    if not eq:
                        if i >= len(args):
                            _usage_error("argument %s: expected one argument" % name)
                        inline = args[i]
                        i += 1
                    setattr(ns, o.dest, o.convert(inline))
                continue
            if not positionals:
                _usage_error("unrecognized argument: " + a)
            o = positionals[0]
            if o.nargs in ("*", "+"):
                getattr(ns, o.dest).append(o.convert(a))
            else:
                setattr(ns, o.dest, o.convert(a))
                positionals.pop(0)
        return ns


class Runner:
    def __init__(self, values=None, processes=None, loops=0, min_time=0.1,
                 metadata=None, show_name=True, program_args=None,
                 add_cmdline_args=None, _argparser=None, warmups=None):
        self.metadata = dict(metadata) if metadata else {}
        self.argparser = ArgumentParser()
        self.argparser.add_argument("--values", type=int, default=5)
        self.argparser.add_argument("--loops", type=int, default=1)
        self.argparser.add_argument("--warmups", type=int, default=0)
        # Ours, not pyperf's: run only the benchmark of this name, for files that run
        # several (deepcopy, scimark without an argument), so that one process gives one
        # series.
        self.argparser.add_argument("--only", default=None)
        self.args = None

    def parse_args(self, args=None):
        if self.args is None:
            self.args = self.argparser.parse_args(args)
        return self.args

    def bench_time_func(self, name, time_func, *args, inner_loops=None):
        a = self.parse_args()
        if a.only is not None and name != a.only:
            return
        for i in range(a.warmups + a.values):
            dt = time_func(a.loops, *args)
            print("#iter %.6f" % dt, file=sys.stderr)
        print("%s: %d values of %d loops" % (name, a.values, a.loops))

    def bench_func(self, name, func, *args, inner_loops=None):
        def time_func(loops, *fargs):
            t0 = perf_counter()
            for _ in range(loops):
                func(*fargs)
            return perf_counter() - t0

        self.bench_time_func(name, time_func, *args, inner_loops=inner_loops)

    def bench_async_func(self, name, func, *args, inner_loops=None):
        raise NotImplementedError("the pyperf stand-in does not run async benchmarks")

    def bench_command(self, name, command):
        raise NotImplementedError("the pyperf stand-in does not run commands")
