//! `tlafid grade --batch`, `--merge` and `--leaderboard`: many models graded from a job file,
//! shard outputs joined, and the leaderboard of the results. The job file plus `--shard` is
//! the whole interface to a scheduler (README: Batch grading); no scheduler lives here.

mod child;
mod output;
mod run;

use std::path::{Path, PathBuf};

use tlafid_pipeline::batch::leaderboard::{self, BoardFormat};
use tlafid_pipeline::batch::results;

use super::grade::GradeArgs;
use crate::exit::ExitStatus;

/// The batch flags of `tlafid grade`.
#[derive(clap::Args, Clone, Debug)]
pub struct BatchArgs {
    /// Grade every job of this file (one JSON object a line: an `id` and the MCP `grade`
    /// tool's arguments, paths relative to this file) into --out; a rerun skips the jobs
    /// already there.
    #[arg(long, value_name = "JOBS.jsonl", conflicts_with_all = ["merge", "leaderboard"])]
    pub batch: Option<PathBuf>,
    /// With --batch: grade only shard I of N (from 0): the job on line L is shard
    /// (L - 1) mod N's.
    #[arg(long, value_name = "I/N", requires = "batch")]
    pub shard: Option<String>,
    /// With --batch: how many jobs are graded at once, each in its own process (default:
    /// all cores).
    #[arg(long, value_name = "N", requires = "batch")]
    pub jobs: Option<usize>,
    /// With --batch: stop a job's process after this many seconds, whatever it is doing
    /// (default 600; a job's `timeout_seconds` wins).
    #[arg(long, value_name = "S", requires = "batch")]
    pub job_timeout: Option<f64>,
    /// With --batch: a command (split at spaces) each job's `tlafid grade` runs under, as
    /// `prlimit --as=4000000000 --` for a memory limit per job.
    #[arg(long, value_name = "COMMAND", requires = "batch")]
    pub job_wrapper: Option<String>,
    /// Join result files (the shards' --out files) into --out, reporting duplicates and
    /// conflicts.
    #[arg(long, value_name = "RESULTS.jsonl", num_args = 1.., conflicts_with = "leaderboard")]
    pub merge: Vec<PathBuf>,
    /// Make the leaderboard of a result file (per model and per system).
    #[arg(long, value_name = "RESULTS.jsonl")]
    pub leaderboard: Option<PathBuf>,
    /// The leaderboard's format.
    #[arg(
        long,
        value_enum,
        value_name = "FORMAT",
        default_value = "md",
        requires = "leaderboard"
    )]
    pub leaderboard_format: BoardFormatArg,
    /// Where --batch writes the results (required), --merge the joined results and
    /// --leaderboard the leaderboard (default: standard output).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

/// `--leaderboard-format`.
#[derive(Clone, Copy, Debug, Default, clap::ValueEnum)]
pub enum BoardFormatArg {
    /// Markdown: two tables.
    #[default]
    Md,
    /// CSV: one table, a `level` column telling model rows from system rows.
    Csv,
    /// A static HTML page.
    Html,
}

/// Runs the batch mode `args` asks for, if any.
pub fn run(args: &GradeArgs) -> Option<ExitStatus> {
    let batch = &args.batch;
    if let Some(jobs) = &batch.batch {
        return Some(run::run(args, jobs));
    }
    if !batch.merge.is_empty() {
        return Some(merge(batch));
    }
    match &batch.leaderboard {
        Some(results) => Some(board(batch, results)),
        None if batch.out.is_some() => Some(output::usage(
            "--out goes with --batch, --merge or --leaderboard",
        )),
        None => None,
    }
}

/// `--merge A B ... [--out ALL]`.
fn merge(batch: &BatchArgs) -> ExitStatus {
    let mut all = Vec::new();
    let mut damaged = false;
    for (index, path) in batch.merge.iter().enumerate() {
        let Some(text) = output::read(path) else {
            return ExitStatus::Usage;
        };
        let (found, bad) = results::parse_results(&text);
        damaged |= output::report_bad_lines(path, &bad);
        all.extend(found.into_iter().map(|(line, r)| ((index, line), r)));
    }
    let joined = results::join(all);
    let name = |(file, line): (usize, usize)| format!("{}:{line}", batch.merge[file].display());
    for (key, first, again) in &joined.duplicates {
        eprintln!(
            "note: {key} is in {} and again in {} with the same result; kept once",
            name(*first),
            name(*again)
        );
    }
    for (key, kept, dropped) in &joined.conflicts {
        eprintln!(
            "error: {key} differs between {} (kept) and {} (dropped)",
            name(*kept),
            name(*dropped)
        );
    }
    let merged = results::render(&joined.results);
    match &batch.out {
        Some(out) => {
            if !output::write_atomically(out, &merged) {
                return ExitStatus::Usage;
            }
        }
        None => out!("{merged}"),
    }
    eprintln!(
        "merged {} result(s) from {} file(s): {} duplicate(s), {} conflict(s)",
        joined.results.len(),
        batch.merge.len(),
        joined.duplicates.len(),
        joined.conflicts.len()
    );
    if damaged || !joined.conflicts.is_empty() {
        ExitStatus::Usage
    } else {
        ExitStatus::Success
    }
}

/// `--leaderboard ALL --leaderboard-format md|csv|html [--out FILE]`.
fn board(batch: &BatchArgs, path: &Path) -> ExitStatus {
    let Some(text) = output::read(path) else {
        return ExitStatus::Usage;
    };
    let (found, bad) = results::parse_results(&text);
    let damaged = output::report_bad_lines(path, &bad);
    let format = match batch.leaderboard_format {
        BoardFormatArg::Md => BoardFormat::Markdown,
        BoardFormatArg::Csv => BoardFormat::Csv,
        BoardFormatArg::Html => BoardFormat::Html,
    };
    let found: Vec<_> = found.into_iter().map(|(_, result)| result).collect();
    let page = leaderboard::render(&leaderboard::leaderboard(&found), format);
    match &batch.out {
        Some(out) => {
            if !output::write_atomically(out, &page) {
                return ExitStatus::Usage;
            }
        }
        None => out!("{page}"),
    }
    if damaged {
        ExitStatus::Usage
    } else {
        ExitStatus::Success
    }
}
