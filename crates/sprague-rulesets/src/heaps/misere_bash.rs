//! Misère play of sums of Bash heaps, a [`SumRule`] registered with `nim`,
//! `bash`, `subtraction` and `takeaway`: heaps where a move takes 1 to `m`
//! stones (`subtraction[1..m]`, `takeaway[1,m]`, `bash[m]`), mixed freely
//! with Nim heaps (`m` unbounded) and with different `m` in different heaps.
//!
//! **Theorem.** Let `r_i = n_i mod (m_i + 1)` (for a Nim heap, `r_i = n_i`).
//! Under misère play the sum is lost for the player to move exactly when
//! misère Nim with heaps `r_i` is (Bouton's rule): some `r_i >= 2` and the
//! XOR of the `r_i` is 0, or every `r_i <= 1` and the XOR is 1. A single Bash
//! heap is thus lost exactly when `n mod (m+1) = 1`.
//!
//! *Proof*, by induction on the number of stones. A move in heap `i` either
//! lowers `r_i` (taking `t <= r_i`) — exactly the moves of misère Nim on the
//! residues — or wraps it (taking `t > r_i`, possible only when `n_i > m_i`).
//! A wrapping move can always be undone by taking `m_i + 1 - t` from the same
//! heap (the heap holds at least that many afterwards), which restores every
//! residue with fewer stones. If the residues form a misère Nim P-position,
//! a Nim-like move reaches a misère Nim N-position (N by induction), and a
//! wrapping move is answered by undoing it (P by induction): so P. If they
//! form an N-position, misère Nim has a winning move, realised by taking
//! `r_i - r'_i <= m_i` — unless every residue is 0 and stones remain (misère
//! Nim's empty position, won because the mover cannot move); then taking
//! `m_i` from a heap of residue 0 leaves residues `1, 0, ..., 0`, a
//! P-position. The empty sum is won by the player to move (they cannot move),
//! as the rule says. The tests check the rule against the whole-sum search
//! on every sum of up to four heaps below 12, `m <= 5`, mixed with Nim heaps.
//!
//! This is an instance of Conway's genus theory: every Bash heap has the
//! genus of the Nim heap `*r`, and such games are tame (*On Numbers and
//! Games*, ch. 12; Berlekamp, Conway and Guy, *Winning Ways*, ch. 13).

use std::sync::Arc;

use sprague_core::budget::Budget;
use sprague_core::error::SolveError;
use sprague_core::outcome::Outcome;
use sprague_game::{Component, Move, Play, Side, SumRule, SumVerdict};

use crate::common::take_move;
use crate::{BashHeap, NimHeap, SubtractionHeap, TakeawayHeap};

/// The rule of this module, for the registry.
pub(crate) static MISERE_BASH: MisereBash = MisereBash;

/// Bouton's misère rule on the residues `n mod (m+1)` of Bash and Nim heaps.
#[derive(Debug)]
pub(crate) struct MisereBash;

/// A component read as a heap where a move takes 1 to `cap` stones
/// (`None`: any number), with the way to rebuild it at another size.
#[derive(Clone, Copy)]
struct Heap<'a> {
    size: u64,
    cap: Option<u64>,
    component: &'a dyn Component,
}

impl Heap<'_> {
    /// The component, if it is a Bash or Nim heap.
    fn of(c: &dyn Component) -> Option<Heap<'_>> {
        let (size, cap) = if let Some(h) = c.downcast_ref::<NimHeap>() {
            (h.size(), None)
        } else if let Some(h) = c.downcast_ref::<BashHeap>() {
            (h.size(), Some(h.rules().m))
        } else if let Some(h) = c.downcast_ref::<TakeawayHeap>() {
            if h.rules().l != 1 {
                return None;
            }
            (h.size(), Some(h.rules().r))
        } else if let Some(h) = c.downcast_ref::<SubtractionHeap>() {
            (h.size(), Some(h.bash_cap()?))
        } else {
            return None;
        };
        Some(Heap {
            size,
            cap,
            component: c,
        })
    }

    fn residue(self) -> u64 {
        residue(self.size, self.cap)
    }

    /// The take that leaves residue `r`, if one is legal: `t ≡ n - r (mod
    /// m+1)` with `1 <= t <= min(m, n)`.
    fn take_to_residue(self, r: u64) -> Option<u64> {
        let t = match self.cap {
            None => self.size.checked_sub(r)?,
            Some(m) => {
                let modulus = u128::from(m) + 1;
                ((u128::from(self.residue()) + modulus - u128::from(r) % modulus) % modulus) as u64
            }
        };
        let most = self.cap.unwrap_or(u64::MAX).min(self.size);
        (t >= 1 && t <= most).then_some(t)
    }

    /// The move taking `t` stones: the same component type, `t` fewer.
    fn take(self, t: u64) -> Move {
        let size = self.size - t;
        let c = self.component;
        take_move(t, self.size, || self.resized(c, size))
    }

    /// The heap `c` with `size` stones: the same component type.
    fn resized(self, c: &dyn Component, size: u64) -> Arc<dyn Component> {
        if let Some(h) = c.downcast_ref::<NimHeap>() {
            Arc::new(h.with_size(size))
        } else if let Some(h) = c.downcast_ref::<BashHeap>() {
            Arc::new(h.with_size(size))
        } else if let Some(h) = c.downcast_ref::<TakeawayHeap>() {
            Arc::new(h.with_size(size))
        } else if let Some(h) = c.downcast_ref::<SubtractionHeap>() {
            Arc::new(h.with_size(size))
        } else {
            unreachable!("`Heap::of` accepts these types only")
        }
    }
}

fn residue(size: u64, cap: Option<u64>) -> u64 {
    match cap {
        Some(m) => (u128::from(size) % (u128::from(m) + 1)) as u64,
        None => size,
    }
}

/// Bouton's misère rule on the residues.
fn residues_are_p(residues: &[u64]) -> bool {
    let xor = residues.iter().fold(0, |acc, r| acc ^ r);
    if residues.iter().any(|&r| r >= 2) {
        xor == 0
    } else {
        xor == 1
    }
}

impl SumRule for MisereBash {
    fn verdict(
        &self,
        components: &[Arc<dyn Component>],
        play: Play,
        _side: Side,
        max: usize,
        _budget: &Budget,
    ) -> Option<Result<SumVerdict, SolveError>> {
        if play != Play::Misere {
            return None;
        }
        let heaps = components
            .iter()
            .map(|c| Heap::of(c.as_ref()))
            .collect::<Option<Vec<_>>>()?;
        Some(Ok(verdict(&heaps, max)))
    }
}

fn verdict(heaps: &[Heap<'_>], max: usize) -> SumVerdict {
    let residues: Vec<u64> = heaps.iter().map(|h| h.residue()).collect();
    let is_p = residues_are_p(&residues);
    let mut winning_moves = Vec::new();
    if !is_p {
        let xor = residues.iter().fold(0, |acc, r| acc ^ r);
        'heaps: for (i, heap) in heaps.iter().enumerate() {
            // A P-position after the move has residue `xor ^ r_i` here (when
            // some residue stays at least 2) or 0 or 1 (when none does).
            let mut takes: Vec<u64> = [xor ^ residues[i], 0, 1]
                .into_iter()
                .filter_map(|r| heap.take_to_residue(r))
                .filter(|&t| {
                    let mut after = residues.clone();
                    after[i] = residue(heap.size - t, heap.cap);
                    residues_are_p(&after)
                })
                .collect();
            takes.sort_unstable();
            takes.dedup();
            for t in takes {
                winning_moves.push((i, heap.take(t)));
                if winning_moves.len() == max {
                    break 'heaps;
                }
            }
        }
    }
    SumVerdict {
        outcome: if is_p { Outcome::P } else { Outcome::N },
        winning_moves,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::Built;
    use crate::tests::{assert_rule_agrees_with_search, rule_answer};
    use sprague::Position;
    use sprague::SumSearch;
    use sprague_game::MoveLabel;

    /// The rule's verdict on `p`, with every winning move if `all`, the
    /// moves as the positions they lead to.
    fn misere_bash(p: &Position, all: bool) -> Option<(Outcome, Vec<String>)> {
        let max = if all { usize::MAX } else { 1 };
        rule_answer(&MISERE_BASH, p, Play::Misere, max)
    }

    fn heap_text(kind: usize, m: u64, n: u64) -> String {
        match kind {
            0 => format!("subtraction[1..{m}]({n})"),
            1 => format!("takeaway[1,{m}]({n})"),
            _ => format!("nim({n})"),
        }
    }

    #[test]
    fn the_rule_matches_the_whole_sum_search() {
        let budget = Budget::DEFAULT;
        // One memo for every position below: larger than one analysis's.
        let mut search = SumSearch::new(Play::Misere, Budget::positions(100_000_000));
        let mut checked = 0;
        for m in 1..=5u64 {
            for len in 1..=3usize {
                let max = if len == 3 { 8 } else { 11 };
                let mut sizes = vec![0u64; len];
                loop {
                    for kinds in 0..3usize.pow(len as u32) {
                        let text: Vec<String> = (0..len)
                            .map(|i| {
                                heap_text(
                                    kinds / 3usize.pow(i as u32) % 3,
                                    m + i as u64 % 2,
                                    sizes[i],
                                )
                            })
                            .collect();
                        let p = Built::parse(&text.join(" + ")).unwrap();
                        let fast = misere_bash(&p, true).unwrap();
                        assert_rule_agrees_with_search(&p, &fast, &mut search, &budget);
                        checked += 1;
                    }
                    // Next multiset-free tuple of sizes.
                    let mut i = 0;
                    while i < len && sizes[i] == max {
                        sizes[i] = 0;
                        i += 1;
                    }
                    if i == len {
                        break;
                    }
                    sizes[i] += 1;
                }
            }
        }
        assert!(checked > 10_000);
    }

    #[test]
    fn bash_heaps_follow_the_rule_too() {
        let mut search = SumSearch::new(Play::Misere, Budget::DEFAULT);
        for m in 1..=4u64 {
            for a in 0..12u64 {
                for b in 0..12u64 {
                    let p =
                        Built::parse(&format!("bash[{m}]({a}) + bash[{}]({b})", m + 1)).unwrap();
                    let fast = misere_bash(&p, false).unwrap();
                    let wins = search.wins(p.components(), Side::Left).unwrap();
                    assert_eq!(fast.0 == Outcome::N, wins, "{p}");
                }
            }
        }
    }

    #[test]
    fn a_single_bash_heap_is_lost_at_residue_one() {
        for m in 1..=6u64 {
            for n in 0..40u64 {
                let p = Built::parse(&format!("subtraction[1..{m}]({n})")).unwrap();
                let (outcome, _) = misere_bash(&p, false).unwrap();
                assert_eq!(outcome == Outcome::P, n % (m + 1) == 1, "m={m} n={n}");
            }
        }
    }

    #[test]
    fn other_games_are_left_to_the_search() {
        let p = Built::parse("subtraction[2..3](5) + nim(1)").unwrap();
        assert!(misere_bash(&p, false).is_none());
        let huge = Built::parse("takeaway[1,18446744073709551615](18446744073709551615)").unwrap();
        let v = MISERE_BASH
            .verdict(
                huge.components(),
                Play::Misere,
                Side::Left,
                1,
                &Budget::DEFAULT,
            )
            .unwrap()
            .unwrap();
        assert_eq!(v.outcome, Outcome::N);
        assert_eq!(
            v.winning_moves[0].1.label,
            MoveLabel::Take {
                taken: 18446744073709551614,
                heap: 18446744073709551615
            }
        );
        // Normal play is left to the theory of sums.
        let nim = Built::parse("nim(1, 2)").unwrap();
        assert!(
            MISERE_BASH
                .verdict(
                    nim.components(),
                    Play::Normal,
                    Side::Left,
                    1,
                    &Budget::DEFAULT
                )
                .is_none()
        );
    }
}
