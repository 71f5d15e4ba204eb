//! Loads the root module of every model in the tlaplus/Examples manifests (a local copy at
//! `/work/ext/Examples`, with `/work/ext/CommunityModules/modules` as an extra module folder)
//! and prints "resolved N of M" with each failure. Ignored by default: it needs those folders.
//!
//! `cargo test -p tlafid_sema --test examples -- --ignored --nocapture`; set
//! `SEMA_NO_COMMUNITY=1` to use the built-in community modules instead of the local copy,
//! `SEMA_WARNINGS=1` to print warnings.

#![allow(clippy::disallowed_methods)] // a test reads and writes its data files

use std::path::{Path, PathBuf};

use tlafid_base::SourceMap;

mod invariants;

const EXAMPLES: &str = "/work/ext/Examples";
const COMMUNITY: &str = "/work/ext/CommunityModules/modules";

/// Root modules that have at least one model, in manifest order.
fn model_roots() -> Vec<PathBuf> {
    let mut roots = Vec::new();
    let mut specs: Vec<PathBuf> = std::fs::read_dir(Path::new(EXAMPLES).join("specifications"))
        .expect("Examples folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    specs.sort();
    for spec in specs {
        let Ok(text) = std::fs::read_to_string(spec.join("manifest.json")) else {
            continue;
        };
        let manifest: serde_json::Value = serde_json::from_str(&text).expect("manifest is JSON");
        for module in manifest["modules"].as_array().into_iter().flatten() {
            let has_models = module["models"].as_array().is_some_and(|m| !m.is_empty());
            if let (true, Some(path)) = (has_models, module["path"].as_str()) {
                roots.push(Path::new(EXAMPLES).join(path));
            }
        }
    }
    roots
}

/// Loads one root module; `Err` holds the rendered diagnostics.
fn load(root: &Path) -> Result<(), String> {
    let dir = root.parent().expect("a module has a folder").to_path_buf();
    let mut sources = SourceMap::new();
    let text = std::fs::read_to_string(root).map_err(|e| e.to_string())?;
    let file = sources.add(root.display().to_string(), text);
    let mut find = |name: &str| {
        let mut dirs = vec![dir.clone()];
        if std::env::var_os("SEMA_NO_COMMUNITY").is_none() {
            dirs.push(PathBuf::from(COMMUNITY));
        }
        dirs.iter().find_map(|d| {
            let path = d.join(format!("{name}.tla"));
            Some((
                path.display().to_string(),
                std::fs::read_to_string(&path).ok()?,
            ))
        })
    };
    let loaded = tlafid_sema::load(file, &mut sources, &mut find);
    if std::env::var_os("SEMA_WARNINGS").is_some() {
        for d in loaded.diagnostics.iter().filter(|d| !d.is_error()) {
            let place = d.span.map_or("-".to_string(), |s| sources.describe(s));
            println!("WARN {} {place}: {}", d.code, d.message);
        }
    }
    if std::env::var_os("SEMA_DUMP").is_some() {
        for d in &loaded.diagnostics {
            let place = d.span.map_or("-".to_string(), |s| sources.describe(s));
            println!("{} {place}: {}", d.code, d.message);
        }
        if let Some(program) = &loaded.program {
            println!("{}", tlafid_sema::dump::dump(program));
        }
    }
    if let Some(program) = &loaded.program {
        let broken = invariants::violations(program);
        if !broken.is_empty() {
            return Err(format!("    IR invariant broken: {}", broken.join("; ")));
        }
        return Ok(());
    }
    let lines: Vec<String> = loaded
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .take(3)
        .map(|d| {
            let place = d.span.map_or("-".to_string(), |s| sources.describe(s));
            format!("    {} {place}: {}", d.code, d.message)
        })
        .collect();
    Err(lines.join("\n"))
}

#[test]
#[ignore = "needs /work/ext/Examples and /work/ext/CommunityModules"]
fn examples_resolve() {
    let roots = model_roots();
    let mut resolved = 0;
    for root in &roots {
        match load(root) {
            Ok(()) => resolved += 1,
            Err(why) => println!(
                "FAIL {}\n{why}",
                root.strip_prefix(EXAMPLES).unwrap_or(root).display()
            ),
        }
    }
    println!("resolved {resolved} of {}", roots.len());
}

/// `SEMA_DUMP=specifications/x/Y.tla cargo test -p tlafid_sema --test examples -- --ignored
/// dump_one --nocapture` prints one module's diagnostics and lowered program.
#[test]
#[ignore = "needs /work/ext/Examples; set SEMA_DUMP to a module path"]
fn dump_one() {
    if let Some(path) = std::env::var_os("SEMA_DUMP") {
        let _ = load(&Path::new(EXAMPLES).join(path));
    }
}

/// Every `.tla` file of the Examples (not only models' roots), as a wider net.
#[test]
#[ignore = "needs /work/ext/Examples and /work/ext/CommunityModules"]
fn every_examples_module_resolves() {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        paths.sort();
        for p in paths {
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|e| e == "tla") {
                out.push(p);
            }
        }
    }
    let mut all = Vec::new();
    walk(&Path::new(EXAMPLES).join("specifications"), &mut all);
    walk(Path::new(COMMUNITY), &mut all);
    let mut resolved = 0;
    for root in &all {
        match load(root) {
            Ok(()) => resolved += 1,
            Err(why) => println!(
                "FAIL {}\n{why}",
                root.strip_prefix(EXAMPLES).unwrap_or(root).display()
            ),
        }
    }
    println!("resolved {resolved} of {} modules", all.len());
}
