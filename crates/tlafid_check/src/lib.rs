//! Exploration.
