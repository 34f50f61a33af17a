//! Fuzzes every reader of outside input with generated inputs: random bytes, and real traffic
//! (protocol sessions, boards, model cards, configs) mutated byte by byte and word by word. A
//! reader must never panic and never take longer than the time limit on one input.
//!
//! ```text
//! cargo run --release --example fuzz_readers -- --inputs 1000000        # every reader
//! cargo run --example fuzz_readers -- --inputs 2000 --only clue          # one reader, quickly
//! ```
//! Prints, per reader, the inputs run, inputs/s, the slowest input and the panics; a panicking
//! input is written to `fuzz-failures/READER-N.bin` (`--replay FILE` runs one again, panic
//! message and all). Exits 1 on any panic or hang (a watchdog stops the process, saying which
//! reader and input, when one input outlives the limit).
//!
//! Readers: `score4` (the bot's Casperson protocol), `upright` (upright-referee's protocol, the
//! bot's side), `clue` (the arbitrator's protocol, the player's side), `superply` (the server's
//! line splitter and its requests and messages, and a client's copy of the game following
//! them), `superball` (sb-play's board on stdin, and sb-player's reading of a player's move
//! lines), `model-card` (model.json), `manifest`
//! (manifest.json against bytes), `train-config` (config.toml), `serve-json` (`tabula serve`'s
//! HTTP API: lines of `METHOD PATH BODY` sent to its router in-process, one fresh server an
//! input; an answer of 500, a panic on the server's side, counts as a panic, and every API
//! answer must be JSON), `arena-records` (lines of an arena `--records` file, as
//! `tabula arena --from-records` and `tabula replay` read them, each record that reads also
//! replayed move by move through its game, as the page's replays do).

use rand::{Rng, RngCore};
use std::io::Write;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// One reader: its name, real inputs to mutate, and what to run an input through.
struct Target {
    name: &'static str,
    corpus: &'static [&'static str],
    run: fn(&[u8]),
}

const SCORE4: &[&str] = &[
    "play white;\nmove;\nnote: black plays B2;\nmove;\nquit;\n",
    "play black;note: white plays A1;move;note: white plays D4;move;end: white wins;quit;",
    "PLAY WHITE ;\r\n move ; note : black plays c3 ;\r\nmove;",
];
const UPRIGHT: &[&str] = &[
    "new 3 second;\nnote: first plays a1;\nmove;\nnote: first plays b2;\nmove;\nnote: first plays c3;\nmove;\nnote: first plays a2 a3;\nend: first 5 second 6;\nquit;\n",
    "new 6 first reach=line colour=free;move;note: second plays b1;move;quit;",
    "NEW 4 FIRST;\r\nmove;note : second plays b1x, c1o ;move;",
];
const CLUE: &[&str] = &[
    "new players 3 items 13 hidden 4 seat 2 hand 1 2 3;\nnote: 1 asked 3: 7 10 showed;\nturn;\nnote: 2 asked 3: 7 8 none;\nshow 3: 2 9;\nnote: 3 asked 2: 2 9 showed 2;\nnote: 1 guessed holding 4 5 6;\nturn;\nend: 2 3 1;\nquit;\n",
    "new players 4 items 24 hidden 4 rounds 100 seat 1 hand 1 2 3 4 5;turn;note 2 asked 3 2,7,11 none;show 4: 1 9;",
];
const SUPERPLY: &[&str] = &[
    "superply 1\nhello Ann\nwaiting 3 blue\nstart 3 9 random blue Bob\nhint blue odd : 1x1 1x3\nmoved blue 1x3\nhint red contains 4 : 1x4 2x2 2x7\nmoved red 2x2\nover 3 blue wins : 1x1 2x2\n",
    "hello ann\njoin either\nmove 3x7\nhistory\nboard\nquit\n",
    "history 3 : blue 3x3 odd; red 2x2 even\nboard 3 : b../.r./...\nover 3 red wins by timeout\nerror not your turn\n",
];
const SUPERBALL: &[&str] = &[
    "..........\n..........\n...ppbb...\n.PPyrY....\n..........\n..........\n..........\n..........\n",
    "pbyrgpbyrg\npbyrgpbyrg\npbyrgpbyrg\npbyrgpbyrg\npbyrgpbyrg\npbyrgpbyrg\npbyrgpbyrg\npbyrgpbyrg\n",
    "SWAP 2 3 2 4\nSCORE 3 1\nswap 0 0 7 9\nSCORE 2 9\n",
];
const CARD: &[&str] = &[
    r#"{"format":1,"game":"score4","input_shape":[4,4,4,4],"num_actions":16,"value_outputs":2,"net":{"trunk":{"kind":"mlp","hidden":[64]},"value_activation":"tanh","value_hidden":32},"training_step":12}"#,
];
const SERVE: &[&str] = &[
    "POST /api/tables {\"game\":\"score4\",\"seats\":[\"human\",\"random\"],\"seed\":3}\nPOST /api/tables/1/move {\"label\":\"B3\"}\nPOST /api/tables/1/agent \nPOST /api/tables/1/undo \nGET /api/tables/1 \nPOST /api/tables/1/restart {\"seed\":9}\nPOST /api/tables/1/resign \n",
    "POST /api/tables {\"game\":\"superball(rows=5,cols=6,mss=4,colors=pby)\",\"seats\":[\"greedy\"]}\nPOST /api/tables/1/agent \nPOST /api/tables/1/move {\"action\":4}\nGET /api/games \n",
    "POST /api/tables {\"game\":\"upright(size=4)\",\"seats\":[\"random\",\"human\"]}\nPOST /api/tables/1/agent \nPOST /api/tables/1/move {\"action\":0}\nPOST /api/tables/2/agent \n",
    "POST /api/tables {\"game\":\"clue(players=3,items=13)\",\"seats\":[\"human\",\"random\",\"deduce\"]}\nPOST /api/tables/1/move {\"action\":1}\nPOST /api/tables/1/agent \n",
    "POST /api/tables {\"game\":\"superply(size=5)\",\"seats\":[\"greedy\",\"run:runs/x\"]}\nPOST /api/tables {\"game\":\"superply(size=5)\",\"seats\":[\"greedy\",\"random\"]}\nPOST /api/tables/2/agent \n",
    "POST /api/replays {\"record\":\"{\\\"game\\\":\\\"score4\\\",\\\"seed\\\":1,\\\"moves\\\":[\\\"A1\\\",\\\"B2\\\"],\\\"players\\\":[\\\"a\\\",\\\"b\\\"]}\"}\nPOST /api/tables/1/agent \nPOST /api/tables/1/undo \n",
];
const RECORDS: &[&str] = &[
    r#"{"game":"score4","number":1,"seed":7,"pair":0,"players":["greedy","random"],"opening_plies":2,"moves":["A1","B2","C3","A1","A1","A1"],"returns":[1.0,-1.0],"result":"1-0","seconds":0.01}"#,
    r#"{"game":"superball(rows=5,cols=6,mss=4,colors=pby)","number":2,"seed":3,"pair":3,"players":["greedy"],"opening_plies":0,"moves":["SWAP 0 0 0 1","SCORE 2 0"],"returns":[40.0],"result":"40"}"#,
    r#"{"game":"clue(players=3,items=13)","number":3,"seed":5,"pair":0,"players":["deduce","bold","bold"],"opening_plies":0,"moves":[],"returns":[1.0,0.0,0.0],"result":"1 2 3","seat":0}"#,
];
const MANIFEST: &[&str] = &[r#"{"format":1,"files":{"model.bpk":{"sha256":"00ff","bytes":4}}}"#];
const CONFIG: &[&str] = &[
    "game = \"score4\"\nseed = 1\nhours = 8.0\n[net]\ntrunk = { kind = \"resnet\", channels = 32, blocks = 3 }\n[search]\nsimulations = 32\n[replay]\ncapacity = 60000\n[learner]\nbatch_size = 128\nlearning_rate = 0.002\n",
    "game = \"superball\"\nmethod = \"afterstate-td\"\n",
];

/// Words that readers give meaning to, spliced into mutated inputs.
const DICTIONARY: &[&[u8]] = &[
    b";",
    b"\n",
    b"\r\n",
    b" ",
    b":",
    b",",
    b".",
    b"\0",
    b"\xff\xfe",
    b"move",
    b"note",
    b"play",
    b"new",
    b"turn",
    b"show",
    b"quit",
    b"hint",
    b"moved",
    b"over",
    b"join",
    b"18446744073709551616",
    b"-1",
    b"0",
    b"999999999",
    b"a1",
    b"k11",
    b"z99",
    b"12x12",
    b"{",
    b"}",
    b"[",
    b"]",
    b"\"",
    b"=",
    b"[net]",
    b"null",
    b"1e999",
];

fn targets() -> Vec<Target> {
    vec![
        Target { name: "score4", corpus: SCORE4, run: score4_bot },
        Target { name: "upright", corpus: UPRIGHT, run: upright_bot },
        Target { name: "clue", corpus: CLUE, run: clue_player },
        Target { name: "superply", corpus: SUPERPLY, run: superply_lines },
        Target { name: "superball", corpus: SUPERBALL, run: superball_board },
        Target { name: "model-card", corpus: CARD, run: model_card },
        Target { name: "manifest", corpus: MANIFEST, run: manifest },
        Target { name: "train-config", corpus: CONFIG, run: train_config },
        Target { name: "serve-json", corpus: SERVE, run: serve_json },
        Target { name: "arena-records", corpus: RECORDS, run: arena_records },
    ]
}

fn score4_bot(bytes: &[u8]) {
    use score4::protocol::{BotSession, CommandReader};
    let mut session = BotSession::new(|b: &score4::Board| b.legal_pegs().next().expect("a move"));
    let mut reader = CommandReader::new();
    for piece in bytes.chunks(61) {
        reader.feed(piece);
        while let Some(parsed) = reader.next_command() {
            let _ = session.handle_parsed(parsed).to_string();
            session.take_diagnostics();
        }
    }
}

fn upright_bot(bytes: &[u8]) {
    let choose = |s: &upright::UprightState| upright::moves::whole_move(s, |s| tabula_core::State::legal_actions(s)[0]);
    let _ = upright::protocol::serve(bytes, std::io::sink(), choose, std::io::sink());
}

fn clue_player(bytes: &[u8]) {
    let _ = clue::protocol::serve(
        bytes,
        std::io::sink(),
        |s: &clue::ClueState| s.legal()[0],
        7,
        clue::protocol::Pace::NONE,
        std::io::sink(),
    );
}

fn superply_lines(bytes: &[u8]) {
    use superply::protocol::{LineReader, Message, Mirror, Request};
    let mut lines = LineReader::new();
    let mut mirror = Mirror::new(1, 9, superply::Mode::Random, superply::Side::Blue).expect("a game");
    for piece in bytes.chunks(97) {
        lines.feed(piece);
        while let Some(line) = lines.next_line() {
            let Ok(text) = line else { continue };
            let _ = Request::parse(&text);
            if let Ok(message) = Message::parse(&text) {
                let _ = mirror.follow(&message);
                let _ = message.to_string();
            }
        }
    }
}

fn superball_board(bytes: &[u8]) {
    let params = superball::Params::new(8, 10, 5, "pbyrg").expect("the default");
    let board = superball::text::read_board(&params, bytes);
    // The harness's side: each line as a player's move (`SWAP r1 c1 r2 c2`, `SCORE r c`),
    // checked against the board read, or a full one.
    let cells = match &board {
        Ok(board) => board.cells.clone(),
        Err(_) => (0..params.cells()).map(|i| (i % 5) as u8 + 1).collect(),
    };
    for line in String::from_utf8_lossy(bytes).lines().take(16) {
        if let Some(raw) = superball::action::RawMove::parse(line) {
            let _ = superball::rules::check(&params, &cells, raw).map_err(|e| e.to_string());
        }
    }
}

fn model_card(bytes: &[u8]) {
    if let Ok(card) = serde_json::from_slice::<tabula_nets::ModelCard>(bytes) {
        let _ = tabula_nets::Expected::any().check(&card, std::path::Path::new("model.json"));
    }
}

fn manifest(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    let _ = tabula_models::manifest::verify_bytes(&text, "model.bpk", bytes);
}

fn train_config(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    let _ = tabula_train::config::TrainConfig::from_toml(&text);
}

/// `--show-corpus`: print what each unmutated corpus entry gets (a corpus that only meets
/// refusals fuzzes little).
static SHOW: AtomicBool = AtomicBool::new(false);

thread_local! {
    /// One runtime for every input of a thread (the server's blocking work runs on its pool).
    static RUNTIME: tokio::runtime::Runtime =
        tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a tokio runtime");
}

/// Sends each line of `bytes` (`METHOD PATH BODY`, at most 8) to a fresh server's router.
fn serve_json(bytes: &[u8]) {
    use tower::ServiceExt;
    let options = tabula::players::BuildOptions { movetime: Duration::from_millis(2), ..Default::default() };
    let server = Arc::new(tabula::serve::Server::new(tabula::serve::ServeConfig::new(options)));
    let app = tabula::serve::router(server);
    RUNTIME.with(|runtime| {
        runtime.block_on(async {
            for line in bytes.split(|&b| b == b'\n').take(8) {
                let text = String::from_utf8_lossy(line);
                let mut parts = text.splitn(3, ' ');
                let (method, path, body) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""), parts.next());
                let Ok(request) = axum::http::Request::builder()
                    .method(method)
                    .uri(path)
                    .header("content-type", "application/json")
                    .body(axum::body::Body::from(body.unwrap_or("").to_string()))
                else {
                    continue;
                };
                let response = app.clone().oneshot(request).await.expect("the router never fails");
                let status = response.status();
                let answer = axum::body::to_bytes(response.into_body(), 64 << 20).await.expect("a body");
                if SHOW.load(Ordering::Relaxed) {
                    let answer = String::from_utf8_lossy(&answer);
                    println!("  {method} {path} -> {status} {}", answer.chars().take(100).collect::<String>());
                }
                assert_ne!(status.as_u16(), 500, "{text}: {}", String::from_utf8_lossy(&answer));
                if path.starts_with("/api/") && status.as_u16() != 404 && status.as_u16() != 405 {
                    assert!(serde_json::from_slice::<serde_json::Value>(&answer).is_ok(), "{text}: not JSON");
                }
            }
        })
    });
}

/// Reads each line as a record and replays those that read through the page's replay.
fn arena_records(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    for line in text.lines().take(8) {
        let parsed = tabula::records::parse_line(line);
        if SHOW.load(Ordering::Relaxed) {
            println!(
                "  record: {}",
                parsed.as_ref().map_or_else(|e| format!("{e:#}"), |r| format!("game {} reads", r.number))
            );
        }
        if parsed.is_ok() {
            let body = serde_json::json!({ "record": line }).to_string();
            serve_json(
                format!("POST /api/replays {body}\nPOST /api/tables/1/agent \nPOST /api/tables/1/undo ").as_bytes(),
            );
        }
    }
}

/// A new input: random bytes now and then, else a corpus entry mutated a few times.
fn generate(corpus: &[&str], rng: &mut impl Rng) -> Vec<u8> {
    if rng.random_range(0..10) == 0 {
        let len = rng.random_range(0..512);
        return (0..len).map(|_| rng.random()).collect();
    }
    let mut bytes = corpus[rng.random_range(0..corpus.len())].as_bytes().to_vec();
    for _ in 0..rng.random_range(1..8) {
        mutate(&mut bytes, rng);
    }
    bytes
}

fn mutate(bytes: &mut Vec<u8>, rng: &mut impl Rng) {
    let at = |rng: &mut dyn RngCore, len: usize| if len == 0 { 0 } else { rng.random_range(0..=len) };
    match rng.random_range(0..7) {
        0 if !bytes.is_empty() => {
            let i = rng.random_range(0..bytes.len());
            bytes[i] ^= 1 << rng.random_range(0..8);
        }
        1 => {
            let i = at(rng, bytes.len());
            bytes.insert(i, rng.random());
        }
        2 if !bytes.is_empty() => {
            let i = rng.random_range(0..bytes.len());
            let j = (i + rng.random_range(1..16)).min(bytes.len());
            bytes.drain(i..j);
        }
        3 if !bytes.is_empty() => {
            // Repeat a stretch, sometimes many times (long lines, many commands).
            let i = rng.random_range(0..bytes.len());
            let j = (i + rng.random_range(1..64)).min(bytes.len());
            let stretch = bytes[i..j].to_vec();
            let most = if rng.random_range(0..20) == 0 { 400 } else { 4 };
            for _ in 0..rng.random_range(1..most) {
                bytes.splice(j..j, stretch.iter().copied());
            }
        }
        4 => {
            let word = DICTIONARY[rng.random_range(0..DICTIONARY.len())];
            let i = at(rng, bytes.len());
            bytes.splice(i..i, word.iter().copied());
        }
        5 if !bytes.is_empty() => {
            let i = rng.random_range(0..bytes.len());
            bytes[i] = bytes[i].to_ascii_uppercase();
        }
        _ => {
            // A number replaced by an extreme one.
            if let Some(i) = bytes.iter().position(|b| b.is_ascii_digit()) {
                let big = [&b"0"[..], b"4294967296", b"18446744073709551615", b"-7", b"100000000000000000000"];
                bytes.splice(i..i + 1, big[rng.random_range(0..big.len())].iter().copied());
            }
        }
    }
}

struct Report {
    inputs: u64,
    seconds: f64,
    slowest: Duration,
    panics: u64,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |flag: &str| args.iter().position(|a| a == flag).and_then(|i| args.get(i + 1)).cloned();
    let inputs: u64 = value("--inputs").and_then(|v| v.parse().ok()).unwrap_or(100_000);
    let limit = Duration::from_millis(value("--limit-ms").and_then(|v| v.parse().ok()).unwrap_or(5_000));
    let seed: u64 = value("--seed").and_then(|v| v.parse().ok()).unwrap_or(1);
    let only = value("--only");
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!(
            "fuzz_readers [--inputs N (100000)] [--limit-ms MS (5000)] [--seed S] [--only READER] [--replay FILE] [--show-corpus]\nreaders: {}",
            targets().iter().map(|t| t.name).collect::<Vec<_>>().join(", ")
        );
        return;
    }
    if args.iter().any(|a| a == "--show-corpus") {
        SHOW.store(true, Ordering::Relaxed);
        for target in targets().into_iter().filter(|t| only.as_deref().is_none_or(|o| o == t.name)) {
            for (k, entry) in target.corpus.iter().enumerate() {
                println!("{} corpus {k}:", target.name);
                (target.run)(entry.as_bytes());
            }
        }
        return;
    }
    if let Some(path) = value("--replay") {
        // One kept input through its reader, panic message and all.
        let reader =
            only.unwrap_or_else(|| path.rsplit('/').next().unwrap_or("").split('-').next().unwrap_or("").into());
        let target = targets().into_iter().find(|t| t.name == reader || path.contains(&format!("/{}-", t.name)));
        let target = target.unwrap_or_else(|| panic!("which reader? name it with --only"));
        (target.run)(&std::fs::read(&path).expect("a readable input"));
        println!("{}: no panic", target.name);
        return;
    }
    // Quiet panics: they are counted and their inputs kept.
    std::panic::set_hook(Box::new(|_| {}));
    let started_ms = Arc::new(AtomicU64::new(0));
    let busy = Arc::new(AtomicBool::new(false));
    let current: Arc<Mutex<(String, Vec<u8>)>> = Arc::default();
    let clock = Instant::now();
    {
        let (started_ms, busy, current) = (started_ms.clone(), busy.clone(), current.clone());
        std::thread::spawn(move || {
            loop {
                std::thread::sleep(Duration::from_millis(50));
                let elapsed = clock.elapsed().as_millis() as u64 - started_ms.load(Ordering::Relaxed);
                if busy.load(Ordering::Relaxed) && elapsed > limit.as_millis() as u64 {
                    let (name, input) = current.lock().map(|c| c.clone()).unwrap_or_default();
                    let path = save(&name, "hang", &input);
                    eprintln!(
                        "fuzz_readers: {name}: one input ran over {} ms (a hang); kept in {path}",
                        limit.as_millis()
                    );
                    std::process::exit(1);
                }
            }
        });
    }
    let mut failed = false;
    println!("{:<13} {:>10} {:>12} {:>12} {:>7}", "reader", "inputs", "inputs/s", "slowest ms", "panics");
    for target in targets().into_iter().filter(|t| only.as_deref().is_none_or(|o| o == t.name)) {
        let mut rng = tabula_core::rng_from_seed(seed);
        let mut report = Report { inputs: 0, seconds: 0.0, slowest: Duration::ZERO, panics: 0 };
        let start = Instant::now();
        for _ in 0..inputs {
            let input = generate(target.corpus, &mut rng);
            *current.lock().expect("not poisoned") = (target.name.to_string(), input.clone());
            started_ms.store(clock.elapsed().as_millis() as u64, Ordering::Relaxed);
            busy.store(true, Ordering::Relaxed);
            let one = Instant::now();
            let outcome = catch_unwind(AssertUnwindSafe(|| (target.run)(&input)));
            report.slowest = report.slowest.max(one.elapsed());
            busy.store(false, Ordering::Relaxed);
            report.inputs += 1;
            if outcome.is_err() {
                report.panics += 1;
                if report.panics <= 5 {
                    let path = save(target.name, &report.panics.to_string(), &input);
                    eprintln!("fuzz_readers: {}: a panic; the input is in {path}", target.name);
                }
            }
        }
        report.seconds = start.elapsed().as_secs_f64();
        failed |= report.panics > 0;
        println!(
            "{:<13} {:>10} {:>12.0} {:>12.1} {:>7}",
            target.name,
            report.inputs,
            report.inputs as f64 / report.seconds.max(1e-9),
            report.slowest.as_secs_f64() * 1e3,
            report.panics
        );
        let _ = std::io::stdout().flush();
    }
    if failed {
        std::process::exit(1);
    }
}

/// Writes a failing input to `fuzz-failures/NAME-WHAT.bin`; the path.
fn save(name: &str, what: &str, input: &[u8]) -> String {
    let path = format!("fuzz-failures/{name}-{what}.bin");
    let _ = std::fs::create_dir_all("fuzz-failures").and_then(|()| std::fs::write(&path, input));
    path
}
