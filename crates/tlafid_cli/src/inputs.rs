//! What a spec may read from outside: `--env NAME=VALUE` (what `IOEnv` shows; the process's
//! own environment never reaches a spec) and `--allow-read PATH` (the files, or the files
//! under the folders, that `ndJsonDeserialize` and `JsonDeserialize` may read). Nothing else
//! is ever opened for a spec, and nothing is written.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use tlafid_base::Diagnostic;
use tlafid_eval::{FileReader, FileRefusal};
use tlafid_pipeline::SpecReads;

use crate::files;

/// The flags that give a spec its outside inputs (`check`, `trace`, `grade`).
#[derive(clap::Args, Clone, Debug, Default)]
pub struct InputArgs {
    /// Let the spec read this file, or the files under this folder (`ndJsonDeserialize`,
    /// `JsonDeserialize`), read-only; may be repeated. A relative path in the spec is taken
    /// from the current folder, as TLC does.
    #[arg(long = "allow-read", value_name = "PATH")]
    pub allow_read: Vec<PathBuf>,
    /// A variable `IOEnv` shows the spec (the process's own environment is never shown);
    /// may be repeated.
    #[arg(long = "env", value_name = "NAME=VALUE")]
    pub env: Vec<String>,
}

impl InputArgs {
    /// The pipeline's view of these flags.
    pub fn reads(&self) -> SpecReads {
        SpecReads {
            env: self.env.clone(),
            allow_read: self.allow_read.clone(),
        }
    }
}

/// The reader `--allow-read` gives a spec: `None` when no path is allowed; a path that does
/// not exist is a usage error (in `diagnostics`).
pub fn spec_reader(allowed: &[PathBuf], diagnostics: &mut Vec<Diagnostic>) -> Option<FileReader> {
    let mut canonical = Vec::new();
    for path in allowed {
        match std::fs::canonicalize(path) {
            Ok(resolved) => canonical.push(resolved),
            Err(e) => diagnostics.push(Diagnostic::error_nowhere(
                files::CODE_BAD_FLAG,
                format!("--allow-read {}: {e}", path.display()),
            )),
        }
    }
    if canonical.is_empty() {
        return None;
    }
    let canonical = Arc::new(canonical);
    Some(Arc::new(move |path: &str| read_allowed(&canonical, path)))
}

/// Reads `path` (as the spec wrote it) if it is, or lies under, one of `allowed` (each
/// canonical): links are followed before the test, so none leads outside.
fn read_allowed(allowed: &[PathBuf], path: &str) -> Result<Arc<str>, FileRefusal> {
    let written = Path::new(path);
    let absolute = std::path::absolute(written).unwrap_or_else(|_| written.to_path_buf());
    let resolved = std::fs::canonicalize(written).map_err(|e| {
        if allowed.iter().any(|dir| absolute.starts_with(dir)) {
            FileRefusal::Unreadable(format!("cannot read {path}: {e}"))
        } else {
            FileRefusal::NotAllowed(None)
        }
    })?;
    if !allowed.iter().any(|dir| resolved.starts_with(dir)) {
        // Only a link is worth naming: the spec wrote the path, not the link's target.
        let linked = std::fs::symlink_metadata(written).is_ok_and(|m| m.file_type().is_symlink());
        return Err(FileRefusal::NotAllowed(
            linked.then(|| resolved.display().to_string()),
        ));
    }
    let mut warnings = Vec::new();
    let text = files::read_text(&resolved, &mut warnings)
        .map_err(|d| FileRefusal::Unreadable(d.message.clone()))?;
    if let Some(warning) = warnings.first() {
        return Err(FileRefusal::Unreadable(warning.message.clone()));
    }
    Ok(Arc::from(text))
}
