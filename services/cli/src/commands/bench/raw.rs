//! The baseline Arbiter's figures are divided by: raw conditional JetStream appends of 512-byte
//! messages, and raw reads of a match's commits against `GetMatch` at an old version (a rebuild).

use super::*;

/// The raw baseline's own connection: it measures JetStream itself, so it alone in the house
/// speaks it outside `eventlog`.
pub(super) type RawClient = async_nats::Client;

/// Connect to NATS at `url` (loopback only) as the admin of `credentials`, for the raw baseline.
pub(super) async fn connect_raw(url: &str, credentials: &eventlog::NatsCredentials) -> anyhow::Result<RawClient> {
    check_loopback(url)?;
    let urls: Vec<&str> = url.split(',').map(str::trim).filter(|u| !u.is_empty()).collect();
    let options = credentials.auth(eventlog::Role::Admin).connect_options().await.map_err(|e| anyhow::anyhow!("{e}"))?;
    options.name("arbiter-bench-raw").connection_timeout(CALL_TIMEOUT).connect(urls).await.with_context(|| format!("cannot connect to NATS at {url} as admin"))
}

impl BenchCmd {
    /// Conditional appends of 512-byte messages, one subject per task, for --duration.
    pub(super) async fn raw_phase(&self, target: &Target, n: usize, load: usize) -> anyhow::Result<RawFigures> {
        let js = async_nats::jetstream::new(target.raw.clone());
        // A leftover of an interrupted run is dropped first.
        let _ = js.delete_stream(BENCH_STREAM).await;
        let run = format!("{:08x}", rand::rngs::OsRng.next_u32());
        js.create_stream(async_nats::jetstream::stream::Config {
            name: BENCH_STREAM.to_string(),
            subjects: vec!["bench.>".to_string()],
            storage: async_nats::jetstream::stream::StorageType::File,
            num_replicas: target.replicas,
            ..Default::default()
        })
        .await
        .map_err(|e| anyhow::anyhow!("cannot create the stream {BENCH_STREAM}: {e}"))?;
        let appends = Arc::new(AtomicU64::new(0));
        let duration = self.raw_duration.unwrap_or(self.duration);
        let deadline = Instant::now() + Duration::from_secs_f64(duration);
        let limit = self.decisions.unwrap_or(u64::MAX);
        let started = Instant::now();
        let ticker = {
            let appends = appends.clone();
            spawn_progress(format!("load {n} · raw appends"), started, duration, target.processes.clone(), move || appends.load(Ordering::Relaxed), String::new)
        };
        let mut tasks = Vec::new();
        for task in 0..n {
            let js = js.clone();
            let appends = appends.clone();
            let subject = format!("bench.{run}.{load}.{task}");
            tasks.push(tokio::spawn(async move {
                let payload = bytes_of(RAW_MESSAGE_BYTES);
                let mut last = 0u64;
                let mut samples = Vec::new();
                let mut errors = 0u64;
                while Instant::now() < deadline && appends.load(Ordering::Relaxed) < limit {
                    let mut headers = async_nats::HeaderMap::new();
                    headers.insert("Nats-Expected-Last-Subject-Sequence", last.to_string().as_str());
                    let t = Instant::now();
                    let acked = async {
                        let ack = js.publish_with_headers(subject.clone(), headers, payload.clone().into()).await?;
                        Ok::<_, anyhow::Error>(tokio::time::timeout(CALL_TIMEOUT, ack).await??)
                    }
                    .await;
                    match acked {
                        Ok(ack) => {
                            samples.push(t.elapsed());
                            last = ack.sequence;
                            appends.fetch_add(1, Ordering::Relaxed);
                        }
                        Err(_) => {
                            errors += 1;
                            if errors > 100 {
                                break;
                            }
                        }
                    }
                }
                (samples, errors)
            }));
        }
        let mut samples = Vec::new();
        let mut errors = 0;
        for t in tasks {
            let (s, e) = t.await?;
            samples.extend(s);
            errors += e;
        }
        let seconds = started.elapsed().as_secs_f64();
        ticker.abort();
        let _ = js.delete_stream(BENCH_STREAM).await;
        let count = samples.len() as u64;
        Ok(RawFigures { appends: count, seconds, appends_per_s: count as f64 / seconds, append: Latency::of(samples), errors })
    }

    /// GetMatch at an old version of a finished match against reading as many messages raw.
    pub(super) async fn rebuild(&self, target: &Target, match_id: &str, last: u64) -> anyhow::Result<RebuildFigures> {
        let version = last.saturating_sub(1).max(1);
        let mut api = client::connect(&target.orchestrator)?;
        let mut samples = Vec::new();
        for _ in 0..REBUILD_SAMPLES {
            let t = Instant::now();
            call(api.get_match(m::GetMatchRequest { match_id: match_id.to_string(), version })).await.context("GetMatch at an old version")?;
            samples.push(t.elapsed());
        }
        let get_match_ms = median_ms(samples);
        let raw_read_ms = median_ms(raw_read(&target.raw, match_id, version).await?);
        Ok(RebuildFigures {
            match_id: match_id.to_string(),
            version,
            get_match_ms,
            raw_read_ms,
            get_match_per_raw_read: ratio(get_match_ms, raw_read_ms),
            get_match_us_per_version: ratio(get_match_ms * 1000.0, version as f64),
        })
    }
}

pub(super) fn bytes_of(n: usize) -> Vec<u8> {
    let mut b = vec![0u8; n];
    rand::rngs::OsRng.fill_bytes(&mut b);
    b
}

pub(super) fn median_ms(mut samples: Vec<Duration>) -> f64 {
    samples.sort_unstable();
    samples.get(samples.len() / 2).map(ms).unwrap_or(0.0)
}

/// Times of reading the first `count` messages of a match's subject with an ordered consumer
/// (what a rebuild must read at least), [`REBUILD_SAMPLES`] times.
pub(super) async fn raw_read(nats: &RawClient, match_id: &str, count: u64) -> anyhow::Result<Vec<Duration>> {
    use async_nats::jetstream::consumer::pull::OrderedConfig;
    let js = async_nats::jetstream::new(nats.clone());
    let layout = eventlog::recorded_layout(&js).await.map_err(|e| anyhow::anyhow!("{e}"))?.unwrap_or_default();
    let name = layout.stream(layout.partition_of(match_id));
    let stream = js.get_stream(&name).await.map_err(|e| anyhow::anyhow!("stream {name}: {e}"))?;
    let mut samples = Vec::new();
    for _ in 0..REBUILD_SAMPLES {
        let t = Instant::now();
        let consumer = stream
            .create_consumer(OrderedConfig { filter_subject: layout.subject(match_id), ..Default::default() })
            .await
            .map_err(|e| anyhow::anyhow!("raw read consumer: {e}"))?;
        let mut messages = consumer.messages().await.map_err(|e| anyhow::anyhow!("raw read: {e}"))?;
        let mut read = 0;
        while read < count {
            match tokio::time::timeout(CALL_TIMEOUT, messages.next()).await {
                Ok(Some(Ok(_))) => read += 1,
                Ok(Some(Err(e))) => anyhow::bail!("raw read of {match_id}: {e}"),
                _ => anyhow::bail!("raw read of {match_id} ended after {read} of {count} messages"),
            }
        }
        samples.push(t.elapsed());
    }
    Ok(samples)
}
