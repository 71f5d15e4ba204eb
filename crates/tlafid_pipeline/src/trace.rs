//! Validating recorded traces against a model ([`tlafid_trace`]): load and bind the model,
//! read the traces the arguments name, and decide for each whether the model can produce it.

use std::path::PathBuf;
use std::time::Instant;

use tlafid_base::{Diagnostic, FileId};
use tlafid_config::ConfigSource;
use tlafid_trace::{
    Options, Summary, TraceFormat, TraceGroup, TraceInput, TraceInvariant, TraceReport, Validator,
    Vocabulary,
};

use crate::codes;
use crate::load::{self, LoadFailure, ModelInputs};
use crate::session::Session;

/// What to validate and how.
#[derive(Clone, Debug)]
pub struct TraceOptions {
    /// Trace arguments (files, folders, globs: [`crate::Files::trace_files`] expands them).
    pub traces: Vec<String>,
    /// The traces' format (default: detected from each file's content).
    pub format: Option<TraceFormat>,
    /// Check action windows one by one, each from the reachable states showing its
    /// `pre_state`.
    pub windows: bool,
    /// The most candidate states kept per step (with `windows`: the most reachable states
    /// explored; in a multi-process trace, also the most (cut, state) pairs its depth-first
    /// pass visits). At least 1.
    pub max_states: usize,
    /// Actions the implementation does not log.
    pub silent: Vec<String>,
    /// The most unlogged steps before one logged step.
    pub max_silent: usize,
    /// How PGo logs map onto the model: a JSON file (see [`tlafid_trace::PgoMapping`]).
    pub trace_map: Option<PathBuf>,
    /// Skip log fields, observables and arguments the model does not know.
    pub ignore_unknown_fields: bool,
    /// Self binding (see [`tlafid_trace::Options::self_binding`]).
    pub self_binding: bool,
    /// How a multi-process trace's orders are searched (see [`tlafid_trace::Search`]).
    pub search: tlafid_trace::Search,
    /// Stop after about this many seconds: traces without a verdict by then get none.
    pub max_seconds: Option<f64>,
}

impl Default for TraceOptions {
    fn default() -> TraceOptions {
        TraceOptions {
            traces: Vec::new(),
            format: None,
            windows: false,
            max_states: 100_000,
            silent: Vec::new(),
            max_silent: 1,
            trace_map: None,
            ignore_unknown_fields: false,
            self_binding: false,
            search: tlafid_trace::Search::DepthFirst,
            max_seconds: None,
        }
    }
}

/// What the verdicts add up to, in order of precedence: a trace not admitted, then one
/// violating an invariant, then bad input (a trace that could not be read or evaluated),
/// then one without a verdict. A definite finding about the model is never hidden behind
/// another trace's bad input; every trace's own verdict is in its report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TraceOutcome {
    /// Every trace is admitted and violates nothing.
    Admitted,
    /// A trace file could not be read, or a trace is malformed.
    InvalidInput,
    /// A trace is not admitted (missed code behaviour).
    MissedCodeBehavior,
    /// Every trace is admitted, but one violates a configured invariant.
    PropertyViolated,
    /// Some trace has no verdict (a budget ran out).
    Incomplete,
    /// Under `--requirements`, a trace state gives a requirement's observable a value
    /// outside its declared type (`TypeOf_<name>`): the model binds the name to something
    /// else, a mapping error rather than a verdict (as `check` reports it).
    IllTypedBinding,
}

/// Why traces could not be validated at all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TraceFailure {
    /// An option's value, an unreadable file, no trace, an unknown silent action.
    Usage,
    /// The spec does not parse or resolve.
    Spec,
    /// The configuration is malformed, does not fit, names no behaviour, or has
    /// constraints under `windows`.
    Config,
    /// An `ASSUME` is false or fails to evaluate.
    Assumption,
}

impl From<LoadFailure> for TraceFailure {
    fn from(failure: LoadFailure) -> TraceFailure {
        match failure {
            LoadFailure::Usage => TraceFailure::Usage,
            LoadFailure::Spec => TraceFailure::Spec,
            LoadFailure::Config => TraceFailure::Config,
        }
    }
}

/// What validating the traces gave.
#[derive(Debug)]
pub struct Validated {
    /// One report per trace, in the order given.
    pub reports: Vec<TraceReport>,
    /// Their totals.
    pub summary: Summary,
    /// With `windows`: the reachable states explored, and whether that is all of them.
    pub reachable: Option<(usize, bool)>,
    /// Seconds the validation took.
    pub elapsed: f64,
    /// Whether some trace file could not be read.
    pub unreadable: bool,
    /// What the verdicts add up to.
    pub outcome: TraceOutcome,
}

/// Loads the model and validates the traces `options` names.
pub fn validate(
    session: &mut Session<'_>,
    inputs: &ModelInputs,
    options: &TraceOptions,
) -> Result<Validated, TraceFailure> {
    let bad_option = |session: &mut Session<'_>, message: &str| {
        session
            .diagnostics
            .push(Diagnostic::error_nowhere(codes::BAD_FLAG, message));
    };
    if options.max_states == 0 {
        bad_option(session, "--max-candidates must be at least 1");
        return Err(TraceFailure::Usage);
    }
    if let Some(problem) = crate::budget::flags_problem(1, options.max_seconds) {
        session.diagnostics.push(problem);
        return Err(TraceFailure::Usage);
    }
    if matches!(
        tlafid_config::config_source(&inputs.model, inputs.config.as_deref()),
        ConfigSource::Embedded { .. }
    ) {
        bad_option(
            session,
            "tlafid trace needs a .cfg file (name it with --config)",
        );
        return Err(TraceFailure::Usage);
    }
    let loaded = load::load(session, inputs, &[])?;
    let types = loaded
        .requirements
        .as_ref()
        .map(|r| r.types.clone())
        .unwrap_or_default();
    let (mut program, config, observed_modules) = (loaded.program, loaded.config, loaded.modules);
    let probes = tlafid_trace::add_constant_probes(&mut program);
    let spec = tlafid_model::prepare(&mut program, &config).map_err(|problems| {
        session.diagnostics.extend(problems);
        TraceFailure::Config
    })?;
    let mut model = tlafid_model::bind(&program, &config, spec).map_err(|problems| {
        session.diagnostics.extend(problems);
        TraceFailure::Config
    })?;
    session.diagnostics.append(&mut model.warnings);
    if inputs.requirements.is_some() {
        model.rename_checks(tlafid_model::requirements::original_name);
    }
    let reads = load::spec_inputs(session, &inputs.reads).ok_or(TraceFailure::Usage)?;
    model.evaluator.set_inputs(reads);
    if let Err(error) = model.evaluator.check_assumes() {
        session.diagnostics.push(error.to_diagnostic());
        return Err(TraceFailure::Assumption);
    }
    if model.spec.is_none() {
        bad_option(
            session,
            "the configuration names no behaviour (INIT/NEXT or SPECIFICATION) to validate traces against",
        );
        return Err(TraceFailure::Config);
    }
    if options.windows && !(model.constraints.is_empty() && model.action_constraints.is_empty()) {
        session.diagnostics.push(Diagnostic::error_nowhere(
            codes::BAD_FLAG,
            "--windows does not support CONSTRAINT or ACTION_CONSTRAINT (the reachable states would differ from the model checker's)",
        ).with_hint("validate against a configuration without constraints"));
        return Err(TraceFailure::Config);
    }
    let all = read_traces(session, &options.traces);
    if all.is_empty() {
        session.diagnostics.push(Diagnostic::error_nowhere(
            codes::UNREADABLE,
            "no trace to check",
        ));
        return Err(TraceFailure::Usage);
    }
    let unreadable = session.has_errors();
    let pgo = match &options.trace_map {
        Some(path) => {
            let text = session.read(path, None).ok_or(TraceFailure::Usage)?;
            match tlafid_trace::PgoMapping::from_json(&text) {
                Ok(mapping) => mapping,
                Err(message) => {
                    bad_option(
                        session,
                        &format!("--trace-map {}: {message}", path.display()),
                    );
                    return Err(TraceFailure::Usage);
                }
            }
        }
        None => tlafid_trace::PgoMapping::default(),
    };
    // Each text goes to the source map once (tens of megabytes are not copied again) and
    // is read from there; `all` keeps the names, in order, and which files were read.
    let all: Vec<(String, Option<FileId>)> = all
        .into_iter()
        .map(|(name, text)| {
            let file = text.map(|text| session.sources.add(name.clone(), text));
            (name, file)
        })
        .collect();
    let sources = &session.sources;
    let trace_inputs: Vec<TraceInput<'_>> = all
        .iter()
        .filter_map(|(name, file)| {
            let file = (*file)?;
            Some(TraceInput {
                name,
                file,
                text: &sources.get(file).text,
                format: options.format,
            })
        })
        .collect();
    let folders: Vec<String> = (trace_inputs.iter())
        .map(|input| folder_name(input.name))
        .collect();
    let groups = group_traces(&trace_inputs, &folders);
    let model_values = tlafid_trace::probe_model_values(&model.evaluator, &probes);
    let also: Vec<&str> = observed_modules.iter().map(String::as_str).collect();
    let mut vocabulary = Vocabulary::observing(&model.evaluator, model_values, &also);
    vocabulary.pgo = pgo;
    let validator_options = Options {
        max_states: options.max_states,
        windows: options.windows,
        silent: options.silent.clone(),
        max_silent: options.max_silent,
        ignore_unknown_fields: options.ignore_unknown_fields,
        self_binding: options.self_binding,
        search: options.search,
    };
    model.evaluator.set_interrupt(crate::budget::run_interrupt(
        &session.interrupt,
        options.max_seconds,
    ));
    let validator = Validator::new(&model.evaluator, vocabulary, validator_options)
        .with_invariants(TraceInvariant::of_model(&model));
    let actions = &validator.vocabulary().action_order;
    if let Some(unknown) = options.silent.iter().find(|a| !actions.contains(a)) {
        session.diagnostics.push(Diagnostic::error_nowhere(
            tlafid_trace::codes::UNKNOWN_SILENT_ACTION,
            format!(
                "--silent: the model has no action {unknown} (valid: {})",
                actions.join(", ")
            ),
        ));
        return Err(TraceFailure::Usage);
    }
    let started = Instant::now();
    let mut checked = validator.check_all_groups(&groups).into_iter();
    // A trace that could not be read (too large, missing) keeps its place, without a verdict;
    // a multi-process trace stands where its first file does.
    let mut next_group = groups.iter().map(|g| g.parts[0].name).peekable();
    let mut reports: Vec<TraceReport> = Vec::new();
    for (name, file) in &all {
        if file.is_none() {
            reports.push(unread(name.clone(), options.format));
        } else if next_group.peek() == Some(&name.as_str()) {
            next_group.next();
            reports.extend(checked.next());
        }
    }
    let ill_typed = take_type_violations(&mut reports, &types);
    let summary = Summary::of(&reports, validator.vocabulary());
    for report in &reports {
        session
            .diagnostics
            .extend(report.diagnostics.iter().cloned());
    }
    let outcome = if let Some((typed, trace, location)) = ill_typed {
        session
            .diagnostics
            .push(ill_typed_diagnostic(&typed, &trace, &location));
        TraceOutcome::IllTypedBinding
    } else if summary.missed > 0 {
        TraceOutcome::MissedCodeBehavior
    } else if summary.violating > 0 {
        TraceOutcome::PropertyViolated
    } else if unreadable || summary.invalid > 0 {
        TraceOutcome::InvalidInput
    } else if summary.out_of_budget > 0 {
        TraceOutcome::Incomplete
    } else {
        TraceOutcome::Admitted
    };
    Ok(Validated {
        reports,
        summary,
        reachable: validator.reachable_explored(),
        elapsed: started.elapsed().as_secs_f64(),
        unreadable,
        outcome,
    })
}

/// Takes the violations of requirement observables' type checks (`TypeOf_<name>`) out of
/// the reports (they are no verdict: a trace with one is not admitted, whatever the search
/// found, and its verdict becomes [`tlafid_trace::Verdict::IllTypedBinding`]) and gives the
/// first: the observable, the trace and the first trace state outside the type.
fn take_type_violations(
    reports: &mut [TraceReport],
    types: &[tlafid_config::Named],
) -> Option<(tlafid_config::Named, String, tlafid_trace::Location)> {
    let mut first = None;
    for report in reports.iter_mut() {
        let name = report.name.clone();
        let mut ill_typed_here = false;
        report.violations.retain(|violation| {
            let Some(typed) = types.iter().find(|t| {
                tlafid_model::requirements::type_check_name(&t.name) == violation.property
            }) else {
                return true;
            };
            ill_typed_here = true;
            if first.is_none() {
                first = Some((typed.clone(), name.clone(), violation.location.clone()));
            }
            false
        });
        if ill_typed_here {
            report.verdict = tlafid_trace::Verdict::IllTypedBinding;
        }
    }
    first
}

/// E141 for a trace state that gives `typed` a value outside its type.
fn ill_typed_diagnostic(
    typed: &tlafid_config::Named,
    trace: &str,
    location: &tlafid_trace::Location,
) -> Diagnostic {
    let check = tlafid_model::requirements::type_check_name(&typed.name);
    let at = match (&location.file, location.line) {
        (Some(file), Some(line)) => format!("{file}:{line}"),
        (None, Some(line)) => format!("{trace}:{line}"),
        _ => trace.to_string(),
    };
    Diagnostic::error(
        tlafid_model::codes::ILL_TYPED_OBSERVABLE,
        format!(
            "the model binds the observable `{}` to a value outside {check} in trace state {} ({at}); no verdict",
            typed.name, location.step
        ),
        typed.span,
    )
    .with_hint(format!(
        "`{}` means something else in this model: define it in an observation module (--observe) in the requirements' terms",
        typed.name
    ))
}

/// The folder a trace file is in (its name for a multi-process trace).
fn folder_name(file: &str) -> String {
    let folder = crate::files::folder_of(std::path::Path::new(file));
    folder.display().to_string()
}

/// The traces: each file on its own, except the logs of a multi-process run (PGo logs, event
/// logs whose events carry a process and a clock), which form one trace per folder, named
/// by the folder, in the order of its first file.
fn group_traces<'t>(inputs: &[TraceInput<'t>], folders: &'t [String]) -> Vec<TraceGroup<'t>> {
    let mut groups: Vec<TraceGroup<'t>> = Vec::new();
    let mut folder_group: Vec<(&str, usize)> = Vec::new();
    for (input, folder) in inputs.iter().zip(folders) {
        if !TraceFormat::is_multi_process(input.text, input.format) {
            groups.push(TraceGroup {
                name: input.name,
                parts: vec![*input],
            });
            continue;
        }
        match folder_group.iter().find(|(f, _)| *f == folder.as_str()) {
            Some(&(_, index)) => groups[index].parts.push(*input),
            None => {
                folder_group.push((folder, groups.len()));
                groups.push(TraceGroup {
                    name: folder,
                    parts: vec![*input],
                });
            }
        }
    }
    groups
}

/// The report of a trace file that could not be read (its diagnostic is the session's).
fn unread(name: String, format: Option<TraceFormat>) -> TraceReport {
    TraceReport {
        name,
        format: format.unwrap_or(TraceFormat::EventLog),
        steps: 0,
        verdict: tlafid_trace::Verdict::Invalid,
        diagnostics: Vec::new(),
        action_counts: Default::default(),
        windows: None,
        violations: Vec::new(),
    }
}

/// The names and texts of the traces the arguments name, in order; a file that cannot be
/// read has no text (and its diagnostic is reported).
fn read_traces(session: &mut Session<'_>, arguments: &[String]) -> Vec<(String, Option<String>)> {
    let mut paths: Vec<PathBuf> = Vec::new();
    for argument in arguments {
        paths.extend(
            session
                .files
                .trace_files(argument, &mut session.diagnostics),
        );
    }
    paths
        .iter()
        .map(|path| (path.display().to_string(), session.read(path, None)))
        .collect()
}
