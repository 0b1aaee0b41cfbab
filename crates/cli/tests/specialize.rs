//! Specialization is observable: `--stats-json` shows the specialized forms being hit on a
//! program that should hit them, `--no-specialize` hits none, and `--dis-after` shows the
//! rewritten instructions.

use std::path::PathBuf;
use std::process::Command;

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_tracelift")
}

const PROGRAM: &str = r#"
import math
from array import array
class G:
    def __getitem__(self, i):
        return i + 1
class P:
    scale = 2
    def __init__(self, x, y):
        self.x = x
        self.y = y
    def norm(self):
        return (self.x * self.x + self.y * self.y) * self.scale
def scaled(v, k=2):
    return v * k
def star(v, *rest, **kw):
    return v + len(rest) + len(kw)
def main(n):
    ps = []
    total = 0
    d = {"k": 1}
    s = {1, 2}
    name = "ab"
    arr = array('d', [0.5]) * 4
    ints = array('i', [1, 2])
    for i in range(n):
        arr[i % 4] = arr[i % 4] + 1.0
        ints[i % 2] = ints[i % 2] + 1
        if arr[0] > 2 and i < 1e9:
            total += G()[i]
        p = P(i, i + 0.5)
        ps.append(p)
        total += p.norm() + len(ps) - math.floor(0.5)
        p.x = i - 1
        if i in s and "k" in d and name == "ab" and ps:
            total += d["k"] + ps[0].x + (1, 2)[1] + len(name[0])
        a, b = (i, i)
        q, r = [a, b]
        total += a * b - q + r
        if isinstance(p, P) and p:
            total -= 1
        total += scaled(i) + star(i, i)
    for p in ps:
        total += p.x
    total += int(arr[0])
    for t in ((1, 2), (3, 4)):
        total += t[0]
    return total
print(main(300))
"#;

fn write_program() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tracelift-spec-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join("spec.py");
    std::fs::write(&p, PROGRAM).unwrap();
    p
}

fn stats(extra: &[&str]) -> String {
    let p = write_program();
    let json = p.with_extension(format!("{}.json", extra.len()));
    let out = Command::new(bin())
        .arg("run")
        .args(extra)
        .arg("--stats-json")
        .arg(&json)
        .arg(&p)
        .output()
        .expect("run tracelift");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    std::fs::read_to_string(&json).expect("stats json")
}

/// The integer after `"key": ` in the JSON text.
fn counter(json: &str, key: &str) -> u64 {
    let pat = format!("\"{key}\": ");
    let at = json.find(&pat).unwrap_or_else(|| panic!("{key} missing from stats:\n{json}")) + pat.len();
    json[at..].chars().take_while(|c| c.is_ascii_digit()).collect::<String>().parse().unwrap()
}

#[test]
fn specialized_forms_are_hit() {
    let json = stats(&[]);
    for name in [
        "BINARY_OP_ADD_INT",
        "BINARY_OP_MULTIPLY_INT",
        "BINARY_OP_ADD_FLOAT",
        "BINARY_OP_MULTIPLY_FLOAT",
        "BINARY_SUBSCR_LIST_INT",
        "BINARY_SUBSCR_TUPLE_INT",
        "BINARY_SUBSCR_DICT",
        "BINARY_SUBSCR_STR_INT",
        "BINARY_SUBSCR_ARRAY_INT",
        "STORE_SUBSCR_ARRAY_INT",
        "BINARY_SUBSCR_ARRAY_DOUBLE",
        "STORE_SUBSCR_ARRAY_DOUBLE",
        "BINARY_SUBSCR_GETITEM",
        "COMPARE_OP_FLOAT_INT",
        "COMPARE_OP_INT_FLOAT",
        "LOAD_ATTR_NONDESCRIPTOR",
        "COMPARE_OP_STR",
        "CONTAINS_OP_DICT",
        "CONTAINS_OP_SET",
        "TO_BOOL_LIST",
        "TO_BOOL_ALWAYS_TRUE",
        "LOAD_ATTR_INSTANCE_VALUE",
        "LOAD_ATTR_METHOD_WITH_VALUES",
        "LOAD_ATTR_MODULE",
        "STORE_ATTR_INSTANCE_VALUE",
        "LOAD_GLOBAL_MODULE",
        "LOAD_GLOBAL_BUILTIN",
        "CALL_PY_EXACT_ARGS",
        "CALL_PY_WITH_DEFAULTS",
        "CALL_PY_GENERAL",
        "CALL_BUILTIN_FAST",
        "CALL_LEN",
        "CALL_ISINSTANCE",
        "CALL_LIST_APPEND",
        "CALL_ALLOC_AND_ENTER_INIT",
        "FOR_ITER_RANGE",
        "FOR_ITER_LIST",
        "FOR_ITER_TUPLE",
        "UNPACK_SEQUENCE_TWO_TUPLE",
        "UNPACK_SEQUENCE_LIST",
    ] {
        assert!(counter(&json, name) > 0, "{name} never hit:\n{json}");
    }
    assert!(counter(&json, "specialization_success") > 0);
    assert!(counter(&json, "specialization_hit") > 1000);
}

#[test]
fn no_specialize_hits_nothing() {
    let json = stats(&["--no-specialize"]);
    assert_eq!(counter(&json, "specialization_success"), 0);
    assert_eq!(counter(&json, "specialization_hit"), 0);
}

#[test]
fn dis_after_shows_the_rewritten_instructions() {
    let p = write_program();
    let out = Command::new(bin()).args(["run", "--dis-after"]).arg(&p).output().expect("run tracelift");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success());
    for name in ["LOAD_ATTR_INSTANCE_VALUE", "CALL_PY_EXACT_ARGS", "FOR_ITER_RANGE", "BINARY_OP_ADD_INT"] {
        assert!(text.contains(name), "{name} not in --dis-after output:\n{text}");
    }
    let plain = Command::new(bin()).args(["dis"]).arg(&p).output().expect("run tracelift");
    assert!(!String::from_utf8_lossy(&plain.stdout).contains("BINARY_OP_ADD_INT"));
}

#[test]
fn megamorphic_sites_back_off() {
    // One BINARY_OP site sees a new type pair on every iteration: specialization must back
    // off exponentially instead of retrying each time.
    let src = "vals = [1, 2.5, 'a', (1,), [2], 10**30, True]\nacc = []\nfor i in range(20000):\n    a = vals[i % 7]\n    b = vals[(i // 7) % 7]\n    try:\n        acc.append(a + b)\n    except TypeError:\n        pass\nprint(len(acc))\n";
    let dir = std::env::temp_dir().join(format!("tracelift-mega-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join("mega.py");
    std::fs::write(&p, src).unwrap();
    let json = p.with_extension("json");
    let out = Command::new(bin()).arg("run").arg("--stats-json").arg(&json).arg(&p).output().unwrap();
    assert!(out.status.success());
    let json = std::fs::read_to_string(&json).unwrap();
    let attempts = counter(&json, "specialization_success") + counter(&json, "specialization_failure");
    assert!(attempts < 2000, "{attempts} specialization attempts for 20000 iterations: no backoff\n{json}");
}
