// A first call through the released Kotlin client: Get Call on the Calls host with the REST API key,
// List apps on the management API with its key and secret, both at the mock (each API's URL at the
// mock and each key's header come from the environment, as the install test reads them from the spec).
import com.chatplatform.kotlin.apis.CallsApi
import com.chatplatform.kotlin.apis.ManagementAPIApi
import com.chatplatform.kotlin.infrastructure.ApiClient

fun main() {
    for (name in listOf("CHATPLATFORM_API_KEY", "CHATPLATFORM_MANAGEMENT_KEY", "CHATPLATFORM_MANAGEMENT_SECRET")) {
        ApiClient.apiKey[System.getenv("${name}_HEADER")] = System.getenv(name)
    }
    val call = CallsApi(System.getenv("CHATPLATFORM_CALLS_URL")).getCall(System.getenv("CHATPLATFORM_SESSION_ID"))
    ManagementAPIApi(System.getenv("CHATPLATFORM_MANAGEMENT_URL")).listApps()
    println("{\"sessionId\":\"${call.data.first().sessionId}\",\"apps\":true}")
}
