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

/// Makes both allocators give freed memory back to the kernel soon, called once at start.
///
/// mimalloc (v3) purges freed pages a second after a free, and only when some thread
/// allocates or frees again later: pictures decoded and read for renderings are freed on
/// threads that then sit idle, so the pages stayed resident (122 MiB of arena under 20 s of cold
/// renderings; 62 MiB with immediate purging, `bench/soak.sh` with `MIX=imageCold=4`).
///
/// glibc's malloc serves the C libraries (libwebp's encoder, SQLite). Its threshold for giving
/// a large block its own mapping rises to the size of each such block freed, up to 32 MiB, after
/// which an encoder's multi-megabyte buffers are carved from a thread arena that is never
/// trimmed (12-14 MiB per render thread). A fixed threshold keeps them in mappings that a free
/// unmaps.
#[allow(unsafe_code)]
pub fn configure_allocators() {
    // mimalloc.h's `mi_option_purge_delay` (v3), which the Rust bindings do not name.
    const PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;
    // SAFETY: setting an option takes no pointers; mimalloc reads options atomically.
    unsafe { libmimalloc_sys::mi_option_set(PURGE_DELAY, 0) };
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt takes two integers and changes a setting under malloc's own lock.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 256 * 1024);
    }
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
    #[allow(unsafe_code)]
    fn option_15_is_the_purge_delay_and_start_up_sets_it_to_zero() {
        // SAFETY: reading an option takes no pointers.
        let read = || unsafe { libmimalloc_sys::mi_option_get(15) };
        // Nothing else in the tests configures the allocators; 1,000 ms is mimalloc v3's default
        // (src/options.c), which no neighbouring option has.
        assert_eq!(read(), 1000);
        configure_allocators();
        assert_eq!(read(), 0);
    }

    #[test]
    fn a_running_process_has_a_resident_set_no_larger_than_its_peak() {
        let now = resident_kib().expect("Linux reports the resident set");
        let peak = peak_resident_kib().expect("Linux reports the peak");
        assert!(now > 0 && now <= peak, "now {now} KiB, peak {peak} KiB");
    }
}
