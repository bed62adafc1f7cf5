import { describe, expect, it } from 'vitest';
import { AstroRenderer, type AstroHandler } from '../../../../src/server/store/astro-renderer.ts';
import type { RenderServices } from '../../../../src/lib/site-pages/render-services.ts';

const services = {} as RenderServices;

describe('AstroRenderer', () => {
  it('renders what the handler answers, with the services as its locals', async () => {
    let seen: unknown;
    const handler: AstroHandler = (req, res, locals) => {
      seen = locals;
      res.setHeader('content-type', 'text/html');
      res.end(`<p>${req.url ?? ''}</p>`);
    };
    const rendered = await new AstroRenderer(() => Promise.resolve(handler), services).render('/x', 'text/html');
    expect(rendered).toEqual({ status: 200, contentType: 'text/html', text: '<p>/x</p>' });
    expect(seen).toEqual(services);
    expect(seen).not.toBe(services); // a new object per render
  });

  it('settles a render whose handler rejects as a 500 instead of waiting for an answer', async () => {
    const handler: AstroHandler = () => Promise.reject(new Error('render failed'));
    const rendered = await new AstroRenderer(() => Promise.resolve(handler), services).render('/x', 'text/html');
    expect(rendered.status).toBe(500);
  });
});
