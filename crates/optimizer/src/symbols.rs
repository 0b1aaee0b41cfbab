//! The symbol lattice of the abstract interpretation (`docs/optimizer.md`, after CPython's
//! `optimizer_symbols.c`).
//!
//! A [`Sym`] is what the optimizer knows of one value at one point of the trace. Stack slots
//! and locals that hold the same value share one symbol (an index into [`Symbols`]), so a fact
//! proved about a stack copy (a guard) is known of the local it was loaded from, and of every
//! other copy. Facts only grow along the trace (a guard adds one), except that a uop that
//! escapes forgets every type-version fact (running Python code may assign `__class__`). The
//! exact builtin types never change: an object's type is fixed unless it is a heap type's
//! instance.

use tracelift_uops::uop::Ty;

/// Whether a value may be the null a stack slot or an unbound local holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Null {
    /// May be null or not.
    #[default]
    Unknown,
    /// Is null (`_PUSH_NULL`).
    Null,
    /// Is an object (a bound local, the result of an operation).
    NotNull,
}

/// A constant value, where the optimizer knows it (from `_LOAD_CONST`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Const {
    /// `None`.
    None,
    /// `True` or `False`.
    Bool(bool),
    /// A small int.
    Int(i64),
    /// A float.
    Float(f64),
    /// An object by address, that the executor depends on (a promoted global, builtin or
    /// module attribute: `_LOAD_CONST_INLINE`).
    Object(u64),
}

/// What the optimizer knows of a value. `Sym::default()` knows nothing (the top of the
/// lattice).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Sym {
    /// Its exact builtin type ([`Ty::Version`] never appears here).
    pub ty: Option<Ty>,
    /// Its type's version tag, until something escapes.
    pub version: Option<u32>,
    /// The escape epoch ([`crate::analysis::State`]) in which `version` was proven.
    pub version_epoch: u32,
    /// Null or not.
    pub null: Null,
    /// Its value, when it is a known constant.
    pub value: Option<Const>,
}

impl Sym {
    /// A value of type `ty` (an object, so not null).
    pub fn of(ty: Ty) -> Sym {
        Sym { ty: Some(ty), null: Null::NotNull, ..Sym::default() }
    }

    /// An object of unknown type.
    pub fn object() -> Sym {
        Sym { null: Null::NotNull, ..Sym::default() }
    }

    /// A null.
    pub fn null() -> Sym {
        Sym { null: Null::Null, ..Sym::default() }
    }

    /// The constant `c`, with its type.
    pub fn constant(c: Const) -> Sym {
        let ty = match c {
            Const::None => Ty::NoneType,
            Const::Bool(_) => Ty::Bool,
            Const::Int(_) => Ty::SmallInt,
            Const::Float(_) => Ty::Float,
            Const::Object(_) => return Sym { value: Some(c), ..Sym::object() },
        };
        Sym { value: Some(c), ..Sym::of(ty) }
    }

    /// Does this symbol prove `want` (a uop's `proves` fact; `operand` is the uop's, for
    /// [`Ty::Version`])?
    pub fn proves(&self, want: Ty, operand: u64) -> bool {
        match want {
            Ty::Version => self.version == Some(operand as u32),
            _ => self.ty.is_some_and(|t| t.proves(want)),
        }
    }

    /// Adds fact `fact` (a guard passed; `operand` is the guard's).
    pub fn refine(&mut self, fact: Ty, operand: u64) {
        self.null = Null::NotNull;
        match fact {
            Ty::Version => self.version = Some(operand as u32),
            // A small int is an int: keep the narrower fact.
            Ty::Int if self.ty == Some(Ty::SmallInt) => {}
            t => self.ty = Some(t),
        }
    }

    /// How dumps print it: `?` (nothing known), `obj` (an object), `null`, a type name, a
    /// version (`v12`), a constant (`int=3`).
    pub fn show(&self) -> String {
        let mut s = match (self.ty, self.null) {
            (Some(t), _) => t.name().to_string(),
            (None, Null::Null) => "null".to_string(),
            (None, Null::NotNull) => "obj".to_string(),
            (None, Null::Unknown) => "?".to_string(),
        };
        if let Some(v) = self.version {
            s = if self.ty.is_none() { format!("v{v}") } else { format!("{s}/v{v}") };
        }
        match self.value {
            Some(Const::None) | None => {}
            Some(Const::Bool(b)) => s = if b { "True".into() } else { "False".into() },
            Some(Const::Int(i)) => s.push_str(&format!("={i}")),
            Some(Const::Float(f)) => s.push_str(&format!("={f:?}")),
            Some(Const::Object(_)) => s.push_str("=const"),
        }
        s
    }
}

/// Index of a symbol in [`Symbols`].
pub type SymId = u32;

/// The symbols of one analysis.
#[derive(Default, Debug)]
pub struct Symbols {
    syms: Vec<Sym>,
}

impl Symbols {
    /// A new symbol.
    pub fn add(&mut self, s: Sym) -> SymId {
        self.syms.push(s);
        (self.syms.len() - 1) as SymId
    }

    /// Symbol `id`.
    pub fn get(&self, id: SymId) -> &Sym {
        &self.syms[id as usize]
    }

    /// Symbol `id`, to refine.
    pub fn get_mut(&mut self, id: SymId) -> &mut Sym {
        &mut self.syms[id as usize]
    }

    /// Forgets every type-version fact (something escaped).
    pub fn forget_versions(&mut self) {
        for s in &mut self.syms {
            s.version = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn facts_prove_what_they_imply_and_no_more() {
        let small = Sym::of(Ty::SmallInt);
        assert!(small.proves(Ty::SmallInt, 0) && small.proves(Ty::Int, 0));
        assert!(!Sym::of(Ty::Int).proves(Ty::SmallInt, 0));
        assert!(!Sym::default().proves(Ty::Float, 0));
        let mut s = Sym::default();
        s.refine(Ty::Version, 7);
        assert!(s.proves(Ty::Version, 7) && !s.proves(Ty::Version, 8));
        assert_eq!(s.null, Null::NotNull);
        let mut i = Sym::of(Ty::SmallInt);
        i.refine(Ty::Int, 0);
        assert_eq!(i.ty, Some(Ty::SmallInt));
        assert_eq!(Sym::constant(Const::Int(3)).show(), "smallint=3");
        assert_eq!(Sym::constant(Const::Bool(true)).show(), "True");
    }
}
