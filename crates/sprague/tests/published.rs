//! Published answers: contest samples and known values, one data file per
//! kind, each line naming its source.
//!
//! `data/samples.txt` holds lines `POSITION => OUTCOME [; MOVE -> AFTER]`:
//! the outcome under normal play and, for N-positions, the first winning move
//! the spec's order gives and the position after it. A line `misere: ...`
//! is under misère play. `#` starts a comment naming the source.
//!
//! `data/partizan/canonical.txt` holds lines `POSITION => VALUE`: the
//! canonical value `analyze` reports, in CGSuite's notation;
//! `data/partizan/by-hand.txt` the same for values worked out by hand from
//! the rules, each block with its working.
//!
//! `data/nim_product_64.txt` holds lines `A B => PRODUCT`: nim-products of
//! 64-bit nimbers.

use sprague::{Budget, Play, Position, analyze};

use crate::data_file::entries;

#[test]
fn contest_samples() {
    let data = include_str!("data/samples.txt");
    let mut n_checked = 0;
    for (line_no, line, left, expected) in entries(data) {
        let (play, position) = match left.strip_prefix("misere:") {
            Some(rest) => (Play::Misere, rest.trim()),
            None => (Play::Normal, left),
        };
        let (outcome, first_move) = match expected.split_once(';') {
            Some((o, m)) => (o.trim(), Some(m.trim())),
            None => (expected, None),
        };
        let p = Position::parse(position).unwrap_or_else(|e| panic!("line {line_no}: {e}"));
        let a = analyze(&p, play, false, &Budget::DEFAULT).unwrap();
        assert_eq!(a.outcome.letter(), outcome, "line {line_no}: {line}");
        if let Some(m) = first_move {
            let (description, after) = m.split_once("->").unwrap();
            let best = &a.winning_moves[0];
            assert_eq!(best.description(), description.trim(), "line {line_no}");
            assert_eq!(best.to.to_string(), after.trim(), "line {line_no}");
        }
        n_checked += 1;
    }
    assert!(n_checked >= 5, "the data file lost its samples");
}

/// Every ruleset's example from `sprague games`, and every position its
/// winning moves lead to, is written in text that reads back as itself.
/// (Examples that read a file name it relative to the repository root.)
#[test]
fn printed_positions_read_back_as_themselves() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../");
    let budget = Budget::positions(1_000_000);
    for r in sprague::rulesets::RULESETS {
        let example = r.example.replace("[\"games/", &format!("[\"{root}games/"));
        let p = Position::parse(&example).unwrap_or_else(|e| panic!("{}: {e}", r.name));
        let round = |p: &Position| {
            let text = p.to_string();
            let again = Position::parse(&text)
                .unwrap_or_else(|e| panic!("{}: `{text}` does not read back: {e}", r.name));
            assert_eq!(again.to_string(), text, "{}", r.name);
        };
        round(&p);
        if let Ok(a) = analyze(&p, Play::Normal, true, &budget) {
            for m in a.winning_moves.iter().chain(&a.drawing_moves) {
                round(&m.to);
            }
        }
    }
}

#[test]
fn published_and_hand_worked_canonical_values() {
    for (file, data, at_least) in [
        (
            "canonical.txt",
            include_str!("data/partizan/canonical.txt"),
            10,
        ),
        ("by-hand.txt", include_str!("data/partizan/by-hand.txt"), 50),
    ] {
        let mut n_checked = 0;
        for (line_no, line, position, value) in entries(data) {
            let p =
                Position::parse(position).unwrap_or_else(|e| panic!("{file} line {line_no}: {e}"));
            let a = analyze(&p, Play::Normal, false, &Budget::DEFAULT).unwrap();
            assert_eq!(
                a.value_text().as_deref(),
                Some(value),
                "{file} line {line_no}: {line}"
            );
            n_checked += 1;
        }
        assert!(n_checked >= at_least, "{file} lost its values");
    }
}

#[test]
fn published_temperatures() {
    // cgt-tools (t4ccer/cgt-tools): cgt/short/partizan/games/domineering.rs,
    // test `temperature_without_game_works`, and
    // cgt/short/partizan/canonical_form.rs, test
    // `temp_of_one_minus_one_is_one`. CGSuite's convention: an integer has
    // temperature -1.
    for (position, temperature) in [
        ("domineering(\"\")", -1),
        ("domineering(\"..\")", -1),
        ("domineering(\"..|.#\")", 0),
        ("domineering(\"#...|....|....|....\")", 1),
        ("{1|-1}", 1),
    ] {
        let p = Position::parse(position).unwrap();
        let mut solver = sprague::CanonicalSolver::new(Budget::DEFAULT);
        let g = solver.sum(p.components()).unwrap();
        let f = sprague::Thermography::new()
            .figures(&mut solver.arena, g)
            .unwrap();
        assert_eq!(
            f.temperature,
            sprague::Dyadic::integer(temperature),
            "{position}"
        );
    }
}

#[test]
fn nimber_products_of_the_library_checker_sample() {
    let data = include_str!("data/nim_product_64.txt");
    let mut n_checked = 0;
    for (_, line, operands, product) in entries(data) {
        let operands: Vec<u64> = operands
            .split_whitespace()
            .map(|n| n.parse().expect("a 64-bit operand"))
            .collect();
        let product: u64 = product.trim().parse().expect("a 64-bit product");
        let [a, b] = operands[..] else {
            panic!("two operands in {line:?}");
        };
        assert_eq!(
            sprague::Nimber(a) * sprague::Nimber(b),
            sprague::Nimber(product),
            "{line}"
        );
        assert_eq!(
            sprague::Nimber(b) * sprague::Nimber(a),
            sprague::Nimber(product),
            "{line}"
        );
        n_checked += 1;
    }
    assert_eq!(n_checked, 11, "the data file lost its sample");
}

/// `data/wythoff_grundy.txt`: Wythoff's Grundy array (OEIS A317205, the
/// lower triangle of A004481), against `sprague table wythoff --to 11x11`.
#[test]
fn wythoff_grundy_array() {
    let data = include_str!("data/wythoff_grundy.txt");
    let rows: Vec<Vec<u64>> = data
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.split_whitespace().map(|v| v.parse().unwrap()).collect())
        .collect();
    assert_eq!(rows.len(), 12, "the data file lost rows");
    let wythoff = sprague::syntax::parse_ruleset("wythoff").unwrap();
    let t = sprague::grid_table(&wythoff, [0, 0], [11, 11], &Budget::DEFAULT).unwrap();
    let sprague::GridValues::Grundy(table) = &t.values else {
        panic!("wythoff is impartial")
    };
    for (n, row) in rows.iter().enumerate() {
        assert_eq!(row.len(), n + 1, "row {n}");
        for (m, &g) in row.iter().enumerate() {
            assert_eq!((table[n][m], table[m][n]), (g, g), "G({n}, {m})");
        }
    }
}
