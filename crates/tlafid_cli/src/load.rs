//! Loading what every model-level subcommand needs: the spec with the modules it uses, and
//! the configuration TLC would read for it.

use std::path::{Path, PathBuf};

use tlafid_base::{Diagnostic, FileId, SourceMap};
use tlafid_config::{Config, ConfigSource};
use tlafid_sema::ir::Program;

use crate::exit::ExitStatus;
use crate::files;

/// Checks the run flags every exploring subcommand shares: `--workers` at least 1, and
/// `--max-seconds` a positive number. False (with the diagnostic pushed) when they are not.
pub fn run_flags_valid(
    workers: Option<usize>,
    max_seconds: Option<f64>,
    diagnostics: &mut Vec<Diagnostic>,
) -> bool {
    let seconds_valid = match max_seconds {
        Some(seconds) => seconds.is_finite() && seconds > 0.0,
        None => true,
    };
    let valid = workers != Some(0) && seconds_valid;
    if !valid {
        diagnostics.push(Diagnostic::error_nowhere(
            files::CODE_BAD_FLAG,
            "--workers must be at least 1 and --max-seconds a positive number",
        ));
    }
    valid
}

/// Reads `spec`, loads and resolves it with the modules it uses (searched as
/// [`files::module_search_path`] says). Diagnostics go to `diagnostics`; the error is the exit
/// status to end with.
pub fn program(
    spec: &Path,
    libs: &[PathBuf],
    sources: &mut SourceMap,
    diagnostics: &mut Vec<Diagnostic>,
) -> Result<Program, ExitStatus> {
    let text = files::read_text(spec, diagnostics).map_err(|unreadable| {
        diagnostics.push(unreadable);
        ExitStatus::Usage
    })?;
    let root = sources.add(spec.display().to_string(), text);
    resolve(
        root,
        &files::module_search_path(spec, libs),
        sources,
        diagnostics,
    )
}

/// Loads and resolves the module already in `sources` as `root`, finding the modules it
/// uses in `search_path`.
pub fn resolve(
    root: FileId,
    search_path: &[PathBuf],
    sources: &mut SourceMap,
    diagnostics: &mut Vec<Diagnostic>,
) -> Result<Program, ExitStatus> {
    let mut lookup_problems = Vec::new();
    let loaded = tlafid_sema::load(root, sources, &mut |name: &str| {
        files::find_module(search_path, name, &mut lookup_problems)
    });
    diagnostics.extend(lookup_problems);
    diagnostics.extend(loaded.diagnostics);
    loaded
        .program
        .filter(|_| !diagnostics.iter().any(Diagnostic::is_error))
        .ok_or(ExitStatus::SpecError)
}

/// The folder of `model` (the current folder for a bare file name).
pub fn folder_of(model: &Path) -> PathBuf {
    model
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
        .to_path_buf()
}

/// The model, or with `observe` its observation module (which must extend the model; the
/// model's folder is searched for it), loaded and resolved; with the observation module, the
/// model's module name too.
pub fn observed_program(
    model: &Path,
    observe: Option<&Path>,
    libs: &[PathBuf],
    sources: &mut SourceMap,
    diagnostics: &mut Vec<Diagnostic>,
) -> Result<(Program, Option<String>), ExitStatus> {
    let Some(observe) = observe else {
        return Ok((program(model, libs, sources, diagnostics)?, None));
    };
    let mut search = vec![folder_of(model)];
    search.extend(libs.iter().cloned());
    let Ok(program) = program(observe, &search, sources, diagnostics) else {
        diagnostics.push(Diagnostic::error_nowhere(
            tlafid_trace::codes::BAD_OBSERVATION_MODULE,
            format!(
                "the observation module {} does not load (see the errors above)",
                observe.display()
            ),
        ));
        return Err(ExitStatus::SpecError);
    };
    let model_name = model
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or_default()
        .to_string();
    if !program
        .ops
        .iter()
        .any(|op| op.module == model_name.as_str())
    {
        diagnostics.push(
            Diagnostic::error_nowhere(
                tlafid_trace::codes::BAD_OBSERVATION_MODULE,
                format!(
                    "the observation module {} does not extend the model {model_name}",
                    observe.display()
                ),
            )
            .with_hint(format!("begin it with EXTENDS {model_name}")),
        );
        return Err(ExitStatus::SpecError);
    }
    Ok((program, Some(model_name)))
}

/// Reads and parses the configuration TLC would read for `spec` (`--config`, else the `.cfg`
/// beside it; a `---- CONFIG name ----` section of a `.tla` file when `--config` names one).
pub fn config(
    spec: &Path,
    config_option: Option<&Path>,
    sources: &mut SourceMap,
    diagnostics: &mut Vec<Diagnostic>,
) -> Result<Config, ExitStatus> {
    let parsed = match tlafid_config::config_source(spec, config_option) {
        ConfigSource::File(path) => {
            let text = files::read_text(&path, diagnostics).map_err(|unreadable| {
                diagnostics.push(unreadable.with_hint("name the configuration with --config"));
                ExitStatus::ConfigError
            })?;
            let file = sources.add(path.display().to_string(), text);
            tlafid_config::parse(file, &sources.get(file).text)
        }
        ConfigSource::Embedded { tla_file, name } => {
            let text = files::read_text(&tla_file, diagnostics).map_err(|unreadable| {
                diagnostics.push(unreadable);
                ExitStatus::ConfigError
            })?;
            let file = sources.add(tla_file.display().to_string(), text);
            tlafid_config::parse_embedded(file, &sources.get(file).text, &name).ok_or_else(
                || {
                    diagnostics.push(Diagnostic::error_nowhere(
                        files::CODE_UNREADABLE,
                        format!(
                            "{} has no embedded configuration named {name}",
                            tla_file.display()
                        ),
                    ));
                    ExitStatus::ConfigError
                },
            )?
        }
    };
    let failed = parsed.has_errors();
    diagnostics.extend(parsed.diagnostics);
    if failed {
        Err(ExitStatus::ConfigError)
    } else {
        Ok(parsed.config)
    }
}
