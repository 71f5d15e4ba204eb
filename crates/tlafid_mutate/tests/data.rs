//! Verdicts on small models whose properties have a known standing, as data: each
//! `data/NAME.expected` names its model on its first line (`model: SPEC.tla CONFIG.cfg`, paths
//! relative to `data/`) and pins the rest exactly: distinct states, the tautology domain,
//! sites and mutants, then one line per property (`name verdict kills/considered [line:col
//! of each vacuous subformula]`), or `model fails`. Each case runs with 1 and with 3 workers,
//! which must agree. `BLESS=1 cargo test -p tlafid_mutate --test data` rewrites the files.

#![allow(clippy::disallowed_methods)] // a test reads and writes its data files

use std::path::{Path, PathBuf};

use tlafid_base::SourceMap;
use tlafid_mutate::{analyze, Analysis, MutateOptions};

#[test]
fn every_case_has_its_expected_verdicts() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let bless = std::env::var_os("BLESS").is_some();
    let mut cases: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("the data folder")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "expected"))
        .collect();
    cases.sort();
    assert!(cases.len() >= 3, "the data folder lost its cases");
    let mut failures = Vec::new();
    for case in cases {
        let expected = std::fs::read_to_string(&case).expect("the expected file");
        let header = expected.lines().next().unwrap_or_default().to_owned();
        let (spec, cfg) = model_paths(&dir, &header);
        let one = judge(&spec, &cfg, 1);
        let three = judge(&spec, &cfg, 3);
        assert_eq!(one, three, "{}: 1 and 3 workers disagree", case.display());
        let actual = format!("{header}\n{one}");
        if bless {
            std::fs::write(&case, &actual).expect("write the expected file");
        } else if actual != expected {
            failures.push(format!("{}:\n{actual}", case.display()));
        }
    }
    assert!(
        failures.is_empty(),
        "unexpected verdicts:\n{}",
        failures.join("\n")
    );
}

/// The model's `.tla` and `.cfg` from the header line `model: SPEC CONFIG`.
fn model_paths(dir: &Path, header: &str) -> (PathBuf, PathBuf) {
    let words: Vec<&str> = header.split_whitespace().collect();
    match words.as_slice() {
        ["model:", spec, cfg] => (dir.join(spec), dir.join(cfg)),
        _ => panic!("the first line must be `model: SPEC.tla CONFIG.cfg`, not {header:?}"),
    }
}

/// The analysis of one model, rendered as the expected file's body.
fn judge(spec: &Path, cfg: &Path, workers: usize) -> String {
    let read = |p: &Path| std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{p:?}: {e}"));
    let (tla, cfg) = (read(spec), read(cfg));
    let mut sources = SourceMap::new();
    let root = sources.add("M.tla", &tla);
    let loaded = tlafid_sema::load(root, &mut sources, &mut |_| None);
    let program = loaded.program.expect("the model resolves");
    let file = sources.add("M.cfg", &cfg);
    let parsed = tlafid_config::parse(file, &cfg);
    assert!(!parsed.has_errors(), "the configuration parses");
    let options = MutateOptions {
        max_mutants: 100,
        workers,
        ..MutateOptions::default()
    };
    let report = match analyze(program, &parsed.config, &options).expect("the analysis runs") {
        Analysis::ModelFails => return "model fails\n".to_owned(),
        Analysis::Judged(report) => report,
    };
    let at = |span: tlafid_base::Span| {
        let pos = sources.get(span.file).line_col(span.start);
        format!(" {}:{}", pos.line, pos.col)
    };
    let mut out = format!(
        "distinct_states {}, complete {}\ndomain {:?} {}\nsites {}, mutants {}\n",
        report.distinct_states,
        report.complete,
        report.domain.0,
        report.domain.1,
        report.sites_found,
        report.mutants.len()
    );
    for p in &report.properties {
        out += &format!(
            "{} {} {}/{}",
            p.name,
            p.verdict.name(),
            p.kills,
            p.mutants_considered
        );
        out.extend(p.vacuous_in.iter().map(|v| at(v.span)));
        out.push('\n');
    }
    out
}
