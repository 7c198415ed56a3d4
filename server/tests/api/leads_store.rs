//! Enquiry storage on both backends (a real SQLite file and a real PostgreSQL database): what
//! is committed comes back in the list, the search, the status filter, the pages and the CSV,
//! and survives a restart; a database that is down degrades enquiries without failing start.
//! Also the CSV export through the `site` binary.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use site_server::config::Config;
use site_server::leads::{CleanLead, LeadQuery, Leads, Status, StoreError, SubmitError};
use tempfile::TempDir;

use crate::support::binary::BINARY;
use crate::support::databases::{
    Backend, catalog, catalog_json, database_url, postgres_server, unreachable_postgres_url,
};
use crate::support::leads::{lead, origin};

fn config(data: &Path, url: String) -> Config {
    Config {
        data_dir: data.to_owned(),
        database_url: url,
        ..Config::default()
    }
}

/// Where a test's enquiries live: the configuration naming the database, and the data
/// directory (removed when this is dropped).
struct Database {
    config: Config,
    data: TempDir,
}

/// A started enquiry service on `backend` and its database.
async fn open(backend: Backend) -> (Leads, Database) {
    let data = TempDir::new().expect("temp dir");
    let url = database_url(backend, data.path()).await;
    let config = config(data.path(), url.expect("backend is configured"));
    let leads = Leads::start(&config, catalog()).await;
    (leads, Database { config, data })
}

fn query(q: &str, status: Option<Status>) -> LeadQuery {
    LeadQuery {
        q: q.to_owned(),
        status,
        page: 1,
    }
}

async fn names(leads: &Leads, q: &str, status: Option<Status>) -> Vec<String> {
    leads
        .list(&query(q, status))
        .await
        .expect("list")
        .leads
        .into_iter()
        .map(|lead| lead.name)
        .collect()
}

/// Submits in order, a few milliseconds apart so "newest first" is well defined.
async fn submit_all(leads: &Leads, all: &[CleanLead]) -> Vec<String> {
    let mut ids = Vec::new();
    for lead in all {
        ids.push(leads.submit(lead.clone(), origin()).await.expect("submit"));
        tokio::time::sleep(Duration::from_millis(3)).await;
    }
    ids
}

async fn listed_newest_first(backend: Backend) {
    let (leads, _database) = open(backend).await;
    let ids = submit_all(
        &leads,
        &[
            lead("张三", "寻境科技", "第一条"),
            lead("李四", "甲公司", "第二条"),
        ],
    )
    .await;
    let page = leads.list(&LeadQuery::default()).await.expect("list");
    assert_eq!(
        (page.total, page.page, page.page_size),
        (2, 1, 50),
        "{backend:?}"
    );
    let newest = &page.leads[0];
    assert_eq!(newest.id, ids[1], "{backend:?}");
    assert_eq!(newest.name, "李四");
    assert_eq!(newest.status, Status::New);
    assert_eq!(newest.scenario_label, "智慧工厂");
    assert_eq!(newest.product_label, "Smart Beacon 智能信标");
    assert_eq!(newest.variant_label, "中国站电脑版");
    assert_eq!(newest.page, "/next/business");
    assert_eq!(newest.user_agent, "Mozilla/5.0 test");
    // No channel configured: nothing to deliver.
    assert!(newest.delivered);
    assert!(
        newest.created_at.ends_with("+08:00"),
        "{}",
        newest.created_at
    );
    assert_eq!(newest.created_at.len(), "2026-12-01T09:30:00+08:00".len());
    assert_eq!(page.leads[1].id, ids[0]);
    let json = serde_json::to_value(newest).expect("serialises");
    for key in [
        "id",
        "created_at",
        "status",
        "name",
        "company",
        "phone",
        "email",
        "scenario",
        "scenario_label",
        "product",
        "product_label",
        "message",
        "page",
        "variant",
        "variant_label",
        "user_agent",
        "delivered",
    ] {
        assert!(json.get(key).is_some(), "{key} missing from {json}");
    }
    assert_eq!(json["status"], "new");
    leads.shutdown().await;
}
on_both_backends!(
    leads_submitted_are_listed_newest_first_with_labels,
    listed_newest_first
);

async fn search(backend: Backend) {
    let (leads, _database) = open(backend).await;
    let mut ascii = lead("Alice", "ACME Robotics", "need 100% coverage");
    ascii.email = "alice@acme.example".to_owned();
    ascii.phone = "010-12345678".to_owned();
    let mut other = lead("Bob", "Initech", "need 100 beacons, a_b test");
    other.email = "bob@initech.example".to_owned();
    submit_all(
        &leads,
        &[lead("张三", "寻境科技", "商场导航"), ascii, other],
    )
    .await;
    let search = |q: &'static str| names(&leads, q, None);
    assert_eq!(search("寻境").await, ["张三"], "{backend:?}");
    assert_eq!(search("导航").await, ["张三"], "{backend:?}");
    assert_eq!(search("acme").await, ["Alice"], "{backend:?}");
    assert_eq!(search("ROBOTICS").await, ["Alice"], "{backend:?}");
    assert_eq!(search("ALICE@").await, ["Alice"], "{backend:?}");
    assert_eq!(search("1234567").await, ["Alice"], "{backend:?}");
    assert_eq!(search(" Bob ").await, ["Bob"], "{backend:?}");
    assert_eq!(search("100%").await, ["Alice"], "{backend:?}");
    assert_eq!(search("a_b").await, ["Bob"], "{backend:?}");
    assert_eq!(search("%").await, ["Alice"], "{backend:?}");
    assert!(search("e_d").await.is_empty(), "{backend:?}");
    assert!(search("\\").await.is_empty(), "{backend:?}");
    assert_eq!(search("need").await, ["Bob", "Alice"], "{backend:?}");
    assert_eq!(search("").await.len(), 3);
    leads.shutdown().await;
}
on_both_backends!(
    leads_search_is_a_case_insensitive_substring_with_literal_wildcards,
    search
);

async fn status_changes(backend: Backend) {
    let (leads, _database) = open(backend).await;
    let ids = submit_all(
        &leads,
        &[
            lead("甲", "公司甲", "一"),
            lead("乙", "公司乙", "二"),
            lead("丙", "公司丙", "三"),
        ],
    )
    .await;
    let changed = leads
        .set_status(&ids[0], Status::Contacted)
        .await
        .expect("set");
    assert_eq!(
        (changed.status, changed.name.as_str()),
        (Status::Contacted, "甲")
    );
    leads
        .set_status(&ids[1], Status::Closed)
        .await
        .expect("set");
    assert_eq!(
        names(&leads, "", Some(Status::Contacted)).await,
        ["甲"],
        "{backend:?}"
    );
    assert_eq!(names(&leads, "", Some(Status::Closed)).await, ["乙"]);
    assert_eq!(names(&leads, "", Some(Status::New)).await, ["丙"]);
    assert!(names(&leads, "丙", Some(Status::Closed)).await.is_empty());
    assert_eq!(
        leads.get(&ids[1]).await.expect("get").status,
        Status::Closed
    );
    assert!(matches!(
        leads.set_status("no-such-id", Status::Closed).await,
        Err(StoreError::NotFound(_))
    ));
    assert!(matches!(
        leads.get("no-such-id").await,
        Err(StoreError::NotFound(_))
    ));
    leads.shutdown().await;
}
on_both_backends!(leads_status_changes_and_filters, status_changes);

async fn paging(backend: Backend) {
    let (leads, _database) = open(backend).await;
    for n in 0..53 {
        leads
            .submit(lead(&format!("客户{n:02}"), "公司", "需求"), origin())
            .await
            .expect("submit");
    }
    let first = leads.list(&query("", None)).await.expect("page 1");
    assert_eq!((first.leads.len(), first.total), (50, 53), "{backend:?}");
    let second = leads
        .list(&LeadQuery {
            page: 2,
            ..LeadQuery::default()
        })
        .await
        .expect("page 2");
    assert_eq!((second.leads.len(), second.total, second.page), (3, 53, 2));
    let mut all: Vec<String> = first
        .leads
        .iter()
        .chain(&second.leads)
        .map(|l| l.id.clone())
        .collect();
    let listed = all.clone();
    all.sort();
    all.dedup();
    assert_eq!(all.len(), 53, "every lead once across pages");
    // Time-ordered ids: newest first is descending id order.
    all.reverse();
    assert_eq!(listed, all);
    let beyond = leads
        .list(&LeadQuery {
            page: 9,
            ..LeadQuery::default()
        })
        .await
        .expect("page 9");
    assert!(beyond.leads.is_empty());
    leads.shutdown().await;
}
on_both_backends!(leads_are_paged_fifty_at_a_time, paging);

/// The CSV row of one lead, as Excel must read it: every cell quoted.
fn expected_csv(id: &str, time: &str) -> Vec<u8> {
    let mut expected = b"\xEF\xBB\xBF".to_vec();
    expected.extend_from_slice(
        "\"编号\",\"提交时间\",\"状态\",\"姓名\",\"公司\",\"电话\",\"邮箱\",\"应用场景\",\
         \"关注产品\",\"需求描述\",\"来源页面\",\"站点版本\",\"浏览器\"\r\n"
            .as_bytes(),
    );
    expected.extend_from_slice(
        format!(
            "\"{id}\",\"{time}\",\"已联系\",\"'=HYPERLINK(\"\"http://x\"\")\",\"寻境, 科技\",\
             \"13800138000\",\"zhang.san@Example.com\",\"智慧工厂\",\"Smart Beacon 智能信标\",\
             \"第一行，含\"\"引号\"\", 逗号\r\n第二行\",\"/next/business\",\"中国站电脑版\",\
             \"Mozilla/5.0 test\"\r\n"
        )
        .as_bytes(),
    );
    expected
}

async fn csv(backend: Backend) {
    let (leads, _database) = open(backend).await;
    let id = leads
        .submit(
            lead(
                "=HYPERLINK(\"http://x\")",
                "寻境, 科技",
                "第一行，含\"引号\", 逗号\n第二行",
            ),
            origin(),
        )
        .await
        .expect("submit");
    leads.set_status(&id, Status::Contacted).await.expect("set");
    let created = leads.get(&id).await.expect("get").created_at;
    // "2026-12-01T09:30:00+08:00" -> "2026-12-01 09:30:00"
    let time = created[..19].replace('T', " ");
    let csv = leads.export_csv(&LeadQuery::default()).await.expect("csv");
    assert_eq!(
        String::from_utf8_lossy(&csv),
        String::from_utf8_lossy(&expected_csv(&id, &time)),
        "{backend:?}"
    );
    assert_eq!(csv, expected_csv(&id, &time));
    let none = leads
        .export_csv(&query("", Some(Status::Closed)))
        .await
        .expect("csv");
    assert_eq!(
        none.iter().filter(|&&b| b == b'\n').count(),
        1,
        "header only"
    );
    leads.shutdown().await;
}
on_both_backends!(leads_csv_is_excel_ready, csv);

async fn restart(backend: Backend) {
    let (leads, Database { config, data }) = open(backend).await;
    let id = leads
        .submit(lead("张三", "寻境", "重启之后还在"), origin())
        .await
        .expect("submit");
    leads.shutdown().await;
    // Twice more on the same database: the migrations are already applied.
    for _ in 0..2 {
        let again = Leads::start(&config, catalog()).await;
        let page = again.list(&LeadQuery::default()).await.expect("list");
        assert_eq!(page.total, 1, "{backend:?}");
        assert_eq!(page.leads[0].id, id);
        assert_eq!(page.leads[0].message, "重启之后还在");
        again.shutdown().await;
    }
    if backend == Backend::Sqlite {
        assert!(data.path().join("leads.sqlite3").is_file());
        // WAL mode leaves its log beside the file while connections are open; the mode
        // itself is recorded in the database header (read and write version 2).
        let header = std::fs::read(data.path().join("leads.sqlite3")).expect("read");
        assert_eq!(&header[18..20], &[2, 2], "journal mode is WAL");
    }
}
on_both_backends!(leads_survive_a_restart_and_migrations_run_once, restart);

async fn hourly_cap(backend: Backend) {
    let data = TempDir::new().expect("temp dir");
    let url = database_url(backend, data.path()).await;
    let mut config = config(data.path(), url.expect("backend is configured"));
    config.leads.accepted_per_hour = 5;
    // Two servers on one database, as replicas are (on SQLite: two pools on one file).
    let replicas = [
        Leads::start(&config, catalog()).await,
        Leads::start(&config, catalog()).await,
    ];
    let mut burst = tokio::task::JoinSet::new();
    for n in 0..20 {
        let replica = replicas[n % 2].clone();
        burst.spawn(async move {
            replica
                .submit(lead("张三", &format!("公司{n:02}"), "同时提交"), origin())
                .await
        });
    }
    let (mut accepted, mut capped) = (0, 0);
    while let Some(result) = burst.join_next().await {
        match result.expect("task") {
            Ok(_) => accepted += 1,
            Err(SubmitError::HourlyCap { max, retry_after }) => {
                assert_eq!(max, 5);
                // Until the oldest of the five leaves the hour.
                assert!(
                    (3590..=3600).contains(&retry_after.as_secs()),
                    "{retry_after:?}"
                );
                capped += 1;
            }
            Err(other) => panic!("{backend:?}: {other}"),
        }
    }
    assert_eq!((accepted, capped), (5, 15), "{backend:?}: exactly the cap");
    let page = replicas[0].list(&LeadQuery::default()).await.expect("list");
    assert_eq!(page.total, 5);
    for replica in replicas {
        replica.shutdown().await;
    }
    // Counted from the database: a restart does not reset it.
    let restarted = Leads::start(&config, catalog()).await;
    let refused = restarted
        .submit(lead("李四", "寻境", "重启之后"), origin())
        .await;
    assert!(
        matches!(refused, Err(SubmitError::HourlyCap { .. })),
        "{refused:?}"
    );
    restarted.shutdown().await;
}
on_both_backends!(
    leads_hourly_cap_holds_across_replicas_and_restarts,
    hourly_cap
);

#[tokio::test]
async fn leads_default_database_is_created_in_a_new_data_directory() {
    let data = TempDir::new().expect("temp dir");
    let nested = data.path().join("does/not/exist/yet");
    let config = config(&nested, String::new());
    let leads = Leads::start(&config, catalog()).await;
    leads
        .submit(lead("张三", "寻境", "默认 SQLite"), origin())
        .await
        .expect("submit");
    assert!(nested.join("leads.sqlite3").is_file());
    leads.shutdown().await;
}

#[tokio::test]
async fn leads_start_with_postgres_down_and_answer_unavailable() {
    let data = TempDir::new().expect("temp dir");
    let config = config(data.path(), unreachable_postgres_url());
    let started = Instant::now();
    let leads = Leads::start(&config, catalog()).await;
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "start must not hang"
    );
    let refused = leads
        .submit(lead("张三", "寻境", "数据库停了"), origin())
        .await;
    let Err(SubmitError::Store(StoreError::Unavailable(reason))) = refused else {
        panic!("expected Unavailable, got {refused:?}");
    };
    assert!(!reason.is_empty());
    assert!(matches!(
        leads.list(&LeadQuery::default()).await,
        Err(StoreError::Unavailable(_))
    ));
    assert!(matches!(
        leads.export_csv(&LeadQuery::default()).await,
        Err(StoreError::Unavailable(_))
    ));
    leads.shutdown().await;
}

#[tokio::test]
async fn leads_wait_for_a_postgres_that_comes_up_later() {
    // A database that does not exist yet counts as down; once created, the background
    // migration finds it and enquiries are accepted without a restart.
    let Some(server) = postgres_server() else {
        return;
    };
    let name = format!("site_test_late_{}", uuid::Uuid::now_v7().simple());
    let mut url = url::Url::parse(&server).expect("url");
    url.set_path(&format!("/{name}"));
    let data = TempDir::new().expect("temp dir");
    let leads = Leads::start(&config(data.path(), url.to_string()), catalog()).await;
    assert!(matches!(
        leads.submit(lead("张三", "寻境", "稍后"), origin()).await,
        Err(SubmitError::Store(StoreError::Unavailable(_)))
    ));
    let mut admin = <sqlx::PgConnection as sqlx::Connection>::connect(&server)
        .await
        .expect("connect");
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&mut admin)
        .await
        .expect("create");
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        match leads.submit(lead("张三", "寻境", "稍后"), origin()).await {
            Ok(_) => break,
            Err(error) if Instant::now() < deadline => {
                let _ = error;
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            Err(error) => panic!("still unavailable: {error}"),
        }
    }
    assert_eq!(
        leads.list(&LeadQuery::default()).await.expect("list").total,
        1
    );
    leads.shutdown().await;
}

/// A dist/ holding only what `export-leads` reads: the manifest's `leads` words.
fn manifest_only_dist() -> TempDir {
    let dist = TempDir::new().expect("temp dir");
    let forms = serde_json::json!({ "zh-Hans": catalog_json() });
    let manifest = serde_json::json!({ "version": 9, "leads": { "forms": forms } });
    std::fs::write(dist.path().join("manifest.json"), manifest.to_string()).expect("write");
    dist
}

fn export_command(dist: &Path, data: &Path, url: &str) -> Command {
    let mut command = Command::new(BINARY);
    command
        .env_clear()
        .env("SITE_DIST_DIR", dist)
        .env("SITE_DATA_DIR", data)
        .env("DATABASE_URL", url)
        .arg("export-leads");
    command
}

async fn export_cli(backend: Backend) {
    let (leads, Database { config, data }) = open(backend).await;
    let ids = submit_all(
        &leads,
        &[
            lead("张三", "寻境", "一"),
            lead("李四", "甲公司", "二"),
            lead("王五", "寻境分公司", "三"),
        ],
    )
    .await;
    leads
        .set_status(&ids[2], Status::Closed)
        .await
        .expect("set");
    let dist = manifest_only_dist();
    let filtered = query("寻境", Some(Status::New));
    let expected = leads.export_csv(&filtered).await.expect("csv");
    let everything = leads.export_csv(&LeadQuery::default()).await.expect("csv");
    leads.shutdown().await;

    let out = data.path().join("out.csv");
    let status = export_command(dist.path(), data.path(), &config.database_url)
        .args(["--status", "new", "--q", "寻境", "--output"])
        .arg(&out)
        .status()
        .expect("runs");
    assert!(status.success(), "{backend:?}: {status}");
    let written = std::fs::read(&out).expect("output file");
    assert_eq!(written, expected, "{backend:?}");
    assert_eq!(
        String::from_utf8_lossy(&written).matches("\r\n").count(),
        2,
        "header and 张三 only"
    );

    let output = export_command(dist.path(), data.path(), &config.database_url)
        .output()
        .expect("runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(output.stdout, everything, "{backend:?}");
}
on_both_backends!(leads_export_cli_writes_the_same_csv, export_cli);

#[test]
fn leads_export_cli_explains_what_is_missing() {
    let data = TempDir::new().expect("temp dir");
    let no_dist = data.path().join("no-dist");
    let output = export_command(&no_dist, data.path(), "")
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("manifest.json"), "{stderr}");
    assert!(stderr.contains("web build"), "{stderr}");

    let dist = manifest_only_dist();
    let output = export_command(dist.path(), data.path(), &unreachable_postgres_url())
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("cannot open the enquiry database"),
        "{stderr}"
    );
    assert!(output.stdout.is_empty());

    let output = export_command(dist.path(), data.path(), "mysql://x@y/z")
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("database_url"));
}
