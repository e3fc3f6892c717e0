//! Stoppers in their simplest form, sided values, sums, stops, degree and
//! variety: [`LoopyArena`].

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};

use rustc_hash::{FxHashMap, FxHasher};

use super::components::{Simplified, simplify};
use super::game::{LoopyGame, LoopyOutcome, Side, le};
use sprague_core::budget::Budget;
use sprague_core::error::SolveError;
use sprague_partizan::cgt::{CanonicalArena, Dyadic, GameId};

/// A stopper in its simplest form (Siegel, *Combinatorial Game Theory*,
/// VI.3): no dominated option, no reversible option, no two vertices
/// equal, every vertex reachable from the start (vertex 0). Two equal
/// stoppers have isomorphic simplest forms; [`LoopyArena::equal`] decides
/// equality exactly.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Stopper {
    game: LoopyGame,
}

impl Stopper {
    /// The simplest form as a graph (start 0).
    pub fn game(&self) -> &LoopyGame {
        &self.game
    }

    /// The number of positions of the simplest form (CGSuite's
    /// `FollowerCount`).
    pub fn follower_count(&self) -> u32 {
        self.game.n_vertices()
    }

    /// Whether no position can come back.
    pub fn is_loopfree(&self) -> bool {
        self.game.is_loopfree()
    }

    /// A graph that is printed as a stopper is, a stopper or not.
    pub(crate) fn graph(game: LoopyGame) -> Stopper {
        Stopper { game }
    }

    /// The follower at vertex `v`, itself in simplest form.
    pub(crate) fn follower(&self, v: u32) -> Stopper {
        Stopper {
            game: self.game.at(v).reachable(),
        }
    }
}

/// A sided value `onside & offside` (Siegel, *Combinatorial Game Theory*,
/// VI.4): the value of any loopy game, the offside at most the onside. A
/// side is a stopper in simplest form when it is equal to one; otherwise
/// (the game is not stopper-sided, as Bach's Carousel) it is a simplified
/// graph with an infinite alternating sequence, compared by the side's own
/// order. A stopper is the sided value whose sides are both itself.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SidedValue {
    onside: SideForm,
    offside: SideForm,
}

/// One side of a sided value.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum SideForm {
    /// A stopper in simplest form.
    Stopper(Stopper),
    /// A simplified graph that is not a stopper.
    General(LoopyGame),
}

impl SideForm {
    fn game(&self) -> &LoopyGame {
        match self {
            SideForm::Stopper(s) => &s.game,
            SideForm::General(g) => g,
        }
    }

    fn stopper(&self) -> Option<&Stopper> {
        match self {
            SideForm::Stopper(s) => Some(s),
            SideForm::General(_) => None,
        }
    }
}

impl SidedValue {
    /// The onside (the game played with infinite play a win for Left),
    /// when it is a stopper.
    pub fn onside(&self) -> Option<&Stopper> {
        self.onside.stopper()
    }

    /// The offside (the game played with infinite play a win for Right),
    /// when it is a stopper.
    pub fn offside(&self) -> Option<&Stopper> {
        self.offside.stopper()
    }

    /// The onside's graph, a stopper or not (start 0).
    pub fn onside_game(&self) -> &LoopyGame {
        self.onside.game()
    }

    /// The offside's graph, a stopper or not (start 0).
    pub fn offside_game(&self) -> &LoopyGame {
        self.offside.game()
    }

    /// Whether both sides are stoppers.
    pub fn is_stopper_sided(&self) -> bool {
        self.onside().is_some() && self.offside().is_some()
    }

    /// The stopper, when both sides are the same stopper.
    pub fn as_stopper(&self) -> Option<&Stopper> {
        (self.onside == self.offside)
            .then_some(self.onside())
            .flatten()
    }
}

/// A stop of a stopper (Siegel, VI.3): a number, a number over or under
/// (`x over = {x | pass}`, `x under = {pass | x}`), `on` or `off`. The order
/// is `off < x under < x < x over < y under < ... < on` for `x < y`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Pseudonumber {
    /// `off = {| pass}`.
    Off,
    /// `x under`.
    Under(Dyadic),
    /// The number `x`.
    Number(Dyadic),
    /// `x over`.
    Over(Dyadic),
    /// `on = {pass |}`.
    On,
}

impl Pseudonumber {
    fn rank(&self) -> (i8, Option<&Dyadic>, i8) {
        match self {
            Pseudonumber::Off => (0, None, 0),
            Pseudonumber::Under(x) => (1, Some(x), -1),
            Pseudonumber::Number(x) => (1, Some(x), 0),
            Pseudonumber::Over(x) => (1, Some(x), 1),
            Pseudonumber::On => (2, None, 0),
        }
    }
}

impl Ord for Pseudonumber {
    fn cmp(&self, other: &Pseudonumber) -> Ordering {
        self.rank().cmp(&other.rank())
    }
}

impl PartialOrd for Pseudonumber {
    fn partial_cmp(&self, other: &Pseudonumber) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Pseudonumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let number = |x: &Dyadic| {
            if *x == Dyadic::ZERO {
                String::new()
            } else {
                x.to_string()
            }
        };
        match self {
            Pseudonumber::Off => f.write_str("off"),
            Pseudonumber::On => f.write_str("on"),
            Pseudonumber::Number(x) => write!(f, "{x}"),
            Pseudonumber::Over(x) => write!(f, "{}over", number(x)),
            Pseudonumber::Under(x) => write!(f, "{}under", number(x)),
        }
    }
}

/// Where loopy values are computed: the canonical forms of their loop-free
/// parts, the budget every product graph is counted against, and the
/// simplest forms found so far.
///
/// # Examples
///
/// ```
/// use sprague_core::Budget; use sprague_loopy::{LoopyArena, LoopyGame};
/// let mut arena = LoopyArena::new(Budget::DEFAULT);
/// // over = {0 | pass}: vertex 0 is over, vertex 1 is 0.
/// let over = LoopyGame::new(vec![vec![1], vec![]], vec![vec![0], vec![]], 0);
/// let value = arena.value(&over).unwrap();
/// assert_eq!(arena.display(&value).unwrap(), "over");
/// ```
#[derive(Debug)]
pub struct LoopyArena {
    arena: CanonicalArena,
    budget: Budget,
    simplest: FxHashMap<LoopyGame, Stopper>,
}

impl LoopyArena {
    /// An empty arena whose work is bounded by `budget`.
    pub fn new(budget: Budget) -> LoopyArena {
        LoopyArena {
            arena: CanonicalArena::new(budget),
            budget,
            simplest: FxHashMap::default(),
        }
    }

    /// The budget.
    pub fn budget(&self) -> &Budget {
        &self.budget
    }

    /// The work of the loopy theory done on this thread so far: the states
    /// of every product game built (sums, comparisons, the
    /// simplification's products), a measure of its cost that does not
    /// depend on the machine.
    pub fn work(&self) -> u64 {
        super::game::work()
    }

    /// Refuses any product game that would take [`LoopyArena::work`] past
    /// `until` (with `BudgetExceeded` of that count), or lifts the limit
    /// (`None`). The limit is the thread's, not the arena's: lift it when
    /// done.
    pub fn limit_work(&mut self, until: Option<u64>) {
        super::game::set_work_limit(until);
    }

    /// Whether a product game was refused for the limit since it was set.
    pub fn work_limit_reached(&self) -> bool {
        super::game::work_limit_reached()
    }

    /// The canonical forms of the loop-free parts.
    pub fn canonical_arena(&mut self) -> &mut CanonicalArena {
        &mut self.arena
    }

    pub(crate) fn canonical_arena_ref(&self) -> &CanonicalArena {
        &self.arena
    }

    /// The simplest form of a stopper: dominated options deleted,
    /// reversible options bypassed, equal vertices fused (Siegel, VI.3).
    ///
    /// # Errors
    ///
    /// `Unsupported` if the game is not a stopper; the budget's errors.
    pub fn stopper(&mut self, game: &LoopyGame) -> Result<Stopper, SolveError> {
        let game = game.reachable();
        if let Some(s) = self.simplest.get(&game) {
            return Ok(s.clone());
        }
        if !game.is_stopper() {
            return Err(SolveError::unsupported(
                "not a stopper: some follower has an infinite alternating sequence of moves",
            ));
        }
        let form = match simplify(&game, Side::Stopper, &self.budget)? {
            Simplified::Stopper(g) => Stopper {
                game: canonical_numbering(&g),
            },
            Simplified::General(_) => unreachable!("a stopper simplifies to a stopper"),
        };
        self.budget
            .check_positions(self.simplest.len() as u64 + u64::from(game.n_vertices()))?;
        self.simplest.insert(game, form.clone());
        Ok(form)
    }

    /// The sided value of any loopy game: its simplest form if it is a
    /// stopper, otherwise its onside and offside, each simplified one
    /// strongly connected component at a time into a stopper when it is
    /// equal to one, and otherwise into a simplified graph that is not.
    ///
    /// # Errors
    ///
    /// `Unsupported` if the simplification of a side does not end; the
    /// budget's errors.
    pub fn value(&mut self, game: &LoopyGame) -> Result<SidedValue, SolveError> {
        let game = game.reachable();
        if game.is_stopper() {
            let s = self.stopper(&game)?;
            return Ok(self.of_stopper(&s));
        }
        let onside = self.side(&game, Side::On)?;
        let offside = self.side(&game, Side::Off)?;
        Ok(SidedValue { onside, offside })
    }

    /// The sided value `onside & offside`.
    ///
    /// # Errors
    ///
    /// `Unsupported` if the offside is not at most the onside.
    pub fn sided(&mut self, onside: Stopper, offside: Stopper) -> Result<SidedValue, SolveError> {
        self.sided_forms(SideForm::Stopper(onside), SideForm::Stopper(offside))
    }

    /// The sided value whose onside is `on`'s and offside is `off`'s (what
    /// `S & T` means).
    ///
    /// # Errors
    ///
    /// `Unsupported` if that offside is not at most that onside.
    pub fn sides_of(
        &mut self,
        on: &SidedValue,
        off: &SidedValue,
    ) -> Result<SidedValue, SolveError> {
        self.sided_forms(on.onside.clone(), off.offside.clone())
    }

    /// `offside <= onside`: Left, playing second, survives `onside -
    /// offside` (an infinite play is hers on both sides' terms).
    fn sided_forms(
        &mut self,
        onside: SideForm,
        offside: SideForm,
    ) -> Result<SidedValue, SolveError> {
        if !le(offside.game(), onside.game(), Side::Stopper, &self.budget)? {
            return Err(SolveError::unsupported(
                "the offside of a sided value must be at most its onside",
            ));
        }
        Ok(SidedValue { onside, offside })
    }

    /// The stopper as a sided value.
    pub fn of_stopper(&self, s: &Stopper) -> SidedValue {
        SidedValue {
            onside: SideForm::Stopper(s.clone()),
            offside: SideForm::Stopper(s.clone()),
        }
    }

    fn side(&mut self, game: &LoopyGame, side: Side) -> Result<SideForm, SolveError> {
        Ok(match simplify(game, side, &self.budget)? {
            Simplified::Stopper(g) => SideForm::Stopper(Stopper {
                game: canonical_numbering(&g),
            }),
            Simplified::General(g) => SideForm::General(canonical_numbering(&g)),
        })
    }

    /// A side's value of any game: the stopper if it is one, else its side.
    fn side_of_any(&mut self, game: &LoopyGame, side: Side) -> Result<SideForm, SolveError> {
        let game = game.reachable();
        if game.is_stopper() {
            return Ok(SideForm::Stopper(self.stopper(&game)?));
        }
        self.side(&game, side)
    }

    /// Whether two sides are equal in `side`'s order.
    fn equal_forms(&self, a: &SideForm, b: &SideForm, side: Side) -> Result<bool, SolveError> {
        if let (Some(x), Some(y)) = (a.stopper(), b.stopper()) {
            return self.equal(x, y);
        }
        Ok(a == b
            || (le(a.game(), b.game(), side, &self.budget)?
                && le(b.game(), a.game(), side, &self.budget)?))
    }

    /// `g <= h` for stoppers: Left, playing second, survives `h - g`.
    ///
    /// # Errors
    ///
    /// The budget's errors.
    pub fn le(&self, g: &Stopper, h: &Stopper) -> Result<bool, SolveError> {
        le(&g.game, &h.game, Side::Stopper, &self.budget)
    }

    /// Whether two stoppers are equal.
    ///
    /// # Errors
    ///
    /// The budget's errors.
    pub fn equal(&self, g: &Stopper, h: &Stopper) -> Result<bool, SolveError> {
        Ok(g == h || (self.le(g, h)? && self.le(h, g)?))
    }

    /// Whether two sided values are equal (both sides equal).
    ///
    /// # Errors
    ///
    /// The budget's errors.
    pub fn equal_sided(&self, g: &SidedValue, h: &SidedValue) -> Result<bool, SolveError> {
        Ok(self.equal_forms(&g.onside, &h.onside, Side::On)?
            && self.equal_forms(&g.offside, &h.offside, Side::Off)?)
    }

    /// `g <= h` for sided values (CGSuite's order): the onsides compared
    /// in the onsides' order and the offsides in the offsides' (for
    /// stoppers, the stoppers' order).
    ///
    /// # Errors
    ///
    /// The budget's errors.
    pub fn le_sided(&self, g: &SidedValue, h: &SidedValue) -> Result<bool, SolveError> {
        let le_forms = |a: &SideForm, b: &SideForm, side: Side| match (a.stopper(), b.stopper()) {
            (Some(x), Some(y)) => self.le(x, y),
            _ => le(a.game(), b.game(), side, &self.budget),
        };
        Ok(le_forms(&g.onside, &h.onside, Side::On)?
            && le_forms(&g.offside, &h.offside, Side::Off)?)
    }

    /// The negative of a stopper.
    ///
    /// # Errors
    ///
    /// The budget's errors.
    pub fn neg(&mut self, g: &Stopper) -> Result<Stopper, SolveError> {
        self.stopper(&g.game.negative())
    }

    /// The negative of a sided value: `-(S & T) = -T & -S`.
    ///
    /// # Errors
    ///
    /// The budget's errors.
    pub fn neg_sided(&mut self, g: &SidedValue) -> Result<SidedValue, SolveError> {
        let mut neg = |s: &SideForm| -> Result<SideForm, SolveError> {
            Ok(match s {
                SideForm::Stopper(s) => SideForm::Stopper(self.neg(s)?),
                SideForm::General(g) => SideForm::General(canonical_numbering(&g.negative())),
            })
        };
        Ok(SidedValue {
            onside: neg(&g.offside)?,
            offside: neg(&g.onside)?,
        })
    }

    /// The sum of two stoppers: a stopper when the sum is one, otherwise
    /// the sided value `(g upsum h) & (g downsum h)`.
    ///
    /// # Errors
    ///
    /// `Unsupported` as [`LoopyArena::value`]; the budget's errors.
    pub fn add(&mut self, g: &Stopper, h: &Stopper) -> Result<SidedValue, SolveError> {
        let sum = g.game.sum(&h.game, &self.budget)?;
        self.value(&sum)
    }

    /// The upsum: the onside of `g + h`.
    ///
    /// # Errors
    ///
    /// As [`LoopyArena::add`].
    pub fn upsum(&mut self, g: &Stopper, h: &Stopper) -> Result<Stopper, SolveError> {
        let sum = g.game.sum(&h.game, &self.budget)?;
        self.side_of_any(&sum, Side::On)?
            .stopper()
            .cloned()
            .ok_or_else(not_a_stopper_side)
    }

    /// The downsum: the offside of `g + h`.
    ///
    /// # Errors
    ///
    /// As [`LoopyArena::add`].
    pub fn downsum(&mut self, g: &Stopper, h: &Stopper) -> Result<Stopper, SolveError> {
        let sum = g.game.sum(&h.game, &self.budget)?;
        self.side_of_any(&sum, Side::Off)?
            .stopper()
            .cloned()
            .ok_or_else(not_a_stopper_side)
    }

    /// The sum of sided values: the upsum of the onsides and the downsum
    /// of the offsides (Siegel, VI.4).
    ///
    /// # Errors
    ///
    /// As [`LoopyArena::add`].
    pub fn add_sided(&mut self, g: &SidedValue, h: &SidedValue) -> Result<SidedValue, SolveError> {
        let on = g.onside.game().sum(h.onside.game(), &self.budget)?;
        let off = g.offside.game().sum(h.offside.game(), &self.budget)?;
        Ok(SidedValue {
            onside: self.side_of_any(&on, Side::On)?,
            offside: self.side_of_any(&off, Side::Off)?,
        })
    }

    /// The outcome class of a stopper, from comparisons with 0.
    ///
    /// # Errors
    ///
    /// The budget's errors.
    pub fn outcome(&mut self, g: &Stopper) -> Result<LoopyOutcome, SolveError> {
        self.outcome_of_side(&g.game, Side::Stopper)
    }

    fn outcome_of_side(&mut self, g: &LoopyGame, side: Side) -> Result<LoopyOutcome, SolveError> {
        let zero = self.zero().game;
        let ge = le(&zero, g, side, &self.budget)?;
        let le = le(g, &zero, side, &self.budget)?;
        Ok(match (ge, le) {
            (true, true) => LoopyOutcome::P,
            (true, false) => LoopyOutcome::L,
            (false, true) => LoopyOutcome::R,
            (false, false) => LoopyOutcome::N,
        })
    }

    /// The outcome class of a sided value, from those of its sides: the
    /// onside (infinite play Left's) says whether Left can avoid losing,
    /// the offside whether Right can (CGSuite's `OutcomeClass`).
    ///
    /// # Errors
    ///
    /// The budget's errors; `Unsupported` if the sides' classes do not
    /// combine (the offside above the onside).
    pub fn outcome_sided(&mut self, g: &SidedValue) -> Result<LoopyOutcome, SolveError> {
        use LoopyOutcome as O;
        let on = self.outcome_of_side(g.onside.game(), Side::On)?;
        let off = self.outcome_of_side(g.offside.game(), Side::Off)?;
        Ok(match (on, off) {
            (O::L, O::L) => O::L,
            (O::L, O::N) => O::NHat,
            (O::L, O::P) => O::PHat,
            (O::L, O::R) => O::D,
            (O::N, O::N) => O::N,
            (O::N, O::R) => O::NCheck,
            (O::P, O::P) => O::P,
            (O::P, O::R) => O::PCheck,
            (O::R, O::R) => O::R,
            _ => {
                return Err(SolveError::unsupported(
                    "the offside's outcome is above the onside's",
                ));
            }
        })
    }

    /// The stopper 0.
    pub fn zero(&self) -> Stopper {
        Stopper {
            game: LoopyGame::new(vec![vec![]], vec![vec![]], 0),
        }
    }

    /// Left's stop (Siegel, VI.3: the largest Right stop of Left's options,
    /// down to a number or a pseudonumber).
    ///
    /// # Errors
    ///
    /// The budget's errors.
    pub fn left_stop(&mut self, g: &Stopper) -> Result<Pseudonumber, SolveError> {
        self.stop(g, true)
    }

    /// Right's stop.
    ///
    /// # Errors
    ///
    /// The budget's errors.
    pub fn right_stop(&mut self, g: &Stopper) -> Result<Pseudonumber, SolveError> {
        self.stop(g, false)
    }

    fn stop(&mut self, g: &Stopper, left: bool) -> Result<Pseudonumber, SolveError> {
        let short = self.short_forms(g)?;
        let n = g.game.n_vertices() as usize;
        let mut memo: Vec<[Option<Pseudonumber>; 2]> = vec![[None, None]; n];
        let mut visiting = vec![[false; 2]; n];
        self.stop_at(g, &short, 0, left, &mut memo, &mut visiting)
    }

    /// The stop at `v` (Left's if `left`): a stopper has no infinite
    /// alternating sequence, so the recursion ends (within `2n` levels).
    fn stop_at(
        &mut self,
        g: &Stopper,
        short: &[Option<GameId>],
        v: u32,
        left: bool,
        memo: &mut Vec<[Option<Pseudonumber>; 2]>,
        visiting: &mut Vec<[bool; 2]>,
    ) -> Result<Pseudonumber, SolveError> {
        let slot = usize::from(!left);
        if let Some(p) = &memo[v as usize][slot] {
            return Ok(p.clone());
        }
        let p = if let Some(p) = self.pseudonumber_at(g, short, v)? {
            p
        } else if let Some(id) = short[v as usize] {
            let (l, r) = self.arena.stops(id)?;
            Pseudonumber::Number(if left { l } else { r })
        } else {
            if visiting[v as usize][slot] {
                return Err(SolveError::unsupported(
                    "a stop of a game with an infinite alternating sequence",
                ));
            }
            visiting[v as usize][slot] = true;
            let mut best: Option<Pseudonumber> = None;
            for &w in g.game.options(v, left).to_vec().iter() {
                let s = self.stop_at(g, short, w, !left, memo, visiting)?;
                best = Some(match best {
                    None => s,
                    Some(b) if left => b.max(s),
                    Some(b) => b.min(s),
                });
            }
            // A side with no move: in a simplest form only `on`, `off` and
            // numbers lack one, and those were answered above.
            best.unwrap_or(if left {
                Pseudonumber::Off
            } else {
                Pseudonumber::On
            })
        };
        memo[v as usize][slot] = Some(p.clone());
        Ok(p)
    }

    /// The canonical short game at each loop-free vertex of `g`.
    pub(crate) fn short_forms(&mut self, g: &Stopper) -> Result<Vec<Option<GameId>>, SolveError> {
        let game = &g.game;
        let loopfree = game.loopfree_vertices();
        let n = game.n_vertices() as usize;
        let mut ids: Vec<Option<GameId>> = vec![None; n];
        // Loop-free vertices in an order where options come first.
        let mut stack: Vec<(u32, bool)> = (0..n as u32)
            .filter(|&v| loopfree[v as usize])
            .map(|v| (v, false))
            .collect();
        while let Some((v, expanded)) = stack.pop() {
            if ids[v as usize].is_some() {
                continue;
            }
            let all = game.left(v).iter().chain(game.right(v));
            if expanded {
                let l: Vec<GameId> = game
                    .left(v)
                    .iter()
                    .map(|&w| ids[w as usize].unwrap())
                    .collect();
                let r: Vec<GameId> = game
                    .right(v)
                    .iter()
                    .map(|&w| ids[w as usize].unwrap())
                    .collect();
                ids[v as usize] = Some(self.arena.form(&l, &r)?);
            } else {
                stack.push((v, true));
                for &w in all {
                    if ids[w as usize].is_none() {
                        stack.push((w, false));
                    }
                }
            }
        }
        Ok(ids)
    }

    /// The pseudonumber at vertex `v` if it is one: a number (loop-free),
    /// `on`, `off`, `x over` or `x under`.
    pub(crate) fn pseudonumber_at(
        &mut self,
        g: &Stopper,
        short: &[Option<GameId>],
        v: u32,
    ) -> Result<Option<Pseudonumber>, SolveError> {
        if let Some(id) = short[v as usize] {
            return Ok(self.arena.as_number(id).map(Pseudonumber::Number));
        }
        let (l, r) = (g.game.left(v), g.game.right(v));
        let number =
            |arena: &CanonicalArena, w: u32| short[w as usize].and_then(|id| arena.as_number(id));
        Ok(match (l, r) {
            ([a], []) if *a == v => Some(Pseudonumber::On),
            ([], [b]) if *b == v => Some(Pseudonumber::Off),
            ([a], [b]) if *b == v => number(&self.arena, *a).map(Pseudonumber::Over),
            ([a], [b]) if *a == v => number(&self.arena, *b).map(Pseudonumber::Under),
            _ => None,
        })
    }

    /// The birthday of a loop-free stopper (its canonical short game's);
    /// `None` for one with a cycle, which is born on no day.
    ///
    /// # Errors
    ///
    /// The budget's errors.
    pub fn birthday(&mut self, g: &Stopper) -> Result<Option<u64>, SolveError> {
        if !g.is_loopfree() {
            return Ok(None);
        }
        let short = self.short_forms(g)?;
        match short[0] {
            Some(id) => self.arena.birthday(id).map(Some),
            None => Ok(None),
        }
    }

    /// The stopper as a pseudonumber (a number, `on`, `off`, `x over`,
    /// `x under`), if it is one.
    ///
    /// # Errors
    ///
    /// The budget's errors.
    pub fn as_pseudonumber(&mut self, g: &Stopper) -> Result<Option<Pseudonumber>, SolveError> {
        let short = self.short_forms(g)?;
        self.pseudonumber_at(g, &short, 0)
    }

    /// The degree of a stopper: `G upsum -G`, 0 for a loop-free game
    /// (CGSuite's `Degree`).
    ///
    /// # Errors
    ///
    /// As [`LoopyArena::add`].
    pub fn degree(&mut self, g: &Stopper) -> Result<Stopper, SolveError> {
        if g.is_loopfree() {
            return Ok(self.zero());
        }
        let minus = self.neg(g)?;
        self.upsum(g, &minus)
    }

    /// Whether `g + g = g` (both sides of the sum equal `g`).
    ///
    /// # Errors
    ///
    /// As [`LoopyArena::add`].
    pub fn is_idempotent(&mut self, g: &Stopper) -> Result<bool, SolveError> {
        let up = self.upsum(g, g)?;
        let down = self.downsum(g, g)?;
        Ok(self.equal(&up, g)? && self.equal(&down, g)?)
    }

    /// The variety of a stopper (CGSuite's `Variety`): with `d` its degree,
    /// `G upsum (-G downsum -d)`, which must equal `G downsum (-G upsum d)`
    /// (the game is stable); `d` must be idempotent.
    ///
    /// # Errors
    ///
    /// `Unsupported` if the degree is not idempotent or the game is not
    /// stable; as [`LoopyArena::add`].
    pub fn variety(&mut self, g: &Stopper) -> Result<Stopper, SolveError> {
        let d = self.degree(g)?;
        if !self.is_idempotent(&d)? {
            return Err(SolveError::unsupported(
                "variety degree must be an idempotent",
            ));
        }
        let minus_g = self.neg(g)?;
        let minus_d = self.neg(&d)?;
        let inner_up = self.downsum(&minus_g, &minus_d)?;
        let up = self.upsum(g, &inner_up)?;
        let inner_down = self.upsum(&minus_g, &d)?;
        let down = self.downsum(g, &inner_down)?;
        if !self.equal(&up, &down)? {
            return Err(SolveError::unsupported("that game is not stable"));
        }
        Ok(up)
    }
}

/// The graph renumbered by a walk from the start that takes each list of
/// options in the order of their colour refinement (Weisfeiler–Leman: a
/// vertex's colour is refined by the sorted colours of its options), which
/// does not depend on how the graph was numbered.
fn canonical_numbering(game: &LoopyGame) -> LoopyGame {
    let colours = refined_colours(game);
    let n = game.n_vertices() as usize;
    let sort = |list: &[u32]| -> Vec<u32> {
        let mut list = list.to_vec();
        list.sort_by_key(|&w| colours[w as usize]);
        list
    };
    let left = (0..n as u32).map(|v| sort(game.left(v))).collect();
    let right = (0..n as u32).map(|v| sort(game.right(v))).collect();
    LoopyGame::new(left, right, game.start()).reachable()
}

/// The colour of each vertex after refining `n` times from the numbers of
/// options.
pub(crate) fn refined_colours(game: &LoopyGame) -> Vec<u64> {
    let n = game.n_vertices() as usize;
    let mut colours: Vec<u64> = (0..n as u32)
        .map(|v| hash(&(game.left(v).len(), game.right(v).len())))
        .collect();
    for _ in 0..n.min(64) {
        let next: Vec<u64> = (0..n as u32)
            .map(|v| {
                let mut l: Vec<u64> = game.left(v).iter().map(|&w| colours[w as usize]).collect();
                let mut r: Vec<u64> = game.right(v).iter().map(|&w| colours[w as usize]).collect();
                l.sort_unstable();
                r.sort_unstable();
                let selfish: (bool, bool) = (game.left(v).contains(&v), game.right(v).contains(&v));
                hash(&(colours[v as usize], l, r, selfish))
            })
            .collect();
        if next == colours {
            break;
        }
        colours = next;
    }
    colours
}

fn not_a_stopper_side() -> SolveError {
    SolveError::unsupported("the side of this sum is not a stopper")
}

fn hash<T: Hash>(t: &T) -> u64 {
    let mut h = FxHasher::default();
    t.hash(&mut h);
    h.finish()
}
