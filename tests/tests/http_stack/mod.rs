//! The three processes' worth of `serve --http` for the outside clients' suites
//! (http_python_oauth.rs, http_inspector.rs): the stand-in authorization server and the stand-in
//! API in audience mode (it accepts only that server's tokens issued for the API), in this
//! process, and the `clinic-mcp` binary serving `--http` on a loopback port with `booking` as its
//! ceiling, exchanging each caller's token at that server with `private_key_jwt`; with a
//! confirmation key file if asked (the destructive tools are then offered to 2026-07-28 clients
//! that declare elicitation).
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
    pub async fn start(name: &str, confirmation_key: bool) -> Stack {
        let _ = rustls::crypto::ring::default_provider().install_default();
        let auth = clinic_standin::auth::AuthServer::start(
            clinic_standin::LOCALHOST_EPHEMERAL,
            AuthConfig::default(),
        )
        .await
        .unwrap();
        let api = clinic_standin::spawn(
            clinic_standin::LOCALHOST_EPHEMERAL,
            clinic_standin::Config::checking_tokens_of(auth.server()),
        )
        .await
        .unwrap();
        // A port picked free can be taken by another process before the child binds it; only
        // that failure is retried, on a new port (registered again, since the resource names it).
        let mut tries = 0;
        let (mut auth, mut api) = (auth, api);
        loop {
            match Self::serve_on_free_port(name, confirmation_key, auth, api).await {
                Ok(stack) => return stack,
                Err((log, a, b)) if log.contains("Address already in use") && tries < 3 => {
                    (auth, api) = (a, b);
                    tries += 1;
                }
                Err((log, ..)) => panic!("clinic-mcp serve --http never became ready: {log}"),
            }
        }
    }

    /// One try: registers the binary's client for a port picked free, starts it there and waits
    /// for `/readyz`. On failure, its log and the in-process servers, for another try.
    async fn serve_on_free_port(
        name: &str,
        confirmation_key: bool,
        auth: RunningAuthServer,
        api: Standin,
    ) -> Result<Stack, (String, RunningAuthServer, Standin)> {
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
        let mut command = std::process::Command::new(crate::common::binary());
        command
            .args(["serve", "--http", &addr, "--profile", "booking"])
            .args(["--issuer", auth.issuer(), "--client-id", "clinic-mcp"])
            .arg("--client-key-file")
            .arg(&key_file)
            .args(["--base-url", &api.base_url()]);
        if confirmation_key {
            let mut seal = [0u8; 32];
            ring::rand::SecureRandom::fill(&ring::rand::SystemRandom::new(), &mut seal).unwrap();
            let seal_file = dir.join("confirmation-keys");
            let line = base64::engine::general_purpose::STANDARD.encode(seal);
            std::fs::write(&seal_file, format!("{line}\n")).unwrap();
            command.arg("--confirmation-key-file").arg(seal_file);
        }
        // The log goes to a file: a pipe nobody reads while the server runs could fill and stall it.
        let log = std::fs::File::create(dir.join("server.log")).unwrap();
        let mut child = command
            .env("RUST_LOG", "info")
            .env_remove("MCP_SESSION_ROLE")
            .env_remove("MCP_PROFILE")
            .env_remove("SUT_ACCESS_TOKEN")
            .env_remove("CLINIC_HTTP_ADDR")
            .env_remove("CLINIC_RESOURCE_URL")
            .env_remove("CLINIC_OAUTH_ISSUER")
            .env_remove("CLINIC_CONFIRMATION_KEY_FILE")
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(log)
            .spawn()
            .unwrap();
        // A port held by a process that never answers must not hang the probe.
        let http = reqwest::Client::builder()
            .timeout(Duration::from_secs(2))
            .build()
            .unwrap();
        for _ in 0..150 {
            let ready = http
                .get(format!("http://{addr}/readyz"))
                .send()
                .await
                .is_ok_and(|r| r.status() == reqwest::StatusCode::OK);
            if ready {
                return Ok(Stack {
                    auth,
                    api,
                    resource,
                    port,
                    child: Some(child),
                    dir,
                });
            }
            if child.try_wait().unwrap().is_some() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let _ = child.kill();
        let _ = child.wait();
        let log = std::fs::read_to_string(dir.join("server.log")).unwrap_or_default();
        let _ = std::fs::remove_dir_all(&dir);
        Err((log, auth, api))
    }

    /// The binary's log so far (for a failure's message).
    pub fn log(&self) -> String {
        std::fs::read_to_string(self.dir.join("server.log")).unwrap_or_default()
    }

    /// A directory of this stack's own, removed with it.
    pub fn dir(&self) -> &std::path::Path {
        &self.dir
    }

    /// SIGTERM to the binary; its exit code and its log. The in-process servers stop too.
    pub async fn stop(mut self) -> (Option<i32>, String) {
        let mut child = self.child.take().unwrap();
        let killed = std::process::Command::new("kill")
            .args(["-TERM", &child.id().to_string()])
            .status()
            .unwrap();
        assert!(killed.success());
        let status = tokio::task::spawn_blocking(move || child.wait().unwrap())
            .await
            .unwrap();
        let log = std::fs::read_to_string(self.dir.join("server.log")).unwrap();
        (status.code(), log)
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
