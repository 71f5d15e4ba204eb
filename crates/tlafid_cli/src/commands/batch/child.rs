//! One job: `tlafid grade --format=json ...` run as a child process in the job file's
//! folder (so the job's paths are taken from there), as the MCP server runs a call. A panic,
//! an abort, a stack overflow or the memory killer ends the child, never the batch; the
//! job's `timeout_seconds` bounds its wall time, and `max_seconds`/`max_states` (defaults
//! from the batch) make a long exploration `incomplete` first.

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde::Deserialize;
use serde_json::{Map, Value as Json};
use tlafid_pipeline::batch::Job;
use tlafid_pipeline::grade::PhaseVerdict;
use tlafid_pipeline::report::batch::{JobOutcome, JobResult};
use tlafid_pipeline::report::SCHEMA_VERSION;

use crate::commands::mcp::{self, tools};
use crate::exit::ExitStatus;

/// The budgets a job gets when it names none.
#[derive(Clone, Copy, Debug)]
pub struct Defaults {
    pub workers: usize,
    pub max_states: u64,
    pub max_seconds: f64,
    pub timeout_seconds: f64,
}

/// A job ready to run: its command line and its time limit.
#[derive(Clone, Debug)]
pub struct Prepared {
    pub job: Job,
    pub command_line: Vec<String>,
    pub timeout: Duration,
}

/// What is kept of a crashed child's standard error: its end, this many bytes at most.
const STDERR_TAIL: usize = 2000;

/// The job's command line, its arguments checked as the MCP `grade` tool checks them; the
/// problem as the text of an invalid result otherwise.
pub fn prepare(job: &Job, defaults: &Defaults) -> Result<Prepared, String> {
    let catalogue = tools::catalogue();
    let Some((name, _, args, _)) = catalogue.iter().find(|(name, ..)| *name == "grade") else {
        return Err("the grade tool is missing".into());
    };
    let mut given: Map<String, Json> = job.arguments.clone();
    let mut default = |key: &str, value: Json| {
        given.entry(key.to_string()).or_insert(value);
    };
    default("workers", Json::from(defaults.workers));
    default("max_states", Json::from(defaults.max_states));
    default("max_seconds", Json::from(defaults.max_seconds));
    let timeout = match given.get("timeout_seconds") {
        None => defaults.timeout_seconds,
        Some(value) => match value.as_f64() {
            Some(seconds) if seconds > 0.0 && seconds.is_finite() => seconds,
            _ => {
                return Err(format!(
                    "line {}: timeout_seconds must be a number above 0",
                    job.line
                ))
            }
        },
    };
    let command_line = tools::command_line(name, args, &given)
        .map_err(|message| format!("line {}: {message}", job.line))?;
    Ok(Prepared {
        job: job.clone(),
        command_line,
        timeout: Duration::from_secs_f64(timeout),
    })
}

/// Where and how jobs run: the job file's folder, and the command (if any) each job's
/// `tlafid grade` runs under (`prlimit --as=4000000000 --`).
pub struct Place {
    pub dir: std::path::PathBuf,
    pub wrapper: Vec<String>,
}

/// Runs the job: its result, whatever happens to the child.
pub fn run(prepared: &Prepared, place: &Place) -> JobResult {
    let mut result = JobResult {
        schema_version: SCHEMA_VERSION,
        id: Some(prepared.job.id.clone()),
        line: prepared.job.line,
        system: prepared.job.system.clone(),
        model: Some(prepared.job.model.clone()),
        arguments: Some(prepared.job.arguments.clone()),
        outcome: JobOutcome::Crashed,
        exit_status: None,
        error: None,
        report: None,
    };
    match spawn_and_wait(prepared, place) {
        Err(message) => result.error = Some(message),
        Ok(Ended::TimedOut) => {
            result.outcome = JobOutcome::TimedOut;
            result.error = Some(format!(
                "stopped after {} s (timeout_seconds); give max_seconds for an incomplete report instead",
                prepared.timeout.as_secs_f64()
            ));
        }
        Ok(Ended::Exited {
            status,
            stdout,
            stderr,
        }) => {
            result.exit_status = Some(status);
            match graded(status, &stdout) {
                Some((outcome, report)) => {
                    result.outcome = outcome;
                    result.report = Some(report);
                }
                None => result.error = Some(crash_text(status, &stderr)),
            }
        }
    }
    result
}

/// How the child ended.
enum Ended {
    Exited {
        status: i32,
        stdout: Vec<u8>,
        stderr: Vec<u8>,
    },
    TimedOut,
}

fn spawn_and_wait(prepared: &Prepared, place: &Place) -> Result<Ended, String> {
    let exe = std::env::current_exe().map_err(|e| format!("cannot find tlafid itself: {e}"))?;
    // A child ends when the batch does (it watches its parent), unless a wrapper may stand
    // between them: then it ends by its own budgets.
    let mut command = match place.wrapper.split_first() {
        Some((program, args)) => {
            let mut command = Command::new(program);
            command.args(args).arg(exe);
            command
        }
        None => {
            let mut command = Command::new(exe);
            command.env(mcp::PARENT_ENV, std::process::id().to_string());
            command
        }
    };
    let mut child = command
        .args(&prepared.command_line)
        .current_dir(&place.dir)
        .env("NO_COLOR", "1")
        .env("RUST_BACKTRACE", "0")
        .env_remove(mcp::PROGRESS_ENV)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run tlafid: {e}"))?;
    let stdout = drain(child.stdout.take());
    let stderr = drain(child.stderr.take());
    let deadline = Instant::now() + prepared.timeout;
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if Instant::now() >= deadline => {
                let _ = child.kill();
                let _ = child.wait();
                return Ok(Ended::TimedOut);
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(20)),
            Err(e) => return Err(format!("cannot wait for tlafid: {e}")),
        }
    };
    Ok(Ended::Exited {
        status: status_code(status),
        stdout: stdout.join().unwrap_or_default(),
        stderr: stderr.join().unwrap_or_default(),
    })
}

/// Reads a pipe to its end on a thread of its own, so a full pipe never stalls the child.
fn drain(pipe: Option<impl Read + Send + 'static>) -> std::thread::JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        if let Some(mut pipe) = pipe {
            let _ = pipe.read_to_end(&mut bytes);
        }
        bytes
    })
}

/// The exit code, or minus the signal that ended the process (as Python shows it: tlafid's
/// own codes reach above 128, so a shell's 128 + signal would be ambiguous).
fn status_code(status: std::process::ExitStatus) -> i32 {
    use std::os::unix::process::ExitStatusExt;
    status
        .code()
        .or_else(|| status.signal().map(|signal| -signal))
        .unwrap_or(i32::MIN)
}

/// The statuses `grade` ends with when it made its scorecard.
const GRADED: [ExitStatus; 3] = [
    ExitStatus::Success,
    ExitStatus::Incomplete,
    ExitStatus::PhaseFailed,
];

/// The outcome and report of a child that graded the model.
fn graded(status: i32, stdout: &[u8]) -> Option<(JobOutcome, Json)> {
    if !GRADED.iter().any(|s| s.code() == status) {
        return None;
    }
    let report: Json = serde_json::from_slice(stdout).ok()?;
    let outcome = match PhaseVerdict::deserialize(report.get("outcome")?).ok()? {
        PhaseVerdict::Pass | PhaseVerdict::Skipped => JobOutcome::Pass,
        PhaseVerdict::Fail => JobOutcome::Fail,
        PhaseVerdict::Incomplete => JobOutcome::Incomplete,
    };
    Some((outcome, report))
}

fn crash_text(status: i32, stderr: &[u8]) -> String {
    let text = String::from_utf8_lossy(stderr);
    let text = text.trim_end();
    let mut start = text.len().saturating_sub(STDERR_TAIL);
    while !text.is_char_boundary(start) {
        start += 1;
    }
    let how = if status < 0 {
        format!("was ended by signal {}", -status)
    } else {
        format!("ended with status {status}")
    };
    match &text[start..] {
        "" => format!("tlafid grade {how} with no report, and wrote nothing on standard error"),
        said => format!("tlafid grade {how} with no report; it wrote: {said}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn job(arguments: Json) -> Job {
        let Json::Object(arguments) = arguments else {
            panic!("an object")
        };
        Job {
            line: 3,
            id: "j".into(),
            system: None,
            model: "M.tla".into(),
            arguments,
        }
    }

    const DEFAULTS: Defaults = Defaults {
        workers: 1,
        max_states: 1000,
        max_seconds: 9.5,
        timeout_seconds: 60.0,
    };

    #[test]
    fn a_job_gets_the_batch_budgets_it_does_not_name() {
        let given = job(serde_json::json!({"spec": "M.tla", "max_states": 7, "seed": 2}));
        let prepared = prepare(&given, &DEFAULTS).expect("a job");
        assert_eq!(
            prepared.command_line,
            [
                "grade",
                "--format=json",
                "--seed=2",
                "--workers=1",
                "--max-states=7",
                "--max-seconds=9.5",
                "--",
                "M.tla"
            ]
        );
        assert_eq!(prepared.timeout, Duration::from_secs(60));
        let timed = job(serde_json::json!({"spec": "M.tla", "timeout_seconds": 0.5}));
        let prepared = prepare(&timed, &DEFAULTS).expect("a job");
        assert_eq!(prepared.timeout, Duration::from_millis(500));
    }

    #[test]
    fn a_job_with_a_bad_argument_is_refused_with_its_line() {
        for (arguments, message) in [
            (
                serde_json::json!({"spec": "M.tla", "seed": "x"}),
                "line 3: argument seed must be of type integer",
            ),
            (
                serde_json::json!({"spec": "M.tla", "timeout_seconds": 0}),
                "line 3: timeout_seconds must be a number above 0",
            ),
        ] {
            assert_eq!(
                prepare(&job(arguments), &DEFAULTS).err().as_deref(),
                Some(message)
            );
        }
    }

    #[test]
    fn only_a_scorecard_is_a_grade() {
        let report = br#"{"outcome": "incomplete", "phases": []}"#;
        let (outcome, _) = graded(3, report).expect("graded");
        assert_eq!(outcome, JobOutcome::Incomplete);
        // A panic (101), a signal (-6), a usage error (2), or a status without a report.
        assert!(graded(101, report).is_none());
        assert!(graded(-6, report).is_none());
        assert!(graded(2, b"").is_none());
        assert!(graded(0, b"thread 'main' panicked").is_none());
        assert_eq!(
            crash_text(-6, b"thread 'main' has overflowed its stack\n"),
            "tlafid grade was ended by signal 6 with no report; it wrote: thread 'main' has overflowed its stack"
        );
    }
}
