//! The server as a process: its resident memory, its open-files limit, its threads (the pool of
//! compute threads and their scheduling class), and how the command line talks to a running one.

pub mod control;
pub mod memory;
pub(crate) mod open_files;
pub(crate) mod thread_pool;
pub(crate) mod thread_priority;
