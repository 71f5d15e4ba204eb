//! The lines between standard input and output and `rmcp`: one JSON message per line. A line
//! `rmcp` would drop without a word gets an answer here (a parse error for a line that is not
//! UTF-8 or not JSON, an invalid-request error for a batch); every other line is passed on.
//! Replies from both are written whole, one per line.

use serde_json::{json, Value as Json};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, DuplexStream};
use tokio::sync::mpsc;
use tokio::task::JoinHandle;

/// The most bytes of one message (a larger line is answered with a parse error).
const MAX_LINE: usize = 16 * 1024 * 1024;

/// The transport to give `rmcp`, and the task that frames standard input and output.
pub fn stdio() -> ((DuplexStream, DuplexStream), JoinHandle<()>) {
    let (to_rmcp, rmcp_in) = tokio::io::duplex(1 << 16);
    let (rmcp_out, from_rmcp) = tokio::io::duplex(1 << 16);
    let (replies_tx, replies_rx) = mpsc::unbounded_channel::<String>();
    let framing = tokio::spawn(async move {
        let reading = read_input(to_rmcp, replies_tx);
        let writing = write_output(from_rmcp, replies_rx);
        tokio::join!(reading, writing);
    });
    ((rmcp_in, rmcp_out), framing)
}

/// Reads standard input line by line; answers the lines `rmcp` would drop, passes on the rest.
/// Closing standard input closes `rmcp`'s input, which ends the server.
async fn read_input(mut to_rmcp: DuplexStream, replies: mpsc::UnboundedSender<String>) {
    let mut input = BufReader::new(tokio::io::stdin());
    let mut line = Vec::new();
    loop {
        line.clear();
        match input.read_until(b'\n', &mut line).await {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        match check(&line) {
            Checked::Blank => {}
            Checked::Pass => {
                if !line.ends_with(b"\n") {
                    line.push(b'\n');
                }
                if to_rmcp.write_all(&line).await.is_err() {
                    break;
                }
            }
            Checked::Answer(reply) => {
                let _ = replies.send(reply.to_string());
            }
        }
    }
    let _ = to_rmcp.shutdown().await;
}

enum Checked {
    Blank,
    Pass,
    Answer(Json),
}

fn check(line: &[u8]) -> Checked {
    let Ok(text) = std::str::from_utf8(line) else {
        let at = std::str::from_utf8(line)
            .err()
            .map_or(0, |e| e.valid_up_to());
        return Checked::Answer(error(
            -32700,
            &format!("parse error: the message is not UTF-8 (first bad byte at offset {at})"),
        ));
    };
    let text = text.trim_start_matches('\u{feff}').trim();
    if text.is_empty() {
        return Checked::Blank;
    }
    if text.len() > MAX_LINE {
        return Checked::Answer(error(-32700, "parse error: the message is too long"));
    }
    match serde_json::from_str::<Json>(text) {
        Err(err) => Checked::Answer(error(-32700, &format!("parse error: {err}"))),
        Ok(Json::Array(_)) => Checked::Answer(error(
            -32600,
            "invalid request: JSON-RPC batches are not supported (MCP has none since 2025-06-18); send one message per line",
        )),
        Ok(_) => Checked::Pass,
    }
}

fn error(code: i64, message: &str) -> Json {
    json!({ "jsonrpc": "2.0", "id": null, "error": { "code": code, "message": message } })
}

/// Writes `rmcp`'s messages and the answers of [`read_input`] to standard output, each
/// line whole.
async fn write_output(from_rmcp: DuplexStream, mut replies: mpsc::UnboundedReceiver<String>) {
    let mut stdout = tokio::io::stdout();
    let mut messages = BufReader::new(from_rmcp).lines();
    let mut replies_open = true;
    loop {
        let line = tokio::select! {
            message = messages.next_line() => match message {
                Ok(Some(line)) => line,
                _ => break,
            },
            reply = replies.recv(), if replies_open => match reply {
                Some(line) => line,
                None => {
                    replies_open = false;
                    continue;
                }
            },
        };
        let written = async {
            stdout.write_all(line.as_bytes()).await?;
            stdout.write_all(b"\n").await?;
            stdout.flush().await
        };
        if written.await.is_err() {
            break;
        }
    }
}
