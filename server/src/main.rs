//! `site`: the command line entry point. Reads config, sets up logging, runs the server.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Parser, Subcommand};
use site_server::config::{self, Config, LogFormat};
use site_server::leads::{Catalog, LeadQuery, Status};
use site_server::{Application, SubmitUrls};

/// How long a stopping server waits for blocking tasks still running once every answer is sent.
const BLOCKING_TASKS_AT_STOP: Duration = Duration::from_secs(1);

#[derive(Parser)]
#[command(
    name = "site",
    version,
    about = "Serves the indoor-positioning marketing site from dist/"
)]
#[command(after_long_help = config::keys_help())]
struct Cli {
    /// TOML configuration file; environment variables SITE_* override its keys.
    #[arg(long, global = true, env = config::CONFIG_FILE_VAR)]
    config: Option<PathBuf>,
    /// Without a command, the server runs.
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Submits the page addresses whose content changed since the last accepted submission
    /// to the IndexNow endpoint (`indexnow.*` keys), as the server does after start.
    SubmitUrls {
        /// Print the JSON request bodies instead of sending them; the state is not changed.
        #[arg(long)]
        dry_run: bool,
    },
    /// Writes the enquiries as CSV for Excel (the same bytes as /admin/leads.csv), from the
    /// configured database (`database_url`) with the words of the web build in `dist_dir`.
    ExportLeads {
        /// Only enquiries with this status.
        #[arg(long, value_parser = ["new", "contacted", "closed"])]
        status: Option<String>,
        /// Only enquiries whose name, company, phone, e-mail or message contains this text
        /// (case-insensitive).
        #[arg(long, default_value = "")]
        q: String,
        /// Write to this file instead of standard output.
        #[arg(long)]
        output: Option<PathBuf>,
    },
    /// Makes the running server (found by its pid file in `data_dir`) load dist/ again and
    /// swap it in without dropping a request; a broken build is refused and logged by the
    /// server, which goes on serving the old one. The same as `kill -HUP <pid>`.
    Reload,
    /// Writes a venue of the live demo as a standard IMDF archive (manifest.json and the
    /// feature files, zipped), from the web build in `dist_dir`.
    ExportImdf {
        /// The venue's id, e.g. demo-mall.
        venue: String,
        /// The archive to write, e.g. venue.zip.
        #[arg(long)]
        output: PathBuf,
    },
}

// jemalloc, configured in .cargo/config.toml: see server/Cargo.toml.
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let config = match Config::load(cli.config.as_deref()) {
        Ok(config) => config,
        Err(error) => {
            eprintln!("site: {error}");
            return ExitCode::from(2);
        }
    };
    init_tracing(&config.log);
    // This runtime accepts connections, handles signals and runs background jobs; requests are
    // served by one single-threaded runtime per core (see http/serve.rs).
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("site: cannot start the async runtime: {error}");
            return ExitCode::FAILURE;
        }
    };
    match cli.command {
        Some(Command::SubmitUrls { dry_run }) => {
            return runtime.block_on(submit_urls(config, dry_run));
        }
        Some(Command::ExportLeads { status, q, output }) => {
            return runtime.block_on(export_leads(config, status, q, output));
        }
        Some(Command::ExportImdf { venue, output }) => {
            return export_imdf(&config, &venue, &output);
        }
        Some(Command::Reload) => return reload(&config),
        None => {}
    }
    let result = runtime.block_on(async {
        let data_dir = config.data_dir.clone();
        let application = Application::build(config).await?;
        let _pid_file = site_server::process::control::PidFile::write(&data_dir);
        application.run_until_stopped().await
    });
    // Dropped, the runtime would wait for every blocking task, and a stop in the first seconds
    // after start waited out the compression at best of a build that is going away (7 s and
    // more). Answers are all sent by now; a rendering cut on its way to the disk cache leaves
    // only a temporary file, never a cache entry.
    runtime.shutdown_timeout(BLOCKING_TASKS_AT_STOP);
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            tracing::error!("{error:#}");
            eprintln!("site: {error:#}");
            ExitCode::FAILURE
        }
    }
}

/// Bodies go to stdout, one JSON document each; everything else to stderr.
async fn submit_urls(config: Config, dry_run: bool) -> ExitCode {
    if config.indexnow.key.is_empty() {
        eprintln!(
            "site: IndexNow is disabled: set `indexnow.key` (SITE_INDEXNOW__KEY) to submit page addresses"
        );
        return ExitCode::from(2);
    }
    match site_server::submit_urls(config, dry_run).await {
        Ok(SubmitUrls::DryRun(bodies)) => {
            if bodies.is_empty() {
                eprintln!("site: nothing changed since the last accepted submission");
            }
            for body in bodies {
                println!("{body}");
            }
            ExitCode::SUCCESS
        }
        Ok(SubmitUrls::Submitted(report)) => {
            eprintln!(
                "site: {} addresses accepted, {} not accepted{}",
                report.accepted,
                report.failed,
                if report.unsaved > 0 {
                    "; the state could not be saved"
                } else {
                    ""
                }
            );
            if report.succeeded() {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            }
        }
        Err(error) => {
            tracing::error!("{error:#}");
            eprintln!("site: {error:#}");
            ExitCode::FAILURE
        }
    }
}

/// Exit codes: 2 when the setup is wrong (no web build, bad configuration), 1 when the
/// database cannot be read or the file cannot be written.
async fn export_leads(
    config: Config,
    status: Option<String>,
    q: String,
    output: Option<PathBuf>,
) -> ExitCode {
    // Only the manifest's `leads` words: exporting must not load and compress the whole site.
    let catalog = match Catalog::from_manifest_file(&config.dist_dir) {
        Ok(catalog) => catalog,
        Err(error) => {
            eprintln!("site: {error:#}");
            return ExitCode::from(2);
        }
    };
    let query = LeadQuery {
        q,
        status: status.as_deref().and_then(Status::parse),
        page: 0,
    };
    let csv = match site_server::leads::export_once(&config, catalog, &query).await {
        Ok(csv) => csv,
        Err(error) => {
            eprintln!("site: {error:#}");
            return ExitCode::FAILURE;
        }
    };
    let written = match &output {
        Some(path) => std::fs::write(path, &csv)
            .map_err(|error| format!("cannot write {}: {error}", path.display())),
        None => {
            use std::io::Write;
            let mut stdout = std::io::stdout().lock();
            stdout
                .write_all(&csv)
                .and_then(|()| stdout.flush())
                .map_err(|error| format!("cannot write the CSV to standard output: {error}"))
        }
    };
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("site: {error}");
            ExitCode::FAILURE
        }
    }
}

/// Exit code 1 when no running server could be signalled.
fn reload(config: &Config) -> ExitCode {
    match site_server::process::control::send_reload(&config.data_dir) {
        Ok(pid) => {
            eprintln!(
                "site: asked the server (process {pid}) to reload dist/; its log says whether the new build was taken"
            );
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("site: {error:#}");
            ExitCode::FAILURE
        }
    }
}

/// Exit codes: 2 when there is no such venue or no web build, 1 when the archive cannot be
/// written.
fn export_imdf(config: &Config, venue: &str, output: &std::path::Path) -> ExitCode {
    let dir = match site_server::site::imdf_dir(&config.dist_dir, venue) {
        Ok(dir) => dir,
        Err(error) => {
            eprintln!("site: {error}");
            return ExitCode::from(2);
        }
    };
    let written = std::fs::File::create(output)
        .map_err(|error| format!("cannot write {}: {error}", output.display()))
        .and_then(|file| site_venues::export_imdf(&dir, file).map_err(|error| error.to_string()));
    match written {
        Ok(files) => {
            eprintln!("site: wrote {} ({} files)", output.display(), files.len());
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("site: {error}");
            ExitCode::FAILURE
        }
    }
}

fn init_tracing(log: &config::Log) {
    use tracing_subscriber::layer::SubscriberExt;
    use tracing_subscriber::util::SubscriberInitExt;
    // The configuration was validated, so this parses; a bad filter still never hides errors.
    let levels: tracing_subscriber::filter::Targets = log.filter.parse().unwrap_or_else(|_| {
        tracing_subscriber::filter::Targets::new().with_default(tracing::Level::INFO)
    });
    let lines = tracing_subscriber::fmt::layer().with_writer(std::io::stderr);
    let subscriber = tracing_subscriber::registry().with(levels);
    match log.format {
        LogFormat::Json => subscriber.with(lines.json()).init(),
        LogFormat::Text => subscriber.with(lines).init(),
    }
}
