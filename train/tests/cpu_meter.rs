//! The CPU meter measures the whole process, so its test lives alone in this binary: beside the
//! library's other tests, their threads' CPU time would count as this test's.

use tabula_train::cpu::CpuMeter;

#[test]
fn a_busy_thread_shows_as_cpu_time_and_a_sleeping_one_does_not() {
    let meter = CpuMeter::start();
    std::thread::sleep(std::time::Duration::from_millis(150));
    let idle = meter.cpu_seconds();
    let busy = CpuMeter::start();
    let mut x = 0u64;
    while busy.wall_seconds() < 0.2 {
        x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
    }
    assert!(idle < 0.1, "sleeping used {idle} s of CPU");
    assert!(busy.cpu_seconds() > 0.1, "spinning 0.2 s used {} s of CPU", busy.cpu_seconds());
    assert!(busy.utilisation() > 0.5 && busy.utilisation() < 4.0, "{}", busy.utilisation());
}
