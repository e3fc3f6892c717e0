//! Evaluating a rule: checked `i128` arithmetic, the loops of a group
//! without recursion, and the limits of the module's docs. An error names
//! the expression, by its text, and the values the rule was given.

use std::ops::Range;

use sprague_core::budget::Budget;
use sprague_core::error::SolveError;

use super::parse::{Body, Expr, Func, Group, Node, Op};
use super::{MAX_RANGE, MAX_STEPS, Rule, RuleKind};
use crate::common::check_move_count;
use crate::heaps::cake::MAX_SIDE;

/// Steps between two readings of the clock.
const CLOCK_EVERY: u64 = 1 << 12;

/// One evaluation: the values of the rule's names, and the steps taken.
struct Eval<'a> {
    rule: &'a Rule,
    vars: Vec<i128>,
    steps: u64,
    budget: &'a Budget,
}

impl Rule {
    /// The options of a heap of `n`: for each, the heaps it leaves (a heap
    /// of 0 is no heap), each smaller than `n`.
    ///
    /// # Errors
    ///
    /// [`SolveError::Unsupported`] naming the expression that overflows,
    /// divides by zero, ranges over more than [`MAX_RANGE`] values or
    /// leaves a heap that is negative or not smaller than `n`; more than
    /// [`MAX_STEPS`] steps; the budget's positions or time.
    pub(crate) fn heap_options(
        &self,
        n: u64,
        budget: &Budget,
    ) -> Result<Vec<Vec<u64>>, SolveError> {
        debug_assert_eq!(self.kind, RuleKind::Heap);
        self.options(&[n], budget)
    }

    /// The options of the position `(r, c)`: for each, the positions of
    /// the sum it leaves, each coordinate in `0..=MAX_SIDE`.
    ///
    /// # Errors
    ///
    /// As [`Rule::heap_options`], a coordinate out of range instead of a
    /// heap.
    pub(crate) fn coordinate_options(
        &self,
        r: u64,
        c: u64,
        budget: &Budget,
    ) -> Result<Vec<Vec<(u64, u64)>>, SolveError> {
        debug_assert_eq!(self.kind, RuleKind::Coordinates);
        Ok(self
            .options(&[r, c], budget)?
            .into_iter()
            .map(|flat| flat.chunks(2).map(|p| (p[0], p[1])).collect())
            .collect())
    }

    /// GenMem's predicate: whether a move may take `a` when the last took
    /// `k`.
    ///
    /// # Errors
    ///
    /// [`SolveError::Unsupported`] naming the expression that overflows or
    /// divides by zero.
    pub(crate) fn allows(&self, k: u64, a: u64) -> Result<bool, SolveError> {
        let Body::Predicate(e) = &self.body else {
            return Err(SolveError::unsupported(
                "a rule of options is not a condition",
            ));
        };
        let budget = Budget::DEFAULT;
        let eval = Eval::new(self, &[k, a], &budget);
        eval.truth(e)
    }

    fn options(&self, given: &[u64], budget: &Budget) -> Result<Vec<Vec<u64>>, SolveError> {
        let Body::Options(groups) = &self.body else {
            return Err(SolveError::unsupported(
                "a condition is not a rule of options",
            ));
        };
        let mut eval = Eval::new(self, given, budget);
        let mut out = Vec::new();
        for group in groups {
            eval.group(group, &mut out)?;
        }
        Ok(out)
    }
}

impl<'a> Eval<'a> {
    fn new(rule: &'a Rule, given: &[u64], budget: &'a Budget) -> Eval<'a> {
        let mut vars = vec![0i128; rule.names.len()];
        for (v, g) in vars.iter_mut().zip(given) {
            *v = i128::from(*g);
        }
        Eval {
            rule,
            vars,
            steps: 0,
            budget,
        }
    }

    /// The error about the text at `span`: "heap_rule: `n * n` overflows
    /// at n = 3".
    fn fail(&self, span: &Range<usize>, what: impl std::fmt::Display) -> SolveError {
        self.fail_plain(format!("`{}` {what}", self.rule.text_at(span)))
    }

    /// The error `what`, with the values the rule was given.
    fn fail_plain(&self, what: impl std::fmt::Display) -> SolveError {
        let given = self
            .rule
            .kind
            .given()
            .iter()
            .zip(&self.vars)
            .map(|(name, v)| format!("{name} = {v}"))
            .collect::<Vec<_>>()
            .join(", ");
        SolveError::unsupported(format!("{}: {what} at {given}", self.rule.kind.ruleset()))
    }

    fn int(&self, e: &Expr) -> Result<i128, SolveError> {
        let overflow = || {
            self.fail(
                &e.span,
                "overflows (rules compute with integers below 2^127)",
            )
        };
        match &e.node {
            Node::Int(v) => Ok(*v),
            Node::Var(_, slot) => Ok(self.vars[*slot]),
            Node::Neg(x) => self.int(x)?.checked_neg().ok_or_else(overflow),
            Node::Binary(op, a, b) => {
                let (x, y) = (self.int(a)?, self.int(b)?);
                if matches!(op, Op::Div | Op::Rem) && y == 0 {
                    return Err(self.fail(&e.span, "divides by zero"));
                }
                match op {
                    Op::Add => x.checked_add(y),
                    Op::Sub => x.checked_sub(y),
                    Op::Mul => x.checked_mul(y),
                    Op::Div => floor_div(x, y),
                    Op::Rem => floor_div(x, y).and_then(|q| x.checked_sub(y.checked_mul(q)?)),
                    _ => return Err(self.fail(&e.span, "is a condition, not a number")),
                }
                .ok_or_else(overflow)
            }
            Node::Call(func, args) => {
                let mut values = args.iter().map(|a| self.int(a));
                let first = values.next().unwrap_or(Ok(0))?;
                match func {
                    Func::Abs => first.checked_abs().ok_or_else(overflow),
                    Func::Min => values.try_fold(first, |m, v| Ok(m.min(v?))),
                    Func::Max => values.try_fold(first, |m, v| Ok(m.max(v?))),
                }
            }
            Node::Bool(_) | Node::Not(_) | Node::Tuple(_) => {
                Err(self.fail(&e.span, "is not a number"))
            }
        }
    }

    fn truth(&self, e: &Expr) -> Result<bool, SolveError> {
        match &e.node {
            Node::Bool(b) => Ok(*b),
            Node::Not(x) => Ok(!self.truth(x)?),
            Node::Binary(Op::And, a, b) => Ok(self.truth(a)? && self.truth(b)?),
            Node::Binary(Op::Or, a, b) => Ok(self.truth(a)? || self.truth(b)?),
            Node::Binary(op, a, b) => {
                let (x, y) = (self.int(a)?, self.int(b)?);
                match op {
                    Op::Eq => Ok(x == y),
                    Op::Ne => Ok(x != y),
                    Op::Lt => Ok(x < y),
                    Op::Le => Ok(x <= y),
                    Op::Gt => Ok(x > y),
                    Op::Ge => Ok(x >= y),
                    _ => Err(self.fail(&e.span, "is a number, not a condition")),
                }
            }
            _ => Err(self.fail(&e.span, "is not a condition")),
        }
    }

    /// The options of one group, over its loops (an explicit walk: the
    /// loops' values are counters, not frames), appended to `out`.
    fn group(&mut self, group: &Group, out: &mut Vec<Vec<u64>>) -> Result<(), SolveError> {
        let loops = &group.loops;
        if loops.is_empty() {
            return self.step(group, out);
        }
        let mut ends = vec![0i128; loops.len()];
        let mut level = 0;
        'enter: loop {
            let l = &loops[level];
            let (lo, hi) = (self.int(&l.lo)?, self.int(&l.hi)?);
            if lo <= hi {
                let count = hi.checked_sub(lo).and_then(|d| d.checked_add(1));
                if count.is_none_or(|c| c > i128::from(MAX_RANGE)) {
                    let values = count.map_or("more than 2^127".to_string(), |c| c.to_string());
                    return Err(self.fail(
                        &l.span,
                        format!("ranges over {values} values, more than {MAX_RANGE}"),
                    ));
                }
                self.vars[l.slot] = lo;
                ends[level] = hi;
                if level + 1 < loops.len() {
                    level += 1;
                    continue 'enter;
                }
                loop {
                    self.step(group, out)?;
                    if self.vars[l.slot] == hi {
                        break;
                    }
                    self.vars[l.slot] += 1;
                }
            }
            // Up to the nearest loop that has values left.
            loop {
                if level == 0 {
                    return Ok(());
                }
                level -= 1;
                let slot = loops[level].slot;
                if self.vars[slot] < ends[level] {
                    self.vars[slot] += 1;
                    level += 1;
                    continue 'enter;
                }
            }
        }
    }

    /// The group's option at the loops' present values, if its filter
    /// holds.
    fn step(&mut self, group: &Group, out: &mut Vec<Vec<u64>>) -> Result<(), SolveError> {
        self.steps += 1;
        if self.steps > MAX_STEPS {
            return Err(self.fail_plain(format!(
                "the options take more than {MAX_STEPS} steps for one position"
            )));
        }
        if self.steps.is_multiple_of(CLOCK_EVERY) {
            self.budget.check_time()?;
        }
        if let Some(filter) = &group.filter
            && !self.truth(filter)?
        {
            return Ok(());
        }
        let mut values = Vec::new();
        self.flatten(&group.option, &mut values)?;
        let mut option = Vec::with_capacity(values.len());
        for (v, span) in values {
            match self.rule.kind {
                RuleKind::Heap => {
                    let n = self.vars[0];
                    if v < 0 || v >= n {
                        return Err(self.fail(
                            &span,
                            format!(
                                "leaves a heap of {v} from a heap of {n}: the heaps an option \
                                 leaves are at least 0 and smaller than n, so that play ends"
                            ),
                        ));
                    }
                    if v > 0 {
                        option.push(v as u64);
                    }
                }
                _ => {
                    if v < 0 || v > i128::from(MAX_SIDE) {
                        return Err(self.fail(
                            &span,
                            format!("is {v}: a coordinate is at least 0 and at most 2^40"),
                        ));
                    }
                    option.push(v as u64);
                }
            }
        }
        out.push(option);
        check_move_count(out.len() as u64, self.budget)
    }

    /// The numbers of an option, with the span of each: a number, a tuple,
    /// or a sum of tuples.
    fn flatten(&self, e: &Expr, out: &mut Vec<(i128, Range<usize>)>) -> Result<(), SolveError> {
        match &e.node {
            Node::Tuple(items) => {
                for item in items {
                    out.push((self.int(item)?, item.span.clone()));
                }
                Ok(())
            }
            Node::Binary(Op::Add, a, b) if is_tuples(a) => {
                self.flatten(a, out)?;
                self.flatten(b, out)
            }
            _ => {
                out.push((self.int(e)?, e.span.clone()));
                Ok(())
            }
        }
    }
}

/// Whether `e` is a tuple or a sum of them (the check has made every
/// operand of such a sum one).
fn is_tuples(e: &Expr) -> bool {
    match &e.node {
        Node::Tuple(_) => true,
        Node::Binary(Op::Add, a, _) => is_tuples(a),
        _ => false,
    }
}

/// `x / y` rounded down (toward minus infinity), `None` on overflow or a
/// zero divisor.
fn floor_div(x: i128, y: i128) -> Option<i128> {
    let q = x.checked_div(y)?;
    if x % y != 0 && ((x < 0) != (y < 0)) {
        Some(q - 1)
    } else {
        Some(q)
    }
}

#[cfg(test)]
mod tests {
    use super::floor_div;

    #[test]
    fn division_rounds_down_and_the_remainder_has_the_divisors_sign() {
        for x in -20i128..=20 {
            for y in (-7i128..=7).filter(|&y| y != 0) {
                let q = floor_div(x, y).unwrap();
                let r = x - y * q;
                assert!(q * y <= x || y < 0, "{x} / {y}");
                assert!(r == 0 || (r < 0) == (y < 0), "{x} % {y} = {r}");
                assert!(r.abs() < y.abs(), "{x} % {y} = {r}");
            }
        }
        assert_eq!(floor_div(-7, 2), Some(-4));
        assert_eq!(floor_div(7, -2), Some(-4));
        assert_eq!(floor_div(i128::MIN, -1), None);
    }
}
