// Smoke test of the generated Go client (package chatplatform) against the Prism mock.
//
// Run by test/smoke.test.ts, which starts the mock and passes its address, the API key, the
// onBehalfOf UID and the call record the mock answers with (taken from the spec's example) in
// environment variables.
package smoke

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"reflect"
	"testing"

	chatplatform "example.com/chatplatform/chatplatform-go"
)

type participant struct {
	UID   string  `json:"uid"`
	State *string `json:"state"`
}

type expectedCall struct {
	SessionID    string        `json:"sessionId"`
	Participants []participant `json:"participants"`
}

func env(t *testing.T, name string) string {
	t.Helper()
	value := os.Getenv(name)
	if value == "" {
		t.Fatalf("%s is not set: run this test through `pnpm --filter @chatplatform/sdks test`, which starts the mock.", name)
	}
	return value
}

func expected(t *testing.T) expectedCall {
	var call expectedCall
	if err := json.Unmarshal([]byte(env(t, "CHATPLATFORM_EXPECTED_CALL")), &call); err != nil {
		t.Fatalf("CHATPLATFORM_EXPECTED_CALL is not the expected JSON: %v", err)
	}
	return call
}

// newClient points Get Call at the mock: it has its own server (the Calls host), so the
// operation's server list is replaced, not the client-wide one.
func newClient(t *testing.T, headers map[string]string) (*chatplatform.APIClient, context.Context) {
	cfg := chatplatform.NewConfiguration()
	cfg.OperationServers["CallsAPIService.GetCall"] = chatplatform.ServerConfigurations{{URL: env(t, "CHATPLATFORM_MOCK_URL")}}
	for name, value := range headers {
		cfg.AddDefaultHeader(name, value)
	}
	ctx := context.WithValue(context.Background(), chatplatform.ContextAPIKeys, map[string]chatplatform.APIKey{
		"apiKey": {Key: env(t, "CHATPLATFORM_API_KEY")},
	})
	return chatplatform.NewAPIClient(cfg), ctx
}

func TestGetCallParsesTheCallRecord(t *testing.T) {
	want := expected(t)
	client, ctx := newClient(t, nil)

	response, httpResponse, err := client.CallsAPI.GetCall(ctx, want.SessionID).OnBehalfOf(env(t, "CHATPLATFORM_ON_BEHALF_OF")).Execute()
	if err != nil {
		t.Fatalf("GetCall failed: %v", err)
	}
	if httpResponse.StatusCode != 200 {
		t.Fatalf("status %d, want 200", httpResponse.StatusCode)
	}
	if len(response.Data) != 1 {
		t.Fatalf("data holds %d records, want 1", len(response.Data))
	}
	call := response.Data[0]
	if call.SessionId != want.SessionID {
		t.Errorf("sessionId %q, want %q", call.SessionId, want.SessionID)
	}
	got := []participant{}
	for _, p := range call.Participants {
		var state *string
		if p.State != nil {
			s := string(*p.State)
			state = &s
		}
		got = append(got, participant{UID: p.Uid, State: state})
	}
	if !reflect.DeepEqual(got, want.Participants) {
		gotJSON, _ := json.Marshal(got)
		wantJSON, _ := json.Marshal(want.Participants)
		t.Errorf("participants %s, want %s", gotJSON, wantJSON)
	}
}

func TestBadRequestIsAGenericOpenAPIError(t *testing.T) {
	want := expected(t)
	client, ctx := newClient(t, map[string]string{"Prefer": "code=400"})

	_, httpResponse, err := client.CallsAPI.GetCall(ctx, want.SessionID).OnBehalfOf(env(t, "CHATPLATFORM_ON_BEHALF_OF")).Execute()
	var apiError *chatplatform.GenericOpenAPIError
	if !errors.As(err, &apiError) {
		t.Fatalf("error %v (%T), want *chatplatform.GenericOpenAPIError", err, err)
	}
	if httpResponse == nil || httpResponse.StatusCode != 400 {
		t.Fatalf("response %v, want status 400", httpResponse)
	}
}
