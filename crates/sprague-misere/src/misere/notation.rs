//! CGSuite's notation for misère impartial games, read and printed.
//!
//! **Input** (CGSuite's `*[...]` lists): `*[3]` is the nim heap `*3` (a
//! list of one element is that element), `*[4,2]` the game with options
//! `*4` and `*2`, `*[[2],0]` the game with options `{*2}` and `0` (an inner
//! list is a game with those options), and an element may be a sum of
//! expressions, `*[[*[4]+*[2]]]`.
//!
//! **Output** (`MisereCanonicalGameOps`' display): inside `*[...]`, a nim
//! heap is its size (`&12;` from 10 up, inside a longer form), a game of
//! several options lists them from the greatest in CGSuite's order, in
//! parentheses when it is itself an option, and subscripts follow a game:
//! `#` makes the game of that one option, a number `n` adds `*n`, `-n`
//! subtracts it, so `2#` is `{*2}`, `2[2]` is `*2 + *2`, `2[#2#]` is
//! `{{*2} + *2}`. Subscripts are read left to right; all but `#` are
//! written inside `[...]`, which opens after the first heap or group. A
//! game prints as a nim heap plus `*n` (`n ≥ 2` of its parity) or minus
//! one when the other part is born earlier, an odd game as its even part
//! plus `*1`.
//!
//! The one ambiguity: CGSuite prints the game with options `*4` and `*2`
//! as `*[42]`, which its reader takes for the heap `*42`. Here a form whose
//! whole text would be two digits or more is printed as the list `*[4,2]`,
//! which both read the same way, and `*[42]` is the heap, as in CGSuite.
//! A lone heap from 10 up prints `*[12]`.

use std::collections::HashMap;
use std::fmt;
use std::ops::Range;

use super::{MisereArena, MisereId};
use sprague_core::budget::Budget;
use sprague_core::error::SolveError;

/// The largest nim heap the notation accepts (its canonical form has
/// `n(n+1)/2` option entries).
pub const MAX_NOTATION_HEAP: u32 = 1000;

/// The deepest nesting of `*[`, `[` and `(` read: the reader goes down a
/// level of its own for each.
pub const MAX_NOTATION_NESTING: usize = 200;

/// Longest text of one form (beyond it the form is not printed).
const MAX_TEXT: usize = 1 << 20;

/// A misère expression as written, with its place in the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MisereSyntax {
    /// What it is.
    pub expr: MisereExpr,
    /// Byte range in the text read.
    pub span: Range<usize>,
}

/// The kinds of misère expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MisereExpr {
    /// The nim heap `*n`.
    Heap(u32),
    /// The game whose options are these.
    Options(Vec<MisereSyntax>),
    /// The sum of these.
    Sum(Vec<MisereSyntax>),
    /// The game `d` with `d + *n` equal to this one.
    Difference(Box<MisereSyntax>, u32),
}

/// A mistake in misère notation: what, and where (byte offsets).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError {
    /// In words, lower case.
    pub message: String,
    /// Byte range of the mistake.
    pub span: Range<usize>,
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for NotationError {}

/// Reads a sum of misère expressions, `*[2#1] + *[[2],0]`, from `text`;
/// spans are offsets into `text` plus `base`.
///
/// # Errors
///
/// A [`NotationError`] naming the first mistake.
pub fn parse_misere(text: &str, base: usize) -> Result<MisereSyntax, NotationError> {
    let mut reader = Reader {
        text: text.as_bytes(),
        at: 0,
        base,
        nesting: 0,
    };
    let sum = reader.sum()?;
    reader.blank();
    if reader.at < reader.text.len() {
        return Err(reader.error("unexpected text after the misère game", 1));
    }
    Ok(sum)
}

/// Reads one `*[...]` from the start of `text` (the rest is left, so a
/// position language can go on after it); returns it and the bytes read.
///
/// # Errors
///
/// A [`NotationError`] naming the first mistake.
pub fn parse_misere_term(text: &str, base: usize) -> Result<(MisereSyntax, usize), NotationError> {
    let mut reader = Reader {
        text: text.as_bytes(),
        at: 0,
        base,
        nesting: 0,
    };
    let term = reader.star()?;
    Ok((term, reader.at))
}

struct Reader<'a> {
    text: &'a [u8],
    at: usize,
    base: usize,
    /// How many `*[`, `[` and `(` are open.
    nesting: usize,
}

impl Reader<'_> {
    /// `at`, or the next character boundary after it: the reader steps
    /// over bytes, and a span must not cut a character of the text in two.
    fn boundary(&self, mut at: usize) -> usize {
        while at < self.text.len() && self.text[at] & 0xC0 == 0x80 {
            at += 1;
        }
        at.min(self.text.len())
    }

    fn error(&self, message: &str, len: usize) -> NotationError {
        let start = self.boundary(self.at.min(self.text.len()));
        let end = self.boundary((start + len).min(self.text.len().max(start + 1)));
        NotationError {
            message: message.to_string(),
            span: self.base + start..self.base + end.max(start),
        }
    }

    /// `read` one level further in, refused past
    /// [`MAX_NOTATION_NESTING`] levels.
    fn nested<T>(
        &mut self,
        read: impl FnOnce(&mut Self) -> Result<T, NotationError>,
    ) -> Result<T, NotationError> {
        if self.nesting >= MAX_NOTATION_NESTING {
            return Err(self.error(
                &format!(
                    "a misère game nested too deep (the limit is {MAX_NOTATION_NESTING} levels \
                     of `*[`, `[` and `(`)"
                ),
                1,
            ));
        }
        self.nesting += 1;
        let result = read(self);
        self.nesting -= 1;
        result
    }

    fn blank(&mut self) {
        while self.at < self.text.len() && self.text[self.at].is_ascii_whitespace() {
            self.at += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.text.get(self.at).copied()
    }

    fn expect(&mut self, byte: u8, what: &str) -> Result<(), NotationError> {
        if self.peek() == Some(byte) {
            self.at += 1;
            Ok(())
        } else {
            Err(self.error(what, 1))
        }
    }

    fn span(&self, start: usize) -> Range<usize> {
        self.base + self.boundary(start)..self.base + self.boundary(self.at)
    }

    /// `*[...] (+ *[...])*`
    fn sum(&mut self) -> Result<MisereSyntax, NotationError> {
        self.blank();
        let start = self.at;
        let mut terms = vec![self.star()?];
        loop {
            self.blank();
            if self.peek() != Some(b'+') {
                break;
            }
            self.at += 1;
            self.blank();
            terms.push(self.star()?);
        }
        Ok(if terms.len() == 1 {
            terms.pop().expect("one term")
        } else {
            MisereSyntax {
                expr: MisereExpr::Sum(terms),
                span: self.span(start),
            }
        })
    }

    /// `*[content]`
    fn star(&mut self) -> Result<MisereSyntax, NotationError> {
        self.nested(Self::star_inner)
    }

    fn star_inner(&mut self) -> Result<MisereSyntax, NotationError> {
        let start = self.at;
        self.expect(b'*', "expected a misère game `*[...]`")?;
        self.expect(b'[', "expected `[` after `*` in a misère game")?;
        let close = self.matching_close()?;
        let inner = &self.text[self.at..close];
        let is_list = {
            let trimmed: Vec<u8> = inner
                .iter()
                .copied()
                .filter(|b| !b.is_ascii_whitespace())
                .collect();
            trimmed.is_empty()
                || trimmed[0] == b'['
                || trimmed[0] == b'*'
                || trimmed.iter().all(u8::is_ascii_digit)
                || top_level_comma(inner)
        };
        let mut game = if is_list {
            let items = self.items(close)?;
            if items.len() == 1 {
                items.into_iter().next().expect("one item")
            } else {
                MisereSyntax {
                    expr: MisereExpr::Options(items),
                    span: self.span(start),
                }
            }
        } else {
            self.blank();
            let terms = self.terms(close, false)?;
            if terms.len() == 1 {
                terms.into_iter().next().expect("one term")
            } else {
                MisereSyntax {
                    expr: MisereExpr::Options(terms),
                    span: self.span(start),
                }
            }
        };
        self.blank();
        self.expect(b']', "expected `]` closing the misère game")?;
        game.span = self.span(start);
        Ok(game)
    }

    /// Where the `]` matching the `[` just read is.
    fn matching_close(&self) -> Result<usize, NotationError> {
        let mut depth = 1usize;
        for (i, &b) in self.text[self.at..].iter().enumerate() {
            match b {
                b'[' => depth += 1,
                b']' => {
                    depth -= 1;
                    if depth == 0 {
                        return Ok(self.at + i);
                    }
                }
                _ => {}
            }
        }
        Err(NotationError {
            message: "unclosed `[` in a misère game".to_string(),
            span: self.base + self.boundary(self.at - 1)..self.base + self.boundary(self.at),
        })
    }

    /// List items up to `end` (exclusive), comma separated; none is allowed.
    fn items(&mut self, end: usize) -> Result<Vec<MisereSyntax>, NotationError> {
        let mut items = Vec::new();
        self.blank();
        if self.at >= end {
            return Ok(items);
        }
        loop {
            self.blank();
            items.push(self.item()?);
            self.blank();
            if self.at >= end {
                return Ok(items);
            }
            self.expect(b',', "expected `,` or `]` in a misère list")?;
        }
    }

    fn item(&mut self) -> Result<MisereSyntax, NotationError> {
        let start = self.at;
        match self.peek() {
            Some(b'0'..=b'9') => {
                let n = self.number()?;
                Ok(MisereSyntax {
                    expr: MisereExpr::Heap(n),
                    span: self.span(start),
                })
            }
            Some(b'[') => self.nested(|r| {
                r.at += 1;
                let close = r.matching_close()?;
                let items = r.items(close)?;
                r.blank();
                r.expect(b']', "expected `]`")?;
                Ok(MisereSyntax {
                    expr: MisereExpr::Options(items),
                    span: r.span(start),
                })
            }),
            Some(b'*') => self.sum(),
            _ => Err(self.error(
                "expected a heap size, a list `[...]` or a misère game `*[...]`",
                1,
            )),
        }
    }

    fn number(&mut self) -> Result<u32, NotationError> {
        let start = self.at;
        while matches!(self.peek(), Some(b'0'..=b'9')) {
            self.at += 1;
        }
        let digits = std::str::from_utf8(&self.text[start..self.at]).expect("ascii digits");
        match digits.parse::<u32>() {
            Ok(n) if n <= MAX_NOTATION_HEAP => Ok(n),
            _ => Err(NotationError {
                message: format!("a nim heap in misère notation is at most {MAX_NOTATION_HEAP}"),
                span: self.span(start),
            }),
        }
    }

    /// A heap in compact notation: one digit, or `&n;`.
    fn compact_heap(&mut self) -> Result<u32, NotationError> {
        let start = self.at;
        match self.peek() {
            Some(d @ b'0'..=b'9') => {
                self.at += 1;
                Ok(u32::from(d - b'0'))
            }
            Some(b'&') => {
                self.at += 1;
                if !matches!(self.peek(), Some(b'0'..=b'9')) {
                    return Err(self.error("expected a heap size after `&`", 1));
                }
                let n = self.number()?;
                self.expect(b';', "expected `;` closing `&n;`")?;
                let _ = start;
                Ok(n)
            }
            _ => Err(self.error("expected a heap size", 1)),
        }
    }

    /// Compact terms up to `end` (or up to `)` inside a group).
    fn terms(&mut self, end: usize, group: bool) -> Result<Vec<MisereSyntax>, NotationError> {
        let mut terms = Vec::new();
        loop {
            self.blank();
            if self.at >= end || (group && self.peek() == Some(b')')) {
                break;
            }
            terms.push(self.term(end)?);
        }
        if terms.is_empty() {
            return Err(self.error("expected a misère game", 1));
        }
        Ok(terms)
    }

    fn term(&mut self, end: usize) -> Result<MisereSyntax, NotationError> {
        let start = self.at;
        let mut game = match self.peek() {
            Some(b'(') => self.nested(|r| {
                r.at += 1;
                let mut terms = r.terms(end, true)?;
                r.expect(b')', "expected `)`")?;
                Ok(if terms.len() == 1 {
                    terms.pop().expect("one term")
                } else {
                    MisereSyntax {
                        expr: MisereExpr::Options(terms),
                        span: r.span(start),
                    }
                })
            })?,
            Some(b'0'..=b'9' | b'&') => MisereSyntax {
                expr: MisereExpr::Heap(self.compact_heap()?),
                span: self.span(start),
            },
            _ => return Err(self.error("expected a heap size, `&n;` or `(`", 1)),
        };
        loop {
            match self.peek() {
                Some(b'#') => {
                    self.at += 1;
                    game = MisereSyntax {
                        expr: MisereExpr::Options(vec![game]),
                        span: self.span(start),
                    };
                }
                Some(b'[') if self.at < end => {
                    self.at += 1;
                    loop {
                        match self.peek() {
                            Some(b']') => {
                                self.at += 1;
                                break;
                            }
                            Some(b'#') => {
                                self.at += 1;
                                game = MisereSyntax {
                                    expr: MisereExpr::Options(vec![game]),
                                    span: self.span(start),
                                };
                            }
                            Some(b'-') => {
                                self.at += 1;
                                let n = self.compact_heap()?;
                                game = MisereSyntax {
                                    expr: MisereExpr::Difference(Box::new(game), n),
                                    span: self.span(start),
                                };
                            }
                            Some(b'0'..=b'9' | b'&') => {
                                let heap_start = self.at;
                                let n = self.compact_heap()?;
                                let heap = MisereSyntax {
                                    expr: MisereExpr::Heap(n),
                                    span: self.span(heap_start),
                                };
                                game = MisereSyntax {
                                    expr: MisereExpr::Sum(vec![game, heap]),
                                    span: self.span(start),
                                };
                            }
                            _ => {
                                return Err(self.error(
                                    "expected a subscript: `#`, a heap size, `-n` or `]`",
                                    1,
                                ));
                            }
                        }
                    }
                }
                _ => break,
            }
        }
        Ok(game)
    }
}

fn top_level_comma(inner: &[u8]) -> bool {
    let mut depth = 0usize;
    for &b in inner {
        match b {
            b'[' | b'(' => depth += 1,
            b']' | b')' => depth = depth.saturating_sub(1),
            b',' if depth == 0 => return true,
            _ => {}
        }
    }
    false
}

impl MisereArena {
    /// The canonical form of an expression.
    ///
    /// # Errors
    ///
    /// `Ok(Err(..))` for a difference `x[-n]` that no game satisfies,
    /// with its span; `Err` when the budget runs out.
    pub fn eval(
        &mut self,
        syntax: &MisereSyntax,
        budget: &Budget,
    ) -> Result<Result<MisereId, NotationError>, SolveError> {
        // A chain of `#` is as deep as it is long: the walk is guarded as
        // the arena's own recursions are.
        self.enter()?;
        let result = self.eval_inner(syntax, budget);
        self.depth -= 1;
        result
    }

    fn eval_inner(
        &mut self,
        syntax: &MisereSyntax,
        budget: &Budget,
    ) -> Result<Result<MisereId, NotationError>, SolveError> {
        Ok(match &syntax.expr {
            MisereExpr::Heap(n) => Ok(self.nimber(*n, budget)?),
            MisereExpr::Options(items) => {
                let mut options = Vec::with_capacity(items.len());
                for item in items {
                    match self.eval(item, budget)? {
                        Ok(g) => options.push(g),
                        Err(e) => return Ok(Err(e)),
                    }
                }
                if options.is_empty() {
                    Ok(MisereId::ZERO)
                } else {
                    Ok(self.form(options, budget)?)
                }
            }
            MisereExpr::Sum(items) => {
                let mut total = MisereId::ZERO;
                for item in items {
                    match self.eval(item, budget)? {
                        Ok(g) => total = self.add(total, g, budget)?,
                        Err(e) => return Ok(Err(e)),
                    }
                }
                Ok(total)
            }
            MisereExpr::Difference(inner, n) => match self.eval(inner, budget)? {
                Ok(g) => match self.nim_difference(g, *n, budget)? {
                    Some(d) => Ok(d),
                    None => Err(NotationError {
                        message: format!("no misère game plus *{n} equals this one"),
                        span: syntax.span.clone(),
                    }),
                },
                Err(e) => Err(e),
            },
        })
    }

    /// `g` in CGSuite's notation, `*[2#1]`.
    ///
    /// # Errors
    ///
    /// When the budget runs out (printing adds games to find the parts),
    /// or the text would pass a mebibyte.
    pub fn display(&mut self, g: MisereId, budget: &Budget) -> Result<String, SolveError> {
        if let Some(n) = self.which_heap(g, budget)? {
            return Ok(format!("*[{n}]"));
        }
        let mut out = String::new();
        let mut sub = false;
        self.write_form(g, &mut out, false, &mut sub, budget)?;
        if sub {
            out.push(']');
        }
        if out.len() >= 2 && out.bytes().all(|b| b.is_ascii_digit()) {
            let list: Vec<String> = out.chars().map(String::from).collect();
            return Ok(format!("*[{}]", list.join(",")));
        }
        Ok(format!("*[{out}]"))
    }

    fn write_form(
        &mut self,
        g: MisereId,
        out: &mut String,
        parenthesize: bool,
        sub: &mut bool,
        budget: &Budget,
    ) -> Result<(), SolveError> {
        if out.len() > MAX_TEXT {
            return Err(SolveError::unsupported(
                "a misère canonical form longer than a mebibyte of text",
            ));
        }
        self.enter()?;
        let result = self.write_form_inner(g, out, parenthesize, sub, budget);
        self.depth -= 1;
        result
    }

    fn write_form_inner(
        &mut self,
        g: MisereId,
        out: &mut String,
        parenthesize: bool,
        sub: &mut bool,
        budget: &Budget,
    ) -> Result<(), SolveError> {
        let b = self.birthday(g);
        if let Some(n) = self.which_heap(g, budget)? {
            push_heap(out, n);
            if *sub {
                out.push('[');
            }
            return Ok(());
        }
        let even = self.is_even(g, budget)?;
        let mut i = if even { 2 } else { 3 };
        while i < b {
            let heap = self.nimber(i, budget)?;
            if let Some(part) = self.smaller_difference(g, heap, budget)? {
                *sub = true;
                self.write_form(part, out, true, sub, budget)?;
                push_heap(out, i);
                return Ok(());
            }
            let more = self.add(g, heap, budget)?;
            if self.birthday(more) < b {
                *sub = true;
                self.write_form(more, out, true, sub, budget)?;
                out.push('-');
                push_heap(out, i);
                return Ok(());
            }
            i += 2;
        }
        if !even {
            let one = self.nimber(1, budget)?;
            let even_part = self.add(g, one, budget)?;
            *sub = true;
            self.write_form(even_part, out, true, sub, budget)?;
            out.push('1');
            return Ok(());
        }
        let options = self.sorted_options(g, budget)?;
        if options.len() == 1 {
            self.write_form(options[0], out, true, sub, budget)?;
            out.push('#');
            return Ok(());
        }
        let outer = *sub;
        if parenthesize {
            out.push('(');
        }
        for &o in options.iter().rev() {
            *sub = false;
            self.write_form(o, out, true, sub, budget)?;
            if *sub {
                out.push(']');
            }
        }
        if parenthesize {
            out.push(')');
        }
        *sub = outer;
        if *sub {
            out.push('[');
        }
        Ok(())
    }
}

/// The levels of `*[`, `[` and `(` a text nests, as the reader counts
/// them.
fn notation_nesting(text: &str) -> usize {
    let (mut depth, mut deepest) = (0usize, 0usize);
    for b in text.bytes() {
        match b {
            b'[' | b'(' => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            b']' | b')' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    deepest
}

fn push_heap(out: &mut String, n: u32) {
    if n < 10 {
        out.push(char::from(b'0' + n as u8));
    } else {
        out.push('&');
        out.push_str(&n.to_string());
        out.push(';');
    }
}

/// An impartial game given by its options, as written: a hash-consed
/// directed acyclic graph whose node 0 is `0`, each node with its options
/// and its text (CGSuite's form where the node is a canonical form as it
/// stands, else the list of its options).
#[derive(Debug, Clone)]
pub struct ExplicitGame {
    options: Vec<Vec<u32>>,
    texts: Vec<String>,
    index: HashMap<Vec<u32>, u32>,
    canonical: Vec<Option<MisereId>>,
    values: Vec<MisereId>,
}

impl ExplicitGame {
    /// The game with only `0`.
    pub fn new() -> ExplicitGame {
        let mut index = HashMap::new();
        index.insert(Vec::new(), 0);
        ExplicitGame {
            options: vec![Vec::new()],
            texts: vec!["*[0]".to_string()],
            index,
            canonical: vec![Some(MisereId::ZERO)],
            values: vec![MisereId::ZERO],
        }
    }

    /// The nodes' options.
    pub fn options(&self, node: u32) -> &[u32] {
        &self.options[node as usize]
    }

    /// The node's text, a misère expression that reads back as this game
    /// with these options.
    pub fn text(&self, node: u32) -> &str {
        &self.texts[node as usize]
    }

    /// The node's misère canonical form in the arena it was built with.
    pub fn value(&self, node: u32) -> MisereId {
        self.values[node as usize]
    }

    fn node(
        &mut self,
        mut options: Vec<u32>,
        arena: &mut MisereArena,
        budget: &Budget,
    ) -> Result<u32, SolveError> {
        options.sort_unstable();
        options.dedup();
        if let Some(&n) = self.index.get(&options) {
            return Ok(n);
        }
        budget.check_positions((self.options.len() + arena.len()) as u64)?;
        let values: Vec<MisereId> = options.iter().map(|&o| self.values[o as usize]).collect();
        let value = arena.form(values.clone(), budget)?;
        let mut sorted = values.clone();
        sorted.sort_unstable();
        let is_canonical = options
            .iter()
            .all(|&o| self.canonical[o as usize].is_some())
            && arena.options(value) == sorted.as_slice()
            && sorted.len() == options.len();
        let text = if is_canonical {
            arena.display(value, budget)?
        } else {
            let items: Vec<String> = options.iter().map(|&o| self.item_text(o, arena)).collect();
            let text = if items.len() == 1 {
                format!("*[[{}]]", items[0])
            } else {
                format!("*[{}]", items.join(","))
            };
            if notation_nesting(&text) > MAX_NOTATION_NESTING {
                // Options as written nest a level a list (`*[1###]` whose
                // chain is not canonical prints `*[[[[1]]]]`), which the
                // reader would refuse: such a game is kept as its
                // canonical form, whose compact text reads back.
                return self.export(value, arena, budget);
            }
            text
        };
        if text.len() > MAX_TEXT {
            return Err(SolveError::unsupported(
                "a misère game longer than a mebibyte of text",
            ));
        }
        let n = u32::try_from(self.options.len())
            .map_err(|_| SolveError::unsupported("more than 2^32 misère positions"))?;
        self.options.push(options.clone());
        self.texts.push(text);
        self.canonical.push(is_canonical.then_some(value));
        self.values.push(value);
        self.index.insert(options, n);
        Ok(n)
    }

    /// A node as an element of a list: a heap size, a canonical form, or
    /// its own list.
    fn item_text(&self, node: u32, arena: &MisereArena) -> String {
        if let Some(c) = self.canonical[node as usize] {
            if let Some(n) = arena.nim_heap(c) {
                return n.to_string();
            }
            return self.texts[node as usize].clone();
        }
        let text = &self.texts[node as usize];
        // A non-canonical node prints `*[a,b]` or `*[[a]]`: as an element,
        // its options' list.
        let inner = &text[2..text.len() - 1];
        if self.options[node as usize].len() == 1 {
            inner.to_string()
        } else {
            format!("[{inner}]")
        }
    }

    /// Adds the game `syntax` describes, its moves as written (a form
    /// written in compact notation moves to its canonical options).
    ///
    /// # Errors
    ///
    /// As [`MisereArena::eval`].
    pub fn build(
        &mut self,
        syntax: &MisereSyntax,
        arena: &mut MisereArena,
        budget: &Budget,
    ) -> Result<Result<u32, NotationError>, SolveError> {
        Ok(match &syntax.expr {
            MisereExpr::Heap(n) => Ok(self.heap(*n, arena, budget)?),
            MisereExpr::Options(items) => {
                let mut options = Vec::with_capacity(items.len());
                for item in items {
                    match self.build(item, arena, budget)? {
                        Ok(n) => options.push(n),
                        Err(e) => return Ok(Err(e)),
                    }
                }
                Ok(self.node(options, arena, budget)?)
            }
            MisereExpr::Sum(items) => {
                let mut total = 0;
                let mut sums = HashMap::new();
                for item in items {
                    match self.build(item, arena, budget)? {
                        Ok(n) => total = self.add(total, n, &mut sums, arena, budget)?,
                        Err(e) => return Ok(Err(e)),
                    }
                }
                Ok(total)
            }
            MisereExpr::Difference(..) => match arena.eval(syntax, budget)? {
                Ok(g) => Ok(self.export(g, arena, budget)?),
                Err(e) => Err(e),
            },
        })
    }

    fn heap(
        &mut self,
        n: u32,
        arena: &mut MisereArena,
        budget: &Budget,
    ) -> Result<u32, SolveError> {
        let mut heaps = vec![0u32];
        for _ in 0..n {
            let next = self.node(heaps.clone(), arena, budget)?;
            heaps.push(next);
        }
        Ok(heaps[n as usize])
    }

    /// The node of the canonical form `g`, its options canonical.
    pub fn export(
        &mut self,
        g: MisereId,
        arena: &mut MisereArena,
        budget: &Budget,
    ) -> Result<u32, SolveError> {
        let mut done: HashMap<MisereId, u32> = HashMap::new();
        done.insert(MisereId::ZERO, 0);
        let mut stack = vec![g];
        while let Some(&top) = stack.last() {
            if done.contains_key(&top) {
                stack.pop();
                continue;
            }
            let pending: Vec<MisereId> = arena
                .options(top)
                .iter()
                .copied()
                .filter(|o| !done.contains_key(o))
                .collect();
            if pending.is_empty() {
                let options = arena.options(top).iter().map(|o| done[o]).collect();
                let n = self.node(options, arena, budget)?;
                done.insert(top, n);
                stack.pop();
            } else {
                stack.extend(pending);
            }
        }
        Ok(done[&g])
    }

    fn add(
        &mut self,
        a: u32,
        b: u32,
        sums: &mut HashMap<(u32, u32), u32>,
        arena: &mut MisereArena,
        budget: &Budget,
    ) -> Result<u32, SolveError> {
        if a == 0 {
            return Ok(b);
        }
        if b == 0 {
            return Ok(a);
        }
        if let Some(&s) = sums.get(&(a, b)) {
            return Ok(s);
        }
        let mut options = Vec::new();
        for o in self.options[a as usize].clone() {
            options.push(self.add(o, b, sums, arena, budget)?);
        }
        for o in self.options[b as usize].clone() {
            options.push(self.add(a, o, sums, arena, budget)?);
        }
        let s = self.node(options, arena, budget)?;
        sums.insert((a, b), s);
        Ok(s)
    }
}

impl Default for ExplicitGame {
    fn default() -> ExplicitGame {
        ExplicitGame::new()
    }
}
