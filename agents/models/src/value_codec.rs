//! How returns-to-go become value targets, and network values become returns again: divided by
//! a scale, then optionally squashed so that a game whose scores grow from tens to tens of
//! thousands keeps both ends in a range a network can fit.
//!
//! ```
//! use tabula_models::value_codec::{ValueCodec, ValueTransform};
//! let codec = ValueCodec { scale: 1.0, transform: ValueTransform::Sqrt };
//! assert!((codec.encode(15.0) - 3.015).abs() < 1e-3); // √16 − 1 + 0.001·15
//! assert!((codec.decode(codec.encode(16_000.0)) - 16_000.0).abs() < 0.5);
//! ```

use serde::{Deserialize, Serialize};

/// The squashing applied after scaling.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ValueTransform {
    /// Targets are the scaled returns.
    #[default]
    Linear,
    /// MuZero's h(x) = sign(x)(√(|x|+1) − 1) + εx, ε = 0.001 (Pohlen et al. 2018): large returns
    /// grow like their square root, so early small scores still give the value head a gradient.
    Sqrt,
}

/// Scale and transform of value targets.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ValueCodec {
    pub scale: f32,
    pub transform: ValueTransform,
}

const EPSILON: f64 = 0.001;

impl ValueCodec {
    /// Win/loss games: targets are the returns themselves.
    pub const IDENTITY: ValueCodec = ValueCodec { scale: 1.0, transform: ValueTransform::Linear };

    /// The target the network learns for a raw return-to-go.
    pub fn encode(&self, raw: f64) -> f32 {
        let x = raw / self.scale as f64;
        let y = match self.transform {
            ValueTransform::Linear => x,
            ValueTransform::Sqrt => x.signum() * ((x.abs() + 1.0).sqrt() - 1.0) + EPSILON * x,
        };
        y as f32
    }

    /// The raw return-to-go a network output stands for (the inverse of [`ValueCodec::encode`]).
    pub fn decode(&self, value: f32) -> f32 {
        let y = value as f64;
        let x = match self.transform {
            ValueTransform::Linear => y,
            ValueTransform::Sqrt => {
                let root = ((1.0 + 4.0 * EPSILON * (y.abs() + 1.0 + EPSILON)).sqrt() - 1.0) / (2.0 * EPSILON);
                y.signum() * (root * root - 1.0)
            }
        };
        (x * self.scale as f64) as f32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn linear_only_scales() {
        let codec = ValueCodec { scale: 1000.0, transform: ValueTransform::Linear };
        assert_eq!(codec.encode(2500.0), 2.5);
        assert_eq!(codec.decode(-0.5), -500.0);
        assert_eq!(ValueCodec::IDENTITY.encode(-1.0), -1.0);
    }

    #[test]
    fn sqrt_compresses_large_returns_and_keeps_small_ones_apart() {
        let codec = ValueCodec { scale: 1.0, transform: ValueTransform::Sqrt };
        assert_eq!(codec.encode(0.0), 0.0);
        assert!(codec.encode(16_000.0) < 150.0);
        assert!(codec.encode(20.0) - codec.encode(0.0) > 3.0);
        assert_eq!(codec.encode(-8.0), -codec.encode(8.0));
    }

    proptest! {
        #[test]
        fn decode_inverts_encode(raw in -1.0e5f64..1.0e5, sqrt: bool, scale in 0.1f32..1000.0) {
            let transform = if sqrt { ValueTransform::Sqrt } else { ValueTransform::Linear };
            let codec = ValueCodec { scale, transform };
            let back = codec.decode(codec.encode(raw)) as f64;
            prop_assert!((back - raw).abs() <= 1e-3 * raw.abs().max(1.0), "{raw} -> {back}");
        }

        #[test]
        fn encode_is_increasing(a in -1.0e5f64..1.0e5, b in -1.0e5f64..1.0e5) {
            let codec = ValueCodec { scale: 1.0, transform: ValueTransform::Sqrt };
            prop_assume!(a < b);
            prop_assert!(codec.encode(a) <= codec.encode(b));
        }
    }
}
