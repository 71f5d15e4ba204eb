//! Every diagnostic code defined in the crates is listed in `docs/diagnostics.md`.

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("read dir").flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn every_code_is_documented() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let doc =
        std::fs::read_to_string(root.join("docs/diagnostics.md")).expect("docs/diagnostics.md");
    let mut files = Vec::new();
    for krate in std::fs::read_dir(root.join("crates"))
        .expect("crates")
        .flatten()
    {
        let src = krate.path().join("src");
        if src.is_dir() {
            rust_files(&src, &mut files);
        }
    }
    let mut missing = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("read source");
        for line in text.lines().map(str::trim) {
            let Some(rest) = line
                .strip_prefix("pub const ")
                .or_else(|| line.strip_prefix("pub(crate) const "))
            else {
                continue;
            };
            let Some(at) = rest.find(": Code = Code(") else {
                continue;
            };
            let number: String = rest[at + 14..]
                .chars()
                .take_while(char::is_ascii_digit)
                .collect();
            let code = format!("| E{:03} |", number.parse::<u32>().expect("code number"));
            if !doc.contains(&code) {
                missing.push(format!("{code} from {}", file.display()));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "run scripts/gen_diagnostics.py; undocumented codes:\n{}",
        missing.join("\n")
    );
}
