//! CGSuite's rulesets against the values CGSuite's own tests assert
//! (`data/partizan/cgsuite-rulesets.txt`, each block naming its source):
//! each position's canonical value equals the value written beside it,
//! read by the value syntax (a nimber for an impartial position).

use sprague::{Budget, Play, Position, analyze};

use crate::data_file::entries;

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
