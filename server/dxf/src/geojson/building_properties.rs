//! The building's name, address and place: the FeatureCollection's own `properties` (a
//! foreign member GeoJSON allows), and the file's first position, where its levels are drawn
//! from.

use serde_json::Value;
use site_venues::Said;

use crate::building::BuildingMapping;
use crate::mapping::{self, Address, Placement};
use crate::problem::DxfProblem;

/// Where a building says nothing of its country: the site serves Chinese buildings.
const DEFAULT_COUNTRY: &str = "CN";

/// The building as the layout writes it, and what is missing from its properties.
pub(super) fn mapping(collection: &Value, origin: [f64; 2]) -> (BuildingMapping, Vec<DxfProblem>) {
    let properties = collection.get("properties");
    let text = |key: &str| {
        properties
            .and_then(|p| p.get(key))
            .and_then(Value::as_str)
            .map(str::to_owned)
    };
    let building = BuildingMapping {
        venue_name: text("name").unwrap_or_default(),
        address: Address {
            address: text("address").unwrap_or_default(),
            locality: text("locality").unwrap_or_default(),
            province: text("province"),
            country: text("country").unwrap_or_else(|| DEFAULT_COUNTRY.to_owned()),
        },
        // Positions are metres east and north of the first one (`Levels::read`).
        placement: Placement {
            at: [0.0, 0.0],
            lon: origin[0],
            lat: origin[1],
            rotation_deg: 0.0,
        },
    };
    let problems = mapping::building_problems(
        building.placement,
        &building.venue_name,
        &building.address,
    )
    .into_iter()
    .map(|mut problem| {
        let said = &problem.message;
        problem.message = Said::new(
            format!(
                "FeatureCollection 的 properties 里{}（name 建筑名称、address 地址、locality 城市）",
                said.chinese()
            ),
            format!(
                "{} (in the FeatureCollection's properties: name is the building's name, address its street address, locality its city)",
                said.english()
            ),
        );
        problem
    })
    .collect();
    (building, problems)
}
