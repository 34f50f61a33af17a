//! `tabula._native`: the Rust half of the Python package `tabula`. It exposes one env class for
//! every registered game and one agent class for every player spec; the PettingZoo and
//! Gymnasium classes around them are Python (`python/tabula`), so they follow those libraries'
//! conventions exactly and stay readable to Python users.
//!
//! Observations and masks come back as NumPy arrays that Rust fills (no Python work per element).
//! Every error is a Python exception with the game's message: [`IllegalActionError`] for an
//! illegal action, [`SpecError`] for a bad game or player spec, [`AgentError`] for an agent that
//! cannot be built or fails.

use numpy::{PyArray1, PyArrayMethods};
use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::Mutex;
use std::time::Duration;
use tabula::players::BuildOptions;
use tabula::session::{AgentCache, GameEnv, build_env, parse_agent};

create_exception!(_native, TabulaError, PyValueError, "Something tabula refused: the message says what.");
create_exception!(_native, SpecError, TabulaError, "A game or player spec that does not read, or names nothing known.");
create_exception!(
    _native,
    IllegalActionError,
    TabulaError,
    "An action that is not legal in the current state; nothing changed."
);
create_exception!(
    _native,
    AgentError,
    PyRuntimeError,
    "An agent that could not be built, or failed to choose a legal action."
);

/// One episode of a game, stepped one action at a time.
#[pyclass(module = "tabula._native")]
struct NativeEnv {
    inner: Mutex<Box<dyn GameEnv>>,
    observation_len: usize,
    num_actions: usize,
}

impl NativeEnv {
    fn env(&self) -> std::sync::MutexGuard<'_, Box<dyn GameEnv>> {
        // A panic inside a game poisons nothing that matters: the env is still whole (apply is atomic).
        self.inner.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn check_player(&self, env: &dyn GameEnv, player: usize) -> PyResult<()> {
        if player < env.game().num_players() {
            Ok(())
        } else {
            Err(TabulaError::new_err(format!(
                "player {player} does not exist: {} has players 0..{}",
                env.game().spec(),
                env.game().num_players()
            )))
        }
    }
}

#[pymethods]
impl NativeEnv {
    /// Builds the game of a spec string (`score4`, `superball(rows=8,cols=10)`, ...).
    #[new]
    fn new(spec: &str) -> PyResult<Self> {
        let env = build_env(spec).map_err(SpecError::new_err)?;
        let observation_len = env.game().observation_shape().iter().product();
        let num_actions = env.game().num_actions();
        Ok(NativeEnv { inner: Mutex::new(env), observation_len, num_actions })
    }

    #[getter]
    fn spec(&self) -> String {
        self.env().game().spec()
    }
    #[getter]
    fn name(&self) -> &'static str {
        self.env().game().name()
    }
    #[getter]
    fn num_players(&self) -> usize {
        self.env().game().num_players()
    }
    #[getter]
    fn num_actions(&self) -> usize {
        self.num_actions
    }
    #[getter]
    fn observation_shape(&self) -> Vec<usize> {
        self.env().game().observation_shape()
    }
    #[getter]
    fn max_game_length(&self) -> usize {
        self.env().game().max_game_length()
    }
    #[getter]
    fn perfect_information(&self) -> bool {
        self.env().game().information() == tabula_core::Information::Perfect
    }
    fn player_name(&self, player: usize) -> PyResult<String> {
        let env = self.env();
        self.check_player(env.as_ref(), player)?;
        Ok(env.game().player_name(player))
    }

    /// Starts a new episode; chance (dice, deals, new balls) is drawn from `seed`.
    fn reset(&self, seed: u64) {
        self.env().reset(seed)
    }

    /// Plays `action` for the player to act. Returns (rewards per player, terminated, truncated).
    fn step(&self, action: i64) -> PyResult<(Vec<f64>, bool, bool)> {
        let action = u32::try_from(action).map_err(|_| {
            IllegalActionError::new_err(format!("illegal action {action}: actions are 0..{}", self.num_actions))
        })?;
        let stepped = self.env().step(action).map_err(IllegalActionError::new_err)?;
        Ok((stepped.rewards, stepped.terminated, stepped.truncated))
    }

    /// The player to act, or None once the episode is over.
    fn current_player(&self) -> Option<usize> {
        self.env().current_player()
    }
    fn is_done(&self) -> bool {
        self.env().is_done()
    }

    /// What `player` may know now, as a new float32 array of the game's observation shape.
    fn observe<'py>(&self, py: Python<'py>, player: usize) -> PyResult<Bound<'py, PyAny>> {
        let env = self.env();
        self.check_player(env.as_ref(), player)?;
        let mut buffer = vec![0.0f32; self.observation_len];
        env.observe(player, &mut buffer);
        let shape = env.game().observation_shape();
        Ok(PyArray1::from_vec(py, buffer).reshape(shape.as_slice())?.into_any())
    }

    /// The legal actions of the player to act, as a new int8 array of 0s and 1s.
    fn action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
        let mut mask = vec![0i8; self.num_actions];
        self.env().action_mask(&mut mask);
        PyArray1::from_vec(py, mask)
    }

    fn legal_actions(&self) -> Vec<u32> {
        self.env().legal_actions()
    }
    /// Totals of all rewards so far, one per player.
    fn returns(&self) -> Vec<f64> {
        self.env().returns()
    }
    fn move_number(&self) -> usize {
        self.env().move_number()
    }
    /// The game's text board.
    fn render(&self) -> String {
        self.env().render()
    }
    /// The game's notation for `action` in the current state (`B3`, `3x7`, ...).
    fn action_to_string(&self, action: u32) -> PyResult<String> {
        self.env().action_to_string(action).map_err(IllegalActionError::new_err)
    }
    /// Reads the game's notation (any case).
    fn string_to_action(&self, text: &str) -> PyResult<u32> {
        self.env().string_to_action(text).map_err(IllegalActionError::new_err)
    }
    /// The full state as JSON (hidden information included).
    fn state_json(&self) -> String {
        self.env().state_json()
    }

    fn __repr__(&self) -> String {
        format!("NativeEnv({:?})", self.env().game().spec())
    }
}

/// A player: a baseline, a trained model with tabula's search, or a protocol program.
#[pyclass(module = "tabula._native")]
struct NativeAgent {
    inner: Mutex<AgentCache>,
    spec: String,
}

#[pymethods]
impl NativeAgent {
    /// `agent`: a run or checkpoint folder, a `model.bpk`, or a player spec (`random`,
    /// `alphabeta:3`, `shipped`, `run:DIR:800`, `cmd:"PROGRAM"`); `sims`: a model's simulations
    /// a move; `game`: build it for this game now (otherwise at its first move in each game);
    /// `movetime_ms`: thinking time of searching baselines named without a number.
    #[new]
    #[pyo3(signature = (agent, sims=None, game=None, seed=0, movetime_ms=1000))]
    fn new(agent: &str, sims: Option<usize>, game: Option<&str>, seed: u64, movetime_ms: u64) -> PyResult<Self> {
        let spec = parse_agent(agent, sims).map_err(SpecError::new_err)?;
        let options = BuildOptions { movetime: Duration::from_millis(movetime_ms.max(1)), ..BuildOptions::default() };
        let text = spec.to_string();
        let mut cache = AgentCache::new(spec, options, seed);
        if let Some(game) = game {
            cache.prepare(game).map_err(AgentError::new_err)?;
        }
        Ok(NativeAgent { inner: Mutex::new(cache), spec: text })
    }

    #[getter]
    fn spec(&self) -> String {
        self.spec.clone()
    }

    /// The action this agent chooses for the player to act in `env` (the env is not stepped).
    /// The search runs without the GIL, so other Python threads go on meanwhile.
    fn act(&self, py: Python<'_>, env: &NativeEnv) -> PyResult<u32> {
        py.detach(|| {
            let mut cache = self.inner.lock().unwrap_or_else(|p| p.into_inner());
            env.env().act(&mut cache)
        })
        .map_err(AgentError::new_err)
    }

    fn __repr__(&self) -> String {
        format!("NativeAgent({:?})", self.spec)
    }
}

/// The registered games: name, a full spec string with every parameter, players, and what it is.
#[pyfunction]
fn games<'py>(py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
    tabula::registry::registry()
        .entries()
        .iter()
        .map(|entry| {
            let game = (entry.build)(&entry.example.parse().map_err(|e| SpecError::new_err(format!("{e}")))?)
                .map_err(|e| SpecError::new_err(e.to_string()))?;
            let info = PyDict::new(py);
            info.set_item("name", entry.name)?;
            info.set_item("spec", entry.example)?;
            info.set_item("players", game.num_players())?;
            info.set_item("perfect_information", game.information() == tabula_core::Information::Perfect)?;
            info.set_item("about", entry.about)?;
            Ok(info)
        })
        .collect()
}

#[pymodule]
#[pyo3(name = "_native")]
fn tabula_native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<NativeEnv>()?;
    m.add_class::<NativeAgent>()?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    let py = m.py();
    m.add("TabulaError", py.get_type::<TabulaError>())?;
    m.add("SpecError", py.get_type::<SpecError>())?;
    m.add("IllegalActionError", py.get_type::<IllegalActionError>())?;
    m.add("AgentError", py.get_type::<AgentError>())?;
    Ok(())
}
