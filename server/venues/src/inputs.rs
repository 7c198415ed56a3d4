//! What the caller hands the engine besides the IMDF files, as dist/manifest.json carries it
//! (docs/venue-contract.md §3.1): the step words of words.toml, each venue's extras from venue.toml, and the
//! category catalog. The engine has no words of its own; all of them come from here.

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::name::closest_tag;

/// The `[steps]` table of content/venues/words.toml. Templates fill `{placeholders}` by name.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
pub struct StepWords {
    pub depart: String,
    pub straight: String,
    pub turn: String,
    pub turn_at: String,
    pub left: String,
    pub right: String,
    pub slight_left: String,
    pub slight_right: String,
    pub sharp_left: String,
    pub sharp_right: String,
    pub u_turn: String,
    pub elevator: String,
    pub escalator: String,
    pub stairs: String,
    pub ramp: String,
    pub arrive: String,
    pub arrive_here: String,
    pub side_left: String,
    pub side_right: String,
    pub side_ahead: String,
    pub unnamed_place: String,
}

/// The words of one language the engine answers in: the IMDF language tag of the labels that
/// name places in it, its route steps and its categories (each edition's words.toml and
/// categories.toml, docs/venue-contract.md §3.1).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Wording {
    /// "zh-Hans", "en".
    pub language: String,
    pub steps: StepWords,
    pub catalog: Catalog,
}

/// Every language the engine answers in. The first is the one the venues are written in
/// (zh-Hans): search lists, sorts and keys places by its labels, and it answers a request for a
/// language the site does not have.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Wordings(Vec<Wording>);

impl Wordings {
    pub fn new(first: Wording, others: impl IntoIterator<Item = Wording>) -> Wordings {
        Wordings(std::iter::once(first).chain(others).collect())
    }

    pub fn first(&self) -> &Wording {
        &self.0[0]
    }

    /// The wording of `language` (an IMDF tag; `en-GB` finds `en`), else the first.
    pub fn get(&self, language: &str) -> &Wording {
        &self.0[self.index(language)]
    }

    /// Where `get` finds `language` among [`Wordings::iter`]'s.
    pub(crate) fn index(&self, language: &str) -> usize {
        let tags = self.0.iter().map(|wording| wording.language.as_str());
        closest_tag(tags, language).unwrap_or(0)
    }

    pub fn iter(&self) -> impl Iterator<Item = &Wording> {
        self.0.iter()
    }
}

/// Fills `{name}` placeholders of a template; unknown placeholders stay as written. Where a
/// filled value meets Chinese text with a Latin letter or digit, a space goes between, as
/// Chinese typesetting does ("乘 2 号电梯", "在 H&M 处右转"), whatever the template's author
/// could know of the names it will hold.
pub fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}').map(|at| open + at) else {
            break;
        };
        out.push_str(&rest[..open]);
        let name = &rest[open + 1..close];
        match values.iter().find(|(key, _)| *key == name) {
            Some((_, value)) => {
                if needs_space(out.chars().last(), value.chars().next()) {
                    out.push(' ');
                }
                out.push_str(value);
                if needs_space(value.chars().last(), rest[close + 1..].chars().next()) {
                    out.push(' ');
                }
            }
            None => out.push_str(&rest[open..=close]),
        }
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    out
}

fn needs_space(before: Option<char>, after: Option<char>) -> bool {
    let han =
        |c: char| ('\u{4e00}'..='\u{9fff}').contains(&c) || ('\u{3400}'..='\u{4dbf}').contains(&c);
    match (before, after) {
        (Some(a), Some(b)) => {
            (han(a) && b.is_ascii_alphanumeric()) || (a.is_ascii_alphanumeric() && han(b))
        }
        _ => false,
    }
}

/// A kiosk's facing from venue.toml.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct KioskFacing {
    pub id: String,
    /// Degrees clockwise from north that a visitor at the screen looks.
    pub facing: f64,
}

/// Per-venue data that IMDF has no place for (venue.toml, docs/venue-contract.md §2.9).
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
pub struct VenueExtras {
    #[serde(default)]
    pub kiosks: Vec<KioskFacing>,
    /// Where a visitor is when no start is given (find my car): a location (docs/venue-contract.md §4.2).
    #[serde(default)]
    pub start: Option<String>,
    /// The simulated visitors of the flow analytics (`tracking::flow`); none, no analytics.
    #[serde(default)]
    pub flow: Option<FlowSettings>,
}

/// How many visitors a venue has and how they come and stay (venue.toml `[flow]`).
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct FlowSettings {
    /// Visitors on a weekday.
    pub visitors_per_day: u32,
    /// Saturday's and Sunday's visitors against a weekday's.
    pub weekend_factor: f64,
    /// Relative arrivals in each hour of the day, 0 to 23, Beijing time.
    pub arrivals: [f64; 24],
    /// The median stay in one place, minutes.
    pub dwell_minutes: f64,
    /// The fewest and most places one visitor goes to.
    pub stops: [u32; 2],
    /// The share of visitors who come by car and park in the venue's spaces.
    #[serde(default)]
    pub drive_share: f64,
}

/// One category's words in categories.toml.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
pub struct CategoryWords {
    pub label: String,
    #[serde(default)]
    pub synonyms: Vec<String>,
}

/// A directory group: a heading and the categories listed under it.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct DirectoryGroup {
    pub label: String,
    pub categories: Vec<String>,
}

/// The category catalog: labels and synonyms by IMDF category, and the kiosk directory's groups.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
pub struct Catalog {
    #[serde(default)]
    pub categories: BTreeMap<String, CategoryWords>,
    #[serde(default)]
    pub groups: Vec<DirectoryGroup>,
    #[serde(default)]
    pub editor: EditorChoices,
}

/// What the online editor offers (`[editor]`): the categories a room may have and those of the
/// amenities a visitor may place, in the order its lists show them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
pub struct EditorChoices {
    #[serde(default)]
    pub units: Vec<String>,
    #[serde(default)]
    pub amenities: Vec<String>,
}

impl Catalog {
    /// The entry of a category, falling back to its dotted prefixes
    /// (`restroom.female.wheelchair` -> `restroom.female` -> `restroom`).
    pub fn entry(&self, category: &str) -> Option<&CategoryWords> {
        let mut key = category;
        loop {
            if let Some(entry) = self.categories.get(key) {
                return Some(entry);
            }
            key = &key[..key.rfind('.')?];
        }
    }

    pub fn label(&self, category: &str) -> Option<&str> {
        self.entry(category).map(|e| e.label.as_str())
    }
}

/// Whether `category` is `group_category` or one of its dotted sub-categories.
pub fn category_matches(category: &str, group_category: &str) -> bool {
    category == group_category
        || (category.starts_with(group_category)
            && category.as_bytes().get(group_category.len()) == Some(&b'.'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dotted_category_falls_back_to_its_prefix() {
        let mut catalog = Catalog::default();
        catalog.categories.insert(
            "restroom".into(),
            CategoryWords {
                label: "卫生间".into(),
                synonyms: vec![],
            },
        );
        assert_eq!(catalog.label("restroom.female.wheelchair"), Some("卫生间"));
        assert_eq!(catalog.label("restaurant"), None);
        assert!(category_matches("restroom.female", "restroom"));
        assert!(!category_matches("restroomx", "restroom"));
    }

    #[test]
    fn placeholders_are_filled_by_name() {
        let text = fill(
            "直行 {distance} 米，在{landmark}处{turn}",
            &[("turn", "右转"), ("distance", "35"), ("landmark", "星巴克")],
        );
        assert_eq!(text, "直行 35 米，在星巴克处右转");
    }

    #[test]
    fn latin_names_in_chinese_text_get_spaces_around_them() {
        let elevator = fill(
            "乘{name}到 {level}",
            &[("name", "2 号电梯"), ("level", "L5")],
        );
        assert_eq!(elevator, "乘 2 号电梯到 L5");
        let shop = fill(
            "在{landmark}处{turn}",
            &[("landmark", "H&M"), ("turn", "右转")],
        );
        assert_eq!(shop, "在 H&M 处右转");
        assert_eq!(fill("{a}，{b}", &[("a", "B2"), ("b", "x")]), "B2，x");
        assert_eq!(fill("{unknown}米", &[]), "{unknown}米");
    }

    #[test]
    fn the_step_words_of_content_parse() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../content/venues/words.toml"
        );
        let text = std::fs::read_to_string(path).unwrap();
        #[derive(Deserialize)]
        struct Words {
            steps: StepWords,
        }
        let words: Words = toml::from_str(&text).unwrap();
        assert!(words.steps.turn_at.contains("{landmark}"));
    }
}
