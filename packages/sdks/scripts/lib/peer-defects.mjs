// Where a peer generator is wrong and the spec cannot help: the check it fails (a test title of
// test/peer-generators.test.ts), the tool's own issue, and what its users do instead. The test
// expects these checks to fail; scripts/matrix.mjs shows each as "no" with the issue.
export const PEER_DEFECTS = [];

/** The known defect of a tool for a check, if any. */
export function knownDefect(tool, check) {
  return PEER_DEFECTS.find((defect) => defect.tool === tool && defect.checks.includes(check));
}
