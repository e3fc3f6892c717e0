//! A load test of the explorer: `sprague serve` on a free port, heavy
//! requests running all the time, and 64 clients firing cheap and moderate
//! requests; prints their rate and latency (p50, p90, p99, max, for each
//! class), the server's memory before, during and after, and checks EVERY
//! answer against the answer computed once up front by the command line
//! (`sprague analyze --json`, `--moves`, `sprague table --json`) or the
//! library's registry (`/api/games`).
//!
//! ```text
//! cargo build --release -p sprague-cli
//! cargo run --release -p sprague-web --example load -- [--sprague target/release/sprague]
//!     [--clients 64] [--heavy 1] [--seconds 15] [--moderate] [--budget N] [--check] [--max-rss MIB]
//! ```
//!
//! Without `--moderate` the clients send the cheap requests only; with it,
//! the cheap and the moderate ones in turn.
//!
//! `--heavy N`: clients that each send heavy requests one after the other
//! (a misère search of `treblecross(40, 41, 42, 43)`, which has no rule
//! and no small misère form and ends at the server's budget or its time
//! limit: a 422
//! saying so is its correct answer); `--budget N` is passed to `sprague
//! serve`. A wrong answer (a body that differs from the expected one, or a
//! heavy answer that is not a refusal by budget or time) fails the run
//! (status 1) always. `--check` also fails it if a request fails, if the
//! p99 reaches 100 ms (cheap requests only) or 500 ms (either class, with
//! `--moderate`: the moderate ones keep both cores busy, and the cheap ones
//! wait behind them for the quick lane), or (with `--max-rss`) if the
//! server's memory ever exceeds MIB mebibytes.
//! `scripts/load-test.sh` runs the cases recorded in `BENCHMARKS.md`.
//!
//! The client is a minimal HTTP/1.1 client with keep-alive on tokio's
//! `TcpStream`, so that the figures measure the server, not a client
//! library, and the example needs no crate the workspace does not have.

use std::net::SocketAddr;
use std::process::Stdio;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

#[path = "../tests/target.rs"]
mod target;

/// How costly a request is, for the latency figures of each class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    /// Well under a millisecond on an idle server.
    Cheap,
    /// A few milliseconds: a search of thousands of positions, a table of
    /// 10^4 values, the outcome and remoteness of every move.
    Moderate,
}

/// One request the clients send in turn, and where its expected answer
/// comes from.
struct Request {
    class: Class,
    /// The API path and its query, unencoded.
    path: &'static str,
    query: &'static [(&'static str, &'static str)],
    /// The command line whose JSON is the expected answer (`None`: the
    /// library's list of rulesets, for `/api/games`).
    cli: Option<&'static [&'static str]>,
}

/// The requests, taken in turn by each client (four cheap, three
/// moderate).
const REQUESTS: &[Request] = &[
    Request {
        class: Class::Cheap,
        path: "/api/analyze",
        query: &[("position", "nim(3,6,9)")],
        cli: Some(&["analyze", "--json", "nim(3,6,9)"]),
    },
    Request {
        class: Class::Cheap,
        path: "/api/analyze",
        query: &[("position", "kayles(10)+dawson(7)")],
        cli: Some(&["analyze", "--json", "kayles(10)+dawson(7)"]),
    },
    Request {
        class: Class::Cheap,
        path: "/api/games",
        query: &[],
        cli: None,
    },
    Request {
        class: Class::Cheap,
        path: "/api/table",
        query: &[("ruleset", "kayles"), ("to", "100")],
        cli: Some(&["table", "--json", "kayles", "--to", "100"]),
    },
    // A misère sum is searched as one game: 21^3 = 9 261 positions.
    Request {
        class: Class::Moderate,
        path: "/api/analyze",
        query: &[
            ("position", "subtraction[2,5,7](20,20,20)"),
            ("misere", "true"),
        ],
        cli: Some(&[
            "analyze",
            "--json",
            "--misere",
            "subtraction[2,5,7](20,20,20)",
        ]),
    },
    Request {
        class: Class::Moderate,
        path: "/api/table",
        query: &[("ruleset", "octal[0.137]"), ("to", "9999")],
        cli: Some(&["table", "--json", "octal[0.137]", "--to", "9999"]),
    },
    // Eleven moves, each analysed and its remoteness searched.
    Request {
        class: Class::Moderate,
        path: "/api/analyze",
        query: &[
            ("position", "treblecross(\"...........\")"),
            ("moves", "true"),
        ],
        cli: Some(&[
            "analyze",
            "--json",
            "--moves",
            "treblecross(\"...........\")",
        ]),
    },
];

/// The heavy request: misère play of a sum of Treblecross strips is
/// searched as one game (no sum rule, and misère forms that double with
/// each cell).
const HEAVY: &str = "/api/analyze?position=treblecross(40,41,42,43)&misere=true";

impl Request {
    fn target(&self) -> String {
        target::target(self.path, self.query)
    }

    /// The answer the server must give, computed once: the command line's
    /// JSON, with `remoteness` as the explorer gives it unasked (`null`:
    /// the command line always searches it), or the names of the
    /// library's rulesets.
    fn expected(&self, sprague: &str) -> anyhow::Result<serde_json::Value> {
        let Some(args) = self.cli else {
            return Ok(serde_json::Value::from(
                sprague::rulesets::RULESETS
                    .iter()
                    .map(|r| r.name)
                    .collect::<Vec<_>>(),
            ));
        };
        let out = std::process::Command::new(sprague)
            .args(args)
            .output()
            .with_context(|| format!("cannot run {sprague}"))?;
        anyhow::ensure!(
            out.status.success(),
            "{sprague} {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let mut json: serde_json::Value = serde_json::from_slice(&out.stdout)?;
        if self.path == "/api/analyze" {
            json["remoteness"] = serde_json::Value::Null;
        }
        Ok(json)
    }

    /// The part of an answer that is compared: all of it, except that
    /// `/api/games` is compared by its rulesets' names.
    fn answer(&self, body: &str) -> Option<serde_json::Value> {
        let json: serde_json::Value = serde_json::from_str(body).ok()?;
        if self.cli.is_none() {
            return Some(serde_json::Value::from(
                json.as_array()?
                    .iter()
                    .map(|g| g["name"].clone())
                    .collect::<Vec<_>>(),
            ));
        }
        Some(json)
    }
}

#[derive(Debug)]
struct Options {
    sprague: String,
    clients: usize,
    heavy: usize,
    seconds: u64,
    budget: Option<u64>,
    moderate: bool,
    check: bool,
    max_rss_mib: Option<u64>,
}

fn options() -> anyhow::Result<Options> {
    let mut o = Options {
        sprague: "target/release/sprague".to_string(),
        clients: 64,
        heavy: 1,
        seconds: 15,
        budget: None,
        moderate: false,
        check: false,
        max_rss_mib: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().with_context(|| format!("{arg} needs a value"));
        match arg.as_str() {
            "--sprague" => o.sprague = value()?,
            "--clients" => o.clients = value()?.parse()?,
            "--heavy" => o.heavy = value()?.parse()?,
            "--seconds" => o.seconds = value()?.parse()?,
            "--budget" => o.budget = Some(value()?.parse()?),
            "--check" => o.check = true,
            "--moderate" => o.moderate = true,
            "--max-rss" => o.max_rss_mib = Some(value()?.parse()?),
            _ => bail!("unknown option `{arg}` (see the top of examples/load.rs)"),
        }
    }
    Ok(o)
}

/// One keep-alive connection to the server.
struct Client {
    addr: SocketAddr,
    stream: Option<BufReader<TcpStream>>,
}

impl Client {
    /// Sends `GET target` and reads the whole answer; returns its status
    /// and body. Reconnects when the server closed the connection.
    async fn get(&mut self, target: &str) -> anyhow::Result<(u16, String)> {
        for attempt in 0..2 {
            if self.stream.is_none() {
                self.stream = Some(BufReader::new(TcpStream::connect(self.addr).await?));
            }
            match self.exchange(target).await {
                Ok(status) => return Ok(status),
                // A keep-alive connection the server closed: once more on
                // a new one.
                Err(_) if attempt == 0 => self.stream = None,
                Err(e) => return Err(e),
            }
        }
        unreachable!("the second attempt returns")
    }

    async fn exchange(&mut self, target: &str) -> anyhow::Result<(u16, String)> {
        let stream = self.stream.as_mut().context("not connected")?;
        let request = format!("GET {target} HTTP/1.1\r\nHost: {}\r\n\r\n", self.addr);
        stream.get_mut().write_all(request.as_bytes()).await?;
        let mut line = String::new();
        if stream.read_line(&mut line).await? == 0 {
            bail!("connection closed");
        }
        let status: u16 = line
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .with_context(|| format!("bad status line {line:?}"))?;
        let mut length = None;
        loop {
            line.clear();
            stream.read_line(&mut line).await?;
            let header = line.trim_end();
            if header.is_empty() {
                break;
            }
            if let Some((name, value)) = header.split_once(':')
                && name.eq_ignore_ascii_case("content-length")
            {
                length = Some(value.trim().parse::<usize>()?);
            }
        }
        let length = length.context("no content-length")?;
        let mut body = vec![0; length];
        stream.read_exact(&mut body).await?;
        Ok((status, String::from_utf8(body)?))
    }
}

/// The server's resident memory in KiB (`VmRSS` of `/proc/PID/status`).
fn rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn mib(kib: u64) -> String {
    format!("{:.1} MiB", kib as f64 / 1024.0)
}

/// Latency figures of one class of requests.
fn figures(name: &str, mut latencies: Vec<Duration>, elapsed: Duration) -> Duration {
    latencies.sort();
    let quantile = |q: f64| {
        latencies
            .get(((latencies.len() as f64 * q) as usize).min(latencies.len().saturating_sub(1)))
            .copied()
            .unwrap_or_default()
    };
    println!(
        "{name}: {} answered, {:.0} requests/s; p50 {}, p90 {}, p99 {}, max {}",
        latencies.len(),
        latencies.len() as f64 / elapsed.as_secs_f64(),
        ms(quantile(0.5)),
        ms(quantile(0.9)),
        ms(quantile(0.99)),
        ms(latencies.last().copied().unwrap_or_default())
    );
    quantile(0.99)
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1000.0)
}

/// What the clients saw of one kind of request.
#[derive(Default)]
struct Tally {
    latencies: Vec<Duration>,
    /// Not answered, or answered with a status other than 200.
    failed: u64,
    /// Answered 200 with a body other than the expected one.
    wrong: u64,
    /// The first wrong body, to show.
    first_wrong: Option<String>,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let o = options()?;
    // The expected answers, once, before the server starts.
    let mut expected = Vec::new();
    for r in REQUESTS {
        expected.push(r.expected(&o.sprague)?);
    }
    let expected = Arc::new(expected);
    let targets: Arc<Vec<String>> = Arc::new(REQUESTS.iter().map(Request::target).collect());

    let mut command = tokio::process::Command::new(&o.sprague);
    command.args(["serve", "--port", "0"]);
    if let Some(budget) = o.budget {
        command.args(["--budget", &budget.to_string()]);
    }
    let mut server = command
        .stdout(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .with_context(|| format!("cannot start {} (build it first)", o.sprague))?;
    let pid = server.id().context("the server has no pid")?;
    let mut first = String::new();
    BufReader::new(server.stdout.take().context("no stdout")?)
        .read_line(&mut first)
        .await?;
    let addr: SocketAddr = first
        .trim()
        .rsplit_once("http://")
        .and_then(|(_, a)| a.parse().ok())
        .with_context(|| format!("unexpected first line {first:?}"))?;
    // One request of each kind first, so that the memory before is that
    // of a server that has answered, not of one just started; each must
    // already be right.
    let mut warm = Client { addr, stream: None };
    for (k, r) in REQUESTS.iter().enumerate() {
        let (status, body) = warm.get(&targets[k]).await?;
        anyhow::ensure!(status == 200, "{}: status {status}: {body}", targets[k]);
        anyhow::ensure!(
            r.answer(&body).as_ref() == Some(&expected[k]),
            "{}: the answer {body} is not the expected {}",
            targets[k],
            expected[k]
        );
    }
    let before = rss_kib(pid).context("cannot read the server's memory")?;
    println!(
        "sprague serve on {addr} (pid {pid}{}); {} clients of {} requests, {} of heavy ones, {} s",
        o.budget
            .map(|b| format!(", --budget {b}"))
            .unwrap_or_default(),
        o.clients,
        if o.moderate {
            "cheap and moderate"
        } else {
            "cheap"
        },
        o.heavy,
        o.seconds
    );

    let stop = Arc::new(AtomicBool::new(false));
    let peak = Arc::new(AtomicU64::new(before));
    let sampler = {
        let (stop, peak) = (Arc::clone(&stop), Arc::clone(&peak));
        tokio::spawn(async move {
            while !stop.load(Ordering::Relaxed) {
                if let Some(kib) = rss_kib(pid) {
                    peak.fetch_max(kib, Ordering::Relaxed);
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        })
    };
    let heavy_stop = Arc::new(AtomicBool::new(false));
    let mut heavy = Vec::new();
    for _ in 0..o.heavy {
        let stop = Arc::clone(&heavy_stop);
        heavy.push(tokio::spawn(async move {
            let mut client = Client { addr, stream: None };
            let mut answers: Vec<(u16, String, Duration)> = Vec::new();
            while !stop.load(Ordering::Relaxed) {
                let started = Instant::now();
                let (status, body) = client.get(HEAVY).await?;
                answers.push((status, body, started.elapsed()));
            }
            anyhow::Ok(answers)
        }));
    }
    // The heavy requests take their turns before the others start.
    tokio::time::sleep(Duration::from_millis(500)).await;

    let started = Instant::now();
    let until = started + Duration::from_secs(o.seconds);
    let mut clients = Vec::new();
    // The requests each client takes in turn.
    let sent: Arc<Vec<usize>> = Arc::new(
        (0..REQUESTS.len())
            .filter(|&r| o.moderate || REQUESTS[r].class == Class::Cheap)
            .collect(),
    );
    for k in 0..o.clients {
        let (expected, targets, sent) = (
            Arc::clone(&expected),
            Arc::clone(&targets),
            Arc::clone(&sent),
        );
        clients.push(tokio::spawn(async move {
            let mut client = Client { addr, stream: None };
            let mut tallies: Vec<Tally> = REQUESTS.iter().map(|_| Tally::default()).collect();
            let mut turn = k;
            while Instant::now() < until {
                let r = sent[turn % sent.len()];
                turn += 1;
                let sent = Instant::now();
                let tally = &mut tallies[r];
                match client.get(&targets[r]).await {
                    Ok((200, body)) => {
                        tally.latencies.push(sent.elapsed());
                        if REQUESTS[r].answer(&body).as_ref() != Some(&expected[r]) {
                            tally.wrong += 1;
                            tally.first_wrong.get_or_insert(body);
                        }
                    }
                    _ => tally.failed += 1,
                }
            }
            tallies
        }));
    }
    let mut tallies: Vec<Tally> = REQUESTS.iter().map(|_| Tally::default()).collect();
    for client in clients {
        for (all, mine) in tallies.iter_mut().zip(client.await?) {
            all.latencies.extend(mine.latencies);
            all.failed += mine.failed;
            all.wrong += mine.wrong;
            if all.first_wrong.is_none() {
                all.first_wrong = mine.first_wrong;
            }
        }
    }
    let elapsed = started.elapsed();
    let during = peak.load(Ordering::Relaxed);
    heavy_stop.store(true, Ordering::Relaxed);
    let mut heavy_answers = Vec::new();
    for h in heavy {
        heavy_answers.extend(h.await??);
    }
    // The last heavy computations have ended with their requests; the
    // memory after is read once the server has been idle a moment.
    tokio::time::sleep(Duration::from_secs(1)).await;
    stop.store(true, Ordering::Relaxed);
    sampler.await?;
    let overall = peak.load(Ordering::Relaxed);
    let after = rss_kib(pid).context("cannot read the server's memory")?;
    // The server still answers, and rightly, after the load.
    let mut last = Client { addr, stream: None };
    let (status, body) = last.get(&targets[0]).await?;
    anyhow::ensure!(
        status == 200 && REQUESTS[0].answer(&body).as_ref() == Some(&expected[0]),
        "after the load: status {status}, {body}"
    );
    server.kill().await?;

    println!("answered in {:.1} s", elapsed.as_secs_f64());
    let mut p99 = Vec::new();
    let (mut failed, mut wrong) = (0, 0);
    let classes: &[Class] = if o.moderate {
        &[Class::Cheap, Class::Moderate]
    } else {
        &[Class::Cheap]
    };
    for &class in classes {
        let latencies: Vec<Duration> = REQUESTS
            .iter()
            .zip(&tallies)
            .filter(|(r, _)| r.class == class)
            .flat_map(|(_, t)| t.latencies.iter().copied())
            .collect();
        p99.push(figures(
            &format!("{class:?}").to_lowercase(),
            latencies,
            elapsed,
        ));
    }
    for (k, t) in tallies.iter().enumerate() {
        if !sent.contains(&k) {
            continue;
        }
        println!(
            "  {}: {} answered, {} failed, {} wrong, max {}",
            targets[k],
            t.latencies.len(),
            t.failed,
            t.wrong,
            ms(t.latencies.iter().copied().max().unwrap_or_default())
        );
        failed += t.failed;
        wrong += t.wrong;
        if let Some(body) = &t.first_wrong {
            println!("    first wrong answer: {body}");
            println!("    expected: {}", expected[k]);
        }
    }
    // The heavy request's right answer is a refusal: its search stops at
    // the server's budget, or its request's time limit (said either way,
    // as the search stopped itself or the server stopped waiting).
    let refused = |body: &str| {
        ["budget", "time limit", "took longer than"]
            .iter()
            .any(|why| body.contains(why))
    };
    let heavy_wrong: Vec<&(u16, String, Duration)> = heavy_answers
        .iter()
        .filter(|(status, body, _)| !(*status == 422 && refused(body)))
        .collect();
    if let Some((status, body, _)) = heavy_wrong.first() {
        println!("  first wrong heavy answer: status {status}, {body}");
    }
    let heavy_wrong = heavy_wrong.len();
    let mut statuses: Vec<u16> = heavy_answers.iter().map(|(s, _, _)| *s).collect();
    statuses.sort();
    statuses.dedup();
    let longest = heavy_answers
        .iter()
        .map(|(_, _, d)| *d)
        .max()
        .unwrap_or_default();
    println!(
        "heavy: {} answered (status {:?}, {} not a refusal by budget or time), the longest in {:.1} s",
        heavy_answers.len(),
        statuses,
        heavy_wrong,
        longest.as_secs_f64()
    );
    println!(
        "server memory (VmRSS): before {}, peak while the clients ran {}, peak until the last heavy answer {}, after (idle 1 s) {}",
        mib(before),
        mib(during),
        mib(overall),
        mib(after)
    );
    println!(
        "checked: {} answers against the expected ones, {} wrong",
        tallies.iter().map(|t| t.latencies.len()).sum::<usize>() + heavy_answers.len(),
        wrong + heavy_wrong as u64
    );
    anyhow::ensure!(
        wrong == 0 && heavy_wrong == 0,
        "{wrong} wrong answers and {heavy_wrong} wrong heavy answers"
    );
    if o.check {
        anyhow::ensure!(failed == 0, "{failed} requests failed");
        let most = Duration::from_millis(if o.moderate { 500 } else { 100 });
        for (class, p99) in classes.iter().zip(&p99) {
            anyhow::ensure!(
                *p99 < most,
                "the {} requests' p99 is {}, not under {}",
                format!("{class:?}").to_lowercase(),
                ms(*p99),
                ms(most)
            );
        }
        if let Some(most) = o.max_rss_mib {
            anyhow::ensure!(
                overall <= most * 1024,
                "the server's memory reached {}, above --max-rss {most} MiB",
                mib(overall)
            );
        }
    }
    Ok(())
}
