/**
 * Test helper: SCORM 2004 packages with objectives and sequencing, and SCORM 1.2 packages with
 * prerequisites, written by hand for the tests (each self-contained: no file from the internet).
 * Their SCO is one page driven by buttons, so unit, integration and e2e tests share them.
 */
import { buildZip } from './test-packages.js';

/**
 * One SCO page for every test package: finds the 2004 API, shows its objectives as it reads them
 * (ids and statuses), and has buttons for what a learner does: complete, pass or fail (sets
 * cmi.score.scaled, the success status and every objective's success status), answer a question
 * (an interaction), suspend, and ask the sequencer to continue, go back or exit (adl.nav.request
 * then Terminate).
 */
export const SEQUENCING_SCO_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>SCO</title></head>
<body>
<h1 id="title">SCO</h1>
<p id="status">loading</p>
<ul id="objectives"></ul>
<p>
  <button id="complete" type="button">Complete</button>
  <button id="pass" type="button">Pass</button>
  <button id="fail" type="button">Fail</button>
  <button id="answer" type="button">Answer</button>
  <button id="suspend" type="button">Suspend</button>
  <button id="continue" type="button">Continue</button>
  <button id="previous" type="button">Back</button>
  <button id="exitall" type="button">Exit course</button>
</p>
<script>
(function () {
  function find(win) {
    for (var i = 0; win && i < 10; i += 1) {
      if (win.API_1484_11) return win.API_1484_11;
      if (win === win.parent) break;
      win = win.parent;
    }
    return null;
  }
  var api = find(window.parent) || find(window.opener);
  var status = document.getElementById('status');
  if (!api) { status.textContent = 'no API'; return; }
  api.Initialize('');
  document.getElementById('title').textContent = document.title + ' ' + location.pathname.split('/').pop();
  function show() {
    var list = document.getElementById('objectives');
    list.textContent = '';
    var count = Number(api.GetValue('cmi.objectives._count'));
    for (var i = 0; i < count; i += 1) {
      var item = document.createElement('li');
      item.textContent = api.GetValue('cmi.objectives.' + i + '.id') + ': ' +
        api.GetValue('cmi.objectives.' + i + '.success_status');
      list.appendChild(item);
    }
    status.textContent = 'entry=' + api.GetValue('cmi.entry') + ' objectives=' + count +
      ' interactions=' + api.GetValue('cmi.interactions._count') +
      ' completion=' + api.GetValue('cmi.completion_status') +
      ' success=' + api.GetValue('cmi.success_status');
  }
  function result(passed) {
    api.SetValue('cmi.score.scaled', passed ? '0.9' : '0.2');
    api.SetValue('cmi.success_status', passed ? 'passed' : 'failed');
    api.SetValue('cmi.completion_status', 'completed');
    var count = Number(api.GetValue('cmi.objectives._count'));
    for (var i = 0; i < count; i += 1) {
      api.SetValue('cmi.objectives.' + i + '.success_status', passed ? 'passed' : 'failed');
    }
    api.Commit('');
    show();
  }
  function leave(request) {
    api.SetValue('adl.nav.request', request);
    api.Terminate('');
    status.textContent = 'terminated ' + request;
  }
  document.getElementById('complete').onclick = function () {
    api.SetValue('cmi.completion_status', 'completed'); api.Commit(''); show();
  };
  document.getElementById('pass').onclick = function () { result(true); };
  document.getElementById('fail').onclick = function () { result(false); };
  document.getElementById('answer').onclick = function () {
    var n = api.GetValue('cmi.interactions._count');
    api.SetValue('cmi.interactions.' + n + '.id', 'q' + n);
    api.SetValue('cmi.interactions.' + n + '.type', 'true-false');
    api.SetValue('cmi.interactions.' + n + '.learner_response', 'true');
    api.SetValue('cmi.interactions.' + n + '.result', 'correct');
    api.Commit(''); show();
  };
  document.getElementById('suspend').onclick = function () {
    api.SetValue('cmi.location', 'p2'); api.SetValue('cmi.exit', 'suspend'); api.Commit('');
    status.textContent = 'suspended';
  };
  document.getElementById('continue').onclick = function () { leave('continue'); };
  document.getElementById('previous').onclick = function () { leave('previous'); };
  document.getElementById('exitall').onclick = function () { leave('exitAll'); };
  show();
})();
</script>
</body></html>
`;

export interface SequencedItem {
  id: string;
  title: string;
  /** Inner XML of the item's imsss:sequencing (without the element itself). */
  sequencing?: string;
  /** Attributes of imsss:sequencing (e.g. IDRef="..."). */
  sequencingAttributes?: string;
  /** Child items: this item is then a cluster without a resource. */
  children?: SequencedItem[];
}

const ns = `xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
  xmlns:adlseq="http://www.adlnet.org/xsd/adlseq_v1p3"
  xmlns:adlnav="http://www.adlnet.org/xsd/adlnav_v1p3"
  xmlns:imsss="http://www.imsglobal.org/xsd/imsss"`;

function itemXml(item: SequencedItem, indent: string): string {
  const sequencing =
    item.sequencing !== undefined || item.sequencingAttributes !== undefined
      ? `\n${indent}  <imsss:sequencing${item.sequencingAttributes ? ` ${item.sequencingAttributes}` : ''}>${item.sequencing ?? ''}</imsss:sequencing>`
      : '';
  if (item.children) {
    return `${indent}<item identifier="${item.id}"><title>${item.title}</title>
${item.children.map((child) => itemXml(child, `${indent}  `)).join('\n')}${sequencing}
${indent}</item>`;
  }
  return `${indent}<item identifier="${item.id}" identifierref="res-${item.id}"><title>${item.title}</title>${sequencing}
${indent}</item>`;
}

function leaves(items: SequencedItem[]): SequencedItem[] {
  return items.flatMap((item) => (item.children ? leaves(item.children) : [item]));
}

/** A SCORM 2004 4th edition manifest with these items and the organization's sequencing. */
export function sequencedManifest(
  title: string,
  items: SequencedItem[],
  options: { organizationSequencing?: string; collection?: string } = {},
): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="test.${title.replace(/\W+/g, '-')}" version="1" ${ns}>
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="org">
    <organization identifier="org">
      <title>${title}</title>
${items.map((item) => itemXml(item, '      ')).join('\n')}${
    options.organizationSequencing
      ? `\n      <imsss:sequencing>${options.organizationSequencing}</imsss:sequencing>`
      : ''
  }
    </organization>
  </organizations>
  <resources>
${leaves(items)
  .map(
    (item) =>
      `    <resource identifier="res-${item.id}" type="webcontent" adlcp:scormType="sco" href="${item.id}.html"><file href="${item.id}.html"/></resource>`,
  )
  .join('\n')}
  </resources>${
    options.collection
      ? `\n  <imsss:sequencingCollection>${options.collection}</imsss:sequencingCollection>`
      : ''
  }
</manifest>`;
}

/** The zip of a sequenced manifest: one copy of the SCO page per leaf item. */
export async function sequencedPackage(
  title: string,
  items: SequencedItem[],
  options: { organizationSequencing?: string; collection?: string } = {},
): Promise<Buffer> {
  const files: Record<string, string> = {
    'imsmanifest.xml': sequencedManifest(title, items, options),
  };
  for (const item of leaves(items)) {
    files[`${item.id}.html`] = SEQUENCING_SCO_HTML.replace(
      '<title>SCO</title>',
      `<title>${item.title}</title>`,
    );
  }
  return buildZip(files);
}

/** Objectives (RTE 4.2.17): a primary objective with an id and two more on the quiz. */
export const OBJECTIVES_ITEMS: SequencedItem[] = [
  {
    id: 'lesson',
    title: 'Hydraulic lesson',
    sequencing: `
      <imsss:objectives>
        <imsss:primaryObjective objectiveID="lesson-read"/>
      </imsss:objectives>`,
  },
  {
    id: 'quiz',
    title: 'Hydraulic quiz',
    sequencing: `
      <imsss:objectives>
        <imsss:primaryObjective objectiveID="quiz-passed" satisfiedByMeasure="true">
          <imsss:minNormalizedMeasure>0.8</imsss:minNormalizedMeasure>
        </imsss:primaryObjective>
        <imsss:objective objectiveID="pumps"/>
        <imsss:objective objectiveID="valves"/>
      </imsss:objectives>`,
  },
];

/** Forced sequential order: flow only, no choice (the quiz is not playable first). */
export const FORCED_SEQUENTIAL = {
  organizationSequencing: `<imsss:controlMode choice="false" flow="true"/>`,
  items: [
    { id: 'intro', title: 'Introduction' },
    { id: 'systems', title: 'Systems' },
    { id: 'exam', title: 'Exam' },
  ] satisfies SequencedItem[],
};

/**
 * A global objective shared between two SCOs: Reading A writes g-read-a, the final exam reads it
 * (the precondition above). Reading A's primary objective maps to it.
 */
export const SHARED_GLOBAL_OBJECTIVE_READING_A = `
  <imsss:objectives>
    <imsss:primaryObjective objectiveID="read-a-done">
      <imsss:mapInfo targetObjectiveID="g-read-a" readSatisfiedStatus="false" writeSatisfiedStatus="true"/>
    </imsss:primaryObjective>
  </imsss:objectives>`;

/** Choice allowed but the exam is disabled until the lessons are completed (precondition). */
export const CHOICE_WITH_DISABLED_EXAM = {
  organizationSequencing: `<imsss:controlMode choice="true" flow="true"/>`,
  items: [
    { id: 'read-a', title: 'Reading A', sequencing: SHARED_GLOBAL_OBJECTIVE_READING_A },
    { id: 'read-b', title: 'Reading B' },
    {
      id: 'final',
      title: 'Final exam',
      sequencing: `
        <imsss:sequencingRules>
          <imsss:preConditionRule>
            <imsss:ruleConditions conditionCombination="any">
              <imsss:ruleCondition referencedObjective="need-a" operator="not" condition="satisfied"/>
              <imsss:ruleCondition referencedObjective="need-a" operator="not" condition="objectiveStatusKnown"/>
            </imsss:ruleConditions>
            <imsss:ruleAction action="disabled"/>
          </imsss:preConditionRule>
        </imsss:sequencingRules>
        <imsss:objectives>
          <imsss:primaryObjective objectiveID="final-passed"/>
          <imsss:objective objectiveID="need-a">
            <imsss:mapInfo targetObjectiveID="g-read-a" readSatisfiedStatus="true"/>
          </imsss:objective>
        </imsss:objectives>`,
    },
  ] satisfies SequencedItem[],
};

/** Remediation: a failed quiz sends the learner back to the lesson, then retries the cluster. */
export const REMEDIATION = {
  organizationSequencing: `<imsss:controlMode choice="false" flow="true"/>`,
  items: [
    {
      id: 'module',
      title: 'Module',
      sequencing: `
        <imsss:controlMode choice="false" flow="true"/>
        <imsss:sequencingRules>
          <imsss:postConditionRule>
            <imsss:ruleConditions>
              <imsss:ruleCondition condition="satisfied" operator="not"/>
            </imsss:ruleConditions>
            <imsss:ruleAction action="retry"/>
          </imsss:postConditionRule>
        </imsss:sequencingRules>`,
      children: [
        {
          id: 'teach',
          title: 'Teaching',
          sequencing: `<imsss:rollupRules rollupObjectiveSatisfied="false"/>`,
        },
        {
          id: 'check',
          title: 'Check quiz',
          sequencing: `
            <imsss:sequencingRules>
              <imsss:postConditionRule>
                <imsss:ruleConditions>
                  <imsss:ruleCondition condition="satisfied" operator="not"/>
                </imsss:ruleConditions>
                <imsss:ruleAction action="exitParent"/>
              </imsss:postConditionRule>
            </imsss:sequencingRules>
            <imsss:objectives>
              <imsss:primaryObjective objectiveID="check-passed" satisfiedByMeasure="true">
                <imsss:minNormalizedMeasure>0.8</imsss:minNormalizedMeasure>
              </imsss:primaryObjective>
            </imsss:objectives>`,
        },
      ],
    },
  ] satisfies SequencedItem[],
};

/** Post-test rollup: only the post test counts for the course's completion and success. */
export const POST_TEST_ROLLUP = {
  organizationSequencing: `<imsss:controlMode choice="true" flow="true"/>`,
  items: [
    {
      id: 'content-1',
      title: 'Content 1',
      sequencing: `<imsss:rollupRules rollupObjectiveSatisfied="false" rollupProgressCompletion="false" objectiveMeasureWeight="0"/>`,
    },
    {
      id: 'content-2',
      title: 'Content 2',
      sequencing: `<imsss:rollupRules rollupObjectiveSatisfied="false" rollupProgressCompletion="false" objectiveMeasureWeight="0"/>`,
    },
    {
      id: 'post-test',
      title: 'Post test',
      sequencing: `
        <imsss:objectives>
          <imsss:primaryObjective objectiveID="post-passed" satisfiedByMeasure="true">
            <imsss:minNormalizedMeasure>0.7</imsss:minNormalizedMeasure>
          </imsss:primaryObjective>
        </imsss:objectives>`,
    },
  ] satisfies SequencedItem[],
};

/** Random selection of 1 of 4 tests, once, taken from a sequencingCollection. */
export const RANDOM_ONE_OF_FOUR = {
  organizationSequencing: `<imsss:controlMode choice="true" flow="true"/>`,
  collection: `
    <imsss:sequencing ID="pick-one">
      <imsss:controlMode choice="true" flow="true"/>
      <imsss:randomizationControls selectionTiming="once" selectCount="1"/>
    </imsss:sequencing>`,
  items: [
    { id: 'study', title: 'Study' },
    {
      id: 'tests',
      title: 'Tests',
      sequencingAttributes: 'IDRef="pick-one"',
      children: [
        { id: 'test-a', title: 'Test A' },
        { id: 'test-b', title: 'Test B' },
        { id: 'test-c', title: 'Test C' },
        { id: 'test-d', title: 'Test D' },
      ],
    },
  ] satisfies SequencedItem[],
};

/** SCORM 1.2 with adlcp:prerequisites: the test needs both lessons. */
export function prerequisitesManifest12(): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="test.prereq" version="1.0"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="org">
    <organization identifier="org">
      <title>Prerequisites 1.2</title>
      <item identifier="l1" identifierref="r1"><title>Lesson one</title></item>
      <item identifier="l2" identifierref="r2"><title>Lesson two</title>
        <adlcp:prerequisites type="aicc_script">l1</adlcp:prerequisites></item>
      <item identifier="t" identifierref="r3"><title>Test</title>
        <adlcp:prerequisites type="aicc_script">l1 &amp; l2</adlcp:prerequisites></item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="r1" type="webcontent" adlcp:scormtype="sco" href="l1.html"><file href="l1.html"/></resource>
    <resource identifier="r2" type="webcontent" adlcp:scormtype="sco" href="l2.html"><file href="l2.html"/></resource>
    <resource identifier="r3" type="webcontent" adlcp:scormtype="sco" href="t.html"><file href="t.html"/></resource>
  </resources>
</manifest>`;
}

/** A primary objective that writes its satisfaction to a global objective (SN 4.2.1.2). */
const writesGlobal = (objective: string, global: string) => `
  <imsss:objectives>
    <imsss:primaryObjective objectiveID="${objective}">
      <imsss:mapInfo targetObjectiveID="${global}" readSatisfiedStatus="false" writeSatisfiedStatus="true"/>
    </imsss:primaryObjective>
  </imsss:objectives>`;

/** Disabled until a global objective another SCO writes is satisfied (precondition). */
const disabledUntil = (global: string, own: string) => `
  <imsss:sequencingRules>
    <imsss:preConditionRule>
      <imsss:ruleConditions conditionCombination="any">
        <imsss:ruleCondition referencedObjective="need" operator="not" condition="satisfied"/>
        <imsss:ruleCondition referencedObjective="need" operator="not" condition="objectiveStatusKnown"/>
      </imsss:ruleConditions>
      <imsss:ruleAction action="disabled"/>
    </imsss:preConditionRule>
  </imsss:sequencingRules>
  <imsss:objectives>
    <imsss:primaryObjective objectiveID="${own}">
      <imsss:mapInfo targetObjectiveID="g-${own}" readSatisfiedStatus="false" writeSatisfiedStatus="true"/>
    </imsss:primaryObjective>
    <imsss:objective objectiveID="need">
      <imsss:mapInfo targetObjectiveID="${global}" readSatisfiedStatus="true"/>
    </imsss:objective>
  </imsss:objectives>`;

/**
 * Forced order with choice on (the lesson list offers what the order allows): each SCO is
 * disabled until the one before it is passed, through global objectives.
 */
export const FORCED_ORDER = {
  organizationSequencing: `<imsss:controlMode choice="true" flow="true"/>`,
  items: [
    { id: 'brief', title: 'Briefing', sequencing: writesGlobal('brief', 'g-brief') },
    { id: 'walk', title: 'Walkaround', sequencing: disabledUntil('g-brief', 'walk') },
    { id: 'ride', title: 'Check ride', sequencing: disabledUntil('g-walk', 'ride') },
  ] satisfies SequencedItem[],
};

/** Choice with an item hidden from choice (precondition 'hiddenFromChoice', always). */
export const HIDDEN_FROM_CHOICE = {
  organizationSequencing: `<imsss:controlMode choice="true" flow="true"/>`,
  items: [
    { id: 'guide', title: 'Guide' },
    {
      id: 'key',
      title: 'Answer key',
      sequencing: `
        <imsss:sequencingRules>
          <imsss:preConditionRule>
            <imsss:ruleConditions><imsss:ruleCondition condition="always"/></imsss:ruleConditions>
            <imsss:ruleAction action="hiddenFromChoice"/>
          </imsss:preConditionRule>
        </imsss:sequencingRules>`,
    },
    { id: 'quiz', title: 'Quiz' },
  ] satisfies SequencedItem[],
};
