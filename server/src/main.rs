//! `site`: the command line entry point. Reads config, sets up logging, runs the server.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use site_server::Application;
use site_server::config::{self, Config, LogFormat};

#[derive(Parser)]
#[command(
    name = "site",
    version,
    about = "Serves the indoor-positioning marketing site from dist/"
)]
#[command(after_long_help = config::keys_help())]
struct Cli {
    /// TOML configuration file; environment variables SITE_* override its keys.
    #[arg(long, env = config::CONFIG_FILE_VAR)]
    config: Option<PathBuf>,
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
