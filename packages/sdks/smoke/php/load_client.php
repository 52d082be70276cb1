<?php
// Run by scripts/build.mjs: loads every class of the generated PHP client through autoload.php
// (so each file parses and sits where its namespace says) and prints its user agent, which carries
// the client's version.
declare(strict_types=1);

require __DIR__ . '/autoload.php';

$files = new RecursiveIteratorIterator(new RecursiveDirectoryIterator(CHATPLATFORM_CLIENT_LIB, FilesystemIterator::SKIP_DOTS));
foreach ($files as $file) {
    $relative = substr($file->getPathname(), strlen(CHATPLATFORM_CLIENT_LIB), -strlen('.php'));
    $class = CHATPLATFORM_CLIENT_NAMESPACE . str_replace('/', '\\', $relative);
    if (!class_exists($class) && !interface_exists($class)) {
        fwrite(STDERR, "$class (generated/php/lib/$relative.php) does not load.\n");
        exit(1);
    }
}
echo (new ChatPlatform\Client\Configuration())->getUserAgent();
