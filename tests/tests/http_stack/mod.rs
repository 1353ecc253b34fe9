//! The three processes' worth of `serve --http` for the outside clients' suites
//! (http_python_oauth.rs, http_inspector.rs): the stand-in authorization server and the stand-in
//! API in audience mode (it accepts only that server's tokens issued for the API), in this
//! process, and the `clinic-mcp` binary serving `--http` on a loopback port with `booking` as its
//! ceiling, exchanging each caller's token at that server with `private_key_jwt`.
#![allow(dead_code)] // each suite uses its part

use base64::Engine as _;
use clinic_standin::Standin;
use clinic_standin::auth::{
    AuthConfig, ClientCredential, ClientKey, ConfidentialClient, RunningAuthServer,
};
use std::path::PathBuf;
use std::time::Duration;

pub struct Stack {
    pub auth: RunningAuthServer,
    pub api: Standin,
    /// `http://127.0.0.1:PORT/mcp`: the binary's endpoint and its resource URI.
    pub resource: String,
    pub port: u16,
    child: Option<std::process::Child>,
    dir: PathBuf,
}

impl Stack {
    pub async fn start(name: &str) -> Stack {
        let _ = rustls::crypto::ring::default_provider().install_default();
        let auth = clinic_standin::auth::AuthServer::start(
            clinic_standin::LOCALHOST_EPHEMERAL,
            AuthConfig::default(),
        )
        .await
        .unwrap();
        let api = clinic_standin::spawn(
            clinic_standin::LOCALHOST_EPHEMERAL,
            clinic_standin::Config {
                token_audience: Some(clinic_standin::TokenAudience {
                    authorization_server: auth.server(),
                    audience: None,
                }),
                ..clinic_standin::Config::default()
            },
        )
        .await
        .unwrap();
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let resource = format!("http://127.0.0.1:{port}/mcp");
        let key = ClientKey::generate().unwrap();
        auth.server()
            .register_confidential_client(ConfidentialClient {
                client_id: "clinic-mcp".to_owned(),
                credential: ClientCredential::PrivateKeyJwt(key.public_jwk()),
                resource: resource.clone(),
                exchange_audiences: vec![api.base_url()],
            })
            .unwrap();
        let dir =
            std::env::temp_dir().join(format!("clinic-mcp-{name}-{}-{port}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let key_file = dir.join("client-key.pem");
        let pem = format!(
            "-----BEGIN PRIVATE KEY-----\n{}\n-----END PRIVATE KEY-----\n",
            base64::engine::general_purpose::STANDARD.encode(key.pkcs8_der())
        );
        std::fs::write(&key_file, pem).unwrap();
        let addr = format!("127.0.0.1:{port}");
        let child = std::process::Command::new(crate::common::binary())
            .args(["serve", "--http", &addr, "--profile", "booking"])
            .args(["--issuer", auth.issuer(), "--client-id", "clinic-mcp"])
            .arg("--client-key-file")
            .arg(&key_file)
            .args(["--base-url", &api.base_url()])
            .env("RUST_LOG", "info")
            .env_remove("MCP_SESSION_ROLE")
            .env_remove("MCP_PROFILE")
            .env_remove("SUT_ACCESS_TOKEN")
            .env_remove("CLINIC_HTTP_ADDR")
            .env_remove("CLINIC_RESOURCE_URL")
            .env_remove("CLINIC_OAUTH_ISSUER")
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let mut stack = Stack {
            auth,
            api,
            resource,
            port,
            child: Some(child),
            dir,
        };
        let http = reqwest::Client::new();
        for _ in 0..150 {
            let ready = http
                .get(format!("http://{addr}/readyz"))
                .send()
                .await
                .is_ok_and(|r| r.status() == reqwest::StatusCode::OK);
            if ready {
                return stack;
            }
            if stack.child.as_mut().unwrap().try_wait().unwrap().is_some() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let mut child = stack.child.take().unwrap();
        let _ = child.kill();
        let out = child.wait_with_output().unwrap();
        panic!(
            "clinic-mcp serve --http never became ready: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }

    /// A directory of this stack's own, removed with it.
    pub fn dir(&self) -> &std::path::Path {
        &self.dir
    }

    /// SIGTERM to the binary; its exit code and its log. The in-process servers stop too.
    pub async fn stop(mut self) -> (Option<i32>, String) {
        let child = self.child.take().unwrap();
        let killed = std::process::Command::new("kill")
            .args(["-TERM", &child.id().to_string()])
            .status()
            .unwrap();
        assert!(killed.success());
        let out = tokio::task::spawn_blocking(move || child.wait_with_output().unwrap())
            .await
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    }
}

impl Drop for Stack {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Lowercase hex.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
