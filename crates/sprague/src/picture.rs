//! Pictures of a game, drawn once for every front end: a thermograph (from
//! its text, `Thermograph(...)`, as [`crate::json`] and the CLI print it)
//! and a value's first level as a game tree. A [`Picture`] is a list of
//! shapes in pixels; [`Picture::svg`] writes it as SVG (the web explorer
//! shows that SVG, `sprague analyze --plot` writes it), and the CLI
//! rasterises the same shapes for a PNG.
//!
//! Labels are placed so that none touches another: a value label that
//! would meet one already placed goes to a second row, a temperature label
//! that would meet another is moved clear of it (its tick stays where the
//! temperature is).

use std::fmt::Write as _;

/// An RGB colour.
pub type Colour = [u8; 3];

/// The explorer's colours, by use.
pub mod colours {
    use super::Colour;
    /// Left: blue.
    pub const BLUE: Colour = [0x29, 0x56, 0xb2];
    /// Right: red.
    pub const RED: Colour = [0xc0, 0x39, 0x2b];
    /// Text and the mast.
    pub const INK: Colour = [0x1d, 0x23, 0x30];
    /// Axes and their labels.
    pub const MUTED: Colour = [0x6b, 0x72, 0x80];
    /// The line at temperature 0.
    pub const LINE: Colour = [0xd9, 0xdd, 0xe5];
}

/// Where a text sits against its `x`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// `x` is its left end.
    Start,
    /// `x` is its middle.
    Middle,
    /// `x` is its right end.
    End,
}

/// A shape of a picture, in pixels from the top left corner.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    /// A straight line, dashed or not.
    Line {
        /// One end.
        from: (f64, f64),
        /// The other end.
        to: (f64, f64),
        /// Its colour.
        colour: Colour,
        /// Its width.
        width: f64,
        /// Dashed (4 on, 3 off).
        dashed: bool,
        /// Its SVG class, or empty.
        class: &'static str,
        /// `data-` attributes in the SVG: name (without `data-`) and value.
        data: Vec<(&'static str, String)>,
    },
    /// A polyline through `points`.
    Path {
        /// Its points, in order.
        points: Vec<(f64, f64)>,
        /// Its colour.
        colour: Colour,
        /// Its width.
        width: f64,
        /// Its SVG class.
        class: &'static str,
    },
    /// A filled disc.
    Disc {
        /// Its centre.
        centre: (f64, f64),
        /// Its radius.
        radius: f64,
        /// Its colour.
        colour: Colour,
    },
    /// One line of text, `size` pixels high, its baseline at `at.1`.
    Text {
        /// The anchor point, on the baseline.
        at: (f64, f64),
        /// The text.
        text: String,
        /// How it sits against `at.0`.
        anchor: Anchor,
        /// Its size in pixels.
        size: f64,
        /// Its colour.
        colour: Colour,
        /// Its SVG class, or empty.
        class: &'static str,
        /// A longer text shown on hover (the SVG's `<title>`), if any.
        title: Option<String>,
    },
}

/// A drawing: its size and shapes.
#[derive(Clone, Debug, PartialEq)]
pub struct Picture {
    /// Width in pixels.
    pub width: f64,
    /// Height in pixels.
    pub height: f64,
    /// The SVG's `id`, or empty.
    pub id: &'static str,
    /// The SVG's class, or empty.
    pub class: &'static str,
    /// What it shows, in words (the SVG's `aria-label`).
    pub label: String,
    /// The shapes, drawn in order.
    pub shapes: Vec<Shape>,
}

/// The width of `text` set `size` pixels high, a little more than DejaVu
/// Sans (the PNG's font) and the browser's sans-serif fonts take, so that
/// labels kept apart by it do not touch.
pub fn text_width(text: &str, size: f64) -> f64 {
    text.chars()
        .map(|c| match c {
            ' ' | '.' | ',' | '|' | '(' | ')' | '[' | ']' | '/' => 0.4,
            '{' | '}' | '-' | 't' | 'f' | 'i' | 'l' | 'r' => 0.5,
            'm' | 'w' | 'M' | 'W' => 0.95,
            _ => 0.65,
        })
        .sum::<f64>()
        * size
}

/// A number as a float for drawing: `-3/8`, `2`; `None` if it is not one
/// or too large.
fn number(text: &str) -> Option<f64> {
    let (p, q) = match text.split_once('/') {
        Some((p, q)) => (p.trim().parse::<f64>().ok()?, q.trim().parse::<f64>().ok()?),
        None => (text.trim().parse::<f64>().ok()?, 1.0),
    };
    let v = p / q;
    (v.is_finite() && v.abs() < 1e12).then_some(v)
}

/// A float that is a dyadic rational as CGSuite writes it (`-1/4`, `3`).
pub fn dyadic_text(v: f64) -> String {
    let mut q = 1.0f64;
    while q <= f64::from(1u32 << 30) {
        let p = v * q;
        if (p - p.round()).abs() < 1e-9 {
            return if q == 1.0 {
                format!("{}", p.round())
            } else {
                format!("{}/{}", p.round(), q)
            };
        }
        q *= 2.0;
    }
    format!("{v:.4}")
}

/// One wall of a thermograph: its mast value and text, and its points
/// `(temperature, value)` from the top down to `t = -1`.
struct Wall {
    mast: f64,
    mast_text: String,
    points: Vec<(f64, f64)>,
    top: f64,
}

/// `mast,[critical points],[slopes]` (three of the six parts of the text):
/// the critical points from the top down, the slope (change of value per
/// degree) above, between and below them.
fn wall(mast: &str, critical: &str, slopes: &str) -> Option<Wall> {
    let list = |s: &str| -> Vec<String> {
        s.trim_start_matches('[')
            .trim_end_matches(']')
            .split(',')
            .filter(|x| !x.is_empty())
            .map(str::to_string)
            .collect()
    };
    let cs: Vec<f64> = list(critical)
        .iter()
        .map(|c| number(c))
        .collect::<Option<_>>()?;
    let ss: Vec<f64> = list(slopes)
        .iter()
        .map(|s| s.parse::<f64>().ok())
        .collect::<Option<_>>()?;
    let mast_value = number(mast)?;
    let mut t = cs.first().copied().unwrap_or(-1.0);
    let mut v = mast_value;
    let mut points = vec![(t, v)];
    for i in 1..=cs.len() {
        let next = cs.get(i).copied().unwrap_or(-1.0);
        v += ss.get(i).copied().unwrap_or(0.0) * (next - t);
        t = next;
        points.push((t, v));
    }
    Some(Wall {
        mast: mast_value,
        mast_text: mast.to_string(),
        top: cs.first().copied().unwrap_or(-1.0),
        points,
    })
}

/// The value of a wall (its points from the top down) at temperature 0:
/// its stop.
fn at_zero(points: &[(f64, f64)]) -> f64 {
    for pair in points.windows(2) {
        let ((t0, v0), (t1, v1)) = (pair[0], pair[1]);
        if t1 <= 0.0 && 0.0 <= t0 {
            return if t0 == t1 {
                v0
            } else {
                v0 + (v1 - v0) * (t0 / (t0 - t1))
            };
        }
    }
    points.first().map_or(0.0, |p| p.1)
}

/// The parts of `Thermograph(...)` split at the commas outside brackets.
fn thermograph_parts(text: &str) -> Option<Vec<&str>> {
    let body = text.strip_prefix("Thermograph(")?.strip_suffix(')')?;
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    for (i, ch) in body.char_indices() {
        match ch {
            '[' => depth += 1,
            ']' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&body[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&body[start..]);
    (parts.len() == 6).then_some(parts)
}

/// The thermograph as in Winning Ways, from its text
/// (`Thermograph(m,[c...],[s...],m',[c'...],[s'...])`, CGSuite's): the
/// temperature up, values with Left's side (the larger) on the left, the
/// left wall blue, the right wall red, the mast black and going on up, a
/// dashed line at temperature 0. `None` for a text that is not a
/// thermograph, or whose numbers are too large to draw.
pub fn thermograph(text: &str) -> Option<Picture> {
    let parts = thermograph_parts(text)?;
    let mut left = wall(parts[0], parts[1], parts[2])?;
    let mut right = wall(parts[3], parts[4], parts[5])?;
    // Above its own highest critical point a wall is vertical at the mast
    // value, up to where the mast starts (the higher of the two tops):
    // drawn from there, both walls meet the mast.
    let mast_top = left.top.max(right.top);
    for w in [&mut left, &mut right] {
        if w.top < mast_top {
            w.points.insert(0, (mast_top, w.mast));
            w.top = mast_top;
        }
    }
    let top = mast_top.max(0.0) + 1.0;
    let values = left.points.iter().chain(&right.points).map(|p| p.1);
    let (mut vmin, mut vmax) =
        values.fold((f64::MAX, f64::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)));
    let pad = (0.5f64).max((vmax - vmin) * 0.15);
    vmin -= pad;
    vmax += pad;
    let (w, h, ml, mr, mt, mb) = (380.0, 268.0, 20.0, 64.0, 16.0, 62.0);
    let x = |v: f64| ml + (vmax - v) / (vmax - vmin) * (w - ml - mr);
    let y = |t: f64| mt + (top - t) / (top + 1.0) * (h - mt - mb);
    let mut shapes = vec![
        line((ml, y(0.0)), (w - mr, y(0.0)), colours::LINE, 1.0, true, ""),
        line(
            (w - mr, y(top)),
            (w - mr, y(-1.0)),
            colours::MUTED,
            1.0,
            false,
            "",
        ),
        line(
            (ml, y(-1.0)),
            (w - mr, y(-1.0)),
            colours::MUTED,
            1.0,
            false,
            "",
        ),
    ];
    for (wall, colour, class) in [
        (&left, colours::BLUE, "left-wall"),
        (&right, colours::RED, "right-wall"),
    ] {
        shapes.push(Shape::Path {
            points: wall.points.iter().map(|&(t, v)| (x(v), y(t))).collect(),
            colour,
            width: 2.5,
            class,
        });
    }
    let mut mast = line(
        (x(left.mast), y(mast_top)),
        (x(left.mast), y(top)),
        colours::INK,
        2.5,
        false,
        "mast",
    );
    if let Shape::Line { data, .. } = &mut mast {
        data.push(("value", left.mast_text.clone()));
        data.push(("temperature", dyadic_text(mast_top)));
    }
    shapes.push(mast);
    // The value labels: the mast's first, then the stops (the walls at
    // t = 0); one that would touch a label already placed goes a row
    // lower, and is left out (the caption has every figure) if it touches
    // in all three rows.
    let mut placed: Vec<(f64, f64, usize)> = Vec::new();
    let feet = [left.mast, at_zero(&left.points), at_zero(&right.points)];
    let mut seen: Vec<String> = Vec::new();
    for v in feet {
        let label = dyadic_text(v);
        if seen.contains(&label) {
            continue;
        }
        seen.push(label.clone());
        let half = text_width(&label, 10.0) / 2.0 + 3.0;
        let (lo, hi) = (x(v) - half, x(v) + half);
        let Some(row) =
            (0..3).find(|&row| placed.iter().all(|&(a, b, r)| r != row || hi < a || lo > b))
        else {
            continue;
        };
        placed.push((lo, hi, row));
        shapes.push(text_shape(
            (x(v), h - 42.0 + 12.0 * row as f64),
            label,
            Anchor::Middle,
            10.0,
            colours::INK,
            "value-tick",
        ));
    }
    // The temperature axis: ticks at 0, at the temperature where the
    // mast starts, at -1 and at whole temperatures (at most ten), each
    // label kept 12 pixels from those placed before it: the mast's label
    // moves clear of 0's (its tick stays), any other that would touch one
    // placed is left out.
    let gap = 12.0;
    let mut labels: Vec<(f64, f64)> = vec![(0.0, y(0.0))]; // (temperature, label y)
    if mast_top != 0.0 {
        let mut ly = y(mast_top);
        if (ly - y(0.0)).abs() < gap {
            ly = if mast_top > 0.0 {
                y(0.0) - gap
            } else {
                y(0.0) + gap
            };
        }
        labels.push((mast_top, ly));
    }
    let step = ((top + 1.0) / 10.0).ceil().max(1.0);
    let mut others = vec![-1.0];
    let mut t = step;
    while t <= top {
        others.push(t);
        t += step;
    }
    for t in others {
        if labels
            .iter()
            .all(|&(u, ly)| u != t && (ly - y(t)).abs() >= gap)
        {
            labels.push((t, y(t)));
        }
    }
    for (t, ly) in labels {
        shapes.push(line(
            (w - mr - 4.0, y(t)),
            (w - mr, y(t)),
            colours::MUTED,
            1.0,
            false,
            "",
        ));
        shapes.push(text_shape(
            (w - mr + 4.0, ly + 3.0),
            format!("t = {}", dyadic_text(t)),
            Anchor::Start,
            9.0,
            colours::MUTED,
            "temperature-tick",
        ));
    }
    shapes.push(text_shape(
        (w / 2.0, h - 4.0),
        "value (Left's side on the left); temperature up (right-hand scale)".into(),
        Anchor::Middle,
        10.0,
        colours::MUTED,
        "",
    ));
    Some(Picture {
        width: w,
        height: h,
        id: "thermograph-svg",
        class: "thermograph",
        label: format!("the thermograph {text}"),
        shapes,
    })
}

fn line(
    from: (f64, f64),
    to: (f64, f64),
    colour: Colour,
    width: f64,
    dashed: bool,
    class: &'static str,
) -> Shape {
    Shape::Line {
        from,
        to,
        colour,
        width,
        dashed,
        class,
        data: Vec::new(),
    }
}

fn text_shape(
    at: (f64, f64),
    text: String,
    anchor: Anchor,
    size: f64,
    colour: Colour,
    class: &'static str,
) -> Shape {
    Shape::Text {
        at,
        text,
        anchor,
        size,
        colour,
        class,
        title: None,
    }
}

/// A game value written with braces or as a switch (`{1|*}`, `{2||1|0}`,
/// `±1`), split into its Left and Right options as written: the longest
/// run of bars outside inner braces splits it (CGSuite's rule), and a side
/// with shorter runs of bars is one option of its own. `None` for anything
/// else (numbers, nimbers, ups).
pub fn value_options(text: &str) -> Option<(Vec<String>, Vec<String>)> {
    let text = text.trim();
    if let Some(g) = text.strip_prefix('±').or_else(|| text.strip_prefix("+-")) {
        let g = g.trim();
        let negated = g
            .strip_prefix('-')
            .map_or_else(|| format!("-{g}"), str::to_string);
        return Some((vec![g.to_string()], vec![negated]));
    }
    let body = text.strip_prefix('{')?.strip_suffix('}')?;
    let bytes = body.as_bytes();
    let (mut depth, mut best, mut at) = (0i32, 0, None);
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'{' => depth += 1,
            b'}' => depth -= 1,
            b'|' if depth == 0 => {
                let j = i + bytes[i..].iter().take_while(|&&b| b == b'|').count();
                if j - i > best {
                    best = j - i;
                    at = Some(i);
                }
                i = j - 1;
            }
            _ => {}
        }
        if depth < 0 {
            return None;
        }
        i += 1;
    }
    let at = at.filter(|_| depth == 0)?;
    let side = |part: &str| -> Vec<String> {
        let part = part.trim();
        if part.is_empty() {
            return Vec::new();
        }
        // `2||1|0`: a side with bars outside braces is one game, `{1|0}`.
        let mut depth = 0;
        let flat_bar = part.chars().any(|c| {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ => {}
            }
            c == '|' && depth == 0
        });
        if flat_bar {
            return vec![format!("{{{part}}}")];
        }
        let mut out = Vec::new();
        let (mut depth, mut start) = (0, 0);
        for (i, c) in part.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    out.push(part[start..i].trim().to_string());
                    start = i + 1;
                }
                _ => {}
            }
        }
        out.push(part[start..].trim().to_string());
        out
    };
    Some((side(&body[..at]), side(&body[at + best..])))
}

/// A value's first level as a game tree (Winning Ways' pictures): the game
/// on top, Left's options below to the left on blue edges, Right's below
/// to the right on red ones, each labelled as written (cut short past 14
/// characters, whole on hover). `None` where [`value_options`] finds no
/// options, or more than 12.
pub fn game_tree(text: &str) -> Option<Picture> {
    let (left, right) = value_options(text)?;
    if left.len() + right.len() > 12 {
        return None;
    }
    let short = |t: &str| -> String {
        if t.chars().count() > 14 {
            t.chars().take(13).chain(['…']).collect()
        } else {
            t.to_string()
        }
    };
    // Each option gets room for its label.
    let slot = left
        .iter()
        .chain(&right)
        .map(|o| text_width(&short(o), 11.0) + 12.0)
        .fold(72.0, f64::max);
    let slots = (left.len().max(1) + right.len().max(1)) as f64;
    let w = (slots * slot + 20.0).max(160.0);
    let (h, top, bottom) = (110.0, 18.0, 70.0);
    let root = (w / 2.0, top);
    let mut shapes = Vec::new();
    let mut place = |list: &[String], from: f64, to: f64, colour: Colour, class| {
        for (k, opt) in list.iter().enumerate() {
            let x = if list.len() == 1 {
                (from + to) / 2.0
            } else {
                from + (to - from) * k as f64 / (list.len() - 1) as f64
            };
            shapes.push(line(root, (x, bottom), colour, 2.5, false, class));
            shapes.push(Shape::Disc {
                centre: (x, bottom),
                radius: 4.0,
                colour: colours::INK,
            });
            shapes.push(Shape::Text {
                at: (x, bottom + 18.0),
                text: short(opt),
                anchor: Anchor::Middle,
                size: 11.0,
                colour: colours::INK,
                class: "option",
                title: Some(opt.clone()),
            });
        }
    };
    let half = slot / 2.0 + 10.0;
    place(&left, half, w / 2.0 - 30.0, colours::BLUE, "left-option");
    place(
        &right,
        w / 2.0 + 30.0,
        w - half,
        colours::RED,
        "right-option",
    );
    shapes.push(Shape::Disc {
        centre: root,
        radius: 5.0,
        colour: colours::INK,
    });
    Some(Picture {
        width: w,
        height: h,
        id: "",
        class: "game-tree",
        label: format!("the options of {text}"),
        shapes,
    })
}

/// A colour as SVG writes it, `#rrggbb`.
pub fn hex(c: Colour) -> String {
    format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2])
}

/// `text` as SVG text or an attribute's value: `&`, `<`, `>` and `"`
/// escaped.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

impl Picture {
    /// Pictures one above the other, each centred, `gap` pixels apart.
    pub fn stacked(pictures: &[Picture], gap: f64, label: String) -> Picture {
        let width = pictures.iter().map(|p| p.width).fold(0.0, f64::max);
        let mut shapes = Vec::new();
        let mut top = 0.0;
        for p in pictures {
            let dx = (width - p.width) / 2.0;
            let shift = |(x, y): (f64, f64)| (x + dx, y + top);
            shapes.extend(p.shapes.iter().cloned().map(|mut s| {
                match &mut s {
                    Shape::Line { from, to, .. } => {
                        *from = shift(*from);
                        *to = shift(*to);
                    }
                    Shape::Path { points, .. } => {
                        for q in points {
                            *q = shift(*q);
                        }
                    }
                    Shape::Disc { centre, .. } => *centre = shift(*centre),
                    Shape::Text { at, .. } => *at = shift(*at),
                }
                s
            }));
            top += p.height + gap;
        }
        Picture {
            width,
            height: (top - gap).max(0.0),
            id: "",
            class: "",
            label,
            shapes,
        }
    }

    /// The picture as an SVG document (the explorer puts it in the page
    /// as it is).
    pub fn svg(&self) -> String {
        let mut s = String::new();
        let (w, h) = (self.width, self.height);
        let _ = write!(
            s,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" role="img" aria-label="{}""#,
            escape(&self.label)
        );
        if !self.id.is_empty() {
            let _ = write!(s, r#" id="{}""#, self.id);
        }
        if !self.class.is_empty() {
            let _ = write!(s, r#" class="{}""#, self.class);
        }
        s.push_str(" font-family=\"DejaVu Sans, sans-serif\">\n");
        let class = |c: &str| {
            if c.is_empty() {
                String::new()
            } else {
                format!(r#" class="{c}""#)
            }
        };
        for shape in &self.shapes {
            match shape {
                Shape::Line {
                    from,
                    to,
                    colour,
                    width,
                    dashed,
                    class: c,
                    data,
                } => {
                    let _ = write!(
                        s,
                        r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{}" stroke-width="{width}"{}{}"#,
                        from.0,
                        from.1,
                        to.0,
                        to.1,
                        hex(*colour),
                        if *dashed {
                            r#" stroke-dasharray="4 3""#
                        } else {
                            ""
                        },
                        class(c)
                    );
                    for (k, v) in data {
                        let _ = write!(s, r#" data-{k}="{}""#, escape(v));
                    }
                    s.push_str("/>\n");
                }
                Shape::Path {
                    points,
                    colour,
                    width,
                    class: c,
                } => {
                    let d: Vec<String> = points
                        .iter()
                        .enumerate()
                        .map(|(i, (x, y))| {
                            format!("{}{x:.1} {y:.1}", if i == 0 { "M" } else { "L" })
                        })
                        .collect();
                    let _ = writeln!(
                        s,
                        r#"<path d="{}" fill="none" stroke="{}" stroke-width="{width}"{}/>"#,
                        d.join(" "),
                        hex(*colour),
                        class(c)
                    );
                }
                Shape::Disc {
                    centre,
                    radius,
                    colour,
                } => {
                    let _ = writeln!(
                        s,
                        r#"<circle cx="{:.1}" cy="{:.1}" r="{radius}" fill="{}"/>"#,
                        centre.0,
                        centre.1,
                        hex(*colour)
                    );
                }
                Shape::Text {
                    at,
                    text,
                    anchor,
                    size,
                    colour,
                    class: c,
                    title,
                } => {
                    let anchor = match anchor {
                        Anchor::Start => "start",
                        Anchor::Middle => "middle",
                        Anchor::End => "end",
                    };
                    let open = title
                        .as_ref()
                        .map(|t| format!("<g><title>{}</title>", escape(t)))
                        .unwrap_or_default();
                    let _ = writeln!(
                        s,
                        r#"{open}<text x="{:.1}" y="{:.1}" text-anchor="{anchor}" font-size="{size}" fill="{}"{}>{}</text>{}"#,
                        at.0,
                        at.1,
                        hex(*colour),
                        class(c),
                        escape(text),
                        if title.is_some() { "</g>" } else { "" }
                    );
                }
            }
        }
        s.push_str("</svg>\n");
        s
    }

    /// The box each text covers, `(left, top, right, bottom)`, as
    /// [`text_width`] measures it: for checks that no two touch.
    pub fn text_boxes(&self) -> Vec<(String, [f64; 4])> {
        self.shapes
            .iter()
            .filter_map(|s| match s {
                Shape::Text {
                    at,
                    text,
                    anchor,
                    size,
                    ..
                } => {
                    let w = text_width(text, *size);
                    let left = match anchor {
                        Anchor::Start => at.0,
                        Anchor::Middle => at.0 - w / 2.0,
                        Anchor::End => at.0 - w,
                    };
                    Some((text.clone(), [left, at.1 - size * 0.8, left + w, at.1]))
                }
                _ => None,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(p: &Picture, class: &str) -> Vec<String> {
        p.shapes
            .iter()
            .filter_map(|s| match s {
                Shape::Text { text, class: c, .. } if *c == class => Some(text.clone()),
                _ => None,
            })
            .collect()
    }

    fn overlaps(p: &Picture) -> Vec<(String, String)> {
        let boxes = p.text_boxes();
        let mut out = Vec::new();
        for (i, (a, x)) in boxes.iter().enumerate() {
            for (b, y) in &boxes[i + 1..] {
                if x[0] < y[2] && y[0] < x[2] && x[1] < y[3] && y[1] < x[3] {
                    out.push((a.clone(), b.clone()));
                }
            }
        }
        out
    }

    #[test]
    fn the_thermograph_of_a_switch_has_its_walls_meeting_at_the_mast() {
        // {3|-1}: mean 1, temperature 2 (Winning Ways, ch. 6); the left
        // wall from (t=2, v=1) down to the stop 3, the right to -1.
        let p = thermograph("Thermograph(1,[2],[0,-1],1,[2],[0,1])").unwrap();
        let paths: Vec<&Vec<(f64, f64)>> = p
            .shapes
            .iter()
            .filter_map(|s| match s {
                Shape::Path { points, .. } => Some(points),
                _ => None,
            })
            .collect();
        assert_eq!(paths.len(), 2);
        let mast = p
            .shapes
            .iter()
            .find_map(|s| match s {
                Shape::Line {
                    from, class, data, ..
                } if *class == "mast" => Some((*from, data.clone())),
                _ => None,
            })
            .unwrap();
        assert_eq!(paths[0][0], mast.0);
        assert_eq!(paths[1][0], mast.0);
        assert_eq!(
            mast.1,
            vec![("value", "1".to_string()), ("temperature", "2".to_string())]
        );
        // The mast's value and the stops 3 and -1.
        let mut ticks = texts(&p, "value-tick");
        ticks.sort();
        assert_eq!(ticks, ["-1", "1", "3"]);
        assert!(overlaps(&p).is_empty(), "{:?}", overlaps(&p));
    }

    #[test]
    fn close_labels_do_not_touch() {
        // {2|15/8}, a switch: mean (2 + 15/8)/2 = 31/16, temperature 1/16,
        // stops 2 and 15/8, all within 1/8 of each other; the "t = 1/16"
        // label sits a pixel from "t = 0" if drawn at its tick. (Its text
        // as `sprague analyze '{2|15/8}'` prints it.)
        let p = thermograph("Thermograph(31/16,[1/16],[0,-1],31/16,[1/16,-1/8,-1/4],[0,1,0,1])")
            .unwrap();
        assert!(overlaps(&p).is_empty(), "{:?}", overlaps(&p));
        let mut ticks = texts(&p, "value-tick");
        ticks.sort();
        assert_eq!(ticks, ["15/8", "2", "31/16"]);
        let t = texts(&p, "temperature-tick");
        assert!(t.contains(&"t = 1/16".to_string()), "{t:?}");
        assert!(t.contains(&"t = 0".to_string()), "{t:?}");
        assert!(t.contains(&"t = -1".to_string()), "{t:?}");
    }

    #[test]
    fn options_are_read_as_written() {
        let o = |t: &str| value_options(t).unwrap();
        assert_eq!(o("{3|-1}"), (vec!["3".into()], vec!["-1".into()]));
        assert_eq!(
            o("{2, {1|0} || -1}"),
            (vec!["2".into(), "{1|0}".into()], vec!["-1".into()])
        );
        assert_eq!(o("{2||1|0}"), (vec!["2".into()], vec!["{1|0}".into()]));
        assert_eq!(o("±1"), (vec!["1".into()], vec!["-1".into()]));
        assert_eq!(o("{|}"), (vec![], vec![]));
        assert_eq!(value_options("3/4"), None);
        assert_eq!(value_options("{1|"), None);
    }

    #[test]
    fn the_svg_escapes_text() {
        let p = game_tree("{a<b|c&d}").unwrap();
        let s = p.svg();
        assert!(s.contains("a&lt;b") && s.contains("c&amp;d"), "{s}");
        assert!(!s.contains("a<b"));
    }
}
