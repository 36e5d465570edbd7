import { afterEach, describe, expect, it } from 'vitest';
import { createScormRuntime, loadScormApiClass, type ScormRuntime } from './scorm-runtime';

describe('objectives and interactions the SCO sets are sent with its commits (RTE 4.2.9, 4.2.17)', () => {
  let runtime: ScormRuntime | undefined;
  afterEach(() => runtime?.detach());

  it('2004: the manifest objectives are there before Initialize; what the SCO sets is read back', async () => {
    runtime = createScormRuntime({
      version: '2004',
      ApiClass: await loadScormApiClass('2004'),
      cmi: {
        'cmi.entry': 'resume',
        'cmi.objectives.0.id': 'primary',
        'cmi.objectives.1.id': 'shared',
        'cmi.objectives.1.success_status': 'passed',
        'cmi.interactions.0.id': 'q1',
        'cmi.interactions.0.type': 'choice',
        'cmi.interactions.0.learner_response': 'b',
      },
      siblings: [],
    });
    const changed: string[] = [];
    runtime.onChange((element) => changed.push(element));
    const api = window.API_1484_11!;
    api.Initialize('');
    expect(api.GetValue('cmi.objectives._count')).toBe('2');
    expect(api.GetValue('cmi.objectives.1.success_status')).toBe('passed');
    expect(api.GetValue('cmi.interactions.0.learner_response')).toBe('b');
    const before = runtime.readStored();
    expect(before['cmi.objectives.0.id']).toBe('primary');
    expect(before['cmi.interactions.0.learner_response']).toBe('b');

    api.SetValue('cmi.objectives.0.score.scaled', '0.75');
    api.SetValue('cmi.interactions.1.id', 'q2');
    api.SetValue('cmi.interactions.1.type', 'true-false');
    api.SetValue('cmi.interactions.1.learner_response', 'true');
    const after = runtime.readStored();
    expect(after).toMatchObject({
      'cmi.objectives.0.score.scaled': '0.75',
      'cmi.interactions.1.id': 'q2',
      'cmi.interactions.1.learner_response': 'true',
    });
    expect(changed).toContain('cmi.objectives.0.score.scaled');
    expect(changed).toContain('cmi.interactions.1.learner_response');
  });

  it('1.2: objectives set by the SCO are read back', async () => {
    runtime = createScormRuntime({
      version: '1.2',
      ApiClass: await loadScormApiClass('1.2'),
      cmi: { 'cmi.core.entry': 'ab-initio' },
      siblings: [],
    });
    const api = window.API!;
    api.LMSInitialize('');
    api.LMSSetValue('cmi.objectives.0.id', 'obj-1');
    api.LMSSetValue('cmi.objectives.0.status', 'passed');
    expect(runtime.readStored()).toMatchObject({
      'cmi.objectives.0.id': 'obj-1',
      'cmi.objectives.0.status': 'passed',
    });
  });
});
