//! Evaluation of hand-built IR: values, binders, calls, errors, and successor generation.

mod common;

use common::*;
use tlafid_eval::{ConstBinding, Evaluator, State, Value};
use tlafid_sema::ir::{Builtin, ExceptStep, ExceptUpdate, Expr, ExprKind, FnDefInfo, Level, Slot};

fn eval_in(b: &Builder, e: &Expr) -> Result<Value, tlafid_eval::EvalError> {
    let ev = Evaluator::new(&b.program, vec![]);
    ev.eval(e, &[], None)
}

fn shown(b: &Builder, e: Expr) -> String {
    match eval_in(b, &e) {
        Ok(v) => v.to_string(),
        Err(err) => format!("error {}: {}", err.code, err.message),
    }
}

#[test]
fn arithmetic_follows_tlc() {
    let mut b = Builder::new();
    let s = b.std();
    let op = |o, x, y| call(o, vec![x, y]);
    assert_eq!(
        shown(&b, op(s.plus, int(2), op(s.times, int(3), int(4)))),
        "14"
    );
    assert_eq!(shown(&b, op(s.div, int(-7), int(2))), "-4");
    assert_eq!(shown(&b, op(s.modulo, int(-7), int(3))), "2");
    assert_eq!(
        shown(&b, op(s.plus, int(i64::MAX), int(1))),
        "9223372036854775808"
    );
    assert_eq!(
        shown(&b, op(s.div, int(1), int(0))),
        "error E070: the second argument of \\div is 0 (in 1 \\div 0)"
    );
    assert_eq!(
        shown(&b, op(s.plus, int(1), string("a"))),
        "error E070: `+` applied to the string \"a\", not an integer"
    );
}

#[test]
fn sets_and_membership() {
    let mut b = Builder::new();
    let s = b.std();
    let r13 = call(s.range, vec![int(1), int(3)]);
    assert_eq!(
        shown(
            &b,
            bi(Builtin::Union, vec![r13.clone(), set(vec![int(7), int(0)])])
        ),
        "{0, 1, 2, 3, 7}"
    );
    assert_eq!(
        shown(&b, eq(r13.clone(), set(vec![int(3), int(2), int(1)]))),
        "TRUE"
    );
    assert_eq!(
        shown(&b, bi(Builtin::In, vec![int(5), call(s.nat, vec![])])),
        "TRUE"
    );
    assert_eq!(
        shown(
            &b,
            call(
                s.cardinality,
                vec![bi(Builtin::Powerset, vec![r13.clone()])]
            )
        ),
        "8"
    );
    let filter = ex(ExprKind::SetFilter(
        Box::new(binder(0, "x", r13.clone())),
        Box::new(call(s.gt, vec![local(0), int(1)])),
    ));
    assert_eq!(shown(&b, filter), "{2, 3}");
    let map = ex(ExprKind::SetMap(
        Box::new(call(s.modulo, vec![local(0), int(2)])),
        vec![binder(0, "x", r13)],
    ));
    assert_eq!(shown(&b, map), "{0, 1}");
    assert_eq!(
        shown(&b, eq(int(1), string("a"))),
        "error E078: cannot compare the integer 1 with the string \"a\""
    );
}

#[test]
fn choose_takes_the_first_element_in_tlc_order() {
    let mut b = Builder::new();
    let s = b.std();
    let domain = set(vec![int(3), int(1), int(2), int(5)]);
    let choose = ex(ExprKind::Choose(
        Box::new(binder(0, "x", domain.clone())),
        Box::new(call(s.gt, vec![local(0), int(1)])),
    ));
    assert_eq!(shown(&b, choose), "2");
    let none = ex(ExprKind::Choose(
        Box::new(binder(0, "x", domain)),
        Box::new(boolean(false)),
    ));
    assert_eq!(
        shown(&b, none),
        "error E077: CHOOSE found no element satisfying its predicate"
    );
}

#[test]
fn functions_records_tuples_and_except() {
    let mut b = Builder::new();
    let s = b.std();
    let squares = ex(ExprKind::FnCons(
        vec![binder(0, "i", call(s.range, vec![int(1), int(3)]))],
        Box::new(call(s.times, vec![local(0), local(0)])),
    ));
    assert_eq!(shown(&b, squares.clone()), "<<1, 4, 9>>");
    assert_eq!(
        shown(&b, eq(squares.clone(), tuple(vec![int(1), int(4), int(9)]))),
        "TRUE"
    );
    let rec = ex(ExprKind::Record(vec![
        ("b".into(), int(2)),
        ("a".into(), squares),
    ]));
    assert_eq!(shown(&b, rec.clone()), "[a |-> <<1, 4, 9>>, b |-> 2]");
    // [r EXCEPT !.a[2] = @ + 10, !.b = 0]
    let except = ex(ExprKind::Except {
        base: Box::new(rec),
        updates: vec![
            ExceptUpdate {
                path: vec![ExceptStep::Field("a".into()), ExceptStep::Index(int(2))],
                value: call(s.plus, vec![local(1), int(10)]),
            },
            ExceptUpdate {
                path: vec![ExceptStep::Field("b".into())],
                value: int(0),
            },
        ],
        at: Slot(1),
    });
    assert_eq!(shown(&b, except), "[a |-> <<1, 14, 9>>, b |-> 0]");
    let merged = call(
        s.double_at,
        vec![
            call(s.colon_gt, vec![int(0), string("z")]),
            call(s.colon_gt, vec![int(5), string("y")]),
        ],
    );
    assert_eq!(shown(&b, merged), "(0 :> \"z\" @@ 5 :> \"y\")");
    let app = ex(ExprKind::FnApp(
        Box::new(tuple(vec![int(4), int(5)])),
        Box::new(int(3)),
    ));
    assert_eq!(
        shown(&b, app),
        "error E071: 3 is not in the domain of the function <<4, 5>>"
    );
}

#[test]
fn let_values_are_lazy_and_case_without_other_fails() {
    let mut b = Builder::new();
    let s = b.std();
    let lazy = ex(ExprKind::LetValue {
        slot: Slot(0),
        value: Box::new(call(s.div, vec![int(1), int(0)])),
        body: Box::new(int(5)),
    });
    assert_eq!(shown(&b, lazy), "5");
    let used = ex(ExprKind::LetValue {
        slot: Slot(0),
        value: Box::new(call(s.plus, vec![int(1), int(2)])),
        body: Box::new(call(s.times, vec![local(0), local(0)])),
    });
    assert_eq!(shown(&b, used), "9");
    let case = ex(ExprKind::Case {
        arms: vec![(boolean(false), int(1))],
        other: None,
    });
    assert_eq!(
        shown(&b, case),
        "error E074: no arm of this CASE is true and there is no OTHER arm"
    );
}

#[test]
fn recursion_higher_order_operators_and_recursive_functions() {
    let mut b = Builder::new();
    let s = b.std();
    // Sum(n) == IF n = 0 THEN 0 ELSE n + Sum(n - 1)   (op id known in advance)
    let sum_id = tlafid_sema::ir::OpId(b.program.ops.len() as u32);
    let body = ite(
        eq(local(0), int(0)),
        int(0),
        call(
            s.plus,
            vec![
                local(0),
                call(sum_id, vec![call(s.minus, vec![local(0), int(1)])]),
            ],
        ),
    );
    let sum = b.op("Sum", "M", &["n"], Level::Constant, 1, body);
    b.program.ops[sum.0 as usize].recursive = true;
    assert_eq!(shown(&b, call(sum, vec![int(10)])), "55");
    // fact[n \in Nat] == IF n = 0 THEN 1 ELSE n * fact[n - 1]
    let fact_id = tlafid_sema::ir::OpId(b.program.ops.len() as u32);
    let rec_app = ex(ExprKind::FnApp(
        Box::new(call(fact_id, vec![])),
        Box::new(call(s.minus, vec![local(0), int(1)])),
    ));
    let fact = b.op(
        "fact",
        "M",
        &[],
        Level::Constant,
        1,
        ite(
            eq(local(0), int(0)),
            int(1),
            call(s.times, vec![local(0), rec_app]),
        ),
    );
    b.program.ops[fact.0 as usize].function = Some(FnDefInfo {
        binders: vec![binder(0, "n", call(s.nat, vec![]))],
    });
    b.program.ops[fact.0 as usize].recursive = true;
    let fact5 = ex(ExprKind::FnApp(
        Box::new(call(fact, vec![])),
        Box::new(int(5)),
    ));
    assert_eq!(shown(&b, fact5), "120");
    let fact21 = ex(ExprKind::FnApp(
        Box::new(call(fact, vec![])),
        Box::new(int(21)),
    ));
    assert_eq!(shown(&b, fact21), "51090942171709440000");
    // Twice(F(_), x) == F(F(x)) applied to LAMBDA y: y * 3
    let lambda = b.op(
        "LAMBDA",
        "M",
        &["y"],
        Level::Constant,
        1,
        call(s.times, vec![local(0), int(3)]),
    );
    let inner = ex(ExprKind::LocalCall(Slot(0), vec![local(1)]));
    let twice = b.op(
        "Twice",
        "M",
        &["F", "x"],
        Level::Constant,
        2,
        ex(ExprKind::LocalCall(Slot(0), vec![inner])),
    );
    b.program.ops[twice.0 as usize].params[0].arity = 1;
    assert_eq!(
        shown(
            &b,
            call(twice, vec![ex(ExprKind::OpArg(lambda, vec![])), int(2)])
        ),
        "18"
    );
    // FoldSet(+, 0, {1, 2, 3}) and SortSeq(<<3, 1, 2>>, >)
    let fold = call(
        s.fold_set,
        vec![
            ex(ExprKind::OpArg(s.plus, vec![])),
            int(0),
            set(vec![int(1), int(2), int(3)]),
        ],
    );
    assert_eq!(shown(&b, fold), "6");
    let sorted = call(
        s.sort_seq,
        vec![
            tuple(vec![int(3), int(1), int(2)]),
            ex(ExprKind::OpArg(s.gt, vec![])),
        ],
    );
    assert_eq!(shown(&b, sorted), "<<3, 2, 1>>");
}

#[test]
fn runaway_recursion_is_an_error_not_a_crash() {
    let mut b = Builder::new();
    let id = tlafid_sema::ir::OpId(0);
    let looping = b.op(
        "Loop",
        "M",
        &["n"],
        Level::Constant,
        1,
        call(id, vec![local(0)]),
    );
    let err = eval_in(&b, &call(looping, vec![int(1)])).unwrap_err();
    assert_eq!(err.code.to_string(), "E082");
}

/// VARIABLES x, y
/// Init == x = 0 /\ y \in {0, 1}
/// Inc == x < 2 /\ x' = x + 1 /\ UNCHANGED y
/// Set(v) == y' = v /\ x' = x
/// Next == Inc \/ \E v \in {5, 6} : Set(v)
fn counter() -> (Builder, tlafid_sema::ir::OpId, tlafid_sema::ir::OpId) {
    let mut b = Builder::new();
    let s = b.std();
    let (x, y) = (b.var("x"), b.var("y"));
    let init = b.op(
        "Init",
        "M",
        &[],
        Level::State,
        0,
        and(vec![
            eq(var(x), int(0)),
            bi(Builtin::In, vec![var(y), set(vec![int(0), int(1)])]),
        ]),
    );
    let inc = b.op(
        "Inc",
        "M",
        &[],
        Level::Action,
        0,
        and(vec![
            call(s.lt, vec![var(x), int(2)]),
            eq(primed(x), call(s.plus, vec![var(x), int(1)])),
            bi(Builtin::Unchanged, vec![var(y)]),
        ]),
    );
    let set_op = b.op(
        "Set",
        "M",
        &["v"],
        Level::Action,
        1,
        and(vec![eq(primed(y), local(0)), eq(primed(x), var(x))]),
    );
    let next = b.op(
        "Next",
        "M",
        &[],
        Level::Action,
        1,
        or(vec![
            call(inc, vec![]),
            exists(
                0,
                "v",
                set(vec![int(5), int(6)]),
                call(set_op, vec![local(0)]),
            ),
        ]),
    );
    (b, init, next)
}

#[test]
fn init_and_next_generate_states_like_tlc() {
    let (b, init, next) = counter();
    let mut ev = Evaluator::new(&b.program, vec![]);
    ev.set_spec(Some(init), Some(next));
    let names: Vec<&str> = ev.actions().iter().map(|a| a.name.as_str()).collect();
    assert_eq!(names, ["Inc", "Set"]);
    let inits = ev.init_states().unwrap();
    let shown: Vec<String> = inits
        .iter()
        .map(|s| {
            format!(
                "{:?}",
                s.values()
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
            )
        })
        .collect();
    assert_eq!(shown, ["[\"0\", \"0\"]", "[\"0\", \"1\"]"]);
    assert_eq!(
        successors_shown(&ev, &inits[1]),
        [
            "0 [] -> 1, 1",
            "1 [\"v=5\", \"v=5\"] -> 0, 5",
            "1 [\"v=6\", \"v=6\"] -> 0, 6"
        ]
    );
    let top = State::new(vec![Value::Int(2), Value::Int(0)].into_boxed_slice());
    let mut count = 0;
    ev.successors(&top, &mut |_, _| count += 1).unwrap();
    assert_eq!(count, 2, "Inc is disabled at x = 2");
}

#[test]
fn unassigned_and_early_read_primed_variables_are_errors() {
    let mut b = Builder::new();
    let (x, y) = (b.var("x"), b.var("y"));
    let init = b.op(
        "Init",
        "M",
        &[],
        Level::State,
        0,
        and(vec![eq(var(x), int(0)), eq(var(y), int(0))]),
    );
    let forgets_y = b.op("Next", "M", &[], Level::Action, 0, eq(primed(x), int(1)));
    let reads_early = b.op(
        "Next2",
        "M",
        &[],
        Level::Action,
        0,
        and(vec![eq(primed(x), primed(y)), eq(primed(y), int(1))]),
    );
    let mut ev = Evaluator::new(&b.program, vec![]);
    ev.set_spec(Some(init), Some(forgets_y));
    let s0 = ev.init_states().unwrap().remove(0);
    let err = ev.successors(&s0, &mut |_, _| {}).unwrap_err();
    assert_eq!(
        (err.code.to_string(), err.message.as_str()),
        (
            "E073".into(),
            "the action Next does not assign the variable y"
        )
    );
    ev.set_spec(Some(init), Some(reads_early));
    let err = ev.successors(&s0, &mut |_, _| {}).unwrap_err();
    assert_eq!(
        (err.code.to_string(), err.message.as_str()),
        ("E072".into(), "y' is read before it is assigned")
    );
}

#[test]
fn enabled_and_constants() {
    let (mut b, init, next) = counter();
    b.program.consts.push(tlafid_sema::ir::ConstDecl {
        name: "N".into(),
        arity: 0,
        span: Default::default(),
    });
    let enabled = bi(Builtin::Enabled, vec![call(next, vec![])]);
    let ev = Evaluator::new(&b.program, vec![Some(ConstBinding::Value(Value::Int(3)))]);
    let state = [Value::Int(2), Value::Int(0)];
    assert!(ev.eval_bool(&enabled, &state, None).unwrap());
    assert_eq!(
        ev.eval(&ex(ExprKind::Const(tlafid_sema::ir::ConstId(0))), &[], None)
            .unwrap(),
        Value::Int(3)
    );
    let _ = init;
    let unbound = Evaluator::new(&b.program, vec![]);
    let err = unbound
        .eval(&ex(ExprKind::Const(tlafid_sema::ir::ConstId(0))), &[], None)
        .unwrap_err();
    assert_eq!(err.message, "the constant N has no value");
}

#[test]
fn frames_and_caches_do_not_trust_declared_sizes_and_levels() {
    let mut b = Builder::new();
    let (x, y) = (b.var("x"), b.var("y"));
    // Declared as constant level, but reads x: it must not be cached across states.
    let reads_x = b.op("ReadsX", "M", &[], Level::Constant, 0, var(x));
    let assign_x = b.op("A", "M", &["p"], Level::Action, 0, eq(primed(x), local(0)));
    // Next == A(1) /\ \E w \in {7, 8} : y' = w   (frame size declared 0, needs 1)
    let next = b.op(
        "Next",
        "M",
        &[],
        Level::Action,
        0,
        and(vec![
            call(assign_x, vec![int(1)]),
            exists(0, "w", set(vec![int(7), int(8)]), eq(primed(y), local(0))),
        ]),
    );
    let init = b.op(
        "Init",
        "M",
        &[],
        Level::State,
        0,
        and(vec![eq(var(x), int(0)), eq(var(y), int(0))]),
    );
    let mut ev = Evaluator::new(&b.program, vec![]);
    ev.set_spec(Some(init), Some(next));
    assert_eq!(
        ev.eval_op(reads_x, &[Value::Int(1), Value::Int(0)], None)
            .unwrap(),
        Value::Int(1)
    );
    assert_eq!(
        ev.eval_op(reads_x, &[Value::Int(2), Value::Int(0)], None)
            .unwrap(),
        Value::Int(2)
    );
    let s0 = ev.init_states().unwrap().remove(0);
    let mut out = Vec::new();
    ev.successors(&s0, &mut |_, s| {
        out.push(format!("{}/{}", s.values()[0], s.values()[1]))
    })
    .unwrap();
    assert_eq!(out, ["1/7", "1/8"]);
}

#[test]
fn deep_recursion_grows_the_stack_instead_of_crashing() {
    let result = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(|| {
            let mut b = Builder::new();
            let s = b.std();
            let sum_id = tlafid_sema::ir::OpId(b.program.ops.len() as u32);
            let body = ite(
                eq(local(0), int(0)),
                int(0),
                call(
                    s.plus,
                    vec![
                        local(0),
                        call(sum_id, vec![call(s.minus, vec![local(0), int(1)])]),
                    ],
                ),
            );
            let sum = b.op("Sum", "M", &["n"], Level::Constant, 1, body);
            shown(&b, call(sum, vec![int(3000)]))
        })
        .expect("thread")
        .join()
        .expect("no crash");
    assert_eq!(result, "4501500");
}

#[test]
fn the_variables_an_expression_reads_are_found_through_calls() {
    let mut b = Builder::new();
    let s = b.std();
    // Reads(p) == x + p;  Inv == Reads(z) < 3 /\ \E i \in {y} : i = 1
    let reads = b.op(
        "Reads",
        "M",
        &["p"],
        Level::State,
        1,
        call(s.plus, vec![var(0), local(0)]),
    );
    let inv = and(vec![
        call(s.lt, vec![call(reads, vec![var(2)]), int(3)]),
        exists(0, "i", set(vec![var(1)]), eq(local(0), int(1))),
    ]);
    let ev = Evaluator::new(&b.program, vec![]);
    assert_eq!(ev.variables_read(&inv), Some(vec![0, 1, 2]));
    assert_eq!(ev.variables_read(&int(1)), Some(vec![]));
    // A prime, or an effect such as TLCGet, makes the value depend on more than the state.
    assert_eq!(ev.variables_read(&eq(primed(0), var(1))), None);
    let tlc_get = b.native("TLC", "TLCGet", 1);
    let ev = Evaluator::new(&b.program, vec![]);
    let level = call(tlc_get, vec![string("level")]);
    assert_eq!(ev.variables_read(&eq(level, var(0))), None);
}

/// The successors of `state`, shown with their action's index and parameters.
fn successors_shown(ev: &Evaluator, state: &State) -> Vec<String> {
    let mut shown = Vec::new();
    ev.successors(state, &mut |info, st| {
        let params: Vec<String> = info
            .params
            .iter()
            .map(|(n, v)| format!("{n}={v}"))
            .collect();
        shown.push(format!(
            "{} {params:?} -> {}, {}",
            info.index,
            st.values()[0],
            st.values()[1]
        ));
    })
    .unwrap();
    shown
}

#[test]
fn an_override_after_the_spec_splits_the_relation_again() {
    let (mut b, init, next) = counter();
    let (x, y) = (0, 1);
    // Pick == \E w \in {7, 8, 9} : y' = w /\ x' = x, in place of Inc.
    let pick = b.op(
        "Pick",
        "M",
        &[],
        Level::Action,
        1,
        exists(
            0,
            "w",
            set(vec![int(7), int(8), int(9)]),
            and(vec![eq(primed(y), local(0)), eq(primed(x), var(x))]),
        ),
    );
    let inc = b
        .program
        .ops
        .iter()
        .position(|op| op.name == "Inc")
        .unwrap();
    let inc = tlafid_sema::ir::OpId(inc as u32);
    let mut before = Evaluator::new(&b.program, vec![]);
    before.override_op(inc, ConstBinding::Op(pick));
    before.set_spec(Some(init), Some(next));
    let mut after = Evaluator::new(&b.program, vec![]);
    after.set_spec(Some(init), Some(next));
    after.override_op(inc, ConstBinding::Op(pick));
    let s0 = before.init_states().unwrap().remove(0);
    let expected = successors_shown(&before, &s0);
    assert_eq!(expected.len(), 5, "{expected:?}");
    assert_eq!(successors_shown(&after, &s0), expected);
    let names = |ev: &Evaluator| -> Vec<String> {
        ev.actions().iter().map(|a| a.name.to_string()).collect()
    };
    assert_eq!(names(&after), names(&before));
}
