//! Generalized Clue: the env checker on the course's grid, scripted games, deduction that never
//! lies, and `resample` tested for consistency and (on a tiny game) uniformity.

use clue::{Clue, ClueState, Deal, Event, Item, ItemSet, Params, Phase, Shower, SubAction};
use rand::Rng;
use std::collections::HashMap;
use tabula_core::checker::{CheckConfig, assert_conforms_with};
use tabula_core::{Agent, Game, RandomAgent, State, Turn, rng_from_seed};

fn set(items: &[usize]) -> ItemSet {
    items.iter().map(|&n| Item::new(n).unwrap()).collect()
}

fn game(players: usize, items: usize, hidden: usize) -> Clue {
    Clue::new(Params::new(players, items, hidden).unwrap()).unwrap()
}

fn play(state: &mut ClueState, steps: &[&str]) {
    for step in steps {
        let a = state.string_to_action(step).unwrap_or_else(|e| panic!("{step}: {e:?}"));
        state.apply(a).unwrap_or_else(|e| panic!("{step}: {e:?}\n{state}"));
    }
}

#[test]
fn the_env_checker_passes_across_the_course_grid() {
    // (players, items per player, hidden)
    for (p, each, k) in [(2, 3, 2), (3, 5, 4), (5, 2, 3), (4, 5, 4), (7, 1, 1)] {
        assert_conforms_with(&game(p, p * each + k, k), &CheckConfig { playouts: 40, ..CheckConfig::default() });
    }
    // The grid's largest game: too many owners and places to count deals, so `resample` rejects
    // (slow once many facts are known); notation, illegal actions and resampling are checked on
    // the first state of each playout only.
    let largest = game(9, 9 * 16 + 32, 32);
    assert_conforms_with(&largest, &CheckConfig { playouts: 4, every_state: false, ..CheckConfig::default() });
}

/// A fixed deal: hidden first, then the hands.
fn dealt(params: Params, hidden: &[usize], hands: &[&[usize]]) -> ClueState {
    ClueState::new(params, Deal { hidden: set(hidden), hands: hands.iter().map(|h| set(h)).collect() })
}

#[test]
fn questions_answers_and_a_right_guess() {
    let params = Params::new(3, 7, 1).unwrap(); // hands of 2
    let mut s = dealt(params, &[7], &[&[1, 2], &[3, 4], &[5, 6]]);
    // Player 1 asks player 2 about 3 and 5: player 2 holds 3 and must show it (its own turn).
    play(&mut s, &["ask 2", "3", "5", "done"]);
    assert_eq!(s.turn(), Turn::Player(1));
    assert_eq!(s.legal_actions(), vec![2]); // item 3
    play(&mut s, &["3"]);
    assert_eq!(
        s.history().last(),
        Some(&Event::Asked { asker: 0, target: 1, list: set(&[3, 5]), shown: Some(Item::new(3).unwrap()) })
    );
    assert!(s.knowledge(0).holds(1).contains(Item::new(3).unwrap()), "the asker saw 3");
    // Player 3 saw only that one of 3, 5 was shown; it holds 5 itself, so it deduces 3.
    assert!(s.knowledge(2).holds(1).contains(Item::new(3).unwrap()));
    // Player 2 asks player 3 about 1: none; everyone learns player 3 lacks 1.
    assert_eq!(s.turn(), Turn::Player(1));
    play(&mut s, &["ask 3", "1", "done"]);
    assert!(s.knowledge(0).lacks(2).contains(Item::new(1).unwrap()));
    // Player 3 guesses 7: right. It leaves and its hand is seen.
    play(&mut s, &["guess", "7"]);
    assert!(!s.is_active(2));
    // The first right guesser is first however the others go on; they are still unsettled.
    assert_eq!((0..3).map(|p| s.settled_return(p)).collect::<Vec<_>>(), vec![None, None, Some(1.0)]);
    assert_eq!(s.knowledge(0).holds(2), set(&[5, 6]));
    // Player 1 now knows 7 is hidden (it has seen 1 2, 3, 5 6; player 2 holds two of 3 4 7...).
    assert_eq!(s.turn(), Turn::Player(0));
    // Players 1 and 2 guess wrong, in that order: player 2, the later, ranks above player 1.
    play(&mut s, &["guess", "4"]);
    // The first wrong guesser is last: the one still playing ranks above it whatever it guesses.
    assert_eq!((0..3).map(|p| s.settled_return(p)).collect::<Vec<_>>(), vec![Some(-1.0), None, Some(1.0)]);
    play(&mut s, &["guess", "1"]);
    assert_eq!(s.ranking(), Some(vec![2, 1, 0]));
    assert_eq!(s.returns(), vec![-1.0, 0.0, 1.0]);
    assert!(s.is_terminal());
}

#[test]
fn illegal_steps_change_nothing_and_say_why() {
    let params = Params::new(2, 5, 1).unwrap();
    let mut s = dealt(params, &[5], &[&[1, 2], &[3, 4]]);
    let before = s.clone();
    for (step, why) in [("done", "first `ask P` or `guess`"), ("ask 1", "cannot be asked"), ("3", "first")] {
        let e = s.apply(s.string_to_action(step).unwrap()).unwrap_err();
        assert!(e.reason.contains(why), "{step}: {}", e.reason);
        assert_eq!(s, before);
    }
    play(&mut s, &["ask 2", "3"]);
    let e = s.apply(s.string_to_action("2").unwrap()).unwrap_err();
    assert!(e.reason.contains("increasing order"), "{}", e.reason);
    let e = s.apply(99).unwrap_err();
    assert!(e.reason.contains("outside"), "{}", e.reason);
}

#[test]
fn after_the_turn_limit_only_guesses_are_legal() {
    let params = Params { rounds: 1, ..Params::new(2, 5, 1).unwrap() };
    let mut s = dealt(params, &[5], &[&[1, 2], &[3, 4]]);
    play(&mut s, &["ask 2", "1", "done", "ask 1", "3", "done"]);
    assert_eq!(s.round(), 1);
    assert!(s.must_guess());
    assert_eq!(s.legal_actions(), vec![SubAction::Guess.to_action(&params)]);
    // A guess names exactly k items: with k = 1 the first item ends it.
    play(&mut s, &["guess", "5"]);
    assert_eq!(s.phase(), Phase::Choose);
    play(&mut s, &["guess", "3"]);
    assert_eq!(s.ranking(), Some(vec![0, 1]));
}

/// Random games: the true deal always agrees with what every player deduced.
#[test]
fn deduction_never_contradicts_the_true_deal() {
    for (seed, g) in [game(3, 19, 4), game(4, 24, 4), game(5, 13, 3)].iter().cycle().take(60).enumerate() {
        let mut s = g.new_initial_state(seed as u64);
        let mut rng = rng_from_seed(seed as u64);
        while !s.is_terminal() {
            for p in 0..g.num_players() {
                assert!(s.knowledge(p).consistent(s.deal()), "seed {seed}, player {p}\n{s}");
            }
            let a = RandomAgent.act(&s, &mut rng);
            s.apply(a).unwrap();
        }
    }
}

/// Plays a random game part of the way, asking more than guessing.
fn midgame(g: &Clue, seed: u64) -> ClueState {
    let mut s = g.new_initial_state(seed);
    let mut rng = rng_from_seed(seed ^ 99);
    let steps = rng.random_range(0..120);
    for _ in 0..steps {
        if s.is_terminal() {
            break;
        }
        let legal = s.legal_actions();
        let guess = SubAction::Guess.to_action(g.params());
        let choices: Vec<_> =
            if legal.len() > 1 { legal.iter().copied().filter(|&a| a != guess).collect() } else { legal };
        s.apply(choices[rng.random_range(0..choices.len())]).unwrap();
    }
    s
}

#[test]
fn a_thrifty_shower_repeats_itself_in_sampled_states_where_a_uniform_one_need_not() {
    let params = Params::new(3, 7, 1).unwrap(); // hands of 2
    let mut s = dealt(params, &[7], &[&[1, 2], &[3, 4], &[5, 6]]);
    // Player 2 asks player 3 about 5 and 6 twice; player 1 sees only that something was shown.
    play(&mut s, &["ask 2", "3", "done", "3", "ask 3", "5", "6", "done", "5", "ask 1", "1", "done", "1"]);
    play(&mut s, &["ask 2", "4", "done", "4", "ask 3", "5", "6", "done", "6"]);
    let shown_to_player_2 = |r: &ClueState| -> Vec<Item> {
        r.history()
            .iter()
            .filter_map(|e| match *e {
                Event::Asked { asker: 1, target: 2, shown, .. } => shown,
                _ => None,
            })
            .collect()
    };
    let mut rng = rng_from_seed(3);
    let mut uniform_differed = 0;
    for _ in 0..60 {
        let thrifty = s.view(0).sample_with(Shower::Thrifty, &mut rng).unwrap();
        let shown = shown_to_player_2(&thrifty);
        assert_eq!(shown.len(), 2);
        assert_eq!(shown[0], shown[1], "a thrifty shower shows the asker what it showed before\n{thrifty}");
        // The first time, the lowest-numbered listed item it holds.
        assert_eq!(shown[0], thrifty.deal().hands[2].intersection(set(&[5, 6])).iter().next().unwrap());
        let uniform = shown_to_player_2(&s.view(0).sample_with(Shower::Uniform, &mut rng).unwrap());
        uniform_differed += usize::from(uniform[0] != uniform[1]);
    }
    assert!(uniform_differed > 0, "a uniform shower never showed two different items");
}

#[test]
fn resampled_states_look_the_same_to_the_player_and_agree_with_themselves() {
    let g = game(4, 24, 4);
    let len = g.observation_len();
    let (mut mine, mut theirs) = (vec![0.0; len], vec![0.0; len]);
    for seed in 0..150 {
        let s = midgame(&g, seed);
        let mut rng = rng_from_seed(seed);
        for p in 0..4 {
            let r = s.resample(p, &mut rng);
            s.observation(p, &mut mine);
            r.observation(p, &mut theirs);
            assert_eq!(mine, theirs, "seed {seed}, player {p}: the observation changed\n{s}\n{r}");
            assert_eq!((r.turn(), r.legal_actions().is_empty()), (s.turn(), s.legal_actions().is_empty()));
            assert_eq!(r.deal().hands[p], s.deal().hands[p]);
            for q in 0..4 {
                assert!(
                    r.knowledge(q).consistent(r.deal()),
                    "seed {seed}: player {q}'s knowledge in {p}'s sample\n{r}"
                );
            }
        }
    }
}

/// Every deal of a tiny game consistent with player 1's view, checked event by event (not with
/// the crate's own deduction).
fn consistent_deals(s: &ClueState, me: usize) -> Vec<Deal> {
    let params = *s.params();
    let n = params.items;
    let mut deals = Vec::new();
    // Owners of items 1..=n as a number in base (players + 1).
    let owners = params.players + 1;
    for code in 0..owners.pow(n as u32) {
        let mut c = code;
        let mut owned = vec![ItemSet::EMPTY; owners];
        for i in 0..n {
            owned[c % owners].insert(Item::from_index(i));
            c /= owners;
        }
        if (0..owners).any(|o| owned[o].len() != params.owner_size(o)) {
            continue;
        }
        let hidden = owned.pop().unwrap();
        let deal = Deal { hidden, hands: owned };
        let fits = deal.hands[me] == s.deal().hands[me]
            && s.history().iter().all(|e| match *e {
                Event::Asked { target, list, shown: None, .. } => deal.hands[target].intersection(list).is_empty(),
                Event::Asked { asker, target, shown: Some(item), .. } if asker == me || target == me => {
                    deal.hands[target].contains(item)
                }
                Event::Asked { target, list, .. } => !deal.hands[target].intersection(list).is_empty(),
                Event::Departed { player, hand, .. } | Event::Removed { player, hand } => deal.hands[player] == hand,
            });
        if fits {
            deals.push(deal);
        }
    }
    deals
}

#[test]
fn resample_draws_every_consistent_deal_equally_often_on_a_tiny_game() {
    // 3 players of 2 items, 2 hidden: 8 items.
    let params = Params::new(3, 8, 2).unwrap();
    let mut s = dealt(params, &[7, 8], &[&[1, 2], &[3, 4], &[5, 6]]);
    // Player 1 asks player 2 about 3 (shown); player 2 asks player 3 about 5 and 8 (shown 5,
    // which player 1 does not see); player 3 asks player 1 about 3 (none).
    play(&mut s, &["ask 2", "3", "done", "3"]);
    play(&mut s, &["ask 3", "5", "8", "done", "5", "ask 1", "3", "done"]);
    let deals = consistent_deals(&s, 0);
    assert!(deals.len() > 5, "a test worth making: {} deals", deals.len());
    let mut counts: HashMap<String, usize> = deals.iter().map(|d| (format!("{d:?}"), 0)).collect();
    let draws = 200 * deals.len();
    let mut rng = rng_from_seed(5);
    for _ in 0..draws {
        let r = s.resample(0, &mut rng);
        *counts.get_mut(&format!("{:?}", r.deal())).expect("only consistent deals are drawn") += 1;
    }
    // Chi-square against uniform, deals.len() - 1 degrees of freedom: well below the 0.1% point.
    let expected = draws as f64 / deals.len() as f64;
    let chi2: f64 = counts.values().map(|&c| (c as f64 - expected).powi(2) / expected).sum();
    let df = (deals.len() - 1) as f64;
    let bound = df + 4.0 * (2.0 * df).sqrt() + 10.0;
    assert!(chi2 < bound, "chi-square {chi2:.1} with {df} degrees of freedom; counts {counts:?}");
    assert!(counts.values().all(|&c| c > 0));
}

#[test]
fn every_players_view_replays_to_the_same_turn_even_with_removals() {
    let mut checked = 0;
    for seed in 0..60 {
        let g = if seed % 2 == 0 { game(4, 24, 4) } else { game(3, 13, 4) };
        let mut s = g.new_initial_state(seed);
        let mut rng = rng_from_seed(seed);
        while !s.is_terminal() {
            // Now and then the arbitrator removes someone, at any point of a turn.
            if rng.random_range(0..40) == 0 {
                let active: Vec<usize> = (0..s.params().players).filter(|&p| s.is_active(p)).collect();
                s.remove(active[rng.random_range(0..active.len())]).unwrap();
                continue;
            }
            for p in 0..s.params().players {
                let r = s.view(p).sample(&mut rng).unwrap_or_else(|e| panic!("seed {seed}, player {p}: {e}\n{s}"));
                assert_eq!(
                    (r.whose_turn(), r.phase(), r.round(), r.move_count(), r.seat()),
                    (s.whose_turn(), s.phase(), s.round(), s.move_count(), s.seat()),
                    "seed {seed}, player {p}\n{s}\n{r}"
                );
                assert!((0..s.params().players).all(|q| r.is_active(q) == s.is_active(q)));
                checked += 1;
            }
            let a = RandomAgent.act(&s, &mut rng);
            s.apply(a).unwrap();
        }
        // Removed players rank last, the earliest removed lowest.
        let ranking = s.ranking().unwrap();
        let removed: Vec<usize> = s
            .history()
            .iter()
            .filter_map(|e| if let Event::Removed { player, .. } = e { Some(*player) } else { None })
            .collect();
        let tail: Vec<usize> = ranking[ranking.len() - removed.len()..].to_vec();
        assert_eq!(tail, removed.iter().rev().copied().collect::<Vec<_>>(), "seed {seed}");
    }
    assert!(checked > 1000, "{checked}");
}

#[test]
fn removing_the_player_asked_starts_the_askers_turn_over() {
    let params = Params::new(3, 8, 2).unwrap();
    let mut s = dealt(params, &[7, 8], &[&[1, 2], &[3, 4], &[5, 6]]);
    play(&mut s, &["ask 2", "3", "done"]);
    assert!(matches!(s.phase(), Phase::Showing { target: 1, .. }));
    s.remove(1).unwrap();
    assert_eq!((s.phase(), s.seat()), (Phase::Choose, 0));
    assert!(s.knowledge(0).holds(1) == set(&[3, 4]) && s.knowledge(2).holds(1) == set(&[3, 4]));
    assert!(s.remove(1).is_err(), "not twice");
    // The player to move is removed: the turn passes.
    s.remove(0).unwrap();
    assert_eq!((s.phase(), s.whose_turn()), (Phase::Choose, Turn::Player(2)));
    assert_eq!((0..3).map(|p| s.settled_return(p)).collect::<Vec<_>>(), vec![Some(0.0), Some(-1.0), None]);
    play(&mut s, &["guess", "7", "8"]);
    // Removed players rank last, the earliest removed lowest.
    assert_eq!(s.ranking(), Some(vec![2, 0, 1]));
    assert_eq!(s.utilities(), Some(vec![0.0, -1.0, 1.0]));
}
