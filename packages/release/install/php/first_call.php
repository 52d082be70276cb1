<?php
// A first call through the released PHP package, loaded by its own autoload.php (Guzzle from
// Debian's autoloader): Get Call on the Calls host with the REST API key, List apps on the
// management API with its key and secret, both at the mock.
declare(strict_types=1);

require 'GuzzleHttp/autoload.php';
require getenv('CHATPLATFORM_PACKAGE_DIR') . '/autoload.php';

use ChatPlatform\Client\Api\CallsApi;
use ChatPlatform\Client\Api\ManagementAPIApi;
use ChatPlatform\Client\Configuration;
use GuzzleHttp\Client;

$mock = getenv('CHATPLATFORM_MOCK_URL');
$config = (new Configuration())
    ->setApiKey('apikey', getenv('CHATPLATFORM_API_KEY'))
    ->setApiKey('key', getenv('CHATPLATFORM_MANAGEMENT_KEY'))
    ->setApiKey('secret', getenv('CHATPLATFORM_MANAGEMENT_SECRET'));
// Get Call and List apps have servers of their own: each API answers them with the mock's address.
$calls = new class (new Client(), $config, $mock) extends CallsApi {
    public function __construct(Client $http, Configuration $config, private string $mock)
    {
        parent::__construct($http, $config);
    }

    protected function getHostSettingsForgetCall(): array
    {
        return [['url' => $this->mock . '/v3', 'variables' => []]];
    }
};
$management = new class (new Client(), $config, $mock) extends ManagementAPIApi {
    public function __construct(Client $http, Configuration $config, private string $mock)
    {
        parent::__construct($http, $config);
    }

    protected function getHostSettingsForlistApps(): array
    {
        return [['url' => $this->mock, 'variables' => []]];
    }
};
$call = $calls->getCall(getenv('CHATPLATFORM_SESSION_ID'));
$management->listApps();
echo json_encode(['sessionId' => $call->getData()[0]->getSessionId(), 'apps' => true]), "\n";
