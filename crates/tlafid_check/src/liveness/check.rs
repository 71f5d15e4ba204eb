//! Deciding the obligations on the recorded state graph, one after the other.

use tlafid_base::Diagnostic;

use super::formula::{self, evaluate, Pair};
use super::graph::{AtomLayout, StateGraph};
use super::lasso::replay_path;
use super::product::Product;
use super::scc::{LabelPair, Search, Stopped};
use super::tableau;
use super::{LivenessSpec, Obligation};
use crate::errors::{liveness_too_large, unknown_atom};
use crate::report::{Budget, LivenessStats, Outcome, Stats, TraceStep};
use crate::seen::FingerprintSet;
use crate::trace::ParentLinks;
use crate::watch::Watch;
use crate::TransitionSystem;

/// At most this many disjuncts per obligation.
const MAX_DISJUNCTS: usize = 4096;
/// At most this many tableau states, and transitions per state.
const MAX_TABLEAU: usize = 4096;

/// What the liveness phase decided.
pub(crate) enum Verdict<S> {
    /// No obligation has a counterexample.
    Holds,
    /// Obligation `property` has the lasso `trace`, whose last state steps back to
    /// `trace[cycle]`.
    Violated {
        property: usize,
        trace: Vec<TraceStep<S>>,
        cycle: usize,
    },
    /// Time ran out or the run was cancelled.
    Stopped(Budget),
}

/// Everything the liveness phase reads.
pub(crate) struct Phase<'a, T: TransitionSystem> {
    pub system: &'a T,
    pub spec: &'a LivenessSpec,
    pub layout: &'a AtomLayout,
    pub graph: &'a StateGraph,
    pub seen: &'a FingerprintSet,
    pub parents: &'a ParentLinks,
    pub watch: &'a Watch,
}

/// The outcome, trace and cycle of a run.
type Decision<T> = (
    Outcome<<T as TransitionSystem>::Error>,
    Option<Vec<TraceStep<<T as TransitionSystem>::State>>>,
    Option<usize>,
);

impl<T: TransitionSystem> Phase<'_, T> {
    /// Decides every obligation in order and adds the liveness figures to `stats`.
    pub fn decide(&self, stats: &mut Stats) -> Result<Decision<T>, Diagnostic> {
        let mut figures = LivenessStats {
            edges: self.graph.edge_count(),
            labels: self.graph.labels().len() as u64,
            graph_bytes: self.graph.bytes() + self.seen.index_bytes() as u64,
            ..LivenessStats::default()
        };
        let verdict = self.run(&mut figures);
        stats.liveness = Some(figures);
        Ok(match verdict? {
            Verdict::Holds => (Outcome::Success, None, None),
            Verdict::Violated {
                property,
                trace,
                cycle,
            } => (
                Outcome::LivenessViolation { property },
                Some(trace),
                Some(cycle),
            ),
            Verdict::Stopped(budget) => (Outcome::Incomplete { budget }, None, None),
        })
    }

    /// Decides every obligation in order, counting product nodes and search memory.
    fn run(&self, figures: &mut LivenessStats) -> Result<Verdict<T::State>, Diagnostic> {
        for (property, obligation) in self.spec.obligations.iter().enumerate() {
            if let Some(budget) = self.watch.exhausted() {
                return Ok(Verdict::Stopped(budget));
            }
            self.check_atoms(obligation)?;
            let disjuncts = formula::disjuncts(&obligation.counter, MAX_DISJUNCTS)
                .map_err(|_| liveness_too_large(&obligation.name, "disjunctive normal form"))?;
            for disjunct in disjuncts {
                let automaton = tableau::build(&disjunct.rest, MAX_TABLEAU)
                    .map_err(|_| liveness_too_large(&obligation.name, "tableau"))?;
                let product = Product::new(self.graph, &automaton)
                    .map_err(|_| liveness_too_large(&obligation.name, "product graph"))?;
                let pairs: Vec<LabelPair> =
                    disjunct.pairs.iter().map(|p| self.label_pair(p)).collect();
                let filter = self.persistent_filter(&pairs);
                let found = Search::new(&product, &pairs, self.watch).and_then(|mut search| {
                    figures.product_nodes += search.order.len() as u64;
                    let accepted = search.find(filter);
                    figures.search_bytes = figures.search_bytes.max(search.bytes());
                    let accepted = accepted?;
                    Ok(accepted.map(|accepted| search.lasso(&accepted)))
                });
                let lasso = match found {
                    Ok(Some(lasso)) => lasso,
                    Ok(None) => continue,
                    Err(Stopped(budget)) => return Ok(Verdict::Stopped(budget)),
                };
                let trace = replay_path(
                    self.system,
                    self.layout,
                    self.graph,
                    self.seen,
                    self.parents,
                    &lasso.path,
                )?;
                return Ok(Verdict::Violated {
                    property,
                    trace,
                    cycle: lasso.cycle,
                });
            }
        }
        Ok(Verdict::Holds)
    }

    /// Every atom of the obligation must be declared.
    fn check_atoms(&self, obligation: &Obligation) -> Result<(), Diagnostic> {
        let mut atoms = Vec::new();
        formula::atoms(&obligation.counter, &mut atoms);
        match atoms.iter().find(|a| a.0 as usize >= self.spec.atoms.len()) {
            Some(atom) => Err(unknown_atom(
                &obligation.name,
                atom.0,
                self.spec.atoms.len(),
            )),
            None => Ok(()),
        }
    }

    /// The pair's sides evaluated on every label.
    fn label_pair(&self, pair: &Pair) -> LabelPair {
        let on_labels = |p: &Option<crate::Ltl>| {
            p.as_ref()
                .map(|p| self.graph.labels().iter().map(|l| evaluate(p, l)).collect())
        };
        LabelPair {
            always: on_labels(&pair.always),
            sometimes: on_labels(&pair.sometimes),
        }
    }

    /// The labels every step of the cycle must have: those of the pairs without a
    /// `sometimes` side (`<>[]p`).
    fn persistent_filter(&self, pairs: &[LabelPair]) -> Vec<bool> {
        let mut filter = vec![true; self.graph.labels().len()];
        for pair in pairs.iter().filter(|p| p.sometimes.is_none()) {
            match &pair.always {
                Some(always) => filter.iter_mut().zip(always).for_each(|(f, &a)| *f &= a),
                None => filter.iter_mut().for_each(|f| *f = false),
            }
        }
        filter
    }
}
