package main

import (
	"example.com/chatplatform/peers/generated/oapi-codegen/calls"
	"example.com/chatplatform/peers/generated/oapi-codegen/chat"
	"example.com/chatplatform/peers/generated/oapi-codegen/management"
)

// The default server URL of each address: oapi-codegen's server URL helper (`server-urls` in
// oapi-codegen.yaml) with each variable's default, both named after the server's description.

func defaultCallsURL() string {
	url, err := calls.NewServerUrlCallsAPI(
		calls.ServerUrlCallsAPIAppIdVariableDefault,
		calls.ServerUrlCallsAPIRegionVariableDefault,
		calls.ServerUrlCallsAPIServiceDomainVariableDefault,
	)
	must(err)
	return url
}

func defaultChatURL() string {
	url, err := chat.NewServerUrlChatAPI(
		chat.ServerUrlChatAPIAppIdVariableDefault,
		chat.ServerUrlChatAPIRegionVariableDefault,
		chat.ServerUrlChatAPIServiceDomainVariableDefault,
	)
	must(err)
	return url
}

func defaultManagementURL() string {
	url, err := management.NewServerUrlManagementAPI(
		management.ServerUrlManagementAPIManagementHostVariableDefault,
	)
	must(err)
	return url
}
