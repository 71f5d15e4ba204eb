//! What `tlafid trace` prints for people: the verdicts, the nearest misses, the totals.

use tlafid_base::SourceMap;
use tlafid_pipeline::report::{closest_diff, guard_place, pass_rate, windows_per_action};
use tlafid_pipeline::trace::Validated;
use tlafid_trace::{
    FailedWindow, Location, NearestMiss, TraceFormat, TraceReport, Verdict, WindowFailure,
};
use tlafid_value::{Diff, Difference, Value};

use crate::commands::trace::TraceArgs;

pub(crate) fn print_human(args: &TraceArgs, sources: &SourceMap, validated: &Validated) {
    let Validated {
        reports,
        summary,
        reachable,
        elapsed,
        ..
    } = validated;
    for report in reports {
        outln!("{}: {}", report.name, verdict_line(report));
        for violation in &report.violations {
            let location = &violation.location;
            outln!(
                "  violates {} at {}: the implementation breaks it, or it forbids what the implementation does (over-restrictive)",
                violation.property,
                place(location, report.format)
            );
        }
        if let Some(windows) = &report.windows {
            print_failed_windows(&report.name, &windows.failed, sources);
            continue;
        }
        if let Verdict::Missed(missed) = &report.verdict {
            outln!(
                "  admitted prefix: {} step(s); {} candidate state(s) before this step",
                missed.admitted_prefix,
                missed.candidates
            );
            if missed.blocked.len() > 1 {
                let blocked: Vec<String> = missed
                    .blocked
                    .iter()
                    .map(|b| place(b, report.format))
                    .collect();
                outln!(
                    "  events no linearization could extend: {}",
                    blocked.join(", ")
                );
            }
            if missed.misses.is_empty() {
                outln!("  no action of the model is enabled in any candidate state");
            }
            missed.misses.iter().for_each(|m| print_miss(m, sources));
        }
    }
    if args.windows {
        print_windows_summary(reports, *reachable);
    }
    outln!(
        "Admitted {} of {} trace(s){}{}{}{}.",
        summary.admitted,
        summary.total,
        plural_part(
            summary.out_of_budget,
            "without a verdict (a budget ran out)"
        ),
        plural_part(summary.invalid, "unreadable"),
        plural_part(
            summary.ill_typed,
            "without a verdict (an observable bound outside its type)"
        ),
        plural_part(summary.violating, "violating a configured invariant"),
    );
    let per_action: Vec<String> = summary
        .steps_per_action
        .iter()
        .map(|(a, n)| format!("{a} {n}"))
        .collect();
    outln!(
        "Steps per action: {}.",
        if per_action.is_empty() {
            "none".into()
        } else {
            per_action.join(", ")
        }
    );
    if !summary.unexercised.is_empty() {
        outln!(
            "Actions no trace exercised: {}.",
            summary.unexercised.join(", ")
        );
    }
    outln!("Finished in {elapsed:.2}s.");
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
        outln!(
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
            outln!(
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
        outln!(
            "  inconclusive (no reachable state found passes them; the exploration was cut by --max-states): lines {}",
            inconclusive.join(", ")
        );
    }
}

fn print_windows_summary(reports: &[TraceReport], reachable: Option<(usize, bool)>) {
    match reachable {
        None => outln!("Reachable states explored: none (every window follows from an initial state and the windows before it)."),
        Some((states, true)) => outln!("Reachable states explored: {states} (all of them)."),
        Some((states, false)) => outln!("Reachable states explored: {states} (cut by --max-states)."),
    }
    outln!("Windows per action (passed of checked):");
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
        outln!("{line}");
    }
}

fn plural_part(count: usize, what: &str) -> String {
    if count == 0 {
        String::new()
    } else {
        format!("; {count} {what}")
    }
}

fn stop_words(reason: tlafid_base::StopReason) -> &'static str {
    match reason {
        tlafid_base::StopReason::Deadline => "the time budget (--max-seconds) ran out",
        tlafid_base::StopReason::Memory => "the memory budget (--max-memory) ran out",
        tlafid_base::StopReason::Cancelled => "the run was cancelled",
    }
}

fn verdict_line(report: &TraceReport) -> String {
    match &report.verdict {
        Verdict::Admitted => format!("admitted ({} steps)", report.steps),
        Verdict::Invalid => "not checked (bad input, see the errors above)".into(),
        Verdict::IllTypedBinding => {
            "no verdict: the model binds an observable to a value outside its type (see the error above)".into()
        }
        Verdict::Stopped(reason) => format!("no verdict: {}", stop_words(*reason)),
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
            "no verdict: {candidates} candidate states at {} exceed --max-candidates",
            place(location, report.format)
        ),
        Verdict::Missed(missed) => format!(
            "missed code behavior at {}{}",
            place(&missed.location, report.format),
            missed
                .action
                .as_ref()
                .map_or(String::new(), |a| format!(" ({a})"))
        ),
    }
}

fn place(location: &Location, format: TraceFormat) -> String {
    let (line, step) = (location.line, location.step);
    if let (Some(file), Some(line)) = (&location.file, line) {
        return format!("{file}:{line}");
    }
    match (line, format) {
        (Some(line), _) => format!("line {line}"),
        (None, TraceFormat::Itf) => format!("state {step}"),
        (None, _) => format!("step {step}"),
    }
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
        outln!("  nearest miss: {call} is not enabled in any candidate state");
        if let Some(guard) = &miss.guard {
            let (file, line, col, text) = guard_place(guard, sources);
            let what = if guard.outside_domain {
                "a logged argument is outside the domain of"
            } else {
                "false guard"
            };
            outln!("    {what} {file}:{line}:{col}: {text}");
        }
        return;
    }
    outln!("  nearest miss: {call}");
    for m in &miss.mismatches {
        let model: Vec<String> = m.model.iter().map(ToString::to_string).collect();
        let whole = format!(
            "logged {}, the model gives {}",
            m.logged,
            model.join(" or ")
        );
        match closest_diff(&m.logged, &m.model).filter(|_| whole.len() > SHORT_VALUES) {
            Some(diff) => print_diff(&m.observable, &diff, m.model.len()),
            None => outln!("    {}: {whole}", m.observable),
        }
    }
}

/// Past this length, a mismatch shows only the parts of the values that differ.
const SHORT_VALUES: usize = 100;

/// The parts of a logged value and the closest of the model's that differ, one a line.
fn print_diff(observable: &str, diff: &Diff, values: usize) {
    let closest = if values > 1 {
        format!(" (the closest of the {values} values the model gives)")
    } else {
        String::new()
    };
    outln!("    {observable}: differs from the model's value{closest} in");
    for d in &diff.differences {
        let line = match d {
            Difference::Changed { path, left, right } => {
                let logged = left.as_ref().map_or("nothing".into(), ToString::to_string);
                let model = right.as_ref().map_or("nothing".into(), ToString::to_string);
                format!("{observable}{path}: logged {logged}, the model gives {model}")
            }
            Difference::Sets {
                path,
                only_left,
                only_right,
            } => {
                let set = |v: &[Value]| Value::set(v.to_vec()).to_string();
                format!(
                    "{observable}{path}: only logged {}, only the model's {}",
                    set(only_left),
                    set(only_right)
                )
            }
        };
        outln!("      {line}");
    }
    if diff.more > 0 {
        outln!("      ... and {} more", diff.more);
    }
}
