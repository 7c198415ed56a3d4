//! A whole building from its drawings, one per level (issue #32): each drawing is laid out as
//! [`crate::convert`] lays out one, on the building's one placement, and the levels are joined
//! by their lifts, stairs and escalators (`crate::rides`).

use std::collections::HashMap;

use site_venues::{Said, said};

use crate::layout::{self, Level};
use crate::mapping::{self, Address, KnownLength, LengthUnit, LevelNaming, Mapping, Placement};
use crate::meaning::LayerMeaning;
use crate::output::{self, ImdfFiles};
use crate::problem::{DxfProblem, DxfRule};
use crate::read::DxfLimits;
use crate::work::Work;
use crate::{categories, plan, read, rides};

/// What the drawings of a building share: its name, address and where it stands. Every
/// drawing is placed by the same point, so the levels stack as drawn.
#[derive(Debug, Clone, PartialEq)]
pub struct BuildingMapping {
    pub venue_name: String,
    pub address: Address,
    pub placement: Placement,
}

/// One level's drawing as uploaded, and what the visitor says about it.
#[derive(Debug, Clone, PartialEq)]
pub struct LevelDrawing<'a> {
    pub bytes: &'a [u8],
    /// The uploaded file's name, which problems name.
    pub file_name: String,
    pub layers: HashMap<String, LayerMeaning>,
    pub unit: Option<LengthUnit>,
    pub known_length: Option<KnownLength>,
    pub level: LevelNaming,
}

impl LevelDrawing<'_> {
    fn mapping(&self, building: &BuildingMapping) -> Mapping {
        Mapping {
            layers: self.layers.clone(),
            unit: self.unit,
            known_length: self.known_length,
            placement: building.placement,
            venue_name: building.venue_name.clone(),
            address: building.address.clone(),
            level: self.level.clone(),
        }
    }
}

/// The IMDF files of the building drawn level by level, or every reason it cannot be
/// converted, each naming its file and level.
pub fn convert_building(
    building: &BuildingMapping,
    levels: &[LevelDrawing<'_>],
    limits: &DxfLimits,
) -> Result<ImdfFiles, Vec<DxfProblem>> {
    let mut problems =
        mapping::building_problems(building.placement, &building.venue_name, &building.address);
    if levels.is_empty() {
        problems.push(DxfProblem::drawing(
            DxfRule::Mapping,
            said!(
                "没有图纸：每个楼层上传一张 DXF 图纸",
                "No drawings: upload one DXF drawing for each level"
            ),
        ));
    }
    problems.extend(same_levels(levels));
    let mut laid = Vec::with_capacity(levels.len());
    for drawing in levels {
        let mapping = drawing.mapping(building);
        match lay_out(drawing.bytes, &mapping, mapping.level_problems(), limits) {
            Ok(level) => laid.push((&drawing.level, level)),
            Err(found) => problems.extend(
                found
                    .into_iter()
                    .map(|p| p.in_file(&drawing.file_name, &drawing.level.name)),
            ),
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    Ok(write(building, laid))
}

/// One drawing laid out as a level; `problems` are the mapping's, reported once the file
/// reads (a file that is no DXF at all is the first thing to fix).
pub(crate) fn lay_out(
    bytes: &[u8],
    mapping: &Mapping,
    problems: Vec<DxfProblem>,
    limits: &DxfLimits,
) -> Result<Level, Vec<DxfProblem>> {
    let drawing = read::parse(bytes, limits).map_err(|e| vec![DxfProblem::unreadable(&e)])?;
    if !problems.is_empty() {
        return Err(problems);
    }
    let scale = mapping
        .metres_per_unit(read::drawing_unit(&drawing))
        .map_err(|p| vec![p])?;
    let mut work = Work::new(limits.max_steps);
    let plan = plan::Plan::read(&drawing, mapping, scale, limits, &mut work)?;
    layout::lay_out(&plan, &mut work)
}

/// The levels written lowest first with the rides between them. A building of one level
/// rides nowhere: its lifts and stairs are written as rooms, or the check would find them
/// leading nowhere. In a building with a door to the street, the entrances invented where a
/// level's corridor meets its outline are left out: on an upper floor or in a car park they
/// would be doors in mid-air or in the ground, and the levels are reached by their lifts.
pub(crate) fn write(
    building: &BuildingMapping,
    mut levels: Vec<(&LevelNaming, Level)>,
) -> ImdfFiles {
    levels.sort_by_key(|(naming, _)| naming.ordinal);
    let drawn_entrance = levels.iter().any(|(_, level)| {
        level
            .openings
            .iter()
            .any(|o| o.entrance.is_some() && !o.invented)
    });
    if levels.len() > 1 && drawn_entrance {
        for (_, level) in &mut levels {
            level.openings.retain(|o| !o.invented);
        }
    }
    if let [(_, level)] = levels.as_mut_slice() {
        for room in &mut level.rooms {
            if categories::is_connector(room.category) {
                room.category = "room";
            }
        }
    }
    let laid: Vec<(&LevelNaming, &Level)> = levels.iter().map(|(n, l)| (*n, l)).collect();
    let stacked: Vec<&Level> = laid.iter().map(|(_, level)| *level).collect();
    let rides = rides::rides(&stacked);
    output::write(building, &laid, &rides)
}

/// Two drawings of one level: the same key or the same place in the stack.
fn same_levels(levels: &[LevelDrawing<'_>]) -> Vec<DxfProblem> {
    let mut problems = Vec::new();
    for (i, drawing) in levels.iter().enumerate() {
        let earlier = levels[..i].iter().find(|other| {
            other.level.short_name == drawing.level.short_name
                || other.level.ordinal == drawing.level.ordinal
        });
        if let Some(other) = earlier {
            let what = if other.level.short_name == drawing.level.short_name {
                said!("简称 {}", "short name {}", drawing.level.short_name)
            } else {
                said!("楼层序号 {}", "ordinal {}", drawing.level.ordinal)
            };
            let (first, second) = (&other.file_name, &drawing.file_name);
            let mut problem = DxfProblem::drawing(
                DxfRule::Mapping,
                Said::new(
                    format!(
                        "文件 {first} 和 {second} 是同一个楼层（{}）：每个楼层只上传一张图纸，简称和楼层序号各不相同",
                        what.chinese()
                    ),
                    format!(
                        "Files {first} and {second} are the same level ({}): upload one drawing per level, each with its own short name and ordinal",
                        what.english()
                    ),
                ),
            );
            problem.file = Some(drawing.file_name.clone());
            problems.push(problem);
        }
    }
    problems
}
