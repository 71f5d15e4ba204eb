//! Bad input never panics: every test module, cut short at many points, still loads to a
//! result (usually with diagnostics).

#![allow(clippy::disallowed_methods)] // a test reads and writes its data files

use std::path::Path;

use tlafid_base::SourceMap;

fn tla_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("test_data folder") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            tla_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "tla") {
            out.push(path);
        }
    }
}

#[test]
fn truncated_modules_do_not_panic() {
    let mut files = Vec::new();
    tla_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("test_data"),
        &mut files,
    );
    files.sort();
    let mut loads = 0;
    for file in &files {
        let text = std::fs::read_to_string(file).expect("readable");
        let mut cut = 0;
        while cut < text.len() {
            if text.is_char_boundary(cut) {
                let mut sources = SourceMap::new();
                let root = sources.add("cut.tla", &text[..cut]);
                let _ = tlafid_sema::load(root, &mut sources, &mut |_| None);
                loads += 1;
            }
            cut += 5;
        }
    }
    assert!(loads > 500, "only {loads} loads were tried");
}
