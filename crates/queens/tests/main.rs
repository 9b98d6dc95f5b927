//! Every integration test of the crate, in one binary: one link of the crate instead of
//! one per file (as ripgrep's tests do). Each module is one subject.

mod any_n;
mod cancel;
mod completion;
mod formats;
mod fuzz;
mod known_counts;
mod published;
mod rank;
mod reference;
mod symmetry;
mod trace;
