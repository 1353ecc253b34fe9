//! The MCP handler behind `/mcp`: the server of the stdio transport, asked per request for the
//! caller its token names. The catalogue a request sees is computed from the token's validated
//! claims (its profile under the operator's ceiling, its role), and a tool outside it answers
//! exactly as a name nobody invented. A protected tool's upstream requests carry a token obtained
//! by exchange, never the caller's. A destructive tool is offered to a client that can answer its
//! confirmation, when the operator gave the keys that seal its state: one of protocol 2026-07-28
//! that declares elicitation (its `requestState` sealed, [`super::sealed`]), or one of an older
//! protocol that declared elicitation at `initialize` and is in a session ([`super::sessions`]),
//! asked by `elicitation/create` as over stdio.

use super::auth::Principal;
use super::exchange::Exchanger;
use crate::caller::Caller;
use crate::confirm::{self, Ask};
use crate::error::{ErrorCode, ToolError};
use crate::server::{
    ClientAsk, ClinicServer, client_can_ask, server_info, structured, with_text_block,
};
use crate::tool::ToolDef;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ErrorData, ListToolsResult,
    PaginatedRequestParams, ServerConfig, Tool,
};
use rmcp::service::RequestContext;
use rmcp::{RoleServer, ServerHandler};
use serde_json::Value;
use std::sync::Arc;

/// The answer of a protected call whose token exchange failed (the model reads it).
const NO_EXCHANGE: &str = "The authorization server issued no token for the clinic API, so nothing was sent to it. Retry later.";

/// One per request (rmcp's stateless service makes one each time); the parts are shared.
#[derive(Clone, Debug)]
pub struct PerToken {
    pub(super) server: ClinicServer,
    pub(super) catalogue: &'static [ToolDef],
    pub(super) exchange: Arc<Exchanger>,
    pub(super) validator: Arc<super::auth::Validator>,
    /// The keys that seal a confirmation's `requestState`; `None`: no client is asked.
    pub(super) sealing: Option<Arc<super::sealed::SealingKeys>>,
    /// Whether clients of older protocols get sessions, in which they can be asked.
    pub(super) sessions: bool,
}

/// How this request's client can be asked to confirm.
enum Asking<'a> {
    /// Protocol 2026-07-28: an `input_required` result whose `requestState` is sealed.
    Sealed(&'a dyn confirm::States),
    /// An older protocol, in a session: `elicitation/create`, answered in a POST of the session.
    Session,
}

/// The principal the auth layer attached to this request. Every request to `/mcp` passes that
/// layer, so a request without one is an internal error, answered without any tool.
fn principal(context: &RequestContext<RoleServer>) -> Result<Principal, ErrorData> {
    context
        .extensions
        .get::<http::request::Parts>()
        .and_then(|parts| parts.extensions.get::<Principal>())
        .cloned()
        .ok_or_else(|| ErrorData::internal_error("the request carries no validated token", None))
}

/// The answer to a name the caller cannot reach, the same as for one nobody invented (and as the
/// stdio transport answers it).
fn not_found(name: &str) -> ErrorData {
    ErrorData::invalid_params(format!("Tool {name} not found"), None)
}

impl PerToken {
    /// Whether the operator gave up the confirmation for clients that cannot ask their user.
    fn unattended(&self) -> bool {
        self.server
            .session()
            .confirmation
            .allow_unconfirmed_destructive_calls
    }

    /// How this request's client can be asked, if it can: a client of protocol 2026-07-28 that
    /// declares elicitation (in form mode) gets an `input_required` result whose `requestState` is
    /// sealed, so the retry may reach any replica; one of an older protocol that declared it at
    /// `initialize` is asked by `elicitation/create` when it is in a session (its answer comes in
    /// a POST of that session). Without the sealing keys nobody is asked.
    fn asking(&self, context: &RequestContext<RoleServer>) -> Option<Asking<'_>> {
        let sealing = self.sealing.as_deref()?;
        if !client_can_ask(context) {
            return None;
        }
        let new_protocol = context
            .protocol_version()
            .is_some_and(|v| v >= rmcp::model::ProtocolVersion::V_2026_07_28);
        if new_protocol {
            return Some(Asking::Sealed(sealing));
        }
        // Sessions on, a request naming one reaches rmcp only through the session service, and
        // only its owner's (`super::sessions::route`).
        let in_session = context
            .extensions
            .get::<http::request::Parts>()
            .is_some_and(|parts| {
                parts
                    .headers
                    .contains_key(rmcp::transport::common::http_header::HEADER_SESSION_ID)
            });
        (self.sessions && in_session).then_some(Asking::Session)
    }

    /// Whether some client may be offered a destructive tool: the operator gave the sealing keys,
    /// or gave up the confirmation.
    pub(super) fn confirms_at_all(&self) -> bool {
        self.sealing.is_some() || self.unattended()
    }

    /// The definition of `name` if `principal` reaches it: the operator's profile holds it, the
    /// token's scopes do too, the token's role holds its role, and it asks nobody unless the
    /// client can answer (`can_confirm`) or the operator allowed that.
    pub(super) fn reachable(
        &self,
        principal: &Principal,
        name: &str,
        can_confirm: bool,
    ) -> Option<&'static ToolDef> {
        let profile = principal.profile?;
        self.server
            .listed_for(principal.role)
            .iter()
            .find(|t| t.name == name)
            .and_then(|_| self.catalogue.iter().find(|d| d.name == name))
            .filter(|d| profile.includes(d.profile))
            .filter(|d| !d.destructive || can_confirm || self.unattended())
    }

    /// `tools/list` for `principal`: the list the stdio server renders for its role, less what its
    /// scopes do not reach (and the destructive tools, unless `can_confirm`).
    fn listed(&self, principal: &Principal, can_confirm: bool) -> Vec<Tool> {
        self.server
            .listed_for(principal.role)
            .iter()
            .filter(|t| self.reachable(principal, &t.name, can_confirm).is_some())
            .cloned()
            .collect()
    }
}

/// Who calls what, as a confirmation is bound to it: the caller (its `sub` at the issuer, else
/// its token's fingerprint: never the token), its role, the tool and its arguments (compact
/// JSON). The exchanged token is not used: each replica exchanges its own.
fn call_binding(
    principal: &Principal,
    name: &str,
    args: &serde_json::Map<String, Value>,
) -> String {
    format!(
        "{}\n{:?}\n{name}\n{}",
        principal.caller_key(),
        principal.role,
        serde_json::to_string(args).unwrap_or_default()
    )
}

impl ServerHandler for PerToken {
    fn get_info(&self) -> ServerConfig {
        server_info()
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let principal = principal(&context)?;
        let can_confirm = self.asking(&context).is_some();
        Ok(ListToolsResult::with_all_items(
            self.listed(&principal, can_confirm),
        ))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let principal = principal(&context)?;
        let name = request.name.as_ref();
        let asking = self.asking(&context);
        let def = self
            .reachable(&principal, name, asking.is_some())
            .ok_or_else(|| not_found(name))?;
        // A public tool sends no token; a protected one, a token exchanged for this caller.
        let upstream = if def.role.is_some() {
            match self.exchanged(&principal).await {
                Ok(token) => Some(token),
                Err(result) => return Ok((*result).into()),
            }
        } else {
            None
        };
        let caller = Caller::new(principal.role, upstream);
        let args = request.arguments.unwrap_or_default();
        if def.destructive
            && let Some(Asking::Session) = asking
        {
            // As over stdio: the question goes to the client, within the confirmation timeout.
            let ask = ClientAsk::new(context, self.server.clone());
            return self
                .server
                .call_as(&caller, name, args, &ask)
                .await
                .map(Into::into);
        }
        if def.destructive
            && let Some(Asking::Sealed(states)) = asking
        {
            // Runs to its answer (a mutation), like any destructive call on stdio.
            let retry = confirm::Retry {
                states,
                call: call_binding(&principal, name, &args),
                request_state: request.request_state,
                input_responses: request.input_responses.map(|r| r.into_iter().collect()),
                raised: std::sync::Mutex::new(None),
            };
            let result = self.server.call_as(&caller, name, args, &retry).await?;
            return Ok(match retry.take_raised() {
                Some(input_required) => input_required.into(),
                None => result.into(),
            });
        }
        let ask: &dyn Ask = if self.unattended() {
            &confirm::Unattended
        } else {
            &confirm::Nobody
        };
        let call = self.server.call_as(&caller, name, args, ask);
        if !def.hints().read_only {
            // A mutation runs to its answer even when the client goes away (its idempotency key
            // tells the caller whether it happened).
            return call.await.map(Into::into);
        }
        tokio::select! {
            result = call => result.map(Into::into),
            () = context.ct.cancelled() => Ok(with_text_block(structured(
                &ToolError::new(
                    ErrorCode::Cancelled,
                    "The client cancelled this call; it stopped before answering. Nothing was changed.",
                )
                .to_json(),
                true,
            )).into()),
        }
    }
}

impl PerToken {
    /// The tool a plain `tools/call` of `name` by `principal` runs, when the transport may answer
    /// it itself ([`Self::call_directly`]): one the token reaches that asks nobody (not
    /// destructive). Otherwise `None`, and the request goes to rmcp, which answers a name out of
    /// reach as one nobody invented.
    pub(super) fn direct_tool(
        &self,
        principal: &Principal,
        name: &str,
    ) -> Option<&'static ToolDef> {
        self.reachable(principal, name, false)
            .filter(|def| !def.destructive)
    }

    /// The answer to a plain `tools/call` (`id`, `args`) of [`Self::direct_tool`]'s `def` by
    /// `principal`, from a client of a protocol before 2026-07-28: what [`Self::call_tool`]
    /// answers for it through rmcp's stateless service, run by the stdio transport's own code
    /// (`ClinicServer::call_unattended_reporting`, `transport::plain_answer`) and written as rmcp writes
    /// it. A read stops when this future is dropped (the client went away; rmcp cancels it then
    /// too, and its answer goes nowhere); a change runs to its answer in a task of its own, as
    /// rmcp runs every handler.
    pub(super) async fn call_directly(
        &self,
        principal: &Principal,
        def: &'static ToolDef,
        id: rmcp::model::RequestId,
        args: serde_json::Map<String, Value>,
    ) -> std::io::Result<Vec<u8>> {
        tracing::debug!(tool = def.name, "tools/call run by the HTTP transport");
        // A public tool sends no token; a protected one, a token exchanged for this caller.
        let upstream = if def.role.is_some() {
            match self.exchanged(principal).await {
                Ok(token) => Some(token),
                Err(result) => return crate::transport::plain_answer(id, (*result).into()),
            }
        } else {
            None
        };
        let caller = Caller::new(principal.role, upstream);
        let response = if def.hints().read_only {
            self.server
                .call_unattended_reporting(&caller, def, args, std::future::pending(), None)
                .await
        } else {
            let server = self.server.clone();
            let run = tokio::spawn(async move {
                server
                    .call_unattended_reporting(&caller, def, args, std::future::pending(), None)
                    .await
            });
            run.await.map_err(std::io::Error::other)?
        };
        crate::transport::plain_answer(id, response)
    }

    /// The token exchanged for `principal`, or the tool error to answer: nothing is sent to the
    /// API without one.
    async fn exchanged(
        &self,
        principal: &Principal,
    ) -> Result<crate::caller::AccessToken, Box<CallToolResult>> {
        let refused = |cause: String| {
            tracing::warn!(cause = %cause, "token exchange failed; nothing was sent to the clinic API");
            Box::new(with_text_block(structured(
                &ToolError::new(ErrorCode::UpstreamUnavailable, NO_EXCHANGE).to_json(),
                true,
            )))
        };
        let server = self
            .validator
            .authorization_server()
            .await
            .map_err(&refused)?;
        self.exchange
            .token_for(
                &principal.token,
                principal.expires_at,
                &server.token_endpoint,
            )
            .await
            .map_err(|e| refused(e.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::{Principal, call_binding};
    use crate::caller::{AccessToken, SessionRole};

    /// A confirmation is bound to the caller's `sub` at the issuer (the same on every replica and
    /// across its token's refreshes), never to a token; without a `sub`, to the token's
    /// fingerprint.
    #[test]
    fn a_call_is_bound_to_the_caller_s_sub_and_never_to_its_token() {
        let principal = |sub: Option<&str>, token: &str| Principal {
            role: SessionRole::Patient,
            profile: Some(crate::session::Profile::Booking),
            token: AccessToken::new(token).unwrap(),
            expires_at: 0,
            subject: sub.map(str::to_owned),
        };
        let args = serde_json::json!({"appointment_id": 7})
            .as_object()
            .unwrap()
            .clone();
        let bound = |p: &Principal| call_binding(p, "cancel_appointment", &args);
        let one = bound(&principal(Some("patient-1"), "token-aaaaaaaaaaaa"));
        assert_eq!(
            one,
            bound(&principal(Some("patient-1"), "token-bbbbbbbbbbbb"))
        );
        assert_ne!(
            one,
            bound(&principal(Some("patient-2"), "token-aaaaaaaaaaaa"))
        );
        let anonymous = bound(&principal(None, "token-aaaaaaaaaaaa"));
        assert_ne!(anonymous, bound(&principal(None, "token-bbbbbbbbbbbb")));
        for text in [&one, &anonymous] {
            assert!(!text.contains("token-"), "{text}");
        }
    }

    /// The one message this module writes for the model is read by the same judge as any
    /// upstream text: it must carry no injection-class finding.
    #[test]
    fn the_exchange_failure_message_passes_the_output_screen_s_judge() {
        let findings = clinic_policy::check_text(
            clinic_policy::Field::ParamDescription,
            super::NO_EXCHANGE,
            "",
            &[],
        );
        assert!(findings.iter().all(|f| !f.is_injection()), "{findings:?}");
    }
}
