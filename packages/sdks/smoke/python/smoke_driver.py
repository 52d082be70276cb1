"""Smoke driver of the generated Python client (chatplatform_client).

Runs the smoke steps (see test/e2e/driver-smoke.test.ts) and prints one JSON line per step. The test
starts the servers and passes their addresses and the credentials in the environment.
"""
import json
import os
import sys

import chatplatform_client
from chatplatform_client.exceptions import ApiException


def env(name):
    value = os.environ.get(name)
    if not value:
        sys.exit(f"{name} is not set: run this through test/e2e/driver-smoke.test.ts")
    return value


def client(host=None, proxy=None):
    configuration = chatplatform_client.Configuration(
        host=host,
        # With a host given, every operation goes there (the test servers answer every path).
        ignore_operation_servers=host is not None,
        api_key={
            "apiKey": env("CHATPLATFORM_API_KEY"),
            "managementKey": env("CHATPLATFORM_MANAGEMENT_KEY"),
            "managementSecret": env("CHATPLATFORM_MANAGEMENT_SECRET"),
        },
    )
    configuration.proxy = proxy
    configuration.retries = False
    return chatplatform_client.ApiClient(configuration)


def emit(step, result):
    print(json.dumps({"step": step, "result": result}), flush=True)


def error_kind(error):
    if isinstance(error, ApiException):
        return {"type": type(error).__name__, "status": error.status}
    return {"type": type(error).__name__, "message": str(error)}


def attempt(request):
    try:
        return request(), None
    except Exception as error:  # the test reads which kind of error each step raised
        return None, error_kind(error)


def records(api):
    for record_id in env("CHATPLATFORM_RECORD_IDS").split(","):
        response, error = attempt(lambda: chatplatform_client.CallsApi(api).get_call(record_id))
        if error:
            emit("record", {"id": record_id, "error": error})
            continue
        call = response.data[0]
        first = call.participants[0]
        emit("record", {
            "id": record_id,
            "record": call.to_dict(),
            "typed": {
                "initiatedAt": call.initiated_at,
                "totalAudioMinutes": call.total_audio_minutes,
                "endedAt": call.ended_at,
                "participantDeviceId": first.device_id,
                "participantJoinedAt": first.joined_at,
            },
        })


def main():
    fixtures = client(host=env("CHATPLATFORM_FIXTURE_URL"))
    records(fixtures)
    _, error = attempt(lambda: chatplatform_client.CallsApi(fixtures).get_call(env("CHATPLATFORM_BAD_REQUEST_ID")))
    emit("bad-request", error)
    _, error = attempt(lambda: chatplatform_client.ManagementAPIApi(fixtures).list_apps())
    emit("management", {"ok": error is None})

    # Defaults: no host given; the test's server, as the proxy, sees where each request goes.
    defaults = client(proxy=env("CHATPLATFORM_FIXTURE_URL"))
    for operation, request in [
        ("get-call", lambda: chatplatform_client.CallsApi(defaults).get_call("default-host")),
        ("list-apps", lambda: chatplatform_client.ManagementAPIApi(defaults).list_apps()),
        ("list-users", lambda: chatplatform_client.UsersApi(defaults).list_users()),
    ]:
        emit("default-host", {"operation": operation, "error": attempt(request)[1]})

    # The auth-token flow plus Get Call against the mock (spec/arazzo/auth-token-flow.arazzo.yaml).
    mock = client(host=env("CHATPLATFORM_MOCK_URL"))
    uid = env("CHATPLATFORM_ON_BEHALF_OF")
    _, users_error = attempt(lambda: chatplatform_client.UsersApi(mock).list_users())
    _, token_error = attempt(lambda: chatplatform_client.AuthTokensApi(mock).create_auth_token(uid))
    response, call_error = attempt(
        lambda: chatplatform_client.CallsApi(mock).get_call(env("CHATPLATFORM_SESSION_ID"), on_behalf_of=uid)
    )
    emit("scenario", {
        "listUsers": users_error is None,
        "createAuthToken": token_error is None,
        "getCall": {"error": call_error} if call_error else {
            "sessionId": response.data[0].session_id,
            "participants": [p.uid for p in response.data[0].participants],
        },
    })


if __name__ == "__main__":
    main()
