//! `POST /api/leads` over real HTTP against the real server, with enquiries stored in SQLite
//! and in PostgreSQL: the validation matrix in both encodings, size and type refusals, the
//! honeypot, the rate limits, the no-JavaScript flow and what is stored with each enquiry.

use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::databases::{Backend, unreachable_postgres_url};
use crate::fixture::{FORM_PAGE, FixtureDist, HOTLINE, THANKS_PAGE};
use crate::helpers::{
    ANDROID_UA, CHINA_HOST, DESKTOP_UA, TestApp, header, json_body, spawn_app_with,
    spawn_leads_app, valid_lead,
};

fn no_limits(config: &mut site_server::config::Config) {
    config.leads.rate_limit.accepted = 10_000;
    config.leads.rate_limit.submissions = 10_000;
}

fn with(changes: &Value) -> Value {
    let mut lead = valid_lead();
    for (key, value) in changes.as_object().expect("object") {
        if value.is_null() {
            lead.as_object_mut().unwrap().remove(key);
        } else {
            lead[key] = value.clone();
        }
    }
    lead
}

/// The JSON enquiry as form pairs: consent `on` when true, left out otherwise.
fn form_pairs(lead: &Value) -> Vec<(String, String)> {
    lead.as_object()
        .expect("object")
        .iter()
        .filter_map(|(key, value)| match value {
            Value::Bool(true) => Some((key.clone(), "on".to_owned())),
            Value::Bool(false) | Value::Null => None,
            Value::String(text) => Some((key.clone(), text.clone())),
            other => Some((key.clone(), other.to_string())),
        })
        .collect()
}

fn long_email(length: usize) -> String {
    // 64 + 1 + 63 + 1 + 63 + 1 + n + 4
    let tail = length - (64 + 1 + 63 + 1 + 63 + 1 + 4);
    format!(
        "{}@{}.{}.{}.com",
        "a".repeat(64),
        "b".repeat(63),
        "c".repeat(63),
        "d".repeat(tail)
    )
}

/// (what, changes to the valid enquiry, expected errors as field -> message; empty = valid,
/// then the stored values to check).
fn matrix() -> Vec<(&'static str, Value, Value, Value)> {
    let phone = "请填写有效的手机号或座机号";
    let email = "请填写有效的邮箱地址";
    vec![
        (
            "valid",
            json!({}),
            json!({}),
            json!({"phone": "13812345678"}),
        ),
        (
            "mobile with spaces",
            json!({"phone": "138 1234 5678"}),
            json!({}),
            json!({"phone": "13812345678"}),
        ),
        (
            "+86 mobile",
            json!({"phone": "+86 138-1234-5678"}),
            json!({}),
            json!({"phone": "13812345678"}),
        ),
        (
            "landline",
            json!({"phone": "010-12345678"}),
            json!({}),
            json!({"phone": "010-12345678"}),
        ),
        (
            "short landline",
            json!({"phone": "0755-1234567"}),
            json!({}),
            json!({"phone": "0755-1234567"}),
        ),
        (
            "landline with extension",
            json!({"phone": "010-12345678-123"}),
            json!({}),
            json!({"phone": "010-12345678-123"}),
        ),
        (
            "landline without area code",
            json!({"phone": "12345678"}),
            json!({"phone": phone}),
            json!({}),
        ),
        (
            "12-digit mobile",
            json!({"phone": "138123456789"}),
            json!({"phone": phone}),
            json!({}),
        ),
        (
            "mobile starting 12",
            json!({"phone": "12812345678"}),
            json!({"phone": phone}),
            json!({}),
        ),
        (
            "letters in phone",
            json!({"phone": "1381234567a"}),
            json!({"phone": phone}),
            json!({}),
        ),
        (
            "phone too long",
            json!({"phone": "1".repeat(21)}),
            json!({"phone": "电话最多 20 个字"}),
            json!({}),
        ),
        (
            "missing phone",
            json!({"phone": null}),
            json!({"phone": "请填写电话"}),
            json!({}),
        ),
        (
            "no email",
            json!({"email": null}),
            json!({}),
            json!({"email": ""}),
        ),
        (
            "email without @",
            json!({"email": "zhang.example.com"}),
            json!({"email": email}),
            json!({}),
        ),
        (
            "email with two @",
            json!({"email": "a@b@example.com"}),
            json!({"email": email}),
            json!({}),
        ),
        (
            "email without dot",
            json!({"email": "a@example"}),
            json!({"email": email}),
            json!({}),
        ),
        (
            "email trailing dot",
            json!({"email": "a@example.com."}),
            json!({"email": email}),
            json!({}),
        ),
        (
            "email with space",
            json!({"email": "a b@example.com"}),
            json!({"email": email}),
            json!({}),
        ),
        (
            "email at 254",
            json!({"email": long_email(254)}),
            json!({}),
            json!({"email": long_email(254)}),
        ),
        (
            "email at 255",
            json!({"email": long_email(255)}),
            json!({"email": "邮箱最多 254 个字"}),
            json!({}),
        ),
        (
            "name at 40",
            json!({"name": "张".repeat(40)}),
            json!({}),
            json!({"name": "张".repeat(40)}),
        ),
        (
            "name at 41",
            json!({"name": "张".repeat(41)}),
            json!({"name": "姓名最多 40 个字"}),
            json!({}),
        ),
        (
            "company at 100",
            json!({"company": "司".repeat(100)}),
            json!({}),
            json!({"company": "司".repeat(100)}),
        ),
        (
            "company at 101",
            json!({"company": "司".repeat(101)}),
            json!({"company": "公司最多 100 个字"}),
            json!({}),
        ),
        (
            "message at 1000",
            json!({"message": "需".repeat(1000)}),
            json!({}),
            json!({"message": "需".repeat(1000)}),
        ),
        (
            "message at 1001",
            json!({"message": "需".repeat(1001)}),
            json!({"message": "需求描述最多 1000 个字"}),
            json!({}),
        ),
        (
            "control characters",
            json!({"name": "张\u{0}三\u{1b}", "company": "\t寻境\u{7f} "}),
            json!({}),
            json!({"name": "张三", "company": "寻境"}),
        ),
        (
            "message lines",
            json!({"message": "第一行\r\n第二行\r第三行\u{7}"}),
            json!({}),
            json!({"message": "第一行\n第二行\n第三行"}),
        ),
        (
            "all-whitespace name",
            json!({"name": " \u{3000} "}),
            json!({"name": "请填写姓名"}),
            json!({}),
        ),
        (
            "missing consent",
            json!({"consent": null}),
            json!({"consent": "请阅读并同意隐私政策"}),
            json!({}),
        ),
        (
            "consent false",
            json!({"consent": false}),
            json!({"consent": "请阅读并同意隐私政策"}),
            json!({}),
        ),
        (
            "unknown scenario",
            json!({"scenario": "mall"}),
            json!({"scenario": "请从列表中选择应用场景"}),
            json!({}),
        ),
        (
            "empty scenario",
            json!({"scenario": ""}),
            json!({"scenario": "请填写应用场景"}),
            json!({}),
        ),
        (
            "other scenario, no product",
            json!({"scenario": "other", "product": ""}),
            json!({}),
            json!({"scenario": "other", "product": ""}),
        ),
        (
            "unknown product",
            json!({"product": "device:99"}),
            json!({"product": "请从列表中选择关注产品"}),
            json!({}),
        ),
        (
            "several errors",
            json!({"name": "", "phone": "x", "consent": false}),
            json!({"name": "请填写姓名", "phone": phone, "consent": "请阅读并同意隐私政策"}),
            json!({}),
        ),
    ]
}

async fn validation_matrix(backend: Backend) {
    let Some(app) = spawn_leads_app(backend, no_limits).await else {
        return;
    };
    let mut expected_stored = 0;
    for (encoding, as_form) in [("json", false), ("form", true)] {
        for (what, changes, errors, stored) in matrix() {
            let lead = with(&changes);
            let request = if as_form {
                let pairs = form_pairs(&lead);
                let pairs: Vec<(&str, &str)> = pairs
                    .iter()
                    .map(|(k, v)| (k.as_str(), v.as_str()))
                    .collect();
                // Form encoding, answered in JSON so the errors can be compared.
                app.post_form(&pairs).header("accept", "application/json")
            } else {
                app.post_json(&lead)
            };
            let response = request.send().await.expect("request");
            let status = response.status();
            assert_eq!(header(&response, "cache-control"), "no-store", "{what}");
            let body: Value = json_body(response).await;
            let errors = errors.as_object().unwrap();
            if errors.is_empty() {
                assert_eq!(status, 201, "{encoding} {what}: {body}");
                assert_eq!(body["thanks_path"], THANKS_PAGE.0);
                let id = body["id"].as_str().expect("id").to_owned();
                expected_stored += 1;
                let list = app.admin_list("").await;
                let saved = &list["leads"][0];
                assert_eq!(saved["id"], id, "{what}: newest first");
                for (field, value) in stored.as_object().unwrap() {
                    assert_eq!(&saved[field], value, "{encoding} {what}: stored {field}");
                }
            } else {
                assert_eq!(status, 422, "{encoding} {what}: {body}");
                assert_eq!(
                    body["message"],
                    format!("有 {} 项需要修改", errors.len()),
                    "{what}"
                );
                assert_eq!(
                    body["errors"].as_object().unwrap(),
                    errors,
                    "{encoding} {what}"
                );
            }
        }
    }
    assert_eq!(app.admin_list("").await["total"], expected_stored);
}
on_both_backends!(
    validation_matrix_in_json_and_form_encoding,
    validation_matrix
);

async fn wrong_json_types(backend: Backend) {
    let Some(app) = spawn_leads_app(backend, no_limits).await else {
        return;
    };
    // A number is taken as its text (some clients send phones as numbers); other types are
    // errors of the field's rule; unknown keys are ignored; consent needs `true`.
    let lead = with(&json!({"phone": 13812345678u64, "extra": {"a": 1}}));
    let response = app.post_json(&lead).send().await.unwrap();
    assert_eq!(response.status(), 201);
    let lead = with(&json!({"name": ["张三"], "email": 5, "scenario": true, "consent": "true"}));
    let response = app.post_json(&lead).send().await.unwrap();
    assert_eq!(response.status(), 422);
    let body: Value = json_body(response).await;
    assert_eq!(
        body["errors"],
        json!({
            "name": "请填写姓名",
            "email": "请填写有效的邮箱地址",
            "scenario": "请从列表中选择应用场景",
            "consent": "请阅读并同意隐私政策",
        })
    );
    for (content_type, body) in [
        ("application/json", b"{\"name\": ".to_vec()),
        ("application/json", b"[1, 2]".to_vec()),
        (
            "application/x-www-form-urlencoded",
            b"name=%FF%FE&consent=on".to_vec(),
        ),
    ] {
        let response = app
            .client
            .post(app.url("/api/leads"))
            .header("content-type", content_type)
            .header("accept", "application/json")
            .body(body)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 400, "{content_type}");
        let body: Value = json_body(response).await;
        assert_eq!(body["message"], "不支持的提交格式");
    }
    assert_eq!(app.admin_list("").await["total"], 1);
}
on_both_backends!(wrong_json_types_and_malformed_bodies, wrong_json_types);

/// A valid JSON enquiry padded with spaces to exactly `size` bytes.
fn padded_lead(size: usize) -> Vec<u8> {
    let mut body = valid_lead().to_string().into_bytes();
    body.resize(size, b' ');
    body
}

/// Sends `body` with chunked transfer encoding (no Content-Length) over a raw connection and
/// returns the status line.
async fn post_chunked(app: &TestApp, body: &[u8]) -> String {
    let mut stream = tokio::net::TcpStream::connect(app.address).await.unwrap();
    let head = "POST /api/leads HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n";
    stream.write_all(head.as_bytes()).await.unwrap();
    for chunk in body.chunks(1000) {
        let frame = format!("{:x}\r\n", chunk.len());
        // The server may answer and close before the whole body is sent.
        if stream.write_all(frame.as_bytes()).await.is_err()
            || stream.write_all(chunk).await.is_err()
            || stream.write_all(b"\r\n").await.is_err()
        {
            break;
        }
    }
    let _ = stream.write_all(b"0\r\n\r\n").await;
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer).await;
    let answer = String::from_utf8_lossy(&answer);
    answer.lines().next().unwrap_or_default().to_owned()
}

async fn body_limits(backend: Backend) {
    let Some(app) = spawn_leads_app(backend, no_limits).await else {
        return;
    };
    const LIMIT: usize = 16 * 1024;
    let send = |body: Vec<u8>| {
        app.client
            .post(app.url("/api/leads"))
            .header("content-type", "application/json")
            .header("accept", "application/json")
            .body(body)
            .send()
    };
    let response = send(padded_lead(LIMIT)).await.unwrap();
    assert_eq!(response.status(), 201, "exactly 16 KiB is accepted");
    let response = send(padded_lead(LIMIT + 1)).await.unwrap();
    assert_eq!(response.status(), 413);
    assert_eq!(header(&response, "cache-control"), "no-store");
    let body: Value = json_body(response).await;
    assert_eq!(body, json!({"message": "内容过长，请精简后再提交"}));
    // Without a Content-Length the stream is cut off at the limit.
    assert!(
        post_chunked(&app, &padded_lead(LIMIT))
            .await
            .contains("201")
    );
    let status = post_chunked(&app, &padded_lead(LIMIT * 4)).await;
    assert!(status.contains("413"), "{status}");
    // The browser's form gets the form page back, with the alert.
    let long = "需".repeat(LIMIT / 3 + 1);
    let response = app
        .post_form(&[("name", "张三"), ("message", &long)])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 413);
    assert_eq!(
        header(&response, "content-type"),
        "text/html; charset=utf-8"
    );
    let html = response.text().await.unwrap();
    assert!(html.contains("role=\"alert\" class=\"form-alert\">内容过长，请精简后再提交</p>"));
    assert_eq!(app.admin_list("").await["total"], 2);
}
on_both_backends!(bodies_over_16_kib_get_413, body_limits);

async fn content_types(backend: Backend) {
    let Some(app) = spawn_leads_app(backend, no_limits).await else {
        return;
    };
    let body = valid_lead().to_string();
    for (content_type, accepted) in [
        ("text/plain", false),
        ("multipart/form-data; boundary=xyz", false),
        ("application/json; charset=gbk", false),
        ("application/json; charset=UTF-8", true),
        ("application/json;charset=utf-8", true),
    ] {
        for (accept, success) in [("application/json", 201), ("text/html", 303)] {
            let expected = if accepted { success } else { 415 };
            let response = app
                .client
                .post(app.url("/api/leads"))
                .header("content-type", content_type)
                .header("accept", accept)
                .body(body.clone())
                .send()
                .await
                .unwrap();
            assert_eq!(response.status(), expected, "{content_type} {accept}");
            if expected == 415 {
                // The same JSON for scripts and for browsers: there is no form to show.
                let answer: Value = json_body(response).await;
                assert_eq!(answer, json!({"message": "不支持的提交格式"}));
            }
        }
    }
    let response = app
        .client
        .post(app.url("/api/leads"))
        .body(body)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 415, "no content type");
    let response = app.get("/api/leads").send().await.unwrap();
    assert_eq!(response.status(), 405);
}
on_both_backends!(other_content_types_get_415, content_types);

async fn honeypot(backend: Backend) {
    let Some(app) = spawn_leads_app(backend, no_limits).await else {
        return;
    };
    let response = app
        .post_json(&with(&json!({"leave_empty": "http://spam.example"})))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 422);
    let body: Value = json_body(response).await;
    assert_eq!(
        body,
        json!({"message": format!("提交未成功，请直接致电 {HOTLINE}"), "errors": {}})
    );
    let mut pairs = form_pairs(&valid_lead());
    pairs.push(("leave_empty".to_owned(), "x".to_owned()));
    let pairs: Vec<(&str, &str)> = pairs
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    let response = app.post_form(&pairs).send().await.unwrap();
    assert_eq!(response.status(), 422);
    let html = response.text().await.unwrap();
    assert!(html.contains(&format!("提交未成功，请直接致电 {HOTLINE}")));
    // An empty honeypot is what people send.
    let response = app
        .post_json(&with(&json!({"leave_empty": ""})))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 201);
    assert_eq!(app.admin_list("").await["total"], 1, "bots stored nothing");
}
on_both_backends!(honeypot_refuses_and_stores_nothing, honeypot);

fn limits(accepted: u32, submissions: u32) -> impl FnOnce(&mut site_server::config::Config) {
    move |config| {
        config.leads.rate_limit.accepted = accepted;
        config.leads.rate_limit.submissions = submissions;
        config.leads.rate_limit.window_secs = 600;
    }
}

async fn assert_limited(response: reqwest::Response) {
    assert_eq!(response.status(), 429);
    let retry_after: u64 = header(&response, "retry-after")
        .parse()
        .expect("Retry-After");
    assert!((590..=600).contains(&retry_after), "{retry_after}");
    let body: Value = json_body(response).await;
    assert_eq!(body["retry_after_secs"], retry_after);
    assert_eq!(
        body["message"],
        format!("提交过于频繁，请 10 分钟后再试或致电 {HOTLINE}")
    );
}

async fn rate_limits(backend: Backend) {
    // Accepted enquiries: once two are accepted within the window, every further submission
    // is refused (whether it would be accepted cannot be known before the work is done).
    let Some(app) = spawn_leads_app(backend, limits(2, 30)).await else {
        return;
    };
    // Refused ones count only as submissions, not against the accepted limit.
    for _ in 0..3 {
        let response = app
            .post_json(&with(&json!({"phone": "x"})))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 422);
    }
    for _ in 0..2 {
        let response = app.post_json(&valid_lead()).send().await.unwrap();
        assert_eq!(response.status(), 201);
    }
    assert_limited(app.post_json(&valid_lead()).send().await.unwrap()).await;
    // The form without JavaScript gets the page with the alert.
    let pairs = form_pairs(&valid_lead());
    let pairs: Vec<(&str, &str)> = pairs
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    let response = app.post_form(&pairs).send().await.unwrap();
    assert_eq!(response.status(), 429);
    assert!(!header(&response, "retry-after").is_empty());
    let html = response.text().await.unwrap();
    assert!(html.contains("提交过于频繁，请 10 分钟后再试"), "{html}");
    assert_eq!(app.admin_list("").await["total"], 2);

    // Submissions of any outcome: refusals of every kind count.
    let Some(app) = spawn_leads_app(backend, limits(5, 4)).await else {
        return;
    };
    let oversize = padded_lead(16 * 1024 + 1);
    let outcomes = [
        app.post_json(&with(&json!({"phone": "x"}))),
        app.post_json(&with(&json!({"leave_empty": "x"}))),
        app.client
            .post(app.url("/api/leads"))
            .header("content-type", "text/plain")
            .body("x"),
        app.client
            .post(app.url("/api/leads"))
            .header("content-type", "application/json")
            .body(oversize),
    ];
    for (request, status) in outcomes.into_iter().zip([422, 422, 415, 413]) {
        assert_eq!(request.send().await.unwrap().status(), status);
    }
    assert_limited(app.post_json(&valid_lead()).send().await.unwrap()).await;
    assert_eq!(app.admin_list("").await["total"], 0);
}
on_both_backends!(rate_limits_accepted_and_any_outcome, rate_limits);

async fn forwarded_clients(backend: Backend) {
    // Behind a trusted proxy (the test client's address), clients are told apart by
    // X-Forwarded-For.
    let Some(app) = spawn_leads_app(backend, |config| {
        limits(1, 30)(config);
        config.leads.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
    })
    .await
    else {
        return;
    };
    let from = |client: &str| {
        app.post_json(&valid_lead())
            .header("x-forwarded-for", client)
    };
    assert_eq!(from("198.51.100.1").send().await.unwrap().status(), 201);
    assert_limited(from("198.51.100.1").send().await.unwrap()).await;
    // A client cannot escape by forging the left part: the proxy appended its address.
    assert_limited(from("203.0.113.77, 198.51.100.1").send().await.unwrap()).await;
    assert_eq!(from("198.51.100.2").send().await.unwrap().status(), 201);

    // Without trusted proxies, X-Forwarded-For is the client's own word and ignored.
    let Some(app) = spawn_leads_app(backend, limits(1, 30)).await else {
        return;
    };
    let from = |client: &str| {
        app.post_json(&valid_lead())
            .header("x-forwarded-for", client)
    };
    assert_eq!(from("198.51.100.1").send().await.unwrap().status(), 201);
    assert_limited(from("198.51.100.2").send().await.unwrap()).await;
}
on_both_backends!(forwarded_clients_behind_a_trusted_proxy, forwarded_clients);

async fn no_javascript(backend: Backend) {
    let Some(app) = spawn_leads_app(backend, no_limits).await else {
        return;
    };
    let pairs = form_pairs(&valid_lead());
    let pairs: Vec<(&str, &str)> = pairs
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    let response = app.post_form(&pairs).send().await.unwrap();
    assert_eq!(response.status(), 303);
    assert_eq!(
        header(&response, "location"),
        format!("{}#main", THANKS_PAGE.0)
    );
    assert_eq!(header(&response, "cache-control"), "no-store");
    let (status, _) = app.text(app.get(THANKS_PAGE.0)).await;
    assert_eq!(status, 200);

    // Invalid: the form page again, with what was typed, escaped, and the errors.
    let tricky = "<script>alert(\"x\")</script>'&";
    let response = app
        .post_form(&[
            ("name", tricky),
            ("company", "寻境"),
            ("phone", "12345"),
            ("email", "not-an-email"),
            ("scenario", "businessPark"),
            ("product", "service:map"),
            ("message", "第一行\r\n第二行 </textarea><b>"),
            ("page", "/next/map"),
        ])
        .header("user-agent", DESKTOP_UA)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 422);
    assert_eq!(
        header(&response, "content-type"),
        "text/html; charset=utf-8"
    );
    assert_eq!(header(&response, "cache-control"), "no-store");
    assert!(header(&response, "content-security-policy").contains("script-src 'self'"));
    let html = response.text().await.unwrap();
    assert!(
        !html.contains("%%LEAD") && !html.contains("data-lead-"),
        "markers all filled"
    );
    assert!(!html.contains("<script>alert"), "values are escaped");
    assert!(html.contains(
        "name=\"name\" value=\"&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&#x27;&amp;\" aria-invalid=\"false\""
    ));
    assert!(html.contains("name=\"phone\" value=\"12345\" aria-invalid=\"true\""));
    assert!(html.contains(
        "id=\"lead-phone-error\" class=\"field-error\">请填写有效的手机号或座机号</span>"
    ));
    assert!(
        html.contains("id=\"lead-email-error\" class=\"field-error\">请填写有效的邮箱地址</span>")
    );
    assert!(html.contains("id=\"lead-name-error\" class=\"field-error\"></span>"));
    assert!(
        html.contains(
            "id=\"lead-consent-error\" class=\"field-error\">请阅读并同意隐私政策</span>"
        )
    );
    assert!(
        html.contains("name=\"consent\"  aria-invalid=\"true\""),
        "not checked"
    );
    assert!(html.contains("<option value=\"businessPark\" selected>"));
    assert!(html.contains("<option value=\"factory\" >"));
    assert!(html.contains("<option value=\"service:map\" selected>"));
    assert!(html.contains("<option value=\"\" >不限</option>"));
    assert!(html.contains(
        "name=\"message\" aria-invalid=\"false\">第一行\n第二行 &lt;/textarea&gt;&lt;b&gt;</textarea>"
    ));
    assert!(html.contains("name=\"page\" value=\"/next/map\""));
    assert!(html.contains("role=\"alert\" class=\"form-alert\">有 3 项需要修改</p>"));
    assert!(html.contains("data-variant=\"desktop-international\""));
    assert!(html.contains(&format!("<h1>{}</h1>", FORM_PAGE.2)));
    assert!(!html.contains("%%SITE"), "deployment values filled too");

    // Consent given and kept; the mobile page for a phone; the China site by Host.
    let response = app
        .post_form(&[("name", "张三"), ("consent", "on")])
        .header("user-agent", ANDROID_UA)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 422);
    let html = response.text().await.unwrap();
    assert!(html.contains("name=\"consent\" checked aria-invalid=\"false\""));
    assert!(html.contains("data-variant=\"mobile\""));
    let response = app
        .post_form(&[("name", "张三")])
        .header("host", CHINA_HOST)
        .send()
        .await
        .unwrap();
    let html = response.text().await.unwrap();
    assert!(html.contains("data-variant=\"desktop-china\""));
    assert_eq!(app.admin_list("").await["total"], 1);
}
on_both_backends!(no_javascript_form_flow, no_javascript);

async fn stored_origin(backend: Backend) {
    let Some(app) = spawn_leads_app(backend, no_limits).await else {
        return;
    };
    let long_agent = format!("{ANDROID_UA} {}", "x".repeat(600));
    let cases = [
        // (page field, referer, host, user agent) -> (page, variant)
        (
            Some("/next/map"),
            None,
            None,
            DESKTOP_UA.to_owned(),
            "/next/map",
            "desktop-international",
        ),
        (
            Some("/next/nope"),
            Some("https://www.indora.cn/next/device/1?x=1"),
            Some(CHINA_HOST),
            DESKTOP_UA.to_owned(),
            "/next/device/1",
            "desktop-china",
        ),
        (
            Some("https://evil.example/next/map"),
            Some("https://evil.example/x"),
            None,
            long_agent.clone(),
            "",
            "mobile",
        ),
        (None, None, None, String::new(), "", "desktop-international"),
    ];
    for (page, referer, host, agent, stored_page, variant) in cases {
        let mut lead = valid_lead();
        if let Some(page) = page {
            lead["page"] = page.into();
        }
        let mut request = app.post_json(&lead).header("user-agent", agent.clone());
        if let Some(referer) = referer {
            request = request.header("referer", referer);
        }
        if let Some(host) = host {
            request = request.header("host", host);
        }
        let response = request.send().await.unwrap();
        assert_eq!(response.status(), 201);
        let saved = &app.admin_list("").await["leads"][0];
        assert_eq!(saved["page"], stored_page, "{page:?} {referer:?}");
        assert_eq!(saved["variant"], variant);
        let expected_agent: String = agent.chars().take(500).collect();
        assert_eq!(saved["user_agent"], expected_agent);
    }
}
on_both_backends!(stored_page_variant_and_user_agent, stored_origin);

#[tokio::test]
async fn storage_down_answers_503_and_pages_still_serve() {
    let app = spawn_app_with(FixtureDist::new().build(), |config| {
        config.database_url = unreachable_postgres_url();
    })
    .await;
    let response = app.post_json(&valid_lead()).send().await.unwrap();
    assert_eq!(response.status(), 503);
    let body: Value = json_body(response).await;
    assert_eq!(
        body,
        json!({"message": format!("系统暂时无法接收，请致电 {HOTLINE}")})
    );
    let response = app
        .post_form(&[
            ("name", "张三"),
            ("company", "寻境"),
            ("phone", "13812345678"),
            ("scenario", "factory"),
            ("message", "你好"),
            ("consent", "on"),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 503);
    let html = response.text().await.unwrap();
    assert!(html.contains("value=\"13812345678\""), "values kept");
    assert!(html.contains(&format!("系统暂时无法接收，请致电 {HOTLINE}")));
    let (status, _) = app.text(app.get("/next/")).await;
    assert_eq!(status, 200);
    // The admin routes are off without a token: 404 like any unknown page.
    let (status, _) = app.text(app.get("/admin/leads.json")).await;
    assert_eq!(status, 404);
}
