//! The only place that reads files: spec and config files, and modules found by name.
//!
//! A spec names other modules only by identifier (`EXTENDS Foo`), so it can only make tlafid
//! read `Foo.tla` from the folders the user gave; it can never name a path.

use std::path::{Path, PathBuf};

use tlafid_base::{Code, Diagnostic};

/// Files larger than this are refused rather than read (a guard against hostile input).
pub const MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;

/// E001: a file cannot be read (missing, unreadable, too large).
pub const CODE_UNREADABLE: Code = Code(1);
/// E003: a file is not valid UTF-8 (it is read with replacement characters).
pub const CODE_NOT_UTF8: Code = Code(3);

/// Reads a text file, refusing files over [`MAX_FILE_BYTES`]. Invalid UTF-8 is replaced
/// and reported as a warning in `warnings`.
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
    let bytes = std::fs::read(path).map_err(|e| unreadable(e.to_string()))?;
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

/// The folders searched for a module named in `EXTENDS` or `INSTANCE`, in order: the root
/// spec's folder; the folder holding a `.toolbox` folder the spec sits in (TLC's Toolbox
/// runs models from `Spec.toolbox/Model_1/` with the spec's folder on its path); then each
/// `--lib` folder. The built-in standard modules come after all of them.
pub fn module_search_path(spec: &Path, libs: &[PathBuf]) -> Vec<PathBuf> {
    let spec_dir = spec.parent().map(Path::to_path_buf).unwrap_or_default();
    let mut dirs = vec![spec_dir.clone()];
    let toolbox_parent = spec_dir
        .ancestors()
        .find(|dir| dir.extension().is_some_and(|ext| ext == "toolbox"))
        .and_then(Path::parent);
    if let Some(parent) = toolbox_parent {
        dirs.push(parent.to_path_buf());
    }
    dirs.extend(libs.iter().cloned());
    dirs
}

/// Finds `NAME.tla` in the search path; returns its path and text. Only plain identifiers
/// are looked up, so a module name can never reach outside the given folders. A file that
/// exists but cannot be read is reported in `diagnostics`.
pub fn find_module(
    dirs: &[PathBuf],
    name: &str,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<(String, String)> {
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return None;
    }
    let file_name = format!("{name}.tla");
    let path = dirs
        .iter()
        .map(|dir| dir.join(&file_name))
        .find(|path| path.is_file())?;
    match read_text(&path, diagnostics) {
        Ok(text) => Some((path.display().to_string(), text)),
        Err(unreadable) => {
            diagnostics.push(unreadable);
            None
        }
    }
}

/// E004: a command-line flag has a value that cannot be used.
pub const CODE_BAD_FLAG: Code = Code(4);
