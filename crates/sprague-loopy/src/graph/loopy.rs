//! The generalised Sprague–Grundy function of loopy graphs, which decides
//! sums of tokens on graphs with cycles.
//!
//! **Definition** (C. A. B. Smith, "Graphs and composite games", J. Comb.
//! Theory 1 (1966); A. S. Fraenkel and Y. Yesha, "The generalized
//! Sprague–Grundy function and its invariance under certain mappings", J.
//! Comb. Theory A 43 (1986)). Each vertex `u` gets a value `γ(u)`, either a
//! number `g` or `∞(K)`, where `K` is the set of finite values of the
//! successors of `u`. `γ(u) = g` is finite exactly when
//!
//! - (A) no successor has value `g`;
//! - (B) for every `b < g` some successor has value `b`;
//! - (C) every successor `v` with `γ(v) > g` (an ∞ counts as larger than
//!   every number) has itself a successor of value `g`: a move up can be
//!   reversed.
//!
//! On an acyclic graph this is the ordinary Sprague–Grundy function.
//!
//! **Algorithm** (Fraenkel–Yesha; Fraenkel's survey "Combinatorial game
//! theory foundations applied to digraph kernels", 1997): for `i = 0, 1,
//! 2, ...`, label `i` every unlabelled vertex `u` with no successor labelled
//! `i` all of whose unlabelled or ∞-labelled successors have a successor
//! labelled `i`, as long as one exists; then label ∞ every unlabelled vertex
//! without a successor labelled `i`; stop when nothing is unlabelled. Each
//! round here is O(V + E): a vertex keeps a counter of its successors that
//! are not yet "reversible" (unlabelled or ∞ and without a successor
//! labelled `i`), and becomes ready when it drops to 0. A vertex still
//! unlabelled after round `i` has successors labelled `0..=i`, so there are
//! at most (largest out-degree + 2) rounds.
//!
//! **Sums** (Smith; Fraenkel–Yesha, Theorem 3; also Siegel, *Combinatorial
//! Game Theory*, ch. IV): the value of a sum is the generalised nim-sum of
//! the values of its parts, `a ⊕ b` for numbers, `∞(K) ⊕ a = ∞(K ⊕ a)`
//! (every element of `K` xor `a`), and `∞(K) ⊕ ∞(L) = ∞(∅)`. A position of
//! value 0 is P, a nonzero number or an `∞(K)` with `0 ∈ K` is N, an `∞(K)`
//! with `0 ∉ K` is a draw. So a sum of tokens is P iff every value is
//! finite with nim-sum 0; a draw iff two or more values are infinite, or
//! exactly one is `∞(K)` and the nim-sum `a` of the others is not in `K`;
//! N otherwise. The tests check this against retrograde analysis of the
//! product graph of two and three tokens.

use sprague_core::outcome::Outcome;
use std::fmt;

use super::Graph;

/// A value of the generalised Sprague–Grundy function: a number, or ∞ with
/// the set of finite values of the successors.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum LoopyValue {
    /// A finite value: the position is equivalent to a Nim heap of this
    /// size, even in sums with loopy games.
    Finite(u64),
    /// `∞(K)`: `K`, sorted and without repeats, is the set of finite values
    /// the position can move to.
    Infinite(Vec<u64>),
}

impl LoopyValue {
    /// `∞(K)` for the values in `k`, in any order, with repeats.
    pub fn infinite(mut k: Vec<u64>) -> LoopyValue {
        k.sort_unstable();
        k.dedup();
        LoopyValue::Infinite(k)
    }

    /// Who wins a position of this value: `P` for 0, `N` for another number
    /// or an `∞(K)` with 0 in `K` (move to a position of value 0), `D` for
    /// the other `∞(K)`.
    pub fn outcome(&self) -> Outcome {
        match self {
            LoopyValue::Finite(0) => Outcome::P,
            LoopyValue::Finite(_) => Outcome::N,
            LoopyValue::Infinite(k) if k.first() == Some(&0) => Outcome::N,
            LoopyValue::Infinite(_) => Outcome::D,
        }
    }

    /// The generalised nim-sum: the value of the sum of two positions.
    pub fn sum(&self, other: &LoopyValue) -> LoopyValue {
        match (self, other) {
            (LoopyValue::Finite(a), LoopyValue::Finite(b)) => LoopyValue::Finite(a ^ b),
            (LoopyValue::Infinite(k), LoopyValue::Finite(a))
            | (LoopyValue::Finite(a), LoopyValue::Infinite(k)) => {
                LoopyValue::infinite(k.iter().map(|x| x ^ a).collect())
            }
            (LoopyValue::Infinite(_), LoopyValue::Infinite(_)) => LoopyValue::Infinite(Vec::new()),
        }
    }

    /// The finite value, if there is one.
    pub fn finite(&self) -> Option<u64> {
        match self {
            LoopyValue::Finite(g) => Some(*g),
            LoopyValue::Infinite(_) => None,
        }
    }
}

impl fmt::Display for LoopyValue {
    /// A number, or `∞{0,2}`: ∞ with its set of finite successor values
    /// (`∞{}` when there are none).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoopyValue::Finite(g) => write!(f, "{g}"),
            LoopyValue::Infinite(k) => {
                f.write_str("∞{")?;
                for (i, x) in k.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{x}")?;
                }
                f.write_str("}")
            }
        }
    }
}

/// The generalised Sprague–Grundy value of every vertex of a graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopyGrundy {
    /// The finite value, or [`INFINITE`].
    values: Vec<u32>,
    /// Fraenkel's counter function: the order in which the finite values
    /// were assigned (`u32::MAX` for ∞).
    counter: Vec<u32>,
}

/// The tokens' (value, counter) pairs, largest first.
type Potential = Vec<(u32, u32)>;

const INFINITE: u32 = u32::MAX;
const UNLABELLED: u32 = u32::MAX - 1;

impl LoopyGrundy {
    /// Computes the value of every vertex of `graph`; `reverse` is
    /// `graph.transpose()`.
    ///
    /// # Examples
    ///
    /// ```
    /// use sprague_loopy::graph::{Graph, LoopyGrundy, LoopyValue};
    /// // 0 <-> 1, 1 -> 2 -> 3: 3 is terminal (0), 2 moves only to it (1).
    /// // Neither 0 nor 1 has a successor of value 0, and they reach each
    /// // other, so both are ∞: 0 is ∞{} and 1 is ∞{1}, a draw each.
    /// let g = Graph::parse("4 4\n0 1\n1 0\n1 2\n2 3\n").unwrap();
    /// let values = LoopyGrundy::new(&g, &g.transpose());
    /// assert_eq!(values.value(&g, 3), LoopyValue::Finite(0));
    /// assert_eq!(values.value(&g, 2), LoopyValue::Finite(1));
    /// assert_eq!(values.value(&g, 1).to_string(), "∞{1}");
    /// assert_eq!(values.value(&g, 0).to_string(), "∞{}");
    /// ```
    pub fn new(graph: &Graph, reverse: &Graph) -> LoopyGrundy {
        let n = graph.n_vertices() as usize;
        let mut values = vec![UNLABELLED; n];
        let mut counter = vec![u32::MAX; n];
        let mut assigned: u32 = 0;
        let mut unlabelled = n;
        // `has_i[v]`: `v` has a successor labelled `i` in this round.
        let mut has_i = vec![false; n];
        // `pending[u]`: successors of `u` that are unlabelled or ∞ and have
        // no successor labelled `i` yet.
        let mut pending = vec![0u32; n];
        let mut queue: Vec<u32> = Vec::new();
        let mut i: u32 = 0;
        while unlabelled > 0 {
            queue.clear();
            for u in 0..n as u32 {
                has_i[u as usize] = false;
                if values[u as usize] != UNLABELLED {
                    continue;
                }
                let p = graph
                    .successors(u)
                    .iter()
                    .filter(|&&v| values[v as usize] >= UNLABELLED)
                    .count() as u32;
                pending[u as usize] = p;
                if p == 0 {
                    queue.push(u);
                }
            }
            while let Some(u) = queue.pop() {
                let ui = u as usize;
                if values[ui] != UNLABELLED || has_i[ui] {
                    continue;
                }
                values[ui] = i;
                counter[ui] = assigned;
                assigned += 1;
                unlabelled -= 1;
                for &p in reverse.successors(u) {
                    let pi = p as usize;
                    if has_i[pi] {
                        continue;
                    }
                    has_i[pi] = true;
                    // `p` is now reversible through `u` for the vertices
                    // that can move to it, if it is unlabelled or ∞.
                    if values[pi] >= UNLABELLED {
                        for &q in reverse.successors(p) {
                            let qi = q as usize;
                            if values[qi] == UNLABELLED {
                                pending[qi] -= 1;
                                if pending[qi] == 0 && !has_i[qi] {
                                    queue.push(q);
                                }
                            }
                        }
                    }
                }
            }
            for u in 0..n {
                if values[u] == UNLABELLED && !has_i[u] {
                    values[u] = INFINITE;
                    unlabelled -= 1;
                }
            }
            i += 1;
        }
        LoopyGrundy { values, counter }
    }

    /// Fraenkel's counter function `c(v)` for a vertex of finite value: the
    /// order in which the algorithm assigned the finite values. If `γ(u) =
    /// g` and a move from `u` goes to `v` with `γ(v) > g` (or ∞), then `v`
    /// has a move to some `w` with `γ(w) = g` and `c(w) < c(u)`: when `u` was
    /// labelled, `v` was unlabelled or ∞ and already had such a `w`
    /// (Fraenkel and Yesha 1986). Reversing moves by least counter makes
    /// progress.
    pub fn counter(&self, v: u32) -> Option<u32> {
        let c = self.counter[v as usize];
        (c != u32::MAX).then_some(c)
    }

    /// The tokens' (value, counter) pairs, largest first: comparing these
    /// lexicographically is the multiset order on them.
    fn potential(&self, tokens: &[u32]) -> Potential {
        let mut p: Vec<(u32, u32)> = tokens
            .iter()
            .map(|&t| (self.values[t as usize], self.counter[t as usize]))
            .collect();
        p.sort_unstable_by(|a, b| b.cmp(a));
        p
    }

    /// The finite value of `v`, or `None` for an ∞.
    pub fn finite(&self, v: u32) -> Option<u32> {
        let g = self.values[v as usize];
        (g != INFINITE).then_some(g)
    }

    /// The value of `v`, with the set `K` of an ∞ read off its successors.
    pub fn value(&self, graph: &Graph, v: u32) -> LoopyValue {
        match self.finite(v) {
            Some(g) => LoopyValue::Finite(u64::from(g)),
            None => LoopyValue::infinite(
                graph
                    .successors(v)
                    .iter()
                    .filter_map(|&s| self.finite(s).map(u64::from))
                    .collect(),
            ),
        }
    }

    /// The value of the sum of tokens on `tokens`.
    pub fn sum_value(&self, graph: &Graph, tokens: &[u32]) -> LoopyValue {
        tokens.iter().fold(LoopyValue::Finite(0), |acc, &t| {
            acc.sum(&self.value(graph, t))
        })
    }

    /// The best move in the sum of tokens on `tokens`, as (token index,
    /// vertex moved to): if the sum is N, the move to a P position whose
    /// tokens' (value, counter) pairs are least in the multiset order; if it
    /// is drawn, the first move (by token, then edge) to a drawn position;
    /// `None` if the sum is P (every move loses).
    ///
    /// Always choosing the least P position wins in finitely many moves.
    /// Each P position has only finite values; after the opponent's move
    /// from one, either a token's value went down (the position's multiset
    /// is already smaller, and the Nim move that lowers a value keeps it
    /// so), or a token went from `u` up to a larger or infinite value, and
    /// moving it back to a `w` with `γ(w) = γ(u)` and `c(w) < c(u)` (see
    /// [`LoopyGrundy::counter`]) gives a smaller multiset. Either way the
    /// winner's positions strictly decrease in a well-founded order
    /// (Dershowitz–Manna), so play ends. The tests check this on every
    /// position of two and three tokens.
    pub fn best_move(&self, graph: &Graph, tokens: &[u32]) -> Option<(usize, u32)> {
        let wanted = match self.sum_value(graph, tokens).outcome() {
            Outcome::N => Outcome::P,
            Outcome::D => Outcome::D,
            _ => return None,
        };
        let mut after = tokens.to_vec();
        // The least potential so far, with its move.
        let mut best: Option<(Potential, usize, u32)> = None;
        for (i, &t) in tokens.iter().enumerate() {
            for &s in graph.successors(t) {
                after[i] = s;
                if self.sum_value(graph, &after).outcome() == wanted {
                    if wanted == Outcome::D {
                        return Some((i, s));
                    }
                    let p = self.potential(&after);
                    if best.as_ref().is_none_or(|(q, _, _)| p < *q) {
                        best = Some((p, i, s));
                    }
                }
            }
            after[i] = t;
        }
        best.map(|(_, i, s)| (i, s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::{Retrograde, grundy_acyclic};
    use proptest::prelude::*;

    fn loopy_graph(max_n: u32, max_edges: usize) -> impl Strategy<Value = Graph> {
        (1u32..=max_n).prop_flat_map(move |n| {
            proptest::collection::vec((0..n, 0..n), 0..=max_edges)
                .prop_map(move |edges| Graph::from_pairs(n, &edges))
        })
    }

    /// The product graph of `k` tokens on `g`: a vertex is a tuple of token
    /// positions (base-n digits), a move moves one token along an edge.
    fn product(g: &Graph, k: u32) -> Graph {
        let n = g.n_vertices();
        let size = n.pow(k);
        let mut edges = Vec::new();
        for x in 0..size {
            let mut place = 1;
            for _ in 0..k {
                let t = (x / place) % n;
                for &s in g.successors(t) {
                    edges.push((x, x - t * place + s * place));
                }
                place *= n;
            }
        }
        Graph::from_pairs(size, &edges)
    }

    fn tokens_of(x: u32, n: u32, k: u32) -> Vec<u32> {
        (0..k).map(|i| (x / n.pow(i)) % n).collect()
    }

    /// Checks the sum rule, and the best moves, on every position of `k`
    /// tokens against retrograde analysis of the product graph.
    fn check_sums(g: &Graph, k: u32) -> Result<(), TestCaseError> {
        let values = LoopyGrundy::new(g, &g.transpose());
        let p = product(g, k);
        let truth = Retrograde::new(&p, &p.transpose());
        let n = g.n_vertices();
        for x in 0..p.n_vertices() {
            let tokens = tokens_of(x, n, k);
            let outcome = values.sum_value(g, &tokens).outcome();
            prop_assert_eq!(outcome, truth.outcome(x), "tokens {:?}", tokens);
            if let Some((i, s)) = values.best_move(g, &tokens) {
                let mut after = tokens.clone();
                after[i] = s;
                let y = after.iter().rev().fold(0, |acc, &t| acc * n + t);
                let wanted = if outcome == Outcome::N {
                    Outcome::P
                } else {
                    Outcome::D
                };
                prop_assert_eq!(truth.outcome(y), wanted);
            } else {
                prop_assert!(outcome == Outcome::P, "no move from {:?}", tokens);
            }
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn one_token_agrees_with_retrograde_analysis(g in loopy_graph(12, 30)) {
            let values = LoopyGrundy::new(&g, &g.transpose());
            let r = Retrograde::new(&g, &g.transpose());
            for v in 0..g.n_vertices() {
                prop_assert_eq!(values.value(&g, v).outcome(), r.outcome(v));
            }
        }

        #[test]
        fn two_tokens_agree_with_the_product_graph(g in loopy_graph(7, 16)) {
            check_sums(&g, 2)?;
        }

        #[test]
        fn values_satisfy_the_definition(g in loopy_graph(10, 25)) {
            let values = LoopyGrundy::new(&g, &g.transpose());
            for u in 0..g.n_vertices() {
                let succ = g.successors(u);
                match values.finite(u) {
                    Some(x) => {
                        // (A), (B) and (C) of the definition.
                        prop_assert!(succ.iter().all(|&v| values.finite(v) != Some(x)));
                        for b in 0..x {
                            prop_assert!(succ.iter().any(|&v| values.finite(v) == Some(b)));
                        }
                        for &v in succ {
                            if values.finite(v).is_none_or(|y| y > x) {
                                prop_assert!(g.successors(v).iter().any(|&w| values.finite(w) == Some(x)));
                            }
                        }
                    }
                    None => {
                        // An ∞ vertex has an ∞ successor (else the mex of
                        // its successors' values would satisfy A–C).
                        prop_assert!(succ.iter().any(|&v| values.finite(v).is_none()));
                    }
                }
            }
        }
    }

    /// Whether the winner, always playing [`LoopyGrundy::best_move`], wins
    /// in finitely many moves from every N position of `k` tokens whatever
    /// the opponent does: the graph of the winner's turns (each linked to
    /// the turns after every reply) must have no cycle.
    fn check_progress(g: &Graph, k: u32) -> Result<(), TestCaseError> {
        let values = LoopyGrundy::new(g, &g.transpose());
        check_progress_with(g, k, &|tokens| {
            values.best_move(g, tokens).expect("a winning move")
        })
    }

    fn check_progress_with(
        g: &Graph,
        k: u32,
        choose: &dyn Fn(&[u32]) -> (usize, u32),
    ) -> Result<(), TestCaseError> {
        let values = LoopyGrundy::new(g, &g.transpose());
        let n = g.n_vertices();
        let size = n.pow(k);
        let encode = |t: &[u32]| t.iter().rev().fold(0, |acc, &x| acc * n + x);
        // 0 unvisited, 1 on the DFS path, 2 done.
        let mut mark = vec![0u8; size as usize];
        for start in 0..size {
            let tokens = tokens_of(start, n, k);
            if values.sum_value(g, &tokens).outcome() != Outcome::N || mark[start as usize] != 0 {
                continue;
            }
            // Iterative DFS over the winner's turns.
            let mut stack: Vec<(u32, Vec<u32>, usize)> = Vec::new();
            let next_turns = |x: u32| -> Vec<u32> {
                let mut tokens = tokens_of(x, n, k);
                let (i, s) = choose(&tokens);
                tokens[i] = s;
                let mut turns = Vec::new();
                for j in 0..k as usize {
                    let t = tokens[j];
                    for &r in g.successors(t) {
                        tokens[j] = r;
                        turns.push(encode(&tokens));
                    }
                    tokens[j] = t;
                }
                turns
            };
            mark[start as usize] = 1;
            stack.push((start, next_turns(start), 0));
            while let Some((_, turns, idx)) = stack.last_mut() {
                if *idx == turns.len() {
                    let (x, _, _) = stack.pop().unwrap();
                    mark[x as usize] = 2;
                    continue;
                }
                let y = turns[*idx];
                *idx += 1;
                match mark[y as usize] {
                    1 => prop_assert!(
                        false,
                        "the winner's play can cycle through {:?}",
                        tokens_of(y, n, k)
                    ),
                    0 => {
                        mark[y as usize] = 1;
                        stack.push((y, next_turns(y), 0));
                    }
                    _ => {}
                }
            }
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]
        #[test]
        fn the_winner_makes_progress_with_two_tokens(g in loopy_graph(6, 14)) {
            check_progress(&g, 2)?;
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(150))]
        #[test]
        fn analyze_makes_progress_too(g in loopy_graph(5, 12)) {
            // The same check with the first winning move of `analyze` on
            // the graph ruleset, which uses the components' counters.
            let mut text = format!("{} {}\n", g.n_vertices(), g.n_edges());
            for v in 0..g.n_vertices() {
                for &s in g.successors(v) {
                    text.push_str(&format!("{v} {s}\n"));
                }
            }
            let dir = std::env::temp_dir().join(format!("sprague-loopy-{}", std::process::id()));
            std::fs::create_dir_all(&dir).unwrap();
            let path = dir.join(format!("g{}.txt", text.len() * 31 + text.bytes().map(usize::from).sum::<usize>()));
            std::fs::write(&path, &text).unwrap();
            let path = path.to_str().unwrap().to_string();
            check_progress_with(&g, 2, &|tokens| {
                let p = sprague::Position::parse(&format!("graph[\"{path}\"]({}, {})", tokens[0], tokens[1])).unwrap();
                let a = sprague::analyze(&p, sprague::Play::Normal, false, &sprague::Budget::DEFAULT).unwrap();
                let m = &a.winning_moves[0];
                let to: u32 = m.to.components()[m.component].args().parse().unwrap();
                (m.component, to)
            })?;
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn the_winner_makes_progress_with_three_tokens(g in loopy_graph(4, 9)) {
            check_progress(&g, 3)?;
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(600))]
        #[test]
        fn three_tokens_agree_with_the_product_graph(g in loopy_graph(5, 10)) {
            check_sums(&g, 3)?;
        }
    }

    #[test]
    fn acyclic_graphs_get_their_grundy_values() {
        let g = Graph::parse("5 6\n0 1\n1 2\n0 2\n3 0\n3 4\n4 2\n").unwrap();
        let values = LoopyGrundy::new(&g, &g.transpose());
        let plain = grundy_acyclic(&g).unwrap();
        for v in 0..5 {
            assert_eq!(values.finite(v), Some(plain[v as usize]));
        }
    }

    #[test]
    fn nim_sum_of_loopy_values() {
        let k = LoopyValue::infinite(vec![2, 0, 2]);
        assert_eq!(k.to_string(), "∞{0,2}");
        assert_eq!(k.outcome(), Outcome::N);
        let shifted = k.sum(&LoopyValue::Finite(2));
        assert_eq!(shifted.to_string(), "∞{0,2}");
        assert_eq!(k.sum(&LoopyValue::Finite(1)).to_string(), "∞{1,3}");
        assert_eq!(k.sum(&LoopyValue::Finite(1)).outcome(), Outcome::D);
        assert_eq!(k.sum(&k).to_string(), "∞{}");
        assert_eq!(
            LoopyValue::Finite(3).sum(&LoopyValue::Finite(5)),
            LoopyValue::Finite(6)
        );
    }
}
