<?php
// Smoke driver of the generated PHP client (ChatPlatform\Client, loaded by autoload.php beside
// Debian's Guzzle).
//
// Runs the smoke steps (see test/e2e/driver-smoke.test.ts) and prints one JSON line per step. The test
// starts the servers and passes their addresses and the credentials in the environment.
declare(strict_types=1);

require __DIR__ . '/autoload.php';

use ChatPlatform\Client\Api\AuthTokensApi;
use ChatPlatform\Client\Api\CallsApi;
use ChatPlatform\Client\Api\ManagementAPIApi;
use ChatPlatform\Client\Api\UsersApi;
use ChatPlatform\Client\ApiException;
use ChatPlatform\Client\Configuration;
use ChatPlatform\Client\Model\Call;
use ChatPlatform\Client\ObjectSerializer;
use GuzzleHttp\Client;

function env(string $name): string
{
    $value = getenv($name);
    if ($value === false || $value === '') {
        fwrite(STDERR, "$name is not set: run this through test/e2e/driver-smoke.test.ts\n");
        exit(1);
    }
    return $value;
}

/** The three credentials, keyed by header name as the generated operations read them. */
function configuration(?string $base): Configuration
{
    $config = (new Configuration())
        ->setApiKey('apikey', env('CHATPLATFORM_API_KEY'))
        ->setApiKey('key', env('CHATPLATFORM_MANAGEMENT_KEY'))
        ->setApiKey('secret', env('CHATPLATFORM_MANAGEMENT_SECRET'));
    return $base === null ? $config : $config->setHost($base);
}

/**
 * The APIs of one client. With a base URL every operation goes there (the test servers answer every
 * path): Configuration's host serves the operations without servers of their own, and Get Call and
 * List apps get the base as their only server, which is what getHostSettingsFor<operation> returns.
 * Without a base the generated defaults stay, operation servers included.
 */
function apis(?string $base, array $guzzleOptions = []): array
{
    $config = configuration($base);
    $http = new Client($guzzleOptions);
    $servers = $base === null ? null : [['url' => $base, 'variables' => []]];
    $calls = $servers === null ? new CallsApi($http, $config) : new class ($http, $config, $servers) extends CallsApi {
        public function __construct(Client $http, Configuration $config, private array $servers)
        {
            parent::__construct($http, $config);
        }

        protected function getHostSettingsForgetCall(): array
        {
            return $this->servers;
        }
    };
    $management = $servers === null ? new ManagementAPIApi($http, $config) : new class ($http, $config, $servers) extends ManagementAPIApi {
        public function __construct(Client $http, Configuration $config, private array $servers)
        {
            parent::__construct($http, $config);
        }

        protected function getHostSettingsForlistApps(): array
        {
            return $this->servers;
        }
    };
    return [
        'calls' => $calls,
        'management' => $management,
        'users' => new UsersApi($http, $config),
        'authTokens' => new AuthTokensApi($http, $config),
    ];
}

function emit(string $step, mixed $result): void
{
    echo json_encode(['step' => $step, 'result' => $result], JSON_THROW_ON_ERROR | JSON_UNESCAPED_SLASHES | JSON_PRESERVE_ZERO_FRACTION), "\n";
}

function errorKind(Throwable $error): array
{
    $type = (new ReflectionClass($error))->getShortName();
    if ($error instanceof ApiException) {
        return ['type' => $type, 'status' => $error->getCode()];
    }
    return ['type' => get_class($error), 'message' => $error->getMessage()];
}

/** [result, null] or [null, the kind of error]: the test reads which kind each step raised. */
function attempt(callable $request): array
{
    try {
        return [$request(), null];
    } catch (Throwable $error) {
        return [null, errorKind($error)];
    }
}

function typed(Call $call): array
{
    $first = $call->getParticipants()[0];
    return [
        'initiatedAt' => $call->getInitiatedAt(),
        'totalAudioMinutes' => $call->getTotalAudioMinutes(),
        'endedAt' => $call->getEndedAt(),
        'participantDeviceId' => $first->getDeviceId(),
        'participantJoinedAt' => $first->getJoinedAt(),
    ];
}

function records(CallsApi $calls): void
{
    foreach (explode(',', env('CHATPLATFORM_RECORD_IDS')) as $id) {
        [$response, $error] = attempt(fn () => $calls->getCall($id));
        if ($error !== null) {
            emit('record', ['id' => $id, 'error' => $error]);
            continue;
        }
        $call = $response->getData()[0];
        // The record as the client re-encodes it, with its own serializer.
        emit('record', ['id' => $id, 'record' => ObjectSerializer::sanitizeForSerialization($call), 'typed' => typed($call)]);
    }
}

function defaultHosts(): void
{
    // No base given: the test's server, as Guzzle's HTTPS proxy, sees where each request goes.
    $defaults = apis(null, ['proxy' => ['https' => env('CHATPLATFORM_FIXTURE_URL')]]);
    $requests = [
        'get-call' => fn () => $defaults['calls']->getCall('default-host'),
        'list-apps' => fn () => $defaults['management']->listApps(),
        'list-users' => fn () => $defaults['users']->listUsers(),
    ];
    foreach ($requests as $operation => $request) {
        emit('default-host', ['operation' => $operation, 'error' => attempt($request)[1]]);
    }
}

/** The auth-token flow plus Get Call against the mock (spec/arazzo/auth-token-flow.arazzo.yaml). */
function scenario(): void
{
    $mock = apis(env('CHATPLATFORM_MOCK_URL'));
    $uid = env('CHATPLATFORM_ON_BEHALF_OF');
    [, $usersError] = attempt(fn () => $mock['users']->listUsers());
    [, $tokenError] = attempt(fn () => $mock['authTokens']->createAuthToken($uid));
    [$response, $callError] = attempt(fn () => $mock['calls']->getCall(env('CHATPLATFORM_SESSION_ID'), $uid));
    $call = $response?->getData()[0];
    emit('scenario', [
        'listUsers' => $usersError === null,
        'createAuthToken' => $tokenError === null,
        'getCall' => $callError !== null ? ['error' => $callError] : [
            'sessionId' => $call->getSessionId(),
            'participants' => array_map(fn ($participant) => $participant->getUid(), $call->getParticipants()),
        ],
    ]);
}

$fixtures = apis(env('CHATPLATFORM_FIXTURE_URL'));
records($fixtures['calls']);
[, $error] = attempt(fn () => $fixtures['calls']->getCall(env('CHATPLATFORM_BAD_REQUEST_ID')));
emit('bad-request', $error);
[, $error] = attempt(fn () => $fixtures['management']->listApps());
emit('management', ['ok' => $error === null]);
defaultHosts();
scenario();
