//! `tlafid parse`: parse and resolve a module and everything it uses.

use std::path::PathBuf;

use tlafid_pipeline::report::ParseReport;
use tlafid_pipeline::{LoadFailure, Session};

use crate::exit::ExitStatus;
use crate::files::DiskFiles;
use crate::render::{self, Format};

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

/// Runs `tlafid parse`.
pub fn run(args: &ParseArgs) -> ExitStatus {
    let mut files = DiskFiles;
    let mut session = Session::new(&mut files);
    let loaded = tlafid_pipeline::load::program(&mut session, &args.file, &args.libs).map(|_| ());
    let (sources, diagnostics) = (&session.sources, &session.diagnostics);
    match args.format {
        Format::Json => {
            render::print_json(&ParseReport::new(sources, diagnostics, &args.file, loaded))
        }
        Format::Human => {
            render::print_human(sources, diagnostics);
            let errors = diagnostics.iter().filter(|d| d.is_error()).count();
            if loaded.is_ok() {
                let files = sources.files().count();
                outln!("{}: ok ({files} files read)", args.file.display());
            } else {
                outln!("{}: {errors} error(s)", args.file.display());
            }
        }
    }
    match loaded {
        Ok(()) => ExitStatus::Success,
        Err(LoadFailure::Usage) => ExitStatus::Usage,
        Err(_) => ExitStatus::SpecError,
    }
}
