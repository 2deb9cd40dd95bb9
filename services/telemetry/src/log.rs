//! Log lines: text or JSON, each with the trace and span id of the span it was logged in
//! when that span is traced (an OTLP endpoint is configured), so a line leads to its trace.

use std::fmt;

use tracing::field::{Field, Visit};
use tracing_subscriber::fmt::format::Writer;
use tracing_subscriber::fmt::{FmtContext, FormatEvent, FormatFields};
use tracing_subscriber::registry::LookupSpan;

use crate::LogFormat;

/// The event formatter of every service.
pub struct Formatter {
    format: LogFormat,
    text: tracing_subscriber::fmt::format::Format,
}

impl Formatter {
    pub fn new(format: LogFormat) -> Formatter {
        Formatter { format, text: tracing_subscriber::fmt::format::Format::default() }
    }
}

/// The trace and span id (hex) of the innermost traced span around the event.
fn ids<S, N>(ctx: &FmtContext<'_, S, N>) -> Option<(String, String)>
where
    S: tracing::Subscriber + for<'a> LookupSpan<'a>,
    N: for<'a> FormatFields<'a> + 'static,
{
    let scope = ctx.event_scope()?;
    for span in scope {
        let ext = span.extensions();
        if let Some(data) = ext.get::<tracing_opentelemetry::OtelData>() {
            if let (Some(t), Some(s)) = (data.trace_id(), data.span_id()) {
                if t != opentelemetry::TraceId::INVALID {
                    return Some((t.to_string(), s.to_string()));
                }
            }
        }
    }
    None
}

impl<S, N> FormatEvent<S, N> for Formatter
where
    S: tracing::Subscriber + for<'a> LookupSpan<'a>,
    N: for<'a> FormatFields<'a> + 'static,
{
    fn format_event(&self, ctx: &FmtContext<'_, S, N>, mut writer: Writer<'_>, event: &tracing::Event<'_>) -> fmt::Result {
        match self.format {
            LogFormat::Text => {
                if let Some((trace, _)) = ids(ctx) {
                    write!(writer, "trace_id={trace} ")?;
                }
                self.text.format_event(ctx, writer, event)
            }
            LogFormat::Json => {
                let meta = event.metadata();
                let mut line = serde_json::Map::new();
                line.insert("timestamp".into(), now_rfc3339().into());
                line.insert("level".into(), meta.level().as_str().into());
                line.insert("target".into(), meta.target().into());
                let mut fields = JsonFields(serde_json::Map::new());
                event.record(&mut fields);
                if let Some(message) = fields.0.remove("message") {
                    line.insert("message".into(), message);
                }
                line.insert("fields".into(), fields.0.into());
                if let Some(scope) = ctx.event_scope() {
                    let spans: Vec<serde_json::Value> = scope.from_root().map(|s| s.name().into()).collect();
                    line.insert("spans".into(), spans.into());
                }
                if let Some((trace, span)) = ids(ctx) {
                    line.insert("trace_id".into(), trace.into());
                    line.insert("span_id".into(), span.into());
                }
                writeln!(writer, "{}", serde_json::Value::Object(line))
            }
        }
    }
}

struct JsonFields(serde_json::Map<String, serde_json::Value>);

impl Visit for JsonFields {
    fn record_debug(&mut self, field: &Field, value: &dyn fmt::Debug) {
        self.0.insert(field.name().into(), format!("{value:?}").into());
    }
    fn record_str(&mut self, field: &Field, value: &str) {
        self.0.insert(field.name().into(), value.into());
    }
    fn record_i64(&mut self, field: &Field, value: i64) {
        self.0.insert(field.name().into(), value.into());
    }
    fn record_u64(&mut self, field: &Field, value: u64) {
        self.0.insert(field.name().into(), value.into());
    }
    fn record_bool(&mut self, field: &Field, value: bool) {
        self.0.insert(field.name().into(), value.into());
    }
    fn record_f64(&mut self, field: &Field, value: f64) {
        self.0.insert(field.name().into(), value.into());
    }
}

/// UTC now as RFC 3339 with milliseconds (no date crate needed for one format).
fn now_rfc3339() -> String {
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
    let secs = now.as_secs() as i64;
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{:03}Z", rem / 3600, rem % 3600 / 60, rem % 60, now.subsec_millis())
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_timestamp_is_rfc3339() {
        let t = super::now_rfc3339();
        assert_eq!(t.len(), 24, "{t}");
        assert!(t.starts_with("20") && t.ends_with('Z') && t.as_bytes()[10] == b'T', "{t}");
    }
}
