// The one export of @chatplatform/sdks/paths the release uses, typed here: that module is JavaScript
// checked without noImplicitAny in its own package, and the release's strict check would otherwise
// report its unannotated parameters (tsconfig.json's `paths` points the import here for tsc only).
/** The generated client of `lang` (go, java, kotlin, php, python, ruby, rust). */
export function generatedDir(lang: string): string;
