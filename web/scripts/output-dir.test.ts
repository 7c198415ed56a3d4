// The build's writes into dist/ (output-dir.ts) on a real directory: the same bytes leave a file
// as it was, other bytes replace it, and pruning removes from the owned directories what the
// build no longer wrote, emptied directories with it, and nothing outside them.
import { existsSync, mkdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { inScratchDir } from '../src/content/venues/scratch-files';
import { OutputDir } from './output-dir';

it('writes only changed files and prunes what a build no longer writes', () => {
  inScratchDir('output-dir-', (root) => {
    const first = new OutputDir(root, ['pages']);
    first.write('pages/a.html', '<p>a</p>');
    first.write('pages/old/b.html', Buffer.from('<p>b</p>'));
    first.prune();
    mkdirSync(join(root, 'client'));
    writeFileSync(join(root, 'client/app.js'), 'app');

    // Dated in the past: a file left alone keeps its date.
    const past = new Date('2026-01-01T00:00:00Z');
    utimesSync(join(root, 'pages/a.html'), past, past);
    const second = new OutputDir(root, ['pages']);
    second.write('pages/a.html', '<p>a</p>');
    expect(statSync(join(root, 'pages/a.html')).mtime).toEqual(past);
    second.write('pages/c.html', '<p>c</p>');
    second.write('pages/c.html', '<p>c, again</p>');
    expect(readFileSync(join(root, 'pages/c.html'), 'utf8')).toBe('<p>c, again</p>');
    second.prune();
    expect(existsSync(join(root, 'pages/old'))).toBe(false);
    expect(existsSync(join(root, 'pages/a.html'))).toBe(true);
    expect(existsSync(join(root, 'client/app.js'))).toBe(true);

    // A build that writes nothing there leaves no owned directory behind.
    new OutputDir(root, ['pages']).prune();
    expect(existsSync(join(root, 'pages'))).toBe(false);
    expect(existsSync(join(root, 'client/app.js'))).toBe(true);
  });
});
