//! `_random`: the Mersenne Twister core of the shipped `random` module (`crates/vm/lib/random.py`),
//! bit for bit CPython's `Modules/_randommodule.c`, so that a seeded program draws CPython's
//! numbers. The generator's state lives in a Python list of 625 small ints (624 words and
//! the index) that the `random.Random` object holds; these functions read and write it.

use tracelift_runtime::Value;
use tracelift_runtime::exc::{PyResult, type_error, value_error};

use crate::Vm;
use crate::builtins::check_args;

const N: usize = 624;
const M: usize = 397;

/// The generator's words and index, read out of the state list.
struct Mt {
    mt: [u32; N],
    index: usize,
}

impl Mt {
    fn load(state: &Value) -> PyResult<Mt> {
        let bad = || type_error("_random: the state must be a list of 625 ints");
        let l = state.as_list().ok_or_else(bad)?;
        let items = l.items();
        if items.len() != N + 1 {
            return Err(bad());
        }
        let mut mt = [0u32; N];
        for (w, v) in mt.iter_mut().zip(items.iter()) {
            *w = v.as_i64().ok_or_else(bad)? as u32;
        }
        let index = items[N].as_i64().ok_or_else(bad)?.clamp(0, N as i64) as usize;
        Ok(Mt { mt, index })
    }

    fn store(&self, state: &Value) {
        if let Some(l) = state.as_list() {
            let items = l.items_mut();
            for (slot, w) in items.iter_mut().zip(self.mt.iter()) {
                *slot = Value::int(i64::from(*w));
            }
            items[N] = Value::int(self.index as i64);
        }
    }

    /// `init_genrand`.
    fn init(&mut self, s: u32) {
        self.mt[0] = s;
        for i in 1..N {
            let prev = self.mt[i - 1];
            self.mt[i] = 1812433253u32.wrapping_mul(prev ^ (prev >> 30)).wrapping_add(i as u32);
        }
        self.index = N;
    }

    /// `init_by_array`.
    fn init_by_array(&mut self, key: &[u32]) {
        self.init(19650218);
        let (mut i, mut j) = (1usize, 0usize);
        for _ in 0..N.max(key.len()) {
            let prev = self.mt[i - 1];
            self.mt[i] =
                (self.mt[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1664525)).wrapping_add(key[j]).wrapping_add(j as u32);
            i += 1;
            j += 1;
            if i >= N {
                self.mt[0] = self.mt[N - 1];
                i = 1;
            }
            if j >= key.len() {
                j = 0;
            }
        }
        for _ in 0..N - 1 {
            let prev = self.mt[i - 1];
            self.mt[i] = (self.mt[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1566083941)).wrapping_sub(i as u32);
            i += 1;
            if i >= N {
                self.mt[0] = self.mt[N - 1];
                i = 1;
            }
        }
        self.mt[0] = 0x8000_0000;
    }

    /// The next 624 words (the first half of `genrand_uint32`).
    fn twist(&mut self) {
        const UPPER: u32 = 0x8000_0000;
        const LOWER: u32 = 0x7fff_ffff;
        const MATRIX_A: u32 = 0x9908_b0df;
        for kk in 0..N {
            let y = (self.mt[kk] & UPPER) | (self.mt[(kk + 1) % N] & LOWER);
            let mag = if y & 1 != 0 { MATRIX_A } else { 0 };
            self.mt[kk] = self.mt[(kk + M) % N] ^ (y >> 1) ^ mag;
        }
        self.index = 0;
    }

    /// `genrand_uint32`.
    fn next_u32(&mut self) -> u32 {
        if self.index >= N {
            self.twist();
        }
        let y = self.mt[self.index];
        self.index += 1;
        temper(y)
    }
}

fn temper(mut y: u32) -> u32 {
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c_5680;
    y ^= (y << 15) & 0xefc6_0000;
    y ^ (y >> 18)
}

/// The next `K` words of the generator whose state is the list `state`, read and written
/// in place: one word and the index per draw, the whole list only when it twists.
fn draw<const K: usize>(state: &Value) -> PyResult<[u32; K]> {
    let bad = || type_error("_random: the state must be a list of 625 ints");
    let l = state.as_list().ok_or_else(bad)?;
    if l.items().len() != N + 1 {
        return Err(bad());
    }
    let mut out = [0u32; K];
    for o in out.iter_mut() {
        let index = l.items()[N].as_i64().ok_or_else(bad)?;
        let index = if index >= N as i64 || index < 0 {
            let mut mt = Mt::load(state)?;
            mt.twist();
            mt.store(state);
            0
        } else {
            index as usize
        };
        let items = l.items_mut();
        *o = temper(items[index].as_i64().ok_or_else(bad)? as u32);
        items[N] = Value::int(index as i64 + 1);
    }
    Ok(out)
}

/// `seed(state, n)`: seeds from the non-negative int `n` as CPython's `random_seed` does
/// (its 32-bit words, least significant first; 0 is one zero word).
fn seed(_vm: &mut Vm, a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    check_args("seed", a, 2, 2)?;
    let n = a[1].to_bigint().ok_or_else(|| type_error("_random.seed: an int is required"))?;
    let (_, mut key) = n.to_u32_digits();
    if key.is_empty() {
        key.push(0);
    }
    let mut mt = Mt { mt: [0; N], index: N };
    mt.init_by_array(&key);
    mt.store(&a[0]);
    Ok(Value::none())
}

/// `random(state)`: a float in [0, 1) from two words, 53 bits (`random_random`).
fn random(_vm: &mut Vm, a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    check_args("random", a, 1, 1)?;
    let [x, y] = draw::<2>(&a[0])?;
    let (x, y) = (x >> 5, y >> 6);
    Ok(Value::float((f64::from(x) * 67108864.0 + f64::from(y)) * (1.0 / 9007199254740992.0)))
}

/// `getrandbits(state, k)`: an int of `k` random bits (`_random_Random_getrandbits_impl`).
fn getrandbits(_vm: &mut Vm, a: &[Value], _k: &[(Value, Value)]) -> PyResult<Value> {
    check_args("getrandbits", a, 2, 2)?;
    let k = a[1].as_i64().ok_or_else(|| type_error("an integer is required"))?;
    if k < 0 {
        return Err(value_error("number of bits must be non-negative"));
    }
    if k == 0 {
        return Ok(Value::int(0));
    }
    if k <= 32 {
        let [w] = draw::<1>(&a[0])?;
        return Ok(Value::int(i64::from(w >> (32 - k))));
    }
    let mut mt = Mt::load(&a[0])?;
    let r = {
        let words = ((k - 1) / 32 + 1) as usize;
        let mut digits = Vec::with_capacity(words);
        let mut left = k;
        for _ in 0..words {
            let mut w = mt.next_u32();
            if left < 32 {
                w >>= 32 - left;
            }
            digits.push(w);
            left -= 32;
        }
        Value::from_bigint(num_bigint::BigInt::from(num_bigint::BigUint::new(digits)))
    };
    mt.store(&a[0]);
    Ok(r)
}

pub(super) fn module() -> Value {
    super::make("_random", &[("seed", seed), ("random", random), ("getrandbits", getrandbits)], vec![])
}
