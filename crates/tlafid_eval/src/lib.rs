//! Evaluation.
