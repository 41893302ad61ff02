import { beforeEach, describe, expect, it, vi } from 'vitest';

// The modals manager needs a mounted provider; here only the order in which the queue
// hands dialogs to it matters, so it is replaced by a recorder.
const shown: Array<{ modalId: string; onClose?: () => void }> = [];
vi.mock('@mantine/modals', () => ({
  modals: {
    open: (settings: { modalId: string; onClose?: () => void }) => {
      shown.push(settings);
      return settings.modalId;
    },
    close: (id: string) => {
      const settings = shown.find((s) => s.modalId === id);
      settings?.onClose?.();
    },
  },
}));

const { openDialog, pendingDialogs } = await import('./queue.ts');

type Closer = (value: string | undefined) => void;

function request() {
  let close: Closer = () => {};
  const promise = openDialog<string>({
    content: (c) => {
      close = c;
      return null;
    },
  });
  return { promise, close: (v: string | undefined) => close(v) };
}

beforeEach(() => {
  shown.length = 0;
});

describe('the dialog queue', () => {
  it('shows one dialog at a time, in the order asked, each resolving with its value', async () => {
    const first = request();
    const second = request();
    const third = request();
    expect(shown).toHaveLength(1);
    expect(pendingDialogs()).toBe(2);

    first.close('one');
    await expect(first.promise).resolves.toBe('one');
    expect(shown).toHaveLength(2);

    // Dismissed (Escape, the X): resolves with undefined, and the next one shows.
    shown[1]!.onClose!();
    await expect(second.promise).resolves.toBeUndefined();
    expect(shown).toHaveLength(3);

    third.close('three');
    await expect(third.promise).resolves.toBe('three');
    expect(pendingDialogs()).toBe(0);
  });

  it('settles a dialog once, whichever way it closes first', async () => {
    const only = request();
    only.close('kept');
    shown[0]!.onClose!();
    await expect(only.promise).resolves.toBe('kept');
  });
});
