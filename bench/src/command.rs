//! Splitting a server command line (`--server`, `--compare`) into a program and its arguments,
//! without a shell in between: the spawned process is the server itself, so its PID is the one
//! whose memory and CPU are read, and no shell start-up is counted in its cold start.

use crate::BenchError;

/// Split `line` on unquoted whitespace. Single quotes keep everything literally; double quotes
/// keep whitespace and honour `\"` and `\\`; outside quotes a backslash escapes the next
/// character. `$VAR` is not expanded.
pub fn split(line: &str) -> Result<Vec<String>, BenchError> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => word.push(c),
                        None => return Err(BenchError::new(format!("unclosed ' in {line:?}"))),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\')) => word.push(c),
                            Some(c) => {
                                word.push('\\');
                                word.push(c);
                            }
                            None => {
                                return Err(BenchError::new(format!("unclosed \" in {line:?}")));
                            }
                        },
                        Some(c) => word.push(c),
                        None => return Err(BenchError::new(format!("unclosed \" in {line:?}"))),
                    }
                }
            }
            '\\' => {
                in_word = true;
                if let Some(c) = chars.next() {
                    word.push(c);
                }
            }
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    if words.is_empty() {
        return Err(BenchError::new("empty server command"));
    }
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::split;

    #[test]
    fn plain_words() {
        assert_eq!(
            split("  target/release/clinic-mcp   serve ").unwrap(),
            ["target/release/clinic-mcp", "serve"]
        );
    }

    #[test]
    fn quotes_and_escapes() {
        assert_eq!(
            split(r#"node '/a b/server.js' "x \"y\"" c\ d ''"#).unwrap(),
            ["node", "/a b/server.js", "x \"y\"", "c d", ""]
        );
    }

    #[test]
    fn errors() {
        assert!(split("   ").is_err());
        assert!(split("node 'oops").is_err());
        assert!(split("node \"oops").is_err());
    }
}
