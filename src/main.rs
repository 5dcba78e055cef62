//! The `gamut` command: everything it does is in [`gamut::cli`].

fn main() {
    // Printing into a closed pipe (`gamut … | head`) ends the program
    // quietly, as command-line tools do, instead of panicking.
    #[cfg(unix)]
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    std::process::exit(gamut::cli::run());
}
