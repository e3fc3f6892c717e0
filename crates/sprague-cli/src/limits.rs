//! `--budget` and `--time-limit`: the limits of a computation, taken by the
//! commands that compute and by no other.

use sprague::Budget;

use crate::failure::Failure;

/// The limits of one computation.
#[derive(Debug, clap::Args)]
pub struct Limits {
    /// The most positions a search may store before it stops with an error.
    #[arg(long, default_value_t = Budget::DEFAULT.max_positions)]
    budget: u64,

    /// Stop a computation that takes longer than this many seconds, with
    /// an error (no limit by default).
    #[arg(long, value_name = "SECONDS")]
    time_limit: Option<f64>,
}

impl Limits {
    /// The budget these limits describe; a time limit that is not a
    /// positive number of seconds is the user's error.
    pub fn budget(&self) -> Result<Budget, Failure> {
        let budget = Budget::positions(self.budget);
        let Some(seconds) = self.time_limit else {
            return Ok(budget);
        };
        match std::time::Duration::try_from_secs_f64(seconds) {
            Ok(limit) if seconds > 0.0 => Ok(budget.with_time_limit(limit)),
            _ => Err(Failure::user(format!(
                "--time-limit needs a positive number of seconds, not {seconds}"
            ))),
        }
    }
}
