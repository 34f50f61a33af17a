//! Where the learner learns: the CPU (burn's flex backend, always there) or an NVIDIA GPU
//! (burn's CUDA backend, in builds with the `cuda` feature). Self-play never moves: it reads
//! the learner's weights into the frozen CPU path whatever device learnt them, and checkpoints
//! are the same burnpack files from either device.
//!
//! ```
//! use tabula_nets::LearnerDevice;
//! assert_eq!("cuda:1".parse::<LearnerDevice>().unwrap(), LearnerDevice::Cuda(1));
//! assert_eq!("CUDA".parse::<LearnerDevice>().unwrap().to_string(), "cuda:0");
//! assert!(LearnerDevice::Cpu.open().is_ok());
//! assert!("gpu".parse::<LearnerDevice>().is_err());
//! ```

use crate::error::NetError;
use burn::tensor::Device;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A learner's device, as a config or `--device` names it: `cpu`, `cuda` (`cuda:0`), `cuda:N`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum LearnerDevice {
    #[default]
    Cpu,
    Cuda(usize),
}

impl LearnerDevice {
    pub fn is_cpu(&self) -> bool {
        *self == LearnerDevice::Cpu
    }

    /// The burn device to learn on (with autodiff), checked: a CUDA device in a build without
    /// the `cuda` feature, or one that does not answer (no driver, no such device), is an
    /// error saying which, never a silent fall-back to the CPU.
    pub fn open(&self) -> Result<Device, NetError> {
        match *self {
            LearnerDevice::Cpu => Ok(Device::flex().autodiff()),
            LearnerDevice::Cuda(index) => open_cuda(index),
        }
    }
}

#[cfg(not(feature = "cuda"))]
fn open_cuda(index: usize) -> Result<Device, NetError> {
    Err(NetError::Device(format!(
        "cuda:{index} was asked for, but this tabula was built without CUDA: build it with \
         `cargo build --release --features cuda` (needs an NVIDIA driver where it runs), or learn on the cpu"
    )))
}

#[cfg(feature = "cuda")]
fn open_cuda(index: usize) -> Result<Device, NetError> {
    use burn::tensor::{Tensor, TensorData};
    // cubecl panics (on a thread of its own) when the driver or NVRTC is missing: asked first,
    // they get a sentence each. SAFETY: these only dlopen the libraries to see that they load.
    if !unsafe { cudarc::driver::sys::is_culib_present() } {
        return Err(NetError::Device(format!(
            "cuda:{index} was asked for, but there is no NVIDIA driver here (libcuda.so does not load): \
             install the driver, or learn on the cpu"
        )));
    }
    if !unsafe { cudarc::nvrtc::sys::is_culib_present() } {
        return Err(NetError::Device(format!(
            "cuda:{index} was asked for, but NVRTC (libnvrtc.so, CUDA's run-time compiler, which builds \
             the learner's kernels) does not load: install the CUDA toolkit or put its lib64 folder on LD_LIBRARY_PATH"
        )));
    }
    // A missing device still panics in cubecl; one small computation on it finds out here,
    // once, with a sentence instead of a crash mid-run.
    let probe = std::panic::catch_unwind(|| {
        let device = Device::cuda(index);
        let x = Tensor::<1>::from_data(TensorData::new(vec![1.0f32, 2.0, 3.0], [3]), &device);
        x.sum().into_scalar::<f32>()
    });
    match probe {
        Ok(6.0) => Ok(Device::cuda(index).autodiff()),
        Ok(sum) => Err(NetError::Device(format!("cuda:{index} computed 1 + 2 + 3 = {sum}"))),
        Err(panic) => {
            let why = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "it did not start".into());
            Err(NetError::Device(format!(
                "cuda:{index} is not usable ({why}): is there an NVIDIA driver and a GPU with that index (nvidia-smi)?"
            )))
        }
    }
}

impl fmt::Display for LearnerDevice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LearnerDevice::Cpu => f.write_str("cpu"),
            LearnerDevice::Cuda(index) => write!(f, "cuda:{index}"),
        }
    }
}

impl FromStr for LearnerDevice {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let lower = text.trim().to_ascii_lowercase();
        match lower.split_once(':') {
            None if lower == "cpu" => Ok(LearnerDevice::Cpu),
            None if lower == "cuda" => Ok(LearnerDevice::Cuda(0)),
            Some(("cuda", index)) => index
                .parse()
                .map(LearnerDevice::Cuda)
                .map_err(|_| format!("{text:?}: a CUDA device is cuda:N with N a GPU's index (0, 1, ...)")),
            _ => Err(format!("no device called {text:?}: choose cpu, cuda or cuda:N")),
        }
    }
}

impl TryFrom<String> for LearnerDevice {
    type Error = String;
    fn try_from(text: String) -> Result<Self, String> {
        text.parse()
    }
}

impl From<LearnerDevice> for String {
    fn from(device: LearnerDevice) -> String {
        device.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back() {
        for device in [LearnerDevice::Cpu, LearnerDevice::Cuda(0), LearnerDevice::Cuda(3)] {
            assert_eq!(device.to_string().parse::<LearnerDevice>().unwrap(), device);
            let json = serde_json::to_string(&device).unwrap();
            assert_eq!(serde_json::from_str::<LearnerDevice>(&json).unwrap(), device);
        }
        for bad in ["", "gpu", "cuda:", "cuda:-1", "cuda:x", "cpu:0", "metal"] {
            assert!(bad.parse::<LearnerDevice>().is_err(), "{bad}");
        }
    }

    #[cfg(not(feature = "cuda"))]
    #[test]
    fn cuda_in_a_build_without_it_is_an_error_that_says_how_to_build() {
        let err = LearnerDevice::Cuda(0).open().unwrap_err().to_string();
        assert!(err.contains("--features cuda") && err.contains("cuda:0"), "{err}");
    }
}
