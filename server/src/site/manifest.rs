//! dist/manifest.json: the contract between the web build and the server. The web build writes
//! it (web/scripts/prerender.ts); nothing else in the server knows the layout of dist/.

use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

use serde::Deserialize;

use crate::leads::Catalog;
use crate::negotiation::language::{ByLanguage, Language};
use site_venues::{
    CategoryWords, DirectoryGroup, EditorChoices, FlowSettings, KioskFacing, Said, StepWords,
    Wording, Wordings,
};

/// Version 3 added `index` to pages (issue #5); version 4 the enquiry form, `leads` (issue #6);
/// version 5 the live demo's venues, `venues` (issue #14); version 6 the demo page of a
/// hand-over address, `first_frame` (issue #34); version 7 the English pages and their
/// `alternates`, version 8 the venues' words by language, version 9 their categories by
/// language too (issue #35).
pub(super) const MANIFEST_VERSION: u32 = 9;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Manifest {
    pub version: u32,
    /// Every page route, e.g. `/next/map`.
    pub pages: Vec<PageEntry>,
    /// The styled page answered with status 404, in each edition's language.
    pub not_found: ByLanguage<PageFiles>,
    /// Assets and other files served as they are.
    pub files: Vec<FileEntry>,
    /// The widths and qualities pages request from `/_next/image`; the endpoint accepts exactly
    /// these (qualities can be widened by `images.qualities`).
    pub images: ImagesEntry,
    /// The enquiry form (docs/enquiries.md section 3).
    pub leads: LeadsEntry,
    /// The live demo's venues and the words their API speaks.
    pub venues: VenuesEntry,
    /// The demo page of a hand-over address, with the place of the first frame's data.
    pub first_frame: FirstFrameEntry,
}

/// The demo page of a hand-over address (issue #34) in each edition (issue #35): per variant,
/// the page with `marker` where the first frame's JSON goes, and the CSP hashes of what phones'
/// pages hold inline (the same in every edition).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct FirstFrameEntry {
    pub pages: ByLanguage<FirstFramePageEntry>,
    pub marker: String,
    pub script_hashes: Vec<String>,
    pub style_hashes: Vec<String>,
}

/// One edition's demo page of a hand-over address.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct FirstFramePageEntry {
    /// The page it stands for, e.g. `/next/demo`, `/next/en/demo`.
    pub path: String,
    pub files: PageFiles,
}

/// The live demo (issue #14): where each venue's IMDF files and viewer files are, and the words
/// of the route steps and API messages.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct VenuesEntry {
    pub list: Vec<VenueEntry>,
    /// What the online editor offers a visitor's building: room and amenity categories.
    pub editor: EditorChoices,
    pub words: ByLanguage<VenueWordsEntry>,
    #[serde(skip)]
    wordings: OnceLock<Arc<Wordings>>,
}

impl VenuesEntry {
    /// The words the engine answers in, per language (the site's first language first): the
    /// route steps, category labels and directory groups every venue is told with, the demo's
    /// and the buildings visitors bring alike. Built once, shared by every venue.
    pub(crate) fn wordings(&self) -> Arc<Wordings> {
        let wordings = self.wordings.get_or_init(|| {
            let wording = |language: Language| {
                let words = self.words.get(language);
                Wording {
                    language: language.tag().to_owned(),
                    steps: words.steps.clone(),
                    catalog: site_venues::Catalog {
                        categories: words.categories.clone(),
                        groups: words.groups.clone(),
                        editor: self.editor.clone(),
                    },
                }
            };
            Arc::new(Wordings::new(
                wording(Language::Chinese),
                [wording(Language::English)],
            ))
        });
        Arc::clone(wordings)
    }

    /// The API's messages in each language.
    pub(crate) fn api_errors(&self) -> ByLanguage<ApiErrorWords> {
        ByLanguage::from_fn(|language| {
            let words = self.words.get(language);
            ApiErrorWords {
                language,
                messages: words.api_errors.clone(),
                reasons: words.api_reasons.clone(),
            }
        })
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct VenueEntry {
    /// The venue's id in URLs, e.g. `demo-mall`.
    pub id: String,
    /// The validated IMDF files, relative to dist/.
    pub imdf_dir: String,
    /// The viewer's venue summary in each language, relative to dist/, with `.gz` and `.br`
    /// beside it.
    pub summary: ByLanguage<String>,
    pub levels: Vec<VenueLevelEntry>,
    pub kiosks: Vec<KioskFacing>,
    /// Where a visitor is when no start is given (a location of the API).
    pub start: String,
    /// The positioning devices (`infrastructure.geojson`), relative to dist/; none for a venue
    /// without positioning. Read by the live positioning of issue #17.
    pub infrastructure: Option<String>,
    /// The flow analytics' simulated visitors (venue.toml `[flow]`); none for a venue without.
    pub flow: Option<FlowSettings>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct VenueLevelEntry {
    pub short_name: String,
    pub id: String,
    /// The viewer's data of the level in each language, relative to dist/, with `.gz` and
    /// `.br` beside it.
    pub file: ByLanguage<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct VenueWordsEntry {
    /// The `[steps]` table of the edition's words.toml, read by the venue engine.
    pub steps: StepWords,
    pub api_errors: BTreeMap<String, String>,
    /// Why a request's body could not be read (`http/reasons.rs` lists the keys).
    pub api_reasons: BTreeMap<String, String>,
    /// IMDF category -> its label and search synonyms (the edition's categories.toml). A dotted
    /// category without an entry of its own takes its prefix's (`restroom.female` ->
    /// `restroom`).
    pub categories: BTreeMap<String, CategoryWords>,
    /// The directory groups of a guide screen, in display order.
    pub groups: Vec<DirectoryGroup>,
}

/// The venue API's messages in one language (content/venues/words.toml `[api_errors]`), with
/// `{placeholders}`, by code (`http/error.rs` lists the codes; a test holds the file to them),
/// and the reasons they may give (`[api_reasons]`, `http/reasons.rs`).
#[derive(Debug, Clone, Default)]
pub struct ApiErrorWords {
    language: Language,
    messages: BTreeMap<String, String>,
    reasons: BTreeMap<String, String>,
}

impl ApiErrorWords {
    /// The message of `code`; the code itself when the build gave none, which the web build's
    /// check of words.toml does not let happen.
    pub fn message<'a>(&'a self, code: &'a str) -> &'a str {
        self.messages.get(code).map_or(code, String::as_str)
    }

    /// The reason of `key` with its placeholders filled; the key itself when the build gave
    /// none (as for messages).
    pub fn reason(&self, key: &str, values: &[(&str, &str)]) -> String {
        self.reasons
            .get(key)
            .map_or_else(|| key.to_owned(), |text| site_venues::fill(text, values))
    }

    /// What the engine said about a visitor's files (`Said`), in these words' language.
    pub fn said<'a>(&self, said: &'a Said) -> &'a str {
        said.in_language(self.language.tag())
    }

    #[cfg(test)]
    pub(crate) fn with(code: &str, message: &str) -> Self {
        Self {
            language: Language::Chinese,
            messages: BTreeMap::from([(code.to_owned(), message.to_owned())]),
            reasons: BTreeMap::new(),
        }
    }
}

/// The enquiry form in each language, and the sales page.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct LeadsEntry {
    /// The standalone sales page served at `/admin/leads` (in Chinese: sales read it).
    pub admin_page: String,
    /// Version 9: per edition (issue #35).
    pub forms: ByLanguage<LeadFormEntry>,
}

/// The enquiry form of one edition: where it lives, its no-JavaScript template, and the choices
/// and words of the catalog. Unknown keys are not refused here: the catalog is flattened into
/// this object, which serde cannot combine with `deny_unknown_fields`.
#[derive(Debug, Deserialize)]
pub(super) struct LeadFormEntry {
    /// The page carrying the form, e.g. `/next/business`.
    pub form_path: String,
    /// The page a successful no-JavaScript submission is sent to (303).
    pub thanks_path: String,
    /// The form page with the markers of contract section 4, per variant.
    pub form_template: PageFiles,
    /// The hotline as displayed, e.g. `400-000-0000`, for `{hotline}` in messages (the
    /// `bot`, `unavailable` and `rate_limited` answers ask visitors to call). Not in the
    /// contract's example; the server needs it and the catalog does not carry it.
    #[serde(default)]
    pub hotline: String,
    #[serde(flatten)]
    pub catalog: Catalog,
}

/// Next.js's two width lists (spec section 9), full-width layouts and smaller images, and the
/// qualities the pages use (content/site.toml `images.quality`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ImagesEntry {
    pub device_sizes: Vec<u32>,
    pub image_sizes: Vec<u32>,
    pub qualities: Vec<u32>,
}

/// One page. The manifest also carries each page's title and description; fields not named
/// here are ignored.
#[derive(Debug, Deserialize)]
pub(super) struct PageEntry {
    pub path: String,
    pub files: PageFiles,
    /// When the page's content last changed, `YYYY-MM-DD`: the sitemap's `<lastmod>`.
    pub lastmod: String,
    /// False for pages search engines must not index: left out of the sitemap and IndexNow
    /// (the page itself carries a robots noindex meta tag).
    pub index: bool,
    /// The page in every edition, itself included, and `x-default` (issue #35): the sitemap's
    /// hreflang links. Empty for a page without a twin.
    pub alternates: Vec<AlternateEntry>,
}

/// One hreflang link of a page: `zh-Hans`, `en` or `x-default`, and that page's path.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct AlternateEntry {
    pub hreflang: String,
    pub path: String,
}

/// HTML files of one page, relative to dist/. Mobile pages have no shell, so the China and
/// international variants share one file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct PageFiles {
    pub desktop_international: String,
    pub desktop_china: String,
    pub mobile: String,
}

impl PageFiles {
    pub(super) fn for_variant(&self, variant: super::Variant) -> &str {
        use super::{Device, Region};
        match variant.device {
            Device::Desktop if variant.region == Region::China => &self.desktop_china,
            Device::Desktop => &self.desktop_international,
            Device::Mobile => &self.mobile,
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct FileEntry {
    /// Request path, e.g. `/next/assets/entry-client-3f2a1b.js`.
    pub url: String,
    /// Path relative to dist/.
    pub file: String,
    /// True when the file name carries a content hash, so it can be cached forever.
    pub immutable: bool,
}

/// True for a calendar-looking `YYYY-MM-DD`, the W3C date form sitemaps accept.
pub(super) fn is_sitemap_date(text: &str) -> bool {
    let bytes = text.as_bytes();
    let digits = |range: std::ops::Range<usize>| bytes[range].iter().all(u8::is_ascii_digit);
    if bytes.len() != 10 || bytes[4] != b'-' || bytes[7] != b'-' {
        return false;
    }
    if !digits(0..4) || !digits(5..7) || !digits(8..10) {
        return false;
    }
    let month: u8 = text[5..7].parse().unwrap_or(0);
    let day: u8 = text[8..10].parse().unwrap_or(0);
    (1..=12).contains(&month) && (1..=31).contains(&day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sitemap_dates_are_year_month_day() {
        assert!(is_sitemap_date("2026-11-23"));
        for bad in [
            "2026-1-23",
            "2026-13-01",
            "2026-00-10",
            "2026-11-32",
            "23.11.2026",
            "2026-11-23T10:00",
        ] {
            assert!(!is_sitemap_date(bad), "{bad}");
        }
    }
}
