//! The heap kit: what the impartial games of one heap share, so that such
//! a game is its rules and its tests. [`HeapRules`] is what a game says —
//! its name and parameters, the amounts a move takes from a heap of `n`,
//! the value of a heap (a closed form or a table of its own), and, where it
//! knows better than a filter of its moves, which moves reach a value —
//! and [`Heap`] makes any such rules an impartial component and gives the
//! registry's entry, with its reader and its `sprague table` family. This
//! module knows no rule.

use std::fmt;
use std::sync::Arc;

use sprague_core::budget::Budget;
use sprague_core::error::{ParseError, SolveError};
use sprague_game::syntax::{ComponentSyntax, RulesetSyntax};
use sprague_game::{Component, Impartial, Key, Kind, Move, MoveLabel, Side, SumRule};
use sprague_impartial::nimber::Nimber;

use crate::common::{
    HeapFamily, HeapOptions, Periodicity, Ruleset, heap_components, take_description, values_timed,
};
use crate::common::{Moves, Values, WinningMoves};

/// The amounts moves take from a heap, or why they cannot be listed.
pub type Takes = Result<Vec<u64>, SolveError>;

/// Whether a heap is a first-player win, with winning takes (see
/// [`HeapRules::outcome`]); `None`: the value decides.
pub type TakesOutcome = Option<Result<(bool, Vec<u64>), SolveError>>;

/// The rules of an impartial game played on one heap, whose heaps do not
/// interact: a sum of heaps is a sum of games.
pub trait HeapRules: Clone + fmt::Debug + Send + Sync + Sized + 'static {
    /// The ruleset's name in the position language, and its key's family.
    const NAME: &'static str;

    /// Whether a move that takes the whole heap leaves a heap of 0 in the
    /// position (`divisor(0)`) rather than nothing.
    const KEEPS_EMPTY: bool = false;

    /// The closed form for sums of these heaps (with those of the other
    /// rulesets it covers), tried before any theory of sums: what
    /// [`Component::sum_rule`] answers for a heap.
    const SUM_RULE: Option<&'static dyn SumRule> = None;

    /// The rules a written ruleset names (its parameters checked, with
    /// their spans for errors).
    ///
    /// # Errors
    ///
    /// A [`ParseError`] on parameters the game does not take.
    fn read(ruleset: &RulesetSyntax) -> Result<Self, ParseError>;

    /// The ruleset with its parameters, normalised: `bash[3]`.
    fn ruleset(&self) -> String {
        Self::NAME.to_string()
    }

    /// The key of a heap of `n` under these rules: the name and the heap
    /// unless the parameters count.
    fn key(&self, n: u64) -> Key {
        Key::new(Self::NAME, [n])
    }

    /// The Grundy value of a heap of `n`.
    ///
    /// # Errors
    ///
    /// A [`SolveError`] if the value needs more than `budget`.
    fn grundy(&self, n: u64, budget: &Budget) -> Result<u64, SolveError>;

    /// The amounts a move may take from a heap of `n`, in the order the
    /// user sees the moves, no more than `budget` allows.
    ///
    /// # Errors
    ///
    /// [`SolveError::BudgetExceeded`] when there are more moves than the
    /// budget allows positions.
    fn takes(&self, n: u64, budget: &Budget) -> Result<Vec<u64>, SolveError>;

    /// The first `max` of [`HeapRules::takes`] that leave a heap worth
    /// `target`, in the same order: by default the takes filtered by the
    /// value of what they leave.
    ///
    /// # Errors
    ///
    /// A [`SolveError`] if the moves or values need more than `budget`.
    fn takes_to_grundy(&self, n: u64, target: u64, max: usize, budget: &Budget) -> Takes {
        let mut found = Vec::new();
        for taken in self.takes(n, budget)? {
            if found.len() >= max {
                break;
            }
            if self.grundy(n - taken, budget)? == target {
                found.push(taken);
            }
        }
        Ok(found)
    }

    /// How a move that takes `taken` from a heap of `n` is described.
    fn label(&self, n: u64, taken: u64) -> MoveLabel {
        take_description(taken, n)
    }

    /// Whether a heap of `n` is a first-player win, with the first `max`
    /// winning takes, when the game knows it faster than its value; `None`
    /// leaves it to the value.
    fn outcome(&self, n: u64, max: usize, budget: &Budget) -> TakesOutcome {
        let _ = (n, max, budget);
        None
    }

    /// The heap as written: `bash[3](10)`.
    fn text(&self, n: u64) -> String {
        format!("{}({n})", self.ruleset())
    }

    /// The Grundy values of the heaps `from..=to`, for `sprague table`.
    ///
    /// # Errors
    ///
    /// A [`SolveError`] if the values need more than `budget`.
    fn values(&self, from: u64, to: u64, budget: &Budget) -> Values {
        values_timed(from, to, budget, |n| self.grundy(n, budget))
    }

    /// The period of the values, if the game knows one.
    ///
    /// # Errors
    ///
    /// A [`SolveError`] if finding the period needs more than `budget`.
    fn periodicity(&self, budget: &Budget) -> Result<Option<Periodicity>, SolveError> {
        let _ = budget;
        Ok(None)
    }

    /// Whether the heap is written as one heap of its ruleset, shown with
    /// its neighbours (`nim(3, 6)`), rather than in a notation of its own.
    fn is_heap(&self) -> bool {
        true
    }

    /// The takes `skip + 1 ..` of a heap of `n`, at most `take` of them,
    /// with the number of moves, for a game that lists them from the count
    /// alone (so a huge heap shows its first moves); `None`: only the whole
    /// list.
    fn window(&self, n: u64, skip: u64, take: usize) -> Option<(Vec<u64>, u64)> {
        let _ = (n, skip, take);
        None
    }
}

/// A proved purely or arithmetic-periodic closed form: the period of a
/// family whose values are a formula, certified for every heap.
pub(crate) fn closed_form_period(preperiod: u64, period: u64, saltus: u64) -> Periodicity {
    Periodicity {
        preperiod,
        period,
        saltus,
        certified: true,
        certified_at: 0,
    }
}

/// One heap of a game whose rules are `R`: an impartial component.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Heap<R> {
    rules: R,
    size: u64,
}

impl<R: HeapRules> Heap<R> {
    /// The registry's entry of the rules `R`: each argument is a heap, and
    /// `sprague table` tabulates the family.
    pub(crate) const fn entry(
        syntax: &'static str,
        rule: &'static str,
        example: &'static str,
    ) -> Ruleset {
        Ruleset {
            build: Self::build,
            family: Some(Self::family),
            heaps_interact: false,
            name: R::NAME,
            syntax,
            rule,
            example,
        }
    }

    /// A heap of `size` under `rules`.
    pub fn new(rules: R, size: u64) -> Heap<R> {
        Heap { rules, size }
    }

    /// The number of stones.
    pub fn size(&self) -> u64 {
        self.size
    }

    /// The rules.
    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// A heap of `size` under the same rules.
    pub fn with_size(&self, size: u64) -> Heap<R> {
        Heap {
            rules: self.rules.clone(),
            size,
        }
    }

    /// The move that takes `taken` stones.
    pub(crate) fn take(&self, taken: u64) -> Move {
        let rest = || Arc::new(self.with_size(self.size - taken)) as Arc<dyn Component>;
        if R::KEEPS_EMPTY {
            Move::new(self.rules.label(self.size, taken), rest())
        } else if taken == self.size {
            Move::to_sum(self.rules.label(self.size, taken), Vec::new())
        } else {
            Move::new(self.rules.label(self.size, taken), rest())
        }
    }

    fn takes_to_moves(&self, takes: Vec<u64>) -> Vec<Move> {
        takes.into_iter().map(|t| self.take(t)).collect()
    }

    /// One component per argument, each a heap.
    pub(crate) fn build(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
        let rules = R::read(&c.ruleset)?;
        heap_components(c, |size| Heap::new(rules.clone(), size))
    }

    /// The family of `sprague table`.
    pub(crate) fn family(r: &RulesetSyntax) -> Result<Arc<dyn HeapFamily>, ParseError> {
        Ok(Arc::new(Family(R::read(r)?)))
    }
}

impl<R: HeapRules> Component for Heap<R> {
    fn ruleset(&self) -> String {
        self.rules.ruleset()
    }

    fn args(&self) -> String {
        self.size.to_string()
    }

    fn text(&self) -> String {
        self.rules.text(self.size)
    }

    fn key(&self) -> Key {
        self.rules.key(self.size)
    }

    fn kind(&self) -> Kind<'_> {
        Kind::Impartial(self)
    }

    fn sum_rule(&self) -> Option<&'static dyn SumRule> {
        R::SUM_RULE
    }

    fn is_heap(&self) -> bool {
        self.rules.is_heap()
    }

    fn moves_window(&self, _side: Side, skip: u64, take: usize) -> Option<(Vec<Move>, u64)> {
        let (takes, n_moves) = self.rules.window(self.size, skip, take)?;
        Some((self.takes_to_moves(takes), n_moves))
    }
}

impl<R: HeapRules> Impartial for Heap<R> {
    fn grundy(&self, budget: &Budget) -> Result<Nimber, SolveError> {
        self.rules.grundy(self.size, budget).map(Nimber)
    }

    fn moves(&self, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        Ok(self.takes_to_moves(self.rules.takes(self.size, budget)?))
    }

    fn moves_to_grundy(&self, target: Nimber, max: usize, budget: &Budget) -> Moves {
        let takes = self
            .rules
            .takes_to_grundy(self.size, target.0, max, budget)?;
        Ok(self.takes_to_moves(takes))
    }

    fn outcome(&self, max: usize, budget: &Budget) -> WinningMoves {
        let found = self.rules.outcome(self.size, max, budget)?;
        Some(found.map(|(wins, takes)| (wins, self.takes_to_moves(takes))))
    }
}

/// The `sprague table` family of rules `R`.
#[derive(Debug)]
struct Family<R>(R);

impl<R: HeapRules> HeapFamily for Family<R> {
    fn ruleset(&self) -> String {
        self.0.ruleset()
    }

    fn grundy_values(&self, from: u64, to: u64, budget: &Budget) -> Values {
        self.0.values(from, to, budget)
    }

    fn periodicity(&self, budget: &Budget) -> Result<Option<Periodicity>, SolveError> {
        self.0.periodicity(budget)
    }

    fn heap_options(&self, n: u64, budget: &Budget) -> Option<HeapOptions> {
        let left = |taken: u64| {
            if taken == n && !R::KEEPS_EMPTY {
                Vec::new()
            } else {
                vec![n - taken]
            }
        };
        Some(
            self.0
                .takes(n, budget)
                .map(|takes| takes.into_iter().map(left).collect()),
        )
    }
}
