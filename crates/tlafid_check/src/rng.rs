//! A small fixed-algorithm random generator (SplitMix64), so simulations are reproducible
//! from a seed on every platform and with every worker count.

/// SplitMix64: 64 bits of state, one add and a mix per number.
#[derive(Clone, Debug)]
pub(crate) struct SplitMix64(u64);

impl SplitMix64 {
    /// The generator for behaviour `index` of a simulation seeded with `seed`.
    pub fn for_behaviour(seed: u64, index: u64) -> SplitMix64 {
        let mut mixer = SplitMix64(seed ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03));
        SplitMix64(mixer.next_u64())
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..bound` (`bound` > 0), without modulo bias worth mentioning.
    pub fn below(&mut self, bound: usize) -> usize {
        ((u128::from(self.next_u64()) * bound as u128) >> 64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_numbers_and_bounds_hold() {
        let mut a = SplitMix64::for_behaviour(7, 3);
        let mut b = SplitMix64::for_behaviour(7, 3);
        let mut c = SplitMix64::for_behaviour(7, 4);
        let from_a: Vec<usize> = (0..20).map(|_| a.below(10)).collect();
        let from_b: Vec<usize> = (0..20).map(|_| b.below(10)).collect();
        let from_c: Vec<usize> = (0..20).map(|_| c.below(10)).collect();
        assert_eq!(from_a, from_b);
        assert_ne!(from_a, from_c);
        assert!(from_a.iter().all(|&n| n < 10));
    }
}
