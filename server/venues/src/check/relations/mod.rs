//! The rules between features: references (docs/imdf.md §4) and the one venue feature, levels'
//! short names and ordinals (§2.4), relationships between levels (§2.7), and every category a
//! visitor sees having an entry in categories.toml (§3.1).

mod categories;
mod editor_choices;
mod levels;
mod references;
mod relationships;

use super::features::VenueFiles;
use super::problem::Problems;

pub(crate) use categories::Categories;

/// An English noun with its indefinite article, as messages name a type or category:
/// "a level", "an opening", "an escalator", "a unit" (a "u" said "you" takes "a").
pub(super) fn a(noun: &str) -> String {
    let lower = noun.to_ascii_lowercase();
    let you = ["uni", "use", "usu", "uti"]
        .iter()
        .any(|start| lower.starts_with(start));
    let vowel = lower.starts_with(['a', 'e', 'i', 'o', 'u']) && !you;
    format!("{} {noun}", if vowel { "an" } else { "a" })
}

/// Runs the rules in the web build's order: the venue feature, references, levels' short names,
/// categories (when `categories` is given: a venue checked alone has none), relationships. A
/// relationship with a broken reference is left out of the relationships' rules, as its problem
/// is already reported.
pub(crate) fn check(venue: &VenueFiles, categories: Option<&Categories>, problems: &mut Problems) {
    references::the_venue(venue, problems);
    let broken = references::check(venue, problems);
    levels::check(venue, problems);
    if let Some(categories) = categories {
        categories.check_entries(venue, problems);
    }
    relationships::check(venue, &broken, problems);
}

#[cfg(test)]
mod tests {
    use super::super::broken_cases::{broken_copy, read_cases};
    use super::super::check_venues;
    use super::super::problem::Rule;
    use super::a;

    #[test]
    fn a_noun_takes_the_article_its_sound_asks() {
        assert_eq!(
            [
                a("level"),
                a("opening"),
                a("escalator"),
                a("unit 星巴克"),
                a("unenclosedarea")
            ],
            [
                "a level",
                "an opening",
                "an escalator",
                "a unit 星巴克",
                "an unenclosedarea"
            ]
            .map(str::to_owned)
        );
    }

    #[test]
    fn the_problems_between_features_and_of_the_layout_are_told_in_english() {
        let mut seen = 0;
        for (group, case) in read_cases() {
            if group != "relations" && group != "layout" {
                continue;
            }
            let (root, _) = broken_copy(&case);
            for problem in check_venues(root.path(), "content/venues") {
                let visitors_see = match problem.rule {
                    Rule::References
                    | Rule::Relationships
                    | Rule::Openings
                    | Rule::KiosksAndParking
                    | Rule::Reachable => true,
                    Rule::Categories => problem.field == "properties.category",
                    _ => false,
                };
                if !visitors_see {
                    continue;
                }
                seen += 1;
                let english = problem.message.english();
                assert!(
                    !english.is_empty()
                        && !english.contains(['，', '；', '：', '（', '）', '“', '”', '、', '。']),
                    "{problem}: {english:?}"
                );
            }
        }
        assert!(seen > 20, "{seen}");
    }
}
