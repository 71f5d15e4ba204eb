//! `tlafid check`: explore a model's state space as TLC does, or simulate it.

use std::path::PathBuf;

use tlafid_pipeline::{Explored, Mode, RunOptions, Session, SimulationOptions};

use crate::args::{self, ModelArgs};
use crate::commands::{check_report, counterexample, progress, simulate};
use crate::exit::ExitStatus;
use crate::files::DiskFiles;
use crate::inputs::InputArgs;
use crate::render::Format;

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
    /// Print each action's coverage after the counts: the distinct states it found first and
    /// the states it generated (TLC's `-coverage`; the JSON report always has them).
    #[arg(long)]
    pub coverage: bool,
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
            ..RunOptions::default()
        }
    }
}

/// Runs `tlafid check`.
pub fn run(args: &CheckArgs) -> ExitStatus {
    let mut files = DiskFiles;
    let mut session = Session::new(&mut files);
    let _watchdog = args.model.watch_memory(&session);
    let inputs = tlafid_pipeline::ModelInputs {
        reads: args.reads.reads(),
        ..args
            .model
            .inputs(args.observe.as_ref(), args.requirements.as_ref())
    };
    let display = (!args.simulate).then(|| progress::Display::new(args.format));
    let mut options = args.options();
    if let Some(display) = &display {
        options.progress = display.callback();
        options.progress_interval = display.interval();
    }
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
            check_report::print(args, &inputs, sources, diagnostics, &run);
        }
        Explored::Nothing | Explored::AssumptionsOnly => {
            check_report::print(args, &inputs, sources, diagnostics, &run)
        }
    }
    run.outcome.kind().into()
}
