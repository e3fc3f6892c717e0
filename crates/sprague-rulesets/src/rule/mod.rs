//! Rules written as expressions, for the rulesets given by a rule:
//! `heap_rule[...]` (the options of a heap of `n`, CGSuite's
//! `FunctionalHeapRuleset`), `coordinate_rule[...]` (the options of a
//! position `(r, c)`, its `FunctionalCoordinateRuleset`) and `gen_mem[...]`
//! (its `GenMem`: whether a move may take `a` when the last took `k`).
//!
//! The text between the ruleset's brackets is read into a small syntax
//! tree (`parse.rs`), checked once for its names and types, and evaluated
//! (`eval.rs`) in checked `i128` arithmetic under explicit limits: the
//! nesting of the tree ([`MAX_RULE_DEPTH`]), the values of a range
//! ([`MAX_RANGE`]), the steps of one position's loops ([`MAX_STEPS`]), the
//! options of one position (the budget's positions) and the heaps and
//! coordinates an option leaves. This module only reads and evaluates
//! rules: it never values a game (the rulesets in `heaps/` do, from the
//! options it lists).
//!
//! ```text
//! rule     := options                    (heap_rule, coordinate_rule)
//!           | expr                       (gen_mem: a condition on k and a)
//! options  := group ( ( ',' | ';' ) group )*
//! group    := expr ( 'for' NAME ( 'in' expr '..' expr | 'from' expr 'to' expr ) )*
//!             [ ( 'if' | 'where' ) expr ]
//! expr     := and ( 'or' and )*
//! and      := not ( 'and' not )*
//! not      := 'not' not | compare
//! compare  := sum [ ( '==' | '!=' | '<' | '<=' | '>' | '>=' ) sum ]
//! sum      := product ( ( '+' | '-' ) product )*
//! product  := unary ( ( '*' | '/' | '%' ) unary )*
//! unary    := '-' unary | primary
//! primary  := INT | NAME | 'true' | 'false' | ( 'min' | 'max' | 'abs' ) '(' expr ( ',' expr )* ')'
//!           | '(' ')' | '(' expr ( ',' expr )* ')'
//! ```

mod eval;
mod parse;

use std::ops::Range;
use std::sync::Arc;

use sprague_core::error::ParseError;
use sprague_game::syntax::{Param, RulesetSyntax, Spanned};

/// How deeply a rule's expressions nest (parentheses, signs, and chains of
/// operators, one level each): its tree is read and evaluated by recursion
/// this deep at most.
pub const MAX_RULE_DEPTH: usize = 64;

/// The most values one range of a rule may have (`1..n` with `n` above
/// this is an error when it is evaluated).
pub const MAX_RANGE: u64 = 1 << 24;

/// The most steps (values of the innermost `for` of a group, summed over
/// the groups) one position's options may take.
pub const MAX_STEPS: u64 = 1 << 26;

/// The most `for` clauses in one group of options.
pub const MAX_LOOPS: usize = 4;

/// The longest rule, in bytes.
pub const MAX_RULE_BYTES: usize = 4096;

/// What a rule describes: the names it is given, and what it must be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RuleKind {
    /// The options of a heap of `n`: each a heap or a tuple of heaps.
    Heap,
    /// The options of the position `(r, c)`: each a pair or a sum of pairs.
    Coordinates,
    /// GenMem's predicate on the memory `k` and the take `a`.
    Memory,
}

impl RuleKind {
    /// The names the rule is given, in the order of their values.
    fn given(self) -> &'static [&'static str] {
        match self {
            RuleKind::Heap => &["n"],
            RuleKind::Coordinates => &["r", "c"],
            RuleKind::Memory => &["k", "a"],
        }
    }

    /// The ruleset that reads such a rule.
    fn ruleset(self) -> &'static str {
        match self {
            RuleKind::Heap => "heap_rule",
            RuleKind::Coordinates => "coordinate_rule",
            RuleKind::Memory => "gen_mem",
        }
    }

    /// A rule of this kind, for the error that asks for one.
    fn example(self) -> &'static str {
        match self {
            RuleKind::Heap => "heap_rule[n - a*a for a in 1..n if a*a <= n]",
            RuleKind::Coordinates => {
                "coordinate_rule[(r - a, c) for a in 1..r; (r, c - a) for a in 1..c]"
            }
            RuleKind::Memory => "gen_mem[a >= k]",
        }
    }
}

/// A rule, read and checked: what `heap_rule`, `coordinate_rule` and
/// `gen_mem` share between their positions.
#[derive(Debug)]
pub(crate) struct Rule {
    /// The text as written between the brackets, without the spaces at
    /// its ends: how the ruleset prints it.
    text: String,
    /// Where `text` starts in the position, for the spans of the tree.
    offset: usize,
    kind: RuleKind,
    body: parse::Body,
    /// The names of the values an evaluation holds: the given ones, then
    /// each group's loop variables.
    names: Vec<String>,
}

impl Rule {
    /// The ruleset with its rule, as it reads back: `gen_mem[a >= k]`.
    pub(crate) fn ruleset_text(&self) -> String {
        format!("{}[{}]", self.kind.ruleset(), self.text)
    }

    /// The text of the tree node at `span`.
    fn text_at(&self, span: &Range<usize>) -> &str {
        self.text
            .get(span.start - self.offset..span.end - self.offset)
            .unwrap_or(&self.text)
    }
}

/// The rule between `ruleset`'s brackets, read as a rule of `kind`.
///
/// # Errors
///
/// A [`ParseError`] at the place of the mistake: no rule, a syntax error,
/// a name that is not given or bound, a number where a condition is
/// needed, an option of the wrong shape, nesting past [`MAX_RULE_DEPTH`].
pub(crate) fn read(ruleset: &RulesetSyntax, kind: RuleKind) -> Result<Arc<Rule>, ParseError> {
    let whole = ruleset
        .params_span
        .clone()
        .unwrap_or(ruleset.name_span.end..ruleset.name_span.end);
    let (text, offset) = match ruleset.params.as_slice() {
        [] => {
            return Err(ParseError::bad_parameters(
                format!(
                    "`{}` needs a rule in brackets: {}",
                    kind.ruleset(),
                    kind.example()
                ),
                whole,
            ));
        }
        [
            Spanned {
                value: Param::Rule(rule),
                span,
            },
        ] => (rule.text.clone(), span.start),
        params => (written_back(params)?, whole.start + 1),
    };
    let trimmed = text.trim_start();
    let offset = offset + (text.len() - trimmed.len());
    let text = trimmed.trim_end().to_string();
    if text.len() > MAX_RULE_BYTES {
        return Err(ParseError::bad_parameters(
            format!("a rule is at most {MAX_RULE_BYTES} bytes long"),
            whole,
        ));
    }
    let (body, names) = parse::parse(&text, offset, kind)?;
    Ok(Arc::new(Rule {
        text,
        offset,
        kind,
        body,
        names,
    }))
}

/// A rule that the grammar of parameters read as parameters (`gen_mem[k]`,
/// `heap_rule[0]`), written back as text: integers, ranges and bare names
/// are the same words in a rule.
fn written_back(params: &[Spanned<Param>]) -> Result<String, ParseError> {
    let words = params
        .iter()
        .map(|p| match &p.value {
            Param::Int(v) => Ok(v.to_string()),
            Param::Range(a, b) => Ok(format!("{a}..{b}")),
            Param::Ruleset(r) if r.params_span.is_none() => Ok(r.name.clone()),
            _ => Err(ParseError::bad_parameters(
                "a rule is written without quotes or codes: gen_mem[a >= k]",
                p.span.clone(),
            )),
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(words.join(", "))
}

#[cfg(test)]
mod tests {
    use crate::tests::parse;

    /// A bad rule, the words its error must hold, and the text its span
    /// must cover (found in the position; the first place it occurs).
    const REFUSALS: &[(&str, &str, &str)] = &[
        ("gen_mem(3)", "needs a rule in brackets", "(3)"),
        ("gen_mem[a = k](3)", "equality is written `==`", "="),
        ("gen_mem[a >= q](3)", "`q` is not a name here", "q"),
        (
            "gen_mem[a + k](3)",
            "this is a number: GenMem's rule is a condition",
            "a + k",
        ),
        (
            "gen_mem[a >= k and 3](3)",
            "this is a number, where `and` needs a condition",
            "3",
        ),
        (
            "heap_rule[n - a for a in 1..n if a](3)",
            "`if` takes a condition",
            "a](3)",
        ),
        (
            "heap_rule[n - a for n in 1..3](3)",
            "`n` is already a name here",
            "n in",
        ),
        (
            "heap_rule[n - a for a in 1..(n > 1)](3)",
            "a range's bounds are numbers",
            "(n > 1)",
        ),
        (
            "heap_rule[n - 1 for](3)",
            "expected a name after `for`",
            "]",
        ),
        (
            "heap_rule[n - 1 for a of 1..n](3)",
            "expected `in` or `from`",
            "of",
        ),
        (
            "heap_rule[n - 1 if n < 3 4](3)",
            "expected an operator",
            "4",
        ),
        (
            "heap_rule[n - a for a in 1..n if a ! 2](5)",
            "expected an operator",
            "!",
        ),
        (
            "heap_rule[n - a ! 2 for a in 1..n](5)",
            "expected an operator",
            "!",
        ),
        (
            "heap_rule[(n - 1, 0) + (1, 1)](3)",
            "a sum of tuples; an option of heap_rule",
            "(n - 1, 0) + (1, 1)",
        ),
        (
            "heap_rule[n < 1](3)",
            "this is a condition; an option of heap_rule",
            "n < 1",
        ),
        (
            "coordinate_rule[r - 1](3, 3)",
            "this is a number; an option of coordinate_rule",
            "r - 1",
        ),
        (
            "coordinate_rule[(r - 1, c, 0)](3, 3)",
            "this is a tuple; an option of coordinate_rule",
            "(r - 1, c, 0)",
        ),
        (
            "coordinate_rule[(r, c) + (1, 2, 3)](3, 3)",
            "tuples of the same length",
            "(r, c) + (1, 2, 3)",
        ),
        (
            "heap_rule[min() ](3)",
            "`min` takes one number or more",
            "min()",
        ),
        (
            "heap_rule[abs(n, 1)](3)",
            "`abs` takes one number",
            "abs(n, 1)",
        ),
        ("heap_rule[n - 1 $](3)", "`$` is not part of a rule", "$"),
        (
            "heap_rule[n - 1 if n < 999999999999999999999999999999999999999999](3)",
            "an integer in a rule is at most",
            "999999999999999999999999999999999999999999",
        ),
        (
            "heap_rule[n - a for a in 1..n for b in 1..n for c in 1..n for d in 1..n for e in 1..n](3)",
            "at most 4 `for` clauses",
            "e in",
        ),
        (
            "heap_rule[n - 1 for for in 1..n](3)",
            "a word of the rule language",
            "for in",
        ),
        (
            "heap_rule[\"n - 1\"](3)",
            "a rule is written without quotes",
            "\"n - 1\"",
        ),
        (
            "heap_rule[n - 1 if n < 3 and](3)",
            "expected a number, a name or `(`",
            "]",
        ),
        (
            "heap_rule[n - 1 if a == 1](3)",
            "`a` is not a name here",
            "a ==",
        ),
        (
            "gen_mem[a >= k](1, 2, 3)",
            "`gen_mem` takes two coordinates",
            "(1, 2, 3)",
        ),
    ];

    #[test]
    fn bad_rules_are_refused_with_their_place() {
        for &(text, words, at) in REFUSALS {
            let e = parse(text).unwrap_err();
            assert!(e.to_string().contains(words), "{text}: {e}");
            let start = text.find(at).unwrap();
            assert_eq!(e.span.start, start, "{text}: {e}");
            assert!(e.span.end <= start + at.len(), "{text}: {e} {:?}", e.span);
        }
    }

    #[test]
    fn nesting_is_limited_for_parentheses_signs_and_chains() {
        let deep = |n: usize| format!("heap_rule[{}n{} - 1](3)", "(".repeat(n), ")".repeat(n));
        assert!(parse(&deep(super::MAX_RULE_DEPTH - 2)).is_ok());
        let e = parse(&deep(super::MAX_RULE_DEPTH + 1)).unwrap_err();
        assert!(e.to_string().contains("nests deeper than 64"), "{e}");
        let chain = |n: usize| format!("heap_rule[n - 1 if 0{} < n](3)", " + 0".repeat(n));
        assert!(parse(&chain(super::MAX_RULE_DEPTH - 4)).is_ok());
        let e = parse(&chain(super::MAX_RULE_DEPTH + 1)).unwrap_err();
        assert!(e.to_string().contains("nests deeper than 64"), "{e}");
        let signs = format!("heap_rule[n - 1 if {}n < 0](3)", "-".repeat(100));
        let e = parse(&signs).unwrap_err();
        assert!(e.to_string().contains("nests deeper than 64"), "{e}");
        // Far past the limit, the reader stops at it (no stack overflow),
        // and a rule is at most 4096 bytes.
        let e = parse(&deep(3000)).unwrap_err();
        assert!(e.to_string().contains("at most 4096 bytes"), "{e}");
        let e = parse(&deep(2000)).unwrap_err();
        assert!(e.to_string().contains("nests deeper than 64"), "{e}");
    }

    #[test]
    fn brackets_of_other_rulesets_keep_their_own_errors() {
        // Text that is not parameters is a rule only for the rulesets that
        // read one; the others report the parameters' error as before.
        let e = parse("subtraction[1,,3](5)").unwrap_err();
        assert_eq!(e.span, 14..15, "{e}");
        let e = parse("nim[n - 1](3)").unwrap_err();
        assert_eq!(e.span, 6..7, "{e}");
        // An unclosed bracket is the parameters' error too.
        let e = parse("heap_rule[n - 1(3)").unwrap_err();
        assert!(!e.to_string().contains("rule"), "{e}");
    }

    #[test]
    fn rules_read_as_parameters_are_rules_too() {
        // `gen_mem[true]` and `heap_rule[0]` read as parameters (a name, an
        // integer): they are the same words in a rule.
        let p = parse("gen_mem[true](3) + heap_rule[0](4)").unwrap();
        assert_eq!(p.to_string(), "gen_mem[true](3, 0) + heap_rule[0](4)");
    }
}
