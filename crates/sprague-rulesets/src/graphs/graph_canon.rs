//! Canonical labelling of small vertex-coloured graphs (at most 64
//! vertices, as bit sets), so that a ruleset on graphs can key its
//! positions up to isomorphism: [`canonical_order`] numbers the vertices so
//! that two graphs get the same relabelled graph exactly when an
//! isomorphism maps one onto the other, colour classes onto the same
//! classes.
//!
//! The method is McKay's (*Practical graph isomorphism*, Congressus
//! Numerantium 30, 1981): an ordered partition of the vertices, refined
//! (1-dimensional Weisfeiler–Leman, or colour refinement) until it is
//! equitable — every vertex of a cell has as many neighbours in each cell
//! as the others of its cell —, then individualise-and-refine: a vertex of
//! a cell is made a cell of its own and the partition refined again, for
//! each vertex of the cell in turn, down to discrete partitions. Each
//! discrete partition (a leaf) numbers the vertices; the canonical one is
//! the least leaf, compared first by the *traces* of the refinements on the
//! way to it (a hash of where and how cells split, which depends on the
//! graph only up to relabelling), then by the adjacency rows of the graph it
//! numbers. Everything the search does depends on positions in the ordered
//! partition, never on vertex numbers, so a relabelled graph gives the same
//! set of (traces, relabelled graph) leaves and the same least one.
//!
//! Two cuts keep the search small, both exact: a subtree whose traces
//! already exceed the best leaf's is not entered (none of its leaves can be
//! least), and of two *twins* in the cell being split (vertices with the
//! same neighbours apart from each other) only the first is individualised:
//! exchanging them is an automorphism that fixes the partition, so their
//! subtrees have the same leaves. There is no other automorphism pruning:
//! a graph with a large automorphism group (a hypercube of 32 vertices, of
//! 3840) has that many equal leaves, and past [`MAX_SEARCH_NODES`] nodes
//! the search gives up and the caller keys the graph as stored.

use std::cmp::Ordering;

/// The most nodes of the search tree visited before giving up. A graph
/// whose automorphisms fix no vertex after a few choices needs few (a cycle
/// of `n`: about `3n`; the 4-cube, 384 automorphisms: under 2000).
pub(crate) const MAX_SEARCH_NODES: usize = 4096;

fn bits(mut m: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            i
        })
    })
}

/// One step of a 64-bit multiplicative hash (the constant is FxHash's).
fn mix(h: u64, x: u64) -> u64 {
    (h.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95)
}

/// An ordered partition of the vertices: the cell starting at position `p`
/// (where bit `p` of `starts` is set) holds the vertices of `cells[p]`, and
/// the next cell starts `cells[p].count_ones()` positions on.
#[derive(Clone, Copy)]
struct Partition {
    starts: u64,
    cells: [u64; 64],
}

impl Partition {
    fn is_discrete(&self, n: usize) -> bool {
        self.starts.count_ones() as usize == n
    }

    /// Splits every cell by how many neighbours its vertices have in the
    /// splitter cells, fewest first, the splitters taken by position from
    /// `splitters` and every piece of a split cell added to them, until no
    /// cell splits: the coarsest equitable partition finer than this one.
    /// Returns the trace, a hash of every split (positions, counts, sizes).
    fn refine(&mut self, adj: &[u64], mut splitters: u64) -> u64 {
        let n = adj.len();
        let mut trace = 0;
        let mut counted = [(0u8, 0u8); 64];
        while splitters != 0 && !self.is_discrete(n) {
            let w = splitters.trailing_zeros() as usize;
            splitters &= splitters - 1;
            let splitter = self.cells[w];
            // Only a cell with a neighbour of the splitter can split.
            let near = bits(splitter).fold(0, |m, v| m | adj[v]);
            let mut starts = self.starts;
            while starts != 0 {
                let p = starts.trailing_zeros() as usize;
                starts &= starts - 1;
                let cell = self.cells[p];
                if cell & (cell - 1) == 0 || cell & near == 0 {
                    continue;
                }
                let mut k = 0;
                let mut uniform = true;
                for v in bits(cell) {
                    let c = (adj[v] & splitter).count_ones() as u8;
                    uniform &= k == 0 || c == counted[0].0;
                    counted[k] = (c, v as u8);
                    k += 1;
                }
                if uniform {
                    continue;
                }
                counted[..k].sort_unstable();
                let mut at = p;
                let mut i = 0;
                let mut pieces = 0u64;
                let mut largest = (0, p);
                while i < k {
                    let c = counted[i].0;
                    let mut piece = 0u64;
                    while i < k && counted[i].0 == c {
                        piece |= 1 << counted[i].1;
                        i += 1;
                    }
                    self.starts |= 1 << at;
                    self.cells[at] = piece;
                    pieces |= 1 << at;
                    let size = piece.count_ones();
                    if size > largest.0 {
                        largest = (size, at);
                    }
                    trace = mix(
                        trace,
                        (w as u64) << 24 | (at as u64) << 16 | u64::from(c) << 8 | u64::from(size),
                    );
                    at += size as usize;
                }
                // A cell not waiting as a splitter has split everything by
                // it already (it, or a cell it was cut from), so a vertex's
                // neighbours in its largest piece are those in the whole
                // cell less those in the other pieces, which wait as
                // splitters: the largest need not (Hopcroft's rule, which
                // McKay's refinement uses).
                if splitters >> p & 1 == 0 {
                    pieces &= !(1 << largest.1);
                }
                splitters |= pieces;
            }
        }
        trace
    }

    /// The position of the first of the smallest cells of two or more
    /// vertices.
    fn target(&self) -> usize {
        bits(self.starts)
            .filter(|&p| self.cells[p].count_ones() > 1)
            .min_by_key(|&p| self.cells[p].count_ones())
            .expect("a partition that is not discrete has a cell of two or more")
    }
}

/// A numbering of the vertices: vertex `order[i]` is numbered `i`, and
/// vertex `v` is numbered `position[v]`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Numbering {
    n: usize,
    order: [u8; 64],
    position: [u8; 64],
}

impl Numbering {
    /// The numbering by position of a discrete partition of `n` vertices.
    fn of(partition: &Partition, n: usize) -> Numbering {
        let mut numbering = Numbering {
            n,
            order: [0; 64],
            position: [0; 64],
        };
        for (i, p) in bits(partition.starts).enumerate() {
            let v = partition.cells[p].trailing_zeros() as u8;
            numbering.order[i] = v;
            numbering.position[usize::from(v)] = i as u8;
        }
        numbering
    }

    /// The vertex set `set` renumbered.
    pub(crate) fn set(&self, set: u64) -> u64 {
        bits(set).fold(0, |m, v| m | 1 << self.position[v])
    }

    /// The adjacency rows of `adj` renumbered, in the new order.
    pub(crate) fn rows<'a>(&'a self, adj: &'a [u64]) -> impl Iterator<Item = u64> + 'a {
        self.order[..self.n]
            .iter()
            .map(|&v| self.set(adj[usize::from(v)]))
    }
}

/// A leaf of the search: the traces on the way to it, the adjacency rows
/// it numbers, and its numbering.
#[derive(Clone, Copy)]
struct Leaf {
    depth: usize,
    traces: [u64; 64],
    rows: [u64; 64],
    numbering: Numbering,
}

/// The search went past [`MAX_SEARCH_NODES`].
struct TooLarge;

struct Search<'a> {
    adj: &'a [u64],
    nodes: usize,
    /// The traces of the refinements from the root to the current node.
    depth: usize,
    path: [u64; 64],
    best: Option<Leaf>,
}

/// How `path` compares with the traces `best` of a leaf, as far as both
/// go: `Greater` also when `path` is longer and agrees with all of `best`
/// (so every leaf below it is greater), `Equal` when it agrees with the
/// start of `best`.
fn compare_traces(path: &[u64], best: &[u64]) -> Ordering {
    for (a, b) in path.iter().zip(best) {
        match a.cmp(b) {
            Ordering::Equal => {}
            other => return other,
        }
    }
    if path.len() > best.len() {
        Ordering::Greater
    } else {
        Ordering::Equal
    }
}

impl Search<'_> {
    fn visit(&mut self, partition: &Partition) -> Result<(), TooLarge> {
        self.nodes += 1;
        if self.nodes > MAX_SEARCH_NODES {
            return Err(TooLarge);
        }
        let path = &self.path[..self.depth];
        let order = self
            .best
            .as_ref()
            .map(|b| compare_traces(path, &b.traces[..b.depth]));
        if order == Some(Ordering::Greater) {
            return Ok(());
        }
        let n = self.adj.len();
        if partition.is_discrete(n) {
            let numbering = Numbering::of(partition, n);
            let mut rows = [0u64; 64];
            for (row, r) in rows.iter_mut().zip(numbering.rows(self.adj)) {
                *row = r;
            }
            let better = match (&self.best, order) {
                (None, _) | (_, Some(Ordering::Less)) => true,
                (Some(b), _) => match self.depth.cmp(&b.depth) {
                    Ordering::Less => true,
                    Ordering::Equal => rows[..n] < b.rows[..n],
                    Ordering::Greater => false,
                },
            };
            if better {
                self.best = Some(Leaf {
                    depth: self.depth,
                    traces: self.path,
                    rows,
                    numbering,
                });
            }
            return Ok(());
        }
        let p = partition.target();
        let cell = partition.cells[p];
        let mut tried = 0u64;
        for v in bits(cell) {
            let twin = |u: usize| self.adj[u] & !(1 << v) == self.adj[v] & !(1 << u);
            if bits(tried).any(twin) {
                continue;
            }
            tried |= 1 << v;
            let mut child = *partition;
            child.cells[p] = 1 << v;
            child.cells[p + 1] = cell & !(1 << v);
            child.starts |= 1 << (p + 1);
            // A path is at most as long as the vertices.
            self.path[self.depth] = child.refine(self.adj, 1 << p);
            self.depth += 1;
            let result = self.visit(&child);
            self.depth -= 1;
            result?;
        }
        Ok(())
    }
}

/// The canonical numbering of the graph `adj` (vertex `v`'s neighbours as
/// the bits of `adj[v]`, never `v` itself; at most 64 vertices) whose
/// vertices are coloured by the disjoint `classes`, which cover them all, in
/// their order. Graphs that an isomorphism keeping every class maps onto
/// each other, and only those, have the same [`Numbering::rows`] and
/// [`Numbering::set`]s of the classes under their numbering; a class's
/// vertices get consecutive numbers, in the order of the classes. `None`
/// when the search would visit more than [`MAX_SEARCH_NODES`] nodes.
pub(crate) fn canonical_order(adj: &[u64], classes: &[u64]) -> Option<Numbering> {
    let n = adj.len();
    debug_assert!(n <= 64);
    let mut partition = Partition {
        starts: 0,
        cells: [0; 64],
    };
    let mut at = 0;
    for &class in classes.iter().filter(|&&c| c != 0) {
        partition.starts |= 1 << at;
        partition.cells[at] = class;
        at += class.count_ones() as usize;
    }
    debug_assert_eq!(at, n, "the classes cover the vertices once");
    let all = partition.starts;
    partition.refine(adj, all);
    if partition.is_discrete(n) {
        // Refinement alone told every vertex apart (no automorphism but
        // the identity, as in most positions of play): the one leaf.
        return Some(Numbering::of(&partition, n));
    }
    let mut search = Search {
        adj,
        nodes: 0,
        depth: 0,
        path: [0; 64],
        best: None,
    };
    search.visit(&partition).ok()?;
    search.best.map(|b| b.numbering)
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    /// A fixed pseudo-random sequence (SplitMix64), so that failures repeat.
    struct SplitMix(u64);

    impl SplitMix {
        fn next(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        }

        fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }

        fn permutation(&mut self, n: usize) -> Vec<usize> {
            let mut p: Vec<usize> = (0..n).collect();
            for i in (1..n).rev() {
                p.swap(i, self.below(i + 1));
            }
            p
        }
    }

    /// A tinted graph: adjacency rows and each vertex's colour (0, 1, 2).
    #[derive(Clone, Debug)]
    struct Tinted {
        adj: Vec<u64>,
        colour: Vec<u8>,
    }

    impl Tinted {
        fn classes(&self) -> [u64; 3] {
            let mut c = [0u64; 3];
            for (v, &t) in self.colour.iter().enumerate() {
                c[usize::from(t)] |= 1 << v;
            }
            c
        }

        /// The canonical graph: class masks and rows under the numbering.
        fn canonical(&self) -> Form {
            let classes = self.classes();
            let numbering = canonical_order(&self.adj, &classes).expect("a small graph");
            let n = self.adj.len();
            let mut sorted = numbering.order[..n].to_vec();
            sorted.sort_unstable();
            assert_eq!(sorted, (0..n as u8).collect::<Vec<_>>());
            (
                classes.iter().map(|&c| numbering.set(c)).collect(),
                numbering.rows(&self.adj).collect(),
            )
        }

        /// The graph with vertex `v` renamed `p[v]`.
        fn renamed(&self, p: &[usize]) -> Tinted {
            let n = self.adj.len();
            let mut adj = vec![0u64; n];
            let mut colour = vec![0u8; n];
            for v in 0..n {
                colour[p[v]] = self.colour[v];
                adj[p[v]] = bits(self.adj[v]).fold(0, |m, u| m | 1 << p[u]);
            }
            Tinted { adj, colour }
        }

        /// The definition: the least (colours, rows) over every renaming.
        fn least_by_brute_force(&self) -> Least {
            let n = self.adj.len();
            let mut best: Option<Least> = None;
            let mut p: Vec<usize> = (0..n).collect();
            loop {
                let g = self.renamed(&p);
                let candidate = (g.colour, g.adj);
                if best.as_ref().is_none_or(|b| candidate < *b) {
                    best = Some(candidate);
                }
                if !next_permutation(&mut p) {
                    break;
                }
            }
            best.expect("at least the identity")
        }
    }

    /// The canonical graph: the classes and rows renumbered.
    type Form = (Vec<u64>, Vec<u64>);

    /// The least renaming: colours and rows.
    type Least = (Vec<u8>, Vec<u64>);

    fn next_permutation(p: &mut [usize]) -> bool {
        let Some(i) = (1..p.len()).rev().find(|&i| p[i - 1] < p[i]) else {
            return false;
        };
        let j = (i..p.len())
            .rev()
            .find(|&j| p[j] > p[i - 1])
            .expect("p[i] is");
        p.swap(i - 1, j);
        p[i..].reverse();
        true
    }

    fn graph_from_edges(n: usize, edges: u32) -> Vec<u64> {
        let mut adj = vec![0u64; n];
        let mut i = 0;
        for a in 0..n {
            for b in a + 1..n {
                if edges >> i & 1 == 1 {
                    adj[a] |= 1 << b;
                    adj[b] |= 1 << a;
                }
                i += 1;
            }
        }
        adj
    }

    fn random_graph(rng: &mut SplitMix, n: usize) -> Tinted {
        let pairs = n * (n.saturating_sub(1)) / 2;
        let density = 1 + rng.below(4);
        let mut edges = 0u32;
        for i in 0..pairs {
            if rng.below(5) < density {
                edges |= 1 << i;
            }
        }
        Tinted {
            adj: graph_from_edges(n, edges),
            colour: (0..n).map(|_| rng.below(3) as u8).collect(),
        }
    }

    #[test]
    fn every_graph_of_six_vertices_keeps_its_form_under_renaming() {
        // Every graph on 1 to 6 vertices (each edge set), with random tints
        // (half the time all untinted, where symmetry is greatest), renamed
        // at random twice: all three have the same canonical graph.
        let mut rng = SplitMix(1);
        let mut checked = 0;
        for n in 1..=6 {
            for edges in 0u32..1 << (n * (n - 1) / 2) {
                let colour = if rng.below(2) == 0 {
                    vec![0; n]
                } else {
                    (0..n).map(|_| rng.below(3) as u8).collect()
                };
                let g = Tinted {
                    adj: graph_from_edges(n, edges),
                    colour,
                };
                let form = g.canonical();
                for _ in 0..2 {
                    let h = g.renamed(&rng.permutation(n));
                    assert_eq!(h.canonical(), form, "{g:?} renamed {h:?}");
                }
                checked += 1;
            }
        }
        assert_eq!(checked, 1 + 2 + 8 + 64 + 1024 + 32768);
    }

    #[test]
    fn graphs_of_one_form_are_isomorphic_and_only_they() {
        // Thousands of random tinted graphs on up to 7 vertices, and each
        // one renamed: two have the same canonical graph exactly when they
        // have the same least renaming over all permutations (which is the
        // definition of being isomorphic, colours kept).
        let mut rng = SplitMix(7);
        let mut by_form: HashMap<Form, Least> = HashMap::new();
        let mut by_brute: HashMap<Least, Form> = HashMap::new();
        let mut repeats = 0;
        for i in 0..3000 {
            let n = 1 + i % 7;
            let g = random_graph(&mut rng, n);
            for h in [g.clone(), g.renamed(&rng.permutation(n))] {
                let form = h.canonical();
                let brute = h.least_by_brute_force();
                if let Some(b) = by_form.insert(form.clone(), brute.clone()) {
                    assert_eq!(b, brute, "one form, two isomorphism classes: {h:?}");
                    repeats += 1;
                }
                if let Some(f) = by_brute.insert(brute, form.clone()) {
                    assert_eq!(f, form, "one isomorphism class, two forms: {h:?}");
                }
            }
        }
        assert_eq!(by_form.len(), by_brute.len());
        // Small graphs repeat: both directions were checked many times.
        assert!(repeats > 3000, "{repeats}");
    }

    #[test]
    fn symmetric_graphs_stay_within_the_bound() {
        // The 4-cube (384 automorphisms), the Petersen graph (120), the
        // complete graph and the empty graph on 64 vertices (twins), the
        // cycle of 64: all are labelled, and renaming keeps the form.
        let cube: Vec<u64> = (0..16)
            .map(|v: usize| (0..4).fold(0, |m, k| m | 1 << (v ^ 1 << k)))
            .collect();
        let outer = |i: usize| (i + 1) % 5;
        let mut petersen = vec![0u64; 10];
        for i in 0..5 {
            for (a, b) in [(i, outer(i)), (i, i + 5), (i + 5, 5 + (i + 2) % 5)] {
                petersen[a] |= 1 << b;
                petersen[b] |= 1 << a;
            }
        }
        let complete: Vec<u64> = (0..64).map(|v| !(1u64 << v)).collect();
        let empty = vec![0u64; 64];
        let cycle: Vec<u64> = (0..64)
            .map(|v: usize| 1 << ((v + 1) % 64) | 1 << ((v + 63) % 64))
            .collect();
        let mut rng = SplitMix(3);
        for adj in [cube, petersen, complete, empty, cycle] {
            let n = adj.len();
            let g = Tinted {
                adj,
                colour: vec![0; n],
            };
            let form = g.canonical();
            let h = g.renamed(&rng.permutation(n));
            assert_eq!(h.canonical(), form);
        }
    }

    #[test]
    fn a_graph_past_the_bound_is_refused() {
        // The 6-cube has 46080 automorphisms and no twins: every leaf of
        // the search is a least one, and there are more than the bound.
        let cube: Vec<u64> = (0..64)
            .map(|v: usize| (0..6).fold(0, |m, k| m | 1 << (v ^ 1 << k)))
            .collect();
        assert!(canonical_order(&cube, &[u64::MAX]).is_none());
    }
}
