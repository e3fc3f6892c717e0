//! Game values written in CGSuite's notation as terms of a sum: `1/2`,
//! `^*`, `v3`, `±1`, `{1|*}`, `{a, b || c | d}`, `-{1|*}`.
//!
//! A value is a partizan component whose moves are the options as written
//! (`{0, -1 | 1}` keeps its dominated option `-1`, so playing it is playing
//! what the user wrote), and whose canonical value is computed by the
//! [`CanonicalArena`] from the written form. Numbers, nimbers, ups and
//! downs have no written options: their moves are their canonical
//! options (`3` moves to `2` for Left; `^` to `0` for Left and `*` for
//! Right).
//!
//! Negatives are pushed inward when the value is built (`-{1|*}` is
//! `{*|-1}`, `-^` is `v`, `-±1` is `±1`), so the text of a value has no
//! minus signs in front of braces and one value has one text, which is
//! also its key.

use std::fmt;
use std::sync::Arc;

use num_bigint::{BigInt, Sign};
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};
use rustc_hash::{FxHashMap, FxHashSet};

use sprague_core::budget::Budget;
use sprague_core::error::{ParseError, ParseErrorKind, SolveError};
use sprague_game::syntax::{
    AlgebraOp, ArithOp, MAX_VALUE_DIGITS, ValueExpr, ValueSyntax, parse_value,
};
use sprague_game::{Component, Key, Kind, Move, MoveLabel, Partizan, Side};
use sprague_impartial::nimber::Nimber;
use sprague_loopy::graph::FileSource;
use sprague_partizan::algebra;
use sprague_partizan::cgt::{CanonicalArena, Dyadic, GameId, atom_text, ups_text};
use sprague_partizan::companion::companion;
use sprague_partizan::cooling;
use sprague_partizan::powers;
use sprague_partizan::stop_count::stop_count;

/// The most ups (or downs) one value may have: `^n` has a canonical form of
/// about `n` nested games, and numbers of ups beyond this are not short
/// games anyone writes by hand.
pub const MAX_UPS: u64 = 4096;

/// A game value as written, negatives pushed inward.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Expr {
    /// A number plus ups plus a nimber.
    Atom { number: Dyadic, ups: i64, star: u64 },
    /// `±G`: `{G | -G}`.
    Switch(Arc<Expr>),
    /// `±{a, b}`: `{a, b | -a, -b}`, its own negative, so that its
    /// negative shares its options (a copy at every level of nested
    /// switches would be exponential in their nesting).
    MultipleSwitch(Vec<Arc<Expr>>),
    /// `{left | right}`.
    Form(Vec<Arc<Expr>>, Vec<Arc<Expr>>),
    /// A sum of terms.
    Sum(Vec<Arc<Expr>>),
    /// `n` copies.
    Copies(u64, Arc<Expr>),
    /// The ordinal sum `G : H`.
    Ordinal(Arc<Expr>, Arc<Expr>),
    /// An operation of the algebra on its arguments.
    Call(AlgebraOp, Vec<Arc<Expr>>),
    /// `^<n>`, `^[n]` (`sum`), or their negatives (`down`).
    Power { down: bool, sum: bool, n: u64 },
    /// A ruleset's components (their sum), or its negative.
    Leaf { leaf: Leaf, negative: bool },
    /// The negative of a figure written as a call (`-stop_count(G)`): the
    /// negative of a count is not the count of a negative.
    Negated(Arc<Expr>),
}

/// A ruleset's components as an operand: the sum of `components`,
/// written `text`.
#[derive(Clone, Debug)]
struct Leaf {
    components: Vec<Arc<dyn Component>>,
    text: String,
}

impl PartialEq for Leaf {
    fn eq(&self, other: &Leaf) -> bool {
        self.components.len() == other.components.len()
            && self
                .components
                .iter()
                .zip(&other.components)
                .all(|(a, b)| a.key() == b.key())
    }
}

impl Eq for Leaf {}

impl Leaf {
    fn new(components: Vec<Arc<dyn Component>>) -> Leaf {
        // Heaps of one ruleset side by side are written together, as a
        // position writes them (`nim(3, 6)`), so that the text reads back
        // as one operand.
        let mut text = String::new();
        let mut i = 0;
        while i < components.len() {
            if i > 0 {
                text.push_str(" + ");
            }
            let c = &components[i];
            if !c.is_heap() {
                text.push_str(&c.text());
                i += 1;
                continue;
            }
            let ruleset = c.ruleset();
            let mut args = vec![c.args()];
            i += 1;
            while i < components.len()
                && components[i].is_heap()
                && components[i].ruleset() == ruleset
            {
                args.push(components[i].args());
                i += 1;
            }
            text.push_str(&format!("{ruleset}({})", args.join(", ")));
        }
        if text.is_empty() {
            text.push('0');
        }
        Leaf { components, text }
    }
}

impl Expr {
    fn from_syntax(v: &ValueSyntax, files: &dyn FileSource) -> Result<Expr, ParseError> {
        let bad =
            |reason: String| ParseError::new(ParseErrorKind::BadValue { reason }, v.span.clone());
        Ok(match &v.expr {
            ValueExpr::Neg(inner) => Expr::from_syntax(inner, files)?
                .negative()
                .map_err(|_| bad("the negative of this number is out of range".to_string()))?,
            ValueExpr::Switch(inner) => Expr::Switch(Arc::new(Expr::from_syntax(inner, files)?)),
            ValueExpr::MultipleSwitch(options) => {
                Expr::MultipleSwitch(Expr::all_from_syntax(options, files)?)
            }
            ValueExpr::Arith { op, lhs, rhs } => match numeric(v)? {
                Some(q) => number_atom(&q).map_err(bad)?,
                None if *op == ArithOp::Times => {
                    let (n, g) = match (numeric(lhs)?, numeric(rhs)?) {
                        (Some(n), None) => (n, rhs),
                        (None, Some(n)) => (n, lhs),
                        _ => {
                            return Err(bad(
                                "`*` multiplies numbers, or a game by an integer (its copies); \
                                 nim products are written `nim_product(a, b)`"
                                    .to_string(),
                            ));
                        }
                    };
                    copies_of(&n, Expr::from_syntax(g, files)?).map_err(bad)?
                }
                None => {
                    return Err(bad(format!(
                        "`{}` is arithmetic on numbers: both sides must be numbers",
                        op.symbol()
                    )));
                }
            },
            ValueExpr::NimberOf(inner) => {
                let n = numeric(inner)?.ok_or_else(|| {
                    bad(
                        "`*(...)` is the nimber of an integer written with numbers only"
                            .to_string(),
                    )
                })?;
                if !n.is_integer() || n.is_negative() {
                    return Err(bad(format!(
                        "a nimber `*(n)` is of a non-negative integer, not {n}"
                    )));
                }
                let star = n
                    .to_integer()
                    .to_u64()
                    .ok_or_else(|| bad(format!("a nimber is at most {}", u64::MAX)))?;
                Expr::Atom {
                    number: Dyadic::ZERO,
                    ups: 0,
                    star,
                }
            }
            ValueExpr::Sum(terms) if terms.iter().any(is_calculation) => match numeric(v)? {
                Some(q) => number_atom(&q).map_err(bad)?,
                None => Expr::Sum(Expr::all_from_syntax(terms, files)?),
            },
            ValueExpr::Atom {
                negative,
                numerator,
                denominator,
                ups,
                star,
            } => {
                if denominator.is_zero() {
                    return Err(bad("division by zero".to_string()));
                }
                // In lowest terms (`0/7` is 0, `3/6` is 1/2, as CGSuite
                // reads them); then a game if the denominator is a power
                // of two.
                let sign = if *negative { Sign::Minus } else { Sign::Plus };
                let q = BigRational::new(
                    BigInt::from_biguint(sign, numerator.clone()),
                    BigInt::from(denominator.clone()),
                );
                let Expr::Atom { number, .. } = number_atom(&q).map_err(bad)? else {
                    unreachable!("a number is an atom")
                };
                if ups.unsigned_abs() > MAX_UPS {
                    return Err(bad(format!("at most {MAX_UPS} ups or downs in one value")));
                }
                Expr::Atom {
                    number,
                    ups: *ups,
                    star: *star,
                }
            }
            ValueExpr::Form { left, right } => Expr::Form(
                Expr::all_from_syntax(left, files)?,
                Expr::all_from_syntax(right, files)?,
            ),
            ValueExpr::Sum(terms) => Expr::Sum(Expr::all_from_syntax(terms, files)?),
            ValueExpr::Copies(n, g) => {
                if i64::try_from(*n).is_err() {
                    return Err(bad(format!("at most {} copies", i64::MAX)));
                }
                Expr::Copies(*n, Arc::new(Expr::from_syntax(g, files)?))
            }
            ValueExpr::Ordinal(g, h) => Expr::Ordinal(
                Arc::new(Expr::from_syntax(g, files)?),
                Arc::new(Expr::from_syntax(h, files)?),
            ),
            ValueExpr::Call { op, args } => {
                if matches!(op, AlgebraOp::Pow | AlgebraOp::PowTo) {
                    // A written exponent is checked here, where its size
                    // is read; a game as exponent when it is valued.
                    if let Some(q) = numeric(&args[1])? {
                        let at_exponent = |reason: String| {
                            ParseError::new(
                                ParseErrorKind::BadValue { reason },
                                args[1].span.clone(),
                            )
                        };
                        let Expr::Atom { number, .. } = number_atom(&q).map_err(at_exponent)?
                        else {
                            unreachable!("a number is an atom")
                        };
                        let cumulative = *op == AlgebraOp::PowTo;
                        if let Some(problem) = powers::exponent_problem(cumulative, &number) {
                            return Err(at_exponent(problem));
                        }
                    }
                }
                Expr::Call(*op, Expr::all_from_syntax(args, files)?)
            }
            ValueExpr::Power { down, sum, n } => {
                if *n == 0 || *n > MAX_UPS {
                    return Err(bad(format!(
                        "up powers ^<n> and ^[n] are read for 1 <= n <= {MAX_UPS}"
                    )));
                }
                Expr::Power {
                    down: *down,
                    sum: *sum,
                    n: *n,
                }
            }
            ValueExpr::Component(c) => Expr::Leaf {
                leaf: Leaf::new(crate::build_from(c, files)?),
                negative: false,
            },
        })
    }

    fn all_from_syntax(
        values: &[ValueSyntax],
        files: &dyn FileSource,
    ) -> Result<Vec<Arc<Expr>>, ParseError> {
        values
            .iter()
            .map(|o| Expr::from_syntax(o, files).map(Arc::new))
            .collect()
    }

    /// `-G`: `-{L | R} = {-R | -L}`, `-(x + n^ + *m) = -x + n v + *m`, and
    /// `-±G = ±G` (the switch is its own negative).
    fn negative(&self) -> Result<Expr, SolveError> {
        Ok(match self {
            Expr::Atom { number, ups, star } => Expr::Atom {
                number: number.checked_neg()?,
                ups: -ups,
                star: *star,
            },
            Expr::Switch(g) => Expr::Switch(Arc::clone(g)),
            Expr::MultipleSwitch(options) => Expr::MultipleSwitch(options.clone()),
            Expr::Form(left, right) => Expr::Form(negs(right)?, negs(left)?),
            Expr::Sum(terms) => Expr::Sum(negs(terms)?),
            Expr::Copies(n, g) => Expr::Copies(*n, Arc::new(g.negative()?)),
            Expr::Ordinal(g, h) => Expr::Ordinal(Arc::new(g.negative()?), Arc::new(h.negative()?)),
            // -(G.U) = (-G).U, and cooling and heating commute with
            // negation (by induction on the options); -Tiny(G) = Miny(G).
            Expr::Call(op, args) => match op {
                AlgebraOp::Tiny => Expr::Call(AlgebraOp::Miny, args.clone()),
                AlgebraOp::Miny => Expr::Call(AlgebraOp::Tiny, args.clone()),
                // companion(-G) = -companion(G): its rule is symmetric;
                // freeze(-G) = -freeze(G): -G has G's temperature.
                AlgebraOp::Conjunctive
                | AlgebraOp::Selective
                | AlgebraOp::Companion
                | AlgebraOp::Freeze => Expr::Call(*op, negs(args)?),
                // (-G)·H = -(G·H) for the Conway product, by induction on
                // the forms: its rule is symmetric under negation.
                AlgebraOp::Norton
                | AlgebraOp::Cool
                | AlgebraOp::Heat
                | AlgebraOp::Overheat
                | AlgebraOp::ConwayProduct => {
                    let mut args = args.clone();
                    args[0] = Arc::new(args[0].negative()?);
                    Expr::Call(*op, args)
                }
                // The negative of a count, or of a nim product (an integer
                // or a nimber): not the same operation on negatives.
                // The negative of a power is not a power of a {0|H}, and
                // that of a subordinate not the subordinate to -B alone.
                AlgebraOp::StopCount
                | AlgebraOp::NimProduct
                | AlgebraOp::NimPower
                | AlgebraOp::Pow
                | AlgebraOp::PowTo
                | AlgebraOp::Subordinate => Expr::Negated(Arc::new(self.clone())),
            },
            Expr::Negated(g) => (**g).clone(),
            Expr::Power { down, sum, n } => Expr::Power {
                down: !down,
                sum: *sum,
                n: *n,
            },
            Expr::Leaf { leaf, negative } => Expr::Leaf {
                leaf: leaf.clone(),
                negative: !negative,
            },
        })
    }

    /// The canonical form.
    fn canonical(&self, arena: &mut CanonicalArena) -> Result<GameId, SolveError> {
        match self {
            Expr::Atom { number, ups, star } => {
                let base = if *star == 0 {
                    arena.number(number.clone())?
                } else {
                    arena.number_plus_nimber(number.clone(), *star)?
                };
                if *ups == 0 {
                    return Ok(base);
                }
                let zero = arena.zero();
                let star1 = arena.nimber(1)?;
                let mut arrow = arena.form(&[zero], &[star1])?;
                if *ups < 0 {
                    arrow = arena.neg(arrow)?;
                }
                // n arrows by doubling: log n sums instead of n.
                let mut n = ups.unsigned_abs();
                let mut total = base;
                while n > 0 {
                    if n & 1 == 1 {
                        total = arena.add(total, arrow)?;
                    }
                    n >>= 1;
                    if n > 0 {
                        arrow = arena.add(arrow, arrow)?;
                    }
                }
                Ok(total)
            }
            Expr::Switch(g) => {
                let g = g.canonical(arena)?;
                let minus_g = arena.neg(g)?;
                arena.form(&[g], &[minus_g])
            }
            Expr::MultipleSwitch(options) => {
                let mut left = Vec::with_capacity(options.len());
                let mut right = Vec::with_capacity(options.len());
                for o in options {
                    let g = o.canonical(arena)?;
                    left.push(g);
                    right.push(arena.neg(g)?);
                }
                arena.form(&left, &right)
            }
            Expr::Form(left, right) => {
                let left = left
                    .iter()
                    .map(|o| o.canonical(arena))
                    .collect::<Result<Vec<_>, _>>()?;
                let right = right
                    .iter()
                    .map(|o| o.canonical(arena))
                    .collect::<Result<Vec<_>, _>>()?;
                arena.form(&left, &right)
            }
            Expr::Sum(terms) => {
                let mut total = arena.zero();
                for t in terms {
                    let g = t.canonical(arena)?;
                    total = arena.add(total, g)?;
                }
                Ok(total)
            }
            Expr::Copies(n, g) => {
                let g = g.canonical(arena)?;
                let n = i64::try_from(*n).expect("checked when read");
                algebra::copies(arena, g, n)
            }
            Expr::Ordinal(g, h) => {
                let g = g.canonical(arena)?;
                let h = h.canonical(arena)?;
                algebra::ordinal_sum(arena, g, h)
            }
            Expr::Call(op, args) => {
                let ids = args
                    .iter()
                    .map(|a| a.canonical(arena))
                    .collect::<Result<Vec<_>, _>>()?;
                match op {
                    AlgebraOp::Norton => algebra::norton_product(arena, ids[0], ids[1]),
                    AlgebraOp::Cool => {
                        let t = arena.as_number(ids[1]).ok_or_else(|| {
                            SolveError::unsupported(
                                "cool(G, t) cools by a number t (the temperature)".to_string(),
                            )
                        })?;
                        cooling::cool(arena, ids[0], t)
                    }
                    AlgebraOp::Heat => cooling::heat(arena, ids[0], ids[1]),
                    AlgebraOp::Overheat => cooling::overheat(arena, ids[0], ids[1], ids[2]),
                    AlgebraOp::Conjunctive => algebra::conjunctive_sum(arena, ids[0], ids[1]),
                    AlgebraOp::Selective => algebra::selective_sum(arena, ids[0], ids[1]),
                    AlgebraOp::ConwayProduct => algebra::conway_product(arena, ids[0], ids[1]),
                    AlgebraOp::Tiny => algebra::tiny(arena, ids[0]),
                    AlgebraOp::Miny => algebra::miny(arena, ids[0]),
                    AlgebraOp::Companion => companion(arena, ids[0]),
                    AlgebraOp::StopCount => {
                        let count = stop_count(arena, ids[0])?;
                        arena.number(Dyadic::from_big(count.into(), 0))
                    }
                    AlgebraOp::NimProduct | AlgebraOp::NimPower => nim_arithmetic(arena, *op, &ids),
                    AlgebraOp::Pow | AlgebraOp::PowTo => {
                        let x = arena.as_number(ids[1]).ok_or_else(|| {
                            SolveError::unsupported(format!(
                                "{}(G, x) takes a number x as the exponent",
                                op.name()
                            ))
                        })?;
                        if *op == AlgebraOp::Pow {
                            powers::pow(arena, ids[0], &x)
                        } else {
                            powers::pow_to(arena, ids[0], &x)
                        }
                    }
                    AlgebraOp::Subordinate => {
                        // A base written as braces is taken with its
                        // options as written (CGSuite's `'{*|*}'`), any
                        // other at its canonical form.
                        let (left, right) = match &*args[1] {
                            Expr::Form(left, right) => (
                                left.iter()
                                    .map(|o| o.canonical(arena))
                                    .collect::<Result<Vec<_>, _>>()?,
                                right
                                    .iter()
                                    .map(|o| o.canonical(arena))
                                    .collect::<Result<Vec<_>, _>>()?,
                            ),
                            _ => (arena.left_options(ids[1])?, arena.right_options(ids[1])?),
                        };
                        powers::subordinate(arena, ids[0], &left, &right)
                    }
                    AlgebraOp::Freeze => cooling::freeze(arena, ids[0]),
                }
            }
            Expr::Negated(g) => {
                let g = g.canonical(arena)?;
                arena.neg(g)
            }
            Expr::Power { down, sum, n } => {
                let g = if *sum {
                    algebra::up_power_sum(arena, *n)?
                } else {
                    algebra::up_power(arena, *n)?
                };
                if *down { arena.neg(g) } else { Ok(g) }
            }
            Expr::Leaf { leaf, negative } => {
                let mut total = arena.zero();
                for c in &leaf.components {
                    let g = component_value(c, arena)?;
                    total = arena.add(total, g)?;
                }
                if *negative {
                    arena.neg(total)
                } else {
                    Ok(total)
                }
            }
        }
    }

    /// How this is written as an operand of `:`, `*` or `±`: in
    /// parentheses unless it is one piece.
    fn operand_text(&self) -> String {
        match self {
            Expr::Form(..) | Expr::Call(..) | Expr::Power { .. } => self.to_string(),
            Expr::Leaf {
                negative: false,
                leaf,
            } if leaf.components.len() == 1 => self.to_string(),
            // `3+*2` is a sum.
            Expr::Atom { .. } if self.to_string().contains('+') => format!("({self})"),
            Expr::Atom { .. } | Expr::Switch(_) | Expr::MultipleSwitch(_) => self.to_string(),
            _ => format!("({self})"),
        }
    }
}

/// The most bits of a numerator or denominator the calculator makes: as
/// many as [`MAX_VALUE_DIGITS`] decimal digits hold.
const MAX_NUMBER_BITS: u64 = MAX_VALUE_DIGITS as u64 * 3322 / 1000;

/// Whether a term of a sum is a calculation on numbers (`13*5`, `*(3+2)`,
/// `1/3`): a sum with one is worked out as numbers, so that `1/3 + 1/6`
/// is `1/2`.
fn is_calculation(v: &ValueSyntax) -> bool {
    match &v.expr {
        ValueExpr::Arith { .. } | ValueExpr::NimberOf(_) => true,
        ValueExpr::Atom {
            denominator,
            ups: 0,
            star: 0,
            ..
        } => denominator.count_ones() != 1,
        ValueExpr::Neg(inner) => is_calculation(inner),
        _ => false,
    }
}

/// A position's terms, when all are game values and one is a calculation
/// on numbers (`1/3 + 1/6`), as one sum: worked out together, so that
/// the sum is the number CGSuite gives (`1/2`), where each term alone may
/// be a rational number and not a game.
pub fn calculated_sum(terms: &[ValueSyntax]) -> Option<ValueSyntax> {
    if terms.len() < 2 || !terms.iter().any(is_calculation) {
        return None;
    }
    let span = terms[0].span.start..terms[terms.len() - 1].span.end;
    Some(ValueSyntax {
        expr: ValueExpr::Sum(terms.to_vec()),
        span,
    })
}

/// The number a position is when it is written with numbers and
/// arithmetic only and is not dyadic (`1/7`, `(17/6) % (1/3)`): CGSuite's
/// `Rational`, a number but not a short game. Its text and its sign, which
/// is its outcome as CGSuite gives it (`L` if positive, `R` if negative);
/// `None` for anything else, a dyadic number included (that is a game).
pub fn non_dyadic_rational(text: &str) -> Option<(String, std::cmp::Ordering)> {
    let syntax = sprague_game::syntax::parse_position(text).ok()?;
    let mut terms = Vec::with_capacity(syntax.components.len());
    for term in syntax.components {
        match term {
            sprague_game::syntax::TermSyntax::Value(v) => terms.push(v),
            _ => return None,
        }
    }
    let sum = match terms.len() {
        1 => terms.pop()?,
        _ => ValueSyntax {
            span: 0..text.len(),
            expr: ValueExpr::Sum(terms),
        },
    };
    let q = numeric(&sum).ok()??;
    if q.denom().magnitude().count_ones() == 1 {
        return None;
    }
    Some((q.to_string(), q.cmp(&BigRational::zero())))
}

/// The rational number `v` is when it is written with numbers and
/// arithmetic only (`13*5`, `(19/64) % (1/4)`, `2^-1`), as CGSuite's
/// `Rational` works it out; `None` when a game is in it.
///
/// # Errors
///
/// Division by zero, an exponent that is not an integer, a number of more
/// than [`MAX_VALUE_DIGITS`] digits.
pub fn numeric(v: &ValueSyntax) -> Result<Option<BigRational>, ParseError> {
    let bad = |reason: String| ParseError::new(ParseErrorKind::BadValue { reason }, v.span.clone());
    let q = match &v.expr {
        ValueExpr::Atom {
            negative,
            numerator,
            denominator,
            ups: 0,
            star: 0,
        } => {
            if denominator.is_zero() {
                return Err(bad("division by zero".to_string()));
            }
            let sign = if *negative { Sign::Minus } else { Sign::Plus };
            BigRational::new(
                BigInt::from_biguint(sign, numerator.clone()),
                BigInt::from(denominator.clone()),
            )
        }
        ValueExpr::Neg(inner) => match numeric(inner)? {
            Some(q) => -q,
            None => return Ok(None),
        },
        ValueExpr::Sum(terms) => {
            let mut total = BigRational::zero();
            for t in terms {
                match numeric(t)? {
                    Some(q) => total += q,
                    None => return Ok(None),
                }
            }
            total
        }
        ValueExpr::Copies(n, g) => match numeric(g)? {
            Some(q) => q * BigRational::from_integer(BigInt::from(*n)),
            None => return Ok(None),
        },
        ValueExpr::Arith { op, lhs, rhs } => {
            let (Some(a), Some(b)) = (numeric(lhs)?, numeric(rhs)?) else {
                return Ok(None);
            };
            match op {
                ArithOp::Times => a * b,
                ArithOp::Divide | ArithOp::Modulo if b.is_zero() => {
                    return Err(bad("division by zero".to_string()));
                }
                ArithOp::Divide => a / b,
                // CGSuite's remainder: a - b * trunc(a / b), of the sign of a.
                ArithOp::Modulo => {
                    let quotient = (&a / &b).trunc();
                    a - b * quotient
                }
                ArithOp::Power => power(&a, &b).map_err(bad)?,
            }
        }
        _ => return Ok(None),
    };
    if q.numer().bits() > MAX_NUMBER_BITS || q.denom().bits() > MAX_NUMBER_BITS {
        return Err(bad(format!(
            "a number worked out here has more than {MAX_VALUE_DIGITS} digits"
        )));
    }
    Ok(Some(q))
}

/// `a ^ b` for an integer `b` (CGSuite has no irrational numbers), of at
/// most [`MAX_NUMBER_BITS`] bits, checked before it is worked out.
fn power(a: &BigRational, b: &BigRational) -> Result<BigRational, String> {
    if !b.is_integer() {
        return Err(format!(
            "an exponent is an integer, not {b} (irrational numbers are not read)"
        ));
    }
    let e = b.to_integer();
    if a.is_zero() {
        return match e.sign() {
            Sign::Minus => Err("division by zero: 0 to a negative power".to_string()),
            Sign::NoSign => Ok(BigRational::one()),
            Sign::Plus => Ok(BigRational::zero()),
        };
    }
    if a.is_integer() && a.numer().abs().is_one() {
        // ±1 to any power, however large.
        let odd = (&e % 2u32) != BigInt::zero();
        return Ok(if a.is_negative() && odd {
            -BigRational::one()
        } else {
            BigRational::one()
        });
    }
    let too_large = || format!("a number worked out here has more than {MAX_VALUE_DIGITS} digits");
    let magnitude = e.abs().to_u64().ok_or_else(too_large)?;
    let bits = a.numer().bits().max(a.denom().bits());
    if bits.saturating_mul(magnitude) > MAX_NUMBER_BITS + bits {
        return Err(too_large());
    }
    let exponent = u32::try_from(magnitude).map_err(|_| too_large())?;
    let raised = BigRational::new(a.numer().pow(exponent), a.denom().pow(exponent));
    Ok(if e.is_negative() {
        raised.recip()
    } else {
        raised
    })
}

/// The number `q` as a game: an atom, if `q` is dyadic.
fn number_atom(q: &BigRational) -> Result<Expr, String> {
    let denominator = q.denom().magnitude();
    if denominator.count_ones() != 1 {
        return Err(format!(
            "{q} is a rational number, not a game: the numbers of short games are dyadic \
             (the denominator {denominator} is not a power of two)"
        ));
    }
    let exponent = u32::try_from(denominator.trailing_zeros().unwrap_or(0))
        .map_err(|_| "the denominator is too large".to_string())?;
    Ok(Expr::Atom {
        number: Dyadic::from_big(q.numer().clone(), exponent),
        ups: 0,
        star: 0,
    })
}

/// `n * G` for an integer `n`: `n` copies of `G`, or of `-G` when `n < 0`.
fn copies_of(n: &BigRational, g: Expr) -> Result<Expr, String> {
    if !n.is_integer() {
        return Err(format!(
            "a game is multiplied by an integer (its copies), not by {n}"
        ));
    }
    let count = n.to_integer();
    let copies = count
        .abs()
        .to_u64()
        .filter(|c| i64::try_from(*c).is_ok())
        .ok_or_else(|| format!("at most {} copies", i64::MAX))?;
    let g = if count.is_negative() {
        g.negative().map_err(|e| e.to_string())?
    } else {
        g
    };
    Ok(Expr::Copies(copies, Arc::new(g)))
}

/// An argument of `nim_product` or `nim_power`: a nimber `*n` or an
/// integer `n >= 0` (below 2^64, the field the library multiplies in), and
/// whether it was a nimber.
fn nim_argument(arena: &CanonicalArena, g: GameId, what: &str) -> Result<(u64, bool), SolveError> {
    let refuse = || {
        SolveError::unsupported(format!(
            "{what} is a nimber `*n` or an integer n with 0 <= n < 2^64"
        ))
    };
    match arena.as_number_plus_nimber(g) {
        Some((x, n)) if x == Dyadic::ZERO => Ok((n, true)),
        _ => {
            let x = arena
                .as_number(g)
                .filter(Dyadic::is_integer)
                .ok_or_else(refuse)?;
            let n = x.numerator().to_u64().ok_or_else(refuse)?;
            Ok((n, false))
        }
    }
}

/// `nim_product(a, b)` and `nim_power(a, n)` in GF(2^64): a nimber if an
/// operand of the product (or the base of the power) is one, else the
/// integer, as CGSuite's `Integer.NimProduct` gives it.
fn nim_arithmetic(
    arena: &mut CanonicalArena,
    op: AlgebraOp,
    ids: &[GameId],
) -> Result<GameId, SolveError> {
    let (a, a_nimber) = nim_argument(arena, ids[0], "the first argument")?;
    let (result, nimber) = if op == AlgebraOp::NimProduct {
        let (b, b_nimber) = nim_argument(arena, ids[1], "the second argument")?;
        ((Nimber(a) * Nimber(b)).0, a_nimber || b_nimber)
    } else {
        let n = arena
            .as_number(ids[1])
            .filter(Dyadic::is_integer)
            .and_then(|x| x.numerator().to_u64())
            .ok_or_else(|| {
                SolveError::unsupported(
                    "the exponent of nim_power is an integer n with 0 <= n < 2^64".to_string(),
                )
            })?;
        (Nimber(a).pow(n).0, a_nimber)
    };
    if nimber {
        arena.nimber(result)
    } else {
        arena.number(Dyadic::from_big(BigInt::from(result), 0))
    }
}

fn negs(side: &[Arc<Expr>]) -> Result<Vec<Arc<Expr>>, SolveError> {
    side.iter().map(|o| o.negative().map(Arc::new)).collect()
}

/// The canonical value of a ruleset's component in `arena`: the nimber of
/// its Grundy value if impartial, its closed form or regions if it has
/// them, otherwise from its Left and Right moves, with an explicit stack
/// (a long game costs memory and budget, never call stack).
fn component_value(
    root: &Arc<dyn Component>,
    arena: &mut CanonicalArena,
) -> Result<GameId, SolveError> {
    struct Frame {
        key: Key,
        moves: Vec<(Side, Vec<Arc<dyn Component>>)>,
        next: usize,
        left: Vec<GameId>,
        right: Vec<GameId>,
    }
    let budget = arena.budget();
    let mut memo: FxHashMap<Key, GameId> = FxHashMap::default();
    let mut open: FxHashSet<Key> = FxHashSet::default();
    // The value of `c` if it needs no expansion of its moves.
    let known = |c: &Arc<dyn Component>,
                 arena: &mut CanonicalArena,
                 memo: &mut FxHashMap<Key, GameId>|
     -> Result<Option<GameId>, SolveError> {
        if let Some(&g) = memo.get(&c.key()) {
            return Ok(Some(g));
        }
        let g = match c.kind() {
            Kind::Loopy(_) | Kind::LoopyPartizan(_) => {
                return Err(SolveError::unsupported(format!(
                    "`{}` is loopy: it has no canonical form as a short game",
                    c.text()
                )));
            }
            Kind::Impartial(g) => {
                let n = g.grundy(&budget)?;
                arena.nimber(n.0)?
            }
            Kind::Partizan(p) => {
                if let Some(regions) = p.regions() {
                    let mut total = arena.zero();
                    for r in &regions {
                        let g = component_value(r, arena)?;
                        total = arena.add(total, g)?;
                    }
                    total
                } else {
                    match p.canonical(arena) {
                        Some(g) => g?,
                        None => return Ok(None),
                    }
                }
            }
        };
        arena.charge_with(memo.len() as u64)?;
        memo.insert(c.key(), g);
        Ok(Some(g))
    };
    let open_frame =
        |c: &Arc<dyn Component>, open: &mut FxHashSet<Key>| -> Result<Frame, SolveError> {
            let key = c.key();
            if !open.insert(key.clone()) {
                return Err(SolveError::Loopy);
            }
            let mut moves = Vec::new();
            for side in [Side::Left, Side::Right] {
                for m in c.moves_of(side, &budget)? {
                    moves.push((side, m.to));
                }
            }
            Ok(Frame {
                key,
                moves,
                next: 0,
                left: Vec::new(),
                right: Vec::new(),
            })
        };
    if let Some(g) = known(root, arena, &mut memo)? {
        return Ok(g);
    }
    let mut stack = vec![open_frame(root, &mut open)?];
    loop {
        let frame = stack.last_mut().expect("the root stays until it returns");
        let mut pending = None;
        while frame.next < frame.moves.len() {
            let (side, ref to) = frame.moves[frame.next];
            let mut value = arena.zero();
            for c in to {
                match known(c, arena, &mut memo)? {
                    Some(g) => value = arena.add(value, g)?,
                    None => {
                        pending = Some(Arc::clone(c));
                        break;
                    }
                }
            }
            if pending.is_some() {
                break;
            }
            match side {
                Side::Left => frame.left.push(value),
                Side::Right => frame.right.push(value),
            }
            frame.next += 1;
        }
        match pending {
            Some(c) => {
                arena.charge_with((stack.len() + memo.len()) as u64)?;
                let next = open_frame(&c, &mut open)?;
                stack.push(next);
            }
            None => {
                let frame = stack.pop().expect("a frame was just inspected");
                let g = arena.form(&frame.left, &frame.right)?;
                open.remove(&frame.key);
                arena.charge_with(memo.len() as u64)?;
                memo.insert(frame.key, g);
                if stack.is_empty() {
                    return Ok(g);
                }
            }
        }
    }
}

impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expr::Atom { number, ups, star } => {
                f.write_str(&atom_text(number, &ups_text(*ups), *star))
            }
            Expr::Switch(g) => write!(f, "±{}", g.operand_text()),
            Expr::MultipleSwitch(options) => {
                let texts: Vec<String> = options.iter().map(ToString::to_string).collect();
                write!(f, "±{{{}}}", texts.join(", "))
            }
            Expr::Form(left, right) => {
                let join = |side: &[Arc<Expr>]| {
                    side.iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                };
                write!(f, "{{{}|{}}}", join(left), join(right))
            }
            Expr::Sum(terms) => {
                let texts: Vec<String> = terms.iter().map(ToString::to_string).collect();
                f.write_str(&texts.join(" + "))
            }
            Expr::Copies(n, g) => write!(f, "{n}*{}", g.operand_text()),
            Expr::Ordinal(g, h) => {
                let base = match &**g {
                    Expr::Ordinal(..) => g.to_string(),
                    _ => g.operand_text(),
                };
                write!(f, "{base} : {}", h.operand_text())
            }
            Expr::Call(op, args) => {
                let texts: Vec<String> = args.iter().map(ToString::to_string).collect();
                write!(f, "{}({})", op.name(), texts.join(", "))
            }
            Expr::Power { down, sum, n } => {
                let arrow = if *down { 'v' } else { '^' };
                if *sum {
                    write!(f, "{arrow}[{n}]")
                } else {
                    write!(f, "{arrow}<{n}>")
                }
            }
            Expr::Negated(g) => write!(f, "-{g}"),
            Expr::Leaf { leaf, negative } => {
                if *negative {
                    if leaf.components.len() == 1 {
                        write!(f, "-{}", leaf.text)
                    } else {
                        write!(f, "-({})", leaf.text)
                    }
                } else {
                    f.write_str(&leaf.text)
                }
            }
        }
    }
}

/// A game value in CGSuite's notation, as a term of a sum.
#[derive(Clone, Debug)]
pub struct GameValue {
    expr: Arc<Expr>,
    text: String,
}

impl GameValue {
    fn new(expr: Arc<Expr>) -> GameValue {
        let text = expr.to_string();
        GameValue { expr, text }
    }

    fn component(expr: Arc<Expr>) -> Arc<dyn Component> {
        Arc::new(GameValue::new(expr))
    }

    /// The value written `text` on its own (`{1|*}`, `-3/4`, `^*`).
    ///
    /// # Errors
    ///
    /// A [`ParseError`] for text that is not one game value.
    ///
    /// # Examples
    ///
    /// ```
    /// use sprague::rulesets::GameValue;
    /// use sprague::Component;
    /// assert_eq!(GameValue::parse("-{1 | *}").unwrap().text(), "{*|-1}");
    /// ```
    pub fn parse(text: &str) -> Result<GameValue, ParseError> {
        Ok(GameValue::new(Arc::new(Expr::from_syntax(
            &parse_value(text)?,
            &sprague_loopy::graph::FileSystem,
        )?)))
    }
}

/// Builds the component a written value stands for.
///
/// # Errors
///
/// A [`ParseError`] for a number that is not dyadic or out of range, or too
/// many ups.
pub fn build_value(
    value: &ValueSyntax,
    files: &dyn FileSource,
) -> Result<Arc<dyn Component>, ParseError> {
    Ok(GameValue::component(Arc::new(Expr::from_syntax(
        value, files,
    )?)))
}

impl Component for GameValue {
    fn ruleset(&self) -> String {
        "value".to_string()
    }

    fn args(&self) -> String {
        self.text.clone()
    }

    fn text(&self) -> String {
        self.text.clone()
    }

    fn is_heap(&self) -> bool {
        false
    }

    fn key(&self) -> Key {
        Key::new("value", Key::pack(self.text.as_bytes()))
    }

    fn kind(&self) -> Kind<'_> {
        Kind::Partizan(self)
    }
}

impl Partizan for GameValue {
    fn moves(&self, side: Side, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        let options: Vec<Arc<Expr>> = match &*self.expr {
            Expr::Form(left, right) => match side {
                Side::Left => left.clone(),
                Side::Right => right.clone(),
            },
            Expr::Switch(g) => match side {
                Side::Left => vec![Arc::clone(g)],
                Side::Right => vec![Arc::new(g.negative()?)],
            },
            Expr::MultipleSwitch(options) => match side {
                Side::Left => options.clone(),
                Side::Right => negs(options)?,
            },
            Expr::Leaf {
                leaf,
                negative: true,
            } if leaf.components.len() == 1 => {
                // The negative of a ruleset's game: its moves for the other
                // player, each to the negative of what it leaves.
                let moves = leaf.components[0].moves_of(side.other(), budget)?;
                return Ok(moves
                    .into_iter()
                    .map(|m| Move {
                        label: m.label,
                        to: m
                            .to
                            .into_iter()
                            .map(|c| {
                                GameValue::component(Arc::new(Expr::Leaf {
                                    leaf: Leaf::new(vec![c]),
                                    negative: true,
                                }))
                            })
                            .collect(),
                    })
                    .collect());
            }
            _ => {
                // No written options: the canonical ones, read back from
                // their text (which is in the notation this module reads).
                let mut arena = CanonicalArena::new(*budget);
                let g = self.expr.canonical(&mut arena)?;
                let ids = match side {
                    Side::Left => arena.left_options(g)?,
                    Side::Right => arena.right_options(g)?,
                };
                let mut options = Vec::with_capacity(ids.len());
                // The text of a canonical form can be exponentially longer
                // than the form (an ordinal-sum chain doubles it with each
                // term): a character for each position of the budget.
                let longest = usize::try_from(budget.max_positions).unwrap_or(usize::MAX);
                for id in ids {
                    let text =
                        arena
                            .display_at_most(id, longest)?
                            .ok_or(SolveError::BudgetExceeded {
                                limit: budget.max_positions,
                            })?;
                    let expr = parse_value(&text)
                        .and_then(|syntax| {
                            Expr::from_syntax(&syntax, &sprague_loopy::graph::FileSystem)
                        })
                        .map_err(|e| {
                            SolveError::unsupported(format!(
                                "the option {text} of {} does not read back: {e}",
                                self.text
                            ))
                        })?;
                    options.push(Arc::new(expr));
                }
                options
            }
        };
        Ok(options
            .into_iter()
            .map(|o| {
                let to = GameValue::new(o);
                Move::new(
                    MoveLabel::Words(format!("move to {}", to.text)),
                    Arc::new(to),
                )
            })
            .collect())
    }

    fn canonical(&self, arena: &mut CanonicalArena) -> Option<Result<GameId, SolveError>> {
        Some(self.expr.canonical(arena))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn canonical_text(text: &str) -> String {
        let v = GameValue::parse(text).unwrap();
        let mut arena = CanonicalArena::new(Budget::DEFAULT);
        let g = v.expr.canonical(&mut arena).unwrap();
        arena.display(g).unwrap()
    }

    #[test]
    fn the_notation_reads_what_it_means() {
        // Values from Winning Ways and Siegel's Combinatorial Game Theory
        // (CGSuite prints the same canonical forms).
        for (written, canonical) in [
            ("0", "0"),
            ("{|}", "0"),
            ("{0|}", "1"),
            ("{|0}", "-1"),
            ("{0|1}", "1/2"),
            ("-3/4", "-3/4"),
            ("{0|0}", "*"),
            ("{0,*|0,*}", "*2"),
            ("{0|*}", "^"),
            ("{*|0}", "v"),
            ("^^", "^^"),
            ("^ + ^", "^^"),
            ("vv*", "vv*"),
            ("^2", "^^"),
            ("{0,*|0}", "^*"),
            ("{1|-1}", "±1"),
            ("+-1", "±1"),
            // CGSuite's slash notation, printed and read.
            ("{1|{0|-1}}", "{1||0|-1}"),
            ("{1||0|-1}", "{1||0|-1}"),
            ("{2|1||0|-1}", "{2|1||0|-1}"),
            ("{{2|1}|{0|-1}}", "{2|1||0|-1}"),
            ("{3||2|1|||0}", "{3||2|1|||0}"),
            ("-{1|*}", "{*|-1}"),
            ("{0, -1 | 1}", "1/2"),
            ("{1/2|1}", "3/4"),
            ("1/2*", "1/2*"),
            // CGSuite's operators between numbers (EvalTest.scala): `2^3*2`
            // is 16; a number before ups or a nimber that would read as
            // an operand prints with a `+`.
            ("2^3*2", "16"),
            ("2+^3*2", "2+^3*2"),
            ("(2^3 + *2)", "8+*2"),
            ("13*5", "65"),
            ("5 - 3 / 4 * 6 - 2", "-3/2"),
            ("*(3+5)", "*8"),
            ("{-1|1}", "0"),
        ] {
            let sum = crate::tests::parse(written).unwrap();
            let mut arena = CanonicalArena::new(Budget::DEFAULT);
            let mut total = arena.zero();
            for c in sum.components() {
                let Kind::Partizan(p) = c.kind() else {
                    panic!("{written}: a value is partizan")
                };
                let g = p.canonical(&mut arena).unwrap().unwrap();
                total = arena.add(total, g).unwrap();
            }
            assert_eq!(arena.display(total).unwrap(), canonical, "{written}");
        }
    }

    #[test]
    fn stop_count_is_the_integer_cgsuite_gives() {
        // CGSuite's CanonicalShortGameTestCase.scala (commit e909ab8b):
        // the StopCount of each game; -stop_count(G) is the negative
        // integer, not the count of -G (which is the same count).
        let mut arena = CanonicalArena::new(Budget::DEFAULT);
        for (written, count) in [
            ("stop_count({3||2|1})", "3"),
            ("stop_count(*8)", "4374"),
            ("stop_count(^*6)", "1459"),
            ("stop_count(73/16+v9*8)", "13131"),
            ("stop_count({0||0|vvv})", "7"),
            ("-stop_count(v*)", "-4"),
            ("stop_count(-{1|^^||^})", "9"),
            ("stop_count(stop_count({1|*}))", "1"),
        ] {
            let v = GameValue::parse(written).unwrap();
            let g = v.expr.canonical(&mut arena).unwrap();
            assert_eq!(arena.display(g).unwrap(), count, "{written}");
            // Written back as read, and read back to the same game.
            let again = GameValue::parse(&v.text()).unwrap();
            assert_eq!(again.expr.canonical(&mut arena).unwrap(), g, "{written}");
        }
        assert!(GameValue::parse("stop_count(1, 2)").is_err());
    }

    #[test]
    fn companion_is_the_game_cgsuite_gives() {
        // CGSuite's CanonicalShortGameTestCase.scala (commit e909ab8b).
        let mut arena = CanonicalArena::new(Budget::DEFAULT);
        for (written, theirs) in [
            ("companion(0)", "*"),
            ("companion(^)", "^*"),
            ("companion(v*)", "v"),
            ("companion({0||0|v*})", "{0|^<2>*}"),
            ("companion({3||2*|1*})", "{3||2*|1*}"),
            ("-companion({1|^^||^})", "{v*||vv*|-1}"),
            ("companion(-{1|^^||^})", "{v*||vv*|-1}"),
        ] {
            let v = GameValue::parse(written).unwrap();
            let g = v.expr.canonical(&mut arena).unwrap();
            assert_eq!(arena.display(g).unwrap(), theirs, "{written}");
            let again = GameValue::parse(&v.text()).unwrap();
            assert_eq!(again.expr.canonical(&mut arena).unwrap(), g, "{written}");
        }
    }

    #[test]
    fn negatives_are_pushed_inward() {
        for (written, text) in [
            ("-{1|*}", "{*|-1}"),
            ("-^", "v"),
            ("-v3*", "^3*"),
            ("-±1", "±1"),
            ("--1/2", "1/2"),
            ("-{{2|1}|0}", "{0|{-1|-2}}"),
            ("-2^", "-2^"),
            ("- 2^", "-2v"),
            ("-^2", "vv"),
            ("-^^*", "vv*"),
        ] {
            assert_eq!(GameValue::parse(written).unwrap().text(), text, "{written}");
        }
    }

    #[test]
    fn written_options_are_the_moves_and_atoms_move_canonically() {
        let budget = Budget::DEFAULT;
        let texts = |text: &str, side| -> Vec<String> {
            GameValue::parse(text)
                .unwrap()
                .moves(side, &budget)
                .unwrap()
                .iter()
                .map(|m| m.to[0].text())
                .collect()
        };
        assert_eq!(texts("{0, -1 | 1}", Side::Left), ["0", "-1"]);
        assert_eq!(texts("{0, -1 | 1}", Side::Right), ["1"]);
        assert_eq!(texts("3", Side::Left), ["2"]);
        assert!(texts("3", Side::Right).is_empty());
        assert_eq!(texts("3/4", Side::Left), ["1/2"]);
        assert_eq!(texts("3/4", Side::Right), ["1"]);
        assert_eq!(texts("^", Side::Left), ["0"]);
        assert_eq!(texts("^", Side::Right), ["*"]);
        assert_eq!(texts("±2", Side::Right), ["-2"]);
        assert_eq!(texts("*2", Side::Left), ["0", "*"]);
    }

    #[test]
    fn moves_agree_with_the_canonical_value() {
        // A value's canonical form computed from its moves (through the
        // written options, recursively) equals the one computed directly.
        fn by_moves(v: &GameValue, arena: &mut CanonicalArena) -> GameId {
            let mut sides = [Vec::new(), Vec::new()];
            for (i, side) in [Side::Left, Side::Right].into_iter().enumerate() {
                for m in v.moves(side, &Budget::DEFAULT).unwrap() {
                    let to = GameValue::parse(&m.to[0].text()).unwrap();
                    sides[i].push(by_moves(&to, arena));
                }
            }
            arena.form(&sides[0], &sides[1]).unwrap()
        }
        for text in [
            "{1|*}",
            "^*",
            "{2|1||0|-1}",
            "±{1|0}",
            "3/8v2*3",
            "{0,^|v*}",
            "-2",
        ] {
            let mut arena = CanonicalArena::new(Budget::DEFAULT);
            let g = by_moves(&GameValue::parse(text).unwrap(), &mut arena);
            assert_eq!(arena.display(g).unwrap(), canonical_text(text), "{text}");
        }
    }

    #[test]
    fn long_chains_of_operators_are_refused_at_the_nesting_limit() {
        // 300 operators: past the 200 levels, refused without recursing
        // further; 150 are read (and 2^2^...^2 is too large a number).
        for (op, n, read) in [("*", 300, false), ("^", 300, false), ("*", 150, true)] {
            let text = format!("{}1", format!("1{op}").repeat(n));
            let answer = crate::tests::parse(&text);
            assert_eq!(answer.is_ok(), read, "{op} x {n}: {:?}", answer.err());
        }
        let e = crate::tests::parse(&format!("{}2", "2^".repeat(150))).unwrap_err();
        assert!(e.to_string().contains("4000 digits"), "{e}");
    }

    #[test]
    fn bad_values_are_clear_errors() {
        for (text, span) in [
            ("1/3", 0..3),
            ("1/0", 0..3),
            ("{1|2|3}", 4..5),
            ("{1,|2}", 0..6),
            ("{1 2|3}", 3..4),
            ("{1|*", 4..4),
            ("^5000", 0..5),
            ("3x", 1..2),
            (&"9".repeat(4001), 0..4001),
            (&format!("1/{}", "2".repeat(4001)), 2..4003),
            // The calculator's refusals, each CGSuite's too (EvalTest.scala):
            // no irrational numbers, no negative nimber, an overflow, a
            // division by zero; and a game divided or multiplied by a game.
            ("2^(1/2)", 0..7),
            ("*(-8)", 0..5),
            ("2^(2^100)", 0..9),
            ("0/0", 0..3),
            ("{1|0} / 2", 0..9),
            ("{*3 * *5|0}", 1..8),
            ("1/7 + *", 0..3),
        ] {
            let e = crate::tests::parse(text).unwrap_err();
            assert_eq!(e.span, span, "{text}: {e}");
        }
    }
}
