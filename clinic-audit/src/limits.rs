//! What an audited server can make clinic-audit hold, wait for or do. The server is the one
//! party the audit must not trust: each bound below is checked, and passing one ends the run with
//! exit code 4 and a message that names it (docs/AUDIT.md lists them).

use std::time::Duration;

/// Bytes read from the server's stdout in one run, all lines together (so also the longest line).
pub const STDOUT_BYTES: u64 = 16 * 1024 * 1024;
/// Lines read ahead of the audit; the reader waits (and so does the server's write) beyond this.
pub const READ_AHEAD_LINES: usize = 256;
/// Messages queued for the server's stdin; one more means the server stopped reading it.
pub const WRITE_QUEUE: usize = 64;
/// Lines in one run that are not the answer awaited: notifications, the server's requests,
/// answers to nothing asked, blank lines.
pub const SERVER_MESSAGES: usize = 10_000;
/// The longest id (as JSON text) of a server's request that is answered; longer ones are not.
pub const REQUEST_ID_BYTES: usize = 256;
/// Distinct method names tallied for the notes (the rest are counted together).
pub const METHOD_NAMES: usize = 32;
/// Characters of a method name kept in the notes.
pub const METHOD_NAME_CHARS: usize = 64;
/// JSON values (every object, array, string, number…) in all the answers kept: the parsed
/// snapshot and its pin are bounded by this, not only by the bytes they came in.
pub const JSON_VALUES: usize = 500_000;
/// Items of one list (tools, prompts, resources, templates), all pages together.
pub const LIST_ITEMS: usize = 10_000;
/// Pages of one list.
pub const LIST_PAGES: usize = 1_000;
/// Bytes of one string or object key anywhere in what is screened (policy time and memory grow
/// with a text's length, and faster than linearly with some texts).
pub const STRING_BYTES: usize = 64 * 1024;
/// Bytes of one `text` or `blob` of an MCP Apps view (`resources/read` of a `ui://` resource):
/// pinned whole, its visible words screened (each word run under `STRING_BYTES`).
pub const VIEW_BYTES: usize = 1024 * 1024;
/// Bytes of the server's stderr kept for the error message.
pub const STDERR_TAIL_BYTES: usize = 4096;
/// How long the closing `ping` (after the last list) is waited for, at most.
pub const CLOSING_PING: Duration = Duration::from_secs(5);
/// How long a server is given to exit after its stdin is closed, before it is killed.
pub const EXIT_WAIT: Duration = Duration::from_secs(2);
