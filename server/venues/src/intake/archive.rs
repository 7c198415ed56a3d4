//! The ZIP of an upload: its directory screened first (how many entries, where each would go,
//! how large each says it is), then only its IMDF files expanded, each held to the size it
//! declared. The entry count is read from the end record before the ZIP reader lists the
//! entries, since listing 400,000 of them would itself cost a hundred megabytes.

use std::io::{Cursor, Read};

use zip::{CompressionMethod, ZipArchive};

use super::{IntakeError, IntakeLimits};
use crate::export::FEATURE_TYPES;
use crate::{Said, said};

const MANIFEST: &str = "manifest.json";

/// The IMDF entries of an archive, by index, with the names they are written under.
#[derive(Debug)]
pub(super) struct Plan {
    entries: Vec<(usize, String)>,
    pub(super) ignored: Vec<String>,
}

/// Reads the archive's directory and decides what will be expanded, refusing it whole for any
/// entry with an unsafe path (even one that would have been ignored: whoever made it meant
/// harm or made a mistake worth telling).
pub(super) fn screen(bytes: &[u8], limits: &IntakeLimits) -> Result<Plan, IntakeError> {
    let count = entry_count(bytes)?;
    if count > limits.entries as u64 {
        return Err(IntakeError::TooManyEntries {
            count,
            max: limits.entries,
        });
    }
    let mut archive = open(bytes)?;
    let mut plan = Plan {
        entries: Vec::new(),
        ignored: Vec::new(),
    };
    // (name written, the archive's name of it, its folder)
    let mut taken: Vec<(String, String, String)> = Vec::new();
    let mut declared: u64 = 0;
    for index in 0..archive.len() {
        let entry = archive.by_index_raw(index).map_err(not_zip)?;
        let full = entry
            .name()
            .map_or_else(|_| format!("#{index}"), |n| n.into_owned());
        if entry.is_symlink() || !is_plain_path(&full) || entry.enclosed_name().is_none() {
            return Err(IntakeError::UnsafePath { entry: full });
        }
        let (folder, file) = match full.trim_end_matches('/').rsplit_once('/') {
            Some((folder, file)) => (folder.to_owned(), file.to_owned()),
            None => (String::new(), full.clone()),
        };
        let junk = entry.is_dir()
            || file.starts_with('.')
            || folder
                .split('/')
                .any(|part| part == "__MACOSX" || part.starts_with('.'));
        if junk || !is_imdf_file(&file) {
            plan.ignored.push(full);
            continue;
        }
        if entry.encrypted() {
            return Err(IntakeError::Encrypted { entry: full });
        }
        let method = entry.compression();
        if !matches!(
            method,
            CompressionMethod::Stored | CompressionMethod::Deflated
        ) {
            let method = format!("{method:?}");
            return Err(IntakeError::Compression {
                entry: full,
                method,
            });
        }
        declared = declared.saturating_add(entry.size());
        if declared > limits.expanded_bytes {
            return Err(IntakeError::ExpandsTooFar {
                entry: full,
                max: limits.expanded_bytes,
            });
        }
        if let Some((_, first, _)) = taken.iter().find(|(name, _, _)| *name == file) {
            return Err(IntakeError::Duplicate {
                name: file,
                first: first.clone(),
                second: full,
            });
        }
        if let Some((_, first, _)) = taken.iter().find(|(_, _, other)| *other != folder) {
            return Err(IntakeError::Scattered {
                first: first.clone(),
                second: full,
            });
        }
        plan.entries.push((index, file.clone()));
        taken.push((file, full, folder));
    }
    if !plan.entries.iter().any(|(_, name)| name != MANIFEST) {
        return Err(IntakeError::NoImdf);
    }
    Ok(plan)
}

/// Expands the planned entries one at a time and hands each to `take` with the name it is
/// written under. An entry that expands beyond what it declared is refused as it reads.
pub(super) fn expand(
    bytes: &[u8],
    plan: &Plan,
    limits: &IntakeLimits,
    mut take: impl FnMut(&str, &[u8]) -> Result<(), IntakeError>,
) -> Result<(), IntakeError> {
    let mut archive = open(bytes)?;
    let mut expanded: u64 = 0;
    for (index, name) in &plan.entries {
        let entry = archive.by_index(*index);
        let mut entry = entry.map_err(|e| IntakeError::Unreadable {
            entry: name.clone(),
            message: e.to_string(),
        })?;
        let full = entry
            .name()
            .map_or_else(|_| name.clone(), |n| n.into_owned());
        let declared = entry.size();
        let room = limits.expanded_bytes.saturating_sub(expanded);
        if declared > room {
            return Err(IntakeError::ExpandsTooFar {
                entry: full,
                max: limits.expanded_bytes,
            });
        }
        // One byte more than declared shows a lie without reading the rest of it.
        let mut text = Vec::with_capacity(declared.min(room) as usize);
        (&mut entry)
            .take(declared + 1)
            .read_to_end(&mut text)
            .map_err(|e| IntakeError::Unreadable {
                entry: full.clone(),
                message: e.to_string(),
            })?;
        if text.len() as u64 != declared {
            return Err(IntakeError::SizeMismatch { entry: full });
        }
        expanded += declared;
        take(name, &text)?;
    }
    Ok(())
}

fn open(bytes: &[u8]) -> Result<ZipArchive<Cursor<&[u8]>>, IntakeError> {
    ZipArchive::new(Cursor::new(bytes)).map_err(not_zip)
}

/// The ZIP reader's refusal, in its own words (the same in every language).
fn not_zip(error: impl std::fmt::Display) -> IntakeError {
    let detail = error.to_string();
    IntakeError::NotZip(Said::verbatim(detail))
}

/// A relative path of plain names: no root, no `..` or `.`, no drive or backslash, no NUL.
fn is_plain_path(name: &str) -> bool {
    !name.starts_with('/')
        && !name.contains(['\\', ':', '\0'])
        && name
            .trim_end_matches('/')
            .split('/')
            .all(|part| !part.is_empty() && part != ".." && part != ".")
}

fn is_imdf_file(file: &str) -> bool {
    file == MANIFEST
        || file
            .strip_suffix(".geojson")
            .is_some_and(|kind| FEATURE_TYPES.contains(&kind))
}

/// The number of entries the archive's end record announces (its ZIP64 record's when it has
/// one), read without listing them.
fn entry_count(bytes: &[u8]) -> Result<u64, IntakeError> {
    const END: [u8; 4] = [0x50, 0x4b, 0x05, 0x06];
    const LOCATOR: [u8; 4] = [0x50, 0x4b, 0x06, 0x07];
    const END64: [u8; 4] = [0x50, 0x4b, 0x06, 0x06];
    let no_directory = || {
        IntakeError::NotZip(said!(
            "没有找到 ZIP 的目录",
            "no ZIP central directory found"
        ))
    };
    if bytes.len() < 22 {
        return Err(no_directory());
    }
    // The end record is 22 bytes and a comment of at most 65,535.
    let lowest = bytes.len().saturating_sub(22 + 65_535);
    let end = (lowest..=bytes.len() - 22)
        .rev()
        .find(|&at| bytes[at..at + 4] == END)
        .ok_or_else(no_directory)?;
    let count = u64::from(u16::from_le_bytes([bytes[end + 10], bytes[end + 11]]));
    if count != 0xffff {
        return Ok(count);
    }
    let locator = end.checked_sub(20).ok_or_else(no_directory)?;
    if bytes[locator..locator + 4] != LOCATOR {
        return Ok(count);
    }
    let offset = u64_at(bytes, locator + 8).ok_or_else(no_directory)?;
    let record = usize::try_from(offset).map_err(|_| no_directory())?;
    if bytes.get(record..record + 4) != Some(&END64[..]) {
        return Err(no_directory());
    }
    u64_at(bytes, record + 32).ok_or_else(no_directory)
}

fn u64_at(bytes: &[u8], at: usize) -> Option<u64> {
    let field: [u8; 8] = bytes.get(at..at + 8)?.try_into().ok()?;
    Some(u64::from_le_bytes(field))
}
