// Smoke driver of the generated Java client: runs the smoke steps (see test/e2e/driver-smoke.test.ts)
// and prints one JSON line per step. The test starts the servers and passes their addresses and
// the credentials in the environment.
package com.chatplatform.smoke;

import com.chatplatform.client.ApiClient;
import com.chatplatform.client.ApiException;
import com.chatplatform.client.JSON;
import com.chatplatform.client.api.AuthTokensApi;
import com.chatplatform.client.api.CallsApi;
import com.chatplatform.client.api.ManagementApiApi;
import com.chatplatform.client.api.UsersApi;
import com.chatplatform.client.auth.ApiKeyAuth;
import com.chatplatform.client.model.Call;
import com.chatplatform.client.model.CallParticipant;
import com.chatplatform.client.model.CallRecordEnvelope;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

public final class SmokeDriver {
  private SmokeDriver() {}

  static String env(String name) {
    String value = System.getenv(name);
    if (value == null || value.isEmpty()) {
      throw new IllegalStateException(name + " is not set: run this through test/e2e/driver-smoke.test.ts");
    }
    return value;
  }

  static void emit(String step, Object result) {
    Map<String, Object> line = new LinkedHashMap<>();
    line.put("step", step);
    line.put("result", result);
    System.out.println(JSON.getGson().newBuilder().serializeNulls().create().toJson(line));
  }

  static Map<String, Object> errorKind(Exception error) {
    Map<String, Object> kind = new LinkedHashMap<>();
    kind.put("type", error.getClass().getSimpleName());
    if (error instanceof ApiException) kind.put("status", ((ApiException) error).getCode());
    else kind.put("message", error.getMessage());
    return kind;
  }

  /** The error a request raised, or null when it succeeded. */
  static Map<String, Object> failure(Callable<?> request) {
    try {
      request.call();
      return null;
    } catch (Exception error) {
      return errorKind(error);
    }
  }

  /** A client with the three credentials; with a base, every operation goes there. */
  static ApiClient client(String base) {
    ApiClient client = new ApiClient();
    ((ApiKeyAuth) client.getAuthentication("apiKey")).setApiKey(env("CHATPLATFORM_API_KEY"));
    ((ApiKeyAuth) client.getAuthentication("managementKey")).setApiKey(env("CHATPLATFORM_MANAGEMENT_KEY"));
    ((ApiKeyAuth) client.getAuthentication("managementSecret")).setApiKey(env("CHATPLATFORM_MANAGEMENT_SECRET"));
    if (base != null) client.setBasePath(base);
    return client;
  }

  static CallsApi calls(ApiClient client, String base) {
    CallsApi api = new CallsApi(client);
    api.setCustomBaseUrl(base);
    return api;
  }

  static ManagementApiApi management(ApiClient client, String base) {
    ManagementApiApi api = new ManagementApiApi(client);
    api.setCustomBaseUrl(base);
    return api;
  }

  static void records(String base) {
    CallsApi api = calls(client(base), base);
    for (String id : env("CHATPLATFORM_RECORD_IDS").split(",")) {
      Map<String, Object> result = new LinkedHashMap<>();
      result.put("id", id);
      try {
        Call call = api.getCall(id, null).getData().get(0);
        CallParticipant first = call.getParticipants().get(0);
        result.put("record", JSON.getGson().toJsonTree(call));
        Map<String, Object> typed = new HashMap<>();
        typed.put("initiatedAt", call.getInitiatedAt());
        typed.put("totalAudioMinutes", call.getTotalAudioMinutes());
        typed.put("endedAt", call.getEndedAt());
        typed.put("participantDeviceId", first.getDeviceId());
        typed.put("participantJoinedAt", first.getJoinedAt());
        result.put("typed", typed);
      } catch (ApiException error) {
        result.put("error", errorKind(error));
      }
      emit("record", result);
    }
  }

  public static void main(String[] args) {
    String fixtures = env("CHATPLATFORM_FIXTURE_URL");
    records(fixtures);
    emit("bad-request", failure(() -> calls(client(fixtures), fixtures).getCall(env("CHATPLATFORM_BAD_REQUEST_ID"), null)));
    emit("management", Map.of("ok", failure(() -> management(client(fixtures), fixtures).listApps()) == null));

    // Defaults: no base given; the test's proxy (https.proxyHost) sees where each request goes.
    ApiClient defaults = client(null);
    Map<String, Callable<?>> steps = new LinkedHashMap<>();
    steps.put("get-call", () -> new CallsApi(defaults).getCall("default-host", null));
    steps.put("list-apps", () -> new ManagementApiApi(defaults).listApps());
    steps.put("list-users", () -> new UsersApi(defaults).listUsers());
    for (Map.Entry<String, Callable<?>> step : steps.entrySet()) {
      Map<String, Object> result = new LinkedHashMap<>();
      result.put("operation", step.getKey());
      result.put("error", failure(step.getValue()));
      emit("default-host", result);
    }

    // The auth-token flow plus Get Call against the mock (spec/arazzo/auth-token-flow.arazzo.yaml).
    String mock = env("CHATPLATFORM_MOCK_URL");
    ApiClient client = client(mock);
    String uid = env("CHATPLATFORM_ON_BEHALF_OF");
    Map<String, Object> scenario = new LinkedHashMap<>();
    scenario.put("listUsers", failure(() -> new UsersApi(client).listUsers()) == null);
    scenario.put("createAuthToken", failure(() -> new AuthTokensApi(client).createAuthToken(uid)) == null);
    Map<String, Object> getCall = new LinkedHashMap<>();
    try {
      CallRecordEnvelope response = calls(client, mock).getCall(env("CHATPLATFORM_SESSION_ID"), uid);
      List<String> uids = new ArrayList<>();
      for (CallParticipant participant : response.getData().get(0).getParticipants()) uids.add(participant.getUid());
      getCall.put("sessionId", response.getData().get(0).getSessionId());
      getCall.put("participants", uids);
    } catch (ApiException error) {
      getCall.put("error", errorKind(error));
    }
    scenario.put("getCall", getCall);
    emit("scenario", scenario);
  }
}
