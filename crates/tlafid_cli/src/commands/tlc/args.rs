//! TLC's command line, read as `tlc2.TLC` reads it: single-dash options in any order and
//! one spec file. Every option TLC accepts is honoured, accepted as having no effect on the
//! result (with the reason in [`NO_EFFECT`]), or refused by name.

use std::path::PathBuf;
use std::time::Duration;

use tlafid_pipeline::run::CoverageEvery;

use crate::commands::graph::DotStyle;

/// What a TLC command line asks for.
#[derive(Clone, Debug, PartialEq)]
pub struct TlcOptions {
    /// The root module (`.tla` added when it was left out, as TLC does).
    pub spec: PathBuf,
    /// `-config FILE` (`.cfg` added when left out); default: beside the spec.
    pub config: Option<PathBuf>,
    /// `-workers N|auto`.
    pub workers: Workers,
    /// Deadlock is checked unless `-deadlock` was given.
    pub check_deadlock: bool,
    /// `-simulate [num=K,...]`: random behaviours instead of breadth-first search.
    pub simulate: Option<Simulate>,
    /// `-depth N`: the length of a simulated behaviour (TLC's default 100).
    pub depth: u32,
    /// `-seed N`.
    pub seed: Option<i64>,
    /// `-tool`: TLC's message framing (`@!@!@STARTMSG code:class @!@!@`).
    pub tool: bool,
    /// `-coverage N`: print action coverage every N minutes (at least one) and at the end.
    pub coverage: bool,
    /// When coverage is printed during the run: `-coverage N`'s minutes, or tlafid's own
    /// `--coverage-every-levels K` (every K breadth-first levels: deterministic, for tests).
    pub coverage_every: Option<CoverageEvery>,
    /// `-difftrace`: in a behaviour, print only the variables a step changes.
    pub diff_trace: bool,
    /// `-dumpTrace FORMAT FILE`, in the order given.
    pub dump_traces: Vec<(DumpFormat, PathBuf)>,
    /// `-nowarning`.
    pub no_warnings: bool,
    /// `-dump [dot[,colorize,actionlabels]] FILE`: the state graph (DOT) or every state.
    pub dump: Option<StateDump>,
    /// `-continue`: go on after an invariant or action-property violation, reporting each.
    pub continue_after_violations: bool,
    /// tlafid's own `--env NAME=VALUE`: what the spec's `IOEnv` shows (TLC shows the process's
    /// whole environment; tlafid shows only what is named).
    pub env: Vec<String>,
    /// tlafid's own `--allow-read PATH`: files (or folders) a trace harness may read.
    pub allow_read: Vec<PathBuf>,
}

/// What `-dump` writes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StateDump {
    /// The file (`.dot` or `.dump` added when left out, as TLC does).
    pub file: PathBuf,
    /// A DOT graph (`dot,...`), else the list of states.
    pub dot: Option<DotStyle>,
}

/// The number of workers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Workers {
    /// `-workers auto`: one per core.
    Auto,
    /// `-workers N`.
    Count(usize),
}

/// `-simulate`'s arguments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Simulate {
    /// `num=K`: how many behaviours (TLC: unbounded when absent).
    pub behaviours: Option<u64>,
}

/// A format of `-dumpTrace`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DumpFormat {
    /// `json`: TLC's `_JsonTrace` object (`counterexample` with `state` and `action`, `vars`).
    Json,
    /// `tla`: a module defining `CounterExample` (TLC's `_TLAPlusCounterExample`).
    Tla,
    /// `dot`: a GraphViz digraph of the behaviour (TLC's `_DotTrace`).
    Dot,
}

/// Why a command line was not accepted: the message TLC prints (with `Error: `), or the
/// usage TLC prints for `-h`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgsError {
    /// `-h`/`-help`.
    Help,
    /// A malformed command line (TLC's own wording where it has one).
    Invalid(String),
    /// An option TLC has and tlafid does not honour.
    Unsupported {
        /// The option as given.
        option: String,
        /// Why not.
        reason: &'static str,
    },
}

/// Options TLC accepts whose effect is on TLC's own machinery, not on the verdict, the
/// counts or the transcript tlafid prints; each takes the given number of values.
pub const NO_EFFECT: &[(&str, usize, &str)] = &[
    (
        "-modelcheck",
        0,
        "breadth-first model checking is the default",
    ),
    (
        "-noGenerateSpecTE",
        0,
        "tlafid never writes a trace-exploration spec",
    ),
    ("-noTE", 0, "tlafid never writes a trace-exploration spec"),
    (
        "-noGenerateSpecTEBin",
        0,
        "tlafid never writes a trace-exploration spec",
    ),
    (
        "-noTEBin",
        0,
        "tlafid never writes a trace-exploration spec",
    ),
    (
        "-teSpecOutDir",
        1,
        "tlafid never writes a trace-exploration spec",
    ),
    ("-metadir", 1, "tlafid keeps no state files"),
    ("-cleanup", 0, "tlafid keeps no state files"),
    ("-gzip", 0, "tlafid keeps no state files"),
    ("-checkpoint", 1, "tlafid writes no checkpoints"),
    ("-fp", 1, "tlafid's fingerprints have fixed seeds"),
    ("-fpbits", 1, "tlafid's seen set is in memory"),
    ("-fpmem", 1, "tlafid's seen set is in memory"),
    (
        "-lncheck",
        1,
        "liveness is checked once the state graph is complete; the verdict is the same",
    ),
    ("-terse", 0, "values are printed in full"),
    ("-aril", 1, "tlafid's simulation seed is -seed"),
    ("-maxSetSize", 1, "tlafid enumerates sets of any size"),
];

/// Options TLC has that tlafid refuses, with the reason.
const UNSUPPORTED: &[(&str, &str)] = &[
    ("-view", "traces are printed without the VIEW"),
    ("-recover", "tlafid writes no checkpoints to recover from"),
    ("-debug", "there is no debugger"),
    ("-debugger", "there is no debugger"),
    (
        "-dfid",
        "depth-first iterative deepening is not implemented",
    ),
    ("-inv", "invariants come from the configuration file"),
    ("-invlevel", "invariants come from the configuration file"),
    ("-loadTrace", "use `tlafid trace` to check a recorded trace"),
    (
        "-postCondition",
        "POSTCONDITION comes from the configuration file",
    ),
    (
        "-userFile",
        "what a spec prints goes to standard output only",
    ),
    (
        "-generate",
        "probabilistic generation is not implemented; use -simulate",
    ),
    (
        "-generateSpecTE",
        "tlafid never writes a trace-exploration spec",
    ),
    ("-suppressMessages", "message codes cannot be suppressed"),
    ("-messagesAsErrors", "message codes cannot be promoted"),
];

/// Reads TLC's arguments (everything after `tlafid tlc`).
pub fn parse(args: &[String]) -> Result<TlcOptions, ArgsError> {
    let mut options = TlcOptions {
        spec: PathBuf::new(),
        config: None,
        workers: Workers::Count(1),
        check_deadlock: true,
        simulate: None,
        depth: 100,
        seed: None,
        tool: false,
        coverage: false,
        coverage_every: None,
        diff_trace: false,
        dump_traces: Vec::new(),
        no_warnings: false,
        continue_after_violations: false,
        dump: None,
        env: Vec::new(),
        allow_read: Vec::new(),
    };
    let mut spec: Option<String> = None;
    let mut at = 0;
    while at < args.len() {
        let arg = args[at].as_str();
        at += 1;
        match arg {
            "-h" | "-help" => return Err(ArgsError::Help),
            "-config" => {
                options.config = Some(with_extension(&take(args, &mut at, arg, "a file")?, "cfg"))
            }
            "-workers" => {
                options.workers = workers(&take(args, &mut at, arg, "a number or 'auto'")?)?
            }
            "-deadlock" => options.check_deadlock = false,
            "-tool" => options.tool = true,
            "-difftrace" => options.diff_trace = true,
            "-nowarning" => options.no_warnings = true,
            "-continue" => options.continue_after_violations = true,
            "-dump" => options.dump = Some(dump(args, &mut at)?),
            "--env" => options.env.push(take(args, &mut at, arg, "NAME=VALUE")?),
            "--allow-read" => options
                .allow_read
                .push(PathBuf::from(take(args, &mut at, arg, "a path")?)),
            "-coverage" => {
                let minutes = take(args, &mut at, arg, "a number of minutes")?;
                match minutes.parse::<i64>() {
                    Ok(m) if m >= 0 => {
                        options.coverage = true;
                        let seconds = 60 * m.clamp(1, 1 << 20) as u64;
                        if options.coverage_every.is_none() {
                            options.coverage_every =
                                Some(CoverageEvery::Time(Duration::from_secs(seconds)));
                        }
                    }
                    _ => {
                        return Err(ArgsError::Invalid(format!(
                            "An integer for coverage report interval required. But encountered {minutes}"
                        )))
                    }
                }
            }
            "--coverage-every-levels" => {
                let levels = take(args, &mut at, arg, "a number of levels")?;
                let levels = levels
                    .parse::<u32>()
                    .ok()
                    .filter(|&l| l > 0)
                    .ok_or_else(|| {
                        ArgsError::Invalid(format!(
                            "--coverage-every-levels requires a positive number, not {levels}"
                        ))
                    })?;
                options.coverage = true;
                options.coverage_every = Some(CoverageEvery::Levels(levels));
            }
            "-depth" => {
                let depth = take(args, &mut at, arg, "a number")?;
                options.depth = depth
                    .parse::<i64>()
                    .ok()
                    .map(|d| d.clamp(0, i64::from(u32::MAX)) as u32)
                    .ok_or_else(|| {
                        ArgsError::Invalid(format!(
                            "An integer for trace length required. But encountered {depth}"
                        ))
                    })?;
            }
            "-seed" => {
                let seed = take(args, &mut at, arg, "a number")?;
                options.seed = Some(seed.parse::<i64>().map_err(|_| {
                    ArgsError::Invalid(format!(
                        "An integer for seed required. But encountered {seed}"
                    ))
                })?);
            }
            "-simulate" => {
                let mut simulate = Simulate { behaviours: None };
                if let Some(next) = args.get(at).filter(|a| is_simulate_args(a)) {
                    at += 1;
                    for part in next.split(',') {
                        simulate_arg(part, &mut simulate)?;
                    }
                }
                options.simulate = Some(simulate);
            }
            _ if arg.eq_ignore_ascii_case("-dumpTrace") => {
                let format = take(args, &mut at, arg, "a format and a file")?;
                let file = take(args, &mut at, arg, "a file")?;
                let format = match format.to_ascii_lowercase().as_str() {
                    "json" => DumpFormat::Json,
                    "tla" => DumpFormat::Tla,
                    "dot" => DumpFormat::Dot,
                    "tlc" | "tlcplain" | "tlcaction" | "tlctespec" => {
                        return Err(ArgsError::Unsupported {
                            option: format!("-dumpTrace {format}"),
                            reason: "tlafid writes -dumpTrace json, tla and dot",
                        })
                    }
                    _ => {
                        return Err(ArgsError::Invalid(format!(
                            "Unknown format {format} given to -dumpTrace."
                        )))
                    }
                };
                options.dump_traces.push((format, PathBuf::from(file)));
            }
            _ => {
                if let Some(&(_, values, _)) = NO_EFFECT.iter().find(|(name, ..)| *name == arg) {
                    for _ in 0..values {
                        take(args, &mut at, arg, "a value")?;
                    }
                } else if let Some(&(_, reason)) = UNSUPPORTED
                    .iter()
                    .find(|(name, _)| name.eq_ignore_ascii_case(arg))
                {
                    return Err(ArgsError::Unsupported {
                        option: arg.to_string(),
                        reason,
                    });
                } else if arg.starts_with('-') {
                    return Err(ArgsError::Invalid(format!("unrecognized option: {arg}")));
                } else if let Some(first) = &spec {
                    return Err(ArgsError::Invalid(format!(
                        "more than one input files: {first} and {arg}"
                    )));
                } else {
                    spec = Some(arg.to_string());
                }
            }
        }
    }
    let spec = spec.ok_or_else(|| ArgsError::Invalid("Missing input TLA+ module.".into()))?;
    if options.dump.is_some() && options.simulate.is_some() {
        return Err(ArgsError::Unsupported {
            option: "-dump with -simulate".into(),
            reason: "the state graph is written by breadth-first runs",
        });
    }
    if options.continue_after_violations && options.simulate.is_some() {
        return Err(ArgsError::Unsupported {
            option: "-continue with -simulate".into(),
            reason: "a simulation stops at its first violation",
        });
    }
    options.spec = with_extension(&spec, "tla");
    Ok(options)
}

/// `-dump`'s arguments, read as TLC reads them.
fn dump(args: &[String], at: &mut usize) -> Result<StateDump, ArgsError> {
    let first = take(args, at, "-dump", "a file name for dumping states")?;
    let format = first.to_ascii_lowercase();
    if format.starts_with("class,") {
        return Err(ArgsError::Unsupported {
            option: "-dump class,...".into(),
            reason: "tlafid runs no Java state writers",
        });
    }
    if !format.starts_with("dot") || *at >= args.len() {
        return Ok(StateDump {
            file: with_extension(&first, "dump"),
            dot: None,
        });
    }
    for item in ["snapshot", "constrained", "stuttering"] {
        if format.contains(item) {
            return Err(ArgsError::Unsupported {
                option: format!("-dump dot,{item}"),
                reason: "tlafid writes the graph once, of the states inside the constraints",
            });
        }
    }
    let file = take(args, at, "-dump", "a file")?;
    Ok(StateDump {
        file: with_extension(&file, "dot"),
        dot: Some(DotStyle {
            colorize: format.contains("colorize"),
            action_labels: format.contains("actionlabels"),
        }),
    })
}

/// The value after option `arg`.
fn take(args: &[String], at: &mut usize, arg: &str, what: &str) -> Result<String, ArgsError> {
    let value = args
        .get(*at)
        .cloned()
        .ok_or_else(|| ArgsError::Invalid(format!("{arg} requires {what}.")))?;
    *at += 1;
    Ok(value)
}

/// `name`, with `.ext` added unless it already ends so.
fn with_extension(name: &str, ext: &str) -> PathBuf {
    let dotted = format!(".{ext}");
    if name.ends_with(&dotted) {
        PathBuf::from(name)
    } else {
        PathBuf::from(format!("{name}{dotted}"))
    }
}

fn workers(value: &str) -> Result<Workers, ArgsError> {
    if value.trim().eq_ignore_ascii_case("auto") {
        return Ok(Workers::Auto);
    }
    match value.parse::<i64>() {
        Ok(n) if n >= 1 => Ok(Workers::Count(n.min(4096) as usize)),
        Ok(_) => Err(ArgsError::Invalid("at least one worker required.".into())),
        Err(_) => Err(ArgsError::Invalid(format!(
            "worker number or 'auto' required. But encountered {value}"
        ))),
    }
}

/// Whether the argument after `-simulate` is its argument list, as TLC decides.
fn is_simulate_args(arg: &str) -> bool {
    ["stats=", "file=", "num=", "sched"]
        .iter()
        .any(|key| arg.contains(key))
}

fn simulate_arg(part: &str, simulate: &mut Simulate) -> Result<(), ArgsError> {
    if let Some(num) = part.strip_prefix("num=") {
        let behaviours = num.parse::<u64>().map_err(|_| {
            ArgsError::Invalid(format!("-simulate num= requires a number, not {num}"))
        })?;
        simulate.behaviours = Some(behaviours);
    } else if part == "stats=basic" || part == "stats=full" {
        // Action statistics are what `-coverage` prints; nothing else changes.
    } else if part.starts_with("file=") {
        return Err(ArgsError::Unsupported {
            option: format!("-simulate {part}"),
            reason: "simulated behaviours are not written to files",
        });
    } else if part.starts_with("sched=") {
        return Err(ArgsError::Unsupported {
            option: format!("-simulate {part}"),
            reason: "the simulator chooses actions uniformly",
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_line(line: &str) -> Result<TlcOptions, ArgsError> {
        let args: Vec<String> = line.split_whitespace().map(String::from).collect();
        parse(&args)
    }

    #[test]
    fn reads_a_grader_command_line() {
        let options = parse_line("-config M.cfg -deadlock -workers 2 -tool -coverage 1 M").unwrap();
        assert_eq!(options.spec, PathBuf::from("M.tla"));
        assert_eq!(options.config, Some(PathBuf::from("M.cfg")));
        assert_eq!(options.workers, Workers::Count(2));
        assert!(!options.check_deadlock && options.tool && options.coverage);
        let sim = parse_line("-simulate num=50 -depth 50 -seed 7 M.tla").unwrap();
        assert_eq!(
            sim.simulate,
            Some(Simulate {
                behaviours: Some(50)
            })
        );
        assert_eq!((sim.depth, sim.seed), (50, Some(7)));
        assert_eq!(
            parse_line("-config X M").unwrap().config,
            Some(PathBuf::from("X.cfg"))
        );
    }

    #[test]
    fn reads_dump_as_tlc() {
        let dot = parse_line("-dump dot,actionlabels,colorize g M")
            .unwrap()
            .dump;
        let style = DotStyle {
            colorize: true,
            action_labels: true,
        };
        assert_eq!(
            dot,
            Some(StateDump {
                file: PathBuf::from("g.dot"),
                dot: Some(style)
            })
        );
        let plain = parse_line("-dump states M").unwrap().dump.unwrap();
        assert_eq!(
            (plain.file, plain.dot),
            (PathBuf::from("states.dump"), None)
        );
        assert!(matches!(
            parse_line("-dump dot,snapshot g M"),
            Err(ArgsError::Unsupported { .. })
        ));
    }

    #[test]
    fn options_without_effect_take_their_values() {
        let options = parse_line("-metadir /tmp/x -fpmem 0.5 -checkpoint 0 -noTE M").unwrap();
        assert_eq!(options.spec, PathBuf::from("M.tla"));
    }

    #[test]
    fn refuses_by_name() {
        assert_eq!(
            parse_line("-continue -simulate M"),
            Err(ArgsError::Unsupported {
                option: "-continue with -simulate".into(),
                reason: "a simulation stops at its first violation"
            })
        );
        assert!(parse_line("-continue M").unwrap().continue_after_violations);
        assert_eq!(
            parse_line("-frobnicate M"),
            Err(ArgsError::Invalid(
                "unrecognized option: -frobnicate".into()
            ))
        );
        assert_eq!(
            parse_line("A B"),
            Err(ArgsError::Invalid(
                "more than one input files: A and B".into()
            ))
        );
        assert_eq!(
            parse_line("-workers 0 M"),
            Err(ArgsError::Invalid("at least one worker required.".into()))
        );
        assert_eq!(
            parse_line("-config"),
            Err(ArgsError::Invalid("-config requires a file.".into()))
        );
        assert_eq!(
            parse_line("-deadlock"),
            Err(ArgsError::Invalid("Missing input TLA+ module.".into()))
        );
    }
}
