//! The process's own memory, as the kernel counts it: logged at start and after reloads so an
//! operator sees the figures bench/README.md reports ("Start-up", "Soak and faults") without a profiler.

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

    /// The allocator's settings come from `.cargo/config.toml` through jemalloc's build; a build
    /// that missed them (another way of building, a renamed variable) would keep jemalloc's
    /// defaults, an arena per thread and freed pages kept for ten seconds, and nothing else
    /// would notice.
    #[test]
    fn jemalloc_runs_with_the_settings_of_cargo_config() {
        use tikv_jemalloc_ctl::opt;
        assert_eq!(opt::narenas::read().expect("jemalloc answers"), 1);
        assert_eq!(opt::tcache_max::read().expect("jemalloc answers"), 8192);
        // dirty_decay_ms:0, seen from outside: a freed rendering-sized block leaves the
        // resident set at once.
        let before = resident_kib().unwrap();
        let block = vec![1u8; 32 << 20];
        let holding = resident_kib().unwrap();
        assert!(holding >= before + 30 * 1024, "{before} -> {holding} KiB");
        drop(std::hint::black_box(block));
        let after = resident_kib().unwrap();
        assert!(
            after < before + 8 * 1024,
            "{before} -> {holding} -> {after} KiB"
        );
    }

    #[test]
    fn a_running_process_has_a_resident_set_no_larger_than_its_peak() {
        let now = resident_kib().expect("Linux reports the resident set");
        let peak = peak_resident_kib().expect("Linux reports the peak");
        assert!(now > 0 && now <= peak, "now {now} KiB, peak {peak} KiB");
    }
}
