# A first call through the installed chatplatform_client gem: Get Call on the Calls host with the
# REST API key, List apps on the management API with its key and secret, both at the mock (each
# API's URL at the mock and each key's header come from the environment, as the install test reads
# them from the spec).
require 'json'
require 'uri'
require 'chatplatform_client'

def client(base)
  url = URI(base)
  ChatplatformClient::ApiClient.new(ChatplatformClient::Configuration.new do |c|
    c.api_key = %w[CHATPLATFORM_API_KEY CHATPLATFORM_MANAGEMENT_KEY CHATPLATFORM_MANAGEMENT_SECRET].to_h do |name|
      [ENV.fetch("#{name}_HEADER"), ENV.fetch(name)]
    end
    c.scheme = url.scheme
    c.host = "#{url.host}:#{url.port}"
    c.base_path = url.path
    c.ignore_operation_servers = true
  end)
end

call = ChatplatformClient::CallsApi.new(client(ENV.fetch('CHATPLATFORM_CALLS_URL'))).get_call(ENV.fetch('CHATPLATFORM_SESSION_ID'))
ChatplatformClient::ManagementAPIApi.new(client(ENV.fetch('CHATPLATFORM_MANAGEMENT_URL'))).list_apps
puts JSON.generate({ sessionId: call.data[0].session_id, apps: true })
