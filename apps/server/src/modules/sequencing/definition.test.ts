import { describe, expect, it } from 'vitest';
import { parseManifest } from '../content/manifest.js';
import { readPackageSequencing } from './definition.js';
import {
  CHOICE_WITH_DISABLED_EXAM,
  OBJECTIVES_ITEMS,
  prerequisitesManifest12,
  RANDOM_ONE_OF_FOUR,
  REMEDIATION,
  sequencedManifest,
} from '../../test/sequencing-packages.js';
import { MANIFEST_2004_FULL } from '../../test/test-packages.js';

describe('the whole sequencing definition of a package (CAM 5, IMS SS), kept by the import', () => {
  it('keeps controls, rules, objectives with mapInfo, for the organization and every item', () => {
    const { definition, items } = readPackageSequencing(
      sequencedManifest('Choice', CHOICE_WITH_DISABLED_EXAM.items, CHOICE_WITH_DISABLED_EXAM),
      'org',
      '2004',
    );
    expect(definition?.sequenced).toBe(true);
    const tree = definition!.activityTree;
    expect(tree).toMatchObject({ id: 'org', sequencingControls: { choice: true, flow: true } });
    expect(tree.children!.map((child) => child.id)).toEqual(['read-a', 'read-b', 'final']);
    expect(tree.children![0]!.primaryObjective).toEqual({
      objectiveID: 'read-a-done',
      isPrimary: true,
      mapInfo: [
        { targetObjectiveID: 'g-read-a', readSatisfiedStatus: false, writeSatisfiedStatus: true },
      ],
    });
    expect(tree.children![2]!.sequencingRules!.preConditionRules).toEqual([
      {
        action: 'disabled',
        conditionCombination: 'any',
        conditions: [
          { condition: 'satisfied', operator: 'not', referencedObjective: 'need-a' },
          { condition: 'objectiveStatusKnown', operator: 'not', referencedObjective: 'need-a' },
        ],
      },
    ]);
    expect(items.final!.objectiveIds).toEqual(['final-passed', 'need-a']);
  });

  it('resolves a sequencingCollection reference (IDRef) into the item: selection of 1 of 4', () => {
    const { definition } = readPackageSequencing(
      sequencedManifest('Random', RANDOM_ONE_OF_FOUR.items, RANDOM_ONE_OF_FOUR),
      'org',
      '2004',
    );
    const tests = definition!.activityTree.children![1]!;
    expect(tests.id).toBe('tests');
    expect(tests.sequencingControls).toEqual({
      choice: true,
      flow: true,
      selectCount: 1,
      selectionTiming: 'once',
    });
  });

  it("an item's own element wins over the collection's", () => {
    const xml = sequencedManifest(
      'Own',
      [
        {
          id: 'a',
          title: 'A',
          sequencingAttributes: 'IDRef="shared"',
          sequencing: '<imsss:controlMode flow="false"/>',
        },
      ],
      {
        collection: `<imsss:sequencing ID="shared"><imsss:controlMode flow="true" forwardOnly="true"/><imsss:limitConditions attemptLimit="2"/></imsss:sequencing>`,
      },
    );
    const a = readPackageSequencing(xml, 'org', '2004').definition!.activityTree.children![0]!;
    expect(a.sequencingControls).toEqual({ flow: false });
    expect(a.attemptLimit).toBe(2);
  });

  it('keeps post-condition rules, rollup controls and measures', () => {
    const { definition } = readPackageSequencing(
      sequencedManifest('Remediation', REMEDIATION.items, REMEDIATION),
      'org',
      '2004',
    );
    const module = definition!.activityTree.children![0]!;
    expect(module.sequencingRules!.postConditionRules![0]).toMatchObject({ action: 'retry' });
    const [teach, check] = module.children!;
    expect(teach!.sequencingControls).toEqual({ rollupObjectiveSatisfied: false });
    expect(check!.primaryObjective).toMatchObject({
      satisfiedByMeasure: true,
      minNormalizedMeasure: 0.8,
    });
  });

  it('a 2004 package without any imsss:sequencing is not sequenced: its SCOs stay free-standing lessons', () => {
    const plain = sequencedManifest('Plain', [
      { id: 'one', title: 'One' },
      { id: 'two', title: 'Two' },
    ]);
    expect(parseManifest(plain).sequencing.definition?.sequenced).toBe(false);
    expect(parseManifest(MANIFEST_2004_FULL).sequencing.definition?.sequenced).toBe(true);
  });

  it('keeps the objective ids of every item (RTE 4.2.17), primary first', () => {
    const { items } = parseManifest(sequencedManifest('Objectives', OBJECTIVES_ITEMS)).sequencing;
    expect(items.lesson!.objectiveIds).toEqual(['lesson-read']);
    expect(items.quiz!.objectiveIds).toEqual(['quiz-passed', 'pumps', 'valves']);
  });

  it('SCORM 1.2: keeps adlcp:prerequisites per item; no sequencing definition', () => {
    const { definition, items } = parseManifest(prerequisitesManifest12()).sequencing;
    expect(definition).toBeNull();
    expect(items.l1!.prerequisites).toBe('');
    expect(items.l2!.prerequisites).toBe('l1');
    expect(items.t!.prerequisites).toBe('l1 & l2');
  });
});
