//! Reading the data files of published values: one entry a line, `LEFT =>
//! RIGHT`, blank lines and `#` comments (each naming its source) skipped.

/// The entries of `data`, in order: for each line `LEFT => RIGHT`, its
/// number (from 1), the whole line, and the two sides, trimmed.
///
/// # Panics
///
/// At a line that is neither blank, a comment, nor `LEFT => RIGHT`, naming
/// it: a data file that has lost its form fails its test.
pub fn entries(data: &str) -> impl Iterator<Item = (usize, &str, &str, &str)> {
    data.lines().enumerate().filter_map(|(i, line)| {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return None;
        }
        let (left, right) = line
            .split_once("=>")
            .unwrap_or_else(|| panic!("line {}: no `=>` in `{line}`", i + 1));
        Some((i + 1, line, left.trim(), right.trim()))
    })
}
