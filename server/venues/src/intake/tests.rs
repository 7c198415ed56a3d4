//! Uploads as a hostile or careless client sends them, each refused with its message and
//! nothing written, and the engine's fixture venue exported and taken back in as it is.

use std::io::{Cursor, Write};
use std::path::{Path, PathBuf};

use zip::CompressionMethod;
use zip::write::{SimpleFileOptions, ZipWriter};

use super::*;
use crate::check::check_imdf;
use crate::export_imdf;

fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/three-level-mall")
}

fn exported() -> Vec<u8> {
    let mut buffer = Cursor::new(Vec::new());
    export_imdf(&fixture(), &mut buffer).unwrap();
    buffer.into_inner()
}

/// A ZIP of `(name, bytes)` entries, deflated.
fn zip_of(entries: &[(&str, &[u8])]) -> Vec<u8> {
    let mut zip = ZipWriter::new(Cursor::new(Vec::new()));
    let options = SimpleFileOptions::default().compression_method(CompressionMethod::Deflated);
    for (name, bytes) in entries {
        zip.start_file(*name, options).unwrap();
        zip.write_all(bytes).unwrap();
    }
    zip.finish().unwrap().into_inner()
}

fn unpack(bytes: &[u8], limits: &IntakeLimits) -> (Result<Unpacked, IntakeError>, Vec<String>) {
    let dir = tempfile::tempdir().unwrap();
    let result = unpack_imdf(bytes, limits, dir.path());
    let mut written: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    written.sort();
    (result, written)
}

fn refusal(bytes: &[u8], limits: &IntakeLimits) -> IntakeError {
    match unpack(bytes, limits).0 {
        Ok(unpacked) => panic!("taken in: {unpacked:?}"),
        Err(error) => error,
    }
}

const VENUE: &[u8] = br#"{"type":"FeatureCollection","features":[]}"#;

#[test]
fn an_exported_venue_is_taken_back_in_and_passes_the_check() {
    let dir = tempfile::tempdir().unwrap();
    let unpacked = unpack_imdf(&exported(), &IntakeLimits::default(), dir.path()).unwrap();
    assert!(unpacked.files.contains(&"unit.geojson".to_owned()));
    assert!(unpacked.ignored.is_empty());
    assert_eq!(unpacked.census.levels, 3);
    assert!(unpacked.census.features > 50, "{:?}", unpacked.census);
    assert_eq!(check_imdf(dir.path(), "upload"), vec![]);
}

#[test]
fn files_in_one_folder_are_taken_and_other_entries_are_ignored() {
    let venue = std::fs::read(fixture().join("venue.geojson")).unwrap();
    let bytes = zip_of(&[
        ("mall/", b""),
        ("mall/venue.geojson", &venue),
        ("mall/notes.txt", b"hello"),
        ("__MACOSX/mall/._venue.geojson", b"junk"),
        ("mall/.DS_Store", b"junk"),
    ]);
    let (result, written) = unpack(&bytes, &IntakeLimits::default());
    let unpacked = result.unwrap();
    assert_eq!(unpacked.files, ["venue.geojson"]);
    assert_eq!(unpacked.ignored.len(), 4, "{:?}", unpacked.ignored);
    assert_eq!(written, ["venue.geojson"]);
}

#[test]
fn a_zip_bomb_is_refused_before_it_is_expanded() {
    // 40 MB of spaces deflate to about 40 KB; the limit is 10 MB expanded here.
    let spaces = vec![b' '; 40 * 1024 * 1024];
    let bytes = zip_of(&[("unit.geojson", &spaces)]);
    assert!(bytes.len() < 100 * 1024);
    let limits = IntakeLimits {
        expanded_bytes: 10 * 1024 * 1024,
        ..IntakeLimits::default()
    };
    let (result, written) = unpack(&bytes, &limits);
    let error = result.unwrap_err();
    assert!(
        matches!(error, IntakeError::ExpandsTooFar { .. }),
        "{error}"
    );
    assert!(error.to_string().contains("展开后超过"), "{error}");
    assert!(written.is_empty());
}

#[test]
fn an_entry_that_expands_beyond_what_it_declared_is_refused() {
    let text = vec![b' '; 10_000];
    let mut bytes = zip_of(&[("venue.geojson", &text)]);
    // Rewrite the declared size (central directory, offset 24 of its header) to 100 bytes.
    let central = bytes
        .windows(4)
        .position(|w| w == [0x50, 0x4b, 0x01, 0x02])
        .unwrap();
    bytes[central + 24..central + 28].copy_from_slice(&100u32.to_le_bytes());
    let error = refusal(&bytes, &IntakeLimits::default());
    assert!(
        matches!(
            error,
            IntakeError::SizeMismatch { .. } | IntakeError::Unreadable { .. }
        ),
        "{error}"
    );
}

#[test]
fn a_path_out_of_the_folder_is_refused_whole_even_where_it_would_be_ignored() {
    for name in [
        "../venue.geojson",
        "../../etc/notes.txt",
        "/etc/passwd",
        "a/../../b.txt",
    ] {
        let bytes = zip_of(&[("venue.geojson", VENUE), (name, b"x")]);
        let (result, written) = unpack(&bytes, &IntakeLimits::default());
        let error = result.unwrap_err();
        assert!(
            matches!(error, IntakeError::UnsafePath { .. }),
            "{name}: {error}"
        );
        assert!(error.to_string().contains("路径不安全"), "{error}");
        assert!(error.said().english().contains("is unsafe"), "{error}");
        assert!(written.is_empty(), "{name}: {written:?}");
    }
}

#[test]
fn a_truncated_or_foreign_file_is_not_a_zip() {
    let whole = exported();
    for bytes in [
        &whole[..whole.len() / 2],
        b"AC1032 a DWG drawing".as_slice(),
        b"",
    ] {
        let error = refusal(bytes, &IntakeLimits::default());
        assert!(matches!(error, IntakeError::NotZip(_)), "{error}");
        assert!(error.to_string().contains("ZIP"), "{error}");
    }
}

#[test]
fn too_many_entries_are_refused_from_the_end_record() {
    let names: Vec<String> = (0..300).map(|i| format!("f{i}.txt")).collect();
    let entries: Vec<(&str, &[u8])> = names.iter().map(|n| (n.as_str(), &b""[..])).collect();
    let error = refusal(&zip_of(&entries), &IntakeLimits::default());
    assert_eq!(
        error,
        IntakeError::TooManyEntries {
            count: 300,
            max: 200
        }
    );
}

#[test]
fn the_archive_size_two_copies_and_scattered_folders_are_refused() {
    let limits = IntakeLimits {
        archive_bytes: 100,
        ..IntakeLimits::default()
    };
    assert!(matches!(
        refusal(&exported(), &limits),
        IntakeError::TooLarge { .. }
    ));
    let twice = zip_of(&[("a/venue.geojson", VENUE), ("a/b/venue.geojson", VENUE)]);
    assert!(matches!(
        refusal(&twice, &IntakeLimits::default()),
        IntakeError::Duplicate { .. }
    ));
    let scattered = zip_of(&[("a/venue.geojson", VENUE), ("b/unit.geojson", VENUE)]);
    assert!(matches!(
        refusal(&scattered, &IntakeLimits::default()),
        IntakeError::Scattered { .. }
    ));
    let none = zip_of(&[("readme.txt", b"x"), ("manifest.json", b"{}")]);
    assert_eq!(
        refusal(&none, &IntakeLimits::default()),
        IntakeError::NoImdf
    );
}

fn unit_file(features: usize, vertices: usize, at: [f64; 2]) -> Vec<u8> {
    let ring: Vec<String> = (0..vertices)
        .map(|i| {
            let angle = i as f64 / vertices as f64 * std::f64::consts::TAU;
            format!(
                "[{},{}]",
                at[0] + 1e-4 * angle.cos(),
                at[1] + 1e-4 * angle.sin()
            )
        })
        .collect();
    let feature = format!(
        r#"{{"type":"Feature","id":"x","feature_type":"unit","geometry":{{"type":"Polygon","coordinates":[[{}]]}},"properties":{{}}}}"#,
        ring.join(",")
    );
    let all = vec![feature; features].join(",");
    format!(r#"{{"type":"FeatureCollection","features":[{all}]}}"#).into_bytes()
}

#[test]
fn features_vertices_levels_and_spread_have_limits() {
    let limits = IntakeLimits {
        features: 10,
        vertices_per_geometry: 50,
        levels: 2,
        ..IntakeLimits::default()
    };
    let many = zip_of(&[("unit.geojson", &unit_file(11, 4, [121.4, 31.2]))]);
    let error = refusal(&many, &limits);
    assert!(
        error.to_string().contains("要素总数超过了 10 个"),
        "{error}"
    );
    let detailed = zip_of(&[("unit.geojson", &unit_file(1, 51, [121.4, 31.2]))]);
    let error = refusal(&detailed, &limits);
    assert!(
        error.to_string().contains("有 51 个顶点，最多 50 个"),
        "{error}"
    );
    let levels = unit_file(3, 4, [121.4, 31.2]);
    let error = refusal(&zip_of(&[("level.geojson", &levels)]), &limits);
    assert!(
        error.to_string().contains("有 3 个楼层，最多 2 个"),
        "{error}"
    );
    let far = [
        ("unit.geojson", unit_file(1, 4, [121.4, 31.2])),
        ("fixture.geojson", unit_file(1, 4, [121.6, 31.2])),
    ];
    let entries: Vec<(&str, &[u8])> = far.iter().map(|(n, b)| (*n, b.as_slice())).collect();
    let error = refusal(&zip_of(&entries), &limits);
    assert!(matches!(error, IntakeError::Spread { .. }), "{error}");
}

#[test]
fn a_file_that_is_not_geojson_is_refused_with_where_reading_stopped() {
    let bytes = zip_of(&[(
        "unit.geojson",
        br#"{"type":"FeatureCollection","features":[{"geometry":{"type":"Polygon","coordinates":[[[1,NaN]]]}}]}"#,
    )]);
    let error = refusal(&bytes, &IntakeLimits::default());
    let text = error.to_string();
    assert!(
        text.starts_with("unit.geojson：不是能读的 GeoJSON（第 1 行"),
        "{text}"
    );
    let english = error.said().english().to_owned();
    assert!(
        english.starts_with("unit.geojson: not readable GeoJSON (line 1,"),
        "{english}"
    );
}

#[test]
fn a_directory_edited_since_is_counted_within_the_same_limits() {
    let limits = IntakeLimits {
        features: 10,
        expanded_bytes: 4_000,
        ..IntakeLimits::default()
    };
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("unit.geojson"),
        unit_file(3, 4, [121.4, 31.2]),
    )
    .unwrap();
    std::fs::write(dir.path().join("notes.txt"), b"not counted").unwrap();
    assert_eq!(census_dir(dir.path(), &limits).unwrap().features, 3);
    std::fs::write(
        dir.path().join("unit.geojson"),
        unit_file(11, 4, [121.4, 31.2]),
    )
    .unwrap();
    let error = census_dir(dir.path(), &limits).unwrap_err();
    assert!(
        error.to_string().contains("要素总数超过了 10 个"),
        "{error}"
    );
    std::fs::write(
        dir.path().join("unit.geojson"),
        unit_file(9, 200, [121.4, 31.2]),
    )
    .unwrap();
    let error = census_dir(dir.path(), &limits).unwrap_err();
    assert!(
        matches!(error, IntakeError::ExpandsTooFar { .. }),
        "{error}"
    );
}
