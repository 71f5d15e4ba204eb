//! Verdicts on small models whose properties have a known standing, pinned exactly:
//! verdict, kills out of the mutants considered, and the line:col of each vacuous subformula.

use tlafid_base::SourceMap;
use tlafid_mutate::{analyze, Analysis, MutateOptions, MutationReport};

fn judge(tla: &str, cfg: &str, options: &MutateOptions) -> (SourceMap, Analysis) {
    let mut sources = SourceMap::new();
    let root = sources.add("M.tla", tla);
    let loaded = tlafid_sema::load(root, &mut sources, &mut |_| None);
    let program = loaded.program.expect("the model resolves");
    let file = sources.add("M.cfg", cfg);
    let parsed = tlafid_config::parse(file, cfg);
    assert!(!parsed.has_errors());
    let analysis = analyze(program, &parsed.config, options).expect("the analysis runs");
    (sources, analysis)
}

fn options(workers: usize) -> MutateOptions {
    MutateOptions {
        max_mutants: 100,
        workers,
        ..MutateOptions::default()
    }
}

/// One line per property: `name verdict kills/considered [line:col ...]`.
fn summary(sources: &SourceMap, report: &MutationReport) -> Vec<String> {
    let at = |span: tlafid_base::Span| {
        let pos = sources.get(span.file).line_col(span.start);
        format!("{}:{}", pos.line, pos.col)
    };
    report
        .properties
        .iter()
        .map(|p| {
            let mut line = format!(
                "{} {} {}/{}",
                p.name,
                p.verdict.name(),
                p.kills,
                p.mutants_considered
            );
            for v in &p.vacuous_in {
                line.push(' ');
                line.push_str(&at(v.span));
            }
            line
        })
        .collect()
}

fn judged(analysis: Analysis) -> MutationReport {
    match analysis {
        Analysis::Judged(report) => report,
        Analysis::ModelFails => panic!("the model should pass its own checks"),
    }
}

const MUTEX: &str = include_str!("../../../specs/Mutate/Mutex.tla");
const MUTEX_CFG: &str = include_str!("../../../specs/Mutate/Mutex.cfg");

#[test]
fn mutex_properties_have_their_known_standing() {
    let (sources, analysis) = judge(MUTEX, MUTEX_CFG, &options(2));
    let report = judged(analysis);
    assert_eq!((report.distinct_states, report.complete), (28, true));
    assert_eq!(report.domain.1, 72);
    assert_eq!((report.sites_found, report.mutants.len()), (19, 19));
    assert_eq!(
        summary(&sources, &report),
        [
            "TypeOK load-bearing 3/16",
            "MutualExclusion load-bearing 4/16",
            "IdleMeansFresh vacuous 0/16 46:65",
            "LockMeansCritical vacuous 5/16 49:66",
            "Reflexive tautology 0/16",
            "EntriesBounded tautology 2/16",
            "Monotonic load-bearing 1/16",
        ]
    );
}

#[test]
fn results_do_not_depend_on_the_number_of_workers() {
    let (sources, one) = judge(MUTEX, MUTEX_CFG, &options(1));
    let (_, three) = judge(MUTEX, MUTEX_CFG, &options(3));
    let (one, three) = (judged(one), judged(three));
    assert_eq!(summary(&sources, &one), summary(&sources, &three));
    let outcomes = |r: &MutationReport| -> Vec<_> { r.mutants.iter().map(|m| m.outcome).collect() };
    assert_eq!(outcomes(&one), outcomes(&three));
}

#[test]
fn a_violated_property_stops_the_analysis() {
    let cfg = include_str!("../../../specs/Mutate/MutexViolated.cfg");
    let (_, analysis) = judge(MUTEX, cfg, &options(1));
    assert!(matches!(analysis, Analysis::ModelFails));
}

const WRAP: &str = r#"---- MODULE Wrap ----
EXTENDS Naturals
VARIABLES x, y
Init == x = 0 /\ y = FALSE
Next == \/ x < 3 /\ x' = x + 1 /\ y' = y
        \/ x = 3 /\ x' = 0 /\ y' = ~y
Spec == Init /\ [][Next]_<<x, y>>
NonNegative == x >= 0
FlipsAtWrap == [][(x' = 0) => (y' # y)]_<<x, y>>
SelfEqual == x = x \/ y
====
"#;

#[test]
fn without_a_type_invariant_tautologies_are_sampled() {
    let cfg = "SPECIFICATION Spec\nINVARIANTS NonNegative SelfEqual\nPROPERTY FlipsAtWrap\n";
    let (sources, analysis) = judge(WRAP, cfg, &options(2));
    let report = judged(analysis);
    assert_eq!(report.domain.0, tlafid_mutate::domain::DomainSource::Sample);
    assert_eq!(
        summary(&sources, &report),
        [
            "NonNegative load-bearing 1/8",
            "SelfEqual tautology 0/8 10:23",
            "FlipsAtWrap not-load-bearing 0/8",
        ]
    );
}
