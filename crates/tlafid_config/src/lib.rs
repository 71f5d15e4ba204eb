//! TLC configuration files.
