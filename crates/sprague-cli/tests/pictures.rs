//! `analyze --plot`: the thermograph and game tree of a position as SVG
//! (a well-formed document with the walls, mast and options expected) or
//! PNG; bad paths refused in one line. And `play --blind`.

use super::{scratch, sprague, sprague_fails, sprague_ok, sprague_with_input};

/// Whether `text` is well-formed XML as far as an SVG drawing uses it:
/// every tag closed in order, attribute values quoted, no stray `<` or
/// `&` in text. The names of the elements opened, in order.
fn parse_xml(text: &str) -> Result<Vec<String>, String> {
    let mut open: Vec<String> = Vec::new();
    let mut seen = Vec::new();
    let mut rest = text.trim();
    let check_text = |t: &str| -> Result<(), String> {
        let mut parts = t.split('&');
        parts.next();
        for p in parts {
            if !["amp;", "lt;", "gt;", "quot;", "apos;"]
                .iter()
                .any(|e| p.starts_with(e))
            {
                return Err(format!("a bare & in {t:?}"));
            }
        }
        Ok(())
    };
    while !rest.is_empty() {
        let Some(start) = rest.find('<') else {
            check_text(rest)?;
            break;
        };
        check_text(&rest[..start])?;
        let end = rest[start..]
            .find('>')
            .ok_or_else(|| "an unclosed tag".to_string())?
            + start;
        let tag = &rest[start + 1..end];
        if let Some(name) = tag.strip_prefix('/') {
            match open.pop() {
                Some(o) if o == name.trim() => {}
                o => return Err(format!("</{name}> closes {o:?}")),
            }
        } else {
            let self_closing = tag.ends_with('/');
            let tag = tag.trim_end_matches('/');
            let (name, mut attrs) = tag.split_once(' ').unwrap_or((tag, ""));
            // name="value" pairs, each value quoted, without `<`.
            loop {
                attrs = attrs.trim_start();
                if attrs.is_empty() {
                    break;
                }
                let (_, after) = attrs
                    .split_once("=\"")
                    .ok_or_else(|| format!("an unquoted attribute in <{tag}>"))?;
                let (value, after) = after
                    .split_once('"')
                    .ok_or_else(|| format!("an unclosed attribute in <{tag}>"))?;
                if value.contains('<') {
                    return Err(format!("a < in an attribute of <{tag}>"));
                }
                check_text(value)?;
                attrs = after;
            }
            seen.push(name.to_string());
            if !self_closing {
                open.push(name.to_string());
            }
        }
        rest = &rest[end + 1..];
    }
    if open.is_empty() {
        Ok(seen)
    } else {
        Err(format!("unclosed: {open:?}"))
    }
}

/// The texts of the elements `<text ... class="CLASS" ...>` of `svg`.
fn texts(svg: &str, class: &str) -> Vec<String> {
    svg.split("<text ")
        .skip(1)
        .filter(|t| {
            t.split('>')
                .next()
                .unwrap()
                .contains(&format!("class=\"{class}\""))
        })
        .map(|t| {
            t.split_once('>')
                .unwrap()
                .1
                .split("</text>")
                .next()
                .unwrap()
                .to_string()
        })
        .collect()
}

/// `sprague analyze POSITION --plot DIR/NAME`: the file's bytes and the
/// message on standard error.
fn plot(position: &str, name: &str) -> (Vec<u8>, String) {
    // One directory a call: the tests run at once.
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let k = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = scratch(&format!("analyze-plot-{k}"));
    let path = dir.join(name);
    let (_, err, code) = sprague(&["analyze", position, "--plot", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains(&format!("written to {}", path.display())),
        "{err}"
    );
    let bytes = std::fs::read(&path).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    (bytes, err)
}

/// Checks the SVG of `position`: well-formed, with both walls, a mast at
/// `mean` from `temperature`, the value labels `ticks` (the mast and the
/// stops) and the game tree's options `left` and `right`.
fn check_svg(
    position: &str,
    mean: &str,
    temperature: &str,
    ticks: &[&str],
    left: &[&str],
    right: &[&str],
) {
    let (bytes, _) = plot(position, "p.svg");
    let svg = String::from_utf8(bytes).unwrap();
    let elements = parse_xml(&svg).unwrap_or_else(|e| panic!("{position}: {e}\n{svg}"));
    assert_eq!(elements[0], "svg");
    assert_eq!(svg.matches(r#"class="left-wall""#).count(), 1, "{svg}");
    assert_eq!(svg.matches(r#"class="right-wall""#).count(), 1, "{svg}");
    assert!(
        svg.contains(&format!(
            r#"class="mast" data-value="{mean}" data-temperature="{temperature}""#
        )),
        "{position}: {svg}"
    );
    let mut shown = texts(&svg, "value-tick");
    shown.sort();
    let mut expected: Vec<String> = ticks.iter().map(|t| t.to_string()).collect();
    expected.sort();
    assert_eq!(shown, expected, "{position}");
    assert_eq!(
        svg.matches(r#"class="left-option""#).count(),
        left.len(),
        "{svg}"
    );
    assert_eq!(
        svg.matches(r#"class="right-option""#).count(),
        right.len(),
        "{svg}"
    );
    let options: Vec<String> = left.iter().chain(right).map(|t| t.to_string()).collect();
    assert_eq!(texts(&svg, "option"), options, "{position}");
}

#[test]
fn analyze_plots_the_thermograph_and_game_tree_as_svg() {
    // A switch {a|b} (a > b) has mean (a+b)/2 and temperature (a-b)/2,
    // its stops a and b (Winning Ways, ch. 6; Siegel, CGT II.5).
    check_svg("{3|-1}", "1", "2", &["1", "3", "-1"], &["3"], &["-1"]);
    check_svg("{2|0}", "1", "1", &["1", "2", "0"], &["2"], &["0"]);
    // The 2x2 Domineering board is ±1 (Winning Ways, ch. 5): Left's move
    // leaves a vertical strip of 1, Right's -1.
    check_svg(
        "domineering(\"..|..\")",
        "0",
        "1",
        &["0", "1", "-1"],
        &["1"],
        &["-1"],
    );
    // A number has no options as written: its thermograph alone.
    let (bytes, err) = plot("hackenbush(\"LR\")", "n.svg");
    let svg = String::from_utf8(bytes).unwrap();
    parse_xml(&svg).unwrap();
    assert!(
        !svg.contains("game-tree") && svg.contains(r#"data-value="1/2""#),
        "{svg}"
    );
    assert!(
        err.starts_with("the thermograph of 1/2 written to"),
        "{err}"
    );
}

#[test]
fn analyze_plots_png() {
    let (png, _) = plot("{3|-1}", "p.png");
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"));
    // The IHDR chunk: width and height, big-endian, at bytes 16..24.
    let width = u32::from_be_bytes(png[16..20].try_into().unwrap());
    let height = u32::from_be_bytes(png[20..24].try_into().unwrap());
    assert!(
        (400..2000).contains(&width) && (400..2000).contains(&height),
        "{width}x{height}"
    );
    // Compressed: mostly background.
    assert!(
        png.len() > 2000 && png.len() < 200_000,
        "{} bytes",
        png.len()
    );
}

#[test]
fn analyze_plot_refuses_bad_paths_in_one_line() {
    let dir = scratch("analyze-plot-bad");
    for (path, says) in [
        (
            dir.join("p.txt"),
            "--plot needs a file ending in .svg or .png",
        ),
        (dir.join("missing/p.svg"), "cannot write plot"),
        (dir.clone(), "--plot"),
    ] {
        let err = sprague_fails(&["analyze", "{3|-1}", "--plot", path.to_str().unwrap()]);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.starts_with("error: ") && err.contains(says), "{err}");
    }
    // An impartial position: nothing to draw, said before anything is
    // written.
    let path = dir.join("nim.svg");
    let err = sprague_fails(&["analyze", "nim(3)", "--plot", path.to_str().unwrap()]);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("no thermograph to draw"), "{err}");
    assert!(!path.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn analyze_says_how_to_draw_the_thermograph() {
    let out = sprague_ok(&["analyze", "{3|-1}"]);
    let line = out.lines().find(|l| l.starts_with("thermograph ")).unwrap();
    assert!(line.contains("--plot"), "{line}");
}

/// The lines of a `play` transcript before each prompt, the first line
/// (the rules, which say that whoever cannot move loses) left out.
fn before_prompts(transcript: &str) -> Vec<String> {
    let body = transcript.split_once('\n').unwrap().1;
    body.split("your move> ").map(str::to_string).collect()
}

#[test]
fn blind_play_shows_no_verdict_before_the_human_moves() {
    for (args, script) in [
        (
            vec!["--blind", "nim(3, 5)"],
            "1\n1\n1\n1\n1\n1\n1\n1\nquit\n",
        ),
        (
            vec!["--blind", "--computer-first", "kayles(7)"],
            "1\n1\n1\n1\nquit\n",
        ),
        (
            vec!["--blind", "domineering(\"...|...|...\")"],
            "1\n1\n1\n1\nquit\n",
        ),
    ] {
        let transcript = sprague_with_input(
            &["play"].into_iter().chain(args.clone()).collect::<Vec<_>>(),
            script,
        );
        let chunks = before_prompts(&transcript);
        assert!(chunks.len() >= 2, "{transcript}");
        for chunk in &chunks {
            // The verdict of the human's move just played is said after
            // it (a line of its own); the game's end may say who won.
            let rest: Vec<&str> = chunk
                .lines()
                .filter(|l| !l.starts_with("(that move "))
                .collect();
            let rest = rest.join("\n");
            if rest.contains("cannot move.") {
                continue;
            }
            for word in ["win", "lose", "draws", "P-position", "leaves "] {
                assert!(
                    !rest.contains(word),
                    "{args:?}: `{word}` before a move:\n{rest}\n--- in:\n{transcript}"
                );
            }
        }
        assert!(transcript.contains("(that move "), "{transcript}");
    }
}

#[test]
fn table_refuses_a_negative_heap_count_in_one_line() {
    for flag in ["--to", "--from"] {
        let err = sprague_fails(&["table", "kayles", flag, "-5"]);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.contains("cannot be negative") && !err.contains("tip"),
            "{err}"
        );
    }
}

#[test]
fn the_table_plots_legend_is_above_the_points() {
    // Kayles' largest value to heap 100 is 8 (OEIS A002186), drawn on the
    // plot's top line: the legend and the period's label are above it.
    let dir = scratch("plot-legend");
    let path = dir.join("k.svg");
    let p = path.to_str().unwrap();
    sprague_ok(&["table", "kayles", "--to", "100", "--period", "--plot", p]);
    let svg = std::fs::read_to_string(&path).unwrap();
    parse_xml(&svg).unwrap();
    let number = |text: &str, after: &str| -> f64 {
        let rest = text.split_once(after).unwrap().1;
        rest[..rest
            .find(|c: char| c != '.' && !c.is_ascii_digit())
            .unwrap()]
            .parse()
            .unwrap()
    };
    // The axes: `M{left},{top} V{bottom} H{right}`.
    let top = number(&svg, "<path d=\"M60,");
    let highest = svg
        .split("<circle class=\"point")
        .skip(1)
        .map(|c| number(c, "cy=\""))
        .fold(f64::MAX, f64::min);
    assert_eq!(highest, top, "the value 8 is drawn on the top line");
    let swatches: Vec<f64> = svg
        .split("<g class=\"legend\"><rect ")
        .skip(1)
        .map(|r| number(r, "y=\"") + 10.0)
        .collect();
    assert_eq!(swatches.len(), 3, "{svg}");
    assert!(
        swatches.iter().all(|&bottom| bottom < top - 4.0),
        "{swatches:?} against {top}"
    );
    let period = svg.split_once("fill=\"#3060c0\">").unwrap().0;
    let period_baseline = number(period.rsplit_once("<text").unwrap().1, "y=\"");
    assert!(
        period_baseline < top - 4.0,
        "{period_baseline} against {top}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
