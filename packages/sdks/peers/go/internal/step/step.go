// Package step prints the peer drivers' JSON lines and reads what the test gives them.
package step

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
)

// Emit prints one step as a JSON line.
func Emit(name string, result any) {
	line, err := json.Marshal(map[string]any{"step": name, "result": result})
	if err != nil {
		panic(err)
	}
	fmt.Println(string(line))
}

// Env returns a variable the test must set.
func Env(name string) string {
	value, ok := os.LookupEnv(name)
	if !ok {
		panic(name + " is not set; test/e2e/peer-generators.test.ts runs this driver")
	}
	return value
}

// RecordIDs lists the sessionIds of the fixture records.
func RecordIDs() []string { return strings.Split(Env("CHATPLATFORM_RECORD_IDS"), ",") }

// Reencoded is a value as the client's own types write it back, read as plain JSON.
func Reencoded(value any) (any, error) {
	raw, err := json.Marshal(value)
	if err != nil {
		return nil, err
	}
	var plain any
	return plain, json.Unmarshal(raw, &plain)
}

// Attempt reports a default-host request: the test's HTTPS proxy refuses it, so an error is expected.
func Attempt(operation string, err error) {
	result := map[string]any{"operation": operation}
	if err != nil {
		result["error"] = err.Error()
	}
	Emit("default-host", result)
}

// Records decodes each fixture record with decode and prints one "record" step for it, its error
// in place of the result when decoding failed.
func Records(decode func(id string) (map[string]any, error)) {
	for _, id := range RecordIDs() {
		result, err := decode(id)
		if err != nil {
			result = map[string]any{"id": id, "error": err.Error()}
		}
		Emit("record", result)
	}
}
