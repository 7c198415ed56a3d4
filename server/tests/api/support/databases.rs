//! The databases enquiry tests run against: a SQLite file in the test's data directory, and a
//! fresh PostgreSQL database (random name) on the server SITE_TEST_POSTGRES_URL names. Without
//! that variable the PostgreSQL variants are skipped with a note; with it set but unreachable
//! they fail, so a broken test database cannot pass as "skipped".

use std::path::Path;
use std::str::FromStr;

use site_server::leads::Catalog;
use sqlx::ConnectOptions;
use sqlx::postgres::PgConnectOptions;

pub(crate) const POSTGRES_VAR: &str = "SITE_TEST_POSTGRES_URL";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Backend {
    Sqlite,
    Postgres,
}

/// A `database_url` for `backend`: a SQLite file under `data_dir`, or a new, empty PostgreSQL
/// database. None (after printing why) when PostgreSQL is not configured for tests.
pub(crate) async fn database_url(backend: Backend, data_dir: &Path) -> Option<String> {
    match backend {
        Backend::Sqlite => Some(format!(
            "sqlite://{}",
            data_dir.join("leads.sqlite3").display()
        )),
        Backend::Postgres => Some(fresh_postgres_database(&postgres_server()?).await),
    }
}

/// The PostgreSQL server tests may create databases on; None (after printing that the test is
/// skipped) when SITE_TEST_POSTGRES_URL is not set.
pub(crate) fn postgres_server() -> Option<String> {
    let server = std::env::var(POSTGRES_VAR).ok();
    if server.is_none() {
        eprintln!("skipped: {POSTGRES_VAR} not set");
    }
    server
}

/// Creates `site_test_<random>` on the server and returns its URL.
pub(crate) async fn fresh_postgres_database(server: &str) -> String {
    let options = PgConnectOptions::from_str(server)
        .unwrap_or_else(|error| panic!("{POSTGRES_VAR}={server:?} is not a URL: {error}"));
    let mut connection = options.connect().await.unwrap_or_else(|error| {
        panic!("{POSTGRES_VAR}={server:?} is set but PostgreSQL does not answer: {error}")
    });
    let name = format!("site_test_{}", uuid::Uuid::now_v7().simple());
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&mut connection)
        .await
        .unwrap_or_else(|error| panic!("cannot create test database {name}: {error}"));
    let mut url = url::Url::parse(server).expect("the server URL parses");
    url.set_path(&format!("/{name}"));
    url.to_string()
}

/// A PostgreSQL URL nothing listens on (a closed local port).
pub(crate) fn unreachable_postgres_url() -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let port = listener.local_addr().expect("address").port();
    drop(listener);
    format!("postgres://postgres@127.0.0.1:{port}/nothing")
}

/// The manifest's `leads` object for tests: a few choices, every label, status, variant and
/// message of the contract. Fixture dists serialise it into their manifest.json.
pub(crate) fn catalog_json() -> serde_json::Value {
    serde_json::json!({
        "scenarios": [
            { "value": "factory", "label": "智慧工厂" },
            { "value": "businessPark", "label": "产业园区" },
            { "value": "other", "label": "其他场景" }
        ],
        "products": [
            { "value": "service:map", "label": "室内地图", "group": "产品服务" },
            { "value": "device:1", "label": "Smart Beacon 智能信标", "group": "智能硬件" }
        ],
        "labels": {
            "id": "编号", "created_at": "提交时间", "status": "状态", "name": "姓名",
            "company": "公司", "phone": "电话", "email": "邮箱", "scenario": "应用场景",
            "product": "关注产品", "message": "需求描述", "page": "来源页面",
            "variant": "站点版本", "user_agent": "浏览器", "delivery": "通知状态"
        },
        "statuses": { "new": "新线索", "contacted": "已联系", "closed": "已关闭" },
        "variants": {
            "desktop-international": "国际站电脑版",
            "desktop-china": "中国站电脑版",
            "mobile": "手机版"
        },
        "messages": {
            "required": "请填写{label}",
            "too_long": "{label}最多 {max} 个字",
            "phone": "请填写有效的手机号或座机号",
            "email": "请填写有效的邮箱地址",
            "choice": "请从列表中选择{label}",
            "consent": "请阅读并同意隐私政策",
            "summary": "有 {count} 项需要修改",
            "bot": "提交未成功，请直接致电 {hotline}",
            "rate_limited": "提交过于频繁，请 {minutes} 分钟后再试或致电 {hotline}",
            "too_large": "内容过长，请精简后再提交",
            "unsupported_type": "不支持的提交格式",
            "unavailable": "系统暂时无法接收，请致电 {hotline}",
            "busy": "咨询较多，请 {minutes} 分钟后再试或致电 {hotline}",
            "cross_site": "请在本站页面提交，或致电 {hotline}",
            "network": "网络异常，请稍后再试",
            "notification_title": "新的商务咨询",
            "notification_english": "来自英文版网站"
        }
    })
}

pub(crate) fn catalog() -> Catalog {
    let catalog: Catalog = serde_json::from_value(catalog_json()).expect("test catalog parses");
    catalog.check().expect("test catalog is complete");
    catalog
}

/// Runs an async test body once per backend, as two tests; the PostgreSQL one is skipped when
/// no server is configured, so bodies may count on their backend.
macro_rules! on_both_backends {
    ($name:ident, $body:ident) => {
        mod $name {
            #[tokio::test]
            async fn sqlite() {
                super::$body(crate::support::databases::Backend::Sqlite).await;
            }
            #[tokio::test]
            async fn postgres() {
                if crate::support::databases::postgres_server().is_some() {
                    super::$body(crate::support::databases::Backend::Postgres).await;
                }
            }
        }
    };
}
