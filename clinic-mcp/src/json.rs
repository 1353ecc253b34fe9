//! JSON read from bytes (an upstream body, a stdio frame).

use serde::de::DeserializeOwned;

/// `serde_json::from_slice`, with the same answer for every input, but cheaper for valid UTF-8:
/// the bytes are checked once as a whole and read as a `str`, where `from_slice` checks every
/// string it reads on its own (about a hundred per proxied `list_doctors` body: ~10,000
/// instructions of a call). Bytes that are not UTF-8 are left to `from_slice`, which refuses them, or
/// accepts them where they sit in a string it skips (a member nobody reads), as before.
pub fn from_bytes<T: DeserializeOwned>(bytes: &[u8]) -> serde_json::Result<T> {
    match std::str::from_utf8(bytes) {
        Ok(text) => serde_json::from_str(text),
        Err(_) => serde_json::from_slice(bytes),
    }
}

#[cfg(test)]
mod tests {
    use super::from_bytes;
    use proptest::prelude::*;
    use serde_json::Value;

    #[derive(Debug, PartialEq, serde::Deserialize)]
    struct Named {
        name: String,
    }

    /// The same answer as `from_slice`: the value, or an error at the same place.
    fn same(bytes: &[u8]) {
        let ours = from_bytes::<Value>(bytes).map_err(|e| (e.line(), e.column()));
        let theirs = serde_json::from_slice::<Value>(bytes).map_err(|e| (e.line(), e.column()));
        assert_eq!(ours, theirs, "{:?}", String::from_utf8_lossy(bytes));
        let ours = from_bytes::<Named>(bytes).map_err(|e| e.to_string());
        let theirs = serde_json::from_slice::<Named>(bytes).map_err(|e| e.to_string());
        assert_eq!(ours, theirs, "{:?}", String::from_utf8_lossy(bytes));
    }

    #[test]
    fn answers_as_from_slice() {
        for bytes in [
            &br#"{"name":"Dr. Amelia Hart"}"#[..],
            br#"{"name":"Stra\u00dfe","other":[1,2.5,null,true]}"#,
            "{\"name\":\"Friedrichstraße\"}".as_bytes(),
            b"{\"name\":\"\xff\"}",
            b"{\"name\":\"ok\",\"skipped\":\"\xff\xfe\"}",
            b"{\"name\":\"ok\"} trailing",
            b"\xef\xbb\xbf{\"name\":\"bom\"}",
            b"",
            b"[",
            b"\xc3",
        ] {
            same(bytes);
        }
    }

    /// Invalid UTF-8 in a member nobody reads is accepted, as `from_slice` accepts it; in one that
    /// is read it is refused.
    #[test]
    fn not_utf8_is_read_as_before() {
        let skipped = from_bytes::<Named>(b"{\"name\":\"ok\",\"skipped\":\"\xff\"}");
        assert_eq!(skipped.ok(), Some(Named { name: "ok".into() }));
        assert!(from_bytes::<Named>(b"{\"name\":\"\xff\"}").is_err());
    }

    proptest! {
        #[test]
        fn answers_as_from_slice_for_any_bytes(
            bytes in prop::collection::vec(
                prop::sample::select(
                    b"{}[]\":,name0123456789.-eE truefalsnul\\u00ff\xc3\xa9\xe2\x80\x8b\xff".to_vec()
                ),
                0..48,
            )
        ) {
            same(&bytes);
        }

        #[test]
        fn answers_as_from_slice_for_any_value(value in any::<Vec<(String, Option<String>)>>()) {
            let object: serde_json::Map<String, Value> = value
                .into_iter()
                .map(|(k, v)| (k, v.map_or(Value::Null, Value::String)))
                .collect();
            same(&serde_json::to_vec(&object).unwrap_or_default());
        }
    }
}
