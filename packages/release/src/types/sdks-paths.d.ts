// The exports of @chatplatform/sdks/paths the release uses, typed here: that module is JavaScript
// checked without noImplicitAny in its own package, and the release's strict check would otherwise
// report its unannotated parameters (tsconfig.json's `paths` points the import here for tsc only).
/** The generated client of `lang` (go, java, kotlin, php, python, ruby, rust). */
export function generatedDir(lang: string): string;
/** The Go module path of a release (`/vN` at its end from v2 on); the bundled spec's version by default. */
export function goModulePath(version?: string): string;
