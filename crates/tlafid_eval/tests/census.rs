//! The census of action plans (`Evaluator::plan_census`), a developer's tool for sizing a
//! native back end: which actions are planned whole, and what their plans use.

use tlafid_base::SourceMap;
use tlafid_eval::Evaluator;
use tlafid_sema::ir::RootName;

const SPEC: &str = r#"---- MODULE M ----
EXTENDS Naturals
VARIABLES x, y
Bump(k) == x + k
Init == x = 0 /\ y = 0
Inc == x < 3 /\ x' = x + 1 /\ UNCHANGED y
\* The `\E` is the splitter's: the plan is its body's.
Jump == \E k \in {1, 2} : x' = Bump(k) /\ y' = y
\* A tuple of bound variables is left to the interpreter.
Swap == y' \in {x, y} /\ x' = x /\ \A <<a, b>> \in {<<1, 2>>} : a < b
Next == Inc \/ Jump \/ Swap
Small == x < 10
===="#;

#[test]
fn census_names_whole_plans_and_what_they_leave_out() {
    let mut sources = SourceMap::new();
    let root = sources.add("M.tla", SPEC.to_string());
    let program = tlafid_sema::load(root, &mut sources, &mut |_| None)
        .program
        .expect("the module loads");
    let op = |n: &str| match program.root_name(n) {
        Some(RootName::Op(op)) => Some(op),
        _ => None,
    };
    let mut ev = Evaluator::new(&program, vec![]);
    ev.set_spec(op("Init"), op("Next"));
    let small = &program.op(op("Small").expect("defined")).body;
    let census = ev.plan_census(&[("Small", small)]);
    let expected = "\
action 0 Inc: planned whole
  plan: And 1, Eq 1, Guard 1, Unchanged 1
  nodes: IntCmp 1, Native2 1, Value 2, Var 2
  interpreted: -
action 1 Jump: planned whole but for calls
  plan: And 1, Eq 2
  nodes: Interpret 1, Local 1, Native2 1, Var 2
  interpreted: Call Bump 1
action 2 Swap: not whole
  plan: And 1, Eq 1, Guard 1, In 1
  nodes: Interpret 1, SetEnum 1, Var 3
  interpreted: Quant 1
invariant Small: compiled whole
  nodes: IntCmp 1, Value 1, Var 1
  interpreted: -
";
    assert_eq!(census, expected);
}
