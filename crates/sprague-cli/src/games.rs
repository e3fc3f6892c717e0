//! `sprague games`: every ruleset, with its syntax, rule and an example.

use std::io::Write;

use crate::failure::Failure;

pub fn run() -> Result<(), Failure> {
    let mut out = std::io::stdout().lock();
    for r in sprague::rulesets::RULESETS {
        writeln!(out, "{}", r.name)?;
        writeln!(out, "  syntax:   {}", r.syntax)?;
        writeln!(out, "  rule:     {}", r.rule)?;
        let kind = if r.heaps_interact {
            "the arguments form one position"
        } else {
            "NAME(a, b) is the sum NAME(a) + NAME(b)"
        };
        writeln!(out, "  heaps:    {kind}")?;
        writeln!(out, "  example:  sprague analyze \"{}\"", r.example)?;
    }
    Ok(())
}
