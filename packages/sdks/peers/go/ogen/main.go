// The ogen peer driver: calls the three clients generated from the per-address bundles and prints
// one JSON line per step for test/e2e/peer-generators.test.ts, which holds every check.
package main

import (
	"context"
	"fmt"
	"net/http"

	"example.com/chatplatform/peers/generated/ogen/calls"
	"example.com/chatplatform/peers/generated/ogen/chat"
	"example.com/chatplatform/peers/generated/ogen/management"
	"example.com/chatplatform/peers/internal/step"
)

// restKey sends the REST key: ogen asks a SecuritySource for each scheme and sends it in `apikey`.
type restKey struct{}

func (restKey) ApiKey(context.Context, calls.OperationName) (calls.ApiKey, error) {
	return calls.ApiKey{APIKey: step.Env("CHATPLATFORM_API_KEY")}, nil
}

// chatKey: the chat client's SecuritySource, the same key.
type chatKey struct{}

func (chatKey) ApiKey(context.Context, chat.OperationName) (chat.ApiKey, error) {
	return chat.ApiKey{APIKey: step.Env("CHATPLATFORM_API_KEY")}, nil
}

type managementCredentials struct{}

func (managementCredentials) ManagementKey(context.Context, management.OperationName) (management.ManagementKey, error) {
	return management.ManagementKey{APIKey: step.Env("CHATPLATFORM_MANAGEMENT_KEY")}, nil
}

func (managementCredentials) ManagementSecret(context.Context, management.OperationName) (management.ManagementSecret, error) {
	return management.ManagementSecret{APIKey: step.Env("CHATPLATFORM_MANAGEMENT_SECRET")}, nil
}

// defaultHosts sends each operation to its address's default server URL: ogen's server URL
// builder (`<Name>Server{}.Build()`, each variable's default filled in), which it writes for a
// server named in the spec's x-ogen-server-name.
func defaultHosts() {
	ctx := context.Background()
	callsClient, err := calls.NewClient(calls.CallsServer{}.MustBuild(), restKey{})
	must(err)
	_, err = callsClient.GetCall(ctx, calls.GetCallParams{SessionId: step.Env("CHATPLATFORM_SESSION_ID")})
	step.Attempt("get-call", err)
	chatClient, err := chat.NewClient(chat.ChatServer{}.MustBuild(), chatKey{})
	must(err)
	_, err = chatClient.ListUsers(ctx)
	step.Attempt("list-users", err)
	_, err = chatClient.CreateAuthToken(ctx, chat.CreateAuthTokenParams{UID: step.Env("CHATPLATFORM_ON_BEHALF_OF")})
	step.Attempt("create-auth-token", err)
	var body chat.SendMessageRequest
	must(body.UnmarshalJSON([]byte(step.Env("CHATPLATFORM_SEND_MESSAGE_BODY"))))
	_, err = chatClient.SendMessage(ctx, &body, chat.SendMessageParams{})
	step.Attempt("send-message", err)
	appsClient, err := management.NewClient(management.ManagementServer{}.MustBuild(), managementCredentials{})
	must(err)
	_, err = appsClient.ListApps(ctx)
	step.Attempt("list-apps", err)
}

func must(err error) {
	if err != nil {
		panic(err)
	}
}

func optional[T any](value T, set bool) any {
	if !set {
		return nil
	}
	return value
}

func typed(call calls.Call) map[string]any {
	participant := call.Participants[0]
	return map[string]any{
		"endedAt":             optional(call.EndedAt.Get()),
		"initiatedAt":         optional(call.InitiatedAt.Get()),
		"totalAudioMinutes":   optional(call.TotalAudioMinutes.Get()),
		"participantDeviceId": optional(participant.DeviceId.Get()),
		"participantJoinedAt": optional(participant.JoinedAt.Get()),
	}
}

func record(client *calls.Client, id string) (map[string]any, error) {
	res, err := client.GetCall(context.Background(), calls.GetCallParams{SessionId: id})
	if err != nil {
		return nil, err
	}
	envelope, ok := res.(interface{ GetData() []calls.Call })
	if !ok {
		return nil, fmt.Errorf("Get Call answered %T", res)
	}
	call := envelope.GetData()[0]
	reencoded, err := step.Reencoded(&call)
	if err != nil {
		return nil, err
	}
	return map[string]any{"id": id, "record": reencoded, "typed": typed(call)}, nil
}

func main() {
	fixture := step.Env("CHATPLATFORM_FIXTURE_URL")
	defaultHosts()
	client, err := calls.NewClient(fixture+"/v3", restKey{})
	must(err)
	step.Records(func(id string) (map[string]any, error) { return record(client, id) })
	apps, err := management.NewClient(fixture, managementCredentials{})
	must(err)
	_, err = apps.ListApps(context.Background())
	step.Emit("management", map[string]any{"status": statusOf(err)})
}

func statusOf(err error) int {
	if err != nil {
		return 0
	}
	return http.StatusOK
}
