//! Prints the AST dump (and diagnostics) of a `.tla` file.
//!
//! `cargo run -p tlafid_syntax --example dump -- path/to/Spec.tla`

#![allow(clippy::disallowed_methods)] // an example program reads the files it is given

use tlafid_base::SourceMap;

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: dump FILE.tla");
        std::process::exit(2);
    };
    let text = match std::fs::read(&path) {
        Ok(raw) => String::from_utf8_lossy(&raw).into_owned(),
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(2);
        }
    };
    let mut map = SourceMap::new();
    let id = map.add(path.clone(), text);
    let parsed = tlafid_syntax::parse(id, &map.get(id).text);
    for d in &parsed.diagnostics {
        let at = d.span.map_or("-".to_string(), |s| map.describe(s));
        println!("{at}: {} {}", d.code, d.message);
    }
    if let Some(module) = &parsed.module {
        print!("{}", tlafid_syntax::dump::module(module));
    }
}
