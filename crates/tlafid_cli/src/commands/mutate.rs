//! `tlafid mutate`: does each property the model checks actually constrain anything?
//! Vacuity in a subformula, tautology, and behaviour mutants (see `tlafid_mutate`).

use std::path::PathBuf;

use tlafid_pipeline::mutate::{self, Mutation, MutationOptions, Overall};
use tlafid_pipeline::report::MutateReport;
use tlafid_pipeline::{LoadFailure, Session};

use crate::args::{self, ModelArgs};
use crate::commands::check::CheckArgs;
use crate::commands::{check_report, mutate_report};
use crate::exit::ExitStatus;
use crate::files::DiskFiles;
use crate::inputs::InputArgs;
use crate::render::{self, Format};

/// Arguments of `tlafid mutate`.
#[derive(clap::Args)]
pub struct MutateArgs {
    #[command(flatten)]
    pub model: ModelArgs,
    /// Judge only this invariant or property (by its configured name); may be repeated.
    #[arg(long = "property", value_name = "NAME")]
    pub properties: Vec<String>,
    /// The type invariant (default: TypeOK, TypeInvariant or TypeInv when defined).
    #[arg(long, value_name = "NAME")]
    pub type_invariant: Option<String>,
    /// The most mutants explored (evenly spread over the mutation sites found).
    #[arg(long, value_name = "N", default_value_t = 100)]
    pub max_mutants: usize,
    /// Distinct states per exploration (the model's, and each mutant's).
    #[arg(long, value_name = "N")]
    pub max_states: Option<u64>,
    /// Seconds per exploration (the model's, and each mutant's).
    #[arg(long, value_name = "S")]
    pub max_seconds: Option<f64>,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long, value_name = "N")]
    pub workers: Option<usize>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
    /// Judge the requirements of this module instead of the configuration's invariants and
    /// properties (as `check --requirements`; `R.cfg` beside it lists them).
    #[arg(long, value_name = "R.tla")]
    pub requirements: Option<PathBuf>,
    /// With `--requirements`: an observation module that EXTENDS the model and defines the
    /// observables the model lacks.
    #[arg(long, value_name = "Obs.tla", requires = "requirements")]
    pub observe: Option<PathBuf>,
    #[command(flatten)]
    pub reads: InputArgs,
}

/// Runs `tlafid mutate`.
pub fn run(args: &MutateArgs) -> ExitStatus {
    let mut files = DiskFiles;
    let mut session = Session::new(&mut files);
    let _watch = args.model.watch(&session);
    let inputs = args.model.inputs(
        args.observe.as_ref(),
        args.requirements.as_ref(),
        Some(&args.reads),
    );
    let options = MutationOptions {
        properties: args.properties.clone(),
        type_invariant: args.type_invariant.clone(),
        max_mutants: args.max_mutants,
        max_states: args.max_states,
        max_seconds: args.max_seconds,
        workers: args::workers(args.workers),
    };
    let mutation = mutate::mutate(&mut session, &inputs, &options);
    let (sources, diagnostics) = (&session.sources, &session.diagnostics);
    match mutation {
        Mutation::Judged(report) => {
            mutate_report::print(args.format, &inputs, sources, &report, diagnostics);
            match mutate::overall(&report) {
                Overall::LoadBearing => ExitStatus::Success,
                Overall::Weak => ExitStatus::WeakProperty,
                Overall::Inconclusive => ExitStatus::Incomplete,
            }
        }
        Mutation::ModelFails(run) => {
            // The model fails its own checks: report it exactly as `check` does.
            if args.format == Format::Human {
                eprintln!(
                    "tlafid mutate: the model itself fails (a property is violated, or an assumption, \
                     or evaluation); here is what `tlafid check` reports:"
                );
            }
            let check = CheckArgs {
                model: args.model.clone(),
                workers: args.workers,
                format: args.format,
                max_states: args.max_states,
                max_depth: None,
                max_seconds: args.max_seconds,
                no_deadlock: false,
                dump_trace: None,
                coverage: false,
                coverage_interval: None,
                coverage_every_levels: None,
                plan_census: false,
                dump_graph: None,
                continue_after_violations: false,
                diff_trace: false,
                liveness_stats: false,
                requirements: args.requirements.clone(),
                observe: args.observe.clone(),
                simulate: false,
                depth: 100,
                num: 1000,
                seed: 0,
                reads: Default::default(),
                disk: Default::default(),
                print_to: None,
            };
            check_report::print(&check, &inputs, sources, diagnostics, &run);
            run.outcome.kind().into()
        }
        Mutation::Stopped(failure) => {
            match args.format {
                Format::Human => render::print_human(sources, diagnostics),
                Format::Json => render::print_json(&MutateReport::failed(
                    sources,
                    diagnostics,
                    &inputs,
                    failure,
                )),
            }
            match failure {
                LoadFailure::Usage => ExitStatus::Usage,
                LoadFailure::Spec => ExitStatus::SpecError,
                LoadFailure::Config => ExitStatus::ConfigError,
            }
        }
    }
}
