//! Candidates for the next breadth-first level, and the order that makes runs deterministic.
//!
//! Every successor gets an [`OrderKey`]: the position of its parent in the frontier and its
//! ordinal among that parent's successors. That is the order in which a sequential
//! breadth-first search (TLC with one worker) meets successors. While a level is expanded in
//! parallel, each new fingerprint keeps the candidate with the smallest key in a
//! [`ClaimTable`], so the state kept, its parent and its action do not depend on timing.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::{Mutex, PoisonError};

use crate::event::EventKind;
use crate::stored::Stored;
use crate::ActionId;

/// `(parent position << 32) | successor ordinal`: the sequential breadth-first order.
pub(crate) type OrderKey = u64;

/// The key of successor `ordinal` of the frontier state at `parent`.
pub(crate) fn order_key(parent: u32, ordinal: u32) -> OrderKey {
    (u64::from(parent) << 32) | u64::from(ordinal)
}

/// The parent position of a key.
pub(crate) fn key_parent(key: OrderKey) -> u32 {
    (key >> 32) as u32
}

/// The successor ordinal of a key.
pub(crate) fn key_ordinal(key: OrderKey) -> u32 {
    key as u32
}

/// A hasher for fingerprints (already hashes): one multiply, fixed, no random seed.
#[derive(Default)]
pub(crate) struct FingerprintHasher(u64);

impl Hasher for FingerprintHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
    fn write_u64(&mut self, fp: u64) {
        self.0 = fp.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(26);
    }
}

type FingerprintMap<V> = HashMap<u64, V, BuildHasherDefault<FingerprintHasher>>;

/// A successor that may become a new distinct state.
#[derive(Debug)]
pub(crate) struct Claim<S, E> {
    /// Where it was met in sequential order.
    pub key: OrderKey,
    /// The action that produced it (`None` for initial states).
    pub action: Option<ActionId>,
    /// The state itself, as queued.
    pub state: Stored<S>,
    /// What its checks found (an invariant violated, an evaluation error), checked when it was
    /// claimed: a packed state is not rebuilt to be checked.
    pub verdict: Option<Box<EventKind<E>>>,
}

/// New fingerprints of one level, each with its smallest-key candidate. Sharded by fingerprint
/// so workers rarely wait for each other.
pub(crate) struct ClaimTable<S, E> {
    shards: Vec<Mutex<FingerprintMap<Claim<S, E>>>>,
}

const SHARD_BITS: u32 = 6;

impl<S, E> ClaimTable<S, E> {
    /// An empty table.
    pub fn new() -> ClaimTable<S, E> {
        ClaimTable {
            shards: (0..1 << SHARD_BITS).map(|_| Mutex::default()).collect(),
        }
    }

    /// Offers `state`, met at `key` through `action`, for `fp`; it is kept (as `store` makes
    /// it) if it is the first for `fp` in key order.
    /// `state` is anything `store` makes the queued state from: the state itself, or one
    /// already packed.
    pub fn offer<X>(
        &self,
        fp: u64,
        (key, action): (OrderKey, Option<ActionId>),
        (state, verdict): (X, Option<EventKind<E>>),
        store: impl FnOnce(X) -> Stored<S>,
    ) {
        let mut map = self.shard(fp);
        let claim = |state| Claim {
            key,
            action,
            state: store(state),
            verdict: verdict.map(Box::new),
        };
        match map.entry(fp) {
            std::collections::hash_map::Entry::Vacant(slot) => {
                slot.insert(claim(state));
            }
            std::collections::hash_map::Entry::Occupied(mut slot) => {
                if key < slot.get().key {
                    slot.insert(claim(state));
                }
            }
        }
    }

    /// True if a candidate met at `key` would be kept for `fp` (if offered now): none is
    /// kept yet, or the one kept comes later in key order.
    pub fn wants(&self, fp: u64, key: OrderKey) -> bool {
        match self.shard(fp).get(&fp) {
            None => true,
            Some(kept) => key < kept.key,
        }
    }

    /// The key of the candidate kept for `fp`, if a state with that fingerprint was offered
    /// in this level.
    pub fn kept_key(&self, fp: u64) -> Option<OrderKey> {
        self.shard(fp).get(&fp).map(|kept| kept.key)
    }

    fn shard(&self, fp: u64) -> std::sync::MutexGuard<'_, FingerprintMap<Claim<S, E>>> {
        let shard = (fp.wrapping_mul(0xD6E8_FEB8_6659_FD93) >> (64 - SHARD_BITS)) as usize;
        self.shards[shard]
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// All winners with their fingerprints, in no particular order.
    pub fn into_winners(self) -> Vec<(u64, Claim<S, E>)> {
        let shards: Vec<_> = self
            .shards
            .into_iter()
            .map(|shard| shard.into_inner().unwrap_or_else(PoisonError::into_inner))
            .collect();
        // Sized once: growing by doubling would copy the level's claims and leave the
        // allocator the smaller copies to keep.
        let mut winners = Vec::with_capacity(shards.iter().map(|shard| shard.len()).sum());
        for shard in shards {
            winners.extend(shard);
        }
        winners
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn smallest_key_wins_whatever_the_offer_order() {
        let table = ClaimTable::<u64, ()>::new();
        for key in [order_key(3, 1), order_key(1, 7), order_key(1, 9)] {
            table.offer(42, (key, None), (key, None), Stored::whole);
        }
        assert!(table.wants(42, order_key(1, 6)));
        assert!(!table.wants(42, order_key(1, 8)));
        assert!(table.wants(43, order_key(9, 9)));
        let failed = Some(EventKind::Deadlock);
        table.offer(7, (order_key(5, 0), None), (0, failed), Stored::whole);
        let mut winners = table.into_winners();
        winners.sort_by_key(|(fp, _)| *fp);
        assert_eq!(winners.len(), 2);
        assert_eq!(winners[1].1.key, order_key(1, 7));
        assert!(matches!(winners[1].1.state, Stored::Whole(ref k) if **k == order_key(1, 7)));
        assert!(winners[1].1.verdict.is_none());
        assert!(matches!(
            winners[0].1.verdict.as_deref(),
            Some(EventKind::Deadlock)
        ));
        assert_eq!(key_parent(winners[1].1.key), 1);
        assert_eq!(key_ordinal(winners[1].1.key), 7);
    }
}
