// Every JVM the release starts (Maven and what it compiles, the first-call programs) runs for
// seconds: with the client compiler (C1) alone it spends far less CPU than with the optimizing
// one, whose work a run this short never wins back (the Kotlin jar's `mvn package`: 27 CPU
// seconds, 15 with C1 alone). What the JVM computes is the same, so the jars' bytes are too.
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
