#!/bin/sh
# Nim-multiplication against the Library Checker's fastest known methods (BENCHMARKS.md,
# "Nim-multiplication"): runs the criterion bench crates/sprague/benches/nim_product.rs, which
# checks every method's products (against the plain recursion and against each other) and
# times all of them in one process on the same 10^6 pseudo-random pairs, then prints the
# medians as ns per product: throughput (independent products, what the Library Checker
# measures) and latency (a dependent chain), each by wall clock and by the thread's CPU clock,
# with every method's CPU throughput as a multiple of sprague's. Extra arguments go to
# criterion (for example a filter: `scripts/nim-product-bench.sh throughput`).
set -eu
cd "$(dirname "$0")/.."
command -v jq >/dev/null || { echo "nim-product-bench: needs jq" >&2; exit 2; }
echo "date: $(date -u '+%Y-%m-%d %H:%M UTC'); cpu: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores; load before: $(cut -d' ' -f1-3 /proc/loadavg)"
cargo bench -p sprague --bench nim_product -- "$@" >&2
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
dir=target/criterion
products=1000000
# The median of one timed iteration (10^6 products), in ns per product; "-" if not run.
ns() {
    f="$dir/$1/new/estimates.json"
    if [ -f "$f" ]; then
        jq -r ".median.point_estimate / $products" "$f" | awk '{ printf "%.1f", $1 }'
    else
        echo "-"
    fi
}
base=$(ns nim_product_cpu/throughput/sprague)
echo
echo "| method | throughput, CPU | throughput, wall | latency, CPU | latency, wall | CPU throughput vs sprague |"
echo "|---|---:|---:|---:|---:|---:|"
for m in sprague sprague-16-pairs-in-l1 sprague-previous hos-libra-log-sentinel maspy-log-branch \
    bqi343-byte-pairs-36 maspy-old-byte-pairs-64; do
    tc=$(ns "nim_product_cpu/throughput/$m")
    ratio=$(awk -v a="$tc" -v b="$base" 'BEGIN { if (a == "-" || b == "-") print "-"; else printf "%.2f×", a / b }')
    echo "| $m | $tc | $(ns "nim_product_wall/throughput/$m") | $(ns "nim_product_cpu/latency/$m") | $(ns "nim_product_wall/latency/$m") | $ratio |"
done
echo
echo "ns per product, medians of 10 samples of 10^6 products each."
