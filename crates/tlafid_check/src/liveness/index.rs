//! Fingerprint to state index, for the edges of the recorded state graph: an open-addressing
//! table of `(fingerprint, index)` slots, 12 bytes each, kept at most 3/4 full and grown by
//! half: 16 to 24 bytes per state. Inserts happen between phases (`&mut self`); lookups may
//! run on many threads.

/// The marker of an empty slot (no state has index `u32::MAX`).
const EMPTY: u32 = u32::MAX;

/// Maps fingerprints to state indices.
#[derive(Debug, Default)]
pub(crate) struct IndexTable {
    keys: Vec<u64>,
    values: Vec<u32>,
    len: usize,
}

impl IndexTable {
    fn home(&self, fp: u64) -> usize {
        let mixed = fp.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        ((u128::from(mixed) * self.keys.len() as u128) >> 64) as usize
    }

    /// Makes room for `additional` more entries.
    pub fn reserve(&mut self, additional: usize) {
        let needed = (self.len + additional).saturating_mul(4) / 3 + 1;
        if needed <= self.keys.len() {
            return;
        }
        let slots = needed.max(self.keys.len() + self.keys.len() / 2).max(1024);
        let old = std::mem::replace(
            self,
            IndexTable {
                keys: vec![0; slots],
                values: vec![EMPTY; slots],
                len: 0,
            },
        );
        for (&fp, &index) in old.keys.iter().zip(&old.values) {
            if index != EMPTY {
                self.insert(fp, index);
            }
        }
    }

    /// Maps `fp` to `index` (room must have been reserved; an existing entry is kept).
    pub fn insert(&mut self, fp: u64, index: u32) {
        if self.keys.is_empty() || self.len + 1 > self.keys.len() * 3 / 4 {
            self.reserve(1);
        }
        let mut slot = self.home(fp);
        loop {
            if self.values[slot] == EMPTY {
                self.keys[slot] = fp;
                self.values[slot] = index;
                self.len += 1;
                return;
            }
            if self.keys[slot] == fp {
                return;
            }
            slot = if slot + 1 == self.keys.len() {
                0
            } else {
                slot + 1
            };
        }
    }

    /// The index of `fp`.
    pub fn get(&self, fp: u64) -> Option<u32> {
        if self.keys.is_empty() {
            return None;
        }
        let mut slot = self.home(fp);
        loop {
            match self.values[slot] {
                EMPTY => return None,
                index if self.keys[slot] == fp => return Some(index),
                _ => {
                    slot = if slot + 1 == self.keys.len() {
                        0
                    } else {
                        slot + 1
                    }
                }
            }
        }
    }

    /// Bytes held.
    pub fn bytes(&self) -> usize {
        self.keys.capacity() * 8 + self.values.capacity() * 4
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maps_across_growth() {
        let mut table = IndexTable::default();
        assert_eq!(table.get(5), None);
        table.reserve(10);
        for i in 0..5000u32 {
            table.insert(u64::from(i).wrapping_mul(0x1234_5678_9ABC_DEF1), i);
        }
        table.insert(0, 9);
        assert!((0..5000u32)
            .all(|i| table.get(u64::from(i).wrapping_mul(0x1234_5678_9ABC_DEF1)) == Some(i)));
        assert_eq!(
            table.get(0),
            Some(0),
            "the first mapping of a fingerprint stays"
        );
        assert_eq!(table.get(7), None);
        assert!(table.bytes() <= 24 * 5000 + 12 * 1024);
    }
}
