//! States as the explorer queues them: whole, or packed into bytes by the system.
//!
//! A queued state waits for a level or two; held as the system's full state it can cost a
//! kilobyte or more (nested values), packed ([`TransitionSystem::pack`]) tens of bytes. A
//! packed state is rebuilt ([`TransitionSystem::unpack`]) when it is expanded, checked or
//! shown, and dropped after.

use std::borrow::Cow;

use tlafid_base::Diagnostic;

use crate::errors::unpack_failed;
use crate::TransitionSystem;

/// A queued state.
#[derive(Debug)]
pub(crate) enum Stored<S> {
    /// The state itself (the system does not pack it).
    Whole(S),
    /// The bytes the system packed it into.
    Packed(Box<[u8]>),
}

impl<S: Clone> Stored<S> {
    /// `state`, packed if the system can; `scratch` is a reusable buffer.
    pub fn new<T: TransitionSystem<State = S>>(
        system: &T,
        state: S,
        scratch: &mut Vec<u8>,
    ) -> Stored<S> {
        scratch.clear();
        if system.pack(&state, scratch) {
            Stored::Packed(scratch.as_slice().into())
        } else {
            Stored::Whole(state)
        }
    }

    /// The state (rebuilt if packed); `E096` if the system cannot rebuild it.
    pub fn state<T: TransitionSystem<State = S>>(
        &self,
        system: &T,
    ) -> Result<Cow<'_, S>, Diagnostic> {
        match self {
            Stored::Whole(state) => Ok(Cow::Borrowed(state)),
            Stored::Packed(bytes) => system
                .unpack(bytes)
                .map(Cow::Owned)
                .ok_or_else(unpack_failed),
        }
    }
}
