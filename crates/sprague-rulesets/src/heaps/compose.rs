//! Rulesets made of other rulesets, as CGSuite's `HeapRuleset` makes them
//! (`lib/core/src/main/resources/org/cgsuite/lang/resources/game/heap/
//! HeapRuleset.cgs`, `PartizanHeapRuleset.cgs`, `GenCutcake.cgs`): each
//! part is a one-heap ruleset whose options are listed by
//! [`HeapFamily::heap_options`] (the heap kit's games, `octal` and its
//! named games, and take-and-break codes, written bare: `0.7`).
//!
//! - `join[L | R](n)`, CGSuite's `L.PartizanJoin(R)`: a heap on which Left
//!   moves as in `L` and Right as in `R`; a move leaving several heaps
//!   leaves a sum of such heaps.
//! - `cake_product[L | R](m, n)`, CGSuite's `L.CakeProduct(R)` (its
//!   `GenCutcake`): Left replaces the second coordinate `n` by the heaps
//!   `b₁, …, b_k` of an option of `L(n)` and the position becomes the sum
//!   of `(m, bᵢ)`; Right does the same with `R` on the first coordinate.
//!   `twisted_cake_product[L | R]` is `CakeProduct(R, twisted => true)`:
//!   the coordinates are exchanged before the move (Left breaks `m` and
//!   leaves `(n, bᵢ)`, Right breaks `n` and leaves `(aᵢ, m)`).
//! - `direct_product[R, S](m, n)`, CGSuite's `R.DirectProduct(S)`:
//!   impartial; for each option `a₁..a_k` of `R(m)` and each option
//!   `b₁..b_l` of `S(n)` a move to `Σ (aᵢ, n) + Σ (m, bⱼ) + Σ (aᵢ, bⱼ)`
//!   (so its Grundy value is the nim product of the parts', the Tartan
//!   theorem).
//!
//! Every position is valued from its moves by the canonical solver or the
//! mex; coordinates are at most [`crate::heaps::cake::MAX_SIDE`] and the
//! options of a move are charged to the budget by the parts' own lists.

use std::fmt::Write as _;
use std::sync::Arc;

use sprague_core::budget::Budget;
use sprague_core::error::{ParseError, SolveError};
use sprague_game::syntax::{ComponentSyntax, Param, RulesetSyntax, Spanned};
use sprague_game::{Component, Impartial, Key, Kind, Move, MoveLabel, Partizan, Side};

use crate::common::{HeapFamily, Ruleset, check_move_count, heap_components};
use crate::heaps::cake::coordinates;

pub(crate) const JOIN: Ruleset = Ruleset {
    name: "join",
    syntax: "join[L | R](n, ...)   (L, R: heap rulesets, e.g. nim, kayles, subtraction[1,3], 0.7)",
    rule: "partizan (CGSuite's PartizanJoin): Left moves on a heap as in ruleset L, \
           Right as in ruleset R; a heap split by a move is a sum of heaps",
    example: "join[nim | kayles](5)",
    heaps_interact: false,
    build: build_join,
    family: None,
};

pub(crate) const CAKE_PRODUCT: Ruleset = Ruleset {
    name: "cake_product",
    syntax: "cake_product[L | R](m, n)   (one position; L, R: heap rulesets)",
    rule: "partizan (CGSuite's CakeProduct, its GenCutcake): Left breaks n as ruleset L \
           allows and leaves the positions (m, b) for the heaps b, Right breaks m as R allows",
    example: "cake_product[4.0 | 4.0](5, 3)",
    heaps_interact: true,
    build: build_cake_product,
    family: None,
};

pub(crate) const TWISTED_CAKE_PRODUCT: Ruleset = Ruleset {
    name: "twisted_cake_product",
    syntax: "twisted_cake_product[L | R](m, n)   (one position; L, R: heap rulesets)",
    rule: "partizan (CGSuite's CakeProduct with twisted => true): Left breaks m as ruleset L \
           allows and leaves the positions (n, b), Right breaks n as R allows and leaves (a, m)",
    example: "twisted_cake_product[0.7 | 0.7](8, 5)",
    heaps_interact: true,
    build: build_twisted_cake_product,
    family: None,
};

pub(crate) const DIRECT_PRODUCT: Ruleset = Ruleset {
    name: "direct_product",
    syntax: "direct_product[R, S](m, n)   (one position; R, S: heap rulesets)",
    rule: "impartial (CGSuite's DirectProduct): an option a of R(m) and an option b of \
           S(n) together move to the sum of (a_i, n), (m, b_j) and (a_i, b_j)",
    example: "direct_product[nim, kayles](3, 4)",
    heaps_interact: true,
    build: build_direct_product,
    family: None,
};

/// The two rulesets of a composition, shared by its positions.
#[derive(Debug)]
struct Parts {
    /// Left's ruleset (the first factor of a direct product).
    left: Arc<dyn HeapFamily>,
    /// Right's ruleset (the second factor).
    right: Arc<dyn HeapFamily>,
    /// The composition as written back: `join[nim | kayles]`.
    text: String,
}

impl Parts {
    fn of(&self, side: Side) -> &dyn HeapFamily {
        match side {
            Side::Left => &*self.left,
            Side::Right => &*self.right,
        }
    }
}

/// The options of a heap of `n` under `family`.
fn options(family: &dyn HeapFamily, n: u64, budget: &Budget) -> Result<Vec<Vec<u64>>, SolveError> {
    family
        .heap_options(n, budget)
        .expect("the parts were checked to list their options when read")
}

/// The ruleset a parameter names: a ruleset with its own parameters, or a
/// bare take-and-break code (`0.7` for `octal[0.7]`), which must list its
/// heap options.
fn part(param: &Spanned<Param>, composition: &str) -> Result<Arc<dyn HeapFamily>, ParseError> {
    let span = param.span.clone();
    let ruleset = match &param.value {
        Param::Ruleset(r) => (**r).clone(),
        Param::Code(_) => RulesetSyntax {
            name: "octal".to_string(),
            name_span: span.clone(),
            params: vec![param.clone()],
            params_span: Some(span.clone()),
            bar: None,
        },
        _ => {
            return Err(ParseError::bad_parameters(
                format!(
                    "`{composition}` composes heap rulesets: a name with its parameters \
                     (nim, subtraction[1,3]) or a take-and-break code (0.7)"
                ),
                span,
            ));
        }
    };
    let not_composable = || {
        ParseError::bad_parameters(
            format!(
                "`{}` is not a ruleset of one heap that lists its moves as heaps, \
                 so `{composition}` cannot compose it",
                ruleset.name
            ),
            span.clone(),
        )
    };
    if crate::find(&ruleset.name).is_some_and(|r| r.family.is_none()) {
        return Err(not_composable());
    }
    let family = crate::family(&ruleset)?;
    if family.heap_options(0, &Budget::DEFAULT).is_none() {
        return Err(not_composable());
    }
    Ok(family)
}

/// The two parts of `composition[A | B]` (`partizan`) or `composition[A, B]`.
fn parts(r: &RulesetSyntax, partizan: bool) -> Result<Arc<Parts>, ParseError> {
    let name = r.name.as_str();
    let whole = r
        .params_span
        .clone()
        .unwrap_or(r.name_span.end..r.name_span.end);
    let (written, separator) = if partizan {
        (r.bar == Some(1), " | ")
    } else {
        (r.bar.is_none(), ", ")
    };
    let [a, b] = r.params.as_slice() else {
        return Err(ParseError::bad_parameters(
            format!("`{name}` takes two heap rulesets: {name}[nim{separator}kayles]"),
            whole,
        ));
    };
    if !written {
        return Err(ParseError::bad_parameters(
            format!("`{name}` takes its two rulesets as {name}[A{separator}B]"),
            whole,
        ));
    }
    let (left, right) = (part(a, name)?, part(b, name)?);
    let mut text = String::new();
    let _ = write!(
        text,
        "{name}[{}{separator}{}]",
        left.ruleset(),
        right.ruleset()
    );
    Ok(Arc::new(Parts { left, right, text }))
}

/// The words of a move that leaves `heaps` (of one coordinate).
pub(crate) fn leaving(heaps: &[u64]) -> String {
    match heaps {
        [] => "nothing".to_string(),
        hs => hs
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(" + "),
    }
}

/// One heap of `join[L | R]`.
#[derive(Clone, Debug)]
pub struct JoinHeap {
    parts: Arc<Parts>,
    size: u64,
}

impl Component for JoinHeap {
    fn ruleset(&self) -> String {
        self.parts.text.clone()
    }

    fn args(&self) -> String {
        self.size.to_string()
    }

    fn key(&self) -> Key {
        Key::shared("join", &self.parts, [self.size])
    }

    fn kind(&self) -> Kind<'_> {
        Kind::Partizan(self)
    }
}

impl Partizan for JoinHeap {
    fn moves(&self, side: Side, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        let n = self.size;
        Ok(options(self.parts.of(side), n, budget)?
            .into_iter()
            .map(|heaps| {
                let label = format!("heap of {n} to {}", leaving(&heaps));
                let to = heaps
                    .into_iter()
                    .map(|size| {
                        Arc::new(JoinHeap {
                            parts: Arc::clone(&self.parts),
                            size,
                        }) as Arc<dyn Component>
                    })
                    .collect();
                Move::to_sum(MoveLabel::Words(label), to)
            })
            .collect())
    }
}

/// A position `(m, n)` of a cake product.
#[derive(Clone, Debug)]
pub struct CakeProductPosition {
    parts: Arc<Parts>,
    twisted: bool,
    m: u64,
    n: u64,
}

impl CakeProductPosition {
    fn at(&self, m: u64, n: u64) -> Arc<dyn Component> {
        Arc::new(CakeProductPosition {
            parts: Arc::clone(&self.parts),
            twisted: self.twisted,
            m,
            n,
        })
    }
}

impl Component for CakeProductPosition {
    fn ruleset(&self) -> String {
        self.parts.text.clone()
    }

    fn args(&self) -> String {
        format!("{}, {}", self.m, self.n)
    }

    fn is_heap(&self) -> bool {
        false
    }

    fn key(&self) -> Key {
        Key::shared("cake_product", &self.parts, [self.m, self.n])
    }

    fn kind(&self) -> Kind<'_> {
        Kind::Partizan(self)
    }
}

impl Partizan for CakeProductPosition {
    fn moves(&self, side: Side, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        // CGSuite's GenCutcake: exchange the coordinates when twisted, then
        // Left breaks the second and keeps the first, Right the reverse.
        let (row, col) = if self.twisted {
            (self.n, self.m)
        } else {
            (self.m, self.n)
        };
        let broken = if side == Side::Left { col } else { row };
        // Which of the coordinates as written that is.
        let which = if (side == Side::Left) != self.twisted {
            "second"
        } else {
            "first"
        };
        Ok(options(self.parts.of(side), broken, budget)?
            .into_iter()
            .map(|heaps| {
                let label = format!("the {which} side {broken} to {}", leaving(&heaps));
                let to = heaps
                    .into_iter()
                    .map(|h| match side {
                        Side::Left => self.at(row, h),
                        Side::Right => self.at(h, col),
                    })
                    .collect();
                Move::to_sum(MoveLabel::Words(label), to)
            })
            .collect())
    }
}

/// A position `(m, n)` of a direct product.
#[derive(Clone, Debug)]
pub struct DirectProductPosition {
    parts: Arc<Parts>,
    m: u64,
    n: u64,
}

impl Component for DirectProductPosition {
    fn ruleset(&self) -> String {
        self.parts.text.clone()
    }

    fn args(&self) -> String {
        format!("{}, {}", self.m, self.n)
    }

    fn is_heap(&self) -> bool {
        false
    }

    fn key(&self) -> Key {
        Key::shared("direct_product", &self.parts, [self.m, self.n])
    }

    fn kind(&self) -> Kind<'_> {
        Kind::Impartial(self)
    }
}

impl Impartial for DirectProductPosition {
    fn moves(&self, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        let (m, n) = (self.m, self.n);
        let firsts = options(&*self.parts.left, m, budget)?;
        let seconds = options(&*self.parts.right, n, budget)?;
        check_move_count(
            (firsts.len() as u64).saturating_mul(seconds.len() as u64),
            budget,
        )?;
        let at = |a: u64, b: u64| -> Arc<dyn Component> {
            Arc::new(DirectProductPosition {
                parts: Arc::clone(&self.parts),
                m: a,
                n: b,
            })
        };
        let mut moves = Vec::new();
        for a_s in &firsts {
            for b_s in &seconds {
                check_move_count(((a_s.len() + 1) * (b_s.len() + 1)) as u64, budget)?;
                let mut to: Vec<Arc<dyn Component>> = a_s.iter().map(|&a| at(a, n)).collect();
                to.extend(b_s.iter().map(|&b| at(m, b)));
                to.extend(
                    a_s.iter()
                        .flat_map(|&a| b_s.iter().map(move |&b| (a, b)))
                        .map(|(a, b)| at(a, b)),
                );
                let label = format!("{m} to {} with {n} to {}", leaving(a_s), leaving(b_s));
                moves.push(Move::to_sum(MoveLabel::Words(label), to));
            }
        }
        Ok(moves)
    }
}

fn build_join(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    let parts = parts(&c.ruleset, true)?;
    heap_components(c, |size| JoinHeap {
        parts: Arc::clone(&parts),
        size,
    })
}

fn build_cake(c: &ComponentSyntax, twisted: bool) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    let parts = parts(&c.ruleset, true)?;
    let (m, n) = coordinates(c, &c.ruleset.name)?;
    Ok(vec![Arc::new(CakeProductPosition {
        parts,
        twisted,
        m,
        n,
    })])
}

fn build_cake_product(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    build_cake(c, false)
}

fn build_twisted_cake_product(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    build_cake(c, true)
}

fn build_direct_product(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    let parts = parts(&c.ruleset, false)?;
    let (m, n) = coordinates(c, &c.ruleset.name)?;
    Ok(vec![Arc::new(DirectProductPosition { parts, m, n })])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::{canonical_text as value, outcome_by_search, outcome_of, parse};
    use sprague_core::outcome::Outcome;
    use sprague_impartial::nimber::Nimber;

    /// A heap ruleset written out independently of the engine, for the
    /// searches below: the heaps each option of a heap of `n` leaves.
    type Rule = fn(u64) -> Vec<Vec<u64>>;

    fn nim(n: u64) -> Vec<Vec<u64>> {
        (0..n)
            .map(|k| if k == 0 { vec![] } else { vec![k] })
            .collect()
    }

    /// Take 1 or 3 (Left's subtraction set in CGSuite's example).
    fn take_1_3(n: u64) -> Vec<Vec<u64>> {
        [1, 3]
            .iter()
            .filter(|&&t| t <= n)
            .map(|&t| if t == n { vec![] } else { vec![n - t] })
            .collect()
    }

    /// Kayles: take one or two adjacent pins from a row, leaving at most
    /// two rows.
    fn kayles(n: u64) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        for t in 1..=2.min(n) {
            let rest = n - t;
            for a in 0..=rest / 2 {
                out.push([a, rest - a].into_iter().filter(|&h| h > 0).collect());
            }
        }
        out
    }

    /// Cutcake's rule: break a heap into two non-empty heaps.
    fn halve(n: u64) -> Vec<Vec<u64>> {
        (1..=n / 2).map(|a| vec![a, n - a]).collect()
    }

    /// The position written by `text` in each notation the searches know.
    fn positions() -> Vec<(&'static str, Rule, &'static str, Rule)> {
        vec![
            ("nim", nim as Rule, "kayles", kayles as Rule),
            ("subtraction[1,3]", take_1_3, "4.0", halve),
            ("4.0", halve, "0.77", kayles),
        ]
    }

    #[test]
    fn joins_agree_with_the_search_of_the_whole_game() {
        for (l_text, l_rule, r_text, r_rule) in positions() {
            let moves = |&h: &u64, left: bool| if left { l_rule(h) } else { r_rule(h) };
            for a in 0..=7 {
                for b in 0..=a.min(5) {
                    let text = format!("join[{l_text} | {r_text}]({a}, {b})");
                    assert_eq!(
                        outcome_of(&text),
                        outcome_by_search(vec![a, b], &moves),
                        "{text}"
                    );
                }
            }
        }
    }

    #[test]
    fn cake_products_agree_with_the_search_of_the_whole_game() {
        for (l_text, l_rule, r_text, r_rule) in positions() {
            for twisted in [false, true] {
                // CGSuite's GenCutcake, written out again: the coordinates
                // exchanged first when twisted; Left breaks the second,
                // Right the first.
                let moves = |&(m, n): &(u64, u64), left: bool| {
                    let (row, col) = if twisted { (n, m) } else { (m, n) };
                    if left {
                        l_rule(col)
                            .into_iter()
                            .map(|hs| hs.into_iter().map(|h| (row, h)).collect())
                            .collect()
                    } else {
                        r_rule(row)
                            .into_iter()
                            .map(|hs| hs.into_iter().map(|h| (h, col)).collect())
                            .collect()
                    }
                };
                let name = if twisted {
                    "twisted_cake_product"
                } else {
                    "cake_product"
                };
                for (m, n, p, q) in [(1, 1, 0, 0), (3, 4, 0, 0), (5, 2, 2, 3), (4, 4, 1, 3)] {
                    let text = format!(
                        "{name}[{l_text} | {r_text}]({m}, {n}) + {name}[{l_text} | {r_text}]({p}, {q})"
                    );
                    assert_eq!(
                        outcome_of(&text),
                        outcome_by_search(vec![(m, n), (p, q)], &moves),
                        "{text}"
                    );
                }
                for m in 0..=5 {
                    for n in 0..=5 {
                        let text = format!("{name}[{l_text} | {r_text}]({m}, {n})");
                        assert_eq!(
                            outcome_of(&text),
                            outcome_by_search(vec![(m, n)], &moves),
                            "{text}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn direct_products_agree_with_the_search_and_the_tartan_theorem() {
        for (r_text, r_rule, s_text, s_rule) in positions() {
            let moves = |&(m, n): &(u64, u64), _: bool| {
                let mut out = Vec::new();
                for a_s in r_rule(m) {
                    for b_s in s_rule(n) {
                        let mut to: Vec<(u64, u64)> = a_s.iter().map(|&a| (a, n)).collect();
                        to.extend(b_s.iter().map(|&b| (m, b)));
                        to.extend(a_s.iter().flat_map(|&a| b_s.iter().map(move |&b| (a, b))));
                        out.push(to);
                    }
                }
                out
            };
            let family = |text: &str| {
                // A bare code is octal's, as a part reads it.
                let named = if text.starts_with(|c: char| c.is_ascii_digit()) {
                    format!("octal[{text}]")
                } else {
                    text.to_string()
                };
                crate::family(&sprague_game::syntax::parse_ruleset(&named).unwrap()).unwrap()
            };
            let (r, s) = (family(r_text), family(s_text));
            let budget = Budget::DEFAULT;
            for m in 0..=6 {
                for n in 0..=6 {
                    let text = format!("direct_product[{r_text}, {s_text}]({m}, {n})");
                    let p = parse(&text).unwrap();
                    let Kind::Impartial(d) = p.components()[0].kind() else {
                        panic!("{text} is impartial");
                    };
                    let g = d.grundy(&budget).unwrap();
                    // The search's positions multiply fast: small ones only.
                    if m + n <= 6 {
                        let by_search = outcome_by_search(vec![(m, n)], &moves);
                        assert_eq!(g != Nimber(0), by_search == Outcome::N, "{text}");
                    }
                    // The Tartan theorem (Winning Ways, ch. 13).
                    let parts = r.grundy_values(m, m, &budget).unwrap()[0]
                        * s.grundy_values(n, n, &budget).unwrap()[0];
                    assert_eq!(g, parts, "{text}");
                }
            }
        }
    }

    #[test]
    fn cgsuites_direct_product_of_turnips_and_grunt() {
        // CGSuite's GameHeapTest.scala (commit e909ab8b), "define HeapRuleset
        // operations properly": Turnips := Spawning("3E"), Grunt :=
        // Spawning("4FS"), Turnips.DirectProduct(Grunt).NimValueTable(8, 20),
        // rows m = 0..8, columns n = 0..20 (rows 0, 1, 2, 4 and 5 are 0).
        let three = [
            0, 0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3,
        ];
        let seven = [
            0, 0, 0, 0, 2, 0, 3, 2, 0, 3, 2, 0, 3, 2, 1, 3, 2, 1, 3, 8, 1,
        ];
        let budget = Budget::DEFAULT;
        for m in 0..=8usize {
            let row = match m {
                3 | 6 => three,
                7 | 8 => seven,
                _ => [0; 21],
            };
            for (n, &want) in row.iter().enumerate() {
                let text = format!("direct_product[spawning[\"3E\"], spawning[\"4FS\"]]({m}, {n})");
                let g = parse(&text).unwrap().components()[0]
                    .grundy(&budget)
                    .unwrap();
                assert_eq!(g, Nimber(want), "{text}");
            }
        }
    }

    #[test]
    fn twisted_eatcake_is_cgsuites_turn_and_eatcake() {
        // game/heap/constants.cgs: TurnAndEatcake := GenCutcake(
        // TakeAndBreak("0.7"), TakeAndBreak("0.7"), twisted => true).
        for m in 0..=8 {
            for n in 0..=8 {
                assert_eq!(
                    value(&format!(
                        "twisted_cake_product[0.7 | 0.7]({m}, {n}) - turn_and_eatcake({m}, {n})"
                    )),
                    "0",
                    "({m}, {n})"
                );
            }
        }
    }

    #[test]
    fn option_counts_of_eight_by_eight_are_cgsuites() {
        // CGSuite's GameHeapTest.scala (commit e909ab8b), "define partizan
        // coordinate games properly": the Left options of (8, 8).
        for (text, count) in [
            ("cake_product[4.0 | 4.0]", 4),
            ("cake_product[{2+}=.0 | {2+}=.0]", 3),
            ("cake_product[0.7 | 0.7]", 4),
            ("twisted_cake_product[0.7 | 0.7]", 4),
            ("twisted_cake_product[{2+}=.0 | {2+}=.0]", 3),
        ] {
            let p = parse(&format!("{text}(8, 8)")).unwrap();
            let moves = p.components()[0]
                .moves_of(Side::Left, &Budget::DEFAULT)
                .unwrap();
            assert_eq!(moves.len(), count, "{text}");
        }
    }

    #[test]
    fn a_join_of_one_ruleset_with_itself_is_that_ruleset() {
        for (text, g) in [("nim", "*5"), ("kayles", "*4"), ("subtraction[1,3]", "*")] {
            assert_eq!(value(&format!("join[{text} | {text}](5)")), g, "{text}");
        }
    }

    #[test]
    fn compositions_print_their_parts_normalised() {
        let p =
            parse("join[subtraction[3,1] | 0.7](4) + direct_product[nim, kayles](2, 3)").unwrap();
        assert_eq!(
            p.to_string(),
            "join[subtraction[1,3] | octal[0.7]](4) + direct_product[nim, kayles](2, 3)"
        );
    }

    #[test]
    fn bad_compositions_are_parse_errors_saying_where() {
        for (bad, at) in [
            ("join[nim, kayles](3)", "[nim, kayles]"),
            ("join[nim](3)", "[nim]"),
            ("direct_product[nim | kayles](1, 2)", "[nim | kayles]"),
            ("join[wythoff | nim](3)", "wythoff"),
            ("join[domineering | nim](3)", "domineering"),
            ("join[nim | 3](3)", "3"),
            ("cake_product[nim | nim](3)", "(3)"),
            ("join[nimm | nim](3)", "nimm"),
            ("join[subtraction[0] | nim](3)", "0"),
        ] {
            let e = parse(bad).expect_err(bad);
            let span = e.span.clone();
            assert_eq!(&bad[span], at, "{bad}: {e}");
        }
        let deep = format!("{}nim{}(1)", "join[".repeat(20), " | nim]".repeat(20));
        assert!(parse(&deep).is_err());
    }
}
