//! Process CPU time, for the utilisation figures the trainer logs and the self-play benchmark
//! prints: CPU seconds over wall seconds (2.0 = both cores of a 2-core machine busy); and a
//! process's resident memory, which the trainer logs so that a long run shows whether it grows.

use std::time::Instant;

/// CPU seconds (user + system) this process has used, over all its threads.
pub fn process_cpu_seconds() -> f64 {
    let mut usage = std::mem::MaybeUninit::<libc::rusage>::zeroed();
    // SAFETY: getrusage fills the rusage we own; on failure we do not read it.
    let rc = unsafe { libc::getrusage(libc::RUSAGE_SELF, usage.as_mut_ptr()) };
    if rc != 0 {
        return 0.0;
    }
    // SAFETY: getrusage succeeded, so the struct is initialised (and zeroed beforehand anyway).
    let usage = unsafe { usage.assume_init() };
    let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 * 1e-6;
    seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

/// Wall and CPU time since it was started.
#[derive(Debug, Clone, Copy)]
pub struct CpuMeter {
    wall: Instant,
    cpu: f64,
}

impl CpuMeter {
    pub fn start() -> Self {
        CpuMeter { wall: Instant::now(), cpu: process_cpu_seconds() }
    }

    pub fn wall_seconds(&self) -> f64 {
        self.wall.elapsed().as_secs_f64()
    }

    pub fn cpu_seconds(&self) -> f64 {
        process_cpu_seconds() - self.cpu
    }

    /// CPU seconds per wall second since the start.
    pub fn utilisation(&self) -> f64 {
        self.cpu_seconds() / self.wall_seconds().max(1e-9)
    }
}

/// Resident memory of process `pid` (this process: `std::process::id()`) in MiB, where the
/// system tells it.
pub fn resident_mib(pid: u32) -> Option<f64> {
    use sysinfo::{Pid, ProcessRefreshKind, ProcessesToUpdate, System};
    let pid = Pid::from_u32(pid);
    let mut system = System::new();
    system.refresh_processes_specifics(
        ProcessesToUpdate::Some(&[pid]),
        false,
        ProcessRefreshKind::nothing().with_memory(),
    );
    system.process(pid).map(|p| p.memory() as f64 / (1024.0 * 1024.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn this_process_has_resident_memory_and_more_after_touching_more() {
        let before = resident_mib(std::process::id()).expect("Linux reports it");
        let block = vec![1u8; 64 << 20];
        let after = resident_mib(std::process::id()).expect("Linux reports it");
        assert!(before > 0.0 && after > before + 32.0, "{before} MiB, then {after} MiB");
        drop(block);
    }
}
