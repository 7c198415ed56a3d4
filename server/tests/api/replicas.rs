//! Several replicas (issue #16): two real servers sharing one real PostgreSQL, directly and
//! behind a real nginx running the deployment's proxy settings, all on loopback. Enquiries
//! are stored and delivered once, the rate limits and IndexNow are shared, and a replica that
//! is killed or restarted costs no answered enquiry and no page.

use std::collections::BTreeSet;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::process::Command;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use http::Method;
use sqlx::Connection;

use crate::support::binary::{self, Running, blocking_client};
use crate::support::databases::{Backend, database_url, postgres_server};
use crate::support::fixture::{BuiltDist, FixtureDist};
use crate::support::leads::valid_lead;
use crate::support::nginx::{Nginx, free_address, nginx_binary, restartable_addresses};
use crate::support::stand_in::{Answer, StandIn};

const ROBOT_PATH: &str = "/cgi-bin/webhook/send";
const RATE_LIMITED: &str = "enquiry refused: rate limited";
/// Accepted enquiries per client and window in these tests.
const ACCEPTED: u32 = 3;

/// Two replicas' shared parts: one build, one database, one WeChat robot.
struct Cluster {
    dist: BuiltDist,
    database: String,
    robot: StandIn,
    data: Vec<tempfile::TempDir>,
}

impl Cluster {
    /// None when PostgreSQL is not configured for tests.
    async fn new(replicas: usize) -> Option<Cluster> {
        postgres_server()?;
        let robot = StandIn::start();
        robot.answer(
            Method::POST,
            ROBOT_PATH,
            Answer::json(&serde_json::json!({ "errcode": 0, "errmsg": "ok" })),
        );
        Some(Cluster {
            dist: FixtureDist::new().build(),
            database: database_url(Backend::Postgres, std::path::Path::new(""))
                .await
                .expect("PostgreSQL is configured"),
            robot,
            data: (0..replicas)
                .map(|_| tempfile::TempDir::new().expect("temp dir"))
                .collect(),
        })
    }

    /// Replica `index` (its own data directory) on `listen`, trusting nginx on 127.0.0.1.
    fn command(&self, index: usize, listen: SocketAddr) -> Command {
        let mut command = binary::command(self.dist.path(), self.data[index].path());
        let webhook = format!("{}?key=test-key", self.robot.url(ROBOT_PATH));
        command
            .env("SITE_LISTEN", listen.to_string())
            .env("SITE_DATABASE_URL", &self.database)
            .env("SITE_LEADS__WECHAT__WEBHOOK", webhook)
            .env("SITE_LEADS__TRUSTED_PROXIES", r#"["127.0.0.1"]"#)
            .env("SITE_LEADS__RATE_LIMIT__ACCEPTED", ACCEPTED.to_string())
            .env("SITE_LEADS__RATE_LIMIT__SUBMISSIONS", "30")
            .env("SITE_LEADS__ACCEPTED_PER_HOUR", "100000")
            .env("SITE_LEADS__DELIVERY__POLL_SECS", "1");
        command
    }

    fn start(&self, index: usize, listen: SocketAddr) -> Running {
        binary::start(self.command(index, listen))
    }

    async fn stored_ids(&self) -> Vec<String> {
        let mut connection = sqlx::PgConnection::connect(&self.database)
            .await
            .expect("connect");
        sqlx::query_scalar("SELECT id FROM leads")
            .fetch_all(&mut connection)
            .await
            .expect("leads")
    }

    /// The Markdown of every notice the robot received.
    fn notices(&self) -> Vec<String> {
        self.robot
            .requests()
            .iter()
            .map(|request| request.json()["markdown"]["content"].to_string())
            .collect()
    }
}

/// A client whose connections come from `ip` (a loopback address: each is a client of its
/// own to the server's rate limits).
fn client_from(ip: Ipv4Addr) -> reqwest::blocking::Client {
    let _ = blocking_client();
    reqwest::blocking::Client::builder()
        .local_address(IpAddr::V4(ip))
        .timeout(Duration::from_secs(10))
        .build()
        .expect("client")
}

/// Posts an enquiry as JSON: the status, and the id when it was accepted.
fn post_enquiry(
    client: &reqwest::blocking::Client,
    url: &str,
    name: &str,
) -> Result<(u16, Option<String>), String> {
    let mut lead = valid_lead();
    lead["name"] = serde_json::Value::from(name);
    let response = client
        .post(url)
        .header("Accept", "application/json")
        .header("Content-Type", "application/json")
        .body(lead.to_string())
        .send()
        .map_err(|error| error.to_string())?;
    let status = response.status().as_u16();
    let body: serde_json::Value =
        serde_json::from_slice(&response.bytes().unwrap_or_default()).unwrap_or_default();
    Ok((status, body["id"].as_str().map(str::to_owned)))
}

#[tokio::test(flavor = "multi_thread")]
async fn a_client_has_one_budget_whichever_replica_answers() {
    let Some(cluster) = Cluster::new(2).await else {
        return;
    };
    let replicas = [
        cluster.start(0, free_address()),
        cluster.start(1, free_address()),
    ];
    let urls: Vec<String> = replicas
        .iter()
        .map(|replica| replica.url("/api/leads"))
        .collect();
    let answers = tokio::task::spawn_blocking(move || {
        let client = client_from(Ipv4Addr::new(127, 0, 3, 1));
        let other = client_from(Ipv4Addr::new(127, 0, 3, 2));
        let mut answers = Vec::new();
        // Alternating replicas: the accepted places are used up on both together.
        for index in 0..ACCEPTED as usize + 2 {
            answers.push(post_enquiry(&client, &urls[index % 2], "客户").unwrap().0);
        }
        // Another client is not affected.
        answers.push(post_enquiry(&other, &urls[1], "客户").unwrap().0);
        answers
    })
    .await
    .unwrap();
    assert_eq!(answers, [201, 201, 201, 429, 429, 201]);
    assert_eq!(cluster.stored_ids().await.len(), ACCEPTED as usize + 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn indexnow_is_submitted_once_not_once_per_replica() {
    let Some(cluster) = Cluster::new(2).await else {
        return;
    };
    let endpoint = StandIn::start();
    endpoint.answer(Method::POST, "/indexnow", Answer::status(200));
    let start = |index: usize| {
        let mut command = cluster.command(index, free_address());
        command
            .env("SITE_INDEXNOW__KEY", "fixture-key-0123")
            .env("SITE_INDEXNOW__ENDPOINT", endpoint.url("/indexnow"));
        binary::start(command)
    };
    let finished = |replica: &mut Running| {
        replica.wait_for("IndexNow run finished", Duration::from_secs(20));
    };
    let mut first = [start(0), start(1)];
    for replica in &mut first {
        finished(replica);
    }
    // One request per site (international and China), from whichever replica held the lease.
    let hosts: BTreeSet<String> = endpoint
        .requests()
        .iter()
        .map(|request| request.json()["host"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(endpoint.requests().len(), 2, "{hosts:?}");
    assert_eq!(hosts.len(), 2);
    // A replica started later, with data directories of its own, finds nothing new to send.
    drop(first);
    let mut again = [start(1), start(0)];
    for replica in &mut again {
        finished(replica);
    }
    assert_eq!(endpoint.requests().len(), 2);
}

/// Asks for `count` pages one after another, from one client; each must be served.
async fn pages_served_one_after_another(url: String, count: usize) {
    let statuses: Vec<_> = tokio::task::spawn_blocking(move || {
        let client = client_from(Ipv4Addr::new(127, 0, 6, 1));
        (0..count)
            .map(|_| client.get(&url).send().map(|r| r.status().as_u16()).ok())
            .collect()
    })
    .await
    .unwrap();
    assert!(
        statuses.iter().all(|status| *status == Some(200)),
        "{statuses:?}"
    );
}

/// Requests `path` through nginx from several threads until stopped; the failures.
struct PageLoad {
    stop: Arc<AtomicBool>,
    threads: Vec<std::thread::JoinHandle<(usize, Vec<String>)>>,
}

impl PageLoad {
    fn start(url: &str, clients: u8) -> PageLoad {
        let stop = Arc::new(AtomicBool::new(false));
        let threads = (0..clients)
            .map(|index| {
                let (stop, url) = (stop.clone(), url.to_owned());
                std::thread::spawn(move || {
                    let client = client_from(Ipv4Addr::new(127, 0, 4, index + 1));
                    let (mut served, mut failures) = (0, Vec::new());
                    while !stop.load(Ordering::Relaxed) {
                        match client.get(&url).send() {
                            Ok(response) if response.status() == 200 => served += 1,
                            Ok(response) => failures.push(response.status().to_string()),
                            Err(error) => failures.push(error.to_string()),
                        }
                    }
                    (served, failures)
                })
            })
            .collect();
        PageLoad { stop, threads }
    }

    /// Pages served and failures.
    fn finish(self) -> (usize, Vec<String>) {
        self.stop.store(true, Ordering::Relaxed);
        let mut total = (0, Vec::new());
        for thread in self.threads {
            let (served, failures) = thread.join().unwrap();
            total.0 += served;
            total.1.extend(failures);
        }
        total
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn two_replicas_behind_nginx() {
    let Some(nginx_binary) = nginx_binary() else {
        return;
    };
    let Some(cluster) = Cluster::new(2).await else {
        return;
    };
    let cluster = Arc::new(cluster);
    let addresses = restartable_addresses::<2>();
    let mut replicas = [
        cluster.start(0, addresses[0]),
        cluster.start(1, addresses[1]),
    ];
    let nginx = Nginx::start(&nginx_binary, &addresses);
    let leads_url = nginx.url("/api/leads");

    // A burst of enquiries, each client its own address: each is stored once and its notice
    // delivered once, whichever replica took it and whichever worker sent it.
    let url = leads_url.clone();
    let ids: Vec<String> = tokio::task::spawn_blocking(move || {
        let threads: Vec<_> = (0..20u8)
            .map(|index| {
                let url = url.clone();
                std::thread::spawn(move || {
                    let client = client_from(Ipv4Addr::new(127, 0, 1, index + 1));
                    (0..2)
                        .map(|round| {
                            let name = format!("客户{index}号{round}");
                            match post_enquiry(&client, &url, &name) {
                                Ok((201, Some(id))) => id,
                                other => panic!("enquiry {name}: {other:?}"),
                            }
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        threads
            .into_iter()
            .flat_map(|thread| thread.join().unwrap())
            .collect()
    })
    .await
    .unwrap();
    let stored: BTreeSet<String> = cluster.stored_ids().await.into_iter().collect();
    assert_eq!(stored, ids.iter().cloned().collect::<BTreeSet<_>>());
    assert_eq!(stored.len(), 40);
    let deadline = Instant::now() + Duration::from_secs(20);
    while cluster.notices().len() < 40 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(100));
    }
    // Two more of the workers' polls: a notice sent twice would show now.
    std::thread::sleep(Duration::from_millis(2500));
    let notices = cluster.notices();
    assert_eq!(notices.len(), 40);
    for index in 0..20 {
        for round in 0..2 {
            let name = format!("客户{index}号{round}");
            let count = notices
                .iter()
                .filter(|notice| notice.contains(&name))
                .count();
            assert_eq!(count, 1, "notices of {name}");
        }
    }

    // One client's budget is shared: its next enquiries are refused by both replicas (nginx
    // takes turns between them).
    let url = leads_url.clone();
    let answers = tokio::task::spawn_blocking(move || {
        let client = client_from(Ipv4Addr::new(127, 0, 2, 1));
        (0..ACCEPTED + 4)
            .map(|_| post_enquiry(&client, &url, "客户").unwrap().0)
            .collect::<Vec<_>>()
    })
    .await
    .unwrap();
    assert_eq!(answers, [201, 201, 201, 429, 429, 429, 429]);
    for replica in &mut replicas {
        replica.wait_for(RATE_LIMITED, Duration::from_secs(5));
    }

    // A replica killed mid-burst: every enquiry answered 201 is stored, and nginx goes on with
    // the other replica.
    let url = leads_url.clone();
    let burst = tokio::task::spawn_blocking(move || {
        let threads: Vec<_> = (0..8u8)
            .map(|index| {
                let url = url.clone();
                std::thread::spawn(move || {
                    let started = Instant::now();
                    let mut answers = Vec::new();
                    // Each enquiry from an address of its own: the rate limit stays out of
                    // the way.
                    for round in 1..=250u8 {
                        if started.elapsed() > Duration::from_millis(800) {
                            break;
                        }
                        let client = client_from(Ipv4Addr::new(127, 5, index, round));
                        let answer = post_enquiry(&client, &url, &format!("急{index}号{round}"));
                        answers.push((Instant::now(), answer));
                    }
                    answers
                })
            })
            .collect();
        threads
            .into_iter()
            .flat_map(|thread| thread.join().unwrap())
            .collect::<Vec<_>>()
    });
    std::thread::sleep(Duration::from_millis(300));
    replicas[0].child.kill().expect("SIGKILL");
    let killed_at = Instant::now();
    let answers = burst.await.unwrap();
    let answered: Vec<String> = answers
        .iter()
        .filter_map(|(_, answer)| match answer {
            Ok((201, Some(id))) => Some(id.clone()),
            _ => None,
        })
        .collect();
    let stored: BTreeSet<String> = cluster.stored_ids().await.into_iter().collect();
    for id in &answered {
        assert!(
            stored.contains(id),
            "enquiry {id} was answered 201 but is not stored"
        );
    }
    let failed: Vec<_> = answers
        .iter()
        .filter(|(_, answer)| !matches!(answer, Ok((201, Some(_)))))
        .collect();
    eprintln!(
        "killed mid-burst: {} answered and stored, {} not answered: {failed:?}",
        answered.len(),
        failed.len()
    );
    // At most the enquiries in flight on the killed replica fail (nginx does not resend a POST
    // it has sent: it may have been stored).
    assert!(failed.len() <= 8, "{failed:?}");
    let answered_after_kill = answers
        .iter()
        .filter(|(at, answer)| *at > killed_at && matches!(answer, Ok((201, _))))
        .count();
    assert!(answered_after_kill > 0, "nothing answered after the kill");
    pages_served_one_after_another(nginx.url("/next/"), 10).await;

    // Pages go on being served while a replica restarts: the killed one comes back, then the
    // other is stopped (SIGTERM) and started again, under load.
    replicas[0] = cluster.start(0, addresses[0]);
    // nginx tries the returned replica again after its fail_timeout (1 s), counted on a clock of
    // whole seconds: up to 2 s after its last failure (the requests just above). At 1.5 s the
    // other replica was sometimes stopped while nginx still held this one as down, and four
    // pages were answered 502 "no live upstreams". Past that time nginx sends it one request,
    // and holds it as down until that request is answered: under the load below, a first page
    // slower than 300 ms (a fresh clone's scripts/test, 2026-12-03) left no replica up when the
    // other was stopped, and 44 pages were answered 502 "no live upstreams". Pages asked one
    // after another make nginx send one there and have it answered first (it takes turns
    // between the replicas it holds as up).
    std::thread::sleep(Duration::from_millis(2500));
    pages_served_one_after_another(nginx.url("/next/"), 4).await;
    let load = PageLoad::start(&nginx.url("/next/"), 4);
    std::thread::sleep(Duration::from_millis(300));
    binary::terminate(&replicas[1].child);
    binary::wait_with_timeout(&mut replicas[1].child, Duration::from_secs(15));
    replicas[1] = cluster.start(1, addresses[1]);
    std::thread::sleep(Duration::from_millis(300));
    let (served, failures) = load.finish();
    assert!(
        failures.is_empty(),
        "{failures:?}\nnginx: {}",
        nginx.error_log()
    );
    assert!(served > 0);
    eprintln!("pages served during the restart: {served}");
}

/// The example nginx's per-address limits on the live demo (issue #30): an address holds at most
/// four streams open through it, and opens a burst of API requests no faster than the replicas'
/// own budget; another address is served meanwhile.
#[test]
fn nginx_limits_each_address_on_the_live_demo() {
    let Some(nginx_binary) = nginx_binary() else {
        return;
    };
    let dist = FixtureDist::new().with_venues().build();
    let data = tempfile::TempDir::new().expect("temp dir");
    let address = free_address();
    let mut command = binary::command(dist.path(), data.path());
    command
        .env("SITE_LISTEN", address.to_string())
        .env("SITE_VENUES__LIVE__TAGS", "10");
    let _replica = binary::start(command);
    let nginx = Nginx::start(&nginx_binary, &[address]);
    let live = nginx.url("/api/venues/demo-hospital/live");
    let first = client_from(Ipv4Addr::new(127, 0, 2, 1));
    let streams: Vec<_> = (0..4)
        .map(|_| first.get(&live).send().expect("stream"))
        .collect();
    assert!(streams.iter().all(|stream| stream.status() == 200));
    let fifth = first.get(&live).send().expect("answer");
    assert_eq!(fifth.status(), 429, "{}", nginx.error_log());
    let other = client_from(Ipv4Addr::new(127, 0, 2, 2));
    assert_eq!(other.get(&live).send().expect("stream").status(), 200);
    drop(streams);

    // 250 requests of the API at once from one address, ten at a time: the first and a burst of
    // 200 pass, and 20 more each second they take (deploy/nginx: rate=20r/s, burst=200), the
    // rest are 429. The bound comes from the time they took: on a loaded machine a second of
    // it let 20 more through, and a bound of 30 refusals failed at 23.
    let list = nginx.url("/api/venues");
    let started = Instant::now();
    let statuses: Vec<u16> = std::thread::scope(|scope| {
        let senders: Vec<_> = (0..10)
            .map(|_| {
                scope.spawn(|| {
                    (0..25)
                        .map(|_| other.get(&list).send().expect("answer").status().as_u16())
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        senders
            .into_iter()
            .flat_map(|sender| sender.join().expect("sender"))
            .collect()
    });
    let took = started.elapsed().as_secs_f64();
    let refused = statuses.iter().filter(|&&status| status == 429).count();
    // One more let through for a refill that began before the first request; up to 60 refused,
    // as nginx counts this address's earlier stream and requests arriving together (53-54
    // refused in 0.1 s here).
    let refill = (20.0 * took).ceil() as usize + 1;
    let at_least = 250usize.saturating_sub(201 + refill);
    assert!(
        at_least > 0,
        "250 requests took {took:.2} s: too slow to tell"
    );
    assert!(
        (at_least..=60).contains(&refused),
        "{refused} of 250 refused in {took:.2} s (expected {at_least} to 60)"
    );
    assert!(
        statuses
            .iter()
            .all(|&status| status == 200 || status == 429),
        "{statuses:?}"
    );
}
