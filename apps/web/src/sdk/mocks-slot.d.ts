// The slot vite.config.ts puts in place of the store's import of its mock actions.
declare module 'virtual:brizo-sdk-mocks-slot' {
  export function installMockActions(buildMockActions: (...args: never[]) => unknown): void;
}
