//! JSON read from bytes (an upstream body, a stdio frame).

use serde::de::DeserializeOwned;

/// `serde_json::from_slice`, with the same answer for every input, but cheaper for valid UTF-8:
/// the bytes are checked once as a whole and read as a `str`, where `from_slice` checks every
/// string it reads on its own (figures in docs/PERFORMANCE.md). Bytes that are not UTF-8 are left to `from_slice`, which refuses them, or accepts them
/// where they sit in a string it skips (a member nobody reads), as before.
///
/// Why the answers agree: serde_json's `StrRead` is its `SliceRead` over the same bytes but for
/// two steps, reading a string (no UTF-8 check, the input being a `str`) and a raw value (a slice
/// of that `str`); escapes, surrogates, positions and errors are `SliceRead`'s in both.
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
            br#"{"name":"\ud800"}"#,
            br#"{"name":"\udc00"}"#,
            br#"{"name":"\ud800\u0041"}"#,
            br#"{"name":"\ud83d\ude00"}"#,
            br#"{"name":"ok","skipped":"\ud800"}"#,
            b"{\"name\":\"\x01\"}",
            b"{\n  \"name\": \"ok\",\n  \"other\": tru\n}",
            b"{\n\"name\":\n\"\xe2\x80\"}",
        ] {
            same(bytes);
        }
    }

    /// A raw value (a slice of the input) is the same slice either way.
    #[test]
    fn raw_values_are_the_same_slice() {
        use serde_json::value::RawValue;
        for bytes in [
            &br#"{"a":[1, "x\u0041", {"b":null}]}"#[..],
            "\"Friedrichstraße\"".as_bytes(),
            b"\"\xff\"",
            b"[1,",
        ] {
            let ours = from_bytes::<Box<RawValue>>(bytes).map(|r| r.get().to_owned());
            let theirs = serde_json::from_slice::<Box<RawValue>>(bytes).map(|r| r.get().to_owned());
            assert_eq!(
                ours.map_err(|e| e.to_string()),
                theirs.map_err(|e| e.to_string())
            );
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
                    b"{}[]\":,name0123456789.-eE truefalsnul\\u00ffdbc\n\x01\xc3\xa9\xe2\x80\x8b\xff".to_vec()
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
