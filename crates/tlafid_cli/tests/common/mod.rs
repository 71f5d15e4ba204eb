//! What the end-to-end tests share.

use std::path::{Path, PathBuf};

/// The workspace root, where the tests run `tlafid` (the paths in them are relative to it).
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("workspace root")
}

/// Runs the `tlafid` binary with `args` from the workspace root, without colour.
#[allow(dead_code)] // not every test crate that includes this module runs the binary
pub fn tlafid(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_tlafid"))
        .args(args)
        .current_dir(workspace_root())
        .env("NO_COLOR", "1")
        .output()
        .expect("run tlafid")
}
