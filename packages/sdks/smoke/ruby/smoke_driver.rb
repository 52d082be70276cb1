# Smoke driver of the generated Ruby client (ChatplatformClient, loaded with
# `ruby -I generated/ruby/lib`; its HTTP library, Typhoeus, is Debian's ruby-typhoeus).
#
# Runs the smoke steps (see test/e2e/driver-smoke.test.ts) and prints one JSON line per step. The test
# starts the servers and passes their addresses and the credentials in the environment.
require 'json'
require 'uri'
require 'chatplatform_client'

def env(name)
  value = ENV.fetch(name, '')
  abort "#{name} is not set: run this through test/e2e/driver-smoke.test.ts" if value.empty?
  value
end

# With a base URL, every operation goes there (the test servers answer every path); without one,
# the generated defaults stay, operation servers included.
def client(base = nil)
  config = ChatplatformClient::Configuration.new do |c|
    # Keyed by header name: the generated auth settings read `apikey`, `key` and `secret`.
    c.api_key = {
      'apikey' => env('CHATPLATFORM_API_KEY'),
      'key' => env('CHATPLATFORM_MANAGEMENT_KEY'),
      'secret' => env('CHATPLATFORM_MANAGEMENT_SECRET')
    }
    if base
      url = URI(base)
      c.scheme = url.scheme
      c.host = "#{url.host}:#{url.port}"
      c.base_path = url.path
      c.ignore_operation_servers = true
    end
  end
  ChatplatformClient::ApiClient.new(config)
end

def emit(step, result)
  $stdout.puts JSON.generate({ step: step, result: result })
  $stdout.flush
end

def error_kind(error)
  if error.is_a?(ChatplatformClient::ApiError)
    { type: error.class.name.split('::').last, status: error.code }
  else
    { type: error.class.name, message: error.message }
  end
end

# The test reads which kind of error each step raised.
def attempt
  [yield, nil]
rescue StandardError => e
  [nil, error_kind(e)]
end

def typed(call)
  first = call.participants[0]
  {
    initiatedAt: call.initiated_at,
    totalAudioMinutes: call.total_audio_minutes,
    endedAt: call.ended_at,
    participantDeviceId: first.device_id,
    participantJoinedAt: first.joined_at
  }
end

def records(api)
  env('CHATPLATFORM_RECORD_IDS').split(',').each do |id|
    response, error = attempt { ChatplatformClient::CallsApi.new(api).get_call(id) }
    next emit('record', { id: id, error: error }) if error

    call = response.data[0]
    emit('record', { id: id, record: call.to_hash, typed: typed(call) })
  end
end

def default_hosts
  # No base given: the test's server, as the HTTPS proxy (HTTPS_PROXY, read by libcurl), sees where
  # each request goes.
  defaults = client
  {
    'get-call' => -> { ChatplatformClient::CallsApi.new(defaults).get_call('default-host') },
    'list-apps' => -> { ChatplatformClient::ManagementAPIApi.new(defaults).list_apps },
    'list-users' => -> { ChatplatformClient::UsersApi.new(defaults).list_users }
  }.each { |operation, request| emit('default-host', { operation: operation, error: attempt(&request)[1] }) }
end

# The auth-token flow plus Get Call against the mock (spec/arazzo/auth-token-flow.arazzo.yaml).
def scenario
  mock = client(env('CHATPLATFORM_MOCK_URL'))
  uid = env('CHATPLATFORM_ON_BEHALF_OF')
  _, users_error = attempt { ChatplatformClient::UsersApi.new(mock).list_users }
  _, token_error = attempt { ChatplatformClient::AuthTokensApi.new(mock).create_auth_token(uid) }
  response, call_error = attempt do
    ChatplatformClient::CallsApi.new(mock).get_call(env('CHATPLATFORM_SESSION_ID'), on_behalf_of: uid)
  end
  call = response&.data&.first
  emit('scenario', {
         listUsers: users_error.nil?,
         createAuthToken: token_error.nil?,
         getCall: call_error ? { error: call_error } : { sessionId: call.session_id, participants: call.participants.map(&:uid) }
       })
end

fixtures = client(env('CHATPLATFORM_FIXTURE_URL'))
records(fixtures)
_, error = attempt { ChatplatformClient::CallsApi.new(fixtures).get_call(env('CHATPLATFORM_BAD_REQUEST_ID')) }
emit('bad-request', error)
_, error = attempt { ChatplatformClient::ManagementAPIApi.new(fixtures).list_apps }
emit('management', { ok: error.nil? })
default_hosts
scenario
