// Every Arbiter process runs from this binary (`arbiter serve …`). Their hot paths allocate many
// small, short-lived buffers (protobuf, HTTP/2 frames, rules states); mimalloc serves those with
// far less CPU than glibc's allocator and returns freed memory more readily (docs/performance.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    cli::main_entry()
}
