//! CGSuite's coin-turning games by their turning codes
//! (`game/strip/Turning.cgs`, `game/heap/Spawning.cgs`,
//! `core/impartial/Spawning.scala`): a strip of coins, heads or tails, in
//! positions `1, 2, …`; a move turns over some coins, the rightmost of
//! which goes from heads to tails. A code says how many coins and how
//! arranged: a comma-separated list of elements, each a count (`3`), a
//! range (`1-3`) or an open range (`2+`) followed by modifiers — `C` the
//! coins are consecutive, `E` equally spaced, `S` symmetric, `F` the first
//! coin of the strip is among them, `C(n)` they lie within `n` adjacent
//! coins. Mock Turtles is `1-3`, Ruler `1+C`, Turnips `3E`, Grunt `4FS`.
//!
//! - `spawning["CODE"](n, ...)`, CGSuite's `Spawning(code)`, the heap
//!   representation: a heap of `n` (the coin at `n` turned to tails) moves
//!   to the sum of heaps `a₁, …` (the other coins turned, each left of
//!   `n`). A one-heap family (`sprague table`, compositions).
//! - `turning["CODE"]("htth", ...)`, CGSuite's `Turning(code)`: the strip
//!   itself (`h` heads, `t` tails); its nimber is the nim-sum of the
//!   heap's at the heads, which is how CGSuite values it too.
//!
//! Heaps are valued by the mex of their options, each heap from the ones
//! below it, within the budget ([`GeneralRules`]); the options of a heap
//! are counted against the budget as they are listed.

use std::sync::Arc;

use sprague_core::budget::Budget;
use sprague_core::error::{ParseError, SolveError};
use sprague_game::syntax::{ComponentSyntax, Param, RulesetSyntax};
use sprague_game::{Component, Impartial, Key, Kind, Move, MoveLabel};
use sprague_impartial::nimber::Nimber;

use crate::common::{HeapFamily, Ruleset, quoted_args};
use crate::heaps::take_and_break::{
    GeneralFamily, GeneralRules, Listed, SplitRule, Visit, counted,
};

pub(crate) const SPAWNING: Ruleset = Ruleset {
    name: "spawning",
    syntax: "spawning[\"CODE\"](n, ...)   (CODE: a turning code such as \"1-3\", \"1+C\", \"4FS\")",
    rule: "impartial (CGSuite's Spawning, the heap form of a coin-turning game): a heap of n \
           moves to the sum of the heaps at the other coins a move of the code turns, \
           all left of n",
    example: "spawning[\"1-3\"](10)",
    heaps_interact: false,
    build: build_spawning,
    family: Some(family_spawning),
};

pub(crate) const TURNING: Ruleset = Ruleset {
    name: "turning",
    syntax: "turning[\"CODE\"](\"htth\", ...)   (h heads, t tails; CODE as for spawning)",
    rule: "impartial (CGSuite's Turning): turn over coins as the code allows, the rightmost \
           from heads to tails",
    example: "turning[\"1-3\"](\"htththtth\")",
    heaps_interact: false,
    build: build_turning,
    family: None,
};

/// How the coins of one element are arranged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Spacing {
    Any,
    Consecutive,
    Equal,
    Symmetric,
}

/// One element of a turning code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Element {
    /// The fewest and most coins turned (the rightmost included).
    least: usize,
    most: usize,
    /// The most adjacent coins the turned ones lie within.
    span: usize,
    spacing: Spacing,
    /// Whether the strip's first coin must be turned.
    first: bool,
}

/// A turning code, read.
#[derive(Clone, Debug, PartialEq, Eq)]
struct SpawningCode {
    elements: Vec<Element>,
}

/// Reads a turning code written at byte `at`, as CGSuite's
/// `Spawning.apply` reads it (letters in either case).
fn parse_code(text: &str, at: usize) -> Result<SpawningCode, ParseError> {
    let whole = at..at + text.len() + 2;
    let mut elements = Vec::new();
    let mut offset = 1;
    for part in text.split(',') {
        let span = at + offset..at + offset + part.len();
        offset += part.len() + 1;
        let bad = |why: &str| {
            ParseError::bad_parameters(
                format!("`{part}` is not an element of a turning code: {why}"),
                span.clone(),
            )
        };
        let upper = part.trim().to_ascii_uppercase();
        let split = upper
            .find(|c: char| !(c.is_ascii_digit() || c == '+' || c == '-'))
            .unwrap_or(upper.len());
        let (range, modifiers) = upper.split_at(split);
        let number = |s: &str| {
            s.parse::<usize>()
                .map_err(|_| bad("a count is a whole number, as in 3, 1-3 or 2+"))
        };
        let (least, most) = if let Some(from) = range.strip_suffix('+') {
            (number(from)?, usize::MAX)
        } else if let Some((a, b)) = range.split_once('-') {
            (number(a)?, number(b)?)
        } else {
            let n = number(range)?;
            (n, n)
        };
        if least == 0 || least > most {
            return Err(bad(
                "the counts are at least 1 (the rightmost coin is turned), the range increasing",
            ));
        }
        let mut element = Element {
            least,
            most,
            span: usize::MAX,
            spacing: Spacing::Any,
            first: false,
        };
        let mut rest = modifiers;
        while let Some(c) = rest.chars().next() {
            rest = &rest[1..];
            match c {
                'C' if rest.starts_with('(') => {
                    let close = rest.find(')').ok_or_else(|| bad("`C(` needs its `)`"))?;
                    element.span = number(&rest[1..close])?;
                    rest = &rest[close + 1..];
                }
                'C' => element.spacing = Spacing::Consecutive,
                'E' => element.spacing = Spacing::Equal,
                'S' => element.spacing = Spacing::Symmetric,
                'F' => element.first = true,
                _ => return Err(bad("the modifiers are C, E, S, F and C(n)")),
            }
        }
        // CGSuite drops an element whose span holds fewer coins than it
        // turns.
        if element.span >= element.least {
            element.most = element.most.min(element.span);
            elements.push(element);
        }
    }
    if elements.is_empty() {
        return Err(ParseError::bad_parameters(
            "this turning code allows no move",
            whole,
        ));
    }
    Ok(SpawningCode { elements })
}

/// Visits every `r`-element subset of `pool` (in increasing order), by an
/// index array rather than recursion.
fn for_each_subset(
    pool: &[usize],
    r: usize,
    visit: &mut dyn FnMut(&[usize]) -> Result<(), SolveError>,
) -> Result<(), SolveError> {
    if r > pool.len() {
        return Ok(());
    }
    let mut index: Vec<usize> = (0..r).collect();
    let mut chosen = Vec::with_capacity(r);
    loop {
        chosen.clear();
        chosen.extend(index.iter().map(|&i| pool[i]));
        visit(&chosen)?;
        // The rightmost index that can still move right.
        let Some(i) = (0..r).rev().find(|&i| index[i] < pool.len() - r + i) else {
            return Ok(());
        };
        index[i] += 1;
        for j in i + 1..r {
            index[j] = index[j - 1] + 1;
        }
    }
}

impl Element {
    /// Visits the sets of coins this element turns with `n` the rightmost
    /// (`n` itself left out), each in increasing order.
    fn for_each_set(
        &self,
        n: usize,
        visit: &mut dyn FnMut(&[usize]) -> Result<(), SolveError>,
    ) -> Result<(), SolveError> {
        // The leftmost coin a set may turn.
        let lo = if self.span == usize::MAX {
            1
        } else {
            (n + 1).saturating_sub(self.span).max(1)
        };
        let from_first = |set: &[usize]| !self.first || set.first().copied().unwrap_or(n) == 1;
        for k in self.least..=self.most.min(n) {
            match self.spacing {
                Spacing::Consecutive => {
                    let set: Vec<usize> = (n + 1 - k..n).collect();
                    if n + 1 - k >= lo && from_first(&set) {
                        visit(&set)?;
                    }
                }
                Spacing::Equal if k >= 2 => {
                    let mut d = 1;
                    while (k - 1) * d < n && n - (k - 1) * d >= lo {
                        let set: Vec<usize> = (1..k).rev().map(|i| n - i * d).collect();
                        if from_first(&set) {
                            visit(&set)?;
                        }
                        d += 1;
                    }
                }
                Spacing::Symmetric if k >= 2 => {
                    // The leftmost coin `a`, then pairs of inner coins
                    // mirrored about the middle of `a..n`, and its middle
                    // coin when there is one.
                    let lows = if self.first { 1..=1 } else { lo..=n - 1 };
                    for a in lows {
                        if a < lo {
                            continue;
                        }
                        let inner = n - a - 1;
                        let pairs: Vec<usize> = (a + 1..a + 1 + inner / 2).collect();
                        for middle in [false, true] {
                            if (middle && inner % 2 == 0) || (k - 2) < usize::from(middle) {
                                continue;
                            }
                            let r = k - 2 - usize::from(middle);
                            if r % 2 != 0 {
                                continue;
                            }
                            for_each_subset(&pairs, r / 2, &mut |chosen| {
                                let mut set = vec![a];
                                set.extend(chosen.iter().copied());
                                if middle {
                                    set.push((a + n) / 2);
                                }
                                set.extend(chosen.iter().rev().map(|&x| a + n - x));
                                visit(&set)
                            })?;
                        }
                    }
                }
                // One coin (any spacing), or no spacing asked.
                _ if k == 1 => {
                    if from_first(&[]) {
                        visit(&[])?;
                    }
                }
                _ => {
                    if self.first {
                        if lo == 1 && n > 1 {
                            let pool: Vec<usize> = (2..n).collect();
                            for_each_subset(&pool, k - 2, &mut |chosen| {
                                let mut set = vec![1];
                                set.extend_from_slice(chosen);
                                visit(&set)
                            })?;
                        }
                    } else {
                        let pool: Vec<usize> = (lo..n).collect();
                        for_each_subset(&pool, k - 1, visit)?;
                    }
                }
            }
        }
        Ok(())
    }
}

impl SplitRule for SpawningCode {
    fn for_each_option(&self, n: usize, budget: &Budget, visit: Visit<'_>) -> Listed {
        if n == 0 {
            return Ok(());
        }
        let mut emit = counted(budget, visit);
        for element in &self.elements {
            element.for_each_set(n, &mut |set| emit(0, set))?;
        }
        Ok(())
    }

    fn label(&self, n: u64, _k: usize, parts: &[usize]) -> MoveLabel {
        let coins: Vec<String> = parts
            .iter()
            .map(usize::to_string)
            .chain([n.to_string()])
            .collect();
        MoveLabel::Words(format!("turn the coins at {}", coins.join(", ")))
    }
}

/// The rules of `name["CODE"]`.
fn read(r: &RulesetSyntax) -> Result<Arc<GeneralRules>, ParseError> {
    let whole = r
        .params_span
        .clone()
        .unwrap_or(r.name_span.end..r.name_span.end);
    let name = &r.name;
    let [param] = r.params.as_slice() else {
        return Err(ParseError::bad_parameters(
            format!("`{name}` needs one turning code in quotes, like {name}[\"1-3\"]"),
            whole,
        ));
    };
    let Param::Str(text) = &param.value else {
        return Err(ParseError::bad_parameters(
            format!("a turning code is written in quotes, like {name}[\"1-3\"]"),
            param.span.clone(),
        ));
    };
    let code = parse_code(text, param.span.start)?;
    Ok(Arc::new(GeneralRules::new(
        format!("spawning[\"{}\"]", text.to_ascii_uppercase()),
        Box::new(code),
    )))
}

fn build_spawning(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    read(&c.ruleset)?.heaps(c)
}

fn family_spawning(r: &RulesetSyntax) -> Result<Arc<dyn HeapFamily>, ParseError> {
    Ok(Arc::new(GeneralFamily(read(r)?)))
}

/// A strip of coins of `turning["CODE"]`: `heads[i]` for the coin at
/// `i + 1`.
#[derive(Clone, Debug)]
pub struct TurningStrip {
    rules: Arc<GeneralRules>,
    heads: Vec<bool>,
}

impl Component for TurningStrip {
    fn ruleset(&self) -> String {
        self.rules.text().replacen("spawning", "turning", 1)
    }

    fn args(&self) -> String {
        let coins: String = self
            .heads
            .iter()
            .map(|&h| if h { 'h' } else { 't' })
            .collect();
        format!("\"{coins}\"")
    }

    fn is_heap(&self) -> bool {
        false
    }

    fn key(&self) -> Key {
        let bytes: Vec<u8> = self.heads.iter().map(|&h| u8::from(h)).collect();
        Key::shared("turning", &self.rules, Key::pack(&bytes))
    }

    fn kind(&self) -> Kind<'_> {
        Kind::Impartial(self)
    }
}

impl Impartial for TurningStrip {
    fn grundy(&self, budget: &Budget) -> Result<Nimber, SolveError> {
        let mut value = 0;
        for (i, _) in self.heads.iter().enumerate().filter(|(_, h)| **h) {
            value ^= self.rules.grundy(i as u64 + 1, budget)?;
        }
        Ok(Nimber(value))
    }

    fn moves(&self, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        let mut moves = Vec::new();
        for (i, _) in self.heads.iter().enumerate().filter(|(_, h)| **h) {
            let n = i + 1;
            let mut failed = None;
            self.rules
                .code()
                .for_each_option(n, budget, &mut |k, set| {
                    if moves.len() as u64 >= budget.max_positions {
                        failed = Some(SolveError::BudgetExceeded {
                            limit: budget.max_positions,
                        });
                        return;
                    }
                    let mut heads = self.heads.clone();
                    heads[i] = false;
                    for &c in set {
                        heads[c - 1] = !heads[c - 1];
                    }
                    moves.push(Move::new(
                        self.rules.code().label(n as u64, k, set),
                        Arc::new(TurningStrip {
                            rules: Arc::clone(&self.rules),
                            heads,
                        }),
                    ));
                })?;
            if let Some(e) = failed {
                return Err(e);
            }
        }
        Ok(moves)
    }
}

/// The most coins a strip may have.
const MAX_COINS: usize = 1 << 12;

fn build_turning(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    let rules = read(&c.ruleset)?;
    quoted_args(
        c,
        "strip of coins in quotes: h heads, t tails, like \"htth\"",
        |text, at, span| {
            if text.len() > MAX_COINS {
                return Err(ParseError::bad_arguments(
                    format!("a strip has at most {MAX_COINS} coins"),
                    span,
                ));
            }
            let mut heads = Vec::with_capacity(text.len());
            for (i, ch) in text.char_indices() {
                heads.push(match ch {
                    'h' | 'H' => true,
                    't' | 'T' => false,
                    _ => {
                        return Err(ParseError::bad_arguments(
                            format!("a coin is `h` (heads) or `t` (tails), not `{ch}`"),
                            at + i..at + i + ch.len_utf8(),
                        ));
                    }
                });
            }
            Ok(Arc::new(TurningStrip {
                rules: Arc::clone(&rules),
                heads,
            }) as Arc<dyn Component>)
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::parse;

    fn values(code: &str, to: u64) -> Vec<u64> {
        let family = crate::family(
            &sprague_game::syntax::parse_ruleset(&format!("spawning[\"{code}\"]")).unwrap(),
        )
        .unwrap();
        family
            .grundy_values(1, to, &Budget::DEFAULT)
            .unwrap()
            .into_iter()
            .map(|g| g.0)
            .collect()
    }

    fn n_options(code: &str, n: u64) -> usize {
        let family = crate::family(
            &sprague_game::syntax::parse_ruleset(&format!("spawning[\"{code}\"]")).unwrap(),
        )
        .unwrap();
        family
            .heap_options(n, &Budget::DEFAULT)
            .unwrap()
            .unwrap()
            .len()
    }

    #[test]
    fn cgsuites_spawning_games() {
        // CGSuite's GameHeapTest.scala (commit e909ab8b), "define other heap
        // games properly": the options of a heap of 20 and the nim values
        // of the heaps 1 to 20.
        let cases: [(&str, usize, [u64; 20]); 10] = [
            (
                "1-3",
                191,
                [
                    1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22, 25, 26, 28, 31, 32, 35, 37, 38,
                ],
            ),
            (
                "1-9",
                169766,
                [
                    1, 2, 4, 8, 16, 32, 64, 128, 256, 511, 512, 1024, 2048, 4096, 7711, 8192,
                    16384, 26215, 32768, 43691,
                ],
            ),
            (
                "3",
                171,
                [
                    0, 0, 1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22, 25, 26, 28, 31, 32, 35,
                ],
            ),
            (
                "1+C",
                20,
                [1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 16, 1, 2, 1, 4],
            ),
            (
                "1-3C(5)",
                11,
                [1, 2, 4, 7, 8, 1, 2, 4, 7, 8, 1, 2, 4, 7, 8, 1, 2, 4, 7, 8],
            ),
            (
                "3C(5)",
                6,
                [0, 0, 1, 2, 4, 0, 0, 1, 2, 4, 0, 0, 1, 2, 4, 0, 0, 1, 2, 4],
            ),
            (
                "1-5C",
                5,
                [1, 2, 1, 4, 1, 2, 1, 4, 1, 2, 1, 4, 1, 2, 1, 4, 1, 2, 1, 4],
            ),
            (
                "3E",
                9,
                [0, 0, 1, 0, 0, 1, 2, 2, 1, 0, 0, 1, 0, 0, 1, 2, 2, 1, 4, 4],
            ),
            (
                "4FS",
                9,
                [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3],
            ),
            (
                "1+S",
                2046,
                [
                    1, 2, 4, 3, 6, 7, 8, 16, 18, 25, 32, 11, 64, 31, 128, 10, 256, 5, 512, 28,
                ],
            ),
        ];
        for (code, options, nim) in cases {
            assert_eq!(n_options(code, 20), options, "{code}");
            assert_eq!(values(code, 20), nim, "{code}");
        }
    }

    #[test]
    fn cgsuites_turning_strip() {
        // CGSuite's GameStripTest.scala, "define Turning properly":
        // Turning("1-3")("htththtth").NimValue is 29.
        let p = parse("turning[\"1-3\"](\"htththtth\")").unwrap();
        assert_eq!(
            p.components()[0].grundy(&Budget::DEFAULT).unwrap(),
            Nimber(29)
        );
    }

    /// The sets of coins (the rightmost `n` included) a code's element
    /// allows, by filtering every subset of `1..=n` containing `n`: the
    /// rules written again.
    fn sets_by_filter(code: &str, n: usize) -> Vec<Vec<usize>> {
        let code = parse_code(code, 0).unwrap();
        let mut out = Vec::new();
        for mask in 0u32..1 << (n - 1) {
            let mut set: Vec<usize> = (1..n).filter(|i| mask >> (i - 1) & 1 == 1).collect();
            set.push(n);
            let k = set.len();
            let ok = code.elements.iter().any(|e| {
                let gaps: Vec<usize> = set.windows(2).map(|w| w[1] - w[0]).collect();
                let spaced = match e.spacing {
                    Spacing::Any => true,
                    Spacing::Consecutive => gaps.iter().all(|&g| g == 1),
                    Spacing::Equal => gaps.windows(2).all(|w| w[0] == w[1]),
                    Spacing::Symmetric => gaps.iter().eq(gaps.iter().rev()),
                };
                (e.least..=e.most).contains(&k)
                    && spaced
                    && (!e.first || set[0] == 1)
                    && (e.span == usize::MAX || n + 1 - set[0] <= e.span)
            });
            if ok {
                set.pop();
                out.push(set);
            }
        }
        out.sort();
        out
    }

    #[test]
    fn options_are_the_subsets_the_rules_allow() {
        for code in [
            "1-3", "2", "1+", "1+C", "2-3C", "1-3C(5)", "3C(4)", "3E", "1+E", "4FS", "1+S", "1+FS",
            "2-4S", "2F", "1,3E", "2-3,6C", "1+FC(4)",
        ] {
            let rules = parse_code(code, 0).unwrap();
            for n in 1..=11 {
                let mut ours = Vec::new();
                rules
                    .for_each_option(n, &Budget::DEFAULT, &mut |_, set| ours.push(set.to_vec()))
                    .unwrap();
                ours.sort();
                // Two elements may allow one set twice (CGSuite lists it
                // twice too); the values do not care.
                ours.dedup();
                assert_eq!(ours, sets_by_filter(code, n), "{code} at {n}");
            }
        }
    }

    #[test]
    fn a_strip_is_the_sum_of_its_heads_and_agrees_with_its_moves() {
        // Every strip of up to 7 coins under Mock Turtles and Ruler: the
        // nimber from the heap values against the mex of the strip's own
        // moves (grundy_by_mex, which never asks the heaps).
        for code in ["1-3", "1+C", "4FS"] {
            for len in 0..=7u32 {
                for mask in 0..1u32 << len {
                    let coins: String = (0..len)
                        .map(|i| if mask >> i & 1 == 1 { 'h' } else { 't' })
                        .collect();
                    let p = parse(&format!("turning[\"{code}\"](\"{coins}\")")).unwrap();
                    let Kind::Impartial(g) = p.components()[0].kind() else {
                        panic!("impartial");
                    };
                    let by_moves = sprague_game::grundy_by_mex(g, &Budget::DEFAULT).unwrap();
                    assert_eq!(
                        g.grundy(&Budget::DEFAULT).unwrap(),
                        by_moves,
                        "{code} {coins}"
                    );
                }
            }
        }
    }

    #[test]
    fn bad_codes_are_parse_errors_saying_where() {
        for (bad, at) in [
            ("spawning[\"1-x\"](3)", "1-x"),
            ("spawning[\"0\"](3)", "0"),
            ("spawning[\"3-1\"](3)", "3-1"),
            ("spawning[\"1,3Q\"](3)", "3Q"),
            ("spawning[\"3C(2)\"](3)", "\"3C(2)\""),
            ("spawning[1](3)", "1"),
            ("spawning(3)", ""),
            ("turning[\"1-3\"](\"hxt\")", "x"),
        ] {
            let e = parse(bad).expect_err(bad);
            assert_eq!(&bad[e.span.clone()], at, "{bad}: {e}");
        }
    }
}
