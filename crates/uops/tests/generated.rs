//! The generated reference `docs/uops.md` must match the tables (run with `BLESS=1` to refresh).

use std::path::PathBuf;

#[test]
fn docs_uops_md_is_fresh() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/uops.md");
    let want = tracelift_uops::docs::render();
    if std::env::var_os("BLESS").is_some() {
        std::fs::write(&path, &want).expect("write docs/uops.md");
        return;
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        have == want,
        "docs/uops.md is stale: run `BLESS=1 cargo test -p tracelift-uops --test generated` and commit it"
    );
}
