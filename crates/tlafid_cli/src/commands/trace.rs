//! `tlafid trace`: does the model admit the traces recorded from the implementation? Reads
//! the model, its configuration and the trace files, calls `tlafid_trace`, prints the
//! verdicts for people or as JSON.

use std::path::{Path, PathBuf};

use serde_json::{json, Value as Json};
use tlafid_base::{Diagnostic, SourceMap};
use tlafid_config::ConfigSource;
use tlafid_trace::{
    ActionWindows, FailedWindow, FalseGuard, NearestMiss, Options, Summary, TraceFormat,
    TraceInput, TraceReport, Validator, Verdict, Vocabulary, WindowFailure,
};

use crate::exit::ExitStatus;
use crate::files;
use crate::load;
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
}

/// Runs `tlafid trace`.
pub fn run(args: &TraceArgs) -> ExitStatus {
    let mut sources = SourceMap::new();
    let mut diagnostics = Vec::new();
    let status = trace(args, &mut sources, &mut diagnostics);
    if let Err(status) = status {
        match args.format {
            Format::Json => render::print_json(&json!({
                "schema_version": 1, "command": "trace", "spec": args.file.display().to_string(),
                "outcome": "error", "diagnostics": render::json_diagnostics(&sources, &diagnostics),
            })),
            Format::Human => render::print_human(&sources, &diagnostics),
        }
        return status;
    }
    status.unwrap_or(ExitStatus::Success)
}

fn trace(
    args: &TraceArgs,
    sources: &mut SourceMap,
    diagnostics: &mut Vec<Diagnostic>,
) -> Result<ExitStatus, ExitStatus> {
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
    let (mut program, model_module) = load_program(args, sources, diagnostics)?;
    let config = load::config(&args.file, args.config.as_deref(), sources, diagnostics)?;
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
    let also: Vec<&str> = model_module.iter().map(String::as_str).collect();
    let vocabulary = Vocabulary::observing(&model.evaluator, model_values, &also);
    let options = Options {
        max_states: args.max_states,
        windows: args.windows,
        silent: args.silent.clone(),
        max_silent: args.max_silent,
    };
    let validator = Validator::new(&model.evaluator, vocabulary, options);
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
    let elapsed = started.elapsed().as_secs_f64();
    match args.format {
        Format::Json => render::print_json(&json_report(
            args,
            sources,
            diagnostics,
            &reports,
            &summary,
            &validator,
            elapsed,
        )),
        Format::Human => {
            render::print_human(sources, diagnostics);
            print_human(args, sources, &reports, &summary, &validator, elapsed);
        }
    }
    Ok(if unreadable || summary.invalid > 0 {
        ExitStatus::Usage
    } else if summary.missed > 0 {
        ExitStatus::Safety
    } else if summary.out_of_budget > 0 {
        ExitStatus::Incomplete
    } else {
        ExitStatus::Success
    })
}

/// The program to validate against: the model, or with `--observe` the observation module,
/// with the name of the model's module in that case.
fn load_program(
    args: &TraceArgs,
    sources: &mut SourceMap,
    diagnostics: &mut Vec<Diagnostic>,
) -> Result<(tlafid_sema::ir::Program, Option<String>), ExitStatus> {
    load::observed_program(
        &args.file,
        args.observe.as_deref(),
        &args.libs,
        sources,
        diagnostics,
    )
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

fn print_human(
    args: &TraceArgs,
    sources: &SourceMap,
    reports: &[TraceReport],
    summary: &Summary,
    validator: &Validator<'_, '_>,
    elapsed: f64,
) {
    for report in reports {
        println!("{}: {}", report.name, verdict_line(report));
        if let Some(windows) = &report.windows {
            print_failed_windows(&report.name, &windows.failed, sources);
            continue;
        }
        if let Verdict::Missed(missed) = &report.verdict {
            println!(
                "  admitted prefix: {} step(s); {} candidate state(s) before this step",
                missed.admitted_prefix, missed.candidates
            );
            if missed.misses.is_empty() {
                println!("  no action of the model is enabled in any candidate state");
            }
            missed.misses.iter().for_each(|m| print_miss(m, sources));
        }
    }
    if args.windows {
        print_windows_summary(reports, validator);
    }
    println!(
        "Admitted {} of {} trace(s){}{}.",
        summary.admitted,
        summary.total,
        plural_part(summary.out_of_budget, "without a verdict (state budget)"),
        plural_part(summary.invalid, "unreadable"),
    );
    let per_action: Vec<String> = summary
        .steps_per_action
        .iter()
        .map(|(a, n)| format!("{a} {n}"))
        .collect();
    println!(
        "Steps per action: {}.",
        if per_action.is_empty() {
            "none".into()
        } else {
            per_action.join(", ")
        }
    );
    if !summary.unexercised.is_empty() {
        println!(
            "Actions no trace exercised: {}.",
            summary.unexercised.join(", ")
        );
    }
    println!("Finished in {elapsed:.2}s.");
}

/// Rejected windows shown in full per trace; the others are listed by line.
const WINDOWS_SHOWN: usize = 3;

fn print_failed_windows(name: &str, failed: &[FailedWindow], sources: &SourceMap) {
    let rejected: Vec<&FailedWindow> = failed
        .iter()
        .filter(|f| f.failure != WindowFailure::Inconclusive)
        .collect();
    for window in rejected.iter().take(WINDOWS_SHOWN) {
        let why = match window.failure {
            WindowFailure::PreStateUnreachable => {
                "no reachable state shows pre_state".to_string()
            }
            _ => format!(
                "from the {} reachable state(s) showing pre_state, the action reaches no state showing post_state",
                window.matching
            ),
        };
        println!(
            "  {name}:{} ({}) rejected, {}: {why}",
            window.location.line.unwrap_or(0),
            window.action,
            window.failure.label()
        );
        window.misses.iter().for_each(|m| print_miss(m, sources));
    }
    for failure in [
        WindowFailure::PostStateUnreachable,
        WindowFailure::PreStateUnreachable,
    ] {
        let lines: Vec<String> = rejected
            .iter()
            .skip(WINDOWS_SHOWN)
            .filter(|w| w.failure == failure)
            .map(|w| w.location.line.unwrap_or(0).to_string())
            .collect();
        if !lines.is_empty() {
            println!(
                "  also rejected, {}: lines {}",
                failure.label(),
                lines.join(", ")
            );
        }
    }
    let inconclusive: Vec<String> = failed
        .iter()
        .filter(|f| f.failure == WindowFailure::Inconclusive)
        .map(|w| w.location.line.unwrap_or(0).to_string())
        .collect();
    if !inconclusive.is_empty() {
        println!(
            "  inconclusive (no reachable state found passes them; the exploration was cut by --max-states): lines {}",
            inconclusive.join(", ")
        );
    }
}

fn print_windows_summary(reports: &[TraceReport], validator: &Validator<'_, '_>) {
    match validator.reachable_explored() {
        None => println!("Reachable states explored: none (every window follows from an initial state and the windows before it)."),
        Some((states, true)) => println!("Reachable states explored: {states} (all of them)."),
        Some((states, false)) => println!("Reachable states explored: {states} (cut by --max-states)."),
    }
    println!("Windows per action (passed of checked):");
    for (action, counts) in windows_per_action(reports) {
        let mut line = format!(
            "  {action}: {} of {} ({:.1}%)",
            counts.passed,
            counts.total(),
            pass_rate(&counts) * 100.0
        );
        if counts.rejected > 0 {
            line += &format!("; {} rejected", counts.rejected);
        }
        if counts.inconclusive > 0 {
            line += &format!("; {} inconclusive", counts.inconclusive);
        }
        println!("{line}");
    }
}

fn pass_rate(counts: &ActionWindows) -> f64 {
    if counts.total() == 0 {
        0.0
    } else {
        counts.passed as f64 / counts.total() as f64
    }
}

fn plural_part(count: usize, what: &str) -> String {
    if count == 0 {
        String::new()
    } else {
        format!("; {count} {what}")
    }
}

fn verdict_line(report: &TraceReport) -> String {
    match &report.verdict {
        Verdict::Admitted => format!("admitted ({} steps)", report.steps),
        Verdict::Invalid => "not checked (bad input, see the errors above)".into(),
        Verdict::OutOfBudget { candidates, .. } if report.windows.is_some() => {
            let stats = report.windows.as_ref().expect("windows mode");
            format!(
                "no verdict: {} of {} window(s) inconclusive ({candidates} reachable states explored, --max-states)",
                stats.failed.len(),
                report.steps
            )
        }
        Verdict::Missed(_) if report.windows.is_some() => {
            let stats = report.windows.as_ref().expect("windows mode");
            let rejected = stats
                .failed
                .iter()
                .filter(|f| f.failure != WindowFailure::Inconclusive)
                .count();
            format!(
                "missed code behavior: {rejected} of {} window(s) rejected",
                report.steps
            )
        }
        Verdict::OutOfBudget {
            location,
            candidates,
        } => format!(
            "no verdict: {candidates} candidate states at {} exceed --max-states",
            place(location.line, location.step, report.format)
        ),
        Verdict::Missed(missed) => format!(
            "missed code behavior at {}{}",
            place(missed.location.line, missed.location.step, report.format),
            missed
                .action
                .as_ref()
                .map_or(String::new(), |a| format!(" ({a})"))
        ),
    }
}

fn place(line: Option<u32>, step: usize, format: TraceFormat) -> String {
    match (line, format) {
        (Some(line), _) => format!("line {line}"),
        (None, TraceFormat::Itf) => format!("state {step}"),
        (None, _) => format!("step {step}"),
    }
}

/// Where a false guard is (`file:line:col`) and its text on one line.
fn guard_place(guard: &FalseGuard, sources: &SourceMap) -> (String, u32, u32, String) {
    let file = sources.get(guard.span.file);
    let at = file.line_col(guard.span.start);
    let text = file
        .text
        .get(guard.span.start as usize..guard.span.end as usize)
        .unwrap_or("");
    let mut text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if text.chars().count() > 100 {
        text = text.chars().take(97).collect::<String>() + "...";
    }
    (file.name.clone(), at.line, at.col, text)
}

fn print_miss(miss: &NearestMiss, sources: &SourceMap) {
    let params: Vec<String> = miss
        .params
        .iter()
        .map(|(n, v)| format!("{n} = {v}"))
        .collect();
    let call = if params.is_empty() {
        miss.action.clone()
    } else {
        format!("{}({})", miss.action, params.join(", "))
    };
    if !miss.enabled {
        println!("  nearest miss: {call} is not enabled in any candidate state");
        if let Some(guard) = &miss.guard {
            let (file, line, col, text) = guard_place(guard, sources);
            let what = if guard.outside_domain {
                "a logged argument is outside the domain of"
            } else {
                "false guard"
            };
            println!("    {what} {file}:{line}:{col}: {text}");
        }
        return;
    }
    println!("  nearest miss: {call}");
    for m in &miss.mismatches {
        let model: Vec<String> = m.model.iter().map(ToString::to_string).collect();
        println!(
            "    {}: logged {}, the model gives {}",
            m.observable,
            m.logged,
            model.join(" or ")
        );
    }
}

fn windows_per_action(
    reports: &[TraceReport],
) -> std::collections::BTreeMap<String, ActionWindows> {
    let mut totals: std::collections::BTreeMap<String, ActionWindows> = Default::default();
    for stats in reports.iter().filter_map(|r| r.windows.as_ref()) {
        for (action, counts) in &stats.per_action {
            totals.entry(action.clone()).or_default().add(counts);
        }
    }
    totals
}

fn json_report(
    args: &TraceArgs,
    sources: &SourceMap,
    diagnostics: &[Diagnostic],
    reports: &[TraceReport],
    summary: &Summary,
    validator: &Validator<'_, '_>,
    elapsed: f64,
) -> Json {
    let traces: Vec<Json> = reports.iter().map(|r| trace_json(r, sources)).collect();
    let windows_per_action = args.windows.then(|| {
        windows_per_action(reports)
            .into_iter()
            .map(|(a, c)| {
                let rate = json!(pass_rate(&c));
                (
                    a,
                    json!({"passed": c.passed, "rejected": c.rejected,
                           "inconclusive": c.inconclusive, "total": c.total(), "pass_rate": rate}),
                )
            })
            .collect::<serde_json::Map<_, _>>()
    });
    let reachable = validator
        .reachable_explored()
        .map(|(states, complete)| json!({"explored": states, "complete": complete}));
    let mut out = json!({
        "schema_version": 1,
        "command": "trace",
        "spec": args.file.display().to_string(),
        "outcome": if summary.invalid > 0 { "error" } else if summary.missed > 0 { "missed code behavior" } else if summary.out_of_budget > 0 { "incomplete" } else { "admitted" },
        "summary": {
            "admitted": summary.admitted, "missed": summary.missed, "out_of_budget": summary.out_of_budget,
            "invalid": summary.invalid, "total": summary.total,
            "steps_per_action": summary.steps_per_action, "unexercised_actions": summary.unexercised,
            "windows_per_action": windows_per_action,
        },
        "traces": traces,
        "elapsed_seconds": elapsed,
        "diagnostics": render::json_diagnostics(sources, diagnostics),
    });
    if args.windows {
        // null when every window was decided without exploring the model
        out["summary"]["reachable_states"] = json!(reachable);
    }
    out
}

fn trace_json(report: &TraceReport, sources: &SourceMap) -> Json {
    let mut out = json!({
        "file": report.name, "format": report.format.name(), "steps": report.steps,
        "verdict": match report.verdict {
            Verdict::Admitted => "admitted", Verdict::Missed(_) => "missed code behavior",
            Verdict::OutOfBudget { .. } => "no verdict", Verdict::Invalid => "invalid",
        },
        "action_counts": report.action_counts,
    });
    if let Verdict::Missed(missed) = &report.verdict {
        out["location"] = json!({"line": missed.location.line, "step": missed.location.step});
        out["action"] = json!(missed.action);
        out["admitted_prefix"] = json!(missed.admitted_prefix);
        out["candidates"] = json!(missed.candidates);
        out["nearest_misses"] = missed
            .misses
            .iter()
            .map(|m| miss_json(m, sources))
            .collect();
    }
    if let Verdict::OutOfBudget {
        location,
        candidates,
    } = &report.verdict
    {
        out["location"] = json!({"line": location.line, "step": location.step});
        out["candidates"] = json!(candidates);
    }
    if let Some(windows) = &report.windows {
        out["failed_windows"] = windows
            .failed
            .iter()
            .map(|w| {
                json!({
                    "line": w.location.line, "action": w.action, "outcome": w.failure.label(),
                    "matching_states": w.matching,
                    "nearest_misses": w.misses.iter().map(|m| miss_json(m, sources)).collect::<Vec<_>>(),
                })
            })
            .collect();
    }
    out
}

fn miss_json(miss: &NearestMiss, sources: &SourceMap) -> Json {
    let guard = miss.guard.as_ref().map(|guard| {
        let (file, line, column, text) = guard_place(guard, sources);
        json!({"file": file, "line": line, "column": column, "text": text,
               "outside_domain": guard.outside_domain})
    });
    json!({
        "action": miss.action,
        "params": miss.params.iter().map(|(n, v)| (n.clone(), json!(v.to_string()))).collect::<serde_json::Map<_, _>>(),
        "enabled": miss.enabled,
        "guard": guard,
        "mismatches": miss.mismatches.iter().map(|m| json!({
            "observable": m.observable, "logged": m.logged.to_string(),
            "model": m.model.iter().map(ToString::to_string).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
    })
}
