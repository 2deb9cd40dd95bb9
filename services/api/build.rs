//! Compiles `proto/` with protox (no system protoc) into Rust types and tonic services, and
//! writes the descriptor set that the services serve through gRPC reflection.

use std::path::PathBuf;

use prost::Message;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../proto");
    let files = ["arbiter/match/v1/match.proto", "arbiter/rules/v1/rules.proto", "arbiter/randomness/v1/randomness.proto", "arbiter/log/v1/log.proto"];
    for f in &files {
        println!("cargo:rerun-if-changed={}", root.join(f).display());
    }
    let fds = protox::compile(files, [&root])?;
    let out = PathBuf::from(std::env::var("OUT_DIR")?);
    std::fs::write(out.join("arbiter_descriptor.bin"), fds.encode_to_vec())?;
    // Our codec answers INVALID_ARGUMENT, not INTERNAL, to a body that does not decode.
    tonic_prost_build::configure().codec_path("crate::codec::Codec").compile_fds(fds)?;
    Ok(())
}
