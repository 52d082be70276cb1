// The progenitor peer driver: calls the three clients build.rs generated from the per-address 3.0
// bundles and prints one JSON line per step for test/e2e/peer-generators.test.ts, which holds every
// check. Credentials and addresses come from the environment the test sets.
use serde_json::{json, Value};
use std::env;

// Each address a module; the chat client is compiled (the build checks it) though no record step calls it.
mod calls {
    include!(concat!(env!("OUT_DIR"), "/calls.rs"));
}
#[allow(dead_code)]
mod chat {
    include!(concat!(env!("OUT_DIR"), "/chat.rs"));
}
mod management {
    include!(concat!(env!("OUT_DIR"), "/management.rs"));
}

fn var(name: &str) -> String {
    env::var(name).unwrap_or_else(|_| panic!("{name} is not set; test/e2e/peer-generators.test.ts runs this driver"))
}

fn emit(step: &str, result: Value) {
    println!("{}", json!({ "step": step, "result": result }));
}

/// progenitor generates no authentication: the reqwest client carries the headers.
fn http_client(headers: &[(&'static str, String)]) -> reqwest::Client {
    let mut map = reqwest::header::HeaderMap::new();
    for (name, value) in headers {
        map.insert(*name, value.parse().expect("a header value"));
    }
    reqwest::Client::builder().default_headers(map).build().expect("a reqwest client")
}

/// progenitor's Client::new takes the base URL as a required argument: there is no default address to try.
fn default_hosts() {
    for operation in ["get-call", "list-users", "create-auth-token", "send-message", "list-apps"] {
        emit("default-host", json!({ "operation": operation, "noDefault": "Client::new requires the base URL" }));
    }
}

fn typed(call: &calls::types::Call) -> Value {
    let participant = &call.participants[0];
    json!({
        "endedAt": call.ended_at,
        "initiatedAt": call.initiated_at,
        "totalAudioMinutes": call.total_audio_minutes,
        "participantDeviceId": participant.device_id,
        "participantJoinedAt": participant.joined_at,
    })
}

async fn record(client: &calls::Client, id: &str) -> Value {
    let session: calls::types::GetCallSessionId = match id.parse() {
        Ok(session) => session,
        Err(error) => return json!({ "id": id, "error": error.to_string() }),
    };
    match client.get_call(&session, None).await {
        Ok(response) => {
            let call = &response.into_inner().data[0];
            json!({ "id": id, "record": serde_json::to_value(call).unwrap(), "typed": typed(call) })
        }
        Err(error) => json!({ "id": id, "error": error.to_string() }),
    }
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let fixture = var("CHATPLATFORM_FIXTURE_URL");
    default_hosts();
    let rest = http_client(&[("apikey", var("CHATPLATFORM_API_KEY"))]);
    let client = calls::Client::new_with_client(&format!("{fixture}/v3"), rest);
    for id in var("CHATPLATFORM_RECORD_IDS").split(',') {
        emit("record", record(&client, id).await);
    }
    let credentials = http_client(&[
        ("key", var("CHATPLATFORM_MANAGEMENT_KEY")),
        ("secret", var("CHATPLATFORM_MANAGEMENT_SECRET")),
    ]);
    let apps = management::Client::new_with_client(&fixture, credentials);
    let status = match apps.list_apps().await {
        Ok(response) => response.status().as_u16(),
        Err(error) => error.status().map_or(0, |status| status.as_u16()),
    };
    emit("management", json!({ "status": status }));
}
