//! Delivery of enquiries to sales through the outbox, against local stand-ins: an enterprise
//! WeChat group robot (a real HTTP server that can refuse) and an SMTP server (a real TCP
//! server speaking the protocol). A notice is retried until it arrives, arrives once, and
//! never holds up or fails the visitor's submission.

use std::io::{BufRead, BufReader, Write};
use std::net::{SocketAddr, TcpListener};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use base64::Engine;
use http::Method;
use site_server::config::{Config, Delivery, Secret};
use site_server::leads::{LeadQuery, Leads};
use sqlx::Connection;
use tempfile::TempDir;

use crate::support::app::TestApp;
use crate::support::databases::{Backend, catalog, database_url};
use crate::support::leads::{lead, origin, spawn_leads_app, valid_lead};
use crate::support::stand_in::{Answer, StandIn};

const ROBOT_PATH: &str = "/cgi-bin/webhook/send";

/// The robot's answer: HTTP 200 with this errcode (0 = delivered; 45009 = its rate limit).
fn errcode(code: i64) -> Answer {
    let errmsg = if code == 0 {
        "ok"
    } else {
        "api freq out of limit"
    };
    Answer::json(&serde_json::json!({ "errcode": code, "errmsg": errmsg }))
}

/// A stand-in WeChat group robot on `listener` (a free port when None) that takes every notice
/// after answering the first ones with `first`.
fn start_robot(listener: Option<TcpListener>, first: impl IntoIterator<Item = Answer>) -> StandIn {
    let robot = match listener {
        Some(listener) => StandIn::start_on(listener),
        None => StandIn::start(),
    };
    robot.answer(Method::POST, ROBOT_PATH, errcode(0));
    robot.queue(Method::POST, ROBOT_PATH, first);
    robot
}

fn webhook(address: SocketAddr) -> String {
    format!("http://{address}{ROBOT_PATH}?key=test-key")
}

/// The markdown content of every notice the robot received, in order, each checked to be a
/// markdown message to the webhook within the robot's limit.
fn notices(robot: &StandIn) -> Vec<String> {
    robot
        .requests()
        .iter()
        .map(|request| {
            assert_eq!(
                (&request.method, request.uri.path()),
                (&Method::POST, ROBOT_PATH)
            );
            let json = request.json();
            assert_eq!(json["msgtype"], "markdown", "{json}");
            let content = json["markdown"]["content"]
                .as_str()
                .expect("markdown content");
            assert!(content.len() <= 4096, "content over the robot's limit");
            content.to_owned()
        })
        .collect()
}

fn fast_delivery() -> Delivery {
    Delivery {
        retry_base_millis: 50,
        retry_max_millis: 200,
        // Given up after max_attempts, not a day.
        retry_for_secs: 0,
        timeout_secs: 5,
        poll_secs: 1,
        ..Delivery::default()
    }
}

fn delivery_config(data: &TempDir, url: String, webhook: Option<String>) -> Config {
    let mut config = Config {
        data_dir: data.path().to_owned(),
        database_url: url,
        ..Config::default()
    };
    config.leads.delivery = fast_delivery();
    if let Some(webhook) = webhook {
        config.leads.wechat.webhook = Secret::new(webhook);
    }
    config
}

/// A data directory, and the URL of a fresh database on `backend` in it.
async fn fresh_database(backend: Backend) -> (TempDir, String) {
    let data = TempDir::new().expect("temp dir");
    let url = database_url(backend, data.path()).await;
    (data, url.expect("backend is configured"))
}

/// (channel, attempts, delivered, last_error) of every outbox row, oldest first.
type OutboxRow = (String, i64, Option<i64>, Option<String>);

async fn outbox(url: &str) -> Vec<OutboxRow> {
    const SELECT: &str = "SELECT channel, attempts, delivered_at, last_error FROM lead_outbox \
         ORDER BY created_at, channel";
    if url.starts_with("sqlite:") {
        let mut connection = sqlx::SqliteConnection::connect(url).await.expect("open");
        sqlx::query_as(SELECT)
            .fetch_all(&mut connection)
            .await
            .expect("outbox")
    } else {
        let mut connection = sqlx::PgConnection::connect(url).await.expect("open");
        sqlx::query_as(SELECT)
            .fetch_all(&mut connection)
            .await
            .expect("outbox")
    }
}

async fn all_delivered(leads: &Leads) -> bool {
    let page = leads.list(&LeadQuery::default()).await.expect("list");
    !page.leads.is_empty() && page.leads.iter().all(|lead| lead.delivered)
}

/// Waits up to `limit` for `condition`.
async fn eventually<F, Fut>(limit: Duration, mut condition: F) -> bool
where
    F: FnMut() -> Fut,
    Fut: Future<Output = bool>,
{
    let deadline = Instant::now() + limit;
    loop {
        if condition().await {
            return true;
        }
        if Instant::now() > deadline {
            return false;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn retried_until_taken(backend: Backend) {
    let (data, url) = fresh_database(backend).await;
    let trouble = Answer::status(500).with_body("upstream trouble");
    let robot = start_robot(None, [trouble, errcode(45009)]);
    let config = delivery_config(&data, url.clone(), Some(webhook(robot.address())));
    let leads = Leads::start(&config, catalog()).await;
    let mut enquiry = lead("张三", "寻境科技", "第一行\n第二行");
    enquiry.product = String::new();
    let id = leads.submit(enquiry, origin()).await.expect("submit");
    // The first attempt fails, so right after the answer the notice is still pending.
    assert!(!leads.get(&id).await.expect("get").delivered, "{backend:?}");
    assert!(
        eventually(Duration::from_secs(10), || all_delivered(&leads)).await,
        "{backend:?}: not delivered; robot saw {:?}, outbox {:?}",
        notices(&robot),
        outbox(&url).await
    );
    // Past another poll: nothing is sent again.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let contents = notices(&robot);
    assert_eq!(contents.len(), 3, "{backend:?}: {contents:#?}");
    let created = leads.get(&id).await.expect("get").created_at;
    let time = created[..19].replace('T', " ");
    assert_eq!(
        contents[2],
        format!(
            "## 新的商务咨询\n公司：寻境科技\n姓名：张三\n电话：13800138000\n\
             邮箱：zhang.san@Example.com\n应用场景：智慧工厂\n关注产品：\n来源页面：/next/business\n\
             站点版本：中国站电脑版\n提交时间：{time}\n需求描述：第一行\n第二行"
        )
    );
    assert!(contents.iter().all(|content| *content == contents[2]));
    let rows = outbox(&url).await;
    assert_eq!(rows.len(), 1);
    let (channel, attempts, delivered, last_error) = &rows[0];
    assert_eq!((channel.as_str(), *attempts), ("wechat", 3), "{backend:?}");
    assert!(delivered.is_some());
    assert_eq!(last_error, &None);
    leads.shutdown().await;
}
on_both_backends!(
    leads_notice_is_retried_until_the_robot_takes_it_then_sent_once,
    retried_until_taken
);

async fn visitor_markdown(backend: Backend) {
    let robot = start_robot(None, []);
    let app = spawn_leads_app(backend, |config| {
        config.leads.wechat.webhook = Secret::new(webhook(robot.address()));
        config.leads.delivery = fast_delivery();
    })
    .await;
    let mut typed = valid_lead();
    typed["name"] = "[合同](https://evil.example)".into();
    typed["company"] = "<font color=\"warning\">**急**</font>".into();
    typed["message"] = "# 标题\n> 引用\n- 列表\n`code` _x_ <@all>".into();
    let response = app.post_json(&typed).send().await.expect("request");
    assert_eq!(response.status(), 201);
    assert!(
        eventually(Duration::from_secs(10), || async {
            !robot.requests().is_empty()
        })
        .await,
        "{backend:?}: no notice"
    );
    let content = notices(&robot).remove(0);
    assert!(
        content.contains("\n姓名：［合同］(https://evil.example)\n"),
        "{content}"
    );
    assert!(content.contains("\n公司：＜font color=\"warning\"＞＊＊急＊＊＜/font＞\n"));
    assert!(content.ends_with("\n需求描述：＃ 标题\n＞ 引用\n－ 列表\n｀code｀ ＿x＿ ＜@all＞"));
    // The only markup left is the notice's own heading.
    assert!(content.starts_with("## 新的商务咨询\n"));
    for marker in ['[', ']', '*', '_', '`', '<', '>'] {
        assert!(!content.contains(marker), "{marker} in {content}");
    }
    assert_eq!(content.matches('#').count(), 2, "{content}");
    // Sales still see what was typed, exactly, on their page.
    let stored = &app.admin_list("").await["leads"][0];
    assert_eq!(stored["name"], typed["name"]);
    assert_eq!(stored["message"], typed["message"]);
}
on_both_backends!(
    leads_visitor_markdown_reaches_the_robot_as_text,
    visitor_markdown
);

/// Waits until the sales page counts one notice given up; `what` and the robot's attempts name
/// the failure otherwise.
async fn given_up_within(app: &TestApp, robot: &StandIn, limit: Duration, what: &str) {
    assert!(
        eventually(limit, || async {
            app.admin_list("").await["undeliverable"] == 1
        })
        .await,
        "{what}: never given up; robot saw {} attempts",
        robot.requests().len()
    );
}

async fn given_up(backend: Backend) {
    let robot = start_robot(None, []);
    robot.answer(
        Method::POST,
        ROBOT_PATH,
        Answer::status(500).with_body("down"),
    );
    let app = spawn_leads_app(backend, |config| {
        config.leads.wechat.webhook = Secret::new(webhook(robot.address()));
        config.leads.delivery = Delivery {
            max_attempts: 3,
            ..fast_delivery()
        };
    })
    .await;
    let response = app.post_json(&valid_lead()).send().await.expect("request");
    assert_eq!(
        response.status(),
        201,
        "a failing robot never fails the visitor"
    );
    let list = app.admin_list("").await;
    assert_eq!(list["undeliverable"], 0);
    assert_eq!(list["leads"][0]["undeliverable"], false);
    given_up_within(
        &app,
        &robot,
        Duration::from_secs(10),
        &format!("{backend:?}"),
    )
    .await;
    // Past several polls: the given-up notice is not tried again.
    tokio::time::sleep(Duration::from_millis(2500)).await;
    assert_eq!(robot.requests().len(), 3, "{backend:?}");
    let list = app.admin_list("").await;
    let lead = &list["leads"][0];
    assert_eq!(
        (&lead["delivered"], &lead["undeliverable"]),
        (&false.into(), &true.into())
    );
    // The count is of every enquiry, whatever the filter shows.
    assert_eq!(app.admin_list("?status=closed").await["undeliverable"], 1);
}
on_both_backends!(
    leads_notice_is_given_up_after_max_attempts_and_shown_to_sales,
    given_up
);

/// A refusal that says the robot's key is wrong is given up at once (issue #30): retrying it
/// for a day would only fill the log.
#[tokio::test]
async fn leads_a_permanent_refusal_is_given_up_at_once() {
    let robot = start_robot(None, []);
    robot.answer(
        Method::POST,
        ROBOT_PATH,
        Answer::json(&serde_json::json!({ "errcode": 93000, "errmsg": "invalid webhook url" })),
    );
    let app = spawn_leads_app(Backend::Sqlite, |config| {
        config.leads.wechat.webhook = Secret::new(webhook(robot.address()));
        config.leads.delivery = Delivery {
            retry_for_secs: 86_400,
            ..fast_delivery()
        };
    })
    .await;
    let response = app.post_json(&valid_lead()).send().await.expect("request");
    assert_eq!(response.status(), 201);
    given_up_within(&app, &robot, Duration::from_secs(5), "a permanent refusal").await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(robot.requests().len(), 1, "tried once");
}

/// A transient failure is retried past `max_attempts` until `retry_for_secs` has passed too
/// (issue #30): a robot down for a night loses no notice.
#[tokio::test]
async fn leads_a_transient_failure_is_retried_for_the_time_allowed() {
    let robot = start_robot(None, []);
    robot.answer(
        Method::POST,
        ROBOT_PATH,
        Answer::status(502).with_body("bad gateway"),
    );
    let app = spawn_leads_app(Backend::Sqlite, |config| {
        config.leads.wechat.webhook = Secret::new(webhook(robot.address()));
        config.leads.delivery = Delivery {
            max_attempts: 2,
            retry_for_secs: 3,
            ..fast_delivery()
        };
    })
    .await;
    let submitted = Instant::now();
    let response = app.post_json(&valid_lead()).send().await.expect("request");
    assert_eq!(response.status(), 201);
    given_up_within(&app, &robot, Duration::from_secs(10), "a transient failure").await;
    assert!(
        submitted.elapsed() >= Duration::from_secs(3),
        "given up after {:?}",
        submitted.elapsed()
    );
    assert!(
        robot.requests().len() > 4,
        "retried past max_attempts: {} attempts",
        robot.requests().len()
    );
}

#[tokio::test]
async fn leads_robot_refusal_is_recorded_with_its_errcode() {
    let (data, url) = fresh_database(Backend::Sqlite).await;
    let robot = start_robot(None, vec![errcode(45009); 50]);
    let mut config = delivery_config(&data, url.clone(), Some(webhook(robot.address())));
    config.leads.delivery.retry_base_millis = 2000;
    config.leads.delivery.retry_max_millis = 2000;
    let leads = Leads::start(&config, catalog()).await;
    leads
        .submit(lead("张三", "寻境", "限流"), origin())
        .await
        .expect("submit");
    assert!(
        eventually(Duration::from_secs(5), || async {
            outbox(&url).await[0].1 >= 1
        })
        .await
    );
    let (_, attempts, delivered, last_error) = outbox(&url).await.remove(0);
    assert_eq!((attempts, delivered), (1, None));
    let last_error = last_error.expect("error recorded");
    assert!(last_error.contains("45009"), "{last_error}");
    assert!(
        !last_error.contains("test-key"),
        "the key must not be logged: {last_error}"
    );
    assert!(!notices(&robot).is_empty(), "the attempt reached the robot");
    leads.shutdown().await;
}

async fn robot_comes_up(backend: Backend) {
    let (data, url) = fresh_database(backend).await;
    let reserved = TcpListener::bind("127.0.0.1:0").expect("bind");
    let address = reserved.local_addr().expect("address");
    drop(reserved);
    let config = delivery_config(&data, url.clone(), Some(webhook(address)));
    let leads = Leads::start(&config, catalog()).await;
    let started = Instant::now();
    leads
        .submit(lead("张三", "寻境", "机器人宕机"), origin())
        .await
        .expect("a down robot never fails the submission");
    assert!(started.elapsed() < Duration::from_secs(2));
    assert!(
        eventually(Duration::from_secs(5), || async {
            outbox(&url).await[0].1 >= 2
        })
        .await,
        "{backend:?}: retried while down"
    );
    assert!(!all_delivered(&leads).await);
    let (_, _, _, last_error) = outbox(&url).await.remove(0);
    assert!(last_error.is_some());
    let robot = start_robot(Some(TcpListener::bind(address).expect("rebind")), []);
    assert!(
        eventually(Duration::from_secs(10), || all_delivered(&leads)).await,
        "{backend:?}: delivered once up"
    );
    tokio::time::sleep(Duration::from_millis(1200)).await;
    assert_eq!(notices(&robot).len(), 1, "{backend:?}");
    leads.shutdown().await;
}
on_both_backends!(
    leads_accepted_while_the_robot_is_down_are_delivered_when_it_comes_up,
    robot_comes_up
);

#[tokio::test]
async fn leads_two_servers_on_one_postgres_deliver_each_notice_once() {
    let data = TempDir::new().expect("temp dir");
    let Some(url) = database_url(Backend::Postgres, data.path()).await else {
        return;
    };
    let robot = start_robot(None, []);
    let config = delivery_config(&data, url.clone(), Some(webhook(robot.address())));
    let first = Leads::start(&config, catalog()).await;
    let second = Leads::start(&config, catalog()).await;
    for n in 0..20 {
        let server = if n % 2 == 0 { &first } else { &second };
        server
            .submit(lead("张三", &format!("公司{n:02}"), "两台服务器"), origin())
            .await
            .expect("submit");
    }
    assert!(
        eventually(Duration::from_secs(15), || async {
            first
                .list(&LeadQuery::default())
                .await
                .expect("list")
                .leads
                .iter()
                .all(|l| l.delivered)
        })
        .await
    );
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let mut companies: Vec<String> = notices(&robot)
        .iter()
        .map(|content| {
            content
                .lines()
                .find_map(|line| line.strip_prefix("公司："))
                .expect("company line")
                .to_owned()
        })
        .collect();
    companies.sort();
    let expected: Vec<String> = (0..20).map(|n| format!("公司{n:02}")).collect();
    assert_eq!(companies, expected, "each notice exactly once");
    assert!(outbox(&url).await.iter().all(|row| row.1 == 1));
    first.shutdown().await;
    second.shutdown().await;
}

/// One mail as the fake SMTP server received it.
#[derive(Debug, Clone)]
struct Mail {
    from: String,
    to: Vec<String>,
    data: String,
}

/// A minimal SMTP server on 127.0.0.1: EHLO, MAIL, RCPT, DATA, RSET, NOOP, QUIT.
struct FakeSmtp {
    address: SocketAddr,
    mails: Arc<Mutex<Vec<Mail>>>,
}

impl FakeSmtp {
    fn start() -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
        let address = listener.local_addr().expect("address");
        let mails = Arc::new(Mutex::new(Vec::new()));
        let received = Arc::clone(&mails);
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                let Ok(stream) = stream else { return };
                let received = Arc::clone(&received);
                std::thread::spawn(move || {
                    let _ = serve_smtp(stream, &received);
                });
            }
        });
        Self { address, mails }
    }

    fn mails(&self) -> Vec<Mail> {
        self.mails.lock().unwrap().clone()
    }
}

fn serve_smtp(stream: std::net::TcpStream, mails: &Mutex<Vec<Mail>>) -> std::io::Result<()> {
    let mut writer = stream.try_clone()?;
    let mut reader = BufReader::new(stream);
    writer.write_all(b"220 fake.test ESMTP\r\n")?;
    let mut mail = Mail {
        from: String::new(),
        to: Vec::new(),
        data: String::new(),
    };
    let mut line = String::new();
    loop {
        line.clear();
        if reader.read_line(&mut line)? == 0 {
            return Ok(());
        }
        let command = line.trim_end().to_owned();
        let verb = command
            .split([' ', ':'])
            .next()
            .unwrap_or("")
            .to_ascii_uppercase();
        match verb.as_str() {
            "EHLO" | "HELO" => writer.write_all(b"250-fake.test\r\n250 8BITMIME\r\n")?,
            "MAIL" => {
                mail.from = command.to_owned();
                writer.write_all(b"250 OK\r\n")?;
            }
            "RCPT" => {
                mail.to.push(command.to_owned());
                writer.write_all(b"250 OK\r\n")?;
            }
            "DATA" => {
                writer.write_all(b"354 go ahead\r\n")?;
                let mut data = String::new();
                loop {
                    line.clear();
                    if reader.read_line(&mut line)? == 0 {
                        return Ok(());
                    }
                    if line == ".\r\n" {
                        break;
                    }
                    data.push_str(line.strip_prefix('.').unwrap_or(&line));
                }
                mail.data = data;
                mails.lock().unwrap().push(mail.clone());
                writer.write_all(b"250 queued\r\n")?;
            }
            "RSET" | "NOOP" => writer.write_all(b"250 OK\r\n")?,
            "QUIT" => {
                writer.write_all(b"221 bye\r\n")?;
                return Ok(());
            }
            _ => writer.write_all(b"502 not implemented\r\n")?,
        }
    }
}

/// The value of `name` in the mail's header, unfolded, with RFC 2047 words decoded.
fn header(data: &str, name: &str) -> String {
    let head = data.split("\r\n\r\n").next().unwrap_or_default();
    let unfolded = head.replace("\r\n ", " ").replace("\r\n\t", " ");
    let raw = unfolded
        .lines()
        .find_map(|line| {
            let (key, value) = line.split_once(':')?;
            key.eq_ignore_ascii_case(name)
                .then(|| value.trim().to_owned())
        })
        .unwrap_or_else(|| panic!("no {name} header in {head}"));
    decode_words(&raw)
}

/// RFC 2047: adjacent encoded words join without the space between them; a space between an
/// encoded word and plain text stays.
fn decode_words(raw: &str) -> String {
    let mut out = String::new();
    let mut previous_encoded = false;
    for (index, word) in raw.split(' ').enumerate() {
        let lower = word.to_ascii_lowercase();
        let encoded = lower.starts_with("=?utf-8?b?") && word.ends_with("?=");
        if index > 0 && !(encoded && previous_encoded) {
            out.push(' ');
        }
        if encoded {
            let bytes = base64::engine::general_purpose::STANDARD
                .decode(&word[10..word.len() - 2])
                .expect("base64 word");
            out.push_str(&String::from_utf8(bytes).expect("whole characters per word"));
        } else {
            out.push_str(word);
        }
        previous_encoded = encoded;
    }
    out
}

fn body(data: &str) -> String {
    let encoded: String = data
        .split_once("\r\n\r\n")
        .expect("header and body")
        .1
        .split_whitespace()
        .collect();
    String::from_utf8(
        base64::engine::general_purpose::STANDARD
            .decode(encoded)
            .expect("base64 body"),
    )
    .expect("utf-8 body")
}

#[tokio::test]
async fn leads_notice_is_mailed_with_a_chinese_subject_beside_the_robot() {
    let (data, url) = fresh_database(Backend::Sqlite).await;
    let smtp = FakeSmtp::start();
    let robot = start_robot(None, []);
    let mut config = delivery_config(&data, url.clone(), Some(webhook(robot.address())));
    config.leads.email.smtp_url = Secret::new(format!("smtp://{}", smtp.address));
    config.leads.email.from = "寻境官网 <bot@example.com>".to_owned();
    config.leads.email.to = vec![
        "sales@example.com".to_owned(),
        "boss@example.com".to_owned(),
    ];
    let leads = Leads::start(&config, catalog()).await;
    leads
        .submit(lead("张三", "寻境科技", "邮件通知\n第二行"), origin())
        .await
        .expect("submit");
    assert!(
        eventually(Duration::from_secs(10), || all_delivered(&leads)).await,
        "outbox: {:?}",
        outbox(&url).await
    );
    let mails = smtp.mails();
    assert_eq!(mails.len(), 1);
    let mail = &mails[0];
    assert!(mail.from.contains("bot@example.com"), "{}", mail.from);
    assert_eq!(mail.to.len(), 2);
    assert_eq!(header(&mail.data, "Subject"), "新的商务咨询 - 寻境科技");
    assert!(header(&mail.data, "To").contains("sales@example.com"));
    let text = body(&mail.data);
    assert!(
        text.starts_with("公司：寻境科技\r\n姓名：张三\r\n"),
        "{text}"
    );
    assert!(text.ends_with("需求描述：邮件通知\r\n第二行"), "{text}");
    assert_eq!(notices(&robot).len(), 1);
    let channels: Vec<String> = outbox(&url).await.into_iter().map(|row| row.0).collect();
    assert_eq!(channels, ["email", "wechat"]);
    leads.shutdown().await;
}
