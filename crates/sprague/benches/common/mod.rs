//! What the benches share: the reference nim-product every fast method is
//! checked against before it is timed.

/// The reference nim-product of two nimbers below `2^bits`: the plain
/// Fermat-2-power recursion with no tables (Conway, *On Numbers and Games*,
/// ch. 6). Splitting at `F = 2^(bits/2)`,
/// `(a₁F ⊕ a₀)(b₁F ⊕ b₀) = ((a₀⊕a₁)(b₀⊕b₁) ⊕ a₀b₀)·F ⊕ a₀b₀ ⊕ a₁b₁ ⊗ (F/2)`,
/// where every product, including the one by `F/2`, recurses; a 64-bit
/// product makes 4^6 = 4096 one-bit products.
pub fn nim_mul_recursive(a: u64, b: u64, bits: u32) -> u64 {
    if bits == 1 {
        return a & b;
    }
    let half = bits / 2;
    let mask = (1u64 << half) - 1;
    let (a0, a1, b0, b1) = (a & mask, a >> half, b & mask, b >> half);
    let low = nim_mul_recursive(a0, b0, half);
    let high = nim_mul_recursive(a1, b1, half);
    let cross = nim_mul_recursive(a0 ^ a1, b0 ^ b1, half);
    ((cross ^ low) << half) | (low ^ nim_mul_recursive(high, 1 << (half - 1), half))
}
