//! `tlafid mcp`: the checker as tools for agents, over the Model Context Protocol on
//! standard input and output, spoken by `rmcp`, the official Rust SDK (version negotiation,
//! tool schemas, structured results, progress and cancellation are its).
//!
//! Tools: `check`, `trace`, `mutate`, `grade` and `parse`, each taking the command's options
//! as JSON arguments and answering with the command's `--format json` report, in
//! `structuredContent` beside the exit status (and as text). Each call runs this executable
//! as a child process: standard output stays the protocol's alone, a call that panics or
//! aborts (deep recursion, memory) is that call's error and not the server's end, one call
//! cannot disturb the next, and a model is exactly as confined as on the command line (the
//! arguments go after `--` or as `--flag=value`, so none can become a flag). Every call is
//! bounded: `max_seconds` (default [`DEFAULT_MAX_SECONDS`]) ends an exploration as
//! incomplete, and `timeout_seconds` (default [`DEFAULT_TIMEOUT_SECONDS`]) or a
//! cancellation stops the child. A child ends with the server: it is killed when its call is
//! dropped (cancellation, timeout, the server's input closing), and it watches the server's
//! process id, so it also ends when the server is killed outright.
//!
//! Before `rmcp` reads a line, [`frame`] answers what it would drop: a line that is not
//! UTF-8 or not JSON gets a parse error (-32700), a JSON-RPC batch an invalid-request error
//! (MCP does not take batches since 2025-06-18), so every message gets an answer.

mod call;
mod frame;
pub(crate) mod tools;

use std::borrow::Cow;
use std::time::Duration;

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, Implementation, ListToolsResult,
    PaginatedRequestParams, ProtocolVersion, ServerCapabilities, ServerConfig,
};
use rmcp::service::{RequestContext, RoleServer};
use rmcp::{ErrorData as McpError, ServerHandler, ServiceExt};
use serde_json::Map;

use crate::exit::ExitStatus;

/// The budget of an exploration when a call names none (seconds).
pub const DEFAULT_MAX_SECONDS: u32 = 120;
/// How long a call may run when it names no `timeout_seconds`.
pub const DEFAULT_TIMEOUT_SECONDS: f64 = 600.0;
/// The most `timeout_seconds` may be.
pub const MAX_TIMEOUT_SECONDS: f64 = 3600.0;
/// Set on a child to the server's process id: the child ends when its parent changes.
pub const PARENT_ENV: &str = "TLAFID_MCP_PARENT";
/// Set on a child to a number of milliseconds: print a progress line on standard error that
/// often, whatever the format.
pub const PROGRESS_ENV: &str = "TLAFID_PROGRESS_LINES";
/// Read by the server: how often (milliseconds) a call reports progress (default 1000).
pub const PROGRESS_MS_ENV: &str = "TLAFID_MCP_PROGRESS_MS";

/// The protocol versions served: those with an `initialize` handshake, up to 2025-11-25.
fn supported_versions() -> &'static [ProtocolVersion] {
    ProtocolVersion::known_up_to(&ProtocolVersion::V_2025_11_25)
}

#[derive(Clone)]
struct Server;

impl ServerHandler for Server {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_protocol_version(ProtocolVersion::V_2025_11_25)
            .with_server_info(Implementation::new("tlafid", env!("CARGO_PKG_VERSION")))
    }

    fn supported_protocol_versions(&self) -> Cow<'static, [ProtocolVersion]> {
        Cow::Borrowed(supported_versions())
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, McpError> {
        Ok(ListToolsResult::with_all_items(tools::tools()))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, McpError> {
        let name = request.name.as_ref();
        let catalogue = tools::catalogue();
        let Some((_, _, args, _)) = catalogue.iter().find(|(tool, ..)| *tool == name) else {
            return Err(McpError::invalid_params(
                format!("no tool named {name}"),
                None,
            ));
        };
        let given = request.arguments.unwrap_or_default();
        let command_line = tools::command_line(name, args, &given)
            .map_err(|message| McpError::invalid_params(message, None))?;
        let timeout = timeout_of(&given)?;
        let progress = context
            .meta
            .get_progress_token()
            .map(|token| (context.peer.clone(), token));
        let call = call::Call {
            command_line,
            timeout,
            progress,
            cancel: context.ct.clone(),
        };
        match call::run(call).await {
            Some(result) => Ok(CallToolResponse::Complete(result)),
            None => Err(McpError::internal_error("the call was cancelled", None)),
        }
    }
}

/// `timeout_seconds`, checked: a positive number up to [`MAX_TIMEOUT_SECONDS`].
fn timeout_of(given: &Map<String, serde_json::Value>) -> Result<Duration, McpError> {
    let Some(value) = given.get("timeout_seconds") else {
        return Ok(Duration::from_secs_f64(DEFAULT_TIMEOUT_SECONDS));
    };
    match value.as_f64() {
        Some(seconds) if seconds > 0.0 && seconds <= MAX_TIMEOUT_SECONDS => {
            Ok(Duration::from_secs_f64(seconds))
        }
        _ => Err(McpError::invalid_params(
            format!("argument timeout_seconds must be a number above 0 and at most {MAX_TIMEOUT_SECONDS}"),
            None,
        )),
    }
}

/// Runs the server until standard input closes.
pub fn run() -> ExitStatus {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build();
    let Ok(runtime) = runtime else {
        eprintln!("error: tlafid mcp cannot start its event loop");
        return ExitStatus::SystemError;
    };
    let served = runtime.block_on(async {
        let (transport, framing) = frame::stdio();
        let service = Server.serve(transport).await.map_err(|e| e.to_string())?;
        let waited = service.waiting().await.map_err(|e| e.to_string());
        framing.abort();
        waited.map(|_| ())
    });
    // Dropping the runtime drops every call still running, and with it its child.
    drop(runtime);
    match served {
        Ok(()) => ExitStatus::Success,
        Err(message) => {
            eprintln!("tlafid mcp: {message}");
            ExitStatus::Success
        }
    }
}

/// In a child of the server ([`PARENT_ENV`] set): a thread that ends the process when the
/// server is gone (the parent process id changes), so no child outlives a killed server.
pub fn watch_parent() {
    let Some(parent) = std::env::var(PARENT_ENV)
        .ok()
        .and_then(|pid| pid.parse::<u32>().ok())
    else {
        return;
    };
    std::thread::spawn(move || loop {
        if std::os::unix::process::parent_id() != parent {
            std::process::exit(ExitStatus::SystemError.code());
        }
        std::thread::sleep(Duration::from_millis(200));
    });
}
