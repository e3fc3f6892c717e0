//! Where the command line reads the files positions name: the file system,
//! and, for a name that is no file there, the explorer's built-in examples
//! (`games/dag.txt`, `games/words.txt`, ...), so that the examples in the
//! docs work from any folder, under the same names as in the web explorer.
//! A file of that name in the working directory is read instead.

use std::io::{Cursor, Read};
use std::path::Path;

use sprague::graph::{FileSource, Graph, GraphError, open_bounded};

/// The file system, then the built-in examples.
#[derive(Clone, Copy, Debug, Default)]
pub struct CommandLineFiles;

/// The built-in example called `name`, unless a file of that name exists.
fn built_in(name: &str) -> Option<&'static str> {
    if Path::new(name).exists() {
        return None;
    }
    sprague_web::BUILT_IN
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, text)| *text)
}

impl FileSource for CommandLineFiles {
    fn open(&self, name: &str, max_bytes: u64) -> Result<Box<dyn Read>, GraphError> {
        match built_in(name) {
            Some(text) => Ok(Box::new(
                Cursor::new(text.as_bytes()).take(max_bytes.saturating_add(1)),
            )),
            None => Ok(Box::new(open_bounded(Path::new(name), max_bytes)?)),
        }
    }
}

/// The graph file `name`, from the file system or the built-in examples.
pub fn read_graph(name: &str) -> Result<Graph, GraphError> {
    Graph::read_from(&CommandLineFiles, name)
}
