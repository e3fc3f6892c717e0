//! Staircase Nim on a tree (Codeforces 1498F, "Christmas Game"): coins on
//! the nodes of a rooted tree; a move sends at least one coin from a node to
//! its `k`-th ancestor (so only nodes at depth `k` or more can move).
//!
//! **Value.** Group the depths into floors of `k`: node `v` at depth `d` is
//! on floor `⌊d/k⌋`, and a move takes coins from floor `f` to floor `f - 1`.
//! That is staircase Nim on the floors (seed note 000: "every 2k steps,
//! xor"), so the value is the nim-sum of the coins on the odd floors, the
//! nodes with `⌊depth/k⌋` odd. The argument of [`crate::coins::staircase`] carries
//! over unchanged: each move changes the coins of exactly one odd-floor
//! node, and every smaller nim-sum is reached by lowering one of them.
//!
//! **Every root at once.** Which nodes are on odd floors depends on the root.
//! [`TreeStaircase::first_player_wins_for_every_root`] rolls the root over
//! the tree: `down[v][i]` is the nim-sum of the coins in `v`'s subtree at
//! distance `≡ i (mod 2k)` below `v`, and `full[v][i]` the same over the
//! whole tree; a child's `full` is its `down` plus its parent's `full` with
//! the child's own subtree taken out, shifted by one. Each node costs `O(k)`,
//! so all roots cost `O(n·k)` time and memory.

use std::sync::Arc;

use sprague_core::budget::Budget;
use sprague_core::error::{ParseError, SolveError};
use sprague_game::syntax::{Arg, ComponentSyntax, Param};
use sprague_game::{Component, Impartial, Key, Kind, Move};
use sprague_impartial::nimber::Nimber;

use crate::common::Moves;
use crate::common::check_total_coins;
use crate::common::text_then_rest;
use crate::common::{Ruleset, check_move_count};

pub(crate) const RULESET: Ruleset = Ruleset {
    name: "tree_staircase",
    syntax: "tree_staircase[k, root](\"EDGES\", a1, ..., an)   EDGES: \"1-2 1-3 ...\", \
             nodes 1..n; root defaults to 1",
    rule: "coins on the nodes of a rooted tree: move at least one coin from a node to its \
           k-th ancestor (Codeforces 1498F); `sprague roots` answers every root",
    example: "tree_staircase[1, 1](\"1-2 1-3 5-2 4-3\", 0, 3, 2, 4, 4)",
    heaps_interact: true,
    build,
    family: None,
};

/// The tree, `k`, and the root, shared by every position of one game.
#[derive(Debug)]
struct Shape {
    /// Neighbours of each node (0-based).
    adjacent: Vec<Vec<usize>>,
    /// The edges as written, normalised: `1-2 1-3`.
    edges_text: String,
    k: u64,
    root: usize,
    /// Depth of each node below the root.
    depth: Vec<u64>,
    /// The `k`-th ancestor of each node, if it is deep enough.
    ancestor: Vec<Option<usize>>,
}

impl Shape {
    fn new(adjacent: Vec<Vec<usize>>, edges_text: String, k: u64, root: usize) -> Shape {
        let n = adjacent.len();
        let mut depth = vec![0u64; n];
        let mut ancestor = vec![None; n];
        // Depth-first, keeping the path from the root, so the k-th ancestor
        // is read off the path.
        let mut path: Vec<usize> = Vec::new();
        let mut stack = vec![(root, usize::MAX, false)];
        while let Some((v, parent, leaving)) = stack.pop() {
            if leaving {
                path.pop();
                continue;
            }
            depth[v] = path.len() as u64;
            if let Ok(k) = usize::try_from(k)
                && k <= path.len()
            {
                ancestor[v] = Some(path[path.len() - k]);
            }
            path.push(v);
            stack.push((v, parent, true));
            for &w in adjacent[v].iter().rev() {
                if w != parent {
                    stack.push((w, v, false));
                }
            }
        }
        Shape {
            adjacent,
            edges_text,
            k,
            root,
            depth,
            ancestor,
        }
    }

    fn on_odd_floor(&self, v: usize) -> bool {
        (self.depth[v] / self.k) % 2 == 1
    }
}

/// A position of staircase Nim on a tree.
#[derive(Clone, Debug)]
pub struct TreeStaircase {
    shape: Arc<Shape>,
    /// Coins on each node (0-based; node `i + 1` as written).
    coins: Vec<u64>,
}

impl TreeStaircase {
    /// The nim-sum of the coins on odd floors for the current root.
    fn value(&self) -> u64 {
        (0..self.coins.len())
            .filter(|&v| self.shape.on_odd_floor(v))
            .fold(0, |acc, v| acc ^ self.coins[v])
    }

    fn send(&self, v: usize, t: u64) -> Move {
        let u = self.shape.ancestor[v].expect("only deep nodes move");
        let mut coins = self.coins.clone();
        coins[v] -= t;
        coins[u] += t;
        let word = if t == 1 { "coin" } else { "coins" };
        Move::new(
            format!("move {t} {word} from node {} to node {}", v + 1, u + 1),
            Arc::new(TreeStaircase {
                shape: Arc::clone(&self.shape),
                coins,
            }),
        )
    }

    /// Whether the player to move wins when the tree is rooted at each node
    /// in turn: entry `i` is for root `i + 1`. `O(n·k)` time and memory
    /// (with `k` capped at the number of nodes: deeper moves never exist).
    ///
    /// # Errors
    ///
    /// [`SolveError::BudgetExceeded`] when `n·2k` exceeds the budget.
    ///
    /// # Examples
    ///
    /// Codeforces 1498F, the sample: the answer is `1 0 0 1 1`.
    ///
    /// ```
    /// use sprague::{Budget, syntax::parse_position};
    /// use sprague::rulesets::TreeStaircase;
    /// let syntax = parse_position("tree_staircase[1](\"1-2 1-3 5-2 4-3\", 0, 3, 2, 4, 4)")?;
    /// let game = TreeStaircase::from_syntax(syntax.components[0].as_ruleset().unwrap())?;
    /// let wins = game.first_player_wins_for_every_root(&Budget::DEFAULT)?;
    /// assert_eq!(wins, [true, false, false, true, true]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn first_player_wins_for_every_root(
        &self,
        budget: &Budget,
    ) -> Result<Vec<bool>, SolveError> {
        let n = self.coins.len();
        let k = self.shape.k.min(n as u64) as usize;
        let width = 2 * k;
        check_move_count((n as u64).saturating_mul(width as u64), budget)?;
        // A preorder from node 0 with parents, then children before parents.
        let mut order = Vec::with_capacity(n);
        let mut parent = vec![usize::MAX; n];
        let mut stack = vec![0usize];
        let mut seen = vec![false; n];
        seen[0] = true;
        while let Some(v) = stack.pop() {
            order.push(v);
            for &w in &self.shape.adjacent[v] {
                if !seen[w] {
                    seen[w] = true;
                    parent[w] = v;
                    stack.push(w);
                }
            }
        }
        let mut down = vec![0u64; n * width];
        for &v in order.iter().rev() {
            down[v * width] ^= self.coins[v];
            if parent[v] != usize::MAX {
                let p = parent[v];
                for i in 0..width {
                    down[p * width + (i + 1) % width] ^= down[v * width + i];
                }
            }
        }
        let mut full = vec![0u64; n * width];
        full[..width].copy_from_slice(&down[..width]);
        let mut outside = vec![0u64; width];
        for &v in &order {
            if v == 0 {
                continue;
            }
            let p = parent[v];
            // The tree seen from p without v's subtree, at distance i from p.
            for (i, o) in outside.iter_mut().enumerate() {
                *o = full[p * width + i] ^ down[v * width + (i + width - 1) % width];
            }
            for i in 0..width {
                full[v * width + i] = down[v * width + i] ^ outside[(i + width - 1) % width];
            }
        }
        Ok((0..n)
            .map(|r| (k..width).fold(0, |acc, i| acc ^ full[r * width + i]) != 0)
            .collect())
    }

    /// Reads a written `tree_staircase[k, root]("EDGES", a1, ..., an)`.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] for a bad `k` or root, edges that do not form a tree
    /// on the nodes `1..=n`, or coins that are not integers.
    pub fn from_syntax(c: &ComponentSyntax) -> Result<TreeStaircase, ParseError> {
        let r = &c.ruleset;
        let whole = r
            .params_span
            .clone()
            .unwrap_or(r.name_span.end..r.name_span.end);
        let (mut k, mut root) = (None, None);
        for (i, p) in r.params.iter().enumerate() {
            match (&p.value, i) {
                (Param::Int(v), 0) => k = Some((*v, p.span.clone())),
                (Param::Int(v), 1) => root = Some((*v, p.span.clone())),
                (Param::Named(name, v), _) if name == "k" => k = Some((*v, p.span.clone())),
                (Param::Named(name, v), _) if name == "root" => root = Some((*v, p.span.clone())),
                _ => {
                    return Err(ParseError::bad_parameters(
                        "expected [k] or [k, root] (or k=..., root=...)",
                        p.span.clone(),
                    ));
                }
            }
        }
        let Some((k, k_span)) = k else {
            return Err(ParseError::bad_parameters(
                "`tree_staircase` needs k, the distance a move sends coins up: [k] or [k, root]",
                whole,
            ));
        };
        if k == 0 {
            return Err(ParseError::bad_parameters("k must be at least 1", k_span));
        }
        let (edges_text, edges_span, rest) = text_then_rest(
            c,
            "expected the edges as a string, then the coins on nodes 1..n",
            "the first argument is the edges as a string, like \"1-2 1-3\"",
        )?;
        if rest.is_empty() {
            return Err(ParseError::bad_arguments(
                "expected the coins on each node after the edges",
                c.args_span.clone(),
            ));
        }
        let coins = rest
            .iter()
            .map(|a| match a.value {
                Arg::Int(v) => Ok(v),
                _ => Err(ParseError::bad_arguments(
                    "coins on a node must be an integer",
                    a.span.clone(),
                )),
            })
            .collect::<Result<Vec<u64>, _>>()?;
        check_total_coins(&coins, c)?;
        let n = coins.len();
        let adjacent = read_tree(edges_text, n)
            .map_err(|reason| ParseError::bad_arguments(reason, edges_span))?;
        let root = match root {
            None => 0,
            Some((r, span)) => {
                if r == 0 || r > n as u64 {
                    return Err(ParseError::bad_parameters(
                        format!("the root must be a node, 1 to {n}"),
                        span,
                    ));
                }
                r as usize - 1
            }
        };
        let mut normalised: Vec<(usize, usize)> = Vec::new();
        for (v, ws) in adjacent.iter().enumerate() {
            normalised.extend(ws.iter().filter(|&&w| w > v).map(|&w| (v + 1, w + 1)));
        }
        let edges_text = normalised
            .iter()
            .map(|(a, b)| format!("{a}-{b}"))
            .collect::<Vec<_>>()
            .join(" ");
        Ok(TreeStaircase {
            shape: Arc::new(Shape::new(adjacent, edges_text, k, root)),
            coins,
        })
    }
}

/// Reads `"1-2 1-3 ..."` (pairs `a-b`, separated by spaces or commas) as a
/// tree on nodes `1..=n`.
fn read_tree(text: &str, n: usize) -> Result<Vec<Vec<usize>>, String> {
    let mut adjacent = vec![Vec::new(); n];
    let mut n_edges = 0usize;
    let mut union_find: Vec<usize> = (0..n).collect();
    fn find(uf: &mut [usize], mut x: usize) -> usize {
        while uf[x] != x {
            uf[x] = uf[uf[x]];
            x = uf[x];
        }
        x
    }
    for token in text
        .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .filter(|t| !t.is_empty())
    {
        let (a, b) = token
            .split_once('-')
            .ok_or_else(|| format!("`{token}` is not an edge; write edges as 1-2"))?;
        let node = |s: &str| -> Result<usize, String> {
            match s.trim().parse::<usize>() {
                Ok(v) if (1..=n).contains(&v) => Ok(v - 1),
                _ => Err(format!(
                    "`{s}` in edge `{token}` is not a node: nodes are 1 to {n}, one per coin count"
                )),
            }
        };
        let (a, b) = (node(a)?, node(b)?);
        let (ra, rb) = (find(&mut union_find, a), find(&mut union_find, b));
        if ra == rb {
            return Err(format!(
                "the edge `{token}` closes a cycle: the graph must be a tree"
            ));
        }
        union_find[ra] = rb;
        adjacent[a].push(b);
        adjacent[b].push(a);
        n_edges += 1;
    }
    if n_edges + 1 != n {
        return Err(format!(
            "a tree on {n} nodes has {} edges, not {n_edges}",
            n - 1
        ));
    }
    for ws in &mut adjacent {
        ws.sort_unstable();
    }
    Ok(adjacent)
}

impl Component for TreeStaircase {
    fn ruleset(&self) -> String {
        format!("tree_staircase[{}, {}]", self.shape.k, self.shape.root + 1)
    }

    fn args(&self) -> String {
        let mut parts = vec![format!("\"{}\"", self.shape.edges_text)];
        parts.extend(self.coins.iter().map(u64::to_string));
        parts.join(", ")
    }

    fn is_heap(&self) -> bool {
        false
    }

    fn key(&self) -> Key {
        Key::shared("tree_staircase", &self.shape, self.coins.iter().copied())
    }

    fn kind(&self) -> Kind<'_> {
        Kind::Impartial(self)
    }
}

impl Impartial for TreeStaircase {
    fn grundy(&self, _budget: &Budget) -> Result<Nimber, SolveError> {
        Ok(Nimber(self.value()))
    }

    /// By node, then by the number of coins.
    fn moves(&self, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        let movable = (0..self.coins.len()).filter(|&v| self.shape.ancestor[v].is_some());
        let total = movable
            .clone()
            .fold(0u64, |acc, v| acc.saturating_add(self.coins[v]));
        check_move_count(total, budget)?;
        Ok(movable
            .flat_map(|v| (1..=self.coins[v]).map(move |t| (v, t)))
            .map(|(v, t)| self.send(v, t))
            .collect())
    }

    fn moves_to_grundy(&self, target: Nimber, max: usize, _budget: &Budget) -> Moves {
        let change = self.value() ^ target.0;
        if change == 0 {
            return Ok(Vec::new());
        }
        let mut found = Vec::new();
        for v in 0..self.coins.len() {
            if found.len() >= max {
                break;
            }
            let Some(u) = self.shape.ancestor[v] else {
                continue;
            };
            let a = self.coins[v];
            if self.shape.on_odd_floor(v) {
                let after = a ^ change;
                if after < a {
                    found.push(self.send(v, a - after));
                }
            } else {
                // v is on an even floor, at least 2: its coins land on an
                // odd floor.
                let (b, after) = (self.coins[u], self.coins[u] ^ change);
                if after > b && after - b <= a {
                    found.push(self.send(v, after - b));
                }
            }
        }
        Ok(found)
    }
}

fn build(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    Ok(vec![Arc::new(TreeStaircase::from_syntax(c)?)])
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use sprague_game::syntax::parse_position;
    use sprague_impartial::impartial::{GrundySolver, ImpartialGame};

    fn game(text: &str) -> TreeStaircase {
        TreeStaircase::from_syntax(
            parse_position(text).unwrap().components[0]
                .as_ruleset()
                .unwrap(),
        )
        .unwrap()
    }

    /// The game from its rule: coins per node, with the k-th ancestors of a
    /// fixed root precomputed naively by walking up parents.
    struct Brute {
        ancestor: Vec<Option<usize>>,
    }
    impl ImpartialGame for Brute {
        type Position = Vec<u64>;
        fn moves(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
            for v in 0..p.len() {
                if let Some(u) = self.ancestor[v] {
                    for t in 1..=p[v] {
                        let mut q = p.clone();
                        q[v] -= t;
                        q[u] += t;
                        out.push(q);
                    }
                }
            }
        }
    }

    fn brute_ancestors(
        n: usize,
        edges: &[(usize, usize)],
        root: usize,
        k: usize,
    ) -> Vec<Option<usize>> {
        let mut parent = vec![None; n];
        let mut seen = vec![false; n];
        let mut queue = std::collections::VecDeque::from([root]);
        seen[root] = true;
        while let Some(v) = queue.pop_front() {
            for &(a, b) in edges {
                for (x, y) in [(a, b), (b, a)] {
                    if x == v && !seen[y] {
                        seen[y] = true;
                        parent[y] = Some(v);
                        queue.push_back(y);
                    }
                }
            }
        }
        (0..n)
            .map(|v| {
                let mut u = Some(v);
                for _ in 0..k {
                    u = u.and_then(|x| parent[x]);
                }
                u
            })
            .collect()
    }

    #[test]
    fn codeforces_1498f_sample() {
        // Codeforces 1498F (Christmas Game), the sample: n = 5, k = 1,
        // edges 1-2 1-3 5-2 4-3, coins 0 3 2 4 4; answer "1 0 0 1 1" (Alice,
        // who moves first, wins for roots 1, 4 and 5).
        let g = game("tree_staircase[1](\"1-2 1-3 5-2 4-3\", 0, 3, 2, 4, 4)");
        let wins = g
            .first_player_wins_for_every_root(&Budget::DEFAULT)
            .unwrap();
        assert_eq!(wins, [true, false, false, true, true]);
        for (r, &w) in wins.iter().enumerate() {
            let text = format!(
                "tree_staircase[1, {}](\"1-2 1-3 5-2 4-3\", 0, 3, 2, 4, 4)",
                r + 1
            );
            let g = game(&text);
            assert_eq!(g.value() != 0, w, "root {}", r + 1);
        }
    }

    proptest! {
        #[test]
        fn every_root_agrees_with_the_generic_solver(
            n in 1usize..=6,
            k in 1u64..=3,
            seed in any::<u64>(),
            coins in proptest::collection::vec(0u64..=2, 6),
        ) {
            // A random tree: node i attaches to a node before it.
            let mut x = seed;
            let mut edges = Vec::new();
            for i in 1..n {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                edges.push(((x >> 33) as usize % i, i));
            }
            let coins = &coins[..n];
            let edges_text: Vec<String> = edges.iter().map(|(a, b)| format!("{}-{}", a + 1, b + 1)).collect();
            let coin_text: Vec<String> = coins.iter().map(u64::to_string).collect();
            let base = format!("\"{}\", {}", edges_text.join(" "), coin_text.join(", "));
            let all = game(&format!("tree_staircase[{k}]({base})"))
                .first_player_wins_for_every_root(&Budget::DEFAULT)
                .unwrap();
            for (root, &wins) in all.iter().enumerate() {
                let g = game(&format!("tree_staircase[{k}, {}]({base})", root + 1));
                let brute = Brute { ancestor: brute_ancestors(n, &edges, root, k as usize) };
                let mut solver = GrundySolver::new(brute, Budget::DEFAULT);
                let value = solver.grundy(&coins.to_vec()).unwrap();
                prop_assert_eq!(Nimber(g.value()), value);
                prop_assert_eq!(wins, value != Nimber::ZERO);
                // The winning moves by formula are those the search finds.
                let budget = Budget::DEFAULT;
                let fast: Vec<String> = g.moves_to_grundy(Nimber::ZERO, usize::MAX, &budget)
                    .unwrap().into_iter().map(|m| m.description()).collect();
                let slow: Vec<String> = g.moves(&budget).unwrap().into_iter()
                    .filter(|m| m.grundy(&budget).unwrap() == Nimber::ZERO)
                    .map(|m| m.description()).collect();
                prop_assert_eq!(fast, slow);
            }
        }
    }

    #[test]
    fn a_long_path_is_answered_for_every_root() {
        // A path of 100 000 nodes, k = 20: O(n·k), no recursion.
        let n = 100_000;
        let edges: Vec<String> = (1..n).map(|i| format!("{i}-{}", i + 1)).collect();
        let coins: Vec<String> = (0..n).map(|i| (i % 7).to_string()).collect();
        let text = format!(
            "tree_staircase[20](\"{}\", {})",
            edges.join(" "),
            coins.join(", ")
        );
        let g = game(&text);
        let wins = g
            .first_player_wins_for_every_root(&Budget::DEFAULT)
            .unwrap();
        assert_eq!(wins.len(), n);
        assert_eq!(wins[0], g.value() != 0);
    }

    #[test]
    fn named_parameters_and_edges_are_normalised() {
        let p = crate::tests::parse("tree_staircase[k=2, root=2](\"2-1, 3-2\", 1, 0, 5)").unwrap();
        assert_eq!(p.to_string(), "tree_staircase[2, 2](\"1-2 2-3\", 1, 0, 5)");
    }
}
