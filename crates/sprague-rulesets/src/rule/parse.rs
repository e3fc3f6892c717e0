//! Reading a rule: its words, its tree (by recursive descent, at most
//! [`MAX_RULE_DEPTH`] deep), and the check of its names and types.

use std::ops::Range;

use sprague_core::error::ParseError;

use super::{MAX_LOOPS, MAX_RULE_DEPTH, RuleKind};

/// A node of a rule's tree, with the byte range it was read from (in the
/// whole position).
#[derive(Clone, Debug)]
pub(super) struct Expr {
    pub(super) node: Node,
    pub(super) span: Range<usize>,
    /// The levels of the tree from this node down, itself included.
    depth: usize,
}

#[derive(Clone, Debug)]
pub(super) enum Node {
    Int(i128),
    Bool(bool),
    /// A name, and after the check the place of its value.
    Var(String, usize),
    Neg(Box<Expr>),
    Not(Box<Expr>),
    Binary(Op, Box<Expr>, Box<Expr>),
    Call(Func, Vec<Expr>),
    Tuple(Vec<Expr>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Op {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    And,
    Or,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Func {
    Min,
    Max,
    Abs,
}

/// `for NAME in lo..hi`: the place of the name's value and the bounds.
#[derive(Clone, Debug)]
pub(super) struct Loop {
    pub(super) slot: usize,
    pub(super) lo: Expr,
    pub(super) hi: Expr,
    /// From the first bound to the last, for errors about the range.
    pub(super) span: Range<usize>,
}

/// An option (or a family of them, over its loops and filter).
#[derive(Clone, Debug)]
pub(super) struct Group {
    pub(super) option: Expr,
    pub(super) loops: Vec<Loop>,
    pub(super) filter: Option<Expr>,
}

/// What a rule is.
#[derive(Clone, Debug)]
pub(super) enum Body {
    Options(Vec<Group>),
    Predicate(Expr),
}

/// The type of an expression, found by the check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ty {
    Int,
    Bool,
    /// A tuple of this many numbers.
    Tuple(usize),
    /// A sum of tuples of this many numbers.
    Sum(usize),
}

impl Ty {
    fn words(self) -> &'static str {
        match self {
            Ty::Int => "a number",
            Ty::Bool => "a condition",
            Ty::Tuple(_) => "a tuple",
            Ty::Sum(_) => "a sum of tuples",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    Int(i128),
    Name(String),
    Sym(&'static str),
    End,
}

const SYMBOLS: [&str; 18] = [
    "..", "==", "!=", "<=", ">=", "<", ">", "+", "-", "*", "/", "%", "(", ")", ",", ";", "=", "!",
];

const KEYWORDS: [&str; 13] = [
    "for", "in", "from", "to", "if", "where", "and", "or", "not", "true", "false", "min", "max",
];

/// The words of `text` with their spans (offset by `offset`).
fn words(text: &str, offset: usize) -> Result<Vec<(Tok, Range<usize>)>, ParseError> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        let start = i;
        if b.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if b.is_ascii_digit() {
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            let value = text[start..i].parse::<i128>().map_err(|_| {
                ParseError::bad_parameters(
                    format!("an integer in a rule is at most {}", i128::MAX),
                    offset + start..offset + i,
                )
            })?;
            out.push((Tok::Int(value), offset + start..offset + i));
            continue;
        }
        if b.is_ascii_alphabetic() || b == b'_' {
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                i += 1;
            }
            out.push((
                Tok::Name(text[start..i].to_string()),
                offset + start..offset + i,
            ));
            continue;
        }
        let Some(sym) = SYMBOLS.iter().find(|s| text[i..].starts_with(**s)) else {
            let c = text[i..].chars().next().unwrap_or(' ');
            return Err(ParseError::bad_parameters(
                format!("`{c}` is not part of a rule"),
                offset + start..offset + start + c.len_utf8(),
            ));
        };
        i += sym.len();
        out.push((Tok::Sym(sym), offset + start..offset + i));
    }
    out.push((Tok::End, offset + text.len()..offset + text.len()));
    Ok(out)
}

struct Parser {
    toks: Vec<(Tok, Range<usize>)>,
    at: usize,
    /// The parser's own recursion (parentheses, signs, `not`).
    depth: usize,
}

/// Reads and checks `text` (which starts at byte `offset` of the
/// position) as a rule of `kind`; the names of its values.
pub(super) fn parse(
    text: &str,
    offset: usize,
    kind: RuleKind,
) -> Result<(Body, Vec<String>), ParseError> {
    let mut p = Parser {
        toks: words(text, offset)?,
        at: 0,
        depth: 0,
    };
    let mut names: Vec<String> = kind.given().iter().map(|s| (*s).to_string()).collect();
    let body = if kind == RuleKind::Memory {
        let mut e = p.expr()?;
        p.end()?;
        check(
            &mut e,
            &names,
            Ty::Bool,
            "GenMem's rule is a condition on k and a",
        )?;
        Body::Predicate(e)
    } else {
        let mut groups = Vec::new();
        loop {
            groups.push(p.group(kind, &mut names)?);
            if p.eat(";") || p.eat(",") {
                continue;
            }
            p.end()?;
            break;
        }
        Body::Options(groups)
    };
    Ok((body, names))
}

impl Parser {
    fn peek(&self) -> &Tok {
        &self.toks[self.at].0
    }

    fn span(&self) -> Range<usize> {
        self.toks[self.at].1.clone()
    }

    fn bump(&mut self) -> (Tok, Range<usize>) {
        let t = self.toks[self.at].clone();
        if self.at + 1 < self.toks.len() {
            self.at += 1;
        }
        t
    }

    fn eat(&mut self, sym: &str) -> bool {
        let hit = match self.peek() {
            Tok::Sym(s) => *s == sym,
            Tok::Name(n) => n == sym,
            _ => false,
        };
        if hit {
            self.bump();
        }
        hit
    }

    fn unexpected(&self, expected: &str) -> ParseError {
        let found = match self.peek() {
            Tok::End => "the end of the rule".to_string(),
            Tok::Int(v) => format!("`{v}`"),
            Tok::Name(n) => format!("`{n}`"),
            Tok::Sym("=") => {
                return ParseError::bad_parameters(
                    "`=` in a rule: equality is written `==`",
                    self.span(),
                );
            }
            Tok::Sym(s) => format!("`{s}`"),
        };
        ParseError::bad_parameters(
            format!("expected {expected} in the rule, found {found}"),
            self.span(),
        )
    }

    fn expect(&mut self, sym: &str, expected: &str) -> Result<Range<usize>, ParseError> {
        let span = self.span();
        if self.eat(sym) {
            Ok(span)
        } else {
            Err(self.unexpected(expected))
        }
    }

    fn end(&mut self) -> Result<(), ParseError> {
        match self.peek() {
            Tok::End => Ok(()),
            _ => Err(self.unexpected("an operator, `for`, `if`, `,` or the end")),
        }
    }

    /// One level deeper in the parser's own recursion.
    fn enter(&mut self) -> Result<(), ParseError> {
        self.depth += 1;
        if self.depth > MAX_RULE_DEPTH {
            return Err(too_deep(self.span()));
        }
        Ok(())
    }

    fn group(&mut self, kind: RuleKind, names: &mut Vec<String>) -> Result<Group, ParseError> {
        let mut option = self.expr()?;
        let mut loops = Vec::new();
        // The names visible in this group: the given ones, then its loops'.
        let mut scope: Vec<(String, usize)> = kind
            .given()
            .iter()
            .enumerate()
            .map(|(i, n)| ((*n).to_string(), i))
            .collect();
        while self.eat("for") {
            let Tok::Name(name) = self.peek().clone() else {
                return Err(self.unexpected("a name after `for`"));
            };
            let name_span = self.bump().1;
            if KEYWORDS.contains(&name.as_str()) || name == "abs" {
                return Err(ParseError::bad_parameters(
                    format!("`{name}` is a word of the rule language, not a name to bind"),
                    name_span,
                ));
            }
            if scope.iter().any(|(n, _)| *n == name) {
                return Err(ParseError::bad_parameters(
                    format!("`{name}` is already a name here"),
                    name_span,
                ));
            }
            if loops.len() == MAX_LOOPS {
                return Err(ParseError::bad_parameters(
                    format!("at most {MAX_LOOPS} `for` clauses in one option"),
                    name_span,
                ));
            }
            let (mut lo, mut hi) = if self.eat("in") {
                let lo = self.sum()?;
                self.expect("..", "`..` and the end of the range")?;
                (lo, self.sum()?)
            } else if self.eat("from") {
                let lo = self.sum()?;
                self.expect("to", "`to` and the end of the range")?;
                (lo, self.sum()?)
            } else {
                return Err(self.unexpected("`in` or `from`"));
            };
            let visible: Vec<&str> = scope.iter().map(|(n, _)| n.as_str()).collect();
            let slots: Vec<usize> = scope.iter().map(|(_, s)| *s).collect();
            check_scoped(
                &mut lo,
                &visible,
                &slots,
                Ty::Int,
                "a range's bounds are numbers",
            )?;
            check_scoped(
                &mut hi,
                &visible,
                &slots,
                Ty::Int,
                "a range's bounds are numbers",
            )?;
            let slot = names.len();
            names.push(name.clone());
            scope.push((name, slot));
            let span = lo.span.start..hi.span.end;
            loops.push(Loop { slot, lo, hi, span });
        }
        let visible: Vec<&str> = scope.iter().map(|(n, _)| n.as_str()).collect();
        let slots: Vec<usize> = scope.iter().map(|(_, s)| *s).collect();
        let mut filter = None;
        if self.eat("if") || self.eat("where") {
            filter = Some(self.expr()?);
        }
        // What is written is read to its end before its types are checked.
        if !matches!(self.peek(), Tok::End | Tok::Sym(",") | Tok::Sym(";")) {
            return Err(self.unexpected("an operator, `for`, `if`, `,` or the end"));
        }
        if let Some(f) = &mut filter {
            check_scoped(f, &visible, &slots, Ty::Bool, "`if` takes a condition")?;
        }
        let shape = check_any(&mut option, &visible, &slots)?;
        let fits = matches!(
            (kind, shape),
            (RuleKind::Heap, Ty::Int | Ty::Tuple(_))
                | (RuleKind::Coordinates, Ty::Tuple(2) | Ty::Sum(2))
        );
        if !fits {
            let wanted = if kind == RuleKind::Heap {
                "an option of heap_rule is a heap, or a tuple of the heaps a move leaves: n - 1, (a, n - a - 1), ()"
            } else {
                "an option of coordinate_rule is a position (r, c), or a sum of positions: (r - 1, c) + (r, c - 1)"
            };
            return Err(ParseError::bad_parameters(
                format!("this is {}; {wanted}", shape.words()),
                option.span,
            ));
        }
        Ok(Group {
            option,
            loops,
            filter,
        })
    }

    fn expr(&mut self) -> Result<Expr, ParseError> {
        self.enter()?;
        let e = self.chain(&[("or", Op::Or)], Parser::and)?;
        self.depth -= 1;
        Ok(e)
    }

    fn and(&mut self) -> Result<Expr, ParseError> {
        self.chain(&[("and", Op::And)], Parser::not)
    }

    /// `next ( OP next )*` for the operators `ops`, from the left.
    fn chain(
        &mut self,
        ops: &[(&str, Op)],
        next: fn(&mut Parser) -> Result<Expr, ParseError>,
    ) -> Result<Expr, ParseError> {
        let mut left = next(self)?;
        'more: loop {
            for &(word, op) in ops {
                if self.eat(word) {
                    let right = next(self)?;
                    left = binary(op, left, right)?;
                    continue 'more;
                }
            }
            return Ok(left);
        }
    }

    fn not(&mut self) -> Result<Expr, ParseError> {
        if matches!(self.peek(), Tok::Name(n) if n == "not") {
            let start = self.span().start;
            self.enter()?;
            self.bump();
            let inner = self.not()?;
            self.depth -= 1;
            return unary(Node::Not, start, inner);
        }
        self.compare()
    }

    fn compare(&mut self) -> Result<Expr, ParseError> {
        let left = self.sum()?;
        let op = match self.peek() {
            Tok::Sym("==") => Op::Eq,
            Tok::Sym("!=") => Op::Ne,
            Tok::Sym("<") => Op::Lt,
            Tok::Sym("<=") => Op::Le,
            Tok::Sym(">") => Op::Gt,
            Tok::Sym(">=") => Op::Ge,
            Tok::Sym("=") => return Err(self.unexpected("a comparison")),
            _ => return Ok(left),
        };
        self.bump();
        let right = self.sum()?;
        binary(op, left, right)
    }

    fn sum(&mut self) -> Result<Expr, ParseError> {
        self.chain(&[("+", Op::Add), ("-", Op::Sub)], Parser::product)
    }

    fn product(&mut self) -> Result<Expr, ParseError> {
        self.chain(
            &[("*", Op::Mul), ("/", Op::Div), ("%", Op::Rem)],
            Parser::unary,
        )
    }

    fn unary(&mut self) -> Result<Expr, ParseError> {
        if self.peek() == &Tok::Sym("-") {
            let start = self.span().start;
            self.enter()?;
            self.bump();
            let inner = self.unary()?;
            self.depth -= 1;
            return unary(Node::Neg, start, inner);
        }
        self.primary()
    }

    fn primary(&mut self) -> Result<Expr, ParseError> {
        if self.peek() == &Tok::End {
            return Err(self.unexpected("a number, a name or `(`"));
        }
        let (tok, span) = self.bump();
        let leaf = |node| Expr {
            node,
            span: span.clone(),
            depth: 1,
        };
        match tok {
            Tok::Int(v) => Ok(leaf(Node::Int(v))),
            Tok::Name(n) if n == "true" || n == "false" => Ok(leaf(Node::Bool(n == "true"))),
            Tok::Name(n) if n == "min" || n == "max" || n == "abs" => {
                let func = match n.as_str() {
                    "min" => Func::Min,
                    "max" => Func::Max,
                    _ => Func::Abs,
                };
                if self.peek() != &Tok::Sym("(") {
                    return Err(self.unexpected(&format!("`(` after `{n}`")));
                }
                let (args, end) = self.parenthesised()?;
                if args.is_empty() || (func == Func::Abs && args.len() != 1) {
                    return Err(ParseError::bad_parameters(
                        format!(
                            "`{n}` takes {}",
                            if func == Func::Abs {
                                "one number"
                            } else {
                                "one number or more"
                            }
                        ),
                        span.start..end,
                    ));
                }
                node(Node::Call(func, args), span.start..end)
            }
            Tok::Name(n) if KEYWORDS.contains(&n.as_str()) => {
                self.at -= 1;
                Err(self.unexpected("a number, a name or `(`"))
            }
            Tok::Name(n) => Ok(leaf(Node::Var(n, 0))),
            Tok::Sym("(") => {
                self.at -= 1;
                let (mut items, end) = self.parenthesised()?;
                if items.len() == 1 {
                    // Parentheses around one expression group it.
                    let mut e = items.pop().expect("one item");
                    e.span = span.start..end;
                    return Ok(e);
                }
                node(Node::Tuple(items), span.start..end)
            }
            _ => {
                self.at -= 1;
                Err(self.unexpected("a number, a name or `(`"))
            }
        }
    }

    /// `( [ expr ( ',' expr )* ] )`, from the `(`: the expressions and
    /// where the `)` ends.
    fn parenthesised(&mut self) -> Result<(Vec<Expr>, usize), ParseError> {
        self.bump(); // the `(`
        let mut items = Vec::new();
        if self.peek() != &Tok::Sym(")") {
            loop {
                items.push(self.expr()?);
                if !self.eat(",") {
                    break;
                }
            }
        }
        let end = self.expect(")", "`,` or `)`")?.end;
        Ok((items, end))
    }
}

fn too_deep(span: Range<usize>) -> ParseError {
    ParseError::bad_parameters(
        format!("the rule nests deeper than {MAX_RULE_DEPTH} levels"),
        span,
    )
}

/// A node over `children`, refused past [`MAX_RULE_DEPTH`] levels.
fn node(node: Node, span: Range<usize>) -> Result<Expr, ParseError> {
    let depth = 1 + match &node {
        Node::Neg(e) | Node::Not(e) => e.depth,
        Node::Binary(_, a, b) => a.depth.max(b.depth),
        Node::Call(_, es) | Node::Tuple(es) => es.iter().map(|e| e.depth).max().unwrap_or(0),
        Node::Int(_) | Node::Bool(_) | Node::Var(..) => 0,
    };
    if depth > MAX_RULE_DEPTH {
        return Err(too_deep(span));
    }
    Ok(Expr { node, span, depth })
}

fn binary(op: Op, left: Expr, right: Expr) -> Result<Expr, ParseError> {
    let span = left.span.start..right.span.end;
    node(Node::Binary(op, Box::new(left), Box::new(right)), span)
}

fn unary(make: fn(Box<Expr>) -> Node, start: usize, inner: Expr) -> Result<Expr, ParseError> {
    let span = start..inner.span.end;
    node(make(Box::new(inner)), span)
}

/// Checks `e` against `want`, resolving its names among `visible` (whose
/// values are at `slots`); `why` says what was wanted.
fn check_scoped(
    e: &mut Expr,
    visible: &[&str],
    slots: &[usize],
    want: Ty,
    why: &str,
) -> Result<(), ParseError> {
    let found = check_any(e, visible, slots)?;
    if found != want {
        return Err(ParseError::bad_parameters(
            format!("this is {}: {why}", found.words()),
            e.span.clone(),
        ));
    }
    Ok(())
}

/// [`check_scoped`] with the given names only.
fn check(e: &mut Expr, names: &[String], want: Ty, why: &str) -> Result<(), ParseError> {
    let visible: Vec<&str> = names.iter().map(String::as_str).collect();
    let slots: Vec<usize> = (0..names.len()).collect();
    check_scoped(e, &visible, &slots, want, why)
}

/// The type of `e`, its names resolved; an error where an operand has the
/// wrong type.
fn check_any(e: &mut Expr, visible: &[&str], slots: &[usize]) -> Result<Ty, ParseError> {
    let span = e.span.clone();
    let is = |want: Ty, found: Ty, span: &Range<usize>, what: &str| {
        if want == found {
            Ok(())
        } else {
            Err(ParseError::bad_parameters(
                format!(
                    "this is {}, where {what} needs {}",
                    found.words(),
                    want.words()
                ),
                span.clone(),
            ))
        }
    };
    match &mut e.node {
        Node::Int(_) => Ok(Ty::Int),
        Node::Bool(_) => Ok(Ty::Bool),
        Node::Var(name, slot) => match visible.iter().position(|v| v == name) {
            Some(i) => {
                *slot = slots[i];
                Ok(Ty::Int)
            }
            None => Err(ParseError::bad_parameters(
                format!(
                    "`{name}` is not a name here (the rule is given {}, and a `for` binds others)",
                    visible
                        .iter()
                        .map(|v| format!("`{v}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                span,
            )),
        },
        Node::Neg(inner) => {
            let t = check_any(inner, visible, slots)?;
            is(Ty::Int, t, &inner.span, "`-`")?;
            Ok(Ty::Int)
        }
        Node::Not(inner) => {
            let t = check_any(inner, visible, slots)?;
            is(Ty::Bool, t, &inner.span, "`not`")?;
            Ok(Ty::Bool)
        }
        Node::Binary(op, a, b) => {
            let (ta, tb) = (check_any(a, visible, slots)?, check_any(b, visible, slots)?);
            match op {
                Op::Add if matches!(ta, Ty::Tuple(_) | Ty::Sum(_)) => {
                    let arity = |t| match t {
                        Ty::Tuple(k) | Ty::Sum(k) => Some(k),
                        _ => None,
                    };
                    match (arity(ta), arity(tb)) {
                        (Some(x), Some(y)) if x == y => Ok(Ty::Sum(x)),
                        _ => Err(ParseError::bad_parameters(
                            "a sum of positions adds tuples of the same length",
                            span,
                        )),
                    }
                }
                Op::And | Op::Or => {
                    let word = if *op == Op::And { "`and`" } else { "`or`" };
                    is(Ty::Bool, ta, &a.span, word)?;
                    is(Ty::Bool, tb, &b.span, word)?;
                    Ok(Ty::Bool)
                }
                Op::Eq | Op::Ne | Op::Lt | Op::Le | Op::Gt | Op::Ge => {
                    is(Ty::Int, ta, &a.span, "a comparison")?;
                    is(Ty::Int, tb, &b.span, "a comparison")?;
                    Ok(Ty::Bool)
                }
                Op::Add | Op::Sub | Op::Mul | Op::Div | Op::Rem => {
                    is(Ty::Int, ta, &a.span, "arithmetic")?;
                    is(Ty::Int, tb, &b.span, "arithmetic")?;
                    Ok(Ty::Int)
                }
            }
        }
        Node::Call(_, args) => {
            for arg in args.iter_mut() {
                let t = check_any(arg, visible, slots)?;
                is(Ty::Int, t, &arg.span, "`min`, `max` or `abs`")?;
            }
            Ok(Ty::Int)
        }
        Node::Tuple(items) => {
            for item in items.iter_mut() {
                let t = check_any(item, visible, slots)?;
                is(Ty::Int, t, &item.span, "a tuple")?;
            }
            Ok(Ty::Tuple(items.len()))
        }
    }
}
