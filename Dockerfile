# syntax=docker/dockerfile:1
# The clinic-mcp container image: a static clinic-mcp, a CA bundle and a numeric non-root user,
# FROM scratch (no shell, no package manager). MCP over stdio by default:
#
#   docker run -i --rm -e SUT_BASE_URL -e SUT_ACCESS_TOKEN ghcr.io/clinic-mcp/clinic-mcp:0.1.0
#
# Over Streamable HTTP as an OAuth resource server, the same image with `-p 8080:8080` and
# `-e CLINIC_HTTP_ADDR=0.0.0.0:8080 -e CLINIC_RESOURCE_URL -e CLINIC_OAUTH_ISSUER` and the client
# credential's variables (docs/DEPLOY.md).
#
# The final layout is made by packaging/image/rootfs.sh, the script .ci/run uses to assemble the
# same image with umoci from its own release build (base images cannot be pulled there) and to
# run it as non-root. The final stage's LABEL, USER, ENTRYPOINT and CMD lines are read by that
# script too: keep them one per line.

ARG RUST_VERSION=1.95.0
FROM docker.io/library/rust:${RUST_VERSION}-bookworm AS build
ARG TARGETARCH
WORKDIR /src
RUN cargo install cargo-auditable --locked --version 0.7.7
COPY . .
# glibc, statically linked (`+crt-static`): nothing from the build image is needed at run time.
RUN case "${TARGETARCH:-amd64}" in \
      amd64) target=x86_64-unknown-linux-gnu ;; \
      arm64) target=aarch64-unknown-linux-gnu ;; \
      *) echo "unsupported TARGETARCH ${TARGETARCH}" >&2; exit 1 ;; \
    esac \
 && RUSTFLAGS="-C target-feature=+crt-static" \
    cargo auditable build --release --locked -p clinic-mcp --target "$target" \
 && packaging/image/rootfs.sh /rootfs "target/$target/release/clinic-mcp" /etc/ssl/certs/ca-certificates.crt

FROM scratch
COPY --from=build /rootfs/ /
LABEL org.opencontainers.image.title="clinic-mcp"
LABEL org.opencontainers.image.description="MCP server for a clinic booking API: profile-scoped tools, the caller's own token, screened descriptions"
LABEL org.opencontainers.image.source="https://github.com/clinic-mcp/clinic-mcp"
LABEL org.opencontainers.image.version="0.1.0"
LABEL org.opencontainers.image.licenses="MIT OR Apache-2.0"
LABEL io.modelcontextprotocol.server.name="io.github.clinic-mcp/clinic-mcp"
USER 65532:65532
ENTRYPOINT ["/usr/local/bin/clinic-mcp"]
CMD ["serve"]
