//! Connections under abuse (issue #16), against the real binary over loopback: a body or a
//! request head that arrives too slowly, a client that stops reading and an idle kept-alive
//! connection are cut; the caps per client and in all close extra connections at once, with a
//! log line that a flood cannot multiply; and thousands of idle or slow connections from one
//! address do not stop the site from answering another. Linux routes all of 127/8 to
//! loopback, so clients bind 127.0.0.x to be different addresses.

use std::net::SocketAddr;
use std::time::Duration;

use tempfile::TempDir;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

use crate::support::binary::{Running, command, command_with_soft_open_files_limit, start};
use crate::support::fixture::{BuiltDist, FixtureDist, LARGE_URL, PAGES};

const PER_CLIENT_CAP_REACHED: &str = "per-client connection cap reached: the client's new \
                                      connections are closed (connections.max_per_client)";
const TOTAL_CAP_REACHED: &str =
    "connection cap reached: new connections are closed (connections.max_connections)";

/// How long a test waits for what should take milliseconds, to fail instead of hanging.
const PATIENCE: Duration = Duration::from_secs(10);
/// Less than the default header timeout (15 s): a connection closed within this was refused,
/// not timed out.
const AT_ONCE: Duration = Duration::from_secs(5);

/// The binary with the directories it needs for as long as it runs.
struct Server {
    running: Running,
    _dist: BuiltDist,
    _data: TempDir,
}

impl Server {
    /// The binary over `dist` with these environment variables.
    fn start(dist: FixtureDist, variables: &[(&str, &str)]) -> Self {
        let dist = dist.build();
        let data = TempDir::new().expect("temp dir");
        let mut command = command(dist.path(), data.path());
        command.envs(variables.iter().copied());
        Self {
            running: start(command),
            _dist: dist,
            _data: data,
        }
    }

    fn address(&self) -> SocketAddr {
        self.running.address
    }
}

/// A socket bound to 127.0.0.`source`, to connect from.
fn socket_from(source: u8) -> TcpSocket {
    let socket = TcpSocket::new_v4().expect("socket");
    socket
        .bind(SocketAddr::from(([127, 0, 0, source], 0)))
        .expect("bind a loopback source address");
    socket
}

async fn connect_from(source: u8, server: SocketAddr) -> TcpStream {
    socket_from(source).connect(server).await.expect("connect")
}

fn get_request(path: &str) -> String {
    format!("GET {path} HTTP/1.1\r\nHost: www.indora.com\r\nAccept-Encoding: identity\r\n\r\n")
}

/// An answer as read off the socket.
struct Answer {
    head: String,
    body: Vec<u8>,
}

impl Answer {
    fn status(&self) -> u16 {
        self.head
            .split_whitespace()
            .nth(1)
            .and_then(|code| code.parse().ok())
            .unwrap_or_else(|| panic!("no status in {:?}", self.head))
    }

    fn header(&self, name: &str) -> Option<&str> {
        self.head.lines().find_map(|line| {
            let (key, value) = line.split_once(':')?;
            key.eq_ignore_ascii_case(name).then(|| value.trim())
        })
    }
}

/// Reads an answer's head, and whatever of its body came with it; None when the server
/// closes or resets the connection first.
async fn try_read_head(stream: &mut TcpStream) -> Option<Answer> {
    let reading = async {
        let mut buffer = Vec::new();
        loop {
            if let Some(end) = buffer.windows(4).position(|w| w == b"\r\n\r\n") {
                return Some(Answer {
                    head: String::from_utf8(buffer[..end].to_vec()).expect("text head"),
                    body: buffer[end + 4..].to_vec(),
                });
            }
            let mut chunk = [0; 4096];
            match stream.read(&mut chunk).await {
                Ok(0) | Err(_) => return None,
                Ok(read) => buffer.extend_from_slice(&chunk[..read]),
            }
        }
    };
    tokio::time::timeout(PATIENCE, reading)
        .await
        .expect("an answer or a close in time")
}

async fn read_head(stream: &mut TcpStream) -> Answer {
    try_read_head(stream)
        .await
        .expect("an answer before the connection closed")
}

/// Reads a whole answer with a Content-Length.
async fn read_answer(stream: &mut TcpStream) -> Answer {
    let mut answer = read_head(stream).await;
    let length: usize = answer
        .header("content-length")
        .and_then(|length| length.parse().ok())
        .unwrap_or_else(|| panic!("no content-length in {:?}", answer.head));
    let rest = length - answer.body.len();
    let mut body = vec![0; rest];
    tokio::time::timeout(PATIENCE, stream.read_exact(&mut body))
        .await
        .expect("the body in time")
        .expect("the whole body");
    answer.body.extend_from_slice(&body);
    answer
}

/// Sends `request` on `stream` and reads the answer.
async fn exchange(stream: &mut TcpStream, request: &str) -> Answer {
    stream.write_all(request.as_bytes()).await.expect("write");
    read_answer(stream).await
}

/// A page asked for on a new connection from 127.0.0.`source`.
async fn page_from(source: u8, server: SocketAddr) -> Answer {
    let mut stream = connect_from(source, server).await;
    exchange(&mut stream, &get_request(PAGES[0].0)).await
}

/// Reads until the server closes `stream` (or resets it), within `within`; the bytes read.
/// Panics when it is still open then.
async fn read_until_closed(stream: &mut TcpStream, within: Duration) -> usize {
    let reading = async {
        let mut total = 0;
        let mut chunk = vec![0; 64 * 1024];
        loop {
            match stream.read(&mut chunk).await {
                Ok(0) | Err(_) => return total,
                Ok(read) => total += read,
            }
        }
    };
    tokio::time::timeout(within, reading)
        .await
        .unwrap_or_else(|_| panic!("the connection is still open after {within:?}"))
}

/// True when the server has closed `stream`, without waiting.
fn is_closed(stream: &TcpStream) -> bool {
    let mut byte = [0; 1];
    match stream.try_read(&mut byte) {
        Ok(0) => true,
        Ok(_) => false,
        Err(error) => error.kind() != std::io::ErrorKind::WouldBlock,
    }
}

/// Raises this test process's own open-files limit, for thousands of client sockets.
fn raise_open_files_limit(needed: u64) {
    use rustix::process::{Resource, Rlimit, getrlimit, setrlimit};
    let limit = getrlimit(Resource::Nofile);
    let hard = limit.maximum.unwrap_or(u64::MAX);
    assert!(
        hard >= needed,
        "this test needs an open-files hard limit of at least {needed}, not {hard}"
    );
    let raised = Rlimit {
        current: Some(needed.max(limit.current.unwrap_or(0))),
        maximum: limit.maximum,
    };
    setrlimit(Resource::Nofile, raised).expect("raise the open-files limit");
}

#[tokio::test]
async fn a_body_that_arrives_too_slowly_is_answered_408_and_cut() {
    let server = Server::start(
        FixtureDist::new(),
        &[("SITE_CONNECTIONS__BODY_TIMEOUT_SECS", "1")],
    );
    let mut stream = connect_from(1, server.address()).await;
    let head = "POST /api/leads HTTP/1.1\r\nHost: www.indora.com\r\n\
                Content-Type: application/json\r\nAccept: application/json\r\n\
                Content-Length: 300\r\n\r\n{\"name\": \"张";
    stream.write_all(head.as_bytes()).await.unwrap();
    let answer = read_answer(&mut stream).await;
    assert_eq!(answer.status(), 408, "{}", answer.head);
    assert_eq!(answer.header("connection"), Some("close"));
    read_until_closed(&mut stream, PATIENCE).await;
}

#[tokio::test]
async fn a_request_head_that_never_ends_and_an_idle_kept_alive_connection_are_closed() {
    let server = Server::start(
        FixtureDist::new(),
        &[("SITE_CONNECTIONS__HEADER_TIMEOUT_SECS", "1")],
    );
    let mut slow = connect_from(1, server.address()).await;
    slow.write_all(b"GET /next/ HTTP/1.1\r\nHost: www.indora.com\r\n")
        .await
        .unwrap();
    read_until_closed(&mut slow, PATIENCE).await;

    let mut idle = connect_from(1, server.address()).await;
    // Kept alive between requests made one after the other...
    for _ in 0..2 {
        let answer = exchange(&mut idle, &get_request(PAGES[0].0)).await;
        assert_eq!(answer.status(), 200);
    }
    // ...and closed once idle for longer than the bound.
    assert_eq!(read_until_closed(&mut idle, PATIENCE).await, 0);
}

#[tokio::test]
async fn a_request_head_of_up_to_16_kib_is_taken_and_a_larger_one_refused() {
    let server = Server::start(FixtureDist::new(), &[]);
    let with_cookie = |size: usize| {
        format!(
            "GET {} HTTP/1.1\r\nHost: www.indora.com\r\nCookie: {}\r\n\r\n",
            PAGES[0].0,
            "a".repeat(size)
        )
    };
    let mut stream = connect_from(1, server.address()).await;
    let answer = exchange(&mut stream, &with_cookie(12 * 1024)).await;
    assert_eq!(answer.status(), 200);
    let mut stream = connect_from(1, server.address()).await;
    stream
        .write_all(with_cookie(20 * 1024).as_bytes())
        .await
        .unwrap();
    let answer = read_head(&mut stream).await;
    assert_eq!(answer.status(), 431, "{}", answer.head);
}

#[tokio::test]
async fn a_client_that_stops_reading_the_answer_is_cut() {
    const SIZE: usize = 16 * 1024 * 1024;
    let server = Server::start(
        FixtureDist::new().with_large_file(SIZE),
        &[("SITE_CONNECTIONS__WRITE_TIMEOUT_SECS", "1")],
    );
    // A small receive window, so the answer stops moving as soon as the client stops reading.
    let socket = socket_from(1);
    socket.set_recv_buffer_size(4096).unwrap();
    let mut stream = socket.connect(server.address()).await.unwrap();
    stream
        .write_all(get_request(LARGE_URL).as_bytes())
        .await
        .unwrap();
    let answer = read_head(&mut stream).await;
    assert_eq!(answer.status(), 200);
    tokio::time::sleep(Duration::from_secs(4)).await;
    let received = answer.body.len() + read_until_closed(&mut stream, PATIENCE).await;
    assert!(
        received < SIZE,
        "the whole answer arrived ({received} bytes): the stalled write was not cut"
    );
    // A client that reads gets the whole answer.
    let mut reader = connect_from(2, server.address()).await;
    let answer = exchange(&mut reader, &get_request(LARGE_URL)).await;
    assert_eq!(answer.body.len(), SIZE);
}

#[tokio::test]
async fn the_per_client_cap_closes_extra_connections_at_once_and_logs_them_sampled() {
    let mut server = Server::start(
        FixtureDist::new(),
        &[
            ("SITE_CONNECTIONS__MAX_PER_CLIENT", "3"),
            ("SITE_LEADS__TRUSTED_PROXIES", "[\"127.0.0.3\"]"),
        ],
    );
    let address = server.address();
    let mut admitted = Vec::new();
    for _ in 0..3 {
        let mut stream = connect_from(1, address).await;
        assert_eq!(
            exchange(&mut stream, &get_request("/healthz"))
                .await
                .status(),
            200
        );
        admitted.push(stream);
    }
    let mut extra = connect_from(1, address).await;
    read_until_closed(&mut extra, AT_ONCE).await;
    let line = server.running.wait_for(PER_CLIENT_CAP_REACHED, PATIENCE);
    assert_eq!(line["level"], "WARN");
    assert_eq!(line["fields"]["refused"], 1);
    assert_eq!(line["fields"]["client"], "127.0.0.1");
    assert_eq!(line["fields"]["max_per_client"], 3);

    // Other clients are served meanwhile; a trusted proxy is not held to the client cap.
    assert_eq!(page_from(2, address).await.status(), 200);
    let mut proxy = Vec::new();
    for _ in 0..5 {
        let mut stream = connect_from(3, address).await;
        assert_eq!(
            exchange(&mut stream, &get_request("/healthz"))
                .await
                .status(),
            200
        );
        proxy.push(stream);
    }

    // A flood of refusals is one more line, later, with its count (two if the flood straddles
    // an interval on a busy machine), not a line each.
    const FLOOD: u64 = 100;
    for _ in 0..FLOOD {
        let mut stream = connect_from(1, address).await;
        read_until_closed(&mut stream, AT_ONCE).await;
    }
    let counted = |lines: &[serde_json::Value]| -> u64 {
        lines
            .iter()
            .map(|line| line["fields"]["refused"].as_u64().expect("a count"))
            .sum()
    };
    let mut lines = Vec::new();
    for wanted in 2..=3 {
        lines = server
            .running
            .entries(PER_CLIENT_CAP_REACHED, wanted, Duration::from_secs(20));
        if counted(&lines) == 1 + FLOOD {
            break;
        }
    }
    assert_eq!(counted(&lines), 1 + FLOOD, "{lines:#?}");

    // A connection that ends gives its place back.
    // The server learns of the close a moment later; until then the cap still refuses.
    drop(admitted.pop());
    let served = async {
        loop {
            let mut stream = connect_from(1, address).await;
            let request = get_request("/healthz");
            if stream.write_all(request.as_bytes()).await.is_ok()
                && let Some(answer) = try_read_head(&mut stream).await
            {
                return answer;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    };
    let answer = tokio::time::timeout(PATIENCE, served)
        .await
        .expect("a place");
    assert_eq!(answer.status(), 200);
}

#[tokio::test]
async fn the_total_cap_closes_connections_over_it_at_once_and_says_so() {
    let mut server = Server::start(
        FixtureDist::new(),
        &[("SITE_CONNECTIONS__MAX_CONNECTIONS", "3")],
    );
    let address = server.address();
    let mut open = Vec::new();
    for source in 1..=3 {
        let mut stream = connect_from(source, address).await;
        assert_eq!(
            exchange(&mut stream, &get_request("/healthz"))
                .await
                .status(),
            200
        );
        open.push(stream);
    }
    let mut over = connect_from(4, address).await;
    read_until_closed(&mut over, AT_ONCE).await;
    let line = server.running.wait_for(TOTAL_CAP_REACHED, PATIENCE);
    assert_eq!(line["fields"]["refused"], 1);
    assert_eq!(line["fields"]["max_connections"], 3);
    let caps = server.running.wait_for("connection caps", PATIENCE);
    assert_eq!(caps["fields"]["max_connections"], 3);
}

/// 5,000 connections from 127.0.0.1, half of them idle, half stuck half-way through a
/// request head; then a page for 127.0.0.2, which must be answered.
async fn hold_five_thousand_then_ask_from_another_address(server: SocketAddr) -> Vec<TcpStream> {
    const HELD: usize = 5_000;
    let mut held = Vec::with_capacity(HELD);
    for index in 0..HELD {
        let mut stream = connect_from(1, server).await;
        if index % 2 == 1 {
            // The server may have closed it already; what it does with the bytes is its own.
            let _ = stream
                .write_all(b"GET /next/ HTTP/1.1\r\nHost: www.indora.com\r\nUser-Agent: slo")
                .await;
        }
        held.push(stream);
    }
    let answer = page_from(2, server).await;
    assert_eq!(answer.status(), 200, "{}", answer.head);
    assert!(!answer.body.is_empty());
    held
}

#[tokio::test]
async fn five_thousand_idle_or_slow_connections_from_one_address_do_not_stop_the_site() {
    raise_open_files_limit(6_000);
    // Configured as in production: only the address is the test's.
    let mut server = Server::start(FixtureDist::new(), &[]);
    let held = hold_five_thousand_then_ask_from_another_address(server.address()).await;
    // All but the per-client cap's 256 were closed as soon as they were accepted.
    let closed = held.iter().filter(|stream| is_closed(stream)).count();
    assert!(closed >= held.len() - 256, "{closed} closed");
    let line = server.running.wait_for(PER_CLIENT_CAP_REACHED, PATIENCE);
    assert_eq!(line["fields"]["max_per_client"], 256);
}

#[tokio::test]
async fn five_thousand_connections_held_at_once_do_not_stop_the_site_either() {
    raise_open_files_limit(6_000);
    // As if from 5,000 addresses: no per-client cap. The server starts with the soft
    // open-files limit many systems give services, and raises it itself to hold them all.
    let dist = FixtureDist::new().build();
    let data = TempDir::new().unwrap();
    let mut command = command_with_soft_open_files_limit(dist.path(), data.path(), 1024);
    command
        .env("SITE_CONNECTIONS__MAX_PER_CLIENT", "0")
        .env("SITE_CONNECTIONS__HEADER_TIMEOUT_SECS", "120");
    let mut server = start(command);
    let raised = server.wait_for("open-files limit raised", PATIENCE);
    assert_eq!(raised["fields"]["before"], 1024);
    assert!(
        raised["fields"]["now"].as_u64().unwrap() >= 6_000,
        "{raised}"
    );
    let held = hold_five_thousand_then_ask_from_another_address(server.address).await;
    let closed = held.iter().filter(|stream| is_closed(stream)).count();
    assert_eq!(closed, 0, "the server held every connection");
}
