//! The laid-out levels written as the IMDF files of a venue directory (docs/imdf.md, venue
//! contract §1-2): one venue, building and footprint, every level with its rooms and walkways
//! as units and its doors and entrances as openings, the rides between levels as
//! relationships, and every other feature file empty.

mod level;
mod writer;

use std::path::Path;

use serde_json::{Value, json};
use site_venues::geometry::{Point, Polygon};

use crate::building::BuildingMapping;
use crate::layout::Level;
use crate::mapping::LevelNaming;
use crate::rides::Ride;
use crate::rings::convex_hull;
use level::LevelFeatures;
use writer::{Writer, feature, label, unit_ref};

/// The feature files this conversion leaves empty (the check asks for every one).
const EMPTY: [&str; 7] = [
    "amenity", "anchor", "occupant", "fixture", "kiosk", "section", "geofence",
];

/// The files of a venue directory: `<feature_type>.geojson` and `manifest.json`, as text.
#[derive(Debug, Clone, PartialEq)]
pub struct ImdfFiles {
    pub files: Vec<(String, String)>,
}

impl ImdfFiles {
    pub fn get(&self, name: &str) -> Option<&str> {
        self.files
            .iter()
            .find(|(file, _)| file == name)
            .map(|(_, text)| text.as_str())
    }

    /// Writes every file into `dir`, which must exist.
    pub fn write_to(&self, dir: &Path) -> std::io::Result<()> {
        for (name, text) in &self.files {
            std::fs::write(dir.join(name), text)?;
        }
        Ok(())
    }
}

fn collection(features: Vec<Value>) -> String {
    let mut collection = json!({"type": "FeatureCollection"});
    collection["features"] = Value::Array(features);
    serde_json::to_string_pretty(&collection).expect("JSON values serialise")
}

/// `levels` sorted by ordinal; `rides` index into them.
pub(crate) fn write(
    building: &BuildingMapping,
    levels: &[(&LevelNaming, &Level)],
    rides: &[Ride],
) -> ImdfFiles {
    let mut w = Writer {
        placement: building.placement,
        venue_name: &building.venue_name,
        scope: "",
        next_id: 0,
    };
    // The building's outline is every level's: a car park often reaches beyond the tower.
    let outline = vec![convex_hull(
        levels
            .iter()
            .flat_map(|(_, level)| level.outline.iter().copied())
            .collect::<Vec<Point>>(),
    )];
    let middle = Polygon::new(outline.clone()).interior_point();
    let (venue_id, building_id, footprint_id, address_id) = (w.id(), w.id(), w.id(), w.id());
    let given = &building.address;
    let address = feature(
        &address_id,
        "address",
        Value::Null,
        json!({
            "address": given.address, "unit": null, "locality": given.locality,
            "province": given.province, "country": given.country, "postal_code": null,
            "postal_code_ext": null, "postal_code_vanity": null,
        }),
    );
    let name = label(&building.venue_name);
    let venue = feature(
        &venue_id,
        "venue",
        w.polygon(&outline),
        json!({
            // IMDF has no category for "any building"; a visitor's offices, school or clinic
            // are closest to a campus of businesses.
            "category": "businesscampus", "restriction": null, "name": name, "alt_name": null,
            "hours": null, "phone": null, "website": null, "display_point": w.point(middle),
            "address_id": address_id,
        }),
    );
    let building_feature = feature(
        &building_id,
        "building",
        Value::Null,
        json!({
            "name": name, "alt_name": null, "category": "unspecified", "restriction": null,
            "display_point": null, "address_id": null,
        }),
    );
    let footprint = feature(
        &footprint_id,
        "footprint",
        w.polygon(&outline),
        json!({
            "category": "ground", "name": null, "building_ids": [building_id],
        }),
    );
    let mut out = LevelFeatures::default();
    let room_ids: Vec<Vec<String>> = levels
        .iter()
        .map(|(naming, level)| {
            let mut level_writer = Writer {
                placement: building.placement,
                venue_name: &building.venue_name,
                scope: &naming.short_name,
                next_id: 0,
            };
            level::write(&mut level_writer, naming, level, &building_id, &mut out)
        })
        .collect();
    let relationships = rides
        .iter()
        .map(|ride| relationship(&mut w, ride, &room_ids))
        .collect();
    let mut files = vec![
        ("manifest.json".to_owned(), manifest()),
        ("address.geojson".to_owned(), collection(vec![address])),
        ("venue.geojson".to_owned(), collection(vec![venue])),
        (
            "building.geojson".to_owned(),
            collection(vec![building_feature]),
        ),
        ("footprint.geojson".to_owned(), collection(vec![footprint])),
        ("level.geojson".to_owned(), collection(out.levels)),
        ("unit.geojson".to_owned(), collection(out.units)),
        ("opening.geojson".to_owned(), collection(out.openings)),
        ("relationship.geojson".to_owned(), collection(relationships)),
    ];
    files.extend(
        EMPTY
            .iter()
            .map(|kind| (format!("{kind}.geojson"), collection(Vec::new()))),
    );
    ImdfFiles { files }
}

/// Contract §2.7: lifts and stairs undirected from the lowest stop through the ones between to
/// the highest; an escalator directed from where it starts to where it arrives.
fn relationship(w: &mut Writer<'_>, ride: &Ride, room_ids: &[Vec<String>]) -> Value {
    let ids: Vec<&str> = ride
        .stops
        .iter()
        .map(|&(level, room)| room_ids[level][room].as_str())
        .collect();
    let (first, rest) = ids.split_first().expect("a ride has two stops");
    let (last, between) = rest.split_last().expect("a ride has two stops");
    let intermediary =
        (!between.is_empty()).then(|| between.iter().map(|id| unit_ref(id)).collect::<Vec<_>>());
    let id = w.id();
    feature(
        &id,
        "relationship",
        Value::Null,
        json!({
            "category": ride.category,
            "direction": if ride.directed { "directed" } else { "undirected" },
            "origin": unit_ref(first), "intermediary": intermediary,
            "destination": unit_ref(last), "hours": null,
        }),
    )
}

fn manifest() -> String {
    let created = chrono::Utc::now()
        .format("%Y-%m-%dT%H:%M:%S+00:00")
        .to_string();
    let value = json!({
        "version": "1.0.0", "created": created, "generated_by": "site-dxf",
        "language": "zh-Hans", "extensions": null,
    });
    serde_json::to_string_pretty(&value).expect("JSON values serialise")
}
