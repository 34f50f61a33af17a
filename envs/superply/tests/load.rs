//! The load test in small: 40 games at once, one connection in five misbehaving; every game
//! ends and no well-behaved player is left hanging. (Figures: `examples/superply_load.rs`.)

use std::sync::atomic::Ordering;
use std::time::Duration;
use superply::server::load::{LoadConfig, run};
use superply::server::{Settings, spawn};

#[test]
fn forty_games_at_once_all_end_while_some_players_misbehave() {
    let server =
        spawn(Settings { seed: Some(3), ..Settings::default() }, "127.0.0.1:0".parse().unwrap(), None, 1).unwrap();
    let config = LoadConfig { games: 40, misbehave_every: 5, deadline: Duration::from_secs(60), seed: 3 };
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(1).enable_all().build().unwrap();
    let report = runtime.block_on(run(server.tcp, &config));
    assert_eq!(report.lost, 0, "{report:?}");
    assert_eq!(report.misbehaving, 16);
    assert_eq!(report.over_by_path + report.over_by_reason, 40, "{report:?}");
    // Leaving, illegal and over-long players lose by a reason; the garbage ones play on.
    assert!(report.over_by_reason >= 8, "{report:?}");
    assert!(report.moves > 40 * 5, "{report:?}");
    // The server's own count agrees once the last table has told its players.
    std::thread::sleep(Duration::from_millis(200));
    assert_eq!(server.stats.finished.load(Ordering::Relaxed), 40);
    assert_eq!(server.stats.started.load(Ordering::Relaxed), 40);
}
