//! `check-venue`: the venue check (docs/venue-contract.md §5) on the command line, for the web
//! build, the generator and editors.
//!
//! ```text
//! check-venue [--json] [--name-as <name>] <content/venues>
//! check-venue [--json] [--name-as <name>] --venue <dir> [--categories <categories.toml>]
//! ```
//!
//! The first form checks a whole venues directory, the second one venue directory. Problems are
//! named as `--name-as` names the directory (by default as it was given). Prints every problem,
//! one per line, or with `--json` one JSON array of them (each problem's parts, `place` and
//! `explained`); exits 0 when there is none, 1 when
//! there are, 2 when the command line is wrong.

use std::path::PathBuf;
use std::process::ExitCode;

use serde::Serialize;
use site_venues::check::{Problem, check_venue, check_venues};

/// A problem as `--json` writes it: its parts, and the two texts a reader shows (where, after the
/// file; the message with its rule), so no other side words them again.
#[derive(Serialize)]
struct Shown<'a> {
    #[serde(flatten)]
    problem: &'a Problem,
    place: String,
    explained: String,
}

const USAGE: &str = "usage: check-venue [--json] [--name-as <name>] <venues-dir>\n       check-venue [--json] [--name-as <name>] --venue <dir> [--categories <categories.toml>]";

#[derive(Default)]
struct Args {
    json: bool,
    name_as: Option<String>,
    venue: bool,
    categories: Option<PathBuf>,
    dir: Option<PathBuf>,
}

fn parse(mut args: impl Iterator<Item = String>) -> Result<Args, String> {
    let mut parsed = Args::default();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--json" => parsed.json = true,
            "--venue" => parsed.venue = true,
            "--name-as" => parsed.name_as = Some(args.next().ok_or("--name-as needs a name")?),
            "--categories" => {
                parsed.categories = Some(args.next().ok_or("--categories needs a file")?.into())
            }
            flag if flag.starts_with('-') => return Err(format!("unknown option {flag}")),
            dir if parsed.dir.is_none() => parsed.dir = Some(dir.into()),
            extra => return Err(format!("one directory only ({extra} is a second)")),
        }
    }
    if parsed.dir.is_none() {
        return Err("which directory?".to_owned());
    }
    if parsed.categories.is_some() && !parsed.venue {
        return Err("--categories goes with --venue (a venues directory has its own)".to_owned());
    }
    Ok(parsed)
}

fn main() -> ExitCode {
    let args = match parse(std::env::args().skip(1)) {
        Ok(args) => args,
        Err(message) => {
            eprintln!("check-venue: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let dir = args.dir.expect("parse requires a directory");
    let name_as = args
        .name_as
        .unwrap_or_else(|| dir.to_string_lossy().into_owned());
    let problems: Vec<Problem> = if args.venue {
        check_venue(&dir, &name_as, args.categories.as_deref())
    } else {
        check_venues(&dir, &name_as)
    };
    if args.json {
        let shown: Vec<Shown> = problems
            .iter()
            .map(|problem| Shown {
                problem,
                place: problem.place(),
                explained: problem.explained(),
            })
            .collect();
        println!(
            "{}",
            serde_json::to_string(&shown).expect("problems serialise")
        );
    } else {
        for problem in &problems {
            println!("{problem}");
        }
    }
    if problems.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
