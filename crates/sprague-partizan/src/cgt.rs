//! Canonical forms of short partizan games (combinatorial game theory in
//! the sense of Conway's *On Numbers and Games* and Berlekamp, Conway and
//! Guy's *Winning Ways*, as computed by CGSuite).
//!
//! A [`CanonicalArena`] hash-conses canonical forms: every canonical form
//! it has met has a [`GameId`], and two ids are equal exactly when the games
//! are equal. Sums and negatives are memoised; comparisons (`≤`) are first
//! bounded by the stops kept with every form, then looked up in a cache of
//! bounded size (`comparisons`), the most numerous entries by far. A game is
//! brought to canonical form by the two simplifications of the canonical
//! form theorem: deleting dominated options and bypassing reversible ones.
//!
//! Three kinds of canonical form are stored without their options, which
//! are produced on demand:
//!
//! - **numbers**, dyadic rationals `m / 2^k` of any size ([`Dyadic`]:
//!   exact, without allocation while `m` fits an `i64` and `k <= 62`). The
//!   canonical form of an integer `n > 0` is `{n-1 |}`, of `-n` is
//!   `{| -n+1}`, and of `m/2^k` (odd `m`, `k >= 1`) is
//!   `{(m-1)/2^k | (m+1)/2^k}`;
//! - **numbers plus a nimber**, `x + *n` (`n >= 1`), whose canonical form is
//!   `{x, x*1, ..., x*(n-1) | x, x*1, ..., x*(n-1)}` (number translation,
//!   below), so that the value `*g` of an impartial component with Grundy
//!   value `g` costs one node however large `g` is;
//! - every other canonical form, stored as its sorted lists of option ids.
//!
//! Numbers are handled by three theorems rather than by recursion through
//! their options (an integer `n` would otherwise cost a chain of `n`
//! nodes):
//!
//! - *Simplicity*: if every option of `G` is a number and every Left option
//!   is less than every Right option, `G` is the simplest number strictly
//!   between the largest Left and the least Right option.
//! - *Number translation*: if `x` is a number and `G` is not equal to one,
//!   `G + x = {G^L + x | G^R + x}`, and this form is canonical when `G`'s is
//!   (adding `x` preserves every comparison, so nothing becomes dominated or
//!   reversible).
//! - *Number avoidance for comparisons*, which follows from translation: if
//!   `x` is a number and `G` is not equal to one, `G - x =
//!   {G^L - x | G^R - x}`, and a game is `<= 0` exactly when none of its
//!   Left options is `>= 0`; hence `G <= x` iff no `G^L >= x`, and
//!   symmetrically `x <= G` iff no `G^R <= x`.
//!
//! A canonical form stored with its options is never equal to a number or
//! to a number plus a nimber (those always get their own kind), which is
//! what lets the last two theorems apply to it.
//!
//! **Depth.** Comparison, sums and canonicalisation recurse over the
//! options of the games involved (a number `m/2^k` contributes at most
//! about `k` levels, its options' chain towards an integer).
//! The recursion is bounded by [`MAX_DEPTH`] levels; deeper games are
//! [`SolveError::Unsupported`] rather than a stack overflow. The values of
//! components are computed from their moves with an explicit stack
//! (`solve::canonical`), so a long game (a heap of a million)
//! costs memory and budget, never call stack.
//!
//! **Notation** (CGSuite's, in ASCII): integers `3`, `-2`; other numbers as
//! reduced fractions `1/2`, `-3/4`, `5/4`; nimbers `*`, `*2`; a number plus
//! a nimber `1*`, `1/2*2`; ups and downs `^`, `v`, `^*`, `v*`, `^^` for
//! `^ + ^`, `vv*`, `^3*2`, `^17`, `1/2v` (any number of ups: CGSuite's
//! `Uptimal` writes two as a double arrow, more as a count); symmetric switches
//! `±1`, `±1/2`; any other form in braces with its options, Left's before
//! the bar and Right's after: `{1|*}`, `{2|-1}`; a form alone on its side
//! of another is written in CGSuite's slash notation, without its braces
//! and with more bars between the outer sides: `{1||0|-1}` for
//! `{1|{0|-1}}`, `{2|1||0|-1}` (at most four bars; deeper forms keep their
//! braces). Options are listed numbers first (Left's from
//! the largest, Right's from the least), then the others in the order of
//! their text.

use std::any::{Any, TypeId};
use std::sync::Arc;

use rustc_hash::FxHashMap;

use crate::comparisons::{self, Comparisons};
pub use crate::dyadic::{Dyadic, DyadicOverflow, simplest_between};
use sprague_core::budget::Budget;
use sprague_core::error::SolveError;
use sprague_core::outcome::Outcome;

/// The most levels of recursion over options that comparison, sums and
/// canonicalisation may use (see the module documentation).
pub const MAX_DEPTH: usize = 600;

/// The id of a canonical form in a [`CanonicalArena`]: two ids of one arena
/// are equal exactly when the games are equal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(u32);

/// Left's and Right's option ids of a general canonical form.
type OptionLists = (Arc<[GameId]>, Arc<[GameId]>);

/// A canonical form as stored.
#[derive(Clone, Debug)]
enum Node {
    /// A number.
    Number(Dyadic),
    /// A number plus the nimber `*n`, `n >= 1`.
    Nimbered(Dyadic, u64),
    /// Any other canonical form: its option ids, sorted, without repeats.
    /// Never equal to a number or a number plus a nimber.
    General(Arc<[GameId]>, Arc<[GameId]>),
}

/// How an uptimal is named in print.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Uptimal {
    /// `n·^`, `1 <= |n|`.
    Ups(i64),
    /// `^<n>` (`v<n>` for `n < 0`), or `^[n]` when `is_sum`.
    Power { n: i64, is_sum: bool },
}

/// Which player's options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Player {
    Left,
    Right,
}

/// A game given by option lists that are not (yet) known to be canonical,
/// compared against stored ids while it is being simplified.
struct Form<'a> {
    left: &'a [GameId],
    right: &'a [GameId],
}

/// The canonical forms met so far, with memoised comparison, sum and
/// negation (see the module documentation). Every stored node and memo
/// entry counts against the budget; exceeding it is
/// [`SolveError::BudgetExceeded`], and past the budget's deadline (read
/// every 4096 entries) [`SolveError::TimeLimit`].
///
/// # Examples
///
/// ```
/// use sprague_core::Budget; use sprague_partizan::CanonicalArena;
/// let mut arena = CanonicalArena::new(Budget::DEFAULT);
/// let zero = arena.zero();
/// let star = arena.form(&[zero], &[zero]).unwrap();
/// let up = arena.form(&[zero], &[star]).unwrap();
/// assert_eq!(arena.display(up).unwrap(), "^");
/// // ^ + * is {0, * | 0}.
/// let up_star = arena.add(up, star).unwrap();
/// assert_eq!(arena.form(&[zero, star], &[zero]).unwrap(), up_star);
/// assert_eq!(arena.display(up_star).unwrap(), "^*");
/// ```
#[derive(Debug)]
pub struct CanonicalArena {
    budget: Budget,
    nodes: Vec<Node>,
    numbers: FxHashMap<Dyadic, GameId>,
    nimbered: FxHashMap<(Dyadic, u64), GameId>,
    general: FxHashMap<OptionLists, GameId>,
    le_memo: Comparisons,
    sum_memo: FxHashMap<(GameId, GameId), GameId>,
    neg_memo: FxHashMap<GameId, GameId>,
    /// `±^<n> + *m` and `±^[n] + *m` (`2 <= n`, up to the oldest game shown) for
    /// display, by id: the signed `n`, whether it is the sum form `^[n]`,
    /// and `m`; built on first use.
    powers: FxHashMap<GameId, (i64, bool, u64)>,
    /// The largest `n` in `powers` (0 before it is built).
    powers_to: u64,
    /// The options `x*0, ..., x*(n-1)` of each `x*n` met in a comparison,
    /// which would otherwise be listed again (`n` lookups) at each of the
    /// many comparisons of `^*n`'s followers.
    nimbered_options: FxHashMap<GameId, Arc<[GameId]>>,
    /// The ids in `nimbered_options`, counted as stored positions (an id
    /// is smaller than a memo entry: this errs on the side of memory).
    nimbered_listed: usize,
    /// The Left and Right stops of every node, by id: computed when the
    /// node is stored (from its options', stored before it), they bound
    /// comparisons before any recursion (see [`CanonicalArena::le`]).
    node_stops: Vec<(Dyadic, Dyadic)>,
    /// Rulesets' own tables from positions to ids of this arena (see
    /// [`CanonicalArena::take_cache`]), one per type.
    caches: FxHashMap<TypeId, Box<dyn Any + Send + Sync>>,
    depth: usize,
    /// The steps of work done: every comparison, sum and negation worked
    /// out from options and every form stored (see [`CanonicalArena::work`]).
    work: u64,
    /// The step past which the work stops with
    /// [`SolveError::BudgetExceeded`] (see [`CanonicalArena::limit_work`]).
    work_limit: u64,
}

/// The most slots of the comparison memo: twice the position budget (a
/// comparison is cheap to redo, a stored form is not), at most `2^28`
/// slots (2 GiB).
fn comparison_slots(budget: Budget) -> usize {
    let slots = budget.max_positions.saturating_mul(2).min(1 << 28);
    usize::try_from(slots).unwrap_or(1 << 28)
}

/// `n·^` as CGSuite's `Uptimal` writes it: `^` (`v` for `n < 0`), `^^`
/// and `vv` for two, `^3`, `v17` past two; empty for `n = 0`.
pub fn ups_text(n: i64) -> String {
    let arrow = if n > 0 { "^" } else { "v" };
    match n.unsigned_abs() {
        0 => String::new(),
        1 => arrow.to_string(),
        2 => arrow.repeat(2),
        k => format!("{arrow}{k}"),
    }
}

/// A number, ups (their text, `^^`, `v3`, `^<2>`) and a nimber written
/// together as CGSuite writes them (`1/2^^*`, `3v*2`, `*4`), with a `+`
/// after the number where the reader would take the rest for an operator
/// (CGSuite prints 3 + *2 as `3*2`, which it reads, as this reader does, as
/// the product 6): `3+*2`, `2+^3`, `-1/2+^17*2`.
pub fn atom_text(x: &Dyadic, ups: &str, star: u64) -> String {
    let number = if *x == Dyadic::ZERO && !(ups.is_empty() && star == 0) {
        String::new()
    } else {
        x.to_string()
    };
    let star = match star {
        0 => String::new(),
        1 => "*".to_string(),
        n => format!("*{n}"),
    };
    let operator_next = if ups.is_empty() {
        star.len() > 1
    } else {
        ups.starts_with('^') && ups[1..].starts_with(|c: char| c.is_ascii_digit())
    };
    let plus = if !number.is_empty() && operator_next {
        "+"
    } else {
        ""
    };
    format!("{number}{plus}{ups}{star}")
}

/// How far the table of up powers plus `*m` goes for display (`m <
/// STAR_LIMIT`).
const STAR_LIMIT: u64 = 16;
/// How far the tables of up powers `^<n>` and `^[n]` go for display at
/// least; further for an older game.
const POWER_LIMIT: u64 = 12;

impl CanonicalArena {
    /// An empty arena storing at most `budget.max_positions` nodes and memo
    /// entries (with `0` already in it).
    pub fn new(budget: Budget) -> CanonicalArena {
        let mut arena = CanonicalArena {
            budget,
            nodes: Vec::new(),
            numbers: FxHashMap::default(),
            nimbered: FxHashMap::default(),
            general: FxHashMap::default(),
            le_memo: Comparisons::new(comparison_slots(budget)),
            sum_memo: FxHashMap::default(),
            neg_memo: FxHashMap::default(),
            powers: FxHashMap::default(),
            powers_to: 0,
            nimbered_options: FxHashMap::default(),
            nimbered_listed: 0,
            node_stops: Vec::new(),
            caches: FxHashMap::default(),
            depth: 0,
            work: 0,
            work_limit: u64::MAX,
        };
        arena.nodes.push(Node::Number(Dyadic::ZERO));
        arena.node_stops.push((Dyadic::ZERO, Dyadic::ZERO));
        arena.numbers.insert(Dyadic::ZERO, GameId(0));
        arena
    }

    /// The budget this arena was made with.
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// The number of canonical forms stored.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether only `0` is stored.
    pub fn is_empty(&self) -> bool {
        self.nodes.len() == 1
    }

    /// The cache of type `T` kept with this arena (empty the first time),
    /// taken out so that it can be used beside the arena; give it back with
    /// [`CanonicalArena::put_cache`]. A ruleset keys it by its own
    /// positions: its values are ids of this arena, so it lives and dies
    /// with it, and every solver that shares the arena shares the cache.
    pub fn take_cache<T: Any + Send + Sync + Default>(&mut self) -> T {
        self.caches
            .remove(&TypeId::of::<T>())
            .and_then(|c| c.downcast::<T>().ok())
            .map_or_else(T::default, |c| *c)
    }

    /// Puts back a cache taken with [`CanonicalArena::take_cache`].
    pub fn put_cache<T: Any + Send + Sync>(&mut self, cache: T) {
        self.caches.insert(TypeId::of::<T>(), Box::new(cache));
    }

    /// The game `0 = { | }`.
    pub fn zero(&self) -> GameId {
        GameId(0)
    }

    fn stored(&self) -> u64 {
        (self.nodes.len() + self.sum_memo.len() + self.neg_memo.len() + self.nimbered_listed) as u64
    }

    /// Whether one more node or memo entry may be stored: the position
    /// limit, the limit on work if one is set, and now and then the
    /// budget's clock. Every call is a step of work.
    pub(crate) fn charge(&mut self) -> Result<(), SolveError> {
        self.work += 1;
        if self.work > self.work_limit {
            return Err(SolveError::BudgetExceeded {
                limit: self.work_limit,
            });
        }
        // Comparisons add no position, so the clock is read by steps too:
        // a step is well under a microsecond.
        if self.work % 1024 == 0 {
            self.budget.check_time()?;
        }
        self.budget.check_positions(self.stored())
    }

    /// The steps of work this arena has done: one for every comparison,
    /// sum and negation it worked out from options (a memoised or
    /// stop-settled one is free) and for every form it stored. It is what
    /// a computation in the arena costs, machine-independent: the time of
    /// a step varies little beside the thousandfold spread of step counts
    /// between values, and the counting is deterministic, unlike a clock.
    pub fn work(&self) -> u64 {
        self.work
    }

    /// Stops the work at step `limit` (of [`CanonicalArena::work`]'s
    /// count): past it, every operation that would take a step fails with
    /// [`SolveError::BudgetExceeded`] of that limit and
    /// [`CanonicalArena::work_limit_reached`] says so. `None` lifts the
    /// limit. What was stored stays stored and correct: a form, sum or
    /// comparison is recorded only once worked out whole.
    pub fn limit_work(&mut self, limit: Option<u64>) {
        self.work_limit = limit.unwrap_or(u64::MAX);
    }

    /// Whether the work went past the limit of
    /// [`CanonicalArena::limit_work`].
    pub fn work_limit_reached(&self) -> bool {
        self.work > self.work_limit
    }

    /// [`SolveError::BudgetExceeded`] (or [`SolveError::TimeLimit`]) if the
    /// arena and `extra` entries kept elsewhere for the same computation
    /// reach the budget.
    ///
    /// # Errors
    ///
    /// As [`Budget::check_positions`].
    pub fn charge_with(&self, extra: u64) -> Result<(), SolveError> {
        self.budget.check_positions(self.stored() + extra)
    }

    fn push(&mut self, node: Node) -> Result<GameId, SolveError> {
        self.charge()?;
        let id = GameId(
            u32::try_from(self.nodes.len())
                .ok()
                .filter(|&id| id <= comparisons::MAX_ID)
                .ok_or(SolveError::BudgetExceeded {
                    limit: self.budget.max_positions,
                })?,
        );
        let stops = self.stops_of(&node);
        self.nodes.push(node);
        self.node_stops.push(stops);
        Ok(id)
    }

    /// The stops of a node about to be stored: a number (plus a nimber) is
    /// its own stops; otherwise `LS(G) = max RS(G^L)` and
    /// `RS(G) = min LS(G^R)` over its options, which are stored already.
    fn stops_of(&self, node: &Node) -> (Dyadic, Dyadic) {
        match node {
            Node::Number(x) | Node::Nimbered(x, _) => (x.clone(), x.clone()),
            Node::General(l, r) => {
                let left = l.iter().map(|&gl| &self.node_stops[gl.0 as usize].1).max();
                let right = r.iter().map(|&gr| &self.node_stops[gr.0 as usize].0).min();
                // A general canonical form has options on both sides (one
                // with none is an integer); be total anyway.
                match (left, right) {
                    (Some(a), Some(b)) => (a.clone(), b.clone()),
                    (Some(a), None) => (a.clone(), a.clone()),
                    (None, Some(b)) => (b.clone(), b.clone()),
                    (None, None) => (Dyadic::ZERO, Dyadic::ZERO),
                }
            }
        }
    }

    fn enter(&mut self) -> Result<(), SolveError> {
        if self.depth >= MAX_DEPTH {
            return Err(SolveError::unsupported(format!(
                "the game is too deep for canonical forms (more than {MAX_DEPTH} levels of options)"
            )));
        }
        self.depth += 1;
        Ok(())
    }

    fn node(&self, g: GameId) -> &Node {
        &self.nodes[g.0 as usize]
    }

    /// The number `x`.
    ///
    /// # Errors
    ///
    /// [`SolveError::BudgetExceeded`] when the arena is full.
    pub fn number(&mut self, x: Dyadic) -> Result<GameId, SolveError> {
        if let Some(&g) = self.numbers.get(&x) {
            return Ok(g);
        }
        let g = self.push(Node::Number(x.clone()))?;
        self.numbers.insert(x, g);
        Ok(g)
    }

    /// The integer `n`.
    ///
    /// # Errors
    ///
    /// As [`CanonicalArena::number`].
    pub fn integer(&mut self, n: i64) -> Result<GameId, SolveError> {
        self.number(Dyadic::integer(n))
    }

    /// The number `x` plus the nimber `*n`.
    ///
    /// # Errors
    ///
    /// As [`CanonicalArena::number`].
    pub fn number_plus_nimber(&mut self, x: Dyadic, n: u64) -> Result<GameId, SolveError> {
        if n == 0 {
            return self.number(x);
        }
        let key = (x, n);
        if let Some(&g) = self.nimbered.get(&key) {
            return Ok(g);
        }
        let g = self.push(Node::Nimbered(key.0.clone(), n))?;
        self.nimbered.insert(key, g);
        Ok(g)
    }

    /// The nimber `*n` (the value of an impartial game of Grundy value `n`).
    ///
    /// # Errors
    ///
    /// As [`CanonicalArena::number`].
    pub fn nimber(&mut self, n: u64) -> Result<GameId, SolveError> {
        self.number_plus_nimber(Dyadic::ZERO, n)
    }

    /// The value of `g` if it is a number.
    pub fn as_number(&self, g: GameId) -> Option<Dyadic> {
        match self.node(g) {
            Node::Number(x) => Some(x.clone()),
            _ => None,
        }
    }

    /// The value of `g` as a number plus a nimber `x + *n` (`n` may be 0),
    /// if it is one.
    pub fn as_number_plus_nimber(&self, g: GameId) -> Option<(Dyadic, u64)> {
        match self.node(g) {
            Node::Number(x) => Some((x.clone(), 0)),
            Node::Nimbered(x, n) => Some((x.clone(), *n)),
            Node::General(..) => None,
        }
    }

    /// Left's options of the canonical form of `g`.
    ///
    /// # Errors
    ///
    /// [`SolveError::BudgetExceeded`] when they do not fit the budget
    /// (`*n` has `n` options).
    pub fn left_options(&mut self, g: GameId) -> Result<Vec<GameId>, SolveError> {
        self.options(g, Player::Left)
    }

    /// Right's options of the canonical form of `g`; see
    /// [`CanonicalArena::left_options`].
    ///
    /// # Errors
    ///
    /// As [`CanonicalArena::left_options`].
    pub fn right_options(&mut self, g: GameId) -> Result<Vec<GameId>, SolveError> {
        self.options(g, Player::Right)
    }

    fn options(&mut self, g: GameId, player: Player) -> Result<Vec<GameId>, SolveError> {
        Ok(self.shared_options(g, player)?.to_vec())
    }

    /// The options of `g` for `player`, shared with the arena for general
    /// forms (no copy), made on demand for numbers and nimbers.
    fn shared_options(&mut self, g: GameId, player: Player) -> Result<Arc<[GameId]>, SolveError> {
        match self.node(g) {
            Node::General(l, r) => Ok(Arc::clone(if player == Player::Left { l } else { r })),
            Node::Number(x) => {
                let (l, r) = x.options();
                let o = if player == Player::Left { l } else { r };
                o.map(|y| self.number(y)).into_iter().collect()
            }
            &Node::Nimbered(ref x, n) => {
                let x = x.clone();
                if n >= self.budget.max_positions {
                    return Err(SolveError::BudgetExceeded {
                        limit: self.budget.max_positions,
                    });
                }
                if let Some(options) = self.nimbered_options.get(&g) {
                    return Ok(Arc::clone(options));
                }
                let options: Arc<[GameId]> = (0..n)
                    .map(|k| self.number_plus_nimber(x.clone(), k))
                    .collect::<Result<_, _>>()?;
                self.nimbered_listed += options.len();
                self.nimbered_options.insert(g, Arc::clone(&options));
                Ok(options)
            }
        }
    }

    /// Whether `g <= h`: no Left option of `g` is `>= h` and no Right
    /// option of `h` is `<= g` (with the shortcuts for numbers of the module
    /// documentation).
    ///
    /// # Errors
    ///
    /// [`SolveError::BudgetExceeded`] when the memo outgrows the budget;
    /// [`SolveError::Unsupported`] beyond [`MAX_DEPTH`].
    pub fn le(&mut self, g: GameId, h: GameId) -> Result<bool, SolveError> {
        if g == h {
            return Ok(true);
        }
        match (self.node(g), self.node(h)) {
            (Node::Number(x), Node::Number(y)) => return Ok(x <= y),
            (Node::Number(x), Node::Nimbered(y, _)) | (Node::Nimbered(x, _), Node::Number(y)) => {
                return Ok(x < y);
            }
            (Node::Nimbered(x, n), Node::Nimbered(y, m)) => {
                // x*n - y*m = (x - y)*(n xor m).
                return Ok(if n == m { x <= y } else { x < y });
            }
            _ => {}
        }
        // Stops are monotone (G <= H gives LS(G) <= LS(H) and
        // RS(G) <= RS(H)), and LS(G - H) <= LS(G) - RS(H), while a game of
        // negative Left stop is negative (Siegel, *Combinatorial Game
        // Theory*, II.3): so the stops alone often settle the question.
        let ((g_left, g_right), (h_left, h_right)) = (
            &self.node_stops[g.0 as usize],
            &self.node_stops[h.0 as usize],
        );
        if g_left > h_left || g_right > h_right {
            return Ok(false);
        }
        if g_left < h_right {
            return Ok(true);
        }
        if let Some(b) = self.le_memo.get(g.0, h.0) {
            return Ok(b);
        }
        self.enter()?;
        let result = self.le_by_options(g, h);
        self.depth -= 1;
        let result = result?;
        self.charge()?;
        self.le_memo.insert(g.0, h.0, result);
        Ok(result)
    }

    fn le_by_options(&mut self, g: GameId, h: GameId) -> Result<bool, SolveError> {
        // A number against a game not equal to a number: only one side's
        // options matter (number avoidance).
        let g_is_number = matches!(self.node(g), Node::Number(_));
        let h_is_number = matches!(self.node(h), Node::Number(_));
        if !h_is_number {
            for &hr in self.shared_options(h, Player::Right)?.iter() {
                if self.le(hr, g)? {
                    return Ok(false);
                }
            }
        }
        if !g_is_number {
            for &gl in self.shared_options(g, Player::Left)?.iter() {
                if self.le(h, gl)? {
                    return Ok(false);
                }
            }
        }
        Ok(true)
    }

    /// Whether `g >= h`.
    ///
    /// # Errors
    ///
    /// As [`CanonicalArena::le`].
    pub fn ge(&mut self, g: GameId, h: GameId) -> Result<bool, SolveError> {
        self.le(h, g)
    }

    /// The outcome class of `g`: `L` if `g > 0`, `R` if `g < 0`, `P` if
    /// `g = 0`, `N` if `g` is confused with 0.
    ///
    /// # Errors
    ///
    /// As [`CanonicalArena::le`].
    pub fn outcome(&mut self, g: GameId) -> Result<Outcome, SolveError> {
        let zero = self.zero();
        // Left wins moving first iff g is not <= 0; Right iff not >= 0.
        let left_starting = !self.le(g, zero)?;
        let right_starting = !self.le(zero, g)?;
        Ok(Outcome::from_partizan(left_starting, right_starting))
    }

    /// `-g`.
    ///
    /// # Errors
    ///
    /// As [`CanonicalArena::add`].
    pub fn neg(&mut self, g: GameId) -> Result<GameId, SolveError> {
        match self.node(g).clone() {
            Node::Number(x) => self.number(x.checked_neg()?),
            Node::Nimbered(x, n) => self.number_plus_nimber(x.checked_neg()?, n),
            Node::General(l, r) => {
                if let Some(&n) = self.neg_memo.get(&g) {
                    return Ok(n);
                }
                self.enter()?;
                let result = (|| -> Result<GameId, SolveError> {
                    let nl = r
                        .iter()
                        .map(|&x| self.neg(x))
                        .collect::<Result<Vec<_>, _>>()?;
                    let nr = l
                        .iter()
                        .map(|&x| self.neg(x))
                        .collect::<Result<Vec<_>, _>>()?;
                    self.intern_general(nl, nr)
                })();
                self.depth -= 1;
                let n = result?;
                self.charge()?;
                self.neg_memo.insert(g, n);
                Ok(n)
            }
        }
    }

    /// `g + h`, canonical.
    ///
    /// # Errors
    ///
    /// [`SolveError::BudgetExceeded`] when the arena or memo outgrows the
    /// budget; [`SolveError::Unsupported`] for a number out of the exact
    /// range or beyond [`MAX_DEPTH`].
    pub fn add(&mut self, g: GameId, h: GameId) -> Result<GameId, SolveError> {
        let zero = self.zero();
        if g == zero {
            return Ok(h);
        }
        if h == zero {
            return Ok(g);
        }
        if let (Some((x, n)), Some((y, m))) =
            (self.as_number_plus_nimber(g), self.as_number_plus_nimber(h))
        {
            return self.number_plus_nimber(x.checked_add(y)?, n ^ m);
        }
        let key = if g <= h { (g, h) } else { (h, g) };
        if let Some(&s) = self.sum_memo.get(&key) {
            return Ok(s);
        }
        self.enter()?;
        let result = self.add_by_options(g, h);
        self.depth -= 1;
        let s = result?;
        self.charge()?;
        self.sum_memo.insert(key, s);
        Ok(s)
    }

    fn add_by_options(&mut self, g: GameId, h: GameId) -> Result<GameId, SolveError> {
        // Number translation: x + G = {x + G^L | x + G^R}, already canonical.
        let (g, h) = if self.as_number(h).is_some() {
            (h, g)
        } else {
            (g, h)
        };
        if self.as_number(g).is_some() {
            let (hl, hr) = (self.left_options(h)?, self.right_options(h)?);
            let l = hl
                .into_iter()
                .map(|x| self.add(g, x))
                .collect::<Result<Vec<_>, _>>()?;
            let r = hr
                .into_iter()
                .map(|x| self.add(g, x))
                .collect::<Result<Vec<_>, _>>()?;
            return self.intern_general(l, r);
        }
        let mut l = Vec::new();
        let mut r = Vec::new();
        for x in self.left_options(g)? {
            l.push(self.add(x, h)?);
        }
        for x in self.left_options(h)? {
            l.push(self.add(g, x)?);
        }
        for x in self.right_options(g)? {
            r.push(self.add(x, h)?);
        }
        for x in self.right_options(h)? {
            r.push(self.add(g, x)?);
        }
        self.form(&l, &r)
    }

    /// `g - h`.
    ///
    /// # Errors
    ///
    /// As [`CanonicalArena::add`].
    pub fn sub(&mut self, g: GameId, h: GameId) -> Result<GameId, SolveError> {
        let minus_h = self.neg(h)?;
        self.add(g, minus_h)
    }

    /// The canonical form of the game `{left | right}` whose options are
    /// the (canonical) games `left` and `right`: dominated options deleted,
    /// reversible options bypassed, numbers recognised.
    ///
    /// # Errors
    ///
    /// As [`CanonicalArena::add`].
    pub fn form(&mut self, left: &[GameId], right: &[GameId]) -> Result<GameId, SolveError> {
        self.enter()?;
        let result = self.canonicalise(left, right);
        self.depth -= 1;
        result
    }

    fn canonicalise(&mut self, left: &[GameId], right: &[GameId]) -> Result<GameId, SolveError> {
        if let Some(x) = self.simplest_number(left, right)? {
            return self.number(x);
        }
        let original = Form { left, right };
        // Comparisons of stored games with `original`, which keeps its value
        // while its options are simplified.
        let mut memo: FxHashMap<(GameId, Player), bool> = FxHashMap::default();
        let mut l = sorted(left.to_vec());
        let mut r = sorted(right.to_vec());
        loop {
            l = self.undominated(l, Player::Left)?;
            r = self.undominated(r, Player::Right)?;
            let mut changed = false;
            let new_l =
                self.bypass_reversible(&l, Player::Left, &original, &mut memo, &mut changed)?;
            let new_r =
                self.bypass_reversible(&r, Player::Right, &original, &mut memo, &mut changed)?;
            l = sorted(new_l);
            r = sorted(new_r);
            if !changed {
                break;
            }
        }
        self.intern_canonical(l, r)
    }

    /// By the simplicity theorem, the number `{left | right}` is when every
    /// option is a number and Left's are all below Right's; `None`
    /// otherwise.
    fn simplest_number(
        &self,
        left: &[GameId],
        right: &[GameId],
    ) -> Result<Option<Dyadic>, SolveError> {
        let numbers = |ids: &[GameId]| ids.iter().map(|&g| self.as_number(g)).collect();
        let (Some(l), Some(r)): (Option<Vec<Dyadic>>, Option<Vec<Dyadic>>) =
            (numbers(left), numbers(right))
        else {
            return Ok(None);
        };
        let lo = l.into_iter().max();
        let hi = r.into_iter().min();
        if let (Some(a), Some(b)) = (&lo, &hi)
            && a >= b
        {
            return Ok(None);
        }
        Ok(Some(simplest_between(lo, hi)?))
    }

    /// The options of `options` not dominated for `player` (Left keeps the
    /// maximal ones, Right the minimal ones).
    fn undominated(
        &mut self,
        options: Vec<GameId>,
        player: Player,
    ) -> Result<Vec<GameId>, SolveError> {
        let mut keep = Vec::with_capacity(options.len());
        'options: for (i, &x) in options.iter().enumerate() {
            for (j, &y) in options.iter().enumerate() {
                if i == j {
                    continue;
                }
                let dominated = match player {
                    Player::Left => self.le(x, y)?,
                    Player::Right => self.le(y, x)?,
                };
                // Equal options are the same id and were merged by `sorted`.
                if dominated {
                    continue 'options;
                }
            }
            keep.push(x);
        }
        Ok(keep)
    }

    /// `player`'s options of the form `original` with each reversible one
    /// bypassed: Left's `G^L` is reversible through a `G^LR <= G`, and is
    /// replaced by the Left options of `G^LR` (the same with the players
    /// exchanged for Right); `changed` is set if one was.
    fn bypass_reversible(
        &mut self,
        options: &[GameId],
        player: Player,
        original: &Form<'_>,
        memo: &mut FxHashMap<(GameId, Player), bool>,
        changed: &mut bool,
    ) -> Result<Vec<GameId>, SolveError> {
        let mut kept = Vec::with_capacity(options.len());
        for &g in options {
            match self.reversal(g, player, original, memo)? {
                Some(reply) => {
                    kept.extend(self.options(reply, player)?);
                    *changed = true;
                }
                None => kept.push(g),
            }
        }
        Ok(kept)
    }

    /// The first option of `player`'s option `g` of the form `original`
    /// through which `g` reverses: for Left's `G^L`, its first Right
    /// option `G^LR <= G`; for Right's `G^R`, its first Left option
    /// `G^RL >= G`; `None` when `g` is not reversible.
    fn reversal(
        &mut self,
        g: GameId,
        player: Player,
        original: &Form<'_>,
        memo: &mut FxHashMap<(GameId, Player), bool>,
    ) -> Result<Option<GameId>, SolveError> {
        let other = match player {
            Player::Left => Player::Right,
            Player::Right => Player::Left,
        };
        for &reply in self.shared_options(g, other)?.iter() {
            // `reply <= G` for Left's options, `G <= reply` for Right's.
            if self.form_compare(reply, player, original, memo)? {
                return Ok(Some(reply));
            }
        }
        Ok(None)
    }

    /// For each option of the game `{left | right}` (canonical games, as
    /// given, dominated ones too), the option of it through which it
    /// reverses, or `None`: Left's `G^L` reverses through its first
    /// `G^LR <= G`, Right's `G^R` through its first `G^RL >= G`. The test
    /// [`CanonicalArena::form`] makes when it bypasses reversible options.
    ///
    /// # Errors
    ///
    /// As [`CanonicalArena::form`].
    pub fn reversals(
        &mut self,
        left: &[GameId],
        right: &[GameId],
    ) -> Result<[Vec<Option<GameId>>; 2], SolveError> {
        let original = Form { left, right };
        let mut memo: FxHashMap<(GameId, Player), bool> = FxHashMap::default();
        let mut sides = [
            Vec::with_capacity(left.len()),
            Vec::with_capacity(right.len()),
        ];
        for (k, (options, player)) in [(left, Player::Left), (right, Player::Right)]
            .into_iter()
            .enumerate()
        {
            for &g in options {
                self.enter()?;
                let through = self.reversal(g, player, &original, &mut memo);
                self.depth -= 1;
                sides[k].push(through?);
            }
        }
        Ok(sides)
    }

    /// Whether the stored `h` and the form `G` compare as `h <= G` (if
    /// `below` is Left: `h` is on Left's side of `G`) or `G <= h` (if it
    /// is Right). `h <= G` unless some `G^R <= h` or some `G <= h^L`, and
    /// `G <= h` unless some `h <= G^L` or some `h^R <= G`: the one test
    /// with the players exchanged.
    fn form_compare(
        &mut self,
        h: GameId,
        below: Player,
        form: &Form<'_>,
        memo: &mut FxHashMap<(GameId, Player), bool>,
    ) -> Result<bool, SolveError> {
        if let Some(&b) = memo.get(&(h, below)) {
            return Ok(b);
        }
        self.enter()?;
        let result = (|| -> Result<bool, SolveError> {
            let (form_options, other) = match below {
                Player::Left => (form.right, Player::Right),
                Player::Right => (form.left, Player::Left),
            };
            for &g in form_options {
                let refuted = match below {
                    Player::Left => self.le(g, h)?,
                    Player::Right => self.le(h, g)?,
                };
                if refuted {
                    return Ok(false);
                }
            }
            for &option in self.shared_options(h, below)?.iter() {
                if self.form_compare(option, other, form, memo)? {
                    return Ok(false);
                }
            }
            Ok(true)
        })();
        self.depth -= 1;
        let b = result?;
        memo.insert((h, below), b);
        Ok(b)
    }

    /// Stores a canonical form given by its options, as a number, a number
    /// plus a nimber, or a general form, whichever it is.
    fn intern_canonical(&mut self, l: Vec<GameId>, r: Vec<GameId>) -> Result<GameId, SolveError> {
        if let Some(x) = self.simplest_number(&l, &r)? {
            return self.number(x);
        }
        if l == r && !l.is_empty() {
            // x + *n has the options x + *k, k < n, for both players.
            let parts: Option<Vec<(Dyadic, u64)>> =
                l.iter().map(|&g| self.as_number_plus_nimber(g)).collect();
            if let Some(parts) = parts {
                let x = parts[0].0.clone();
                let mut stars: Vec<u64> = parts.iter().map(|p| p.1).collect();
                stars.sort_unstable();
                if parts.iter().all(|p| p.0 == x)
                    && stars.iter().enumerate().all(|(k, &s)| s == k as u64)
                {
                    return self.number_plus_nimber(x, stars.len() as u64);
                }
            }
        }
        self.intern_general(l, r)
    }

    /// Stores a canonical form known not to be a number or a number plus a
    /// nimber.
    fn intern_general(&mut self, l: Vec<GameId>, r: Vec<GameId>) -> Result<GameId, SolveError> {
        let key: OptionLists = (sorted(l).into(), sorted(r).into());
        if let Some(&g) = self.general.get(&key) {
            return Ok(g);
        }
        let g = self.push(Node::General(key.0.clone(), key.1.clone()))?;
        self.general.insert(key, g);
        Ok(g)
    }

    /// `(Left stop, Right stop)` of `g`: the numbers play settles on when
    /// Left, or Right, moves first and both stop as soon as the position
    /// is a number (Siegel, *Combinatorial Game Theory*, II.3): a number is
    /// its own stops, `LS(G) = max RS(G^L)` and `RS(G) = min LS(G^R)`
    /// otherwise. Memoised in the arena.
    ///
    /// # Errors
    ///
    /// [`SolveError::Unsupported`] for a game deeper than [`MAX_DEPTH`],
    /// budget errors as [`CanonicalArena::add`].
    pub fn stops(&mut self, g: GameId) -> Result<(Dyadic, Dyadic), SolveError> {
        Ok(self.node_stops[g.0 as usize].clone())
    }

    /// If `g` is `x + n·^ + *m` (`n != 0`), or `x` plus
    /// `±^<n>` or `±^[n]` (`2 <= n <= 12`) plus `*m` (`m < 16`), those:
    /// the uptimals CGSuite prints without braces.
    pub(crate) fn as_uptimal_named(
        &mut self,
        g: GameId,
    ) -> Result<Option<(Dyadic, Uptimal, u64)>, SolveError> {
        let (a, b) = self.stops(g)?;
        if a != b {
            return Ok(None);
        }
        let minus_x = self.number(a.checked_neg()?)?;
        let d = self.add(g, minus_x)?;
        if let Some((n, m)) = self.as_up_multiple(d) {
            return Ok(Some((a, Uptimal::Ups(n), m)));
        }
        // Every subposition of the up powers plus *m has stops 0 and 0: a
        // game with another stop anywhere is none of them, and their
        // table is not built for it.
        if !self.hereditarily_stopped_at_zero(d) {
            return Ok(None);
        }
        // The table goes as far as the game is old (`^[n]` and `^<n>` are
        // born on day n + 1): `^[300]` prints as itself, not as 288 braces
        // around `^[12]` that the reader, 200 levels deep at most, refuses.
        if self.powers_to < MAX_DEPTH as u64 {
            let want = self.birthday(d)?.clamp(POWER_LIMIT, MAX_DEPTH as u64);
            if want > self.powers_to {
                self.add_powers(want)?;
            }
        }
        Ok(self
            .powers
            .get(&d)
            .map(|&(n, is_sum, m)| (a, Uptimal::Power { n, is_sum }, m)))
    }

    /// Whether every subposition of `g` (itself included) has stops 0
    /// and 0, by an explicit walk of its forms.
    fn hereditarily_stopped_at_zero(&self, g: GameId) -> bool {
        let mut seen = rustc_hash::FxHashSet::default();
        let mut stack = vec![g];
        while let Some(h) = stack.pop() {
            if !seen.insert(h) {
                continue;
            }
            let (l, r) = &self.node_stops[h.0 as usize];
            if *l != Dyadic::ZERO || *r != Dyadic::ZERO {
                return false;
            }
            if let Node::General(left, right) = self.node(h) {
                stack.extend(left.iter().chain(right.iter()));
            }
        }
        true
    }

    /// If `d` is `n·^ + *m` with `n != 0`, those. Its canonical form is a
    /// chain (CGSuite's `constructNus`): for `n > 0`, `n·^ + *m` is
    /// `{0 | (n-1)·^ + *(m^1)}`, except `^* = {0, * | 0}`, down to a
    /// nimber `*j`, `j >= 1`, at the foot; and the negative for `n < 0`.
    /// Canonical forms being unique, `d` has that shape exactly when it
    /// is that game, so a walk down the chain decides it for every `n`.
    pub(crate) fn as_up_multiple(&self, d: GameId) -> Option<(i64, u64)> {
        [1, -1].into_iter().find_map(|sign| self.up_chain(d, sign))
    }

    /// The walk of [`CanonicalArena::as_up_multiple`] for ups (`sign`
    /// 1) or downs (-1).
    fn up_chain(&self, d: GameId, sign: i64) -> Option<(i64, u64)> {
        let zero = self.zero();
        let star = self.nimbered.get(&(Dyadic::ZERO, 1)).copied();
        let mut levels: i64 = 0;
        let mut at = d;
        let foot = loop {
            let (l, r) = match self.node(at) {
                Node::General(l, r) => (l, r),
                Node::Nimbered(x, j) if *x == Dyadic::ZERO && levels > 0 => break *j,
                _ => return None,
            };
            let (near, far) = if sign > 0 { (l, r) } else { (r, l) };
            match (&near[..], &far[..]) {
                ([z], [next]) if *z == zero => {
                    levels += 1;
                    at = *next;
                }
                // ^* = {0, * | 0}, or v* = {0 | 0, *}: one level over *0
                // (ids are sorted, and 0 is the first).
                ([z, s], [w]) if *z == zero && Some(*s) == star && *w == zero => {
                    levels += 1;
                    break 0;
                }
                _ => return None,
            }
        };
        // Level i carries *(m ^ (n & 1) ^ (i & 1)), so the foot, level 0,
        // carries *(m ^ (n & 1)).
        Some((sign * levels, foot ^ u64::from(levels & 1 == 1)))
    }

    /// The display table of the up powers `±^<n>` and `±^[n]` plus `*m`,
    /// extended to `n <= to`.
    fn add_powers(&mut self, to: u64) -> Result<(), SolveError> {
        let zero = self.zero();
        let star = self.nimber(1)?;
        let up = self.form(&[zero], &[star])?;
        // ^[n] = {^[n-1] | *} and ^<n> = {0 | * - ^[n-1]} (CGSuite's
        // `PowTo` and `Pow` of ^; module `algebra`).
        let mut sum = up;
        for _ in 2..=self.powers_to {
            sum = self.form(&[sum], &[star])?;
        }
        for n in self.powers_to.max(1) + 1..=to {
            let minus_sum = self.neg(sum)?;
            let down_star = self.add(minus_sum, star)?;
            let power = self.form(&[zero], &[down_star])?;
            sum = self.form(&[sum], &[star])?;
            let signed = i64::try_from(n).expect("a small power");
            for (game, is_sum) in [(power, false), (sum, true)] {
                let negative = self.neg(game)?;
                for (h, sign) in [(game, 1), (negative, -1)] {
                    for m in 0..STAR_LIMIT {
                        let s = self.nimber(m)?;
                        let u = self.add(h, s)?;
                        self.powers.entry(u).or_insert((sign * signed, is_sum, m));
                    }
                }
            }
            self.powers_to = n;
        }
        Ok(())
    }

    /// If `g` is `x + Tiny(G)` or `x + Miny(G)` in CGSuite's sense (`{x ||
    /// x | x - G}` with the mean of `x - G` below `x`, or its negative
    /// form), whether it is Tiny, `x` and `G`.
    fn as_tiny(&mut self, g: GameId) -> Result<Option<(bool, Dyadic, GameId)>, SolveError> {
        let Node::General(l, r) = self.node(g).clone() else {
            return Ok(None);
        };
        let ([a], [b]) = (&*l, &*r) else {
            return Ok(None);
        };
        for (is_tiny, number, other) in [(true, *a, *b), (false, *b, *a)] {
            let Some(x) = self.as_number(number) else {
                continue;
            };
            let Node::General(ol, or) = self.node(other).clone() else {
                continue;
            };
            let ([p], [q]) = (&*ol, &*or) else {
                continue;
            };
            let (near, far) = if is_tiny { (*p, *q) } else { (*q, *p) };
            if near != number {
                continue;
            }
            // CGSuite asks the mean of the far option to lie beyond x.
            let (ls, rs) = self.stops(far)?;
            let beyond = if is_tiny {
                if ls < x {
                    true
                } else if rs >= x {
                    false
                } else {
                    crate::thermograph::Thermography::new()
                        .thermograph(self, far)?
                        .mean
                        < x
                }
            } else if rs > x {
                true
            } else if ls <= x {
                false
            } else {
                crate::thermograph::Thermography::new()
                    .thermograph(self, far)?
                    .mean
                    > x
            };
            if beyond {
                let subscript = if is_tiny {
                    self.sub(number, far)?
                } else {
                    self.sub(far, number)?
                };
                return Ok(Some((is_tiny, x, subscript)));
            }
        }
        Ok(None)
    }

    /// The birthday of `g`: the day its canonical form is born, `0` for
    /// `0`, one more than the latest of its options otherwise. Closed forms
    /// for numbers (`n` for an integer `±n`; `floor(|x|) + 1 + k` for
    /// `x = m/2^k`, `m` odd) and for `x + *n` (the birthday of `x` plus
    /// `n`), so neither costs a chain of options.
    ///
    /// # Errors
    ///
    /// [`SolveError::Unsupported`] for a game deeper than [`MAX_DEPTH`].
    pub fn birthday(&mut self, g: GameId) -> Result<u64, SolveError> {
        let mut memo = FxHashMap::default();
        self.birthday_within(g, &mut memo)
    }

    fn birthday_within(
        &mut self,
        g: GameId,
        memo: &mut FxHashMap<GameId, u64>,
    ) -> Result<u64, SolveError> {
        fn of_number(x: &Dyadic) -> Result<u64, SolveError> {
            x.birthday().ok_or_else(|| {
                SolveError::unsupported(format!("the birthday of {x} is beyond 2^64"))
            })
        }
        if let Some(&b) = memo.get(&g) {
            return Ok(b);
        }
        let b = match self.node(g).clone() {
            Node::Number(x) => of_number(&x)?,
            Node::Nimbered(x, n) => of_number(&x)?.saturating_add(n),
            Node::General(l, r) => {
                self.enter()?;
                let result = (|| -> Result<u64, SolveError> {
                    let mut latest = 0;
                    for &o in l.iter().chain(r.iter()) {
                        latest = latest.max(self.birthday_within(o, memo)?);
                    }
                    Ok(latest.saturating_add(1))
                })();
                self.depth -= 1;
                result?
            }
        };
        memo.insert(g, b);
        Ok(b)
    }

    /// `g` in the notation of the module documentation.
    ///
    /// The text of a canonical form can be exponentially longer than the
    /// form itself (options are shared in the arena but written out in
    /// full); [`CanonicalArena::display_at_most`] bounds it.
    ///
    /// # Errors
    ///
    /// As [`CanonicalArena::add`] (recognising ups may add games).
    pub fn display(&mut self, g: GameId) -> Result<String, SolveError> {
        let mut memo = DisplayMemo::default();
        Ok(self
            .display_within(g, usize::MAX, &mut memo)?
            .expect("no limit"))
    }

    /// `g` in the notation of the module documentation if that takes at
    /// most `max_chars` characters; `None` otherwise. Each distinct
    /// subgame is written once, so the cost is at most the number of
    /// subgames times `max_chars`.
    ///
    /// # Errors
    ///
    /// As [`CanonicalArena::display`].
    pub fn display_at_most(
        &mut self,
        g: GameId,
        max_chars: usize,
    ) -> Result<Option<String>, SolveError> {
        let mut memo = DisplayMemo::default();
        self.display_within(g, max_chars, &mut memo)
    }

    fn display_within(
        &mut self,
        g: GameId,
        max: usize,
        memo: &mut DisplayMemo,
    ) -> Result<Option<String>, SolveError> {
        fn number_part(x: Dyadic) -> String {
            if x == Dyadic::ZERO {
                String::new()
            } else {
                x.to_string()
            }
        }
        if let Some(text) = memo.texts.get(&g) {
            return Ok(text.clone());
        }
        let text = match self.node(g).clone() {
            Node::Number(x) => x.to_string(),
            Node::Nimbered(x, n) => atom_text(&x, "", n),
            Node::General(l, r) => {
                if let ([a], [b]) = (&*l, &*r)
                    && let (Some(x), Some(y)) = (self.as_number(*a), self.as_number(*b))
                    && x > Dyadic::ZERO
                    && x.checked_neg() == Ok(y)
                {
                    format!("±{x}")
                } else if self.neg(g)? == g {
                    // CGSuite's switch: a game equal to its negative is
                    // `±G` for its one Left option, in parentheses unless
                    // it is written in one piece (a number, a nimber, ups,
                    // a form or a switch), and `±{a, b}` for several (its
                    // multiple switch).
                    let Some(text) = self.display_options(&l, Player::Left, max, memo)? else {
                        memo.texts.insert(g, None);
                        return Ok(None);
                    };
                    match *l {
                        [only] if !self.is_compact(only)? => format!("±({text})"),
                        [_] => format!("±{text}"),
                        _ => format!("±{{{text}}}"),
                    }
                } else if let Some((x, named, m)) = self.as_uptimal_named(g)? {
                    let ups = match named {
                        Uptimal::Ups(n) => ups_text(n),
                        Uptimal::Power { n, is_sum } => {
                            let arrow = if n > 0 { "^" } else { "v" };
                            if is_sum {
                                format!("{arrow}[{}]", n.abs())
                            } else {
                                format!("{arrow}<{}>", n.abs())
                            }
                        }
                    };
                    atom_text(&x, &ups, m)
                } else if let Some((is_tiny, x, subscript)) = self.as_tiny(g)? {
                    let Some(sub) = self.display_within(subscript, max, memo)? else {
                        memo.texts.insert(g, None);
                        return Ok(None);
                    };
                    let word = if is_tiny { "Tiny" } else { "Miny" };
                    format!("{}{word}({sub})", number_part(x))
                } else {
                    match self.form_body(g, &l, &r, max, memo)? {
                        Some((body, _)) => format!("{{{body}}}"),
                        None => {
                            memo.texts.insert(g, None);
                            return Ok(None);
                        }
                    }
                }
            }
        };
        let text = (text.chars().count() <= max).then_some(text);
        memo.texts.insert(g, text.clone());
        Ok(text)
    }

    /// `g`'s text, and when it is written as a form in braces, the inside
    /// of the braces with its number of bars: what a loopy game's printer
    /// needs to write `g` as a lone option without its braces, as this
    /// printer writes its own.
    ///
    /// # Errors
    ///
    /// As [`CanonicalArena::display`].
    pub fn display_parts(
        &mut self,
        g: GameId,
    ) -> Result<(String, Option<(String, usize)>), SolveError> {
        let mut memo = DisplayMemo::default();
        let text = self
            .display_within(g, usize::MAX, &mut memo)?
            .expect("no limit");
        if !self.is_written_as_form(g)? {
            return Ok((text, None));
        }
        let Node::General(l, r) = self.node(g).clone() else {
            unreachable!("a form is a general node")
        };
        let body = self
            .form_body(g, &l, &r, usize::MAX, &mut memo)?
            .expect("no limit");
        Ok((text, Some(body)))
    }

    /// Whether `g` is written in one piece that needs no parentheses
    /// after `±`, as CGSuite decides: a number, a nimber, ups alone (`^`,
    /// `v3`, `^<2>`), a switch or a form in braces; not `1*`, `^*` or a
    /// Tiny.
    fn is_compact(&mut self, g: GameId) -> Result<bool, SolveError> {
        Ok(match self.node(g).clone() {
            Node::Number(_) => true,
            Node::Nimbered(x, _) => x == Dyadic::ZERO,
            Node::General(..) => {
                self.neg(g)? == g
                    || self.is_written_as_form(g)?
                    || self
                        .as_uptimal_named(g)?
                        .is_some_and(|(x, _, m)| x == Dyadic::ZERO && m == 0)
            }
        })
    }

    /// Whether `g` is written as a form in braces (not a number, a number
    /// plus a nimber, ups, or a switch `±G`).
    fn is_written_as_form(&mut self, g: GameId) -> Result<bool, SolveError> {
        if !matches!(self.node(g), Node::General(..)) || self.neg(g)? == g {
            return Ok(false);
        }
        Ok(self.as_uptimal_named(g)?.is_none() && self.as_tiny(g)?.is_none())
    }

    /// The inside of the braces of the form `g` (options `l` and `r`) in
    /// CGSuite's slash notation, and its number of bars: an option that is
    /// alone on its side and is itself a form is written without braces,
    /// and the bars between the sides outnumber the option's own
    /// (`{1|{0|-1}}` is `{1||0|-1}`); a form of `MAX_BARS` bars keeps its
    /// braces inside another. `None` if longer than `max` characters.
    fn form_body(
        &mut self,
        g: GameId,
        l: &[GameId],
        r: &[GameId],
        max: usize,
        memo: &mut DisplayMemo,
    ) -> Result<Option<(String, usize)>, SolveError> {
        if let Some(body) = memo.bodies.get(&g) {
            return Ok(body.clone());
        }
        self.enter()?;
        let result = (|| -> Result<Option<(String, usize)>, SolveError> {
            let mut sides = Vec::with_capacity(2);
            for (ids, player) in [(l, Player::Left), (r, Player::Right)] {
                if let [only] = ids
                    && self.is_written_as_form(*only)?
                {
                    let Node::General(ol, or) = self.node(*only).clone() else {
                        unreachable!("a form is a general node")
                    };
                    let Some((body, bars)) = self.form_body(*only, &ol, &or, max, memo)? else {
                        return Ok(None);
                    };
                    sides.push(if bars < MAX_BARS {
                        (body, bars + 1)
                    } else {
                        (format!("{{{body}}}"), 1)
                    });
                } else {
                    let Some(text) = self.display_options(ids, player, max, memo)? else {
                        return Ok(None);
                    };
                    sides.push((text, 1));
                }
            }
            let bars = sides[0].1.max(sides[1].1);
            let body = format!("{}{}{}", sides[0].0, "|".repeat(bars), sides[1].0);
            Ok((body.chars().count() <= max).then_some((body, bars)))
        })();
        self.depth -= 1;
        let body = result?;
        memo.bodies.insert(g, body.clone());
        Ok(body)
    }

    /// The options, numbers first (Left's from the largest, Right's from
    /// the least), then the others by their text, joined by `, `; `None`
    /// if longer than `max` characters.
    fn display_options(
        &mut self,
        ids: &[GameId],
        player: Player,
        max: usize,
        memo: &mut DisplayMemo,
    ) -> Result<Option<String>, SolveError> {
        let mut numbers: Vec<Dyadic> = ids.iter().filter_map(|&g| self.as_number(g)).collect();
        numbers.sort();
        if player == Player::Left {
            numbers.reverse();
        }
        let mut others = Vec::new();
        let mut length = 0usize;
        for &g in ids {
            if self.as_number(g).is_none() {
                let Some(text) = self.display_within(g, max, memo)? else {
                    return Ok(None);
                };
                length = length.saturating_add(text.len());
                if length > max {
                    return Ok(None);
                }
                others.push(text);
            }
        }
        others.sort();
        let all: Vec<String> = numbers
            .into_iter()
            .map(|x| x.to_string())
            .chain(others)
            .collect();
        Ok(Some(all.join(", ")))
    }
}

/// The most bars CGSuite writes between two sides (`{a||||b}`); a form
/// that needs more keeps its braces inside its parent.
const MAX_BARS: usize = 4;

/// What the printer has written: each game's text, and each form's inside
/// with its number of bars (`None`: longer than the limit).
#[derive(Default)]
struct DisplayMemo {
    texts: FxHashMap<GameId, Option<String>>,
    bodies: FxHashMap<GameId, Option<(String, usize)>>,
}

/// One component whose value is being computed from its moves.
fn sorted(mut ids: Vec<GameId>) -> Vec<GameId> {
    ids.sort_unstable();
    ids.dedup();
    ids
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Games built by forms only (no closed forms), for checking the
    /// closed forms of stops and birthdays against the definitions.
    fn naive_stops_and_birthday(a: &mut CanonicalArena, g: GameId) -> (Dyadic, Dyadic, u64) {
        let l = a.left_options(g).unwrap();
        let r = a.right_options(g).unwrap();
        let born = 1 + l
            .iter()
            .chain(&r)
            .map(|&o| naive_stops_and_birthday(a, o).2)
            .max()
            .map_or(0, |b| b);
        let born = if l.is_empty() && r.is_empty() {
            0
        } else {
            born
        };
        if let Some(x) = a.as_number(g) {
            return (x.clone(), x, born);
        }
        let ls = l
            .iter()
            .map(|&o| naive_stops_and_birthday(a, o).1)
            .max()
            .unwrap();
        let rs = r
            .iter()
            .map(|&o| naive_stops_and_birthday(a, o).0)
            .min()
            .unwrap();
        (ls, rs, born)
    }

    #[test]
    fn stops_and_birthdays_of_textbook_games() {
        // Siegel, Combinatorial Game Theory: 0 is born on day 0, 1, -1 and
        // * on day 1; 2, 1/2, ^, ±1 and *2 on day 2; 3/4 on day 3.
        let mut a = CanonicalArena::new(Budget::DEFAULT);
        let zero = a.zero();
        let star = a.nimber(1).unwrap();
        let up = a.form(&[zero], &[star]).unwrap();
        let one = a.integer(1).unwrap();
        let minus_one = a.integer(-1).unwrap();
        let pm1 = a.form(&[one], &[minus_one]).unwrap();
        let half = a.number(d(1, 1)).unwrap();
        let three_quarters = a.number(d(3, 2)).unwrap();
        let star2 = a.nimber(2).unwrap();
        let two = a.integer(2).unwrap();
        for (g, born) in [
            (zero, 0),
            (one, 1),
            (minus_one, 1),
            (star, 1),
            (two, 2),
            (half, 2),
            (up, 2),
            (pm1, 2),
            (star2, 2),
            (three_quarters, 3),
        ] {
            assert_eq!(a.birthday(g).unwrap(), born, "{}", a.display(g).unwrap());
        }
        // {2|-1} has stops 2 and -1; {1|*} has Left stop 1, Right stop 0.
        let sw = a.form(&[two], &[minus_one]).unwrap();
        assert_eq!(a.stops(sw).unwrap(), (d(2, 0), d(-1, 0)));
        let g = a.form(&[one], &[star]).unwrap();
        assert_eq!(a.stops(g).unwrap(), (d(1, 0), d(0, 0)));
        assert_eq!(a.stops(up).unwrap(), (d(0, 0), d(0, 0)));
        // *1000000 costs one node, and its birthday no chain of options.
        let big = a.nimber(1_000_000).unwrap();
        assert_eq!(a.birthday(big).unwrap(), 1_000_000);
    }

    fn d(n: i128, e: u32) -> Dyadic {
        Dyadic::new(n, e).unwrap()
    }

    /// The usual small games, built from their definitions: the arena and
    /// `[zero, one, minus_one, star, up, down]`.
    fn small() -> (CanonicalArena, [GameId; 6]) {
        let mut a = CanonicalArena::new(Budget::DEFAULT);
        let zero = a.form(&[], &[]).unwrap();
        let one = a.form(&[zero], &[]).unwrap();
        let minus_one = a.form(&[], &[zero]).unwrap();
        let star = a.form(&[zero], &[zero]).unwrap();
        let up = a.form(&[zero], &[star]).unwrap();
        let down = a.form(&[star], &[zero]).unwrap();
        (a, [zero, one, minus_one, star, up, down])
    }

    #[test]
    fn the_first_games_from_their_definitions() {
        let (mut a, [zero, one, minus_one, star, up, down]) = small();
        assert_eq!(zero, a.zero());
        assert_eq!(a.as_number(one), Some(Dyadic::integer(1)));
        assert_eq!(a.as_number(minus_one), Some(Dyadic::integer(-1)));
        assert_eq!(star, a.nimber(1).unwrap());
        let star2 = a.form(&[zero, star], &[zero, star]).unwrap();
        assert_eq!(star2, a.nimber(2).unwrap());
        let half = a.form(&[zero], &[one]).unwrap();
        assert_eq!(a.as_number(half), Some(d(1, 1)));
        let one_star = a.form(&[one], &[one]).unwrap();
        assert_eq!(
            a.as_number_plus_nimber(one_star),
            Some((Dyadic::integer(1), 1))
        );
        let pm1 = a.form(&[one], &[minus_one]).unwrap();
        for (g, text) in [
            (zero, "0"),
            (one, "1"),
            (minus_one, "-1"),
            (star, "*"),
            (star2, "*2"),
            (half, "1/2"),
            (one_star, "1*"),
            (pm1, "±1"),
            (up, "^"),
            (down, "v"),
        ] {
            assert_eq!(a.display(g).unwrap(), text);
        }
        // ^ + v = 0, * + * = 0, 1/2 + 1/2 = 1, ±1 + ±1 = 0 (G + G = 0
        // when G = -G).
        assert_eq!(a.add(up, down).unwrap(), zero);
        assert_eq!(a.neg(up).unwrap(), down);
        assert_eq!(a.add(star, star).unwrap(), zero);
        assert_eq!(a.add(half, half).unwrap(), one);
        assert_eq!(a.add(pm1, pm1).unwrap(), zero);
        // *2 + *3 = *1 (nim addition).
        let star3 = a.nimber(3).unwrap();
        assert_eq!(a.add(star2, star3).unwrap(), star);
    }

    #[test]
    fn outcome_classes_of_the_first_games() {
        let (mut a, [zero, one, minus_one, star, up, down]) = small();
        assert_eq!(a.outcome(zero).unwrap(), Outcome::P);
        assert_eq!(a.outcome(one).unwrap(), Outcome::L);
        assert_eq!(a.outcome(minus_one).unwrap(), Outcome::R);
        assert_eq!(a.outcome(star).unwrap(), Outcome::N);
        assert_eq!(a.outcome(up).unwrap(), Outcome::L);
        assert_eq!(a.outcome(down).unwrap(), Outcome::R);
        // ^* is confused with 0, but ^ + ^ + * is positive (Winning Ways,
        // ch. 7; Siegel, Combinatorial Game Theory, II.4).
        let up_star = a.add(up, star).unwrap();
        assert_eq!(a.outcome(up_star).unwrap(), Outcome::N);
        let double_up = a.add(up, up).unwrap();
        let double_up_star = a.add(double_up, star).unwrap();
        assert_eq!(a.outcome(double_up_star).unwrap(), Outcome::L);
        // ^ is infinitesimal: below every positive number.
        let quarter = a.number(d(1, 2)).unwrap();
        assert!(a.le(up, quarter).unwrap() && !a.le(quarter, up).unwrap());
        // * is confused with 0 and with ^, and below 1/4.
        assert!(!a.le(star, zero).unwrap() && !a.le(zero, star).unwrap());
        assert!(!a.le(star, up).unwrap() && !a.le(up, star).unwrap());
        assert!(a.le(star, quarter).unwrap());
    }

    #[test]
    fn ups_and_their_names() {
        let (mut a, [zero, one, _, star, up, down]) = small();
        // ^* = {0, * | 0} and v* = {0 | 0, *}.
        let up_star = a.form(&[zero, star], &[zero]).unwrap();
        assert_eq!(a.add(up, star).unwrap(), up_star);
        assert_eq!(a.display(up_star).unwrap(), "^*");
        let down_star = a.form(&[zero], &[zero, star]).unwrap();
        assert_eq!(a.add(down, star).unwrap(), down_star);
        assert_eq!(a.display(down_star).unwrap(), "v*");
        // {0 | ^} = ^ + ^ + * and {0 | ^*} = ^ + ^ (Siegel, II.4).
        let double_up = a.add(up, up).unwrap();
        let double_up_star = a.add(double_up, star).unwrap();
        assert_eq!(a.form(&[zero], &[up]).unwrap(), double_up_star);
        assert_eq!(a.form(&[zero], &[up_star]).unwrap(), double_up);
        assert_eq!(a.display(double_up).unwrap(), "^^");
        assert_eq!(a.display(double_up_star).unwrap(), "^^*");
        let triple_up = a.add(double_up, up).unwrap();
        assert_eq!(a.display(triple_up).unwrap(), "^3");
        // 1 + ^ = {1 | 1*} by number translation.
        let one_star = a.form(&[one], &[one]).unwrap();
        let one_up = a.form(&[one], &[one_star]).unwrap();
        assert_eq!(a.add(one, up).unwrap(), one_up);
        assert_eq!(a.display(one_up).unwrap(), "1^");
    }

    #[test]
    fn every_up_multiple_is_named_by_its_chain() {
        // n·^ + *m built by sums, against the walk down its canonical form,
        // past the 16 ups CGSuite's tables once stopped at in our printer.
        let (mut a, [zero, one, _, star, up, down]) = small();
        let half = a.form(&[zero], &[one]).unwrap();
        for (step, sign) in [(up, 1), (down, -1)] {
            let mut multiple = zero;
            for n in 1..=40 {
                multiple = a.add(multiple, step).unwrap();
                for m in 0..20 {
                    let s = a.nimber(m).unwrap();
                    let g = a.add(multiple, s).unwrap();
                    assert_eq!(a.as_up_multiple(g), Some((sign * n, m)), "{n} {m}");
                }
            }
        }
        // CGSuite's Uptimal.appendTo: a double arrow for two, a count past
        // two, whatever the count.
        let two = a.add(up, up).unwrap();
        let mut seventeen = zero;
        for _ in 0..17 {
            seventeen = a.add(seventeen, up).unwrap();
        }
        let star3 = a.nimber(3).unwrap();
        let cases = [
            (seventeen, "^17"),
            (a.add(seventeen, star3).unwrap(), "^17*3"),
            (a.neg(seventeen).unwrap(), "v17"),
            (a.add(two, half).unwrap(), "1/2^^"),
            (a.add(two, star).unwrap(), "^^*"),
            (a.neg(two).unwrap(), "vv"),
        ];
        for (g, text) in cases {
            assert_eq!(a.display(g).unwrap(), text);
        }
        // Not ups: a number, a nimber, ^<2> = {0 | v*}, 0.
        let down_star = a.add(down, star).unwrap();
        let power = a.form(&[zero], &[down_star]).unwrap();
        for g in [half, star, power, zero] {
            assert_eq!(a.as_up_multiple(g), None);
        }
    }

    #[test]
    fn simplicity_theorem_cases() {
        let mut a = CanonicalArena::new(Budget::DEFAULT);
        let num = |a: &mut CanonicalArena, n: i128, e: u32| a.number(d(n, e)).unwrap();
        let cases = [
            // {-1 | 3} = 0, {1/2 | 1} = 3/4, {-5/2 | -2} = -9/4,
            // {1 | 2} = 3/2, {0 | 1/2} = 1/4, {-1 |} = 0, {5/4 |} = 2,
            // {| -2} = -3, {| 1/2} = 0.
            (Some((-1, 0)), Some((3, 0)), (0, 0)),
            (Some((1, 1)), Some((1, 0)), (3, 2)),
            (Some((-5, 1)), Some((-2, 0)), (-9, 2)),
            (Some((1, 0)), Some((2, 0)), (3, 1)),
            (Some((0, 0)), Some((1, 1)), (1, 2)),
            (Some((-1, 0)), None, (0, 0)),
            (Some((5, 2)), None, (2, 0)),
            (None, Some((-2, 0)), (-3, 0)),
            (None, Some((1, 1)), (0, 0)),
        ];
        for (lo, hi, (n, e)) in cases {
            let l: Vec<GameId> = lo.map(|(n, e)| num(&mut a, n, e)).into_iter().collect();
            let r: Vec<GameId> = hi.map(|(n, e)| num(&mut a, n, e)).into_iter().collect();
            let g = a.form(&l, &r).unwrap();
            assert_eq!(a.as_number(g), Some(d(n, e)), "{lo:?} {hi:?}");
        }
    }

    #[test]
    fn dominated_and_reversible_options() {
        let (mut a, [zero, one, _, star, _, _]) = small();
        let two = a.integer(2).unwrap();
        // 0 is dominated by 1: {0, 1 |} = {1 |} = 2.
        assert_eq!(a.form(&[zero, one], &[]).unwrap(), two);
        // * reverses through 0 <= {0, * |}, and 0 has no Left options:
        // {0, * |} = {0 |} = 1.
        assert_eq!(a.form(&[zero, star], &[]).unwrap(), one);
        // {* | *} = 0: both options reverse out.
        assert_eq!(a.form(&[star], &[star]).unwrap(), zero);
    }

    #[test]
    fn switches_and_nested_forms_are_written_in_braces() {
        let (mut a, [zero, one, minus_one, star, _, _]) = small();
        let two = a.integer(2).unwrap();
        let g = a.form(&[two], &[minus_one]).unwrap();
        assert_eq!(a.display(g).unwrap(), "{2|-1}");
        let g = a.form(&[one], &[star]).unwrap();
        assert_eq!(a.display(g).unwrap(), "{1|*}");
        let inner = a.form(&[zero], &[minus_one]).unwrap();
        let g = a.form(&[one], &[inner]).unwrap();
        assert_eq!(a.display(g).unwrap(), "{1||0|-1}");
        let half = a.number(d(1, 1)).unwrap();
        let minus_half = a.number(d(-1, 1)).unwrap();
        let g = a.form(&[half], &[minus_half]).unwrap();
        assert_eq!(a.display(g).unwrap(), "±1/2");
        // ±1 + 1/2 is {3/2 | -1/2}: a switch, not symmetric.
        let pm1 = a.form(&[one], &[minus_one]).unwrap();
        let g = a.add(pm1, half).unwrap();
        assert_eq!(a.display(g).unwrap(), "{3/2|-1/2}");
    }

    #[test]
    fn numbers_past_the_small_range_are_exact() {
        assert_eq!(d(6, 3), d(3, 2));
        assert_eq!(d(1, 1).to_string(), "1/2");
        assert_eq!(d(-3, 2).to_string(), "-3/4");
        assert_eq!(d(5, 2).to_string(), "5/4");
        assert!(d(1, 2) < d(1, 1));
        assert!(d(-9, 2) < d(-2, 0));
        let max = Dyadic::integer(i64::MAX);
        let mut a = CanonicalArena::new(Budget::DEFAULT);
        let g = a.number(max.clone()).unwrap();
        let one = a.integer(1).unwrap();
        // i64::MAX + 1 = 2^63, and {2^63 |} = 2^63 + 1 by the simplicity
        // theorem; its Left option is 2^63 again.
        let past = a.add(g, one).unwrap();
        assert_eq!(a.display(past).unwrap(), "9223372036854775808");
        let next = a.form(&[past], &[]).unwrap();
        assert_eq!(a.display(next).unwrap(), "9223372036854775809");
        assert_eq!(a.left_options(next).unwrap(), [past]);
        assert_eq!(a.sub(next, past).unwrap(), one);
        // 1/2^63 = {0 | 1/2^62}, written in full.
        let tiny = a.number(d(1, 63)).unwrap();
        let zero = a.zero();
        let small = a.number(d(1, 62)).unwrap();
        assert_eq!(a.form(&[zero], &[small]).unwrap(), tiny);
        assert_eq!(a.display(tiny).unwrap(), "1/9223372036854775808");
        assert_eq!(a.birthday(tiny).unwrap(), 64);
        let star = a.nimber(1).unwrap();
        let tiny_star = a.add(tiny, star).unwrap();
        assert_eq!(a.outcome(tiny_star).unwrap(), Outcome::L);
        assert_eq!(a.display(tiny_star).unwrap(), "1/9223372036854775808*");
        // A birthday past 2^64 is an error, not a wrap-around.
        let huge = a.number(d(1 << 100, 0)).unwrap();
        assert!(matches!(
            a.birthday(huge),
            Err(SolveError::Unsupported { .. })
        ));
    }

    #[test]
    fn big_numbers_need_no_chain_of_options() {
        // 10^15 + * compared with 10^15 - 1 and sums with a switch: no
        // recursion through the integers below.
        let mut a = CanonicalArena::new(Budget::positions(1000));
        let big = a.integer(1_000_000_000_000_000).unwrap();
        let star = a.nimber(1).unwrap();
        let zero = a.zero();
        let one = a.integer(1).unwrap();
        let minus_one = a.integer(-1).unwrap();
        let pm1 = a.form(&[one], &[minus_one]).unwrap();
        let g = a.add(big, pm1).unwrap();
        let g = a.add(g, star).unwrap();
        assert_eq!(a.outcome(g).unwrap(), Outcome::L);
        let h = a.form(&[big], &[zero]).unwrap();
        assert_eq!(a.display(h).unwrap(), "{1000000000000000|0}");
        assert!(a.len() < 100);
    }

    #[test]
    fn deep_games_are_an_error_not_a_stack_overflow() {
        // n·^ = {0 | (n-1)·^ + *}: its canonical form nests n levels deep.
        // Built one level at a time the memo keeps each step shallow, but
        // negating or writing the whole form at once is too deep.
        let mut a = CanonicalArena::new(Budget::DEFAULT);
        let zero = a.zero();
        let mut g = a.nimber(1).unwrap();
        for _ in 0..2 * MAX_DEPTH {
            g = a.form(&[zero], &[g]).unwrap();
        }
        assert!(matches!(a.neg(g), Err(SolveError::Unsupported { .. })));
        assert!(matches!(a.display(g), Err(SolveError::Unsupported { .. })));
        let two = a.nimber(2).unwrap();
        assert!(matches!(a.add(g, two), Err(SolveError::Unsupported { .. })));
        // Comparisons with it may succeed (memoised levels are shallow) or
        // stop at the depth limit, but never overflow the stack.
        let g_and_two = a.form(&[g, two], &[zero]);
        assert!(matches!(
            g_and_two,
            Ok(_) | Err(SolveError::Unsupported { .. })
        ));
        // The arena is still usable afterwards (its depth count was reset).
        let star = a.nimber(1).unwrap();
        assert_eq!(a.add(star, star), Ok(zero));
    }

    #[test]
    fn budgets_hold() {
        let mut a = CanonicalArena::new(Budget::positions(20));
        let zero = a.zero();
        let mut g = zero;
        let mut result = Ok(zero);
        for _ in 0..100 {
            result = a.form(&[zero], &[g]);
            match result {
                Ok(h) => g = h,
                Err(_) => break,
            }
        }
        assert_eq!(result, Err(SolveError::BudgetExceeded { limit: 20 }));
        let mut a = CanonicalArena::new(Budget::positions(100));
        let big = a.nimber(1 << 40).unwrap();
        let up = {
            let zero = a.zero();
            let star = a.nimber(1).unwrap();
            a.form(&[zero], &[star]).unwrap()
        };
        assert_eq!(
            a.add(big, up),
            Err(SolveError::BudgetExceeded { limit: 100 })
        );
    }

    /// A game given by its options, for the brute-force checks.
    #[derive(Clone, Debug)]
    struct Tree {
        left: Vec<Tree>,
        right: Vec<Tree>,
    }

    impl Tree {
        fn neg(&self) -> Tree {
            Tree {
                left: self.right.iter().map(Tree::neg).collect(),
                right: self.left.iter().map(Tree::neg).collect(),
            }
        }

        /// Its canonical form, built from the options up.
        fn id(&self, a: &mut CanonicalArena) -> GameId {
            let l: Vec<GameId> = self.left.iter().map(|t| t.id(a)).collect();
            let r: Vec<GameId> = self.right.iter().map(|t| t.id(a)).collect();
            a.form(&l, &r).unwrap()
        }
    }

    /// Whether the player to move (Left if `left`) wins the sum of the
    /// games `parts` by playing it out: the definition, no theory.
    fn wins(parts: &[&Tree], left: bool, memo: &mut FxHashMap<(Vec<usize>, bool), bool>) -> bool {
        let key: Vec<usize> = parts.iter().map(|t| *t as *const Tree as usize).collect();
        if let Some(&w) = memo.get(&(key.clone(), left)) {
            return w;
        }
        let mut won = false;
        'parts: for (i, t) in parts.iter().enumerate() {
            let options = if left { &t.left } else { &t.right };
            for o in options {
                let mut next = parts.to_vec();
                next[i] = o;
                if !wins(&next, !left, memo) {
                    won = true;
                    break 'parts;
                }
            }
        }
        memo.insert((key, left), won);
        won
    }

    /// Games as explicit trees, identical subtrees shared (option lists
    /// kept as sets), simplified by the definitions alone: no numbers, no
    /// theorems but the two simplifications of the canonical form theorem,
    /// and comparison by playing out `G - H`.
    #[derive(Default)]
    struct Naive {
        nodes: Vec<(Vec<usize>, Vec<usize>)>,
        ids: FxHashMap<(Vec<usize>, Vec<usize>), usize>,
        /// Whether Left (`true`) or Right, moving first, wins `a + b`.
        wins: FxHashMap<(usize, usize, bool), bool>,
        negatives: FxHashMap<usize, usize>,
        simplified: FxHashMap<usize, usize>,
    }

    impl Naive {
        fn intern(&mut self, mut left: Vec<usize>, mut right: Vec<usize>) -> usize {
            left.sort_unstable();
            left.dedup();
            right.sort_unstable();
            right.dedup();
            let key = (left, right);
            if let Some(&g) = self.ids.get(&key) {
                return g;
            }
            let g = self.nodes.len();
            self.nodes.push(key.clone());
            self.ids.insert(key, g);
            g
        }

        fn of_tree(&mut self, t: &Tree) -> usize {
            let l = t.left.iter().map(|o| self.of_tree(o)).collect();
            let r = t.right.iter().map(|o| self.of_tree(o)).collect();
            self.intern(l, r)
        }

        /// The tree of the arena's canonical form of `g`, option by option.
        fn of_arena(&mut self, a: &mut CanonicalArena, g: GameId) -> usize {
            let l = a.left_options(g).unwrap();
            let r = a.right_options(g).unwrap();
            let l = l.into_iter().map(|o| self.of_arena(a, o)).collect();
            let r = r.into_iter().map(|o| self.of_arena(a, o)).collect();
            self.intern(l, r)
        }

        fn neg(&mut self, g: usize) -> usize {
            if let Some(&n) = self.negatives.get(&g) {
                return n;
            }
            let (l, r) = self.nodes[g].clone();
            let nl = r.iter().map(|&o| self.neg(o)).collect();
            let nr = l.iter().map(|&o| self.neg(o)).collect();
            let n = self.intern(nl, nr);
            self.negatives.insert(g, n);
            n
        }

        /// Whether the player to move (Left if `left`) wins `a + b` by
        /// some move after which the opponent, moving first, does not.
        fn first_wins(&mut self, a: usize, b: usize, left: bool) -> bool {
            if let Some(&w) = self.wins.get(&(a, b, left)) {
                return w;
            }
            let side = |n: &(Vec<usize>, Vec<usize>)| if left { n.0.clone() } else { n.1.clone() };
            let (a_moves, b_moves) = (side(&self.nodes[a]), side(&self.nodes[b]));
            let won = a_moves.iter().any(|&x| !self.first_wins(x, b, !left))
                || b_moves.iter().any(|&y| !self.first_wins(a, y, !left));
            self.wins.insert((a, b, left), won);
            won
        }

        /// `G <= H`: Left, moving first in `G - H`, loses.
        fn le(&mut self, g: usize, h: usize) -> bool {
            let minus_h = self.neg(h);
            !self.first_wins(g, minus_h, true)
        }

        /// `options` without those dominated for Left (`left`) or Right,
        /// and of equal ones only the first.
        fn undominated(&mut self, options: &[usize], left: bool) -> Vec<usize> {
            let mut kept = Vec::new();
            for (i, &x) in options.iter().enumerate() {
                let dominated = options.iter().enumerate().any(|(j, &y)| {
                    if i == j {
                        return false;
                    }
                    let (worse, better) = if left { (x, y) } else { (y, x) };
                    self.le(worse, better) && (j < i || !self.le(better, worse))
                });
                if !dominated {
                    kept.push(x);
                }
            }
            kept
        }

        /// The first reversible option of `options` (Left's if `left`) of
        /// the game `g`, bypassed: Left's `G^L` with a `G^LR <= G` is
        /// replaced by the Left options of `G^LR`, and the same for Right.
        fn bypassed(&mut self, options: &[usize], g: usize, left: bool) -> Option<Vec<usize>> {
            for (i, &x) in options.iter().enumerate() {
                let replies = if left {
                    self.nodes[x].1.clone()
                } else {
                    self.nodes[x].0.clone()
                };
                for reply in replies {
                    let reverses = if left {
                        self.le(reply, g)
                    } else {
                        self.le(g, reply)
                    };
                    if reverses {
                        let mut out: Vec<usize> = options[..i].to_vec();
                        out.extend_from_slice(&options[i + 1..]);
                        let (rl, rr) = self.nodes[reply].clone();
                        out.extend(if left { rl } else { rr });
                        return Some(out);
                    }
                }
            }
            None
        }

        /// The canonical form of `g`: its options simplified first, then
        /// dominated options deleted and reversible ones bypassed, one at a
        /// time, until neither is left.
        fn simplify(&mut self, g: usize) -> usize {
            if let Some(&s) = self.simplified.get(&g) {
                return s;
            }
            let (l, r) = self.nodes[g].clone();
            let mut l: Vec<usize> = l.iter().map(|&o| self.simplify(o)).collect();
            let mut r: Vec<usize> = r.iter().map(|&o| self.simplify(o)).collect();
            let s = loop {
                let current = self.intern(l.clone(), r.clone());
                let (l2, r2) = (self.undominated(&l, true), self.undominated(&r, false));
                if (l2.len(), r2.len()) != (l.len(), r.len()) {
                    (l, r) = (l2, r2);
                    continue;
                }
                if let Some(bypassed) = self.bypassed(&l, current, true) {
                    l = bypassed;
                } else if let Some(bypassed) = self.bypassed(&r, current, false) {
                    r = bypassed;
                } else {
                    break current;
                }
            };
            self.simplified.insert(g, s);
            s
        }
    }

    fn tree() -> impl Strategy<Value = Tree> {
        let leaf = Just(Tree {
            left: Vec::new(),
            right: Vec::new(),
        });
        leaf.prop_recursive(4, 64, 4, |inner| {
            (
                proptest::collection::vec(inner.clone(), 0..4),
                proptest::collection::vec(inner, 0..4),
            )
                .prop_map(|(left, right)| Tree { left, right })
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn comparison_and_equality_agree_with_play(g in tree(), h in tree()) {
            let mut a = CanonicalArena::new(Budget::DEFAULT);
            let (gi, hi) = (g.id(&mut a), h.id(&mut a));
            let minus_h = h.neg();
            let mut memo = FxHashMap::default();
            // G <= H iff Left, moving first in G - H, loses.
            let g_le_h = !wins(&[&g, &minus_h], true, &mut memo);
            let minus_g = g.neg();
            let h_le_g = !wins(&[&h, &minus_g], true, &mut memo);
            prop_assert_eq!(a.le(gi, hi).unwrap(), g_le_h);
            prop_assert_eq!(a.le(hi, gi).unwrap(), h_le_g);
            // Canonical forms are unique: equal games, equal ids.
            prop_assert_eq!(gi == hi, g_le_h && h_le_g);
            // The outcome class of G alone, by play.
            let left_starting = wins(&[&g], true, &mut memo);
            let right_starting = wins(&[&g], false, &mut memo);
            prop_assert_eq!(a.outcome(gi).unwrap(), Outcome::from_partizan(left_starting, right_starting));
        }

        #[test]
        fn stops_and_birthdays_follow_their_definitions(g in tree()) {
            let mut a = CanonicalArena::new(Budget::DEFAULT);
            let gi = g.id(&mut a);
            let (ls, rs, born) = naive_stops_and_birthday(&mut a, gi);
            prop_assert_eq!(a.stops(gi).unwrap(), (ls.clone(), rs.clone()));
            prop_assert_eq!(a.birthday(gi).unwrap(), born);
            prop_assert!(ls >= rs || a.outcome(gi).unwrap() != Outcome::N);
        }

        #[test]
        fn sums_follow_the_group_laws(g in tree(), h in tree(), k in tree()) {
            let mut a = CanonicalArena::new(Budget::DEFAULT);
            let (gi, hi, ki) = (g.id(&mut a), h.id(&mut a), k.id(&mut a));
            let zero = a.zero();
            let minus_g = a.neg(gi).unwrap();
            prop_assert_eq!(minus_g, g.neg().id(&mut a));
            prop_assert_eq!(a.add(gi, minus_g).unwrap(), zero);
            let gh = a.add(gi, hi).unwrap();
            prop_assert_eq!(gh, a.add(hi, gi).unwrap());
            let gh_k = a.add(gh, ki).unwrap();
            let hk = a.add(hi, ki).unwrap();
            prop_assert_eq!(gh_k, a.add(gi, hk).unwrap());
            // <= is a partial order compatible with +.
            prop_assert!(a.le(gi, gi).unwrap());
            if a.le(gi, hi).unwrap() && a.le(hi, ki).unwrap() {
                prop_assert!(a.le(gi, ki).unwrap());
            }
            let gk = a.add(gi, ki).unwrap();
            prop_assert_eq!(a.le(gi, hi).unwrap(), a.le(gk, hk).unwrap());
            // The sum's outcome is the outcome of playing both games.
            let mut memo = FxHashMap::default();
            let left_starting = wins(&[&g, &h], true, &mut memo);
            let right_starting = wins(&[&g, &h], false, &mut memo);
            prop_assert_eq!(a.outcome(gh).unwrap(), Outcome::from_partizan(left_starting, right_starting));
        }

        #[test]
        fn canonical_forms_equal_the_naive_simplifiers(g in tree()) {
            let mut a = CanonicalArena::new(Budget::DEFAULT);
            let gi = g.id(&mut a);
            let mut naive = Naive::default();
            let written = naive.of_tree(&g);
            let simplified = naive.simplify(written);
            let from_arena = naive.of_arena(&mut a, gi);
            // The same tree, option set by option set, all the way down.
            prop_assert_eq!(simplified, from_arena);
            // The naive simplification kept the value.
            prop_assert!(naive.le(written, simplified) && naive.le(simplified, written));
        }

        #[test]
        fn canonical_forms_are_fixed_points(g in tree()) {
            let mut a = CanonicalArena::new(Budget::DEFAULT);
            let gi = g.id(&mut a);
            let l = a.left_options(gi).unwrap();
            let r = a.right_options(gi).unwrap();
            prop_assert_eq!(a.form(&l, &r).unwrap(), gi);
            // Options of a canonical form on one side are pairwise
            // incomparable: none dominates another.
            for side in [&l, &r] {
                for (i, &x) in side.iter().enumerate() {
                    for &y in &side[i + 1..] {
                        prop_assert!(!a.le(x, y).unwrap() && !a.le(y, x).unwrap());
                    }
                }
            }
        }
    }
}
