//! `site`: the command line entry point. Reads config, sets up logging, runs the server.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use site_server::config::{self, Config, LogFormat};
use site_server::{Application, SubmitUrls};

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
}

// Every response allocates a little (headers, connection buffers); mimalloc's per-thread heaps
// suit the one-runtime-per-core workers better than glibc's arenas.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

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
    if let Some(Command::SubmitUrls { dry_run }) = cli.command {
        return runtime.block_on(submit_urls(config, dry_run));
    }
    let result = runtime.block_on(async {
        let application = Application::build(config).await?;
        application.run_until_stopped().await
    });
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

fn init_tracing(log: &config::Log) {
    let filter = tracing_subscriber::EnvFilter::new(&log.filter);
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    match log.format {
        LogFormat::Json => builder.json().init(),
        LogFormat::Text => builder.init(),
    }
}
