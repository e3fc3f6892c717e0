//! The graph files and word lists positions may name in the explorer: the
//! repository's examples, compiled in, and, with `sprague serve --graphs
//! DIR`, the files inside `DIR`.
//!
//! A page elsewhere can make the browser send requests here, so a name is
//! never taken as a path as it is: absolute paths, `..` and anything that
//! leads outside `DIR` (a symbolic link included) are refused, and what is
//! inside is opened as the command line opens files (regular files only,
//! within the size limits of `sprague::graph`).

use std::io::Read;
use std::path::{Component, Path, PathBuf};

use anyhow::Context;
use sprague::graph::{FileSource, GraphError, GraphErrorKind, open_bounded};

/// The repository's example files (`games/`), under the names the
/// rulesets' examples use: they work with no `--graphs`.
pub const BUILT_IN: &[(&str, &str)] = &[
    ("games/dag.txt", include_str!("../../../games/dag.txt")),
    ("games/grid.txt", include_str!("../../../games/grid.txt")),
    (
        "games/wordlist.txt",
        include_str!("../../../games/wordlist.txt"),
    ),
    ("games/words.txt", include_str!("../../../games/words.txt")),
];

/// Where the explorer reads the files positions name: [`BUILT_IN`] first,
/// then, if given, the files inside one directory.
#[derive(Clone, Debug, Default)]
pub struct GraphFiles {
    /// The directory, canonical (no symbolic link, no `..`).
    dir: Option<PathBuf>,
}

impl GraphFiles {
    /// The built-in examples only.
    pub fn built_in() -> GraphFiles {
        GraphFiles { dir: None }
    }

    /// The built-in examples and the files inside `dir`.
    ///
    /// # Errors
    ///
    /// When `dir` is not a directory that can be read.
    pub fn with_dir(dir: &Path) -> anyhow::Result<GraphFiles> {
        let canonical = dir
            .canonicalize()
            .with_context(|| format!("--graphs {}", dir.display()))?;
        anyhow::ensure!(
            canonical.is_dir(),
            "--graphs {}: not a directory",
            dir.display()
        );
        Ok(GraphFiles {
            dir: Some(canonical),
        })
    }

    /// The path inside the directory that `name` names, or why not.
    fn resolve(&self, name: &str) -> Result<PathBuf, String> {
        let Some(dir) = &self.dir else {
            let names: Vec<&str> = BUILT_IN.iter().map(|(n, _)| *n).collect();
            return Err(format!(
                "the explorer reads only its built-in examples ({}); start it with `sprague serve --graphs DIR` to name the files inside DIR",
                names.join(", ")
            ));
        };
        let path = Path::new(name);
        if name.is_empty()
            || !path
                .components()
                .all(|c| matches!(c, Component::Normal(_) | Component::CurDir))
        {
            return Err(
                "a file name must be a relative path inside the --graphs directory, without `..`"
                    .to_string(),
            );
        }
        let outside = || "the file leads outside the --graphs directory".to_string();
        // Symbolic links are followed here, so one that points outside is
        // caught by the prefix test on the canonical path.
        let canonical = dir.join(path).canonicalize().map_err(|e| {
            if e.kind() == std::io::ErrorKind::NotFound {
                "no such file in the --graphs directory".to_string()
            } else {
                format!("cannot read the file: {e}")
            }
        })?;
        if !canonical.starts_with(dir) {
            return Err(outside());
        }
        Ok(canonical)
    }
}

impl FileSource for GraphFiles {
    fn open(&self, name: &str, max_bytes: u64) -> Result<Box<dyn Read>, GraphError> {
        if let Some((_, text)) = BUILT_IN.iter().find(|(n, _)| *n == name) {
            return Ok(Box::new(text.as_bytes()));
        }
        let path = self.resolve(name).map_err(|reason| GraphError {
            line: 0,
            kind: GraphErrorKind::Refused { reason },
        })?;
        Ok(Box::new(open_bounded(&path, max_bytes)?))
    }
}
