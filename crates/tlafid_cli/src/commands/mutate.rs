//! `tlafid mutate`: does each property the model checks actually constrain anything?
//! Vacuity in a subformula, tautology, and behaviour mutants (see `tlafid_mutate`).

use std::path::PathBuf;
use std::time::Duration;

use tlafid_base::{Diagnostic, SourceMap};
use tlafid_mutate::{Analysis, MutateOptions, RunBudget, Verdict};

use tlafid_model::requirements::{exported_name, original_name};

use crate::commands::check::{self, CheckArgs};
use crate::commands::mutate_report;
use crate::commands::requirements::ModelFiles;
use crate::exit::ExitStatus;
use crate::load;
use crate::render::{self, Format};

/// Arguments of `tlafid mutate`.
#[derive(clap::Args)]
pub struct MutateArgs {
    /// The model's root module.
    pub file: PathBuf,
    /// The configuration (default: the `.cfg` file beside the model with the same name).
    #[arg(long, value_name = "C.cfg")]
    pub config: Option<PathBuf>,
    /// A folder to search for modules (after the spec's own folder); may be repeated.
    #[arg(long = "lib", value_name = "DIR")]
    pub libs: Vec<PathBuf>,
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
}

/// Runs `tlafid mutate`.
pub fn run(args: &MutateArgs) -> ExitStatus {
    let mut sources = SourceMap::new();
    let mut diagnostics = Vec::new();
    match analyze(args, &mut sources, &mut diagnostics) {
        Ok(Analysis::ModelFails) => model_fails(args),
        Ok(Analysis::Judged(report)) => {
            mutate_report::print(args.format, &sources, &report, &diagnostics);
            status_of(&report)
        }
        Err(status) => {
            match args.format {
                Format::Human => render::print_human(&sources, &diagnostics),
                Format::Json => render::print_json(&serde_json::json!({
                    "schema_version": 1,
                    "outcome": "error",
                    "diagnostics": render::json_diagnostics(&sources, &diagnostics),
                })),
            }
            status
        }
    }
}

fn analyze(
    args: &MutateArgs,
    sources: &mut SourceMap,
    diagnostics: &mut Vec<Diagnostic>,
) -> Result<Analysis, ExitStatus> {
    if !load::run_flags_valid(args.workers, args.max_seconds, diagnostics) {
        return Err(ExitStatus::Usage);
    }
    let files = ModelFiles {
        model: &args.file,
        config: args.config.as_deref(),
        observe: args.observe.as_deref(),
        libs: &args.libs,
        skip: &[],
    };
    let loaded = files.load(args.requirements.as_deref(), sources, diagnostics)?;
    let definitions = loaded
        .requirements
        .map(|r| r.definitions)
        .unwrap_or_default();
    let (program, config) = (loaded.program, loaded.config);
    let options = MutateOptions {
        properties: match args.requirements {
            Some(_) => args.properties.iter().map(|p| exported_name(p)).collect(),
            None => args.properties.clone(),
        },
        type_invariant: args.type_invariant.clone(),
        max_mutants: args.max_mutants,
        budget: RunBudget {
            max_states: args.max_states,
            max_duration: args.max_seconds.map(Duration::from_secs_f64),
        },
        workers: args.workers.unwrap_or_else(default_workers),
    };
    let analysis = tlafid_mutate::analyze(program, &config, &options).map_err(|problems| {
        let usage = problems.iter().any(|d| {
            d.code == tlafid_mutate::codes::UNKNOWN_PROPERTY
                || d.code == tlafid_mutate::codes::BAD_TYPE_INVARIANT
        });
        diagnostics.extend(problems);
        if usage {
            ExitStatus::Usage
        } else {
            ExitStatus::ConfigError
        }
    })?;
    Ok(match analysis {
        Analysis::Judged(mut report) => {
            for property in &mut report.properties {
                if let Some(name) = original_name(&property.name) {
                    property.name = name.to_string();
                }
                if let Some(def) = definitions.iter().find(|d| d.name == property.name) {
                    property.span = def.span;
                }
            }
            Analysis::Judged(report)
        }
        fails => fails,
    })
}

/// The model fails its own checks: nothing can be judged; report it exactly as `check` does.
fn model_fails(args: &MutateArgs) -> ExitStatus {
    if args.format == Format::Human {
        eprintln!(
            "tlafid mutate: the model itself fails (a property is violated, or an assumption, \
             or evaluation); here is what `tlafid check` reports:"
        );
    }
    check::run(&CheckArgs {
        file: args.file.clone(),
        config: args.config.clone(),
        libs: args.libs.clone(),
        workers: args.workers,
        format: args.format,
        max_states: args.max_states,
        max_depth: None,
        max_seconds: args.max_seconds,
        no_deadlock: false,
        dump_trace: None,
        requirements: args.requirements.clone(),
        observe: args.observe.clone(),
        skip_requirements: Vec::new(),
        run_only: false,
        simulate: false,
        depth: 100,
        num: 1000,
        seed: 0,
        inputs: Default::default(),
    })
}

/// 0 when every property is load-bearing; 4 when some is vacuous, a tautology or not
/// load-bearing; else 3 when some verdict is inconclusive.
fn status_of(report: &tlafid_mutate::MutationReport) -> ExitStatus {
    let verdicts: Vec<Verdict> = report.properties.iter().map(|p| p.verdict).collect();
    if verdicts.iter().any(|v| {
        matches!(
            v,
            Verdict::Vacuous | Verdict::Tautology | Verdict::NotLoadBearing
        )
    }) {
        ExitStatus::WeakProperty
    } else if verdicts.contains(&Verdict::Inconclusive) {
        ExitStatus::Incomplete
    } else {
        ExitStatus::Success
    }
}

fn default_workers() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}
