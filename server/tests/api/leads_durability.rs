//! No enquiry that was answered 201 is lost: the real `site` binary takes a burst of
//! concurrent submissions and is killed with SIGKILL in the middle of it; after a restart on
//! the same database every acknowledged id is listed. On SQLite and on PostgreSQL.

use std::collections::BTreeSet;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tempfile::TempDir;

use crate::support::binary::{blocking_client, command, start};
use crate::support::databases::{Backend, database_url};
use crate::support::fixture::FixtureDist;
use crate::support::leads::{ADMIN_TOKEN, valid_lead};

const CLIENTS: usize = 8;
/// Acknowledged enquiries to wait for before the kill.
const BEFORE_KILL: usize = 40;

fn server_command(
    dist: &std::path::Path,
    data: &std::path::Path,
    url: &str,
) -> std::process::Command {
    let mut command = command(dist, data);
    command
        .env("SITE_DATABASE_URL", url)
        .env("SITE_LEADS__ADMIN_TOKEN", ADMIN_TOKEN)
        .env("SITE_LEADS__RATE_LIMIT__ACCEPTED", "1000000")
        .env("SITE_LEADS__RATE_LIMIT__SUBMISSIONS", "1000000");
    command
}

fn burst_survives_sigkill(backend: Backend) {
    let dist = FixtureDist::new().build();
    let data = TempDir::new().unwrap();
    let url = match backend {
        Backend::Sqlite => format!("sqlite://{}", data.path().join("leads.sqlite3").display()),
        Backend::Postgres => {
            let runtime = tokio::runtime::Runtime::new().unwrap();
            match runtime.block_on(database_url(backend, data.path())) {
                Some(url) => url,
                None => return,
            }
        }
    };
    let mut server = start(server_command(dist.path(), data.path(), &url));
    let endpoint = server.url("/api/leads");

    let acknowledged = Arc::new(Mutex::new(Vec::<String>::new()));
    let failed = Arc::new(AtomicUsize::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let clients: Vec<_> = (0..CLIENTS)
        .map(|client| {
            let (endpoint, acknowledged, failed, stop) = (
                endpoint.clone(),
                Arc::clone(&acknowledged),
                Arc::clone(&failed),
                Arc::clone(&stop),
            );
            std::thread::spawn(move || {
                let http = blocking_client();
                let mut sent = 0;
                while !stop.load(Ordering::Relaxed) {
                    let mut lead = valid_lead();
                    lead["name"] = format!("客户{client}-{sent}").into();
                    sent += 1;
                    let answer = http
                        .post(&endpoint)
                        .header("content-type", "application/json")
                        .header("accept", "application/json")
                        .timeout(Duration::from_secs(10))
                        .body(lead.to_string())
                        .send();
                    match answer {
                        Ok(response) if response.status() == 201 => {
                            let body: serde_json::Value =
                                serde_json::from_str(&response.text().unwrap_or_default())
                                    .expect("a 201 carries JSON");
                            let id = body["id"].as_str().expect("id").to_owned();
                            acknowledged.lock().unwrap().push(id);
                        }
                        Ok(response) => panic!("unexpected answer {}", response.status()),
                        Err(_) => {
                            // The server is gone (or its answer was cut off): not acknowledged.
                            failed.fetch_add(1, Ordering::Relaxed);
                            return;
                        }
                    }
                }
            })
        })
        .collect();

    let deadline = Instant::now() + Duration::from_secs(60);
    while acknowledged.lock().unwrap().len() < BEFORE_KILL {
        assert!(Instant::now() < deadline, "the burst did not get going");
        std::thread::sleep(Duration::from_millis(5));
    }
    // SIGKILL: no shutdown code runs, nothing is flushed on the way out.
    server.child.kill().expect("SIGKILL");
    server.child.wait().expect("reaped");
    for client in clients {
        client.join().expect("client thread");
    }
    stop.store(true, Ordering::Relaxed);
    let acknowledged: BTreeSet<String> = acknowledged.lock().unwrap().iter().cloned().collect();
    assert!(acknowledged.len() >= BEFORE_KILL);
    assert_eq!(
        failed.load(Ordering::Relaxed),
        CLIENTS,
        "every client saw the server die"
    );

    let server = start(server_command(dist.path(), data.path(), &url));
    let http = blocking_client();
    let mut stored = BTreeSet::new();
    for page in 1.. {
        let response = http
            .get(server.url(&format!("/admin/leads.json?page={page}")))
            .bearer_auth(ADMIN_TOKEN)
            .send()
            .expect("list");
        assert_eq!(response.status(), 200);
        let list: serde_json::Value = serde_json::from_str(&response.text().unwrap()).unwrap();
        let leads = list["leads"].as_array().expect("leads");
        if leads.is_empty() {
            break;
        }
        stored.extend(
            leads
                .iter()
                .map(|lead| lead["id"].as_str().unwrap().to_owned()),
        );
    }
    let lost: Vec<&String> = acknowledged.difference(&stored).collect();
    assert!(
        lost.is_empty(),
        "{} of {} acknowledged enquiries lost: {lost:?}",
        lost.len(),
        acknowledged.len()
    );
    eprintln!(
        "{backend:?}: {} acknowledged before SIGKILL, {} stored after restart",
        acknowledged.len(),
        stored.len()
    );
}

#[test]
fn burst_survives_sigkill_on_sqlite() {
    burst_survives_sigkill(Backend::Sqlite);
}

#[test]
fn burst_survives_sigkill_on_postgres() {
    burst_survives_sigkill(Backend::Postgres);
}
