//! Sums of games: the value of a sum from its components, winning moves per
//! component, and the direct search of a whole sum as one game (misère play,
//! and the check that the Sprague–Grundy theorem holds).

use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex};

use crate::error::SolveError;
use crate::impartial::{Budget, GrundySolver, ImpartialGame};
use crate::nimber::Nimber;
use crate::outcome::Outcome;
use crate::position::{Component, GameClass, Position};
use crate::rulesets::NimHeap;

/// The budget for the canonical value of a sum of unfair heaps, whose
/// outcome has a closed form anyway (see [`analyze`]).
const UNFAIR_CANONICAL_BUDGET: u64 = 200_000;

/// Normal play (who cannot move loses) or misère play (who cannot move
/// wins).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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

/// What [`analyze`] found.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// The play convention.
    pub play: Play,
    /// Who wins with best play.
    pub outcome: Outcome,
    /// The Sprague–Grundy value (normal play, impartial, loop-free only).
    pub grundy: Option<Nimber>,
    /// The value in the usual notation where one applies and is not a
    /// nimber: the canonical form of a partizan position (`1/2`, `{1|*}`) or
    /// the loopy Sprague–Grundy value (`∞{0,2}`).
    pub value: Option<String>,
    /// The winning moves found: the first one, or all with `all`.
    pub winning_moves: Vec<WinningMove>,
    /// For a drawn position (`Outcome::D`), the moves that keep the draw
    /// (every other move loses): the first one, or all with `all`. Empty
    /// otherwise.
    pub drawing_moves: Vec<WinningMove>,
}

/// A move that wins: the player who makes it can force a win.
#[derive(Clone, Debug)]
pub struct WinningMove {
    /// Which component moves, counting from 0 in the normalised sum.
    pub component: usize,
    /// The move in words.
    pub description: String,
    /// The whole position after the move.
    pub to: Position,
}

/// Who wins `position`, and with which move.
///
/// Under normal play an impartial sum is worth the nim-sum of its
/// components (the Sprague–Grundy theorem), and the winning moves are the
/// moves of a component of value `g` to a position of value `g ⊕ total`.
/// Under misère play, sums of Nim heaps follow Bouton's misère rule, sums of
/// Bash heaps (take 1..m) and Nim heaps the same rule on the residues
/// `n mod (m+1)` (see `misere.rs`); any other sum is searched as one game
/// within `budget`.
///
/// A position of a single component whose value is unknown but whose
/// outcome is (Wythoff's game beyond its value table, a Nullify matrix, ...)
/// gets its outcome and winning moves from
/// [`Component::outcome_and_winning_moves`], with `grundy: None`.
///
/// With `all`, every winning move is listed (by component, then place, then
/// size); otherwise the first.
///
/// # Errors
///
/// A [`SolveError`] when a component's value is beyond `budget`, or the
/// position mixes in games this analysis cannot value.
///
/// # Examples
///
/// ```
/// use sprague::{analyze, Budget, Outcome, Play, Position};
/// let p = Position::parse("nim(3, 6, 9)").unwrap();
/// let a = analyze(&p, Play::Normal, false, &Budget::DEFAULT).unwrap();
/// assert_eq!(a.outcome, Outcome::N);
/// assert_eq!(a.winning_moves[0].to.to_string(), "nim(3, 6, 5)");
/// ```
pub fn analyze(
    position: &Position,
    play: Play,
    all: bool,
    budget: &Budget,
) -> Result<Analysis, SolveError> {
    if play == Play::Normal
        && position
            .components()
            .iter()
            .any(|c| c.class() == GameClass::Loopy)
        && position
            .components()
            .iter()
            .all(|c| c.class() != GameClass::Partizan)
    {
        return crate::graph::analyze_loopy(position, all, budget);
    }
    if position
        .components()
        .iter()
        .any(|c| c.class() == GameClass::Partizan)
        && position
            .components()
            .iter()
            .all(|c| c.class() != GameClass::Loopy)
    {
        // Canonical values where every component has one; otherwise (a
        // component too large or too deep for them) the outcome by search.
        // Sums of unfair heaps have a closed form for the outcome, so their
        // (hot, often huge) canonical value is only tried within a small
        // budget.
        let canonical_budget =
            if crate::rulesets::unfair_outcome_of_sum(position.components()).is_some() {
                Budget {
                    max_positions: budget.max_positions.min(UNFAIR_CANONICAL_BUDGET),
                    ..*budget
                }
            } else {
                *budget
            };
        if play == Play::Normal
            && let Ok(analysis) = crate::cgt::analyze_canonical(position, all, &canonical_budget)
        {
            return Ok(analysis);
        }
        return crate::partizan::analyze_partizan(position, play, all, budget);
    }
    if let Some(c) = position
        .components()
        .iter()
        .find(|c| c.class() != GameClass::Impartial)
    {
        return Err(SolveError::unsupported(format!(
            "`{}` is not an impartial loop-free game; sums with it are not supported yet",
            c.text()
        )));
    }
    match play {
        Play::Normal => match analyze_normal(position, all, budget) {
            // A lone component may know who wins without knowing its value
            // (see `Component::outcome_and_winning_moves`).
            Err(e) if position.components().len() == 1 => {
                analyze_by_outcome(position, all, budget).unwrap_or(Err(e))
            }
            result => result,
        },
        Play::Misere => {
            if let Some(heaps) = nim_heaps(position) {
                Ok(misere_nim(position, &heaps, all))
            } else if let Some(analysis) = crate::misere::misere_bash(position, all)? {
                Ok(analysis)
            } else {
                misere_by_search(position, all, budget)
            }
        }
    }
}

fn analyze_normal(position: &Position, all: bool, budget: &Budget) -> Result<Analysis, SolveError> {
    let values = position
        .components()
        .iter()
        .map(|c| c.grundy(budget))
        .collect::<Result<Vec<_>, _>>()?;
    let total = values.iter().fold(Nimber::ZERO, |acc, &g| acc + g);
    let mut winning_moves = Vec::new();
    if total != Nimber::ZERO {
        for (i, (c, &g)) in position.components().iter().zip(&values).enumerate() {
            let wanted = if all {
                usize::MAX
            } else {
                1 - winning_moves.len()
            };
            if wanted == 0 {
                break;
            }
            for m in c.moves_to_grundy(g + total, wanted, budget)? {
                winning_moves.push(WinningMove {
                    component: i,
                    description: m.description,
                    to: position.replace(i, &m.to),
                });
            }
        }
    }
    Ok(Analysis {
        play: Play::Normal,
        outcome: if total == Nimber::ZERO {
            Outcome::P
        } else {
            Outcome::N
        },
        grundy: Some(total),
        value: None,
        winning_moves,
        drawing_moves: Vec::new(),
    })
}

/// Normal-play analysis of a position made of one component from the
/// component's own outcome and winning moves; `None` when the component has
/// no such knowledge. The Grundy value is left unknown.
fn analyze_by_outcome(
    position: &Position,
    all: bool,
    budget: &Budget,
) -> Option<Result<Analysis, SolveError>> {
    let component = &position.components()[0];
    let max = if all { usize::MAX } else { 1 };
    let result = component.outcome_and_winning_moves(max, budget)?;
    Some(result.map(|(first_player_wins, moves)| {
        Analysis {
            play: Play::Normal,
            outcome: if first_player_wins {
                Outcome::N
            } else {
                Outcome::P
            },
            grundy: None,
            value: None,
            winning_moves: moves
                .into_iter()
                .map(|m| WinningMove {
                    component: 0,
                    description: m.description,
                    to: position.replace(0, &m.to),
                })
                .collect(),
            drawing_moves: Vec::new(),
        }
    }))
}

/// The sizes of the heaps if every component is a Nim heap.
fn nim_heaps(position: &Position) -> Option<Vec<u64>> {
    position
        .components()
        .iter()
        .map(|c| {
            (c.ruleset() == "nim")
                .then(|| c.grundy(&Budget::DEFAULT).ok().map(|g| g.0))
                .flatten()
        })
        .collect()
}

/// Whether misère Nim with these heaps is a P-position: if some heap has two
/// or more stones, exactly when the nim-sum is 0 (as in normal play); if
/// every heap has at most one, exactly when the number of ones is odd
/// (Bouton 1901; seed notes 000 and 003, "anti-Nim").
fn misere_nim_is_p(heaps: &[u64]) -> bool {
    let xor = heaps.iter().fold(0, |acc, h| acc ^ h);
    if heaps.iter().any(|&h| h >= 2) {
        xor == 0
    } else {
        xor == 1
    }
}

fn misere_nim(position: &Position, heaps: &[u64], all: bool) -> Analysis {
    let is_p = misere_nim_is_p(heaps);
    let mut winning_moves = Vec::new();
    if !is_p {
        let xor = heaps.iter().fold(0, |acc, h| acc ^ h);
        'heaps: for (i, &a) in heaps.iter().enumerate() {
            // A winning move leaves a misère P-position: either the normal
            // play move `a ⊕ xor`, or a heap of 0 or 1 when only ones remain.
            let mut targets = vec![a ^ xor, 1, 0];
            targets.retain(|&b| b < a);
            targets.sort_unstable_by(|x, y| y.cmp(x));
            targets.dedup();
            for b in targets {
                let mut after = heaps.to_vec();
                after[i] = b;
                if misere_nim_is_p(&after) {
                    let star = position.components()[i].text().starts_with('*');
                    let heap = NimHeap { size: b, star };
                    winning_moves.push(WinningMove {
                        component: i,
                        description: crate::rulesets::take_description(a - b, a),
                        to: position.replace(i, &[Arc::new(heap)]),
                    });
                    if !all {
                        break 'heaps;
                    }
                }
            }
        }
    }
    Analysis {
        play: Play::Misere,
        outcome: if is_p { Outcome::P } else { Outcome::N },
        grundy: None,
        value: None,
        winning_moves,
        drawing_moves: Vec::new(),
    }
}

fn misere_by_search(
    position: &Position,
    all: bool,
    budget: &Budget,
) -> Result<Analysis, SolveError> {
    let mut search = SumSearch::new(Play::Misere, *budget);
    let mut winning_moves = Vec::new();
    let root = SumState::of(position.components());
    let outcome = if search.wins(&root)? {
        Outcome::N
    } else {
        Outcome::P
    };
    if outcome == Outcome::N {
        'components: for (i, c) in position.components().iter().enumerate() {
            for m in c.moves(budget)? {
                let after = position.replace(i, &m.to);
                if !search.wins(&SumState::of(after.components()))? {
                    winning_moves.push(WinningMove {
                        component: i,
                        description: m.description,
                        to: after,
                    });
                    if !all {
                        break 'components;
                    }
                }
            }
        }
    }
    Ok(Analysis {
        play: Play::Misere,
        outcome,
        grundy: None,
        value: None,
        winning_moves,
        drawing_moves: Vec::new(),
    })
}

/// A component keyed by its text, so that sums can be hashed and compared.
#[derive(Clone, Debug)]
struct Keyed {
    text: String,
    component: Arc<dyn Component>,
}

impl PartialEq for Keyed {
    fn eq(&self, other: &Keyed) -> bool {
        self.text == other.text
    }
}

impl Eq for Keyed {}

impl Hash for Keyed {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.text.hash(state);
    }
}

/// A whole sum as one position of one game: its components sorted by text
/// (a sum does not depend on the order of its parts). `None` stands for the
/// extra position that misère play adds below every terminal position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SumState(Option<Vec<Keyed>>);

impl SumState {
    /// The state of the sum of `components`.
    pub fn of(components: &[Arc<dyn Component>]) -> SumState {
        let mut parts: Vec<Keyed> = components
            .iter()
            .map(|c| Keyed {
                text: c.text(),
                component: Arc::clone(c),
            })
            .collect();
        parts.sort_by(|a, b| a.text.cmp(&b.text));
        SumState(Some(parts))
    }
}

/// A sum of components played as one game, with every move of every
/// component as a move of the sum. Under misère play each terminal position
/// gets one extra move, to a new terminal position, which turns misère play
/// into normal play on the changed game graph (seed note 004).
struct SumGame {
    play: Play,
    budget: Budget,
    /// The first error met while listing moves: [`ImpartialGame::moves`]
    /// cannot fail, so the search reports it afterwards.
    error: Mutex<Option<SolveError>>,
}

impl ImpartialGame for SumGame {
    type Position = SumState;

    fn moves(&self, position: &SumState, out: &mut Vec<SumState>) {
        let Some(parts) = &position.0 else {
            return;
        };
        let before = out.len();
        let components: Vec<Arc<dyn Component>> =
            parts.iter().map(|k| Arc::clone(&k.component)).collect();
        for (i, part) in parts.iter().enumerate() {
            match part.component.moves(&self.budget) {
                Ok(moves) => {
                    for m in moves {
                        let mut next = components.clone();
                        next.splice(i..=i, m.to);
                        out.push(SumState::of(&next));
                    }
                }
                Err(e) => {
                    let mut error = self.error.lock().unwrap_or_else(|e| e.into_inner());
                    error.get_or_insert(e);
                }
            }
        }
        if self.play == Play::Misere && out.len() == before {
            out.push(SumState(None));
        }
    }
}

/// The direct search of whole sums: no Sprague–Grundy theory, only the
/// definition of winning and losing positions.
#[derive(Debug)]
pub struct SumSearch {
    solver: GrundySolver<SumGame>,
    /// Set once a component failed to list its moves: the table may then
    /// hold values computed from incomplete move lists, so every later
    /// question gets the same error.
    poisoned: Option<SolveError>,
}

impl std::fmt::Debug for SumGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SumGame")
            .field("play", &self.play)
            .finish_non_exhaustive()
    }
}

impl SumSearch {
    /// A search under `play` that stores at most `budget` positions.
    pub fn new(play: Play, budget: Budget) -> SumSearch {
        let game = SumGame {
            play,
            budget,
            error: Mutex::new(None),
        };
        SumSearch {
            solver: GrundySolver::new(game, budget),
            poisoned: None,
        }
    }

    /// Whether the player to move wins `state`.
    ///
    /// # Errors
    ///
    /// A [`SolveError`] when the search needs more than the budget, or a
    /// component cannot list its moves.
    pub fn wins(&mut self, state: &SumState) -> Result<bool, SolveError> {
        if let Some(e) = &self.poisoned {
            return Err(e.clone());
        }
        let result = self.solver.grundy(state);
        let error = self
            .solver
            .game()
            .error
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take();
        if let Some(e) = error {
            self.poisoned = Some(e.clone());
            return Err(e);
        }
        Ok(result? != Nimber::ZERO)
    }
}
