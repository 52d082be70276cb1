// The oapi-codegen peer driver: calls the three clients generated from the per-address bundles
// and prints one JSON line per step for test/e2e/peer-generators.test.ts, which holds every check.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"example.com/chatplatform/peers/generated/oapi-codegen/calls"
	"example.com/chatplatform/peers/generated/oapi-codegen/chat"
	"example.com/chatplatform/peers/generated/oapi-codegen/management"
	"example.com/chatplatform/peers/internal/step"
)

// oapi-codegen generates no authentication: a request editor sets the headers.
func headers(pairs ...string) func(context.Context, *http.Request) error {
	return func(_ context.Context, req *http.Request) error {
		for i := 0; i < len(pairs); i += 2 {
			req.Header.Set(pairs[i], pairs[i+1])
		}
		return nil
	}
}

func restKey() func(context.Context, *http.Request) error {
	return headers("apikey", step.Env("CHATPLATFORM_API_KEY"))
}

func managementCredentials() func(context.Context, *http.Request) error {
	return headers("key", step.Env("CHATPLATFORM_MANAGEMENT_KEY"), "secret", step.Env("CHATPLATFORM_MANAGEMENT_SECRET"))
}

// defaultHosts sends each operation to its address's default server URL (servers.go).
func defaultHosts() {
	ctx := context.Background()
	callsClient, err := calls.NewClientWithResponses(defaultCallsURL(), calls.WithRequestEditorFn(restKey()))
	must(err)
	_, err = callsClient.GetCallWithResponse(ctx, step.Env("CHATPLATFORM_SESSION_ID"), &calls.GetCallParams{})
	step.Attempt("get-call", err)
	chatClient, err := chat.NewClientWithResponses(defaultChatURL(), chat.WithRequestEditorFn(restKey()))
	must(err)
	_, err = chatClient.ListUsersWithResponse(ctx)
	step.Attempt("list-users", err)
	_, err = chatClient.CreateAuthTokenWithResponse(ctx, step.Env("CHATPLATFORM_ON_BEHALF_OF"))
	step.Attempt("create-auth-token", err)
	var body chat.SendMessageJSONRequestBody
	must(json.Unmarshal([]byte(step.Env("CHATPLATFORM_SEND_MESSAGE_BODY")), &body))
	_, err = chatClient.SendMessageWithResponse(ctx, &chat.SendMessageParams{}, body)
	step.Attempt("send-message", err)
	appsClient, err := management.NewClientWithResponses(defaultManagementURL(), management.WithRequestEditorFn(managementCredentials()))
	must(err)
	_, err = appsClient.ListAppsWithResponse(ctx)
	step.Attempt("list-apps", err)
}

func typed(call calls.Call) map[string]any {
	participant := call.Participants[0]
	return map[string]any{
		"endedAt":             call.EndedAt,
		"initiatedAt":         call.InitiatedAt,
		"totalAudioMinutes":   call.TotalAudioMinutes,
		"participantDeviceId": participant.DeviceId,
		"participantJoinedAt": participant.JoinedAt,
	}
}

func record(client *calls.ClientWithResponses, id string) (map[string]any, error) {
	res, err := client.GetCallWithResponse(context.Background(), id, &calls.GetCallParams{})
	if err != nil {
		return nil, err
	}
	if res.JSON200 == nil {
		return nil, fmt.Errorf("Get Call answered %d without a decoded body", res.StatusCode())
	}
	call := res.JSON200.Data[0]
	reencoded, err := step.Reencoded(call)
	if err != nil {
		return nil, err
	}
	return map[string]any{"id": id, "record": reencoded, "typed": typed(call)}, nil
}

func main() {
	fixture := step.Env("CHATPLATFORM_FIXTURE_URL")
	defaultHosts()
	client, err := calls.NewClientWithResponses(fixture+"/v3", calls.WithRequestEditorFn(restKey()))
	must(err)
	step.Records(func(id string) (map[string]any, error) { return record(client, id) })
	apps, err := management.NewClientWithResponses(fixture, management.WithRequestEditorFn(managementCredentials()))
	must(err)
	res, err := apps.ListAppsWithResponse(context.Background())
	must(err)
	step.Emit("management", map[string]any{"status": res.StatusCode()})
}

func must(err error) {
	if err != nil {
		panic(err)
	}
}
