//! TLA+ values.
