//! End-to-end tests of `tlafid grade --batch`, `--merge` and `--leaderboard`, driven by the
//! folders in `tests/batch/` at the workspace root. Each holds `jobs.jsonl` (paths relative
//! to it) and the expected files beside it: `batch.expected` (the exit status and the
//! summary line), `results.jsonl`, and `leaderboard.{md,csv,html}`; an optional `args`
//! holds more options for every `--batch` run (paths relative to the workspace root). For each folder the test
//! grades the jobs in one run; grades them again as 4 shards and merges them, which must give
//! the same bytes; resumes from a result file holding half the results and a torn line,
//! which must run only the other half and give the same bytes; and renders the leaderboards.
//! `UPDATE_EXPECT=1 cargo test -p tlafid_cli --test batch` rewrites the expected files.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn tlafid(args: &[&str], extra: &[String]) -> Output {
    command(args, extra).output().expect("run tlafid")
}

/// `tlafid ARGS EXTRA...`, run from the workspace root.
fn command(args: &[&str], extra: &[String]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tlafid"));
    command
        .args(args)
        .args(extra)
        .current_dir(common::workspace_root())
        .env("NO_COLOR", "1");
    command
}

fn status_and_summary(output: &Output) -> String {
    let stderr = String::from_utf8_lossy(&output.stderr);
    let summary = stderr.lines().last().unwrap_or("");
    format!("status: {:?}\n{summary}\n", output.status.code())
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_default()
}

fn s(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 path")
}

/// Compares `actual` with the expected file (or rewrites it); the difference, if any.
fn expect(expected: &Path, actual: &str, update: bool) -> Option<String> {
    if update {
        std::fs::write(expected, actual).expect("write an expected file");
        return None;
    }
    let wanted = read(expected);
    (wanted != actual).then(|| {
        format!(
            "{}:\n--- expected\n{wanted}\n--- actual\n{actual}",
            expected.display()
        )
    })
}

/// Grades the case as 4 shards, run at once, and merges them; the merged file's text.
fn sharded(jobs: &Path, scratch: &Path, extra: &[String]) -> String {
    let shards: Vec<PathBuf> = (0..4)
        .map(|i| scratch.join(format!("shard-{i}.jsonl")))
        .collect();
    let children: Vec<_> = shards
        .iter()
        .enumerate()
        .map(|(i, out)| {
            let shard = format!("{i}/4");
            let args = ["grade", "--batch", s(jobs), "--jobs", "1", "--out", s(out)];
            command(&args, extra)
                .args(["--shard", &shard])
                .stderr(std::process::Stdio::null())
                .spawn()
        })
        .collect();
    for child in children {
        let ended = child.expect("run a shard").wait().expect("a shard ends");
        assert!(ended.code().is_some());
    }
    let merged = scratch.join("merged.jsonl");
    let mut args = vec!["grade", "--merge"];
    args.extend(shards.iter().map(|p| s(p)));
    args.extend(["--out", s(&merged)]);
    let output = tlafid(&args, &[]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    read(&merged)
}

/// Resumes from every other graded result (marked, to see they are kept, not rerun) and a
/// torn last line; checks the summary, and returns the final text with the marks removed.
fn resumed(jobs: &Path, scratch: &Path, whole: &str, extra: &[String]) -> String {
    const MARK: &str = "\"error\":\"kept from the earlier run\"";
    let partial = scratch.join("resumed.jsonl");
    let graded: Vec<&str> = whole
        .lines()
        .filter(|l| l.contains("\"error\":null"))
        .collect();
    let kept: Vec<String> = graded
        .iter()
        .step_by(2)
        .map(|l| l.replace("\"error\":null", MARK))
        .collect();
    let torn = &graded[1][..40];
    std::fs::write(&partial, format!("{}\n{torn}", kept.join("\n"))).expect("write");
    let args = [
        "grade",
        "--batch",
        s(jobs),
        "--jobs",
        "2",
        "--out",
        s(&partial),
    ];
    let output = tlafid(&args, extra);
    let summary = status_and_summary(&output);
    let done = format!("; {} already done", kept.len());
    assert!(summary.contains(&done), "{summary}");
    let text = read(&partial);
    assert_eq!(text.matches(MARK).count(), kept.len(), "{text}");
    text.replace(MARK, "\"error\":null")
}

fn run_case(case: &Path, scratch: &Path, update: bool) -> Vec<String> {
    let jobs = case.join("jobs.jsonl");
    let extra: Vec<String> = read(&case.join("args"))
        .split_whitespace()
        .map(str::to_string)
        .collect();
    let one = scratch.join("one.jsonl");
    let args = [
        "grade",
        "--batch",
        s(&jobs),
        "--jobs",
        "2",
        "--out",
        s(&one),
    ];
    let output = tlafid(&args, &extra);
    let whole = read(&one);
    let mut failures = Vec::new();
    failures.extend(expect(
        &case.join("batch.expected"),
        &status_and_summary(&output),
        update,
    ));
    failures.extend(expect(&case.join("results.jsonl"), &whole, update));
    if sharded(&jobs, scratch, &extra) != whole {
        failures.push(format!(
            "{}: 4 shards merged differ from one run",
            case.display()
        ));
    }
    if resumed(&jobs, scratch, &whole, &extra) != whole {
        failures.push(format!(
            "{}: the resumed run differs from one run",
            case.display()
        ));
    }
    for format in ["md", "csv", "html"] {
        let args = [
            "grade",
            "--leaderboard",
            s(&one),
            "--leaderboard-format",
            format,
        ];
        let board = tlafid(&args, &[]);
        assert_eq!(board.status.code(), Some(0), "{board:?}");
        let text = String::from_utf8_lossy(&board.stdout);
        failures.extend(expect(
            &case.join(format!("leaderboard.{format}")),
            &text,
            update,
        ));
    }
    failures
}

#[test]
fn batch_cases() {
    let root = common::workspace_root();
    let mut cases: Vec<PathBuf> = std::fs::read_dir(root.join("tests/batch"))
        .expect("tests/batch")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.join("jobs.jsonl").is_file())
        .collect();
    cases.sort();
    assert!(!cases.is_empty(), "no cases in tests/batch");
    let update = std::env::var_os("UPDATE_EXPECT").is_some();
    let mut failures = Vec::new();
    for case in &cases {
        let name = case.file_name().expect("a name");
        let scratch = Path::new(env!("CARGO_TARGET_TMPDIR"))
            .join("batch")
            .join(name);
        let _ = std::fs::remove_dir_all(&scratch);
        std::fs::create_dir_all(&scratch).expect("scratch folder");
        failures.extend(run_case(case, &scratch, update));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
