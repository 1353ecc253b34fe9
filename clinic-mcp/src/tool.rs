//! What `#[clinic_tool]` expands to: a tool definition, the context a handler runs in, and the
//! error a tool answers with.

use crate::api::ApiClient;
use crate::caller::{Caller, Credential, Role};
use crate::confirm::{Answer, Ask, Question, Refusal};
use crate::directory::Directory;
use crate::error::ErrorCode;
pub use crate::error::ToolError;
pub use crate::output::Output;
use crate::session::{Profile, Session};
use serde_json::{Map, Value};
use std::future::Future;
use std::pin::Pin;

/// A JSON object (tool arguments, schemas).
pub type JsonObject = Map<String, Value>;

/// The future a tool adapter returns: the handler's output, typed until the server writes it.
pub type BoxFuture<'a> = Pin<Box<dyn Future<Output = Result<Output, ToolError>> + Send + 'a>>;

/// One tool of the catalogue. Built by `#[clinic_tool]`, never by hand in shipped code.
#[derive(Clone, Copy)]
pub struct ToolDef {
    pub name: &'static str,
    pub title: Option<&'static str>,
    pub description: &'static str,
    pub profile: Profile,
    /// The role the API demands; `None` is a public tool, which never sends a token.
    pub role: Option<Role>,
    pub mutates: bool,
    pub destructive: bool,
    pub idempotent: bool,
    /// Every text the macros screened at compile time for this tool, as (where, text): its name,
    /// title and description, then what its arguments and output types screened. The start-up
    /// check compares the served `tools/list` against it, byte for byte.
    pub screened: fn(&mut Vec<(&'static str, &'static str)>),
    pub input_schema: fn() -> JsonObject,
    pub output_schema: fn() -> JsonObject,
    /// Deserialises the arguments and runs the handler.
    pub call: for<'a> fn(&'a ToolContext<'a>, JsonObject) -> BoxFuture<'a>,
}

impl std::fmt::Debug for ToolDef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ToolDef")
            .field("name", &self.name)
            .field("profile", &self.profile)
            .field("role", &self.role)
            .field("mutates", &self.mutates)
            .field("destructive", &self.destructive)
            .field("idempotent", &self.idempotent)
            .finish_non_exhaustive()
    }
}

/// The behaviour hints a client sees, derived from the declared flags (never hand-written).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hints {
    pub read_only: bool,
    pub destructive: bool,
    pub idempotent: bool,
    pub open_world: bool,
}

impl ToolDef {
    pub fn hints(&self) -> Hints {
        Hints {
            read_only: !self.mutates,
            destructive: self.destructive,
            // A read changes nothing, so repeating it changes nothing either.
            idempotent: self.idempotent || !self.mutates,
            // The tools reach one clinic API, a closed domain, not the open web.
            open_world: false,
        }
    }

    /// Run the tool for `caller`. The role and the token are checked here, before the handler
    /// runs and so before any request is built — even though a tool whose role the caller lacks
    /// is never registered (defence in depth). So are the bounds the input schema states
    /// (`crate::bounds`): a handler never sees a value outside them.
    pub async fn invoke(
        &self,
        session: &Session,
        caller: &Caller,
        api: &ApiClient,
        directory: &Directory,
        args: JsonObject,
    ) -> Result<Value, ToolError> {
        let (answer, _) = self
            .invoke_traced(
                session,
                caller,
                api,
                directory,
                &crate::confirm::Nobody,
                args,
            )
            .await;
        answer?
            .to_value()
            .map_err(|e| ToolError::new(crate::error::ErrorCode::InternalError, e.to_string()))
    }

    /// [`invoke`](Self::invoke) with `ask` as the way to the human (a destructive tool's change
    /// is sent only once it answered yes; `invoke` asks nobody, so such a change never leaves),
    /// answered with the request id the clinic API gave the answer to the call's last mutation
    /// (for the audit trail), when it named a plain one.
    pub async fn invoke_traced(
        &self,
        session: &Session,
        caller: &Caller,
        api: &ApiClient,
        directory: &Directory,
        ask: &dyn Ask,
        args: JsonObject,
    ) -> (Result<Output, ToolError>, Option<String>) {
        self.invoke_reporting(session, caller, api, directory, ask, None, args)
            .await
    }

    /// [`invoke_traced`](Self::invoke_traced) with `progress` as the way to the client's
    /// progress display (`None`: the client asked for none, and the handler reports nothing).
    #[allow(clippy::too_many_arguments)]
    pub async fn invoke_reporting(
        &self,
        session: &Session,
        caller: &Caller,
        api: &ApiClient,
        directory: &Directory,
        ask: &dyn Ask,
        progress: Option<&dyn Progress>,
        args: JsonObject,
    ) -> (Result<Output, ToolError>, Option<String>) {
        let credential = match self.role {
            None => None,
            Some(role) => match Credential::for_caller(caller, role) {
                Ok(c) => Some(c),
                Err(e) => return (Err(e), None),
            },
        };
        if let Err(e) = crate::bounds::check(self.name, self.input_schema, &args) {
            return (Err(e), None);
        }
        // The call's own budget: a bounded number of requests, all within one deadline.
        let api = &if self.destructive {
            api.for_destructive_call()
        } else {
            api.for_call()
        };
        let ctx = ToolContext {
            session,
            caller,
            api,
            directory,
            credential,
            ask,
            progress,
        };
        let result = (self.call)(&ctx, args).await;
        (result, api.last_request_id())
    }
}

/// Marker implemented by `#[derive(ToolOutput)]`: the doc comments of the type and of its fields,
/// which become the descriptions of the tool's `outputSchema`, were screened at compile time, and
/// so were those of every type it contains (each field's type must be `ToolOutput` too).
/// `#[clinic_tool]` requires it of every output type. The scalars and containers below carry no
/// description of their own. Implement it only by the derive: a hand-written `impl` skips the
/// compile-time screen, and only the start-up screen of `tools/list` would then catch a poisoned
/// description.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a screened tool output",
    label = "its doc comments would reach the model unscreened",
    note = "add `#[derive(ToolOutput)]` to `{Self}`: its descriptions are then screened at compile time"
)]
pub trait ToolOutput: serde::Serialize + schemars::JsonSchema {
    /// Every text the derive screened, as (field or `""`, text), then those of nested types. A
    /// hand-written `impl` has to write this too, and the start-up check refuses a served string
    /// that is not in it.
    fn screened(out: &mut Vec<(&'static str, &'static str)>);
}

/// A type a tool parameter may have: a number, a bool, a string, or an `Option`/`Vec` of them.
/// Their schemas carry no description; a struct or enum of its own would bring descriptions that
/// the parameter screen of `#[derive(ToolArgs)]` never saw.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be the type of a tool parameter",
    label = "its schema could carry descriptions the compile-time screen never sees",
    note = "a parameter is a number, a bool, a string, or an `Option`/`Vec` of them"
)]
pub trait ArgValue: schemars::JsonSchema + sealed::Plain {}

/// `ArgValue` is sealed: only this crate implements it, for the plain values below, so no enum
/// or struct of another crate (whose variants or fields would reach the schema unscreened) can
/// be a parameter's type.
mod sealed {
    pub trait Plain {}
}

/// The plain values: schemas without a description, so both a parameter and an output field may
/// have them, and an `Option` or `Vec` of either screened kind is screened too.
macro_rules! plain_values {
    ($($t:ty),*) => { $(
        impl sealed::Plain for $t {}
        impl ArgValue for $t {}
        impl ToolOutput for $t {
            fn screened(_: &mut Vec<(&'static str, &'static str)>) {}
        }
    )* };
}
plain_values!(
    String, bool, u8, u16, u32, u64, usize, i8, i16, i32, i64, isize, f32, f64
);
impl<T: ArgValue> sealed::Plain for Vec<T> {}
impl<T: ArgValue> sealed::Plain for Option<T> {}
impl<T: ArgValue> ArgValue for Vec<T> {}
impl<T: ArgValue> ArgValue for Option<T> {}
impl<T: ToolOutput> ToolOutput for Vec<T> {
    fn screened(out: &mut Vec<(&'static str, &'static str)>) {
        T::screened(out);
    }
}
impl<T: ToolOutput> ToolOutput for Option<T> {
    fn screened(out: &mut Vec<(&'static str, &'static str)>) {
        T::screened(out);
    }
}

/// Marker implemented by `#[derive(ToolArgs)]`: the type's parameter descriptions were screened at
/// compile time. `#[clinic_tool]` requires it of every arguments type.
pub trait ToolArgs: serde::de::DeserializeOwned + schemars::JsonSchema {
    /// Every text the derive screened, as (parameter or `""`, text).
    fn screened(out: &mut Vec<(&'static str, &'static str)>);
}

/// What a handler runs with.
#[derive(Debug)]
pub struct ToolContext<'a> {
    /// The configuration (profile, limits); who is calling is `caller`.
    pub session: &'a Session,
    pub caller: &'a Caller,
    pub api: &'a ApiClient,
    pub directory: &'a Directory,
    credential: Option<Credential<'a>>,
    /// The way to the human, for [`confirm`](Self::confirm).
    ask: &'a dyn Ask,
    /// The way to the client's progress display, for [`progress`](Self::progress).
    progress: Option<&'a dyn Progress>,
}

impl<'a> ToolContext<'a> {
    /// The credential of a tool that declared a role. A public tool asking for one is a bug in
    /// the catalogue, answered as an error rather than by sending a token.
    pub fn credential(&self) -> Result<Credential<'a>, ToolError> {
        self.credential.ok_or_else(|| {
            ToolError::new(
                ErrorCode::InternalError,
                "This tool is declared public and cannot use the caller's token.",
            )
        })
    }

    /// Ask the human to confirm `question` (built from what the API answered about the thing to
    /// destroy) and wait for the answer. `Ok` unlocks the call's changes; anything but a yes is
    /// `CONFIRMATION_DECLINED`, and nothing is sent. Under protocol 2026-07-28 the question ends
    /// the call as an `input_required` result (the server answers it; see [`crate::confirm`]).
    pub async fn confirm(&self, question: &Question) -> Result<(), ToolError> {
        match self.ask.ask(question).await {
            Answer::Confirmed => {
                self.api.confirmed();
                Ok(())
            }
            Answer::NotConfirmed(refusal) => Err(refusal.to_error()),
            // The result is kept by the asker, and the server answers with it instead of this.
            Answer::InputRequired => Err(Refusal::NoAnswer.to_error()),
        }
    }

    /// A report of how far `total` steps of this call have come, each step's text made by
    /// `message(done, total)`. It sends only when the client asked for progress
    /// (`_meta.progressToken`); otherwise it is a no-op.
    pub fn progress(&self, total: u64, message: fn(u64, u64) -> String) -> ProgressReport<'a> {
        ProgressReport {
            sink: self.progress,
            total,
            done: 0,
            message,
            throttle: Throttle::new(PROGRESS_EVERY),
        }
    }
}

/// The future [`Progress::notify`] returns.
pub type NotifyFuture<'a> = Pin<Box<dyn Future<Output = ()> + Send + 'a>>;

/// Where a call's progress goes: `notifications/progress` under the progress token its request
/// carried (the server's, in `server`). Sending is best effort: a notification that cannot be
/// sent is dropped, and the call goes on.
pub trait Progress: Send + Sync + std::fmt::Debug {
    /// One notification: `done` of `total`, with `message`.
    fn notify<'a>(&'a self, done: u64, total: u64, message: String) -> NotifyFuture<'a>;
}

/// Least time between two progress notifications of a call, but for its first and its last.
pub const PROGRESS_EVERY: std::time::Duration = std::time::Duration::from_millis(100);

/// The progress of one call over `total` steps ([`ToolContext::progress`]): the first and the
/// last step are always sent, any other only [`PROGRESS_EVERY`] after the last one sent.
#[derive(Debug)]
pub struct ProgressReport<'a> {
    sink: Option<&'a dyn Progress>,
    total: u64,
    done: u64,
    message: fn(u64, u64) -> String,
    throttle: Throttle,
}

impl ProgressReport<'_> {
    /// One more step is done: notify it if the rate allows (tokio's clock, so a test with paused
    /// time drives it).
    pub async fn step(&mut self) {
        self.step_at(tokio::time::Instant::now()).await;
    }

    /// [`step`](Self::step) at `now`.
    async fn step_at(&mut self, now: tokio::time::Instant) {
        self.done = (self.done + 1).min(self.total);
        let Some(sink) = self.sink else {
            return;
        };
        if self.throttle.admit(self.done, self.total, now) {
            sink.notify(self.done, self.total, (self.message)(self.done, self.total))
                .await;
        }
    }
}

/// The rate limit of progress notifications, on a clock its caller reads (so tests give it
/// their own instants).
#[derive(Debug, Clone)]
pub struct Throttle {
    every: std::time::Duration,
    last: Option<tokio::time::Instant>,
}

impl Throttle {
    pub fn new(every: std::time::Duration) -> Self {
        Self { every, last: None }
    }

    /// Whether the report of step `done` of `total` goes out at `now`: the first report and the
    /// last step always, any other once `every` has passed since the last that went out.
    pub fn admit(&mut self, done: u64, total: u64, now: tokio::time::Instant) -> bool {
        let admitted = match self.last {
            None => true,
            Some(_) if done >= total => true,
            Some(last) => now.saturating_duration_since(last) >= self.every,
        };
        if admitted {
            self.last = Some(now);
        }
        admitted
    }
}

/// Support for the code `#[clinic_tool]` generates. Not a stable API.
#[doc(hidden)]
pub mod __private {
    use super::ToolError;
    pub use super::{BoxFuture, JsonObject};
    pub use clinic_policy::mentions_tool;
    pub use schemars::JsonSchema;
    pub use serde::Serialize;
    use serde_json::Value;

    /// The JSON Schema of `T`, draft 2020-12, inlined (no `$ref`), without the Rust type name as title.
    pub fn schema_for<T: schemars::JsonSchema>() -> JsonObject {
        let settings = schemars::generate::SchemaSettings::draft2020_12().with(|s| {
            s.inline_subschemas = true;
            s.meta_schema = None;
        });
        let schema = settings.into_generator().into_root_schema_for::<T>();
        let mut obj = match schema.to_value() {
            Value::Object(o) => o,
            _ => JsonObject::new(),
        };
        obj.remove("title");
        obj.remove("$defs");
        drop_unknown_formats(&mut obj);
        obj
    }

    /// The `format`s JSON Schema (draft 2020-12) defines; schemars adds its own for Rust's
    /// integer types (`uint64`, `int32`, `uint`...), which validators warn about.
    pub const STANDARD_FORMATS: &[&str] = &[
        "date-time",
        "date",
        "time",
        "duration",
        "email",
        "idn-email",
        "hostname",
        "idn-hostname",
        "ipv4",
        "ipv6",
        "uri",
        "uri-reference",
        "iri",
        "iri-reference",
        "uuid",
        "uri-template",
        "json-pointer",
        "relative-json-pointer",
        "regex",
    ];

    /// Remove every `format` JSON Schema does not define from `schema` and its subschemas
    /// (a property that happens to be named `format` is left alone).
    pub(crate) fn drop_unknown_formats(schema: &mut JsonObject) {
        if schema
            .get("format")
            .and_then(Value::as_str)
            .is_some_and(|f| !STANDARD_FORMATS.contains(&f))
        {
            schema.remove("format");
        }
        for (key, value) in schema.iter_mut() {
            match (key.as_str(), value) {
                // Data, not schemas.
                ("enum" | "const" | "default" | "examples", _) => {}
                // Maps of name -> schema.
                (
                    "properties" | "patternProperties" | "$defs" | "definitions"
                    | "dependentSchemas",
                    Value::Object(map),
                ) => {
                    for sub in map.values_mut() {
                        if let Value::Object(sub) = sub {
                            drop_unknown_formats(sub);
                        }
                    }
                }
                // One schema, or a list of them.
                (_, Value::Object(sub)) => drop_unknown_formats(sub),
                (_, Value::Array(items)) => {
                    for item in items {
                        if let Value::Object(sub) = item {
                            drop_unknown_formats(sub);
                        }
                    }
                }
                _ => {}
            }
        }
    }

    /// Deserialise tool arguments, naming the field that is wrong.
    pub fn parse_args<T: serde::de::DeserializeOwned>(args: JsonObject) -> Result<T, ToolError> {
        serde_path_to_error::deserialize(Value::Object(args)).map_err(|e| {
            let path = e.path().to_string();
            // serde quotes the offending value; a hostile 100 kB string must not come back whole.
            // Each quoted value is cut short too: the answer passes the output screen, which
            // would withhold the whole message for a long run of digits or letters in it.
            let inner =
                crate::screen::truncate(&shorten_quoted(&e.into_inner().to_string(), 24), 200);
            if path.is_empty() || path == "." {
                // A missing or unknown field has no path, but serde names it in backquotes.
                match inner.split('`').nth(1).filter(|f| !f.is_empty()) {
                    Some(field) => ToolError::field(&crate::screen::truncate(field, 64), &inner),
                    None => ToolError::invalid_arguments(inner),
                }
            } else {
                ToolError::field(&path, inner)
            }
        })
    }

    /// `text` with the inside of every `"..."` cut to at most `max` characters.
    pub(crate) fn shorten_quoted(text: &str, max: usize) -> String {
        let mut out = String::with_capacity(text.len().min(256));
        for (i, part) in text.split('"').enumerate() {
            if i > 0 {
                out.push('"');
            }
            if i % 2 == 1 {
                out.push_str(&crate::screen::truncate(part, max));
            } else {
                out.push_str(part);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::{NotifyFuture, Progress, ProgressReport, Throttle};
    use std::sync::Mutex;
    use std::time::Duration;

    /// Keeps every notification it is given.
    #[derive(Debug, Default)]
    struct Kept(Mutex<Vec<(u64, u64, String)>>);

    impl Progress for Kept {
        fn notify<'a>(&'a self, done: u64, total: u64, message: String) -> NotifyFuture<'a> {
            self.0.lock().unwrap().push((done, total, message));
            Box::pin(async {})
        }
    }

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn the_first_and_the_last_go_out_and_between_them_one_per_interval() {
        let t0 = tokio::time::Instant::now();
        let mut throttle = Throttle::new(ms(100));
        // (step, at ms): what goes out
        let sent: Vec<u64> = [
            (1, 0),
            (2, 10),
            (3, 99),
            (4, 100),
            (5, 150),
            (6, 199),
            (7, 200),
            (8, 201),
            (9, 202),
            (10, 203),
        ]
        .into_iter()
        .filter(|&(step, at)| throttle.admit(step, 10, t0 + ms(at)))
        .map(|(step, _)| step)
        .collect();
        // 4 is 100 ms after 1, 7 100 ms after 4; 10 is the last.
        assert_eq!(sent, [1, 4, 7, 10]);
        // A clock that goes backwards sends nothing early.
        let mut throttle = Throttle::new(ms(100));
        assert!(throttle.admit(1, 3, t0 + ms(500)));
        assert!(!throttle.admit(2, 3, t0));
        assert!(throttle.admit(3, 3, t0));
    }

    #[tokio::test]
    async fn a_report_sends_only_to_a_client_that_asked() {
        let kept = Kept::default();
        let t0 = tokio::time::Instant::now();
        let mut report = ProgressReport {
            sink: Some(&kept),
            total: 5,
            done: 0,
            message: |done, total| format!("{done} of {total}"),
            throttle: Throttle::new(ms(100)),
        };
        for at in [0, 1, 2, 150, 151] {
            report.step_at(t0 + ms(at)).await;
        }
        let kept = kept.0.into_inner().unwrap();
        assert_eq!(
            kept,
            [
                (1, 5, "1 of 5".to_owned()),
                (4, 5, "4 of 5".to_owned()),
                (5, 5, "5 of 5".to_owned())
            ]
        );
        // Without a sink nothing is sent and nothing fails; steps past the total stay at it.
        let mut silent = ProgressReport {
            sink: None,
            total: 1,
            done: 0,
            message: |_, _| unreachable!("no message is made for nobody"),
            throttle: Throttle::new(ms(100)),
        };
        silent.step_at(t0).await;
        silent.step_at(t0).await;
        assert_eq!(silent.done, 1);
    }

    #[test]
    fn a_property_named_format_is_kept() {
        let mut schema = serde_json::json!({
            "type": "object",
            "properties": {
                "format": {"type": "integer", "format": "uint8"},
                "when": {"type": "string", "format": "date-time"},
                "list": {"type": "array", "items": {"type": "integer", "format": "int64"}},
                "either": {"anyOf": [{"type": "integer", "format": "uint"}, {"type": "null"}]}
            },
            "required": ["format"]
        });
        let serde_json::Value::Object(obj) = &mut schema else {
            unreachable!()
        };
        super::__private::drop_unknown_formats(obj);
        assert_eq!(
            schema,
            serde_json::json!({
                "type": "object",
                "properties": {
                    "format": {"type": "integer"},
                    "when": {"type": "string", "format": "date-time"},
                    "list": {"type": "array", "items": {"type": "integer"}},
                    "either": {"anyOf": [{"type": "integer"}, {"type": "null"}]}
                },
                "required": ["format"]
            })
        );
    }
}
