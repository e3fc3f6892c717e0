//! The game model: what a component of a position is, and what each kind of
//! game must supply so that the solvers can value it.
//!
//! Every component has a small object-safe face, [`Component`]: how it is
//! written (ruleset and arguments, for display only), a structural [`Key`]
//! (for memo tables), and its [`Kind`]. The kind is a typed view of the
//! component as one of three traits:
//!
//! - [`Impartial`]: both players have the same moves and no position
//!   repeats; valued by a nimber (the mex of its options by default).
//! - [`Partizan`]: Left and Right have different moves; valued by a
//!   canonical form (from the moves by default, or a closed form).
//! - [`Loopy`]: impartial, but play may return to a position; valued by the
//!   generalised Sprague–Grundy function, with remoteness for single tokens.
//! - [`LoopyPartizan`]: partizan, and play may return to a position (Fox
//!   and Geese, Backsliding Toads and Frogs, a partizan graph file); decided
//!   by a retrograde search of the sum's positions.
//!
//! A ruleset supplies moves and, where it has them, closed forms; the solve
//! layer (`sprague::analyze`) supplies everything else. Closed forms over
//! whole sums are [`SumRule`]s, which the components they cover name.
//!
//! The position language's syntax tree and parser ([`syntax`]) live here
//! too: the rulesets read their arguments from it, and it reads the loopy
//! and misère notations through their theories.
//!
//! This crate knows no ruleset and no solver: it must never name a
//! ruleset, and never decide who wins a sum.

#![deny(missing_docs)]

mod induction;
mod mex;
pub mod syntax;

use std::any::Any;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use sprague_core::budget::Budget;
use sprague_core::error::SolveError;
use sprague_core::outcome::Outcome;
use sprague_impartial::nimber::Nimber;
use sprague_loopy::graph::LoopyValue;
use sprague_partizan::cgt::{CanonicalArena, GameId};

pub use sprague_core::outcome::Side;

pub use induction::{ByOptions, value_by_options};
pub use mex::grundy_by_mex;

/// Normal play (who cannot move loses) or misère play (who cannot move
/// wins).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Play {
    /// The player who cannot move loses.
    Normal,
    /// The player who cannot move wins.
    Misere,
}

impl Play {
    /// `normal` or `misere`, as in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Play::Normal => "normal",
            Play::Misere => "misere",
        }
    }
}

/// What kind of game a component is, which decides how a sum containing it
/// is valued. See [`Component::kind`] for the typed view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameClass {
    /// Both players have the same moves; no position repeats.
    Impartial,
    /// Left and Right have different moves.
    Partizan,
    /// Impartial, but play may return to a position it has visited.
    Loopy,
    /// Partizan, and play may return to a position it has visited.
    LoopyPartizan,
}

impl GameClass {
    /// Whether Left's and Right's moves may differ (a partizan game, loopy
    /// or not).
    pub fn is_partizan(self) -> bool {
        matches!(self, GameClass::Partizan | GameClass::LoopyPartizan)
    }
}

/// A component seen as the kind of game it is.
#[derive(Clone, Copy)]
pub enum Kind<'a> {
    /// An impartial loop-free game.
    Impartial(&'a dyn Impartial),
    /// A partizan game (short: no position repeats).
    Partizan(&'a dyn Partizan),
    /// An impartial game in which positions may repeat.
    Loopy(&'a dyn Loopy),
    /// A partizan game in which positions may repeat.
    LoopyPartizan(&'a dyn LoopyPartizan),
}

impl fmt::Debug for Kind<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Kind::Impartial(_) => "Impartial",
            Kind::Partizan(_) => "Partizan",
            Kind::Loopy(_) => "Loopy",
            Kind::LoopyPartizan(_) => "LoopyPartizan",
        })
    }
}

/// One component of a position: a ruleset with its parameters, applied to
/// its arguments.
///
/// Implementors list moves in the order the user sees them: by place inside
/// the component (heap index, cell, ...), then by the size of the move,
/// smallest first.
pub trait Component: Any + fmt::Debug + Send + Sync {
    /// The ruleset with its parameters, normalised: `nim`,
    /// `subtraction[2,5]`. For display only.
    fn ruleset(&self) -> String;

    /// The arguments, normalised, without parentheses: `9`, `3, 5`. For
    /// display only.
    fn args(&self) -> String;

    /// How the component is written on its own: `ruleset(args)` by default;
    /// a nimber is written `*n`. For display only.
    fn text(&self) -> String {
        format!("{}({})", self.ruleset(), self.args())
    }

    /// Whether this component is one heap of a ruleset whose heaps do not
    /// interact, so that neighbours of the same ruleset may be written
    /// together: `nim(3) + nim(6)` is shown as `nim(3, 6)`.
    fn is_heap(&self) -> bool {
        true
    }

    /// The structural key: equal keys mean equal games (same ruleset, same
    /// parameters, same position). Memo tables are keyed by it.
    fn key(&self) -> Key;

    /// The kind of game this is, as a typed view of `self`.
    fn kind(&self) -> Kind<'_>;

    /// For a component that can count its moves without listing them (a
    /// Nim heap of 2^63): at most `take` of `side`'s moves from the
    /// `skip`-th on (counting from 0), in the order above, and how many
    /// moves there are in all. `None` (the default) for a component whose
    /// moves must be listed to be counted.
    fn moves_window(&self, side: Side, skip: u64, take: usize) -> Option<(Vec<Move>, u64)> {
        let _ = (side, skip, take);
        None
    }

    /// The closed form for whole sums that covers this component, if its
    /// ruleset has one (Bouton's misère rule for a Nim heap, the misère
    /// quotient of an octal heap). The solver asks the rules its
    /// components name, so it never needs to know the rulesets; a rule
    /// still declines any sum it does not cover.
    fn sum_rule(&self) -> Option<&'static dyn SumRule> {
        None
    }
}

impl dyn Component {
    /// The kind of game, without the view.
    pub fn class(&self) -> GameClass {
        match self.kind() {
            Kind::Impartial(_) => GameClass::Impartial,
            Kind::Partizan(_) => GameClass::Partizan,
            Kind::Loopy(_) => GameClass::Loopy,
            Kind::LoopyPartizan(_) => GameClass::LoopyPartizan,
        }
    }

    /// The moves of `side`: for an impartial or loopy game both players
    /// have the same ones.
    ///
    /// # Errors
    ///
    /// As the kind's `moves`.
    pub fn moves_of(&self, side: Side, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        match self.kind() {
            Kind::Impartial(g) => g.moves(budget),
            Kind::Partizan(g) => g.moves(side, budget),
            Kind::Loopy(g) => g.moves(budget),
            Kind::LoopyPartizan(g) => g.moves(side, budget),
        }
    }

    /// The moves of an impartial or loopy component (the same for both
    /// players).
    ///
    /// # Errors
    ///
    /// [`SolveError::Unsupported`] for a partizan component (ask
    /// `moves_of` a side); otherwise as the kind's `moves`.
    pub fn moves(&self, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        match self.kind() {
            Kind::Impartial(g) => g.moves(budget),
            Kind::Loopy(g) => g.moves(budget),
            Kind::Partizan(_) | Kind::LoopyPartizan(_) => Err(SolveError::unsupported(format!(
                "`{}` is partizan: ask for Left's or Right's moves",
                self.text()
            ))),
        }
    }

    /// The Grundy value of an impartial loop-free component.
    ///
    /// # Errors
    ///
    /// [`SolveError::Unsupported`] for a partizan component,
    /// [`SolveError::Loopy`] for a loopy one; otherwise as
    /// [`Impartial::grundy`].
    pub fn grundy(&self, budget: &Budget) -> Result<Nimber, SolveError> {
        match self.kind() {
            Kind::Impartial(g) => g.grundy(budget),
            Kind::Partizan(_) | Kind::LoopyPartizan(_) => Err(SolveError::unsupported(format!(
                "`{}` is partizan: it has no Grundy value",
                self.text()
            ))),
            Kind::Loopy(_) => Err(SolveError::Loopy),
        }
    }

    /// The component as a value of its concrete type, if it is one.
    pub fn downcast_ref<T: Component>(&self) -> Option<&T> {
        (self as &dyn Any).downcast_ref::<T>()
    }
}

/// An impartial loop-free game: both players have the same moves, and every
/// play ends.
pub trait Impartial: Component {
    /// Every move, in the order described on [`Component`].
    ///
    /// # Errors
    ///
    /// [`SolveError::BudgetExceeded`] when there are more moves than the
    /// budget allows positions (a Nim heap of 2^60 has 2^60 moves).
    fn moves(&self, budget: &Budget) -> Result<Vec<Move>, SolveError>;

    /// The Sprague–Grundy value. By default the mex of the values of the
    /// options, computed from [`Impartial::moves`] with an explicit stack and
    /// a memo keyed by [`Component::key`] ([`grundy_by_mex`]); rulesets with
    /// a closed form override it.
    ///
    /// # Errors
    ///
    /// A [`SolveError`] if the value needs more than `budget`.
    fn grundy(&self, budget: &Budget) -> Result<Nimber, SolveError> {
        grundy_by_mex(self, budget)
    }

    /// The first `max` moves to positions of Grundy value `target`, in the
    /// order of [`Impartial::moves`]. Rulesets with a closed form override
    /// this to answer without listing every move.
    ///
    /// # Errors
    ///
    /// As [`Impartial::moves`] and [`Impartial::grundy`].
    fn moves_to_grundy(
        &self,
        target: Nimber,
        max: usize,
        budget: &Budget,
    ) -> Result<Vec<Move>, SolveError> {
        moves_to_grundy_by_listing(self, target, max, budget)
    }

    /// The remoteness of this component played alone (the number of moves
    /// to the end with best play: the winner hurries, the loser holds out),
    /// where the ruleset knows it without search; `None` by default.
    fn remoteness(&self, budget: &Budget) -> Option<u32> {
        let _ = budget;
        None
    }

    /// Who wins this component played alone, and its first `max` winning
    /// moves (to P-positions), for rulesets that know the outcome without
    /// the Grundy value (Wythoff's game beyond its table, a Nullify matrix
    /// worth an infinite ordinal). `None`, the default: use the Grundy value.
    /// Implementations list winning moves in the order of
    /// [`Impartial::moves`] where they can list them all, and never claim a
    /// move wins unless it leads to a P-position.
    ///
    /// # Errors
    ///
    /// A [`SolveError`] inside the `Some` when even the outcome is beyond
    /// `budget`.
    fn outcome(
        &self,
        max: usize,
        budget: &Budget,
    ) -> Option<Result<(bool, Vec<Move>), SolveError>> {
        let _ = (max, budget);
        None
    }
}

/// The first `max` moves of `game` to positions of Grundy value `target`,
/// found by listing every move and valuing each: the default of
/// [`Impartial::moves_to_grundy`], and the fallback of rulesets whose closed
/// form covers only some targets.
///
/// # Errors
///
/// As [`Impartial::moves`] and [`Impartial::grundy`].
pub fn moves_to_grundy_by_listing<G: Impartial + ?Sized>(
    game: &G,
    target: Nimber,
    max: usize,
    budget: &Budget,
) -> Result<Vec<Move>, SolveError> {
    let mut found = Vec::new();
    for m in game.moves(budget)? {
        if found.len() >= max {
            break;
        }
        if m.grundy(budget)? == target {
            found.push(m);
        }
    }
    Ok(found)
}

/// A short partizan game: Left and Right have different moves, and every
/// play ends.
pub trait Partizan: Component {
    /// The moves of `side`, in the order described on [`Component`].
    ///
    /// # Errors
    ///
    /// [`SolveError::BudgetExceeded`] when there are more moves than the
    /// budget allows positions.
    fn moves(&self, side: Side, budget: &Budget) -> Result<Vec<Move>, SolveError>;

    /// The canonical value by a closed form, where the ruleset has one (a
    /// Hackenbush string is a number by Berlekamp's rule). `None`, the
    /// default, means: compute it from the moves. `Some(Err(..))` declines a
    /// component too large for either.
    fn canonical(&self, arena: &mut CanonicalArena) -> Option<Result<GameId, SolveError>> {
        let _ = arena;
        None
    }

    /// The first `max` moves of `side` after which the sum of this
    /// component's option and `rest` is won by `side` moving second (at
    /// least 0 for Left, at most 0 for Right), in the order of
    /// [`Partizan::moves`]. `None`, the default: list the moves and value
    /// each. A ruleset overrides it to answer a component with too many
    /// moves to list (a cutting-game bar of 10^9 squares).
    fn winning_moves_against(
        &self,
        side: Side,
        rest: GameId,
        max: usize,
        arena: &mut CanonicalArena,
    ) -> Option<Result<Vec<Move>, SolveError>> {
        let _ = (side, rest, max, arena);
        None
    }

    /// The independent regions this position splits into (a board whose
    /// empty cells form separate areas), whose sum it equals. `None`, the
    /// default: the position is one region.
    fn regions(&self) -> Option<Vec<Arc<dyn Component>>> {
        None
    }
}

/// An impartial game in which positions may repeat (a token on a graph with
/// cycles): a play may go on forever, a draw.
pub trait Loopy: Component {
    /// Every move, in the order described on [`Component`].
    ///
    /// # Errors
    ///
    /// As [`Impartial::moves`].
    fn moves(&self, budget: &Budget) -> Result<Vec<Move>, SolveError>;

    /// The generalised Sprague–Grundy value (Smith; Fraenkel), which values
    /// loopy games in sums.
    ///
    /// # Errors
    ///
    /// A [`SolveError`] if the value needs more than `budget`.
    fn loopy_value(&self, budget: &Budget) -> Result<LoopyValue, SolveError>;

    /// Fraenkel's counter function for a component of finite value (see
    /// [`sprague_loopy::graph::LoopyGrundy::counter`]): among winning moves in a sum,
    /// the one leaving the least (value, counter) pairs makes progress.
    fn counter(&self, budget: &Budget) -> u64;

    /// The number of moves to the end with best play (the winner hurries,
    /// the loser holds out), `None` for a draw or where unknown.
    fn remoteness(&self, budget: &Budget) -> Option<u32>;
}

/// A partizan game in which positions may repeat (Fox and Geese,
/// Backsliding Toads and Frogs, a token on a partizan game graph): a play
/// may go on forever, a draw. The solve layer explores the positions of a
/// sum from its moves and decides them by retrograde analysis
/// ([`sprague_loopy::graph::PartizanRetrograde`]); its value as a stopper or sided
/// value is the theory's, from the same graph.
pub trait LoopyPartizan: Component {
    /// The moves of `side`, in the order described on [`Component`].
    ///
    /// # Errors
    ///
    /// As [`Partizan::moves`].
    fn moves(&self, side: Side, budget: &Budget) -> Result<Vec<Move>, SolveError>;

    /// The independent regions this position splits into, whose sum it
    /// equals; `None`, the default, when it is one region.
    fn regions(&self) -> Option<Vec<Arc<dyn Component>>> {
        None
    }

    /// For a sided value `G & H` written as a term, the games `G` and `H`
    /// whose onside and offside it takes: a value, not a game, so it has no
    /// moves (they give an error) and a sum with it is valued, not
    /// searched. `None`, the default, for a game.
    fn sides(&self) -> Option<[Arc<dyn Component>; 2]> {
        None
    }
}

/// A structural key: equal keys mean equal components. It is built from
/// words (heap sizes, parameters, packed board bytes) and, for rulesets that
/// share a rules object read at build time (a graph file), the identity of
/// that object. Hashing a key hashes a few words, never text.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Key {
    family: &'static str,
    rules: Option<RulesId>,
    words: Box<[u64]>,
}

impl Key {
    /// The key of a component of the ruleset family `family` (the
    /// registry's name) described by `words`, which must include every
    /// parameter that is not in a shared rules object.
    pub fn new(family: &'static str, words: impl IntoIterator<Item = u64>) -> Key {
        Key {
            family,
            rules: None,
            words: words.into_iter().collect(),
        }
    }

    /// The key of `family` with a shared rules object (compared by
    /// identity: two parses of one file give different keys, which costs
    /// only sharing) and `words`.
    pub fn shared<T: Any + Send + Sync>(
        family: &'static str,
        rules: &Arc<T>,
        words: impl IntoIterator<Item = u64>,
    ) -> Key {
        Key {
            family,
            rules: Some(RulesId(Arc::clone(rules) as Arc<dyn Any + Send + Sync>)),
            words: words.into_iter().collect(),
        }
    }

    /// Bytes packed eight to a word, after their length.
    pub fn pack(bytes: &[u8]) -> impl Iterator<Item = u64> + '_ {
        std::iter::once(bytes.len() as u64).chain(bytes.chunks(8).map(|chunk| {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            u64::from_le_bytes(word)
        }))
    }

    /// The registry name of the component's ruleset family.
    pub fn family(&self) -> &'static str {
        self.family
    }
}

/// The identity of a shared rules object. Holding the `Arc` keeps its
/// address from being reused while the key lives.
#[derive(Clone)]
struct RulesId(Arc<dyn Any + Send + Sync>);

impl RulesId {
    fn address(&self) -> usize {
        Arc::as_ptr(&self.0).cast::<()>() as usize
    }
}

impl PartialEq for RulesId {
    fn eq(&self, other: &RulesId) -> bool {
        self.address() == other.address()
    }
}

impl Eq for RulesId {}

impl Hash for RulesId {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.address().hash(state);
    }
}

impl PartialOrd for RulesId {
    fn partial_cmp(&self, other: &RulesId) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for RulesId {
    fn cmp(&self, other: &RulesId) -> std::cmp::Ordering {
        self.address().cmp(&other.address())
    }
}

impl fmt::Debug for RulesId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "rules@{:x}", self.address())
    }
}

/// What a move does, typed where solvers and front ends need its parts,
/// and displayed in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveLabel {
    /// Take `taken` stones from a heap of `heap`.
    Take {
        /// Stones taken.
        taken: u64,
        /// The heap before the move.
        heap: u64,
    },
    /// Mark a cell of a strip, counting from 1.
    Mark {
        /// The cell.
        cell: u64,
    },
    /// Any other move, in the ruleset's words.
    Words(String),
}

impl fmt::Display for MoveLabel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveLabel::Take { taken, heap } => write!(f, "take {taken} from the heap of {heap}"),
            MoveLabel::Mark { cell } => write!(f, "mark cell {cell}"),
            MoveLabel::Words(words) => f.write_str(words),
        }
    }
}

impl From<String> for MoveLabel {
    fn from(words: String) -> MoveLabel {
        MoveLabel::Words(words)
    }
}

impl From<&str> for MoveLabel {
    fn from(words: &str) -> MoveLabel {
        MoveLabel::Words(words.to_string())
    }
}

/// A move in one component: what it does, and what the component becomes
/// (zero, one or several components: a take-and-break move may split a
/// heap in two).
#[derive(Clone, Debug)]
pub struct Move {
    /// What the move does.
    pub label: MoveLabel,
    /// The components that replace the one moved in.
    pub to: Vec<Arc<dyn Component>>,
}

impl Move {
    /// A move labelled `label` to the single component `to`.
    pub fn new(label: impl Into<MoveLabel>, to: Arc<dyn Component>) -> Move {
        Move {
            label: label.into(),
            to: vec![to],
        }
    }

    /// A move labelled `label` to the sum of `to`.
    pub fn to_sum(label: impl Into<MoveLabel>, to: Vec<Arc<dyn Component>>) -> Move {
        Move {
            label: label.into(),
            to,
        }
    }

    /// The move in words: "take 4 from the heap of 9".
    pub fn description(&self) -> String {
        self.label.to_string()
    }

    /// The Grundy value of what the move leads to (the nim-sum of the
    /// resulting components).
    ///
    /// # Errors
    ///
    /// As [`Impartial::grundy`]; an error if a part is not impartial.
    pub fn grundy(&self, budget: &Budget) -> Result<Nimber, SolveError> {
        let mut g = Nimber::ZERO;
        for c in &self.to {
            g += c.grundy(budget)?;
        }
        Ok(g)
    }
}

/// What a [`SumRule`] found: the outcome of the sum and the first winning
/// moves of the side asked for, moving first, each with the index of the
/// component it is made in.
#[derive(Clone, Debug)]
pub struct SumVerdict {
    /// Who wins.
    pub outcome: Outcome,
    /// The winning moves found, in the order of components, then moves.
    pub winning_moves: Vec<(usize, Move)>,
}

/// A closed form for whole sums of some rulesets (Bouton's misère rule for
/// Bash and Nim heaps, the unfair take-away game's sums). The components of
/// the rulesets it covers name it ([`Component::sum_rule`]); it recognises
/// them by type, and declines any sum it does not cover.
pub trait SumRule: Sync + fmt::Debug {
    /// The verdict on the sum of `components` under `play`, with at most
    /// `max` winning moves of `side` moving first; `None` if the rule does
    /// not cover this sum (or this side).
    ///
    /// # Errors
    ///
    /// A [`SolveError`] inside the `Some` if the rule covers the sum but
    /// cannot answer within `budget`.
    fn verdict(
        &self,
        components: &[Arc<dyn Component>],
        play: Play,
        side: Side,
        max: usize,
        budget: &Budget,
    ) -> Option<Result<SumVerdict, SolveError>>;

    /// Whether the rule answers only the outcome and winning moves cheaply
    /// where the values are expensive (a hot partizan sum): the solver then
    /// tries values only within a small budget.
    fn values_are_expensive(&self) -> bool {
        false
    }
}
