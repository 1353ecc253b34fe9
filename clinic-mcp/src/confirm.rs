//! The human's confirmation of a destructive call, asked through MCP elicitation.
//!
//! Annotations are hints a client may ignore, and an argument like `confirm: true` is filled in by
//! the model, so neither is consent. A destructive tool reads what it is about to destroy, builds
//! a [`Question`] from the API's own data, and waits here for the human's answer before its
//! request that changes anything may be sent (the call's HTTP client refuses that request until
//! then: see [`crate::api::ApiClient::for_call`]).
//!
//! How the question travels depends on the client:
//! - protocols up to 2025-11-25: an `elicitation/create` request to the client, answered or not
//!   within [`Confirmations::timeout`] ([`Ask`] for rmcp's `Peer`, in `server`);
//! - protocol 2026-07-28, which forbids requests from server to client: the call answers an
//!   `input_required` result carrying the same form, and the client retries the call with the
//!   human's answer and the echoed `requestState` ([`Retry`]). The state is an opaque handle to an
//!   entry kept here, bound to the caller, the tool, its arguments and the exact question, used
//!   once and only before its deadline;
//! - a client that cannot ask never sees a destructive tool, unless the operator started the
//!   server with `--allow-unconfirmed-destructive-calls` ([`Unattended`]).
//!
//! Only an answer of `accept` whose one field is `true` confirms. Decline, cancel, `false`, an
//! answer of another shape, no answer in time, a client that went away: nothing is sent, and the
//! tool answers `CONFIRMATION_DECLINED`.

use crate::error::{ErrorCode, ToolError};
use serde_json::{Map, Value};
use std::collections::BTreeMap;
use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

/// The one field of the confirmation form.
pub const FIELD: &str = "confirm";
/// Its title, as a client shows it beside the box.
pub const FIELD_TITLE: &str = "Confirm";
/// Its description. Our own text, held to the controlled language like every description.
pub const FIELD_DESCRIPTION: &str =
    "Set to true to confirm the change. Any other answer changes nothing.";
/// The key of the one input request of an `input_required` result.
pub const INPUT_KEY: &str = "confirm";

/// Most questions of the 2026-07-28 protocol awaiting their retry; past it the oldest are dropped
/// (their retries then answer `CONFIRMATION_DECLINED`, and a new call asks again).
const PENDING_HELD: usize = 256;

/// The requested schema of the form: one boolean, required.
pub fn requested_schema() -> Value {
    serde_json::json!({
        "type": "object",
        "properties": {
            FIELD: {
                "type": "boolean",
                "title": FIELD_TITLE,
                "description": FIELD_DESCRIPTION,
                "default": false
            }
        },
        "required": [FIELD]
    })
}

/// What a destructive tool asks, built from what the API answered about the thing to destroy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Question {
    /// The message shown to the human, already through the output screen.
    pub message: String,
}

/// The human's answer, as far as the server can tell.
#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    /// Accepted, with the field `true`.
    Confirmed,
    /// Anything else; nothing may be sent.
    NotConfirmed(Refusal),
    /// Protocol 2026-07-28: the question went out as an `input_required` result (kept by the
    /// asker, [`Retry::take_raised`]); the call ends here and the client retries it with the
    /// answer.
    InputRequired,
}

/// Why a call was not confirmed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    Declined,
    Cancelled,
    AnsweredFalse,
    /// Accepted, but without a boolean `confirm` (or with fields the form does not have).
    Invalid,
    TimedOut,
    /// The client answered the request with an error, or went away.
    NoAnswer,
    /// The client cancelled the tool call while the question was open.
    CallCancelled,
    /// A retry whose `requestState` names no open question (never asked, used, or dropped).
    UnknownState,
    /// Nobody can be asked (the `call` command without a terminal, say).
    CannotAsk,
    /// The server began shutting down while the question was open.
    ShuttingDown,
    /// What the user confirmed is no longer what the API says (it changed while they were
    /// asked).
    Changed,
}

impl Refusal {
    /// The stable part of the tool's answer.
    pub fn message(self) -> &'static str {
        match self {
            Refusal::Declined => {
                "The user declined this change. Nothing was sent to the clinic API and nothing changed."
            }
            Refusal::Cancelled => {
                "The user dismissed the confirmation. Nothing was sent to the clinic API and nothing changed."
            }
            Refusal::AnsweredFalse => {
                "The user did not confirm this change. Nothing was sent to the clinic API and nothing changed."
            }
            Refusal::Invalid => {
                "The confirmation came back without a yes. Nothing was sent to the clinic API and nothing changed."
            }
            Refusal::TimedOut => {
                "No confirmation arrived in time. Nothing was sent to the clinic API and nothing changed. Ask the user, then call again."
            }
            Refusal::NoAnswer => {
                "The confirmation could not be asked or got no answer. Nothing was sent to the clinic API and nothing changed."
            }
            Refusal::CallCancelled => {
                "The client cancelled this call during the confirmation. Nothing was sent to the clinic API and nothing changed."
            }
            Refusal::UnknownState => {
                "This confirmation is not open (expired, used, or never asked). Nothing was sent to the clinic API and nothing changed. Call again to ask again."
            }
            Refusal::CannotAsk => {
                "Nobody can be asked to confirm this change here. Nothing was sent to the clinic API and nothing changed."
            }
            Refusal::ShuttingDown => {
                "The server is shutting down, so the confirmation was dropped. Nothing was sent to the clinic API and nothing changed."
            }
            Refusal::Changed => {
                "The appointment changed while the user was asked, so that answer does not hold. Nothing was sent to the clinic API and nothing changed. Call again to ask about it as it is now."
            }
        }
    }

    pub fn to_error(self) -> ToolError {
        ToolError::new(ErrorCode::ConfirmationDeclined, self.message())
    }
}

/// What the human answered, from an elicitation result's action and content.
pub fn judge(action: &rmcp::model::ElicitationAction, content: Option<&Value>) -> Answer {
    use rmcp::model::ElicitationAction;
    match action {
        ElicitationAction::Decline => Answer::NotConfirmed(Refusal::Declined),
        ElicitationAction::Cancel => Answer::NotConfirmed(Refusal::Cancelled),
        ElicitationAction::Accept => match content {
            Some(Value::Object(fields)) if fields.len() == 1 => match fields.get(FIELD) {
                Some(Value::Bool(true)) => Answer::Confirmed,
                Some(Value::Bool(false)) => Answer::NotConfirmed(Refusal::AnsweredFalse),
                _ => Answer::NotConfirmed(Refusal::Invalid),
            },
            _ => Answer::NotConfirmed(Refusal::Invalid),
        },
        // An action this version does not know is not a yes.
        _ => Answer::NotConfirmed(Refusal::Invalid),
    }
}

/// What an elicitation result (as JSON, the 2026-07-28 `inputResponses` entry) answers.
pub fn judge_json(response: Option<&Value>) -> Answer {
    let Some(response) = response else {
        return Answer::NotConfirmed(Refusal::NoAnswer);
    };
    match serde_json::from_value::<rmcp::model::ElicitResult>(response.clone()) {
        Ok(r) => judge(&r.action, r.content.as_ref()),
        Err(_) => Answer::NotConfirmed(Refusal::Invalid),
    }
}

/// The future an [`Ask`] answers with.
pub type AskFuture<'a> = Pin<Box<dyn Future<Output = Answer> + Send + 'a>>;

/// Who asks the human, for one call.
pub trait Ask: Send + Sync + fmt::Debug {
    fn ask<'a>(&'a self, question: &'a Question) -> AskFuture<'a>;

    /// Whether the call's question went out as an `input_required` result, so the call has not
    /// ended: it goes on in the client's retry.
    fn awaits_retry(&self) -> bool {
        false
    }
}

/// Nobody can be asked: every question is refused.
#[derive(Debug, Clone, Copy)]
pub struct Nobody;

impl Ask for Nobody {
    fn ask<'a>(&'a self, _question: &'a Question) -> AskFuture<'a> {
        Box::pin(std::future::ready(Answer::NotConfirmed(Refusal::CannotAsk)))
    }
}

/// The operator gave up the confirmation (`--allow-unconfirmed-destructive-calls`) and the client
/// cannot ask: every question is taken as confirmed, and each is logged.
#[derive(Debug, Clone, Copy)]
pub struct Unattended;

impl Ask for Unattended {
    fn ask<'a>(&'a self, _question: &'a Question) -> AskFuture<'a> {
        tracing::warn!(
            "a destructive call runs without a human's confirmation (--allow-unconfirmed-destructive-calls)"
        );
        Box::pin(std::future::ready(Answer::Confirmed))
    }
}

/// The server's questions awaiting a 2026-07-28 retry, and the settings of every confirmation.
#[derive(Debug)]
pub struct Confirmations {
    /// How long the human has to answer.
    pub timeout: Duration,
    pending: Mutex<BTreeMap<String, Pending>>,
}

#[derive(Debug)]
struct Pending {
    binding: String,
    asked_at: Instant,
}

impl Confirmations {
    pub fn new(timeout: Duration) -> Self {
        Self {
            timeout,
            pending: Mutex::new(BTreeMap::new()),
        }
    }

    /// Open a question bound to `binding`; its handle, for `requestState`.
    fn open(&self, binding: String) -> String {
        let handle = uuid::Uuid::new_v4().simple().to_string();
        let mut pending = self.pending.lock().unwrap_or_else(PoisonError::into_inner);
        let timeout = self.timeout;
        pending.retain(|_, p| p.asked_at.elapsed() < timeout);
        if pending.len() >= PENDING_HELD
            && let Some(oldest) = pending
                .iter()
                .min_by_key(|(_, p)| p.asked_at)
                .map(|(k, _)| k.clone())
        {
            pending.remove(&oldest);
        }
        pending.insert(
            handle.clone(),
            Pending {
                binding,
                asked_at: Instant::now(),
            },
        );
        handle
    }

    /// Take the question `handle` names (it is used up either way): its binding, or why not.
    fn take(&self, handle: &str) -> Result<String, Refusal> {
        let taken = self
            .pending
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(handle);
        match taken {
            None => Err(Refusal::UnknownState),
            Some(p) if p.asked_at.elapsed() >= self.timeout => Err(Refusal::TimedOut),
            Some(p) => Ok(p.binding),
        }
    }

    /// Questions awaiting a retry (for tests).
    pub fn open_questions(&self) -> usize {
        self.pending
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    }
}

/// The 2026-07-28 way: a question becomes an `input_required` result; a retry that carries the
/// answer to the same question, for the same caller, tool and arguments, is judged.
#[derive(Debug)]
pub struct Retry<'a> {
    pub confirmations: &'a Confirmations,
    /// Who calls what: the caller's token fingerprint, the tool, its arguments.
    pub call: String,
    pub request_state: Option<String>,
    pub input_responses: Option<Map<String, Value>>,
    /// The `input_required` result a question became, for the server to answer with.
    pub raised: Mutex<Option<rmcp::model::InputRequiredResult>>,
}

impl Retry<'_> {
    /// The `input_required` result this call's question became, if it did.
    pub fn take_raised(&self) -> Option<rmcp::model::InputRequiredResult> {
        self.raised
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take()
    }

    /// The binding of a question to this call.
    fn binding(&self, question: &Question) -> String {
        format!("{}\n{}", self.call, question.message)
    }

    fn input_required(&self, question: &Question) -> Answer {
        let handle = self.confirmations.open(self.binding(question));
        let request =
            rmcp::model::InputRequest::Elicitation(rmcp::model::ElicitRequest::new(form(question)));
        let mut requests = rmcp::model::InputRequests::new();
        requests.insert(INPUT_KEY.to_owned(), request);
        let result = rmcp::model::InputRequiredResult::new(Some(requests), Some(handle));
        *self.raised.lock().unwrap_or_else(PoisonError::into_inner) = Some(result);
        Answer::InputRequired
    }
}

impl Ask for Retry<'_> {
    fn ask<'a>(&'a self, question: &'a Question) -> AskFuture<'a> {
        let answer = match &self.request_state {
            None => self.input_required(question),
            Some(handle) => match self.confirmations.take(handle) {
                Err(refusal) => Answer::NotConfirmed(refusal),
                // What was asked is not what would now be done (the appointment changed, or the
                // retry names other arguments): the answer was to another question; ask again.
                Ok(binding) if binding != self.binding(question) => self.input_required(question),
                Ok(_) => judge_json(
                    self.input_responses
                        .as_ref()
                        .and_then(|responses| responses.get(INPUT_KEY)),
                ),
            },
        };
        Box::pin(std::future::ready(answer))
    }

    fn awaits_retry(&self) -> bool {
        self.raised
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .is_some()
    }
}

/// The form-mode elicitation of `question`.
pub fn form(question: &Question) -> rmcp::model::ElicitRequestParams {
    rmcp::model::ElicitRequestParams::FormElicitationParams {
        meta: None,
        message: question.message.clone(),
        requested_schema: serde_json::from_value(requested_schema())
            .unwrap_or_else(|_| rmcp::model::ElicitationSchema::builder().build_unchecked()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rmcp::model::ElicitationAction;
    use serde_json::json;

    #[test]
    fn only_accept_with_true_confirms() {
        let accept = ElicitationAction::Accept;
        assert_eq!(
            judge(&accept, Some(&json!({"confirm": true}))),
            Answer::Confirmed
        );
        for (content, why) in [
            (Some(json!({"confirm": false})), Refusal::AnsweredFalse),
            (Some(json!({"confirm": "true"})), Refusal::Invalid),
            (Some(json!({"confirm": 1})), Refusal::Invalid),
            (Some(json!({})), Refusal::Invalid),
            (Some(json!({"confirm": true, "also": 1})), Refusal::Invalid),
            (Some(json!({"yes": true})), Refusal::Invalid),
            (Some(json!(true)), Refusal::Invalid),
            (None, Refusal::Invalid),
        ] {
            assert_eq!(
                judge(&accept, content.as_ref()),
                Answer::NotConfirmed(why),
                "{content:?}"
            );
        }
        let yes = json!({"confirm": true});
        assert_eq!(
            judge(&ElicitationAction::Decline, Some(&yes)),
            Answer::NotConfirmed(Refusal::Declined)
        );
        assert_eq!(
            judge(&ElicitationAction::Cancel, Some(&yes)),
            Answer::NotConfirmed(Refusal::Cancelled)
        );
    }

    #[test]
    fn input_responses_are_judged_the_same_way() {
        assert_eq!(
            judge_json(Some(
                &json!({"action": "accept", "content": {"confirm": true}})
            )),
            Answer::Confirmed
        );
        assert_eq!(
            judge_json(Some(
                &json!({"action": "accept", "content": {"confirm": false}})
            )),
            Answer::NotConfirmed(Refusal::AnsweredFalse)
        );
        assert_eq!(
            judge_json(Some(&json!({"action": "decline"}))),
            Answer::NotConfirmed(Refusal::Declined)
        );
        assert_eq!(
            judge_json(Some(&json!({"action": "maybe"}))),
            Answer::NotConfirmed(Refusal::Invalid)
        );
        assert_eq!(judge_json(None), Answer::NotConfirmed(Refusal::NoAnswer));
    }

    #[test]
    fn our_text_in_the_form_is_in_the_controlled_language() {
        for (field, text) in [
            (clinic_policy::Field::Title, FIELD_TITLE),
            (clinic_policy::Field::ParamDescription, FIELD_DESCRIPTION),
        ] {
            let found = clinic_policy::check_strict(field, text, "", &[], false);
            assert!(found.is_empty(), "{text:?}: {found:?}");
        }
        for refusal in [
            Refusal::Declined,
            Refusal::Cancelled,
            Refusal::AnsweredFalse,
            Refusal::Invalid,
            Refusal::TimedOut,
            Refusal::NoAnswer,
            Refusal::CallCancelled,
            Refusal::UnknownState,
            Refusal::CannotAsk,
            Refusal::ShuttingDown,
            Refusal::Changed,
        ] {
            assert!(refusal.message().contains("nothing changed"), "{refusal:?}");
        }
        // the schema rmcp sends is the one written here
        let sent = serde_json::to_value(form(&Question {
            message: "m".into(),
        }))
        .unwrap();
        assert_eq!(sent["requestedSchema"], requested_schema());
    }

    fn retry<'a>(
        confirmations: &'a Confirmations,
        call: &str,
        state: Option<String>,
        responses: Option<Value>,
    ) -> Retry<'a> {
        Retry {
            confirmations,
            call: call.to_owned(),
            request_state: state,
            input_responses: responses.map(|r| {
                let mut m = Map::new();
                m.insert(INPUT_KEY.to_owned(), r);
                m
            }),
            raised: Mutex::new(None),
        }
    }

    /// Ask `q` through `r`, which must raise an `input_required` result: its handle.
    async fn raised_handle(r: &Retry<'_>, q: &Question) -> String {
        assert_eq!(r.ask(q).await, Answer::InputRequired);
        let raised = r.take_raised().expect("the result is kept");
        let requests = raised.input_requests.expect("one input request");
        assert_eq!(requests.len(), 1);
        let sent = serde_json::to_value(&requests[INPUT_KEY]).unwrap();
        assert_eq!(sent["method"], "elicitation/create");
        assert_eq!(sent["params"]["message"], q.message.as_str());
        assert_eq!(sent["params"]["requestedSchema"], requested_schema());
        raised.request_state.expect("a handle")
    }

    #[tokio::test]
    async fn a_retry_is_judged_once_and_only_for_the_question_asked() {
        let confirmations = Confirmations::new(Duration::from_secs(60));
        let q = Question {
            message: "Cancel appointment 7?".into(),
        };
        let yes = json!({"action": "accept", "content": {"confirm": true}});
        let call = "caller|cancel|7";
        let handle = raised_handle(&retry(&confirmations, call, None, None), &q).await;
        assert_eq!(confirmations.open_questions(), 1);
        // the answer to this question, for this call: confirmed, once
        let again = retry(&confirmations, call, Some(handle), Some(yes.clone()));
        assert_eq!(again.ask(&q).await, Answer::Confirmed);
        assert!(!again.awaits_retry());
        assert_eq!(
            again.ask(&q).await,
            Answer::NotConfirmed(Refusal::UnknownState),
            "a handle is used once"
        );
        // a yes given for other arguments is not a yes for these: they are asked about
        let handle = raised_handle(&retry(&confirmations, call, None, None), &q).await;
        let other = retry(
            &confirmations,
            "caller|cancel|8",
            Some(handle),
            Some(yes.clone()),
        );
        raised_handle(&other, &q).await;
        // nor for a question that changed since (the appointment moved)
        let handle = raised_handle(&retry(&confirmations, call, None, None), &q).await;
        let moved = Question {
            message: "Cancel appointment 7 at another time?".into(),
        };
        let changed = retry(&confirmations, call, Some(handle), Some(yes.clone()));
        raised_handle(&changed, &moved).await;
        // a declined answer to the right question
        let handle = raised_handle(&retry(&confirmations, call, None, None), &q).await;
        let no = retry(
            &confirmations,
            call,
            Some(handle),
            Some(json!({"action": "decline"})),
        );
        assert_eq!(no.ask(&q).await, Answer::NotConfirmed(Refusal::Declined));
        // a handle nobody gave
        let forged = retry(&confirmations, call, Some("0".repeat(32)), Some(yes));
        assert_eq!(
            forged.ask(&q).await,
            Answer::NotConfirmed(Refusal::UnknownState)
        );
        // a retry without the answer
        let handle = raised_handle(&retry(&confirmations, call, None, None), &q).await;
        let empty = retry(&confirmations, call, Some(handle), None);
        assert_eq!(empty.ask(&q).await, Answer::NotConfirmed(Refusal::NoAnswer));
    }

    #[tokio::test]
    async fn a_late_retry_is_refused() {
        let confirmations = Confirmations::new(Duration::from_millis(1));
        let q = Question {
            message: "Cancel?".into(),
        };
        let handle = raised_handle(&retry(&confirmations, "c", None, None), &q).await;
        std::thread::sleep(Duration::from_millis(5));
        let late = retry(
            &confirmations,
            "c",
            Some(handle),
            Some(json!({"action": "accept", "content": {"confirm": true}})),
        );
        assert_eq!(late.ask(&q).await, Answer::NotConfirmed(Refusal::TimedOut));
    }

    #[test]
    fn open_questions_are_bounded() {
        let confirmations = Confirmations::new(Duration::from_secs(60));
        for i in 0..(PENDING_HELD + 10) {
            confirmations.open(format!("b{i}"));
        }
        assert_eq!(confirmations.open_questions(), PENDING_HELD);
    }
}
