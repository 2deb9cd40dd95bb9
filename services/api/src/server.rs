//! What every Arbiter gRPC server has in common: binding (port 0 allowed), health, reflection,
//! a span per RPC, graceful shutdown and log set-up. A service only brings its own routes.

use std::net::SocketAddr;
use std::pin::Pin;
use std::task::{Context, Poll};

use tokio::net::{TcpListener, TcpStream};
use tokio_stream::wrappers::TcpListenerStream;
use tokio_stream::StreamExt;

/// Start `tracing` output on stderr, filtered by `RUST_LOG` (default `info`).
pub fn init_tracing() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
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
pub fn reflection(
    service: &str,
) -> Result<tonic_reflection::server::v1::ServerReflectionServer<impl tonic_reflection::server::v1::ServerReflection>, tonic_reflection::server::Error> {
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

/// A span around every RPC, so each log line says which call it belongs to: the server span
/// of the OpenTelemetry RPC conventions, continuing the caller's W3C trace when tracing is on.
pub fn rpc_span(req: &tonic::codegen::http::Request<()>) -> tracing::Span {
    telemetry::propagate::server_span(req.headers(), req.uri().path())
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
    #[error("{0}")]
    Config(String),
}

/// What one connection may hold at once, so that one client's abuse never fails another's
/// calls: its requests beyond `concurrent_requests` wait (on that connection only), and it may
/// open at most `concurrent_streams` HTTP/2 streams (open watches included).
#[derive(Clone, Copy, Debug)]
pub struct ConnectionLimits {
    pub concurrent_requests: Option<usize>,
    pub concurrent_streams: Option<u32>,
    /// Open connections one client address may hold; more are closed as they are accepted.
    pub per_address: Option<usize>,
}

impl ConnectionLimits {
    /// No limit beyond HTTP/2's defaults: for the internal services, whose one client (the
    /// orchestrator) multiplexes all its calls on one connection.
    pub const INTERNAL: ConnectionLimits = ConnectionLimits { concurrent_requests: None, concurrent_streams: None, per_address: None };
    /// The public API: a client gets 32 requests in progress and 1,024 open streams (watches,
    /// mostly) per connection; more concurrency takes more connections, which the server
    /// schedules fairly. A client over the stream limit waits for one of its streams to end.
    /// At most 512 connections per client address (the orchestrator's flag sets it).
    pub const PUBLIC: ConnectionLimits = ConnectionLimits { concurrent_requests: Some(32), concurrent_streams: Some(1024), per_address: Some(512) };
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
    serve_with(name, addr, service_name, routes, tls, ConnectionLimits::INTERNAL, tonic_health::server::HealthReporter::new(), None).await
}

/// [`serve`] with per-connection limits, and health answered from `health`, where the caller
/// may report the status of parts of its own (the orchestrator's log scrubber).
pub async fn serve_with(
    name: &str,
    addr: SocketAddr,
    service_name: &str,
    routes: tonic::service::Routes,
    tls: Option<tonic::transport::ServerTlsConfig>,
    limits: ConnectionLimits,
    reporter: tonic_health::server::HealthReporter,
    web: Option<GrpcWeb>,
) -> Result<(), ServeError> {
    let mut builder = tonic::transport::Server::builder();
    if let Some(tls) = tls {
        builder = builder.tls_config(tls)?;
    }
    if let Some(n) = limits.concurrent_requests {
        builder = builder.concurrency_limit_per_connection(n);
    }
    builder = builder.max_concurrent_streams(limits.concurrent_streams);
    // gRPC-Web outermost (HTTP/1.1 accepted for it): everything inside, the limits included,
    // sees plain gRPC, and its statuses reach a browser as they were rewritten.
    let web_layer = web.as_ref().map(GrpcWeb::layer).transpose()?;
    let builder = builder.accept_http1(web_layer.is_some()).layer(tower::util::option_layer(web_layer));
    let mut builder = builder.layer(tower_layer::layer_fn(Edge));
    let (incoming, _) = bind(name, addr).await.map_err(|source| ServeError::Bind { addr, source })?;
    reporter.set_service_status(service_name, tonic_health::ServingStatus::Serving).await;
    let health = tonic_health::pb::health_server::HealthServer::new(tonic_health::server::HealthService::from_health_reporter(reporter));
    let router = builder.add_routes(routes.add_service(health).add_service(reflection(service_name)?));
    match limits.per_address {
        Some(max) => router.serve_with_incoming_shutdown(capped(incoming, max), shutdown_signal()).await?,
        None => router.serve_with_incoming_shutdown(incoming, shutdown_signal()).await?,
    }
    Ok(())
}

/// gRPC-Web on a server's own port, for browsers and game engines' web builds: binary
/// (`application/grpc-web`) and text (`application/grpc-web-text`) modes, server streaming
/// included, translated to gRPC before anything else sees the request. Browsers may call from
/// `cors_origins` only (exact origins such as `https://play.example.org`; none by default), so
/// a page elsewhere cannot use a player's browser against the API.
#[derive(Clone, Debug, Default)]
pub struct GrpcWeb {
    pub cors_origins: Vec<String>,
}

/// Request headers a gRPC-Web client sends (CORS preflight allows exactly these).
const WEB_REQUEST_HEADERS: [&str; 8] =
    ["content-type", "x-grpc-web", "x-user-agent", "authorization", "grpc-timeout", "traceparent", "tracestate", "grpc-accept-encoding"];
/// Response headers a browser script may read: the status, its details and the retry delay.
const WEB_EXPOSED_HEADERS: [&str; 4] = ["grpc-status", "grpc-message", "grpc-status-details-bin", "grpc-retry-pushback-ms"];
/// How long a browser may keep a preflight answer.
const CORS_MAX_AGE: std::time::Duration = std::time::Duration::from_secs(3600);

impl GrpcWeb {
    /// The CORS and gRPC-Web layers; an origin that is not a valid header value is an error.
    fn layer(&self) -> Result<tower_layer::Stack<tonic_web::GrpcWebLayer, tower_http::cors::CorsLayer>, ServeError> {
        use tonic::codegen::http::{HeaderName, HeaderValue, Method};
        let origins = self
            .cors_origins
            .iter()
            .map(|o| HeaderValue::from_str(o.trim_end_matches('/')).map_err(|_| ServeError::Config(format!("--cors-origin {o:?} is not a valid origin"))))
            .collect::<Result<Vec<_>, _>>()?;
        let cors = tower_http::cors::CorsLayer::new()
            .allow_origin(tower_http::cors::AllowOrigin::list(origins))
            .allow_methods([Method::POST])
            .allow_headers(WEB_REQUEST_HEADERS.map(HeaderName::from_static))
            .expose_headers(WEB_EXPOSED_HEADERS.map(HeaderName::from_static))
            .max_age(CORS_MAX_AGE);
        Ok(tower_layer::Stack::new(tonic_web::GrpcWebLayer::new(), cors))
    }
}

/// Open connections per client address, shared by the accepting loop and every connection.
type OpenPerAddress = std::sync::Arc<std::sync::Mutex<std::collections::BTreeMap<std::net::IpAddr, usize>>>;

/// `incoming` with at most `max` open connections per client address: one more is closed as it
/// is accepted (counted in `arbiter_connections_refused_total`), so one address cannot hold
/// the server's memory and file descriptors.
fn capped(incoming: Incoming, max: usize) -> impl tokio_stream::Stream<Item = std::io::Result<CountedConnection>> + Send {
    let open: OpenPerAddress = Default::default();
    incoming.filter_map(move |conn| {
        let conn = match conn {
            Ok(c) => c,
            Err(e) => return Some(Err(e)),
        };
        let Ok(peer) = conn.peer_addr() else { return Some(Ok(CountedConnection { stream: conn, slot: None })) };
        let ip = peer.ip();
        let Ok(mut counts) = open.lock() else { return Some(Ok(CountedConnection { stream: conn, slot: None })) };
        let n = counts.entry(ip).or_insert(0);
        if *n >= max {
            drop(counts);
            telemetry::metrics::CONNECTIONS_REFUSED.inc(&[]);
            tracing::debug!(%ip, max, "connection closed: its address already holds the most connections allowed");
            return None;
        }
        *n += 1;
        Some(Ok(CountedConnection { stream: conn, slot: Some((ip, open.clone())) }))
    })
}

/// An accepted connection that gives its address's slot back when it closes.
pub struct CountedConnection {
    stream: TcpStream,
    slot: Option<(std::net::IpAddr, OpenPerAddress)>,
}

impl Drop for CountedConnection {
    fn drop(&mut self) {
        if let Some((ip, open)) = self.slot.take() {
            if let Ok(mut counts) = open.lock() {
                if let Some(n) = counts.get_mut(&ip) {
                    *n = n.saturating_sub(1);
                    if *n == 0 {
                        counts.remove(&ip);
                    }
                }
            }
        }
    }
}

impl tonic::transport::server::Connected for CountedConnection {
    type ConnectInfo = tonic::transport::server::TcpConnectInfo;

    fn connect_info(&self) -> Self::ConnectInfo {
        tonic::transport::server::Connected::connect_info(&self.stream)
    }
}

impl tokio::io::AsyncRead for CountedConnection {
    fn poll_read(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut tokio::io::ReadBuf<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_read(cx, buf)
    }
}

impl tokio::io::AsyncWrite for CountedConnection {
    fn poll_write(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.get_mut().stream).poll_write(cx, buf)
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_shutdown(cx)
    }

    fn poll_write_vectored(self: Pin<&mut Self>, cx: &mut Context<'_>, bufs: &[std::io::IoSlice<'_>]) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.get_mut().stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }
}

/// What every call passes through at a server's edge: the two statuses tonic itself gives to a
/// bad request before any handler runs rewritten to say what is wrong ([`clear_status`]); then
/// the call in its server span (W3C parent from the metadata when tracing is on) and, when
/// metrics are on, counted by method and status with its latency, both seeing the statuses as
/// rewritten.
#[derive(Clone, Debug)]
pub struct Edge<S>(pub S);

impl<S, B, R> tonic::codegen::Service<tonic::codegen::http::Request<B>> for Edge<S>
where
    S: tonic::codegen::Service<tonic::codegen::http::Request<B>, Response = tonic::codegen::http::Response<R>>,
    S::Future: Send + 'static,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = std::pin::Pin<Box<dyn std::future::Future<Output = Result<S::Response, S::Error>> + Send>>;

    fn poll_ready(&mut self, cx: &mut std::task::Context<'_>) -> std::task::Poll<Result<(), Self::Error>> {
        self.0.poll_ready(cx)
    }

    fn call(&mut self, req: tonic::codegen::http::Request<B>) -> Self::Future {
        use tracing::Instrument;
        let span = telemetry::propagate::server_span(req.headers(), req.uri().path());
        let metrics = telemetry::metrics::enabled().then(|| (req.uri().path().to_string(), std::time::Instant::now()));
        let future = span.in_scope(|| self.0.call(req));
        let record = span.clone();
        Box::pin(
            async move {
                let mut response = future.await;
                if let Ok(r) = &mut response {
                    clear_status(r.headers_mut());
                }
                let code = match &response {
                    Ok(r) => telemetry::propagate::status_of(r.headers()),
                    Err(_) => tonic::Code::Internal as i32,
                };
                telemetry::propagate::record_status(&record, code);
                if let Some((path, started)) = metrics {
                    let (service, method) = telemetry::propagate::split_path(&path);
                    let code = tonic::Code::from_i32(code);
                    telemetry::metrics::RPC_REQUESTS.inc(&[service, method, &format!("{code:?}")]);
                    telemetry::metrics::RPC_DURATION.observe(&[service, method], started.elapsed().as_secs_f64());
                }
                response
            }
            .instrument(span),
        )
    }
}

/// Rewrites, on a trailers-only response's headers, the two statuses tonic itself gives to a bad
/// request so that they say what is wrong: a body over the size limit is `RESOURCE_EXHAUSTED`
/// (tonic says `OUT_OF_RANGE`) with the limit in the message, and a request without any message
/// is `INVALID_ARGUMENT` (tonic says `INTERNAL`, which must mean a bug of ours).
pub fn clear_status(headers: &mut tonic::codegen::http::HeaderMap) {
    use tonic::codegen::http::HeaderValue;
    let code = headers.get("grpc-status").and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<i32>().ok());
    let message = percent_decode(headers.get("grpc-message").and_then(|v| v.to_str().ok()).unwrap_or_default());
    let rewrite = match code.map(tonic::Code::from_i32) {
        Some(tonic::Code::OutOfRange) if message.contains("message length too large") => Some((
            tonic::Code::ResourceExhausted,
            // tonic's text names the size and the limit ("found N bytes, the limit is: M bytes").
            format!("the request is over this server's size limit ({message}); send a smaller request"),
        )),
        Some(tonic::Code::Internal) if message.contains("Missing request message") => {
            Some((tonic::Code::InvalidArgument, "the request has no message: send exactly one protobuf message of this method's request type".to_string()))
        }
        _ => None,
    };
    if let Some((code, text)) = rewrite {
        // Printable ASCII without '%' needs no percent-encoding in grpc-message.
        let text: String = text
            .chars()
            .map(|c| {
                if c.is_ascii_graphic() || c == ' ' {
                    if c == '%' {
                        ' '
                    } else {
                        c
                    }
                } else {
                    ' '
                }
            })
            .collect();
        headers.insert("grpc-status", HeaderValue::from(code as i32));
        if let Ok(v) = HeaderValue::from_str(&text) {
            headers.insert("grpc-message", v);
        }
    }
}

/// A grpc-message as sent (percent-encoded, tonic encodes spaces too) back to its text.
fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        let hex = bytes.get(i + 1..i + 3).and_then(|h| std::str::from_utf8(h).ok()).and_then(|h| u8::from_str_radix(h, 16).ok());
        match (b, hex) {
            (b'%', Some(v)) => {
                out.push(v);
                i += 3;
            }
            _ => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn status_of(headers: &tonic::codegen::http::HeaderMap) -> (String, String) {
        let get = |k: &str| headers.get(k).and_then(|v| v.to_str().ok()).unwrap_or_default().to_string();
        (get("grpc-status"), get("grpc-message"))
    }

    #[test]
    fn an_oversized_body_becomes_resource_exhausted_with_the_limit_and_other_statuses_stay() {
        let mut h = tonic::codegen::http::HeaderMap::new();
        h.insert("grpc-status", "11".parse().expect("value"));
        h.insert(
            "grpc-message",
            "Error,%20decoded%20message%20length%20too%20large:%20found%201048586%20bytes,%20the%20limit%20is:%2065536%20bytes".parse().expect("value"),
        );
        clear_status(&mut h);
        let (code, message) = status_of(&h);
        assert_eq!(code, "8");
        assert!(message.contains("the limit is: 65536 bytes") && message.contains("smaller"), "{message}");

        let mut h = tonic::codegen::http::HeaderMap::new();
        h.insert("grpc-status", "13".parse().expect("value"));
        h.insert("grpc-message", "Missing request message.".parse().expect("value"));
        clear_status(&mut h);
        assert_eq!(status_of(&h).0, "3");

        // Our own OUT_OF_RANGE or INTERNAL are left alone.
        let mut h = tonic::codegen::http::HeaderMap::new();
        h.insert("grpc-status", "11".parse().expect("value"));
        h.insert("grpc-message", "version 9 is past the end".parse().expect("value"));
        clear_status(&mut h);
        assert_eq!(status_of(&h).0, "11");
    }
}
