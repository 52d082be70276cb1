//! A first call through the released crate: Get Call on the Calls host with the REST API key,
//! List apps on the management API with its key and secret, both at the mock.
use chatplatform_client::apis::{calls_api, configuration, management_api_api};

fn env(name: &str) -> String {
    std::env::var(name).unwrap_or_else(|_| panic!("{name} is not set"))
}

#[tokio::main]
async fn main() {
    let mock = env("CHATPLATFORM_MOCK_URL");
    let mut config = configuration::Configuration::new();
    for (scheme, variable) in [
        ("apiKey", "CHATPLATFORM_API_KEY"),
        ("managementKey", "CHATPLATFORM_MANAGEMENT_KEY"),
        ("managementSecret", "CHATPLATFORM_MANAGEMENT_SECRET"),
    ] {
        config.api_keys.insert(scheme.into(), configuration::ApiKey { prefix: None, key: env(variable) });
    }
    config.base_path = mock.clone();
    for (operation, path) in config.operation_base_paths.iter_mut() {
        *path = if operation == "get-call" { format!("{mock}/v3") } else { mock.clone() };
    }
    let call = calls_api::get_call(&config, &env("CHATPLATFORM_SESSION_ID"), None).await.expect("Get Call");
    management_api_api::list_apps(&config).await.expect("List apps");
    println!("{{\"sessionId\":\"{}\",\"apps\":true}}", call.data[0].session_id);
}
