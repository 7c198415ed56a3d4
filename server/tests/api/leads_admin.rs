//! Sales' routes over real HTTP, on SQLite and PostgreSQL: absent without a token, the token
//! as bearer or Basic password, the page, the JSON list with search and status, status
//! changes with their guards, and the CSV export's bytes.

use base64_encode::encode as base64;
use serde_json::{Value, json};

use crate::databases::Backend;
use crate::fixture::ADMIN_PAGE_MARKER;
use crate::helpers::{
    ADMIN_TOKEN, TestApp, header, json_body, spawn_app, spawn_leads_app, valid_lead,
};

mod base64_encode {
    /// Standard base64 with padding, for Basic credentials.
    pub(crate) fn encode(input: &[u8]) -> String {
        const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        let mut out = String::new();
        for chunk in input.chunks(3) {
            let b = [
                chunk[0],
                *chunk.get(1).unwrap_or(&0),
                *chunk.get(2).unwrap_or(&0),
            ];
            let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
            for i in 0..4 {
                if i <= chunk.len() {
                    out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
                } else {
                    out.push('=');
                }
            }
        }
        out
    }
}

const PATHS: [&str; 3] = ["/admin/leads", "/admin/leads.json", "/admin/leads.csv"];

#[tokio::test]
async fn without_a_token_the_admin_routes_are_absent() {
    let app = spawn_app().await;
    let (_, not_found_page) = app.text(app.get("/next/no-such-page")).await;
    for path in PATHS {
        for authorization in [None, Some(format!("Bearer {ADMIN_TOKEN}"))] {
            let mut request = app.get(path);
            if let Some(authorization) = &authorization {
                request = request.header("authorization", authorization);
            }
            let response = request.send().await.unwrap();
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

async fn authorisation(backend: Backend) {
    let Some(app) = spawn_leads_app(backend, |_| {}).await else {
        return;
    };
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
    for path in PATHS {
        for authorization in &refused {
            let mut request = app.get(path);
            if let Some(authorization) = authorization {
                request = request.header("authorization", authorization);
            }
            let response = request.send().await.unwrap();
            assert_eq!(response.status(), 401, "{path} {authorization:?}");
            assert_eq!(
                header(&response, "www-authenticate"),
                "Basic realm=\"leads\", charset=\"UTF-8\""
            );
            assert_eq!(header(&response, "x-robots-tag"), "noindex");
            assert_eq!(header(&response, "cache-control"), "no-store");
        }
        for authorization in [
            format!("Bearer {ADMIN_TOKEN}"),
            format!("bearer {ADMIN_TOKEN}"),
            basic("sales", ADMIN_TOKEN),
            basic("", ADMIN_TOKEN),
        ] {
            let response = app
                .get(path)
                .header("authorization", &authorization)
                .send()
                .await
                .unwrap();
            assert_eq!(response.status(), 200, "{path} {authorization}");
            assert_eq!(header(&response, "x-robots-tag"), "noindex");
            assert_eq!(header(&response, "cache-control"), "no-store");
        }
    }
    let response = app
        .get("/admin/leads")
        .bearer_auth(ADMIN_TOKEN)
        .send()
        .await
        .unwrap();
    assert_eq!(
        header(&response, "content-type"),
        "text/html; charset=utf-8"
    );
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
    let Some(app) = spawn_leads_app(backend, |_| {}).await else {
        return;
    };
    let first = submit(&app, json!({"name": "王五", "company": "Indora Tech"})).await;
    let second = submit(&app, json!({"name": "李四", "message": "需要 BLE 信标"})).await;
    let third = submit(&app, json!({"name": "赵六", "phone": "010-12345678"})).await;

    let list = app.admin_list("").await;
    assert_eq!(list["total"], 3);
    assert_eq!(list["page"], 1);
    assert_eq!(list["page_size"], 50);
    let ids: Vec<&str> = list["leads"]
        .as_array()
        .unwrap()
        .iter()
        .map(|lead| lead["id"].as_str().unwrap())
        .collect();
    assert_eq!(
        ids,
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
        let ids: Vec<&str> = list["leads"]
            .as_array()
            .unwrap()
            .iter()
            .map(|lead| lead["id"].as_str().unwrap())
            .collect();
        assert_eq!(ids, expected, "{query}");
    }

    let response = post_status(&app, &second)
        .header("content-type", "application/json")
        .header("origin", format!("http://{}", app.address))
        .body(r#"{"status": "contacted"}"#)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(header(&response, "cache-control"), "no-store");
    let lead = json_body(response).await;
    assert_eq!(lead["id"], second);
    assert_eq!(lead["status"], "contacted");
    let list = app.admin_list("?status=contacted").await;
    assert_eq!(list["total"], 1);
    assert_eq!(list["leads"][0]["id"], second);
    assert_eq!(app.admin_list("?status=new").await["total"], 2);
    assert_eq!(app.admin_list("?status=").await["total"], 3);

    // The guards: another site's Origin, a form body, a bad status, an unknown id.
    let cases = [
        (
            second.as_str(),
            "application/json",
            Some("https://evil.example"),
            r#"{"status": "closed"}"#,
            403,
        ),
        (
            second.as_str(),
            "application/x-www-form-urlencoded",
            None,
            "status=closed",
            415,
        ),
        (
            second.as_str(),
            "application/json",
            None,
            r#"{"status": "done"}"#,
            422,
        ),
        (
            second.as_str(),
            "application/json",
            None,
            r#"["closed"]"#,
            422,
        ),
        (
            "no-such-id",
            "application/json",
            None,
            r#"{"status": "closed"}"#,
            404,
        ),
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
        assert_eq!(header(&response, "x-robots-tag"), "noindex");
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
    let response = app
        .get("/admin/leads.json?status=open")
        .bearer_auth(ADMIN_TOKEN)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 422);
    assert_eq!(app.admin_list("?status=contacted").await["total"], 1);
}
on_both_backends!(json_list_search_and_status_changes, list_search_and_status);

async fn csv_export(backend: Backend) {
    let Some(app) = spawn_leads_app(backend, |_| {}).await else {
        return;
    };
    let id = submit(
        &app,
        json!({"name": "=HYPERLINK(\"x\")", "company": "寻境, \"北京\"", "message": "第一行\n第二行"}),
    )
    .await;
    submit(&app, json!({"name": "李四"})).await;
    let response = app
        .get("/admin/leads.csv")
        .bearer_auth(ADMIN_TOKEN)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(header(&response, "content-type"), "text/csv; charset=utf-8");
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
        "编号,提交时间,状态,姓名,公司,电话,邮箱,应用场景,关注产品,需求描述,来源页面,站点版本,浏览器"
    );
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
    assert!(text.contains("新线索"));
    // The filter applies to the export too.
    let response = app
        .get("/admin/leads.csv?q=%E6%9D%8E%E5%9B%9B")
        .bearer_auth(ADMIN_TOKEN)
        .send()
        .await
        .unwrap();
    let text = response.text().await.unwrap();
    assert_eq!(text.matches("\r\n").count(), 2, "{text}");
    assert!(text.contains("李四") && !text.contains(&id));
}
on_both_backends!(csv_export_bytes, csv_export);
