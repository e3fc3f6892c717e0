//! A load test of the explorer: `sprague serve` on a free port, heavy
//! requests running all the time, and 64 clients firing cheap requests;
//! prints the cheap requests' rate and latency (p50, p99) and the server's
//! memory before, during and after.
//!
//! ```text
//! cargo build --release -p sprague-cli
//! cargo run --release -p sprague-web --example load -- [--sprague target/release/sprague]
//!     [--clients 64] [--heavy 1] [--seconds 15] [--budget N] [--check] [--max-rss MIB]
//! ```
//!
//! `--heavy N`: clients that each send heavy requests one after the other
//! (a misère search of `subtraction[2,5,7](200, 200, 200, 200)`, 201^4
//! positions, which ends at the server's budget or its time limit);
//! `--budget N` is passed to `sprague serve` (a large one makes the heavy
//! requests run to the 10 s time limit). `--check` fails (status 1) if a
//! cheap request fails, their p99 reaches 100 ms, or (with `--max-rss`)
//! the server's memory ever exceeds MIB mebibytes. `scripts/load-test.sh` runs
//! the cases recorded in `BENCHMARKS.md`.
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

/// The cheap requests, taken in turn: a position valued by a closed form,
/// one by the nim-sum of small searches, the list of games, and a short
/// table.
const CHEAP: &[&str] = &[
    "/api/analyze?position=nim(3,6,9)",
    "/api/analyze?position=kayles(10)%2Bdawson(7)",
    "/api/games",
    "/api/table?ruleset=kayles&to=100",
];

/// The heavy request: misère play of a sum of subtraction games is
/// searched as one game, 201^4 positions.
const HEAVY: &str = "/api/analyze?position=subtraction%5B2,5,7%5D(200,200,200,200)&misere=true";

#[derive(Debug)]
struct Options {
    sprague: String,
    clients: usize,
    heavy: usize,
    seconds: u64,
    budget: Option<u64>,
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
    /// Sends `GET target` and reads the whole answer; returns its status.
    /// Reconnects when the server closed the connection.
    async fn get(&mut self, target: &str) -> anyhow::Result<u16> {
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

    async fn exchange(&mut self, target: &str) -> anyhow::Result<u16> {
        let stream = self.stream.as_mut().context("not connected")?;
        let request = format!("GET {target} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
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
        Ok(status)
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

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let o = options()?;
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
    // of a server that has answered, not of one just started.
    let mut warm = Client { addr, stream: None };
    for target in CHEAP {
        let status = warm.get(target).await?;
        anyhow::ensure!(status == 200, "{target}: status {status}");
    }
    let before = rss_kib(pid).context("cannot read the server's memory")?;
    println!(
        "sprague serve on {addr} (pid {pid}{}); {} clients of cheap requests, {} of heavy ones, {} s",
        o.budget
            .map(|b| format!(", --budget {b}"))
            .unwrap_or_default(),
        o.clients,
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
            let mut answers: Vec<(u16, Duration)> = Vec::new();
            while !stop.load(Ordering::Relaxed) {
                let started = Instant::now();
                let status = client.get(HEAVY).await?;
                answers.push((status, started.elapsed()));
            }
            anyhow::Ok(answers)
        }));
    }
    // The heavy requests take their turns before the cheap ones start.
    tokio::time::sleep(Duration::from_millis(500)).await;

    let started = Instant::now();
    let until = started + Duration::from_secs(o.seconds);
    let mut clients = Vec::new();
    for k in 0..o.clients {
        clients.push(tokio::spawn(async move {
            let mut client = Client { addr, stream: None };
            let mut latencies = Vec::new();
            let mut failed = 0u64;
            let mut turn = k;
            while Instant::now() < until {
                let target = CHEAP[turn % CHEAP.len()];
                turn += 1;
                let sent = Instant::now();
                match client.get(target).await {
                    Ok(200) => latencies.push((sent.elapsed(), target)),
                    _ => failed += 1,
                }
            }
            (latencies, failed)
        }));
    }
    let mut latencies = Vec::new();
    let mut failed = 0;
    for client in clients {
        let (l, f) = client.await?;
        latencies.extend(l);
        failed += f;
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
    // The server still answers after the load.
    let mut last = Client { addr, stream: None };
    let status = last.get(CHEAP[0]).await?;
    anyhow::ensure!(status == 200, "after the load: status {status}");
    server.kill().await?;

    latencies.sort();
    let slowest = latencies.last().map_or("", |&(_, target)| target);
    let latencies: Vec<Duration> = latencies.into_iter().map(|(d, _)| d).collect();
    let quantile = |q: f64| {
        latencies
            .get(((latencies.len() as f64 * q) as usize).min(latencies.len().saturating_sub(1)))
            .copied()
            .unwrap_or_default()
    };
    let ms = |d: Duration| format!("{:.1} ms", d.as_secs_f64() * 1000.0);
    let (p50, p99) = (quantile(0.5), quantile(0.99));
    println!(
        "cheap: {} answered in {:.1} s, {:.0} requests/s, {} failed; p50 {}, p90 {}, p99 {}, max {} ({slowest})",
        latencies.len(),
        elapsed.as_secs_f64(),
        latencies.len() as f64 / elapsed.as_secs_f64(),
        failed,
        ms(p50),
        ms(quantile(0.9)),
        ms(p99),
        ms(latencies.last().copied().unwrap_or_default())
    );
    let mut statuses: Vec<u16> = heavy_answers.iter().map(|&(s, _)| s).collect();
    statuses.sort();
    statuses.dedup();
    let longest = heavy_answers
        .iter()
        .map(|&(_, d)| d)
        .max()
        .unwrap_or_default();
    println!(
        "heavy: {} answered (status {:?}), the longest in {:.1} s",
        heavy_answers.len(),
        statuses,
        longest.as_secs_f64()
    );
    println!(
        "server memory (VmRSS): before {}, peak while the cheap clients ran {}, peak until the last heavy answer {}, after (idle 1 s) {}",
        mib(before),
        mib(during),
        mib(overall),
        mib(after)
    );
    if o.check {
        anyhow::ensure!(failed == 0, "{failed} cheap requests failed");
        anyhow::ensure!(
            p99 < Duration::from_millis(100),
            "the cheap requests' p99 is {}, not under 100 ms",
            ms(p99)
        );
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
