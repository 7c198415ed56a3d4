//! `check-venue`: the venue check (docs/venue-contract.md §5) on the command line, for the web
//! build, the generator and editors.
//!
//! ```text
//! check-venue [--json] [--name-as <name>] [--viewer-files <out>] <content/venues>
//! check-venue [--json] [--name-as <name>] [--viewer-files <out>] --venue <dir> [--categories <categories.toml>]
//! ```
//!
//! The first form checks a whole venues directory, the second one venue directory. Problems are
//! named as `--name-as` names the directory (by default as it was given). Prints every problem,
//! one per line, or with `--json` one JSON array of them (each problem's parts, `place` and
//! `explained`); exits 0 when there is none, 1 when
//! there are, 2 when the command line is wrong, 3 when the viewer's files cannot be written.
//!
//! With `--viewer-files <out>`, when there is no problem, it also writes each venue's viewer
//! files (docs/venue-contract.md §3.2-3.3) as `<out>/<venue id>.json`:
//! `{"summary": <venue.json>, "levels": [<level file>, ...]}`, levels from the lowest up. Without
//! `--categories` no category has a label.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde::Serialize;
use site_venues::check::{CATEGORIES_FILE, Problem, check_venue, check_venues};
use site_venues::{Catalog, ViewerSettings, viewer_files};

/// A problem as `--json` writes it: its parts, and the two texts a reader shows (where, after the
/// file; the message with its rule), so no other side words them again.
#[derive(Serialize)]
struct Shown<'a> {
    #[serde(flatten)]
    problem: &'a Problem,
    place: String,
    explained: String,
}

const USAGE: &str = "usage: check-venue [--json] [--name-as <name>] [--viewer-files <out>] <venues-dir>\n       check-venue [--json] [--name-as <name>] [--viewer-files <out>] --venue <dir> [--categories <categories.toml>]";

#[derive(Default)]
struct Args {
    json: bool,
    name_as: Option<String>,
    venue: bool,
    categories: Option<PathBuf>,
    viewer_files: Option<PathBuf>,
    dir: Option<PathBuf>,
}

fn parse(mut args: impl Iterator<Item = String>) -> Result<Args, String> {
    let mut parsed = Args::default();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--json" => parsed.json = true,
            "--venue" => parsed.venue = true,
            "--name-as" => parsed.name_as = Some(args.next().ok_or("--name-as needs a name")?),
            "--viewer-files" => {
                parsed.viewer_files = Some(
                    args.next()
                        .ok_or("--viewer-files needs a directory")?
                        .into(),
                )
            }
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
    if !problems.is_empty() {
        return ExitCode::FAILURE;
    }
    if let Some(out) = &args.viewer_files {
        let written = if args.venue {
            write_viewer_files(&dir, args.categories.as_deref(), out)
        } else {
            write_all_viewer_files(&dir, out)
        };
        if let Err(message) = written {
            eprintln!("check-venue: viewer files: {message}");
            return ExitCode::from(3);
        }
    }
    ExitCode::SUCCESS
}

/// The viewer's files of every venue directory of a checked venues directory.
fn write_all_viewer_files(root: &Path, out: &Path) -> Result<(), String> {
    let entries = std::fs::read_dir(root).map_err(|e| format!("{}: {e}", root.display()))?;
    let mut dirs: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .filter(|entry| entry.file_type().is_ok_and(|t| t.is_dir()))
        .map(|entry| entry.path())
        .collect();
    dirs.sort();
    for dir in dirs {
        write_viewer_files(&dir, Some(&root.join(CATEGORIES_FILE)), out)?;
    }
    Ok(())
}

/// `<out>/<id>.json` of one checked venue directory, its id the directory's name.
fn write_viewer_files(dir: &Path, categories: Option<&Path>, out: &Path) -> Result<(), String> {
    let read =
        |file: &Path| std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()));
    let catalog: Catalog = match categories {
        Some(file) => {
            toml::from_str(&read(file)?).map_err(|e| format!("{}: {e}", file.display()))?
        }
        None => Catalog::default(),
    };
    let settings_file = dir.join("venue.toml");
    // The check passed, so it is there: every venue directory of the check has one.
    let settings = ViewerSettings::from_venue_toml(&read(&settings_file)?)
        .map_err(|e| format!("{}: {e}", settings_file.display()))?;
    let id = dir
        .canonicalize()
        .ok()
        .and_then(|dir| {
            dir.file_name()
                .map(|name| name.to_string_lossy().into_owned())
        })
        .ok_or_else(|| {
            format!(
                "{}: no directory name to take the venue id from",
                dir.display()
            )
        })?;
    let files = viewer_files(&id, dir, &settings, &catalog).map_err(|e| e.to_string())?;
    std::fs::create_dir_all(out).map_err(|e| format!("{}: {e}", out.display()))?;
    let file = out.join(format!("{id}.json"));
    let json = serde_json::to_string(&files).expect("viewer files serialise");
    std::fs::write(&file, json).map_err(|e| format!("{}: {e}", file.display()))
}
