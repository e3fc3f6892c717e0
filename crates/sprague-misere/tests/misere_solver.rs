//! Misère quotients against CGSuite's MisereSolver (Plambeck and Siegel's
//! program), whose answers for every octal code of one and two digits to
//! heap 14 are stored in `data/misere_solver_codes.txt` (the command and the
//! peer's version are in its header).
//!
//! At each heap listed, the quotient must have the peer's order and
//! P-portion size, change at the same heaps, and be the peer's quotient: the
//! peer's generators are elements of heaps, so each of its words has an
//! element here; every relation must hold between the two sides' elements,
//! the generators must generate all `|Q|` elements, and every word of the
//! peer's P-portion must be in ours. The relations then define a monoid
//! onto ours, of the same order (the peer's), so the two are isomorphic, and
//! with P-portions of one size the P-portions correspond too.

use std::collections::BTreeSet;
use std::time::Duration;

use sprague_core::Budget;
use sprague_impartial::{OctalCode, TakeBreak};
use sprague_misere::{MisereQuotient, QuotientSolver};

/// One line of the data file.
struct Line<'a> {
    text: &'a str,
    code: &'a str,
    heap: u64,
    changes: bool,
    order: usize,
    p_size: usize,
    generator_heaps: Vec<usize>,
    relations: Vec<(&'a str, &'a str)>,
    p_words: Vec<&'a str>,
}

/// The items of a comma-separated list, `-` for none.
fn items(s: &str) -> Vec<&str> {
    if s == "-" {
        Vec::new()
    } else {
        s.split(',').collect()
    }
}

fn parse(text: &str) -> Line<'_> {
    let (head, rest) = text.split_once(" => ").expect("`=>`");
    let mut head = head.split_whitespace();
    let code = head.next().unwrap();
    let heap = head.next().unwrap().parse().unwrap();
    let changes = match head.next().unwrap() {
        "changes" => true,
        "same" => false,
        other => panic!("{other}: `changes` or `same` expected"),
    };
    let fields: Vec<&str> = rest.split(';').map(str::trim).collect();
    assert_eq!(fields.len(), 4, "{text}");
    let sizes: Vec<usize> = fields[0]
        .split_whitespace()
        .map(|s| s.parse().unwrap())
        .collect();
    Line {
        text,
        code,
        heap,
        changes,
        order: sizes[0],
        p_size: sizes[1],
        generator_heaps: fields[1]
            .split_whitespace()
            .map(|s| s.parse().unwrap())
            .collect(),
        relations: items(fields[2])
            .into_iter()
            .map(|r| r.split_once('=').expect("a relation"))
            .collect(),
        p_words: items(fields[3]),
    }
}

/// The element of one of the peer's words (`a2bc`, `1`): generator `i` is
/// the letter `a + i` (then `A`, ...), standing for the element of heap
/// `generator_heaps[i]`.
fn element(q: &MisereQuotient, generator_heaps: &[usize], word: &str) -> usize {
    if word == "1" {
        return 0;
    }
    let bytes = word.as_bytes();
    let mut x = 0;
    let mut i = 0;
    while i < bytes.len() {
        let letter = bytes[i];
        let generator = match letter {
            b'a'..=b'z' => usize::from(letter - b'a'),
            b'A'..=b'Z' => usize::from(letter - b'A') + 26,
            _ => panic!("{word}: not a generator at {i}"),
        };
        i += 1;
        let start = i;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        let exponent: usize = if start == i {
            1
        } else {
            word[start..i].parse().unwrap()
        };
        let g = q.heap_elements[generator_heaps[generator]];
        for _ in 0..exponent {
            x = q.product[x][g];
        }
    }
    x
}

/// The elements the peer's generators generate.
fn generated(q: &MisereQuotient, generator_heaps: &[usize]) -> usize {
    let mut seen = BTreeSet::from([0]);
    let mut frontier = vec![0];
    while let Some(x) = frontier.pop() {
        for &h in generator_heaps {
            let y = q.product[x][q.heap_elements[h]];
            if seen.insert(y) {
                frontier.push(y);
            }
        }
    }
    seen.len()
}

fn check(line: &Line, q: &MisereQuotient) {
    let text = line.text;
    assert_eq!(
        (q.order(), q.p_portion.len()),
        (line.order, line.p_size),
        "{text}"
    );
    assert_eq!(
        q.expansion_heaps.last() == Some(&line.heap),
        line.changes,
        "{text}: our expansion heaps {:?}",
        q.expansion_heaps
    );
    let gens = &line.generator_heaps;
    assert_eq!(generated(q, gens), q.order(), "{text}: generators");
    for (lhs, rhs) in &line.relations {
        assert_eq!(
            element(q, gens, lhs),
            element(q, gens, rhs),
            "{text}: {lhs} = {rhs}"
        );
    }
    for w in &line.p_words {
        assert!(q.is_p_element(element(q, gens, w)), "{text}: {w} in P");
    }
}

#[test]
fn quotients_of_one_and_two_digit_codes_are_misere_solvers() {
    let text = include_str!("data/misere_solver_codes.txt");
    let lines: Vec<Line> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(parse)
        .collect();
    let mut codes: Vec<&str> = lines.iter().map(|l| l.code).collect();
    codes.dedup();
    let budget = Budget::default().with_time_limit(Duration::from_secs(20));
    let mut checked = 0;
    for code in &codes {
        let rules = TakeBreak::from_code(&OctalCode::parse(code).unwrap());
        let mut solver = QuotientSolver::new(rules);
        let mine: Vec<&Line> = lines.iter().filter(|l| l.code == *code).collect();
        for line in &mine {
            solver.extend_to(line.heap, &budget).unwrap();
            check(line, &solver.quotient());
            checked += 1;
        }
        // The quotient changes nowhere else.
        let changes: Vec<u64> = mine.iter().filter(|l| l.changes).map(|l| l.heap).collect();
        assert_eq!(solver.expansion_heaps(), changes, "{code}");
    }
    // Every code of one digit and two (the second not 0) is in the file,
    // answered or named as one MisereSolver did not finish (after the heaps
    // it did).
    let unfinished: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("# "))
        .filter(|l| l.contains("not finished"))
        .map(|l| l.split(':').next().unwrap())
        .collect();
    let mut all: Vec<&str> = codes.iter().chain(&unfinished).copied().collect();
    all.sort_unstable();
    all.dedup();
    assert_eq!(all.len(), 7 + 8 * 7);
    assert!(all.len() - unfinished.len() >= 55, "{unfinished:?}");
    assert!(checked > 150, "{checked} lines");
}
