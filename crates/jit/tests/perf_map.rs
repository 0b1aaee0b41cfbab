//! The perf map file: `/tmp/perf-<pid>.map`, one `START SIZE NAME` line per entry, hex
//! without `0x`.

use tracelift_jit::{PerfMap, perf_map_name};

#[test]
fn writes_perf_format_lines() {
    let path = PerfMap::default_path();
    assert_eq!(path.file_name().unwrap().to_str().unwrap(), format!("perf-{}.map", std::process::id()));
    #[cfg(unix)]
    assert_eq!(path.parent().unwrap(), std::path::Path::new("/tmp"));

    std::fs::write(&path, "stale\n").unwrap();
    let map = PerfMap::create().unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "", "create truncates");
    map.add(0x7f00_dead_b000, 0x1a0, &perf_map_name("fib", 3, 1));
    // Each line is on disk as soon as `add` returns (no buffering to lose in a crash).
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "7f00deadb000 1a0 tracelift:fib:3:x1\n");
    map.add(0x1000, 0x10, &perf_map_name("<module>", 12, 42));
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(text, "7f00deadb000 1a0 tracelift:fib:3:x1\n1000 10 tracelift:<module>:12:x42\n");
    for line in text.lines() {
        let mut fields = line.splitn(3, ' ');
        usize::from_str_radix(fields.next().unwrap(), 16).unwrap();
        usize::from_str_radix(fields.next().unwrap(), 16).unwrap();
        assert!(fields.next().unwrap().starts_with("tracelift:"));
    }
    assert!(map.is_enabled());
    std::fs::remove_file(&path).unwrap();
}

#[cfg(target_os = "linux")]
#[test]
fn a_write_error_turns_the_map_off() {
    // /dev/full fails every write with ENOSPC.
    let map = PerfMap::create_at("/dev/full").unwrap();
    map.add(1, 2, "x");
    assert!(!map.is_enabled());
    map.add(3, 4, "y"); // reported once, then ignored: no panic, no second message
}

#[test]
fn env_var_name() {
    assert_eq!(PerfMap::ENV_VAR, "TRACELIFT_PERF_MAP");
}
