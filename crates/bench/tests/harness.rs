//! Runs the harness binary end to end on a one-benchmark repository with `python3` as the
//! only target and checks that the results JSON, the table and the plots appear. Timings are
//! never asserted on.

use std::process::Command;

fn have_python3() -> bool {
    Command::new("python3").arg("--version").output().is_ok_and(|o| o.status.success())
}

#[test]
fn runs_one_tiny_benchmark_with_python3() {
    if !have_python3() {
        eprintln!("python3 not found: skipping");
        return;
    }
    let root = std::env::temp_dir().join(format!("tracelift-bench-it-{}", std::process::id()));
    let benches = root.join("benches");
    std::fs::create_dir_all(&benches).unwrap();
    std::fs::write(benches.join("manifest.txt"), "# tiny\ntiny  micro  1000  100  2\nbad  oo  5  5  1\n").unwrap();
    std::fs::write(
        benches.join("tiny.py"),
        "import sys, time\n\
         n = int(sys.argv[1]); it = int(sys.argv[2]) if len(sys.argv) > 2 else 1\n\
         for _ in range(it):\n\
         \x20   t0 = time.perf_counter(); s = sum(range(n))\n\
         \x20   print(f'#iter {time.perf_counter() - t0:.6f}', file=sys.stderr)\n\
         if s != n * (n - 1) // 2:\n\
         \x20   raise SystemExit('wrong')\n\
         print('tiny', s)\n",
    )
    .unwrap();
    std::fs::write(benches.join("bad.py"), "raise SystemExit('bad: wrong result')\n").unwrap();
    let out = root.join("results");
    let run = Command::new(env!("CARGO_BIN_EXE_tracelift-bench"))
        .args([
            "run",
            "--no-tracelift",
            "--no-default-peers",
            "--peer",
            "python3=python3",
            "--peer",
            "ghost=no-such-python-xyz",
        ])
        .args(["--runs", "2", "--warmup", "1", "--no-progress", "--root"])
        .arg(&root)
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&run.stderr);
    // `bad` fails under the baseline, so the run reports failure, but it still writes results.
    assert_eq!(run.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("skipping ghost"), "{stderr}");
    let jsons: Vec<_> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    assert_eq!(jsons.len(), 1, "{jsons:?}");
    let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&jsons[0]).unwrap()).unwrap();
    let samples = json["samples"].as_array().unwrap();
    assert_eq!(samples.len(), 3, "one warm-up and two measured runs of tiny");
    assert!(samples.iter().all(|s| s["iterations"].as_array().unwrap().len() == 2));
    assert_eq!(json["failures"][0]["bench"], "bad");
    assert_eq!(json["skipped"][0]["target"], "ghost");
    assert!(!json["machine"]["arch"].as_str().unwrap().is_empty());
    let md = std::fs::read_to_string(out.join("latest.md")).unwrap();
    assert!(md.contains("| tiny | micro | 1000 |"), "{md}");
    assert!(md.contains("`python3` on `bad`"), "{md}");
    for svg in ["speed.svg", "warmup.svg"] {
        assert!(std::fs::read_to_string(out.join(svg)).unwrap().starts_with("<svg"));
    }
    // `report` redraws the table from the JSON alone
    let again = root.join("again");
    std::fs::create_dir_all(&again).unwrap();
    let st = Command::new(env!("CARGO_BIN_EXE_tracelift-bench"))
        .arg("report")
        .arg(&jsons[0])
        .arg("--out")
        .arg(&again)
        .status()
        .unwrap();
    assert!(st.success());
    assert_eq!(std::fs::read_to_string(again.join("latest.md")).unwrap(), md);
    std::fs::remove_dir_all(&root).unwrap();
}
