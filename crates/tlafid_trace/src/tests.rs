//! Unit tests over a small model: verdicts, locations, nearest misses, partial observation,
//! stuttering, bad input, windows.

use tlafid_base::{FileId, SourceMap};

use crate::{
    add_constant_probes, probe_model_values, Location, Options, PropertyViolation, Search,
    TraceFormat, TraceInput, TraceInvariant, TraceReport, Validator, Verdict, Vocabulary,
    WindowFailure,
};

const SPEC: &str = r#"---- MODULE Counter ----
EXTENDS Naturals
CONSTANTS Procs, Max
VARIABLES x, last
Init == x = 0 /\ last = "none"
Inc(p, d) == x + d <= Max /\ x' = x + d /\ last' = p
Reset(p) == x > 0 /\ x' = 0 /\ last' = p
Next == \E p \in Procs : (\E d \in 1..2 : Inc(p, d)) \/ Reset(p)
Double == 2 * x
Small == x <= 1
===="#;

const CFG: &str = "CONSTANTS Procs = {a, b} Max = 3\nINIT Init\nNEXT Next\n";

/// Checks `text` against the model.
fn check(text: &str, options: Options) -> TraceReport {
    check_with(text, options, CFG)
}

/// Checks `text` against the model with configuration `cfg_text`, whose invariants are
/// checked along the trace.
fn check_with(text: &str, options: Options, cfg_text: &str) -> TraceReport {
    check_group(SPEC, cfg_text, &[("t", text)], options)
}

/// Checks the files `(name, text)` as one trace (named `t`) against the model `spec` with
/// configuration `cfg_text`.
fn check_group(
    spec: &'static str,
    cfg_text: &str,
    files: &[(&str, &str)],
    options: Options,
) -> TraceReport {
    let mut sources = SourceMap::new();
    let root = sources.add("Counter.tla", spec);
    let mut program = tlafid_sema::load(root, &mut sources, &mut |_| None)
        .program
        .expect("the spec loads");
    let cfg = sources.add("Counter.cfg", cfg_text);
    let config = tlafid_config::parse(cfg, cfg_text).config;
    let probes = add_constant_probes(&mut program);
    let spec = tlafid_model::prepare(&mut program, &config)
        .unwrap()
        .unwrap();
    let model = tlafid_model::bind(&program, &config, Some(spec)).expect("binds");
    let vocabulary = Vocabulary::new(
        &model.evaluator,
        probe_model_values(&model.evaluator, &probes),
    );
    let invariants = TraceInvariant::of_model(&model);
    let validator =
        Validator::new(&model.evaluator, vocabulary, options).with_invariants(invariants);
    let parts = files
        .iter()
        .map(|(name, text)| TraceInput {
            name,
            file: FileId(9),
            text,
            format: None,
        })
        .collect();
    validator.check_group(&crate::TraceGroup { name: "t", parts })
}

fn checked(text: &str) -> TraceReport {
    check(text, Options::default())
}

#[test]
fn admits_a_trace_with_model_values_partial_states_and_operators() {
    let report = checked(concat!(
        "{\"init\": {\"x\": 0}}\n",
        "{\"action\": \"Inc\", \"args\": {\"p\": \"a\", \"d\": 2}, \"state\": {\"x\": 2, \"last\": \"a\"}}\n",
        "{\"state\": {\"Double\": 4}}\n",
        "{\"action\": \"Reset\", \"state\": {\"x\": 0}}\n",
    ));
    assert_eq!(report.verdict, Verdict::Admitted);
    assert_eq!(report.steps, 3);
    // Line 3 names no action: it stutters (x stays 2), so it is counted under no action.
    let counts: Vec<_> = report
        .action_counts
        .iter()
        .map(|(a, n)| (a.as_str(), *n))
        .collect();
    assert_eq!(counts, [("Inc", 1), ("Reset", 1)]);
}

#[test]
fn locates_a_missed_step_with_its_nearest_miss() {
    let report = checked(concat!(
        "{\"action\": \"Inc\", \"args\": {\"p\": \"b\"}, \"state\": {\"x\": 1}}\n",
        "{\"action\": \"Inc\", \"args\": {\"p\": \"b\"}, \"state\": {\"x\": 4}}\n",
    ));
    let Verdict::Missed(missed) = report.verdict else {
        panic!("{:?}", report.verdict)
    };
    assert_eq!((missed.location.line, missed.location.step), (Some(2), 2));
    assert_eq!((missed.admitted_prefix, missed.candidates), (1, 1));
    assert_eq!(missed.misses.len(), 1);
    let miss = &missed.misses[0];
    assert_eq!(miss.action, "Inc");
    assert!(miss.enabled);
    assert_eq!(miss.mismatches[0].observable, "x");
    assert_eq!(miss.mismatches[0].logged.to_string(), "4");
    let produced: Vec<String> = miss.mismatches[0]
        .model
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(produced, ["2", "3"]);
}

#[test]
fn a_disabled_action_is_a_miss_that_says_so() {
    let report = checked("{\"action\": \"Reset\", \"args\": {\"p\": \"a\"}}\n");
    let Verdict::Missed(missed) = report.verdict else {
        panic!()
    };
    assert_eq!(missed.location.line, Some(1));
    assert!(!missed.misses[0].enabled);
    assert_eq!(missed.misses[0].params[0].0, "p");
    let guard = missed.misses[0].guard.as_ref().expect("the false guard");
    assert_eq!(source_text(guard.span), "x > 0");
    assert!(!guard.outside_domain);
}

/// The text of `span` in the spec.
fn source_text(span: tlafid_base::Span) -> &'static str {
    &SPEC[span.start as usize..span.end as usize]
}

#[test]
fn the_false_guard_is_the_one_after_the_most_conjuncts_that_held() {
    // From x = 2, Inc(a, 2) passes no conjunct: x + d <= Max is false.
    let report = checked(concat!(
        "{\"action\": \"Inc\", \"args\": {\"p\": \"a\", \"d\": 2}, \"state\": {\"x\": 2}}\n",
        "{\"action\": \"Inc\", \"args\": {\"p\": \"a\", \"d\": 2}}\n",
    ));
    let Verdict::Missed(missed) = report.verdict else {
        panic!("{:?}", report.verdict)
    };
    assert_eq!(missed.location.line, Some(2));
    let guard = missed.misses[0].guard.as_ref().expect("the false guard");
    assert_eq!(source_text(guard.span), "x + d <= Max");
    // A logged argument outside its \E domain: the binder is named.
    let report = checked("{\"action\": \"Inc\", \"args\": {\"p\": \"a\", \"d\": 5}}\n");
    let Verdict::Missed(missed) = report.verdict else {
        panic!("{:?}", report.verdict)
    };
    let guard = missed.misses[0].guard.as_ref().expect("the binder");
    assert!(guard.outside_domain);
    assert_eq!(source_text(guard.span), "d \\in 1..2");
}

#[test]
fn bad_input_names_the_line_field_and_valid_names() {
    let report = checked(concat!(
        "{\"action\": \"Jump\"}\n",
        "{\"action\": \"Inc\", \"args\": {\"q\": 1}}\n",
        "{\"state\": {\"y\": 1}}\n",
        "{\"state\": {\"x\": null}}\n",
    ));
    assert_eq!(report.verdict, Verdict::Invalid);
    let messages: Vec<String> = report
        .diagnostics
        .iter()
        .map(|d| format!("{} {}", d.code, d.message))
        .collect();
    assert_eq!(
        messages[0],
        "E102 line 1: the model has no action Jump (valid: Inc, Reset)"
    );
    assert_eq!(
        messages[1],
        "E103 line 2: args.q: the action Inc has no parameter q (valid: p, d)"
    );
    assert_eq!(
        messages[2],
        "E104 line 3: state.y: the model has no variable or zero-argument operator y (valid: Double, Init, Small, last, x)"
    );
    assert!(
        messages[3].starts_with("E105 line 4: state.x is null"),
        "{}",
        messages[3]
    );
}

/// Per action (passed, rejected, inconclusive); per failed window its line and failure.
type WindowResults = (Vec<(String, [usize; 3])>, Vec<(u32, WindowFailure)>);

/// The windows' results: per action (passed, rejected, inconclusive), and per failed
/// window its line and failure.
fn window_results(text: &str, max_states: usize) -> WindowResults {
    let options = Options {
        windows: true,
        max_states,
        ..Options::default()
    };
    let stats = check(text, options).windows.expect("windows mode");
    let per_action = stats
        .per_action
        .iter()
        .map(|(a, c)| (a.clone(), [c.passed, c.rejected, c.inconclusive]))
        .collect();
    let failed = stats
        .failed
        .iter()
        .map(|f| (f.location.line.unwrap(), f.failure))
        .collect();
    (per_action, failed)
}

#[test]
fn windows_are_checked_one_by_one_from_reachable_states() {
    let text = concat!(
        "{\"action\": \"Inc\", \"data\": {\"p\": \"a\"}, \"pre_state\": {\"x\": 3, \"last\": \"a\"}, \"post_state\": {\"x\": 4, \"last\": \"a\"}}\n",
        "{\"action\": \"Reset\", \"data\": {\"p\": \"b\"}, \"pre_state\": {\"x\": 2, \"last\": \"a\"}, \"post_state\": {\"x\": 0, \"last\": \"b\"}}\n",
        // Partial: some reachable state with x = 1 (last = a or b) reaches x = 3.
        "{\"action\": \"Inc\", \"data\": {\"p\": \"b\"}, \"pre_state\": {\"x\": 1}, \"post_state\": {\"x\": 3}}\n",
        // x is never 5 (Max = 3).
        "{\"action\": \"Reset\", \"pre_state\": {\"Double\": 10}, \"post_state\": {\"x\": 0}}\n",
    );
    assert_eq!(TraceFormat::detect(text), TraceFormat::Windows);
    let (per_action, failed) = window_results(text, 100);
    assert_eq!(
        per_action,
        [
            ("Inc".to_string(), [1, 1, 0]),
            ("Reset".to_string(), [1, 1, 0])
        ]
    );
    assert_eq!(
        failed,
        [
            (1, WindowFailure::PostStateUnreachable),
            (4, WindowFailure::PreStateUnreachable)
        ]
    );
}

#[test]
fn a_cut_exploration_makes_windows_inconclusive_not_rejected() {
    // Budget 1: only the initial state (x = 0) is known. Window 1 starts there and passes;
    // window 2 follows from it (its pre_state is window 1's post_state); window 3's
    // partial pre_state (x = 3) is not among the states explored, so it gets no verdict.
    // Window 4 names a full state reached by window 2, so its failure is certain.
    let text = concat!(
        "{\"action\": \"Inc\", \"data\": {\"p\": \"a\", \"d\": 2}, \"pre_state\": {\"x\": 0, \"last\": \"none\"}, \"post_state\": {\"x\": 2, \"last\": \"a\"}}\n",
        "{\"action\": \"Inc\", \"data\": {\"p\": \"b\"}, \"pre_state\": {\"x\": 2, \"last\": \"a\"}, \"post_state\": {\"x\": 3, \"last\": \"b\"}}\n",
        "{\"action\": \"Reset\", \"pre_state\": {\"x\": 3}, \"post_state\": {\"x\": 1}}\n",
        "{\"action\": \"Inc\", \"pre_state\": {\"x\": 3, \"last\": \"b\"}, \"post_state\": {\"x\": 4}}\n",
    );
    let (per_action, failed) = window_results(text, 1);
    assert_eq!(
        per_action,
        [
            ("Inc".to_string(), [2, 1, 0]),
            ("Reset".to_string(), [0, 0, 1])
        ]
    );
    assert_eq!(
        failed,
        [
            (3, WindowFailure::Inconclusive),
            (4, WindowFailure::PostStateUnreachable)
        ]
    );
    // With the whole state space, window 3 is rejected: Reset goes to 0, never 1.
    let (_, failed) = window_results(text, 100);
    assert_eq!(failed[0], (3, WindowFailure::PostStateUnreachable));
}

#[test]
fn the_state_budget_gives_no_verdict() {
    // The one initial state has four successors (Inc by a or b, by 1 or 2): over a budget of 1.
    let options = Options {
        max_states: 1,
        ..Options::default()
    };
    let report = check("{\"action\": \"Inc\"}\n", options);
    assert!(
        matches!(report.verdict, Verdict::OutOfBudget { candidates: 4, .. }),
        "{:?}",
        report.verdict
    );
}

const OBSERVATION: &str = r#"---- MODULE CounterObs ----
EXTENDS Counter
value == x
who == IF last = "none" THEN "nobody" ELSE last
===="#;

#[test]
fn an_observation_module_maps_the_traces_names() {
    let mut sources = SourceMap::new();
    let root = sources.add("CounterObs.tla", OBSERVATION);
    let mut program = tlafid_sema::load(root, &mut sources, &mut |name| {
        (name == "Counter").then(|| ("Counter.tla".to_string(), SPEC.to_string()))
    })
    .program
    .expect("the observation module loads");
    let config = tlafid_config::parse(FileId(0), CFG).config;
    let probes = add_constant_probes(&mut program);
    let spec = tlafid_model::prepare(&mut program, &config)
        .unwrap()
        .unwrap();
    let model = tlafid_model::bind(&program, &config, Some(spec)).expect("binds");
    let values = probe_model_values(&model.evaluator, &probes);
    let vocabulary = Vocabulary::observing(&model.evaluator, values, &["Counter"]);
    // The observation module's names and the model's own (variables and `Double`).
    assert_eq!(
        vocabulary.observable_names,
        ["Double", "Init", "Small", "last", "value", "who", "x"]
    );
    let validator = Validator::new(&model.evaluator, vocabulary, Options::default());
    let text = concat!(
        "{\"init\": {\"who\": \"nobody\"}}\n",
        "{\"action\": \"Inc\", \"state\": {\"value\": 2, \"who\": \"b\", \"Double\": 4}}\n",
        "{\"action\": \"Inc\", \"state\": {\"value\": 3, \"who\": \"nobody\"}}\n",
    );
    let input = TraceInput {
        name: "t",
        file: FileId(9),
        text,
        format: None,
    };
    let report = validator.check(&input);
    let Verdict::Missed(missed) = report.verdict else {
        panic!("{:?}", report.verdict)
    };
    assert_eq!((missed.location.line, missed.admitted_prefix), (Some(3), 1));
    assert_eq!(missed.misses[0].mismatches[0].observable, "who");
}

#[test]
fn an_invariant_is_violated_where_every_matching_state_violates_it() {
    let cfg = format!("{CFG}INVARIANT Small\n");
    let report = check_with(
        concat!(
            "{\"init\": {\"x\": 0}}\n",
            // x is 1 or 2 here: a matching behaviour keeps Small, so no violation yet.
            "{\"action\": \"Inc\", \"args\": {\"p\": \"a\"}, \"state\": {\"last\": \"a\"}}\n",
            "{\"action\": \"Reset\", \"state\": {\"x\": 0}}\n",
            "{\"action\": \"Inc\", \"args\": {\"p\": \"b\", \"d\": 2}, \"state\": {\"x\": 2}}\n",
            "{\"action\": \"Inc\", \"state\": {\"x\": 3}}\n",
        ),
        Options::default(),
        &cfg,
    );
    assert_eq!(report.verdict, Verdict::Admitted);
    assert_eq!(
        report.violations,
        [PropertyViolation {
            property: "Small".into(),
            location: Location {
                line: Some(4),
                file: None,
                step: 3
            },
        }]
    );
}

const OWNER: &str = r#"---- MODULE Owner ----
CONSTANTS Procs
VARIABLES owner, label
Init == owner = "none" /\ label = "none"
Take(p) == owner' = p /\ label' = "a"
Next == \E p \in Procs : Take(p)
===="#;

const OWNER_CFG: &str = "CONSTANTS Procs = {a, b}\nINIT Init\nNEXT Next\n";

fn owner(text: &str) -> Verdict {
    check_group(OWNER, OWNER_CFG, &[("t", text)], Options::default()).verdict
}

#[test]
fn a_logged_string_is_the_string_or_the_model_value_the_model_holds_there() {
    // `owner` holds the model value a, `label` the string "a": both logged as "a".
    let step = "{\"action\": \"Take\", \"args\": {\"p\": \"a\"}, \"state\": {\"owner\": \"a\", \"label\": \"a\"}}\n";
    assert_eq!(owner(step), Verdict::Admitted);
    let forced_model = "{\"action\": \"Take\", \"state\": {\"label\": {\"#mv\": \"a\"}}}\n";
    assert!(matches!(owner(forced_model), Verdict::Missed(_)));
    let forced_string = "{\"action\": \"Take\", \"state\": {\"owner\": {\"#str\": \"a\"}}}\n";
    assert!(matches!(owner(forced_string), Verdict::Missed(_)));
    let forced_right = "{\"action\": \"Take\", \"args\": {\"p\": {\"#mv\": \"b\"}}, \"state\": {\"owner\": {\"#mv\": \"b\"}, \"label\": {\"#str\": \"a\"}}}\n";
    assert_eq!(owner(forced_right), Verdict::Admitted);
}

#[test]
fn a_trace_of_an_init_line_alone_is_decided_on_it() {
    assert_eq!(
        checked("{\"init\": {\"x\": 0}}\n").verdict,
        Verdict::Admitted
    );
    let Verdict::Missed(missed) = checked("{\"init\": {\"x\": 1}}\n").verdict else {
        panic!("an impossible init line is rejected")
    };
    assert_eq!(missed.location.line, Some(1));
}

/// Two processes: `p` increments twice (1, then 2 more), `q` resets once it has seen `p`'s
/// first event. Only the order Inc(1), Reset, Inc(2) fits: `x` goes 1, 0, 2.
const P_LOG: &str = concat!(
    "{\"init\": {\"x\": 0}}\n",
    "{\"process\": \"p\", \"clock\": {\"p\": 1}, \"action\": \"Inc\", \"args\": {\"p\": \"a\", \"d\": 1}, \"updates\": {\"x\": [{\"op\": \"Add\", \"args\": [1]}]}}\n",
    "{\"process\": \"p\", \"clock\": {\"p\": 2}, \"action\": \"Inc\", \"args\": {\"p\": \"a\", \"d\": 2}, \"reads\": {\"x\": [{\"value\": 0}]}}\n",
);
const Q_LOG: &str = "{\"process\": \"q\", \"clock\": {\"p\": 1, \"q\": 1}, \"action\": \"Reset\", \"args\": {\"p\": \"b\"}}\n";

#[test]
fn some_linearization_of_a_multi_process_log_is_found_whatever_the_order_of_the_files() {
    let (p, q) = (("p.ndjson", P_LOG), ("q.ndjson", Q_LOG));
    for files in [[p, q], [q, p]] {
        let report = check_group(SPEC, CFG, &files, Options::default());
        assert_eq!(
            report.verdict,
            Verdict::Admitted,
            "{:?}",
            report.diagnostics
        );
        assert_eq!(report.steps, 3);
    }
    // q's reset reads x = 2: no linearization fits; the evidence does not depend on the order.
    let late_q = "{\"process\": \"q\", \"clock\": {\"p\": 1, \"q\": 1}, \"action\": \"Reset\", \"args\": {\"p\": \"b\"}, \"reads\": {\"x\": [{\"value\": 3}]}}\n";
    let late_q = ("q.ndjson", late_q);
    let verdicts: Vec<Verdict> = [[p, late_q], [late_q, p]]
        .iter()
        .map(|files| check_group(SPEC, CFG, files, Options::default()).verdict)
        .collect();
    assert_eq!(verdicts[0], verdicts[1]);
    let Verdict::Missed(missed) = &verdicts[0] else {
        panic!("{:?}", verdicts[0])
    };
    // After Inc(1), both p's second event (it reads x = 0) and q's reset are blocked.
    assert_eq!(missed.admitted_prefix, 1);
    let blocked: Vec<(&str, Option<u32>, usize)> = missed
        .blocked
        .iter()
        .map(|b| (b.file.as_deref().unwrap_or(""), b.line, b.step))
        .collect();
    assert_eq!(
        blocked,
        [("p.ndjson", Some(3), 2), ("q.ndjson", Some(1), 1)]
    );
    assert_eq!(missed.location.line, Some(3));
}

#[test]
fn a_budget_too_small_for_a_cut_gives_no_verdict() {
    let options = Options {
        max_states: 0,
        ..Options::default()
    };
    let report = check_group(SPEC, CFG, &[("p", P_LOG), ("q", Q_LOG)], options);
    assert!(
        matches!(report.verdict, Verdict::OutOfBudget { .. }),
        "{:?}",
        report.verdict
    );
}

#[test]
fn a_multi_process_log_needs_clocks_on_every_event_and_distinct_event_numbers() {
    let no_clock = (
        "r.ndjson",
        "{\"action\": \"Reset\", \"args\": {\"p\": \"b\"}}\n",
    );
    let report = check_group(
        SPEC,
        CFG,
        &[("p.ndjson", P_LOG), no_clock],
        Options::default(),
    );
    assert_eq!(report.verdict, Verdict::Invalid);
    assert_eq!(report.diagnostics[0].code, crate::codes::BAD_SHAPE);
    assert!(report.diagnostics[0]
        .message
        .contains("needs process and clock"));
    let twice = concat!(
        "{\"process\": \"q\", \"clock\": {\"q\": 1}, \"action\": \"Reset\", \"args\": {\"p\": \"b\"}}\n",
        "{\"process\": \"q\", \"clock\": {\"q\": 1}, \"action\": \"Reset\", \"args\": {\"p\": \"b\"}}\n",
    );
    let report = check_group(SPEC, CFG, &[("q.ndjson", twice)], Options::default());
    assert_eq!(report.verdict, Verdict::Invalid);
    assert!(report.diagnostics[0]
        .message
        .contains("two events numbered 1"));
    let own_missing = "{\"process\": \"q\", \"clock\": {\"p\": 1}, \"action\": \"Reset\", \"args\": {\"p\": \"b\"}}\n";
    let report = check_group(SPEC, CFG, &[("q.ndjson", own_missing)], Options::default());
    assert_eq!(report.diagnostics[0].code, crate::codes::BAD_VALUE);
}

#[test]
fn a_pgo_log_is_read_with_aborted_records_skipped() {
    let text = concat!(
        r#"{"archetypeName":"AInc","clock":[[["AInc","a"],1]],"csElements":[{"indices":[],"name":{"name":".pc","prefix":"","self":"a"},"tag":"read","value":"\"AInc.Reset\""}],"isAbort":true,"self":"a"}"#,
        "\n",
        r#"{"archetypeName":"AInc","clock":[[["AInc","a"],2]],"csElements":[{"indices":[],"name":{"name":".pc","prefix":"","self":"a"},"tag":"read","value":"\"AInc.Reset\""}],"isAbort":false,"self":"a"}"#,
        "\n",
    );
    let mut mapping = crate::PgoMapping::default();
    mapping.variables.insert(".pc".into(), None);
    // Reset(a) is not enabled from x = 0: the one committed record is rejected.
    let report = check_pgo(text, mapping);
    assert_eq!(report.steps, 1);
    let Verdict::Missed(missed) = report.verdict else {
        panic!("{:?} {:?}", report.verdict, report.diagnostics)
    };
    assert_eq!(missed.location.line, Some(2));
    assert_eq!(missed.action.as_deref(), Some("Reset"));
}

/// Checks one PGo log against the counter model, with `mapping`.
fn check_pgo(text: &str, mapping: crate::PgoMapping) -> TraceReport {
    let mut sources = SourceMap::new();
    let root = sources.add("Counter.tla", SPEC);
    let mut program = tlafid_sema::load(root, &mut sources, &mut |_| None)
        .program
        .expect("the spec loads");
    let cfg = sources.add("Counter.cfg", CFG);
    let config = tlafid_config::parse(cfg, CFG).config;
    let probes = add_constant_probes(&mut program);
    let spec = tlafid_model::prepare(&mut program, &config)
        .unwrap()
        .unwrap();
    let model = tlafid_model::bind(&program, &config, Some(spec)).expect("binds");
    let mut vocabulary = Vocabulary::new(
        &model.evaluator,
        probe_model_values(&model.evaluator, &probes),
    );
    vocabulary.pgo = mapping;
    let validator = Validator::new(&model.evaluator, vocabulary, Options::default());
    let input = TraceInput {
        name: "t",
        file: FileId(9),
        text,
        format: None,
    };
    validator.check(&input)
}

#[test]
fn formats_are_told_apart_by_content_not_by_the_first_line() {
    // Quint writes an ITF document on one line: it is ITF, not a one-line event log.
    let one_line =
        r##"{"#meta":{"format":"ITF"},"vars":["x"],"states":[{"#meta":{"index":0},"x":0}]}"##;
    assert_eq!(TraceFormat::detect(one_line), TraceFormat::Itf);
    assert_eq!(TraceFormat::detect(r#"{"states":[]}"#), TraceFormat::Itf);
    let pretty = "{\n  \"states\": []\n}\n";
    assert_eq!(TraceFormat::detect(pretty), TraceFormat::Itf);
    let log = "{\"init\": {\"x\": 0}}\n{\"action\": \"Inc\", \"state\": {\"x\": 1}}\n";
    assert_eq!(TraceFormat::detect(log), TraceFormat::EventLog);
    // A log line whose state happens to have a variable named `states` is still a log line.
    let log = "{\"action\": \"Inc\", \"state\": {\"states\": 1}}\n";
    assert_eq!(TraceFormat::detect(log), TraceFormat::EventLog);
}

#[test]
fn unknown_fields_are_skipped_only_when_asked_and_actions_never() {
    let text = concat!(
        "{\"init\": {\"x\": 0, \"pid\": 7}, \"ts\": 1}\n",
        "{\"action\": \"Inc\", \"args\": {\"p\": \"a\", \"d\": 1, \"tid\": 3}, \"state\": {\"x\": 1}, \"ts\": 2}\n",
    );
    let codes = |r: &TraceReport| -> Vec<String> {
        r.diagnostics.iter().map(|d| d.code.to_string()).collect()
    };
    let strict = checked(text);
    assert_eq!(strict.verdict, Verdict::Invalid);
    assert_eq!(codes(&strict), ["E101", "E101"]);
    let ignoring = Options {
        ignore_unknown_fields: true,
        ..Options::default()
    };
    let report = check(text, ignoring.clone());
    assert_eq!((report.verdict, report.steps), (Verdict::Admitted, 1));
    // `d` is still checked: 2 cannot take x from 0 to 1.
    let wrong = text.replace("\"d\": 1", "\"d\": 2");
    assert!(matches!(
        check(&wrong, ignoring.clone()).verdict,
        Verdict::Missed(_)
    ));
    // An action the model lacks, and a step's field on the init line, are still refused.
    let unknown = text.replace("\"Inc\"", "\"Flush\"");
    assert_eq!(codes(&check(&unknown, ignoring.clone())), ["E102"]);
    let mixed = "{\"init\": {\"x\": 0}, \"action\": \"Inc\"}\n{\"state\": {\"x\": 0}}\n";
    assert_eq!(codes(&check(mixed, ignoring)), ["E101"]);
}

const LOCK_SPEC: &str = include_str!("../../../specs/LockService/LockService.tla");
const LOCK_CFG: &str = include_str!("../../../specs/LockService/LockService.cfg");

/// The four logs of one recorded lock-service run (traces/lock_service_processes/<run>).
fn lock_run(run: &str) -> [(&'static str, &'static str); 4] {
    macro_rules! run {
        ($dir:literal) => {
            [
                (
                    "c1.ndjson",
                    include_str!(concat!(
                        "../../../traces/lock_service_processes/",
                        $dir,
                        "/c1.ndjson"
                    )),
                ),
                (
                    "c2.ndjson",
                    include_str!(concat!(
                        "../../../traces/lock_service_processes/",
                        $dir,
                        "/c2.ndjson"
                    )),
                ),
                (
                    "c3.ndjson",
                    include_str!(concat!(
                        "../../../traces/lock_service_processes/",
                        $dir,
                        "/c3.ndjson"
                    )),
                ),
                (
                    "server.ndjson",
                    include_str!(concat!(
                        "../../../traces/lock_service_processes/",
                        $dir,
                        "/server.ndjson"
                    )),
                ),
            ]
        };
    }
    match run {
        "contention-1" => run!("contention-1"),
        "buggy-handoff-4" => run!("buggy-handoff-4"),
        _ => unreachable!("a run of the tests"),
    }
}

/// The 24 orders of four files.
fn orders<T: Copy>(items: [T; 4]) -> Vec<Vec<T>> {
    let mut all = Vec::new();
    for a in 0..4 {
        for b in (0..4).filter(|&b| b != a) {
            for c in (0..4).filter(|&c| c != a && c != b) {
                let d = 6 - a - b - c;
                all.push(vec![items[a], items[b], items[c], items[d]]);
            }
        }
    }
    all
}

#[test]
fn a_lock_service_run_gets_the_same_verdict_for_every_order_of_its_files() {
    // The depth-first search admits contention-1 (30 events) whatever the order of the
    // files; buggy-handoff-4 is rejected with the breadth-first search's evidence, as
    // tests/cli/trace_lock_processes pins it: server.ndjson line 5 (ServerRelease) after a
    // prefix of 9 events, from 1 candidate state.
    for files in orders(lock_run("contention-1")) {
        let report = check_group(LOCK_SPEC, LOCK_CFG, &files, Options::default());
        assert_eq!(
            report.verdict,
            Verdict::Admitted,
            "{:?}",
            report.diagnostics
        );
        assert_eq!(report.steps, 30);
    }
    let all = orders(lock_run("buggy-handoff-4"));
    let first = check_group(LOCK_SPEC, LOCK_CFG, &all[0], Options::default()).verdict;
    let Verdict::Missed(missed) = &first else {
        panic!("{first:?}")
    };
    assert_eq!(missed.location.file.as_deref(), Some("server.ndjson"));
    assert_eq!(missed.location.line, Some(5));
    assert_eq!(missed.action.as_deref(), Some("ServerRelease"));
    assert_eq!(missed.admitted_prefix, 9);
    assert_eq!(missed.candidates, 1);
    for files in &all[1..] {
        let report = check_group(LOCK_SPEC, LOCK_CFG, files, Options::default());
        assert_eq!(report.verdict, first);
    }
}

const EIGHT_PROCESSES_CFG: &str = "CONSTANTS Procs = {a, b} Max = 10\nINIT Init\nNEXT Next\n";

/// Eight processes' logs, one independent `Inc(a, 1)` each (file name, text).
fn eight_independent_logs() -> Vec<(String, String)> {
    (1..=8)
        .map(|i| {
            let event = format!(
                "{{\"process\": \"p{i}\", \"clock\": {{\"p{i}\": 1}}, \"action\": \"Inc\", \"args\": {{\"p\": \"a\", \"d\": 1}}}}\n"
            );
            (format!("p{i}.ndjson"), event)
        })
        .collect()
}

#[test]
fn one_order_is_found_depth_first_within_a_budget_the_search_over_cuts_outgrows() {
    // Eight processes, one Inc(1) each, independent: x counts the events consumed. Over
    // cuts, level 3 holds C(8,3) = 56 cuts of one state each; depth first, one order visits
    // 1 + 8 + 7 + ... + 1 = 37 (cut, state) pairs.
    let cfg = EIGHT_PROCESSES_CFG;
    let logs = eight_independent_logs();
    let files: Vec<(&str, &str)> = logs.iter().map(|(n, t)| (n.as_str(), t.as_str())).collect();
    let reversed: Vec<(&str, &str)> = files.iter().rev().copied().collect();
    for files in [&files, &reversed] {
        let within = |max_states| {
            let options = Options {
                max_states,
                ..Options::default()
            };
            check_group(SPEC, cfg, files, options).verdict
        };
        assert_eq!(within(37), Verdict::Admitted);
        // 36 pairs are too few depth first; over cuts, level 3's 56 states are too many (the
        // report names the step after them, as for any level over budget).
        assert_eq!(
            within(36),
            Verdict::OutOfBudget {
                location: Location {
                    file: None,
                    line: None,
                    step: 4,
                },
                candidates: 56,
            }
        );
    }
}

#[test]
fn breadth_first_search_alone_needs_the_widest_level_of_cuts() {
    // The eight independent processes above, searched over cuts only (`--search bfs`): the
    // widest level, 4 events consumed, holds C(8,4) = 70 cuts of one state each, so 70
    // candidates admit and 69 run out there; depth first, 37 pairs were enough.
    let cfg = EIGHT_PROCESSES_CFG;
    let logs = eight_independent_logs();
    let files: Vec<(&str, &str)> = logs.iter().map(|(n, t)| (n.as_str(), t.as_str())).collect();
    let within = |max_states, search| {
        let options = Options {
            max_states,
            search,
            ..Options::default()
        };
        check_group(SPEC, cfg, &files, options).verdict
    };
    assert_eq!(within(70, Search::BreadthFirst), Verdict::Admitted);
    assert_eq!(
        within(69, Search::BreadthFirst),
        Verdict::OutOfBudget {
            location: Location {
                file: None,
                line: None,
                step: 5,
            },
            candidates: 70,
        }
    );
    assert_eq!(
        within(37, Search::BreadthFirst),
        Verdict::OutOfBudget {
            location: Location {
                file: None,
                line: None,
                step: 4,
            },
            candidates: 56,
        }
    );
    assert_eq!(within(37, Search::DepthFirst), Verdict::Admitted);
}

/// Four independent processes that each `Inc` once by 1 or 2 (the log leaves `d` out), and a
/// fifth that, after all of them, logs a `Reset` to `x = 1`, which no order allows (file
/// name, text).
fn four_incs_and_an_impossible_reset() -> Vec<(String, String)> {
    let mut logs: Vec<(String, String)> = (1..=4)
        .map(|i| {
            let event = format!(
                "{{\"process\": \"p{i}\", \"clock\": {{\"p{i}\": 1}}, \"action\": \"Inc\", \"args\": {{\"p\": \"a\"}}}}\n"
            );
            (format!("p{i}.ndjson"), event)
        })
        .collect();
    let reset = "{\"process\": \"p5\", \"clock\": {\"p1\": 1, \"p2\": 1, \"p3\": 1, \"p4\": 1, \"p5\": 1}, \"action\": \"Reset\", \"state\": {\"x\": 1}}\n";
    logs.push(("p5.ndjson".into(), reset.into()));
    logs
}

#[test]
fn a_rejection_after_the_depth_first_pass_is_the_search_over_cuts_alone() {
    // The search over cuts after a depth-first pass reuses the pass's expansions; its
    // verdict, evidence and counts are those of the search over cuts run alone, whether the
    // pass exhausted its 48 (cut, state) pairs (1 + 8 + 18 + 16 + 5) or ran out of budget
    // first (20 pairs; the widest level over cuts holds 18 states).
    let cfg = "CONSTANTS Procs = {a, b} Max = 10\nINIT Init\nNEXT Next\n";
    let logs = four_incs_and_an_impossible_reset();
    let files: Vec<(&str, &str)> = logs.iter().map(|(n, t)| (n.as_str(), t.as_str())).collect();
    let reversed: Vec<(&str, &str)> = files.iter().rev().copied().collect();
    for files in [&files, &reversed] {
        let run = |max_states, search| {
            let options = Options {
                max_states,
                search,
                ..Options::default()
            };
            check_group(SPEC, cfg, files, options)
        };
        let alone = run(100, Search::BreadthFirst);
        let Verdict::Missed(missed) = &alone.verdict else {
            panic!("{:?}", alone.verdict)
        };
        assert_eq!(missed.location.file.as_deref(), Some("p5.ndjson"));
        assert_eq!(missed.location.line, Some(1));
        assert_eq!(missed.action.as_deref(), Some("Reset"));
        assert_eq!(missed.admitted_prefix, 4);
        // x is 4 to 8 after the four Incs; Reset is enabled and gives x = 0, not 1
        assert_eq!(missed.candidates, 5);
        let misses: Vec<_> = missed
            .misses
            .iter()
            .map(|m| {
                (
                    m.action.as_str(),
                    m.enabled,
                    m.mismatches[0].observable.as_str(),
                )
            })
            .collect();
        assert_eq!(misses, [("Reset", true, "x")]);
        for max_states in [100, 20] {
            let after_pass = run(max_states, Search::DepthFirst);
            assert_eq!(after_pass.verdict, alone.verdict, "max_states {max_states}");
            assert_eq!(after_pass.action_counts, alone.action_counts);
            assert_eq!(after_pass.steps, alone.steps);
        }
        assert_eq!(run(20, Search::BreadthFirst).verdict, alone.verdict);
    }
}
