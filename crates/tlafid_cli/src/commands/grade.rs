//! `tlafid grade`: a benchmark grader's scorecard for one model, in SysMoBench's phases
//! (`tlafid_pipeline::grade` runs them); this prints it.

use std::path::PathBuf;

use tlafid_pipeline::grade::{self, GradeOptions, GradeProfile, PhaseVerdict, Scorecard};
use tlafid_pipeline::report::GradeReport;
use tlafid_pipeline::{ModelInputs, Session};

use crate::args::{self, ModelArgs};
use crate::exit::ExitStatus;
use crate::files::DiskFiles;
use crate::inputs::InputArgs;
use crate::render::{self, Format};

/// The modes of `grade` that take many models from files, not one from the command line.
const MANY_MODELS: [&str; 3] = ["batch", "merge", "leaderboard"];

/// Arguments of `tlafid grade`.
#[derive(clap::Args)]
#[command(mut_arg("file", |file| file.required(false).required_unless_present_any(MANY_MODELS)))]
// A model's own options cannot go with the modes that grade many models: said by name here,
// before clap would ask for the model FILE they belong with.
#[command(mut_arg("config", |arg| arg.conflicts_with_all(MANY_MODELS)))]
#[command(mut_arg("libs", |arg| arg.conflicts_with_all(MANY_MODELS)))]
#[command(mut_arg("max_memory", |arg| arg.conflicts_with_all(MANY_MODELS)))]
pub struct GradeArgs {
    /// The model (absent with --batch, --merge and --leaderboard).
    #[command(flatten)]
    pub model: Option<ModelArgs>,
    /// Recorded traces for the conformance phase (files, folders or globs); may be repeated.
    #[arg(long = "traces", value_name = "TRACE")]
    pub traces: Vec<String>,
    /// The configuration for trace validation (default: --config).
    #[arg(long, value_name = "C.cfg")]
    pub trace_config: Option<PathBuf>,
    /// How PGo logs among the traces map onto the model (as `trace --trace-map`).
    #[arg(long, value_name = "MAP.json")]
    pub trace_map: Option<PathBuf>,
    /// Reviewed requirements for the invariants phase (`R.cfg` beside it lists them).
    #[arg(long, value_name = "R.tla")]
    pub requirements: Option<PathBuf>,
    /// An observation module that EXTENDS the model and defines the observables the model
    /// lacks (for traces and requirements).
    #[arg(long, value_name = "Obs.tla")]
    pub observe: Option<PathBuf>,
    /// Runtime phase: behaviours to simulate (also `--num`, as in `check --simulate`).
    #[arg(long, visible_alias = "num", value_name = "K", default_value_t = 100)]
    pub behaviours: u64,
    /// Runtime phase: the most steps in one behaviour (SysMoBench's 50; `check --simulate`
    /// uses TLC's 100).
    #[arg(long, value_name = "N", default_value_t = 50)]
    pub depth: u32,
    /// Runtime phase: the seed of the random choices.
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,
    /// Invariants phase: stop each exploration (incomplete) after this many distinct states.
    #[arg(long, value_name = "N")]
    pub max_states: Option<u64>,
    /// Runtime and invariants phases: stop each run (incomplete) after this many seconds.
    #[arg(long, value_name = "S")]
    pub max_seconds: Option<f64>,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long, value_name = "N")]
    pub workers: Option<usize>,
    /// Whose rules the phases follow: `sysmobench` runs the runtime phase as SysMoBench
    /// does (exhaustive, deadlock off, invariants on, 60 s unless --max-seconds; a budget
    /// that runs out counts as a pass, and the scorecard says so).
    #[arg(long, value_enum, default_value_t)]
    pub profile: ProfileArg,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
    /// What the spec may read: `--allow-read`, `--env`.
    #[command(flatten)]
    pub reads: InputArgs,
    /// Many models at once: `--batch`, `--shard`, `--merge`, `--leaderboard`.
    #[command(flatten)]
    pub batch: super::batch::BatchArgs,
}

/// Grading profiles as named on the command line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum ProfileArg {
    /// tlafid's rules.
    #[default]
    Default,
    /// SysMoBench's runtime phase.
    Sysmobench,
}

/// Runs `tlafid grade`.
pub fn run(args: &GradeArgs) -> ExitStatus {
    if let Some(status) = super::batch::run(args) {
        return status;
    }
    let Some(model) = &args.model else {
        eprintln!("error: grade needs a model (FILE), or --batch, --merge or --leaderboard");
        return ExitStatus::Usage;
    };
    let mut files = DiskFiles;
    let mut session = Session::new(&mut files);
    let _watch = model.watch(&session);
    let inputs = model.inputs(
        args.observe.as_ref(),
        args.requirements.as_ref(),
        Some(&args.reads),
    );
    let options = GradeOptions {
        traces: args.traces.clone(),
        trace_config: args.trace_config.clone(),
        trace_map: args.trace_map.clone(),
        behaviours: args.behaviours,
        depth: args.depth,
        seed: args.seed,
        max_states: args.max_states,
        max_seconds: args.max_seconds,
        workers: args::workers(args.workers),
        profile: match args.profile {
            ProfileArg::Default => GradeProfile::Default,
            ProfileArg::Sysmobench => GradeProfile::Sysmobench,
        },
    };
    let scorecard = grade::grade(&mut session, &inputs, &options);
    print(args, &inputs, &session, &scorecard);
    // 0 when every phase that ran passed; 3 when none failed but one is incomplete; 5 when
    // one failed.
    match scorecard.verdict() {
        PhaseVerdict::Fail => ExitStatus::PhaseFailed,
        PhaseVerdict::Incomplete => ExitStatus::Incomplete,
        PhaseVerdict::Pass | PhaseVerdict::Skipped => ExitStatus::Success,
    }
}

fn print(args: &GradeArgs, inputs: &ModelInputs, session: &Session<'_>, scorecard: &Scorecard) {
    let (sources, diagnostics) = (&session.sources, &session.diagnostics);
    match args.format {
        Format::Json => {
            render::print_json(&GradeReport::new(sources, diagnostics, inputs, scorecard))
        }
        Format::Human => {
            render::print_human(sources, diagnostics);
            let score = |s: Option<f64>| s.map_or("-".to_string(), |s| format!("{s:.2}"));
            outln!("{:<12} {:<10} {:<6} summary", "phase", "verdict", "score");
            for phase in &scorecard.phases {
                outln!(
                    "{:<12} {:<10} {:<6} {}",
                    phase.name,
                    phase.verdict.name(),
                    score(phase.score()),
                    phase.summary
                );
                for failing in phase.failing() {
                    outln!("{:<30} failing: {failing}", "");
                }
            }
            let ran = scorecard
                .phases
                .iter()
                .filter(|p| p.score().is_some())
                .count();
            let verdict = scorecard.verdict();
            // An undecided phase leaves no overall score: the decided phases' mean is partial.
            let (overall, how) = match (verdict, scorecard.score()) {
                (PhaseVerdict::Incomplete, Some(partial)) => (
                    None,
                    format!("no score while a phase is undecided (partial: {partial:.2}, the mean of the {ran} phase(s) that decided)"),
                ),
                (_, overall) => (overall, format!("mean of the {ran} phase(s) that decided")),
            };
            outln!(
                "{:<12} {:<10} {:<6} {how}",
                "overall",
                verdict.name(),
                score(overall)
            );
        }
    }
}
