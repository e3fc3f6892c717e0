//! `sprague analyze POSITION [--misere] [--json] [--all] [--moves]`.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use sprague::json::{AnalysisJson, MoveOutcomeJson};
use sprague::{
    Analysis, Budget, Kind, Outcome, Play, Position, Progress, Side, SumMove, analyze,
    move_outcomes, remoteness_beside,
};

use crate::paint::Painter;

use crate::failure::Failure;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The position, e.g. "nim(3, 6, 9)" or "kayles(10) + *3".
    position: String,
    /// Misère play: the player who cannot move wins.
    #[arg(long)]
    misere: bool,
    /// Print JSON (its fields: docs/language.md, "Reading analyze"); an error is
    /// then a JSON object too.
    #[arg(long)]
    pub json: bool,
    /// List every winning move, not only the first.
    #[arg(long)]
    all: bool,
    /// Every move of the position with the outcome, remoteness and value of
    /// the position it leads to (for a partizan position, Left's and
    /// Right's), coloured on a terminal: green wins, red loses, yellow
    /// draws, for the player who makes it.
    #[arg(long)]
    moves: bool,
    /// Draw the position's thermograph and, for a value with options, its
    /// game tree (Left's options on blue edges, Right's on red) to FILE,
    /// as SVG or PNG by its extension: the web explorer's drawings. Only
    /// for a partizan value (an impartial one is a nimber: its thermograph
    /// is a bare mast).
    #[arg(long, value_name = "FILE.svg|FILE.png")]
    plot: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub limits: crate::limits::Limits,
}

/// How far the values of a take-and-break heap got, for the progress line.
static PROGRESS: Progress = Progress::new();

/// How long `analyze` works before a progress line appears, and how often
/// it is redrawn.
const PROGRESS_AFTER: Duration = Duration::from_secs(1);
const PROGRESS_EVERY: Duration = Duration::from_millis(250);

/// Runs `work`, saying on standard error when it turns into a long period
/// search (a take-and-break heap past the budget: values computed heap by
/// heap until a period is proved or the reach is spent): once, after a
/// second of it, on any output, what it computes, how far it may go and
/// how to bound it; and on a terminal a progress line with the share of
/// the reach done and the time left at the measured rate, cleared when
/// `work` ends.
fn with_progress<T>(
    terminal: bool,
    explicit_budget: bool,
    work: impl FnOnce(&Budget) -> T,
    budget: &Budget,
) -> T {
    PROGRESS.set_values(0);
    let budget = budget.with_progress(&PROGRESS);
    let done = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let reporter = scope.spawn(|| {
            let start = Instant::now();
            let mut shown = 0;
            let mut announced = false;
            while !done.load(Ordering::Relaxed) {
                std::thread::park_timeout(PROGRESS_EVERY);
                let values = PROGRESS.values();
                if done.load(Ordering::Relaxed) || values == 0 || start.elapsed() < PROGRESS_AFTER {
                    continue;
                }
                let seconds = start.elapsed().as_secs_f64();
                let reach = budget.period_values.unwrap_or(budget.max_positions);
                if !announced {
                    announced = true;
                    eprintln!("{}", announcement(values, seconds, reach, explicit_budget));
                }
                if !terminal {
                    continue;
                }
                let reach = budget.period_values.unwrap_or(budget.max_positions);
                let line = progress_line(values, seconds, Some(reach));
                // Padded to cover a longer line before it.
                eprint!("\r{line:shown$}");
                shown = shown.max(line.len());
            }
            if shown > 0 {
                // Clears the line for the answer.
                eprint!("\r{:shown$}\r", "");
            }
        });
        let answer = work(&budget);
        done.store(true, Ordering::Relaxed);
        reporter.thread().unpark();
        let _ = reporter.join();
        answer
    })
}

/// The progress line: `values` computed in `seconds`, of at most `limit`
/// (the period search's reach) with the share done and the time left at
/// the rate so far, short enough for an 80-column terminal.
fn progress_line(values: u64, seconds: f64, limit: Option<u64>) -> String {
    let rate = values as f64 / seconds.max(1e-9);
    match limit {
        Some(l) if l > 0 => {
            let share = 100.0 * values as f64 / l as f64;
            let left = l.saturating_sub(values) as f64 / rate.max(1e-9);
            format!(
                "heap values: {values}/{l} ({share:.0}%), {rate:.0}/s, {seconds:.0} s, {} left",
                duration(left)
            )
        }
        _ => format!("heap values: {values}, {rate:.0}/s, {seconds:.0} s"),
    }
}

/// What a long period search is, once, before it goes on: what it computes,
/// how far it may go (values, memory, time at the rate of its first
/// `values` in `seconds`), and how to bound it or go further.
fn announcement(values: u64, seconds: f64, reach: u64, explicit_budget: bool) -> String {
    let rate = values as f64 / seconds.max(1e-9);
    let mib = sprague::sequence_bytes(reach) as f64 / f64::from(1u32 << 20);
    let further = if explicit_budget {
        "--time-limit SECONDS bounds it"
    } else {
        "--budget N searches through N values, --time-limit SECONDS bounds the time"
    };
    format!(
        "analyze: a heap beyond the budget is answered by its game's period: computing its values heap by heap until a period is proved, through at most {reach} values ({mib:.0} MiB, at most {} at {rate:.0} values/s); {further}",
        duration(reach.saturating_sub(values) as f64 / rate.max(1e-9))
    )
}

/// A period search that ended without a proof, made by default: the error
/// says which flags search further. (The library's message says how far it
/// looked; that no `--budget` was given is known here only.)
fn period_hint(e: sprague::SolveError, explicit_budget: bool) -> Failure {
    if !explicit_budget && matches!(e, sprague::SolveError::PeriodNotProved { .. }) {
        return Failure::user(format!(
            "{e}; without --budget the search stops after {} values: `--budget 4294967297` searches as far as `sprague table RULESET --period` does",
            Budget::DEFAULT.max_positions
        ));
    }
    Failure::from(e)
}

/// `seconds` as a person reads a duration: `40 s`, `12 min`, `3.4 h`.
fn duration(seconds: f64) -> String {
    if seconds < 90.0 {
        format!("{seconds:.0} s")
    } else if seconds < 5400.0 {
        format!("{:.0} min", seconds / 60.0)
    } else {
        format!("{:.1} h", seconds / 3600.0)
    }
}

pub fn run(args: &Args, budget: &Budget) -> Result<(), Failure> {
    let position =
        match Position::parse_within(&args.position, &crate::files::CommandLineFiles, budget) {
            Ok(position) => position,
            Err(e) => {
                if !(args.misere || args.moves || args.plot.is_some())
                    && let Some((value, sign)) =
                        sprague::rulesets::non_dyadic_rational(&args.position)
                {
                    return write_rational(args, &value, sign);
                }
                return Err(Failure::parse("bad position", &args.position, &e));
            }
        };
    if let Some(path) = &args.plot {
        sprague::durable::check_output_path(path)
            .map_err(|e| Failure::user(format!("--plot: {e}")))?;
        crate::plot::format(path)?;
    }
    let play = if args.misere {
        Play::Misere
    } else {
        Play::Normal
    };
    let terminal = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let explicit = args.limits.explicit_budget().is_some();
    let mut analysis = with_progress(
        terminal,
        explicit,
        |budget| analyze(&position, play, args.all, budget),
        budget,
    )
    .map_err(|e| period_hint(e, explicit))?;
    remoteness_beside(&mut analysis, &position, budget);
    let moves = if args.moves {
        Some(move_outcomes(&position, play, None, budget)?)
    } else {
        None
    };
    let partizan = position
        .components()
        .iter()
        .any(|c| c.class().is_partizan());
    let moves_listed = !has_sided_value(&position);
    if let Some(path) = &args.plot {
        let picture = pictures(&analysis).ok_or_else(|| {
            Failure::user(format!(
                "--plot: {} has no thermograph to draw: --plot draws a partizan value (an impartial position's value is a nimber)",
                args.position
            ))
        })?;
        crate::plot::write_picture(path, &picture)?;
        let bytes = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
        eprintln!(
            "{} written to {} ({bytes} bytes)",
            picture.label,
            path.display()
        );
    }
    let mut out = std::io::stdout().lock();
    if args.json {
        let mut json = AnalysisJson::new(&position, &analysis);
        json.moves = moves.as_ref().map(|ms| {
            ms.iter()
                .map(|m| MoveOutcomeJson::new(m, partizan))
                .collect()
        });
        serde_json::to_writer_pretty(&mut out, &json).map_err(anyhow::Error::from)?;
        writeln!(out)?;
    } else {
        write_text(&mut out, &analysis, args.all, moves_listed)?;
        if let Some(moves) = &moves {
            let painter = Painter::for_stdout();
            writeln!(out, "moves ({}):", moves.len())?;
            for m in moves {
                let side = if partizan {
                    format!("{}: ", m.side.name())
                } else {
                    String::new()
                };
                writeln!(out, "  {side}{}", painter.move_line(m))?;
            }
        }
        let listed = analysis
            .winning_moves
            .iter()
            .chain(&analysis.drawing_moves)
            .map(SumMove::description)
            .chain(moves.iter().flatten().map(|m| m.m.description()));
        if let Some(note) = crate::paint::squares_note(listed) {
            writeln!(out, "{note}")?;
        }
    }
    Ok(())
}

/// The answer for a number that is not a game (`1/7`): CGSuite's
/// `Rational`, whose outcome is its sign's (`L` for a positive number, `R`
/// for a negative one), with no moves, figures or Grundy value.
fn write_rational(args: &Args, value: &str, sign: std::cmp::Ordering) -> Result<(), Failure> {
    let (outcome, words) = match sign {
        std::cmp::Ordering::Less => ("R", "Right wins whoever starts"),
        _ => ("L", "Left wins whoever starts"),
    };
    let mut out = std::io::stdout().lock();
    if args.json {
        let json = serde_json::json!({
            "position": args.position,
            "play": "normal",
            "outcome": outcome,
            "first_player_wins": null,
            "grundy": null,
            "value": value,
            "components": [],
            "winning_moves": [],
            "drawing_moves": [],
        });
        serde_json::to_writer_pretty(&mut out, &json).map_err(anyhow::Error::from)?;
        writeln!(out)?;
    } else {
        writeln!(
            out,
            "{outcome}-position: {words} (value {value}, a rational number and not a game: \
             the numbers of short games are dyadic, and it has no moves)"
        )?;
    }
    Ok(())
}

/// The thermograph of a partizan value and, below it, the game tree of its
/// canonical form's first level where it has options as written (not a
/// number, a nimber or an up): `None` for an impartial position or one
/// without a value.
fn pictures(analysis: &Analysis) -> Option<sprague::picture::Picture> {
    if analysis.grundy().is_some() {
        return None;
    }
    let figures = analysis.figures()?;
    let thermograph = sprague::picture::thermograph(&figures.thermograph.to_string())?;
    let value = analysis.value_text()?;
    let tree = sprague::picture::game_tree(&value);
    let label = format!(
        "the thermograph{} of {value}",
        if tree.is_some() {
            " and the game tree"
        } else {
            ""
        }
    );
    // A title saying whose drawing it is: the value (cut short), its mean
    // and temperature.
    let short: String = if value.chars().count() > 48 {
        value.chars().take(47).chain(['…']).collect()
    } else {
        value.clone()
    };
    let title = sprague::picture::Picture {
        width: thermograph.width,
        height: 24.0,
        id: "",
        class: "",
        label: String::new(),
        shapes: vec![sprague::picture::Shape::Text {
            at: (thermograph.width / 2.0, 17.0),
            text: format!(
                "{short}: mean {}, temperature {}",
                figures.mean, figures.temperature
            ),
            anchor: sprague::picture::Anchor::Middle,
            size: 13.0,
            colour: sprague::picture::colours::INK,
            class: "title",
            title: None,
        }],
    };
    let drawn: Vec<_> = [Some(title), Some(thermograph), tree]
        .into_iter()
        .flatten()
        .collect();
    Some(sprague::picture::Picture::stacked(&drawn, 12.0, label))
}

/// A value as the text output writes it: whole up to
/// [`sprague::MAX_VALUE_CHARS`] characters, else its first 2048 and last
/// 1024 characters with how many were left out between (the JSON has it
/// whole).
pub(crate) fn shortened(value: &str) -> String {
    const HEAD: usize = 2048;
    const TAIL: usize = 1024;
    let n = value.chars().count();
    if n <= sprague::MAX_VALUE_CHARS {
        return value.to_string();
    }
    let head: String = value.chars().take(HEAD).collect();
    let tail: String = value.chars().skip(n - TAIL).collect();
    format!("{head} … ({} more characters) … {tail}", n - HEAD - TAIL)
}

/// Whether a term of the position is a sided value `G & H`: a value with
/// no moves, whose analysis lists none.
fn has_sided_value(position: &Position) -> bool {
    position.components().iter().any(|c| match c.kind() {
        Kind::LoopyPartizan(g) => g.sides().is_some(),
        _ => false,
    })
}

/// The analysis in words; `moves_listed` is false for a sum with a sided
/// value, which has no moves.
pub(crate) fn write_text(
    out: &mut impl Write,
    analysis: &Analysis,
    all: bool,
    moves_listed: bool,
) -> std::io::Result<()> {
    let who = match analysis.outcome {
        Outcome::N => "N-position: the player to move wins",
        Outcome::P => "P-position: the player to move loses",
        Outcome::L => "L-position: Left wins whoever starts",
        Outcome::R => "R-position: Right wins whoever starts",
        Outcome::D => "D-position: a draw with best play",
        Outcome::NHat => "NHat-position: Left wins moving first; Right moving first draws",
        Outcome::NCheck => "NCheck-position: Right wins moving first; Left moving first draws",
        Outcome::PHat => "PHat-position: Left wins when Right starts; Left moving first draws",
        Outcome::PCheck => "PCheck-position: Right wins when Left starts; Right moving first draws",
    };
    write!(out, "{who}")?;
    match (analysis.play, analysis.grundy()) {
        (Play::Misere, _) => write!(out, " (misère play)")?,
        (Play::Normal, Some(g)) => write!(out, " (Grundy value {})", g.0)?,
        (Play::Normal, None) => {
            if let Some(value) = analysis.value_text() {
                write!(out, " (value {})", shortened(&value))?;
            }
        }
    }
    writeln!(out)?;
    if let Some(why) = analysis.value_not_computed() {
        writeln!(out, "value not computed: {why}")?;
    }
    if let Some(m) = analysis.misere() {
        match &m.form {
            Some(form) => writeln!(
                out,
                "misère canonical form {}, genus {}, misère Grundy value {}",
                shortened(form),
                m.genus,
                m.grundy
            )?,
            None => writeln!(out, "genus {}, misère Grundy value {}", m.genus, m.grundy)?,
        }
    }
    if let Some(r) = analysis.remoteness {
        writeln!(
            out,
            "remoteness {r}: the game lasts {r} more move{} with best play",
            if r == 1 { "" } else { "s" }
        )?;
    }
    if let Some(why) = &analysis.remoteness_left_out {
        writeln!(out, "{why}")?;
    }
    // An impartial position's figures (its nimber's) are in the JSON only:
    // the text says its Grundy value.
    if let Some(f) = analysis.figures().filter(|_| analysis.grundy().is_none()) {
        // A stop count left out is said below with the other figures.
        let stop_count = f
            .stop_count
            .as_ref()
            .map(|n| format!(", stop count {n}"))
            .unwrap_or_default();
        writeln!(
            out,
            "stops {} and {}, mean {}, temperature {}, born on day {}{stop_count}",
            f.left_stop, f.right_stop, f.mean, f.temperature, f.birthday
        )?;
        let weight = f.atomic_weight.iter().map(|w| format!("atomic weight {w}"));
        // The reduced form of a game that is its own (a number, a switch
        // between numbers) would repeat the value.
        let reduced = f
            .reduced
            .iter()
            .filter(|r| analysis.value_text().as_ref() != Some(*r))
            .map(|r| format!("reduced canonical form {r}"));
        let line: Vec<String> = weight.chain(reduced).collect();
        if !line.is_empty() {
            writeln!(out, "{}", line.join(", "))?;
        }
        writeln!(
            out,
            "thermograph {} (--plot FILE.svg|.png draws it)",
            f.thermograph
        )?;
    }
    if let Some(f) = analysis.loopy_figures() {
        // A stopper's sides are its value: said once, in the value.
        if let (Ok(on), Ok(off)) = (&f.onside, &f.offside)
            && analysis.value_text().as_ref() != Some(on)
        {
            writeln!(out, "onside {on}, offside {off}")?;
        }
        if let (Ok(l), Ok(r)) = (&f.left_stop, &f.right_stop) {
            writeln!(out, "stops {l} and {r}")?;
        }
        let named = [("degree", &f.degree), ("variety", &f.variety)];
        let mut line: Vec<String> = named
            .iter()
            .filter_map(|(name, r)| r.as_ref().ok().map(|t| format!("{name} {t}")))
            .collect();
        if let Ok(Some(b)) = f.birthday {
            line.push(format!("born on day {b}"));
        }
        if !line.is_empty() {
            writeln!(out, "{}", line.join(", "))?;
        }
    }
    // A figure that would cost more than the value is left out: say so,
    // rather than let its absence read as "undefined".
    for why in analysis.figures_left_out() {
        writeln!(out, "{why}")?;
    }
    if !moves_listed {
        writeln!(
            out,
            "no moves listed: a sided value is a value, not a game with moves"
        )?;
        return Ok(());
    }
    if analysis.winning_moves.iter().any(|m| m.side.is_some()) {
        // A partizan position: each player's winning moves moving first,
        // so an R-position's are not mistaken for none.
        for side in [Side::Left, Side::Right] {
            let moves: Vec<&SumMove> = analysis
                .winning_moves
                .iter()
                .filter(|m| m.side == Some(side))
                .collect();
            let whose = format!("for {} (moving first)", side.name());
            match moves.as_slice() {
                [] => writeln!(out, "no winning move {whose}")?,
                [m] if !all => writeln!(
                    out,
                    "winning move {whose}: {}  ->  {}",
                    m.description(),
                    m.to
                )?,
                moves => {
                    writeln!(out, "winning moves {whose} ({}):", moves.len())?;
                    for m in moves {
                        writeln!(out, "  {}  ->  {}", m.description(), m.to)?;
                    }
                }
            }
        }
    } else {
        match analysis.winning_moves.as_slice() {
            [] if analysis.outcome == Outcome::N => {}
            [] => writeln!(out, "no winning move")?,
            [m] if !all => writeln!(out, "winning move: {}  ->  {}", m.description(), m.to)?,
            moves => {
                writeln!(out, "winning moves ({}):", moves.len())?;
                for m in moves {
                    writeln!(out, "  {}  ->  {}", m.description(), m.to)?;
                }
            }
        }
    }
    match analysis.drawing_moves.as_slice() {
        [] => {}
        [m] if !all => writeln!(out, "drawing move: {}  ->  {}", m.description(), m.to)?,
        moves => {
            writeln!(out, "drawing moves ({}):", moves.len())?;
            for m in moves {
                writeln!(out, "  {}  ->  {}", m.description(), m.to)?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{progress_line, shortened};

    #[test]
    fn long_values_are_shortened_saying_by_how_much() {
        let short = "{1|*}".repeat(100);
        assert_eq!(shortened(&short), short);
        let long: String = (0..5000)
            .map(|i| char::from(b'a' + (i % 26) as u8))
            .collect();
        let text = shortened(&long);
        assert!(text.starts_with(&long[..2048]), "{text}");
        assert!(text.ends_with(&long[5000 - 1024..]), "{text}");
        assert!(text.contains(" … (1928 more characters) … "), "{text}");
    }

    #[test]
    fn the_progress_line_fits_a_terminal() {
        // 1376256 values in 3.5 s: 393216 a second, 14% of 10^7, and the
        // 8623744 values left take 21.9 s at that rate.
        let line = progress_line(1_376_256, 3.5, Some(10_000_000));
        assert_eq!(
            line,
            "heap values: 1376256/10000000 (14%), 393216/s, 4 s, 22 s left"
        );
        // Wide figures: 2^40 values and limit, a million seconds.
        assert!(progress_line(1 << 40, 1e6, Some(1 << 40)).len() < 80);
        assert_eq!(progress_line(10, 1.0, None), "heap values: 10, 10/s, 1 s");
    }
}
