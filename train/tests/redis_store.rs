//! The distributed trainer's data layer against a real `redis-server` (Debian's, installed by
//! `scripts/install-redis.sh`, which this test runs when the server is missing), started on
//! 127.0.0.1 with a free port and a temporary folder, and stopped at the end: games pushed,
//! read through the learner's group, acknowledged or claimed again after a learner dies; bad
//! entries refused with a reason; the stream bounded; models published; heartbeats; a wrong
//! password is a clear error that does not show the password.

use std::time::Duration;
use tabula_train::distributed::stream_bound::StreamBound;
use tabula_train::distributed::{FinishedGame, Heartbeat, ModelFiles, RedisStore};
use tabula_train::sample::Sample;

#[path = "support/redis_server.rs"]
mod redis_server;
use redis_server::start;

fn game(actor: &str, moves: u32) -> FinishedGame {
    FinishedGame {
        game: "score4".into(),
        model_version: 1,
        actor: actor.into(),
        samples: (0..moves)
            .map(|k| Sample { observation: vec![k as f32; 4], policy: vec![(k % 16, 1.0)], value: vec![1.0, -1.0] })
            .collect(),
        returns: vec![1.0, -1.0],
        moves,
    }
}

#[test]
fn games_flow_from_actors_to_the_learner_and_none_is_lost_when_a_learner_dies() {
    let server = start(None);
    let url = format!("redis://127.0.0.1:{}", server.port);
    let mut actor = RedisStore::connect(&url, "run-a", "score4").unwrap();
    let mut learner = RedisStore::connect(&url, "run-a", "score4").unwrap();
    learner.ensure_group().unwrap();
    learner.ensure_group().unwrap(); // twice is fine
    let pushed: Vec<FinishedGame> = (0..5).map(|k| game(&format!("actor-{}", k % 2), 3 + k)).collect();
    for g in &pushed {
        actor.push_game(g, &mut StreamBound::new(1000, 256.0)).unwrap();
    }
    // The first learner reads three and dies before acknowledging the last.
    let first = learner.read_games("learner-1", 3, Duration::from_millis(100)).unwrap();
    assert_eq!(first.len(), 3);
    assert_eq!(first[0].game.as_ref().unwrap(), &pushed[0]);
    learner.ack(&[first[0].id.clone(), first[1].id.clone()]).unwrap();
    assert_eq!(learner.pending().unwrap(), 1);
    // Its successor claims what was read but not learnt, then reads the rest: each game once.
    let mut next = RedisStore::connect(&url, "run-a", "score4").unwrap();
    std::thread::sleep(Duration::from_millis(30));
    let claimed = next.claim_stale("learner-2", Duration::from_millis(10), 100).unwrap();
    assert_eq!(claimed.len(), 1);
    assert_eq!(claimed[0].game.as_ref().unwrap(), &pushed[2]);
    let rest = next.read_games("learner-2", 100, Duration::from_millis(100)).unwrap();
    assert_eq!(rest.iter().map(|d| d.game.clone().unwrap()).collect::<Vec<_>>(), pushed[3..].to_vec());
    let ids: Vec<String> = claimed.iter().chain(&rest).map(|d| d.id.clone()).collect();
    assert_eq!(next.ack(&ids).unwrap(), 3);
    assert_eq!(next.pending().unwrap(), 0);
    assert!(next.read_games("learner-2", 10, Duration::from_millis(50)).unwrap().is_empty(), "nothing twice");

    // Another run's keys are its own.
    let mut other = RedisStore::connect(&url, "run-b", "score4").unwrap();
    other.ensure_group().unwrap();
    assert!(other.read_games("l", 10, Duration::from_millis(50)).unwrap().is_empty());
}

#[test]
fn games_never_read_are_counted_after_redis_restarts_from_its_append_only_file() {
    // Redis 7.0 reloads a group's read counter as unknown (its `lag` is nil) until the group has
    // read the whole stream again: the count must not fall to 0 (the accounting and the actors'
    // pause read it). 1,203 games exercise the count's paging (1,000 at a time).
    let mut server = redis_server::start_with(None, true);
    let url = server.url();
    let mut store = RedisStore::connect(&url, "run", "score4").unwrap();
    assert_eq!(store.unread_games().unwrap(), None, "no stream yet");
    store.ensure_group().unwrap();
    let mut bound = StreamBound::new(1_000_000, 256.0);
    for k in 0..1203 {
        store.push_game(&game("a", 1 + k % 3), &mut bound).unwrap();
    }
    assert_eq!(store.read_games("l", 2, Duration::from_millis(100)).unwrap().len(), 2);
    assert_eq!(store.unread_games().unwrap(), Some(1201));
    drop(store);
    server.restart();
    let mut store = RedisStore::connect(&url, "run", "score4").unwrap();
    assert_eq!(store.unread_games().unwrap(), Some(1201));
    assert_eq!(store.read_games("l", 1, Duration::from_millis(100)).unwrap().len(), 1);
    store.push_game(&game("a", 2), &mut bound).unwrap();
    assert_eq!(store.unread().unwrap(), 1201);
    // Read to the end, Redis knows the count again.
    while !store.read_games("l", 500, Duration::from_millis(50)).unwrap().is_empty() {}
    assert_eq!(store.unread_games().unwrap(), Some(0));
}

#[test]
fn bad_entries_are_refused_with_a_reason_and_the_stream_stays_bounded() {
    let server = start(None);
    let url = format!("redis://127.0.0.1:{}", server.port);
    let mut store = RedisStore::connect(&url, "run", "score4").unwrap();
    store.ensure_group().unwrap();
    store.push_raw(&[("temperature", b"21")]).unwrap();
    store.push_raw(&[("format", b"1"), ("data", b"\x01\x02garbage")]).unwrap();
    store.push_raw(&[("format", b"9"), ("data", b"")]).unwrap();
    let mut superball = game("a", 2);
    superball.game = "superball".into();
    let mut bound = StreamBound::new(1000, 256.0);
    store.push_game(&superball, &mut bound).unwrap();
    store.push_game(&game("a", 2), &mut bound).unwrap();
    let read = store.read_games("l", 10, Duration::from_millis(100)).unwrap();
    let reasons: Vec<String> = read.iter().filter_map(|d| d.game.as_ref().err().cloned()).collect();
    assert_eq!(reasons.len(), 4, "{reasons:?}");
    assert!(reasons[0].contains("not a tabula game") && reasons[1].contains("does not decode"));
    assert!(reasons[2].contains("version 9") && reasons[3].contains("a game of superball"), "{reasons:?}");
    assert!(read[4].game.is_ok());

    let mut bound = StreamBound::new(100, 256.0);
    for k in 0..2000 {
        store.push_game(&game("a", 1 + k % 3), &mut bound).unwrap();
    }
    let len = store.games_len().unwrap();
    assert!((100..=300).contains(&len), "an approximate MAXLEN of 100 kept {len} entries");

    // Large games are bounded by bytes: 0.5 MiB of ~5 KB entries is about a hundred.
    let mut big = RedisStore::connect(&url, "run-big", "score4").unwrap();
    let large = |k: u32| {
        let mut g = game("a", 1);
        // Distinct values so that compression cannot shrink them away: ~4.8 KB an entry.
        g.samples[0].observation = (0..1200).map(|i| (i * 7919 + k * 104729) as f32 * 1.000_1).collect();
        g
    };
    let entry_bytes: usize = large(0).to_fields().iter().map(|(_, v)| v.len()).sum();
    assert!(entry_bytes > 3_000, "{entry_bytes} bytes");
    let expected = (0.5 * 1048576.0 / (entry_bytes as f64 + 200.0)) as usize;
    let mut bound = StreamBound::new(1_000_000, 0.5);
    for k in 0..1000 {
        big.push_game(&large(k), &mut bound).unwrap();
    }
    let len = big.games_len().unwrap();
    assert!((expected..=expected + 200).contains(&len), "{len} entries kept, about {expected} expected");
}

#[test]
fn models_are_published_by_version_and_actors_heard_from() {
    let server = start(None);
    let url = format!("redis://127.0.0.1:{}", server.port);
    let mut store = RedisStore::connect(&url, "run", "score4").unwrap();
    assert_eq!(store.latest_model_version().unwrap(), None);
    let files = ModelFiles {
        weights: vec![0, 1, 255, 7],
        card: b"{\"game\":\"score4\"}".to_vec(),
        config: b"game = \"score4\"".to_vec(),
    };
    store.publish_model(1, &files).unwrap();
    let newer = ModelFiles { weights: vec![9; 1 << 20], ..files.clone() };
    store.publish_model(2, &newer).unwrap();
    assert_eq!(store.latest_model_version().unwrap(), Some(2));
    assert_eq!(store.model(1).unwrap(), Some(files));
    assert_eq!(store.model(2).unwrap(), Some(newer));
    assert_eq!(store.model(3).unwrap(), None);

    let beat = Heartbeat { games: 12, positions_per_s: 340.5, games_per_s: 8.5, model_version: 2, at: 1_790_000_000 };
    store.heartbeat("host-1/0", &beat, Duration::from_secs(1)).unwrap();
    store.heartbeat("host-2/0", &Heartbeat { games: 3, ..beat.clone() }, Duration::from_secs(30)).unwrap();
    let actors = store.actors().unwrap();
    assert_eq!(actors.iter().map(|a| a.0.as_str()).collect::<Vec<_>>(), ["host-1/0", "host-2/0"]);
    assert_eq!(actors[0].1, beat);
    std::thread::sleep(Duration::from_millis(2100));
    assert_eq!(store.actors().unwrap().len(), 1, "a silent actor is forgotten");
}

#[test]
fn a_wrong_password_is_a_clear_error_that_does_not_show_it() {
    let server = start(Some("right-horse-battery"));
    let good = format!("redis://:right-horse-battery@127.0.0.1:{}", server.port);
    assert!(RedisStore::connect(&good, "run", "score4").is_ok());
    let bad = format!("redis://:wrong-staple@127.0.0.1:{}", server.port);
    let err = format!("{:#}", RedisStore::connect(&bad, "run", "score4").err().expect("refused"));
    assert!(err.contains(&format!("127.0.0.1:{}", server.port)), "{err}");
    assert!(!err.contains("wrong-staple") && !err.contains("right-horse"), "{err}");
    let none = format!("redis://127.0.0.1:{}", server.port);
    assert!(RedisStore::connect(&none, "run", "score4").is_err(), "no password, no entry");
    drop(server);
    let gone = RedisStore::connect(&good, "run", "score4").err().expect("nobody listens");
    assert!(format!("{gone:#}").contains("cannot reach Redis"), "{gone:#}");
}
