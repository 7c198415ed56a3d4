//! Find my car (docs/venue-contract.md §4.5): a Chinese plate or a space number gives a space and a route to
//! it. A plate is assigned to a space by a fixed hash, standing in for the car park's plate
//! recognition records; the viewer says so.

use super::location_text::{Field, PlaceError, is_space_number};
use super::resolve_location::Located;
use super::route::{Route, RouteError};
use super::venue::Venue;

/// The one-character abbreviations of China's provinces, regions and municipalities.
const PROVINCES: &str = "京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼";

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CarError {
    /// Neither a plate nor a space number (HTTP 400 `car_malformed`).
    #[error("not a plate or a space number: {value:?}")]
    Malformed { value: String },
    /// A space number the venue does not have, or a venue without spaces (422 `car_unknown`).
    #[error("no space {value:?} in this venue")]
    Unknown { value: String },
    /// No `from` was given and the venue has no default start (HTTP 400 `param_missing`).
    #[error("no start: give `from`")]
    NoStart,
    /// The route from `from` to the space (its place errors name the field `from`).
    #[error(transparent)]
    Route(#[from] RouteError),
}

impl From<PlaceError> for CarError {
    fn from(e: PlaceError) -> Self {
        CarError::Route(RouteError::Place(e))
    }
}

/// What the `car` value is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Car {
    /// A normalised plate: `沪AD2345`.
    Plate(String),
    /// An upper-case space number: `B1-023`.
    Space(String),
}

impl Car {
    pub fn parse(text: &str) -> Result<Car, CarError> {
        let value = text.trim();
        if is_space_number(value) {
            return Ok(Car::Space(value.to_ascii_uppercase()));
        }
        normalise_plate(value)
            .map(Car::Plate)
            .ok_or_else(|| CarError::Malformed {
                value: value.to_owned(),
            })
    }
}

/// `沪A·D2345`, `沪a-d2345`, `沪A D2345` -> `沪AD2345`: a province, a letter, an optional
/// separator, then 5 letters or digits (6 for new-energy plates). Full-width letters and
/// digits are folded.
pub fn normalise_plate(text: &str) -> Option<String> {
    let folded: Vec<char> = text
        .trim()
        .chars()
        .map(|c| match c {
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            _ => c,
        })
        .map(|c| c.to_ascii_uppercase())
        .collect();
    let (&province, rest) = folded.split_first()?;
    let (&letter, rest) = rest.split_first()?;
    let rest = match rest.first() {
        Some('·' | '•' | '・' | '-' | ' ') => &rest[1..],
        _ => rest,
    };
    let valid = PROVINCES.contains(province)
        && letter.is_ascii_uppercase()
        && (5..=6).contains(&rest.len())
        && rest
            .iter()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit());
    valid.then(|| [province, letter].iter().chain(rest).collect())
}

/// FNV-1a (64 bit) of the plate's UTF-8: stable across runs, builds and machines, unlike
/// std's randomly keyed hasher.
pub fn plate_hash(plate: &str) -> u64 {
    plate.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[derive(Debug, Clone, PartialEq)]
pub struct FoundCar {
    /// The normalised plate or space number.
    pub car: String,
    pub plate: bool,
    pub space: Located,
    /// The parking zone (section) holding the space's centre, e.g. "A区".
    pub zone: Option<String>,
    pub route: Route,
}

impl Venue {
    /// The space of `car` and the route to it from `from` (default: the venue's start).
    pub fn find_car(
        &self,
        car: &str,
        from: Option<&str>,
        accessible: bool,
        language: &str,
    ) -> Result<FoundCar, CarError> {
        let parsed = Car::parse(car)?;
        let unit = match &parsed {
            Car::Space(number) => self
                .space_numbered(number)
                .ok_or_else(|| CarError::Unknown {
                    value: number.clone(),
                })?,
            Car::Plate(plate) => {
                if self.spaces_sorted.is_empty() {
                    return Err(CarError::Unknown {
                        value: plate.clone(),
                    });
                }
                self.spaces_sorted[(plate_hash(plate) % self.spaces_sorted.len() as u64) as usize]
            }
        };
        let space = self
            .locate(Field::Car, &self.model.units[unit].id)
            .map_err(CarError::from)?;
        let from_text = from.or(self.start.as_deref()).ok_or(CarError::NoStart)?;
        let start = self.locate(Field::From, from_text)?;
        let route = self.route_between(&start, &space, accessible, language)?;
        let (car, plate) = match parsed {
            Car::Plate(p) => (p, true),
            Car::Space(s) => (s, false),
        };
        Ok(FoundCar {
            car,
            plate,
            zone: self.zone_of(unit, language),
            space,
            route,
        })
    }

    /// The name in `language` of the `parking` section holding the centre of a unit.
    pub fn zone_of(&self, unit: usize, language: &str) -> Option<String> {
        let u = &self.model.units[unit];
        let centre = u.shape.interior_point();
        self.model
            .sections
            .iter()
            .find(|s| {
                s.level == u.level && s.category.starts_with("parking") && s.shape.contains(centre)
            })
            .and_then(|s| s.name.as_ref())
            .map(|name| name.in_language(language).to_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plates_are_normalised_whatever_the_separator_and_case() {
        for written in [
            "沪A·D2345",
            "沪AD2345",
            "沪a-d2345",
            "沪A D2345",
            " 沪Ａ·Ｄ2345 ",
        ] {
            assert_eq!(
                normalise_plate(written).as_deref(),
                Some("沪AD2345"),
                "{written}"
            );
        }
        assert_eq!(normalise_plate("粤B·D12345").as_deref(), Some("粤BD12345"));
        for bad in ["沪A·D234", "XA·D2345", "沪1·D2345", "沪A·D234567", "沪", ""] {
            assert_eq!(normalise_plate(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_plate_hashes_to_the_same_value_on_every_run() {
        // FNV-1a's published test vector, then a plate.
        assert_eq!(plate_hash("a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(
            plate_hash("沪AD2345"),
            plate_hash(&normalise_plate("沪a-d2345").unwrap())
        );
    }

    #[test]
    fn a_space_number_is_not_taken_for_a_plate() {
        assert_eq!(Car::parse("b1-023"), Ok(Car::Space("B1-023".into())));
        assert!(matches!(
            Car::parse("my car"),
            Err(CarError::Malformed { .. })
        ));
    }
}
