//! Misère canonical forms of impartial loop-free games (Conway, *On Numbers
//! and Games*, ch. 12; Siegel, *Combinatorial Game Theory*, ch. V), in a
//! hash-consed [`MisereArena`]: [`MisereId`]s are equal iff the games are
//! equal under misère play, that is iff `G + X` and `H + X` have the same
//! misère outcome for every impartial `X`.
//!
//! # Simplification
//!
//! Let `G` have canonical options `O` (no two equal). Two facts, proved by
//! induction on `X` in the outcome of `G + X`, give the canonical form:
//!
//! 1. *Reversal through a nonzero game* (Grundy and Smith). If `K = {S}`
//!    with `S ⊆ O` not empty, and every option in `T = O \ S` has `K` as an
//!    option, then `G = K`. (If `K + X` is a misère P-position, every move
//!    of `G + X` reaches an N-position: those in `S` and in `X` as in
//!    `K + X`, and each `t + X` has the move to `K + X`; `K + X` has a move
//!    since `S` is not empty. If `K + X` is an N-position, the same winning
//!    move works in `G + X`.)
//! 2. *Reversal through zero* (the endgame proviso). If `0 ∉ O`, every
//!    option in `O` has `0` as an option, and some option is a misère
//!    P-position, then `G = 0`. (As in 1, with `X = 0` needing the move to a
//!    P-position, since `0` alone is a misère N-position.)
//!
//! Conway's simplest form theorem says these are the only simplifications:
//! a game none of whose options can be removed this way, and whose options
//! are canonical, is canonical, and two canonical games are equal only if
//! they are identical. So if `G = K` for some canonical `K ≠ G`, every
//! option of `G` with `K` as an option can go, and the options left are
//! exactly `K`'s; the option of largest birthday is one that goes, so `K`
//! is among its options and [`MisereArena::form`] only tries those. The
//! test `canonical_forms_born_by_day_four_are_twenty_two` checks the count
//! Conway gives (22 games born by day 4), and the property tests check
//! that equal ids have equal misère outcomes against a set of games.
//!
//! # Figures
//!
//! The normal-play Grundy value `G⁺`, the misère Grundy value `G⁻`
//! (`G⁻(0) = 1`, otherwise the mex of the options'), the birthday, the
//! genus of Conway (`genus.rs`, with the phyla CGSuite uses to print it),
//! the mate (`0` and `*1` swapped at the leaves: `mate(0) = *1`, otherwise
//! the canonical form of the options' mates) and the parity (a game is
//! *odd* when `G + *1` is one of its options, as in CGSuite's
//! representation of games as pairs `E`, `E + *1`). A game is a misère
//! P-position exactly when `G⁻ = 0`.
//!
//! The module knows nothing of components or positions; the solve layer
//! builds forms from a component's moves.

mod genus;
mod notation;

use std::cmp::Ordering;
use std::collections::HashMap;

use sprague_core::budget::Budget;
use sprague_core::error::SolveError;

pub use genus::{Genus, Phylum};
pub use notation::{
    ExplicitGame, MAX_NOTATION_HEAP, MAX_NOTATION_NESTING, MisereExpr, MisereSyntax, NotationError,
    parse_misere, parse_misere_term,
};

/// Deepest recursion of a sum, a mate or a genus (each level is a birthday).
pub const MAX_MISERE_DEPTH: usize = 2000;

/// The most candidate options `g - *n` is looked for among (each subset is
/// tried).
const MAX_DIFFERENCE_CANDIDATES: usize = 12;

/// A misère canonical form in a [`MisereArena`]. Equal ids are equal games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MisereId(u32);

impl MisereId {
    /// The game with no moves.
    pub const ZERO: MisereId = MisereId(0);

    /// The index of the form in its arena.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

#[derive(Debug)]
struct Node {
    /// Canonical options, sorted by id, no repeats.
    options: Box<[MisereId]>,
    birthday: u32,
    gplus: u32,
    gminus: u32,
    phylum: Phylum,
}

/// A hash-consed store of misère canonical forms, with memoised sums.
#[derive(Debug)]
pub struct MisereArena {
    nodes: Vec<Node>,
    index: HashMap<Box<[MisereId]>, MisereId>,
    sums: HashMap<(MisereId, MisereId), MisereId>,
    nimbers: Vec<MisereId>,
    mates: HashMap<MisereId, MisereId>,
    parity: HashMap<MisereId, bool>,
    genera: HashMap<MisereId, Genus>,
    depth: usize,
    /// Calls of [`MisereArena::form`] and [`MisereArena::add`]: most
    /// find their answer stored and store nothing, so the budget's clock,
    /// read as positions are stored, is read every [`CLOCK_EVERY`] calls too.
    calls: u64,
}

/// How many calls of the arena's operations pass between two readings of
/// the budget's clock (a call costs up to tens of microseconds, so a
/// computation stops within milliseconds of its deadline).
const CLOCK_EVERY: u64 = 256;

impl Default for MisereArena {
    fn default() -> MisereArena {
        MisereArena::new()
    }
}

fn mex(values: impl Iterator<Item = u32>) -> u32 {
    let mut seen: Vec<bool> = Vec::new();
    for v in values {
        let v = v as usize;
        if v >= seen.len() {
            seen.resize(v + 1, false);
        }
        seen[v] = true;
    }
    seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32
}

impl MisereArena {
    /// Counts a call, reading `budget`'s clock every [`CLOCK_EVERY`].
    fn tick(&mut self, budget: &Budget) -> Result<(), SolveError> {
        self.calls += 1;
        if self.calls % CLOCK_EVERY == 0 {
            budget.check_time()?;
        }
        Ok(())
    }

    /// An arena holding only `0`.
    pub fn new() -> MisereArena {
        let zero = Node {
            options: Box::new([]),
            birthday: 0,
            gplus: 0,
            gminus: 1,
            phylum: Phylum::NimHeap,
        };
        let mut index = HashMap::new();
        index.insert(Box::from([]), MisereId::ZERO);
        MisereArena {
            nodes: vec![zero],
            index,
            sums: HashMap::new(),
            nimbers: vec![MisereId::ZERO],
            mates: HashMap::new(),
            parity: HashMap::new(),
            genera: HashMap::new(),
            depth: 0,
            calls: 0,
        }
    }

    /// How many forms the arena holds.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the arena holds only `0` (it never holds less).
    pub fn is_empty(&self) -> bool {
        self.nodes.len() == 1
    }

    fn stored(&self) -> u64 {
        (self.nodes.len() + self.sums.len() + self.mates.len()) as u64
    }

    fn node(&self, g: MisereId) -> &Node {
        &self.nodes[g.index()]
    }

    /// The canonical options of `g`, sorted by id.
    pub fn options(&self, g: MisereId) -> &[MisereId] {
        &self.node(g).options
    }

    /// Whether `h` is an option of `g`.
    pub fn has_option(&self, g: MisereId, h: MisereId) -> bool {
        self.node(g).options.binary_search(&h).is_ok()
    }

    /// The birthday of the canonical form.
    pub fn birthday(&self, g: MisereId) -> u32 {
        self.node(g).birthday
    }

    /// The normal-play Grundy value `G⁺`.
    pub fn normal_grundy(&self, g: MisereId) -> u32 {
        self.node(g).gplus
    }

    /// The misère Grundy value `G⁻` (CGSuite's `MisereNimValue`).
    pub fn misere_grundy(&self, g: MisereId) -> u32 {
        self.node(g).gminus
    }

    /// Whether the player to move loses `g` under misère play.
    pub fn is_p_position(&self, g: MisereId) -> bool {
        self.node(g).gminus == 0
    }

    /// The phylum CGSuite files the game under (tame, restive, ...).
    pub fn phylum(&self, g: MisereId) -> Phylum {
        self.node(g).phylum
    }

    /// Hereditarily tame (CGSuite's `IsTame`): a nim heap, or every option
    /// hereditarily tame and the genus tame.
    pub fn is_tame(&self, g: MisereId) -> bool {
        matches!(self.phylum(g), Phylum::NimHeap | Phylum::HereditarilyTame)
    }

    /// Hereditarily restive (CGSuite's `IsRestive`).
    pub fn is_restive(&self, g: MisereId) -> bool {
        self.phylum(g) == Phylum::HereditarilyRestive
    }

    /// Restless (CGSuite's `IsRestless`): every option tame, `G⁻ ≤ 1 < G⁺`.
    pub fn is_restless(&self, g: MisereId) -> bool {
        self.phylum(g) == Phylum::Restless
    }

    /// The nim heap `*n`.
    ///
    /// # Errors
    ///
    /// [`SolveError::BudgetExceeded`] if the heaps up to `n` do not fit.
    pub fn nimber(&mut self, n: u32, budget: &Budget) -> Result<MisereId, SolveError> {
        while self.nimbers.len() <= n as usize {
            let options = self.nimbers.clone();
            let next = self.form(options, budget)?;
            self.nimbers.push(next);
        }
        Ok(self.nimbers[n as usize])
    }

    /// Whether `g` is a nim heap, and which (computing the heaps up to its
    /// birthday).
    ///
    /// # Errors
    ///
    /// As [`MisereArena::nimber`].
    pub fn which_heap(&mut self, g: MisereId, budget: &Budget) -> Result<Option<u32>, SolveError> {
        let b = self.birthday(g);
        Ok((self.nimber(b, budget)? == g).then_some(b))
    }

    /// Whether `g` is a nim heap, and which, among the heaps computed so
    /// far.
    pub fn nim_heap(&self, g: MisereId) -> Option<u32> {
        let b = self.birthday(g) as usize;
        (self.nimbers.get(b) == Some(&g)).then_some(b as u32)
    }

    /// The canonical form of the game whose options are `options`
    /// (canonical forms, in any order, repeats allowed).
    ///
    /// # Errors
    ///
    /// [`SolveError::BudgetExceeded`] or [`SolveError::TimeLimit`] when a
    /// new form would pass the budget.
    pub fn form(
        &mut self,
        mut options: Vec<MisereId>,
        budget: &Budget,
    ) -> Result<MisereId, SolveError> {
        self.tick(budget)?;
        options.sort_unstable();
        options.dedup();
        if let Some(&g) = self.index.get(options.as_slice()) {
            return Ok(g);
        }
        // Reversal through zero.
        if options[0] != MisereId::ZERO
            && options.iter().all(|&o| self.has_option(o, MisereId::ZERO))
            && options.iter().any(|&o| self.is_p_position(o))
        {
            return Ok(MisereId::ZERO);
        }
        // Reversal through a nonzero K: K is an option of the option of
        // largest birthday.
        let top = *options
            .iter()
            .max_by_key(|&&o| self.birthday(o))
            .expect("options are not empty");
        for &k in self.options(top) {
            if k == MisereId::ZERO {
                continue;
            }
            let kept = self.options(k);
            if kept.iter().all(|o| options.binary_search(o).is_ok())
                && options
                    .iter()
                    .all(|&o| kept.binary_search(&o).is_ok() || self.has_option(o, k))
            {
                return Ok(k);
            }
        }
        budget.check_positions(self.stored())?;
        let node = self.make_node(options.clone().into_boxed_slice());
        let id = MisereId(
            u32::try_from(self.nodes.len())
                .map_err(|_| SolveError::unsupported("more than 2^32 misère canonical forms"))?,
        );
        self.nodes.push(node);
        self.index.insert(options.into_boxed_slice(), id);
        Ok(id)
    }

    fn make_node(&self, options: Box<[MisereId]>) -> Node {
        let birthday = 1 + options.iter().map(|&o| self.birthday(o)).max().unwrap_or(0);
        let gplus = mex(options.iter().map(|&o| self.normal_grundy(o)));
        let gminus = mex(options.iter().map(|&o| self.misere_grundy(o)));
        let traits = |g: MisereId| genus::Traits {
            phylum: self.phylum(g),
            gplus: self.normal_grundy(g),
            gminus: self.misere_grundy(g),
        };
        let described: Vec<genus::OptionTraits> = options
            .iter()
            .map(|&o| genus::OptionTraits {
                own: traits(o),
                options: self.options(o).iter().map(|&s| traits(s)).collect(),
            })
            .collect();
        let phylum = genus::classify(&described, gplus, gminus);
        Node {
            options,
            birthday,
            gplus,
            gminus,
            phylum,
        }
    }

    fn enter(&mut self) -> Result<(), SolveError> {
        if self.depth >= MAX_MISERE_DEPTH {
            return Err(SolveError::unsupported(format!(
                "misère canonical forms deeper than {MAX_MISERE_DEPTH} levels"
            )));
        }
        self.depth += 1;
        Ok(())
    }

    /// The misère sum `g + h`, memoised.
    ///
    /// # Errors
    ///
    /// As [`MisereArena::form`], and [`SolveError::Unsupported`] past
    /// [`MAX_MISERE_DEPTH`] levels.
    pub fn add(
        &mut self,
        g: MisereId,
        h: MisereId,
        budget: &Budget,
    ) -> Result<MisereId, SolveError> {
        if g == MisereId::ZERO {
            return Ok(h);
        }
        if h == MisereId::ZERO {
            return Ok(g);
        }
        self.tick(budget)?;
        let key = if g <= h { (g, h) } else { (h, g) };
        if let Some(&s) = self.sums.get(&key) {
            return Ok(s);
        }
        self.enter()?;
        let result = self.add_inner(g, h, budget);
        self.depth -= 1;
        let s = result?;
        budget.check_positions(self.stored())?;
        self.sums.insert(key, s);
        Ok(s)
    }

    fn add_inner(
        &mut self,
        g: MisereId,
        h: MisereId,
        budget: &Budget,
    ) -> Result<MisereId, SolveError> {
        let mut options = Vec::with_capacity(self.options(g).len() + self.options(h).len());
        for i in 0..self.options(g).len() {
            let o = self.options(g)[i];
            options.push(self.add(o, h, budget)?);
        }
        for i in 0..self.options(h).len() {
            let o = self.options(h)[i];
            options.push(self.add(g, o, budget)?);
        }
        self.form(options, budget)
    }

    /// The sum of several forms.
    ///
    /// # Errors
    ///
    /// As [`MisereArena::add`].
    pub fn sum(&mut self, games: &[MisereId], budget: &Budget) -> Result<MisereId, SolveError> {
        let mut total = MisereId::ZERO;
        for &g in games {
            total = self.add(total, g, budget)?;
        }
        Ok(total)
    }

    /// The mate of `g` (CGSuite's `Mate`): `0` and `*1` swap at the leaves.
    ///
    /// # Errors
    ///
    /// As [`MisereArena::add`].
    pub fn mate(&mut self, g: MisereId, budget: &Budget) -> Result<MisereId, SolveError> {
        if g == MisereId::ZERO {
            return self.nimber(1, budget);
        }
        if let Some(&m) = self.mates.get(&g) {
            return Ok(m);
        }
        self.enter()?;
        let result = (|| {
            let mut options = Vec::with_capacity(self.options(g).len());
            for i in 0..self.options(g).len() {
                let o = self.options(g)[i];
                options.push(self.mate(o, budget)?);
            }
            self.form(options, budget)
        })();
        self.depth -= 1;
        let m = result?;
        budget.check_positions(self.stored())?;
        self.mates.insert(g, m);
        Ok(m)
    }

    /// Whether `g` is even: `g + *1` is not one of its options.
    ///
    /// # Errors
    ///
    /// As [`MisereArena::add`].
    pub fn is_even(&mut self, g: MisereId, budget: &Budget) -> Result<bool, SolveError> {
        if let Some(&e) = self.parity.get(&g) {
            return Ok(e);
        }
        let one = self.nimber(1, budget)?;
        let plus_one = self.add(g, one, budget)?;
        let even = !self.has_option(g, plus_one);
        self.parity.insert(g, even);
        Ok(even)
    }

    /// The even part of `g`: `g` if even, else `g + *1`.
    fn even_part(&mut self, g: MisereId, budget: &Budget) -> Result<MisereId, SolveError> {
        if self.is_even(g, budget)? {
            Ok(g)
        } else {
            let one = self.nimber(1, budget)?;
            self.add(g, one, budget)
        }
    }

    /// CGSuite's order of canonical forms, by the even parts' birthday,
    /// number of options, `G⁺`, `G⁻` and options (lexicographically, each
    /// list in this order), then the even game first. Options print in the
    /// reverse of this order.
    ///
    /// # Errors
    ///
    /// As [`MisereArena::add`].
    pub fn compare(
        &mut self,
        a: MisereId,
        b: MisereId,
        budget: &Budget,
    ) -> Result<Ordering, SolveError> {
        if a == b {
            return Ok(Ordering::Equal);
        }
        let ea = self.even_part(a, budget)?;
        let eb = self.even_part(b, budget)?;
        if ea == eb {
            // The same pair: the even one first.
            return Ok(if a == ea {
                Ordering::Less
            } else {
                Ordering::Greater
            });
        }
        let (na, nb) = (self.node(ea), self.node(eb));
        let key = |n: &Node| (n.birthday, n.options.len(), n.gplus, n.gminus);
        let by_key = key(na).cmp(&key(nb));
        if by_key != Ordering::Equal {
            return Ok(by_key);
        }
        self.enter()?;
        let result = (|| {
            let oa = self.sorted_options(ea, budget)?;
            let ob = self.sorted_options(eb, budget)?;
            for (x, y) in oa.iter().zip(&ob) {
                let c = self.compare(*x, *y, budget)?;
                if c != Ordering::Equal {
                    return Ok(c);
                }
            }
            Ok(Ordering::Equal)
        })();
        self.depth -= 1;
        result
    }

    /// The options of `g` in CGSuite's order (ascending).
    ///
    /// # Errors
    ///
    /// As [`MisereArena::add`].
    pub fn sorted_options(
        &mut self,
        g: MisereId,
        budget: &Budget,
    ) -> Result<Vec<MisereId>, SolveError> {
        let mut options = self.options(g).to_vec();
        // Insertion sort: the comparison can fail on the budget.
        for i in 1..options.len() {
            let mut j = i;
            while j > 0 && self.compare(options[j - 1], options[j], budget)? == Ordering::Greater {
                options.swap(j - 1, j);
                j -= 1;
            }
        }
        Ok(options)
    }

    /// Conway's genus of `g`, as CGSuite computes and prints it.
    ///
    /// # Errors
    ///
    /// [`SolveError::Unsupported`] past [`MAX_MISERE_DEPTH`] levels.
    pub fn genus(&mut self, g: MisereId) -> Result<Genus, SolveError> {
        let node = self.node(g);
        if node.phylum.is_restive_or_tame() {
            return Ok(Genus::simple(node.phylum, node.gplus, node.gminus));
        }
        if let Some(genus) = self.genera.get(&g) {
            return Ok(genus.clone());
        }
        self.enter()?;
        let result = (|| {
            let mut optional = Vec::with_capacity(self.options(g).len());
            for i in 0..self.options(g).len() {
                let o = self.options(g)[i];
                optional.push(self.genus(o)?);
            }
            Ok::<Genus, SolveError>(Genus::from_options(&optional))
        })();
        self.depth -= 1;
        let genus = result?;
        self.genera.insert(g, genus.clone());
        Ok(genus)
    }

    /// `g - *n`: the game `d` with `d + *n = g`, if there is one (it is
    /// unique: misère games cancel). Only the candidates the notation needs
    /// are tried, each checked by adding `*n` back: an option of `g` (a
    /// part of smaller birthday), or the game whose options are `g + *j`
    /// for `j < n` and the differences of `g`'s options (`D + *n` then has
    /// the options of `g`, and its other options reverse through `g`).
    ///
    /// # Errors
    ///
    /// As [`MisereArena::add`].
    pub fn nim_difference(
        &mut self,
        g: MisereId,
        n: u32,
        budget: &Budget,
    ) -> Result<Option<MisereId>, SolveError> {
        let heap = self.nimber(n, budget)?;
        if n == 0 {
            return Ok(Some(g));
        }
        if n == 1 {
            // *1 + *1 = 0.
            return Ok(Some(self.add(g, heap, budget)?));
        }
        if let Some(d) = self.smaller_difference(g, heap, budget)? {
            return Ok(Some(d));
        }
        self.enter()?;
        let result = self.difference_by_options(g, n, heap, budget);
        self.depth -= 1;
        result
    }

    /// The game `d` of larger birthday with `d + *n = g`. In `d + *n` the
    /// option `d` reverses through `g` (else `d` would be an option of the
    /// older `g`), so every option of `d` is some `g - *j` with `j < n` or
    /// `g' - *n` for an option `g'` of `g`: the candidates are the games
    /// made of those, all first, then smaller sets, each checked.
    fn difference_by_options(
        &mut self,
        g: MisereId,
        n: u32,
        heap: MisereId,
        budget: &Budget,
    ) -> Result<Option<MisereId>, SolveError> {
        let mut pool = Vec::new();
        for j in 0..n {
            if let Some(d) = self.nim_difference(g, j, budget)? {
                pool.push(d);
            }
        }
        for i in 0..self.options(g).len() {
            let o = self.options(g)[i];
            if let Some(d) = self.nim_difference(o, n, budget)? {
                pool.push(d);
            }
        }
        pool.sort_unstable();
        pool.dedup();
        if pool.is_empty() || pool.len() > MAX_DIFFERENCE_CANDIDATES {
            return Ok(None);
        }
        let full = (1u32 << pool.len()) - 1;
        let mut masks: Vec<u32> = (1..=full).collect();
        masks.sort_by_key(|m| std::cmp::Reverse(m.count_ones()));
        for mask in masks {
            let options: Vec<MisereId> = (0..pool.len())
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| pool[i])
                .collect();
            let candidate = self.form(options, budget)?;
            if self.add(candidate, heap, budget)? == g {
                return Ok(Some(candidate));
            }
        }
        Ok(None)
    }

    /// The option `x` of `g` with `x + heap = g`, if any. A difference of
    /// smaller birthday than `g` is always an option of `g`: in the sum
    /// `x + heap` the option `x` (taking the whole heap) is kept unless it
    /// has an option equal to the sum, which would make the sum older.
    fn smaller_difference(
        &mut self,
        g: MisereId,
        heap: MisereId,
        budget: &Budget,
    ) -> Result<Option<MisereId>, SolveError> {
        for i in 0..self.options(g).len() {
            let x = self.options(g)[i];
            if self.add(x, heap, budget)? == g {
                return Ok(Some(x));
            }
        }
        Ok(None)
    }

    /// How many forms, sums and mates the arena has stored: its work, in
    /// the unit the budget's positions count here. What the figures beside
    /// a form are sized by ([`MisereArena::figures_within`]).
    pub fn work(&self) -> u64 {
        self.stored()
    }

    /// `figure` within `allowance` more stored forms than the arena holds
    /// now (if any; `budget` bounds it in any case), or why not: the
    /// error, and the allowance if that is what stopped it.
    fn within<T>(
        &mut self,
        budget: &Budget,
        allowance: Option<u64>,
        figure: impl FnOnce(&mut Self, &Budget) -> Result<T, SolveError>,
    ) -> Result<T, String> {
        let limit = allowance.map_or(budget.max_positions, |extra| {
            budget
                .max_positions
                .min(self.stored().saturating_add(extra))
        });
        let bounded = Budget {
            max_positions: limit,
            ..*budget
        };
        figure(self, &bounded).map_err(|e| match (e, allowance) {
            (SolveError::BudgetExceeded { .. }, Some(extra)) if limit < budget.max_positions => {
                format!(
                    "left out, it would take more work than the value itself (over {extra} forms)"
                )
            }
            (e, _) => format!("left out: {e}"),
        })
    }

    /// All the figures CGSuite prints for a misère canonical form, each
    /// within `allowance` more stored forms where one is given (and
    /// `budget`): one that does not fit (the written form, the mate, the
    /// parity: each may build new forms) is `None`, with the reason in
    /// [`MisereFigures::left_out`]. The `G⁻`, `G⁺`, genus, birthday and
    /// phylum are read off the form and always given.
    ///
    /// # Errors
    ///
    /// [`SolveError::Unsupported`] for a form deeper than
    /// [`MAX_MISERE_DEPTH`] (its genus).
    pub fn figures_within(
        &mut self,
        g: MisereId,
        budget: &Budget,
        allowance: Option<u64>,
    ) -> Result<MisereFigures, SolveError> {
        let genus = self.genus(g)?;
        let mut left_out = Vec::new();
        let form = self.within(budget, allowance, |a, b| a.display(g, b));
        let form = kept(&mut left_out, "form", form);
        let mate = self.within(budget, allowance, |a, b| {
            let m = a.mate(g, b)?;
            a.display(m, b)
        });
        let mate = kept(&mut left_out, "mate", mate);
        let even = self.within(budget, allowance, |a, b| a.is_even(g, b));
        let even = kept(&mut left_out, "even", even);
        Ok(MisereFigures {
            form,
            grundy: self.misere_grundy(g),
            normal_grundy: self.normal_grundy(g),
            genus: genus.to_string(),
            birthday: Some(self.birthday(g)),
            p_position: self.is_p_position(g),
            tame: Some(self.is_tame(g)),
            restive: Some(self.is_restive(g)),
            restless: Some(self.is_restless(g)),
            even,
            mate,
            left_out,
        })
    }

    /// All the figures CGSuite prints for a misère canonical form, within
    /// `budget` alone ([`MisereArena::figures_within`] without an
    /// allowance).
    ///
    /// # Errors
    ///
    /// As [`MisereArena::figures_within`].
    pub fn figures(&mut self, g: MisereId, budget: &Budget) -> Result<MisereFigures, SolveError> {
        self.figures_within(g, budget, None)
    }
}

/// The figure `name` if it was had, else `None` with its reason added to
/// `left_out`.
fn kept<T>(left_out: &mut Vec<String>, name: &str, figure: Result<T, String>) -> Option<T> {
    figure
        .map_err(|why| left_out.push(format!("{name}: {why}")))
        .ok()
}

/// What CGSuite prints for a misère canonical form (SPEC's `misere`
/// object).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MisereFigures {
    /// The form in CGSuite's notation, `*[2#1]`; `None` where it was left
    /// out (too long to write within the allowance, or not computed: the
    /// genus then comes from a search of the position).
    pub form: Option<String>,
    /// The misère Grundy value `G⁻`.
    pub grundy: u32,
    /// The normal-play Grundy value `G⁺`.
    pub normal_grundy: u32,
    /// The genus, `2^1420`.
    pub genus: String,
    /// The birthday of the canonical form (`None` without the form).
    pub birthday: Option<u32>,
    /// Whether the player to move loses under misère play.
    pub p_position: bool,
    /// Hereditarily tame (`None` without the form).
    pub tame: Option<bool>,
    /// Hereditarily restive (`None` without the form).
    pub restive: Option<bool>,
    /// Restless (`None` without the form).
    pub restless: Option<bool>,
    /// Even (`G + *1` is not an option); `None` where left out.
    pub even: Option<bool>,
    /// The mate, in the notation; `None` where left out.
    pub mate: Option<String>,
    /// The figures left out, each with why, one line each (`mate: left
    /// out, ...`).
    pub left_out: Vec<String>,
}

#[cfg(test)]
mod tests;
