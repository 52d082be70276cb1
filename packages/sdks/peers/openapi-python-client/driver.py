"""The openapi-python-client peer driver: calls the three clients generated from the per-address
bundles (calls_client, chat_client, management_client) and prints one JSON line per step for
test/e2e/peer-generators.test.ts, which holds every check. Credentials and addresses come from the
environment the test sets."""

import importlib
import json
import os
import pkgutil
import sys


def emit(step, result):
    print(json.dumps({"step": step, "result": result}), flush=True)


def operation(package, name):
    """The generated module of an operation, wherever the generator filed it (by tag)."""
    api = importlib.import_module(f"{package}.api")
    for info in pkgutil.walk_packages(api.__path__, f"{package}.api."):
        if info.name.rsplit(".", 1)[-1] == name:
            return importlib.import_module(info.name)
    raise LookupError(f"{package} has no operation {name}")


def rest_client(package, base_url=None):
    # openapi-python-client sends `Authorization: Bearer <token>` unless told the header and prefix.
    client_class = importlib.import_module(package).AuthenticatedClient
    settings = {"token": os.environ["CHATPLATFORM_API_KEY"], "prefix": "", "auth_header_name": "apikey"}
    return client_class(**settings) if base_url is None else client_class(base_url=base_url, **settings)


def management_client(base_url=None):
    client_class = importlib.import_module("management_client").AuthenticatedClient
    settings = {
        "token": os.environ["CHATPLATFORM_MANAGEMENT_KEY"],
        "prefix": "",
        "auth_header_name": "key",
        "headers": {"secret": os.environ["CHATPLATFORM_MANAGEMENT_SECRET"]},
    }
    return client_class(**settings) if base_url is None else client_class(base_url=base_url, **settings)


def send_message_body():
    model = importlib.import_module("chat_client.models").SendMessageRequest
    return model.from_dict(json.loads(os.environ["CHATPLATFORM_SEND_MESSAGE_BODY"]))


DEFAULT_HOST_CALLS = [
    ("get-call", lambda: rest_client("calls_client"), "calls_client", "get_call",
     lambda: {"session_id": os.environ["CHATPLATFORM_SESSION_ID"]}),
    ("list-users", lambda: rest_client("chat_client"), "chat_client", "list_users", dict),
    ("create-auth-token", lambda: rest_client("chat_client"), "chat_client", "create_auth_token",
     lambda: {"uid": os.environ["CHATPLATFORM_ON_BEHALF_OF"]}),
    ("send-message", lambda: rest_client("chat_client"), "chat_client", "send_message",
     lambda: {"body": send_message_body()}),
    ("list-apps", management_client, "management_client", "list_apps", dict),
]


def default_hosts():
    """Each operation through a client left on its default address (the test's HTTPS proxy refuses it)."""
    for name, make_client, package, module, arguments in DEFAULT_HOST_CALLS:
        try:
            client = make_client()
        except TypeError as error:  # no default base URL: the caller must give one
            emit("default-host", {"operation": name, "noDefault": str(error)})
            continue
        try:
            operation(package, module).sync_detailed(client=client, **arguments())
            emit("default-host", {"operation": name})
        except Exception as error:  # the proxy refuses the tunnel: expected
            emit("default-host", {"operation": name, "error": type(error).__name__})


def typed(call):
    participant = call.participants[0]
    fields = {
        "endedAt": call.ended_at,
        "initiatedAt": call.initiated_at,
        "totalAudioMinutes": call.total_audio_minutes,
        "participantDeviceId": participant.device_id,
        "participantJoinedAt": participant.joined_at,
    }
    # The generated models mark an absent field with their own UNSET, which JSON cannot carry.
    unset = importlib.import_module("calls_client.types").Unset
    return {name: None if isinstance(value, unset) else value for name, value in fields.items()}


def records(fixture):
    client = rest_client("calls_client", f"{fixture}/v3")
    get_call = operation("calls_client", "get_call")
    for record_id in os.environ["CHATPLATFORM_RECORD_IDS"].split(","):
        try:
            envelope = get_call.sync_detailed(session_id=record_id, client=client).parsed
            call = envelope.data[0]
            emit("record", {"id": record_id, "record": call.to_dict(), "typed": typed(call)})
        except Exception as error:
            emit("record", {"id": record_id, "error": f"{type(error).__name__}: {error}"})


def main():
    fixture = os.environ["CHATPLATFORM_FIXTURE_URL"]
    default_hosts()
    records(fixture)
    status = operation("management_client", "list_apps").sync_detailed(client=management_client(fixture)).status_code
    emit("management", {"status": status})


if __name__ == "__main__":
    sys.exit(main())
