//! `tabula arena` and `tabula replay`, driven as a person would drive them.

use serde_json::Value;
use std::process::Command;

fn tabula(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tabula")).args(args).output().expect("tabula starts");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

fn json(args: &[&str]) -> Value {
    let (code, out, err) = tabula(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"))
}

#[test]
fn a_tiny_round_robin_rates_every_player() {
    let doc = json(&["arena", "score4", "--players", "random", "greedy", "alphabeta:1", "--games", "4", "--json"]);
    assert_eq!(doc["format"], "round_robin");
    assert_eq!(doc["anchor"], "random");
    let players = doc["players"].as_array().unwrap();
    assert_eq!(
        players.iter().map(|p| p["player"].as_str().unwrap()).collect::<Vec<_>>(),
        ["random", "greedy", "alphabeta:1"]
    );
    for p in players {
        let (elo, lo, hi) =
            (p["elo"].as_f64().unwrap(), p["elo_low"].as_f64().unwrap(), p["elo_high"].as_f64().unwrap());
        assert!(lo <= elo && elo <= hi, "{p}");
        assert_eq!(p["games"], 8);
        assert_eq!(p["faults"], 0);
    }
    assert_eq!(players[0]["elo"], 0.0);
    let pairings = doc["pairings"].as_array().unwrap();
    assert_eq!(pairings.len(), 3);
    for p in pairings {
        let played: u64 = ["wins", "draws", "losses"].iter().map(|k| p[k].as_u64().unwrap()).sum();
        assert_eq!(played, 4, "{p}");
    }
}

#[test]
fn a_gauntlet_plays_one_player_against_the_rest_and_tables_read() {
    let doc = json(&[
        "arena",
        "score4",
        "--players",
        "random",
        "greedy",
        "--gauntlet",
        "alphabeta:1",
        "--games",
        "2",
        "--json",
    ]);
    assert_eq!(doc["format"], "gauntlet");
    let pairings = doc["pairings"].as_array().unwrap();
    assert_eq!(pairings.len(), 2);
    assert!(pairings.iter().all(|p| p["a"] == "alphabeta:1"), "{pairings:?}");

    let (code, out, err) = tabula(&["arena", "score4", "--players", "random", "mcts:8", "--games", "2", "--quiet"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("random vs mcts:8"), "{out}");
    assert!(out.contains("(anchor)") && out.contains("95% INTERVAL"), "{out}");
}

#[test]
fn a_model_can_think_for_a_time_a_move_like_the_timed_baselines() {
    let root = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| env!("CARGO_MANIFEST_DIR").into());
    let ckpt = format!("ckpt:{root}/checkpoints/score4:20ms");
    let doc = json(&["arena", "score4", "--players", "random", &ckpt, "--games", "2", "--json"]);
    let pairing = &doc["pairings"][0];
    assert!(pairing["b"].as_str().unwrap().ends_with("checkpoints/score4:20ms"), "{pairing}");
    let games = ["wins", "draws", "losses"].iter().map(|k| pairing[k].as_u64().unwrap()).sum::<u64>();
    assert_eq!((games, pairing["games"].as_u64()), (2, Some(2)), "{pairing}");
    // About 20 ms a move for the model: a game of Score 4 takes well under a few seconds.
    assert!(pairing["seconds_per_game"].as_f64().unwrap() < 5.0, "{pairing}");
}

#[test]
fn records_replay_move_by_move() {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("games.jsonl");
    let file = file.to_str().unwrap();
    let (code, _, err) =
        tabula(&["arena", "score4", "--players", "random", "greedy", "--games", "3", "--records", file, "--quiet"]);
    assert_eq!(code, 0, "{err}");
    let records: Vec<Value> =
        std::fs::read_to_string(file).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(records.len(), 3);
    for (k, r) in records.iter().enumerate() {
        assert_eq!(r["number"], k + 1);
        assert_eq!(r["game"], "score4");
        assert_eq!(r["opening_plies"], 2);
        assert!(["1-0", "0-1", "1/2-1/2"].contains(&r["result"].as_str().unwrap()), "{r}");
    }
    // The first two games share an opening, with the seats swapped.
    assert_eq!(records[0]["moves"].as_array().unwrap()[..2], records[1]["moves"].as_array().unwrap()[..2]);
    assert_eq!(records[0]["players"], serde_json::json!(["random", "greedy"]));
    assert_eq!(records[1]["players"], serde_json::json!(["greedy", "random"]));

    let (code, out, err) = tabula(&["replay", file, "--game", "2"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.is_empty(), "the replay ends as recorded: {err}");
    let moves = records[1]["moves"].as_array().unwrap();
    let first = moves[0].as_str().unwrap();
    assert!(out.starts_with("Game 2: score4, White greedy vs Black random"), "{out}");
    assert!(out.contains(&format!("1. White (greedy) plays {first} (random opening).")), "{out}");
    let last = moves.last().unwrap().as_str().unwrap();
    assert!(out.contains(&format!("{}. ", moves.len())) && out.contains(&format!("plays {last}.")), "{out}");
    assert!(out.contains(&format!("Result: {}", records[1]["result"].as_str().unwrap())), "{out}");

    let (code, _, err) = tabula(&["replay", file, "--game", "9"]);
    assert_eq!(code, 2);
    assert!(err.contains("holds 3 games, so there is no game 9"), "{err}");
}

#[test]
fn one_player_games_compare_players_on_the_same_seeds() {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("superball.jsonl");
    let file = file.to_str().unwrap();
    let game = "superball(rows=6,cols=6,mss=4,colors=pbyrg)";
    let doc = json(&[
        "arena",
        game,
        "--players",
        "greedy",
        "random",
        "--games",
        "4",
        "--seed",
        "3",
        "--json",
        "--records",
        file,
    ]);
    assert_eq!(doc["first_seed"], 3);
    let players = doc["players"].as_array().unwrap();
    assert_eq!(players[0]["player"], "greedy");
    assert!(players[0]["paired_diff"].is_null());
    let diff = players[1]["paired_diff"]["mean"].as_f64().unwrap();
    let means: Vec<f64> = players.iter().map(|p| p["mean"].as_f64().unwrap()).collect();
    assert!((diff - (means[1] - means[0])).abs() < 1e-9, "the mean of differences is the difference of means");
    assert!(players.iter().all(|p| p["games"] == 4 && p["seconds_per_game"].as_f64().unwrap() >= 0.0));

    let first: Value = serde_json::from_str(std::fs::read_to_string(file).unwrap().lines().next().unwrap()).unwrap();
    assert_eq!(first["seed"], 3);
    let (code, out, err) = tabula(&["replay", file]);
    assert_eq!(code, 0, "{err}");
    assert!(err.is_empty(), "{err}");
    assert!(out.contains(&format!("Score: {}", first["returns"][0].as_f64().unwrap())), "{out}");
}

/// Seed ranges played apart and tabulated together give the table of one arena over all seeds.
#[test]
fn records_of_seed_ranges_tabulate_as_one_arena() {
    let tmp = tempfile::tempdir().unwrap();
    let game = "superball(rows=6,cols=6,mss=4,colors=pbyrg)";
    let part = |seed: &str, games: &str, name: &str| {
        let file = tmp.path().join(name);
        let (code, _, err) = tabula(&[
            "arena",
            game,
            "--players",
            "greedy",
            "random",
            "--games",
            games,
            "--seed",
            seed,
            "--quiet",
            "--records",
            file.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{err}");
        file.to_str().unwrap().to_string()
    };
    let (low, high) = (part("1", "3", "low.jsonl"), part("4", "2", "high.jsonl"));
    let whole = json(&["arena", game, "--players", "greedy", "random", "--games", "5", "--seed", "1", "--json"]);
    let joined = json(&["arena", game, "--from-records", &low, &high, "--json"]);
    assert_eq!(joined["seeds"], "1-5");
    assert_eq!(joined["from_records"], format!("{low}, {high}"));
    for (w, j) in whole["players"].as_array().unwrap().iter().zip(joined["players"].as_array().unwrap()) {
        for key in ["player", "games", "mean", "std_error", "median", "min", "max", "paired_diff"] {
            assert_eq!(w[key], j[key], "{key}: {w} vs {j}");
        }
        assert!(j["seconds_per_game"].as_f64().unwrap() >= 0.0, "{j}");
    }
    // The reference can be chosen, and a player missing seeds is refused by name.
    let flipped = json(&["arena", game, "--from-records", &low, &high, "--gauntlet", "random", "--json"]);
    assert_eq!(flipped["players"][0]["player"], "random");
    let short = part("1", "2", "short.jsonl");
    let lines: Vec<String> = std::fs::read_to_string(&short).unwrap().lines().map(String::from).collect();
    std::fs::write(&short, lines[..3].join("\n")).unwrap();
    let (code, _, err) = tabula(&["arena", game, "--from-records", &short]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("random played seeds 1 and greedy played seeds 1-2"), "{err}");
}

/// A two-player arena's records give back its pairings and ratings.
#[test]
fn records_of_a_round_robin_tabulate_to_its_table() {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("rr.jsonl");
    let file = file.to_str().unwrap();
    let played = json(&[
        "arena",
        "score4",
        "--players",
        "random",
        "greedy",
        "alphabeta:1",
        "--games",
        "4",
        "--json",
        "--records",
        file,
    ]);
    let again = json(&["arena", "score4", "--from-records", file, "--json"]);
    assert_eq!(again["format"], "round_robin");
    for key in ["players", "pairings"] {
        let strip = |v: &Value| {
            let mut v = v.clone();
            for row in v.as_array_mut().unwrap() {
                row.as_object_mut().unwrap().remove("seconds_per_game");
            }
            v
        };
        assert_eq!(strip(&played[key]), strip(&again[key]), "{key}");
    }
    let (code, _, err) = tabula(&["arena", "superball", "--from-records", file]);
    assert_eq!(code, 2);
    assert!(err.contains("is score4, not superball"), "{err}");
}

/// Width and height from a PNG's header.
fn png_size(path: &std::path::Path) -> (u32, u32) {
    let bytes = std::fs::read(path).unwrap();
    assert_eq!(&bytes[1..4], b"PNG", "{} is not a PNG", path.display());
    let word = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
    (word(16), word(20))
}

#[test]
fn plot_draws_a_row_a_player_and_is_checked_before_the_games() {
    let tmp = tempfile::tempdir().unwrap();
    let two = tmp.path().join("ratings.png");
    let (code, out, err) = tabula(&[
        "arena",
        "score4",
        "--players",
        "random",
        "greedy",
        "alphabeta:1",
        "--games",
        "4",
        "--quiet",
        "--plot",
        two.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("PLAYER"), "the table comes first: {out}");
    let (width, height_two) = png_size(&two);
    assert_eq!(width, 1000);

    let one = tmp.path().join("scores.png");
    let game = "superball(rows=6,cols=6,mss=4,colors=pbyrg)";
    let (code, _, err) = tabula(&[
        "arena",
        game,
        "--players",
        "greedy",
        "random",
        "--games",
        "3",
        "--quiet",
        "--plot",
        one.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let (_, height_one) = png_size(&one);
    assert_eq!(height_two - height_one, 44, "three rows against two");

    for (plot, why) in [("ratings.svg", "name the file *.png"), ("no/such/folder/r.png", "no folder")] {
        let path = tmp.path().join(plot);
        let (code, _, err) = tabula(&[
            "arena",
            "score4",
            "--players",
            "random",
            "greedy",
            "--games",
            "2",
            "--plot",
            path.to_str().unwrap(),
        ]);
        assert_ne!(code, 0);
        assert!(err.contains(why), "{err}");
        assert!(!err.contains("PAIRING"), "refused before any game: {err}");
    }
}

#[test]
fn bad_requests_get_one_clear_line_and_a_failing_status() {
    for (args, expected) in [
        (&["arena", "score4", "--players", "random", "rn:runs/x"][..], "bad player spec \"rn:runs/x\""),
        (&["arena", "score4", "--players", "random", "cmd:/nonexistent/bot"], "no program \"/nonexistent/bot\""),
        (&["arena", "score4", "--players", "random", "deep-blue"], "unknown agent \"deep-blue\""),
        (&["arena", "score4", "--players", "random", "run:/nonexistent/run"], "no such model"),
        (&["arena", "score4", "--players", "random"], "at least two players"),
        (&["arena", "score4", "--players", "random", "random"], "random is listed twice"),
        (&["arena", "chess", "--players", "random", "greedy"], "unknown game \"chess\""),
        (&["arena", "score4", "--players", "random", "greedy", "--games", "0"], "--games must be at least 1"),
    ] {
        let (code, out, err) = tabula(args);
        assert_eq!(code, 2, "{args:?}: {out}");
        assert!(err.contains(expected), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    }
}

#[test]
fn help_explains_the_player_specs() {
    let (code, out, _) = tabula(&["arena", "--help"]);
    assert_eq!(code, 0);
    for text in ["PLAYER SPECS", "alphabeta:DEPTH", "run:DIR[:SIMS]", "cmd:\"PROGRAM ARGS\"", "--gauntlet", "--records"]
    {
        assert!(out.contains(text), "{text}: {out}");
    }
}

#[test]
fn superply_greedy_beats_random_in_both_modes() {
    for game in ["superply(size=9,mode=random)", "superply(size=9,mode=deterministic)"] {
        let doc = json(&["arena", game, "--players", "random", "greedy", "--games", "20", "--json"]);
        let pairing = &doc["pairings"][0];
        let greedy_is_first = pairing["a"] == "greedy";
        let (wins, losses) = (pairing["wins"].as_u64().unwrap(), pairing["losses"].as_u64().unwrap());
        let greedy_wins = if greedy_is_first { wins } else { losses };
        assert_eq!(wins + losses, 20, "Superply has no draws: {pairing}");
        assert!(greedy_wins >= 16, "{game}: greedy won {greedy_wins} of 20: {pairing}");
    }
    // A program that never connects loses every game with a fault counted, and the arena ends.
    let gone = "cmd:sh -c true";
    let doc = json(&[
        "arena",
        "superply(size=5)",
        "--players",
        "random",
        gone,
        "--games",
        "2",
        "--cmd-timeout-ms",
        "500",
        "--json",
    ]);
    let program = doc["players"].as_array().unwrap().iter().find(|p| p["player"] == gone).cloned();
    let program = program.unwrap_or_else(|| panic!("{doc}"));
    assert_eq!((program["games"].as_u64(), program["faults"].as_u64()), (Some(2), Some(2)), "{program}");
}

#[test]
fn upright_greedy_beats_random_and_has_a_default_config() {
    let doc = json(&["arena", "upright", "--players", "random", "greedy", "--games", "20", "--json"]);
    let pairing = &doc["pairings"][0];
    let greedy_is_first = pairing["a"] == "greedy";
    let (wins, losses) = (pairing["wins"].as_u64().unwrap(), pairing["losses"].as_u64().unwrap());
    let greedy_wins = if greedy_is_first { wins } else { losses };
    assert!(greedy_wins >= 16, "greedy won {greedy_wins} of 20: {pairing}");
    // The embedded default config names the game and parses.
    let (code, out, err) = tabula(&["train", "upright", "--print-config"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("game = \"upright(size=6)\""), "{out}");
}

#[test]
fn upright_classical_players_beat_greedy_and_programs_that_fail_lose_with_a_count() {
    let doc = json(&[
        "arena",
        "upright(size=4)",
        "--players",
        "greedy",
        "alphabeta",
        "mcts",
        "--gauntlet",
        "greedy",
        "--games",
        "10",
        "--movetime-ms",
        "30",
        // The openings this test has always played: more random plies on a 4x4 board leave
        // little of the first part to the players.
        "--opening-plies",
        "2",
        "--json",
    ]);
    // On the 4x4 board about half of these games are drawn (the seat decides much here).
    for p in doc["pairings"].as_array().unwrap() {
        let searcher_is_a = p["a"] != "greedy";
        let (score, wins) = (p["score"].as_f64().unwrap(), p["wins"].as_u64().unwrap());
        let losses = p["losses"].as_u64().unwrap();
        let (searcher_score, searcher_losses) = if searcher_is_a { (score, losses) } else { (1.0 - score, wins) };
        assert!(searcher_score >= 0.65 && searcher_losses <= 1, "{p}");
    }
    // A program that answers `new` and then dies: every game is still played out, and the faults
    // are counted beside its name.
    let crash = "cmd:sh -c 'read a; echo ok.; exit 0'";
    let doc = json(&["arena", "upright(size=4)", "--players", "random", crash, "--games", "4", "--json"]);
    let players = doc["players"].as_array().unwrap();
    let program = players.iter().find(|p| p["player"] == crash).unwrap_or_else(|| panic!("{doc}"));
    assert_eq!(program["games"], 4);
    assert!(program["faults"].as_u64().unwrap() >= 4, "one fault a game: {program}");
}

#[test]
fn alphabeta_to_a_depth_plays_the_same_games_whatever_the_clock() {
    // Superply and Upward-Rightward's `alphabeta:DEPTH` has no clock: two arenas of it play the
    // same moves (a clocked player's depth, and so its moves, would follow the machine's load).
    let tmp = tempfile::tempdir().unwrap();
    for game in ["upright(size=4)", "superply(size=5,mode=random)"] {
        let moves = |name: &str| {
            let file = tmp.path().join(name);
            let file = file.to_str().unwrap();
            let (code, _, err) =
                tabula(&["arena", game, "--players", "alphabeta:2", "greedy", "--games", "4", "--records", file]);
            assert_eq!(code, 0, "{game}: {err}");
            let text = std::fs::read_to_string(file).unwrap();
            let games: Vec<Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
            assert_eq!(games.len(), 4, "{game}: {text}");
            assert!(games.iter().all(|g| g["players"].to_string().contains("alphabeta:2")), "{text}");
            games.iter().map(|g| g["moves"].clone()).collect::<Vec<_>>()
        };
        assert_eq!(moves("a.jsonl"), moves("b.jsonl"), "{game}");
        let (code, _, err) = tabula(&["arena", game, "--players", "alphabeta:0", "greedy", "--games", "2"]);
        assert_ne!(code, 0);
        assert!(err.contains("alphabeta:DEPTH needs a depth from 1 to 64"), "{err}");
    }
}

#[test]
fn upward_rightward_opens_with_as_many_random_plies_as_its_board_is_wide_unless_told() {
    // Its first part offers at most two choices a ply after the forced a1: two random plies would
    // open every game one of two ways, and players who search alike would replay a few games.
    let tmp = tempfile::tempdir().unwrap();
    let openings = |game: &str, extra: &[&str]| {
        let file = tmp.path().join("openings.jsonl");
        let file = file.to_str().unwrap();
        let mut args = vec!["arena", game, "--players", "alphabeta:1", "greedy", "--games", "16", "--records", file];
        args.extend_from_slice(extra);
        let (code, _, err) = tabula(&args);
        assert_eq!(code, 0, "{game}: {err}");
        let text = std::fs::read_to_string(file).unwrap();
        let games: Vec<Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        let plies: Vec<u64> = games.iter().map(|g| g["opening_plies"].as_u64().unwrap()).collect();
        let distinct: std::collections::HashSet<String> = games
            .iter()
            .map(|g| g["moves"].as_array().unwrap()[..plies[0] as usize].iter().map(|m| m.to_string()).collect())
            .collect();
        (plies[0], distinct.len())
    };
    let (plies, distinct) = openings("upright", &[]);
    assert_eq!(plies, 6);
    assert!(distinct > 2, "16 games, 8 openings drawn among up to 32: {distinct} distinct");
    assert_eq!(openings("upright", &["--opening-plies", "2"]), (2, 2), "two plies: a1, then a2 or b1");
    assert_eq!(openings("upright(size=4)", &[]).0, 4, "as many plies as the board is wide");
    assert_eq!(openings("score4", &[]).0, 2);
}

#[test]
fn a_clue_program_that_dies_is_a_fault_a_game_and_every_game_ends() {
    let crash = "cmd:sh -c 'read a; echo ok.; exit 0'";
    let spec = "clue(players=3,items=13,hidden=4)";
    let doc = json(&["arena", spec, "--players", crash, "deduce", "--games", "3", "--json", "--quiet"]);
    let players = doc["players"].as_array().unwrap();
    let program = players.iter().find(|p| p["player"] == crash).unwrap_or_else(|| panic!("{doc}"));
    assert_eq!(program["games"], 3);
    assert_eq!(program["faults"], 3, "one a game: {program}");
}

#[test]
fn games_of_many_players_seat_each_player_against_a_field() {
    let dir = tempfile::tempdir().unwrap();
    let records = dir.path().join("clue.jsonl");
    let spec = "clue(players=3,items=13,hidden=4)";
    let doc = json(&[
        "arena",
        spec,
        "--players",
        "deduce",
        "random",
        "ismcts:20",
        "--gauntlet",
        "deduce",
        "--games",
        "6",
        "--records",
        records.to_str().unwrap(),
        "--json",
        "--quiet",
    ]);
    assert_eq!(doc["field"], "deduce");
    let players = doc["players"].as_array().unwrap();
    let names: Vec<&str> = players.iter().map(|p| p["player"].as_str().unwrap()).collect();
    assert_eq!(names, ["random", "ismcts:20", "deduce"], "the field comes last");
    for p in players {
        assert_eq!(p["games"], 6);
        let rank = p["mean_rank"].as_f64().unwrap();
        assert!((1.0..=3.0).contains(&rank), "{p}");
    }
    // Random guesses at random and deduce only what it has proven: random ranks last every game.
    assert_eq!(players[0]["mean_rank"], 3.0);
    assert_eq!(players[0]["firsts"], 0.0);
    // Firsts are paired with the first player's on the same deals and seats (random is never
    // first, so each difference is the player's own first or not).
    assert!(players[0]["paired_firsts"].is_null(), "the reference: {}", players[0]);
    for p in &players[1..] {
        assert_eq!(p["paired_firsts"]["games"], 6, "{p}");
        assert_eq!(p["paired_firsts"]["mean"], p["firsts"], "{p}");
    }
    // Every game is recorded, the player in each seat in turn (two deals of three games each).
    let text = std::fs::read_to_string(&records).unwrap();
    let games: Vec<Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(games.len(), 18);
    let mut random_seats: Vec<(u64, usize)> = games
        .iter()
        .filter(|g| g["players"].as_array().unwrap().iter().any(|p| p == "random"))
        .map(|g| {
            let seat = g["players"].as_array().unwrap().iter().position(|p| p == "random").unwrap();
            (g["seed"].as_u64().unwrap(), seat)
        })
        .collect();
    random_seats.sort_unstable();
    assert_eq!(random_seats, [(1, 0), (1, 1), (1, 2), (2, 0), (2, 1), (2, 2)]);
    assert!(games.iter().all(|g| g["game"].as_str().unwrap().starts_with("clue(players=3,items=13,hidden=4")));
    let (code, out, _) = tabula(&["arena", spec, "--players", "deduce", "random", "--games", "3"]);
    assert_eq!(code, 0);
    assert!(out.contains("against random in the other 2"), "the last player is the field by default: {out}");
    // The records give the table back, and what a killed arena finished gives its part of it.
    let again = json(&["arena", spec, "--from-records", records.to_str().unwrap(), "--json"]);
    let strip = |v: &Value| {
        let mut v = v.clone();
        for row in v.as_array_mut().unwrap() {
            row.as_object_mut().unwrap().remove("seconds_per_game");
        }
        v
    };
    assert_eq!(strip(&doc["players"]), strip(&again["players"]));
    assert_eq!(again["field"], "deduce");
    let killed = dir.path().join("killed.jsonl");
    std::fs::write(&killed, text.lines().take(7).collect::<Vec<_>>().join("\n")).unwrap();
    let part = json(&["arena", spec, "--from-records", killed.to_str().unwrap(), "--json"]);
    let counted: u64 = part["players"].as_array().unwrap().iter().map(|p| p["games"].as_u64().unwrap()).sum();
    assert_eq!(counted, 7);
    let (code, _, err) = tabula(&["arena", spec, "--from-records", records.to_str().unwrap(), "--gauntlet", "random"]);
    assert_eq!(code, 2);
    assert!(err.contains("--gauntlet random: not in every game"), "{err}");
}

/// Superball's hand-written players take their knobs in the spec, as a teacher names them: the
/// same deterministic greedy either way, and a knob that is not there is one line.
#[test]
fn superball_baselines_take_their_knobs_in_the_spec() {
    let game = "superball(rows=6,cols=6,mss=4,colors=pbyrg)";
    let table = json(&[
        "arena",
        game,
        "--players",
        "greedy",
        "greedy(reserve=0)",
        "greedy(reserve=3)",
        "lookahead(samples=2,budget_ms=5)",
        "--games",
        "6",
        "--json",
    ]);
    let players = table["players"].as_array().unwrap();
    assert_eq!(players[1]["player"], "greedy(reserve=0)");
    assert_eq!(players[0]["mean"], players[1]["mean"], "greedy's default reserve is 0: {table}");
    assert_eq!(players[3]["player"], "lookahead(samples=2,budget_ms=5)");
    assert!(players[3]["games"].as_u64() == Some(6), "{table}");
    let (code, _, err) = tabula(&["arena", game, "--players", "lookahead(depth=3)", "--games", "1"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("depth") && err.lines().count() == 1, "{err}");
    let (code, _, err) = tabula(&["arena", "score4", "--players", "greedy(reserve=1)", "random", "--games", "2"]);
    assert_ne!(code, 0);
    assert!(err.contains("greedy(reserve=1)"), "{err}");
}
