use std::cell::Cell;

use proptest::prelude::*;

use super::*;
use crate::search::query::{SearchFilters, SearchQuery};

use MatchKind::*;

const RESTROOM_TERMS: [&str; 4] = ["卫生间", "厕所", "洗手间", "WC"];

/// A small mall: shops, restrooms, a mothers' room and two parking spaces.
fn mall() -> SearchIndex {
    let entry = SearchEntry::of;
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

/// Cafés on L1 named `names`, keyed by their order.
fn cafes(names: &[&str]) -> SearchIndex {
    let entries = names.iter().enumerate();
    SearchIndex::new(
        entries
            .map(|(key, &name)| SearchEntry::of(key, &[name], "cafe", &[], "L1"))
            .collect(),
    )
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

/// The keys of the answer under `filters`, in order.
fn filtered(index: &SearchIndex, text: &str, filters: SearchFilters) -> Vec<usize> {
    let query = SearchQuery::parse(text, filters).unwrap();
    index
        .search(&query, 10, |_| None)
        .iter()
        .map(|h| h.key)
        .collect()
}

/// Queries and the place the small mall answers first, by rule: (query, key, match).
const FIRST_ANSWERS: &[(&str, usize, MatchKind)] = &[
    // Full pinyin without tones finds the Chinese name.
    ("xingbake", 0, Exact),
    ("haidilaohuoguo", 2, Exact),
    ("Xing Ba Ke", 0, Exact),
    // Initials find the name.
    ("xbk", 0, Initials),
    ("hdl", 2, Initials),
    ("rxkf", 1, Initials),
    // Chinese and pinyin mix in one query.
    ("星bk", 0, Initials),
    ("xing巴k", 0, Prefix),
    ("海底lao", 2, Prefix),
    // Any syllable prefix finds the name.
    ("xingb", 0, Prefix),
    ("haidil", 2, Prefix),
    ("xinbak", 0, Initials),
    // Every reading of a heteronym finds the name (重 read as zhong is still 重).
    ("zhongguoyinhang", 3, Exact),
    ("zgyh", 3, Initials),
    ("chongqingxiaomian", 10, Exact),
    ("zhongqing", 10, Prefix),
    // Case and full-width letters do not matter.
    ("ＳＴＡＲＢＵＣＫＳ", 0, Exact),
    ("XBK", 0, Initials),
    ("ｘｂｋ", 0, Initials),
    ("LUCKIN", 1, Prefix),
    // A substituted, left-out, extra or swapped letter still finds the name.
    ("xingbeke", 0, Fuzzy),
    ("starbuks", 0, Fuzzy),
    ("haidilaoo", 2, Fuzzy),
    ("xignbake", 0, Fuzzy),
    // The IMDF category itself is a term.
    ("mothersroom", 7, Category),
];

#[test]
fn each_query_finds_its_place_first_with_its_kind_of_match() {
    let index = mall();
    for &(text, key, kind) in FIRST_ANSWERS {
        assert_eq!(top(&index, text), (key, kind), "{text:?}");
    }
}

#[test]
fn an_alias_that_matches_is_the_matched_name() {
    let index = mall();
    for text in ["ＳＴＡＲＢＵＣＫＳ", "starbuks"] {
        assert_eq!(search(&index, text)[0].matched_name, Some(1), "{text}");
    }
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
    let entry = SearchEntry::of;
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
    // One 星巴克 on each of L1 to L4, keys 10 to 13.
    let index = SearchIndex::new(
        (0..4)
            .map(|i| SearchEntry::of(10 + i, &["星巴克"], "cafe", &[], &format!("L{}", i + 1)))
            .collect(),
    );
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
    let index = cafes(&["星巴克臻选", "星巴克"]);
    let hits = index.search(&parse("xingbake"), 10, |key| {
        Some(if key == 0 { 5.0 } else { 500.0 })
    });
    assert_eq!((hits[0].key, hits[0].kind), (1, Exact));
    assert_eq!((hits[1].key, hits[1].kind), (0, Prefix));
}

#[test]
fn without_distances_shorter_names_come_first_then_by_name() {
    let index = cafes(&["星巴克咖啡", "星巴克臻选", "星巴克"]);
    assert_eq!(
        found(&index, "xbk"),
        [(2, Initials), (0, Initials), (1, Initials)]
    );
}

#[test]
fn a_place_appears_once_with_its_best_match() {
    let index = SearchIndex::new(vec![SearchEntry::of(
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

/// Queries that name a category, and the places they find by it, in answer order (the same
/// class, so the shortest name first: an unnamed place's is empty).
const CATEGORY_ANSWERS: &[(&str, &[usize])] = &[
    ("厕所", &[6, 4, 5]),
    // Category terms read as pinyin too.
    ("cesuo", &[6, 4, 5]),
    ("wc", &[6, 4, 5]),
    ("母婴", &[7]),
    ("buru", &[7]),
    // The start of a category term is enough.
    ("洗手", &[6, 4, 5]),
    ("停车", &[8, 9]),
    // The IMDF category itself is a term.
    ("restroom", &[6, 4, 5]),
];

#[test]
fn a_category_term_finds_every_place_of_the_category() {
    let index = mall();
    for &(text, keys) in CATEGORY_ANSWERS {
        let expected: Vec<(usize, MatchKind)> = keys.iter().map(|&key| (key, Category)).collect();
        assert_eq!(found(&index, text), expected, "{text}");
    }
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
    let on = |level: &str| SearchFilters {
        level: Some(level.into()),
        ..SearchFilters::default()
    };
    assert_eq!(filtered(&index, "卫生间", on("L2")), [5]);
    assert!(filtered(&index, "卫生间", on("L9")).is_empty());
}

#[test]
fn the_category_filter_admits_the_category_and_those_below_it() {
    let index = mall();
    let in_category = |category: &str, text: &str| {
        let filters = SearchFilters {
            category: Some(category.into()),
            ..SearchFilters::default()
        };
        let mut keys = filtered(&index, text, filters);
        keys.sort();
        keys
    };
    assert_eq!(in_category("restroom", "卫生间"), [4, 5, 6]);
    assert_eq!(in_category("restroom.female", "卫生间"), [4]);
    assert_eq!(
        in_category("rest", "卫生间"),
        Vec::<usize>::new(),
        "a category name is matched whole"
    );
    assert_eq!(in_category("cafe", "xbk"), [0]);
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
            SearchEntry::of(0, &["星巴克咖啡"], "cafe", &[], "L1"),
            SearchEntry::of(1, &[name.as_str()], "shop", &[], "L1"),
            SearchEntry::of(2, &["B1-001"], "parking", &[], "B1"),
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
