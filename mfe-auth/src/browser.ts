/** Full-page navigation (sign-in leaves the app for the org's login page). Replaceable in tests. */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
