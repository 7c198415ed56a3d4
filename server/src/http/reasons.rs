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

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::super::error::ApiCode;
    use super::Reason;

    /// content/venues/words.toml and its English twin have a message for every code of the API
    /// and words for every reason, and no other (the web build holds the files to the same keys,
    /// web/src/content/venues/words-toml.ts).
    #[test]
    fn every_code_and_reason_is_worded_in_content_in_each_language() {
        let codes: BTreeSet<String> = ApiCode::ALL.iter().map(|c| c.name().to_owned()).collect();
        let reasons: BTreeSet<String> = Reason::ALL.iter().map(|r| r.key().to_owned()).collect();
        let content = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../content");
        for file in ["venues/words.toml", "en/venues/words.toml"] {
            let words: toml::Table = std::fs::read_to_string(content.join(file))
                .unwrap()
                .parse()
                .unwrap();
            for (table, keys) in [("api_errors", &codes), ("api_reasons", &reasons)] {
                let in_content: BTreeSet<String> =
                    words[table].as_table().unwrap().keys().cloned().collect();
                assert_eq!(keys, &in_content, "{file} [{table}]");
            }
        }
    }
}
