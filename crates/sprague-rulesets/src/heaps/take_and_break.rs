//! Take-and-break codes in CGSuite's full syntax (its `TBCode`, documented
//! in `game/heap/TakeAndBreak.cgs`), for what plain octal and hexadecimal
//! codes cannot say: `octal[4!.0]` (Grundy's game), `octal[0.[3]]` (Nim),
//! `octal[0.3f?]`, `octal[0.*]`, `octal[{2+}=.0]`.
//!
//! Digit `dk` says what may happen when `k` stones are removed from a heap:
//! bit `i` of its value (a base-32 digit, `0`–`9` then `a`–`v`) lets the
//! rest be left as exactly `i` non-empty heaps (`i = 0`: the heap had
//! exactly `k`; `&N;` writes a digit's value `N` in decimal, for values
//! past `v` = 31: `&32;` allows exactly five heaps). A digit may instead
//! list the heap counts in braces,
//! `{2,3}` or `{2+}` (two or more), and `*` allows any count. A digit
//! followed by `!` requires the heaps left to be pairwise unequal, `?` not
//! all equal, `=` all equal (a list may mark each count). Digits in square
//! brackets at the end repeat for ever: `0.[3]` is `0.333…`. One digit
//! stands before the point (removing nothing must split the heap, so it
//! never allows one heap); CGSuite's additive digits (`20.017`, moves that
//! add stones) would make the game loopy and are refused.
//!
//! A code that, once normalised, is a plain code (no mark, no repetition,
//! digits up to `f`) is handed to the octal engine as written normalised,
//! so its records, period proofs and certificates are the engine's. Any
//! other code is valued here, heap by heap, by the mex over every option
//! (a heap of `n` is valued from those below it), within the budget; no
//! periodicity theorem covers these codes in this engine, so `table
//! --period` says that no theorem applies. Codes print normalised as
//! CGSuite's `TBCode.toString` prints them (lower-case digits, as plain
//! codes print here).

use std::fmt;
use std::sync::{Arc, Mutex};

use sprague_core::budget::Budget;
use sprague_core::error::{ParseError, SolveError};
use sprague_game::syntax::{ComponentSyntax, Param, RulesetSyntax};
use sprague_game::{Component, Impartial, Key, Kind, Move, MoveLabel};
use sprague_impartial::nimber::Nimber;
use sprague_impartial::octal::OctalCode;

use crate::common::Values;
use crate::common::{HeapFamily, heap_components};

/// What a digit asks of the heaps left for one count of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Constraint {
    Unconstrained,
    SomeUnequal,
    PairwiseUnequal,
    AllEqual,
    Disallowed,
}

impl Constraint {
    fn mark(self) -> &'static str {
        match self {
            Constraint::SomeUnequal => "?",
            Constraint::PairwiseUnequal => "!",
            Constraint::AllEqual => "=",
            Constraint::Unconstrained | Constraint::Disallowed => "",
        }
    }

    fn from_mark(c: Option<char>) -> Option<Constraint> {
        match c {
            Some('!') => Some(Constraint::PairwiseUnequal),
            Some('?') => Some(Constraint::SomeUnequal),
            Some('=') => Some(Constraint::AllEqual),
            _ => None,
        }
    }
}

/// One digit: the constraint for each count of heaps left, from 0, and
/// whether every larger count is allowed with the last one's constraint.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Digit {
    counts: Vec<Constraint>,
    more: bool,
}

const BASE32: &str = "0123456789abcdefghijklmnopqrstuv";

impl Digit {
    fn zero() -> Digit {
        Digit {
            counts: Vec::new(),
            more: false,
        }
    }

    fn is_zero(&self) -> bool {
        self.counts.is_empty()
    }

    /// CGSuite's normal form of a digit (its `Digit.apply`): no trailing
    /// disallowed counts; an open list padded to four counts; when the
    /// counts of two or more heaps carry one constraint, every allowed
    /// count carries it, and otherwise counts 0 and 1 carry none; an open
    /// list cut after the last change.
    fn normal(counts: Vec<Constraint>, more: bool) -> Digit {
        let last_allowed = counts.iter().rposition(|&c| c != Constraint::Disallowed);
        let mut counts: Vec<Constraint> = match last_allowed {
            Some(i) => counts[..=i].to_vec(),
            None => return Digit::zero(),
        };
        if more {
            let last = *counts.last().expect("an allowed count");
            while counts.len() < 4 {
                counts.push(last);
            }
        }
        let mut effective: Vec<Constraint> = counts
            .iter()
            .skip(2)
            .copied()
            .filter(|&c| c != Constraint::Disallowed)
            .collect();
        effective.sort_by_key(|&c| c as u8);
        effective.dedup();
        for (i, c) in counts.iter_mut().enumerate() {
            if *c == Constraint::Disallowed {
                continue;
            }
            if effective.len() == 1 {
                *c = effective[0];
            } else if i <= 1 {
                *c = Constraint::Unconstrained;
            }
        }
        if more {
            let last = *counts.last().expect("an allowed count");
            let keep = counts.iter().rposition(|&c| c != last).map_or(1, |i| i + 2);
            counts.truncate(keep);
        }
        Digit { counts, more }
    }

    fn constraint(&self, n_heaps: usize) -> Constraint {
        match self.counts.get(n_heaps) {
            Some(&c) => c,
            None if self.more => *self.counts.last().expect("an open digit has counts"),
            None => Constraint::Disallowed,
        }
    }

    /// Whether the digit is an octal or hexadecimal digit with no mark.
    fn plain_value(&self) -> Option<u8> {
        if self.more
            || self.counts.len() > 4
            || self
                .counts
                .iter()
                .any(|&c| !matches!(c, Constraint::Unconstrained | Constraint::Disallowed))
        {
            return None;
        }
        Some(self.value() as u8)
    }

    fn value(&self) -> u64 {
        self.counts
            .iter()
            .enumerate()
            .filter(|(_, c)| **c != Constraint::Disallowed)
            .map(|(i, _)| 1u64 << i)
            .sum()
    }
}

impl fmt::Display for Digit {
    /// As CGSuite's `Digit.toString`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some(&last) = self.counts.last() else {
            return f.write_str("0");
        };
        let consistent = self
            .counts
            .iter()
            .all(|&c| c == last || c == Constraint::Disallowed);
        match (consistent, self.more) {
            (true, false) => {
                let v = self.value();
                match BASE32.chars().nth(v as usize) {
                    Some(c) => write!(f, "{c}{}", last.mark()),
                    None => write!(f, "&{v};{}", last.mark()),
                }
            }
            (true, true) if self.counts.len() == 1 => write!(f, "*{}", last.mark()),
            (true, true) => {
                let allowed: Vec<String> = (0..self.counts.len())
                    .filter(|&i| self.counts[i] == last)
                    .map(|i| i.to_string())
                    .collect();
                write!(f, "{{{}+}}{}", allowed.join(","), last.mark())
            }
            (false, _) => {
                let allowed: Vec<String> = (0..self.counts.len())
                    .filter(|&i| self.counts[i] != Constraint::Disallowed)
                    .map(|i| format!("{i}{}", self.counts[i].mark()))
                    .collect();
                let more = if self.more { "+" } else { "" };
                write!(f, "{{{}{more}}}", allowed.join(","))
            }
        }
    }
}

/// A take-and-break code in CGSuite's full syntax, normalised.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct GeneralCode {
    /// `d0, d1, ...`: never empty.
    digits: Vec<Digit>,
    /// How many of the last digits repeat for ever (0: none).
    period: usize,
}

/// The most digits a code may have, and the most heap counts a braced
/// digit may name (as CGSuite's 63).
const MAX_DIGITS: usize = 256;
const MAX_COUNT: usize = 63;

impl GeneralCode {
    /// Reads a code; spans in errors are byte offsets from `offset`.
    fn parse(text: &str, offset: usize) -> Result<GeneralCode, ParseError> {
        let bad = |message: String, at: std::ops::Range<usize>| {
            ParseError::bad_parameters(message, offset + at.start..offset + at.end)
        };
        let chars: Vec<(usize, char)> = text.char_indices().collect();
        let mut before: Vec<Digit> = Vec::new();
        let mut after: Vec<Digit> = Vec::new();
        let (mut seen_point, mut repeat_from, mut closed) = (false, None, false);
        let mut i = 0;
        while i < chars.len() {
            let (at, c) = chars[i];
            if closed {
                return Err(bad(
                    "nothing may follow the repeated digits' `]`".into(),
                    at..text.len(),
                ));
            }
            let mut end = i + 1;
            let digit = match c {
                '.' if !seen_point => {
                    seen_point = true;
                    None
                }
                '[' if seen_point && repeat_from.is_none() => {
                    repeat_from = Some(after.len());
                    None
                }
                ']' if repeat_from.is_some() => {
                    closed = true;
                    None
                }
                '*' => Some((vec![Constraint::Unconstrained], true)),
                '{' => {
                    let Some(len) = chars[i..].iter().position(|&(_, c)| c == '}') else {
                        return Err(bad("this `{` is never closed".into(), at..at + 1));
                    };
                    end = i + len + 1;
                    let inside: String = chars[i + 1..i + len].iter().map(|&(_, c)| c).collect();
                    // CGSuite's TBCode refuses a mark for the whole list
                    // when a count carries its own: which would hold?
                    if inside.contains(['!', '?', '='])
                        && Constraint::from_mark(chars.get(end).map(|&(_, c)| c)).is_some()
                    {
                        return Err(bad(
                            format!(
                                "`{{{inside}}}` marks its own counts, so it takes no mark after its `}}`"
                            ),
                            at..chars.get(end).map_or(text.len(), |&(a, _)| a + 1),
                        ));
                    }
                    Some(Self::count_list(&inside).ok_or_else(|| {
                        bad(
                            format!(
                                "`{{{inside}}}` is not a list of heap counts (0 to {MAX_COUNT}) \
                                 like {{2,3}} or {{2+}}"
                            ),
                            at..chars.get(end - 1).map_or(text.len(), |&(a, _)| a + 1),
                        )
                    })?)
                }
                '&' => {
                    // `&N;`: the digit of value N written in decimal, for
                    // the values past base 32's `v` (CGSuite's TBCode).
                    let Some(len) = chars[i..].iter().position(|&(_, c)| c == ';') else {
                        return Err(bad(
                            "this `&` is never closed by `;` (a digit `&N;` gives its value in decimal)"
                                .into(),
                            at..at + 1,
                        ));
                    };
                    end = i + len + 1;
                    let inside: String = chars[i + 1..i + len].iter().map(|&(_, c)| c).collect();
                    let value: u64 = inside.parse().map_err(|_| {
                        bad(
                            format!(
                                "`&{inside};` is not a digit: `&N;` takes a decimal N below 2^64"
                            ),
                            at..chars.get(end - 1).map_or(text.len(), |&(a, _)| a + 1),
                        )
                    })?;
                    Some((
                        (0..64)
                            .map(|b| Self::allowed(value >> b & 1 == 1))
                            .collect(),
                        false,
                    ))
                }
                c => match BASE32.find(c.to_ascii_lowercase()) {
                    Some(v) => Some((
                        (0..5).map(|b| Self::allowed(v >> b & 1 == 1)).collect(),
                        false,
                    )),
                    None => {
                        return Err(bad(
                            format!(
                                "`{c}` is not a digit of a take-and-break code \
                                 (0-9 and a-v, &N; in decimal, *, {{…}}, a mark !, ? or =, [ ] around repeated digits)"
                            ),
                            at..at + c.len_utf8(),
                        ));
                    }
                },
            };
            let Some((mut counts, more)) = digit else {
                i = end;
                continue;
            };
            // A mark after the digit sets the constraint of every count
            // the digit allows (a braced list may mark its own counts).
            if let Some(mark) = Constraint::from_mark(chars.get(end).map(|&(_, c)| c)) {
                for count in counts.iter_mut() {
                    if *count != Constraint::Disallowed {
                        *count = mark;
                    }
                }
                end += 1;
            }
            let digit = Digit::normal(counts, more);
            if seen_point {
                after.push(digit);
            } else {
                before.push(digit);
            }
            i = end;
        }
        let whole = 0..text.len();
        if !seen_point {
            return Err(bad(
                "a take-and-break code needs a point, like 0.77 or 4!.0".into(),
                whole,
            ));
        }
        if repeat_from.is_some() && !closed {
            return Err(bad("the repeated digits need their `]`".into(), whole));
        }
        // Leading zero digits before the point say nothing (CGSuite's
        // `04.30` is `4.3`); more than one digit left are additive ones.
        while before.len() > 1 && before[0].is_zero() {
            before.remove(0);
        }
        if before.len() > 1 {
            return Err(bad(
                "only one digit may stand before the point: digits that add stones \
                 (CGSuite's 20.017) make the game loopy"
                    .into(),
                whole,
            ));
        }
        let d0 = before.pop().unwrap_or_else(Digit::zero);
        if d0.constraint(0) != Constraint::Disallowed || d0.constraint(1) != Constraint::Disallowed
        {
            return Err(bad(
                "the digit before the point may not allow 0 or 1 heaps \
                 (removing no stones must split the heap)"
                    .into(),
                whole,
            ));
        }
        let mut digits = vec![d0];
        digits.extend(after);
        let mut period = repeat_from.map_or(0, |from| digits.len() - 1 - from);
        if digits.len() > MAX_DIGITS + 1 {
            return Err(bad(
                format!("at most {MAX_DIGITS} digits after the point are supported"),
                whole,
            ));
        }
        // CGSuite's normalisation: repeated zeros repeat nothing, and
        // trailing zeros of a code that does not repeat say nothing.
        if period > 0 && digits[digits.len() - period..].iter().all(Digit::is_zero) {
            digits.truncate(digits.len() - period);
            period = 0;
        }
        if period == 0 {
            while digits.len() > 1 && digits.last().is_some_and(Digit::is_zero) {
                digits.pop();
            }
        }
        if digits.len() == 1 {
            digits.push(Digit::zero());
        }
        Ok(GeneralCode { digits, period })
    }

    /// A count a digit's bit allows (unconstrained) or does not.
    fn allowed(bit: bool) -> Constraint {
        if bit {
            Constraint::Unconstrained
        } else {
            Constraint::Disallowed
        }
    }

    /// The counts of a braced digit: `2,3`, `2+`, `0,2!,3` (a count may
    /// carry its own mark).
    fn count_list(inside: &str) -> Option<(Vec<Constraint>, bool)> {
        let (list, more) = match inside.strip_suffix('+') {
            Some(list) => (list, true),
            None => (inside, false),
        };
        let mut counts = Vec::new();
        for token in list.split(',') {
            let token = token.trim();
            let (number, mark) = match Constraint::from_mark(token.chars().last()) {
                Some(mark) => (&token[..token.len() - 1], mark),
                None => (token, Constraint::Unconstrained),
            };
            let n: usize = number.parse().ok().filter(|&n| n <= MAX_COUNT)?;
            if counts.len() <= n {
                counts.resize(n + 1, Constraint::Disallowed);
            }
            counts[n] = mark;
        }
        Some((counts, more))
    }

    /// The same code as a plain octal or hexadecimal code, if it is one.
    fn plain(&self) -> Option<OctalCode> {
        if self.period > 0 {
            return None;
        }
        let digits: Option<Vec<u8>> = self.digits.iter().map(Digit::plain_value).collect();
        OctalCode::from_digits(&digits?).ok()
    }

    fn digit(&self, k: usize) -> &Digit {
        static ZERO: Digit = Digit {
            counts: Vec::new(),
            more: false,
        };
        if k < self.digits.len() {
            &self.digits[k]
        } else if self.period > 0 {
            let pre = self.digits.len() - self.period;
            &self.digits[pre + (k - pre) % self.period]
        } else {
            &ZERO
        }
    }
}

/// Every way to write `total` as `count` positive parts, none above `cap`,
/// in non-increasing order (after the `parts` already chosen), that meets
/// `constraint` on the whole list.
fn partitions(
    total: usize,
    count: usize,
    cap: usize,
    constraint: Constraint,
    parts: &mut Vec<usize>,
    visit: &mut dyn FnMut(&[usize]) -> Result<(), SolveError>,
) -> Result<(), SolveError> {
    if count == 0 {
        if total != 0 {
            return Ok(());
        }
        let ok = match constraint {
            Constraint::SomeUnequal => parts.windows(2).any(|w| w[0] != w[1]),
            _ => true,
        };
        return if ok { visit(parts) } else { Ok(()) };
    }
    // The parts left are at least 1 each (at least count, count-1, ...,
    // 1 when they must differ) and at most `cap`.
    let least_rest = match constraint {
        Constraint::PairwiseUnequal => count * (count - 1) / 2,
        _ => count - 1,
    };
    if total < least_rest + 1 {
        return Ok(());
    }
    let high = cap.min(total - least_rest);
    let low = total.div_ceil(count);
    for part in (low..=high).rev() {
        if constraint == Constraint::AllEqual && parts.first().is_some_and(|&p| p != part) {
            continue;
        }
        let next_cap = if constraint == Constraint::PairwiseUnequal {
            part - 1
        } else {
            part
        };
        parts.push(part);
        partitions(total - part, count - 1, next_cap, constraint, parts, visit)?;
        parts.pop();
    }
    Ok(())
}

impl fmt::Display for GeneralCode {
    /// As CGSuite's `TBCode.toString`: `4!.0`, `0.[3]`, `0.7[03]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.", self.digits[0])?;
        let pre = self.digits.len() - self.period;
        for d in &self.digits[1..pre] {
            write!(f, "{d}")?;
        }
        if self.period > 0 {
            f.write_str("[")?;
            for d in &self.digits[pre..] {
                write!(f, "{d}")?;
            }
            f.write_str("]")?;
        } else if pre == 1 {
            f.write_str("0")?;
        }
        Ok(())
    }
}

/// A code in the full syntax read from `octal[CODE]`: the plain code it is
/// (for the octal engine), or the rules valued here.
pub(crate) enum ReadCode {
    Plain(OctalCode),
    General(Arc<GeneralRules>),
}

/// Reads the code of `octal[CODE]` when it is written in CGSuite's full
/// syntax; `None` for a code in the plain syntax (`0.137`, `4.07`), which
/// the octal engine reads itself.
///
/// # Errors
///
/// A [`ParseError`] on the code for a code that does not read.
pub(crate) fn read(r: &RulesetSyntax) -> Result<Option<ReadCode>, ParseError> {
    let [param] = r.params.as_slice() else {
        return Ok(None);
    };
    let Param::Code(text) = &param.value else {
        return Ok(None);
    };
    let plain_syntax = text.chars().filter(|&c| c == '.').count() == 1
        && text.find('.').is_some_and(|p| p <= 1)
        && text.chars().all(|c| c == '.' || c.is_ascii_hexdigit());
    if plain_syntax {
        return Ok(None);
    }
    let code = GeneralCode::parse(text, param.span.start)?;
    Ok(Some(match code.plain() {
        Some(plain) => ReadCode::Plain(plain),
        None => ReadCode::General(Arc::new(GeneralRules::new(
            format!("octal[{code}]"),
            Box::new(code),
        ))),
    }))
}

/// The rules of one code in the full syntax and the Grundy values computed
/// so far, shared by every heap of one ruleset instance.
#[derive(Debug)]
pub(crate) struct GeneralRules {
    text: String,
    code: Box<dyn SplitRule>,
    values: Mutex<Vec<u64>>,
}

/// What a [`SplitRule`] calls with each option: the stones taken and the
/// heaps left.
pub(crate) type Visit<'a> = &'a mut dyn FnMut(usize, &[usize]);

/// The end of a [`SplitRule`]'s listing: complete, or the budget's error.
pub(crate) type Listed = Result<(), SolveError>;

/// A rule that splits a heap into smaller heaps, listing the options of a
/// heap itself: a code in the full syntax, or CGSuite's Spawning codes
/// (`spawning.rs`). [`GeneralRules`] values its heaps by the mex.
pub(crate) trait SplitRule: fmt::Debug + Send + Sync {
    /// Visits every option of a heap of `n` (what it takes, for its label,
    /// and the heaps it leaves, each smaller than `n`), counting them
    /// against `budget`.
    ///
    /// # Errors
    ///
    /// [`SolveError::BudgetExceeded`] past the budget's positions.
    fn for_each_option(&self, n: usize, budget: &Budget, visit: Visit<'_>) -> Listed;

    /// How the option of a heap of `n` that takes `k` and leaves `parts`
    /// is described.
    fn label(&self, n: u64, k: usize, parts: &[usize]) -> MoveLabel {
        let left: Vec<String> = parts.iter().map(usize::to_string).collect();
        match (k, parts.len()) {
            (_, 0 | 1) => crate::common::take_description(k as u64, n),
            (0, _) => MoveLabel::Words(format!("split the heap of {n} into {}", left.join(", "))),
            _ => MoveLabel::Words(format!(
                "take {k} from the heap of {n}, leaving {}",
                left.join(", ")
            )),
        }
    }
}

impl SplitRule for GeneralCode {
    /// Every option of a heap of `n`: the stones taken and the heaps left
    /// (largest first), in the order of the stones taken, then the number
    /// of heaps, then the heaps' sizes; the budget, counted in options,
    /// stops it.
    fn for_each_option(&self, n: usize, budget: &Budget, visit: Visit<'_>) -> Listed {
        let mut emit = counted(budget, visit);
        let last_k = if self.period > 0 {
            n
        } else {
            n.min(self.digits.len() - 1)
        };
        let mut parts = Vec::new();
        for k in 0..=last_k {
            let d = self.digit(k);
            if d.is_zero() {
                continue;
            }
            let rest = n - k;
            let most = if d.more { rest } else { d.counts.len() - 1 };
            for count in 0..=most.min(rest) {
                let constraint = d.constraint(count);
                if constraint == Constraint::Disallowed || (count == 0 && rest != 0) {
                    continue;
                }
                if count == 0 || count == 1 {
                    parts.clear();
                    if count == 1 {
                        parts.push(rest);
                    }
                    emit(k, &parts)?;
                    continue;
                }
                parts.clear();
                partitions(rest, count, rest, constraint, &mut parts, &mut |p| {
                    emit(k, p)
                })?;
            }
        }
        Ok(())
    }
}

/// `visit`, counting each option it is given against the budget's
/// positions: what every [`SplitRule`] does with the options it lists.
pub(crate) fn counted<'a>(
    budget: &'a Budget,
    visit: Visit<'a>,
) -> impl FnMut(usize, &[usize]) -> Result<(), SolveError> + 'a {
    let mut seen = 0u64;
    move |k, parts| {
        seen += 1;
        budget.check_positions(seen)?;
        visit(k, parts);
        Ok(())
    }
}

impl GeneralRules {
    /// The rules `code`, written `text` (`octal[4!.0]`), no value known yet.
    pub(crate) fn new(text: String, code: Box<dyn SplitRule>) -> GeneralRules {
        GeneralRules {
            text,
            code,
            values: Mutex::new(Vec::new()),
        }
    }

    /// The rules as written: `octal[4!.0]`.
    pub(crate) fn text(&self) -> &str {
        &self.text
    }

    /// The rule that lists the options.
    pub(crate) fn code(&self) -> &dyn SplitRule {
        &*self.code
    }

    /// The Grundy value of a heap of `n`.
    pub(crate) fn grundy(&self, n: u64, budget: &Budget) -> Result<u64, SolveError> {
        let values = self.grundy_to(n, budget)?;
        Ok(values[values.len() - 1])
    }

    /// The Grundy value of every heap up to `n`, by the mex over the
    /// options of each.
    fn grundy_to(&self, n: u64, budget: &Budget) -> Result<Vec<u64>, SolveError> {
        let mut values = self.values.lock().unwrap_or_else(|e| e.into_inner());
        let n = usize::try_from(n)
            .ok()
            .filter(|&n| (n as u64) < budget.max_positions)
            .ok_or(SolveError::BudgetExceeded {
                limit: budget.max_positions,
            })?;
        while values.len() <= n {
            budget.check_time()?;
            let h = values.len();
            let mut seen = Vec::new();
            self.code.for_each_option(h, budget, &mut |_, parts| {
                let g = parts.iter().fold(0, |acc, &p| acc ^ values[p]);
                seen.push(g);
            })?;
            seen.sort_unstable();
            seen.dedup();
            let mex = seen
                .iter()
                .enumerate()
                .find(|&(i, &g)| g != i as u64)
                .map_or(seen.len() as u64, |(i, _)| i as u64);
            values.push(mex);
        }
        Ok(values[..=n].to_vec())
    }

    pub(crate) fn heaps(
        self: &Arc<Self>,
        c: &ComponentSyntax,
    ) -> Result<Vec<Arc<dyn Component>>, ParseError> {
        heap_components(c, |size| GeneralHeap {
            rules: Arc::clone(self),
            size,
        })
    }
}

/// One heap of a take-and-break game whose code is in the full syntax.
#[derive(Clone, Debug)]
pub struct GeneralHeap {
    rules: Arc<GeneralRules>,
    size: u64,
}

impl Component for GeneralHeap {
    fn ruleset(&self) -> String {
        self.rules.text.clone()
    }

    fn args(&self) -> String {
        self.size.to_string()
    }

    fn key(&self) -> Key {
        Key::shared("octal", &self.rules, [self.size])
    }

    fn kind(&self) -> Kind<'_> {
        Kind::Impartial(self)
    }
}

impl Impartial for GeneralHeap {
    fn grundy(&self, budget: &Budget) -> Result<Nimber, SolveError> {
        self.rules.grundy(self.size, budget).map(Nimber)
    }

    fn moves(&self, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        let n = usize::try_from(self.size).map_err(|_| SolveError::BudgetExceeded {
            limit: budget.max_positions,
        })?;
        let mut moves = Vec::new();
        self.rules
            .code
            .for_each_option(n, budget, &mut |k, parts| {
                let label = self.rules.code.label(self.size, k, parts);
                moves.push(Move::to_sum(
                    label,
                    parts
                        .iter()
                        .map(|&p| {
                            Arc::new(GeneralHeap {
                                rules: Arc::clone(&self.rules),
                                size: p as u64,
                            }) as Arc<dyn Component>
                        })
                        .collect(),
                ));
            })?;
        Ok(moves)
    }
}

/// The one-heap family of a code in the full syntax, for `sprague table`:
/// values by the mex, and no periodicity theorem.
#[derive(Debug)]
pub(crate) struct GeneralFamily(pub(crate) Arc<GeneralRules>);

impl HeapFamily for GeneralFamily {
    fn ruleset(&self) -> String {
        self.0.text.clone()
    }

    fn heap_options(&self, n: u64, budget: &Budget) -> Option<crate::common::HeapOptions> {
        let Ok(n) = usize::try_from(n) else {
            return Some(Err(SolveError::BudgetExceeded {
                limit: budget.max_positions,
            }));
        };
        let mut options = Vec::new();
        Some(
            self.0
                .code
                .for_each_option(n, budget, &mut |_, parts| {
                    options.push(parts.iter().map(|&p| p as u64).collect());
                })
                .map(|()| options),
        )
    }

    fn grundy_values(&self, from: u64, to: u64, budget: &Budget) -> Values {
        let values = self.0.grundy_to(to, budget)?;
        Ok(values[from.min(to + 1) as usize..]
            .iter()
            .map(|&g| Nimber(g))
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(text: &str) -> GeneralCode {
        GeneralCode::parse(text, 0).unwrap()
    }

    fn options(text: &str, n: usize) -> String {
        let mut out = Vec::new();
        code(text)
            .for_each_option(n, &Budget::DEFAULT, &mut |_, parts| {
                let mut p = parts.to_vec();
                p.sort_unstable();
                out.push(if p.is_empty() {
                    "-".to_string()
                } else {
                    p.iter().map(usize::to_string).collect::<Vec<_>>().join(",")
                });
            })
            .unwrap();
        out.sort();
        out.join("  ")
    }

    fn sorted(list: &str) -> String {
        let mut v: Vec<&str> = list.split("  ").filter(|s| !s.is_empty()).collect();
        v.sort_unstable();
        v.join("  ")
    }

    #[test]
    fn cgsuites_traversals() {
        // CGSuite, lib/core/src/test/scala/org/cgsuite/core/impartial/TBCodeTest.scala
        // ("traverse options correctly"): the options of a heap, each the
        // heaps left (`-` for none), compared as sets.
        for (text, n, expected) in [
            ("0.3", 9, "8"),
            ("0.7", 9, "8  1,7  2,6  3,5  4,4"),
            ("0.77", 9, "8  1,7  2,6  3,5  4,4  7  1,6  2,5  3,4"),
            ("4.0", 8, "1,7  2,6  3,5  4,4"),
            ("4!.0", 8, "1,7  2,6  3,5"),
            ("0.3F", 9, "8  7  1,6  2,5  3,4  1,1,5  1,2,4  1,3,3  2,2,3"),
            (
                "0.3F?",
                9,
                "8  7  1,6  2,5  3,4  1,1,5  1,2,4  1,3,3  2,2,3",
            ),
            ("0.3F!", 9, "8  7  1,6  2,5  3,4  1,2,4"),
            (
                "0.3f?",
                11,
                "10  9  1,8  2,7  3,6  4,5  1,1,7  1,2,6  1,3,5  1,4,4  2,2,5  2,3,4",
            ),
            (
                "0.3f!",
                11,
                "10  9  1,8  2,7  3,6  4,5  1,2,6  1,3,5  2,3,4",
            ),
            (
                "0.*3",
                7,
                "6  1,5  2,4  3,3  1,1,4  1,2,3  2,2,2  1,1,1,3  1,1,2,2  1,1,1,1,2  1,1,1,1,1,1  5",
            ),
            (
                "0.*?3",
                7,
                "6  1,5  2,4  1,1,4  1,2,3  1,1,1,3  1,1,2,2  1,1,1,1,2  5",
            ),
            ("0.*!3", 7, "6  1,5  2,4  1,2,3  5"),
            ("0.[3]", 7, "6  5  4  3  2  1  -"),
            ("0.[2]", 7, "6  5  4  3  2  1"),
            ("0.3[1]", 7, "6  -"),
            ("0.7[03]", 7, "6  1,5  2,4  3,3  4  2  -"),
            ("0.*=", 11, "10  5,5  2,2,2,2,2  1,1,1,1,1,1,1,1,1,1"),
            ("{2+}=.0", 10, "5,5  2,2,2,2,2  1,1,1,1,1,1,1,1,1,1"),
            ("0.{0,1,3+}", 1, "-"),
            ("0.{0,1,3+}", 2, "1"),
            (
                "0.{0,1,3+}",
                7,
                "6  1,1,4  1,2,3  2,2,2  1,1,1,3  1,1,2,2  1,1,1,1,2  1,1,1,1,1,1",
            ),
            ("0.{1,3+}", 1, ""),
            (
                "0.{2,3?+}",
                7,
                "1,5  2,4  3,3  1,1,4  1,2,3  1,1,1,3  1,1,2,2  1,1,1,1,2",
            ),
        ] {
            assert_eq!(options(text, n), sorted(expected), "{text} at {n}");
        }
    }

    #[test]
    fn the_full_syntax_values_plain_codes_as_the_octal_engine_does() {
        // Plain codes read by the full syntax's reader and valued by its
        // mex, against the octal engine, to heap 80 (CGSuite's `80.0` of
        // its traversal tests has an additive digit, refused here).
        for text in [
            "0.07", "0.77", "0.137", "4.07", "0.6", "0.f7", "0.33f", "8.0", "0.04",
        ] {
            let rules = GeneralRules::new(String::new(), Box::new(code(text)));
            let engine = crate::family(
                &sprague_game::syntax::parse_ruleset(&format!("octal[{text}]")).unwrap(),
            )
            .unwrap()
            .grundy_values(0, 80, &Budget::DEFAULT)
            .unwrap();
            let ours: Vec<Nimber> = rules
                .grundy_to(80, &Budget::DEFAULT)
                .unwrap()
                .into_iter()
                .map(Nimber)
                .collect();
            assert_eq!(ours, engine, "{text}");
        }
    }

    #[test]
    fn the_budget_bounds_the_options() {
        // Every partition of a heap of 60 (0.* leaves any number of heaps)
        // is far more than 1000 options.
        let rules = GeneralRules::new(String::new(), Box::new(code("0.*")));
        assert!(matches!(
            rules.grundy_to(60, &Budget::positions(1000)),
            Err(SolveError::BudgetExceeded { .. })
        ));
    }

    #[test]
    fn cgsuites_normalisations() {
        // CGSuite, TBCodeTest.scala ("normalize codes correctly"), with
        // its digits in lower case as our codes print; the codes with an
        // additive digit left (CGSuite's `04.30` has none once its zero is
        // dropped) are all of its cases.
        for (text, normal) in [
            ("04.30", "4.3"),
            ("04.00[30]", "4.00[30]"),
            ("04.00[00]", "4.0"),
            ("00.00[00]", "0.0"),
            ("0.{1,2!}", "0.6!"),
            ("0.{0!,2!,3!}", "0.d!"),
            ("0.{0!,2!,3}", "0.{0,2!,3}"),
            ("0.{0!,2!,3!+}", "0.{0,2+}!"),
            ("0.{0!,2,3!+}", "0.{0,2,3!+}"),
            ("0.{0!,3+}", "0.{0,3+}"),
            ("0.{0,2!,4!+}", "0.{0,2,4+}!"),
            ("0.{0!,2!,4+}", "0.{0,2!,4+}"),
            ("0.{0!,2!,4?+}", "0.{0,2!,4?+}"),
            ("0.{0!,2?,4?+}", "0.{0,2,4+}?"),
            ("0.{0!,2=,4?+}", "0.{0,2=,4?+}"),
            ("0.{0!,2=,3?,4?+}", "0.{0,2=,3?+}"),
            ("0.{0!,2?,3?,4?+}", "0.{0,2+}?"),
            ("0.{0,1!,2,3,4+}", "0.*"),
            ("0.{0,1,2!,3!,4!+}", "0.*!"),
        ] {
            assert_eq!(code(text).to_string(), normal, "{text}");
            // What is printed reads back as itself.
            assert_eq!(code(normal).to_string(), normal, "{normal}");
        }
    }

    #[test]
    fn decimal_digits_are_their_spelled_out_equivalents() {
        // `&N;` (CGSuite's TBCode.parse) is the digit of value N: the same
        // code as the base-32 digit or the braced list of N's bits, marks
        // and repetition included, and it prints back as CGSuite prints a
        // digit past `v`.
        for (decimal, spelled) in [
            ("0.&7;", "0.7"),
            ("0.&3;&15;", "0.3f"),
            ("0.&31;", "0.v"),
            ("0.&32;", "0.{5}"),
            ("0.&33;", "0.{0,5}"),
            ("0.&7;!", "0.7!"),
            ("0.3&12;?", "0.3c?"),
            ("0.[&3;]", "0.[3]"),
            ("&4;!.0", "4!.0"),
            ("0.&0;&1;", "0.01"),
            ("0.&9223372036854775809;", "0.{0,63}"),
        ] {
            assert_eq!(code(decimal), code(spelled), "{decimal}");
            assert_eq!(
                code(decimal).to_string(),
                code(spelled).to_string(),
                "{decimal}"
            );
        }
        assert_eq!(code("0.&32;").to_string(), "0.&32;");
        assert_eq!(code("0.&32;").to_string(), code("0.&32;").to_string());
        assert_eq!(code(&code("0.&96;").to_string()), code("0.{5,6}"));
        // The options of a heap alike (two heaps or five, of 7 less one).
        assert_eq!(options("0.&36;", 7), options("0.{2,5}", 7));
        assert_eq!(options("0.&36;", 7), "1,1,1,1,2  1,5  2,4  3,3");
    }

    #[test]
    fn bad_codes_are_errors_with_spans() {
        assert_eq!(GeneralCode::parse("0.&7", 10).unwrap_err().span, 12..13);
        assert_eq!(GeneralCode::parse("0.&x;3", 10).unwrap_err().span, 12..15);
        assert!(GeneralCode::parse("0.&18446744073709551616;", 0).is_err());
        assert!(GeneralCode::parse("0.&;", 0).is_err());
        assert_eq!(GeneralCode::parse("0.3x", 10).unwrap_err().span, 13..14);
        assert!(GeneralCode::parse("20.017", 0).is_err());
        assert!(GeneralCode::parse("0.[3", 0).is_err());
        assert!(GeneralCode::parse("0.[3]1", 0).is_err());
        assert!(GeneralCode::parse("0.{99}", 0).is_err());
        assert!(GeneralCode::parse("2.0", 0).is_err());
        // CGSuite's TBCode.parseConstraintList: a list whose counts carry
        // marks takes none after it.
        assert_eq!(
            GeneralCode::parse("0.{2!,3}?", 10).unwrap_err().span,
            12..19
        );
        assert_eq!(code("0.{2!,3}").to_string(), "0.{2!,3}");
        assert_eq!(code("0.{2,3}?").to_string(), "0.c?");
        // CGSuite's digits are base 32 (TBCode.base32Chars, `0`-`V`; the
        // `G`-`Z` of TakeAndBreak.cgs's prose is not what its parser reads):
        // past `v` a digit is `&N;`, and the error says so.
        let e = GeneralCode::parse("0.w", 0).unwrap_err();
        assert!(e.to_string().contains("&N;"), "{e}");
        assert_eq!(code("0.&32;"), code("0.{5}"));
        assert!(GeneralCode::parse("03", 0).is_err());
    }
}
