//! What the visitor tells the conversion: what each layer means, how long a drawing unit is,
//! where the building stands and what the venue and level are called.

use std::collections::HashMap;

use site_venues::{Said, said};

use crate::inspect::DrawingSummary;
use crate::meaning::LayerMeaning;
use crate::problem::{DxfProblem, DxfRule};

/// A drawing unit; lower-case words in the API (`millimetre`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "DrawingUnit"))]
pub enum LengthUnit {
    Millimetre,
    Centimetre,
    Metre,
    Inch,
    Foot,
}

impl LengthUnit {
    pub fn metres(self) -> f64 {
        match self {
            LengthUnit::Millimetre => 0.001,
            LengthUnit::Centimetre => 0.01,
            LengthUnit::Metre => 1.0,
            LengthUnit::Inch => 0.0254,
            LengthUnit::Foot => 0.3048,
        }
    }
}

/// Two points of the drawing (in drawing units) and how far apart they really are: the scale of
/// a drawing whose unit is unknown.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct KnownLength {
    pub a: [f64; 2],
    pub b: [f64; 2],
    pub metres: f64,
}

/// Where the drawing lies on the earth: its point `at` (drawing units) is at `lon`, `lat`, and
/// its y axis points `rotation_deg` clockwise from north (90 when the drawing's "up" is east).
/// `at` is the origin for a drawing drawn around it; many real plans sit kilometres from their
/// origin, in site or survey coordinates, and are placed by a corner the visitor finds on a map.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Placement {
    pub at: [f64; 2],
    pub lon: f64,
    pub lat: f64,
    pub rotation_deg: f64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct LevelNaming {
    /// The name visitors see (`一层`).
    pub name: String,
    /// The level's key (`L1`): Latin letters, digits and hyphens (venue contract §2.4).
    pub short_name: String,
    /// 0 for the ground level, negative below it.
    pub ordinal: i64,
}

/// The venue's address: IMDF gives every venue one.
#[derive(Debug, Clone, PartialEq)]
pub struct Address {
    /// Street and number (`示例路 1 号`).
    pub address: String,
    /// City (`上海市`).
    pub locality: String,
    /// ISO 3166-2 (`CN-SH`).
    pub province: Option<String>,
    /// ISO 3166 alpha-2 (`CN`).
    pub country: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Mapping {
    /// Meaning per layer name; a layer not listed is ignored.
    pub layers: HashMap<String, LayerMeaning>,
    /// The drawing unit; when None, `known_length`, else the drawing's own `$INSUNITS`.
    pub unit: Option<LengthUnit>,
    pub known_length: Option<KnownLength>,
    pub placement: Placement,
    pub venue_name: String,
    pub address: Address,
    pub level: LevelNaming,
}

impl Mapping {
    /// The mapping a visitor who accepts every guess of [`crate::inspect`] would send.
    pub fn suggested(
        summary: &DrawingSummary,
        placement: Placement,
        venue_name: &str,
        address: Address,
        level: LevelNaming,
    ) -> Mapping {
        Mapping {
            layers: summary
                .layers
                .iter()
                .map(|layer| (layer.name.clone(), layer.suggested))
                .collect(),
            unit: None,
            known_length: None,
            placement,
            venue_name: venue_name.to_owned(),
            address,
            level,
        }
    }

    /// What the venue check could only report against ids the visitor never saw.
    pub(crate) fn problems(&self) -> Vec<DxfProblem> {
        let mut problems = building_problems(self.placement, &self.venue_name, &self.address);
        problems.extend(self.level_problems());
        problems
    }

    /// The level's own: the rest is the building's, shared by every drawing of it.
    pub(crate) fn level_problems(&self) -> Vec<DxfProblem> {
        blank(&said!("楼层名称", "The level name"), &self.level.name)
            .into_iter()
            .collect()
    }

    pub(crate) fn meaning(&self, layer: &str) -> LayerMeaning {
        self.layers
            .get(layer)
            .copied()
            .unwrap_or(LayerMeaning::Ignore)
    }

    /// How many metres one drawing unit is; `drawing` is the drawing's own `$INSUNITS`.
    pub(crate) fn metres_per_unit(&self, drawing: Option<LengthUnit>) -> Result<f64, DxfProblem> {
        if let Some(unit) = self.unit {
            return Ok(unit.metres());
        }
        if let Some(known) = self.known_length {
            let drawn =
                ((known.b[0] - known.a[0]).powi(2) + (known.b[1] - known.a[1]).powi(2)).sqrt();
            if !(drawn > 0.0 && known.metres > 0.0 && known.metres.is_finite()) {
                return Err(DxfProblem::drawing(
                    DxfRule::Mapping,
                    said!(
                        "已知长度的两个点必须不同，实际长度必须大于 0 米",
                        "The two points of the known length must differ, and the real length must be more than 0 m"
                    ),
                ));
            }
            return Ok(known.metres / drawn);
        }
        drawing.map(LengthUnit::metres).ok_or_else(|| {
            DxfProblem::drawing(
                DxfRule::Unit,
                said!(
                    "图纸没有单位（$INSUNITS 为 0，无单位）：请选择单位（毫米、厘米、米、英寸、英尺），或给出图上两点之间的实际距离",
                    "The drawing has no units ($INSUNITS is 0, unitless): choose a unit (millimetres, centimetres, metres, inches, feet), or give the real distance between two points of the drawing"
                ),
            )
        })
    }
}

/// What is wrong with the building's placement, name and address.
pub(crate) fn building_problems(
    placement: Placement,
    venue_name: &str,
    address: &Address,
) -> Vec<DxfProblem> {
    let mut problems = Vec::new();
    let Placement {
        at,
        lon,
        lat,
        rotation_deg,
    } = placement;
    let on_earth = lon.abs() <= 180.0 && lat.abs() < 85.0;
    if !(on_earth && rotation_deg.is_finite() && at.iter().all(|v| v.is_finite())) {
        problems.push(DxfProblem::drawing(
            DxfRule::Mapping,
            said!(
                "位置 [{lon}, {lat}]、旋转 {rotation_deg}° 不是地球上的位置：经度在 -180 到 180 之间，纬度在 -85 到 85 之间",
                "The position [{lon}, {lat}] with rotation {rotation_deg}° is not a place on the earth: longitude must be between -180 and 180, latitude between -85 and 85"
            ),
        ));
    }
    problems.extend(
        [
            (said!("场馆名称", "The venue name"), venue_name),
            (said!("地址", "The address"), address.address.as_str()),
            (said!("城市", "The city"), address.locality.as_str()),
        ]
        .into_iter()
        .filter_map(|(what, text)| blank(&what, text)),
    );
    problems
}

/// `what` must be given: it starts the sentence (`The venue name`).
fn blank(what: &Said, text: &str) -> Option<DxfProblem> {
    text.trim().is_empty().then(|| {
        DxfProblem::drawing(
            DxfRule::Mapping,
            what.then(&said!("不能为空", " must not be empty")),
        )
    })
}
