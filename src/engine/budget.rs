//! The work budget of move generation: what keeps a hostile but valid
//! game from hanging gamut or eating the machine.
//!
//! Some rules can explode: chained jumps over a lattice of pieces have
//! more paths than atoms, four parts of `step any` on a big board have
//! billions of ways, a network goal over a full board has as many
//! candidate networks. Each search charges a meter as it goes (a jump
//! tried, a way of a turn played, a step of a network search). A listing
//! that passes [`WORK_PER_LISTING`] stops and says which rule was
//! responsible; so does one that passes a deadline its caller set (the
//! time a bench or a search was given), or that would keep more than
//! [`MAX_MOVES`] moves in memory.
//!
//! The meter is per thread, so that the searches deep inside generation
//! need no extra parameter: an entry point of the engine opens a
//! [`Scope`] (nested scopes share the outermost's meter) and, when it
//! ends, finds whether the listing was cut short. Its fast path is one
//! thread-local counter; the clock is read once per [`CHUNK`] units.

use std::cell::{Cell, RefCell};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Units of work one listing may spend: about a second of the slowest
/// kind of step, and far beyond any listing of a real game (the shipped
/// games spend at most a few thousand).
pub const WORK_PER_LISTING: u64 = 4_000_000;

/// The most moves one position may have: enough for any real game, and a
/// bound on the memory a listing holds.
pub const MAX_MOVES: usize = 250_000;

/// Units charged between two looks at the clock.
const CHUNK: u64 = 4096;

/// Why a listing stopped before it was complete.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Overrun {
    /// A rule needed more work than a listing may spend.
    #[error("{what} passed {limit} steps of work, more than gamut spends on one position")]
    Work {
        /// The rule that spent it, as the game file words it.
        what: String,
        /// The units of work a listing may spend.
        limit: u64,
    },
    /// The position has more moves than a listing may keep.
    #[error("the position has more than {limit} legal moves, more than gamut lists")]
    Moves {
        /// The most moves a listing keeps.
        limit: usize,
    },
    /// Capturing jumps took more sets of pieces than a listing numbers.
    #[error(
        "the jumps of the position capture more than {limit} different sets of pieces, more than gamut lists"
    )]
    Captures {
        /// The most capture sets a listing numbers.
        limit: usize,
    },
    /// The caller's deadline passed.
    #[error("the time given ran out")]
    Deadline,
}

thread_local! {
    /// Units left in the current chunk: the fast path.
    static LEFT: Cell<u64> = const { Cell::new(u64::MAX) };
    /// Units left beyond the current chunk, for the open scope.
    static RESERVE: Cell<u64> = const { Cell::new(0) };
    /// How many scopes are open on this thread.
    static DEPTH: Cell<u32> = const { Cell::new(0) };
    static DEADLINE: Cell<Option<Instant>> = const { Cell::new(None) };
    /// A request from another thread to stop now (a search's `stop`).
    static CANCEL: RefCell<Option<Arc<AtomicBool>>> = const { RefCell::new(None) };
    /// The open scope has stopped.
    static STOP: Cell<bool> = const { Cell::new(false) };
    /// Why the open scope stopped, once it has and something said why.
    static STOPPED: RefCell<Option<Overrun>> = const { RefCell::new(None) };
}

/// An open metered listing; the outermost scope of a thread owns the meter.
pub(super) struct Scope {
    outermost: bool,
}

impl Scope {
    /// Opens a scope; the outermost one fills the meter with `units`.
    pub(super) fn begin(units: u64) -> Scope {
        let depth = DEPTH.get();
        DEPTH.set(depth + 1);
        let outermost = depth == 0;
        if outermost {
            // `STOPPED` is left alone: it is only ever set after `STOP`,
            // and emptied when a scope that stopped ends (it owns a
            // destructor, so touching it costs more than these cells).
            STOP.set(false);
            // The first chunk is given without a look at the clock: most
            // listings end within it.
            let first = units.min(CHUNK);
            LEFT.set(first);
            RESERVE.set(units - first);
        }
        Scope { outermost }
    }

    /// Closes the scope: why the listing stopped, if it did. An inner
    /// scope cut short by the outer meter tells it too (its listing is
    /// not whole), and leaves the meter stopped for the outermost, which
    /// clears it.
    pub(super) fn end(self) -> Option<Overrun> {
        let outermost = self.outermost;
        drop(self);
        if !STOP.get() {
            return None;
        }
        if !outermost {
            return Some(why_stopped());
        }
        STOP.set(false);
        let why = STOPPED.with(|s| s.borrow_mut().take());
        Some(why.unwrap_or_else(unnamed_overrun))
    }
}

/// Why the open listing stopped, once it has (see [`stopped`]).
pub(super) fn why_stopped() -> Overrun {
    STOPPED
        .with(|s| s.borrow().clone())
        .unwrap_or_else(unnamed_overrun)
}

/// An overrun no rule named with [`blame`].
fn unnamed_overrun() -> Overrun {
    Overrun::Work {
        what: "listing the moves".into(),
        limit: WORK_PER_LISTING,
    }
}

impl Drop for Scope {
    fn drop(&mut self) {
        DEPTH.set(DEPTH.get() - 1);
        if self.outermost {
            // Outside any scope the meter never stops anything.
            LEFT.set(u64::MAX);
        }
    }
}

/// Runs `f` in a scope of `units` (see [`Scope`]): its answer, and why
/// it stopped if it did.
pub(super) fn metered<R>(units: u64, f: impl FnOnce() -> R) -> (R, Option<Overrun>) {
    let scope = Scope::begin(units);
    let answer = f();
    (answer, scope.end())
}

/// Spends `units`; false once the listing must stop (then the caller
/// says what it was doing with [`blame`] and returns at once).
#[inline]
pub(super) fn charge(units: u64) -> bool {
    let left = LEFT.get();
    if left >= units {
        LEFT.set(left - units);
        return true;
    }
    refill(units)
}

#[cold]
fn refill(units: u64) -> bool {
    if DEPTH.get() == 0 {
        // Outside a listing nothing is metered.
        LEFT.set(u64::MAX);
        return true;
    }
    if STOP.get() {
        return false;
    }
    if deadline_passed() {
        stop(Overrun::Deadline);
        return false;
    }
    let reserve = RESERVE.get();
    let chunk = CHUNK.max(units);
    if reserve < chunk {
        // The rule that ran out names itself through `blame`.
        stop_here();
        return false;
    }
    RESERVE.set(reserve - chunk);
    LEFT.set(chunk - units);
    true
}

/// Whether the deadline the caller set ([`with_deadline`]) has passed:
/// for work made of many listings (perft), which checks it between them,
/// as a listing that charges little may never refill to see it.
pub(super) fn deadline_passed() -> bool {
    DEADLINE.get().is_some_and(|d| Instant::now() >= d)
        || CANCEL.with(|c| {
            c.borrow()
                .as_ref()
                .is_some_and(|f| f.load(Ordering::Relaxed))
        })
}

/// Whether the open listing has stopped.
#[inline]
pub(super) fn stopped() -> bool {
    STOP.get()
}

fn stop_here() {
    LEFT.set(0);
    RESERVE.set(0);
    STOP.set(true);
}

/// Records what the listing was doing when the meter ran out (the first
/// to blame, the innermost search, is kept).
#[cold]
pub(super) fn blame(what: impl FnOnce() -> String) {
    STOPPED.with(|s| {
        let mut s = s.borrow_mut();
        if s.is_none() {
            *s = Some(Overrun::Work {
                what: what(),
                limit: WORK_PER_LISTING,
            });
        }
    });
}

/// Stops the open listing for a reason of its own.
#[cold]
pub(super) fn stop(why: Overrun) {
    stop_here();
    STOPPED.with(|s| {
        let mut s = s.borrow_mut();
        if s.is_none() {
            *s = Some(why);
        }
    });
}

/// Runs `f` with at most `units` of work for all the listings it makes
/// on this thread together (see [`Scope`]): its answer, and why it stopped
/// if it did. A listing cut short says so in its own `overrun`.
pub fn within_work<R>(units: u64, f: impl FnOnce() -> R) -> (R, Option<Overrun>) {
    metered(units, f)
}

/// Runs `f` with a deadline for every listing it makes on this thread:
/// past it, a listing stops with [`Overrun::Deadline`]. The time a bench
/// or a search was given is honoured inside generation, not only between
/// play-outs.
pub fn with_deadline<R>(deadline: Instant, f: impl FnOnce() -> R) -> R {
    struct Restore(Option<Instant>);
    impl Drop for Restore {
        fn drop(&mut self) {
            DEADLINE.set(self.0);
        }
    }
    let before = DEADLINE.replace(Some(deadline));
    let _restore = Restore(before);
    f()
}

/// Runs `f` with a flag another thread may raise: once it is, a listing
/// on this thread stops as if its deadline had passed, so that a search
/// asked to answer now does so within a listing, not after it (one
/// listing of a hostile game may take a good part of a second, and a
/// play-out hundreds of them).
pub fn with_cancel<R>(flag: Arc<AtomicBool>, f: impl FnOnce() -> R) -> R {
    struct Restore(Option<Arc<AtomicBool>>);
    impl Drop for Restore {
        fn drop(&mut self) {
            CANCEL.with(|c| *c.borrow_mut() = self.0.take());
        }
    }
    let before = CANCEL.with(|c| c.borrow_mut().replace(flag));
    let _restore = Restore(before);
    f()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_raised_flag_stops_a_listing_as_a_deadline_does() {
        let flag = Arc::new(AtomicBool::new(false));
        let why = with_cancel(Arc::clone(&flag), || {
            let scope = Scope::begin(u64::MAX);
            let mut spent = 0u64;
            while charge(1) {
                spent += 1;
                if spent == 3 * CHUNK {
                    flag.store(true, Ordering::Relaxed);
                }
                assert!(spent <= 5 * CHUNK, "the raised flag was not heard");
            }
            scope.end()
        });
        assert_eq!(why, Some(Overrun::Deadline));
        // Outside `with_cancel` the flag is no longer looked at.
        let scope = Scope::begin(u64::MAX);
        assert!((0..3 * CHUNK).all(|_| charge(1)));
        assert_eq!(scope.end(), None);
    }

    #[test]
    fn a_scope_stops_once_its_units_are_spent_and_says_who_spent_them() {
        let scope = Scope::begin(10_000);
        let mut spent = 0;
        while charge(1) {
            spent += 1;
            assert!(spent <= 10_000, "the meter never stopped");
        }
        blame(|| "counting sheep".into());
        // Later charges fail at once; the first blame is kept.
        assert!(!charge(1) && stopped());
        blame(|| "something else".into());
        let why = scope.end();
        assert!(spent >= 10_000 - CHUNK, "{spent}");
        assert_eq!(
            why,
            Some(Overrun::Work {
                what: "counting sheep".into(),
                limit: WORK_PER_LISTING
            })
        );
        // Outside a scope nothing is metered, and a new scope starts clean.
        assert!(charge(u64::MAX / 2));
        let scope = Scope::begin(100);
        assert!(charge(100) && !stopped());
        assert_eq!(scope.end(), None);
    }

    #[test]
    fn an_inner_scope_shares_the_outer_meter_and_both_tell() {
        let outer = Scope::begin(CHUNK * 2);
        let inner = Scope::begin(u64::MAX);
        while charge(1) {}
        stop(Overrun::Moves { limit: 7 });
        assert_eq!(inner.end(), Some(Overrun::Moves { limit: 7 }));
        // Only the outermost clears the meter.
        assert!(stopped());
        // Nothing blamed the spent units, so the first reason given stands.
        assert_eq!(outer.end(), Some(Overrun::Moves { limit: 7 }));
    }

    #[test]
    fn a_deadline_that_has_passed_stops_a_listing_at_its_next_look_at_the_clock() {
        let why = with_deadline(Instant::now(), || {
            let scope = Scope::begin(u64::MAX);
            let mut charged = 0u64;
            while charge(1) {
                charged += 1;
            }
            assert_eq!(charged, CHUNK, "the clock is read once per chunk");
            scope.end()
        });
        assert_eq!(why, Some(Overrun::Deadline));
    }
}
