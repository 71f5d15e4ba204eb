//! The product of the state graph with a tableau automaton, never built: a product node
//! `(state, automaton state)` is the number `state * k + automaton state`, and its successors
//! are enumerated on demand from the graph's edges and the automaton's transitions.

use super::graph::StateGraph;
use super::tableau::Automaton;

/// A product edge: target node and the graph edge it follows.
pub(crate) type Step = (u32, usize);

/// The product of a graph and an automaton, with each transition's admissible labels.
pub(crate) struct Product<'a> {
    pub graph: &'a StateGraph,
    pub automaton: &'a Automaton,
    /// Automaton states.
    pub k: u32,
    /// `allowed[first[x] + t][label]`: transition `t` of automaton state `x` admits `label`.
    allowed: Vec<Vec<bool>>,
    first: Vec<usize>,
}

/// More product nodes than `u32` can number.
#[derive(Debug)]
pub(crate) struct ProductTooLarge;

impl<'a> Product<'a> {
    /// The product of `graph` and `automaton`.
    pub fn new(
        graph: &'a StateGraph,
        automaton: &'a Automaton,
    ) -> Result<Product<'a>, ProductTooLarge> {
        let k = automaton.transitions.len() as u64;
        if u64::from(graph.states()) * k >= u64::from(u32::MAX) {
            return Err(ProductTooLarge);
        }
        let mut first = Vec::with_capacity(automaton.transitions.len());
        let mut allowed = Vec::new();
        for transitions in &automaton.transitions {
            first.push(allowed.len());
            for transition in transitions {
                allowed.push(
                    graph
                        .labels()
                        .iter()
                        .map(|l| transition.allows(l))
                        .collect(),
                );
            }
        }
        Ok(Product {
            graph,
            automaton,
            k: k as u32,
            allowed,
            first,
        })
    }

    /// Number of node numbers (reachable or not).
    pub fn nodes(&self) -> usize {
        self.graph.states() as usize * self.k as usize
    }

    /// The node of graph state `state` and automaton state `x`.
    pub fn node(&self, state: u32, x: u32) -> u32 {
        state * self.k + x
    }

    /// The graph state of `node`.
    pub fn state(&self, node: u32) -> u32 {
        node / self.k
    }

    /// The automaton state of `node`.
    pub fn automaton_state(&self, node: u32) -> u32 {
        node % self.k
    }

    /// The initial nodes, in order.
    pub fn initial_nodes(&self) -> impl Iterator<Item = u32> + '_ {
        (0..self.graph.initial_states()).map(|s| self.node(s, 0))
    }

    /// The next successor of `node` at or after enumeration position `position` whose label
    /// passes `filter` (if any); advances `position` past it. Graph edges are enumerated in
    /// order (the stuttering step first), each with every transition in order.
    pub fn next_step(
        &self,
        node: u32,
        position: &mut u64,
        filter: Option<&[bool]>,
    ) -> Option<Step> {
        let (state, x) = (self.state(node), self.automaton_state(node) as usize);
        let transitions = &self.automaton.transitions[x];
        if transitions.is_empty() {
            return None;
        }
        let edges = self.graph.edges(state);
        let count = transitions.len() as u64;
        loop {
            // One transition (no tableau) is the common case: no division then.
            let (edge, t) = if count == 1 {
                (edges.start + *position as usize, 0)
            } else {
                let edge = edges.start + (*position / count) as usize;
                (edge, (*position % count) as usize)
            };
            if edge >= edges.end {
                return None;
            }
            *position += 1;
            let label = self.graph.label(edge) as usize;
            if !self.allowed[self.first[x] + t][label] || filter.is_some_and(|f| !f[label]) {
                continue;
            }
            let to = self.node(self.graph.target(state, edge), transitions[t].to);
            return Some((to, edge));
        }
    }

    /// Every successor of `node` whose label passes `filter`, in enumeration order.
    pub fn steps<'f>(
        &'f self,
        node: u32,
        filter: Option<&'f [bool]>,
    ) -> impl Iterator<Item = Step> + 'f {
        let mut position = 0u64;
        std::iter::from_fn(move || self.next_step(node, &mut position, filter))
    }

    /// True if `node` belongs to acceptance set `set`.
    pub fn accepting(&self, node: u32, set: usize) -> bool {
        self.automaton.accepting[self.automaton_state(node) as usize][set]
    }
}
