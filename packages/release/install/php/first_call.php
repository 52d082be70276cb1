<?php
// A first call through the released PHP package, loaded by its own autoload.php (Guzzle from
// Debian's autoloader): Get Call on the Calls host with the REST API key, List apps on the
// management API with its key and secret, both at the mock (each API's URL at the mock and each
// key's header come from the environment, as the install test reads them from the spec).
declare(strict_types=1);

require 'GuzzleHttp/autoload.php';
require getenv('CHATPLATFORM_PACKAGE_DIR') . '/autoload.php';

use ChatPlatform\Client\Api\CallsApi;
use ChatPlatform\Client\Api\ManagementAPIApi;
use ChatPlatform\Client\Configuration;
use GuzzleHttp\Client;

$config = new Configuration();
foreach (['CHATPLATFORM_API_KEY', 'CHATPLATFORM_MANAGEMENT_KEY', 'CHATPLATFORM_MANAGEMENT_SECRET'] as $name) {
    $config->setApiKey(getenv($name . '_HEADER'), getenv($name));
}
// Get Call and List apps have servers of their own: each API answers them with the mock's address.
$calls = new class (new Client(), $config, getenv('CHATPLATFORM_CALLS_URL')) extends CallsApi {
    public function __construct(Client $http, Configuration $config, private string $url)
    {
        parent::__construct($http, $config);
    }

    protected function getHostSettingsForgetCall(): array
    {
        return [['url' => $this->url, 'variables' => []]];
    }
};
$management = new class (new Client(), $config, getenv('CHATPLATFORM_MANAGEMENT_URL')) extends ManagementAPIApi {
    public function __construct(Client $http, Configuration $config, private string $url)
    {
        parent::__construct($http, $config);
    }

    protected function getHostSettingsForlistApps(): array
    {
        return [['url' => $this->url, 'variables' => []]];
    }
};
$call = $calls->getCall(getenv('CHATPLATFORM_SESSION_ID'));
$management->listApps();
echo json_encode(['sessionId' => $call->getData()[0]->getSessionId(), 'apps' => true]), "\n";
