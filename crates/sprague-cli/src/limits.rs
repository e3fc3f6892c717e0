//! `--budget` and `--time-limit`: the limits of a computation, taken by the
//! commands that compute and by no other.

use sprague::Budget;

use crate::failure::Failure;

/// The limits of one computation.
#[derive(Clone, Debug, clap::Args)]
pub struct Limits {
    /// The most positions a search may store before it stops with an error
    /// (default 10000000). A take-and-break heap beyond it is answered by
    /// its game's period, searched through as many values (the default:
    /// about fifteen seconds). `table` computes by default as many values
    /// as fit in memory.
    #[arg(long)]
    budget: Option<u64>,

    /// Stop a computation that takes longer than this many seconds, with
    /// an error (no limit by default; at most 1000000000, about 31 years).
    #[arg(long, value_name = "SECONDS")]
    time_limit: Option<f64>,
}

impl Limits {
    /// The budget these limits describe, with this machine's memory (see
    /// [`memory_limit`]); a time limit that is not a positive number of
    /// seconds is the user's error.
    pub fn budget(&self) -> Result<Budget, Failure> {
        // The period search of a take-and-break heap in a position goes as
        // far as the budget, so that no default answer takes hours (the
        // default budget: about fifteen seconds); `--budget N` goes on.
        let budget = match self.budget {
            Some(n) => Budget::positions(n),
            None => Budget::DEFAULT,
        }
        .with_memory(memory_limit());
        let Some(seconds) = self.time_limit else {
            return Ok(budget);
        };
        if seconds > MAX_TIME_LIMIT {
            // Infinity too: "no limit" is said by leaving the flag out.
            // In exponent form: 1e300 written out is 301 digits.
            return Err(Failure::user(format!(
                "--time-limit {seconds:e} is too large: the limit is {MAX_TIME_LIMIT} seconds (about 31 years); leave --time-limit out for no limit"
            )));
        }
        match std::time::Duration::try_from_secs_f64(seconds) {
            Ok(limit) if seconds > 0.0 => Ok(budget.with_time_limit(limit)),
            _ => Err(Failure::user(format!(
                "--time-limit needs a positive number of seconds, not {seconds}"
            ))),
        }
    }
}

/// The largest `--time-limit`, in seconds: a billion, about 31 years. A
/// larger one would overflow the clock's deadline (1e300 was refused as
/// "not positive"), and no run is meant to last longer.
pub const MAX_TIME_LIMIT: f64 = 1e9;

impl Limits {
    /// The `--budget` given on the command line, if one was.
    pub fn explicit_budget(&self) -> Option<u64> {
        self.budget
    }
}

/// The memory a computation may use, in bytes: the memory available now
/// (`MemAvailable` of `/proc/meminfo`, or `MemTotal` where the kernel does
/// not say), and no more than the cgroup's limit (`memory.max`, cgroup v2)
/// when the program runs in a container; 16 GiB where neither can be read.
pub fn memory_limit() -> u64 {
    let meminfo = || -> Option<u64> {
        let text = std::fs::read_to_string("/proc/meminfo").ok()?;
        let field = |name: &str| -> Option<u64> {
            let line = text.lines().find(|l| l.starts_with(name))?;
            let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
            kib.checked_mul(1024)
        };
        field("MemAvailable:").or_else(|| field("MemTotal:"))
    };
    // "max" (no limit) does not parse, and leaves the machine's figure.
    let cgroup = std::fs::read_to_string("/sys/fs/cgroup/memory.max")
        .ok()
        .and_then(|t| t.trim().parse::<u64>().ok());
    match (meminfo(), cgroup) {
        (Some(m), Some(c)) => m.min(c),
        (Some(m), None) => m,
        (None, Some(c)) => c,
        (None, None) => 16 << 30,
    }
}
