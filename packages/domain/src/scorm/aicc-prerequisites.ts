/**
 * SCORM 1.2 adlcp:prerequisites (CAM 2.3.2.5.1, the AICC script): which items must be done
 * before an item may launch. An identifier alone is met when that item's status is 'passed' or
 * 'completed'; `id = status` / `id <> status` compare with a status (full or its first letter);
 * `&` and, `|` or, `~` not, parentheses, and `n*{a,b,c}`: at least n of the set are met.
 */

export type Scorm12Status =
  'passed' | 'completed' | 'failed' | 'incomplete' | 'browsed' | 'not attempted';

const STATUS_BY_LETTER: Record<string, Scorm12Status> = {
  p: 'passed',
  c: 'completed',
  f: 'failed',
  i: 'incomplete',
  b: 'browsed',
  n: 'not attempted',
};

type Token = { kind: 'op'; value: string } | { kind: 'word'; value: string };

function tokenize(expression: string): Token[] | null {
  const tokens: Token[] = [];
  const pattern = /\s*(<>|[&|~=(){},*]|"[^"]*"|[^\s&|~=(){},*<>"]+)/y;
  let rest = expression.trim();
  while (rest.length > 0) {
    pattern.lastIndex = 0;
    const match = pattern.exec(rest);
    if (!match) return null;
    const value = match[1]!;
    tokens.push(
      /^(<>|[&|~=(){},*])$/.test(value)
        ? { kind: 'op', value }
        : { kind: 'word', value: value.replace(/^"|"$/g, '') },
    );
    rest = rest.slice(match[0].length).trimStart();
  }
  return tokens;
}

function statusOfWord(word: string): Scorm12Status | null {
  const lower = word.toLowerCase();
  if (lower in STATUS_BY_LETTER) return STATUS_BY_LETTER[lower]!;
  return (Object.values(STATUS_BY_LETTER) as string[]).includes(lower)
    ? (lower as Scorm12Status)
    : null;
}

/**
 * Whether an item's prerequisites are met, given each item's status; an empty expression is
 * met. A malformed expression is not met, so a package's mistake never opens a lesson early, and
 * `problem` says why.
 */
export function prerequisitesMet(
  expression: string,
  statusOf: (identifier: string) => Scorm12Status,
): { met: boolean; problem?: string } {
  if (expression.trim() === '') return { met: true };
  const tokens = tokenize(expression);
  if (!tokens) return { met: false, problem: `cannot read '${expression}'` };
  let at = 0;
  const peek = () => tokens[at];
  const isOp = (value: string) => peek()?.kind === 'op' && peek()!.value === value;
  const fail = (why: string): never => {
    throw new Error(why);
  };
  const done = (id: string) => {
    const status = statusOf(id);
    return status === 'passed' || status === 'completed';
  };
  const or = (): boolean => {
    let value = and();
    while (isOp('|')) {
      at += 1;
      value = and() || value;
    }
    return value;
  };
  const and = (): boolean => {
    let value = unary();
    while (isOp('&')) {
      at += 1;
      value = unary() && value;
    }
    return value;
  };
  const unary = (): boolean => {
    if (isOp('~')) {
      at += 1;
      return !unary();
    }
    if (isOp('(')) {
      at += 1;
      const value = or();
      if (!isOp(')')) fail("a '(' is not closed");
      at += 1;
      return value;
    }
    const token = peek();
    if (token?.kind !== 'word') return fail('an item identifier is missing');
    at += 1;
    if (isOp('*')) {
      const count = Number(token.value);
      if (!Number.isInteger(count)) fail(`'${token.value}' is not a count`);
      at += 1;
      if (!isOp('{')) fail("a set must follow '*'");
      at += 1;
      let met = 0;
      for (;;) {
        const member = peek();
        if (member?.kind !== 'word') fail('a set member is missing');
        at += 1;
        if (done(member!.value)) met += 1;
        if (isOp(',')) {
          at += 1;
          continue;
        }
        if (!isOp('}')) fail("a set is not closed with '}'");
        at += 1;
        break;
      }
      return met >= count;
    }
    if (isOp('=') || isOp('<>')) {
      const equal = peek()!.value === '=';
      at += 1;
      const word = peek();
      const status = word?.kind === 'word' ? statusOfWord(word.value) : null;
      if (!status) return fail('a status must follow the comparison');
      at += 1;
      return (statusOf(token.value) === status) === equal;
    }
    return done(token.value);
  };
  try {
    const met = or();
    if (at !== tokens.length) fail(`unexpected '${tokens[at]!.value}'`);
    return { met };
  } catch (error) {
    return { met: false, problem: error instanceof Error ? error.message : String(error) };
  }
}
