//! Sums with loopy partizan components: the positions reachable from the
//! sum are explored from the components' moves into one partizan game
//! graph, and [`PartizanRetrograde`] decides each for both players to
//! move (win, loss or draw, and remoteness).
//!
//! A position of the graph is a multiset of components, each split into
//! its regions, keyed by their sorted [`Key`]s: two orders of the same
//! sum, or a move that leaves a region as it found it, meet at one
//! vertex. Vertex 0 is the position as written, with its moves in the
//! order of the position's move list, so that its winning and drawing moves are
//! those the front ends list. Every stored position is counted against the
//! [`Budget`].

use std::collections::HashMap;
use std::sync::Arc;

use crate::position::Position;
use sprague_core::budget::Budget;
use sprague_core::error::SolveError;
use sprague_core::outcome::Outcome;
use sprague_game::{Component, Key, Kind, Side};
use sprague_loopy::graph::{PartizanGraph, PartizanRetrograde};
use sprague_loopy::loopy::{LoopyArena, LoopyGame, LoopyOutcome, SidedValue, Winner};

use super::analysis::{Analysis, LoopyFigures, SumMove, Value};
use super::figures::{LeftOut, figure_allowance};

/// The components of a sum, each split into its regions.
fn split(components: &[Arc<dyn Component>]) -> Vec<Arc<dyn Component>> {
    let mut out = Vec::new();
    let mut stack: Vec<Arc<dyn Component>> = components.iter().rev().cloned().collect();
    while let Some(c) = stack.pop() {
        let regions = match c.kind() {
            Kind::LoopyPartizan(g) => g.regions(),
            Kind::Partizan(g) => g.regions(),
            _ => None,
        };
        match regions {
            Some(parts) => stack.extend(parts.into_iter().rev()),
            None => out.push(c),
        }
    }
    out
}

/// The explored graph of a position's sum.
pub(crate) struct Explored {
    /// The game graph: vertex 0 is the position as written.
    pub(crate) game: PartizanGraph,
    /// Who wins each vertex.
    pub(crate) result: PartizanRetrograde,
    /// Vertex 0's options for each side, in the order of the position's
    /// move list.
    root_options: [Vec<u32>; 2],
    /// Vertex 0's moves for each side, as the front ends list them.
    root_moves: [Vec<SumMove>; 2],
}

fn side_index(side: Side) -> usize {
    usize::from(side == Side::Right)
}

/// How many of the budget's positions one explored position of a loopy
/// partizan sum counts for. The budget's positions are sized for the
/// searches' small stored positions (ten million in a few hundred
/// megabytes); an explored sum holds its components, their keys and both
/// sides' moves, about 1.5 KB (`over + 1000000`: 1.5 GB at a million
/// positions), so the default budget explores at most 625 000 of them.
/// A move between explored positions is 8 bytes: the budget's positions
/// bound their number too.
pub const EXPLORED_POSITION_WEIGHT: u64 = 16;

/// Each component's options for both sides, split into regions: listed
/// once per component met.
type OptionsMemo = HashMap<Key, [Vec<Vec<Arc<dyn Component>>>; 2]>;

impl Explored {
    /// Explores the positions reachable from `position` and decides them.
    ///
    /// # Errors
    ///
    /// [`SolveError::BudgetExceeded`] / [`SolveError::TimeLimit`] beyond
    /// `budget`; any error a component gives listing its moves.
    pub(crate) fn new(position: &Position, budget: &Budget) -> Result<Explored, SolveError> {
        let mut index: HashMap<Vec<Key>, u32> = HashMap::new();
        let mut vertices: Vec<Vec<Arc<dyn Component>>> = Vec::new();
        let mut memo: OptionsMemo = HashMap::new();
        let mut left_edges: Vec<(u32, u32)> = Vec::new();
        let mut right_edges: Vec<(u32, u32)> = Vec::new();
        let mut root_options: [Vec<u32>; 2] = [Vec::new(), Vec::new()];
        let mut root_moves: [Vec<SumMove>; 2] = [Vec::new(), Vec::new()];

        // The vertex of a sum, stored at its first sight.
        let mut vertex_of = |mut sum: Vec<Arc<dyn Component>>,
                             vertices: &mut Vec<Vec<Arc<dyn Component>>>|
         -> Result<u32, SolveError> {
            sum.sort_by_key(|c| c.key());
            let keys: Vec<Key> = sum.iter().map(|c| c.key()).collect();
            if let Some(&v) = index.get(&keys) {
                return Ok(v);
            }
            let v = vertices.len() as u32;
            let weighted = u64::from(v).saturating_mul(EXPLORED_POSITION_WEIGHT);
            if weighted >= budget.max_positions {
                return Err(SolveError::BudgetExceeded {
                    limit: budget.max_positions / EXPLORED_POSITION_WEIGHT,
                });
            }
            budget.check_positions(weighted)?;
            index.insert(keys, v);
            vertices.push(sum);
            Ok(v)
        };

        // Vertex 0: the position as written, its moves as listed.
        vertices.push(position.components().to_vec());
        for side in [Side::Left, Side::Right] {
            let mut list = Vec::new();
            for (i, c) in position.components().iter().enumerate() {
                for m in c.moves_of(side, budget)? {
                    list.push(SumMove::new(position, i, m));
                }
            }
            for m in list {
                let to = vertex_of(split(m.to.components()), &mut vertices)?;
                match side {
                    Side::Left => left_edges.push((0, to)),
                    Side::Right => right_edges.push((0, to)),
                }
                root_options[side_index(side)].push(to);
                root_moves[side_index(side)].push(m);
            }
        }

        let mut head = 1;
        while head < vertices.len() {
            // A component can have many moves (`*645` has 645), so the
            // clock and the moves are checked as each position is expanded.
            budget.check_time()?;
            let edges = (left_edges.len() + right_edges.len()) as u64;
            if edges > budget.max_positions {
                return Err(SolveError::BudgetExceeded {
                    limit: budget.max_positions,
                });
            }
            let sum = vertices[head].clone();
            for (i, c) in sum.iter().enumerate() {
                let key = c.key();
                if !memo.contains_key(&key) {
                    let mut options: [Vec<Vec<Arc<dyn Component>>>; 2] = [Vec::new(), Vec::new()];
                    for side in [Side::Left, Side::Right] {
                        for m in c.moves_of(side, budget)? {
                            options[side_index(side)].push(split(&m.to));
                        }
                    }
                    memo.insert(key.clone(), options);
                }
                for side in [Side::Left, Side::Right] {
                    for option in &memo[&key][side_index(side)] {
                        let mut next: Vec<Arc<dyn Component>> = sum
                            .iter()
                            .enumerate()
                            .filter(|&(j, _)| j != i)
                            .map(|(_, c)| Arc::clone(c))
                            .collect();
                        next.extend(option.iter().cloned());
                        let to = vertex_of(next, &mut vertices)?;
                        match side {
                            Side::Left => left_edges.push((head as u32, to)),
                            Side::Right => right_edges.push((head as u32, to)),
                        }
                    }
                }
            }
            head += 1;
        }
        let game = PartizanGraph::from_pairs(vertices.len() as u32, &left_edges, &right_edges);
        let result = PartizanRetrograde::new(&game, budget)?;
        Ok(Explored {
            game,
            result,
            root_options,
            root_moves,
        })
    }

    /// The moves of `side` from the position, each with the vertex it leads
    /// to.
    fn root(&self, side: Side) -> impl Iterator<Item = (&SumMove, u32)> {
        let i = side_index(side);
        self.root_moves[i]
            .iter()
            .zip(self.root_options[i].iter().copied())
    }

    /// The moves of `side` after which the opponent, to move, has
    /// `outcome` (`P`: the move wins; `D`: it keeps a draw).
    fn moves_leaving(&self, side: Side, outcome: Outcome) -> Vec<SumMove> {
        self.root(side)
            .filter(|&(_, to)| self.result.outcome(to, side.other()) == outcome)
            .map(|(m, _)| m.clone())
            .collect()
    }

    /// The move of best play for `side`: from a win, a winning move of
    /// least remoteness; from a draw, the first move that keeps it; from a
    /// loss, the move that holds out longest. The first among equals; with
    /// whether it wins (`Some(true)`), loses, or keeps a draw (`None`).
    pub(crate) fn best_move(&self, side: Side) -> Option<(SumMove, Option<bool>)> {
        let other = side.other();
        let mut quickest_win: Option<(&SumMove, u32)> = None;
        let mut draw: Option<&SumMove> = None;
        let mut longest_loss: Option<(&SumMove, u32)> = None;
        for (m, to) in self.root(side) {
            match (
                self.result.outcome(to, other),
                self.result.remoteness(to, other),
            ) {
                (Outcome::P, Some(r)) if quickest_win.is_none_or(|(_, b)| r < b) => {
                    quickest_win = Some((m, r));
                }
                (Outcome::D, _) if draw.is_none() => draw = Some(m),
                (Outcome::N, Some(r)) if longest_loss.is_none_or(|(_, b)| r > b) => {
                    longest_loss = Some((m, r));
                }
                _ => {}
            }
        }
        if let Some((m, _)) = quickest_win {
            Some((m.clone(), Some(true)))
        } else if let Some(m) = draw {
            Some((m.clone(), None))
        } else {
            longest_loss.map(|(m, _)| (m.clone(), Some(false)))
        }
    }

    /// Whether `side`, moving first, wins (`Some(true)`), loses
    /// (`Some(false)`) or draws (`None`), and the remoteness.
    pub(crate) fn verdict(&self, side: Side) -> Option<(bool, u32)> {
        let r = self.result.remoteness(0, side)?;
        Some((self.result.outcome(0, side) == Outcome::N, r))
    }
}

/// The value of a loopy partizan position in CGSuite's notation (a stopper
/// in its simplest form, or `onside & offside`) with its figures, from its
/// game graph and start vertex: the one place the value theory of loopy
/// partizan games (stoppers and sided values, Siegel ch. VI) is asked of a
/// graph. [`Value::NotComputed`] with the reason when a strongly connected
/// component of the graph is larger than [`MAX_VALUE_VERTICES`], the
/// simplification of a side does not end or the budget runs out: the
/// outcome still stands.
fn graph_value(game: &PartizanGraph, start: u32, budget: &Budget) -> Value {
    loopy_game_value(&LoopyGame::from_graph(game, start), budget)
}

/// The value of a loopy partizan game given as a graph, with its figures,
/// as [`analyze`](crate::analyze) gives a loopy partizan position's
/// ([`Value::LoopyPartizan`]), or [`Value::NotComputed`] with why (a
/// strongly connected component beyond [`MAX_VALUE_VERTICES`], a side
/// whose simplification does not end, the budget).
pub fn loopy_game_value(game: &LoopyGame, budget: &Budget) -> Value {
    let g = game.reachable();
    if let Some(why) = too_large(&g) {
        return Value::NotComputed(why);
    }
    let mut arena = LoopyArena::new(*budget);
    let before = arena.work();
    // Each product game the theory builds is checked against the budget
    // alone, but a value may build many (the simplification builds one per
    // strongly connected component, each as large as the stoppers stored
    // so far: `over + 10000` builds ten thousand, 10^8 states in all). So
    // the states of all of them together count against the budget's
    // positions too.
    let limit = budget.max_positions;
    arena.limit_work(Some(
        before.saturating_add(limit.saturating_mul(WORK_PER_STATE)),
    ));
    let value = arena.value(&g);
    let over = arena.work_limit_reached();
    arena.limit_work(None);
    match value {
        Ok(v) => valued(&mut arena, &v, before),
        Err(_) if over => Value::NotComputed(SolveError::BudgetExceeded { limit }.to_string()),
        Err(e) => Value::NotComputed(e.to_string()),
    }
}

/// The value `v` found in `arena` with the work counted since `before`,
/// written with its figures.
fn valued(arena: &mut LoopyArena, v: &SidedValue, before: u64) -> Value {
    match arena.display(v) {
        Ok(text) => {
            let work = arena.work().saturating_sub(before);
            let figures = loopy_figures(arena, v, &text, figure_allowance(work).max(FIGURE_STATES));
            Value::LoopyPartizan(text, Box::new(figures))
        }
        Err(e) => Value::NotComputed(e.to_string()),
    }
}

/// The steps of [`LoopyArena::work`] a product game's state counts for,
/// on average, against the budget's positions: a state is a step, and so
/// is each move it writes and each move looked at to decide a pair of
/// stored stoppers, since a stored `*64` has 64 (counted by states alone,
/// the figures of `{*100|pass}` ran for minutes within their allowance).
pub const WORK_PER_STATE: u64 = 16;

/// The fewest steps of the loopy theory's work ([`LoopyArena::work`]:
/// product states and the moves they write and look at) each figure
/// beside a loopy value is allowed, however little the value took: more
/// than [`crate::FIGURE_STEPS`], whose unit (a step of the canonical
/// arena) is costlier than a state, and enough for every figure of
/// CGSuite's tests of stoppers (the variety of its 17-position stopper
/// `{0|{0||||-1|||...}}` takes the most; with 2^20 states it was left
/// out). 2^22 states' worth.
pub const FIGURE_STATES: u64 = (1 << 22) * WORK_PER_STATE;

/// `figure` within `allowance` steps of the loopy theory's work
/// ([`LoopyArena::work`]), or why not: a value the figure is undefined for
/// says so in the theory's words, one too costly says it was left out.
fn within<T>(
    arena: &mut LoopyArena,
    allowance: u64,
    figure: impl FnOnce(&mut LoopyArena) -> Result<T, SolveError>,
) -> Result<T, String> {
    let until = arena.work().saturating_add(allowance);
    arena.limit_work(Some(until));
    let result = figure(arena);
    let over = arena.work_limit_reached();
    arena.limit_work(None);
    result.map_err(|error| match error {
        SolveError::Unsupported { reason } if !over => format!("undefined: {reason}"),
        error => LeftOut {
            error,
            over: over.then_some(allowance),
        }
        .to_string(),
    })
}

/// The figures of `v` (written `text`), each within `allowance`.
fn loopy_figures(
    arena: &mut LoopyArena,
    v: &SidedValue,
    text: &str,
    allowance: u64,
) -> LoopyFigures {
    let side = |arena: &mut LoopyArena, onside: bool| -> Result<String, String> {
        if v.as_stopper().is_some() {
            return Ok(text.to_string());
        }
        within(arena, allowance, |arena| arena.display_side(v, onside))
    };
    let onside = side(arena, true);
    let offside = side(arena, false);
    let Some(s) = v.as_stopper().cloned() else {
        let why = "undefined: the value is not a stopper (CGSuite gives it for a \
                   stopper only; see its onside and offside)"
            .to_string();
        return LoopyFigures {
            left_stop: Err(why.clone()),
            right_stop: Err(why.clone()),
            onside,
            offside,
            degree: Err(why.clone()),
            variety: Err(why.clone()),
            birthday: Err(why),
        };
    };
    let left_stop = within(arena, allowance, |a| a.left_stop(&s).map(|p| p.to_string()));
    let right_stop = within(arena, allowance, |a| {
        a.right_stop(&s).map(|p| p.to_string())
    });
    let degree = within(arena, allowance, |a| {
        let d = a.degree(&s)?;
        a.display_stopper(&d)
    });
    let variety = within(arena, allowance, |a| {
        let d = a.variety(&s)?;
        a.display_stopper(&d)
    });
    let birthday = within(arena, allowance, |a| a.birthday(&s));
    LoopyFigures {
        left_stop,
        right_stop,
        onside,
        offside,
        degree,
        variety,
        birthday,
    }
}

/// Why the value of `g` is not asked of the theory, if it is not.
fn too_large(g: &LoopyGame) -> Option<String> {
    let k = g.largest_component();
    (k > MAX_VALUE_VERTICES).then(|| {
        format!(
            "the graph has {k} positions in one strongly connected component, more than \
             {MAX_VALUE_VERTICES}"
        )
    })
}

/// The most positions in one strongly connected component (positions each
/// reachable from the other) of a graph whose value is asked of the theory,
/// a limit like the budget's that the analysis reports when it is passed.
/// The value is simplified one component at a time, and a component's cost
/// grows with its size times the number of values found before it (one
/// survival or Büchi game on their product; for a side that is not a
/// stopper, one a move tried); the whole graph is bounded by the budget
/// only. Measured (`benches/loopy.rs`, criterion medians, release, 2-core
/// machine shared, load about 7, 2026-11-27; positions, largest
/// component, time): Fox and Geese's start 10 597, 12, 0.40 s;
/// `backsliding_toads("TTT..FFF")` 560, 28, 0.66 s; `"TT...FF"` 210, 35,
/// 0.33 s; beyond the limit `"TT....FF"` 420, 70, 3.3 s. Only
/// [`analyze`](crate::analyze) and
/// [`crate::loopy_partizan_value`] ask for it; the outcome, the moves and
/// the engine's reply never wait for it.
pub const MAX_VALUE_VERTICES: u32 = 36;

/// The value of a position with loopy partizan components, as
/// [`crate::loopy_partizan_value`] gives it.
pub(super) fn value(position: &Position, budget: &Budget) -> Result<Value, SolveError> {
    if has_sided_value(position) {
        return Ok(sided_analysis(position, budget)?.value.expect("a value"));
    }
    let explored = Explored::new(position, budget)?;
    Ok(graph_value(&explored.game, 0, budget))
}

/// The games whose onside and offside a component takes, if it is a
/// sided value written as a term (`G & H`).
fn sides(c: &Arc<dyn Component>) -> Option<[Arc<dyn Component>; 2]> {
    match c.kind() {
        Kind::LoopyPartizan(g) => g.sides(),
        _ => None,
    }
}

fn has_sided_value(position: &Position) -> bool {
    position.components().iter().any(|c| sides(c).is_some())
}

/// The sided value of the sum of `games`, from their explored graph, which
/// must have no strongly connected component beyond [`MAX_VALUE_VERTICES`].
fn games_value(
    games: Vec<Arc<dyn Component>>,
    arena: &mut LoopyArena,
    budget: &Budget,
) -> Result<SidedValue, SolveError> {
    let explored = Explored::new(&Position::from_components(games), budget)?;
    let g = LoopyGame::from_graph(&explored.game, 0).reachable();
    if let Some(why) = too_large(&g) {
        return Err(SolveError::unsupported(why));
    }
    arena.value(&g)
}

/// The value of a position with loopy partizan components, as a sided
/// value: its sided values written as terms valued and added to the value
/// of the other components' explored graph.
fn sided_total(
    position: &Position,
    arena: &mut LoopyArena,
    budget: &Budget,
) -> Result<SidedValue, SolveError> {
    let mut total: Option<SidedValue> = None;
    let mut add = |arena: &mut LoopyArena, v: &SidedValue| -> Result<(), SolveError> {
        total = Some(match &total {
            None => v.clone(),
            Some(t) => arena.add_sided(t, v)?,
        });
        Ok(())
    };
    let mut games = Vec::new();
    let mut any_sided = false;
    for c in position.components() {
        match sides(c) {
            Some([onside, offside]) => {
                any_sided = true;
                let on = games_value(vec![onside], arena, budget)?;
                let off = games_value(vec![offside], arena, budget)?;
                let v = arena.sides_of(&on, &off)?;
                add(arena, &v)?;
            }
            None => games.push(Arc::clone(c)),
        }
    }
    if !games.is_empty() || !any_sided {
        let v = games_value(games, arena, budget)?;
        add(arena, &v)?;
    }
    Ok(total.expect("a value is there"))
}

/// The outcome of a sided value's classes (CGSuite's `NHat`, `PCheck`
/// and the rest: one start won, one drawn).
fn class_outcome(classes: LoopyOutcome) -> Outcome {
    let winner = |w: Winner| match w {
        Winner::Left => Some(Side::Left),
        Winner::Right => Some(Side::Right),
        Winner::Draw => None,
    };
    Outcome::from_winners(winner(classes.left_first()), winner(classes.right_first()))
}

/// How two positions, one at least with loopy partizan components, compare
/// by CGSuite's order of sided values ([`LoopyArena::le_sided`]): `(G <=
/// H, H <= G)`, and the outcome class of `G - H` (which may be a draw:
/// `over - over` is `over & under`, `D`).
///
/// # Errors
///
/// `Unsupported` with why where a value is not computed (a strongly
/// connected component beyond [`MAX_VALUE_VERTICES`], a side whose
/// simplification does not end); the budget's errors.
pub(crate) fn compare(
    left: &Position,
    right: &Position,
    budget: &Budget,
) -> Result<((bool, bool), Outcome), SolveError> {
    let mut arena = LoopyArena::new(*budget);
    let valued = |p: &Position, which: &str, arena: &mut LoopyArena| {
        sided_total(p, arena, budget).map_err(|e| match e {
            SolveError::Unsupported { reason } => SolveError::unsupported(format!(
                "the {which} game is not compared, its loopy value is not computed: {reason}"
            )),
            e => e,
        })
    };
    let g = valued(left, "first", &mut arena)?;
    let h = valued(right, "second", &mut arena)?;
    let le = arena.le_sided(&g, &h)?;
    let ge = arena.le_sided(&h, &g)?;
    let minus_h = arena.neg_sided(&h)?;
    let d = arena.add_sided(&g, &minus_h)?;
    let classes = arena.outcome_sided(&d)?;
    Ok(((le, ge), class_outcome(classes)))
}

/// The analysis of a sum with sided values written as terms: a value, not a
/// game, so the sum is valued (the upsum of the onsides and the downsum of
/// the offsides, Siegel VI.4) and its outcome read from the two sides; it
/// has no moves to list. The other components are valued from their
/// explored graph, whose components must be within [`MAX_VALUE_VERTICES`].
fn sided_analysis(position: &Position, budget: &Budget) -> Result<Analysis, SolveError> {
    let mut arena = LoopyArena::new(*budget);
    let before = arena.work();
    let total = sided_total(position, &mut arena, budget).map_err(|e| match e {
        SolveError::Unsupported { reason } => SolveError::unsupported(format!(
            "a sum with a sided value is valued, and the value of its games is not computed: \
             {reason}"
        )),
        e => e,
    })?;
    let outcome = class_outcome(arena.outcome_sided(&total)?);
    // The value's work is all the work since the arena was made: valuing
    // each part, adding them, the outcome.
    let value = valued(&mut arena, &total, before);
    if let Value::NotComputed(why) = value {
        return Err(SolveError::unsupported(why));
    }
    Ok(Analysis {
        play: sprague_game::Play::Normal,
        outcome,
        value: Some(value),
        components: vec![None; position.components().len()],
        winning_moves: Vec::new(),
        drawing_moves: Vec::new(),
        remoteness: None,
        remoteness_left_out: None,
        work: None,
    })
}

/// The analysis of a sum with loopy partizan components under normal play:
/// the outcome class from both starts (`D` and CGSuite's classes of one
/// start won and one drawn included), the winning moves of `side` moving
/// first (to positions lost for the opponent), or where `side` can only
/// draw, the moves that keep the draw; the remoteness for `side` to move.
/// With `with_value`, the value too (see [`graph_value`]). A sum with a
/// sided value written as a term is valued instead (see
/// [`sided_analysis`]).
///
/// # Errors
///
/// As [`Explored::new`].
pub(super) fn analyze(
    position: &Position,
    side: Side,
    all: bool,
    with_value: bool,
    budget: &Budget,
) -> Result<Analysis, SolveError> {
    if has_sided_value(position) {
        return sided_analysis(position, budget);
    }
    let explored = Explored::new(position, budget)?;
    let max = if all { usize::MAX } else { 1 };
    let mut winning_moves = explored.moves_leaving(side, Outcome::P);
    winning_moves.truncate(max);
    let mut drawing_moves = if explored.result.outcome(0, side) == Outcome::D {
        explored.moves_leaving(side, Outcome::D)
    } else {
        Vec::new()
    };
    drawing_moves.truncate(max);
    let value = with_value.then(|| graph_value(&explored.game, 0, budget));
    Ok(Analysis {
        play: sprague_game::Play::Normal,
        outcome: explored.result.class(0),
        value,
        components: vec![None; position.components().len()],
        winning_moves,
        drawing_moves,
        remoteness: explored.result.remoteness(0, side),
        remoteness_left_out: None,
        work: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague_loopy::loopy::parse_loopy;

    fn figures_of(text: &str, allowance: u64) -> LoopyFigures {
        let mut arena = LoopyArena::new(Budget::DEFAULT);
        let v = arena.evaluate(&parse_loopy(text).unwrap()).unwrap();
        let written = arena.display(&v).unwrap();
        loopy_figures(&mut arena, &v, &written, allowance)
    }

    /// A figure past its allowance is left out with that reason, the
    /// others still given; within a large one, CGSuite's figures
    /// (`CanonicalStopperTestCase`: `+-{5|pass}` has degree `over` and
    /// variety `+-{10over|over}`).
    #[test]
    fn a_figure_past_its_allowance_is_left_out_with_why() {
        let small = figures_of("+-{5|pass}", 10);
        let why = "left out, it would take more work than the value itself (over 10 steps)";
        assert_eq!(small.degree, Err(why.to_string()));
        assert_eq!(small.variety, Err(why.to_string()));
        assert!(
            small
                .left_out()
                .contains(&format!("degree, variety: {why}"))
        );
        // The stops cost no product game.
        assert_eq!(small.left_stop.as_deref(), Ok("5over"));
        let large = figures_of("+-{5|pass}", FIGURE_STATES);
        assert_eq!(large.degree.as_deref(), Ok("over"));
        assert_eq!(large.variety.as_deref(), Ok("±{10over|over}"));
        // The limit is lifted afterwards: the arena works on unbounded.
        let again = figures_of("+-{5|pass}", FIGURE_STATES);
        assert_eq!(again, large);
    }

    /// A sided value has no stops, degree or variety (CGSuite's are a
    /// stopper's members); its sides are given (`SidedValueTestCase`:
    /// `dud`'s onside is `on`, its offside `off`).
    #[test]
    fn a_sided_value_has_sides_and_no_stops() {
        let f = figures_of("dud", FIGURE_STATES);
        assert_eq!(
            (f.onside.as_deref(), f.offside.as_deref()),
            (Ok("on"), Ok("off"))
        );
        assert!(
            f.left_stop
                .as_ref()
                .is_err_and(|why| why.starts_with("undefined"))
        );
        assert_eq!(f.left_out().len(), 1, "{:?}", f.left_out());
    }
}
