//! What the benches share: the reference nim-product every fast method is
//! checked against before it is timed, and the inputs they multiply.

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

/// A deterministic stream of pseudo-random 64-bit words (xorshift64*), so
/// every run multiplies the same inputs.
pub fn random_words(n: usize, mut state: u64) -> Vec<u64> {
    (0..n)
        .map(|_| {
            state ^= state >> 12;
            state ^= state << 25;
            state ^= state >> 27;
            state.wrapping_mul(0x2545_F491_4F6C_DD1D)
        })
        .collect()
}
