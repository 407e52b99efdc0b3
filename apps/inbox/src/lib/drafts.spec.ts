import { clearDraft, draftKey, readDraft, writeDraft, DRAFT_MAX_AGE_MS, type Draft, type DraftStorage } from './drafts';

function memoryStorage(): DraftStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

const draft = (overrides: Partial<Draft> = {}): Draft => ({
  conversationId: 'c1',
  text: 'Hello',
  replyTo: null,
  requestId: 'inbox_1',
  baseline: 'in-1',
  updatedAt: 1000,
  ...overrides,
});

describe('drafts per conversation', () => {
  it('reads back what was written, for that conversation only', () => {
    const storage = memoryStorage();
    writeDraft(storage, draft());
    expect(readDraft(storage, 'c1', 2000)).toEqual(draft());
    expect(readDraft(storage, 'c2', 2000)).toBeNull();
  });

  it('never answers a draft stored under one key for another conversation', () => {
    const storage = memoryStorage();
    storage.setItem(draftKey('c2'), JSON.stringify(draft({ conversationId: 'c1' })));
    expect(readDraft(storage, 'c2', 2000)).toBeNull();
  });

  it('removes an empty draft instead of keeping it, but keeps a reply target without words', () => {
    const storage = memoryStorage();
    writeDraft(storage, draft());
    writeDraft(storage, draft({ text: '  ' }));
    expect(storage.map.size).toBe(0);
    writeDraft(storage, draft({ text: '', replyTo: 'in-9' }));
    expect(readDraft(storage, 'c1', 2000)?.replyTo).toBe('in-9');
  });

  it.each(['not json', '{"text": 3}', 'null', '[]'])('ignores a stored value that is not a draft: %s', (stored) => {
    const storage = memoryStorage();
    storage.setItem(draftKey('c1'), stored);
    expect(readDraft(storage, 'c1', 2000)).toBeNull();
  });

  it('drops a draft untouched for more than a week', () => {
    const storage = memoryStorage();
    writeDraft(storage, draft({ updatedAt: 0 }));
    expect(readDraft(storage, 'c1', DRAFT_MAX_AGE_MS + 1)).toBeNull();
    expect(storage.map.size).toBe(0);
  });

  it('clears, and survives storage that refuses to write', () => {
    const storage = memoryStorage();
    writeDraft(storage, draft());
    clearDraft(storage, 'c1');
    expect(readDraft(storage, 'c1', 2000)).toBeNull();
    const full: DraftStorage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    expect(() => writeDraft(full, draft())).not.toThrow();
  });
});
