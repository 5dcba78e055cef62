fn main() {
    std::process::exit(gamut::cli::run());
}
