//! A real nginx in front of servers on loopback, with the deployment's own proxy settings and
//! limits (`deploy/nginx/site-locations.conf`, `deploy/nginx/site-zones.conf`). The binary is the one SITE_TEST_NGINX names
//! (`scripts/test` installs Debian's nginx-light and sets it); without the variable the tests
//! that need nginx are skipped with a note, and with it set they fail when nginx does not run.

use std::net::{SocketAddr, TcpListener};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use tempfile::TempDir;

pub(crate) const NGINX_VAR: &str = "SITE_TEST_NGINX";

/// The nginx binary tests may run; None (after printing that the test is skipped) when
/// SITE_TEST_NGINX is not set.
pub(crate) fn nginx_binary() -> Option<String> {
    let binary = std::env::var(NGINX_VAR).ok();
    if binary.is_none() {
        eprintln!("skipped: {NGINX_VAR} not set");
    }
    binary
}

pub(crate) struct Nginx {
    child: Child,
    pub(crate) address: SocketAddr,
    _dir: TempDir,
}

impl Nginx {
    /// nginx on a free loopback port passing to `replicas` (upstream `site`), in the
    /// foreground as one process, its files in a temporary directory.
    pub(crate) fn start(binary: &str, replicas: &[SocketAddr]) -> Nginx {
        let dir = TempDir::new().expect("temp dir");
        let address = free_address();
        let deployed = |file: &str| {
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../deploy/nginx")
                .join(file)
                .canonicalize()
                .unwrap_or_else(|_| panic!("deploy/nginx/{file} exists"))
        };
        let (zones, locations) = (deployed("site-zones.conf"), deployed("site-locations.conf"));
        let servers: String = replicas
            .iter()
            // A short fail_timeout: a replica restarted by a test is tried again soon.
            .map(|replica| format!("server {replica} max_fails=1 fail_timeout=1s;\n"))
            .collect();
        let root = dir.path().display();
        // Workers of an nginx started as root would run as `nobody`, who cannot write here.
        let user = if running_as_root() { "user root;" } else { "" };
        let config = format!(
            "daemon off;\nmaster_process off;\n{user}\npid {root}/nginx.pid;\n\
             error_log {root}/error.log warn;\nevents {{ worker_connections 1024; }}\n\
             http {{\n access_log off;\n client_body_temp_path {root}/body;\n\
             proxy_temp_path {root}/proxy;\n fastcgi_temp_path {root}/fastcgi;\n\
             uwsgi_temp_path {root}/uwsgi;\n scgi_temp_path {root}/scgi;\n\
             proxy_cache_path {root}/images keys_zone=site_images:1m;\n\
             proxy_cache_path {root}/assets keys_zone=site_assets:1m;\n\
             include {zones};\n\
             upstream site {{\n{servers} keepalive 16;\n }}\n\
             server {{\n  listen {address};\n  include {locations};\n }}\n}}\n",
            zones = zones.display(),
            locations = locations.display(),
        );
        let config_path = dir.path().join("nginx.conf");
        std::fs::write(&config_path, config).expect("write nginx.conf");
        let child = Command::new(binary)
            .arg("-p")
            .arg(dir.path())
            .arg("-c")
            .arg(&config_path)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|error| panic!("{NGINX_VAR}={binary:?} does not run: {error}"));
        let mut nginx = Nginx {
            child,
            address,
            _dir: dir,
        };
        nginx.wait_until_listening();
        nginx
    }

    pub(crate) fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.address)
    }

    /// What nginx logged (warnings and errors), for failure messages.
    pub(crate) fn error_log(&self) -> String {
        std::fs::read_to_string(self._dir.path().join("error.log")).unwrap_or_default()
    }

    fn wait_until_listening(&mut self) {
        let deadline = Instant::now() + Duration::from_secs(10);
        while std::net::TcpStream::connect(self.address).is_err() {
            if let Ok(Some(status)) = self.child.try_wait() {
                panic!("nginx exited with {status}: {}", self.error_log());
            }
            assert!(
                Instant::now() < deadline,
                "nginx is not listening: {}",
                self.error_log()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Nginx {
    fn drop(&mut self) {
        self.child.kill().ok();
        self.child.wait().ok();
    }
}

/// A loopback address with a port nothing listens on now.
pub(crate) fn free_address() -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    listener.local_addr().expect("address")
}

/// `N` loopback addresses for servers that are stopped and started again on them: ports below
/// the kernel's ephemeral range, which it never hands to an outgoing connection or a bind to
/// port 0. A port from `free_address` may be taken in the seconds between a stop and a start (CI
/// saw a replica's port taken while nginx and the clients opened connections).
pub(crate) fn restartable_addresses<const N: usize>() -> [SocketAddr; N] {
    let range = std::fs::read_to_string("/proc/sys/net/ipv4/ip_local_port_range")
        .expect("the ephemeral port range");
    let first_ephemeral: u16 = range
        .split_whitespace()
        .next()
        .and_then(|port| port.parse().ok())
        .expect("a port number");
    let lowest = 10_000.min(first_ephemeral / 2);
    // Held until all are chosen, so that no two are the same.
    let listeners: Vec<TcpListener> = (0..1000)
        .filter_map(|_| {
            TcpListener::bind(("127.0.0.1", fastrand::u16(lowest..first_ephemeral))).ok()
        })
        .take(N)
        .collect();
    std::array::from_fn(|index| {
        listeners
            .get(index)
            .expect("free ports below the ephemeral range")
            .local_addr()
            .expect("address")
    })
}

fn running_as_root() -> bool {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            status
                .lines()
                .find(|line| line.starts_with("Uid:"))
                .map(|line| line.split_whitespace().nth(1) == Some("0"))
        })
        .unwrap_or(false)
}
