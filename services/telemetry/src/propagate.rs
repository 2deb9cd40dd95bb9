//! W3C trace context across Arbiter's hops: gRPC metadata (a client span and `traceparent` on
//! every call through [`TracedChannel`]; the parent of the server span in [`server_span`]),
//! NATS message headers and the commit's `trace_context` ([`current_context`]).
//!
//! With tracing off every function here is a flag check and nothing else: no span, no header.

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};

use opentelemetry::propagation::{Extractor, Injector, TextMapPropagator};
use opentelemetry_sdk::propagation::TraceContextPropagator;
use tonic::codegen::http;
use tracing::Instrument;
use tracing_opentelemetry::OpenTelemetrySpanExt;

use crate::tracing_enabled;

struct HeaderInjector<'a>(&'a mut http::HeaderMap);

impl Injector for HeaderInjector<'_> {
    fn set(&mut self, key: &str, value: String) {
        if let (Ok(name), Ok(value)) = (http::HeaderName::from_bytes(key.as_bytes()), http::HeaderValue::from_str(&value)) {
            self.0.insert(name, value);
        }
    }
}

struct HeaderExtractor<'a>(&'a http::HeaderMap);

impl Extractor for HeaderExtractor<'_> {
    fn get(&self, key: &str) -> Option<&str> {
        self.0.get(key).and_then(|v| v.to_str().ok())
    }
    fn keys(&self) -> Vec<&str> {
        self.0.keys().map(|k| k.as_str()).collect()
    }
}

struct PairInjector<'a>(&'a mut Vec<(String, String)>);

impl Injector for PairInjector<'_> {
    fn set(&mut self, key: &str, value: String) {
        self.0.push((key.to_string(), value));
    }
}

/// `(service, method)` of a gRPC path `/pkg.Service/Method`.
pub fn split_path(path: &str) -> (&str, &str) {
    let path = path.strip_prefix('/').unwrap_or(path);
    path.split_once('/').unwrap_or((path, ""))
}

/// The server span of one gRPC call (OpenTelemetry RPC conventions), continuing the caller's
/// trace when its metadata carries a W3C `traceparent`.
pub fn server_span(headers: &http::HeaderMap, path: &str) -> tracing::Span {
    if !tracing_enabled() {
        // What every log line of the call needs, and no more (the fields of a span are
        // formatted when it is made).
        return tracing::info_span!("rpc", method = %path);
    }
    let (service, method) = split_path(path);
    let span = tracing::info_span!(
        "rpc",
        method = %path,
        otel.name = %path.strip_prefix('/').unwrap_or(path),
        otel.kind = "server",
        rpc.system = "grpc",
        rpc.service = %service,
        rpc.method = %method,
        rpc.grpc.status_code = tracing::field::Empty,
        otel.status_code = tracing::field::Empty,
    );
    let parent = TraceContextPropagator::new().extract(&HeaderExtractor(headers));
    let _ = span.set_parent(parent);
    span
}

/// Record a call's gRPC status on its span (and mark the span failed on a server error).
pub fn record_status(span: &tracing::Span, code: i32) {
    if !tracing_enabled() {
        return;
    }
    span.record("rpc.grpc.status_code", code);
    // The RPC conventions: only these codes are the server's failure.
    if matches!(code, 2 | 4 | 12 | 13 | 14 | 15) {
        span.record("otel.status_code", "ERROR");
    }
}

/// The gRPC status code of a response from its headers: a trailers-only response (every
/// error of a unary call) carries it there; a response with a body ended OK for a unary call.
pub fn status_of(headers: &http::HeaderMap) -> i32 {
    headers.get("grpc-status").and_then(|v| v.to_str().ok()).and_then(|v| v.parse().ok()).unwrap_or(0)
}

/// The current span's trace context as W3C headers (`traceparent`, `tracestate`), for a NATS
/// message or a commit's `trace_context`; empty when tracing is off or there is no trace.
pub fn current_context() -> Vec<(String, String)> {
    let mut pairs = Vec::new();
    if tracing_enabled() {
        let cx = tracing::Span::current().context();
        TraceContextPropagator::new().inject_context(&cx, &mut PairInjector(&mut pairs));
    }
    pairs
}

/// The trace id (32 hex digits) inside a W3C `traceparent` value.
pub fn trace_id_of(traceparent: &str) -> Option<&str> {
    traceparent.split('-').nth(1).filter(|t| t.len() == 32)
}

/// A gRPC channel that, when tracing is on, wraps every call in a client span and sends that
/// span's context as `traceparent` metadata. With tracing off it is the channel itself.
#[derive(Clone, Debug)]
pub struct TracedChannel {
    inner: tonic::transport::Channel,
    peer: &'static str,
}

impl TracedChannel {
    /// `peer` names the service at the other end (`server.address` of the client span).
    pub fn new(inner: tonic::transport::Channel, peer: &'static str) -> TracedChannel {
        TracedChannel { inner, peer }
    }
}

type Response = http::Response<tonic::body::Body>;
type BoxedCall = Pin<Box<dyn Future<Output = Result<Response, tonic::transport::Error>> + Send>>;

/// The call of a [`TracedChannel`]: the channel's own future, or the traced one.
pub enum TracedCall {
    Plain(tonic::transport::channel::ResponseFuture),
    Traced(BoxedCall),
}

impl Future for TracedCall {
    type Output = Result<Response, tonic::transport::Error>;
    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        match self.get_mut() {
            TracedCall::Plain(f) => Pin::new(f).poll(cx),
            TracedCall::Traced(f) => f.as_mut().poll(cx),
        }
    }
}

impl tonic::codegen::Service<http::Request<tonic::body::Body>> for TracedChannel {
    type Response = Response;
    type Error = tonic::transport::Error;
    type Future = TracedCall;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        tonic::codegen::Service::poll_ready(&mut self.inner, cx)
    }

    fn call(&mut self, mut req: http::Request<tonic::body::Body>) -> TracedCall {
        if !tracing_enabled() {
            return TracedCall::Plain(self.inner.call(req));
        }
        let path = req.uri().path().to_string();
        let (service, method) = split_path(&path);
        let span = tracing::info_span!(
            "rpc.client",
            otel.name = %path.strip_prefix('/').unwrap_or(&path),
            otel.kind = "client",
            rpc.system = "grpc",
            rpc.service = %service,
            rpc.method = %method,
            server.address = self.peer,
            rpc.grpc.status_code = tracing::field::Empty,
            otel.status_code = tracing::field::Empty,
        );
        TraceContextPropagator::new().inject_context(&span.context(), &mut HeaderInjector(req.headers_mut()));
        let call = self.inner.call(req);
        let record = span.clone();
        TracedCall::Traced(Box::pin(
            async move {
                let response = call.await;
                match &response {
                    Ok(r) => record_status(&record, status_of(r.headers())),
                    Err(_) => record_status(&record, 14),
                }
                response
            }
            .instrument(span),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_and_traceparents_split() {
        assert_eq!(split_path("/arbiter.rules.v1.RulesService/Apply"), ("arbiter.rules.v1.RulesService", "Apply"));
        assert_eq!(split_path("odd"), ("odd", ""));
        assert_eq!(trace_id_of("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"), Some("4bf92f3577b34da6a3ce929d0e0e4736"));
        assert_eq!(trace_id_of("garbage"), None);
    }

    #[test]
    fn nothing_is_propagated_when_tracing_is_off() {
        crate::set_tracing_enabled(false);
        assert!(current_context().is_empty());
    }
}
