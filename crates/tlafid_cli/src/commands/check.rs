//! `tlafid check`: explore a model's state space as TLC does, or simulate it.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use tlafid_pipeline::coverage::Coverage;
use tlafid_pipeline::run::{CoverageEvery, PeriodicCoverage};

use tlafid_check::{CheckpointOptions, SpillOptions, Storage};
use tlafid_pipeline::{Explored, Mode, RunOptions, Session, SimulationOptions};

use crate::args::{self, ModelArgs};
use crate::commands::{check_report, counterexample, graph, progress, simulate};
use crate::exit::ExitStatus;
use crate::files::DiskFiles;
use crate::inputs::InputArgs;
use crate::output::PrintTo;
use crate::render::Format;
use crate::storage::FolderStorage;

/// Arguments of `tlafid check`.
#[derive(clap::Args)]
pub struct CheckArgs {
    #[command(flatten)]
    pub model: ModelArgs,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long, value_name = "N")]
    pub workers: Option<usize>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
    /// Where the lines the spec prints with `Print` and `PrintT` go, as they are evaluated
    /// (TLC's text): standard output by default, among the report's lines as TLC prints
    /// them; standard error by default with `--format json`, whose standard output is the
    /// one JSON report; or none.
    #[arg(long, value_enum, value_name = "TO")]
    pub print_to: Option<PrintTo>,
    /// Stop (incomplete) after this many distinct states (initial states included).
    /// Not with `--simulate`, which keeps no set of states.
    #[arg(long, value_name = "N", conflicts_with = "simulate")]
    pub max_states: Option<u64>,
    /// Stop (incomplete) after this many breadth-first levels (`--simulate`: `--depth`).
    #[arg(long, value_name = "N", conflicts_with = "simulate")]
    pub max_depth: Option<u32>,
    /// Stop (incomplete) after this many seconds.
    #[arg(long, value_name = "S")]
    pub max_seconds: Option<f64>,
    /// Do not report deadlocks (as TLC's `-deadlock`).
    #[arg(long)]
    pub no_deadlock: bool,
    /// Write the counterexample, if any, to this file: an event log for `*.ndjson` (what
    /// `tlafid trace` reads), a GraphViz digraph for `*.dot`, else an ITF trace (with Quint's
    /// `mbt::actionTaken` and `mbt::nondetPicks`).
    #[arg(long, value_name = "FILE.itf.json")]
    pub dump_trace: Option<PathBuf>,
    /// Write the state graph of the states explored to this file as a GraphViz digraph,
    /// edges labelled with their actions (TLC's `-dump dot,actionlabels FILE`).
    #[arg(long, value_name = "FILE.dot", conflicts_with = "simulate")]
    pub dump_graph: Option<PathBuf>,
    /// Print each action's coverage after the counts: the distinct states it found first and
    /// the states it generated (TLC's `-coverage`; the JSON report always has them).
    #[arg(long)]
    pub coverage: bool,
    /// With `--coverage`: also print it during the run, at the end of the first
    /// breadth-first level after every S seconds (TLC's `-coverage N` prints it every N
    /// minutes), so a run that is stopped still leaves coverage behind. Human output only.
    #[arg(
        long,
        value_name = "S",
        requires = "coverage",
        conflicts_with = "simulate"
    )]
    pub coverage_interval: Option<f64>,
    /// With `--coverage`: print it at the end of every K levels (deterministic; for tests).
    #[arg(long, value_name = "K", hide = true, requires = "coverage", conflicts_with_all = ["simulate", "coverage_interval"])]
    pub coverage_every_levels: Option<u32>,
    /// Print, instead of checking, the census of the next-state relation's action plans and
    /// of the invariants' compiled forms (which are whole, which plan variants and node kinds
    /// each uses): a developer's tool for sizing a native back end (`docs/performance.md`);
    /// its text is no interface.
    #[arg(long, hide = true, conflicts_with = "simulate")]
    pub plan_census: bool,
    /// Go on exploring after an invariant or action-property violation and report each, in
    /// breadth-first order (TLC's `-continue`); the exit status is the first violation's.
    /// Deadlocks, errors and initial-state properties still stop the run. Not with
    /// --checkpoint/--recover: a checkpoint does not keep the violations already found.
    #[arg(long = "continue", conflicts_with_all = ["simulate", "checkpoint", "recover"])]
    pub continue_after_violations: bool,
    /// In a counterexample, print only the variables each step changes (TLC's `-difftrace`).
    #[arg(long)]
    pub diff_trace: bool,
    /// Print the liveness checker's figures (edges, labels, memory) after the counts.
    #[arg(long)]
    pub liveness_stats: bool,
    /// Check the requirements in this module instead of the configuration's invariants and
    /// properties: its `VARIABLE`s are observables that the model defines under the same
    /// names, `R.cfg` beside it lists the requirements (INVARIANT(S), PROPERTY(IES)), and a
    /// violation is illegal model behaviour. Deadlock is not checked.
    #[arg(long, value_name = "R.tla")]
    pub requirements: Option<PathBuf>,
    /// With `--requirements`: an observation module that EXTENDS the model and defines the
    /// observables the model lacks (as for `tlafid trace --observe`).
    #[arg(long, value_name = "Obs.tla", requires = "requirements")]
    pub observe: Option<PathBuf>,
    /// Run random behaviours instead of exploring every state (as TLC's `-simulate`).
    #[arg(long)]
    pub simulate: bool,
    /// With `--simulate`: the most steps in one behaviour (TLC's `-depth` and default; `grade`
    /// uses SysMoBench's 50).
    #[arg(long, value_name = "N", default_value_t = 100, requires = "simulate")]
    pub depth: u32,
    /// With `--simulate`: how many behaviours to run (TLC's `-simulate num=K`; also
    /// `--behaviours`, as in `grade`).
    #[arg(
        long,
        visible_alias = "behaviours",
        value_name = "K",
        default_value_t = 1000,
        requires = "simulate"
    )]
    pub num: u64,
    /// With `--simulate`: the seed of the random choices (TLC's `-seed`).
    #[arg(long, value_name = "S", default_value_t = 0, requires = "simulate")]
    pub seed: u64,
    /// What the spec may read: `--allow-read`, `--env`.
    #[command(flatten)]
    pub reads: InputArgs,
    /// Where the run keeps what does not fit in memory, and its checkpoints.
    #[command(flatten)]
    pub disk: DiskArgs,
}

/// Spilling to disk and checkpoints (exhaustive runs).
#[derive(clap::Args, Clone, Debug)]
pub struct DiskArgs {
    /// Spill the seen set and the queue to files in DIR (created if missing) past the memory
    /// the budget gives them: a quarter of --max-memory for fingerprints (16 bytes each), a
    /// quarter for queued states (their packed bytes), or --spill-after. Same counts and
    /// verdicts.
    #[arg(long, value_name = "DIR", conflicts_with = "simulate")]
    pub spill_dir: Option<PathBuf>,
    /// Spill to a private temporary folder (removed afterwards), past the thresholds above.
    #[arg(long, conflicts_with = "simulate")]
    pub spill: bool,
    /// Spill past N fingerprints in memory, and queue levels of more than N states on disk: an
    /// exact threshold instead of one derived from --max-memory (implies --spill).
    #[arg(long, value_name = "N", conflicts_with = "simulate",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub spill_after: Option<u64>,
    /// Save a checkpoint in DIR (created if missing) every --checkpoint-every minutes, between
    /// two levels, written atomically; `--recover DIR` resumes from it.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["simulate", "recover"])]
    pub checkpoint: Option<PathBuf>,
    /// Minutes between checkpoints.
    #[arg(long, value_name = "MINUTES", default_value_t = 30.0,
          value_parser = parse_minutes)]
    pub checkpoint_every: f64,
    /// Also save a checkpoint after each level that adds N distinct states (for tests).
    #[arg(long, value_name = "N", hide = true,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub checkpoint_every_states: Option<u64>,
    /// Resume the run whose checkpoint is in DIR (same spec, configuration and options) to
    /// the counts and verdict of an uninterrupted run; it goes on saving checkpoints there.
    #[arg(long, value_name = "DIR", conflicts_with = "simulate")]
    pub recover: Option<PathBuf>,
}

/// A positive number of minutes.
fn parse_minutes(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(minutes) if minutes.is_finite() && minutes > 0.0 && minutes < 1e9 => Ok(minutes),
        _ => Err(format!("{text} is not a positive number of minutes")),
    }
}

impl Default for DiskArgs {
    fn default() -> DiskArgs {
        DiskArgs {
            spill_dir: None,
            spill: false,
            spill_after: None,
            checkpoint: None,
            checkpoint_every: 30.0,
            checkpoint_every_states: None,
            recover: None,
        }
    }
}

impl DiskArgs {
    /// The spill options these flags ask for, with `budget` the memory budget in bytes.
    pub fn spill(&self, budget: impl FnOnce() -> u64) -> Option<SpillOptions> {
        if self.spill_dir.is_none() && !self.spill && self.spill_after.is_none() {
            return None;
        }
        let storage: Arc<dyn Storage> = match &self.spill_dir {
            Some(dir) => FolderStorage::at(dir, true),
            None => FolderStorage::temporary(),
        };
        let (fingerprints_in_memory, queue_in_memory, queue_bytes_in_memory) =
            match self.spill_after {
                Some(states) => (states, states, u64::MAX),
                None => {
                    let budget = budget();
                    ((budget / 4 / 16).max(1), u64::MAX, (budget / 4).max(1))
                }
            };
        Some(SpillOptions {
            storage,
            fingerprints_in_memory,
            queue_in_memory,
            queue_bytes_in_memory,
        })
    }

    /// The checkpoint options these flags ask for (the model's identity is the pipeline's).
    pub fn checkpoint(&self) -> Option<CheckpointOptions> {
        let (dir, resume) = match (&self.checkpoint, &self.recover) {
            (Some(dir), _) => (dir, false),
            (None, Some(dir)) => (dir, true),
            (None, None) => return None,
        };
        Some(CheckpointOptions {
            storage: FolderStorage::at(dir, !resume),
            every: Duration::from_secs_f64(self.checkpoint_every * 60.0),
            every_states: self.checkpoint_every_states,
            resume,
            model: 0,
        })
    }
}

impl CheckArgs {
    /// The run these flags ask for (progress shown by the caller).
    pub fn options(&self) -> RunOptions {
        RunOptions {
            mode: if self.simulate {
                Mode::Simulate(SimulationOptions {
                    depth: self.depth,
                    behaviours: self.num,
                    seed: self.seed,
                })
            } else {
                Mode::Exhaustive
            },
            workers: args::workers(self.workers),
            max_states: self.max_states,
            max_depth: self.max_depth,
            max_seconds: self.max_seconds,
            no_deadlock: self.no_deadlock,
            continue_after_violations: self.continue_after_violations,
            dump_graph: self.dump_graph.is_some(),
            variable_coverage: self.coverage && !self.simulate,
            spill: self.disk.spill(|| {
                self.model
                    .max_memory
                    .unwrap_or_else(crate::memory::default_budget)
            }),
            checkpoint: self.disk.checkpoint(),
            ..RunOptions::default()
        }
    }
}

/// `--coverage-interval` / `--coverage-every-levels`: coverage printed during the run.
fn periodic_coverage(args: &CheckArgs) -> Option<PeriodicCoverage> {
    if args.format != Format::Human {
        return None;
    }
    let every = match (args.coverage_every_levels, args.coverage_interval) {
        (Some(levels), _) => CoverageEvery::Levels(levels.max(1)),
        (None, Some(seconds)) => {
            CoverageEvery::Time(Duration::try_from_secs_f64(seconds.max(0.0)).ok()?)
        }
        (None, None) => return None,
    };
    let report = Arc::new(|coverage: &Coverage| {
        let mut out = std::io::stdout().lock();
        let _ = check_report::write_coverage(&mut out, coverage);
    });
    Some(PeriodicCoverage { every, report })
}

/// Runs `tlafid check`.
pub fn run(args: &CheckArgs) -> ExitStatus {
    let mut files = DiskFiles;
    let mut session = Session::new(&mut files);
    let _watch = args.model.watch(&session);
    let inputs = args.model.inputs(
        args.observe.as_ref(),
        args.requirements.as_ref(),
        Some(&args.reads),
    );
    if args.plan_census {
        let census = tlafid_pipeline::run::plan_census(&mut session, &inputs, &args.options());
        return match census {
            Ok(text) => {
                print!("{text}");
                ExitStatus::Success
            }
            Err(run) => {
                let (sources, diagnostics) = (&session.sources, &session.diagnostics);
                check_report::print(args, &inputs, sources, diagnostics, &run);
                run.outcome.kind().into()
            }
        };
    }
    let display = (!args.simulate).then(|| progress::Display::new(args.format));
    let mut options = args.options();
    if let Some(display) = &display {
        options.progress = display.callback();
        options.progress_interval = display.interval();
    }
    options.periodic_coverage = periodic_coverage(args);
    options.leave_to_exit = true;
    let print_to = args.print_to.unwrap_or(match args.format {
        Format::Human => PrintTo::Stdout,
        Format::Json => PrintTo::Stderr,
    });
    options.print = crate::output::print_sink(print_to).map(|sink| match &display {
        Some(display) => display.around_print(sink),
        None => sink,
    });
    let run = tlafid_pipeline::run(&mut session, &inputs, &options);
    if let Some(display) = &display {
        display.finish();
    }
    let (sources, diagnostics) = (&session.sources, &session.diagnostics);
    match &run.explored {
        Explored::Simulated(simulated) => {
            counterexample::write(
                args.dump_trace.as_deref(),
                simulated.counterexample.dump.as_ref(),
            );
            simulate::print(args, &inputs, sources, diagnostics, &run, simulated);
        }
        Explored::Exhaustive(exhaustive) => {
            counterexample::write(
                args.dump_trace.as_deref(),
                exhaustive.counterexample.dump.as_ref(),
            );
            if let (Some(path), Some(graph)) = (&args.dump_graph, &exhaustive.graph) {
                let style = graph::DotStyle {
                    colorize: false,
                    action_labels: true,
                };
                graph::write_dot(path, graph, style);
            }
            check_report::print(args, &inputs, sources, diagnostics, &run);
        }
        Explored::Nothing | Explored::AssumptionsOnly => {
            check_report::print(args, &inputs, sources, diagnostics, &run)
        }
    }
    run.outcome.kind().into()
}
