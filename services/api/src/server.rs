//! What every Arbiter gRPC server has in common: binding (port 0 allowed), health, reflection,
//! a span per RPC, graceful shutdown and log set-up. A service only brings its own routes.

use std::net::SocketAddr;

use tokio::net::{TcpListener, TcpStream};
use tokio_stream::StreamExt;
use tokio_stream::wrappers::TcpListenerStream;

/// Start `tracing` output on stderr, filtered by `RUST_LOG` (default `info`).
pub fn init_tracing() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    // A second init (in tests) is harmless: keep the first subscriber.
    let _ = tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr).try_init();
}

/// Accepted connections, with Nagle's algorithm off: gRPC messages are small and
/// latency-bound, and Nagle plus delayed ACKs would add ~40 ms to many calls.
pub type Incoming = std::pin::Pin<Box<dyn tokio_stream::Stream<Item = std::io::Result<TcpStream>> + Send>>;

/// Bind `addr` (port 0 picks a free port). Prints `<name> listening on <addr>` on stdout, the
/// line tools and tests wait for.
pub async fn bind(name: &str, addr: SocketAddr) -> std::io::Result<(Incoming, SocketAddr)> {
    let listener = TcpListener::bind(addr).await?;
    let local = listener.local_addr()?;
    println!("{name} listening on {local}");
    tracing::info!(%local, "{name} listening");
    let incoming = TcpListenerStream::new(listener).map(|conn| {
        let conn = conn?;
        conn.set_nodelay(true)?;
        Ok(conn)
    });
    Ok((Box::pin(incoming), local))
}

/// The gRPC reflection service: every Arbiter proto's types, but it lists only `service` (the
/// one this port serves), health and reflection itself, so grpcurl lists what answers here.
pub fn reflection(service: &str) -> Result<
    tonic_reflection::server::v1::ServerReflectionServer<impl tonic_reflection::server::v1::ServerReflection>,
    tonic_reflection::server::Error,
> {
    tonic_reflection::server::Builder::configure()
        .register_encoded_file_descriptor_set(crate::FILE_DESCRIPTOR_SET)
        .register_encoded_file_descriptor_set(tonic_health::pb::FILE_DESCRIPTOR_SET)
        .with_service_name(service)
        .with_service_name("grpc.health.v1.Health")
        .with_service_name("grpc.reflection.v1.ServerReflection")
        .build_v1()
}

/// Resolves on Ctrl-C or SIGTERM, for a graceful stop.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = term => {},
    }
    tracing::info!("shutting down");
}

/// A span around every RPC, so each log line says which call it belongs to.
pub fn rpc_span(req: &tonic::codegen::http::Request<()>) -> tracing::Span {
    tracing::info_span!("rpc", method = %req.uri().path())
}

/// Why a server could not start or stopped with an error.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error("cannot listen on {addr}: {source}")]
    Bind { addr: SocketAddr, source: std::io::Error },
    #[error("cannot build the reflection service: {0}")]
    Reflection(#[from] tonic_reflection::server::Error),
    #[error("the gRPC server failed: {0}")]
    Transport(#[from] tonic::transport::Error),
    #[error("TLS: {0}")]
    Tls(#[from] crate::tls::TlsError),
}

/// Serve `routes` on `addr` with health (reporting `service_name` as SERVING) and reflection,
/// until Ctrl-C or SIGTERM. With `tls`, every connection (health and reflection too) is TLS,
/// and mutual TLS if the config names a client CA.
pub async fn serve(
    name: &str,
    addr: SocketAddr,
    service_name: &str,
    routes: tonic::service::Routes,
    tls: Option<tonic::transport::ServerTlsConfig>,
) -> Result<(), ServeError> {
    let mut builder = tonic::transport::Server::builder();
    if let Some(tls) = tls {
        builder = builder.tls_config(tls)?;
    }
    let (incoming, _) = bind(name, addr).await.map_err(|source| ServeError::Bind { addr, source })?;
    let (reporter, health) = tonic_health::server::health_reporter();
    reporter.set_service_status(service_name, tonic_health::ServingStatus::Serving).await;
    builder
        .trace_fn(rpc_span)
        .add_routes(routes.add_service(health).add_service(reflection(service_name)?))
        .serve_with_incoming_shutdown(incoming, shutdown_signal())
        .await?;
    Ok(())
}
