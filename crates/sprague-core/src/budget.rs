//! Limits on a computation: how many positions it may store and when it
//! must stop. Every search charges its budget before it stores a position.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::error::SolveError;

/// How much a search may use before it gives up with
/// [`SolveError::BudgetExceeded`] instead of exhausting memory, or with
/// [`SolveError::TimeLimit`] instead of running on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// The most distinct positions a solver may store.
    pub max_positions: u64,
    /// When the work must stop, if ever.
    pub deadline: Option<Deadline>,
    /// The memory the caller has for the computation, in bytes, if it
    /// knows: searches that keep a value per heap (the period search of
    /// take-and-break games) stop before they would need more. The library
    /// does no system I/O; the command line reads the figure and passes it.
    pub memory_bytes: Option<u64>,
    /// How far the period search of a take-and-break game may go when a
    /// heap beyond `max_positions` is asked for, in values (still bounded
    /// by `memory_bytes`); `None`: `max_positions`, which is what the
    /// command line gives, so that no default answer searches for hours.
    pub period_values: Option<u64>,
    /// Where a long computation says how far it got, for a caller that
    /// shows progress from another thread while it waits (the command
    /// line's `analyze` on a terminal); `None`: nowhere.
    pub progress: Option<&'static Progress>,
}

/// How far a long computation has got: the values a take-and-break heap's
/// sequence holds, written by its computation after every step (about a
/// tenth of a second of work) and read by whoever shows progress. Two
/// `Progress` are equal only if they are the same one.
///
/// It also carries a request to stop, from whoever watches: a caller that
/// must answer Ctrl-C while a computation runs on another thread (the
/// Python module) asks it to stop, and every computation that reads its
/// clock ([`Budget::check_time`]) ends as at its time limit.
#[derive(Debug, Default)]
pub struct Progress {
    values: AtomicU64,
    stop: std::sync::atomic::AtomicBool,
}

impl Progress {
    /// A progress with nothing computed yet.
    pub const fn new() -> Progress {
        Progress {
            values: AtomicU64::new(0),
            stop: std::sync::atomic::AtomicBool::new(false),
        }
    }

    /// Asks the computations whose budget reports here to stop: their next
    /// look at the clock fails with [`SolveError::TimeLimit`].
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether [`Progress::stop`] was called since the last
    /// [`Progress::reset`].
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Nothing computed and no stop asked, for another computation.
    pub fn reset(&self) {
        self.values.store(0, Ordering::Relaxed);
        self.stop.store(false, Ordering::Relaxed);
    }

    /// The values known so far of the sequence last reported.
    pub fn values(&self) -> u64 {
        self.values.load(Ordering::Relaxed)
    }

    /// Says that the sequence being computed holds `values` values.
    pub fn set_values(&self, values: u64) {
        self.values.store(values, Ordering::Relaxed);
    }
}

impl PartialEq for Progress {
    fn eq(&self, other: &Progress) -> bool {
        std::ptr::eq(self, other)
    }
}

impl Eq for Progress {}

/// A moment by which a computation must end, and the limit it came from
/// (for the message).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deadline {
    /// The moment.
    pub at: std::time::Instant,
    /// The time allowed, from when the budget was made.
    pub limit: std::time::Duration,
}

impl Budget {
    /// The default budget: ten million positions, a few hundred megabytes
    /// for the largest position types, and no time limit.
    pub const DEFAULT: Budget = Budget {
        max_positions: 10_000_000,
        deadline: None,
        memory_bytes: None,
        period_values: None,
        progress: None,
    };

    /// A budget of `max_positions` positions.
    pub fn positions(max_positions: u64) -> Budget {
        Budget {
            max_positions,
            deadline: None,
            memory_bytes: None,
            period_values: None,
            progress: None,
        }
    }

    /// The same budget, reporting how far long computations got to
    /// `progress` (see [`Budget::progress`]).
    pub fn with_progress(self, progress: &'static Progress) -> Budget {
        Budget {
            progress: Some(progress),
            ..self
        }
    }

    /// Tells [`Budget::progress`], if any, that a sequence holds `values`
    /// values.
    pub fn report_values(&self, values: u64) {
        if let Some(p) = self.progress {
            p.set_values(values);
        }
    }

    /// The same budget, for a caller with `bytes` of memory.
    pub fn with_memory(self, bytes: u64) -> Budget {
        Budget {
            memory_bytes: Some(bytes),
            ..self
        }
    }

    /// The same budget, letting a take-and-break game's period search
    /// compute up to `values` values (see [`Budget::period_values`]).
    pub fn with_period_values(self, values: u64) -> Budget {
        Budget {
            period_values: Some(values),
            ..self
        }
    }

    /// The same budget, with the work ending `limit` from now.
    pub fn with_time_limit(self, limit: std::time::Duration) -> Budget {
        Budget {
            deadline: std::time::Instant::now()
                .checked_add(limit)
                .map(|at| Deadline { at, limit }),
            ..self
        }
    }

    /// [`SolveError::TimeLimit`] if the deadline has passed, or if a stop
    /// was asked through [`Budget::progress`].
    ///
    /// # Errors
    ///
    /// [`SolveError::TimeLimit`] once the time is up or a stop is asked.
    pub fn check_time(&self) -> Result<(), SolveError> {
        // A stop asked by the watcher (see `Progress`) ends the work as
        // the time limit does.
        if self.progress.is_some_and(Progress::stopped) {
            return Err(SolveError::TimeLimit {
                millis: self.deadline.map_or(0, |d| {
                    u64::try_from(d.limit.as_millis()).unwrap_or(u64::MAX)
                }),
            });
        }
        match self.deadline {
            Some(d) if std::time::Instant::now() >= d.at => Err(SolveError::TimeLimit {
                millis: u64::try_from(d.limit.as_millis()).unwrap_or(u64::MAX),
            }),
            _ => Ok(()),
        }
    }

    /// Whether a search that stores `stored` positions may store one more:
    /// the position limit, and every 64 positions the clock (reading it
    /// costs tens of nanoseconds; a position of a sum costs microseconds,
    /// up to a hundred for sums of long rows, so a search stops within
    /// milliseconds of the deadline).
    ///
    /// # Errors
    ///
    /// [`SolveError::BudgetExceeded`] at the position limit,
    /// [`SolveError::TimeLimit`] once the time is up.
    #[inline]
    pub fn check_positions(&self, stored: u64) -> Result<(), SolveError> {
        if stored >= self.max_positions {
            return Err(SolveError::BudgetExceeded {
                limit: self.max_positions,
            });
        }
        if stored % 64 == 0 {
            self.check_time()?;
        }
        Ok(())
    }
}

impl Default for Budget {
    fn default() -> Budget {
        Budget::DEFAULT
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stop_asked_through_progress_ends_work_at_its_next_look_at_the_clock() {
        static PROGRESS: Progress = Progress::new();
        let budget = Budget::DEFAULT.with_progress(&PROGRESS);
        assert_eq!(budget.check_time(), Ok(()));
        PROGRESS.stop();
        assert!(matches!(
            budget.check_time(),
            Err(SolveError::TimeLimit { .. })
        ));
        // Positions are counted as before; the clock is read every 64.
        assert!(budget.check_positions(1).is_ok());
        assert!(budget.check_positions(64).is_err());
        PROGRESS.reset();
        assert_eq!(budget.check_positions(64), Ok(()));
    }
}
