//! Sales' routes over real HTTP, on SQLite and PostgreSQL: absent without a token, the token
//! as bearer or Basic password, the page, the JSON list with search and status, status
//! changes with their guards, and the CSV export's bytes.

use base64::Engine;
use serde_json::{Value, json};

use crate::support::app::{
    NO_STORE, TestApp, assert_headers, field_texts, header, json_body, spawn_app,
};
use crate::support::databases::Backend;
use crate::support::fixture::ADMIN_PAGE_MARKER;
use crate::support::leads::{ADMIN_TOKEN, spawn_leads_app, valid_lead};

/// Standard base64 with padding, for Basic credentials.
fn base64(input: &[u8]) -> String {
    base64::engine::general_purpose::STANDARD.encode(input)
}

const PATHS: [&str; 3] = ["/admin/leads", "/admin/leads.json", "/admin/leads.csv"];

/// What every answer of the sales routes carries: kept out of search engines and caches.
const PRIVATE: [(&str, &str); 2] = [("x-robots-tag", "noindex"), NO_STORE];

/// The Authorization header, if any, as request headers.
fn authorization(value: &Option<String>) -> Vec<(&str, &str)> {
    value
        .iter()
        .map(|value| ("authorization", value.as_str()))
        .collect()
}

#[tokio::test]
async fn without_a_token_the_admin_routes_are_absent() {
    let app = spawn_app().await;
    let (_, not_found_page) = app.text(app.get("/next/no-such-page")).await;
    for path in PATHS {
        for value in [None, Some(format!("Bearer {ADMIN_TOKEN}"))] {
            let response = app.fetch_with(path, &authorization(&value)).await;
            assert_eq!(response.status(), 404, "{path}");
            assert!(header(&response, "www-authenticate").is_empty());
            assert_eq!(response.text().await.unwrap(), not_found_page, "{path}");
        }
    }
    // A POST to an unknown address is answered as for any other unknown address.
    let (status, _) = app
        .text(
            app.client
                .post(app.url("/admin/leads/abc/status"))
                .header("content-type", "application/json")
                .body("{\"status\":\"closed\"}"),
        )
        .await;
    let (other, _) = app
        .text(app.client.post(app.url("/next/no-such-page")))
        .await;
    assert_eq!(status, other);
}

/// The Authorization header, if any, and the client's address as a trusted proxy forwards it.
fn from<'a>(client: &'a str, value: &'a Option<String>) -> Vec<(&'a str, &'a str)> {
    let mut headers = authorization(value);
    headers.push(("x-forwarded-for", client));
    headers
}

async fn authorisation(backend: Backend) {
    // Each path is tried from its own client (X-Forwarded-For from a trusted proxy): one
    // client's wrong tokens would soon be throttled (see leads_abuse.rs).
    let app = spawn_leads_app(backend, |config| {
        config.leads.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
    })
    .await;
    let basic = |user: &str, password: &str| {
        format!("Basic {}", base64(format!("{user}:{password}").as_bytes()))
    };
    let refused = [
        None,
        Some("Bearer wrong-token-0123456789".to_owned()),
        Some(format!("Bearer {ADMIN_TOKEN}x")),
        Some(format!("Bearer {}", &ADMIN_TOKEN[..10])),
        Some(basic("sales", "wrong")),
        Some(basic(ADMIN_TOKEN, "")),
        Some(format!("Token {ADMIN_TOKEN}")),
    ];
    for (index, path) in PATHS.into_iter().enumerate() {
        let client = format!("198.51.100.{index}");
        for value in &refused {
            let response = app.fetch_with(path, &from(&client, value)).await;
            assert_eq!(response.status(), 401, "{path} {value:?}");
            let challenge = (
                "www-authenticate",
                "Basic realm=\"leads\", charset=\"UTF-8\"",
            );
            assert_headers(&response, &[challenge, PRIVATE[0], PRIVATE[1]]);
        }
        for value in [
            format!("Bearer {ADMIN_TOKEN}"),
            format!("bearer {ADMIN_TOKEN}"),
            basic("sales", ADMIN_TOKEN),
            basic("", ADMIN_TOKEN),
        ] {
            let presented = Some(value.clone());
            let response = app.fetch_with(path, &from(&client, &presented)).await;
            assert_eq!(response.status(), 200, "{path} {value}");
            assert_headers(&response, &PRIVATE);
        }
    }
    let response = app.fetch_as_sales("/admin/leads").await;
    assert_headers(&response, &[("content-type", "text/html; charset=utf-8")]);
    let csp = header(&response, "content-security-policy");
    for directive in [
        "script-src 'self';",
        "connect-src 'self';",
        "frame-ancestors 'none'",
    ] {
        assert!(csp.contains(directive), "{csp}");
    }
    let html = response.text().await.unwrap();
    assert!(html.contains(ADMIN_PAGE_MARKER));
    assert!(!html.contains("%%SITE"), "placeholders filled");
}
on_both_backends!(token_as_bearer_or_basic_password, authorisation);

async fn submit(app: &TestApp, changes: Value) -> String {
    let mut lead = valid_lead();
    for (key, value) in changes.as_object().unwrap() {
        lead[key] = value.clone();
    }
    let response = app.post_json(&lead).send().await.unwrap();
    assert_eq!(response.status(), 201);
    json_body(response).await["id"].as_str().unwrap().to_owned()
}

fn post_status(app: &TestApp, id: &str) -> reqwest::RequestBuilder {
    app.client
        .post(app.url(&format!("/admin/leads/{id}/status")))
        .bearer_auth(ADMIN_TOKEN)
}

async fn list_search_and_status(backend: Backend) {
    let app = spawn_leads_app(backend, |_| {}).await;
    let first = submit(&app, json!({"name": "王五", "company": "Indora Tech"})).await;
    let second = submit(&app, json!({"name": "李四", "message": "需要 BLE 信标"})).await;
    let third = submit(&app, json!({"name": "赵六", "phone": "010-12345678"})).await;

    let list = app.admin_list("").await;
    assert_eq!(list["total"], 3);
    assert_eq!(list["page"], 1);
    assert_eq!(list["page_size"], 50);
    assert_eq!(
        field_texts(&list["leads"], "id"),
        [third.as_str(), second.as_str(), first.as_str()],
        "newest first"
    );
    let lead = &list["leads"][2];
    assert_eq!(lead["status"], "new");
    assert_eq!(lead["scenario_label"], "智慧工厂");
    assert_eq!(lead["product_label"], "Smart Beacon 智能信标");
    assert_eq!(lead["variant_label"], "国际站电脑版");
    assert!(lead["created_at"].as_str().unwrap().ends_with("+08:00"));

    for (query, expected) in [
        ("?q=indora", vec![first.as_str()]),
        ("?q=ble", vec![second.as_str()]),
        ("?q=010-1234", vec![third.as_str()]),
        ("?q=%E6%9D%8E%E5%9B%9B", vec![second.as_str()]),
        ("?q=nothing-matches", vec![]),
    ] {
        let list = app.admin_list(query).await;
        assert_eq!(field_texts(&list["leads"], "id"), expected, "{query}");
    }

    let response = post_status(&app, &second)
        .header("content-type", "application/json")
        .header("origin", format!("http://{}", app.address))
        .body(r#"{"status": "contacted"}"#)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert_headers(&response, &[PRIVATE[1]]);
    let lead = json_body(response).await;
    assert_eq!(lead["id"], second);
    assert_eq!(lead["status"], "contacted");
    let list = app.admin_list("?status=contacted").await;
    assert_eq!(list["total"], 1);
    assert_eq!(list["leads"][0]["id"], second);
    assert_eq!(app.admin_list("?status=new").await["total"], 2);
    assert_eq!(app.admin_list("?status=").await["total"], 3);

    // The guards: another site's Origin, a form body, a bad status, an unknown id.
    let (json, form) = ("application/json", "application/x-www-form-urlencoded");
    let (evil, closed) = (Some("https://evil.example"), r#"{"status": "closed"}"#);
    let known = second.as_str();
    let cases = [
        (known, json, evil, closed, 403),
        (known, form, None, "status=closed", 415),
        (known, json, None, r#"{"status": "done"}"#, 422),
        (known, json, None, r#"["closed"]"#, 422),
        ("no-such-id", json, None, closed, 404),
    ];
    for (id, content_type, origin, body, expected) in cases {
        let mut request = post_status(&app, id)
            .header("content-type", content_type)
            .body(body);
        if let Some(origin) = origin {
            request = request.header("origin", origin);
        }
        let response = request.send().await.unwrap();
        assert_eq!(response.status(), expected, "{id} {content_type} {body}");
        assert_headers(&response, &[PRIVATE[0]]);
    }
    let response = app
        .client
        .post(app.url(&format!("/admin/leads/{second}/status")))
        .header("content-type", "application/json")
        .body(r#"{"status": "closed"}"#)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 401, "status changes need the token too");
    let response = app.fetch_as_sales("/admin/leads.json?status=open").await;
    assert_eq!(response.status(), 422);
    assert_eq!(app.admin_list("?status=contacted").await["total"], 1);
}
on_both_backends!(json_list_search_and_status_changes, list_search_and_status);

async fn csv_export(backend: Backend) {
    let app = spawn_leads_app(backend, |_| {}).await;
    let id = submit(
        &app,
        json!({"name": "=HYPERLINK(\"x\")", "company": "寻境, \"北京\"", "message": "第一行\n第二行"}),
    )
    .await;
    submit(&app, json!({"name": "李四"})).await;
    let response = app.fetch_as_sales("/admin/leads.csv").await;
    assert_eq!(response.status(), 200);
    assert_headers(&response, &[("content-type", "text/csv; charset=utf-8")]);
    let disposition = header(&response, "content-disposition");
    let date = &disposition["attachment; filename=\"leads-".len()..];
    assert!(
        disposition.starts_with("attachment; filename=\"leads-"),
        "{disposition}"
    );
    assert!(
        date.len() == "YYYYMMDD.csv\"".len()
            && date[..8].bytes().all(|b| b.is_ascii_digit())
            && date.ends_with(".csv\""),
        "{disposition}"
    );
    let bytes = response.bytes().await.unwrap();
    assert_eq!(&bytes[..3], b"\xEF\xBB\xBF", "UTF-8 BOM for Excel");
    let text = std::str::from_utf8(&bytes[3..]).expect("UTF-8");
    let header_row = text.split("\r\n").next().unwrap();
    assert_eq!(
        header_row,
        "\"编号\",\"提交时间\",\"状态\",\"姓名\",\"公司\",\"电话\",\"邮箱\",\"应用场景\",\
         \"关注产品\",\"需求描述\",\"来源页面\",\"站点版本\",\"浏览器\""
    );
    // Every cell is quoted, a plain one too.
    assert!(text.contains(",\"李四\","), "{text}");
    assert!(text.contains(&format!("\"{id}\",")), "{text}");
    assert!(text.ends_with("\r\n"));
    // Header, two rows, and the line break inside the message cell (CRLF too).
    assert_eq!(text.matches("\r\n").count(), 4, "{text}");
    assert!(text.contains(&id));
    assert!(
        text.contains("\"'=HYPERLINK(\"\"x\"\")\""),
        "CSV injection defused: {text}"
    );
    assert!(
        text.contains("\"寻境, \"\"北京\"\"\""),
        "RFC 4180 quoting: {text}"
    );
    assert!(text.contains("\"第一行\r\n第二行\""), "{text}");
    assert!(text.contains(",\"新线索\","));
    // The filter applies to the export too.
    let response = app
        .fetch_as_sales("/admin/leads.csv?q=%E6%9D%8E%E5%9B%9B")
        .await;
    let text = response.text().await.unwrap();
    assert_eq!(text.matches("\r\n").count(), 2, "{text}");
    assert!(text.contains("李四") && !text.contains(&id));
}
on_both_backends!(csv_export_bytes, csv_export);
