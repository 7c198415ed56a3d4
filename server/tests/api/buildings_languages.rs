//! A visitor's building in the languages its data carries (issue #35): an IMDF archive from
//! abroad names its features in English alone and says so in its manifest, as IMDF allows. It
//! is taken in, and the engine answers from it as from the demo venue it was made from, naming
//! places by the labels it has, whatever the language asked. And what the engine says about a
//! visitor's files is said in the language asked.

use std::io::{Cursor, Read, Write};

use reqwest::StatusCode;
use serde_json::{Map, Value};
use zip::write::{SimpleFileOptions, ZipWriter};

use crate::buildings::{
    api, app_on, broken_mall_archive, mall_archive, mall_dir, post_private, upload, urlencoding,
    zip_of,
};
use crate::support::databases::Backend;
use crate::support::fixture::venues::sample;

/// Every LABELS of `properties` in English alone: its `en` entry, else its Chinese text under
/// `en` (a shop number, a Chinese brand).
fn english_labels(properties: &mut Map<String, Value>) {
    for value in properties.values_mut() {
        let Some(labels) = value.as_object() else {
            continue;
        };
        let Some(chinese) = labels.get("zh-Hans") else {
            continue;
        };
        let english = labels.get("en").unwrap_or(chinese).clone();
        *value = serde_json::json!({ "en": english });
    }
}

/// The demo mall as an archive from abroad: names in English alone, `language` "en-GB".
fn english_mall_archive() -> Vec<u8> {
    let mut archive = zip::ZipArchive::new(Cursor::new(mall_archive())).expect("a ZIP");
    let mut zip = ZipWriter::new(Cursor::new(Vec::new()));
    for index in 0..archive.len() {
        let mut entry = archive.by_index(index).unwrap();
        let name = entry.name().expect("a name").to_string();
        let mut text = String::new();
        entry.read_to_string(&mut text).unwrap();
        let mut json: Value = serde_json::from_str(&text).unwrap();
        if name == "manifest.json" {
            json["language"] = Value::from("en-GB");
        }
        let features = json.get_mut("features").and_then(Value::as_array_mut);
        for feature in features.into_iter().flatten() {
            english_labels(feature["properties"].as_object_mut().unwrap());
        }
        zip.start_file(&name, SimpleFileOptions::default()).unwrap();
        zip.write_all(&serde_json::to_vec(&json).unwrap()).unwrap();
    }
    zip.finish().unwrap().into_inner()
}

#[tokio::test]
async fn a_building_in_english_alone_is_taken_in_and_answers_in_its_own_names() {
    let Some((app, _url, _data)) = app_on(Backend::Sqlite, |_| {}).await else {
        return;
    };
    let (status, created) = upload(&app, english_mall_archive()).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_str().unwrap().to_owned();
    let (mine, demo) = (format!("/api/venues/{id}"), "/api/venues/demo-mall");

    // Its names whichever language is asked: it has no other.
    let english = |file: &str| -> Vec<(Value, Value)> {
        let path = mall_dir().join(file);
        let json: Value = serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap();
        let features = json["features"].as_array().unwrap().iter();
        let short = |f: &Value| f["properties"]["short_name"]["zh-Hans"].clone();
        features
            .map(|f| (short(f), f["properties"]["name"]["en"].clone()))
            .collect()
    };
    let venue_name = english("venue.geojson")[0].1.clone();
    let mut level_names = english("level.geojson");
    level_names.sort_by_key(|(short, _)| short.to_string());
    assert_eq!(created["name"], venue_name);
    for lang in ["zh-Hans", "en"] {
        let (status, summary) = api(&app, &format!("{mine}?lang={lang}")).await;
        assert_eq!(status, StatusCode::OK, "{summary}");
        assert_eq!(summary["name"], venue_name, "{lang}");
        let mut levels: Vec<(Value, Value)> = summary["levels"]
            .as_array()
            .unwrap()
            .iter()
            .map(|level| (level["short"].clone(), level["name"].clone()))
            .collect();
        levels.sort_by_key(|(short, _)| short.to_string());
        assert_eq!(levels, level_names, "{lang}");
    }
    let (status, level) = api(&app, &format!("{mine}/levels/L1")).await;
    assert_eq!(status, StatusCode::OK, "{level}");

    // Found by its English names; routed as the demo routes, in the words asked for.
    let (_, theirs) = api(&app, &format!("{demo}/search?q=Starbucks")).await;
    let (status, ours) = api(&app, &format!("{mine}/search?q=Starbucks")).await;
    assert_eq!(status, StatusCode::OK, "{ours}");
    assert!(!ours["results"].as_array().unwrap().is_empty(), "{ours}");
    assert_eq!(ours["results"][0]["id"], theirs["results"][0]["id"]);
    let route = |base: &str, lang: &str| {
        format!(
            "{base}/route?from={}&to={}&lang={lang}",
            urlencoding(&sample("demo-mall", "route_from")),
            urlencoding(&sample("demo-mall", "route_to"))
        )
    };
    let (_, theirs) = api(&app, &route(demo, "en")).await;
    for lang in ["en", "zh-Hans"] {
        let (status, ours) = api(&app, &route(&mine, lang)).await;
        assert_eq!(status, StatusCode::OK, "{ours}");
        assert_eq!(ours["distance_m"], theirs["distance_m"]);
        let names = |answer: &Value| (answer["from"]["name"].clone(), answer["to"]["name"].clone());
        assert_eq!(names(&ours), names(&theirs), "{lang}");
    }
    let (_, ours) = api(&app, &route(&mine, "en")).await;
    assert_eq!(ours["steps"], theirs["steps"]);
}

/// Whether `text` holds punctuation of Chinese sentences: the engine's English has none.
fn has_chinese_punctuation(text: &str) -> bool {
    text.chars().any(|c| "，；：（）、。".contains(c))
}

/// What the engine says about a visitor's files comes in the language asked: the venue check's
/// problems, the archive's refusal, the drawings' mismatch; Chinese when nothing is asked.
#[tokio::test]
async fn a_broken_building_is_refused_in_the_language_asked() {
    let Some((app, _url, _data)) = app_on(Backend::Sqlite, |_| {}).await else {
        return;
    };
    let problems_of = |body: &Value| -> Vec<String> {
        body["error"]["problems"]
            .as_array()
            .expect("problems")
            .iter()
            .map(|problem| problem["message"].as_str().unwrap().to_owned())
            .collect()
    };
    let (status, english) = post_private(
        &app,
        "/api/buildings?lang=en",
        "application/zip",
        broken_mall_archive(),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{english}");
    let (_, chinese) = upload(&app, broken_mall_archive()).await;
    let (english, chinese) = (problems_of(&english), problems_of(&chinese));
    assert_eq!(english.len(), chinese.len());
    assert!(!english.is_empty());
    for (english, chinese) in english.iter().zip(&chinese) {
        assert!(!has_chinese_punctuation(english), "{english}");
        assert!(has_chinese_punctuation(chinese), "{chinese}");
    }

    let unsafe_path = zip_of(&[("venue.geojson", b"{}"), ("../evil.txt", b"x")]);
    let (status, refused) = post_private(
        &app,
        "/api/buildings?lang=en",
        "application/zip",
        unsafe_path,
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    let message = refused["error"]["message"].as_str().unwrap();
    assert!(!has_chinese_punctuation(message), "{message}");
    assert!(message.contains("../evil.txt"), "{message}");
}
