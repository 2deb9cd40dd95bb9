//! The `arbiter` command under another name, so end-to-end tests can run real service processes.
fn main() -> std::process::ExitCode {
    cli::main_entry()
}
