//! The bitboard enumerator and counter against the reference backtracker, in one run.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

fn enumerate(c: &mut Criterion) {
    let mut group = c.benchmark_group("enumerate");
    for n in [8usize, 10] {
        group.bench_function(format!("reference/{n}"), |b| {
            b.iter(|| queens::reference::solutions(black_box(n)).len())
        });
        group.bench_function(format!("bitboard/{n}"), |b| {
            b.iter(|| {
                let mut s = queens::Solutions::new(black_box(n)).unwrap();
                let mut found = 0u32;
                while s.next_columns().is_some() {
                    found += 1;
                }
                found
            })
        });
    }
    group.finish();
}

criterion_group!(benches, enumerate);
criterion_main!(benches);
