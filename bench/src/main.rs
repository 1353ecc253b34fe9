//! `bench`: see `clinic_bench::cli::Cli` and docs/PERFORMANCE.md.

// A command-line benchmark: printing its table to stdout is its job.
#![allow(clippy::print_stdout)]

use clap::Parser;
use clinic_bench::cli::{Cli, Upstream};
use clinic_bench::client::Spec;
use clinic_bench::precomputed;
use clinic_bench::report::{Machine, Report, goals, table};
use clinic_bench::run::{Load, UPSTREAM_THREAD, measure_server, measure_upstream};
use clinic_bench::{BenchError, Result, command};
use std::process::ExitCode;
use std::time::Duration;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(&cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("bench: error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn spec_for(line: &str, base_url: &str, cli: &Cli) -> Result<Spec> {
    let mut words = command::split(line)?.into_iter();
    let program = words
        .next()
        .ok_or_else(|| BenchError::new("empty server command"))?;
    Ok(Spec {
        program,
        args: words.collect(),
        env: vec![
            ("SUT_BASE_URL".to_owned(), base_url.to_owned()),
            (
                "SUT_ACCESS_TOKEN".to_owned(),
                clinic_standin::PATIENT_TOKEN.to_owned(),
            ),
            ("MCP_PROFILE".to_owned(), cli.profile.clone()),
        ],
        show_stderr: cli.show_stderr,
    })
}

fn run(cli: &Cli) -> Result<()> {
    let timeout = Duration::from_secs(cli.timeout_secs.max(1));
    // The upstream: the stand-in clinic API, in this process, on its own runtime (its worker
    // threads are named so their CPU can be read apart from the client's).
    let upstream_rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(cli.upstream_workers.max(1))
        .thread_name(UPSTREAM_THREAD)
        .enable_all()
        .build()?;
    let standin = upstream_rt.block_on(clinic_standin::spawn(
        clinic_standin::LOCALHOST_EPHEMERAL,
        clinic_standin::Config::default(),
    ))?;
    let precomputed = match cli.upstream {
        Upstream::Standin => None,
        Upstream::Precomputed => {
            let routes = precomputed::routes_of(&cli.tool).ok_or_else(|| {
                BenchError::new(format!(
                    "--upstream precomputed serves list_doctors and list_specialties, not {}",
                    cli.tool
                ))
            })?;
            let http = clinic_mcp::api::build_http(
                &url::Url::parse(&standin.base_url())
                    .map_err(|e| BenchError::new(e.to_string()))?,
                timeout,
            )
            .map_err(BenchError::new)?;
            let mut bodies = std::collections::BTreeMap::new();
            for route in routes {
                let url = format!("{}{route}", standin.base_url());
                let (_, body) = upstream_rt
                    .block_on(clinic_mcp::api::fetch(&http, &url))
                    .map_err(|e| BenchError::new(format!("{url}: {e}")))?;
                bodies.insert((*route).to_owned(), body.to_vec());
            }
            Some(upstream_rt.block_on(precomputed::Precomputed::spawn(bodies))?)
        }
    };
    let base_url = match &precomputed {
        Some(p) => p.base_url(),
        None => standin.base_url(),
    };
    eprintln!("bench: upstream ({:?}) at {base_url}", cli.upstream);
    // The precomputed upstream keeps no log to clear.
    let clear = || standin.clear_requests();

    let load = Load {
        tool: cli.tool.clone(),
        cold_starts: cli.cold_starts,
        warmup: cli.warmup,
        calls: cli.calls,
        pipelined: cli.pipelined,
        window: cli.window,
        timeout,
    };
    let url = format!("{base_url}/doctors");
    eprintln!("bench: bare upstream GET {url}");
    let upstream = measure_upstream(
        &url,
        cli.warmup,
        cli.calls,
        cli.upstream_calls,
        cli.window,
        timeout,
    )?;
    clear();

    let ours_cmd = cli.server_command();
    let ours = measure_server(
        &ours_cmd,
        &spec_for(&ours_cmd, &base_url, cli)?,
        &url,
        &load,
        &clear,
    )?;
    let compare = match &cli.compare {
        Some(line) => Some(measure_server(
            line,
            &spec_for(line, &base_url, cli)?,
            &url,
            &load,
            &clear,
        )?),
        None => None,
    };
    let goals = goals(&ours, compare.as_ref());
    let report = Report {
        machine: Machine::probe(),
        tool: cli.tool.clone(),
        upstream_mode: match cli.upstream {
            Upstream::Standin => "standin",
            Upstream::Precomputed => "precomputed",
        }
        .to_owned(),
        upstream_workers: cli.upstream_workers.max(1),
        upstream,
        ours,
        compare,
        goals,
    };
    println!("{}", table(&report));
    if let Some(path) = &cli.json {
        std::fs::write(path, serde_json::to_string_pretty(&report)?)
            .map_err(|e| BenchError::new(format!("cannot write {}: {e}", path.display())))?;
        eprintln!("bench: wrote {}", path.display());
    }
    drop(precomputed);
    upstream_rt.block_on(standin.shutdown());
    Ok(())
}
