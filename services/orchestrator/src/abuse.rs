//! Abuse limits of the public match API: how much one caller may ask of it.
//!
//! - **Request rates**, as token buckets: per client address, per seat token (any bearer
//!   credential that is not the platform key) and for the platform key. A request carrying the
//!   platform key counts against the platform's bucket only, not its address's, since one
//!   platform server speaks for many players. A request over its rate is refused before any
//!   work with `RESOURCE_EXHAUSTED`, saying how long to wait, in three forms: the message, a
//!   `google.rpc.RetryInfo` detail, and the `grpc-retry-pushback-ms` metadata that gRPC
//!   clients' retry policies read.
//! - **Memory stays bounded whoever calls**: at most [`MAX_TRACKED`] buckets per kind; beyond
//!   that, idle buckets are dropped, and a caller still without one shares a single overflow
//!   bucket of the same rate. So a flood from many addresses or made-up tokens slows only itself
//!   and whoever is new during it.
//! - **Unknown matches** ([`Misses`]): a well-formed match id that the log does not hold is
//!   remembered for [`MISS_TTL`], so asking for it again costs no log read.
//!
//! Connections per address are capped where connections are accepted (`api::server`).

use std::collections::{BTreeMap, VecDeque};
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use tonic::codegen::http;
use tonic::server::NamedService;

use crate::platform::PlatformKey;

/// Default requests per second per client address (bursts of [`BURST_SECONDS`] times that).
pub const DEFAULT_RATE_PER_ADDRESS: u32 = 1_000;
/// Default requests per second per seat token: far above what a player or a bot seat needs.
pub const DEFAULT_RATE_PER_SEAT_TOKEN: u32 = 200;
/// Default requests per second with the platform key.
pub const DEFAULT_RATE_PER_PLATFORM_KEY: u32 = 5_000;
/// Default open connections per client address.
pub const DEFAULT_CONNECTIONS_PER_ADDRESS: usize = 512;
/// A bucket holds this many seconds of its rate: the burst a caller may send at once.
pub const BURST_SECONDS: u32 = 2;
/// Buckets kept per kind (addresses, seat tokens); beyond it new callers share an overflow bucket.
pub const MAX_TRACKED: usize = 65_536;
/// How long an unknown match id answers NOT_FOUND without a log read.
pub const MISS_TTL: Duration = Duration::from_secs(5);
/// Unknown match ids remembered at most.
pub const MAX_MISSES: usize = 65_536;

/// The limits, as `arbiter serve orchestrator` and `arbiter up` take them.
#[derive(Clone, Debug, clap::Args)]
pub struct AbuseArgs {
    /// Requests per second one client address may make to the match API, in bursts of twice
    /// that (0: no limit). Requests with the platform key are counted per key instead.
    #[arg(long, env = "ARBITER_RATE_PER_ADDRESS", default_value_t = DEFAULT_RATE_PER_ADDRESS)]
    pub rate_per_address: u32,
    /// Requests per second per seat token (any bearer credential but the platform key), in
    /// bursts of twice that (0: no limit).
    #[arg(long, env = "ARBITER_RATE_PER_SEAT_TOKEN", default_value_t = DEFAULT_RATE_PER_SEAT_TOKEN)]
    pub rate_per_seat_token: u32,
    /// Requests per second with the platform key, in bursts of twice that (0: no limit).
    #[arg(long, env = "ARBITER_RATE_PER_PLATFORM_KEY", default_value_t = DEFAULT_RATE_PER_PLATFORM_KEY)]
    pub rate_per_platform_key: u32,
    /// Open connections one client address may hold to the match API (0: no limit); more are
    /// closed as they are accepted.
    #[arg(long, env = "ARBITER_MAX_CONNECTIONS_PER_ADDRESS", default_value_t = DEFAULT_CONNECTIONS_PER_ADDRESS)]
    pub max_connections_per_address: usize,
}

impl Default for AbuseArgs {
    fn default() -> Self {
        AbuseArgs {
            rate_per_address: DEFAULT_RATE_PER_ADDRESS,
            rate_per_seat_token: DEFAULT_RATE_PER_SEAT_TOKEN,
            rate_per_platform_key: DEFAULT_RATE_PER_PLATFORM_KEY,
            max_connections_per_address: DEFAULT_CONNECTIONS_PER_ADDRESS,
        }
    }
}

impl AbuseArgs {
    /// No limit at all: for a load test that plays every match from one address.
    pub fn unlimited() -> Self {
        AbuseArgs { rate_per_address: 0, rate_per_seat_token: 0, rate_per_platform_key: 0, max_connections_per_address: 0 }
    }

    /// The same limits as command-line arguments (for `arbiter up` to pass on).
    pub fn to_args(&self) -> Vec<String> {
        vec![
            "--rate-per-address".into(),
            self.rate_per_address.to_string(),
            "--rate-per-seat-token".into(),
            self.rate_per_seat_token.to_string(),
            "--rate-per-platform-key".into(),
            self.rate_per_platform_key.to_string(),
            "--max-connections-per-address".into(),
            self.max_connections_per_address.to_string(),
        ]
    }
}

/// One token bucket: `tokens` as of `at`.
#[derive(Clone, Copy, Debug)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

/// Token buckets of one kind, keyed by `K`, at one rate.
struct Buckets<K> {
    rate: f64,
    burst: f64,
    buckets: BTreeMap<K, Bucket>,
    overflow: Bucket,
}

impl<K: Ord + Clone> Buckets<K> {
    fn new(rate: u32, now: Instant) -> Self {
        let burst = f64::from(rate) * f64::from(BURST_SECONDS);
        Buckets { rate: f64::from(rate), burst, buckets: BTreeMap::new(), overflow: Bucket { tokens: burst, at: now } }
    }

    /// Take one token for `key`; `Err(wait)` when there is none yet.
    fn take(&mut self, key: &K, now: Instant) -> Result<(), Duration> {
        if self.rate <= 0.0 {
            return Ok(());
        }
        if !self.buckets.contains_key(key) && self.buckets.len() >= MAX_TRACKED {
            self.drop_idle(now);
        }
        let (rate, burst) = (self.rate, self.burst);
        let bucket = if self.buckets.len() < MAX_TRACKED || self.buckets.contains_key(key) {
            self.buckets.entry(key.clone()).or_insert(Bucket { tokens: burst, at: now })
        } else {
            &mut self.overflow
        };
        let elapsed = now.saturating_duration_since(bucket.at).as_secs_f64();
        bucket.tokens = (bucket.tokens + elapsed * rate).min(burst);
        bucket.at = now;
        if bucket.tokens >= 1.0 {
            bucket.tokens -= 1.0;
            Ok(())
        } else {
            Err(Duration::from_secs_f64((1.0 - bucket.tokens) / rate))
        }
    }

    /// Forget the buckets that have refilled: a full bucket is the same as none.
    fn drop_idle(&mut self, now: Instant) {
        let (rate, burst) = (self.rate, self.burst);
        self.buckets.retain(|_, b| b.tokens + now.saturating_duration_since(b.at).as_secs_f64() * rate < burst);
    }

    fn len(&self) -> usize {
        self.buckets.len()
    }
}

/// Who a request counts against.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Caller {
    /// The platform key (its address is not counted).
    Platform,
    /// A bearer credential that is not the platform key, by its hash, and the address.
    Token([u8; 32], Option<IpAddr>),
    /// No credential: the address only.
    Anonymous(Option<IpAddr>),
}

/// The request rates of [`AbuseArgs`], shared by every connection.
pub struct RateLimiter {
    addresses: Mutex<Buckets<IpAddr>>,
    tokens: Mutex<Buckets<[u8; 32]>>,
    platform: Mutex<Buckets<()>>,
}

/// A request refused for its rate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limited {
    /// What was over its rate, for the message.
    pub what: &'static str,
    /// The same as a metric label: `address`, `seat_token` or `platform_key`.
    pub kind: &'static str,
    pub retry_after: Duration,
}

impl RateLimiter {
    pub fn new(args: &AbuseArgs) -> Self {
        let now = Instant::now();
        RateLimiter {
            addresses: Mutex::new(Buckets::new(args.rate_per_address, now)),
            tokens: Mutex::new(Buckets::new(args.rate_per_seat_token, now)),
            platform: Mutex::new(Buckets::new(args.rate_per_platform_key, now)),
        }
    }

    /// Count one request of `caller` at `now`.
    pub fn check(&self, caller: &Caller, now: Instant) -> Result<(), Limited> {
        let limited = |what, kind| move |retry_after| Limited { what, kind, retry_after };
        let address = |ip: &Option<IpAddr>| match ip {
            Some(ip) => self.addresses.lock().map(|mut b| b.take(ip, now)).unwrap_or(Ok(())).map_err(limited("this client address", "address")),
            None => Ok(()),
        };
        match caller {
            Caller::Platform => self.platform.lock().map(|mut b| b.take(&(), now)).unwrap_or(Ok(())).map_err(limited("the platform key", "platform_key")),
            Caller::Token(hash, ip) => {
                address(ip)?;
                self.tokens.lock().map(|mut b| b.take(hash, now)).unwrap_or(Ok(())).map_err(limited("this seat token", "seat_token"))
            }
            Caller::Anonymous(ip) => address(ip),
        }
    }

    /// Buckets held now (addresses, tokens): bounded by [`MAX_TRACKED`] each.
    pub fn tracked(&self) -> (usize, usize) {
        let a = self.addresses.lock().map(|b| b.len()).unwrap_or_default();
        let t = self.tokens.lock().map(|b| b.len()).unwrap_or_default();
        (a, t)
    }
}

/// The match API behind the rate limits.
#[derive(Clone)]
pub struct RateLimited<S> {
    inner: S,
    limiter: Arc<RateLimiter>,
    platform: PlatformKey,
}

impl<S> RateLimited<S> {
    pub fn new(inner: S, limiter: Arc<RateLimiter>, platform: PlatformKey) -> Self {
        RateLimited { inner, limiter, platform }
    }

    fn caller<B>(&self, req: &http::Request<B>) -> Caller {
        let ip = peer_ip(req);
        let bearer =
            req.headers().get("authorization").and_then(|v| v.to_str().ok()).and_then(|v| v.strip_prefix("Bearer ")).map(str::trim).filter(|t| !t.is_empty());
        match bearer {
            Some(token) if self.platform.is_key(token) => Caller::Platform,
            Some(token) => {
                use sha2::Digest;
                Caller::Token(sha2::Sha256::digest(token.as_bytes()).into(), ip)
            }
            None => Caller::Anonymous(ip),
        }
    }
}

impl<S: NamedService> NamedService for RateLimited<S> {
    const NAME: &'static str = S::NAME;
}

impl<S, B> tonic::codegen::Service<http::Request<B>> for RateLimited<S>
where
    S: tonic::codegen::Service<http::Request<B>, Response = http::Response<tonic::body::Body>>,
    S::Future: Send + 'static,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = std::pin::Pin<Box<dyn std::future::Future<Output = Result<S::Response, S::Error>> + Send>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, req: http::Request<B>) -> Self::Future {
        let caller = self.caller(&req);
        match self.limiter.check(&caller, Instant::now()) {
            Ok(()) => Box::pin(self.inner.call(req)),
            Err(limited) => {
                telemetry::metrics::RATE_LIMITED.inc(&[limited.kind]);
                let response = refusal(&limited).into_http::<tonic::body::Body>();
                Box::pin(async move { Ok(response) })
            }
        }
    }
}

/// The status of a request over its rate (see the module doc).
pub fn refusal(limited: &Limited) -> tonic::Status {
    // Rounded up: a client that waits this long finds a token.
    let retry_after_ms = u64::try_from(limited.retry_after.as_millis().saturating_add(1)).unwrap_or(u64::MAX);
    tonic::Status::from(crate::error::OrchestratorError::RateLimited { what: limited.what, retry_after_ms })
}

/// The client's address, as the server accepted the connection (plain or TLS).
fn peer_ip<B>(req: &http::Request<B>) -> Option<IpAddr> {
    use tonic::transport::server::{TcpConnectInfo, TlsConnectInfo};
    let ext = req.extensions();
    ext.get::<TcpConnectInfo>()
        .and_then(|i| i.remote_addr())
        .or_else(|| ext.get::<TlsConnectInfo<TcpConnectInfo>>().and_then(|i| i.get_ref().remote_addr()))
        .map(|a| a.ip())
}

/// Match ids recently found not to exist, so that asking for one again costs no log read. A
/// match this orchestrator creates is forgotten here at once; one created elsewhere with an id
/// asked for before it existed (a random 128-bit id: only by a guess) is NOT_FOUND here for at
/// most [`MISS_TTL`].
#[derive(Default)]
pub struct Misses {
    inner: Mutex<MissSet>,
}

#[derive(Default)]
struct MissSet {
    at: BTreeMap<String, Instant>,
    order: VecDeque<(Instant, String)>,
}

impl Misses {
    /// Whether `match_id` was found missing less than [`MISS_TTL`] ago.
    pub fn recently_missing(&self, match_id: &str, now: Instant) -> bool {
        self.inner.lock().is_ok_and(|s| s.at.get(match_id).is_some_and(|t| now.saturating_duration_since(*t) < MISS_TTL))
    }

    /// Remember that `match_id` is not in the log (the oldest entry goes beyond [`MAX_MISSES`]).
    pub fn note(&self, match_id: &str, now: Instant) {
        let Ok(mut s) = self.inner.lock() else { return };
        while s.order.front().is_some_and(|(t, _)| now.saturating_duration_since(*t) >= MISS_TTL) || s.order.len() >= MAX_MISSES {
            if let Some((t, id)) = s.order.pop_front() {
                if s.at.get(&id) == Some(&t) {
                    s.at.remove(&id);
                }
            }
        }
        s.at.insert(match_id.to_string(), now);
        s.order.push_back((now, match_id.to_string()));
    }

    /// The match exists now (created here).
    pub fn forget(&self, match_id: &str) {
        if let Ok(mut s) = self.inner.lock() {
            s.at.remove(match_id);
        }
    }

    /// Ids remembered now (bounded by [`MAX_MISSES`]).
    pub fn len(&self) -> usize {
        self.inner.lock().map(|s| s.at.len()).unwrap_or_default()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(n: u32) -> Option<IpAddr> {
        Some(IpAddr::V4(std::net::Ipv4Addr::from(0x7f00_0000 | n)))
    }

    #[test]
    fn an_address_gets_its_burst_then_waits_for_its_rate() {
        let limiter = RateLimiter::new(&AbuseArgs { rate_per_address: 10, ..AbuseArgs::default() });
        let t0 = Instant::now();
        let me = Caller::Anonymous(ip(1));
        for _ in 0..20 {
            limiter.check(&me, t0).unwrap();
        }
        let refused = limiter.check(&me, t0).unwrap_err();
        assert_eq!(refused.what, "this client address");
        assert!(refused.retry_after > Duration::ZERO && refused.retry_after <= Duration::from_millis(100), "{refused:?}");
        // Another address is not affected, and a tenth of a second brings one more request.
        limiter.check(&Caller::Anonymous(ip(2)), t0).unwrap();
        limiter.check(&me, t0 + Duration::from_millis(100)).unwrap();
        assert!(limiter.check(&me, t0 + Duration::from_millis(100)).is_err());
    }

    #[test]
    fn a_seat_token_has_its_own_rate_and_the_platform_key_is_not_counted_per_address() {
        let args = AbuseArgs { rate_per_address: 100, rate_per_seat_token: 1, rate_per_platform_key: 1000, ..AbuseArgs::default() };
        let limiter = RateLimiter::new(&args);
        let t0 = Instant::now();
        let seat = Caller::Token([1; 32], ip(1));
        limiter.check(&seat, t0).unwrap();
        limiter.check(&seat, t0).unwrap();
        assert_eq!(limiter.check(&seat, t0).unwrap_err().what, "this seat token");
        limiter.check(&Caller::Token([2; 32], ip(1)), t0).unwrap();
        // The address's own bucket is spent by anonymous calls: the platform still gets through.
        while limiter.check(&Caller::Anonymous(ip(1)), t0).is_ok() {}
        limiter.check(&Caller::Platform, t0).unwrap();
    }

    #[test]
    fn zero_is_no_limit() {
        let limiter = RateLimiter::new(&AbuseArgs::unlimited());
        let t0 = Instant::now();
        for _ in 0..10_000 {
            limiter.check(&Caller::Anonymous(ip(1)), t0).unwrap();
        }
        assert_eq!(limiter.tracked(), (0, 0));
    }

    #[test]
    fn many_callers_are_bounded_and_share_the_overflow_bucket() {
        let limiter = RateLimiter::new(&AbuseArgs { rate_per_seat_token: 1, ..AbuseArgs::default() });
        let t0 = Instant::now();
        for n in 0..(MAX_TRACKED as u32 + 10) {
            let mut hash = [0u8; 32];
            hash[..4].copy_from_slice(&n.to_be_bytes());
            let _ = limiter.check(&Caller::Token(hash, None), t0);
        }
        assert_eq!(limiter.tracked().1, MAX_TRACKED);
        // Every newcomer beyond the table shares one bucket of 2 requests: the rest wait.
        let mut hash = [0xff; 32];
        hash[0] = 1;
        assert!(limiter.check(&Caller::Token(hash, None), t0).is_err());
        // Once the tracked buckets have refilled they are dropped and newcomers get their own.
        let later = t0 + Duration::from_secs(10);
        limiter.check(&Caller::Token(hash, None), later).unwrap();
        assert_eq!(limiter.tracked().1, 1);
    }

    #[test]
    fn the_refusal_says_how_long_to_wait_in_every_form() {
        use tonic_types::StatusExt;
        let status = refusal(&Limited { what: "this client address", kind: "address", retry_after: Duration::from_millis(42) });
        assert_eq!(status.code(), tonic::Code::ResourceExhausted);
        assert!(status.message().contains("retry in 43 ms"), "{}", status.message());
        assert_eq!(status.metadata().get("grpc-retry-pushback-ms").and_then(|v| v.to_str().ok()), Some("43"));
        let retry = status.get_details_retry_info().and_then(|r| r.retry_delay);
        assert_eq!(retry, Some(Duration::from_millis(43)));
    }

    #[test]
    fn a_missing_match_is_remembered_for_a_while_and_forgotten_when_created() {
        let misses = Misses::default();
        let t0 = Instant::now();
        misses.note("m1", t0);
        assert!(misses.recently_missing("m1", t0 + Duration::from_secs(1)));
        assert!(!misses.recently_missing("m1", t0 + MISS_TTL));
        misses.forget("m1");
        assert!(!misses.recently_missing("m1", t0));
        for n in 0..(MAX_MISSES + 5) {
            misses.note(&format!("x{n}"), t0);
        }
        assert_eq!(misses.len(), MAX_MISSES);
        assert!(!misses.recently_missing("x0", t0), "the oldest went first");
    }
}
