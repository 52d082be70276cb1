<?php
// Loads the generated PHP client without Composer (Packagist is not reachable from the build
// machines): Guzzle 7 and PSR-7 through the autoload files Debian installs on PHP's include path
// (php-guzzlehttp-guzzle, php-guzzlehttp-psr7), and the client's own namespace, PSR-4 as its
// composer.json declares it, from generated/php/lib.
declare(strict_types=1);

if (!(@include_once 'GuzzleHttp/autoload.php')) {
    fwrite(STDERR, "Guzzle's autoload file is not on PHP's include path: run `bash scripts/setup.sh` (php-guzzlehttp-guzzle).\n");
    exit(1);
}

const CHATPLATFORM_CLIENT_NAMESPACE = 'ChatPlatform\\Client\\';
define('CHATPLATFORM_CLIENT_LIB', dirname(__DIR__, 2) . '/generated/php/lib/');

if (!is_dir(CHATPLATFORM_CLIENT_LIB)) {
    fwrite(STDERR, CHATPLATFORM_CLIENT_LIB . " is missing: run `pnpm turbo run build --filter=@chatplatform/sdks`.\n");
    exit(1);
}

spl_autoload_register(function (string $class): void {
    if (!str_starts_with($class, CHATPLATFORM_CLIENT_NAMESPACE)) {
        return;
    }
    $relative = substr($class, strlen(CHATPLATFORM_CLIENT_NAMESPACE));
    $file = CHATPLATFORM_CLIENT_LIB . str_replace('\\', '/', $relative) . '.php';
    if (is_file($file)) {
        require $file;
    }
});
