//! Data-driven end-to-end tests: TLA+ text through the parser and lowering into the evaluator.
//!
//! `tests/cases/*.txt`: a module header (EXTENDS and definitions) above a `--- cases ---`
//! line, then one case per line, `expression ==> expected`, where `expected` is the value as
//! TLC prints it, or `error E0nn` (optionally `: message`).
//! `tests/specs/*.tla`: a module with `Init` and `Next` and a first line
//! `\* expect: init=I distinct=D generated=G` giving TLC's counts for a breadth-first search,
//! or `\* expect: error E0nn: message at FILE.tla:LINE:COL` for the error the search meets.

#![allow(clippy::disallowed_methods)] // a test reads and writes its data files

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use tlafid_base::SourceMap;
use tlafid_eval::{Evaluator, State};
use tlafid_sema::ir::{Program, RootName};

fn load(name: &str, text: String) -> Result<(Program, SourceMap), String> {
    let mut sources = SourceMap::new();
    let root = sources.add(name, text);
    let loaded = tlafid_sema::load(root, &mut sources, &mut |_| None);
    match loaded.program {
        Some(p) => Ok((p, sources)),
        None => Err(loaded
            .diagnostics
            .iter()
            .map(|d| {
                format!(
                    "{} {} at {}",
                    d.code,
                    d.message,
                    d.span.map(|s| sources.describe(s)).unwrap_or_default()
                )
            })
            .collect::<Vec<_>>()
            .join("\n")),
    }
}

fn files(dir: &str, ext: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut out: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("test folder")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    out.sort();
    out
}

fn run_case_file(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).expect("readable");
    let (header, cases) = text
        .split_once("--- cases ---")
        .expect("a `--- cases ---` line");
    let cases: Vec<(usize, &str, &str)> = cases
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(i, l)| {
            let (e, x) = l
                .split_once("==>")
                .unwrap_or_else(|| panic!("{}: `==>` missing in {l}", path.display()));
            (i, e.trim(), x.trim())
        })
        .collect();
    let mut module = format!("---- MODULE Cases ----\n{header}\n");
    for (k, (_, expr, _)) in cases.iter().enumerate() {
        module.push_str(&format!("Case{k} == {expr}\n"));
    }
    module.push_str("====\n");
    let (program, sources) = match load("Cases.tla", module) {
        Ok(p) => p,
        Err(e) => return vec![format!("{}: does not load:\n{e}", path.display())],
    };
    let ev = Evaluator::new(&program, vec![]);
    let mut failures = Vec::new();
    for (k, (line, expr, expected)) in cases.iter().enumerate() {
        let Some(RootName::Op(op)) = program.root_name(&format!("Case{k}")) else {
            unreachable!("defined above")
        };
        let got = match ev.eval_op(op, &[], None) {
            Ok(v) => v.to_string(),
            Err(e) if expected.starts_with("error") && !expected.contains(':') => {
                format!("error {}", e.code)
            }
            Err(e) => format!(
                "error {}: {} [{}]",
                e.code,
                e.message,
                sources.describe(e.span)
            ),
        };
        let got_plain = got.split(" [").next().unwrap_or(&got).to_string();
        if got_plain != *expected {
            failures.push(format!(
                "{}:{}: {expr}\n   expected {expected}\n   got      {got}",
                path.display(),
                line + 1
            ));
        }
    }
    failures
}

#[test]
fn expression_cases() {
    let mut failures = Vec::new();
    let mut count = 0;
    for path in files("tests/cases", "txt") {
        failures.extend(run_case_file(&path));
        count += 1;
    }
    assert!(count > 0, "no case files");
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Breadth-first search: (initial states, distinct states, states generated).
fn bfs(ev: &Evaluator<'_>) -> Result<(usize, usize, usize), tlafid_eval::EvalError> {
    let inits = ev.init_states()?;
    let mut generated = inits.len();
    let init_count = inits.len();
    let mut seen = HashSet::new();
    let mut frontier: Vec<State> = inits
        .into_iter()
        .filter(|s| seen.insert(s.fingerprint()))
        .collect();
    let mut worker = ev.worker();
    while !frontier.is_empty() {
        let mut next = Vec::new();
        for s in &frontier {
            worker.successors(s, &mut |_, t| {
                generated += 1;
                if seen.insert(t.fingerprint()) {
                    next.push(t);
                }
            })?;
        }
        frontier = next;
    }
    Ok((init_count, seen.len(), generated))
}

#[test]
fn spec_state_counts() {
    let mut failures = Vec::new();
    for path in files("tests/specs", "tla") {
        let text = std::fs::read_to_string(&path).expect("readable");
        let expected = text
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("\\* expect: "))
            .expect("expect line")
            .trim()
            .to_string();
        // Named by file name, so that an expected error's position does not depend on
        // where the repository is.
        let name = path.file_name().expect("a file").to_string_lossy();
        let (program, sources) = match load(&name, text) {
            Ok(p) => p,
            Err(e) => {
                failures.push(format!("{}: does not load:\n{e}", path.display()));
                continue;
            }
        };
        let op = |n: &str| match program.root_name(n) {
            Some(RootName::Op(op)) => Some(op),
            _ => None,
        };
        // Once with the actions planned (`action/plan.rs`), once on the generator alone.
        for plans in [true, false] {
            let mut ev = Evaluator::new(&program, vec![]);
            ev.set_spec(op("Init"), op("Next"));
            ev.set_action_plans(plans);
            let got = match bfs(&ev) {
                Ok((i, d, g)) => format!("init={i} distinct={d} generated={g}"),
                Err(e) => format!(
                    "error {}: {} at {}",
                    e.code,
                    e.message,
                    sources.describe(e.span)
                ),
            };
            if got != expected {
                failures.push(format!(
                    "{} (plans {plans}):\n   expected {expected}\n   got      {got}",
                    path.display()
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
