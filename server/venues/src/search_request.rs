//! Search over one venue's places (docs/venue-contract.md §4.3): the index of `search/` fed at load with every
//! place, its aliases and its category's words, and asked with the request's filters and the
//! walking distances from `near` (one Dijkstra, only when `near` is given).

use super::inputs::Wordings;
use super::location_text::{Field, PlaceError};
use super::place_table::Place;
use super::resolve_location::Located;
use super::search::{MatchKind, QueryError, SearchEntry, SearchFilters, SearchIndex, SearchQuery};
use super::venue::Venue;

/// Results a search answers with when the request names no limit, and at most.
pub const DEFAULT_LIMIT: usize = 10;
pub const MAX_LIMIT: usize = 50;

/// What a search asks, as the request wrote it.
#[derive(Debug, Clone, Copy, Default)]
pub struct SearchRequest<'a> {
    pub query: &'a str,
    /// A location (docs/venue-contract.md §4.2): results of one kind are ordered by walking distance from it.
    pub near: Option<&'a str>,
    /// A level short name (any case) or id.
    pub level: Option<&'a str>,
    /// An IMDF category; `restroom` admits `restroom.female`.
    pub category: Option<&'a str>,
    pub limit: usize,
}

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SearchError {
    #[error(transparent)]
    Query(#[from] QueryError),
    #[error(transparent)]
    Near(#[from] PlaceError),
    /// The level filter names no level of the venue (HTTP 422).
    #[error("no level {0:?} in this venue")]
    LevelUnknown(String),
    /// The category filter is neither in the catalog nor used by any place (HTTP 422).
    #[error("no category {0:?}")]
    CategoryUnknown(String),
}

/// One result: the place and how it matched.
#[derive(Debug, Clone, PartialEq)]
pub struct Found<'a> {
    pub place: &'a Place,
    pub kind: MatchKind,
    pub distance_m: Option<f64>,
}

/// The index of a venue's places; keys are indexes into [`Venue::places`].
pub(super) fn build_index(
    places: &[Place],
    level_names: &[String],
    wordings: &Wordings,
) -> SearchIndex {
    let entries = places
        .iter()
        .enumerate()
        .map(|(key, place)| {
            let category = place.category.clone().unwrap_or_default();
            SearchEntry {
                key,
                names: (place.name.iter().map(|name| name.main().to_owned()))
                    .chain(place.alt_names.iter().cloned())
                    .collect(),
                category_terms: category_terms(wordings, &category),
                category,
                level: level_names[place.level].clone(),
            }
        })
        .collect();
    SearchIndex::new(entries)
}

/// The words of a category and of each of its dotted prefixes: "卫生间" finds
/// `restroom.female` as well as "女卫生间" does.
/// In every language the venue answers in: "toilet" finds it as well.
fn category_terms(wordings: &Wordings, category: &str) -> Vec<String> {
    let mut terms: Vec<String> = Vec::new();
    for wording in wordings.iter() {
        let mut key = category;
        while !key.is_empty() {
            if let Some(entry) = wording.catalog.categories.get(key) {
                let words = std::iter::once(&entry.label).chain(&entry.synonyms);
                for word in words {
                    if !terms.contains(word) {
                        terms.push(word.clone());
                    }
                }
            }
            key = key.rfind('.').map_or("", |dot| &key[..dot]);
        }
    }
    terms
}

impl Venue {
    /// The places matching `request`, best first (docs/venue-contract.md §4.3).
    pub fn search(&self, request: &SearchRequest<'_>) -> Result<Vec<Found<'_>>, SearchError> {
        let level = match request.level {
            Some(key) => Some(
                self.level(key)
                    .ok_or_else(|| SearchError::LevelUnknown(key.to_owned()))?
                    .short
                    .clone(),
            ),
            None => None,
        };
        if let Some(category) = request.category
            && self.wordings.first().catalog.entry(category).is_none()
            && !self.places.iter().any(|place| {
                place
                    .category
                    .as_deref()
                    .is_some_and(|own| super::inputs::category_matches(own, category))
            })
        {
            return Err(SearchError::CategoryUnknown(category.to_owned()));
        }
        let filters = SearchFilters {
            level,
            category: request.category.map(str::to_owned),
        };
        let query = SearchQuery::parse(request.query, filters)?;
        let distances = match request.near {
            Some(near) => {
                let from: Located = self.locate(Field::Near, near)?;
                Some(self.distances_from_near(&from))
            }
            None => None,
        };
        let distance = |key: usize| distances.as_ref().and_then(|all| all[key]);
        let limit = request.limit.clamp(1, MAX_LIMIT);
        // Within a kind of match, places are ordered by walking time, which counts the rides.
        let hits = self
            .search_index
            .search(&query, limit, |key| distance(key).map(|d| d.seconds));
        Ok(hits
            .into_iter()
            .map(|hit| Found {
                place: &self.places[hit.key],
                kind: hit.kind,
                distance_m: distance(hit.key).map(|d| d.metres),
            })
            .collect())
    }
}
