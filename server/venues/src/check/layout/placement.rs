//! Where features stand relative to each other (§2.4, §2.6, §2.8): display points inside their
//! feature, everything on a level inside the level's polygon, units of a level not overlapping,
//! every opening on a unit boundary (and which units it joins), anchors inside their unit,
//! amenities inside one of their units, kiosks named and inside a walkable unit, entrances named.
//! Overlap and boundary questions go through a bounding-box grid per level, so a level of a
//! thousand units costs about a thousand small tests, not a million.

use crate::check::timing::phase;
use std::collections::{HashMap, HashSet};
use std::sync::LazyLock;

use serde_json::Value;

use crate::contract::contract;
use crate::geometry::{Bbox, Point, nearest_on_segment};

use super::super::features::{Feature, Kind, VenueFiles};
use super::super::problem::{Problems, Rule};
use super::geom::{point_outside, shared_boundary_length};
use super::level_index::{LevelUnits, index_levels};
use super::overlap::Overlaps;
use super::shapes::LocalShapes;
use super::topology::{UnitRole, unit_role};
use crate::{Said, said};

/// What placement found, for the parking and reachability rules.
#[derive(Default)]
pub(super) struct Placement {
    /// The units each opening lies on, in the order of unit.geojson.
    pub joins: HashMap<String, Vec<String>>,
    /// Openings lying on their level's outline: doors to the outside.
    pub outside: HashSet<String>,
    /// Pairs of walkable units sharing open floor.
    pub open_edges: Vec<(String, String)>,
    /// The unit each amenity stands in (the first of its unit_ids that holds it).
    pub amenity_unit: HashMap<String, String>,
    /// The walkable unit each kiosk stands in.
    pub kiosk_unit: HashMap<String, String>,
}

struct Survey<'v, 's> {
    venue: &'v VenueFiles,
    shapes: &'s LocalShapes,
    /// Levels in file order, with their units.
    levels: Vec<(&'v str, LevelUnits<'v>)>,
    /// Index into `levels` by level id (a map: an upload may hold many levels).
    level_at: HashMap<&'v str, usize>,
    placement: Placement,
}

impl<'v> Survey<'v, '_> {
    fn level(&self, id: &str) -> Option<&LevelUnits<'v>> {
        self.level_at.get(id).map(|&at| &self.levels[at].1)
    }
}

fn on_boundary() -> f64 {
    contract().on_boundary_m
}

fn check_display_points(survey: &Survey, problems: &mut Problems) {
    let (venue, shapes) = (survey.venue, survey.shapes);
    let field = "properties.display_point";
    // Each building's footprints, found once: an upload may hold many of both.
    let mut footprints_of: HashMap<&str, Vec<&Feature>> = HashMap::new();
    for footprint in venue.of(Kind::Footprint) {
        for building in footprint.ids("building_ids") {
            let listed = footprints_of.entry(building).or_default();
            // A footprint naming its building twice is still one of its footprints.
            if !listed.last().is_some_and(|f| std::ptr::eq(*f, footprint)) {
                listed.push(footprint);
            }
        }
    }
    for (id, point) in &shapes.display_points {
        let Some(feature) = venue.get(id) else {
            continue;
        };
        let shape = shapes.polygons.get(id);
        let line = shapes.lines.get(id);
        if shape.is_some_and(|shape| !shape.covers(*point, on_boundary())) {
            problems.feature(
                feature,
                field,
                Rule::Geometry,
                said!(
                    "{} 在这个 {} 的几何之外；显示点位于它的要素之内（IMDF）",
                    "{} is outside the geometry of this {}; a display point lies within its feature (IMDF)",
                    shapes.lon_lat(*point),
                    feature.kind.name()
                ),
            );
        } else if line.is_some_and(|[a, b]| nearest_on_segment(*point, *a, *b).0 > on_boundary()) {
            problems.feature(
                feature,
                field,
                Rule::Geometry,
                said!(
                    "{} 不在这扇门的线上；门的显示点位于门的线上",
                    "{} is not on this opening's line; an opening's display point lies on its line",
                    shapes.lon_lat(*point)
                ),
            );
        } else if feature.kind == Kind::Building {
            let footprints = footprints_of
                .get(id.as_str())
                .map_or(&[][..], Vec::as_slice);
            let inside = footprints.iter().any(|f| {
                shapes
                    .polygons
                    .get(&f.id)
                    .is_none_or(|footprint| footprint.covers(*point, on_boundary()))
            });
            if !footprints.is_empty() && !inside {
                problems.feature(
                    feature,
                    field,
                    Rule::Geometry,
                    said!(
                        "{} 在这座建筑的每个 footprint 之外；建筑的显示点位于它的一个 footprint 之内",
                        "{} is outside every footprint of this building; a building's display point lies within one of its footprints",
                        shapes.lon_lat(*point)
                    ),
                );
            }
        }
    }
}

/// Everything on a level lies inside the level's polygon (§2.4).
fn check_inside_levels(survey: &Survey, problems: &mut Problems) {
    let (venue, shapes) = (survey.venue, survey.shapes);
    let kinds = [
        Kind::Unit,
        Kind::Opening,
        Kind::Fixture,
        Kind::Kiosk,
        Kind::Section,
    ];
    for feature in kinds.iter().flat_map(|&kind| venue.of(kind)) {
        let level_id = feature.str("level_id").unwrap_or_default();
        let Some(outline) = shapes.polygons.get(level_id) else {
            continue;
        };
        let mut outside = shapes.lines.get(&feature.id).and_then(|line| {
            line.iter()
                .copied()
                .find(|end| !outline.covers(*end, on_boundary()))
        });
        let polygons = shapes
            .polygons
            .get(&feature.id)
            .map(|shape| &shape.polygons);
        for polygon in polygons.into_iter().flatten() {
            if outside.is_none() {
                outside = point_outside(polygon, outline, on_boundary());
            }
        }
        if let Some(outside) = outside {
            problems.feature(
                feature,
                "geometry",
                Rule::Levels,
                said!(
                    "在 {} 附近超出了它所在的楼层 {}；楼层上的一切都在楼层的多边形之内：移动它，或改楼层的轮廓",
                    "reaches outside its level {1} near {0}; everything on a level lies within the level's polygon: move it, or change the level's outline",
                    shapes.lon_lat(outside),
                    venue.level_name(level_id)
                ),
            );
        }
    }
}

/// Overlapping pairs reported at most: a building of rooms drawn over each other has one for
/// each pair (200 rooms on one spot, 19,900 pairs and seconds of triangles), and the first
/// ones are enough to see what to fix.
const MAX_OVERLAPS: usize = 100;

/// No two units of a level overlap by more than the contract's limit (§2.4); the later unit of
/// the file is reported.
fn check_overlaps(survey: &Survey, problems: &mut Problems) {
    let (venue, shapes) = (survey.venue, survey.shapes);
    let limit = contract().overlap_limit_m2;
    let mut overlaps = Overlaps::default();
    let mut reported = 0;
    for (level_id, level) in &survey.levels {
        for (at, unit) in level.units.iter().enumerate() {
            let shape = &shapes.polygons[&unit.id];
            for other_at in level.units_touching(&shape.bbox) {
                if reported == MAX_OVERLAPS {
                    return;
                }
                if other_at <= at {
                    continue;
                }
                let other = level.units[other_at];
                let other_shape = &shapes.polygons[&other.id];
                let mut area = 0.0;
                for a in &shape.polygons {
                    for b in &other_shape.polygons {
                        area += overlaps.area(a, b);
                    }
                }
                if area > limit {
                    reported += 1;
                    problems.feature(
                        other,
                        "geometry",
                        Rule::Levels,
                        said!(
                            "与 {}（{}）在 {} 上重叠 {area:.2} m²；同一楼层的单元互不重叠：把共用的墙移到同一条线上",
                            "overlaps {} ({}) on {} by {area:.2} m²; units on the same level do not overlap: move the wall they share onto one line",
                            unit.describe(),
                            unit.id,
                            venue.level_name(level_id)
                        ),
                    );
                }
            }
        }
    }
}

/// Where an opening is tested against a boundary (§2.6): both ends and its middle.
fn probes([a, b]: [Point; 2]) -> [Point; 3] {
    [a, Point::new((a.x + b.x) / 2.0, (a.y + b.y) / 2.0), b]
}

/// The units an opening lies on (indexes into the level's units, in file order): all its probes
/// within `on_boundary` of the unit's boundary.
fn units_under(line: [Point; 2], level: &LevelUnits) -> Vec<usize> {
    let points = probes(line);
    let mut nearest: HashMap<usize, [f64; 3]> = HashMap::new();
    let query = Bbox::of_points(line).inflated(on_boundary());
    for edge in level.edges_touching(&query) {
        let best = nearest.entry(edge.unit).or_insert([f64::INFINITY; 3]);
        for (i, p) in points.iter().enumerate() {
            best[i] = best[i].min(nearest_on_segment(*p, edge.a, edge.b).0);
        }
    }
    let mut units: Vec<usize> = nearest
        .into_iter()
        .filter(|(_, distances)| distances.iter().all(|&d| d <= on_boundary()))
        .map(|(unit, _)| unit)
        .collect();
    units.sort_unstable();
    units
}

fn check_openings(survey: &mut Survey, problems: &mut Problems) {
    let (venue, shapes) = (survey.venue, survey.shapes);
    let mut joins = Vec::new();
    for opening in venue.of(Kind::Opening) {
        let level_id = opening.str("level_id").unwrap_or_default();
        let (Some(&line), Some(level), Some(outline)) = (
            shapes.lines.get(&opening.id),
            survey.level(level_id),
            shapes.polygons.get(level_id),
        ) else {
            continue;
        };
        let joined: Vec<&Feature> = units_under(line, level)
            .into_iter()
            .map(|at| level.units[at])
            .collect();
        let on_outline = probes(line).iter().all(|&p| {
            outline
                .polygons
                .iter()
                .any(|polygon| polygon.boundary_distance(p) <= on_boundary())
        });
        let where_ = venue.level_name(level_id);
        if joined.is_empty() {
            problems.feature(
                opening,
                "geometry",
                Rule::Openings,
                said!(
                    "不在 {where_} 任何单元的边界上；门位于它连接的单元之间的墙上（两端和中点都在单元的边 {} 厘米以内）",
                    "is not on the boundary of any unit on {where_}; an opening lies on the wall between the units it joins (both ends and the midpoint within {} cm of a unit's edge)",
                    (on_boundary() * 100.0).round()
                ),
            );
        } else if let ([unit], false) = (joined.as_slice(), on_outline) {
            problems.feature(
                opening,
                "geometry",
                Rule::Openings,
                said!(
                    "只在一个单元（{}，{}）的边界上，也不在 {where_} 的轮廓上；门连接两个单元，或一个单元和室外",
                    "is on the boundary of only one unit ({}, {}) and not on the outline of {where_}; an opening joins two units, or a unit and the outside",
                    unit.describe(),
                    unit.id
                ),
            );
        }
        let entrance = opening
            .str("category")
            .is_some_and(|c| contract().is_entrance(c));
        if on_outline && entrance && opening.label("name").is_none() {
            problems.feature(
                opening,
                "properties.name",
                Rule::Openings,
                said!(
                    "是 null，但这扇门在楼层轮廓上，是入口；入口要有名称，例如 {{\"zh-Hans\": \"北门\"}}",
                    "is null, but this opening is on the level's outline, so it is an entrance; an entrance needs a name, such as {{\"en\": \"North entrance\"}}"
                ),
            );
        }
        joins.push((
            opening.id.clone(),
            joined.iter().map(|unit| unit.id.clone()).collect(),
            on_outline,
        ));
    }
    for (id, units, on_outline) in joins {
        if on_outline {
            survey.placement.outside.insert(id.clone());
        }
        survey.placement.joins.insert(id, units);
    }
}

fn check_points(survey: &mut Survey, problems: &mut Problems) {
    let (venue, shapes) = (survey.venue, survey.shapes);
    for anchor in venue.of(Kind::Anchor) {
        let Some(&point) = shapes.points.get(&anchor.id) else {
            continue;
        };
        let Some(unit) = anchor
            .str("unit_id")
            .and_then(|id| venue.get_of(Kind::Unit, id))
        else {
            continue;
        };
        let Some(shape) = shapes.polygons.get(&unit.id) else {
            continue;
        };
        if !shape.covers(point, on_boundary()) {
            problems.feature(
                anchor,
                "geometry",
                Rule::Geometry,
                said!(
                    "{} 在它的单元 {}（{}）之外；锚点放在它所指的单元之内（IMDF）",
                    "{} is outside its {} ({}); an anchor lies within the unit it refers to (IMDF)",
                    shapes.lon_lat(point),
                    unit.describe(),
                    unit.id
                ),
            );
        }
    }
    for amenity in venue.of(Kind::Amenity) {
        let Some(&point) = shapes.points.get(&amenity.id) else {
            continue;
        };
        let units: Vec<&str> = amenity
            .ids("unit_ids")
            .into_iter()
            .filter(|id| venue.get_of(Kind::Unit, id).is_some())
            .collect();
        let holder = units.iter().find(|id| {
            shapes
                .polygons
                .get(**id)
                .is_some_and(|shape| shape.covers(point, on_boundary()))
        });
        if let Some(holder) = holder {
            survey
                .placement
                .amenity_unit
                .insert(amenity.id.clone(), (*holder).to_owned());
        } else if !units.is_empty() && units.iter().all(|id| shapes.polygons.contains_key(*id)) {
            problems.feature(
                amenity,
                "geometry",
                Rule::Geometry,
                said!(
                    "{} 在它所有的单元（properties.unit_ids）之外；设施立在它所指的一个单元之内",
                    "{} is outside all its units (properties.unit_ids); an amenity stands within one of the units it refers to",
                    shapes.lon_lat(point)
                ),
            );
        }
    }
}

/// The walkable categories as the contract lists them (`unit_roles.walkable`), for messages.
fn walkable_list() -> &'static Said {
    static LIST: LazyLock<Said> = LazyLock::new(|| {
        let file: Value =
            serde_json::from_str(include_str!("../../../../../docs/venue-contract.json"))
                .unwrap_or_default();
        let list: Vec<&str> = file["unit_roles"]["walkable"]
            .as_array()
            .map(|list| list.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        Said::new(list.join("、"), list.join(", "))
    });
    &LIST
}

fn check_kiosks(survey: &mut Survey, problems: &mut Problems) {
    let (venue, shapes) = (survey.venue, survey.shapes);
    for kiosk in venue.of(Kind::Kiosk) {
        // The viewer labels each screen and the kiosk view starts from its point (§2.8).
        if kiosk.label("name").is_none() {
            problems.feature(
                kiosk,
                "properties.name",
                Rule::KiosksAndParking,
                said!(
                    "是 null；导视屏要有名称，例如 {{\"zh-Hans\": \"L1 北中庭导视屏\"}}",
                    "is null; a kiosk needs a name, such as {{\"en\": \"L1 North atrium kiosk\"}}"
                ),
            );
        }
        if kiosk.display_point().is_none() {
            problems.feature(
                kiosk,
                "properties.display_point",
                Rule::KiosksAndParking,
                said!(
                    "是 null；导视屏要有显示点，“您在这里”画在那里",
                    "is null; a kiosk needs a display point, where \"You are here\" is drawn"
                ),
            );
        }
        let level_id = kiosk.str("level_id").unwrap_or_default();
        let (Some(shape), Some(level)) = (shapes.polygons.get(&kiosk.id), survey.level(level_id))
        else {
            continue;
        };
        let holder = level.units_touching(&shape.bbox).into_iter().find(|&at| {
            let unit = level.units[at];
            unit_role(unit.str("category").unwrap_or_default()) == UnitRole::Walkable
                && shape.polygons.iter().all(|polygon| {
                    point_outside(polygon, &shapes.polygons[&unit.id], on_boundary()).is_none()
                })
        });
        match holder {
            Some(at) => {
                let id = level.units[at].id.clone();
                survey.placement.kiosk_unit.insert(kiosk.id.clone(), id);
            }
            None => problems.feature(
                kiosk,
                "geometry",
                Rule::KiosksAndParking,
                Said::new(
                    format!(
                        "没有立在 {} 的某一个可步行单元（{}）之内；导视屏立在公共通行区域",
                        venue.level_name(level_id),
                        walkable_list().chinese()
                    ),
                    format!(
                        "does not stand within a walkable unit ({}) of {}; a kiosk stands in a public area where visitors walk",
                        walkable_list().english(),
                        venue.level_name(level_id)
                    ),
                ),
            ),
        }
    }
}

/// Pairs of walkable units sharing at least the contract's length of edge: open floor (§2.6).
fn find_open_edges(survey: &mut Survey) {
    let shapes = survey.shapes;
    let tolerance = on_boundary();
    let minimum = contract().open_edge_min_m;
    let walkable =
        |unit: &Feature| unit_role(unit.str("category").unwrap_or_default()) == UnitRole::Walkable;
    for (_, level) in &survey.levels {
        for (at, unit) in level.units.iter().enumerate() {
            if !walkable(unit) {
                continue;
            }
            let shape = &shapes.polygons[&unit.id];
            let near = shape.bbox.inflated(tolerance);
            // The grid answers exactly the units whose box touches `near`.
            for other_at in level.units_touching(&near) {
                let other = level.units[other_at];
                if other_at <= at || !walkable(other) {
                    continue;
                }
                let other_shape = &shapes.polygons[&other.id];
                let mut shared = 0.0;
                for a in &shape.polygons {
                    for b in &other_shape.polygons {
                        shared += shared_boundary_length(a, b, tolerance);
                    }
                }
                if shared >= minimum {
                    survey
                        .placement
                        .open_edges
                        .push((unit.id.clone(), other.id.clone()));
                }
            }
        }
    }
}

/// Runs every placement rule; what it found, for parking and reachability.
pub(super) fn check(
    venue: &VenueFiles,
    shapes: &LocalShapes,
    problems: &mut Problems,
) -> Placement {
    let levels = phase("placement: index levels", || index_levels(venue, shapes));
    let mut level_at = HashMap::new();
    for (at, (id, _)) in levels.iter().enumerate() {
        level_at.entry(*id).or_insert(at);
    }
    let mut survey = Survey {
        venue,
        shapes,
        levels,
        level_at,
        placement: Placement::default(),
    };
    phase("placement: display points", || {
        check_display_points(&survey, problems)
    });
    phase("placement: inside levels", || {
        check_inside_levels(&survey, problems)
    });
    phase("placement: overlaps", || check_overlaps(&survey, problems));
    phase("placement: openings", || {
        check_openings(&mut survey, problems)
    });
    phase("placement: points", || check_points(&mut survey, problems));
    phase("placement: kiosks", || check_kiosks(&mut survey, problems));
    phase("placement: open edges", || find_open_edges(&mut survey));
    survey.placement
}
