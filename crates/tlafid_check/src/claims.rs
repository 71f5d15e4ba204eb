//! Candidates for the next breadth-first level, and the order that makes runs deterministic.
//!
//! Every successor gets an [`OrderKey`]: the position of its parent in the frontier and its
//! ordinal among that parent's successors. That is the order in which a sequential
//! breadth-first search (TLC with one worker) meets successors. While a level is expanded in
//! parallel, each new fingerprint keeps the candidate with the smallest key in a
//! [`ClaimTable`], so the state kept, its parent and its action do not depend on timing.

use std::sync::{Mutex, MutexGuard, PoisonError};

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

/// The slot of a fingerprint in a shard's index: the fingerprint, the key of its kept claim
/// (so that deciding whether a candidate is kept reads this slot only), and where the claim
/// is in the shard's list. 24 bytes: a probe reads one cache line, or two when the slot
/// straddles them.
#[derive(Clone, Copy)]
struct Slot {
    fp: u64,
    key: OrderKey,
    /// Position of the claim in [`Shard::claims`]; [`EMPTY`] for a free slot.
    index: u32,
}

/// The index of a free slot.
const EMPTY: u32 = u32::MAX;

const FREE: Slot = Slot {
    fp: 0,
    key: OrderKey::MAX,
    index: EMPTY,
};

/// One shard of a [`ClaimTable`]: an open-addressing index (linear probing, at most half full)
/// over the claims, kept in the order they were first made.
struct Shard<S, E> {
    /// A power of two long (or empty until the first claim).
    slots: Vec<Slot>,
    claims: Vec<(u64, Claim<S, E>)>,
}

impl<S, E> Default for Shard<S, E> {
    fn default() -> Self {
        Shard {
            slots: Vec::new(),
            claims: Vec::new(),
        }
    }
}

/// The hash of a fingerprint (already a hash, but perhaps not in its top bits): its top
/// [`SHARD_BITS`] bits choose the shard, the next ones the slot.
fn hash(fp: u64) -> u64 {
    fp.wrapping_mul(0xD6E8_FEB8_6659_FD93)
}

/// The slots a shard starts with, at its first claim.
const FIRST_SLOTS: usize = 32;

impl<S, E> Shard<S, E> {
    /// The slot holding `fp`, or the free slot where it would go (`Err`); `hash` is the
    /// fingerprint's [`hash`]. The table must not be empty.
    fn find(&self, fp: u64, hash: u64) -> Result<usize, usize> {
        let mask = self.slots.len() - 1;
        let mut at = (hash << SHARD_BITS >> (64 - self.slots.len().trailing_zeros())) as usize;
        loop {
            let slot = &self.slots[at];
            if slot.index == EMPTY {
                return Err(at);
            }
            if slot.fp == fp {
                return Ok(at);
            }
            at = (at + 1) & mask;
        }
    }

    /// The slot of `fp`, if it was claimed.
    fn get(&self, fp: u64, hash: u64) -> Option<&Slot> {
        if self.slots.is_empty() {
            return None;
        }
        self.find(fp, hash).ok().map(|at| &self.slots[at])
    }

    /// Doubles the slots (or makes the first ones) and puts every claim back.
    fn grow(&mut self) {
        let len = (self.slots.len() * 2).max(FIRST_SLOTS);
        self.slots = vec![FREE; len];
        for (index, (fp, claim)) in self.claims.iter().enumerate() {
            let at = match self.find(*fp, hash(*fp)) {
                Ok(at) | Err(at) => at,
            };
            self.slots[at] = Slot {
                fp: *fp,
                key: claim.key,
                index: index as u32,
            };
        }
    }
}

/// New fingerprints of one level, each with its smallest-key candidate. Sharded by fingerprint
/// so workers rarely wait for each other. Each shard keeps its claims in a list and finds them
/// through a compact index of [`Slot`]s that holds the kept keys: whether a candidate is kept
/// (the common question: most are not, or are new) reads one slot, and the claim itself is
/// written only when a candidate is kept.
pub(crate) struct ClaimTable<S, E> {
    shards: Vec<Mutex<Shard<S, E>>>,
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
        let hash = hash(fp);
        let mut shard = self.shard(hash);
        let claim = |state| Claim {
            key,
            action,
            state: store(state),
            verdict: verdict.map(Box::new),
        };
        // An empty shard has no slots yet: it grows before its first claim.
        let found = match shard.slots.is_empty() {
            true => Err(0),
            false => shard.find(fp, hash),
        };
        match found {
            Ok(at) => {
                let slot = &mut shard.slots[at];
                if key < slot.key {
                    slot.key = key;
                    let index = slot.index as usize;
                    shard.claims[index].1 = claim(state);
                }
            }
            Err(mut at) => {
                if (shard.claims.len() + 1) * 2 > shard.slots.len() {
                    shard.grow();
                    at = shard.find(fp, hash).expect_err("a new fingerprint");
                }
                shard.slots[at] = Slot {
                    fp,
                    key,
                    index: shard.claims.len() as u32,
                };
                shard.claims.push((fp, claim(state)));
            }
        }
    }

    /// True if a candidate met at `key` would be kept for `fp` (if offered now): none is
    /// kept yet, or the one kept comes later in key order.
    pub fn wants(&self, fp: u64, key: OrderKey) -> bool {
        self.kept_key(fp).is_none_or(|kept| key < kept)
    }

    /// The key of the candidate kept for `fp`, if a state with that fingerprint was offered
    /// in this level.
    pub fn kept_key(&self, fp: u64) -> Option<OrderKey> {
        let hash = hash(fp);
        self.shard(hash).get(fp, hash).map(|slot| slot.key)
    }

    fn shard(&self, hash: u64) -> MutexGuard<'_, Shard<S, E>> {
        self.shards[(hash >> (64 - SHARD_BITS)) as usize]
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// All winners with their fingerprints, in no particular order.
    pub fn into_winners(self) -> Vec<(u64, Claim<S, E>)> {
        // The slots go first: they are not needed now, and the claims are copied once more.
        let shards: Vec<_> = self
            .shards
            .into_iter()
            .map(|shard| {
                let shard = shard.into_inner().unwrap_or_else(PoisonError::into_inner);
                shard.claims
            })
            .collect();
        // Sized once: growing by doubling would copy the level's claims and leave the
        // allocator the smaller copies to keep.
        let mut winners = Vec::with_capacity(shards.iter().map(Vec::len).sum());
        for claims in shards {
            winners.extend(claims);
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

    /// Many fingerprints, each offered several times in a scrambled order, through the
    /// shards' growth: every one keeps its smallest key, and is listed once.
    #[test]
    fn growth_keeps_every_claim_and_its_smallest_key() {
        let table = ClaimTable::<u64, ()>::new();
        let fps = 20_000u64;
        // Fingerprints sharing low or high bits, and zero, as well as spread ones.
        let fp_of = |i: u64| match i % 3 {
            0 => i << 40,
            1 => i,
            _ => i.wrapping_mul(0x9E37_79B9_7F4A_7C15),
        };
        let mut best = u32::MAX;
        for round in [2u32, 0, 3, 1] {
            best = best.min(round);
            for i in (0..fps).rev() {
                let key = order_key(round * 7 + (i % 5) as u32, i as u32);
                table.offer(fp_of(i), (key, None), (key, None), Stored::whole);
                let kept = order_key(best * 7 + (i % 5) as u32, i as u32);
                assert_eq!(table.kept_key(fp_of(i)), Some(kept));
                assert!(!table.wants(fp_of(i), kept));
                assert!(kept == 0 || table.wants(fp_of(i), kept - 1));
            }
        }
        assert_eq!(table.kept_key(fp_of(fps)), None);
        let mut winners = table.into_winners();
        winners.sort_by_key(|(_, claim)| key_ordinal(claim.key));
        assert_eq!(winners.len(), fps as usize);
        for (i, (fp, claim)) in winners.iter().enumerate() {
            let i = i as u64;
            assert_eq!(*fp, fp_of(i));
            assert_eq!(claim.key, order_key((i % 5) as u32, i as u32));
            assert!(matches!(claim.state, Stored::Whole(ref k) if **k == claim.key));
        }
    }
}
