<?php
// Runs many PHP samples in one interpreter, so the generated client is autoloaded and compiled once,
// not once per sample. Started as `php -d auto_prepend_file=<the client's autoload.php> php_host.php`.
// One JSON request a line on stdin ({"check"} or {"file", "env"}), one JSON answer a line on file
// descriptor 3 ({"status", "stdout", "stderr"}), which nothing a sample prints can garble. "check"
// parses a file as `php -l` would; "file" includes it inside a function of its own (its variables end
// with it) with exactly that environment (getenv sees no other variable), its output (PHP's output
// buffer: echo, print) and its warnings captured; an uncaught Throwable gives the status and text
// `php sample.php` would. A sample that calls exit or die runs as `php sample.php` in a process of
// its own, since exit would end the host. What a sample leaves in static state (the client's default
// Configuration) stays for the next. A fatal error that is no Throwable (memory exhausted; a named
// function or class declared again, by a second run of its sample or by another) ends the host: that
// request fails with PHP's message, and the next starts a fresh host.
declare(strict_types=1);

/** The non-fatal errors this host reports itself, by PHP's name for each; a fatal one stays PHP's. */
const LABELS = [
    E_WARNING => 'Warning',
    E_USER_WARNING => 'Warning',
    E_NOTICE => 'Notice',
    E_USER_NOTICE => 'Notice',
    E_DEPRECATED => 'Deprecated',
    E_USER_DEPRECATED => 'Deprecated',
];

function answer(int $status, string $stdout, string $stderr): array
{
    return ['status' => $status, 'stdout' => $stdout, 'stderr' => $stderr];
}

/**
 * As `php -l`. The parser alone, not the compiler: a compile-time error `php -l` reports too
 * (`break` outside a loop, a parameter named twice) passes here and fails the sample's run instead.
 */
function check(string $file): array
{
    if (!is_file($file)) {
        return answer(1, "Could not open input file: $file\n", '');
    }
    try {
        token_get_all(file_get_contents($file), TOKEN_PARSE);
    } catch (ParseError $e) {
        // Logged and/or displayed as this php.ini has the CLI do it, then php -l's own line.
        $stderr = '';
        ob_start();
        report('Parse error', $e->getMessage(), $file, $e->getLine(), $stderr);
        return answer(255, ob_get_clean() . "Errors parsing $file\n", $stderr);
    }
    return answer(0, "No syntax errors detected in $file\n", '');
}

/** Exactly `$env` in the process environment, which getenv() and child processes read. */
function useEnvironment(array $env): void
{
    foreach (array_keys(getenv()) as $name) {
        if (!array_key_exists($name, $env)) {
            putenv((string) $name);
        }
    }
    foreach ($env as $name => $value) {
        putenv("$name=$value");
    }
}

/** A message as this php.ini has the CLI write it: logged to stderr, and/or displayed. */
function report(string $label, string $message, string $file, int $line, string &$stderr): void
{
    if (ini_get('log_errors')) {
        $stderr .= "PHP $label:  $message in $file on line $line\n";
    }
    $display = ini_get('display_errors');
    $shown = PHP_EOL . "$label: $message in $file on line $line" . PHP_EOL;
    if ($display === 'stderr') {
        $stderr .= $shown;
    } elseif (filter_var($display, FILTER_VALIDATE_BOOL)) {
        echo $shown;
    }
}

/** An uncaught Throwable's stack trace without this host's frames, numbered as `php sample.php` numbers it. */
function withoutHostFrames(string $trace): string
{
    $lines = [];
    $frame = 0;
    foreach (explode("\n", $trace) as $line) {
        if ($line === 'Stack trace:') {
            $frame = 0;
        }
        if (!preg_match('/^#\d+ (.*)$/', $line, $match)) {
            $lines[] = $line;
        } elseif (!str_starts_with($match[1], __FILE__ . '(')) {
            $lines[] = '#' . $frame++ . " $match[1]";
        }
    }
    return implode("\n", $lines);
}

/** As `php sample.php` reports it: a file that does not compile by its error, anything else as "Uncaught". */
function reportUncaught(Throwable $e, string &$stderr): void
{
    [$label, $message] = match ($e::class) {
        ParseError::class => ['Parse error', $e->getMessage()],
        CompileError::class => ['Fatal error', $e->getMessage()],
        default => ['Fatal error', withoutHostFrames("Uncaught $e") . "\n  thrown"],
    };
    report($label, $message, $e->getFile(), $e->getLine(), $stderr);
}

function callsExit(string $file): bool
{
    foreach (token_get_all(file_get_contents($file)) as $token) {
        if (is_array($token) && $token[0] === T_EXIT) {
            return true;
        }
    }
    return false;
}

/** `php sample.php` itself, with the autoload this host was given and exactly `$env`. */
function runAlone(string $file, array $env): array
{
    [$stdout, $stderr] = [tmpfile(), tmpfile()];
    $command = [PHP_BINARY, '-d', 'auto_prepend_file=' . ini_get('auto_prepend_file'), $file];
    $process = proc_open($command, [['file', '/dev/null', 'r'], $stdout, $stderr], $pipes, null, $env);
    $status = proc_close($process);
    return answer($status, contents($stdout), contents($stderr));
}

/**
 * All a child wrote to a temporary file. Rewound first: the child moved the shared offset to the end,
 * and PHP, at 0 to its own knowledge, would not seek for stream_get_contents' offset 0.
 */
function contents($file): string
{
    rewind($file);
    return stream_get_contents($file);
}

function run(string $file, array $env): array
{
    if (!is_file($file)) {
        return answer(1, "Could not open input file: $file\n", '');
    }
    useEnvironment($env);
    if (callsExit($file)) {
        return runAlone($file, $env);
    }
    [$level, $stderr, $status] = [ob_get_level(), '', 0];
    ob_start();
    set_error_handler(static function (int $type, string $message, string $at, int $line) use (&$stderr): bool {
        if (error_reporting() & $type) {
            report(LABELS[$type], $message, $at, $line, $stderr);
        }
        return true;
    }, array_sum(array_keys(LABELS))); // distinct bits: their sum is their union
    try {
        // Not a parameter: no variable of this host's is in the sample's scope.
        (static function (): void {
            include func_get_arg(0);
        })($file);
    } catch (Throwable $e) {
        $status = 255;
        reportUncaught($e, $stderr);
    } finally {
        restore_error_handler();
    }
    while (ob_get_level() > $level + 1) {
        ob_end_flush(); // the sample's own buffers, into this host's
    }
    return answer($status, (string) ob_get_clean(), $stderr);
}

$channel = fopen('php://fd/3', 'w');
while (($line = fgets(STDIN)) !== false) {
    $request = json_decode($line, true, 512, JSON_THROW_ON_ERROR);
    $answer = isset($request['check']) ? check($request['check']) : run($request['file'], $request['env']);
    fwrite($channel, json_encode($answer, JSON_THROW_ON_ERROR | JSON_INVALID_UTF8_SUBSTITUTE) . "\n");
    fflush($channel);
}
