//! `tlafid check`: explore a model's state space as TLC does.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use tlafid_base::{Diagnostic, SourceMap};
use tlafid_check::{Explorer, Options};
use tlafid_eval::Value;
use tlafid_model::Model;

use crate::commands::check_report::{self, Finish};
use crate::commands::requirements::ModelFiles;
use crate::commands::{progress, simulate};
use crate::exit::ExitStatus;
use crate::inputs::InputArgs;
use crate::load;
use crate::render::Format;

/// Arguments of `tlafid check`.
#[derive(clap::Args)]
pub struct CheckArgs {
    /// The model's root module.
    pub file: PathBuf,
    /// The configuration (default: the `.cfg` file beside the model with the same name).
    #[arg(long, value_name = "C.cfg")]
    pub config: Option<PathBuf>,
    /// A folder to search for modules (after the spec's own folder); may be repeated.
    #[arg(long = "lib", value_name = "DIR")]
    pub libs: Vec<PathBuf>,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long, value_name = "N")]
    pub workers: Option<usize>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
    /// Stop (incomplete) after this many distinct states.
    #[arg(long, value_name = "N")]
    pub max_states: Option<u64>,
    /// Stop (incomplete) after this many breadth-first levels.
    #[arg(long, value_name = "N")]
    pub max_depth: Option<u32>,
    /// Stop (incomplete) after this many seconds.
    #[arg(long, value_name = "S")]
    pub max_seconds: Option<f64>,
    /// Do not report deadlocks (as TLC's `-deadlock`).
    #[arg(long)]
    pub no_deadlock: bool,
    /// Write the counterexample, if any, to this file as an ITF trace.
    #[arg(long, value_name = "FILE.itf.json")]
    pub dump_trace: Option<PathBuf>,
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
    /// Requirements not to check (set by `grade`, not a flag).
    #[arg(skip)]
    pub skip_requirements: Vec<String>,
    /// Check none of the configuration's invariants and properties, only that the model
    /// runs (set by `grade`'s runtime phase, not a flag).
    #[arg(skip)]
    pub run_only: bool,
    /// Run random behaviours instead of exploring every state (as TLC's `-simulate`).
    #[arg(long)]
    pub simulate: bool,
    /// With `--simulate`: the most steps in one behaviour (TLC's `-depth`).
    #[arg(long, value_name = "N", default_value_t = 100, requires = "simulate")]
    pub depth: u32,
    /// With `--simulate`: how many behaviours to run (TLC's `-simulate num=K`).
    #[arg(long, value_name = "K", default_value_t = 1000, requires = "simulate")]
    pub num: u64,
    /// With `--simulate`: the seed of the random choices (TLC's `-seed`).
    #[arg(long, value_name = "S", default_value_t = 0, requires = "simulate")]
    pub seed: u64,
    /// What the spec may read: `--allow-read`, `--env`.
    #[command(flatten)]
    pub inputs: InputArgs,
}

/// Runs `tlafid check`.
pub fn run(args: &CheckArgs) -> ExitStatus {
    if args.simulate {
        return simulate::run(args);
    }
    let mut sources = SourceMap::new();
    let mut diagnostics = Vec::new();
    let finish = with_model(
        args,
        &mut sources,
        &mut diagnostics,
        |model, sources, diags| explore(args, sources, model, diags),
    )
    .unwrap_or_else(|failed| failed);
    check_report::print(args, &sources, &diagnostics, &finish);
    finish.status()
}

/// Loads, binds and checks the `ASSUME`s of the model, then hands it to `then`; or says how
/// it failed (with the diagnostics in `diagnostics`).
pub(crate) fn with_model<R>(
    args: &CheckArgs,
    sources: &mut SourceMap,
    diagnostics: &mut Vec<Diagnostic>,
    then: impl FnOnce(Model<'_>, &SourceMap, &mut Vec<Diagnostic>) -> R,
) -> Result<R, Finish> {
    if !load::run_flags_valid(args.workers, args.max_seconds, diagnostics) {
        return Err(Finish::Usage);
    }
    let inputs = args.inputs.spec_inputs().map_err(|problem| {
        diagnostics.push(problem);
        Finish::Usage
    })?;
    let files = ModelFiles {
        model: &args.file,
        config: args.config.as_deref(),
        observe: args.observe.as_deref(),
        libs: &args.libs,
        skip: &args.skip_requirements,
    };
    let loaded = files
        .load(args.requirements.as_deref(), sources, diagnostics)
        .map_err(|status| match status {
            ExitStatus::Usage => Finish::Usage,
            ExitStatus::ConfigError => Finish::ConfigError,
            _ => Finish::SpecError,
        })?;
    let (mut program, mut config) = (loaded.program, loaded.config);
    if args.run_only {
        config.invariants.clear();
        config.properties.clear();
    }
    let bound = tlafid_model::prepare(&mut program, &config)
        .and_then(|spec| tlafid_model::bind(&program, &config, spec));
    let mut model = match bound {
        Ok(model) => model,
        Err(problems) => {
            diagnostics.extend(problems);
            return Err(Finish::ConfigError);
        }
    };
    diagnostics.append(&mut model.warnings);
    if args.requirements.is_some() {
        model.rename_checks(tlafid_model::requirements::original_name);
    }
    let tlc_config = tlc_config(args, check_deadlock(args, &model));
    model.evaluator.set_tlc_config(tlc_config);
    model.evaluator.set_inputs(inputs);
    if let Err(error) = model.evaluator.check_assumes() {
        let assumption_false = error.code == tlafid_eval::E_ASSERT;
        diagnostics.push(error.to_diagnostic());
        return Err(if assumption_false {
            Finish::AssumptionFalse
        } else {
            Finish::EvalError
        });
    }
    if model.spec.is_none() {
        return Err(Finish::AssumptionsOnly);
    }
    Ok(then(model, sources, diagnostics))
}

pub(crate) fn explore(
    args: &CheckArgs,
    sources: &SourceMap,
    model: Model<'_>,
    diagnostics: &mut Vec<Diagnostic>,
) -> Finish {
    let display = progress::Display::new(args.format);
    let defaults = Options::default();
    let options = Options {
        workers: workers(args),
        check_deadlock: check_deadlock(args, &model),
        max_states: args.max_states,
        max_depth: args.max_depth,
        max_duration: args.max_seconds.map(Duration::from_secs_f64),
        progress: display.callback(),
        progress_interval: display.interval().unwrap_or(defaults.progress_interval),
        ..defaults
    };
    let explorer = Explorer::new(model, options);
    let finish = match explorer.run() {
        Ok(report) => check_report::finish(args, sources, explorer.system(), report, diagnostics),
        Err(problem) => {
            diagnostics.push(problem);
            Finish::SystemError
        }
    };
    display.finish();
    finish
}

/// Whether deadlock is checked: the configuration's `CHECK_DEADLOCK` and `--no-deadlock`;
/// never for `--requirements` (a deadlock is the model's business, not a requirement's).
pub(crate) fn check_deadlock(args: &CheckArgs, model: &Model<'_>) -> bool {
    model.check_deadlock && !args.no_deadlock && args.requirements.is_none()
}

/// The worker threads to use.
pub(crate) fn workers(args: &CheckArgs) -> usize {
    args.workers.unwrap_or_else(default_workers)
}

/// `TLCGet("config")`: the fields of TLC's record that have a meaning here (TLC adds its
/// installation path and fingerprint seed, which do not).
fn tlc_config(args: &CheckArgs, deadlock: bool) -> Value {
    let mut fields = vec![
        ("deadlock", Value::Bool(deadlock)),
        ("worker", Value::Int(workers(args) as i64)),
    ];
    if args.simulate {
        fields.push(("mode", Value::str("simulate")));
        fields.push(("seed", Value::str(&args.seed.to_string())));
        fields.push(("traces", Value::Int(args.num as i64)));
        fields.push(("depth", Value::Int(i64::from(args.depth))));
    } else {
        fields.push(("mode", Value::str("bfs")));
    }
    Value::record(fields.into_iter().map(|(k, v)| (Arc::from(k), v)).collect())
}

fn default_workers() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}
