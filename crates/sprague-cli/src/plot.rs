//! `sprague table --plot FILE.svg|FILE.png`: a scatter of `G(n)` against `n`,
//! drawn without a plotting library: an SVG document, or a PNG image (the
//! `png` crate compresses it: a plot is mostly background, a few kilobytes
//! where the raw pixels are 1.5 MB), its text set in DejaVu Sans (embedded, subset to
//! the characters a plot writes) and antialiased by `ab_glyph`.
//!
//! Colours mean what they mean in the web explorer: a zero (a P-position,
//! lost for the player to move) is red; rare values (for take-and-break
//! games) are violet and larger, so they stand out from the periodic body
//! of the sequence; the period, when known, is shaded from the preperiod
//! on. A legend says so on the plot.

use std::fmt::Write as _;
use std::path::Path;
use std::sync::OnceLock;

use ab_glyph::{Font, FontRef, GlyphId, PxScale, ScaleFont, point};

use crate::failure::Failure;

/// What to draw.
pub struct Plot<'a> {
    pub title: String,
    pub from: u64,
    pub values: &'a [u64],
    /// Heaps whose values are rare, drawn in violet.
    pub rare: Vec<u64>,
    /// `(preperiod, period)`, shaded.
    pub period: Option<(u64, u64)>,
}

/// A zero, a P-position: the explorer's colour for "loses".
const ZERO: [u8; 3] = [0xb3, 0x26, 0x1e];
/// A rare value.
const RARE: [u8; 3] = [0x7b, 0x3f, 0xb5];
/// Any other value.
const INK: [u8; 3] = [0x20, 0x30, 0x40];

fn hex(c: [u8; 3]) -> String {
    format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2])
}

/// The legend's lines: each colour and what it means.
fn legend(has_rare: bool, has_period: bool) -> Vec<([u8; 3], &'static str)> {
    let mut lines = vec![(ZERO, "G(n) = 0: the player to move loses")];
    if has_rare {
        lines.push((RARE, "a rare value"));
    }
    if has_period {
        lines.push(([0xee, 0xf4, 0xff], "shaded: the periodic part"));
    }
    lines
}

const WIDTH: u32 = 960;
const HEIGHT: u32 = 540;
const LEFT: f64 = 60.0;
const RIGHT: f64 = 20.0;
const TOP: f64 = 40.0;
const BOTTOM: f64 = 50.0;

impl Plot<'_> {
    fn max_value(&self) -> u64 {
        self.values.iter().copied().max().unwrap_or(0).max(1)
    }

    fn x(&self, n: u64) -> f64 {
        let span = (self.values.len().max(2) - 1) as f64;
        LEFT + (n - self.from) as f64 / span * (f64::from(WIDTH) - LEFT - RIGHT)
    }

    fn y(&self, v: u64) -> f64 {
        f64::from(HEIGHT)
            - BOTTOM
            - v as f64 / self.max_value() as f64 * (f64::from(HEIGHT) - TOP - BOTTOM)
    }

    fn to(&self) -> u64 {
        self.from + self.values.len() as u64 - 1
    }

    /// The plot as an SVG document.
    pub fn svg(&self) -> String {
        let mut s = String::new();
        let (w, h) = (WIDTH, HEIGHT);
        let _ = writeln!(
            s,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="12">"#
        );
        let _ = writeln!(s, r#"<rect width="{w}" height="{h}" fill="white"/>"#);
        if let Some((pre, per)) = self.period
            && pre <= self.to()
        {
            let x0 = self.x(pre.max(self.from));
            let _ = writeln!(
                s,
                r##"<rect x="{x0:.1}" y="{TOP}" width="{:.1}" height="{:.1}" fill="#eef4ff"/>"##,
                f64::from(w) - RIGHT - x0,
                f64::from(h) - TOP - BOTTOM
            );
            let _ = writeln!(
                s,
                r##"<text x="{:.1}" y="{:.1}" fill="#3060c0">periodic from {pre}, period {per}</text>"##,
                x0 + 4.0,
                TOP + 14.0
            );
        }
        // Axes, with ticks at round numbers.
        let (x_axis, y_axis) = (f64::from(h) - BOTTOM, LEFT);
        let _ = writeln!(
            s,
            r#"<path d="M{y_axis},{TOP} V{x_axis} H{}" stroke="black" fill="none"/>"#,
            f64::from(w) - RIGHT
        );
        for n in ticks(self.from, self.to()) {
            let x = self.x(n);
            let _ = writeln!(
                s,
                r#"<line x1="{x:.1}" y1="{x_axis}" x2="{x:.1}" y2="{:.1}" stroke="black"/><text x="{x:.1}" y="{:.1}" text-anchor="middle">{n}</text>"#,
                x_axis + 5.0,
                x_axis + 18.0
            );
        }
        for v in ticks(0, self.max_value()) {
            let y = self.y(v);
            let _ = writeln!(
                s,
                r#"<line x1="{:.1}" y1="{y:.1}" x2="{y_axis}" y2="{y:.1}" stroke="black"/><text x="{:.1}" y="{:.1}" text-anchor="end">{v}</text>"#,
                y_axis - 5.0,
                y_axis - 8.0,
                y + 4.0
            );
        }
        let _ = writeln!(
            s,
            r#"<text x="{:.1}" y="24" text-anchor="middle" font-size="15">{}</text>"#,
            f64::from(w) / 2.0,
            escape(&self.title)
        );
        let _ = writeln!(
            s,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">heap n</text><text x="16" y="{:.1}" transform="rotate(-90 16 {:.1})" text-anchor="middle">G(n)</text>"#,
            f64::from(w) / 2.0,
            f64::from(h) - 12.0,
            f64::from(h) / 2.0,
            f64::from(h) / 2.0
        );
        let radius = if self.values.len() > 2000 { 1.0 } else { 2.0 };
        for (n, &v) in (self.from..).zip(self.values) {
            if self.rare.binary_search(&n).is_err() {
                let colour = hex(if v == 0 { ZERO } else { INK });
                let _ = writeln!(
                    s,
                    r#"<circle class="point" cx="{:.1}" cy="{:.1}" r="{radius}" fill="{colour}"/>"#,
                    self.x(n),
                    self.y(v)
                );
            }
        }
        for &n in &self.rare {
            if n >= self.from && n <= self.to() {
                let v = self.values[(n - self.from) as usize];
                let _ = writeln!(
                    s,
                    r#"<circle class="point rare" cx="{:.1}" cy="{:.1}" r="{}" fill="{}"><title>G({n}) = {v} (rare)</title></circle>"#,
                    self.x(n),
                    self.y(v),
                    radius + 1.5,
                    hex(RARE)
                );
            }
        }
        let has_period = self.period.is_some_and(|(pre, _)| pre <= self.to());
        for (i, (colour, meaning)) in legend(!self.rare.is_empty(), has_period).iter().enumerate() {
            let y = TOP + 8.0 + 16.0 * i as f64;
            let x = f64::from(w) - RIGHT - 250.0;
            let _ = writeln!(
                s,
                r##"<g class="legend"><rect x="{x:.1}" y="{:.1}" width="10" height="10" fill="{}" stroke="#888"/><text x="{:.1}" y="{:.1}">{meaning}</text></g>"##,
                y - 9.0,
                hex(*colour),
                x + 16.0,
                y
            );
        }
        s.push_str("</svg>\n");
        s
    }

    /// The plot as a PNG image: the same points on a white canvas with axes.
    pub fn png(&self) -> Vec<u8> {
        let (w, h) = (WIDTH as usize, HEIGHT as usize);
        let mut pixels = vec![[255u8; 3]; w * h];
        let mut put = |x: f64, y: f64, r: i64, colour: [u8; 3]| {
            let (cx, cy) = (x.round() as i64, y.round() as i64);
            for dy in -r..=r {
                for dx in -r..=r {
                    let (px, py) = (cx + dx, cy + dy);
                    if px >= 0
                        && py >= 0
                        && (px as usize) < w
                        && (py as usize) < h
                        && dx * dx + dy * dy <= r * r
                    {
                        pixels[py as usize * w + px as usize] = colour;
                    }
                }
            }
        };
        if let Some((pre, _)) = self.period
            && pre <= self.to()
        {
            let x0 = self.x(pre.max(self.from)).round() as usize;
            for y in TOP as usize..h - BOTTOM as usize {
                for x in x0..w - RIGHT as usize {
                    put(x as f64, y as f64, 0, [0xee, 0xf4, 0xff]);
                }
            }
        }
        for x in LEFT as usize..w - RIGHT as usize {
            put(x as f64, f64::from(HEIGHT) - BOTTOM, 0, [0, 0, 0]);
        }
        for y in TOP as usize..=h - BOTTOM as usize {
            put(LEFT, y as f64, 0, [0, 0, 0]);
        }
        for n in ticks(self.from, self.to()) {
            for d in 0..5 {
                put(
                    self.x(n),
                    f64::from(HEIGHT) - BOTTOM + f64::from(d),
                    0,
                    [0, 0, 0],
                );
            }
        }
        for v in ticks(0, self.max_value()) {
            for d in 0..5 {
                put(LEFT - f64::from(d), self.y(v), 0, [0, 0, 0]);
            }
        }
        let r = if self.values.len() > 2000 { 1 } else { 2 };
        for (n, &v) in (self.from..).zip(self.values) {
            put(self.x(n), self.y(v), r, if v == 0 { ZERO } else { INK });
        }
        for &n in &self.rare {
            if n >= self.from && n <= self.to() {
                put(
                    self.x(n),
                    self.y(self.values[(n - self.from) as usize]),
                    r + 2,
                    RARE,
                );
            }
        }
        let has_period = self.period.is_some_and(|(pre, _)| pre <= self.to());
        let legend = legend(!self.rare.is_empty(), has_period);
        let legend_at = |i: usize| {
            (
                f64::from(WIDTH) - RIGHT - 300.0,
                TOP + 2.0 + 14.0 * i as f64,
            )
        };
        for (i, (colour, _)) in legend.iter().enumerate() {
            let (x, y) = legend_at(i);
            for dy in 0..10 {
                for dx in 0..10 {
                    let edge = dx == 0 || dy == 0 || dx == 9 || dy == 9;
                    let c = if edge { [0x88; 3] } else { *colour };
                    put(x + f64::from(dx), y + f64::from(dy), 0, c);
                }
            }
        }
        // The same text as the SVG's (the label of the vertical axis written
        // across, above it).
        let black = [0, 0, 0];
        for (i, (_, meaning)) in legend.iter().enumerate() {
            let (x, y) = legend_at(i);
            text(
                &mut pixels,
                x + 16.0,
                y + 1.0,
                meaning,
                Anchor::Start,
                12.0,
                black,
            );
        }
        let x_axis = f64::from(HEIGHT) - BOTTOM;
        for n in ticks(self.from, self.to()) {
            text(
                &mut pixels,
                self.x(n),
                x_axis + 10.0,
                &n.to_string(),
                Anchor::Middle,
                12.0,
                black,
            );
        }
        for v in ticks(0, self.max_value()) {
            text(
                &mut pixels,
                LEFT - 8.0,
                self.y(v) - 7.0,
                &v.to_string(),
                Anchor::End,
                12.0,
                black,
            );
        }
        text(
            &mut pixels,
            f64::from(WIDTH) / 2.0,
            8.0,
            &self.title,
            Anchor::Middle,
            18.0,
            black,
        );
        text(
            &mut pixels,
            f64::from(WIDTH) / 2.0,
            f64::from(HEIGHT) - 20.0,
            "heap n",
            Anchor::Middle,
            12.0,
            black,
        );
        text(
            &mut pixels,
            8.0,
            TOP - 14.0,
            "G(n)",
            Anchor::Start,
            12.0,
            black,
        );
        if let Some((pre, per)) = self.period
            && pre <= self.to()
        {
            let label = format!("periodic from {pre}, period {per}");
            let x0 = self.x(pre.max(self.from));
            text(
                &mut pixels,
                x0 + 4.0,
                TOP + 6.0,
                &label,
                Anchor::Start,
                12.0,
                [0x30, 0x60, 0xc0],
            );
        }
        encode_png(w as u32, h as u32, &pixels)
    }

    /// Writes the plot to `path`, as SVG or PNG by its extension.
    pub fn write(&self, path: &Path) -> Result<(), Failure> {
        let bytes = match path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase)
            .as_deref()
        {
            Some("svg") => self.svg().into_bytes(),
            Some("png") => self.png(),
            _ => {
                return Err(Failure::user(format!(
                    "--plot needs a file ending in .svg or .png, not {}",
                    path.display()
                )));
            }
        };
        std::fs::write(path, bytes)
            .map_err(|e| Failure::user(format!("cannot write plot {}: {e}", path.display())))
    }
}

/// Where a line of text sits against its `x`.
#[derive(Clone, Copy)]
enum Anchor {
    Start,
    Middle,
    End,
}

/// DejaVu Sans, subset to the characters a plot writes
/// (`assets/DejaVuSans-LICENSE.txt`).
static FONT_DATA: &[u8] = include_bytes!("../assets/DejaVuSans-subset.ttf");

/// The embedded font, read once.
fn font() -> &'static FontRef<'static> {
    static FONT: OnceLock<FontRef<'static>> = OnceLock::new();
    FONT.get_or_init(|| FontRef::try_from_slice(FONT_DATA).expect("the embedded font is a font"))
}

/// The glyph drawn for `c`: its own, or `?` where the subset has none.
fn glyph_id(font: &FontRef<'static>, c: char) -> GlyphId {
    match font.glyph_id(c) {
        GlyphId(0) => font.glyph_id('?'),
        id => id,
    }
}

/// The width in pixels of `s` set at `size` pixels.
fn text_width(s: &str, size: f32) -> f32 {
    let font = font().as_scaled(PxScale::from(size));
    let mut width = 0.0;
    let mut last = None;
    for c in s.chars() {
        let id = glyph_id(font.font, c);
        if let Some(prev) = last {
            width += font.kern(prev, id);
        }
        width += font.h_advance(id);
        last = Some(id);
    }
    width
}

/// Draws `s` on the `WIDTH × HEIGHT` canvas with its top at `y`, `size`
/// pixels high, antialiased: each pixel is mixed with `colour` as much as
/// the glyph's outline covers it.
fn text(
    pixels: &mut [[u8; 3]],
    x: f64,
    y: f64,
    s: &str,
    anchor: Anchor,
    size: f32,
    colour: [u8; 3],
) {
    let font = font().as_scaled(PxScale::from(size));
    let width = f64::from(text_width(s, size));
    let mut pen = match anchor {
        Anchor::Start => x,
        Anchor::Middle => x - width / 2.0,
        Anchor::End => x - width,
    } as f32;
    let baseline = y as f32 + font.ascent();
    let (w, h) = (WIDTH as i64, HEIGHT as i64);
    let mut last = None;
    for c in s.chars() {
        let id = glyph_id(font.font, c);
        if let Some(prev) = last {
            pen += font.kern(prev, id);
        }
        let glyph = id.with_scale_and_position(font.scale, point(pen, baseline));
        pen += font.h_advance(id);
        last = Some(id);
        let Some(outline) = font.outline_glyph(glyph) else {
            continue; // a space
        };
        let bounds = outline.px_bounds();
        outline.draw(|gx, gy, coverage| {
            let px = bounds.min.x as i64 + i64::from(gx);
            let py = bounds.min.y as i64 + i64::from(gy);
            if (0..w).contains(&px) && (0..h).contains(&py) {
                let pixel = &mut pixels[(py * w + px) as usize];
                let c = coverage.clamp(0.0, 1.0);
                for (p, ink) in pixel.iter_mut().zip(colour) {
                    *p = (f32::from(*p) * (1.0 - c) + f32::from(ink) * c).round() as u8;
                }
            }
        });
    }
}

/// About eight round tick positions in `lo..=hi`.
fn ticks(lo: u64, hi: u64) -> Vec<u64> {
    let span = (hi - lo).max(1);
    let mut step = 1u64;
    while span / step > 8 {
        step = match step.to_string().as_bytes()[0] {
            b'1' => step * 2,
            b'2' => step / 2 * 5,
            _ => step * 2,
        };
    }
    let first = lo.div_ceil(step) * step;
    (0..)
        .map(|i| first + i * step)
        .take_while(|&t| t <= hi)
        .collect()
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// A PNG file of RGB `pixels` (row-major), at the best compression: the
/// plot is written once and read many times.
fn encode_png(width: u32, height: u32, pixels: &[[u8; 3]]) -> Vec<u8> {
    let mut png = Vec::new();
    let mut encoder = png::Encoder::new(&mut png, width, height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::High);
    let raw: Vec<u8> = pixels.iter().flatten().copied().collect();
    // Writing to a vector of the right dimensions cannot fail.
    let mut writer = encoder.write_header().expect("a PNG header into memory");
    writer
        .write_image_data(&raw)
        .expect("PNG data of the header's size into memory");
    writer.finish().expect("the end of a PNG into memory");
    png
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_png_decodes_to_the_pixels_drawn() {
        let (w, h) = (7u32, 3u32);
        let pixels: Vec<[u8; 3]> = (0..w * h)
            .map(|i| [i as u8, (i * 7) as u8, 255 - i as u8])
            .collect();
        let png = encode_png(w, h, &pixels);
        let mut reader = png::Decoder::new(std::io::Cursor::new(png))
            .read_info()
            .unwrap();
        let mut decoded = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut decoded).unwrap();
        assert_eq!((info.width, info.height), (w, h));
        assert_eq!(info.color_type, png::ColorType::Rgb);
        let expected: Vec<u8> = pixels.iter().flatten().copied().collect();
        assert_eq!(&decoded[..info.buffer_size()], &expected[..]);
    }

    #[test]
    fn text_is_antialiased_and_sits_where_anchored() {
        let mut pixels = vec![[255u8; 3]; (WIDTH * HEIGHT) as usize];
        // "10" ending at x = 116 with its top at y = 50, 12 pixels high.
        text(&mut pixels, 116.0, 50.0, "10", Anchor::End, 12.0, [0, 0, 0]);
        let width = text_width("10", 12.0);
        assert!(
            (12.0..20.0).contains(&width),
            "two digits of 12 px: {width}"
        );
        let inked: Vec<(usize, usize, u8)> = (0..pixels.len())
            .filter(|&i| pixels[i] != [255; 3])
            .map(|i| (i % WIDTH as usize, i / WIDTH as usize, pixels[i][0]))
            .collect();
        assert!(inked.len() > 20, "the digits are drawn");
        let left = (116.0 - width).floor() as usize;
        assert!(
            inked
                .iter()
                .all(|&(x, y, _)| (left..=116).contains(&x) && (50..63).contains(&y)),
            "every inked pixel is inside the text's box"
        );
        // Black ink on white: grey only where an outline crosses a pixel.
        assert!(inked.iter().any(|&(_, _, v)| v < 64), "solid strokes");
        assert!(
            inked.iter().any(|&(_, _, v)| (64..224).contains(&v)),
            "antialiased edges"
        );
        assert!(
            inked
                .iter()
                .all(|&(x, y, v)| pixels[y * WIDTH as usize + x] == [v; 3])
        );
    }

    #[test]
    fn a_character_the_font_lacks_is_drawn_as_a_question_mark() {
        let font = font();
        assert_eq!(glyph_id(font, '\u{4e2d}'), glyph_id(font, '?'));
        assert_ne!(glyph_id(font, 'G'), glyph_id(font, '?'));
        assert_eq!(text_width("\u{4e2d}", 12.0), text_width("?", 12.0));
    }

    #[test]
    fn ticks_are_round() {
        assert_eq!(ticks(0, 200), vec![0, 50, 100, 150, 200]);
        assert_eq!(ticks(0, 8), vec![0, 1, 2, 3, 4, 5, 6, 7, 8]);
    }
}
