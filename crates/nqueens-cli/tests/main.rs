//! Every integration test of the crate, in one binary: one link of the crate instead of
//! one per file (as ripgrep's tests do). Each module is one subject; `memory.rs` is a
//! binary of its own, small, so that its children start small.

mod common;

mod cli;
mod complete;
mod docs;
mod first_proof;
mod hostile;
mod listing;
mod long_counts;
mod pictures;
mod web;
