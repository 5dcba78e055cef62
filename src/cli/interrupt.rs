//! Ctrl-C while the computer thinks at the prompt: the search answers at
//! once with the best move it has found (as a "move now"), instead of
//! gamut ending mid-game. A second Ctrl-C during the same search ends
//! gamut as usual, should the search be in a listing that does not look
//! at the request. What was typed meanwhile is kept: a terminal drops
//! its unread input at Ctrl-C unless told not to (`NOFLSH`), which it is
//! while the handler is held.

use std::sync::OnceLock;

use crate::ai::Stop;

/// The request a Ctrl-C makes, shared by every search of the session.
static CTRL_C: OnceLock<Stop> = OnceLock::new();

/// The request that a Ctrl-C makes while an [`Interrupt`] is held: give
/// it to the searchers that should hear it.
pub(super) fn ctrl_c() -> Stop {
    CTRL_C.get_or_init(Stop::default).clone()
}

/// A closed pipe makes a write fail instead of ending gamut. `main`
/// lets a closed pipe end gamut quietly, as command-line tools do
/// (`gamut list | head`); a server (`gamut lsp`) must not die because the
/// editor stopped reading its log on standard error.
pub(super) fn survive_closed_pipes() {
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to "ignore" installs no
    // handler, and no other thread is changing it.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_IGN);
    }
}

/// While held, Ctrl-C asks [`ctrl_c`]'s stop instead of ending gamut.
pub(super) struct Interrupt {
    #[cfg(unix)]
    previous: libc::sigaction,
    /// The terminal's settings before `NOFLSH`, when standard input is one.
    #[cfg(unix)]
    terminal: Option<libc::termios>,
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
            // action it replaces; `tcgetattr` fills a zeroed `termios`,
            // used only where it succeeded.
            unsafe {
                let mut action: libc::sigaction = std::mem::zeroed();
                action.sa_sigaction = on_ctrl_c as *const () as libc::sighandler_t;
                // The second Ctrl-C takes the default action: gamut ends.
                action.sa_flags = libc::SA_RESETHAND;
                libc::sigemptyset(&raw mut action.sa_mask);
                let mut previous: libc::sigaction = std::mem::zeroed();
                libc::sigaction(libc::SIGINT, &raw const action, &raw mut previous);
                // Lines typed ahead while the computer thinks are read
                // after it: Ctrl-C must not throw them away.
                let mut terminal: libc::termios = std::mem::zeroed();
                let terminal = (libc::tcgetattr(libc::STDIN_FILENO, &raw mut terminal) == 0)
                    .then_some(terminal);
                if let Some(mut keep_input) = terminal {
                    keep_input.c_lflag |= libc::NOFLSH;
                    libc::tcsetattr(libc::STDIN_FILENO, libc::TCSANOW, &raw const keep_input);
                }
                Interrupt { previous, terminal }
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
        // SAFETY: puts back the action and the terminal settings `catch`
        // replaced.
        unsafe {
            libc::sigaction(libc::SIGINT, &raw const self.previous, std::ptr::null_mut());
            if let Some(terminal) = &self.terminal {
                libc::tcsetattr(libc::STDIN_FILENO, libc::TCSANOW, terminal);
            }
        }
        ctrl_c().clear();
    }
}
