//! Many players racing to a target, and which coalitions can force a win
//! (seed note 000, "多人博弈:合作,收买,间谍").
//!
//! **The game.** `m >= 2` players, numbered `1..=m`, move in turn, player 1
//! first. A running total starts at 0; a move adds between `a` and `b`
//! (`1 <= a <= b`). The player whose move brings the total to the target `n`
//! or beyond wins. (With `a = 1` "reaching `n`" and "passing `n`" are the
//! same for best play; with `a > 1` the total may jump past `n`, which the
//! "or beyond" makes a win rather than a dead end.)
//!
//! **Coalitions.** Without cooperation a game of more than two players has no
//! value: no single player need have a winning strategy, and the note says
//! as much. A *coalition* `C` is a set of players acting as one team against
//! all the others acting as one team; `C` *can force a win* when its members
//! have a joint strategy that makes one of them the winner whatever the
//! others do. That is a two-team game of perfect information, solved exactly
//! here by backward induction on the distance `d = n - total` still to go and
//! the player to move: with `w(d, t)` for "the coalition wins from distance
//! `d` with player `t` to move",
//!
//! - if `t ∈ C`: `w = true` when `b >= d` (finish now), else `w = ∃ s ∈ a..=b:
//!   w(d - s, t + 1)`;
//! - if `t ∉ C`: `w = false` when `b >= d`, else `w = ∀ s ∈ a..=b: w(d - s,
//!   t + 1)`;
//!
//! (players taken mod `m`). The answer for target `n` is `w(n, player 1)`.
//! Because `w(d, ·)` depends only on the `b` previous distances, the
//! sequence in `d` is eventually periodic, and [`Race::eventual`] finds the
//! preperiod and period exactly — which decides claims "for every `n` large
//! enough" for good, not just up to some bound.
//!
//! **The note's claim** is that, for `n` large enough, any coalition of more
//! than `⌊m/2⌋` players can force a win (so no single player can). The tests
//! check it exactly, for every `n`, on all small `m`, `a`, `b` — and document
//! where it fails.

use std::collections::HashMap;

use sprague_core::budget::Budget;
use sprague_core::error::SolveError;

/// The race to a target with `players` players adding between `min_step`
/// and `max_step` each turn. Validated: `2 <= players <= MAX_PLAYERS`,
/// `1 <= min_step <= max_step`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Race {
    players: usize,
    min_step: u64,
    max_step: u64,
}

/// A set of players as a bit mask: bit `i` is player `i + 1`.
pub type Coalition = u32;

/// What [`Race::eventual`] found: for targets `n >= preperiod`, whether the
/// coalition can force a win depends only on `(n - preperiod) mod period`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Eventual {
    /// Where the periodic part starts.
    pub preperiod: u64,
    /// The least period of the periodic part (of the whole state, so the
    /// answers repeat with this period or a divisor of it).
    pub period: u64,
    /// The answers for targets `0..preperiod + period`.
    pub wins: Vec<bool>,
}

impl Eventual {
    /// Whether the coalition can force a win for target `n`, for any `n`.
    pub fn wins_at(&self, n: u64) -> bool {
        let i = if n < self.preperiod + self.period {
            n
        } else {
            self.preperiod + (n - self.preperiod) % self.period
        };
        self.wins[i as usize]
    }

    /// Whether the coalition can force a win for every target from
    /// `preperiod` on.
    pub fn wins_eventually(&self) -> bool {
        self.wins[self.preperiod as usize..].iter().all(|&w| w)
    }

    /// The largest target the coalition cannot force, if there are only
    /// finitely many.
    pub fn last_loss(&self) -> Option<u64> {
        if !self.wins_eventually() {
            return None;
        }
        self.wins[..self.preperiod as usize]
            .iter()
            .rposition(|&w| !w)
            .map(|i| i as u64)
    }
}

impl Race {
    /// The most players: coalitions are bit masks, and every one of the
    /// `2^players` may be asked about.
    pub const MAX_PLAYERS: usize = 16;

    /// The race with `players` players adding `min_step..=max_step`.
    ///
    /// # Errors
    ///
    /// [`SolveError::Unsupported`] for fewer than 2 or more than
    /// [`Race::MAX_PLAYERS`] players, or a step range that is empty or starts
    /// at 0.
    pub fn new(players: usize, min_step: u64, max_step: u64) -> Result<Race, SolveError> {
        if !(2..=Race::MAX_PLAYERS).contains(&players) {
            return Err(SolveError::unsupported(format!(
                "the number of players must be between 2 and {}",
                Race::MAX_PLAYERS
            )));
        }
        if min_step == 0 || min_step > max_step {
            return Err(SolveError::unsupported(
                "the steps must be a range a..b with 1 <= a <= b",
            ));
        }
        Ok(Race {
            players,
            min_step,
            max_step,
        })
    }

    /// The number of players.
    pub fn players(&self) -> usize {
        self.players
    }

    /// Whether `coalition` can force a win for target `target`, in
    /// `O(target · players)` time and space.
    ///
    /// # Errors
    ///
    /// [`SolveError::BudgetExceeded`] when `target · players` exceeds the
    /// budget.
    ///
    /// # Examples
    ///
    /// ```
    /// use sprague_impartial::Race;
    /// let race = Race::new(3, 1, 2).unwrap();
    /// // Players 1 and 2 together against player 3, racing to 20.
    /// assert!(race.coalition_wins(0b011, 20, &sprague_core::Budget::DEFAULT).unwrap());
    /// ```
    pub fn coalition_wins(
        &self,
        coalition: Coalition,
        target: u64,
        budget: &Budget,
    ) -> Result<bool, SolveError> {
        if target
            .checked_mul(self.players as u64)
            .is_none_or(|cells| cells > budget.max_positions)
        {
            return Err(SolveError::BudgetExceeded {
                limit: budget.max_positions,
            });
        }
        if target == 0 {
            // Nobody moves: the target is reached before the game starts,
            // by no one.
            return Ok(false);
        }
        let table = self.table(coalition, target as usize);
        Ok(table[target as usize][0])
    }

    /// Every coalition that can force a win for `target`, as bit masks in
    /// increasing order.
    ///
    /// # Errors
    ///
    /// [`SolveError::BudgetExceeded`] when `2^players · target · players`
    /// exceeds the budget.
    pub fn winning_coalitions(
        &self,
        target: u64,
        budget: &Budget,
    ) -> Result<Vec<Coalition>, SolveError> {
        let n_coalitions = 1u64 << self.players;
        let work = n_coalitions
            .checked_mul(target)
            .and_then(|w| w.checked_mul(self.players as u64));
        if work.is_none_or(|w| w > budget.max_positions.saturating_mul(16)) {
            return Err(SolveError::BudgetExceeded {
                limit: budget.max_positions,
            });
        }
        let mut out = Vec::new();
        for c in 1..n_coalitions as Coalition {
            if self.coalition_wins(c, target, budget)? {
                out.push(c);
            }
        }
        Ok(out)
    }

    /// `w(d, t)` for `d` in `0..=max_d`, every player `t` (0-based).
    fn table(&self, coalition: Coalition, max_d: usize) -> Vec<Vec<bool>> {
        let m = self.players;
        let mut w: Vec<Vec<bool>> = Vec::with_capacity(max_d + 1);
        // prefix[t][d] = number of d' < d with w(d', t), for window counts.
        let mut prefix: Vec<Vec<u64>> = vec![vec![0]; m];
        w.push(vec![false; m]);
        for p in prefix.iter_mut() {
            p.push(0);
        }
        for d in 1..=max_d {
            let row = (0..m)
                .map(|t| self.value(coalition, d as u64, t, &prefix))
                .collect::<Vec<bool>>();
            for (t, p) in prefix.iter_mut().enumerate() {
                let last = *p.last().expect("starts with 0");
                p.push(last + u64::from(row[t] && d > 0));
            }
            w.push(row);
        }
        w
    }

    /// `w(d, t)` from the prefix counts of smaller distances.
    fn value(&self, coalition: Coalition, d: u64, t: usize, prefix: &[Vec<u64>]) -> bool {
        let member = coalition >> t & 1 == 1;
        if self.max_step >= d {
            return member;
        }
        // Every step lands on d - s in (d - b) ..= (d - a), all >= 1.
        let next = &prefix[(t + 1) % self.players];
        let (lo, hi) = ((d - self.max_step) as usize, (d - self.min_step) as usize);
        let count = next[hi + 1] - next[lo];
        if member {
            count > 0
        } else {
            count == self.max_step - self.min_step + 1
        }
    }

    /// The eventual behaviour of `coalition` over all targets: the state at
    /// distance `d` is `w(d', t)` for the last `b` distances and every `t`;
    /// the first repeated state fixes the period forever.
    ///
    /// # Errors
    ///
    /// [`SolveError::BudgetExceeded`] if no state repeats within the budget
    /// (distances times players).
    pub fn eventual(&self, coalition: Coalition, budget: &Budget) -> Result<Eventual, SolveError> {
        let m = self.players;
        let b = self.max_step as usize;
        let mut seen: HashMap<Vec<bool>, u64> = HashMap::new();
        let mut rows: Vec<Vec<bool>> = vec![vec![false; m]];
        let mut prefix: Vec<Vec<u64>> = vec![vec![0, 0]; m];
        let mut d: u64 = 0;
        loop {
            if d >= b as u64 {
                let state: Vec<bool> = rows[(d as usize + 1 - b)..=d as usize]
                    .iter()
                    .flatten()
                    .copied()
                    .collect();
                if let Some(&earlier) = seen.get(&state) {
                    let period = d - earlier;
                    // The answers from `earlier + 1` on repeat; walk back to
                    // the least preperiod of the answer sequence itself.
                    let answers: Vec<bool> = rows.iter().map(|r| r[0]).collect();
                    let mut pre = earlier + 1;
                    while pre > 0
                        && answers[pre as usize - 1] == answers[(pre - 1 + period) as usize]
                    {
                        pre -= 1;
                    }
                    let mut wins = answers;
                    wins.truncate((pre + period) as usize);
                    wins[0] = false;
                    return Ok(Eventual {
                        preperiod: pre,
                        period,
                        wins,
                    });
                }
                seen.insert(state, d);
            }
            d += 1;
            if d.saturating_mul(m as u64) > budget.max_positions {
                return Err(SolveError::BudgetExceeded {
                    limit: budget.max_positions,
                });
            }
            let row: Vec<bool> = (0..m)
                .map(|t| self.value(coalition, d, t, &prefix))
                .collect();
            for (t, p) in prefix.iter_mut().enumerate() {
                let last = *p.last().expect("not empty");
                p.push(last + u64::from(row[t]));
            }
            rows.push(row);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The definition, by plain recursion over (total, player to move):
    /// an independent check of the table and its prefix-count windows.
    fn by_definition(race: &Race, c: Coalition, total: u64, t: usize, n: u64) -> bool {
        let member = c >> t & 1 == 1;
        let mut outcomes = (race.min_step..=race.max_step).map(|s| {
            if total + s >= n {
                member
            } else {
                by_definition(race, c, total + s, (t + 1) % race.players, n)
            }
        });
        if member {
            outcomes.any(|w| w)
        } else {
            outcomes.all(|w| w)
        }
    }

    #[test]
    fn the_table_matches_the_definition() {
        let budget = Budget::DEFAULT;
        for m in 2..=4 {
            for a in 1..=2 {
                for b in a..=3 {
                    let race = Race::new(m, a, b).unwrap();
                    for c in 1..(1 << m) {
                        let eventual = race.eventual(c, &budget).unwrap();
                        for n in 1..=14 {
                            let expected = by_definition(&race, c, 0, 0, n);
                            assert_eq!(race.coalition_wins(c, n, &budget), Ok(expected));
                            assert_eq!(
                                eventual.wins_at(n),
                                expected,
                                "m={m} {a}..{b} c={c:b} n={n}"
                            );
                        }
                        for n in [100u64, 257, 1000] {
                            assert_eq!(
                                eventual.wins_at(n),
                                race.coalition_wins(c, n, &budget).unwrap()
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn two_players_are_the_bash_game() {
        // Alone against the other, player 1 wins the race to n with steps
        // 1..b exactly when n mod (b + 1) != 0 (seed note 003).
        let budget = Budget::DEFAULT;
        for b in 1..=5 {
            let race = Race::new(2, 1, b).unwrap();
            for n in 1..60 {
                assert_eq!(
                    race.coalition_wins(0b01, n, &budget),
                    Ok(n % (b + 1) != 0),
                    "b={b} n={n}"
                );
            }
        }
    }

    /// The note's claim, checked exactly for every target through the
    /// eventual period, with its converse: a coalition can force a win for
    /// every large enough target exactly when it has more than ⌊m/2⌋
    /// members (a smaller one loses for infinitely many targets). Returns
    /// the cases where this fails, as (players, a, b, coalition).
    fn majority_rule_failures(
        max_m: usize,
        max_a: u64,
        max_b: u64,
    ) -> Vec<(usize, u64, u64, Coalition)> {
        let budget = Budget::DEFAULT;
        let mut out = Vec::new();
        for m in 3..=max_m {
            for a in 1..=max_a {
                // a = b is excluded, as in the note: the winner is then fixed
                // by n alone.
                for b in a + 1..=max_b {
                    let race = Race::new(m, a, b).unwrap();
                    for c in 1..(1u32 << m) {
                        let majority = c.count_ones() as usize > m / 2;
                        if race.eventual(c, &budget).unwrap().wins_eventually() != majority {
                            out.push((m, a, b, c));
                        }
                    }
                }
            }
        }
        out
    }

    #[test]
    fn the_notes_majority_claim_holds_exactly_at_the_threshold() {
        assert_eq!(majority_rule_failures(6, 3, 6), Vec::new());
    }

    #[test]
    fn how_large_is_large_enough() {
        // Three players adding 1 or 2: any two of them win every race to 4
        // or more; to 2, player 1 finishes at once, whatever the others do.
        let race = Race::new(3, 1, 2).unwrap();
        let budget = Budget::DEFAULT;
        for c in [0b011, 0b101, 0b110] {
            let e = race.eventual(c, &budget).unwrap();
            assert!(e.wins_eventually());
            assert!(e.last_loss().is_none_or(|n| n <= 3), "{c:b}");
        }
        assert!(!race.coalition_wins(0b110, 2, &budget).unwrap());
    }
}
