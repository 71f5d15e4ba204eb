//! What `tlafid trace` prints: the verdicts for people, or one JSON object.

use serde_json::{json, Value as Json};
use tlafid_base::{Diagnostic, SourceMap};
use tlafid_trace::{
    ActionWindows, FailedWindow, FalseGuard, NearestMiss, TraceFormat, TraceReport, Verdict,
    WindowFailure,
};

use tlafid_pipeline::trace::Validated;

use crate::commands::trace::TraceArgs;
use crate::render;

pub(crate) fn print_human(args: &TraceArgs, sources: &SourceMap, validated: &Validated) {
    let Validated {
        reports,
        summary,
        reachable,
        elapsed,
        ..
    } = validated;
    for report in reports {
        println!("{}: {}", report.name, verdict_line(report));
        for violation in &report.violations {
            let location = &violation.location;
            println!(
                "  violates {} at {}: the implementation breaks it, or it forbids what the implementation does (over-restrictive)",
                violation.property,
                place(location.line, location.step, report.format)
            );
        }
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
        print_windows_summary(reports, *reachable);
    }
    println!(
        "Admitted {} of {} trace(s){}{}{}.",
        summary.admitted,
        summary.total,
        plural_part(summary.out_of_budget, "without a verdict (state budget)"),
        plural_part(summary.invalid, "unreadable"),
        plural_part(summary.violating, "violating a configured invariant"),
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

fn print_windows_summary(reports: &[TraceReport], reachable: Option<(usize, bool)>) {
    match reachable {
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

pub(crate) fn json_report(
    args: &TraceArgs,
    sources: &SourceMap,
    diagnostics: &[Diagnostic],
    validated: &Validated,
) -> Json {
    let Validated {
        reports,
        summary,
        reachable,
        elapsed,
        ..
    } = validated;
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
    let reachable =
        reachable.map(|(states, complete)| json!({"explored": states, "complete": complete}));
    let mut out = json!({
        "schema_version": 1,
        "command": "trace",
        "spec": args.model.file.display().to_string(),
        "outcome": if summary.invalid > 0 { "error" } else if summary.missed > 0 { "missed code behavior" } else if summary.violating > 0 { "property violated by a trace" } else if summary.out_of_budget > 0 { "incomplete" } else { "admitted" },
        "summary": {
            "admitted": summary.admitted, "missed": summary.missed, "out_of_budget": summary.out_of_budget,
            "violating": summary.violating,
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
        "violations": report.violations.iter().map(|v| json!({
            "property": v.property, "line": v.location.line, "step": v.location.step,
        })).collect::<Vec<_>>(),
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
