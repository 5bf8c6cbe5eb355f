/**
 * NATS subject syntax, shared by both adapters so that a subject the in-process bus accepts is
 * exactly one NATS accepts (and matches the same way). Tokens are separated by '.', '*' matches
 * one token, '>' matches one or more trailing tokens and may only be the last token.
 */

// Whitespace would split the NATS protocol line; an empty token ("a..b") is invalid on NATS.
const invalidTokenChars = /[\s]/;

function tokensOf(subject: string): string[] {
  if (typeof subject !== 'string' || subject.length === 0) {
    throw new TypeError('Bus subject must be a non-empty string');
  }
  const tokens = subject.split('.');
  for (const token of tokens) {
    if (token.length === 0 || invalidTokenChars.test(token)) {
      throw new TypeError(`Invalid bus subject "${subject}"`);
    }
  }
  return tokens;
}

/** A publish subject is concrete: no wildcards. */
export function assertPublishSubject(subject: string): void {
  for (const token of tokensOf(subject)) {
    if (token.includes('*') || token.includes('>')) {
      throw new TypeError(`Cannot publish to a wildcard subject "${subject}"`);
    }
  }
}

/** A subscription subject may use '*' as a whole token and '>' as the whole last token. */
export function assertSubscribeSubject(subject: string): void {
  const tokens = tokensOf(subject);
  tokens.forEach((token, index) => {
    if (token === '*') return;
    if (token === '>' && index === tokens.length - 1) return;
    if (token.includes('*') || token.includes('>')) {
      throw new TypeError(`Invalid wildcard in bus subject "${subject}"`);
    }
  });
}

/** Whether a concrete subject is matched by a (possibly wildcard) subscription pattern. */
export function subjectMatches(pattern: string, subject: string): boolean {
  const want = pattern.split('.');
  const have = subject.split('.');
  for (let i = 0; i < want.length; i++) {
    const token = want[i];
    if (token === '>') return have.length > i;
    if (i >= have.length) return false;
    if (token !== '*' && token !== have[i]) return false;
  }
  return want.length === have.length;
}

/**
 * Whether a value may be used as one token of a subject (an id interpolated into
 * `sideline.team.{teamId}.{kind}`): an id carrying '.', '*' or '>' would address other subjects.
 */
export function isSubjectToken(value: string): boolean {
  return value.length > 0 && !/[.*>\s]/.test(value);
}
