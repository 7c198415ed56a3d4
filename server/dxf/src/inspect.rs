//! What a drawing holds, for the visitor to map before converting: its layers with the kinds
//! of entity on each and a guess at their meaning, its unit and its extents.

use std::collections::BTreeMap;

use dxf::Drawing;

use crate::mapping::LengthUnit;
use crate::meaning::LayerMeaning;
use crate::points;
use crate::problem::DxfError;
use crate::read;

#[derive(Debug, Clone, PartialEq)]
pub struct DrawingSummary {
    /// Every layer of the layer table and every layer an entity names, by name.
    pub layers: Vec<LayerSummary>,
    /// `$INSUNITS`; None when unitless or no length.
    pub unit: Option<LengthUnit>,
    /// Of the model space's entities, in drawing units; None when it has none.
    pub extents: Option<Extents>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct LayerSummary {
    pub name: String,
    /// Entities by DXF type name (`LWPOLYLINE`, `INSERT`, ...).
    pub counts: BTreeMap<&'static str, usize>,
    pub suggested: LayerMeaning,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Extents {
    pub min: [f64; 2],
    pub max: [f64; 2],
}

pub fn inspect(bytes: &[u8]) -> Result<DrawingSummary, DxfError> {
    let drawing = read::parse(bytes)?;
    Ok(summarise(&drawing))
}

fn summarise(drawing: &Drawing) -> DrawingSummary {
    let mut layers: BTreeMap<String, BTreeMap<&'static str, usize>> = drawing
        .layers()
        .map(|layer| (layer.name.clone(), BTreeMap::new()))
        .collect();
    let mut extents: Option<Extents> = None;
    for entity in drawing.entities() {
        let kind = read::kind_name(&entity.specific);
        *layers
            .entry(entity.common.layer.clone())
            .or_default()
            .entry(kind)
            .or_default() += 1;
        for p in points::outline_points(drawing, &entity.specific) {
            extents = Some(match extents {
                None => Extents { min: p, max: p },
                Some(e) => Extents {
                    min: [e.min[0].min(p[0]), e.min[1].min(p[1])],
                    max: [e.max[0].max(p[0]), e.max[1].max(p[1])],
                },
            });
        }
    }
    DrawingSummary {
        layers: layers
            .into_iter()
            .map(|(name, counts)| LayerSummary {
                suggested: LayerMeaning::suggest(&name),
                name,
                counts,
            })
            .collect(),
        unit: read::drawing_unit(drawing),
        extents,
    }
}
