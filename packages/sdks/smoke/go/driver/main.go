// Smoke driver of the generated Go client: runs the smoke steps (see test/e2e/driver-smoke.test.ts)
// and prints one JSON line per step. The test starts the servers and passes their addresses and
// the credentials in the environment.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"strings"

	chatplatform "example.com/chatplatform/chatplatform-go"
)

func env(name string) string {
	value := os.Getenv(name)
	if value == "" {
		fmt.Fprintf(os.Stderr, "%s is not set: run this through test/e2e/driver-smoke.test.ts\n", name)
		os.Exit(2)
	}
	return value
}

func emit(step string, result any) {
	line, _ := json.Marshal(map[string]any{"step": step, "result": result})
	fmt.Println(string(line))
}

func errorKind(err error, response *http.Response) map[string]any {
	var apiError *chatplatform.GenericOpenAPIError
	if errors.As(err, &apiError) && response != nil {
		return map[string]any{"type": "GenericOpenAPIError", "status": response.StatusCode}
	}
	return map[string]any{"type": fmt.Sprintf("%T", err), "message": err.Error()}
}

func orNil(err error, response *http.Response) any {
	if err == nil {
		return nil
	}
	return errorKind(err, response)
}

// client sends every operation to base when it is given (the test servers answer every path);
// otherwise the generated defaults stay, operation servers included.
func client(base string) (*chatplatform.APIClient, context.Context) {
	config := chatplatform.NewConfiguration()
	if base != "" {
		config.Servers = chatplatform.ServerConfigurations{{URL: base}}
		for operation := range config.OperationServers {
			config.OperationServers[operation] = chatplatform.ServerConfigurations{{URL: base}}
		}
	}
	ctx := context.WithValue(context.Background(), chatplatform.ContextAPIKeys, map[string]chatplatform.APIKey{
		"apiKey":           {Key: env("CHATPLATFORM_API_KEY")},
		"managementKey":    {Key: env("CHATPLATFORM_MANAGEMENT_KEY")},
		"managementSecret": {Key: env("CHATPLATFORM_MANAGEMENT_SECRET")},
	})
	return chatplatform.NewAPIClient(config), ctx
}

func records(api *chatplatform.APIClient, ctx context.Context) {
	for _, id := range strings.Split(env("CHATPLATFORM_RECORD_IDS"), ",") {
		response, http, err := api.CallsAPI.GetCall(ctx, id).Execute()
		if err != nil {
			emit("record", map[string]any{"id": id, "error": errorKind(err, http)})
			continue
		}
		call := response.Data[0]
		first := call.Participants[0]
		emit("record", map[string]any{
			"id":     id,
			"record": call,
			"typed": map[string]any{
				"initiatedAt":         call.InitiatedAt,
				"totalAudioMinutes":   call.TotalAudioMinutes,
				"endedAt":             call.EndedAt,
				"participantDeviceId": first.DeviceId,
				"participantJoinedAt": first.JoinedAt,
			},
		})
	}
}

func main() {
	fixtures, ctx := client(env("CHATPLATFORM_FIXTURE_URL"))
	records(fixtures, ctx)
	_, response, err := fixtures.CallsAPI.GetCall(ctx, env("CHATPLATFORM_BAD_REQUEST_ID")).Execute()
	emit("bad-request", orNil(err, response))
	_, _, err = fixtures.ManagementAPIAPI.ListApps(ctx).Execute()
	emit("management", map[string]any{"ok": err == nil})

	// Defaults: no server given; the test's proxy (HTTPS_PROXY) sees where each request goes.
	defaults, ctx := client("")
	_, response, err = defaults.CallsAPI.GetCall(ctx, "default-host").Execute()
	emit("default-host", map[string]any{"operation": "get-call", "error": orNil(err, response)})
	_, response, err = defaults.ManagementAPIAPI.ListApps(ctx).Execute()
	emit("default-host", map[string]any{"operation": "list-apps", "error": orNil(err, response)})
	_, response, err = defaults.UsersAPI.ListUsers(ctx).Execute()
	emit("default-host", map[string]any{"operation": "list-users", "error": orNil(err, response)})

	// The auth-token flow plus Get Call against the mock (spec/arazzo/auth-token-flow.arazzo.yaml).
	mock, ctx := client(env("CHATPLATFORM_MOCK_URL"))
	uid := env("CHATPLATFORM_ON_BEHALF_OF")
	_, _, usersErr := mock.UsersAPI.ListUsers(ctx).Execute()
	_, _, tokenErr := mock.AuthTokensAPI.CreateAuthToken(ctx, uid).Execute()
	call, response, err := mock.CallsAPI.GetCall(ctx, env("CHATPLATFORM_SESSION_ID")).OnBehalfOf(uid).Execute()
	var getCall any = map[string]any{"error": orNil(err, response)}
	if err == nil {
		uids := []string{}
		for _, participant := range call.Data[0].Participants {
			uids = append(uids, participant.Uid)
		}
		getCall = map[string]any{"sessionId": call.Data[0].SessionId, "participants": uids}
	}
	emit("scenario", map[string]any{"listUsers": usersErr == nil, "createAuthToken": tokenErr == nil, "getCall": getCall})
}
