<?php
// The package's own autoloader, for projects without Composer: it loads the client's namespace
// PSR-4 from lib/, as composer.json declares it. Guzzle 7 and PSR-7 come from your autoloader
// (Composer's vendor/autoload.php, or a system package's, such as Debian's GuzzleHttp/autoload.php).
declare(strict_types=1);

spl_autoload_register(static function (string $class): void {
    $prefix = 'ChatPlatform\\Client\\';
    if (!str_starts_with($class, $prefix)) {
        return;
    }
    $file = __DIR__ . '/lib/' . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
    if (is_file($file)) {
        require $file;
    }
});
