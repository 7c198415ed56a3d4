//! The demo page of a hand-over address (issue #34, docs/live-demo.md "The first frame") over
//! real HTTP with the real venues: the page brings the summary, the level shown first and the
//! route exactly as the API answers them, under a policy that allows its inline script, with
//! validators and both encodings; whatever it cannot hold leaves the demo page as it is.

use reqwest::StatusCode;
use reqwest::header::HeaderMap;
use serde_json::Value;

use crate::support::app::{
    ANDROID_UA, TestApp, gunzip, header, json_body, spawn_app_with, unbrotli,
};
use crate::support::fixture::venues::sample;
use crate::support::fixture::{
    DEMO_PAGE, EN_DEMO_PAGE, FIRST_FRAME_HASH, FIRST_FRAME_MARKER, FIRST_FRAME_SCRIPT, FixtureDist,
};

const FRAME_OPEN: &str = "<script type=\"application/json\" id=\"demo-first-frame\">";

async fn venue_app() -> TestApp {
    spawn_app_with(FixtureDist::new().with_venues().build(), |_| {}).await
}

/// The mall's sample route as a guide screen's QR code opens it.
fn hand_over() -> String {
    format!(
        "{}?venue=demo-mall&from={}&to={}",
        DEMO_PAGE.0,
        sample("demo-mall", "route_from"),
        sample("demo-mall", "route_to")
    )
}

/// The page as a phone gets it (brotli): its status, headers and text.
async fn phone_page(app: &TestApp, path: &str) -> (StatusCode, HeaderMap, String) {
    let response = app
        .get(path)
        .header("user-agent", ANDROID_UA)
        .header("accept-encoding", "br")
        .send()
        .await
        .expect("request");
    let (status, headers) = (response.status(), response.headers().clone());
    let bytes = response.bytes().await.expect("body");
    let text = match headers.get("content-encoding") {
        Some(coding) if coding == "br" => unbrotli(&bytes),
        _ => bytes.to_vec(),
    };
    (status, headers, String::from_utf8(text).expect("utf-8"))
}

/// A header's value as text.
fn text(headers: &HeaderMap, name: &str) -> String {
    headers
        .get(name)
        .map(|value| value.to_str().expect("text").to_owned())
        .unwrap_or_default()
}

/// The frame a page holds, or None.
fn frame_of(page: &str) -> Option<Value> {
    let start = page.find(FRAME_OPEN)? + FRAME_OPEN.len();
    let end = start + page[start..].find("</script>")?;
    let raw = &page[start..end];
    assert!(!raw.contains('<'), "the frame's JSON escapes every `<`");
    Some(serde_json::from_str(raw).expect("the frame is JSON"))
}

async fn api_json(app: &TestApp, path: &str) -> Value {
    let response = app.fetch(path).await;
    assert_eq!(response.status(), 200, "{path}");
    json_body(response).await
}

#[tokio::test]
async fn a_hand_over_address_brings_the_summary_the_first_level_and_the_route() {
    let app = venue_app().await;
    let (status, headers, page) = phone_page(&app, &hand_over()).await;
    assert_eq!(status, 200);
    assert!(text(&headers, "content-type").starts_with("text/html"));
    // The page's own script is allowed by its hash, and nothing else inline is.
    let csp = text(&headers, "content-security-policy");
    assert!(
        csp.contains(&format!("script-src 'self' {FIRST_FRAME_HASH};")),
        "{csp}"
    );
    assert!(!csp.contains("unsafe-inline"), "{csp}");
    assert!(text(&headers, "vary").contains("User-Agent"));
    assert_eq!(
        text(&headers, "cache-control"),
        "public, max-age=60, must-revalidate"
    );
    assert!(page.contains(FIRST_FRAME_SCRIPT) && !page.contains(FIRST_FRAME_MARKER));

    let frame = frame_of(&page).expect("a frame");
    assert_eq!(frame["venue"], "demo-mall");
    // Exactly what the viewer would have asked the API for, one round trip each.
    let route = api_json(
        &app,
        &format!(
            "/api/venues/demo-mall/route?from={}&to={}",
            sample("demo-mall", "route_from"),
            sample("demo-mall", "route_to")
        ),
    )
    .await;
    assert_eq!(frame["route"], route);
    assert_eq!(
        frame["summary"],
        api_json(&app, "/api/venues/demo-mall").await
    );
    // The level shown first is the route's first: a car park level, not the default L1, as the
    // API answers it less the ids of its unnamed openings (doors), which only the editor reads.
    let first = route["legs"][0]["level"].as_str().unwrap();
    assert_ne!(first, "L1");
    let mut level = api_json(&app, &format!("/api/venues/demo-mall/levels/{first}")).await;
    let mut unnamed = 0;
    for opening in level["openings"].as_array_mut().unwrap() {
        let opening = opening.as_object_mut().unwrap();
        if !opening.contains_key("n") {
            opening
                .remove("id")
                .expect("the API names every opening by its id");
            unnamed += 1;
        }
    }
    assert!(unnamed > 0, "the level has unnamed openings");
    assert_eq!(frame["level"], level);
    assert!(
        frame["level"]["openings"]
            .to_string()
            .contains(r#""id":"gate""#)
    );
}

/// The English demo page's hand-over address brings the frame in English (issue #35): the same
/// as the API answers in English, and kept apart from the Chinese page's.
#[tokio::test]
async fn the_english_hand_over_page_brings_its_frame_in_english() {
    let app = venue_app().await;
    let address = hand_over().replacen(DEMO_PAGE.0, EN_DEMO_PAGE.0, 1);
    let (status, _, page) = phone_page(&app, &address).await;
    assert_eq!(status, 200);
    let frame = frame_of(&page).expect("a frame");
    let query = address
        .split_once('?')
        .unwrap()
        .1
        .replace("venue=demo-mall&", "");
    let route = api_json(
        &app,
        &format!("/api/venues/demo-mall/route?{query}&lang=en"),
    )
    .await;
    assert_eq!(frame["route"], route);
    assert_eq!(frame["route"]["to"]["name"], "Haidilao");
    assert_eq!(
        frame["summary"],
        api_json(&app, "/api/venues/demo-mall?lang=en").await
    );
    assert_eq!(frame["summary"]["name"], "demo-mall name");
    // The Chinese page of the same route is still Chinese.
    let (_, _, chinese) = phone_page(&app, &hand_over()).await;
    assert_eq!(
        frame_of(&chinese).expect("a frame")["route"]["to"]["name"],
        "海底捞"
    );
}

#[tokio::test]
async fn the_page_is_kept_with_validators_and_reads_the_same_in_every_encoding() {
    let app = venue_app().await;
    let path = hand_over();
    let get = |encoding: &'static str| {
        app.get(&path)
            .header("user-agent", ANDROID_UA)
            .header("accept-encoding", encoding)
            .send()
    };
    let brotli = get("br").await.unwrap();
    assert_eq!(header(&brotli, "content-encoding"), "br");
    let etag = header(&brotli, "etag");
    let brotli = unbrotli(&brotli.bytes().await.unwrap());
    let gzip = get("gzip").await.unwrap();
    assert_eq!(header(&gzip, "content-encoding"), "gzip");
    let gzip = gunzip(&gzip.bytes().await.unwrap());
    let plain = get("identity")
        .await
        .unwrap()
        .bytes()
        .await
        .unwrap()
        .to_vec();
    assert_eq!(brotli, plain);
    assert_eq!(gzip, plain);
    // Asked again with its tag: not sent again.
    let again = app
        .get(&path)
        .header("user-agent", ANDROID_UA)
        .header("accept-encoding", "br")
        .header("if-none-match", &etag)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
    // A desktop gets its own page (its variant's template), with the same frame.
    let desktop = app.fetch(&path).await;
    assert_ne!(
        header(&desktop, "etag").trim_end_matches("-br"),
        etag.trim_end_matches("-br")
    );
    let desktop = desktop.text().await.unwrap();
    assert_eq!(
        frame_of(&desktop),
        frame_of(&String::from_utf8(plain).unwrap())
    );
}

#[tokio::test]
async fn an_address_without_a_route_brings_the_level_it_names_or_the_default() {
    let app = venue_app().await;
    let (_, _, page) = phone_page(&app, "/next/demo?venue=demo-hospital").await;
    let frame = frame_of(&page).expect("a frame");
    assert_eq!(frame["level"]["short"], "L1");
    assert_eq!(frame["route"], Value::Null);
    let (_, _, page) = phone_page(&app, "/next/demo?venue=demo-hospital&level=L3").await;
    assert_eq!(frame_of(&page).unwrap()["level"]["short"], "L3");
    // A level the venue does not have: the default, and the viewer reports the missing one.
    let (_, _, page) = phone_page(&app, "/next/demo?venue=demo-hospital&level=L9").await;
    assert_eq!(frame_of(&page).unwrap()["level"]["short"], "L1");
    // A plan's address opens the planner: no route, even with ends in it.
    let planned = format!("{}&plan=ble,3", hand_over());
    let (_, _, page) = phone_page(&app, &planned).await;
    assert_eq!(frame_of(&page).unwrap()["route"], Value::Null);
}

#[tokio::test]
async fn what_the_frame_cannot_hold_leaves_the_demo_page_as_it_is() {
    let app = venue_app().await;
    let (_, _, plain) = phone_page(&app, DEMO_PAGE.0).await;
    assert!(frame_of(&plain).is_none());
    for path in [
        "/next/demo?venue=nowhere".to_owned(),
        format!(
            "/next/demo?venue=demo-mall&from=nowhere&to={}",
            sample("demo-mall", "route_to")
        ),
        "/next/demo?building=0123456789abcdef0123456789abcdef".to_owned(),
        format!("/next/demo?venue=demo-mall&x={}", "y".repeat(3_000)),
    ] {
        let (status, headers, page) = phone_page(&app, &path).await;
        assert_eq!(status, 200, "{path}");
        assert_eq!(page, plain, "{path}");
        assert!(
            !text(&headers, "content-security-policy").contains("sha256"),
            "{path}"
        );
    }
    // Another site's page fetching a hand-over address (it cannot read the answer) computes
    // nothing; the browser's own navigation does.
    for (mode, framed) in [("no-cors", false), ("cors", false), ("navigate", true)] {
        let response = app
            .get(&hand_over())
            .header("user-agent", ANDROID_UA)
            .header("sec-fetch-mode", mode)
            .header("sec-fetch-site", "cross-site")
            .send()
            .await
            .expect("request");
        let headers = response.headers().clone();
        let page = response.text().await.expect("body");
        assert_eq!(frame_of(&page).is_some(), framed, "{mode}");
        assert_eq!(
            text(&headers, "content-security-policy").contains("sha256"),
            framed,
            "{mode}"
        );
    }
}

#[tokio::test]
async fn a_client_past_its_request_budget_gets_the_page_without_the_frame() {
    let app = spawn_app_with(FixtureDist::new().with_venues().build(), |config| {
        config.venues.rate_limit.per_second = 1;
        config.venues.rate_limit.burst = 1;
    })
    .await;
    let levels = ["L1", "L2", "L3", "L4"];
    let pages = futures_util::future::join_all(levels.iter().map(|level| {
        let path = format!("/next/demo?venue=demo-hospital&level={level}");
        let app = &app;
        async move { phone_page(app, &path).await }
    }))
    .await;
    assert!(pages.iter().all(|(status, _, _)| *status == 200));
    let framed = pages
        .iter()
        .filter(|(_, _, page)| frame_of(page).is_some())
        .count();
    assert!(framed >= 1, "the budget's first request has its frame");
    assert!(framed < levels.len(), "the rest go without: {framed}");
}
