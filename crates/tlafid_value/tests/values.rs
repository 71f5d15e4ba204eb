//! Value semantics: equality across representations, TLC's order, lazy sets, fingerprints.

use proptest::prelude::*;
use tlafid_value::{LazySet, Value};

fn i(v: i64) -> Value {
    Value::Int(v)
}

fn s(v: &str) -> Value {
    Value::str(v)
}

fn set(v: Vec<Value>) -> Value {
    Value::set(v)
}

fn ints(v: &[i64]) -> Value {
    Value::set(v.iter().copied().map(Value::Int).collect())
}

fn same(a: &Value, b: &Value) {
    assert_eq!(a, b, "{a} = {b}");
    assert_eq!(a.cmp(b), std::cmp::Ordering::Equal);
    assert_eq!(
        a.fingerprint(),
        b.fingerprint(),
        "fingerprints of {a} and {b}"
    );
}

#[test]
fn tuples_are_functions_on_an_interval() {
    let tuple = Value::seq(vec![i(1), i(2)]);
    let fcn = Value::function(vec![(i(2), i(2)), (i(1), i(1))]);
    same(&tuple, &fcn);
    assert!(matches!(fcn, Value::Seq(_)));
    assert_eq!(fcn.to_string(), "<<1, 2>>");
    same(&Value::function(vec![]), &Value::empty_seq());
    let shifted = Value::function(vec![(i(0), i(1)), (i(1), i(2))]);
    assert_ne!(shifted, tuple);
    assert_eq!(shifted.to_string(), "(0 :> 1 @@ 1 :> 2)");
}

#[test]
fn records_are_functions_on_strings() {
    let rec = Value::record(vec![
        (tlafid_value::Text::from("b"), i(2)),
        (tlafid_value::Text::from("a"), i(1)),
    ]);
    let fcn = Value::function(vec![(s("a"), i(1)), (s("b"), i(2))]);
    same(&rec, &fcn);
    assert_eq!(rec.to_string(), "[a |-> 1, b |-> 2]");
    assert_eq!(rec.field("b").unwrap(), &i(2));
    assert!(rec.field("c").is_err());
    assert_eq!(rec.domain().unwrap(), set(vec![s("a"), s("b")]));
    let updated = rec.except(&s("a"), i(5)).unwrap();
    assert_eq!(updated.to_string(), "[a |-> 5, b |-> 2]");
    assert!(rec.except(&s("z"), i(5)).is_err());
}

#[test]
fn record_fields_are_found_in_small_and_large_records() {
    for width in [1usize, 3, 8, 9, 20] {
        let names: Vec<String> = (0..width)
            .map(|k| "f".repeat(k % 4 + 1) + &k.to_string())
            .collect();
        let rec = Value::record(
            names
                .iter()
                .enumerate()
                .map(|(k, n)| (tlafid_value::Text::from(n.as_str()), i(k as i64)))
                .collect(),
        );
        for (k, n) in names.iter().enumerate() {
            assert_eq!(rec.field(n).unwrap(), &i(k as i64), "{n} of {width}");
        }
        assert!(rec.field("f").is_err());
        assert!(rec.field("f00").is_err());
        assert!(rec.field("").is_err());
    }
}

#[test]
fn intervals_equal_their_enumeration() {
    same(&Value::interval(1, 3), &ints(&[1, 2, 3]));
    same(&Value::interval(3, 1), &Value::empty_set());
    assert!(Value::interval(1, 3).contains(&i(2)).unwrap());
    assert!(!Value::interval(1, 3).contains(&i(4)).unwrap());
    assert!(!Value::interval(1, 3).contains(&s("a")).unwrap());
    assert_eq!(Value::interval(1, 3).to_string(), "1..3");
    assert_eq!(
        Value::interval(2, 3)
            .union(&ints(&[1]))
            .unwrap()
            .to_string(),
        "{1, 2, 3}"
    );
    assert_eq!(
        Value::interval(1, 5).minus(&ints(&[2, 4])).unwrap(),
        ints(&[1, 3, 5])
    );
    assert!(Value::interval(1, 3) < Value::interval(0, 3));
    assert!(ints(&[5, 6]) < Value::interval(1, 3));
}

#[test]
fn sets_order_by_size_then_elements_as_tlc() {
    let mut v = [
        ints(&[2]),
        ints(&[1, 2]),
        ints(&[]),
        ints(&[1]),
        ints(&[0, 5]),
    ];
    v.sort();
    let shown: Vec<String> = v.iter().map(ToString::to_string).collect();
    assert_eq!(shown, ["{}", "{1}", "{2}", "{0, 5}", "{1, 2}"]);
    assert_eq!(ints(&[3, 1, 2, 1]).to_string(), "{1, 2, 3}");
}

#[test]
fn functions_order_by_size_then_domain_then_values_as_tlc() {
    let a = Value::seq(vec![i(9)]);
    let b = Value::seq(vec![i(1), i(1)]);
    assert!(a < b);
    let r1 = Value::record(vec![(tlafid_value::Text::from("a"), i(9))]);
    let r2 = Value::record(vec![(tlafid_value::Text::from("b"), i(0))]);
    assert!(r1 < r2);
    let f1 = Value::function(vec![(i(0), i(5)), (i(1), i(5))]);
    let f2 = Value::seq(vec![i(0), i(0)]);
    assert!(f1 < f2, "domain {{0, 1}} comes before {{1, 2}}");
    assert!(Value::model(0, "m") < i(-5));
    assert!(Value::Bool(false) < Value::Bool(true));
}

#[test]
fn lazy_sets_answer_membership() {
    let nat = Value::lazy(LazySet::Nat);
    assert!(nat.contains(&i(0)).unwrap());
    assert!(!nat.contains(&i(-1)).unwrap());
    assert!(Value::lazy(LazySet::Int).contains(&i(-1)).unwrap());
    assert!(Value::lazy(LazySet::Strings).contains(&s("x")).unwrap());
    assert!(nat.iter_set().is_err());
    let seqs = Value::lazy(LazySet::SeqOf(ints(&[1, 2])));
    assert!(seqs.contains(&Value::seq(vec![i(1), i(2), i(1)])).unwrap());
    assert!(seqs.contains(&Value::empty_seq()).unwrap());
    assert!(!seqs.contains(&Value::seq(vec![i(3)])).unwrap());
    let rs = Value::lazy(LazySet::RecordSet(vec![(
        tlafid_value::Text::from("a"),
        ints(&[1, 2]),
    )]));
    assert!(rs
        .contains(&Value::record(vec![(tlafid_value::Text::from("a"), i(2))]))
        .unwrap());
    assert!(!rs
        .contains(&Value::record(vec![(tlafid_value::Text::from("b"), i(2))]))
        .unwrap());
    let no_zero = nat.minus(&ints(&[0])).unwrap();
    assert!(!no_zero.contains(&i(0)).unwrap() && no_zero.contains(&i(7)).unwrap());
}

#[test]
fn finite_lazy_sets_enumerate_in_order_and_equal_their_enumeration() {
    let powerset = Value::lazy(LazySet::Subset(ints(&[1, 2])));
    assert_eq!(powerset.cardinality().unwrap(), 4);
    let listed: Vec<String> = powerset
        .iter_set()
        .unwrap()
        .map(|v| v.to_string())
        .collect();
    assert_eq!(listed, ["{}", "{1}", "{2}", "{1, 2}"]);
    same(
        &powerset,
        &set(vec![ints(&[]), ints(&[1]), ints(&[2]), ints(&[1, 2])]),
    );
    assert!(powerset.contains(&ints(&[2])).unwrap());
    let fns = Value::lazy(LazySet::FnSet(ints(&[1, 2]), Value::boolean_set()));
    assert_eq!(fns.cardinality().unwrap(), 4);
    assert_eq!(
        fns.iter_set()
            .unwrap()
            .map(|v| v.to_string())
            .collect::<Vec<_>>(),
        [
            "<<FALSE, FALSE>>",
            "<<FALSE, TRUE>>",
            "<<TRUE, FALSE>>",
            "<<TRUE, TRUE>>"
        ]
    );
    assert!(fns
        .contains(&Value::seq(vec![Value::Bool(true), Value::Bool(false)]))
        .unwrap());
    assert!(!fns.contains(&Value::seq(vec![Value::Bool(true)])).unwrap());
    let product = Value::lazy(LazySet::Product(vec![ints(&[1, 2]), set(vec![s("a")])]));
    assert_eq!(product.to_enumerated().unwrap().elems().len(), 2);
    assert_eq!(
        Value::Set(product.to_enumerated().unwrap()).to_string(),
        "{<<1, \"a\">>, <<2, \"a\">>}"
    );
    assert_eq!(
        Value::lazy(LazySet::Subset(Value::empty_set())).to_string(),
        "SUBSET {}"
    );
    same(
        &Value::lazy(LazySet::Subset(Value::empty_set())),
        &set(vec![Value::empty_set()]),
    );
}

#[test]
fn display_matches_tlc() {
    let v = Value::seq(vec![
        i(1),
        s("a\"b"),
        Value::model(1, "m1"),
        Value::Bool(true),
    ]);
    assert_eq!(v.to_string(), "<<1, \"a\\\"b\", m1, TRUE>>");
    assert_eq!(Value::lazy(LazySet::Nat).to_string(), "Nat");
    let mixed = Value::set(vec![s("b"), s("a")]);
    assert_eq!(mixed.to_string(), "{\"a\", \"b\"}");
}

#[test]
fn big_integers_are_exact() {
    let big = i(i64::MAX).int_add(&i(i64::MAX)).unwrap();
    assert_eq!(big.to_string(), "18446744073709551614");
    assert!(big > i(i64::MAX));
    assert!(Value::lazy(LazySet::Nat).contains(&big).unwrap());
    let back = big.int_sub(&i(i64::MAX)).unwrap();
    same(&back, &i(i64::MAX));
    assert_eq!(
        Value::parse_int("123456789012345678901234567890")
            .unwrap()
            .to_string(),
        "123456789012345678901234567890"
    );
}

#[test]
fn fingerprints_are_fixed_across_runs() {
    // Pinned: a change here changes every state fingerprint (and must be deliberate).
    assert_eq!(i(1).fingerprint(), i(1).fingerprint());
    assert_ne!(i(1).fingerprint(), s("1").fingerprint());
    assert_ne!(
        ints(&[1, 2]).fingerprint(),
        Value::seq(vec![i(1), i(2)]).fingerprint()
    );
    let pinned = tlafid_value::fingerprint_values(&[i(1), s("a"), ints(&[1, 2])]);
    assert_eq!(
        pinned,
        tlafid_value::fingerprint_values(&[i(1), s("a"), Value::interval(1, 2)])
    );
    assert_eq!(format!("{pinned:016x}"), "e63234288b09d0b3");
}

fn arb_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        any::<bool>().prop_map(Value::Bool),
        (-3i64..4).prop_map(Value::Int),
        prop_oneof![Just("a"), Just("b"), Just("c")].prop_map(Value::str),
        (-2i64..3, -2i64..3).prop_map(|(a, b)| Value::interval(a, b)),
    ];
    leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::set),
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::seq),
            prop::collection::vec((inner.clone(), inner.clone()), 0..4).prop_map(Value::function),
            prop::collection::vec((prop_oneof![Just("x"), Just("y")], inner), 1..3).prop_map(|f| {
                Value::record(
                    f.into_iter()
                        .map(|(k, v)| (tlafid_value::Text::from(k), v))
                        .collect(),
                )
            }),
        ]
    })
}

proptest! {
    #[test]
    fn strings_order_as_their_bytes(a in "[ab\\x00\\x7f\u{e9}]{0,11}", b in "[ab\\x00\\x7f\u{e9}]{0,11}") {
        prop_assert_eq!(Value::str(&a).cmp(&Value::str(&b)), a.as_str().cmp(b.as_str()));
    }

    #[test]
    fn equality_implies_equal_fingerprints(a in arb_value(), b in arb_value()) {
        if a == b {
            prop_assert_eq!(a.fingerprint(), b.fingerprint());
        }
        prop_assert_eq!(a == b, a.cmp(&b) == std::cmp::Ordering::Equal);
        prop_assert_eq!(a.cmp(&b), b.cmp(&a).reverse());
    }

    #[test]
    fn equality_of_fingerprinted_values_agrees_with_the_order(a in arb_value(), b in arb_value()) {
        // Functions whose fingerprints are both known and differ are unequal without a
        // look at their pairs: the shortcut must agree with the order.
        let (x, y) = (a.fingerprint(), b.fingerprint());
        prop_assert_eq!(a == b, a.cmp(&b) == std::cmp::Ordering::Equal);
        if a == b {
            prop_assert_eq!(x, y);
        }
    }

    #[test]
    fn order_is_transitive(a in arb_value(), b in arb_value(), c in arb_value()) {
        let mut v = [a, b, c];
        v.sort();
        prop_assert!(v[0] <= v[1] && v[1] <= v[2] && v[0] <= v[2]);
    }

    #[test]
    fn updates_keep_the_fingerprint_of_the_value(f in arb_value(), v in arb_value(), at in 0usize..4) {
        // `EXCEPT`, `Append` and `\cup {x}` derive their result's fingerprint from their
        // operand's: it must be the fingerprint of the same value built afresh.
        if f.is_fcn() {
            let mut pairs = f.fn_pairs().unwrap();
            if !pairs.is_empty() {
                let i = at % pairs.len();
                let updated = f.except(&pairs[i].0, v.clone()).unwrap();
                pairs[i].1 = v.clone();
                let fresh = Value::function(pairs);
                prop_assert_eq!(&updated, &fresh);
                prop_assert_eq!(updated.fingerprint(), fresh.fingerprint());
            }
        }
        if let Some(elems) = f.as_seq() {
            let appended = f.append(&v).unwrap();
            let mut fresh = elems.to_vec();
            fresh.push(v.clone());
            prop_assert_eq!(appended.fingerprint(), Value::seq(fresh).fingerprint());
        }
        if f.is_finite_set() {
            let single = Value::set(vec![v.clone()]);
            let mut all: Vec<Value> = f.iter_set().unwrap().map(|e| e.into_owned()).collect();
            all.push(v.clone());
            let fresh = Value::set(all);
            for union in [f.union(&single).unwrap(), single.union(&f).unwrap()] {
                prop_assert_eq!(&union, &fresh);
                prop_assert_eq!(union.fingerprint(), fresh.fingerprint());
            }
        }
    }

    #[test]
    fn enumerated_form_equals_the_interval(lo in -5i64..5, len in 0i64..6) {
        let interval = Value::interval(lo, lo + len - 1);
        let listed = Value::set((lo..lo + len).map(Value::Int).collect());
        prop_assert_eq!(&interval, &listed);
        prop_assert_eq!(interval.fingerprint(), listed.fingerprint());
    }
}

#[test]
fn unique_functions_are_updated_in_place_and_shared_ones_copied() {
    let base = Value::seq(vec![i(1), i(2), i(3)]);
    let base_fp = base.fingerprint();
    let mut shared = base.clone();
    assert!(shared.take_unique_at(0).is_none());
    let mut unique = base.except_index(1, i(7));
    let _ = unique.fingerprint();
    let taken = unique.take_unique_at(1).unwrap();
    same(&taken, &i(7));
    unique.put_unique_at(1, i(8));
    let fresh = Value::seq(vec![i(1), i(8), i(3)]);
    same(&unique, &fresh);
    assert_eq!(unique.fingerprint(), fresh.fingerprint());
    assert_eq!(base.fingerprint(), base_fp);
}

#[test]
fn huge_intervals_do_not_overflow() {
    let all = Value::interval(i64::MIN, i64::MAX);
    assert!(all.contains(&i(0)).unwrap());
    assert_eq!(all.cardinality().unwrap(), usize::MAX);
    assert!(Value::interval(0, 1) < all);
    assert!(Value::interval(i64::MIN, 0) < all);
}

#[test]
fn renaming_model_values_renormalises() {
    let (a, b) = (Value::model(0, "a"), Value::model(1, "b"));
    let swap = |m: &tlafid_value::ModelValue| {
        Some(if &*m.name == "a" {
            Value::model(1, "b")
        } else {
            Value::model(0, "a")
        })
    };
    let f = Value::function(vec![(a.clone(), i(1)), (b.clone(), i(2))]);
    assert_eq!(f.to_string(), "(a :> 1 @@ b :> 2)");
    assert_eq!(f.map_models(&swap).to_string(), "(a :> 2 @@ b :> 1)");
    let s = Value::set(vec![Value::seq(vec![a.clone(), i(5)]), b.clone()]);
    assert_eq!(s.to_string(), "{b, <<a, 5>>}");
    assert_eq!(s.map_models(&swap).to_string(), "{a, <<b, 5>>}");
    assert_eq!(i(3).map_models(&swap), i(3));
}

#[test]
fn applying_a_function_finds_model_value_and_integer_keys_among_keys_of_other_kinds() {
    let (a, b, c) = (
        Value::model(2, "a"),
        Value::model(0, "b"),
        Value::model(1, "c"),
    );
    let f = Value::function(vec![
        (a.clone(), Value::Int(1)),
        (b.clone(), Value::Int(2)),
        (Value::Int(7), Value::Int(3)),
        (Value::str("s"), Value::Int(4)),
        (Value::Int(-1), Value::Int(5)),
    ]);
    assert_eq!(f.apply(&a).unwrap(), &Value::Int(1));
    assert_eq!(f.apply(&b).unwrap(), &Value::Int(2));
    assert_eq!(f.apply(&Value::Int(7)).unwrap(), &Value::Int(3));
    assert_eq!(f.apply(&Value::str("s")).unwrap(), &Value::Int(4));
    assert_eq!(f.apply(&Value::Int(-1)).unwrap(), &Value::Int(5));
    assert!(f.apply(&c).is_err());
    assert!(f.apply(&Value::Int(0)).is_err());
}
