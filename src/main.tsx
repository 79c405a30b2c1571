import './app/global.css';
import { bootstrap } from './app/bootstrap.ts';
import { startApp } from './app/start.ts';
import { startTheme } from './shared/ui/theme.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
startTheme();

// No top-level await here: a module graph with one disables Rolldown's chunk optimisations (common
// chunks merged into the entry), which split the start into 30 tiny files, each a round trip on a phone.
// The built index.html runs this module only after its static app shell has painted (scripts/lib/first-paint.ts).
// The renderer (React DOM and the app's tree, ./app/render.tsx) is its own chunk, evaluated while the start waits for the network.
void startApp(root, bootstrap, () => import('./app/render.tsx'));
