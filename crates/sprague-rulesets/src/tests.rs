//! What the rulesets' unit tests share (compiled for tests only, and
//! outside the layering of the library's code).

use std::collections::HashMap;
use std::sync::Arc;

use sprague_core::budget::Budget;
use sprague_core::error::ParseError;
use sprague_core::outcome::Outcome;
use sprague_game::Component;

/// A position read through this crate's own registry. A test build of a
/// crate is a second copy of its types: a position the top crate's
/// `sprague::Position::parse` built holds the other copy's components, which
/// this copy's downcasts and sum rules do not recognise. This gives a
/// `sprague::Position` of this copy's components, so that the top's solvers
/// and this crate's tests see the same types.
pub(crate) fn parse(text: &str) -> Result<sprague::Position, ParseError> {
    parse_with(text, &sprague_loopy::graph::FileSystem)
}

/// As [`parse`], reading the files the position names from `files`.
pub(crate) fn parse_with(
    text: &str,
    files: &dyn sprague_loopy::graph::FileSource,
) -> Result<sprague::Position, ParseError> {
    let syntax = sprague_game::syntax::parse_position(text)?;
    Ok(sprague::Position::from_components(crate::components(
        &syntax, files,
    )?))
}

/// For tests of partizan rulesets: the canonical value of the position
/// `text`, printed.
pub(crate) fn canonical_text(text: &str) -> String {
    let p = parse(text).unwrap();
    let mut solver = sprague::CanonicalSolver::new(Budget::DEFAULT);
    let g = solver.sum(p.components()).unwrap();
    solver.arena.display(g).unwrap()
}

/// For tests of partizan rulesets: that the outcome class of `component`'s
/// canonical value (regions valued apart) is the one a search of the whole
/// game finds, Left and Right each moving first.
pub(crate) fn assert_value_agrees_with_search(component: Arc<dyn Component>) {
    use sprague_game::{Play, Side};
    let components = [component];
    let mut solver = sprague::CanonicalSolver::new(Budget::DEFAULT);
    let g = solver.sum(&components).unwrap();
    let from_value = solver.arena.outcome(g).unwrap();
    let mut search = sprague::SumSearch::new(Play::Normal, Budget::DEFAULT);
    let left = search.wins(&components, Side::Left).unwrap();
    let right = search.wins(&components, Side::Right).unwrap();
    assert_eq!(
        from_value,
        sprague_core::outcome::Outcome::from_partizan(left, right),
        "{}",
        components[0].text()
    );
}

/// For tests of sum rules: the positions each of Left's winning moves in
/// `p` leads to, in the order of the invariant, as the whole-sum `search`
/// finds them (a move wins when the position after it is lost for the
/// player then to move): the oracle a rule's winning moves are checked
/// against.
pub(crate) fn winning_moves_by_search(
    p: &sprague::Position,
    search: &mut sprague::SumSearch,
    budget: &Budget,
) -> Vec<String> {
    use sprague_game::Side;
    let mut found = Vec::new();
    for (i, c) in p.components().iter().enumerate() {
        for mv in c.moves_of(Side::Left, budget).unwrap() {
            let after = p.replace(i, &mv.to);
            if !search.wins(after.components(), Side::Left).unwrap() {
                found.push(after.to_string());
            }
        }
    }
    found
}

/// For tests of board games: every board of each of `shapes` (rows,
/// columns) whose cells are each one of `codes`.
pub(crate) fn every_board(
    shapes: &[(usize, usize)],
    codes: &[u8],
) -> impl Iterator<Item = crate::boards::grid::Grid> {
    let k = codes.len();
    shapes.iter().flat_map(move |&(rows, cols)| {
        let n = rows * cols;
        (0..k.pow(n as u32)).map(move |code| crate::boards::grid::Grid {
            rows,
            cols,
            cells: (0..n).map(|i| codes[code / k.pow(i as u32) % k]).collect(),
        })
    })
}

/// For tests of board games: `text` with the letters of each pair
/// exchanged (Left's pieces for Right's).
pub(crate) fn swapped(text: &str, pairs: &[(char, char)]) -> String {
    text.chars()
        .map(|c| {
            pairs
                .iter()
                .find_map(|&(a, b)| {
                    if c == a {
                        Some(b)
                    } else if c == b {
                        Some(a)
                    } else {
                        None
                    }
                })
                .unwrap_or(c)
        })
        .collect()
}

/// For tests of board games: the board `R::NAME("text")` as the position
/// language reads it.
pub(crate) fn board<R: crate::boards::grid::BoardRules>(
    text: &str,
) -> crate::boards::grid::Board<R> {
    let p = parse(&format!("{}(\"{text}\")", R::NAME)).unwrap();
    p.components()[0]
        .downcast_ref::<crate::boards::grid::Board<R>>()
        .unwrap()
        .clone()
}

/// For tests of board games: [`assert_value_agrees_with_search`] on each
/// of `boards`; how many there were.
pub(crate) fn assert_boards_agree_with_search<R: crate::boards::grid::BoardRules>(
    boards: impl Iterator<Item = crate::boards::grid::Grid>,
) -> usize {
    boards
        .map(|grid| {
            assert_value_agrees_with_search(Arc::new(crate::boards::grid::Board::<R>::from_grid(
                grid,
            )))
        })
        .count()
}

/// For tests of partizan rulesets: that `name(text, negative(text))` is 0
/// for each of `texts` (a game plus its negative is a second-player win).
pub(crate) fn assert_negatives(name: &str, texts: &[&str], negative: impl Fn(&str) -> String) {
    for text in texts {
        let sum = format!("{name}(\"{text}\", \"{}\")", negative(text));
        assert_eq!(canonical_text(&sum), "0", "{sum}");
    }
}

/// For tests of Hackenbush games: every connected multigraph of up to 4
/// edges (loops allowed), built edge by edge from the ground, each edge of
/// any of the three colours, as `component` makes it (through normalised
/// keys, regions, stalks), valued with one solver for all so that a key
/// shared by two different graphs would show, against the value from the
/// rules on the raw edge sets with `may_cut` (see
/// [`hackenbush_value_by_rules`]); up to 3 edges, also the outcome of the
/// search of the whole graph.
pub(crate) fn assert_small_graphs_have_the_values_of_their_rules(
    component: &dyn Fn(crate::graphs::hackenbush::RawGraph) -> Arc<dyn Component>,
    may_cut: &dyn Fn(crate::graphs::hackenbush::Colour, u32, u32) -> bool,
) {
    let mut solver = sprague::CanonicalSolver::new(Budget::DEFAULT);
    let mut checked = 0;
    for graphs in small_hackenbush_graphs(4) {
        for (n_vertices, edges) in &graphs {
            let c = component(crate::graphs::hackenbush::RawGraph {
                n_vertices: *n_vertices,
                edges: edges.clone(),
            });
            let g = solver.component(&c).unwrap();
            let expected = hackenbush_value_by_rules(edges, &mut solver.arena, may_cut);
            assert_eq!(g, expected, "{edges:?} written {}", c.text());
            if edges.len() <= 3 {
                assert_value_agrees_with_search(c);
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 6 + 63 + 1_080 + 26_811);
}

/// Every connected multigraph of 1 to `max_edges` edges on a ground
/// (vertex 0; loops allowed), built edge by edge from the ground, each
/// edge of any of the three colours: `(n_vertices, edges)`, by number of
/// edges (entry `k` has `k + 1` edges).
fn small_hackenbush_graphs(
    max_edges: usize,
) -> Vec<Vec<(usize, Vec<crate::graphs::hackenbush::Edge>)>> {
    use crate::graphs::hackenbush::Colour;
    let colours = [Colour::Blue, Colour::Red, Colour::Green];
    let mut graphs: Vec<(usize, Vec<crate::graphs::hackenbush::Edge>)> = vec![(1, Vec::new())];
    let mut by_size = Vec::new();
    for _ in 1..=max_edges {
        let mut longer = Vec::new();
        for (n_vertices, edges) in &graphs {
            for a in 0..*n_vertices {
                for b in a..=*n_vertices {
                    for &colour in &colours {
                        let mut e = edges.clone();
                        e.push((a, b, colour));
                        longer.push((n_vertices + usize::from(b == *n_vertices), e));
                    }
                }
            }
        }
        graphs = longer;
        by_size.push(graphs.clone());
    }
    by_size
}

/// The value of the Hackenbush graph `edges` (vertex 0 the ground) from
/// the rules alone: positions are the sets of edges still standing, an
/// edge falls when no path of standing edges joins it to the ground, and
/// an edge of colour `c` whose cut leaves `after` standing of `before` may
/// be cut when `may_cut(c, before_minus_it, after)` (Childish Hackenbush
/// forbids a blue or red cut that brings anything down).
fn hackenbush_value_by_rules(
    edges: &[crate::graphs::hackenbush::Edge],
    arena: &mut sprague_partizan::cgt::CanonicalArena,
    may_cut: &dyn Fn(crate::graphs::hackenbush::Colour, u32, u32) -> bool,
) -> sprague_partizan::cgt::GameId {
    use crate::graphs::hackenbush::{Colour, Edge};
    use rustc_hash::FxHashMap;
    use sprague_game::Side;
    use sprague_partizan::cgt::{CanonicalArena, GameId};
    fn grounded(edges: &[Edge], mut mask: u32) -> u32 {
        let mut reached = 1u64;
        loop {
            let before = reached;
            for (i, &(a, b, _)) in edges.iter().enumerate() {
                if mask >> i & 1 == 1 && (reached >> a & 1 == 1 || reached >> b & 1 == 1) {
                    reached |= 1 << a | 1 << b;
                }
            }
            if reached == before {
                break;
            }
        }
        for (i, &(a, _, _)) in edges.iter().enumerate() {
            if reached >> a & 1 == 0 {
                mask &= !(1 << i);
            }
        }
        mask
    }
    fn value(
        edges: &[Edge],
        mask: u32,
        memo: &mut FxHashMap<u32, GameId>,
        arena: &mut CanonicalArena,
        may_cut: &dyn Fn(Colour, u32, u32) -> bool,
    ) -> GameId {
        if let Some(&g) = memo.get(&mask) {
            return g;
        }
        let mut sides = [Vec::new(), Vec::new()];
        for (i, &(_, _, colour)) in edges.iter().enumerate() {
            if mask >> i & 1 == 0 {
                continue;
            }
            let cut = mask & !(1 << i);
            let after = grounded(edges, cut);
            if !may_cut(colour, cut, after) {
                continue;
            }
            for (k, side) in [Side::Left, Side::Right].into_iter().enumerate() {
                if colour.cut_by(side) {
                    let g = value(edges, after, memo, arena, may_cut);
                    sides[k].push(g);
                }
            }
        }
        let g = arena.form(&sides[0], &sides[1]).unwrap();
        memo.insert(mask, g);
        g
    }
    let all = grounded(edges, (1 << edges.len()) - 1);
    value(edges, all, &mut FxHashMap::default(), arena, may_cut)
}

/// For tests of heap games: on every heap up to `heaps`, the value the
/// rules give against the mex of the values of the heap's moves, `values`
/// against `grundy`, a certified period against the values, and, on the
/// heaps up to 64, `moves_to_grundy` against the moves filtered by value
/// (every target up to two past the largest value).
pub(crate) fn assert_heap_rules_agree<R: crate::heaps::heap::HeapRules>(rules: &R, heaps: u64) {
    use crate::heaps::heap::Heap;
    use sprague_game::Impartial;
    use sprague_impartial::nimber::Nimber;
    let budget = Budget::DEFAULT;
    let mut values = Vec::new();
    for n in 0..=heaps {
        let heap = Heap::new(rules.clone(), n);
        let mut options: Vec<u64> = heap
            .moves(&budget)
            .unwrap()
            .iter()
            .map(|m| m.grundy(&budget).unwrap().0)
            .collect();
        options.sort_unstable();
        options.dedup();
        let mex = options
            .iter()
            .enumerate()
            .find(|&(i, &v)| v != i as u64)
            .map_or(options.len() as u64, |(i, _)| i as u64);
        let g = heap.grundy(&budget).unwrap().0;
        assert_eq!(g, mex, "{}: the rules against the mex", heap.text());
        values.push(Nimber(g));
    }
    assert_eq!(rules.values(0, heaps, &budget).unwrap(), values);
    if let Some(p) = rules.periodicity(&budget).unwrap().filter(|p| p.certified) {
        for n in p.preperiod..=heaps.saturating_sub(p.period) {
            let (now, later) = (values[n as usize].0, values[(n + p.period) as usize].0);
            assert_eq!(later, now + p.saltus, "{}: period at {n}", rules.ruleset());
        }
    }
    let targets = values.iter().map(|v| v.0).max().unwrap_or(0) + 2;
    for n in 0..=heaps.min(64) {
        crate::common::assert_moves_to_grundy_agree(&Heap::new(rules.clone(), n), targets);
    }
}

/// Bad positions of the rulesets that read numbers, each with what the
/// error is about (`parameters` or `arguments`) and, where it matters, the
/// bytes it points at: `TEXT => KIND [START..END]`.
const REFUSALS: &str = r#"
bash[0](5) => parameters 5..6
bash(5) => parameters
bash[2,3](5) => parameters 4..9
circle[5,0](0, 0) => parameters 9..10
circle[5,1](4, 4) => arguments
circle[5](0, 0) => parameters
circle[5,1](0) => arguments
fibonacci(1, 2, 3) => arguments 9..18
fibonacci() => arguments
fibonacci[2](5) => parameters
moore[0](1, 2) => parameters 6..7
moore(1, 2) => parameters
moore[2]() => arguments
nosum[1](5) => parameters 6..7
nosum[3](5, 4) => arguments 12..13
nosum[3](5, 0) => arguments
nosum[3](1, 2, 3) => arguments
nosum(5) => parameters
sequential[0](1, 2) => parameters 11..12
sequential[1,2](1, 2) => parameters
sequential() => arguments
georgia(3, 0) => arguments 11..12
georgia(3, 5, 3) => arguments 14..15
staircase() => arguments
staircase[1](2) => parameters
staircase(18446744073709551615, 1) => arguments 9..34
tree_staircase[0]("1-2", 1, 1) => parameters 15..16
tree_staircase[1]("1-2 2-1", 1, 1) => arguments
tree_staircase[1]("1-3", 1, 1) => arguments 18..23
tree_staircase[1, 3]("1-2", 1, 1) => parameters
tree_staircase("1-2", 1, 1) => parameters
tree_staircase[1]("1-2", 18446744073709551615, 1) => arguments
tree_staircase[1](1, 1) => arguments
wythoff(1, 2, 3) => arguments 7..16
wythoff[2](1, 2) => parameters
wythoff("a", 2) => arguments 8..11
"#;

#[test]
fn bad_numbers_are_refused_with_their_span() {
    use sprague_core::error::ParseErrorKind;
    for line in REFUSALS.lines().filter(|l| !l.is_empty()) {
        let (text, expected) = line.split_once(" => ").unwrap();
        let e = parse(text).unwrap_err();
        let (kind, span) = expected.split_once(' ').unwrap_or((expected, ""));
        let about = match e.kind {
            ParseErrorKind::BadParameters { .. } => "parameters",
            ParseErrorKind::BadArguments { .. } => "arguments",
            _ => "something else",
        };
        assert_eq!(about, kind, "{text}: {e}");
        if let Some((start, end)) = span.split_once("..") {
            let span = start.parse().unwrap()..end.parse().unwrap();
            assert_eq!(e.span, span, "{text}: {e}");
        }
    }
}

/// For tests of sum rules: that a rule's answer for `p` — the outcome and,
/// as positions, Left's winning moves — is what the whole-sum `search`
/// finds: every move reported wins, and every winning move is reported.
pub(crate) fn assert_rule_agrees_with_search(
    p: &sprague::Position,
    answer: &(sprague_core::outcome::Outcome, Vec<String>),
    search: &mut sprague::SumSearch,
    budget: &Budget,
) {
    let wins = search
        .wins(p.components(), sprague_game::Side::Left)
        .unwrap();
    assert_eq!(answer.0 == sprague_core::outcome::Outcome::N, wins, "{p}");
    assert_eq!(answer.1, winning_moves_by_search(p, search, budget), "{p}");
}

/// For tests of sum rules: `rule`'s verdict on `p` for Left, with up to
/// `max` winning moves, each as the position it leads to; `None` when the
/// rule declines the sum.
pub(crate) fn rule_answer(
    rule: &dyn sprague_game::SumRule,
    p: &sprague::Position,
    play: sprague_game::Play,
    max: usize,
) -> Option<(sprague_core::outcome::Outcome, Vec<String>)> {
    let components = p.components();
    let v = rule
        .verdict(
            components,
            play,
            sprague_game::Side::Left,
            max,
            &Budget::DEFAULT,
        )?
        .unwrap();
    let moves = v
        .winning_moves
        .into_iter()
        .map(|(i, m)| p.replace(i, &m.to).to_string())
        .collect();
    Some((v.outcome, moves))
}

/// Whether the player to move (`left`) wins the sum `position` (its
/// parts, sorted) when moves are `moves(part, left)`: the search of the
/// whole game, no values and no sums of values.
fn wins<P: Clone + Ord + std::hash::Hash>(
    position: Vec<P>,
    left: bool,
    moves: &dyn Fn(&P, bool) -> Vec<Vec<P>>,
    memo: &mut HashMap<(Vec<P>, bool), bool>,
) -> bool {
    if let Some(&w) = memo.get(&(position.clone(), left)) {
        return w;
    }
    let mut win = false;
    'parts: for i in 0..position.len() {
        for option in moves(&position[i], left) {
            let mut next = position.clone();
            next.remove(i);
            next.extend(option);
            next.sort();
            if !wins(next, !left, moves, memo) {
                win = true;
                break 'parts;
            }
        }
    }
    memo.insert((position, left), win);
    win
}

/// For tests of rulesets against their rules written again in the test
/// (`moves` lists the parts a part's option leaves): the outcome class of
/// the sum of `position`'s parts by the search of the whole game, Left and
/// Right each moving first.
pub(crate) fn outcome_by_search<P: Clone + Ord + std::hash::Hash>(
    mut position: Vec<P>,
    moves: &dyn Fn(&P, bool) -> Vec<Vec<P>>,
) -> Outcome {
    position.sort();
    let mut memo = HashMap::new();
    let left = wins(position.clone(), true, moves, &mut memo);
    let right = wins(position, false, moves, &mut memo);
    Outcome::from_partizan(left, right)
}

/// The outcome class of the canonical value of the position `text`.
pub(crate) fn outcome_of(text: &str) -> Outcome {
    let p = parse(text).unwrap();
    let mut solver = sprague::CanonicalSolver::new(Budget::DEFAULT);
    let g = solver.sum(p.components()).unwrap();
    solver.arena.outcome(g).unwrap()
}

/// The Grundy value of the impartial position `text`.
pub(crate) fn grundy_of(text: &str) -> u64 {
    parse(text).unwrap().components()[0]
        .grundy(&Budget::DEFAULT)
        .unwrap()
        .0
}

/// Checks a row of published Grundy values (CGSuite's `[G(n).NimValue
/// for n from 0 to ...]`): `values[n]` is the value of `position(n)`.
pub(crate) fn assert_grundy_row(position: impl Fn(u64) -> String, values: &[u64]) {
    for (n, &value) in (0u64..).zip(values) {
        let text = position(n);
        assert_eq!(grundy_of(&text), value, "{text}");
    }
}

/// The number of moves of the position `text`'s first component for Left
/// (any player's, for an impartial one).
pub(crate) fn n_moves_of(text: &str) -> usize {
    parse(text).unwrap().components()[0]
        .moves_of(sprague_game::Side::Left, &Budget::DEFAULT)
        .unwrap()
        .len()
}
