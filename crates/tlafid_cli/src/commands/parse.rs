//! `tlafid parse`: parse and resolve a module and everything it uses.

use std::path::PathBuf;

use serde::Serialize;
use tlafid_base::{Diagnostic, SourceMap};

use crate::exit::ExitStatus;
use crate::files;
use crate::render::{self, Format, JsonDiagnostic};

/// Arguments of `tlafid parse`.
#[derive(clap::Args)]
pub struct ParseArgs {
    /// The root module's file.
    pub file: PathBuf,
    /// A folder to search for modules (after the spec's own folder); may be repeated.
    #[arg(long = "lib", value_name = "DIR")]
    pub libs: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
}

#[derive(Serialize)]
struct ParseReport {
    schema_version: u32,
    command: &'static str,
    file: String,
    ok: bool,
    modules: Vec<String>,
    diagnostics: Vec<JsonDiagnostic>,
}

/// Runs `tlafid parse`.
pub fn run(args: &ParseArgs) -> ExitStatus {
    let mut sources = SourceMap::new();
    let mut diagnostics: Vec<Diagnostic> = Vec::new();
    let text = match files::read_text(&args.file, &mut diagnostics) {
        Ok(text) => text,
        Err(unreadable) => {
            diagnostics.push(unreadable);
            report(args, &sources, &diagnostics, false);
            return ExitStatus::Usage;
        }
    };
    let root = sources.add(args.file.display().to_string(), text);
    let search_path = files::module_search_path(&args.file, &args.libs);
    let mut lookup_problems = Vec::new();
    let loaded = tlafid_sema::load(root, &mut sources, &mut |name: &str| {
        files::find_module(&search_path, name, &mut lookup_problems)
    });
    diagnostics.extend(lookup_problems);
    diagnostics.extend(loaded.diagnostics);
    let ok = loaded.program.is_some() && !diagnostics.iter().any(Diagnostic::is_error);
    report(args, &sources, &diagnostics, ok);
    if ok {
        ExitStatus::Success
    } else {
        ExitStatus::SpecError
    }
}

fn report(args: &ParseArgs, sources: &SourceMap, diagnostics: &[Diagnostic], ok: bool) {
    let modules: Vec<String> = sources.files().map(|(_, f)| f.name.clone()).collect();
    match args.format {
        Format::Json => render::print_json(&ParseReport {
            schema_version: 1,
            command: "parse",
            file: args.file.display().to_string(),
            ok,
            modules,
            diagnostics: render::json_diagnostics(sources, diagnostics),
        }),
        Format::Human => {
            render::print_human(sources, diagnostics);
            let errors = diagnostics.iter().filter(|d| d.is_error()).count();
            if ok {
                println!("{}: ok ({} files read)", args.file.display(), modules.len());
            } else {
                println!("{}: {errors} error(s)", args.file.display());
            }
        }
    }
}
