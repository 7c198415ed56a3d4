//! Locations as the API reads them in `from`, `to` and `near` (contract §4.2): a feature id (an
//! occupant, amenity, unit, kiosk or opening), a parking space number ("B1-023", any case), or a
//! point "<lon>,<lat>@<level>" with the level's short name or id. venue.toml's samples are
//! locations, so the check resolves them as the server will.

use std::sync::LazyLock;

use crate::Said;
use crate::check::devices::local;
use crate::check::features::{Kind, VenueFiles};

const LOCATABLE: [Kind; 5] = [
    Kind::Occupant,
    Kind::Amenity,
    Kind::Unit,
    Kind::Kiosk,
    Kind::Opening,
];

static POINT: LazyLock<regex_lite::Regex> = LazyLock::new(|| {
    regex_lite::Regex::new(r"^(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)@(.+)$")
        .expect("the point pattern compiles")
});

static SPACE: LazyLock<regex_lite::Regex> = LazyLock::new(|| {
    regex_lite::Regex::new(r"^[A-Za-z0-9]+-\d{3}$").expect("the space pattern compiles")
});

/// Why `location` does not resolve in this venue, or None when it does.
pub(super) fn location_problem(venue: &VenueFiles, location: &str) -> Option<Said> {
    if let Some(feature) = venue.get(location) {
        return (!LOCATABLE.contains(&feature.kind)).then(|| {
            Said::to_editors(format!(
                "\"{location}\" 是一个 {}；位置只能是 occupant、amenity、unit、kiosk 或 opening",
                feature.kind.name()
            ))
        });
    }
    if SPACE.is_match(location) {
        let wanted = location.to_uppercase();
        let found = venue.of(Kind::Unit).iter().any(|unit| {
            unit.str("category") == Some("parking")
                && unit.label("name").map(str::to_uppercase).as_deref() == Some(wanted.as_str())
        });
        return (!found).then(|| {
            Said::to_editors(format!(
                "本场馆没有编号为 {location} 的停车位；请写一个存在的车位编号"
            ))
        });
    }
    if let Some(point) = POINT.captures(location) {
        let (lon, lat, key) = (&point[1], &point[2], &point[3]);
        let Some(level) = venue
            .of(Kind::Level)
            .iter()
            .find(|level| level.id == key || level.label("short_name") == Some(key))
        else {
            return Some(Said::to_editors(format!(
                "\"{key}\" 不是本场馆的楼层；@ 后面写楼层的简称或 id"
            )));
        };
        let (Ok(x), Ok(y)) = (lon.parse::<f64>(), lat.parse::<f64>()) else {
            return None;
        };
        if let Some((frame, outline)) = local::shape_of(venue, level)
            && !local::in_shape(&outline, frame.to_local(x, y))
        {
            return Some(Said::to_editors(format!(
                "{lon},{lat} 在楼层 {key} 的轮廓之外；请写这一层里的一个点"
            )));
        }
        return None;
    }
    Some(Said::to_editors(format!(
        "\"{location}\" 不是位置：请写要素 id、停车位编号（如 \"B1-023\"）或 \"<经度>,<纬度>@<楼层>\""
    )))
}
