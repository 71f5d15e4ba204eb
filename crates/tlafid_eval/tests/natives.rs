//! Native operators whose exact results depend on TLC's conventions.

mod common;

use common::*;
use tlafid_eval::{Evaluator, Value};
use tlafid_sema::ir::{Builtin, Expr, ExprKind, Level};

fn run(b: &Builder, e: Expr) -> String {
    match Evaluator::new(&b.program, vec![]).eval(&e, &[], None) {
        Ok(v) => v.to_string(),
        Err(err) => format!("error {}: {}", err.code, err.message),
    }
}

fn op_arg(op: tlafid_sema::ir::OpId) -> Expr {
    ex(ExprKind::OpArg(op, vec![]))
}

#[test]
fn folds_combine_in_tlc_order() {
    let mut b = Builder::new();
    let s = b.std();
    let map_fold = b.native("Folds", "MapThenFoldSet", 5);
    let fold_fn = b.native("Functions", "FoldFunction", 3);
    // Pair(x, acc) == <<x>> \o acc shows the nesting: the first element is outermost.
    let concat = b.native("Sequences", "\\o", 2);
    let pair = b.op(
        "Pair",
        "M",
        &["x", "acc"],
        Level::Constant,
        2,
        call(concat, vec![tuple(vec![local(0)]), local(1)]),
    );
    let id = b.op("Id", "M", &["x"], Level::Constant, 1, local(0));
    let pick_max = b.op(
        "PickMax",
        "M",
        &["S"],
        Level::Constant,
        2,
        ex(ExprKind::Choose(
            Box::new(binder(1, "x", local(0))),
            Box::new(forall(
                2,
                "y",
                local(0),
                bi(Builtin::Not, vec![call(s.gt, vec![local(2), local(1)])]),
            )),
        )),
    );
    let three = set(vec![int(1), int(2), int(3)]);
    let folded = call(
        map_fold,
        vec![
            op_arg(pair),
            tuple(vec![]),
            op_arg(id),
            op_arg(pick_max),
            three.clone(),
        ],
    );
    assert_eq!(run(&b, folded), "<<3, 2, 1>>");
    let by_set = call(s.fold_set, vec![op_arg(pair), tuple(vec![]), three]);
    assert_eq!(
        run(&b, by_set),
        "<<3, 2, 1>>",
        "TLC's native FoldSet puts the last element outermost"
    );
    let by_fn = call(
        fold_fn,
        vec![
            op_arg(pair),
            tuple(vec![]),
            tuple(vec![string("a"), string("b")]),
        ],
    );
    assert_eq!(run(&b, by_fn), "<<\"b\", \"a\">>");
}

#[test]
fn bitwise_any_and_refused_operators() {
    let mut b = Builder::new();
    let not = b.native("Bitwise", "Not", 1);
    let and = b.native("Bitwise", "&", 2);
    let any = b.native("TLC", "Any", 0);
    let exec = b.native("IOUtils", "IOExec", 1);
    let random = b.native("TLC", "RandomElement", 1);
    let get = b.native("TLC", "TLCGet", 1);
    assert_eq!(run(&b, call(not, vec![int(10)])), "5");
    assert_eq!(run(&b, call(not, vec![int(0)])), "0");
    assert_eq!(run(&b, call(and, vec![int(12), int(10)])), "8");
    assert_eq!(
        run(
            &b,
            bi(Builtin::In, vec![tuple(vec![int(1)]), call(any, vec![])])
        ),
        "TRUE"
    );
    assert_eq!(
        run(&b, call(exec, vec![tuple(vec![])])),
        "error E075: IOExec is not supported: it reads or writes files, the environment or processes"
    );
    assert_eq!(run(&b, call(random, vec![set(vec![int(1)])])), "1");
    assert_eq!(
        run(&b, call(random, vec![set(vec![])])),
        "error E070: RandomElement of the empty set"
    );
    let seeded = Evaluator::new(&b.program, vec![]);
    let draw = call(random, vec![set((1..=9).map(int).collect())]);
    let draws: Vec<String> = (0..6)
        .map(|_| seeded.eval(&draw, &[], None).unwrap().to_string())
        .collect();
    assert_eq!(draws.join(" "), "6 7 4 7 4 6");
    seeded.check_assumes().unwrap();
    assert_eq!(
        seeded.eval(&draw, &[], None).unwrap_err().message,
        "RandomElement is not supported during exploration: its choices would depend on the exploration order"
    );
    let level = call(get, vec![string("level")]);
    assert_eq!(
        run(&b, level.clone()),
        "0",
        "TLC: the level is 0 in ASSUMEs"
    );
    let ev = Evaluator::new(&b.program, vec![]);
    ev.check_assumes().unwrap();
    assert_eq!(
        ev.eval(&level, &[], None).unwrap_err().message,
        "TLCGet(\"level\") is not supported here"
    );
    let mut worker = ev.worker();
    worker.set_level(Some(4));
    assert_eq!(worker.eval(&level, &[], None).unwrap(), Value::Int(4));
}

#[test]
fn tlc_registers_are_written_by_assumes_only() {
    let mut b = Builder::new();
    let set = b.native("TLC", "TLCSet", 2);
    let get = b.native("TLC", "TLCGet", 1);
    let ev = Evaluator::new(&b.program, vec![]);
    let eval = |e: Expr| match ev.eval(&e, &[], None) {
        Ok(v) => v.to_string(),
        Err(err) => format!("error {}: {}", err.code, err.message),
    };
    assert_eq!(
        eval(call(get, vec![int(2)])),
        "error E075: TLCGet(2): the register was not set by TLCSet"
    );
    assert_eq!(eval(call(set, vec![int(2), string("a")])), "TRUE");
    assert_eq!(eval(call(get, vec![int(2)])), "\"a\"");
    ev.check_assumes().unwrap();
    assert_eq!(
        eval(call(set, vec![int(2), int(1)])),
        "error E114: TLCSet(2, ...) during exploration: what later TLCGets read would depend on the exploration order"
    );
    assert_eq!(eval(call(get, vec![int(2)])), "\"a\"");
    let mut config = Evaluator::new(&b.program, vec![]);
    config.set_tlc_config(Value::str("cfg"));
    let read = call(get, vec![string("config")]);
    assert_eq!(config.eval(&read, &[], None).unwrap(), Value::str("cfg"));
}

#[test]
fn io_env_and_json_files_come_from_the_caller() {
    use std::sync::Arc;
    use tlafid_eval::{FileRefusal, SpecInputs};
    let mut b = Builder::new();
    let env = b.native("IOUtils", "IOEnv", 0);
    let nd = b.native("Json", "ndJsonDeserialize", 1);
    let whole = b.native("Json", "JsonDeserialize", 1);
    let serialize = b.native("Json", "ndJsonSerialize", 2);
    let mut ev = Evaluator::new(&b.program, vec![]);
    let eval = |ev: &Evaluator<'_>, e: Expr| match ev.eval(&e, &[], None) {
        Ok(v) => v.to_string(),
        Err(err) => format!("error {}: {}", err.code, err.message),
    };
    assert_eq!(
        eval(&ev, call(env, vec![])),
        "<<>>",
        "no --env: an empty record"
    );
    assert_eq!(
        eval(&ev, call(nd, vec![string("log.ndjson")])),
        "error E111: ndJsonDeserialize(\"log.ndjson\") reads a file the command line does not allow"
    );
    let files: &[(&str, &str)] = &[
        (
            "log.ndjson",
            "{\"a\": 1, \"b\": [true, \"x\"]}\n\n  {}  \n{\"vc\": {\"0\": 2}}\n",
        ),
        ("one.json", "[1, 2.0, -3]"),
        ("fraction.json", "[1.5]"),
        ("wide.json", "4294967296"),
        ("broken.ndjson", "{\"a\": 1}\n{\"a\": \n"),
    ];
    let reader = move |path: &str| match files.iter().find(|(name, _)| *name == path) {
        Some((_, text)) => Ok(Arc::from(*text)),
        None if path == "secret" => Err(FileRefusal::NotAllowed(None)),
        None => Err(FileRefusal::Unreadable(format!(
            "cannot read {path}: missing"
        ))),
    };
    ev.set_inputs(SpecInputs {
        env: [("TRACE_PATH".to_string(), "log.ndjson".to_string())].into(),
        read_file: Some(Arc::new(reader)),
    });
    assert_eq!(
        eval(&ev, call(env, vec![])),
        "[TRACE_PATH |-> \"log.ndjson\"]"
    );
    assert_eq!(
        eval(&ev, call(nd, vec![string("log.ndjson")])),
        "<<[a |-> 1, b |-> <<TRUE, \"x\">>], <<>>, [vc |-> [0 |-> 2]]>>"
    );
    assert_eq!(
        eval(&ev, call(whole, vec![string("one.json")])),
        "<<1, 2, -3>>"
    );
    assert_eq!(
        eval(&ev, call(whole, vec![string("fraction.json")])),
        "error E113: JsonDeserialize(\"fraction.json\"): the number 1.5 is not an integer (TLC would truncate it)"
    );
    assert_eq!(
        eval(&ev, call(whole, vec![string("wide.json")])),
        "error E113: JsonDeserialize(\"wide.json\"): the number 4294967296 is outside TLC's 32-bit integers (TLC would wrap it)"
    );
    assert!(eval(&ev, call(nd, vec![string("broken.ndjson")]))
        .starts_with("error E113: ndJsonDeserialize(\"broken.ndjson\"): line 2: "));
    assert_eq!(
        eval(&ev, call(nd, vec![string("gone")])),
        "error E112: ndJsonDeserialize(\"gone\"): cannot read gone: missing"
    );
    assert_eq!(
        eval(&ev, call(nd, vec![string("secret")])),
        "error E111: ndJsonDeserialize(\"secret\") reads a file the command line does not allow"
    );
    assert_eq!(
        eval(&ev, call(serialize, vec![string("out"), tuple(vec![])])),
        "error E075: ndJsonSerialize is not supported: it writes a file"
    );
}
