//! `tlafid trace`: does the model admit the traces recorded from the implementation? Reads
//! the model, its configuration and the trace files, calls `tlafid_trace`, prints the
//! verdicts for people or as JSON.

use std::path::PathBuf;

use tlafid_pipeline::report::TraceReport;
use tlafid_pipeline::trace::{self, TraceFailure, TraceOptions, TraceOutcome};
use tlafid_pipeline::Session;
use tlafid_trace::TraceFormat;

use crate::args::ModelArgs;
use crate::commands::trace_report;
use crate::exit::ExitStatus;
use crate::files::DiskFiles;
use crate::inputs::InputArgs;
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
    /// PGo's per-archetype logs (a folder of `trace-*.log` files is one trace).
    Pgo,
}

/// How a multi-process trace's orders are searched, as named on the command line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum SearchArg {
    /// Depth first over (cut, state) pairs for an admitting order, then breadth first over
    /// cuts when none is found (which gives a rejection its evidence).
    #[default]
    Dfs,
    /// Breadth first over cuts only, `--max-candidates` states a level.
    Bfs,
}

/// Arguments of `tlafid trace`.
#[derive(clap::Args)]
pub struct TraceArgs {
    #[command(flatten)]
    pub model: ModelArgs,
    /// Trace files, folders (every `.ndjson`/`.json`/`.log` file in them; a folder of
    /// folders: those of each) or globs (`*`, `?` in the last path component). The logs of a
    /// multi-process run in one folder are one trace.
    #[arg(required = true, value_name = "TRACE")]
    pub traces: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
    /// An observation module: it `EXTENDS` the model and defines the traces' observable
    /// names as zero-argument operators (resolved before the model's own names).
    #[arg(long, value_name = "Obs.tla")]
    pub observe: Option<PathBuf>,
    /// Check the requirements of this module along the traces instead of the configuration's
    /// invariants (as `check --requirements`; `R.cfg` beside it lists them).
    #[arg(long, value_name = "R.tla")]
    pub requirements: Option<PathBuf>,
    /// The traces' format (default: detected from each file's content: one JSON object with
    /// `states` is ITF, however it is laid out).
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub trace_format: Option<TraceFormatArg>,
    /// Check action windows one by one (each from the reachable model states that show its
    /// pre_state) and report a pass rate per action.
    #[arg(long)]
    pub windows: bool,
    /// The most candidate model states kept per step (beyond it: no verdict); with
    /// --windows, the most reachable states explored; in a multi-process log, also the most
    /// (cut, state) pairs its depth-first pass visits before the search over cuts decides. (`--max-states` is an old name; in
    /// `check` that flag bounds the distinct states explored.)
    #[arg(
        long,
        alias = "max-states",
        value_name = "N",
        default_value_t = 100_000
    )]
    pub max_candidates: usize,
    /// Skip log fields, state fields and action arguments the model does not know
    /// (timestamps, thread ids) instead of refusing the trace (E101, E103, E104); an action
    /// the model does not have is still refused (E102).
    #[arg(long)]
    pub ignore_unknown_fields: bool,
    /// Actions the implementation does not log: up to --max-silent steps of them may
    /// happen before each logged step.
    #[arg(long, value_name = "A,B", value_delimiter = ',')]
    pub silent: Vec<String>,
    /// The most unlogged (--silent) steps before one logged step.
    #[arg(long, value_name = "K", default_value_t = 1)]
    pub max_silent: usize,
    /// How PGo logs map onto the model (labels to actions, variables to observables,
    /// channels, unobserved variables): a JSON file written once per system.
    #[arg(long, value_name = "MAP.json")]
    pub trace_map: Option<PathBuf>,
    /// In a multi-process log whose events name their process's `self` (PGo): an event
    /// naming no action is taken by no action instance whose parameters name another
    /// process of the log and not this one (an assumption about the model: its actions
    /// take their process as a parameter).
    #[arg(long)]
    pub self_binding: bool,
    /// How a multi-process trace's orders are searched: `dfs` looks for an admitting order
    /// depth first, then searches breadth first over cuts if it finds none; `bfs` searches
    /// breadth first over cuts only. The verdict is the same unless a budget runs out.
    #[arg(long, value_enum, value_name = "bfs|dfs", default_value_t)]
    pub search: SearchArg,
    /// Stop after this many seconds: traces without a verdict by then get none (incomplete).
    #[arg(long, value_name = "S")]
    pub max_seconds: Option<f64>,
    /// What the spec may read: `--allow-read`, `--env`.
    #[command(flatten)]
    pub reads: InputArgs,
}

impl TraceArgs {
    /// The validation these flags ask for.
    pub fn options(&self) -> TraceOptions {
        TraceOptions {
            traces: self.traces.clone(),
            format: self.trace_format.map(format_of),
            windows: self.windows,
            max_states: self.max_candidates,
            silent: self.silent.clone(),
            max_silent: self.max_silent,
            trace_map: self.trace_map.clone(),
            ignore_unknown_fields: self.ignore_unknown_fields,
            self_binding: self.self_binding,
            search: match self.search {
                SearchArg::Dfs => tlafid_trace::Search::DepthFirst,
                SearchArg::Bfs => tlafid_trace::Search::BreadthFirst,
            },
            max_seconds: self.max_seconds,
        }
    }
}

/// Runs `tlafid trace`.
pub fn run(args: &TraceArgs) -> ExitStatus {
    let mut files = DiskFiles;
    let mut session = Session::new(&mut files);
    let _watch = args.model.watch(&session);
    let inputs = args.model.inputs(
        args.observe.as_ref(),
        args.requirements.as_ref(),
        Some(&args.reads),
    );
    let validated = trace::validate(&mut session, &inputs, &args.options());
    let (sources, diagnostics) = (&session.sources, &session.diagnostics);
    let validated = match validated {
        Ok(validated) => validated,
        Err(failure) => {
            match args.format {
                Format::Json => {
                    render::print_json(&TraceReport::failed(sources, diagnostics, &inputs, failure))
                }
                Format::Human => render::print_human(sources, diagnostics),
            }
            return match failure {
                TraceFailure::Usage => ExitStatus::Usage,
                TraceFailure::Spec => ExitStatus::SpecError,
                TraceFailure::Config => ExitStatus::ConfigError,
                TraceFailure::Assumption => ExitStatus::Assumption,
            };
        }
    };
    match args.format {
        Format::Json => render::print_json(&TraceReport::new(
            sources,
            diagnostics,
            &inputs,
            args.windows,
            &validated,
        )),
        Format::Human => {
            render::print_human(sources, diagnostics);
            trace_report::print_human(args, sources, &validated);
        }
    }
    match validated.outcome {
        TraceOutcome::Admitted => ExitStatus::Success,
        TraceOutcome::InvalidInput => ExitStatus::Usage,
        TraceOutcome::MissedCodeBehavior | TraceOutcome::PropertyViolated => ExitStatus::Safety,
        TraceOutcome::Incomplete => ExitStatus::Incomplete,
        TraceOutcome::IllTypedBinding => ExitStatus::ConfigError,
    }
}

fn format_of(arg: TraceFormatArg) -> TraceFormat {
    match arg {
        TraceFormatArg::Event => TraceFormat::EventLog,
        TraceFormatArg::Windows => TraceFormat::Windows,
        TraceFormatArg::Itf => TraceFormat::Itf,
        TraceFormatArg::Pgo => TraceFormat::Pgo,
    }
}
