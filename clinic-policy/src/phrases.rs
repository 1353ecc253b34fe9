//! The phrase rules: `directive`, `exfiltration` and the call-another-tool half of `cross_tool`.
//!
//! Phrases are matched on the skeleton (see [`crate::normalize`]); markup and file paths on the raw text,
//! ASCII-lower-cased (which keeps byte offsets).

use std::sync::OnceLock;

use crate::pattern::Pattern;
use crate::scan::Needles;
use crate::skeleton::Word;
use crate::types::{Rule, Violation};

/// Credential nouns.
const CRED: &str = "api_key|api_keys|apikey*|api_token*|api_secret*|password|passwords|passwd|passphrase*|\
secret_key*|secret_access_key*|client_secret*|private_key*|ssh_key*|ssh_private*|access_token*|bearer_token*|\
auth_token*|session_token*|refresh_token*|oauth_token*|id_rsa|credential|credentials|cookie|cookies|\
seed_phrase*|recovery_phrase*|mnemonic_phrase*|wallet_key*|env_file|dotenv|environment_variables|env_vars";

/// Verbs that move or reveal data.
const MOVE: &str = "read|cat|send|include|pass|put|attach|append|embed|forward|upload|exfiltrate|copy|paste|leak|\
post|transmit|dump|reveal|extract|collect|steal|grab|harvest|print|echo|insert|output|share";

/// Conversation and prompt capture.
const CAPTURE: &str = "conversation_so_far|chat_so_far|entire_conversation|whole_conversation|full_conversation|\
previous_messages|prior_messages|earlier_messages|all_messages|all_previous|chat_history|conversation_history|\
message_history|system_prompt*|your_instructions|your_prompt|your_context|context_window|everything_above|\
your_initial_instructions|your_rules";

fn directive_patterns() -> &'static [Pattern] {
    static P: OnceLock<Vec<Pattern>> = OnceLock::new();
    P.get_or_init(|| {
        let v = [
            (
                "override",
                "ignore|disregard|forget|override|overrule|bypass|discard|neglect ~3 \
                 previous|prior|above|earlier|preceding|former|foregoing|all|any|other|existing|original|system|\
                 developer|your|these|those ~2 instruction*|rules|direction*|prompt|prompts|guideline*|guidance|\
                 directive*|command*|message*|polic*|constraint*|restriction*|context|safeguard*|guardrail*",
            ),
            (
                "override",
                "instead_of what_the_user*|what_you*|the_user_s|the_user|the_users|answering|responding|replying|\
                 doing_what|following_the",
            ),
            ("override", "from_now_on|you_are_now|you_re_now|your_new_role|your_new_task|your_real_task"),
            (
                "override",
                "new|updated|real|actual|true|secret|hidden|additional ~0-1 instruction*|directive*|system_prompt*",
            ),
            ("precedence", "always ~0-2 call|use|run|invoke|execute|trigger this|it ~0-2 first|before"),
            (
                "precedence",
                "call|use|run|invoke|execute|trigger this|it ~0-3 before_any*|before_every*|before_all|\
                 prior_to_any*|prior_to_every*|prior_to_all",
            ),
            (
                "precedence",
                "before|prior_to using|calling|invoking|running|executing|accessing|answering|responding ~0-1 \
                 any|every|all ~0-1 other ~0-1 tool*|function*|request*|question*",
            ),
            ("precedence", "before ~0-1 any_other|every_other|all_other ~0-1 tool*|function*"),
            (
                "user trigger",
                "when|whenever|if|once the|a|any user|users ~0-1 says|say|asks|ask|types|type|mentions|mention|\
                 requests|writes|tells|enters",
            ),
            (
                "trigger",
                "when|whenever|if|once|every_time|each_time the|a|any ~1-3 tool|tools|function ~0-1 is|are|gets|get \
                 used|called|invoked|run|executed|triggered",
            ),
            (
                "trigger",
                "always|also|secretly|silently|quietly ~0-1 bcc|cc|blind_copy|redirect|forward_all|forward_every*|\
                 send_a_copy|send_copies|copy_all",
            ),
            (
                "concealment",
                "do_not|don_t|dont|never|must_not|should_not|without ~0-1 tell*|mention*|inform*|reveal*|\
                 disclose*|notify*|alert*|let*|warn* ~0-2 the|any|your ~0-1 user|users|human|humans|operator",
            ),
            (
                "concealment",
                "user|users|human ~0-2 should|must|need|needs|shall|can ~0-1 not|never ~0-1 be ~0-1 \
                 informed|know|told|notified|aware|find_out|notice|learn",
            ),
            ("concealment", "without_the_user*|without_them ~0-1 knowing|noticing|seeing|being_aware"),
            ("concealment", "secretly|covertly|behind_the_user*|behind_their_back"),
            ("concealment", "do_not|don_t|dont|never ~0-1 mention|reveal|disclose ~0-2 this|that_you|these"),
        ];
        v.into_iter().map(|(l, s)| Pattern::new(l, s)).collect()
    })
}

fn exfil_patterns() -> &'static [Pattern] {
    static P: OnceLock<Vec<Pattern>> = OnceLock::new();
    P.get_or_init(|| {
        let v = [
            (
                "credential",
                format!(
                    "{MOVE} !only|write|access|permission* ~0-4 {CRED} !reset|resets|policy|policies|strength|requirement*|change|expir*|protected|\
                     length|hash|hashes|hashed|manager*|rotation|header|headers|format|prompt|flow|auth*"
                ),
            ),
            ("credential", format!("content|contents|value|values|text ~0-1 of ~0-3 {CRED}")),
            (
                "argument",
                "pass|include|put|send|insert|embed|append|attach|place|copy|paste|forward \
                 its|their|that|those|them|it|everything|all ~0-2 content|contents|data|text|output|values ~0-1 \
                 as|in|into|inside|within|via|to"
                    .to_owned(),
            ),
            (
                "argument",
                "pass|include|put|send|insert|embed|append|attach|place|copy|paste it|them|everything \
                 as|in|into|inside|within|via ~0-3 parameter*|argument*|field*|param|params|arg|args|sidenote*"
                    .to_owned(),
            ),
            ("capture", format!("{MOVE}|email|summari*|repeat|list|give|provide|return|describe ~0-4 {CAPTURE}")),
            (
                "capture",
                "conversation_so_far|your_system_prompt|your_instructions|your_initial_instructions|\
                 all_previous_messages|the_entire_conversation|the_whole_conversation|everything_above"
                    .to_owned(),
            ),
        ];
        v.into_iter().map(|(l, s)| Pattern::new(l, &s)).collect()
    })
}

fn name_patterns() -> &'static [Pattern] {
    static P: OnceLock<Vec<Pattern>> = OnceLock::new();
    P.get_or_init(|| {
        const META: &str = "!id|ids|name|names|type|types|scope|scopes|scanning|acl|acls|alert*|count|manager*|polic*|\
                            rotation|expir*|reset|strength|length|ref|arn|provider*|store|stores|config*|mode|hint|\
                            required|enabled|format|field|fields|file|path|location|url|uri|template|selector|input";
        vec![
            // a parameter named for a credential (`api_key`, `password`, `secret`) is how many honest
            // services take the user's own key: hygiene, reported under its own label
            Pattern::new("credential name", &format!("{CRED} {META}")),
            Pattern::new("credential name", &format!("secret {META}")),
            // key material and its contents are not something a tool asks the model to supply
            Pattern::new("credential", &format!("ssh|private_key|secret_key|token_value|key_value|key_contents|id_rsa {META}")),
            Pattern::new("capture", CAPTURE),
        ]
    })
}

fn cross_patterns() -> &'static [Pattern] {
    static P: OnceLock<Vec<Pattern>> = OnceLock::new();
    P.get_or_init(|| {
        [
            "call|invoke|execute|run|use|trigger the|another|other|a|next|that|each ~0-3 tool|tools|function",
            "then call|invoke|execute|trigger",
            "use|call|run|invoke|execute this|it ~0-2 first",
            "invoke ~0-4 tool|tools",
        ]
        .into_iter()
        .map(|s| Pattern::new("call", s))
        .collect()
    })
}

fn phrase(words: &[Word], a: usize, b: usize) -> String {
    words[a..b]
        .iter()
        .map(|w| w.text.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The words of the sentence around words `a..b`.
fn sentence(words: &[Word], a: usize, b: usize) -> &[Word] {
    let mut s = a;
    while s > 0 && !words[s].brk_before {
        s -= 1;
    }
    let mut e = b;
    while e < words.len() && !words[e].brk_before {
        e += 1;
    }
    &words[s..e]
}

/// A "when the user says ..." clause is tool-selection guidance ("use this tool when the user asks for X")
/// unless its sentence also carries an action a description has no business ordering: precedence, secrecy,
/// overriding the user, redirecting or copying data.
fn trigger_with_action(words: &[Word], a: usize, b: usize) -> bool {
    const ACTIONS: &[&str] = &[
        "always",
        "secretly",
        "silently",
        "quietly",
        "bcc",
        "cc",
        "forward",
        "redirect",
        "ignore",
        "disregard",
        "override",
        "replace",
        "exfiltrate",
    ];
    let sent = sentence(words, a, b);
    let about_this_tool = sent.windows(2).any(|w| {
        (w[0].eq_pat("this") || w[0].eq_pat("these"))
            && ["tool", "tools", "function", "endpoint", "command"]
                .iter()
                .any(|t| w[1].eq_pat(t))
    });
    !about_this_tool && sent.iter().any(|w| ACTIONS.iter().any(|x| w.eq_pat(x)))
}

/// Is the phrase starting at word `a` negated ("do not include credentials", "never put API keys in ...")?
fn negated(words: &[Word], a: usize) -> bool {
    const NEG: &[&str] = &["not", "never", "dont", "no", "nor", "without", "avoid"];
    // passive voice describes what the server does: "settings are read from the .env file"
    const PASSIVE: &[&str] = &[
        "is", "are", "was", "were", "be", "been", "being", "get", "gets",
    ];
    if a > 0 && !words[a].brk_before && PASSIVE.iter().any(|p| words[a - 1].eq_pat(p)) {
        return true;
    }
    let lo = a.saturating_sub(3);
    (lo..a)
        .rev()
        .take_while(|&k| !words[k + 1].brk_before)
        .any(|k| {
            NEG.iter().any(|n| words[k].eq_pat(n))
                || (words[k].eq_pat("t") && k > 0 && words[k - 1].eq_pat("don"))
        })
}

fn run(rule: Rule, pats: &[Pattern], words: &[Word], out: &mut Vec<Violation>) {
    for p in pats {
        for (a, b) in p.find_all(words) {
            if p.label == "user trigger" && !trigger_with_action(words, a, b) {
                continue;
            }
            if matches!(p.label, "credential" | "argument" | "capture") && negated(words, a) {
                continue;
            }
            // "... can be referenced as @note in your instructions": a place the user writes in,
            // addressed to the user; asking for the instructions starts with a verb (above)
            if p.label == "capture"
                && words[a].eq_pat("your")
                && a > 0
                && !words[a].brk_before
                && ["in", "within", "inside"]
                    .iter()
                    .any(|w| words[a - 1].eq_pat(w))
            {
                continue;
            }
            out.push(Violation {
                rule,
                range: words[a].start..words[b - 1].end,
                detail: format!("{} phrase \"{}\"", p.label, phrase(words, a, b)),
            });
        }
    }
}

/// `low` is `text` ASCII-lower-cased; `words` its skeleton.
pub(crate) fn directive(text: &str, low: &str, words: &[Word], out: &mut Vec<Violation>) {
    run(Rule::Directive, directive_patterns(), words, out);
    markup(text, low, out);
}

/// `low` is `text` ASCII-lower-cased; `words` its skeleton.
pub(crate) fn exfiltration(text: &str, low: &str, words: &[Word], out: &mut Vec<Violation>) {
    run(Rule::Exfiltration, exfil_patterns(), words, out);
    paths(text, low, words, out);
}

/// Credential or capture nouns in a parameter name (`ssh_private_key`, `api_key_value`) are enough, unless the
/// name is about the credential's metadata (`credential_id`, `secret_type`, `password_policy`).
pub(crate) fn name_content(words: &[Word], out: &mut Vec<Violation>) {
    run(Rule::Exfiltration, name_patterns(), words, out);
}

pub(crate) fn call_other_tool(words: &[Word], out: &mut Vec<Violation>) {
    run(Rule::CrossTool, cross_patterns(), words, out);
}

fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// Extend `i` forward to a char boundary of `text` (never past its end).
fn ceil(text: &str, mut i: usize) -> usize {
    i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i += 1;
    }
    i
}

/// Literal markers searched for by [`markup`], in the order their hits are reported: template or comment
/// markers, hidden-content styles, then the opening of a chat-template token.
static MARKERS: Needles = Needles::new(&[
    &[
        "[inst]",
        "[/inst]",
        "<<sys>>",
        "<</sys>>",
        "[//]: #",
        "[//]: <>",
        "[comment]: #",
        "<!--",
        "-->",
    ],
    &[
        "display:none",
        "display: none",
        "visibility:hidden",
        "visibility: hidden",
        "font-size:0",
        "font-size: 0",
    ],
    &["<|"],
]);

/// Tags that run, embed, submit or hide content rather than lay it out.
const ACTIVE_TAGS: &[&str] = &[
    "script", "style", "iframe", "object", "embed", "svg", "meta", "link", "form", "input",
    "template", "noscript", "comment",
];

/// Role and template markers, comments, hidden blocks and HTML-ish tags. `low` is `text` ASCII-lower-cased.
fn markup(text: &str, low: &str, out: &mut Vec<Violation>) {
    let b = low.as_bytes();
    // Markdown code spans: a backtick to the next on the same line. Markup inside one is shown
    // as the text it is (a mention: "`<style>` blocks are stripped"), so it hides nothing; a
    // role tag or a chat-template token stays what it is to a model, quoted or not.
    let spans: Vec<(usize, usize)> = {
        let mut v = Vec::new();
        let mut open: Option<usize> = None;
        for (k, &c) in b.iter().enumerate() {
            match (c, open) {
                (b'`', None) => open = Some(k),
                (b'`', Some(o)) => {
                    v.push((o, k));
                    open = None;
                }
                (b'\n', Some(_)) => open = None,
                _ => {}
            }
        }
        v
    };
    let quoted = |s: usize, e: usize| spans.iter().any(|&(o, c)| o < s && e <= c);
    let mut push = |s: usize, e: usize, what: &str| {
        let e = ceil(text, e);
        out.push(Violation {
            rule: Rule::Directive,
            range: s..e,
            detail: format!("{what} \"{}\"", &text[s..e]),
        });
    };
    // fixed markers, hidden-content styles and chat-template tokens `<|...|>`
    for (k, i) in MARKERS.find(low) {
        let m = MARKERS.get(k);
        if MARKERS.group(k) < 2 && quoted(i, i + m.len()) {
            push(i, i + m.len(), crate::types::QUOTED_MARKUP);
        } else if MARKERS.group(k) == 0 {
            push(i, i + m.len(), "template or comment marker");
        } else if MARKERS.group(k) == 1 {
            push(i, i + m.len(), "hidden-content style");
        } else if let Some(j) = low[i..].find("|>").filter(|&j| j <= 40) {
            push(i, i + j + 2, "chat template token");
        }
    }
    // role prefixes at the start of a line: "SYSTEM:", "assistant:", "### instruction"
    let mut line_start = 0;
    for line in low.split('\n') {
        let t = line.trim_start_matches([' ', '\t', '#', '*', '>', '-']);
        let off = line_start + (line.len() - t.len());
        for role in [
            "system:",
            "assistant:",
            "developer:",
            "instruction:",
            "instructions:",
        ] {
            if t.starts_with(role) {
                push(off, off + role.len(), "role marker");
            }
        }
        if line.trim_start().starts_with('#') {
            let heading = crate::skeleton::normalize(t);
            if heading.split(' ').any(|w| {
                matches!(
                    w,
                    "assistant"
                        | "assistants"
                        | "ai"
                        | "llm"
                        | "model"
                        | "agent"
                        | "agents"
                        | "claude"
                        | "gpt"
                        | "chatbot"
                )
            }) {
                push(off, off + t.len(), "heading addressed to the model");
            }
        }
        if line.trim_start().starts_with("###") && t.starts_with("instruction") {
            push(off, off + "instruction".len(), "role marker");
        }
        line_start += line.len() + 1;
    }
    // a heading marker anywhere followed by a role: "... ### SYSTEM: new policy"
    for (i, _) in low.match_indices("##") {
        let rest = low[i..].trim_start_matches('#').trim_start();
        for role in ["system", "assistant", "developer", "instruction", "admin"] {
            if rest.starts_with(role) && (i == 0 || !low[..i].ends_with('#')) {
                push(i, (i + 2).min(low.len()), "role marker");
            }
        }
    }
    // tags: these are markers whatever follows them
    const STRONG_TAGS: &[&str] = &[
        "important",
        "system",
        "sys",
        "instruction",
        "instructions",
        "system_prompt",
        "im_start",
        "im_end",
        "override",
        "admin",
        "system_message",
        "systemmessage",
        "user_message",
        "assistant_message",
        "tool_result",
        "function_results",
        "function_calls",
    ];
    // these are markers when used as a block (a closing tag exists); alone they are placeholders (`<model>`)
    const ROLE_TAGS: &[&str] = &[
        "secret",
        "hidden",
        "critical",
        "urgent",
        "priority",
        "user",
        "assistant",
        "human",
        "developer",
        "prompt",
        "system_prompt",
        "im_start",
        "im_end",
        "tool_call",
        "function_call",
        "thinking",
        "context",
        "note_to_ai",
        "ai",
        "model",
        "llm",
        "agent",
    ];
    const HTML_TAGS: &[&str] = &[
        "details", "summary", "script", "style", "iframe", "img", "object", "embed", "svg", "div",
        "span", "font", "a", "meta", "link", "form", "input", "template", "noscript", "comment",
    ];
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'<' {
            i += 1;
            continue;
        }
        let mut j = i + 1;
        let closing = b.get(j) == Some(&b'/');
        if closing {
            j += 1;
        }
        let ns = j;
        while j < b.len() && (b[j].is_ascii_alphanumeric() || b[j] == b'_' || b[j] == b'-') {
            j += 1;
        }
        if j == ns || !b[ns].is_ascii_alphabetic() {
            i += 1;
            continue;
        }
        let name = &low[ns..j];
        // the tag must close within a short distance
        let Some(gt) = low[j..]
            .find('>')
            .filter(|&g| g <= 200 && !low[j..j + g].contains('<'))
        else {
            i += 1;
            continue;
        };
        let end = j + gt + 1;
        let inner = &low[j..j + gt];
        let has_attr = inner.contains('=') || inner.trim().starts_with("hidden");
        let canon: String = name
            .chars()
            .map(|c| if c == '-' { '_' } else { c })
            .collect();
        // only looked up when it decides something
        let closing_exists =
            || low.contains(&format!("</{name}>")) || low.contains(&format!("</{name} "));
        let role = STRONG_TAGS.contains(&canon.as_str())
            || (ROLE_TAGS.contains(&canon.as_str()) && (closing || closing_exists()));
        let html = HTML_TAGS.contains(&canon.as_str())
            && (inner.is_empty() || inner.starts_with([' ', '/']));
        if role || html || (has_attr && inner.starts_with([' ', '\t', '\n'])) {
            // a tag that lays out or links text the reader sees anyway (`<details>`, `<a href>`)
            // is formatting, hygiene; one that runs, embeds or hides something stays an HTML tag
            let active = ACTIVE_TAGS.contains(&canon.as_str())
                || [
                    "style",
                    "hidden",
                    "display",
                    "opacity",
                    "font-size",
                    "color",
                ]
                .iter()
                .any(|a| inner.contains(a))
                || inner
                    .split_whitespace()
                    .any(|w| w.starts_with("on") && w.contains('='));
            // a collapsed block hides its body from a person reading the rendered text: one of
            // a few words is a label ("Limits: 10,000 rows"), a longer one a hidden message
            let hidden_body = canon == "details"
                && !closing
                && low[end..].find("</details").is_some_and(|close| {
                    let body = &low[end..end + close];
                    let body = body
                        .find("</summary>")
                        .map_or(body, |s| &body[s + "</summary>".len()..]);
                    body.split_whitespace().count() >= 8
                });
            let what = if role {
                "role tag"
            } else if quoted(i, end) {
                crate::types::QUOTED_MARKUP
            } else if active || hidden_body || !HTML_TAGS.contains(&canon.as_str()) {
                "HTML tag"
            } else {
                crate::types::FORMATTING_TAG
            };
            let _ = closing;
            push(i, end, what);
        }
        i = end;
    }
}

/// Sensitive whatever the sentence says: key material, system account files, MCP client configuration.
const STRONG_PATHS: &[&str] = &[
    "~/.ssh",
    ".ssh/",
    "id_rsa",
    "id_ed25519",
    "id_ecdsa",
    "id_dsa",
    "authorized_keys",
    "claude_desktop_config",
    "/etc/passwd",
    "/etc/shadow",
    ".aws/credentials",
    ".git-credentials",
    ".kube/config",
    ".docker/config.json",
    ".gnupg",
    ".bash_history",
    ".zsh_history",
    "wallet.dat",
    ".cursor/",
    ".config/gcloud",
];

/// Ordinary in configuration docs ("settings come from the .env file"); a hit only next to a verb that reads
/// or moves data.
const WEAK_PATHS: &[&str] = &[
    ".netrc",
    ".npmrc",
    ".pypirc",
    ".pgpass",
    "credentials.json",
    "keychain",
    ".aws/config",
];

/// Is there a read/move verb among the (up to 8) words before byte `at`, in the same sentence?
fn verb_before(words: &[Word], at: usize) -> bool {
    static VERBS: OnceLock<Vec<&'static str>> = OnceLock::new();
    let verbs = VERBS.get_or_init(|| MOVE.split('|').collect());
    let k = words.partition_point(|w| w.end <= at);
    let mut i = k;
    while i > 0 && k - i < 8 {
        i -= 1;
        if verbs.iter().any(|v| words[i].eq_pat(v)) && !negated(words, i) {
            return true;
        }
        if words[i].brk_before {
            break;
        }
    }
    false
}

/// [`STRONG_PATHS`], [`WEAK_PATHS`], then the two file names checked by hand.
static PATHS: Needles = Needles::new(&[STRONG_PATHS, WEAK_PATHS, &["mcp.json"], &[".env"]]);

/// File paths that hold credentials or client configuration. `low` is `text` ASCII-lower-cased.
fn paths(text: &str, low: &str, words: &[Word], out: &mut Vec<Violation>) {
    let b = low.as_bytes();
    let mut hits: Vec<(usize, usize)> = Vec::new();
    let weak = |i: usize| verb_before(words, i);
    for (k, i) in PATHS.find(low) {
        let p = PATHS.get(k);
        match PATHS.group(k) {
            0 => hits.push((i, i + p.len())),
            1 => {
                if weak(i) {
                    hits.push((i, i + p.len()));
                }
            }
            // a client's `mcp.json` (`~/.cursor/mcp.json`, `.vscode/mcp.json`), not `~/.scout-mcp.json`
            2 => {
                if i == 0 || matches!(b[i - 1], b'/' | b' ' | b'`' | b'\'' | b'"' | b'(') {
                    hits.push((i, i + 8));
                }
            }
            // `.env` as a file name: not `process.env`, not `.envrc` (`.env.local` is a hit)
            _ => {
                let before_ok = i == 0
                    || matches!(
                        b[i - 1],
                        b' ' | b'/' | b'~' | b'`' | b'\'' | b'"' | b'(' | b'\n' | b'\t'
                    );
                let after_ok = b.get(i + 4).is_none_or(|&c| !is_word_byte(c));
                if before_ok && after_ok && weak(i) {
                    hits.push((i, i + 4));
                }
            }
        }
    }
    hits.sort_unstable();
    hits.dedup();
    for (s, e) in hits {
        out.push(Violation {
            rule: Rule::Exfiltration,
            range: s..e,
            detail: format!("credential or config file path \"{}\"", &text[s..e]),
        });
    }
}
