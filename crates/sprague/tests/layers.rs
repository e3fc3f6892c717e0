//! The library's layering, checked on its source: each crate depends only on
//! crates of lower layers (its `Cargo.toml`), no import cycle among the files
//! of a crate but the few listed here with their reasons, and no solver that
//! recognises components by their text. (ARCHITECTURE.md draws the layers;
//! this keeps the drawing true.)

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The library's crates, each with its layer: a crate may depend on crates
/// of lower layers only. Crates of one layer are independent theories.
const LAYERS: &[(&str, u32)] = &[
    ("sprague-core", 0),
    ("sprague-impartial", 1),
    ("sprague-partizan", 1),
    ("sprague-misere", 2),
    ("sprague-loopy", 2),
    ("sprague-game", 3),
    ("sprague-rulesets", 4),
    ("sprague", 5),
];

/// The import cycles allowed inside a crate: each the whole set of files
/// that need each other, with the reason (ARCHITECTURE.md says it too). A
/// cycle that grows by a file is no longer allowed.
const ALLOWED_CYCLES: &[(&str, &[&str], &str)] = &[
    (
        "sprague-partizan",
        &["cgt.rs", "thermograph.rs"],
        "the printer writes Tiny(G) and Miny(G) by CGSuite's rule, which asks \
         the mean of the far option: thermography is read off canonical forms",
    ),
    (
        "sprague-rulesets",
        &["heaps/misere_quotient.rs", "heaps/octal.rs"],
        "a sum rule and the heaps it covers name each other: the heap hands \
         its rule to the solver, the rule recognises its heaps by type",
    ),
    (
        "sprague-rulesets",
        &[
            "heaps/bash.rs",
            "heaps/misere_bash.rs",
            "heaps/nim.rs",
            "heaps/subtraction.rs",
            "heaps/takeaway.rs",
        ],
        "as above: Bouton's misère rule and the four heaps it covers",
    ),
];

/// The folder that holds the workspace's crates.
fn crates_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The `sprague*` crates named in the `[dependencies]` of a crate's
/// `Cargo.toml` (dev-dependencies are tests' and may reach higher: a
/// ruleset's tests check its closed form against the top's search).
fn library_dependencies(manifest: &str) -> Vec<String> {
    let mut in_dependencies = false;
    let mut out = Vec::new();
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_dependencies = line == "[dependencies]";
            continue;
        }
        if in_dependencies && line.starts_with("sprague") {
            let name: String = line
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
                .collect();
            out.push(name.replace('_', "-"));
        }
    }
    out
}

/// Every `.rs` file under a crate's `src`, as (module path, source without
/// comments and without its `#[cfg(test)] mod tests` block).
fn library_sources(krate: &str) -> BTreeMap<Vec<String>, (PathBuf, String)> {
    let root = crates_dir().join(krate).join("src");
    let mut out = BTreeMap::new();
    let mut dirs = vec![root.clone()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let rel = path.strip_prefix(&root).unwrap();
                let mut module: Vec<String> = rel
                    .with_extension("")
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect();
                if matches!(module.last().map(String::as_str), Some("mod" | "lib")) {
                    module.pop();
                }
                let text = std::fs::read_to_string(&path).unwrap();
                out.insert(module, (rel.to_path_buf(), code_of(&text)));
            }
        }
    }
    out
}

/// The code of a file: line comments removed, and the unit tests (from
/// `#[cfg(test)]` followed by `mod tests`) cut off.
fn code_of(text: &str) -> String {
    let mut code = String::new();
    for line in text.lines() {
        let line = match line.find("//") {
            // A `//` inside a string ("https://...") is rare in this code
            // base; cutting there loses nothing that names a module.
            Some(i) => &line[..i],
            None => line,
        };
        code.push_str(line);
        code.push('\n');
    }
    let compact: String = code.split_whitespace().collect::<Vec<_>>().join(" ");
    match compact.find("#[cfg(test)] mod tests") {
        Some(i) => compact[..i].to_string(),
        None => compact,
    }
}

/// The paths named after `crate::` or `super::` in `code`, expanded over
/// brace groups: `crate::{a::B, c::{D, E}}` gives `a::B`, `c::D`, `c::E`.
fn paths_after(code: &str, prefix: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let bytes = code.as_bytes();
    let mut from = 0;
    while let Some(i) = code[from..].find(prefix) {
        let start = from + i;
        from = start + prefix.len();
        if start > 0 && (bytes[start - 1].is_ascii_alphanumeric() || bytes[start - 1] == b'_') {
            continue;
        }
        let (trees, _) = tree(code, from, Vec::new());
        out.extend(trees);
    }
    out
}

/// Reads a use-tree at `at`: segments separated by `::`, possibly ending in
/// a brace group of trees. Returns the paths and where it ended.
fn tree(code: &str, mut at: usize, mut prefix: Vec<String>) -> (Vec<Vec<String>>, usize) {
    let bytes = code.as_bytes();
    loop {
        while at < bytes.len() && bytes[at] == b' ' {
            at += 1;
        }
        if at < bytes.len() && bytes[at] == b'{' {
            let mut out = Vec::new();
            at += 1;
            loop {
                let (paths, end) = tree(code, at, prefix.clone());
                out.extend(paths);
                at = end;
                while at < bytes.len() && matches!(bytes[at], b' ' | b',') {
                    at += 1;
                }
                if at >= bytes.len() || bytes[at] == b'}' {
                    return (out, at + 1);
                }
            }
        }
        let end = code[at..]
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .map_or(code.len(), |j| at + j);
        if end > at {
            prefix.push(code[at..end].to_string());
        }
        at = end;
        if code[at..].starts_with("::") {
            at += 2;
        } else {
            return (vec![prefix], at);
        }
    }
}

/// The module a path names: its longest prefix that is a module of the
/// crate; a name re-exported by `lib.rs` stands for its source module.
fn resolve(
    path: &[String],
    modules: &BTreeSet<Vec<String>>,
    reexports: &BTreeMap<String, Vec<String>>,
) -> Option<Vec<String>> {
    for len in (1..=path.len()).rev() {
        if modules.contains(&path[..len]) {
            return Some(path[..len].to_vec());
        }
    }
    let first = path.first()?;
    let source = reexports.get(first)?;
    resolve(source, modules, reexports)
}

/// The names `lib.rs` re-exports, with the paths they come from.
fn reexports(lib: &str) -> BTreeMap<String, Vec<String>> {
    let mut out = BTreeMap::new();
    let mut from = 0;
    while let Some(i) = lib[from..].find("pub use ") {
        let at = from + i + "pub use ".len();
        let (paths, end) = tree(lib, at, Vec::new());
        from = end;
        for p in paths {
            let mut p = p;
            if p.first().is_some_and(|s| s == "crate") {
                p.remove(0);
            }
            // `a::B as C` reads as the paths `a::B`, `as` and `C`: the
            // last two name no module, and a one-segment path would
            // resolve to itself.
            if p.len() < 2 {
                continue;
            }
            if let Some(name) = p.last() {
                out.insert(name.clone(), p.clone());
            }
        }
    }
    out
}

/// The import graph: an edge from each file to every other file whose
/// module it names (`crate::`, `super::`, or a child module by name),
/// except its own parent module.
fn import_graph(krate: &str) -> BTreeMap<PathBuf, BTreeSet<PathBuf>> {
    let sources = library_sources(krate);
    let modules: BTreeSet<Vec<String>> = sources.keys().cloned().collect();
    let lib = &sources[&Vec::new()].1;
    let reexports = reexports(lib);
    let mut graph = BTreeMap::new();
    for (module, (file, code)) in &sources {
        let mut named: Vec<Vec<String>> = paths_after(code, "crate::");
        for p in paths_after(code, "super::") {
            // `super` is the module's parent, whether the module is a
            // directory (`a/mod.rs`) or a file (`a/b.rs`).
            let base = &module[..module.len().saturating_sub(1)];
            named.push(base.iter().cloned().chain(p).collect());
        }
        // Child modules used by a relative path (`search::analyze`).
        for child in modules
            .iter()
            .filter(|m| m.len() == module.len() + 1 && m.starts_with(module))
        {
            let name = format!("{}::", child.last().unwrap());
            let used = code.match_indices(&name).any(|(i, _)| {
                i == 0 || {
                    let b = code.as_bytes()[i - 1];
                    !(b.is_ascii_alphanumeric() || b == b'_' || b == b':')
                }
            });
            if used {
                named.push(child.clone());
            }
        }
        // A module's use of its own parent is not an edge: the parent is
        // the namespace its children share (`super::Ruleset` in every
        // ruleset), and counting it would make every directory one cycle
        // through its `mod.rs`. Siblings that use each other still are.
        let mut edges = BTreeSet::new();
        for p in named {
            if let Some(target) = resolve(&p, &modules, &reexports)
                && &target != module
                && !target.is_empty()
                && !(target.len() + 1 == module.len() && module.starts_with(&target))
            {
                edges.insert(sources[&target].0.clone());
            }
        }
        graph.insert(file.clone(), edges);
    }
    graph
}

/// The strongly connected components of `graph` with more than one file
/// (Tarjan's algorithm, iterative).
fn cycles(graph: &BTreeMap<PathBuf, BTreeSet<PathBuf>>) -> Vec<Vec<PathBuf>> {
    let nodes: Vec<&PathBuf> = graph.keys().collect();
    let index_of: BTreeMap<&PathBuf, usize> =
        nodes.iter().enumerate().map(|(i, &n)| (n, i)).collect();
    let adjacent: Vec<Vec<usize>> = nodes
        .iter()
        .map(|n| graph[*n].iter().map(|m| index_of[m]).collect())
        .collect();
    let n = nodes.len();
    let (mut index, mut low, mut on_stack) = (vec![usize::MAX; n], vec![0; n], vec![false; n]);
    let (mut stack, mut counter, mut out) = (Vec::new(), 0, Vec::new());
    for root in 0..n {
        if index[root] != usize::MAX {
            continue;
        }
        let mut work = vec![(root, 0usize)];
        index[root] = counter;
        low[root] = counter;
        counter += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some(&mut (v, ref mut next)) = work.last_mut() {
            if let Some(&w) = adjacent[v].get(*next) {
                *next += 1;
                if index[w] == usize::MAX {
                    index[w] = counter;
                    low[w] = counter;
                    counter += 1;
                    stack.push(w);
                    on_stack[w] = true;
                    work.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            work.pop();
            if let Some(&(u, _)) = work.last() {
                low[u] = low[u].min(low[v]);
            }
            if low[v] == index[v] {
                let mut component = Vec::new();
                loop {
                    let w = stack.pop().unwrap();
                    on_stack[w] = false;
                    component.push(nodes[w].clone());
                    if w == v {
                        break;
                    }
                }
                if component.len() > 1 {
                    out.push(component);
                }
            }
        }
    }
    out
}

#[test]
fn every_crate_depends_only_on_lower_layers() {
    let layer_of: BTreeMap<&str, u32> = LAYERS.iter().copied().collect();
    let mut seen = BTreeSet::new();
    for entry in std::fs::read_dir(crates_dir()).unwrap() {
        let dir = entry.unwrap().path();
        let manifest = dir.join("Cargo.toml");
        let Ok(text) = std::fs::read_to_string(&manifest) else {
            continue;
        };
        let name = dir.file_name().unwrap().to_string_lossy().into_owned();
        let dependencies = library_dependencies(&text);
        let Some(&layer) = layer_of.get(name.as_str()) else {
            // The CLI, the web explorer and the Python module sit on top of
            // `sprague` and name only it.
            assert!(
                dependencies
                    .iter()
                    .all(|d| d == "sprague" || d == "sprague-web"),
                "{name} is not in LAYERS and depends on {dependencies:?}: put it in a layer"
            );
            continue;
        };
        seen.insert(name.clone());
        for d in &dependencies {
            let below = layer_of.get(d.as_str()).copied();
            assert!(
                below.is_some_and(|b| b < layer),
                "{name} (layer {layer}) depends on {d} (layer {below:?}): a crate may depend only on lower layers"
            );
        }
    }
    let all: BTreeSet<String> = LAYERS.iter().map(|(n, _)| n.to_string()).collect();
    assert_eq!(seen, all, "every crate of LAYERS has a Cargo.toml");
    // The checker reads real dependencies.
    let rulesets =
        std::fs::read_to_string(crates_dir().join("sprague-rulesets/Cargo.toml")).unwrap();
    assert!(library_dependencies(&rulesets).contains(&"sprague-game".to_string()));
    assert!(!library_dependencies(&rulesets).contains(&"sprague".to_string()));
}

#[test]
fn no_crate_has_an_import_cycle_among_its_files() {
    let graph = import_graph("sprague");
    // The checker sees real edges: the solve layer uses its own parts.
    assert!(graph[Path::new("solve/mod.rs")].contains(Path::new("solve/search.rs")));
    // `super::` in a file module (`octal/engine.rs`) names its siblings.
    let impartial = import_graph("sprague-impartial");
    assert!(impartial[Path::new("octal/engine.rs")].contains(Path::new("octal/store.rs")));
    assert!(impartial[Path::new("octal/store.rs")].contains(Path::new("octal/cell.rs")));
    let mut found = Vec::new();
    for (krate, _) in LAYERS {
        for cycle in cycles(&import_graph(krate)) {
            let files: BTreeSet<PathBuf> = cycle.iter().cloned().collect();
            let allowed = ALLOWED_CYCLES.iter().any(|&(k, allowed, _)| {
                k == *krate && files == allowed.iter().map(PathBuf::from).collect()
            });
            if !allowed {
                found.push(format!("{krate}: {cycle:?}"));
            }
        }
    }
    assert!(found.is_empty(), "import cycles inside crates: {found:#?}");
}

#[test]
fn the_checker_finds_a_planted_cycle() {
    let mut graph = BTreeMap::new();
    let f = |s: &str| PathBuf::from(s);
    graph.insert(f("a.rs"), BTreeSet::from([f("b.rs")]));
    graph.insert(f("b.rs"), BTreeSet::from([f("c.rs")]));
    graph.insert(f("c.rs"), BTreeSet::from([f("a.rs")]));
    graph.insert(f("d.rs"), BTreeSet::from([f("a.rs")]));
    let found = cycles(&graph);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].len(), 3);
    assert_eq!(
        paths_after("use crate::{a::B, c::{D, E}}; super::f()", "crate::"),
        [vec!["a", "B"], vec!["c", "D"], vec!["c", "E"]]
    );
}

#[test]
fn solvers_never_read_a_components_text_to_recognise_it() {
    // The solve layer sees components through their kind and key; text is
    // for messages only.
    for (module, (file, code)) in library_sources("sprague") {
        if module.first().map(String::as_str) != Some("solve") {
            continue;
        }
        for banned in [
            ".ruleset()",
            ".args()",
            "Position::parse",
            "starts_with(",
            "strip_prefix(",
        ] {
            assert!(
                !code.contains(banned),
                "{} uses `{banned}` outside its tests",
                file.display()
            );
        }
    }
}
