//! The IMDF archive of a venue (`site export-imdf`): manifest.json and every feature file of
//! the venue's IMDF directory, as they are, in a deflated ZIP (IMDF's delivery format).

use std::io::{Seek, Write};
use std::path::{Path, PathBuf};

use zip::CompressionMethod;
use zip::write::{SimpleFileOptions, ZipWriter};

/// The feature types of IMDF 1.0 (docs/imdf.md section 1); their files are archived when present.
pub(crate) const FEATURE_TYPES: [&str; 16] = [
    "address",
    "amenity",
    "anchor",
    "building",
    "detail",
    "fixture",
    "footprint",
    "geofence",
    "kiosk",
    "level",
    "occupant",
    "opening",
    "relationship",
    "section",
    "unit",
    "venue",
];

#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    #[error("{}: cannot be read: {source}", file.display())]
    Unreadable {
        file: PathBuf,
        source: std::io::Error,
    },
    #[error("writing the archive: {0}")]
    Write(#[from] zip::result::ZipError),
    #[error("writing the archive: {0}")]
    Io(#[from] std::io::Error),
}

/// Writes the archive of `imdf_dir` to `out`; returns the names written. The manifest is
/// required; feature files are taken for every IMDF feature type present.
pub fn export_imdf(imdf_dir: &Path, out: impl Write + Seek) -> Result<Vec<String>, ExportError> {
    export_reusing(imdf_dir, None, out)
}

/// The archive of an edited building: what [`export_imdf`] would write for `imdf_dir`, with the
/// entries of the feature types not in `changed` copied compressed as they are from `before`
/// (the archive [`export_imdf`] wrote before the edit). An edit recompresses only the files it
/// touched.
pub fn export_edited(
    imdf_dir: &Path,
    before: &[u8],
    changed: &[String],
    out: impl Write + Seek,
) -> Result<Vec<String>, ExportError> {
    let before = zip::ZipArchive::new(std::io::Cursor::new(before))?;
    export_reusing(imdf_dir, Some((before, changed)), out)
}

/// `archive` (one [`export_imdf`] wrote) with `name` holding `bytes` beside its files, every
/// other entry copied compressed as it is (an entry of that name is replaced).
pub fn with_file(
    archive: &[u8],
    name: &str,
    bytes: &[u8],
    out: impl Write + Seek,
) -> Result<(), ExportError> {
    let mut before = zip::ZipArchive::new(std::io::Cursor::new(archive))?;
    let mut zip = ZipWriter::new(out);
    for index in 0..before.len() {
        let entry = before.by_index_raw(index)?;
        if entry.name_raw() != name.as_bytes() {
            zip.raw_copy_file(entry)?;
        }
    }
    let options = SimpleFileOptions::default().compression_method(CompressionMethod::Deflated);
    zip.start_file(name, options)?;
    zip.write_all(bytes)?;
    zip.finish()?;
    Ok(())
}

type Reused<'a> = (zip::ZipArchive<std::io::Cursor<&'a [u8]>>, &'a [String]);

fn export_reusing(
    imdf_dir: &Path,
    mut reuse: Option<Reused<'_>>,
    out: impl Write + Seek,
) -> Result<Vec<String>, ExportError> {
    let mut zip = ZipWriter::new(out);
    let options = SimpleFileOptions::default().compression_method(CompressionMethod::Deflated);
    let mut names = Vec::new();
    let mut add =
        |zip: &mut ZipWriter<_>, name: String, required: bool| -> Result<(), ExportError> {
            if let Some((before, changed)) = reuse.as_mut() {
                let unchanged = !changed.iter().any(|t| name == format!("{t}.geojson"));
                if unchanged && let Ok(entry) = before.by_name_raw(name.as_bytes()) {
                    zip.raw_copy_file(entry)?;
                    names.push(name);
                    return Ok(());
                }
            }
            let file = imdf_dir.join(&name);
            let bytes = match std::fs::read(&file) {
                Ok(bytes) => bytes,
                Err(e) if e.kind() == std::io::ErrorKind::NotFound && !required => return Ok(()),
                Err(source) => return Err(ExportError::Unreadable { file, source }),
            };
            zip.start_file(name.as_str(), options)?;
            zip.write_all(&bytes)?;
            names.push(name);
            Ok(())
        };
    add(&mut zip, "manifest.json".to_owned(), true)?;
    for feature_type in FEATURE_TYPES {
        add(&mut zip, format!("{feature_type}.geojson"), false)?;
    }
    zip.finish()?;
    Ok(names)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Cursor, Read};

    fn entries(archive: Vec<u8>) -> Vec<(String, Vec<u8>)> {
        let mut archive = zip::ZipArchive::new(Cursor::new(archive)).unwrap();
        (0..archive.len())
            .map(|i| {
                let mut entry = archive.by_index(i).unwrap();
                let mut bytes = Vec::new();
                entry.read_to_end(&mut bytes).unwrap();
                (entry.name().unwrap().into_owned(), bytes)
            })
            .collect()
    }

    #[test]
    fn an_edited_archive_holds_what_a_new_export_would_copying_the_files_not_changed() {
        let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/three-level-mall");
        let dir = tempfile::tempdir().unwrap();
        for entry in std::fs::read_dir(&source).unwrap() {
            let path = entry.unwrap().path();
            std::fs::copy(&path, dir.path().join(path.file_name().unwrap())).unwrap();
        }
        let mut before = Cursor::new(Vec::new());
        export_imdf(dir.path(), &mut before).unwrap();
        let before = before.into_inner();
        // An edit rewrote the openings and wrote a fence file the building had none of.
        let empty = r#"{"type":"FeatureCollection","features":[]}"#;
        std::fs::write(dir.path().join("opening.geojson"), empty).unwrap();
        std::fs::remove_file(dir.path().join("geofence.geojson")).unwrap();
        let mut without_fences = Cursor::new(Vec::new());
        export_imdf(dir.path(), &mut without_fences).unwrap();
        std::fs::write(dir.path().join("geofence.geojson"), empty).unwrap();
        let changed = ["geofence".to_owned(), "opening".to_owned()];
        let mut edited = Cursor::new(Vec::new());
        let names = export_edited(
            dir.path(),
            &without_fences.into_inner(),
            &changed,
            &mut edited,
        )
        .unwrap();
        let mut fresh = Cursor::new(Vec::new());
        assert_eq!(export_imdf(dir.path(), &mut fresh).unwrap(), names);
        let edited = entries(edited.into_inner());
        assert_eq!(edited, entries(fresh.into_inner()));
        assert!(
            edited
                .iter()
                .any(|(name, bytes)| name == "opening.geojson" && bytes == empty.as_bytes())
        );
        // Not changed, so copied: the stored archive's bytes, not the directory's.
        std::fs::write(dir.path().join("unit.geojson"), empty).unwrap();
        let mut copied = Cursor::new(Vec::new());
        export_edited(dir.path(), &before, &changed, &mut copied).unwrap();
        let unit = |all: Vec<(String, Vec<u8>)>| all.into_iter().find(|(n, _)| n == "unit.geojson");
        assert_eq!(unit(entries(copied.into_inner())), unit(entries(before)));
    }

    #[test]
    fn a_file_added_beside_the_archive_keeps_every_entry_and_replaces_its_own_name() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/three-level-mall");
        let mut archive = Cursor::new(Vec::new());
        export_imdf(&dir, &mut archive).unwrap();
        let archive = archive.into_inner();
        let mut once = Cursor::new(Vec::new());
        with_file(&archive, "infrastructure.geojson", b"first", &mut once).unwrap();
        let mut twice = Cursor::new(Vec::new());
        with_file(
            &once.into_inner(),
            "infrastructure.geojson",
            b"second",
            &mut twice,
        )
        .unwrap();
        let mut expected = entries(archive);
        expected.push(("infrastructure.geojson".to_owned(), b"second".to_vec()));
        assert_eq!(entries(twice.into_inner()), expected);
    }

    #[test]
    fn the_archive_holds_the_manifest_and_every_feature_file_and_each_parses() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/three-level-mall");
        let mut buffer = Cursor::new(Vec::new());
        let names = export_imdf(&dir, &mut buffer).unwrap();
        let mut archive = zip::ZipArchive::new(Cursor::new(buffer.into_inner())).unwrap();
        assert_eq!(archive.len(), names.len());
        for name in [
            "manifest.json",
            "venue.geojson",
            "level.geojson",
            "unit.geojson",
            "opening.geojson",
            "relationship.geojson",
        ] {
            assert!(
                names.iter().any(|n| n == name),
                "{name} missing from {names:?}"
            );
        }
        for i in 0..archive.len() {
            let mut entry = archive.by_index(i).unwrap();
            let name = entry.name().unwrap().into_owned();
            assert_eq!(entry.compression(), CompressionMethod::Deflated);
            let mut text = String::new();
            entry.read_to_string(&mut text).unwrap();
            let value: serde_json::Value = serde_json::from_str(&text).unwrap();
            if name == "manifest.json" {
                assert_eq!(value["version"], "1.0.0");
                continue;
            }
            let feature_type = name.trim_end_matches(".geojson");
            assert_eq!(value["type"], "FeatureCollection");
            for feature in value["features"].as_array().unwrap() {
                assert_eq!(feature["type"], "Feature");
                assert_eq!(feature["feature_type"], feature_type);
                assert!(feature["id"].as_str().is_some_and(|id| id.len() == 36));
            }
        }
    }
}
