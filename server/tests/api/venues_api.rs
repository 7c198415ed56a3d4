//! The live demo's API (issue #14, docs/venue-contract.md §4) over real HTTP, asking the real
//! engine about the real venues of content/venues/: search, routes, find my car, kiosks, the
//! hand-over QR code, the viewer's files, every refusal with its status, field, code and Chinese
//! message, and the per-client request budget.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::support::app::{
    REVALIDATE, TestApp, assert_headers, field_texts, header, items, json_body, spawn_app_with,
    unbrotli,
};
use crate::support::fixture::FixtureDist;
use crate::support::fixture::venues::{kiosk_id, sample};

const MALL: &str = "/api/venues/demo-mall";

async fn venue_app() -> TestApp {
    spawn_app_with(FixtureDist::new().with_venues().build(), |_| {}).await
}

async fn get_json(app: &TestApp, path: &str) -> (StatusCode, Value) {
    let response = app.fetch(path).await;
    let status = response.status();
    assert_eq!(
        header(&response, "x-content-type-options"),
        "nosniff",
        "{path}"
    );
    assert!(
        header(&response, "content-type").starts_with("application/json"),
        "{path}"
    );
    (status, json_body(response).await)
}

/// A refusal's status, field, code, and message (which must be Chinese and not empty).
async fn refusal(app: &TestApp, path: &str) -> (StatusCode, Value, String, String) {
    let (status, body) = get_json(app, path).await;
    let error = &body["error"];
    let message = error["message"].as_str().unwrap_or_default().to_owned();
    assert!(
        message
            .chars()
            .any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
        "{path}: {body}"
    );
    assert!(
        !message.contains('{'),
        "{path}: unfilled placeholder in {message}"
    );
    let code = error["code"].as_str().unwrap_or_default().to_owned();
    (status, error["field"].clone(), code, message)
}

#[tokio::test]
async fn the_venue_list_names_both_venues_with_their_levels() {
    let app = venue_app().await;
    let (status, body) = get_json(&app, "/api/venues").await;
    assert_eq!(status, 200);
    let venues = items(&body["venues"]);
    assert_eq!(venues[0]["id"], "demo-mall");
    assert_eq!(venues[1]["id"], "demo-hospital");
    let levels: Vec<&str> = items(&venues[0]["levels"])
        .iter()
        .map(|level| level.as_str().unwrap())
        .collect();
    assert_eq!(levels, ["B2", "B1", "L1", "L2", "L3", "L4", "L5"]);
    assert_eq!(venues[0]["default_level"], "L1");
}

#[tokio::test]
async fn viewer_files_are_served_precompressed_with_an_etag_and_304() {
    let app = venue_app().await;
    let level_path = format!("{MALL}/levels/L1");
    let response = app.fetch_encoded(&level_path, "br, gzip").await;
    assert_eq!(response.status(), 200);
    assert_eq!(header(&response, "content-encoding"), "br");
    assert_headers(&response, &[REVALIDATE]);
    let etag = header(&response, "etag");
    let level: Value = serde_json::from_slice(&unbrotli(&response.bytes().await.unwrap())).unwrap();
    assert_eq!(level["short"], "L1");
    let again = app
        .fetch_with(
            &format!("{MALL}/levels/l1"),
            &[("if-none-match", etag.as_str())],
        )
        .await;
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
    let (status, summary) = get_json(&app, MALL).await;
    assert_eq!(
        (status, summary["id"].as_str()),
        (StatusCode::OK, Some("demo-mall"))
    );
}

/// The venue list, a venue's summary and its levels in the language asked for (issue #35): the
/// build's file of that language, with the same validators as any other.
#[tokio::test]
async fn the_list_and_the_viewer_files_come_in_the_language_asked_for() {
    let app = venue_app().await;
    for (asked, venue, level) in [
        ("lang=zh", "demo-mall 的名字", "层"),
        ("lang=en", "demo-mall name", "Level"),
    ] {
        let (_, list) = get_json(&app, &format!("/api/venues?{asked}")).await;
        assert_eq!(list["venues"][0]["name"], venue, "{list}");
        let (_, summary) = get_json(&app, &format!("{MALL}?{asked}")).await;
        assert_eq!(summary["name"], venue, "{summary}");
        let (_, data) = get_json(&app, &format!("{MALL}/levels/L1?{asked}")).await;
        assert_eq!(
            (&data["short"], &data["name"]),
            (&json!("L1"), &json!(level))
        );
    }
    let english = app
        .fetch_with(MALL, &[("accept-language", "en-US,en;q=0.9")])
        .await;
    assert!(header(&english, "vary").contains("Accept-Language"));
    assert_eq!(json_body(english).await["name"], "demo-mall name");
}

#[tokio::test]
async fn pinyin_initials_full_pinyin_mixed_and_a_typo_all_find_starbucks() {
    let app = venue_app().await;
    for (query, kind) in [
        ("xbk", "initials"),
        ("XBK", "initials"),
        ("xingbake", "exact"),
        ("星巴克", "exact"),
        ("星bk", "initials"),
        ("xing巴k", "prefix"),
        ("xingba", "prefix"),
        ("Starbucks", "exact"),
        ("xignbake", "fuzzy"),
        ("xingbeke", "fuzzy"),
    ] {
        let path = format!("{MALL}/search?q={}", urlencode(query));
        let (status, body) = get_json(&app, &path).await;
        assert_eq!(status, 200, "{query}");
        let first = &body["results"][0];
        assert_eq!(first["name"], "星巴克", "{query}: {body}");
        assert_eq!(first["match"], kind, "{query}");
        assert_eq!(first["level"], "L1");
        assert_eq!(first["kind"], "occupant");
        let point = first["point"].as_array().unwrap();
        assert!(
            (121.39..121.41).contains(&point[0].as_f64().unwrap()),
            "{query}"
        );
    }
}

#[tokio::test]
async fn category_words_find_the_nearest_places_first_with_their_walking_distance() {
    let app = venue_app().await;
    let start = sample("demo-mall", "start");
    let path = format!("{MALL}/search?q={}&near={start}&limit=5", urlencode("厕所"));
    let (status, body) = get_json(&app, &path).await;
    assert_eq!(status, 200);
    let results = items(&body["results"]);
    assert_eq!(results.len(), 5);
    for result in results {
        assert_eq!(result["match"], "category");
        assert!(result["category"].as_str().unwrap().starts_with("restroom"));
    }
    // Nearest first: the first result is on the entrance's own level.
    assert_eq!(results[0]["level"], "L1", "{body}");
    assert!(results[0]["distance_m"].as_f64().unwrap() > 0.0);
    // Filters: a level and a category.
    let path = format!("{MALL}/search?q={}&level=L3&limit=50", urlencode("母婴室"));
    let (_, body) = get_json(&app, &path).await;
    let found = items(&body["results"]);
    assert!(!found.is_empty() && found.iter().all(|r| r["level"] == "L3"));
    let (_, body) = get_json(
        &app,
        &format!("{MALL}/search?category=mothersroom&near={start}"),
    )
    .await;
    assert!(
        field_texts(&body["results"], "name")
            .iter()
            .all(|name| name.contains("母婴")),
        "{body}"
    );
}

#[tokio::test]
async fn a_parking_space_number_is_found_however_it_is_written() {
    let app = venue_app().await;
    for query in ["B1-023", "b1023", "b1 023"] {
        let (_, body) = get_json(&app, &format!("{MALL}/search?q={}", urlencode(query))).await;
        assert_eq!(body["results"][0]["name"], "B1-023", "{query}");
        assert_eq!(body["results"][0]["kind"], "space");
    }
}

#[tokio::test]
async fn the_route_from_a_b2_space_to_an_l5_restaurant_rides_an_elevator_in_both_modes() {
    let app = venue_app().await;
    let (from, to) = (
        sample("demo-mall", "route_from"),
        sample("demo-mall", "route_to"),
    );
    for accessible in ["false", "true"] {
        let path = format!("{MALL}/route?from={from}&to={to}&accessible={accessible}");
        let (status, route) = get_json(&app, &path).await;
        assert_eq!(status, 200, "{route}");
        assert_eq!(route["from"]["level"], "B2");
        assert_eq!(route["to"]["level"], "L5");
        let legs = field_texts(&route["legs"], "level");
        assert_eq!(legs.first(), Some(&"B2"));
        assert_eq!(legs.last(), Some(&"L5"));
        let rides = items(&route["transitions"]);
        assert!(
            rides.iter().all(|ride| ride["kind"] == "elevator"),
            "{route}"
        );
        let texts = field_texts(&route["steps"], "text");
        assert!(
            texts
                .iter()
                .any(|text| text.starts_with('乘') && text.contains("电梯到 L5")),
            "{texts:?}"
        );
        assert!(texts.last().unwrap().contains("目的地在您"), "{texts:?}");
        assert!(route["distance_m"].as_f64().unwrap() > 50.0);
        assert!(
            route["duration_s"].as_f64().unwrap() > route["distance_m"].as_f64().unwrap() / 2.0
        );
        let path = &route["legs"][0]["path"];
        assert_eq!(path["type"], "Feature");
        assert_eq!(path["geometry"]["type"], "LineString");
        assert!(path["geometry"]["coordinates"].as_array().unwrap().len() >= 2);
    }
}

/// A route, a search, find my car and a kiosk's directory in English (issue #35), asked by
/// `lang=en` or by Accept-Language: English names from the IMDF labels, English step words and
/// category labels; the answer varies by Accept-Language unless `lang` chose.
#[tokio::test]
async fn routes_searches_cars_and_kiosks_answer_in_english_when_asked() {
    let app = venue_app().await;
    let han = |text: &str| text.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c));
    let (from, to) = (
        sample("demo-mall", "route_from"),
        sample("demo-mall", "route_to"),
    );
    let route = format!("{MALL}/route?from={from}&to={to}");
    let english = [
        (format!("{route}&lang=en"), "zh-CN", false),
        (route.clone(), "en-GB,en;q=0.9", true),
    ];
    for (url, accept_language, varies) in english {
        let response = app
            .fetch_with(&url, &[("accept-language", accept_language)])
            .await;
        assert_eq!(response.status(), 200, "{url}");
        let vary = header(&response, "vary");
        assert_eq!(vary.contains("Accept-Language"), varies, "{url}: {vary}");
        let body = json_body(response).await;
        assert_eq!(body["to"]["name"], "Haidilao", "{body}");
        let texts = field_texts(&body["steps"], "text");
        assert!(texts[0].starts_with("Start at"), "{texts:?}");
        assert!(
            texts.iter().any(|text| text.starts_with("Take Lift ")),
            "{texts:?}"
        );
        assert!(texts.iter().all(|text| !han(text)), "{texts:?}");
    }
    let (_, chinese) = get_json(&app, &route).await;
    assert_eq!(chinese["to"]["name"], "海底捞");

    let search = app
        .fetch_with(
            &format!("{MALL}/search?q=lavatory&limit=3"),
            &[("accept-language", "en")],
        )
        .await;
    let search = json_body(search).await;
    let results = items(&search["results"]);
    assert!(!results.is_empty(), "{search}");
    for result in results {
        assert!(result["category"].as_str().unwrap().starts_with("restroom"));
        assert!(!han(result["category_label"].as_str().unwrap()), "{result}");
        assert!(!han(result["name"].as_str().unwrap()), "{result}");
    }
    let (_, car) = get_json(&app, &format!("{MALL}/findcar?car={from}&lang=en")).await;
    assert!(
        car["space"]["zone"].as_str().unwrap().starts_with("Zone "),
        "{car}"
    );
    assert!(
        !han(car["route"]["from"]["name"].as_str().unwrap()),
        "{car}"
    );
    let kiosk = kiosk_id("demo-mall");
    let (_, view) = get_json(&app, &format!("{MALL}/kiosks/{kiosk}?lang=en")).await;
    let directory = serde_json::to_string(&view["directory"]).unwrap();
    assert!(!han(&directory) && directory.len() > 100, "{directory}");
}

#[tokio::test]
async fn the_hospital_routes_too_from_its_entrance_to_a_fourth_floor_department() {
    let app = venue_app().await;
    let (from, to) = (
        sample("demo-hospital", "route_from"),
        sample("demo-hospital", "route_to"),
    );
    let path = format!("/api/venues/demo-hospital/route?from={from}&to={to}&accessible=true");
    let (status, route) = get_json(&app, &path).await;
    assert_eq!(status, 200, "{route}");
    assert_eq!(route["to"]["level"], "L4");
    let rides = items(&route["transitions"]);
    assert!(rides.iter().all(|r| r["kind"] == "elevator"));
    let (_, body) = get_json(&app, "/api/venues/demo-hospital/search?q=erk").await;
    assert_eq!(body["results"][0]["name"], "儿科", "{body}");
}

#[tokio::test]
async fn find_my_car_maps_a_plate_to_the_same_space_every_time_and_routes_to_it() {
    let app = venue_app().await;
    let plate = urlencode("沪A·D2345");
    let (status, first) = get_json(&app, &format!("{MALL}/findcar?car={plate}")).await;
    assert_eq!(status, 200, "{first}");
    assert_eq!(first["car"], "沪AD2345");
    assert_eq!(first["plate"], true);
    let space = first["space"]["name"].as_str().unwrap().to_owned();
    assert!(space.starts_with('B'), "{space}");
    assert!(first["space"]["zone"].as_str().unwrap().ends_with('区'));
    assert_eq!(first["route"]["to"]["name"], space.as_str());
    let (_, again) = get_json(
        &app,
        &format!("{MALL}/findcar?car={}", urlencode("沪AD2345")),
    )
    .await;
    assert_eq!(again["space"]["name"], space.as_str());
    let (status, by_space) = get_json(&app, &format!("{MALL}/findcar?car=b1-023")).await;
    assert_eq!(status, 200);
    assert_eq!(
        (
            by_space["plate"].as_bool(),
            by_space["space"]["name"].as_str()
        ),
        (Some(false), Some("B1-023"))
    );
}

#[tokio::test]
async fn a_kiosk_answers_its_facing_and_the_directory_by_category_and_level() {
    let app = venue_app().await;
    let (status, body) = get_json(&app, &format!("{MALL}/kiosks/{}", kiosk_id("demo-mall"))).await;
    assert_eq!(status, 200, "{body}");
    assert!(body["kiosk"]["facing"].is_number());
    let directory = items(&body["directory"]);
    assert!(directory.len() >= 3, "{body}");
    let dining = directory
        .iter()
        .find(|section| section["label"] == "餐饮美食")
        .expect("a dining section");
    assert!(
        items(&dining["levels"])
            .iter()
            .any(|level| level["level"] == "L5")
    );
}

#[tokio::test]
async fn the_hand_over_code_is_a_qr_svg_of_the_demo_page_on_the_public_origin() {
    let app = venue_app().await;
    let (from, to) = (kiosk_id("demo-mall"), sample("demo-mall", "route_to"));
    let response = app
        .fetch(&format!("{MALL}/handover.svg?from={from}&to={to}"))
        .await;
    assert_eq!(response.status(), 200);
    assert_eq!(header(&response, "content-type"), "image/svg+xml");
    let svg = response.text().await.unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("<path"), "{svg}");
    let (status, _, code, _) = refusal(&app, &format!("{MALL}/handover.svg?from={from}")).await;
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::BAD_REQUEST, "param_missing")
    );
}

/// Bad requests of every kind a GET can make, each with its status, field and code.
fn bad_inputs() -> Vec<(String, u16, Option<&'static str>, &'static str)> {
    let to = sample("demo-mall", "route_to");
    let long = "星".repeat(65);
    vec![
        (
            "/api/venues/nowhere".into(),
            404,
            Some("venue"),
            "venue_unknown",
        ),
        (
            "/api/venues/nowhere/search?q=x".into(),
            404,
            Some("venue"),
            "venue_unknown",
        ),
        (
            format!("{MALL}/levels/L9"),
            404,
            Some("level"),
            "level_unknown",
        ),
        (
            format!("{MALL}/kiosks/nope"),
            404,
            Some("kiosk"),
            "kiosk_unknown",
        ),
        (format!("{MALL}/search"), 400, Some("q"), "param_missing"),
        (
            format!("{MALL}/search?q=%20%20"),
            400,
            Some("q"),
            "query_empty",
        ),
        (
            format!("{MALL}/search?q={}", urlencode(&long)),
            400,
            Some("q"),
            "query_too_long",
        ),
        (
            format!("{MALL}/search?q=xbk&limit=0"),
            400,
            Some("limit"),
            "limit_malformed",
        ),
        (
            format!("{MALL}/search?q=xbk&limit=51"),
            400,
            Some("limit"),
            "limit_malformed",
        ),
        (
            format!("{MALL}/search?q=xbk&limit=ten"),
            400,
            Some("limit"),
            "limit_malformed",
        ),
        (
            format!("{MALL}/search?q=xbk&level=L9"),
            422,
            Some("level"),
            "level_unknown",
        ),
        (
            format!("{MALL}/search?q=xbk&category=spaceship"),
            422,
            Some("category"),
            "category_unknown",
        ),
        (
            format!("{MALL}/search?q=xbk&near=%%%"),
            400,
            Some("near"),
            "place_malformed",
        ),
        (
            format!("{MALL}/route?to={to}"),
            400,
            Some("from"),
            "param_missing",
        ),
        (
            format!("{MALL}/route?from=B2-015"),
            400,
            Some("to"),
            "param_missing",
        ),
        (
            format!("{MALL}/route?from=B2-015&to={to}&accessible=maybe"),
            400,
            Some("accessible"),
            "boolean_malformed",
        ),
        (
            format!("{MALL}/route?from=not%20a%20place&to={to}"),
            400,
            Some("from"),
            "place_malformed",
        ),
        (
            format!("{MALL}/route?from=00000000-0000-4000-8000-000000000000&to={to}"),
            422,
            Some("from"),
            "place_unknown",
        ),
        (
            format!("{MALL}/route?from=B9-999&to={to}"),
            422,
            Some("from"),
            "place_unknown",
        ),
        (
            format!("{MALL}/route?from=abc,31.17@L1&to={to}"),
            400,
            Some("from"),
            "coordinates_malformed",
        ),
        (
            format!("{MALL}/route?from=121.4,91@L1&to={to}"),
            400,
            Some("from"),
            "coordinates_malformed",
        ),
        (
            format!("{MALL}/route?from=121.4,31.17@L9&to={to}"),
            422,
            Some("from"),
            "level_unknown",
        ),
        (
            format!("{MALL}/route?from=121.5,31.2@L1&to={to}"),
            422,
            Some("from"),
            "point_outside_level",
        ),
        (format!("{MALL}/findcar"), 400, Some("car"), "param_missing"),
        (
            format!("{MALL}/findcar?car=hello"),
            400,
            Some("car"),
            "car_malformed",
        ),
        (
            format!("{MALL}/findcar?car=B9-999"),
            422,
            Some("car"),
            "car_unknown",
        ),
        (
            format!(
                "/api/venues/demo-hospital/findcar?car={}",
                urlencode("沪A·D2345")
            ),
            422,
            Some("car"),
            "car_unknown",
        ),
    ]
}

#[tokio::test]
async fn every_bad_input_is_refused_with_its_status_field_code_and_a_chinese_message() {
    let app = venue_app().await;
    let long = "星".repeat(65);
    for (path, status, field, code) in bad_inputs() {
        let (got_status, got_field, got_code, message) = refusal(&app, &path).await;
        assert_eq!(got_status.as_u16(), status, "{path}: {message}");
        assert_eq!(got_field.as_str(), field, "{path}");
        assert_eq!(got_code, code, "{path}: {message}");
    }
    let (_, _, _, message) = refusal(&app, &format!("{MALL}/search?q={}", urlencode(&long))).await;
    assert!(
        message.contains("64") && message.contains("65"),
        "{message}"
    );
}

/// The same refusals in English (issue #35), asked by `lang=en` (over a Chinese Accept-Language)
/// or by Accept-Language alone: the same status, field and code, the message English but for
/// the request's own value it repeats. A `lang` of another language is refused in the language
/// Accept-Language asks for.
#[tokio::test]
async fn every_bad_input_is_refused_in_english_when_asked() {
    let app = venue_app().await;
    let han = |text: &str| text.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c));
    for (path, status, field, code) in bad_inputs() {
        let separator = if path.contains('?') { '&' } else { '?' };
        let asked = [
            (format!("{path}{separator}lang=en"), "zh-CN,zh;q=0.9"),
            (path.clone(), "en-GB,en;q=0.9,zh;q=0.5"),
        ];
        for (url, accept_language) in asked {
            let response = app
                .fetch_with(&url, &[("accept-language", accept_language)])
                .await;
            assert_eq!(response.status().as_u16(), status, "{url}");
            let body = json_body(response).await;
            let error = &body["error"];
            assert_eq!(error["field"].as_str(), field, "{url}");
            assert_eq!(error["code"], code, "{url}");
            let message = error["message"].as_str().unwrap_or_default();
            // The value a message repeats is the request's (written as the engine reads it):
            // Chinese when the request's was. A plate's example is a Chinese plate on purpose
            // (content/en/untranslated.toml).
            let query = url.split_once('?').map_or("", |(_, query)| query);
            let asked: String = url::form_urlencoded::parse(query.as_bytes())
                .map(|(_, value)| value.into_owned())
                .chain(["沪A·D2345".to_owned()])
                .collect();
            let rest: String = message.chars().filter(|c| !asked.contains(*c)).collect();
            assert!(!message.is_empty() && !han(&rest), "{url}: {message}");
            assert!(
                !message.contains('{'),
                "{url}: unfilled placeholder in {message}"
            );
        }
    }

    for (accept_language, english) in [("en", true), ("zh-CN", false), ("", false)] {
        let response = app
            .fetch_with(
                &format!("{MALL}/search?q=xbk&lang=fr"),
                &[("accept-language", accept_language)],
            )
            .await;
        assert_eq!(response.status().as_u16(), 400);
        let body = json_body(response).await;
        assert_eq!(body["error"]["code"], "lang_unknown");
        assert_eq!(body["error"]["field"], "lang");
        let message = body["error"]["message"].as_str().unwrap_or_default();
        assert!(message.contains("fr"), "{message}");
        assert_eq!(!han(message), english, "{accept_language}: {message}");
    }
    // A request that names no language the site has gets Chinese, as the pages' x-default.
    let response = app
        .fetch_with(
            &format!("{MALL}/levels/L9"),
            &[("accept-language", "de, fr;q=0.5")],
        )
        .await;
    let body = json_body(response).await;
    assert!(
        han(body["error"]["message"].as_str().unwrap_or_default()),
        "{body}"
    );
}

#[tokio::test]
async fn garbage_in_any_parameter_never_gets_a_server_error() {
    let app = venue_app().await;
    let junk = [
        "",
        "%00",
        "%ff%fe",
        "@",
        ",@",
        "1,2@",
        "NaN,NaN@L1",
        "inf,1@L1",
        "1e999,1@L1",
        "🙂",
        "B1-",
        "-",
        "..",
        "/",
        "121.4,31.17@",
        "121.4 31.17@L1",
    ];
    for value in junk {
        for endpoint in [
            "search?q=",
            "search?q=x&near=",
            "route?to=B1-001&from=",
            "findcar?car=",
            "handover.svg?to=B1-001&from=",
        ] {
            let response = app.fetch(&format!("{MALL}/{endpoint}{value}")).await;
            let status = response.status().as_u16();
            assert!(status < 500, "{endpoint}{value}: {status}");
        }
    }
}

#[tokio::test]
async fn a_client_over_its_budget_is_told_to_wait() {
    let app = spawn_app_with(FixtureDist::new().with_venues().build(), |config| {
        config.venues.rate_limit.per_second = 1;
        config.venues.rate_limit.burst = 3;
    })
    .await;
    for _ in 0..3 {
        assert_eq!(app.fetch("/api/venues").await.status(), 200);
    }
    let response = app.fetch(&format!("{MALL}/search?q=xbk")).await;
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(header(&response, "retry-after"), "1");
    let body = json_body(response).await;
    assert_eq!(body["error"]["code"], "rate_limited");
    // Pages are not part of the API's budget.
    assert_eq!(app.fetch("/next/").await.status(), 200);
}

fn urlencode(text: &str) -> String {
    url::form_urlencoded::byte_serialize(text.as_bytes()).collect()
}
