"""A first call through the installed chatplatform_client wheel: Get Call on the Calls host with
the REST API key, List apps on the management API with its key and secret, both at the mock."""
import json
import os

import chatplatform_client

mock = os.environ["CHATPLATFORM_MOCK_URL"]
keys = {
    "apiKey": os.environ["CHATPLATFORM_API_KEY"],
    "managementKey": os.environ["CHATPLATFORM_MANAGEMENT_KEY"],
    "managementSecret": os.environ["CHATPLATFORM_MANAGEMENT_SECRET"],
}


def client(host):
    configuration = chatplatform_client.Configuration(host=host, ignore_operation_servers=True, api_key=keys)
    return chatplatform_client.ApiClient(configuration)


call = chatplatform_client.CallsApi(client(f"{mock}/v3")).get_call(os.environ["CHATPLATFORM_SESSION_ID"])
chatplatform_client.ManagementAPIApi(client(mock)).list_apps()
print(json.dumps({"sessionId": call.data[0].session_id, "apps": True}))
