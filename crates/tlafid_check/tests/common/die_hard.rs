//! The die-hard puzzle of DieHard.tla: jugs of 3 and 5 gallons.

use super::mix;
use tlafid_check::{ActionId, TransitionSystem, ViolationId};

/// (small, big) gallons. Actions in DieHard.tla's order.
pub struct DieHard {
    /// Check `big /= 4` as invariant 0.
    pub not_solved: bool,
}

pub const FILL_SMALL: ActionId = ActionId(0);
pub const FILL_BIG: ActionId = ActionId(1);
pub const EMPTY_SMALL: ActionId = ActionId(2);
pub const EMPTY_BIG: ActionId = ActionId(3);
pub const SMALL_TO_BIG: ActionId = ActionId(4);
pub const BIG_TO_SMALL: ActionId = ActionId(5);

impl TransitionSystem for DieHard {
    type State = (u8, u8);
    type Error = ();

    fn fingerprint(&self, &(small, big): &(u8, u8)) -> u64 {
        mix(u64::from(small) << 8 | u64::from(big))
    }

    fn initial_states(&self, emit: &mut dyn FnMut((u8, u8))) -> Result<(), ()> {
        emit((0, 0));
        Ok(())
    }

    fn successors(
        &self,
        &(small, big): &(u8, u8),
        emit: &mut dyn FnMut(ActionId, (u8, u8)),
    ) -> Result<(), ()> {
        emit(FILL_SMALL, (3, big));
        emit(FILL_BIG, (small, 5));
        emit(EMPTY_SMALL, (0, big));
        emit(EMPTY_BIG, (small, 0));
        let poured = small.min(5 - big);
        emit(SMALL_TO_BIG, (small - poured, big + poured));
        let poured = big.min(3 - small);
        emit(BIG_TO_SMALL, (small + poured, big - poured));
        Ok(())
    }

    fn check_invariants(&self, &(_, big): &(u8, u8)) -> Result<Option<ViolationId>, ()> {
        Ok((self.not_solved && big == 4).then_some(ViolationId(0)))
    }
}
