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
    let mut zip = ZipWriter::new(out);
    let options = SimpleFileOptions::default().compression_method(CompressionMethod::Deflated);
    let mut names = Vec::new();
    let mut add =
        |zip: &mut ZipWriter<_>, name: String, required: bool| -> Result<(), ExportError> {
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
