module example.com/chatplatform/smoke

go 1.23

require example.com/chatplatform/chatplatform-go v0.0.0

// The generated client (packages/sdks/generated/go, never committed).
replace example.com/chatplatform/chatplatform-go => ../../generated/go
