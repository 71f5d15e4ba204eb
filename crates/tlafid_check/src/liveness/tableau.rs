//! A generalized Büchi automaton for what the cycle conditions do not cover (the tableau).
//!
//! An automaton state is a set of formulas that must hold from the current position on.
//! Expanding it (in the style of Gerth, Peled, Vardi and Wolper, for negation normal form
//! without "next") gives its transitions: the literals that must hold at the current position
//! (on the step leaving it: state atoms of its source, action atoms of the step) and the set of
//! formulas for the next position. `[]F` asks `F` now and `[]F` next; `<>F` asks `F` now or
//! `<>F` next. Each eventuality `<>F` gives an acceptance set: the states that do not carry
//! it, i.e. where it is not being postponed. An accepting run visits each set infinitely often.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use super::{AtomId, AtomValues, Ltl};

/// One transition: literals to hold on the step, and the next automaton state.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Transition {
    /// `(atom, value)` pairs, sorted.
    pub literals: Vec<(AtomId, bool)>,
    /// The next state.
    pub to: u32,
}

impl Transition {
    /// True if the step labelled `label` satisfies the literals.
    pub fn allows(&self, label: &AtomValues) -> bool {
        self.literals
            .iter()
            .all(|&(atom, value)| label.get(atom) == value)
    }
}

/// The automaton: state 0 is the initial state.
#[derive(Debug)]
pub(crate) struct Automaton {
    /// Transitions of each state.
    pub transitions: Vec<Vec<Transition>>,
    /// `accepting[state][set]`: the state belongs to acceptance set `set`.
    pub accepting: Vec<Vec<bool>>,
    /// Number of acceptance sets.
    pub sets: usize,
}

/// The automaton would exceed the size limit.
#[derive(Debug)]
pub(crate) struct TooLarge;

/// A formula node, hash-consed.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Node {
    Bool(bool),
    Literal(AtomId, bool),
    And(Vec<u32>),
    Or(Vec<u32>),
    Always(u32),
    Eventually(u32),
}

#[derive(Default)]
struct Builder {
    nodes: Vec<Node>,
    ids: HashMap<Node, u32>,
    states: Vec<BTreeSet<u32>>,
    state_ids: HashMap<BTreeSet<u32>, u32>,
    limit: usize,
}

/// One expansion in progress: formulas still to expand, literals fixed, next formulas.
#[derive(Clone, Default)]
struct Branch {
    todo: Vec<u32>,
    literals: BTreeMap<AtomId, bool>,
    next: BTreeSet<u32>,
}

impl Builder {
    fn node(&mut self, formula: &Ltl) -> u32 {
        let node = match formula {
            Ltl::Bool(b) => Node::Bool(*b),
            Ltl::Atom(atom) => Node::Literal(*atom, true),
            Ltl::NotAtom(atom) => Node::Literal(*atom, false),
            Ltl::And(parts) => Node::And(parts.iter().map(|p| self.node(p)).collect()),
            Ltl::Or(parts) => Node::Or(parts.iter().map(|p| self.node(p)).collect()),
            Ltl::Always(inner) => Node::Always(self.node(inner)),
            Ltl::Eventually(inner) => Node::Eventually(self.node(inner)),
        };
        if let Some(&id) = self.ids.get(&node) {
            return id;
        }
        let id = self.nodes.len() as u32;
        self.nodes.push(node.clone());
        self.ids.insert(node, id);
        id
    }

    fn state(&mut self, formulas: BTreeSet<u32>) -> Result<u32, TooLarge> {
        if let Some(&id) = self.state_ids.get(&formulas) {
            return Ok(id);
        }
        if self.states.len() >= self.limit {
            return Err(TooLarge);
        }
        let id = self.states.len() as u32;
        self.states.push(formulas.clone());
        self.state_ids.insert(formulas, id);
        Ok(id)
    }

    /// Every way to satisfy `branch`, as (literals, next formulas).
    fn expand(&self, mut branch: Branch, out: &mut Vec<Branch>) -> Result<(), TooLarge> {
        while let Some(id) = branch.todo.pop() {
            match &self.nodes[id as usize] {
                Node::Bool(true) => {}
                Node::Bool(false) => return Ok(()),
                Node::Literal(atom, value) => {
                    if *branch.literals.entry(*atom).or_insert(*value) != *value {
                        return Ok(());
                    }
                }
                Node::And(parts) => branch.todo.extend(parts.iter().copied()),
                Node::Or(parts) => {
                    for &part in parts {
                        let mut alternative = branch.clone();
                        alternative.todo.push(part);
                        self.expand(alternative, out)?;
                    }
                    return Ok(());
                }
                Node::Always(inner) => {
                    branch.todo.push(*inner);
                    branch.next.insert(id);
                }
                Node::Eventually(inner) => {
                    let mut later = branch.clone();
                    later.next.insert(id);
                    branch.todo.push(*inner);
                    self.expand(branch, out)?;
                    return self.expand(later, out);
                }
            }
        }
        if out.len() >= self.limit {
            return Err(TooLarge);
        }
        out.push(branch);
        Ok(())
    }
}

/// The automaton of the conjunction of `formulas` (empty: one state accepting everything);
/// at most `limit` states and `limit` transitions per state.
pub(crate) fn build(formulas: &[Ltl], limit: usize) -> Result<Automaton, TooLarge> {
    let mut builder = Builder {
        limit,
        ..Builder::default()
    };
    let start: BTreeSet<u32> = formulas.iter().map(|f| builder.node(f)).collect();
    builder.state(start)?;
    let mut transitions = Vec::new();
    let mut done = 0;
    while done < builder.states.len() {
        let branch = Branch {
            todo: builder.states[done].iter().copied().collect(),
            ..Branch::default()
        };
        let mut branches = Vec::new();
        builder.expand(branch, &mut branches)?;
        let mut own = BTreeSet::new();
        for branch in branches {
            let to = builder.state(branch.next)?;
            own.insert(Transition {
                literals: branch.literals.into_iter().collect(),
                to,
            });
        }
        transitions.push(own.into_iter().collect());
        done += 1;
    }
    let eventualities: Vec<u32> = (0..builder.nodes.len() as u32)
        .filter(|&id| matches!(builder.nodes[id as usize], Node::Eventually(_)))
        .filter(|id| builder.states.iter().any(|state| state.contains(id)))
        .collect();
    let accepting = builder
        .states
        .iter()
        .map(|state| eventualities.iter().map(|e| !state.contains(e)).collect())
        .collect();
    Ok(Automaton {
        transitions,
        accepting,
        sets: eventualities.len(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_conjunction_is_one_accepting_loop() {
        let automaton = build(&[], 10).unwrap();
        assert_eq!(automaton.transitions.len(), 1);
        assert_eq!(automaton.transitions[0].len(), 1);
        assert_eq!(automaton.transitions[0][0].to, 0);
        assert_eq!(automaton.sets, 0);
    }

    #[test]
    fn leads_to_counterexample_has_three_states() {
        // <>(p /\ []~q): wait, then p with ~q, then ~q forever.
        let (p, q) = (AtomId(0), AtomId(1));
        let formula = Ltl::Eventually(Box::new(Ltl::And(vec![
            Ltl::Atom(p),
            Ltl::Always(Box::new(Ltl::NotAtom(q))),
        ])));
        let automaton = build(&[formula], 10).unwrap();
        assert_eq!(automaton.transitions.len(), 2);
        assert_eq!(automaton.sets, 1);
        // The start postpones the eventuality (not accepting); the []~q state accepts.
        assert_eq!(automaton.accepting, vec![vec![false], vec![true]]);
        let start = &automaton.transitions[0];
        assert_eq!(start.len(), 2);
        assert!(start.iter().any(|t| t.literals.is_empty() && t.to == 0));
        assert!(start
            .iter()
            .any(|t| t.literals == vec![(p, true), (q, false)] && t.to == 1));
        assert_eq!(
            automaton.transitions[1],
            vec![Transition {
                literals: vec![(q, false)],
                to: 1
            }]
        );
    }

    #[test]
    fn contradiction_has_no_transition_and_limit_is_an_error() {
        let a = AtomId(0);
        let automaton = build(&[Ltl::Atom(a), Ltl::NotAtom(a)], 10).unwrap();
        assert!(automaton.transitions[0].is_empty());
        let big: Vec<Ltl> = (0..6)
            .map(|n| Ltl::Eventually(Box::new(Ltl::Atom(AtomId(n)))))
            .collect();
        assert!(build(&big, 8).is_err());
    }
}
