//! Data-driven tests of the binding: each `tests/data/NAME.cfg` is checked against the spec
//! its `NAME.expected` names, with 1 and 2 workers, and the run summarised in the format of
//! `NAME.expected` (whose figures are TLC's for the same files: `tlc -workers 1 -config
//! NAME.cfg SPEC.tla`; a `NAME_continue.cfg` runs with `-continue` and counts the
//! violations, TLC's "Error: Invariant ... is violated" lines). Set `TLAFID_BLESS=1` to
//! rewrite the expected files.

#![allow(clippy::disallowed_methods)] // a test reads and writes its data files

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use tlafid_base::SourceMap;
use tlafid_check::{
    AtomId, AtomKind, AtomValues, Explorer, Ltl, Options, Outcome, TransitionSystem,
};

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data")
}

/// The spec named on the `spec:` line of an expected file.
fn spec_of(expected: &str) -> &str {
    expected
        .lines()
        .find_map(|l| l.strip_prefix("spec: "))
        .expect("an expected file names its spec")
}

/// Binds and explores `cfg` against `spec` with `workers` workers; the summary's lines.
fn run(spec: &str, cfg: &Path, workers: usize) -> String {
    let dir = data_dir();
    let mut sources = SourceMap::new();
    let text = std::fs::read_to_string(dir.join(spec)).expect("spec readable");
    let root = sources.add(spec.to_string(), text);
    let loaded = tlafid_sema::load(root, &mut sources, &mut |name: &str| {
        let path = dir.join(format!("{name}.tla"));
        let text = std::fs::read_to_string(&path).ok()?;
        Some((path.display().to_string(), text))
    });
    let errors: Vec<_> = loaded.diagnostics.iter().filter(|d| d.is_error()).collect();
    assert!(errors.is_empty(), "{spec}: {errors:?}");
    let mut program = loaded.program.expect("a program");
    let cfg_text = std::fs::read_to_string(cfg).expect("cfg readable");
    let cfg_file = sources.add(cfg.display().to_string(), cfg_text.clone());
    let parsed = tlafid_config::parse(cfg_file, &cfg_text);
    assert!(!parsed.has_errors(), "{:?}", parsed.diagnostics);
    let config = parsed.config;
    let mut out = format!("spec: {spec}\n");
    let bound = tlafid_model::prepare(&mut program, &config)
        .and_then(|ops| tlafid_model::bind(&program, &config, ops));
    let model = match bound {
        Ok(model) => model,
        Err(problems) => {
            for p in problems {
                writeln!(out, "bind error: {} {}", p.code, p.message).unwrap();
            }
            return out;
        }
    };
    if let Err(error) = model.evaluator.check_assumes() {
        writeln!(out, "assume error: {}", error.code).unwrap();
        return out;
    }
    for unchecked in &model.unchecked {
        writeln!(out, "unchecked: {}", unchecked.name).unwrap();
    }
    let implied: Vec<&str> = model.implied_by_init().collect();
    if !implied.is_empty() {
        writeln!(out, "implied by init: {}", implied.join(" ")).unwrap();
    }
    write_liveness(&mut out, &sources, &model);
    // A configuration named `*_continue` runs as TLC's `-continue` does.
    let continuing = cfg
        .file_stem()
        .is_some_and(|stem| stem.to_string_lossy().ends_with("_continue"));
    let options = Options {
        workers,
        check_deadlock: model.check_deadlock,
        continue_after_violations: continuing,
        ..Options::default()
    };
    let explorer = Explorer::new(model, options);
    let report = explorer.run().expect("the explorer runs");
    let model = explorer.system();
    let outcome = match &report.outcome {
        Outcome::Success => "success".to_string(),
        Outcome::InvariantViolation { invariant: id }
        | Outcome::InitialPropertyViolation { property: id }
        | Outcome::ActionPropertyViolation { property: id } => {
            let name = match model.violation_location(*id) {
                Some(span) => tlc_location(&sources, span),
                None => model.violation_name(*id).to_string(),
            };
            format!("{} {name} violated", model.violation_label(*id))
        }
        Outcome::Deadlock => "deadlock".to_string(),
        Outcome::LivenessViolation { property } => format!("liveness violation {property}"),
        Outcome::EvalError { error } => format!("eval error {}", error.code),
        Outcome::Incomplete { budget } => format!("incomplete {budget:?}"),
    };
    let stats = &report.stats;
    writeln!(out, "outcome: {outcome}").unwrap();
    writeln!(
        out,
        "states: {} generated, {} distinct, {} left on queue",
        stats.states_generated, stats.distinct_states, stats.states_left_on_queue
    )
    .unwrap();
    writeln!(out, "depth: {}", stats.depth).unwrap();
    if continuing {
        writeln!(out, "violations: {}", report.violations.len()).unwrap();
    }
    if let Some(trace) = &report.trace {
        writeln!(out, "trace: {} states", trace.len()).unwrap();
        if model.alias.is_some() {
            for (i, step) in trace.iter().enumerate() {
                let next = trace.get(i + 1).map_or(&step.state, |s| &s.state);
                for (name, value) in model.trace_lines(&step.state, next) {
                    writeln!(out, "  {} {name} = {value}", i + 1).unwrap();
                }
            }
        }
    }
    out
}

/// The liveness obligations and their atoms (`s3`: state atom 3, `a4`: action atom 4).
fn write_liveness(out: &mut String, sources: &SourceMap, model: &tlafid_model::Model<'_>) {
    let spec = &model.liveness;
    let name = |id: AtomId| {
        let kind = match spec.atoms[id.0 as usize] {
            AtomKind::State => "s",
            AtomKind::Action => "a",
        };
        format!("{kind}{}", id.0)
    };
    for obligation in &spec.obligations {
        writeln!(
            out,
            "obligation {}: {}",
            obligation.name,
            ltl(&obligation.counter, &name)
        )
        .unwrap();
    }
    if spec.is_empty() {
        return;
    }
    // The atoms on the first initial state, its first successor and its stuttering step.
    let mut init = None;
    model
        .initial_states(&mut |s| {
            init.get_or_insert(s);
        })
        .expect("initial states");
    let init = init.expect("an initial state");
    let mut next = None;
    model
        .successors(&init, &mut |_, s| {
            next.get_or_insert(s);
        })
        .expect("successors");
    let bits = |values: &AtomValues, kind: AtomKind| -> String {
        (0..spec.atoms.len())
            .filter(|&i| spec.atoms[i] == kind)
            .map(|i| {
                if values.get(AtomId(i as u32)) {
                    '1'
                } else {
                    '0'
                }
            })
            .collect()
    };
    let mut values = AtomValues::new(spec.atoms.len());
    if let Err(error) = model.state_atoms(&init, &mut values) {
        writeln!(
            out,
            "state atoms on the first initial state: error {}",
            error.code
        )
        .unwrap();
        return;
    }
    writeln!(
        out,
        "state atoms on the first initial state: {}",
        bits(&values, AtomKind::State)
    )
    .unwrap();
    for (what, to) in [
        ("its first step", next.as_ref()),
        ("stuttering", Some(&init)),
    ] {
        if let Some(to) = to {
            values.clear();
            model
                .action_atoms(&init, to, &mut values)
                .expect("action atoms");
            writeln!(
                out,
                "action atoms on {what}: {}",
                bits(&values, AtomKind::Action)
            )
            .unwrap();
        }
    }
    if !spec.stepping.is_empty() {
        let stepping: Vec<String> = spec.stepping.iter().map(|&id| name(id)).collect();
        writeln!(out, "set from successors: {}", stepping.join(" ")).unwrap();
    }
    for i in 0..spec.atoms.len() {
        let id = AtomId(i as u32);
        let (label, span, values) = model.liveness_atom(id).expect("an atom");
        let file = sources.get(span.file);
        let text = &file.text[span.start as usize..span.end as usize];
        let values: Vec<String> = values.iter().map(ToString::to_string).collect();
        writeln!(
            out,
            "  {}: {label} {text:?} [{}]",
            name(id),
            values.join(", ")
        )
        .unwrap();
    }
}

fn ltl(f: &Ltl, name: &dyn Fn(AtomId) -> String) -> String {
    let list = |items: &[Ltl], sep: &str| {
        let parts: Vec<String> = items.iter().map(|i| ltl(i, name)).collect();
        format!("({})", parts.join(sep))
    };
    match f {
        Ltl::Bool(b) => b.to_string(),
        Ltl::Atom(a) => name(*a),
        Ltl::NotAtom(a) => format!("~{}", name(*a)),
        Ltl::And(items) => list(items, " /\\ "),
        Ltl::Or(items) => list(items, " \\/ "),
        Ltl::Always(g) => format!("[]{}", ltl(g, name)),
        Ltl::Eventually(g) => format!("<>{}", ltl(g, name)),
    }
}

/// A place as TLC writes it: "line 9, col 20 to line 9, col 31 of module M".
fn tlc_location(sources: &SourceMap, span: tlafid_base::Span) -> String {
    let file = sources.get(span.file);
    let start = file.line_col(span.start);
    let end = file.line_col(span.end.saturating_sub(1));
    let module = Path::new(&file.name)
        .file_stem()
        .map_or(String::new(), |s| s.to_string_lossy().into_owned());
    format!(
        "line {}, col {} to line {}, col {} of module {module}",
        start.line, start.col, end.line, end.col
    )
}

#[test]
fn every_configuration_matches_tlc() {
    let dir = data_dir();
    let mut cfgs: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("data dir")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "cfg"))
        .collect();
    cfgs.sort();
    assert!(cfgs.len() >= 10, "the data folder lost its cases");
    let bless = std::env::var_os("TLAFID_BLESS").is_some();
    let mut failures = Vec::new();
    for cfg in &cfgs {
        let expected_path = cfg.with_extension("expected");
        let expected = std::fs::read_to_string(&expected_path).unwrap_or_default();
        let spec = if expected.is_empty() {
            "Tokens.tla".to_string()
        } else {
            spec_of(&expected).to_string()
        };
        let one = run(&spec, cfg, 1);
        let two = run(&spec, cfg, 2);
        assert_eq!(one, two, "{}: 1 and 2 workers differ", cfg.display());
        if bless {
            std::fs::write(&expected_path, &one).expect("write expected");
        } else if one != expected {
            failures.push(format!(
                "{}:\n--- expected\n{expected}--- actual\n{one}",
                cfg.display()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
