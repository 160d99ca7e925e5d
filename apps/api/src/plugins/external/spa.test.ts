import { describe, expect, it } from 'vitest';
import { screenPreloads } from './spa.ts';

describe('screenPreloads', () => {
  const manifest = {
    'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_framework-1.js'] },
    '_framework-1.js': { file: 'assets/framework-1.js' },
    'src/app/routes/stay.tsx': {
      file: 'assets/stay-1.js',
      imports: ['_framework-1.js', '_icons-1.js', 'index.html'],
      css: ['assets/stay-1.css'],
    },
    '_icons-1.js': { file: 'assets/icons-1.js', imports: ['_framework-1.js', '_copy-1.js'], css: ['assets/stay-1.css'] },
    '_copy-1.js': { file: 'assets/copy-1.js' },
  };

  it("announces a screen's chunk, what it imports beyond what the entry loads and their styles, each once", () => {
    expect(screenPreloads(manifest, 'src/app/routes/stay.tsx')).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/stay-1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/icons-1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/copy-1.js">' +
        '<link rel="stylesheet" href="/assets/stay-1.css">',
    );
  });

  it('announces nothing for a screen the build does not have, or without a manifest', () => {
    expect(screenPreloads(manifest, 'src/app/routes/none.tsx')).toBe('');
    expect(screenPreloads({}, 'src/app/routes/stay.tsx')).toBe('');
  });
});
