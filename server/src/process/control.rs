//! Talking to a running server from the command line: it leaves its process id in
//! `<data_dir>/site.pid`, and `site reload` sends that process SIGHUP.

use std::path::{Path, PathBuf};

use anyhow::Context;

/// Where a running server leaves its process id.
pub fn pid_file(data_dir: &Path) -> PathBuf {
    data_dir.join("site.pid")
}

/// A pid file that is removed when dropped (a clean stop).
pub struct PidFile(PathBuf);

impl PidFile {
    /// Writes this process's id; a failure only costs `site reload` (`kill -HUP` still works).
    pub fn write(data_dir: &Path) -> Option<Self> {
        let path = pid_file(data_dir);
        let written = std::fs::create_dir_all(data_dir)
            .and_then(|()| std::fs::write(&path, format!("{}\n", std::process::id())));
        match written {
            Ok(()) => Some(Self(path)),
            Err(error) => {
                tracing::warn!(path = %path.display(), %error, "cannot write the pid file; `site reload` will not find this server");
                None
            }
        }
    }
}

impl Drop for PidFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// Sends SIGHUP to the server whose pid file is in `data_dir`; returns its process id.
pub fn send_reload(data_dir: &Path) -> anyhow::Result<i32> {
    let path = pid_file(data_dir);
    let text = std::fs::read_to_string(&path).with_context(|| {
        format!(
            "cannot read {}: is a server running with this `data_dir`?",
            path.display()
        )
    })?;
    let pid: i32 = text
        .trim()
        .parse()
        .with_context(|| format!("{}: not a process id", path.display()))?;
    let process = rustix::process::Pid::from_raw(pid)
        .with_context(|| format!("{}: not a process id", path.display()))?;
    rustix::process::kill_process(process, rustix::process::Signal::HUP).with_context(|| {
        format!(
            "cannot signal process {pid} (from {}): {}",
            path.display(),
            "is the server still running, and under this user?"
        )
    })?;
    Ok(pid)
}
