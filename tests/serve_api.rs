//! `tabula serve`'s JSON API as a program (or the page) meets it: a real server on 127.0.0.1,
//! real sockets. Malformed requests, unknown games and tables, illegal and untimely moves are
//! refused with a status and a sentence; whole games are played; 50 games run at once.

#[path = "common/server.rs"]
mod server;

use serde_json::{Value, json};
use server::{Served, serve, serve_with};
use std::time::{Duration, Instant};

fn client() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(60)))
        .build()
        .into()
}

/// The status and the JSON body of a request (`body` None: a GET).
fn call(agent: &ureq::Agent, url: &str, body: Option<&str>) -> (u16, Value) {
    let response = match body {
        None => agent.get(url).call(),
        Some(text) => agent.post(url).content_type("application/json").send(text),
    };
    let mut response = response.unwrap_or_else(|e| panic!("{url}: {e}"));
    let status = response.status().as_u16();
    let text = response.body_mut().read_to_string().unwrap();
    let value =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{url} answered {status} with non-JSON ({e}): {text}"));
    (status, value)
}

fn post(server: &Served, path: &str, body: Value) -> (u16, Value) {
    call(&client(), &format!("{}{path}", server.url.trim_end_matches('/')), Some(&body.to_string()))
}

fn error_of(answer: &(u16, Value)) -> String {
    answer.1["error"].as_str().unwrap_or_else(|| panic!("no error in {answer:?}")).to_string()
}

#[test]
fn the_page_and_the_games_are_served() {
    let server = serve();
    let agent = client();
    let mut page = agent.get(&server.url).call().unwrap();
    assert_eq!(page.status(), 200);
    assert!(page.headers()["content-type"].to_str().unwrap().starts_with("text/html"));
    let html = page.body_mut().read_to_string().unwrap();
    assert!(html.contains("app.js") && html.contains("style.css"), "{html}");
    for asset in ["app.js", "style.css"] {
        let mut answer = agent.get(&format!("{}{asset}", server.url)).call().unwrap();
        assert_eq!(answer.status(), 200, "{asset}");
        assert!(answer.body_mut().read_to_string().unwrap().len() > 500, "{asset} is a real file");
    }
    let (status, games) = call(&agent, &format!("{}api/games", server.url), None);
    assert_eq!(status, 200);
    let names: Vec<&str> = games.as_array().unwrap().iter().map(|g| g["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["score4", "superball", "superply", "upright", "clue"]);
    for game in games.as_array().unwrap() {
        let agents = game["agents"].as_array().unwrap();
        assert!(agents.iter().any(|a| a == "random") && agents.iter().any(|a| a == "shipped"), "{game}");
        assert_eq!(game["player_names"].as_array().unwrap().len() as u64, game["players"].as_u64().unwrap());
    }
}

#[test]
fn bad_requests_are_refused_in_words() {
    let server = serve();
    let agent = client();
    let base = server.url.trim_end_matches('/');
    let bad_bodies = [
        ("not json", "not the JSON this needs"),
        ("{\"game\": \"score4\"}", "missing field `seats`"),
        ("{\"game\": \"score4\", \"seats\": [\"human\", \"random\"], \"colour\": 1}", "unknown field `colour`"),
        ("{\"game\": 4, \"seats\": []}", "invalid type"),
        ("[1, 2", "not the JSON this needs"),
    ];
    for (body, says) in bad_bodies {
        let answer = call(&agent, &format!("{base}/api/tables"), Some(body));
        assert_eq!(answer.0, 400, "{body}: {answer:?}");
        assert!(error_of(&answer).contains(says), "{body}: {answer:?}");
    }
    let garbage = agent.post(&format!("{base}/api/tables")).send(&[0xff, 0xfe, 0x00, 0x80][..]).unwrap();
    assert_eq!(garbage.status(), 400);

    let refused = [
        (json!({"game": "chess", "seats": ["human", "random"]}), "unknown game \"chess\""),
        (json!({"game": "score4(size=9)", "seats": ["human", "random"]}), "score4"),
        (json!({"game": "score4", "seats": ["human"]}), "needs 2 seats, not 1"),
        (json!({"game": "score4", "seats": ["human", "lookahead"]}), "unknown agent \"lookahead\""),
        (json!({"game": "score4", "seats": ["human", "run:/no/such/run"]}), tabula::serve::REFUSED),
        (json!({"game": "score4", "seats": ["human", "cmd:/bin/sh -c true"]}), "cannot be started from a page"),
    ];
    for (body, says) in refused {
        let answer = post(&server, "/api/tables", body.clone());
        assert_eq!(answer.0, 400, "{body}: {answer:?}");
        assert!(error_of(&answer).contains(says), "{body}: {answer:?}");
    }

    for path in ["/api/tables/999", "/api/tables/abc", "/api/nothing", "/favicon.ico"] {
        let answer = call(&agent, &format!("{base}{path}"), None);
        assert_eq!(answer.0, 404, "{path}: {answer:?}");
        assert!(!error_of(&answer).is_empty());
    }

    let (status, table) =
        post(&server, "/api/tables", json!({"game": "score4", "seats": ["random", "human"], "seed": 3}));
    assert_eq!(status, 201, "{table}");
    let id = table["id"].as_str().unwrap();
    assert_eq!(table["to_move"], 0);
    assert_eq!(table["human_to_move"], false);
    // An agent's seat is to move: a person's move is refused, and so is resigning.
    let early = post(&server, &format!("/api/tables/{id}/move"), json!({"label": "A1"}));
    assert_eq!(early.0, 409, "{early:?}");
    assert!(error_of(&early).contains("ask the agent"));
    assert_eq!(post(&server, &format!("/api/tables/{id}/resign"), json!({})).0, 409);
    assert_eq!(post(&server, &format!("/api/tables/{id}/undo"), json!({})).0, 409);
    let (status, after) = post(&server, &format!("/api/tables/{id}/agent"), json!({}));
    assert_eq!(status, 200);
    assert_eq!(after["moves"].as_array().unwrap().len(), 1);
    assert_eq!(post(&server, &format!("/api/tables/{id}/agent"), json!({})).0, 409, "a person is to move now");
    for (body, says) in [
        (json!({"label": "E9"}), ""),
        (json!({"action": 16}), "not a legal move"),
        (json!({}), "say which move"),
        (json!({"action": -1}), "invalid value"),
        (json!({"action": "A1"}), "invalid type"),
    ] {
        let answer = post(&server, &format!("/api/tables/{id}/move"), body.clone());
        assert_eq!(answer.0, 400, "{body}: {answer:?}");
        assert!(error_of(&answer).contains(says), "{body}: {answer:?}");
    }
    // Nothing refused changed the game.
    let (_, now) = call(&agent, &format!("{base}/api/tables/{id}"), None);
    assert_eq!(now["moves"], after["moves"]);
}

/// Plays a person's moves (the first legal action) against the table's agents until the end.
fn play_out(server: &Served, id: &str, mut view: Value) -> Value {
    let mut requests = 0;
    while !view["done"].as_bool().unwrap() {
        requests += 1;
        assert!(requests < 2000, "the game does not end: {view}");
        let answer = if view["human_to_move"].as_bool().unwrap() {
            let action = &view["actions"][0]["action"];
            post(server, &format!("/api/tables/{id}/move"), json!({"action": action}))
        } else {
            post(server, &format!("/api/tables/{id}/agent"), json!({}))
        };
        assert_eq!(answer.0, 200, "{answer:?}");
        view = answer.1;
    }
    view
}

#[test]
fn whole_games_undo_restart_and_resign() {
    let server = serve();
    for (game, seats) in [
        ("score4", json!(["human", "random"])),
        ("superball(rows=6,cols=6)", json!(["human"])),
        ("superply(size=5)", json!(["random", "human"])),
        ("upright(size=4)", json!(["human", "greedy"])),
        ("clue(players=3,items=9,hidden=3)", json!(["random", "human", "random"])),
    ] {
        let (status, view) = post(&server, "/api/tables", json!({"game": game, "seats": seats, "seed": 5}));
        assert_eq!(status, 201, "{game}: {view}");
        let id = view["id"].as_str().unwrap().to_string();
        let end = play_out(&server, &id, view);
        let result = end["result"].as_str().unwrap();
        assert!(!result.is_empty() && end["actions"].as_array().unwrap().is_empty(), "{game}: {end}");
        assert!(end["to_move"].is_null());
        let moves = end["moves"].as_array().unwrap().len();
        assert!(moves > 0);
        // Undo takes back the person's last move and the agents' replies.
        let (status, back) = post(&server, &format!("/api/tables/{id}/undo"), json!({}));
        assert_eq!(status, 200, "{game}: {back}");
        assert!(back["human_to_move"].as_bool().unwrap() && !back["done"].as_bool().unwrap(), "{game}: {back}");
        assert!(back["moves"].as_array().unwrap().len() < moves);
        let (status, fresh) = post(&server, &format!("/api/tables/{id}/restart"), json!({"seed": 8}));
        assert_eq!(status, 200);
        assert!(fresh["moves"].as_array().unwrap().is_empty(), "{game}: {fresh}");
    }
    // Resigning ends the game for the other side.
    let (_, view) = post(&server, "/api/tables", json!({"game": "score4", "seats": ["human", "random"]}));
    let id = view["id"].as_str().unwrap();
    let (status, over) = post(&server, &format!("/api/tables/{id}/resign"), json!({}));
    assert_eq!(status, 200);
    assert_eq!(over["result"], "White resigned: Black wins");
    assert_eq!(post(&server, &format!("/api/tables/{id}/move"), json!({"label": "A1"})).0, 409);
}

#[test]
fn a_search_agent_shows_its_view_and_a_record_replays() {
    let server = serve();
    let (_, view) = post(&server, "/api/tables", json!({"game": "score4", "seats": ["mcts:64", "human"]}));
    let id = view["id"].as_str().unwrap();
    let (status, after) = post(&server, &format!("/api/tables/{id}/agent"), json!({}));
    assert_eq!(status, 200);
    let thinking = &after["thinking"];
    assert_eq!(thinking["player"], 0);
    assert_eq!(thinking["agent"], "mcts:64");
    assert!(thinking["simulations"].as_u64().unwrap() >= 64, "{thinking}");
    let actions = thinking["actions"].as_array().unwrap();
    assert_eq!(actions.len(), 16);
    let share: f64 = actions.iter().map(|a| a["visits"].as_f64().unwrap()).sum();
    assert!((share - 1.0).abs() < 1e-3, "{thinking}");
    // A PUCT root plays a most visited move (ties broken by value).
    let played =
        actions.iter().find(|a| a["label"] == after["moves"][0]["label"]).expect("the move played is a root action");
    assert_eq!(played["visits"], actions[0]["visits"], "{thinking}");

    let record = json!({"game": "score4", "number": 1, "seed": 0, "pair": 0, "players": ["alphabeta:2", "random"],
        "opening_plies": 0, "moves": ["A1", "B1", "A1", "B1", "A1", "B1", "A1"], "returns": [1.0, -1.0], "result": "1-0"});
    let (status, replay) = post(&server, "/api/replays", json!({"record": record.to_string()}));
    assert_eq!(status, 201, "{replay}");
    assert_eq!(replay["replay"], json!({"at": 0, "length": 7}));
    assert_eq!(replay["seats"][0], json!({"kind": "replay", "name": "alphabeta:2"}));
    let id = replay["id"].as_str().unwrap();
    let mut last = replay.clone();
    for _ in 0..7 {
        let (status, next) = post(&server, &format!("/api/tables/{id}/agent"), json!({}));
        assert_eq!(status, 200, "{next}");
        last = next;
    }
    assert_eq!(last["result"], "White wins");
    assert_eq!(last["board"]["win"].as_array().unwrap().len(), 4);
    assert_eq!(post(&server, &format!("/api/tables/{id}/agent"), json!({})).0, 409, "at the end");
    let (_, back) = post(&server, &format!("/api/tables/{id}/undo"), json!({}));
    assert_eq!(back["replay"]["at"], 6);
    let broken =
        post(&server, "/api/replays", json!({"record": "{\"game\": \"score4\", \"seed\": 0, \"moves\": [\"Q7\"]}"}));
    assert_eq!(broken.0, 400);
    assert!(error_of(&broken).contains("Q7"), "{broken:?}");
}

#[test]
fn fifty_games_against_random_at_once() {
    let server = serve();
    let started = Instant::now();
    let results: Vec<Value> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..50)
            .map(|k| {
                let server = &server;
                scope.spawn(move || {
                    let seats = if k % 2 == 0 { json!(["human", "random"]) } else { json!(["random", "human"]) };
                    let (status, view) =
                        post(server, "/api/tables", json!({"game": "score4", "seats": seats, "seed": k}));
                    assert_eq!(status, 201, "{view}");
                    let id = view["id"].as_str().unwrap().to_string();
                    play_out(server, &id, view)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("a game thread")).collect()
    });
    let ids: std::collections::HashSet<&str> = results.iter().map(|v| v["id"].as_str().unwrap()).collect();
    assert_eq!(ids.len(), 50, "50 distinct tables");
    assert!(results.iter().all(|v| v["done"] == true && v["result"].is_string()));
    eprintln!("50 concurrent Score 4 games against random: {:.1} s", started.elapsed().as_secs_f64());
}

/// A page seats only the models under the server's `--models` folders (by default `runs/` and
/// `checkpoints/`): every other path, there or not, gets the same answer, which names nothing.
#[test]
fn a_page_loads_models_only_from_the_model_folders() {
    let seat = |server: &Served, spec: &str| {
        post(server, "/api/tables", json!({"game": "score4", "seats": ["human", spec], "seed": 1}))
    };
    let outside = [
        "run:/etc",
        "ckpt:/etc/passwd",
        "run:/root/.ssh",
        "run:/no/such/run",
        "ckpt:checkpoints/../Cargo.toml",
        "ckpt:checkpoints/score4/../../README.md",
    ];
    let refused_alike = |server: &Served| {
        for spec in outside {
            let answer = seat(server, spec);
            assert_eq!(answer.0, 400, "{spec}: {answer:?}");
            let error = error_of(&answer);
            assert_eq!(error, format!("seat {spec:?}: {}", tabula::serve::REFUSED), "{spec}");
        }
    };
    // By default: the shipped checkpoint folder of the working directory (the package root).
    let server = serve();
    refused_alike(&server);
    let (status, table) = seat(&server, "ckpt:checkpoints/score4/model.bpk:8");
    assert_eq!(status, 201, "{table}");
    assert_eq!(table["seats"][1]["name"], "ckpt:checkpoints/score4/model.bpk:8", "the name shows no server folder");
    drop(server);

    // With --models, that folder alone: a copy of the model there loads, the default folders do not.
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("score4");
    std::fs::create_dir_all(&copy).unwrap();
    for file in ["model.bpk", "model.json", "config.toml"] {
        std::fs::copy(format!("checkpoints/score4/{file}"), copy.join(file)).unwrap();
    }
    let server = serve_with(50, &["--models", dir.path().to_str().unwrap()]);
    refused_alike(&server);
    let answer = seat(&server, "ckpt:checkpoints/score4/model.bpk:8");
    assert_eq!(error_of(&answer), format!("seat \"ckpt:checkpoints/score4/model.bpk:8\": {}", tabula::serve::REFUSED));
    let spec = format!("ckpt:{}:8", copy.join("model.bpk").display());
    let (status, table) = seat(&server, &spec);
    assert_eq!(status, 201, "{table}");
    let id = table["id"].as_str().unwrap();
    let (status, _) = post(&server, &format!("/api/tables/{id}/move"), json!({"label": "B2"}));
    assert_eq!(status, 200);
    let (status, after) = post(&server, &format!("/api/tables/{id}/agent"), json!({}));
    assert_eq!((status, after["moves"].as_array().unwrap().len()), (200, 2), "{after}");
}

/// Past its threads and queue the server answers 429 at once, with a sentence; the work it took
/// on is done, and it serves again when that is over.
#[test]
fn too_much_agent_work_is_refused_with_429() {
    let server = serve_with(1500, &["--agent-threads", "1", "--queue", "1"]);
    // Four tables whose agent (mcts thinking 1.5 s a move) is to move.
    let ids: Vec<String> = (0..4)
        .map(|k| {
            let (status, table) =
                post(&server, "/api/tables", json!({"game": "score4", "seats": ["mcts", "human"], "seed": k}));
            assert_eq!(status, 201, "{table}");
            table["id"].as_str().map(String::from).unwrap_or_else(|| panic!("{table}"))
        })
        .collect();
    let answers: Vec<(u16, Value)> = std::thread::scope(|scope| {
        let asks: Vec<_> = ids
            .iter()
            .map(|id| {
                let server = &server;
                scope.spawn(move || post(server, &format!("/api/tables/{id}/agent"), json!({})))
            })
            .collect();
        asks.into_iter().map(|a| a.join().unwrap()).collect()
    });
    let busy: Vec<&(u16, Value)> = answers.iter().filter(|a| a.0 == 429).collect();
    let done = answers.iter().filter(|a| a.0 == 200).count();
    assert_eq!((done, busy.len()), (2, 2), "one thinks, one waits, two are turned away: {answers:?}");
    assert!(error_of(busy[0]).contains("the server is busy"), "{busy:?}");
    let turned_away = ids.iter().zip(&answers).find(|(_, a)| a.0 == 429).map(|(id, _)| id).unwrap();
    let (status, view) = post(&server, &format!("/api/tables/{turned_away}/agent"), json!({}));
    assert_eq!(status, 200, "served once the work is done: {view}");
    assert_eq!(view["moves"].as_array().unwrap().len(), 1, "the refused request changed nothing");
}
