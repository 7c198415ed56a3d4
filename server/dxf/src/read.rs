//! The DXF file parsed, or refused with a sentence the visitor can act on.

use std::io::Cursor;

use dxf::Drawing;
use dxf::entities::EntityType;
use dxf::enums::Units;

use crate::mapping::LengthUnit;
use crate::problem::DxfError;

/// What reading a drawing may cost. The parser holds about 2 KB per object of the file
/// (entity, table entry, block), so a 20 MB text DXF of bare points, 900,000 of them, held
/// 1.7 GB: the objects are counted before it runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DxfLimits {
    /// Objects of one drawing: every group `0` of the file.
    pub max_objects: usize,
    /// Rooms of one drawing: a mall's car park level has 400, and each room is compared with
    /// the others near it and with every door.
    pub max_rooms: usize,
    /// Positions of every room outline of one drawing together, arcs flattened.
    pub max_vertices: usize,
    /// Steps of the conversion's comparisons (`work.rs`): about a second.
    pub max_steps: u64,
}

impl Default for DxfLimits {
    fn default() -> Self {
        Self {
            max_objects: 50_000,
            max_rooms: 5_000,
            max_vertices: 200_000,
            max_steps: 400_000_000,
        }
    }
}

/// Bytes per object of the smallest binary DXF objects: a binary drawing is judged by its size,
/// as its objects cannot be counted without reading it.
const BINARY_BYTES_PER_OBJECT: usize = 20;

/// Binary DWG files start with their version, `AC1015` and the like; DXF never does.
const DWG_MAGIC: &[u8] = b"AC10";
/// What a binary DXF starts with.
const BINARY_DXF_MAGIC: &[u8] = b"AutoCAD Binary DXF";

pub(crate) fn parse(bytes: &[u8], limits: &DxfLimits) -> Result<Drawing, DxfError> {
    if bytes.starts_with(DWG_MAGIC) {
        return Err(DxfError::Dwg);
    }
    let binary = bytes.starts_with(BINARY_DXF_MAGIC);
    if !binary && !looks_like_text_dxf(bytes) {
        return Err(DxfError::NotDxf);
    }
    let objects = if binary {
        bytes.len() / BINARY_BYTES_PER_OBJECT
    } else {
        text_objects(bytes)
    };
    if objects > limits.max_objects {
        return Err(DxfError::TooManyObjects {
            objects,
            max: limits.max_objects,
        });
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

/// The objects of a text DXF: its group codes `0`, read pair by pair without keeping anything.
fn text_objects(bytes: &[u8]) -> usize {
    let mut lines = bytes.split(|&b| b == b'\n');
    let mut objects = 0;
    while let Some(code) = lines.next() {
        if code.trim_ascii() == b"0" {
            objects += 1;
        }
        if lines.next().is_none() {
            break;
        }
    }
    objects
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
