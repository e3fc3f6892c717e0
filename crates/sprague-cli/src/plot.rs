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

use sprague::picture::{self, Picture, Shape, escape, hex};
use sprague::{GridTable, GridValues, Outcome};

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
/// Room above the plot for the title, the legend's row and the period's
/// label: none of them is drawn over the points of the largest value.
const TOP: f64 = 76.0;
/// The top of the legend's swatches, in one row above the plot.
const LEGEND_Y: f64 = 38.0;

/// The left end of each entry of the legend, in one row that ends at the
/// plot's right edge.
fn legend_xs(legend: &[([u8; 3], &str)]) -> Vec<f64> {
    let widths: Vec<f64> = legend
        .iter()
        .map(|(_, m)| 16.0 + f64::from(text_width(m, 12.0)) + 18.0)
        .collect();
    let mut x = f64::from(WIDTH) - RIGHT - widths.iter().sum::<f64>() + 18.0;
    widths
        .iter()
        .map(|w| {
            let at = x;
            x += w;
            at
        })
        .collect()
}

/// Where the label of the periodic part starts, above the plot at the
/// part's left edge (`x0`), moved left so that it ends inside the plot.
fn period_label_x(x0: f64, label: &str) -> f64 {
    (x0 + 4.0).min(f64::from(WIDTH) - RIGHT - f64::from(text_width(label, 12.0)))
}
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
            let label = format!("periodic from {pre}, period {per}");
            let _ = writeln!(
                s,
                r##"<text x="{:.1}" y="{:.1}" fill="#3060c0">{label}</text>"##,
                period_label_x(x0, &label),
                TOP - 8.0
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
        let legend = legend(!self.rare.is_empty(), has_period);
        for ((colour, meaning), x) in legend.iter().zip(legend_xs(&legend)) {
            let y = LEGEND_Y + 10.0;
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
        let xs = legend_xs(&legend);
        for ((colour, _), &x) in legend.iter().zip(&xs) {
            let y = LEGEND_Y;
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
        for ((_, meaning), &x) in legend.iter().zip(&xs) {
            let y = LEGEND_Y;
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
                period_label_x(x0, &label),
                TOP - 22.0,
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
        write_plot(path, || Ok(self.svg()), || self.png())
    }
}

/// `sprague table NAME --to AxB --plot FILE`: a heat map of a table of two
/// numbers, a square per cell (rows `a` down, columns `b` across, as the
/// text grid prints them). An impartial game's cells are shaded by Grundy
/// value, from light (1) to dark blue (the largest), its zeros (the
/// P-positions) red; a partizan game's are coloured by outcome class.
pub struct HeatMap<'a> {
    table: &'a GridTable,
    /// The title, where it is not the table's own (a sequence laid out
    /// by rows).
    title: Option<String>,
    /// The side of a cell, in pixels.
    cell: u32,
    width: u32,
    height: u32,
}

/// A heat map's margins: room for the title and the columns' ticks above,
/// the rows' ticks on the left, the legend below.
const MAP_LEFT: u32 = 60;
const MAP_TOP: u32 = 56;
const MAP_RIGHT: u32 = 20;
const MAP_LEGEND_LINE: u32 = 18;
/// The side the cells share, in pixels, at most (a cell is 1 to 24 pixels).
const MAP_SIDE: u32 = 720;
/// The most cells a heat map draws: as PNG, and as SVG, whose every cell
/// is an element.
const MAP_MAX_PNG: u64 = 1_000_000;
const MAP_MAX_SVG: u64 = 250_000;
/// Up to this many cells, each SVG cell carries its value as a tooltip.
const MAP_TITLED: u64 = 10_000;

/// Outcome classes of a partizan cell: Left's win, Right's, the first
/// player's.
const LEFT_WINS: [u8; 3] = [0x1f, 0x5f, 0xbf];
const RIGHT_WINS: [u8; 3] = [0x2e, 0x8b, 0x3e];
const FIRST_WINS: [u8; 3] = [0xf2, 0xc1, 0x2e];
/// The ends of the shading of Grundy values 1..=max.
const LIGHT: [u8; 3] = [0xde, 0xeb, 0xf7];
const DARK: [u8; 3] = [0x08, 0x30, 0x6b];

impl<'a> HeatMap<'a> {
    /// Refuses, before the table is computed (a 3000x3000 table was
    /// computed for 4 s, then refused), a heat map to `path` of `rows` x
    /// `cols` cells that it cannot draw: more than a million cells (a heat
    /// map has a pixel a cell at least), as SVG (every cell an element)
    /// more than 250 000, or a file that is neither .svg nor .png.
    pub fn check(path: &Path, rows: u128, cols: u128) -> Result<(), Failure> {
        let cells = rows.saturating_mul(cols);
        if cells > u128::from(MAP_MAX_PNG) {
            return Err(Failure::user(format!(
                "a heat map draws at most {MAP_MAX_PNG} cells (1000x1000), not {rows}x{cols}: ask for a smaller --to"
            )));
        }
        if format(path)? == Format::Svg && cells > u128::from(MAP_MAX_SVG) {
            return Err(Failure::user(format!(
                "an SVG heat map draws at most {MAP_MAX_SVG} cells (500x500), not {rows}x{cols}: write a .png, or ask for a smaller --to"
            )));
        }
        Ok(())
    }

    /// The heat map of `table`, of at most a million cells (see
    /// [`HeatMap::check`]).
    pub fn new(table: &'a GridTable) -> HeatMap<'a> {
        let [rows, cols] = table.shape();
        let cell = (u64::from(MAP_SIDE) / rows.max(cols)).clamp(1, 24) as u32;
        let legend = HeatMap::legend_of(table).len() as u32;
        let width = (MAP_LEFT + cols as u32 * cell + MAP_RIGHT).max(480);
        let height = MAP_TOP + rows as u32 * cell + 12 + legend * MAP_LEGEND_LINE + 8;
        HeatMap {
            table,
            title: None,
            cell,
            width,
            height,
        }
    }

    /// The same heat map titled `title`.
    pub fn titled(self, title: String) -> HeatMap<'a> {
        HeatMap {
            title: Some(title),
            ..self
        }
    }

    fn legend_of(table: &GridTable) -> Vec<([u8; 3], String)> {
        match &table.values {
            GridValues::Grundy(values) => {
                let max = values.iter().flatten().copied().max().unwrap_or(0);
                vec![
                    (
                        ZERO,
                        "G = 0: the player to move loses (a P-position)".to_string(),
                    ),
                    (LIGHT, "G = 1".to_string()),
                    (DARK, format!("G = {max} (the largest), shaded between")),
                ]
            }
            GridValues::Canonical(_) => vec![
                (ZERO, "P: the player to move loses (value 0)".to_string()),
                (FIRST_WINS, "N: the player to move wins".to_string()),
                (LEFT_WINS, "L: Left wins whoever starts".to_string()),
                (RIGHT_WINS, "R: Right wins whoever starts".to_string()),
            ],
        }
    }

    /// The colour of the cell at row `i`, column `j`.
    fn colour(&self, i: usize, j: usize, max: u64) -> [u8; 3] {
        match &self.table.values {
            GridValues::Grundy(values) => match values[i][j] {
                0 => ZERO,
                v => {
                    let t = if max > 1 {
                        (v - 1) as f64 / (max - 1) as f64
                    } else {
                        0.0
                    };
                    let mix = |k: usize| {
                        (f64::from(LIGHT[k]) + t * (f64::from(DARK[k]) - f64::from(LIGHT[k])))
                            .round() as u8
                    };
                    [mix(0), mix(1), mix(2)]
                }
            },
            GridValues::Canonical(values) => match values[i][j].1 {
                Outcome::P => ZERO,
                Outcome::L => LEFT_WINS,
                Outcome::R => RIGHT_WINS,
                _ => FIRST_WINS,
            },
        }
    }

    fn max_grundy(&self) -> u64 {
        match &self.table.values {
            GridValues::Grundy(values) => values.iter().flatten().copied().max().unwrap_or(0),
            GridValues::Canonical(_) => 0,
        }
    }

    /// What the rows and columns are.
    fn axes(&self) -> &'static str {
        match self.title {
            Some(_) => "rows r down, columns c across",
            None => "a down, b across",
        }
    }

    fn title(&self) -> String {
        if let Some(title) = &self.title {
            return title.clone();
        }
        let t = self.table;
        let what = match t.values {
            GridValues::Grundy(_) => "G(a, b)",
            GridValues::Canonical(_) => "outcome of (a, b)",
        };
        format!(
            "{}: {what} for a = {}..{} (rows), b = {}..{} (columns)",
            t.ruleset, t.from[0], t.to[0], t.from[1], t.to[1]
        )
    }

    /// The ticks of each axis: `(index of the row or column, label)`.
    fn ticks(&self, axis: usize) -> Vec<(u64, u64)> {
        let t = self.table;
        ticks(t.from[axis], t.to[axis])
            .into_iter()
            .map(|n| (n - t.from[axis], n))
            .collect()
    }

    /// The heat map as an SVG document.
    /// Of at most 250 000 cells (see [`HeatMap::check`]).
    pub fn svg(&self) -> String {
        let [rows, cols] = self.table.shape();
        let (w, h, c) = (self.width, self.height, self.cell);
        let mut s = String::new();
        let _ = writeln!(
            s,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="12">"#
        );
        let _ = writeln!(s, r#"<rect width="{w}" height="{h}" fill="white"/>"#);
        let _ = writeln!(
            s,
            r#"<text x="{}" y="18" text-anchor="middle" font-size="14">{}</text>"#,
            w / 2,
            escape(&self.title())
        );
        let max = self.max_grundy();
        let titled = rows * cols <= MAP_TITLED;
        for i in 0..rows as usize {
            for j in 0..cols as usize {
                let (x, y) = (MAP_LEFT + j as u32 * c, MAP_TOP + i as u32 * c);
                let fill = hex(self.colour(i, j, max));
                if titled {
                    let (a, b) = (self.table.from[0] + i as u64, self.table.from[1] + j as u64);
                    let _ = writeln!(
                        s,
                        r#"<rect class="cell" x="{x}" y="{y}" width="{c}" height="{c}" fill="{fill}"><title>({a}, {b}): {}</title></rect>"#,
                        escape(&self.table.text(i, j))
                    );
                } else {
                    let _ = writeln!(
                        s,
                        r#"<rect class="cell" x="{x}" y="{y}" width="{c}" height="{c}" fill="{fill}"/>"#
                    );
                }
            }
        }
        // Ticks at round numbers: the columns' b above, the rows' a left.
        for (j, b) in self.ticks(1) {
            let x = f64::from(MAP_LEFT) + (j as f64 + 0.5) * f64::from(c);
            let _ = writeln!(
                s,
                r#"<text x="{x:.1}" y="{}" text-anchor="middle">{b}</text>"#,
                MAP_TOP - 6
            );
        }
        for (i, a) in self.ticks(0) {
            let y = f64::from(MAP_TOP) + (i as f64 + 0.5) * f64::from(c) + 4.0;
            let _ = writeln!(
                s,
                r#"<text x="{}" y="{y:.1}" text-anchor="end">{a}</text>"#,
                MAP_LEFT - 6
            );
        }
        let _ = writeln!(
            s,
            r#"<text x="{MAP_LEFT}" y="{}" font-style="italic">{}</text>"#,
            MAP_TOP - 24,
            self.axes()
        );
        let legend_top = MAP_TOP + rows as u32 * c + 12;
        for (k, (colour, label)) in HeatMap::legend_of(self.table).iter().enumerate() {
            let y = legend_top + k as u32 * MAP_LEGEND_LINE;
            let _ = writeln!(
                s,
                r#"<rect x="{MAP_LEFT}" y="{y}" width="12" height="12" fill="{}"/><text x="{}" y="{}">{}</text>"#,
                hex(*colour),
                MAP_LEFT + 18,
                y + 10,
                escape(label)
            );
        }
        s.push_str("</svg>\n");
        s
    }

    /// The heat map as a PNG image.
    pub fn png(&self) -> Vec<u8> {
        let [rows, cols] = self.table.shape();
        let (w, h, c) = (
            self.width as usize,
            self.height as usize,
            self.cell as usize,
        );
        let mut pixels = vec![[255u8; 3]; w * h];
        let max = self.max_grundy();
        let mut fill = |x0: usize, y0: usize, side: usize, colour: [u8; 3]| {
            for y in y0..(y0 + side).min(h) {
                for x in x0..(x0 + side).min(w) {
                    pixels[y * w + x] = colour;
                }
            }
        };
        let (left, top) = (MAP_LEFT as usize, MAP_TOP as usize);
        for i in 0..rows as usize {
            for j in 0..cols as usize {
                fill(left + j * c, top + i * c, c, self.colour(i, j, max));
            }
        }
        let legend_top = top + rows as usize * c + 12;
        let legend = HeatMap::legend_of(self.table);
        for (k, (colour, _)) in legend.iter().enumerate() {
            fill(left, legend_top + k * MAP_LEGEND_LINE as usize, 12, *colour);
        }
        let black = [0, 0, 0];
        let width = w;
        let write = |pixels: &mut Vec<[u8; 3]>, at, s: &str, anchor, size| {
            text_on(pixels, width, at, s, anchor, size, black);
        };
        write(
            &mut pixels,
            (w as f64 / 2.0, 6.0),
            &self.title(),
            Anchor::Middle,
            14.0,
        );
        for (j, b) in self.ticks(1) {
            let x = left as f64 + (j as f64 + 0.5) * c as f64;
            write(
                &mut pixels,
                (x, top as f64 - 18.0),
                &b.to_string(),
                Anchor::Middle,
                12.0,
            );
        }
        for (i, a) in self.ticks(0) {
            let y = top as f64 + (i as f64 + 0.5) * c as f64 - 7.0;
            write(
                &mut pixels,
                (left as f64 - 6.0, y),
                &a.to_string(),
                Anchor::End,
                12.0,
            );
        }
        write(
            &mut pixels,
            (left as f64, top as f64 - 36.0),
            self.axes(),
            Anchor::Start,
            12.0,
        );
        for (k, (_, label)) in legend.iter().enumerate() {
            let y = (legend_top + k * MAP_LEGEND_LINE as usize) as f64 - 1.0;
            write(
                &mut pixels,
                (left as f64 + 18.0, y),
                label,
                Anchor::Start,
                12.0,
            );
        }
        encode_png(self.width, self.height, &pixels)
    }

    /// Writes the heat map to `path`, as SVG or PNG by its extension.
    pub fn write(&self, path: &Path) -> Result<(), Failure> {
        write_plot(path, || Ok(self.svg()), || self.png())
    }
}

/// The two formats a plot is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Svg,
    Png,
}

/// The format of a plot to `path`, by its extension; checked before the
/// plot's values are computed.
pub fn format(path: &Path) -> Result<Format, Failure> {
    match path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .as_deref()
    {
        Some("svg") => Ok(Format::Svg),
        Some("png") => Ok(Format::Png),
        _ => Err(Failure::user(format!(
            "--plot needs a file ending in .svg or .png, not {}",
            path.display()
        ))),
    }
}

/// Writes a plot to `path`, as SVG or PNG by its extension: only the
/// drawing asked for is made.
fn write_plot(
    path: &Path,
    svg: impl FnOnce() -> Result<String, Failure>,
    png: impl FnOnce() -> Vec<u8>,
) -> Result<(), Failure> {
    let bytes = match format(path)? {
        Format::Svg => svg()?.into_bytes(),
        Format::Png => png(),
    };
    // Atomically, as checkpoints are: never half a plot, and never a
    // device, FIFO or link replaced.
    let tmp = sprague::durable::temporary_path(path);
    sprague::durable::write_atomically(path, &tmp, |out| std::io::Write::write_all(out, &bytes))
        .map_err(|e| Failure::user(format!("cannot write plot {}: {e}", path.display())))
}

/// How many pixels of a PNG a pixel of a [`Picture`] is: the pictures are
/// drawn for a page, small; twice over they read well as a file.
const PICTURE_SCALE: f64 = 2.0;

/// A [`Picture`] (a thermograph, a game tree) as a PNG image, at
/// [`PICTURE_SCALE`]: the shapes its SVG has, antialiased.
pub fn picture_png(picture: &Picture) -> Vec<u8> {
    let s = PICTURE_SCALE;
    let (w, h) = (
        (picture.width * s).ceil() as usize,
        (picture.height * s).ceil() as usize,
    );
    let mut pixels = vec![[255u8; 3]; w * h];
    // Mixes `colour` into the pixels within `radius` of the segment from
    // `a` to `b` (scaled), by how far inside they are; `dash` keeps the
    // stretches of a dashed line (4 on, 3 off, in picture pixels).
    let mut stroke = |a: (f64, f64), b: (f64, f64), radius: f64, colour: [u8; 3], dash: bool| {
        let (a, b) = ((a.0 * s, a.1 * s), (b.0 * s, b.1 * s));
        let r = radius * s;
        let (x0, x1) = (a.0.min(b.0) - r - 1.0, a.0.max(b.0) + r + 1.0);
        let (y0, y1) = (a.1.min(b.1) - r - 1.0, a.1.max(b.1) + r + 1.0);
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let length2 = dx * dx + dy * dy;
        for py in (y0.max(0.0) as usize)..(y1.max(0.0) as usize).min(h) {
            for px in (x0.max(0.0) as usize)..(x1.max(0.0) as usize).min(w) {
                let (cx, cy) = (px as f64 + 0.5, py as f64 + 0.5);
                let u = if length2 == 0.0 {
                    0.0
                } else {
                    (((cx - a.0) * dx + (cy - a.1) * dy) / length2).clamp(0.0, 1.0)
                };
                if dash && (u * length2.sqrt() / s) % 7.0 >= 4.0 {
                    continue;
                }
                let (ex, ey) = (cx - (a.0 + u * dx), cy - (a.1 + u * dy));
                let coverage = (r + 0.5 - (ex * ex + ey * ey).sqrt()).clamp(0.0, 1.0);
                if coverage > 0.0 {
                    let pixel = &mut pixels[py * w + px];
                    for (p, ink) in pixel.iter_mut().zip(colour) {
                        *p = (f64::from(*p) * (1.0 - coverage) + f64::from(ink) * coverage).round()
                            as u8;
                    }
                }
            }
        }
    };
    for shape in &picture.shapes {
        match shape {
            Shape::Line {
                from,
                to,
                colour,
                width,
                dashed,
                ..
            } => stroke(*from, *to, width / 2.0, *colour, *dashed),
            Shape::Path {
                points,
                colour,
                width,
                ..
            } => {
                for pair in points.windows(2) {
                    stroke(pair[0], pair[1], width / 2.0, *colour, false);
                }
            }
            Shape::Disc {
                centre,
                radius,
                colour,
            } => stroke(*centre, *centre, *radius, *colour, false),
            Shape::Text { .. } => {}
        }
    }
    for shape in &picture.shapes {
        if let Shape::Text {
            at,
            text,
            anchor,
            size,
            colour,
            ..
        } = shape
        {
            let size = (size * s) as f32;
            let ascent = f64::from(font().as_scaled(PxScale::from(size)).ascent());
            let anchor = match anchor {
                picture::Anchor::Start => Anchor::Start,
                picture::Anchor::Middle => Anchor::Middle,
                picture::Anchor::End => Anchor::End,
            };
            // The font has ASCII and a few signs: an ellipsis is three
            // dots, `±` is written `+-` as the position language allows.
            let text = text.replace('…', "...").replace('±', "+-");
            text_on(
                &mut pixels,
                w,
                (at.0 * s, at.1 * s - ascent),
                &text,
                anchor,
                size,
                *colour,
            );
        }
    }
    encode_png(w as u32, h as u32, &pixels)
}

/// Writes `picture` to `path`, as SVG or PNG by its extension.
pub fn write_picture(path: &Path, picture: &Picture) -> Result<(), Failure> {
    write_plot(path, || Ok(picture.svg()), || picture_png(picture))
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
    text_on(pixels, WIDTH as usize, (x, y), s, anchor, size, colour);
}

/// [`text`] on a canvas `canvas_width` pixels wide (its height is what `pixels`
/// holds), its top-left corner at `at`.
fn text_on(
    pixels: &mut [[u8; 3]],
    canvas_width: usize,
    at: (f64, f64),
    s: &str,
    anchor: Anchor,
    size: f32,
    colour: [u8; 3],
) {
    let (x, y) = at;
    let font = font().as_scaled(PxScale::from(size));
    let width = f64::from(text_width(s, size));
    let mut pen = match anchor {
        Anchor::Start => x,
        Anchor::Middle => x - width / 2.0,
        Anchor::End => x - width,
    } as f32;
    let baseline = y as f32 + font.ascent();
    let (w, h) = (
        canvas_width as i64,
        (pixels.len() / canvas_width.max(1)) as i64,
    );
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
