//! `clinic-audit`: screen any stdio MCP server with the description policy before an agent meets
//! it, and pin what was approved (the rug pull). See `docs/AUDIT.md`.
//!
//! - [`client`]: a small JSON-RPC client over the child's stdio, which keeps every member sent;
//! - [`limits`]: what a server can make the audit hold, wait for or do;
//! - [`collect`]: `initialize`, then every page of tools, prompts, resources and templates;
//! - [`screen`]: every string through `clinic_policy`, each finding with its class;
//! - [`pin`]: canonical SHA-256 hashes, and the drift from a pin;
//! - [`ignore`]: accepted findings, each with a reason;
//! - [`report`]: text, JSON and SARIF 2.1.0;
//! - [`view`]: the words an MCP Apps view (a `ui://` resource) shows a person.

pub mod cli;
pub mod client;
pub mod collect;
pub mod ignore;
pub mod limits;
pub mod pin;
pub mod report;
pub mod screen;
pub mod view;
