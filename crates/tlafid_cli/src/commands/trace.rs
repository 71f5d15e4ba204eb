//! `tlafid trace`: does the model admit the traces recorded from the implementation? Reads
//! the model, its configuration and the trace files, calls `tlafid_trace`, prints the
//! verdicts for people or as JSON.

use std::path::{Path, PathBuf};

use serde_json::json;
use tlafid_base::{Diagnostic, SourceMap};
use tlafid_config::ConfigSource;
use tlafid_trace::{
    Options, Summary, TraceFormat, TraceInput, TraceInvariant, TraceReport, Validator, Vocabulary,
};

use crate::commands::requirements::ModelFiles;
use crate::commands::trace_report;
use crate::exit::ExitStatus;
use crate::files;
use crate::inputs::InputArgs;
use crate::render::{self, Format};

/// Trace formats as named on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum TraceFormatArg {
    /// Event log: NDJSON `{"action", "args", "state"}`, optional `{"init": ...}` first line.
    Event,
    /// Action windows: NDJSON `{"action", "data", "pre_state", "post_state"}`.
    Windows,
    /// ITF document (`.itf.json`).
    Itf,
}

/// Arguments of `tlafid trace`.
#[derive(clap::Args)]
pub struct TraceArgs {
    /// The model's root module.
    pub file: PathBuf,
    /// Trace files, folders (every `.ndjson`/`.json` file in them) or globs (`*`, `?` in the
    /// last path component).
    #[arg(required = true, value_name = "TRACE")]
    pub traces: Vec<String>,
    /// The configuration (default: the `.cfg` file beside the model with the same name).
    #[arg(long, value_name = "C.cfg")]
    pub config: Option<PathBuf>,
    /// A folder to search for modules (after the spec's own folder); may be repeated.
    #[arg(long = "lib", value_name = "DIR")]
    pub libs: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
    /// An observation module: it `EXTENDS` the model and defines the traces' observable
    /// names as zero-argument operators (resolved before the model's own names).
    #[arg(long, value_name = "Obs.tla")]
    pub observe: Option<PathBuf>,
    /// Check the requirements of this module along the traces instead of the configuration's
    /// invariants (as `check --requirements`; `R.cfg` beside it lists them).
    #[arg(long, value_name = "R.tla")]
    pub requirements: Option<PathBuf>,
    /// The traces' format (default: detected from each file's first line).
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub trace_format: Option<TraceFormatArg>,
    /// Check action windows one by one (each from the reachable model states that show its
    /// pre_state) and report a pass rate per action.
    #[arg(long)]
    pub windows: bool,
    /// The most candidate model states kept per step (beyond it: no verdict); with
    /// --windows, the most reachable states explored.
    #[arg(long, value_name = "N", default_value_t = 100_000)]
    pub max_states: usize,
    /// Actions the implementation does not log: up to --max-silent steps of them may
    /// happen before each logged step.
    #[arg(long, value_name = "A,B", value_delimiter = ',')]
    pub silent: Vec<String>,
    /// The most unlogged (--silent) steps before one logged step.
    #[arg(long, value_name = "K", default_value_t = 1)]
    pub max_silent: usize,
    /// What the spec may read: `--allow-read`, `--env`.
    #[command(flatten)]
    pub inputs: InputArgs,
}

/// Runs `tlafid trace`.
pub fn run(args: &TraceArgs) -> ExitStatus {
    let mut sources = SourceMap::new();
    let mut diagnostics = Vec::new();
    let validated = match validate(args, &mut sources, &mut diagnostics) {
        Ok(validated) => validated,
        Err(status) => {
            match args.format {
                Format::Json => render::print_json(&json!({
                    "schema_version": 1, "command": "trace", "spec": args.file.display().to_string(),
                    "outcome": "error", "diagnostics": render::json_diagnostics(&sources, &diagnostics),
                })),
                Format::Human => render::print_human(&sources, &diagnostics),
            }
            return status;
        }
    };
    match args.format {
        Format::Json => render::print_json(&trace_report::json_report(
            args,
            &sources,
            &diagnostics,
            &validated,
        )),
        Format::Human => {
            render::print_human(&sources, &diagnostics);
            trace_report::print_human(args, &sources, &validated);
        }
    }
    validated.status
}

/// What validating the traces gave.
pub(crate) struct Validated {
    /// One report per trace, in the order given.
    pub reports: Vec<TraceReport>,
    /// Their totals.
    pub summary: Summary,
    /// With `--windows`: the reachable states explored, and whether that is all of them.
    pub reachable: Option<(usize, bool)>,
    /// Seconds the validation took.
    pub elapsed: f64,
    /// The exit status the verdicts call for.
    pub status: ExitStatus,
}

/// Validates the traces `args` names, printing nothing; the error is the exit status of a
/// run that could not validate (with the diagnostics in `diagnostics`).
pub(crate) fn validate(
    args: &TraceArgs,
    sources: &mut SourceMap,
    diagnostics: &mut Vec<Diagnostic>,
) -> Result<Validated, ExitStatus> {
    if args.max_states == 0 {
        diagnostics.push(Diagnostic::error_nowhere(
            files::CODE_BAD_FLAG,
            "--max-states must be at least 1",
        ));
        return Err(ExitStatus::Usage);
    }
    if matches!(
        tlafid_config::config_source(&args.file, args.config.as_deref()),
        ConfigSource::Embedded { .. }
    ) {
        diagnostics.push(Diagnostic::error_nowhere(
            files::CODE_BAD_FLAG,
            "tlafid trace needs a .cfg file (name it with --config)",
        ));
        return Err(ExitStatus::Usage);
    }
    let files = ModelFiles {
        model: &args.file,
        config: args.config.as_deref(),
        observe: args.observe.as_deref(),
        libs: &args.libs,
        skip: &[],
    };
    let loaded = files.load(args.requirements.as_deref(), sources, diagnostics)?;
    let (mut program, config, observed_modules) = (loaded.program, loaded.config, loaded.modules);
    let probes = tlafid_trace::add_constant_probes(&mut program);
    let spec = tlafid_model::prepare(&mut program, &config).map_err(|problems| {
        diagnostics.extend(problems);
        ExitStatus::ConfigError
    })?;
    let mut model = tlafid_model::bind(&program, &config, spec).map_err(|problems| {
        diagnostics.extend(problems);
        ExitStatus::ConfigError
    })?;
    diagnostics.append(&mut model.warnings);
    if args.requirements.is_some() {
        model.rename_checks(tlafid_model::requirements::original_name);
    }
    let inputs = args.inputs.spec_inputs().map_err(|problem| {
        diagnostics.push(problem);
        ExitStatus::Usage
    })?;
    model.evaluator.set_inputs(inputs);
    if let Err(error) = model.evaluator.check_assumes() {
        diagnostics.push(error.to_diagnostic());
        return Err(ExitStatus::Assumption);
    }
    if model.spec.is_none() {
        diagnostics.push(Diagnostic::error_nowhere(
            files::CODE_BAD_FLAG,
            "the configuration names no behaviour (INIT/NEXT or SPECIFICATION) to validate traces against",
        ));
        return Err(ExitStatus::ConfigError);
    }
    if args.windows && !(model.constraints.is_empty() && model.action_constraints.is_empty()) {
        diagnostics.push(Diagnostic::error_nowhere(
            files::CODE_BAD_FLAG,
            "--windows does not support CONSTRAINT or ACTION_CONSTRAINT (the reachable states would differ from the model checker's)",
        ).with_hint("validate against a configuration without constraints"));
        return Err(ExitStatus::ConfigError);
    }
    let paths = expand_traces(&args.traces, diagnostics);
    let mut texts = Vec::new();
    for path in &paths {
        match files::read_text(path, diagnostics) {
            Ok(text) => texts.push((path.display().to_string(), text)),
            Err(unreadable) => diagnostics.push(unreadable),
        }
    }
    if texts.is_empty() {
        diagnostics.push(Diagnostic::error_nowhere(
            files::CODE_UNREADABLE,
            "no trace to check",
        ));
        return Err(ExitStatus::Usage);
    }
    let unreadable = diagnostics.iter().any(Diagnostic::is_error);
    let ids: Vec<_> = texts
        .iter()
        .map(|(name, text)| sources.add(name.clone(), text.clone()))
        .collect();
    let inputs: Vec<TraceInput<'_>> = texts
        .iter()
        .zip(&ids)
        .map(|((name, text), &file)| TraceInput {
            name,
            file,
            text,
            format: args.trace_format.map(format_of),
        })
        .collect();
    let model_values = tlafid_trace::probe_model_values(&model.evaluator, &probes);
    let also: Vec<&str> = observed_modules.iter().map(String::as_str).collect();
    let vocabulary = Vocabulary::observing(&model.evaluator, model_values, &also);
    let options = Options {
        max_states: args.max_states,
        windows: args.windows,
        silent: args.silent.clone(),
        max_silent: args.max_silent,
    };
    let validator = Validator::new(&model.evaluator, vocabulary, options)
        .with_invariants(TraceInvariant::of_model(&model));
    let actions = &validator.vocabulary().action_order;
    if let Some(unknown) = args.silent.iter().find(|a| !actions.contains(a)) {
        diagnostics.push(Diagnostic::error_nowhere(
            tlafid_trace::codes::UNKNOWN_SILENT_ACTION,
            format!(
                "--silent: the model has no action {unknown} (valid: {})",
                actions.join(", ")
            ),
        ));
        return Err(ExitStatus::Usage);
    }
    let started = std::time::Instant::now();
    let reports = validator.check_all(&inputs);
    let summary = Summary::of(&reports, validator.vocabulary());
    for report in &reports {
        diagnostics.extend(report.diagnostics.iter().cloned());
    }
    let status = if unreadable || summary.invalid > 0 {
        ExitStatus::Usage
    } else if summary.missed > 0 || summary.violating > 0 {
        ExitStatus::Safety
    } else if summary.out_of_budget > 0 {
        ExitStatus::Incomplete
    } else {
        ExitStatus::Success
    };
    Ok(Validated {
        reports,
        summary,
        reachable: validator.reachable_explored(),
        elapsed: started.elapsed().as_secs_f64(),
        status,
    })
}

fn format_of(arg: TraceFormatArg) -> TraceFormat {
    match arg {
        TraceFormatArg::Event => TraceFormat::EventLog,
        TraceFormatArg::Windows => TraceFormat::Windows,
        TraceFormatArg::Itf => TraceFormat::Itf,
    }
}

/// Files, folders (their `.ndjson`/`.json` files, sorted) and globs, in the order given.
fn expand_traces(specs: &[String], diagnostics: &mut Vec<Diagnostic>) -> Vec<PathBuf> {
    let mut paths = Vec::new();
    for spec in specs {
        let path = Path::new(spec);
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if name.contains(['*', '?']) {
            let dir = path
                .parent()
                .filter(|p| !p.as_os_str().is_empty())
                .unwrap_or(Path::new("."));
            let found = list_dir(dir, &|file: &str| {
                glob_match(name.as_bytes(), file.as_bytes())
            });
            if found.is_empty() {
                diagnostics.push(Diagnostic::error_nowhere(
                    files::CODE_UNREADABLE,
                    format!("no file matches {spec}"),
                ));
            }
            paths.extend(found);
        } else if path.is_dir() {
            paths.extend(list_dir(path, &|file: &str| {
                file.ends_with(".ndjson") || file.ends_with(".json")
            }));
        } else {
            paths.push(path.to_path_buf());
        }
    }
    paths
}

fn list_dir(dir: &Path, keep: &dyn Fn(&str) -> bool) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.is_file() && p.file_name().and_then(|n| n.to_str()).is_some_and(keep))
                .collect()
        })
        .unwrap_or_default();
    found.sort();
    found
}

/// `*` matches any run of characters, `?` one character.
fn glob_match(pattern: &[u8], name: &[u8]) -> bool {
    match (pattern.first(), name.first()) {
        (None, None) => true,
        (Some(b'*'), _) => {
            glob_match(&pattern[1..], name) || (!name.is_empty() && glob_match(pattern, &name[1..]))
        }
        (Some(b'?'), Some(_)) => glob_match(&pattern[1..], &name[1..]),
        (Some(p), Some(n)) if p == n => glob_match(&pattern[1..], &name[1..]),
        _ => false,
    }
}
