//! States as the explorer queues them: whole, or packed into bytes by the system.
//!
//! A queued state waits for a level or two; held as the system's full state it can cost a
//! kilobyte or more (nested values), packed ([`TransitionSystem::pack`]) tens of bytes. A
//! packed state is rebuilt ([`TransitionSystem::unpack`]) when it is expanded or shown, and
//! dropped after.
//!
//! Packed bytes live in arenas, not in an allocation each: while a level is expanded, each
//! block of the frontier packs the new states it claims into arenas of its own (the initial
//! states go to one arena); when the level is committed, the blocks' arenas become the next
//! frontier's, each trimmed to its length, so a level's bytes are never held twice. A block
//! fills arenas of [`BLOCK_ARENA_BYTES`] one after another ([`Arena::make_room`]), numbered as
//! they are started, rather than one arena grown by doubling: each growth copied the bytes
//! packed so far, and trimming copied them again (btree: a tenth of its cache misses). Millions
//! of small long-lived allocations interleaved with the evaluator's short-lived ones would
//! fragment the heap (measured: a third more peak memory with one box per state).
//!
//! While a level is expanded, its arenas are [`FrontierArenas`]: each is freed as soon as
//! the last state packed in it has been expanded, so that the end of a level does not hold
//! the bytes of the level expanded and of the level found both whole.

use std::borrow::Cow;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{PoisonError, RwLock};

use tlafid_base::Diagnostic;

use crate::errors::unpack_failed;
use crate::TransitionSystem;

/// Packed bytes of several states, numbered among the arenas of a level.
#[derive(Debug, Default)]
pub(crate) struct Arena {
    /// The arena's number (its block's index while a level is expanded).
    pub id: u32,
    /// The bytes.
    pub bytes: Vec<u8>,
    /// The largest state packed into it so far, in bytes.
    pub largest: usize,
    /// A block's arenas already filled, with their numbers.
    pub full: Vec<(u32, Vec<u8>)>,
}

/// Bytes a block's arena is allocated with (more when a state is larger).
pub(crate) const BLOCK_ARENA_BYTES: usize = 1 << 15;

impl Arena {
    /// A block's arena, numbered when its first state comes ([`Arena::make_room`]).
    pub fn for_block() -> Arena {
        Arena {
            id: u32::MAX,
            bytes: Vec::new(),
            largest: 0,
            full: Vec::new(),
        }
    }

    /// Before a state is packed into a block's arena: if the room left may not hold a state
    /// as large as the largest packed so far, the arena is put with the full ones and a new
    /// one started, numbered by `numbers`. A state larger than that still fits: the vector
    /// grows.
    #[inline]
    pub fn make_room(&mut self, numbers: &AtomicU32) {
        let room = self.bytes.capacity() - self.bytes.len();
        if self.id == u32::MAX || room < self.largest.max(1) {
            self.start_next(numbers);
        }
    }

    /// Puts the arena with the full ones (if it has a number) and starts the next.
    #[cold]
    #[inline(never)]
    fn start_next(&mut self, numbers: &AtomicU32) {
        let capacity = BLOCK_ARENA_BYTES.max(self.largest * 8);
        let bytes = std::mem::replace(&mut self.bytes, Vec::with_capacity(capacity));
        if self.id != u32::MAX {
            self.full.push((self.id, bytes));
        }
        self.id = numbers.fetch_add(1, Ordering::Relaxed);
    }

    /// The block's arenas with their numbers, the last trimmed to its length if its slack
    /// is large (a new exact allocation: shrinking in place leaves the allocator the slack).
    pub fn finish(mut self) -> Vec<(u32, Vec<u8>)> {
        if self.id != u32::MAX {
            if self.bytes.capacity() - self.bytes.len() > self.bytes.len() / 8 {
                self.bytes = self.bytes.as_slice().to_vec();
            }
            self.full.push((self.id, self.bytes));
        }
        self.full
    }
}

/// The arenas of a level being expanded, each freed once every state packed in it has been
/// expanded ([`FrontierArenas::expanded`]).
///
/// A block's arenas hold the states of consecutive frontier positions (the next frontier is
/// its winners in the order of their parents), so arenas are freed in about the order the
/// frontier is expanded, and the bytes held fall while the next level's grow (NanoBlockchain,
/// 400 packed bytes a state: peak memory 160 -> 110 MB). A state whose expansion stopped at an
/// event is not counted as expanded: its bytes stay for the trace to it.
#[derive(Debug)]
pub(crate) struct FrontierArenas {
    arenas: Vec<RwLock<Vec<u8>>>,
    /// Per arena, how many of the states packed in it are still to be expanded.
    waiting: Vec<AtomicU32>,
}

impl FrontierArenas {
    /// `arenas` (indexed by number), holding the packed ones of `states`.
    pub fn new<S>(arenas: Vec<Vec<u8>>, states: &[Stored<S>]) -> FrontierArenas {
        let mut waiting: Vec<AtomicU32> = arenas.iter().map(|_| AtomicU32::new(0)).collect();
        for state in states {
            if let Stored::Packed { arena, .. } = state {
                if let Some(count) = waiting.get_mut(*arena as usize) {
                    *count.get_mut() += 1;
                }
            }
        }
        FrontierArenas {
            arenas: arenas.into_iter().map(RwLock::new).collect(),
            waiting,
        }
    }

    /// The state (rebuilt if packed); `E096` if the system cannot rebuild it.
    pub fn state<'s, S: Clone, T: TransitionSystem<State = S>>(
        &self,
        stored: &'s Stored<S>,
        system: &T,
    ) -> Result<Cow<'s, S>, Diagnostic> {
        let held = match stored {
            Stored::Packed { arena, .. } => self
                .arenas
                .get(*arena as usize)
                .map(|bytes| bytes.read().unwrap_or_else(PoisonError::into_inner)),
            Stored::Whole(_) => None,
        };
        stored.state_in(system, |_| held.as_deref().map(Vec::as_slice))
    }

    /// Notes that `stored` has been expanded: the last state of its arena frees the arena.
    pub fn expanded<S>(&self, stored: &Stored<S>) {
        let Stored::Packed { arena, .. } = stored else {
            return;
        };
        let (Some(waiting), Some(bytes)) = (
            self.waiting.get(*arena as usize),
            self.arenas.get(*arena as usize),
        ) else {
            return;
        };
        if waiting.fetch_sub(1, Ordering::AcqRel) == 1 {
            *bytes.write().unwrap_or_else(PoisonError::into_inner) = Vec::new();
        }
    }

    /// The arenas, those freed empty.
    pub fn into_arenas(self) -> Vec<Vec<u8>> {
        self.arenas
            .into_iter()
            .map(|bytes| bytes.into_inner().unwrap_or_else(PoisonError::into_inner))
            .collect()
    }
}

/// A queued state: 24 bytes (a claim and a queue entry hold one per state of a level).
#[derive(Debug)]
pub(crate) enum Stored<S> {
    /// The state itself (the system does not pack it), boxed: whole states are rare, and
    /// inline they would make every queued state as large as the system's state.
    Whole(Box<S>),
    /// Bytes `start..start + len` of arena `arena`.
    Packed { arena: u32, len: u32, start: usize },
}

impl<S> Stored<S> {
    /// Bytes `start..end` of arena `arena` (`end - start` below 4 GiB).
    pub fn packed(arena: u32, start: usize, end: usize) -> Stored<S> {
        Stored::Packed {
            arena,
            len: u32::try_from(end - start).expect("a packed state under 4 GiB"),
            start,
        }
    }

    /// `state`, whole.
    pub fn whole(state: S) -> Stored<S> {
        Stored::Whole(Box::new(state))
    }

    /// The range of the packed bytes in their arena.
    fn range(start: usize, len: u32) -> std::ops::Range<usize> {
        start..start + len as usize
    }
}

impl<S: Clone> Stored<S> {
    /// `state`, packed into `arena` if the system can (and in under 4 GiB).
    pub fn new<T: TransitionSystem<State = S>>(
        system: &T,
        state: S,
        arena: &mut Arena,
    ) -> Stored<S> {
        let start = arena.bytes.len();
        if system.pack(&state, &mut arena.bytes) {
            if let Ok(len) = u32::try_from(arena.bytes.len() - start) {
                arena.largest = arena.largest.max(len as usize);
                return Stored::Packed {
                    arena: arena.id,
                    len,
                    start,
                };
            }
        }
        arena.bytes.truncate(start);
        Stored::whole(state)
    }

    /// The state (rebuilt if packed, from `arenas` indexed by number); `E096` if the system
    /// cannot rebuild it.
    pub fn state<T: TransitionSystem<State = S>>(
        &self,
        system: &T,
        arenas: &[Vec<u8>],
    ) -> Result<Cow<'_, S>, Diagnostic> {
        self.state_in(system, |arena| {
            arenas.get(arena as usize).map(Vec::as_slice)
        })
    }

    /// The state, a packed one rebuilt from the bytes `arena` gives for its arena's number
    /// (`None`: no such arena); `E096` if the system cannot rebuild it.
    pub(crate) fn state_in<'b, T: TransitionSystem<State = S>>(
        &self,
        system: &T,
        arena: impl FnOnce(u32) -> Option<&'b [u8]>,
    ) -> Result<Cow<'_, S>, Diagnostic> {
        match self {
            Stored::Whole(state) => Ok(Cow::Borrowed(state)),
            Stored::Packed {
                arena: n,
                len,
                start,
            } => arena(*n)
                .and_then(|bytes| bytes.get(Self::range(*start, *len)))
                .and_then(|bytes| system.unpack(bytes))
                .map(Cow::Owned)
                .ok_or_else(unpack_failed),
        }
    }

    /// The same state with its bytes (if packed) copied from `arenas` to the end of `into`,
    /// arena number 0.
    pub fn moved(self, arenas: &[Vec<u8>], into: &mut Vec<u8>) -> Stored<S> {
        match self {
            Stored::Whole(state) => Stored::Whole(state),
            Stored::Packed { arena, len, start } => {
                let from = into.len();
                let bytes = arenas
                    .get(arena as usize)
                    .and_then(|bytes| bytes.get(Self::range(start, len)))
                    .unwrap_or_default();
                into.extend_from_slice(bytes);
                Stored::packed(0, from, into.len())
            }
        }
    }

    /// The packed bytes (`None` for a whole state).
    pub fn packed_bytes<'b>(&self, arenas: &'b [Vec<u8>]) -> Option<&'b [u8]> {
        match self {
            Stored::Whole(_) => None,
            Stored::Packed { arena, len, start } => arenas
                .get(*arena as usize)
                .and_then(|bytes| bytes.get(Self::range(*start, *len))),
        }
    }

    /// Packs a whole state into `arena` if the system can.
    pub fn pack_whole<T: TransitionSystem<State = S>>(&mut self, system: &T, arena: &mut Arena) {
        if let Stored::Whole(state) = self {
            let start = arena.bytes.len();
            if system.pack(state, &mut arena.bytes) {
                match u32::try_from(arena.bytes.len() - start) {
                    Ok(len) => {
                        *self = Stored::Packed {
                            arena: arena.id,
                            len,
                            start,
                        }
                    }
                    Err(_) => arena.bytes.truncate(start),
                }
            }
        }
    }

    /// The range of the packed bytes in their arena (empty for a whole state).
    pub fn packed_range(&self) -> std::ops::Range<usize> {
        match self {
            Stored::Whole(_) => 0..0,
            Stored::Packed { len, start, .. } => Self::range(*start, *len),
        }
    }

    /// Whether the state is packed.
    pub fn is_packed(&self) -> bool {
        matches!(self, Stored::Packed { .. })
    }

    /// Bytes this state takes in an arena.
    pub fn packed_len(&self) -> usize {
        match self {
            Stored::Whole(_) => 0,
            Stored::Packed { len, .. } => *len as usize,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Packs `len` bytes into a block's arena as `Stored::new` does, after `make_room`.
    fn pack(arena: &mut Arena, numbers: &AtomicU32, len: usize) -> (u32, usize) {
        arena.make_room(numbers);
        let start = arena.bytes.len();
        arena.bytes.resize(start + len, len as u8);
        arena.largest = arena.largest.max(len);
        (arena.id, start)
    }

    #[test]
    fn a_block_fills_arenas_one_after_another_without_moving_bytes() {
        let numbers = AtomicU32::new(3);
        let mut arena = Arena::for_block();
        let mut placed = Vec::new();
        for len in [100, 1000, 5000, 300, 70_000, 20, 9_000, 9_000, 9_000] {
            let (id, start) = pack(&mut arena, &numbers, len);
            placed.push((id, start, len));
        }
        let arenas = arena.finish();
        let ids: Vec<u32> = arenas.iter().map(|(id, _)| *id).collect();
        assert_eq!(ids, (3..3 + ids.len() as u32).collect::<Vec<_>>());
        assert!(
            ids.len() > 1,
            "a 70,000-byte state needs an arena of its own: {ids:?}"
        );
        for (id, start, len) in placed {
            let bytes = &arenas.iter().find(|(i, _)| *i == id).expect("numbered").1;
            assert_eq!(&bytes[start..start + len], vec![len as u8; len].as_slice());
        }
        let last = &arenas.last().expect("an arena").1;
        assert!(last.capacity() - last.len() <= last.len() / 8);
        assert_eq!(numbers.load(Ordering::Relaxed), 3 + arenas.len() as u32);
    }

    #[test]
    fn an_arena_is_freed_after_its_last_state_is_expanded() {
        let states: Vec<Stored<u8>> = vec![
            Stored::packed(0, 0, 3),
            Stored::packed(1, 0, 2),
            Stored::whole(7),
            Stored::packed(0, 3, 5),
        ];
        let arenas = FrontierArenas::new(vec![vec![1; 5], vec![2; 2]], &states);
        for (position, freed) in [(0, [false, false]), (1, [false, true]), (2, [false, true])] {
            arenas.expanded(&states[position]);
            let held: Vec<bool> = arenas
                .arenas
                .iter()
                .map(|bytes| bytes.read().expect("not poisoned").is_empty())
                .collect();
            assert_eq!(held, freed, "after position {position}");
        }
        arenas.expanded(&states[3]);
        assert_eq!(arenas.into_arenas(), vec![Vec::<u8>::new(), Vec::new()]);
    }

    #[test]
    fn a_block_that_packs_nothing_has_no_arena() {
        assert!(Arena::for_block().finish().is_empty());
    }

    #[test]
    fn a_queued_state_takes_three_words() {
        assert_eq!(std::mem::size_of::<Stored<[u64; 8]>>(), 24);
    }
}
