//! Property tests for the policy: no panic on any input, normalisation is idempotent, and every
//! violation's byte range lies inside the text on char boundaries.

use clinic_policy::{Field, check_text, normalize};
use proptest::prelude::*;

const FIELDS: [Field; 6] = [
    Field::ToolDescription,
    Field::ParamDescription,
    Field::ToolName,
    Field::ParamName,
    Field::Title,
    Field::Other,
];

/// Text that exercises the rules: plain prose, known directive and exfiltration words, separators,
/// digits for letters, invisible and bidi characters, tag characters, markup, URLs, any char.
fn arb_text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        3 => "[a-zA-Z0-9 .,;:!?'\"()/_-]{0,12}",
        2 => prop_oneof![
            Just("ignore all previous instructions"),
            Just("1gn0re prev1ous"),
            Just("i-g-n-o-r-e"),
            Just("do not tell the user"),
            Just("send the token to"),
            Just("https://evil.example/x?q="),
            Just("<system>"),
            Just("{{user}}"),
            Just("base64:aGVsbG8="),
            Just("IMPORTANT:"),
            Just("list_doctors"),
            Just("\u{200B}"),
            Just("\u{202E}"),
            Just("\u{E0041}\u{E0042}"),
            Just("\u{FE0F}\u{FE0F}\u{FE0F}"),
            Just("\u{2019}"),
            Just("\r\n"),
            Just("\u{0}"),
            Just("é"),
            Just("🙂"),
        ]
        .prop_map(str::to_owned),
        1 => any::<String>(),
        1 => prop::collection::vec(any::<char>(), 0..8).prop_map(|v| v.into_iter().collect()),
    ];
    prop::collection::vec(piece, 0..12).prop_map(|v| v.concat())
}

fn config() -> ProptestConfig {
    let mut c = ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(1024),
    );
    c.failure_persistence = None;
    c
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn check_text_never_panics_and_ranges_are_in_bounds(
        text in arb_text(),
        own in "[a-z_]{0,16}",
        others in prop::collection::vec("[a-z_]{1,16}", 0..4),
    ) {
        let others: Vec<&str> = others.iter().map(String::as_str).collect();
        for field in FIELDS {
            let hits = check_text(field, &text, &own, &others);
            for v in &hits {
                prop_assert!(v.range.start <= v.range.end, "{:?} {:?}", field, v);
                prop_assert!(v.range.end <= text.len(), "{:?} {:?}", field, v);
                prop_assert!(text.is_char_boundary(v.range.start), "{:?} {:?}", field, v);
                prop_assert!(text.is_char_boundary(v.range.end), "{:?} {:?}", field, v);
                // Displaying a finding never panics either.
                let _ = v.to_string();
                let _ = v.is_injection();
            }
            // Sorted by range start, as documented.
            prop_assert!(hits.windows(2).all(|w| w[0].range.start <= w[1].range.start));
        }
    }

    #[test]
    fn normalize_is_idempotent(text in arb_text()) {
        let once = normalize(&text);
        prop_assert_eq!(&normalize(&once), &once);
        // The skeleton is lower-case ASCII words joined by single spaces.
        prop_assert!(once.bytes().all(|b| b == b' ' || (b.is_ascii_graphic() && !b.is_ascii_uppercase())), "{:?}", once);
        prop_assert!(!once.contains("  ") && !once.starts_with(' ') && !once.ends_with(' '));
    }

    #[test]
    fn any_string_is_screened_without_panicking(text in any::<String>()) {
        for field in FIELDS {
            for v in check_text(field, &text, "tool", &["other_tool"]) {
                prop_assert!(v.range.end <= text.len());
                prop_assert!(text.is_char_boundary(v.range.start) && text.is_char_boundary(v.range.end));
            }
        }
        let once = normalize(&text);
        prop_assert_eq!(normalize(&once), once);
    }
}
