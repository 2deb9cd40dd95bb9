//! `arbiter feed save`: append the public feed (stream FEED) to a file, one message per line,
//! exactly as published, with the `feed` credential a platform holds. The file is a witness
//! for `arbiter audit --witness` (`docs/feed.md`, "Keeping the feed as a witness").

use std::io::{Read, Seek, SeekFrom, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::Context;
use clap::{Args, Subcommand};
use futures::StreamExt;

use super::nats_args::{connect_nats, SystemNatsArgs};

/// Progress on stderr at most this often.
const PROGRESS_EVERY: Duration = Duration::from_secs(1);

#[derive(Debug, Args)]
pub struct FeedCmd {
    #[command(subcommand)]
    pub command: FeedCommand,
}

#[derive(Debug, Subcommand)]
pub enum FeedCommand {
    /// Append the feed's messages to a file, one JSON message per line: a witness for
    /// `arbiter audit --witness`.
    Save(FeedSaveCmd),
}

#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  arbiter feed save --out spring-open.feed --subject 'feed.spring-open.>'   # follow live until Ctrl-C\n  arbiter feed save --out all.feed --until-idle 5                         # what FEED holds, then stop\n  arbiter audit --witness spring-open.feed <MATCH_ID>.arbiter-export.json\n\nReads the stream FEED from its first message (an ordered consumer, as any platform would),\nfiltered by --subject, and appends each message's payload to FILE as one line, written (one\nwrite per line) as it arrives. Each run starts from the beginning of\nthe stream again: lines saved twice are harmless to the audit. Needs only the `feed` NATS\ncredential (<data-dir>/secrets/nats/feed.password, or --nats-user/--nats-password-file of\nthe credential a platform was given). Progress goes to stderr."
)]
pub struct FeedSaveCmd {
    /// The file to append to (created if missing).
    #[arg(long, short)]
    pub out: PathBuf,
    /// Subjects of FEED to save: one match `feed.*.<match>.>`, one tournament `feed.<t>.>`.
    #[arg(long, default_value = "feed.>")]
    pub subject: String,
    /// Stop once no message has arrived for this many seconds (default: follow until Ctrl-C).
    #[arg(long, value_name = "SECS")]
    pub until_idle: Option<u64>,
    /// The NATS of the system and the feed credential a platform was given (default: the
    /// `feed` user of --data-dir).
    #[command(flatten)]
    pub nats: SystemNatsArgs,
}

impl FeedCmd {
    pub async fn run(self) -> anyhow::Result<ExitCode> {
        match self.command {
            FeedCommand::Save(save) => {
                let count = save.save().await?;
                println!("appended {count} feed messages to {}", save.out.display());
                Ok(ExitCode::SUCCESS)
            }
        }
    }
}

impl FeedSaveCmd {
    /// Append the messages; returns how many were written.
    pub async fn save(&self) -> anyhow::Result<u64> {
        let (url, auth) = self.nats.resolve(eventlog::Role::Feed)?;
        let connection = connect_nats(&url, &auth, "arbiter-feed-save", "feed").await?;
        let stream = eventlog::FeedStream::open(&connection)
            .await
            .with_context(|| format!("cannot open stream {} at {url} (is the feed projector running?)", eventlog::auth::FEED_STREAM))?;
        let mut messages =
            stream.read(&self.subject).await.with_context(|| format!("cannot read {} (subject {:?})", eventlog::auth::FEED_STREAM, self.subject))?;
        let mut file = std::fs::OpenOptions::new()
            .append(true)
            .create(true)
            .open(&self.out)
            .with_context(|| format!("cannot open {} to append to it", self.out.display()))?;
        // A run interrupted in the middle of a line left it unfinished: start on a new line, so
        // that only that one line is damaged (and `audit --witness` names it).
        if ends_mid_line(&self.out).with_context(|| format!("cannot read {}", self.out.display()))? {
            file.write_all(b"\n").with_context(|| format!("cannot write to {}", self.out.display()))?;
        }
        let idle = self.until_idle.map(Duration::from_secs);
        let mut count = 0u64;
        let mut skipped = 0u64;
        let mut progress = Instant::now();
        loop {
            let next = match idle {
                Some(idle) => match tokio::time::timeout(idle, messages.next()).await {
                    Ok(next) => next,
                    Err(_) => break,
                },
                None => messages.next().await,
            };
            let message = next.context("the feed's consumer ended")?.context("reading the feed")?;
            // A feed message is one line of compact JSON; anything else would break the file's
            // one-message-per-line form, so it is left out (and counted).
            if message.payload.contains(&b'\n') || message.payload.is_empty() {
                skipped += 1;
                eprintln!("feed save: left out a message on {} that is not one line of JSON", message.subject);
                continue;
            }
            let mut line = Vec::with_capacity(message.payload.len() + 1);
            line.extend_from_slice(&message.payload);
            line.push(b'\n');
            file.write_all(&line).with_context(|| format!("cannot write to {}", self.out.display()))?;
            count += 1;
            if progress.elapsed() >= PROGRESS_EVERY {
                progress = Instant::now();
                eprintln!("feed save: {count} messages (last on {})", message.subject);
            }
        }
        file.sync_all().with_context(|| format!("cannot write to {}", self.out.display()))?;
        if skipped > 0 {
            eprintln!("feed save: {skipped} messages left out");
        }
        Ok(count)
    }
}

/// Whether the file at `path` is not empty and does not end with a newline.
fn ends_mid_line(path: &std::path::Path) -> std::io::Result<bool> {
    let mut file = std::fs::File::open(path)?;
    if file.metadata()?.len() == 0 {
        return Ok(false);
    }
    file.seek(SeekFrom::End(-1))?;
    let mut last = [0u8; 1];
    file.read_exact(&mut last)?;
    Ok(last[0] != b'\n')
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::commands::nats_args::resolve_nats;

    #[test]
    fn feed_save_takes_the_feed_password_of_the_data_dir_and_says_what_to_pass_without_it() {
        let dir = tempfile::tempdir().unwrap();
        let none = eventlog::NatsClientArgs::default();
        let err = resolve_nats(Some("nats://127.0.0.1:1"), dir.path(), &none, eventlog::Role::Feed).unwrap_err().to_string();
        assert!(err.contains("no feed password at") && err.contains("--data-dir") && err.contains("--nats-password-file"), "{err}");
        let secrets = super::super::nats_args::nats_secrets_dir(dir.path());
        std::fs::create_dir_all(&secrets).unwrap();
        std::fs::write(secrets.join("feed.password"), "pw").unwrap();
        let (url, auth) = resolve_nats(Some("nats://127.0.0.1:1"), dir.path(), &none, eventlog::Role::Feed).unwrap();
        assert_eq!(url, "nats://127.0.0.1:1");
        assert_eq!(auth.effective_inbox_prefix().as_deref(), Some("_INBOX_feed"), "the only inboxes the feed user may read");
    }

    #[test]
    fn a_file_cut_in_the_middle_of_a_line_is_continued_on_a_new_line() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("w.feed");
        std::fs::write(&path, "").unwrap();
        assert!(!ends_mid_line(&path).unwrap());
        std::fs::write(&path, "{\"a\":1}\n").unwrap();
        assert!(!ends_mid_line(&path).unwrap());
        std::fs::write(&path, "{\"a\":1}\n{\"b\"").unwrap();
        assert!(ends_mid_line(&path).unwrap());
    }
}
