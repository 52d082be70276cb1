// A first call through the released Kotlin client: Get Call on the Calls host with the REST API key,
// List apps on the management API with its key and secret, both at the mock.
import com.chatplatform.kotlin.apis.CallsApi
import com.chatplatform.kotlin.apis.ManagementAPIApi
import com.chatplatform.kotlin.infrastructure.ApiClient

fun main() {
    val mock = System.getenv("CHATPLATFORM_MOCK_URL")
    ApiClient.apiKey["apikey"] = System.getenv("CHATPLATFORM_API_KEY")
    ApiClient.apiKey["key"] = System.getenv("CHATPLATFORM_MANAGEMENT_KEY")
    ApiClient.apiKey["secret"] = System.getenv("CHATPLATFORM_MANAGEMENT_SECRET")
    val call = CallsApi("$mock/v3").getCall(System.getenv("CHATPLATFORM_SESSION_ID"))
    ManagementAPIApi(mock).listApps()
    println("{\"sessionId\":\"${call.data.first().sessionId}\",\"apps\":true}")
}
