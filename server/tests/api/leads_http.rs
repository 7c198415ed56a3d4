//! `POST /api/leads` over real HTTP against the real server, with enquiries stored in SQLite
//! and in PostgreSQL: the validation matrix in both encodings, size and type refusals, the
//! honeypot, the rate limits, the no-JavaScript flow and what is stored with each enquiry.

use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use reqwest::RequestBuilder;

use crate::support::app::{
    ANDROID_UA, CHINA_HOST, DESKTOP_UA, NO_STORE, TestApp, assert_headers, header, json_body,
    spawn_app_configured,
};
use crate::support::databases::{Backend, unreachable_postgres_url};
use crate::support::fixture::{EN_FORM_PAGE, EN_THANKS_PAGE, FORM_PAGE, HOTLINE, THANKS_PAGE};
use crate::support::leads::{limits, no_limits, spawn_leads_app, valid_form, valid_lead};

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

/// The JSON enquiry as a browser's form sends it: consent `on` when true, left out otherwise.
fn post_as_form(app: &TestApp, lead: &Value) -> RequestBuilder {
    let pairs: Vec<(&str, String)> = lead
        .as_object()
        .expect("object")
        .iter()
        .filter_map(|(key, value)| match value {
            Value::Bool(true) => Some((key.as_str(), "on".to_owned())),
            Value::Bool(false) | Value::Null => None,
            Value::String(text) => Some((key.as_str(), text.clone())),
            other => Some((key.as_str(), other.to_string())),
        })
        .collect();
    let pairs: Vec<(&str, &str)> = pairs.iter().map(|(k, v)| (*k, v.as_str())).collect();
    app.post_form(&pairs)
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

/// The validation matrix, a case a row: what, the changes to the valid enquiry (null removes
/// a field), the expected errors as field -> message (none: accepted), and for an accepted
/// enquiry the stored values to check.
fn matrix() -> Vec<(String, Value, Value, Value)> {
    let (phone, email) = ("请填写有效的手机号或座机号", "请填写有效的邮箱地址");
    let consent = "请阅读并同意隐私政策";
    let (email_254, email_255) = (long_email(254), long_email(255));
    let (name_40, name_41) = ("张".repeat(40), "张".repeat(41));
    let (company_100, company_101) = ("司".repeat(100), "司".repeat(101));
    let (message_1000, message_1001) = ("需".repeat(1000), "需".repeat(1001));
    let rows = json!([
        ["valid", {}, {}, {"phone": "13812345678"}],
        ["mobile with spaces", {"phone": "138 1234 5678"}, {}, {"phone": "13812345678"}],
        ["+86 mobile", {"phone": "+86 138-1234-5678"}, {}, {"phone": "13812345678"}],
        ["landline", {"phone": "010-12345678"}, {}, {"phone": "010-12345678"}],
        ["short landline", {"phone": "0755-1234567"}, {}, {"phone": "0755-1234567"}],
        ["landline with extension", {"phone": "010-12345678-123"}, {}, {"phone": "010-12345678-123"}],
        ["landline without area code", {"phone": "12345678"}, {"phone": phone}, {}],
        ["12-digit mobile", {"phone": "138123456789"}, {"phone": phone}, {}],
        ["mobile starting 12", {"phone": "12812345678"}, {"phone": phone}, {}],
        ["letters in phone", {"phone": "1381234567a"}, {"phone": phone}, {}],
        ["phone too long", {"phone": "1".repeat(21)}, {"phone": "电话最多 20 个字"}, {}],
        ["missing phone", {"phone": null}, {"phone": "请填写电话"}, {}],
        ["no email", {"email": null}, {}, {"email": ""}],
        ["email without @", {"email": "zhang.example.com"}, {"email": email}, {}],
        ["email with two @", {"email": "a@b@example.com"}, {"email": email}, {}],
        ["email without dot", {"email": "a@example"}, {"email": email}, {}],
        ["email trailing dot", {"email": "a@example.com."}, {"email": email}, {}],
        ["email with space", {"email": "a b@example.com"}, {"email": email}, {}],
        ["email at 254", {"email": email_254}, {}, {"email": email_254}],
        ["email at 255", {"email": email_255}, {"email": "邮箱最多 254 个字"}, {}],
        ["name at 40", {"name": name_40}, {}, {"name": name_40}],
        ["name at 41", {"name": name_41}, {"name": "姓名最多 40 个字"}, {}],
        ["company at 100", {"company": company_100}, {}, {"company": company_100}],
        ["company at 101", {"company": company_101}, {"company": "公司最多 100 个字"}, {}],
        ["message at 1000", {"message": message_1000}, {}, {"message": message_1000}],
        ["message at 1001", {"message": message_1001}, {"message": "需求描述最多 1000 个字"}, {}],
        ["control characters", {"name": "张\u{0}三\u{1b}", "company": "\t寻境\u{7f} "}, {},
            {"name": "张三", "company": "寻境"}],
        ["message lines", {"message": "第一行\r\n第二行\r第三行\u{7}"}, {},
            {"message": "第一行\n第二行\n第三行"}],
        ["all-whitespace name", {"name": " \u{3000} "}, {"name": "请填写姓名"}, {}],
        ["missing consent", {"consent": null}, {"consent": consent}, {}],
        ["consent false", {"consent": false}, {"consent": consent}, {}],
        ["unknown scenario", {"scenario": "mall"}, {"scenario": "请从列表中选择应用场景"}, {}],
        ["empty scenario", {"scenario": ""}, {"scenario": "请填写应用场景"}, {}],
        ["other scenario, no product", {"scenario": "other", "product": ""}, {},
            {"scenario": "other", "product": ""}],
        ["unknown product", {"product": "device:99"}, {"product": "请从列表中选择关注产品"}, {}],
        ["several errors", {"name": "", "phone": "x", "consent": false},
            {"name": "请填写姓名", "phone": phone, "consent": consent}, {}],
    ]);
    let rows = rows.as_array().expect("rows").iter();
    rows.map(|row| {
        let what = row[0].as_str().expect("what").to_owned();
        (what, row[1].clone(), row[2].clone(), row[3].clone())
    })
    .collect()
}

async fn validation_matrix(backend: Backend) {
    let app = spawn_leads_app(backend, no_limits).await;
    let mut expected_stored = 0;
    for (encoding, as_form) in [("json", false), ("form", true)] {
        for (what, changes, errors, stored) in matrix() {
            let lead = with(&changes);
            let request = if as_form {
                // Form encoding, answered in JSON so the errors can be compared.
                post_as_form(&app, &lead).header("accept", "application/json")
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
    let app = spawn_leads_app(backend, no_limits).await;
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
        let request = app.post_lead(content_type, "application/json", body);
        let response = request.send().await.unwrap();
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
    let app = spawn_leads_app(backend, no_limits).await;
    const LIMIT: usize = 16 * 1024;
    let send = |body: Vec<u8>| {
        app.post_lead("application/json", "application/json", body)
            .send()
    };
    let response = send(padded_lead(LIMIT)).await.unwrap();
    assert_eq!(response.status(), 201, "exactly 16 KiB is accepted");
    let response = send(padded_lead(LIMIT + 1)).await.unwrap();
    assert_eq!(response.status(), 413);
    assert_headers(&response, &[NO_STORE]);
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
    assert_headers(&response, &[("content-type", "text/html; charset=utf-8")]);
    let html = response.text().await.unwrap();
    assert!(html.contains("role=\"alert\" class=\"form-alert\">内容过长，请精简后再提交</p>"));
    assert_eq!(app.admin_list("").await["total"], 2);
}
on_both_backends!(bodies_over_16_kib_get_413, body_limits);

async fn content_types(backend: Backend) {
    let app = spawn_leads_app(backend, no_limits).await;
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
            let request = app.post_lead(content_type, accept, body.clone());
            let response = request.send().await.unwrap();
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

async fn json_answers(backend: Backend) {
    let app = spawn_leads_app(backend, no_limits).await;
    let post = |accept: Option<&str>, body: &Value| {
        let request = app
            .client
            .post(app.url("/api/leads"))
            .header("content-type", "application/json")
            .body(body.to_string());
        match accept {
            Some(accept) => request.header("accept", accept),
            None => request,
        }
    };
    // A script posting JSON without saying what it takes back gets JSON.
    for accept in [None, Some("*/*"), Some("application/json")] {
        let response = post(accept, &valid_lead()).send().await.unwrap();
        assert_eq!(response.status(), 201, "{accept:?}");
        assert_headers(&response, &[("content-type", "application/json")]);
        let body = json_body(response).await;
        assert_eq!(body["thanks_path"], THANKS_PAGE.0, "{accept:?}");
        let response = post(accept, &with(&json!({"phone": "x"})))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 422, "{accept:?}");
        let body = json_body(response).await;
        assert_eq!(body["errors"]["phone"], "请填写有效的手机号或座机号");
    }
    // Asking for HTML gets the browser's answers.
    let response = post(Some("text/html"), &valid_lead()).send().await.unwrap();
    assert_eq!(response.status(), 303);
    let response = post(Some("text/html"), &with(&json!({"phone": "x"})))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 422);
    assert_headers(&response, &[("content-type", "text/html; charset=utf-8")]);
    // A form without an Accept is a browser's form: the page.
    let body = "name=%E5%BC%A0%E4%B8%89&phone=x";
    let response = app
        .client
        .post(app.url("/api/leads"))
        .header("content-type", "application/x-www-form-urlencoded")
        .body(body)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 422);
    assert_headers(&response, &[("content-type", "text/html; charset=utf-8")]);
    assert_eq!(app.admin_list("").await["total"], 4);
}
on_both_backends!(json_bodies_get_json_unless_they_ask_for_html, json_answers);

/// A device plan sent to sales from the viewer (issue #33, web/src/demo/modes/plan/): its
/// summary and the link that reopens the building and the plan, stored whole and listed for
/// sales as sent, on either backend.
async fn device_plan(backend: Backend) {
    let app = spawn_leads_app(backend, no_limits).await;
    let message = "部署规划：示例办公楼，蓝牙信标（手机定位），目标 CEP95 3 米，覆盖 L1、L2，\
        房间（店铺、诊室、病房等），不含楼梯间。规划 12 个 Smart Beacon 智能信标，预测 CEP50 1.10 米、\
        CEP95 2.80 米，楼层识别率 99.5%。打开这份规划：https://www.indora.cn/next/demo?\
        building=0123456789abcdef0123456789abcdef&plan=ble,3,L1,L2,@rooms,-stairs\
        （以上数字是访客调整布局后的实测；链接打开的是调整前的规划。）";
    let response = app
        .post_json(&with(&json!({ "message": message })))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 201);
    let listed = app
        .admin_list("?q=%E9%83%A8%E7%BD%B2%E8%A7%84%E5%88%92")
        .await;
    assert_eq!(listed["total"], 1);
    assert_eq!(listed["leads"][0]["message"], message);
}
on_both_backends!(a_device_plans_enquiry_is_stored_whole, device_plan);

async fn honeypot(backend: Backend) {
    let app = spawn_leads_app(backend, no_limits).await;
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
    let bot = with(&json!({"leave_empty": "x"}));
    let response = post_as_form(&app, &bot).send().await.unwrap();
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

/// The Retry-After of a client refused now that has nothing counted in an earlier window: the
/// window's 600 s in memory (SQLite), and until the current fixed window ends with the limits
/// PostgreSQL keeps for every replica (`server/src/rate_limit/shared.rs`).
fn expected_wait(backend: Backend) -> std::ops::RangeInclusive<u64> {
    match backend {
        Backend::Sqlite => 590..=600,
        Backend::Postgres => {
            let now = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_millis() as u64;
            let left = (600_000 - now % 600_000).div_ceil(1000);
            left.saturating_sub(10).max(1)..=left + 1
        }
    }
}

async fn assert_limited(backend: Backend, response: reqwest::Response) {
    assert_eq!(response.status(), 429);
    let retry_after: u64 = header(&response, "retry-after")
        .parse()
        .expect("Retry-After");
    assert!(
        expected_wait(backend).contains(&retry_after),
        "{retry_after}"
    );
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
    let app = spawn_leads_app(backend, limits(2, 30)).await;
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
    assert_limited(backend, app.post_json(&valid_lead()).send().await.unwrap()).await;
    // The form without JavaScript gets the page with the alert.
    let response = post_as_form(&app, &valid_lead()).send().await.unwrap();
    assert_eq!(response.status(), 429);
    assert!(!header(&response, "retry-after").is_empty());
    let html = response.text().await.unwrap();
    assert!(html.contains("提交过于频繁，请 10 分钟后再试"), "{html}");
    assert_eq!(app.admin_list("").await["total"], 2);

    // Submissions of any outcome: refusals of every kind count.
    let app = spawn_leads_app(backend, limits(5, 4)).await;
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
    assert_limited(backend, app.post_json(&valid_lead()).send().await.unwrap()).await;
    assert_eq!(app.admin_list("").await["total"], 0);
}
on_both_backends!(rate_limits_accepted_and_any_outcome, rate_limits);

async fn forwarded_clients(backend: Backend) {
    // Behind a trusted proxy (the test client's address), clients are told apart by
    // X-Forwarded-For.
    let app = spawn_leads_app(backend, |config| {
        limits(1, 30)(config);
        config.leads.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
    })
    .await;
    let from = |client: &str| {
        app.post_json(&valid_lead())
            .header("x-forwarded-for", client)
    };
    assert_eq!(from("198.51.100.1").send().await.unwrap().status(), 201);
    assert_limited(backend, from("198.51.100.1").send().await.unwrap()).await;
    // A client cannot escape by forging the left part: the proxy appended its address.
    assert_limited(
        backend,
        from("203.0.113.77, 198.51.100.1").send().await.unwrap(),
    )
    .await;
    assert_eq!(from("198.51.100.2").send().await.unwrap().status(), 201);

    // Without trusted proxies, X-Forwarded-For is the client's own word and ignored.
    let app = spawn_leads_app(backend, limits(1, 30)).await;
    let from = |client: &str| {
        app.post_json(&valid_lead())
            .header("x-forwarded-for", client)
    };
    assert_eq!(from("198.51.100.1").send().await.unwrap().status(), 201);
    assert_limited(backend, from("198.51.100.2").send().await.unwrap()).await;
}
on_both_backends!(forwarded_clients_behind_a_trusted_proxy, forwarded_clients);

async fn no_javascript(backend: Backend) {
    let app = spawn_leads_app(backend, no_limits).await;
    let response = post_as_form(&app, &valid_lead()).send().await.unwrap();
    assert_eq!(response.status(), 303);
    assert_eq!(
        header(&response, "location"),
        format!("{}#main", THANKS_PAGE.0)
    );
    assert_headers(&response, &[NO_STORE]);
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
    assert_headers(&response, &[("content-type", "text/html; charset=utf-8")]);
    assert_headers(&response, &[NO_STORE]);
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

/// An enquiry from the English pages (issue #35): a number abroad is taken and kept as `+` and
/// its digits, the browser without JavaScript is sent to the English thank-you page, and a
/// refusal speaks English. The same number from a Chinese page is refused.
async fn english_form(backend: Backend) {
    let app = spawn_leads_app(backend, no_limits).await;
    let mut lead = valid_lead();
    lead["page"] = EN_FORM_PAGE.0.into();
    lead["phone"] = "+44 (0)20 7946-0958".into();
    let response = post_as_form(&app, &lead).send().await.unwrap();
    assert_eq!(response.status(), 303);
    assert_eq!(
        header(&response, "location"),
        format!("{}#main", EN_THANKS_PAGE.0)
    );
    let saved = &app.admin_list("").await["leads"][0];
    assert_eq!(saved["phone"], "+4402079460958");
    assert_eq!(saved["page"], EN_FORM_PAGE.0);

    let response = app.post_json(&lead).send().await.unwrap();
    assert_eq!(response.status(), 201);
    let body = json_body(response).await;
    assert_eq!(body["thanks_path"], EN_THANKS_PAGE.0);

    lead["phone"] = "+44 20".into();
    let response = app.post_json(&lead).send().await.unwrap();
    assert_eq!(response.status(), 422);
    let body = json_body(response).await;
    assert_eq!(body["message"], "1 fields need your attention", "{body}");
    assert_eq!(
        body["errors"]["phone"], "Enter a valid phone number",
        "{body}"
    );
    // Without JavaScript, the English form page again.
    let response = post_as_form(&app, &lead).send().await.unwrap();
    assert_eq!(response.status(), 422);
    let page = response.text().await.unwrap();
    assert!(page.contains("Enter a valid phone number"), "{page}");

    lead["phone"] = "+44 20 7946 0958".into();
    lead["page"] = FORM_PAGE.0.into();
    let response = app.post_json(&lead).send().await.unwrap();
    assert_eq!(response.status(), 422);
    let body = json_body(response).await;
    assert_eq!(
        body["errors"]["phone"], "请填写有效的手机号或座机号",
        "{body}"
    );
}
on_both_backends!(
    an_english_enquiry_takes_numbers_abroad_and_answers_in_english,
    english_form
);

async fn stored_origin(backend: Backend) {
    let app = spawn_leads_app(backend, no_limits).await;
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
    let app = spawn_app_configured(|config| config.database_url = unreachable_postgres_url()).await;
    let response = app.post_json(&valid_lead()).send().await.unwrap();
    assert_eq!(response.status(), 503);
    let body: Value = json_body(response).await;
    assert_eq!(
        body,
        json!({"message": format!("系统暂时无法接收，请致电 {HOTLINE}")})
    );
    let response = app.post_form(&valid_form("你好")).send().await.unwrap();
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
