//! The counter (the half-board join up to n = 17) and the plan's units (what checkpoints
//! and shards run) against the textbook bitboard counter (no symmetry, one thread), in one
//! run. Whole-process timings for larger n: scripts/bench-count.sh.

use std::hint::black_box;
use std::num::NonZeroUsize;

use criterion::{Criterion, criterion_group, criterion_main};

fn count(c: &mut Criterion) {
    let mut group = c.benchmark_group("count");
    group.sample_size(10);
    for n in [10usize, 12, 13] {
        group.bench_function(format!("textbook/{n}"), |b| {
            b.iter(|| queens::reference::textbook_count(black_box(n)))
        });
        group.bench_function(format!("counter-1-thread/{n}"), |b| {
            let counter = queens::Counter::new().threads(NonZeroUsize::MIN);
            b.iter(|| counter.count(black_box(n)).unwrap().total)
        });
        group.bench_function(format!("plan-1-thread/{n}"), |b| {
            let counter = queens::Counter::new().threads(NonZeroUsize::MIN);
            let plan = queens::plan(n).unwrap();
            b.iter(|| {
                counter
                    .count_plan(black_box(&plan), |_, _, _| {})
                    .unwrap()
                    .total
            })
        });
    }
    group.finish();
}

criterion_group!(benches, count);
criterion_main!(benches);
