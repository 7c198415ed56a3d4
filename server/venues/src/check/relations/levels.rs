//! Levels as the API and the viewer key them (§2.4): by short name, so short names are unique in
//! a venue and safe in an address and a file name (`levels/<short>.json`).

use std::collections::HashMap;

use super::super::features::{Kind, VenueFiles};
use super::super::problem::{Problems, Rule};
use crate::said;

/// `^[A-Za-z0-9][A-Za-z0-9-]*$`: Latin letters, digits and hyphens, not starting with a hyphen.
fn is_short_name(short: &str) -> bool {
    let mut bytes = short.bytes();
    bytes.next().is_some_and(|b| b.is_ascii_alphanumeric())
        && bytes.all(|b| b.is_ascii_alphanumeric() || b == b'-')
}

pub(super) fn check(venue: &VenueFiles, problems: &mut Problems) {
    let mut seen: HashMap<&str, &str> = HashMap::new();
    for level in venue.of(Kind::Level) {
        // A level without one is the properties' rules' to report.
        let Some(short) = level.label("short_name") else {
            continue;
        };
        if !is_short_name(short) {
            problems.feature(
                level,
                "properties.short_name",
                Rule::Levels,
                said!(
                    "\"{short}\" 会用在地址和文件名里；请只用拉丁字母、数字和连字符，例如 \"L1\"、\"B2\"",
                    "\"{short}\" is used in addresses and file names; use only Latin letters, digits and hyphens, such as \"L1\" or \"B2\""
                ),
            );
        }
        match seen.get(short) {
            Some(other) => problems.feature(
                level,
                "properties.short_name",
                Rule::Levels,
                said!(
                    "\"{short}\" 也是楼层 {other} 的简称；简称在场馆内唯一（它是 API 和查看器里楼层的键），请换一个",
                    "\"{short}\" is also the short name of level {other}; a short name is unique within a venue (it is the level's key in the API and the viewer), so choose another"
                ),
            ),
            None => {
                seen.insert(short, &level.id);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::is_short_name;

    #[test]
    fn short_names_are_latin_letters_digits_and_hyphens() {
        for good in ["L1", "B2", "M", "l1-east", "1"] {
            assert!(is_short_name(good), "{good}");
        }
        for bad in ["", "-L1", "L 1", "一层", "L1_", "L1/2"] {
            assert!(!is_short_name(bad), "{bad}");
        }
    }
}
