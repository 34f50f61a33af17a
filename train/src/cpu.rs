//! Process CPU time, for the utilisation figures the trainer logs and the self-play benchmark
//! prints: CPU seconds over wall seconds (2.0 = both cores of a 2-core machine busy).

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
