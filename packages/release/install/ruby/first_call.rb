# A first call through the installed chatplatform_client gem: Get Call on the Calls host with the
# REST API key, List apps on the management API with its key and secret, both at the mock.
require 'json'
require 'uri'
require 'chatplatform_client'

def client(base)
  url = URI(base)
  ChatplatformClient::ApiClient.new(ChatplatformClient::Configuration.new do |c|
    c.api_key = {
      'apikey' => ENV.fetch('CHATPLATFORM_API_KEY'),
      'key' => ENV.fetch('CHATPLATFORM_MANAGEMENT_KEY'),
      'secret' => ENV.fetch('CHATPLATFORM_MANAGEMENT_SECRET')
    }
    c.scheme = url.scheme
    c.host = "#{url.host}:#{url.port}"
    c.base_path = url.path
    c.ignore_operation_servers = true
  end)
end

mock = ENV.fetch('CHATPLATFORM_MOCK_URL')
call = ChatplatformClient::CallsApi.new(client("#{mock}/v3")).get_call(ENV.fetch('CHATPLATFORM_SESSION_ID'))
ChatplatformClient::ManagementAPIApi.new(client(mock)).list_apps
puts JSON.generate({ sessionId: call.data[0].session_id, apps: true })
