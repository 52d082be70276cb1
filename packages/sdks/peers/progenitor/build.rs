// Generates one progenitor client per address (calls, chat, management) into OUT_DIR, one module
// each, from the 3.0 bundles the harness names in CHATPLATFORM_PEER_SPEC_<ADDRESS>
// (scripts/lib/peers.mjs): progenitor is a library, and reads OpenAPI 3.0 only.
use std::{env, fs, path::Path};

fn main() {
    let out = env::var("OUT_DIR").unwrap();
    for address in ["calls", "chat", "management"] {
        let variable = format!("CHATPLATFORM_PEER_SPEC_{}", address.to_uppercase());
        println!("cargo:rerun-if-env-changed={variable}");
        let path = env::var(&variable)
            .unwrap_or_else(|_| panic!("{variable} is not set: build with `node scripts/peers.mjs progenitor`"));
        println!("cargo:rerun-if-changed={path}");
        let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let spec: openapiv3::OpenAPI = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
        let mut generator = progenitor::Generator::default();
        let tokens = generator
            .generate_tokens(&spec)
            .unwrap_or_else(|e| panic!("progenitor cannot generate from {path}: {e}"));
        let code = prettyplease::unparse(&syn::parse2(tokens).expect("progenitor's output parses"));
        fs::write(Path::new(&out).join(format!("{address}.rs")), code).unwrap();
    }
}
