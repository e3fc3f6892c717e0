//! `sprague serve [--port P] [--graphs DIR]`: the web explorer on 127.0.0.1.

use std::io::Write;

use anyhow::Context;

use crate::failure::Failure;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The port to listen on (0 picks a free one).
    #[arg(long, default_value_t = 8000)]
    port: u16,
    /// The most positions one request's search may store (default: the
    /// server's own, 1 000 000, smaller than the command line's so that
    /// one request cannot hold the machine long).
    #[arg(long)]
    budget: Option<u64>,
    /// A directory whose files (graph files, word lists) positions may
    /// name, by their paths inside it: `graph["g.txt"](0)` reads DIR/g.txt.
    /// Without it, only the built-in examples (games/*.txt) can be named.
    #[arg(long, value_name = "DIR")]
    graphs: Option<std::path::PathBuf>,
}

pub fn run(args: &Args) -> Result<(), Failure> {
    // The computations run on the runtime's blocking threads; their stack
    // is set well above what the library's guarded depths need (the 2 MiB
    // default held 10 000 levels of a loopy chain at most), so that a
    // request at a depth limit cannot end the server.
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .thread_stack_size(64 << 20)
        .enable_all()
        .build()
        .context("cannot start the web server's runtime")?;
    let limits = sprague_web::Limits {
        budget: args.budget.unwrap_or(sprague_web::Limits::DEFAULT.budget),
        ..sprague_web::Limits::DEFAULT
    };
    let files = match &args.graphs {
        Some(dir) => {
            sprague_web::GraphFiles::with_dir(dir).map_err(|e| Failure::user(format!("{e:#}")))?
        }
        None => sprague_web::GraphFiles::built_in(),
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
        sprague_web::serve_with(listener, limits, files).await?;
        Ok(())
    })
}
