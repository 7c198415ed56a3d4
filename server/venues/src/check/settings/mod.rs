//! venue.toml (§2.9): its keys and their types, and what it names existing (the default level,
//! every kiosk with its facing, the sample locations).

mod locations;
mod schema;

use std::collections::HashMap;

use super::features::{Kind, VenueFiles};
use super::problem::{Problems, Rule};
use super::read::SETTINGS;
use crate::Said;

/// Checks venue.toml when it was read: its shape first, then, when the shape holds, that what it
/// names exists in the venue (as the build checks it only once the file has its shape).
pub(crate) fn check(venue: &VenueFiles, problems: &mut Problems) {
    let Some(table) = &venue.settings else {
        return;
    };
    let mut report = |field: &str, message: Said| {
        problems.file(SETTINGS, field, Rule::Settings, message);
    };
    let Some(settings) = schema::read(table, &mut report) else {
        return;
    };
    check_references(&settings, venue, &mut report);
}

/// The venue's place in the switcher, when venue.toml gives a valid one (the root check keeps
/// it unique across venues).
pub(crate) fn order(venue: &VenueFiles) -> Option<i64> {
    venue.settings.as_ref()?.get("order")?.as_integer()
}

/// What venue.toml refers to exists: the default level, every kiosk, the sample locations.
fn check_references(
    settings: &schema::Settings,
    venue: &VenueFiles,
    report: &mut impl FnMut(&str, Said),
) {
    let shorts: Vec<&str> = venue
        .of(Kind::Level)
        .iter()
        .filter_map(|level| level.label("short_name"))
        .collect();
    if !shorts.contains(&settings.default_level.as_str()) {
        report(
            "default_level",
            Said::to_editors(format!(
                "\"{}\" 不是本场馆任何楼层的简称（{}）；请写其中一个",
                settings.default_level,
                shorts.join(", ")
            )),
        );
    }
    let mut listed: HashMap<&str, usize> = HashMap::new();
    for (index, id) in settings.kiosks.iter().enumerate() {
        let field = format!("kiosks[{index}].id");
        if let Some(other) = listed.get(id.as_str()) {
            report(
                &field,
                Said::to_editors(format!(
                    "重复列出（另见 kiosks[{other}]）；每个导视屏只列一次"
                )),
            );
        }
        listed.insert(id, index);
        match venue.get(id) {
            Some(feature) if feature.kind == Kind::Kiosk => {}
            Some(feature) => report(
                &field,
                Said::to_editors(format!(
                    "指向一个 {}，不是导视屏；请写 kiosk.geojson 里一个导视屏的 id",
                    feature.kind.name()
                )),
            ),
            None => report(
                &field,
                Said::to_editors(
                    "kiosk.geojson 里没有这个导视屏（或它自身有问题）；请写一个导视屏的 id",
                ),
            ),
        }
    }
    for kiosk in venue.of(Kind::Kiosk) {
        if !listed.contains_key(kiosk.id.as_str()) {
            report(
                "kiosks",
                Said::to_editors(format!(
                    "没有导视屏 {}（{}）的条目；请添加 [[kiosks]]，写上它的 id 和 facing",
                    kiosk.id,
                    kiosk.label("name").unwrap_or("未命名")
                )),
            );
        }
    }
    let samples = [
        ("route_from", &settings.route_from),
        ("route_to", &settings.route_to),
        ("start", &settings.start),
    ];
    for (key, location) in samples {
        if let Some(problem) = locations::location_problem(venue, location) {
            report(&format!("samples.{key}"), problem);
        }
    }
}
