//! The position language, read into a syntax tree with byte ranges.
//!
//! ```text
//! position   := term ( '+' term )*
//! term       := component | '*' [ INT ] | misere | value
//! misere     := '*[' ... ']'                   (CGSuite's misère notation: `*[2#1]`, `*[[2],0]`)
//! component  := NAME [ '[' param ( ',' param )* ']' ] '(' [ arg ( ',' arg )* ] ')'
//! value      := '-' value | '±' value | '+-' value | form | atom
//!             | ( '±' | '+-' ) '{' [ sum ( ',' sum )* ] '}'   (CGSuite's multiple switch:
//!                                               `+-{a,b}` is `{a,b | -a,-b}`)
//! form       := '{' options BARS options '}'   (BARS: a run of `|`; `{a || b | c}` is
//!                                               `{a | {b | c}}`, the longest run splits first)
//! options    := [ sum ( ',' sum )* ]
//! atom       := [ DIGITS [ '/' DIGITS ] ] [ ups ] [ '*' [ DIGITS ] ]   (not empty)
//!             | '*' '(' sum ')'                       (the nimber of an integer: `*(3+2)`)
//!             | DIGITS ( 'Tiny' | 'Miny' ) '(' sum ')'     (CGSuite's `9Tiny(2)`: 9 + Tiny(2))
//! ups        := '^' DIGITS | '^'+ | 'v' DIGITS | 'v'+
//!             | ( '^' | 'v' ) ( '<' DIGITS '>' | '[' DIGITS ']' )   (up powers ^<n>, ^[n])
//!
//! The game algebra (CGSuite's operators), kept in productions of its own:
//!
//! sum        := ordinal ( ( '+' | '-' ) ordinal )*      (inside braces and parentheses;
//!                                                       at the top a `-` negates the next term)
//! ordinal    := product ( ':' product )*               (ordinal sum, from the left)
//! product    := power ( ( '*' | '/' | '%' ) power )*   (CGSuite's arithmetic, from the left:
//!                                                       `13*5` is 65; a `*` no operand
//!                                                       follows is a nimber's: `3*` is 3 + *)
//! power      := operand [ '^' power ]                  (where a digit or `(` follows the `^`:
//!                                                       `2^100`; any other `^` is an up)
//! operand    := DIGITS '*' operand                     (copies: `3*{1|0}`)
//!             | '-' operand | '(' sum ')' | call | value | component
//! call       := OP '(' sum ( ',' sum )* ')'            (OP: norton, cool, heat, overheat,
//!                                                       conjunctive, selective, Tiny, Miny,
//!                                                       stop_count, companion,
//!                                                       conway_product, nim_product,
//!                                                       nim_power, pow, pow_to,
//!                                                       subordinate, freeze)
//! param      := INT | INT '..' INT | OCTAL | NAME '=' INT | STRING
//!             | NAME [ '[' param ( ',' param )* ']' ]   (a ruleset: `join[nim, kayles]`)
//!             | RULE                         (brackets whose text is not parameters,
//!                                              kept whole: `gen_mem[a >= k]`; the
//!                                              rulesets given by a rule read it)
//! arg        := INT | STRING | INT '..' INT
//! INT        := digits [ '^' digits ]          (a power such as 2^63 is a convenience)
//! OCTAL      := digits '.' hexdigits           (a take-and-break code: 0.137, 4.07, 0.f7,
//!                                               or in CGSuite's full syntax: 4!.0, 0.[3])
//! STRING     := '"' ... '"'                    (\" and \\ escape a quote and a backslash)
//! ```
//!
//! A term written `*n` alone is the nimber `nim(n)`, an impartial heap; any
//! other game value (CGSuite's notation: `1/2`, `^*`, `±1`, `{1|*}`) is a
//! [`ValueSyntax`]. Between numbers `*`, `/`, `%` and `^` are arithmetic,
//! as CGSuite's worksheet reads them (`2^3` is 8, `3*2` is 6; a number
//! plus ups or a nimber is written `2+^3`, `3+*2`); in ruleset arguments
//! `2^63` is the integer too.
//!
//! This layer knows nothing of rulesets: it checks the grammar and the range
//! of integers only. `sprague_rulesets` turns a [`ComponentSyntax`] into
//! validated components.

use std::ops::Range;

use num_bigint::BigUint;

use sprague_core::error::{ParseError, ParseErrorKind};
use sprague_loopy::loopy::braces_have_a_bar;

/// A ruleset with its parameters, as written: `subtraction[2,5]`, `kayles`,
/// `octal[0.137]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesetSyntax {
    /// The ruleset's name.
    pub name: String,
    /// Where the name is.
    pub name_span: Range<usize>,
    /// The parameters in square brackets (empty if there were none).
    pub params: Vec<Spanned<Param>>,
    /// Where the bracketed parameter list is, brackets included; `None` if
    /// there was none.
    pub params_span: Option<Range<usize>>,
    /// Where a `|` split the parameters (Left's before it, Right's after,
    /// as in `subtraction[1,3|2,3]`): the number of parameters before it;
    /// `None` without one.
    pub bar: Option<usize>,
}

/// One component of a sum, as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComponentSyntax {
    /// The ruleset and its parameters. For `*n` this is `nim`.
    pub ruleset: RulesetSyntax,
    /// The arguments in parentheses.
    pub args: Vec<Spanned<Arg>>,
    /// Where the parenthesised argument list is, parentheses included.
    pub args_span: Range<usize>,
    /// Whether the component was written as a nimber, `*n`.
    pub is_star: bool,
    /// Where the whole component is.
    pub span: Range<usize>,
}

/// A position as written: a sum of terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionSyntax {
    /// The terms, in the order written.
    pub components: Vec<TermSyntax>,
}

/// One term of a sum: a ruleset's component or a game value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TermSyntax {
    /// A ruleset applied to arguments (or `*n`, a Nim heap).
    Ruleset(ComponentSyntax),
    /// A game value in CGSuite's notation.
    Value(ValueSyntax),
    /// An impartial game in CGSuite's misère notation, `*[2#1]`.
    Misere(sprague_misere::misere::MisereSyntax),
    /// A loopy partizan game in CGSuite's loopy notation: `on`, `{0|pass}`,
    /// `a{0|{a|}}`.
    Loopy(sprague_loopy::loopy::LoopySyntax),
}

impl TermSyntax {
    /// The ruleset's component, if this term is one.
    pub fn as_ruleset(&self) -> Option<&ComponentSyntax> {
        match self {
            TermSyntax::Ruleset(c) => Some(c),
            TermSyntax::Value(_) | TermSyntax::Misere(_) | TermSyntax::Loopy(_) => None,
        }
    }

    /// Where the term is.
    pub fn span(&self) -> Range<usize> {
        match self {
            TermSyntax::Ruleset(c) => c.span.clone(),
            TermSyntax::Value(v) => v.span.clone(),
            TermSyntax::Misere(m) => m.span.clone(),
            TermSyntax::Loopy(l) => l.span.clone(),
        }
    }
}

/// A game value as written, with where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValueSyntax {
    /// What was written.
    pub expr: ValueExpr,
    /// Where.
    pub span: Range<usize>,
}

/// The forms a game value is written in (CGSuite's notation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ValueExpr {
    /// `-G`, the negative.
    Neg(Box<ValueSyntax>),
    /// `±G` (or `+-G`), the switch `{G | -G}`.
    Switch(Box<ValueSyntax>),
    /// A number plus ups (downs if negative) plus a nimber: `0`, `3/4`,
    /// `^`, `v3`, `1*`, `1/2^2*3`, `-2^` (a minus sign before digits belongs
    /// directly to the number: `-2^` is `-2 + ^`, as CGSuite prints it, and
    /// `- 2^` is `-(2 + ^)`). The number
    /// is `numerator / denominator` as written; that the denominator is a
    /// power of two is checked when the value is built.
    Atom {
        /// Whether the number is negative.
        negative: bool,
        /// The number's numerator (of any size, up to
        /// [`MAX_VALUE_DIGITS`] digits).
        numerator: BigUint,
        /// The number's denominator (1 for an integer).
        denominator: BigUint,
        /// Ups (positive) or downs (negative).
        ups: i64,
        /// The nimber added.
        star: u64,
    },
    /// `±{a, b}` (or `+-{a, b}`), CGSuite's multiple switch
    /// `{a, b | -a, -b}`: the options are held once, so that nested
    /// switches are as large as their text.
    MultipleSwitch(Vec<ValueSyntax>),
    /// `{a, b | c}`: Left's options, then Right's.
    Form {
        /// Left's options.
        left: Vec<ValueSyntax>,
        /// Right's options.
        right: Vec<ValueSyntax>,
    },
    /// A sum of terms (`2 + *` inside braces, `(a - b)`); a term written
    /// after `-` is a [`ValueExpr::Neg`].
    Sum(Vec<ValueSyntax>),
    /// `n * G`: `n` copies of `G`.
    Copies(u64, Box<ValueSyntax>),
    /// `G : H`, the ordinal sum.
    Ordinal(Box<ValueSyntax>, Box<ValueSyntax>),
    /// `a * b`, `a / b`, `a % b` or `a ^ b`, read as CGSuite reads them
    /// (`13*5` is 65, `2^100` the integer): arithmetic on numbers, and `*`
    /// of a game by an integer, its copies.
    Arith {
        /// Which operation.
        op: ArithOp,
        /// The left operand.
        lhs: Box<ValueSyntax>,
        /// The right operand.
        rhs: Box<ValueSyntax>,
    },
    /// `*(n)`, the nimber of a non-negative integer written as an
    /// expression: `*(3+2)` is `*5`.
    NimberOf(Box<ValueSyntax>),
    /// An operation of the game algebra applied to its arguments.
    Call {
        /// The operation.
        op: AlgebraOp,
        /// Its arguments, as written.
        args: Vec<ValueSyntax>,
    },
    /// An up power: `^<n>` (`v<n>` when `down`), or `^[n]` when `sum`.
    Power {
        /// Whether it is the negative, `v<n>` or `v[n]`.
        down: bool,
        /// Whether it is `^[n]`, the sum of the powers up to `n`.
        sum: bool,
        /// `n`.
        n: u64,
    },
    /// A ruleset's component as an operand (`domineering("..|..") - cut(2,
    /// 3)`, `{cut(1, 2) | 0}`).
    Component(ComponentSyntax),
}

/// The arithmetic operators between two operands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ArithOp {
    /// `a * b`: the product of numbers, or `n` copies of a game.
    Times,
    /// `a / b`: the quotient of numbers.
    Divide,
    /// `a % b`: CGSuite's remainder of numbers (the sign of `a`).
    Modulo,
    /// `a ^ b`: a number to an integer power.
    Power,
}

impl ArithOp {
    /// The operator's symbol.
    pub fn symbol(self) -> char {
        match self {
            ArithOp::Times => '*',
            ArithOp::Divide => '/',
            ArithOp::Modulo => '%',
            ArithOp::Power => '^',
        }
    }
}

/// The operations of the game algebra written as calls.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AlgebraOp {
    /// `norton(G, U)`, the Norton product of `G` by `U > 0`.
    Norton,
    /// `cool(G, t)`, `G` cooled by the number `t`.
    Cool,
    /// `heat(G, t)`, `G` heated by `t`.
    Heat,
    /// `overheat(G, s, t)`.
    Overheat,
    /// `conjunctive(G, H)`, the conjunctive sum.
    Conjunctive,
    /// `selective(G, H)`, the selective sum.
    Selective,
    /// `Tiny(G) = {0||0|-G}`.
    Tiny,
    /// `Miny(G) = {G|0||0}`.
    Miny,
    /// `stop_count(G)`, the integer CGSuite's `G.StopCount` gives: the
    /// number of stops of `G`'s canonical form.
    StopCount,
    /// `companion(G)`, CGSuite's `G.Companion`.
    Companion,
    /// `conway_product(G, H)`, CGSuite's `ConwayProduct` of canonical forms.
    ConwayProduct,
    /// `nim_product(a, b)`, the nim product of two nimbers or
    /// non-negative integers (CGSuite's `Integer.NimProduct`).
    NimProduct,
    /// `nim_power(a, n)`, `a` nim-multiplied by itself `n` times.
    NimPower,
    /// `pow(G, x)`, CGSuite's `G.Pow(x)`: the power of `G = {0|H}`.
    Pow,
    /// `pow_to(G, x)`, CGSuite's `G.PowTo(x)`: the cumulative power.
    PowTo,
    /// `subordinate(G, B)`, CGSuite's `G.Subordinate(B)`: the `H` with
    /// `G = B : H`.
    Subordinate,
    /// `freeze(G)`, CGSuite's `G.Freeze`: `G` cooled by its temperature.
    Freeze,
}

impl AlgebraOp {
    /// Every operation, in the order of the documentation.
    pub const ALL: [AlgebraOp; 17] = [
        AlgebraOp::Norton,
        AlgebraOp::Cool,
        AlgebraOp::Heat,
        AlgebraOp::Overheat,
        AlgebraOp::Conjunctive,
        AlgebraOp::Selective,
        AlgebraOp::Tiny,
        AlgebraOp::Miny,
        AlgebraOp::StopCount,
        AlgebraOp::Companion,
        AlgebraOp::ConwayProduct,
        AlgebraOp::NimProduct,
        AlgebraOp::NimPower,
        AlgebraOp::Pow,
        AlgebraOp::PowTo,
        AlgebraOp::Subordinate,
        AlgebraOp::Freeze,
    ];

    /// The name it is written with.
    pub fn name(self) -> &'static str {
        match self {
            AlgebraOp::Norton => "norton",
            AlgebraOp::Cool => "cool",
            AlgebraOp::Heat => "heat",
            AlgebraOp::Overheat => "overheat",
            AlgebraOp::Conjunctive => "conjunctive",
            AlgebraOp::Selective => "selective",
            AlgebraOp::Tiny => "Tiny",
            AlgebraOp::Miny => "Miny",
            AlgebraOp::StopCount => "stop_count",
            AlgebraOp::Companion => "companion",
            AlgebraOp::ConwayProduct => "conway_product",
            AlgebraOp::NimProduct => "nim_product",
            AlgebraOp::NimPower => "nim_power",
            AlgebraOp::Pow => "pow",
            AlgebraOp::PowTo => "pow_to",
            AlgebraOp::Subordinate => "subordinate",
            AlgebraOp::Freeze => "freeze",
        }
    }

    /// How many arguments it takes.
    pub fn arity(self) -> usize {
        match self {
            AlgebraOp::Tiny
            | AlgebraOp::Miny
            | AlgebraOp::StopCount
            | AlgebraOp::Companion
            | AlgebraOp::Freeze => 1,
            AlgebraOp::Overheat => 3,
            _ => 2,
        }
    }

    fn from_name(name: &str) -> Option<AlgebraOp> {
        AlgebraOp::ALL.into_iter().find(|op| op.name() == name)
    }
}

/// Inside braces: an option, a comma or a run of `n` bars.
enum FormItem {
    Value(ValueSyntax),
    Comma(Range<usize>),
    Bars(usize, Range<usize>),
}

/// A value with the byte range it was read from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spanned<T> {
    /// The value.
    pub value: T,
    /// Where it was written.
    pub span: Range<usize>,
}

/// A ruleset parameter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Param {
    /// An integer.
    Int(u64),
    /// An inclusive range `a..b`.
    Range(u64, u64),
    /// A take-and-break code such as `0.137`, kept as written.
    Code(String),
    /// A named integer, `name=value`.
    Named(String, u64),
    /// A string literal, unescaped (a file path: `graph["g.txt"]`).
    Str(String),
    /// A ruleset with its own parameters, for a composition of rulesets:
    /// `join[nim, kayles]`'s `nim` and `kayles`, `subtraction[1,3]`. Nested
    /// at most [`MAX_RULESET_NESTING`] deep.
    Ruleset(Box<RulesetSyntax>),
    /// Brackets whose text the grammar of parameters does not read, kept
    /// whole for a ruleset given by a rule (`gen_mem[a >= k]`); the only
    /// parameter, spanning the text between the brackets.
    Rule(RuleText),
}

/// The text of a rule between a ruleset's brackets (see [`Param::Rule`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleText {
    /// The text between the brackets, as written.
    pub text: String,
    /// Why the text is not a list of parameters: the error every ruleset
    /// that reads no rule reports, as if the brackets were only parameters.
    pub not_params: Box<ParseError>,
}

/// A component argument.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    /// An integer.
    Int(u64),
    /// A string literal, unescaped.
    Str(String),
    /// An inclusive range `a..b`.
    Range(u64, u64),
}

/// Reads a position (a sum of components).
///
/// # Errors
///
/// A [`ParseError`] with the byte range of the first thing that does not fit
/// the grammar.
///
/// # Examples
///
/// ```
/// use sprague_game::syntax::{parse_position, Arg};
/// let p = parse_position("nim(3, 6) + *2 + {1|*}").unwrap();
/// assert_eq!(p.components.len(), 3);
/// assert_eq!(p.components[0].as_ruleset().unwrap().args[1].value, Arg::Int(6));
/// assert!(p.components[1].as_ruleset().unwrap().is_star);
/// assert!(p.components[2].as_ruleset().is_none());
/// ```
pub fn parse_position(text: &str) -> Result<PositionSyntax, ParseError> {
    let mut p = Parser::new(text);
    let mut components = vec![p.component()?];
    loop {
        p.skip_space();
        match p.peek() {
            None => break,
            // `a +- b` is a plus the switch ±b, as CGSuite reads it.
            Some('+') if p.peek_second() == Some('-') => components.push(p.component()?),
            Some('+') => {
                p.bump();
                components.push(p.component()?);
            }
            Some('-') => {
                let start = p.pos;
                p.bump();
                let term = p.component()?;
                components.push(negated(term, start)?);
            }
            Some(_) => return Err(p.unexpected("`+`, `-` or the end of the position")),
        }
    }
    Ok(PositionSyntax { components })
}

/// Reads one game value in CGSuite's notation (`{1|*}`, `-3/4`, `^*`) and
/// nothing else.
///
/// # Errors
///
/// A [`ParseError`] for anything but one value.
pub fn parse_value(text: &str) -> Result<ValueSyntax, ParseError> {
    let mut p = Parser::new(text);
    let value = p.value()?;
    p.skip_space();
    if p.peek().is_some() {
        return Err(p.unexpected("the end of the value"));
    }
    Ok(value)
}

/// How deeply braces and signs may nest in one written value: the reader
/// and the values built from it recurse once per level.
pub const MAX_VALUE_NESTING: usize = 200;

/// How deeply rulesets may be written in one another's parameters
/// (`join[join[nim, kayles], dawson]` is two deep): the reader recurses
/// once per level.
pub const MAX_RULESET_NESTING: usize = 8;

/// The most decimal digits of a numerator or denominator in a game value:
/// numbers have no range, but the text of one has this limit.
pub const MAX_VALUE_DIGITS: usize = 4000;

/// Reads a ruleset name with optional parameters and nothing else, as given
/// to `sprague table`: `kayles`, `subtraction[1..3]`.
///
/// # Errors
///
/// A [`ParseError`] for anything but a name and optional parameters.
pub fn parse_ruleset(text: &str) -> Result<RulesetSyntax, ParseError> {
    let mut p = Parser::new(text);
    p.skip_space();
    let ruleset = p.ruleset()?;
    p.skip_space();
    if p.peek().is_some() {
        return Err(p.unexpected("the end of the ruleset (a family takes no arguments here)"));
    }
    Ok(ruleset)
}

/// Where the `]` that closes the `[` at byte `open` is, counting square
/// brackets and skipping string literals; `None` if it is not closed.
fn closing_bracket(text: &str, open: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let (mut depth, mut i, mut quoted) = (0usize, open, false);
    while let Some(&b) = bytes.get(i) {
        match b {
            b'\\' if quoted => i += 1,
            b'"' => quoted = !quoted,
            b'[' if !quoted => depth += 1,
            b']' if !quoted => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// Whether a game read by the loopy reader is beyond the short-game
/// reader: a loopy word, `pass` or a labelled form `a{..}` somewhere
/// (`Tiny(1)` is short; `Tiny(on)` is not). A name alone (`{0|a}`'s `a`)
/// refers to no labelled form: the loopy reader cannot resolve it, and the
/// text is the short reader's (a ruleset's name, or its mistake).
fn needs_loopy(expr: &sprague_loopy::loopy::LoopyExpr) -> bool {
    use sprague_loopy::loopy::LoopyExpr as E;
    match expr {
        E::Form { label, left, right } => {
            label.is_some() || left.iter().chain(right).any(needs_loopy)
        }
        E::Pass | E::Word(_) | E::OverUnder(..) | E::Upon { .. } | E::Sided(..) | E::Call(..) => {
            true
        }
        E::Short { .. } | E::UpPower { .. } | E::Label(..) => false,
        E::Tiny(_, g, _) | E::Neg(g) | E::Switch(g) => needs_loopy(g),
        E::Sum(es) | E::Ordinal(es) | E::MultipleSwitch(es) => es.iter().any(needs_loopy),
    }
}

/// The term after a `-` of the sum at the top, negated: a value, or a
/// loopy game or sided value in the loopy notation.
fn negated(term: TermSyntax, minus: usize) -> Result<TermSyntax, ParseError> {
    let span = minus..term.span().end;
    let inner = match term {
        TermSyntax::Value(v) => v,
        TermSyntax::Ruleset(c) => ValueSyntax {
            span: c.span.clone(),
            expr: ValueExpr::Component(c),
        },
        TermSyntax::Misere(m) => {
            return Err(ParseError::new(
                ParseErrorKind::BadValue {
                    reason: "a game in misère notation is not negated or subtracted (its \
                             normal-play value is a nimber: write it as one)"
                        .to_string(),
                },
                m.span,
            ));
        }
        TermSyntax::Loopy(l) => {
            // -(G & H) = -H & -G.
            use sprague_loopy::loopy::{LoopyExpr, LoopySyntax};
            let neg = |e: LoopyExpr| LoopyExpr::Neg(Box::new(e));
            let syntax = match l.offside {
                None => LoopySyntax {
                    onside: neg(l.onside),
                    offside: None,
                    span,
                },
                Some(off) => LoopySyntax {
                    onside: neg(off),
                    offside: Some(neg(l.onside)),
                    span,
                },
            };
            return Ok(TermSyntax::Loopy(syntax));
        }
    };
    Ok(TermSyntax::Value(ValueSyntax {
        expr: ValueExpr::Neg(Box::new(inner)),
        span,
    }))
}

/// The number read after a `-`, without its sign: the base of `-2^2`.
fn positive_atom(expr: ValueExpr) -> ValueExpr {
    match expr {
        ValueExpr::Atom {
            negative: true,
            numerator,
            denominator,
            ups,
            star,
        } => ValueExpr::Atom {
            negative: false,
            numerator,
            denominator,
            ups,
            star,
        },
        other => other,
    }
}

struct Parser<'a> {
    text: &'a str,
    pos: usize,
    /// Values being read inside one another.
    nesting: usize,
    /// Rulesets being read in one another's parameters.
    ruleset_nesting: usize,
}

/// The game written by `items` (the inside of braces, or one side of a
/// longer bar): split at the one longest run of bars; a side with shorter
/// runs is one game, a side without is a list of options.
fn split_form(mut items: Vec<FormItem>, span: Range<usize>) -> Result<ValueSyntax, ParseError> {
    let longest = items
        .iter()
        .filter_map(|item| match item {
            FormItem::Bars(n, _) => Some(*n),
            _ => None,
        })
        .max()
        .ok_or_else(|| {
            ParseError::new(
                ParseErrorKind::Unexpected {
                    found: "}".to_string(),
                    expected: "`|` between Left's and Right's options",
                },
                span.end.saturating_sub(1)..span.end,
            )
        })?;
    let mut at_longest = items
        .iter()
        .enumerate()
        .filter(|(_, item)| matches!(item, FormItem::Bars(n, _) if *n == longest));
    let (split, _) = at_longest.next().expect("the longest run is there");
    if let Some((_, FormItem::Bars(_, second))) = at_longest.next() {
        return Err(ParseError::new(
            ParseErrorKind::Unexpected {
                found: "|".repeat(longest),
                expected: "one longest run of bars (write nested games in braces)",
            },
            second.clone(),
        ));
    }
    let right = items.split_off(split + 1);
    items.pop();
    Ok(ValueSyntax {
        expr: ValueExpr::Form {
            left: form_side(items, span.clone())?,
            right: form_side(right, span.clone())?,
        },
        span,
    })
}

/// One side of a form: a game if it holds bars, else options between commas.
fn form_side(items: Vec<FormItem>, outer: Range<usize>) -> Result<Vec<ValueSyntax>, ParseError> {
    let item_span = |item: &FormItem| match item {
        FormItem::Value(v) => v.span.clone(),
        FormItem::Comma(s) | FormItem::Bars(_, s) => s.clone(),
    };
    if items.iter().any(|item| matches!(item, FormItem::Bars(..))) {
        let span = item_span(&items[0]).start..item_span(&items[items.len() - 1]).end;
        return Ok(vec![split_form(items, span)?]);
    }
    let mut options = Vec::new();
    let mut expect_value = true;
    for item in items {
        match (item, expect_value) {
            (FormItem::Value(v), true) => {
                options.push(v);
                expect_value = false;
            }
            (FormItem::Comma(_), false) => expect_value = true,
            (item, _) => {
                return Err(ParseError::new(
                    ParseErrorKind::Unexpected {
                        found: match item {
                            FormItem::Comma(_) => ",".to_string(),
                            _ => "an option".to_string(),
                        },
                        expected: "options separated by single commas",
                    },
                    item_span(&item),
                ));
            }
        }
    }
    if expect_value && !options.is_empty() {
        return Err(ParseError::new(
            ParseErrorKind::Unexpected {
                found: ",".to_string(),
                expected: "an option after the comma",
            },
            outer,
        ));
    }
    Ok(options)
}

impl<'a> Parser<'a> {
    fn new(text: &'a str) -> Self {
        Parser {
            text,
            pos: 0,
            nesting: 0,
            ruleset_nesting: 0,
        }
    }

    fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    fn peek_second(&self) -> Option<char> {
        let mut it = self.text[self.pos..].chars();
        it.next();
        it.next()
    }

    /// The run of letters, digits and underscores from `start`: the word a
    /// hint quotes.
    fn word_at(&self, start: usize) -> &str {
        let rest = &self.text[start..];
        let end = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        &rest[..end]
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        Some(c)
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.bump();
        }
    }

    /// An error about the character at the cursor (or the end of input).
    fn unexpected(&self, expected: &'static str) -> ParseError {
        match self.peek() {
            None => ParseError::new(
                ParseErrorKind::UnexpectedEnd { expected },
                self.pos..self.pos,
            ),
            Some(c) => ParseError::new(
                ParseErrorKind::Unexpected {
                    found: c.to_string(),
                    expected,
                },
                self.pos..self.pos + c.len_utf8(),
            ),
        }
    }

    fn expect(&mut self, c: char, expected: &'static str) -> Result<(), ParseError> {
        self.skip_space();
        if self.peek() == Some(c) {
            self.bump();
            Ok(())
        } else {
            Err(self.unexpected(expected))
        }
    }

    /// `item ( ',' item )* ')'`, the rest of an argument list after its
    /// `(`: the items, read by `item`.
    fn list_after_paren<T>(
        &mut self,
        mut item: impl FnMut(&mut Self) -> Result<T, ParseError>,
    ) -> Result<Vec<T>, ParseError> {
        let mut items = Vec::new();
        loop {
            items.push(item(self)?);
            self.skip_space();
            match self.peek() {
                Some(',') => {
                    self.bump();
                }
                Some(')') => {
                    self.bump();
                    return Ok(items);
                }
                _ => return Err(self.unexpected("`,` or `)`")),
            }
        }
    }

    fn component(&mut self) -> Result<TermSyntax, ParseError> {
        self.skip_space();
        if self.peek() == Some('*') && self.peek_second() == Some('[') {
            return self.misere();
        }
        if let Some(loopy) = self.loopy()? {
            return Ok(loopy);
        }
        self.short_component()
    }

    /// A term that is not loopy: a ruleset's component, a nimber or a short
    /// game value.
    fn short_component(&mut self) -> Result<TermSyntax, ParseError> {
        let start = self.pos;
        if self.peek() == Some('*') && self.peek_second() != Some('(') {
            self.bump();
            self.skip_space();
            let (n, n_span) = if self.peek().is_some_and(|c| c.is_ascii_digit()) {
                self.integer("the size of the nimber after `*`")?
            } else {
                (1, self.pos..self.pos)
            };
            let nimber = ComponentSyntax {
                ruleset: RulesetSyntax {
                    name: "nim".to_string(),
                    name_span: start..start + 1,
                    params: Vec::new(),
                    params_span: None,
                    bar: None,
                },
                args: vec![Spanned {
                    value: Arg::Int(n),
                    span: n_span.clone(),
                }],
                args_span: n_span,
                is_star: true,
                span: start..self.pos,
            };
            return self.maybe_ordinal(nimber);
        }
        if self.at_value() {
            let value = self.same_level(Self::ordinal)?;
            return Ok(TermSyntax::Value(value));
        }
        let component = self.ruleset_component(start)?;
        self.maybe_ordinal(component)
    }

    /// The component alone, or the ordinal sum it is the base of.
    fn maybe_ordinal(&mut self, component: ComponentSyntax) -> Result<TermSyntax, ParseError> {
        let end = self.pos;
        self.skip_space();
        if self.peek() != Some(':') {
            self.pos = end;
            return Ok(TermSyntax::Ruleset(component));
        }
        let base = ValueSyntax {
            span: component.span.clone(),
            expr: ValueExpr::Component(component),
        };
        Ok(TermSyntax::Value(self.ordinal_from(base)?))
    }

    /// A ruleset applied to its arguments, from the name on.
    fn ruleset_component(&mut self, start: usize) -> Result<ComponentSyntax, ParseError> {
        let ruleset = self.ruleset()?;
        self.skip_space();
        let args_start = self.pos;
        self.expect('(', "`(` and the arguments").map_err(|e| {
            // `kayles[10]`: heaps written where parameters go.
            match &ruleset.params_span {
                Some(params) => e.with_hint(format!(
                    "a ruleset's heaps go in parentheses after it, its parameters in square \
                     brackets: `{}({})` or `{}(...)`",
                    ruleset.name,
                    &self.text[params.start + 1..params.end - 1],
                    &self.text[ruleset.name_span.start..params.end],
                )),
                None => e,
            }
        })?;
        self.skip_space();
        let args = if self.peek() == Some(')') {
            self.bump();
            Vec::new()
        } else {
            self.list_after_paren(Self::arg)?
        };
        Ok(ComponentSyntax {
            ruleset,
            args,
            args_span: args_start..self.pos,
            is_star: false,
            span: start..self.pos,
        })
    }

    /// `*[...]`: a game in CGSuite's misère notation, read by the theory's
    /// reader up to its closing bracket.
    fn misere(&mut self) -> Result<TermSyntax, ParseError> {
        let start = self.pos;
        let (syntax, len) = sprague_misere::misere::parse_misere_term(&self.text[start..], start)
            .map_err(|e| {
            ParseError::new(
                ParseErrorKind::BadValue {
                    reason: e.message.clone(),
                },
                e.span.clone(),
            )
        })?;
        self.pos = start + len;
        Ok(TermSyntax::Misere(syntax))
    }

    /// A game in CGSuite's loopy notation (`on`, `{0|pass}`, `a{0|a}`,
    /// `G & H`, `(G & H)`), read by the theory's reader. The reader answers
    /// "not mine" (`None`, the cursor left where it was) when what it read
    /// is not loopy (no loopy word, `pass`, labelled form or `&`: a short
    /// game, a ruleset's name, a name no label resolves), so that the short
    /// reader reads such text exactly as it always has. When neither reader
    /// accepts the term, the error of the one that read further is given.
    fn loopy(&mut self) -> Result<Option<TermSyntax>, ParseError> {
        let start = self.pos;
        if let Some(sided) = self.parenthesised_sided_value() {
            return Ok(Some(sided));
        }
        if !self
            .peek()
            // `*` too: a sided value's onside may be a nimber (`* & -1`);
            // `(` for a side in parentheses (`(2+^3) & over`).
            .is_some_and(|c| {
                matches!(c, '{' | '^' | '-' | '+' | '±' | '*' | '(') || c.is_ascii_alphanumeric()
            })
        {
            return Ok(None);
        }
        match sprague_loopy::loopy::parse_loopy_term(&self.text[start..], start, true) {
            Ok((syntax, len)) if syntax.offside.is_some() || needs_loopy(&syntax.onside) => {
                let end = start + len;
                // A ruleset's name (`kayles(3)`, `graph["g.txt"]`) reads as
                // a label, and an ordinal sum goes on after the term: a
                // loopy term ends the sum or is followed by `+` or `-`.
                let rest = self.text[end..].trim_start();
                if !(rest.is_empty() || rest.starts_with('+') || rest.starts_with('-'))
                    || matches!(syntax.onside, sprague_loopy::loopy::LoopyExpr::Label(..))
                {
                    return Ok(None);
                }
                self.pos = end;
                Ok(Some(TermSyntax::Loopy(syntax)))
            }
            Ok(_) => Ok(None),
            // A loopy value whose numbers would size a graph too large.
            Err(e) if matches!(e.kind, ParseErrorKind::TooLarge { .. }) => Err(e),
            Err(loopy_error) => {
                let mut short = Parser {
                    text: self.text,
                    pos: start,
                    nesting: self.nesting,
                    ruleset_nesting: self.ruleset_nesting,
                };
                match short.short_component() {
                    Err(short_error) if short_error.span.start < loopy_error.span.start => {
                        Err(loopy_error)
                    }
                    _ => Ok(None),
                }
            }
        }
    }

    /// `( G & H )`: a sided value in parentheses, so that a sum after it
    /// reads as a sum with it (`(on & 0) + 1`); `None`, the cursor left
    /// where it was, for anything else.
    fn parenthesised_sided_value(&mut self) -> Option<TermSyntax> {
        let start = self.pos;
        if self.peek() != Some('(') {
            return None;
        }
        let inner = start + 1;
        let (mut syntax, len) =
            sprague_loopy::loopy::parse_loopy_term(&self.text[inner..], inner, false).ok()?;
        syntax.offside.as_ref()?;
        let after = &self.text[inner + len..];
        let close = inner + len + (after.len() - after.trim_start().len());
        if !self.text[close..].starts_with(')') {
            return None;
        }
        let end = close + 1;
        let rest = self.text[end..].trim_start();
        if !(rest.is_empty() || rest.starts_with('+') || rest.starts_with('-')) {
            return None;
        }
        syntax.span = start..end;
        self.pos = end;
        Some(TermSyntax::Loopy(syntax))
    }

    /// Whether the cursor is at a game value rather than a ruleset's name:
    /// a digit, a sign, a brace or an arrow (`v` not followed by more of a
    /// name).
    fn at_value(&self) -> bool {
        match self.peek() {
            Some(c) if c.is_ascii_digit() => true,
            Some('-' | '±' | '{' | '^' | '(') => true,
            Some('+') => self.peek_second() == Some('-'),
            // `*(3+2)`, the nimber of an integer expression.
            Some('*') => self.peek_second() == Some('('),
            // Downs: `v`, `vv`, `v3`, `v*`, `v<2>`, `v[2]`, not a name such as
            // `viper(...)`.
            Some('v') => {
                let word = self.word_at(self.pos);
                let downs = word.bytes().all(|b| b == b'v')
                    || word[1..].bytes().all(|b| b.is_ascii_digit());
                downs && !self.text[self.pos + word.len()..].starts_with('(')
            }
            Some(c) if c.is_ascii_alphabetic() => self.at_call(),
            _ => false,
        }
    }

    /// Whether the cursor is at an operation of the algebra and its `(`.
    fn at_call(&self) -> bool {
        let word = self.word_at(self.pos);
        AlgebraOp::from_name(word).is_some()
            && self.text[self.pos + word.len()..]
                .trim_start()
                .starts_with('(')
    }

    /// The error for a value nested past [`MAX_VALUE_NESTING`] levels, at
    /// the cursor.
    fn too_deep(&self) -> ParseError {
        let at = self.pos;
        let end = self.text[at..]
            .chars()
            .next()
            .map_or(at, |c| at + c.len_utf8());
        ParseError::new(
            ParseErrorKind::TooLarge {
                what: "the nesting of a game value (braces, parentheses, signs, copies and \
                       the terms of an ordinal sum)"
                    .to_string(),
                max: MAX_VALUE_NESTING as u64,
            },
            at..end,
        )
    }

    /// `f` at the same level of nesting: the parts of a sum and of an
    /// ordinal sum are read by a fixed number of calls for each level.
    fn same_level(
        &mut self,
        f: fn(&mut Self) -> Result<ValueSyntax, ParseError>,
    ) -> Result<ValueSyntax, ParseError> {
        self.skip_space();
        f(self)
    }

    /// `f` one level of nesting further in (braces, parentheses, a sign,
    /// copies), inside the guard on nesting.
    fn value_with(
        &mut self,
        f: fn(&mut Self) -> Result<ValueSyntax, ParseError>,
    ) -> Result<ValueSyntax, ParseError> {
        self.skip_space();
        if self.nesting >= MAX_VALUE_NESTING {
            return Err(self.too_deep());
        }
        self.nesting += 1;
        let value = f(self);
        self.nesting -= 1;
        value
    }

    /// `ordinal ( ('+' | '-') ordinal )*`, one value (a sum of two terms
    /// or more is a [`ValueExpr::Sum`]).
    fn sum(&mut self) -> Result<ValueSyntax, ParseError> {
        let start = self.pos;
        let mut terms = vec![self.same_level(Self::ordinal)?];
        loop {
            self.skip_space();
            match self.peek() {
                Some('+') => {
                    if self.peek_second() != Some('-') {
                        self.bump();
                    }
                    terms.push(self.same_level(Self::ordinal)?);
                }
                Some('-') => {
                    let minus = self.pos;
                    self.bump();
                    let term = self.same_level(Self::ordinal)?;
                    terms.push(ValueSyntax {
                        span: minus..term.span.end,
                        expr: ValueExpr::Neg(Box::new(term)),
                    });
                }
                _ => break,
            }
        }
        if terms.len() == 1 {
            return Ok(terms.pop().expect("one term"));
        }
        Ok(ValueSyntax {
            expr: ValueExpr::Sum(terms),
            span: start..self.pos,
        })
    }

    /// `operand ( ':' operand )*`, from the left.
    fn ordinal(&mut self) -> Result<ValueSyntax, ParseError> {
        let base = self.same_level(Self::product)?;
        self.ordinal_from(base)
    }

    /// `power ( ( '*' | '/' | '%' ) power )*`, from the left, as CGSuite's
    /// `multiplyExpr`: a `*` between two operands is a product (`13*5` is
    /// 65), one that no operand follows is a nimber's (`3*` is `3 + *`).
    /// A chain counts a level of nesting for each operator, as an
    /// ordinal-sum chain does.
    fn product(&mut self) -> Result<ValueSyntax, ParseError> {
        let mut lhs = self.same_level(Self::power)?;
        let mut links = 0;
        loop {
            let before = self.pos;
            self.skip_space();
            let op = match self.peek() {
                Some('*') if self.operand_after(1) => ArithOp::Times,
                Some('/') => ArithOp::Divide,
                Some('%') => ArithOp::Modulo,
                _ => {
                    self.pos = before;
                    return Ok(lhs);
                }
            };
            links += 1;
            if self.nesting + links > MAX_VALUE_NESTING {
                return Err(self.too_deep());
            }
            self.bump();
            let rhs = self.same_level(Self::power)?;
            lhs = ValueSyntax {
                span: lhs.span.start..rhs.span.end,
                expr: ValueExpr::Arith {
                    op,
                    lhs: Box::new(lhs),
                    rhs: Box::new(rhs),
                },
            };
        }
    }

    /// `operand [ '^' power ]`: CGSuite's exponent, from the right (`3^2^2`
    /// is `3^4`), where a digit or `(` follows the `^`; any other `^` is
    /// an up, read by the atom.
    fn power(&mut self) -> Result<ValueSyntax, ParseError> {
        let base = self.same_level(Self::operand)?;
        self.power_from(base)
    }

    fn power_from(&mut self, base: ValueSyntax) -> Result<ValueSyntax, ParseError> {
        let before = self.pos;
        self.skip_space();
        if !self.at_exponent() {
            self.pos = before;
            return Ok(base);
        }
        self.bump();
        let exponent = self.value_with(Self::power)?;
        Ok(ValueSyntax {
            span: base.span.start..exponent.span.end,
            expr: ValueExpr::Arith {
                op: ArithOp::Power,
                lhs: Box::new(base),
                rhs: Box::new(exponent),
            },
        })
    }

    /// Whether the cursor is at the `^` of an exponent: a digit or `(`
    /// after it (spaces between allowed).
    fn at_exponent(&self) -> bool {
        self.peek() == Some('^')
            && self.text[self.pos + 1..]
                .trim_start()
                .starts_with(|c: char| c.is_ascii_digit() || c == '(')
    }

    /// Whether an operand starts `skip` bytes on, spaces skipped: a digit,
    /// `(`, `{`, `^`, `*`, `±` or a letter (a down, a call or a ruleset).
    fn operand_after(&self, skip: usize) -> bool {
        self.text[self.pos + skip..]
            .trim_start()
            .starts_with(|c: char| {
                c.is_ascii_alphanumeric() || matches!(c, '(' | '{' | '^' | '*' | '±')
            })
    }

    fn ordinal_from(&mut self, mut base: ValueSyntax) -> Result<ValueSyntax, ParseError> {
        // A chain `a : b : c` nests to the left, a level for each `:`.
        let mut links = 0;
        loop {
            self.skip_space();
            if self.peek() != Some(':') {
                return Ok(base);
            }
            links += 1;
            if self.nesting + links > MAX_VALUE_NESTING {
                return Err(self.too_deep());
            }
            self.bump();
            let next = self.same_level(Self::product)?;
            base = ValueSyntax {
                span: base.span.start..next.span.end,
                expr: ValueExpr::Ordinal(Box::new(base), Box::new(next)),
            };
        }
    }

    /// One operand of the algebra: copies, a negative, a parenthesised sum,
    /// a call, a value or a ruleset's component.
    fn operand(&mut self) -> Result<ValueSyntax, ParseError> {
        let start = self.pos;
        if let Some(n_end) = self.copies_ahead() {
            debug_assert!(n_end > start);
            let n = self.value_digits("the number of copies")?;
            self.skip_space();
            self.bump(); // the `*`
            let g = self.value_with(Self::operand)?;
            return Ok(ValueSyntax {
                span: start..g.span.end,
                expr: ValueExpr::Copies(n, Box::new(g)),
            });
        }
        match self.peek() {
            Some('(') => {
                self.bump();
                let inner = self.value()?;
                self.expect(')', "`)`")?;
                Ok(ValueSyntax {
                    expr: inner.expr,
                    span: start..self.pos,
                })
            }
            Some(c) if c.is_ascii_alphabetic() && self.at_call() => self.call(),
            Some(c) if c.is_ascii_lowercase() && !self.at_value() => {
                let component = self.ruleset_component(start)?;
                Ok(ValueSyntax {
                    span: component.span.clone(),
                    expr: ValueExpr::Component(component),
                })
            }
            _ => self.value_inner(),
        }
    }

    /// If the cursor is at `DIGITS '*'` followed by a game (`{`, `(`, `^`,
    /// `-` or a letter) rather than a nimber, where the digits end.
    fn copies_ahead(&self) -> Option<usize> {
        let rest = &self.text[self.pos..];
        let n_digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        if n_digits == 0 {
            return None;
        }
        let after = rest[n_digits..].trim_start();
        let after_star = after.strip_prefix('*')?.trim_start();
        after_star
            .chars()
            .next()
            .is_some_and(|c| matches!(c, '{' | '(' | '^') || c.is_ascii_alphabetic())
            .then_some(self.pos + n_digits)
    }

    /// `OP '(' sum ( ',' sum )* ')'`.
    fn call(&mut self) -> Result<ValueSyntax, ParseError> {
        let start = self.pos;
        let word = self.word_at(start);
        let op = AlgebraOp::from_name(word).expect("at a call");
        self.pos += word.len();
        self.expect('(', "`(` and the arguments")?;
        let args = self.list_after_paren(Self::sum)?;
        if args.len() != op.arity() {
            return Err(ParseError::new(
                ParseErrorKind::BadValue {
                    reason: format!(
                        "`{}` takes {} argument{}, not {}",
                        op.name(),
                        op.arity(),
                        if op.arity() == 1 { "" } else { "s" },
                        args.len()
                    ),
                },
                start..self.pos,
            ));
        }
        Ok(ValueSyntax {
            expr: ValueExpr::Call { op, args },
            span: start..self.pos,
        })
    }

    fn value(&mut self) -> Result<ValueSyntax, ParseError> {
        self.value_with(Self::sum)
    }

    fn value_inner(&mut self) -> Result<ValueSyntax, ParseError> {
        let start = self.pos;
        let expr = match self.peek() {
            Some('-')
                if self.peek_second().is_some_and(|c| c.is_ascii_digit())
                    && self.copies_ahead_after(1).is_none() =>
            {
                self.bump();
                let number = self.atom(true)?;
                if self.at_exponent() {
                    // `-2^2` is `-(2^2)`, as CGSuite reads it: the power
                    // binds tighter than the sign.
                    let base = ValueSyntax {
                        expr: positive_atom(number),
                        span: start + 1..self.pos,
                    };
                    let power = self.power_from(base)?;
                    ValueExpr::Neg(Box::new(power))
                } else {
                    number
                }
            }
            Some('-') => {
                self.bump();
                ValueExpr::Neg(Box::new(self.value_with(Self::operand)?))
            }
            Some('±') => {
                self.bump();
                self.switch()?
            }
            Some('+') if self.peek_second() == Some('-') => {
                self.pos += 2;
                self.switch()?
            }
            Some('{') => return self.form(),
            _ => self.atom(false)?,
        };
        Ok(ValueSyntax {
            expr,
            span: start..self.pos,
        })
    }

    /// What follows `±` or `+-`: braces holding options split by commas
    /// and no bar are CGSuite's multiple switch (its `+-` of a set),
    /// `+-{a,b}` = `{a,b | -a,-b}`; anything else is the switch `{G | -G}`
    /// of the operand `G` (`+-{3|2}`, `+-1`).
    fn switch(&mut self) -> Result<ValueExpr, ParseError> {
        self.skip_space();
        // Braces with a bar of their own are a form, read as an operand:
        // looked for before reading them, since reading them twice at
        // every level of `±{±{...|...}}` would take time exponential in
        // the nesting.
        if self.peek() == Some('{') && !braces_have_a_bar(&self.text[self.pos..]) {
            let open = self.pos;
            self.bump();
            let mut options = Vec::new();
            loop {
                self.skip_space();
                match self.peek() {
                    Some('}') if options.is_empty() => {
                        self.bump();
                        break;
                    }
                    // A bar: the braces are a form, read as an operand.
                    Some('|') => {
                        self.pos = open;
                        options.clear();
                        break;
                    }
                    _ => {}
                }
                options.push(self.value()?);
                self.skip_space();
                match self.peek() {
                    Some(',') => {
                        self.bump();
                    }
                    Some('}') => {
                        self.bump();
                        break;
                    }
                    // Braces with no bar of their own are no form either,
                    // so reading them again as an operand could only fail
                    // here too: say so at once. Reading them again would
                    // double the work at every level of nested switches.
                    _ => return Err(self.unexpected("`,` or `}` in a multiple switch")),
                }
            }
            if self.pos != open {
                return Ok(ValueExpr::MultipleSwitch(options));
            }
        }
        Ok(ValueExpr::Switch(Box::new(self.value_with(Self::operand)?)))
    }

    /// Whether `copies_ahead` holds `skip` bytes on.
    fn copies_ahead_after(&self, skip: usize) -> Option<usize> {
        let mut p = Parser::new(self.text);
        p.pos = self.pos + skip;
        p.copies_ahead()
    }

    fn atom(&mut self, negative: bool) -> Result<ValueExpr, ParseError> {
        const EXPECTED: &str = "a game value (a number, `*`, `^`, `v`, `±` or `{`)";
        let start = self.pos;
        let (mut numerator, mut denominator) = (BigUint::ZERO, BigUint::from(1u32));
        if self.peek().is_some_and(|c| c.is_ascii_digit()) {
            numerator = self.value_number(EXPECTED)?;
            if self.peek() == Some('/') && self.peek_second().is_some_and(|c| c.is_ascii_digit()) {
                let slash = self.pos;
                self.bump();
                let d = self.value_number("the denominator after `/`")?;
                if self.at_exponent() {
                    // `1/2^3` is 1/(2^3), as CGSuite reads it: the
                    // division is left to the product.
                    self.pos = slash;
                } else {
                    denominator = d;
                }
            }
        }
        let number_end = self.pos;
        if number_end > start
            && (self.at_exponent()
                || self.peek() == Some('/')
                || (self.peek() == Some('*') && self.operand_after(1)))
        {
            // A number followed by an operator: `2^100`, `13*5`, `1/(3)`.
            return Ok(ValueExpr::Atom {
                negative,
                numerator,
                denominator,
                ups: 0,
                star: 0,
            });
        }
        if number_end > start && matches!(self.word_at(self.pos), "Tiny" | "Miny") && self.at_call()
        {
            // CGSuite's `9Tiny(2)`: the number plus the call.
            let number = ValueSyntax {
                expr: ValueExpr::Atom {
                    negative,
                    numerator,
                    denominator,
                    ups: 0,
                    star: 0,
                },
                span: start..number_end,
            };
            let call = self.call()?;
            return Ok(ValueExpr::Sum(vec![number, call]));
        }
        let mut ups: i64 = 0;
        let mut power = None;
        if let Some(arrow @ ('^' | 'v')) = self.peek() {
            let arrow_start = self.pos;
            self.bump();
            if let Some(open @ ('<' | '[')) = self.peek() {
                self.bump();
                let n = self.value_digits("the power after `<` or `[`")?;
                let close = if open == '<' { '>' } else { ']' };
                if self.peek() != Some(close) {
                    return Err(self.unexpected(if open == '<' { "`>`" } else { "`]`" }));
                }
                self.bump();
                power = Some(ValueSyntax {
                    expr: ValueExpr::Power {
                        down: arrow == 'v',
                        sum: open == '[',
                        n,
                    },
                    span: arrow_start..self.pos,
                });
            } else {
                let count = if self.peek().is_some_and(|c| c.is_ascii_digit()) {
                    self.value_digits("the number of ups")?
                } else {
                    let mut n = 1;
                    while self.peek() == Some(arrow) {
                        self.bump();
                        n += 1;
                    }
                    n
                };
                let count = i64::try_from(count).map_err(|_| {
                    ParseError::new(
                        ParseErrorKind::NumberTooLarge {
                            max: i64::MAX as u64,
                        },
                        arrow_start..self.pos,
                    )
                })?;
                ups = if arrow == '^' { count } else { -count };
            }
        }
        let mut star = 0;
        if self.peek() == Some('*') && self.pos == start && self.peek_second() == Some('(') {
            self.pos += 2;
            let inner = self.value()?;
            self.expect(')', "`)`")?;
            return Ok(ValueExpr::NimberOf(Box::new(inner)));
        }
        if self.peek() == Some('*') {
            self.bump();
            star = if self.peek().is_some_and(|c| c.is_ascii_digit()) {
                self.value_digits("the nimber after `*`")?
            } else {
                1
            };
        }
        if self.pos == start {
            return Err(self.unexpected(EXPECTED));
        }
        if self.peek().is_some_and(|c| c.is_ascii_alphanumeric()) {
            return Err(self.unexpected("`+`, `,`, `|`, `}` or the end of the value"));
        }
        let atom = ValueExpr::Atom {
            negative,
            numerator,
            denominator,
            ups,
            star,
        };
        Ok(match power {
            None => atom,
            Some(power) => ValueExpr::Sum(vec![
                ValueSyntax {
                    expr: atom,
                    span: start..self.pos,
                },
                power,
            ]),
        })
    }

    /// A run of at most [`MAX_VALUE_DIGITS`] decimal digits, of any size
    /// (a power `2^3` is the product's, read by [`Parser::power`]).
    fn value_number(&mut self, expected: &'static str) -> Result<BigUint, ParseError> {
        let start = self.pos;
        if !self.peek().is_some_and(|c| c.is_ascii_digit()) {
            return Err(self.unexpected(expected));
        }
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.bump();
        }
        let digits = &self.text[start..self.pos];
        if digits.len() > MAX_VALUE_DIGITS {
            return Err(ParseError::new(
                ParseErrorKind::BadValue {
                    reason: format!(
                        "a number has {} digits; at most {MAX_VALUE_DIGITS} are read",
                        digits.len()
                    ),
                },
                start..self.pos,
            ));
        }
        BigUint::parse_bytes(digits.as_bytes(), 10).ok_or_else(|| self.unexpected(expected))
    }

    /// A run of decimal digits that fits in a `u64`.
    fn value_digits(&mut self, expected: &'static str) -> Result<u64, ParseError> {
        let start = self.pos;
        if !self.peek().is_some_and(|c| c.is_ascii_digit()) {
            return Err(self.unexpected(expected));
        }
        let mut value: u64 = 0;
        let mut overflow = false;
        while let Some(c) = self.peek().filter(char::is_ascii_digit) {
            self.bump();
            let d = u64::from(c as u8 - b'0');
            match value.checked_mul(10).and_then(|v| v.checked_add(d)) {
                Some(v) => value = v,
                None => overflow = true,
            }
        }
        if overflow {
            return Err(ParseError::new(
                ParseErrorKind::NumberTooLarge { max: u64::MAX },
                start..self.pos,
            ));
        }
        Ok(value)
    }

    /// `{ ... }`: options, commas and runs of bars, then split at the
    /// longest run.
    fn form(&mut self) -> Result<ValueSyntax, ParseError> {
        let start = self.pos;
        self.bump(); // the opening brace
        let mut items = Vec::new();
        loop {
            self.skip_space();
            let at = self.pos;
            match self.peek() {
                Some('}') => {
                    self.bump();
                    break;
                }
                Some(',') => {
                    self.bump();
                    items.push(FormItem::Comma(at..self.pos));
                }
                Some('|') => {
                    let mut n = 0;
                    while self.peek() == Some('|') {
                        self.bump();
                        n += 1;
                    }
                    items.push(FormItem::Bars(n, at..self.pos));
                }
                None => return Err(self.unexpected("`}`")),
                Some(_) => items.push(FormItem::Value(self.value()?)),
            }
        }
        split_form(items, start..self.pos)
    }

    fn ruleset(&mut self) -> Result<RulesetSyntax, ParseError> {
        let (name, name_span) = self.name()?;
        self.skip_space();
        let mut params = Vec::new();
        let mut params_span = None;
        let mut bar = None;
        if self.peek() == Some('[') {
            let start = self.pos;
            if let Err(not_params) = self.params(&mut params, &mut bar) {
                // Not parameters: the text of a rule, if the brackets close
                // (rulesets nested past the limit are no rule: that error
                // stands where it was found).
                let nested_too_deep = matches!(not_params.kind, ParseErrorKind::TooLarge { .. });
                let Some(end) = closing_bracket(self.text, start).filter(|_| !nested_too_deep)
                else {
                    return Err(not_params);
                };
                let span = start + 1..end;
                params = vec![Spanned {
                    value: Param::Rule(RuleText {
                        text: self.text[span.clone()].to_string(),
                        not_params: Box::new(not_params),
                    }),
                    span,
                }];
                bar = None;
                self.pos = end + 1;
            }
            params_span = Some(start..self.pos);
        }
        Ok(RulesetSyntax {
            name,
            name_span,
            params,
            params_span,
            bar,
        })
    }

    /// `[ param , ... ]`, with the place of a `|`, from the opening bracket
    /// to after the closing one.
    fn params(
        &mut self,
        params: &mut Vec<Spanned<Param>>,
        bar: &mut Option<usize>,
    ) -> Result<(), ParseError> {
        self.bump(); // the opening bracket
        loop {
            params.push(self.param()?);
            self.skip_space();
            match self.peek() {
                Some(',') => {
                    self.bump();
                }
                Some('|') if bar.is_none() => {
                    *bar = Some(params.len());
                    self.bump();
                }
                Some(']') => {
                    self.bump();
                    return Ok(());
                }
                _ if bar.is_none() => return Err(self.unexpected("`,`, `|` or `]`")),
                _ => return Err(self.unexpected("`,` or `]`")),
            }
        }
    }

    /// A ruleset written as a parameter (`join[nim, kayles]`'s `nim`),
    /// inside the guard on the rulesets' nesting.
    fn ruleset_param(&mut self) -> Result<Spanned<Param>, ParseError> {
        let start = self.pos;
        if self.ruleset_nesting >= MAX_RULESET_NESTING {
            return Err(ParseError::new(
                ParseErrorKind::TooLarge {
                    what: "the nesting of rulesets in one another's parameters".to_string(),
                    max: MAX_RULESET_NESTING as u64,
                },
                start..self.pos + 1,
            ));
        }
        self.ruleset_nesting += 1;
        let ruleset = self.ruleset();
        self.ruleset_nesting -= 1;
        let ruleset = ruleset?;
        // The name and its brackets, without the spaces read after them.
        let end = ruleset
            .params_span
            .as_ref()
            .map_or(ruleset.name_span.end, |span| span.end);
        Ok(Spanned {
            value: Param::Ruleset(Box::new(ruleset)),
            span: start..end,
        })
    }

    fn name(&mut self) -> Result<(String, Range<usize>), ParseError> {
        let start = self.pos;
        match self.peek() {
            Some(c) if c.is_ascii_lowercase() => {}
            Some(c) if c.is_ascii_uppercase() => {
                let word = self.word_at(start);
                return Err(self
                    .unexpected("a ruleset name (lower case) or `*`")
                    .with_hint(format!(
                        "names are lower case: `{}`",
                        word.to_ascii_lowercase()
                    )));
            }
            _ => return Err(self.unexpected("a ruleset name (lower case) or `*`")),
        }
        while self
            .peek()
            .is_some_and(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        {
            self.bump();
        }
        Ok((self.text[start..self.pos].to_string(), start..self.pos))
    }

    fn param(&mut self) -> Result<Spanned<Param>, ParseError> {
        self.skip_space();
        let start = self.pos;
        if self.peek().is_some_and(|c| c.is_ascii_lowercase()) {
            let (name, _) = self.name()?;
            self.skip_space();
            if self.peek() != Some('=') {
                // Not `name=value`: a ruleset, read again from its name.
                self.pos = start;
                return self.ruleset_param();
            }
            self.expect('=', "`=` and a value")?;
            self.skip_space();
            let (value, _) = self.integer("an integer value")?;
            return Ok(Spanned {
                value: Param::Named(name, value),
                span: start..self.pos,
            });
        }
        if self.peek() == Some('"') {
            let s = self.string()?;
            return Ok(Spanned {
                value: Param::Str(s),
                span: start..self.pos,
            });
        }
        if let Some(end) = self.code_end() {
            return Ok(self.code(end));
        }
        let value = match self.int_or_range(
            "a parameter (an integer, a range a..b, a code like 0.137 or name=value)",
        )? {
            (a, None) => Param::Int(a),
            (a, Some(b)) => Param::Range(a, b),
        };
        Ok(Spanned {
            value,
            span: start..self.pos,
        })
    }

    /// If the cursor is at a take-and-break code, where it ends: a word
    /// that starts with a digit or `{` and holds one point (not a range's
    /// `..`), in CGSuite's full syntax (`0.137`, `4!.0`, `0.[3]`,
    /// `{2+}=.0`: digits and letters, the marks `! ? = * + & ;`, braces
    /// with commas, and balanced square brackets).
    fn code_end(&self) -> Option<usize> {
        let rest = &self.text.as_bytes()[self.pos..];
        if !rest
            .first()
            .is_some_and(|b| b.is_ascii_digit() || *b == b'{')
        {
            return None;
        }
        let (mut i, mut square, mut brace, mut point) = (0, 0usize, 0usize, false);
        while let Some(&b) = rest.get(i) {
            match b {
                b'.' if rest.get(i + 1) == Some(&b'.') => return None,
                b'.' => point = true,
                b'[' => square += 1,
                b']' if square > 0 => square -= 1,
                b'{' => brace += 1,
                b'}' if brace > 0 => brace -= 1,
                b',' if brace > 0 => {}
                b'!' | b'?' | b'=' | b'*' | b'+' | b'&' | b';' => {}
                b if b.is_ascii_alphanumeric() => {}
                _ => break,
            }
            i += 1;
        }
        (point && square == 0 && brace == 0).then_some(self.pos + i)
    }

    fn code(&mut self, end: usize) -> Spanned<Param> {
        let start = self.pos;
        self.pos = end;
        Spanned {
            value: Param::Code(self.text[start..self.pos].to_ascii_lowercase()),
            span: start..self.pos,
        }
    }

    fn arg(&mut self) -> Result<Spanned<Arg>, ParseError> {
        self.skip_space();
        let start = self.pos;
        if self.peek() == Some('"') {
            let s = self.string()?;
            return Ok(Spanned {
                value: Arg::Str(s),
                span: start..self.pos,
            });
        }
        if self.peek().is_some_and(|c| c.is_ascii_alphabetic()) {
            let word = self.word_at(start);
            return Err(self
                .unexpected("an argument (an integer, a range a..b or a \"string\")")
                .with_hint(format!(
                    "a string is written in double quotes: `\"{word}\"`"
                )));
        }
        let value =
            match self.int_or_range("an argument (an integer, a range a..b or a \"string\")")? {
                (a, None) => Arg::Int(a),
                (a, Some(b)) => Arg::Range(a, b),
            };
        Ok(Spanned {
            value,
            span: start..self.pos,
        })
    }

    fn int_or_range(&mut self, expected: &'static str) -> Result<(u64, Option<u64>), ParseError> {
        let (a, _) = self.integer(expected)?;
        self.skip_space();
        if self.text[self.pos..].starts_with("..") {
            self.pos += 2;
            self.skip_space();
            let (b, _) = self.integer("the end of the range")?;
            return Ok((a, Some(b)));
        }
        Ok((a, None))
    }

    fn string(&mut self) -> Result<String, ParseError> {
        let start = self.pos;
        self.bump(); // the opening quote
        let mut s = String::new();
        loop {
            match self.bump() {
                None => {
                    return Err(ParseError::new(
                        ParseErrorKind::UnterminatedString,
                        start..self.pos,
                    ));
                }
                Some('"') => return Ok(s),
                Some('\\') => match self.bump() {
                    Some(c @ ('"' | '\\')) => s.push(c),
                    Some(c) => {
                        s.push('\\');
                        s.push(c);
                    }
                    None => {
                        return Err(ParseError::new(
                            ParseErrorKind::UnterminatedString,
                            start..self.pos,
                        ));
                    }
                },
                Some(c) => s.push(c),
            }
        }
    }

    /// A decimal integer, or a power `a^b`, that fits in a `u64`.
    fn integer(&mut self, expected: &'static str) -> Result<(u64, Range<usize>), ParseError> {
        let start = self.pos;
        if self.peek() == Some('-') {
            let minus = self.pos;
            self.bump();
            while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                self.bump();
            }
            return Err(ParseError::new(
                ParseErrorKind::NegativeNumber,
                minus..self.pos,
            ));
        }
        let base = self.digits(expected)?;
        let digits_end = self.pos;
        self.skip_space();
        let value = if self.peek() == Some('^') {
            self.bump();
            self.skip_space();
            let exponent = self.digits("an exponent after `^`")?;
            let too_large = || {
                ParseError::new(
                    ParseErrorKind::NumberTooLarge { max: u64::MAX },
                    start..self.pos,
                )
            };
            let exponent = u32::try_from(exponent).map_err(|_| too_large())?;
            base.checked_pow(exponent).ok_or_else(too_large)?
        } else {
            // The spaces belong to whatever follows, not to the number.
            self.pos = digits_end;
            base
        };
        let value = u64::try_from(value).map_err(|_| {
            ParseError::new(
                ParseErrorKind::NumberTooLarge { max: u64::MAX },
                start..self.pos,
            )
        })?;
        Ok((value, start..self.pos))
    }

    /// A run of decimal digits, as a `u128` (saturating: anything beyond
    /// `u64` is an error for the caller to report with the whole span).
    fn digits(&mut self, expected: &'static str) -> Result<u128, ParseError> {
        if !self.peek().is_some_and(|c| c.is_ascii_digit()) {
            return Err(self.unexpected(expected));
        }
        let mut value: u128 = 0;
        while let Some(c) = self.peek().filter(char::is_ascii_digit) {
            self.bump();
            let d = u128::from(c as u8 - b'0');
            value = value.saturating_mul(10).saturating_add(d);
        }
        // A digit run followed by a letter (`3x`) is one malformed token.
        if self.peek().is_some_and(|c| c.is_ascii_alphabetic()) && self.peek_second() != Some('=') {
            return Err(self.unexpected("a digit, `,` or a closing bracket"));
        }
        Ok(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> ParseError {
        parse_position(text).unwrap_err()
    }

    #[test]
    fn reads_the_spec_examples() {
        for text in [
            "nim(3, 6, 9)",
            "subtraction[2,5](2, 4, 7)",
            "subtraction[1..3](10)",
            "takeaway[2,5](17) + takeaway[1,3](4)",
            "wythoff(3, 5)",
            "fibonacci(20)",
            "staircase(5, 4, 3, 2, 1)",
            "octal[0.137](20)",
            "kayles(10) + *3",
            "graph[\"games/words.txt\"](0)",
            "hackenbush(\"LRRL\")",
            "cut(3, 5)",
        ] {
            let result = parse_position(text);
            assert!(result.is_ok(), "{text}: {result:?}");
        }
    }

    #[test]
    fn brackets_that_are_not_parameters_are_kept_as_a_rule() {
        let text = "r[(a, n - a) for a in [1]..n if a != \"]\" ](7)";
        let p = parse_position(text).unwrap();
        let c = p.components[0].as_ruleset().unwrap();
        let [param] = c.ruleset.params.as_slice() else {
            panic!("{:?}", c.ruleset.params);
        };
        let Param::Rule(rule) = &param.value else {
            panic!("{param:?}");
        };
        // The text between the brackets, balanced and strings skipped.
        assert_eq!(rule.text, "(a, n - a) for a in [1]..n if a != \"]\" ");
        assert_eq!(param.span, 2..text.len() - 4);
        assert_eq!(c.ruleset.params_span, Some(1..text.len() - 3));
        // What the grammar of parameters said of it: the `(` at byte 2.
        assert_eq!(rule.not_params.span, 2..3);
        assert_eq!(c.args[0].value, Arg::Int(7));
        // Unclosed brackets are the parameters' error.
        assert_eq!(err("r[(a, n - a)(7)").span, 2..3);
        // Parameters that read are parameters, as before.
        let p = parse_position("r[a, 2](7)").unwrap();
        let c = p.components[0].as_ruleset().unwrap();
        assert_eq!(c.ruleset.params.len(), 2);
    }

    #[test]
    fn parameters_of_every_kind() {
        let p = parse_position("g[1..3, 0.137, 4.07, k=2, 5](1, \"a\\\"b\", 2..4)").unwrap();
        let c = p.components[0].as_ruleset().unwrap();
        let params: Vec<_> = c.ruleset.params.iter().map(|p| p.value.clone()).collect();
        assert_eq!(
            params,
            vec![
                Param::Range(1, 3),
                Param::Code("0.137".into()),
                Param::Code("4.07".into()),
                Param::Named("k".into(), 2),
                Param::Int(5)
            ]
        );
        let args: Vec<_> = c.args.iter().map(|a| a.value.clone()).collect();
        assert_eq!(
            args,
            vec![Arg::Int(1), Arg::Str("a\"b".into()), Arg::Range(2, 4)]
        );
    }

    #[test]
    fn a_bar_splits_the_parameters_once() {
        let p = parse_position("subtraction[1, 3 | 2..4](6)").unwrap();
        let c = p.components[0].as_ruleset().unwrap();
        assert_eq!(c.ruleset.bar, Some(2));
        assert_eq!(c.ruleset.params.len(), 3);
        let p = parse_position("subtraction[1,3](6)").unwrap();
        assert_eq!(p.components[0].as_ruleset().unwrap().ruleset.bar, None);
        // More bars, or a bar with nothing after it, are not parameters:
        // the brackets are kept as a rule, with the parameters' error that
        // every ruleset reading no rule reports.
        for (text, at) in [
            ("subtraction[1|2|3](6)", 15..16),
            ("subtraction[1|](6)", 14..15),
        ] {
            let p = parse_position(text).unwrap();
            let params = &p.components[0].as_ruleset().unwrap().ruleset.params;
            let [
                Spanned {
                    value: Param::Rule(rule),
                    ..
                },
            ] = params.as_slice()
            else {
                panic!("{text}: {params:?}");
            };
            assert_eq!(rule.not_params.span, at, "{text}");
        }
    }

    #[test]
    fn rulesets_are_read_as_parameters_within_a_nesting_limit() {
        let text = "join[ subtraction[1,3] | nim ](5)";
        let p = parse_position(text).unwrap();
        let r = &p.components[0].as_ruleset().unwrap().ruleset;
        assert_eq!(r.bar, Some(1));
        let Param::Ruleset(left) = &r.params[0].value else {
            panic!("a ruleset");
        };
        assert_eq!(left.name, "subtraction");
        assert_eq!(left.params[1].value, Param::Int(3));
        assert_eq!(&text[r.params[0].span.clone()], "subtraction[1,3]");
        assert_eq!(&text[r.params[1].span.clone()], "nim");
        // `name=value` is still a named integer.
        let q = parse_ruleset("gen_toads[max_jump = 2]").unwrap();
        assert_eq!(q.params[0].value, Param::Named("max_jump".into(), 2));
        let deep = |n: usize| format!("{}nim{}(1)", "a[".repeat(n), "]".repeat(n));
        assert!(parse_position(&deep(MAX_RULESET_NESTING)).is_ok());
        let e = parse_position(&deep(MAX_RULESET_NESTING + 1)).unwrap_err();
        assert!(matches!(e.kind, ParseErrorKind::TooLarge { .. }), "{e}");
        assert_eq!(e.span.start, 2 * (MAX_RULESET_NESTING + 1));
    }

    #[test]
    fn spaces_are_free_and_powers_are_read() {
        let p = parse_position("  nim ( 2^10 ,3 )+* 4 ").unwrap();
        let c = |i: usize| p.components[i].as_ruleset().unwrap().clone();
        assert_eq!(c(0).args[0].value, Arg::Int(1024));
        assert_eq!(c(1).args[0].value, Arg::Int(4));
        assert_eq!(c(1).span, 18..21);
    }

    #[test]
    fn malformed_positions_point_at_the_problem() {
        let e = err("nim(3,");
        assert!(matches!(e.kind, ParseErrorKind::UnexpectedEnd { .. }));
        assert_eq!(e.span, 6..6);

        let e = err("nim(-1)");
        assert_eq!(e.kind, ParseErrorKind::NegativeNumber);
        assert_eq!(e.span, 4..6);

        let e = err("nim(1180591620717411303424)");
        assert_eq!(e.kind, ParseErrorKind::NumberTooLarge { max: u64::MAX });
        assert_eq!(e.span, 4..26);

        let e = err("nim(2^70)");
        assert_eq!(e.kind, ParseErrorKind::NumberTooLarge { max: u64::MAX });
        assert_eq!(e.span, 4..8);

        let e = err("nim(3) nim(4)");
        assert_eq!(e.span, 7..8);

        let e = err("Nim(3)");
        assert_eq!(e.span, 0..1);

        let e = err("hackenbush(\"LR");
        assert_eq!(e.kind, ParseErrorKind::UnterminatedString);
        assert_eq!(e.span, 11..14);

        assert_eq!(err("").span, 0..0);
        assert_eq!(err("nim(3x)").span, 5..6);
    }

    #[test]
    fn largest_u64_is_accepted() {
        let p = parse_position("nim(18446744073709551615)").unwrap();
        assert_eq!(
            p.components[0].as_ruleset().unwrap().args[0].value,
            Arg::Int(u64::MAX)
        );
        assert!(parse_position("nim(18446744073709551616)").is_err());
    }

    #[test]
    fn rulesets_alone() {
        let r = parse_ruleset(" subtraction[1..3] ").unwrap();
        assert_eq!(r.name, "subtraction");
        assert_eq!(r.params[0].value, Param::Range(1, 3));
        assert!(parse_ruleset("kayles(3)").is_err());
    }
}
