//! Loading a model: its root module with the modules it uses, the configuration TLC would
//! read for it, an observation module, and reviewed requirements (bound to the model by
//! [`tlafid_model::requirements`]).

use std::path::{Path, PathBuf};

use tlafid_base::{Diagnostic, FileId};
use tlafid_config::{Config, ConfigSource};
use tlafid_model::requirements::{Requirements, ROOT_MODULE};
use tlafid_sema::ir::Program;

use crate::codes;
use crate::files::{self, folder_of};
use crate::session::Session;

/// The files that make a model.
#[derive(Clone, Debug, Default)]
pub struct ModelInputs {
    /// The model's root module.
    pub model: PathBuf,
    /// Its configuration (default: the `.cfg` beside the model; a `.tla` file names its
    /// embedded `---- CONFIG name ----` section).
    pub config: Option<PathBuf>,
    /// Folders searched for modules, after the model's own.
    pub libs: Vec<PathBuf>,
    /// An observation module that `EXTENDS` the model and defines observables it lacks.
    pub observe: Option<PathBuf>,
    /// Reviewed requirements, checked instead of the configuration's invariants and
    /// properties (`R.cfg` beside `R.tla` lists them).
    pub requirements: Option<PathBuf>,
    /// What the spec may read: `IOEnv`'s variables and the files `ndJsonDeserialize` and
    /// `JsonDeserialize` may read.
    pub reads: SpecReads,
}

/// What a spec may read from outside (the `--env` and `--allow-read` flags).
#[derive(Clone, Debug, Default)]
pub struct SpecReads {
    /// `NAME=VALUE` pairs, what `IOEnv` shows (never the process's environment).
    pub env: Vec<String>,
    /// Files, or folders whose files, the spec may read (read-only).
    pub allow_read: Vec<PathBuf>,
}

/// The evaluator's inputs for `reads`, or `None` (with the problem in the session) for a
/// malformed `--env` or a path that cannot be allowed.
pub(crate) fn spec_inputs(
    session: &mut Session<'_>,
    reads: &SpecReads,
) -> Option<tlafid_eval::SpecInputs> {
    let mut env = std::collections::BTreeMap::new();
    for pair in &reads.env {
        match pair.split_once('=') {
            Some((name, value)) if !name.is_empty() => {
                env.insert(name.to_string(), value.to_string());
            }
            _ => {
                session.diagnostics.push(Diagnostic::error_nowhere(
                    codes::BAD_FLAG,
                    format!("--env {pair}: expected NAME=VALUE"),
                ));
                return None;
            }
        }
    }
    let errors = session.diagnostics.len();
    let read_file = session
        .files
        .spec_reader(&reads.allow_read, &mut session.diagnostics);
    if session.diagnostics[errors..]
        .iter()
        .any(Diagnostic::is_error)
    {
        return None;
    }
    Some(tlafid_eval::SpecInputs { env, read_file })
}

/// Why a model could not be made ready.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoadFailure {
    /// An input cannot be used (an option's value, an unreadable file the user named).
    Usage,
    /// The spec (or another module) does not parse or resolve.
    Spec,
    /// The configuration is malformed or does not fit the spec.
    Config,
}

/// A loaded model.
pub struct Loaded {
    /// The program to bind: the model, its observation module, or the module generated
    /// around the requirements, resolved.
    pub program: Program,
    /// The model's configuration (with the requirements as its checks).
    pub config: Config,
    /// The model's module (and observation module) names: the modules whose operators are
    /// observables.
    pub modules: Vec<String>,
    /// The requirements, when they were asked for.
    pub requirements: Option<Requirements>,
}

/// Loads the model (or its observation module) with its configuration; with
/// `inputs.requirements`, the module generated around them, with the requirements (less
/// those named in `skip`) as the checks.
pub fn load(
    session: &mut Session<'_>,
    inputs: &ModelInputs,
    skip: &[String],
) -> Result<Loaded, LoadFailure> {
    let (program, model_module) = observed_program(session, inputs)?;
    // The observation module's name, when there is one: its definitions take precedence.
    let observation = model_module.as_ref().map(|_| program.root.to_string());
    let config = config(session, &inputs.model, inputs.config.as_deref())?;
    let Some(requirements_file) = &inputs.requirements else {
        return Ok(Loaded {
            program,
            config,
            modules: model_module.into_iter().collect(),
            requirements: None,
        });
    };
    let mut requirements = read_requirements(session, inputs, requirements_file)?;
    let kept = |named: &tlafid_config::Named| !skip.iter().any(|s| *s == named.name);
    requirements.invariants.retain(kept);
    requirements.properties.retain(kept);
    let unmapped = requirements.unmapped(&program);
    if !unmapped.is_empty() {
        session.diagnostics.extend(unmapped);
        return Err(LoadFailure::Spec);
    }
    let implicit = requirements.bind_to(&program, observation.as_deref());
    session.diagnostics.extend(implicit);
    let root = session.sources.add(
        format!(
            "<{ROOT_MODULE}: {} with {}>",
            program.root, requirements.module
        ),
        requirements.root_module(&program.root),
    );
    let mut search_path = vec![folder_of(&inputs.model), folder_of(requirements_file)];
    search_path.extend(inputs.libs.iter().cloned());
    let generated = resolve_overriding(session, root, &search_path, observation.as_deref())?;
    let mut modules: Vec<String> = model_module.into_iter().collect();
    modules.push(program.root.to_string());
    Ok(Loaded {
        program: generated,
        config: requirements.model_config(&config),
        modules,
        requirements: Some(requirements),
    })
}

/// Reads `spec`, loads and resolves it with the modules it uses (searched as
/// [`files::module_search_path`] says).
pub fn program(
    session: &mut Session<'_>,
    spec: &Path,
    libs: &[PathBuf],
) -> Result<Program, LoadFailure> {
    let text = session.read(spec, None).ok_or(LoadFailure::Usage)?;
    let root = session.sources.add(spec.display().to_string(), text);
    resolve(session, root, &files::module_search_path(spec, libs))
}

/// Loads and resolves the module already in the session's sources as `root`, finding the
/// modules it uses in `search_path`.
pub fn resolve(
    session: &mut Session<'_>,
    root: FileId,
    search_path: &[PathBuf],
) -> Result<Program, LoadFailure> {
    resolve_overriding(session, root, search_path, None)
}

/// [`resolve`], where the module named `overriding` (the observation module) may redefine
/// the names it extends ([`tlafid_sema::load_with`]).
fn resolve_overriding(
    session: &mut Session<'_>,
    root: FileId,
    search_path: &[PathBuf],
    overriding: Option<&str>,
) -> Result<Program, LoadFailure> {
    let mut lookup_problems = Vec::new();
    let files = &mut *session.files;
    let mut find = |name: &str| files::find_module(files, search_path, name, &mut lookup_problems);
    let loaded = tlafid_sema::load_with(root, &mut session.sources, &mut find, overriding);
    session.diagnostics.extend(lookup_problems);
    session.diagnostics.extend(loaded.diagnostics);
    loaded
        .program
        .filter(|_| !session.has_errors())
        .ok_or(LoadFailure::Spec)
}

/// The model, or with an observation module that module (which must extend the model; the
/// model's folder is searched for it), loaded and resolved; with the observation module, the
/// model's module name too.
fn observed_program(
    session: &mut Session<'_>,
    inputs: &ModelInputs,
) -> Result<(Program, Option<String>), LoadFailure> {
    let Some(observe) = &inputs.observe else {
        return Ok((program(session, &inputs.model, &inputs.libs)?, None));
    };
    let mut search = vec![folder_of(&inputs.model)];
    search.extend(inputs.libs.iter().cloned());
    let observation = observe.file_stem().and_then(|s| s.to_str());
    let text = session.read(observe, None).ok_or(LoadFailure::Usage)?;
    let root = session.sources.add(observe.display().to_string(), text);
    let search = files::module_search_path(observe, &search);
    let Ok(program) = resolve_overriding(session, root, &search, observation) else {
        session.diagnostics.push(Diagnostic::error_nowhere(
            tlafid_trace::codes::BAD_OBSERVATION_MODULE,
            format!(
                "the observation module {} does not load (see the errors above)",
                observe.display()
            ),
        ));
        return Err(LoadFailure::Spec);
    };
    let model_name = inputs
        .model
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or_default()
        .to_string();
    if !program
        .ops
        .iter()
        .any(|op| op.module == model_name.as_str())
    {
        session.diagnostics.push(
            Diagnostic::error_nowhere(
                tlafid_trace::codes::BAD_OBSERVATION_MODULE,
                format!(
                    "the observation module {} does not extend the model {model_name}",
                    observe.display()
                ),
            )
            .with_hint(format!("begin it with EXTENDS {model_name}")),
        );
        return Err(LoadFailure::Spec);
    }
    Ok((program, Some(model_name)))
}

/// Reads and parses the configuration TLC would read for `spec` (`config_option`, else the
/// `.cfg` beside it; a `---- CONFIG name ----` section of a `.tla` file when the option
/// names one).
pub fn config(
    session: &mut Session<'_>,
    spec: &Path,
    config_option: Option<&Path>,
) -> Result<Config, LoadFailure> {
    let parsed = match tlafid_config::config_source(spec, config_option) {
        ConfigSource::File(path) => {
            // The hint is for a user who named no configuration: one who did knows the flag.
            let hint = config_option
                .is_none()
                .then_some("name the configuration with --config");
            let text = session.read(&path, hint).ok_or(LoadFailure::Config)?;
            let file = session.sources.add(path.display().to_string(), text);
            tlafid_config::parse(file, &session.sources.get(file).text)
        }
        ConfigSource::Embedded { tla_file, name } => {
            let text = session.read(&tla_file, None).ok_or(LoadFailure::Config)?;
            let file = session.sources.add(tla_file.display().to_string(), text);
            let embedded =
                tlafid_config::parse_embedded(file, &session.sources.get(file).text, &name);
            let Some(parsed) = embedded else {
                session.diagnostics.push(Diagnostic::error_nowhere(
                    codes::UNREADABLE,
                    format!(
                        "{} has no embedded configuration named {name}",
                        tla_file.display()
                    ),
                ));
                return Err(LoadFailure::Config);
            };
            parsed
        }
    };
    let failed = parsed.has_errors();
    session.diagnostics.extend(parsed.diagnostics);
    if failed {
        Err(LoadFailure::Config)
    } else {
        Ok(parsed.config)
    }
}

/// The requirements module, resolved on its own, with the configuration beside it.
fn read_requirements(
    session: &mut Session<'_>,
    inputs: &ModelInputs,
    file: &Path,
) -> Result<Requirements, LoadFailure> {
    let mut search_path = vec![folder_of(&inputs.model)];
    search_path.extend(inputs.libs.iter().cloned());
    let program = program(session, file, &search_path)?;
    let config_path = file.with_extension("cfg");
    let hint = "a requirements module R.tla lists its requirements in R.cfg";
    let text = session
        .read(&config_path, Some(hint))
        .ok_or(LoadFailure::Config)?;
    let config_file = session.sources.add(config_path.display().to_string(), text);
    let parsed = tlafid_config::parse(config_file, &session.sources.get(config_file).text);
    let failed = parsed.has_errors();
    session.diagnostics.extend(parsed.diagnostics);
    if failed {
        return Err(LoadFailure::Config);
    }
    Requirements::new(&program, &parsed.config).map_err(|problems| {
        session.diagnostics.extend(problems);
        LoadFailure::Config
    })
}
