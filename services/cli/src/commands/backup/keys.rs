//! The keys file of a backup (`<backup>.keys`): the deployment's two key files, which `arbiter
//! backup` saves beside the log backup and `arbiter restore` puts back.
//!
//! They are kept out of the log backup on purpose. The log backup may be handed to an auditor
//! (every match in it audits on its own); the keys must not be: the randomness master secret lets
//! its holder foresee every draw of a match in play, and the orchestrator key lets its holder sign
//! commits that every reader would accept.
//!
//! The file (format 1, mode 0600) is the line `ARBITER-BACKUP-KEYS 1\n` and one JSON object:
//! `{"orchestrator": {"public_key": HEX, "file": TEXT}, "randomness": {"public_key": HEX, "file":
//! TEXT}}`, where `file` is the key file's content byte for byte (it is JSON text itself) and
//! `public_key` the public key derived from it (for the operator's eyes; `restore` derives it
//! again and refuses a file where they differ).

use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use clap::Args;

/// First line of a keys file.
pub const KEYS_MAGIC: &[u8] = b"ARBITER-BACKUP-KEYS 1\n";
/// A keys file larger than this is not one (two small JSON files).
const MAX_KEYS_FILE: u64 = 1 << 20;

/// Where the services of the deployment keep their key files.
#[derive(Debug, Clone, Default, Args)]
pub struct KeyFileArgs {
    /// The orchestrator's key file (its --key-file). Default: <data-dir>/keys/orchestrator.json.
    #[arg(long, value_name = "FILE")]
    pub orchestrator_key_file: Option<PathBuf>,
    /// The randomness service's key file (its --key-file). Default: <data-dir>/keys/randomness.json.
    #[arg(long, value_name = "FILE")]
    pub randomness_key_file: Option<PathBuf>,
}

impl KeyFileArgs {
    /// The two paths, the defaults taken under `data_dir` as `arbiter up` lays them out.
    pub fn paths(&self, data_dir: &Path) -> KeyPaths {
        KeyPaths {
            orchestrator: self.orchestrator_key_file.clone().unwrap_or_else(|| data_dir.join("keys").join("orchestrator.json")),
            randomness: self.randomness_key_file.clone().unwrap_or_else(|| data_dir.join("keys").join("randomness.json")),
        }
    }
}

/// The key files of a deployment.
#[derive(Debug, Clone)]
pub struct KeyPaths {
    pub orchestrator: PathBuf,
    pub randomness: PathBuf,
}

/// The keys file that goes with the backup `backup` (`<backup>.keys`).
pub fn keys_file_of(backup: &Path) -> PathBuf {
    let mut name = backup.file_name().unwrap_or_default().to_os_string();
    name.push(".keys");
    backup.with_file_name(name)
}

/// Which of the two keys.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Which {
    Orchestrator,
    Randomness,
}

impl Which {
    fn name(self) -> &'static str {
        match self {
            Which::Orchestrator => "orchestrator",
            Which::Randomness => "randomness",
        }
    }

    /// The public key `bytes` (a key file's content) holds, with the services' own parsers.
    fn public_key(self, bytes: &[u8], shown: &Path) -> anyhow::Result<[u8; 32]> {
        match self {
            Which::Orchestrator => Ok(orchestrator::keys::parse(bytes, shown)?.public_key()),
            Which::Randomness => Ok(randomness_service::Keys::parse(bytes, shown)?.public_key()),
        }
    }
}

/// One key file's content and the public key derived from it.
#[derive(Clone, PartialEq, Eq)]
pub struct KeyCopy {
    pub which: Which,
    pub bytes: Vec<u8>,
    pub public_key: [u8; 32],
}

// Never print the secret bytes, even in a debug message.
impl std::fmt::Debug for KeyCopy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("KeyCopy").field("which", &self.which).field("public_key", &hex::encode(self.public_key)).finish_non_exhaustive()
    }
}

impl KeyCopy {
    fn read(which: Which, path: &Path) -> anyhow::Result<KeyCopy> {
        let bytes = match std::fs::read(path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => bail!(
                "there is no {} key file at {}: pass --{}-key-file with the --key-file the service uses, or --no-keys to \
                 back up the log only (and keep the key files safe some other way)",
                which.name(),
                path.display(),
                which.name()
            ),
            Err(e) => return Err(e).with_context(|| format!("cannot read the {} key file {}", which.name(), path.display())),
        };
        let public_key = which.public_key(&bytes, path)?;
        Ok(KeyCopy { which, bytes, public_key })
    }
}

#[derive(serde::Serialize, serde::Deserialize)]
struct EntryJson {
    public_key: String,
    file: String,
}

#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct KeysJson {
    orchestrator: EntryJson,
    randomness: EntryJson,
}

/// The keys of a deployment, as a keys file holds them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BackupKeys {
    pub orchestrator: KeyCopy,
    pub randomness: KeyCopy,
}

impl BackupKeys {
    /// Read the deployment's two key files (both must exist and parse).
    pub fn read_key_files(paths: &KeyPaths) -> anyhow::Result<BackupKeys> {
        Ok(BackupKeys {
            orchestrator: KeyCopy::read(Which::Orchestrator, &paths.orchestrator)?,
            randomness: KeyCopy::read(Which::Randomness, &paths.randomness)?,
        })
    }

    /// The keys file's bytes.
    pub fn encode(&self) -> anyhow::Result<Vec<u8>> {
        let entry = |k: &KeyCopy| -> anyhow::Result<EntryJson> {
            let file = String::from_utf8(k.bytes.clone()).map_err(|_| anyhow::anyhow!("the {} key file is not UTF-8 text", k.which.name()))?;
            Ok(EntryJson { public_key: hex::encode(k.public_key), file })
        };
        let json = KeysJson { orchestrator: entry(&self.orchestrator)?, randomness: entry(&self.randomness)? };
        let mut out = KEYS_MAGIC.to_vec();
        serde_json::to_writer_pretty(&mut out, &json)?;
        out.push(b'\n');
        Ok(out)
    }

    /// Parse a keys file's bytes (`shown` names it in errors); every key file in it is parsed
    /// as its service parses it, and its public key must be the one written beside it.
    pub fn decode(bytes: &[u8], shown: &Path) -> anyhow::Result<BackupKeys> {
        let Some(body) = bytes.strip_prefix(KEYS_MAGIC) else {
            bail!("{} is not an Arbiter keys file (format 1): it does not start with {:?}", shown.display(), String::from_utf8_lossy(KEYS_MAGIC).trim());
        };
        let json: KeysJson =
            serde_json::from_slice(body).with_context(|| format!("the keys file {} is damaged or cut short: use another copy of it", shown.display()))?;
        let entry = |which: Which, e: &EntryJson| -> anyhow::Result<KeyCopy> {
            let bytes = e.file.as_bytes().to_vec();
            let public_key =
                which.public_key(&bytes, shown).with_context(|| format!("the {} key in the keys file {} is not valid", which.name(), shown.display()))?;
            if hex::encode(public_key) != e.public_key.trim().to_ascii_lowercase() {
                bail!(
                    "the keys file {} is damaged: its {} key file holds public key {}, but the file says {}",
                    shown.display(),
                    which.name(),
                    hex::encode(public_key),
                    e.public_key
                );
            }
            Ok(KeyCopy { which, bytes, public_key })
        };
        Ok(BackupKeys { orchestrator: entry(Which::Orchestrator, &json.orchestrator)?, randomness: entry(Which::Randomness, &json.randomness)? })
    }

    /// Read and parse the keys file at `path`.
    pub fn load(path: &Path) -> anyhow::Result<BackupKeys> {
        let size = std::fs::metadata(path).with_context(|| format!("cannot read the keys file {}", path.display()))?.len();
        if size > MAX_KEYS_FILE {
            bail!("{} is {size} bytes: not an Arbiter keys file", path.display());
        }
        let bytes = std::fs::read(path).with_context(|| format!("cannot read the keys file {}", path.display()))?;
        BackupKeys::decode(&bytes, path)
    }

    /// Write the keys file at `out` (mode 0600): to a temporary file beside it, then renamed, so
    /// `out` is never half-written.
    pub fn write(&self, out: &Path) -> anyhow::Result<()> {
        let bytes = self.encode()?;
        let tmp = infra::private_file::temp_path(out);
        let _ = std::fs::remove_file(&tmp);
        infra::private_file::write_new(&tmp, &bytes).with_context(|| format!("cannot write {}", tmp.display()))?;
        std::fs::rename(&tmp, out).map_err(|e| {
            let _ = std::fs::remove_file(&tmp);
            anyhow::anyhow!("cannot move {} to {}: {e}", tmp.display(), out.display())
        })
    }

    /// Refuse keys that are not the ones the backed-up matches name: `matches` yields each
    /// match's id and the orchestrator and randomness public keys its `MatchCreated` names.
    pub fn check_matches<'a>(&self, matches: impl IntoIterator<Item = (&'a str, &'a [u8], &'a [u8])>) -> anyhow::Result<()> {
        let mut wrong: Vec<(Which, &str, &[u8])> = Vec::new();
        for (id, orchestrator_key, randomness_key) in matches {
            // An unsigned (format 1) match names no orchestrator key.
            if !orchestrator_key.is_empty() && orchestrator_key != self.orchestrator.public_key {
                wrong.push((Which::Orchestrator, id, orchestrator_key));
            }
            // A match with several randomness nodes (scheme v2) names no single randomness key:
            // each node's key file is its own operator's to keep (docs/fairness.md, "Scheme v2").
            if !randomness_key.is_empty() && randomness_key != self.randomness.public_key {
                wrong.push((Which::Randomness, id, randomness_key));
            }
        }
        let Some((which, id, named)) = wrong.first() else { return Ok(()) };
        let ours = match which {
            Which::Orchestrator => &self.orchestrator.public_key,
            Which::Randomness => &self.randomness.public_key,
        };
        let more = wrong.len() - 1;
        bail!(
            "the keys file does not hold the keys of the backed-up matches: match {id} was created under the {} key {}, \
             but the keys file holds {}{}. Restore with the keys file made with this backup, or with --no-keys to \
             restore the log only and put the key files back by hand",
            which.name(),
            hex::encode(named),
            hex::encode(ours),
            if more > 0 { format!(" ({more} more such mismatches)") } else { String::new() }
        )
    }

    /// What restoring these keys to `paths` will do, checked before anything is written: a key
    /// file that exists is left alone if it is the same, and refused if it is another key.
    pub fn plan(&self, paths: &KeyPaths) -> anyhow::Result<Vec<KeyAction>> {
        [(&self.orchestrator, &paths.orchestrator), (&self.randomness, &paths.randomness)]
            .into_iter()
            .map(|(key, path)| {
                let existing = match std::fs::read(path) {
                    Ok(bytes) => bytes,
                    Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                        return Ok(KeyAction { key: key.clone(), path: path.clone(), write: true });
                    }
                    Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
                };
                if existing == key.bytes {
                    return Ok(KeyAction { key: key.clone(), path: path.clone(), write: false });
                }
                let name = key.which.name();
                match key.which.public_key(&existing, path) {
                    Ok(theirs) if theirs == key.public_key => bail!(
                        "the {name} key file {} holds the public key of the backup ({}) but other secrets: it was \
                         edited; move it away and restore again, or pass --no-keys to keep it",
                        path.display(),
                        hex::encode(theirs)
                    ),
                    Ok(theirs) => bail!(
                        "the {name} key file {} already exists and holds another key: public key {}, while the \
                         backup's is {}. It is not overwritten. If the matches to restore are the backup's, move \
                         {} away and restore again; to keep it, pass --no-keys",
                        path.display(),
                        hex::encode(theirs),
                        hex::encode(key.public_key),
                        path.display()
                    ),
                    Err(e) => bail!(
                        "the {name} key file {} already exists but is not a valid key file ({e:#}); the backup's \
                         public key is {}. Move it away and restore again, or pass --no-keys",
                        path.display(),
                        hex::encode(key.public_key)
                    ),
                }
            })
            .collect()
    }
}

/// The key files a restore writes, once the keys file `keys_file` is checked against the keys
/// `named` by the backed-up matches (id, orchestrator and randomness public keys) and against the
/// key files on disk at `paths`; none without a keys file (`--no-keys`).
pub fn key_actions<'a>(
    keys_file: Option<&Path>,
    paths: &KeyPaths,
    named: impl IntoIterator<Item = (&'a str, &'a [u8], &'a [u8])>,
) -> anyhow::Result<Vec<KeyAction>> {
    let Some(keys_file) = keys_file else { return Ok(Vec::new()) };
    if !keys_file.exists() {
        bail!(
            "there is no keys file {} beside the backup: pass --keys-file with the one `arbiter backup` wrote, or \
             --no-keys to restore the log only; nothing was written",
            keys_file.display()
        );
    }
    let keys = BackupKeys::load(keys_file).context("nothing was written")?;
    keys.check_matches(named).context("nothing was written")?;
    keys.plan(paths).context("nothing was written")
}

/// One key file to put back (or found already there).
#[derive(Debug, Clone)]
pub struct KeyAction {
    pub key: KeyCopy,
    pub path: PathBuf,
    /// `false`: the same file is already there.
    pub write: bool,
}

impl KeyAction {
    /// Write the key file (mode 0600) if it is missing: to a temporary file in the same
    /// directory, then linked to its name, which fails rather than replace a file that
    /// appeared meanwhile. Returns whether it wrote.
    pub fn apply(&self) -> anyhow::Result<bool> {
        if !self.write {
            return Ok(false);
        }
        if let Some(dir) = self.path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
        }
        let tmp = infra::private_file::temp_path(&self.path);
        let _ = std::fs::remove_file(&tmp);
        infra::private_file::write_new(&tmp, &self.key.bytes).with_context(|| format!("cannot write {}", tmp.display()))?;
        let linked = std::fs::hard_link(&tmp, &self.path);
        let _ = std::fs::remove_file(&tmp);
        match linked {
            Ok(()) => Ok(true),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => match std::fs::read(&self.path) {
                Ok(bytes) if bytes == self.key.bytes => Ok(false),
                _ => bail!(
                    "the {} key file {} appeared while restoring and is not the backup's: it is not overwritten; \
                     check which process wrote it, then restore again",
                    self.key.which.name(),
                    self.path.display()
                ),
            },
            Err(e) => Err(e).with_context(|| format!("cannot create {}", self.path.display())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Key files as the services create them, in a temporary directory.
    fn deployment(dir: &Path) -> KeyPaths {
        let paths = KeyFileArgs::default().paths(dir);
        orchestrator::keys::load_or_create(&paths.orchestrator).expect("orchestrator key");
        randomness_service::Keys::load_or_create(&paths.randomness).expect("randomness keys");
        paths
    }

    #[test]
    fn a_keys_file_roundtrips_and_names_the_public_keys() {
        let dir = tempfile::tempdir().expect("tempdir");
        let paths = deployment(dir.path());
        let keys = BackupKeys::read_key_files(&paths).expect("read");
        let orchestrator = orchestrator::keys::load_or_create(&paths.orchestrator).expect("load").public_key();
        let randomness = randomness_service::Keys::load_or_create(&paths.randomness).expect("load").public_key();
        assert_eq!(keys.orchestrator.public_key, orchestrator);
        assert_eq!(keys.randomness.public_key, randomness);

        let out = dir.path().join("b.backup.keys");
        keys.write(&out).expect("write");
        let bytes = std::fs::read(&out).expect("read back");
        assert!(bytes.starts_with(KEYS_MAGIC));
        let text = String::from_utf8_lossy(&bytes);
        assert!(text.contains(&hex::encode(orchestrator)) && text.contains(&hex::encode(randomness)), "{text}");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            assert_eq!(std::fs::metadata(&out).expect("meta").permissions().mode() & 0o777, 0o600, "a keys file is private");
        }
        let again = BackupKeys::load(&out).expect("load");
        assert_eq!(again, keys);
        assert_eq!(again.orchestrator.bytes, std::fs::read(&paths.orchestrator).expect("file"), "the key file is kept byte for byte");
        assert_eq!(keys_file_of(Path::new("/x/all.backup")), Path::new("/x/all.backup.keys"));
    }

    #[test]
    fn a_damaged_or_foreign_keys_file_is_refused() {
        let dir = tempfile::tempdir().expect("tempdir");
        let keys = BackupKeys::read_key_files(&deployment(dir.path())).expect("read");
        let bytes = keys.encode().expect("encode");
        let shown = Path::new("k.keys");
        let err = |b: &[u8]| format!("{:#}", BackupKeys::decode(b, shown).expect_err("refused"));
        assert!(err(&bytes[..bytes.len() / 2]).contains("damaged or cut short"));
        assert!(err(b"ARBITER-BACKUP 1\n").contains("not an Arbiter keys file"));
        // A public key that is not the one the key file holds.
        let other = hex::encode([9u8; 32]);
        let text = String::from_utf8(bytes.clone()).expect("utf8").replacen(&hex::encode(keys.randomness.public_key), &other, 1);
        assert!(err(text.as_bytes()).contains("damaged: its randomness key file holds public key"), "{}", err(text.as_bytes()));
        // The orchestrator's key file where the randomness one belongs.
        let mut swapped: serde_json::Value = serde_json::from_slice(&bytes[KEYS_MAGIC.len()..]).expect("json");
        swapped["randomness"] = swapped["orchestrator"].clone();
        let mut swapped_bytes = KEYS_MAGIC.to_vec();
        swapped_bytes.extend(serde_json::to_vec(&swapped).expect("json"));
        assert!(err(&swapped_bytes).contains("the randomness key in the keys file k.keys is not valid"), "{}", err(&swapped_bytes));
    }

    #[test]
    fn keys_that_the_backed_up_matches_do_not_name_are_refused() {
        let dir = tempfile::tempdir().expect("tempdir");
        let keys = BackupKeys::read_key_files(&deployment(dir.path())).expect("read");
        let (o, r) = (keys.orchestrator.public_key, keys.randomness.public_key);
        keys.check_matches([("m1", &o[..], &r[..]), ("old", &[][..], &r[..])]).expect("the matches name these keys");
        let other = [5u8; 32];
        let e = format!("{:#}", keys.check_matches([("m1", &o[..], &r[..]), ("m2", &other[..], &r[..]), ("m3", &o[..], &other[..])]).expect_err("refused"));
        assert!(e.contains("match m2 was created under the orchestrator key") && e.contains(&hex::encode(other)) && e.contains(&hex::encode(o)), "{e}");
        assert!(e.contains("1 more"), "{e}");
    }

    #[test]
    fn restoring_keys_writes_missing_files_private_and_never_replaces_another_key() {
        let dir = tempfile::tempdir().expect("tempdir");
        let keys = BackupKeys::read_key_files(&deployment(&dir.path().join("a"))).expect("read");
        let target = KeyFileArgs::default().paths(&dir.path().join("b"));

        // Missing: written, mode 0600, byte for byte; a second time: already there.
        let plan = keys.plan(&target).expect("plan");
        assert!(plan.iter().all(|a| a.write));
        for action in &plan {
            assert!(action.apply().expect("apply"));
        }
        assert_eq!(std::fs::read(&target.orchestrator).expect("file"), keys.orchestrator.bytes);
        assert_eq!(std::fs::read(&target.randomness).expect("file"), keys.randomness.bytes);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            assert_eq!(std::fs::metadata(&target.randomness).expect("meta").permissions().mode() & 0o777, 0o600);
        }
        assert!(keys.plan(&target).expect("plan").iter().all(|a| !a.write));

        // Another deployment's key there: refused, naming both public keys, the file unchanged.
        let other = BackupKeys::read_key_files(&deployment(&dir.path().join("c"))).expect("read");
        let e = format!("{:#}", other.plan(&target).expect_err("refused"));
        assert!(e.contains("already exists and holds another key"), "{e}");
        assert!(e.contains(&hex::encode(keys.orchestrator.public_key)) && e.contains(&hex::encode(other.orchestrator.public_key)), "{e}");
        assert_eq!(std::fs::read(&target.orchestrator).expect("file"), keys.orchestrator.bytes);
        // Not a key file at all: refused too.
        std::fs::write(&target.randomness, b"not json").expect("write");
        std::fs::remove_file(&target.orchestrator).expect("rm");
        let e = format!("{:#}", keys.plan(&target).expect_err("refused"));
        assert!(e.contains("randomness key file") && e.contains("is not a valid key file"), "{e}");
        assert!(!target.orchestrator.exists(), "a refused plan writes nothing");

        // A file that appears between the check and the write is not replaced either.
        let plan = keys.plan(&KeyFileArgs::default().paths(&dir.path().join("d"))).expect("plan");
        let action = plan.first().expect("the orchestrator key");
        std::fs::create_dir_all(action.path.parent().expect("dir")).expect("mkdir");
        std::fs::write(&action.path, b"written meanwhile").expect("write");
        let e = format!("{:#}", action.apply().expect_err("refused"));
        assert!(e.contains("appeared while restoring"), "{e}");
        assert_eq!(std::fs::read(&action.path).expect("file"), b"written meanwhile");
    }

    #[test]
    fn a_backup_without_a_key_file_says_which_and_what_to_do() {
        let dir = tempfile::tempdir().expect("tempdir");
        let paths = deployment(dir.path());
        std::fs::remove_file(&paths.randomness).expect("rm");
        let e = format!("{:#}", BackupKeys::read_key_files(&paths).expect_err("refused"));
        assert!(e.contains("no randomness key file at") && e.contains("--randomness-key-file") && e.contains("--no-keys"), "{e}");
    }
}
