//! `check-venue`: the venue check (docs/venue-contract.md §5) on the command line, for the web
//! build, the generator and editors.
//!
//! ```text
//! check-venue [--json] [--name-as <name>] [--viewer-files <out> [--edition <tag>=<categories.toml>]...] <content/venues>
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
//! `{"summary": <venue.json>, "levels": [<level file>, ...]}`, levels from the lowest up, in
//! Chinese. Without `--categories` no category has a label. Each `--edition` writes them again
//! as `<out>/<tag>/<venue id>.json` in that language (an IMDF tag, `en`: the names' labels of
//! that language, else the Chinese ones), with the category labels of its categories.toml.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde::Serialize;
use site_venues::check::{CATEGORIES_FILE, Problem, check_venue, check_venues};
use site_venues::{Catalog, Edition, ViewerSettings, viewer_files};

/// A problem as `--json` writes it: its parts, and the two texts a reader shows (where, after the
/// file; the message with its rule), so no other side words them again.
#[derive(Serialize)]
struct Shown<'a> {
    #[serde(flatten)]
    problem: &'a Problem,
    place: String,
    explained: String,
}

const USAGE: &str = "usage: check-venue [--json] [--name-as <name>] [--viewer-files <out> [--edition <tag>=<categories.toml>]...] <venues-dir>\n       check-venue [--json] [--name-as <name>] [--viewer-files <out>] --venue <dir> [--categories <categories.toml>]";

#[derive(Default)]
struct Args {
    json: bool,
    name_as: Option<String>,
    venue: bool,
    categories: Option<PathBuf>,
    viewer_files: Option<PathBuf>,
    /// Other languages' viewer files: (IMDF tag, its categories.toml).
    editions: Vec<(String, PathBuf)>,
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
            "--edition" => {
                let value = args
                    .next()
                    .ok_or("--edition needs <tag>=<categories.toml>")?;
                let (tag, file) = value
                    .split_once('=')
                    .filter(|(tag, file)| !tag.is_empty() && !file.is_empty())
                    .ok_or(format!(
                        "--edition {value}: <tag>=<categories.toml> expected"
                    ))?;
                parsed.editions.push((tag.to_owned(), file.into()));
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
    if !parsed.editions.is_empty() && (parsed.venue || parsed.viewer_files.is_none()) {
        return Err("--edition goes with --viewer-files and a venues directory".to_owned());
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
            let catalog = args
                .categories
                .as_deref()
                .map_or(Ok(Catalog::default()), read_catalog);
            catalog.and_then(|catalog| write_viewer_files(&dir, (CHINESE, &catalog), out))
        } else {
            write_all_viewer_files(&dir, &args.editions, out)
        };
        if let Err(message) = written {
            eprintln!("check-venue: viewer files: {message}");
            return ExitCode::from(3);
        }
    }
    ExitCode::SUCCESS
}

/// The language of the venues' own names, and of their viewer files without `--edition`.
const CHINESE: &str = "zh-Hans";

fn read_text(file: &Path) -> Result<String, String> {
    std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))
}

fn read_catalog(file: &Path) -> Result<Catalog, String> {
    toml::from_str(&read_text(file)?).map_err(|e| format!("{}: {e}", file.display()))
}

/// The viewer's files of every venue directory of a checked venues directory, in Chinese and in
/// each of `editions`.
fn write_all_viewer_files(
    root: &Path,
    editions: &[(String, PathBuf)],
    out: &Path,
) -> Result<(), String> {
    let chinese = read_catalog(&root.join(CATEGORIES_FILE))?;
    let others = editions
        .iter()
        .map(|(tag, file)| Ok((tag.as_str(), read_catalog(file)?, out.join(tag))))
        .collect::<Result<Vec<_>, String>>()?;
    let entries = std::fs::read_dir(root).map_err(|e| format!("{}: {e}", root.display()))?;
    let mut dirs: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .filter(|entry| entry.file_type().is_ok_and(|t| t.is_dir()))
        .map(|entry| entry.path())
        .collect();
    dirs.sort();
    for dir in dirs {
        write_viewer_files(&dir, (CHINESE, &chinese), out)?;
        for (tag, catalog, out) in &others {
            write_viewer_files(&dir, (tag, catalog), out)?;
        }
    }
    Ok(())
}

/// `<out>/<id>.json` of one checked venue directory in `language` with `catalog`'s labels, its
/// id the directory's name.
fn write_viewer_files(
    dir: &Path,
    (language, catalog): (&str, &Catalog),
    out: &Path,
) -> Result<(), String> {
    let settings_file = dir.join("venue.toml");
    // The check passed, so it is there: every venue directory of the check has one.
    let settings = ViewerSettings::from_venue_toml(&read_text(&settings_file)?)
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
    let edition = Edition { language, catalog };
    let files = viewer_files(&id, dir, &settings, edition).map_err(|e| e.to_string())?;
    std::fs::create_dir_all(out).map_err(|e| format!("{}: {e}", out.display()))?;
    let file = out.join(format!("{id}.json"));
    let json = serde_json::to_string(&files).expect("viewer files serialise");
    std::fs::write(&file, json).map_err(|e| format!("{}: {e}", file.display()))
}
