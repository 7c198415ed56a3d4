//! The written forms of a location (contract §4.2) and why one is refused. Parsing here is pure
//! syntax; `Venue::locate` resolves a [`Location`] against the venue's data.

use std::fmt;

/// Which request field a location came from, so an error can name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Field {
    From,
    To,
    Near,
    Car,
}

impl Field {
    pub fn as_str(self) -> &'static str {
        match self {
            Field::From => "from",
            Field::To => "to",
            Field::Near => "near",
            Field::Car => "car",
        }
    }
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why a location was refused. `Malformed` and `CoordinatesMalformed` are the request's
/// fault as written (HTTP 400); the others are well-formed but impossible here (422).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum PlaceError {
    /// Neither a feature id, a space number nor `lon,lat@level`.
    #[error("{field}: not a place id, space number or lon,lat@level: {value:?}")]
    Malformed { field: Field, value: String },
    /// `…@…` whose coordinates are not two numbers in range, or whose level is empty.
    #[error("{field}: malformed coordinates: {value:?}")]
    CoordinatesMalformed { field: Field, value: String },
    /// No feature or space of the venue has this id or number.
    #[error("{field}: no place {value:?} in this venue")]
    Unknown { field: Field, value: String },
    /// The level of a point is neither a short name nor a level id of the venue.
    #[error("{field}: no level {level:?} in this venue")]
    LevelUnknown { field: Field, level: String },
    /// The point lies outside its level's outline.
    #[error("{field}: the point is outside level {level}")]
    OutsideLevel { field: Field, level: String },
    /// The point is more than 10 m from walkable space (or in a closed unit far from it).
    #[error("{field}: the point {value:?} is too far from walkable space")]
    NotWalkable { field: Field, value: String },
}

impl PlaceError {
    pub fn field(&self) -> Field {
        match self {
            PlaceError::Malformed { field, .. }
            | PlaceError::CoordinatesMalformed { field, .. }
            | PlaceError::Unknown { field, .. }
            | PlaceError::LevelUnknown { field, .. }
            | PlaceError::OutsideLevel { field, .. }
            | PlaceError::NotWalkable { field, .. } => *field,
        }
    }

    /// Whether the value is malformed as written (400) rather than impossible (422).
    pub fn is_malformed(&self) -> bool {
        matches!(
            self,
            PlaceError::Malformed { .. } | PlaceError::CoordinatesMalformed { .. }
        )
    }
}

/// A location as written.
#[derive(Debug, Clone, PartialEq)]
pub enum Location {
    /// A feature id (lowercased).
    Feature(String),
    /// A parking space number (uppercased), e.g. `B1-023`.
    Space(String),
    /// `lon,lat@level`.
    Point { lon: f64, lat: f64, level: String },
}

impl Location {
    pub fn parse(field: Field, text: &str) -> Result<Location, PlaceError> {
        let value = text.trim();
        if let Some((coordinates, level)) = value.split_once('@') {
            let bad = || PlaceError::CoordinatesMalformed {
                field,
                value: value.to_owned(),
            };
            let (lon, lat) = coordinates.split_once(',').ok_or_else(bad)?;
            let number = |s: &str| s.trim().parse::<f64>().ok().filter(|v| v.is_finite());
            let (lon, lat) = (number(lon).ok_or_else(bad)?, number(lat).ok_or_else(bad)?);
            let level = level.trim();
            if !(-180.0..=180.0).contains(&lon)
                || !(-90.0..=90.0).contains(&lat)
                || level.is_empty()
            {
                return Err(bad());
            }
            return Ok(Location::Point {
                lon,
                lat,
                level: level.to_owned(),
            });
        }
        if is_uuid(value) {
            return Ok(Location::Feature(value.to_ascii_lowercase()));
        }
        if is_space_number(value) {
            return Ok(Location::Space(value.to_ascii_uppercase()));
        }
        Err(PlaceError::Malformed {
            field,
            value: value.to_owned(),
        })
    }
}

/// `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx` in hex digits of either case.
fn is_uuid(s: &str) -> bool {
    s.len() == 36
        && s.bytes().enumerate().all(|(i, b)| {
            if matches!(i, 8 | 13 | 18 | 23) {
                b == b'-'
            } else {
                b.is_ascii_hexdigit()
            }
        })
}

/// A level short name, a dash and digits: `B1-023`.
pub(crate) fn is_space_number(s: &str) -> bool {
    let Some((level, number)) = s.split_once('-') else {
        return false;
    };
    (1..=8).contains(&level.len())
        && level.bytes().all(|b| b.is_ascii_alphanumeric())
        && (1..=6).contains(&number.len())
        && number.bytes().all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_three_written_forms_are_told_apart() {
        let id = "0f8fad5b-d9cb-469f-a165-70867728950E";
        assert_eq!(
            Location::parse(Field::From, id),
            Ok(Location::Feature(id.to_ascii_lowercase()))
        );
        assert_eq!(
            Location::parse(Field::To, " b1-023 "),
            Ok(Location::Space("B1-023".into()))
        );
        assert_eq!(
            Location::parse(Field::Near, "121.40012,31.17021@L1"),
            Ok(Location::Point {
                lon: 121.40012,
                lat: 31.17021,
                level: "L1".into()
            })
        );
    }

    #[test]
    fn malformed_locations_name_their_field_and_are_400s() {
        for (text, coordinates) in [
            ("starbucks", false),
            ("", false),
            ("121.4@L1", true),
            ("abc,31@L1", true),
            ("121,31@", true),
            ("500,31@L1", true),
            ("NaN,1@L1", true),
        ] {
            let e = Location::parse(Field::To, text).unwrap_err();
            assert!(e.is_malformed(), "{text}");
            assert_eq!(e.field(), Field::To);
            assert_eq!(
                matches!(e, PlaceError::CoordinatesMalformed { .. }),
                coordinates,
                "{text}"
            );
        }
    }
}
