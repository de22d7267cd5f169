/** Paths the service worker leaves to the network: the API answers live, and the app keeps its own data (IndexedDB). */
export const NOT_FROM_APP_SHELL = [/^\/api(\/|$)/];
