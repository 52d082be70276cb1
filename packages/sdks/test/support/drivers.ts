// How to run each language's smoke driver (smoke/<lang>), built by scripts/build.mjs, and which
// error type its client raises for a 400. `proxyUrl` is the test's server that records where a
// client left on its default https servers would go (CONNECT).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { SHORT_JVM_RUN } from '../../scripts/lib/jvm.mjs';
import { generatedDir, rustDriver, smokeDir } from '../../scripts/lib/paths.mjs';
import { MissingToolchainError, requireTool, requireVenvTool } from '../../scripts/lib/toolchain.mjs';

export interface DriverStep {
  step: string;
  result: any;
}

interface Driver {
  command(proxyUrl: string): { command: string; args: string[]; cwd: string; env: NodeJS.ProcessEnv };
  /** The client's error type for a 400 answer, as the driver names it. */
  apiError: string;
}

function built(path: string, lang: string): string {
  try {
    readFileSync(path);
  } catch {
    throw new MissingToolchainError(
      `${path} is missing: the ${lang} smoke driver is not built. Run \`pnpm turbo run build --filter=@chatplatform/sdks\`.`,
    );
  }
  return path;
}

/** A JVM driver run with plain `java` on the classpath its Maven build wrote (target/classpath.txt). */
function jvmDriver(lang: string, mainClass: string, proxyUrl: string) {
  const target = join(smokeDir(lang), 'target');
  const classpath = readFileSync(built(join(target, 'classpath.txt'), lang), 'utf8').trim();
  const proxy = new URL(proxyUrl);
  return {
    command: requireTool('java'),
    args: [
      ...SHORT_JVM_RUN,
      // OkHttp follows the JVM's proxy settings; https.* covers the https defaults only.
      `-Dhttps.proxyHost=${proxy.hostname}`,
      `-Dhttps.proxyPort=${proxy.port}`,
      '-cp',
      `${join(target, 'classes')}:${classpath}`,
      mainClass,
    ],
    cwd: smokeDir(lang),
    env: {},
  };
}

const rubyClientEntry = join(generatedDir('ruby'), 'lib', 'chatplatform_client.rb');
const phpClientEntry = join(generatedDir('php'), 'lib', 'Configuration.php');

const noProxyOverride = { NO_PROXY: '', no_proxy: '' };

export const DRIVERS: Record<string, Driver> = {
  python: {
    command: () => ({
      command: requireVenvTool('python'),
      args: [join(smokeDir('python'), 'smoke_driver.py')],
      cwd: smokeDir('python'),
      env: {},
    }),
    apiError: 'BadRequestException',
  },
  go: {
    command: (proxyUrl) => ({
      command: requireTool('go'),
      args: ['run', './driver'],
      cwd: smokeDir('go'),
      // net/http's default transport reads the proxy from the environment; https defaults only.
      env: { ...noProxyOverride, HTTPS_PROXY: proxyUrl, HTTP_PROXY: '' },
    }),
    apiError: 'GenericOpenAPIError',
  },
  java: {
    command: (proxyUrl) => jvmDriver('java', 'com.chatplatform.smoke.SmokeDriver', proxyUrl),
    apiError: 'ApiException',
  },
  rust: {
    command: (proxyUrl) => ({
      command: built(rustDriver.path, 'rust'),
      args: [],
      cwd: smokeDir('rust'),
      // reqwest reads the system proxy from the environment; it applies to the https defaults only.
      env: { ...noProxyOverride, HTTPS_PROXY: proxyUrl, HTTP_PROXY: '', ALL_PROXY: '' },
    }),
    apiError: 'ResponseError',
  },
  kotlin: {
    command: (proxyUrl) => jvmDriver('kotlin', 'com.chatplatform.smoke.SmokeKt', proxyUrl),
    apiError: 'ClientException',
  },
  ruby: {
    command: (proxyUrl) => ({
      // The generated sources as they are (no gem install: RubyGems is not reachable); Typhoeus is Debian's.
      command: requireTool('ruby'),
      args: ['-I', dirname(built(rubyClientEntry, 'ruby')), join(smokeDir('ruby'), 'smoke_driver.rb')],
      cwd: smokeDir('ruby'),
      // Typhoeus runs libcurl, which reads the proxy from the environment; https defaults only.
      env: { ...noProxyOverride, HTTPS_PROXY: proxyUrl, https_proxy: proxyUrl, http_proxy: '', ALL_PROXY: '' },
    }),
    apiError: 'ApiError',
  },
  php: {
    command: () => {
      // Checked before PHP runs, so that a client never generated fails as unbuilt.
      built(phpClientEntry, 'php');
      return {
        // smoke/php/autoload.php loads the generated sources and Debian's Guzzle (no Composer).
        command: requireTool('php'),
        args: [join(smokeDir('php'), 'smoke_driver.php')],
        cwd: smokeDir('php'),
        // The driver gives Guzzle its HTTPS proxy; none is taken from the environment.
        env: { ...noProxyOverride, HTTPS_PROXY: '', HTTP_PROXY: '' },
      };
    },
    apiError: 'ApiException',
  },
};
