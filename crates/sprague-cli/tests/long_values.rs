//! A canonical form longer than the text output writes whole: complete in
//! `analyze --json`, read back by `analyze` as the same game, and shortened
//! in the text, which says by how much.

use super::{json, sprague_ok};

#[test]
fn a_long_value_is_whole_in_the_json_and_reads_back_as_itself() {
    // A sum of two unfair heaps: a hot game whose canonical form shares
    // its options in the arena but is thousands of characters written out.
    let position = "unfair[3,2](6, 7)";
    let first = json(&["analyze", position, "--json"]);
    let value = first["value"].as_str().expect("the value is given");
    let n = value.chars().count();
    assert!(n > 4096, "{n} characters");
    assert_eq!(value.matches('{').count(), value.matches('}').count());
    // The value, pasted back as a position, is the same game: the same
    // canonical form and outcome class.
    let again = json(&["analyze", "--json", "--", value]);
    assert_eq!(again["value"], first["value"]);
    assert_eq!(again["outcome"], first["outcome"]);
    // The text writes the first 2048 and the last 1024 characters, and how
    // many it left out between.
    let out = sprague_ok(&["analyze", position]);
    let line = out.lines().next().unwrap();
    let left_out = format!(" … ({} more characters) … ", n - 3072);
    assert!(line.contains(&left_out), "{line}");
    let head: String = value.chars().take(2048).collect();
    let tail: String = value.chars().skip(n - 1024).collect();
    assert!(
        line.contains(&format!("(value {head}{left_out}{tail})")),
        "{line}"
    );
}
