//! Runs the smoke steps (see test/e2e/driver-smoke.test.ts) through the generated Rust client and prints one
//! JSON line per step. The test starts the servers and passes their addresses in the environment.
use chatplatform_client::apis::{auth_tokens_api, calls_api, configuration, management_api_api, users_api, Error};
use serde_json::{json, Value};

fn env(name: &str) -> String {
    std::env::var(name).unwrap_or_else(|_| panic!("{name} is not set: run this through test/e2e/driver-smoke.test.ts"))
}

fn api_key(key: String) -> configuration::ApiKey {
    configuration::ApiKey { prefix: None, key }
}

/// A configuration with the three credentials, each under its security scheme's name.
fn configured(base: Option<String>) -> configuration::Configuration {
    let mut config = configuration::Configuration::new();
    config.api_keys.insert("apiKey".into(), api_key(env("CHATPLATFORM_API_KEY")));
    config.api_keys.insert("managementKey".into(), api_key(env("CHATPLATFORM_MANAGEMENT_KEY")));
    config.api_keys.insert("managementSecret".into(), api_key(env("CHATPLATFORM_MANAGEMENT_SECRET")));
    if let Some(base) = base {
        // The test server answers every path on one address: both the operation servers and the root.
        config.base_path = base.clone();
        for path in config.operation_base_paths.values_mut() {
            *path = base.clone();
        }
    }
    config
}

fn error_kind<T>(error: &Error<T>) -> Value {
    match error {
        Error::ResponseError(content) => json!({ "type": "ResponseError", "status": content.status.as_u16() }),
        Error::Serde(e) => json!({ "type": "Serde", "message": e.to_string() }),
        Error::Reqwest(e) => json!({ "type": "Reqwest", "message": e.to_string() }),
        Error::Io(e) => json!({ "type": "Io", "message": e.to_string() }),
    }
}

fn print(step: &str, value: Value) {
    println!("{}", json!({ "step": step, "result": value }));
}

async fn records(config: &configuration::Configuration) {
    for id in env("CHATPLATFORM_RECORD_IDS").split(',') {
        let result = match calls_api::get_call(config, id, None).await {
            Ok(response) => {
                let call = &response.data[0];
                let first = &call.participants[0];
                json!({
                    "id": id,
                    "record": serde_json::to_value(call).unwrap(),
                    "typed": {
                        "initiatedAt": call.initiated_at,
                        "totalAudioMinutes": call.total_audio_minutes,
                        "endedAt": call.ended_at,
                        "participantDeviceId": first.device_id,
                        "participantJoinedAt": first.joined_at,
                    },
                })
            }
            Err(error) => json!({ "id": id, "error": error_kind(&error) }),
        };
        print("record", result);
    }
}

async fn run() {
    let fixtures = configured(Some(env("CHATPLATFORM_FIXTURE_URL")));
    records(&fixtures).await;
    let bad = calls_api::get_call(&fixtures, &env("CHATPLATFORM_BAD_REQUEST_ID"), None).await;
    print("bad-request", bad.err().map(|e| error_kind(&e)).unwrap_or(Value::Null));
    let apps = management_api_api::list_apps(&fixtures).await;
    print("management", json!({ "ok": apps.is_ok() }));

    // Defaults: no base path set; the test's proxy (HTTPS_PROXY) sees where each request goes.
    let defaults = configured(None);
    for (operation, outcome) in [
        ("get-call", calls_api::get_call(&defaults, "default-host", None).await.err().map(|e| error_kind(&e))),
        ("list-apps", management_api_api::list_apps(&defaults).await.err().map(|e| error_kind(&e))),
        ("list-users", users_api::list_users(&defaults).await.err().map(|e| error_kind(&e))),
    ] {
        print("default-host", json!({ "operation": operation, "error": outcome }));
    }

    // The auth-token flow plus Get Call against the mock (spec/arazzo/auth-token-flow.arazzo.yaml).
    let mock = configured(Some(env("CHATPLATFORM_MOCK_URL")));
    let uid = env("CHATPLATFORM_ON_BEHALF_OF");
    let users = users_api::list_users(&mock).await.map_err(|e| error_kind(&e));
    let token = auth_tokens_api::create_auth_token(&mock, &uid).await.map_err(|e| error_kind(&e));
    let call = calls_api::get_call(&mock, &env("CHATPLATFORM_SESSION_ID"), Some(&uid)).await;
    print("scenario", json!({
        "listUsers": users.is_ok(),
        "createAuthToken": token.is_ok(),
        "getCall": match call {
            Ok(response) => json!({
                "sessionId": response.data[0].session_id,
                "participants": response.data[0].participants.iter().map(|p| p.uid.clone()).collect::<Vec<_>>(),
            }),
            Err(error) => json!({ "error": error_kind(&error) }),
        },
    }));
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    run().await;
}
