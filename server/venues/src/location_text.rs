//! The written forms of a location (docs/venue-contract.md §4.2) and why one is refused. Parsing here is pure
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

/// Why a location was refused: what is wrong, in which request field, and the value (the
/// level, for the two level problems).
#[derive(Debug, Clone, PartialEq)]
pub struct PlaceError {
    pub problem: PlaceProblem,
    pub field: Field,
    pub value: String,
}

/// What is wrong with a location. `Malformed` and `CoordinatesMalformed` are the request's
/// fault as written (HTTP 400); the others are well-formed but impossible here (422).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlaceProblem {
    /// Neither a feature id, a space number nor `lon,lat@level`.
    Malformed,
    /// `…@…` whose coordinates are not two numbers in range, or whose level is empty.
    CoordinatesMalformed,
    /// No feature or space of the venue has this id or number.
    Unknown,
    /// The level of a point is neither a short name nor a level id of the venue.
    LevelUnknown,
    /// The point lies outside its level's outline.
    OutsideLevel,
    /// The point is more than 10 m from walkable space (or in a closed unit far from it).
    NotWalkable,
}

impl fmt::Display for PlaceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (field, value) = (self.field, &self.value);
        match self.problem {
            PlaceProblem::Malformed => write!(
                f,
                "{field}: not a place id, space number or lon,lat@level: {value:?}"
            ),
            PlaceProblem::CoordinatesMalformed => {
                write!(f, "{field}: malformed coordinates: {value:?}")
            }
            PlaceProblem::Unknown => write!(f, "{field}: no place {value:?} in this venue"),
            PlaceProblem::LevelUnknown => write!(f, "{field}: no level {value:?} in this venue"),
            PlaceProblem::OutsideLevel => write!(f, "{field}: the point is outside level {value}"),
            PlaceProblem::NotWalkable => write!(
                f,
                "{field}: the point {value:?} is too far from walkable space"
            ),
        }
    }
}

impl std::error::Error for PlaceError {}

impl PlaceError {
    pub fn new(problem: PlaceProblem, field: Field, value: &str) -> Self {
        Self {
            problem,
            field,
            value: value.to_owned(),
        }
    }

    pub fn field(&self) -> Field {
        self.field
    }

    /// Whether the value is malformed as written (400) rather than impossible (422).
    pub fn is_malformed(&self) -> bool {
        matches!(
            self.problem,
            PlaceProblem::Malformed | PlaceProblem::CoordinatesMalformed
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

/// The longest location the API reads, in bytes: a point written to the metre's billionth on a
/// long level name is under 60.
const MAX_LOCATION_BYTES: usize = 128;

impl Location {
    pub fn parse(field: Field, text: &str) -> Result<Location, PlaceError> {
        if text.len() > MAX_LOCATION_BYTES {
            let cut = text
                .char_indices()
                .nth(32)
                .map_or(text, |(end, _)| &text[..end]);
            return Err(PlaceError::new(PlaceProblem::Malformed, field, cut.trim()));
        }
        let value = text.trim();
        if let Some((coordinates, level)) = value.split_once('@') {
            let bad = || PlaceError::new(PlaceProblem::CoordinatesMalformed, field, value);
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
        Err(PlaceError::new(PlaceProblem::Malformed, field, value))
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
    fn a_location_longer_than_any_real_one_is_malformed_whatever_it_pads() {
        let id = "0f8fad5b-d9cb-469f-a165-70867728950e";
        let padded = format!("{id}{}", " ".repeat(2300));
        let error = Location::parse(Field::From, &padded).unwrap_err();
        assert_eq!(error.problem, PlaceProblem::Malformed);
        assert_eq!(error.value, id[..32]);
        assert!(Location::parse(Field::From, &format!(" {id} ")).is_ok());
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
                e.problem == PlaceProblem::CoordinatesMalformed,
                coordinates,
                "{text}"
            );
        }
    }
}
