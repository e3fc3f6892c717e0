//! What the rulesets' unit tests share (compiled for tests only, and
//! outside the layering of the library's code).

use std::sync::Arc;

use crate::budget::Budget;
use crate::game::Component;

/// For tests of partizan rulesets: the canonical value of the position
/// `text`, printed.
pub(crate) fn canonical_text(text: &str) -> String {
    let p = crate::position::Position::parse(text).unwrap();
    let mut solver = crate::solve::canonical::CanonicalSolver::new(Budget::DEFAULT);
    let g = solver.sum(p.components()).unwrap();
    solver.arena.display(g).unwrap()
}

/// For tests of partizan rulesets: that the outcome class of `component`'s
/// canonical value (regions valued apart) is the one a search of the whole
/// game finds, Left and Right each moving first.
pub(crate) fn assert_value_agrees_with_search(component: Arc<dyn Component>) {
    use crate::game::{Play, Side};
    let components = [component];
    let mut solver = crate::solve::canonical::CanonicalSolver::new(Budget::DEFAULT);
    let g = solver.sum(&components).unwrap();
    let from_value = solver.arena.outcome(g).unwrap();
    let mut search = crate::solve::search::SumSearch::new(Play::Normal, Budget::DEFAULT);
    let left = search.wins(&components, Side::Left).unwrap();
    let right = search.wins(&components, Side::Right).unwrap();
    assert_eq!(
        from_value,
        crate::outcome::Outcome::from_partizan(left, right),
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
    p: &crate::position::Position,
    search: &mut crate::solve::search::SumSearch,
    budget: &Budget,
) -> Vec<String> {
    use crate::game::Side;
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
) -> impl Iterator<Item = super::grid::Grid> {
    let k = codes.len();
    shapes.iter().flat_map(move |&(rows, cols)| {
        let n = rows * cols;
        (0..k.pow(n as u32)).map(move |code| super::grid::Grid {
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
pub(crate) fn board<R: super::grid::BoardRules>(text: &str) -> super::grid::Board<R> {
    let p = crate::position::Position::parse(&format!("{}(\"{text}\")", R::NAME)).unwrap();
    p.components()[0]
        .downcast_ref::<super::grid::Board<R>>()
        .unwrap()
        .clone()
}

/// For tests of board games: [`assert_value_agrees_with_search`] on each
/// of `boards`; how many there were.
pub(crate) fn assert_boards_agree_with_search<R: super::grid::BoardRules>(
    boards: impl Iterator<Item = super::grid::Grid>,
) -> usize {
    boards
        .map(|grid| {
            assert_value_agrees_with_search(Arc::new(super::grid::Board::<R>::from_grid(grid)))
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
