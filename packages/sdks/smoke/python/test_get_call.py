"""Smoke test of the generated Python client (chatplatform_client) against the Prism mock.

Run by test/smoke.test.ts, which starts the mock and passes its address, the API key, the
onBehalfOf UID and the call record the mock answers with (taken from the spec's example) in
environment variables.
"""
import json
import os

import pytest

import chatplatform_client
from chatplatform_client.exceptions import ApiException


def env(name):
    value = os.environ.get(name)
    if not value:
        pytest.fail(f"{name} is not set: run this test through `pnpm --filter @chatplatform/sdks test`, which starts the mock.")
    return value


@pytest.fixture
def calls_api():
    configuration = chatplatform_client.Configuration(
        host=env("CHATPLATFORM_MOCK_URL"),
        # Get Call has its own server (the Calls host); the mock serves every path on one address.
        ignore_operation_servers=True,
        api_key={"apiKey": env("CHATPLATFORM_API_KEY")},
    )
    with chatplatform_client.ApiClient(configuration) as client:
        yield chatplatform_client.CallsApi(client)


def test_get_call_parses_the_call_record(calls_api):
    expected = json.loads(env("CHATPLATFORM_EXPECTED_CALL"))
    response = calls_api.get_call(expected["sessionId"], on_behalf_of=env("CHATPLATFORM_ON_BEHALF_OF"))

    assert isinstance(response, chatplatform_client.GetCallResponse)
    assert len(response.data) == 1
    call = response.data[0]
    assert call.session_id == expected["sessionId"]
    participants = [
        {"uid": p.uid, "state": p.state.value if p.state is not None else None} for p in call.participants
    ]
    assert participants == expected["participants"]


def test_400_answer_raises_api_exception(calls_api):
    expected = json.loads(env("CHATPLATFORM_EXPECTED_CALL"))
    with pytest.raises(ApiException) as raised:
        calls_api.get_call(
            expected["sessionId"],
            on_behalf_of=env("CHATPLATFORM_ON_BEHALF_OF"),
            _headers={"Prefer": "code=400"},
        )
    assert raised.value.status == 400
