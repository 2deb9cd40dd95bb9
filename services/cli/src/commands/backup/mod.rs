//! `arbiter backup` and `arbiter restore`, for every format of the match log (docs/reliability.md,
//! "Backups"), in one module over `eventlog`'s copy primitives (`eventlog::Copier`, the log's
//! own appends, the archive bucket and the index):
//! - `format`: the bytes of a backup file (formats 1, 2 and 3);
//! - `keys`: the keys file beside it (`<backup>.keys`), never inside it;
//! - `write`: the backup itself;
//! - `check`: the restore's first pass, the whole file checked before anything is written;
//! - `restore`: its second pass, the file written into a store;
//! - `cmd`: the command lines.
//!
//! Each file imports only the ones listed before it (and `cmd` those it runs).

mod check;
mod cmd;
pub mod format;
pub mod keys;
mod restore;
mod write;

pub use cmd::{BackupCmd, RestoreCmd};
pub use format::{match_of, partition_of, write_end, write_record, Reader, Record, MAGIC};
pub use restore::RestoreSummary;
pub use write::Backup;
