//! Remembered conjuncts of state predicates (`memo.rs`): the answer is always the one that
//! evaluating gives, whether the variables read are the same values as before or not.

use tlafid_base::SourceMap;
use tlafid_eval::{EvalOptions, Evaluator};
use tlafid_sema::ir::Program;
use tlafid_value::Value;

const SPEC: &str = r#"---- MODULE M ----
EXTENDS Naturals, TLC
VARIABLES f, n
Pos == {i \in DOMAIN f : f[i] > 0}
Inv == /\ n >= 0
       /\ \A i \in DOMAIN f : f[i] > 0
       /\ Pos = DOMAIN f
Level == /\ \A i \in DOMAIN f : TLCGet("level") < 3
Broken == /\ \A i \in DOMAIN f : f[i] + "a" > 0
RECURSIVE Down(_), Wrap(_, _)
Down(k) == IF k = 0 THEN n ELSE Down(k - 1)
Wrap(k, m) == IF k = 0 THEN Down(m) ELSE Wrap(k - 1, m)
Shallow == Down(5)
Deep == Wrap(13, 5)
Fits == Wrap(12, 5)
RECURSIVE Climb(_)
Climb(k) == IF k = 0 THEN n ELSE Climb(Down(k % 2) * 0 + k - 1)
TooHigh == Climb(17)
High == Climb(16)
===="#;

fn program() -> Program {
    let mut sources = SourceMap::new();
    let root = sources.add("M.tla", SPEC.to_string());
    tlafid_sema::load(root, &mut sources, &mut |_| None)
        .program
        .expect("the module loads")
}

fn body<'p>(program: &'p Program, name: &str) -> &'p tlafid_sema::ir::Expr {
    let op = program
        .ops
        .iter()
        .find(|op| op.name == name)
        .expect("defined");
    &op.body
}

#[test]
fn same_and_different_values_answer_as_evaluated() {
    let program = program();
    let ev = Evaluator::new(&program, vec![]);
    let inv = body(&program, "Inv");
    let good = Value::seq(vec![Value::Int(1), Value::Int(2)]);
    let bad = Value::seq(vec![Value::Int(1), Value::Int(0)]);
    let states = [
        vec![good.clone(), Value::Int(0)],
        vec![good.clone(), Value::Int(0)], // the same allocation: remembered
        vec![bad.clone(), Value::Int(0)],
        vec![bad.clone(), Value::Int(1)],   // remembered false
        vec![good.clone(), Value::Int(-1)], // the first conjunct decides
        vec![
            Value::seq(vec![Value::Int(1), Value::Int(2)]),
            Value::Int(3),
        ], // equal, new
    ];
    let mut worker = ev.worker();
    let got: Vec<bool> = (states.iter())
        .map(|s| worker.eval_bool(inv, s, None).expect("evaluates"))
        .collect();
    assert_eq!(got, [true, true, false, false, false, true]);
}

#[test]
fn level_is_never_remembered_and_errors_are_raised_again() {
    let program = program();
    let ev = Evaluator::new(&program, vec![]);
    ev.check_assumes().expect("no assumption"); // exploration: `TLCGet("level")` is the level
    let f = Value::seq(vec![Value::Int(1)]);
    let state = [f.clone(), Value::Int(0)];
    let mut worker = ev.worker();
    worker.set_level(Some(1));
    assert!(worker
        .eval_bool(body(&program, "Level"), &state, None)
        .unwrap());
    worker.set_level(Some(5));
    assert!(!worker
        .eval_bool(body(&program, "Level"), &state, None)
        .unwrap());
    for _ in 0..2 {
        let err = worker
            .eval_bool(body(&program, "Broken"), &state, None)
            .unwrap_err();
        assert_eq!(err.code.to_string(), "E070", "{}", err.message);
    }
}

fn op_id(program: &Program, name: &str) -> tlafid_sema::ir::OpId {
    let i = program
        .ops
        .iter()
        .position(|op| op.name == name)
        .expect("defined");
    tlafid_sema::ir::OpId(i as u32)
}

#[test]
fn remembered_calls_follow_the_state_and_the_depth_limit() {
    let program = program();
    let options = EvalOptions {
        max_depth: 20,
        ..EvalOptions::default()
    };
    let ev = Evaluator::new(&program, vec![]).with_options(options.clone());
    let f = Value::seq(vec![]);
    let at = |n: i64| [f.clone(), Value::Int(n)];
    let value = |ev: &Evaluator, name: &str, n: i64| {
        ev.eval_op(op_id(&program, name), &at(n), None)
            .map_err(|e| e.code.to_string())
    };
    // `Down(5)` remembered, then asked with another `n`: the variable decides.
    assert_eq!(value(&ev, "Shallow", 1), Ok(Value::Int(1)));
    assert_eq!(value(&ev, "Shallow", 2), Ok(Value::Int(2)));
    // Deeper than the limit allows, remembered or not: `Deep` needs 21 nested calls,
    // `Fits` 20.
    let fresh = Evaluator::new(&program, vec![]).with_options(options.clone());
    assert_eq!(value(&fresh, "Deep", 2), Err("E082".to_string()));
    let fresh = Evaluator::new(&program, vec![]).with_options(options);
    assert_eq!(value(&fresh, "Fits", 2), Ok(Value::Int(2)));
    assert_eq!(value(&ev, "Deep", 2), Err("E082".to_string()));
    assert_eq!(value(&ev, "Fits", 2), Ok(Value::Int(2)));
    assert_eq!(value(&ev, "Deep", 2), Err("E082".to_string()));
}

#[test]
fn remembered_calls_with_arguments_by_name_keep_the_depth_limit() {
    // `Climb`'s argument reads the state (`Down` reads `n`): it is passed by name and
    // forced for the lookup in the callee's frame, its calls deeper still. The limits
    // are the interpreter's (`call_op`, measured before calls were compiled, on the
    // same recursion near the default limit of 5,000).
    let program = program();
    let options = EvalOptions {
        max_depth: 20,
        ..EvalOptions::default()
    };
    let f = Value::seq(vec![]);
    let at = |n: i64| [f.clone(), Value::Int(n)];
    let value = |ev: &Evaluator, name: &str, n: i64| {
        ev.eval_op(op_id(&program, name), &at(n), None)
            .map_err(|e| e.code.to_string())
    };
    for first in ["TooHigh", "High"] {
        let ev = Evaluator::new(&program, vec![]).with_options(options.clone());
        // Asked twice each, the second time found remembered.
        for name in [first, "TooHigh", "High", "TooHigh", "High"] {
            let expected = match name {
                "TooHigh" => Err("E082".to_string()),
                _ => Ok(Value::Int(3)),
            };
            assert_eq!(value(&ev, name, 3), expected, "{name} after {first}");
        }
    }
}
