//! The `clinic-audit` binary: see `clinic_audit::cli`.

fn main() -> std::process::ExitCode {
    clinic_audit::cli::main()
}
