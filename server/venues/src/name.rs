//! A feature's name in the languages its data carries (IMDF LABELS: language tag -> text,
//! docs/venue-contract.md §2.2). The engine itself (search's main entry, sorting, parking
//! numbers) reads the main label; an answer names a place in the language its request asks for,
//! falling back to the main label where the data has no other.

use std::fmt;
use std::ops::Deref;

use super::imdf::Labels;

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Name {
    /// zh-Hans, else the data's first label (docs/venue-contract.md §2.2).
    main: String,
    /// The other languages' labels that differ from the main one, by IMDF language tag.
    others: Box<[(Box<str>, Box<str>)]>,
}

impl Name {
    /// A name in one language only.
    pub fn new(main: impl Into<String>) -> Name {
        Name {
            main: main.into(),
            others: Box::default(),
        }
    }

    /// The name LABELS give, trimmed; none when no label has text.
    pub(crate) fn of_labels(labels: &Labels) -> Option<Name> {
        let main = labels.main().map(str::trim).filter(|s| !s.is_empty())?;
        let others = labels
            .0
            .iter()
            .map(|(tag, text)| (tag, text.trim()))
            .filter(|(_, text)| !text.is_empty() && *text != main)
            .map(|(tag, text)| (tag.as_str().into(), text.into()))
            .collect();
        Some(Name {
            main: main.to_owned(),
            others,
        })
    }

    pub fn main(&self) -> &str {
        &self.main
    }

    /// The label of `language` (an IMDF language tag: `en`, `zh-Hans`): the label of that tag,
    /// else of the same language in another region or script (`en-GB` for `en`), else the main
    /// one.
    pub fn in_language(&self, language: &str) -> &str {
        let tags = self.others.iter().map(|(tag, _)| &**tag);
        closest_tag(tags, language).map_or(&self.main, |at| &self.others[at].1)
    }
}

/// Where `language` is among `tags` (IMDF language tags): the same tag in any case, else the
/// first of the same language in another region or script (`en-GB` for `en`, `zh_Hans` for
/// `zh`).
pub(crate) fn closest_tag<'a>(
    mut tags: impl Iterator<Item = &'a str> + Clone,
    language: &str,
) -> Option<usize> {
    let wanted = primary_subtag(language);
    tags.clone()
        .position(|tag| tag.eq_ignore_ascii_case(language))
        .or_else(|| tags.position(|tag| primary_subtag(tag).eq_ignore_ascii_case(wanted)))
}

/// `en` of `en-GB`, `zh` of `zh_Hans`.
fn primary_subtag(tag: &str) -> &str {
    tag.split(['-', '_']).next().unwrap_or(tag)
}

/// A name reads as its main label wherever the engine compares or searches names.
impl Deref for Name {
    type Target = str;
    fn deref(&self) -> &str {
        &self.main
    }
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.main)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn labels(pairs: &[(&str, &str)]) -> Labels {
        Labels(
            pairs
                .iter()
                .map(|(tag, text)| (tag.to_string(), text.to_string()))
                .collect(),
        )
    }

    #[test]
    fn a_name_answers_in_the_language_asked_else_in_its_main_label() {
        let name =
            Name::of_labels(&labels(&[("zh-Hans", " 星巴克 "), ("en-GB", "Starbucks")])).unwrap();
        assert_eq!(name.main(), "星巴克");
        assert_eq!(name.in_language("zh-Hans"), "星巴克");
        assert_eq!(name.in_language("en"), "Starbucks");
        assert_eq!(name.in_language("EN-gb"), "Starbucks");
        assert_eq!(name.in_language("fr"), "星巴克");
        assert_eq!(&*name, "星巴克");
    }

    #[test]
    fn without_a_chinese_label_the_first_is_the_main_one() {
        let name = Name::of_labels(&labels(&[("en", "Lift lobby"), ("fr", "Ascenseurs")]));
        let name = name.unwrap();
        assert_eq!(name.main(), "Lift lobby");
        assert_eq!(name.in_language("zh-Hans"), "Lift lobby");
        assert_eq!(name.in_language("fr-CA"), "Ascenseurs");
        assert_eq!(Name::of_labels(&labels(&[("en", "  ")])), None);
    }
}
