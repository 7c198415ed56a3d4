use super::*;

#[test]
fn the_patterns_take_what_the_web_build_took() {
    for hours in [
        "24/7",
        "Mo-Su 10:00-22:00",
        "Mo-Fr 08:00-17:30; Sa 08:00-12:00",
        "Mo-Fr 09:00-12:00,13:00-18:00;Sa off",
        "PH closed",
        "10:00-22:00+",
    ] {
        assert!(HOURS.is_match(hours), "{hours}");
    }
    for hours in [
        "Mo-Su 10-22",
        "daily",
        "Mo-Su 10:00-22:00;",
        "mo-su 10:00-22:00",
        "",
    ] {
        assert!(!HOURS.is_match(hours), "{hours}");
    }
    assert!(PHONE.is_match("+862100000000") && !PHONE.is_match("021 0000 0000"));
    assert!(is_website("https://example.com/a") && is_website("http://x"));
    assert!(!is_website("https://") && !is_website("https://a b") && !is_website("ftp://x"));
    assert!(!is_website("https://a\u{3000}b"));
    assert!(DATE_TIME.is_match("2026-11-24T00:00:00+08:00"));
    assert!(DATE_TIME.is_match("2026-11-24T00:00:00.5Z"));
    assert!(!DATE_TIME.is_match("2026-11-24 00:00:00") && !DATE_TIME.is_match("2026-11-24"));
    assert!(EXTENSION.is_match("imdf:extension:provider:name#1.0.0"));
    assert!(!EXTENSION.is_match("imdf:extension:provider:name"));
    assert!(
        LANGUAGE.is_match("zh-Hans") && LANGUAGE.is_match("en") && !LANGUAGE.is_match("zh_Hans")
    );
    assert!(OCCUPANT_CATEGORY.is_match("clothing.womens") && !OCCUPANT_CATEGORY.is_match("Cafe"));
    assert!(PROVINCE.is_match("CN-SH") && COUNTRY.is_match("CN") && !COUNTRY.is_match("CHN"));
}

#[test]
fn texts_are_trimmed_as_javascript_trims() {
    let mut issues = Vec::new();
    let mut out = Out {
        issues: &mut issues,
        scope: Scope::Venue,
    };
    text(&Value::from("\u{3000}\u{feff} "), "f", &mut out);
    text(&Value::from("\u{85}"), "g", &mut out);
    let fields: Vec<&str> = issues.iter().map(|i| i.field.as_str()).collect();
    assert_eq!(fields, ["f"]);
}

#[test]
fn problems_are_told_in_chinese_and_in_english() {
    let mut issues = Vec::new();
    let mut out = Out {
        issues: &mut issues,
        scope: Scope::Imdf,
    };
    let door = serde_json::json!({"type": "trapdoor", "colour": "red"});
    check(Val::Door, &door, "properties.door", &mut out);
    let point = serde_json::json!({"coordinates": [200, 30]});
    check(
        Val::DisplayPoint,
        &point,
        "properties.display_point",
        &mut out,
    );
    let told: Vec<(&str, &str)> = issues
        .iter()
        .map(|issue| (issue.message.chinese(), issue.message.english()))
        .collect();
    assert_eq!(
        told[0],
        (
            "是 \"trapdoor\"，不是 IMDF 1.0.0 的 door.type 值；可用的值见 IMDF 的类别表（OGC 20-094）",
            "is \"trapdoor\", not an IMDF 1.0.0 door.type value; see IMDF's category tables \
             (OGC 20-094) for the values allowed"
        )
    );
    assert!(
        told[1]
            .1
            .starts_with("has an extra key \"colour\"; must be a DOOR object")
    );
    assert_eq!(
        told[2],
        ("是 缺失；必须是 \"Point\"", "is missing; must be \"Point\"")
    );
    assert_eq!(
        told[3].1,
        "is 200; longitude must be between -180 and 180 (WGS 84)"
    );
    for (_, english) in told {
        assert!(english.is_ascii(), "{english}");
    }
}
