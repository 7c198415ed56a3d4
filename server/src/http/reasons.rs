//! Why a request's body could not be read, as the `{reason}` of a refusal (`building_refused`,
//! `edit_malformed`, `layout_malformed`): each a key of words.toml `[api_reasons]`, worded in
//! the language of the request like every message of the API (issue #35).

/// One reason; its key in `[api_reasons]`. Placeholders: `{error}` the parser's own words
/// (English), `{max}` a limit, `{n}` a device's position in its layout, `{level}` a level.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Reason {
    /// The body ended before its declared end.
    RequestIncomplete,
    UploadIncomplete,
    MultipartBoundary,
    FormIncomplete,
    MappingTooLarge,
    MappingInvalid,
    DrawingUnnamed,
    FormParts,
    MappingMissing,
    NoDrawings,
    EditTooLarge,
    EditNotJson,
    LayoutTooLarge,
    LayoutDevices,
    LayoutNotJson,
    DeviceLevelUnplanned,
    DeviceOutsideLevel,
}

impl Reason {
    /// Every reason, for the test that holds words.toml to them.
    #[cfg(test)]
    const ALL: [Reason; 17] = [
        Reason::RequestIncomplete,
        Reason::UploadIncomplete,
        Reason::MultipartBoundary,
        Reason::FormIncomplete,
        Reason::MappingTooLarge,
        Reason::MappingInvalid,
        Reason::DrawingUnnamed,
        Reason::FormParts,
        Reason::MappingMissing,
        Reason::NoDrawings,
        Reason::EditTooLarge,
        Reason::EditNotJson,
        Reason::LayoutTooLarge,
        Reason::LayoutDevices,
        Reason::LayoutNotJson,
        Reason::DeviceLevelUnplanned,
        Reason::DeviceOutsideLevel,
    ];

    pub(super) fn key(self) -> &'static str {
        match self {
            Reason::RequestIncomplete => "request_incomplete",
            Reason::UploadIncomplete => "upload_incomplete",
            Reason::MultipartBoundary => "multipart_boundary",
            Reason::FormIncomplete => "form_incomplete",
            Reason::MappingTooLarge => "mapping_too_large",
            Reason::MappingInvalid => "mapping_invalid",
            Reason::DrawingUnnamed => "drawing_unnamed",
            Reason::FormParts => "form_parts",
            Reason::MappingMissing => "mapping_missing",
            Reason::NoDrawings => "no_drawings",
            Reason::EditTooLarge => "edit_too_large",
            Reason::EditNotJson => "edit_not_json",
            Reason::LayoutTooLarge => "layout_too_large",
            Reason::LayoutDevices => "layout_devices",
            Reason::LayoutNotJson => "layout_not_json",
            Reason::DeviceLevelUnplanned => "device_level_unplanned",
            Reason::DeviceOutsideLevel => "device_outside_level",
        }
    }
}

/// The keys of `table` in content/venues/words.toml and in its English twin, by file: what the
/// tests of the API's codes and reasons hold the files to.
#[cfg(test)]
pub(super) fn words_toml_keys(
    table: &str,
) -> Vec<(&'static str, std::collections::BTreeSet<String>)> {
    let content = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../content");
    ["venues/words.toml", "en/venues/words.toml"]
        .into_iter()
        .map(|file| {
            let words: toml::Table = std::fs::read_to_string(content.join(file))
                .unwrap()
                .parse()
                .unwrap();
            let keys = words[table].as_table().unwrap().keys().cloned().collect();
            (file, keys)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::{Reason, words_toml_keys};

    /// content/venues/words.toml and its English twin word every reason and no other (the web
    /// build holds the two files to the same keys).
    #[test]
    fn every_reason_is_worded_in_content_in_each_language() {
        let keys: BTreeSet<String> = Reason::ALL.iter().map(|r| r.key().to_owned()).collect();
        for (file, in_content) in words_toml_keys("api_reasons") {
            assert_eq!(keys, in_content, "{file}");
        }
    }
}
