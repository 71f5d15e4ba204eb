//! The seen set: an open-addressing table of 64-bit fingerprints in `AtomicU64` slots.
//!
//! Inserts are lock-free (compare-and-swap on one slot), so many threads may insert at once.
//! Growing needs `&mut self` and happens between phases, when the number of coming inserts is
//! known ([`FingerprintSet::reserve`]). Each slot is 8 bytes; the load stays at most 3/4 and,
//! since the table grows by half when it must grow, at least about 1/2 once it is past its
//! initial size: 11 to 16 bytes per distinct state.
//!
//! For liveness checking, the set can also keep each fingerprint's state index (breadth-first
//! numbering) in a parallel array of `AtomicU32`, 4 more bytes a slot: the state graph's edges
//! are resolved from fingerprints to indices with the same probe as a membership test.

use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

/// The marker of an empty slot. A fingerprint equal to it is stored as [`ZERO_STAND_IN`].
const EMPTY: u64 = 0;
/// What a zero fingerprint is stored as (one forced collision in 2^64).
const ZERO_STAND_IN: u64 = 0x9E37_79B9_7F4A_7C15;
/// Smallest table, in slots.
const MIN_SLOTS: usize = 1 << 10;
/// Fingerprints whose home slots [`FingerprintSet::insert_all_indexed`] reads together.
const INSERT_GROUP: usize = 16;

/// A concurrent set of fingerprints.
#[derive(Debug)]
pub struct FingerprintSet {
    slots: Vec<AtomicU64>,
    len: AtomicU64,
    /// Per slot, the state index of its fingerprint, if indices are kept.
    indices: Option<Vec<AtomicU32>>,
}

/// Maps a fingerprint to a stored key (never [`EMPTY`]).
pub(crate) fn stored_key(fp: u64) -> u64 {
    if fp == EMPTY {
        ZERO_STAND_IN
    } else {
        fp
    }
}

impl FingerprintSet {
    /// A set with room for `expected` fingerprints before it must grow.
    pub fn with_capacity(expected: usize) -> FingerprintSet {
        FingerprintSet::with_slots(slots_for(expected))
    }

    /// A set that also keeps a state index per fingerprint ([`insert_indexed`](Self::insert_indexed)).
    pub(crate) fn with_indices(expected: usize) -> FingerprintSet {
        FingerprintSet::with_slots_and_indices(slots_for(expected), true)
    }

    fn with_slots(slots: usize) -> FingerprintSet {
        FingerprintSet::with_slots_and_indices(slots, false)
    }

    fn with_slots_and_indices(slots: usize, indexed: bool) -> FingerprintSet {
        FingerprintSet {
            slots: (0..slots).map(|_| AtomicU64::new(EMPTY)).collect(),
            len: AtomicU64::new(0),
            indices: indexed.then(|| (0..slots).map(|_| AtomicU32::new(u32::MAX)).collect()),
        }
    }

    /// Number of fingerprints stored.
    pub fn len(&self) -> u64 {
        self.len.load(Ordering::Relaxed)
    }

    /// True if nothing is stored.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Bytes used by the table.
    pub fn memory_bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<AtomicU64>()
    }

    /// First slot probed for `key`: a multiply spreads poorly mixed fingerprints, and the
    /// high half of a 128-bit product maps them onto any table size.
    fn home(&self, key: u64) -> usize {
        let mixed = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        ((u128::from(mixed) * self.slots.len() as u128) >> 64) as usize
    }

    /// The slot after `index`, wrapping around.
    fn next(&self, index: usize) -> usize {
        if index + 1 == self.slots.len() {
            0
        } else {
            index + 1
        }
    }

    /// True if `fp` is in the set.
    pub fn contains(&self, fp: u64) -> bool {
        self.slot_of(fp).is_some()
    }

    /// The slot holding `fp`.
    fn slot_of(&self, fp: u64) -> Option<usize> {
        let key = stored_key(fp);
        let mut index = self.home(key);
        loop {
            match self.slots[index].load(Ordering::Acquire) {
                EMPTY => return None,
                k if k == key => return Some(index),
                _ => index = self.next(index),
            }
        }
    }

    /// The state index stored with `fp` (`None` if absent or indices are not kept).
    pub(crate) fn index_of(&self, fp: u64) -> Option<u32> {
        let indices = self.indices.as_ref()?;
        let slot = self.slot_of(fp)?;
        Some(indices[slot].load(Ordering::Acquire)).filter(|&i| i != u32::MAX)
    }

    /// Bytes used by the state indices.
    pub(crate) fn index_bytes(&self) -> usize {
        self.indices.as_ref().map_or(0, |i| i.len() * 4)
    }

    /// Adds `fp`; true if it was not there before. Lock-free.
    ///
    /// The caller must have made room with [`reserve`](Self::reserve): inserting into a full
    /// table would never end, so this panics instead (a bug in the caller, not bad input).
    pub fn insert(&self, fp: u64) -> bool {
        self.insert_indexed(fp, u32::MAX)
    }

    /// Adds `fp` with state index `state` (kept if indices are); true if it was new. Lock-free;
    /// the caller must have reserved room.
    pub(crate) fn insert_indexed(&self, fp: u64, state: u32) -> bool {
        let key = stored_key(fp);
        let mut index = self.home(key);
        for _ in 0..self.slots.len() {
            let slot = &self.slots[index];
            match slot.compare_exchange(EMPTY, key, Ordering::AcqRel, Ordering::Acquire) {
                Ok(_) => {
                    if let Some(indices) = &self.indices {
                        indices[index].store(state, Ordering::Release);
                    }
                    self.len.fetch_add(1, Ordering::Relaxed);
                    return true;
                }
                Err(k) if k == key => return false,
                Err(_) => index = self.next(index),
            }
        }
        panic!("fingerprint set full: reserve() was not called before inserting");
    }

    /// Adds `fps`, the `i`-th with state index `first_state + i` (kept if indices are), as
    /// [`insert_indexed`](Self::insert_indexed) does one by one. The home slots of each
    /// group of [`INSERT_GROUP`] are read first, in a loop of independent loads, so that
    /// their cache misses overlap instead of each insert waiting for its own (a
    /// compare-and-swap waits for the loads before it). Lock-free; the caller must have
    /// reserved room.
    pub(crate) fn insert_all_indexed(&self, fps: &[u64], first_state: u32) {
        let mut state = first_state;
        for group in fps.chunks(INSERT_GROUP) {
            let mut touched = 0;
            for &fp in group {
                touched |= self.slots[self.home(stored_key(fp))].load(Ordering::Relaxed);
            }
            // Kept, so that the loads are made.
            std::hint::black_box(touched);
            for &fp in group {
                self.insert_indexed(fp, state);
                state = state.wrapping_add(1);
            }
        }
    }

    /// The stored keys ([`stored_key`] of each fingerprint), sorted.
    pub(crate) fn sorted_keys(&self) -> Vec<u64> {
        let mut keys: Vec<u64> = self
            .slots
            .iter()
            .map(|slot| slot.load(Ordering::Relaxed))
            .filter(|&key| key != EMPTY)
            .collect();
        keys.sort_unstable();
        keys
    }

    /// Grows, if needed, so that `additional` more fingerprints fit under the load limit.
    /// A table that must grow grows by at least half, so growth costs amortised O(1).
    pub fn reserve(&mut self, additional: usize) {
        let needed = self.len() as usize + additional;
        if slots_for(needed) <= self.slots.len() {
            return;
        }
        let grown = self.slots.len().saturating_add(self.slots.len() / 2);
        let slots = slots_for(needed).max(grown);
        let bigger = FingerprintSet::with_slots_and_indices(slots, self.indices.is_some());
        for (position, slot) in self.slots.iter().enumerate() {
            let key = slot.load(Ordering::Relaxed);
            if key != EMPTY {
                let state = self
                    .indices
                    .as_ref()
                    .map_or(u32::MAX, |i| i[position].load(Ordering::Relaxed));
                bigger.insert_indexed(key, state);
            }
        }
        *self = bigger;
    }
}

/// Slots needed to hold `expected` keys at a load of at most 3/4.
fn slots_for(expected: usize) -> usize {
    (expected.saturating_mul(4) / 3 + 1).max(MIN_SLOTS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inserts_once_and_finds_again_across_growth() {
        let mut set = FingerprintSet::with_capacity(0);
        set.reserve(5000);
        for fp in 0..5000u64 {
            assert!(set.insert(fp * 7919));
        }
        assert!(!set.insert(0));
        set.reserve(20_000);
        assert_eq!(set.len(), 5000);
        assert!((0..5000u64).all(|fp| set.contains(fp * 7919)));
        assert!(!set.contains(3));
        // 25_000 fingerprints at a load of at most 3/4 need 33_334 slots of 8 bytes.
        assert_eq!(set.memory_bytes(), 33_334 * 8);
        set.reserve(1);
        assert_eq!(set.memory_bytes(), 33_334 * 8, "room was left for one more");
    }

    #[test]
    fn grown_table_costs_at_most_16_bytes_per_fingerprint() {
        let mut set = FingerprintSet::with_capacity(0);
        for level in 0..200u64 {
            set.reserve(1000);
            for i in 0..1000 {
                assert!(set.insert((level << 32 | i).wrapping_mul(0x2545_F491_4F6C_DD1D)));
            }
            if set.len() > MIN_SLOTS as u64 {
                assert!(
                    set.memory_bytes() as u64 <= 16 * set.len(),
                    "at {}",
                    set.len()
                );
            }
        }
        assert_eq!(set.len(), 200_000);
    }

    #[test]
    fn indices_follow_their_fingerprints_across_growth() {
        let mut set = FingerprintSet::with_indices(0);
        set.reserve(3000);
        for i in 0..3000u32 {
            assert!(set.insert_indexed(u64::from(i).wrapping_mul(0x2545_F491_4F6C_DD1D), i));
        }
        set.reserve(100_000);
        assert!((0..3000u32)
            .all(|i| set.index_of(u64::from(i).wrapping_mul(0x2545_F491_4F6C_DD1D)) == Some(i)));
        assert_eq!(set.index_of(12345), None);
        assert_eq!(FingerprintSet::with_capacity(4).index_of(0), None);
        assert!(set.index_bytes() >= 4 * 103_000);
    }

    #[test]
    fn inserting_in_groups_numbers_each_fingerprint_by_its_position() {
        let mut set = FingerprintSet::with_indices(0);
        let fps: Vec<u64> = (0..100u64)
            .map(|i| i.wrapping_mul(0x2545_F491_4F6C_DD1D))
            .collect();
        set.reserve(fps.len());
        set.insert_all_indexed(&fps, 7);
        assert_eq!(set.len(), 100);
        assert!(fps
            .iter()
            .enumerate()
            .all(|(i, &fp)| set.index_of(fp) == Some(7 + i as u32)));
        // Already there: kept with its first index (fingerprint 0 is the first of each list).
        set.reserve(3);
        set.insert_all_indexed(&[fps[40], 12345, fps[0]], 500);
        assert_eq!(set.len(), 101);
        assert_eq!(set.index_of(fps[40]), Some(47));
        assert_eq!(set.index_of(12345), Some(501));
        assert_eq!(set.index_of(0), Some(7));
    }

    #[test]
    fn zero_fingerprint_is_stored() {
        let set = FingerprintSet::with_capacity(4);
        assert!(!set.contains(0));
        assert!(set.insert(0));
        assert!(set.contains(0));
        assert!(!set.insert(0));
    }
}
