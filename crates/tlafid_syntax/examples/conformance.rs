//! Parses every `.tla` file under the given directories and prints the ones that fail.
//!
//! `cargo run -p tlafid_syntax --example conformance -- /work/ext/Examples /work/ext/CommunityModules/modules`

#![allow(clippy::disallowed_methods)] // an example program reads the files it is given

use std::path::{Path, PathBuf};

use tlafid_base::SourceMap;

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().is_some_and(|e| e == "tla") {
            out.push(path);
        }
    }
}

fn main() {
    let mut files = Vec::new();
    for dir in std::env::args().skip(1) {
        collect(Path::new(&dir), &mut files);
    }
    files.sort();
    let mut map = SourceMap::new();
    let (mut ok, mut bytes) = (0usize, 0usize);
    let start = std::time::Instant::now();
    for path in &files {
        let text = match std::fs::read(path) {
            Ok(raw) => String::from_utf8_lossy(&raw).into_owned(),
            Err(e) => {
                println!("FAIL {}: unreadable: {e}", path.display());
                continue;
            }
        };
        bytes += text.len();
        let id = map.add(path.display().to_string(), text);
        let parsed = tlafid_syntax::parse(id, &map.get(id).text);
        let errors: Vec<_> = parsed.diagnostics.iter().filter(|d| d.is_error()).collect();
        if errors.is_empty() && parsed.module.is_some() {
            ok += 1;
            continue;
        }
        let first = errors.first().map_or("no module".to_string(), |d| {
            let at = d.span.map_or("?".into(), |s| map.describe(s));
            format!("{at}: {} {}", d.code, d.message)
        });
        println!("FAIL {first} ({} errors)", errors.len());
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "parsed {ok} of {} files ({:.1} MB in {secs:.2}s)",
        files.len(),
        bytes as f64 / 1e6
    );
}
