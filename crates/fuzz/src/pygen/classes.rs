//! Classes: single inheritance chains with instance and class attributes, `__init__` (with
//! `super().__init__` in subclasses), methods and overrides that call `super()`, a binary
//! operator's dunder on root classes, a deterministic `__repr__`, user exception classes, and
//! the dynamic changes a JIT must notice: class attributes and methods rebound on the class
//! mid-loop.

use super::{Class, Func, Gen, Ty};

impl Gen {
    /// A user exception class: with or without an `__init__` that stores a code.
    pub fn exc_def(&mut self) {
        let name = self.fresh("Err");
        let base = *self.pick(&["Exception", "ValueError", "LookupError"]);
        if self.chance(0.5) {
            open!(self, "class {name}({base}):");
            self.line("pass");
            self.close();
            self.excs.push((name, false));
        } else {
            open!(self, "class {name}({base}):");
            self.open("def __init__(self, code):");
            self.line("super().__init__('code ' + str(code))");
            self.line("self.code = code");
            self.close();
            self.close();
            self.excs.push((name, true));
        }
    }

    /// A class, a subclass of an earlier one with probability one half.
    pub fn class_def(&mut self) {
        let k = self.classes.len();
        let name = format!("K{}", self.fresh(""));
        let parent = if k > 0 && self.chance(0.5) { Some(self.below(k)) } else { None };
        let (mut attrs, mut cattrs, mut methods, pctor) = match parent {
            Some(p) => {
                let c = &self.classes[p];
                (c.attrs.clone(), c.cattrs.clone(), c.methods.clone(), c.ctor.clone())
            }
            None => (Vec::new(), Vec::new(), Vec::new(), Vec::new()),
        };
        let header = match parent {
            Some(p) => format!("class {name}({}):", self.classes[p].name),
            None => format!("class {name}:"),
        };
        self.open(header);
        // Class attributes.
        for _ in 0..self.int(0, 2) {
            let a = self.fresh("ca");
            let t = *self.pick(&[Ty::Int, Ty::Str, Ty::Float]);
            let v = match t {
                Ty::Int => self.int_lit(),
                Ty::Float => "0.5".to_string(),
                _ => format!("'{a}'"),
            };
            line!(self, "{a} = {v}");
            cattrs.push((a, t));
        }
        // The constructor: the parent's parameters first, then new ones.
        let extra = self.int(if parent.is_some() { 0 } else { 1 }, 2) as usize;
        let mut ctor = pctor.clone();
        let mut new_attrs = Vec::new();
        for _ in 0..extra {
            let t = *self.pick(&[Ty::Int, Ty::Int, Ty::Float, Ty::Str, Ty::List, Ty::Num]);
            ctor.push(t);
            new_attrs.push((self.fresh("at"), t));
        }
        let pnames: Vec<String> = (0..ctor.len()).map(|i| format!("a{i}")).collect();
        open!(self, "def __init__(self, {}):", pnames.join(", "));
        if parent.is_some() {
            line!(self, "super().__init__({})", pnames[..pctor.len()].join(", "));
        }
        for (i, (a, t)) in new_attrs.iter().enumerate() {
            let p = &pnames[pctor.len() + i];
            match t {
                Ty::List => line!(self, "self.{a} = list({p})"),
                _ => line!(self, "self.{a} = {p}"),
            }
        }
        if parent.is_none() {
            let a = self.fresh("at");
            line!(self, "self.{a} = 0");
            new_attrs.push((a, Ty::Int));
        }
        self.close();
        attrs.extend(new_attrs);
        // Register the class now, so that methods see `self`'s attributes.
        let ctor_cost = 2 + ctor.len() as u64 * 2;
        self.classes.push(Class {
            name: name.clone(),
            parent,
            attrs,
            cattrs,
            methods: methods.clone(),
            ctor,
            ctor_cost,
            has_repr: parent.map(|p| self.classes[p].has_repr).unwrap_or(false),
            binop: parent.and_then(|p| self.classes[p].binop),
        });
        // Overrides of inherited methods, then new methods.
        for slot in methods.iter_mut() {
            if self.chance(0.5) {
                let m = slot.clone();
                *slot = self.method_def(k, &m.name, &m.params, m.ret, Some(&m));
            }
        }
        for _ in 0..self.int(1, 3) {
            let mname = self.fresh("m");
            let n = self.int(0, 2) as usize;
            let params: Vec<Ty> = (0..n).map(|_| *self.pick(&[Ty::Int, Ty::Int, Ty::Float, Ty::Str])).collect();
            let ret = *self.pick(&[Ty::Int, Ty::Int, Ty::Float, Ty::Str, Ty::Bool]);
            let f = self.method_def(k, &mname, &params, ret, None);
            methods.push(f);
            self.classes[k].methods = methods.clone();
        }
        self.classes[k].methods = methods;
        if parent.is_none() && self.chance(0.4) {
            self.binop_def(k);
        }
        if !self.classes[k].has_repr && self.chance(0.6) {
            let attrs = self.classes[k].attrs.clone();
            let fields: Vec<String> = attrs.iter().take(3).map(|(a, _)| format!("{{self.{a}!r}}")).collect();
            self.open("def __repr__(self):");
            line!(self, "return f'{name}({})'", fields.join(", "));
            self.close();
            self.classes[k].has_repr = true;
        }
        self.close();
    }

    /// A binary operator's dunder on the root class `k` (`BINARY_OP_PY` in tier 1 and
    /// traces): an int from an int attribute of both operands, which every instance of `k`
    /// and of its subclasses has.
    fn binop_def(&mut self, k: usize) {
        let ints: Vec<String> =
            self.classes[k].attrs.iter().filter(|(_, t)| *t == Ty::Int).map(|(a, _)| a.clone()).collect();
        if ints.is_empty() {
            return;
        }
        let a = ints[self.below(ints.len())].clone();
        let (dunder, op) = *self.pick(&[("__add__", "+"), ("__sub__", "-"), ("__mul__", "*"), ("__xor__", "^")]);
        open!(self, "def {dunder}(self, other):");
        match op {
            // A product of two attributes that grow: kept bounded.
            "*" => line!(self, "return (self.{a} % 1000) * (other.{a} % 1000)"),
            _ => line!(self, "return self.{a} {op} other.{a}"),
        }
        self.close();
        self.classes[k].binop = Some((op, k));
    }

    /// A method of class `k`; `over` is the method it overrides (called through `super()`).
    fn method_def(&mut self, k: usize, name: &str, params: &[Ty], ret: Ty, over: Option<&Func>) -> Func {
        let pn: Vec<String> = (0..params.len()).map(|i| ["p", "q"][i].to_string()).collect();
        let mut sig = vec!["self".to_string()];
        sig.extend(pn.iter().cloned());
        open!(self, "def {name}({}):", sig.join(", "));
        self.enter_fn(Some(k));
        self.add_var("self", Ty::Obj(k));
        self.set_frozen("self", true);
        for (n, t) in pn.iter().zip(params) {
            self.add_var(n, *t);
        }
        if let Some(o) = over {
            let r = self.fresh("sr");
            line!(self, "{r} = super().{name}({})", pn.join(", "));
            let c = self.ctx_mut();
            c.cost += o.cost;
            c.out += o.out;
            self.add_var(&r, ret);
        }
        // Attribute updates make instances change state across calls.
        let attrs = self.classes[k].attrs.clone();
        if !attrs.is_empty() && self.chance(0.6) {
            let (a, t) = attrs[self.below(attrs.len())].clone();
            let e = self.stored(t);
            line!(self, "self.{a} = {e}");
        }
        let n = self.int(0, 3) as usize;
        self.block(n);
        let r = self.stored(ret);
        line!(self, "return {r}");
        let (cost, out, calls_methods) = self.leave_fn();
        self.close();
        Func {
            name: name.to_string(),
            params: params.to_vec(),
            ret,
            cost,
            may_raise: false,
            is_gen: false,
            out,
            calls_methods,
        }
    }

    /// Module-level, inside a loop: rebinds a class attribute or swaps a method on a class.
    pub fn class_mutation(&mut self) {
        if self.classes.is_empty() || self.level() != 0 {
            return self.update();
        }
        let k = self.below(self.classes.len());
        let c = self.cond();
        let cls = self.classes[k].clone();
        open!(self, "if {c}:");
        // Two methods of one signature: one takes the other's place.
        let pairs: Vec<(usize, usize)> = (0..cls.methods.len())
            .flat_map(|a| (0..cls.methods.len()).map(move |b| (a, b)))
            .filter(|&(a, b)| {
                a != b && cls.methods[a].params == cls.methods[b].params && cls.methods[a].ret == cls.methods[b].ret
            })
            .collect();
        if !pairs.is_empty() && self.chance(0.5) {
            let (a, b) = pairs[self.below(pairs.len())];
            line!(self, "{}.{} = {}.{}", cls.name, cls.methods[a].name, cls.name, cls.methods[b].name);
            // Either body may now run under either name.
            let cost = cls.methods[a].cost.max(cls.methods[b].cost);
            let out = cls.methods[a].out.max(cls.methods[b].out);
            for c in self.classes.iter_mut() {
                for m in c.methods.iter_mut() {
                    if m.name == cls.methods[a].name || m.name == cls.methods[b].name {
                        m.cost = m.cost.max(cost);
                        m.out = m.out.max(out);
                    }
                }
            }
        } else if !cls.cattrs.is_empty() {
            let (a, t) = cls.cattrs[self.below(cls.cattrs.len())].clone();
            let e = self.stored(t);
            line!(self, "{}.{a} = {e}", cls.name);
        } else {
            let o = self.construct(k);
            let v = self.fresh("o");
            line!(self, "{v} = {o}");
        }
        self.close();
    }
}
