//! The MCP handler behind `/mcp`: the server of the stdio transport, asked per request for the
//! caller its token names. The catalogue a request sees is computed from the token's validated
//! claims (its profile under the operator's ceiling, its role), and a tool outside it answers
//! exactly as a name nobody invented. A protected tool's upstream requests carry a token obtained
//! by exchange, never the caller's.

use super::auth::Principal;
use super::exchange::Exchanger;
use crate::caller::Caller;
use crate::confirm::{self, Ask};
use crate::error::{ErrorCode, ToolError};
use crate::server::{ClinicServer, server_info, structured, with_text_block};
use crate::tool::ToolDef;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ErrorData, ListToolsResult,
    PaginatedRequestParams, ServerConfig, Tool,
};
use rmcp::service::RequestContext;
use rmcp::{RoleServer, ServerHandler};
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
    /// Over HTTP no client is asked (a stateless replica cannot wait for a second POST), so
    /// without that flag the destructive tools are never offered.
    fn unattended(&self) -> bool {
        self.server
            .session()
            .confirmation
            .allow_unconfirmed_destructive_calls
    }

    /// The definition of `name` if `principal` reaches it: the operator's profile holds it, the
    /// token's scopes do too, the token's role holds its role, and it asks nobody (or the
    /// operator allowed that).
    pub(super) fn reachable(&self, principal: &Principal, name: &str) -> Option<&'static ToolDef> {
        let profile = principal.profile?;
        self.server
            .listed_for(principal.role)
            .iter()
            .find(|t| t.name == name)
            .and_then(|_| self.catalogue.iter().find(|d| d.name == name))
            .filter(|d| profile.includes(d.profile))
            .filter(|d| !d.destructive || self.unattended())
    }

    /// `tools/list` for `principal`: the list the stdio server renders for its role, less what its
    /// scopes do not reach.
    fn listed(&self, principal: &Principal) -> Vec<Tool> {
        self.server
            .listed_for(principal.role)
            .iter()
            .filter(|t| self.reachable(principal, &t.name).is_some())
            .cloned()
            .collect()
    }
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
        Ok(ListToolsResult::with_all_items(self.listed(&principal)))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let principal = principal(&context)?;
        let name = request.name.as_ref();
        let def = self
            .reachable(&principal, name)
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
        let ask: &dyn Ask = if self.unattended() {
            &confirm::Unattended
        } else {
            &confirm::Nobody
        };
        let args = request.arguments.unwrap_or_default();
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
