//! CGSuite's notation for loopy games: printing simplest forms and sided
//! values, and reading them back.
//!
//! Printing follows CGSuite's display rules (its `CanonicalStopper` and
//! `SimplifiedLoopyGame`): a loop-free follower prints as a canonical
//! short game; `on`, `off`, `x over`, `x under`; a switch `±G`; `Tiny(G)`
//! and `Miny(G)` translated by a number; the upon forms `x^[on]*n`,
//! `x^<on>*n` and their negatives with `v`; otherwise a form in braces,
//! a move back to the game itself written `pass` and a vertex met again
//! deeper down named by a letter before its braces (`a{0|a}`). Options
//! are separated by `, ` as the short games of this library are.
//!
//! Reading accepts all of that and sums, negatives, `upon`, `dud` and
//! `G & H`.

use std::ops::Range;

use rustc_hash::FxHashMap;

use super::game::{LoopyGame, Side, le};
use super::stopper::{LoopyArena, Pseudonumber, SidedValue, Stopper, refined_colours};
use num_bigint::BigInt;
use sprague_core::error::{ParseError, ParseErrorKind, SolveError};
use sprague_partizan::cgt::{CanonicalArena, Dyadic, GameId};

/// The most bars written between two sides; a form that needs them keeps
/// its braces (CGSuite's `maxSlashes`).
const MAX_BARS: usize = 4;

/// The largest `n` read in `^<n>` and `^[n]` (each a chain of `n` forms).
const MAX_UP_POWER: u64 = 1 << 16;

/// The deepest nesting of braces and parentheses read.
const MAX_NESTING: usize = 200;

/// The largest integer part of a number read, and the largest nimber and
/// number of ups: a loopy game is a graph with a vertex for each follower,
/// and the integer `n` has `n` followers in a chain (`*n` has `n` followers
/// and `n(n + 1)/2` moves), so the number sizes the graph built from it.
pub const MAX_LOOPY_NUMBER: u64 = 4096;

/// The most decimal digits of a numerator or denominator, as in the short
/// games' reader (`sprague_game::syntax::MAX_VALUE_DIGITS`, which this
/// crate, below it, cannot name).
const MAX_NUMBER_DIGITS: usize = 4000;

/// The most expressions the two sides of a sided value are written out as
/// (see [`LoopyExpr::side_size`]).
const MAX_SIDE_FORMS: u64 = 1 << 16;

/// The bits of a number of [`MAX_NUMBER_DIGITS`] digits.
const MAX_NUMBER_BITS: u64 = 13_288;

impl LoopyArena {
    /// A sided value in CGSuite's notation: the stopper when both sides
    /// are equal, `dud` for `on & off`, otherwise `onside & offside`.
    ///
    /// # Errors
    ///
    /// The budget's errors.
    pub fn display(&mut self, value: &SidedValue) -> Result<String, SolveError> {
        if let (Some(on), Some(off)) = (value.onside(), value.offside())
            && (value.as_stopper().is_some() || self.equal(on, off)?)
        {
            return self.display_stopper(on);
        }
        let on = self.display_side(value, true)?;
        let off = self.display_side(value, false)?;
        if on == "on" && off == "off" {
            return Ok("dud".to_string());
        }
        Ok(sided_text(&on, &off))
    }

    /// A stopper in CGSuite's notation (see the module documentation).
    ///
    /// # Errors
    ///
    /// The budget's errors.
    pub fn display_stopper(&mut self, g: &Stopper) -> Result<String, SolveError> {
        let mut printer = Printer::new(self, g)?;
        Ok(printer.write(0, true, false, 0)?.0)
    }

    /// The onside (`onside = true`) or offside of a sided value in
    /// CGSuite's notation, a stopper or not (CGSuite's
    /// `SimplifiedLoopyGame` prints a side that is not a stopper alike).
    ///
    /// # Errors
    ///
    /// The budget's errors.
    pub fn display_side(&mut self, value: &SidedValue, onside: bool) -> Result<String, SolveError> {
        let game = if onside {
            value.onside_game()
        } else {
            value.offside_game()
        };
        self.display_stopper(&Stopper::graph(game.clone()))
    }
}

/// The upon forms CGSuite prints (`^[on]`, `^<on>`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum UponType {
    Upon,
    Uponth,
}

struct Printer<'a> {
    arena: &'a mut LoopyArena,
    g: Stopper,
    short: Vec<Option<GameId>>,
    colours: Vec<u64>,
    plumtree: Vec<bool>,
    /// Whether no infinite alternating sequence starts below the vertex:
    /// the special forms (`±G`, `Tiny`, upons) are stoppers' and are
    /// looked for only there; a side that is not a stopper prints the
    /// rest in braces, as CGSuite's `SimplifiedLoopyGame` does.
    stopper: Vec<bool>,
    names: FxHashMap<u32, Option<String>>,
    n_named: usize,
}

/// The `n`-th name of a vertex met again: `a` to `z` without `v` (which
/// reads as a down arrow), then `N1`, `N2`, ...
fn nth_name(n: usize) -> String {
    let letters: Vec<char> = ('a'..='z').filter(|&c| c != 'v').collect();
    match letters.get(n) {
        Some(c) => c.to_string(),
        None => format!("N{}", n - letters.len() + 1),
    }
}

fn star_text(n: u64) -> String {
    match n {
        0 => String::new(),
        1 => "*".to_string(),
        n => format!("*{n}"),
    }
}

impl<'a> Printer<'a> {
    fn new(arena: &'a mut LoopyArena, g: &Stopper) -> Result<Printer<'a>, SolveError> {
        let short = arena.short_forms(g)?;
        Ok(Printer {
            colours: refined_colours(g.game()),
            plumtree: g.game().plumtree_vertices(),
            stopper: g.game().stopper_vertices(),
            short,
            g: g.clone(),
            arena,
            names: FxHashMap::default(),
            n_named: 0,
        })
    }

    fn cgt(&mut self) -> &mut CanonicalArena {
        self.arena.canonical_arena()
    }

    fn number(&self, v: u32) -> Option<Dyadic> {
        let id = self.short[v as usize]?;
        self.arena_ref().as_number(id)
    }

    fn number_plus_nimber(&self, v: u32) -> Option<(Dyadic, u64)> {
        let id = self.short[v as usize]?;
        self.arena_ref().as_number_plus_nimber(id)
    }

    fn arena_ref(&self) -> &CanonicalArena {
        // The canonical arena is only read here.
        self.arena.canonical_arena_ref()
    }

    /// A follower printed on its own (a fresh list of names), as CGSuite
    /// prints the options of a switch and the subscript of `Tiny`.
    fn write_alone(
        &mut self,
        g: &Stopper,
        force_parens: bool,
        depth: usize,
    ) -> Result<String, SolveError> {
        let mut printer = Printer::new(self.arena, g)?;
        Ok(printer.write(0, true, force_parens, depth + 1)?.0)
    }

    /// The text of vertex `v` and its number of bars when written without
    /// braces (0 with braces or when not a form).
    fn write(
        &mut self,
        v: u32,
        force_brackets: bool,
        force_parens: bool,
        depth: usize,
    ) -> Result<(String, usize), SolveError> {
        if depth > MAX_NESTING {
            return Err(SolveError::unsupported(
                "a loopy game nested too deep to print",
            ));
        }
        if let Some(id) = self.short[v as usize] {
            let (text, parts) = self.cgt().display_parts(id)?;
            return Ok(match parts {
                Some((body, bars)) if !force_brackets && bars < MAX_BARS => (body, bars),
                _ => (text, 0),
            });
        }
        if let Some(p) = self.arena.pseudonumber_at(&self.g, &self.short, v)? {
            let text = p.to_string();
            let parens = force_parens
                && matches!(&p, Pseudonumber::Over(x) | Pseudonumber::Under(x) if *x != Dyadic::ZERO);
            return Ok((if parens { format!("({text})") } else { text }, 0));
        }
        if !self.names.contains_key(&v) && self.stopper[v as usize] {
            if let Some(text) = self.switch(v, depth)? {
                return Ok((text, 0));
            }
            if self.plumtree[v as usize]
                && let Some(text) = self.tiny(v, force_parens, depth)?
            {
                return Ok((text, 0));
            }
            if let Some(text) = self.upon(v)? {
                return Ok((text, 0));
            }
        }
        self.general(v, force_brackets, depth)
    }

    fn sorted_options(&mut self, v: u32, left: bool) -> Result<Vec<u32>, SolveError> {
        let options = self.g.game().options(v, left).to_vec();
        let mut numbers = Vec::new();
        let mut shorts = Vec::new();
        let mut loopy = Vec::new();
        for w in options {
            match self.short[w as usize] {
                Some(id) => match self.arena_ref().as_number(id) {
                    Some(x) => numbers.push((x, w)),
                    None => {
                        let text = self.cgt().display(id)?;
                        shorts.push((text, w));
                    }
                },
                None => loopy.push((self.colours[w as usize], w)),
            }
        }
        numbers.sort();
        if left {
            numbers.reverse();
        }
        shorts.sort();
        loopy.sort();
        Ok(numbers
            .into_iter()
            .map(|(_, w)| w)
            .chain(shorts.into_iter().map(|(_, w)| w))
            .chain(loopy.into_iter().map(|(_, w)| w))
            .collect())
    }

    fn general(
        &mut self,
        v: u32,
        force_brackets: bool,
        depth: usize,
    ) -> Result<(String, usize), SolveError> {
        if let Some(name) = self.names.get(&v) {
            let name = match name {
                Some(name) => name.clone(),
                None => {
                    let name = nth_name(self.n_named);
                    self.n_named += 1;
                    self.names.insert(v, Some(name.clone()));
                    name
                }
            };
            return Ok((name, 0));
        }
        self.names.insert(v, None);
        let mut bars = 0;
        let mut sides = Vec::with_capacity(2);
        for left in [true, false] {
            let options = self.sorted_options(v, left)?;
            let many = options.len() > 1;
            let mut texts = Vec::with_capacity(options.len());
            for w in &options {
                if *w == v {
                    texts.push("pass".to_string());
                } else {
                    let (text, b) = self.write(*w, many, false, depth + 1)?;
                    bars = bars.max(b);
                    texts.push(text);
                }
            }
            sides.push((texts.join(", "), options.is_empty()));
        }
        let name = self.names.remove(&v).flatten();
        bars += 1;
        let braces =
            force_brackets || name.is_some() || sides[0].1 || sides[1].1 || bars == MAX_BARS;
        let mut text = name.unwrap_or_default();
        if braces {
            text.push('{');
        }
        text.push_str(&sides[0].0);
        text.push_str(&"|".repeat(bars));
        text.push_str(&sides[1].0);
        if braces {
            text.push('}');
        }
        Ok((text, if braces { 0 } else { bars }))
    }

    /// `±G` when the game equals its negative.
    fn switch(&mut self, v: u32, depth: usize) -> Result<Option<String>, SolveError> {
        let game = self.g.game().at(v);
        let negative = game.negative();
        let budget = *self.arena.budget();
        if !(le(&game, &negative, Side::Stopper, &budget)?
            && le(&negative, &game, Side::Stopper, &budget)?)
        {
            return Ok(None);
        }
        let options = self.sorted_options(v, true)?;
        let mut texts = Vec::new();
        for &w in &options {
            let follower = self.g.follower(w);
            texts.push(self.write_alone(&follower, options.len() == 1, depth)?);
        }
        Ok(Some(if texts.len() > 1 {
            format!("±{{{}}}", texts.join(", "))
        } else {
            format!("±{}", texts.concat())
        }))
    }

    /// `x + Tiny(G)` = `{x || x | x - G}` and `x + Miny(G)` = `{x + G | x || x}`
    /// where `G >= over` (CGSuite's number-tiny games, printed so for a
    /// plumtree).
    fn tiny(
        &mut self,
        v: u32,
        force_parens: bool,
        depth: usize,
    ) -> Result<Option<String>, SolveError> {
        let game = self.g.game().clone();
        let (lo, ro) = (game.left(v), game.right(v));
        let ([l], [r]) = (lo, ro) else {
            return Ok(None);
        };
        let (l, r) = (*l, *r);
        // (kind, translation vertex, the vertex whose negative or itself
        // gives the subscript)
        let candidate = if let Some(x) = self.number(l) {
            match (game.left(r), game.right(r)) {
                ([a], [y]) if *a == l => Some(("Tiny", x, l, *y, true)),
                _ => None,
            }
        } else if let Some(x) = self.number(r) {
            match (game.left(l), game.right(l)) {
                ([z], [b]) if *b == r => Some(("Miny", x, r, *z, false)),
                _ => None,
            }
        } else {
            None
        };
        let Some((kind, x, number_vertex, other, tiny)) = candidate else {
            return Ok(None);
        };
        // Tiny: the subscript is x - y, and y - x <= under is asked;
        // Miny: the subscript is z - x, and x - z <= under.
        let other_game = self.g.game().at(other);
        let number_game = self.g.game().at(number_vertex);
        let budget = *self.arena.budget();
        let subscript = if tiny {
            number_game.sum(&other_game.negative(), &budget)?
        } else {
            other_game.sum(&number_game.negative(), &budget)?
        };
        if !subscript.is_stopper() {
            return Ok(None);
        }
        let over = LoopyGame::new(vec![vec![1], vec![]], vec![vec![0], vec![]], 0);
        // -subscript <= under iff subscript >= over.
        if !le(&over, &subscript, Side::Stopper, &budget)? {
            return Ok(None);
        }
        let subscript = self.arena.stopper(&subscript)?;
        let sub = self.write_alone(&subscript, false, depth)?;
        let translation = if x == Dyadic::ZERO {
            String::new()
        } else {
            x.to_string()
        };
        let text = format!("{translation}{kind}({sub})");
        Ok(Some(if force_parens {
            format!("({text})")
        } else {
            text
        }))
    }

    /// The upon forms, or their negatives.
    fn upon(&mut self, v: u32) -> Result<Option<String>, SolveError> {
        let (form, negated) = match self.upon_form(v, false, true) {
            Some(f) => (f, false),
            None => match self.upon_form(v, true, true) {
                Some(f) => (f, true),
                None => return Ok(None),
            },
        };
        let (kind, x, star) = form;
        let x = if negated { -x } else { x };
        let number = if x == Dyadic::ZERO {
            String::new()
        } else {
            x.to_string()
        };
        let arrow = if negated { "v" } else { "^" };
        let exponent = match kind {
            UponType::Upon => "[on]",
            UponType::Uponth => "<on>",
        };
        Ok(Some(format!(
            "{number}{arrow}{exponent}{}",
            star_text(star)
        )))
    }

    /// CGSuite's upon form of `v` (of its negative if `negated`): `x^[on]*n`
    /// is `{pass | x + *(n xor 1)}` (`{pass, x | x}` when `n = 1`), and
    /// `x^<on>*n` is `{x, x*, ..., x*n | -((-x)^[on]*(n xor 1))}`.
    fn upon_form(
        &self,
        v: u32,
        negated: bool,
        check_uponth: bool,
    ) -> Option<(UponType, Dyadic, u64)> {
        let game = self.g.game();
        let lo = game.options(v, !negated);
        let ro = game.options(v, negated);
        let value = |w: u32| -> Option<(Dyadic, u64)> {
            let (x, n) = self.number_plus_nimber(w)?;
            Some((if negated { -x } else { x }, n))
        };
        if let ([r], true) = (ro, lo.len() <= 2)
            && let Some((x, n)) = value(*r)
        {
            let matches = if n == 0 {
                lo.len() == 2
                    && lo.contains(&v)
                    && lo
                        .iter()
                        .any(|&w| w != v && value(w) == Some((x.clone(), 0)))
            } else {
                lo == [v]
            };
            if matches {
                return Some((UponType::Upon, x, n ^ 1));
            }
        }
        if check_uponth
            && let [r] = ro
            && let Some((UponType::Upon, x, n)) = self.upon_form(*r, !negated, false)
        {
            let k = n ^ 1;
            let mut wanted: Vec<(Dyadic, u64)> = (0..=k).map(|j| (-x.clone(), j)).collect();
            let mut found: Vec<(Dyadic, u64)> = lo.iter().filter_map(|&w| value(w)).collect();
            wanted.sort();
            found.sort();
            if found.len() == lo.len() && found == wanted {
                return Some((UponType::Uponth, -x, k));
            }
        }
        None
    }
}

// ---------------------------------------------------------------------------
// Reading.

/// A loopy value as written: a game, or `onside & offside`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopySyntax {
    /// The game, or the onside of `G & H`.
    pub onside: LoopyExpr,
    /// The offside of `G & H`.
    pub offside: Option<LoopyExpr>,
    /// Where it was written.
    pub span: Range<usize>,
}

/// A loopy game as written (CGSuite's notation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoopyExpr {
    /// `label{left | right}` (the label optional).
    Form {
        /// The node label, if any.
        label: Option<String>,
        /// Left's options.
        left: Vec<LoopyExpr>,
        /// Right's options.
        right: Vec<LoopyExpr>,
    },
    /// `pass`: the innermost form being written.
    Pass,
    /// A node label written again: a move to that node.
    Label(String, Range<usize>),
    /// `on`, `off`, `over`, `under`, `upon`, `dud`.
    Word(String),
    /// A number plus ups plus a nimber, as the short-game notation.
    Short {
        /// The number.
        number: Dyadic,
        /// Ups (negative: downs).
        ups: i64,
        /// The nimber.
        star: u64,
    },
    /// `x^<n>*k` (the `n`-th up power) or `x^[n]*k` (`^<1> + ... +
    /// ^<n>`), negated for `v`: the short-game notation CGSuite prints.
    UpPower {
        /// The number part.
        number: Dyadic,
        /// The power.
        n: u64,
        /// `[n]` rather than `<n>`.
        sum: bool,
        /// Written with `v`.
        down: bool,
        /// The nimber.
        star: u64,
    },
    /// `x over` (`true`) or `x under`.
    OverUnder(Dyadic, bool),
    /// `x^[on]*n` (`Upon`) or `x^<on>*n`, negated for `v`.
    Upon {
        /// The number part.
        number: Dyadic,
        /// `<on>` rather than `[on]`.
        uponth: bool,
        /// Written with `v`.
        down: bool,
        /// The nimber.
        star: u64,
    },
    /// `x + Tiny(G)` (`true`) or `x + Miny(G)`.
    Tiny(Dyadic, Box<LoopyExpr>, bool),
    /// `-G`.
    Neg(Box<LoopyExpr>),
    /// `±G`.
    Switch(Box<LoopyExpr>),
    /// `±{a, b, ...}`, CGSuite's multiple switch `{a, b, ... | -a, -b,
    /// ...}`: its own variant rather than that form, whose right side
    /// would copy every option (nested, a copy doubling at each level).
    MultipleSwitch(Vec<LoopyExpr>),
    /// `G + H + ...`.
    Sum(Vec<LoopyExpr>),
    /// `G : H : ...`, the ordinal sum, from the left.
    Ordinal(Vec<LoopyExpr>),
    /// `G & H` as an option inside braces: the form's onside takes `G`
    /// there, its offside `H` (CGSuite's rule).
    Sided(Box<LoopyExpr>, Box<LoopyExpr>),
    /// `upsum(G, H)`, `downsum(G, H)`, `onside(G)`, `offside(G)`,
    /// `degree(G)`, `variety(G)`: a stopper found from the arguments' values.
    Call(LoopyFunction, Vec<LoopyExpr>),
}

/// The functions of loopy values the notation reads, each giving a stopper.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoopyFunction {
    /// `upsum(G, H)`: the onside of `G + H`, for stoppers `G` and `H`.
    Upsum,
    /// `downsum(G, H)`: the offside of `G + H`.
    Downsum,
    /// `onside(G)`: the onside of `G`'s value, when it is a stopper.
    Onside,
    /// `offside(G)`: the offside.
    Offside,
    /// `degree(G)`: `G upsum -G`, for a stopper `G`.
    Degree,
    /// `variety(G)`: the variety of a stable stopper whose degree is
    /// idempotent.
    Variety,
}

impl LoopyFunction {
    /// The function a name calls, if any.
    fn named(name: &str) -> Option<LoopyFunction> {
        Some(match name {
            "upsum" => LoopyFunction::Upsum,
            "downsum" => LoopyFunction::Downsum,
            "onside" => LoopyFunction::Onside,
            "offside" => LoopyFunction::Offside,
            "degree" => LoopyFunction::Degree,
            "variety" => LoopyFunction::Variety,
            _ => return None,
        })
    }

    /// The function's name as written.
    pub fn name(self) -> &'static str {
        match self {
            LoopyFunction::Upsum => "upsum",
            LoopyFunction::Downsum => "downsum",
            LoopyFunction::Onside => "onside",
            LoopyFunction::Offside => "offside",
            LoopyFunction::Degree => "degree",
            LoopyFunction::Variety => "variety",
        }
    }

    /// How many arguments it takes.
    fn arity(self) -> usize {
        match self {
            LoopyFunction::Upsum | LoopyFunction::Downsum => 2,
            _ => 1,
        }
    }
}

impl LoopyExpr {
    /// Whether the expression needs the loopy reader: a pass, a label, a
    /// loopy word, an over, an upon or a sided value somewhere.
    fn is_loopy(&self) -> bool {
        match self {
            LoopyExpr::Form { label, left, right } => {
                label.is_some() || left.iter().chain(right).any(LoopyExpr::is_loopy)
            }
            LoopyExpr::Pass
            | LoopyExpr::Label(..)
            | LoopyExpr::Word(_)
            | LoopyExpr::OverUnder(..)
            | LoopyExpr::Upon { .. }
            | LoopyExpr::Tiny(..) => true,
            LoopyExpr::Sided(..) | LoopyExpr::Call(..) => true,
            LoopyExpr::Short { .. } | LoopyExpr::UpPower { .. } => false,
            LoopyExpr::Neg(e) | LoopyExpr::Switch(e) => e.is_loopy(),
            LoopyExpr::Sum(es) | LoopyExpr::Ordinal(es) | LoopyExpr::MultipleSwitch(es) => {
                es.iter().any(LoopyExpr::is_loopy)
            }
        }
    }

    /// Whether `G & H` is written somewhere inside (as an option).
    pub fn has_sided(&self) -> bool {
        match self {
            LoopyExpr::Sided(..) => true,
            LoopyExpr::Form { left, right, .. } => {
                left.iter().chain(right).any(LoopyExpr::has_sided)
            }
            LoopyExpr::Tiny(_, e, _) | LoopyExpr::Neg(e) | LoopyExpr::Switch(e) => e.has_sided(),
            LoopyExpr::Sum(es) | LoopyExpr::Ordinal(es) | LoopyExpr::MultipleSwitch(es) => {
                es.iter().any(LoopyExpr::has_sided)
            }
            // A function's arguments are valued on their own.
            _ => false,
        }
    }

    /// The number of expressions [`LoopyExpr::side`] writes for this one,
    /// worked out without writing them (saturating): a switch counts its
    /// expression's two sides.
    pub fn side_size(&self, onside: bool) -> u64 {
        let all = |es: &[LoopyExpr], onside: bool| -> u64 {
            es.iter()
                .fold(0u64, |n, e| n.saturating_add(e.side_size(onside)))
        };
        let one = match self {
            LoopyExpr::Sided(on, off) => {
                return if onside { on } else { off }.side_size(onside);
            }
            LoopyExpr::Form { left, right, .. } => {
                all(left, onside).saturating_add(all(right, onside))
            }
            LoopyExpr::Tiny(_, e, tiny) => e.side_size(onside != *tiny),
            LoopyExpr::Neg(e) => e.side_size(!onside),
            LoopyExpr::Switch(e) => e.side_size(onside).saturating_add(e.side_size(!onside) + 1),
            LoopyExpr::MultipleSwitch(es) => all(es, onside)
                .saturating_add(all(es, !onside))
                .saturating_add(es.len() as u64),
            LoopyExpr::Sum(es) | LoopyExpr::Ordinal(es) => all(es, onside),
            _ => 0,
        };
        one.saturating_add(1)
    }

    /// The expression with each `G & H` inside replaced by `G` (`onside`)
    /// or `H`: the game whose onside (offside) is the value's.
    pub fn side(&self, onside: bool) -> LoopyExpr {
        let side = |e: &LoopyExpr| e.side(onside);
        match self {
            LoopyExpr::Sided(on, off) => if onside { on } else { off }.side(onside),
            LoopyExpr::Form { label, left, right } => LoopyExpr::Form {
                label: label.clone(),
                left: left.iter().map(side).collect(),
                right: right.iter().map(side).collect(),
            },
            // Tiny(G) = {x || x | x - G} takes G's negative, Miny(G) =
            // {x + G | x || x} G itself.
            LoopyExpr::Tiny(x, e, tiny) => {
                LoopyExpr::Tiny(x.clone(), Box::new(e.side(onside != *tiny)), *tiny)
            }
            LoopyExpr::Neg(e) => LoopyExpr::Neg(Box::new(e.side(!onside))),
            // ±G = {G | -G}, whose Right option takes -G's side.
            LoopyExpr::Switch(e) => LoopyExpr::Form {
                label: None,
                left: vec![side(e)],
                right: vec![LoopyExpr::Neg(Box::new(e.side(!onside)))],
            },
            // ±{a, b} = {a, b | -a, -b}, whose Right options take -a's side.
            LoopyExpr::MultipleSwitch(es) => LoopyExpr::Form {
                label: None,
                left: es.iter().map(side).collect(),
                right: es
                    .iter()
                    .map(|e| LoopyExpr::Neg(Box::new(e.side(!onside))))
                    .collect(),
            },
            LoopyExpr::Sum(es) => LoopyExpr::Sum(es.iter().map(side).collect()),
            LoopyExpr::Ordinal(es) => LoopyExpr::Ordinal(es.iter().map(side).collect()),
            other => other.clone(),
        }
    }
}

impl LoopySyntax {
    /// Whether this is a loopy value (not a short game the short-game
    /// reader reads as well).
    pub fn is_loopy(&self) -> bool {
        self.offside.is_some() || self.onside.is_loopy()
    }

    /// Whether this is a sided value rather than a game: `G & H`, or a
    /// form with such an option.
    pub fn is_sided(&self) -> bool {
        self.offside.is_some() || self.onside.has_sided()
    }
}

/// `onside & offside` as the readers read it back: `&` binds tighter than
/// `+` (CGSuite's grammar), so a side written as a sum (`2+^3`, a number
/// beside ups) is put in parentheses.
pub fn sided_text(onside: &str, offside: &str) -> String {
    let side = |text: &str| {
        let mut depth = 0usize;
        let sum = text.char_indices().any(|(i, c)| match c {
            '{' | '[' | '(' | '<' => {
                depth += 1;
                false
            }
            '}' | ']' | ')' | '>' => {
                depth = depth.saturating_sub(1);
                false
            }
            '+' | '-' => depth == 0 && i > 0,
            _ => false,
        });
        if sum {
            format!("({text})")
        } else {
            text.to_string()
        }
    };
    format!("{} & {}", side(onside), side(offside))
}

/// Whether the braces that open `text` hold a bar `|` of their own (not
/// inside inner braces, brackets, parentheses or a string): then they are a
/// form, and otherwise, after `±`, CGSuite's multiple switch. A scan, not a
/// parse, so that a reader never reads the same braces twice.
pub fn braces_have_a_bar(text: &str) -> bool {
    let mut depth = 0usize;
    let mut in_string = false;
    for c in text.chars() {
        match c {
            '"' => in_string = !in_string,
            _ if in_string => {}
            '{' | '[' | '(' => depth += 1,
            '}' | ']' | ')' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return false;
                }
            }
            '|' if depth == 1 => return true,
            _ => {}
        }
    }
    false
}

/// Read a loopy value from `text`, all of it.
///
/// # Errors
///
/// A [`ParseError`] with the span of the problem.
///
/// # Examples
///
/// ```
/// use sprague_core::Budget; use sprague_loopy::{LoopyArena, parse_loopy};
/// let mut arena = LoopyArena::new(Budget::DEFAULT);
/// let syntax = parse_loopy("{0 | pass}").unwrap();
/// let value = arena.evaluate(&syntax).unwrap();
/// assert_eq!(arena.display(&value).unwrap(), "over");
/// ```
pub fn parse_loopy(text: &str) -> Result<LoopySyntax, ParseError> {
    let (syntax, len) = parse_loopy_term(text, 0, false)?;
    let mut reader = Reader::new(text, 0);
    reader.at = len;
    reader.skip_space();
    if reader.at < text.len() {
        return Err(reader.error("the end of the value"));
    }
    Ok(syntax)
}

/// Read one loopy value at the start of `text` (whose first byte is at
/// `base` in the whole input): in a position (`in_position`), a `+` outside
/// braces ends it. Returns the syntax and the number of bytes read.
///
/// # Errors
///
/// A [`ParseError`] with the span of the problem; of kind
/// [`ParseErrorKind::TooLarge`] for a loopy value with a number beyond
/// [`MAX_LOOPY_NUMBER`].
pub fn parse_loopy_term(
    text: &str,
    base: usize,
    in_position: bool,
) -> Result<(LoopySyntax, usize), ParseError> {
    let mut reader = Reader::new(text, base);
    reader.in_position = in_position;
    reader.skip_space();
    let start = reader.at;
    let onside = reader.sum(true)?;
    reader.skip_space();
    let offside = if reader.peek() == Some('&') {
        reader.bump();
        Some(reader.sum(true)?)
    } else {
        None
    };
    let span = base + start..base + reader.at;
    let syntax = LoopySyntax {
        onside,
        offside,
        span,
    };
    if syntax.is_loopy()
        && let Some(e) = reader.too_large
    {
        return Err(e);
    }
    Ok((syntax, reader.at))
}

struct Reader<'t> {
    text: &'t str,
    at: usize,
    base: usize,
    in_position: bool,
    nesting: usize,
    /// The first number read that would size a loopy game's graph beyond
    /// [`MAX_LOOPY_NUMBER`]: an error only if what is read is loopy (the
    /// same text is a short game, which holds any number, otherwise).
    too_large: Option<ParseError>,
}

const WORDS: [&str; 8] = [
    "on", "off", "over", "under", "upon", "dud", "uponth", "upover",
];

/// The words defined by a form (CGSuite's tutorial of loopy games,
/// `loopy-games.cgsh`, and its `EvalTest`: `uponth := {0||0|0,pass}`,
/// printed `^<on>`; `upover := {0|*,pass}`).
const DEFINED_WORDS: [(&str, &str); 2] = [("uponth", "{0||0|0,pass}"), ("upover", "{0|*,pass}")];

impl<'t> Reader<'t> {
    fn new(text: &'t str, base: usize) -> Reader<'t> {
        Reader {
            text,
            at: 0,
            base,
            in_position: false,
            nesting: 0,
            too_large: None,
        }
    }

    fn peek(&self) -> Option<char> {
        self.text[self.at..].chars().next()
    }

    fn peek_at(&self, offset: usize) -> Option<char> {
        self.text[self.at..].chars().nth(offset)
    }

    fn bump(&mut self) {
        if let Some(c) = self.peek() {
            self.at += c.len_utf8();
        }
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.bump();
        }
    }

    fn error(&self, expected: &'static str) -> ParseError {
        match self.peek() {
            None => ParseError::new(
                ParseErrorKind::UnexpectedEnd { expected },
                self.base + self.at..self.base + self.at,
            ),
            Some(c) => ParseError::new(
                ParseErrorKind::Unexpected {
                    found: c.to_string(),
                    expected,
                },
                self.base + self.at..self.base + self.at + c.len_utf8(),
            ),
        }
    }

    /// Notes that the number read from `start` is beyond
    /// [`MAX_LOOPY_NUMBER`] (see [`Reader::too_large`]).
    fn too_large(&mut self, what: &str, start: usize) {
        if self.too_large.is_none() {
            self.too_large = Some(ParseError::new(
                ParseErrorKind::TooLarge {
                    what: what.to_string(),
                    max: MAX_LOOPY_NUMBER,
                },
                self.base + start..self.base + self.at,
            ));
        }
    }

    fn bad(&self, reason: impl Into<String>, span: Range<usize>) -> ParseError {
        ParseError::new(
            ParseErrorKind::BadValue {
                reason: reason.into(),
            },
            self.base + span.start..self.base + span.end,
        )
    }

    fn enter(&mut self) -> Result<(), ParseError> {
        self.nesting += 1;
        if self.nesting > MAX_NESTING {
            // Not a `TooLarge` error: the short reader, which counts its
            // own levels, may read the same text.
            let end = self.at + self.peek().map_or(0, char::len_utf8);
            return Err(self.bad(
                format!("a loopy value nested too deep (the limit is {MAX_NESTING} levels)"),
                self.at..end,
            ));
        }
        Ok(())
    }

    /// `unary (('+' | '-') unary)*`; at the top of a position term a `+`
    /// ends the value instead.
    fn sum(&mut self, top: bool) -> Result<LoopyExpr, ParseError> {
        let mut terms = vec![self.ordinal()?];
        loop {
            self.skip_space();
            match self.peek() {
                Some('+') if !(top && self.in_position) && self.peek_at(1) != Some('-') => {
                    self.bump();
                    terms.push(self.ordinal()?);
                }
                Some('-') if !(top && self.in_position) => {
                    self.bump();
                    let t = self.ordinal()?;
                    terms.push(LoopyExpr::Neg(Box::new(t)));
                }
                _ => break,
            }
        }
        Ok(if terms.len() == 1 {
            terms.pop().expect("one term")
        } else {
            LoopyExpr::Sum(terms)
        })
    }

    /// `unary (':' unary)*`, the ordinal sum from the left: a flat list,
    /// built part by part, so a long chain is no deeper than its parts.
    fn ordinal(&mut self) -> Result<LoopyExpr, ParseError> {
        let mut parts = vec![self.unary()?];
        loop {
            self.skip_space();
            if self.peek() != Some(':') {
                break;
            }
            self.bump();
            parts.push(self.unary()?);
        }
        Ok(if parts.len() == 1 {
            parts.pop().expect("one part")
        } else {
            LoopyExpr::Ordinal(parts)
        })
    }

    /// `-G`, `±G` or a primary; a sign is a level of nesting, as braces
    /// and parentheses are.
    fn unary(&mut self) -> Result<LoopyExpr, ParseError> {
        self.skip_space();
        let signed = match self.peek() {
            Some('-') => !self.peek_at(1).is_some_and(|c| c.is_ascii_digit()),
            Some('±') => true,
            Some('+') => self.peek_at(1) == Some('-'),
            _ => false,
        };
        if !signed {
            return self.primary();
        }
        self.enter()?;
        let result = match self.peek() {
            Some('-') if !self.peek_at(1).is_some_and(|c| c.is_ascii_digit()) => {
                self.bump();
                self.unary().map(|e| LoopyExpr::Neg(Box::new(e)))
            }
            Some('±') => {
                self.bump();
                self.switch()
            }
            Some('+') if self.peek_at(1) == Some('-') => {
                self.bump();
                self.bump();
                self.switch()
            }
            _ => self.primary(),
        };
        self.nesting -= 1;
        result
    }

    /// After `±`: CGSuite's multiple switch `±{a, b}` = `{a, b | -a, -b}`
    /// (braces without a bar), or the switch `{G | -G}` of any other `G`.
    fn switch(&mut self) -> Result<LoopyExpr, ParseError> {
        self.skip_space();
        // Braces with a bar of their own are a form: decided before reading
        // them, since reading them twice at every level of `±{±{…|…}…}`
        // would take time exponential in the nesting.
        if self.peek() == Some('{') && !braces_have_a_bar(&self.text[self.at..]) {
            let start = self.at;
            self.bump();
            self.enter()?;
            let mut items = Vec::new();
            let closed = loop {
                self.skip_space();
                if self.peek() == Some('}') && items.is_empty() {
                    break false;
                }
                items.push(self.option()?);
                self.skip_space();
                match self.peek() {
                    Some(',') => self.bump(),
                    Some('}') => {
                        self.bump();
                        break true;
                    }
                    // No bar, so no form either: reading the braces again
                    // could only fail here too.
                    _ => return Err(self.error("`,` or `}` in a multiple switch")),
                }
            };
            self.nesting -= 1;
            if closed {
                return Ok(LoopyExpr::MultipleSwitch(items));
            }
            // A form with a bar: read again as one.
            self.at = start;
        }
        self.unary().map(|e| LoopyExpr::Switch(Box::new(e)))
    }

    fn word(&self) -> &'t str {
        let rest = &self.text[self.at..];
        let end = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        &rest[..end]
    }

    fn primary(&mut self) -> Result<LoopyExpr, ParseError> {
        self.skip_space();
        let start = self.at;
        match self.peek() {
            Some('(') => {
                self.bump();
                self.enter()?;
                let e = self.option()?;
                self.nesting -= 1;
                self.skip_space();
                if self.peek() != Some(')') {
                    return Err(self.error("`)`"));
                }
                self.bump();
                Ok(e)
            }
            Some('{') => self.form(None),
            Some(c) if c.is_ascii_digit() || c == '-' || c == '^' || c == '*' => self.atom(),
            // Downs: `v`, `vv`, `vvv*`, `v3` (as the short games' printer
            // writes them), not a word that starts with a `v`.
            Some('v')
                if self.word()[1..]
                    .chars()
                    .all(|c| c == 'v' || c.is_ascii_digit())
                    && self.peek_at(1) != Some('{') =>
            {
                self.atom()
            }
            Some(c) if c.is_ascii_alphabetic() => {
                let word = self.word();
                self.at += word.len();
                if matches!(word, "Tiny" | "Miny" | "tiny" | "miny") && self.peek() == Some('(') {
                    return self.tiny(Dyadic::ZERO, matches!(word, "Tiny" | "tiny"));
                }
                if let Some(f) = LoopyFunction::named(word)
                    && self.peek() == Some('(')
                {
                    return self.call(f);
                }
                if self.peek() == Some('{') {
                    if WORDS.contains(&word) || word == "pass" {
                        return Err(
                            self.bad(format!("`{word}` cannot name a node"), start..self.at)
                        );
                    }
                    return self.form(Some(word.to_string()));
                }
                if word == "pass" {
                    return Ok(LoopyExpr::Pass);
                }
                if WORDS.contains(&word) {
                    return Ok(LoopyExpr::Word(word.to_string()));
                }
                if word.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                    && word.starts_with(|c: char| c.is_ascii_alphabetic())
                {
                    return Ok(LoopyExpr::Label(
                        word.to_string(),
                        self.base + start..self.base + self.at,
                    ));
                }
                Err(self.bad(format!("unknown word `{word}`"), start..self.at))
            }
            _ => Err(self.error("a game value")),
        }
    }

    fn form(&mut self, label: Option<String>) -> Result<LoopyExpr, ParseError> {
        let start = self.at;
        self.bump(); // '{'
        self.enter()?;
        // Items: options, commas and runs of bars, split at the longest run.
        let mut items: Vec<Item> = Vec::new();
        loop {
            self.skip_space();
            match self.peek() {
                Some('}') => {
                    self.bump();
                    break;
                }
                Some('|') => {
                    let mut n = 0;
                    while self.peek() == Some('|') {
                        self.bump();
                        n += 1;
                    }
                    items.push(Item::Bars(n));
                }
                Some(',') => {
                    self.bump();
                    items.push(Item::Comma);
                }
                None => return Err(self.error("`}`")),
                _ => items.push(Item::Value(self.option()?)),
            }
        }
        self.nesting -= 1;
        let span = start..self.at;
        let form = split(items, label).map_err(|reason| self.bad(reason, span))?;
        Ok(form)
    }

    /// An option inside braces: a value, or a sided value `G & H`.
    fn option(&mut self) -> Result<LoopyExpr, ParseError> {
        let on = self.sum(false)?;
        self.skip_space();
        if self.peek() != Some('&') {
            return Ok(on);
        }
        self.bump();
        let off = self.sum(false)?;
        Ok(LoopyExpr::Sided(Box::new(on), Box::new(off)))
    }

    /// `f(G, ...)` after the function's name.
    fn call(&mut self, f: LoopyFunction) -> Result<LoopyExpr, ParseError> {
        self.bump(); // '('
        self.enter()?;
        let mut args = vec![self.option()?];
        loop {
            self.skip_space();
            match self.peek() {
                Some(',') => {
                    self.bump();
                    args.push(self.option()?);
                }
                Some(')') => {
                    self.bump();
                    break;
                }
                _ => return Err(self.error("`,` or `)`")),
            }
        }
        self.nesting -= 1;
        if args.len() != f.arity() {
            let n = f.arity();
            return Err(self.bad(
                format!(
                    "`{}` takes {n} argument{}, not {}",
                    f.name(),
                    if n == 1 { "" } else { "s" },
                    args.len()
                ),
                self.at - 1..self.at,
            ));
        }
        Ok(LoopyExpr::Call(f, args))
    }

    fn tiny(&mut self, translation: Dyadic, tiny: bool) -> Result<LoopyExpr, ParseError> {
        self.bump(); // '('
        self.enter()?;
        let e = self.sum(false)?;
        self.nesting -= 1;
        self.skip_space();
        if self.peek() != Some(')') {
            return Err(self.error("`)`"));
        }
        self.bump();
        Ok(LoopyExpr::Tiny(translation, Box::new(e), tiny))
    }

    fn digits(&mut self) -> Option<&'t str> {
        let rest = &self.text[self.at..];
        let end = rest
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(rest.len());
        if end == 0 {
            return None;
        }
        self.at += end;
        Some(&rest[..end])
    }

    /// `[-]n[/2^k]`, ups or an upon, a nimber, `over`/`under`, `Tiny(..)`.
    fn atom(&mut self) -> Result<LoopyExpr, ParseError> {
        let start = self.at;
        let negative = if self.peek() == Some('-') {
            self.bump();
            true
        } else {
            false
        };
        let mut number = Dyadic::ZERO;
        if self.peek().is_some_and(|c| c.is_ascii_digit()) {
            let value = self.product(start)?;
            if (value.numerator() >> value.exponent()) > BigInt::from(MAX_LOOPY_NUMBER) {
                self.too_large("the integer part of a number in a loopy value", start);
            }
            number = if negative {
                value
                    .checked_neg()
                    .map_err(|_| self.bad("a number too large", start..self.at))?
            } else {
                value
            };
        } else if negative {
            return Err(self.error("digits"));
        }
        // Ups, downs or an upon.
        let mut ups = 0i64;
        if let Some(arrow @ ('^' | 'v')) = self.peek() {
            let after = self.peek_at(1);
            if matches!(after, Some('[' | '<')) {
                self.bump();
                let uponth = self.peek() == Some('<');
                let close = if uponth { '>' } else { ']' };
                self.bump();
                if let Some(digits) = self.digits() {
                    let n: u64 = digits
                        .parse()
                        .ok()
                        .filter(|&n| n <= MAX_UP_POWER)
                        .ok_or_else(|| self.bad("an up power too large", start..self.at))?;
                    if self.peek() != Some(close) {
                        return Err(self.error("the closing bracket of the up power"));
                    }
                    self.bump();
                    let star = self.star()?;
                    return Ok(LoopyExpr::UpPower {
                        number,
                        n,
                        sum: !uponth,
                        down: arrow == 'v',
                        star,
                    });
                }
                if self.word() != "on" {
                    return Err(self.error("`on`"));
                }
                self.at += 2;
                if self.peek() != Some(close) {
                    return Err(self.error("the closing bracket of the upon"));
                }
                self.bump();
                let star = self.star()?;
                return Ok(LoopyExpr::Upon {
                    number,
                    uponth,
                    down: arrow == 'v',
                    star,
                });
            }
            if let Some(d) = after.filter(|c| c.is_ascii_digit()) {
                let _ = d;
                self.bump();
                let n: i64 = self
                    .digits()
                    .expect("a digit")
                    .parse()
                    .map_err(|_| self.bad("too many ups", start..self.at))?;
                if n.unsigned_abs() > MAX_LOOPY_NUMBER {
                    self.too_large("the number of ups in a loopy value", start);
                }
                ups = n;
            } else {
                while self.peek() == Some(arrow) {
                    self.bump();
                    ups += 1;
                }
            }
            if arrow == 'v' {
                ups = -ups;
            }
        }
        let star = self.star()?;
        let word = self.word();
        if (word == "over" || word == "under") && ups == 0 && star == 0 {
            self.at += word.len();
            return Ok(LoopyExpr::OverUnder(number, word == "over"));
        }
        if matches!(word, "Tiny" | "Miny" | "tiny" | "miny") && ups == 0 && star == 0 {
            self.at += word.len();
            if self.peek() == Some('(') {
                return self.tiny(number, matches!(word, "Tiny" | "tiny"));
            }
            return Err(self.error("`(`"));
        }
        if self.at == start {
            return Err(self.error("a game value"));
        }
        Ok(LoopyExpr::Short { number, ups, star })
    }

    /// A number written as the calculator writes one (`docs/language.md`,
    /// "The calculator"), for the numbers it can give here, dyadic ones:
    /// `13*5` is 65 and `3*-2` is -6 (`*` before a digit, or a sign and a
    /// digit, is a product), `7 % 4` CGSuite's remainder, `2^3` a power
    /// (`^` before a digit), binding tighter. A `*` or `^` before anything
    /// else is a nimber's or an up's, read after the number.
    fn product(&mut self, start: usize) -> Result<Dyadic, ParseError> {
        let mut value = self.power(start)?;
        loop {
            // Spaces are free around an operator, as in the calculator.
            let rest = &self.text[self.at..];
            let after_space = rest.trim_start();
            let op = match after_space.chars().next() {
                Some(op @ ('*' | '%')) => op,
                _ => return Ok(value),
            };
            let operand = after_space[1..].trim_start();
            let signed = operand.starts_with('-');
            let operand = if signed {
                operand[1..].trim_start()
            } else {
                operand
            };
            if !operand.starts_with(|c: char| c.is_ascii_digit()) {
                return Ok(value);
            }
            self.at += rest.len() - operand.len();
            let mut rhs = self.power(start)?;
            if signed {
                rhs = rhs
                    .checked_neg()
                    .map_err(|_| self.bad("a number too large", start..self.at))?;
            }
            value = if op == '*' {
                Dyadic::from_big(
                    value.numerator() * rhs.numerator(),
                    value.exponent() + rhs.exponent(),
                )
            } else {
                if rhs.signum() == 0 {
                    return Err(self.bad("a remainder by zero", start..self.at));
                }
                // a - b·trunc(a/b), of the sign of a.
                let (p, i) = (value.numerator(), value.exponent());
                let (q, j) = (rhs.numerator(), rhs.exponent());
                let quotient = (&p << j) / (&q << i);
                Dyadic::from_big((p << j) - quotient * (q << i), i + j)
            };
            if value.numerator().bits() > MAX_NUMBER_BITS {
                return Err(self.bad(
                    format!("a number of more than {MAX_NUMBER_DIGITS} digits"),
                    start..self.at,
                ));
            }
        }
    }

    /// A number literal (`7`, `3/8`) and any powers after it, from the
    /// right: `2^3^2` is `2^9`.
    fn power(&mut self, start: usize) -> Result<Dyadic, ParseError> {
        let base = self.literal(start)?;
        if !(self.peek() == Some('^') && self.peek_at(1).is_some_and(|c| c.is_ascii_digit())) {
            return Ok(base);
        }
        self.bump();
        let exponent = self.power(start)?;
        let e = exponent
            .is_integer()
            .then(|| u32::try_from(exponent.numerator()).ok())
            .flatten()
            .filter(|&e| u64::from(e) * base.numerator().bits().max(1) <= MAX_NUMBER_BITS)
            .filter(|&e| e.checked_mul(base.exponent()).is_some())
            .ok_or_else(|| {
                self.bad(
                    format!("a power of more than {MAX_NUMBER_DIGITS} digits"),
                    start..self.at,
                )
            })?;
        Ok(Dyadic::from_big(
            base.numerator().pow(e),
            base.exponent() * e,
        ))
    }

    /// Digits, and a denominator that is a power of two: of any size, as
    /// the short games' reader reads them (its printer writes `p/2^155`
    /// for an ordinal sum's value).
    fn literal(&mut self, start: usize) -> Result<Dyadic, ParseError> {
        let numerator = self.big_digits(start, "a number")?;
        let mut exponent = 0u32;
        if self.peek() == Some('/') && self.peek_at(1).is_some_and(|c| c.is_ascii_digit()) {
            self.bump();
            let d = self.big_digits(start, "a denominator")?;
            let twos = d.trailing_zeros().unwrap_or(0);
            if d != BigInt::from(1) << twos {
                return Err(self.bad(
                    "a denominator must be a power of two (a dyadic number)",
                    start..self.at,
                ));
            }
            exponent = u32::try_from(twos).expect("at most 4000 digits");
        }
        Ok(Dyadic::from_big(numerator, exponent))
    }

    /// The digits at the cursor as an integer of at most
    /// [`MAX_NUMBER_DIGITS`] digits (`what` names it in the error).
    fn big_digits(&mut self, start: usize, what: &str) -> Result<BigInt, ParseError> {
        let n = self.digits().ok_or_else(|| self.error("digits"))?;
        if n.len() > MAX_NUMBER_DIGITS {
            return Err(self.bad(
                format!("{what} of more than {MAX_NUMBER_DIGITS} digits"),
                start..self.at,
            ));
        }
        Ok(n.parse().expect("decimal digits"))
    }

    fn star(&mut self) -> Result<u64, ParseError> {
        if self.peek() != Some('*') {
            return Ok(0);
        }
        let start = self.at;
        self.bump();
        match self.digits() {
            None => Ok(1),
            Some(d) => {
                let n = d
                    .parse()
                    .map_err(|_| self.bad("a nimber too large", start..self.at))?;
                if n > MAX_LOOPY_NUMBER {
                    self.too_large("a nimber in a loopy value", start);
                }
                Ok(n)
            }
        }
    }
}

enum Item {
    Value(LoopyExpr),
    Comma,
    Bars(usize),
}

/// The form of a list of items: split at the longest run of bars (there
/// must be exactly one), each side split again if it has bars.
fn split(mut items: Vec<Item>, label: Option<String>) -> Result<LoopyExpr, String> {
    let longest = items
        .iter()
        .filter_map(|i| {
            if let Item::Bars(n) = i {
                Some(*n)
            } else {
                None
            }
        })
        .max()
        .ok_or("a form needs a bar `|` between Left's and Right's options")?;
    let at: Vec<usize> = items
        .iter()
        .enumerate()
        .filter(|(_, i)| matches!(i, Item::Bars(n) if *n == longest))
        .map(|(k, _)| k)
        .collect();
    if at.len() != 1 {
        return Err(format!("{longest} bars written twice at the same level"));
    }
    let right = items.split_off(at[0] + 1);
    items.pop();
    let left = side(items)?;
    let right = side(right)?;
    Ok(LoopyExpr::Form { label, left, right })
}

fn side(items: Vec<Item>) -> Result<Vec<LoopyExpr>, String> {
    if items.iter().any(|i| matches!(i, Item::Bars(_))) {
        // `a | b` inside a side is a form of its own (`{a || b | c, d}` is
        // `{a | {b | c, d}}`).
        return Ok(vec![split(items, None)?]);
    }
    let mut out = Vec::new();
    let mut expect_value = true;
    for item in items {
        match (item, expect_value) {
            (Item::Value(v), true) => {
                out.push(v);
                expect_value = false;
            }
            (Item::Comma, false) => expect_value = true,
            (Item::Comma, true) => return Err("an option is missing before a comma".to_string()),
            (Item::Value(_), false) => return Err("a comma is missing between options".to_string()),
            (Item::Bars(_), _) => unreachable!("no bars here"),
        }
    }
    if expect_value && !out.is_empty() {
        return Err("an option is missing after a comma".to_string());
    }
    Ok(out)
}

// ---------------------------------------------------------------------------
// From syntax to games.

/// The ordinal sum `G : H` (a move in `G` leaves `H` behind; a move in `H`
/// keeps the base `G`): `H`'s positions `h` become `G : h`, whose options
/// are `G`'s options and `G : h'` for `h`'s. Either may be loopy (`1 : off
/// = {0 | pass}`, `over`).
fn ordinal_sum(g: &LoopyGame, h: &LoopyGame) -> LoopyGame {
    let mut b = Builder {
        left: Vec::new(),
        right: Vec::new(),
    };
    let base = b.embed(g);
    let shift = b.left.len() as u32;
    for v in 0..h.n_vertices() {
        let mut sides = [Vec::new(), Vec::new()];
        for (side, left) in sides.iter_mut().zip([true, false]) {
            side.extend(
                g.options(g.start(), left)
                    .iter()
                    .map(|&w| w + base - g.start()),
            );
            side.extend(h.options(v, left).iter().map(|&w| w + shift));
        }
        let [l, r] = sides;
        b.left.push(l);
        b.right.push(r);
    }
    b.finish(shift + h.start())
}

/// A graph being built: each form a vertex, with the labels in scope.
struct Builder {
    left: Vec<Vec<u32>>,
    right: Vec<Vec<u32>>,
}

impl Builder {
    fn vertex(&mut self) -> u32 {
        self.left.push(Vec::new());
        self.right.push(Vec::new());
        (self.left.len() - 1) as u32
    }

    /// Copy `game` in; its start's new number.
    fn embed(&mut self, game: &LoopyGame) -> u32 {
        let shift = self.left.len() as u32;
        for v in 0..game.n_vertices() {
            self.left
                .push(game.left(v).iter().map(|&w| w + shift).collect());
            self.right
                .push(game.right(v).iter().map(|&w| w + shift).collect());
        }
        shift + game.start()
    }

    fn finish(self, start: u32) -> LoopyGame {
        LoopyGame::new(self.left, self.right, start).reachable()
    }
}

impl LoopyArena {
    /// The value of a loopy value as written.
    ///
    /// # Errors
    ///
    /// `Unsupported` for a label or `pass` with nothing to refer to, a
    /// sided value whose offside is above its onside, or a side that is
    /// not reduced to a stopper; the budget's errors.
    pub fn evaluate(&mut self, syntax: &LoopySyntax) -> Result<SidedValue, SolveError> {
        match &syntax.offside {
            None => self.value_of(&syntax.onside),
            Some(off) => {
                let on = self.value_of(&syntax.onside)?;
                let off = self.value_of(off)?;
                self.sides_of(&on, &off)
            }
        }
    }

    /// The value of an expression: of its game, or where it has sided
    /// options (`{2&-2|1&-2}`), the onside of the game with each option's
    /// onside and the offside of the game with each option's offside
    /// (CGSuite's rule: `{2|1} & -2*`).
    fn value_of(&mut self, expr: &LoopyExpr) -> Result<SidedValue, SolveError> {
        if !expr.has_sided() {
            let game = self.game_of(expr)?;
            return self.value(&game);
        }
        // A side is written out as a tree, and a switch takes both sides of
        // what it switches: `±±…±{1&0|-2}` doubles with each `±`.
        let forms = expr.side_size(true).saturating_add(expr.side_size(false));
        if forms > MAX_SIDE_FORMS {
            return Err(SolveError::unsupported(format!(
                "the sides of this sided value would be written out as {forms} forms, more than \
                 {MAX_SIDE_FORMS} (each switch `±` of a sided value doubles them)"
            )));
        }
        let on = self.game_of(&expr.side(true))?;
        let off = self.game_of(&expr.side(false))?;
        let on = self.value(&on)?;
        let off = self.value(&off)?;
        self.sides_of(&on, &off)
    }

    /// The stopper an expression's value is, or why it must be one.
    fn stopper_of(&mut self, expr: &LoopyExpr, f: LoopyFunction) -> Result<Stopper, SolveError> {
        let v = self.value_of(expr)?;
        v.as_stopper().cloned().ok_or_else(|| {
            SolveError::unsupported(format!(
                "`{}` is of stoppers, and an argument is a sided value `onside & offside`",
                f.name()
            ))
        })
    }

    /// The stopper `f(args)`.
    fn call(&mut self, f: LoopyFunction, args: &[LoopyExpr]) -> Result<Stopper, SolveError> {
        match f {
            LoopyFunction::Upsum | LoopyFunction::Downsum => {
                let g = self.stopper_of(&args[0], f)?;
                let h = self.stopper_of(&args[1], f)?;
                if f == LoopyFunction::Upsum {
                    self.upsum(&g, &h)
                } else {
                    self.downsum(&g, &h)
                }
            }
            LoopyFunction::Onside | LoopyFunction::Offside => {
                let v = self.value_of(&args[0])?;
                let side = if f == LoopyFunction::Onside {
                    v.onside()
                } else {
                    v.offside()
                };
                side.cloned().ok_or_else(|| {
                    SolveError::unsupported(format!(
                        "the {} of that value is not a stopper (its sides are games with \
                         an infinite alternating sequence of moves)",
                        f.name()
                    ))
                })
            }
            LoopyFunction::Degree => {
                let g = self.stopper_of(&args[0], f)?;
                self.degree(&g)
            }
            LoopyFunction::Variety => {
                let g = self.stopper_of(&args[0], f)?;
                self.variety(&g)
            }
        }
    }

    /// The game graph of an expression (`&` aside).
    ///
    /// # Errors
    ///
    /// As [`LoopyArena::evaluate`].
    pub fn game_of(&mut self, expr: &LoopyExpr) -> Result<LoopyGame, SolveError> {
        let mut builder = Builder {
            left: Vec::new(),
            right: Vec::new(),
        };
        let start = self.build(
            expr,
            &mut builder,
            &mut Vec::new(),
            &mut FxHashMap::default(),
        )?;
        Ok(builder.finish(start))
    }

    /// The graph of canonical short game `id` added to `builder`, its
    /// start's vertex: a walk with an explicit stack (the integer `n` is a
    /// chain `n` deep), each vertex and move counted by the budget.
    fn short_graph(&mut self, id: GameId, builder: &mut Builder) -> Result<u32, SolveError> {
        let budget = *self.budget();
        let mut memo: FxHashMap<GameId, u32> = FxHashMap::default();
        let mut stored = 0u64;
        let vertex = |builder: &mut Builder,
                      memo: &mut FxHashMap<GameId, u32>,
                      stored: &mut u64,
                      id: GameId|
         -> Result<u32, SolveError> {
            budget.check_positions(*stored)?;
            *stored += 1;
            let v = builder.vertex();
            memo.insert(id, v);
            Ok(v)
        };
        let start = vertex(builder, &mut memo, &mut stored, id)?;
        // Vertices whose moves are still to be added.
        let mut pending = vec![(id, start)];
        while let Some((id, v)) = pending.pop() {
            let cgt = self.canonical_arena();
            let l = cgt.left_options(id)?;
            let r = cgt.right_options(id)?;
            for (options, left) in [(l, true), (r, false)] {
                for o in options {
                    let w = match memo.get(&o) {
                        Some(&w) => w,
                        None => {
                            let w = vertex(builder, &mut memo, &mut stored, o)?;
                            pending.push((o, w));
                            w
                        }
                    };
                    budget.check_positions(stored)?;
                    stored += 1;
                    let side = if left {
                        &mut builder.left
                    } else {
                        &mut builder.right
                    };
                    side[v as usize].push(w);
                }
            }
        }
        Ok(start)
    }

    /// The graph of a canonical short game.
    pub(crate) fn short_game(&mut self, id: GameId) -> Result<LoopyGame, SolveError> {
        let mut builder = Builder {
            left: Vec::new(),
            right: Vec::new(),
        };
        let start = self.short_graph(id, &mut builder)?;
        Ok(builder.finish(start))
    }

    fn short_value(&mut self, number: &Dyadic, ups: i64, star: u64) -> Result<GameId, SolveError> {
        let cgt = self.canonical_arena();
        let mut g = cgt.number_plus_nimber(number.clone(), star)?;
        if ups != 0 {
            let zero = cgt.zero();
            let s = cgt.nimber(1)?;
            let up = cgt.form(&[zero], &[s])?;
            let unit = if ups > 0 { up } else { cgt.neg(up)? };
            for _ in 0..ups.unsigned_abs() {
                g = cgt.add(g, unit)?;
            }
        }
        Ok(g)
    }

    /// The vertex of `expr`, built into `builder`. `scope` holds the forms
    /// around it (innermost last), `defined` every labelled form met so
    /// far: a label names the innermost form around it so labelled (a move
    /// back to it, CGSuite's rule), and failing that the last one written
    /// before it (a follower shared by two options, which the engine's own
    /// texts write once).
    fn build(
        &mut self,
        expr: &LoopyExpr,
        builder: &mut Builder,
        scope: &mut Vec<(Option<String>, u32)>,
        defined: &mut FxHashMap<String, u32>,
    ) -> Result<u32, SolveError> {
        match expr {
            LoopyExpr::Form { label, left, right } => {
                let v = builder.vertex();
                scope.push((label.clone(), v));
                if let Some(label) = label {
                    defined.insert(label.clone(), v);
                }
                for (options, is_left) in [(left, true), (right, false)] {
                    for o in options {
                        let w = self.build(o, builder, scope, defined)?;
                        if is_left {
                            builder.left[v as usize].push(w);
                        } else {
                            builder.right[v as usize].push(w);
                        }
                    }
                }
                scope.pop();
                Ok(v)
            }
            LoopyExpr::Pass => scope
                .last()
                .map(|&(_, v)| v)
                .ok_or_else(|| SolveError::unsupported("`pass` outside braces")),
            LoopyExpr::Label(name, _) => scope
                .iter()
                .rev()
                .find(|(l, _)| l.as_deref() == Some(name))
                .map(|&(_, v)| v)
                .or_else(|| defined.get(name).copied())
                .ok_or_else(|| {
                    SolveError::unsupported(format!(
                        "no node is labelled `{name}` around here or before"
                    ))
                }),
            _ => {
                let game = self.closed_game(expr)?;
                Ok(builder.embed(&game))
            }
        }
    }

    /// The canonical short game of an expression that is no loopy game (no
    /// pass, label or loopy word) and no form in braces, `None` for one that
    /// is. Built in the canonical arena, where equal parts are one node:
    /// `±±…±1` written as a graph would double at every sign.
    fn short_id(&mut self, expr: &LoopyExpr) -> Result<Option<GameId>, SolveError> {
        if expr.is_loopy() {
            return Ok(None);
        }
        Ok(Some(match expr {
            LoopyExpr::Short { number, ups, star } => self.short_value(number, *ups, *star)?,
            LoopyExpr::UpPower { .. } => self.up_power(expr)?,
            LoopyExpr::Neg(e) => match self.short_id(e)? {
                Some(g) => self.canonical_arena().neg(g)?,
                None => return Ok(None),
            },
            LoopyExpr::Switch(e) => match self.short_id(e)? {
                Some(g) => {
                    let cgt = self.canonical_arena();
                    let negative = cgt.neg(g)?;
                    cgt.form(&[g], &[negative])?
                }
                None => return Ok(None),
            },
            LoopyExpr::MultipleSwitch(es) => {
                let mut options = Vec::with_capacity(es.len());
                for e in es {
                    let Some(g) = self.short_id(e)? else {
                        return Ok(None);
                    };
                    options.push(g);
                }
                let cgt = self.canonical_arena();
                let negatives = options
                    .iter()
                    .map(|&g| cgt.neg(g))
                    .collect::<Result<Vec<_>, _>>()?;
                cgt.form(&options, &negatives)?
            }
            LoopyExpr::Sum(es) => {
                let mut total = self.canonical_arena().zero();
                for e in es {
                    let Some(g) = self.short_id(e)? else {
                        return Ok(None);
                    };
                    total = self.canonical_arena().add(total, g)?;
                }
                total
            }
            // Braces keep the form as written (an ordinal sum's base is a
            // form, not a value: `{-1|1} : on` is `1under`, not `0 : on`);
            // their options still come here one by one.
            _ => return Ok(None),
        }))
    }

    /// The canonical form of an [`LoopyExpr::UpPower`] term.
    fn up_power(&mut self, expr: &LoopyExpr) -> Result<GameId, SolveError> {
        let LoopyExpr::UpPower {
            number,
            n,
            sum,
            down,
            star,
        } = expr
        else {
            return Err(SolveError::unsupported("not an up power"));
        };
        let cgt = self.canonical_arena();
        let mut power = if *sum {
            sprague_partizan::algebra::up_power_sum(cgt, *n)?
        } else {
            sprague_partizan::algebra::up_power(cgt, *n)?
        };
        if *down {
            power = cgt.neg(power)?;
        }
        let base = cgt.number_plus_nimber(number.clone(), *star)?;
        cgt.add(base, power)
    }

    /// The graph of an expression that refers to nothing outside itself.
    fn closed_game(&mut self, expr: &LoopyExpr) -> Result<LoopyGame, SolveError> {
        if let Some(id) = self.short_id(expr)? {
            return self.short_game(id);
        }
        let budget = *self.budget();
        // Small graphs: vertex 0 is the game; `pass` is a move to 0.
        let graph = |left: Vec<Vec<u32>>, right: Vec<Vec<u32>>| LoopyGame::new(left, right, 0);
        Ok(match expr {
            LoopyExpr::Form { .. } | LoopyExpr::Pass | LoopyExpr::Label(..) => {
                self.game_of(expr)?
            }
            LoopyExpr::Word(w) => match w.as_str() {
                "on" => graph(vec![vec![0]], vec![vec![]]),
                "off" => graph(vec![vec![]], vec![vec![0]]),
                "over" => graph(vec![vec![1], vec![]], vec![vec![0], vec![]]),
                "under" => graph(vec![vec![0], vec![]], vec![vec![1], vec![]]),
                // upon = {pass | *}
                "upon" => graph(
                    vec![vec![0], vec![2], vec![]],
                    vec![vec![1], vec![2], vec![]],
                ),
                word if DEFINED_WORDS.iter().any(|(w, _)| *w == word) => {
                    let form = DEFINED_WORDS
                        .iter()
                        .find(|(w, _)| *w == word)
                        .map_or("", |(_, f)| f);
                    let syntax = parse_loopy(form).expect("a defined word's form reads");
                    self.game_of(&syntax.onside)?
                }
                _ => graph(vec![vec![0]], vec![vec![0]]),
            },
            LoopyExpr::Short { number, ups, star } => {
                let id = self.short_value(number, *ups, *star)?;
                self.short_game(id)?
            }
            LoopyExpr::UpPower { .. } => {
                let id = self.up_power(expr)?;
                self.short_game(id)?
            }
            LoopyExpr::OverUnder(x, over) => {
                let id = self.canonical_arena().number(x.clone())?;
                let x = self.short_game(id)?;
                let mut b = Builder {
                    left: vec![vec![]],
                    right: vec![vec![]],
                };
                let w = b.embed(&x);
                if *over {
                    b.left[0].push(w);
                    b.right[0].push(0);
                } else {
                    b.left[0].push(0);
                    b.right[0].push(w);
                }
                b.finish(0)
            }
            LoopyExpr::Upon {
                number,
                uponth,
                down,
                star,
            } => {
                // A `v` form is the negative of the `^` form of -x.
                let x = if *down {
                    -number.clone()
                } else {
                    number.clone()
                };
                let g = if *uponth {
                    self.uponth(&x, *star)?
                } else {
                    self.upon(&x, *star)?
                };
                if *down { g.negative() } else { g }
            }
            LoopyExpr::Tiny(x, sub, tiny) => {
                let sub = self.closed_game(sub)?;
                let id = self.canonical_arena().number(x.clone())?;
                let xg = self.short_game(id)?;
                let mut b = Builder {
                    left: vec![vec![], vec![]],
                    right: vec![vec![], vec![]],
                };
                let xv = b.embed(&xg);
                if *tiny {
                    // {x || x | x - G}
                    let rest = xg.sum(&sub.negative(), &budget)?;
                    let r = b.embed(&rest);
                    b.left[0].push(xv);
                    b.right[0].push(1);
                    b.left[1].push(xv);
                    b.right[1].push(r);
                } else {
                    // {x + G | x || x}
                    let rest = xg.sum(&sub, &budget)?;
                    let l = b.embed(&rest);
                    b.left[0].push(1);
                    b.right[0].push(xv);
                    b.left[1].push(l);
                    b.right[1].push(xv);
                }
                b.finish(0)
            }
            LoopyExpr::Neg(e) => self.closed_game(e)?.negative(),
            LoopyExpr::Switch(e) => {
                let g = self.closed_game(e)?;
                // A loopy part is copied twice: nested switches double.
                budget.check_positions(2 * u64::from(g.n_vertices()))?;
                let mut b = Builder {
                    left: vec![vec![]],
                    right: vec![vec![]],
                };
                let l = b.embed(&g);
                let r = b.embed(&g.negative());
                b.left[0].push(l);
                b.right[0].push(r);
                b.finish(0)
            }
            LoopyExpr::MultipleSwitch(es) => {
                let games = es
                    .iter()
                    .map(|e| self.closed_game(e))
                    .collect::<Result<Vec<_>, _>>()?;
                let size: u64 = games.iter().map(|g| u64::from(g.n_vertices())).sum();
                // Each option and its negative are copied once.
                budget.check_positions(2 * size)?;
                let mut b = Builder {
                    left: vec![vec![]],
                    right: vec![vec![]],
                };
                for g in &games {
                    let l = b.embed(g);
                    let r = b.embed(&g.negative());
                    b.left[0].push(l);
                    b.right[0].push(r);
                }
                b.finish(0)
            }
            LoopyExpr::Sum(es) => {
                let mut total = self.closed_game(&es[0])?;
                for e in &es[1..] {
                    let g = self.closed_game(e)?;
                    total = total.sum(&g, &budget)?.reachable();
                }
                total
            }
            LoopyExpr::Ordinal(es) => {
                let mut total = self.closed_game(&es[0])?;
                for e in &es[1..] {
                    let h = self.closed_game(e)?;
                    total = ordinal_sum(&total, &h);
                }
                total
            }
            LoopyExpr::Sided(..) => {
                return Err(SolveError::unsupported(
                    "`G & H` is a sided value, not a game: it is an option of a form, or the \
                     whole value",
                ));
            }
            LoopyExpr::Call(f, args) => self.call(*f, args)?.game().clone(),
        })
    }

    /// `x^[on]*n`: `{pass | x + *(n xor 1)}`, or `{pass, x | x}` when
    /// `n xor 1 = 0`.
    fn upon(&mut self, x: &Dyadic, n: u64) -> Result<LoopyGame, SolveError> {
        let m = n ^ 1;
        let r = self.short_value(x, 0, m)?;
        let r = self.short_game(r)?;
        let mut b = Builder {
            left: vec![vec![0]],
            right: vec![vec![]],
        };
        let rv = b.embed(&r);
        b.right[0].push(rv);
        if m == 0 {
            b.left[0].push(rv);
        }
        Ok(b.finish(0))
    }

    /// `x^<on>*k`: `{x, x*, ..., x*k | -((-x)^[on]*(k xor 1))}`.
    fn uponth(&mut self, x: &Dyadic, k: u64) -> Result<LoopyGame, SolveError> {
        if k > 64 {
            return Err(SolveError::unsupported(
                "an upon form with a nimber above 64",
            ));
        }
        let inner = self.upon(&-x.clone(), k ^ 1)?.negative();
        let mut b = Builder {
            left: vec![vec![]],
            right: vec![vec![]],
        };
        for j in 0..=k {
            let id = self.short_value(x, 0, j)?;
            let g = self.short_game(id)?;
            let w = b.embed(&g);
            b.left[0].push(w);
        }
        let r = b.embed(&inner);
        b.right[0].push(r);
        Ok(b.finish(0))
    }
}
