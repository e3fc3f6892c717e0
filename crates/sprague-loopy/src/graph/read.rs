//! The graph file format of the SPEC, read fast and checked line by line.
//!
//! ```text
//! # a comment
//! 3 2          # the header: n vertices, m edges
//! 0 1          # a move from vertex 0 to vertex 1
//! 1 2
//! start 0 0    # optional: the tokens of the default sum
//! ```
//!
//! A move line may end with a side, `x y L` or `x y R`: a move for Left or
//! for Right only, which makes the file a partizan game graph
//! ([`PartizanGraph::read`]); a line without a side is a move for both.
//!
//! Without the header, every line `x y` is a move between named vertices,
//! numbered in order of first appearance, and a line with a single word
//! declares a vertex with no moves (a word of the word-chain game nobody can
//! answer). A first line of exactly two unsigned integers is always the
//! header; a line whose first word is `start` is always the start line.
//!
//! The reader scans bytes by hand, a megabyte at a time, without an
//! allocation per line: a fifty-million-edge file is read in seconds. It
//! never panics on bad input; every problem is a [`GraphError`] naming the
//! line.

use std::collections::HashMap;
use std::fmt;
use std::io::Read;

use super::{Graph, PartizanGraph};

/// The most vertices a graph file may declare or name: 2^28, so that the
/// arrays of a graph stay within a few gigabytes whatever the header says.
pub const MAX_VERTICES: u64 = 1 << 28;

/// The most vertices a header may declare for each byte of its file: a
/// vertex that an edge or the start line names costs at least two bytes, so
/// a real file is far below this, and a few bytes claiming 2^28 vertices
/// are refused before gigabytes are allocated for them.
pub const VERTICES_PER_BYTE: u64 = 16;

/// The most bytes a graph file may hold: 4 GiB, room for a file with
/// [`MAX_VERTICES`] vertices and a few edges each, but a bound, so that a
/// file that never ends (a device, a file something keeps appending to) is
/// cut with an error instead of being read for ever.
pub const MAX_FILE_BYTES: u64 = 1 << 32;

/// The most bytes one line of a graph file may hold: 1 MiB. Edge lines are
/// a few dozen bytes; a `start` line of many tokens or a long vertex name
/// fits easily. Without a limit a file with no newline (a megabyte of
/// zeros) would be gathered into one ever-growing line.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// The limits a graph is read under: [`ReadLimits::DEFAULT`] everywhere
/// but in tests, which use small ones to exercise them cheaply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReadLimits {
    /// The most bytes read in all.
    pub max_bytes: u64,
    /// The most bytes in one line, its newline not counted.
    pub max_line_bytes: usize,
}

impl ReadLimits {
    /// [`MAX_FILE_BYTES`] and [`MAX_LINE_BYTES`].
    pub const DEFAULT: ReadLimits = ReadLimits {
        max_bytes: MAX_FILE_BYTES,
        max_line_bytes: MAX_LINE_BYTES,
    };
}

/// Why a graph file could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GraphError {
    /// The line the problem is on, counting from 1 (0 when it concerns no
    /// line, like a read error).
    pub line: u64,
    /// What is wrong.
    pub kind: GraphErrorKind,
}

/// The kinds of [`GraphError`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GraphErrorKind {
    /// A field that should be a vertex number is not an unsigned integer.
    ExpectedNumber {
        /// The field as written.
        found: String,
    },
    /// A vertex number at least `n`.
    VertexOutOfRange {
        /// The vertex as written.
        vertex: u64,
        /// The number of vertices declared in the header.
        n: u64,
    },
    /// The header declares more vertices than [`MAX_VERTICES`], or more than
    /// 2^32 - 1 edges.
    TooLarge {
        /// What is too large, in words.
        what: &'static str,
        /// The largest value allowed.
        max: u64,
    },
    /// A line with the wrong number of fields.
    FieldCount {
        /// What the line should look like.
        expected: &'static str,
        /// How many fields it has.
        found: usize,
    },
    /// More edge lines than the header declares.
    TooManyEdges {
        /// The number of edges in the header.
        declared: u64,
    },
    /// Fewer edge lines than the header declares.
    TooFewEdges {
        /// The number of edges in the header.
        declared: u64,
        /// The number of edge lines found.
        found: u64,
    },
    /// A second `start` line.
    DuplicateStart {
        /// The line of the first one.
        first: u64,
    },
    /// A `start` line naming a vertex no edge line names.
    UnknownVertex {
        /// The name as written.
        name: String,
    },
    /// A vertex name that is not UTF-8.
    InvalidUtf8,
    /// A control byte (NUL, a bell, an escape...) outside the blanks that
    /// separate fields: a binary file, not a graph.
    ControlByte {
        /// The byte.
        byte: u8,
    },
    /// The header declares more vertices than a file of its length can
    /// mean ([`VERTICES_PER_BYTE`] for each byte).
    HeaderTooLarge {
        /// The vertices the header declares.
        n: u64,
        /// The bytes of the file.
        bytes: u64,
    },
    /// The path names something that is not a regular file: a directory,
    /// a device, a FIFO or a socket, which may never end or block.
    NotARegularFile {
        /// What it is instead, in words: "a directory", "a device", ...
        what: &'static str,
    },
    /// The file has more bytes than the limit ([`MAX_FILE_BYTES`]).
    FileTooLarge {
        /// The limit, in bytes.
        max: u64,
    },
    /// A line has more bytes than the limit ([`MAX_LINE_BYTES`]).
    LineTooLong {
        /// The limit, in bytes.
        max: usize,
    },
    /// The file could not be read.
    Io {
        /// The operating system's message.
        message: String,
    },
    /// A move line's third field is not a side (`L` or `R`).
    BadSide {
        /// The field as written.
        found: String,
    },
    /// A move for one side in a file read as an impartial graph.
    SidedMove,
    /// The file's name is not one the [`FileSource`](super::FileSource)
    /// lets a position read (the web explorer's: outside its directory).
    Refused {
        /// Why, in words.
        reason: String,
    },
}

impl GraphError {
    fn new(line: u64, kind: GraphErrorKind) -> GraphError {
        GraphError { line, kind }
    }
}

impl fmt::Display for GraphErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GraphErrorKind::ExpectedNumber { found } => {
                write!(f, "expected a vertex number, found `{found}`")
            }
            GraphErrorKind::VertexOutOfRange { vertex, n } => {
                write!(
                    f,
                    "vertex {vertex} out of range (n = {n}, from the header `n m` on the first line)"
                )
            }
            GraphErrorKind::TooLarge { what, max } => {
                write!(f, "too many {what} (at most {max} are supported)")
            }
            GraphErrorKind::FieldCount { expected, found } => {
                write!(f, "expected {expected}, found {found} fields")
            }
            GraphErrorKind::TooManyEdges { declared } => {
                write!(
                    f,
                    "more edges than the m = {declared} of the header `n m` on the first line"
                )
            }
            GraphErrorKind::TooFewEdges { declared, found } => write!(
                f,
                "the header declares m = {declared} edges but the file has {found}"
            ),
            GraphErrorKind::DuplicateStart { first } => {
                write!(f, "a second `start` line (the first is line {first})")
            }
            GraphErrorKind::UnknownVertex { name } => {
                write!(f, "`{name}` is not a vertex of the graph")
            }
            GraphErrorKind::InvalidUtf8 => write!(f, "a vertex name is not valid UTF-8"),
            GraphErrorKind::ControlByte { byte } => {
                write!(f, "the control byte 0x{byte:02x}: not a graph file")
            }
            GraphErrorKind::HeaderTooLarge { n, bytes } => write!(
                f,
                "the header declares {n} vertices, more than {VERTICES_PER_BYTE} for each of the file's {bytes} bytes"
            ),
            GraphErrorKind::NotARegularFile { what } => {
                write!(f, "not a regular file ({what})")
            }
            GraphErrorKind::FileTooLarge { max } => {
                write!(f, "larger than the limit of {max} bytes for a graph file")
            }
            GraphErrorKind::LineTooLong { max } => {
                write!(f, "longer than the limit of {max} bytes for one line")
            }
            GraphErrorKind::Io { message } => write!(f, "cannot read the file: {message}"),
            GraphErrorKind::BadSide { found } => {
                write!(f, "a move's side is `L` or `R`, not `{found}`")
            }
            GraphErrorKind::SidedMove => write!(
                f,
                "a move for one side (`L` or `R`) in a graph read as impartial"
            ),
            GraphErrorKind::Refused { reason } => f.write_str(reason),
        }
    }
}

impl fmt::Display for GraphError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "line {}: {}", self.line, self.kind)
        } else {
            write!(f, "{}", self.kind)
        }
    }
}

impl std::error::Error for GraphError {}

/// Whether the vertices are numbered (a header was read) or named.
enum Mode {
    /// No content line seen yet.
    Unknown,
    Numbered {
        n: u64,
        m: u64,
    },
    Named {
        ids: HashMap<Box<[u8]>, u32>,
        names: Vec<String>,
    },
}

struct Reader {
    line: u64,
    mode: Mode,
    sources: Vec<u32>,
    targets: Vec<u32>,
    /// The fields of the start line, kept raw until the mode is known, and
    /// the line it was on.
    start: Option<(u64, Vec<Vec<u8>>)>,
    /// The line of the last content line, for "too few edges".
    last_line: u64,
    /// Whose move each edge is: [`BOTH`], [`LEFT`] or [`RIGHT`]; empty
    /// until the first line with a side.
    sides: Vec<u8>,
    /// The first line with a side.
    first_side_line: Option<u64>,
}

const BOTH: u8 = 0;
const LEFT: u8 = 1;
const RIGHT: u8 = 2;

/// A graph file as read: an impartial graph, or a partizan one if some
/// move line names a side.
#[derive(Clone, Debug)]
pub enum GameFile {
    /// No move line names a side: one graph for both players.
    Impartial(Graph),
    /// Some move line names a side: Left's and Right's moves.
    Partizan {
        /// The graph with each player's moves.
        game: PartizanGraph,
        /// The first line with a side.
        first_side_line: u64,
    },
}

fn is_space(b: u8) -> bool {
    b == b' ' || b == b'\t' || b == b'\r' || b == b'\x0b' || b == b'\x0c'
}

/// The whitespace-separated fields of a line with its comment removed.
fn fields(line: &[u8]) -> impl Iterator<Item = &[u8]> + Clone {
    let content = match line.iter().position(|&b| b == b'#') {
        Some(i) => &line[..i],
        None => line,
    };
    content.split(|&b| is_space(b)).filter(|f| !f.is_empty())
}

/// An unsigned decimal integer, or `None` if the field is not one or does
/// not fit in 64 bits.
fn parse_u64(field: &[u8]) -> Option<u64> {
    if field.is_empty() || field.len() > 20 {
        return None;
    }
    let mut value: u64 = 0;
    for &b in field {
        let d = b.wrapping_sub(b'0');
        if d > 9 {
            return None;
        }
        value = value.checked_mul(10)?.checked_add(u64::from(d))?;
    }
    Some(value)
}

/// A line of exactly two unsigned numbers below 2^32 separated by blanks
/// (no comment), scanned in one pass; `None` for anything else.
fn two_numbers(line: &[u8]) -> Option<(u64, u64)> {
    let mut i = 0;
    let mut numbers = [0u64; 2];
    for number in &mut numbers {
        while i < line.len() && is_space(line[i]) {
            i += 1;
        }
        let begin = i;
        let mut value: u64 = 0;
        while i < line.len() && line[i].is_ascii_digit() && i - begin < 10 {
            value = value * 10 + u64::from(line[i] - b'0');
            i += 1;
        }
        if i == begin || (i < line.len() && !is_space(line[i])) {
            return None;
        }
        *number = value;
    }
    while i < line.len() && is_space(line[i]) {
        i += 1;
    }
    (i == line.len()).then_some((numbers[0], numbers[1]))
}

fn lossy(field: &[u8]) -> String {
    String::from_utf8_lossy(field).into_owned()
}

impl Reader {
    fn new() -> Reader {
        Reader {
            line: 0,
            mode: Mode::Unknown,
            sources: Vec::new(),
            targets: Vec::new(),
            start: None,
            last_line: 0,
            sides: Vec::new(),
            first_side_line: None,
        }
    }

    /// Records whose move the edge just pushed is.
    fn side(&mut self, side: Option<&[u8]>) -> Result<(), GraphError> {
        let side = match side {
            None => BOTH,
            Some(b"L") => LEFT,
            Some(b"R") => RIGHT,
            Some(other) => {
                return Err(self.error(GraphErrorKind::BadSide {
                    found: lossy(other),
                }));
            }
        };
        if side != BOTH && self.first_side_line.is_none() {
            self.first_side_line = Some(self.line);
            self.sides.resize(self.sources.len() - 1, BOTH);
        }
        if self.first_side_line.is_some() {
            self.sides.push(side);
        }
        Ok(())
    }

    fn error(&self, kind: GraphErrorKind) -> GraphError {
        GraphError::new(self.line, kind)
    }

    /// A vertex number below `n`.
    fn vertex(&self, field: &[u8], n: u64) -> Result<u32, GraphError> {
        let v = parse_u64(field).ok_or_else(|| {
            self.error(GraphErrorKind::ExpectedNumber {
                found: lossy(field),
            })
        })?;
        if v >= n {
            return Err(self.error(GraphErrorKind::VertexOutOfRange { vertex: v, n }));
        }
        Ok(v as u32)
    }

    /// Blanks (tab, carriage return, vertical tab, form feed) separate
    /// fields; any other control byte means binary data.
    fn no_control_bytes(&self, line: &[u8]) -> Result<(), GraphError> {
        match line
            .iter()
            .find(|&&b| (b < b' ' && !is_space(b)) || b == 0x7f)
        {
            Some(&byte) => Err(self.error(GraphErrorKind::ControlByte { byte })),
            None => Ok(()),
        }
    }

    fn line(&mut self, line: &[u8]) -> Result<(), GraphError> {
        self.line += 1;
        // The fast path: an edge line of a numbered graph, two numbers and
        // nothing else, parsed without collecting the fields.
        if let Mode::Numbered { n, m } = self.mode {
            if let Some((x, y)) = two_numbers(line)
                && x < n
                && y < n
                && (self.sources.len() as u64) < m
            {
                self.last_line = self.line;
                self.sources.push(x as u32);
                self.targets.push(y as u32);
                if self.first_side_line.is_some() {
                    self.sides.push(BOTH);
                }
                return Ok(());
            }
            // Anything unusual (a comment, a start line, an error) takes the
            // general path, which also words the errors.
            self.no_control_bytes(line)?;
            let mut it = fields(line);
            let Some(x) = it.next() else {
                return Ok(());
            };
            self.last_line = self.line;
            if x == b"start" {
                return self.start_line(it.map(<[u8]>::to_vec).collect());
            }
            let count = 1 + it.clone().count();
            let Some(y) = it.next().filter(|_| count == 2 || count == 3) else {
                return Err(self.error(GraphErrorKind::FieldCount {
                    expected: "an edge `x y` or `x y L` / `x y R`",
                    found: count,
                }));
            };
            let x = self.vertex(x, n)?;
            let y = self.vertex(y, n)?;
            if self.sources.len() as u64 >= m {
                return Err(self.error(GraphErrorKind::TooManyEdges { declared: m }));
            }
            self.sources.push(x);
            self.targets.push(y);
            return self.side(it.next());
        }
        self.no_control_bytes(line)?;
        let f: Vec<&[u8]> = fields(line).collect();
        if f.is_empty() {
            return Ok(());
        }
        self.last_line = self.line;
        if f[0] == b"start" {
            return self.start_line(f[1..].iter().map(|s| s.to_vec()).collect());
        }
        if let Mode::Unknown = self.mode {
            if let [a, b] = f.as_slice()
                && let (Some(n), Some(m)) = (parse_u64(a), parse_u64(b))
            {
                if n > MAX_VERTICES {
                    return Err(self.error(GraphErrorKind::TooLarge {
                        what: "vertices",
                        max: MAX_VERTICES,
                    }));
                }
                if m > u64::from(u32::MAX) {
                    return Err(self.error(GraphErrorKind::TooLarge {
                        what: "edges",
                        max: u64::from(u32::MAX),
                    }));
                }
                // Trust the header for the allocation only up to a point:
                // a file that lies about m must not exhaust memory (a
                // 12-byte file may claim 2^32 - 1 edges).
                let reserve = m.min(1 << 16) as usize;
                self.sources.reserve(reserve);
                self.targets.reserve(reserve);
                self.mode = Mode::Numbered { n, m };
                return Ok(());
            }
            self.mode = Mode::Named {
                ids: HashMap::new(),
                names: Vec::new(),
            };
        }
        match f.len() {
            1 => {
                self.named(f[0])?;
            }
            2 | 3 => {
                if f.len() == 3 && !matches!(f[2], b"L" | b"R") {
                    return Err(self.error(GraphErrorKind::BadSide { found: lossy(f[2]) }));
                }
                let x = self.named(f[0])?;
                let y = self.named(f[1])?;
                if self.sources.len() >= u32::MAX as usize {
                    return Err(self.error(GraphErrorKind::TooLarge {
                        what: "edges",
                        max: u64::from(u32::MAX),
                    }));
                }
                self.sources.push(x);
                self.targets.push(y);
                self.side(f.get(2).copied())?;
            }
            found => {
                return Err(self.error(GraphErrorKind::FieldCount {
                    expected: "a move `word1 word2`, `word1 word2 L` / `R`, or a single word",
                    found,
                }));
            }
        }
        Ok(())
    }

    /// The id of a named vertex, given a new one at its first appearance.
    fn named(&mut self, field: &[u8]) -> Result<u32, GraphError> {
        let line = self.line;
        let Mode::Named { ids, names } = &mut self.mode else {
            unreachable!("named vertices only in named mode");
        };
        if let Some(&id) = ids.get(field) {
            return Ok(id);
        }
        if names.len() as u64 >= MAX_VERTICES {
            return Err(GraphError::new(
                line,
                GraphErrorKind::TooLarge {
                    what: "vertices",
                    max: MAX_VERTICES,
                },
            ));
        }
        let name = std::str::from_utf8(field)
            .map_err(|_| GraphError::new(line, GraphErrorKind::InvalidUtf8))?
            .to_string();
        let id = names.len() as u32;
        names.push(name);
        ids.insert(field.into(), id);
        Ok(id)
    }

    fn start_line(&mut self, fields: Vec<Vec<u8>>) -> Result<(), GraphError> {
        if let Some((first, _)) = &self.start {
            return Err(self.error(GraphErrorKind::DuplicateStart { first: *first }));
        }
        if fields.is_empty() {
            return Err(self.error(GraphErrorKind::FieldCount {
                expected: "`start` and at least one vertex",
                found: 1,
            }));
        }
        self.start = Some((self.line, fields));
        Ok(())
    }

    /// The graph read, from a file of `bytes` bytes.
    fn finish(mut self, bytes: u64) -> Result<GameFile, GraphError> {
        let (n, names) = match std::mem::replace(&mut self.mode, Mode::Unknown) {
            Mode::Unknown => (0, None),
            Mode::Numbered { n, .. } if n > bytes.saturating_mul(VERTICES_PER_BYTE) => {
                return Err(GraphError::new(
                    0,
                    GraphErrorKind::HeaderTooLarge { n, bytes },
                ));
            }
            Mode::Numbered { n, m } => {
                let found = self.sources.len() as u64;
                if found < m {
                    return Err(GraphError::new(
                        self.last_line.max(1),
                        GraphErrorKind::TooFewEdges { declared: m, found },
                    ));
                }
                (n, None)
            }
            Mode::Named { names, .. } => (names.len() as u64, Some(names)),
        };
        let mut start = Vec::new();
        if let Some((line, fields)) = self.start.take() {
            self.line = line;
            for field in fields {
                let v = match &names {
                    Some(names) => {
                        let name = String::from_utf8_lossy(&field);
                        names.iter().position(|x| *x == name).ok_or_else(|| {
                            self.error(GraphErrorKind::UnknownVertex {
                                name: name.into_owned(),
                            })
                        })? as u32
                    }
                    None => self.vertex(&field, n)?,
                };
                start.push(v);
            }
        }
        let named = |graph: Graph| {
            match &names {
                Some(names) => graph.with_names(names.clone()),
                None => graph,
            }
            .with_start(start.clone())
        };
        let Some(first_side_line) = self.first_side_line else {
            let graph = Graph::from_edges(n as u32, &self.sources, &self.targets);
            return Ok(GameFile::Impartial(named(graph)));
        };
        let one_side = |wanted: u8| {
            let (s, t): (Vec<u32>, Vec<u32>) = self
                .sources
                .iter()
                .zip(&self.targets)
                .zip(&self.sides)
                .filter(|&(_, &side)| side == BOTH || side == wanted)
                .map(|((&s, &t), _)| (s, t))
                .unzip();
            Graph::from_edges(n as u32, &s, &t)
        };
        let game = PartizanGraph::new(named(one_side(LEFT)), one_side(RIGHT));
        Ok(GameFile::Partizan {
            game,
            first_side_line,
        })
    }
}

/// Reads a graph file, impartial or partizan, under `limits`.
pub fn read_game_file(reader: impl Read, limits: ReadLimits) -> Result<GameFile, GraphError> {
    Graph::read_any(reader, limits)
}

impl PartizanGraph {
    /// Reads a partizan game graph from `reader`: the graph file format,
    /// each move line `x y L` (Left's move), `x y R` (Right's) or `x y`
    /// (a move for both), under the default [`ReadLimits`]. Vertex names and
    /// the `start` line are kept on [`PartizanGraph::left_graph`].
    ///
    /// # Errors
    ///
    /// As [`Graph::read`], and [`GraphErrorKind::BadSide`] for a third field
    /// that is neither `L` nor `R`.
    pub fn read(reader: impl Read) -> Result<PartizanGraph, GraphError> {
        Ok(match Graph::read_any(reader, ReadLimits::DEFAULT)? {
            GameFile::Impartial(graph) => PartizanGraph::new(graph.clone(), graph),
            GameFile::Partizan { game, .. } => game,
        })
    }

    /// Reads a partizan game graph from text.
    ///
    /// # Errors
    ///
    /// As [`PartizanGraph::read`].
    ///
    /// # Examples
    ///
    /// ```
    /// use sprague_loopy::graph::PartizanGraph;
    /// // over = {0 | pass}: Left moves to 0, Right back to over.
    /// let over = PartizanGraph::parse("over 0 L\nover over R\n").unwrap();
    /// assert_eq!(over.left(0), &[1]);
    /// assert_eq!(over.right(0), &[0]);
    /// let e = PartizanGraph::parse("2 1\n0 1 X\n").unwrap_err();
    /// assert_eq!(e.to_string(), "line 2: a move's side is `L` or `R`, not `X`");
    /// ```
    pub fn parse(text: &str) -> Result<PartizanGraph, GraphError> {
        PartizanGraph::read(text.as_bytes())
    }
}

impl Graph {
    /// Reads a graph in the SPEC's text format from `reader`, under the
    /// default [`ReadLimits`].
    ///
    /// # Errors
    ///
    /// A [`GraphError`] with the line of the first problem: a field that is
    /// not a number, a vertex out of range, a line with the wrong number of
    /// fields, an edge count that disagrees with the header, a second
    /// `start` line, a line or a file over its limit, a read error.
    pub fn read(reader: impl Read) -> Result<Graph, GraphError> {
        Graph::read_with_limits(reader, ReadLimits::DEFAULT)
    }

    /// Reads a graph from `reader`, reading no more than `limits.max_bytes`
    /// (one byte more, to tell a file of exactly the limit from a longer
    /// one) and gathering no line longer than `limits.max_line_bytes`.
    ///
    /// # Errors
    ///
    /// As [`Graph::read`].
    ///
    /// # Examples
    ///
    /// ```
    /// use sprague_loopy::graph::{Graph, ReadLimits};
    /// let limits = ReadLimits { max_bytes: 100, max_line_bytes: 4 };
    /// let e = Graph::read_with_limits("a b\nlong line\n".as_bytes(), limits).unwrap_err();
    /// assert_eq!(e.to_string(), "line 2: longer than the limit of 4 bytes for one line");
    /// ```
    pub fn read_with_limits(reader: impl Read, limits: ReadLimits) -> Result<Graph, GraphError> {
        match Graph::read_any(reader, limits)? {
            GameFile::Impartial(graph) => Ok(graph),
            GameFile::Partizan {
                first_side_line, ..
            } => Err(GraphError::new(first_side_line, GraphErrorKind::SidedMove)),
        }
    }

    /// Reads a graph file, impartial or partizan, under `limits`.
    fn read_any(reader: impl Read, limits: ReadLimits) -> Result<GameFile, GraphError> {
        let mut reader = reader.take(limits.max_bytes.saturating_add(1));
        // The line being gathered is the one after the last line parsed.
        let too_long = |parser: &Reader| {
            GraphError::new(
                parser.line + 1,
                GraphErrorKind::LineTooLong {
                    max: limits.max_line_bytes,
                },
            )
        };
        let mut total: u64 = 0;
        let mut parser = Reader::new();
        // A block holds a whole line of the largest size allowed and a
        // newline; never more than a megabyte.
        let block = limits.max_line_bytes.saturating_add(1).clamp(2, 1 << 20);
        let mut buf = vec![0u8; block];
        // `buf[..filled]` holds the unprocessed bytes: at most one partial
        // line carried over from the previous block.
        let mut filled = 0;
        loop {
            if filled == buf.len() {
                // A line longer than the buffer but within the limit: grow
                // the buffer, at most to the limit and a newline.
                let grown = buf.len().saturating_mul(2);
                buf.resize(grown.min(limits.max_line_bytes.saturating_add(1)), 0);
            }
            let read = match reader.read(&mut buf[filled..]) {
                Ok(k) => k,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    return Err(GraphError::new(
                        0,
                        GraphErrorKind::Io {
                            message: e.to_string(),
                        },
                    ));
                }
            };
            total += read as u64;
            if total > limits.max_bytes {
                return Err(GraphError::new(
                    0,
                    GraphErrorKind::FileTooLarge {
                        max: limits.max_bytes,
                    },
                ));
            }
            if read == 0 {
                if filled > 0 {
                    parser.line(&buf[..filled])?;
                }
                return parser.finish(total);
            }
            let end = filled + read;
            let Some(last_newline) = buf[filled..end].iter().rposition(|&b| b == b'\n') else {
                filled = end;
                if filled > limits.max_line_bytes {
                    return Err(too_long(&parser));
                }
                continue;
            };
            let complete = filled + last_newline + 1;
            for line in buf[..complete - 1].split(|&b| b == b'\n') {
                if line.len() > limits.max_line_bytes {
                    return Err(too_long(&parser));
                }
                parser.line(line)?;
            }
            buf.copy_within(complete..end, 0);
            filled = end - complete;
            if filled > limits.max_line_bytes {
                return Err(too_long(&parser));
            }
        }
    }

    /// Reads a graph from the text of a graph file.
    ///
    /// # Errors
    ///
    /// As [`Graph::read`].
    ///
    /// # Examples
    ///
    /// ```
    /// use sprague_loopy::graph::Graph;
    /// let g = Graph::parse("3 2\n0 1\n1 2\nstart 0\n").unwrap();
    /// assert_eq!(g.successors(1), &[2]);
    /// assert_eq!(g.start(), &[0]);
    /// let e = Graph::parse("2 1\n0 7\n").unwrap_err();
    /// assert_eq!(e.to_string(), "line 2: vertex 7 out of range (n = 2, from the header `n m` on the first line)");
    /// ```
    pub fn parse(text: &str) -> Result<Graph, GraphError> {
        Graph::read(text.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn err(text: &str) -> String {
        Graph::parse(text).unwrap_err().to_string()
    }

    #[test]
    fn numbered_graph_with_comments_and_start() {
        let g = Graph::parse("# a path\n3 2 # header\n\n0 1\n  1\t2  \r\nstart 0 2\n").unwrap();
        assert_eq!(g.n_vertices(), 3);
        assert_eq!(g.n_edges(), 2);
        assert_eq!(g.successors(0), &[1]);
        assert_eq!(g.successors(1), &[2]);
        assert_eq!(g.successors(2), &[] as &[u32]);
        assert_eq!(g.start(), &[0, 2]);
        assert!(g.names().is_none());
    }

    #[test]
    fn named_graph_numbers_words_in_order_of_appearance() {
        let g = Graph::parse("purple please\nplease aseptic\nstart purple\nlonely\n").unwrap();
        assert_eq!(
            g.names().unwrap(),
            &["purple", "please", "aseptic", "lonely"]
        );
        assert_eq!(g.successors(0), &[1]);
        assert_eq!(g.successors(1), &[2]);
        assert_eq!(g.start(), &[0]);
        assert_eq!(g.vertex_named("aseptic"), Some(2));
    }

    #[test]
    fn a_header_larger_than_its_file_can_mean_is_refused_before_allocating() {
        // Issue 28: these 12 bytes took 33 s and 5.2 GB to read.
        assert_eq!(
            err("268435456 0\n"),
            "the header declares 268435456 vertices, more than 16 for each of the file's 12 bytes"
        );
        // Isolated vertices within the ratio are a graph.
        let g = Graph::parse("48 0\n").unwrap();
        assert_eq!((g.n_vertices(), g.n_edges()), (48, 0));
        assert!(Graph::parse("100 0\n").is_err());
        // A header claiming 2^32 - 1 edges reserves little and then fails
        // on the edges it lacks.
        assert_eq!(
            err("2 4294967295\n0 1\n"),
            "line 2: the header declares m = 4294967295 edges but the file has 1"
        );
    }

    #[test]
    fn control_bytes_are_refused() {
        // Issue 28: a file of NUL bytes was one vertex named by NULs.
        assert_eq!(
            Graph::read(&[0u8; 64][..]).unwrap_err().to_string(),
            "line 1: the control byte 0x00: not a graph file"
        );
        assert_eq!(
            err("a b\nb c\x1b[0m\n"),
            "line 2: the control byte 0x1b: not a graph file"
        );
        assert_eq!(
            err("2 1\n0\x001\n"),
            "line 2: the control byte 0x00: not a graph file"
        );
        // Tabs, carriage returns, vertical tabs and form feeds are blanks.
        let g = Graph::parse("a\tb\x0b\r\n\x0cb c\n").unwrap();
        assert_eq!(g.n_edges(), 2);
    }

    #[test]
    fn partizan_files_keep_each_side_and_both() {
        // Numbered, then named with a start line; a line without a side is
        // a move for both, in the order of the lines.
        let g = PartizanGraph::parse("3 4\n0 1\n0 2 L\n# c\n0 0 R\n2 1 R\n").unwrap();
        assert_eq!(g.left(0), &[1, 2]);
        assert_eq!(g.right(0), &[1, 0]);
        assert_eq!(g.right(2), &[1]);
        assert!(g.left(2).is_empty());
        let g = PartizanGraph::parse("on on L\nstart on\nx on\n").unwrap();
        assert_eq!(g.vertex_named("on"), Some(0));
        assert_eq!(g.left(0), &[0]);
        assert!(g.right(0).is_empty());
        assert_eq!(g.left(1), &[0]);
        assert_eq!(g.right(1), &[0]);
        assert_eq!(g.start(), &[0]);
        assert_eq!(g.label(1), "x");
        // An impartial file read as partizan gives both players every move.
        let g = PartizanGraph::parse("2 1\n0 1\n").unwrap();
        assert_eq!((g.left(0), g.right(0)), (&[1][..], &[1][..]));
    }

    #[test]
    fn errors_name_the_line() {
        assert_eq!(
            err("10 1\n\n# c\n3 12\n"),
            "line 4: vertex 12 out of range (n = 10, from the header `n m` on the first line)"
        );
        assert_eq!(
            err("2 1\n0 x\n"),
            "line 2: expected a vertex number, found `x`"
        );
        assert_eq!(
            err("2 1\n0 1 1\n"),
            "line 2: a move's side is `L` or `R`, not `1`"
        );
        assert_eq!(
            err("2 1\n0 1 L x\n"),
            "line 2: expected an edge `x y` or `x y L` / `x y R`, found 4 fields"
        );
        assert_eq!(
            err("a b\nb c l\n"),
            "line 2: a move's side is `L` or `R`, not `l`"
        );
        // A file with sides is a partizan game, not an impartial graph.
        assert_eq!(
            err("2 2\n0 1\n1 0 R\n"),
            "line 3: a move for one side (`L` or `R`) in a graph read as impartial"
        );
        assert_eq!(
            err("2 1\n0 1\n1 0\n"),
            "line 3: more edges than the m = 1 of the header `n m` on the first line"
        );
        assert_eq!(
            err("2 3\n0 1\n1 0\n"),
            "line 3: the header declares m = 3 edges but the file has 2"
        );
        assert_eq!(
            err("2 0\nstart 0\nstart 1\n"),
            "line 3: a second `start` line (the first is line 2)"
        );
        assert_eq!(
            err("a b\nstart c\n"),
            "line 2: `c` is not a vertex of the graph"
        );
        assert_eq!(
            err("2 1\nstart 5\n0 1\n"),
            "line 2: vertex 5 out of range (n = 2, from the header `n m` on the first line)"
        );
        assert_eq!(
            err("a b c\n"),
            "line 1: a move's side is `L` or `R`, not `c`"
        );
        assert_eq!(
            err("a b c d\n"),
            "line 1: expected a move `word1 word2`, `word1 word2 L` / `R`, or a single word, found 4 fields"
        );
        assert_eq!(
            err("999999999999 0\n"),
            "line 1: too many vertices (at most 268435456 are supported)"
        );
        assert_eq!(
            err("2 1\n0 99999999999999999999999\n"),
            "line 2: expected a vertex number, found `99999999999999999999999`"
        );
    }

    #[test]
    fn empty_file_is_the_empty_graph() {
        let g = Graph::parse("# nothing\n\n").unwrap();
        assert_eq!(g.n_vertices(), 0);
    }

    const SMALL: ReadLimits = ReadLimits {
        max_bytes: 64,
        max_line_bytes: 8,
    };

    #[test]
    fn a_line_over_the_limit_is_refused_with_its_number() {
        let kind = GraphErrorKind::LineTooLong { max: 8 };
        let read = |text: &str| Graph::read_with_limits(text.as_bytes(), SMALL);
        assert!(read("a b\n12345678\n").is_ok());
        assert_eq!(
            read("a b\n123456789\n").unwrap_err(),
            GraphError::new(2, kind.clone())
        );
        // The last line, without its newline.
        assert_eq!(
            read("a b\nc d\n123456789").unwrap_err(),
            GraphError::new(3, kind)
        );
    }

    #[test]
    fn a_reader_over_the_size_limit_is_cut() {
        // 65 bytes of short lines: one over the limit of 64.
        let text = "a b\n".repeat(16) + "\n";
        assert!(Graph::read_with_limits(&text.as_bytes()[..64], SMALL).is_ok());
        assert_eq!(
            Graph::read_with_limits(text.as_bytes(), SMALL).unwrap_err(),
            GraphError::new(0, GraphErrorKind::FileTooLarge { max: 64 })
        );
    }

    #[test]
    fn readers_that_never_end_are_cut_at_the_default_limits() {
        // Zeros without a newline: cut at the line limit, after a megabyte.
        assert_eq!(
            Graph::read(std::io::repeat(b'0')).unwrap_err(),
            GraphError::new(
                1,
                GraphErrorKind::LineTooLong {
                    max: MAX_LINE_BYTES
                }
            )
        );
        // Empty lines for ever: cut at the size limit (with a small one, to
        // keep the test fast; the default is the same code).
        let limits = ReadLimits {
            max_bytes: 1 << 20,
            ..ReadLimits::DEFAULT
        };
        assert_eq!(
            Graph::read_with_limits(std::io::repeat(b'\n'), limits).unwrap_err(),
            GraphError::new(0, GraphErrorKind::FileTooLarge { max: 1 << 20 })
        );
    }

    #[test]
    fn lines_split_across_blocks_are_read_whole() {
        // More than one read buffer of edges, with the last line unterminated.
        let n = 200_000u32;
        let mut text = format!("{n} {}\n", n - 1);
        for v in 0..n - 1 {
            text.push_str(&format!("{v} {}\n", v + 1));
        }
        text.pop();
        let g = Graph::parse(&text).unwrap();
        assert_eq!(g.n_edges(), u64::from(n - 1));
        assert!((0..n - 1).all(|v| g.successors(v) == [v + 1]));
    }

    proptest! {
        #[test]
        fn random_text_never_panics(text in "[0-9a-z #\\n\\t-]{0,200}") {
            let _ = Graph::parse(&text);
        }

        #[test]
        fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
            let _ = Graph::read(bytes.as_slice());
        }

        #[test]
        fn written_graphs_read_back(
            n in 1u32..20,
            edges in proptest::collection::vec((0u32..20, 0u32..20), 0..40),
        ) {
            let edges: Vec<(u32, u32)> =
                edges.into_iter().map(|(a, b)| (a % n, b % n)).collect();
            let mut text = format!("{n} {}\n", edges.len());
            for (a, b) in &edges {
                text.push_str(&format!("{a} {b}\n"));
            }
            prop_assert_eq!(Graph::parse(&text).unwrap(), Graph::from_pairs(n, &edges));
        }
    }
}
