//! Tokens on graphs read from files: `graph["g.txt"](0, 5, 7)` (a sum of
//! tokens on a directed graph, the DAG game of seed note 000 when the graph
//! is acyclic), `wordchain["words.txt"]("purple")` (the word-chain game of
//! seed note 004 on a word list), and `geography["g.txt"](v)` (undirected
//! vertex geography).
//!
//! These are the rulesets that read files: the file is read once, when the
//! position is built, and shared by every token and every position reached
//! from it. The values are computed on first use: Grundy values where the
//! token cannot reach a cycle, the generalised Sprague–Grundy function of
//! [`sprague_loopy::graph::LoopyGrundy`] where it can. A graph file whose move
//! lines name sides (`x y L`, `x y R`) is a partizan game graph: its tokens
//! are loopy partizan components ([`PartizanToken`]), decided by the solve
//! layer's retrograde search.

use std::sync::{Arc, OnceLock};

use sprague_core::budget::Budget;
use sprague_core::error::{ParseError, SolveError};
use sprague_game::syntax::{Arg, ComponentSyntax, Param, RulesetSyntax};
use sprague_game::{Component, Impartial, Key, Kind, Loopy, LoopyPartizan, Move, Side};
use sprague_impartial::nimber::Nimber;
use sprague_loopy::graph::{
    Board, FileSource, FileSystem, GameFile, Geography, Graph, LoopyGrundy, LoopyValue, MoveSet,
    PartizanGraph, Retrograde, grundy_where_acyclic, word_chain,
};

use crate::common::Ruleset;
use crate::common::WinningMoves;
use crate::common::text_then_rest;

pub(crate) const GRAPH: Ruleset = Ruleset {
    name: "graph",
    syntax: "graph[\"FILE\"](v, ...)   v: a vertex number or \"name\"; no vertices: the file's start line",
    rule: "move one token along a directed edge of the graph in FILE; play may loop forever (a draw)",
    example: "graph[\"games/dag.txt\"](0, 5, 7)",
    heaps_interact: false,
    build: |c| build_graph_from(c, &FileSystem),
    family: None,
};

pub(crate) const WORDCHAIN: Ruleset = Ruleset {
    name: "wordchain",
    syntax: "wordchain[\"FILE\"](\"word\", ...)   FILE: words separated by spaces or lines, # comments",
    rule: "answer the last word with a word of the list whose first three letters are its last three; words may repeat",
    example: "wordchain[\"games/wordlist.txt\"](\"purple\")",
    heaps_interact: false,
    build: |c| build_wordchain_from(c, &FileSystem),
    family: None,
};

pub(crate) const BOARD: Ruleset = Ruleset {
    name: "board",
    syntax: "board[\"MOVES\"](\"BOARD\", r, c, ...)   BOARD: rows split by /, . free, # blocked; MOVES: king, knight, rook, bishop, queen, wythoff, step(dr,dc), slide(dr,dc)",
    rule: "move one token on the board by a step or a slide of the move set, never onto or across a blocked cell; row 0 is the top",
    example: "board[\"slide(0,-1) slide(1,0)\"](\"..#./..../#.../....\", 0, 3, 2, 2)",
    heaps_interact: false,
    build: build_board,
    family: None,
};

pub(crate) const GEOGRAPHY: Ruleset = Ruleset {
    name: "geography",
    syntax: "geography[\"FILE\"](v1, ..., vk)   the walk so far; the token is on vk; geography[\"FILE\"](): place the token first",
    rule: "move the token to a neighbour not visited before, on the undirected graph in FILE",
    example: "geography[\"games/grid.txt\"](1)",
    heaps_interact: true,
    build: |c| build_geography_from(c, &FileSystem),
    family: None,
};

/// A string literal as the position language writes it.
fn quoted(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}

/// A graph shared by the tokens on it, with its values computed on first
/// use.
#[derive(Debug)]
pub struct GraphGame {
    /// The ruleset as written: `graph["g.txt"]`.
    ruleset: String,
    graph: Graph,
    /// For a board: how it is written, and its number of columns; a token
    /// is then written by the board and its cell, `"..#/...", 1, 2`.
    board: Option<(String, u32)>,
    reverse: OnceLock<Graph>,
    acyclic: OnceLock<Vec<Option<u32>>>,
    loopy: OnceLock<LoopyGrundy>,
    retrograde: OnceLock<Retrograde>,
}

impl GraphGame {
    /// The game of tokens on `graph`, written `name["path"]`.
    pub fn new(name: &str, path: &str, graph: Graph) -> GraphGame {
        GraphGame {
            ruleset: format!("{name}[{}]", quoted(path)),
            graph,
            board: None,
            reverse: OnceLock::new(),
            acyclic: OnceLock::new(),
            loopy: OnceLock::new(),
            retrograde: OnceLock::new(),
        }
    }

    /// How vertex `v` is named in move descriptions.
    fn label(&self, v: u32) -> String {
        match &self.board {
            Some((_, cols)) => format!("({}, {})", v / cols, v % cols),
            None => self.graph.label(v),
        }
    }

    fn check_size(&self, budget: &Budget) -> Result<(), SolveError> {
        if u64::from(self.graph.n_vertices()) > budget.max_positions {
            return Err(SolveError::BudgetExceeded {
                limit: budget.max_positions,
            });
        }
        Ok(())
    }

    fn reverse(&self) -> &Graph {
        self.reverse.get_or_init(|| self.graph.transpose())
    }

    fn acyclic(&self) -> &[Option<u32>] {
        self.acyclic
            .get_or_init(|| grundy_where_acyclic(&self.graph, self.reverse()))
    }

    fn retrograde(&self) -> &Retrograde {
        self.retrograde
            .get_or_init(|| Retrograde::new(&self.graph, self.reverse()))
    }

    fn loopy(&self) -> &LoopyGrundy {
        self.loopy
            .get_or_init(|| LoopyGrundy::new(&self.graph, self.reverse()))
    }
}

/// One token on a vertex of a [`GraphGame`].
#[derive(Clone, Debug)]
pub struct GraphToken {
    game: Arc<GraphGame>,
    vertex: u32,
}

impl Component for GraphToken {
    fn ruleset(&self) -> String {
        self.game.ruleset.clone()
    }

    fn args(&self) -> String {
        if let Some((board, cols)) = &self.game.board {
            return format!(
                "{}, {}, {}",
                quoted(board),
                self.vertex / cols,
                self.vertex % cols
            );
        }
        match self.game.graph.name(self.vertex) {
            Some(name) => quoted(name),
            None => self.vertex.to_string(),
        }
    }

    fn is_heap(&self) -> bool {
        self.game.board.is_none()
    }

    fn key(&self) -> Key {
        Key::shared("graph", &self.game, [u64::from(self.vertex)])
    }

    /// Loop-free from this vertex (every play from it ends) or loopy.
    /// Deciding it needs the acyclic pass; on a graph beyond any budget it
    /// is loopy, and the value then reports the budget.
    fn kind(&self) -> Kind<'_> {
        if self.game.check_size(&Budget::DEFAULT).is_err()
            || self.game.acyclic()[self.vertex as usize].is_none()
        {
            Kind::Loopy(self)
        } else {
            Kind::Impartial(self)
        }
    }
}

impl Impartial for GraphToken {
    fn grundy(&self, budget: &Budget) -> Result<Nimber, SolveError> {
        self.game.check_size(budget)?;
        self.game.acyclic()[self.vertex as usize]
            .map(|g| Nimber(u64::from(g)))
            .ok_or(SolveError::Loopy)
    }

    fn moves(&self, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        self.token_moves(budget)
    }

    fn remoteness(&self, budget: &Budget) -> Option<u32> {
        Loopy::remoteness(self, budget)
    }
}

impl Loopy for GraphToken {
    fn moves(&self, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        self.token_moves(budget)
    }

    fn loopy_value(&self, budget: &Budget) -> Result<LoopyValue, SolveError> {
        self.game.check_size(budget)?;
        if let Some(g) = self.game.acyclic()[self.vertex as usize] {
            return Ok(LoopyValue::Finite(u64::from(g)));
        }
        Ok(self.game.loopy().value(&self.game.graph, self.vertex))
    }

    fn counter(&self, budget: &Budget) -> u64 {
        if self.game.check_size(budget).is_err() {
            return 0;
        }
        // Acyclic vertices never need reversing; their counter is unused.
        if self.game.acyclic()[self.vertex as usize].is_some() {
            return 0;
        }
        self.game
            .loopy()
            .counter(self.vertex)
            .map_or(u64::MAX, u64::from)
    }

    fn remoteness(&self, budget: &Budget) -> Option<u32> {
        self.game.check_size(budget).ok()?;
        self.game.retrograde().remoteness(self.vertex)
    }
}

impl GraphToken {
    fn token_moves(&self, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        let successors = self.game.graph.successors(self.vertex);
        crate::common::check_move_count(successors.len() as u64, budget)?;
        let mut seen = Vec::with_capacity(successors.len());
        let mut moves = Vec::with_capacity(successors.len());
        for &s in successors {
            if seen.contains(&s) {
                continue;
            }
            seen.push(s);
            let to = GraphToken {
                game: Arc::clone(&self.game),
                vertex: s,
            };
            moves.push(Move::new(
                format!(
                    "move from {} to {}",
                    self.game.label(self.vertex),
                    self.game.label(s)
                ),
                Arc::new(to),
            ));
        }
        Ok(moves)
    }
}

/// The file named by the one string parameter, and the parameter's span.
fn file_param(c: &ComponentSyntax) -> Result<(String, std::ops::Range<usize>), ParseError> {
    ruleset_file(&c.ruleset)
}

/// The file named by a ruleset's one string parameter, and its span.
fn ruleset_file(ruleset: &RulesetSyntax) -> Result<(String, std::ops::Range<usize>), ParseError> {
    let whole = ruleset
        .params_span
        .clone()
        .unwrap_or(ruleset.name_span.clone());
    match ruleset.params.as_slice() {
        [p] => match &p.value {
            Param::Str(path) => Ok((path.clone(), p.span.clone())),
            _ => Err(ParseError::bad_parameters(
                "the parameter is a file name in quotes, like [\"g.txt\"]",
                p.span.clone(),
            )),
        },
        _ => Err(ParseError::bad_parameters(
            format!(
                "`{}` needs one parameter, a file name in quotes, like [\"g.txt\"]",
                ruleset.name
            ),
            whole,
        )),
    }
}

/// Reads the graph file named in a position from `files`, within the size
/// and line limits of [`Graph::read_file`].
fn read_graph(
    files: &dyn FileSource,
    path: &str,
    span: std::ops::Range<usize>,
) -> Result<Graph, ParseError> {
    Graph::read_from(files, path)
        .map_err(|e| ParseError::bad_parameters(format!("`{path}`: {e}"), span))
}

/// The graph the tokens of a ruleset that reads a file move on, read from
/// `files`, and whether its edges are directed: `graph` (the file's
/// directed graph), `wordchain` (a word to each word that may answer it),
/// `geography` (the file's graph, undirected). `None` for any other
/// ruleset.
pub(crate) fn game_graph(
    ruleset: &RulesetSyntax,
    files: &dyn FileSource,
) -> Option<Result<(Graph, bool), ParseError>> {
    let read = |directed: bool| {
        let (path, span) = ruleset_file(ruleset)?;
        Ok((read_graph(files, &path, span)?, directed))
    };
    match ruleset.name.as_str() {
        "graph" => Some(read(true)),
        "geography" => Some(read(false)),
        "wordchain" => Some(
            ruleset_file(ruleset)
                .and_then(|(path, span)| Ok((word_chain_from(files, &path, span)?, true))),
        ),
        _ => None,
    }
}

/// The word-chain graph of the word list `path`.
fn word_chain_from(
    files: &dyn FileSource,
    path: &str,
    span: std::ops::Range<usize>,
) -> Result<Graph, ParseError> {
    let text = sprague_loopy::graph::read_text_from(files, path)
        .map_err(|e| ParseError::bad_parameters(format!("`{path}`: {e}"), span))?;
    // `#` starts a comment, as in graph files.
    let words: Vec<&str> = text
        .lines()
        .flat_map(|line| line.split('#').next().unwrap_or("").split_whitespace())
        .collect();
    Ok(word_chain(&words))
}

/// Builds a component of a ruleset that reads a file (`graph`,
/// `wordchain`, `geography`), reading it from `files`; `None` for any other
/// ruleset.
pub(crate) fn build_reading(
    c: &ComponentSyntax,
    files: &dyn FileSource,
) -> Option<Result<Vec<Arc<dyn Component>>, ParseError>> {
    match c.ruleset.name.as_str() {
        "graph" => Some(build_graph_from(c, files)),
        "wordchain" => Some(build_wordchain_from(c, files)),
        "geography" => Some(build_geography_from(c, files)),
        _ => None,
    }
}

/// The vertices named by the arguments (numbers or names), or the file's
/// start line if there are none.
fn vertices(c: &ComponentSyntax, graph: &Graph) -> Result<Vec<u32>, ParseError> {
    if c.args.is_empty() {
        if graph.start().is_empty() {
            return Err(ParseError::bad_arguments(
                "no vertices given and the file has no `start` line",
                c.args_span.clone(),
            ));
        }
        return Ok(graph.start().to_vec());
    }
    c.args
        .iter()
        .map(|a| match &a.value {
            Arg::Int(v) if *v < u64::from(graph.n_vertices()) => Ok(*v as u32),
            Arg::Int(v) => Err(ParseError::bad_arguments(
                format!(
                    "vertex {v} out of range (the graph has {} vertices)",
                    graph.n_vertices()
                ),
                a.span.clone(),
            )),
            Arg::Str(name) => graph.vertex_named(name).ok_or_else(|| {
                ParseError::bad_arguments(
                    format!("`{name}` is not a vertex of the graph"),
                    a.span.clone(),
                )
            }),
            Arg::Range(..) => Err(ParseError::bad_arguments(
                "a vertex is a number or a name in quotes",
                a.span.clone(),
            )),
        })
        .collect()
}

/// A token on each vertex the arguments name, made by `token`.
fn tokens_on(
    c: &ComponentSyntax,
    graph: &Graph,
    token: impl Fn(u32) -> Arc<dyn Component>,
) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    Ok(vertices(c, graph)?.into_iter().map(token).collect())
}

fn tokens(game: GraphGame, c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    let game = Arc::new(game);
    tokens_on(c, &game.graph, |vertex| {
        let game = Arc::clone(&game);
        Arc::new(GraphToken { game, vertex })
    })
}

fn build_graph_from(
    c: &ComponentSyntax,
    files: &dyn FileSource,
) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    let (path, span) = file_param(c)?;
    let file = sprague_loopy::graph::read_game_from(files, &path)
        .map_err(|e| ParseError::bad_parameters(format!("`{path}`: {e}"), span))?;
    match file {
        GameFile::Impartial(graph) => tokens(GraphGame::new("graph", &path, graph), c),
        GameFile::Partizan { game, .. } => partizan_tokens(&path, game, c),
    }
}

/// A partizan game graph read from a file, shared by the tokens on it.
#[derive(Debug)]
pub struct PartizanFile {
    /// The ruleset as written: `graph["g.txt"]`.
    ruleset: String,
    game: PartizanGraph,
}

/// One token on a vertex of a partizan game graph (a graph file whose move
/// lines name sides): a loopy partizan component.
#[derive(Clone, Debug)]
pub struct PartizanToken {
    file: Arc<PartizanFile>,
    vertex: u32,
}

impl Component for PartizanToken {
    fn ruleset(&self) -> String {
        self.file.ruleset.clone()
    }

    fn args(&self) -> String {
        match self.file.game.left_graph().name(self.vertex) {
            Some(name) => quoted(name),
            None => self.vertex.to_string(),
        }
    }

    fn key(&self) -> Key {
        Key::shared("graph", &self.file, [u64::from(self.vertex)])
    }

    fn kind(&self) -> Kind<'_> {
        Kind::LoopyPartizan(self)
    }
}

impl LoopyPartizan for PartizanToken {
    fn moves(&self, side: Side, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        let options = match side {
            Side::Left => self.file.game.left(self.vertex),
            Side::Right => self.file.game.right(self.vertex),
        };
        crate::common::check_move_count(options.len() as u64, budget)?;
        let from = self.file.game.label(self.vertex);
        Ok(options
            .iter()
            .map(|&w| {
                Move::new(
                    format!("move the token from {from} to {}", self.file.game.label(w)),
                    Arc::new(PartizanToken {
                        file: Arc::clone(&self.file),
                        vertex: w,
                    }) as Arc<dyn Component>,
                )
            })
            .collect())
    }
}

fn partizan_tokens(
    path: &str,
    game: PartizanGraph,
    c: &ComponentSyntax,
) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    let file = Arc::new(PartizanFile {
        ruleset: format!("graph[{}]", quoted(path)),
        game,
    });
    tokens_on(c, file.game.left_graph(), |vertex| {
        let file = Arc::clone(&file);
        Arc::new(PartizanToken { file, vertex })
    })
}

fn build_wordchain_from(
    c: &ComponentSyntax,
    files: &dyn FileSource,
) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    let (path, span) = file_param(c)?;
    let graph = word_chain_from(files, &path, span)?;
    tokens(GraphGame::new("wordchain", &path, graph), c)
}

/// The most moves a board's graph may have.
const MAX_BOARD_MOVES: u64 = 1 << 26;

fn build_board(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    let whole = c
        .ruleset
        .params_span
        .clone()
        .unwrap_or(c.ruleset.name_span.clone());
    let moves = match c.ruleset.params.as_slice() {
        [p] => match &p.value {
            Param::Str(text) => {
                MoveSet::parse(text).map_err(|e| ParseError::bad_parameters(e, p.span.clone()))?
            }
            _ => {
                return Err(ParseError::bad_parameters(
                    "the moves are a string, like [\"king\"]",
                    p.span.clone(),
                ));
            }
        },
        _ => {
            return Err(ParseError::bad_parameters(
                "`board` needs one parameter, the moves in quotes, like [\"king\"]",
                whole,
            ));
        }
    };
    let (text, text_span, cells) = text_then_rest(
        c,
        "`board` needs the board in quotes and at least one cell",
        "the first argument is the board in quotes, like \"../#.\"",
    )?;
    let board = Board::parse(text).map_err(|e| ParseError::bad_arguments(e, text_span.clone()))?;
    if cells.is_empty() || cells.len() % 2 != 0 {
        return Err(ParseError::bad_arguments(
            "after the board come cells as pairs `row, column`",
            c.args_span.clone(),
        ));
    }
    let mut vertices = Vec::new();
    for pair in cells.chunks(2) {
        let span = pair[0].span.start..pair[1].span.end;
        let (Arg::Int(r), Arg::Int(col)) = (&pair[0].value, &pair[1].value) else {
            return Err(ParseError::bad_arguments(
                "a cell is two integers, row and column",
                span,
            ));
        };
        let (r, col) = (
            i64::try_from(*r).unwrap_or(i64::MAX),
            i64::try_from(*col).unwrap_or(i64::MAX),
        );
        if !board.is_free(r, col) {
            return Err(ParseError::bad_arguments(
                format!(
                    "({r}, {col}) is not a free cell of the {} x {} board",
                    board.rows(),
                    board.cols()
                ),
                span,
            ));
        }
        vertices.push(board.vertex(r as u32, col as u32));
    }
    if board.count_moves(&moves) > MAX_BOARD_MOVES {
        return Err(ParseError::bad_arguments(
            format!("the board has more than {MAX_BOARD_MOVES} moves in all; try a smaller board"),
            text_span,
        ));
    }
    let mut game = GraphGame::new("board", &moves.to_string(), board.graph(&moves));
    game.board = Some((text.to_string(), board.cols()));
    let game = Arc::new(game);
    Ok(vertices
        .into_iter()
        .map(|vertex| {
            Arc::new(GraphToken {
                game: Arc::clone(&game),
                vertex,
            }) as Arc<dyn Component>
        })
        .collect())
}

/// Undirected vertex geography on a graph from a file, shared by the
/// positions of one game.
#[derive(Debug)]
struct GeographyGame {
    ruleset: String,
    geography: Geography,
}

/// A position of undirected vertex geography: the walk so far, the token
/// on its last vertex.
#[derive(Clone, Debug)]
pub struct GeographyToken {
    game: Arc<GeographyGame>,
    path: Vec<u32>,
}

impl GeographyToken {
    fn label(&self, v: u32) -> String {
        self.game.geography.graph().label(v)
    }
}

impl Component for GeographyToken {
    fn ruleset(&self) -> String {
        self.game.ruleset.clone()
    }

    fn args(&self) -> String {
        let g = self.game.geography.graph();
        self.path
            .iter()
            .map(|&v| match g.name(v) {
                Some(name) => quoted(name),
                None => v.to_string(),
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn is_heap(&self) -> bool {
        false
    }

    fn key(&self) -> Key {
        Key::shared(
            "geography",
            &self.game,
            self.path.iter().map(|&v| u64::from(v)),
        )
    }

    fn kind(&self) -> Kind<'_> {
        Kind::Impartial(self)
    }
}

impl Impartial for GeographyToken {
    fn grundy(&self, budget: &Budget) -> Result<Nimber, SolveError> {
        self.game.geography.grundy(&self.path, budget).map(Nimber)
    }

    fn outcome(&self, max: usize, budget: &Budget) -> WinningMoves {
        // Decided by maximum matching at any size (the Grundy value is
        // found by search only up to 64 vertices). The winning moves are
        // the moves to positions lost for the opponent, in the order of
        // `moves`; the matching partner of the token is always one of them.
        let (wins, _) = self.game.geography.solve(&self.path);
        let mut winning = Vec::new();
        if wins {
            let moves = match self.moves(budget) {
                Ok(moves) => moves,
                Err(e) => return Some(Err(e)),
            };
            // `moves` lists the neighbours in the order of `Geography::moves`.
            for (u, m) in self.game.geography.moves(&self.path).into_iter().zip(moves) {
                if winning.len() >= max {
                    break;
                }
                let mut path = self.path.clone();
                path.push(u);
                if !self.game.geography.solve(&path).0 {
                    winning.push(m);
                }
            }
        }
        Some(Ok((wins, winning)))
    }

    fn moves(&self, _budget: &Budget) -> Result<Vec<Move>, SolveError> {
        let last = self.path.last().copied();
        Ok(self
            .game
            .geography
            .moves(&self.path)
            .into_iter()
            .map(|u| {
                let mut path = self.path.clone();
                path.push(u);
                let to = GeographyToken {
                    game: Arc::clone(&self.game),
                    path,
                };
                let description = match last {
                    Some(v) => format!("move from {} to {}", self.label(v), self.label(u)),
                    None => format!("place the token on {}", self.label(u)),
                };
                Move::new(description, Arc::new(to))
            })
            .collect())
    }
}

fn build_geography_from(
    c: &ComponentSyntax,
    files: &dyn FileSource,
) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    let (path, span) = file_param(c)?;
    let graph = read_graph(files, &path, span)?;
    // No vertices: the player to move places the token.
    let walk = if c.args.is_empty() {
        Vec::new()
    } else {
        vertices(c, &graph)?
    };
    let geography = Geography::new(&graph);
    // The walk must be a path: each step to an unvisited neighbour.
    for (i, pair) in walk.windows(2).enumerate() {
        if !geography.moves(&walk[..=i]).contains(&pair[1]) {
            let span = c
                .args
                .get(i + 1)
                .map_or(c.args_span.clone(), |a| a.span.clone());
            return Err(ParseError::bad_arguments(
                "each vertex after the first must be an unvisited neighbour of the one before",
                span,
            ));
        }
    }
    let game = GeographyGame {
        ruleset: format!("geography[{}]", quoted(&path)),
        geography,
    };
    Ok(vec![Arc::new(GeographyToken {
        game: Arc::new(game),
        path: walk,
    })])
}

#[cfg(test)]
mod tests {
    use sprague::{Budget, Outcome, Play, analyze};

    fn write(name: &str, text: &str) -> String {
        let dir = std::env::temp_dir().join(format!("sprague-graph-tests-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().replace('\\', "/")
    }

    /// A source with one file in memory, refusing every other name.
    struct OneFile(&'static str, &'static str);

    impl sprague_loopy::graph::FileSource for OneFile {
        fn open(
            &self,
            name: &str,
            _max_bytes: u64,
        ) -> Result<Box<dyn std::io::Read>, sprague_loopy::graph::GraphError> {
            if name == self.0 {
                Ok(Box::new(self.1.as_bytes()))
            } else {
                Err(sprague_loopy::graph::GraphError {
                    line: 0,
                    kind: sprague_loopy::graph::GraphErrorKind::Refused {
                        reason: "not served here".to_string(),
                    },
                })
            }
        }
    }

    #[test]
    fn positions_read_their_files_from_the_source_given() {
        let files = OneFile("mem.txt", "a b\nb c\n");
        // The same game as from a file: a path of two moves, a P-position
        // from `a` (two moves remain, the second player makes the last).
        let p = crate::tests::parse_with(r#"graph["mem.txt"]("a")"#, &files).unwrap();
        let a = analyze(&p, Play::Normal, true, &Budget::DEFAULT).unwrap();
        assert_eq!(a.outcome, Outcome::P);
        assert_eq!(a.winning_moves.len(), 0);
        let words = OneFile("w.txt", "purple please");
        let p = crate::tests::parse_with(r#"wordchain["w.txt"]("purple")"#, &words).unwrap();
        assert_eq!(
            analyze(&p, Play::Normal, false, &Budget::DEFAULT)
                .unwrap()
                .outcome,
            Outcome::N
        );
        let e = crate::tests::parse_with(r#"geography["../g.txt"](1)"#, &files).unwrap_err();
        assert_eq!(e.span, 10..20, "{e}");
        assert!(e.to_string().contains("not served here"), "{e}");
        let (graph, directed) = crate::game_graph(
            &sprague_game::syntax::parse_ruleset(r#"graph["mem.txt"]"#).unwrap(),
            &files,
        )
        .unwrap();
        assert_eq!(
            (graph.n_vertices(), graph.n_edges(), directed),
            (3, 2, true)
        );
    }

    #[test]
    fn tokens_on_a_dag_sum_by_xor() {
        // 0 -> 1 -> 2, 0 -> 2, 3 -> 0: values 2, 1, 0, 0.
        let path = write("dag.txt", "4 4\n0 1\n1 2\n0 2\n3 0\nstart 0 1\n");
        let p = crate::tests::parse(&format!("graph[\"{path}\"](0, 1, 3)")).unwrap();
        assert_eq!(p.components().len(), 3);
        let a = analyze(&p, Play::Normal, false, &Budget::DEFAULT).unwrap();
        assert_eq!(a.grundy(), Some(sprague_impartial::nimber::Nimber(2 ^ 1)));
        assert_eq!(a.outcome, Outcome::N);
        // Winning move: the token on 0 (value 2) to a vertex of value 1.
        assert_eq!(a.winning_moves[0].description(), "move from 0 to 1");
        assert_eq!(
            a.winning_moves[0].to.to_string(),
            format!("graph[\"{path}\"](1, 1, 3)")
        );
        // No vertices: the start line.
        let p = crate::tests::parse(&format!("graph[\"{path}\"]()")).unwrap();
        assert_eq!(p.components().len(), 2);
    }

    #[test]
    fn loopy_tokens_are_valued_and_drawn() {
        // 0 <-> 1, 1 -> 2 -> 3: 3 is 0 and 2 is 1; 0 and 1 have no
        // successor of value 0 and reach each other, so they are ∞: 0 is
        // ∞{} and 1 is ∞{1}, both draws alone.
        let path = write("loop.txt", "4 4\n0 1\n1 0\n1 2\n2 3\n");
        let at = |position: &str| {
            let p =
                crate::tests::parse(&position.replace("G", &format!("graph[\"{path}\"]"))).unwrap();
            analyze(&p, Play::Normal, true, &Budget::DEFAULT).unwrap()
        };
        let a = at("G(0)");
        assert_eq!(
            (a.outcome, a.value_text().as_deref()),
            (Outcome::D, Some("∞{}"))
        );
        assert_eq!(a.outcome.first_player_wins(), None);
        assert!(a.winning_moves.is_empty());
        let a = at("G(1)");
        assert_eq!(
            (a.outcome, a.value_text().as_deref()),
            (Outcome::D, Some("∞{1}"))
        );
        // ∞{1} + *1 = ∞{0}: N, by moving 1 -> 2 to leave 1 + 1 = 0.
        let a = at("G(1) + *1");
        assert_eq!(
            (a.outcome, a.value_text().as_deref(), a.grundy()),
            (Outcome::N, Some("∞{0}"), None)
        );
        assert_eq!(a.winning_moves.len(), 1);
        assert_eq!(a.winning_moves[0].description(), "move from 1 to 2");
        assert_eq!(
            a.winning_moves[0].to.to_string(),
            format!("graph[\"{path}\"](2) + *1")
        );
        // Two infinite values: a draw whatever the rest.
        assert_eq!(at("G(0, 1) + *3").outcome, Outcome::D);
        // A token that cannot reach the cycle is an ordinary nimber.
        let a = at("G(2, 3)");
        assert_eq!(
            (a.outcome, a.grundy(), a.value_text()),
            (Outcome::N, Some(sprague_impartial::nimber::Nimber(1)), None)
        );
    }

    #[test]
    fn bad_files_and_arguments_are_parse_errors() {
        let path = write("bad.txt", "2 1\n0 5\n");
        let e = crate::tests::parse(&format!("graph[\"{path}\"](0)")).unwrap_err();
        assert!(
            e.to_string()
                .contains("line 2: vertex 5 out of range (n = 2, from the header"),
            "{e}"
        );
        let path = write("ok.txt", "2 1\n0 1\n");
        let e = crate::tests::parse(&format!("graph[\"{path}\"](2)")).unwrap_err();
        assert!(e.to_string().contains("vertex 2 out of range"), "{e}");
        let e = crate::tests::parse(&format!("graph[\"{path}\"]()")).unwrap_err();
        assert!(e.to_string().contains("no `start` line"), "{e}");
        assert!(crate::tests::parse("graph[\"/nonexistent/x.txt\"](0)").is_err());
        assert!(crate::tests::parse("graph[3](0)").is_err());
    }

    #[test]
    fn word_chain_from_a_word_list() {
        let path = write(
            "words.txt",
            "# the notes' chain, continued\npurple please aseptic\nticket ketchup tictac tactic # a loop\n",
        );
        let at = |w: &str| {
            let p = crate::tests::parse(&format!("wordchain[\"{path}\"](\"{w}\")")).unwrap();
            analyze(&p, Play::Normal, false, &Budget::DEFAULT).unwrap()
        };
        assert_eq!(at("purple").outcome, Outcome::D);
        assert_eq!(at("ketchup").outcome, Outcome::P);
        let ticket = at("ticket");
        assert_eq!(ticket.outcome, Outcome::N);
        assert_eq!(
            ticket.winning_moves[0].description(),
            "move from ticket to ketchup"
        );
    }

    #[test]
    fn geography_by_matching_and_by_search() {
        // A path 0 - 1 - 2 - 3 (edges written in one direction only).
        let path = write("path4.txt", "4 3\n0 1\n1 2\n2 3\n");
        let at = |args: &str| {
            let p = crate::tests::parse(&format!("geography[\"{path}\"]({args})")).unwrap();
            analyze(&p, Play::Normal, false, &Budget::DEFAULT).unwrap()
        };
        // A path of 4 has a perfect matching: every start wins for the
        // player to move (move to the partner).
        let a = at("0");
        assert_eq!(a.outcome, Outcome::N);
        assert_eq!(a.winning_moves[0].description(), "move from 0 to 1");
        assert_eq!(
            a.winning_moves[0].to.to_string(),
            format!("geography[\"{path}\"](0, 1)")
        );
        // After 1 -> 2 from the start 1, the token on 2 with 1 visited: the
        // player to move goes to 3 and wins.
        assert_eq!(at("1, 2").outcome, Outcome::N);
        assert_eq!(at("0, 1, 2, 3").outcome, Outcome::P);
        assert!(crate::tests::parse(&format!("geography[\"{path}\"](0, 2)")).is_err());
        // Placing the token on a path of 4, which has a perfect matching:
        // the player who places it loses (seed note 000).
        let a = at("");
        assert_eq!(
            (a.outcome, a.grundy()),
            (Outcome::P, Some(sprague_impartial::nimber::Nimber(0)))
        );
        // On a path of 3 there is none: place the token on an end.
        let path3 = write("path3.txt", "3 2\n0 1\n1 2\n");
        let p = crate::tests::parse(&format!("geography[\"{path3}\"]()")).unwrap();
        let a = analyze(&p, Play::Normal, false, &Budget::DEFAULT).unwrap();
        assert_eq!(a.outcome, Outcome::N);
        assert_eq!(a.winning_moves[0].description(), "place the token on 0");
        assert_eq!(
            a.winning_moves[0].to.to_string(),
            format!("geography[\"{path3}\"](0)")
        );
    }

    #[test]
    fn geography_on_a_large_graph_is_decided_by_matching_alone() {
        // A path of 101 vertices: the maximum matchings have 50 edges and
        // one of them leaves out each even vertex, so the player to move
        // from an even vertex loses and from an odd one wins (moving to
        // the even neighbour on the longer side).
        let mut text = String::from("101 100\n");
        for v in 0..100 {
            text.push_str(&format!("{v} {}\n", v + 1));
        }
        let path = write("path101.txt", &text);
        let at = |args: &str| {
            let p = crate::tests::parse(&format!("geography[\"{path}\"]({args})")).unwrap();
            analyze(&p, Play::Normal, false, &Budget::DEFAULT).unwrap()
        };
        assert_eq!(at("0").outcome, Outcome::P);
        assert_eq!(at("50").outcome, Outcome::P);
        let a = at("51");
        assert_eq!(a.outcome, Outcome::N);
        // From 51 the sides have 51 (0..=50) and 49 (52..=100) vertices:
        // moving to 50 leaves a path of 51 with the token at its end, odd,
        // so lost for the opponent; moving to 52 leaves 49 from its end, also
        // lost. The first listed winning move is the smaller neighbour.
        assert_eq!(a.winning_moves[0].description(), "move from 51 to 50");
    }

    #[test]
    fn board_tokens_left_and_down_are_nim() {
        // The empty 4 x 4 board, a rook moving left or down: the cell (r, c)
        // is the Nim pair (c, 3 - r). Tokens at (0, 3) and (2, 2): 3 ^ 3
        // and 2 ^ 1: the sum 0 ^ 3 = 3.
        let p = crate::tests::parse(
            "board[\"slide(0,-1) slide(1,0)\"](\"..../..../..../....\", 0, 3, 2, 2)",
        )
        .unwrap();
        assert_eq!(p.components().len(), 2);
        let a = analyze(&p, Play::Normal, false, &Budget::DEFAULT).unwrap();
        assert_eq!(a.grundy(), Some(sprague_impartial::nimber::Nimber(3)));
        // The first winning move in the spec's order is in the first
        // component: (0, 3), worth 0, to a cell worth 0 ^ 3 = 3:
        // (0, 0), the Nim pair (0, 3), three cells to the left.
        assert_eq!(
            a.winning_moves[0].description(),
            "move from (0, 3) to (0, 0)"
        );
        assert_eq!(
            a.winning_moves[0].to.to_string(),
            "board[\"slide(0,-1) slide(1,0)\"](\"..../..../..../....\", 0, 0) + board[\"slide(0,-1) slide(1,0)\"](\"..../..../..../....\", 2, 2)"
        );
        // A king on a board is loopy: with two kings on an open board there
        // are two infinite values, a draw.
        let p = crate::tests::parse("board[\"king\"](\".../.../...\", 0, 0, 2, 2)").unwrap();
        assert_eq!(
            analyze(&p, Play::Normal, false, &Budget::DEFAULT)
                .unwrap()
                .outcome,
            Outcome::D
        );
        assert!(crate::tests::parse("board[\"king\"](\".#/..\", 0, 1)").is_err());
        assert!(crate::tests::parse("board[\"king\"](\"../..\", 0)").is_err());
        assert!(crate::tests::parse("board[\"castle\"](\"../..\", 0, 0)").is_err());
    }

    #[test]
    fn a_lone_loopy_token_wins_by_the_fastest_move() {
        // 0 -> 2 (listed first), 0 -> 1 (terminal), 2 -> 0. Both moves from 0
        // go to P vertices, but 2 (remoteness 2) only leads back to 0: the
        // player who always chose it would never win. The first winning
        // move is the one of least remoteness, to 1.
        let path = write("progress.txt", "3 3\n0 2\n0 1\n2 0\n");
        let p = crate::tests::parse(&format!("graph[\"{path}\"](0)")).unwrap();
        let a = analyze(&p, Play::Normal, false, &Budget::DEFAULT).unwrap();
        assert_eq!(a.outcome, Outcome::N);
        assert_eq!(a.winning_moves.len(), 1);
        assert_eq!(a.winning_moves[0].description(), "move from 0 to 1");
        let a = analyze(&p, Play::Normal, true, &Budget::DEFAULT).unwrap();
        let moves: Vec<String> = a.winning_moves.iter().map(|m| m.description()).collect();
        assert_eq!(moves, ["move from 0 to 2", "move from 0 to 1"]);
    }
}
