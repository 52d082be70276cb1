// The JVMs the repository starts for the clients (OpenAPI Generator, Maven and what it compiles,
// javac, Kotlin's compiler, the smoke drivers, the docs' and the release's sample programs) run
// for seconds. With the client compiler (C1) alone such a run spends far less CPU than with the
// optimizing one (C2), whose work it never wins back: the generator about 40% less, the Kotlin
// jar's `mvn package` 27 CPU seconds against 15. What the JVM computes is the same, so generated
// sources and built jars are byte for byte the same.
export const SHORT_JVM_RUN = ['-XX:TieredStopAtLevel=1'];

/**
 * The environment for `mvn`: MAVEN_OPTS with the option above first, so that one the caller's
 * environment sets wins.
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {NodeJS.ProcessEnv}
 */
export function mavenEnv(env = process.env) {
  return { ...env, MAVEN_OPTS: [...SHORT_JVM_RUN, env.MAVEN_OPTS].filter(Boolean).join(' ') };
}
