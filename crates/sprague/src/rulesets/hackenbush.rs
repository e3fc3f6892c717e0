//! Blue-Red Hackenbush strings: `hackenbush("LRRL")` is a stalk of edges
//! standing on the ground, listed from the ground up; `L` (or `B`, blue) is
//! Left's edge, `R` (red) is Right's. A move deletes one of your own edges
//! and with it every edge above it (they lose their connection to the
//! ground). Several strings, `hackenbush("LR", "RLL")`, are a sum: stalks
//! do not interact.
//!
//! **Value** (Berlekamp's rule; Winning Ways, ch. 2, "Hackenbush strings";
//! seed note 000's `surrealNumber`, POJ 2931): a string is worth a number.
//! Its first run of `r` edges of one colour counts `±r` (`+` for Left);
//! after that, the `k`-th edge counts `±1/2^k` (`+` for an `L` edge). So
//! `LR = 1 - 1/2 = 1/2`, `LLR = 3/2`, `LRR = 1 - 1/2 - 1/4 = 1/4`,
//! `RL = -1/2`. Why: by induction on the length, the string `s` followed by
//! one more edge is `{ values of s's Left prefixes | s's Right prefixes }`
//! with the new edge's prefix, the whole of `s`, added on its owner's side;
//! the prefixes of a string are exactly the numbers passed on the way to
//! it in the binary tree of dyadic numbers (each step halves once the
//! colour has changed), so by the simplicity theorem the longer string is
//! the next number down that path, on the side of the new edge's colour.
//! The tests check the rule against canonical forms computed from the
//! moves for every string of up to 12 edges.
//!
//! A string has at most [`MAX_EDGES`] edges, a limit on the length of the
//! text (the value of any string is exact); a longer one is a parse error.

use std::sync::Arc;

use crate::budget::Budget;
use num_bigint::BigInt;

use crate::cgt::{CanonicalArena, Dyadic, DyadicOverflow, GameId};
use crate::error::{ParseError, SolveError};
use crate::game::{Component, Key, Kind, Move, Partizan, Side};
use crate::syntax::{Arg, ComponentSyntax};

use super::common::{Ruleset, no_params};

pub(super) const RULESET: Ruleset = Ruleset {
    name: "hackenbush",
    syntax: "hackenbush(\"LRRL\", ...)   (L or B: Left's blue edge, R: Right's red edge, from the ground up)",
    rule: "partizan: delete one of your edges and every edge above it; \
           the value is a number (Berlekamp's rule)",
    example: "hackenbush(\"LRRL\", \"RL\")",
    heaps_interact: false,
    build,
    family: None,
    sum_rule: None,
};

/// The most edges a string may have (its value's denominator then has at
/// most 10,000 bits).
pub const MAX_EDGES: usize = 10_000;

/// The value of the Hackenbush string `edges` (`true` for Left's edges,
/// from the ground up) by Berlekamp's rule (see the module documentation).
///
/// # Errors
///
/// [`DyadicOverflow`] only for a string of more than `2^32 - 1` edges
/// after its first run (whose denominator a [`Dyadic`] cannot hold).
///
/// # Examples
///
/// ```
/// use sprague::rulesets::hackenbush_value;
/// let lrr = [true, false, false];
/// assert_eq!(hackenbush_value(&lrr).unwrap().to_string(), "1/4");
/// ```
pub fn hackenbush_value(edges: &[bool]) -> Result<Dyadic, DyadicOverflow> {
    let Some(&first) = edges.first() else {
        return Ok(Dyadic::ZERO);
    };
    let run = edges.iter().take_while(|&&e| e == first).count();
    let tail = &edges[run..];
    let k = u32::try_from(tail.len()).map_err(|_| DyadicOverflow)?;
    let sign = |e: bool| if e { 1i64 } else { -1 };
    // Everything over the common denominator 2^k, by Horner's rule: each
    // further edge doubles what is there and adds its own ±1.
    let run = i64::try_from(run).map_err(|_| DyadicOverflow)?;
    let mut numerator = BigInt::from(sign(first) * run);
    for &e in tail {
        numerator = (numerator << 1u32) + sign(e);
    }
    Ok(Dyadic::from_big(numerator, k))
}

/// One Blue-Red Hackenbush string.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HackenbushString {
    /// The edges from the ground up, `true` for Left's (blue).
    edges: Vec<bool>,
}

impl HackenbushString {
    /// The string of `edges` (`true` for Left's, from the ground up).
    ///
    /// # Errors
    ///
    /// [`SolveError::Unsupported`] for more than [`MAX_EDGES`] edges.
    pub fn new(edges: Vec<bool>) -> Result<HackenbushString, SolveError> {
        if edges.len() > MAX_EDGES {
            return Err(SolveError::unsupported(format!(
                "a Hackenbush string has at most {MAX_EDGES} edges"
            )));
        }
        Ok(HackenbushString { edges })
    }

    /// The edges, `true` for Left's, from the ground up.
    pub fn edges(&self) -> &[bool] {
        &self.edges
    }

    fn letters(&self) -> String {
        self.edges
            .iter()
            .map(|&e| if e { 'L' } else { 'R' })
            .collect()
    }

    /// The moves of the player whose edges are `left`: cut one of them,
    /// from the ground up.
    fn cuts(&self, left: bool) -> Vec<Move> {
        let letter = if left { 'L' } else { 'R' };
        self.edges
            .iter()
            .enumerate()
            .filter(|&(_, &e)| e == left)
            .map(|(i, _)| {
                let to = HackenbushString {
                    edges: self.edges[..i].to_vec(),
                };
                Move::new(
                    format!("cut the {letter} edge at height {}", i + 1),
                    Arc::new(to),
                )
            })
            .collect()
    }
}

impl Component for HackenbushString {
    fn ruleset(&self) -> String {
        "hackenbush".to_string()
    }

    fn args(&self) -> String {
        format!("\"{}\"", self.letters())
    }

    fn key(&self) -> Key {
        let edges: Vec<u8> = self.edges.iter().map(|&e| u8::from(e)).collect();
        Key::new("hackenbush", Key::pack(&edges))
    }

    fn kind(&self) -> Kind<'_> {
        Kind::Partizan(self)
    }
}

impl Partizan for HackenbushString {
    fn moves(&self, side: Side, _budget: &Budget) -> Result<Vec<Move>, SolveError> {
        Ok(self.cuts(side == Side::Left))
    }

    fn canonical(&self, arena: &mut CanonicalArena) -> Option<Result<GameId, SolveError>> {
        Some(
            hackenbush_value(&self.edges)
                .map_err(SolveError::from)
                .and_then(|x| arena.number(x)),
        )
    }
}

fn build(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    no_params(&c.ruleset)?;
    if c.args.is_empty() {
        return Err(ParseError::bad_arguments(
            "`hackenbush` needs at least one string of edges, like \"LRRL\"",
            c.args_span.clone(),
        ));
    }
    let mut strings = Vec::new();
    for arg in &c.args {
        let Arg::Str(s) = &arg.value else {
            return Err(ParseError::bad_arguments(
                "a Hackenbush string is written in quotes, like \"LRRL\"",
                arg.span.clone(),
            ));
        };
        let mut edges = Vec::with_capacity(s.len());
        for (i, ch) in s.char_indices() {
            match ch {
                'L' | 'l' | 'B' | 'b' => edges.push(true),
                'R' | 'r' => edges.push(false),
                _ => {
                    // The string starts after its opening quote.
                    let at = arg.span.start + 1 + i;
                    return Err(ParseError::bad_arguments(
                        format!("a Hackenbush string holds L (or B, blue) and R (red), not `{ch}`"),
                        at..at + ch.len_utf8(),
                    ));
                }
            }
        }
        if edges.len() > MAX_EDGES {
            return Err(ParseError::bad_arguments(
                format!("a Hackenbush string has at most {MAX_EDGES} edges"),
                arg.span.clone(),
            ));
        }
        strings.push(Arc::new(HackenbushString { edges }) as Arc<dyn Component>);
    }
    Ok(strings)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;
    use crate::solve::canonical::CanonicalSolver;
    use rustc_hash::FxHashMap;

    fn edges(s: &str) -> Vec<bool> {
        s.chars().map(|c| c == 'L').collect()
    }

    fn value(s: &str) -> String {
        hackenbush_value(&edges(s)).unwrap().to_string()
    }

    #[test]
    fn hand_checked_values() {
        // LR: L at the bottom, R above. Left's move leaves 0, Right's
        // leaves L = 1, so LR = {0 | 1} = 1/2.
        assert_eq!(value("LR"), "1/2");
        // LLR = {0, 1 | 2} = {1 | 2} = 3/2.
        assert_eq!(value("LLR"), "3/2");
        // LRR = {0 | 1, 1/2} = {0 | 1/2} = 1/4.
        assert_eq!(value("LRR"), "1/4");
        // RL = {-1 | 0} = -1/2.
        assert_eq!(value("RL"), "-1/2");
        assert_eq!(value(""), "0");
        assert_eq!(value("LLL"), "3");
        assert_eq!(value("RR"), "-2");
        // LRRL = 1 - 1/2 - 1/4 + 1/8 = 3/8.
        assert_eq!(value("LRRL"), "3/8");
    }

    /// Every string of `n` edges.
    fn strings(n: usize) -> impl Iterator<Item = Vec<bool>> {
        (0..1u32 << n).map(move |bits| (0..n).map(|i| bits >> i & 1 == 1).collect())
    }

    #[test]
    fn berlekamps_rule_matches_canonical_forms_from_the_moves() {
        let budget = Budget::DEFAULT;
        let mut arena = CanonicalArena::new(budget);
        // Canonical forms from the moves alone, shortest strings first (the
        // options of a string are its prefixes).
        let mut from_moves: FxHashMap<Vec<bool>, GameId> = FxHashMap::default();
        for n in 0..=12 {
            for e in strings(n) {
                let h = HackenbushString::new(e.clone()).unwrap();
                let side = |moves: Vec<Move>| -> Vec<GameId> {
                    moves
                        .iter()
                        .map(|m| {
                            let to = m.to[0].args();
                            let to: Vec<bool> =
                                to.trim_matches('"').chars().map(|c| c == 'L').collect();
                            from_moves[&to]
                        })
                        .collect()
                };
                let l = side(h.moves(Side::Left, &budget).unwrap());
                let r = side(h.moves(Side::Right, &budget).unwrap());
                let g = arena.form(&l, &r).unwrap();
                let x = hackenbush_value(&e).unwrap();
                assert_eq!(arena.as_number(g), Some(x), "{}", h.letters());
                from_moves.insert(e, g);
            }
        }
    }

    /// The seed note's `surrealNumber` (the POJ 2931 template), as it is
    /// written there: in floating point, with `+1` for Left's edges.
    fn note_surreal_number(a: &[f64]) -> f64 {
        let mut r = 0.0;
        let mut i = 0;
        while i < a.len() && a[i] == a[0] {
            r += a[i];
            i += 1;
        }
        let mut k = 2.0;
        while i < a.len() {
            r += a[i] / k;
            i += 1;
            k *= 2.0;
        }
        r
    }

    #[test]
    fn the_seed_notes_formula_agrees() {
        // Exact in f64 while the denominators stay below 2^52.
        for n in 0..=16 {
            for e in strings(n) {
                let a: Vec<f64> = e.iter().map(|&l| if l { 1.0 } else { -1.0 }).collect();
                let x = hackenbush_value(&e).unwrap();
                let numerator = i64::try_from(x.numerator()).unwrap();
                let exact = numerator as f64 / (1u64 << x.exponent()) as f64;
                assert_eq!(exact, note_surreal_number(&a), "{e:?}");
            }
        }
    }

    #[test]
    fn sums_of_strings() {
        let p = Position::parse("hackenbush(\"LRRL\", \"RL\")").unwrap();
        let mut solver = CanonicalSolver::new(Budget::DEFAULT);
        let g = solver.sum(p.components()).unwrap();
        // 3/8 - 1/2 = -1/8.
        assert_eq!(solver.arena.display(g).unwrap(), "-1/8");
    }

    #[test]
    fn long_strings_stay_exact_up_to_the_limit() {
        let mut e = vec![true];
        e.extend(std::iter::repeat_n(false, MAX_EDGES - 1));
        // 1 - 1/2 - 1/4 - ... - 1/2^(n-1) = 1/2^(n-1).
        let x = hackenbush_value(&e).unwrap();
        assert_eq!(x, Dyadic::from_big(BigInt::from(1), MAX_EDGES as u32 - 1));
        let all_left = vec![true; MAX_EDGES];
        assert_eq!(
            hackenbush_value(&all_left).unwrap(),
            Dyadic::integer(MAX_EDGES as i64)
        );
        let mut long = e.clone();
        long.push(false);
        assert!(HackenbushString::new(long).is_err());
    }

    #[test]
    fn bad_strings_are_parse_errors_with_spans() {
        let text = "hackenbush(\"LXR\")";
        let e = Position::parse(text).unwrap_err();
        assert_eq!(&text[e.span.clone()], "X");
        let long = format!("hackenbush(\"{}\")", "L".repeat(MAX_EDGES + 1));
        let e = Position::parse(&long).unwrap_err();
        assert!(e.to_string().contains("at most 10000 edges"), "{e}");
        assert!(Position::parse("hackenbush(3)").is_err());
        assert!(Position::parse("hackenbush()").is_err());
        assert!(Position::parse("hackenbush[2](\"L\")").is_err());
    }

    #[test]
    fn text_round_trips_and_blue_is_left() {
        let p = Position::parse("hackenbush(\"BRRl\", \"\") + hackenbush(\"RL\")").unwrap();
        assert_eq!(p.to_string(), "hackenbush(\"LRRL\", \"\", \"RL\")");
        let again = Position::parse(&p.to_string()).unwrap();
        assert_eq!(again.to_string(), p.to_string());
    }
}
