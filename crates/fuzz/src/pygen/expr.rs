//! Typed expressions: `expr(ty, depth)` writes a Python expression whose value has type `ty`
//! whenever it does not raise. Every compound subexpression is parenthesised, divisors are
//! written `(d or 1)` so that division by zero only happens where a statement asks for it,
//! container indexing is guarded by a length test, and nothing nondeterministic is produced
//! (no ids, hashes, default reprs, or sets of strings).

use super::{Gen, Ty};

/// Literal pools.
const STRS: &[&str] = &[
    "''", "'a'", "'ab'", "'xyz'", "'Hello'", "'a b c'", "'  pad '", "'é'", "'日本'", "'k3'", "'42'", "'-7'", "'x,y,z'",
];
const FLOATS: &[&str] =
    &["0.5", "1.25", "-2.75", "3.14159", "0.1", "1e-3", "2.5e10", "1e16", "-0.0", "7.0", "0.3", "100.0", "-1.5"];
const BIGS: &[&str] = &[
    "(2 ** 64)",
    "(2 ** 63 - 1)",
    "(-(2 ** 63))",
    "18446744073709551615",
    "(10 ** 20 + 7)",
    "(2 ** 100 + 1)",
    "(-(3 ** 50))",
    "4611686018427387904",
    "9223372036854775807",
];
/// Moduli that keep accumulators bounded but past 64 bits.
pub(crate) const MODS: &[&str] =
    &["(2 ** 89 - 1)", "(2 ** 127 + 45)", "(10 ** 30 + 57)", "1000003", "(2 ** 64)", "(2 ** 61 - 1)"];

impl Gen {
    /// An expression of type `ty`.
    pub fn expr(&mut self, ty: Ty, d: u32) -> String {
        match ty {
            Ty::Int => self.int_expr(d),
            Ty::Float => self.float_expr(d),
            Ty::Num => self.num_expr(d),
            Ty::Str => self.str_expr(d, false),
            Ty::Bool => self.bool_expr(d),
            Ty::List => self.list_expr(d),
            Ty::Dict => self.dict_expr(d),
            Ty::Set => self.set_expr(d),
            Ty::Tuple => self.tuple_expr(d),
            Ty::Obj(c) => self.obj_expr(c),
            Ty::Any => self.any_expr(d),
        }
    }

    /// An int literal: small, medium or past 64 bits.
    pub fn int_lit(&mut self) -> String {
        match self.weighted(&[6, 2, 2]) {
            0 => self.int(-5, 40).to_string(),
            1 => self.int(100, 5_000_000).to_string(),
            _ => self.pick(BIGS).to_string(),
        }
    }

    /// Attribute reads of visible objects with type `ty`: `o.attr`.
    fn attr_of(&mut self, ty: Ty) -> Option<String> {
        let mut cands = Vec::new();
        for v in &self.vars {
            if let Ty::Obj(c) = v.ty {
                for (a, t) in &self.classes[c].attrs {
                    if *t == ty {
                        cands.push(format!("{}.{a}", v.name));
                    }
                }
                for (a, t) in &self.classes[c].cattrs {
                    if *t == ty {
                        cands.push(format!("{}.{a}", v.name));
                    }
                }
            }
        }
        if cands.is_empty() { None } else { Some(cands[self.below(cands.len())].clone()) }
    }

    pub fn int_leaf(&mut self) -> String {
        match self.weighted(&[4, 6, 1, 1, 1]) {
            0 => self.int_lit(),
            1 => self.var_of(Ty::Int).unwrap_or_else(|| self.int(0, 9).to_string()),
            2 => match self.var_of(Ty::List) {
                Some(l) => format!("len({l})"),
                None => self.int_lit(),
            },
            3 => match self.var_of(Ty::Str) {
                Some(s) => format!("len({s})"),
                None => self.int_lit(),
            },
            _ => self.attr_of(Ty::Int).unwrap_or_else(|| self.int_lit()),
        }
    }

    pub fn int_expr(&mut self, d: u32) -> String {
        if d == 0 || self.chance(0.25) {
            return self.int_leaf();
        }
        let d1 = d - 1;
        match self.below(27) {
            0..=2 => format!("({} + {})", self.int_expr(d1), self.int_expr(d1)),
            3 | 4 => format!("({} - {})", self.int_expr(d1), self.int_expr(d1)),
            5 | 6 => format!("({} * {})", self.int_expr(d1), self.int_leaf()),
            7 => format!("({} // ({} or 1))", self.int_expr(d1), self.int_expr(d1)),
            8 => format!("({} % ({} or 7))", self.int_expr(d1), self.int_expr(d1)),
            9 => {
                let op = *self.pick(&["&", "|", "^"]);
                format!("({} {op} {})", self.int_expr(d1), self.int_expr(d1))
            }
            10 => format!("(-{})", self.int_expr(d1)),
            11 => format!("abs({})", self.int_expr(d1)),
            12 => format!("({} << {})", self.int_expr(d1), self.int(0, 70)),
            13 => format!("({} >> {})", self.int_expr(d1), self.int(0, 70)),
            14 => {
                let f = *self.pick(&["min", "max"]);
                format!("{f}({}, {})", self.int_expr(d1), self.int_expr(d1))
            }
            15 => format!("({} if {} else {})", self.int_expr(d1), self.bool_expr(d1), self.int_expr(d1)),
            16 => self.call_expr(Ty::Int, d1).unwrap_or_else(|| self.int_leaf()),
            17 => self.container_int(d1),
            18 => format!("pow({}, {}, {})", self.int_expr(d1), self.int(0, 40), self.pick(MODS)),
            19 => format!("({} ** {})", self.int_leaf(), self.int(0, 4)),
            20 => format!("divmod({}, ({} or 3))[{}]", self.int_expr(d1), self.int_expr(d1), self.int(0, 1)),
            21 => format!("int({})", self.bool_expr(d1)),
            22 => match self.weighted(&[1, 1, 1]) {
                0 => format!("round({})", self.float_expr(d1)),
                1 => format!("math.floor({})", self.float_expr(d1)),
                _ => format!("int({})", self.float_expr(d1)),
            },
            23..=25 => self.binop_expr().unwrap_or_else(|| self.int_leaf()),
            _ => {
                let op = *self.pick(&["+", "-", "*"]);
                format!("({} {op} {})", self.int_leaf(), self.int_leaf())
            }
        }
    }

    /// `a + b` on instances whose class defines the operator's dunder, if a variable holds
    /// one (the right operand: a variable or a new instance of the defining class or a
    /// subclass).
    fn binop_expr(&mut self) -> Option<String> {
        let cands: Vec<(String, &'static str, usize)> = self
            .vars
            .iter()
            .filter_map(|v| match v.ty {
                Ty::Obj(c) => self.classes[c].binop.map(|(op, root)| (v.name.clone(), op, root)),
                _ => None,
            })
            .collect();
        if cands.is_empty() || self.in_method() {
            return None;
        }
        let (v, op, root) = cands[self.below(cands.len())].clone();
        let other = self.obj_expr(root);
        self.charge(3);
        Some(format!("({v} {op} {other})"))
    }

    /// An int read out of a container or a string.
    fn container_int(&mut self, d: u32) -> String {
        match self.below(9) {
            0 | 1 => match self.var_of(Ty::List) {
                Some(l) => format!("({l}[{} % len({l})] if {l} else {})", self.int_expr(d), self.int(0, 9)),
                None => self.int_leaf(),
            },
            2 => match self.var_of(Ty::List) {
                Some(l) => format!("sum({l})"),
                None => self.int_leaf(),
            },
            3 => match self.var_of(Ty::Dict) {
                Some(m) => format!("{m}.get({}, {})", self.key_expr(), self.int(-3, 3)),
                None => self.int_leaf(),
            },
            4 => match self.var_of(Ty::Str) {
                Some(s) => format!("{s}.find({})", self.pick(&["'a'", "'b'", "'1'", "' '", "'xy'"])),
                None => self.int_leaf(),
            },
            5 => match self.var_of(Ty::Str) {
                Some(s) => format!("(ord({s}[0]) if {s} else 0)"),
                None => self.int_leaf(),
            },
            6 => match self.var_of(Ty::Tuple) {
                Some(t) => format!("{t}[{} % len({t})]", self.int_expr(d)),
                None => self.int_leaf(),
            },
            7 => match self.var_of(Ty::Set) {
                Some(s) => format!("len({s})"),
                None => match self.var_of(Ty::Dict) {
                    Some(m) => format!("len({m})"),
                    None => self.int_leaf(),
                },
            },
            _ => match self.var_of(Ty::List) {
                Some(l) => format!("(max({l}) if {l} else -1)"),
                None => self.int_leaf(),
            },
        }
    }

    pub fn float_leaf(&mut self) -> String {
        match self.weighted(&[3, 5, 1, 1]) {
            0 => self.pick(FLOATS).to_string(),
            1 => self.var_of(Ty::Float).unwrap_or_else(|| self.pick(FLOATS).to_string()),
            2 => format!("float({})", self.int(-100, 100)),
            _ => self.attr_of(Ty::Float).unwrap_or_else(|| self.pick(FLOATS).to_string()),
        }
    }

    pub fn float_expr(&mut self, d: u32) -> String {
        if d == 0 || self.chance(0.25) {
            return self.float_leaf();
        }
        let d1 = d - 1;
        match self.below(16) {
            0..=2 => {
                let op = *self.pick(&["+", "-", "*"]);
                format!("({} {op} {})", self.float_expr(d1), self.num_expr(d1))
            }
            3 => format!("({} / ({} or 1))", self.num_expr(d1), self.num_expr(d1)),
            4 => format!("({} // ({} or 1.5))", self.float_expr(d1), self.num_expr(d1)),
            5 => format!("({} % ({} or 2.5))", self.float_expr(d1), self.num_expr(d1)),
            6 => format!("(-{})", self.float_expr(d1)),
            7 => format!("abs({})", self.float_expr(d1)),
            8 => format!("math.sqrt(abs({}))", self.num_expr(d1)),
            9 => format!("round({}, {})", self.float_expr(d1), self.int(0, 4)),
            10 => format!("float({})", self.int_leaf()),
            11 => format!("({} if {} else {})", self.float_expr(d1), self.bool_expr(d1), self.float_expr(d1)),
            12 => self.call_expr(Ty::Float, d1).unwrap_or_else(|| self.float_leaf()),
            13 => {
                let f = *self.pick(&["math.sin", "math.cos", "math.atan", "math.fabs"]);
                format!("{f}({})", self.num_expr(d1))
            }
            14 => format!("({} * 0.5 + {})", self.int_expr(d1), self.float_leaf()),
            _ => {
                let f = *self.pick(&["min", "max"]);
                format!("{f}({}, {})", self.float_expr(d1), self.float_expr(d1))
            }
        }
    }

    /// An int or a float; sometimes chosen per evaluation (type-unstable).
    pub fn num_expr(&mut self, d: u32) -> String {
        match self.weighted(&[4, 4, 3, 1]) {
            0 => self.int_expr(d),
            1 => self.float_expr(d),
            2 => match self.var_of(Ty::Num) {
                Some(v) => {
                    if d > 0 && self.chance(0.5) {
                        let op = *self.pick(&["+", "-", "*"]);
                        format!("({v} {op} {})", self.num_expr(d - 1))
                    } else {
                        v
                    }
                }
                None => self.int_leaf(),
            },
            _ => {
                format!("({} if {} else {})", self.int_expr(d.saturating_sub(1)), self.bool_expr(0), self.float_leaf())
            }
        }
    }

    /// A string; `small` ones are short and never built from a string variable's whole value,
    /// so that `s = s + small` grows linearly in loops.
    pub fn str_expr(&mut self, d: u32, small: bool) -> String {
        if d == 0 || self.chance(0.25) {
            return self.str_leaf(small);
        }
        let d1 = d - 1;
        match self.below(20) {
            0 | 1 => format!("({} + {})", self.str_expr(d1, small), self.str_expr(d1, small)),
            2 => format!("str({})", self.int_expr(d1)),
            3 => format!("str({})", self.float_expr(d1)),
            4 => format!("repr({})", self.num_expr(d1)),
            5 => {
                let (a, b) = (self.int(-4, 4), self.int(-2, 6));
                format!("{}[{a}:{b}]", self.str_expr(d1, small))
            }
            6 => {
                let m = *self.pick(&["upper", "lower", "strip", "lstrip", "rstrip", "swapcase", "capitalize"]);
                format!("{}.{m}()", self.str_expr(d1, small))
            }
            7 => {
                let (a, b) = *self.pick(&[("'a'", "'A'"), ("' '", "'_'"), ("'x'", "''"), ("'1'", "'one'")]);
                format!("{}.replace({a}, {b})", self.str_expr(d1, small))
            }
            8 if !self.in_fstring => self.fstring(d1),
            9 => self.percent_fmt(d1),
            10 if !small => format!("({} * {})", self.str_expr(d1, false), self.int(0, 3)),
            11 if !small => match self.var_of(Ty::List) {
                Some(l) => format!("'-'.join([str(x) for x in {l}[:{}]])", self.int(0, 6)),
                None => self.str_leaf(small),
            },
            12 => format!("chr(65 + {} % 26)", self.int_expr(d1)),
            13 => format!("{}[::-1]", self.str_expr(d1, small)),
            14 => {
                let m = *self.pick(&["center", "ljust", "rjust"]);
                format!("{}.{m}({}, '*')", self.str_expr(d1, small), self.int(0, 9))
            }
            15 => format!("{}.zfill({})", self.str_expr(d1, small), self.int(0, 8)),
            16 if !small => match self.var_of(Ty::List) {
                Some(l) => format!("str({l}[:{}])", self.int(0, 5)),
                None => format!("str({})", self.tuple_expr(0)),
            },
            17 => format!("({} if {} else {})", self.str_expr(d1, small), self.bool_expr(d1), self.str_expr(d1, small)),
            18 => self.call_expr(Ty::Str, d1).unwrap_or_else(|| self.str_leaf(small)),
            _ => format!("' '.join({}.split())", self.str_expr(d1, small)),
        }
    }

    fn str_leaf(&mut self, small: bool) -> String {
        match self.weighted(&[3, if small { 0 } else { 4 }, 1, 1]) {
            0 => self.pick(STRS).to_string(),
            1 => self.var_of(Ty::Str).unwrap_or_else(|| self.pick(STRS).to_string()),
            2 => match self.var_of(Ty::Str) {
                Some(s) => format!("{s}[:{}]", self.int(0, 3)),
                None => self.pick(STRS).to_string(),
            },
            _ => self.attr_of(Ty::Str).filter(|_| !small).unwrap_or_else(|| format!("str({})", self.int(-9, 99))),
        }
    }

    fn fstring(&mut self, d: u32) -> String {
        let n = self.int(1, 3);
        self.in_fstring = true;
        let mut s = String::from("f'");
        for k in 0..n {
            if k > 0 {
                let sep = *self.pick(&[" ", ":", "-", ", "]);
                s.push_str(sep);
            }
            let (e, spec) = match self.below(7) {
                0 => (self.int_expr(d), *self.pick(&["", ":>6", ":<4", ":05d", ":,", ":x", ":+d", ":b"])),
                1 => (self.float_expr(d), *self.pick(&["", ":.3f", ":.2e", ":g", ":10.4f", ":.1%", ":+.2f", ":.0f"])),
                2 => (self.str_expr(d, true), *self.pick(&["", ":>5", ":^7", "!r", ":.2"])),
                3 => (self.num_expr(d), *self.pick(&["", "!r"])),
                4 => (self.bool_expr(d), ""),
                5 => match self.var_of(Ty::List) {
                    Some(l) => (format!("{l}[:3]"), ""),
                    None => (self.int_leaf(), ""),
                },
                _ => (self.int_leaf(), ""),
            };
            // A quote inside the braces would end an f-string (before Python 3.12).
            let e = e.replace('\'', "\"");
            s.push_str(&format!("{{{e}{spec}}}"));
        }
        s.push('\'');
        self.in_fstring = false;
        s
    }

    fn percent_fmt(&mut self, d: u32) -> String {
        match self.below(4) {
            0 => format!("('%d-%s' % ({}, {}))", self.int_expr(d), self.str_expr(d, true)),
            1 => format!("('%.3f' % {})", self.float_expr(d)),
            2 => format!("('%5d|%-4s|%r' % ({}, {}, {}))", self.int_expr(d), self.str_expr(d, true), self.num_expr(d)),
            _ => format!("('%s' % ({},))", self.num_expr(d)),
        }
    }

    pub fn bool_expr(&mut self, d: u32) -> String {
        let d1 = d.saturating_sub(1);
        match self.below(if d == 0 { 3 } else { 14 }) {
            0 => {
                let op = *self.pick(&["<", "<=", ">", ">=", "==", "!="]);
                format!("({} {op} {})", self.num_expr(d1), self.num_expr(d1))
            }
            1 => {
                let op = *self.pick(&["<", "==", "!=", ">="]);
                format!("({} {op} {})", self.int_expr(d1), self.int_expr(d1))
            }
            2 => match self.var_of(Ty::Int) {
                Some(v) => format!("({v} % {} == {})", self.int(2, 7), self.int(0, 1)),
                None => self.pick(&["True", "False"]).to_string(),
            },
            3 => format!("(not {})", self.bool_expr(d1)),
            4 => {
                let op = *self.pick(&["and", "or"]);
                format!("({} {op} {})", self.bool_expr(d1), self.bool_expr(d1))
            }
            5 => format!("({} in {})", self.str_expr(0, true), self.str_expr(d1, false)),
            6 => match self.var_of(Ty::List) {
                Some(l) => format!("({} in {l})", self.int_expr(d1)),
                None => format!("({} < {} <= {})", self.int_leaf(), self.int_leaf(), self.int_leaf()),
            },
            7 => match self.var_of(Ty::Dict) {
                Some(m) => format!("({} in {m})", self.key_expr()),
                None => format!("bool({})", self.int_expr(d1)),
            },
            8 => match self.var_of(Ty::Num) {
                Some(v) => format!("isinstance({v}, {})", self.pick(&["int", "float"])),
                None => format!("({} == {})", self.str_expr(d1, true), self.str_expr(d1, true)),
            },
            9 => {
                let m = *self.pick(&["startswith('a')", "endswith('z')", "isdigit()", "isalpha()", "isupper()"]);
                format!("{}.{m}", self.str_expr(d1, true))
            }
            10 => format!("({} < {} <= {})", self.num_expr(d1), self.num_expr(d1), self.num_expr(d1)),
            11 => match self.var_of(Ty::Set) {
                Some(s) => format!("({} in {s})", self.int_expr(d1)),
                None => format!("({} > {})", self.str_expr(d1, true), self.str_expr(d1, true)),
            },
            12 => self.call_expr(Ty::Bool, d1).unwrap_or_else(|| "True".into()),
            _ => {
                let f = *self.pick(&["any", "all"]);
                match self.var_of(Ty::List) {
                    Some(l) => format!("{f}(x > {} for x in {l})", self.int(-5, 20)),
                    None => format!("{f}([{}, {}])", self.bool_expr(d1), self.bool_expr(d1)),
                }
            }
        }
    }

    /// A dict key: one of a few literals, so that lookups both hit and miss.
    pub fn key_expr(&mut self) -> String {
        match self.below(4) {
            0..=1 => format!("'k{}'", self.int(0, 6)),
            2 => match self.var_of(Ty::Int) {
                Some(v) => format!("'k' + str({v} % 7)"),
                None => "'k1'".into(),
            },
            _ => self.pick(&["'a'", "'xyz'", "'k3'"]).to_string(),
        }
    }

    pub fn list_expr(&mut self, d: u32) -> String {
        let d1 = d.saturating_sub(1);
        match self.below(if d == 0 { 2 } else { 13 }) {
            0 => {
                let n = self.int(0, 5);
                let items: Vec<String> = (0..n).map(|_| self.int_expr(d1)).collect();
                format!("[{}]", items.join(", "))
            }
            1 => format!("list(range({}, {}))", self.int(-5, 5), self.int(0, 20)),
            2 => self.comprehension(d1),
            3 => match self.var_of(Ty::List) {
                Some(l) => match self.below(4) {
                    0 => format!("sorted({l})"),
                    1 => format!("sorted({l}, reverse=True)"),
                    2 => format!("sorted({l}, key=lambda v: (v % {}, v))", self.int(2, 5)),
                    _ => format!("list(reversed({l}))"),
                },
                None => format!("[{}]", self.int_expr(d1)),
            },
            4 => match self.var_of(Ty::List) {
                Some(l) => {
                    let (a, b) = (self.int(-6, 3), self.int(-2, 8));
                    match self.below(3) {
                        0 => format!("{l}[{a}:{b}]"),
                        1 => format!("{l}[::{}]", self.pick(&["2", "-1", "3", "-2"])),
                        _ => format!("{l}[{a}:]"),
                    }
                }
                None => "[]".into(),
            },
            5 => format!("({} + [{}])", self.list_expr(d1), self.int_expr(d1)),
            6 => match self.var_of(Ty::List) {
                Some(l) => format!("list(map(lambda v: v * {} + 1, {l}))", self.int(-3, 3)),
                None => "[0, 1]".into(),
            },
            7 => match self.var_of(Ty::List) {
                Some(l) => format!("list(filter(lambda v: v % {} == 0, {l}))", self.int(2, 4)),
                None => "[5]".into(),
            },
            8 => match self.var_of(Ty::Dict) {
                Some(m) => format!("list({m}.values())"),
                None => "[1, 2, 3]".into(),
            },
            9 => match self.var_of(Ty::Set) {
                Some(s) => format!("sorted({s})"),
                None => "[9]".into(),
            },
            10 => self.call_expr(Ty::List, d1).unwrap_or_else(|| "[4, 5]".into()),
            11 => match self.gen_func() {
                Some((f, args)) => format!("list({f}({args}))"),
                None => "[7]".into(),
            },
            _ => match self.var_of(Ty::Str) {
                Some(s) => format!("[ord(c) for c in {s}[:{}]]", self.int(0, 8)),
                None => "[]".into(),
            },
        }
    }

    /// `[f(x) for x in range(n) if ...]` over a fresh comprehension variable.
    fn comprehension(&mut self, d: u32) -> String {
        let x = self.fresh("c");
        let n = self.int(0, 25);
        let src = match self.var_of(Ty::List) {
            Some(l) if self.chance(0.5) => l,
            _ => format!("range({n})"),
        };
        self.vars.push(super::Var { name: x.clone(), ty: Ty::Int, level: self.level(), frozen: true });
        let body = self.int_expr(d);
        let cond = if self.chance(0.4) { format!(" if {x} % {} != 0", self.int(2, 4)) } else { String::new() };
        self.vars.pop();
        format!("[{body} for {x} in {src}{cond}]")
    }

    pub fn dict_expr(&mut self, d: u32) -> String {
        let d1 = d.saturating_sub(1);
        match self.below(if d == 0 { 1 } else { 5 }) {
            0 => {
                let n = self.int(0, 4);
                let items: Vec<String> = (0..n).map(|k| format!("'k{k}': {}", self.int_expr(d1))).collect();
                format!("{{{}}}", items.join(", "))
            }
            1 => {
                let x = self.fresh("c");
                let n = self.int(0, 12);
                self.vars.push(super::Var { name: x.clone(), ty: Ty::Int, level: self.level(), frozen: true });
                let v = self.int_expr(d1);
                self.vars.pop();
                format!("{{'k' + str({x}): {v} for {x} in range({n})}}")
            }
            2 => match self.var_of(Ty::Dict) {
                Some(m) => format!("dict({m})"),
                None => "{'a': 1}".into(),
            },
            3 => match self.var_of(Ty::List) {
                Some(l) => format!("{{'k' + str(i): v for i, v in enumerate({l}[:6])}}"),
                None => "{}".into(),
            },
            _ => format!(
                "dict(zip(['k0', 'k1', 'k2'], [{}, {}, {}]))",
                self.int_leaf(),
                self.int_leaf(),
                self.int_leaf()
            ),
        }
    }

    pub fn set_expr(&mut self, d: u32) -> String {
        let d1 = d.saturating_sub(1);
        match self.below(if d == 0 { 1 } else { 5 }) {
            0 => {
                let n = self.int(1, 5);
                let items: Vec<String> = (0..n).map(|_| self.int(-3, 30).to_string()).collect();
                format!("{{{}}}", items.join(", "))
            }
            1 => match self.var_of(Ty::List) {
                Some(l) => format!("set({l})"),
                None => "set()".into(),
            },
            2 => match self.var_of(Ty::List) {
                Some(l) => format!("{{v % {} for v in {l}}}", self.int(2, 9)),
                None => "{1, 2}".into(),
            },
            3 => {
                let op = *self.pick(&["|", "&", "-", "^"]);
                format!("({} {op} {})", self.set_expr(d1), self.set_expr(d1))
            }
            _ => format!("set(range({}, {}))", self.int(-3, 3), self.int(0, 12)),
        }
    }

    pub fn tuple_expr(&mut self, d: u32) -> String {
        let d1 = d.saturating_sub(1);
        match self.below(3) {
            0 | 1 => {
                let n = self.int(1, 4);
                let items: Vec<String> = (0..n).map(|_| self.int_expr(d1)).collect();
                if n == 1 { format!("({},)", items[0]) } else { format!("({})", items.join(", ")) }
            }
            _ => match self.var_of(Ty::List) {
                Some(l) => format!("tuple({l} + [{}])", self.int_leaf()),
                None => "(1, 2)".into(),
            },
        }
    }

    /// A value of any printable type, for type-unstable sites.
    pub fn any_expr(&mut self, d: u32) -> String {
        match self.below(6) {
            0 => self.int_expr(d),
            1 => self.float_expr(d),
            2 => self.str_expr(d, true),
            3 => "None".into(),
            4 => self.tuple_expr(0),
            _ => self.list_expr(0),
        }
    }

    /// An instance of class `c`: a variable or a constructor call.
    pub fn obj_expr(&mut self, c: usize) -> String {
        if let Some(v) = self.var_of(Ty::Obj(c))
            && self.chance(0.7)
        {
            return v;
        }
        // Any subclass will do.
        let subs: Vec<usize> = (0..self.classes.len()).filter(|&k| self.is_sub(k, c)).collect();
        let k = subs[self.below(subs.len())];
        self.construct(k)
    }

    pub fn construct(&mut self, k: usize) -> String {
        let params = self.classes[k].ctor.clone();
        let args: Vec<String> = params.iter().map(|&t| self.expr(t, 1)).collect();
        self.charge(self.classes[k].ctor_cost);
        format!("{}({})", self.classes[k].name, args.join(", "))
    }

    pub fn is_sub(&self, k: usize, c: usize) -> bool {
        let mut cur = Some(k);
        while let Some(x) = cur {
            if x == c {
                return true;
            }
            cur = self.classes[x].parent;
        }
        false
    }

    /// A call of a function, closure or method returning `ty`, if one fits the budget.
    pub fn call_expr(&mut self, ty: Ty, d: u32) -> Option<String> {
        let safe = self.ctx().safe > 0;
        let mut cands: Vec<(Option<String>, super::Func)> = Vec::new();
        for f in &self.funcs {
            if f.ret == ty && !f.is_gen && (safe || !f.may_raise) {
                cands.push((None, f.clone()));
            }
        }
        let methods_ok = !self.in_method();
        for v in self.vars.iter().filter(|_| methods_ok) {
            if let Ty::Obj(c) = v.ty {
                for m in &self.classes[c].methods {
                    if m.ret == ty && (safe || !m.may_raise) {
                        cands.push((Some(v.name.clone()), m.clone()));
                    }
                }
            }
        }
        // Inside a function: no calls to itself or to later functions (they are not in
        // `funcs` yet), and only cheap callees.
        cands.retain(|(_, f)| self.affords_call(f));
        if cands.is_empty() {
            return None;
        }
        let (recv, f) = cands[self.below(cands.len())].clone();
        let args: Vec<String> = f.params.iter().map(|&t| self.expr(t, d.min(1))).collect();
        self.charge_call(&f, recv.is_some());
        Some(match recv {
            Some(o) => format!("{o}.{}({})", f.name, args.join(", ")),
            None => format!("{}({})", f.name, args.join(", ")),
        })
    }

    /// A generator function and arguments for it, if one fits the budget.
    pub fn gen_func(&mut self) -> Option<(String, String)> {
        let cands: Vec<super::Func> = self.funcs.iter().filter(|f| f.is_gen && self.affords_call(f)).cloned().collect();
        if cands.is_empty() {
            return None;
        }
        let f = cands[self.below(cands.len())].clone();
        let args: Vec<String> = f.params.iter().map(|&t| self.expr(t, 0)).collect();
        self.charge_call(&f, false);
        Some((f.name, args.join(", ")))
    }
}
