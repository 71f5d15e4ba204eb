//! Preparing an obligation's formula: simplification, disjunctive normal form at the top, and
//! the split of each disjunct into conditions on a cycle and a rest for the tableau.
//!
//! In each disjunct, a conjunct `[]<>q` (`q` propositional) asks that some step of the cycle
//! satisfies `q`; `<>[]p` asks that every step of the cycle satisfies `p`; a conjunct
//! `<>[]p \/ []<>q1 \/ []<>q2 ...` (the shape of strong fairness) is kept whole as a *Streett
//! pair*: "every step satisfies `p`, or some step satisfies `q1 \/ q2`". The three are pairs
//! with a missing side. Whatever remains is conjoined and left to the tableau
//! ([`super::tableau`]). Pairs are not expanded, so strong fairness does not multiply disjuncts.

use super::{AtomId, AtomValues, Ltl};

/// A condition on the cycle of a lasso: every step satisfies `always`, or some step satisfies
/// `sometimes`. A missing side is false.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Pair {
    /// `p` of `<>[]p`.
    pub always: Option<Ltl>,
    /// `q` of `[]<>q`.
    pub sometimes: Option<Ltl>,
}

/// One disjunct of the top-level disjunctive normal form.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Disjunct {
    /// Conditions on the cycle.
    pub pairs: Vec<Pair>,
    /// Everything else, conjoined (the tableau's formula); empty means true.
    pub rest: Vec<Ltl>,
}

/// The disjunctive normal form would have more than the limit of disjuncts.
#[derive(Debug)]
pub(crate) struct TooManyDisjuncts;

/// True if `formula` has no temporal operator.
pub(crate) fn is_propositional(formula: &Ltl) -> bool {
    match formula {
        Ltl::Bool(_) | Ltl::Atom(_) | Ltl::NotAtom(_) => true,
        Ltl::And(parts) | Ltl::Or(parts) => parts.iter().all(is_propositional),
        Ltl::Always(_) | Ltl::Eventually(_) => false,
    }
}

/// The value of a propositional `formula` under `values` (temporal parts count as false).
pub(crate) fn evaluate(formula: &Ltl, values: &AtomValues) -> bool {
    match formula {
        Ltl::Bool(b) => *b,
        Ltl::Atom(atom) => values.get(*atom),
        Ltl::NotAtom(atom) => !values.get(*atom),
        Ltl::And(parts) => parts.iter().all(|p| evaluate(p, values)),
        Ltl::Or(parts) => parts.iter().any(|p| evaluate(p, values)),
        Ltl::Always(_) | Ltl::Eventually(_) => false,
    }
}

/// Every atom `formula` mentions.
pub(crate) fn atoms(formula: &Ltl, out: &mut Vec<AtomId>) {
    match formula {
        Ltl::Bool(_) => {}
        Ltl::Atom(atom) | Ltl::NotAtom(atom) => out.push(*atom),
        Ltl::And(parts) | Ltl::Or(parts) => parts.iter().for_each(|p| atoms(p, out)),
        Ltl::Always(inner) | Ltl::Eventually(inner) => atoms(inner, out),
    }
}

/// Flattens nested conjunctions and disjunctions, folds constants, and merges temporal
/// operators: `[][]F = []F`, `<><>F = <>F`, `[]<>[]F = <>[]F`, `<>[]<>F = []<>F`.
pub(crate) fn simplify(formula: &Ltl) -> Ltl {
    match formula {
        Ltl::Bool(_) | Ltl::Atom(_) | Ltl::NotAtom(_) => formula.clone(),
        Ltl::And(parts) => junction(parts, true),
        Ltl::Or(parts) => junction(parts, false),
        Ltl::Always(inner) => match simplify(inner) {
            Ltl::Bool(b) => Ltl::Bool(b),
            always @ Ltl::Always(_) => always,
            Ltl::Eventually(e) if matches!(*e, Ltl::Always(_)) => Ltl::Eventually(e),
            other => Ltl::Always(Box::new(other)),
        },
        Ltl::Eventually(inner) => match simplify(inner) {
            Ltl::Bool(b) => Ltl::Bool(b),
            eventually @ Ltl::Eventually(_) => eventually,
            Ltl::Always(a) if matches!(*a, Ltl::Eventually(_)) => Ltl::Always(a),
            other => Ltl::Eventually(Box::new(other)),
        },
    }
}

/// A simplified conjunction (`and`) or disjunction.
fn junction(parts: &[Ltl], and: bool) -> Ltl {
    let mut kept: Vec<Ltl> = Vec::with_capacity(parts.len());
    for part in parts {
        let part = simplify(part);
        let flattened = match part {
            Ltl::And(inner) if and => inner,
            Ltl::Or(inner) if !and => inner,
            other => vec![other],
        };
        for part in flattened {
            match part {
                // The neutral element disappears, the absorbing one absorbs everything.
                Ltl::Bool(b) if b == and => {}
                Ltl::Bool(b) => return Ltl::Bool(b),
                part if !kept.contains(&part) => kept.push(part),
                _ => {}
            }
        }
    }
    match kept.len() {
        0 => Ltl::Bool(and),
        1 => kept.pop().expect("one part"),
        _ if and => Ltl::And(kept),
        _ => Ltl::Or(kept),
    }
}

/// What one conjunct of a disjunct is.
enum Conjunct {
    Pair(Pair),
    Rest(Ltl),
}

/// `p` if `formula` is `[]<>p` with `p` propositional.
fn recurrence(formula: &Ltl) -> Option<&Ltl> {
    match formula {
        Ltl::Always(inner) => match inner.as_ref() {
            Ltl::Eventually(p) if is_propositional(p) => Some(p),
            _ => None,
        },
        _ => None,
    }
}

/// `p` if `formula` is `<>[]p` with `p` propositional.
fn persistence(formula: &Ltl) -> Option<&Ltl> {
    match formula {
        Ltl::Eventually(inner) => match inner.as_ref() {
            Ltl::Always(p) if is_propositional(p) => Some(p),
            _ => None,
        },
        _ => None,
    }
}

/// The pair of a disjunction of recurrences and at most one persistence, if it is one.
fn streett_pair(parts: &[Ltl]) -> Option<Pair> {
    let mut always = None;
    let mut sometimes = Vec::new();
    for part in parts {
        if let Some(q) = recurrence(part) {
            sometimes.push(q.clone());
        } else if let (Some(p), None) = (persistence(part), &always) {
            always = Some(p.clone());
        } else {
            return None;
        }
    }
    let sometimes = match sometimes.len() {
        0 => None,
        1 => sometimes.pop(),
        _ => Some(Ltl::Or(sometimes)),
    };
    Some(Pair { always, sometimes })
}

/// The disjunctive normal form of a simplified formula, each disjunct as a list of conjuncts;
/// at most `limit` disjuncts.
fn normal_form(formula: &Ltl, limit: usize) -> Result<Vec<Vec<Conjunct>>, TooManyDisjuncts> {
    let single = |conjunct| Ok(vec![vec![conjunct]]);
    match formula {
        Ltl::Bool(true) => Ok(vec![Vec::new()]),
        Ltl::Bool(false) => Ok(Vec::new()),
        Ltl::And(parts) => {
            let mut product: Vec<Vec<Conjunct>> = vec![Vec::new()];
            for part in parts {
                let options = normal_form(part, limit)?;
                if product.len().saturating_mul(options.len()) > limit {
                    return Err(TooManyDisjuncts);
                }
                let mut next = Vec::with_capacity(product.len() * options.len());
                for prefix in &product {
                    for option in &options {
                        next.push(prefix.iter().chain(option).map(clone_conjunct).collect());
                    }
                }
                product = next;
            }
            Ok(product)
        }
        Ltl::Or(_) if is_propositional(formula) => single(Conjunct::Rest(formula.clone())),
        Ltl::Or(parts) => match streett_pair(parts) {
            Some(pair) => single(Conjunct::Pair(pair)),
            None => {
                let mut all = Vec::new();
                for part in parts {
                    all.extend(normal_form(part, limit)?);
                    if all.len() > limit {
                        return Err(TooManyDisjuncts);
                    }
                }
                Ok(all)
            }
        },
        _ => match streett_pair(std::slice::from_ref(formula)) {
            Some(pair) => single(Conjunct::Pair(pair)),
            None => single(Conjunct::Rest(formula.clone())),
        },
    }
}

fn clone_conjunct(conjunct: &Conjunct) -> Conjunct {
    match conjunct {
        Conjunct::Pair(pair) => Conjunct::Pair(pair.clone()),
        Conjunct::Rest(rest) => Conjunct::Rest(rest.clone()),
    }
}

/// The disjuncts of `counter` (simplified first), at most `limit` of them.
pub(crate) fn disjuncts(counter: &Ltl, limit: usize) -> Result<Vec<Disjunct>, TooManyDisjuncts> {
    let forms = normal_form(&simplify(counter), limit)?;
    Ok(forms
        .into_iter()
        .map(|conjuncts| {
            let mut disjunct = Disjunct::default();
            for conjunct in conjuncts {
                match conjunct {
                    Conjunct::Pair(pair) if !disjunct.pairs.contains(&pair) => {
                        disjunct.pairs.push(pair)
                    }
                    Conjunct::Pair(_) => {}
                    Conjunct::Rest(rest) => disjunct.rest.push(rest),
                }
            }
            disjunct
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn atom(n: u32) -> Ltl {
        Ltl::Atom(AtomId(n))
    }
    fn always(f: Ltl) -> Ltl {
        Ltl::Always(Box::new(f))
    }
    fn eventually(f: Ltl) -> Ltl {
        Ltl::Eventually(Box::new(f))
    }

    #[test]
    fn strong_fairness_stays_one_pair() {
        let sf = |n| {
            Ltl::Or(vec![
                eventually(always(atom(n))),
                always(eventually(atom(n + 1))),
            ])
        };
        let counter = Ltl::And(vec![sf(0), sf(2), sf(4), eventually(always(atom(6)))]);
        let result = disjuncts(&counter, 1).unwrap();
        assert_eq!(result.len(), 1);
        assert_eq!(result[0].pairs.len(), 4);
        assert!(result[0].rest.is_empty());
        assert_eq!(result[0].pairs[3].always, Some(atom(6)));
        assert_eq!(result[0].pairs[3].sometimes, None);
    }

    #[test]
    fn two_persistences_split_and_the_limit_holds() {
        let either = |n| {
            Ltl::Or(vec![
                eventually(always(atom(n))),
                eventually(always(atom(n + 1))),
            ])
        };
        let result = disjuncts(&Ltl::And(vec![either(0), atom(9)]), 8).unwrap();
        assert_eq!(result.len(), 2);
        assert_eq!(result[1].rest, vec![atom(9)]);
        let many = Ltl::And((0..4).map(|n| either(2 * n)).collect());
        assert!(disjuncts(&many, 8).is_err());
        assert_eq!(disjuncts(&many, 16).unwrap().len(), 16);
    }

    #[test]
    fn simplification_merges_operators() {
        let f = eventually(always(eventually(eventually(atom(1)))));
        assert_eq!(simplify(&f), always(eventually(atom(1))));
        let g = always(eventually(always(atom(1))));
        assert_eq!(simplify(&g), eventually(always(atom(1))));
        let h = Ltl::And(vec![
            Ltl::Bool(true),
            Ltl::Or(vec![Ltl::Bool(true), atom(0)]),
        ]);
        assert_eq!(simplify(&h), Ltl::Bool(true));
    }
}
