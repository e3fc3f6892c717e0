//! Misère play of sums of Bash heaps: heaps where a move takes 1 to `m`
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

use crate::error::SolveError;
use crate::outcome::Outcome;
use crate::position::{Component, Position};
use crate::sum::{Analysis, Play, WinningMove};

/// A heap where a move takes 1 to `cap` stones (`None`: any number).
#[derive(Clone, Copy, Debug)]
struct BashHeap {
    size: u64,
    cap: Option<u64>,
}

impl BashHeap {
    fn residue(self) -> u64 {
        match self.cap {
            Some(m) => (u128::from(self.size) % (u128::from(m) + 1)) as u64,
            None => self.size,
        }
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
}

/// Reads a component as a Bash heap, by its normalised text.
fn bash_heap(c: &Arc<dyn Component>) -> Option<BashHeap> {
    let ruleset = c.ruleset();
    let size: u64 = c.args().parse().ok()?;
    let cap = if ruleset == "nim" {
        None
    } else if let Some(inner) = ruleset
        .strip_prefix("subtraction[")
        .and_then(|s| s.strip_suffix(']'))
    {
        match inner.split_once("..") {
            Some(("1", m)) => Some(m.parse().ok()?),
            None if inner == "1" => Some(1),
            _ => return None,
        }
    } else if let Some(inner) = ruleset
        .strip_prefix("takeaway[")
        .and_then(|s| s.strip_suffix(']'))
    {
        match inner.split_once(',') {
            Some(("1", m)) => Some(m.parse().ok()?),
            _ => return None,
        }
    } else if let Some(inner) = ruleset
        .strip_prefix("bash[")
        .and_then(|s| s.strip_suffix(']'))
    {
        Some(inner.parse().ok()?)
    } else {
        return None;
    };
    Some(BashHeap { size, cap })
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

/// The misère analysis of `position` by the theorem of this module, or
/// `None` when some component is not a Bash or Nim heap.
///
/// # Errors
///
/// When a winning move's position cannot be rebuilt from its text (not
/// expected: every recognised ruleset reads back its own text).
pub(crate) fn misere_bash(position: &Position, all: bool) -> Result<Option<Analysis>, SolveError> {
    let Some(heaps) = position
        .components()
        .iter()
        .map(bash_heap)
        .collect::<Option<Vec<_>>>()
    else {
        return Ok(None);
    };
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
                    after[i] = heap.residue_after(t);
                    residues_are_p(&after)
                })
                .collect();
            takes.sort_unstable();
            takes.dedup();
            for t in takes {
                let c = &position.components()[i];
                let left = heap.size - t;
                let text = if c.text().starts_with('*') {
                    format!("*{left}")
                } else {
                    format!("{}({left})", c.ruleset())
                };
                let rebuilt = Position::parse(&text).map_err(|e| {
                    SolveError::unsupported(format!("cannot rebuild `{text}`: {e}"))
                })?;
                winning_moves.push(WinningMove {
                    component: i,
                    description: crate::rulesets::take_description(t, heap.size),
                    to: position.replace(i, rebuilt.components()),
                });
                if !all {
                    break 'heaps;
                }
            }
        }
    }
    Ok(Some(Analysis {
        play: Play::Misere,
        outcome: if is_p { Outcome::P } else { Outcome::N },
        grundy: None,
        value: None,
        winning_moves,
        drawing_moves: Vec::new(),
    }))
}

impl BashHeap {
    fn residue_after(self, t: u64) -> u64 {
        BashHeap {
            size: self.size - t,
            ..self
        }
        .residue()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::Budget;
    use crate::sum::{SumSearch, SumState};

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
        let mut search = SumSearch::new(Play::Misere, budget);
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
                        let p = Position::parse(&text.join(" + ")).unwrap();
                        let fast = misere_bash(&p, true).unwrap().unwrap();
                        let wins = search.wins(&SumState::of(p.components())).unwrap();
                        assert_eq!(fast.outcome == Outcome::N, wins, "{p}");
                        // Every move reported wins, and every winning move is
                        // reported.
                        let mut expected = Vec::new();
                        for (i, c) in p.components().iter().enumerate() {
                            for mv in c.moves(&budget).unwrap() {
                                let after = p.replace(i, &mv.to);
                                if !search.wins(&SumState::of(after.components())).unwrap() {
                                    expected.push(after.to_string());
                                }
                            }
                        }
                        let found: Vec<String> = fast
                            .winning_moves
                            .iter()
                            .map(|w| w.to.to_string())
                            .collect();
                        assert_eq!(found, expected, "{p}");
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
                        Position::parse(&format!("bash[{m}]({a}) + bash[{}]({b})", m + 1)).unwrap();
                    let fast = misere_bash(&p, false).unwrap().unwrap();
                    let wins = search.wins(&SumState::of(p.components())).unwrap();
                    assert_eq!(fast.outcome == Outcome::N, wins, "{p}");
                }
            }
        }
    }

    #[test]
    fn a_single_bash_heap_is_lost_at_residue_one() {
        for m in 1..=6u64 {
            for n in 0..40u64 {
                let p = Position::parse(&format!("subtraction[1..{m}]({n})")).unwrap();
                let a = misere_bash(&p, false).unwrap().unwrap();
                assert_eq!(a.outcome == Outcome::P, n % (m + 1) == 1, "m={m} n={n}");
            }
        }
    }

    #[test]
    fn other_games_are_left_to_the_search() {
        let p = Position::parse("subtraction[2..3](5) + nim(1)").unwrap();
        assert!(misere_bash(&p, false).unwrap().is_none());
        let huge =
            Position::parse("takeaway[1,18446744073709551615](18446744073709551615)").unwrap();
        let a = misere_bash(&huge, false).unwrap().unwrap();
        assert_eq!(a.outcome, Outcome::N);
        assert_eq!(
            a.winning_moves[0].description,
            "take 18446744073709551614 from the heap of 18446744073709551615"
        );
    }
}
