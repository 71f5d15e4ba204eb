//! A small graph system with atoms, for liveness tests: nodes, edges labelled by actions, state
//! atoms per node, and `<<A>>_v`-like action atoms (a real step of action `A`).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use super::mix;
use tlafid_check::{
    ActionId, AtomId, AtomKind, AtomValues, LivenessSpec, Ltl, Obligation, TransitionSystem,
};

/// Atoms: `props` state atoms given per node, then per action `k` a state atom "enabled k"
/// and an action atom "a real step of k".
#[derive(Clone, Debug)]
pub struct LiveGraph {
    pub initial: Vec<u32>,
    /// `edges[n]`: `(action, target)` in successor order.
    pub edges: Vec<Vec<(u32, u32)>>,
    /// `props[n][i]`: state atom `i` in node `n`.
    pub props: Vec<Vec<bool>>,
    pub actions: u32,
    pub spec: LivenessSpec,
    /// Set this flag when the state atoms of this node are evaluated.
    pub cancel_at: Option<(u32, Arc<AtomicBool>)>,
    /// Fail to evaluate the state atoms of this node, or the action atoms of steps into it.
    pub fail_at: Option<(u32, bool)>,
}

pub fn atom(n: u32) -> Ltl {
    Ltl::Atom(AtomId(n))
}
pub fn not(n: u32) -> Ltl {
    Ltl::NotAtom(AtomId(n))
}
pub fn always(f: Ltl) -> Ltl {
    Ltl::Always(Box::new(f))
}
pub fn eventually(f: Ltl) -> Ltl {
    Ltl::Eventually(Box::new(f))
}
pub fn and(parts: Vec<Ltl>) -> Ltl {
    Ltl::And(parts)
}
pub fn or(parts: Vec<Ltl>) -> Ltl {
    Ltl::Or(parts)
}

impl LiveGraph {
    /// A graph with `props` state atoms per node and `actions` actions; no obligation yet.
    pub fn new(
        initial: Vec<u32>,
        edges: Vec<Vec<(u32, u32)>>,
        props: Vec<Vec<bool>>,
        actions: u32,
    ) -> LiveGraph {
        let count = props.first().map_or(0, Vec::len) as u32;
        let mut atoms = vec![AtomKind::State; count as usize];
        for _ in 0..actions {
            atoms.push(AtomKind::State);
            atoms.push(AtomKind::Action);
        }
        LiveGraph {
            initial,
            edges,
            props,
            actions,
            spec: LivenessSpec {
                atoms,
                obligations: Vec::new(),
                stepping: Vec::new(),
            },
            cancel_at: None,
            fail_at: None,
        }
    }

    fn prop_count(&self) -> u32 {
        self.props.first().map_or(0, Vec::len) as u32
    }

    /// The atom "action `k` is enabled".
    pub fn enabled(&self, k: u32) -> u32 {
        self.prop_count() + 2 * k
    }

    /// The atom "a real step of action `k`".
    pub fn step(&self, k: u32) -> u32 {
        self.prop_count() + 2 * k + 1
    }

    /// `WF(k)` = `[]<>(~enabled \/ step)`.
    pub fn weak(&self, k: u32) -> Ltl {
        always(eventually(or(vec![
            not(self.enabled(k)),
            atom(self.step(k)),
        ])))
    }

    /// `SF(k)` = `<>[]~enabled \/ []<>step`.
    pub fn strong(&self, k: u32) -> Ltl {
        or(vec![
            eventually(always(not(self.enabled(k)))),
            always(eventually(atom(self.step(k)))),
        ])
    }

    /// Adds an obligation.
    pub fn with(mut self, name: &str, counter: Ltl) -> LiveGraph {
        self.spec.obligations.push(Obligation {
            name: name.to_string(),
            counter,
        });
        self
    }

    /// True if `from -> to` is a real step of action `k`.
    pub fn is_step(&self, k: u32, from: u32, to: u32) -> bool {
        from != to && self.edges[from as usize].contains(&(k, to))
    }

    /// The atom values on the step `from -> to` (state atoms of `from`).
    pub fn label(&self, from: u32, to: u32) -> AtomValues {
        let mut values = AtomValues::new(self.spec.atoms.len());
        for (i, &p) in self.props[from as usize].iter().enumerate() {
            values.set(AtomId(i as u32), p);
        }
        for k in 0..self.actions {
            let enabled = self.edges[from as usize]
                .iter()
                .any(|&(a, t)| a == k && t != from);
            values.set(AtomId(self.enabled(k)), enabled);
            values.set(AtomId(self.step(k)), self.is_step(k, from, to));
        }
        values
    }
}

impl TransitionSystem for LiveGraph {
    type State = u32;
    type Error = ();

    fn fingerprint(&self, s: &u32) -> u64 {
        mix(u64::from(*s))
    }
    fn initial_states(&self, emit: &mut dyn FnMut(u32)) -> Result<(), ()> {
        self.initial.iter().for_each(|&s| emit(s));
        Ok(())
    }
    fn successors(&self, s: &u32, emit: &mut dyn FnMut(ActionId, u32)) -> Result<(), ()> {
        for &(action, target) in &self.edges[*s as usize] {
            emit(ActionId(action), target);
        }
        Ok(())
    }
    fn liveness(&self) -> Option<&LivenessSpec> {
        Some(&self.spec)
    }
    fn state_atoms(&self, s: &u32, out: &mut AtomValues) -> Result<(), ()> {
        if let Some((node, flag)) = &self.cancel_at {
            if node == s {
                flag.store(true, Ordering::Relaxed);
            }
        }
        if self.fail_at == Some((*s, false)) {
            return Err(());
        }
        let label = self.label(*s, *s);
        for (i, kind) in self.spec.atoms.iter().enumerate() {
            if *kind == AtomKind::State {
                out.set(AtomId(i as u32), label.get(AtomId(i as u32)));
            }
        }
        Ok(())
    }
    fn action_atoms(&self, from: &u32, to: &u32, out: &mut AtomValues) -> Result<(), ()> {
        if self.fail_at == Some((*to, true)) && from != to {
            return Err(());
        }
        for k in 0..self.actions {
            out.set(AtomId(self.step(k)), self.is_step(k, *from, *to));
        }
        Ok(())
    }
}

/// The value of `formula` at position 0 of the lasso `states` whose last state steps back to
/// `states[cycle]` (by stuttering if `cycle` is the last position).
pub fn holds_on_lasso(graph: &LiveGraph, formula: &Ltl, states: &[u32], cycle: usize) -> bool {
    let next = |i: usize| if i + 1 < states.len() { i + 1 } else { cycle };
    let labels: Vec<AtomValues> = (0..states.len())
        .map(|i| {
            let to = if i + 1 == states.len() && cycle == i {
                states[i]
            } else {
                states[next(i)]
            };
            graph.label(states[i], to)
        })
        .collect();
    eval(formula, 0, &labels, cycle)
}

fn eval(formula: &Ltl, at: usize, labels: &[AtomValues], cycle: usize) -> bool {
    let future = || (at..labels.len()).chain(cycle.min(at)..at);
    match formula {
        Ltl::Bool(b) => *b,
        Ltl::Atom(a) => labels[at].get(*a),
        Ltl::NotAtom(a) => !labels[at].get(*a),
        Ltl::And(parts) => parts.iter().all(|p| eval(p, at, labels, cycle)),
        Ltl::Or(parts) => parts.iter().any(|p| eval(p, at, labels, cycle)),
        Ltl::Always(inner) => future().all(|j| eval(inner, j, labels, cycle)),
        Ltl::Eventually(inner) => future().any(|j| eval(inner, j, labels, cycle)),
    }
}
