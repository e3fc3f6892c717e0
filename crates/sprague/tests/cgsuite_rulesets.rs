//! CGSuite's rulesets against the values CGSuite's own tests assert
//! (`data/partizan/cgsuite-rulesets.txt`, each block naming its source):
//! each position's canonical value equals the value written beside it,
//! read by the value syntax (a nimber for an impartial position).

use num_bigint::BigUint;
use sprague::{Budget, CanonicalSolver, Play, Position, analyze, stop_count};

use crate::data_file::entries;
use crate::game_values::canonical;

fn value_text(text: &str, line_no: usize) -> String {
    let p = Position::parse(text).unwrap_or_else(|e| panic!("line {line_no}: `{text}`: {e}"));
    let a = analyze(&p, Play::Normal, false, &Budget::DEFAULT)
        .unwrap_or_else(|e| panic!("line {line_no}: `{text}`: {e}"));
    // An impartial position is worth a nimber, printed as CGSuite does.
    a.value_text()
        .or_else(|| {
            a.grundy().map(|g| match g.0 {
                0 => "0".to_string(),
                1 => "*".to_string(),
                n => format!("*{n}"),
            })
        })
        .unwrap_or_else(|| panic!("line {line_no}: `{text}` has no value"))
}

#[test]
fn cgsuites_published_values_of_its_rulesets() {
    let data = include_str!("data/partizan/cgsuite-rulesets.txt");
    let mut n_checked = 0;
    for (line_no, line, position, value) in entries(data) {
        assert_eq!(
            value_text(position, line_no),
            value_text(value, line_no),
            "line {line_no}: {line}"
        );
        n_checked += 1;
    }
    assert!(n_checked >= 40, "the data file lost its values");
}

#[test]
fn toads_and_frogs_rows_of_eleven_cells_have_at_most_32_stops() {
    // CGSuite's tutorial "Toads and Frogs Exhaustive Search"
    // (lib/core/src/main/resources/org/cgsuite/help/docs/tutorials/
    // cgscript-recipes/toads-and-frogs-search.cgsh, commit e909ab8b):
    // over all 3^11 rows of 11 cells the largest StopCount of the
    // canonical form is 32, reached by "just a single mirror-image pair".
    let mut solver = CanonicalSolver::new(Budget::DEFAULT);
    let mut most = BigUint::from(0u32);
    let mut rows = Vec::new();
    for code in 0..3u32.pow(11) {
        let mut c = code;
        let row: String = (0..11)
            .map(|_| {
                let cell = [".", "T", "F"][(c % 3) as usize];
                c /= 3;
                cell
            })
            .collect();
        let g = canonical(&mut solver, &format!("toads(\"{row}\")"));
        let count = stop_count(&mut solver.arena, g).unwrap();
        if count > most {
            most = count;
            rows.clear();
            rows.push(row);
        } else if count == most {
            rows.push(row);
        }
    }
    assert_eq!(most, BigUint::from(32u32));
    let mirror: String = rows[0]
        .chars()
        .rev()
        .map(|c| match c {
            'T' => 'F',
            'F' => 'T',
            c => c,
        })
        .collect();
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert!(rows.contains(&mirror), "{rows:?}");
}
