// Editing mode only (scripts/dev adds this script to every page it builds): listens to the
// server's /next/_site/live events. A new build reloads the page; a problem (a content error,
// a build the server refused) is shown over the page, which stays the last good version.
const tag = document.querySelector<HTMLScriptElement>('script[data-live-reload]');
const words = { title: tag?.dataset.title ?? '', hint: tag?.dataset.hint ?? '' };

let build: string | undefined;
let overlay: HTMLElement | undefined;

function showProblem(text: string) {
  overlay?.remove();
  const box = document.createElement('section');
  box.setAttribute('role', 'alert');
  box.setAttribute('aria-labelledby', 'live-reload-title');
  box.dataset.liveReloadProblem = '';
  // CSSOM writes, not a style attribute: the pages' Content-Security-Policy allows these.
  Object.assign(box.style, {
    position: 'fixed',
    inset: '1rem',
    zIndex: '2147483647',
    overflow: 'auto',
    padding: '1.5rem',
    background: '#1d1f24',
    color: '#f5f5f5',
    border: '4px solid #e5484d',
    borderRadius: '8px',
    font: '15px/1.6 system-ui, sans-serif',
  });
  const heading = document.createElement('h2');
  heading.id = 'live-reload-title';
  heading.textContent = words.title;
  const hint = document.createElement('p');
  hint.textContent = words.hint;
  const details = document.createElement('pre');
  details.textContent = text;
  Object.assign(details.style, { whiteSpace: 'pre-wrap', font: '14px/1.5 monospace' });
  box.append(heading, hint, details);
  document.body.append(box);
  overlay = box;
}

const events = new EventSource('/next/_site/live');
events.addEventListener('build', (event) => {
  if (build !== undefined && build !== event.data) window.location.reload();
  build = event.data;
  // Which build this page has heard of: for the browser test, and for an editor who wonders.
  document.documentElement.dataset.liveReloadBuild = event.data;
});
events.addEventListener('problem', (event) => showProblem(event.data));
events.addEventListener('ok', () => {
  overlay?.remove();
  overlay = undefined;
});
