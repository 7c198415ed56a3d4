//! The search index of one venue: every place's names, aliases and category terms, prepared once
//! at start, and the search over them (contract §4.3). It knows places only by the caller's key:
//! nothing here knows IMDF, levels beyond their names, or how walking distances are found.

use std::cmp::Ordering;
use std::collections::HashMap;

use super::fuzzy::within_one_typo;
use super::match_kind::MatchKind;
use super::matcher::{CompiledQuery, classify};
use super::name::PreparedName;
use super::query::{SearchQuery, normalize};
use super::readings::{Readings, Unit};

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

#[cfg(test)]
mod tests {
    use std::cell::Cell;

    use proptest::prelude::*;

    use super::*;
    use crate::venues::search::query::SearchFilters;

    use MatchKind::*;

    const RESTROOM_TERMS: [&str; 4] = ["卫生间", "厕所", "洗手间", "WC"];

    fn entry(
        key: usize,
        names: &[&str],
        category: &str,
        terms: &[&str],
        level: &str,
    ) -> SearchEntry {
        SearchEntry {
            key,
            names: names.iter().map(|n| n.to_string()).collect(),
            category: category.to_string(),
            category_terms: terms.iter().map(|t| t.to_string()).collect(),
            level: level.to_string(),
        }
    }

    /// A small mall: shops, restrooms, a mothers' room and two parking spaces.
    fn mall() -> SearchIndex {
        SearchIndex::new(vec![
            entry(0, &["星巴克", "Starbucks"], "cafe", &["咖啡"], "L1"),
            entry(1, &["瑞幸咖啡", "luckin coffee"], "cafe", &["咖啡"], "L1"),
            entry(2, &["海底捞火锅"], "restaurant", &["餐厅"], "L5"),
            entry(3, &["中国银行"], "bank", &["银行"], "L1"),
            entry(4, &["女卫生间"], "restroom.female", &RESTROOM_TERMS, "L1"),
            entry(5, &["男卫生间"], "restroom.male", &RESTROOM_TERMS, "L2"),
            entry(6, &[], "restroom.unisex", &RESTROOM_TERMS, "B1"),
            // Amenities usually have no name of their own: their category finds them.
            entry(7, &[], "mothersroom", &["母婴室", "哺乳室"], "L2"),
            entry(8, &["B1-023"], "parking", &["停车位", "车位"], "B1"),
            entry(9, &["B1-024"], "parking", &["停车位", "车位"], "B1"),
            entry(10, &["重庆小面"], "restaurant", &["餐厅"], "L5"),
        ])
    }

    fn parse(text: &str) -> SearchQuery {
        SearchQuery::parse(text, SearchFilters::default()).unwrap()
    }

    fn search(index: &SearchIndex, text: &str) -> Vec<SearchHit> {
        index.search(&parse(text), 50, |_| None)
    }

    /// The keys and kinds of the answer, in order.
    fn found(index: &SearchIndex, text: &str) -> Vec<(usize, MatchKind)> {
        search(index, text)
            .iter()
            .map(|hit| (hit.key, hit.kind))
            .collect()
    }

    fn top(index: &SearchIndex, text: &str) -> (usize, MatchKind) {
        *found(index, text)
            .first()
            .unwrap_or_else(|| panic!("nothing found for {text:?}"))
    }

    #[test]
    fn full_pinyin_without_tones_finds_the_chinese_name() {
        let index = mall();
        assert_eq!(top(&index, "xingbake"), (0, Exact));
        assert_eq!(top(&index, "haidilaohuoguo"), (2, Exact));
        assert_eq!(top(&index, "Xing Ba Ke"), (0, Exact));
    }

    #[test]
    fn initials_find_the_name() {
        let index = mall();
        assert_eq!(top(&index, "xbk"), (0, Initials));
        assert_eq!(top(&index, "hdl"), (2, Initials));
        assert_eq!(top(&index, "rxkf"), (1, Initials));
    }

    #[test]
    fn chinese_and_pinyin_mix_in_one_query() {
        let index = mall();
        assert_eq!(top(&index, "星bk"), (0, Initials));
        assert_eq!(top(&index, "xing巴k"), (0, Prefix));
        assert_eq!(top(&index, "海底lao"), (2, Prefix));
    }

    #[test]
    fn any_syllable_prefix_finds_the_name() {
        let index = mall();
        assert_eq!(top(&index, "xingb"), (0, Prefix));
        assert_eq!(top(&index, "haidil"), (2, Prefix));
        assert_eq!(top(&index, "xinbak"), (0, Initials));
    }

    #[test]
    fn every_reading_of_a_heteronym_finds_the_name() {
        let index = mall();
        assert_eq!(top(&index, "zhongguoyinhang"), (3, Exact));
        assert_eq!(top(&index, "zgyh"), (3, Initials));
        assert_eq!(top(&index, "chongqingxiaomian"), (10, Exact));
        assert_eq!(
            top(&index, "zhongqing"),
            (10, Prefix),
            "重 read as zhong is still 重"
        );
    }

    #[test]
    fn case_and_full_width_letters_do_not_matter() {
        let index = mall();
        let hits = search(&index, "ＳＴＡＲＢＵＣＫＳ");
        assert_eq!(
            (hits[0].key, hits[0].kind, hits[0].matched_name),
            (0, Exact, Some(1))
        );
        assert_eq!(top(&index, "XBK"), (0, Initials));
        assert_eq!(top(&index, "ｘｂｋ"), (0, Initials));
        assert_eq!(top(&index, "LUCKIN"), (1, Prefix));
    }

    #[test]
    fn a_substituted_letter_still_finds_the_name() {
        assert_eq!(top(&mall(), "xingbeke"), (0, Fuzzy));
    }

    #[test]
    fn a_left_out_letter_still_finds_the_name() {
        let hits = search(&mall(), "starbuks");
        assert_eq!(
            (hits[0].key, hits[0].kind, hits[0].matched_name),
            (0, Fuzzy, Some(1))
        );
    }

    #[test]
    fn an_extra_letter_still_finds_the_name() {
        assert_eq!(top(&mall(), "haidilaoo"), (2, Fuzzy));
    }

    #[test]
    fn swapped_letters_still_find_the_name() {
        assert_eq!(top(&mall(), "xignbake"), (0, Fuzzy));
    }

    #[test]
    fn short_or_non_latin_queries_get_no_typo_allowance() {
        let index = mall();
        assert!(
            search(&index, "xbj").is_empty(),
            "three letters must be right"
        );
        assert!(
            search(&index, "星八克").is_empty(),
            "Chinese input has no typos to forgive"
        );
    }

    #[test]
    fn classes_rank_exact_prefix_initials_contains_fuzzy_category() {
        let index = SearchIndex::new(vec![
            entry(0, &["寄存处"], "luggage", &["行李寄存"], "L1"),
            entry(1, &["新华书店"], "bookstore", &[], "L1"),
            entry(2, &["明星"], "clothing", &[], "L1"),
            entry(3, &["西南广场"], "square", &[], "L1"),
            entry(4, &["星巴克"], "cafe", &[], "L1"),
            entry(5, &["行人"], "walkway", &[], "L1"),
            entry(6, &["星"], "cafe", &[], "L1"),
        ]);
        assert_eq!(
            found(&index, "xing"),
            [
                (6, Exact),
                (5, Prefix),
                (4, Prefix),
                (3, Initials),
                (2, Contains),
                (1, Fuzzy),
                (0, Category)
            ]
        );
    }

    #[test]
    fn within_a_class_nearer_places_come_first_and_those_without_a_distance_last() {
        let index = SearchIndex::new(vec![
            entry(10, &["星巴克"], "cafe", &[], "L1"),
            entry(11, &["星巴克"], "cafe", &[], "L2"),
            entry(12, &["星巴克"], "cafe", &[], "L3"),
            entry(13, &["星巴克"], "cafe", &[], "L4"),
        ]);
        let distances = |key: usize| match key {
            10 => Some(250.0),
            11 => None,
            12 => Some(40.5),
            _ => Some(120.0),
        };
        let hits = index.search(&parse("xbk"), 10, distances);
        let order: Vec<(usize, Option<f64>)> = hits.iter().map(|h| (h.key, h.distance_m)).collect();
        assert_eq!(
            order,
            [
                (12, Some(40.5)),
                (13, Some(120.0)),
                (10, Some(250.0)),
                (11, None)
            ]
        );
    }

    #[test]
    fn distance_does_not_lift_a_place_above_a_better_class() {
        let index = SearchIndex::new(vec![
            entry(0, &["星巴克臻选"], "cafe", &[], "L1"),
            entry(1, &["星巴克"], "cafe", &[], "L1"),
        ]);
        let hits = index.search(&parse("xingbake"), 10, |key| {
            Some(if key == 0 { 5.0 } else { 500.0 })
        });
        assert_eq!((hits[0].key, hits[0].kind), (1, Exact));
        assert_eq!((hits[1].key, hits[1].kind), (0, Prefix));
    }

    #[test]
    fn without_distances_shorter_names_come_first_then_by_name() {
        let index = SearchIndex::new(vec![
            entry(0, &["星巴克咖啡"], "cafe", &[], "L1"),
            entry(1, &["星巴克臻选"], "cafe", &[], "L1"),
            entry(2, &["星巴克"], "cafe", &[], "L1"),
        ]);
        assert_eq!(
            found(&index, "xbk"),
            [(2, Initials), (0, Initials), (1, Initials)]
        );
    }

    #[test]
    fn a_place_appears_once_with_its_best_match() {
        let index = SearchIndex::new(vec![entry(
            0,
            &["星巴克咖啡", "星巴克"],
            "cafe",
            &["咖啡"],
            "L1",
        )]);
        let hits = search(&index, "星巴克");
        assert_eq!(hits.len(), 1);
        assert_eq!((hits[0].kind, hits[0].matched_name), (Exact, Some(1)));
        let hits = search(&index, "咖啡");
        assert_eq!(
            (hits.len(), hits[0].kind),
            (1, Contains),
            "a name match beats the category"
        );
    }

    #[test]
    fn a_category_term_finds_every_place_of_the_category() {
        let index = mall();
        let mut restrooms: Vec<(usize, MatchKind)> = found(&index, "厕所");
        restrooms.sort();
        assert_eq!(restrooms, [(4, Category), (5, Category), (6, Category)]);
        assert_eq!(
            found(&index, "cesuo").len(),
            3,
            "category terms read as pinyin too"
        );
        assert_eq!(found(&index, "wc").len(), 3);
        assert_eq!(found(&index, "母婴"), [(7, Category)]);
        assert_eq!(found(&index, "buru"), [(7, Category)]);
    }

    #[test]
    fn the_start_of_a_category_term_is_enough() {
        let index = mall();
        assert_eq!(found(&index, "洗手").len(), 3);
        assert_eq!(found(&index, "停车"), [(8, Category), (9, Category)]);
    }

    #[test]
    fn the_imdf_category_itself_is_a_term() {
        assert_eq!(found(&mall(), "restroom").len(), 3);
        assert_eq!(top(&mall(), "mothersroom"), (7, Category));
    }

    #[test]
    fn a_single_latin_letter_lists_no_category() {
        let index = mall();
        assert!(found(&index, "c").iter().all(|(_, kind)| *kind != Category));
        assert_eq!(
            found(&index, "厕").len(),
            3,
            "one Chinese character is a real word"
        );
    }

    #[test]
    fn space_numbers_are_found_however_they_are_written() {
        let index = mall();
        for spelling in ["b1-023", "B1023", "b1 023", "Ｂ１－０２３"] {
            assert_eq!(found(&index, spelling), [(8, Exact)], "{spelling}");
        }
        assert_eq!(found(&index, "b1-02"), [(8, Prefix), (9, Prefix)]);
    }

    #[test]
    fn the_level_filter_keeps_only_that_level() {
        let index = mall();
        let filters = SearchFilters {
            level: Some("L2".into()),
            ..SearchFilters::default()
        };
        let query = SearchQuery::parse("卫生间", filters).unwrap();
        let keys: Vec<usize> = index
            .search(&query, 10, |_| None)
            .iter()
            .map(|h| h.key)
            .collect();
        assert_eq!(keys, [5]);
        let filters = SearchFilters {
            level: Some("L9".into()),
            ..SearchFilters::default()
        };
        assert!(
            index
                .search(
                    &SearchQuery::parse("卫生间", filters).unwrap(),
                    10,
                    |_| None
                )
                .is_empty()
        );
    }

    #[test]
    fn the_category_filter_admits_the_category_and_those_below_it() {
        let index = mall();
        let filtered = |category: &str, text: &str| {
            let filters = SearchFilters {
                category: Some(category.into()),
                ..SearchFilters::default()
            };
            let query = SearchQuery::parse(text, filters).unwrap();
            let mut keys: Vec<usize> = index
                .search(&query, 10, |_| None)
                .iter()
                .map(|h| h.key)
                .collect();
            keys.sort();
            keys
        };
        assert_eq!(filtered("restroom", "卫生间"), [4, 5, 6]);
        assert_eq!(filtered("restroom.female", "卫生间"), [4]);
        assert_eq!(
            filtered("rest", "卫生间"),
            Vec::<usize>::new(),
            "a category name is matched whole"
        );
        assert_eq!(filtered("cafe", "xbk"), [0]);
    }

    #[test]
    fn a_category_alone_lists_its_places_nearest_first() {
        let index = mall();
        let filters = SearchFilters {
            category: Some("restroom".into()),
            ..SearchFilters::default()
        };
        let query = SearchQuery::parse("", filters).unwrap();
        let distances = |key: usize| Some(100.0 - key as f64);
        let hits = index.search(&query, 10, distances);
        let order: Vec<(usize, MatchKind)> = hits.iter().map(|h| (h.key, h.kind)).collect();
        assert_eq!(order, [(6, Category), (5, Category), (4, Category)]);
    }

    #[test]
    fn the_answer_stops_at_the_limit_and_distances_are_asked_only_where_needed() {
        let index = mall();
        let asked = Cell::new(0);
        let hits = index.search(&parse("b1"), 1, |_| {
            asked.set(asked.get() + 1);
            Some(1.0)
        });
        assert_eq!(hits.len(), 1);
        assert_eq!(
            asked.get(),
            2,
            "both spaces are prefix matches; nothing else is asked about"
        );
        assert!(index.search(&parse("b1"), 0, |_| None).is_empty());
    }

    /// Characters names are made of in the property tests: common shop-name characters, some
    /// with several readings, Latin letters, digits and a separator.
    const NAME_CHARS: &str =
        "星巴克海底捞瑞幸咖啡行长重银中国女绿服饰店面馆小吃火锅茶乐和平安西abcxyz0123459-";

    /// What someone types for a name's initials: the first letter of each Chinese character's
    /// first reading, every other character as it is.
    fn initials_of(name: &str) -> String {
        use pinyin::ToPinyin;
        normalize(name)
            .chars()
            .map(|ch| {
                ch.to_pinyin()
                    .map_or(ch, |p| char::from(p.plain().as_bytes()[0]))
            })
            .collect()
    }

    fn names() -> impl Strategy<Value = String> {
        let chars: Vec<char> = NAME_CHARS.chars().collect();
        proptest::collection::vec(proptest::sample::select(chars), 1..16)
            .prop_map(|chars| chars.into_iter().collect())
    }

    proptest! {
        #[test]
        fn a_name_always_finds_itself_exactly_and_by_its_initials(name in names()) {
            prop_assume!(!normalize(&name).is_empty());
            let index = SearchIndex::new(vec![
                entry(0, &["星巴克咖啡"], "cafe", &[], "L1"),
                entry(1, &[name.as_str()], "shop", &[], "L1"),
                entry(2, &["B1-001"], "parking", &[], "B1"),
            ]);
            let hits = search(&index, &name);
            prop_assert!(hits.iter().any(|h| h.key == 1 && h.kind == Exact), "{name}: {hits:?}");
            prop_assert_eq!(hits[0].kind, Exact);
            let initials = initials_of(&name);
            let hits = search(&index, &initials);
            let found = hits.iter().any(|h| h.key == 1 && h.kind <= Initials);
            prop_assert!(found, "{name} as {initials}: {hits:?}");
        }
    }
}
