//! Parent links and counterexample reconstruction by replay.
//!
//! Full states are kept only for the frontier. For every distinct state the explorer keeps its
//! parent's index and its ordinal among the parent's successors (8 bytes); a path is rebuilt
//! by regenerating initial states and successors from the start and picking those ordinals,
//! checking each state's fingerprint against the seen set on the way.

use tlafid_base::Diagnostic;

use crate::errors::replay_mismatch;
use crate::report::TraceStep;
use crate::{ActionId, TransitionSystem};

/// The parent index of an initial state.
pub(crate) const ROOT: u32 = u32::MAX;

/// Where a distinct state came from.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ParentLink {
    /// Index of the parent state ([`ROOT`] for initial states).
    pub parent: u32,
    /// Position among the parent's successors (or among the initial states).
    pub ordinal: u32,
}

/// Links per chunk of [`ParentLinks`] (512 KiB).
const CHUNK: usize = 1 << 16;

/// The parent links of all distinct states, by state index (breadth-first order), in chunks
/// of [`CHUNK`] links allocated once each: storing them never copies nor doubles, and the
/// chunks, alike and long-lived, do not fragment the heap between the levels' short-lived
/// buffers (one exactly sized block per level did, with mimalloc: 20 MB more peak RSS on
/// MCLamportMutex).
#[derive(Debug, Default)]
pub(crate) struct ParentLinks {
    chunks: Vec<Vec<ParentLink>>,
    len: u32,
}

impl ParentLinks {
    /// Number of states linked.
    pub fn len(&self) -> u32 {
        self.len
    }

    /// Every link, by state index.
    pub fn iter(&self) -> impl Iterator<Item = ParentLink> + '_ {
        self.chunks.iter().flatten().copied()
    }

    /// Appends the links of the next level's states.
    pub fn push_level(&mut self, links: Vec<ParentLink>) {
        for link in links {
            match self.chunks.last_mut() {
                Some(chunk) if chunk.len() < CHUNK => chunk.push(link),
                _ => {
                    let mut chunk = Vec::with_capacity(CHUNK);
                    chunk.push(link);
                    self.chunks.push(chunk);
                }
            }
            self.len += 1;
        }
    }

    /// The link of state `index` (which must be below [`len`](Self::len)).
    pub fn get(&self, index: u32) -> ParentLink {
        let index = index as usize;
        self.chunks[index / CHUNK][index % CHUNK]
    }

    /// Bytes used by the links.
    #[cfg(test)]
    fn bytes(&self) -> usize {
        self.chunks.len() * CHUNK * std::mem::size_of::<ParentLink>()
    }
}

/// The ordinals from an initial state down to state `target`.
fn ordinals_to(parents: &ParentLinks, target: u32) -> Vec<u32> {
    let mut ordinals = Vec::new();
    let mut index = target;
    while index != ROOT {
        let link = parents.get(index);
        ordinals.push(link.ordinal);
        index = link.parent;
    }
    ordinals.reverse();
    ordinals
}

/// What a replay must end in, checked by fingerprint.
pub(crate) enum ReplayEnd<S> {
    /// The state itself.
    State(S),
    /// A state whose successor at `ordinal` has `fingerprint` (the successor is not rebuilt
    /// into the behaviour: the caller has it).
    Successor { ordinal: u32, fingerprint: u64 },
}

/// Rebuilds the behaviour from an initial state to the state with index `target`, which must
/// end as `end` says.
pub(crate) fn replay<T: TransitionSystem>(
    system: &T,
    known: &dyn Fn(u64) -> bool,
    parents: &ParentLinks,
    target: u32,
    end: ReplayEnd<T::State>,
) -> Result<Vec<TraceStep<T::State>>, Diagnostic> {
    let _rebuilding = Rebuilding::start(system);
    let ordinals = ordinals_to(parents, target);
    let mut trace: Vec<TraceStep<T::State>> = Vec::with_capacity(ordinals.len());
    for (step, &ordinal) in ordinals.iter().enumerate() {
        let picked = match trace.last() {
            None => pick_initial(system, ordinal),
            Some(previous) => pick_successor(system, &previous.state, ordinal),
        };
        let Some((action, state)) = picked else {
            return Err(replay_mismatch(format!(
                "state {ordinal} at step {} of a counterexample could not be regenerated",
                step + 1
            )));
        };
        if !known(system.fingerprint(&state)) {
            return Err(replay_mismatch(format!(
                "state {} of a counterexample has a fingerprint the search never saw",
                step + 1
            )));
        }
        trace.push(TraceStep { action, state });
    }
    let last = trace.last().map(|step| &step.state);
    let (reached, expected) = match end {
        ReplayEnd::State(state) => (
            last.map(|s| system.fingerprint(s)),
            system.fingerprint(&state),
        ),
        ReplayEnd::Successor {
            ordinal,
            fingerprint,
        } => (
            last.and_then(|s| pick_successor(system, s, ordinal))
                .map(|(_, successor)| system.fingerprint(&successor)),
            fingerprint,
        ),
    };
    if reached != Some(expected) {
        return Err(replay_mismatch(
            "a counterexample replay ended in another state than the search",
        ));
    }
    Ok(trace)
}

/// While it lives, the system is told that a counterexample is being rebuilt
/// ([`TransitionSystem::rebuilding`]).
pub(crate) struct Rebuilding<'s, T: TransitionSystem>(&'s T);

impl<'s, T: TransitionSystem> Rebuilding<'s, T> {
    pub(crate) fn start(system: &'s T) -> Rebuilding<'s, T> {
        system.rebuilding(true);
        Rebuilding(system)
    }
}

impl<T: TransitionSystem> Drop for Rebuilding<'_, T> {
    fn drop(&mut self) {
        self.0.rebuilding(false);
    }
}

/// The initial state at `ordinal`.
pub(crate) fn pick_initial<T: TransitionSystem>(
    system: &T,
    ordinal: u32,
) -> Option<(Option<ActionId>, T::State)> {
    let mut count = 0u32;
    let mut picked = None;
    // A failure after the picked state was emitted still leaves a usable step.
    let _ = system.initial_states(&mut |state| {
        if count == ordinal {
            picked = Some((None, state));
        }
        count += 1;
    });
    picked
}

/// The successor of `state` at `ordinal`.
fn pick_successor<T: TransitionSystem>(
    system: &T,
    state: &T::State,
    ordinal: u32,
) -> Option<(Option<ActionId>, T::State)> {
    let mut count = 0u32;
    let mut picked = None;
    let _ = system.successors(state, &mut |action, successor| {
        if count == ordinal {
            picked = Some((Some(action), successor));
        }
        count += 1;
    });
    picked
}

#[cfg(test)]
mod tests {
    use super::*;

    fn link(parent: u32, ordinal: u32) -> ParentLink {
        ParentLink { parent, ordinal }
    }

    #[test]
    fn links_are_found_across_levels_and_paths_walk_back_to_the_root() {
        let mut links = ParentLinks::default();
        links.push_level(vec![link(ROOT, 0), link(ROOT, 1)]);
        links.push_level(Vec::new());
        links.push_level(vec![link(1, 3)]);
        links.push_level(vec![link(2, 0), link(2, 5), link(0, 2)]);
        assert_eq!(links.len(), 6);
        assert_eq!(links.bytes(), CHUNK * 8);
        assert_eq!(links.get(1).ordinal, 1);
        assert_eq!((links.get(2).parent, links.get(2).ordinal), (1, 3));
        assert_eq!((links.get(4).parent, links.get(4).ordinal), (2, 5));
        assert_eq!(ordinals_to(&links, 4), [1, 3, 5]);
        assert_eq!(ordinals_to(&links, 5), [0, 2]);
        links.push_level((0..CHUNK as u32 + 1).map(|i| link(3, i)).collect());
        assert_eq!(links.len() as usize, CHUNK + 7);
        assert_eq!(links.bytes(), 2 * CHUNK * 8);
        assert_eq!(links.get(CHUNK as u32 + 6).ordinal, CHUNK as u32);
        assert_eq!(
            ordinals_to(&links, CHUNK as u32 + 6),
            [1, 3, 0, CHUNK as u32]
        );
    }
}
