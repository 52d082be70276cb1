// A first call through the released Java client: Get Call on the Calls host with the REST API key,
// List apps on the management API with its key and secret, both at the mock (each API's URL at the
// mock comes from the environment, as the install test reads it from the spec).
package first;

import com.chatplatform.client.ApiClient;
import com.chatplatform.client.api.CallsApi;
import com.chatplatform.client.api.ManagementApiApi;
import com.chatplatform.client.auth.ApiKeyAuth;

public final class FirstCall {
  public static void main(String[] args) throws Exception {
    ApiClient client = new ApiClient();
    ((ApiKeyAuth) client.getAuthentication("apiKey")).setApiKey(System.getenv("CHATPLATFORM_API_KEY"));
    ((ApiKeyAuth) client.getAuthentication("managementKey")).setApiKey(System.getenv("CHATPLATFORM_MANAGEMENT_KEY"));
    ((ApiKeyAuth) client.getAuthentication("managementSecret")).setApiKey(System.getenv("CHATPLATFORM_MANAGEMENT_SECRET"));
    CallsApi calls = new CallsApi(client);
    calls.setCustomBaseUrl(System.getenv("CHATPLATFORM_CALLS_URL"));
    ManagementApiApi management = new ManagementApiApi(client);
    management.setCustomBaseUrl(System.getenv("CHATPLATFORM_MANAGEMENT_URL"));
    String sessionId = calls.getCall(System.getenv("CHATPLATFORM_SESSION_ID"), null).getData().get(0).getSessionId();
    management.listApps();
    System.out.println("{\"sessionId\":\"" + sessionId + "\",\"apps\":true}");
  }
}
