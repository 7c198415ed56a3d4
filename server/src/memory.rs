//! The process's own memory, as the kernel counts it: logged at start and after reloads so an
//! operator sees the figure the README promises without a profiler.

/// Resident set now, in KiB (Linux; None elsewhere).
pub fn resident_kib() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * (rustix::param::page_size() as u64 / 1024))
}

/// The highest resident set since the process started, in KiB (Linux; None elsewhere).
pub fn peak_resident_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// KiB as whole MiB for log lines; 0 when unknown.
pub fn mib(kib: Option<u64>) -> u64 {
    kib.unwrap_or(0) / 1024
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_running_process_has_a_resident_set_no_larger_than_its_peak() {
        let now = resident_kib().expect("Linux reports the resident set");
        let peak = peak_resident_kib().expect("Linux reports the peak");
        assert!(now > 0 && now <= peak, "now {now} KiB, peak {peak} KiB");
    }
}
