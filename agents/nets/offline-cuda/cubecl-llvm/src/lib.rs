//! The items of cubecl-llvm that cubecl-cuda names, without LLVM (see Cargo.toml).

use core::fmt;
use cubecl_core::{Compiler, ir::nvidia::SmArch, prelude::KernelDefinition};
use cubecl_runtime::{compiler::CompilationError, kernel::BufferIOAttr};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LlvmTarget {
    #[default]
    Cpu,
    Nvptx,
}

#[derive(Clone, Debug, Default)]
pub struct PlironCompiler {
    pub target: LlvmTarget,
}

#[derive(Clone, Debug, Default)]
pub struct PlironOptions {
    pub arch: Option<()>,
    pub sm_arch: Option<SmArch>,
    pub ptx_version: Option<nvptx::ptx_version::PtxVersion>,
    pub grid_constants: bool,
}

#[derive(Clone, Debug)]
pub struct NvptxModule {
    pub ptx: Vec<core::ffi::c_char>,
    pub entrypoint: String,
    pub ir: String,
    pub shared_memory_size: usize,
    pub io: Vec<BufferIOAttr>,
}

#[derive(Debug)]
pub enum PlironArtifact {
    NvptxCode(NvptxModule),
    Unavailable,
}

impl fmt::Display for PlironArtifact {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlironArtifact::NvptxCode(module) => write!(f, "{}", module.ir),
            PlironArtifact::Unavailable => f.write_str("no LLVM in this build"),
        }
    }
}

impl Compiler for PlironCompiler {
    type Representation = PlironArtifact;
    type CompilationOptions = PlironOptions;

    fn compile(
        &mut self,
        _kernel: KernelDefinition,
        _options: &PlironOptions,
    ) -> Result<PlironArtifact, CompilationError> {
        Err(CompilationError::Generic {
            reason: "this build of cubecl-cuda has no LLVM backend (offline stand-in): use the CUDA C++ backend".into(),
            backtrace: cubecl_environment::backtrace::BackTrace::capture(),
        })
    }

    fn extension(&self) -> &'static str {
        "ll"
    }

    fn lang_tag(&self) -> &'static str {
        "llvm"
    }
}

pub mod nvptx {
    pub mod ptx_version {
        use core::fmt;

        /// A PTX ISA version (8.7 is `87`); only named here, never emitted.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub struct PtxVersion(u32);

        impl PtxVersion {
            pub fn for_driver(driver: i32) -> Option<Self> {
                (driver >= 10000).then_some(Self(60))
            }
        }

        impl fmt::Display for PtxVersion {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "ptx{}", self.0)
            }
        }
    }
}

pub mod shared {
    pub mod lowered_features {
        use cubecl_core::ir::DeviceProperties;

        pub enum GpuTarget {
            Nvptx,
        }

        /// Only the LLVM backend restricts the features; with it unavailable, nothing to do.
        pub fn restrict_features(_props: &mut DeviceProperties, _target: GpuTarget) {}
    }
}
