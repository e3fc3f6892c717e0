//! Criterion benchmarks; each asserts its result.

use criterion::{criterion_group, criterion_main};

mod disjoint;

criterion_group!(benches, disjoint::bench);
criterion_main!(benches);
