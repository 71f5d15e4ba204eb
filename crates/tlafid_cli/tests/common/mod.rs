//! What the end-to-end tests share.

use std::path::{Path, PathBuf};

/// The workspace root, where the tests run `tlafid` (the paths in them are relative to it).
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("workspace root")
}
