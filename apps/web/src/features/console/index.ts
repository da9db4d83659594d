// Issue 15: the superuser console, its own lazily loaded route (src/app/router.tsx).
export { ConsolePage } from './console-page';
