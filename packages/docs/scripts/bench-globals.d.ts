// What scripts/bench-docs.mjs records in the page it times (set by its init script, read back).
interface Window {
  /** The frame time at which Get Call's heading was first in the viewport. */
  __visibleAt?: number;
  /** The frame time at which Redoc had hydrated the page (its sidebar logo is drawn). */
  __hydratedAt?: number;
}
