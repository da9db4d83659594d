import { describe, expect, it } from 'vitest';
import { runSave } from './run-save';

function recorder() {
  const events: string[] = [];
  return {
    events,
    report: {
      setSaving: (on: boolean) => events.push(`saving:${on}`),
      setError: (message: string | null) => events.push(`error:${message}`),
      setSaved: (on: boolean) => events.push(`saved:${on}`),
    },
  };
}

describe('runSave', () => {
  it('reports saving, then saved', async () => {
    const { events, report } = recorder();
    await runSave(async () => undefined, report);
    expect(events).toEqual(['saving:true', 'error:null', 'saved:false', 'saved:true', 'saving:false']);
  });

  it("keeps the server's refusal on screen and never reports saved", async () => {
    const { events, report } = recorder();
    await runSave(async () => {
      throw new Error('This change would block your current IP address: add it to the allow list first');
    }, report);
    expect(events).toContain(
      'error:This change would block your current IP address: add it to the allow list first',
    );
    expect(events).not.toContain('saved:true');
    expect(events.at(-1)).toBe('saving:false');
  });
});
