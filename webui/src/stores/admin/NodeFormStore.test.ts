import type { ErrorReply } from '../../api/client';
import { createTestRoot } from '../../test/stores';
import { idsOf, NodeFormStore, nodeFieldOf } from './NodeFormStore';

function refusal(field?: string): ErrorReply {
  return { statusCode: 400, messages: ['no'], ...(field ? { field } : {}) } as ErrorReply;
}

describe('NodeFormStore', () => {
  it('reads member ids separated by commas or spaces', () => {
    expect(idsOf(' 7, 8  9，10 ')).toEqual(['7', '8', '9', '10']);
    expect(idsOf('')).toEqual([]);
  });

  it('maps a refusal to the field it names, up to the first dot or bracket', () => {
    expect(nodeFieldOf(refusal('names.es'))).toBe('names');
    expect(nodeFieldOf(refusal('admins[2]'))).toBe('admins');
    expect(nodeFieldOf(refusal('joinLevel'))).toBe('joinLevel');
    expect(nodeFieldOf(refusal('data'))).toBeNull();
    expect(nodeFieldOf(refusal())).toBeNull();
  });

  it('sends only the join fields its join type uses, and no category for a category', () => {
    const store = new NodeFormStore(createTestRoot('en'));
    store.kind = 'category';
    store.set('slug', ' general ');
    store.setName('en', ' General ');
    store.set('categoryId', '9');
    store.set('joinAsset', 'USD');
    store.set('joinAmount', '500');
    store.set('joinLevel', 'lv1');
    expect(store.input()).toEqual({
      kind: 'category',
      slug: 'general',
      names: { en: 'General' },
      descriptions: {},
      thumb: '',
      nodeType: '',
      joinType: 'free',
      joinAsset: '',
      joinAmount: 0,
      joinLevel: '',
      position: 0,
      admins: [],
    });
    store.kind = 'node';
    store.set('joinType', 'money');
    expect(store.input()).toMatchObject({ categoryId: '9', joinType: 'money', joinAsset: 'USD', joinAmount: 500, joinLevel: '' });
  });
});
