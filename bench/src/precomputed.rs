//! The precomputed upstream (`--upstream precomputed`): answers every request from a response
//! built once, before the run, from the stand-in's own answer, and keeps no request log. It costs
//! a few microseconds of CPU per request where the stand-in (routing, state, JSON, its log) costs
//! tens, so on 2 cores the server's own ceiling shows instead of the upstream's.
//!
//! HTTP/1.1 with keep-alive, `GET` only (the proxied reads send no body); a path it was not given
//! answers 404.

use std::collections::BTreeMap;
use std::sync::Arc;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// The running upstream.
#[derive(Debug)]
pub struct Precomputed {
    addr: std::net::SocketAddr,
    task: tokio::task::JoinHandle<()>,
}

/// The routes a tool's calls read, by tool; `None` for a tool this upstream cannot serve.
pub fn routes_of(tool: &str) -> Option<&'static [&'static str]> {
    match tool {
        "list_doctors" | "list_specialties" => Some(&["/doctors"]),
        _ => None,
    }
}

/// The whole HTTP response for `body`.
pub fn response(status: &str, body: &[u8]) -> Vec<u8> {
    let mut out = format!(
        "HTTP/1.1 {status}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n",
        body.len()
    )
    .into_bytes();
    out.extend_from_slice(body);
    out
}

impl Precomputed {
    /// Serve `bodies` (path under the base path, e.g. `/doctors`, to JSON body) on an ephemeral
    /// loopback port.
    pub async fn spawn(bodies: BTreeMap<String, Vec<u8>>) -> std::io::Result<Self> {
        let listener = TcpListener::bind(("127.0.0.1", 0)).await?;
        let addr = listener.local_addr()?;
        let answers: Arc<BTreeMap<String, Vec<u8>>> = Arc::new(
            bodies
                .into_iter()
                .map(|(path, body)| (format!("/api/v1{path}"), response("200 OK", &body)))
                .collect(),
        );
        let task = tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                let _ = stream.set_nodelay(true);
                tokio::spawn(serve(stream, answers.clone()));
            }
        });
        Ok(Self { addr, task })
    }

    pub fn base_url(&self) -> String {
        format!("http://{}/api/v1", self.addr)
    }
}

impl Drop for Precomputed {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// Answer the requests of one connection until it closes.
async fn serve(mut stream: TcpStream, answers: Arc<BTreeMap<String, Vec<u8>>>) {
    let not_found = response("404 Not Found", br#"{"error":"not precomputed"}"#);
    let mut buf = Vec::with_capacity(4096);
    let mut chunk = [0u8; 4096];
    loop {
        // Every complete head in the buffer gets its answer (GETs carry no body).
        while let Some(end) = find_head_end(&buf) {
            let path = request_path(&buf[..end]);
            let answer = answers.get(path.as_str()).unwrap_or(&not_found);
            if stream.write_all(answer).await.is_err() {
                return;
            }
            buf.drain(..end);
        }
        match stream.read(&mut chunk).await {
            Ok(0) | Err(_) => return,
            Ok(n) => buf.extend_from_slice(&chunk[..n]),
        }
    }
}

/// The end of the first request head in `buf` (after its blank line).
pub fn find_head_end(buf: &[u8]) -> Option<usize> {
    buf.windows(4).position(|w| w == b"\r\n\r\n").map(|i| i + 4)
}

/// The path of a request head, without its query.
pub fn request_path(head: &[u8]) -> String {
    let line = head.split(|b| *b == b'\r').next().unwrap_or_default();
    let target = line.split(|b| *b == b' ').nth(1).unwrap_or_default();
    let path = target.split(|b| *b == b'?').next().unwrap_or_default();
    String::from_utf8_lossy(path).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heads_and_paths_are_read() {
        let two = b"GET /api/v1/doctors?x=1 HTTP/1.1\r\nhost: a\r\n\r\nGET /b HTTP/1.1\r\n\r\n";
        let end = find_head_end(two).unwrap();
        assert_eq!(request_path(&two[..end]), "/api/v1/doctors");
        assert_eq!(request_path(&two[end..]), "/b");
        assert_eq!(find_head_end(b"GET / HTTP/1.1\r\n"), None);
    }

    #[tokio::test]
    async fn it_answers_from_the_precomputed_body_over_one_connection() {
        let mut bodies = BTreeMap::new();
        bodies.insert("/doctors".to_owned(), br#"[{"id":1}]"#.to_vec());
        let up = Precomputed::spawn(bodies).await.unwrap();
        let base = url::Url::parse(&up.base_url()).unwrap();
        let http = clinic_mcp::api::build_http(&base, std::time::Duration::from_secs(10)).unwrap();
        for _ in 0..3 {
            let (status, body) =
                clinic_mcp::api::fetch(&http, &format!("{}/doctors", up.base_url()))
                    .await
                    .unwrap();
            assert_eq!(status, 200);
            assert_eq!(&body[..], br#"[{"id":1}]"#);
        }
        let (status, _) = clinic_mcp::api::fetch(&http, &format!("{}/slots", up.base_url()))
            .await
            .unwrap();
        assert_eq!(status, 404);
    }
}
