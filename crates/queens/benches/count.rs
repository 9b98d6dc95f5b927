//! The counter (the plan's units, joining half boards) on one and two threads against the
//! textbook bitboard counter (no symmetry, one thread), in one run. Whole-process timings
//! for larger n, and against other counters: scripts/bench-count.sh.

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
        group.bench_function(format!("counter-2-threads/{n}"), |b| {
            let counter = queens::Counter::new().threads(NonZeroUsize::new(2).unwrap());
            b.iter(|| counter.count(black_box(n)).unwrap().total)
        });
    }
    group.finish();
}

criterion_group!(benches, count);
criterion_main!(benches);
