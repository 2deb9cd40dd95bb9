// Every Arbiter process runs from this binary (`arbiter serve …`). Their hot paths allocate many
// small, short-lived buffers (protobuf, HTTP/2 frames, rules states); mimalloc serves those with
// less CPU than glibc's allocator (docs/performance.md). `arbiter up` starts the services
// with MIMALLOC_ARENA_EAGER_COMMIT=0, which keeps their resident memory as low as with glibc.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    cli::main_entry()
}
