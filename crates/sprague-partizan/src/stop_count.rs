//! CGSuite's `StopCount`: the number of stops of a canonical form, that is
//! the leaves of its game tree when play stops at numbers (a number counts
//! 1, any other form the sum of the counts of all its Left and Right
//! options, a repeated option once per path). CGSuite's `stopCount` in
//! `CanonicalShortGameOps.java` (aaron-siegel/cgsuite) gives `x + *n`,
//! `n >= 1`, as `2·3^(n-1)`, what the recursion gives over its `2n`
//! options: `S(n) = 2·(S(0) + ... + S(n-1))`, `S(0) = 1`.

use num_bigint::BigUint;
use rustc_hash::FxHashMap;
use sprague_core::error::SolveError;

use crate::cgt::{CanonicalArena, GameId};

/// The largest `n` whose `x + *n` is counted: `2·3^(n-1)` has about
/// `0.48·n` digits, so 20 000 digits at most.
const MAX_NIMBER: u64 = 1 << 16;

/// The stop count of `g` (CGSuite's `G.StopCount`; see the module
/// documentation). Each distinct general form is counted once, with an
/// explicit stack, and costs a step of the arena's work
/// ([`CanonicalArena::work`]), so [`CanonicalArena::limit_work`] bounds it.
///
/// # Errors
///
/// [`SolveError::Unsupported`] for a nimber part past `*65536` in `g`,
/// budget errors as [`CanonicalArena::add`].
///
/// # Examples
///
/// ```
/// use sprague_core::Budget; use sprague_partizan::{CanonicalArena, stop_count};
/// let mut arena = CanonicalArena::new(Budget::DEFAULT);
/// let zero = arena.zero();
/// let one = arena.form(&[zero], &[]).unwrap();
/// let star = arena.form(&[zero], &[zero]).unwrap();
/// // {1 | *}: the stop 1, and * stops at 0 whoever moves.
/// let g = arena.form(&[one], &[star]).unwrap();
/// assert_eq!(stop_count(&mut arena, g).unwrap(), 3u32.into());
/// ```
pub fn stop_count(arena: &mut CanonicalArena, g: GameId) -> Result<BigUint, SolveError> {
    let mut counts: FxHashMap<GameId, BigUint> = FxHashMap::default();
    // (game, whether its options are counted already).
    let mut stack = vec![(g, false)];
    while let Some((h, ready)) = stack.pop() {
        if counts.contains_key(&h) {
            continue;
        }
        if let Some((_, n)) = arena.as_number_plus_nimber(h) {
            counts.insert(h, nimber_stop_count(n)?);
            continue;
        }
        let options: Vec<GameId> = arena
            .left_options(h)?
            .into_iter()
            .chain(arena.right_options(h)?)
            .collect();
        if ready {
            let total = options.iter().map(|o| &counts[o]).sum();
            counts.insert(h, total);
        } else {
            arena.charge()?;
            stack.push((h, true));
            stack.extend(
                options
                    .into_iter()
                    .filter(|o| !counts.contains_key(o))
                    .map(|o| (o, false)),
            );
        }
    }
    Ok(counts.remove(&g).expect("counted last"))
}

/// The stop count of `x + *n`: 1 for a number, `2·3^(n-1)` otherwise.
fn nimber_stop_count(n: u64) -> Result<BigUint, SolveError> {
    if n == 0 {
        return Ok(BigUint::from(1u32));
    }
    if n > MAX_NIMBER {
        return Err(SolveError::unsupported(format!(
            "the stop count of *{n} (2·3^{}) is past *{MAX_NIMBER}",
            n - 1
        )));
    }
    let exponent = u32::try_from(n - 1).expect("at most 2^16");
    Ok(BigUint::from(2u32) * BigUint::from(3u32).pow(exponent))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dyadic::Dyadic;
    use sprague_core::Budget;

    #[test]
    fn nimbers_follow_the_recursion_over_their_options() {
        // *n has the options *0 .. *(n-1) on both sides, so its count is
        // S(n) = 2·(S(0) + ... + S(n-1)), S(0) = 1: 1, 2, 6, 18, 54, 162.
        // (The walk of the whole tree is tests/game_values.rs's.)
        let mut a = CanonicalArena::new(Budget::DEFAULT);
        for (n, count) in [(0, 1u32), (1, 2), (2, 6), (3, 18), (4, 54), (5, 162)] {
            let s = a.nimber(n).unwrap();
            assert_eq!(stop_count(&mut a, s).unwrap(), count.into(), "*{n}");
            let half = a.number(Dyadic::new(1, 1).unwrap()).unwrap();
            let shifted = a.add(s, half).unwrap();
            assert_eq!(
                stop_count(&mut a, shifted).unwrap(),
                count.into(),
                "1/2 + *{n}"
            );
        }
    }

    #[test]
    fn a_huge_nimber_is_an_error_and_the_work_limit_holds() {
        let mut a = CanonicalArena::new(Budget::DEFAULT);
        let s = a.nimber(1 << 40).unwrap();
        assert!(stop_count(&mut a, s).is_err());
        let zero = a.zero();
        let star = a.nimber(1).unwrap();
        let up = a.form(&[zero], &[star]).unwrap();
        let mut ups = zero;
        for _ in 0..20 {
            ups = a.add(ups, up).unwrap();
        }
        a.limit_work(Some(a.work() + 5));
        assert!(matches!(
            stop_count(&mut a, ups),
            Err(SolveError::BudgetExceeded { .. })
        ));
        assert!(a.work_limit_reached());
        a.limit_work(None);
        // 20·^ is {0 | 19·^ + *} down to ^* = {0, * | 0} (4 stops), one
        // more stop, the 0, at each of the 19 levels above: 23.
        assert_eq!(stop_count(&mut a, ups).unwrap(), 23u32.into());
    }
}
