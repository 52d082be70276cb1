//! A first call through the released crate: Get Call on the Calls host with the REST API key,
//! List apps on the management API with its key and secret, both at the mock.
use chatplatform_client::apis::{calls_api, configuration, management_api_api};

fn env(name: &str) -> String {
    std::env::var(name).unwrap_or_else(|_| panic!("{name} is not set"))
}

fn main() {
    // A runtime of tokio's `rt` feature, which the client's dependencies already enable.
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a Tokio runtime");
    runtime.block_on(first_call());
}

async fn first_call() {
    let mock = env("CHATPLATFORM_MOCK_URL");
    let mut config = configuration::Configuration::new();
    for (scheme, variable) in [
        ("apiKey", "CHATPLATFORM_API_KEY"),
        ("managementKey", "CHATPLATFORM_MANAGEMENT_KEY"),
        ("managementSecret", "CHATPLATFORM_MANAGEMENT_SECRET"),
    ] {
        config.api_keys.insert(scheme.into(), configuration::ApiKey { prefix: None, key: env(variable) });
    }
    // The mock answers at production paths: only the origin of each server changes.
    let at_mock = |url: &str| {
        let after_scheme = url.find("://").map_or(0, |i| i + 3);
        let path = url[after_scheme..].find('/').map_or("", |i| &url[after_scheme + i..]);
        format!("{mock}{path}")
    };
    config.base_path = at_mock(&config.base_path);
    for path in config.operation_base_paths.values_mut() {
        *path = at_mock(path);
    }
    let call = calls_api::get_call(&config, &env("CHATPLATFORM_SESSION_ID"), None).await.expect("Get Call");
    management_api_api::list_apps(&config).await.expect("List apps");
    println!("{{\"sessionId\":\"{}\",\"apps\":true}}", call.data[0].session_id);
}
