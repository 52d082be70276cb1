// Runs the smoke steps (see test/e2e/driver-smoke.test.ts) through the generated Kotlin client and prints one
// JSON line per step. The test starts the servers and passes their addresses in the environment.
package com.chatplatform.smoke

import com.chatplatform.kotlin.apis.AuthTokensApi
import com.chatplatform.kotlin.apis.CallsApi
import com.chatplatform.kotlin.apis.ManagementAPIApi
import com.chatplatform.kotlin.apis.UsersApi
import com.chatplatform.kotlin.infrastructure.ApiClient
import com.chatplatform.kotlin.infrastructure.ClientException
import com.chatplatform.kotlin.infrastructure.ServerException
import com.chatplatform.kotlin.infrastructure.Serializer
import com.chatplatform.kotlin.models.Call

fun env(name: String): String =
    System.getenv(name) ?: error("$name is not set: run this through test/e2e/driver-smoke.test.ts")

val json = Serializer.moshi

fun print(step: String, result: Any?) {
    println(json.adapter(Any::class.java).serializeNulls().toJson(mapOf("step" to step, "result" to result)))
}

fun errorKind(error: Throwable): Map<String, Any?> = when (error) {
    is ClientException -> mapOf("type" to "ClientException", "status" to error.statusCode)
    is ServerException -> mapOf("type" to "ServerException", "status" to error.statusCode)
    else -> mapOf("type" to error.javaClass.simpleName, "message" to error.message)
}

fun <T> outcome(block: () -> T): Result<T> = runCatching(block)

fun records(base: String) {
    for (id in env("CHATPLATFORM_RECORD_IDS").split(",")) {
        val result = outcome { CallsApi(base).getCall(id) }.fold(
            { response ->
                val call = response.data.first()
                val first = call.participants.first()
                mapOf(
                    "id" to id,
                    "record" to json.adapter(Any::class.java).fromJson(json.adapter(Call::class.java).toJson(call)),
                    "typed" to mapOf(
                        "initiatedAt" to call.initiatedAt,
                        "totalAudioMinutes" to call.totalAudioMinutes,
                        "endedAt" to call.endedAt,
                        "participantDeviceId" to first.deviceId,
                        "participantJoinedAt" to first.joinedAt,
                    ),
                )
            },
            { mapOf("id" to id, "error" to errorKind(it)) },
        )
        print("record", result)
    }
}

fun main() {
    // Credentials are keyed by header name, each sent only by the operations whose scheme names it.
    ApiClient.apiKey["apikey"] = env("CHATPLATFORM_API_KEY")
    ApiClient.apiKey["key"] = env("CHATPLATFORM_MANAGEMENT_KEY")
    ApiClient.apiKey["secret"] = env("CHATPLATFORM_MANAGEMENT_SECRET")

    val fixtures = env("CHATPLATFORM_FIXTURE_URL")
    records(fixtures)
    print("bad-request", outcome { CallsApi(fixtures).getCall(env("CHATPLATFORM_BAD_REQUEST_ID")) }.exceptionOrNull()?.let(::errorKind))
    print("management", mapOf("ok" to outcome { ManagementAPIApi(fixtures).listApps() }.isSuccess))

    // Defaults: no base path given; the test's proxy (https.proxyHost) sees where each request goes.
    val defaults = listOf(
        "get-call" to { CallsApi().getCall("default-host") },
        "list-apps" to { ManagementAPIApi().listApps() },
        "list-users" to { UsersApi().listUsers() },
    )
    for ((operation, request) in defaults) {
        print("default-host", mapOf("operation" to operation, "error" to outcome(request).exceptionOrNull()?.let(::errorKind)))
    }

    // The auth-token flow plus Get Call against the mock (spec/arazzo/auth-token-flow.arazzo.yaml).
    val mock = env("CHATPLATFORM_MOCK_URL")
    val uid = env("CHATPLATFORM_ON_BEHALF_OF")
    val users = outcome { UsersApi(mock).listUsers() }
    val token = outcome { AuthTokensApi(mock).createAuthToken(uid) }
    val call = outcome { CallsApi(mock).getCall(env("CHATPLATFORM_SESSION_ID"), onBehalfOf = uid) }.fold(
        { mapOf("sessionId" to it.data.first().sessionId, "participants" to it.data.first().participants.map { p -> p.uid }) },
        { mapOf("error" to errorKind(it)) },
    )
    print("scenario", mapOf("listUsers" to users.isSuccess, "createAuthToken" to token.isSuccess, "getCall" to call))
}
