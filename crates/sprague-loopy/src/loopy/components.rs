//! The simplest form of a stopper, and a side of any game, built one
//! strongly connected component of the game graph at a time.
//!
//! A position's value depends only on its followers' values, so the
//! components are taken in an order where every move out of a component
//! leads to one already done (Tarjan's order, sinks first). What is done is
//! kept in a [`Store`]: stopper vertices in simplest form, no two equal, and
//! the comparison of every pair of them. A new component is compared with
//! itself and with every stored vertex (the product states where both
//! vertices are stored are already decided), simplified (reversible options
//! bypassed, dominated ones deleted), and each of its vertices is fused
//! with the stored or earlier vertex equal to it or stored as a new one. The
//! products are the size of the component times the store, never the
//! square of the whole graph.
//!
//! For a side (Siegel, *Combinatorial Game Theory*, VI.4) the store holds
//! the sides of the followers: the onside of a game is the onside of the
//! game with each follower replaced by its onside (a mirror strategy
//! between the two plays each move alike until both reach the replaced
//! follower, and an infinite mirrored play has infinitely many moves in
//! both). Within a component, a move on an infinite alternating sequence is
//! deleted when its deletion leaves the side's value of the vertex it
//! leaves unchanged (then every vertex's is: the same mirror strategy, up
//! to that vertex); a component that becomes a stopper so is simplified
//! as one. A component that keeps an infinite alternating
//! sequence is not stored: it and every component leading to it are
//! simplified together over the store by [`general_side`].

use super::game::{Arena, LoopyGame, Side, le_all};
use sprague_core::budget::Budget;
use sprague_core::error::SolveError;

/// Stopper vertices in simplest form, pairwise unequal, with `a <= b` for
/// every pair.
#[derive(Debug, Default)]
pub(crate) struct Store {
    left: Vec<Vec<u32>>,
    right: Vec<Vec<u32>>,
    /// Row `a`, bit `b`: `a <= b`.
    le: Vec<Vec<u64>>,
}

impl Store {
    fn len(&self) -> usize {
        self.left.len()
    }

    fn le(&self, a: u32, b: u32) -> bool {
        let b = b as usize;
        self.le[a as usize]
            .get(b / 64)
            .is_some_and(|w| (w >> (b % 64)) & 1 == 1)
    }

    fn set_le(&mut self, a: u32, b: u32) {
        let b = b as usize;
        let row = &mut self.le[a as usize];
        if row.len() <= b / 64 {
            row.resize(b / 64 + 1, 0);
        }
        row[b / 64] |= 1 << (b % 64);
    }

    /// Whether Left, moving first in `b - a`, survives: some `b^L >= a`
    /// or some `a^R <= b`.
    fn left_first_survives(&self, a: u32, b: u32) -> bool {
        self.left[b as usize].iter().any(|&x| self.le(a, x))
            || self.right[a as usize].iter().any(|&x| self.le(x, b))
    }

    /// The stored vertices reachable from `v`, as a game started at `v`.
    fn game_at(&self, v: u32) -> LoopyGame {
        LoopyGame::new(self.left.clone(), self.right.clone(), v).reachable()
    }
}

/// The options of a component: vertex `i` of the component is `m + i` in
/// the numbering where the store's vertices come first (`m` of them).
#[derive(Clone, Debug)]
struct Part {
    left: Vec<Vec<u32>>,
    right: Vec<Vec<u32>>,
}

impl Part {
    fn len(&self) -> usize {
        self.left.len()
    }
}

/// The options of vertex `x` for `left` (or Right): a stored vertex below
/// `m`, a vertex of `part` from `m` on.
fn options<'a>(store: &'a Store, part: &'a Part, x: u32, left: bool) -> &'a [u32] {
    let m = store.len() as u32;
    match (x < m, left) {
        (true, true) => &store.left[x as usize],
        (true, false) => &store.right[x as usize],
        (false, true) => &part.left[(x - m) as usize],
        (false, false) => &part.right[(x - m) as usize],
    }
}

/// `x <= y` for every pair with `x` a vertex of `g` (the store, then the
/// component `g`) and `y` of `h` (the store, then the component `h`, of
/// the same size) at least one of them in its component, in the sense of
/// `side`: the game `H - G` with Right to move, the pairs of stored
/// vertices decided by the store's table.
struct Product<'a> {
    store: &'a Store,
    m: usize,
    k: usize,
    won: Vec<bool>,
}

impl<'a> Product<'a> {
    /// The index of a pair with at least one vertex in its component.
    fn pair(m: usize, k: usize, x: u32, y: u32) -> usize {
        let (x, y) = (x as usize, y as usize);
        if x >= m {
            (x - m) * (m + k) + y
        } else {
            k * (m + k) + x * k + (y - m)
        }
    }

    fn solve(
        store: &'a Store,
        g: &'a Part,
        h: &'a Part,
        side: Side,
        budget: &Budget,
    ) -> Result<Product<'a>, SolveError> {
        let m = store.len();
        let k = g.len();
        debug_assert_eq!(k, h.len());
        let n_pairs = k * (m + k) + m * k;
        let flags = if side == Side::Stopper { 1 } else { 2 };
        let n_states = n_pairs * 2 * flags;
        budget.check_positions(n_states as u64)?;
        budget.check_time()?;
        super::game::count_work(n_states as u64)?;
        // State ((pair * 2 + mover) * flags + flag), mover 0 for Left; two
        // dead ends after them: Right stuck (Left has won) and Left stuck.
        let win = n_states as u32;
        let lose = win + 1;
        let id = |pair: usize, left_to_move: bool, flag: usize| -> u32 {
            ((pair * 2 + usize::from(!left_to_move)) * flags + flag) as u32
        };
        let g_flag = usize::from(side == Side::Off).min(flags - 1);
        let h_flag = usize::from(side == Side::On).min(flags - 1);
        let mut owners = Vec::with_capacity(n_states + 2);
        let mut offsets = Vec::with_capacity(n_states + 3);
        offsets.push(0u32);
        let mut targets: Vec<u32> = Vec::new();
        let mut list: Vec<u32> = Vec::new();
        // The work of a row: the moves written and those looked at to decide
        // a pair of stored vertices, counted as they are met, since a
        // stored vertex may have many moves (`*64` has 64).
        let looked_at = std::cell::Cell::new(0u64);
        let target = |x: u32, y: u32, left_to_move: bool, flag: usize| -> u32 {
            if (x as usize) < m && (y as usize) < m {
                let left_survives = if left_to_move {
                    looked_at.set(
                        looked_at.get()
                            + (store.left[y as usize].len() + store.right[x as usize].len()) as u64,
                    );
                    store.left_first_survives(x, y)
                } else {
                    store.le(x, y)
                };
                if left_survives { win } else { lose }
            } else {
                id(Product::pair(m, k, x, y), left_to_move, flag)
            }
        };
        let mut visit = |x: u32, y: u32| -> u64 {
            let mut written = 0;
            for left_to_move in [true, false] {
                list.clear();
                // Left moves in -G as Right does in G, and in H as Left.
                for &x2 in options(store, g, x, !left_to_move) {
                    list.push(target(x2, y, !left_to_move, g_flag));
                }
                for &y2 in options(store, h, y, left_to_move) {
                    list.push(target(x, y2, !left_to_move, h_flag));
                }
                for _ in 0..flags {
                    owners.push(left_to_move);
                    targets.extend_from_slice(&list);
                    offsets.push(targets.len() as u32);
                }
                written += (list.len() * flags) as u64;
            }
            written
        };
        let total = (m + k) as u32;
        let row_done = |written: u64| -> Result<(), SolveError> {
            budget.check_time()?;
            super::game::count_work(written + looked_at.replace(0))
        };
        for x in m as u32..total {
            row_done((0..total).map(|y| visit(x, y)).sum())?;
        }
        for x in 0..m as u32 {
            row_done((m as u32..total).map(|y| visit(x, y)).sum())?;
        }
        debug_assert_eq!(owners.len(), n_states);
        owners.push(false);
        offsets.push(targets.len() as u32);
        owners.push(true);
        offsets.push(targets.len() as u32);
        let arena = Arena::from_csr(owners, offsets, targets);
        let left_wins = if side == Side::Stopper {
            let lost = arena.attractor(false, &arena.dead_ends(true), None);
            lost.iter().map(|&l| !l).collect()
        } else {
            let accepting: Vec<bool> = (0..arena.len())
                .map(|s| flags == 1 || s % flags == 1)
                .collect();
            arena.buchi_left(&accepting)
        };
        // Right moves first, and no move has been made yet: flag 0.
        let won = (0..n_pairs)
            .map(|p| left_wins[id(p, false, 0) as usize])
            .collect();
        Ok(Product { store, m, k, won })
    }

    /// `x <= y`.
    fn le(&self, x: u32, y: u32) -> bool {
        if (x as usize) < self.m && (y as usize) < self.m {
            self.store.le(x, y)
        } else {
            self.won[Product::pair(self.m, self.k, x, y)]
        }
    }
}

/// A simplified graph: a stopper in simplest form, or a side that is not
/// a stopper (simplified as far as [`simplify`] goes).
#[derive(Clone, Debug)]
pub(crate) enum Simplified {
    /// A stopper in simplest form.
    Stopper(LoopyGame),
    /// A side with an infinite alternating sequence left.
    General(LoopyGame),
}

/// Where a move of a vertex not yet stored leads: a stored vertex or
/// another such vertex (by its number in the game).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Target {
    Stored(u32),
    Raw(u32),
}

/// The simplest form of `game` (every vertex reachable from the start) if
/// `side` is `Stopper`; otherwise its onside or offside, computed
/// component by component: a stopper when it is equal to one, else the
/// graph of [`general_side`].
///
/// # Errors
///
/// `Unsupported` if the game is not a stopper (for `Stopper`) or the
/// simplification of a side does not end; the budget's errors.
pub(crate) fn simplify(
    game: &LoopyGame,
    side: Side,
    budget: &Budget,
) -> Result<Simplified, SolveError> {
    let n = game.n_vertices() as usize;
    let any_move = Arena::new(
        vec![true; n],
        &(0..n as u32)
            .map(|v| {
                let mut list = game.left(v).to_vec();
                list.extend_from_slice(game.right(v));
                list
            })
            .collect::<Vec<_>>(),
    );
    // Tarjan numbers the components as they close: every move out of a
    // component leads to one with a smaller number.
    let component = any_move.strong_components();
    let n_components = component.iter().map(|&c| c as usize + 1).max().unwrap_or(0);
    let mut members: Vec<Vec<u32>> = vec![Vec::new(); n_components];
    for v in 0..n as u32 {
        members[component[v as usize] as usize].push(v);
    }
    let mut store = Store::default();
    let mut stored = vec![u32::MAX; n];
    let mut place = vec![u32::MAX; n];
    // The vertices whose side is not a stopper, or that lead to one: their
    // options (after the deletions tried in their component).
    let mut raw: Vec<Option<[Vec<Target>; 2]>> = vec![None; n];
    for (c, vertices) in members.iter().enumerate() {
        let m = store.len() as u32;
        let leads_to_raw = vertices.iter().any(|&v| {
            game.left(v)
                .iter()
                .chain(game.right(v))
                .any(|&w| component[w as usize] as usize != c && raw[w as usize].is_some())
        });
        for (i, &v) in vertices.iter().enumerate() {
            place[v as usize] = i as u32;
        }
        if leads_to_raw {
            let number = |w: u32| -> Target {
                if component[w as usize] as usize == c || raw[w as usize].is_some() {
                    Target::Raw(w)
                } else {
                    Target::Stored(stored[w as usize])
                }
            };
            let lists: Vec<[Vec<Target>; 2]> = vertices
                .iter()
                .map(|&v| {
                    [
                        game.left(v).iter().map(|&w| number(w)).collect(),
                        game.right(v).iter().map(|&w| number(w)).collect(),
                    ]
                })
                .collect();
            for (&v, l) in vertices.iter().zip(lists) {
                raw[v as usize] = Some(l);
            }
            continue;
        }
        let index = |w: u32| -> u32 {
            if component[w as usize] as usize == c {
                m + place[w as usize]
            } else {
                stored[w as usize]
            }
        };
        let part = Part {
            left: vertices
                .iter()
                .map(|&v| game.left(v).iter().map(|&w| index(w)).collect())
                .collect(),
            right: vertices
                .iter()
                .map(|&v| game.right(v).iter().map(|&w| index(w)).collect())
                .collect(),
        };
        let part = if side == Side::Stopper {
            part
        } else {
            delete_irrelevant_moves(&store, part, side, budget)?
        };
        if has_alternating_cycle(&part, m) {
            if side == Side::Stopper {
                return Err(SolveError::unsupported(
                    "not a stopper: some follower has an infinite alternating sequence of moves",
                ));
            }
            let back = |x: u32| -> Target {
                if x < m {
                    Target::Stored(x)
                } else {
                    Target::Raw(vertices[(x - m) as usize])
                }
            };
            for (i, &v) in vertices.iter().enumerate() {
                raw[v as usize] = Some([
                    part.left[i].iter().map(|&x| back(x)).collect(),
                    part.right[i].iter().map(|&x| back(x)).collect(),
                ]);
            }
            continue;
        }
        let ids = add_stoppers(&mut store, &part, budget)?;
        for (&v, id) in vertices.iter().zip(ids) {
            stored[v as usize] = id;
        }
    }
    let start = game.start();
    if raw[start as usize].is_none() {
        return Ok(Simplified::Stopper(store.game_at(stored[start as usize])));
    }
    // The store's vertices first, then the others.
    let m = store.len() as u32;
    let mut renumber = vec![u32::MAX; n];
    let mut order = Vec::new();
    for (v, r) in raw.iter().enumerate() {
        if r.is_some() {
            renumber[v] = m + order.len() as u32;
            order.push(v);
        }
    }
    let mut left = store.left.clone();
    let mut right = store.right.clone();
    let target = |t: &Target| match *t {
        Target::Stored(x) => x,
        Target::Raw(w) => renumber[w as usize],
    };
    for &v in &order {
        let [l, r] = raw[v].as_ref().expect("a raw vertex");
        left.push(l.iter().map(target).collect());
        right.push(r.iter().map(target).collect());
    }
    budget.check_positions(left.len() as u64)?;
    if left.len() > MAX_GENERAL_SIDE {
        return Err(SolveError::unsupported(format!(
            "a side that is not a stopper would be simplified over {} positions, more than {MAX_GENERAL_SIDE}",
            left.len()
        )));
    }
    // The same game reached by two paths may be two vertices of the
    // explored graph: one, so that the simplification sees one (the
    // stored vertices, pairwise unequal, keep their numbers).
    let whole = fuse_identical(&LoopyGame::new(left, right, renumber[start as usize]));
    let side_graph = general_side(whole, m, side, budget)?;
    if side_graph.is_stopper() {
        // The side is equal to a stopper after all.
        return simplify(&side_graph, Side::Stopper, budget);
    }
    Ok(Simplified::General(side_graph))
}

/// The most positions (every stopper stored so far included) over which
/// a side that is not a stopper is simplified as one graph. Each step of
/// the simplification is an exact comparison whose cost grows with the
/// square of this size and the steps with the moves, and the budget alone
/// has no time limit: 160 is the graph size valued in about a second when
/// whole graphs were simplified at once (BENCHMARKS.md, "Loopy partizan
/// values").
const MAX_GENERAL_SIDE: usize = 160;

/// Each vertex of `vertices` that `g`'s start reaches, with each side:
/// the places the simplification rounds look at.
fn reachable_sides(g: &LoopyGame, vertices: std::ops::Range<u32>) -> Vec<(u32, bool)> {
    let reachable = g.reachable_vertices();
    vertices
        .filter(|&v| reachable[v as usize])
        .flat_map(|v| [(v, true), (v, false)])
        .collect()
}

/// The onside or offside of `game`, whose vertices below `m` are stoppers
/// in simplest form, simplified by the steps of Siegel, *Combinatorial
/// Game Theory*, VI.4 for a side that is not a stopper (CGSuite's
/// `simplifyGraph` takes them in this order): reversible options bypassed
/// and dominated options deleted, then moves on an infinite alternating
/// sequence deleted, round after round until none applies. Outside
/// stoppers these steps are not always sound, so each is kept only when
/// the side's value of the vertex it changes is unchanged, decided by the
/// comparison of the two graphs (then every vertex's value is unchanged).
/// The result keeps only what the start reaches, numbered from 0.
///
/// # Errors
///
/// `Unsupported` if the rounds do not end within a bound; the budget's
/// errors.
fn general_side(
    mut g: LoopyGame,
    m: u32,
    side: Side,
    budget: &Budget,
) -> Result<LoopyGame, SolveError> {
    let n = g.n_vertices();
    // Every step keeps every vertex's value, so one table serves them all.
    let table = le_all(&g, &g, side, budget)?;
    let le = |x: u32, y: u32| table[x as usize * n as usize + y as usize];
    // Whether changing v's options to `candidate`'s keeps v's value: `at
    // least` and `at most` say which comparisons are needed.
    let keeps = |old: &LoopyGame, new: &LoopyGame, v: u32, at_least: bool, at_most: bool| {
        let (a, b) = (old.at(v), new.at(v));
        Ok::<bool, SolveError>(
            (!at_least || game_le(&a, &b, side, budget)?)
                && (!at_most || game_le(&b, &a, side, budget)?),
        )
    };
    // `g` without v's `i`-th option for `of_left`, if v keeps its value:
    // fewer options for Left can only lower it, for Right raise it.
    let without_option = |g: &LoopyGame, v: u32, of_left: bool, i: usize| {
        let mut list = g.options(v, of_left).to_vec();
        list.remove(i);
        let candidate = with_options(g, v, of_left, list);
        Ok::<Option<LoopyGame>, SolveError>(
            keeps(g, &candidate, v, of_left, !of_left)?.then_some(candidate),
        )
    };
    let most_changes = 64 * u64::from(n) * u64::from(n);
    let mut changes = 0u64;
    loop {
        let mut changed = false;
        for (v, of_left) in reachable_sides(&g, m..n) {
            // Reversible options: G^L with some G^LR <= G (Right's
            // alike), replaced by the reversing option's options.
            let mut j = 0;
            while j < g.options(v, of_left).len() {
                let w = g.options(v, of_left)[j];
                let mut bypassed = false;
                for &x in g.options(w, !of_left) {
                    // A reversing option that leads back to the
                    // reversed one by alternating moves would be
                    // bypassed for ever (CGSuite asks the same).
                    if !(if of_left { le(x, v) } else { le(v, x) })
                        || alternating_reach(&g, x, of_left, w)
                    {
                        continue;
                    }
                    let mut list = g.options(v, of_left).to_vec();
                    list.remove(j);
                    for &y in g.options(x, of_left) {
                        if !list.contains(&y) {
                            list.push(y);
                        }
                    }
                    let candidate = with_options(&g, v, of_left, list);
                    if keeps(&g, &candidate, v, true, true)? {
                        g = candidate;
                        bypassed = true;
                        break;
                    }
                }
                if bypassed {
                    changed = true;
                    changes += 1;
                    if changes > most_changes {
                        return Err(not_ending());
                    }
                } else {
                    j += 1;
                }
            }
            // Dominated options: a Left option at most another (of two
            // equal ones, the later) goes.
            let mut i = 0;
            while i < g.options(v, of_left).len() {
                let list = g.options(v, of_left);
                let a = list[i];
                let better = |a: u32, b: u32| if of_left { le(a, b) } else { le(b, a) };
                let dominated =
                    list.iter().enumerate().any(|(k, &b)| {
                        k != i && b != a && better(a, b) && (!better(b, a) || k < i)
                    }) || list[..i].contains(&a);
                if dominated && let Some(fewer) = without_option(&g, v, of_left, i)? {
                    g = fewer;
                    changed = true;
                    continue;
                }
                i += 1;
            }
        }
        // Moves on an infinite alternating sequence that do not matter.
        let on_cycle = g.alternating_cycle_moves();
        for (v, of_left) in reachable_sides(&g, m..n) {
            let mut i = 0;
            while i < g.options(v, of_left).len() {
                let w = g.options(v, of_left)[i];
                if on_cycle.contains(&(v, w, of_left))
                    && let Some(fewer) = without_option(&g, v, of_left, i)?
                {
                    g = fewer;
                    changed = true;
                    continue;
                }
                i += 1;
            }
        }
        if !changed {
            break;
        }
        changes += 1;
        if changes > most_changes {
            return Err(not_ending());
        }
    }
    Ok(fuse_identical(&g).reachable())
}

/// The graph with every set of vertices that are the same game (the
/// coarsest partition where two vertices in one part have options in the
/// same parts, for each player: a bisimulation) fused into its first
/// vertex; the others stay, with nothing leading to them. A side that is
/// not a stopper is fused no further: CGSuite fuses only the vertices
/// below which no infinite alternating sequence starts, which here are
/// stored stoppers already, pairwise unequal.
fn fuse_identical(g: &LoopyGame) -> LoopyGame {
    let n = g.n_vertices() as usize;
    let mut part: Vec<u32> = vec![0; n];
    let mut n_parts = 1;
    loop {
        let mut index: rustc_hash::FxHashMap<(u32, Vec<u32>, Vec<u32>), u32> =
            rustc_hash::FxHashMap::default();
        let signature = |v: u32, left: bool| {
            let mut list: Vec<u32> = g
                .options(v, left)
                .iter()
                .map(|&w| part[w as usize])
                .collect();
            list.sort_unstable();
            list.dedup();
            list
        };
        let next: Vec<u32> = (0..n as u32)
            .map(|v| {
                let key = (part[v as usize], signature(v, true), signature(v, false));
                let fresh = index.len() as u32;
                *index.entry(key).or_insert(fresh)
            })
            .collect();
        let count = index.len();
        part = next;
        if count == n_parts {
            break;
        }
        n_parts = count;
    }
    let mut first = vec![u32::MAX; n_parts];
    for v in 0..n as u32 {
        let p = part[v as usize] as usize;
        if first[p] == u32::MAX {
            first[p] = v;
        }
    }
    let map = |list: &[u32]| -> Vec<u32> {
        let mut out: Vec<u32> = Vec::with_capacity(list.len());
        for &w in list {
            let w = first[part[w as usize] as usize];
            if !out.contains(&w) {
                out.push(w);
            }
        }
        out
    };
    LoopyGame::new(
        (0..n as u32).map(|v| map(g.left(v))).collect(),
        (0..n as u32).map(|v| map(g.right(v))).collect(),
        first[part[g.start() as usize] as usize],
    )
}

/// Whether alternating moves from `from`, with Left (`left_first`) or
/// Right to move, reach `to` with the other player to move.
fn alternating_reach(g: &LoopyGame, from: u32, left_first: bool, to: u32) -> bool {
    let n = g.n_vertices() as usize;
    let mut seen = vec![[false; 2]; n];
    seen[from as usize][usize::from(!left_first)] = true;
    let mut stack = vec![(from, left_first)];
    while let Some((v, left)) = stack.pop() {
        for &w in g.options(v, left) {
            if w == to && left == left_first {
                return true;
            }
            let slot = &mut seen[w as usize][usize::from(left)];
            if !*slot {
                *slot = true;
                stack.push((w, !left));
            }
        }
    }
    false
}

fn not_ending() -> SolveError {
    SolveError::unsupported("the simplification of this side did not end")
}

/// `g <= h` from their starts, on the parts they reach.
fn game_le(g: &LoopyGame, h: &LoopyGame, side: Side, budget: &Budget) -> Result<bool, SolveError> {
    super::game::le(g, h, side, budget)
}

/// The game with `v`'s options for `left` (or Right) replaced.
fn with_options(g: &LoopyGame, v: u32, left: bool, list: Vec<u32>) -> LoopyGame {
    let n = g.n_vertices();
    let mut l: Vec<Vec<u32>> = (0..n).map(|x| g.left(x).to_vec()).collect();
    let mut r: Vec<Vec<u32>> = (0..n).map(|x| g.right(x).to_vec()).collect();
    if left {
        l[v as usize] = list;
    } else {
        r[v as usize] = list;
    }
    LoopyGame::new(l, r, g.start())
}

/// The component's own moves (between its vertices) as a game.
fn internal_game(part: &Part, m: u32) -> LoopyGame {
    let keep = |list: &Vec<u32>| -> Vec<u32> {
        list.iter().filter(|&&w| w >= m).map(|&w| w - m).collect()
    };
    LoopyGame::new(
        part.left.iter().map(keep).collect(),
        part.right.iter().map(keep).collect(),
        0,
    )
}

/// Whether some move of the component lies on an infinite alternating
/// sequence (those never leave the component: the store is stoppers).
fn has_alternating_cycle(part: &Part, m: u32) -> bool {
    part.len() > 0 && !internal_game(part, m).alternating_cycle_moves().is_empty()
}

/// Deletes each move of the component on an infinite alternating sequence
/// whose deletion leaves the side's value of the vertex it leaves
/// unchanged (a deleted Left move can only lower it, a Right move only
/// raise it, so one comparison decides), pass after pass until none goes.
fn delete_irrelevant_moves(
    store: &Store,
    mut part: Part,
    side: Side,
    budget: &Budget,
) -> Result<Part, SolveError> {
    let m = store.len() as u32;
    let mut on_cycle = internal_game(&part, m).alternating_cycle_moves();
    loop {
        if on_cycle.is_empty() {
            return Ok(part);
        }
        let mut deleted = false;
        for v in 0..part.len() {
            for left_side in [true, false] {
                let mut i = 0;
                while i < if left_side { &part.left } else { &part.right }[v].len() {
                    let w = if left_side { &part.left } else { &part.right }[v][i];
                    if w < m || !on_cycle.contains(&(v as u32, w - m, left_side)) {
                        i += 1;
                        continue;
                    }
                    let mut candidate = part.clone();
                    if left_side {
                        candidate.left[v].remove(i);
                    } else {
                        candidate.right[v].remove(i);
                    }
                    let at = m + v as u32;
                    let same = if left_side {
                        Product::solve(store, &part, &candidate, side, budget)?.le(at, at)
                    } else {
                        Product::solve(store, &candidate, &part, side, budget)?.le(at, at)
                    };
                    if same {
                        part = candidate;
                        deleted = true;
                        // A deletion may break other cycles: the moves
                        // left on none are not tried.
                        on_cycle = internal_game(&part, m).alternating_cycle_moves();
                        if on_cycle.is_empty() {
                            return Ok(part);
                        }
                    } else {
                        i += 1;
                    }
                }
            }
        }
        if !deleted {
            return Ok(part);
        }
    }
}

/// Simplifies a component with no infinite alternating sequence, each of
/// whose moves leads into it or to a stored vertex, and stores it: the
/// stored vertex equal to each of its vertices.
fn add_stoppers(store: &mut Store, part: &Part, budget: &Budget) -> Result<Vec<u32>, SolveError> {
    let m = store.len() as u32;
    let k = part.len();
    let product = Product::solve(store, part, part, Side::Stopper, budget)?;
    let le = |x: u32, y: u32| product.le(x, y);
    let mut left = part.left.clone();
    let mut right = part.right.clone();
    let opts = |left: &Vec<Vec<u32>>, right: &Vec<Vec<u32>>, x: u32, of_left: bool| -> Vec<u32> {
        if x < m {
            options(store, part, x, of_left).to_vec()
        } else if of_left {
            left[(x - m) as usize].clone()
        } else {
            right[(x - m) as usize].clone()
        }
    };
    let mut changes = 0u64;
    // Each bypass follows an alternating path, and a stopper has none of
    // unbounded length, so this bound is generous.
    let n = (m as u64) + (k as u64) + 1;
    let most_changes = 64 * n * n;
    loop {
        let mut changed = false;
        for i in 0..k {
            let v = m + i as u32;
            for of_left in [true, false] {
                // Left's reversible options: G^L with some G^LR <= G (and
                // Right's alike), replaced by the reversing option's.
                'bypass: loop {
                    let list = if of_left { &left[i] } else { &right[i] };
                    for j in 0..list.len() {
                        let w = list[j];
                        let reversing = opts(&left, &right, w, !of_left)
                            .into_iter()
                            .find(|&x| if of_left { le(x, v) } else { le(v, x) });
                        if let Some(x) = reversing {
                            let mut new_list = list.clone();
                            new_list.remove(j);
                            for y in opts(&left, &right, x, of_left) {
                                if !new_list.contains(&y) {
                                    new_list.push(y);
                                }
                            }
                            if of_left {
                                left[i] = new_list;
                            } else {
                                right[i] = new_list;
                            }
                            changed = true;
                            changes += 1;
                            if changes > most_changes {
                                return Err(SolveError::unsupported(
                                    "the simplification of this stopper did not end",
                                ));
                            }
                            continue 'bypass;
                        }
                    }
                    break;
                }
                // Dominated options: of two equal ones the later goes.
                let list = if of_left { &left[i] } else { &right[i] };
                let better = |a: u32, b: u32| if of_left { le(a, b) } else { le(b, a) };
                let kept: Vec<u32> = list
                    .iter()
                    .enumerate()
                    .filter(|&(x, &a)| {
                        !list
                            .iter()
                            .enumerate()
                            .any(|(y, &b)| y != x && better(a, b) && (!better(b, a) || y < x))
                    })
                    .map(|(_, &a)| a)
                    .collect();
                if kept.len() != list.len() {
                    if of_left {
                        left[i] = kept;
                    } else {
                        right[i] = kept;
                    }
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    // Fusion: a vertex equal to a stored one is that one (at most one:
    // they are pairwise unequal); otherwise the first vertex of the
    // component equal to it, stored anew.
    let mut fused = vec![u32::MAX; k];
    let mut new_vertices: Vec<usize> = Vec::new();
    for i in 0..k {
        let v = m + i as u32;
        let equal = |x: u32| le(v, x) && le(x, v);
        fused[i] = match (0..m).find(|&s| equal(s)) {
            Some(s) => s,
            None => match (0..i).find(|&j| fused[j] >= m && equal(m + j as u32)) {
                Some(j) => fused[j],
                None => {
                    new_vertices.push(i);
                    m + new_vertices.len() as u32 - 1
                }
            },
        };
    }
    let map = |list: &[u32]| -> Vec<u32> {
        let mut out: Vec<u32> = Vec::with_capacity(list.len());
        for &w in list {
            let w = if w < m { w } else { fused[(w - m) as usize] };
            if !out.contains(&w) {
                out.push(w);
            }
        }
        out
    };
    budget.check_positions(u64::from(m) + new_vertices.len() as u64)?;
    // The comparisons of the new vertices with every stored one and with
    // each other: values are kept by every simplification, so the table
    // computed before them still holds. Pairs (a, b): a <= b.
    let origin: Vec<u32> = new_vertices.iter().map(|&i| m + i as u32).collect();
    let mut pairs: Vec<(u32, u32)> = Vec::new();
    for (a, &x) in origin.iter().enumerate() {
        let a = m + a as u32;
        for s in 0..m {
            if product.le(x, s) {
                pairs.push((a, s));
            }
            if product.le(s, x) {
                pairs.push((s, a));
            }
        }
        for (b, &y) in origin.iter().enumerate() {
            if product.le(x, y) {
                pairs.push((a, m + b as u32));
            }
        }
    }
    let lists: Vec<(Vec<u32>, Vec<u32>)> = new_vertices
        .iter()
        .map(|&i| (map(&left[i]), map(&right[i])))
        .collect();
    drop(product);
    for (l, r) in lists {
        store.left.push(l);
        store.right.push(r);
        store.le.push(Vec::new());
    }
    for (a, b) in pairs {
        store.set_le(a, b);
    }
    Ok(fused)
}
