//! The Python that the tests run third-party code with: a virtual environment under
//! `target/python-venv`, made with the machine's python3 and filled from
//! `tests/python/requirements.txt` (PyPI) on first use in each test binary. Shared by the
//! Python client's test and the independent verifier's.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use anyhow::{anyhow, Context, Result};

/// The build's target directory (where the venv and generated stubs live).
pub fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map(PathBuf::from).unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target"))
}

/// `tests/python/<name>`.
pub fn script(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("python").join(name)
}

fn run(cmd: &mut Command, what: &str) -> Result<()> {
    let out = cmd.output().with_context(|| format!("starting {what}"))?;
    if !out.status.success() {
        return Err(anyhow!("{what} failed ({}):\n{}\n{}", out.status, String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr)));
    }
    Ok(())
}

fn make_venv(venv: &Path) -> Result<PathBuf> {
    let python = venv.join("bin").join("python");
    if !python.exists() {
        run(Command::new("python3").arg("-m").arg("venv").arg(venv), "python3 -m venv")?;
    }
    run(
        Command::new(&python).args(["-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-r"]).arg(script("requirements.txt")),
        "pip install -r tests/python/requirements.txt",
    )?;
    Ok(python)
}

/// The venv's python, made and filled once per test binary (tests in one binary share it; the
/// binaries themselves run one after another, so two never install at once).
pub fn python() -> Result<PathBuf> {
    static PYTHON: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    PYTHON.get_or_init(|| make_venv(&target_dir().join("python-venv")).map_err(|e| format!("{e:#}"))).clone().map_err(|e| anyhow!(e))
}
