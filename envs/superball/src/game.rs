//! The [`Superball`] game: a variant's parameters as a [`tabula_core::Game`].
//!
//! ```
//! use superball::Superball;
//! use tabula_core::{Game, GameSpec};
//! let spec: GameSpec = "superball(rows=6,cols=6,mss=4,colors=pby)".parse().unwrap();
//! let g = Superball::from_spec(&spec).unwrap();
//! assert_eq!(g.spec(), "superball(rows=6,cols=6,mss=4,colors=pby)");
//! assert_eq!(g.num_actions(), 36 * 35 / 2 + 8);
//! assert_eq!(g.observation_shape(), vec![5, 6, 6]);
//! let bad: GameSpec = "superball(colors=pbp)".parse().unwrap();
//! assert!(Superball::from_spec(&bad).unwrap_err().to_string().contains("Duplicate color"));
//! ```

use crate::action::ActionSpace;
use crate::params::Params;
use crate::state::SuperballState;
use tabula_core::{ChanceMode, Game, GameSpec, Information, SpecError};

/// Superball with the given parameters (default `8 10 5 pbyrg`, the tcl/tk game).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Superball {
    pub params: Params,
}

impl Superball {
    pub fn new(params: Params) -> Self {
        Superball { params }
    }
}

impl Game for Superball {
    type State = SuperballState;

    fn spec(&self) -> String {
        let p = &self.params;
        format!("superball(rows={},cols={},mss={},colors={})", p.rows, p.cols, p.mss, p.colors)
    }
    fn name(&self) -> &'static str {
        "Superball"
    }
    fn num_players(&self) -> usize {
        1
    }
    fn num_actions(&self) -> usize {
        ActionSpace::new(&self.params).len()
    }
    fn observation_shape(&self) -> Vec<usize> {
        vec![self.params.ncolors() + 2, self.params.rows, self.params.cols]
    }
    fn chance_mode(&self) -> ChanceMode {
        ChanceMode::Sampled
    }
    fn information(&self) -> Information {
        Information::Perfect
    }
    /// Superball has no natural end: a player who always scores in time plays forever, and the
    /// original harness never stops it. This is only a bound for truncation.
    fn max_game_length(&self) -> usize {
        u32::MAX as usize
    }
    fn from_spec(spec: &GameSpec) -> Result<Self, SpecError> {
        const NAME: &str = "superball";
        spec.only(NAME, &["rows", "cols", "mss", "colors"])?;
        let d = Params::default();
        let rows = spec.get_or(NAME, "rows", d.rows)?;
        let cols = spec.get_or(NAME, "cols", d.cols)?;
        let mss = spec.get_or(NAME, "mss", d.mss)?;
        let colors = spec.raw("colors").unwrap_or(&d.colors).to_string();
        Params::new(rows, cols, mss, &colors).map(Superball::new).map_err(|e| SpecError::BadValue {
            game: NAME.into(),
            key: match e {
                crate::ParamError::BadRows => "rows",
                crate::ParamError::BadCols => "cols",
                crate::ParamError::BadMss => "mss",
                crate::ParamError::BadSize => "rows*cols",
                _ => "colors",
            }
            .into(),
            value: spec.to_string(),
            reason: e.to_string(),
        })
    }
    fn new_initial_state(&self, _seed: u64) -> SuperballState {
        SuperballState::new(self.params.clone())
    }

    /// sb-player's generator (`srand48(seed)`): seed n scores here what sb-player prints for it.
    fn chance_stream(&self, seed: u64) -> Box<dyn rand::RngCore + Send> {
        Box::new(crate::Lrand48::new(seed as i64))
    }
}
