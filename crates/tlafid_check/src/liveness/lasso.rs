//! The counterexample of an accepting component: the shortest prefix to it found by the
//! breadth-first search, then a cycle inside it through a witness of every condition, found
//! by breadth-first searches between witnesses; then full states, rebuilt by replay.

use std::collections::{HashMap, VecDeque};

use tlafid_base::Diagnostic;

use super::graph::{AtomLayout, StateGraph};
use super::scc::{Accepted, Search};
use crate::errors::replay_mismatch;
use crate::report::TraceStep;
use crate::seen::FingerprintSet;
use crate::trace::{pick_initial, ParentLinks, Rebuilding};
use crate::{ActionId, TransitionSystem};

/// A path of the state graph: states, and the edge into each state after the first.
#[derive(Debug, Default)]
pub(crate) struct GraphPath {
    pub states: Vec<u32>,
    pub edges: Vec<usize>,
}

/// A lasso of the state graph, stuttering steps removed: `path.states[cycle]` is the state the
/// last one steps back to, by `closing` (a graph edge; the stuttering step of the last state
/// when `cycle` is the last position).
#[derive(Debug)]
pub(crate) struct GraphLasso {
    pub path: GraphPath,
    pub cycle: usize,
}

/// A condition on the cycle still to meet.
enum Witness {
    Set(usize),
    Pair(usize),
}

impl Search<'_, '_> {
    /// The lasso through `accepted`.
    pub fn lasso(&self, accepted: &Accepted) -> GraphLasso {
        let start = *accepted
            .members
            .iter()
            .min_by_key(|&&node| self.rank[node as usize])
            .expect("a component has members");
        let mut nodes = vec![start];
        while let Some(&first) = nodes.last() {
            match self.parent[first as usize] {
                u32::MAX => break,
                parent => nodes.push(parent),
            }
        }
        nodes.reverse();
        let mut edges: Vec<usize> = nodes
            .windows(2)
            .map(|pair| self.edge_between(pair[0], pair[1], None))
            .collect();
        let cycle_at = nodes.len() - 1;
        let mut pending: Vec<Witness> = (0..self.product.automaton.sets)
            .map(Witness::Set)
            .chain(accepted.needed.iter().map(|&i| Witness::Pair(i)))
            .collect();
        pending.retain(|w| !matches!(w, Witness::Set(set) if self.product.accepting(start, *set)));
        let mut current = start;
        while !pending.is_empty() {
            let segment = self.segment(accepted, current, |node, edge| {
                pending.iter().any(|w| self.meets(w, node, edge))
            });
            for (&node, &edge) in segment.0.iter().zip(&segment.1) {
                pending.retain(|w| !self.meets(w, node, Some(edge)) && !self.meets(w, node, None));
            }
            current = *segment.0.last().unwrap_or(&current);
            nodes.extend(&segment.0);
            edges.extend(&segment.1);
        }
        let closing = self.segment(accepted, current, |node, _| node == start);
        nodes.extend(&closing.0);
        edges.extend(&closing.1);
        self.graph_lasso(&nodes, &edges, cycle_at)
    }

    /// True if product node `node` (reached by `edge`, or itself if `None`) meets `witness`.
    fn meets(&self, witness: &Witness, node: u32, edge: Option<usize>) -> bool {
        match (witness, edge) {
            (Witness::Set(set), None) => self.product.accepting(node, *set),
            (Witness::Pair(i), Some(edge)) => {
                let label = self.product.graph.label(edge) as usize;
                self.pairs[*i].sometimes.as_ref().is_some_and(|q| q[label])
            }
            _ => false,
        }
    }

    /// A shortest non-empty path inside the component from `from` to a node `goal` accepts
    /// (as `goal(node, None)`) or through a step it accepts (as `goal(target, Some(edge))`):
    /// the nodes after `from` and the edges into them.
    fn segment(
        &self,
        accepted: &Accepted,
        from: u32,
        goal: impl Fn(u32, Option<usize>) -> bool,
    ) -> (Vec<u32>, Vec<usize>) {
        let mut came_from: HashMap<u32, (u32, usize)> = HashMap::new();
        let mut queue = VecDeque::from([from]);
        let mut reached = None;
        'search: while let Some(node) = queue.pop_front() {
            for (to, edge) in self.product.steps(node, Some(&accepted.filter)) {
                if self.tag[to as usize] != accepted.tag {
                    continue;
                }
                let fresh = !came_from.contains_key(&to);
                if goal(to, Some(edge)) || (fresh && goal(to, None)) {
                    reached = Some((to, node, edge));
                    break 'search;
                }
                if fresh {
                    came_from.insert(to, (node, edge));
                    queue.push_back(to);
                }
            }
        }
        let (goal, mut node, edge) = reached.expect("a component is strongly connected");
        let (mut nodes, mut edges) = (vec![goal], vec![edge]);
        while node != from {
            let (parent, edge) = came_from[&node];
            nodes.push(node);
            edges.push(edge);
            node = parent;
        }
        nodes.reverse();
        edges.reverse();
        (nodes, edges)
    }

    /// The first edge from `from` to `to` in enumeration order.
    fn edge_between(&self, from: u32, to: u32, filter: Option<&[bool]>) -> usize {
        self.product
            .steps(from, filter)
            .find(|&(target, _)| target == to)
            .map(|(_, edge)| edge)
            .expect("the breadth-first parent has a step to its child")
    }

    /// The graph lasso of a product lasso (the last node steps back to `nodes[cycle_at]`),
    /// stuttering steps removed.
    fn graph_lasso(&self, nodes: &[u32], edges: &[usize], cycle_at: usize) -> GraphLasso {
        let graph = self.product.graph;
        let states: Vec<u32> = nodes.iter().map(|&n| self.product.state(n)).collect();
        let stutter = |i: usize| graph.is_stutter(states[i - 1], edges[i - 1]);
        let mut path = GraphPath {
            states: vec![states[0]],
            edges: Vec::new(),
        };
        let mut cycle = 0;
        // The last node is the cycle's start again; it is not shown twice.
        for i in 1..states.len() - 1 {
            if !stutter(i) {
                path.states.push(states[i]);
                path.edges.push(edges[i - 1]);
            }
            if i == cycle_at {
                cycle = path.states.len() - 1;
            }
        }
        let last = path.states.len() - 1;
        let closes_by_stutter = stutter(states.len() - 1);
        if closes_by_stutter && last > cycle + 1 {
            path.states.pop();
            path.edges.pop();
        } else if !closes_by_stutter && last == cycle {
            // A real step from the state to itself is shown, not passed off as stuttering.
            path.states.push(path.states[cycle]);
            path.edges.push(edges[edges.len() - 1]);
        }
        GraphLasso { path, cycle }
    }
}

/// Rebuilds the full states of `path` by replay: the initial state by its ordinal, each next
/// state as the first successor with the edge's target and label.
pub(crate) fn replay_path<T: TransitionSystem>(
    system: &T,
    layout: &AtomLayout,
    graph: &StateGraph,
    seen: &FingerprintSet,
    parents: &ParentLinks,
    path: &GraphPath,
) -> Result<Vec<TraceStep<T::State>>, Diagnostic> {
    let _rebuilding = Rebuilding::start(system);
    let first = path.states[0];
    let (_, state) = pick_initial(system, parents.get(first).ordinal)
        .filter(|(_, s)| seen.index_of(system.fingerprint(s)) == Some(first))
        .ok_or_else(|| replay_mismatch("the first state of a lasso could not be regenerated"))?;
    let mut trace = vec![TraceStep {
        action: None,
        state,
    }];
    for (&target, &edge) in path.states[1..].iter().zip(&path.edges) {
        let from = &trace.last().expect("not empty").state;
        let step = pick_step(system, layout, graph, seen, from, target, graph.label(edge))
            .ok_or_else(|| replay_mismatch("a step of a lasso could not be regenerated"))?;
        trace.push(TraceStep {
            action: Some(step.0),
            state: step.1,
        });
    }
    Ok(trace)
}

/// The first successor of `from` inside the model with index `target` and label `label`.
fn pick_step<T: TransitionSystem>(
    system: &T,
    layout: &AtomLayout,
    graph: &StateGraph,
    seen: &FingerprintSet,
    from: &T::State,
    target: u32,
    label: u32,
) -> Option<(ActionId, T::State)> {
    let wanted = &graph.labels()[label as usize];
    let mut state_values = layout.values();
    system.state_atoms(from, &mut state_values).ok()?;
    let mut picked = None;
    let _ = system.successors(from, &mut |action, successor| {
        if picked.is_some() || seen.index_of(system.fingerprint(&successor)) != Some(target) {
            return;
        }
        let inside = system.in_model(&successor).unwrap_or(false)
            && system.action_allowed(from, &successor).unwrap_or(false);
        let label = if layout.has_action_atoms {
            let mut action_values = layout.values();
            if system
                .action_atoms_from(from, &successor, &state_values, &mut action_values)
                .is_err()
            {
                return;
            }
            layout.combine(&state_values, &action_values)
        } else {
            layout.state_only(&state_values)
        };
        if inside && &label == wanted {
            picked = Some((action, successor));
        }
    });
    picked
}
