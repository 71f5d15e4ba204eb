//! The only place that reads files: spec and config files, modules found by name, traces.
//!
//! A spec names other modules only by identifier (`EXTENDS Foo`), so it can only make tlafid
//! read `Foo.tla` from the folders the user gave (`tlafid_pipeline::files` asks for no
//! other); it can never name a path.

use std::path::{Path, PathBuf};

use tlafid_base::{Code, Diagnostic};
use tlafid_pipeline::{FileText, Files};

/// Files larger than this are refused rather than read (a guard against hostile input).
pub const MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;

/// E003: a file is not valid UTF-8 (it is read with replacement characters).
pub const CODE_NOT_UTF8: Code = Code(3);

/// Reads a text file, refusing files over [`MAX_FILE_BYTES`]. A leading byte-order mark
/// is dropped; invalid UTF-8 is replaced and reported as a warning in `warnings`.
pub fn read_text(path: &Path, warnings: &mut Vec<Diagnostic>) -> Result<String, Diagnostic> {
    let unreadable = |why: String| {
        Diagnostic::error_nowhere(
            CODE_UNREADABLE,
            format!("cannot read {}: {why}", path.display()),
        )
    };
    let meta = std::fs::metadata(path).map_err(|e| unreadable(e.to_string()))?;
    if !meta.is_file() {
        return Err(unreadable("not a regular file".into()));
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(unreadable(format!(
            "{} bytes is over the limit of {MAX_FILE_BYTES} bytes",
            meta.len()
        )));
    }
    let mut bytes = std::fs::read(path).map_err(|e| unreadable(e.to_string()))?;
    // A UTF-8 byte-order mark (as some editors on Windows write) is not part of the text.
    if bytes.starts_with(b"\xEF\xBB\xBF") {
        bytes.drain(..3);
    }
    match String::from_utf8(bytes) {
        Ok(text) => Ok(text),
        Err(err) => {
            let at = err.utf8_error().valid_up_to();
            warnings.push(Diagnostic {
                severity: tlafid_base::Severity::Warning,
                ..Diagnostic::error_nowhere(
                    CODE_NOT_UTF8,
                    format!(
                        "{} is not valid UTF-8 (first bad byte at offset {at}); \
                         bad bytes are read as U+FFFD",
                        path.display()
                    ),
                )
            });
            Ok(String::from_utf8_lossy(err.as_bytes()).into_owned())
        }
    }
}

/// Whether `path`, with every link followed, is still inside `folder` (links followed too;
/// an empty folder is the current one).
fn stays_inside(path: &Path, folder: &Path) -> bool {
    let folder = if folder.as_os_str().is_empty() {
        Path::new(".")
    } else {
        folder
    };
    match (path.canonicalize(), folder.canonicalize()) {
        (Ok(path), Ok(folder)) => path.starts_with(folder),
        _ => false,
    }
}

/// E004, for flags the command line checks itself (the pipeline checks its own options).
pub use tlafid_pipeline::codes::BAD_FLAG as CODE_BAD_FLAG;
pub use tlafid_pipeline::codes::UNREADABLE as CODE_UNREADABLE;

/// The pipeline's files, from the disk: a file the user named is read as [`read_text`]
/// reads it; a module is found only where a regular file of its name is; a trace argument
/// is a file, a folder or a glob.
pub struct DiskFiles;

impl Files for DiskFiles {
    fn read(&mut self, path: &Path, warnings: &mut Vec<Diagnostic>) -> FileText {
        match read_text(path, warnings) {
            Ok(text) => FileText::Text(text),
            Err(unreadable) if !path.is_file() => FileText::Missing(unreadable),
            Err(unreadable) => FileText::Unreadable(unreadable),
        }
    }

    fn read_module(
        &mut self,
        folder: &Path,
        file_name: &str,
        warnings: &mut Vec<Diagnostic>,
    ) -> FileText {
        let path = folder.join(file_name);
        if !path.is_file() {
            return FileText::Missing(Diagnostic::error_nowhere(
                CODE_UNREADABLE,
                format!("cannot read {}: not a regular file", path.display()),
            ));
        }
        if !stays_inside(&path, folder) {
            // A module is found by name in the folders the user gave; a link out of them
            // would let a spec read (and diagnostics print) any file on the machine.
            return FileText::Unreadable(Diagnostic::error_nowhere(
                CODE_UNREADABLE,
                format!(
                    "refused {}: it is a link to a file outside {}",
                    path.display(),
                    folder.display()
                ),
            ));
        }
        self.read(&path, warnings)
    }

    fn trace_files(&mut self, argument: &str, diagnostics: &mut Vec<Diagnostic>) -> Vec<PathBuf> {
        crate::traces::expand(argument, diagnostics)
    }

    fn spec_reader(
        &mut self,
        allowed: &[PathBuf],
        diagnostics: &mut Vec<Diagnostic>,
    ) -> Option<tlafid_eval::FileReader> {
        crate::inputs::spec_reader(allowed, diagnostics)
    }
}
