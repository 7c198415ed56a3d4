//! The search over a built index: the query's filters, each place's best match among its names
//! or its category, and the ranking of the answer.

use std::cmp::Ordering;

use super::super::fuzzy::within_one_typo;
use super::super::match_kind::MatchKind;
use super::super::matcher::{CompiledQuery, classify};
use super::super::query::SearchQuery;
use super::{Category, Place, SearchHit, SearchIndex};

impl SearchIndex {
    /// The best `limit` places for `query`, ranked by match kind (exact, prefix, initials,
    /// contains, fuzzy, category), then walking distance (places without one last), then name
    /// length, then name. The level and category filters of the query are applied here.
    ///
    /// `distance` gives the walking distance of a key from the query's `near` point, or `None`
    /// (pass `|_| None` without one). It is asked only about places that can still make the
    /// answer: those in the match kinds needed to fill `limit`.
    pub fn search<F>(&self, query: &SearchQuery, limit: usize, distance: F) -> Vec<SearchHit>
    where
        F: Fn(usize) -> Option<f64>,
    {
        if limit == 0 {
            return Vec::new();
        }
        let admitted_categories = self.admitted_categories(query);
        let admitted_level = match &query.filters().level {
            Some(level) => match self.levels.iter().position(|known| known == level) {
                Some(id) => Some(id as u32),
                None => return Vec::new(),
            },
            None => None,
        };
        let compiled = (!query.text().is_empty()).then(|| CompiledQuery::new(query.text()));
        let named_categories: Vec<bool> = match &compiled {
            // A single Latin letter names no category, or every first keystroke would list whole
            // categories.
            Some(_)
                if query.text().len() == 1 && query.text().as_bytes()[0].is_ascii_alphabetic() =>
            {
                vec![false; self.categories.len()]
            }
            Some(compiled) => self
                .categories
                .iter()
                .map(|c| self.names_category(compiled, c))
                .collect(),
            // An empty query lists the filtered category (the parser allows it only with one).
            None => vec![true; self.categories.len()],
        };

        let mut found: Vec<Found> = Vec::new();
        let mut per_kind = [0usize; MatchKind::ALL.len()];
        for (place_id, signature) in self.signatures.iter().enumerate() {
            let category = signature.category as usize;
            if !admitted_categories[category]
                || admitted_level.is_some_and(|l| l != signature.level)
            {
                continue;
            }
            let matched = compiled
                .as_ref()
                .filter(|compiled| signature.may_match(compiled))
                .and_then(|compiled| self.match_names(compiled, &self.places[place_id]));
            let matched = matched
                .or_else(|| named_categories[category].then_some((MatchKind::Category, None)));
            if let Some((kind, name)) = matched {
                per_kind[kind as usize] += 1;
                found.push(Found {
                    place: place_id,
                    kind,
                    name,
                });
            }
        }

        // Kinds after the one that fills `limit` cannot appear in the answer: drop them before
        // asking for distances.
        let mut enough = 0;
        let cutoff = MatchKind::ALL
            .into_iter()
            .find(|kind| {
                enough += per_kind[*kind as usize];
                enough >= limit
            })
            .unwrap_or(MatchKind::Category);
        found.retain(|f| f.kind <= cutoff);

        let mut hits: Vec<(SearchHit, &Place)> = found
            .into_iter()
            .map(|f| {
                let place = &self.places[f.place];
                let hit = SearchHit {
                    key: place.key,
                    kind: f.kind,
                    matched_name: f.name,
                    distance_m: distance(place.key),
                };
                (hit, place)
            })
            .collect();
        hits.sort_unstable_by(|(a, pa), (b, pb)| {
            a.kind
                .cmp(&b.kind)
                .then_with(|| compare_distances(a.distance_m, b.distance_m))
                .then_with(|| pa.sort_len.cmp(&pb.sort_len))
                .then_with(|| pa.sort_name.cmp(&pb.sort_name))
                .then_with(|| a.key.cmp(&b.key))
        });
        hits.into_iter().take(limit).map(|(hit, _)| hit).collect()
    }

    /// Which categories pass the query's category filter, by category id.
    fn admitted_categories(&self, query: &SearchQuery) -> Vec<bool> {
        match &query.filters().category {
            Some(filter) => self
                .categories
                .iter()
                .map(|c| {
                    c.name
                        .strip_prefix(filter.as_str())
                        .is_some_and(|rest| rest.is_empty() || rest.starts_with('.'))
                })
                .collect(),
            None => vec![true; self.categories.len()],
        }
    }

    /// Whether the query names a category: it reads one of the category's terms from its start,
    /// as the term itself, its pinyin, a prefix or initials ("厕所", "cesuo", "母婴", "wsj").
    fn names_category(&self, query: &CompiledQuery, category: &Category) -> bool {
        category.terms.iter().any(|term| {
            query.chars & !term.chars == 0
                && classify(query, term.units(&self.units), &self.readings)
                    .is_some_and(|kind| kind <= MatchKind::Initials)
        })
    }

    /// The best match among a place's names, and which name gave it (the first on a tie).
    fn match_names(
        &self,
        query: &CompiledQuery,
        place: &Place,
    ) -> Option<(MatchKind, Option<usize>)> {
        let names =
            &self.names[place.first_name as usize..(place.first_name + place.name_count) as usize];
        let mut best: Option<(MatchKind, Option<usize>)> = None;
        for (i, name) in names.iter().enumerate() {
            // Every character of the query must be one the name can consume, and the first must
            // be able to begin a character of it: this skips most names at once.
            if query.chars & !name.chars != 0 || query.first & name.starts == 0 {
                continue;
            }
            if let Some(kind) = classify(query, name.units(&self.units), &self.readings) {
                if best.is_none_or(|(b, _)| kind < b) {
                    best = Some((kind, Some(i)));
                }
                if kind == MatchKind::Exact {
                    return best;
                }
            }
        }
        if best.is_some() || !query.typo_tolerant {
            return best;
        }
        names
            .iter()
            .enumerate()
            .find(|(_, name)| {
                // One typo adds at most one letter the name lacks, and shortens by at most one.
                (query.chars & !name.chars).count_ones() <= 1
                    && name.reading_len + 1 >= query.len()
                    && within_one_typo(query, name.units(&self.units), &self.readings)
            })
            .map(|(i, _)| (MatchKind::Fuzzy, Some(i)))
    }
}

struct Found {
    place: usize,
    kind: MatchKind,
    name: Option<usize>,
}

/// Nearer first; places without a distance after those with one.
fn compare_distances(a: Option<f64>, b: Option<f64>) -> Ordering {
    match (a, b) {
        (Some(a), Some(b)) => a.total_cmp(&b),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => Ordering::Equal,
    }
}
