//! The vacuity pass against a plain check of the same model: the pass (one exploration that
//! also evaluates every strengthened property, plus the tautology question; no mutants) should
//! cost at most about twice the check. Run with `cargo bench -p tlafid_mutate`.

use divan::Bencher;
use tlafid_base::SourceMap;
use tlafid_check::{Explorer, Options};
use tlafid_config::Config;
use tlafid_mutate::{analyze, Analysis, MutateOptions};
use tlafid_sema::ir::Program;

fn main() {
    divan::main();
}

const MODELS: &[(&str, &str, &str)] = &[
    (
        "Bakery",
        include_str!("../../../specs/Bakery/Bakery.tla"),
        include_str!("../../../specs/Bakery/Bakery.cfg"),
    ),
    (
        "Mutex",
        include_str!("../../../specs/Mutate/Mutex.tla"),
        include_str!("../../../specs/Mutate/Mutex.cfg"),
    ),
];

fn load(name: &str) -> (Program, Config) {
    let &(_, tla, cfg) = MODELS.iter().find(|m| m.0 == name).expect("a bench model");
    let mut sources = SourceMap::new();
    let root = sources.add("M.tla", tla);
    let program = tlafid_sema::load(root, &mut sources, &mut |_| None)
        .program
        .expect("the model resolves");
    let file = sources.add("M.cfg", cfg);
    (program, tlafid_config::parse(file, cfg).config)
}

#[divan::bench(args = ["Bakery", "Mutex"], sample_count = 5)]
fn plain_check(bencher: Bencher, name: &str) {
    let (program, config) = load(name);
    bencher.bench_local(|| {
        let mut program = program.clone();
        let spec = tlafid_model::prepare(&mut program, &config).expect("prepares");
        let model = tlafid_model::bind(&program, &config, spec).expect("binds");
        let options = Options {
            workers: 1,
            check_deadlock: model.check_deadlock,
            ..Options::default()
        };
        let report = Explorer::new(model, options).run().expect("runs");
        assert!(report.outcome.is_success());
        report.stats.distinct_states
    });
}

#[divan::bench(args = ["Bakery", "Mutex"], sample_count = 5)]
fn vacuity_pass(bencher: Bencher, name: &str) {
    let (program, config) = load(name);
    let options = MutateOptions {
        max_mutants: 0,
        workers: 1,
        ..MutateOptions::default()
    };
    bencher.bench_local(|| match analyze(program.clone(), &config, &options) {
        Ok(Analysis::Judged(report)) => report.distinct_states,
        _ => panic!("the model passes its checks"),
    });
}
