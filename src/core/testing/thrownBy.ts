/** The error `action` throws, so a test can assert its code, details and wording with a readable diff. */
export function thrownBy(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error("expected the action to throw, and it returned");
}
