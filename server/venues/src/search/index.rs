//! The search index of one venue: every place's names, aliases and category terms, prepared once
//! at start; `lookup` searches it (docs/venue-contract.md §4.3). It knows places only by the caller's key:
//! nothing here knows IMDF, levels beyond their names, or how walking distances are found.

use std::collections::HashMap;

use super::match_kind::MatchKind;
use super::matcher::CompiledQuery;
use super::name::PreparedName;
use super::query::normalize;
use super::readings::{Readings, Unit};

mod lookup;
#[cfg(test)]
mod tests;

/// One place as the index is given it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SearchEntry {
    /// The caller's index of the place, handed back in [`SearchHit::key`] and to the distance
    /// function.
    pub key: usize,
    /// The name first, then aliases (`alt_name` in any language, e.g. "Starbucks"). A parking
    /// space's number ("B1-023") is its name. May be empty: the place is then found by category.
    pub names: Vec<String>,
    /// The IMDF category, e.g. "restroom.female", "cafe".
    pub category: String,
    /// The Chinese label and synonyms of the category ("卫生间", "厕所", "洗手间", "WC"). Places of
    /// one category should get the same terms; if they differ, the category gets all of them.
    pub category_terms: Vec<String>,
    /// The level's short name, for the level filter.
    pub level: String,
}

#[cfg(test)]
impl SearchEntry {
    /// An entry as the tests and the benchmark write one.
    pub(super) fn of(
        key: usize,
        names: &[&str],
        category: &str,
        terms: &[&str],
        level: &str,
    ) -> Self {
        let owned = |texts: &[&str]| texts.iter().map(|text| text.to_string()).collect();
        SearchEntry {
            key,
            names: owned(names),
            category: category.to_owned(),
            category_terms: owned(terms),
            level: level.to_owned(),
        }
    }
}

/// One result of a search.
#[derive(Debug, Clone, PartialEq)]
pub struct SearchHit {
    /// The caller's key of the place.
    pub key: usize,
    /// How it matched; a place appears once, with its best match.
    pub kind: MatchKind,
    /// Which of the place's names matched (0 is the name, 1.. the aliases); `None` for a
    /// category match.
    pub matched_name: Option<usize>,
    /// The walking distance the caller's distance function gave, if any.
    pub distance_m: Option<f64>,
}

/// The search index of one venue. Built once; searching allocates only the answer and a small
/// per-query table.
#[derive(Debug)]
pub struct SearchIndex {
    readings: Readings,
    units: Vec<Unit>,
    names: Vec<PreparedName>,
    places: Vec<Place>,
    /// What the search loop reads of every place, kept apart from the rest so that the loop runs
    /// over a small contiguous array.
    signatures: Vec<PlaceSignature>,
    categories: Vec<Category>,
    levels: Vec<String>,
}

#[derive(Debug)]
struct Place {
    key: usize,
    /// Indexes into `SearchIndex::names`, in the entry's order.
    first_name: u32,
    name_count: u32,
    /// The entry's name as given and its length in characters: the last sort keys.
    sort_name: String,
    sort_len: usize,
}

/// The union of a place's name signatures (see [`PreparedName`]), its category and its level.
#[derive(Debug, Clone, Copy)]
struct PlaceSignature {
    chars: u64,
    starts: u64,
    category: u32,
    level: u32,
}

impl PlaceSignature {
    /// Whether any name of the place may match the query, by the tests of
    /// [`SearchIndex::match_names`] applied to all its names at once.
    fn may_match(&self, query: &CompiledQuery) -> bool {
        let missing = query.chars & !self.chars;
        (missing == 0 && query.first & self.starts != 0)
            || (query.typo_tolerant && missing.count_ones() <= 1)
    }
}

#[derive(Debug)]
struct Category {
    name: String,
    /// The category's terms, and the IMDF category itself ("restroom.female" finds with
    /// "restroom"), prepared like names.
    terms: Vec<PreparedName>,
    term_texts: Vec<String>,
}

impl SearchIndex {
    /// Prepares every name, alias and category term: normalised, split into characters, each
    /// Chinese character with its toneless readings.
    pub fn new(entries: Vec<SearchEntry>) -> Self {
        let mut index = Self {
            readings: Readings::default(),
            units: Vec::new(),
            names: Vec::new(),
            places: Vec::with_capacity(entries.len()),
            signatures: Vec::with_capacity(entries.len()),
            categories: Vec::new(),
            levels: Vec::new(),
        };
        let mut category_ids: HashMap<String, usize> = HashMap::new();
        let mut level_ids: HashMap<String, usize> = HashMap::new();
        for entry in entries {
            let first_name = index.names.len() as u32;
            for name in &entry.names {
                let name =
                    PreparedName::new(&normalize(name), &mut index.readings, &mut index.units);
                index.names.push(name);
            }
            let category = *category_ids
                .entry(entry.category.clone())
                .or_insert_with(|| {
                    index.categories.push(Category {
                        name: entry.category.clone(),
                        terms: Vec::new(),
                        term_texts: Vec::new(),
                    });
                    index.categories.len() - 1
                });
            for term in entry.category_terms.iter().chain([&entry.category]) {
                let text = normalize(term);
                let known = &index.categories[category].term_texts;
                if text.is_empty() || known.contains(&text) {
                    continue;
                }
                let prepared = PreparedName::new(&text, &mut index.readings, &mut index.units);
                index.categories[category].terms.push(prepared);
                index.categories[category].term_texts.push(text);
            }
            let level = *level_ids.entry(entry.level.clone()).or_insert_with(|| {
                index.levels.push(entry.level);
                index.levels.len() - 1
            });
            let names = &index.names[first_name as usize..];
            index.signatures.push(PlaceSignature {
                chars: names.iter().fold(0, |bits, name| bits | name.chars),
                starts: names.iter().fold(0, |bits, name| bits | name.starts),
                category: category as u32,
                level: level as u32,
            });
            let sort_name = entry.names.into_iter().next().unwrap_or_default();
            index.places.push(Place {
                key: entry.key,
                first_name,
                name_count: index.names.len() as u32 - first_name,
                sort_len: sort_name.chars().count(),
                sort_name,
            });
        }
        // Kept for the venue's life: the lists grown by push lose their slack.
        index.readings.shrink_to_fit();
        index.units.shrink_to_fit();
        index.names.shrink_to_fit();
        index.categories.shrink_to_fit();
        for category in &mut index.categories {
            category.terms.shrink_to_fit();
            category.term_texts.shrink_to_fit();
        }
        index.levels.shrink_to_fit();
        index
    }

    /// The number of places indexed.
    pub fn len(&self) -> usize {
        self.places.len()
    }

    /// Whether no place is indexed.
    pub fn is_empty(&self) -> bool {
        self.places.is_empty()
    }
}
