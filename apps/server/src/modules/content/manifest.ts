/**
 * Reads imsmanifest.xml (SCORM 1.2 and SCORM 2004 2nd-4th edition) into a package description:
 * pure, no I/O. Namespace prefixes vary between authoring tools, so elements and attributes are
 * matched by local name.
 */
import { parseIsoDuration } from '@waypoint/domain';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { PackageRefusedError } from './errors.js';
import { readPackageSequencing, type PackageSequencing } from '../sequencing/index.js';

export type ScormVersion = '1.2' | '2004';

/** One item that launches a resource: it becomes a SCO row and a lesson. */
export interface ScoDescription {
  /** The item's identifier. */
  identifier: string;
  title: string;
  resourceIdentifier: string;
  scoType: 'sco' | 'asset';
  /** Path of the file inside the package (xml:base chain applied, decoded, no query). */
  launchFile: string;
  /**
   * The item's parameters attribute; when the resource href itself carries a query or fragment
   * (rare), it is folded in front so that launchUrl(launchFile, parameters) loses nothing.
   */
  parameters: string;
  isVisible: boolean;
  /** 1.2: adlcp:masteryscore (0..100); 2004: the primary objective's scaled passing score (-1..1). */
  masteryScore: number | null;
  /** 2004 adlcp:completionThreshold (0..1). */
  completionThreshold: number | null;
  launchData: string;
  maxTimeAllowed: string;
  timeLimitAction: string;
  /**
   * 2004 imsss:deliveryControls (IMS SS defaults false; always false for 1.2): when false, the
   * LMS completes and satisfies an attempt the content ends without a status (SN UP.4).
   */
  completionSetByContent: boolean;
  objectiveSetByContent: boolean;
  /** Position among the package's SCOs, in organization order. */
  sortOrder: number;
}

/** A top-level cluster (or the organization, for top-level leaf items) and its lessons in order. */
export interface TopicDescription {
  name: string;
  /** The cluster item's identifier; null for the topic of top-level leaf items. */
  cluster: string | null;
  scos: ScoDescription[];
}

export interface PackageDescription {
  identifier: string;
  scormVersion: ScormVersion;
  /** metadata/schemaversion as written ('' when absent). */
  schemaVersion: string;
  organization: { identifier: string; title: string };
  /** The organization's title. */
  title: string;
  topics: TopicDescription[];
  /** Every SCO/asset item of the organization, in order (= topics' scos flattened). */
  scos: ScoDescription[];
  /** Paths of the files the resources list (xml:base applied), for the missing-file warnings. */
  files: string[];
  /** Things worth telling the operator that do not stop the import. */
  warnings: string[];
  /** The 2004 sequencing definition and per-item objective ids / 1.2 prerequisites. */
  sequencing: PackageSequencing;
}

interface XmlNode {
  name: string;
  local: string;
  attributes: Record<string, string>;
  children: XmlNode[];
  text: string;
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

function toNodes(items: Record<string, unknown>[]): { children: XmlNode[]; text: string } {
  const children: XmlNode[] = [];
  let text = '';
  for (const item of items) {
    for (const [key, value] of Object.entries(item)) {
      if (key === ':@') continue;
      if (key === '#text') {
        text += String(value);
        continue;
      }
      // Processing instructions and the XML declaration carry nothing of the package.
      if (key.startsWith('?')) continue;
      const inner = toNodes(value as Record<string, unknown>[]);
      children.push({
        name: key,
        local: localName(key),
        attributes: (item[':@'] ?? {}) as Record<string, string>,
        children: inner.children,
        text: inner.text,
      });
    }
  }
  return { children, text };
}

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
/** Child elements by local name (case-insensitive: 1.2 writes scormtype, 2004 scormType). */
const childrenNamed = (node: XmlNode | undefined, local: string) =>
  node?.children.filter((child) => sameName(child.local, local)) ?? [];
const childNamed = (node: XmlNode | undefined, local: string) => childrenNamed(node, local)[0];
const textOf = (node: XmlNode | undefined) => node?.text.trim() ?? '';
/** An attribute by local name (any prefix), or by its exact qualified name for xml:base. */
function attr(node: XmlNode | undefined, name: string): string | undefined {
  if (!node) return undefined;
  if (name.includes(':')) return node.attributes[name];
  for (const [key, value] of Object.entries(node.attributes)) {
    if (key.startsWith('xmlns')) continue;
    if (sameName(localName(key), name)) return value;
  }
  return undefined;
}

const refuse = (reason: string) => new PackageRefusedError(reason);

/** Parses XML text into elements; malformed XML is refused with its line. */
function parseXml(xml: string): XmlNode {
  const text = xml.replace(/^\uFEFF/, '');
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    const { line, col, msg } = valid.err;
    const where = col ? `line ${line}, column ${col}` : `line ${line}`;
    throw refuse(`imsmanifest.xml is not well-formed XML (${where}: ${msg.replace(/\.$/, '')}).`);
  }
  const parser = new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: '',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
  });
  const { children } = toNodes(parser.parse(text) as Record<string, unknown>[]);
  const root = children[0];
  if (!root || root.local !== 'manifest') {
    throw refuse(`imsmanifest.xml has <${root?.name ?? '?'}> as its root element, not <manifest>.`);
  }
  return root;
}

function collectNamespaces(node: XmlNode, into: Set<string>): Set<string> {
  for (const [key, value] of Object.entries(node.attributes)) {
    if (key === 'xmlns' || key.startsWith('xmlns:')) into.add(value.toLowerCase());
  }
  for (const child of node.children) collectNamespaces(child, into);
  return into;
}

/**
 * SCORM version: metadata/schemaversion ('1.2', 'CAM 1.3', '2004 3rd Edition', ...), else the
 * namespaces, else how resources spell scormType.
 */
function detectVersion(manifest: XmlNode, schemaVersion: string, warnings: string[]): ScormVersion {
  const written = schemaVersion.toLowerCase();
  if (/^1\.2\b/.test(written)) return '1.2';
  if (written.includes('1.3') || written.includes('2004')) return '2004';
  const namespaces = [...collectNamespaces(manifest, new Set())];
  const has = (part: string) => namespaces.some((namespace) => namespace.includes(part));
  if (has('adlcp_rootv1p2')) return '1.2';
  if (has('adlcp_v1p3') || has('imsss') || has('adlseq') || has('adlnav')) return '2004';
  if (has('imscp_rootv1p1p2')) return '1.2';
  const resources = childrenNamed(childNamed(manifest, 'resources'), 'resource');
  const spellings = resources.flatMap((resource) =>
    Object.keys(resource.attributes).map(localName),
  );
  if (spellings.includes('scormType')) return '2004';
  if (spellings.includes('scormtype')) return '1.2';
  warnings.push('The manifest does not say its SCORM version; it is read as SCORM 1.2.');
  return '1.2';
}

const PACKAGE_ORIGIN = 'http://package.invalid';

/**
 * Resolves an href against a chain of xml:base values (manifest, resources, resource, file),
 * each naming a folder. Null when the result is outside the package (another host or scheme).
 */
export function resolveHref(
  bases: (string | undefined)[],
  href: string,
): { path: string; suffix: string } | null {
  try {
    let base = new URL(`${PACKAGE_ORIGIN}/`);
    for (const value of bases) {
      const folder = value?.trim();
      if (!folder) continue;
      base = new URL(folder.endsWith('/') ? folder : `${folder}/`, base);
    }
    const url = new URL(href.trim(), base);
    if (url.origin !== PACKAGE_ORIGIN) return null;
    let file = url.pathname.slice(1);
    try {
      file = decodeURIComponent(file);
    } catch {
      // A stray '%' is a literal character of the file name.
    }
    return { path: file, suffix: url.search + url.hash };
  } catch {
    return null;
  }
}

/**
 * Joins parameters to a URL as the SCORM CAM says: a leading '?' or '&' is dropped; they are
 * appended with '&' when the URL already has a query, else with '?'; a '#fragment' is kept only
 * when the URL has none.
 */
export function appendParameters(url: string, parameters: string): string {
  const value = parameters.trim();
  if (value === '') return url;
  const hashAt = url.indexOf('#');
  const base = hashAt === -1 ? url : url.slice(0, hashAt);
  const fragment = hashAt === -1 ? '' : url.slice(hashAt);
  const valueHashAt = value.indexOf('#');
  const query = (valueHashAt === -1 ? value : value.slice(0, valueHashAt)).replace(/^[?&]+/, '');
  const valueFragment = valueHashAt === -1 ? '' : value.slice(valueHashAt);
  let joined = base;
  if (query !== '') {
    const separator = base.includes('?') ? (/[?&]$/.test(base) ? '' : '&') : '?';
    joined += separator + query;
  }
  return joined + (fragment || valueFragment);
}

/**
 * What launches a SCO, relative to the package folder: the launch file with the item's
 * parameters joined per SCORM (see appendParameters). The path part stays as stored (decoded):
 * percent-encode it when making a URL of it.
 */
export function launchUrl(launchFile: string, parameters: string): string {
  return appendParameters(launchFile, parameters);
}

/** A number written in the manifest within [min, max], else null with a warning. */
function numberIn(
  text: string,
  min: number,
  max: number,
  what: string,
  warnings: string[],
): number | null {
  if (text === '') return null;
  const value = Number(text);
  if (!Number.isFinite(value) || value < min || value > max) {
    warnings.push(`${what} '${text}' is not a number from ${min} to ${max}; it is ignored.`);
    return null;
  }
  return value;
}

interface ReadContext {
  version: ScormVersion;
  bases: (string | undefined)[];
  resources: Map<string, XmlNode>;
  sequencingCollection: Map<string, XmlNode>;
  warnings: string[];
}

/** An item's sequencing child, with what it takes from a sequencingCollection (IDRef). */
function sequencingOf(item: XmlNode, context: ReadContext) {
  const own = childNamed(item, 'sequencing');
  const shared = own ? context.sequencingCollection.get(attr(own, 'IDRef') ?? '') : undefined;
  const part = (local: string) => childNamed(own, local) ?? childNamed(shared, local);
  return {
    objectives: part('objectives'),
    limitConditions: part('limitConditions'),
    deliveryControls: part('deliveryControls'),
  };
}

function readSco(item: XmlNode, context: ReadContext): ScoDescription {
  const identifier = attr(item, 'identifier') ?? '';
  const reference = attr(item, 'identifierref') ?? '';
  const resource = context.resources.get(reference);
  if (!resource) {
    throw refuse(
      `item '${identifier}' refers to resource '${reference}', which imsmanifest.xml does not declare.`,
    );
  }
  const href = attr(resource, 'href')?.trim();
  if (!href) {
    throw refuse(`resource '${reference}' (item '${identifier}') has no href to launch.`);
  }
  const resolved = resolveHref([...context.bases, attr(resource, 'xml:base')], href);
  if (!resolved) {
    throw refuse(
      `the launch file of item '${identifier}' is an outside address ('${href}'), not a file in the package.`,
    );
  }
  if (/[?#]/.test(resolved.path)) {
    throw refuse(
      `the launch file '${resolved.path}' of item '${identifier}' has '?' or '#' in its name.`,
    );
  }
  const { warnings } = context;
  const itemText = (local: string) => textOf(childNamed(item, local));
  const itemParameters = attr(item, 'parameters') ?? '';

  let masteryScore: number | null = null;
  let completionThreshold: number | null = null;
  let maxTimeAllowed = '';
  let completionSetByContent = false;
  let objectiveSetByContent = false;
  if (context.version === '1.2') {
    masteryScore = numberIn(
      itemText('masteryscore'),
      0,
      100,
      `Item '${identifier}' adlcp:masteryscore`,
      warnings,
    );
    maxTimeAllowed = itemText('maxtimeallowed');
  } else {
    const { objectives, limitConditions, deliveryControls } = sequencingOf(item, context);
    const isTrue = (name: string) => /^(true|1)$/.test(attr(deliveryControls, name)?.trim() ?? '');
    completionSetByContent = isTrue('completionSetByContent');
    objectiveSetByContent = isTrue('objectiveSetByContent');
    const primary = childNamed(objectives, 'primaryObjective');
    if (primary && attr(primary, 'satisfiedByMeasure')?.trim() === 'true') {
      const measure = childNamed(primary, 'minNormalizedMeasure');
      // IMS SS: minNormalizedMeasure defaults to 1.0 when the element is absent.
      masteryScore = measure
        ? numberIn(
            textOf(measure),
            -1,
            1,
            `Item '${identifier}' imsss:minNormalizedMeasure`,
            warnings,
          )
        : 1;
    }
    // An ISO 8601 duration, years and months included (CAM: xs:duration); the SCO reads it as
    // cmi.max_time_allowed. A malformed one would make the runtime refuse the launch's data.
    const limit = attr(limitConditions, 'attemptAbsoluteDurationLimit')?.trim() ?? '';
    if (limit !== '' && parseIsoDuration(limit) === null) {
      warnings.push(
        `Item '${identifier}' imsss:attemptAbsoluteDurationLimit '${limit}' is not an ISO 8601 duration (such as PT1H30M or P1Y6M); it is ignored.`,
      );
    } else {
      maxTimeAllowed = limit;
    }
    const threshold = childNamed(item, 'completionThreshold');
    if (threshold) {
      const what = `Item '${identifier}' adlcp:completionThreshold`;
      if (textOf(threshold) !== '') {
        // 2nd and 3rd edition: the threshold is the element's text.
        completionThreshold = numberIn(textOf(threshold), 0, 1, what, warnings);
      } else if (attr(threshold, 'completedByMeasure')?.trim() === 'true') {
        // 4th edition: minProgressMeasure (default 1.0) counts only with completedByMeasure.
        completionThreshold = numberIn(
          attr(threshold, 'minProgressMeasure')?.trim() ?? '1',
          0,
          1,
          what,
          warnings,
        );
      }
    }
  }
  const scoType = attr(resource, 'scormtype')?.trim().toLowerCase() === 'sco' ? 'sco' : 'asset';
  return {
    identifier,
    title: itemText('title') || identifier,
    resourceIdentifier: reference,
    scoType,
    launchFile: resolved.path,
    parameters: resolved.suffix
      ? appendParameters(resolved.suffix, itemParameters)
      : itemParameters,
    isVisible: attr(item, 'isvisible')?.trim().toLowerCase() !== 'false',
    masteryScore,
    completionThreshold,
    // 1.2 adlcp:datafromlms, 2004 adlcp:dataFromLMS (names match case-insensitively).
    launchData: itemText('dataFromLMS'),
    maxTimeAllowed,
    timeLimitAction: itemText('timeLimitAction'),
    completionSetByContent,
    objectiveSetByContent,
    sortOrder: 0,
  };
}

/**
 * A parent item (one with child items) that also references a resource. The SCORM 2004 CAM lets
 * only leaf items reference resources (<item> identifierref: "shall not be used on parent items"),
 * so a 2004 package doing it is refused. SCORM 1.2's CAM, from IMS CP 1.1.2, does not forbid it
 * but gives such an item no launch behaviour of its own: it is read as what it is in the tree, a
 * chapter, and its resource is not launched (a warning names it), so the item never becomes both a
 * chapter and a lesson.
 */
function parentWithResource(item: XmlNode, context: ReadContext): void {
  const identifier = attr(item, 'identifier') ?? '';
  const title = textOf(childNamed(item, 'title')) || identifier;
  const resource = attr(item, 'identifierref') ?? '';
  if (context.version === '2004') {
    throw refuse(
      `item '${identifier}' ('${title}') has child items and also refers to resource '${resource}'; in SCORM 2004 only an item without child items may refer to a resource.`,
    );
  }
  context.warnings.push(
    `Item '${identifier}' ('${title}') has child items and also refers to resource '${resource}': it is read as a chapter, and that resource is not launched.`,
  );
}

/** A cluster's launching items in order: its leaves (a parent item is a chapter, never a lesson). */
function flatten(item: XmlNode, context: ReadContext, into: ScoDescription[]): ScoDescription[] {
  const children = childrenNamed(item, 'item');
  if (children.length === 0) {
    if (attr(item, 'identifierref')) into.push(readSco(item, context));
    return into;
  }
  if (attr(item, 'identifierref')) parentWithResource(item, context);
  for (const child of children) flatten(child, context, into);
  return into;
}

/**
 * The title a metadata element gives inline (IEEE LOM general/title/string, or IMS Metadata's
 * langstring in SCORM 1.2 and 2004 2nd edition), '' when none. Metadata kept in a separate file
 * (adlcp:location) is not read.
 */
function metadataTitle(metadata: XmlNode | undefined): string {
  for (const lom of childrenNamed(metadata, 'lom')) {
    const title = childNamed(childNamed(lom, 'general'), 'title');
    const strings = [...childrenNamed(title, 'string'), ...childrenNamed(title, 'langstring')];
    const found = strings.map(textOf).find((text) => text !== '');
    if (found) return found;
  }
  return '';
}

/**
 * The course's name when the organization has no <title>, which the CP schema requires (ADR 0007,
 * An organization without a title): the title in the organization's or the manifest's metadata,
 * else the organization's identifier; a warning names the fallback, so the operator sees at import
 * what the course is called and why.
 */
function fallbackTitle(organization: XmlNode, manifest: XmlNode, warnings: string[]): string {
  const organizationId = attr(organization, 'identifier')?.trim() ?? '';
  const fromMetadata =
    metadataTitle(childNamed(organization, 'metadata')) ||
    metadataTitle(childNamed(manifest, 'metadata'));
  warnings.push(
    fromMetadata
      ? `The organization '${organizationId}' has no <title>: the course is named '${fromMetadata}', the title in the manifest's metadata.`
      : `The organization '${organizationId}' has no <title> and the manifest's metadata gives none: the course is named after its identifier, '${organizationId}'. Import it again with a course name (import-scorm --course), or add a <title> to the organization.`,
  );
  return fromMetadata || organizationId;
}

/**
 * Reads imsmanifest.xml into the package description. Refuses (PackageRefusedError) malformed
 * XML (with the line), a manifest without organization or resources, an organization without an
 * identifier, a default naming no organization, items that point nowhere, a SCORM 2004 parent item
 * with a resource, and an organization with nothing to launch.
 */
export function parseManifest(xml: string): PackageDescription {
  const manifest = parseXml(xml);
  const warnings: string[] = [];
  const schemaVersion = textOf(childNamed(childNamed(manifest, 'metadata'), 'schemaversion'));
  const version = detectVersion(manifest, schemaVersion, warnings);

  const organizationsNode = childNamed(manifest, 'organizations');
  const organizations = childrenNamed(organizationsNode, 'organization');
  if (organizations.length === 0) {
    throw refuse('imsmanifest.xml has no <organization>, so there is nothing to make lessons of.');
  }
  const resourcesNode = childNamed(manifest, 'resources');
  const resourceNodes = childrenNamed(resourcesNode, 'resource');
  if (resourceNodes.length === 0) {
    throw refuse('imsmanifest.xml has no <resources> (no <resource> to launch).');
  }
  // The CP schema requires an organization's identifier, and organizations/@default is an IDREF
  // that must name one of them (as the ADL conformance test suite checks): either wrong is refused.
  organizations.forEach((org, index) => {
    if (!attr(org, 'identifier')?.trim()) {
      const title = textOf(childNamed(org, 'title'));
      throw refuse(
        `organization ${index + 1}${title ? ` ('${title}')` : ''} has no identifier, which every <organization> must have.`,
      );
    }
  });
  const defaultId = attr(organizationsNode, 'default')?.trim();
  const chosen = organizations.find((org) => attr(org, 'identifier')?.trim() === defaultId);
  if (defaultId && !chosen) {
    throw refuse(
      `the default organization '${defaultId}' (<organizations default>) is not the identifier of any <organization>.`,
    );
  }
  const organization = chosen ?? organizations[0]!;

  const bases = [attr(manifest, 'xml:base'), attr(resourcesNode, 'xml:base')];
  const sequencingCollection = new Map(
    childrenNamed(childNamed(manifest, 'sequencingCollection'), 'sequencing').map((node) => [
      attr(node, 'ID') ?? '',
      node,
    ]),
  );
  const context: ReadContext = {
    version,
    bases,
    resources: new Map(resourceNodes.map((node) => [attr(node, 'identifier') ?? '', node])),
    sequencingCollection,
    warnings,
  };

  const identifier = attr(manifest, 'identifier') ?? '';
  const organizationId = attr(organization, 'identifier') ?? '';
  const title =
    textOf(childNamed(organization, 'title')) || fallbackTitle(organization, manifest, warnings);
  const topics: TopicDescription[] = [];
  let leafTopic: TopicDescription | null = null;
  for (const item of childrenNamed(organization, 'item')) {
    if (childrenNamed(item, 'item').length > 0) {
      const scos = flatten(item, context, []);
      const name = textOf(childNamed(item, 'title')) || (attr(item, 'identifier') ?? '');
      if (scos.length > 0) topics.push({ name, cluster: attr(item, 'identifier') ?? '', scos });
    } else if (attr(item, 'identifierref')) {
      // Top-level leaves share one topic named after the organization, where the first one is.
      if (!leafTopic) {
        leafTopic = { name: title, cluster: null, scos: [] };
        topics.push(leafTopic);
      }
      leafTopic.scos.push(readSco(item, context));
    }
  }
  const scos = topics.flatMap((topic) => topic.scos);
  if (scos.length === 0) {
    throw refuse(`organization '${title}' has no item that launches a SCO or an asset.`);
  }
  scos.forEach((sco, index) => (sco.sortOrder = index));

  const files = resourceNodes.flatMap((resource) =>
    childrenNamed(resource, 'file').flatMap((file) => {
      const href = attr(file, 'href');
      const resolved = href
        ? resolveHref([...bases, attr(resource, 'xml:base'), attr(file, 'xml:base')], href)
        : null;
      return resolved ? [resolved.path] : [];
    }),
  );

  return {
    identifier,
    scormVersion: version,
    schemaVersion,
    organization: { identifier: organizationId, title },
    title,
    topics,
    scos,
    files: [...new Set(files)],
    warnings,
    sequencing: readPackageSequencing(xml, organizationId, version),
  };
}
