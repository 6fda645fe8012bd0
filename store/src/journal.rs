//! The store's durability point: a write-ahead journal of each commit's writes.
//!
//! sled 0.34 makes a write durable with its `flush` (a `pwrite` and a `sync_file_range`, one
//! trip to the device) and Skald then needed an `fdatasync` of sled's log (a second trip) so
//! the write also survived a power cut. With the journal, a commit's writes (every key put or
//! removed, in every tree) are appended to a preallocated file and made durable with one
//! `fdatasync`, and sled writes its own log in the background (every 500 ms). Opening the
//! store replays the journal's records in order over whatever sled kept, which brings every
//! key a journaled commit wrote to its last journaled value; then sled is flushed durably
//! and the journal starts again.
//!
//! The file has a fixed size, zero-filled and synced when created, so a record overwrites
//! bytes already allocated and `fdatasync` need not write the file's size. A record is
//! `[payload length u32][crc32 of sequence + payload u32][sequence u64][payload]`, little
//! endian; records follow each other from offset 0, their sequence numbers consecutive.
//! Replay stops at the first record whose checksum or sequence does not follow (a torn
//! write, or an older generation's record after a restart at offset 0). When a record does
//! not fit, sled is flushed durably (a checkpoint) and writing restarts at offset 0.
//!
//! Commits are appended in the order they were applied to sled (the store holds the
//! journal's lock across its transaction and the append), so replay applies them in that
//! order. Payloads are the documents themselves: the journal lives in the data directory,
//! beside the store, and is never logged.

use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::os::unix::fs::FileExt;
use std::path::Path;
use std::sync::{Mutex, MutexGuard, PoisonError};

/// The journal's file name in the store's directory.
pub const FILE_NAME: &str = "skald-journal";
/// Its size: room for a few hundred commits between checkpoints.
const SIZE: u64 = 8 << 20;
/// Length, checksum and sequence number.
const HEADER: u64 = 16;

/// One key written by a commit: `value` `None` removes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyWrite {
    /// Which tree ([`crate::store::sled`] numbers them).
    pub tree: u8,
    /// The key.
    pub key: Vec<u8>,
    /// The new value, or `None` for a removal.
    pub value: Option<Vec<u8>>,
}

/// Everything one commit wrote, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WriteSet(pub Vec<KeyWrite>);

impl WriteSet {
    /// Records a put.
    pub fn put(&mut self, tree: u8, key: &[u8], value: &[u8]) {
        self.0.push(KeyWrite {
            tree,
            key: key.to_vec(),
            value: Some(value.to_vec()),
        });
    }

    /// Records a removal.
    pub fn remove(&mut self, tree: u8, key: &[u8]) {
        self.0.push(KeyWrite {
            tree,
            key: key.to_vec(),
            value: None,
        });
    }

    fn encode(&self) -> Vec<u8> {
        let mut out = Vec::new();
        for w in &self.0 {
            out.push(w.tree);
            out.push(u8::from(w.value.is_some()));
            out.extend_from_slice(&(w.key.len() as u32).to_le_bytes());
            out.extend_from_slice(&w.key);
            if let Some(v) = &w.value {
                out.extend_from_slice(&(v.len() as u32).to_le_bytes());
                out.extend_from_slice(v);
            }
        }
        out
    }

    fn decode(mut bytes: &[u8]) -> Option<WriteSet> {
        fn take<'a>(bytes: &mut &'a [u8], n: usize) -> Option<&'a [u8]> {
            let (head, rest) = (bytes.get(..n)?, bytes.get(n..)?);
            *bytes = rest;
            Some(head)
        }
        fn len(bytes: &mut &[u8]) -> Option<usize> {
            let b = take(bytes, 4)?;
            Some(u32::from_le_bytes(b.try_into().ok()?) as usize)
        }
        let mut set = WriteSet::default();
        while !bytes.is_empty() {
            let kind = take(&mut bytes, 2)?;
            let n = len(&mut bytes)?;
            let key = take(&mut bytes, n)?.to_vec();
            let value = match kind[1] {
                0 => None,
                1 => {
                    let n = len(&mut bytes)?;
                    Some(take(&mut bytes, n)?.to_vec())
                }
                _ => return None,
            };
            set.0.push(KeyWrite {
                tree: kind[0],
                key,
                value,
            });
        }
        Some(set)
    }
}

/// Where the next record goes.
struct Cursor {
    offset: u64,
    sequence: u64,
}

/// The open journal.
pub struct Journal {
    file: File,
    cursor: Mutex<Cursor>,
}

/// Held across a commit's sled transaction and its append, so records follow sled's order.
pub struct Appending<'a> {
    journal: &'a Journal,
    cursor: MutexGuard<'a, Cursor>,
}

/// What appending needs from the store: a durable flush of sled, for a checkpoint.
pub type Checkpoint<'a> = &'a dyn Fn() -> std::io::Result<()>;

impl Journal {
    /// Opens the journal in `dir` (creating and preallocating it) and returns it with the
    /// write sets it still holds, oldest first, for the store to replay.
    pub fn open(dir: &Path) -> std::io::Result<(Journal, Vec<WriteSet>)> {
        let path = dir.join(FILE_NAME);
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)?;
        if file.metadata()?.len() != SIZE {
            // New (or of another size): zero-filled to its full size, synced with its
            // directory entry, before any record relies on it.
            file.set_len(0)?;
            file.seek(SeekFrom::Start(0))?;
            let zeros = vec![0u8; 1 << 20];
            for _ in 0..(SIZE >> 20) {
                file.write_all(&zeros)?;
            }
            file.sync_all()?;
            File::open(dir)?.sync_all()?;
        }
        let mut bytes = Vec::with_capacity(SIZE as usize);
        file.seek(SeekFrom::Start(0))?;
        file.read_to_end(&mut bytes)?;
        let (sets, sequence) = read_records(&bytes);
        let journal = Journal {
            file,
            cursor: Mutex::new(Cursor {
                offset: 0,
                sequence,
            }),
        };
        Ok((journal, sets))
    }

    /// Starts a commit: the lock that orders records like sled's transactions.
    pub fn begin(&self) -> Appending<'_> {
        Appending {
            journal: self,
            cursor: self.cursor.lock().unwrap_or_else(PoisonError::into_inner),
        }
    }

    /// Makes every record appended so far durable (one `fdatasync`).
    pub fn sync(&self) -> std::io::Result<()> {
        self.file.sync_data()
    }

    /// Empties the journal once sled holds everything durably (after a replay, or at a
    /// shutdown): a marker at offset 0 (a record with no payload) keeps the last sequence
    /// number, so the records left after it never replay, and the next ones continue it.
    pub fn reset(&self, checkpoint: Checkpoint<'_>) -> std::io::Result<()> {
        let mut cursor = self.cursor.lock().unwrap_or_else(PoisonError::into_inner);
        checkpoint()?;
        self.file.write_all_at(&record(cursor.sequence, &[]), 0)?;
        self.file.sync_data()?;
        cursor.offset = 0;
        Ok(())
    }
}

impl Appending<'_> {
    /// Writes `set` as the next record (not yet synced: see [`Journal::sync`]). When it does
    /// not fit, sled is flushed durably first and the journal starts again at offset 0;
    /// a record larger than the whole journal is not written, the checkpoint covers it.
    pub fn append(mut self, set: &WriteSet, checkpoint: Checkpoint<'_>) -> std::io::Result<()> {
        let payload = set.encode();
        let size = HEADER + payload.len() as u64;
        if self.cursor.offset + size > SIZE {
            checkpoint()?;
            self.cursor.offset = 0;
            if size > SIZE {
                return Ok(());
            }
        }
        let sequence = self.cursor.sequence + 1;
        self.journal
            .file
            .write_all_at(&record(sequence, &payload), self.cursor.offset)?;
        self.cursor.offset += size;
        self.cursor.sequence = sequence;
        Ok(())
    }
}

/// One record: header and payload.
fn record(sequence: u64, payload: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(HEADER as usize + payload.len());
    out.extend_from_slice(&(payload.len() as u32).to_le_bytes());
    out.extend_from_slice(&checksum(sequence, payload).to_le_bytes());
    out.extend_from_slice(&sequence.to_le_bytes());
    out.extend_from_slice(payload);
    out
}

fn checksum(sequence: u64, payload: &[u8]) -> u32 {
    let mut crc = crc32fast::Hasher::new();
    crc.update(&sequence.to_le_bytes());
    crc.update(payload);
    crc.finalize()
}

/// The write sets of the records from offset 0 while they follow each other, and the last
/// sequence number seen (where the next generation continues).
fn read_records(bytes: &[u8]) -> (Vec<WriteSet>, u64) {
    let mut sets = Vec::new();
    let mut offset = 0usize;
    let mut last: Option<u64> = None;
    while let Some(header) = bytes.get(offset..offset + HEADER as usize) {
        let len = u32::from_le_bytes([header[0], header[1], header[2], header[3]]) as usize;
        let crc = u32::from_le_bytes([header[4], header[5], header[6], header[7]]);
        let mut seq = [0u8; 8];
        seq.copy_from_slice(&header[8..16]);
        let sequence = u64::from_le_bytes(seq);
        let start = offset + HEADER as usize;
        let Some(payload) = bytes.get(start..start + len) else {
            break;
        };
        if checksum(sequence, payload) != crc {
            break;
        }
        if len == 0 {
            // A reset marker: nothing to replay, but the sequence goes on from it.
            if last.is_none() {
                last = Some(sequence);
            }
            break;
        }
        if last.is_some_and(|l| sequence != l.wrapping_add(1)) {
            break;
        }
        let Some(set) = WriteSet::decode(payload) else {
            break;
        };
        sets.push(set);
        last = Some(sequence);
        offset = start + len;
    }
    (sets, last.unwrap_or(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(n: u8) -> WriteSet {
        let mut s = WriteSet::default();
        s.put(0, &[n], &vec![n; 100 + usize::from(n)]);
        s.remove(4, &[n, n]);
        s
    }

    fn temp(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("skald-journal-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("dir");
        dir
    }

    #[test]
    fn records_come_back_in_order_until_a_torn_one() {
        let dir = temp("order");
        let no_checkpoint = || Ok(());
        {
            let (j, old) = Journal::open(&dir).expect("opens");
            assert!(old.is_empty());
            for n in 1..=3 {
                j.begin().append(&set(n), &no_checkpoint).expect("appends");
            }
            j.sync().expect("syncs");
        }
        let (j, sets) = Journal::open(&dir).expect("opens again");
        assert_eq!(sets, [set(1), set(2), set(3)]);
        let len = std::fs::metadata(dir.join(FILE_NAME)).expect("meta").len();
        assert_eq!(len, SIZE, "the file keeps its size");
        drop(j);
        // A torn third record (its last byte lost) is not replayed; the two before it are.
        let mut bytes = std::fs::read(dir.join(FILE_NAME)).expect("read");
        let end = (0..3).fold(0usize, |off, _| {
            let l = u32::from_le_bytes(bytes[off..off + 4].try_into().expect("4")) as usize;
            off + HEADER as usize + l
        });
        bytes[end - 1] ^= 0xff;
        assert_eq!(read_records(&bytes).0, [set(1), set(2)]);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn after_a_reset_or_a_wrap_only_the_new_records_replay() {
        let dir = temp("reset");
        let (j, _) = Journal::open(&dir).expect("opens");
        let checkpoints = std::cell::Cell::new(0);
        let count = || {
            checkpoints.set(checkpoints.get() + 1);
            Ok(())
        };
        j.begin().append(&set(1), &count).expect("appends");
        j.begin().append(&set(2), &count).expect("appends");
        j.reset(&count).expect("resets");
        assert_eq!(checkpoints.get(), 1);
        j.begin().append(&set(3), &count).expect("appends");
        drop(j);
        let (j, sets) = Journal::open(&dir).expect("opens");
        assert_eq!(sets, [set(3)], "the records before the reset are gone");
        j.reset(&count).expect("resets");
        drop(j);
        // Reopened after a reset: the numbering goes on, so a shorter first record can
        // never make an older record that follows it replay.
        let (j, sets) = Journal::open(&dir).expect("opens");
        assert!(sets.is_empty());
        let mut tiny = WriteSet::default();
        tiny.put(0, b"t", b"");
        j.begin().append(&tiny, &count).expect("appends");
        drop(j);
        let (j, sets) = Journal::open(&dir).expect("opens");
        assert_eq!(sets, [tiny]);
        // Filling the file wraps to offset 0 after a checkpoint; the old tail is ignored.
        let big = {
            let mut s = WriteSet::default();
            s.put(0, b"k", &vec![7u8; 1 << 20]);
            s
        };
        for _ in 0..9 {
            j.begin().append(&big, &count).expect("appends");
        }
        assert_eq!(checkpoints.get(), 3, "one wrap after the two resets");
        j.begin().append(&set(5), &count).expect("appends");
        drop(j);
        let (_, sets) = Journal::open(&dir).expect("opens");
        assert_eq!(
            sets.len(),
            3,
            "two big records and the small one after the wrap"
        );
        assert_eq!(sets[2], set(5));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
