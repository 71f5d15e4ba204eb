//! `tlafid check`: explore a model's state space as TLC does.

use std::path::PathBuf;
use std::time::Duration;

use tlafid_base::{Diagnostic, SourceMap};
use tlafid_check::{Explorer, Options};

use crate::commands::check_report::{self, Finish};
use crate::exit::ExitStatus;
use crate::files;
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
}

/// Runs `tlafid check`.
pub fn run(args: &CheckArgs) -> ExitStatus {
    let mut sources = SourceMap::new();
    let mut diagnostics = Vec::new();
    let finish = check(args, &mut sources, &mut diagnostics);
    check_report::print(args, &sources, &diagnostics, &finish);
    finish.status()
}

fn check(args: &CheckArgs, sources: &mut SourceMap, diagnostics: &mut Vec<Diagnostic>) -> Finish {
    if args.workers == Some(0)
        || args
            .max_seconds
            .is_some_and(|s| !(s.is_finite() && s > 0.0))
    {
        diagnostics.push(Diagnostic::error_nowhere(
            files::CODE_BAD_FLAG,
            "--workers must be at least 1 and --max-seconds a positive number",
        ));
        return Finish::Usage;
    }
    let mut program = match load::program(&args.file, &args.libs, sources, diagnostics) {
        Ok(program) => program,
        Err(ExitStatus::Usage) => return Finish::Usage,
        Err(_) => return Finish::SpecError,
    };
    let Ok(config) = load::config(&args.file, args.config.as_deref(), sources, diagnostics) else {
        return Finish::ConfigError;
    };
    let bound = tlafid_model::prepare(&mut program, &config)
        .and_then(|spec| tlafid_model::bind(&program, &config, spec));
    let mut model = match bound {
        Ok(model) => model,
        Err(problems) => {
            diagnostics.extend(problems);
            return Finish::ConfigError;
        }
    };
    diagnostics.append(&mut model.warnings);
    if let Err(error) = model.evaluator.check_assumes() {
        let assumption_false = error.code == tlafid_eval::E_ASSERT;
        diagnostics.push(error.to_diagnostic());
        return if assumption_false {
            Finish::AssumptionFalse
        } else {
            Finish::EvalError
        };
    }
    if model.spec.is_none() {
        return Finish::AssumptionsOnly;
    }
    let options = Options {
        workers: args.workers.unwrap_or_else(default_workers),
        check_deadlock: model.check_deadlock && !args.no_deadlock,
        max_states: args.max_states,
        max_depth: args.max_depth,
        max_duration: args.max_seconds.map(Duration::from_secs_f64),
        progress: check_report::progress_printer(args.format),
        ..Options::default()
    };
    let explorer = Explorer::new(model, options);
    match explorer.run() {
        Ok(report) => check_report::finish(args, sources, explorer.system(), report, diagnostics),
        Err(problem) => {
            diagnostics.push(problem);
            Finish::SystemError
        }
    }
}

fn default_workers() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}
