//! `sprague serve [--port P]`: the web explorer on 127.0.0.1.

use std::io::Write;

use anyhow::Context;

use crate::failure::Failure;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The port to listen on (0 picks a free one).
    #[arg(long, default_value_t = 8000)]
    port: u16,
}

pub fn run(args: &Args, budget: &sprague::Budget) -> Result<(), Failure> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the web server's runtime")?;
    let limits = sprague_web::Limits {
        // A --budget other than the command line's default applies to each
        // request; otherwise the server's own default, smaller than the
        // command line's, so that one request cannot hold the machine long.
        budget: if *budget == sprague::Budget::DEFAULT {
            sprague_web::Limits::DEFAULT.budget
        } else {
            budget.max_positions
        },
        ..sprague_web::Limits::DEFAULT
    };
    runtime.block_on(async {
        let listener = sprague_web::bind(args.port)
            .await
            .map_err(|e| Failure::user(format!("{e:#}")))?;
        let addr = listener.local_addr().map_err(anyhow::Error::from)?;
        // Flushed at once: a script waiting for this line on a pipe must
        // not wait for the buffer to fill.
        let mut out = std::io::stdout().lock();
        writeln!(out, "sprague explorer on http://{addr}")?;
        out.flush()?;
        drop(out);
        sprague_web::serve_on(listener, limits).await?;
        Ok(())
    })
}
