//! The description policy on arbitrary text: no panic, ranges inside the text on char
//! boundaries, normalisation idempotent.
#![no_main]

use clinic_policy::{Field, check_text, normalize};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for field in [
        Field::ToolDescription,
        Field::ParamDescription,
        Field::ToolName,
        Field::ParamName,
        Field::Title,
        Field::Other,
    ] {
        for v in check_text(field, &text, "list_doctors", &["book_appointment", "cancel_appointment"]) {
            assert!(v.range.start <= v.range.end && v.range.end <= text.len());
            assert!(text.is_char_boundary(v.range.start) && text.is_char_boundary(v.range.end));
            let _ = v.to_string();
        }
    }
    let once = normalize(&text);
    assert_eq!(normalize(&once), once);
    // Whole-catalogue entry point on the same bytes read as a tools/list JSON.
    if let Ok(json) = serde_json::from_slice::<serde_json::Value>(data) {
        if let Ok(tools) = clinic_policy::tools_from_json(&json) {
            let _ = clinic_policy::check_catalogue(&tools);
        }
    }
});
