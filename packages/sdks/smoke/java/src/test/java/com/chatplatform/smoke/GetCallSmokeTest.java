package com.chatplatform.smoke;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import com.chatplatform.client.ApiClient;
import com.chatplatform.client.ApiException;
import com.chatplatform.client.api.CallsApi;
import com.chatplatform.client.model.Call;
import com.chatplatform.client.model.GetCallResponse;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Smoke test of the generated Java client against the Prism mock. Run by test/smoke.test.ts,
 * which starts the mock and passes its address, the API key, the onBehalfOf UID and the call
 * record the mock answers with (taken from the spec's example) in environment variables.
 */
class GetCallSmokeTest {

  private static String env(String name) {
    String value = System.getenv(name);
    if (value == null || value.isEmpty()) {
      fail(name + " is not set: run this test through `pnpm --filter @chatplatform/sdks test`, which starts the mock.");
    }
    return value;
  }

  private static JsonObject expected() {
    return JsonParser.parseString(env("CHATPLATFORM_EXPECTED_CALL")).getAsJsonObject();
  }

  /** Get Call has its own server (the Calls host): the mock replaces it for this API. */
  private static CallsApi callsApi(ApiClient client) {
    client.setApiKey(env("CHATPLATFORM_API_KEY"));
    CallsApi api = new CallsApi(client);
    api.setCustomBaseUrl(env("CHATPLATFORM_MOCK_URL"));
    return api;
  }

  @Test
  void getCallParsesTheCallRecord() throws ApiException {
    JsonObject want = expected();
    String sessionId = want.get("sessionId").getAsString();

    GetCallResponse response = callsApi(new ApiClient()).getCall(sessionId, env("CHATPLATFORM_ON_BEHALF_OF"));

    assertEquals(1, response.getData().size());
    Call call = response.getData().get(0);
    assertEquals(sessionId, call.getSessionId());
    List<String> got = new ArrayList<>();
    call.getParticipants().forEach(p ->
        got.add(p.getUid() + ":" + (p.getState() == null ? null : p.getState().getValue())));
    List<String> wanted = new ArrayList<>();
    for (JsonElement element : want.getAsJsonArray("participants")) {
      JsonObject p = element.getAsJsonObject();
      wanted.add(p.get("uid").getAsString() + ":" + (p.get("state").isJsonNull() ? null : p.get("state").getAsString()));
    }
    assertEquals(wanted, got);
  }

  @Test
  void badRequestIsAnApiException() {
    String sessionId = expected().get("sessionId").getAsString();
    ApiClient client = new ApiClient();
    client.addDefaultHeader("Prefer", "code=400");
    CallsApi api = callsApi(client);

    ApiException error = assertThrows(ApiException.class, () -> api.getCall(sessionId, env("CHATPLATFORM_ON_BEHALF_OF")));
    assertEquals(400, error.getCode());
  }
}
