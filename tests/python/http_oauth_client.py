#!/usr/bin/env python3
"""The official MCP Python SDK (`mcp`) over Streamable HTTP with its OAuth client provider.

Usage:
    http_oauth_client.py --url http://127.0.0.1:PORT/mcp --slot SLOT_ID --key IDEMPOTENCY_KEY
                         [--mode {legacy,modern}]

A headless user drives the SDK's authorization code + PKCE flow: on a 401 the SDK finds the
protected-resource metadata, the authorization server's metadata, registers itself (RFC 7591,
on loopback) and hands the authorization URL to the redirect handler here, which follows it
with one GET (the stand-in authorization server consents for its demo user and answers 302);
the callback handler returns the `code`, `state` and `iss` of that redirect's Location.

The user is given a scope to stay within: an authorization URL asking for more is narrowed to
it before it is followed, as a user unticking a scope on a consent screen would (the stand-in
has no consent screen, so the user agent does it). Phase by phase:

1. within `clinic.readonly`: initialize, tools/list, a call of list_my_appointments, and a call
   of book_appointment (answered 403 insufficient_scope naming clinic.booking; the SDK steps up
   and asks for it, the user grants readonly only, the retry is refused again and the call fails);
2. the user now grants what is asked: book_appointment again, the SDK steps up to
   clinic.booking, the booking is made; tools/list again; and, if cancel_appointment is offered
   (destructive tools need the confirmation over HTTP), the new appointment is cancelled,
   confirmed through the SDK's `elicitation_callback` (answered accept).

Prints ONE JSON object on stdout and exits 0; a flow that breaks is a traceback on stderr and
a non-zero exit. No token is printed: the tokens the client sent are given as the SHA-256 (hex)
of each distinct `Authorization` header value the SDK put on a request to --url, so that a
test can compare them with what the clinic API saw.

    {"protocolVersion": "...",
     "authorizations": [{"asked": "...", "granted": "...", "resource": "...", "status": 302,
                         "iss": bool (the redirect carried the issuer)}],
     "http": [[method, path, status, www-authenticate or null], ...],   (the SDK's requests)
     "phase1": {"tools": [...], "call": RESULT, "refused": {"error": ..., "code": ...}},
     "phase2": {"booked": RESULT, "tools": [...],
                "cancel": {"elicitations": [...], "result": RESULT} | null},
     "sentAuthorizationSha256": [hex, ...]}

RESULT is {"isError": bool, "structuredContent": ..., "text": [...]} or {"error": ..., "code": ...}.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit, urlunsplit

import anyio
import httpx2
import mcp.types as types
from mcp.client._input_required import run_input_required_driver
from mcp.client.auth import AuthorizationCodeResult, OAuthClientProvider
from mcp.client.session import ClientRequestContext, ClientSession
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.auth import OAuthClientInformationFull, OAuthClientMetadata, OAuthToken
from mcp.shared.exceptions import MCPError

REDIRECT_URI = "http://127.0.0.1:9/callback"  # never listened on: the Location is read instead


class MemoryStorage:
    """The SDK's TokenStorage, in memory."""

    def __init__(self) -> None:
        self.tokens: OAuthToken | None = None
        self.client_info: OAuthClientInformationFull | None = None

    async def get_tokens(self) -> OAuthToken | None:
        return self.tokens

    async def set_tokens(self, tokens: OAuthToken) -> None:
        self.tokens = tokens

    async def get_client_info(self) -> OAuthClientInformationFull | None:
        return self.client_info

    async def set_client_info(self, client_info: OAuthClientInformationFull) -> None:
        self.client_info = client_info


class HeadlessUser:
    """Follows authorization URLs, granting at most `allowed` (None: whatever is asked)."""

    def __init__(self, browser: httpx2.AsyncClient) -> None:
        self.browser = browser
        self.allowed: set[str] | None = None
        self.authorizations: list[dict[str, Any]] = []
        self.pending: AuthorizationCodeResult | None = None

    async def redirect(self, authorization_url: str) -> None:
        parts = urlsplit(authorization_url)
        query = {k: v[0] for k, v in parse_qs(parts.query).items()}
        asked = query.get("scope", "")
        granted = asked
        if self.allowed is not None:
            granted = " ".join(s for s in asked.split() if s in self.allowed)
            query["scope"] = granted
        url = urlunsplit(parts._replace(query=urlencode(query)))
        response = await self.browser.get(url)
        entry: dict[str, Any] = {
            "asked": asked,
            "granted": granted,
            "resource": query.get("resource"),
            "status": response.status_code,
        }
        self.authorizations.append(entry)
        location = response.headers.get("location")
        if response.status_code != 302 or location is None:
            raise RuntimeError(f"the authorization endpoint answered {response.status_code}, no redirect")
        back = {k: v[0] for k, v in parse_qs(urlsplit(location).query).items()}
        if "error" in back:
            raise RuntimeError(f"authorization refused: {back['error']}: {back.get('error_description')}")
        entry["iss"] = "iss" in back
        self.pending = AuthorizationCodeResult(code=back["code"], state=back.get("state"), iss=back.get("iss"))

    async def callback(self) -> AuthorizationCodeResult:
        result, self.pending = self.pending, None
        if result is None:
            raise RuntimeError("no authorization redirect was followed")
        return result


def result_json(result: types.CallToolResult) -> dict[str, Any]:
    return {
        "isError": bool(result.is_error),
        "structuredContent": result.structured_content,
        "text": [block.text for block in result.content if isinstance(block, types.TextContent)],
    }


def one_boolean_property(schema: dict[str, Any]) -> str | None:
    props = schema.get("properties") or {}
    names = [k for k, v in props.items() if isinstance(v, dict) and v.get("type") == "boolean"]
    return names[0] if len(names) == 1 else None


async def run(opts: argparse.Namespace) -> dict[str, Any]:
    http_log: list[list[Any]] = []
    sent: list[str] = []
    mcp_path = urlsplit(opts.url).path

    async def on_request(request: httpx2.Request) -> None:
        value = request.headers.get("authorization")
        if value is not None and request.url.path == mcp_path:
            digest = hashlib.sha256(value.encode()).hexdigest()
            if digest not in sent:
                sent.append(digest)

    async def on_response(response: httpx2.Response) -> None:
        request = response.request
        http_log.append(
            [request.method, request.url.path, response.status_code, response.headers.get("www-authenticate")]
        )

    elicitations: list[dict[str, Any]] = []

    async def elicitation_callback(
        context: ClientRequestContext, params: types.ElicitRequestParams
    ) -> types.ElicitResult | types.ErrorData:
        wire = params.model_dump(by_alias=True, mode="json", exclude_none=True)
        elicitations.append({"message": wire.get("message"), "requestedSchema": wire.get("requestedSchema")})
        name = one_boolean_property(wire.get("requestedSchema") or {})
        if name is None:
            return types.ErrorData(code=types.INVALID_PARAMS, message="no single boolean property to confirm")
        return types.ElicitResult(action="accept", content={name: True})

    out: dict[str, Any] = {}
    async with httpx2.AsyncClient(follow_redirects=False, timeout=30) as browser:
        user = HeadlessUser(browser)
        provider = OAuthClientProvider(
            server_url=opts.url,
            client_metadata=OAuthClientMetadata(
                client_name="clinic-mcp tests: Python SDK OAuth",
                redirect_uris=[REDIRECT_URI],
                grant_types=["authorization_code", "refresh_token"],
                response_types=["code"],
            ),
            storage=MemoryStorage(),
            redirect_handler=user.redirect,
            callback_handler=user.callback,
        )
        client = httpx2.AsyncClient(
            auth=provider,
            timeout=httpx2.Timeout(30, read=60),
            event_hooks={"request": [on_request], "response": [on_response]},
        )
        async with client:
            async with streamable_http_client(opts.url, http_client=client) as (read, write):
                async with ClientSession(read, write, elicitation_callback=elicitation_callback) as session:

                    async def call(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
                        try:
                            if opts.mode == "legacy":
                                return result_json(await session.call_tool(name, arguments))

                            async def attempt(responses: types.InputResponses | None, state: str | None):
                                return await session.call_tool(
                                    name,
                                    arguments,
                                    input_responses=responses,
                                    request_state=state,
                                    allow_input_required=True,
                                )

                            async def dispatch(key: str, req: types.InputRequest):
                                ctx = ClientRequestContext(
                                    session=session, request_id=key, meta=req.params.meta if req.params else None
                                )
                                return await session.dispatch_input_request(ctx, req)

                            result = await attempt(None, None)
                            if isinstance(result, types.InputRequiredResult):
                                result = await run_input_required_driver(result, dispatch=dispatch, retry=attempt)
                            return result_json(result)
                        except MCPError as e:
                            return {"error": e.error.message, "code": e.error.code}

                    async def tool_names() -> list[str]:
                        return sorted(t.name for t in (await session.list_tools()).tools)

                    # Phase 1: the user grants clinic.readonly at most.
                    user.allowed = {"clinic.readonly"}
                    if opts.mode == "legacy":
                        await session.initialize()
                    else:
                        await session.discover()
                    out["protocolVersion"] = session.protocol_version
                    phase1: dict[str, Any] = {"tools": await tool_names()}
                    phase1["call"] = await call("list_my_appointments", {})
                    book = {"slot_id": opts.slot, "idempotency_key": opts.key}
                    phase1["refused"] = await call("book_appointment", book)
                    out["phase1"] = phase1

                    # Phase 2: the user grants what the SDK asks for.
                    user.allowed = None
                    phase2: dict[str, Any] = {"booked": await call("book_appointment", book)}
                    phase2["tools"] = await tool_names()
                    phase2["cancel"] = None
                    appointment = (phase2["booked"].get("structuredContent") or {}).get("appointment_id")
                    if "cancel_appointment" in phase2["tools"] and appointment is not None:
                        result = await call("cancel_appointment", {"appointment_id": appointment})
                        phase2["cancel"] = {"elicitations": elicitations, "result": result}
                    out["phase2"] = phase2
        out["authorizations"] = user.authorizations
    out["http"] = http_log
    out["sentAuthorizationSha256"] = sent
    return out


def main() -> int:
    parser = argparse.ArgumentParser(prog="http_oauth_client.py")
    parser.add_argument("--url", required=True, help="the MCP endpoint, http://HOST:PORT/mcp")
    parser.add_argument("--slot", required=True, type=int, help="an open slot to book in phase 2")
    parser.add_argument("--key", required=True, help="the booking's idempotency key")
    parser.add_argument("--mode", choices=("legacy", "modern"), default="legacy")
    opts = parser.parse_args()
    out = anyio.run(run, opts)
    sys.stdout.write(json.dumps(out) + "\n")
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
