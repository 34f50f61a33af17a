//! The bots as in-process players (the arena's `cmd:` players): `score4-bot` through the
//! Casperson protocol, `sb-play` through sb-player's interface, `upright-bot` through
//! upright-referee's protocol, `superply-bot` through superply-server's (tabula serving),
//! `clue-bot` through the arbitrator's.

use score4::referee::ProgramAgent;
use score4::{Score4, Score4State};
use superball::{Lrand48, Params, SuperballState};
use tabula_baselines::score4::Greedy;
use tabula_baselines::superball::GreedyPlayer;
use tabula_core::{Agent, Game, ProgramOptions, RandomAgent, State, rng_from_seed};

const BOT: &str = env!("CARGO_BIN_EXE_score4-bot");
const PLAY: &str = env!("CARGO_BIN_EXE_sb-play");
const UPRIGHT_BOT: &str = env!("CARGO_BIN_EXE_upright-bot");
const SUPERPLY_BOT: &str = env!("CARGO_BIN_EXE_superply-bot");
const CLUE_BOT: &str = env!("CARGO_BIN_EXE_clue-bot");

/// Plays from `state` to the end, `agents[p]` as player `p`, both told of every move.
fn finish(mut state: Score4State, agents: &mut [&mut dyn Agent<Score4State>; 2], seed: u64) -> Score4State {
    let mut rng = rng_from_seed(seed);
    while !state.is_terminal() {
        let p = state.turn().player().unwrap();
        let action = agents[p].act(&state, &mut rng);
        for agent in agents.iter_mut() {
            agent.observe(&state, action);
        }
        state.apply(action).unwrap();
    }
    state
}

#[test]
fn score4_bot_plays_whole_games_as_either_colour_and_after_an_opening() {
    let mut bot = ProgramAgent::new(&format!("{BOT} --agent greedy"));
    let mut random = RandomAgent;
    let mut bot_wins = 0;
    for game in 0..6u64 {
        bot.reset();
        // Some games start from a few random moves the bot never saw played.
        let mut start = Score4.new_initial_state(0);
        let mut rng = rng_from_seed(100 + game);
        for _ in 0..game % 3 {
            let legal = start.legal_actions();
            start.apply(legal[rand::Rng::random_range(&mut rng, 0..legal.len())]).unwrap();
        }
        let bot_seat = (game % 2) as usize;
        let mut agents: [&mut dyn Agent<Score4State>; 2] =
            if bot_seat == 0 { [&mut bot, &mut random] } else { [&mut random, &mut bot] };
        let end = finish(start, &mut agents, game);
        bot_wins += usize::from(end.returns()[bot_seat] > 0.0);
    }
    assert_eq!(bot.faults(), 0, "no protocol faults");
    assert!(bot_wins >= 5, "greedy beats random: {bot_wins} of 6");
}

#[test]
fn score4_bot_moves_as_the_in_process_greedy_does() {
    // Greedy is deterministic: the program must see exactly the board we see.
    let mut bot = ProgramAgent::new(&format!("{BOT} --agent greedy"));
    let mut state = Score4.new_initial_state(0);
    let mut rng = rng_from_seed(5);
    for ply in 0..12 {
        let action = if ply % 3 == 2 {
            let ours = Greedy.act(&state, &mut rng);
            assert_eq!(bot.act(&state, &mut rng), ours, "ply {ply} on\n{state}");
            ours
        } else {
            RandomAgent.act(&state, &mut rng)
        };
        state.apply(action).unwrap();
        if state.is_terminal() {
            break;
        }
    }
    assert_eq!(bot.faults(), 0);
}

#[test]
fn a_program_that_dies_mid_game_is_a_fault_not_a_crash() {
    // Answers `play` and the first `move;`, then exits.
    let script = "read a; echo ok.; read b; echo A1.; exit 0";
    let mut bot = ProgramAgent::new(&format!("sh -c '{script}'"));
    let mut random = RandomAgent;
    let end = finish(Score4.new_initial_state(0), &mut [&mut bot, &mut random], 1);
    assert!(end.is_terminal());
    assert_eq!(bot.faults(), 1, "one fault, then random moves to the end of the game");
}

#[test]
fn sb_play_moves_as_the_in_process_greedy_does() {
    let params = Params::new(6, 6, 4, "pby").unwrap();
    let mut agent = superball::harness::ProgramAgent::new(&format!("{PLAY} --agent greedy"));
    let mut greedy = GreedyPlayer::default();
    let mut state = SuperballState::new(params);
    let mut chance = Lrand48::new(7);
    let mut rng = rng_from_seed(1);
    for _ in 0..5 {
        while state.turn() == tabula_core::Turn::Chance {
            state.sample_chance(&mut chance);
        }
        if state.is_terminal() {
            break;
        }
        let ours = greedy.act(&state, &mut rng);
        assert_eq!(agent.act(&state, &mut rng), ours, "on\n{state}");
        state.apply(ours).unwrap();
    }
    assert_eq!(agent.faults(), 0);
}

/// Plays an Upward-Rightward game from `state` to the end, `agents[p]` as player `p`.
fn finish_upright(
    mut state: upright::UprightState,
    agents: &mut [&mut dyn Agent<upright::UprightState>; 2],
    seed: u64,
) -> upright::UprightState {
    let mut rng = rng_from_seed(seed);
    while !state.is_terminal() {
        let p = state.turn().player().unwrap();
        let action = agents[p].act(&state, &mut rng);
        state.apply(action).unwrap();
    }
    state
}

#[test]
fn upright_bot_plays_whole_games_on_either_side_and_after_an_opening() {
    // Seeded, so that the games are the same on every run.
    let mut bot = upright::referee::ProgramAgent::new(&format!("{UPRIGHT_BOT} --agent greedy --seed 1"));
    let mut random = RandomAgent;
    let mut bot_wins = 0;
    for game in 0..6u64 {
        bot.reset();
        // Some games start from squares the bot never saw played (on 4x4, 8 sub-actions reach
        // into phase 2); the strength check is on 6x6, where greedy beats random ~95%.
        let size = if game % 3 == 2 { 4 } else { 6 };
        let mut start = upright::UprightState::new(size, upright::Variant::default()).unwrap();
        let mut rng = rng_from_seed(200 + game);
        for _ in 0..game % 3 * 4 {
            let legal = start.legal_actions();
            start.apply(legal[rand::Rng::random_range(&mut rng, 0..legal.len())]).unwrap();
        }
        let bot_seat = (game % 2) as usize;
        let mut agents: [&mut dyn Agent<upright::UprightState>; 2] =
            if bot_seat == 0 { [&mut bot, &mut random] } else { [&mut random, &mut bot] };
        let end = finish_upright(start, &mut agents, game);
        bot_wins += usize::from(size == 6 && end.returns()[bot_seat] > 0.0);
    }
    assert_eq!(bot.faults(), 0, "no protocol faults");
    assert!(bot_wins >= 3, "greedy beats random on 6x6: {bot_wins} of 4");
}

#[test]
fn an_upright_program_that_crashes_hangs_or_cheats_is_a_fault_and_the_game_goes_on() {
    let scripts = [
        // Answers `new`, then exits.
        "read a; echo ok.; exit 0",
        // Answers `new`, then says nothing more.
        "read a; echo ok.; sleep 30",
        // Answers `new`, then claims a square off the board.
        "read a; echo ok.; while read b; do echo k11.; done",
    ];
    for script in scripts {
        let options = ProgramOptions::from(format!("sh -c '{script}'").as_str());
        let mut bot = upright::referee::ProgramAgent::new(options.with_timeout(std::time::Duration::from_millis(300)));
        let mut random = RandomAgent;
        let start = upright::UprightState::new(4, upright::Variant::default()).unwrap();
        let end = finish_upright(start, &mut [&mut bot, &mut random], 1);
        assert!(end.is_terminal(), "{script}");
        assert_eq!(bot.faults(), 1, "{script}: one fault, then random moves to the end of the game");
    }
}

/// Plays a Superply game from `state` to the end, `agents[p]` as player `p`, nature drawing from
/// `seed`.
fn finish_superply(
    mut state: superply::SuperplyState,
    agents: &mut [&mut dyn Agent<superply::SuperplyState>; 2],
    seed: u64,
) -> superply::SuperplyState {
    let mut rng = rng_from_seed(seed);
    while !state.is_terminal() {
        match state.turn() {
            tabula_core::Turn::Player(p) => {
                let action = agents[p].act(&state, &mut rng);
                state.apply(action).unwrap();
            }
            _ => state.sample_chance(&mut rng),
        }
    }
    state
}

#[test]
fn superply_bot_plays_through_tabulas_server_part_in_both_modes_and_after_an_opening() {
    use superply::program_agent::ProgramAgent;
    for (mode, command) in [
        (superply::Mode::Random, format!("{SUPERPLY_BOT} --agent greedy --seed 1")),
        (
            superply::Mode::Deterministic,
            format!("{SUPERPLY_BOT} --agent greedy --seed 1 --port {{port}} --seat either"),
        ),
    ] {
        let game = superply::Superply::new(7, mode, superply::default_hints()).unwrap();
        let mut bot = ProgramAgent::new(&command);
        let mut random = RandomAgent;
        let mut bot_wins = 0;
        for g in 0..4u64 {
            bot.reset();
            // Some games start from claims the bot never saw made.
            let mut start = game.new_initial_state(g);
            let mut rng = rng_from_seed(300 + g);
            let mut claims = 0;
            while claims < g % 2 * 3 {
                if let tabula_core::Turn::Player(_) = start.turn() {
                    let legal = start.legal_actions();
                    start.apply(legal[rand::Rng::random_range(&mut rng, 0..legal.len())]).unwrap();
                    claims += 1;
                } else {
                    start.sample_chance(&mut rng);
                }
            }
            let bot_seat = (g / 2 % 2) as usize;
            let mut agents: [&mut dyn Agent<superply::SuperplyState>; 2] =
                if bot_seat == 0 { [&mut bot, &mut random] } else { [&mut random, &mut bot] };
            let end = finish_superply(start, &mut agents, g);
            bot_wins += usize::from(end.returns()[bot_seat] > 0.0);
        }
        assert_eq!(bot.faults(), 0, "{mode}: no protocol faults");
        assert!(bot_wins >= 3, "{mode}: greedy beats random: {bot_wins} of 4");
    }
}

#[test]
fn a_superply_program_that_never_connects_or_hangs_is_a_fault_and_the_game_goes_on() {
    let game = superply::Superply::new(5, superply::Mode::Random, superply::default_hints()).unwrap();
    // Exits at once; sleeps without connecting; connects (a real bot) but is told to take far
    // longer over a move than it may.
    let slow = format!("{SUPERPLY_BOT} --agent mcts --movetime-ms 5000");
    for command in ["sh -c true", "sleep 30", slow.as_str()] {
        let options = ProgramOptions::from(command).with_timeout(std::time::Duration::from_millis(400));
        let mut bot = superply::program_agent::ProgramAgent::new(options);
        let mut random = RandomAgent;
        let end = finish_superply(game.new_initial_state(0), &mut [&mut bot, &mut random], 1);
        assert!(end.is_terminal(), "{command}");
        assert_eq!(bot.faults(), 1, "{command}: one fault, then random moves to the end of the game");
    }
}

#[test]
fn clue_bot_plays_one_seat_of_whole_games_and_a_liar_is_a_fault() {
    use clue::arbiter::ProgramAgent;
    let game = clue::Clue::new(clue::Params::new(3, 13, 4).unwrap()).unwrap();
    // A question to a player who is not there after `new`: an illegal turn.
    let liar = "sh -c 'read a; echo ok.; while read b; do echo ask 9: 1 2.; done'";
    for (command, faults) in [(format!("{CLUE_BOT} --agent deduce --pace-ms 0"), 0), (liar.to_string(), 4)] {
        let mut bot =
            ProgramAgent::new(ProgramOptions::from(command.as_str()).with_timeout(std::time::Duration::from_secs(5)));
        for g in 0..4u64 {
            bot.reset();
            let seat = (g % 3) as usize;
            let mut others: Vec<Box<dyn Agent<clue::ClueState>>> =
                (0..3).map(|_| tabula_baselines::clue::agent_by_name("deduce").unwrap()).collect();
            let mut state = game.new_initial_state(g);
            let mut rng = rng_from_seed(g);
            while !state.is_terminal() {
                let p = state.turn().player().unwrap();
                let action = if p == seat { bot.act(&state, &mut rng) } else { others[p].act(&state, &mut rng) };
                state.apply(action).unwrap();
            }
            assert_eq!(state.returns().iter().sum::<f64>().round(), 0.0);
        }
        assert_eq!(bot.faults(), faults, "{command}");
    }
}
