"""A first call through the installed chatplatform_client wheel: Get Call on the Calls host with
the REST API key, List apps on the management API with its key and secret, both at the mock
(each API's URL at the mock comes from the environment, as the install test reads it from the spec)."""
import json
import os

import chatplatform_client

keys = {
    "apiKey": os.environ["CHATPLATFORM_API_KEY"],
    "managementKey": os.environ["CHATPLATFORM_MANAGEMENT_KEY"],
    "managementSecret": os.environ["CHATPLATFORM_MANAGEMENT_SECRET"],
}


def client(host):
    configuration = chatplatform_client.Configuration(host=host, ignore_operation_servers=True, api_key=keys)
    return chatplatform_client.ApiClient(configuration)


call = chatplatform_client.CallsApi(client(os.environ["CHATPLATFORM_CALLS_URL"])).get_call(os.environ["CHATPLATFORM_SESSION_ID"])
chatplatform_client.ManagementAPIApi(client(os.environ["CHATPLATFORM_MANAGEMENT_URL"])).list_apps()
print(json.dumps({"sessionId": call.data[0].session_id, "apps": True}))
