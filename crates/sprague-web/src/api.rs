//! The JSON API: each handler reads its query, runs the library within the
//! limits, and answers with the spec's JSON or an [`ApiError`].

use std::sync::{Arc, Mutex};

use axum::Json;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::Uri;
use serde::{Deserialize, Serialize};
use sprague::json::{
    AnalysisJson, CompareJson, GridTableJson, MoveJson, MoveOutcomeJson, PeriodJson, QuotientJson,
    RulesetJson, TableJson,
};
use sprague::syntax::{
    Param, RulesetSyntax, parse_position as parse_position_syntax, parse_ruleset,
};
use sprague::{
    Budget, ParseErrorKind, Play, Position, ReplyReason, Side, SolveError,
    analyze as analyze_position,
};

use crate::error::ApiError;
use crate::{AppState, GraphFiles, Limits};

/// Runs `work` on a blocking thread within the request's limits: first in
/// the quick lane, and if it does not end there, again in the heavy lane.
///
/// Most requests take well under a millisecond, a heavy one seconds. Were
/// they all to wait for the same few permits, two heavy requests would hold
/// every turn and the cheap ones would wait seconds behind them (measured:
/// p99 10 s with two heavy clients, `BENCHMARKS.md`). So each computation
/// is first tried with the time limit [`Limits::quick_timeout`], among at
/// most [`Limits::max_quick`]; the few that need longer are run again in
/// the heavy lane, which repeats at most that much work. The quick lane has
/// the request's whole position budget: some answers are cut by the budget
/// rather than refused (a move list, a remoteness), and must not depend on
/// the lane.
async fn compute<T, F>(state: &AppState, work: F) -> Result<T, ApiError>
where
    T: Send + 'static,
    F: Fn(&Budget) -> Result<T, WorkError> + Send + Sync + 'static,
{
    let deadline = tokio::time::Instant::now() + state.limits.timeout;
    let work = Arc::new(work);
    if let Some(answer) = compute_quick(state, deadline, Arc::clone(&work)).await {
        return answer;
    }
    compute_heavy(state, deadline, move |budget| {
        work(budget).map_err(ApiError::from)
    })
    .await
}

/// Why a computation stopped: the library's error is kept as it is, so that
/// the quick lane can tell its own budget running out from an answer.
pub(crate) enum WorkError {
    Solve(SolveError),
    Api(ApiError),
}

impl From<SolveError> for WorkError {
    fn from(e: SolveError) -> WorkError {
        WorkError::Solve(e)
    }
}

impl From<ApiError> for WorkError {
    fn from(e: ApiError) -> WorkError {
        WorkError::Api(e)
    }
}

impl From<WorkError> for ApiError {
    fn from(e: WorkError) -> ApiError {
        match e {
            WorkError::Solve(e) => ApiError::from(e),
            WorkError::Api(e) => e,
        }
    }
}

/// The quick lane: `work` with the time limit [`Limits::quick_timeout`],
/// if a quick permit is free within [`Limits::quick_wait`]. `None` when it
/// was not, or the work ran out of its quick time: the heavy lane must
/// answer.
///
/// The permit is held until the work really ends. A computation that does
/// not read the clock runs to its end here (or its budget stops it), and
/// is answered from here within the request's `deadline`; while
/// such computations hold every quick permit, requests go to the heavy lane
/// after waiting [`Limits::quick_wait`] at most.
async fn compute_quick<T, F>(
    state: &AppState,
    deadline: tokio::time::Instant,
    work: Arc<F>,
) -> Option<Result<T, ApiError>>
where
    T: Send + 'static,
    F: Fn(&Budget) -> Result<T, WorkError> + Send + Sync + 'static,
{
    let limits = state.limits;
    let wait_until = (tokio::time::Instant::now() + limits.quick_wait).min(deadline);
    let permit = tokio::time::timeout_at(wait_until, state.quick.clone().acquire_owned())
        .await
        .ok()?
        .ok()?;
    // The quick time counts from the turn, not from the request: 64
    // clients make a queue, and time spent in it is no sign of heavy work.
    let quick_deadline = (tokio::time::Instant::now() + limits.quick_timeout).min(deadline);
    let budget = Budget::positions(limits.budget)
        .with_time_limit(quick_deadline.saturating_duration_since(tokio::time::Instant::now()));
    let task = tokio::task::spawn_blocking(move || {
        let result = work(&budget);
        drop(permit);
        result
    });
    match tokio::time::timeout_at(deadline, task).await {
        Ok(Ok(Ok(value))) => Some(Ok(value)),
        // The quick time ran out: the heavy lane's turn.
        Ok(Ok(Err(WorkError::Solve(SolveError::TimeLimit { .. })))) => None,
        // Any other error is the answer (the budget exceeded, a question
        // the ruleset cannot answer, a range too large).
        Ok(Ok(Err(e))) => Some(Err(e.into())),
        Ok(Err(join_error)) => Some(Err(ApiError {
            status: axum::http::StatusCode::INTERNAL_SERVER_ERROR,
            message: format!("internal error: {join_error}"),
            span: None,
        })),
        Err(_) => Some(Err(took_too_long(&limits))),
    }
}

/// The answer to a request whose computation ran out of time.
fn took_too_long(limits: &Limits) -> ApiError {
    ApiError::unprocessable(format!(
        "the computation took longer than {} s (try a smaller position)",
        limits.timeout.as_secs_f64()
    ))
}

/// The heavy lane: runs `work` on a blocking thread with the request's
/// budget, once a permit is free, and gives up at `deadline`.
///
/// The budget carries the same deadline, and the library's searches read
/// the clock every 64 positions, so most work stops with the
/// request; but a computation that does not read the clock (building one
/// large table) goes on until it ends or its position budget stops it.
/// So the permit moves into the blocking thread and is released only when
/// the work really ends. When the request gives up, the permit is swapped
/// for one of the [`Limits::max_abandoned`] permits for abandoned work, if
/// one is free, so that waiting requests get their turn; if none is free,
/// the work keeps its turn. Either way, at most `max_concurrent +
/// max_abandoned` searches ever run at once, and abandoned work cannot pile
/// up.
async fn compute_heavy<T, F>(
    state: &AppState,
    deadline: tokio::time::Instant,
    work: F,
) -> Result<T, ApiError>
where
    T: Send + 'static,
    F: FnOnce(&Budget) -> Result<T, ApiError> + Send + 'static,
{
    let limits = state.limits;
    let permit = tokio::time::timeout_at(deadline, state.permits.clone().acquire_owned())
        .await
        .map_err(|_| ApiError {
            status: axum::http::StatusCode::SERVICE_UNAVAILABLE,
            message: "the explorer is busy with other requests; try again in a minute".to_string(),
            span: None,
        })?
        .map_err(|_| ApiError::unprocessable("the explorer is shutting down"))?;
    // The work stops itself when the request gives up (the searches read
    // the clock as they go), so abandoned work does not run on.
    let budget = Budget::positions(limits.budget)
        .with_time_limit(deadline.saturating_duration_since(tokio::time::Instant::now()));
    // Whether the work has ended, and the permit it holds.
    let held = Arc::new(Mutex::new((false, Some(permit))));
    let task_held = Arc::clone(&held);
    let task = tokio::task::spawn_blocking(move || {
        let result = work(&budget);
        let mut held = task_held.lock().unwrap_or_else(|e| e.into_inner());
        *held = (true, None);
        result
    });
    match tokio::time::timeout_at(deadline, task).await {
        // The search read the clock and stopped at the deadline: the
        // request's time limit, said as when the server stops waiting
        // (the search's own message would give only the time left after
        // the quick lane).
        Ok(Ok(Err(_))) if tokio::time::Instant::now() >= deadline => Err(took_too_long(&limits)),
        Ok(Ok(result)) => result,
        Ok(Err(join_error)) => Err(ApiError {
            status: axum::http::StatusCode::INTERNAL_SERVER_ERROR,
            message: format!("internal error: {join_error}"),
            span: None,
        }),
        Err(_) => {
            if let Ok(abandoned) = Arc::clone(&state.abandoned).try_acquire_owned() {
                let mut held = held.lock().unwrap_or_else(|e| e.into_inner());
                if !held.0 {
                    // Gives the request permit back, holds an abandoned one.
                    held.1 = Some(abandoned);
                }
            }
            Err(took_too_long(&limits))
        }
    }
}

/// The query, or a 400 that says what is wrong with it.
fn query<T>(query: Result<Query<T>, QueryRejection>) -> Result<T, ApiError> {
    query
        .map(|Query(q)| q)
        .map_err(|e| ApiError::bad_request(e.body_text()))
}

/// Rulesets whose string parameter is not a file name: `board["knight"]`,
/// `gen_clobber["diagonal", 2|1]`, CGSuite's coin-turning codes
/// `spawning["3E"]` and `turning["..."]`.
const STRING_PARAMETERS_NOT_FILES: &[&str] = &["board", "gen_clobber", "spawning", "turning"];

/// Rulesets whose string parameter names a file that the library reads
/// through a [`sprague::graph::FileSource`], so the explorer chooses which
/// names may be read ([`GraphFiles`](crate::GraphFiles)).
const FILES_READ_THROUGH_SOURCE: &[&str] = &["graph", "wordchain", "geography"];

/// Refuses rulesets that would read a file the explorer does not control.
///
/// A page on another site can make the browser send requests here (it
/// cannot read the answers, but it can make the server act), so a file
/// name is read only through [`GraphFiles`](crate::GraphFiles). Any other ruleset with a
/// string parameter is refused until it is listed here: the check fails
/// closed.
fn refuse_files(ruleset: &RulesetSyntax) -> Result<(), ApiError> {
    if STRING_PARAMETERS_NOT_FILES.contains(&ruleset.name.as_str())
        || FILES_READ_THROUGH_SOURCE.contains(&ruleset.name.as_str())
    {
        return Ok(());
    }
    // The parts of a composition (`join[spawning["3E"] | nim]`) are
    // rulesets too: each is checked as one. Their nesting is bounded where
    // they are read.
    for p in &ruleset.params {
        if let Param::Ruleset(part) = &p.value {
            refuse_files(part)?;
        }
    }
    match ruleset
        .params
        .iter()
        .find(|p| matches!(p.value, Param::Str(_)))
    {
        None => Ok(()),
        Some(p) => Err(ApiError {
            status: axum::http::StatusCode::BAD_REQUEST,
            message: format!(
                "the explorer does not read files for `{}`: it works on the command line only",
                ruleset.name
            ),
            span: Some(p.span.clone()),
        }),
    }
}

/// A request's position, read in two steps: [`PositionText::check`] on
/// the async runtime (the length, the syntax, the files the explorer does
/// not serve: work linear in the text), and [`PositionText::build`] inside
/// the request's lane, within its budget and time, since building may
/// compute (a misère term's canonical forms) and must never hold the
/// runtime or outlive the request's time limit.
struct PositionText {
    text: String,
    files: Arc<GraphFiles>,
}

impl PositionText {
    /// Refuses text longer than the limit, text that does not parse, and
    /// files the explorer does not serve.
    fn check(text: &str, state: &AppState) -> Result<PositionText, ApiError> {
        check_length("position", text, &state.limits)?;
        let syntax =
            parse_position_syntax(text).map_err(|e| ApiError::parse("bad position", &e))?;
        for c in syntax.components.iter().filter_map(|t| t.as_ruleset()) {
            refuse_files(&c.ruleset)?;
        }
        Ok(PositionText {
            text: text.to_string(),
            files: Arc::clone(&state.files),
        })
    }

    /// The position, built within `budget`: the budget running out is the
    /// lane's to handle (the quick lane hands it to the heavy one), any
    /// other error is the answer, under `context` ("bad position").
    fn build(&self, budget: &Budget, context: &str) -> Result<Position, WorkError> {
        Position::parse_within(&self.text, &*self.files, budget).map_err(|e| match e.kind {
            ParseErrorKind::Stopped(stop) => WorkError::Solve(stop),
            _ => WorkError::Api(ApiError::parse(context, &e)),
        })
    }
}

fn check_length(what: &str, text: &str, limits: &Limits) -> Result<(), ApiError> {
    if text.len() > limits.max_input {
        return Err(ApiError::bad_request(format!(
            "the {what} is too long: {} bytes, at most {} accepted",
            text.len(),
            limits.max_input
        )));
    }
    Ok(())
}

fn play(misere: bool) -> Play {
    if misere { Play::Misere } else { Play::Normal }
}

#[derive(Debug, Deserialize)]
pub(crate) struct AnalyzeQuery {
    position: String,
    #[serde(default)]
    misere: bool,
    #[serde(default)]
    all: bool,
    /// Whether to search the remoteness too. Off by default: the search
    /// (up to `REMOTENESS_POSITIONS`) costs a cheap request ten times its
    /// analysis, and a server under load answers the analysis first.
    #[serde(default)]
    remoteness: bool,
    /// Whether to list every move with the outcome, remoteness and value
    /// it leads to (`sprague analyze --moves`): a search per move, so only
    /// when asked.
    #[serde(default)]
    moves: bool,
}

/// Fails with the time limit if the budget's time has run out: a figure
/// the remoteness search gave up on may have been cut by time rather than
/// by its position limit, and the heavy lane must search it again.
fn given_up_for_time(budget: &Budget) -> Result<(), WorkError> {
    budget.check_time().map_err(WorkError::Solve)
}

/// `GET /api/analyze?position=P&misere=B&all=B&remoteness=B&moves=B`: the
/// JSON of `analyze` (with `moves`, of `analyze --moves`).
pub(crate) async fn analyze(
    State(state): State<AppState>,
    q: Result<Query<AnalyzeQuery>, QueryRejection>,
) -> Result<Json<AnalysisJson>, ApiError> {
    let q = query(q)?;
    let position = PositionText::check(&q.position, &state)?;
    let json = compute(&state, move |budget| {
        let position = position.build(budget, "bad position")?;
        let play = play(q.misere);
        let mut analysis = analyze_position(&position, play, q.all, budget)?;
        if q.remoteness {
            analysis.remoteness = sprague::remoteness(&position, play, Side::Left, budget);
            if analysis.remoteness.is_none() {
                given_up_for_time(budget)?;
            }
        }
        let mut json = AnalysisJson::new(&position, &analysis);
        if q.moves {
            let outcomes = sprague::move_outcomes(&position, play, None, budget)?;
            // A remoteness the search gave up on for the quick lane's
            // time, not for its position limit, is searched again in the
            // heavy lane: the answer must not depend on the lane.
            if outcomes
                .iter()
                .any(|m| m.remoteness.is_none() && m.outcome != sprague::Outcome::D)
            {
                given_up_for_time(budget)?;
            }
            let partizan = position
                .components()
                .iter()
                .any(|c| c.class().is_partizan());
            json.moves = Some(
                outcomes
                    .iter()
                    .map(|m| MoveOutcomeJson::new(m, partizan))
                    .collect(),
            );
        }
        Ok(json)
    })
    .await?;
    Ok(Json(json))
}

#[derive(Debug, Deserialize)]
pub(crate) struct CompareQuery {
    left: String,
    right: String,
}

/// `GET /api/compare?left=G&right=H`: the JSON of `sprague compare G H
/// --json` (the relation from the outcome class of `G - H`).
pub(crate) async fn compare(
    State(state): State<AppState>,
    q: Result<Query<CompareQuery>, QueryRejection>,
) -> Result<Json<CompareJson>, ApiError> {
    let q = query(q)?;
    // The message says which game it is about, so the page underlines the
    // span in the right one.
    let operand = |which: &str| {
        let which = which.to_string();
        move |mut e: ApiError| {
            e.message = format!("{which} game: {}", e.message);
            e
        }
    };
    let left = PositionText::check(&q.left, &state).map_err(operand("first"))?;
    let right = PositionText::check(&q.right, &state).map_err(operand("second"))?;
    let json = compute(&state, move |budget| {
        let left = left.build(budget, "first game: bad position")?;
        let right = right.build(budget, "second game: bad position")?;
        let comparison = sprague::compare(&left, &right, budget)?;
        Ok(CompareJson::new(&left, &right, comparison))
    })
    .await?;
    Ok(Json(json))
}

#[derive(Debug, Deserialize)]
pub(crate) struct MovesQuery {
    position: String,
    /// Whose moves, in a partizan position: `left` (the default) or
    /// `right`.
    #[serde(default)]
    side: SideParam,
    /// The first move of the page, counting from 0: a decimal integer
    /// below 2^128 (a sum of heaps of 2^64 - 1 has more than 2^64 moves).
    #[serde(default)]
    offset: Option<String>,
    /// The most moves on the page (at most, and by default,
    /// [`Limits::max_moves`](crate::Limits::max_moves)).
    #[serde(default)]
    limit: Option<usize>,
}

/// A player, as a query parameter.
#[derive(Clone, Copy, Debug, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum SideParam {
    /// Left.
    #[default]
    Left,
    /// Right.
    Right,
}

impl From<SideParam> for Side {
    fn from(side: SideParam) -> Side {
        match side {
            SideParam::Left => Side::Left,
            SideParam::Right => Side::Right,
        }
    }
}

/// The answer of `/api/moves`: a page of the moves.
#[derive(Debug, Serialize)]
pub(crate) struct MovesJson {
    /// The position, normalised.
    position: String,
    /// The moves from `offset` on, in the spec's order (by component,
    /// place, size).
    moves: Vec<MoveJson>,
    /// The number of the first move of the page, counting from 0.
    offset: String,
    /// How many moves the position has, in decimal (JSON numbers past 2^53
    /// are not exact in JavaScript, and a sum may have more than 2^64), or
    /// `null` when a component has more moves than the budget lets be
    /// listed and counted.
    total: Option<String>,
    /// The offset of the next page, or `null` when this page is the last.
    next: Option<String>,
    /// Whether `moves` and the pages before it are every move of the
    /// position.
    complete: bool,
}

/// `GET /api/moves?position=P&side=S&offset=K&limit=N`: a page of the moves
/// of `P`, with their descriptions and the positions after them, and how
/// many there are.
pub(crate) async fn moves(
    State(state): State<AppState>,
    q: Result<Query<MovesQuery>, QueryRejection>,
) -> Result<Json<MovesJson>, ApiError> {
    let q = query(q)?;
    let position = PositionText::check(&q.position, &state)?;
    let offset = match &q.offset {
        None => 0,
        Some(text) => text.parse::<u128>().map_err(|_| {
            ApiError::bad_request(format!(
                "`offset` must be a whole number from 0 to 2^128 - 1, not `{text}`"
            ))
        })?,
    };
    let max = state.limits.max_moves;
    let limit = q.limit.unwrap_or(max).min(max);
    let side = Side::from(q.side);
    let json = compute(&state, move |budget| {
        let position = position.build(budget, "bad position")?;
        let page = sprague::moves_page(&position, side, offset, limit, budget)?;
        let end = offset.saturating_add(page.moves.len() as u128);
        let next = match page.total {
            Some(total) if end >= total => None,
            // An unknown total: the page ended at the component that could
            // not be listed, unless the page is full.
            None if page.moves.len() < limit => None,
            _ => Some(end.to_string()),
        };
        Ok(MovesJson {
            position: position.to_string(),
            moves: page.moves.iter().map(MoveJson::from).collect(),
            offset: offset.to_string(),
            total: page.total.map(|t| t.to_string()),
            complete: page.total.is_some() && next.is_none(),
            next,
        })
    })
    .await?;
    Ok(Json(json))
}

#[derive(Debug, Deserialize)]
pub(crate) struct OptionsQuery {
    position: String,
    #[serde(default)]
    misere: bool,
}

/// The most options of each side `/api/options` values: a node of the
/// tree with more is no help to look at, and each costs a value.
pub(crate) const MAX_TREE_OPTIONS: usize = 1000;

/// One option in `/api/options`.
#[derive(Debug, Serialize)]
pub(crate) struct OptionJson {
    /// Who moves to it in a partizan position, `L` or `R`; `null` in an
    /// impartial one, where either may.
    side: Option<&'static str>,
    /// The component that moves, counting from 0 in the normalised sum.
    component: usize,
    /// The move in words.
    description: String,
    /// The whole position after the move, normalised.
    to: String,
    /// Its outcome class (N, P or D for the player then to move; L, R, N
    /// or P for a partizan position).
    outcome: &'static str,
    /// Its value in the usual notation, where one applies.
    value: Option<String>,
    /// Whether it is a sensible option (at least some option of the
    /// position's canonical form for its player); `null` where canonical
    /// forms do not apply (misère play, loopy games).
    sensible: Option<bool>,
    /// Whether it is reversible: it has a reply on the other side of the
    /// position; `null` where canonical forms do not apply.
    reversible: Option<bool>,
    /// The value of that reply, where it reverses (and its text fits).
    reverses_through: Option<String>,
}

/// The answer of `/api/options`: one node of the game tree opened.
#[derive(Debug, Serialize)]
pub(crate) struct OptionsJson {
    /// The position, normalised.
    position: String,
    /// Left's options, then Right's (every move, for an impartial one).
    options: Vec<OptionJson>,
    /// Whether the options carry the marks (normal play of a short game).
    marked: bool,
}

/// `GET /api/options?position=P&misere=B`: every option of `P` (at most
/// [`MAX_TREE_OPTIONS`] a side), each with its outcome, value and, under
/// normal play of a short game, whether it is sensible and whether it
/// reverses (the library's [`sprague::position_options`]).
pub(crate) async fn options(
    State(state): State<AppState>,
    q: Result<Query<OptionsQuery>, QueryRejection>,
) -> Result<Json<OptionsJson>, ApiError> {
    let q = query(q)?;
    let position = PositionText::check(&q.position, &state)?;
    let json = compute(&state, move |budget| {
        let position = position.build(budget, "bad position")?;
        let found = sprague::position_options(&position, play(q.misere), MAX_TREE_OPTIONS, budget)?;
        let partizan = position
            .components()
            .iter()
            .any(|c| c.class().is_partizan());
        Ok(OptionsJson {
            position: position.to_string(),
            // A position without options is marked as its play would be.
            marked: found.iter().all(|o| o.marks.is_some()) && !(found.is_empty() && q.misere),
            options: found
                .into_iter()
                .map(|o| OptionJson {
                    side: partizan.then(|| if o.side == Side::Left { "L" } else { "R" }),
                    component: o.m.component,
                    description: o.m.description(),
                    to: o.m.to.to_string(),
                    outcome: o.outcome.letter(),
                    value: o.value,
                    sensible: o.marks.as_ref().map(|m| m.sensible),
                    reversible: o.marks.as_ref().map(|m| m.reversible),
                    reverses_through: o.marks.and_then(|m| m.reverses_through),
                })
                .collect(),
        })
    })
    .await?;
    Ok(Json(json))
}

#[derive(Debug, Deserialize)]
pub(crate) struct ReplyQuery {
    position: String,
    #[serde(default)]
    misere: bool,
    /// The side the engine plays in a partizan position: `left` (the
    /// default) or `right`.
    #[serde(default)]
    side: SideParam,
}

/// The answer of `/api/reply`: the engine's move and why it chose it.
#[derive(Debug, Serialize)]
pub(crate) struct ReplyJson {
    /// The analysis of the position the engine moves from.
    analysis: AnalysisJson,
    /// The engine's move, `null` when it has none (the game is over).
    #[serde(rename = "move")]
    reply: Option<MoveJson>,
    /// Why, in a sentence.
    reason: String,
    /// Whether the game is over after the engine's move: the player then
    /// to move has no move. Some finished positions cannot be written
    /// back as positions (a Treblecross strip with three X in a row), so
    /// the page learns the end from here rather than by asking again.
    over: bool,
}

/// `GET /api/reply?position=P&misere=B`: the engine's move from `P`, as
/// the library's [`sprague::reply`] chooses it: a winning move when it has
/// one (the one that wins soonest where the position is small enough to
/// search), else a move that keeps a draw; from a losing position, where
/// every move loses against best play, the move that holds out longest
/// (or, beyond the search, its first move).
pub(crate) async fn reply(
    State(state): State<AppState>,
    q: Result<Query<ReplyQuery>, QueryRejection>,
) -> Result<Json<ReplyJson>, ApiError> {
    let q = query(q)?;
    let position = PositionText::check(&q.position, &state)?;
    let json = compute(&state, move |budget| {
        let position = position.build(budget, "bad position")?;
        let reply = sprague::reply(&position, play(q.misere), Side::from(q.side), budget)?;
        let json = AnalysisJson::new(&position, &reply.analysis);
        let (soonest, longest) = if reply.by_remoteness {
            (
                "; of the winning moves, this one wins soonest",
                "this one holds out longest",
            )
        } else {
            ("", "so I make my first move and hope")
        };
        let reason = match (reply.reason, &reply.chosen, json.grundy) {
            (ReplyReason::Winning, _, Some(g)) => format!(
                "the position has Grundy value {g}, not 0, so I can move to a P-position (Grundy value 0): whatever you reply, I can answer{soonest}"
            ),
            (ReplyReason::Winning, _, None) => {
                format!("I can move to a P-position: whatever you reply, I can answer{soonest}")
            }
            (ReplyReason::Drawing, _, _) => {
                "neither of us can force a win: this move keeps the draw".to_string()
            }
            (ReplyReason::Losing, None, _) => "I cannot move: the game is over".to_string(),
            (ReplyReason::Losing, Some(_), Some(g)) => format!(
                "the position has Grundy value {g}, a P-position: every move loses against best play, {longest}"
            ),
            (ReplyReason::Losing, Some(_), None) => {
                format!("this is a P-position: every move loses against best play, {longest}")
            }
        };
        let over = match &reply.chosen {
            Some(m) => {
                sprague::moves(&m.to, Side::from(q.side).other(), 1, budget)?
                    .moves
                    .is_empty()
            }
            None => false,
        };
        Ok(ReplyJson {
            analysis: json,
            reply: reply.chosen.as_ref().map(MoveJson::from),
            reason,
            over,
        })
    })
    .await?;
    Ok(Json(json))
}

#[derive(Debug, Deserialize)]
pub(crate) struct TableQuery {
    ruleset: String,
    from: Option<String>,
    to: Option<String>,
    #[serde(default)]
    period: bool,
    /// Figures instead of the value (`atomic_weight,temperature`).
    field: Option<String>,
    /// Only the positions whose figures satisfy it.
    #[serde(rename = "where")]
    filter: Option<String>,
    /// A row length, or `period`.
    layout: Option<String>,
}

/// The answer of `/api/table`: the JSON of `sprague table --json`, a
/// sequence for a one-heap family, a grid for a game of two numbers.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub(crate) enum TableAnswer {
    Heaps(TableJson),
    Grid(GridTableJson),
    Figures(FiguresAnswer),
}

/// A table of figures (docs/table.md), serialised as the library's
/// [`sprague::json::FigureTableJson`].
#[derive(Debug)]
pub(crate) struct FiguresAnswer(sprague::FigureReport);

impl Serialize for FiguresAnswer {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        sprague::json::FigureTableJson(&self.0).serialize(s)
    }
}

/// `from` or `to` of `/api/table`: a heap size `N`, or a cell `AxB` of a
/// game of two numbers (`x`, `X` or `×` between, as on the command line).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Extent {
    Heap(u64),
    Grid([u64; 2]),
}

fn extent(name: &str, text: &str) -> Result<Extent, ApiError> {
    let number = |s: &str| {
        s.trim().parse::<u64>().map_err(|_| {
            ApiError::bad_request(format!(
                "`{name}` must be a heap size (100) or, for a game of two numbers, AxB (20x20), not `{text}`"
            ))
        })
    };
    match text.split_once(['x', 'X', '×']) {
        None => number(text).map(Extent::Heap),
        Some((a, b)) => Ok(Extent::Grid([number(a)?, number(b)?])),
    }
}

/// The last row and column of a grid when `to` is not given: `NAME(a, b)`
/// for `a, b = 0..=20`, as `sprague table` and Python's `table` make it.
const GRID_DEFAULT_TO: u64 = 20;

/// `GET /api/table?ruleset=R&from=A&to=N&period=B`: the JSON of `table`.
/// Without `to`: heap 100, or with `period` two periods past the
/// preperiod, as on the command line. For a game of two interacting
/// numbers (`wythoff`, `cut`, ...), or any `from` or `to` written `AxB`,
/// the grid of `NAME(a, b)`: from the least corner (or `from=AxB`) to
/// `to=AxB` (default 20x20).
pub(crate) async fn table(
    State(state): State<AppState>,
    q: Result<Query<TableQuery>, QueryRejection>,
) -> Result<Json<TableAnswer>, ApiError> {
    let q = query(q)?;
    let limits = state.limits;
    check_length("ruleset", &q.ruleset, &limits)?;
    let syntax = parse_ruleset(&q.ruleset).map_err(|e| ApiError::parse("bad ruleset", &e))?;
    refuse_files(&syntax)?;
    let from_extent = q.from.as_deref().map(|t| extent("from", t)).transpose()?;
    let to_extent = q.to.as_deref().map(|t| extent("to", t)).transpose()?;
    let grid_asked = [from_extent, to_extent]
        .iter()
        .any(|e| matches!(e, Some(Extent::Grid(_))));
    let one_heap = sprague::rulesets::family(&syntax).is_ok();
    if q.field.is_some()
        || q.filter.is_some()
        || q.layout.is_some()
        || (!one_heap && sprague::is_partizan_heap_game(&syntax))
    {
        return figures(&state, syntax, q, from_extent, to_extent).await;
    }
    if let Some(entry) = sprague::rulesets::find(&syntax.name) {
        let two = sprague::is_two_coordinate(&syntax);
        if grid_asked && !two {
            return Err(ApiError::bad_request(format!(
                "`{}` is not a game of two interacting numbers, so its table is a sequence: give `from` and `to` a heap size (100), not AxB",
                entry.name
            )));
        }
        if grid_asked || two && entry.family.is_none() {
            let (from, to) = grid_range(&syntax, from_extent, to_extent, q.period, &limits)?;
            let json = compute(&state, move |budget| {
                let table = sprague::grid_table(&syntax, from, to, budget)?;
                Ok(TableAnswer::Grid(GridTableJson::from(&table)))
            })
            .await?;
            return Ok(Json(json));
        }
    }
    let heap = |e: Option<Extent>| match e {
        Some(Extent::Heap(n)) => Some(n),
        _ => None,
    };
    let family =
        sprague::rulesets::family(&syntax).map_err(|e| ApiError::parse("bad ruleset", &e))?;
    let from = heap(from_extent).unwrap_or(0);
    let to_heap = heap(to_extent);
    // Refuse an explicit range that is too large before any work is done.
    if let Some(to) = to_heap {
        check_range(from, to, &limits)?;
    }
    let json = compute(&state, move |budget| {
        let periodicity = if q.period {
            family.periodicity(budget)?
        } else {
            None
        };
        let to = sprague::rulesets::table_end(from, to_heap, periodicity);
        check_range(from, to, &limits)?;
        let values = family
            .grundy_values(from, to, budget)?
            .into_iter()
            .map(|g| g.0)
            .collect();
        Ok(TableAnswer::Heaps(TableJson {
            ruleset: family.ruleset(),
            from,
            to,
            values,
            period: periodicity.map(PeriodJson::from),
        }))
    })
    .await?;
    Ok(Json(json))
}

/// `/api/table` with `field`, `where` or `layout` (or of a partizan heap
/// game): the library's `figure_report`, within [`Limits::max_table`]
/// positions.
async fn figures(
    state: &AppState,
    syntax: RulesetSyntax,
    q: TableQuery,
    from: Option<Extent>,
    to: Option<Extent>,
) -> Result<Json<TableAnswer>, ApiError> {
    let limits = state.limits;
    for text in [&q.field, &q.filter, &q.layout].into_iter().flatten() {
        check_length("field, where and layout", text, &limits)?;
    }
    let grid_asked = [from, to]
        .iter()
        .any(|e| matches!(e, Some(Extent::Grid(_))));
    let two = grid_asked
        || (sprague::rulesets::family(&syntax).is_err() && sprague::is_two_coordinate(&syntax));
    let (from, to_given, to) = if two {
        let (from, to) = grid_range(&syntax, from, to, false, &limits)?;
        (from.to_vec(), true, to.to_vec())
    } else {
        let heap = |e: Option<Extent>| match e {
            Some(Extent::Heap(n)) => Ok(Some(n)),
            None => Ok(None),
            Some(Extent::Grid(_)) => Err(ApiError::bad_request(
                "this ruleset is not a game of two interacting numbers: give `from` and `to` a heap size (100), not AxB",
            )),
        };
        let from = heap(from)?.unwrap_or(0);
        let to_heap = heap(to)?;
        let to = sprague::rulesets::table_end(from, to_heap, None);
        check_range(from, to, &limits)?;
        (vec![from], to_heap.is_some(), vec![to])
    };
    let layout = q
        .layout
        .as_deref()
        .map(sprague::Layout::parse)
        .transpose()
        .map_err(ApiError::bad_request)?;
    let query = sprague::FigureQuery {
        from,
        to,
        to_given,
        fields: q
            .field
            .as_deref()
            .map(|f| f.split(',').map(str::to_string).collect())
            .unwrap_or_default(),
        filter: q.filter.clone(),
        play: sprague::Play::Normal,
        period: q.period,
        layout,
    };
    let filter = q.filter.unwrap_or_default();
    let report = compute(state, move |budget| {
        sprague::figure_report(&syntax, &query, budget).map_err(|e| match e {
            // A budget or a deadline moves the request to the heavy lane.
            sprague::FigureError::Solve(e) => WorkError::Solve(e),
            sprague::FigureError::Filter(e) => WorkError::Api(ApiError::bad_request(format!(
                "bad where: {} (`{}`, bytes {}..{})",
                e.message,
                filter.get(e.span.clone()).unwrap_or_default(),
                e.span.start,
                e.span.end
            ))),
        })
    })
    .await?;
    Ok(Json(TableAnswer::Figures(FiguresAnswer(report))))
}

/// The first and last cells of a grid, as `sprague table NAME --from AxB
/// --to AxB` takes them (`from=0`, the one-heap default the page sends,
/// is the least corner too), refusing a grid of more than
/// [`Limits::max_table`] cells before any is computed.
fn grid_range(
    syntax: &RulesetSyntax,
    from: Option<Extent>,
    to: Option<Extent>,
    period: bool,
    limits: &Limits,
) -> Result<([u64; 2], [u64; 2]), ApiError> {
    let name = &syntax.name;
    if period {
        return Err(ApiError::bad_request(format!(
            "`period` is for tables of one heap; `{name}` has a table of two numbers"
        )));
    }
    let heap_given = || {
        ApiError::bad_request(format!(
            "`{name}` is a game of two numbers: give `from` and `to` as AxB (the first and last row and column, as in to=20x20)"
        ))
    };
    let from = match from {
        None | Some(Extent::Heap(0)) => sprague::grid_corner(syntax),
        Some(Extent::Grid(cell)) => cell,
        Some(Extent::Heap(_)) => return Err(heap_given()),
    };
    let to = match to {
        None => [GRID_DEFAULT_TO.max(from[0]), GRID_DEFAULT_TO.max(from[1])],
        Some(Extent::Grid(cell)) => cell,
        Some(Extent::Heap(_)) => return Err(heap_given()),
    };
    if from[0] > to[0] || from[1] > to[1] {
        return Err(ApiError::bad_request(format!(
            "`from` ({}x{}) is past `to` ({}x{})",
            from[0], from[1], to[0], to[1]
        )));
    }
    // Each side may be 2^64 cells: counted in u128.
    let [rows, cols] = [0, 1].map(|k| u128::from(to[k] - from[k]) + 1);
    let cells = rows.saturating_mul(cols);
    if cells > u128::from(limits.max_table) {
        return Err(ApiError::bad_request(format!(
            "too many values: a table of {rows}x{cols} cells ({cells}) is more than the {} allowed per request",
            limits.max_table
        )));
    }
    Ok((from, to))
}

#[derive(Debug, Deserialize)]
pub(crate) struct QuotientQuery {
    ruleset: String,
    heaps: Option<u64>,
}

/// The most heaps `/api/quotient` takes a quotient to: the page asks for
/// the largest heap of the position it shows.
const MAX_QUOTIENT_HEAPS: u64 = 2000;

/// `GET /api/quotient?ruleset=R&heaps=N`: the JSON of `sprague quotient R
/// --heaps N --json` (default 30 heaps), for a take-and-break game.
pub(crate) async fn quotient(
    State(state): State<AppState>,
    q: Result<Query<QuotientQuery>, QueryRejection>,
) -> Result<Json<QuotientJson>, ApiError> {
    let q = query(q)?;
    check_length("ruleset", &q.ruleset, &state.limits)?;
    let heaps = q.heaps.unwrap_or(30);
    if heaps > MAX_QUOTIENT_HEAPS {
        return Err(ApiError::bad_request(format!(
            "`heaps` ({heaps}) is larger than the {MAX_QUOTIENT_HEAPS} the explorer takes a quotient to; `sprague quotient` goes further"
        )));
    }
    let syntax = parse_ruleset(&q.ruleset).map_err(|e| ApiError::parse("bad ruleset", &e))?;
    refuse_files(&syntax)?;
    let family =
        sprague::rulesets::family(&syntax).map_err(|e| ApiError::parse("bad ruleset", &e))?;
    let Some(rules) = family.take_break() else {
        return Err(ApiError::bad_request(format!(
            "a misère quotient is of a take-and-break game (octal, kayles, dawson, ...), not `{}`",
            family.ruleset()
        )));
    };
    let name = family.ruleset();
    let json = compute(&state, move |budget| {
        let quotient = sprague::misere_quotient(&rules, heaps, budget)?;
        Ok(QuotientJson::new(name.clone(), &quotient))
    })
    .await?;
    Ok(Json(json))
}

fn check_range(from: u64, to: u64, limits: &Limits) -> Result<(), ApiError> {
    if from > to {
        return Err(ApiError::bad_request(format!(
            "`from` ({from}) is larger than `to` ({to})"
        )));
    }
    // `to - from + 1` overflows only for the whole of u64, which is too
    // many values anyway.
    let count = (to - from).checked_add(1);
    if count.is_none_or(|n| n > limits.max_table) {
        return Err(ApiError::bad_request(format!(
            "too many values: {from}..={to} is {} values, and at most {} are allowed per request",
            count.map_or_else(|| "2^64".to_string(), |n| n.to_string()),
            limits.max_table
        )));
    }
    Ok(())
}

/// The most vertices `/api/graph` answers: a drawing of more is no help.
pub(crate) const MAX_DRAWN_VERTICES: u32 = 400;

/// The most edges `/api/graph` answers.
pub(crate) const MAX_DRAWN_EDGES: u64 = 4000;

#[derive(Debug, Deserialize)]
pub(crate) struct GraphQuery {
    /// A ruleset that reads a graph file: `graph["games/dag.txt"]`.
    ruleset: String,
}

/// One vertex of `/api/graph`.
#[derive(Debug, Serialize)]
pub(crate) struct VertexJson {
    vertex: u32,
    /// Its name, or its number where the file names none: as moves
    /// describe it.
    label: String,
    /// With a single token on it, for the player to move: `N`, `P` or
    /// `D`; `null` in geography, where it depends on the walk.
    outcome: Option<&'static str>,
    /// With a single token on it, the remoteness (`null` for a draw).
    remoteness: Option<u32>,
}

/// The answer of `/api/graph`: what the page draws.
#[derive(Debug, Serialize)]
pub(crate) struct GraphJson {
    ruleset: String,
    directed: bool,
    vertices: Vec<VertexJson>,
    /// `[from, to]`; for an undirected graph as the file lists them.
    edges: Vec<[u32; 2]>,
}

/// `GET /api/graph?ruleset=R`: the graph of a game on a file (`graph`,
/// `wordchain`, `geography`), with each vertex's outcome by retrograde
/// analysis, for the page to draw; at most [`MAX_DRAWN_VERTICES`]
/// vertices and [`MAX_DRAWN_EDGES`] edges (422 beyond).
pub(crate) async fn graph(
    State(state): State<AppState>,
    q: Result<Query<GraphQuery>, QueryRejection>,
) -> Result<Json<GraphJson>, ApiError> {
    let q = query(q)?;
    check_length("ruleset", &q.ruleset, &state.limits)?;
    let syntax = parse_ruleset(&q.ruleset).map_err(|e| ApiError::parse("bad ruleset", &e))?;
    let files = Arc::clone(&state.files);
    let ruleset_text = q.ruleset.trim().to_string();
    let json = compute(&state, move |_budget| {
        let ruleset_text = ruleset_text.clone();
        let (graph, directed) = sprague::rulesets::game_graph(&syntax, &*files)
            .map_err(|e| ApiError::parse("bad ruleset", &e))?;
        if graph.n_vertices() > MAX_DRAWN_VERTICES || graph.n_edges() > MAX_DRAWN_EDGES {
            return Err(ApiError::unprocessable(format!(
                "the graph is too large to draw: {} vertices and {} edges, at most {MAX_DRAWN_VERTICES} and {MAX_DRAWN_EDGES}",
                graph.n_vertices(),
                graph.n_edges()
            ))
            .into());
        }
        let retrograde = directed.then(|| sprague::graph::Retrograde::new(&graph, &graph.transpose()));
        let vertices = (0..graph.n_vertices())
            .map(|v| VertexJson {
                vertex: v,
                label: graph.label(v),
                outcome: retrograde.as_ref().map(|r| r.outcome(v).letter()),
                remoteness: retrograde.as_ref().and_then(|r| r.remoteness(v)),
            })
            .collect();
        let edges = (0..graph.n_vertices())
            .flat_map(|v| graph.successors(v).iter().map(move |&w| [v, w]))
            .collect();
        Ok(GraphJson {
            ruleset: ruleset_text,
            directed,
            vertices,
            edges,
        })
    })
    .await?;
    Ok(Json(json))
}

#[derive(Debug, Deserialize)]
pub(crate) struct PictureQuery {
    /// A thermograph's text, `Thermograph(...)`, as `/api/analyze` gives it.
    thermograph: Option<String>,
    /// A game value as written, `{3|-1}`: its first level as a game tree.
    tree: Option<String>,
}

/// `GET /api/picture?thermograph=T` or `?tree=V`: the SVG of
/// [`sprague::picture`], the drawing `sprague analyze --plot` writes (422
/// for a text with nothing to draw). Only text is read: nothing is
/// computed.
pub(crate) async fn picture(
    State(state): State<AppState>,
    q: Result<Query<PictureQuery>, QueryRejection>,
) -> Result<([(axum::http::header::HeaderName, &'static str); 1], String), ApiError> {
    let q = query(q)?;
    let drawn = match (&q.thermograph, &q.tree) {
        (Some(t), None) => {
            check_length("thermograph", t, &state.limits)?;
            sprague::picture::thermograph(t)
        }
        (None, Some(v)) => {
            check_length("value", v, &state.limits)?;
            sprague::picture::game_tree(v)
        }
        _ => {
            return Err(ApiError::bad_request(
                "give one of thermograph=... and tree=...",
            ));
        }
    };
    let picture = drawn.ok_or_else(|| {
        ApiError::unprocessable(
            "nothing to draw: not a thermograph, or a value without options as written",
        )
    })?;
    Ok((
        [(axum::http::header::CONTENT_TYPE, "image/svg+xml")],
        picture.svg(),
    ))
}

/// One ruleset in `/api/games`: as `sprague games` describes it, and
/// whether the explorer refuses it because it reads a file.
#[derive(Debug, Serialize)]
pub(crate) struct GameJson {
    #[serde(flatten)]
    ruleset: RulesetJson,
    /// Whether positions of this ruleset name a file: the built-in
    /// examples, or files inside `sprague serve --graphs DIR`.
    reads_files: bool,
    /// Whether `/api/table` answers it (as written, without parameters)
    /// with a grid of two numbers rather than a sequence.
    grid_table: bool,
}

/// `GET /api/games`: every ruleset with its syntax, rule and an example.
pub(crate) async fn games() -> Json<Vec<GameJson>> {
    Json(
        sprague::rulesets::RULESETS
            .iter()
            .map(|r| GameJson {
                ruleset: RulesetJson::from(r),
                reads_files: FILES_READ_THROUGH_SOURCE.contains(&r.name),
                grid_table: r.family.is_none()
                    && parse_ruleset(r.name).is_ok_and(|s| sprague::is_two_coordinate(&s)),
            })
            .collect(),
    )
}

/// Any other path: a 404 in the API's error shape.
pub(crate) async fn not_found(uri: Uri) -> ApiError {
    ApiError {
        status: axum::http::StatusCode::NOT_FOUND,
        message: format!("no such page: {}", uri.path()),
        span: None,
    }
}
