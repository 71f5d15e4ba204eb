//! One tool call: this executable run as a child process on the call's command line, bounded
//! by the call's time limit and by cancellation, its progress lines passed on as MCP progress
//! notifications, its report and exit status made the call's result.

use std::process::Stdio;
use std::time::Duration;

use rmcp::model::{CallToolResult, ContentBlock, ProgressNotificationParam, ProgressToken};
use rmcp::service::{Peer, RoleServer};
use serde_json::{json, Value as Json};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, BufReader};
use tokio::process::Command;
use tokio_util::sync::CancellationToken;

use crate::exit::ExitStatus;

/// How a call is run: its command line, its time limit, and whom to tell of its progress.
pub struct Call {
    pub command_line: Vec<String>,
    pub timeout: Duration,
    pub progress: Option<(Peer<RoleServer>, ProgressToken)>,
    pub cancel: CancellationToken,
}

/// The statuses that are answers about the model (a verdict, a spec or configuration that
/// does not load): the call itself worked. Any other status (usage, internal error, a panic's
/// 101, a signal) is the call's failure.
const ANSWERS: [ExitStatus; 12] = [
    ExitStatus::Success,
    ExitStatus::Incomplete,
    ExitStatus::WeakProperty,
    ExitStatus::PhaseFailed,
    ExitStatus::Assumption,
    ExitStatus::Deadlock,
    ExitStatus::Safety,
    ExitStatus::Liveness,
    ExitStatus::Assertion,
    ExitStatus::EvalFailure,
    ExitStatus::SpecError,
    ExitStatus::ConfigError,
];

/// Reports kept whole up to this size; a larger standard error is cut.
const MAX_STDERR: usize = 64 * 1024;

/// Runs the call; `None` when it was cancelled (a cancelled request gets no answer).
pub async fn run(call: Call) -> Option<CallToolResult> {
    let exe = match std::env::current_exe() {
        Ok(exe) => exe,
        Err(e) => return Some(failure(-1, &format!("cannot find tlafid itself: {e}"))),
    };
    let spawned = Command::new(exe)
        .args(&call.command_line)
        .env("NO_COLOR", "1")
        .env(super::PARENT_ENV, std::process::id().to_string())
        .env(super::PROGRESS_ENV, progress_ms())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .spawn();
    let mut child = match spawned {
        Ok(child) => child,
        Err(e) => return Some(failure(-1, &format!("cannot run tlafid: {e}"))),
    };
    let mut stdout = child.stdout.take()?;
    let stderr = child.stderr.take()?;
    let reading = async move {
        let mut out = Vec::new();
        let _ = stdout.read_to_end(&mut out).await;
        out
    };
    let progress = progress(stderr, call.progress);
    let finished = async {
        let (out, err, status) = tokio::join!(reading, progress, child.wait());
        (out, err, status)
    };
    tokio::select! {
        (out, err, status) = finished => {
            let code = status.ok().and_then(|s| s.code()).unwrap_or(-1);
            Some(answer(code, &out, &err))
        }
        () = tokio::time::sleep(call.timeout) => Some(failure(
            -1,
            &format!(
                "the call was stopped after {} s (timeout_seconds); pass max_seconds for an incomplete report instead",
                call.timeout.as_secs_f64()
            ),
        )),
        () = call.cancel.cancelled() => None,
    }
    // Leaving the select drops the child's futures and then the child: kill_on_drop ends it.
}

/// How often a child reports progress: the server's [`super::PROGRESS_MS_ENV`], else 1 s.
fn progress_ms() -> String {
    std::env::var(super::PROGRESS_MS_ENV)
        .ok()
        .filter(|ms| ms.parse::<u64>().is_ok())
        .unwrap_or_else(|| "1000".to_string())
}

/// Reads the child's standard error: progress lines become notifications (numbered, with
/// the line as the message), the rest is kept for the answer.
async fn progress(
    stderr: tokio::process::ChildStderr,
    peer: Option<(Peer<RoleServer>, ProgressToken)>,
) -> String {
    let mut lines = BufReader::new(stderr).lines();
    let mut kept = String::new();
    let mut sent = 0u32;
    while let Ok(Some(line)) = lines.next_line().await {
        if line.starts_with("Progress(") {
            if let Some((peer, token)) = &peer {
                sent += 1;
                let mut param = ProgressNotificationParam::new(token.clone(), f64::from(sent));
                param.message = Some(line);
                let _ = peer.notify_progress(param).await;
            }
            continue;
        }
        if kept.len() < MAX_STDERR {
            kept.push_str(&line);
            kept.push('\n');
        }
    }
    kept
}

fn answer(code: i32, stdout: &[u8], stderr: &str) -> CallToolResult {
    let text = String::from_utf8_lossy(stdout);
    let report: Option<Json> = serde_json::from_str(&text).ok();
    let is_error = !ANSWERS.iter().any(|s| s.code() == code);
    let shown = match &report {
        Some(_) => text.into_owned(),
        None if stderr.trim().is_empty() => {
            format!("tlafid ended with status {code} and no report")
        }
        None => stderr.to_string(),
    };
    let mut structured = json!({ "exit_status": code });
    if let Some(report) = report {
        structured["report"] = report;
    }
    let mut result = if is_error {
        CallToolResult::error(vec![ContentBlock::text(shown)])
    } else {
        CallToolResult::success(vec![ContentBlock::text(shown)])
    };
    result.structured_content = Some(structured);
    result
}

fn failure(code: i32, message: &str) -> CallToolResult {
    let mut result = CallToolResult::error(vec![ContentBlock::text(message)]);
    result.structured_content = Some(json!({ "exit_status": code }));
    result
}

#[cfg(test)]
mod tests {
    use super::answer;

    #[test]
    fn a_verdict_is_an_answer_and_a_crash_is_an_error() {
        let report = br#"{"outcome": "invariant_violation"}"#;
        let violated = answer(12, report, "");
        assert_eq!(violated.is_error, Some(false));
        assert_eq!(
            violated.structured_content,
            Some(
                serde_json::json!({"exit_status": 12, "report": {"outcome": "invariant_violation"}})
            )
        );
        // A panic (101), an abort (134) or a usage error (2) is the call's failure, with
        // what the child said.
        for status in [101, 134, 2, 153, -1] {
            let crashed = answer(status, b"", "thread 'main' panicked at ...");
            assert_eq!(crashed.is_error, Some(true), "status {status}");
        }
        let crashed = answer(101, b"", "thread 'main' panicked at ...");
        assert_eq!(
            crashed.structured_content,
            Some(serde_json::json!({"exit_status": 101}))
        );
    }
}
