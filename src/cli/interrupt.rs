//! Ctrl-C while the computer thinks at the prompt: the search answers at
//! once with the best move it has found (as a "move now"), instead of
//! gamut ending mid-game. A second Ctrl-C during the same search ends
//! gamut as usual, should the search be in a listing that does not look
//! at the request.

use std::sync::OnceLock;

use crate::ai::Stop;

/// The request a Ctrl-C makes, shared by every search of the session.
static CTRL_C: OnceLock<Stop> = OnceLock::new();

/// The request that a Ctrl-C makes while an [`Interrupt`] is held: give
/// it to the searchers that should hear it.
pub(super) fn ctrl_c() -> Stop {
    CTRL_C.get_or_init(Stop::default).clone()
}

/// While held, Ctrl-C asks [`ctrl_c`]'s stop instead of ending gamut.
pub(super) struct Interrupt {
    #[cfg(unix)]
    previous: libc::sigaction,
}

#[cfg(unix)]
extern "C" fn on_ctrl_c(_: libc::c_int) {
    // Only an atomic store: safe in a signal handler.
    if let Some(stop) = CTRL_C.get() {
        stop.request();
    }
}

impl Interrupt {
    /// Catches Ctrl-C until dropped; the request starts withdrawn.
    pub(super) fn catch() -> Interrupt {
        let stop = ctrl_c();
        stop.clear();
        #[cfg(unix)]
        {
            // SAFETY: `sigaction` is given a zeroed, then filled, action
            // whose handler only stores to an atomic, and a place for the
            // action it replaces.
            unsafe {
                let mut action: libc::sigaction = std::mem::zeroed();
                action.sa_sigaction = on_ctrl_c as *const () as libc::sighandler_t;
                // The second Ctrl-C takes the default action: gamut ends.
                action.sa_flags = libc::SA_RESETHAND;
                libc::sigemptyset(&raw mut action.sa_mask);
                let mut previous: libc::sigaction = std::mem::zeroed();
                libc::sigaction(libc::SIGINT, &raw const action, &raw mut previous);
                Interrupt { previous }
            }
        }
        #[cfg(not(unix))]
        Interrupt {}
    }

    /// Whether Ctrl-C was pressed since [`Interrupt::catch`].
    pub(super) fn pressed(&self) -> bool {
        ctrl_c().requested()
    }
}

impl Drop for Interrupt {
    fn drop(&mut self) {
        #[cfg(unix)]
        // SAFETY: puts back the action `catch` replaced.
        unsafe {
            libc::sigaction(libc::SIGINT, &raw const self.previous, std::ptr::null_mut());
        }
        ctrl_c().clear();
    }
}
