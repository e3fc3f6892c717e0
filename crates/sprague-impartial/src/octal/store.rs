//! The one array of a sequence's values: in memory, or past memory in a
//! memory-mapped file on disk, and read by the engine's second thread
//! while the main thread appends to it.
//!
//! **In memory** the values are a `Vec`. **On disk** they are a file of
//! the values as stored (one or two bytes a heap, native order), mapped
//! into memory: the engine reads it as a slice, as it reads the vector.
//! Its blocks are reserved when it grows (`fallocate`), so a full disk is
//! an error then, never a fault on a later write. What stays resident is
//! what the engine reads: the reads of a heap fall at the start of the
//! sequence (the rare heaps, the scan's small parts) and in a window just
//! below it (`docs/records.md`), and every `window / 2` values the pages
//! between the first `start` values and the last `window` are given back
//! to the system (`MADV_DONTNEED`: the contents stay in the file, and a
//! rare read there pages them in again).
//!
//! **One array for two threads.** The worker of a pipelined run
//! (`pipeline`) reads the values the main thread has published while the
//! main thread appends more, without a copy of its own: a [`Reader`] is the
//! address of the array and the worker makes a slice of its published
//! prefix. This is the crate's one module with `unsafe`, for three facts
//! the compiler cannot check: (1) while a reader exists the array never
//! moves (no reallocation, no remapping: [`Values::push`] refuses to grow
//! while shared, and callers reserve first); (2) the main thread writes
//! only at the end, past every value published, and through a raw pointer
//! or `Vec::push`, which creates no reference to the published values;
//! (3) the worker reads only values published to it by a release store of
//! the count that its acquire load saw. So no byte is written while a
//! reference to it exists.
#![allow(unsafe_code)]

use std::fs::File;
use std::marker::PhantomData;
use std::path::{Path, PathBuf};

use memmap2::{MmapOptions, MmapRaw, UncheckedAdvice};

use super::cell::Cell;

/// Where the values are kept past memory, and how many stay resident.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiskPlan {
    /// The directory of the values file.
    pub dir: PathBuf,
    /// How many of the first values stay resident.
    pub start: usize,
    /// How many of the last values stay resident.
    pub window: usize,
}

/// The granularity of what is given back: a multiple of every page size
/// in use (4 KiB, 16 KiB, 64 KiB).
const RELEASE_ALIGN: usize = 1 << 16;

/// The values of a sequence (see the module documentation).
pub(crate) struct Values<V: Cell> {
    kind: Kind<V>,
    /// A [`Reader`] exists: the array must not move.
    shared: bool,
}

enum Kind<V: Cell> {
    Memory(Vec<V>),
    Disk(Disk<V>),
}

/// The values in a mapped file.
struct Disk<V> {
    plan: DiskPlan,
    name: String,
    path: PathBuf,
    file: File,
    map: MmapRaw,
    /// Values written.
    len: usize,
    /// Values the file and the map hold room for.
    capacity: usize,
    /// The next length at which pages are given back.
    next_release: usize,
    _values: PhantomData<V>,
}

impl<V: Cell> std::fmt::Debug for Values<V> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.kind {
            Kind::Memory(v) => write!(f, "Values::Memory({} values)", v.len()),
            Kind::Disk(d) => write!(f, "Values::Disk({} values in {})", d.len, d.path.display()),
        }
    }
}

impl<V: Cell> Clone for Values<V> {
    /// A copy in memory (a sequence on disk is copied only by the tests).
    fn clone(&self) -> Values<V> {
        Values::from_vec(self.to_vec())
    }
}

impl<V: Cell> Default for Values<V> {
    fn default() -> Values<V> {
        Values::from_vec(Vec::new())
    }
}

impl<V: Cell> std::ops::Deref for Values<V> {
    type Target = [V];
    #[inline]
    fn deref(&self) -> &[V] {
        match &self.kind {
            Kind::Memory(v) => v,
            // SAFETY: the map holds `capacity >= len` values of `V` (one or
            // two bytes, and the map is page-aligned), the first `len`
            // written (the file is extended with zeros, which are values
            // too), and nothing writes below `len` (fact 2 of the module
            // documentation).
            Kind::Disk(d) => unsafe {
                std::slice::from_raw_parts(d.map.as_ptr().cast::<V>(), d.len)
            },
        }
    }
}

impl<V: Cell> Values<V> {
    pub fn from_vec(values: Vec<V>) -> Values<V> {
        Values {
            kind: Kind::Memory(values),
            shared: false,
        }
    }

    /// Empty values in a new file in `plan.dir`, named after `name`, with
    /// room for `capacity` values.
    ///
    /// # Errors
    ///
    /// The system's error, with the file named, when the directory is not
    /// writable or the disk has no room.
    pub fn on_disk(plan: &DiskPlan, name: &str, capacity: usize) -> std::io::Result<Values<V>> {
        remove_stale(&plan.dir, name);
        // One name per store: a store made while another of the same
        // sequence lives (a resume, a widening) has a file of its own.
        static MADE: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let made = MADE.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let path = plan.dir.join(format!(
            "{name}.{}-{made}.{}bit.values",
            std::process::id(),
            8 * size_of::<V>()
        ));
        let named =
            |e: std::io::Error| std::io::Error::new(e.kind(), format!("{}: {e}", path.display()));
        let file = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(true)
            .open(&path)
            .map_err(named)?;
        let capacity = capacity.max(RELEASE_ALIGN);
        // Nothing is left behind on an error.
        let made = reserve_blocks(&file, capacity * size_of::<V>())
            .and_then(|()| MmapOptions::new().map_raw(&file));
        let map = match made {
            Ok(map) => map,
            Err(e) => {
                let _ = std::fs::remove_file(&path);
                return Err(named(e));
            }
        };
        Ok(Values {
            kind: Kind::Disk(Disk {
                plan: plan.clone(),
                name: name.to_string(),
                path,
                file,
                map,
                len: 0,
                capacity,
                next_release: plan.start + plan.window + plan.window / 2,
                _values: PhantomData,
            }),
            shared: false,
        })
    }

    /// The same values stored as `W` (a wider type), on disk if they
    /// were (in a file of their own; this one is removed when dropped).
    ///
    /// # Errors
    ///
    /// As [`Values::on_disk`].
    pub fn widen<W: Cell>(&self) -> std::io::Result<Values<W>> {
        let mut wide = match &self.kind {
            Kind::Memory(v) => Values::from_vec(Vec::with_capacity(v.capacity())),
            Kind::Disk(d) => Values::on_disk(&d.plan, &d.name, d.capacity)?,
        };
        wide.try_reserve(self.len())?;
        for &v in self.iter() {
            wide.push(W::from_u32(v.to_u32()));
        }
        Ok(wide)
    }

    /// The values file, if they are on disk.
    pub fn disk_path(&self) -> Option<&Path> {
        match &self.kind {
            Kind::Memory(_) => None,
            Kind::Disk(d) => Some(&d.path),
        }
    }

    /// The values as a vector (copied if on disk).
    pub fn into_vec(self) -> Vec<V> {
        match self.kind {
            Kind::Memory(v) => v,
            Kind::Disk(_) => self.to_vec(),
        }
    }

    /// A copy of the values in a vector.
    pub fn to_vec(&self) -> Vec<V> {
        self[..].to_vec()
    }

    /// Room for `additional` more values without moving.
    ///
    /// # Errors
    ///
    /// On disk: the system's error when the file cannot grow (a full disk).
    pub fn try_reserve(&mut self, additional: usize) -> std::io::Result<()> {
        let len = self.len();
        match &mut self.kind {
            Kind::Memory(v) => {
                v.reserve(additional);
                Ok(())
            }
            Kind::Disk(d) => {
                let needed = len.saturating_add(additional);
                if needed <= d.capacity {
                    return Ok(());
                }
                assert!(!self.shared, "a shared array must not move");
                // An eighth more at least, so that growing step by step
                // remaps rarely.
                let capacity = needed.max(d.capacity + d.capacity / 8);
                reserve_blocks(&d.file, capacity * size_of::<V>()).map_err(|e| {
                    std::io::Error::new(e.kind(), format!("{}: {e}", d.path.display()))
                })?;
                d.map = MmapOptions::new().map_raw(&d.file)?;
                d.capacity = capacity;
                Ok(())
            }
        }
    }

    /// Appends `v`; the room must have been reserved while the array is
    /// shared.
    #[inline]
    pub fn push(&mut self, v: V) {
        match &mut self.kind {
            Kind::Memory(values) => {
                assert!(
                    !self.shared || values.len() < values.capacity(),
                    "a shared array must not move"
                );
                values.push(v);
            }
            Kind::Disk(d) => {
                if d.len == d.capacity {
                    assert!(!self.shared, "a shared array must not move");
                    let grown = self.try_reserve(1);
                    if let Err(e) = grown {
                        panic!("the values file cannot grow: {e}");
                    }
                    let Kind::Disk(d) = &mut self.kind else {
                        unreachable!("on disk above")
                    };
                    d.write(v);
                } else {
                    d.write(v);
                }
            }
        }
    }

    /// Calls `f` on the values a chunk at a time, in order; on disk, the
    /// pages of each chunk outside the start and the window are given back
    /// once `f` has read them, so that a pass over every value (a review of
    /// the classification, a checkpoint) stays within them.
    pub fn scan(&self, mut f: impl FnMut(usize, &[V])) {
        const CHUNK: usize = 1 << 22;
        let mut from = 0;
        for chunk in self.chunks(CHUNK) {
            f(from, chunk);
            from += chunk.len();
            self.release_below(from);
        }
    }

    /// On disk, gives back the pages of the values below `end` that lie
    /// outside the start and the window; in memory, nothing.
    pub fn release_below(&self, end: usize) {
        if let Kind::Disk(d) = &self.kind {
            d.release(end.min(d.len.saturating_sub(d.plan.window)));
        }
    }

    /// A handle for another thread to read the values published to it.
    /// Until [`Values::unshare`], the array does not move.
    pub fn share(&mut self) -> Reader<V> {
        self.shared = true;
        let ptr = match &mut self.kind {
            Kind::Memory(v) => v.as_ptr(),
            Kind::Disk(d) => d.map.as_ptr().cast::<V>(),
        };
        Reader {
            ptr,
            _values: PhantomData,
        }
    }

    /// Says that no reader of [`Values::share`] is left (the other thread
    /// has ended).
    pub fn unshare(&mut self) {
        self.shared = false;
    }
}

impl<V: Cell> Disk<V> {
    #[inline]
    fn write(&mut self, v: V) {
        debug_assert!(self.len < self.capacity);
        // SAFETY: `len < capacity`, so the slot lies in the map, and no
        // reference to it exists (fact 2 of the module documentation).
        unsafe { self.map.as_mut_ptr().cast::<V>().add(self.len).write(v) };
        self.len += 1;
        if self.len == self.next_release {
            self.next_release = self.len + (self.plan.window / 2).max(RELEASE_ALIGN);
            self.release(self.len.saturating_sub(self.plan.window));
        }
    }

    /// Gives back the pages between the first `start` values and value
    /// `end` (see the module documentation).
    #[cold]
    fn release(&self, end: usize) {
        let size = size_of::<V>();
        let from = (self.plan.start * size).next_multiple_of(RELEASE_ALIGN);
        let to = (end * size) / RELEASE_ALIGN * RELEASE_ALIGN;
        if to > from {
            // SAFETY: the map is a shared mapping of a file, so the pages
            // given back keep their contents (in the file and the page
            // cache) and are read back on the next access; the advice
            // changes no value another thread may be reading.
            let _ = unsafe {
                self.map
                    .unchecked_advise_range(UncheckedAdvice::DontNeed, from, to - from)
            };
        }
    }
}

impl<V> Drop for Disk<V> {
    /// The file is scratch, read by no other run (a resumed run reads its
    /// checkpoint): it goes with the values.
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

/// Removes the values files of `name` in `dir` that processes no longer
/// running left (a run killed with `kill -9` removes nothing): scratch that
/// no run reads, and that would hold the disk a resumed run needs. Only
/// where `/proc` says which processes run.
fn remove_stale(dir: &Path, name: &str) {
    if !Path::new("/proc/self").exists() {
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let file = entry.file_name();
        let Some(rest) = file
            .to_str()
            .and_then(|f| f.strip_prefix(name)?.strip_prefix('.'))
            .filter(|rest| rest.ends_with("bit.values"))
        else {
            continue;
        };
        let pid = rest.split('-').next().and_then(|p| p.parse::<u32>().ok());
        if let Some(pid) = pid
            && pid != std::process::id()
            && !Path::new(&format!("/proc/{pid}")).exists()
        {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Reserves the blocks of the first `bytes` of `file` (growing it), so
/// that writes through the map cannot fail for want of space.
fn reserve_blocks(file: &File, bytes: usize) -> std::io::Result<()> {
    let bytes = bytes as u64;
    let len = file.metadata()?.len();
    if bytes > len {
        // Checked first: a request the disk cannot hold fails before it
        // fills the disk (`fallocate` may keep what it got).
        let disk = rustix::fs::fstatvfs(file)?;
        let free = disk.f_bavail.saturating_mul(disk.f_frsize);
        if bytes - len > free {
            return Err(std::io::Error::new(
                std::io::ErrorKind::StorageFull,
                format!(
                    "{} bytes more do not fit in the {free} bytes free on its disk",
                    bytes - len
                ),
            ));
        }
        rustix::fs::fallocate(file, rustix::fs::FallocateFlags::empty(), len, bytes - len)?;
    }
    Ok(())
}

/// A thread's handle on a shared [`Values`] array (see
/// [`Values::share`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Reader<V> {
    ptr: *const V,
    _values: PhantomData<V>,
}

// SAFETY: a reader only makes shared slices of values that are no longer
// written (fact 3 of the module documentation), and `V` is plain data.
unsafe impl<V: Cell> Send for Reader<V> {}
unsafe impl<V: Cell> Sync for Reader<V> {}

impl<V: Cell> Reader<V> {
    /// The first `published` values: the count must come from an acquire
    /// load of what the main thread published by a release store, and the
    /// array must still be shared.
    #[inline]
    pub fn published(&self, published: usize) -> &[V] {
        // SAFETY: facts 1 to 3 of the module documentation: the array has
        // not moved since `share`, its first `published` values are written
        // and visible to this thread, and nothing writes them any more.
        unsafe { std::slice::from_raw_parts(self.ptr, published) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_on_disk_read_back_as_written_past_releases() {
        let dir = std::env::temp_dir().join(format!("sprague-store-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let plan = DiskPlan {
            dir: dir.clone(),
            start: 1000,
            window: 1 << 16,
        };
        let mut v = Values::<u16>::on_disk(&plan, "test", 10).unwrap();
        // Past the first capacity (growing) and many releases.
        for i in 0..1_000_000u32 {
            v.push((i.wrapping_mul(2_654_435_761) >> 16) as u16);
        }
        assert_eq!(v.len(), 1_000_000);
        for (i, &x) in v.iter().enumerate() {
            assert_eq!(x, ((i as u32).wrapping_mul(2_654_435_761) >> 16) as u16);
        }
        // The blocks are reserved: the file holds at least the values.
        let path = v.disk_path().unwrap().to_path_buf();
        assert!(std::fs::metadata(&path).unwrap().len() >= 2_000_000);
        // The file is scratch, removed with the values.
        drop(v);
        assert!(!path.exists());
        std::fs::remove_dir(dir).unwrap();
    }

    #[test]
    fn an_unwritable_directory_is_an_error() {
        let plan = DiskPlan {
            dir: PathBuf::from("/nonexistent/sprague"),
            start: 10,
            window: 10,
        };
        let e = Values::<u16>::on_disk(&plan, "x", 10).unwrap_err();
        assert!(e.to_string().contains("/nonexistent/sprague"), "{e}");
    }
}
