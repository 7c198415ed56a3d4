//! The DXF file parsed, or refused with a sentence the visitor can act on.

use std::io::Cursor;

use dxf::Drawing;
use dxf::entities::EntityType;
use dxf::enums::Units;

use crate::mapping::LengthUnit;
use crate::problem::DxfError;

/// Binary DWG files start with their version, `AC1015` and the like; DXF never does.
const DWG_MAGIC: &[u8] = b"AC10";
/// What a binary DXF starts with.
const BINARY_DXF_MAGIC: &[u8] = b"AutoCAD Binary DXF";

pub(crate) fn parse(bytes: &[u8]) -> Result<Drawing, DxfError> {
    if bytes.starts_with(DWG_MAGIC) {
        return Err(DxfError::Dwg);
    }
    if !bytes.starts_with(BINARY_DXF_MAGIC) && !looks_like_text_dxf(bytes) {
        return Err(DxfError::NotDxf);
    }
    Drawing::load(&mut Cursor::new(bytes)).map_err(|e| DxfError::Unreadable(e.to_string()))
}

/// A text DXF opens with the group code 0 and `SECTION` (after an optional byte-order mark and
/// a comment group 999); anything else is some other file the parser would fail on obscurely.
fn looks_like_text_dxf(bytes: &[u8]) -> bool {
    let head = &bytes[..bytes.len().min(4096)];
    let text = String::from_utf8_lossy(head);
    let text = text.trim_start_matches('\u{feff}');
    let mut lines = text.lines().map(str::trim);
    while let Some(code) = lines.next() {
        let value = lines.next().unwrap_or("");
        match code {
            "999" => continue,
            "0" => return value == "SECTION",
            _ => return false,
        }
    }
    false
}

/// `$INSUNITS` as a length, None when unitless or not a length the mapping offers.
pub(crate) fn drawing_unit(drawing: &Drawing) -> Option<LengthUnit> {
    match drawing.header.default_drawing_units {
        Units::Millimeters => Some(LengthUnit::Millimetre),
        Units::Centimeters => Some(LengthUnit::Centimetre),
        Units::Meters => Some(LengthUnit::Metre),
        Units::Inches => Some(LengthUnit::Inch),
        Units::Feet => Some(LengthUnit::Foot),
        _ => None,
    }
}

/// The entity's DXF type name, as CAD programs list it.
pub(crate) fn kind_name(specific: &EntityType) -> &'static str {
    match specific {
        EntityType::Line(_) => "LINE",
        EntityType::LwPolyline(_) => "LWPOLYLINE",
        EntityType::Polyline(_) => "POLYLINE",
        EntityType::Arc(_) => "ARC",
        EntityType::Circle(_) => "CIRCLE",
        EntityType::Insert(_) => "INSERT",
        EntityType::Text(_) => "TEXT",
        EntityType::MText(_) => "MTEXT",
        EntityType::Spline(_) => "SPLINE",
        EntityType::Ellipse(_) => "ELLIPSE",
        EntityType::Solid(_) => "SOLID",
        EntityType::Attribute(_) | EntityType::AttributeDefinition(_) => "ATTRIB",
        EntityType::RotatedDimension(_)
        | EntityType::RadialDimension(_)
        | EntityType::DiameterDimension(_)
        | EntityType::AngularThreePointDimension(_)
        | EntityType::OrdinateDimension(_) => "DIMENSION",
        EntityType::Leader(_) => "LEADER",
        EntityType::ModelPoint(_) => "POINT",
        _ => "OTHER",
    }
}
