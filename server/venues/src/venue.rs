//! One loaded venue: its model, walkable space, walking graph, places and portals, how it is
//! loaded, and the route question. Locating places, walking distances, landmarks, find my car
//! and the kiosk view are further `impl Venue` blocks in their own modules.

use std::borrow::Cow;
use std::path::Path;
use std::sync::Arc;

use super::assemble::assemble;
use super::check::check_imdf;
use super::check::timing::phase;
use super::costs::walk_s;
use super::distances::NearDistances;
use super::feature_ids::{places_by_id, spaces_by_number};
use super::free_space::LevelSpace;
use super::geometry::Point;
use super::graph::{Graph, walkable_side};
use super::inputs::{FlowSettings, VenueExtras, Wording, Wordings};
use super::inside::path_inside;
use super::kiosk::{DirectorySection, directory};
use super::landmarks::Landmark;
use super::load_error::LoadError;
use super::location_text::Field;
use super::model::{Level, Model};
use super::place_table::{Place, list_places};
use super::portals::Portal;
use super::resolve_location::{AccessSpec, Located};
use super::route::{Route, RouteError};
use super::search::SearchIndex;
use super::search_request::build_index;
use super::shortest::{Access, Endpoint, Found, shortest};

#[derive(Debug)]
pub struct Venue {
    pub(super) id: String,
    pub(super) model: Model,
    pub(super) spaces: Vec<LevelSpace>,
    pub(super) graph: Graph,
    pub(super) places: Vec<Place>,
    /// Indexes into `places`, in the order of their ids ([`Venue::place_index`]).
    pub(super) place_by_id: Vec<u32>,
    /// Parking spaces in the order of their upper-case numbers ([`Venue::space_numbered`]), and
    /// all of them sorted by number (find my car).
    pub(super) space_by_number: Vec<u32>,
    pub(super) spaces_sorted: Vec<usize>,
    pub(super) portals: Vec<Portal>,
    /// Per opening: the portal on its walkable side.
    pub(super) door_portal: Vec<Option<u32>>,
    /// Per place: its ways in (through its unit's doors, or its own point's portal).
    pub(super) place_access: Vec<Vec<AccessSpec>>,
    /// Per level: (point, name, place id) of the places that can name a turn.
    pub(super) landmarks: Vec<Vec<Landmark>>,
    pub(super) wordings: Arc<Wordings>,
    pub(super) start: Option<String>,
    pub(super) flow: Option<FlowSettings>,
    /// The directory in each of `wordings`' languages, in its order.
    pub(super) directory: Vec<Vec<DirectorySection>>,
    pub(super) search_index: SearchIndex,
    pub(super) near_distances: NearDistances,
}

impl Venue {
    /// Loads the IMDF files of `dir` (`<feature_type>.geojson`) as venue `id`, once the venue
    /// check passed them: the check is the one decision whether a venue is valid (an uploaded
    /// building is loaded through here too), and the engine builds only on what it passed.
    pub fn load(
        id: &str,
        dir: &Path,
        extras: &VenueExtras,
        wordings: Arc<Wordings>,
    ) -> Result<Venue, LoadError> {
        let problems = check_imdf(dir, &dir.to_string_lossy());
        if !problems.is_empty() {
            return Err(LoadError::Invalid {
                dir: dir.to_owned(),
                problems,
            });
        }
        let mut model = phase("load: assemble", || assemble(dir))?;
        for k in &extras.kiosks {
            let Some(kiosk) = model.kiosks.iter_mut().find(|kiosk| kiosk.id == k.id) else {
                return Err(LoadError::Extras {
                    venue: id.to_owned(),
                    message: format!("kiosk {} of venue.toml is not in kiosk.geojson", k.id),
                });
            };
            kiosk.facing = k.facing;
        }
        let spaces: Vec<LevelSpace> = phase("load: walkable space", || {
            (0..model.levels.len())
                .map(|l| LevelSpace::build(&model, l))
                .collect()
        });
        let graph = phase("load: graph", || Graph::build(&model, &spaces));
        let mut portals = Vec::new();
        let mut door_portal = vec![None; model.openings.len()];
        for (o, opening) in model.openings.iter().enumerate() {
            if let Some(point) = walkable_side(&model, &spaces[opening.level], o, None) {
                door_portal[o] = Some(portals.len() as u32);
                portals.push(Portal::at(
                    &graph,
                    &spaces[opening.level],
                    opening.level,
                    point,
                ));
            }
        }
        let places = list_places(&model);
        let space_by_number = spaces_by_number(&model);
        let mut spaces_sorted: Vec<usize> = space_by_number.iter().map(|&u| u as usize).collect();
        spaces_sorted.sort_by(|&a, &b| model.units[a].name.cmp(&model.units[b].name));
        let level_names: Vec<String> = model.levels.iter().map(|l| l.short.clone()).collect();
        let search_index = build_index(&places, &level_names, &wordings);
        let mut venue = Venue {
            id: id.to_owned(),
            search_index,
            near_distances: NearDistances::default(),
            place_by_id: places_by_id(&places),
            directory: wordings
                .iter()
                .map(|wording| directory(&model, &places, wording))
                .collect(),
            model,
            spaces,
            graph,
            places,
            space_by_number,
            spaces_sorted,
            portals,
            door_portal,
            place_access: Vec::new(),
            landmarks: Vec::new(),
            wordings,
            start: extras.start.clone(),
            flow: extras.flow.clone(),
        };
        venue.place_access = (0..venue.places.len())
            .map(|i| venue.precompute_access(i))
            .collect();
        venue.landmarks = venue.landmark_points();
        venue.shrink_to_fit();
        if let Some(start) = &venue.start {
            venue
                .locate(Field::From, start)
                .map_err(|e| LoadError::Extras {
                    venue: id.to_owned(),
                    message: format!("start: {e}"),
                })?;
        }
        Ok(venue)
    }

    /// The venue taken apart, each part named: for `examples/venue_memory.rs`, which drops
    /// them one by one to see what each holds. Not an API.
    #[doc(hidden)]
    pub fn into_parts(self) -> Vec<(&'static str, Box<dyn std::any::Any>)> {
        fn part<T: 'static>(
            name: &'static str,
            value: T,
        ) -> (&'static str, Box<dyn std::any::Any>) {
            (name, Box::new(value))
        }
        vec![
            part("model", self.model),
            part("spaces (walkable space)", self.spaces),
            part("graph", self.graph),
            part("places", self.places),
            part("place_by_id", self.place_by_id),
            part(
                "space_by_number + spaces_sorted",
                (self.space_by_number, self.spaces_sorted),
            ),
            part("portals + door_portal", (self.portals, self.door_portal)),
            part("place_access", self.place_access),
            part("landmarks", self.landmarks),
            part("directory", self.directory),
            part("search_index", self.search_index),
            part("near_distances", self.near_distances),
            part("wordings (a shared Arc)", self.wordings),
            part("id, start, flow", (self.id, self.start, self.flow)),
        ]
    }

    pub fn id(&self) -> &str {
        &self.id
    }

    pub fn name(&self) -> &str {
        &self.model.name
    }

    /// The IMDF venue category ("shoppingcenter").
    pub fn category(&self) -> &str {
        &self.model.category
    }

    /// Levels in ascending ordinal.
    pub fn levels(&self) -> &[Level] {
        &self.model.levels
    }

    /// A level by short name (any case) or id.
    pub fn level(&self, key: &str) -> Option<&Level> {
        self.model.level_index(key).map(|i| &self.model.levels[i])
    }

    /// Every searchable place.
    pub fn places(&self) -> &[Place] {
        &self.places
    }

    /// The model, for readers that need more than the places (search reads unit ids).
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// The id of a unit by its index (as in [`Place::unit`] and [`Located::unit`]).
    pub fn unit_id(&self, unit: usize) -> &str {
        &self.model.units[unit].id
    }

    /// The language its data is written in, and answers are when no other is asked for.
    pub fn main_language(&self) -> &str {
        &self.wordings.first().language
    }

    /// The words the venue answers `language` in (an IMDF tag), else those of its first.
    pub fn wording(&self, language: &str) -> &Wording {
        self.wordings.get(language)
    }

    /// `[lon, lat]` of a local point.
    pub fn lon_lat(&self, p: Point) -> [f64; 2] {
        self.model.frame.to_lon_lat(p)
    }

    /// The local point of `[lon, lat]`.
    pub fn to_local(&self, lon: f64, lat: f64) -> Point {
        self.model.frame.to_local(lon, lat)
    }

    /// How the venue's simulated visitors come and stay, if it has flow analytics.
    pub fn flow_settings(&self) -> Option<&FlowSettings> {
        self.flow.as_ref()
    }

    /// The default start of the venue (venue.toml `samples.start`), if it has one.
    pub fn default_start(&self) -> Option<&str> {
        self.start.as_deref()
    }

    /// The route between two locations as written (docs/venue-contract.md §4.4), told in
    /// `language` (an IMDF tag).
    pub fn route(
        &self,
        from: &str,
        to: &str,
        accessible: bool,
        language: &str,
    ) -> Result<Route, RouteError> {
        let from = self.locate(Field::From, from)?;
        let to = self.locate(Field::To, to)?;
        self.route_between(&from, &to, accessible, language)
    }

    /// The time-optimal route between two resolved places, told in `language`.
    pub fn route_between(
        &self,
        from: &Located,
        to: &Located,
        accessible: bool,
        language: &str,
    ) -> Result<Route, RouteError> {
        let wording = self.wordings.get(language);
        let no_route = || {
            if accessible {
                RouteError::NoAccessibleRoute
            } else {
                RouteError::NoRoute
            }
        };
        let start = self.endpoint(from, Field::From)?;
        let end = self.endpoint(to, Field::To)?;
        if let Some(unit) = from.unit
            && from.unit == to.unit
            && self.is_room(from.unit)
        {
            // Both ends in one shop: walk across it, round its corners if need be.
            let shape = &self.model.units[unit].shape;
            let mut via = vec![from.point];
            via.extend(path_inside(shape, from.point, to.point));
            via.push(to.point);
            let metres: f64 = via.windows(2).map(|w| w[0].distance(w[1])).sum();
            via.pop();
            let own = |via: Vec<Point>, metres: f64| Endpoint {
                level: from.level,
                accesses: vec![Access {
                    portal: Cow::Owned(Portal {
                        level: from.level,
                        point: to.point,
                        nodes: Vec::new(),
                    }),
                    via,
                    metres,
                }],
            };
            let found = Found {
                cost_s: walk_s(metres),
                from_access: 0,
                to_access: 0,
                nodes: Vec::new(),
            };
            let (start, end) = (own(via, metres), own(Vec::new(), 0.0));
            return Ok(self.assemble_route(
                from,
                to,
                (&start, &end),
                &found,
                (accessible, wording),
            ));
        }
        let found =
            shortest(&self.graph, &self.spaces, &start, &end, accessible).ok_or_else(no_route)?;
        Ok(self.assemble_route(from, to, (&start, &end), &found, (accessible, wording)))
    }
}
