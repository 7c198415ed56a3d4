//! What a drawing holds, for the visitor to map before converting: its layers with the kinds
//! of entity on each and a guess at their meaning, its unit and its extents.

use std::collections::BTreeMap;

use dxf::Drawing;
use dxf::entities::EntityType;

use crate::labels;
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
    /// Closed LWPOLYLINE and POLYLINE: what a room layer holds, one per room.
    pub closed_polylines: usize,
    /// The first few words written on the layer, so the visitor recognises room labels.
    pub texts: Vec<String>,
    pub suggested: LayerMeaning,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Extents {
    pub min: [f64; 2],
    pub max: [f64; 2],
}

pub fn inspect(bytes: &[u8]) -> Result<DrawingSummary, DxfError> {
    inspect_within(bytes, &read::DxfLimits::default())
}

/// [`inspect`] within `limits`.
pub fn inspect_within(bytes: &[u8], limits: &read::DxfLimits) -> Result<DrawingSummary, DxfError> {
    let drawing = read::parse(bytes, limits)?;
    Ok(summarise(&drawing))
}

/// How many texts of a layer the summary shows.
const TEXT_SAMPLES: usize = 5;

fn summarise(drawing: &Drawing) -> DrawingSummary {
    let mut layers: BTreeMap<String, LayerSummary> = drawing
        .layers()
        .map(|layer| (layer.name.clone(), empty_layer(&layer.name)))
        .collect();
    let mut extents: Option<Extents> = None;
    for entity in points::model_space(drawing) {
        let layer = layers
            .entry(entity.common.layer.clone())
            .or_insert_with(|| empty_layer(&entity.common.layer));
        *layer
            .counts
            .entry(read::kind_name(&entity.specific))
            .or_default() += 1;
        let closed = match &entity.specific {
            EntityType::LwPolyline(poly) => poly.is_closed(),
            EntityType::Polyline(poly) => poly.is_closed(),
            _ => false,
        };
        layer.closed_polylines += usize::from(closed);
        if layer.texts.len() < TEXT_SAMPLES
            && let Some((_, text)) = labels::label(&entity.specific)
        {
            layer.texts.push(text);
        }
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
        layers: layers.into_values().collect(),
        unit: read::drawing_unit(drawing),
        extents,
    }
}

fn empty_layer(name: &str) -> LayerSummary {
    LayerSummary {
        name: name.to_owned(),
        counts: BTreeMap::new(),
        closed_polylines: 0,
        texts: Vec::new(),
        suggested: LayerMeaning::suggest(name),
    }
}
