//! The contract for temporal (liveness) checking: what a binding hands the explorer.
//!
//! The binding (a TLA+ model, say) reduces each temporal property to an [`Obligation`]: a
//! formula [`Ltl`] over numbered propositions ([`AtomId`]) that a *counterexample* behaviour
//! satisfies (for TLA+, `Fairness /\ ~Property` in negation normal form). It evaluates the
//! propositions on demand: state atoms on each distinct state, action atoms on each step of
//! the state graph, the stuttering step `s -> s` of every state included. The explorer keeps
//! the state graph with these values while it searches (one exploration for safety and
//! liveness), then looks for a reachable lasso of the graph (a prefix, then a cycle repeated
//! forever) that satisfies an obligation's formula.
//!
//! Behaviours are infinite: every state may stutter (its self-loop is part of the graph), so
//! a state without successors repeats forever, exactly as in TLC.
//!
//! # How obligations are decided
//! The graph is recorded during the breadth-first search (module `graph`): per state, its out-edges
//! inside the model (targets as state indices) and its stuttering step, each edge labelled by
//! the atom values on that step (interned). After a complete safety search, each obligation's
//! formula is put in disjunctive normal form at the top (module `formula`); in each disjunct,
//! `[]<>q`, `<>[]p` and strong-fairness-shaped `<>[]p \/ []<>q` conjuncts become conditions
//! on the cycle (Streett pairs), and the rest becomes a generalized Büchi automaton
//! (module `tableau`). The product of the graph with the automaton (module `product`) is searched for a
//! reachable strongly connected component that has a step, meets every acceptance set and
//! satisfies every pair (module `scc`); its lasso is the counterexample (module `lasso`).

pub(crate) mod check;
pub(crate) mod formula;
pub(crate) mod graph;
pub(crate) mod lasso;
pub(crate) mod product;
pub(crate) mod scc;
pub(crate) mod tableau;

/// A proposition of the binding's: a state predicate or an action predicate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AtomId(pub u32);

/// What an atom depends on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AtomKind {
    /// One state (a state predicate, `ENABLED A`): in a behaviour `s0 s1 ...`, its value at
    /// position `i` is its value in `s_i`.
    State,
    /// One step (an action, `<<A>>_v`): its value at position `i` is its value on the step
    /// `s_i -> s_{i+1}` (which is `s_i -> s_i` when the behaviour stutters).
    Action,
}

/// A linear temporal formula in negation normal form, without "next" (TLA+ formulas are
/// invariant under stuttering, so none is needed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ltl {
    /// A constant.
    Bool(bool),
    /// The atom holds (at the current position).
    Atom(AtomId),
    /// The atom does not hold.
    NotAtom(AtomId),
    /// All hold.
    And(Vec<Ltl>),
    /// At least one holds.
    Or(Vec<Ltl>),
    /// Holds at this position and every later one (`[]F`).
    Always(Box<Ltl>),
    /// Holds at this position or a later one (`<>F`).
    Eventually(Box<Ltl>),
}

/// One temporal property to decide.
#[derive(Clone, Debug)]
pub struct Obligation {
    /// The property's name, for reports.
    pub name: String,
    /// A behaviour of the system satisfying this formula violates the property. For TLA+:
    /// the specification's fairness conjoined with the property's negation.
    pub counter: Ltl,
}

/// Everything the liveness checker needs from a binding besides the state graph.
#[derive(Clone, Debug, Default)]
pub struct LivenessSpec {
    /// Every atom the obligations mention, indexed by [`AtomId`]`.0`.
    pub atoms: Vec<AtomKind>,
    /// The properties, in report order; a run reports the first one violated.
    pub obligations: Vec<Obligation>,
    /// State atoms that say whether a state has a successor other than itself (`ENABLED
    /// <<Next>>_v` for the whole next-state relation and `v` every variable). The state
    /// graph sets them from the successors the explorer records rather than have
    /// [`TransitionSystem::state_atoms_but_stepping`] evaluate them; only for a system whose
    /// fingerprint names the state ([`TransitionSystem::fingerprint_is_exact`]).
    ///
    /// [`TransitionSystem::state_atoms_but_stepping`]: crate::TransitionSystem::state_atoms_but_stepping
    /// [`TransitionSystem::fingerprint_is_exact`]: crate::TransitionSystem::fingerprint_is_exact
    pub stepping: Vec<AtomId>,
}

impl LivenessSpec {
    /// True when there is nothing to check (the explorer then keeps no graph).
    pub fn is_empty(&self) -> bool {
        self.obligations.is_empty()
    }
}

/// The values of a set of atoms: a bit set indexed by [`AtomId`]`.0`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct AtomValues {
    words: Vec<u64>,
}

impl AtomValues {
    /// All atoms false, room for `atoms` of them.
    pub fn new(atoms: usize) -> AtomValues {
        AtomValues {
            words: vec![0; atoms.div_ceil(64)],
        }
    }

    /// Sets atom `atom` (grows the set if needed).
    pub fn set(&mut self, atom: AtomId, value: bool) {
        let (word, bit) = (atom.0 as usize / 64, atom.0 % 64);
        if word >= self.words.len() {
            if !value {
                return;
            }
            self.words.resize(word + 1, 0);
        }
        if value {
            self.words[word] |= 1 << bit;
        } else {
            self.words[word] &= !(1 << bit);
        }
    }

    /// The value of atom `atom` (false if never set).
    pub fn get(&self, atom: AtomId) -> bool {
        let (word, bit) = (atom.0 as usize / 64, atom.0 % 64);
        self.words.get(word).is_some_and(|w| w & (1 << bit) != 0)
    }

    /// Every atom false again.
    pub fn clear(&mut self) {
        self.words.iter_mut().for_each(|w| *w = 0);
    }

    /// The bits, 64 atoms a word.
    pub fn words(&self) -> &[u64] {
        &self.words
    }

    /// The bits, to write.
    pub(crate) fn words_mut(&mut self) -> &mut [u64] {
        &mut self.words
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atom_values_set_get_clear() {
        let mut values = AtomValues::new(3);
        values.set(AtomId(1), true);
        values.set(AtomId(70), true);
        values.set(AtomId(200), false);
        assert!(values.get(AtomId(1)) && values.get(AtomId(70)));
        assert!(!values.get(AtomId(0)) && !values.get(AtomId(200)));
        assert_eq!(values.words().len(), 2);
        values.set(AtomId(1), false);
        assert!(!values.get(AtomId(1)));
        values.clear();
        assert!(!values.get(AtomId(70)));
    }
}
