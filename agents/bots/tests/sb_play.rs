//! sb-play: one legal move per board, the end-game swap, bad boards, and whole games under
//! sb-player.

use std::io::Write;
use std::process::{Command, Output, Stdio};
use superball::action::RawMove;
use superball::{Params, SuperballState};
use tabula_ntuple::Expectimax;

const PLAY: &str = env!("CARGO_BIN_EXE_sb-play");

fn play(args: &[&str], agent: &str, board: &[u8]) -> Output {
    let mut child = Command::new(PLAY)
        .args(args)
        .env("SB_PLAY_AGENT", agent)
        .env("SB_PLAY_BUDGET_MS", "50")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The program may refuse its arguments and exit before reading: a closed pipe is
    // its answer (checked below), not a failure of the test.
    if let Err(e) = child.stdin.take().unwrap().write_all(board) {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
    }
    child.wait_with_output().unwrap()
}

fn assert_legal(p: &Params, board: &[u8], out: &Output) -> RawMove {
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout.clone()).unwrap();
    assert_eq!(text.lines().count(), 1, "one line: {text:?}");
    let m = RawMove::parse(&text).unwrap_or_else(|| panic!("not a move: {text:?}"));
    let state = SuperballState::from_text(p.clone(), board).unwrap();
    state.check_move(m).unwrap_or_else(|e| panic!("illegal move {text:?}: {e}"));
    m
}

#[test]
fn every_agent_prints_a_legal_move() {
    let p = Params::default();
    let boards: [&[u8]; 2] = [
        b"...yyryy.p\ny.rg.yppyp\n**gg.yrpPP\nGGgbgybp**\nR*bg.yrp*P\nG*gygyypY*\nyyybpby.pb\n.pgg.yp.bb\n",
        b".r..rp....\n..........\n**......**\n**......**\n**.....p**\n**......**\nb.........\n..........\n",
    ];
    for agent in ["random", "greedy", "lookahead"] {
        for board in boards {
            let out = play(&["8", "10", "5", "pbyrg"], agent, board);
            assert_legal(&p, board, &out);
        }
    }
}

/// `--agent td` plays an n-tuple model for the board size it was trained on, and refuses others.
#[test]
fn the_td_agent_plays_its_model_on_its_board_size_only() {
    use tabula_core::Game;
    use tabula_core::cells::CellBoard;
    use tabula_ntuple::{NTupleModel, NTupleNet, NetSpec};
    let dir = tempfile::tempdir().unwrap();
    let p = Params::default();
    let shape = superball::Superball::new(p.clone()).new_initial_state(0).cell_shape();
    let net = NTupleNet::new(shape, NetSpec::new(&["2x2"], true).unwrap());
    net.fill(1.0);
    let model = NTupleModel { net, reward_scale: 100.0, base: None, min_value: Some(0.0), search: Expectimax::OFF };
    model.save(&dir.path().join("model.ntuple")).unwrap();
    let run = dir.path().to_str().unwrap();
    let board = b"...yyryy.p\ny.rg.yppyp\n**gg.yrpPP\nGGgbgybp**\nR*bg.yrp*P\nG*gygyypY*\nyyybpby.pb\n.pgg.yp.bb\n";
    let out = play(&["8", "10", "5", "pbyrg", "--checkpoint", run], "td", board);
    assert_legal(&p, board, &out);

    let small = b"pbypby\nbypbyp\nPB.yPB\nPP.bPY\nppbyp.\nbypby.\n";
    let out = play(&["6", "6", "4", "pby", "--checkpoint", run], "td", small);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("trained for 8x10 boards of 5 colours, not this 6x6 of 3"), "{err}");

    // Without --checkpoint, td is the shipped model (the next test); --width and --samples set
    // how far it looks, both or neither, for td only.
    let out = play(&["8", "10", "5", "pbyrg", "--checkpoint", run, "--width", "2", "--samples", "3"], "td", board);
    assert_legal(&p, board, &out);
    let out = play(&["8", "10", "5", "pbyrg", "--width", "2", "--samples", "0"], "td", board);
    assert!(String::from_utf8(out.stderr).unwrap().contains("both positive"));
    let out = play(&["8", "10", "5", "pbyrg", "--width", "2"], "td", board);
    assert!(String::from_utf8(out.stderr).unwrap().contains("--samples"));
    let out = play(&["8", "10", "5", "pbyrg", "--width", "2", "--samples", "2"], "greedy", board);
    assert!(String::from_utf8(out.stderr).unwrap().contains("are for --agent td"));

    // The same model as lookahead's policy (the moves lookahead leaves to greedy), refused on
    // another board size alike; greedy has no use for a model.
    let out = play(&["8", "10", "5", "pbyrg", "--checkpoint", run], "lookahead", board);
    assert_legal(&p, board, &out);
    let out = play(&["6", "6", "4", "pby", "--checkpoint", run], "lookahead", small);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8(out.stderr).unwrap().contains("trained for 8x10 boards"));
    let out = play(&["8", "10", "5", "pbyrg", "--checkpoint", run], "greedy", board);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8(out.stderr).unwrap().contains("--checkpoint needs --agent az, net, td or lookahead"));
}

/// With no options sb-play is the shipped n-tuple player, looking as far as its model file says;
/// on a board size it was not trained for it plays lookahead and says so.
#[test]
fn with_no_options_it_plays_the_shipped_ntuple_model() {
    let p = Params::default();
    let board = b"...yyryy.p\ny.rg.yppyp\n**gg.yrpPP\nGGgbgybp**\nR*bg.yrp*P\nG*gygyypY*\nyyybpby.pb\n.pgg.yp.bb\n";
    let shipped = Command::new(PLAY)
        .args(["8", "10", "5", "pbyrg", "-v"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            child.stdin.take().unwrap().write_all(board)?;
            child.wait_with_output()
        })
        .unwrap();
    assert_legal(&p, board, &shipped);
    assert!(String::from_utf8_lossy(&shipped.stderr).contains("td (shipped) chose"));
    let model = tabula_bots::shipped::ntuple_model(&superball::Superball::new(p.clone())).unwrap().unwrap();
    assert_eq!(model.search, Expectimax { width: 4, samples: 8 });

    let small = b"pbypby\nbypbyp\nPB.yPB\nPP.bPY\nppbyp.\nbypby.\n";
    let out = play(&["6", "6", "4", "pby", "-v"], "td", small);
    assert!(matches!(assert_legal(&Params::new(6, 6, 4, "pby").unwrap(), small, &out), RawMove::Score(..)));
    assert!(String::from_utf8_lossy(&out.stderr).contains("playing lookahead instead"));
}

#[test]
fn with_no_room_and_nothing_to_score_it_swaps_to_end_the_game() {
    let p = Params::new(6, 6, 4, "pby").unwrap();
    let board = b"pbypby\nbypbyp\nPB.yPB\nYP.bPY\nypbyp.\nbypby.\n";
    for agent in ["random", "greedy", "lookahead"] {
        let out = play(&["6", "6", "4", "pby"], agent, board);
        assert!(matches!(assert_legal(&p, board, &out), RawMove::Swap(..)), "{agent}");
    }
    // And it scores when it can, rather than end the game.
    let board = b"pbypby\nbypbyp\nPB.yPB\nPP.bPY\nppbyp.\nbypby.\n";
    for agent in ["random", "greedy", "lookahead"] {
        let out = play(&["6", "6", "4", "pby"], agent, board);
        assert!(matches!(assert_legal(&p, board, &out), RawMove::Score(..)), "{agent}");
    }
}

#[test]
fn bad_boards_and_arguments_print_no_move() {
    for (args, board, message) in [
        (&["8", "10", "5", "pbyrg"][..], &b"....\n"[..], "wrong number of characters"),
        (&["8", "10", "5", "pbyrg"][..], &b""[..], "not enough rows"),
        (&["6", "6", "4", "pby"][..], &b"......\n......\n......\n......\n......\n......\n"[..], "goal cells"),
        (&["8", "10", "0", "pbyrg"][..], &b""[..], "Bad min-score-size"),
    ] {
        let out = play(args, "greedy", board);
        assert_eq!(out.status.code(), Some(1));
        assert!(out.stdout.is_empty());
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(message), "{err}");
    }
    let out = play(&["8", "10", "5", "pbyrg"], "nobody", b"");
    assert!(String::from_utf8(out.stderr).unwrap().contains("unknown agent"));
}

#[test]
fn sb_player_runs_whole_games_with_sb_play() {
    let Some(player) = option_env!("CARGO_BIN_EXE_sb-player").map(String::from).or_else(sibling_sb_player) else {
        eprintln!("sb-player is not built next to sb-play; skipping");
        return;
    };
    // Random games are short; the others can last thousands of moves, a process each.
    let out = Command::new(&player)
        .args(["6", "6", "4", "pby", PLAY, "n", "n", "3"])
        .env("SB_PLAY_AGENT", "random")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("Game over.  Final score = "), "{text}");
}

/// sb-player lives in the superball package; cargo builds it into the same directory when the
/// workspace's binaries are built.
fn sibling_sb_player() -> Option<String> {
    let dir = std::path::Path::new(PLAY).parent()?;
    let path = dir.join("sb-player");
    path.exists().then(|| path.to_string_lossy().into_owned())
}
