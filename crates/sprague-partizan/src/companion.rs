//! CGSuite's `Companion` of a canonical form (`companion` in
//! `CanonicalShortGameOps.java` and its override in `Uptimal.scala`,
//! aaron-siegel/cgsuite): for `n·^ + *m` (`m` 0 or 1) the same ups with
//! the other of `0` and `*`, for a nimber `*m` with `m >= 2` itself;
//! for any other form `{G^L* , 0 if G >= 0 | G^R*, 0 if G <= 0}`, the
//! companions `G^L*`, `G^R*` of its options taken the same way. An uptimal
//! CGSuite names (a number plus ups or up powers plus a nimber) is its own
//! companion unless its number part is 0, when an up power (`^<2>`,
//! `^[4]`) also takes or loses its `*`.

use rustc_hash::FxHashMap;
use sprague_core::error::SolveError;

use crate::cgt::{CanonicalArena, GameId};
use crate::dyadic::Dyadic;

/// The companion of `g` (CGSuite's `G.Companion`; see the module
/// documentation), with an explicit stack over the forms below `g`, each
/// once.
///
/// # Errors
///
/// Budget errors as [`CanonicalArena::add`].
///
/// # Examples
///
/// ```
/// use sprague_core::Budget; use sprague_partizan::{CanonicalArena, companion};
/// let mut arena = CanonicalArena::new(Budget::DEFAULT);
/// let zero = arena.zero();
/// let star = arena.nimber(1).unwrap();
/// let up = arena.form(&[zero], &[star]).unwrap();
/// // ^'s companion is ^*, and 0's is *.
/// let up_star = arena.add(up, star).unwrap();
/// assert_eq!(companion(&mut arena, up).unwrap(), up_star);
/// assert_eq!(companion(&mut arena, zero).unwrap(), star);
/// ```
pub fn companion(arena: &mut CanonicalArena, g: GameId) -> Result<GameId, SolveError> {
    if let Some((x, _, m)) = arena.as_uptimal_named(g)? {
        return if x == Dyadic::ZERO && m <= 1 {
            let star = arena.nimber(1)?;
            arena.add(g, star)
        } else {
            Ok(g)
        };
    }
    let mut done: FxHashMap<GameId, GameId> = FxHashMap::default();
    // (game, whether its options' companions are known already).
    let mut stack = vec![(g, false)];
    while let Some((h, ready)) = stack.pop() {
        if done.contains_key(&h) {
            continue;
        }
        if let Some(c) = small(arena, h)? {
            done.insert(h, c);
            continue;
        }
        let left = arena.left_options(h)?;
        let right = arena.right_options(h)?;
        if ready {
            let zero = arena.zero();
            let mut l: Vec<GameId> = left.iter().map(|o| done[o]).collect();
            let mut r: Vec<GameId> = right.iter().map(|o| done[o]).collect();
            if arena.le(zero, h)? {
                l.push(zero);
            }
            if arena.le(h, zero)? {
                r.push(zero);
            }
            let c = arena.form(&l, &r)?;
            done.insert(h, c);
        } else {
            stack.push((h, true));
            stack.extend(
                left.into_iter()
                    .chain(right)
                    .filter(|o| !done.contains_key(o))
                    .map(|o| (o, false)),
            );
        }
    }
    Ok(done[&g])
}

/// The companion of `n·^ + *m` (number part 0) in CGSuite's recursion:
/// `*m` itself for `m >= 2`, otherwise the other of `0` and `*`; of
/// `x + *m`, `x != 0`, itself; `None` for any other form.
fn small(arena: &mut CanonicalArena, h: GameId) -> Result<Option<GameId>, SolveError> {
    let m = match arena.as_number_plus_nimber(h) {
        Some((x, m)) if x == Dyadic::ZERO => m,
        // CGSuite's recursion gives x + *m back when x != 0 (the 0 it adds
        // on x's side is dominated by x + *m's own options, and * under 0
        // reverses out), and its numbers do so directly: a huge integer
        // is not walked down.
        Some(_) => return Ok(Some(h)),
        None => match arena.as_up_multiple(h) {
            Some((_, m)) => m,
            None => return Ok(None),
        },
    };
    if m >= 2 {
        return Ok(Some(h));
    }
    let star = arena.nimber(1)?;
    arena.add(h, star).map(Some)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague_core::Budget;

    /// CGSuite's `companion` in `CanonicalShortGameOps.java` as written:
    /// plain recursion, numbers walked down like any form.
    fn recursion(a: &mut CanonicalArena, g: GameId) -> GameId {
        let zero = a.zero();
        let star = a.nimber(1).unwrap();
        let m = match a.as_number_plus_nimber(g) {
            Some((x, m)) if x == Dyadic::ZERO => Some(m),
            Some(_) => None,
            None => a.as_up_multiple(g).map(|(_, m)| m),
        };
        match m {
            Some(m) if m >= 2 => g,
            Some(_) => a.add(g, star).unwrap(),
            None => {
                let mut l: Vec<GameId> = a.left_options(g).unwrap();
                let mut r: Vec<GameId> = a.right_options(g).unwrap();
                l = l.into_iter().map(|o| recursion(a, o)).collect();
                r = r.into_iter().map(|o| recursion(a, o)).collect();
                if a.le(zero, g).unwrap() {
                    l.push(zero);
                }
                if a.le(g, zero).unwrap() {
                    r.push(zero);
                }
                a.form(&l, &r).unwrap()
            }
        }
    }

    #[test]
    fn agrees_with_cgsuites_plain_recursion_on_the_games_born_by_day_2_and_sums() {
        let mut a = CanonicalArena::new(Budget::DEFAULT);
        let zero = a.zero();
        let star = a.nimber(1).unwrap();
        let one = a.form(&[zero], &[]).unwrap();
        let minus_one = a.form(&[], &[zero]).unwrap();
        let day1 = [zero, star, one, minus_one];
        let mut games = Vec::new();
        for lm in 0..16u32 {
            for rm in 0..16u32 {
                let pick = |mask: u32| -> Vec<GameId> {
                    (0..4)
                        .filter(|i| mask >> i & 1 == 1)
                        .map(|i| day1[i])
                        .collect()
                };
                let g = a.form(&pick(lm), &pick(rm)).unwrap();
                if !games.contains(&g) {
                    games.push(g);
                }
            }
        }
        assert_eq!(games.len(), 22, "the games born by day 2");
        let born_by_day_2 = games.clone();
        for &g in &born_by_day_2 {
            for &h in &born_by_day_2 {
                let s = a.add(g, h).unwrap();
                if !games.contains(&s) {
                    games.push(s);
                }
            }
        }
        let mut checked = 0;
        for g in games {
            // Top-level uptimals with number part 0 are CGSuite's
            // Uptimal.scala override, not this recursion.
            if a.as_uptimal_named(g)
                .unwrap()
                .is_some_and(|(x, _, _)| x == Dyadic::ZERO)
            {
                continue;
            }
            let plain = recursion(&mut a, g);
            assert_eq!(
                companion(&mut a, g).unwrap(),
                plain,
                "{}",
                a.display(g).unwrap()
            );
            checked += 1;
        }
        assert!(checked > 100, "{checked}");
    }
}
