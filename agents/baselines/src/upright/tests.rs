use super::*;
use tabula_core::{Game, State, rng_from_seed};
use upright::moves::{format_move, parse_move};
use upright::{Upright, UprightState, Variant};

/// Plays `moves` (one written move per item) from the start of a game on `size`.
fn position(size: usize, moves: &[&str]) -> UprightState {
    let mut s = UprightState::new(size, Variant::default()).unwrap();
    for m in moves {
        s.play_move(&parse_move(m).unwrap()).unwrap();
    }
    s
}

/// One game; returns player 1's score minus player 2's.
fn game(g: &Upright, agents: &mut [Box<dyn Agent<UprightState>>; 2], seed: u64) -> (i64, UprightState) {
    let mut rng = rng_from_seed(seed);
    let mut s = g.new_initial_state(seed);
    for a in agents.iter_mut() {
        a.reset();
    }
    while !s.is_over() {
        let a = agents[s.to_move().index()].act(&s, &mut rng);
        s.apply(a).unwrap();
    }
    (s.score_difference(), s)
}

#[test]
fn greedy_beats_random_in_at_least_90_of_100_games_with_seats_alternated() {
    let g = Upright::default();
    let mut wins = 0;
    let mut phase_two_moves = Vec::new();
    for i in 0..100u64 {
        let greedy_first = i % 2 == 0;
        let mut agents = if greedy_first {
            [agent_by_name("greedy", None).unwrap(), agent_by_name("random", None).unwrap()]
        } else {
            [agent_by_name("random", None).unwrap(), agent_by_name("greedy", None).unwrap()]
        };
        let (d, end) = game(&g, &mut agents, i);
        phase_two_moves.push(end.phase_two_moves());
        if (d > 0) == greedy_first && d != 0 {
            wins += 1;
        }
    }
    let mean = phase_two_moves.iter().sum::<usize>() as f64 / 100.0;
    eprintln!(
        "greedy beat random in {wins} of 100 games; phase-2 moves per game: mean {mean}, max {:?}",
        phase_two_moves.iter().max()
    );
    assert!(wins >= 90, "greedy won only {wins} of 100");
}

#[test]
fn greedy_takes_the_move_that_scores_best() {
    // 3x3 after phase 1 a1 b1 b2 b3 c3: player 2 (x, columns) to move. Its moves are exactly
    // c1, c1 c2, a2, a2 a3 and c2 (after c2 or a3 nothing qualifies); greedy's choice must leave
    // the best margin among them.
    let s = position(3, &["a1", "b1", "b2", "b3", "c3"]);
    let greedy = Greedy::new();
    let mut rng = rng_from_seed(1);
    let mut margins = Vec::new();
    for candidate in ["c1", "c1 c2", "a2", "a2 a3", "c2"] {
        let mut t = s;
        t.play_move(&parse_move(candidate).unwrap()).unwrap();
        margins.push((upright::score::margin(t.board(), upright::Side::Second), candidate));
    }
    let best = margins.iter().map(|m| m.0).max().unwrap();
    let chosen = greedy.best_move(&s, &mut rng);
    let mut t = s;
    for &a in &chosen {
        t.apply(a).unwrap();
    }
    assert_eq!(
        upright::score::margin(t.board(), upright::Side::Second),
        best,
        "{margins:?}, chose {}",
        format_move(&s.written_move(&chosen))
    );
}

#[test]
fn greedy_replays_its_plan_and_replans_on_a_new_game() {
    let g = Upright::new(4, Variant::default()).unwrap();
    let mut greedy = Greedy::new();
    let mut random: Box<dyn Agent<UprightState>> = agent_by_name("random", None).unwrap();
    let mut rng = rng_from_seed(7);
    let mut s = g.new_initial_state(0);
    while !s.is_over() {
        let a = if s.to_move() == upright::Side::First { greedy.act(&s, &mut rng) } else { random.act(&s, &mut rng) };
        assert!(s.legal_actions().contains(&a), "{}", s.action_to_string(a));
        s.apply(a).unwrap();
    }
    // A fresh game in the middle of nothing: it plans from scratch.
    let start = g.new_initial_state(0);
    assert_eq!(start.action_to_string(greedy.act(&start, &mut rng)), "a1");
}

#[test]
fn the_baselines_play_every_variant_to_the_end() {
    for spec in ["upright(size=5,reach=line)", "upright(size=5,colour=free)", "upright(size=4,reach=line,colour=free)"]
    {
        let g = Upright::from_spec(&spec.parse().unwrap()).unwrap();
        let fast = Some(std::time::Duration::from_millis(5));
        for [a, b] in [["greedy", "greedy"], ["alphabeta", "mcts"]] {
            let mut agents = [agent_by_name(a, fast).unwrap(), agent_by_name(b, fast).unwrap()];
            let (_, end) = game(&g, &mut agents, 3);
            assert!(end.is_over(), "{spec}: {a} against {b}");
        }
    }
    assert!(agent_by_name("minimax", None).is_err());
}

#[test]
fn the_ranking_of_sub_actions_tops_at_greedys_best_move_and_advice_is_legal() {
    let g = Upright::default();
    let greedy = Greedy::new();
    let advisor = UprightAdvisor { alternatives: 3 };
    let mut rng = rng_from_seed(5);
    let mut checked = 0;
    for seed in 0..4u64 {
        let mut s = g.new_initial_state(seed);
        let mut random = agent_by_name("random", None).unwrap();
        while !s.is_over() {
            let ranked = greedy.ranked_sub_actions(&s);
            let legal = s.legal_actions();
            assert_eq!(ranked.len(), legal.len(), "every legal sub-action is ranked once");
            assert!(ranked.windows(2).all(|w| w[0].0 >= w[1].0), "best first");
            // Greedy's own move reaches the top margin.
            let mut after = s;
            for a in greedy.best_move(&s, &mut rng) {
                after.apply(a).unwrap();
            }
            assert_eq!(ranked[0].0, upright::score::margin(after.board(), s.to_move()));
            let advice = tabula_search::Advisor::advise(&advisor, &s);
            assert_eq!(advice.len(), legal.len().min(4));
            assert!(advice.iter().all(|a| legal.contains(a)));
            checked += 1;
            let a = random.act(&s, &mut rng);
            s.apply(a).unwrap();
        }
    }
    assert!(checked > 40, "{checked} positions");
}
