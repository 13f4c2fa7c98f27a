//! The README's examples (its ```console blocks), run against the binary:
//! what the README says senlac prints is what it prints (trycmd). Output
//! that changes from run to run is elided with `[..]`, and long output with
//! `...`.

#[test]
fn the_readme_says_what_senlac_prints() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    // The examples run where a reader runs them: at the clone's root.
    std::env::set_current_dir(&root).unwrap();
    trycmd::TestCases::new()
        .register_bin("senlac", trycmd::cargo::cargo_bin!("senlac"))
        .case(root.join("README.md"));
}
