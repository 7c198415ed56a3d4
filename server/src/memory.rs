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

/// Hands memory freed since the last call back to the kernel. Loading a build allocates and
/// frees tens of megabytes of compression buffers and superseded bodies, in threads that then
/// sit idle or exit; mimalloc keeps those pages for reuse and purges them only when the
/// threads allocate again, so without this they stay resident (about 35 MB after start).
#[allow(unsafe_code)]
pub fn release_freed() {
    // SAFETY: mi_collect takes no pointers and only walks mimalloc's own bookkeeping; it is
    // safe to call from any thread at any time, and mimalloc is the global allocator.
    unsafe { libmimalloc_sys::mi_collect(true) };
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
