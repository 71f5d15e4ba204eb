//! Embeds every `stdlib/*.tla` file as a built-in standard module (`include_str!`), so the
//! list follows the folder without a hand-kept table.

#![allow(clippy::disallowed_methods)] // a build script reads the stdlib folder and writes OUT_DIR

use std::{env, fs, path::PathBuf};

fn main() {
    let manifest = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("cargo sets this"));
    let dir = manifest.join("stdlib");
    println!("cargo:rerun-if-changed=stdlib");
    let mut modules: Vec<(String, PathBuf)> = fs::read_dir(&dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "tla"))
                .filter_map(|p| Some((p.file_stem()?.to_str()?.to_string(), p)))
                .collect()
        })
        .unwrap_or_default();
    modules.sort();
    let mut table = String::from("&[\n");
    for (name, path) in &modules {
        println!("cargo:rerun-if-changed={}", path.display());
        table.push_str(&format!(
            "    ({name:?}, include_str!({:?})),\n",
            path.display().to_string()
        ));
    }
    table.push_str("]\n");
    let out = PathBuf::from(env::var("OUT_DIR").expect("cargo sets this"));
    fs::write(out.join("stdlib_table.rs"), table).expect("OUT_DIR is writable");
}
