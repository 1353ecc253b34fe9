//! The command line: `clinic-audit run [OPTIONS] -- CMD ARGS…` and `clinic-audit check FILE`.

use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Args, Parser, Subcommand, ValueEnum};
use clinic_policy::Mode;
use serde_json::Value;

use crate::client::Server;
use crate::collect::{ClientInfo, Snapshot, snapshot};
use crate::report::Report;
use crate::{ignore, pin, screen};

/// Exit codes.
pub mod exit {
    /// Nothing that fails.
    pub const OK: u8 = 0;
    /// Injection findings (any finding with `--strict`), drift from the pin, or drift risk (a
    /// list declared or announced to change).
    pub const FINDINGS: u8 = 1;
    /// Usage: bad flags, unreadable or invalid pin or ignore file, an ignore entry that matches nothing.
    pub const USAGE: u8 = 2;
    /// The server could not be started or spoken to.
    pub const SERVER: u8 = 4;
}

#[derive(Debug, Parser)]
#[command(
    name = "clinic-audit",
    version,
    about = "Screen an MCP server's tools, prompts, resources and instructions with the description policy, offline, and pin what was approved",
    after_help = "Exit codes: 0 nothing that fails; 1 injection findings (any finding with --strict), drift from the pin, or a list the server declares or announces may change; 2 usage; 4 the server could not be started or spoken to, or passed one of clinic-audit's limits."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Start a stdio MCP server, read everything it shows an agent, and screen it.
    Run(RunArgs),
    /// Screen a saved tools/list result (the same screen as `clinic-mcp check`).
    Check(CheckArgs),
}

#[derive(Debug, Clone, Copy, ValueEnum, PartialEq, Eq)]
enum Format {
    Text,
    Json,
    Sarif,
}

#[derive(Debug, Args)]
struct Common {
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
    /// Judge every string by the controlled language too, and fail on any finding.
    #[arg(long)]
    strict: bool,
    /// Accepted findings, each with a reason (JSON: {"ignore": [{kind, name, path, rule, reason}]}).
    #[arg(long, value_name = "FILE")]
    ignore: Option<PathBuf>,
    /// Text output: list every hygiene and ignored finding with its fix, not counts by rule.
    #[arg(long, short)]
    verbose: bool,
}

#[derive(Debug, Args)]
struct RunArgs {
    #[command(flatten)]
    common: Common,
    /// Write the pin of what the server shows to FILE.
    #[arg(long, value_name = "FILE")]
    pin: Option<PathBuf>,
    /// Compare what the server shows with the pin in FILE; any drift fails.
    #[arg(long, value_name = "FILE")]
    verify_pin: Option<PathBuf>,
    /// Seconds to wait for each answer of the server.
    #[arg(long, value_name = "SECS", default_value_t = 30)]
    timeout: u64,
    /// The client name sent in `initialize`.
    #[arg(long, default_value = "clinic-audit")]
    client_name: String,
    /// The client version sent in `initialize`.
    #[arg(long, default_value = env!("CARGO_PKG_VERSION"))]
    client_version: String,
    /// Declare an extension in `initialize`'s `capabilities.extensions`, as ID or ID=SETTINGS
    /// (a JSON object); repeatable. `io.modelcontextprotocol/ui` alone (MCP Apps) declares the
    /// view MIME type `text/html;profile=mcp-app`: a server then lists its `ui://` views, which
    /// are read, screened (plain) and pinned byte for byte. None by default.
    #[arg(long, value_name = "ID[=SETTINGS]")]
    client_extension: Vec<String>,
    /// The artifact URI SARIF results point at (default: the pin file, else `mcp-server`).
    #[arg(long, value_name = "URI")]
    sarif_uri: Option<String>,
    /// The server's command and its arguments, after `--`.
    #[arg(last = true, required = true, value_name = "CMD")]
    command: Vec<String>,
}

#[derive(Debug, Args)]
struct CheckArgs {
    #[command(flatten)]
    common: Common,
    /// A tools/list result ({"tools": [...]}, a JSON-RPC response, or an array); `-` for stdin.
    file: String,
}

struct Failure {
    code: u8,
    message: String,
}

fn usage(message: impl Into<String>) -> Failure {
    Failure {
        code: exit::USAGE,
        message: message.into(),
    }
}

fn read(path: &std::path::Path, what: &str) -> Result<String, Failure> {
    std::fs::read_to_string(path)
        .map_err(|e| usage(format!("cannot read the {what} {}: {e}", path.display())))
}

/// Print to stdout; a reader that went away ends the output quietly.
fn out(text: &str) {
    let mut stdout = std::io::stdout().lock();
    let _ = stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush());
}

/// The binary's entry point.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() {
                exit::USAGE
            } else {
                exit::OK
            });
        }
    };
    let result = match cli.command {
        Command::Run(a) => run(&a),
        Command::Check(a) => check(&a),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(f) => {
            let _ = writeln!(std::io::stderr(), "clinic-audit: {}", f.message);
            ExitCode::from(f.code)
        }
    }
}

fn mode(strict: bool) -> Mode {
    if strict { Mode::Strict } else { Mode::Plain }
}

fn load_ignore(common: &Common) -> Result<Vec<ignore::Entry>, Failure> {
    match &common.ignore {
        None => Ok(Vec::new()),
        Some(p) => ignore::parse(&read(p, "ignore file")?)
            .map_err(|e| usage(format!("{}: {e}", p.display()))),
    }
}

fn emit(report: &Report<'_>, format: Format) {
    match format {
        Format::Text => out(&report.text()),
        Format::Json => out(&format!("{:#}\n", report.json())),
        Format::Sarif => out(&format!("{:#}\n", report.sarif())),
    }
}

/// `--client-extension` values as `capabilities.extensions`.
fn extensions(args: &[String]) -> Result<serde_json::Map<String, Value>, Failure> {
    let mut out = serde_json::Map::new();
    for arg in args {
        let (id, settings) = match arg.split_once('=') {
            None => (
                arg.as_str(),
                crate::collect::default_extension_settings(arg),
            ),
            Some((id, json)) => (
                id,
                serde_json::from_str(json).map_err(|e| {
                    usage(format!(
                        "--client-extension {id}: the settings are not JSON: {e}"
                    ))
                })?,
            ),
        };
        if id.is_empty() || !settings.is_object() {
            return Err(usage(format!(
                "--client-extension {arg}: give ID or ID=SETTINGS, SETTINGS a JSON object"
            )));
        }
        if out.insert(id.to_owned(), settings).is_some() {
            return Err(usage(format!("--client-extension {id} given twice")));
        }
    }
    Ok(out)
}

fn run(a: &RunArgs) -> Result<u8, Failure> {
    let entries = load_ignore(&a.common)?;
    let old_pin: Option<Value> = match &a.verify_pin {
        None => None,
        Some(p) => Some(
            serde_json::from_str(&read(p, "pin")?)
                .map_err(|e| usage(format!("{} is not JSON: {e}", p.display())))?,
        ),
    };
    let client = ClientInfo {
        name: a.client_name.clone(),
        version: a.client_version.clone(),
        extensions: extensions(&a.client_extension)?,
    };
    let mut server =
        Server::spawn(&a.command, Duration::from_secs(a.timeout.max(1))).map_err(|e| Failure {
            code: exit::SERVER,
            message: e.to_string(),
        })?;
    let snap = snapshot(&mut server, &client).map_err(|e| Failure {
        code: exit::SERVER,
        message: e.to_string(),
    });
    server.shutdown();
    let snap = snap?;
    let mut findings = screen::screen(&snap, mode(a.common.strict));
    ignore::apply(&entries, &mut findings).map_err(usage)?;
    let drift = match &old_pin {
        None => None,
        Some(old) => {
            Some(pin::verify(old, &snap).map_err(|e| usage(format!("--verify-pin: {e}")))?)
        }
    };
    if let Some(p) = &a.pin {
        std::fs::write(p, pin::to_file_text(&pin::pin(&snap)))
            .map_err(|e| usage(format!("cannot write the pin {}: {e}", p.display())))?;
    }
    let artifact = a.sarif_uri.clone().unwrap_or_else(|| {
        a.verify_pin
            .as_ref()
            .or(a.pin.as_ref())
            .map_or_else(|| "mcp-server".to_owned(), |p| p.display().to_string())
    });
    let report = Report {
        snapshot: &snap,
        findings: &findings,
        drift: drift.as_deref(),
        strict: a.common.strict,
        verbose: a.common.verbose,
        artifact: &artifact,
    };
    emit(&report, a.common.format);
    // a list that may change is drift the pin cannot catch: it fails as drift does
    let drifted = drift.as_ref().is_some_and(|d| !d.is_empty()) || !snap.drift_risks.is_empty();
    Ok(if screen::fails(&findings, a.common.strict) || drifted {
        exit::FINDINGS
    } else {
        exit::OK
    })
}

fn check(a: &CheckArgs) -> Result<u8, Failure> {
    let entries = load_ignore(&a.common)?;
    let text = if a.file == "-" {
        let mut t = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut t)
            .map_err(|e| usage(format!("cannot read stdin: {e}")))?;
        t
    } else {
        read(std::path::Path::new(&a.file), "file")?
    };
    let json: Value =
        serde_json::from_str(&text).map_err(|e| usage(format!("{} is not JSON: {e}", a.file)))?;
    let tools =
        clinic_policy::tools_from_json(&json).map_err(|e| usage(format!("{}: {e}", a.file)))?;
    let snap = Snapshot {
        tools,
        ..Snapshot::default()
    };
    let mut findings = screen::screen(&snap, mode(a.common.strict));
    ignore::apply(&entries, &mut findings).map_err(usage)?;
    let report = Report {
        snapshot: &snap,
        findings: &findings,
        drift: None,
        strict: a.common.strict,
        verbose: a.common.verbose,
        artifact: &a.file,
    };
    emit(&report, a.common.format);
    Ok(if screen::fails(&findings, a.common.strict) {
        exit::FINDINGS
    } else {
        exit::OK
    })
}
