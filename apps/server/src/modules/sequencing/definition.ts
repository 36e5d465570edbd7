/**
 * The whole SCORM 2004 sequencing definition of a package (IMS Simple Sequencing and the ADL
 * extensions, SCORM 2004 3rd/4th edition CAM 5), read from imsmanifest.xml into the activity tree
 * settings scorm-again's sequencing engine builds its activity tree from (its `ActivitySettings`),
 * with every `imsss:sequencingCollection` reference resolved. Also the per-item data the runtime
 * needs before a SCO starts (the objective ids of RTE 4.2.17) and SCORM 1.2
 * `adlcp:prerequisites`. Pure: no I/O. Element and attribute names are matched by local name,
 * as manifest.ts does, since prefixes vary between authoring tools.
 */
import { XMLParser } from 'fast-xml-parser';

/** A sequencing rule condition (IMS SS ruleCondition). */
export interface RuleConditionDefinition {
  condition: string;
  operator?: 'not';
  referencedObjective?: string;
  parameters?: { threshold: number };
}

export interface SequencingRuleDefinition {
  action: string;
  conditionCombination: 'all' | 'any';
  conditions: RuleConditionDefinition[];
}

export interface RollupRuleDefinition {
  action: string;
  conditionCombination: 'all' | 'any';
  consideration: string;
  minimumCount?: number;
  minimumPercent?: number;
  conditions: { condition: string; operator?: 'not' }[];
}

export interface MapInfoDefinition {
  targetObjectiveID: string;
  readSatisfiedStatus?: boolean;
  readNormalizedMeasure?: boolean;
  writeSatisfiedStatus?: boolean;
  writeNormalizedMeasure?: boolean;
  readCompletionStatus?: boolean;
  writeCompletionStatus?: boolean;
  readProgressMeasure?: boolean;
  writeProgressMeasure?: boolean;
  readRawScore?: boolean;
  writeRawScore?: boolean;
  readMinScore?: boolean;
  writeMinScore?: boolean;
  readMaxScore?: boolean;
  writeMaxScore?: boolean;
}

export interface ObjectiveDefinition {
  objectiveID: string;
  isPrimary?: boolean;
  satisfiedByMeasure?: boolean;
  minNormalizedMeasure?: number;
  mapInfo?: MapInfoDefinition[];
}

/** One activity (organization or item), in scorm-again's ActivitySettings shape. */
export interface ActivityDefinition {
  id: string;
  title: string;
  isVisible?: boolean;
  children?: ActivityDefinition[];
  attemptLimit?: number;
  attemptAbsoluteDurationLimit?: string;
  primaryObjective?: ObjectiveDefinition;
  objectives?: ObjectiveDefinition[];
  sequencingControls?: Record<string, boolean | number | string | undefined>;
  sequencingRules?: {
    preConditionRules?: SequencingRuleDefinition[];
    exitConditionRules?: SequencingRuleDefinition[];
    postConditionRules?: SequencingRuleDefinition[];
  };
  rollupRules?: { rules: RollupRuleDefinition[] };
  rollupConsiderations?: Record<string, string | boolean | undefined>;
  completionThreshold?: {
    completedByMeasure?: boolean;
    minProgressMeasure?: number;
    progressWeight?: number;
  };
  hideLmsUi?: string[];
}

export interface SequencingDefinition {
  /** The organization as the root activity, its items as children (scorm-again activityTree). */
  activityTree: ActivityDefinition;
  /** adlseq:objectivesGlobalToSystem (default true): global objectives outlive the package. */
  objectivesGlobalToSystem: boolean;
  /**
   * The manifest writes sequencing (some imsss:sequencing): the package is played through the
   * sequencer. Without any, its SCOs stay free-standing lessons, as SCORM's defaults allow.
   */
  sequenced: boolean;
}

export interface ItemSequencingData {
  /**
   * SCORM 2004: the ids of the item's objectives (primary first, when it has an id), which the
   * LMS creates as cmi.objectives.n.id before the SCO starts (RTE 4.2.17).
   */
  objectiveIds: string[];
  /** SCORM 1.2 adlcp:prerequisites (an AICC script expression over item identifiers), or ''. */
  prerequisites: string;
}

export interface PackageSequencing {
  /** SCORM 2004 only; null for SCORM 1.2. */
  definition: SequencingDefinition | null;
  /** By item identifier, for every item of the organization. */
  items: Record<string, ItemSequencingData>;
}

interface Node {
  local: string;
  attributes: Record<string, string>;
  children: Node[];
  text: string;
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

function toNodes(items: Record<string, unknown>[]): { children: Node[]; text: string } {
  const children: Node[] = [];
  let text = '';
  for (const item of items) {
    for (const [key, value] of Object.entries(item)) {
      if (key === ':@' || key.startsWith('?')) continue;
      if (key === '#text') {
        text += String(value);
        continue;
      }
      const inner = toNodes(value as Record<string, unknown>[]);
      const attributes: Record<string, string> = {};
      for (const [name, attrValue] of Object.entries(
        (item[':@'] ?? {}) as Record<string, string>,
      )) {
        if (!name.startsWith('xmlns')) attributes[localName(name).toLowerCase()] = attrValue;
      }
      children.push({ local: localName(key).toLowerCase(), attributes, ...inner });
    }
  }
  return { children, text };
}

const all = (node: Node | undefined, local: string) =>
  node?.children.filter((child) => child.local === local.toLowerCase()) ?? [];
const one = (node: Node | undefined, local: string) => all(node, local)[0];
const attr = (node: Node | undefined, name: string) => node?.attributes[name.toLowerCase()]?.trim();

function bool(node: Node | undefined, name: string): boolean | undefined {
  const value = attr(node, name);
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return undefined;
}

function num(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

/** Drops undefined fields, so the stored JSON holds only what the manifest says. */
function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/**
 * The sequencing of an item or organization: its own elements, each one taken from the
 * sequencingCollection entry its IDRef names when the item does not have it (IMS SS: the
 * item's own elements win over the collection's).
 */
function resolvedSequencing(owner: Node, collection: Map<string, Node>) {
  const own = one(owner, 'sequencing');
  const shared = own ? collection.get(attr(own, 'IDRef') ?? '') : undefined;
  return (local: string) => {
    const mine = all(own, local);
    return mine.length > 0 ? mine : all(shared, local);
  };
}

function ruleConditions(
  rule: Node,
): Pick<SequencingRuleDefinition, 'conditionCombination' | 'conditions'> {
  const conditions = one(rule, 'ruleConditions');
  return {
    conditionCombination: attr(conditions, 'conditionCombination') === 'any' ? 'any' : 'all',
    conditions: all(conditions, 'ruleCondition').map((condition) => {
      const threshold = num(attr(condition, 'measureThreshold'));
      return defined<RuleConditionDefinition>({
        condition: attr(condition, 'condition') ?? 'always',
        operator: attr(condition, 'operator') === 'not' ? 'not' : undefined,
        referencedObjective: attr(condition, 'referencedObjective') || undefined,
        parameters: threshold === undefined ? undefined : { threshold },
      });
    }),
  };
}

function sequencingRules(part: (local: string) => Node[]) {
  const rules = part('sequencingRules')[0];
  if (!rules) return undefined;
  const read = (local: string) =>
    all(rules, local).map((rule) => ({
      action: attr(one(rule, 'ruleAction'), 'action') ?? '',
      ...ruleConditions(rule),
    }));
  return defined({
    preConditionRules: read('preConditionRule'),
    exitConditionRules: read('exitConditionRule'),
    postConditionRules: read('postConditionRule'),
  });
}

function rollupRules(rollup: Node | undefined) {
  if (!rollup) return undefined;
  const rules = all(rollup, 'rollupRule').map((rule) => {
    const conditions = one(rule, 'rollupConditions');
    return defined<RollupRuleDefinition>({
      action: attr(one(rule, 'rollupAction'), 'action') ?? '',
      // IMS SS defaults: childActivitySet 'all', conditionCombination 'any'.
      consideration: attr(rule, 'childActivitySet') ?? 'all',
      minimumCount: num(attr(rule, 'minimumCount')),
      minimumPercent: num(attr(rule, 'minimumPercent')),
      conditionCombination: attr(conditions, 'conditionCombination') === 'all' ? 'all' : 'any',
      conditions: all(conditions, 'rollupCondition').map((condition) =>
        defined({
          condition: attr(condition, 'condition') ?? 'always',
          operator: attr(condition, 'operator') === 'not' ? ('not' as const) : undefined,
        }),
      ),
    });
  });
  return rules.length > 0 ? { rules } : undefined;
}

const MAP_INFO_FLAGS = [
  'readSatisfiedStatus',
  'readNormalizedMeasure',
  'writeSatisfiedStatus',
  'writeNormalizedMeasure',
  'readCompletionStatus',
  'writeCompletionStatus',
  'readProgressMeasure',
  'writeProgressMeasure',
  'readRawScore',
  'writeRawScore',
  'readMinScore',
  'writeMinScore',
  'readMaxScore',
  'writeMaxScore',
] as const;

function mapInfoOf(node: Node): MapInfoDefinition {
  const info: MapInfoDefinition = { targetObjectiveID: attr(node, 'targetObjectiveID') ?? '' };
  for (const flag of MAP_INFO_FLAGS) {
    const value = bool(node, flag);
    if (value !== undefined) info[flag] = value;
  }
  return info;
}

/**
 * The objectives: imsss primaryObjective and objective, with the 4th edition's adlseq:objectives
 * (extra mapInfo of the same objectiveID) merged in.
 */
function objectivesOf(
  itemId: string,
  part: (local: string) => Node[],
): { primary?: ObjectiveDefinition; others: ObjectiveDefinition[]; ids: string[] } {
  // imsss:objectives holds the primaryObjective; adlseq:objectives (same local name) does not.
  const lists = part('objectives');
  const objectives = lists.find((list) => one(list, 'primaryObjective')) ?? lists[0];
  const extended = new Map<string, MapInfoDefinition[]>();
  for (const adl of lists.filter((list) => list !== objectives)) {
    for (const objective of all(adl, 'objective')) {
      const id = attr(objective, 'objectiveID') ?? '';
      extended.set(id, all(objective, 'mapInfo').map(mapInfoOf));
    }
  }
  const read = (node: Node, isPrimary: boolean): ObjectiveDefinition => {
    const written = attr(node, 'objectiveID') ?? '';
    // A primary objective without an id still carries the activity's pass rule; the engine needs
    // an id to merge it, one the SCO never sees (RTE: only objectives with an id reach cmi).
    const objectiveID = written || `${itemId}#primary`;
    const measure = num(one(node, 'minNormalizedMeasure')?.text.trim());
    const mapInfo = [...all(node, 'mapInfo').map(mapInfoOf), ...(extended.get(written) ?? [])];
    return defined<ObjectiveDefinition>({
      objectiveID,
      isPrimary: isPrimary || undefined,
      satisfiedByMeasure: bool(node, 'satisfiedByMeasure'),
      // IMS SS: minNormalizedMeasure is 1.0 when the element is absent.
      minNormalizedMeasure: measure,
      mapInfo: mapInfo.length > 0 ? mapInfo : undefined,
    });
  };
  const primaryNode = one(objectives, 'primaryObjective');
  const primary = primaryNode ? read(primaryNode, true) : undefined;
  const others = all(objectives, 'objective').map((node) => read(node, false));
  const ids = [
    ...(primaryNode && attr(primaryNode, 'objectiveID') ? [primary!.objectiveID] : []),
    ...others.map((objective) => objective.objectiveID).filter((id) => id !== ''),
  ];
  return { primary, others, ids: [...new Set(ids)] };
}

function controlsOf(part: (local: string) => Node[]) {
  const control = part('controlMode')[0];
  const rollup = part('rollupRules')[0];
  const random = part('randomizationControls')[0];
  const delivery = part('deliveryControls')[0];
  const constrained = part('constrainedChoiceConsiderations')[0];
  const selectCount = num(attr(random, 'selectCount'));
  const controls = defined({
    choice: bool(control, 'choice'),
    choiceExit: bool(control, 'choiceExit'),
    flow: bool(control, 'flow'),
    forwardOnly: bool(control, 'forwardOnly'),
    useCurrentAttemptObjectiveInfo: bool(control, 'useCurrentAttemptObjectiveInfo'),
    useCurrentAttemptProgressInfo: bool(control, 'useCurrentAttemptProgressInfo'),
    rollupObjectiveSatisfied: bool(rollup, 'rollupObjectiveSatisfied'),
    rollupProgressCompletion: bool(rollup, 'rollupProgressCompletion'),
    objectiveMeasureWeight: num(attr(rollup, 'objectiveMeasureWeight')),
    randomizationTiming: attr(random, 'randomizationTiming'),
    selectCount,
    // IMS SS reorderChildren asks for a random order: the engine's randomizeChildren. (The
    // engine's own reorderChildren and selectionCountStatus are its "already done" state.)
    randomizeChildren: bool(random, 'reorderChildren'),
    selectionTiming: attr(random, 'selectionTiming'),
    tracked: bool(delivery, 'tracked'),
    completionSetByContent: bool(delivery, 'completionSetByContent'),
    objectiveSetByContent: bool(delivery, 'objectiveSetByContent'),
    preventActivation: bool(constrained, 'preventActivation'),
    constrainChoice: bool(constrained, 'constrainChoice'),
  });
  return Object.keys(controls).length > 0 ? controls : undefined;
}

function rollupConsiderationsOf(part: (local: string) => Node[]) {
  const node = part('rollupConsiderations')[0];
  if (!node) return undefined;
  return defined({
    requiredForSatisfied: attr(node, 'requiredForSatisfied'),
    requiredForNotSatisfied: attr(node, 'requiredForNotSatisfied'),
    requiredForCompleted: attr(node, 'requiredForCompleted'),
    requiredForIncomplete: attr(node, 'requiredForIncomplete'),
    measureSatisfactionIfActive: bool(node, 'measureSatisfactionIfActive'),
  });
}

function completionThresholdOf(item: Node) {
  const node = one(item, 'completionThreshold');
  if (!node) return undefined;
  // 2nd/3rd edition write the threshold as the element's text; 4th edition as attributes.
  const text = num(node.text.trim());
  if (text !== undefined) return { completedByMeasure: true, minProgressMeasure: text };
  return defined({
    completedByMeasure: bool(node, 'completedByMeasure'),
    minProgressMeasure: num(attr(node, 'minProgressMeasure')),
    progressWeight: num(attr(node, 'progressWeight')),
  });
}

interface Context {
  collection: Map<string, Node>;
  items: Record<string, ItemSequencingData>;
  version: '1.2' | '2004';
}

function activityOf(owner: Node, id: string, context: Context): ActivityDefinition {
  const title = one(owner, 'title')?.text.trim() || id;
  const part = resolvedSequencing(owner, context.collection);
  const limits = part('limitConditions')[0];
  const { primary, others, ids } = objectivesOf(id, part);
  const hide = all(one(one(owner, 'presentation'), 'navigationInterface'), 'hideLMSUI')
    .map((node) => node.text.trim())
    .filter((value) => value !== '');
  const children = all(owner, 'item').map((child) =>
    activityOf(child, attr(child, 'identifier') ?? '', context),
  );
  if (owner.local === 'item') {
    context.items[id] = {
      objectiveIds: context.version === '2004' ? ids : [],
      prerequisites:
        context.version === '1.2' ? (one(owner, 'prerequisites')?.text.trim() ?? '') : '',
    };
  }
  const visible = attr(owner, 'isvisible');
  return defined<ActivityDefinition>({
    id,
    title,
    isVisible: visible === 'false' ? false : undefined,
    children: children.length > 0 ? children : undefined,
    attemptLimit: num(attr(limits, 'attemptLimit')),
    attemptAbsoluteDurationLimit: attr(limits, 'attemptAbsoluteDurationLimit') || undefined,
    primaryObjective: primary,
    objectives: others.length > 0 ? others : undefined,
    sequencingControls: controlsOf(part),
    sequencingRules: sequencingRules(part),
    rollupRules: rollupRules(part('rollupRules')[0]),
    rollupConsiderations: rollupConsiderationsOf(part),
    completionThreshold: completionThresholdOf(owner),
    hideLmsUi: hide.length > 0 ? hide : undefined,
  });
}

function writesSequencing(node: Node): boolean {
  return node.children.some((child) => child.local === 'sequencing' || writesSequencing(child));
}

/**
 * Reads the sequencing of the organization the package plays (its identifier as manifest.ts
 * chose it). The manifest is already known to be well-formed XML (manifest.ts checked it).
 */
export function readPackageSequencing(
  xml: string,
  organizationId: string,
  version: '1.2' | '2004',
): PackageSequencing {
  const parser = new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: '',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
  });
  const root = toNodes(
    parser.parse(xml.replace(/^\uFEFF/, '')) as Record<string, unknown>[],
  ).children.find((node) => node.local === 'manifest');
  const organizations = all(one(root, 'organizations'), 'organization');
  const organization =
    organizations.find((node) => attr(node, 'identifier') === organizationId) ?? organizations[0];
  const context: Context = {
    collection: new Map(
      all(one(root, 'sequencingCollection'), 'sequencing').map((node) => [
        attr(node, 'ID') ?? '',
        node,
      ]),
    ),
    items: {},
    version,
  };
  if (!organization) return { definition: null, items: {} };
  const activityTree = activityOf(organization, organizationId || 'organization', context);
  return {
    definition:
      version === '2004'
        ? {
            activityTree,
            objectivesGlobalToSystem: bool(organization, 'objectivesGlobalToSystem') ?? true,
            sequenced: writesSequencing(organization),
          }
        : null,
    items: context.items,
  };
}
