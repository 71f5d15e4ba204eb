//! `--requirements R.tla` (for `check` and `trace`): reviewed requirements instead of the
//! model's own invariants and properties (see [`tlafid_model::requirements`] for how they are
//! bound to the model).

use std::path::{Path, PathBuf};

use tlafid_base::{Diagnostic, SourceMap};
use tlafid_config::Config;
use tlafid_model::requirements::{Requirements, ROOT_MODULE};
use tlafid_sema::ir::Program;

use crate::exit::ExitStatus;
use crate::{files, load};

/// The files that make a model: its root module, its configuration, an observation module
/// and the library folders.
pub(crate) struct ModelFiles<'a> {
    pub model: &'a Path,
    pub config: Option<&'a Path>,
    pub observe: Option<&'a Path>,
    pub libs: &'a [PathBuf],
    /// Requirements left out (`grade` checks the others after one is violated).
    pub skip: &'a [String],
}

/// The model with the requirements bound to it.
pub(crate) struct Loaded {
    /// The generated root module, resolved.
    pub program: Program,
    /// The model's configuration with the requirements as its checks.
    pub config: Config,
    /// The model's module (and observation module) names.
    pub modules: Vec<String>,
    /// The requirements, when they were asked for.
    pub requirements: Option<Requirements>,
}

impl ModelFiles<'_> {
    /// The model (or its observation module) with its configuration; with `requirements`,
    /// the module generated around them with the requirements as the checks ([`load`]).
    pub(crate) fn load(
        &self,
        requirements: Option<&Path>,
        sources: &mut SourceMap,
        diagnostics: &mut Vec<Diagnostic>,
    ) -> Result<Loaded, ExitStatus> {
        if let Some(file) = requirements {
            return load(self, file, sources, diagnostics);
        }
        let (program, model_module) =
            load::observed_program(self.model, self.observe, self.libs, sources, diagnostics)?;
        let config = load::config(self.model, self.config, sources, diagnostics)?;
        Ok(Loaded {
            program,
            config,
            modules: model_module.into_iter().collect(),
            requirements: None,
        })
    }
}

/// The program to check (the generated module that extends the model, or its observation
/// module, and instantiates the requirements), the model's configuration with the
/// requirements as its checks, and the model's (and observation module's) names.
pub(crate) fn load(
    files: &ModelFiles<'_>,
    requirements_file: &Path,
    sources: &mut SourceMap,
    diagnostics: &mut Vec<Diagnostic>,
) -> Result<Loaded, ExitStatus> {
    let (model, model_module) =
        load::observed_program(files.model, files.observe, files.libs, sources, diagnostics)?;
    let model_config = load::config(files.model, files.config, sources, diagnostics)?;
    let mut requirements = read(files, requirements_file, sources, diagnostics)?;
    let kept = |named: &tlafid_config::Named| !files.skip.iter().any(|s| *s == named.name);
    requirements.invariants.retain(kept);
    requirements.properties.retain(kept);
    let unmapped = requirements.unmapped(&model);
    if !unmapped.is_empty() {
        diagnostics.extend(unmapped);
        return Err(ExitStatus::SpecError);
    }
    let root = sources.add(
        format!(
            "<{ROOT_MODULE}: {} with {}>",
            model.root, requirements.module
        ),
        requirements.root_module(&model.root),
    );
    let mut search_path = vec![
        load::folder_of(files.model),
        load::folder_of(requirements_file),
    ];
    search_path.extend(files.libs.iter().cloned());
    let program = load::resolve(root, &search_path, sources, diagnostics)?;
    let mut modules: Vec<String> = model_module.into_iter().collect();
    modules.push(model.root.to_string());
    Ok(Loaded {
        program,
        config: requirements.model_config(&model_config),
        modules,
        requirements: Some(requirements),
    })
}

/// The requirements module, resolved on its own, with the configuration beside it.
fn read(
    files: &ModelFiles<'_>,
    file: &Path,
    sources: &mut SourceMap,
    diagnostics: &mut Vec<Diagnostic>,
) -> Result<Requirements, ExitStatus> {
    let mut search_path = vec![load::folder_of(files.model)];
    search_path.extend(files.libs.iter().cloned());
    let program = load::program(file, &search_path, sources, diagnostics)?;
    let config_path = file.with_extension("cfg");
    let text = files::read_text(&config_path, diagnostics).map_err(|unreadable| {
        diagnostics.push(
            unreadable.with_hint("a requirements module R.tla lists its requirements in R.cfg"),
        );
        ExitStatus::ConfigError
    })?;
    let config_file = sources.add(config_path.display().to_string(), text);
    let parsed = tlafid_config::parse(config_file, &sources.get(config_file).text);
    let failed = parsed.has_errors();
    diagnostics.extend(parsed.diagnostics);
    if failed {
        return Err(ExitStatus::ConfigError);
    }
    Requirements::new(&program, &parsed.config).map_err(|problems| {
        diagnostics.extend(problems);
        ExitStatus::ConfigError
    })
}
