//! `tlafid parse`: parse and resolve a module and everything it uses.

use std::path::PathBuf;

use serde::Serialize;
use tlafid_base::{Diagnostic, SourceMap};

use tlafid_pipeline::{LoadFailure, Session};

use crate::exit::ExitStatus;
use crate::files::DiskFiles;
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
    let mut files = DiskFiles;
    let mut session = Session::new(&mut files);
    let loaded = tlafid_pipeline::load::program(&mut session, &args.file, &args.libs);
    report(args, &session.sources, &session.diagnostics, loaded.is_ok());
    match loaded {
        Ok(_) => ExitStatus::Success,
        Err(LoadFailure::Usage) => ExitStatus::Usage,
        Err(_) => ExitStatus::SpecError,
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
