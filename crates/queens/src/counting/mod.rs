//! Counting solutions without listing them: the plans of work units a count runs, the
//! shares they add up to, and the solutions found by counting (at a position, or
//! uniformly at random).
//!
//! [`Counter`](crate::Counter) (and [`count`](crate::count)) runs the [`plan`]'s
//! deterministic list of [`Unit`]s and adds up their [`Share`]s: the units join half
//! boards (`halves/`, whose inner loop is `pairs.rs`), and one counts the symmetric
//! solutions, from which the classes of a [`Tally`](crate::Tally) follow
//! ([`Share::tally`]). The same units, written out with [`plan_split`], survive kills and
//! are shared out between machines. [`count_prefix`] counts below a prefix, from which
//! [`nth_solution`], [`solution_index`] and [`uniform_solution`] follow. An
//! [`Estimate`] prices a count from a few of its units
//! ([`Counter::estimate`](crate::Counter::estimate)).

pub(crate) mod counter;
mod estimate;
pub(crate) mod halves;
pub(crate) mod pairs;
mod plan;
mod rank;
pub(crate) mod tally;

pub use counter::DEFAULT_MEMORY;
pub use estimate::Estimate;
pub use plan::{
    DEFAULT_UNITS, PLAN_VERSION, Plan, SPLIT_MIN_N, Unit, UnitKind, plan, plan_split,
    plan_with_units,
};
pub use rank::{Ranker, count_prefix, nth_solution, solution_index, uniform_solution};
pub use tally::Share;
