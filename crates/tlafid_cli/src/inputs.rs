//! What a spec may read from outside: `--env NAME=VALUE` (what `IOEnv` shows; the process's
//! own environment never reaches a spec) and `--allow-read PATH` (the files, or the files
//! under the folders, that `ndJsonDeserialize` and `JsonDeserialize` may read). Nothing else
//! is ever opened for a spec, and nothing is written.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use tlafid_base::Diagnostic;
use tlafid_eval::{FileRefusal, SpecInputs};

use crate::files;

/// The flags that give a spec its outside inputs (shared by every command that evaluates).
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
    /// The inputs for the evaluator, or the diagnostic of a flag that cannot be used.
    pub fn spec_inputs(&self) -> Result<SpecInputs, Diagnostic> {
        let mut env = BTreeMap::new();
        for pair in &self.env {
            match pair.split_once('=') {
                Some((name, value)) if !name.is_empty() => {
                    env.insert(name.to_string(), value.to_string());
                }
                _ => {
                    return Err(Diagnostic::error_nowhere(
                        files::CODE_BAD_FLAG,
                        format!("--env {pair}: expected NAME=VALUE"),
                    ))
                }
            }
        }
        let mut allowed = Vec::new();
        for path in &self.allow_read {
            let resolved = std::fs::canonicalize(path).map_err(|e| {
                Diagnostic::error_nowhere(
                    files::CODE_BAD_FLAG,
                    format!("--allow-read {}: {e}", path.display()),
                )
            })?;
            allowed.push(resolved);
        }
        let read_file = (!allowed.is_empty()).then(|| {
            let allowed = Arc::new(allowed);
            Arc::new(move |path: &str| read_allowed(&allowed, path)) as tlafid_eval::FileReader
        });
        Ok(SpecInputs { env, read_file })
    }
}

/// Reads `path` (as the spec wrote it) if it is, or lies under, one of `allowed` (each
/// canonical): symbolic links are followed before the test, so none leads outside.
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
        // Only a link is worth naming: the spec wrote the path, the link's target it did not.
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
