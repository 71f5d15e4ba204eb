//! `tlafid grade --batch JOBS --out RESULTS [--shard I/N]`: this shard's jobs not yet in
//! RESULTS, graded in parallel, each result appended as it comes (so a killed batch loses
//! only the jobs running), then RESULTS rewritten whole in the results' order (by id, then
//! invalid lines by line), so a run, a resumed run and merged shards give the same bytes.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use tlafid_pipeline::batch::{self, results, Shard};
use tlafid_pipeline::report::batch::{JobOutcome, JobResult};

use super::child::{self, Defaults, Prepared};
use super::output;
use crate::commands::grade::GradeArgs;
use crate::commands::mcp;
use crate::exit::ExitStatus;

/// A job's state budget when neither it nor the batch names one.
pub const DEFAULT_MAX_STATES: u64 = 1_000_000;
/// A job's wall time when neither it nor the batch names one (seconds).
pub const DEFAULT_TIMEOUT_SECONDS: f64 = 600.0;

/// Runs the batch.
pub fn run(args: &GradeArgs, jobs_path: &Path) -> ExitStatus {
    let Some(out) = args.batch.out.clone() else {
        return output::usage("--batch needs --out RESULTS.jsonl");
    };
    if let Some(refused) = refused_flag(args) {
        return output::usage(&format!(
            "--batch takes {refused} from each job, not from the command line"
        ));
    }
    let shard = match args.batch.shard.as_deref().map(Shard::parse) {
        None => Shard::ALL,
        Some(Ok(shard)) => shard,
        Some(Err(message)) => return output::usage(&message),
    };
    let Some(text) = output::read(jobs_path) else {
        return ExitStatus::Usage;
    };
    let previous = previous_results(&out);
    let done: BTreeSet<&str> = previous.iter().filter_map(|r| r.id.as_deref()).collect();
    let file = batch::parse_jobs(&text);
    let mut invalid: Vec<JobResult> = file
        .invalid
        .into_iter()
        .filter(|r| shard.owns(r.line))
        .collect();
    let defaults = defaults(args);
    let mut todo = Vec::new();
    let mut skipped = 0;
    for job in file.jobs.iter().filter(|job| shard.owns(job.line)) {
        if done.contains(job.id.as_str()) {
            skipped += 1;
            continue;
        }
        match child::prepare(job, &defaults) {
            Ok(prepared) => todo.push(prepared),
            Err(message) => {
                invalid.push(JobResult::invalid(job.line, Some(job.id.clone()), message))
            }
        }
    }
    for result in &invalid {
        eprintln!(
            "error: {}: {}",
            jobs_path.display(),
            result.error.as_deref().unwrap_or("")
        );
    }
    let kept: Vec<JobResult> = previous
        .into_iter()
        .chain(invalid.iter().cloned())
        .collect();
    if !output::write_atomically(&out, &results::render(&sorted(kept.clone()))) {
        return ExitStatus::Usage;
    }
    let workers = args
        .batch
        .jobs
        .unwrap_or_else(|| crate::args::workers(None))
        .max(1);
    let place = child::Place {
        dir: job_dir(jobs_path),
        wrapper: wrapper(args.batch.job_wrapper.as_deref()),
    };
    let Some(new) = run_all(&todo, &place, &out, workers) else {
        return ExitStatus::Usage;
    };
    summarise(&new, invalid.len(), skipped);
    let all = sorted(kept.into_iter().chain(new).collect());
    if !output::write_atomically(&out, &results::render(&all)) {
        return ExitStatus::Usage;
    }
    if invalid.is_empty() {
        ExitStatus::Success
    } else {
        ExitStatus::Usage
    }
}

/// The grading flags a batch takes from its jobs instead (the budgets are defaults).
fn refused_flag(args: &GradeArgs) -> Option<&'static str> {
    if args.model.is_some() {
        Some("the model (spec, config, lib)")
    } else if !args.traces.is_empty() {
        Some("--traces")
    } else if args.trace_config.is_some() {
        Some("--trace-config")
    } else if args.requirements.is_some() {
        Some("--requirements")
    } else if args.observe.is_some() {
        Some("--observe")
    } else {
        None
    }
}

/// A job's budgets when it names none: the batch's `--workers` (default 1),
/// `--max-states`, `--max-seconds` and `--job-timeout`, else the documented defaults.
fn defaults(args: &GradeArgs) -> Defaults {
    Defaults {
        workers: args.workers.unwrap_or(1),
        max_states: args.max_states.unwrap_or(DEFAULT_MAX_STATES),
        max_seconds: args
            .max_seconds
            .unwrap_or(f64::from(mcp::DEFAULT_MAX_SECONDS)),
        timeout_seconds: args.batch.job_timeout.unwrap_or(DEFAULT_TIMEOUT_SECONDS),
    }
}

/// The results already in RESULTS, but for invalid lines (each run judges the job file
/// again). A line a killed run left half-written is dropped, and its job runs again.
fn previous_results(out: &Path) -> Vec<JobResult> {
    let Ok(text) = std::fs::read_to_string(out) else {
        return Vec::new();
    };
    let (found, bad) = results::parse_results(&text);
    output::report_bad_lines(out, &bad);
    found
        .into_iter()
        .map(|(_, result)| result)
        .filter(|r| r.outcome != JobOutcome::Invalid)
        .collect()
}

/// Paths in a job are taken from the job file's folder.
fn job_dir(jobs_path: &Path) -> PathBuf {
    match jobs_path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// `--job-wrapper`, split at spaces; a program named by a path is made absolute, as jobs
/// run in the job file's folder.
fn wrapper(given: Option<&str>) -> Vec<String> {
    let mut words: Vec<String> = given
        .unwrap_or("")
        .split_whitespace()
        .map(str::to_string)
        .collect();
    if let Some(program) = words.first_mut() {
        if program.contains('/') {
            if let Ok(absolute) = std::path::absolute(&*program) {
                *program = absolute.display().to_string();
            }
        }
    }
    words
}

fn sorted(all: Vec<JobResult>) -> Vec<JobResult> {
    let numbered = all.into_iter().map(|r| ((0, r.line), r));
    results::join(numbered).results
}

/// Runs the jobs on `workers` threads, each job in its own process, appending each result
/// to `out` as it comes; the results, or `None` when `out` cannot be written.
fn run_all(
    todo: &[Prepared],
    place: &child::Place,
    out: &Path,
    workers: usize,
) -> Option<Vec<JobResult>> {
    let appended = Mutex::new(output::append(out)?);
    let results = Mutex::new(Vec::with_capacity(todo.len()));
    let next = AtomicUsize::new(0);
    let finished = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..workers.min(todo.len()) {
            scope.spawn(|| {
                while let Some(prepared) = todo.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let result = child::run(prepared, place);
                    let line = results::render_line(&result);
                    if let Ok(mut file) = appended.lock() {
                        output::append_line(&mut file, &line);
                    }
                    let count = finished.fetch_add(1, Ordering::Relaxed) + 1;
                    eprintln!(
                        "[{count}/{}] {} {}",
                        todo.len(),
                        prepared.job.id,
                        result.outcome.name()
                    );
                    if let Ok(mut results) = results.lock() {
                        results.push(result);
                    }
                }
            });
        }
    });
    results.into_inner().ok()
}

fn summarise(new: &[JobResult], invalid: usize, skipped: usize) {
    let count = |outcome: JobOutcome| new.iter().filter(|r| r.outcome == outcome).count();
    eprintln!(
        "graded {} job(s): {} pass, {} fail, {} incomplete, {} crashed, {} timed out; {} invalid line(s); {} already done",
        new.len(),
        count(JobOutcome::Pass),
        count(JobOutcome::Fail),
        count(JobOutcome::Incomplete),
        count(JobOutcome::Crashed),
        count(JobOutcome::TimedOut),
        invalid,
        skipped
    );
}
