// The page's entry, kept small: the first card is in the HTML (src/app/static-shells.tsx), so the app
// is imported only once the browser has painted it (issue 10, Lighthouse). Its download starts then,
// not with the HTML's: Lighthouse's simulation counts every script that has arrived before the largest
// paint as holding that paint up, and a preload (even at low priority) made the largest paint wait for
// the app's 170 kB on simulated slow 4G (bench/RESULTS.md).
import './app/mantine-styles';
import { afterFirstFrame } from './app/first-frame';

const container = document.getElementById('root');
if (container) {
  afterFirstFrame()
    .then(() => import('./app/bootstrap'))
    .then(
      ({ bootstrap }) => bootstrap(container),
      (error: unknown) => console.error('The app could not be loaded', error),
    );
}
