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
    assert_eq!(
        run(&b, call(random, vec![set(vec![int(1)])])),
        "error E075: RandomElement is not supported: it is random; TLC's choice cannot be reproduced"
    );
    let level = call(get, vec![string("level")]);
    assert_eq!(
        run(&b, level.clone()),
        "error E075: TLCGet(\"level\") is not supported here"
    );
    let ev = Evaluator::new(&b.program, vec![]);
    let mut worker = ev.worker();
    worker.set_level(Some(4));
    assert_eq!(worker.eval(&level, &[], None).unwrap(), Value::Int(4));
}
