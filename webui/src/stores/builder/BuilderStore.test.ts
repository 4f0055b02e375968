import type { LayoutDoc } from '../../models/builder';
import { apiResponder, createTestRoot, json, mockFetch, type FetchCall } from '../../test/stores';
import { BuilderStore } from './BuilderStore';
import { deviceSettings, fieldTarget } from './layout';
import { draftReply } from './testData';

function sent(calls: FetchCall[], action: string) {
  return calls.filter((call) => call.body?.action === action).map((call) => call.body?.data as Record<string, unknown>);
}

/** A fake builder service: one draft with a revision, publishing counts versions. */
function fakeServer() {
  const state = { revision: 3, version: 2, doc: draftReply().doc as LayoutDoc };
  const calls = mockFetch(
    apiResponder({
      'builder.draft': () => json(draftReply({ doc: state.doc, revision: state.revision, publishedVersion: state.version })),
      'builder.saveDraft': (data) => {
        if (data.revision !== state.revision) {
          return json({ statusCode: 409, messages: ['Someone else saved first.'], codes: ['builder.error.stale'] }, 409);
        }
        const doc = data.doc as LayoutDoc;
        if (doc.pages[0]?.blocks.desktop.some((block) => block.type === 'topics' && (block.props as { ref: string }).ref === '999')) {
          return json({ statusCode: 400, messages: ['pages[0].blocks.desktop[1].props.ref points at something deleted (999).'], codes: ['builder.error.deletedRef'] }, 400);
        }
        state.doc = doc;
        state.revision += 1;
        return json({ revision: state.revision, updatedAt: 1, dirty: true });
      },
      'builder.publish': (data) => {
        if (data.revision !== state.revision) return json({ statusCode: 409, messages: ['stale'], codes: ['builder.error.stale'] }, 409);
        state.version += 1;
        return json({ version: state.version });
      },
      'builder.discard': () => json(draftReply({ revision: ++state.revision, publishedVersion: state.version })),
      'builder.versions': () =>
        json({
          versions: [
            { version: state.version, note: 'now', author: null, restoredFrom: 0, createdAt: 2, current: true },
            { version: 1, note: 'first', author: null, restoredFrom: 0, createdAt: 1, current: false },
          ],
          hasMore: false,
        }),
      'builder.version': (data) => json({ version: data.version, doc: draftReply().doc }),
      'builder.rollback': (data) => {
        if (data.expectVersion !== state.version) return json({ statusCode: 409, messages: ['stale'], codes: ['builder.error.stale'] }, 409);
        state.version += 1;
        return json({ version: state.version });
      },
    }),
  );
  return { state, calls };
}

async function loaded() {
  const server = fakeServer();
  const builder = new BuilderStore(createTestRoot('en'));
  await builder.load();
  return { ...server, builder };
}

describe('BuilderStore', () => {
  it('loads the draft, starts clean, with the language’s currency', async () => {
    const { builder } = await loaded();
    expect(builder.doc?.pages).toHaveLength(2);
    expect(builder.revision).toBe(3);
    expect(builder.dirty).toBe(false);
    expect(builder.lang).toBe('en');
    expect(builder.currency).toBe('USD');
    builder.setLang('es');
    expect(builder.currency).toBe('EUR');
  });

  it('edits blocks per device: add, reorder, duplicate, hide, delete, copy to the other devices', async () => {
    const { builder } = await loaded();
    builder.addBlock('topics');
    expect(builder.blocks.map((block) => block.type)).toEqual(['hero', 'topics']);
    expect(builder.selected?.type).toBe('topics');
    expect(builder.dirty).toBe(true);

    builder.setDevice('mobile');
    expect(builder.blocks.map((block) => block.type)).toEqual(['hero']);
    builder.setDevice('desktop');

    builder.moveBy(builder.blocks[1]!.id, -1);
    expect(builder.blocks.map((block) => block.type)).toEqual(['topics', 'hero']);
    builder.move(0, 1);
    expect(builder.blocks.map((block) => block.type)).toEqual(['hero', 'topics']);

    builder.duplicate('hero-1');
    expect(builder.blocks.map((block) => block.type)).toEqual(['hero', 'hero', 'topics']);
    expect(new Set(builder.blocks.map((block) => block.id)).size).toBe(3);

    builder.toggleHidden('hero-1');
    expect(builder.blocks[0]!.hidden).toBe(true);
    builder.toggleHidden('hero-1');
    expect(builder.blocks[0]!.hidden).toBeUndefined();

    builder.remove(builder.blocks[1]!.id);
    builder.copyToOtherDevices();
    expect(builder.page!.blocks.mobile.map((block) => block.type)).toEqual(['hero', 'topics']);
    builder.setDevice('mobile');
    builder.move(0, 1);
    expect(builder.page!.blocks.mobile.map((block) => block.type)).toEqual(['topics', 'hero']);
    expect(builder.page!.blocks.desktop.map((block) => block.type)).toEqual(['hero', 'topics']);
  });

  it('offers html blocks only to those who may add them', async () => {
    const { builder } = await loaded();
    builder.canHtml = false;
    builder.addBlock('html');
    expect(builder.blocks.map((block) => block.type)).toEqual(['hero']);
  });

  it('undoes and redoes, typing into one field being one step', async () => {
    const { builder } = await loaded();
    builder.editBlock('hero-1', (block) => ((block.props as { title: Record<string, string> }).title.en = 'W'), 'title');
    builder.editBlock('hero-1', (block) => ((block.props as { title: Record<string, string> }).title.en = 'Wo'), 'title');
    builder.addBlock('chat');
    expect(builder.blocks).toHaveLength(2);
    builder.undo();
    expect(builder.blocks).toHaveLength(1);
    expect(builder.blocks[0]!.props).toMatchObject({ title: { en: 'Wo' } });
    builder.undo();
    expect(builder.blocks[0]!.props).toMatchObject({ title: { en: 'Welcome' } });
    expect(builder.dirty).toBe(false);
    builder.redo();
    expect(builder.blocks[0]!.props).toMatchObject({ title: { en: 'Wo' } });
  });

  it('saves with the revision, then publishes with the note', async () => {
    const { builder, calls, state } = await loaded();
    builder.addBlock('topics');
    expect(await builder.save()).toBe(true);
    expect(sent(calls, 'builder.saveDraft')[0]).toMatchObject({ revision: 3 });
    expect(builder.revision).toBe(4);
    expect(builder.dirty).toBe(false);
    expect(builder.draftDiffers).toBe(true);

    builder.setDevice('mobile');
    builder.addBlock('chat');
    expect(await builder.publish('  new home ')).toBe(true);
    expect(sent(calls, 'builder.saveDraft')).toHaveLength(2);
    expect(sent(calls, 'builder.publish')).toEqual([{ revision: 5, note: 'new home' }]);
    expect(builder.publishedVersion).toBe(3);
    expect(builder.draftDiffers).toBe(false);
    expect(state.doc.pages[0]!.blocks.mobile.map((block) => block.type)).toEqual(['hero', 'chat']);
  });

  it('says a save is stale, keeps the edits, and reloads the newer draft', async () => {
    const { builder, state } = await loaded();
    state.revision = 7;
    builder.addBlock('text');
    expect(await builder.save()).toBe(false);
    expect(builder.stale).toBe(true);
    expect(builder.problem?.code).toBe('builder.error.stale');
    expect(builder.dirty).toBe(true);
    await builder.load();
    expect(builder.stale).toBe(false);
    expect(builder.revision).toBe(7);
    expect(builder.dirty).toBe(false);
  });

  it('points at the block a refusal names', async () => {
    const { builder } = await loaded();
    builder.addBlock('topics');
    const id = builder.selectedId;
    builder.editBlock(id!, (block) => Object.assign(block.props, { source: 'node', ref: '999' }));
    builder.setDevice('mobile');
    builder.setPanel('footer');
    expect(await builder.save()).toBe(false);
    expect(builder.problem?.code).toBe('builder.error.deletedRef');
    expect(builder.device).toBe('desktop');
    expect(builder.panel).toBe('page');
    expect(builder.selectedId).toBe(id);
    expect(builder.flaggedId).toBe(id);
  });

  it('lists versions, previews one read-only, and rolls back expecting the published version', async () => {
    const { builder, calls } = await loaded();
    await builder.versions.load();
    expect(builder.versions.entries.map((entry) => entry.version)).toEqual([2, 1]);
    await builder.preview(1);
    expect(builder.previewed?.version).toBe(1);
    builder.addBlock('chat');
    expect(builder.dirty).toBe(false);
    expect(await builder.rollback(1)).toBe(true);
    expect(sent(calls, 'builder.rollback')).toEqual([{ version: 1, expectVersion: 2 }]);
    expect(builder.previewed).toBeNull();
    expect(builder.publishedVersion).toBe(3);
    expect(sent(calls, 'builder.draft')).toHaveLength(2);
  });

  it('discards the draft', async () => {
    const { builder } = await loaded();
    builder.addBlock('chat');
    expect(await builder.discard()).toBe(true);
    expect(builder.dirty).toBe(false);
    expect(builder.blocks).toHaveLength(1);
  });

  it('adds and removes pages, never the home page', async () => {
    const { builder } = await loaded();
    builder.addPage({ kind: 'docs', name: 'faq', titles: { en: 'FAQ' }, layout: 'docs', blocks: { mobile: [], tablet: [], desktop: [] } });
    expect(builder.pageIndex).toBe(2);
    expect(builder.hasPage('docs', 'faq')).toBe(true);
    builder.removePage(0);
    expect(builder.doc!.pages).toHaveLength(3);
    builder.removePage(2);
    expect(builder.doc!.pages.map((page) => page.name)).toEqual(['', 'about']);
  });
});

describe('layout helpers', () => {
  it('finds the field a message names', () => {
    expect(fieldTarget('bad: pages[2].blocks.mobile[4].props.ref')).toEqual({ kind: 'block', page: 2, device: 'mobile', index: 4, path: 'pages[2].blocks.mobile[4].props.ref' });
    expect(fieldTarget('pageSettings.tablet.footer.menus[0].url is wrong')).toMatchObject({ kind: 'settings', device: 'tablet', part: 'footer' });
    expect(fieldTarget('pages[1].titles.es is required')).toMatchObject({ kind: 'page', page: 1 });
    expect(fieldTarget('nothing here')).toBeNull();
  });

  it('localizes header and footer settings for the preview', () => {
    const settings = deviceSettings(draftReply().doc.pageSettings.desktop, 'es');
    expect(settings.header?.menus).toEqual([{ label: 'Inicio', url: '/' }]);
    expect(settings.footer?.textHtmlLastRow).toBe('');
    expect(deviceSettings(draftReply().doc.pageSettings.desktop, 'en').footer?.textHtmlLastRow).toBe('Hello');
  });
});
