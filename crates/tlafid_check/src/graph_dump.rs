//! The state graph as TLC's `-dump` writes it: the distinct states in breadth-first order, and
//! every step between them inside the constraints, found by one plain sequential search (the
//! same order as [`Explorer`](crate::Explorer)'s, so its first `n` states are the `n` a run
//! counted). Meant for small graphs a person looks at.

use std::collections::HashMap;

use crate::{ActionId, TransitionSystem};

/// A state graph, in breadth-first order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GraphDump<S> {
    /// Each distinct state with its breadth-first level (initial states: 1).
    pub states: Vec<(S, u32)>,
    /// Every step (from, to, action) between two of `states`, in the order generated.
    pub edges: Vec<(u32, u32, ActionId)>,
    /// The search stopped at `max_states`: later states and the steps into them are left out.
    pub cut: bool,
}

/// Searches `system`'s state graph breadth-first, keeping at most `max_states` states.
pub fn graph_dump<T: TransitionSystem>(
    system: &T,
    max_states: u64,
) -> Result<GraphDump<T::State>, T::Error> {
    let max = usize::try_from(max_states).unwrap_or(usize::MAX);
    let mut dump = GraphDump {
        states: Vec::new(),
        edges: Vec::new(),
        cut: false,
    };
    let mut index: HashMap<u64, u32> = HashMap::new();
    let mut initial = Vec::new();
    system.initial_states(&mut |state| initial.push(state))?;
    for state in initial {
        if system.in_model(&state)? {
            add(system, &mut dump, &mut index, (state, 1), max);
        }
    }
    let mut next = 0;
    while next < dump.states.len() {
        let (state, level) = dump.states[next].clone();
        let mut successors = Vec::new();
        system.successors(&state, &mut |action, successor| {
            successors.push((action, successor))
        })?;
        for (action, successor) in successors {
            if !system.in_model(&successor)? || !system.action_allowed(&state, &successor)? {
                continue;
            }
            let to = add(system, &mut dump, &mut index, (successor, level + 1), max);
            if let Some(to) = to {
                dump.edges.push((next as u32, to, action));
            }
        }
        next += 1;
    }
    Ok(dump)
}

/// The index of `state`, added if it is new and there is room.
fn add<T: TransitionSystem>(
    system: &T,
    dump: &mut GraphDump<T::State>,
    index: &mut HashMap<u64, u32>,
    (state, level): (T::State, u32),
    max: usize,
) -> Option<u32> {
    let fp = system.fingerprint(&state);
    if let Some(&at) = index.get(&fp) {
        return Some(at);
    }
    if dump.states.len() >= max {
        dump.cut = true;
        return None;
    }
    let at = dump.states.len() as u32;
    index.insert(fp, at);
    dump.states.push((state, level));
    Some(at)
}
