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

use crate::budget::Budget;
use crate::cgt::{CanonicalArena, Dyadic, GameId};
use crate::error::{ParseError, ParseErrorKind, SolveError};
use crate::game::{Component, Key, Kind, Move, MoveLabel, Partizan, Side};
use crate::syntax::{ValueExpr, ValueSyntax, parse_value};

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
    /// `{left | right}`.
    Form(Vec<Arc<Expr>>, Vec<Arc<Expr>>),
}

impl Expr {
    fn from_syntax(v: &ValueSyntax) -> Result<Expr, ParseError> {
        let bad =
            |reason: String| ParseError::new(ParseErrorKind::BadValue { reason }, v.span.clone());
        Ok(match &v.expr {
            ValueExpr::Neg(inner) => Expr::from_syntax(inner)?
                .negative()
                .map_err(|_| bad("the negative of this number is out of range".to_string()))?,
            ValueExpr::Switch(inner) => Expr::Switch(Arc::new(Expr::from_syntax(inner)?)),
            ValueExpr::Atom {
                negative,
                numerator,
                denominator,
                ups,
                star,
            } => {
                if denominator.count_ones() != 1 {
                    return Err(bad(format!(
                        "the numbers of short games are dyadic: the denominator {denominator} \
                         is not a power of two"
                    )));
                }
                let sign = if *negative { Sign::Minus } else { Sign::Plus };
                // The denominator has at most MAX_VALUE_DIGITS digits, so
                // its power of two fits a u32.
                let exponent = denominator
                    .trailing_zeros()
                    .and_then(|z| u32::try_from(z).ok())
                    .ok_or_else(|| bad("the denominator is too large".to_string()))?;
                let number =
                    Dyadic::from_big(BigInt::from_biguint(sign, numerator.clone()), exponent);
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
                left.iter()
                    .map(|o| Expr::from_syntax(o).map(Arc::new))
                    .collect::<Result<_, _>>()?,
                right
                    .iter()
                    .map(|o| Expr::from_syntax(o).map(Arc::new))
                    .collect::<Result<_, _>>()?,
            ),
        })
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
            Expr::Form(left, right) => {
                let neg = |side: &[Arc<Expr>]| -> Result<Vec<Arc<Expr>>, SolveError> {
                    side.iter().map(|o| o.negative().map(Arc::new)).collect()
                };
                Expr::Form(neg(right)?, neg(left)?)
            }
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
        }
    }
}

impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expr::Atom { number, ups, star } => {
                if *number != Dyadic::ZERO || (*ups == 0 && *star == 0) {
                    write!(f, "{number}")?;
                }
                if *ups != 0 {
                    f.write_str(if *ups > 0 { "^" } else { "v" })?;
                    if ups.unsigned_abs() > 1 {
                        write!(f, "{}", ups.unsigned_abs())?;
                    }
                }
                match star {
                    0 => Ok(()),
                    1 => f.write_str("*"),
                    n => write!(f, "*{n}"),
                }
            }
            Expr::Switch(g) => write!(f, "±{g}"),
            Expr::Form(left, right) => {
                let join = |side: &[Arc<Expr>]| {
                    side.iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                };
                write!(f, "{{{}|{}}}", join(left), join(right))
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
        Ok(GameValue::new(Arc::new(Expr::from_syntax(&parse_value(
            text,
        )?)?)))
    }
}

/// Builds the component a written value stands for.
///
/// # Errors
///
/// A [`ParseError`] for a number that is not dyadic or out of range, or too
/// many ups.
pub fn build_value(value: &ValueSyntax) -> Result<Arc<dyn Component>, ParseError> {
    Ok(GameValue::component(Arc::new(Expr::from_syntax(value)?)))
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
            Expr::Atom { .. } => {
                // No written options: the canonical ones, read back from
                // their text (which is in the notation this module reads).
                let mut arena = CanonicalArena::new(*budget);
                let g = self.expr.canonical(&mut arena)?;
                let ids = match side {
                    Side::Left => arena.left_options(g)?,
                    Side::Right => arena.right_options(g)?,
                };
                let mut options = Vec::with_capacity(ids.len());
                for id in ids {
                    let text = arena.display(id)?;
                    let expr = parse_value(&text)
                        .and_then(|syntax| Expr::from_syntax(&syntax))
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
            ("^^", "^2"),
            ("^ + ^", "^2"),
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
            ("2^3*2", "2^3*2"),
            ("{-1|1}", "0"),
        ] {
            let sum = crate::Position::parse(written).unwrap();
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
            ("-^2", "v2"),
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
        ] {
            let e = crate::Position::parse(text).unwrap_err();
            assert_eq!(e.span, span, "{text}: {e}");
        }
    }
}
